//! `taskEvents(project)` over graphql-ws at /graphql/ws.

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use crate::on_both_backends;
use crate::support::{Backend, TestApp, simple_board};

pub(crate) type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

pub(crate) async fn connect(app: &TestApp, token: &str) -> Socket {
    let mut request = format!("{}/graphql/ws", app.base.replace("http", "ws")).into_client_request().expect("request");
    request.headers_mut().insert("Sec-WebSocket-Protocol", "graphql-transport-ws".parse().expect("header"));
    let (mut socket, _) = tokio_tungstenite::connect_async(request).await.expect("websocket");
    let init = json!({"type": "connection_init", "payload": {"Authorization": format!("Bearer {token}")}});
    socket.send(Message::text(init.to_string())).await.expect("init");
    let ack = next_json(&mut socket).await;
    assert_eq!(ack["type"], "connection_ack", "{ack}");
    socket
}

pub(crate) async fn next_json(socket: &mut Socket) -> Value {
    loop {
        let message = tokio::time::timeout(std::time::Duration::from_secs(10), socket.next())
            .await
            .expect("a message within 10 s")
            .expect("open socket")
            .expect("message");
        if let Message::Text(text) = message {
            return serde_json::from_str(&text).expect("json");
        }
    }
}

/// The code of the close frame the server ends the connection with, within
/// 15 seconds; None when it ends without one.
async fn close_code(socket: &mut Socket) -> Option<u16> {
    let closed = tokio::time::timeout(std::time::Duration::from_secs(15), async {
        loop {
            match socket.next().await {
                Some(Ok(Message::Close(frame))) => break frame.map(|f| u16::from(f.code)),
                Some(Ok(_)) => continue,
                _ => break None,
            }
        }
    });
    closed.await.expect("closed within 15 s")
}

async fn subscribers_receive_the_projects_events(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let mut socket = connect(&app, &s.alice_token).await;
    let subscribe = json!({"id": "1", "type": "subscribe", "payload": {"query": "subscription { taskEvents(project: \"WEB\") { field newValue actor { username } } }"}});
    socket.send(Message::text(subscribe.to_string())).await.expect("subscribe");
    // The subscription is live once the server has processed it; retry the
    // write until the event arrives.
    let mut event = Value::Null;
    for _ in 0..20 {
        app.ok(
            &s.alice_token,
            "mutation { createTask(input: {project: \"WEB\", title: \"Live\"}) { ref } }",
            json!({}),
        )
        .await;
        if let Ok(message) = tokio::time::timeout(std::time::Duration::from_millis(500), next_json(&mut socket)).await {
            event = message;
            break;
        }
    }
    assert_eq!(event["type"], "next", "{event}");
    assert_eq!(event["payload"]["data"]["taskEvents"]["field"], "created");
    assert_eq!(event["payload"]["data"]["taskEvents"]["actor"]["username"], "alice");
}

async fn subscribing_to_an_unseen_project_is_not_found(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let mut socket = connect(&app, &s.alice_token).await;
    let subscribe = json!({"id": "1", "type": "subscribe", "payload": {"query": "subscription { taskEvents(project: \"NOPE\") { field } }"}});
    socket.send(Message::text(subscribe.to_string())).await.expect("subscribe");
    let reply = next_json(&mut socket).await;
    assert_eq!(reply["payload"]["errors"][0]["extensions"]["code"], "NOT_FOUND", "{reply}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn document_errors_over_graphql_ws_carry_a_code() {
    let app = TestApp::start(Backend::Sqlite).await;
    let s = simple_board(&app).await;
    let mut socket = connect(&app, &s.alice_token).await;
    for (id, query) in [("1", "{ nope }"), ("2", "{ viewer { "), ("3", "subscription { taskEvents { field } }")] {
        let subscribe = json!({"id": id, "type": "subscribe", "payload": {"query": query}});
        socket.send(Message::text(subscribe.to_string())).await.expect("subscribe");
        let mut reply = next_json(&mut socket).await;
        while reply["type"] == "complete" {
            reply = next_json(&mut socket).await;
        }
        let error = if reply["payload"].is_array() { &reply["payload"][0] } else { &reply["payload"]["errors"][0] };
        assert_eq!(error["extensions"]["code"], "BAD_USER_INPUT", "{query}: {reply}");
    }
}

/// The subprotocol the handshake answers is the one spoken; an upgrade that
/// asks for none spoken here is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_handshake_names_the_protocol_spoken() {
    let app = TestApp::start(Backend::Sqlite).await;
    let url = format!("{}/graphql/ws", app.base.replace("http", "ws"));
    for (asked, answered) in [
        ("graphql-transport-ws", "graphql-transport-ws"),
        ("graphql-ws", "graphql-ws"),
        ("graphql-ws, graphql-transport-ws", "graphql-transport-ws"),
    ] {
        let mut request = url.as_str().into_client_request().expect("request");
        request.headers_mut().insert("Sec-WebSocket-Protocol", asked.parse().expect("header"));
        let (mut socket, response) = tokio_tungstenite::connect_async(request).await.expect("websocket");
        let chosen = response.headers().get("sec-websocket-protocol").and_then(|v| v.to_str().ok());
        assert_eq!(chosen, Some(answered), "{asked}");
        // Without a connection_init the server closes with the code of the
        // protocol it answered: graphql-transport-ws's 4408.
        if answered == "graphql-transport-ws" {
            assert_eq!(close_code(&mut socket).await, Some(4408), "{asked}");
        }
    }
    let mut request = url.as_str().into_client_request().expect("request");
    request.headers_mut().insert("Sec-WebSocket-Protocol", "mqtt".parse().expect("header"));
    let refused = tokio_tungstenite::connect_async(request).await.expect_err("no protocol spoken here");
    assert!(refused.to_string().contains("400"), "{refused}");
}

/// One connection runs at most 100 operations at once: one more is refused
/// with an error for its id, and the connection goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_runs_a_bounded_number_of_operations() {
    let app = TestApp::start(Backend::Sqlite).await;
    let s = simple_board(&app).await;
    let mut socket = connect(&app, &s.alice_token).await;
    let subscribe = |id: &str, query: &str| {
        Message::text(json!({"id": id, "type": "subscribe", "payload": {"query": query}}).to_string())
    };
    let live = "subscription { taskEvents(project: \"WEB\") { field } }";
    for i in 0..100 {
        socket.send(subscribe(&i.to_string(), live)).await.expect("subscribe");
    }
    socket.send(subscribe("one-more", "{ viewer { username } }")).await.expect("subscribe");
    let refused = next_json(&mut socket).await;
    assert_eq!((refused["id"].as_str(), refused["type"].as_str()), (Some("one-more"), Some("error")), "{refused}");
    assert_eq!(refused["payload"][0]["extensions"]["code"], "BAD_USER_INPUT", "{refused}");
    assert!(refused["payload"][0]["message"].as_str().is_some_and(|m| m.contains("100")), "{refused}");

    socket.send(Message::text(json!({"id": "0", "type": "complete"}).to_string())).await.expect("complete");
    socket.send(subscribe("after", "{ viewer { username } }")).await.expect("subscribe");
    let mut answer = next_json(&mut socket).await;
    while answer["id"] != "after" {
        answer = next_json(&mut socket).await;
    }
    assert_eq!(answer["payload"]["data"]["viewer"]["username"], "alice", "a freed place is taken: {answer}");

    // An id that is not an id ends the connection, as the protocol says of
    // a message it cannot take.
    socket.send(subscribe(&"x".repeat(200), "{ viewer { username } }")).await.expect("subscribe");
    assert_eq!(close_code(&mut socket).await, Some(4400));
}

/// A front end reads a board with its project's `lastEventCursor`, then
/// subscribes after it: a change made between the read and the subscription
/// arrives, and nothing older does.
async fn a_read_and_a_subscription_from_its_last_event_cursor_miss_nothing(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let t = &s.alice_token;
    let cursor_of = async || {
        let read = app.ok(t, "{ project(key: \"WEB\") { lastEventCursor } }", json!({})).await;
        read["project"]["lastEventCursor"].clone()
    };
    assert_eq!(cursor_of().await, Value::Null, "no change yet");
    let create = "mutation($title: String!) { createTask(input: {project: \"WEB\", title: $title}) { ref } }";
    app.ok(t, create, json!({"title": "before the read"})).await;
    let read = cursor_of().await;
    let after = read.as_str().expect("a cursor after a change").to_owned();
    let between = app.ok(t, create, json!({"title": "between the read and the subscription"})).await;

    let mut socket = connect(&app, t).await;
    let query =
        "subscription($after: String) { taskEvents(project: \"WEB\", after: $after) { field newValue cursor } }";
    let subscribe = json!({"id": "1", "type": "subscribe", "payload": {"query": query, "variables": {"after": after}}});
    socket.send(Message::text(subscribe.to_string())).await.expect("subscribe");
    let first = next_json(&mut socket).await;
    let event = &first["payload"]["data"]["taskEvents"];
    let made = between["createTask"]["ref"].clone();
    assert_eq!((event["field"].clone(), event["newValue"].clone()), (json!("created"), made), "{first}");
    assert_eq!(cursor_of().await, event["cursor"], "the cursor of the latest change");
}

/// Each event, and each operation of one connection, reads the task as it
/// is then: nothing read for an earlier one is handed out again.
async fn every_event_and_operation_reads_the_task_afresh(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let t = &s.alice_token;
    app.ok(t, "mutation { createTask(input: {project: \"WEB\", title: \"First\"}) { ref } }", json!({})).await;
    let cursor =
        app.ok(t, "{ project(key: \"WEB\") { lastEventCursor } }", json!({})).await["project"]["lastEventCursor"]
            .clone();
    let mut socket = connect(&app, t).await;
    let query = "subscription($after: String) { taskEvents(project: \"WEB\", after: $after) { newValue task { title labels { name } } } }";
    let subscribe =
        json!({"id": "1", "type": "subscribe", "payload": {"query": query, "variables": {"after": cursor}}});
    socket.send(Message::text(subscribe.to_string())).await.expect("subscribe");
    let rename = "mutation($t: String!) { updateTask(ref: \"WEB-1\", input: {title: $t}) { ref } }";
    for title in ["Second", "Third"] {
        app.ok(t, rename, json!({"t": title})).await;
        let event = next_json(&mut socket).await;
        assert_eq!(event["payload"]["data"]["taskEvents"]["newValue"], title, "{event}");
        assert_eq!(event["payload"]["data"]["taskEvents"]["task"]["title"], title, "the task as it is now: {event}");
    }
    // Two reads over the same connection, a write between them.
    let read =
        |id: &str| json!({"id": id, "type": "subscribe", "payload": {"query": "{ task(ref: \"WEB-1\") { title } }"}});
    socket.send(Message::text(read("2").to_string())).await.expect("read");
    let mut seen = Vec::new();
    while seen.is_empty() {
        let message = next_json(&mut socket).await;
        if message["id"] == "2" && message["type"] == "next" {
            seen.push(message["payload"]["data"]["task"]["title"].clone());
        }
    }
    app.ok(t, rename, json!({"t": "Fourth"})).await;
    socket.send(Message::text(read("3").to_string())).await.expect("read");
    loop {
        let message = next_json(&mut socket).await;
        if message["id"] == "3" && message["type"] == "next" {
            seen.push(message["payload"]["data"]["task"]["title"].clone());
            break;
        }
    }
    assert_eq!(seen, [json!("Third"), json!("Fourth")]);
}

on_both_backends!(
    subscribers_receive_the_projects_events,
    subscribing_to_an_unseen_project_is_not_found,
    a_read_and_a_subscription_from_its_last_event_cursor_miss_nothing,
    every_event_and_operation_reads_the_task_afresh,
);
