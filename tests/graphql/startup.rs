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

/// `tasklens user create` as an operator runs it: a name taken (in any
/// Unicode form) is refused with a sentence, not a database error.
#[tokio::test]
async fn user_create_refuses_a_taken_name_in_words() {
    let test_db = crate::support::TestDb::create(crate::support::Backend::Sqlite).await;
    db::connect(&test_db.url).await.expect("migrate");
    let run = |name: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_tasklens"))
            .args(["--database-url", &test_db.url, "user", "create", "--username", name])
            .output()
            .expect("the binary runs")
    };
    let created = run("ren\u{e9}");
    assert!(created.status.success(), "{}", String::from_utf8_lossy(&created.stderr));
    assert_eq!(String::from_utf8_lossy(&created.stdout).trim(), "ren\u{e9}");
    let again = run("rene\u{301}");
    assert!(!again.status.success());
    let stderr = String::from_utf8_lossy(&again.stderr);
    assert!(stderr.contains("a user named ren\u{e9} exists"), "{stderr}");
    assert!(!stderr.to_lowercase().contains("constraint"), "{stderr}");
}

/// A server that accepts the connection and never answers (a partition, a
/// stalled proxy): opening the database gives up at `--db-connect-timeout`.
#[tokio::test]
async fn a_database_that_never_answers_is_given_up_at_the_connect_timeout() {
    let silent = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let port = silent.local_addr().expect("address").port();
    let _held = tokio::spawn(async move {
        let mut open = Vec::new();
        while let Ok((socket, _)) = silent.accept().await {
            open.push(socket);
        }
    });
    let options = tasklens::config::DatabaseOptions { connect_timeout: 1, ..Default::default() };
    let started = Instant::now();
    let Err(err) = db::connect_with(&format!("postgres://bob@127.0.0.1:{port}/tasks"), &options).await else {
        panic!("nothing answers there");
    };
    assert!(started.elapsed() < Duration::from_secs(4), "took {:?}", started.elapsed());
    assert!(err.to_string().contains("--db-connect-timeout"), "{err}");
}
