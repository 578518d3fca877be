//! An index over live tasks that serves, in order, a project's page of one
//! assignee's tasks by recent activity (`tasks(filter: {project, assignee})`,
//! with or without a status): the page walks it and stops after a page,
//! where it read and sorted every task of the assignee in that status.

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261203_000001_assignee_page_index"
    }
}

const NAME: &str = "ix_task_live_assignee_id_project_id_updated_at_id";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .get_connection()
            .execute_unprepared(&format!(
                "CREATE INDEX IF NOT EXISTS {NAME} ON task (assignee_id, project_id, updated_at, id) \
                 WHERE deleted_at IS NULL"
            ))
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.get_connection().execute_unprepared(&format!("DROP INDEX IF EXISTS {NAME}")).await?;
        Ok(())
    }
}
