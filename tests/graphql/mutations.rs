//! Every change is logged as a task event and moves `updatedAt`; deletion
//! leaves a tombstone; projects, members and agent sessions.

use serde_json::{Value, json};

use crate::on_both_backends;
use crate::support::{Backend, Board, TestApp, simple_board};

const TASK: &str = "query($r: String!) { task(ref: $r) {
  ref title description deleted done updatedAt completedAt priority kind dueDate commentCount
  status { key } assignee { username } coworkers { username } labels { name } parent { ref }
  events { totalCount nodes { field oldValue newValue actor { username } } }
  comments { totalCount nodes { body author { username } } }
} }";

async fn task(app: &TestApp, token: &str, r: &str) -> Value {
    app.ok(token, TASK, json!({"r": r})).await["task"].clone()
}

fn fields(task: &Value) -> Vec<String> {
    task["events"]["nodes"]
        .as_array()
        .expect("events")
        .iter()
        .map(|e| e["field"].as_str().expect("field").to_owned())
        .collect()
}

async fn changes_are_logged_and_move_updated_at(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    Board::new(&app.db).user("bob").await;
    let t = &s.alice_token;
    let created = app.ok(t, "mutation { createTask(input: {project: \"WEB\", title: \"First\", description: \"<p>x</p>\"}) { ref updatedAt status { key } } }", json!({})).await;
    assert_eq!(created["createTask"]["ref"], "WEB-1");
    assert_eq!(created["createTask"]["status"]["key"], "todo", "the first status by default");
    app.ok(t, "mutation { createTask(input: {project: \"WEB\", title: \"Second\"}) { ref } }", json!({})).await;
    let before = task(&app, t, "WEB-1").await;
    assert_eq!(fields(&before), ["created"]);

    let update = "mutation($input: UpdateTaskInput!) { updateTask(ref: \"WEB-1\", input: $input) { ref } }";
    app.ok(
        t,
        update,
        json!({"input": {"title": "First, renamed", "status": "done", "priority": "HIGH", "assignee": "bob", "labels": ["ux", "bug"],
                         "coworkers": ["alice"], "dueDate": "2026-12-24", "parent": "WEB-2", "kind": "BUG", "description": null}}),
    )
    .await;
    let after = task(&app, t, "WEB-1").await;
    assert_eq!(after["title"], "First, renamed");
    assert_eq!(after["description"], Value::Null);
    assert_eq!(after["done"], true);
    assert!(after["completedAt"].is_string());
    assert_eq!(after["assignee"]["username"], "bob");
    assert_eq!(after["labels"], json!([{"name": "bug"}, {"name": "ux"}]));
    assert_eq!(after["parent"]["ref"], "WEB-2");
    assert!(after["updatedAt"].as_str() > before["updatedAt"].as_str(), "updatedAt moved");
    let mut logged = fields(&after);
    logged.sort();
    assert_eq!(
        logged,
        [
            "assignee",
            "coworkers",
            "created",
            "description",
            "due_date",
            "kind",
            "labels",
            "parent",
            "priority",
            "status",
            "title"
        ]
    );
    let status = after["events"]["nodes"]
        .as_array()
        .expect("events")
        .iter()
        .find(|e| e["field"] == "status")
        .expect("status event")
        .clone();
    assert_eq!((status["oldValue"].as_str(), status["newValue"].as_str()), (Some("todo"), Some("done")));
    assert_eq!(status["actor"]["username"], "alice");

    // Reopening clears completedAt; an update that changes nothing logs nothing.
    app.ok(t, update, json!({"input": {"status": "todo"}})).await;
    assert_eq!(task(&app, t, "WEB-1").await["completedAt"], Value::Null);
    let count = task(&app, t, "WEB-1").await["events"]["totalCount"].clone();
    app.ok(t, update, json!({"input": {"priority": "HIGH"}})).await;
    assert_eq!(task(&app, t, "WEB-1").await["events"]["totalCount"], count);

    // A task cannot be its own parent.
    let (code, _) = app.error(t, update, json!({"input": {"parent": "WEB-1"}})).await;
    assert_eq!(code, "BAD_USER_INPUT");
}

async fn comments_count_as_activity(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let t = &s.alice_token;
    app.ok(t, "mutation { createTask(input: {project: \"WEB\", title: \"One\"}) { ref } }", json!({})).await;
    app.ok(t, "mutation { createTask(input: {project: \"WEB\", title: \"Two\"}) { ref } }", json!({})).await;
    let first = app.ok(t, "{ tasks(first: 1) { nodes { ref } } }", json!({})).await;
    assert_eq!(first["tasks"]["nodes"][0]["ref"], "WEB-2", "most recently active first");
    app.ok(t, "mutation { addComment(ref: \"WEB-1\", body: \"<p>Looks good</p>\") { id body } }", json!({})).await;
    let first = app.ok(t, "{ tasks(first: 1) { nodes { ref commentCount } } }", json!({})).await;
    assert_eq!(first["tasks"]["nodes"][0], json!({"ref": "WEB-1", "commentCount": 1}));
    let one = task(&app, t, "WEB-1").await;
    assert_eq!(one["comments"]["nodes"][0]["author"]["username"], "alice");
    assert_eq!(fields(&one), ["created", "comment"]);
    let feed = app.ok(t, "{ activity(first: 1) { nodes { field task { ref } } } }", json!({})).await;
    assert_eq!(feed["activity"]["nodes"][0], json!({"field": "comment", "task": {"ref": "WEB-1"}}));
}

async fn deleted_tasks_are_tombstones(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    Board::new(&app.db).tasks(&s.web, &s.alice, 3).await;
    let t = &s.alice_token;
    let deleted = app.ok(t, "mutation { deleteTask(ref: \"WEB-2\") { ref deleted } }", json!({})).await;
    assert_eq!(deleted["deleteTask"], json!({"ref": "WEB-2", "deleted": true}));
    for filter in [json!({}), json!({"done": false}), json!({"text": "task"}), json!({"project": "WEB"})] {
        let data = app
            .ok(t, "query($f: TaskFilter) { tasks(filter: $f) { totalCount nodes { ref } } }", json!({"f": filter}))
            .await;
        assert_eq!(data["tasks"]["totalCount"], 2, "{filter}");
        assert!(!data["tasks"]["nodes"].to_string().contains("WEB-2"));
    }
    let project = app.ok(t, "{ project(key: \"WEB\") { openTaskCount tasks { totalCount } } }", json!({})).await;
    assert_eq!(project["project"], json!({"openTaskCount": 2, "tasks": {"totalCount": 2}}));
    let tomb = task(&app, t, "WEB-2").await;
    assert_eq!(tomb["deleted"], true);
    assert_eq!(fields(&tomb).last().map(String::as_str), Some("deleted"));
    let log = app
        .ok(t, "{ task(ref: \"WEB-2\") { events(first: 50) { nodes { field newText { text } } } } }", json!({}))
        .await;
    let when = log["task"]["events"]["nodes"].as_array().and_then(|n| n.last()).map(|e| e["newText"]["text"].clone());
    let when = when.and_then(|w| w.as_str().map(str::to_owned)).unwrap_or_default();
    assert!(when.ends_with('Z') && when.len() == 20, "a deletion's instant to the second in UTC: {when}");
    let (code, _) =
        app.error(t, "mutation { updateTask(ref: \"WEB-2\", input: {title: \"x\"}) { ref } }", json!({})).await;
    assert_eq!(code, "NOT_FOUND", "a tombstone cannot be edited");
}

async fn projects_and_members(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    Board::new(&app.db).user("bob").await;
    let t = &s.alice_token;
    let created = app
        .ok(t, "mutation { createProject(input: {workspace: \"ENG\", key: \"API\", name: \"Public API\"}) { key statuses { key category } members { totalCount nodes { user { username } role } } } }", json!({}))
        .await;
    assert_eq!(created["createProject"]["statuses"].as_array().map(Vec::len), Some(4));
    assert_eq!(
        created["createProject"]["members"]["nodes"],
        json!([{"user": {"username": "alice"}, "role": "MANAGER"}])
    );
    app.ok(t, "mutation { addProjectMember(project: \"API\", username: \"bob\") { role } }", json!({})).await;
    let bob = Board::new(&app.db).token("bob").await;
    let seen = app.ok(&bob, "{ projects { nodes { key } } }", json!({})).await;
    assert_eq!(seen["projects"]["nodes"], json!([{"key": "API"}]));
    let (code, _) = app
        .error(&bob, "mutation { addProjectMember(project: \"API\", username: \"alice\") { role } }", json!({}))
        .await;
    assert_eq!(code, "FORBIDDEN", "participants do not add members");
    let (code, _) =
        app.error(t, "mutation { addProjectMember(project: \"API\", username: \"bob\") { role } }", json!({})).await;
    assert_eq!(code, "CONFLICT");
}

async fn agent_sessions_bind_to_the_token(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    Board::new(&app.db).tasks(&s.web, &s.alice, 1).await;
    let t = &s.alice_token;
    let other = Board::new(&app.db).token("alice").await;
    let (code, _) = app.error(t, "mutation { heartbeatAgent { id } }", json!({})).await;
    assert_eq!(code, "NOT_FOUND", "no open session yet");
    let id = app.ok(t, "mutation { registerAgent(name: \"planner\", task: \"WEB-1\") { id } }", json!({})).await["registerAgent"]["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let beat =
        app.ok(t, "mutation { heartbeatAgent(status: \"testing\") { id status task { ref } } }", json!({})).await;
    assert_eq!(beat["heartbeatAgent"], json!({"id": id, "status": "testing", "task": {"ref": "WEB-1"}}));
    let (code, _) = app.error(&other, "mutation($id: ID) { endAgent(id: $id) { id } }", json!({"id": id})).await;
    assert_eq!(code, "NOT_FOUND", "another token cannot end this session");
    let active = app
        .ok(&other, "{ agentSessions(active: true) { totalCount nodes { name user { username } } } }", json!({}))
        .await;
    assert_eq!(active["agentSessions"]["totalCount"], 1, "visible through its task");
    app.ok(t, "mutation($id: ID) { endAgent(id: $id) { endedAt } }", json!({"id": id})).await;
    let active = app.ok(t, "{ agentSessions(active: true) { totalCount } }", json!({})).await;
    assert_eq!(active["agentSessions"]["totalCount"], 0);
}

/// The Markdown inputs store sanitized HTML; `format: MARKDOWN` reads it back.
async fn markdown_inputs_store_html(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let t = &s.alice_token;
    let create =
        "mutation($md: String) { createTask(input: {project: \"WEB\", title: \"Md\", descriptionMarkdown: $md}) {
        ref description descriptionText(format: MARKDOWN) { text } } }";
    let md = "# Title\n\n- [ ] one <script>alert(1)</script>\n\n[x](javascript:alert(1))";
    let task = app.ok(t, create, json!({"md": md})).await["createTask"].clone();
    let html = task["description"].as_str().expect("html");
    assert!(html.starts_with("<h1>Title</h1>") && html.contains("type=\"checkbox\""), "{html}");
    assert!(!html.contains("script") && !html.contains("javascript"), "sanitized: {html}");
    assert!(task["descriptionText"]["text"].as_str().expect("text").starts_with("# Title\n\n- [ ] one"), "{task}");

    let both = "mutation { createTask(input: {project: \"WEB\", title: \"x\", description: \"<p>a</p>\", descriptionMarkdown: \"a\"}) { ref } }";
    let (code, error) = app.error(t, both, json!({})).await;
    assert_eq!(code, "BAD_USER_INPUT", "{error}");
    assert!(error["message"].as_str().expect("message").contains("both"), "{error}");
    let update =
        "mutation($md: String) { updateTask(ref: \"WEB-1\", input: {descriptionMarkdown: $md}) { description } }";
    let updated = app.ok(t, update, json!({"md": "**bold**"})).await;
    assert_eq!(updated["updateTask"]["description"], "<p><strong>bold</strong></p>\n");
    let comment =
        "mutation { addComment(ref: \"WEB-1\", bodyMarkdown: \"*hi*\") { body bodyText(format: MARKDOWN) { text } } }";
    let added = app.ok(t, comment, json!({})).await;
    assert_eq!(added["addComment"]["bodyText"]["text"], "*hi*");
    let (code, _) = app.error(t, "mutation { addComment(ref: \"WEB-1\") { id } }", json!({})).await;
    assert_eq!(code, "BAD_USER_INPUT", "a comment needs a body");
}

/// Writers creating tasks in one project at once each get a number of their
/// own, and none is refused for it (numbers are taken one at a time).
async fn concurrent_creates_in_one_project_all_succeed(backend: Backend) {
    let app = std::sync::Arc::new(TestApp::start(backend).await);
    let s = simple_board(&app).await;
    let writers: Vec<_> = (0..8)
        .map(|writer| {
            let (app, token) = (app.clone(), s.alice_token.clone());
            tokio::spawn(async move {
                let mut refs = Vec::new();
                for n in 0..10 {
                    let created = app
                        .ok(
                            &token,
                            "mutation($title: String!) { createTask(input: {project: \"WEB\", title: $title}) { ref } }",
                            json!({"title": format!("w{writer}-{n}")}),
                        )
                        .await;
                    refs.push(created["createTask"]["ref"].as_str().unwrap_or_default().to_owned());
                }
                refs
            })
        })
        .collect();
    let mut refs = Vec::new();
    for writer in writers {
        refs.extend(writer.await.expect("a writer"));
    }
    let count = refs.len();
    refs.sort();
    refs.dedup();
    assert_eq!(refs.len(), count, "a number given twice");
    assert_eq!(count, 80);
}

on_both_backends!(
    concurrent_creates_in_one_project_all_succeed,
    markdown_inputs_store_html,
    changes_are_logged_and_move_updated_at,
    comments_count_as_activity,
    deleted_tasks_are_tombstones,
    projects_and_members,
    agent_sessions_bind_to_the_token,
);
