//! Webhooks out, at the store: the outbox is written with the change it
//! tells of (and not for a refused one), members who are not admins manage
//! nothing, a task's deliveries to one endpoint go one at a time in order,
//! and two gateways on one database take each delivery once.

use std::collections::HashSet;

use serde_json::{Value, json};

use tasklens::store::webhooks::queue::{Attempt, Due, InFlight};
use tasklens::store::webhooks::{Manager, NewWebhook};
use tasklens::store::{PageLimits, Store};

use crate::on_both_backends;
use crate::support::{Backend, Board, TestApp};
use entity::{ProjectRole, WorkspaceRole};

/// Workspace ENG with project WEB: `ada` its admin, `bob` a member; their tokens.
async fn board(app: &TestApp) -> (String, String) {
    let board = Board::new(&app.db);
    let ws = board.workspace("ENG").await;
    let web = board.project(&ws, "WEB", "Web").await;
    let ada = board.user("ada").await;
    let bob = board.user("bob").await;
    board.workspace_member(&ws, &ada, WorkspaceRole::Admin).await;
    board.workspace_member(&ws, &bob, WorkspaceRole::Member).await;
    board.member(&web, &ada, ProjectRole::Manager).await;
    board.member(&web, &bob, ProjectRole::Participant).await;
    (board.token("ada").await, board.token("bob").await)
}

const CREATE_HOOK: &str = "mutation($url: String!) { createWebhook(input: {workspace: \"ENG\", url: $url}) {
    secret webhook { id } } }";
const CREATE_TASK: &str =
    "mutation($title: String!) { createTask(input: {project: \"WEB\", title: $title}) { ref revision } }";

/// A gateway of its own: another connection pool on the same database.
async fn gateway(app: &TestApp) -> Store {
    Store::new(tasklens::db::connect(app.database_url()).await.expect("connect"), PageLimits::default())
}

fn answered(status: u16) -> Attempt {
    Attempt { status: Some(status), duration_ms: 1, body: None, error: None }
}

fn payload(due: &Due) -> Value {
    serde_json::from_str(&due.delivery.payload).expect("a JSON body")
}

async fn admins_alone_manage_webhooks(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (ada, bob) = board(&app).await;
    let (code, _) = app.error(&bob, CREATE_HOOK, json!({"url": "https://hooks.example.com/a"})).await;
    assert_eq!(code, "FORBIDDEN");
    let made = app.ok(&ada, CREATE_HOOK, json!({"url": "https://hooks.example.com/a"})).await;
    assert!(made["createWebhook"]["secret"].as_str().is_some_and(|s| s.starts_with("whsec_")));
    let list = "{ webhooks(workspace: \"ENG\") { totalCount nodes { url events enabled } } }";
    let (code, _) = app.error(&bob, list, json!({})).await;
    assert_eq!(code, "FORBIDDEN");
    let listed = app.ok(&ada, list, json!({})).await;
    assert_eq!(listed["webhooks"]["totalCount"], 1);
    assert_eq!(listed["webhooks"]["nodes"][0]["events"].as_array().map(Vec::len), Some(7));
    // The secret is never read back.
    let (code, _) = app.error(&ada, "{ webhooks(workspace: \"ENG\") { nodes { secret } } }", json!({})).await;
    assert_eq!(code, "BAD_USER_INPUT");
}

async fn the_outbox_is_written_with_the_change(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (ada, _) = board(&app).await;
    app.ok(&ada, CREATE_HOOK, json!({"url": "https://hooks.example.com/a"})).await;
    let created = app.ok(&ada, CREATE_TASK, json!({"title": "First"})).await;
    let task_ref = created["createTask"]["ref"].as_str().expect("a ref").to_owned();
    // Refused as stale: no change, so no delivery.
    let stale =
        "mutation($ref: String!) { updateTask(ref: $ref, input: {title: \"Late\"}, expectedRevision: 99) { ref } }";
    let (code, _) = app.error(&ada, stale, json!({"ref": task_ref})).await;
    assert_eq!(code, "CONFLICT");
    let update = "mutation($ref: String!, $t: String!) { updateTask(ref: $ref, input: {title: $t}) { ref } }";
    app.ok(&ada, update, json!({"ref": task_ref, "t": "Second"})).await;
    app.ok(&ada, update, json!({"ref": task_ref, "t": "Third"})).await;

    let store = gateway(&app).await;
    // One task's deliveries go one at a time, in order.
    let mut seen = Vec::new();
    for _ in 0..3 {
        let due = store.take_due_deliveries(10, &InFlight::new(10)).await.expect("due");
        assert_eq!(due.len(), 1, "one of the task's deliveries at a time");
        seen.push(payload(&due[0]));
        store.record_attempt(&due[0], &answered(200)).await.expect("recorded");
    }
    assert!(store.take_due_deliveries(10, &InFlight::new(10)).await.expect("due").is_empty());
    let kinds: Vec<&str> = seen.iter().filter_map(|p| p["type"].as_str()).collect();
    assert_eq!(kinds, ["task.created", "task.updated", "task.updated"]);
    let titles: Vec<&str> = seen.iter().filter_map(|p| p["data"]["task"]["title"].as_str()).collect();
    // Each body is fixed when its change is written.
    assert_eq!(titles, ["First", "Second", "Third"]);
    assert_eq!(seen[2]["data"]["changes"], json!([{"field": "title", "old": "Second", "new": "Third"}]));
    assert_eq!(seen[2]["data"]["actor"], "ada");
    assert_eq!(seen[2]["data"]["workspace"], "ENG");
}

async fn two_gateways_take_each_delivery_once(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (ada, _) = board(&app).await;
    app.ok(&ada, CREATE_HOOK, json!({"url": "https://hooks.example.com/a"})).await;
    app.ok(&ada, CREATE_HOOK, json!({"url": "https://hooks.example.com/b"})).await;
    const TASKS: usize = 24;
    for n in 0..TASKS {
        app.ok(&ada, CREATE_TASK, json!({"title": format!("Task {n}")})).await;
    }
    let gateways = [gateway(&app).await, gateway(&app).await];
    let sent = futures_util::future::join_all(gateways.iter().map(|store| async move {
        let mut ids = Vec::new();
        loop {
            let due = store.take_due_deliveries(3, &InFlight::new(3)).await.expect("due");
            if due.is_empty() {
                break;
            }
            for one in &due {
                ids.push(one.delivery.message_id.clone());
                // A slow receiver: the other gateway works meanwhile.
                tokio::time::sleep(std::time::Duration::from_millis(5)).await;
                store.record_attempt(one, &answered(204)).await.expect("recorded");
            }
        }
        ids
    }))
    .await;
    let all: Vec<&String> = sent.iter().flatten().collect();
    let distinct: HashSet<&String> = all.iter().copied().collect();
    assert_eq!(all.len(), TASKS * 2, "every delivery sent");
    assert_eq!(distinct.len(), all.len(), "none sent twice");
}

async fn failures_back_off_and_end_the_endpoint(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (ada, _) = board(&app).await;
    app.ok(&ada, CREATE_HOOK, json!({"url": "https://hooks.example.com/a"})).await;
    app.ok(&ada, CREATE_TASK, json!({"title": "Once"})).await;
    let store = gateway(&app).await;
    let due = store.take_due_deliveries(10, &InFlight::new(10)).await.expect("due");
    assert_eq!(due.len(), 1);
    // Leased: another look finds nothing.
    assert!(store.take_due_deliveries(10, &InFlight::new(10)).await.expect("due").is_empty());
    let outcome = store.record_attempt(&due[0], &answered(500)).await.expect("recorded");
    assert_eq!(outcome.as_str(), "retrying");
    // Due again in about 5 s, not now.
    assert!(store.take_due_deliveries(10, &InFlight::new(10)).await.expect("due").is_empty());
    let page = store
        .deliveries_page(Manager::Operator, due[0].webhook.id, None, &tasklens::store::PageArgs::first(10))
        .await
        .expect("deliveries");
    let (_, row) = &page.items[0];
    assert_eq!((row.attempts, row.status.as_str(), row.response_status), (1, "pending", Some(500)));
    let wait = row.next_at - row.last_attempt_at.expect("attempted");
    assert!(wait >= chrono::TimeDelta::seconds(4) && wait <= chrono::TimeDelta::seconds(6), "{wait}");

    // 410 Gone ends the endpoint at once.
    let gone = Due { delivery: row.clone(), webhook: due[0].webhook.clone() };
    assert_eq!(store.record_attempt(&gone, &answered(410)).await.expect("recorded").as_str(), "failed");
    let hook = store.webhook(Manager::Operator, due[0].webhook.id).await.expect("the endpoint");
    assert!(!hook.enabled);
    assert!(hook.disabled_reason.is_some_and(|r| r.contains("410")));
    // A disabled endpoint gets nothing, and no delivery is written for it.
    app.ok(&ada, CREATE_TASK, json!({"title": "Unsent"})).await;
    assert_eq!(store.count_deliveries(hook.id, None).await.expect("count"), 1);
    let made = store
        .create_webhook(
            Manager::Operator,
            &NewWebhook { workspace: "ENG".into(), url: "https://10.1.2.3/".into(), events: vec![], project: None },
            true,
        )
        .await;
    assert!(made.is_err(), "a private address is refused");
}

async fn a_busy_endpoint_leaves_the_others_their_deliveries(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (ada, _) = board(&app).await;
    app.ok(&ada, CREATE_HOOK, json!({"url": "https://slow.example.com/a"})).await;
    app.ok(&ada, CREATE_HOOK, json!({"url": "https://fast.example.com/a"})).await;
    for n in 0..6 {
        app.ok(&ada, CREATE_TASK, json!({"title": format!("Task {n}")})).await;
    }
    let store = gateway(&app).await;
    // Two to each endpoint at most, whatever the order they were written in.
    let mut in_flight = InFlight::new(2);
    let first = store.take_due_deliveries(16, &in_flight).await.expect("due");
    let slow = |d: &&Due| d.webhook.url.contains("slow");
    let slow_id = first.iter().find(slow).expect("a slow one").webhook.id;
    let per_endpoint = |due: &[Due], id: i64| due.iter().filter(|d| d.webhook.id == id).count();
    assert_eq!(first.len(), 4);
    assert_eq!(per_endpoint(&first, slow_id), 2);
    first.iter().for_each(|d| in_flight.started(d.webhook.id));
    // The slow endpoint's two are still out; the fast one's are answered.
    for done in first.iter().filter(|d| d.webhook.id != slow_id) {
        store.record_attempt(done, &answered(200)).await.expect("recorded");
        in_flight.ended(done.webhook.id);
    }
    let next = store.take_due_deliveries(16, &in_flight).await.expect("due");
    assert_eq!(next.len(), 2, "the fast endpoint's next two, none of the slow one's");
    assert_eq!(per_endpoint(&next, slow_id), 0);
}

async fn long_texts_are_cut_in_deliveries(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (ada, _) = board(&app).await;
    app.ok(&ada, CREATE_HOOK, json!({"url": "https://hooks.example.com/a"})).await;
    let created = app.ok(&ada, CREATE_TASK, json!({"title": "Long"})).await;
    let update = "mutation($ref: String!, $d: String!) { updateTask(ref: $ref, input: {description: $d}) { ref } }";
    app.ok(&ada, update, json!({"ref": created["createTask"]["ref"], "d": "word ".repeat(10_000)})).await;
    let store = gateway(&app).await;
    let mut bodies = Vec::new();
    for _ in 0..2 {
        let due = store.take_due_deliveries(10, &InFlight::new(10)).await.expect("due");
        bodies.push(due[0].delivery.payload.clone());
        store.record_attempt(&due[0], &answered(200)).await.expect("recorded");
    }
    let updated: Value = serde_json::from_str(&bodies[1]).expect("JSON");
    let change = &updated["data"]["changes"][0];
    assert_eq!(change["field"], "description");
    assert_eq!(change["truncated"], true);
    assert_eq!(change["new"].as_str().map(|s| s.chars().count()), Some(1000));
    assert!(bodies[1].len() < 4_000, "{} bytes", bodies[1].len());
}

async fn a_second_rotation_keeps_the_first_old_secret(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (ada, _) = board(&app).await;
    let made = app.ok(&ada, CREATE_HOOK, json!({"url": "https://hooks.example.com/a"})).await;
    let id = made["createWebhook"]["webhook"]["id"].clone();
    let rotate = "mutation($id: ID!, $g: Int!) { rotateWebhookSecret(id: $id, graceHours: $g) { secret } }";
    app.ok(&ada, rotate, json!({"id": id, "g": 24})).await;
    let (code, message) = app.error(&ada, rotate, json!({"id": id, "g": 24})).await;
    assert_eq!(code, "CONFLICT", "{message}");
    // With no grace, every old secret ends now, as asked.
    app.ok(&ada, rotate, json!({"id": id, "g": 0})).await;
    app.ok(&ada, rotate, json!({"id": id, "g": 24})).await;
}

on_both_backends!(
    a_busy_endpoint_leaves_the_others_their_deliveries,
    long_texts_are_cut_in_deliveries,
    a_second_rotation_keeps_the_first_old_secret,
    admins_alone_manage_webhooks,
    the_outbox_is_written_with_the_change,
    two_gateways_take_each_delivery_once,
    failures_back_off_and_end_the_endpoint,
);
