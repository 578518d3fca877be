//! The index of the task "due" order, whose sort key is an expression:
//! unscheduled tasks take the date `NO_DUE_DATE` so that the key is never
//! NULL and compares as a row value. sea-query cannot write an expression
//! index for SQLite, so the statement is SQL that both backends read.

use sea_orm_migration::prelude::*;

use crate::NO_DUE_DATE;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261130_000001_task_due_order_index"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // The expression must read as the store's sort key, literal and all:
        // both planners match an index expression against the query's text
        // form, and a bound parameter never matches.
        let sql = format!(
            "CREATE INDEX IF NOT EXISTS ix_task_due_key_id ON task ((COALESCE(due_date, '{NO_DUE_DATE}')), id)"
        );
        manager.get_connection().execute_unprepared(&sql).await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.get_connection().execute_unprepared("DROP INDEX IF EXISTS ix_task_due_key_id").await?;
        Ok(())
    }
}
