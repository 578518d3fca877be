//! Database failures the store acts on, told apart by the codes the
//! database reports (the SQLSTATE on PostgreSQL, the extended result code
//! on SQLite), never by the wording of their messages: a unique violation
//! and the key it broke, a transaction that lost a race (serialization
//! failure, deadlock, a busy or locked SQLite file), and the retry of a
//! write that lost one.

use std::borrow::Cow;

use sea_orm::sqlx::error::{DatabaseError, ErrorKind};
use sea_orm::{DbErr, RuntimeErr};

use super::StoreError;

/// A unique key of the schema, as each backend names it when a row breaks it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UniqueKey {
    /// PostgreSQL's constraint or index name.
    pub postgres: &'static str,
    pub table: &'static str,
    pub columns: &'static [&'static str],
}

/// `project.key` (a column constraint: PostgreSQL names it `<table>_<column>_key`).
pub const PROJECT_KEY: UniqueKey = UniqueKey { postgres: "project_key_key", table: "project", columns: &["key"] };
/// `user.username`.
pub const USERNAME: UniqueKey = UniqueKey { postgres: "user_username_key", table: "user", columns: &["username"] };
/// One membership per person and project.
pub const PROJECT_MEMBER: UniqueKey = UniqueKey {
    postgres: "ix_project_member_project_id_user_id",
    table: "project_member",
    columns: &["project_id", "user_id"],
};
/// One page per path in a workspace.
pub const WIKI_PATH: UniqueKey =
    UniqueKey { postgres: "ix_wiki_page_workspace_id_path", table: "wiki_page", columns: &["workspace_id", "path"] };

/// What a failed statement means to the store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// A unique key refused the row.
    UniqueViolation,
    /// The transaction lost a race with another and may run again.
    LostRace,
    Other,
}

/// The database's own error behind `err`, if the database answered.
fn database_error(err: &DbErr) -> Option<&dyn DatabaseError> {
    let (DbErr::Exec(RuntimeErr::SqlxError(err)) | DbErr::Query(RuntimeErr::SqlxError(err))) = err else {
        return None;
    };
    err.as_database_error()
}

/// SQLSTATEs of a transaction PostgreSQL rolled back for a concurrent one.
const POSTGRES_LOST_RACE: [&str; 2] = ["40001", "40P01"];
/// SQLite's primary result codes (the low byte of the extended one) of a
/// file another connection holds: SQLITE_BUSY and SQLITE_LOCKED.
const SQLITE_LOST_RACE: [i32; 2] = [5, 6];

pub fn classify(err: &DbErr) -> Failure {
    let Some(db) = database_error(err) else { return Failure::Other };
    if db.kind() == ErrorKind::UniqueViolation {
        return Failure::UniqueViolation;
    }
    let code = db.code().unwrap_or(Cow::Borrowed(""));
    let lost = if is_postgres(db) {
        POSTGRES_LOST_RACE.contains(&code.as_ref())
    } else {
        code.parse::<i32>().is_ok_and(|code| SQLITE_LOST_RACE.contains(&(code & 0xff)))
    };
    if lost { Failure::LostRace } else { Failure::Other }
}

fn is_postgres(db: &dyn DatabaseError) -> bool {
    db.try_downcast_ref::<sea_orm::sqlx::postgres::PgDatabaseError>().is_some()
}

/// Whether `err` is a violation of `key`. PostgreSQL names the constraint;
/// SQLite reports only the columns (`UNIQUE constraint failed: t.a, t.b`),
/// which are compared whole.
pub fn violates(err: &DbErr, key: &UniqueKey) -> bool {
    let Some(db) = database_error(err) else { return false };
    if db.kind() != ErrorKind::UniqueViolation {
        return false;
    }
    if is_postgres(db) {
        return db.constraint() == Some(key.postgres);
    }
    let columns: Vec<String> = key.columns.iter().map(|c| format!("{}.{c}", key.table)).collect();
    db.message().rsplit(": ").next() == Some(columns.join(", ").as_str())
}

/// Turns the violation of one named key into the error a person reads, at
/// the call that may break it; any other failure passes through.
pub trait OnViolation<T> {
    fn on_violation(self, key: &UniqueKey, error: impl FnOnce() -> StoreError) -> Result<T, StoreError>;
}

impl<T> OnViolation<T> for Result<T, DbErr> {
    fn on_violation(self, key: &UniqueKey, error: impl FnOnce() -> StoreError) -> Result<T, StoreError> {
        self.map_err(|err| if violates(&err, key) { error() } else { err.into() })
    }
}

impl<T> OnViolation<T> for Result<T, StoreError> {
    fn on_violation(self, key: &UniqueKey, error: impl FnOnce() -> StoreError) -> Result<T, StoreError> {
        self.map_err(|err| match &err {
            StoreError::Db(db) if violates(db, key) => error(),
            _ => err,
        })
    }
}

/// A write that lost a race (for a task number, a page's revision, or the
/// database's write lock) and may run again.
fn is_retryable(err: &StoreError) -> bool {
    matches!(err, StoreError::Db(db) if classify(db) != Failure::Other)
}

/// Runs a write, again on a lost race for a task number or the write lock.
pub async fn with_retry<T, F, Fut>(mut attempt: F) -> Result<T, StoreError>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, StoreError>>,
{
    let mut tries = 0;
    loop {
        match attempt().await {
            Err(err) if tries < 8 && is_retryable(&err) => {
                tries += 1;
                tokio::time::sleep(std::time::Duration::from_millis(5 * tries)).await;
            }
            other => return other,
        }
    }
}
