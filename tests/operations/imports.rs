//! `tasklens import github|jira|linear`: the exports in
//! `tests/fixtures/import/` become tasks that GraphQL and MCP show as the
//! other tracker had them; a second run changes nothing, an edited export
//! updates in place with change-log events, and a bad record writes nothing.

use std::path::{Path, PathBuf};

use futures_util::StreamExt;
use serde_json::{Value, json};

use tasklens::import::{self, ImportError, ImportOptions, Summary};
use tasklens::store::sources::SourceSystem;

use crate::client::Mcp;
use crate::on_both_backends;
use crate::support::{Backend, Board, TestApp};
use entity::WorkspaceRole;

fn fixture(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/import").join(path)
}

async fn run(
    app: &TestApp,
    system: SourceSystem,
    files: &[PathBuf],
    project: &str,
    dry_run: bool,
) -> Result<Summary, ImportError> {
    let options = ImportOptions { project: project.into(), workspace: None, include_pulls: false, dry_run };
    import::run(&app.db, system, files, &options, &|_| {}).await
}

/// An admin of the only workspace: sees every project the imports make.
async fn admin(app: &TestApp) -> String {
    let board = Board::new(&app.db);
    let ws = board.workspace("ACME").await;
    let admin = board.user("admin").await;
    board.workspace_member(&ws, &admin, WorkspaceRole::Admin).await;
    board.token("admin").await
}

const TASKS: &str = "query($project: String!) { tasks(first: 100, order: REF, filter: {project: $project}) {
    totalCount nodes { ref title description priority kind done dueDate createdAt updatedAt completedAt
      status { key category } assignee { username isAgent } coworkers { username } labels { name color }
      parent { ref } createdBy { username isAgent } source { system key url }
      comments(first: 20) { nodes { body createdAt author { username } } } } } }";

async fn tasks(app: &TestApp, token: &str, project: &str) -> Vec<Value> {
    let data = app.ok(token, TASKS, json!({"project": project})).await;
    data["tasks"]["nodes"].as_array().cloned().unwrap_or_default()
}

fn task<'a>(tasks: &'a [Value], task_ref: &str) -> &'a Value {
    tasks.iter().find(|t| t["ref"] == task_ref).unwrap_or_else(|| panic!("no task {task_ref}"))
}

fn names(values: &Value, field: &str) -> Vec<String> {
    let mut names: Vec<String> =
        values.as_array().into_iter().flatten().filter_map(|v| v[field].as_str().map(str::to_owned)).collect();
    names.sort();
    names
}

async fn github_issues_and_comments_become_tasks(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = admin(&app).await;
    let files = [fixture("github/issues.json"), fixture("github/comments.json")];
    let dry = run(&app, SourceSystem::Github, &files, "ROCK", true).await.expect("a dry run");
    assert_eq!(dry.counts.tasks_created, 10, "{}", dry.counts);
    let data = app.ok(&token, "{ projects(first: 10) { totalCount } }", json!({})).await;
    assert_eq!(data["projects"]["totalCount"], 0, "a dry run writes nothing");

    let first = run(&app, SourceSystem::Github, &files, "ROCK", false).await.expect("the import");
    let counts = &first.counts;
    assert_eq!((counts.tasks_created, counts.comments_created), (10, 14), "{counts}");
    assert_eq!(counts.skipped.get("pull requests"), Some(&4), "{counts}");
    assert_eq!(counts.skipped.get("comments on pull requests"), Some(&3), "{counts}");
    assert_eq!(counts, &dry.counts, "the dry run told what the run did");

    let board = tasks(&app, &token, "ROCK").await;
    let refs: Vec<&str> = board.iter().filter_map(|t| t["ref"].as_str()).collect();
    assert_eq!(
        refs,
        ["ROCK-1", "ROCK-2", "ROCK-5", "ROCK-6", "ROCK-8", "ROCK-9", "ROCK-11", "ROCK-14", "ROCK-16", "ROCK-19"]
    );

    // Assignees: the first, then the rest as coworkers; the milestone is a label.
    let two = task(&board, "ROCK-2");
    assert_eq!(two["assignee"]["username"], "jdoe-dev");
    assert_eq!(names(&two["coworkers"], "username"), ["kenji-tanaka", "priya-r"]);
    assert_eq!(names(&two["labels"], "name"), ["enhancement", "milestone: v1.0"]);
    assert_eq!(two["status"]["category"], "DONE");
    assert_eq!(
        two["source"],
        json!({"system": "GITHUB", "key": "acme/rocket#2", "url": "https://github.com/acme/rocket/issues/2"})
    );
    assert!(
        two["description"].as_str().is_some_and(|d| d.contains("<li>") && d.contains("type=\"checkbox\"")),
        "{two}"
    );

    // closed + not_planned is canceled; reopened is open.
    for canceled in ["ROCK-5", "ROCK-9", "ROCK-16"] {
        assert_eq!(task(&board, canceled)["status"]["category"], "CANCELED", "{canceled}");
    }
    assert_eq!(task(&board, "ROCK-8")["status"]["category"], "TODO");
    assert_eq!(task(&board, "ROCK-8")["completedAt"], Value::Null);
    assert!(task(&board, "ROCK-11")["description"].is_null(), "a null body is no description");

    // The attacker's issue: its script and handlers never reach a reader.
    let hostile = task(&board, "ROCK-9")["description"].as_str().unwrap_or_default().to_lowercase();
    for bad in ["<script", "onerror", "javascript:"] {
        assert!(!hostile.contains(bad), "{bad} in {hostile}");
    }

    // Instants as GitHub recorded them; labels keep their colours.
    let issues: Vec<Value> = serde_json::from_slice(&std::fs::read(&files[0]).expect("fixture")).expect("json");
    let one = issues.iter().find(|i| i["number"] == 1).expect("#1");
    let rock1 = task(&board, "ROCK-1");
    for (ours, theirs) in [("createdAt", "created_at"), ("completedAt", "closed_at"), ("updatedAt", "updated_at")] {
        let at = |v: &Value| chrono::DateTime::parse_from_rfc3339(v.as_str().unwrap_or_default()).ok();
        assert_eq!(at(&rock1[ours]), at(&one[theirs]), "{ours}");
    }
    let bug = rock1["labels"].as_array().into_iter().flatten().find(|l| l["name"] == "bug").expect("bug");
    assert_eq!(bug["color"], "#d73a4a");
    assert_eq!(rock1["kind"], "BUG", "a bug label makes a bug");
    assert_eq!(rock1["createdBy"]["username"], one["user"]["login"]);

    // Comments keep author and time; an edited one its latest text.
    let comments = task(&board, "ROCK-14")["comments"]["nodes"].as_array().cloned().unwrap_or_default();
    assert_eq!(comments.len(), 2);
    assert!(comments.iter().all(|c| c["author"]["username"].is_string() && c["createdAt"].is_string()));
    assert_eq!(task(&board, "ROCK-1")["comments"]["nodes"].as_array().map(Vec::len), Some(3));

    // Findable by milestone, by source and by key.
    let by = |filter: Value| {
        let app = &app;
        let token = &token;
        async move {
            let data = app
                .ok(
                    token,
                    "query($f: TaskFilter) { tasks(first: 50, filter: $f) { totalCount } }",
                    json!({"f": filter}),
                )
                .await;
            data["tasks"]["totalCount"].as_i64().unwrap_or(-1)
        }
    };
    assert_eq!(by(json!({"label": "milestone: v1.1"})).await, 3);
    assert_eq!(by(json!({"source": "GITHUB"})).await, 10);
    assert_eq!(by(json!({"sourceKey": "acme/rocket#14"})).await, 1);
    assert_eq!(by(json!({"source": "JIRA"})).await, 0);

    // Imported tasks are in the activity feed, as any write.
    let created =
        app.ok(&token, "{ activity(first: 100, filter: {project: \"ROCK\"}) { nodes { field } } }", json!({})).await;
    let fields = names(&created["activity"]["nodes"], "field");
    assert_eq!(fields.iter().filter(|f| *f == "created").count(), 10);
    assert_eq!(fields.iter().filter(|f| *f == "comment").count(), 14);

    // The full view of get_task names the source.
    let mcp = Mcp::http(&app, &token).await;
    let got = mcp.ok("get_task", json!({"ref": "ROCK-14"})).await;
    assert_eq!(got["source"]["key"], "acme/rocket#14", "{got}");
    assert_eq!(got["source"]["system"], "github", "MCP writes enum values in lower case");

    // The same files again: nothing changes, not even an event.
    let again = run(&app, SourceSystem::Github, &files, "ROCK", false).await.expect("again");
    assert_eq!((again.counts.tasks_created, again.counts.tasks_updated, again.counts.tasks_unchanged), (0, 0, 10));
    assert_eq!((again.counts.comments_created, again.counts.comments_updated), (0, 0));
    assert_eq!((again.events, again.counts.users_created, again.counts.labels_created), (0, 0, 0));
    assert_eq!(tasks(&app, &token, "ROCK").await, board);

    // An edit made on the board stands while the export does not change
    // that field: the next run leaves it.
    let moved =
        "mutation { updateTask(ref: \"ROCK-19\", input: {status: \"in_progress\", dueDate: \"2030-01-01\"}) { ref } }";
    app.ok(&token, moved, json!({})).await;
    let kept = run(&app, SourceSystem::Github, &files, "ROCK", false).await.expect("after an edit here");
    assert_eq!((kept.counts.tasks_updated, kept.events), (0, 0), "{}", kept.counts);
    let after = tasks(&app, &token, "ROCK").await;
    assert_eq!(task(&after, "ROCK-19")["status"]["key"], "in_progress");
    assert_eq!(task(&after, "ROCK-19")["dueDate"], "2030-01-01");

    // Older gh writes one array per page: the same board.
    let pages = [fixture("github/issues-pages-concatenated.json"), fixture("github/comments.json")];
    let same = run(&app, SourceSystem::Github, &pages, "ROCK", false).await.expect("pages");
    assert_eq!((same.counts.tasks_unchanged, same.events), (10, 0));
    // Both forms at once name every issue twice: each is taken once.
    let both = [fixture("github/issues.json"), fixture("github/issues-pages-concatenated.json")];
    let twice = run(&app, SourceSystem::Github, &both, "ROCK", false).await.expect("issues twice");
    assert_eq!(twice.counts.skipped.get("issues listed twice (the first kept)"), Some(&10), "{}", twice.counts);
    assert_eq!((twice.counts.tasks_created, twice.events), (0, 0));
    let fresh = run(&app, SourceSystem::Github, &both, "TWICE", false).await.expect("issues twice, new project");
    assert_eq!(fresh.counts.tasks_created, 10, "{}", fresh.counts);
}

async fn an_edited_export_updates_in_place_with_events(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = admin(&app).await;
    let comments = fixture("github/comments.json");
    run(&app, SourceSystem::Github, &[fixture("github/issues.json"), comments.clone()], "ROCK", false)
        .await
        .expect("the import");
    let mut issues: Vec<Value> =
        serde_json::from_slice(&std::fs::read(fixture("github/issues.json")).expect("fixture")).expect("json");
    for issue in &mut issues {
        match issue["number"].as_i64() {
            Some(14) => issue["title"] = json!("Renamed on GitHub"),
            Some(19) => {
                issue["state"] = json!("closed");
                issue["state_reason"] = json!("not_planned");
                issue["closed_at"] = json!("2024-06-01T00:00:00Z");
                issue["updated_at"] = json!("2024-06-01T00:00:00Z");
            }
            Some(6) => issue["labels"] = json!([]),
            _ => {}
        }
    }
    let dir = tempdir();
    let edited = dir.join("issues.json");
    std::fs::write(&edited, serde_json::to_vec(&issues).expect("json")).expect("write");
    // A board open on the project sees the import's changes live, from
    // where its last read left it.
    let read = app.ok(&token, "{ project(key: \"ROCK\") { lastEventCursor } }", json!({})).await;
    let cursor = read["project"]["lastEventCursor"].as_str().map(str::to_owned);
    let mut socket = crate::process::subscribed_after(&app.base, &token, "ROCK", cursor.as_deref()).await;
    let rerun = run(&app, SourceSystem::Github, &[edited, comments], "ROCK", false).await.expect("the re-run");
    let mut live = Vec::new();
    while live.len() < 3 {
        let message = tokio::time::timeout(std::time::Duration::from_secs(10), socket.next())
            .await
            .expect("the changes arrive within 10 s")
            .expect("a message")
            .expect("a frame");
        let value: Value = serde_json::from_str(message.to_text().unwrap_or_default()).unwrap_or_default();
        if let Some(field) = value["payload"]["data"]["taskEvents"]["field"].as_str() {
            live.push(field.to_owned());
        }
    }
    live.sort();
    assert_eq!(live, ["labels", "status", "title"]);
    assert_eq!((rerun.counts.tasks_created, rerun.counts.tasks_updated, rerun.counts.tasks_unchanged), (0, 3, 7));
    assert_eq!(rerun.events, 3, "{}", rerun.counts);

    let board = tasks(&app, &token, "ROCK").await;
    assert_eq!(task(&board, "ROCK-14")["title"], "Renamed on GitHub");
    assert_eq!(task(&board, "ROCK-19")["status"]["category"], "CANCELED");
    assert_eq!(names(&task(&board, "ROCK-6")["labels"], "name"), ["milestone: v1.1"]);
    let changes = app
        .ok(
            &token,
            "{ activity(first: 3) { nodes { field oldValue newValue actor { username } task { ref } } } }",
            json!({}),
        )
        .await;
    let mut seen: Vec<(String, String)> = changes["activity"]["nodes"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|e| {
            (
                e["task"]["ref"].as_str().unwrap_or_default().to_owned(),
                e["field"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect();
    seen.sort();
    assert_eq!(
        seen,
        [("ROCK-14".into(), "title".into()), ("ROCK-19".into(), "status".into()), ("ROCK-6".into(), "labels".into())]
    );
    assert!(changes["activity"]["nodes"].as_array().into_iter().flatten().all(|e| e["actor"]["username"] == "import"));
    std::fs::remove_dir_all(dir).ok();
}

async fn gh_issue_list_output_is_read_with_its_comments(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = admin(&app).await;
    let summary = run(&app, SourceSystem::Github, &[fixture("github/gh-issue-list.json")], "LAUNCH", false)
        .await
        .expect("import");
    assert_eq!(summary.counts.tasks_created, 6, "{}", summary.counts);
    let board = tasks(&app, &token, "LAUNCH").await;
    let refs: Vec<&str> = board.iter().filter_map(|t| t["ref"].as_str()).collect();
    assert_eq!(refs, ["LAUNCH-30", "LAUNCH-33", "LAUNCH-37", "LAUNCH-38", "LAUNCH-41", "LAUNCH-42"]);
    assert_eq!(task(&board, "LAUNCH-41")["status"]["category"], "CANCELED");
    assert_eq!(task(&board, "LAUNCH-37")["status"]["category"], "TODO");
    let done = task(&board, "LAUNCH-38");
    assert_eq!(done["status"]["category"], "DONE");
    assert_eq!(done["assignee"]["username"], "sam-rivera");
    assert_eq!(names(&done["coworkers"], "username"), ["chloe-dubois", "wei-zhang"]);
    assert_eq!(done["comments"]["nodes"].as_array().map(Vec::len), Some(3));
    assert_eq!(task(&board, "LAUNCH-42")["source"]["key"], "acme/launchpad#42");
    assert!(names(&task(&board, "LAUNCH-37")["labels"], "name").contains(&"milestone: v2.1".to_owned()));
    assert!(task(&board, "LAUNCH-30")["description"].is_null(), "an empty body is no description");
    assert_eq!(task(&board, "LAUNCH-33")["createdBy"]["isAgent"], true, "a bot is an agent");
    let again =
        run(&app, SourceSystem::Github, &[fixture("github/gh-issue-list.json")], "LAUNCH", false).await.expect("again");
    assert_eq!((again.counts.tasks_unchanged, again.events), (6, 0), "{}", again.counts);
}

async fn jira_pages_keep_categories_priorities_types_and_parents(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = admin(&app).await;
    let pages = [fixture("jira/search-page-1.json"), fixture("jira/search-page-2.json")];
    let summary = run(&app, SourceSystem::Jira, &pages, "OPS", false).await.expect("import");
    assert_eq!((summary.counts.tasks_created, summary.counts.comments_created), (10, 7), "{}", summary.counts);
    let board = tasks(&app, &token, "OPS").await;
    let get = |r: &str| task(&board, r).clone();
    assert_eq!(get("OPS-5")["status"]["category"], "CANCELED", "done with Won't Do");
    assert_eq!(get("OPS-9")["status"]["category"], "DONE");
    assert_eq!(get("OPS-6")["status"]["category"], "IN_PROGRESS");
    assert_eq!(get("OPS-10")["status"]["category"], "TODO");
    assert_eq!((get("OPS-5")["priority"].clone(), get("OPS-9")["priority"].clone()), (json!("URGENT"), json!("LOW")));
    assert_eq!(get("OPS-6")["priority"], "HIGH");
    assert_eq!(get("OPS-1")["kind"], "EPIC");
    assert_eq!(get("OPS-6")["kind"], "FEATURE");
    assert_eq!(get("OPS-5")["kind"], "BUG");
    assert_eq!(get("OPS-4")["kind"], "TASK");
    // Children came before their epic in the pages: linked all the same.
    assert_eq!(get("OPS-8")["parent"]["ref"], "OPS-1");
    assert_eq!(get("OPS-4")["parent"]["ref"], "OPS-3");
    assert_eq!(get("OPS-8")["dueDate"], "2024-06-30");
    assert_eq!(get("OPS-10")["assignee"]["username"], "mia.krystof");
    assert!(get("OPS-8")["assignee"].is_null());
    assert_eq!(names(&get("OPS-10")["labels"], "name"), ["cleanup", "jenkins"]);
    assert_eq!(get("OPS-10")["source"]["url"], "https://acme.atlassian.net/browse/OPS-10");
    // Jira's instants carry their offset: read as the same instant in UTC.
    let created = chrono::DateTime::parse_from_rfc3339(get("OPS-5")["createdAt"].as_str().unwrap_or_default());
    assert_eq!(created.ok().map(|t| t.timestamp_millis()), Some(1_709_711_100_250), "2024-03-06T08:45:00.250+0100");
    let table = get("OPS-5")["description"].as_str().unwrap_or_default().to_owned();
    assert!(table.contains("<table") && table.contains("<pre"), "{table}");
    assert_eq!(get("OPS-5")["comments"]["nodes"].as_array().map(Vec::len), Some(2));
    let bot = get("OPS-5")["comments"]["nodes"][1]["author"]["username"].as_str().unwrap_or_default().to_owned();
    let data = app.ok(&token, "query($u: String!) { user(username: $u) { isAgent } }", json!({"u": bot})).await;
    assert_eq!(data["user"]["isAgent"], true, "Automation for Jira is an app");
    let again = run(&app, SourceSystem::Jira, &pages, "OPS", false).await.expect("again");
    assert_eq!((again.counts.tasks_unchanged, again.counts.comments_unchanged, again.events), (10, 7, 0));
}

async fn jira_without_rendered_fields_converts_adf(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = admin(&app).await;
    let dir = tempdir();
    let mut files = Vec::new();
    for page in ["search-page-1.json", "search-page-2.json"] {
        let mut value: Value =
            serde_json::from_slice(&std::fs::read(fixture(&format!("jira/{page}"))).expect("page")).expect("json");
        for issue in value["issues"].as_array_mut().into_iter().flatten() {
            issue.as_object_mut().map(|i| i.remove("renderedFields"));
        }
        let path = dir.join(page);
        std::fs::write(&path, serde_json::to_vec(&value).expect("json")).expect("write");
        files.push(path);
    }
    run(&app, SourceSystem::Jira, &files, "OPS", false).await.expect("import");
    let board = tasks(&app, &token, "OPS").await;
    let described: Vec<String> = board.iter().filter_map(|t| t["description"].as_str().map(str::to_owned)).collect();
    let all = described.join("\n");
    for shown in ["<ul>", "<ol>", "<li>", "<pre><code", "<a href=\"https://", "<table>", "<code>", "@"] {
        assert!(all.contains(shown), "{shown} missing from the converted descriptions");
    }
    let five = task(&board, "OPS-5")["description"].as_str().unwrap_or_default().to_owned();
    assert!(five.contains("<s>Increase node size</s>") && five.contains("<blockquote>"), "{five}");
    std::fs::remove_dir_all(dir).ok();
}

async fn linear_csv_with_quoted_multi_line_cells(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = admin(&app).await;
    let csv = [fixture("linear/export.csv")];
    let summary = run(&app, SourceSystem::Linear, &csv, "ENG", false).await.expect("import");
    assert_eq!(summary.counts.tasks_created, 10, "{}", summary.counts);
    let board = tasks(&app, &token, "ENG").await;
    let first = task(&board, "ENG-101");
    assert_eq!(first["title"], "Checkout page crashes on Safari 17");
    let description = first["description"].as_str().unwrap_or_default();
    assert!(description.contains("<ol>") && description.contains("<pre><code"), "{description}");
    assert!(description.contains("\"PR #482\""), "doubled quotes read as one: {description}");
    assert_eq!(first["status"]["category"], "DONE");
    assert_eq!(first["priority"], "URGENT");
    assert_eq!(names(&first["labels"], "name"), ["Bug", "Frontend"]);
    assert_eq!(first["assignee"]["username"], "tom.becker");
    assert_eq!(first["createdBy"]["username"], "sofia.marquez");
    assert_eq!(first["source"], json!({"system": "LINEAR", "key": "ENG-101", "url": null}));
    assert_eq!(task(&board, "ENG-103")["parent"]["ref"], "ENG-102");
    // Linear guards cells starting with = + - @ by a quote; it is not text.
    for t in &board {
        assert!(!t["title"].as_str().unwrap_or_default().starts_with('\''), "{}", t["title"]);
        assert!(!t["description"].as_str().unwrap_or_default().contains("<p>'"), "{}", t["description"]);
    }
    let again = run(&app, SourceSystem::Linear, &csv, "ENG", false).await.expect("again");
    assert_eq!((again.counts.tasks_unchanged, again.events), (10, 0));
}

/// A bad record anywhere stops the run, names its file, record and field,
/// and leaves the database as it was.
async fn a_bad_record_writes_nothing(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = admin(&app).await;
    let dir = tempdir();
    let good: Vec<Value> =
        serde_json::from_slice(&std::fs::read(fixture("github/issues.json")).expect("fixture")).expect("json");
    type Edit = Box<dyn Fn(&mut Vec<Value>)>;
    let no_repository: Edit = Box::new(|v| {
        let i = v.iter().position(|i| i["pull_request"].is_null()).unwrap_or(0);
        if let Some(o) = v[i].as_object_mut() {
            o.remove("repository_url");
            o.remove("html_url");
        }
    });
    let cases: Vec<(&str, Edit, &str)> = vec![
        ("long title", Box::new(|v| v[9]["title"] = json!("x".repeat(501))), "title"),
        ("bad number", Box::new(|v| v[12]["number"] = json!("two")), "field `number`"),
        ("bad instant", Box::new(|v| v[3]["created_at"] = json!("yesterday")), "created_at"),
        ("control", Box::new(|v| v[5]["title"] = json!("a\u{7}b")), "title"),
        ("no repository", no_repository, "repository"),
    ];
    for (name, edit, field) in cases {
        let mut issues = good.clone();
        edit(&mut issues);
        let path = dir.join("issues.json");
        std::fs::write(&path, serde_json::to_vec(&issues).expect("json")).expect("write");
        let err = run(&app, SourceSystem::Github, &[path.clone(), fixture("github/comments.json")], "BAD", false)
            .await
            .expect_err(name)
            .to_string();
        assert!(err.contains(&path.display().to_string()) && err.contains("record"), "{name}: {err}");
        assert!(err.contains(field), "{name}: {err}");
        assert!(err.contains("nothing was written"), "{name}: {err}");
    }
    // Cut short, and not JSON at all.
    let cut = dir.join("cut.json");
    let text = std::fs::read_to_string(fixture("github/issues.json")).expect("fixture");
    std::fs::write(&cut, &text[..text.len() / 2]).expect("write");
    let err = run(&app, SourceSystem::Github, &[cut], "BAD", false).await.expect_err("cut").to_string();
    assert!(err.contains("cut.json"), "{err}");
    let csv = dir.join("not-linear.csv");
    std::fs::write(&csv, "Name,Notes\nx,y\n").expect("write");
    let err = run(&app, SourceSystem::Linear, &[csv], "BAD", false).await.expect_err("no ID column").to_string();
    assert!(err.contains("`id`"), "{err}");
    let missing = run(&app, SourceSystem::Jira, &[dir.join("absent.json")], "BAD", false).await.expect_err("absent");
    assert!(missing.to_string().contains("absent.json"), "{missing}");

    let data = app.ok(&token, "{ projects(first: 10) { totalCount } tasks(first: 1) { totalCount } }", json!({})).await;
    assert_eq!((data["projects"]["totalCount"].clone(), data["tasks"]["totalCount"].clone()), (json!(0), json!(0)));
    std::fs::remove_dir_all(dir).ok();
}

async fn include_pulls_keeps_pull_requests_as_tasks(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = admin(&app).await;
    let files = [fixture("github/issues.json"), fixture("github/comments.json")];
    let options = ImportOptions { project: "ROCK".into(), workspace: None, include_pulls: true, dry_run: false };
    let summary = import::run(&app.db, SourceSystem::Github, &files, &options, &|_| {}).await.expect("the import");
    assert_eq!((summary.counts.tasks_created, summary.counts.comments_created), (14, 17), "{}", summary.counts);
    assert!(summary.counts.skipped.is_empty(), "{}", summary.counts);
    let board = tasks(&app, &token, "ROCK").await;
    for pull in ["ROCK-3", "ROCK-10", "ROCK-13", "ROCK-17"] {
        assert_eq!(task(&board, pull)["source"]["key"], format!("acme/rocket#{}", &pull[5..]), "{pull}");
    }
}

/// What real exports hold beside the common fields: a byte order mark,
/// deleted accounts, Jira's error answer, task lists, restricted and empty
/// comments, renamed priorities, relative addresses, a pull request closed
/// without a merge.
async fn real_exports_quirks_are_read_as_the_tracker_meant_them(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = admin(&app).await;
    let dir = tempdir();
    let write = |name: &str, bytes: Vec<u8>| {
        let path = dir.join(name);
        std::fs::write(&path, bytes).expect("write");
        path
    };

    // gh issue list, saved by a Windows shell with a BOM; a deleted author
    // (`app/`) and a deleted commenter (`""`) are GitHub's ghost.
    let gh = json!([{"number": 11, "title": "Old report", "body": "- [x] done\n- [ ] not yet", "state": "OPEN",
        "stateReason": "", "labels": [], "assignees": [], "milestone": null,
        "author": {"id": "", "is_bot": true, "login": "app/", "name": ""},
        "createdAt": "2024-04-08T14:22:05Z", "updatedAt": "2024-04-08T14:22:05Z", "closedAt": null,
        "url": "https://github.com/acme/launch/issues/11",
        "comments": [{"id": "IC_1", "author": {"login": ""}, "authorAssociation": "NONE", "body": "hi",
            "createdAt": "2024-04-09T15:00:12Z", "includesCreatedEdit": false, "isMinimized": false,
            "minimizedReason": "", "reactionGroups": [], "url": "https://github.com/acme/launch/issues/11#issuecomment-3002",
            "viewerDidAuthor": false}]}]);
    let mut bom = vec![0xef, 0xbb, 0xbf];
    bom.extend(serde_json::to_vec(&gh).expect("json"));
    let list = write("list.json", bom);
    run(&app, SourceSystem::Github, std::slice::from_ref(&list), "GH", false).await.expect("a BOM is no error");
    let board = tasks(&app, &token, "GH").await;
    let old = task(&board, "GH-11");
    assert_eq!(
        (old["createdBy"]["username"].clone(), old["createdBy"]["isAgent"].clone()),
        (json!("ghost"), json!(false))
    );
    assert_eq!(old["comments"]["nodes"][0]["author"]["username"], "ghost");
    let again = run(&app, SourceSystem::Github, &[list], "GH", false).await.expect("again");
    assert_eq!((again.counts.tasks_unchanged, again.events), (1, 0), "{}", again.counts);

    // UTF-16 is refused with what to do.
    let mut utf16 = vec![0xff, 0xfe];
    utf16.extend("[]".encode_utf16().flat_map(u16::to_le_bytes));
    let err = run(&app, SourceSystem::Github, &[write("utf16.json", utf16)], "GH", false).await.expect_err("UTF-16");
    assert!(err.to_string().contains("UTF-16") && err.to_string().contains("UTF-8"), "{err}");

    // A pull request closed without a merge was given up.
    let pull = json!([{"number": 5, "title": "Try a cache", "state": "closed", "state_reason": null,
        "repository_url": "https://api.github.com/repos/acme/launch", "html_url": "https://github.com/acme/launch/pull/5",
        "created_at": "2024-04-01T10:00:00Z", "updated_at": "2024-04-02T10:00:00Z", "closed_at": "2024-04-02T10:00:00Z",
        "pull_request": {"url": "https://api.github.com/repos/acme/launch/pulls/5", "merged_at": null}}]);
    let options = ImportOptions { project: "GH".into(), workspace: None, include_pulls: true, dry_run: false };
    let files = [write("pulls.json", serde_json::to_vec(&pull).expect("json"))];
    import::run(&app.db, SourceSystem::Github, &files, &options, &|_| {}).await.expect("pulls");
    assert_eq!(task(&tasks(&app, &token, "GH").await, "GH-5")["status"]["category"], "CANCELED");

    // Jira's error answer, saved as a page, is named as such.
    let error = json!({"errorMessages": ["The requested API has been removed. Please migrate to the /rest/api/3/search/jql API."], "errors": {}});
    let err =
        run(&app, SourceSystem::Jira, &[write("page-0.json", serde_json::to_vec(&error).expect("json"))], "OPS", false)
            .await
            .expect_err("an error page");
    assert!(err.to_string().contains("page-0.json") && err.to_string().contains("/search/jql API"), "{err}");

    let user = json!({"accountId": "5b10", "displayName": "Mia Krystof"});
    let comment = |id: &str, body: Value, extra: Value| {
        let mut c = json!({"id": id, "author": user, "body": body, "created": "2024-05-02T09:00:00.000+0000"});
        if let (Some(c), Some(extra)) = (c.as_object_mut(), extra.as_object()) {
            c.extend(extra.clone());
        }
        c
    };
    let paragraph = |text: &str| json!({"type": "doc", "version": 1, "content": [{"type": "paragraph", "content": [{"type": "text", "text": text}]}]});
    let page = json!({"isLast": true, "issues": [{"key": "OPS-7", "self": "https://acme.atlassian.net/rest/api/3/issue/10007",
        "fields": {"summary": "Roll out the runbook", "status": {"name": "Offen", "statusCategory": {"key": "new"}},
            "priority": {"name": "Höchste", "id": "1"}, "issuetype": {"name": "Initiative", "hierarchyLevel": 1},
            "description": {"type": "doc", "version": 1, "content": [{"type": "taskList", "attrs": {"localId": "t"}, "content": [
                {"type": "taskItem", "attrs": {"localId": "a", "state": "DONE"}, "content": [{"type": "text", "text": "Write runbook"}]},
                {"type": "taskItem", "attrs": {"localId": "b", "state": "TODO"}, "content": [{"type": "text", "text": "Page on-call"}]}]}]},
            "created": "2024-05-01T09:00:00.000+0000", "updated": "2024-05-03T09:00:00.000+0000",
            "comment": {"comments": [
                comment("1", paragraph("Everyone reads this"), json!({})),
                comment("2", paragraph("Admins only"), json!({"visibility": {"type": "role", "value": "Administrators"}})),
                comment("3", paragraph("Agents only"), json!({"jsdPublic": false})),
                comment("4", json!({"type": "doc", "version": 1, "content": [{"type": "paragraph", "content": []}]}), json!({}))],
                "maxResults": 4, "total": 4, "startAt": 0}},
        "renderedFields": {"comment": {"comments": [{"id": "1", "body": "<p>Everyone reads this <img class=\"emoticon\" src=\"/images/icons/emoticons/smile.png\" alt=\"(smile)\"></p>"}]}}}]});
    let summary =
        run(&app, SourceSystem::Jira, &[write("page-1.json", serde_json::to_vec(&page).expect("json"))], "OPS", false)
            .await
            .expect("a Jira page");
    let said = summary.counts.to_string();
    assert!(said.contains("2 restricted or internal comments") && said.contains("1 empty comments"), "{said}");
    let ops = tasks(&app, &token, "OPS").await;
    let seven = task(&ops, "OPS-7");
    assert_eq!((seven["priority"].clone(), seven["kind"].clone()), (json!("URGENT"), json!("EPIC")));
    let description = seven["description"].as_str().unwrap_or_default();
    assert!(description.contains("checked") && description.matches("type=\"checkbox\"").count() == 2, "{description}");
    let comments = seven["comments"]["nodes"].as_array().cloned().unwrap_or_default();
    assert_eq!(comments.len(), 1, "{comments:?}");
    let body = comments[0]["body"].as_str().unwrap_or_default();
    assert!(body.contains("src=\"https://acme.atlassian.net/images/icons/emoticons/smile.png\""), "{body}");

    // Keys that read the same once trimmed and normalized are one issue.
    let issue = |key: &str| {
        json!({"key": key, "fields": {"summary": key, "status": {"name": "To Do", "statusCategory": {"key": "new"}},
        "created": "2024-05-01T09:00:00.000+0000", "updated": "2024-05-01T09:00:00.000+0000"}})
    };
    let twice = json!({"issues": [issue("OPS-20"), issue("OPS-20 "), issue("OPSe\u{301}-21"), issue("OPS\u{e9}-21")]});
    let summary =
        run(&app, SourceSystem::Jira, &[write("twice.json", serde_json::to_vec(&twice).expect("json"))], "OPS", false)
            .await
            .expect("keys read the same are one issue");
    assert_eq!(summary.counts.tasks_created, 2, "{}", summary.counts);
    assert!(summary.counts.to_string().contains("skipped 2 issues listed twice"), "{}", summary.counts);
    std::fs::remove_dir_all(dir).ok();
}

fn tempdir() -> PathBuf {
    static N: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("tasklens-imports-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// A GitHub `issues` delivery for issue 2 of `repository` (GitHub's id 7
/// unless `id` says otherwise), the repository last changed at `changed`.
fn issue_event(repository: &str, id: i64, changed: &str, title: &str, updated: &str) -> Vec<u8> {
    json!({
        "action": "edited",
        "repository": {"id": id, "full_name": repository, "updated_at": changed},
        "issue": {
            "url": format!("https://api.github.com/repos/{repository}/issues/2"),
            "repository_url": format!("https://api.github.com/repos/{repository}"),
            "html_url": format!("https://github.com/{repository}/issues/2"),
            "number": 2, "title": title, "body": "", "user": {"login": "octocat", "type": "User"},
            "labels": [], "state": "open", "assignees": [],
            "created_at": "2026-01-01T00:00:00Z", "updated_at": updated, "closed_at": null
        }
    })
    .to_string()
    .into_bytes()
}

async fn a_bound_repository_follows_its_rename(backend: Backend) {
    use tasklens::import::github_hook::{Applied, Delivery, HookEvent, apply, fit, read};
    use tasklens::store::github_hooks::RepositoryFit;
    let app = TestApp::start(backend).await;
    let token = admin(&app).await;
    run(&app, SourceSystem::Github, &[fixture("github/issues.json")], "ROCK", false).await.expect("imported");
    let store = tasklens::store::Store::new(app.db.clone(), tasklens::store::PageLimits::default());
    store.bind_github("ROCK", "acme/rocket").await.expect("bound");
    let before = tasks(&app, &token, "ROCK").await.len();
    let deliver = |id: &'static str, payload: Vec<u8>| {
        let store = store.clone();
        async move {
            let hook = store.github_hook("ROCK").await.expect("read").expect("a binding");
            let HookEvent::Apply { repository, mut records } = read("issues", id, &payload).expect("read") else {
                panic!("an issue event applies")
            };
            let fit = fit(&hook, &repository, &mut records);
            if fit == RepositoryFit::Foreign {
                return (fit, None);
            }
            let delivery = Delivery { project: "ROCK", hook: &hook, id, event: "issues", repository: &repository };
            (fit, Some(apply(&store, &delivery, fit, records).await.expect("applied")))
        }
    };
    let keys = || async {
        let mut keys: Vec<String> = tasks(&app, &token, "ROCK")
            .await
            .iter()
            .filter_map(|t| t["source"]["key"].as_str().map(str::to_owned))
            .collect();
        keys.sort();
        keys
    };
    // The bound name teaches the binding the repository's id.
    let (same, _) =
        deliver("d1", issue_event("acme/rocket", 7, "2026-02-01T00:00:00Z", "One", "2026-12-01T00:00:00Z")).await;
    assert_eq!(same, RepositoryFit::Same);
    // Renamed, in GitHub's case: every key follows, no task is added.
    let renamed = issue_event("Acme/Rocket-Two", 7, "2026-03-01T00:00:00Z", "Two", "2026-12-02T00:00:00Z");
    assert_eq!(deliver("d2", renamed.clone()).await.0, RepositoryFit::Renamed);
    let after = keys().await;
    assert!(after.iter().all(|k| k.starts_with("Acme/Rocket-Two#")), "{after:?}");
    assert_eq!(after.len(), before, "the same tasks, renamed");
    assert!(tasks(&app, &token, "ROCK").await.iter().any(|t| t["title"] == "Two"));
    // The same delivery again changes nothing.
    assert!(matches!(deliver("d2", renamed).await.1, Some(Applied::Replayed)));
    // A late delivery from before the rename is read under the new name,
    // and renames nothing back.
    let late = issue_event("acme/rocket", 7, "2026-02-15T00:00:00Z", "Late", "2026-12-03T00:00:00Z");
    assert_eq!(deliver("d3", late).await.0, RepositoryFit::Late);
    assert_eq!(keys().await, after);
    assert!(tasks(&app, &token, "ROCK").await.iter().any(|t| t["title"] == "Late"), "applied to the same task");
    // Another repository, by name or by id, is foreign.
    let other = issue_event("acme/other", 8, "2026-04-01T00:00:00Z", "No", "2026-12-04T00:00:00Z");
    assert_eq!(deliver("d4", other).await.0, RepositoryFit::Foreign);
    let impostor = issue_event("Acme/Rocket-Two", 8, "2026-04-01T00:00:00Z", "No", "2026-12-04T00:00:00Z");
    assert_eq!(deliver("d5", impostor).await.0, RepositoryFit::Foreign);
    assert_eq!(tasks(&app, &token, "ROCK").await.len(), before);
}

on_both_backends!(
    a_bound_repository_follows_its_rename,
    github_issues_and_comments_become_tasks,
    an_edited_export_updates_in_place_with_events,
    gh_issue_list_output_is_read_with_its_comments,
    jira_pages_keep_categories_priorities_types_and_parents,
    jira_without_rendered_fields_converts_adf,
    linear_csv_with_quoted_multi_line_cells,
    a_bad_record_writes_nothing,
    include_pulls_keeps_pull_requests_as_tasks,
    real_exports_quirks_are_read_as_the_tracker_meant_them,
);
