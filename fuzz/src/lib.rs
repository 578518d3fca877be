//! What the fuzz targets share: one tasklens server, built once per
//! process on an in-memory SQLite board (the demo generator, small), and a
//! way to send it one HTTP request through the real router.

use std::sync::OnceLock;

use axum::body::Body;
use axum::http::{Request, header};
use tower::ServiceExt;

use tasklens::App;
use tasklens::config::Settings;
use tasklens::demo::{self, SeedOptions};

pub struct Server {
    runtime: tokio::runtime::Runtime,
    pub app: App,
    pub tools: tasklens::mcp::ServedTools,
    router: axum::Router,
    token: String,
}

/// The server, built on first use.
pub fn server() -> &'static Server {
    static SERVER: OnceLock<Server> = OnceLock::new();
    SERVER.get_or_init(|| {
        let runtime =
            tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().expect("a runtime");
        let (app, tools, token) = runtime.block_on(async {
            let db = tasklens::db::connect("sqlite::memory:").await.expect("an in-memory database");
            demo::seed(&db, &SeedOptions { projects: 2, tasks: 40, seed: 7 }).await.expect("the demo board");
            let token =
                tasklens::store::tokens::create_token(&db, demo::DEMO_USERNAME, None, false, "fuzz").await.expect("a token");
            let app = App::new(db, Settings::default());
            let tools = tasklens::mcp::ServedTools::new(&app);
            tools.load_configured(&app).await.expect("the built-in tools");
            (app, tools, token)
        });
        let router = tasklens::http::router(app.clone(), tools.clone());
        Server { runtime, app, tools, router, token }
    })
}

impl Server {
    /// POSTs `body` to `path` with the demo user's token; the status and
    /// the body of the answer.
    pub fn post(&self, path: &str, body: Vec<u8>) -> (u16, Vec<u8>) {
        let request = Request::post(path)
            .header(header::HOST, "127.0.0.1")
            .header(header::AUTHORIZATION, format!("Bearer {}", self.token))
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::ACCEPT, "application/json, text/event-stream")
            .body(Body::from(body))
            .expect("a request");
        self.runtime.block_on(async {
            let response = self.router.clone().oneshot(request).await.expect("the router answers");
            let status = response.status().as_u16();
            let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("a body");
            (status, body.to_vec())
        })
    }

    /// Runs a future on the server's runtime.
    pub fn block_on<F: std::future::Future>(&self, future: F) -> F::Output {
        self.runtime.block_on(future)
    }
}
