//! The MCP transport as the spec and hostile clients meet it: a page of a
//! foreign `Origin` is refused with 403, a batch is a JSON-RPC error, echoed
//! names come back as a short prefix, and arguments nested 100,000 deep are
//! refused over HTTP and stdio while the server goes on answering.

use std::process::Stdio;
use std::time::Duration;

use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

use crate::client::Mcp;
use crate::support::{Backend, TestApp, TestDb, simple_board, simple_board_on};

const BINARY: &str = env!("CARGO_BIN_EXE_tasklens");

fn deep_array(levels: usize) -> String {
    format!("{}1{}", "[".repeat(levels), "]".repeat(levels))
}

fn call(id: u64, name: &str, arguments: &str) -> String {
    format!(
        r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":{},"arguments":{arguments}}}}}"#,
        json!(name)
    )
}

async fn post(app: &TestApp, token: Option<&str>, origin: Option<&str>, body: String) -> (u16, Value) {
    let mut request = reqwest::Client::new()
        .post(format!("{}/mcp", app.base))
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .body(body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if let Some(origin) = origin {
        request = request.header("origin", origin);
    }
    let response = request.send().await.expect("request");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn foreign_origins_batches_and_long_names_get_json_rpc_errors() {
    let app = TestApp::start(Backend::Sqlite).await;
    let s = simple_board(&app).await;
    let list = r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#.to_owned();
    for token in [Some(s.alice_token.as_str()), None] {
        let (status, body) = post(&app, token, Some("https://evil.example"), list.clone()).await;
        assert_eq!(status, 403, "{body}");
        assert_eq!(body["error"]["code"], -32000, "{body}");
    }
    // A loopback page may: the MCP inspector runs on one.
    let (status, body) = post(&app, Some(&s.alice_token), Some("http://localhost:6274"), list.clone()).await;
    assert_eq!(status, 200, "{body}");
    assert!(body["result"]["tools"].is_array(), "{body}");

    // Its preflight is answered before the token is asked for.
    let preflight = reqwest::Client::new()
        .request(reqwest::Method::OPTIONS, format!("{}/mcp", app.base))
        .header("origin", "http://localhost:6274")
        .header("access-control-request-method", "POST")
        .header("access-control-request-headers", "authorization, content-type, mcp-protocol-version")
        .send()
        .await
        .expect("preflight");
    assert!(preflight.status().is_success(), "{}", preflight.status());
    assert_eq!(preflight.headers()["access-control-allow-origin"], "http://localhost:6274");

    let (status, body) = post(&app, Some(&s.alice_token), None, format!("[{list}]")).await;
    assert_eq!((status, body["error"]["code"].clone()), (400, json!(-32600)), "{body}");

    let long_name = "n".repeat(1_000_000);
    let (_, body) = post(&app, Some(&s.alice_token), None, call(2, &long_name, "{}")).await;
    assert!(body["error"].is_object(), "{}", &body.to_string()[..300]);
    assert!(body.to_string().len() < 1_000, "a {}-character reply", body.to_string().len());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deep_arguments_over_http_are_refused() {
    let app = TestApp::start(Backend::Sqlite).await;
    let s = simple_board(&app).await;
    let body = call(1, "list_tasks", &format!(r#"{{"project": {}}}"#, deep_array(100_000)));
    let (status, reply) = post(&app, Some(&s.alice_token), None, body).await;
    assert_eq!((status, reply["error"]["code"].clone()), (400, json!(-32700)), "{reply}");
    assert!(reply["error"]["message"].as_str().is_some_and(|m| m.contains("recursion limit")), "{reply}");
    // Within JSON's bound, past this server's: a tool error, short.
    let mcp = Mcp::http(&app, &s.alice_token).await;
    let mut filter = json!({"x": 1});
    for _ in 0..120 {
        filter = json!([filter]);
    }
    let reply = mcp.call("list_tasks", json!({"project": filter})).await;
    assert!(reply.is_error && reply.text.contains("invalid_argument"), "{}", reply.text);
    assert!(reply.text.len() < 1_000, "{}", reply.text);
    assert_eq!(mcp.ok("list_projects", json!({})).await["total"], 1);
    mcp.close().await;
}

/// Over stdio the binary reads one message a line: a line nested 100,000
/// deep is answered with an error, and the next call is served.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deep_arguments_over_stdio_leave_the_process_serving() {
    let test_db = TestDb::create(Backend::Sqlite).await;
    let conn = tasklens::db::connect(&test_db.url).await.expect("database");
    let s = simple_board_on(&conn).await;
    conn.close().await.ok();
    let mut child = tokio::process::Command::new(BINARY)
        .args(["--database-url", &test_db.url, "mcp"])
        .env("TASKLENS_TOKEN", &s.alice_token)
        .env("RUST_LOG", "off")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("spawn");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    let init = json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "probe", "version": "1"}}});
    let messages = [
        init.to_string(),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string(),
        call(1, "list_tasks", &format!(r#"{{"project": {}}}"#, deep_array(100_000))),
        call(2, "list_projects", "{}"),
    ];
    for message in messages {
        stdin.write_all(message.as_bytes()).await.expect("write");
        stdin.write_all(b"\n").await.expect("write");
    }
    stdin.flush().await.expect("flush");
    let answered = tokio::time::timeout(Duration::from_secs(20), async {
        while let Some(line) = lines.next_line().await.expect("read") {
            let message: Value = serde_json::from_str(&line).unwrap_or(Value::Null);
            if message["id"] == 2 {
                return message;
            }
        }
        Value::Null
    })
    .await
    .expect("an answer to the call after the deep one");
    assert!(answered["result"]["content"][0]["text"].as_str().is_some_and(|t| t.contains("\"total\":1")), "{answered}");
    assert!(child.try_wait().expect("status").is_none(), "the process is alive");
    drop(stdin);
    child.wait().await.ok();
}
