//! Projects, their statuses, labels and members.

use async_graphql::dataloader::{DataLoader, HashMapCache};
use async_graphql::{Context, Enum, ID, Object};
use chrono::{DateTime, Utc};

use entity::{label, project, project_member, status};

use crate::store::projects;
use crate::store::tasks::{self, TaskFilter};

use super::connection::{Conn, TotalCount, connection, page_args};
use super::error::GqlResult;
use super::loaders::{Batch, LabelsOf, OpenTaskCountOf, StatusesOf, UserKey, WorkspaceKey};
use super::task::{Task, TaskFilterInput, TaskOrder, prime, task_columns};
use super::text::{self, TextCut, TextFormat, TextWindow};
use super::user::User;
use super::workspace::Workspace;
use super::{ids, links, loaders, store, viewer};

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

pub(super) async fn load<K, V>(ctx: &Context<'_>, key: K) -> async_graphql::Result<Option<V>>
where
    K: Send + Sync + std::hash::Hash + Eq + Clone + 'static,
    Batch: async_graphql::dataloader::Loader<K, Value = V, Error = super::loaders::LoadError>,
    V: Send + Sync + Clone + 'static,
{
    let loader: &DataLoader<Batch, HashMapCache> = &loaders(ctx)?.0;
    loader.load_one(key).await.map_err(|err| async_graphql::ErrorExtensions::extend(err.as_ref()))
}

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
    /// Tasks neither done nor canceled nor deleted.
    async fn open_task_count(&self, ctx: &Context<'_>) -> async_graphql::Result<i64> {
        Ok(load(ctx, OpenTaskCountOf(self.0.id)).await?.unwrap_or(0))
    }
    #[graphql(complexity = "first.or(last).unwrap_or(50).max(0) as usize * child_complexity + 1")]
    async fn members(
        &self,
        ctx: &Context<'_>,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
    ) -> async_graphql::Result<Conn<ProjectMember>> {
        let page = projects::members_page(store(ctx), viewer(ctx)?, self.0.id, &page_args(first, after, last, before))
            .await
            .gql()?;
        Ok(connection(page, TotalCount::Members { project_id: self.0.id }, ProjectMember))
    }
    /// This project's tasks; tombstones are never listed.
    #[graphql(complexity = "first.or(last).unwrap_or(50).max(0) as usize * child_complexity + 1")]
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
        let filter: TaskFilter = filter.map(Into::into).unwrap_or_default();
        let columns = task_columns(ctx);
        let page = tasks::page(
            store(ctx),
            viewer(ctx)?,
            &filter,
            order.into(),
            Some(self.0.id),
            &page_args(first, after, last, before),
            columns,
        )
        .await
        .gql()?;
        prime(ctx, &page).await?;
        Ok(connection(page, TotalCount::Tasks { filter, project_id: Some(self.0.id) }, |t| Task::from_page(t, columns)))
    }
}

pub struct Status(pub status::Model);

#[Object]
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

#[Object]
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
