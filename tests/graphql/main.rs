//! GraphQL over HTTP, against the real router, on SQLite and (when
//! `TASKLENS_TEST_POSTGRES_URL` is set) PostgreSQL.

#![allow(clippy::too_many_lines)]

#[allow(dead_code)]
#[path = "../support/mod.rs"]
mod support;

mod board_order;
mod claims_model;
mod db_errors;
mod deep_nesting;
mod errors;
mod harness;
mod hostile_input;
mod mutations;
mod outage;
mod paging;
mod properties;
#[allow(dead_code)]
#[path = "../support/proxy.rs"]
mod proxy;
mod request_limits;
mod saved_views;
mod schema_sync;
mod search;
mod slow_clients;
mod sql;
mod startup;
mod subscription;
mod text_fields;
mod tokens;
mod transport;
mod visibility;
mod wiki;
