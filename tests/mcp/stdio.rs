//! `tasklens mcp` over stdio: the built binary as a child process.

use serde_json::json;

use crate::client::Mcp;
use crate::support::{Backend, Board, TestDb, simple_board_on};

const BINARY: &str = env!("CARGO_BIN_EXE_tasklens");

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_serves_the_tools_over_stdio() {
    let test_db = TestDb::create(Backend::Sqlite).await;
    let conn = tasklens::db::connect(&test_db.url).await.expect("database");
    let s = simple_board_on(&conn).await;
    Board::new(&conn).tasks(&s.web, &s.alice, 3).await;
    let token = s.alice_token.clone();
    conn.close().await.ok();

    let mut command = tokio::process::Command::new(BINARY);
    command.args(["--database-url", &test_db.url, "mcp"]).env("TASKLENS_TOKEN", &token).env("RUST_LOG", "warn");
    let mcp = Mcp::stdio(command).await;
    assert!(mcp.tools().await.iter().any(|t| t.name == "get_task"));
    let tasks = mcp.ok("list_tasks", json!({})).await;
    assert_eq!(tasks["total"], 3);
    let task = mcp.ok("get_task", json!({"ref": "WEB-2"})).await;
    assert_eq!(task["ref"], "WEB-2");
    let (code, _) = mcp.error("get_task", json!({"ref": "WEB-9"})).await;
    assert_eq!(code, "not_found");
    // Every read tool answers over stdio too.
    for (tool, arguments) in [
        ("list_projects", json!({})),
        ("get_project", json!({"project": "WEB"})),
        ("list_my_tasks", json!({})),
        ("search_tasks", json!({"text": "task"})),
        ("list_comments", json!({"ref": "WEB-1"})),
        ("list_task_changes", json!({"ref": "WEB-1"})),
        ("list_activity", json!({})),
    ] {
        let reply = mcp.ok(tool, arguments).await;
        assert!(reply.is_object(), "{tool}");
    }
    let created = mcp.ok("create_task", json!({"project": "WEB", "title": "Over stdio"})).await;
    assert_eq!(created["ref"], "WEB-4");
    mcp.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_token_stops_the_binary_with_a_message() {
    let test_db = TestDb::create(Backend::Sqlite).await;
    let output = tokio::process::Command::new(BINARY)
        .args(["--database-url", &test_db.url, "mcp", "--token", "tl_nope"])
        .output()
        .await
        .expect("run");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("cannot use this token"), "{stderr}");
}
