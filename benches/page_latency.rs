//! Page latency at depth: a 50-task page selecting the summary fields, the
//! first page against a page 90% deep, on 10,000 and 100,000 tasks, SQLite
//! and (with `TASKLENS_BENCH_POSTGRES_URL`) PostgreSQL. Prints a table.
//!
//! `cargo bench --bench page_latency` (add `-- --quick` for 10,000 only).
//! Runs the schema in-process with a real viewer, so the numbers are the
//! query path (resolvers, loaders, SQL), not HTTP.
//!
//! A peer runs alternately with it: the same resolvers in a schema built as
//! it was before the document limits (async-graphql's depth limit and its
//! tracing extension instead), so the last column is what the limits cost
//! on an ordinary page, measured in one run on one machine.

#![allow(clippy::too_many_lines)]

use std::time::{Duration, Instant};

use sea_orm::{ConnectionTrait, Database};
use serde_json::json;

use tasklens::config::Settings;
use tasklens::demo::{self, DEMO_USERNAME, SeedOptions};
use tasklens::store::{Viewer, identity, tokens};
use tasklens::{App, db, graphql};

const SUMMARY_PAGE: &str = "query($after: String) { tasks(first: 50, after: $after) {
  nodes { ref title priority done dueDate updatedAt status { key } assignee { username } labels { name } }
  pageInfo { endCursor }
} }";
const CURSORS: &str =
    "query($after: String) { tasks(first: 200, after: $after) { pageInfo { endCursor hasNextPage } } }";
const RUNS: usize = 200;

struct Row {
    backend: &'static str,
    tasks: u32,
    first: Stats,
    deep: Stats,
    peer_first: Stats,
}

struct Stats {
    median: Duration,
    p95: Duration,
}

fn stats(mut samples: Vec<Duration>) -> Stats {
    samples.sort();
    Stats { median: samples[samples.len() / 2], p95: samples[samples.len() * 95 / 100] }
}

fn request(app: &App, viewer: &Viewer, query: &str, after: Option<&str>) -> async_graphql::Request {
    let request =
        async_graphql::Request::new(query).variables(async_graphql::Variables::from_json(json!({"after": after})));
    graphql::with_viewer(request, app.store(), viewer.clone())
}

fn data(response: async_graphql::Response) -> serde_json::Value {
    assert!(response.errors.is_empty(), "{:?}", response.errors);
    response.data.into_json().unwrap_or_default()
}

/// Through the gateway, as every transport runs a request.
async fn run(app: &App, viewer: &Viewer, query: &str, after: Option<&str>) -> serde_json::Value {
    data(app.graphql().execute(request(app, viewer, query, after)).await)
}

async fn run_on(
    schema: &graphql::AppSchema,
    app: &App,
    viewer: &Viewer,
    query: &str,
    after: Option<&str>,
) -> serde_json::Value {
    data(schema.execute(request(app, viewer, query, after)).await)
}

/// The schema as it was built before the document limits.
fn peer_schema(app: &App) -> graphql::AppSchema {
    let limits = tasklens::config::Limits::default();
    async_graphql::Schema::build(
        graphql::QueryRoot::default(),
        graphql::MutationRoot::default(),
        graphql::SubscriptionRoot,
    )
    .data(app.store().clone())
    .data(tasklens::config::Links::default())
    .limit_depth(limits.max_depth as usize)
    .limit_complexity(limits.max_complexity)
    .extension(async_graphql::extensions::Tracing)
    .finish()
}

/// The page timed on the schema and, alternately, on `peer`.
async fn time(app: &App, peer: &graphql::AppSchema, viewer: &Viewer, after: Option<&str>) -> (Stats, Stats) {
    for _ in 0..20 {
        run(app, viewer, SUMMARY_PAGE, after).await;
        run_on(peer, app, viewer, SUMMARY_PAGE, after).await;
    }
    let (mut samples, mut peer_samples) = (Vec::with_capacity(RUNS), Vec::with_capacity(RUNS));
    for _ in 0..RUNS {
        let started = Instant::now();
        run(app, viewer, SUMMARY_PAGE, after).await;
        samples.push(started.elapsed());
        let started = Instant::now();
        run_on(peer, app, viewer, SUMMARY_PAGE, after).await;
        peer_samples.push(started.elapsed());
    }
    (stats(samples), stats(peer_samples))
}

async fn measure(backend: &'static str, url: &str, tasks: u32) -> Row {
    let conn = db::connect(url).await.expect("database");
    let started = Instant::now();
    demo::seed(&conn, &SeedOptions { projects: 20, tasks, seed: 7 }).await.expect("seed");
    eprintln!("{backend}: seeded {tasks} tasks in {:.1} s", started.elapsed().as_secs_f64());
    // Connections opened before the seed's ANALYZE keep planning without
    // statistics; measure on fresh ones, as a server started on the board.
    conn.close().await.ok();
    let conn = db::connect(url).await.expect("database");
    let token = tokens::create_token(&conn, DEMO_USERNAME, None, true, "bench").await.expect("token");
    let viewer = identity::authenticate(&conn, &token).await.expect("viewer");
    let app = App::new(conn, Settings::default());

    // Walk to 90% of the list to find the deep cursor.
    let total = run(&app, &viewer, "{ tasks { totalCount } }", None).await["tasks"]["totalCount"].as_u64().unwrap_or(0);
    let mut after: Option<String> = None;
    let mut passed = 0;
    while passed + 200 <= total * 9 / 10 {
        let page = run(&app, &viewer, CURSORS, after.as_deref()).await;
        after = page["tasks"]["pageInfo"]["endCursor"].as_str().map(str::to_owned);
        passed += 200;
    }
    let peer = peer_schema(&app);
    let (first, peer_first) = time(&app, &peer, &viewer, None).await;
    let (deep, _) = time(&app, &peer, &viewer, after.as_deref()).await;
    Row { backend, tasks, first, deep, peer_first }
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

#[tokio::main]
async fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let sizes: &[u32] = if quick { &[10_000] } else { &[10_000, 100_000] };
    let dir = std::env::temp_dir();
    let mut rows = Vec::new();
    for &tasks in sizes {
        let path = dir.join(format!("tasklens-bench-{tasks}-{}.db", std::process::id()));
        let url = format!("sqlite://{}?mode=rwc", path.display());
        rows.push(measure("SQLite", &url, tasks).await);
        for suffix in ["", "-wal", "-shm"] {
            std::fs::remove_file(format!("{}{suffix}", path.display())).ok();
        }
        if let Ok(admin_url) = std::env::var("TASKLENS_BENCH_POSTGRES_URL") {
            let name = format!("tasklens_bench_{tasks}_{}", std::process::id());
            let admin = Database::connect(&admin_url).await.expect("PostgreSQL");
            admin.execute_unprepared(&format!("CREATE DATABASE {name}")).await.expect("create database");
            let mut url = url::Url::parse(&admin_url).expect("URL");
            url.set_path(&format!("/{name}"));
            rows.push(measure("PostgreSQL", url.as_str(), tasks).await);
            admin.execute_unprepared(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).await.ok();
        }
    }
    // What the document checks add to each request: they run on the parse
    // async-graphql reuses, so this is their whole cost.
    let document = async_graphql::parser::parse_query(SUMMARY_PAGE).expect("the page query parses");
    let limits = tasklens::config::Limits::default();
    let sizes = graphql::introspection::IntrospectionSizes::default();
    let rounds = 20_000u32;
    let started = Instant::now();
    for _ in 0..rounds {
        std::hint::black_box(graphql::limits::check_document(std::hint::black_box(&document), &limits, &sizes)).ok();
    }
    let per_check = started.elapsed() / rounds;
    println!("document checks on the page query: {:.2} µs per request", per_check.as_secs_f64() * 1e6);
    println!();
    println!(
        "| backend | tasks | first page (median / p95) | 90% deep (median / p95) | deep / first | peer first page | first / peer |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for row in rows {
        println!(
            "| {} | {} | {} / {} | {} / {} | {:.2}x | {} / {} | {:.2}x |",
            row.backend,
            row.tasks,
            ms(row.first.median),
            ms(row.first.p95),
            ms(row.deep.median),
            ms(row.deep.p95),
            row.deep.median.as_secs_f64() / row.first.median.as_secs_f64(),
            ms(row.peer_first.median),
            ms(row.peer_first.p95),
            row.first.median.as_secs_f64() / row.peer_first.median.as_secs_f64()
        );
    }
}
