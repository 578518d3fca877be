//! Agent sessions: who is working on what.

use async_graphql::{Context, ID, Object};
use chrono::{DateTime, Utc};

use entity::agent_session;

use crate::store::tasks::TaskColumns;

use super::loaders::load;
use super::loaders::{AgentSessionKey, TaskKey, UserKey};
use super::task::Task;
use super::user::User;

pub struct AgentSession(pub agent_session::Model);

#[Object]
impl AgentSession {
    /// The session id (`ag_...`), passed to heartbeatAgent and endAgent.
    async fn id(&self) -> ID {
        ID(self.0.public_id.clone())
    }
    async fn name(&self) -> &str {
        &self.0.name
    }
    async fn user(&self, ctx: &Context<'_>) -> async_graphql::Result<Option<User>> {
        Ok(load(ctx, UserKey(self.0.user_id)).await?.map(User))
    }
    /// The task being worked on, when the caller sees it.
    async fn task(&self, ctx: &Context<'_>) -> async_graphql::Result<Option<Task>> {
        let Some(id) = self.0.task_id else { return Ok(None) };
        Ok(load(ctx, TaskKey(id)).await?.map(|t| Task::new(t, TaskColumns::default())))
    }
    /// Free text the agent reports, like `running tests`.
    async fn status(&self) -> Option<&str> {
        self.0.status.as_deref()
    }
    async fn started_at(&self) -> DateTime<Utc> {
        self.0.started_at
    }
    async fn heartbeat_at(&self) -> DateTime<Utc> {
        self.0.heartbeat_at
    }
    async fn ended_at(&self) -> Option<DateTime<Utc>> {
        self.0.ended_at
    }
}

/// An agent session's hold on a task (`claimTask`): no other session can
/// claim the task until it is released, its session ends, or `until`
/// passes without a heartbeat.
pub struct TaskClaim {
    pub holder_id: i64,
    pub session_id: i64,
    pub since: Option<DateTime<Utc>>,
    pub until: DateTime<Utc>,
}

#[Object]
impl TaskClaim {
    /// The user whose session holds the task.
    async fn holder(&self, ctx: &Context<'_>) -> async_graphql::Result<Option<User>> {
        Ok(load(ctx, UserKey(self.holder_id)).await?.map(User))
    }
    /// The session holding it, with its last status line.
    async fn session(&self, ctx: &Context<'_>) -> async_graphql::Result<Option<AgentSession>> {
        Ok(load(ctx, AgentSessionKey(self.session_id)).await?.map(AgentSession))
    }
    async fn since(&self) -> Option<DateTime<Utc>> {
        self.since
    }
    /// When the claim lapses unless its session heartbeats first.
    async fn until(&self) -> DateTime<Utc> {
        self.until
    }
}
