//! GitHub changes in: a project bound to the repository it was imported
//! from, with the secret GitHub signs its deliveries with, and each
//! delivery applied (by GitHub's delivery id), so a replay is refused.

use sea_orm_migration::{prelude::*, schema::*};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261205_000002_github_hooks"
    }
}

fn foreign(table: &'static str, column: &'static str, parent: &'static str) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .name(format!("fk_{table}_{column}"))
        .from(table, column)
        .to(parent, "id")
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let hook = Table::create()
            .table("github_hook")
            .if_not_exists()
            .col(big_pk_auto("id"))
            .col(big_integer_uniq("project_id"))
            .col(string("repository"))
            .col(string("secret"))
            .col(timestamp_with_time_zone("created_at"))
            .foreign_key(&mut foreign("github_hook", "project_id", "project"))
            .to_owned();
        manager.create_table(hook).await?;
        let delivery = Table::create()
            .table("github_delivery")
            .if_not_exists()
            .col(big_pk_auto("id"))
            .col(big_integer("hook_id"))
            .col(string_len("delivery_id", 64))
            .col(string("event"))
            .col(timestamp_with_time_zone("received_at"))
            .foreign_key(&mut foreign("github_delivery", "hook_id", "github_hook"))
            .to_owned();
        manager.create_table(delivery).await?;
        let once = Index::create()
            .name("ix_github_delivery_hook_id_delivery_id")
            .table("github_delivery")
            .col("hook_id")
            .col("delivery_id")
            .unique()
            .if_not_exists()
            .to_owned();
        manager.create_index(once).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("github_delivery").to_owned()).await?;
        manager.drop_table(Table::drop().table("github_hook").to_owned()).await
    }
}
