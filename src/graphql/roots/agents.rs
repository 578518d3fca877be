//! Agent sessions: who is working on what, and the session's life.

use async_graphql::{Context, ID, Object};

use crate::store::agents;
use crate::store::task_writes::claims::{self, NextFilter};

use crate::graphql::agent::AgentSession;
use crate::graphql::connection::{Conn, TotalCount, connection, page_args};
use crate::graphql::error::GqlResult;
use crate::graphql::task::{Task, single_task_columns};
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

    /// Claims a task for an agent session (`session`, or the token's open
    /// one): no other session can claim it while the claim lives, which is
    /// `ttlSeconds` (default 900, at most 86400) past the session's last
    /// heartbeat. Claiming again renews. Another session's live claim is
    /// CONFLICT, naming the holder and when the claim lapses.
    async fn claim_task(
        &self,
        ctx: &Context<'_>,
        #[graphql(name = "ref")] task_ref: String,
        session: Option<ID>,
        ttl_seconds: Option<i32>,
    ) -> async_graphql::Result<Task> {
        let session = session.as_ref().map(|id| id.as_str());
        let row = claims::claim(store(ctx), viewer(ctx)?, &task_ref, session, ttl_seconds).await.gql()?;
        Ok(Task::new(row, single_task_columns(ctx).with_all()))
    }

    /// Gives a claim up; a task the session does not hold is answered as
    /// it is.
    async fn release_task(
        &self,
        ctx: &Context<'_>,
        #[graphql(name = "ref")] task_ref: String,
        session: Option<ID>,
    ) -> async_graphql::Result<Task> {
        let session = session.as_ref().map(|id| id.as_str());
        let row = claims::release(store(ctx), viewer(ctx)?, &task_ref, session).await.gql()?;
        Ok(Task::new(row, single_task_columns(ctx).with_all()))
    }

    /// Claims the first open task nobody holds, most urgent then oldest,
    /// of a project, with all of `labels` and of an assignee when given;
    /// null when there is none. Agents asking at once get different tasks.
    #[allow(clippy::too_many_arguments)]
    async fn claim_next_task(
        &self,
        ctx: &Context<'_>,
        project: Option<String>,
        labels: Option<Vec<String>>,
        assignee: Option<String>,
        session: Option<ID>,
        ttl_seconds: Option<i32>,
    ) -> async_graphql::Result<Option<Task>> {
        let filter = NextFilter { project, labels: labels.unwrap_or_default(), assignee };
        let session = session.as_ref().map(|id| id.as_str());
        let row = claims::claim_next(store(ctx), viewer(ctx)?, &filter, session, ttl_seconds).await.gql()?;
        Ok(row.map(|row| Task::new(row, single_task_columns(ctx).with_all())))
    }
}
