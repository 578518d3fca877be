//! Queries shared by every surface: filters turned into SQL, keyset pages,
//! writes with their change log, and visibility (the only place that decides
//! who may see what).
//!
//! Everything a viewer may not see is `NotFound`, never `Forbidden`, so no
//! surface can leak that it exists.

pub mod agents;
pub mod archive;
pub mod comments;
pub mod cursor;
pub mod db_error;
mod edge;
pub mod events;
pub mod feed;
pub mod fragments;
pub mod github_hooks;
pub mod identity;
pub mod import_writes;
pub mod input;
pub mod keyset;
pub mod project_writes;
pub mod projects;
pub mod rows;
pub mod saved_views;
pub mod seeding;
pub mod sources;
pub mod task_writes;
pub mod tasks;
pub mod tokens;
pub mod users;
pub mod viewer;
pub mod viewer_cache;
pub mod visibility;
pub mod webhooks;
pub mod wiki;
pub mod wiki_changes;
pub mod wiki_search;
pub mod wiki_writes;
pub mod workspaces;

use chrono::{DateTime, SubsecRound, Utc};
use sea_orm::{DatabaseConnection, DbErr};

use crate::error_code::{ErrorCode, NOT_FOUND_HINT};

pub use cursor::{PageArgs, PageLimits};
pub use identity::AuthError;
pub use keyset::Page;
pub use viewer::Viewer;

/// What went wrong in the store; each surface maps it once at its edge.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The request was refused, with the code and hint its caller sees,
    /// and the input it is about when it is one (`title`, `dueDate`).
    #[error("{message}")]
    Refused { code: ErrorCode, message: String, hint: Option<String>, argument: Option<String> },
    #[error("database error: {0}")]
    Db(#[from] DbErr),
    /// A task write made against a revision the task is no longer at.
    #[error("{}", .0.message())]
    StaleRevision(Box<task_writes::stale::StaleRevision>),
}

impl StoreError {
    fn refused(code: ErrorCode, message: impl Into<String>, hint: impl Into<String>) -> Self {
        Self::Refused { code, message: message.into(), hint: Some(hint.into()), argument: None }
    }
    pub fn not_found(message: impl Into<String>) -> Self {
        Self::refused(ErrorCode::NotFound, message, NOT_FOUND_HINT)
    }
    pub fn bad_input(message: impl Into<String>, hint: impl Into<String>) -> Self {
        Self::refused(ErrorCode::BadUserInput, message, hint)
    }
    /// Bad input in one named argument or input field, so that a form can
    /// show the error beside that field.
    pub fn bad_argument(argument: &str, message: impl Into<String>, hint: impl Into<String>) -> Self {
        Self::Refused {
            code: ErrorCode::BadUserInput,
            message: message.into(),
            hint: Some(hint.into()),
            argument: Some(argument.to_owned()),
        }
    }
    pub fn forbidden(message: impl Into<String>, hint: impl Into<String>) -> Self {
        Self::refused(ErrorCode::Forbidden, message, hint)
    }
    pub fn conflict(message: impl Into<String>, hint: impl Into<String>) -> Self {
        Self::refused(ErrorCode::Conflict, message, hint)
    }

    /// The error's code; a database failure is the server's, unless the
    /// database is out of reach or out of space for now.
    pub fn code(&self) -> ErrorCode {
        match self {
            Self::Refused { code, .. } => *code,
            Self::StaleRevision(_) => ErrorCode::Conflict,
            Self::Db(_) if self.outage().is_some() => ErrorCode::Unavailable,
            Self::Db(_) => ErrorCode::Internal,
        }
    }

    /// The outage behind a database failure, if it is one.
    pub fn outage(&self) -> Option<db_error::Outage> {
        match self {
            Self::Db(err) => db_error::outage(err),
            Self::Refused { .. } | Self::StaleRevision(_) => None,
        }
    }
}

pub type Result<T, E = StoreError> = std::result::Result<T, E>;

/// A transaction that writes. On SQLite it takes the write lock as it
/// begins (`BEGIN IMMEDIATE`), waiting for another writer up to the busy
/// timeout: a transaction that read first could not take the lock once
/// another writer had committed, and failed at once. PostgreSQL begins as
/// usual.
pub(crate) async fn begin_write(db: &DatabaseConnection) -> Result<sea_orm::DatabaseTransaction, DbErr> {
    use sea_orm::{SqliteTransactionMode, TransactionOptions, TransactionTrait};
    let options =
        TransactionOptions { sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate), ..Default::default() };
    db.begin_with_options(options).await
}

/// The current instant at the precision every database keeps (microseconds),
/// so a value read back compares equal to the one written.
pub fn now() -> DateTime<Utc> {
    Utc::now().trunc_subsecs(6)
}

/// The database, the paging limits and the live change feed, shared by
/// every request.
#[derive(Clone, Debug)]
pub struct Store {
    db: DatabaseConnection,
    pub(crate) limits: PageLimits,
    /// Task events from the durable log, for subscriptions.
    pub(crate) feed: std::sync::Arc<feed::Feed>,
    /// Verified tokens, remembered until revoked.
    viewers: std::sync::Arc<viewer_cache::ViewerCache>,
}

/// How long a request stopped at its time limit waits to learn whether the
/// database still answers.
const ANSWER_WITHIN: std::time::Duration = std::time::Duration::from_secs(1);

impl Store {
    /// Whether the database answers a ping within a second: a request that
    /// ran out of time while it does not was stopped by the database's
    /// trouble, not by its own size.
    pub async fn answers(&self) -> bool {
        tokio::time::timeout(ANSWER_WITHIN, self.db.ping()).await.is_ok_and(|pinged| pinged.is_ok())
    }

    pub fn new(db: DatabaseConnection, limits: PageLimits) -> Self {
        let feed = std::sync::Arc::new(feed::Feed::new(db.clone()));
        Self { db, limits, feed, viewers: Default::default() }
    }
}
