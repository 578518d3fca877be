//! Claims per second: 16 agents on two gateways of one database, each
//! taking the next open task nobody holds (`claimNextTask`) until none is
//! left, on SQLite and, with `TASKLENS_BENCH_POSTGRES_URL`, PostgreSQL.
//! Checks that no task was claimed twice. Prints a table.
//!
//! `cargo bench --bench claims`. Both gateways run in this process, each
//! with its own connections, as two servers would.

#[path = "support/backends.rs"]
mod backends;

use std::collections::HashSet;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use tasklens::demo::{self, DEMO_USERNAME, SeedOptions};
use tasklens::store::tokens;

const AGENTS: usize = 16;

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

/// One agent: a session, then claims until nothing is left; the refs it got.
async fn agent(base: String, token: String, project: String, n: usize) -> Vec<String> {
    let client = reqwest::Client::new();
    let registered = graphql(
        &client,
        &base,
        &token,
        "mutation($n: String!) { registerAgent(name: $n) { id } }",
        json!({"n": format!("agent {n}")}),
    )
    .await;
    let session = registered["registerAgent"]["id"].as_str().expect("session").to_owned();
    let next = "mutation($p: String, $s: ID) { claimNextTask(project: $p, session: $s) { ref } }";
    let mut claimed = Vec::new();
    loop {
        let data = graphql(&client, &base, &token, next, json!({"p": project, "s": session})).await;
        match data["claimNextTask"]["ref"].as_str() {
            Some(task_ref) => claimed.push(task_ref.to_owned()),
            None => return claimed,
        }
    }
}

async fn measure(url: &str) -> (usize, Duration) {
    let conn = tasklens::db::connect(url).await.expect("database");
    demo::seed(&conn, &SeedOptions { projects: 1, tasks: 3_000, seed: 7 }).await.expect("seed");
    let token = tokens::create_token(&conn, DEMO_USERNAME, None, false, "bench").await.expect("token");
    let (a, b) = (backends::gateway(url).await, backends::gateway(url).await);
    let projects = graphql(&reqwest::Client::new(), &a, &token, "{ projects { nodes { key } } }", json!({})).await;
    let project = projects["projects"]["nodes"][0]["key"].as_str().expect("a project").to_owned();
    let started = Instant::now();
    let agents: Vec<_> = (0..AGENTS)
        .map(|n| {
            let base = if n % 2 == 0 { a.clone() } else { b.clone() };
            tokio::spawn(agent(base, token.clone(), project.clone(), n))
        })
        .collect();
    let mut all = Vec::new();
    for agent in agents {
        all.extend(agent.await.expect("agent"));
    }
    let elapsed = started.elapsed();
    let distinct: HashSet<&String> = all.iter().collect();
    assert_eq!(distinct.len(), all.len(), "a task was claimed twice");
    (all.len(), elapsed)
}

#[tokio::main]
async fn main() {
    let rows = backends::each_backend("claims", |url| async move { measure(&url).await }).await;
    println!("| backend | agents | tasks claimed (each once) | seconds | claims/s |");
    println!("|---|---:|---:|---:|---:|");
    for (backend, (claims, elapsed)) in rows {
        let seconds = elapsed.as_secs_f64();
        println!("| {backend} | {AGENTS} | {claims} | {seconds:.2} | {:.0} |", claims as f64 / seconds);
    }
}
