//! `tasklens export` and `tasklens import tasklens`: a board moved SQLite
//! to PostgreSQL and back (SQLite to SQLite without PostgreSQL) answers
//! every query the same; a cut, edited or hostile archive writes nothing.

use std::io::Cursor;

use serde_json::{Value, json};

use tasklens::config::Settings;
use tasklens::demo::{self, SeedOptions};
use tasklens::store::archive::{self, ArchiveError, RestoreOptions};
use tasklens::store::{identity, tokens};
use tasklens::{App, db};

use crate::support::{Backend, TestDb, postgres_enabled};

/// Queries a person or an agent asks of a board, cursors and ids included.
const QUERIES: &[&str] = &[
    "{ projects(first: 50) { totalCount nodes { id key name openTaskCount description lastEventCursor
        statuses { key name } labels { name color } } pageInfo { endCursor } } }",
    "{ tasks(first: 100) { totalCount nodes { id ref title priority done dueDate updatedAt createdAt kind
        status { key name } assignee { username } labels { name color } coworkers { username }
        parent { ref } commentCount } pageInfo { endCursor hasNextPage } } }",
    "{ tasks(first: 30, order: DUE, filter: {done: true}) { totalCount edges { cursor node { ref completedAt } } } }",
    "{ tasks(last: 20, order: CREATED) { nodes { ref description comments(first: 5) { nodes { body } } } } }",
    "{ tasks(first: 20, filter: {text: \"the\"}) { totalCount nodes { ref } } }",
    "{ activity(first: 100) { totalCount nodes { id cursor field oldValue newValue at actor { username } task { ref } } } }",
    "{ wikiTree(first: 100) { totalCount nodes { path title depth hasChildren revision updatedAt } } }",
];

async fn answers(url: &str) -> Vec<Value> {
    let conn = db::connect(url).await.expect("database");
    let token = tokens::create_token(&conn, demo::DEMO_USERNAME, None, true, "compare").await.expect("token");
    let viewer = identity::authenticate(&conn, &token).await.expect("viewer");
    let app = App::new(conn, Settings::default());
    let mut out = Vec::new();
    for query in QUERIES {
        let request = tasklens::graphql::with_viewer(async_graphql::Request::new(*query), app.store(), viewer.clone());
        let response = app.graphql().execute(request).await;
        let value = serde_json::to_value(&response).expect("json");
        assert!(response.errors.is_empty(), "{query}: {value}");
        out.push(value);
    }
    out
}

async fn exported(url: &str) -> Vec<u8> {
    exported_part(url, None).await
}

async fn exported_part(url: &str, workspace: Option<&str>) -> Vec<u8> {
    let conn = db::connect(url).await.expect("database");
    let mut out = Vec::new();
    archive::export(&conn, &mut out, workspace, &|_, _| {}).await.expect("export");
    out
}

async fn imported(url: &str, archive: &[u8], dry_run: bool) -> Result<archive::Counts, ArchiveError> {
    let conn = db::connect(url).await.expect("database");
    let mut input = Cursor::new(archive);
    let mut records = tasklens::import::archive::ArchiveLines::open(&mut input)?;
    archive::restore(&conn, &mut records, RestoreOptions { dry_run }, &|_, _| {}).await
}

/// Where two answers first differ, as a path and the two values.
fn difference(a: &Value, b: &Value, path: &str) -> Option<String> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys: std::collections::BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            keys.into_iter().find_map(|k| {
                difference(x.get(k).unwrap_or(&Value::Null), y.get(k).unwrap_or(&Value::Null), &format!("{path}.{k}"))
            })
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            x.iter().zip(y).enumerate().find_map(|(i, (x, y))| difference(x, y, &format!("{path}[{i}]")))
        }
        _ if a == b => None,
        (Value::String(x), Value::String(y)) => {
            let at = x.chars().zip(y.chars()).take_while(|(p, q)| p == q).count();
            let around = |t: &str| t.chars().skip(at.saturating_sub(40)).take(120).collect::<String>();
            Some(format!("{path} at {at}: {:?} != {:?}", around(x), around(y)))
        }
        _ => Some(format!("{path}: {} != {}", short(a), short(b))),
    }
}

fn short(value: &Value) -> String {
    value.to_string().chars().take(200).collect()
}

fn same(after: &[Value], before: &[Value], what: &str) {
    for ((a, b), query) in after.iter().zip(before).zip(QUERIES) {
        if let Some(diff) = difference(a, b, "") {
            panic!("{what}: {query}\n{diff}");
        }
    }
}

/// Every line but the header (which carries the export's instant).
fn body(archive: &[u8]) -> Vec<&[u8]> {
    archive.split(|b| *b == b'\n').skip(1).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_moved_to_postgresql_and_back_answers_the_same() {
    // The demo writes its HTML as it generates it, past the sanitizer (its
    // entities exercise the text conversions); an import sanitizes as any
    // write does. So the board compared is one imported once: HTML as the
    // API stores it, which moves unchanged.
    let seeded = TestDb::create(Backend::Sqlite).await;
    let conn = db::connect(&seeded.url).await.expect("database");
    demo::seed(&conn, &SeedOptions { projects: 3, tasks: 150, seed: 7 }).await.expect("seed");
    conn.close().await.ok();
    let source = TestDb::create(Backend::Sqlite).await;
    imported(&source.url, &exported(&seeded.url).await, false).await.expect("first import");
    let before = answers(&source.url).await;
    let first = exported(&source.url).await;

    let middle = TestDb::create(if postgres_enabled() { Backend::Postgres } else { Backend::Sqlite }).await;
    let counts = imported(&middle.url, &first, false).await.expect("import");
    assert_eq!(counts.get("task"), 150);
    assert!(counts.get("wiki_revision") > 0 && counts.get("task_event") > 0 && counts.get("comment") > 0);
    same(&answers(&middle.url).await, &before, "after the move");

    let back = TestDb::create(Backend::Sqlite).await;
    imported(&back.url, &exported(&middle.url).await, false).await.expect("import back");
    same(&answers(&back.url).await, &before, "after the move back");
    let last = exported(&back.url).await;
    assert_eq!(body(&last), body(&first), "the archive itself round-trips");

    // New rows after an import take fresh ids (the sequences moved on).
    let conn = db::connect(&middle.url).await.expect("database");
    tokens::create_token(&conn, demo::DEMO_USERNAME, None, false, "after").await.expect("a new row");
    // And a second import into the same database changes nothing.
    let again = imported(&middle.url, &first, false).await;
    assert!(matches!(again, Err(ArchiveError::NotEmpty)), "{again:?}");
}

/// One workspace taken out alone answers, in a database of its own, what
/// it answered beside the others.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_workspace_moves_alone() {
    let seeded = TestDb::create(Backend::Sqlite).await;
    let conn = db::connect(&seeded.url).await.expect("database");
    demo::seed(&conn, &SeedOptions { projects: 6, tasks: 120, seed: 11 }).await.expect("seed");
    conn.close().await.ok();
    let source = TestDb::create(Backend::Sqlite).await;
    imported(&source.url, &exported(&seeded.url).await, false).await.expect("the board as the API stores it");
    let target = TestDb::create(Backend::Sqlite).await;
    let counts = imported(&target.url, &exported_part(&source.url, Some("OPS")).await, false).await.expect("import");
    assert_eq!(counts.get("workspace"), 1);

    let queries = [
        "{ workspaces(first: 10) { nodes { key } } }",
        "{ projects(first: 50) { totalCount nodes { key name statuses { key } labels { name color } } } }",
        "{ tasks(first: 100, order: REF) { totalCount nodes { ref title description done assignee { username }
            labels { name } coworkers { username } parent { ref } comments(first: 5) { nodes { body author { username } } } } } }",
        "{ activity(first: 100) { totalCount nodes { field newValue actor { username } task { ref } } } }",
        "{ wikiTree(workspace: \"OPS\", first: 100) { totalCount nodes { path title revision } } }",
    ];
    let ask = |url: String, query: &'static str| async move {
        let conn = db::connect(&url).await.expect("database");
        let token = tokens::create_token(&conn, demo::DEMO_USERNAME, Some("OPS"), true, "part").await.expect("token");
        let viewer = identity::authenticate(&conn, &token).await.expect("viewer");
        let app = App::new(conn, Settings::default());
        let request = tasklens::graphql::with_viewer(async_graphql::Request::new(query), app.store(), viewer);
        serde_json::to_value(app.graphql().execute(request).await).expect("json")
    };
    for query in queries {
        let (before, after) = (ask(source.url.clone(), query).await, ask(target.url.clone(), query).await);
        assert!(before["errors"].is_null(), "{before}");
        if let Some(diff) = difference(&after, &before, "") {
            panic!("{query}\n{diff}");
        }
    }
    let conn = db::connect(&target.url).await.expect("database");
    use sea_orm::{EntityTrait, PaginatorTrait};
    assert_eq!(entity::workspace::Entity::find().count(&conn).await.expect("count"), 1, "the others stay behind");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cut_edited_or_hostile_archive_writes_nothing() {
    let source = TestDb::create(Backend::Sqlite).await;
    let conn = db::connect(&source.url).await.expect("database");
    demo::seed(&conn, &SeedOptions { projects: 2, tasks: 20, seed: 3 }).await.expect("seed");
    let whole = exported(&source.url).await;
    let text = String::from_utf8(whole.clone()).expect("utf-8");
    let lines: Vec<&str> = text.lines().collect();

    let target = TestDb::create(Backend::Sqlite).await;
    let empty = |url: String| async move {
        let conn = db::connect(&url).await.expect("database");
        use sea_orm::{EntityTrait, PaginatorTrait};
        entity::task::Entity::find().count(&conn).await.expect("count") == 0
            && entity::user::Entity::find().count(&conn).await.expect("count") == 0
    };
    // One record of `table` changed by `change`.
    let edited = |table: &str, change: &dyn Fn(&mut Value)| {
        let at = lines.iter().position(|l| l.contains(&format!("\"table\":\"{table}\""))).expect("a row");
        let mut record: Value = serde_json::from_str(lines[at]).expect("json");
        change(&mut record["row"]);
        let mut all: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
        all[at] = record.to_string();
        all.join("\n")
    };
    let row_of = |table: &str, test: &dyn Fn(&Value) -> bool| -> Value {
        lines
            .iter()
            .filter(|l| l.contains(&format!("\"table\":\"{table}\"")))
            .map(|l| serde_json::from_str::<Value>(l).expect("json")["row"].clone())
            .find(|row| test(row))
            .expect("a matching row")
    };
    let first_task = row_of("task", &|_| true);
    let foreign_status = row_of("status", &|s| s["project_id"] != first_task["project_id"]);
    let page = row_of("wiki_page", &|_| true);
    let foreign_project = row_of("project", &|p| p["workspace_id"] != page["workspace_id"]);
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "a task under another project's status",
            edited("task", &|row| row["status_id"] = foreign_status["id"].clone()),
            "a task whose status belongs to another project",
        ),
        (
            "a wiki page of a project of another workspace",
            edited("wiki_page", &|row| row["project_id"] = foreign_project["id"].clone()),
            "a wiki page of a project in another workspace than the page's",
        ),
        ("an id of 0", edited("label", &|row| row["id"] = json!(0)), "outside 1 to"),
        ("a wiki path that climbs", edited("wiki_page", &|row| row["path"] = json!("../secrets")), "path"),
        ("a task number past the range", edited("task", &|row| row["number"] = json!(2_147_483_647)), "outside 1 to"),
        ("cut short", lines[..lines.len() - 1].join("\n"), "without its closing line"),
        (
            "a task without a title",
            {
                let task = lines.iter().position(|l| l.contains("\"table\":\"task\"")).expect("a task");
                let mut edited: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
                let mut record: Value = serde_json::from_str(lines[task]).expect("json");
                record["row"].as_object_mut().expect("row").remove("title");
                edited[task] = record.to_string();
                edited.join("\n")
            },
            "task: missing field `title`",
        ),
        (
            "a control character in a name",
            text.replacen("\"username\":\"", "\"username\":\"\\u0007", 1),
            "control character",
        ),
        (
            "a table out of order",
            {
                // A label before the statuses: the statuses then come after it.
                let mut edited: Vec<&str> = lines.clone();
                let label = edited.iter().position(|l| l.contains("\"table\":\"label\"")).expect("a label");
                let moved = edited.remove(label);
                let status = edited.iter().position(|l| l.contains("\"table\":\"status\"")).expect("a status");
                edited.insert(status, moved);
                edited.join("\n")
            },
            "`status` comes after `label`",
        ),
        ("an unknown table", text.replacen("\"table\":\"label\"", "\"table\":\"secrets\"", 1), "unknown table"),
        ("not an archive", "{\"hello\":1}\n".to_owned(), "not a tasklens archive"),
        ("a later version", text.replacen("\"version\":1", "\"version\":99", 1), "version 99"),
        (
            "a flood of blank lines (what a gzip bomb unpacks to)",
            text.replacen('\n', &"\n".repeat(2 << 20), 1),
            "blank lines",
        ),
    ];
    for (what, archive, expected) in cases {
        let err = imported(&target.url, archive.as_bytes(), false).await.expect_err(what);
        assert!(err.to_string().contains(expected), "{what}: {err}");
        if let ArchiveError::Record { line, .. } = &err {
            assert!(*line >= 1, "{what}: a line number");
        }
        assert!(empty(target.url.clone()).await, "{what}: nothing written");
    }

    // HTML is sanitized on the way in, as any write.
    let task = lines.iter().position(|l| l.contains("\"table\":\"task\"")).expect("a task");
    let mut record: Value = serde_json::from_str(lines[task]).expect("json");
    record["row"]["description"] = json!("<p onclick=\"x()\">hi</p><script>alert(1)</script>");
    let mut edited: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
    edited[task] = record.to_string();
    let dry = imported(&target.url, edited.join("\n").as_bytes(), true).await.expect("dry run");
    assert_eq!(dry.get("task"), 20);
    assert!(empty(target.url.clone()).await, "a dry run writes nothing");
    imported(&target.url, edited.join("\n").as_bytes(), false).await.expect("import");
    let conn = db::connect(&target.url).await.expect("database");
    use sea_orm::EntityTrait;
    let id = record["row"]["id"].as_i64().expect("id");
    let stored = entity::task::Entity::find_by_id(id).one(&conn).await.expect("read").expect("the task");
    assert_eq!(stored.description.as_deref(), Some("<p>hi</p>"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn saved_views_move_with_the_board() {
    use sea_orm::EntityTrait;
    let source = TestDb::create(Backend::Sqlite).await;
    let conn = db::connect(&source.url).await.expect("database");
    let s = crate::support::simple_board_on(&conn).await;
    let viewer = identity::authenticate(&conn, &s.alice_token).await.expect("viewer");
    let store = tasklens::store::Store::new(conn, tasklens::store::PageLimits::default());
    let view = tasklens::store::saved_views::NewView {
        project: "WEB".into(),
        name: "Due soon".into(),
        query: "order=due&due=week".into(),
        shared: true,
    };
    store.save_view(&viewer, &view).await.expect("saved");
    let archive = exported(&source.url).await;
    let target = TestDb::create(if postgres_enabled() { Backend::Postgres } else { Backend::Sqlite }).await;
    let counts = imported(&target.url, &archive, false).await.expect("imported");
    assert_eq!(counts.get("saved_view"), 1);
    let conn = db::connect(&target.url).await.expect("database");
    let viewer = identity::authenticate(&conn, &s.alice_token).await.ok();
    // Tokens do not move; the view does, with its owner and project.
    assert!(viewer.is_none());
    let rows = entity::saved_view::Entity::find().all(&conn).await.expect("rows");
    assert_eq!(rows.len(), 1);
    assert_eq!(
        (rows[0].name.as_str(), rows[0].query.as_str(), rows[0].shared),
        ("Due soon", "order=due&due=week", true)
    );
}
