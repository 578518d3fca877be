//! Database failures told apart by their codes on both backends: each
//! unique key the store names is recognised when a row breaks it, and only
//! that key.

use sea_orm::{ActiveModelTrait, DbErr, Set};
use serde_json::json;

use entity::{ProjectRole, project, project_member, wiki_page};
use tasklens::store::db_error::{self, Failure, PROJECT_KEY, PROJECT_MEMBER, USERNAME, UniqueKey, WIKI_PATH};

use crate::on_both_backends;
use crate::support::{Backend, Board, TestApp, simple_board, t0};

const KEYS: [UniqueKey; 4] = [PROJECT_KEY, PROJECT_MEMBER, USERNAME, WIKI_PATH];

fn only_breaks(err: &DbErr, key: &UniqueKey) {
    assert_eq!(db_error::classify(err), Failure::UniqueViolation, "{err}");
    for other in KEYS {
        assert_eq!(db_error::violates(err, &other), other == *key, "{err} against {other:?}");
    }
}

async fn each_unique_key_is_recognised_by_its_name(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let board = Board::new(&app.db);
    let project = project::ActiveModel {
        workspace_id: Set(s.web.workspace_id),
        key: Set(s.web.key.clone()),
        name: Set("Twin".into()),
        created_at: Set(t0()),
        updated_at: Set(t0()),
        ..Default::default()
    };
    only_breaks(&project.insert(&app.db).await.expect_err("a taken key"), &PROJECT_KEY);
    let bob = board.user("bob").await;
    board.member(&s.web, &bob, ProjectRole::Participant).await;
    let member = project_member::ActiveModel {
        project_id: Set(s.web.id),
        user_id: Set(bob.id),
        role: Set(ProjectRole::Participant),
        ..Default::default()
    };
    only_breaks(&member.insert(&app.db).await.expect_err("a second membership"), &PROJECT_MEMBER);
    let again = entity::user::ActiveModel {
        username: Set("bob".into()),
        display_name: Set("Bob".into()),
        email: Set(None),
        is_agent: Set(false),
        created_at: Set(t0()),
        ..Default::default()
    };
    only_breaks(&again.insert(&app.db).await.expect_err("a taken username"), &USERNAME);
    let page = || wiki_page::ActiveModel {
        workspace_id: Set(s.web.workspace_id),
        path: Set("guide".into()),
        title: Set("Guide".into()),
        content: Set("# Guide".into()),
        revision: Set(1),
        created_at: Set(t0()),
        updated_at: Set(t0()),
        updated_by_id: Set(s.alice.id),
        ..Default::default()
    };
    page().insert(&app.db).await.expect("the first page");
    only_breaks(&page().insert(&app.db).await.expect_err("a taken path"), &WIKI_PATH);
}

/// The errors people read for the same violations, through GraphQL.
async fn taken_names_are_conflicts_in_words(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    Board::new(&app.db).user("bob").await;
    let add = "mutation { addProjectMember(project: \"WEB\", username: \"bob\") { role } }";
    app.ok(&s.alice_token, add, json!({})).await;
    let (code, error) = app.error(&s.alice_token, add, json!({})).await;
    assert_eq!(code, "CONFLICT", "{error}");
    assert!(error["message"].as_str().unwrap_or_default().contains("bob is already a member of WEB"), "{error}");
}

/// A username is as long as its column holds, on both backends: one
/// longer is refused in words before it reaches the database (PostgreSQL
/// refused it itself, as an internal error, while SQLite stored it).
async fn a_username_longer_than_its_column_is_refused_in_words(backend: Backend) {
    let app = TestApp::start(backend).await;
    let longest = "u".repeat(64);
    let user = tasklens::store::users::create(&app.db, &longest, None, None, false).await.expect("64 characters");
    assert_eq!(user.username, longest);
    let err =
        tasklens::store::users::create(&app.db, &"v".repeat(65), None, None, false).await.expect_err("65 characters");
    assert_eq!(err.code(), tasklens::error_code::ErrorCode::BadUserInput, "{err}");
    assert!(err.to_string().contains("username"), "{err}");
}

on_both_backends!(
    each_unique_key_is_recognised_by_its_name,
    taken_names_are_conflicts_in_words,
    a_username_longer_than_its_column_is_refused_in_words,
    outages_are_told_from_faults,
    a_request_the_database_cannot_serve_is_503_with_retry_after
);

/// A statement past `--db-statement-timeout` is cancelled by PostgreSQL and
/// answered as an outage, not as the server's fault.
#[tokio::test]
async fn a_statement_past_the_statement_timeout_is_unavailable_on_postgres() {
    use sea_orm::ConnectionTrait;
    if !crate::support::postgres_enabled() {
        return;
    }
    let test_db = crate::support::TestDb::create(Backend::Postgres).await;
    let options = tasklens::config::DatabaseOptions { statement_timeout: 1, ..Default::default() };
    let conn = tasklens::db::connect_with(&test_db.url, &options).await.expect("connect");
    let err = conn.execute_unprepared("SELECT pg_sleep(5)").await.expect_err("cancelled");
    assert_eq!(db_error::outage(&err), Some(db_error::Outage::StatementTimeout), "{err}");
    let store_error = tasklens::store::StoreError::from(err);
    assert_eq!(store_error.code(), tasklens::error_code::ErrorCode::Unavailable);
    conn.close().await.ok();
}

/// Statements on a pool that cannot serve them are outages, and a broken
/// statement is not.
async fn outages_are_told_from_faults(backend: Backend) {
    use sea_orm::ConnectionTrait;
    let app = TestApp::start(backend).await;
    let broken = app.db.execute_unprepared("SELECT * FROM no_such_table").await.expect_err("no table");
    assert_eq!(db_error::outage(&broken), None, "{broken}");
    let closed = tasklens::db::connect(app.database_url()).await.expect("connect");
    closed.clone().close().await.expect("close");
    let gone = closed.execute_unprepared("SELECT 1").await.expect_err("closed");
    assert!(db_error::outage(&gone).is_some(), "{gone}");
}

/// With the database out of reach, a request is answered at once: 503 with
/// `Retry-After` and `UNAVAILABLE` when even its token cannot be read, and
/// `/readyz` is 503 too.
async fn a_request_the_database_cannot_serve_is_503_with_retry_after(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    app.db.clone().close().await.expect("close");
    let started = std::time::Instant::now();
    let response = reqwest::Client::new()
        .post(format!("{}/graphql", app.base))
        .bearer_auth(&s.alice_token)
        .json(&json!({"query": "{ viewer { username } }"}))
        .send()
        .await
        .expect("an answer");
    assert!(started.elapsed() < std::time::Duration::from_secs(5), "took {:?}", started.elapsed());
    assert_eq!(response.status(), 503);
    assert_eq!(response.headers()["retry-after"], "2");
    let body: serde_json::Value = response.json().await.expect("json");
    assert_eq!(body["errors"][0]["extensions"]["code"], "UNAVAILABLE", "{body}");
    let ready = reqwest::get(format!("{}/readyz", app.base)).await.expect("readyz");
    assert_eq!(ready.status(), 503);
}
