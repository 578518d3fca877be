//! The MCP tools through rmcp's client: over streamable HTTP against the
//! real router, and over stdio against the built binary.

#![allow(clippy::too_many_lines)]

#[allow(dead_code)]
#[path = "../support/mod.rs"]
mod support;

mod client;

mod conventions;
mod graphql_tool;
mod hostile;
mod hostile_tools;
mod live_events;
mod many_agents;
mod operator;
mod properties;
mod resources;
mod selection;
mod stdio;
mod tools;
mod transport;
mod visibility;
mod wiki;
mod windows;
