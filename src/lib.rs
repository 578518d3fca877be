//! tasklens: a project tracker served as a GraphQL API and as MCP tools for
//! agents, over one sea-orm data layer.
//!
//! `App` holds what every request shares (the store and the schema) and is
//! built once by `main` and by the tests.

pub mod auth;
pub mod config;
pub mod db;
pub mod demo;
pub mod error_code;
pub mod graphql;
pub mod http;
pub mod mcp;
pub mod store;
pub mod text;
pub mod throttle;

use sea_orm::DatabaseConnection;

use crate::config::Settings;
use crate::store::{PageLimits, Store};

/// What every request shares; cheap to clone.
#[derive(Clone)]
pub struct App {
    pub store: Store,
    pub graphql: graphql::Gateway,
    pub settings: std::sync::Arc<Settings>,
    /// Failed authentication per client, shared by every surface.
    pub auth_throttle: std::sync::Arc<throttle::AuthThrottle>,
    /// MCP tools an operator added as GraphQL documents (`--tools DIR`).
    pub tools: mcp::ToolSet,
}

impl App {
    pub fn new(db: DatabaseConnection, settings: Settings) -> Self {
        let limits = settings.limits;
        let store = Store::new(db, PageLimits { default: 50.min(limits.max_page), max: limits.max_page });
        let graphql = graphql::build(store.clone(), &settings);
        let tools = mcp::ToolSet::built_in(&graphql, settings.reply_cap, limits.max_page);
        Self { store, graphql, settings: std::sync::Arc::new(settings), auth_throttle: Default::default(), tools }
    }
}
