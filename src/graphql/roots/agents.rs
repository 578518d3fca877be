//! Agent sessions: who is working on what, and the session's life.

use async_graphql::{Context, ID, Object};

use crate::store::agents;

use crate::graphql::agent::AgentSession;
use crate::graphql::connection::{Conn, TotalCount, connection, page_args};
use crate::graphql::error::GqlResult;
use crate::graphql::{store, viewer};

/// Agent sessions the caller sees.
#[derive(Default)]
pub struct AgentsQuery;

#[Object]
impl AgentsQuery {
    /// Agent sessions: the caller's own and those on tasks the caller sees,
    /// most recent heartbeat first.
    #[graphql(complexity = "crate::graphql::connection::page_cost(first, last, child_complexity)")]
    async fn agent_sessions(
        &self,
        ctx: &Context<'_>,
        active: Option<bool>,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
    ) -> async_graphql::Result<Conn<AgentSession>> {
        let page =
            agents::page(store(ctx), viewer(ctx)?, active, &page_args(first, after, last, before)).await.gql()?;
        Ok(connection(page, TotalCount::AgentSessions { active }, AgentSession))
    }
}

/// A session bound to the calling token.
#[derive(Default)]
pub struct AgentsMutation;

#[Object]
impl AgentsMutation {
    /// Starts an agent session bound to the calling token.
    async fn register_agent(
        &self,
        ctx: &Context<'_>,
        name: String,
        task: Option<String>,
        status: Option<String>,
    ) -> async_graphql::Result<AgentSession> {
        let row = agents::register(store(ctx), viewer(ctx)?, &name, task.as_deref(), status.as_deref()).await.gql()?;
        Ok(AgentSession(row))
    }

    /// Marks a session alive; without `id`, the token's open session.
    async fn heartbeat_agent(
        &self,
        ctx: &Context<'_>,
        id: Option<ID>,
        task: Option<String>,
        status: Option<String>,
    ) -> async_graphql::Result<AgentSession> {
        let row = agents::heartbeat(
            store(ctx),
            viewer(ctx)?,
            id.as_ref().map(|id| id.as_str()),
            task.as_deref(),
            status.as_deref(),
        )
        .await
        .gql()?;
        Ok(AgentSession(row))
    }

    /// Ends a session; without `id`, the token's open session.
    async fn end_agent(&self, ctx: &Context<'_>, id: Option<ID>) -> async_graphql::Result<AgentSession> {
        let row = agents::end(store(ctx), viewer(ctx)?, id.as_ref().map(|id| id.as_str())).await.gql()?;
        Ok(AgentSession(row))
    }
}
