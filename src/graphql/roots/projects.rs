//! Workspaces and projects: reading them, creating a project, adding a member.

use async_graphql::{Context, InputObject, Object};

use crate::store::project_writes::{self, NewProject};
use crate::store::projects::{self, ProjectFilter};
use crate::store::workspaces;
use crate::text::echo;

use super::not_found;
use crate::graphql::connection::{Conn, TotalCount, connection, page_args};
use crate::graphql::error::GqlResult;
use crate::graphql::project::{Project, ProjectMember, ProjectRole};
use crate::graphql::workspace::Workspace;
use crate::graphql::{store, viewer};

/// Narrows the project list.
#[derive(InputObject, Default)]
#[graphql(name = "ProjectFilter")]
pub struct ProjectFilterInput {
    /// Projects whose name holds all these words, ignoring case; when none
    /// does and there are several words, those holding any one of them.
    pub name: Option<String>,
    /// Workspace key.
    pub workspace: Option<String>,
    /// true: archived projects only; false: active ones only.
    pub archived: Option<bool>,
}

#[derive(async_graphql::InputObject)]
pub struct CreateProjectInput {
    /// Workspace key.
    pub workspace: String,
    /// 2 to 16 capital letters or digits, starting with a letter.
    pub key: String,
    pub name: String,
    /// HTML.
    pub description: Option<String>,
}

/// Workspaces and projects the caller sees.
#[derive(Default)]
pub struct ProjectsQuery;

#[Object]
impl ProjectsQuery {
    #[graphql(complexity = "crate::graphql::connection::page_cost(first, last, child_complexity)")]
    async fn workspaces(
        &self,
        ctx: &Context<'_>,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
    ) -> async_graphql::Result<Conn<Workspace>> {
        let page = workspaces::page(store(ctx), viewer(ctx)?, &page_args(first, after, last, before)).await.gql()?;
        Ok(connection(page, TotalCount::Workspaces, Workspace))
    }

    async fn workspace(&self, ctx: &Context<'_>, key: String) -> async_graphql::Result<Workspace> {
        let found = workspaces::by_key(store(ctx), viewer(ctx)?, &key).await.gql()?;
        found.map(Workspace).ok_or_else(|| not_found(format!("no workspace with key {}", echo(&key))))
    }

    /// Projects the caller sees, by name.
    #[graphql(complexity = "crate::graphql::connection::page_cost(first, last, child_complexity)")]
    async fn projects(
        &self,
        ctx: &Context<'_>,
        filter: Option<ProjectFilterInput>,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
    ) -> async_graphql::Result<Conn<Project>> {
        let filter = filter
            .map(|f| ProjectFilter { name: f.name, workspace: f.workspace, archived: f.archived })
            .unwrap_or_default();
        let page =
            projects::page(store(ctx), viewer(ctx)?, &filter, &page_args(first, after, last, before)).await.gql()?;
        Ok(connection(page, TotalCount::Projects(filter), Project))
    }

    async fn project(&self, ctx: &Context<'_>, key: String) -> async_graphql::Result<Project> {
        let found = projects::by_key(store(ctx), viewer(ctx)?, &key).await.gql()?;
        found.map(Project).ok_or_else(|| not_found(format!("no project with key {}", echo(&key))))
    }
}

/// Projects and their members.
#[derive(Default)]
pub struct ProjectsMutation;

#[Object]
impl ProjectsMutation {
    /// Creates a project with the default workflow; the caller manages it.
    async fn create_project(&self, ctx: &Context<'_>, input: CreateProjectInput) -> async_graphql::Result<Project> {
        let new =
            NewProject { workspace: input.workspace, key: input.key, name: input.name, description: input.description };
        Ok(Project(project_writes::create_project(store(ctx), viewer(ctx)?, &new).await.gql()?))
    }

    async fn add_project_member(
        &self,
        ctx: &Context<'_>,
        project: String,
        username: String,
        #[graphql(default_with = "ProjectRole::Participant")] role: ProjectRole,
    ) -> async_graphql::Result<ProjectMember> {
        let row = project_writes::add_member(store(ctx), viewer(ctx)?, &project, &username, role.into()).await.gql()?;
        Ok(ProjectMember(row))
    }
}
