//! Stored HTML from before the allowlist passes through it once: task and
//! project descriptions, comment bodies, and the description values kept in
//! the change log.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, Statement, Value};

use crate::html_policy::sanitize_html;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261201_000001_sanitize_stored_html"
    }
}

/// Rows read per statement, so a large board never sits in memory at once.
const BATCH: u64 = 500;

/// (table, text column, extra condition) of every HTML text stored.
const COLUMNS: [(&str, &str, &str); 5] = [
    ("task", "description", ""),
    ("project", "description", ""),
    ("comment", "body", ""),
    ("task_event", "old_value", " AND field = 'description'"),
    ("task_event", "new_value", " AND field = 'description'"),
];

async fn sanitize_column(
    db: &SchemaManagerConnection<'_>,
    table: &str,
    column: &str,
    extra: &str,
) -> Result<(), DbErr> {
    let backend = db.get_database_backend();
    let mut after = 0i64;
    loop {
        let select = format!(
            "SELECT id, {column} FROM {table} WHERE id > {after} AND {column} IS NOT NULL{extra} ORDER BY id LIMIT {BATCH}"
        );
        let rows = db.query_all_raw(Statement::from_string(backend, select)).await?;
        let Some(last) = rows.last() else { return Ok(()) };
        after = last.try_get_by_index::<i64>(0)?;
        for row in &rows {
            let id: i64 = row.try_get_by_index(0)?;
            let text: String = row.try_get_by_index(1)?;
            let clean = sanitize_html(&text);
            if clean != text {
                let update = Statement::from_sql_and_values(
                    backend,
                    match backend {
                        sea_orm_migration::sea_orm::DatabaseBackend::Postgres => {
                            format!("UPDATE {table} SET {column} = $1 WHERE id = $2")
                        }
                        _ => format!("UPDATE {table} SET {column} = ? WHERE id = ?"),
                    },
                    [Value::from(clean), Value::from(id)],
                );
                db.execute_raw(update).await?;
            }
        }
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for (table, column, extra) in COLUMNS {
            sanitize_column(db, table, column, extra).await?;
        }
        Ok(())
    }

    async fn down(&self, _manager: &SchemaManager) -> Result<(), DbErr> {
        // What was removed is gone on purpose.
        Ok(())
    }
}
