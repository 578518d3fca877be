//! Start-up: a database that cannot be reached fails fast and says where.

use std::time::{Duration, Instant};

use tasklens::db;

#[tokio::test]
async fn unreachable_database_fails_within_seconds_naming_the_url() {
    let started = Instant::now();
    let Err(err) = db::connect("postgres://bob:secret@127.0.0.1:1/tasks").await else {
        panic!("nothing listens on port 1");
    };
    assert!(started.elapsed() < Duration::from_secs(10), "took {:?}", started.elapsed());
    let message = err.to_string();
    assert!(message.contains("postgres://bob:***@127.0.0.1:1/tasks"), "{message}");
    assert!(!message.contains("secret"), "{message}");
    assert!(message.contains("Check that the server runs"), "{message}");
}
