//! GitHub's id of a bound repository and the instant of its last known
//! change, learned from its deliveries, so that a renamed repository still
//! feeds its project (the id stays when the name changes) and a late
//! delivery from before a rename does not rename it back.

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261206_000001_github_repository_id"
    }
}

#[derive(DeriveIden)]
enum GithubHook {
    Table,
    RepositoryId,
    RepositoryUpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let id = ColumnDef::new(GithubHook::RepositoryId).big_integer().null().to_owned();
        manager.alter_table(Table::alter().table(GithubHook::Table).add_column(id).to_owned()).await?;
        let at = ColumnDef::new(GithubHook::RepositoryUpdatedAt).timestamp_with_time_zone().null().to_owned();
        manager.alter_table(Table::alter().table(GithubHook::Table).add_column(at).to_owned()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let drop = Table::alter().table(GithubHook::Table).drop_column(GithubHook::RepositoryUpdatedAt).to_owned();
        manager.alter_table(drop).await?;
        let drop = Table::alter().table(GithubHook::Table).drop_column(GithubHook::RepositoryId).to_owned();
        manager.alter_table(drop).await
    }
}
