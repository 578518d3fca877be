//! Claims: an agent session holding a task so that no other one starts on
//! it. The session and its user, since when, until when (moved on by each
//! heartbeat of the session, by its time to live), and that time to live.
//! A claim is live while `claim_until` is ahead; a session that ends gives
//! its claims up. Indexed by session, for heartbeats and ends.

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261204_000002_task_claims"
    }
}

#[derive(DeriveIden, Clone, Copy)]
enum Task {
    Table,
    ClaimSessionId,
    ClaimHolderId,
    ClaimedAt,
    ClaimUntil,
    ClaimTtlSeconds,
}

const BY_SESSION: &str = "ix_task_claim_session";
const COLUMNS: [Task; 5] =
    [Task::ClaimSessionId, Task::ClaimHolderId, Task::ClaimedAt, Task::ClaimUntil, Task::ClaimTtlSeconds];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per ALTER TABLE.
        for column in COLUMNS {
            let def = match column {
                Task::ClaimSessionId | Task::ClaimHolderId => ColumnDef::new(column).big_integer().null().to_owned(),
                Task::ClaimTtlSeconds => ColumnDef::new(column).integer().null().to_owned(),
                _ => ColumnDef::new(column).timestamp_with_time_zone().null().to_owned(),
            };
            manager.alter_table(Table::alter().table(Task::Table).add_column(def).to_owned()).await?;
        }
        let index = Index::create().name(BY_SESSION).table(Task::Table).col(Task::ClaimSessionId).to_owned();
        manager.create_index(index).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_index(Index::drop().name(BY_SESSION).table(Task::Table).to_owned()).await?;
        for column in COLUMNS.into_iter().rev() {
            manager.alter_table(Table::alter().table(Task::Table).drop_column(column).to_owned()).await?;
        }
        Ok(())
    }
}
