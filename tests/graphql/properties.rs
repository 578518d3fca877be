//! Property: on a seeded board, walking any order and filter forward or
//! backward, with any page size, visits every matching task exactly once,
//! in the order of a single-page read, and the count equals `totalCount`.

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::{Value, json};

use tasklens::demo::{self, DEMO_USERNAME, SeedOptions};

use crate::support::{Backend, TestApp};

const PAGE: &str =
    "query($filter: TaskFilter, $order: TaskOrder, $first: Int, $after: String, $last: Int, $before: String) {
  tasks(filter: $filter, order: $order, first: $first, after: $after, last: $last, before: $before) {
    totalCount nodes { ref } pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
  }
}";

fn refs(conn: &Value) -> Vec<String> {
    conn["nodes"].as_array().expect("nodes").iter().map(|n| n["ref"].as_str().expect("ref").to_owned()).collect()
}

async fn walk(app: &TestApp, token: &str, filter: &Value, order: &str, page: i64, forward: bool) -> (Vec<String>, i64) {
    let mut seen: Vec<String> = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let vars = if forward {
            json!({"filter": filter, "order": order, "first": page, "after": cursor})
        } else {
            json!({"filter": filter, "order": order, "last": page, "before": cursor})
        };
        let data = app.ok(token, PAGE, vars).await;
        let conn = &data["tasks"];
        let total = conn["totalCount"].as_i64().expect("total");
        let mut items = refs(conn);
        let more = if forward { &conn["pageInfo"]["hasNextPage"] } else { &conn["pageInfo"]["hasPreviousPage"] };
        if forward {
            seen.append(&mut items);
            cursor = conn["pageInfo"]["endCursor"].as_str().map(str::to_owned);
        } else {
            items.append(&mut seen);
            seen = items;
            cursor = conn["pageInfo"]["startCursor"].as_str().map(str::to_owned);
        }
        if more != true {
            return (seen, total);
        }
    }
}

fn filters() -> Vec<Value> {
    vec![
        json!({}),
        json!({"done": false}),
        json!({"done": true}),
        json!({"text": "the"}),
        json!({"involves": "alice"}),
        json!({"project": "SEARCH"}),
        json!({"unscheduled": true}),
        json!({"label": "bug", "done": false}),
    ]
}

#[test]
fn cursor_walks_visit_every_match_once_in_order() {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
    let (app, token) = runtime.block_on(async {
        let app = TestApp::start(Backend::Sqlite).await;
        demo::seed(&app.db, &SeedOptions { projects: 6, tasks: 190, seed: 3 }).await.expect("seed");
        let token =
            tasklens::store::tokens::create_token(&app.db, DEMO_USERNAME, None, true, "walk").await.expect("token");
        (app, token)
    });
    let strategy = (0..filters().len(), prop_oneof!["UPDATED", "CREATED", "REF", "DUE"], 1i64..70, any::<bool>());
    let mut runner = TestRunner::new(Config { cases: 48, ..Config::default() });
    let result = runner.run(&strategy, |(filter, order, page, forward)| {
        let filter = &filters()[filter];
        runtime.block_on(async {
            let whole = app.ok(&token, PAGE, json!({"filter": filter, "order": order, "first": 200})).await;
            let expected = refs(&whole["tasks"]);
            let (seen, total) = walk(&app, &token, filter, &order, page, forward).await;
            prop_assert_eq!(&seen, &expected, "filter {} order {} page {} forward {}", filter, order, page, forward);
            prop_assert_eq!(total, expected.len() as i64);
            Ok(())
        })
    });
    runtime.block_on(async move { drop(app) });
    if let Err(failure) = result {
        panic!("{failure}");
    }
}
