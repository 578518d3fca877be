//! A task's revision, +1 on each write that changes it (its fields,
//! status, labels or coworkers; not a comment), so that a writer can say
//! which revision it read and be refused when another wrote since; and
//! the revision each change-log event brought the task to, so that the
//! refusal says what changed since. Tasks written before start at 1, and
//! their earlier events carry none.

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261204_000001_task_revision"
    }
}

#[derive(DeriveIden)]
enum Task {
    Table,
    Revision,
}

#[derive(DeriveIden)]
enum TaskEvent {
    Table,
    Revision,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let revision = ColumnDef::new(Task::Revision).integer().not_null().default(1).to_owned();
        manager.alter_table(Table::alter().table(Task::Table).add_column(revision).to_owned()).await?;
        let revision = ColumnDef::new(TaskEvent::Revision).integer().null().to_owned();
        manager.alter_table(Table::alter().table(TaskEvent::Table).add_column(revision).to_owned()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let drop = Table::alter().table(TaskEvent::Table).drop_column(TaskEvent::Revision).to_owned();
        manager.alter_table(drop).await?;
        manager.alter_table(Table::alter().table(Task::Table).drop_column(Task::Revision).to_owned()).await
    }
}
