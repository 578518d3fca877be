//! How long a write on one gateway takes to reach a subscriber of another
//! gateway on the same database: median and worst of 100 writes, on SQLite
//! (the watcher polls) and, with `TASKLENS_BENCH_POSTGRES_URL`, PostgreSQL
//! (LISTEN/NOTIFY). Prints a table.
//!
//! `cargo bench --bench live_latency`. Both gateways run in this process,
//! each with its own connections and its own feed, as two servers would.

#![allow(clippy::too_many_lines)]

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use sea_orm::{ConnectionTrait, Database};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use tasklens::config::Settings;
use tasklens::demo::{self, DEMO_USERNAME, SeedOptions};
use tasklens::store::tokens;
use tasklens::{App, http};

const WRITES: usize = 100;

async fn gateway(url: &str) -> String {
    let conn = tasklens::db::connect(url).await.expect("database");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("address"));
    let app = App::new(conn, Settings::default());
    let router = http::router(app.clone(), tasklens::mcp::ServedTools::new(&app));
    tokio::spawn(async move { axum::serve(listener, router).await.ok() });
    base
}

async fn measure(url: &str) -> (Duration, Duration) {
    let conn = tasklens::db::connect(url).await.expect("database");
    demo::seed(&conn, &SeedOptions { projects: 2, tasks: 20, seed: 1 }).await.expect("seed");
    let token = tokens::create_token(&conn, DEMO_USERNAME, None, false, "bench").await.expect("token");
    let (a, b) = (gateway(url).await, gateway(url).await);
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
    let mut rows = Vec::new();
    let path = std::env::temp_dir().join(format!("tasklens-live-{}.db", std::process::id()));
    rows.push(("SQLite", measure(&format!("sqlite://{}?mode=rwc", path.display())).await));
    for suffix in ["", "-wal", "-shm"] {
        std::fs::remove_file(format!("{}{suffix}", path.display())).ok();
    }
    if let Ok(admin_url) = std::env::var("TASKLENS_BENCH_POSTGRES_URL") {
        let name = format!("tasklens_live_{}", std::process::id());
        let admin = Database::connect(&admin_url).await.expect("PostgreSQL");
        admin.execute_unprepared(&format!("CREATE DATABASE {name}")).await.expect("create database");
        let mut url = url::Url::parse(&admin_url).expect("URL");
        url.set_path(&format!("/{name}"));
        rows.push(("PostgreSQL", measure(url.as_str()).await));
        admin.execute_unprepared(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).await.ok();
    }
    println!("| backend | write on B to event on A: median | worst of {WRITES} |");
    println!("|---|---:|---:|");
    for (backend, (median, worst)) in rows {
        println!("| {backend} | {} | {} |", ms(median), ms(worst));
    }
}
