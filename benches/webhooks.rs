//! Webhooks out: what three subscribed endpoints add to a task write (the
//! outbox rows written in the write's transaction), writes without and with
//! them alternating, and deliveries per second from one gateway to a local
//! receiver that answers 204 at once; on SQLite and, with
//! `TASKLENS_BENCH_POSTGRES_URL`, PostgreSQL. Prints a table.
//!
//! `cargo bench --bench webhooks`.

#[path = "support/backends.rs"]
mod backends;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use tasklens::config::Settings;
use tasklens::demo::{self, DEMO_USERNAME, SeedOptions};
use tasklens::store::{PageLimits, Store, tokens};

const ENDPOINTS: usize = 3;
const WRITES_PER_ROUND: usize = 100;
const ROUNDS: usize = 3;

async fn graphql(client: &reqwest::Client, base: &str, token: &str, query: &str, variables: Value) -> Value {
    let body: Value = client
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

/// A receiver on loopback answering 204 at once; how many it got.
async fn receiver() -> (String, Arc<AtomicU64>) {
    let count = Arc::new(AtomicU64::new(0));
    let counted = count.clone();
    let app = axum::Router::new().route(
        "/hook",
        axum::routing::post(move || {
            let counted = counted.clone();
            async move {
                counted.fetch_add(1, Ordering::Relaxed);
                axum::http::StatusCode::NO_CONTENT
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let url = format!("http://{}/hook", listener.local_addr().expect("address"));
    tokio::spawn(async move { axum::serve(listener, app).await.ok() });
    (url, count)
}

fn median(mut values: Vec<Duration>) -> Duration {
    values.sort_unstable();
    values[values.len() / 2]
}

struct Row {
    without: Duration,
    with: Duration,
    deliveries: u64,
    per_second: f64,
}

async fn measure(url: &str) -> Row {
    let conn = tasklens::db::connect(url).await.expect("database");
    demo::seed(&conn, &SeedOptions { projects: 1, tasks: 400, seed: 7 }).await.expect("seed");
    let token = tokens::create_token(&conn, DEMO_USERNAME, None, false, "bench").await.expect("token");
    let settings = Settings { webhooks_allow_http_loopback: true, ..Settings::default() };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("address"));
    let app = tasklens::App::new(conn.clone(), settings);
    let router = tasklens::http::router(app.clone(), tasklens::mcp::ServedTools::new(&app));
    tokio::spawn(async move { axum::serve(listener, router).await.ok() });
    let client = reqwest::Client::new();
    let (hook_url, received) = receiver().await;
    let found = graphql(
        &client,
        &base,
        &token,
        "{ workspaces(first: 1) { nodes { key projects(first: 1) { nodes {
        tasks(first: 200) { nodes { ref } } } } } } }",
        json!({}),
    )
    .await;
    let workspace = found["workspaces"]["nodes"][0]["key"].as_str().expect("a workspace").to_owned();
    let refs: Vec<String> = found["workspaces"]["nodes"][0]["projects"]["nodes"][0]["tasks"]["nodes"]
        .as_array()
        .expect("tasks")
        .iter()
        .filter_map(|t| t["ref"].as_str().map(str::to_owned))
        .collect();
    let update = "mutation($ref: String!, $t: String!) { updateTask(ref: $ref, input: {title: $t}) { ref } }";
    let create =
        "mutation($w: String!, $u: String!) { createWebhook(input: {workspace: $w, url: $u}) { webhook { id } } }";
    let (mut without, mut with) = (Vec::new(), Vec::new());
    let mut n = 0;
    for _ in 0..ROUNDS {
        for subscribed in [false, true] {
            let mut hooks = Vec::new();
            if subscribed {
                for _ in 0..ENDPOINTS {
                    let made = graphql(&client, &base, &token, create, json!({"w": workspace, "u": hook_url})).await;
                    hooks.push(made["createWebhook"]["webhook"]["id"].as_str().expect("id").to_owned());
                }
            }
            for _ in 0..WRITES_PER_ROUND {
                n += 1;
                let variables = json!({"ref": refs[n % refs.len()], "t": format!("Title {n}")});
                let started = Instant::now();
                graphql(&client, &base, &token, update, variables).await;
                if subscribed { &mut with } else { &mut without }.push(started.elapsed());
            }
            let last = n == ROUNDS * 2 * WRITES_PER_ROUND;
            if !last {
                let delete = "mutation($id: ID!) { deleteWebhook(id: $id) { id } }";
                for id in hooks {
                    graphql(&client, &base, &token, delete, json!({"id": id})).await;
                }
            }
        }
    }
    // The last round's endpoints stay: their deliveries are sent now.
    let store = Store::new(conn, PageLimits::default());
    let (queued, _) = store.delivery_queue().await.expect("queue");
    let started = Instant::now();
    let delivering = tokio::spawn(tasklens::webhooks::deliver(store.clone(), true));
    while received.load(Ordering::Relaxed) < queued {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let elapsed = started.elapsed();
    delivering.abort();
    Row {
        without: median(without),
        with: median(with),
        deliveries: queued,
        per_second: queued as f64 / elapsed.as_secs_f64(),
    }
}

#[tokio::main]
async fn main() {
    let rows = backends::each_backend("webhooks", |url| async move { measure(&url).await }).await;
    println!(
        "| backend | task write p50, no endpoint | with {ENDPOINTS} endpoints | added | deliveries | deliveries/s |"
    );
    println!("|---|---:|---:|---:|---:|---:|");
    for (backend, row) in rows {
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        println!(
            "| {backend} | {:.2} ms | {:.2} ms | {:+.2} ms | {} | {:.0} |",
            ms(row.without),
            ms(row.with),
            ms(row.with) - ms(row.without),
            row.deliveries,
            row.per_second
        );
    }
}
