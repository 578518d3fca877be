//! `/readyz` beside `/healthz`: ready only with every migration applied.

use sea_orm::ConnectionTrait;

use crate::on_both_backends;
use crate::support::{Backend, TestApp};

async fn ready_once_migrated_and_not_with_a_migration_missing(backend: Backend) {
    let app = TestApp::start(backend).await;
    let ready = reqwest::get(format!("{}/readyz", app.base)).await.expect("readyz");
    assert_eq!(ready.status(), 200);
    assert_eq!(ready.text().await.expect("body"), "ready");

    // As if another build's migration had not run yet.
    let latest = "(SELECT MAX(version) FROM seaql_migrations)";
    let forget = format!("DELETE FROM seaql_migrations WHERE version = {latest}");
    app.db.execute_unprepared(&forget).await.expect("forget the latest migration");
    let not_ready = reqwest::get(format!("{}/readyz", app.base)).await.expect("readyz");
    assert_eq!(not_ready.status(), 503);
    let body = not_ready.text().await.expect("body");
    assert!(body.contains("1 migrations pending") && body.contains("tasklens migrate"), "{body}");
    // Alive all the same.
    let health = reqwest::get(format!("{}/healthz", app.base)).await.expect("healthz");
    assert_eq!(health.status(), 200);
}

on_both_backends!(ready_once_migrated_and_not_with_a_migration_missing);
