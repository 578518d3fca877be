//! Where an imported task, comment or person came from, so that importing
//! the same export again finds them instead of adding them twice: a task's
//! system (`github`, `jira`, `linear`), its key there (`owner/repo#123`,
//! `PROJ-42`) and its address, and what the last import read of it (so
//! that a later one changes only what changed there); a comment's id
//! there; a person's account there, bound to the tasklens user made or
//! matched for it.

use sea_orm_migration::{prelude::*, schema::big_pk_auto};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261202_000002_task_sources"
    }
}

#[derive(DeriveIden)]
enum Task {
    Table,
    ProjectId,
    SourceSystem,
    SourceKey,
    SourceUrl,
    SourceState,
}

#[derive(DeriveIden)]
enum Comment {
    Table,
    TaskId,
    SourceKey,
}

#[derive(DeriveIden)]
enum User {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum ExternalUser {
    Table,
    Id,
    System,
    ExternalId,
    UserId,
}

const TASK_SOURCE: &str = "ux_task_source";
const COMMENT_SOURCE: &str = "ux_comment_source";
const EXTERNAL_USER: &str = "ux_external_user";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per ALTER TABLE.
        for column in [Task::SourceSystem, Task::SourceKey, Task::SourceUrl, Task::SourceState] {
            let def = match column {
                Task::SourceSystem => ColumnDef::new(column).string_len(16).null().to_owned(),
                Task::SourceKey => ColumnDef::new(column).string_len(200).null().to_owned(),
                Task::SourceUrl => ColumnDef::new(column).string_len(2000).null().to_owned(),
                _ => ColumnDef::new(column).text().null().to_owned(),
            };
            manager.alter_table(Table::alter().table(Task::Table).add_column(def).to_owned()).await?;
        }
        manager
            .create_index(
                Index::create()
                    .name(TASK_SOURCE)
                    .table(Task::Table)
                    .col(Task::ProjectId)
                    .col(Task::SourceSystem)
                    .col(Task::SourceKey)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Comment::Table)
                    .add_column(ColumnDef::new(Comment::SourceKey).string_len(200).null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name(COMMENT_SOURCE)
                    .table(Comment::Table)
                    .col(Comment::TaskId)
                    .col(Comment::SourceKey)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(ExternalUser::Table)
                    .col(big_pk_auto(ExternalUser::Id))
                    .col(ColumnDef::new(ExternalUser::System).string_len(16).not_null())
                    .col(ColumnDef::new(ExternalUser::ExternalId).string_len(200).not_null())
                    .col(ColumnDef::new(ExternalUser::UserId).big_integer().not_null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(ExternalUser::Table, ExternalUser::UserId)
                            .to(User::Table, User::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name(EXTERNAL_USER)
                    .table(ExternalUser::Table)
                    .col(ExternalUser::System)
                    .col(ExternalUser::ExternalId)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(ExternalUser::Table).to_owned()).await?;
        manager.drop_index(Index::drop().name(COMMENT_SOURCE).table(Comment::Table).to_owned()).await?;
        manager.alter_table(Table::alter().table(Comment::Table).drop_column(Comment::SourceKey).to_owned()).await?;
        manager.drop_index(Index::drop().name(TASK_SOURCE).table(Task::Table).to_owned()).await?;
        for column in [Task::SourceState, Task::SourceUrl, Task::SourceKey, Task::SourceSystem] {
            manager.alter_table(Table::alter().table(Task::Table).drop_column(column).to_owned()).await?;
        }
        Ok(())
    }
}
