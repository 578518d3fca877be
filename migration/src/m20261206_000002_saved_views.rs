//! Saved views of a project's board: a name and the view's address (its
//! filters and order), kept per user and shared with the project when its
//! owner says so.

use sea_orm_migration::{prelude::*, schema::*};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261206_000002_saved_views"
    }
}

fn foreign(column: &'static str, parent: &'static str) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .name(format!("fk_saved_view_{column}"))
        .from("saved_view", column)
        .to(parent, "id")
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let table = Table::create()
            .table("saved_view")
            .if_not_exists()
            .col(big_pk_auto("id"))
            .col(big_integer("owner_id"))
            .col(big_integer("project_id"))
            .col(string("name"))
            .col(text("query"))
            .col(boolean("shared"))
            .col(timestamp_with_time_zone("created_at"))
            .col(timestamp_with_time_zone("updated_at"))
            .foreign_key(&mut foreign("owner_id", "user"))
            .foreign_key(&mut foreign("project_id", "project"))
            .to_owned();
        manager.create_table(table).await?;
        let unique = Index::create()
            .name("ux_saved_view_project_owner_name")
            .table("saved_view")
            .col("project_id")
            .col("owner_id")
            .col("name")
            .unique()
            .if_not_exists()
            .to_owned();
        manager.create_index(unique).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("saved_view").to_owned()).await
    }
}
