//! The tasklens archive: everything a database holds, as JSON lines (one
//! record a line). A header line names the format and its version; then
//! each table's rows, in an order where every row's references come before
//! it (`TABLES`); then a closing line with each table's count, so a file cut
//! short is refused. Rows keep their ids, so ids, cursors and refs answer
//! the same after a move (SQLite to PostgreSQL and back). Never written:
//! token hashes (an agent session is restored under a revoked token of its
//! user), and the counts the database keeps itself (`status_task_count`).
//!
//! `export` writes a page of rows at a time, so its memory does not grow
//! with the board; `import` reads a line at a time into an empty database,
//! in one transaction: a malformed record stops it with the line, table and
//! field, and nothing is written.

mod export;
mod restore;
mod rows;

pub use export::export;
pub use restore::{Record, Records, RestoreOptions, restore};

/// The header's `format`.
pub const FORMAT: &str = "tasklens-archive";
/// The format's version; an archive of a later one is refused.
pub const VERSION: u64 = 1;

/// The tables of an archive, each after those it references.
pub const TABLES: [&str; 17] = [
    "user",
    "external_user",
    "workspace",
    "workspace_member",
    "project",
    "project_member",
    "status",
    "label",
    "task",
    "task_label",
    "task_coworker",
    "comment",
    "task_event",
    "wiki_page",
    "wiki_revision",
    "agent_session",
    "saved_view",
];

/// Why an archive cannot be written or read; a record's error names its
/// line, table and field.
#[derive(Debug, thiserror::Error)]
pub enum ArchiveError {
    #[error("cannot write the archive: {0}")]
    Write(std::io::Error),
    #[error("cannot read the archive: {0}")]
    Read(std::io::Error),
    #[error("line {line}: {message}")]
    Record { line: u64, message: String },
    #[error("the archive ends at line {0} without its closing line: it was cut short; nothing was written")]
    Truncated(u64),
    #[error("{rows} rows break a rule of the board: {rule}; nothing was written")]
    Inconsistent { rule: &'static str, rows: i64 },
    #[error("the database already holds a board: an archive is restored into an empty database")]
    NotEmpty,
    #[error("no workspace with key {0}")]
    NoWorkspace(String),
    #[error(transparent)]
    Db(#[from] sea_orm::DbErr),
}

/// PostgreSQL hands out ids from sequences that explicit ids do not move:
/// after rows are written with their own ids (a seed, an import), each
/// sequence is set past the largest id, or the next row created would
/// collide. SQLite's AUTOINCREMENT already follows the largest id.
pub async fn advance_sequences(db: &impl sea_orm::ConnectionTrait) -> Result<(), sea_orm::DbErr> {
    if db.get_database_backend() != sea_orm::DbBackend::Postgres {
        return Ok(());
    }
    for table in TABLES.iter().chain(&["api_token"]) {
        db.execute_unprepared(&format!(
            r#"SELECT setval(pg_get_serial_sequence('"{table}"', 'id'), COALESCE(MAX(id), 0) + 1, false) FROM "{table}""#
        ))
        .await?;
    }
    Ok(())
}

/// Rows per table, in `TABLES` order.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Counts(pub std::collections::BTreeMap<String, u64>);

impl Counts {
    pub fn add(&mut self, table: &str, rows: u64) {
        *self.0.entry(table.to_owned()).or_default() += rows;
    }

    pub fn get(&self, table: &str) -> u64 {
        self.0.get(table).copied().unwrap_or_default()
    }

    pub fn total(&self) -> u64 {
        self.0.values().sum()
    }
}

impl std::fmt::Display for Counts {
    /// "11 user, 3 workspace, ...": every table, in archive order.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts: Vec<String> = TABLES.iter().map(|table| format!("{} {table}", self.get(table))).collect();
        f.write_str(&parts.join(", "))
    }
}
