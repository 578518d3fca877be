//! Tasks: the object, and the filter and order its lists take.

use std::borrow::Cow;
use std::collections::HashMap;

use async_graphql::{Context, Enum, ErrorExtensions, ID, InputObject, Object, SimpleObject};
use chrono::{DateTime, NaiveDate, Utc};

use entity::{label, status, task, user};

use crate::store::events::{self, ActivityFilter};
use crate::store::tasks::{self, TaskColumns, TaskFilter, TaskRow};
use crate::store::{Page, PageArgs, comments};

use super::comment::Comment;
use super::connection::{Conn, TotalCount, connection, page_args};
use super::error::{ErrorCode, GqlResult};
use super::event::TaskEvent;
use super::loaders::load;
use super::loaders::{
    CommentCountOf, CoworkersOf, DescriptionKey, LoadError, ProjectKey, StatusKey, TaskKey, TaskLabelsOf, UserKey,
};
use super::project::{Label, Project, Status};
use super::task_page::TaskPage;
use super::text::{self, TextCut, TextFormat, TextWindow};
use super::user::User;
use super::{ids, links, loaders, store, viewer};

#[derive(Enum, Clone, Copy, PartialEq, Eq)]
#[graphql(remote = "entity::Priority")]
pub enum Priority {
    None,
    Low,
    Medium,
    High,
    Urgent,
}

#[derive(Enum, Clone, Copy, PartialEq, Eq)]
#[graphql(remote = "entity::TaskKind")]
pub enum TaskKind {
    Task,
    Bug,
    Feature,
    Epic,
}

/// The trackers tasks are imported from.
#[derive(Enum, Clone, Copy, PartialEq, Eq)]
#[graphql(remote = "crate::store::sources::SourceSystem")]
pub enum SourceSystem {
    Github,
    Jira,
    Linear,
}

/// Where an imported task came from: `tasklens import` finds it again by
/// this, so a second run updates it instead of adding it twice.
#[derive(SimpleObject)]
pub struct TaskSource {
    pub system: SourceSystem,
    /// Its key there: `owner/repo#123` (GitHub), `PROJ-42` (Jira), `ENG-7` (Linear).
    pub key: String,
    /// Its address there, when the export gives one.
    pub url: Option<String>,
}

#[derive(Enum, Clone, Copy, PartialEq, Eq, Default)]
#[graphql(remote = "crate::store::tasks::TaskOrder")]
pub enum TaskOrder {
    /// Most recently active first.
    #[default]
    Updated,
    /// Most recently created first.
    Created,
    /// By project, then task number ascending.
    Ref,
    /// Soonest due date first; unscheduled tasks last.
    Due,
    /// The board's manual order, the same for everyone: where people
    /// placed tasks (`UpdateTaskInput.place`), new tasks on top.
    Board,
}

/// Narrows a task list; every field given must hold. Tombstones are never listed.
#[derive(InputObject, Default)]
#[graphql(name = "TaskFilter")]
pub struct TaskFilterInput {
    /// Project key.
    pub project: Option<String>,
    /// A status key of the project, or a category: todo, in_progress, done, canceled.
    pub status: Option<String>,
    /// true: done or canceled tasks; false: open ones.
    pub done: Option<bool>,
    /// Username, or `me`.
    pub assignee: Option<String>,
    /// Assignee or coworker: username, or `me`.
    pub involves: Option<String>,
    /// Label name.
    pub label: Option<String>,
    /// Every word in the title or description, ignoring case.
    pub text: Option<String>,
    /// Active (changed or commented) at or after this instant.
    pub changed_since: Option<DateTime<Utc>>,
    pub completed_since: Option<DateTime<Utc>>,
    /// true: no due date; false: a due date.
    pub unscheduled: Option<bool>,
    /// Due strictly before this date.
    pub due_before: Option<NaiveDate>,
    /// Due on or after this date (with `dueBefore`, a range: this week's).
    pub due_after: Option<NaiveDate>,
    /// true: no assignee; false: an assignee.
    pub unassigned: Option<bool>,
    /// Parent task ref.
    pub parent: Option<String>,
    pub kind: Option<TaskKind>,
    /// Imported from this tracker.
    pub source: Option<SourceSystem>,
    /// Imported with this key there (`owner/repo#123`, `PROJ-42`).
    pub source_key: Option<String>,
    /// true: held by an agent session (`claimTask`); false: by none.
    pub claimed: Option<bool>,
    /// Held by this user's session: username, or `me`.
    pub claimed_by: Option<String>,
}

impl From<TaskFilterInput> for TaskFilter {
    fn from(f: TaskFilterInput) -> Self {
        TaskFilter {
            project: f.project,
            status: f.status,
            done: f.done,
            assignee: f.assignee,
            involves: f.involves,
            label: f.label,
            text: f.text,
            changed_since: f.changed_since,
            completed_since: f.completed_since,
            unscheduled: f.unscheduled,
            due_before: f.due_before,
            due_after: f.due_after,
            unassigned: f.unassigned,
            parent: f.parent,
            kind: f.kind.map(Into::into),
            source: f.source.map(Into::into),
            source_key: f.source_key,
            claimed: f.claimed,
            claimed_by: f.claimed_by,
        }
    }
}

/// The optional columns a connection of tasks must read.
pub fn task_columns(ctx: &Context<'_>) -> TaskColumns {
    let look = ctx.look_ahead();
    let node = |field: &str| {
        look.field("nodes").field(field).exists() || look.field("edges").field("node").field(field).exists()
    };
    TaskColumns { description: node("description") || node("descriptionText"), lean: !node("claim") && !node("source") }
}

/// Loads, in one batch per relation, what the selected fields of a page of
/// tasks need beyond what the page's own statement joined (project key,
/// status, assignee), so that the items read from the loaders' cache and
/// the statement count does not depend on the page size. Returns each
/// task's labels (none when not selected), which a page writes in one pass.
pub async fn prime(
    ctx: &Context<'_>,
    page: &Page<TaskRow>,
) -> async_graphql::Result<HashMap<TaskLabelsOf, Vec<label::Model>>> {
    let look = ctx.look_ahead();
    let selected = |field: &str| {
        look.field("nodes").field(field).exists() || look.field("edges").field("node").field(field).exists()
    };
    let rows: Vec<&task::Model> = page.items.iter().map(|(_, row)| &row.task).collect();
    let loaders = loaders(ctx)?;
    let wanted = |yes: bool, keys: Vec<i64>| if yes { keys } else { Vec::new() };
    let all = |f: fn(&task::Model) -> i64| rows.iter().map(|t| f(t)).collect::<Vec<i64>>();
    let (_, labels, _, coworkers) = tokio::try_join!(
        loaders.prime(wanted(selected("project"), all(|t| t.project_id)), ProjectKey),
        loaders.prime(wanted(selected("labels"), all(|t| t.id)), TaskLabelsOf),
        loaders.prime(wanted(selected("commentCount"), all(|t| t.id)), CommentCountOf),
        loaders.prime(wanted(selected("coworkers"), all(|t| t.id)), CoworkersOf),
    )
    .map_err(|err: LoadError| err.extend())?;
    let mut users: Vec<i64> = coworkers.into_values().flatten().collect();
    if selected("createdBy") {
        users.extend(rows.iter().map(|t| t.created_by_id));
    }
    loaders.prime(users, UserKey).await.map_err(|err| err.extend())?;
    Ok(labels)
}

/// A page of tasks as a connection: of one project, or of every project
/// the caller sees.
pub async fn tasks_connection(
    ctx: &Context<'_>,
    filter: Option<TaskFilterInput>,
    order: TaskOrder,
    project_id: Option<i64>,
    args: PageArgs,
) -> async_graphql::Result<TaskPage> {
    let filter: TaskFilter = filter.map(Into::into).unwrap_or_default();
    let columns = task_columns(ctx);
    // The count, when asked for, rides in the page's statement: one round
    // trip instead of two.
    let with_count = ctx.look_ahead().field("totalCount").exists();
    let (page, count) =
        tasks::page(store(ctx), viewer(ctx)?, &filter, order.into(), project_id, &args, columns, with_count)
            .await
            .gql()?;
    let labels = prime(ctx, &page).await?;
    let count = match count {
        Some(known) => TotalCount::Known(known),
        None => TotalCount::Tasks { filter, project_id },
    };
    let conn = connection(page, count, |t| Task::from_page(t, columns));
    Ok(TaskPage::new(conn, labels))
}

/// The optional columns a single task must read.
pub fn single_task_columns(ctx: &Context<'_>) -> TaskColumns {
    let look = ctx.look_ahead();
    TaskColumns {
        description: look.field("description").exists() || look.field("descriptionText").exists(),
        lean: false,
    }
}

pub struct Task {
    pub(super) row: task::Model,
    pub(super) columns: TaskColumns,
    /// What a page's statement read beside the task; single tasks read
    /// their relations through the loaders.
    pub(super) joined: Option<Joined>,
}

pub(super) struct Joined {
    pub(super) project_key: Option<String>,
    pub(super) status: Option<status::Model>,
    pub(super) assignee: Option<user::Model>,
}

impl Task {
    pub fn new(row: task::Model, columns: TaskColumns) -> Self {
        Self { row, columns, joined: None }
    }

    pub fn from_page(row: TaskRow, columns: TaskColumns) -> Self {
        let joined = Joined { project_key: row.project_key, status: row.status, assignee: row.assignee };
        Self { row: row.task, columns, joined: Some(joined) }
    }

    async fn project_key(&self, ctx: &Context<'_>) -> async_graphql::Result<String> {
        if let Some(key) = self.joined.as_ref().and_then(|joined| joined.project_key.clone()) {
            return Ok(key);
        }
        Ok(load(ctx, ProjectKey(self.row.project_id)).await?.map(|p| p.key).unwrap_or_default())
    }

    /// The task's row with the columns a lean page left out: its own when
    /// it has them, else the task loaded by id (one batch for the page).
    /// A page is lean only when its look-ahead, which counts a field named
    /// under any fragment or directive, finds neither `claim` nor `source`:
    /// the load is a guard for a field reached some other way.
    async fn with_every_column(&self, ctx: &Context<'_>) -> async_graphql::Result<Cow<'_, task::Model>> {
        if !self.columns.lean {
            return Ok(Cow::Borrowed(&self.row));
        }
        Ok(load(ctx, TaskKey(self.row.id)).await?.map_or(Cow::Borrowed(&self.row), Cow::Owned))
    }

    async fn status_row(&self, ctx: &Context<'_>) -> async_graphql::Result<Option<status::Model>> {
        if let Some(joined) = &self.joined {
            return Ok(joined.status.clone());
        }
        load(ctx, StatusKey(self.row.status_id)).await
    }
}

// Fields one after another: a page's nodes read what their statement
// and the primed loaders hold, so running their fields concurrently only
// cost a task per field (async-graphql's FuturesUnordered).
#[Object(serial)]
impl Task {
    pub async fn id(&self) -> ID {
        ids::encode("Task", self.row.id)
    }
    /// `KEY-number`, the task's name everywhere.
    #[graphql(name = "ref")]
    async fn task_ref(&self, ctx: &Context<'_>) -> async_graphql::Result<String> {
        if let Some(key) = self.joined.as_ref().and_then(|joined| joined.project_key.as_deref()) {
            return Ok(format!("{key}-{}", self.row.number));
        }
        Ok(format!("{}-{}", self.project_key(ctx).await?, self.row.number))
    }
    async fn number(&self) -> i32 {
        self.row.number
    }
    /// The agent session holding the task, while its claim lives.
    async fn claim(&self, ctx: &Context<'_>) -> async_graphql::Result<Option<super::agent::TaskClaim>> {
        let row = self.with_every_column(ctx).await?;
        let claim = || {
            if !crate::store::task_writes::claims::is_live(&row, crate::store::now()) {
                return None;
            }
            Some(super::agent::TaskClaim {
                holder_id: row.claim_holder_id?,
                session_id: row.claim_session_id?,
                since: row.claimed_at,
                until: row.claim_until?,
            })
        };
        Ok(claim())
    }
    /// 1 when made, +1 on each write that changes the task (its fields,
    /// status, labels or coworkers; not a comment). Pass it to
    /// `updateTask(expectedRevision:)` to be refused if another wrote since.
    async fn revision(&self) -> i32 {
        self.row.revision
    }
    async fn title(&self) -> &str {
        &self.row.title
    }
    /// HTML, as stored.
    async fn description(&self, ctx: &Context<'_>) -> async_graphql::Result<Option<String>> {
        if self.columns.description {
            return Ok(self.row.description.clone());
        }
        Ok(load(ctx, DescriptionKey(self.row.id)).await?.flatten())
    }
    /// The description as plain text (tags and entities removed, one line per
    /// block) or Markdown, in a window or an excerpt; null without a
    /// description.
    async fn description_text(
        &self,
        ctx: &Context<'_>,
        #[graphql(default = 16_000)] max_chars: i32,
        #[graphql(default)] cursor: i32,
        #[graphql(default)] cut: TextCut,
        #[graphql(default)] format: TextFormat,
    ) -> async_graphql::Result<Option<TextWindow>> {
        let html = if self.columns.description {
            self.row.description.clone()
        } else {
            load(ctx, DescriptionKey(self.row.id)).await?.flatten()
        };
        html.map(|html| text::cut(&html, format, max_chars, cursor, cut)).transpose()
    }
    /// The task's page in the tracker, when the server knows where that is.
    async fn url(&self, ctx: &Context<'_>) -> async_graphql::Result<Option<String>> {
        let Some(links) = links(ctx) else { return Ok(None) };
        Ok(links.task(&format!("{}-{}", self.project_key(ctx).await?, self.row.number)))
    }
    async fn project(&self, ctx: &Context<'_>) -> async_graphql::Result<Option<Project>> {
        Ok(load(ctx, ProjectKey(self.row.project_id)).await?.map(Project))
    }
    async fn status(&self, ctx: &Context<'_>) -> async_graphql::Result<Option<Status>> {
        Ok(self.status_row(ctx).await?.map(Status))
    }
    /// Done or canceled.
    async fn done(&self, ctx: &Context<'_>) -> async_graphql::Result<bool> {
        if let Some(joined) = &self.joined {
            return Ok(joined.status.as_ref().is_some_and(|s| s.category.is_closed()));
        }
        Ok(self.status_row(ctx).await?.is_some_and(|s| s.category.is_closed()))
    }
    async fn priority(&self) -> Priority {
        self.row.priority.into()
    }
    async fn kind(&self) -> TaskKind {
        self.row.kind.into()
    }
    async fn parent(&self, ctx: &Context<'_>) -> async_graphql::Result<Option<Task>> {
        let Some(parent) = self.row.parent_id else { return Ok(None) };
        Ok(load(ctx, TaskKey(parent)).await?.map(|t| Task::new(t, TaskColumns::default())))
    }
    async fn assignee(&self, ctx: &Context<'_>) -> async_graphql::Result<Option<User>> {
        let Some(id) = self.row.assignee_id else { return Ok(None) };
        if let Some(joined) = &self.joined {
            return Ok(joined.assignee.clone().map(User));
        }
        Ok(load(ctx, UserKey(id)).await?.map(User))
    }
    /// People working on the task beside its assignee.
    async fn coworkers(&self, ctx: &Context<'_>) -> async_graphql::Result<Vec<User>> {
        let mut users = Vec::new();
        for id in load(ctx, CoworkersOf(self.row.id)).await?.unwrap_or_default() {
            if let Some(user) = load(ctx, UserKey(id)).await? {
                users.push(User(user));
            }
        }
        users.sort_by(|a, b| a.0.username.cmp(&b.0.username));
        Ok(users)
    }
    async fn labels(&self, ctx: &Context<'_>) -> async_graphql::Result<Vec<Label>> {
        Ok(load(ctx, TaskLabelsOf(self.row.id)).await?.unwrap_or_default().into_iter().map(Label).collect())
    }
    async fn due_date(&self) -> Option<NaiveDate> {
        self.row.due_date
    }
    async fn created_by(&self, ctx: &Context<'_>) -> async_graphql::Result<Option<User>> {
        Ok(load(ctx, UserKey(self.row.created_by_id)).await?.map(User))
    }
    async fn created_at(&self) -> DateTime<Utc> {
        self.row.created_at
    }
    /// Last activity: any change or comment.
    async fn updated_at(&self) -> DateTime<Utc> {
        self.row.updated_at
    }
    async fn completed_at(&self) -> Option<DateTime<Utc>> {
        self.row.completed_at
    }
    /// The tracker it was imported from; null for a task made here.
    async fn source(&self, ctx: &Context<'_>) -> async_graphql::Result<Option<TaskSource>> {
        let row = self.with_every_column(ctx).await?;
        let source = || {
            let system = crate::store::sources::SourceSystem::parse(row.source_system.as_deref()?).ok()?;
            Some(TaskSource { system: system.into(), key: row.source_key.clone()?, url: row.source_url.clone() })
        };
        Ok(source())
    }
    /// A deleted task is a tombstone: out of every list, still readable by ref.
    async fn deleted(&self) -> bool {
        self.row.deleted_at.is_some()
    }
    async fn deleted_at(&self) -> Option<DateTime<Utc>> {
        self.row.deleted_at
    }
    async fn comment_count(&self, ctx: &Context<'_>) -> async_graphql::Result<i64> {
        Ok(load(ctx, CommentCountOf(self.row.id)).await?.unwrap_or(0))
    }
    /// Comments, oldest first.
    #[graphql(complexity = "super::connection::page_cost(first, last, child_complexity)")]
    async fn comments(
        &self,
        ctx: &Context<'_>,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
    ) -> async_graphql::Result<Conn<Comment>> {
        let page = comments::page(store(ctx), viewer(ctx)?, self.row.id, &page_args(first, after, last, before))
            .await
            .gql()?;
        Ok(connection(page, TotalCount::Comments { task_id: self.row.id }, Comment::new))
    }
    /// The change log, oldest first.
    #[graphql(complexity = "super::connection::page_cost(first, last, child_complexity)")]
    async fn events(
        &self,
        ctx: &Context<'_>,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
    ) -> async_graphql::Result<Conn<TaskEvent>> {
        let filter = ActivityFilter { task_id: Some(self.row.id), ..Default::default() };
        let page =
            events::page(store(ctx), viewer(ctx)?, &filter, &page_args(first, after, last, before)).await.gql()?;
        Ok(connection(page, TotalCount::Events(filter), TaskEvent))
    }
}

/// Fetches a task by ref with the columns the selection needs.
pub async fn task_by_ref(ctx: &Context<'_>, task_ref: &str) -> async_graphql::Result<Task> {
    let columns = single_task_columns(ctx);
    let row = tasks::by_ref(store(ctx), viewer(ctx)?, task_ref, columns).await.gql()?;
    row.map(|t| Task::new(t, columns)).ok_or_else(|| {
        super::error::coded(
            format!("no task {}", crate::text::echo(task_ref)),
            ErrorCode::NotFound,
            Some(super::error::NOT_FOUND_HINT),
        )
    })
}
