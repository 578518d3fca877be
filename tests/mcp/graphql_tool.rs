//! The toolset `graphql`: offered only when named; `graphql_query` answers
//! in one call what the built-in tools answer in several, as `/graphql`
//! would, under its limits, shaped and cut as every tool's reply (a cut
//! list resumes from its cursor); a mutation refused unless the operator
//! allows it; `graphql_schema` within its bound.

use std::collections::BTreeSet;

use serde_json::{Value, json};

use tasklens::config::{Limits, Settings, ToolChoice};
use tasklens::demo::{self, DEMO_USERNAME, SeedOptions};

use crate::client::Mcp;
use crate::on_both_backends;
use crate::support::{Backend, TestApp};

const GRAPHQL: &[(&str, &str)] = &[("X-MCP-Toolsets", "tasks,graphql")];

async fn seeded_with(backend: Backend, settings: Settings, choice: &ToolChoice) -> (TestApp, String) {
    let app = TestApp::start_offering(backend, settings, choice).await;
    demo::seed(&app.db, &SeedOptions { projects: 4, tasks: 120, seed: 11 }).await.expect("seed");
    let token =
        tasklens::store::tokens::create_token(&app.db, DEMO_USERNAME, None, false, "test").await.expect("token");
    (app, token)
}

async fn seeded(backend: Backend) -> (TestApp, String) {
    seeded_with(backend, Settings::default(), &ToolChoice::default()).await
}

fn refs(items: &Value) -> BTreeSet<String> {
    items.as_array().into_iter().flatten().filter_map(|t| t["ref"].as_str().map(str::to_owned)).collect()
}

async fn offered_only_when_named(backend: Backend) {
    let (app, token) = seeded(backend).await;
    let plain = Mcp::http(&app, &token).await;
    assert!(!plain.tool_names().await.iter().any(|name| name.starts_with("graphql_")));
    let (code, _) = plain.error("graphql_schema", json!({})).await;
    assert_eq!(code, "forbidden");
    let named = Mcp::http_with_headers(&app, &token, &[("X-MCP-Toolsets", "graphql")]).await;
    assert_eq!(named.tool_names().await, ["graphql_query", "graphql_schema"]);
    assert!(named.instructions().contains("graphql_query"));
    let tools = named.tools().await;
    let query = tools.iter().find(|t| t.name == "graphql_query").expect("listed");
    assert_eq!(query.annotations.as_ref().and_then(|a| a.read_only_hint), Some(true));
}

async fn one_call_answers_what_no_tool_foresaw(backend: Backend) {
    let (app, token) = seeded(backend).await;
    let mcp = Mcp::http_with_headers(&app, &token, GRAPHQL).await;
    // Open tasks of two projects due before a date, with their priority
    // and last comment: two lists and a comment each, in one call.
    let query = "query($due: NaiveDate!) {
      mobile: tasks(filter: {project: \"MOBILE\", done: false, dueBefore: $due}, first: 50) {
        totalCount nodes { ref title priority dueDate comments(last: 1) { nodes { body author { username } } } } }
      web: tasks(filter: {project: \"WEB\", done: false, dueBefore: $due}, first: 50) {
        totalCount nodes { ref title priority dueDate comments(last: 1) { nodes { body author { username } } } } } }";
    let variables = json!({"due": "2027-01-01"});
    let reply = mcp.ok("graphql_query", json!({"query": query, "variables": variables})).await;
    let over_http = app.ok(&token, query, variables).await;
    for key in ["mobile", "web"] {
        let expected = refs(&over_http[key]["nodes"]);
        assert!(!expected.is_empty(), "{key}: the seeded board has such tasks");
        assert_eq!(refs(&reply[key]["nodes"]), expected, "{key}: {reply}");
        assert_eq!(reply[key]["total_count"], over_http[key]["totalCount"]);
        // Shaped as every reply: snake_case keys, enums in lowercase.
        let nodes = reply[key]["nodes"].as_array().expect("nodes");
        assert!(nodes.iter().all(|t| t.get("due_date").is_some() && t.get("dueDate").is_none()), "{reply}");
        let priorities: Vec<&str> = nodes.iter().filter_map(|t| t["priority"].as_str()).collect();
        assert!(!priorities.is_empty() && priorities.iter().all(|p| *p == p.to_lowercase()), "{reply}");
    }
}

async fn a_cut_list_resumes_from_its_cursor(backend: Backend) {
    let (app, token) = seeded(backend).await;
    let mcp = Mcp::http_with_headers(&app, &token, GRAPHQL).await;
    let query = "query($after: String) { tasks(first: 100, after: $after, filter: {done: false}) { totalCount
      edges { cursor node { ref title description } } pageInfo { hasNextPage endCursor } } }";
    let whole = app.ok(&token, "{ tasks(first: 200, filter: {done: false}) { nodes { ref } } }", json!({})).await;
    let expected: Vec<String> = whole["tasks"]["nodes"]
        .as_array()
        .expect("nodes")
        .iter()
        .map(|t| t["ref"].as_str().expect("ref").to_owned())
        .collect();
    let mut seen = Vec::new();
    let mut after = Value::Null;
    let mut cut = false;
    let mut long_cut = false;
    for _ in 0..200 {
        let reply =
            mcp.call("graphql_query", json!({"query": query, "variables": {"after": after}, "max_chars": 3000})).await;
        assert!(!reply.is_error && reply.text.encode_utf16().count() <= 3000, "{}", reply.text);
        cut |= reply.json.get("truncated").is_some();
        long_cut |= reply.json["items"].as_array().expect("items").iter().any(|t| {
            t["description_truncated"] == true && t["description_total_chars"].as_u64().is_some_and(|n| n > 750)
        });
        seen.extend(
            reply.json["items"].as_array().expect("items").iter().map(|t| t["ref"].as_str().expect("ref").to_owned()),
        );
        match reply.json.get("next") {
            Some(next) => after = next.clone(),
            None => break,
        }
    }
    assert!(cut, "a 3,000-character cap cuts a page of 100 tasks with descriptions");
    assert!(long_cut, "a description longer than a quarter of the cap is cut and says so");
    assert_eq!(seen, expected, "every open task once, in order");
}

async fn limits_and_mutations(backend: Backend) {
    let limits = Limits { max_aliases: 3, ..Limits::default() };
    let settings = Settings { limits, ..Settings::default() };
    let (app, token) = seeded_with(backend, settings, &ToolChoice::default()).await;
    let mcp = Mcp::http_with_headers(&app, &token, GRAPHQL).await;
    // Past the aliases /graphql allows: refused before it runs.
    let (code, error) = mcp
        .error(
            "graphql_query",
            json!({"query": "{ a: viewer { username } b: viewer { username }
        c: viewer { username } d: viewer { username } }"}),
        )
        .await;
    assert_eq!(code, "invalid_argument");
    assert!(error["message"].as_str().is_some_and(|m| m.contains("aliases")), "{error}");
    // A fragment spread twice per level, and a chain of fragments a
    // thousand deep: refused by measure, before anything expands them.
    let mut bomb = String::from("query { tasks { nodes { ...F0 } } }\n");
    for level in 0..30 {
        bomb.push_str(&format!("fragment F{level} on Task {{ ...F{next} ...F{next} }}\n", next = level + 1));
    }
    bomb.push_str("fragment F30 on Task { ref }\n");
    let started = std::time::Instant::now();
    let (code, _) = mcp.error("graphql_query", json!({"query": bomb})).await;
    assert_eq!(code, "invalid_argument");
    assert!(started.elapsed() < std::time::Duration::from_secs(5), "refused without expanding");
    let mut chain = String::from("query { tasks { nodes { ...C0 } } }\n");
    for level in 0..1_000 {
        chain.push_str(&format!("fragment C{level} on Task {{ parent {{ ...C{} }} }}\n", level + 1));
    }
    chain.push_str("fragment C1000 on Task { ref }\n");
    let (code, _) = mcp.error("graphql_query", json!({"query": chain})).await;
    assert_eq!(code, "invalid_argument");
    // Errors name the line and column.
    let (code, error) = mcp.error("graphql_query", json!({"query": "{\n  tasks(first: 2) { nodes { nope } } }"})).await;
    assert_eq!(code, "invalid_argument");
    assert!(error["message"].as_str().is_some_and(|m| m.starts_with("line 2, column")), "{error}");
    // A mutation without the operator's flag: refused, nothing written.
    let create = "mutation { createTask(input: {project: \"WEB\", title: \"From graphql_query\"}) { ref } }";
    let count = "{ tasks(filter: {text: \"From graphql_query\"}) { totalCount } }";
    let (code, _) = mcp.error("graphql_query", json!({"query": create})).await;
    assert_eq!(code, "forbidden");
    let (code, _) = mcp.error("graphql_query", json!({"query": "subscription { taskEvents { cursor } }"})).await;
    assert_eq!(code, "invalid_argument");
    assert_eq!(app.ok(&token, count, json!({})).await["tasks"]["totalCount"], 0);

    let allowing = ToolChoice { graphql_tool_mutations: true, ..ToolChoice::default() };
    let (app, token) = seeded_with(backend, Settings::default(), &allowing).await;
    let mcp = Mcp::http_with_headers(&app, &token, GRAPHQL).await;
    let tools = mcp.tools().await;
    let query = tools.iter().find(|t| t.name == "graphql_query").expect("listed");
    assert_eq!(query.annotations.as_ref().and_then(|a| a.read_only_hint), Some(false));
    let made = mcp.ok("graphql_query", json!({"query": create})).await;
    // One root field is the reply itself, as a tool's record.
    assert!(made["ref"].as_str().is_some_and(|r| r.starts_with("WEB-")), "{made}");
    // A read-only session gets the tool that runs queries only.
    let read_only =
        Mcp::http_with_headers(&app, &token, &[("X-MCP-Toolsets", "graphql"), ("X-MCP-Readonly", "true")]).await;
    assert_eq!(read_only.tool_names().await, ["graphql_query", "graphql_schema"]);
    let tools = read_only.tools().await;
    let query = tools.iter().find(|t| t.name == "graphql_query").expect("listed");
    assert_eq!(query.annotations.as_ref().and_then(|a| a.read_only_hint), Some(true));
    let (code, _) = read_only.error("graphql_query", json!({"query": create})).await;
    assert_eq!(code, "forbidden");
    assert!(read_only.ok("graphql_query", json!({"query": "{ viewer { username } }"})).await["username"].is_string());
}

async fn schema_slices_within_their_bound(backend: Backend) {
    let (app, token) = seeded(backend).await;
    let mcp = Mcp::http_with_headers(&app, &token, GRAPHQL).await;
    for arguments in [
        json!({}),
        json!({"type": "Task"}),
        json!({"type": "Task", "descriptions": true}),
        json!({"field": "Query.tasks"}),
        json!({"search": "comment due"}),
        json!({"search": "e", "descriptions": true}),
    ] {
        let answer = mcp.call("graphql_schema", arguments.clone()).await;
        assert!(!answer.is_error, "{}", answer.text);
        assert!(answer.text.encode_utf16().count() <= 4_000, "{arguments}: {} characters", answer.text.len());
        let reply = answer.json;
        let sdl = reply["sdl"].as_str().expect("sdl");
        assert!(!sdl.contains("\n\n") && !sdl.contains("  "), "{arguments}: minified");
    }
    let task = mcp.ok("graphql_schema", json!({"field": "Query.tasks"})).await;
    assert!(
        task["sdl"].as_str().is_some_and(|s| s.contains("input TaskFilter{") && s.contains("type Task{")),
        "{task}"
    );
    let wide = mcp.ok("graphql_schema", json!({"search": "e", "descriptions": true})).await;
    assert!(wide["left_out"].as_array().is_some_and(|names| !names.is_empty()), "what did not fit is named");
    let (code, _) = mcp.error("graphql_schema", json!({"type": "Nope"})).await;
    assert_eq!(code, "invalid_argument");
}

on_both_backends!(
    offered_only_when_named,
    one_call_answers_what_no_tool_foresaw,
    a_cut_list_resumes_from_its_cursor,
    limits_and_mutations,
    schema_slices_within_their_bound,
);
