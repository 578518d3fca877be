//! Reply sizes, before and after: the full GraphQL row shape of the same
//! items as indented JSON (what a naive adapter returns) against the MCP
//! tool's default reply, on a seeded board. Prints a table.
//!
//! `cargo bench --bench reply_size`. Sizes are UTF-16 code units, as
//! clients count them.

#![allow(clippy::too_many_lines)]

use rmcp::model::CallToolRequestParams;
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use rmcp::{RoleClient, ServiceExt, service::RunningService};
use serde_json::{Value, json};

use tasklens::config::Settings;
use tasklens::demo::{self, DEMO_USERNAME, SeedOptions};
use tasklens::store::{Viewer, identity, tokens};
use tasklens::{App, graphql, http};

const FULL_TASK: &str = "fragment FullTask on Task {
  id ref number title description descriptionText(maxChars: 1000000) { text totalChars }
  project { id key name description workspace { id key name } }
  status { id key name category position } done priority kind
  parent { id ref title } assignee { id username displayName isAgent }
  coworkers { id username displayName isAgent } labels { id name color }
  dueDate createdBy { id username displayName isAgent } createdAt updatedAt completedAt deleted deletedAt commentCount url
}";

const FULL_PROJECT: &str = "fragment FullProject on Project {
  id key name description workspace { id key name createdAt } createdAt updatedAt archivedAt openTaskCount
  statuses { id key name category position } labels { id name color }
  members(first: 20) { nodes { role user { id username displayName isAgent } } }
}";

fn units(text: &str) -> usize {
    text.encode_utf16().count()
}

struct Bench {
    app: App,
    viewer: Viewer,
    client: RunningService<RoleClient, ()>,
}

impl Bench {
    async fn graphql(&self, query: &str, variables: Value) -> Value {
        let request = async_graphql::Request::new(query).variables(async_graphql::Variables::from_json(variables));
        let response =
            self.app.graphql().execute(graphql::with_viewer(request, self.app.store(), self.viewer.clone())).await;
        assert!(response.errors.is_empty(), "{:?}", response.errors);
        response.data.into_json().unwrap_or_default()
    }

    /// The naive adapter: full rows of the given task refs, indented.
    async fn naive_tasks(&self, refs: &[String]) -> usize {
        let mut rows = Vec::new();
        for r in refs {
            let data = self
                .graphql(
                    &format!("query($r: String!) {{ task(ref: $r) {{ ...FullTask }} }} {FULL_TASK}"),
                    json!({"r": r}),
                )
                .await;
            rows.push(data["task"].clone());
        }
        units(&serde_json::to_string_pretty(&json!({"items": rows})).unwrap_or_default())
    }

    async fn tool(&self, name: &str, arguments: Value) -> (String, Value) {
        let params = CallToolRequestParams::new(name.to_owned())
            .with_arguments(arguments.as_object().cloned().unwrap_or_default());
        let result = self.client.call_tool(params).await.expect("tool call");
        let text = result.content[0].as_text().map(|t| t.text.clone()).unwrap_or_default();
        let json = serde_json::from_str(&text).unwrap_or(Value::Null);
        (text, json)
    }
}

fn refs(reply: &Value) -> Vec<String> {
    reply["items"]
        .as_array()
        .map(|i| i.iter().filter_map(|t| t["ref"].as_str().map(str::to_owned)).collect())
        .unwrap_or_default()
}

#[tokio::main]
async fn main() {
    let path = std::env::temp_dir().join(format!("tasklens-reply-size-{}.db", std::process::id()));
    let url = format!("sqlite://{}?mode=rwc", path.display());
    let conn = tasklens::db::connect(&url).await.expect("database");
    let report = demo::seed(&conn, &SeedOptions { projects: 50, tasks: 6_000, seed: 5 }).await.expect("seed");
    eprintln!("board: {report:?}");
    let token = tokens::create_token(&conn, DEMO_USERNAME, None, false, "bench").await.expect("token");
    let viewer = identity::authenticate(&conn, &token).await.expect("viewer");
    let app = App::new(conn, Settings::default());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("address"));
    let router = http::router(app.clone(), tasklens::mcp::ServedTools::new(&app));
    tokio::spawn(async move { axum::serve(listener, router).await.ok() });
    let config = StreamableHttpClientTransportConfig::with_uri(format!("{base}/mcp")).auth_header(token);
    let client = ().serve(StreamableHttpClientTransport::from_config(config)).await.expect("MCP client");
    let bench = Bench { app, viewer, client };

    // (call, naive size, default reply, the same in table form)
    let mut rows: Vec<(String, usize, usize, Option<usize>)> = Vec::new();

    // Finding a board: every project in full, against a name search.
    let all = bench
        .graphql(&format!("{{ projects(first: 50) {{ nodes {{ ...FullProject }} }} }} {FULL_PROJECT}"), json!({}))
        .await;
    let projects = all["projects"]["nodes"].as_array().cloned().unwrap_or_default();
    let before = units(&serde_json::to_string_pretty(&json!({"items": projects})).unwrap_or_default());
    let name = projects.iter().filter_map(|p| p["name"].as_str()).next().unwrap_or("Billing").to_owned();
    let (after, found) = bench.tool("list_projects", json!({"name": name})).await;
    let (table, _) = bench.tool("list_projects", json!({"name": name, "format": "table"})).await;
    rows.push((
        format!("find a project by name ({} of {} projects)", found["total"], projects.len()),
        before,
        units(&after),
        Some(units(&table)),
    ));

    for (label, tool, arguments) in [
        ("list_tasks", "list_tasks", json!({"limit": 110})),
        ("list_my_tasks", "list_my_tasks", json!({"limit": 200})),
        ("list_tasks text=\"migrate\"", "list_tasks", json!({"text": "migrate", "limit": 200})),
    ] {
        let (after, reply) = bench.tool(tool, arguments.clone()).await;
        let items = refs(&reply);
        let before = bench.naive_tasks(&items).await;
        let cut = if reply.get("truncated").is_some() { ", cut by the cap" } else { "" };
        let mut table_arguments = arguments;
        table_arguments["format"] = "table".into();
        let (table, table_reply) = bench.tool(tool, table_arguments).await;
        let table_cut = if table_reply.get("truncated").is_some() { " (cut)" } else { "" };
        let table_rows = table_reply["rows"].as_array().map_or(0, Vec::len);
        rows.push((
            format!("{label}, {} tasks{cut}; table form: {table_rows} rows{table_cut}", items.len()),
            before,
            units(&after),
            Some(units(&table)),
        ));
    }

    // The task with the longest description.
    let longest = bench.graphql("{ tasks(first: 200, filter: {project: \"MOBILE\"}, order: REF) { nodes { ref descriptionText(maxChars: 1) { totalChars } } } }", json!({})).await;
    let task = longest["tasks"]["nodes"]
        .as_array()
        .and_then(|n| n.iter().max_by_key(|t| t["descriptionText"]["totalChars"].as_i64().unwrap_or(0)))
        .cloned()
        .unwrap_or_default();
    let task_ref = task["ref"].as_str().unwrap_or("MOBILE-1").to_owned();
    let before = bench.naive_tasks(std::slice::from_ref(&task_ref)).await;
    let (after, _) = bench.tool("get_task", json!({"ref": task_ref})).await;
    rows.push((
        format!("get_task, {} chars of description text", task["descriptionText"]["totalChars"]),
        before,
        units(&after),
        None,
    ));

    let tools = bench.client.list_all_tools().await.expect("tools/list");
    let after = units(&serde_json::to_string(&json!({"tools": tools})).unwrap_or_default());
    let before = units(&serde_json::to_string_pretty(&json!({"tools": tools})).unwrap_or_default());
    rows.push((format!("tools/list ({} tools; before = the same, indented)", tools.len()), before, after, None));

    // Characters per summary task item, as served and with every title
    // padded or cut to the 55 characters the target assumes.
    let (_, page) = bench.tool("list_tasks", json!({"limit": 200})).await;
    let items = page["items"].as_array().cloned().unwrap_or_default();
    let mut sizes: Vec<usize> = items.iter().map(|t| units(&t.to_string())).collect();
    sizes.sort_unstable();
    let titles: Vec<usize> = items.iter().filter_map(|t| t["title"].as_str().map(units)).collect();
    let mean_title = titles.iter().sum::<usize>() as f64 / titles.len().max(1) as f64;
    let mut at_55: Vec<usize> = items.iter().map(|t| units(&with_title_of(t, 55).to_string())).collect();
    at_55.sort_unstable();
    let median_item = items.iter().find(|t| units(&t.to_string()) == median(&sizes));
    // The same page in table form: a row's characters, with its comma.
    let (_, table) = bench.tool("list_tasks", json!({"limit": 200, "format": "table"})).await;
    let columns = table["columns"].as_array().cloned().unwrap_or_default();
    let title_column = columns.iter().position(|c| c == "title");
    let table_rows = table["rows"].as_array().cloned().unwrap_or_default();
    let row_size = |row: &Value| units(&row.to_string()) + 1;
    let mut row_sizes: Vec<usize> = table_rows.iter().map(row_size).collect();
    row_sizes.sort_unstable();
    let mut rows_at_55: Vec<usize> = table_rows
        .iter()
        .map(|row| {
            let mut row = row.clone();
            if let Some(cell) = title_column.and_then(|i| row.get_mut(i)) {
                *cell = with_title_of(&json!({"title": cell.clone()}), 55)["title"].clone();
            }
            row_size(&row)
        })
        .collect();
    rows_at_55.sort_unstable();

    println!("| call | before | after | after, table form |");
    println!("|---|---:|---:|---:|");
    for (label, before, after, table) in rows {
        let table = table.map_or("—".to_owned(), |t| t.to_string());
        println!("| {label} | {before} | {after} | {table} |");
    }
    println!();
    println!(
        "median summary task item: {} chars (over {} items, mean title {:.0} chars); {} chars with 55-character titles",
        median(&sizes),
        sizes.len(),
        mean_title,
        median(&at_55),
    );
    if let Some(item) = median_item {
        println!("an item of median size: {item}");
    }
    println!(
        "median table row: {} chars; {} chars with 55-character titles (columns, once per reply: {} chars)",
        median(&row_sizes),
        median(&rows_at_55),
        units(&Value::Array(columns).to_string()),
    );
    bench.client.cancel().await.ok();
    for suffix in ["", "-wal", "-shm"] {
        std::fs::remove_file(format!("{}{suffix}", path.display())).ok();
    }
}

fn median(sorted: &[usize]) -> usize {
    sorted.get(sorted.len() / 2).copied().unwrap_or(0)
}

/// `item` with its title padded with `x` or cut to `chars` characters.
fn with_title_of(item: &serde_json::Value, chars: usize) -> serde_json::Value {
    let mut item = item.clone();
    if let Some(title) = item["title"].as_str() {
        let mut title: String = title.chars().take(chars).collect();
        while title.chars().count() < chars {
            title.push('x');
        }
        item["title"] = title.into();
    }
    item
}
