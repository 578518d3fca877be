//! The reply conventions: omitted empties, exact `fields`, documented
//! summary keys, and the tool catalogue's size and metadata.

use std::collections::BTreeSet;

use serde_json::{Value, json};

use tasklens::demo::{self, DEMO_USERNAME, SeedOptions};

use crate::client::Mcp;
use crate::on_both_backends;
use crate::support::{Backend, TestApp};

/// Finds a null, empty array, false or zero anywhere below the top level.
fn empties(value: &Value, path: &str, found: &mut Vec<String>) {
    match value {
        Value::Null => found.push(path.to_owned()),
        Value::Bool(false) => found.push(path.to_owned()),
        Value::Number(n) if n.as_f64() == Some(0.0) => found.push(path.to_owned()),
        Value::Array(a) if a.is_empty() => found.push(path.to_owned()),
        Value::Array(a) => a.iter().enumerate().for_each(|(i, v)| empties(v, &format!("{path}[{i}]"), found)),
        Value::Object(o) => o.iter().for_each(|(k, v)| empties(v, &format!("{path}.{k}"), found)),
        _ => {}
    }
}

async fn seeded(backend: Backend) -> (TestApp, String) {
    let app = TestApp::start(backend).await;
    demo::seed(&app.db, &SeedOptions { projects: 4, tasks: 120, seed: 11 }).await.expect("seed");
    let token = tasklens::auth::create_token(&app.db, DEMO_USERNAME, None, false, "test").await.expect("token");
    (app, token)
}

async fn defaults_omit_null_empty_false_and_zero(backend: Backend) {
    let (app, token) = seeded(backend).await;
    let mcp = Mcp::http(&app, &token).await;
    let task_ref = mcp.ok("list_tasks", json!({"limit": 1})).await["items"][0]["ref"].as_str().expect("ref").to_owned();
    let calls = [
        ("list_projects", json!({})),
        ("list_projects", json!({"view": "full"})),
        ("get_project", json!({"project": "MOBILE"})),
        ("list_tasks", json!({"limit": 200})),
        ("list_tasks", json!({"done": true, "view": "full", "body_chars": 200})),
        ("list_my_tasks", json!({})),
        ("search_tasks", json!({"text": "the"})),
        ("get_task", json!({"ref": task_ref})),
        ("list_comments", json!({"ref": task_ref})),
        ("list_task_changes", json!({"ref": task_ref})),
        ("list_activity", json!({})),
    ];
    for (tool, arguments) in calls {
        let reply = mcp.ok(tool, arguments.clone()).await;
        let mut found = Vec::new();
        for (key, value) in reply.as_object().expect("object") {
            if !matches!(key.as_str(), "items" | "total") {
                empties(value, key, &mut found);
            }
        }
        if let Some(items) = reply["items"].as_array() {
            items.iter().enumerate().for_each(|(i, item)| empties(item, &format!("items[{i}]"), &mut found));
        }
        assert!(found.is_empty(), "{tool} {arguments}: empty values at {found:?}");
    }
    // With verbose the empties and internal ids come back.
    let verbose = mcp.ok("list_tasks", json!({"limit": 50, "verbose": true})).await;
    let item = &verbose["items"][0];
    assert!(
        item["id"].is_string() && item.get("assignee").is_some() && item.get("done") == Some(&json!(false)),
        "{item}"
    );
    mcp.close().await;
    app.finish().await;
}

async fn fields_give_exactly_the_named_keys(backend: Backend) {
    let (app, token) = seeded(backend).await;
    let mcp = Mcp::http(&app, &token).await;
    let list = mcp.ok("list_tasks", json!({"fields": "ref,assignee,parent,comments", "limit": 100})).await;
    for item in list["items"].as_array().expect("items") {
        let keys: BTreeSet<&str> = item.as_object().expect("object").keys().map(String::as_str).collect();
        assert_eq!(keys, BTreeSet::from(["ref", "assignee", "parent", "comments"]), "{item}");
    }
    let with_description = mcp.ok("list_tasks", json!({"fields": "ref,description", "limit": 200})).await;
    let described =
        with_description["items"].as_array().expect("items").iter().filter(|t| t["description"].is_string()).count();
    assert!(described > 0, "naming description in a list's fields brings excerpts");
    let task = mcp.ok("get_task", json!({"ref": list["items"][0]["ref"], "fields": ["title", "description"]})).await;
    let keys: BTreeSet<&str> = task.as_object().expect("object").keys().map(String::as_str).collect();
    assert!(keys.contains("title") && keys.contains("description"), "{task}");
    assert!(keys.iter().all(|k| ["title", "description"].contains(k) || k.starts_with("description_")), "{task}");
    let project = mcp.ok("get_project", json!({"project": "MOBILE", "fields": ["key", "open_tasks"]})).await;
    assert_eq!(project.as_object().map(|o| o.len()), Some(2));
    mcp.close().await;
    app.finish().await;
}

async fn summary_items_hold_the_documented_keys(backend: Backend) {
    let (app, token) = seeded(backend).await;
    let mcp = Mcp::http(&app, &token).await;
    let summary =
        BTreeSet::from(["ref", "title", "status", "priority", "assignee", "due", "labels", "updated", "done"]);
    let mut seen = BTreeSet::new();
    for done in [false, true] {
        let list = mcp.ok("list_tasks", json!({"limit": 200, "done": done})).await;
        for item in list["items"].as_array().expect("items") {
            for key in item.as_object().expect("object").keys() {
                assert!(summary.contains(key.as_str()), "unexpected summary key {key}: {item}");
                seen.insert(key.clone());
            }
        }
    }
    assert_eq!(seen.len(), summary.len(), "every summary key appears on a seeded board: {seen:?}");
    let projects = mcp.ok("list_projects", json!({})).await;
    for item in projects["items"].as_array().expect("items") {
        let keys: BTreeSet<&str> = item.as_object().expect("object").keys().map(String::as_str).collect();
        assert!(keys.is_subset(&BTreeSet::from(["key", "name", "workspace", "url"])), "{item}");
    }
    mcp.close().await;
    app.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tools_list_is_small_and_annotated() {
    let app = TestApp::start(Backend::Sqlite).await;
    let token = {
        let board = crate::support::Board::new(&app.db);
        board.user("alice").await;
        board.token("alice").await
    };
    let mcp = Mcp::http(&app, &token).await;
    let tools = mcp.tools().await;
    let listing = serde_json::to_string(&json!({"tools": tools})).expect("json");
    let size = listing.encode_utf16().count();
    println!("tools/list: {} tools, {size} characters", tools.len());
    assert!(size < 15_000, "tools/list is {size} characters");
    let reads = [
        "list_projects",
        "get_project",
        "list_tasks",
        "list_my_tasks",
        "search_tasks",
        "get_task",
        "list_comments",
        "list_task_changes",
        "list_activity",
        "wiki_tree",
        "get_wiki_page",
        "search_wiki",
        "list_wiki_changes",
    ];
    let overwrites = ["update_task", "put_wiki_page", "patch_wiki_page"];
    assert_eq!(tools.len(), 21, "every tool of the catalogue");
    for tool in &tools {
        let annotations = tool.annotations.as_ref().expect("annotations");
        let read = reads.contains(&tool.name.as_ref());
        assert_eq!(annotations.read_only_hint, Some(read), "{}", tool.name);
        let destructive = if read { None } else { Some(overwrites.contains(&tool.name.as_ref())) };
        assert_eq!(annotations.destructive_hint, destructive, "{}", tool.name);
        let meta = tool.meta.as_ref().expect("meta");
        assert_eq!(meta.0.get("anthropic/maxResultSizeChars"), Some(&json!(20_000)), "{}", tool.name);
        assert!(tool.description.as_ref().is_some_and(|d| d.len() < 160), "{}: keep descriptions short", tool.name);
    }
    mcp.close().await;
    app.finish().await;
}

on_both_backends!(
    defaults_omit_null_empty_false_and_zero,
    fields_give_exactly_the_named_keys,
    summary_items_hold_the_documented_keys,
);
