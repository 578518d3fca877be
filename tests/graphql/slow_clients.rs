//! Slow and idle clients over real sockets: headers dribbled a byte at a
//! time, a body that never arrives, a kept-alive connection left idle and
//! connections past the cap are closed, while healthy clients are served
//! and a quiet graphql-ws subscription stays open (the server pings it).

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

use crate::subscription::{connect, next_json};
use crate::support::{Backend, TestApp, simple_board};
use tasklens::config::{Connections, Limits, Settings};

fn quick(max_connections: u32) -> Settings {
    Settings {
        limits: Limits { body_read_timeout: 1, ..Limits::default() },
        connections: Connections { max_connections, header_read_timeout: 1, idle_timeout: 3, shutdown_grace: 10 },
        ..Settings::default()
    }
}

async fn open(app: &TestApp) -> TcpStream {
    TcpStream::connect(app.base.trim_start_matches("http://")).await.expect("connect")
}

/// Reads until the server closes the connection; what it sent, and when.
async fn until_closed(stream: &mut TcpStream, within: Duration) -> (String, Duration) {
    let started = Instant::now();
    let mut received = Vec::new();
    let mut buffer = [0u8; 4096];
    loop {
        match tokio::time::timeout(within.saturating_sub(started.elapsed()), stream.read(&mut buffer)).await {
            Ok(Ok(0) | Err(_)) => break,
            Ok(Ok(n)) => received.extend_from_slice(&buffer[..n]),
            Err(_) => panic!("still open after {within:?}; received {:?}", String::from_utf8_lossy(&received)),
        }
    }
    (String::from_utf8_lossy(&received).into_owned(), started.elapsed())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dribbled_headers_and_idle_connections_are_closed_and_others_served() {
    let app = TestApp::start_with_settings(Backend::Sqlite, quick(1_024)).await;
    let s = simple_board(&app).await;
    let mut dribblers = Vec::new();
    for _ in 0..50 {
        let mut stream = open(&app).await;
        stream.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n").await.expect("write");
        dribblers.push(stream);
    }
    let dribbling = tokio::spawn(async move {
        for _ in 0..30 {
            for stream in &mut dribblers {
                stream.write_all(b"X").await.ok();
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        dribblers
    });
    // A healthy client is served while they dribble (how fast is the
    // benches' to say).
    let data = app.ok(&s.alice_token, "{ viewer { username } }", json!({})).await;
    assert_eq!(data["viewer"]["username"], "alice");
    let mut dribblers = dribbling.await.expect("dribbling");
    for stream in &mut dribblers {
        let (_, after) = until_closed(stream, Duration::from_secs(5)).await;
        assert!(after < Duration::from_secs(5));
    }
    // Silent from the start, and idle after a request on a kept-alive one.
    let mut silent = open(&app).await;
    until_closed(&mut silent, Duration::from_secs(4)).await;
    let mut kept = open(&app).await;
    kept.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n").await.expect("write");
    let (answer, _) = until_closed(&mut kept, Duration::from_secs(4)).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_that_does_not_arrive_is_answered_408() {
    let app = TestApp::start_with_settings(Backend::Sqlite, quick(1_024)).await;
    let s = simple_board(&app).await;
    let mut streams = Vec::new();
    for _ in 0..20 {
        let mut stream = open(&app).await;
        let head = format!(
            "POST /graphql HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {}\r\nContent-Type: application/json\r\n\
             Content-Length: 1000\r\n\r\n{{\"query\": ",
            s.alice_token
        );
        stream.write_all(head.as_bytes()).await.expect("write");
        streams.push(stream);
    }
    for stream in &mut streams {
        let (answer, after) = until_closed(stream, Duration::from_secs(5)).await;
        assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
        assert!(answer.contains("did not arrive within 1 s"), "{answer}");
        assert!(after < Duration::from_secs(5));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_past_the_cap_are_closed_at_once() {
    let app = TestApp::start_with_settings(Backend::Sqlite, quick(4)).await;
    let mut held = Vec::new();
    for _ in 0..4 {
        held.push(open(&app).await);
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut extra = open(&app).await;
    extra.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n").await.ok();
    // A whole request, closed unanswered: the cap, not a deadline.
    let (answer, _) = until_closed(&mut extra, Duration::from_secs(5)).await;
    assert!(answer.is_empty(), "served past the cap: {answer}");
    drop(held);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let healthy = reqwest::get(format!("{}/healthz", app.base)).await.expect("served once they closed");
    assert_eq!(healthy.status(), 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_quiet_subscription_outlives_the_idle_deadline() {
    let app = TestApp::start_with_settings(Backend::Sqlite, quick(1_024)).await;
    let s = simple_board(&app).await;
    let mut socket = connect(&app, &s.alice_token).await;
    let subscribe = json!({"id": "events", "type": "subscribe",
        "payload": {"query": "subscription { taskEvents(project: \"WEB\") { field } }"}});
    socket.send(Message::text(subscribe.to_string())).await.expect("subscribe");
    // Twice the idle deadline with nothing to say; the client's library
    // answers the server's pings as it reads.
    let quiet = tokio::time::timeout(Duration::from_secs(6), async {
        while let Some(message) = socket.next().await {
            let message = message.expect("open");
            assert!(matches!(message, Message::Ping(_)), "{message:?}");
        }
        panic!("closed while quiet");
    });
    assert!(quiet.await.is_err(), "open for the whole wait");
    let query = json!({"id": "q", "type": "subscribe", "payload": {"query": "{ viewer { username } }"}});
    socket.send(Message::text(query.to_string())).await.expect("still open");
    let mut reply = next_json(&mut socket).await;
    while reply["id"] != "q" {
        reply = next_json(&mut socket).await;
    }
    assert_eq!(reply["payload"]["data"]["viewer"]["username"], "alice", "{reply}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_websocket_client_that_never_answers_is_closed() {
    let app = TestApp::start_with_settings(Backend::Sqlite, quick(1_024)).await;
    let mut stream = open(&app).await;
    let upgrade = "GET /graphql/ws HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\
                   Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
                   Sec-WebSocket-Protocol: graphql-transport-ws\r\n\r\n";
    stream.write_all(upgrade.as_bytes()).await.expect("write");
    let (received, after) = until_closed(&mut stream, Duration::from_secs(15)).await;
    assert!(received.starts_with("HTTP/1.1 101"), "{received}");
    // Closed by graphql-ws's own deadline for `connection_init` (10 s) or
    // by the idle one (3 s), whichever comes first.
    assert!(after < Duration::from_secs(8), "{after:?}");
}

/// An upgraded connection keeps its place under the cap for as long as it
/// lives.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websockets_count_against_the_cap() {
    let app = TestApp::start_with_settings(Backend::Sqlite, quick(2)).await;
    let s = simple_board(&app).await;
    let first = connect(&app, &s.alice_token).await;
    let second = connect(&app, &s.alice_token).await;
    let mut extra = open(&app).await;
    extra.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n").await.ok();
    let (answer, _) = until_closed(&mut extra, Duration::from_secs(5)).await;
    assert!(answer.is_empty(), "served past the cap: {answer}");
    drop((first, second));
    tokio::time::sleep(Duration::from_millis(300)).await;
    let healthy = reqwest::get(format!("{}/healthz", app.base)).await.expect("served once they closed");
    assert_eq!(healthy.status(), 200);
}
