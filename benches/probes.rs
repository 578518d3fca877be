//! The hostile-input probes, each against the real router on a seeded
//! board: what the server answers, how long it takes, and how much its
//! resident memory grows. Prints a table.
//!
//! `cargo bench --bench probes`. RSS is this process's (server and client
//! share it), read from /proc before and after each probe.

#![allow(clippy::too_many_lines)]

use std::time::{Duration, Instant};

use rmcp::ServiceExt;
use rmcp::model::CallToolRequestParams;
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use serde_json::{Value, json};

use tasklens::config::Settings;
use tasklens::demo::{self, DEMO_USERNAME, SeedOptions};
use tasklens::store::tokens;
use tasklens::{App, http};

fn rss_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .unwrap_or(0.0);
    kb / 1024.0
}

struct Probes {
    client: reqwest::Client,
    base: String,
    token: String,
    rows: Vec<[String; 4]>,
}

impl Probes {
    async fn post(&self, token: &str, body: String) -> (u16, Value) {
        let response = self
            .client
            .post(format!("{}/graphql", self.base))
            .bearer_auth(token)
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await;
        match response {
            Ok(r) => (r.status().as_u16(), r.json().await.unwrap_or(Value::Null)),
            Err(e) => (0, json!({"transport error": e.to_string()})),
        }
    }

    async fn graphql(&self, token: &str, query: &str, variables: Value) -> (u16, Value) {
        self.post(token, json!({"query": query, "variables": variables}).to_string()).await
    }

    fn record(&mut self, probe: &str, outcome: String, started: Instant, rss_before: f64) {
        let elapsed = started.elapsed();
        let time = if elapsed < Duration::from_secs(1) {
            format!("{:.0} ms", elapsed.as_secs_f64() * 1000.0)
        } else {
            format!("{:.1} s", elapsed.as_secs_f64())
        };
        self.rows.push([probe.to_owned(), outcome, time, format!("{:+.0} MB", rss_mb() - rss_before)]);
    }
}

fn outcome(status: u16, body: &Value) -> String {
    if let Some(message) = body["errors"][0]["message"].as_str() {
        eprintln!("{status}: {}", message.chars().take(160).collect::<String>());
    }
    match body["errors"][0]["extensions"]["code"].as_str() {
        Some(code) => format!("{status} {code}"),
        None => format!("{status} ok"),
    }
}

fn fragment_bomb(levels: usize) -> String {
    let mut text = String::from("query { tasks { nodes { ...F0 } } }\n");
    for level in 0..levels {
        text.push_str(&format!("fragment F{level} on Task {{ ...F{next} ...F{next} }}\n", next = level + 1));
    }
    text.push_str(&format!("fragment F{levels} on Task {{ ref title }}\n"));
    text
}

fn alias_bomb_page(levels: usize) -> String {
    let mut yaml = String::from("title: Bomb\na: &a [x, x, x, x, x, x, x, x, x, x]\n");
    for level in 0..levels {
        let prev = if level == 0 { "a".to_owned() } else { format!("l{}", level - 1) };
        yaml.push_str(&format!("l{level}: &l{level} [{}]\n", vec![format!("*{prev}"); 10].join(", ")));
    }
    format!("---\n{yaml}---\n# Bomb\n")
}

#[tokio::main]
async fn main() {
    let path = std::env::temp_dir().join(format!("tasklens-probes-{}.db", std::process::id()));
    let url = format!("sqlite://{}?mode=rwc", path.display());
    let conn = tasklens::db::connect(&url).await.expect("database");
    demo::seed(&conn, &SeedOptions { projects: 6, tasks: 600, seed: 3 }).await.expect("seed");
    let token = tokens::create_token(&conn, DEMO_USERNAME, None, false, "probes").await.expect("token");
    let read_only = tokens::create_token(&conn, DEMO_USERNAME, None, true, "probes").await.expect("token");
    let ws_key: String = {
        use sea_orm::EntityTrait;
        entity::workspace::Entity::find().one(&conn).await.ok().flatten().map(|w| w.key).unwrap_or_default()
    };
    let scoped = tokens::create_token(&conn, DEMO_USERNAME, Some(&ws_key), false, "probes").await.expect("token");
    let app = App::new(conn, Settings::default());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("address"));
    let tools = tasklens::mcp::ServedTools::new(&app);
    let router = http::router(app, tools).into_make_service_with_connect_info::<std::net::SocketAddr>();
    tokio::spawn(async move { axum::serve(listener, router).await.ok() });
    let mut p = Probes { client: reqwest::Client::new(), base: base.clone(), token: token.clone(), rows: Vec::new() };
    let (_, first) = p.graphql(&token, "{ tasks(first: 1) { nodes { ref } } }", json!({})).await;
    let task_ref = first["data"]["tasks"]["nodes"][0]["ref"].as_str().unwrap_or("X-1").to_owned();

    let (rss, started) = (rss_mb(), Instant::now());
    let (status, body) = p.graphql(&read_only, &fragment_bomb(30), json!({})).await;
    p.record("fragment bomb, 30 levels, read-only token", outcome(status, &body), started, rss);

    let (rss, started) = (rss_mb(), Instant::now());
    let put =
        "mutation($c: String!) { putWikiPage(workspace: null, path: \"bomb\", content: $c, title: \"Bomb\") { path } }";
    let (status, body) = p.graphql(&scoped, put, json!({"c": alias_bomb_page(8)})).await;
    p.record("YAML aliases in frontmatter, 8 levels", outcome(status, &body), started, rss);

    let (rss, started) = (rss_mb(), Instant::now());
    let xss = "<img src=x onerror=alert(1)><script>alert(2)</script><a href=\"javascript:alert(3)\">x</a><svg onload=alert(4)><iframe src=x></iframe>";
    let (status, body) = p
        .graphql(
            &token,
            "mutation($r: String!, $d: String) { updateTask(ref: $r, input: {description: $d}) { description } }",
            json!({"r": task_ref, "d": xss}),
        )
        .await;
    let stored = body["data"]["updateTask"]["description"].as_str().unwrap_or_default().to_owned();
    let verdict = if ["onerror", "<script", "javascript:", "onload", "<iframe"].iter().any(|b| stored.contains(b)) {
        "script kept"
    } else {
        "stored as safe HTML"
    };
    p.record("XSS vectors in a description", format!("{} ({verdict})", outcome(status, &body)), started, rss);

    for mb in [10, 40] {
        let (rss, started) = (rss_mb(), Instant::now());
        let body = json!({"query": format!("{{ viewer {{ username }} }} # {}", "x".repeat(mb << 20))}).to_string();
        let (status, body) = p.post(&token, body).await;
        p.record(&format!("{mb} MB JSON body"), outcome(status, &body), started, rss);
    }

    let (rss, started) = (rss_mb(), Instant::now());
    let aliases: String = (0..10_000).map(|i| format!("t{i}: task(ref: \"{task_ref}\") {{ ref }} ")).collect();
    let (status, body) = p.graphql(&token, &format!("{{ {aliases} }}"), json!({})).await;
    p.record("10,000 aliases of task(ref:)", outcome(status, &body), started, rss);

    let (rss, started) = (rss_mb(), Instant::now());
    let writes: String =
        (0..300).map(|i| format!("c{i}: addComment(ref: \"{task_ref}\", body: \"x{i}\") {{ id }} ")).collect();
    let (status, body) = p.graphql(&token, &format!("mutation {{ {writes} }}"), json!({})).await;
    p.record("300 aliased addComment", outcome(status, &body), started, rss);

    let (rss, started) = (rss_mb(), Instant::now());
    let (_, before) = p.graphql(&token, "query($r: String!) { task(ref: $r) { title } }", json!({"r": task_ref})).await;
    let updates = (0..20).map(|i| {
        let p = &p;
        let task_ref = &task_ref;
        async move {
            p.graphql(
                &p.token,
                "mutation($r: String!, $t: String!) { updateTask(ref: $r, input: {title: $t}) { ref } }",
                json!({"r": task_ref, "t": format!("probe {i}")}),
            )
            .await
        }
    });
    futures_util::future::join_all(updates).await;
    let (_, after) = p
        .graphql(
            &token,
            "query($r: String!) { task(ref: $r) { title events(last: 200) { nodes { field oldValue newValue } } } }",
            json!({"r": task_ref}),
        )
        .await;
    let titles: Vec<&Value> = after["data"]["task"]["events"]["nodes"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|e| e["field"] == "title")
        .collect();
    let titles = &titles[titles.len().saturating_sub(20)..];
    let mut current = before["data"]["task"]["title"].clone();
    let chained = titles.iter().all(|e| {
        let ok = e["oldValue"] == current;
        current = e["newValue"].clone();
        ok
    }) && current == after["data"]["task"]["title"];
    p.record(
        "20 concurrent updateTask on one task",
        format!("{} title events, chain {}", titles.len(), if chained { "unbroken" } else { "broken" }),
        started,
        rss,
    );

    let (rss, started) = (rss_mb(), Instant::now());
    let (status, body) = p.graphql(&scoped, "{ agentSessions { totalCount } }", json!({})).await;
    p.record("scoped token, agentSessions", outcome(status, &body), started, rss);

    let (rss, started) = (rss_mb(), Instant::now());
    let config = StreamableHttpClientTransportConfig::with_uri(format!("{base}/mcp")).auth_header(token.clone());
    let mcp = ().serve(StreamableHttpClientTransport::from_config(config)).await.expect("MCP client");
    let arguments = json!({"name": "bot", "status": "s".repeat(1_000_000)}).as_object().cloned().unwrap_or_default();
    let reply = mcp.call_tool(CallToolRequestParams::new("register_agent").with_arguments(arguments)).await;
    let described = match reply {
        Ok(r) => {
            let text = r.content.first().and_then(|c| c.as_text()).map(|t| t.text.clone()).unwrap_or_default();
            let code =
                serde_json::from_str::<Value>(&text).ok().and_then(|v| v["error"]["code"].as_str().map(str::to_owned));
            format!("{} ({} chars)", code.unwrap_or_else(|| "ok".into()), text.encode_utf16().count())
        }
        Err(e) => format!("protocol error {e}"),
    };
    p.record("register_agent with a 1 MB status (MCP)", described, started, rss);
    mcp.cancel().await.ok();

    let (rss, started) = (rss_mb(), Instant::now());
    let (status, body) = p
        .graphql(
            &token,
            "query($f: TaskFilter) { tasks(filter: $f) { totalCount } }",
            json!({"f": {"text": "w".repeat(900_000)}}),
        )
        .await;
    p.record("a 900 KB search word", outcome(status, &body), started, rss);

    for (probe, filter) in [
        ("dueBefore +200000-01-01", json!({"dueBefore": "+200000-01-01"})),
        ("changedSince +100000", json!({"changedSince": "+100000-01-01T00:00:00Z"})),
    ] {
        let (rss, started) = (rss_mb(), Instant::now());
        let (status, body) =
            p.graphql(&token, "query($f: TaskFilter) { tasks(filter: $f) { totalCount } }", json!({"f": filter})).await;
        p.record(probe, outcome(status, &body), started, rss);
    }

    let (rss, started) = (rss_mb(), Instant::now());
    let mut refused = 0;
    for title in ["nul\u{0}", "esc\u{1b}[31m", "rlo\u{202E}txt"] {
        let (_, body) = p
            .graphql(
                &token,
                "mutation($t: String!, $r: String!) { updateTask(ref: $r, input: {title: $t}) { ref } }",
                json!({"t": title, "r": task_ref}),
            )
            .await;
        refused += usize::from(body["errors"][0]["extensions"]["code"] == "BAD_USER_INPUT");
    }
    p.record("NUL, ESC, U+202E in titles", format!("{refused} of 3 refused"), started, rss);

    println!("| probe | answer | time | RSS growth |");
    println!("|---|---|---:|---:|");
    for [probe, answer, time, rss] in &p.rows {
        println!("| {probe} | {answer} | {time} | {rss} |");
    }
    for suffix in ["", "-wal", "-shm"] {
        std::fs::remove_file(format!("{}{suffix}", path.display())).ok();
    }
}
