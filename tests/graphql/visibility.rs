//! What a caller may not see is NOT_FOUND or absent on every path; scoped
//! tokens see one workspace; read-only tokens cannot write; no token is 401.

use serde_json::json;

use entity::{ProjectRole, WorkspaceRole};

use crate::on_both_backends;
use crate::support::{Backend, Board, TestApp, simple_board};

async fn outsider_sees_nothing_on_any_path(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let board = Board::new(&app.db);
    board.tasks(&s.web, &s.alice, 3).await;
    board.user("mallory").await;
    let outsider = board.token("mallory").await;

    // Alice's view: ids and cursors to replay as the outsider.
    let mine = app
        .ok(&s.alice_token, "{ tasks(first: 1) { pageInfo { endCursor } nodes { id ref project { id } } } }", json!({}))
        .await;
    let task_id = mine["tasks"]["nodes"][0]["id"].as_str().expect("id").to_owned();
    let alice_id =
        app.ok(&s.alice_token, "{ viewer { id } }", json!({})).await["viewer"]["id"].as_str().expect("id").to_owned();
    let project_id = mine["tasks"]["nodes"][0]["project"]["id"].as_str().expect("id").to_owned();
    let cursor = mine["tasks"]["pageInfo"]["endCursor"].as_str().expect("cursor").to_owned();

    let lists = app
        .ok(
            &outsider,
            "query($after: String) {
               tasks { totalCount nodes { ref } }
               after: tasks(after: $after) { totalCount nodes { ref } }
               search: tasks(filter: {text: \"task\"}) { totalCount nodes { ref } }
               byProject: tasks(filter: {project: \"WEB\"}) { totalCount }
               projects { totalCount nodes { key } }
               named: projects(filter: {name: \"web storefront\"}) { totalCount }
               workspaces { totalCount }
               activity { totalCount }
             }",
            json!({"after": cursor}),
        )
        .await;
    for list in ["tasks", "after", "search", "byProject", "projects", "named", "workspaces", "activity"] {
        assert_eq!(lists[list]["totalCount"], 0, "{list}: {lists}");
    }
    for (query, vars) in [
        ("query($r: String!) { task(ref: $r) { title } }", json!({"r": "WEB-1"})),
        ("query($id: ID!) { node(id: $id) { id } }", json!({"id": task_id})),
        ("query($id: ID!) { node(id: $id) { id } }", json!({"id": project_id})),
        ("query($id: ID!) { node(id: $id) { ... on User { username } } }", json!({"id": alice_id})),
        ("{ user(username: \"alice\") { username } }", json!({})),
        ("{ project(key: \"WEB\") { name } }", json!({})),
        ("{ workspace(key: \"ENG\") { name } }", json!({})),
        ("mutation { updateTask(ref: \"WEB-1\", input: {title: \"x\"}) { ref } }", json!({})),
        ("mutation { addComment(ref: \"WEB-1\", body: \"hi\") { id } }", json!({})),
    ] {
        let (code, error) = app.error(&outsider, query, vars).await;
        assert_eq!(code, "NOT_FOUND", "{query}: {error}");
    }
    // Themself they see, by id (padded or not) and by name.
    let me = app.ok(&outsider, "{ viewer { id } me: user(username: \"me\") { username } }", json!({})).await;
    let padded = format!("{}==", me["viewer"]["id"].as_str().expect("id"));
    let found = app
        .ok(&outsider, "query($id: ID!) { node(id: $id) { ... on User { username } } }", json!({"id": padded}))
        .await;
    assert_eq!(found["node"]["username"], "mallory");
    // A member of a shared project sees alice.
    let bob = board.user("bob").await;
    board.member(&s.web, &bob, entity::ProjectRole::Participant).await;
    let bob_token = board.token("bob").await;
    let seen = app.ok(&bob_token, "{ user(username: \"alice\") { username } }", json!({})).await;
    assert_eq!(seen["user"]["username"], "alice");
    // The same ref for alice works, and a missing one is NOT_FOUND alike.
    app.ok(&s.alice_token, "{ task(ref: \"WEB-1\") { title } }", json!({})).await;
    let (code, _) = app.error(&s.alice_token, "{ task(ref: \"WEB-999\") { title } }", json!({})).await;
    assert_eq!(code, "NOT_FOUND");
}

async fn admins_see_every_project_of_their_workspace_and_scopes_narrow(backend: Backend) {
    let app = TestApp::start(backend).await;
    let board = Board::new(&app.db);
    let root = board.user("root").await;
    let eng = board.workspace("ENG").await;
    let ops = board.workspace("OPS").await;
    board.workspace_member(&eng, &root, WorkspaceRole::Admin).await;
    board.workspace_member(&ops, &root, WorkspaceRole::Member).await;
    let web = board.project(&eng, "WEB", "Web").await; // not a member: seen as admin
    let api = board.project(&eng, "API", "Api").await;
    let run = board.project(&ops, "RUN", "Runbooks").await;
    let _hidden = board.project(&ops, "SEC", "Secret").await; // member of OPS only: not seen
    board.member(&run, &root, ProjectRole::Participant).await;
    board.tasks(&web, &root, 2).await;
    board.tasks(&api, &root, 2).await;
    board.tasks(&run, &root, 2).await;

    let all = board.token("root").await;
    let scoped = board.scoped_token("root", Some("OPS"), false).await;
    let q = "{ projects { nodes { key } } tasks { totalCount } workspaces { nodes { key } } }";
    let keys = |data: &serde_json::Value| -> Vec<String> {
        data["projects"]["nodes"]
            .as_array()
            .expect("nodes")
            .iter()
            .map(|n| n["key"].as_str().expect("key").to_owned())
            .collect()
    };
    let data = app.ok(&all, q, json!({})).await;
    assert_eq!(keys(&data), ["API", "RUN", "WEB"]);
    assert_eq!(data["tasks"]["totalCount"], 6);
    let data = app.ok(&scoped, q, json!({})).await;
    assert_eq!(keys(&data), ["RUN"]);
    assert_eq!(data["tasks"]["totalCount"], 2);
    assert_eq!(data["workspaces"]["nodes"], json!([{"key": "OPS"}]));
    let (code, _) = app.error(&scoped, "{ task(ref: \"WEB-1\") { title } }", json!({})).await;
    assert_eq!(code, "NOT_FOUND");
}

async fn read_only_tokens_cannot_write(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    Board::new(&app.db).tasks(&s.web, &s.alice, 1).await;
    let reader = Board::new(&app.db).scoped_token("alice", None, true).await;
    app.ok(&reader, "{ task(ref: \"WEB-1\") { title } }", json!({})).await;
    for mutation in [
        "mutation { createTask(input: {project: \"WEB\", title: \"x\"}) { ref } }",
        "mutation { updateTask(ref: \"WEB-1\", input: {title: \"x\"}) { ref } }",
        "mutation { deleteTask(ref: \"WEB-1\") { ref } }",
        "mutation { addComment(ref: \"WEB-1\", body: \"x\") { id } }",
        "mutation { registerAgent(name: \"bot\") { id } }",
    ] {
        let (code, error) = app.error(&reader, mutation, json!({})).await;
        assert_eq!(code, "FORBIDDEN", "{mutation}: {error}");
        assert!(error["extensions"]["hint"].is_string());
    }
    let data = app.ok(&reader, "{ task(ref: \"WEB-1\") { title events { totalCount } } }", json!({})).await;
    assert_eq!(data["task"]["events"]["totalCount"], 0, "nothing was written");
}

async fn comments_and_agent_sessions_are_seen_with_their_task(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let board = Board::new(&app.db);
    board.tasks(&s.web, &s.alice, 1).await;
    let bob = board.user("bob").await;
    board.member(&s.web, &bob, ProjectRole::Participant).await;
    let bob_token = board.token("bob").await;
    board.user("mallory").await;
    let outsider = board.token("mallory").await;

    let written =
        app.ok(&s.alice_token, "mutation { addComment(ref: \"WEB-1\", body: \"hi\") { id } }", json!({})).await;
    let comment_id = written["addComment"]["id"].as_str().expect("id").to_owned();
    app.ok(&s.alice_token, "mutation { registerAgent(name: \"fixer\", task: \"WEB-1\") { id } }", json!({})).await;

    // A member of the project sees the comment, in its task and by id, and
    // alice's agent at work on the task.
    let node = "query($id: ID!) { node(id: $id) { ... on Comment { body } } }";
    let seen = app.ok(&bob_token, node, json!({"id": comment_id})).await;
    assert!(seen["node"]["body"].as_str().is_some_and(|body| body.contains("hi")), "{seen}");
    let listed = app.ok(&bob_token, "{ task(ref: \"WEB-1\") { comments { totalCount } } }", json!({})).await;
    assert_eq!(listed["task"]["comments"]["totalCount"], 1, "{listed}");
    let sessions = app.ok(&bob_token, "{ agentSessions { totalCount nodes { name task { ref } } } }", json!({})).await;
    assert_eq!(sessions["agentSessions"]["nodes"][0]["task"]["ref"], "WEB-1", "{sessions}");

    // An outsider sees neither.
    let (code, error) = app.error(&outsider, node, json!({"id": comment_id})).await;
    assert_eq!(code, "NOT_FOUND", "{error}");
    let sessions = app.ok(&outsider, "{ agentSessions { totalCount } }", json!({})).await;
    assert_eq!(sessions["agentSessions"]["totalCount"], 0, "{sessions}");
}

async fn missing_or_bad_token_is_401(backend: Backend) {
    let app = TestApp::start(backend).await;
    simple_board(&app).await;
    for token in [None, Some("tl_not_a_real_token"), Some("garbage")] {
        let (status, body) = app.post(token, "{ viewer { username } }", json!({})).await;
        assert_eq!(status, 401, "{token:?}");
        assert_eq!(body["errors"][0]["extensions"]["code"], "UNAUTHENTICATED");
    }
}

on_both_backends!(
    outsider_sees_nothing_on_any_path,
    admins_see_every_project_of_their_workspace_and_scopes_narrow,
    read_only_tokens_cannot_write,
    comments_and_agent_sessions_are_seen_with_their_task,
    missing_or_bad_token_is_401,
);
