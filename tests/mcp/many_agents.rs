//! Several agents on one task: a write made against a revision another
//! write has moved on is refused with what changed since, and additions to
//! a task's labels made at once all stay, across gateways.

use sea_orm::{ActiveModelTrait, Set};
use serde_json::{Value, json};

use entity::{ProjectRole, label};

use crate::client::Mcp;
use crate::live_events::second_gateway;
use crate::on_both_backends;
use crate::support::{Backend, Board, Simple, TestApp, simple_board};

async fn labels(app: &TestApp, project_id: i64, count: usize) -> Vec<String> {
    let mut names = Vec::new();
    for n in 0..count {
        let name = format!("area-{n:02}");
        let row = label::ActiveModel {
            project_id: Set(project_id),
            name: Set(name.clone()),
            color: Set(None),
            ..Default::default()
        };
        row.insert(&app.db).await.expect("label");
        names.push(name);
    }
    names
}

/// The simple board with bob as a participant of WEB, and bob's token.
async fn alice_and_bob(app: &TestApp) -> (Simple, String) {
    let s = simple_board(app).await;
    let board = Board::new(&app.db);
    let bob = board.user("bob").await;
    board.member(&s.web, &bob, ProjectRole::Participant).await;
    (s, board.token("bob").await)
}

fn names(task: &Value, field: &str) -> Vec<String> {
    let mut names: Vec<String> = task[field]
        .as_array()
        .map(|a| a.iter().filter_map(|v| v.as_str().map(str::to_owned)).collect())
        .unwrap_or_default();
    names.sort();
    names
}

async fn a_stale_revision_writes_nothing_and_says_what_changed(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (s, bob_token) = alice_and_bob(&app).await;
    let (alice, bob) = (Mcp::http(&app, &s.alice_token).await, Mcp::http(&app, &bob_token).await);

    let created = alice.ok("create_task", json!({"project": "WEB", "title": "Checkout"})).await;
    assert_eq!(created["revision"], 1, "{created}");
    let read = alice.ok("get_task", json!({"ref": "WEB-1", "view": "summary"})).await;
    assert_eq!(read["revision"], 1, "every view of get_task has the revision: {read}");
    let listed = alice.ok("list_tasks", json!({"project": "WEB"})).await;
    assert!(listed["items"][0].get("revision").is_none(), "a list summary leaves it out: {listed}");

    let moved = bob.ok("update_task", json!({"ref": "WEB-1", "title": "Checkout v2", "expected_revision": 1})).await;
    assert_eq!(moved["revision"], 2, "{moved}");
    let (code, error) = alice
        .error("update_task", json!({"ref": "WEB-1", "description": "Mine", "status": "done", "expected_revision": 1}))
        .await;
    assert_eq!(code, "conflict", "{error}");
    assert_eq!(error["current_revision"], 2, "{error}");
    let since = &error["changed_since"];
    assert_eq!(since[0]["revision"], 2, "{error}");
    assert_eq!(since[0]["fields"], json!(["title"]), "{error}");
    assert_eq!(since[0]["by"], "bob", "{error}");
    assert!(since[0]["at"].as_str().is_some_and(|at| at.ends_with('Z')), "{error}");
    let message = error["message"].as_str().unwrap_or_default();
    assert!(message.contains("revision 2") && message.contains("bob"), "{message}");
    assert!(error["hint"].as_str().is_some_and(|h| h.contains("`expected_revision` 2")), "{error}");

    let after = alice.ok("get_task", json!({"ref": "WEB-1"})).await;
    assert_eq!(after["title"], "Checkout v2");
    assert!(after.get("description").is_none(), "nothing of the refused write: {after}");
    assert_ne!(after["status"], "done", "{after}");
    assert_eq!(after["revision"], 2);

    // A comment does not move the revision; a write without one is as before.
    let commented = alice.ok("add_comment", json!({"ref": "WEB-1", "body": "On it"})).await;
    assert_eq!(commented["revision"], 2, "{commented}");
    let written = alice.ok("update_task", json!({"ref": "WEB-1", "status": "done", "expected_revision": 2})).await;
    assert_eq!(written["revision"], 3, "{written}");
    let unguarded = bob.ok("update_task", json!({"ref": "WEB-1", "priority": "high"})).await;
    assert_eq!(unguarded["revision"], 4, "{unguarded}");
    let (code, error) = bob.error("update_task", json!({"ref": "WEB-1", "title": "x", "expected_revision": 9})).await;
    assert_eq!(code, "conflict");
    assert!(error["message"].as_str().is_some_and(|m| m.contains("never had")), "{error}");

    // GraphQL says the same in its extensions.
    let update = "mutation { updateTask(ref: \"WEB-1\", input: {title: \"y\"}, expectedRevision: 3) { revision } }";
    let (code, error) = app.error(&s.alice_token, update, json!({})).await;
    assert_eq!(code, "CONFLICT", "{error}");
    assert_eq!(error["extensions"]["currentRevision"], 4, "{error}");
    assert_eq!(error["extensions"]["changedSince"][0]["fields"], json!(["priority"]), "{error}");
    assert!(error["extensions"]["hint"].as_str().is_some_and(|h| h.contains("`expectedRevision` 4")), "{error}");
    alice.close().await;
    bob.close().await;
}

async fn concurrent_label_additions_all_stay(backend: Backend) {
    const AGENTS: usize = 16;
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let wanted = labels(&app, s.web.id, AGENTS).await;
    let first = Mcp::http(&app, &s.alice_token).await;
    first.ok("create_task", json!({"project": "WEB", "title": "Shared", "labels": ["bug"]})).await;
    // Half of the agents on a second gateway of the same database.
    let (second, server) = second_gateway(app.database_url()).await;
    let mut agents = Vec::new();
    for n in 0..AGENTS {
        let base = if n % 2 == 0 { app.base.clone() } else { second.clone() };
        agents.push(Mcp::http_at(&base, &s.alice_token).await);
    }
    let calls = agents.iter().zip(&wanted).map(|(agent, name)| async move {
        agent.ok("update_task", json!({"ref": "WEB-1", "add_labels": [name]})).await
    });
    futures_util::future::join_all(calls).await;

    let task = first.ok("get_task", json!({"ref": "WEB-1"})).await;
    let mut expected = wanted.clone();
    expected.push("bug".to_owned());
    expected.sort();
    assert_eq!(names(&task, "labels"), expected, "every addition stays");
    assert_eq!(task["revision"], 1 + AGENTS as i64, "{task}");

    // Removals made at once all go, and an addition of a label there is
    // changes nothing.
    let calls = agents.iter().zip(&wanted).map(|(agent, name)| async move {
        agent.ok("update_task", json!({"ref": "WEB-1", "remove_labels": [name]})).await
    });
    futures_util::future::join_all(calls).await;
    let unchanged = first.ok("update_task", json!({"ref": "WEB-1", "add_labels": ["BUG"]})).await;
    assert_eq!(names(&unchanged, "labels"), ["bug"], "{unchanged}");
    assert_eq!(unchanged["revision"], 1 + 2 * AGENTS as i64, "no change, no new revision: {unchanged}");
    for agent in agents {
        agent.close().await;
    }
    first.close().await;
    server.abort();
}

async fn set_edits_are_checked_and_logged(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (s, _) = alice_and_bob(&app).await;
    let mcp = Mcp::http(&app, &s.alice_token).await;
    mcp.ok("create_task", json!({"project": "WEB", "title": "Sets", "coworkers": ["bob"]})).await;

    let added = mcp.ok("update_task", json!({"ref": "WEB-1", "add_coworkers": ["me"], "add_labels": ["ux"]})).await;
    assert_eq!(added["revision"], 2, "one write, one revision: {added}");
    let task = mcp.ok("get_task", json!({"ref": "WEB-1"})).await;
    assert_eq!(names(&task, "coworkers"), ["alice", "bob"], "{task}");
    mcp.ok("update_task", json!({"ref": "WEB-1", "remove_coworkers": ["bob"]})).await;
    let changes = mcp.ok("list_task_changes", json!({"ref": "WEB-1"})).await;
    let text = changes.to_string();
    assert!(text.contains("alice,bob") && text.contains("\"ux\""), "the log shows whole sets: {text}");

    for (arguments, argument) in [
        (json!({"ref": "WEB-1", "labels": ["bug"], "add_labels": ["ux"]}), "add_labels"),
        (json!({"ref": "WEB-1", "add_labels": ["ux"], "remove_labels": ["UX"]}), "remove_labels"),
        (json!({"ref": "WEB-1", "add_labels": ["nope"]}), "add_labels"),
        (json!({"ref": "WEB-1", "remove_coworkers": ["nobody"]}), "remove_coworkers"),
        (json!({"ref": "WEB-1", "add_labels": vec!["ux"; 101]}), "add_labels"),
        (json!({"ref": "WEB-1", "title": "x", "expected_revision": 0}), "expected_revision"),
    ] {
        let (code, error) = mcp.error("update_task", arguments.clone()).await;
        assert_eq!(code, "invalid_argument", "{arguments}: {error}");
        let said = format!("{} {}", error["message"], error["hint"]);
        assert!(said.contains(&format!("`{argument}`")), "{arguments} names {argument}: {said}");
    }
    let task = mcp.ok("get_task", json!({"ref": "WEB-1"})).await;
    assert_eq!(task["revision"], 3, "refused edits write nothing: {task}");

    // The next task with all of some labels.
    mcp.ok("create_task", json!({"project": "WEB", "title": "Unlabelled"})).await;
    session(&mcp, "picker").await;
    let none = mcp.ok("claim_next_task", json!({"project": "WEB", "labels": ["ux", "bug"]})).await;
    assert!(none.get("nothing").is_some(), "no task has both: {none}");
    let picked = mcp.ok("claim_next_task", json!({"project": "WEB", "labels": ["ux"]})).await;
    assert_eq!(picked["ref"], "WEB-1", "{picked}");
    mcp.close().await;
}

async fn session(agent: &Mcp, name: &str) -> String {
    let registered = agent.ok("register_agent", json!({"name": name})).await;
    registered["id"].as_str().expect("a session id").to_owned()
}

async fn a_claim_has_one_holder_until_released_ended_or_lapsed(backend: Backend) {
    let app = TestApp::start_sweeping(backend).await;
    let (s, bob_token) = alice_and_bob(&app).await;
    Board::new(&app.db).tasks(&s.web, &s.alice, 2).await;
    let (alice, bob) = (Mcp::http(&app, &s.alice_token).await, Mcp::http(&app, &bob_token).await);
    let alice_session = session(&alice, "alice's agent").await;
    let bob_session = session(&bob, "bob's agent").await;

    let claimed = alice.ok("claim_task", json!({"ref": "WEB-1", "ttl_seconds": 2})).await;
    let until = claimed["claimed_until"].as_str().expect("claimed_until").to_owned();
    let (code, error) = bob.error("claim_task", json!({"ref": "WEB-1"})).await;
    assert_eq!(code, "conflict", "{error}");
    let message = error["message"].as_str().unwrap_or_default();
    assert!(message.contains("alice") && message.contains(&alice_session), "names the holder: {message}");
    let (code, _) = bob.error("release_task", json!({"ref": "WEB-1"})).await;
    assert_eq!(code, "conflict", "only the holder releases");

    let task = bob.ok("get_task", json!({"ref": "WEB-1", "view": "summary"})).await;
    assert_eq!(task["claimed_by"], "alice", "{task}");
    let free = bob.ok("list_tasks", json!({"project": "WEB", "claimed": false})).await;
    assert_eq!(free["total"], 1, "{free}");
    let held = bob.ok("list_tasks", json!({"project": "WEB", "claimed_by": "alice"})).await;
    assert_eq!(held["items"][0]["ref"], "WEB-1", "{held}");
    assert!(held["items"][0].get("claimed_by").is_none(), "a summary leaves the claim out: {held}");

    // A heartbeat moves the claim on; without one it lapses.
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    alice.ok("heartbeat_agent", json!({})).await;
    let renewed = alice.ok("get_task", json!({"ref": "WEB-1"})).await;
    assert!(renewed["claimed_until"].as_str() > Some(until.as_str()), "{renewed} after {until}");
    tokio::time::sleep(std::time::Duration::from_millis(2100)).await;
    let taken = bob.ok("claim_task", json!({"ref": "WEB-1", "session": bob_session})).await;
    assert!(taken["claimed_until"].is_string(), "{taken}");
    let task = bob.ok("get_task", json!({"ref": "WEB-1"})).await;
    assert_eq!(task["claimed_by"], "bob", "{task}");

    // A release and an end give claims up; each step is in the change log.
    let released = bob.ok("release_task", json!({"ref": "WEB-1"})).await;
    assert_eq!(released["revision"], 1, "{released}");
    assert!(bob.ok("get_task", json!({"ref": "WEB-1"})).await.get("claimed_by").is_none());
    bob.ok("claim_task", json!({"ref": "WEB-2"})).await;
    bob.ok("end_agent", json!({})).await;
    let free = bob.ok("list_tasks", json!({"project": "WEB", "claimed": false})).await;
    assert_eq!(free["total"], 2, "{free}");
    let log = alice.ok("list_task_changes", json!({"ref": "WEB-1"})).await.to_string();
    for step in ["\"claim\"", "\"claim_lapsed\""] {
        assert!(log.contains(step), "{step} in {log}");
    }
    let log = alice.ok("list_task_changes", json!({"ref": "WEB-2"})).await;
    let last = log["items"].as_array().and_then(|items| items.last()).cloned().unwrap_or_default();
    assert_eq!(last["field"], "claim", "{log}");
    assert_eq!(last["old"], "bob", "ending the session released it: {log}");
    let task = alice.ok("get_task", json!({"ref": "WEB-1"})).await;
    assert_eq!(task["revision"], 1, "claims do not move the revision: {task}");

    // A lapse nobody takes over is logged by the gateway's sweep.
    alice.ok("claim_task", json!({"ref": "WEB-2", "ttl_seconds": 1})).await;
    let mut logged = false;
    for _ in 0..40 {
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        let log = alice.ok("list_task_changes", json!({"ref": "WEB-2"})).await;
        let last = log["items"].as_array().and_then(|items| items.last()).cloned().unwrap_or_default();
        if last["field"] == "claim_lapsed" {
            assert_eq!(last["old"], "alice", "{log}");
            logged = true;
            break;
        }
    }
    assert!(logged, "the lapse reached the change log");
    alice.close().await;
    bob.close().await;
}

async fn agents_asking_at_once_get_different_tasks(backend: Backend) {
    const AGENTS: usize = 16;
    const OPEN: usize = 10;
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    Board::new(&app.db).tasks(&s.web, &s.alice, OPEN).await;
    let (second, server) = second_gateway(app.database_url()).await;
    let mut agents = Vec::new();
    for n in 0..AGENTS {
        let base = if n % 2 == 0 { app.base.clone() } else { second.clone() };
        let agent = Mcp::http_at(&base, &s.alice_token).await;
        let id = session(&agent, &format!("agent {n}")).await;
        agents.push((agent, id));
    }
    let calls = agents.iter().map(|(agent, id)| async move {
        agent.call("claim_next_task", json!({"project": "WEB", "session": id})).await
    });
    let replies = futures_util::future::join_all(calls).await;
    let mut claimed: Vec<String> = Vec::new();
    let mut nothing = 0;
    for reply in &replies {
        assert!(!reply.is_error, "{}", reply.text);
        match reply.json["ref"].as_str() {
            Some(task_ref) => claimed.push(task_ref.to_owned()),
            None => nothing += 1,
        }
    }
    let mut distinct = claimed.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!((claimed.len(), distinct.len(), nothing), (OPEN, OPEN, AGENTS - OPEN), "{claimed:?}");
    let nothing_said = replies.iter().find(|r| r.json.get("ref").is_none()).map(|r| r.json.clone());
    assert_eq!(nothing_said, Some(json!({"nothing": "no open task nobody holds matches"})));
    for (agent, _) in agents {
        agent.close().await;
    }
    server.abort();
}

on_both_backends!(
    a_stale_revision_writes_nothing_and_says_what_changed,
    concurrent_label_additions_all_stay,
    set_edits_are_checked_and_logged,
    a_claim_has_one_holder_until_released_ended_or_lapsed,
    agents_asking_at_once_get_different_tasks,
);
