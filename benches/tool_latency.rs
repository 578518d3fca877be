//! The MCP call path's cost: tools called over streamable HTTP on loopback
//! (reading the arguments, running the document, shaping, the size guard,
//! the transport), on a seeded board of 6,000 tasks in SQLite. Prints the
//! median and 90th percentile of each call, in microseconds.
//!
//! `cargo bench --bench tool_latency` (`-- --runs N`, 300 by default). To
//! compare two versions on a noisy machine, run each in turn, several
//! times, and compare the medians.

#![allow(clippy::too_many_lines)]

use std::time::{Duration, Instant};

use rmcp::model::CallToolRequestParams;
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use rmcp::{RoleClient, ServiceExt, service::RunningService};
use serde_json::{Value, json};

use tasklens::config::Settings;
use tasklens::demo::{self, DEMO_USERNAME, SeedOptions};
use tasklens::store::tokens;
use tasklens::{App, http};

async fn call(client: &RunningService<RoleClient, ()>, name: &str, arguments: &Value) -> Duration {
    let params =
        CallToolRequestParams::new(name.to_owned()).with_arguments(arguments.as_object().cloned().unwrap_or_default());
    let started = Instant::now();
    let result = client.call_tool(params).await.expect("tool call");
    let took = started.elapsed();
    assert_ne!(result.is_error, Some(true), "{name}: {:?}", result.content);
    took
}

fn micros(sorted: &[Duration], quantile: f64) -> u128 {
    let at = ((sorted.len() - 1) as f64 * quantile).round() as usize;
    sorted[at].as_micros()
}

#[tokio::main]
async fn main() {
    let runs: usize = std::env::args().skip_while(|a| a != "--runs").nth(1).and_then(|n| n.parse().ok()).unwrap_or(300);
    let path = std::env::temp_dir().join(format!("tasklens-tool-latency-{}.db", std::process::id()));
    let url = format!("sqlite://{}?mode=rwc", path.display());
    let conn = tasklens::db::connect(&url).await.expect("database");
    demo::seed(&conn, &SeedOptions { projects: 50, tasks: 6_000, seed: 5 }).await.expect("seed");
    let token = tokens::create_token(&conn, DEMO_USERNAME, None, false, "bench").await.expect("token");
    let app = App::new(conn, Settings::default());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("address"));
    let router = http::router(app.clone(), tasklens::mcp::ServedTools::new(&app));
    tokio::spawn(async move { axum::serve(listener, router).await.ok() });
    let config = StreamableHttpClientTransportConfig::with_uri(format!("{base}/mcp")).auth_header(token);
    let client = ().serve(StreamableHttpClientTransport::from_config(config)).await.expect("MCP client");

    let first = client
        .call_tool(CallToolRequestParams::new("list_tasks").with_arguments(Default::default()))
        .await
        .expect("list_tasks");
    let text = first.content[0].as_text().map(|t| t.text.clone()).unwrap_or_default();
    let listed: Value = serde_json::from_str(&text).expect("json");
    let task_ref = listed["items"][0]["ref"].as_str().expect("a task").to_owned();

    let cases = [
        ("list_tasks (defaults: 50, summary)", "list_tasks", json!({})),
        ("list_tasks limit 200, full view", "list_tasks", json!({"limit": 200, "view": "full"})),
        ("list_tasks fields ref,title, table", "list_tasks", json!({"fields": ["ref", "title"], "format": "table"})),
        ("list_tasks text filter", "list_tasks", json!({"text": "migrate", "limit": 100})),
        ("get_task", "get_task", json!({"ref": task_ref})),
    ];
    println!("| call | runs | median µs | p90 µs |");
    println!("|---|---:|---:|---:|");
    for (label, tool, arguments) in &cases {
        for _ in 0..runs / 10 {
            call(&client, tool, arguments).await;
        }
        let mut times = Vec::with_capacity(runs);
        for _ in 0..runs {
            times.push(call(&client, tool, arguments).await);
        }
        times.sort();
        println!("| {label} | {runs} | {} | {} |", micros(&times, 0.5), micros(&times, 0.9));
    }
    client.cancel().await.ok();
    for suffix in ["", "-wal", "-shm"] {
        std::fs::remove_file(format!("{}{suffix}", path.display())).ok();
    }
}
