//! Live events across processes: two gateways on one database and a
//! `tasklens mcp` process writing to it; every event reaches a subscriber
//! of the first gateway once and in order, a subscriber that reconnects
//! with `after` gets exactly what it missed, and cursors travel between
//! gateways.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use tasklens::config::Settings;
use tasklens::{App, http};

use crate::client::Mcp;
use crate::on_both_backends;
use crate::support::{Backend, Board, TestApp, simple_board};

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A second gateway on the same database, as a load balancer would see it.
pub(crate) async fn second_gateway(database_url: &str) -> (String, tokio::task::JoinHandle<()>) {
    let conn = tasklens::db::connect(database_url).await.expect("second gateway's database");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("address"));
    let app = App::new(conn, Settings::default());
    let router = http::router(app.clone(), tasklens::mcp::ServedTools::new(&app));
    let server = tokio::spawn(async move {
        axum::serve(listener, router).await.ok();
    });
    (base, server)
}

async fn graphql(base: &str, token: &str, query: &str, variables: Value) -> Value {
    let body: Value = reqwest::Client::new()
        .post(format!("{base}/graphql"))
        .bearer_auth(token)
        .json(&json!({"query": query, "variables": variables}))
        .send()
        .await
        .expect("request")
        .json()
        .await
        .expect("json");
    assert!(body.get("errors").is_none(), "{body}");
    body["data"].clone()
}

async fn subscribe(base: &str, token: &str, after: &str) -> Socket {
    let mut request = format!("{}/graphql/ws", base.replace("http", "ws")).into_client_request().expect("request");
    request.headers_mut().insert("Sec-WebSocket-Protocol", "graphql-transport-ws".parse().expect("header"));
    let (mut socket, _) = tokio_tungstenite::connect_async(request).await.expect("websocket");
    let init = json!({"type": "connection_init", "payload": {"Authorization": format!("Bearer {token}")}});
    socket.send(Message::text(init.to_string())).await.expect("init");
    let query =
        "subscription($after: String) { taskEvents(project: \"WEB\", after: $after) { cursor field newValue } }";
    let subscribe = json!({"id": "1", "type": "subscribe", "payload": {"query": query, "variables": {"after": after}}});
    socket.send(Message::text(subscribe.to_string())).await.expect("subscribe");
    socket
}

/// The next `next` payload's event, or None when nothing comes in `wait`.
async fn next_event(socket: &mut Socket, wait: Duration) -> Option<Value> {
    loop {
        let message = tokio::time::timeout(wait, socket.next()).await.ok()??.ok()?;
        if let Message::Text(text) = message {
            let value: Value = serde_json::from_str(&text).ok()?;
            match value["type"].as_str() {
                Some("next") => return Some(value["payload"]["data"]["taskEvents"].clone()),
                Some("connection_ack") => {}
                _ => panic!("unexpected message {value}"),
            }
        }
    }
}

async fn events(socket: &mut Socket, count: usize) -> Vec<Value> {
    let mut received = Vec::new();
    while received.len() < count {
        match next_event(socket, Duration::from_secs(10)).await {
            Some(event) => received.push(event),
            None => panic!("only {} of {count} events arrived: {received:?}", received.len()),
        }
    }
    // And nothing more: each event exactly once.
    assert_eq!(next_event(socket, Duration::from_millis(1_500)).await, None, "an extra event after {received:?}");
    received
}

fn titles(events: &[Value]) -> Vec<&str> {
    events.iter().filter(|e| e["field"] == "title").filter_map(|e| e["newValue"].as_str()).collect()
}

async fn writes_through_any_process_reach_every_gateway(backend: Backend) {
    let a = TestApp::start(backend).await;
    let s = simple_board(&a).await;
    Board::new(&a.db).tasks(&s.web, &s.alice, 2).await;
    let (b, b_server) = second_gateway(a.database_url()).await;
    let token = &s.alice_token;
    let update = "mutation($t: String!) { updateTask(ref: \"WEB-1\", input: {title: $t}) { ref } }";

    // A known starting point in the log, so nothing races the subscription.
    graphql(&b, token, update, json!({"t": "start"})).await;
    let start = graphql(&a.base, token, "{ activity(first: 1) { nodes { cursor } } }", json!({})).await;
    let start = start["activity"]["nodes"][0]["cursor"].as_str().expect("an event cursor").to_owned();

    let mut socket = subscribe(&a.base, token, &start).await;
    for title in ["b1", "b2", "b3"] {
        graphql(&b, token, update, json!({"t": title})).await;
    }
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_tasklens"));
    command.args(["--database-url", a.database_url(), "mcp"]).env("TASKLENS_TOKEN", token).env("RUST_LOG", "warn");
    let mcp = Mcp::stdio(command).await;
    mcp.ok("update_task", json!({"ref": "WEB-1", "title": "from mcp"})).await;
    let received = events(&mut socket, 4).await;
    assert_eq!(titles(&received), ["b1", "b2", "b3", "from mcp"]);
    drop(socket);

    // Missed while away, then resumed from the last cursor seen.
    let last = received[3]["cursor"].as_str().expect("cursor").to_owned();
    graphql(&b, token, update, json!({"t": "missed 1"})).await;
    mcp.ok("update_task", json!({"ref": "WEB-2", "title": "missed 2"})).await;
    let mut socket = subscribe(&a.base, token, &last).await;
    assert_eq!(titles(&events(&mut socket, 2).await), ["missed 1", "missed 2"]);
    mcp.close().await;

    // A page cursor from one gateway resumes on the other.
    let page = "query($after: String) { tasks(first: 1, after: $after) { nodes { ref } pageInfo { endCursor } } }";
    let first = graphql(&a.base, token, page, json!({"after": null})).await;
    let second = graphql(&b, token, page, json!({"after": first["tasks"]["pageInfo"]["endCursor"]})).await;
    assert_ne!(first["tasks"]["nodes"][0]["ref"], second["tasks"]["nodes"][0]["ref"]);
    assert!(second["tasks"]["nodes"][0]["ref"].is_string(), "{second}");
    b_server.abort();
}

/// More events at once than the fan-out holds: the subscriber falls behind
/// and catches up from the log, missing none and repeating none.
async fn a_slow_subscriber_catches_up_from_the_log(backend: Backend) {
    use sea_orm::EntityTrait;
    let a = TestApp::start(backend).await;
    let s = simple_board(&a).await;
    let ids = Board::new(&a.db).tasks(&s.web, &s.alice, 1).await;
    let token = &s.alice_token;
    graphql(&a.base, token, "mutation { updateTask(ref: \"WEB-1\", input: {title: \"start\"}) { ref } }", json!({}))
        .await;
    let start = graphql(&a.base, token, "{ activity(first: 1) { nodes { cursor } } }", json!({})).await;
    let start = start["activity"]["nodes"][0]["cursor"].as_str().expect("cursor").to_owned();
    let mut socket = subscribe(&a.base, token, &start).await;
    // Written straight to the log, as another process would, in one burst.
    const BURST: usize = 3_000;
    for chunk in (0..BURST).collect::<Vec<_>>().chunks(500) {
        entity::task_event::Entity::insert_many(chunk.iter().map(|i| entity::task_event::ActiveModel {
            task_id: sea_orm::Set(ids[0]),
            project_id: sea_orm::Set(s.web.id),
            actor_id: sea_orm::Set(s.alice.id),
            at: sea_orm::Set(crate::support::t0()),
            field: sea_orm::Set("title".into()),
            old_value: sea_orm::Set(None),
            new_value: sea_orm::Set(Some(format!("burst {i}"))),
            ..Default::default()
        }))
        .exec(&a.db)
        .await
        .expect("burst");
    }
    let received = events(&mut socket, BURST).await;
    let expected: Vec<String> = (0..BURST).map(|i| format!("burst {i}")).collect();
    assert_eq!(titles(&received), expected.iter().map(String::as_str).collect::<Vec<_>>());
}

on_both_backends!(writes_through_any_process_reach_every_gateway, a_slow_subscriber_catches_up_from_the_log);
