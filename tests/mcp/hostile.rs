//! Hostile input over MCP: every reply of every tool fits its cap (writes
//! and agent tools included), input schemas are ones strict clients accept,
//! malformed requests get JSON-RPC's own errors, and a scoped token sees one
//! workspace through every read tool.

use serde_json::{Value, json};

use crate::client::Mcp;
use crate::on_both_backends;
use crate::support::{Backend, Board, TestApp, simple_board, two_workspace_board};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_reply_fits_its_cap_writes_and_errors_included() {
    let app = TestApp::start(Backend::Sqlite).await;
    let s = simple_board(&app).await;
    Board::new(&app.db).tasks(&s.web, &s.alice, 1).await;
    let mcp = Mcp::http(&app, &s.alice_token).await;
    let huge = "s".repeat(1_000_000);
    for (tool, arguments) in [
        ("register_agent", json!({"name": "bot", "status": huge})),
        ("get_task", json!({"ref": format!("WEB-{huge}")})),
        ("get_task", json!({"ref": huge, "max_chars": 1_000})),
        ("add_comment", json!({"ref": "WEB-1", "body": huge})),
        ("create_task", json!({"project": "WEB", "title": huge, "max_chars": 1_000})),
    ] {
        let reply = mcp.call(tool, arguments.clone()).await;
        let cap = arguments["max_chars"].as_u64().unwrap_or(20_000) as usize;
        assert!(reply.is_error, "{tool}: {}", &reply.text[..reply.text.len().min(300)]);
        assert!(reply.text.encode_utf16().count() <= cap, "{tool}: a {}-unit reply", reply.text.len());
    }
    let registered = mcp.ok("register_agent", json!({"name": "bot", "status": "s".repeat(1_000)})).await;
    assert!(registered.to_string().len() < 20_000);
    mcp.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn create_task_declares_the_title_it_requires() {
    let app = TestApp::start(Backend::Sqlite).await;
    let s = simple_board(&app).await;
    let mcp = Mcp::http(&app, &s.alice_token).await;
    // Every schema's strictness: `conventions::tools_list_is_small_and_annotated`.
    let tools = mcp.tools().await;
    let create = tools.iter().find(|t| t.name == "create_task").expect("create_task");
    assert!(create.input_schema["properties"]["title"].is_object(), "{:?}", create.input_schema);
    mcp.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_requests_get_json_rpc_errors() {
    let app = TestApp::start(Backend::Sqlite).await;
    let s = simple_board(&app).await;
    let client = reqwest::Client::new();
    let post = |body: String| {
        client
            .post(format!("{}/mcp", app.base))
            .bearer_auth(&s.alice_token)
            .header("content-type", "application/json")
            .header("accept", "application/json, text/event-stream")
            .body(body)
            .send()
    };
    let response = post("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": ".into()).await.expect("request");
    assert_eq!(response.status().as_u16(), 400);
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["error"]["code"], -32700, "{body}");
    let call = json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "list_tasks", "arguments": [1, 2]}});
    let body: Value = post(call.to_string()).await.expect("request").json().await.expect("json");
    assert_eq!((body["id"].clone(), body["error"]["code"].clone()), (json!(7), json!(-32602)), "{body}");
}

async fn scoped_token_sees_one_workspace_through_every_read_tool(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = two_workspace_board(&app).await;
    let board = Board::new(&app.db);
    app.ok(&s.alice_token, "mutation { addComment(ref: \"OPS-1\", body: \"ops comment\") { id } }", json!({})).await;
    let ops_token = board.scoped_token("alice", Some("OPS"), false).await;
    app.ok(&ops_token, "mutation { registerAgent(name: \"ops-bot\", task: \"OPS-1\") { id } }", json!({})).await;
    let eng = board.scoped_token("alice", Some("ENG"), false).await;
    let mcp = Mcp::http(&app, &eng).await;
    for (tool, arguments) in [
        ("list_projects", json!({})),
        ("list_tasks", json!({})),
        ("list_my_tasks", json!({})),
        ("search_tasks", json!({"text": "task"})),
        ("list_activity", json!({})),
        ("wiki_tree", json!({})),
        ("search_wiki", json!({"query": "shared"})),
        ("list_wiki_changes", json!({})),
    ] {
        let reply = mcp.ok(tool, arguments).await;
        let text = reply.to_string();
        assert!(!text.contains("OPS") && !text.contains("ops"), "{tool} showed OPS: {text}");
    }
    for (tool, arguments) in [
        ("get_project", json!({"project": "OPS"})),
        ("get_task", json!({"ref": "OPS-1"})),
        ("list_comments", json!({"ref": "OPS-1"})),
        ("list_task_changes", json!({"ref": "OPS-1"})),
        ("get_wiki_page", json!({"workspace": "OPS", "path": "ops/page"})),
    ] {
        let (code, error) = mcp.error(tool, arguments).await;
        assert_eq!(code, "not_found", "{tool}: {error}");
    }
    mcp.close().await;
}

on_both_backends!(scoped_token_sees_one_workspace_through_every_read_tool);
