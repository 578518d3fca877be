//! Every tool over HTTP: its defaults, its reply shape, its errors.

use serde_json::{Value, json};

use entity::ProjectRole;

use crate::client::Mcp;
use crate::on_both_backends;
use tasklens::config::Limits;

use crate::support::{Backend, Board, TestApp, simple_board};

async fn every_tool_answers_with_its_defaults(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let board = Board::new(&app.db);
    let bob = board.user("bob").await;
    board.member(&s.web, &bob, ProjectRole::Participant).await;
    let mcp = Mcp::http(&app, &s.alice_token).await;

    let projects = mcp.ok("list_projects", json!({})).await;
    assert_eq!(projects, json!({"items": [{"key": "WEB", "name": "Web Storefront", "workspace": "ENG"}], "total": 1}));
    assert_eq!(mcp.ok("list_projects", json!({"name": "storefront WEB"})).await["total"], 1);
    assert_eq!(mcp.ok("list_projects", json!({"name": "nothing"})).await, json!({"items": [], "total": 0}));

    let project = mcp.ok("get_project", json!({"project": "WEB"})).await;
    assert_eq!(project["statuses"][2], json!({"key": "done", "name": "done", "category": "done"}));
    assert_eq!(project["labels"], json!(["bug", "ux"]));
    assert_eq!(project["members"].as_array().map(Vec::len), Some(2));
    assert!(project.get("open_tasks").is_none(), "zero is omitted");

    let created = mcp
        .ok(
            "create_task",
            json!({"project": "WEB", "title": "Fix the login page", "description": "Line one & more\n\nSecond block",
                   "labels": "bug", "assignee": "me", "due": "2026-12-01", "priority": "high"}),
        )
        .await;
    assert_eq!(created["ref"], "WEB-1");
    assert_eq!(created["labels"], json!(["bug"]));
    assert_eq!(created["assignee"], "alice");
    assert_eq!(created["due"], "2026-12-01");
    assert_eq!(created["priority"], "high");
    mcp.ok("create_task", json!({"project": "WEB", "title": "Already done", "status": "done", "coworkers": ["alice"]}))
        .await;
    mcp.ok("create_task", json!({"project": "WEB", "title": "Bob's work", "assignee": "bob"})).await;

    let open = mcp.ok("list_tasks", json!({})).await;
    assert_eq!(open["total"], 2, "open tasks only by default: {open}");
    assert_eq!(open["items"][0]["ref"], "WEB-3", "most recently active first");
    let done = mcp.ok("list_tasks", json!({"done": true})).await;
    assert_eq!(
        done["items"],
        json!([{"ref": "WEB-2", "title": "Already done", "status": "done", "updated": done["items"][0]["updated"], "done": true}])
    );
    let mine = mcp.ok("list_my_tasks", json!({})).await;
    assert_eq!(
        mine["items"].as_array().map(|i| i.iter().map(|t| t["ref"].clone()).collect::<Vec<_>>()),
        Some(vec![json!("WEB-1")])
    );
    assert_eq!(mcp.ok("list_my_tasks", json!({"done": true})).await["items"][0]["ref"], "WEB-2", "coworker counts");
    let found = mcp.ok("search_tasks", json!({"text": "SECOND block"})).await;
    assert_eq!(found["total"], 1);
    let excerpt = mcp.ok("list_tasks", json!({"body_chars": 12})).await;
    let first =
        excerpt["items"].as_array().and_then(|i| i.iter().find(|t| t["ref"] == "WEB-1")).cloned().unwrap_or_default();
    assert_eq!(
        (first["description"].as_str(), first["description_truncated"].as_bool()),
        (Some("Line one &"), Some(true))
    );

    let task = mcp.ok("get_task", json!({"ref": "WEB-1"})).await;
    assert_eq!(task["description"], "Line one & more\n\nSecond block");
    assert_eq!(task["project"], "WEB");
    assert_eq!(task["kind"], "task");
    assert_eq!(task["status_category"], "todo");
    assert!(task.get("description_truncated").is_none());
    assert!(task.get("comments").is_none(), "zero comments omitted");

    let updated =
        mcp.ok("update_task", json!({"ref": "WEB-1", "status": "in_progress", "assignee": null, "due": null})).await;
    assert_eq!(updated["status"], "in_progress");
    assert!(updated.get("assignee").is_none() && updated.get("due").is_none(), "{updated}");

    let comment =
        mcp.ok("add_comment", json!({"ref": "WEB-1", "body": "Looks good.\nSecond line of the comment"})).await;
    assert!(comment["id"].is_string() && comment["at"].is_string());
    let comments = mcp.ok("list_comments", json!({"ref": "WEB-1"})).await;
    let c = &comments["items"][0];
    assert_eq!(
        (c["author"].as_str(), c["first_line"].as_str(), c.get("body")),
        (Some("alice"), Some("Looks good."), None)
    );
    assert_eq!(c["chars"], 38);
    let bodies = mcp.ok("list_comments", json!({"ref": "WEB-1", "view": "full"})).await;
    assert_eq!(bodies["items"][0]["body"], "Looks good.\nSecond line of the comment");
    let zero = mcp.ok("list_comments", json!({"ref": "WEB-1", "view": "full", "body_chars": 0})).await;
    assert_eq!(zero["items"], bodies["items"], "body_chars 0 is body_chars left out");
    let nulls =
        json!({"ref": "WEB-1", "view": null, "max_chars": null, "format": null, "fields": null, "body_chars": null});
    assert_eq!(mcp.ok("list_comments", nulls).await, comments, "null is the default for every optional argument");
    let excerpt = mcp.ok("list_comments", json!({"ref": "WEB-1", "body_chars": 8})).await;
    let c = &excerpt["items"][0];
    assert_eq!((c["body"].as_str(), &c["body_truncated"], c.get("first_line")), (Some("Looks"), &json!(true), None));
    assert_eq!(c["body_total_chars"], 38, "a cut body says how long it is");
    let chosen = mcp.ok("list_comments", json!({"ref": "WEB-1", "fields": ["author", "first_line"]})).await;
    assert_eq!(chosen["items"][0], json!({"author": "alice", "first_line": "Looks good."}));

    let changes = mcp.ok("list_task_changes", json!({"ref": "WEB-1"})).await;
    let fields: Vec<&str> =
        changes["items"].as_array().expect("items").iter().filter_map(|c| c["field"].as_str()).collect();
    for field in ["assignee", "due_date", "status"] {
        assert!(fields.contains(&field), "{fields:?}");
    }
    assert_eq!(fields.first(), Some(&"created"));
    assert_eq!(fields.last(), Some(&"comment"));
    let commented = changes["items"].as_array().and_then(|i| i.last()).cloned().unwrap_or_default();
    assert_eq!(commented["new"], comment["id"], "a comment event names the comment as list_comments does");
    let status = changes["items"]
        .as_array()
        .and_then(|i| i.iter().find(|c| c["field"] == "status"))
        .cloned()
        .unwrap_or_default();
    assert_eq!(
        (status["old"].as_str(), status["new"].as_str(), status["actor"].as_str()),
        (Some("todo"), Some("in_progress"), Some("alice"))
    );
    let activity = mcp.ok("list_activity", json!({"limit": 1})).await;
    assert_eq!(activity["items"][0]["field"], "comment");
    assert_eq!(activity["items"][0]["ref"], "WEB-1");
    assert!(activity["next"].is_string());

    let session = mcp.ok("register_agent", json!({"name": "planner", "task": "WEB-1"})).await;
    let id = session["id"].as_str().expect("session id").to_owned();
    assert_eq!(session["task"], "WEB-1");
    let beat = mcp.ok("heartbeat_agent", json!({"status": "coding"})).await;
    assert_eq!((beat["id"].as_str(), beat["status"].as_str()), (Some(id.as_str()), Some("coding")));
    let ended = mcp.ok("end_agent", json!({"agent_id": id})).await;
    assert!(ended["ended"].is_string());
    let (code, _) = mcp.error("end_agent", json!({})).await;
    assert_eq!(code, "not_found", "no open session left");
    mcp.close().await;
}

async fn mistakes_are_tool_errors_with_a_code_and_hint(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    Board::new(&app.db).tasks(&s.web, &s.alice, 3).await;
    let mcp = Mcp::http(&app, &s.alice_token).await;
    let cases: Vec<(&str, Value, &str, &str)> = vec![
        ("list_tasks", json!({"colour": "red"}), "invalid_argument", "colour"),
        ("list_tasks", json!({"order": "sideways"}), "invalid_argument", "updated"),
        ("list_tasks", json!({"limit": 0}), "invalid_argument", "limit"),
        ("list_tasks", json!({"limit": 201}), "invalid_argument", "limit"),
        ("list_tasks", json!({"max_chars": 500}), "invalid_argument", "max_chars"),
        ("list_tasks", json!({"body_chars": 1001}), "invalid_argument", "body_chars"),
        ("list_tasks", json!({"fields": "ref,colour"}), "invalid_argument", "colour"),
        ("list_tasks", json!({"changed_since": "yesterday"}), "invalid_argument", "changed_since"),
        ("list_tasks", json!({"cursor": "garbage"}), "invalid_argument", "cursor"),
        ("get_task", json!({}), "invalid_argument", "ref"),
        ("get_task", json!({"ref": "WEB-99"}), "not_found", "WEB-99"),
        ("get_task", json!({"ref": "nonsense"}), "invalid_argument", "not a task ref"),
        ("get_task", json!({"ref": "WEB-1", "cursor": 999999}), "invalid_argument", "cursor"),
        ("get_project", json!({"project": "NOPE"}), "not_found", "NOPE"),
        ("update_task", json!({"ref": "WEB-1"}), "invalid_argument", "nothing to change"),
        ("update_task", json!({"ref": "WEB-1", "status": "nope"}), "invalid_argument", "status"),
        ("create_task", json!({"project": "WEB", "title": " "}), "invalid_argument", "title"),
        ("search_tasks", json!({"text": ""}), "invalid_argument", "text"),
        // Lists read open tasks unless `done` is true: a done status or a
        // completion date without it is a mistake, not an empty list.
        ("list_tasks", json!({"status": "done"}), "invalid_argument", "done: true"),
        ("list_my_tasks", json!({"status": "canceled"}), "invalid_argument", "done: true"),
        ("list_tasks", json!({"completed_since": "2026-10-01"}), "invalid_argument", "completed_since"),
        ("list_tasks", json!({"status": "todo", "done": true}), "invalid_argument", "done: false"),
    ];
    for (tool, arguments, code, mention) in cases {
        let (got, error) = mcp.error(tool, arguments.clone()).await;
        assert_eq!(got, code, "{tool} {arguments}: {error}");
        let text = error.to_string();
        assert!(text.contains(mention), "{tool} {arguments}: {error} should mention {mention}");
        assert!(error["hint"].as_str().is_some_and(|h| !h.is_empty()), "{tool}: no hint in {error}");
    }
    // A cursor from another filter is refused, not silently restarted.
    let page = mcp.ok("list_tasks", json!({"limit": 1})).await;
    let (code, _) = mcp.error("list_tasks", json!({"limit": 1, "cursor": page["next"], "text": "task"})).await;
    assert_eq!(code, "invalid_argument");

    // A single comment larger than the call's cap cannot be cut: the list
    // says so instead of dropping it silently.
    mcp.ok("add_comment", json!({"ref": "WEB-1", "body": "word ".repeat(400)})).await;
    let (code, error) =
        mcp.error("list_comments", json!({"ref": "WEB-1", "body_chars": 1000, "max_chars": 1000})).await;
    assert_eq!(code, "reply_too_large", "{error}");
    assert!(error["hint"].as_str().is_some_and(|h| h.contains("max_chars")), "{error}");
    let fits = mcp.ok("list_comments", json!({"ref": "WEB-1", "max_chars": 1000})).await;
    assert_eq!(fits["total"], 1, "the outline still fits");

    let reader = Board::new(&app.db).scoped_token("alice", None, true).await;
    let read_only = Mcp::http(&app, &reader).await;
    let (code, _) = read_only.error("create_task", json!({"project": "WEB", "title": "x"})).await;
    assert_eq!(code, "forbidden");
    read_only.close().await;
    mcp.close().await;
}

async fn mcp_needs_a_token_before_anything_is_read(backend: Backend) {
    let app = TestApp::start(backend).await;
    simple_board(&app).await;
    let client = reqwest::Client::new();
    let body = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"});
    for token in [None, Some("tl_wrong")] {
        let mut request = client
            .post(format!("{}/mcp", app.base))
            .header("Accept", "application/json, text/event-stream")
            .json(&body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.expect("request");
        assert_eq!(response.status().as_u16(), 401, "{token:?}");
    }
}

async fn an_unknown_tool_is_a_protocol_error(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let mcp = Mcp::http(&app, &s.alice_token).await;
    let outcome = mcp.try_call("no_such_tool", json!({})).await;
    assert!(outcome.is_err(), "an unknown tool is a JSON-RPC error");
    mcp.close().await;
}

/// Agents write Markdown and read it back with its structure: read, edit,
/// write back loses nothing.
async fn markdown_written_is_markdown_read(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let mcp = Mcp::http(&app, &s.alice_token).await;
    let markdown = "## Plan\n\nShip the **login** fix, see [the doc](https://x.test/doc).\n\n\
                    - [x] write tests\n- [ ] deploy\n\n| step | owner |\n| --- | --- |\n| build | alice |";
    let created = mcp.ok("create_task", json!({"project": "WEB", "title": "Markdown", "description": markdown})).await;
    let task_ref = created["ref"].as_str().expect("ref").to_owned();
    let read = mcp.ok("get_task", json!({"ref": task_ref})).await;
    let description = read["description"].as_str().expect("description").to_owned();
    for part in [
        "## Plan",
        "**login**",
        "[the doc](https://x.test/doc)",
        "- [x] write tests",
        "- [ ] deploy",
        "| build | alice |",
    ] {
        assert!(description.contains(part), "{part} in {description:?}");
    }
    // Stored as sanitized HTML, so a front end renders it.
    let (_, html) = app
        .post(Some(&s.alice_token), "query($r: String!) { task(ref: $r) { description } }", json!({"r": task_ref}))
        .await;
    let html = html["data"]["task"]["description"].as_str().expect("html").to_owned();
    assert!(html.contains("<h2>Plan</h2>") && html.contains("<table>") && html.contains("type=\"checkbox\""), "{html}");

    let edited = description.replace("- [ ] deploy", "- [x] deploy");
    mcp.ok("update_task", json!({"ref": task_ref, "description": edited})).await;
    let again = mcp.ok("get_task", json!({"ref": task_ref})).await;
    assert_eq!(again["description"], edited.as_str(), "an edit written back reads back as written");

    mcp.ok("add_comment", json!({"ref": task_ref, "body": "Done: see `deploy.sh` and\n\n1. step one\n2. step two"}))
        .await;
    let comments = mcp.ok("list_comments", json!({"ref": task_ref, "view": "full"})).await;
    assert_eq!(comments["items"][0]["body"], "Done: see `deploy.sh` and\n\n1. step one\n2. step two");
    let excerpt = mcp.ok("list_tasks", json!({"body_chars": 40})).await;
    let cut = excerpt["items"][0]["description"].as_str().expect("excerpt");
    assert!(cut.starts_with("## Plan") && excerpt["items"][0]["description_truncated"] == true, "{excerpt}");
    assert!(
        !cut.ends_with(' ') && "## Plan\n\nShip the **login** fix, see".starts_with(cut),
        "a word boundary: {cut:?}"
    );

    mcp.ok("update_task", json!({"ref": task_ref, "description": null})).await;
    assert!(mcp.ok("get_task", json!({"ref": task_ref})).await.get("description").is_none(), "null clears");
    mcp.close().await;
}

/// A project's description is read whole through windows, as a task's is;
/// lists carry an excerpt.
async fn long_project_descriptions_come_in_windows(backend: Backend) {
    use sea_orm::{ActiveModelTrait, Set};
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let html: String = (0..3_000).map(|i| format!("<p>Paragraph {i} of the plan.</p>")).collect();
    let mut row: entity::project::ActiveModel = s.web.clone().into();
    row.description = Set(Some(html));
    row.update(&app.db).await.expect("description");
    let mcp = Mcp::http(&app, &s.alice_token).await;
    let (mut text, mut cursor, mut total) = (String::new(), 0, 0);
    loop {
        let project = mcp.ok("get_project", json!({"project": "WEB", "cursor": cursor})).await;
        let keys: Vec<&String> = project.as_object().expect("a project").keys().collect();
        let at = |key: &str| keys.iter().position(|k| *k == key);
        assert!(at("workspace") < at("description") && at("description") < at("statuses"), "DESIGN's order: {keys:?}");
        text.push_str(project["description"].as_str().expect("description"));
        match project.get("description_next").and_then(Value::as_i64) {
            Some(next) => {
                total = project["description_total_chars"].as_i64().expect("total");
                cursor = next;
            }
            None => break,
        }
    }
    assert!(total > 50_000 && tasklens::text::utf16_len(&text) as i64 == total, "{total}");
    assert!(text.starts_with("Paragraph 0 of the plan.") && text.trim_end().ends_with("Paragraph 2999 of the plan."));
    let listed = mcp.ok("list_projects", json!({"view": "full"})).await;
    let excerpt = &listed["items"][0];
    assert!(
        excerpt["description"].as_str().is_some_and(|d| d.len() <= 2_000) && excerpt["description_truncated"] == true
    );
    mcp.close().await;
}

async fn limits_follow_the_servers_page_size(backend: Backend) {
    let limits = Limits { max_page: 20, ..Limits::default() };
    let app = TestApp::start_with(backend, limits).await;
    let s = simple_board(&app).await;
    Board::new(&app.db).tasks(&s.web, &s.alice, 25).await;
    let mcp = Mcp::http(&app, &s.alice_token).await;
    let page = mcp.ok("list_tasks", json!({})).await;
    assert_eq!((page["items"].as_array().map(Vec::len), page["total"].as_i64()), (Some(20), Some(25)));
    assert!(page["next"].is_string(), "the rest follows the cursor");
    let (code, error) = mcp.error("list_tasks", json!({"limit": 21})).await;
    assert_eq!(code, "invalid_argument");
    assert!(error["hint"].as_str().is_some_and(|h| h.contains("1 to 20")), "{error}");
    mcp.ok("list_tasks", json!({"limit": 20})).await;
    mcp.close().await;
}

on_both_backends!(
    long_project_descriptions_come_in_windows,
    limits_follow_the_servers_page_size,
    markdown_written_is_markdown_read,
    every_tool_answers_with_its_defaults,
    mistakes_are_tool_errors_with_a_code_and_hint,
    mcp_needs_a_token_before_anything_is_read,
    an_unknown_tool_is_a_protocol_error,
);
