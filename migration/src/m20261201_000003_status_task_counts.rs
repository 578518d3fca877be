//! `status_task_count`: the live tasks of each status, kept by triggers so
//! that no write path can forget it. A task counts while `deleted_at` is
//! NULL, under its status (a status belongs to one project); inserting,
//! deleting, tombstoning, restoring a task or changing its status moves the
//! counts in the same transaction. The triggers are written once per
//! backend (PL/pgSQL on PostgreSQL); the table is filled from the tasks
//! already stored.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261201_000003_status_task_counts"
    }
}

const TABLE: &str = "CREATE TABLE IF NOT EXISTS status_task_count (
    status_id BIGINT NOT NULL PRIMARY KEY REFERENCES status (id) ON DELETE CASCADE,
    project_id BIGINT NOT NULL REFERENCES project (id) ON DELETE CASCADE,
    live BIGINT NOT NULL DEFAULT 0
)";

const INDEX: &str = "CREATE INDEX IF NOT EXISTS ix_status_task_count_project_id ON status_task_count (project_id)";

const FILL: &str = "INSERT INTO status_task_count (status_id, project_id, live)
    SELECT s.id, s.project_id, (SELECT COUNT(*) FROM task t WHERE t.status_id = s.id AND t.deleted_at IS NULL)
    FROM status s";

/// When an update changes whether or where a task counts.
const UPDATE_MATTERS: &str = "(OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL) OR OLD.status_id <> NEW.status_id";

const ADD: &str = "UPDATE status_task_count SET live = live + 1 WHERE status_id = NEW.status_id";
const REMOVE: &str = "UPDATE status_task_count SET live = live - 1 WHERE status_id = OLD.status_id";
const ROW: &str = "INSERT INTO status_task_count (status_id, project_id, live) VALUES (NEW.id, NEW.project_id, 0)";

fn sqlite_triggers() -> Vec<String> {
    vec![
        format!("CREATE TRIGGER IF NOT EXISTS tr_status_task_count_row AFTER INSERT ON status BEGIN {ROW}; END"),
        format!(
            "CREATE TRIGGER IF NOT EXISTS tr_task_count_insert AFTER INSERT ON task WHEN NEW.deleted_at IS NULL
             BEGIN {ADD}; END"
        ),
        format!(
            "CREATE TRIGGER IF NOT EXISTS tr_task_count_delete AFTER DELETE ON task WHEN OLD.deleted_at IS NULL
             BEGIN {REMOVE}; END"
        ),
        format!(
            "CREATE TRIGGER IF NOT EXISTS tr_task_count_update AFTER UPDATE OF deleted_at, status_id ON task
             WHEN {UPDATE_MATTERS}
             BEGIN {REMOVE} AND OLD.deleted_at IS NULL; {ADD} AND NEW.deleted_at IS NULL; END"
        ),
    ]
}

fn postgres_triggers() -> Vec<String> {
    vec![
        format!(
            "CREATE OR REPLACE FUNCTION status_task_count_row() RETURNS trigger LANGUAGE plpgsql AS $$
             BEGIN {ROW}; RETURN NULL; END $$"
        ),
        format!(
            "CREATE OR REPLACE FUNCTION task_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
             BEGIN
                 IF TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL THEN {REMOVE}; END IF;
                 IF TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL THEN {ADD}; END IF;
                 RETURN NULL;
             END $$"
        ),
        "DROP TRIGGER IF EXISTS tr_status_task_count_row ON status".to_owned(),
        "CREATE TRIGGER tr_status_task_count_row AFTER INSERT ON status
         FOR EACH ROW EXECUTE FUNCTION status_task_count_row()"
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
            "CREATE TRIGGER tr_task_count_update AFTER UPDATE OF deleted_at, status_id ON task
             FOR EACH ROW WHEN ({UPDATE_MATTERS}) EXECUTE FUNCTION task_count_change()"
        ),
    ]
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        db.execute_unprepared(TABLE).await?;
        db.execute_unprepared(INDEX).await?;
        db.execute_unprepared("DELETE FROM status_task_count").await?;
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
                "DROP TRIGGER IF EXISTS tr_status_task_count_row ON status",
                "DROP TRIGGER IF EXISTS tr_task_count_insert ON task",
                "DROP TRIGGER IF EXISTS tr_task_count_delete ON task",
                "DROP TRIGGER IF EXISTS tr_task_count_update ON task",
                "DROP FUNCTION IF EXISTS status_task_count_row()",
                "DROP FUNCTION IF EXISTS task_count_change()",
            ],
            _ => &[
                "DROP TRIGGER IF EXISTS tr_status_task_count_row",
                "DROP TRIGGER IF EXISTS tr_task_count_insert",
                "DROP TRIGGER IF EXISTS tr_task_count_delete",
                "DROP TRIGGER IF EXISTS tr_task_count_update",
            ],
        };
        for statement in drops {
            db.execute_unprepared(statement).await?;
        }
        db.execute_unprepared("DROP TABLE IF EXISTS status_task_count").await?;
        Ok(())
    }
}
