//! Work per request is bounded before execution: body, document, fields
//! after fragment expansion, aliases, mutations per request; the standard
//! introspection queries still pass under the default limits.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::on_both_backends;
use crate::support::{Backend, TestApp, simple_board};

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/introspection/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn fragment_bomb(levels: usize) -> String {
    let mut text = String::from("query { tasks { nodes { ...F0 } } }\n");
    for level in 0..levels {
        text.push_str(&format!("fragment F{level} on Task {{ ...F{next} ...F{next} }}\n", next = level + 1));
    }
    text.push_str(&format!("fragment F{levels} on Task {{ ref title }}\n"));
    text
}

fn assert_refused(body: &Value, message: &str) {
    let error = &body["errors"][0];
    assert_eq!(error["extensions"]["code"], "BAD_USER_INPUT", "{body}");
    assert!(error["message"].as_str().unwrap_or_default().contains(message), "{body}");
    assert!(error["extensions"]["hint"].as_str().is_some_and(|h| !h.is_empty()), "{body}");
    assert!(body.get("data").is_none_or(Value::is_null), "{body}");
}

async fn standard_introspection_queries_pass_the_default_limits(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    for name in ["graphql-js-16.graphql", "graphql-core-3.2.graphql"] {
        let data = app.ok(&s.alice_token, &fixture(name), json!({})).await;
        let types: Vec<&str> =
            data["__schema"]["types"].as_array().into_iter().flatten().filter_map(|t| t["name"].as_str()).collect();
        assert!(types.contains(&"Task") && types.contains(&"TaskFilter"), "{name}: {types:?}");
    }
    // Introspection is counted: a schema listed a hundred times, by a user
    // who is a member of nothing, is refused before it is built.
    let board = crate::support::Board::new(&app.db);
    board.user("nobody").await;
    let stranger = board.token("nobody").await;
    let listing = "types { name fields { name type { name } } }";
    let repeated: String = (0..100).map(|i| format!("s{i}: __schema {{ {listing} }} ")).collect();
    let aliased: String = (0..100).map(|i| format!("t{i}: {listing} ")).collect();
    for document in [format!("{{ {repeated} }}"), format!("{{ __schema {{ {aliased} }} }}")] {
        let started = Instant::now();
        let (_, body) = app.post(Some(&stranger), &document, json!({})).await;
        assert!(started.elapsed() < Duration::from_secs(1), "took {:?}", started.elapsed());
        assert_refused(&body, "introspect");
    }
    let chain = format!("{{ __type(name: \"Task\") {{ {}kind{} }} }}", "ofType { ".repeat(100), " }".repeat(100));
    let (_, body) = app.post(Some(&s.alice_token), &chain, json!({})).await;
    assert_eq!(body["errors"][0]["extensions"]["code"], "BAD_USER_INPUT", "{body}");
    let chain = format!("{{ __type(name: \"Task\") {{ {}kind{} }} }}", "ofType { ".repeat(20), " }".repeat(20));
    let (_, body) = app.post(Some(&s.alice_token), &chain, json!({})).await;
    assert_refused(&body, "levels deep");
}

async fn fragment_bomb_is_refused_in_milliseconds(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let read_only = crate::support::Board::new(&app.db).scoped_token("alice", None, true).await;
    for token in [&s.alice_token, &read_only] {
        let started = Instant::now();
        let (_, body) = app.post(Some(token), &fragment_bomb(24), json!({})).await;
        assert!(started.elapsed() < Duration::from_secs(1), "took {:?}", started.elapsed());
        assert_refused(&body, "fields once its fragments are expanded");
    }
}

async fn aliases_and_mutations_per_request_are_bounded(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    crate::support::Board::new(&app.db).tasks(&s.web, &s.alice, 1).await;
    let aliases: String = (0..10_000).map(|i| format!("t{i}: task(ref: \"WEB-1\") {{ ref }} ")).collect();
    let (_, body) = app.post(Some(&s.alice_token), &format!("{{ {aliases} }}"), json!({})).await;
    // 10,000 aliases also overflow the document size.
    assert_eq!(body["errors"][0]["extensions"]["code"], "BAD_USER_INPUT", "{body}");
    let aliases: String = (0..150).map(|i| format!("t{i}: task(ref: \"WEB-1\") {{ ref }} ")).collect();
    let (_, body) = app.post(Some(&s.alice_token), &format!("{{ {aliases} }}"), json!({})).await;
    assert_refused(&body, "aliases");

    let writes: String =
        (0..90).map(|i| format!("c{i}: addComment(ref: \"WEB-1\", body: \"spam {i}\") {{ id }} ")).collect();
    let (_, body) = app.post(Some(&s.alice_token), &format!("mutation {{ {writes} }}"), json!({})).await;
    assert_refused(&body, "mutations");
    let count = app.ok(&s.alice_token, "{ task(ref: \"WEB-1\") { commentCount } }", json!({})).await;
    assert_eq!(count["task"]["commentCount"], 0, "a refused request wrote something: {count}");
    let writes: String =
        (0..3).map(|i| format!("c{i}: addComment(ref: \"WEB-1\", body: \"ok {i}\") {{ id }} ")).collect();
    app.ok(&s.alice_token, &format!("mutation {{ {writes} }}"), json!({})).await;
}

/// The gateway remembers what a text parsed to: a text sent again runs the
/// operation it names this time, is checked against the token each time,
/// and one refused by a limit stays refused.
async fn a_document_sent_again_runs_the_operation_it_names(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    crate::support::Board::new(&app.db).tasks(&s.web, &s.alice, 3).await;
    let read_only = crate::support::Board::new(&app.db).scoped_token("alice", None, true).await;
    let document = "query Read { task(ref: \"WEB-1\") { commentCount } }
        mutation Write { addComment(ref: \"WEB-1\", body: \"again\") { id } }";
    let send = |token: String, operation: &'static str| {
        let request = app.client.post(format!("{}/graphql", app.base)).bearer_auth(token);
        async move {
            let response = request.json(&json!({"query": document, "operationName": operation})).send().await;
            response.expect("request").json::<Value>().await.expect("json")
        }
    };
    for expected in [0, 0] {
        let read = send(s.alice_token.clone(), "Read").await;
        assert_eq!(read["data"]["task"]["commentCount"], expected, "{read}");
    }
    let refused = send(read_only.clone(), "Write").await;
    assert!(refused["errors"][0]["message"].is_string(), "a read-only token wrote: {refused}");
    for _ in 0..2 {
        let written = send(s.alice_token.clone(), "Write").await;
        assert!(written["data"]["addComment"]["id"].is_string(), "{written}");
    }
    let read = send(read_only, "Read").await;
    assert_eq!(read["data"]["task"]["commentCount"], 2, "{read}");

    let aliases: String = (0..150).map(|i| format!("t{i}: task(ref: \"WEB-1\") {{ ref }} ")).collect();
    for _ in 0..2 {
        let (_, body) = app.post(Some(&s.alice_token), &format!("{{ {aliases} }}"), json!({})).await;
        assert_refused(&body, "aliases");
    }
}

async fn large_bodies_and_documents_are_refused(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    // A 10 MB body, declared: the head alone is sent, so the server's answer
    // cannot race the client's upload (it answers before reading a byte).
    let address = app.base.trim_start_matches("http://").to_owned();
    for path in ["/graphql", "/mcp"] {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let mut stream = tokio::net::TcpStream::connect(&address).await.expect("connect");
        let head = format!(
            "POST {path} HTTP/1.1\r\nHost: {address}\r\nAuthorization: Bearer {}\r\n\
             Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n",
            s.alice_token,
            10 << 20
        );
        stream.write_all(head.as_bytes()).await.expect("head");
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).await.ok();
        let answer = String::from_utf8_lossy(&answer);
        assert!(answer.starts_with("HTTP/1.1 413"), "{path}: {answer}");
        let body: Value =
            answer.split("\r\n\r\n").nth(1).and_then(|b| serde_json::from_str(b).ok()).unwrap_or(Value::Null);
        assert_refused(&body, "larger than");
    }
    // Under the body limit, over the document limit.
    let long = format!("{{ viewer {{ username }} }} # {}", "x".repeat(100_000));
    let (_, body) = app.post(Some(&s.alice_token), &long, json!({})).await;
    assert_refused(&body, "bytes long");
    // A 60,000-character description still fits.
    let description = "é".repeat(60_000);
    let created = app
        .ok(
            &s.alice_token,
            "mutation($d: String) { createTask(input: {project: \"WEB\", title: \"Long\", description: $d}) { ref } }",
            json!({"d": description}),
        )
        .await;
    assert!(created["createTask"]["ref"].is_string(), "{created}");
}

on_both_backends!(
    standard_introspection_queries_pass_the_default_limits,
    fragment_bomb_is_refused_in_milliseconds,
    aliases_and_mutations_per_request_are_bounded,
    large_bodies_and_documents_are_refused,
    a_document_sent_again_runs_the_operation_it_names,
);
