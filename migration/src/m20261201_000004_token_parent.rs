//! The token a token was created with (`createApiToken` over GraphQL): revoking
//! a token revokes the tokens made with it, so a leaked token cannot leave
//! a live one behind.

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261201_000004_token_parent"
    }
}

#[derive(DeriveIden)]
enum ApiToken {
    Table,
    ParentId,
}

const INDEX: &str = "ix_api_token_parent_id";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(ApiToken::Table)
                    .add_column(ColumnDef::new(ApiToken::ParentId).big_integer().null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(Index::create().name(INDEX).table(ApiToken::Table).col(ApiToken::ParentId).to_owned())
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_index(Index::drop().name(INDEX).table(ApiToken::Table).to_owned()).await?;
        manager.alter_table(Table::alter().table(ApiToken::Table).drop_column(ApiToken::ParentId).to_owned()).await
    }
}
