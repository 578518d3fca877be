//! Connecting to the database: SQLite pragmas and pool, PostgreSQL timeouts,
//! migrations at start, and connection errors that say what to check.

use std::time::Duration;

use migration::MigratorTrait;
use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
use sea_orm::{ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DbBackend, DbErr};

#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("unsupported database URL {url}: use sqlite://file.db?mode=rwc or postgres://user@host/db")]
    Unsupported { url: String },
    #[error(
        "cannot connect to {url}: {source}. Check that the server runs and accepts connections at that address, and the user, password and database name"
    )]
    Connect { url: String, source: DbErr },
    #[error(
        "cannot open {url}: {source}. Check that the directory exists and is writable (add ?mode=rwc to create the file)"
    )]
    Open { url: String, source: DbErr },
    #[error("migrating {url} failed: {source}")]
    Migrate { url: String, source: DbErr },
}

/// How long a connection attempt may take before the command fails.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// The URL with its password replaced, safe to print and log.
pub fn redact(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(mut parsed) if parsed.password().is_some() => {
            // Only fails for URLs that cannot hold a password at all.
            let _ = parsed.set_password(Some("***"));
            parsed.to_string()
        }
        _ => url.to_owned(),
    }
}

/// Connections of a pool when `--db-pool` is not given. SQLite serialises
/// writers and reads from a few readers in WAL mode; PostgreSQL runs one
/// process per connection, which pays up to a few per core.
fn default_pool_size(url: &str) -> u32 {
    if url.starts_with("sqlite:") {
        return 8;
    }
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get() as u32);
    (cores * 4).clamp(4, 32)
}

/// Opens a pool of `pool` connections (the backend's default when `None`)
/// on `url` without migrating.
pub async fn open(url: &str, pool: Option<u32>) -> Result<DatabaseConnection, DbError> {
    let shown = redact(url);
    let pool = pool.unwrap_or_else(|| default_pool_size(url));
    let mut options = ConnectOptions::new(url);
    options.sqlx_logging(false).connect_timeout(CONNECT_TIMEOUT).acquire_timeout(CONNECT_TIMEOUT);
    if url.starts_with("sqlite:") {
        let in_memory = url.contains(":memory:") || url.contains("mode=memory");
        // Each connection to an in-memory database would see its own empty
        // database, so only a file gets a real pool.
        options.max_connections(if in_memory { 1 } else { pool }).min_connections(1);
        options.map_sqlx_sqlite_opts(move |opts| {
            let opts =
                opts.foreign_keys(true).busy_timeout(Duration::from_secs(5)).synchronous(SqliteSynchronous::Normal);
            if in_memory { opts } else { opts.journal_mode(SqliteJournalMode::Wal) }
        });
        Database::connect(options).await.map_err(|source| DbError::Open { url: shown, source })
    } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
        options.max_connections(pool).min_connections(1);
        Database::connect(options).await.map_err(|source| DbError::Connect { url: shown, source })
    } else {
        Err(DbError::Unsupported { url: shown })
    }
}

/// Opens a pool on `url` and applies every pending migration.
pub async fn connect(url: &str) -> Result<DatabaseConnection, DbError> {
    connect_with(url, None).await
}

/// `connect` with a pool of `pool` connections.
pub async fn connect_with(url: &str, pool: Option<u32>) -> Result<DatabaseConnection, DbError> {
    let db = open(url, pool).await?;
    migrate(&db, url).await?;
    if db.get_database_backend() == DbBackend::Sqlite {
        refresh_statistics(&db).await.map_err(|source| DbError::Open { url: redact(url), source })?;
    }
    Ok(db)
}

/// Gives the query planner current statistics. On SQLite this is cheap
/// when they are fresh (`PRAGMA optimize` with a bounded analysis), so it
/// also runs at every start; PostgreSQL keeps its own with autovacuum and is
/// only vacuumed and analyzed after a bulk load.
pub async fn refresh_statistics(db: &DatabaseConnection) -> Result<(), DbErr> {
    match db.get_database_backend() {
        DbBackend::Sqlite => {
            db.execute_unprepared("PRAGMA analysis_limit = 1000; PRAGMA optimize = 0x10002;").await?;
        }
        _ => {
            // VACUUM also marks the pages of a bulk load all-visible, without
            // which a count from an index still reads the table.
            db.execute_unprepared("VACUUM (ANALYZE)").await?;
        }
    }
    Ok(())
}

pub async fn migrate(db: &DatabaseConnection, url: &str) -> Result<(), DbError> {
    migration::Migrator::up(db, None).await.map_err(|source| DbError::Migrate { url: redact(url), source })
}

/// How many of this build's migrations `db` has not applied.
pub async fn pending_migrations(db: &DatabaseConnection) -> Result<usize, sea_orm::DbErr> {
    Ok(migration::Migrator::get_pending_migrations(db).await?.len())
}

/// The pool's connections in use and idle, and its size.
pub fn pool_state(db: &DatabaseConnection) -> (u32, u32, u32) {
    fn of<D: sea_orm::sqlx::Database>(pool: &sea_orm::sqlx::Pool<D>) -> (u32, u32, u32) {
        let idle = u32::try_from(pool.num_idle()).unwrap_or(u32::MAX);
        (pool.size().saturating_sub(idle), idle, pool.options().get_max_connections())
    }
    match db.get_database_backend() {
        DbBackend::Sqlite => of(db.get_sqlite_connection_pool()),
        DbBackend::Postgres => of(db.get_postgres_connection_pool()),
        _ => (0, 0, 0),
    }
}

/// Bound parameters per INSERT, a little under each backend's limit (SQLite
/// 32,766, PostgreSQL 65,535). Few large statements matter on PostgreSQL
/// over TCP, where the driver leaves Nagle's algorithm on and the tail of a
/// large message can wait for a delayed ACK: 100,000 tasks took 71 s in
/// statements of 500 rows, 21 s in statements this large.
pub fn max_params_per_insert(backend: DbBackend) -> usize {
    match backend {
        DbBackend::Sqlite => 32_000,
        _ => 65_000,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redact_hides_only_the_password() {
        assert_eq!(redact("postgres://bob:secret@db:5432/x"), "postgres://bob:***@db:5432/x");
        assert_eq!(redact("postgres://bob@db/x"), "postgres://bob@db/x");
        assert_eq!(redact("sqlite://tasklens.db?mode=rwc"), "sqlite://tasklens.db?mode=rwc");
    }
}
