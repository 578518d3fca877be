//! Keyset paging: every item exactly once, `totalCount` equal to the walk,
//! and stable under writes between pages.

use std::collections::HashSet;

use serde_json::{Value, json};

use crate::on_both_backends;
use crate::support::{Backend, Board, TestApp, simple_board};

const WALK: &str = "query($first: Int, $after: String, $order: TaskOrder, $last: Int, $before: String) {
  tasks(first: $first, after: $after, order: $order, last: $last, before: $before) {
    totalCount
    edges { cursor node { ref title } }
    nodes { ref }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
  }
}";

/// Walks forward through every page, with `between` run after each page.
async fn walk(
    app: &TestApp,
    token: &str,
    order: &str,
    page: i64,
    mut between: impl AsyncFnMut(usize),
) -> (Vec<String>, i64) {
    let mut seen = Vec::new();
    let mut after: Option<String> = None;
    let mut total = -1;
    for page_number in 0.. {
        let data = app.ok(token, WALK, json!({"first": page, "after": after, "order": order})).await;
        let conn = &data["tasks"];
        if total < 0 {
            total = conn["totalCount"].as_i64().expect("totalCount");
        }
        let refs: Vec<String> = conn["edges"]
            .as_array()
            .expect("edges")
            .iter()
            .map(|e| e["node"]["ref"].as_str().expect("ref").to_owned())
            .collect();
        let nodes: Vec<&str> =
            conn["nodes"].as_array().expect("nodes").iter().map(|n| n["ref"].as_str().expect("ref")).collect();
        assert_eq!(refs, nodes, "edges and nodes disagree");
        seen.extend(refs);
        between(page_number).await;
        if !conn["pageInfo"]["hasNextPage"].as_bool().expect("hasNextPage") {
            break;
        }
        after = conn["pageInfo"]["endCursor"].as_str().map(str::to_owned);
        assert!(after.is_some(), "a page with a next page has an end cursor");
    }
    (seen, total)
}

fn assert_unique(seen: &[String]) {
    let unique: HashSet<&String> = seen.iter().collect();
    assert_eq!(unique.len(), seen.len(), "a task was seen twice");
}

async fn walk_sees_each_task_once_and_total_matches(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    Board::new(&app.db).tasks(&s.web, &s.alice, 1030).await;
    for (order, page) in [("UPDATED", 200), ("CREATED", 97), ("REF", 200), ("DUE", 150)] {
        let (seen, total) = walk(&app, &s.alice_token, order, page, async |_| {}).await;
        assert_unique(&seen);
        assert_eq!(seen.len(), 1030, "order {order}");
        assert_eq!(total, 1030, "order {order}");
    }
    // REF order is numeric within the project, not textual.
    let (seen, _) = walk(&app, &s.alice_token, "REF", 200, async |_| {}).await;
    assert_eq!(&seen[..3], ["WEB-1", "WEB-2", "WEB-3"]);
    assert_eq!(seen[9], "WEB-10");
}

const CREATE: &str = "mutation($title: String!) { createTask(input: {project: \"WEB\", title: $title}) { ref } }";
const UPDATE: &str = "mutation($ref: String!) { updateTask(ref: $ref, input: {priority: HIGH}) { ref } }";

async fn walk_is_stable_when_tasks_change_between_pages(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    Board::new(&app.db).tasks(&s.web, &s.alice, 1010).await;
    let original: HashSet<String> = (1..=1010).map(|n| format!("WEB-{n}")).collect();
    for order in ["CREATED", "REF", "UPDATED"] {
        let token = s.alice_token.clone();
        let app_ref = &app;
        let mut touched = HashSet::new();
        let (seen, _) = walk(&app, &s.alice_token, order, 100, async |page| {
            // Between pages: a new task, and an update of one task far ahead
            // and one already passed.
            app_ref.ok(&token, CREATE, json!({"title": format!("new during {order} {page}")})).await;
            for n in [1010 - page * 37, 1 + page * 41] {
                let r = format!("WEB-{n}");
                app_ref.ok(&token, UPDATE, json!({"ref": r})).await;
                touched.insert(r);
            }
        })
        .await;
        assert_unique(&seen);
        let seen: HashSet<String> = seen.into_iter().collect();
        // A row whose sort key did not change is never skipped; under
        // CREATED and REF no sort key changes at all.
        let must_see: HashSet<&String> = if order == "UPDATED" {
            original.iter().filter(|r| !touched.contains(*r)).collect()
        } else {
            original.iter().collect()
        };
        let missing: Vec<&&String> = must_see.iter().filter(|r| !seen.contains(**r)).collect();
        assert!(missing.is_empty(), "order {order}: skipped {missing:?}");
    }
}

async fn backward_paging_mirrors_forward(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    Board::new(&app.db).tasks(&s.web, &s.alice, 25).await;
    let all = app.ok(&s.alice_token, WALK, json!({"first": 25, "order": "CREATED"})).await;
    let forward: Vec<Value> = all["tasks"]["nodes"].as_array().expect("nodes").clone();
    let end = all["tasks"]["edges"][24]["cursor"].as_str().expect("cursor").to_owned();
    let back = app.ok(&s.alice_token, WALK, json!({"last": 10, "before": end, "order": "CREATED"})).await;
    assert_eq!(back["tasks"]["nodes"].as_array().expect("nodes")[..], forward[14..24]);
    assert_eq!(back["tasks"]["pageInfo"]["hasPreviousPage"], true);
    assert_eq!(back["tasks"]["pageInfo"]["hasNextPage"], true);
    let tail = app.ok(&s.alice_token, WALK, json!({"last": 5, "order": "CREATED"})).await;
    assert_eq!(tail["tasks"]["nodes"].as_array().expect("nodes")[..], forward[20..]);
}

async fn default_page_is_fifty_and_zero_gives_only_the_total(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    Board::new(&app.db).tasks(&s.web, &s.alice, 60).await;
    let data = app.ok(&s.alice_token, "{ tasks { nodes { ref } pageInfo { hasNextPage } } }", json!({})).await;
    assert_eq!(data["tasks"]["nodes"].as_array().expect("nodes").len(), 50);
    assert_eq!(data["tasks"]["pageInfo"]["hasNextPage"], true);
    let data = app.ok(&s.alice_token, "{ tasks(first: 0) { totalCount nodes { ref } } }", json!({})).await;
    assert_eq!(data["tasks"]["totalCount"], 60);
    assert_eq!(data["tasks"]["nodes"], json!([]));
}

on_both_backends!(
    walk_sees_each_task_once_and_total_matches,
    walk_is_stable_when_tasks_change_between_pages,
    backward_paging_mirrors_forward,
    default_page_is_fifty_and_zero_gives_only_the_total,
);
