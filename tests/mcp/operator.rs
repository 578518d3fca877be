//! Operator tools: a directory of GraphQL documents served as tools beside
//! the built-in ones, over HTTP and stdio, shaped and guarded like them,
//! checked at start and read again on SIGHUP.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use tasklens::App;
use tasklens::config::Settings;

use crate::client::Mcp;
use crate::on_both_backends;
use crate::support::{Backend, Board, TestApp, TestDb, simple_board, simple_board_on};

const BINARY: &str = env!("CARGO_BIN_EXE_tasklens");

fn dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mcp").join(name)
}

async fn operator_tools_are_served_like_built_in_ones(backend: Backend) {
    let settings = Settings { tools_dir: Some(dir("operator_tools")), ..Settings::default() };
    let app = TestApp::start_with_settings(backend, settings).await;
    let s = simple_board(&app).await;
    let mcp = Mcp::http(&app, &s.alice_token).await;

    let tools = mcp.tools().await;
    let due_soon = tools.iter().find(|t| t.name == "due_soon").expect("due_soon is listed");
    assert_eq!(due_soon.title.as_deref(), Some("Due soon"));
    assert_eq!(due_soon.description.as_deref(), Some("Open tasks due before a date, soonest first."));
    assert_eq!(due_soon.annotations.as_ref().and_then(|a| a.read_only_hint), Some(true));
    let schema = Value::Object(due_soon.input_schema.as_ref().clone());
    assert_eq!(schema["required"], json!(["before"]));
    let properties: Vec<&String> = schema["properties"].as_object().expect("properties").keys().collect();
    assert_eq!(properties, ["before", "project", "limit", "cursor", "max_chars", "format"]);
    assert_eq!(schema["additionalProperties"], false);
    // Variables on the operation's line take the schema's descriptions.
    assert_eq!(schema["properties"]["project"]["description"], "Project key.");
    let reassign = tools.iter().find(|t| t.name == "reassign").expect("reassign is listed");
    assert_eq!(reassign.annotations.as_ref().and_then(|a| a.read_only_hint), Some(false), "a mutation writes");
    // An operator's tools are the toolset `custom`; a read-only session
    // keeps those that only read.
    let custom = Mcp::http_with_headers(&app, &s.alice_token, &[("X-MCP-Toolsets", "custom")]).await;
    let custom_names: Vec<String> = tools.iter().skip(24).map(|t| t.name.to_string()).collect();
    let mut listed = custom.tool_names().await;
    let mut expected = custom_names.clone();
    expected.sort();
    listed.sort();
    assert_eq!(listed, expected);
    let reading =
        Mcp::http_with_headers(&app, &s.alice_token, &[("X-MCP-Toolsets", "custom"), ("X-MCP-Readonly", "true")]);
    let reading = reading.await.tool_names().await;
    assert!(reading.contains(&"due_soon".to_owned()) && !reading.contains(&"reassign".to_owned()), "{reading:?}");

    for (title, due) in [("Later", "2026-12-20"), ("Soon", "2026-12-02"), ("Never", "2027-06-01")] {
        mcp.ok("create_task", json!({"project": "WEB", "title": title, "due": due, "priority": "high"})).await;
    }
    let soon = mcp.ok("due_soon", json!({"before": "2027-01-01"})).await;
    assert_eq!(soon["total"], 2, "{soon}");
    let first = &soon["items"][0];
    assert_eq!(first["ref"], "WEB-2");
    assert_eq!(first["due"], "2026-12-02");
    assert_eq!(first["status"], "todo", "an object of one field is its value");
    assert_eq!(first["priority"], "high", "enums in lowercase");
    assert!(first.get("assignee").is_none(), "empty values left out: {first}");
    let updated = first["updated_at"].as_str().expect("snake_case keys");
    assert!(updated.ends_with('Z') && updated.len() == 20, "instants to the second: {updated}");

    // Paging and the table form, as for every list tool.
    let page = mcp.ok("due_soon", json!({"before": "2027-01-01", "limit": 1})).await;
    let next = page["next"].as_str().expect("next").to_owned();
    let rest = mcp.ok("due_soon", json!({"before": "2027-01-01", "cursor": next, "format": "table"})).await;
    assert_eq!(rest["columns"][0], "ref");
    assert_eq!(rest["rows"], json!([["WEB-1", "Later", "2026-12-20", "todo", "high", rest["rows"][0][5]]]));
    assert!(rest.get("next").is_none());

    // Arguments are checked by name before anything runs.
    let (code, error) = mcp.error("due_soon", json!({})).await;
    assert_eq!(code, "invalid_argument");
    assert!(error["message"].as_str().expect("message").contains("`before`"), "{error}");
    let (code, error) = mcp.error("due_soon", json!({"before": "soon"})).await;
    assert!(code == "invalid_argument" && error["hint"].as_str().expect("hint").contains("2026-11-29"), "{error}");
    let (code, error) = mcp.error("due_soon", json!({"before": "2027-01-01", "colour": "red"})).await;
    assert!(code == "invalid_argument" && error["hint"].as_str().expect("hint").contains("before, project"), "{error}");
    let (code, _) = mcp.error("due_soon", json!({"before": "2027-01-01", "limit": 500})).await;
    assert_eq!(code, "invalid_argument");

    // A write tool: an argument left out leaves its field alone; null clears it.
    let given = mcp.ok("reassign", json!({"ref": "WEB-1", "assignee": "me"})).await;
    assert_eq!(given["assignee"], "alice");
    let renamed = mcp.ok("reassign", json!({"ref": "WEB-1", "title": "Later still"})).await;
    assert_eq!((renamed["title"].as_str(), renamed["assignee"].as_str()), (Some("Later still"), Some("alice")));
    let cleared = mcp.ok("reassign", json!({"ref": "WEB-1", "assignee": null})).await;
    assert!(cleared.get("assignee").is_none(), "{cleared}");
    let (code, _) = mcp.error("reassign", json!({"ref": "WEB-99", "assignee": "me"})).await;
    assert_eq!(code, "not_found");

    // A record's long text comes in windows that fit the cap.
    let long = "word ".repeat(3_000);
    mcp.ok("update_task", json!({"ref": "WEB-3", "description": long})).await;
    let mut text = String::new();
    let mut cursor = 0;
    loop {
        let reply = mcp.call("task_brief", json!({"ref": "WEB-3", "cursor": cursor, "max_chars": 1_000})).await;
        assert!(!reply.is_error && reply.text.encode_utf16().count() <= 1_000, "{}", reply.text);
        assert_eq!(reply.json["status"], json!({"key": "todo", "category": "todo"}));
        text.push_str(reply.json["description"].as_str().expect("description"));
        match reply.json.get("description_next").and_then(Value::as_i64) {
            Some(next) => {
                assert_eq!(reply.json["description_truncated"], true);
                cursor = next;
            }
            None => break,
        }
    }
    assert_eq!(text, long.trim_end(), "the windows make up the whole text");

    // A write over its cap is cut in place, never run twice.
    let noted = mcp.call("note", json!({"ref": "WEB-2", "body": "word ".repeat(600), "max_chars": 1_000})).await;
    assert!(!noted.is_error && noted.text.encode_utf16().count() <= 1_000, "{}", noted.text);
    assert_eq!(noted.json["body_truncated"], true);
    assert!(noted.json.get("body_next").is_none(), "no cursor to read on with: {}", noted.text);
    assert_eq!(mcp.ok("list_comments", json!({"ref": "WEB-2"})).await["total"], 1, "one comment written");
    mcp.close().await;
}

/// An invalid document, or one named like a built-in tool, stops the start
/// with the file, the line and the reason.
async fn invalid_tool_directories_are_refused(backend: Backend) {
    let test_db = TestDb::create(backend).await;
    let conn = tasklens::db::connect(&test_db.url).await.expect("database");
    let local = App::new(conn.clone(), Settings::default());
    let tools = tasklens::mcp::ServedTools::new(&local);
    let err = tools.load(&local, &dir("bad_tools")).await.expect_err("refused");
    let message = err.to_string();
    assert!(message.contains("bad_tools/broken.graphql:3:"), "{message}");
    assert!(message.contains("colour"), "{message}");
    let err = tools.load(&local, &dir("shadow_tools")).await.expect_err("refused");
    assert!(err.to_string().contains("`list_tasks` is already a tool of tasklens"), "{err}");
    // A window that tells more than its text (a revision) cannot be cut in
    // place: its revision would call a fragment whole.
    let err = tools.load(&local, &dir("partial_tools")).await.expect_err("refused");
    let message = err.to_string();
    assert!(message.contains("whole_page.graphql:5:") && message.contains("`$maxChars`"), "{message}");
    let err = tools.load(&local, &dir("no_such_dir")).await.expect_err("refused");
    assert!(err.to_string().contains("no_such_dir"), "{err}");
    assert!(tools.operator().is_empty(), "nothing half-loaded");
    conn.close().await.ok();
}

on_both_backends!(operator_tools_are_served_like_built_in_ones, invalid_tool_directories_are_refused);

/// Over stdio: the binary loads the directory, refuses a bad one at start,
/// and reads the directory again on SIGHUP.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_serves_operator_tools_and_reloads_on_hangup() {
    let test_db = TestDb::create(Backend::Sqlite).await;
    let conn = tasklens::db::connect(&test_db.url).await.expect("database");
    let s = simple_board_on(&conn).await;
    Board::new(&conn).tasks(&s.web, &s.alice, 1).await;
    conn.close().await.ok();

    let output = tokio::process::Command::new(BINARY)
        .args(["--database-url", &test_db.url, "mcp", "--tools"])
        .arg(dir("bad_tools"))
        .env("TASKLENS_TOKEN", &s.alice_token)
        .output()
        .await
        .expect("run");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("broken.graphql:3:") && stderr.contains("colour"), "{stderr}");

    let tools = tempfile_dir("reload");
    std::fs::copy(dir("operator_tools/due_soon.graphql"), tools.join("due_soon.graphql")).expect("copy");
    let mut command = tokio::process::Command::new(BINARY);
    command
        .args(["--database-url", &test_db.url, "mcp"])
        .env("TASKLENS_TOOLS", &tools)
        .env("TASKLENS_TOKEN", &s.alice_token)
        .env("RUST_LOG", "warn");
    let (mcp, pid) = Mcp::stdio_with_pid(command).await;
    let names = |tools: Vec<rmcp::model::Tool>| tools.into_iter().map(|t| t.name.to_string()).collect::<Vec<_>>();
    let listed = names(mcp.tools().await);
    assert!(listed.contains(&"due_soon".to_owned()) && !listed.contains(&"reassign".to_owned()));
    assert_eq!(mcp.ok("due_soon", json!({"before": "2030-01-01"})).await, json!({"items": [], "total": 0}));

    std::fs::copy(dir("operator_tools/reassign.graphql"), tools.join("reassign.graphql")).expect("copy");
    let hangup = std::process::Command::new("kill").args(["-HUP", &pid.to_string()]).status().expect("kill");
    assert!(hangup.success());
    let mut reloaded = false;
    for _ in 0..50 {
        if names(mcp.tools().await).contains(&"reassign".to_owned()) {
            reloaded = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(reloaded, "SIGHUP reads the directory again");
    // A broken file on reload keeps the tools being served.
    std::fs::copy(dir("bad_tools/broken.graphql"), tools.join("broken.graphql")).expect("copy");
    std::process::Command::new("kill").args(["-HUP", &pid.to_string()]).status().expect("kill");
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    assert!(names(mcp.tools().await).contains(&"reassign".to_owned()), "the previous set stays");
    assert!(mcp.ok("reassign", json!({"ref": "WEB-1", "assignee": "me"})).await["ref"] == "WEB-1");
    mcp.close().await;
    std::fs::remove_dir_all(&tools).ok();
}

fn tempfile_dir(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("tasklens-tools-{name}-{}", std::process::id()));
    std::fs::remove_dir_all(&path).ok();
    std::fs::create_dir_all(&path).expect("a temporary directory");
    path
}
