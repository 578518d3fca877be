//! The soak's load: SOAK_CLIENTS clients (32) for SOAK_SECONDS (600)
//! against a running tasklens (SOAK_URL, SOAK_TOKEN) whose process is
//! SOAK_PID, in a mix of GraphQL pages and writes, MCP list and get tools,
//! and graphql-ws subscribers that must receive the writes' events. Prints
//! one row a minute (requests, failures, p50, p99, the server's RSS) and
//! the verdict: no failed request, RSS at the end at most 1.2 times the
//! 1-minute mark, the last minute's p99 within 1.5 times the first's.
//!
//! Run by `bench/soak.sh`, which builds, seeds and starts the server.

#![allow(clippy::too_many_lines)]

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// What the clients measured, by minute of the run.
#[derive(Default)]
struct Minutes {
    latencies: Vec<Vec<Duration>>,
    failures: Vec<u64>,
    examples: Vec<String>,
}

impl Minutes {
    fn record(&mut self, minute: usize, latency: Duration, failure: Option<String>) {
        if self.latencies.len() <= minute {
            self.latencies.resize(minute + 1, Vec::new());
            self.failures.resize(minute + 1, 0);
        }
        self.latencies[minute].push(latency);
        if let Some(failure) = failure {
            self.failures[minute] += 1;
            if self.examples.len() < 5 {
                self.examples.push(failure);
            }
        }
    }
}

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn rss_mb(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

struct Load {
    client: reqwest::Client,
    base: String,
    token: String,
    refs: Vec<String>,
    projects: Vec<String>,
}

impl Load {
    /// A GraphQL request: its failure, if it failed.
    async fn graphql(&self, query: &str, variables: Value) -> Option<String> {
        let request =
            self.client.post(format!("{}/graphql", self.base)).json(&json!({"query": query, "variables": variables}));
        self.send("graphql", request, |body| body.get("errors").is_some() || body["data"].is_null()).await
    }

    /// An MCP tool call (stateless JSON over HTTP): its failure, if it failed.
    async fn tool(&self, name: &str, arguments: Value) -> Option<String> {
        let call = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"name": name, "arguments": arguments}});
        let request = self
            .client
            .post(format!("{}/mcp", self.base))
            .header("accept", "application/json, text/event-stream")
            .json(&call);
        self.send(name, request, |body| body.get("error").is_some() || body["result"]["isError"] == true).await
    }

    /// Sends `request` with the token; a failure is a transport error, a
    /// status other than 200, or a body `failed` says is one.
    async fn send(&self, what: &str, request: reqwest::RequestBuilder, failed: fn(&Value) -> bool) -> Option<String> {
        let response = match request.bearer_auth(&self.token).send().await {
            Ok(response) => response,
            Err(err) => return Some(format!("{what} transport: {err}")),
        };
        let status = response.status();
        let body: Value = response.json().await.unwrap_or(Value::Null);
        (status != 200 || failed(&body)).then(|| {
            let text = body.to_string();
            format!("{what} {status}: {}", &text[..text.len().min(300)])
        })
    }

    async fn step(&self, client: usize, round: usize) -> Option<String> {
        let pick = client * 7 + round;
        let task_ref = &self.refs[pick % self.refs.len()];
        let project = &self.projects[pick % self.projects.len()];
        match round % 6 {
            0 => {
                let query = "query($p: String) { tasks(filter: {project: $p, done: false}, first: 50) { totalCount \
                             nodes { ref title priority dueDate status { key } assignee { username } labels { name } } \
                             pageInfo { endCursor hasNextPage } } }";
                self.graphql(query, json!({"p": project})).await
            }
            1 => {
                let query = "mutation($r: String!, $b: String!) { addComment(ref: $r, body: $b) { id } }";
                self.graphql(query, json!({"r": task_ref, "b": format!("soak {client}/{round}")})).await
            }
            2 => self.tool("list_tasks", json!({"project": project, "limit": 50})).await,
            3 => self.tool("get_task", json!({"ref": task_ref})).await,
            4 => {
                let priority = ["LOW", "MEDIUM", "HIGH"][round / 6 % 3];
                let query =
                    "mutation($r: String!, $p: Priority) { updateTask(ref: $r, input: {priority: $p}) { ref } }";
                self.graphql(query, json!({"r": task_ref, "p": priority})).await
            }
            _ => {
                let query = "query($r: String!) { task(ref: $r) { title descriptionText(maxChars: 2000) \
                             { text } events(first: 20) { nodes { at field } } } }";
                self.graphql(query, json!({"r": task_ref})).await
            }
        }
    }
}

/// A graphql-ws subscriber of `project`'s events; counts what it receives
/// until `end`, and says whether it stayed connected.
async fn subscriber(base: String, token: String, project: String, end: Instant) -> (u64, bool) {
    let url = format!("{}/graphql/ws", base.replacen("http", "ws", 1));
    let Ok(mut request) = url.into_client_request() else { return (0, false) };
    request.headers_mut().insert("Sec-WebSocket-Protocol", "graphql-transport-ws".parse().expect("header"));
    let Ok((mut socket, _)) = tokio_tungstenite::connect_async(request).await else { return (0, false) };
    let init = json!({"type": "connection_init", "payload": {"Authorization": format!("Bearer {token}")}});
    let subscribe = json!({"id": "1", "type": "subscribe",
        "payload": {"query": "subscription($p: String!) { taskEvents(project: $p) { cursor field } }",
                    "variables": {"p": project}}});
    if socket.send(Message::text(init.to_string())).await.is_err()
        || socket.send(Message::text(subscribe.to_string())).await.is_err()
    {
        return (0, false);
    }
    let mut events = 0;
    loop {
        let left = end.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return (events, true);
        }
        match tokio::time::timeout(left, socket.next()).await {
            Err(_) => return (events, true),
            Ok(Some(Ok(Message::Text(text)))) => {
                if text.contains("\"next\"") {
                    events += 1;
                } else if text.contains("\"error\"") || text.contains("\"complete\"") {
                    return (events, false);
                }
            }
            Ok(Some(Ok(_))) => {}
            Ok(_) => return (events, false),
        }
    }
}

#[tokio::main]
async fn main() {
    let base: String = env("SOAK_URL", "http://127.0.0.1:18090".to_owned());
    let token: String = env("SOAK_TOKEN", String::new());
    let pid: u32 = env("SOAK_PID", 0);
    let clients: usize = env("SOAK_CLIENTS", 32);
    let seconds: u64 = env("SOAK_SECONDS", 600);
    let client = reqwest::Client::builder().pool_max_idle_per_host(clients).build().expect("client");
    let first = client
        .post(format!("{base}/graphql"))
        .bearer_auth(&token)
        .json(&json!({"query": "{ projects(first: 50) { nodes { key } } tasks(first: 200) { nodes { ref } } }"}))
        .send()
        .await
        .expect("the server answers");
    let board: Value = first.json().await.expect("json");
    let keys = |path: &str, key: &str| -> Vec<String> {
        board["data"][path]["nodes"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|n| n[key].as_str())
            .map(str::to_owned)
            .collect()
    };
    let load = Arc::new(Load {
        client,
        base: base.clone(),
        token: token.clone(),
        refs: keys("tasks", "ref"),
        projects: keys("projects", "key"),
    });
    assert!(!load.refs.is_empty() && !load.projects.is_empty(), "a seeded board: {board}");

    let started = Instant::now();
    let end = started + Duration::from_secs(seconds);
    let minutes = Arc::new(Mutex::new(Minutes::default()));
    let subscribers: Vec<_> = load
        .projects
        .iter()
        .take(4)
        .map(|p| tokio::spawn(subscriber(base.clone(), token.clone(), p.clone(), end)))
        .collect();
    let workers: Vec<_> = (0..clients)
        .map(|c| {
            let (load, minutes) = (load.clone(), minutes.clone());
            tokio::spawn(async move {
                let mut round = 0;
                while Instant::now() < end {
                    let at = Instant::now();
                    let failure = load.step(c, round).await;
                    let minute = (at - started).as_secs() as usize / 60;
                    if let Ok(mut minutes) = minutes.lock() {
                        minutes.record(minute, at.elapsed(), failure);
                    }
                    round += 1;
                }
            })
        })
        .collect();
    let mut rss = Vec::new();
    while Instant::now() < end {
        tokio::time::sleep(Duration::from_secs(10).min(end.saturating_duration_since(Instant::now()))).await;
        rss.push(((started.elapsed().as_secs() as usize).saturating_sub(1) / 60, rss_mb(pid)));
    }
    for worker in workers {
        worker.await.ok();
    }
    let mut received = Vec::new();
    for subscriber in subscribers {
        received.push(subscriber.await.unwrap_or((0, false)));
    }

    let minutes = minutes.lock().map(|mut m| std::mem::take(&mut *m)).unwrap_or_default();
    println!("minute  requests  failed  p50 ms  p99 ms  server RSS MB");
    let mut p99s = Vec::new();
    let rss_at = |minute: usize| rss.iter().rev().find(|(m, _)| *m == minute).map_or(0.0, |(_, mb)| *mb);
    for (minute, mut latencies) in minutes.latencies.into_iter().enumerate() {
        latencies.sort_unstable();
        let (p50, p99) = (percentile(&latencies, 0.5), percentile(&latencies, 0.99));
        p99s.push(p99);
        println!(
            "{:>6}  {:>8}  {:>6}  {:>6.1}  {:>6.1}  {:>13.1}",
            minute + 1,
            latencies.len(),
            minutes.failures[minute],
            p50.as_secs_f64() * 1e3,
            p99.as_secs_f64() * 1e3,
            rss_at(minute)
        );
    }
    let failed: u64 = minutes.failures.iter().sum();
    let rss_growth = rss_at(p99s.len().saturating_sub(1)) / rss_at(0).max(1.0);
    let p99_drift =
        p99s.last().map_or(0.0, |l| l.as_secs_f64()) / p99s.first().map_or(1.0, |f| f.as_secs_f64().max(1e-6));
    let events: u64 = received.iter().map(|(n, _)| n).sum();
    let connected = received.iter().all(|(_, open)| *open);
    println!();
    println!("failed requests: {failed}");
    for example in &minutes.examples {
        println!("  e.g. {example}");
    }
    println!("server RSS, end / 1-minute mark: {rss_growth:.2} (at most 1.20)");
    println!("p99, last minute / first: {p99_drift:.2} (at most 1.50)");
    println!("subscribers: {} received {events} events, all connected to the end: {connected}", received.len());
    let pass = failed == 0 && rss_growth <= 1.2 && p99_drift <= 1.5 && connected && events > 0;
    println!("verdict: {}", if pass { "pass" } else { "FAIL" });
    if !pass {
        std::process::exit(1);
    }
}
