//! `project_task_count`: the live tasks of each project, kept by triggers
//! so that no write path can forget it. A task counts while `deleted_at` is
//! NULL; inserting, deleting, tombstoning, restoring or moving a task moves
//! the counts in the same transaction. The triggers are written once per
//! backend (PL/pgSQL on PostgreSQL); the table is filled from the tasks
//! already stored.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261201_000003_project_task_counts"
    }
}

const TABLE: &str = "CREATE TABLE IF NOT EXISTS project_task_count (
    project_id BIGINT NOT NULL PRIMARY KEY REFERENCES project (id) ON DELETE CASCADE,
    live BIGINT NOT NULL DEFAULT 0
)";

const FILL: &str = "INSERT INTO project_task_count (project_id, live)
    SELECT p.id, (SELECT COUNT(*) FROM task t WHERE t.project_id = p.id AND t.deleted_at IS NULL) FROM project p";

/// When an update changes whether or where a task counts.
const UPDATE_MATTERS: &str = "(OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL) OR OLD.project_id <> NEW.project_id";

fn sqlite_triggers() -> Vec<String> {
    let add = "UPDATE project_task_count SET live = live + 1 WHERE project_id = NEW.project_id";
    let remove = "UPDATE project_task_count SET live = live - 1 WHERE project_id = OLD.project_id";
    vec![
        "CREATE TRIGGER IF NOT EXISTS tr_project_task_count_row AFTER INSERT ON project
         BEGIN INSERT INTO project_task_count (project_id, live) VALUES (NEW.id, 0); END"
            .to_owned(),
        format!("CREATE TRIGGER IF NOT EXISTS tr_task_count_insert AFTER INSERT ON task WHEN NEW.deleted_at IS NULL BEGIN {add}; END"),
        format!("CREATE TRIGGER IF NOT EXISTS tr_task_count_delete AFTER DELETE ON task WHEN OLD.deleted_at IS NULL BEGIN {remove}; END"),
        format!(
            "CREATE TRIGGER IF NOT EXISTS tr_task_count_update AFTER UPDATE OF deleted_at, project_id ON task WHEN {UPDATE_MATTERS}
             BEGIN {remove} AND OLD.deleted_at IS NULL; {add} AND NEW.deleted_at IS NULL; END"
        ),
    ]
}

fn postgres_triggers() -> Vec<String> {
    vec![
        "CREATE OR REPLACE FUNCTION project_task_count_row() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
             INSERT INTO project_task_count (project_id, live) VALUES (NEW.id, 0);
             RETURN NULL;
         END $$"
            .to_owned(),
        "CREATE OR REPLACE FUNCTION task_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
             IF TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL THEN
                 UPDATE project_task_count SET live = live - 1 WHERE project_id = OLD.project_id;
             END IF;
             IF TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL THEN
                 UPDATE project_task_count SET live = live + 1 WHERE project_id = NEW.project_id;
             END IF;
             RETURN NULL;
         END $$"
            .to_owned(),
        "DROP TRIGGER IF EXISTS tr_project_task_count_row ON project".to_owned(),
        "CREATE TRIGGER tr_project_task_count_row AFTER INSERT ON project
         FOR EACH ROW EXECUTE FUNCTION project_task_count_row()"
            .to_owned(),
        "DROP TRIGGER IF EXISTS tr_task_count_insert ON task".to_owned(),
        "CREATE TRIGGER tr_task_count_insert AFTER INSERT ON task
         FOR EACH ROW WHEN (NEW.deleted_at IS NULL) EXECUTE FUNCTION task_count_change()"
            .to_owned(),
        "DROP TRIGGER IF EXISTS tr_task_count_delete ON task".to_owned(),
        "CREATE TRIGGER tr_task_count_delete AFTER DELETE ON task
         FOR EACH ROW WHEN (OLD.deleted_at IS NULL) EXECUTE FUNCTION task_count_change()"
            .to_owned(),
        "DROP TRIGGER IF EXISTS tr_task_count_update ON task".to_owned(),
        format!(
            "CREATE TRIGGER tr_task_count_update AFTER UPDATE OF deleted_at, project_id ON task
             FOR EACH ROW WHEN ({UPDATE_MATTERS}) EXECUTE FUNCTION task_count_change()"
        ),
    ]
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        db.execute_unprepared(TABLE).await?;
        db.execute_unprepared("DELETE FROM project_task_count").await?;
        db.execute_unprepared(FILL).await?;
        let triggers = match db.get_database_backend() {
            DbBackend::Postgres => postgres_triggers(),
            _ => sqlite_triggers(),
        };
        for statement in triggers {
            db.execute_unprepared(&statement).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        let drops: &[&str] = match db.get_database_backend() {
            DbBackend::Postgres => &[
                "DROP TRIGGER IF EXISTS tr_project_task_count_row ON project",
                "DROP TRIGGER IF EXISTS tr_task_count_insert ON task",
                "DROP TRIGGER IF EXISTS tr_task_count_delete ON task",
                "DROP TRIGGER IF EXISTS tr_task_count_update ON task",
                "DROP FUNCTION IF EXISTS project_task_count_row()",
                "DROP FUNCTION IF EXISTS task_count_change()",
            ],
            _ => &[
                "DROP TRIGGER IF EXISTS tr_project_task_count_row",
                "DROP TRIGGER IF EXISTS tr_task_count_insert",
                "DROP TRIGGER IF EXISTS tr_task_count_delete",
                "DROP TRIGGER IF EXISTS tr_task_count_update",
            ],
        };
        for statement in drops {
            db.execute_unprepared(statement).await?;
        }
        db.execute_unprepared("DROP TABLE IF EXISTS project_task_count").await?;
        Ok(())
    }
}
