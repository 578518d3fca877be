//! Saved views of a project's board over HTTP: saved by name (the same
//! name replaces), the owner's own and the shared ones listed by name to
//! the project's people, others' private ones never, only the owner
//! deletes, read-only tokens save nothing, and hostile queries refused.

use serde_json::{Value, json};

use entity::ProjectRole;

use crate::on_both_backends;
use crate::support::{Backend, Board, TestApp, simple_board};

const SAVE: &str = "mutation($input: SaveViewInput!) { saveView(input: $input) { id name query shared mine } }";
const LIST: &str = "query($p: String!) { savedViews(project: $p) { totalCount nodes { id name query shared mine owner { username } } } }";

fn names(data: &Value) -> Vec<String> {
    data["savedViews"]["nodes"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|n| n["name"].as_str().map(str::to_owned))
        .collect()
}

async fn views_are_saved_shared_and_deleted(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let board = Board::new(&app.db);
    let bob = board.user("bob").await;
    board.member(&s.web, &bob, ProjectRole::Participant).await;
    let bob_token = board.token("bob").await;
    let alice = &s.alice_token;

    let mine = app
        .ok(alice, SAVE, json!({"input": {"project": "WEB", "name": "My open", "query": "assignee=me&order=due"}}))
        .await;
    assert_eq!(mine["saveView"]["mine"], true);
    app.ok(
        alice,
        SAVE,
        json!({"input": {"project": "WEB", "name": "Team bugs", "query": "label=bug", "shared": true}}),
    )
    .await;
    // The same name replaces, keeping one view.
    let again =
        app.ok(alice, SAVE, json!({"input": {"project": "WEB", "name": "My open", "query": "?assignee=me"}})).await;
    assert_eq!(again["saveView"]["id"], mine["saveView"]["id"]);
    assert_eq!(again["saveView"]["query"], "assignee=me");
    app.ok(&bob_token, SAVE, json!({"input": {"project": "WEB", "name": "Bob's", "query": "status=todo"}})).await;

    let for_alice = app.ok(alice, LIST, json!({"p": "WEB"})).await;
    assert_eq!(names(&for_alice), ["My open", "Team bugs"]);
    assert_eq!(for_alice["savedViews"]["totalCount"], 2);
    let for_bob = app.ok(&bob_token, LIST, json!({"p": "WEB"})).await;
    assert_eq!(names(&for_bob), ["Bob's", "Team bugs"]);
    let shared = &for_bob["savedViews"]["nodes"][1];
    assert_eq!((shared["mine"].clone(), shared["owner"]["username"].clone()), (json!(false), json!("alice")));

    // Only the owner deletes.
    let delete = "mutation($id: ID!) { deleteView(id: $id) { name } }";
    let (code, _) = app.error(&bob_token, delete, json!({"id": shared["id"]})).await;
    assert_eq!(code, "NOT_FOUND");
    app.ok(alice, delete, json!({"id": shared["id"]})).await;
    assert_eq!(names(&app.ok(&bob_token, LIST, json!({"p": "WEB"})).await), ["Bob's"]);

    // Hostile or empty input, and a project one cannot see.
    for (input, argument) in [
        (json!({"project": "WEB", "name": "x", "query": "text=<script>alert(1)</script>"}), "query"),
        (json!({"project": "WEB", "name": "x", "query": "a".repeat(2_001)}), "query"),
        (json!({"project": "WEB", "name": "  ", "query": "a=b"}), "name"),
        (json!({"project": "WEB", "name": "n".repeat(81), "query": "a=b"}), "name"),
    ] {
        let (code, error) = app.error(alice, SAVE, json!({"input": input})).await;
        assert_eq!(code, "BAD_USER_INPUT", "{error}");
        assert_eq!(error["extensions"]["argument"], argument, "{error}");
    }
    let (code, _) = app.error(alice, LIST, json!({"p": "NOPE"})).await;
    assert_eq!(code, "NOT_FOUND");
    let read_only = board.scoped_token("alice", None, true).await;
    let (code, _) =
        app.error(&read_only, SAVE, json!({"input": {"project": "WEB", "name": "n", "query": "a=b"}})).await;
    assert_eq!(code, "FORBIDDEN");
    assert_eq!(names(&app.ok(&read_only, LIST, json!({"p": "WEB"})).await), ["My open"]);
}

on_both_backends!(views_are_saved_shared_and_deleted);
