//! The board's manual order, the same for everyone: `board_rank`, higher
//! first. A task takes `number × 2^20` when made, so new tasks land on top
//! with no read, and a placement takes the midpoint of its neighbours'
//! ranks. Tasks made before start in that order (newest first); an index
//! per status column serves the board's pages, one per project its
//! placements, and one the order across projects.

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261207_000001_task_board_rank"
    }
}

/// The gap between the ranks of tasks made one after the other; the
/// store's `placement::RANK_GAP` is the same number.
pub const RANK_GAP: i64 = 1 << 20;

#[derive(DeriveIden)]
enum Task {
    Table,
    BoardRank,
}

const COLUMN_INDEX: &str = "ix_task_live_project_id_status_id_board_rank_id";
const PROJECT_INDEX: &str = "ix_task_live_project_id_board_rank_id";
/// For the order across projects (`tasks(order: BOARD)` at the root).
const ALL_INDEX: &str = "ix_task_live_board_rank_id";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let rank = ColumnDef::new(Task::BoardRank).big_integer().not_null().default(0).to_owned();
        manager.alter_table(Table::alter().table(Task::Table).add_column(rank).to_owned()).await?;
        let db = manager.get_connection();
        // In 64 bits: `number` is a 32-bit column, and task 2,048 times the
        // gap is past 2^31.
        db.execute_unprepared(&format!("UPDATE task SET board_rank = CAST(number AS BIGINT) * {RANK_GAP}")).await?;
        db.execute_unprepared(&format!(
            "CREATE INDEX IF NOT EXISTS {COLUMN_INDEX} ON task (project_id, status_id, board_rank, id) \
             WHERE deleted_at IS NULL"
        ))
        .await?;
        db.execute_unprepared(&format!(
            "CREATE INDEX IF NOT EXISTS {PROJECT_INDEX} ON task (project_id, board_rank, id) WHERE deleted_at IS NULL"
        ))
        .await?;
        db.execute_unprepared(&format!(
            "CREATE INDEX IF NOT EXISTS {ALL_INDEX} ON task (board_rank, id) WHERE deleted_at IS NULL"
        ))
        .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        db.execute_unprepared(&format!("DROP INDEX IF EXISTS {COLUMN_INDEX}")).await?;
        db.execute_unprepared(&format!("DROP INDEX IF EXISTS {PROJECT_INDEX}")).await?;
        db.execute_unprepared(&format!("DROP INDEX IF EXISTS {ALL_INDEX}")).await?;
        manager.alter_table(Table::alter().table(Task::Table).drop_column(Task::BoardRank).to_owned()).await
    }
}
