//! The harness itself: a test that fails leaves no database behind.

use sea_orm::{ConnectionTrait, Database, Statement};

use crate::support::{Backend, POSTGRES_ENV, TestDb, postgres_enabled};

/// Creates a database in a task that then panics, as a failing test does,
/// and returns its URL.
async fn url_of_a_panicking_test(backend: Backend) -> String {
    let (sender, receiver) = tokio::sync::oneshot::channel();
    let failing = tokio::spawn(async move {
        let db = TestDb::create(backend).await;
        sender.send(db.url.clone()).ok();
        panic!("a failing test");
    });
    assert!(failing.await.is_err_and(|err| err.is_panic()));
    receiver.await.expect("the task sent its database URL")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panicking_test_leaves_no_sqlite_file() {
    let url = url_of_a_panicking_test(Backend::Sqlite).await;
    let path = url.trim_start_matches("sqlite://").split('?').next().unwrap_or_default().to_owned();
    assert!(path.ends_with(".db"), "{url}");
    for suffix in ["", "-wal", "-shm"] {
        assert!(!std::path::Path::new(&format!("{path}{suffix}")).exists(), "{path}{suffix} was left behind");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panicking_test_leaves_no_postgres_database() {
    if !postgres_enabled() {
        return;
    }
    let url = url_of_a_panicking_test(Backend::Postgres).await;
    let name = url::Url::parse(&url).expect("a URL").path().trim_start_matches('/').to_owned();
    let admin = Database::connect(std::env::var(POSTGRES_ENV).expect("set")).await.expect("the server answers");
    let backend = admin.get_database_backend();
    let left = admin
        .query_one_raw(Statement::from_sql_and_values(
            backend,
            "SELECT count(*) AS n FROM pg_database WHERE datname = $1",
            [name.clone().into()],
        ))
        .await
        .expect("query")
        .and_then(|row| row.try_get::<i64>("", "n").ok());
    assert_eq!(left, Some(0), "the database {name} was left behind");
}
