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

on_both_backends!(each_unique_key_is_recognised_by_its_name, taken_names_are_conflicts_in_words);
