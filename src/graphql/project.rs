//! Projects, their statuses, labels and members.

use async_graphql::{Context, Enum, ID, Object};
use chrono::{DateTime, Utc};

use entity::{label, project, project_member, status};

use crate::store::{events, projects};

use super::connection::{Conn, TotalCount, connection, page_args};
use super::error::GqlResult;
use super::loaders::load;
use super::loaders::{LabelsOf, OpenTaskCountOf, StatusesOf, UserKey, WorkspaceKey};
use super::task::{TaskFilterInput, TaskOrder, tasks_connection};
use super::task_page::TaskPage;
use super::text::{self, TextCut, TextFormat, TextWindow};
use super::user::User;
use super::workspace::Workspace;
use super::{ids, links, store, viewer};

#[derive(Enum, Clone, Copy, PartialEq, Eq)]
#[graphql(remote = "entity::StatusCategory")]
pub enum StatusCategory {
    Todo,
    InProgress,
    Done,
    Canceled,
}

#[derive(Enum, Clone, Copy, PartialEq, Eq)]
#[graphql(remote = "entity::ProjectRole")]
pub enum ProjectRole {
    Manager,
    Participant,
}

pub struct Project(pub project::Model);

#[Object]
impl Project {
    pub async fn id(&self) -> ID {
        ids::encode("Project", self.0.id)
    }
    /// Short unique key; task refs are `KEY-number`.
    async fn key(&self) -> &str {
        &self.0.key
    }
    async fn name(&self) -> &str {
        &self.0.name
    }
    /// HTML.
    async fn description(&self) -> Option<&str> {
        self.0.description.as_deref()
    }
    /// The description as plain text or Markdown, in a window or an excerpt.
    async fn description_text(
        &self,
        #[graphql(default = 16_000)] max_chars: i32,
        #[graphql(default)] cursor: i32,
        #[graphql(default)] cut: TextCut,
        #[graphql(default)] format: TextFormat,
    ) -> async_graphql::Result<Option<TextWindow>> {
        self.0.description.as_deref().map(|html| text::cut(html, format, max_chars, cursor, cut)).transpose()
    }
    /// The project's page in the tracker, when the server knows where that is.
    async fn url(&self, ctx: &Context<'_>) -> Option<String> {
        links(ctx).and_then(|l| l.project(&self.0.key))
    }
    async fn workspace(&self, ctx: &Context<'_>) -> async_graphql::Result<Option<Workspace>> {
        Ok(load(ctx, WorkspaceKey(self.0.workspace_id)).await?.map(Workspace))
    }
    async fn created_at(&self) -> DateTime<Utc> {
        self.0.created_at
    }
    async fn updated_at(&self) -> DateTime<Utc> {
        self.0.updated_at
    }
    async fn archived_at(&self) -> Option<DateTime<Utc>> {
        self.0.archived_at
    }
    /// The workflow, in order.
    async fn statuses(&self, ctx: &Context<'_>) -> async_graphql::Result<Vec<Status>> {
        Ok(load(ctx, StatusesOf(self.0.id)).await?.unwrap_or_default().into_iter().map(Status).collect())
    }
    async fn labels(&self, ctx: &Context<'_>) -> async_graphql::Result<Vec<Label>> {
        Ok(load(ctx, LabelsOf(self.0.id)).await?.unwrap_or_default().into_iter().map(Label).collect())
    }
    /// The `cursor` of the project's latest change, to pass as `after` to
    /// `taskEvents`: a front end that reads a board, then subscribes from
    /// here, misses no change made in between. Null before any change.
    async fn last_event_cursor(&self, ctx: &Context<'_>) -> async_graphql::Result<Option<String>> {
        Ok(events::latest_id(store(ctx), self.0.id).await.gql()?.map(crate::store::feed::cursor))
    }
    /// Tasks neither done nor canceled nor deleted.
    async fn open_task_count(&self, ctx: &Context<'_>) -> async_graphql::Result<i64> {
        Ok(load(ctx, OpenTaskCountOf(self.0.id)).await?.unwrap_or(0))
    }
    #[graphql(complexity = "super::connection::page_cost(first, last, child_complexity)")]
    /// The project's members; with `search`, those whose username or
    /// display name holds every word of it, any case.
    #[allow(clippy::too_many_arguments)]
    async fn members(
        &self,
        ctx: &Context<'_>,
        search: Option<String>,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
    ) -> async_graphql::Result<Conn<ProjectMember>> {
        let search = search.filter(|s| !s.trim().is_empty());
        let args = page_args(first, after, last, before);
        let page = projects::members_page(store(ctx), viewer(ctx)?, self.0.id, search.as_deref(), &args).await.gql()?;
        Ok(connection(page, TotalCount::Members { project_id: self.0.id, search }, ProjectMember))
    }
    /// This project's tasks; tombstones are never listed.
    #[graphql(complexity = "super::connection::page_cost(first, last, child_complexity)")]
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
    ) -> async_graphql::Result<TaskPage> {
        tasks_connection(ctx, filter, order, Some(self.0.id), page_args(first, after, last, before)).await
    }
}

pub struct Status(pub status::Model);

#[Object(serial)]
impl Status {
    async fn id(&self) -> ID {
        ids::encode("Status", self.0.id)
    }
    async fn key(&self) -> &str {
        &self.0.key
    }
    async fn name(&self) -> &str {
        &self.0.name
    }
    async fn category(&self) -> StatusCategory {
        self.0.category.into()
    }
    async fn position(&self) -> i32 {
        self.0.position
    }
}

pub struct Label(pub label::Model);

#[Object(serial)]
impl Label {
    async fn id(&self) -> ID {
        ids::encode("Label", self.0.id)
    }
    async fn name(&self) -> &str {
        &self.0.name
    }
    async fn color(&self) -> Option<&str> {
        self.0.color.as_deref()
    }
}

pub struct ProjectMember(pub project_member::Model);

#[Object]
impl ProjectMember {
    async fn user(&self, ctx: &Context<'_>) -> async_graphql::Result<Option<User>> {
        Ok(load(ctx, UserKey(self.0.user_id)).await?.map(User))
    }
    async fn role(&self) -> ProjectRole {
        self.0.role.into()
    }
}
