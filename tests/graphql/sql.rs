//! Field selection reaches the SQL, and a page's statement count does not
//! grow with its size.

use sea_orm::ConnectionTrait;
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

/// `sqlite_stat1` rows of a seeded board of 100,000 tasks in 20 projects:
/// the statistics under which SQLite once chose to sort a whole list for its
/// first page.
const LARGE_BOARD_STATISTICS: &[(&str, &str, &str)] = &[
    ("project", "ix_project_workspace_id_key", "20 7 1"),
    ("project", "sqlite_autoindex_project_1", "20 1"),
    ("project_member", "ix_project_member_project_id_user_id", "99 5 1"),
    ("project_member", "ix_project_member_user_id", "99 9"),
    ("workspace_member", "ix_workspace_member_user_id", "19 2"),
    ("workspace_member", "ix_workspace_member_workspace_id_user_id", "19 7 1"),
    ("task", "ix_task_assignee_id_updated_at_id", "100000 1001 1 1"),
    ("task", "ix_task_created_at_id", "100000 1 1"),
    ("task", "ix_task_due_date_id", "100000 26 1"),
    ("task", "ix_task_due_key_id", "100000 26 1"),
    ("task", "ix_task_parent_id", "100000 69"),
    ("task", "ix_task_project_id_created_at_id", "100000 1001 1 1"),
    ("task", "ix_task_project_id_number", "100000 1001 1"),
    ("task", "ix_task_project_id_updated_at_id", "100000 1001 1 1"),
    ("task", "ix_task_status_id", "100000 1001"),
    ("task", "ix_task_updated_at_id", "100000 1 1"),
];

/// A first page walks its order's index and stops after a page, rather than
/// reading and sorting every visible task: on a large board that is the
/// difference between about a millisecond and a quarter of a second.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn first_pages_walk_the_order_index_on_sqlite() {
    let app = TestApp::start(Backend::Sqlite).await;
    let s = simple_board(&app).await;
    Board::new(&app.db).tasks(&s.web, &s.alice, 30).await;

    // A connection of its own, planning under the statistics of a large board.
    let planner = sea_orm::Database::connect(app.database_url()).await.expect("connect");
    planner.execute_unprepared("ANALYZE").await.expect("analyze");
    for (table, index, stat) in LARGE_BOARD_STATISTICS {
        planner
            .execute_unprepared(&format!(
                "DELETE FROM sqlite_stat1 WHERE tbl = '{table}' AND idx = '{index}';
                 INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES ('{table}', '{index}', '{stat}');"
            ))
            .await
            .expect("statistics");
    }
    planner.execute_unprepared("ANALYZE sqlite_schema").await.expect("reload statistics");

    for order in ["UPDATED", "CREATED", "REF", "DUE"] {
        for page in ["first", "last"] {
            app.statements.take();
            let query = format!("{{ tasks({page}: 50, order: {order}) {{ nodes {{ ref }} }} }}");
            app.ok(&s.alice_token, &query, json!({})).await;
            let statements = app.statements.take();
            let Some(select) = statements.iter().find(|s| s.contains("FROM \"task\"") && s.contains("LIMIT")) else {
                panic!("no page statement for {query}: {statements:#?}");
            };
            let plan: Vec<String> = planner
                .query_all_raw(sea_orm::Statement::from_string(
                    sea_orm::DatabaseBackend::Sqlite,
                    format!("EXPLAIN QUERY PLAN {select}"),
                ))
                .await
                .expect("plan")
                .iter()
                .map(|row| row.try_get::<String>("", "detail").unwrap_or_default())
                .collect();
            assert!(
                !plan.iter().any(|step| step.contains("TEMP B-TREE FOR ORDER BY")),
                "{query} sorts the list instead of walking an index: {plan:#?}\n{select}"
            );
        }
    }
    planner.close().await.ok();
    app.finish().await;
}

on_both_backends!(description_is_read_only_when_selected, statement_count_does_not_grow_with_page_size);
