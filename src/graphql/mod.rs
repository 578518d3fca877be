//! The GraphQL schema: roots merged from one object per type family,
//! per-request DataLoaders, Relay connections over the store's keyset pages,
//! and the one mapping of store errors to `extensions.code`.

mod agent;
mod comment;
mod connection;
pub mod error;
mod ids;
mod loaders;
mod mutation;
mod project;
mod query;
mod subscription;
mod task;
mod user;
mod workspace;

use async_graphql::{Context, Schema};

use crate::auth::Viewer;
use crate::config::Limits;
use crate::store::Store;

pub use loaders::Loaders;
pub use mutation::MutationRoot;
pub use query::QueryRoot;
pub use subscription::SubscriptionRoot;

pub type AppSchema = Schema<QueryRoot, MutationRoot, SubscriptionRoot>;

/// Builds the schema once; each request adds its `Viewer` and `Loaders`.
pub fn build_schema(store: Store, limits: Limits) -> AppSchema {
    Schema::build(QueryRoot, MutationRoot, SubscriptionRoot)
        .data(store)
        .limit_depth(limits.max_depth)
        .limit_complexity(limits.max_complexity)
        .extension(async_graphql::extensions::Tracing)
        .finish()
}

/// The schema without data, for printing the SDL.
pub fn sdl() -> String {
    Schema::build(QueryRoot, MutationRoot, SubscriptionRoot).finish().sdl()
}

/// Adds the caller's identity and fresh loaders to a request.
pub fn with_viewer(request: async_graphql::Request, store: &Store, viewer: Viewer) -> async_graphql::Request {
    request.data(Loaders::new(store.clone(), viewer.clone())).data(viewer)
}

fn store<'a>(ctx: &Context<'a>) -> &'a Store {
    // Inserted by `build_schema`: every execution has it.
    ctx.data_unchecked::<Store>()
}

fn viewer<'a>(ctx: &Context<'a>) -> async_graphql::Result<&'a Viewer> {
    ctx.data::<Viewer>().map_err(|_| error::unauthenticated())
}

fn loaders<'a>(ctx: &Context<'a>) -> async_graphql::Result<&'a Loaders> {
    ctx.data::<Loaders>().map_err(|_| error::unauthenticated())
}
