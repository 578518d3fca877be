//! Field selection reaches the SQL, and a page's statement count does not
//! grow with its size.

use serde_json::json;

use crate::on_both_backends;
use crate::support::{Backend, Board, TestApp, simple_board};

const SUMMARY: &str = "query($first: Int) {
  tasks(first: $first) {
    nodes { ref title priority done dueDate updatedAt status { key } assignee { username } labels { name } coworkers { username } commentCount }
  }
}";

async fn statements_of(app: &TestApp, token: &str, query: &str, first: i64) -> Vec<String> {
    app.statements.take();
    let data = app.ok(token, query, json!({"first": first})).await;
    assert_eq!(data["tasks"]["nodes"].as_array().map(Vec::len), Some(first as usize));
    app.statements.take().into_iter().filter(|s| !s.contains("api_token")).collect()
}

async fn description_is_read_only_when_selected(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    Board::new(&app.db).tasks(&s.web, &s.alice, 20).await;
    let without = statements_of(&app, &s.alice_token, SUMMARY, 10).await;
    let task_reads: Vec<&String> = without.iter().filter(|s| s.contains("FROM \"task\"")).collect();
    assert!(!task_reads.is_empty(), "the page reads the task table: {without:#?}");
    for statement in &without {
        assert!(
            !statement.contains("\"task\".\"description\""),
            "description read without being selected: {statement}"
        );
    }
    let with = statements_of(
        &app,
        &s.alice_token,
        "query($first: Int) { tasks(first: $first) { nodes { ref description } } }",
        10,
    )
    .await;
    assert!(with.iter().any(|s| s.contains("\"task\".\"description\"")), "{with:#?}");
    app.finish().await;
}

async fn statement_count_does_not_grow_with_page_size(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    Board::new(&app.db).tasks(&s.web, &s.alice, 210).await;
    let small = statements_of(&app, &s.alice_token, SUMMARY, 10).await;
    let large = statements_of(&app, &s.alice_token, SUMMARY, 200).await;
    assert_eq!(small.len(), large.len(), "10 items: {small:#?}\n200 items: {large:#?}");
    assert!(small.len() <= 12, "a summary page takes a handful of statements: {small:#?}");
    app.finish().await;
}

on_both_backends!(description_is_read_only_when_selected, statement_count_does_not_grow_with_page_size);
