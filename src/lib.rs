//! tasklens: a project tracker served as a GraphQL API and as MCP tools for
//! agents, over one sea-orm data layer.
//!
//! Layers, top to bottom: `http` (transports) over `mcp` (tools as GraphQL
//! documents) and `oauth` (access tokens of an authorization server) over
//! `graphql` (the schema and its gateway) over `store` (the only SQL,
//! visibility included); `auth`, `text`, `error_code`, `metrics`,
//! `request_id` and `config` are leaves any layer uses. `App` holds what every request
//! shares (the store and the schema) and is built once by `main` and by the
//! tests; the MCP layer holds its own tool set.

pub mod auth;
pub mod config;
pub mod connection_help;
pub mod db;
pub mod demo;
pub mod error_code;
pub mod graphql;
pub mod http;
pub mod import;
#[cfg(test)]
mod layer_rules;
pub mod mcp;
pub mod metrics;
pub mod net;
pub mod oauth;
pub mod request_id;
pub mod store;
pub mod text;
pub mod throttle;
pub mod webhooks;

use sea_orm::DatabaseConnection;

use crate::config::Settings;
use crate::store::{PageLimits, Store};

/// What every request shares. A clone is one reference count: axum clones
/// the state for each layer and handler of every request, and cloning and
/// dropping each part apart was about 3% of the gateway's samples on a
/// page (perf).
#[derive(Clone)]
pub struct App(std::sync::Arc<Shared>);

impl std::ops::Deref for App {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

/// The parts of an `App`.
pub struct Shared {
    pub(crate) store: Store,
    pub(crate) graphql: graphql::Gateway,
    pub(crate) settings: std::sync::Arc<Settings>,
    /// Failed authentication per client, shared by every surface.
    pub(crate) auth_throttle: std::sync::Arc<throttle::AuthThrottle>,
    /// The OAuth resource server, when an issuer is configured.
    pub(crate) oauth: Option<std::sync::Arc<oauth::ResourceServer>>,
    /// Requests that read the database, at most as many at once as the
    /// pool has connections, and a bounded queue.
    pub(crate) db_gate: std::sync::Arc<http::db_gate::DbGate>,
    /// Set once the server stops: long-lived connections end then.
    stopping: std::sync::Arc<tokio::sync::watch::Sender<bool>>,
}

impl App {
    pub fn new(db: DatabaseConnection, settings: Settings) -> Self {
        let limits = settings.limits;
        let database = settings.database.clone();
        let (_, _, pool_size) = db::pool_state(&db);
        let store = Store::new(db, PageLimits::new(limits.max_page));
        let graphql = graphql::build(store.clone(), &settings);
        let base = settings
            .public_url
            .clone()
            .unwrap_or_else(|| connection_help::base_url(None, ([127, 0, 0, 1], 8080).into()));
        let oauth = oauth::ResourceServer::new(&settings.oauth, &base).map(std::sync::Arc::new);
        Self(std::sync::Arc::new(Shared {
            oauth,
            store,
            graphql,
            settings: std::sync::Arc::new(settings),
            auth_throttle: Default::default(),
            db_gate: std::sync::Arc::new(http::db_gate::DbGate::new(
                pool_size,
                database.queue,
                database.acquire_timeout(),
            )),
            stopping: std::sync::Arc::new(tokio::sync::watch::Sender::new(false)),
        }))
    }

    /// Tells long-lived connections (graphql-ws) that the server stops:
    /// each closes with 1001 (going away).
    pub fn begin_shutdown(&self) {
        self.stopping.send_replace(true);
    }

    /// Whether `begin_shutdown` was called.
    pub fn is_stopping(&self) -> bool {
        *self.stopping.borrow()
    }

    /// Resolves once `begin_shutdown` was called.
    pub async fn stopped(&self) {
        let mut stopping = self.stopping.subscribe();
        // An error means the sender is gone, which the App holds: never.
        let _ = stopping.wait_for(|stopping| *stopping).await;
    }

    /// Logs lapsed claims every second until `begin_shutdown` (each
    /// gateway runs this; a lapse is logged once).
    pub async fn log_claim_lapses(&self) {
        let sweeping = async {
            loop {
                tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                if let Err(err) = store::task_writes::claims::log_lapses(&self.store).await {
                    tracing::debug!(error = %err, "claim lapses are logged on the next sweep");
                }
            }
        };
        tokio::select! {
            () = self.stopped() => {}
            () = sweeping => {}
        }
    }

    /// Sends webhook deliveries until `begin_shutdown` (each gateway runs
    /// this; each delivery is sent by one of them).
    pub async fn deliver_webhooks(&self) {
        let delivering = webhooks::deliver(self.store.clone(), self.settings.webhooks_allow_http_loopback);
        tokio::select! {
            () = self.stopped() => {}
            () = delivering => {}
        }
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The one way into the schema.
    pub fn graphql(&self) -> &graphql::Gateway {
        &self.graphql
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }
}
