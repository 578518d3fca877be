//! Project name search (all words, then any word) and the task filters.

use serde_json::json;

use entity::{ProjectRole, WorkspaceRole};

use crate::on_both_backends;
use crate::support::{Backend, Board, TestApp};

const PROJECTS: &str = "query($name: String) { projects(filter: {name: $name}) { totalCount nodes { key } } }";

async fn keys(app: &TestApp, token: &str, name: &str) -> (Vec<String>, i64) {
    let data = app.ok(token, PROJECTS, json!({"name": name})).await;
    let keys = data["projects"]["nodes"]
        .as_array()
        .expect("nodes")
        .iter()
        .map(|n| n["key"].as_str().expect("key").to_owned())
        .collect();
    (keys, data["projects"]["totalCount"].as_i64().expect("total"))
}

async fn name_search_all_words_then_any_word(backend: Backend) {
    let app = TestApp::start(backend).await;
    let board = Board::new(&app.db);
    let alice = board.user("alice").await;
    let bob = board.user("bob").await;
    let carol = board.user("carol").await;
    let ws = board.workspace("ENG").await;
    board.workspace_member(&ws, &alice, WorkspaceRole::Member).await;
    for (key, name) in [
        ("MOB", "Mobile App Redesign"),
        ("BIL", "Billing Platform Migration"),
        ("APP", "App Store Launch"),
        ("WEB", "Web Platform"),
    ] {
        let p = board.project(&ws, key, name).await;
        // Several members: the project must still count once.
        board.member(&p, &alice, ProjectRole::Manager).await;
        board.member(&p, &bob, ProjectRole::Participant).await;
        board.member(&p, &carol, ProjectRole::Participant).await;
    }
    let token = board.token("alice").await;

    // All words, any case, in any order.
    assert_eq!(keys(&app, &token, "redesign MOBILE").await, (vec!["MOB".into()], 1));
    assert_eq!(keys(&app, &token, "platform").await.1, 2);
    // No project holds both words: any word.
    let (found, total) = keys(&app, &token, "billing launch").await;
    assert_eq!((found.len(), total), (2, 2));
    assert!(found.contains(&"BIL".to_owned()) && found.contains(&"APP".to_owned()));
    // One word has no fallback.
    assert_eq!(keys(&app, &token, "nothing").await, (vec![], 0));
    // Words match inside other words ("app" in "App Store" and "Mobile App").
    assert_eq!(keys(&app, &token, "app").await.1, 2);
}

const TASKS: &str = "query($filter: TaskFilter) { tasks(filter: $filter, order: REF) { totalCount nodes { ref } } }";

async fn refs(app: &TestApp, token: &str, filter: serde_json::Value) -> Vec<String> {
    let data = app.ok(token, TASKS, json!({"filter": filter})).await;
    let refs: Vec<String> = data["tasks"]["nodes"]
        .as_array()
        .expect("nodes")
        .iter()
        .map(|n| n["ref"].as_str().expect("ref").to_owned())
        .collect();
    assert_eq!(data["tasks"]["totalCount"].as_u64(), Some(refs.len() as u64), "totalCount agrees with the list");
    refs
}

async fn task_filters_narrow_as_documented(backend: Backend) {
    let app = TestApp::start(backend).await;
    let board = Board::new(&app.db);
    let alice = board.user("alice").await;
    board.user("bob").await;
    let ws = board.workspace("ENG").await;
    let web = board.project(&ws, "WEB", "Web").await;
    board.member(&web, &alice, ProjectRole::Manager).await;
    let t = board.token("alice").await;
    let create = "mutation($input: CreateTaskInput!) { createTask(input: $input) { ref } }";
    for input in [
        json!({"project": "WEB", "title": "Fix the Login page", "assignee": "me", "labels": ["bug"], "dueDate": "2020-01-01"}),
        json!({"project": "WEB", "title": "Checkout flow", "description": "<p>Payment <b>LOGIN</b> step</p>", "coworkers": ["alice"], "kind": "FEATURE"}),
        json!({"project": "WEB", "title": "Done thing", "status": "done", "assignee": "bob"}),
        json!({"project": "WEB", "title": "Child of one", "parent": "WEB-1", "dueDate": "2999-01-01"}),
    ] {
        app.ok(&t, create, json!({"input": input})).await;
    }
    assert_eq!(refs(&app, &t, json!({})).await, ["WEB-1", "WEB-2", "WEB-3", "WEB-4"]);
    assert_eq!(refs(&app, &t, json!({"done": false})).await, ["WEB-1", "WEB-2", "WEB-4"]);
    assert_eq!(refs(&app, &t, json!({"done": true})).await, ["WEB-3"]);
    assert_eq!(refs(&app, &t, json!({"status": "done"})).await, ["WEB-3"]);
    assert_eq!(refs(&app, &t, json!({"status": "todo"})).await, ["WEB-1", "WEB-2", "WEB-4"]);
    assert_eq!(refs(&app, &t, json!({"assignee": "me"})).await, ["WEB-1"]);
    assert_eq!(refs(&app, &t, json!({"assignee": "bob"})).await, ["WEB-3"]);
    assert_eq!(refs(&app, &t, json!({"involves": "alice"})).await, ["WEB-1", "WEB-2"]);
    assert_eq!(refs(&app, &t, json!({"label": "bug"})).await, ["WEB-1"]);
    assert_eq!(refs(&app, &t, json!({"text": "login"})).await, ["WEB-1", "WEB-2"]);
    assert_eq!(refs(&app, &t, json!({"text": "LOGIN fix"})).await, ["WEB-1"]);
    assert_eq!(refs(&app, &t, json!({"text": "100%"})).await, Vec::<String>::new());
    assert_eq!(refs(&app, &t, json!({"unscheduled": true})).await, ["WEB-2", "WEB-3"]);
    assert_eq!(refs(&app, &t, json!({"dueBefore": "2021-01-01"})).await, ["WEB-1"]);
    assert_eq!(refs(&app, &t, json!({"dueAfter": "2021-01-01"})).await, ["WEB-4"]);
    assert_eq!(refs(&app, &t, json!({"dueAfter": "2020-01-01", "dueBefore": "2020-01-02"})).await, ["WEB-1"]);
    assert_eq!(refs(&app, &t, json!({"unassigned": true})).await, ["WEB-2", "WEB-4"]);
    assert_eq!(refs(&app, &t, json!({"unassigned": false})).await, ["WEB-1", "WEB-3"]);
    let (code, _) = app.error(&t, TASKS, json!({"filter": {"unassigned": true, "assignee": "bob"}})).await;
    assert_eq!(code, "BAD_USER_INPUT");
    assert_eq!(refs(&app, &t, json!({"parent": "WEB-1"})).await, ["WEB-4"]);
    assert_eq!(refs(&app, &t, json!({"kind": "FEATURE"})).await, ["WEB-2"]);
    assert_eq!(refs(&app, &t, json!({"project": "NOPE"})).await, Vec::<String>::new());
    assert_eq!(refs(&app, &t, json!({"changedSince": "2000-01-01T00:00:00Z"})).await.len(), 4);
    assert_eq!(refs(&app, &t, json!({"changedSince": "2999-01-01T00:00:00Z"})).await.len(), 0);
    assert_eq!(refs(&app, &t, json!({"completedSince": "2000-01-01T00:00:00Z"})).await, ["WEB-3"]);
    // Due order: soonest first, unscheduled last.
    let data = app.ok(&t, "{ tasks(order: DUE) { nodes { ref } } }", json!({})).await;
    let due: Vec<&str> =
        data["tasks"]["nodes"].as_array().expect("nodes").iter().map(|n| n["ref"].as_str().expect("ref")).collect();
    assert_eq!(&due[..2], ["WEB-1", "WEB-4"]);
}

const MEMBERS: &str = "query($search: String, $after: String) { project(key: \"WEB\") { members(search: $search, first: 2, after: $after) { totalCount pageInfo { hasNextPage endCursor } nodes { user { username } } } } }";

async fn member_search_pages_past_any_cut(backend: Backend) {
    let app = TestApp::start(backend).await;
    let board = Board::new(&app.db);
    let ws = board.workspace("ENG").await;
    let web = board.project(&ws, "WEB", "Web").await;
    for name in ["alice", "bob", "mallory_1", "mallory_2", "mallory_3", "zed%"] {
        let user = board.user(name).await;
        board.member(&web, &user, ProjectRole::Participant).await;
    }
    let t = board.token("alice").await;
    let names = |data: &serde_json::Value| -> Vec<String> {
        data["project"]["members"]["nodes"]
            .as_array()
            .expect("nodes")
            .iter()
            .map(|n| n["user"]["username"].as_str().expect("username").to_owned())
            .collect()
    };
    // Any case, in the username or the display name (the fixture's is upper case).
    let first = app.ok(&t, MEMBERS, json!({"search": "MALL"})).await;
    assert_eq!(names(&first), ["mallory_1", "mallory_2"]);
    assert_eq!(first["project"]["members"]["totalCount"], 3);
    let after = first["project"]["members"]["pageInfo"]["endCursor"].clone();
    let rest = app.ok(&t, MEMBERS, json!({"search": "MALL", "after": after})).await;
    assert_eq!(names(&rest), ["mallory_3"], "the search pages on");
    // Every word must match; wildcards are letters.
    assert_eq!(names(&app.ok(&t, MEMBERS, json!({"search": "mallory 2"})).await), ["mallory_2"]);
    assert_eq!(names(&app.ok(&t, MEMBERS, json!({"search": "%"})).await), ["zed%"]);
    assert_eq!(app.ok(&t, MEMBERS, json!({"search": "_"})).await["project"]["members"]["totalCount"], 3);
    assert_eq!(app.ok(&t, MEMBERS, json!({"search": "nobody"})).await["project"]["members"]["totalCount"], 0);
    // A cursor of another search is refused, not misread.
    let (code, _) = app.error(&t, MEMBERS, json!({"search": "bob", "after": after})).await;
    assert_eq!(code, "BAD_USER_INPUT");
}

on_both_backends!(
    name_search_all_words_then_any_word,
    task_filters_narrow_as_documented,
    member_search_pages_past_any_cut
);
