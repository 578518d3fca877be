//! tasklens: a project tracker served as a GraphQL API and as MCP tools for
//! agents, over one sea-orm data layer.
//!
//! `App` holds what every request shares (the store and the schema) and is
//! built once by `main` and by the tests.

pub mod auth;
pub mod config;
pub mod db;
pub mod demo;
pub mod graphql;
pub mod http;
pub mod store;

use sea_orm::DatabaseConnection;

use crate::config::Limits;
use crate::store::{PageLimits, Store};

/// What every request shares; cheap to clone.
#[derive(Clone)]
pub struct App {
    pub store: Store,
    pub schema: graphql::AppSchema,
}

impl App {
    pub fn new(db: DatabaseConnection, limits: Limits) -> Self {
        let store = Store::new(db, PageLimits { default: 50.min(limits.max_page), max: limits.max_page });
        let schema = graphql::build_schema(store.clone(), limits);
        Self { store, schema }
    }
}
