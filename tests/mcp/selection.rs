//! Tool selection: toolsets and single tools chosen at start and narrowed
//! per request by headers, and read-only winning over everything; over
//! HTTP through rmcp's client, and over stdio with the built binary.

use serde_json::{Value, json};
use tasklens::config::{Settings, ToolChoice, Toolset};

use crate::client::Mcp;
use crate::support::{Backend, Board, TestApp, TestDb, simple_board, simple_board_on};

const WIKI: [&str; 6] =
    ["get_wiki_page", "list_wiki_changes", "patch_wiki_page", "put_wiki_page", "search_wiki", "wiki_tree"];
const WRITES: [&str; 11] = [
    "add_comment",
    "claim_next_task",
    "claim_task",
    "create_task",
    "end_agent",
    "heartbeat_agent",
    "patch_wiki_page",
    "put_wiki_page",
    "register_agent",
    "release_task",
    "update_task",
];

fn strings(names: &[&str]) -> Vec<String> {
    names.iter().map(|n| (*n).to_owned()).collect()
}

async fn tasks_of(app: &TestApp, token: &str) -> Value {
    app.ok(token, "{ tasks(filter: {project: \"WEB\"}) { totalCount } }", json!({})).await["tasks"]["totalCount"]
        .clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_narrows_tools_by_toolset_and_by_name() {
    let app = TestApp::start(Backend::Sqlite).await;
    let s = simple_board(&app).await;
    let all = Mcp::http(&app, &s.alice_token).await;
    let every = all.tool_names().await;
    assert_eq!(every.len(), 24, "{every:?}");

    let wiki = Mcp::http_with_headers(&app, &s.alice_token, &[("X-MCP-Toolsets", "wiki")]).await;
    assert_eq!(wiki.tool_names().await, strings(&WIKI));
    assert!(wiki.instructions().len() < all.instructions().len());
    assert!(wiki.instructions().contains("Wiki pages are named by path"), "{}", wiki.instructions());
    assert!(!wiki.instructions().contains("Tasks are named by ref"), "{}", wiki.instructions());
    // Called by name, a tool of another toolset is refused, and says why.
    let (code, error) = wiki.error("list_tasks", json!({})).await;
    assert_eq!(code, "forbidden");
    assert!(error["message"].as_str().unwrap_or_default().contains("toolset `tasks`"), "{error}");

    let two = Mcp::http_with_headers(&app, &s.alice_token, &[("x-mcp-toolsets", " Projects , comments ")]).await;
    assert_eq!(two.tool_names().await, strings(&["add_comment", "get_project", "list_comments", "list_projects"]));

    let named = Mcp::http_with_headers(&app, &s.alice_token, &[("X-MCP-Tools", "get_task,list_tasks")]).await;
    assert_eq!(named.tool_names().await, strings(&["get_task", "list_tasks"]));
    let (code, _) = named.error("search_tasks", json!({"text": "x"})).await;
    assert_eq!(code, "forbidden");
    // Both headers: the tools each allows.
    let both = Mcp::http_with_headers(
        &app,
        &s.alice_token,
        &[("X-MCP-Toolsets", "tasks"), ("X-MCP-Tools", "get_task,wiki_tree")],
    )
    .await;
    assert_eq!(both.tool_names().await, strings(&["get_task"]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_cannot_widen_what_the_server_offers() {
    let choice = ToolChoice { toolsets: vec![Toolset::Tasks], ..ToolChoice::default() };
    let app = TestApp::start_offering(Backend::Sqlite, Settings::default(), &choice).await;
    let s = simple_board(&app).await;
    let served = Mcp::http(&app, &s.alice_token).await;
    let names = served.tool_names().await;
    assert!(names.contains(&"get_task".to_owned()) && !names.iter().any(|n| n.contains("wiki")), "{names:?}");
    let widened = Mcp::http_with_headers(&app, &s.alice_token, &[("X-MCP-Toolsets", "wiki,tasks")]).await;
    assert_eq!(widened.tool_names().await, names);
    let other = Mcp::http_with_headers(&app, &s.alice_token, &[("X-MCP-Tools", "wiki_tree")]).await;
    assert!(other.tool_names().await.is_empty());
    let (code, error) = other.error("wiki_tree", json!({})).await;
    assert_eq!(code, "forbidden", "{error}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn read_only_always_wins_and_write_tools_are_refused_by_name() {
    let app = TestApp::start(Backend::Sqlite).await;
    let s = simple_board(&app).await;
    let before = tasks_of(&app, &s.alice_token).await;

    // Asked for by the request.
    let asked = Mcp::http_with_headers(&app, &s.alice_token, &[("X-MCP-Readonly", "true")]).await;
    let names = asked.tool_names().await;
    assert_eq!(names.len(), 24 - WRITES.len(), "{names:?}");
    assert!(names.iter().all(|n| !WRITES.contains(&n.as_str())), "{names:?}");
    assert!(asked.instructions().contains("read-only"), "{}", asked.instructions());
    let (code, error) = asked.error("create_task", json!({"project": "WEB", "title": "Sneaked in"})).await;
    assert_eq!(code, "forbidden");
    assert!(error["message"].as_str().unwrap_or_default().contains("read-only"), "{error}");
    // Even when the tool is also named.
    let named =
        Mcp::http_with_headers(&app, &s.alice_token, &[("X-MCP-Readonly", "1"), ("X-MCP-Tools", "create_task")]).await;
    assert!(named.tool_names().await.is_empty());

    // By the token.
    let read_only_token = Board::new(&app.db).scoped_token("alice", None, true).await;
    let by_token = Mcp::http_with_headers(&app, &read_only_token, &[("X-MCP-Readonly", "false")]).await;
    assert_eq!(by_token.tool_names().await, names);
    let (code, _) = by_token.error("update_task", json!({"ref": "WEB-1", "title": "Renamed"})).await;
    assert_eq!(code, "forbidden");
    assert_eq!(tasks_of(&app, &s.alice_token).await, before, "nothing was written");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_read_only_server_ignores_a_request_for_writes() {
    let choice = ToolChoice { read_only: true, ..ToolChoice::default() };
    let app = TestApp::start_offering(Backend::Sqlite, Settings::default(), &choice).await;
    let s = simple_board(&app).await;
    let mcp = Mcp::http_with_headers(&app, &s.alice_token, &[("X-MCP-Readonly", "false")]).await;
    assert!(mcp.tool_names().await.iter().all(|n| !WRITES.contains(&n.as_str())));
    let (code, _) = mcp.error("add_comment", json!({"ref": "WEB-1", "body": "hi"})).await;
    assert_eq!(code, "forbidden");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn selection_headers_that_do_not_read_are_refused_naming_them() {
    let app = TestApp::start(Backend::Sqlite).await;
    let s = simple_board(&app).await;
    let initialize = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}});
    let long = vec!["wiki"; 65].join(",");
    for (header, value, expected) in [
        (
            "X-MCP-Toolsets",
            "wiki,issues",
            "unknown toolset issues; the toolsets are projects, tasks, comments, wiki, agents, custom, graphql",
        ),
        ("X-MCP-Tools", "get_task,delete_everything", "no tool is named delete_everything"),
        ("X-MCP-Readonly", "maybe", "X-MCP-Readonly: maybe is not true or false"),
        ("X-MCP-Toolsets", long.as_str(), "65 names; at most 64"),
    ] {
        let response = reqwest::Client::new()
            .post(format!("{}/mcp", app.base))
            .bearer_auth(&s.alice_token)
            .header("Accept", "application/json, text/event-stream")
            .header(header, value)
            .json(&initialize)
            .send()
            .await
            .expect("request");
        assert_eq!(response.status(), 400, "{header}: {value}");
        let body: Value = response.json().await.expect("JSON-RPC error");
        let message = body["error"]["message"].as_str().unwrap_or_default().to_owned();
        assert!(message.contains(expected), "{header}: {message}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_over_stdio_offers_what_its_flags_select() {
    let test_db = TestDb::create(Backend::Sqlite).await;
    let conn = tasklens::db::connect(&test_db.url).await.expect("database");
    let s = simple_board_on(&conn).await;
    conn.close().await.ok();
    let binary = env!("CARGO_BIN_EXE_tasklens");
    let mut command = tokio::process::Command::new(binary);
    command
        .args(["--database-url", &test_db.url, "mcp", "--toolsets", "wiki,projects", "--read-only"])
        .env("TASKLENS_TOKEN", &s.alice_token)
        .env("RUST_LOG", "warn");
    let mcp = Mcp::stdio(command).await;
    let expected =
        strings(&["get_project", "get_wiki_page", "list_projects", "list_wiki_changes", "search_wiki", "wiki_tree"]);
    assert_eq!(mcp.tool_names().await, expected);
    assert!(mcp.instructions().contains("read-only"), "{}", mcp.instructions());
    let (code, _) = mcp.error("put_wiki_page", json!({"workspace": "ACME", "path": "x", "body": "x"})).await;
    assert_eq!(code, "forbidden");
    mcp.close().await;

    let unknown = tokio::process::Command::new(binary)
        .args(["--database-url", &test_db.url, "mcp", "--tools-allow", "get_task,get_tsak"])
        .env("TASKLENS_TOKEN", &s.alice_token)
        .output()
        .await
        .expect("runs");
    assert!(!unknown.status.success());
    let stderr = String::from_utf8_lossy(&unknown.stderr);
    assert!(stderr.contains("--tools-allow names `get_tsak`, which is no tool of this server"), "{stderr}");
    let bad_set = tokio::process::Command::new(binary)
        .args(["--database-url", &test_db.url, "mcp", "--toolsets", "issues"])
        .env("TASKLENS_TOKEN", &s.alice_token)
        .output()
        .await
        .expect("runs");
    assert!(!bad_set.status.success());
    assert!(String::from_utf8_lossy(&bad_set.stderr).contains("invalid value 'issues'"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn structured_output_only_when_asked() {
    async fn call(mcp: &Mcp) -> rmcp::model::CallToolResult {
        let arguments = json!({"limit": 3}).as_object().cloned().unwrap_or_default();
        let request = rmcp::model::CallToolRequestParams::new("list_tasks").with_arguments(arguments);
        mcp.peer().call_tool(request).await.expect("a reply")
    }
    let app = TestApp::start(Backend::Sqlite).await;
    let s = simple_board(&app).await;
    let plain = Mcp::http(&app, &s.alice_token).await;
    assert!(plain.tools().await.iter().all(|t| t.output_schema.is_none()));
    let answer = call(&plain).await;
    assert!(answer.structured_content.is_none());
    let asked = Mcp::http_with_headers(&app, &s.alice_token, &[("X-MCP-Structured-Output", "true")]).await;
    assert!(asked.tools().await.iter().all(|t| t.output_schema.as_ref().is_some_and(|o| o["type"] == "object")));
    let structured = call(&asked).await;
    let text = structured.content[0].as_text().map(|t| t.text.clone()).expect("text");
    assert_eq!(text, answer.content[0].as_text().map(|t| t.text.clone()).expect("text"), "the same text");
    assert_eq!(structured.structured_content, Some(serde_json::from_str::<Value>(&text).expect("JSON")));

    // The server's flag asks for every session.
    let choice = ToolChoice { structured_output: true, ..ToolChoice::default() };
    let app = TestApp::start_offering(Backend::Sqlite, Settings::default(), &choice).await;
    let s = simple_board(&app).await;
    let flagged = Mcp::http(&app, &s.alice_token).await;
    assert!(call(&flagged).await.structured_content.is_some());
}
