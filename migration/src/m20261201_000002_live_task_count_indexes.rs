//! Indexes over live tasks only (`deleted_at IS NULL`) that hold every
//! column the common counts read, so `totalCount` of a project, a status,
//! an assignee or "done" is answered from an index without reading the
//! table: by project (and status), and by assignee (and project, status).
//! Partial indexes are written the same way on both backends.

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261201_000002_live_task_count_indexes"
    }
}

const INDEXES: [(&str, &str); 2] = [
    ("ix_task_live_project_id_status_id", "project_id, status_id"),
    ("ix_task_live_assignee_id_project_id_status_id", "assignee_id, project_id, status_id"),
];

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
