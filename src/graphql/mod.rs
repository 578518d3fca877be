//! The GraphQL schema: roots merged from one object per feature (`roots`),
//! per-request DataLoaders, Relay connections over the store's keyset pages,
//! and the one mapping of store errors to `extensions.code`.

mod agent;
mod comment;
mod connection;
mod documents;
pub mod error;
mod event;
mod gateway;
mod ids;
pub mod introspection;
pub mod limits;
mod loaders;
pub mod nesting;
mod project;
mod roots;
mod saved_view;
mod subscription;
mod task;
mod task_page;
mod text;
mod token;
mod user;
mod webhook;
mod wiki;
mod wiki_lists;
mod workspace;

use async_graphql::{Context, Schema, ValidationMode};

use crate::config::{Links, Settings};
use crate::store::Store;
use crate::store::Viewer;

pub use gateway::Gateway;
pub use loaders::Loaders;
pub use roots::{MutationRoot, QueryRoot};
pub use subscription::SubscriptionRoot;

pub type AppSchema = Schema<QueryRoot, MutationRoot, SubscriptionRoot>;

/// Builds the schema once, behind the gateway every transport goes
/// through; each request adds its `Viewer` and `Loaders`.
pub fn build(store: Store, settings: &Settings) -> Gateway {
    let schema = |mode: ValidationMode| {
        Schema::build(QueryRoot::default(), MutationRoot::default(), SubscriptionRoot)
            .data(store.clone())
            .data(settings.links.clone())
            .data(roots::WebhookPolicy { allow_http_loopback: settings.webhooks_allow_http_loopback })
            // Depth, fields and aliases are checked by the gateway in one linear
            // pass; async-graphql's depth limit would also refuse the standard
            // introspection queries.
            .limit_complexity(settings.limits.max_complexity)
            .validation_mode(mode)
            .finish()
    };
    // Tool documents are validated whole when they are loaded, and a call's
    // values are checked against the tool's input schema before it runs:
    // the schema that runs reads of them skips the rules that check the
    // document again (validation was 5.7% of a `list_tasks` call's gateway
    // CPU in a profile, and 1.7% with fast validation).
    Gateway::new(schema(ValidationMode::Strict), schema(ValidationMode::Fast), store, settings.limits)
}

/// The SDL of the schema, as the standard introspection queries see it:
/// with the schema's description and `@specifiedBy` on custom scalars, so
/// a schema built from introspection prints the same text.
pub async fn sdl() -> String {
    let schema = Schema::build(QueryRoot::default(), MutationRoot::default(), SubscriptionRoot).finish();
    let description = schema
        .execute("{ __schema { description } }")
        .await
        .data
        .into_json()
        .ok()
        .and_then(|data| data.pointer("/__schema/description").and_then(|d| d.as_str()).map(str::to_owned));
    let sdl = schema.sdl_with_options(async_graphql::SDLExportOptions::new().include_specified_by());
    let Some(text) = description.filter(|d| !d.is_empty()) else { return sdl };
    let at = if sdl.starts_with("schema {") { Some(0) } else { sdl.find("\nschema {").map(|i| i + 1) };
    match at {
        Some(at) => format!("{}\"\"\"\n{text}\n\"\"\"\n{}", &sdl[..at], &sdl[at..]),
        // Standard root names need no schema block, but a description
        // needs one to stand on.
        None => format!(
            "{sdl}\"\"\"\n{text}\n\"\"\"\nschema {{\n\tquery: Query\n\tmutation: Mutation\n\tsubscription: Subscription\n}}\n"
        ),
    }
}

/// Adds the caller's identity and fresh loaders to a request.
pub fn with_viewer(request: async_graphql::Request, store: &Store, viewer: Viewer) -> async_graphql::Request {
    request.data(Loaders::new(store.clone(), viewer.clone())).data(viewer)
}

fn store<'a>(ctx: &Context<'a>) -> &'a Store {
    // Inserted by `build_schema`: every execution has it.
    ctx.data_unchecked::<Store>()
}

fn links<'a>(ctx: &Context<'a>) -> Option<&'a Links> {
    ctx.data_opt::<Links>()
}

fn viewer<'a>(ctx: &Context<'a>) -> async_graphql::Result<&'a Viewer> {
    ctx.data::<Viewer>().map_err(|_| error::unauthenticated())
}

fn loaders<'a>(ctx: &Context<'a>) -> async_graphql::Result<&'a Loaders> {
    ctx.data::<Loaders>().map_err(|_| error::unauthenticated())
}
