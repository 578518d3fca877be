//! Connecting to the database: SQLite pragmas and pool, PostgreSQL timeouts,
//! migrations at start, and connection errors that say what to check.

use std::time::Duration;

use migration::MigratorTrait;
pub use sea_orm::DatabaseConnection;
use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
use sea_orm::{ConnectOptions, ConnectionTrait, Database, DbBackend, DbErr};

use crate::config::DatabaseOptions;

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

/// Opens a pool on `url` as `database` says, without migrating.
pub async fn open(url: &str, database: &DatabaseOptions) -> Result<DatabaseConnection, DbError> {
    let shown = redact(url);
    let pool = database.pool.unwrap_or_else(|| default_pool_size(url));
    let mut options = ConnectOptions::new(url);
    // sqlx bounds opening a connection by the acquire timeout, which serves
    // requests; opening the database at start has a bound of its own.
    options.sqlx_logging(false).acquire_timeout(database.acquire_timeout());
    let opened = |connect| async move {
        match tokio::time::timeout(database.connect_timeout(), connect).await {
            Ok(result) => result,
            Err(_) => Err(DbErr::Conn(sea_orm::RuntimeErr::Internal(format!(
                "no answer within {} s (--db-connect-timeout)",
                database.connect_timeout
            )))),
        }
    };
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
        opened(Database::connect(options)).await.map_err(|source| DbError::Open { url: shown, source })
    } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
        options.max_connections(pool).min_connections(1);
        if let Some(limit) = database.statement_timeout() {
            // In milliseconds, set on each connection as it opens.
            let millis = limit.as_millis().to_string();
            options.map_sqlx_postgres_opts(move |opts| opts.options([("statement_timeout", millis.as_str())]));
        }
        opened(Database::connect(options)).await.map_err(|source| DbError::Connect { url: shown, source })
    } else {
        Err(DbError::Unsupported { url: shown })
    }
}

/// Opens a pool on `url` and applies every pending migration.
pub async fn connect(url: &str) -> Result<DatabaseConnection, DbError> {
    connect_with(url, &DatabaseOptions::default()).await
}

/// `connect` with the pool `database` describes.
pub async fn connect_with(url: &str, database: &DatabaseOptions) -> Result<DatabaseConnection, DbError> {
    let db = open(url, database).await?;
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

/// Bytes the disk probe writes: a few of SQLite's pages, the least a write
/// of one task needs.
const DISK_PROBE_BYTES: usize = 16 << 10;

/// Whether a write of the database would find room on its disk: for a SQLite
/// file, a small file written beside it (where SQLite writes its log) and
/// removed; a full disk answers the reason a person reads. PostgreSQL
/// reports its own disk in each write's error.
pub async fn disk_writable(db: &DatabaseConnection) -> Result<(), String> {
    if db.get_database_backend() != DbBackend::Sqlite {
        return Ok(());
    }
    let file = db.get_sqlite_connection_pool().connect_options().get_filename().to_path_buf();
    let written = tokio::task::spawn_blocking(move || {
        use std::io::Write;
        // An in-memory database has no file.
        let Some(dir) = file.parent().filter(|_| file.is_file()) else { return Ok(()) };
        let name = file.file_name().map(|n| n.to_string_lossy()).unwrap_or_default();
        let probe = dir.join(format!(".{name}.disk-probe"));
        let result = std::fs::File::create(&probe)
            .and_then(|mut f| f.write_all(&[0; DISK_PROBE_BYTES]).and_then(|()| f.sync_data()));
        std::fs::remove_file(&probe).ok();
        result
    })
    .await
    .map_err(|err| format!("the disk probe did not finish: {err}"))?;
    written.map_err(|err| match err.kind() {
        std::io::ErrorKind::StorageFull | std::io::ErrorKind::QuotaExceeded => {
            "the database's disk is full: writes fail until space is freed".to_owned()
        }
        _ => format!("the database's directory cannot be written: {err}"),
    })
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
