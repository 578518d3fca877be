//! How long a write on one gateway takes to reach a subscriber of another
//! gateway on the same database: median and worst of 100 writes, on SQLite
//! (the watcher polls) and, with `TASKLENS_BENCH_POSTGRES_URL`, PostgreSQL
//! (LISTEN/NOTIFY). Prints a table.
//!
//! `cargo bench --bench live_latency`. Both gateways run in this process,
//! each with its own connections and its own feed, as two servers would.

#![allow(clippy::too_many_lines)]

#[path = "support/backends.rs"]
mod backends;

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use tasklens::demo::{self, DEMO_USERNAME, SeedOptions};
use tasklens::store::tokens;

const WRITES: usize = 100;

async fn measure(url: &str) -> (Duration, Duration) {
    let conn = tasklens::db::connect(url).await.expect("database");
    demo::seed(&conn, &SeedOptions { projects: 2, tasks: 20, seed: 1 }).await.expect("seed");
    let token = tokens::create_token(&conn, DEMO_USERNAME, None, false, "bench").await.expect("token");
    let (a, b) = (backends::gateway(url).await, backends::gateway(url).await);
    let client = reqwest::Client::new();
    let post =
        |query: String| client.post(format!("{b}/graphql")).bearer_auth(&token).json(&json!({"query": query})).send();
    let first: Value = post("{ tasks(first: 1) { nodes { ref project { key } } } }".into())
        .await
        .expect("request")
        .json()
        .await
        .expect("json");
    let task_ref = first["data"]["tasks"]["nodes"][0]["ref"].as_str().expect("a task").to_owned();
    let project = first["data"]["tasks"]["nodes"][0]["project"]["key"].as_str().expect("project").to_owned();

    let mut request = format!("{}/graphql/ws", a.replace("http", "ws")).into_client_request().expect("request");
    request.headers_mut().insert("Sec-WebSocket-Protocol", "graphql-transport-ws".parse().expect("header"));
    let (mut socket, _) = tokio_tungstenite::connect_async(request).await.expect("websocket");
    let init = json!({"type": "connection_init", "payload": {"Authorization": format!("Bearer {token}")}});
    socket.send(Message::text(init.to_string())).await.expect("init");
    let query = format!("subscription {{ taskEvents(project: \"{project}\") {{ newValue }} }}");
    socket
        .send(Message::text(json!({"id": "1", "type": "subscribe", "payload": {"query": query}}).to_string()))
        .await
        .expect("subscribe");
    tokio::time::sleep(Duration::from_millis(500)).await;

    let mut samples = Vec::with_capacity(WRITES);
    for i in 0..WRITES {
        let title = format!("latency {i}");
        let started = Instant::now();
        post(format!("mutation {{ updateTask(ref: \"{task_ref}\", input: {{title: \"{title}\"}}) {{ ref }} }}"))
            .await
            .expect("write");
        loop {
            let message = tokio::time::timeout(Duration::from_secs(5), socket.next())
                .await
                .expect("an event within 5 s")
                .expect("open")
                .expect("message");
            if let Message::Text(text) = message {
                let value: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
                if value["payload"]["data"]["taskEvents"]["newValue"] == title.as_str() {
                    break;
                }
            }
        }
        samples.push(started.elapsed());
    }
    samples.sort();
    (samples[WRITES / 2], samples[WRITES - 1])
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

#[tokio::main]
async fn main() {
    let rows = backends::each_backend("live", |url| async move { measure(&url).await }).await;
    println!("| backend | write on B to event on A: median | worst of {WRITES} |");
    println!("|---|---:|---:|");
    for (backend, (median, worst)) in rows {
        println!("| {backend} | {} | {} |", ms(median), ms(worst));
    }
}
