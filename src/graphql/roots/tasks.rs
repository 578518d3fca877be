//! Tasks: the lists, one task by ref, the activity feed, and the writes
//! (create, update, delete to a tombstone, comment).

use async_graphql::{Context, InputObject, Object};
use chrono::{DateTime, Utc};

use crate::store::events::{self, ActivityFilter};
use crate::store::task_writes;

use crate::graphql::comment::Comment;
use crate::graphql::connection::{Conn, TotalCount, connection, page_args};
use crate::graphql::error::GqlResult;
use crate::graphql::event::TaskEvent;
use crate::graphql::task::{
    CreateTaskInput, Task, TaskFilterInput, TaskOrder, UpdateTaskInput, single_task_columns, task_by_ref,
    tasks_connection,
};
use crate::graphql::{store, viewer};

/// Narrows the activity feed.
#[derive(InputObject, Default)]
#[graphql(name = "ActivityFilter")]
pub struct ActivityFilterInput {
    /// Project key.
    pub project: Option<String>,
    /// Username, or `me`.
    pub actor: Option<String>,
    pub since: Option<DateTime<Utc>>,
}

/// Tasks and what changed them.
#[derive(Default)]
pub struct TasksQuery;

#[Object]
impl TasksQuery {
    /// Tasks of every project the caller sees; tombstones are never listed.
    #[graphql(complexity = "crate::graphql::connection::page_cost(first, last, child_complexity)")]
    #[allow(clippy::too_many_arguments)]
    async fn tasks(
        &self,
        ctx: &Context<'_>,
        filter: Option<TaskFilterInput>,
        #[graphql(default)] order: TaskOrder,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
    ) -> async_graphql::Result<Conn<Task>> {
        tasks_connection(ctx, filter, order, None, page_args(first, after, last, before)).await
    }

    /// A task by ref (`PROJ-42`); a deleted task answers with `deleted: true`.
    async fn task(&self, ctx: &Context<'_>, #[graphql(name = "ref")] task_ref: String) -> async_graphql::Result<Task> {
        task_by_ref(ctx, &task_ref).await
    }

    /// Changes across the projects the caller sees, most recent first.
    #[graphql(complexity = "crate::graphql::connection::page_cost(first, last, child_complexity)")]
    async fn activity(
        &self,
        ctx: &Context<'_>,
        filter: Option<ActivityFilterInput>,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
    ) -> async_graphql::Result<Conn<TaskEvent>> {
        let filter = filter
            .map(|f| ActivityFilter { project: f.project, actor: f.actor, since: f.since, task_id: None })
            .unwrap_or_default();
        let page =
            events::page(store(ctx), viewer(ctx)?, &filter, &page_args(first, after, last, before)).await.gql()?;
        Ok(connection(page, TotalCount::Events(filter), TaskEvent))
    }
}

/// Every task write goes through the store, which checks write access and
/// records the change log.
#[derive(Default)]
pub struct TasksMutation;

#[Object]
impl TasksMutation {
    async fn create_task(&self, ctx: &Context<'_>, input: CreateTaskInput) -> async_graphql::Result<Task> {
        let row = task_writes::create_task(store(ctx), viewer(ctx)?, &input.into_new_task()?).await.gql()?;
        Ok(Task::new(row, single_task_columns(ctx).with_all()))
    }

    /// Changes the given fields; each change is recorded as a task event.
    async fn update_task(
        &self,
        ctx: &Context<'_>,
        #[graphql(name = "ref")] task_ref: String,
        input: UpdateTaskInput,
    ) -> async_graphql::Result<Task> {
        let row = task_writes::update_task(store(ctx), viewer(ctx)?, &task_ref, &input.into_changes()?).await.gql()?;
        Ok(Task::new(row, single_task_columns(ctx).with_all()))
    }

    /// Leaves a tombstone: the task leaves every list; `task(ref)` still
    /// answers with `deleted: true`.
    async fn delete_task(
        &self,
        ctx: &Context<'_>,
        #[graphql(name = "ref")] task_ref: String,
    ) -> async_graphql::Result<Task> {
        let row = task_writes::delete_task(store(ctx), viewer(ctx)?, &task_ref).await.gql()?;
        Ok(Task::new(row, single_task_columns(ctx).with_all()))
    }

    /// `body` is HTML; `bodyMarkdown` (instead) is Markdown (CommonMark,
    /// GFM tables and task lists), stored as HTML.
    async fn add_comment(
        &self,
        ctx: &Context<'_>,
        #[graphql(name = "ref")] task_ref: String,
        body: Option<String>,
        body_markdown: Option<String>,
    ) -> async_graphql::Result<Comment> {
        let body = crate::graphql::text::rich("body", body, body_markdown)?
            .ok_or_else(|| crate::graphql::text::neither_form("body"))?;
        let row = task_writes::add_comment(store(ctx), viewer(ctx)?, &task_ref, &body).await.gql()?;
        Ok(Comment::new(row))
    }
}
