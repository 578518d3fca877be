//! Field selection reaches the SQL, and a page's statement count does not
//! grow with its size.

use entity::StatusCategory;
use sea_orm::ConnectionTrait;
use serde_json::{Value, json};

use crate::on_both_backends;
use crate::support::{Backend, Board, TestApp, simple_board, two_workspace_board};

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
}

async fn statement_count_does_not_grow_with_page_size(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    Board::new(&app.db).tasks(&s.web, &s.alice, 210).await;
    let small = statements_of(&app, &s.alice_token, SUMMARY, 10).await;
    let large = statements_of(&app, &s.alice_token, SUMMARY, 200).await;
    assert_eq!(small.len(), large.len(), "10 items: {small:#?}\n200 items: {large:#?}");
    assert!(small.len() <= 12, "a summary page takes a handful of statements: {small:#?}");
}

/// A page reads its count in its own statement, once, whether its reply is
/// written in one pass (`ref` alone) or field by field (`commentCount` takes
/// a loader); a page with no row to carry the count counts apart.
async fn a_page_counts_once_whichever_path_it_takes(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    Board::new(&app.db).tasks(&s.web, &s.alice, 12).await;
    for fields in ["ref", "ref commentCount"] {
        let page =
            |count: &str| format!("query($first: Int) {{ tasks(first: $first) {{ {count} nodes {{ {fields} }} }} }}");
        let without = statements_of(&app, &s.alice_token, &page(""), 10).await;
        let with = statements_of(&app, &s.alice_token, &page("totalCount"), 10).await;
        assert_eq!(with.len(), without.len(), "{fields}: {with:#?}");
        // The whole board's total is a sum of the live tasks of each status.
        let counts: Vec<&String> = with.iter().filter(|s| s.contains("status_task_count")).collect();
        assert!(counts.len() == 1 && counts[0].contains("LIMIT"), "{fields}: the page's statement counts: {with:#?}");
    }
    let all = "{ tasks(first: 5) { totalCount nodes { ref } } }";
    assert_eq!(app.ok(&s.alice_token, all, json!({})).await["tasks"]["totalCount"], 12);
    let last = "query($after: String) { tasks(first: 5, after: $after) { totalCount nodes { ref } } }";
    for (skipped, rows) in [(11, 1), (12, 0)] {
        let before = format!("{{ tasks(first: {skipped}) {{ pageInfo {{ endCursor }} }} }}");
        let after = app.ok(&s.alice_token, &before, json!({})).await["tasks"]["pageInfo"]["endCursor"].clone();
        let data = app.ok(&s.alice_token, last, json!({"after": after})).await;
        assert_eq!(data["tasks"]["nodes"].as_array().map(Vec::len), Some(rows), "{data}");
        assert_eq!(data["tasks"]["totalCount"], 12, "{rows} rows after {skipped}: {data}");
    }
    let backwards = app.ok(&s.alice_token, "{ tasks(last: 5) { totalCount nodes { ref } } }", json!({})).await;
    assert_eq!(backwards["tasks"]["nodes"].as_array().map(Vec::len), Some(5), "{backwards}");
    assert_eq!(backwards["tasks"]["totalCount"], 12, "a page read backwards: {backwards}");
    let none = "{ tasks(filter: {text: \"nowhere-to-be-found\"}) { totalCount nodes { ref } } }";
    assert_eq!(app.ok(&s.alice_token, none, json!({})).await["tasks"]["totalCount"], 0);
}

/// What `list_tasks` asks for by default: the summary fields and the total.
const LIST_TASKS: &str = "query($filter: TaskFilter) {
  tasks(filter: $filter, first: 50) {
    totalCount
    edges { cursor node { ref title status { key } priority assignee { username } dueDate labels { name } updatedAt done } }
    pageInfo { hasNextPage endCursor }
  }
}";

/// A summary page and its total take two statements (the page with its
/// projects, statuses and assignees joined and its count, the labels), and the
/// token none once remembered, on the whole board and within a project; within a project
/// the page names the project's id as a constant, not as a set.
async fn a_summary_page_takes_two_statements(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    Board::new(&app.db).tasks(&s.web, &s.alice, 60).await;
    app.ok(&s.alice_token, "{ viewer { username } }", json!({})).await;
    for filter in [json!({}), json!({"project": "WEB"})] {
        app.statements.take();
        let data = app.ok(&s.alice_token, LIST_TASKS, json!({"filter": filter})).await;
        assert_eq!(data["tasks"]["totalCount"], 60, "{filter}");
        assert_eq!(data["tasks"]["edges"].as_array().map(Vec::len), Some(50));
        assert!(data["tasks"]["edges"][0]["node"]["ref"].as_str().is_some_and(|r| r.starts_with("WEB-")));
        assert!(data["tasks"]["edges"][0]["node"]["status"]["key"].is_string());
        let statements = app.statements.take();
        let (token, rest): (Vec<&String>, Vec<&String>) = statements.iter().partition(|s| s.contains("api_token"));
        let token_reads: Vec<&&String> = token.iter().filter(|s| s.contains("token_hash")).collect();
        assert!(token_reads.is_empty(), "the token was remembered from the first request: {token_reads:#?}");
        assert_eq!(rest.len(), 2, "{filter}: {rest:#?}");
        if filter.get("project").is_some() {
            let page = rest.iter().find(|s| s.contains("LIMIT")).expect("a page statement");
            assert!(page.contains("\"project_id\" = (SELECT"), "{page}");
        }
    }
}

const TOTALS: &str = "{ all: tasks { totalCount } web: tasks(filter: {project: \"WEB\"}) { totalCount }
  ops: tasks(filter: {project: \"OPS\"}) { totalCount } }";

async fn totals(app: &TestApp, token: &str) -> (i64, i64, i64) {
    let data = app.ok(token, TOTALS, json!({})).await;
    let n = |key: &str| data[key]["totalCount"].as_i64().unwrap_or(-1);
    (n("all"), n("web"), n("ops"))
}

async fn live_tasks_in_sql(app: &TestApp, project_id: i64) -> i64 {
    use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
    entity::task::Entity::find()
        .filter(entity::task::Column::ProjectId.eq(project_id))
        .filter(entity::task::Column::DeletedAt.is_null())
        .count(&app.db)
        .await
        .expect("count") as i64
}

/// Whole-board and per-project totals come from counters the database
/// keeps; they follow every kind of write: creation, deletion through the
/// API, tombstoning and restoring in SQL, hard deletes, moves, and a whole
/// project deleted. A project the viewer does not see never counts.
async fn totals_follow_every_write(backend: Backend) {
    use sea_orm::{ActiveModelTrait, EntityTrait, IntoActiveModel, Set};
    let app = TestApp::start(backend).await;
    let s = two_workspace_board(&app).await;
    let board = Board::new(&app.db);
    let hidden_ws = board.workspace("HID").await;
    let hidden = board.project(&hidden_ws, "HID", "Hidden").await;
    board.tasks(&hidden, &s.alice, 3).await;
    let web: Vec<i64> = {
        use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
        let rows = entity::task::Entity::find().filter(entity::task::Column::ProjectId.eq(s.web.id)).all(&app.db);
        rows.await.expect("tasks").into_iter().map(|t| t.id).collect()
    };
    assert_eq!(totals(&app, &s.alice_token).await, (4, 2, 2));

    let create = "mutation { createTask(input: {project: \"WEB\", title: \"New\"}) { ref } }";
    let created = app.ok(&s.alice_token, create, json!({})).await;
    let new_ref = created["createTask"]["ref"].as_str().expect("ref").to_owned();
    assert_eq!(totals(&app, &s.alice_token).await, (5, 3, 2));
    app.ok(&s.alice_token, "mutation($r: String!) { deleteTask(ref: $r) { ref } }", json!({"r": new_ref})).await;
    assert_eq!(totals(&app, &s.alice_token).await, (4, 2, 2));

    let task = entity::task::Entity::find_by_id(web[0]).one(&app.db).await.expect("read").expect("task");
    let mut tombstone = task.clone().into_active_model();
    tombstone.deleted_at = Set(Some(chrono::Utc::now()));
    tombstone.update(&app.db).await.expect("tombstone");
    assert_eq!(totals(&app, &s.alice_token).await, (3, 1, 2));
    let mut restored = task.clone().into_active_model();
    restored.deleted_at = Set(None);
    restored.update(&app.db).await.expect("restore");
    assert_eq!(totals(&app, &s.alice_token).await, (4, 2, 2));

    let ops = entity::project::Entity::find()
        .all(&app.db)
        .await
        .expect("projects")
        .into_iter()
        .find(|p| p.key == "OPS")
        .expect("OPS");
    let ops_id = ops.id;
    let done_query = "{ tasks(filter: {done: true}) { totalCount } }";
    let done = |data: Value| data["tasks"]["totalCount"].as_i64().unwrap_or(-1);
    assert_eq!(done(app.ok(&s.alice_token, done_query, json!({})).await), 0);
    let mut finished = task.clone().into_active_model();
    finished.status_id = Set(board.status_id(&s.web, StatusCategory::Done).await);
    finished.update(&app.db).await.expect("finish");
    assert_eq!(done(app.ok(&s.alice_token, done_query, json!({})).await), 1);
    assert_eq!(totals(&app, &s.alice_token).await, (4, 2, 2));
    let mut moved = task.into_active_model();
    moved.project_id = Set(ops_id);
    moved.status_id = Set(board.status_id(&ops, StatusCategory::Todo).await);
    moved.number = Set(1_000);
    moved.update(&app.db).await.expect("move");
    assert_eq!(totals(&app, &s.alice_token).await, (4, 1, 3));
    entity::task::Entity::delete_by_id(web[1]).exec(&app.db).await.expect("hard delete");
    assert_eq!(totals(&app, &s.alice_token).await, (3, 0, 3));
    assert_eq!(live_tasks_in_sql(&app, s.web.id).await, 0);
    assert_eq!(live_tasks_in_sql(&app, ops_id).await, 3);

    // A filter that is not a project's reads the tasks themselves, and agrees.
    let by_kind = app.ok(&s.alice_token, "{ tasks(filter: {kind: TASK}) { totalCount } }", json!({})).await;
    let all_kinds = app
        .ok(
            &s.alice_token,
            "{ a: tasks(filter: {done: false}) { totalCount } b: tasks(filter: {done: true}) { totalCount } }",
            json!({}),
        )
        .await;
    assert!(by_kind["tasks"]["totalCount"].as_i64().is_some_and(|n| n <= 3));
    assert_eq!(
        all_kinds["a"]["totalCount"].as_i64().unwrap_or(0) + all_kinds["b"]["totalCount"].as_i64().unwrap_or(0),
        3
    );

    entity::project::Entity::delete_by_id(hidden.id).exec(&app.db).await.expect("delete a project");
    assert_eq!(totals(&app, &s.alice_token).await, (3, 0, 3));
}

/// `sqlite_stat1` rows of a seeded board (`tasklens seed --projects 20
/// --tasks 100000`, then `ANALYZE`): the statistics under which SQLite once
/// chose to sort a whole list for its first page.
const LARGE_BOARD_STATISTICS: &[(&str, &str, &str)] = &[
    ("project", "ix_project_workspace_id_key", "20 7 1"),
    ("project", "sqlite_autoindex_project_1", "20 1"),
    ("project_member", "ix_project_member_project_id_user_id", "94 5 1"),
    ("project_member", "ix_project_member_user_id", "94 9"),
    ("workspace_member", "ix_workspace_member_user_id", "19 2"),
    ("workspace_member", "ix_workspace_member_workspace_id_user_id", "19 7 1"),
    ("task", "ix_task_assignee_id_updated_at_id", "100000 8334 1 1"),
    ("task", "ix_task_created_at_id", "100000 1 1"),
    ("task", "ix_task_due_date_id", "100000 283 1"),
    ("task", "ix_task_due_key_id", "100000 283 1"),
    ("task", "ix_task_live_assignee_id_project_id_status_id", "98000 8167 860 197"),
    ("task", "ix_task_live_assignee_id_project_id_updated_at_id", "98000 8167 860 1 1"),
    ("task", "ix_task_parent_id", "100000 24"),
    ("task", "ix_task_project_id_created_at_id", "100000 5000 1 1"),
    ("task", "ix_task_project_id_number", "100000 5000 1"),
    ("task", "ix_task_project_id_updated_at_id", "100000 5000 1 1"),
    ("task", "ix_task_status_id", "100000 1150"),
    ("task", "ix_task_updated_at_id", "100000 1 1"),
    ("task", "ux_task_source", "100000 5000 5000 5000"),
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

    // (order, filter, the index the page walks; any when empty)
    let orders = ["UPDATED", "CREATED", "REF", "DUE"].map(|order| (order, "", ""));
    let within_project = [
        ("UPDATED", r#"project: "WEB""#, "ix_task_project_id_updated_at_id"),
        ("CREATED", r#"project: "WEB""#, "ix_task_project_id_created_at_id"),
        ("UPDATED", r#"project: "WEB", assignee: "alice""#, "ix_task_live_assignee_id_project_id_updated_at_id"),
        (
            "UPDATED",
            r#"project: "WEB", assignee: "alice", status: "todo""#,
            "ix_task_live_assignee_id_project_id_updated_at_id",
        ),
    ];
    for (order, filter, index) in orders.into_iter().chain(within_project) {
        for page in ["first", "last"] {
            app.statements.take();
            let filter = if filter.is_empty() { String::new() } else { format!(", filter: {{{filter}}}") };
            let query = format!("{{ tasks({page}: 50, order: {order}{filter}) {{ nodes {{ ref }} }} }}");
            app.ok(&s.alice_token, &query, json!({})).await;
            let statements = app.statements.take();
            let Some(select) = statements.iter().find(|s| s.contains("FROM \"task\"") && s.contains("LIMIT")) else {
                panic!("no page statement for {query}: {statements:#?}");
            };
            let steps: Vec<(i64, i64, String)> = planner
                .query_all_raw(sea_orm::Statement::from_string(
                    sea_orm::DatabaseBackend::Sqlite,
                    format!("EXPLAIN QUERY PLAN {select}"),
                ))
                .await
                .expect("plan")
                .iter()
                .map(|row| {
                    let number = |column| row.try_get::<i64>("", column).unwrap_or_default();
                    (number("id"), number("parent"), row.try_get::<String>("", "detail").unwrap_or_default())
                })
                .collect();
            // The page is cut in a subquery, then joined and put back in
            // order: only the subquery's own steps read the list.
            let page = steps.iter().find(|(_, _, detail)| detail.starts_with("CO-ROUTINE")).map(|(id, ..)| *id);
            let plan: Vec<&str> =
                steps.iter().filter(|(_, parent, _)| Some(*parent) == page).map(|(.., d)| d.as_str()).collect();
            assert!(
                !plan.is_empty() && !plan.iter().any(|step| step.contains("TEMP B-TREE FOR ORDER BY")),
                "{query} sorts the list instead of walking an index: {steps:#?}\n{select}"
            );
            assert!(plan.iter().any(|step| step.contains(index)), "{query} walks {index}: {steps:#?}\n{select}");
        }
    }
    planner.close().await.ok();
}

/// A page reads its rows by column position (`store::tasks::page_rows`):
/// every column of a task, its status and its assignee read as sea-orm
/// reads them by name, with every optional column set and unset.
async fn a_page_reads_every_column_as_the_entity_does(backend: Backend) {
    use sea_orm::{ActiveModelTrait, EntityTrait, IntoActiveModel, Set};
    use tasklens::store::tasks::{self, TaskColumns, TaskFilter, TaskOrder};
    use tasklens::store::{PageArgs, PageLimits, Store, identity};

    use entity::{status, task, user};

    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let board = Board::new(&app.db);
    // Distinct values in every column, so that a column read in another's
    // place cannot pass for it.
    let (bob, carol) = (board.user("bob").await, board.user("carol").await);
    let ids = board.tasks(&s.web, &s.alice, 4).await;
    let at = |ms: i64| crate::support::t0() + chrono::Duration::milliseconds(ms);
    let full = task::Entity::find_by_id(ids[0]).one(&app.db).await.expect("read").expect("a task");
    let mut set = full.into_active_model();
    set.description = Set(Some("<p>all of it</p>".into()));
    set.parent_id = Set(Some(ids[3]));
    set.assignee_id = Set(Some(bob.id));
    set.due_date = Set(Some(chrono::NaiveDate::from_ymd_opt(2026, 12, 31).expect("a date")));
    set.completed_at = Set(Some(at(111_111)));
    set.source_system = Set(Some("github".into()));
    set.source_key = Set(Some("acme/web#7".into()));
    set.source_url = Set(Some("https://github.com/acme/web/issues/7".into()));
    set.source_state = Set(Some("{}".into()));
    set.priority = Set(entity::Priority::Urgent);
    set.kind = Set(entity::TaskKind::Bug);
    set.revision = Set(7);
    set.claim_holder_id = Set(Some(carol.id));
    set.claimed_at = Set(Some(at(222_222)));
    set.claim_until = Set(Some(at(333_333)));
    set.claim_ttl_seconds = Set(Some(300));
    set.board_rank = Set(-5);
    set.update(&app.db).await.expect("every column set");
    let mut bob_with_email =
        user::Entity::find_by_id(bob.id).one(&app.db).await.expect("read").expect("bob").into_active_model();
    bob_with_email.email = Set(Some("bob@example.com".into()));
    bob_with_email.update(&app.db).await.expect("an email");

    let store = Store::new(app.db.clone(), PageLimits::default());
    let viewer = identity::authenticate(&app.db, &s.alice_token).await.expect("viewer");
    for (description, lean) in [(true, false), (false, false), (true, true), (false, true)] {
        let columns = TaskColumns { description, lean };
        let filter = TaskFilter::default();
        let (page, _) =
            tasks::page(&store, &viewer, &filter, TaskOrder::Ref, None, &PageArgs::first(10), columns, false)
                .await
                .expect("a page");
        assert_eq!(page.items.len(), 4);
        for (_, row) in &page.items {
            let mut stored = task::Entity::find_by_id(row.task.id).one(&app.db).await.expect("read").expect("task");
            // What an import last read is never on a page, nor a description not asked for.
            stored.source_state = None;
            if !description {
                stored.description = None;
            }
            // Nor, on a lean page, a claim or where the task was imported from.
            if lean {
                (stored.claim_session_id, stored.claim_holder_id, stored.claimed_at) = (None, None, None);
                (stored.claim_until, stored.claim_ttl_seconds) = (None, None);
                (stored.source_system, stored.source_key, stored.source_url) = (None, None, None);
            }
            assert_eq!(row.task, stored);
            assert_eq!(row.project_key.as_deref(), Some("WEB"));
            let status = status::Entity::find_by_id(stored.status_id).one(&app.db).await.expect("read");
            assert_eq!(row.status, status);
            let assignee = match stored.assignee_id {
                Some(id) => user::Entity::find_by_id(id).one(&app.db).await.expect("read"),
                None => None,
            };
            assert_eq!(row.assignee, assignee);
        }
        let first = &page.items[0].1;
        assert_eq!((first.task.id, first.task.revision, first.task.board_rank), (ids[0], 7, -5));
        let claim = if lean { (None, None) } else { (Some(at(222_222)), Some(at(333_333))) };
        assert_eq!((first.task.claimed_at, first.task.claim_until), claim);
        assert_eq!(first.assignee.as_ref().and_then(|u| u.email.as_deref()), Some("bob@example.com"));
        assert_eq!(first.task.description.is_some(), description);
    }
}

on_both_backends!(
    a_page_reads_every_column_as_the_entity_does,
    a_page_counts_once_whichever_path_it_takes,
    description_is_read_only_when_selected,
    statement_count_does_not_grow_with_page_size,
    a_summary_page_takes_two_statements,
    totals_follow_every_write
);

/// On PostgreSQL each statement of a task page's request is planned once
/// per connection: after the five custom plans the planner always tries,
/// it keeps a generic one. (A bound `LIMIT $n`, which it expects to return
/// a tenth of the table, and a sentinel bound on the leading key once made
/// it plan every execution anew, at twice the cost of running it.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn task_pages_are_planned_once_per_connection_on_postgres() {
    use tasklens::store::tasks::{self, TaskColumns, TaskFilter, TaskOrder};
    use tasklens::store::{PageArgs, PageLimits, Store, identity};

    if !crate::support::postgres_enabled() {
        return;
    }
    let test_db = crate::support::TestDb::create(Backend::Postgres).await;
    let one_connection = tasklens::config::DatabaseOptions::with_pool(1);
    let db = tasklens::db::connect_with(&test_db.url, &one_connection).await.expect("connect");
    let s = crate::support::simple_board_on(&db).await;
    Board::new(&db).tasks(&s.web, &s.alice, 3_000).await;
    db.execute_unprepared("UPDATE task SET assignee_id = created_by_id WHERE number % 2 = 0; ANALYZE")
        .await
        .expect("assign half and analyze");
    let store = Store::new(db.clone(), PageLimits::default());
    let viewer = identity::authenticate(&db, &s.alice_token).await.expect("viewer");
    let web = |f: TaskFilter| TaskFilter { project: Some("WEB".into()), ..f };
    let filters = [
        web(TaskFilter::default()),
        web(TaskFilter { status: Some("todo".into()), assignee: Some("alice".into()), ..TaskFilter::default() }),
        TaskFilter::default(),
    ];
    for _ in 0..8 {
        for filter in &filters {
            let (updated, columns) = (TaskOrder::Updated, TaskColumns::default());
            let args = PageArgs::first(50);
            let (first, _) =
                tasks::page(&store, &viewer, filter, updated, None, &args, columns, false).await.expect("first page");
            let after = first.items.last().map(|(cursor, _)| cursor.encoded());
            let deep_args = PageArgs { after, ..PageArgs::first(50) };
            let (deep, _) =
                tasks::page(&store, &viewer, filter, updated, None, &deep_args, columns, false).await.expect("next");
            assert_eq!(deep.items.len(), 50);
            let (_, count) =
                tasks::page(&store, &viewer, filter, updated, None, &args, columns, true).await.expect("counted");
            assert!(count.is_some_and(|n| n >= 50), "{count:?}");
            tasks::count(&store, &viewer, filter, None).await.expect("count");
        }
    }
    let prepared = db
        .query_all_raw(sea_orm::Statement::from_string(
            sea_orm::DatabaseBackend::Postgres,
            "SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements",
        ))
        .await
        .expect("prepared statements");
    let mut task_statements = 0;
    for row in prepared {
        let statement: String = row.try_get("", "statement").expect("statement");
        let generic: i64 = row.try_get("", "generic_plans").expect("generic_plans");
        let custom: i64 = row.try_get("", "custom_plans").expect("custom_plans");
        // The board's own statements ran once; the requests', eight times.
        if generic + custom < 8 {
            continue;
        }
        task_statements += 1;
        assert!(generic > 0 && custom <= 5, "{custom} custom and {generic} generic plans: {statement}");
    }
    assert!(task_statements >= 6, "pages and counts were prepared: {task_statements}");
}
