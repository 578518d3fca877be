//! The databases a bench measures (a fresh SQLite file, then, with
//! `TASKLENS_BENCH_POSTGRES_URL`, a fresh PostgreSQL database on that
//! server; each removed after its run), and gateways on them.

use std::future::Future;

use sea_orm::{ConnectionTrait, Database};

/// `measure` on each backend, by name, in that order.
pub async fn each_backend<T, F, Fut>(name: &str, measure: F) -> Vec<(&'static str, T)>
where
    F: Fn(String) -> Fut,
    Fut: Future<Output = T>,
{
    let mut rows = Vec::new();
    let path = std::env::temp_dir().join(format!("tasklens-{name}-{}.db", std::process::id()));
    rows.push(("SQLite", measure(format!("sqlite://{}?mode=rwc", path.display())).await));
    for suffix in ["", "-wal", "-shm"] {
        std::fs::remove_file(format!("{}{suffix}", path.display())).ok();
    }
    if let Ok(admin_url) = std::env::var("TASKLENS_BENCH_POSTGRES_URL") {
        let database = format!("tasklens_{name}_{}", std::process::id());
        let admin = Database::connect(&admin_url).await.expect("PostgreSQL");
        admin.execute_unprepared(&format!("CREATE DATABASE {database}")).await.expect("create database");
        let mut url = url::Url::parse(&admin_url).expect("URL");
        url.set_path(&format!("/{database}"));
        rows.push(("PostgreSQL", measure(url.to_string()).await));
        admin.execute_unprepared(&format!("DROP DATABASE IF EXISTS {database} WITH (FORCE)")).await.ok();
    }
    rows
}

/// A gateway on `url` in this process, with its own connections as
/// another server would have; its base address.
#[allow(dead_code)]
pub async fn gateway(url: &str) -> String {
    let conn = tasklens::db::connect(url).await.expect("database");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("address"));
    let app = tasklens::App::new(conn, tasklens::config::Settings::default());
    let router = tasklens::http::router(app.clone(), tasklens::mcp::ServedTools::new(&app));
    tokio::spawn(async move { axum::serve(listener, router).await.ok() });
    base
}
