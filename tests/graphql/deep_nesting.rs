//! Values and documents nested 100,000 deep are refused before anything
//! recursive walks them, over POST, GET and graphql-ws, and the server
//! goes on answering: no request can overflow a worker's stack.

use std::time::{Duration, Instant};

use futures_util::SinkExt;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use crate::subscription::{connect, next_json};
use crate::support::{Backend, TestApp, simple_board};
use tasklens::config::Limits;

const DEEP: usize = 100_000;

/// Documents of every shape of nesting: a list literal, an object literal,
/// a variable's default, and selections.
fn deep_documents(levels: usize) -> Vec<(&'static str, String)> {
    let list = format!("{}1{}", "[".repeat(levels), "]".repeat(levels));
    let object = format!("{}1{}", "{a: ".repeat(levels), "}".repeat(levels));
    vec![
        ("list literal", format!("{{ viewer(x: {list}) {{ username }} }}")),
        ("object literal", format!("{{ viewer(x: {object}) {{ username }} }}")),
        ("variable default", format!("query($v: [Int] = {list}) {{ viewer {{ username }} }}")),
        ("selections", format!("{{ {} username {} }}", "viewer { ".repeat(levels), "}".repeat(levels))),
    ]
}

fn assert_nesting_refused(what: &str, body: &Value) {
    let error = &body["errors"][0];
    assert_eq!(error["extensions"]["code"], "BAD_USER_INPUT", "{what}: {body}");
    let message = error["message"].as_str().unwrap_or_default();
    assert!(message.contains("more than 64 levels deep"), "{what}: {message}");
    assert!(body.get("data").is_none_or(Value::is_null), "{what}: {body}");
}

/// Documents as long as the body allows, so that nesting, not length,
/// is what refuses them.
fn roomy_limits() -> Limits {
    Limits { max_document_bytes: 1 << 20, ..Limits::default() }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deep_documents_over_post_and_get_are_refused_in_milliseconds() {
    let app = TestApp::start_with(Backend::Sqlite, roomy_limits()).await;
    let s = simple_board(&app).await;
    let read_only = crate::support::Board::new(&app.db).scoped_token("alice", None, true).await;
    let client = reqwest::Client::new();
    for (what, document) in deep_documents(DEEP) {
        for token in [&s.alice_token, &read_only] {
            let started = Instant::now();
            let (status, body) = app.post(Some(token), &document, json!({})).await;
            assert!(started.elapsed() < Duration::from_secs(5), "{what}: {:?}", started.elapsed());
            assert_eq!(status, 200, "{what}: {body}");
            assert_nesting_refused(what, &body);
        }
    }
    // GET carries the document in the URL, which clients cap near 64 KB.
    for (what, document) in deep_documents(2_000) {
        let url =
            url::Url::parse_with_params(&format!("{}/graphql", app.base), [("query", document.as_str())]).expect("url");
        let response = client
            .get(url)
            .bearer_auth(&s.alice_token)
            .header("accept", "application/graphql-response+json")
            .send()
            .await
            .expect("GET");
        assert_eq!(response.status(), 400, "{what}");
        assert_nesting_refused(what, &response.json().await.expect("json"));
    }
    // Still serving, and the limit is not below what queries need.
    let query = "{ viewer { username } tasks(filter: {project: \"WEB\"}) { nodes { ref } } }";
    let data = app.ok(&s.alice_token, query, json!({})).await;
    assert_eq!(data["viewer"]["username"], "alice");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deep_variables_are_refused_before_coercion() {
    let app = TestApp::start(Backend::Sqlite).await;
    let s = simple_board(&app).await;
    let query = "query($f: TaskFilter) { tasks(filter: $f) { totalCount } }";
    // Past JSON's own bound (128 levels): the body is refused as it is read.
    let deep = format!("{}{}", "[".repeat(DEEP), "]".repeat(DEEP));
    let body = format!(r#"{{"query": {}, "variables": {{"f": {deep}}}}}"#, json!(query));
    let response = reqwest::Client::new()
        .post(format!("{}/graphql", app.base))
        .bearer_auth(&s.alice_token)
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .expect("POST");
    assert_eq!(response.status(), 400);
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["errors"][0]["extensions"]["code"], "BAD_USER_INPUT", "{body}");
    // Within JSON's bound, past this server's.
    let mut value = json!({"project": "WEB"});
    for _ in 0..100 {
        value = json!([value]);
    }
    let (status, body) = app.post(Some(&s.alice_token), query, json!({"f": value})).await;
    assert_eq!(status, 200);
    assert_eq!(body["errors"][0]["extensions"]["code"], "BAD_USER_INPUT", "{body}");
    assert!(body["errors"][0]["message"].as_str().is_some_and(|m| m.contains("variable `f`")), "{body}");
    app.ok(&s.alice_token, query, json!({"f": {"project": "WEB"}})).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deep_documents_over_graphql_ws_are_refused() {
    let app = TestApp::start_with(Backend::Sqlite, roomy_limits()).await;
    let s = simple_board(&app).await;
    let mut socket = connect(&app, &s.alice_token).await;
    for (id, (what, document)) in deep_documents(DEEP).into_iter().enumerate() {
        let subscribe = json!({"id": id.to_string(), "type": "subscribe", "payload": {"query": document}});
        socket.send(Message::text(subscribe.to_string())).await.expect("subscribe");
        let mut reply = next_json(&mut socket).await;
        while reply["type"] == "complete" {
            reply = next_json(&mut socket).await;
        }
        let errors =
            if reply["payload"].is_array() { json!({"errors": reply["payload"]}) } else { reply["payload"].clone() };
        assert_nesting_refused(what, &errors);
    }
    let query = json!({"id": "ok", "type": "subscribe", "payload": {"query": "{ viewer { username } }"}});
    socket.send(Message::text(query.to_string())).await.expect("subscribe");
    let mut reply = next_json(&mut socket).await;
    while reply["id"] != "ok" {
        reply = next_json(&mut socket).await;
    }
    assert_eq!(reply["payload"]["data"]["viewer"]["username"], "alice", "{reply}");
}
