//! Bad input gets BAD_USER_INPUT with a hint; limits hold; no panic, no 500.

use base64::Engine;
use serde_json::{Value, json};

use tasklens::config::Limits;

use crate::on_both_backends;
use crate::support::{Backend, Board, TestApp, simple_board};

async fn paging_mistakes_are_bad_user_input_with_a_hint(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    Board::new(&app.db).tasks(&s.web, &s.alice, 5).await;
    let t = &s.alice_token;
    let page = app.ok(t, "{ tasks(first: 2) { pageInfo { endCursor } } }", json!({})).await;
    let cursor = page["tasks"]["pageInfo"]["endCursor"].as_str().expect("cursor").to_owned();
    let forged = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(r#"{"v":1,"d":"x","k":[1,2]}"#);
    let cases = [
        ("{ tasks(first: 2, last: 2) { totalCount } }".to_owned(), "cannot be used together"),
        ("{ tasks(first: 201) { totalCount } }".to_owned(), "above the largest page of 200"),
        ("{ tasks(last: 500) { totalCount } }".to_owned(), "above the largest page"),
        ("{ tasks(first: -1) { totalCount } }".to_owned(), "negative"),
        ("{ tasks(after: \"garbage!!\") { totalCount } }".to_owned(), "not a cursor"),
        (format!("{{ tasks(after: \"{forged}\") {{ totalCount }} }}"), "another order or filter"),
        (format!("{{ tasks(after: \"{cursor}\", order: CREATED) {{ totalCount }} }}"), "another order or filter"),
        (
            format!("{{ tasks(after: \"{cursor}\", filter: {{done: true}}) {{ totalCount }} }}"),
            "another order or filter",
        ),
        (format!("{{ projects(after: \"{cursor}\") {{ totalCount }} }}"), "another order or filter"),
        ("{ task(ref: \"nonsense\") { title } }".to_owned(), "not a task ref"),
        ("{ node(id: \"@@@\") { id } }".to_owned(), "not an id"),
        ("mutation { createTask(input: {project: \"WEB\", title: \"  \"}) { ref } }".to_owned(), "empty"),
        (
            "mutation { createTask(input: {project: \"WEB\", title: \"x\", status: \"nope\"}) { ref } }".to_owned(),
            "not a status",
        ),
        (
            "mutation { createTask(input: {project: \"WEB\", title: \"x\", assignee: \"ghost\"}) { ref } }".to_owned(),
            "no user named ghost",
        ),
        (
            "mutation { createTask(input: {project: \"WEB\", title: \"x\", labels: [\"nope\"]}) { ref } }".to_owned(),
            "not a label",
        ),
        (
            "mutation { createTask(input: {project: \"WEB\", title: \"x\", dueDate: \"0000-12-31\"}) { ref } }"
                .to_owned(),
            "outside the years 1 to 9999",
        ),
        (
            "mutation { updateTask(ref: \"WEB-1\", input: {dueDate: \"+10000-01-01\"}) { ref } }".to_owned(),
            "outside the years 1 to 9999",
        ),
        (
            "mutation { createProject(input: {workspace: \"ENG\", key: \"bad key\", name: \"x\"}) { key } }".to_owned(),
            "not a project key",
        ),
    ];
    for (query, message) in cases {
        let (code, error) = app.error(t, &query, json!({})).await;
        assert_eq!(code, "BAD_USER_INPUT", "{query}: {error}");
        assert!(error["message"].as_str().unwrap_or_default().contains(message), "{query}: {error}");
        assert!(error["extensions"]["hint"].as_str().is_some_and(|h| !h.is_empty()), "{query}: no hint in {error}");
    }
}

async fn depth_and_complexity_limits_refuse_expensive_queries(backend: Backend) {
    let limits = Limits { max_depth: 6, max_complexity: 2_000, ..Limits::default() };
    let app = TestApp::start_with(backend, limits).await;
    let s = simple_board(&app).await;
    let deep = "{ tasks(first: 1) { nodes { project { tasks(first: 1) { nodes { project { key } } } } } } }";
    let (status, body) = app.post(Some(&s.alice_token), deep, json!({})).await;
    assert_eq!(status, 200);
    assert!(body["errors"][0]["message"].as_str().unwrap_or_default().contains("levels deep"), "{body}");
    let costly = "{ tasks(first: 200) { nodes { ref title comments(first: 200) { nodes { body } } } } }";
    let (_, body) = app.post(Some(&s.alice_token), costly, json!({})).await;
    assert!(body["errors"][0]["message"].as_str().unwrap_or_default().contains("too complex"), "{body}");
    app.ok(&s.alice_token, "{ tasks(first: 20) { nodes { ref title } } }", json!({})).await;
}

async fn duplicate_project_key_is_a_conflict(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let (code, error) = app
        .error(
            &s.alice_token,
            "mutation { createProject(input: {workspace: \"ENG\", key: \"WEB\", name: \"Again\"}) { key } }",
            json!({}),
        )
        .await;
    assert_eq!(code, "CONFLICT", "{error}");
}

/// A form shows an error beside the field it is about: bad input in one
/// argument or input field names it in `extensions.argument`; an error
/// about no single field names none.
async fn bad_input_names_the_field_it_is_about(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    Board::new(&app.db).tasks(&s.web, &s.alice, 1).await;
    let create = |input: &str| format!("mutation {{ createTask(input: {{project: \"WEB\", {input}}}) {{ ref }} }}");
    let cases = [
        (create("title: \"  \""), Some("title")),
        (create("title: \"a\\u0007b\""), Some("title")),
        (create("title: \"x\", status: \"nope\""), Some("status")),
        (create("title: \"x\", assignee: \"ghost\""), Some("assignee")),
        (create("title: \"x\", labels: [\"nope\"]"), Some("labels")),
        (create("title: \"x\", dueDate: \"0000-12-31\""), Some("dueDate")),
        ("mutation { updateTask(ref: \"WEB-1\", input: {parent: \"WEB-1\"}) { ref } }".to_owned(), Some("parent")),
        ("mutation { addComment(ref: \"WEB-1\", bodyMarkdown: \"\") { id } }".to_owned(), Some("body")),
        ("{ tasks(first: 2, last: 2) { totalCount } }".to_owned(), None),
    ];
    for (query, argument) in cases {
        let (code, error) = app.error(&s.alice_token, &query, json!({})).await;
        assert_eq!(code, "BAD_USER_INPUT", "{query}: {error}");
        assert_eq!(error["extensions"].get("argument").and_then(|a| a.as_str()), argument, "{query}: {error}");
    }
}

/// A query's root field that fails takes `data` with it, as the spec's
/// error propagation says for a non-null field (every root field of Query
/// is one): a client reading `data.task` of an unknown ref finds no
/// half-answer whose `task` is missing. A mutation keeps the results of its
/// other fields, and a request without failures keeps its data.
async fn a_failed_root_field_nulls_data(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    Board::new(&app.db).tasks(&s.web, &s.alice, 1).await;
    for query in [
        "{ tasks(first: 1) { totalCount } task(ref: \"NOPE-1\") { ref } }",
        "{ t: task(ref: \"WEB-404\") { ref } p: project(key: \"WEB\") { key } }",
    ] {
        let (status, body) = app.post(Some(&s.alice_token), query, json!({})).await;
        assert_eq!(status, 200, "{query}: {body}");
        assert_eq!(body["data"], Value::Null, "{query}: {body}");
        assert_eq!(body["errors"][0]["extensions"]["code"], "NOT_FOUND", "{query}: {body}");
        assert!(body["errors"][0]["path"].as_array().is_some_and(|p| p.len() == 1), "{query}: {body}");
    }
    // A mutation keeps what its other fields did: their writes were made.
    let both = "mutation { a: updateTask(ref: \"WEB-1\", input: {title: \"Kept\"}) { title } \
                b: updateTask(ref: \"WEB-404\", input: {title: \"x\"}) { ref } }";
    let (status, body) = app.post(Some(&s.alice_token), both, json!({})).await;
    assert_eq!((status, &body["data"]["a"]["title"]), (200, &json!("Kept")), "{body}");
    assert_eq!(body["errors"][0]["extensions"]["code"], "NOT_FOUND", "{body}");
    let data =
        app.ok(&s.alice_token, "{ tasks(first: 1) { totalCount } task(ref: \"WEB-1\") { ref } }", json!({})).await;
    assert_eq!((data["tasks"]["totalCount"].as_i64(), data["task"]["ref"].as_str()), (Some(1), Some("WEB-1")));
}

on_both_backends!(
    a_failed_root_field_nulls_data,
    bad_input_names_the_field_it_is_about,
    paging_mistakes_are_bad_user_input_with_a_hint,
    depth_and_complexity_limits_refuse_expensive_queries,
    duplicate_project_key_is_a_conflict,
);
