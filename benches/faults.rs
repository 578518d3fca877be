//! Faults between tasklens and PostgreSQL, measured. The built binary
//! serves through a TCP proxy of the bench's own (`tests/support/proxy.rs`)
//! while 8 writers create tasks over GraphQL and a graphql-ws subscriber
//! follows their project. The proxy then drops every connection (what a
//! restart does to them), stalls them (a partition that drops packets) and
//! blips them (dropped, healed at once); with `FAULTS_PG_CLUSTER` (e.g.
//! `15/main`) the real server is also restarted with `pg_ctlcluster`.
//!
//! Prints a row per fault (attempts that started during it and failed, the
//! slowest answer, the time from the heal to the first write that
//! succeeded) and the totals read back from the database: writes
//! acknowledged, lost, applied twice, applied though refused; events
//! missed and delivered twice; whether the subscription stayed open.
//!
//! `TASKLENS_BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres cargo bench --bench faults`
//! (a database of its own is made on that server and dropped after).

#![allow(clippy::too_many_lines)]

#[path = "../tests/support/proxy.rs"]
mod proxy;

use std::collections::HashMap;
use std::process::Stdio;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use sea_orm::{ConnectionTrait, Database, Statement};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use tasklens::demo::{self, DEMO_USERNAME, SeedOptions};
use tasklens::store::tokens;

const WRITERS: usize = 8;
/// How long each fault lasts, and how long the bench watches after it healed.
const FAULT: Duration = Duration::from_secs(6);
const AFTER: Duration = Duration::from_secs(8);
const CREATE: &str = "mutation($project: String!, $title: String!) {
    createTask(input: {project: $project, title: $title}) { ref } }";

/// One write a writer tried.
struct Attempt {
    title: String,
    started: Instant,
    took: Duration,
    acknowledged: bool,
}

#[derive(Default)]
struct Seen {
    attempts: Vec<Attempt>,
    /// Refs of the tasks whose creation the subscription delivered.
    events: Vec<String>,
    /// Events delivered with an error beside their data (a field the
    /// database could not resolve then).
    events_with_errors: usize,
    /// How the subscription ended, if it did.
    ended: Option<String>,
}

/// Creates tasks `w{writer}-{n}` until `stop`, each attempt recorded.
async fn writer(
    id: usize,
    base: String,
    token: String,
    project: String,
    seen: Arc<Mutex<Seen>>,
    stop: Arc<AtomicBool>,
) {
    let client = reqwest::Client::builder().timeout(Duration::from_secs(60)).build().expect("client");
    let mut n = 0;
    while !stop.load(Ordering::SeqCst) {
        n += 1;
        let title = format!("w{id}-{n}");
        let started = Instant::now();
        let request = client
            .post(format!("{base}/graphql"))
            .bearer_auth(&token)
            .json(&json!({"query": CREATE, "variables": {"project": project, "title": title}}));
        let acknowledged = match request.send().await {
            Ok(response) => {
                response.json::<Value>().await.is_ok_and(|body| body["data"]["createTask"]["ref"].is_string())
            }
            Err(_) => false,
        };
        let took = started.elapsed();
        seen.lock().expect("seen").attempts.push(Attempt { title, started, took, acknowledged });
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Follows the project's events until the socket closes.
async fn subscriber(base: String, token: String, project: String, seen: Arc<Mutex<Seen>>) {
    let mut request = format!("{}/graphql/ws", base.replace("http", "ws")).into_client_request().expect("request");
    request.headers_mut().insert("Sec-WebSocket-Protocol", "graphql-transport-ws".parse().expect("header"));
    let (mut socket, _) = tokio_tungstenite::connect_async(request).await.expect("websocket");
    let init = json!({"type": "connection_init", "payload": {"Authorization": format!("Bearer {token}")}});
    socket.send(Message::text(init.to_string())).await.expect("init");
    let query = format!("subscription {{ taskEvents(project: \"{project}\") {{ field newValue task {{ title }} }} }}");
    let subscribe = json!({"id": "1", "type": "subscribe", "payload": {"query": query}});
    socket.send(Message::text(subscribe.to_string())).await.expect("subscribe");
    while let Some(message) = socket.next().await {
        match message {
            Ok(Message::Text(text)) => {
                let event: Value = serde_json::from_str(&text).unwrap_or_default();
                let data = &event["payload"]["data"]["taskEvents"];
                if event["type"] == "next" && data["field"] == "created" {
                    let created = data["newValue"].as_str().unwrap_or_default().to_owned();
                    let mut seen = seen.lock().expect("seen");
                    seen.events.push(created);
                    if event["payload"]["errors"].is_array() {
                        seen.events_with_errors += 1;
                    }
                } else if event["type"] == "error" || event["type"] == "complete" {
                    seen.lock().expect("seen").ended = Some(text.to_string());
                    return;
                }
            }
            Ok(Message::Close(frame)) => {
                seen.lock().expect("seen").ended = Some(format!("closed: {frame:?}"));
                return;
            }
            Ok(_) => {}
            Err(err) => {
                seen.lock().expect("seen").ended = Some(format!("socket error: {err}"));
                return;
            }
        }
    }
    seen.lock().expect("seen").ended = Some("the socket ended".into());
}

/// What happened from a fault's start to the end of the watch after it.
struct Row {
    fault: &'static str,
    lasted: Duration,
    attempts: usize,
    failed: usize,
    slowest: Duration,
    recovered: Option<Duration>,
}

fn row(fault: &'static str, seen: &Seen, from: Instant, healed: Instant, until: Instant) -> Row {
    let during: Vec<&Attempt> = seen.attempts.iter().filter(|a| a.started >= from && a.started < until).collect();
    let recovered = seen
        .attempts
        .iter()
        .filter(|a| a.started >= healed && a.acknowledged)
        .map(|a| (a.started + a.took).duration_since(healed))
        .min();
    Row {
        fault,
        lasted: healed.duration_since(from),
        attempts: during.len(),
        failed: during.iter().filter(|a| !a.acknowledged).count(),
        slowest: during.iter().map(|a| a.took).max().unwrap_or_default(),
        recovered,
    }
}

async fn server_ready(base: &str) {
    for _ in 0..200 {
        if reqwest::get(format!("{base}/healthz")).await.is_ok_and(|r| r.status() == 200) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the server did not come up");
}

fn restart_cluster(cluster: &str) {
    let (version, name) = cluster.split_once('/').expect("FAULTS_PG_CLUSTER is VERSION/NAME, e.g. 15/main");
    let status = std::process::Command::new("pg_ctlcluster")
        .args(["--skip-systemctl-redirect", version, name, "restart"])
        .status()
        .expect("pg_ctlcluster runs");
    assert!(status.success(), "pg_ctlcluster restart failed");
}

#[tokio::main]
async fn main() {
    let Ok(admin_url) = std::env::var("TASKLENS_BENCH_POSTGRES_URL") else {
        eprintln!("set TASKLENS_BENCH_POSTGRES_URL to a PostgreSQL server (see the top of benches/faults.rs)");
        return;
    };
    let name = format!("tasklens_faults_{}", std::process::id());
    let admin = Database::connect(&admin_url).await.expect("PostgreSQL");
    admin.execute_unprepared(&format!("CREATE DATABASE {name}")).await.expect("create database");
    let mut direct = url::Url::parse(&admin_url).expect("URL");
    direct.set_path(&format!("/{name}"));
    let conn = tasklens::db::connect(direct.as_str()).await.expect("database");
    demo::seed(&conn, &SeedOptions { projects: 2, tasks: 50, seed: 1 }).await.expect("seed");
    let token = tokens::create_token(&conn, DEMO_USERNAME, None, false, "faults").await.expect("token");

    let upstream = format!("{}:{}", direct.host_str().unwrap_or("127.0.0.1"), direct.port().unwrap_or(5432));
    let proxy = proxy::Proxy::start(upstream).await;
    let mut proxied = direct.clone();
    proxied.set_port(Some(proxy.port)).expect("a port");
    let port = std::net::TcpListener::bind("127.0.0.1:0").expect("a port").local_addr().expect("port").port();
    let log = std::env::temp_dir().join(format!("{name}.log"));
    let mut server = tokio::process::Command::new(env!("CARGO_BIN_EXE_tasklens"))
        .args(["--database-url", proxied.as_str(), "serve", "--listen", &format!("127.0.0.1:{port}")])
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).expect("log file"))
        .kill_on_drop(true)
        .spawn()
        .expect("the binary starts");
    let base = format!("http://127.0.0.1:{port}");
    server_ready(&base).await;
    let projects: Value = reqwest::Client::new()
        .post(format!("{base}/graphql"))
        .bearer_auth(&token)
        .json(&json!({"query": "{ projects(first: 1) { nodes { key } } }"}))
        .send()
        .await
        .expect("projects")
        .json()
        .await
        .expect("json");
    let project = projects["data"]["projects"]["nodes"][0]["key"].as_str().expect("a project").to_owned();

    let seen = Arc::new(Mutex::new(Seen::default()));
    let stop = Arc::new(AtomicBool::new(false));
    tokio::spawn(subscriber(base.clone(), token.clone(), project.clone(), seen.clone()));
    tokio::time::sleep(Duration::from_secs(1)).await;
    let writers: Vec<_> = (0..WRITERS)
        .map(|id| tokio::spawn(writer(id, base.clone(), token.clone(), project.clone(), seen.clone(), stop.clone())))
        .collect();
    tokio::time::sleep(Duration::from_secs(5)).await;

    let mut rows = Vec::new();
    let fault = |name: &'static str, start: Box<dyn Fn()>, heal: Box<dyn Fn()>, lasts: Duration| {
        let seen = seen.clone();
        async move {
            let from = Instant::now();
            start();
            tokio::time::sleep(lasts).await;
            heal();
            let healed = Instant::now();
            tokio::time::sleep(AFTER).await;
            row(name, &seen.lock().expect("seen"), from, healed, Instant::now())
        }
    };
    let proxy = Arc::new(proxy);
    let (p1, p2) = (proxy.clone(), proxy.clone());
    rows.push(
        fault("every connection dropped, 6 s", Box::new(move || p1.cut()), Box::new(move || p2.restore()), FAULT).await,
    );
    let (p1, p2) = (proxy.clone(), proxy.clone());
    rows.push(
        fault("every connection stalled, 6 s", Box::new(move || p1.stall()), Box::new(move || p2.restore()), FAULT)
            .await,
    );
    let (p1, p2) = (proxy.clone(), proxy.clone());
    rows.push(
        fault(
            "every connection dropped once",
            Box::new(move || p1.cut()),
            Box::new(move || p2.restore()),
            Duration::ZERO,
        )
        .await,
    );
    if let Ok(cluster) = std::env::var("FAULTS_PG_CLUSTER") {
        rows.push(
            fault(
                "pg_ctlcluster restart",
                Box::new(move || restart_cluster(&cluster)),
                Box::new(|| {}),
                Duration::ZERO,
            )
            .await,
        );
    }

    stop.store(true, Ordering::SeqCst);
    for writer in writers {
        writer.await.ok();
    }
    // The last events reach the subscriber.
    tokio::time::sleep(Duration::from_secs(3)).await;

    let stored = conn
        .query_all_raw(Statement::from_string(
            conn.get_database_backend(),
            "SELECT t.title, MIN(p.key || '-' || t.number), COUNT(*) FROM task t JOIN project p ON p.id = t.project_id \
             WHERE t.title LIKE 'w%-%' GROUP BY t.title",
        ))
        .await
        .expect("read back");
    // By title: the task's ref and how many tasks bear it.
    let stored: HashMap<String, (String, i64)> = stored
        .iter()
        .map(|r| {
            let title = r.try_get_by_index::<String>(0).expect("title");
            (title, (r.try_get_by_index::<String>(1).expect("ref"), r.try_get_by_index::<i64>(2).expect("count")))
        })
        .collect();
    let seen = std::mem::take(&mut *seen.lock().expect("seen"));
    let acknowledged: Vec<&Attempt> = seen.attempts.iter().filter(|a| a.acknowledged).collect();
    let lost = acknowledged.iter().filter(|a| !stored.contains_key(&a.title)).count();
    let doubled = stored.values().filter(|(_, count)| *count > 1).count();
    let applied_refused = seen.attempts.iter().filter(|a| !a.acknowledged && stored.contains_key(&a.title)).count();
    let mut delivered: HashMap<&str, usize> = HashMap::new();
    for title in &seen.events {
        *delivered.entry(title.as_str()).or_default() += 1;
    }
    let missed = stored.values().filter(|(created, _)| !delivered.contains_key(created.as_str())).count();
    let twice = delivered.values().filter(|n| **n > 1).count();

    println!("| fault | lasted | attempts | failed | slowest answer | first write after the heal |");
    println!("|---|---:|---:|---:|---:|---:|");
    for r in &rows {
        let recovered = r.recovered.map_or_else(|| "none".to_owned(), |d| format!("{:.2} s", d.as_secs_f64()));
        let (lasted, slowest) = (r.lasted.as_secs_f64(), r.slowest.as_secs_f64());
        println!("| {} | {lasted:.1} s | {} | {} | {slowest:.2} s | {recovered} |", r.fault, r.attempts, r.failed);
    }
    println!();
    println!(
        "| writes | acknowledged | lost | applied twice | applied though refused | stored | events missed | events twice | events with an error | subscription |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
    println!(
        "| {} | {} | {lost} | {doubled} | {applied_refused} | {} | {missed} | {twice} | {} | {} |",
        seen.attempts.len(),
        acknowledged.len(),
        stored.len(),
        seen.events_with_errors,
        seen.ended.as_deref().unwrap_or("open to the end"),
    );
    println!("\nserver log: {}", log.display());

    server.kill().await.ok();
    conn.close().await.ok();
    if std::env::var_os("FAULTS_KEEP").is_none() {
        admin.execute_unprepared(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).await.ok();
    }
}
