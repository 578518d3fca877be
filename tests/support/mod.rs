//! Test harness shared by the GraphQL and MCP test binaries: a fresh
//! database per test (a SQLite file, or a PostgreSQL database when
//! `TASKLENS_TEST_POSTGRES_URL` is set) removed on drop, the real router on
//! a loopback port, domain-shaped fixtures, and a statement counter.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use chrono::{Duration, TimeZone, Utc};
use sea_orm::{ActiveModelTrait, ConnectionTrait, Database, DatabaseConnection, EntityTrait, Set};
use serde_json::{Value, json};

use entity::{Priority, ProjectRole, StatusCategory, TaskKind, WorkspaceRole};
use entity::{label, project, project_member, status, task, user, workspace, workspace_member};
use tasklens::config::{Limits, Settings, ToolChoice};
use tasklens::store::tokens;
use tasklens::{App, db, http};

pub const POSTGRES_ENV: &str = "TASKLENS_TEST_POSTGRES_URL";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Runs each named case once on SQLite and once on PostgreSQL (skipped
/// when the PostgreSQL URL is not set).
#[macro_export]
macro_rules! on_both_backends {
    ($($case:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $case() {
                    super::$case($crate::support::Backend::Sqlite).await
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $case() {
                    if $crate::support::postgres_enabled() {
                        super::$case($crate::support::Backend::Postgres).await
                    }
                }
            )*
        }
    };
}

pub fn postgres_enabled() -> bool {
    std::env::var(POSTGRES_ENV).is_ok_and(|v| !v.is_empty())
}

fn unique_name() -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = Utc::now().timestamp_nanos_opt().unwrap_or_default();
    format!("tasklens_test_{}_{}_{}", std::process::id(), nanos, COUNTER.fetch_add(1, Ordering::Relaxed))
}

/// A database of its own, removed when dropped: also when the test panics,
/// so a failing run leaves no SQLite files or PostgreSQL databases behind.
pub struct TestDb {
    pub url: String,
    /// The PostgreSQL server's URL and the database's name, or `None` for
    /// a SQLite file.
    postgres: Option<(String, String)>,
}

impl TestDb {
    pub async fn create(backend: Backend) -> Self {
        let name = unique_name();
        match backend {
            Backend::Sqlite => {
                let path = std::env::temp_dir().join(format!("{name}.db"));
                Self { url: format!("sqlite://{}?mode=rwc", path.display()), postgres: None }
            }
            Backend::Postgres => {
                let admin_url = std::env::var(POSTGRES_ENV).expect("checked by postgres_enabled");
                let admin = Database::connect(&admin_url)
                    .await
                    .unwrap_or_else(|e| panic!("{POSTGRES_ENV}={admin_url} is unreachable: {e}"));
                admin.execute_unprepared(&format!("CREATE DATABASE {name}")).await.expect("create test database");
                admin.close().await.ok();
                let mut url = url::Url::parse(&admin_url).expect("valid PostgreSQL URL");
                url.set_path(&format!("/{name}"));
                Self { url: url.to_string(), postgres: Some((admin_url, name)) }
            }
        }
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        match self.postgres.take() {
            Some((admin_url, name)) => {
                // Drop runs inside the test's runtime, which cannot block on
                // a future: the database is dropped from a thread of its own.
                let dropped = std::thread::spawn(move || {
                    let Ok(runtime) = tokio::runtime::Builder::new_current_thread().enable_all().build() else {
                        return;
                    };
                    runtime.block_on(async {
                        if let Ok(admin) = Database::connect(&admin_url).await {
                            let drop = format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)");
                            admin.execute_unprepared(&drop).await.ok();
                            admin.close().await.ok();
                        }
                    });
                });
                dropped.join().ok();
            }
            None => {
                let path = self.url.trim_start_matches("sqlite://").split('?').next().unwrap_or_default();
                for suffix in ["", "-wal", "-shm"] {
                    std::fs::remove_file(format!("{path}{suffix}")).ok();
                }
            }
        }
    }
}

/// The SQL statements a request ran.
#[derive(Clone, Default)]
pub struct Statements(Arc<Mutex<Vec<String>>>);

impl Statements {
    pub fn take(&self) -> Vec<String> {
        std::mem::take(&mut *self.0.lock().expect("statement log"))
    }
}

/// The router on a loopback port over a fresh database.
///
/// Dropping it stops the server, then removes the database.
pub struct TestApp {
    // Fields drop in this order: the server stops before its database goes.
    server: AbortOnDrop,
    pub db: DatabaseConnection,
    pub base: String,
    pub statements: Statements,
    pub client: reqwest::Client,
    test_db: TestDb,
}

/// A spawned task stopped when its handle is dropped.
pub struct AbortOnDrop(pub tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

impl TestApp {
    pub async fn start(backend: Backend) -> Self {
        Self::start_with(backend, Limits::default()).await
    }

    pub async fn start_with(backend: Backend, limits: Limits) -> Self {
        Self::start_with_settings(backend, Settings { limits, ..Settings::default() }).await
    }

    pub async fn start_with_settings(backend: Backend, settings: Settings) -> Self {
        Self::start_offering(backend, settings, &ToolChoice::default()).await
    }

    /// A server offering the MCP tools `choice` selects (`serve --toolsets ...`).
    pub async fn start_offering(backend: Backend, settings: Settings, choice: &ToolChoice) -> Self {
        Self::start_serving(backend, settings, choice, false).await
    }

    /// A server that also logs lapsed claims every second, as `serve`
    /// does (left out elsewhere: its statements would join the log the
    /// statement-count tests read).
    pub async fn start_sweeping(backend: Backend) -> Self {
        Self::start_serving(backend, Settings::default(), &ToolChoice::default(), true).await
    }

    async fn start_serving(backend: Backend, settings: Settings, choice: &ToolChoice, sweep: bool) -> Self {
        let test_db = TestDb::create(backend).await;
        let mut conn = db::connect(&test_db.url).await.expect("connect and migrate");
        let statements = Statements::default();
        let log = statements.clone();
        conn.set_metric_callback(move |info| {
            log.0.lock().expect("statement log").push(info.statement.to_string());
        });
        let connections = settings.connections;
        let app = App::new(conn.clone(), settings);
        let mut tools = tasklens::mcp::ServedTools::new(&app);
        tools.load_configured(&app).await.expect("the tool documents load");
        tools.choose(choice).expect("the tools chosen exist");
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let base = format!("http://{}", listener.local_addr().expect("address"));
        let sweeping = app.clone();
        let router = http::router(app, tools);
        let server = tokio::spawn(async move {
            let serving = http::serve(listener, router, connections, std::future::pending());
            if sweep {
                let _ = tokio::join!(serving, sweeping.log_claim_lapses());
            } else {
                serving.await.ok();
            }
        });
        Self { server: AbortOnDrop(server), db: conn, base, statements, client: reqwest::Client::new(), test_db }
    }

    pub fn database_url(&self) -> &str {
        &self.test_db.url
    }

    /// POSTs a GraphQL request and returns the HTTP status and JSON body.
    pub async fn post(&self, token: Option<&str>, query: &str, variables: Value) -> (u16, Value) {
        let mut request =
            self.client.post(format!("{}/graphql", self.base)).json(&json!({"query": query, "variables": variables}));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.expect("request");
        let status = response.status().as_u16();
        let body = response.json().await.unwrap_or(Value::Null);
        (status, body)
    }

    /// A query that must succeed: returns `data`.
    pub async fn ok(&self, token: &str, query: &str, variables: Value) -> Value {
        let (status, body) = self.post(Some(token), query, variables).await;
        assert_eq!(status, 200, "{body}");
        assert!(body.get("errors").is_none(), "unexpected errors: {body}");
        body["data"].clone()
    }

    /// A query that must fail: returns the first error's code and the error.
    pub async fn error(&self, token: &str, query: &str, variables: Value) -> (String, Value) {
        let (status, body) = self.post(Some(token), query, variables).await;
        assert_eq!(status, 200, "{body}");
        let error = body["errors"][0].clone();
        assert!(error.is_object(), "expected an error: {body}");
        (error["extensions"]["code"].as_str().unwrap_or_default().to_owned(), error)
    }
}

/// A fixed instant so that tests do not depend on the clock.
pub fn t0() -> chrono::DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 6, 1, 12, 0, 0).single().expect("valid instant")
}

/// Domain fixtures, written straight to the database.
pub struct Board<'a> {
    pub db: &'a DatabaseConnection,
}

impl<'a> Board<'a> {
    pub fn new(db: &'a DatabaseConnection) -> Self {
        Self { db }
    }

    pub async fn user(&self, username: &str) -> user::Model {
        user::ActiveModel {
            username: Set(username.into()),
            display_name: Set(username.to_uppercase()),
            email: Set(None),
            is_agent: Set(false),
            created_at: Set(t0()),
            ..Default::default()
        }
        .insert(self.db)
        .await
        .expect("user")
    }

    pub async fn token(&self, username: &str) -> String {
        tokens::create_token(self.db, username, None, false, "test").await.expect("token")
    }

    pub async fn scoped_token(&self, username: &str, workspace: Option<&str>, read_only: bool) -> String {
        tokens::create_token(self.db, username, workspace, read_only, "test").await.expect("token")
    }

    pub async fn workspace(&self, key: &str) -> workspace::Model {
        workspace::ActiveModel {
            key: Set(key.into()),
            name: Set(format!("{key} workspace")),
            created_at: Set(t0()),
            ..Default::default()
        }
        .insert(self.db)
        .await
        .expect("workspace")
    }

    pub async fn workspace_member(&self, ws: &workspace::Model, user: &user::Model, role: WorkspaceRole) {
        workspace_member::ActiveModel {
            workspace_id: Set(ws.id),
            user_id: Set(user.id),
            role: Set(role),
            ..Default::default()
        }
        .insert(self.db)
        .await
        .expect("workspace member");
    }

    /// A project with the four default statuses and the labels `bug` and `ux`.
    pub async fn project(&self, ws: &workspace::Model, key: &str, name: &str) -> project::Model {
        let p = project::ActiveModel {
            workspace_id: Set(ws.id),
            key: Set(key.into()),
            name: Set(name.into()),
            description: Set(None),
            created_at: Set(t0()),
            updated_at: Set(t0()),
            archived_at: Set(None),
            ..Default::default()
        }
        .insert(self.db)
        .await
        .expect("project");
        let statuses = [
            ("todo", StatusCategory::Todo),
            ("in_progress", StatusCategory::InProgress),
            ("done", StatusCategory::Done),
            ("canceled", StatusCategory::Canceled),
        ];
        for (position, (key, category)) in statuses.into_iter().enumerate() {
            status::ActiveModel {
                project_id: Set(p.id),
                key: Set(key.into()),
                name: Set(key.replace('_', " ")),
                category: Set(category),
                position: Set(position as i32),
                ..Default::default()
            }
            .insert(self.db)
            .await
            .expect("status");
        }
        for name in ["bug", "ux"] {
            label::ActiveModel {
                project_id: Set(p.id),
                name: Set(name.into()),
                color: Set(None),
                ..Default::default()
            }
            .insert(self.db)
            .await
            .expect("label");
        }
        p
    }

    pub async fn member(&self, p: &project::Model, user: &user::Model, role: ProjectRole) {
        project_member::ActiveModel {
            project_id: Set(p.id),
            user_id: Set(user.id),
            role: Set(role),
            ..Default::default()
        }
        .insert(self.db)
        .await
        .expect("project member");
    }

    pub async fn status_id(&self, p: &project::Model, category: StatusCategory) -> i64 {
        use sea_orm::{ColumnTrait, QueryFilter};
        status::Entity::find()
            .filter(status::Column::ProjectId.eq(p.id))
            .filter(status::Column::Category.eq(category))
            .one(self.db)
            .await
            .expect("status query")
            .expect("status")
            .id
    }

    /// `count` open tasks numbered from 1, one minute apart, in batches;
    /// some share an `updated_at` so ties are exercised.
    pub async fn tasks(&self, p: &project::Model, creator: &user::Model, count: usize) -> Vec<i64> {
        let todo = self.status_id(p, StatusCategory::Todo).await;
        let mut ids = Vec::with_capacity(count);
        for chunk in (1..=count).collect::<Vec<_>>().chunks(200) {
            let rows = chunk.iter().map(|n| {
                let created = t0() + Duration::minutes(*n as i64);
                task::ActiveModel {
                    project_id: Set(p.id),
                    number: Set(*n as i32),
                    title: Set(format!("Task number {n} of {}", p.key)),
                    description: Set(Some(format!("<p>Description of task {n}</p>"))),
                    status_id: Set(todo),
                    priority: Set(Priority::None),
                    kind: Set(TaskKind::Task),
                    parent_id: Set(None),
                    assignee_id: Set(None),
                    due_date: Set(None),
                    created_by_id: Set(creator.id),
                    created_at: Set(created),
                    // Every third task shares its neighbour's instant.
                    updated_at: Set(t0() + Duration::minutes((*n as i64 / 3) * 3)),
                    completed_at: Set(None),
                    deleted_at: Set(None),
                    ..Default::default()
                }
            });
            task::Entity::insert_many(rows).exec(self.db).await.expect("tasks");
        }
        use sea_orm::{ColumnTrait, QueryFilter, QueryOrder, QuerySelect};
        ids.extend(
            task::Entity::find()
                .select_only()
                .column(task::Column::Id)
                .filter(task::Column::ProjectId.eq(p.id))
                .order_by_asc(task::Column::Number)
                .into_tuple::<i64>()
                .all(self.db)
                .await
                .expect("task ids"),
        );
        ids
    }
}

/// A simple board: workspace ENG with project WEB, `alice` a member with a token.
pub struct Simple {
    pub web: project::Model,
    pub alice: user::Model,
    pub alice_token: String,
}

pub async fn simple_board(app: &TestApp) -> Simple {
    simple_board_on(&app.db).await
}

pub async fn simple_board_on(db: &DatabaseConnection) -> Simple {
    let board = Board::new(db);
    let alice = board.user("alice").await;
    let ws = board.workspace("ENG").await;
    board.workspace_member(&ws, &alice, WorkspaceRole::Member).await;
    let web = board.project(&ws, "WEB", "Web Storefront").await;
    board.member(&web, &alice, ProjectRole::Manager).await;
    let alice_token = board.token("alice").await;
    Simple { web, alice, alice_token }
}

/// The simple board, and an OPS workspace with an OPS project that alice
/// also sees: two tasks in each project and a wiki page in each workspace
/// (`eng/page`, `ops/page`, both holding "Shared words"). For scope tests.
pub async fn two_workspace_board(app: &TestApp) -> Simple {
    let s = simple_board(app).await;
    let board = Board::new(&app.db);
    let ops_ws = board.workspace("OPS").await;
    board.workspace_member(&ops_ws, &s.alice, WorkspaceRole::Member).await;
    let ops = board.project(&ops_ws, "OPS", "Operations").await;
    board.member(&ops, &s.alice, ProjectRole::Manager).await;
    board.tasks(&s.web, &s.alice, 2).await;
    board.tasks(&ops, &s.alice, 2).await;
    let put = "mutation($w: String, $p: String!) { putWikiPage(workspace: $w, path: $p, content: \"# Shared words\") { path } }";
    for (workspace, path) in [("ENG", "eng/page"), ("OPS", "ops/page")] {
        app.ok(&s.alice_token, put, json!({"w": workspace, "p": path})).await;
    }
    s
}
