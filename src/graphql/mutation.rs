//! The mutation root: every change goes through the store, which checks
//! write access and records the change log.

use async_graphql::{Context, ID, Object};

use crate::store::agents;
use crate::store::project_writes::{self, NewProject};
use crate::store::wiki_writes::{self, PatchPage, PutPage};
use crate::store::{task_writes, tokens};

use super::agent::AgentSession;
use super::comment::Comment;
use super::error::{ErrorCode, GqlResult};
use super::ids;
use super::project::{Project, ProjectMember, ProjectRole};
use super::task::{CreateTaskInput, Task, UpdateTaskInput, single_task_columns};
use super::token::{ApiToken, CreatedApiToken};
use super::wiki::WikiPage;
use super::{store, viewer};

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

#[derive(Default)]
pub struct MutationRoot;

#[Object(name = "Mutation")]
impl MutationRoot {
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
        let body = super::text::rich("body", body, body_markdown)?.ok_or_else(|| super::text::neither_form("body"))?;
        let row = task_writes::add_comment(store(ctx), viewer(ctx)?, &task_ref, &body).await.gql()?;
        Ok(Comment::new(row))
    }

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

    /// Creates a wiki page (`baseRevision` absent or "0"), or replaces its
    /// whole content when `baseRevision` is its current revision (else
    /// CONFLICT, with the current revision in the hint). A `"N.partial"`
    /// revision (from a window or a section) is refused: read the whole page
    /// or use patchWikiPage. `title` defaults to the frontmatter's `title`,
    /// else the first heading, else the path's last segment. `workspace` (a
    /// key) is needed to create a page; `project` (a key) files the page
    /// under a project of that workspace, and left out keeps the page's.
    #[allow(clippy::too_many_arguments)]
    async fn put_wiki_page(
        &self,
        ctx: &Context<'_>,
        workspace: Option<String>,
        path: String,
        content: String,
        base_revision: Option<String>,
        title: Option<String>,
        project: Option<String>,
    ) -> async_graphql::Result<WikiPage> {
        let put = PutPage { workspace, path, content, base_revision, title, project };
        Ok(WikiPage::new(wiki_writes::put_page(store(ctx), viewer(ctx)?, &put).await.gql()?, true))
    }

    /// Changes part of a wiki page read at `baseRevision` (whole or
    /// `.partial`; a stale one is CONFLICT). Give exactly one of: `find`, a
    /// snippet that must occur exactly once (its count is reported
    /// otherwise), replaced by `replace`; or `section`, a heading's text or
    /// slug whose whole section, heading line included, becomes `replace`
    /// (start `replace` with the heading to keep it).
    #[allow(clippy::too_many_arguments)]
    async fn patch_wiki_page(
        &self,
        ctx: &Context<'_>,
        workspace: Option<String>,
        path: String,
        base_revision: String,
        find: Option<String>,
        replace: String,
        section: Option<String>,
    ) -> async_graphql::Result<WikiPage> {
        let patch = PatchPage { workspace, path, base_revision, find, replace, section };
        Ok(WikiPage::new(wiki_writes::patch_page(store(ctx), viewer(ctx)?, &patch).await.gql()?, true))
    }

    /// Creates an API token for the caller; its text is in the answer once.
    /// A scoped token creates only tokens of its own scope.
    async fn create_api_token(
        &self,
        ctx: &Context<'_>,
        name: String,
        #[graphql(desc = "Workspace key to scope the token to.")] workspace: Option<String>,
        #[graphql(default = false)] read_only: bool,
    ) -> async_graphql::Result<CreatedApiToken> {
        let (token, row) =
            tokens::create_own(store(ctx), viewer(ctx)?, &name, workspace.as_deref(), read_only).await.gql()?;
        Ok(CreatedApiToken { token, api_token: ApiToken(row) })
    }

    /// Revokes one of the caller's tokens, and the tokens created with it:
    /// refused from their next request on, and their open subscriptions end
    /// within seconds.
    async fn revoke_api_token(&self, ctx: &Context<'_>, id: ID) -> async_graphql::Result<ApiToken> {
        let (kind, number) = ids::decode(&id)?;
        let viewer = viewer(ctx)?;
        if kind != "ApiToken" {
            return Err(super::error::coded(
                format!("`{}` is not a token id", crate::text::echo(id.as_str())),
                ErrorCode::BadUserInput,
                Some("pass `id` of an `apiTokens` node"),
            ));
        }
        Ok(ApiToken(tokens::revoke_own(store(ctx), viewer, number).await.gql()?))
    }

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
