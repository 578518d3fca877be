//! Names looked up by equality, stored before they were normalized, in
//! Unicode NFC, the form every lookup now uses: usernames, wiki paths and
//! label names. A name whose NFC form another row of its scope already has
//! is left as it is (the lookup finds that other row).

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DatabaseBackend, Statement, Value};
use unicode_normalization::UnicodeNormalization;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261202_000001_names_in_nfc"
    }
}

/// Rows read per statement, so a large board never sits in memory at once.
const BATCH: u64 = 500;

/// (table, name column, the column its uniqueness is scoped to).
const NAMES: [(&str, &str, Option<&str>); 3] =
    [("user", "username", None), ("wiki_page", "path", Some("workspace_id")), ("label", "name", Some("project_id"))];

fn statement(backend: DatabaseBackend, sql: &str, values: Vec<Value>) -> Statement {
    let sql = match backend {
        DatabaseBackend::Postgres => {
            let mut numbered = String::with_capacity(sql.len());
            for (i, piece) in sql.split('?').enumerate() {
                if i > 0 {
                    numbered.push_str(&format!("${i}"));
                }
                numbered.push_str(piece);
            }
            numbered
        }
        _ => sql.to_owned(),
    };
    Statement::from_sql_and_values(backend, sql, values)
}

async fn normalize(
    db: &SchemaManagerConnection<'_>,
    table: &str,
    column: &str,
    scope: Option<&str>,
) -> Result<(), DbErr> {
    let backend = db.get_database_backend();
    let scope_column = scope.unwrap_or("id");
    let mut after = 0i64;
    loop {
        let select = format!(
            "SELECT \"id\", \"{column}\", \"{scope_column}\" FROM \"{table}\" WHERE \"id\" > {after} ORDER BY \"id\" LIMIT {BATCH}"
        );
        let rows = db.query_all_raw(Statement::from_string(backend, select)).await?;
        let Some(last) = rows.last() else { return Ok(()) };
        after = last.try_get_by_index::<i64>(0)?;
        for row in &rows {
            let id: i64 = row.try_get_by_index(0)?;
            let name: String = row.try_get_by_index(1)?;
            let normalized: String = name.nfc().collect();
            if normalized == name {
                continue;
            }
            let taken = match scope {
                Some(scope) => {
                    let scoped: i64 = row.try_get_by_index(2)?;
                    let sql = format!("SELECT 1 FROM \"{table}\" WHERE \"{column}\" = ? AND \"{scope}\" = ?");
                    db.query_one_raw(statement(backend, &sql, vec![normalized.clone().into(), scoped.into()])).await?
                }
                None => {
                    let sql = format!("SELECT 1 FROM \"{table}\" WHERE \"{column}\" = ?");
                    db.query_one_raw(statement(backend, &sql, vec![normalized.clone().into()])).await?
                }
            };
            if taken.is_none() {
                let sql = format!("UPDATE \"{table}\" SET \"{column}\" = ? WHERE \"id\" = ?");
                db.execute_raw(statement(backend, &sql, vec![normalized.into(), id.into()])).await?;
            }
        }
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for (table, column, scope) in NAMES {
            normalize(db, table, column, scope).await?;
        }
        Ok(())
    }

    async fn down(&self, _manager: &SchemaManager) -> Result<(), DbErr> {
        // The composed and decomposed forms are the same text.
        Ok(())
    }
}
