//! The schema's roots, merged from one query and one mutation object per
//! feature (each file holds a feature's roots and the input types they
//! take). The order of the merge is the order of the fields in the SDL.

mod agents;
mod nodes;
mod projects;
mod tasks;
mod tokens;
mod views;
mod webhooks;
mod wiki;

pub use webhooks::WebhookPolicy;

use async_graphql::MergedObject;

use crate::graphql::error::{ErrorCode, NOT_FOUND_HINT, coded};

#[derive(MergedObject, Default)]
#[graphql(name = "Query")]
pub struct QueryRoot(
    nodes::NodeQuery,
    projects::ProjectsQuery,
    tasks::TasksQuery,
    agents::AgentsQuery,
    tokens::TokensQuery,
    wiki::WikiQuery,
    nodes::UsersQuery,
    webhooks::WebhooksQuery,
    views::ViewsQuery,
);

#[derive(MergedObject, Default)]
#[graphql(name = "Mutation")]
pub struct MutationRoot(
    tasks::TasksMutation,
    projects::ProjectsMutation,
    wiki::WikiMutation,
    tokens::TokensMutation,
    agents::AgentsMutation,
    webhooks::WebhooksMutation,
    views::ViewsMutation,
);

fn not_found(what: String) -> async_graphql::Error {
    coded(what, ErrorCode::NotFound, Some(NOT_FOUND_HINT))
}
