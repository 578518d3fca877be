//! An index over live tasks only (`deleted_at IS NULL`) that holds every
//! column a count by assignee reads (with visibility by project, status or
//! "done"), so such a `totalCount` is answered without reading the table.
//! Totals by project and status alone come from `status_task_count`.
//! Partial indexes are written the same way on both backends.

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261201_000002_live_task_count_indexes"
    }
}

const INDEXES: [(&str, &str); 1] =
    [("ix_task_live_assignee_id_project_id_status_id", "assignee_id, project_id, status_id")];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for (name, columns) in INDEXES {
            db.execute_unprepared(&format!(
                "CREATE INDEX IF NOT EXISTS {name} ON task ({columns}) WHERE deleted_at IS NULL"
            ))
            .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for (name, _) in INDEXES {
            db.execute_unprepared(&format!("DROP INDEX IF EXISTS {name}")).await?;
        }
        Ok(())
    }
}
