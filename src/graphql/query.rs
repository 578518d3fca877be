//! The query root.

use async_graphql::{Context, ID, InputObject, Interface, Object};
use chrono::{DateTime, Utc};

use crate::store::events::{self, ActivityFilter};
use crate::store::projects::{self, ProjectFilter};
use crate::store::tasks::{self, TaskColumns, TaskFilter};
use crate::store::wiki::{self, PageColumns, WikiFilter};
use crate::store::wiki_changes::ChangesFilter;
use crate::store::wiki_search::WikiSearch;
use crate::store::{agents, comments, tokens, workspaces};
use crate::text::echo;

use super::agent::AgentSession;
use super::comment::{Comment, TaskEvent};
use super::connection::{Conn, TotalCount, connection, page_args};
use super::error::{ErrorCode, GqlResult, coded};
use super::loaders::{ProjectKey, UserKey, WorkspaceKey};
use super::project::{Project, load};
use super::task::{Task, TaskFilterInput, TaskOrder, prime, task_by_ref, task_columns};
use super::token::ApiToken;
use super::user::User;
use super::wiki::{WikiPage, needs_content, page_by_path};
use super::wiki_lists::{self, WikiRevision, WikiSearchHit, WikiTreeNode};
use super::workspace::Workspace;
use super::{ids, store, viewer};

/// Anything with a global id.
#[derive(Interface)]
#[graphql(field(name = "id", ty = "ID"))]
pub enum Node {
    Workspace(Workspace),
    User(User),
    Project(Project),
    Task(Task),
    Comment(Comment),
    TaskEvent(TaskEvent),
    WikiPage(WikiPage),
}

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

fn not_found(what: String) -> async_graphql::Error {
    coded(what, ErrorCode::NotFound, Some(super::error::NOT_FOUND_HINT))
}

#[derive(Default)]
pub struct QueryRoot;

#[Object(name = "Query")]
impl QueryRoot {
    /// Any object by its global id.
    async fn node(&self, ctx: &Context<'_>, id: ID) -> async_graphql::Result<Node> {
        let (kind, number) = ids::decode(&id)?;
        let missing = || not_found(format!("no node {}", echo(id.as_str())));
        let node = match kind.as_str() {
            "Workspace" => load(ctx, WorkspaceKey(number)).await?.map(|w| Node::Workspace(Workspace(w))),
            "User" => workspaces::visible_user_by_id(store(ctx), viewer(ctx)?, number)
                .await
                .gql()?
                .map(|u| Node::User(User(u))),
            "Project" => load(ctx, ProjectKey(number)).await?.map(|p| Node::Project(Project(p))),
            "Task" => {
                let columns = TaskColumns { description: ctx.look_ahead().field("description").exists() };
                tasks::by_ids(store(ctx), viewer(ctx)?, &[number], columns)
                    .await
                    .gql()?
                    .pop()
                    .map(|t| Node::Task(Task::new(t, columns)))
            }
            "Comment" => {
                comments::by_id(store(ctx), viewer(ctx)?, number).await.gql()?.map(|c| Node::Comment(Comment::new(c)))
            }
            "TaskEvent" => {
                events::by_id(store(ctx), viewer(ctx)?, number).await.gql()?.map(|e| Node::TaskEvent(TaskEvent(e)))
            }
            "WikiPage" => {
                let columns = PageColumns { content: needs_content(ctx.look_ahead()) };
                wiki::by_ids(store(ctx), viewer(ctx)?, &[number], columns)
                    .await
                    .gql()?
                    .pop()
                    .map(|p| Node::WikiPage(WikiPage::new(p, columns.content)))
            }
            _ => None,
        };
        node.ok_or_else(missing)
    }

    /// The caller.
    async fn viewer(&self, ctx: &Context<'_>) -> async_graphql::Result<User> {
        let me = viewer(ctx)?;
        load(ctx, UserKey(me.user_id)).await?.map(User).ok_or_else(|| not_found("no such user".into()))
    }

    #[graphql(complexity = "first.or(last).unwrap_or(50).max(0) as usize * child_complexity + 1")]
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
    #[graphql(complexity = "first.or(last).unwrap_or(50).max(0) as usize * child_complexity + 1")]
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

    /// Tasks of every project the caller sees; tombstones are never listed.
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
            None,
            &page_args(first, after, last, before),
            columns,
        )
        .await
        .gql()?;
        prime(ctx, &page).await?;
        Ok(connection(page, TotalCount::Tasks { filter, project_id: None }, |t| Task::from_page(t, columns)))
    }

    /// A task by ref (`PROJ-42`); a deleted task answers with `deleted: true`.
    async fn task(&self, ctx: &Context<'_>, #[graphql(name = "ref")] task_ref: String) -> async_graphql::Result<Task> {
        task_by_ref(ctx, &task_ref).await
    }

    /// Changes across the projects the caller sees, most recent first.
    #[graphql(complexity = "first.or(last).unwrap_or(50).max(0) as usize * child_complexity + 1")]
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

    /// Agent sessions: the caller's own and those on tasks the caller sees,
    /// most recent heartbeat first.
    #[graphql(complexity = "first.or(last).unwrap_or(50).max(0) as usize * child_complexity + 1")]
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

    /// The caller's own API tokens, newest first (a scoped token sees the
    /// tokens of its scope). Their text is never shown again.
    #[graphql(complexity = "first.or(last).unwrap_or(50).max(0) as usize * child_complexity + 1")]
    async fn api_tokens(
        &self,
        ctx: &Context<'_>,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
    ) -> async_graphql::Result<Conn<ApiToken>> {
        let page = tokens::page(store(ctx), viewer(ctx)?, &page_args(first, after, last, before)).await.gql()?;
        Ok(connection(page, TotalCount::ApiTokens, ApiToken))
    }

    /// A wiki page by path (`guides/setup`). `workspace` (a key) may be left
    /// out when the path exists in exactly one workspace the caller sees.
    async fn wiki_page(
        &self,
        ctx: &Context<'_>,
        workspace: Option<String>,
        path: String,
    ) -> async_graphql::Result<WikiPage> {
        page_by_path(ctx, workspace.as_deref(), &path).await
    }

    /// Wiki pages the caller sees, in tree order: by path, a page right
    /// before the pages under it (`guides`, `guides/setup`, `guides-old`).
    /// `workspace` and `project` are keys; `pathPrefix` keeps the page at
    /// that path and every page under it (`guides` holds `guides/setup`, not
    /// `guides-old`).
    #[graphql(complexity = "first.or(last).unwrap_or(50).max(0) as usize * child_complexity + 1")]
    #[allow(clippy::too_many_arguments)]
    async fn wiki_pages(
        &self,
        ctx: &Context<'_>,
        workspace: Option<String>,
        path_prefix: Option<String>,
        project: Option<String>,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
    ) -> async_graphql::Result<Conn<WikiPage>> {
        let filter = WikiFilter { workspace, path_prefix, project };
        wiki_lists::wiki_pages(ctx, filter, page_args(first, after, last, before)).await
    }

    /// The page hierarchy: every page the caller sees, by workspace, then in
    /// tree order (each page right before the pages under it). `workspace`
    /// is a key; `pathPrefix` keeps one page and the pages under it.
    #[graphql(complexity = "first.or(last).unwrap_or(50).max(0) as usize * child_complexity + 1")]
    #[allow(clippy::too_many_arguments)]
    async fn wiki_tree(
        &self,
        ctx: &Context<'_>,
        workspace: Option<String>,
        path_prefix: Option<String>,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
    ) -> async_graphql::Result<Conn<WikiTreeNode>> {
        let filter = WikiFilter { workspace, path_prefix, project: None };
        wiki_lists::wiki_tree(ctx, filter, page_args(first, after, last, before)).await
    }

    /// Wiki pages whose title or content holds every word of `query`, any
    /// case: pages whose title holds them all first, then the most recently
    /// updated. `workspace` is a key.
    #[graphql(complexity = "first.or(last).unwrap_or(50).max(0) as usize * child_complexity + 1")]
    #[allow(clippy::too_many_arguments)]
    async fn search_wiki(
        &self,
        ctx: &Context<'_>,
        query: String,
        workspace: Option<String>,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
    ) -> async_graphql::Result<Conn<WikiSearchHit>> {
        let search = WikiSearch { query, workspace };
        wiki_lists::search_wiki(ctx, search, page_args(first, after, last, before)).await
    }

    /// Saved revisions of the wiki pages the caller sees, oldest first.
    /// Resume with the end cursor: revisions that share an instant are
    /// never lost or repeated across pages. `workspace` is a key; `since`
    /// keeps revisions saved strictly after that instant.
    #[graphql(complexity = "first.or(last).unwrap_or(50).max(0) as usize * child_complexity + 1")]
    #[allow(clippy::too_many_arguments)]
    async fn wiki_changes(
        &self,
        ctx: &Context<'_>,
        workspace: Option<String>,
        since: Option<DateTime<Utc>>,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
    ) -> async_graphql::Result<Conn<WikiRevision>> {
        let filter = ChangesFilter { workspace, since };
        wiki_lists::wiki_changes(ctx, filter, page_args(first, after, last, before)).await
    }

    /// A user by username (`me` for the caller).
    async fn user(&self, ctx: &Context<'_>, username: String) -> async_graphql::Result<User> {
        let found = workspaces::user_by_name(store(ctx), viewer(ctx)?, &username).await.gql()?;
        found.map(User).ok_or_else(|| not_found(format!("no user named {}", echo(&username))))
    }
}
