//! PostgreSQL going away under a running gateway, through a TCP proxy of the
//! test's own that drops every connection and refuses new ones: requests
//! meet `UNAVAILABLE` (or 503) at once, `/readyz` is 503, and an open
//! `taskEvents` subscription stays open and, once the database answers
//! again, delivers what another gateway wrote meanwhile and what comes
//! after, each once.

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpListener;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use tasklens::config::{DatabaseOptions, Settings};
use tasklens::{App, db, http};

use crate::proxy::Proxy;
use crate::subscription::{Socket, next_json};
use crate::support::{AbortOnDrop, Backend, TestApp, postgres_enabled, simple_board};

async fn subscribe(base: &str, token: &str, project: &str) -> Socket {
    let mut request = format!("{}/graphql/ws", base.replace("http", "ws")).into_client_request().expect("request");
    request.headers_mut().insert("Sec-WebSocket-Protocol", "graphql-transport-ws".parse().expect("header"));
    let (mut socket, _) = tokio_tungstenite::connect_async(request).await.expect("websocket");
    let init = json!({"type": "connection_init", "payload": {"Authorization": format!("Bearer {token}")}});
    socket.send(Message::text(init.to_string())).await.expect("init");
    assert_eq!(next_json(&mut socket).await["type"], "connection_ack");
    let query = format!("subscription {{ taskEvents(project: \"{project}\") {{ field task {{ title }} }} }}");
    let subscribe = json!({"id": "1", "type": "subscribe", "payload": {"query": query}});
    socket.send(Message::text(subscribe.to_string())).await.expect("subscribe");
    socket
}

/// The titles of the tasks created, as the subscription tells them, until
/// `wanted` have come (each within 15 s).
async fn created_titles(socket: &mut Socket, wanted: usize) -> Vec<String> {
    let mut titles = Vec::new();
    while titles.len() < wanted {
        let message = tokio::time::timeout(Duration::from_secs(15), socket.next())
            .await
            .unwrap_or_else(|_| panic!("only {titles:?} within 15 s"))
            .expect("the socket stays open")
            .expect("a message");
        let Message::Text(text) = message else {
            assert!(!matches!(message, Message::Close(_)), "closed: {message:?}");
            continue;
        };
        let event: Value = serde_json::from_str(&text).expect("json");
        assert_eq!(event["type"], "next", "{event}");
        if event["payload"]["data"]["taskEvents"]["field"] == "created" {
            titles.push(event["payload"]["data"]["taskEvents"]["task"]["title"].as_str().unwrap_or("").to_owned());
        }
    }
    titles
}

const CREATE: &str = "mutation($title: String!) { createTask(input: {project: \"WEB\", title: $title}) { ref } }";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_cut_keeps_subscriptions_open_and_they_miss_nothing() {
    if !postgres_enabled() {
        return;
    }
    // The other gateway, on a direct connection: the board, and writes
    // while this gateway's database is cut.
    let other = TestApp::start(Backend::Postgres).await;
    let s = simple_board(&other).await;
    let direct = url::Url::parse(other.database_url()).expect("url");
    let upstream = format!("{}:{}", direct.host_str().unwrap_or("127.0.0.1"), direct.port().unwrap_or(5432));
    let proxy = Proxy::start(upstream).await;
    let mut proxied = direct.clone();
    proxied.set_port(Some(proxy.port)).expect("a port");

    let settings =
        Settings { database: DatabaseOptions { acquire_timeout: 2, ..Default::default() }, ..Default::default() };
    let conn = db::connect_with(proxied.as_str(), &settings.database).await.expect("through the proxy");
    let app = App::new(conn, settings);
    let tools = tasklens::mcp::ServedTools::new(&app);
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("address"));
    let router = http::router(app, tools);
    let _server = AbortOnDrop(tokio::spawn(async move {
        http::serve(listener, router, Default::default(), std::future::pending()).await.ok();
    }));
    let client = reqwest::Client::new();
    let post = |title: &str| {
        client
            .post(format!("{base}/graphql"))
            .bearer_auth(&s.alice_token)
            .json(&json!({"query": CREATE, "variables": {"title": title}}))
            .send()
    };

    let mut socket = subscribe(&base, &s.alice_token, "WEB").await;
    // Live once the server took the subscription: write until it tells.
    let mut first = Vec::new();
    for attempt in 0..20 {
        other.ok(&s.alice_token, CREATE, json!({"title": format!("before {attempt}")})).await;
        if let Ok(titles) = tokio::time::timeout(Duration::from_millis(500), created_titles(&mut socket, 1)).await {
            first = titles;
            break;
        }
    }
    assert_eq!(first.len(), 1, "the subscription is live");

    proxy.cut();
    let started = Instant::now();
    let refused = post("during").await.expect("an answer");
    assert!(started.elapsed() < Duration::from_secs(10), "took {:?}", started.elapsed());
    let status = refused.status();
    let body: Value = refused.json().await.expect("json");
    assert!(status == 503 || body["errors"][0]["extensions"]["code"] == "UNAVAILABLE", "{status} {body}");
    assert_eq!(client.get(format!("{base}/readyz")).send().await.expect("readyz").status(), 503);
    // Written through the other gateway while this one cannot reach the database.
    other.ok(&s.alice_token, CREATE, json!({"title": "while cut"})).await;
    // Long enough for the token and access checks to fail (every 2 s).
    tokio::time::sleep(Duration::from_secs(5)).await;

    proxy.restore();
    let back = Instant::now();
    loop {
        let answer = post("after").await.expect("an answer");
        if answer.status() == 200 {
            let body: Value = answer.json().await.expect("json");
            if body["errors"].is_null() {
                break;
            }
        }
        assert!(back.elapsed() < Duration::from_secs(5), "not back within 5 s");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(client.get(format!("{base}/readyz")).send().await.expect("readyz").status(), 200);
    // Late events of the first writes may come first; each comes once.
    let mut seen: Vec<String> = first;
    while !(seen.iter().any(|t| t == "while cut") && seen.iter().any(|t| t == "after")) {
        seen.extend(created_titles(&mut socket, 1).await);
    }
    let mut unique = seen.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), seen.len(), "an event twice: {seen:?}");
}
