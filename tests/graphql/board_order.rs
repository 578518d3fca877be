//! The board's manual order over HTTP: new tasks on top, a placement after
//! or before another task (or first) that every reader then sees, alone no
//! activity (`updatedAt` and the revision stay) but a `position` event,
//! with a status change in one write, refused in words across projects;
//! and many placements into one gap, which spread the order out, checked
//! against a model of the order.

use sea_orm::{ColumnTrait, Database, EntityTrait, QueryFilter, QuerySelect};
use serde_json::{Value, json};

use entity::{ProjectRole, WorkspaceRole};

use crate::on_both_backends;
use crate::support::{Backend, Board, TestApp, TestDb, simple_board};

const CREATE: &str = "mutation($t: String!) { createTask(input: {project: \"WEB\", title: $t}) { ref } }";
const PLACE: &str = "mutation($r: String!, $input: UpdateTaskInput!) { updateTask(ref: $r, input: $input) { ref revision updatedAt status { key } } }";
const BOARD: &str = "query($f: TaskFilter, $after: String) { project(key: \"WEB\") { tasks(order: BOARD, filter: $f, first: 100, after: $after) { pageInfo { hasNextPage endCursor } nodes { ref } } } }";
const EVENTS: &str = "query($r: String!) { task(ref: $r) { events(first: 100) { nodes { field newValue } } } }";

async fn order(app: &TestApp, token: &str, filter: Value) -> Vec<String> {
    let data = app.ok(token, BOARD, json!({"f": filter})).await;
    let tasks = &data["project"]["tasks"];
    assert_eq!(tasks["pageInfo"]["hasNextPage"], false);
    tasks["nodes"].as_array().expect("nodes").iter().map(|n| n["ref"].as_str().expect("ref").to_owned()).collect()
}

async fn place(app: &TestApp, token: &str, task: &str, place: Value) -> Value {
    app.ok(token, PLACE, json!({"r": task, "input": {"place": place}})).await["updateTask"].clone()
}

async fn positions(app: &TestApp, token: &str, task: &str) -> Vec<String> {
    let data = app.ok(token, EVENTS, json!({"r": task})).await;
    data["task"]["events"]["nodes"]
        .as_array()
        .expect("events")
        .iter()
        .filter(|e| e["field"] == "position")
        .map(|e| e["newValue"].as_str().unwrap_or_default().to_owned())
        .collect()
}

async fn placements_are_shared_and_stay(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let board = Board::new(&app.db);
    let bob = board.user("bob").await;
    board.member(&s.web, &bob, ProjectRole::Participant).await;
    let bob_token = board.token("bob").await;
    let t = &s.alice_token;
    for n in 1..=5 {
        app.ok(t, CREATE, json!({"t": format!("Task {n}")})).await;
    }
    assert_eq!(order(&app, t, json!({})).await, ["WEB-5", "WEB-4", "WEB-3", "WEB-2", "WEB-1"], "new tasks on top");

    let before = app.ok(t, "{ task(ref: \"WEB-1\") { revision updatedAt } }", json!({})).await["task"].clone();
    let moved = place(&app, t, "WEB-1", json!({"after": "WEB-4"})).await;
    assert_eq!(
        (&moved["revision"], &moved["updatedAt"]),
        (&before["revision"], &before["updatedAt"]),
        "a move is no activity"
    );
    assert_eq!(
        order(&app, &bob_token, json!({})).await,
        ["WEB-5", "WEB-4", "WEB-1", "WEB-3", "WEB-2"],
        "the same for everyone"
    );
    place(&app, t, "WEB-2", json!({"before": "WEB-5"})).await;
    place(&app, t, "WEB-3", json!({})).await;
    assert_eq!(order(&app, t, json!({})).await, ["WEB-3", "WEB-2", "WEB-5", "WEB-4", "WEB-1"]);
    app.ok(t, CREATE, json!({"t": "Task 6"})).await;
    assert_eq!(order(&app, t, json!({})).await[..2], ["WEB-6", "WEB-3"], "a new task still lands on top");

    // Where it already is: nothing written; the neighbour as its ref reads.
    place(&app, t, "WEB-1", json!({"after": "  WEB-04 "})).await;
    assert_eq!(positions(&app, t, "WEB-1").await, ["after WEB-4"]);
    assert_eq!(positions(&app, t, "WEB-3").await, ["first"]);

    // A drag to another column: the status and the place in one write.
    let done = app.ok(t, PLACE, json!({"r": "WEB-4", "input": {"status": "done", "place": {"after": "WEB-6"}}})).await;
    assert_eq!(done["updateTask"]["status"]["key"], "done");
    assert_eq!(order(&app, t, json!({})).await, ["WEB-6", "WEB-4", "WEB-3", "WEB-2", "WEB-5", "WEB-1"]);
    assert_eq!(order(&app, t, json!({"status": "todo"})).await, ["WEB-6", "WEB-3", "WEB-2", "WEB-5", "WEB-1"]);
    let fields: Vec<Value> = app.ok(t, EVENTS, json!({"r": "WEB-4"})).await["task"]["events"]["nodes"]
        .as_array()
        .expect("events")
        .iter()
        .map(|e| e["field"].clone())
        .collect();
    assert!(fields.contains(&json!("status")) && fields.contains(&json!("position")), "{fields:?}");

    // Refused in words, naming the field.
    let ws = board.workspace("OPS").await;
    board.workspace_member(&ws, &s.alice, WorkspaceRole::Member).await;
    let ops = board.project(&ws, "OPS", "Operations").await;
    board.member(&ops, &s.alice, ProjectRole::Manager).await;
    board.tasks(&ops, &s.alice, 1).await;
    for (neighbour, why) in [
        ("OPS-1", "is not a task of this project"),
        ("WEB-1", "is the task being placed"),
        ("WEB-99", "is no live task of this project"),
        ("nonsense", "is not a task ref"),
    ] {
        let input = json!({"place": {"after": neighbour}});
        let (code, error) = app.error(t, PLACE, json!({"r": "WEB-1", "input": input})).await;
        assert_eq!(code, "BAD_USER_INPUT", "{error}");
        assert!(error["message"].as_str().unwrap_or_default().contains(why), "{error}");
    }
    let (code, _) = app.error(&bob_token, PLACE, json!({"r": "WEB-1", "input": {"place": {"after": "WEB-9"}}})).await;
    assert_eq!(code, "BAD_USER_INPUT");
}

/// Moves into one gap until it runs out, against a list that models the
/// order: the store spreads its ranks out and keeps every place.
async fn many_moves_into_one_gap_keep_the_order(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let t = &s.alice_token;
    let count = 30;
    for n in 1..=count {
        app.ok(t, CREATE, json!({"t": format!("Task {n}")})).await;
    }
    let mut model: Vec<String> = (1..=count).rev().map(|n| format!("WEB-{n}")).collect();
    // Each move goes right after WEB-30, before the one moved last: the
    // gap halves every time, so it runs out after about twenty.
    for n in (1..=28).rev() {
        let moving = format!("WEB-{n}");
        place(&app, t, &moving, json!({"after": "WEB-30"})).await;
        model.retain(|r| *r != moving);
        let at = model.iter().position(|r| r == "WEB-30").expect("anchor") + 1;
        model.insert(at, moving);
    }
    // And some before and first, after the spread.
    place(&app, t, "WEB-29", json!({"before": "WEB-1"})).await;
    model.retain(|r| r != "WEB-29");
    let at = model.iter().position(|r| r == "WEB-1").expect("anchor");
    model.insert(at, "WEB-29".into());
    place(&app, t, "WEB-10", json!({})).await;
    model.retain(|r| r != "WEB-10");
    model.insert(0, "WEB-10".into());
    assert_eq!(order(&app, t, json!({})).await, model);
    // Walked two at a time, the order gives every task once.
    let mut walked = Vec::new();
    let mut after = Value::Null;
    loop {
        let query = BOARD.replace("first: 100", "first: 2");
        let data = app.ok(t, &query, json!({"after": after})).await;
        let tasks = &data["project"]["tasks"];
        walked.extend(
            tasks["nodes"].as_array().expect("nodes").iter().map(|n| n["ref"].as_str().expect("ref").to_owned()),
        );
        if tasks["pageInfo"]["hasNextPage"] != true {
            break;
        }
        after = tasks["pageInfo"]["endCursor"].clone();
    }
    assert_eq!(walked, model);
}

/// Tasks stored before the board order take it from their numbers, in 64
/// bits: task 3,000 times the gap is past 2^31.
async fn tasks_stored_before_take_their_creation_order(backend: Backend) {
    let test_db = TestDb::create(backend).await;
    let db = Database::connect(&test_db.url).await.expect("connect");
    let before = <migration::Migrator as migration::MigratorTrait>::migrations().len() - 1;
    <migration::Migrator as migration::MigratorTrait>::up(&db, Some(before as u32)).await.expect("older migrations");
    let board = Board::new(&db);
    let alice = board.user("alice").await;
    let ws = board.workspace("ENG").await;
    let web = board.project(&ws, "WEB", "Web").await;
    let ids = board.tasks(&web, &alice, 3).await;
    entity::task::Entity::update_many()
        .col_expr(entity::task::Column::Number, sea_orm::sea_query::Expr::value(3_000))
        .filter(entity::task::Column::Id.eq(ids[2]))
        .exec(&db)
        .await
        .expect("a high number");
    <migration::Migrator as migration::MigratorTrait>::up(&db, None).await.expect("the board order's migration");
    let ranks: Vec<(i64, i64)> = entity::task::Entity::find()
        .select_only()
        .columns([entity::task::Column::Id, entity::task::Column::BoardRank])
        .into_tuple()
        .all(&db)
        .await
        .expect("ranks");
    let rank_of = |id: i64| ranks.iter().find(|(i, _)| *i == id).map(|(_, rank)| *rank);
    assert_eq!(rank_of(ids[0]), Some(migration::RANK_GAP));
    assert_eq!(rank_of(ids[1]), Some(2 * migration::RANK_GAP));
    assert_eq!(rank_of(ids[2]), Some(3_000 * migration::RANK_GAP));
    db.close().await.ok();
}

on_both_backends!(
    placements_are_shared_and_stay,
    many_moves_into_one_gap_keep_the_order,
    tasks_stored_before_take_their_creation_order
);
