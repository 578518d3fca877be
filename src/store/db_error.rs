//! Database failures the store acts on, told apart by the codes the
//! database reports (the SQLSTATE on PostgreSQL, the extended result code
//! on SQLite), never by the wording of their messages: a unique violation
//! and the key it broke, a transaction that lost a race (serialization
//! failure, deadlock, a busy or locked SQLite file), the retry of a write
//! that lost one, and the outages a request may outlive (the database
//! restarting or out of reach, a full disk), which clients are told as
//! `UNAVAILABLE` with the cause, not as the server's own fault.

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

/// Why the database cannot serve a statement right now. The same request
/// may succeed later: when the database answers again, or once space is
/// freed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outage {
    /// No connection came free from the pool in time.
    PoolTimeout,
    /// The connection failed or was closed under the statement (the
    /// database restarted, or the network between us dropped it).
    ConnectionLost,
    /// The database is starting, stopping, or at its connection limit.
    NotAccepting,
    /// The statement ran past the statement timeout.
    StatementTimeout,
    /// The database's disk is full.
    DiskFull,
    /// The database could not read or write its files.
    Io,
    /// The database takes no writes (a read-only file or a standby).
    ReadOnly,
}

impl Outage {
    /// The metric label of the cause, and `extensions.cause`.
    pub const fn kind(self) -> &'static str {
        match self {
            Self::PoolTimeout => "pool_timeout",
            Self::ConnectionLost => "connection_lost",
            Self::NotAccepting => "not_accepting",
            Self::StatementTimeout => "statement_timeout",
            Self::DiskFull => "disk_full",
            Self::Io => "io_error",
            Self::ReadOnly => "read_only",
        }
    }

    /// What the client is told.
    pub const fn message(self) -> &'static str {
        match self {
            Self::PoolTimeout => "the database is busy: no connection came free in time",
            Self::ConnectionLost => "the connection to the database was lost",
            Self::NotAccepting => "the database is not taking connections right now",
            Self::StatementTimeout => "the database did not answer within the statement timeout",
            Self::DiskFull => "the database's disk is full: writes are refused until space is freed",
            Self::Io => "the database cannot read or write its files",
            Self::ReadOnly => "the database takes no writes right now",
        }
    }

    pub const fn hint(self) -> &'static str {
        match self {
            Self::PoolTimeout | Self::ConnectionLost | Self::NotAccepting => {
                "try again in a few seconds; a write may have been applied before its answer was lost: read before sending it again"
            }
            Self::StatementTimeout => "narrow the request (a smaller page, a tighter filter) or try again later",
            Self::DiskFull | Self::Io | Self::ReadOnly => {
                "reads still work; tell the operator, and try the write again once it is fixed"
            }
        }
    }
}

/// PostgreSQL's SQLSTATEs of an outage (class 08 aside: every connection
/// exception is one).
const POSTGRES_OUTAGES: [(&str, Outage); 8] = [
    ("57P01", Outage::ConnectionLost),
    ("57P02", Outage::ConnectionLost),
    ("57P03", Outage::NotAccepting),
    ("53300", Outage::NotAccepting),
    ("53100", Outage::DiskFull),
    ("57014", Outage::StatementTimeout),
    ("25006", Outage::ReadOnly),
    ("58030", Outage::Io),
];

/// SQLite's primary result codes of an outage: SQLITE_FULL, SQLITE_IOERR,
/// SQLITE_READONLY and SQLITE_CANTOPEN.
const SQLITE_OUTAGES: [(i32, Outage); 4] =
    [(13, Outage::DiskFull), (10, Outage::Io), (8, Outage::ReadOnly), (14, Outage::Io)];

/// The outage behind `err`, if it is one.
pub fn outage(err: &DbErr) -> Option<Outage> {
    use sea_orm::error::ConnAcquireErr;
    let sqlx = match err {
        DbErr::ConnectionAcquire(ConnAcquireErr::Timeout) => return Some(Outage::PoolTimeout),
        DbErr::ConnectionAcquire(ConnAcquireErr::ConnectionClosed) => return Some(Outage::NotAccepting),
        DbErr::Conn(RuntimeErr::SqlxError(err))
        | DbErr::Exec(RuntimeErr::SqlxError(err))
        | DbErr::Query(RuntimeErr::SqlxError(err)) => err,
        _ => return None,
    };
    use sea_orm::sqlx::Error;
    match &**sqlx {
        Error::PoolTimedOut => Some(Outage::PoolTimeout),
        Error::PoolClosed => Some(Outage::NotAccepting),
        Error::Io(_) | Error::Tls(_) | Error::Protocol(_) | Error::WorkerCrashed => Some(Outage::ConnectionLost),
        Error::Database(db) => {
            let code = db.code().unwrap_or(Cow::Borrowed(""));
            if is_postgres(db.as_ref()) {
                if code.starts_with("08") {
                    return Some(Outage::ConnectionLost);
                }
                POSTGRES_OUTAGES.iter().find(|(state, _)| *state == code).map(|(_, outage)| *outage)
            } else {
                let primary = code.parse::<i32>().ok()? & 0xff;
                SQLITE_OUTAGES.iter().find(|(c, _)| *c == primary).map(|(_, outage)| *outage)
            }
        }
        _ => None,
    }
}

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
