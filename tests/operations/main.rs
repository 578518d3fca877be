//! Running tasklens as a service: the first run's output, readiness, the
//! request id and JSON logs, and shutdown on SIGTERM; against the real
//! binary where the process is what is tested.

#![allow(clippy::too_many_lines)]

#[allow(dead_code)]
#[path = "../support/mod.rs"]
mod support;

#[allow(dead_code)]
#[path = "../mcp/client.rs"]
mod client;

mod archive;
mod disk_full;
mod imports;
mod oauth_users;
mod process;
mod readiness;
mod webhooks;
