//! Tasks: the lists, one task by ref, the activity feed, and the writes
//! (create, update, delete to a tombstone, comment) with their inputs.

use async_graphql::{Context, InputObject, MaybeUndefined, Object};
use chrono::{DateTime, NaiveDate, Utc};

use crate::store::events::{self, ActivityFilter};
use crate::store::input::RichText;
use crate::store::task_writes::placement::Placement;
use crate::store::task_writes::{self, NewTask, TaskChanges};

use crate::graphql::comment::Comment;
use crate::graphql::connection::{Conn, TotalCount, connection, page_args};
use crate::graphql::error::{ErrorCode, GqlResult};
use crate::graphql::event::TaskEvent;
use crate::graphql::task::{
    Priority, Task, TaskFilterInput, TaskKind, TaskOrder, single_task_columns, task_by_ref, tasks_connection,
};
use crate::graphql::task_page::TaskPage;
use crate::graphql::{store, text, viewer};

#[derive(InputObject)]
pub struct CreateTaskInput {
    /// Project key.
    pub project: String,
    pub title: String,
    /// HTML.
    pub description: Option<String>,
    /// Markdown (CommonMark, GFM tables and task lists), stored as HTML;
    /// instead of `description`.
    pub description_markdown: Option<String>,
    /// Status key; the project's first status when absent.
    pub status: Option<String>,
    pub priority: Option<Priority>,
    pub kind: Option<TaskKind>,
    /// Parent task ref, in the same project.
    pub parent: Option<String>,
    /// Username, or `me`.
    pub assignee: Option<String>,
    #[graphql(default)]
    pub coworkers: Vec<String>,
    /// Label names of the project.
    #[graphql(default)]
    pub labels: Vec<String>,
    pub due_date: Option<NaiveDate>,
}

impl CreateTaskInput {
    pub fn into_new_task(self) -> async_graphql::Result<NewTask> {
        let i = self;
        Ok(NewTask {
            description: text::rich("description", i.description, i.description_markdown)?,
            project: i.project,
            title: i.title,
            status: i.status,
            priority: i.priority.map(Into::into),
            kind: i.kind.map(Into::into),
            parent: i.parent,
            assignee: i.assignee,
            coworkers: i.coworkers,
            labels: i.labels,
            due_date: i.due_date,
        })
    }
}

/// Fields to change; a field left out stays, `null` clears a clearable one.
#[derive(InputObject, Default)]
pub struct UpdateTaskInput {
    pub title: Option<String>,
    /// HTML.
    pub description: MaybeUndefined<String>,
    /// Markdown, stored as HTML; instead of `description`.
    pub description_markdown: MaybeUndefined<String>,
    /// Status key.
    pub status: Option<String>,
    pub priority: Option<Priority>,
    pub kind: Option<TaskKind>,
    pub parent: MaybeUndefined<String>,
    pub assignee: MaybeUndefined<String>,
    pub due_date: MaybeUndefined<NaiveDate>,
    /// The whole new set of label names.
    pub labels: Option<Vec<String>>,
    /// The whole new set of coworker usernames.
    pub coworkers: Option<Vec<String>>,
    /// Label names to add to the set the write finds (instead of `labels`):
    /// concurrent additions all stay.
    pub add_labels: Option<Vec<String>>,
    /// Label names to take out of the set the write finds.
    pub remove_labels: Option<Vec<String>>,
    /// Usernames (or `me`) to add to the coworkers the write finds
    /// (instead of `coworkers`).
    pub add_coworkers: Option<Vec<String>>,
    /// Usernames (or `me`) to take out of the coworkers the write finds.
    pub remove_coworkers: Option<Vec<String>>,
    /// A new place in the board's order (`order: BOARD`), among the tasks
    /// of the same project. A move alone files a `position` event and
    /// leaves `updatedAt` and the revision as they are.
    pub place: Option<TaskPlacementInput>,
}

/// Where a task goes in the board's order: right after `after`, or right
/// before `before`; neither puts it first.
#[derive(InputObject, Default)]
#[graphql(name = "TaskPlacement")]
pub struct TaskPlacementInput {
    /// Right after this task (a ref of the same project); wins over `before`.
    pub after: Option<String>,
    /// Right before this task (a ref of the same project).
    pub before: Option<String>,
}

/// The additions and removals of one set, refused beside its whole form
/// or naming one item in both.
fn set_edits(
    whole: (&str, Option<&Vec<String>>),
    add: (&str, Option<Vec<String>>),
    remove: (&str, Option<Vec<String>>),
) -> async_graphql::Result<(Vec<String>, Vec<String>)> {
    let (added, removed) = (add.1.unwrap_or_default(), remove.1.unwrap_or_default());
    if whole.1.is_some() && !(added.is_empty() && removed.is_empty()) {
        return Err(crate::graphql::error::coded(
            format!("`{}` is the whole new set; `{}` and `{}` edit the set there is", whole.0, add.0, remove.0),
            ErrorCode::BadUserInput,
            Some(&format!("give either `{}` or `{}`/`{}`", whole.0, add.0, remove.0)),
        ));
    }
    let removing: std::collections::HashSet<String> = removed.iter().map(|r| r.to_lowercase()).collect();
    if let Some(both) = added.iter().find(|a| removing.contains(&a.to_lowercase())) {
        return Err(crate::graphql::error::coded(
            format!("{} is in both `{}` and `{}`", crate::text::echo(both), add.0, remove.0),
            ErrorCode::BadUserInput,
            Some("name it in one of the two"),
        ));
    }
    Ok((added, removed))
}

fn change<T>(value: MaybeUndefined<T>) -> Option<Option<T>> {
    match value {
        MaybeUndefined::Undefined => None,
        MaybeUndefined::Null => Some(None),
        MaybeUndefined::Value(v) => Some(Some(v)),
    }
}

impl UpdateTaskInput {
    pub fn into_changes(self) -> async_graphql::Result<TaskChanges> {
        let i = self;
        let nothing = i.title.is_none()
            && i.description.is_undefined()
            && i.description_markdown.is_undefined()
            && i.status.is_none()
            && i.priority.is_none()
            && i.kind.is_none()
            && i.parent.is_undefined()
            && i.assignee.is_undefined()
            && i.due_date.is_undefined()
            && i.labels.is_none()
            && i.coworkers.is_none()
            && [&i.add_labels, &i.remove_labels, &i.add_coworkers, &i.remove_coworkers].iter().all(|l| l.is_none())
            && i.place.is_none();
        if nothing {
            return Err(crate::graphql::error::coded(
                "nothing to change",
                ErrorCode::BadUserInput,
                Some("give at least one field to change"),
            ));
        }
        let description = match (change(i.description), change(i.description_markdown)) {
            (Some(_), Some(_)) => return Err(text::both_forms("description")),
            (Some(html), None) => Some(html.map(RichText::Html)),
            (None, Some(markdown)) => Some(markdown.map(RichText::Markdown)),
            (None, None) => None,
        };
        let (add_labels, remove_labels) =
            set_edits(("labels", i.labels.as_ref()), ("addLabels", i.add_labels), ("removeLabels", i.remove_labels))?;
        let (add_coworkers, remove_coworkers) = set_edits(
            ("coworkers", i.coworkers.as_ref()),
            ("addCoworkers", i.add_coworkers),
            ("removeCoworkers", i.remove_coworkers),
        )?;
        Ok(TaskChanges {
            title: i.title,
            description,
            status: i.status,
            priority: i.priority.map(Into::into),
            kind: i.kind.map(Into::into),
            parent: change(i.parent),
            assignee: change(i.assignee),
            due_date: change(i.due_date),
            labels: i.labels,
            coworkers: i.coworkers,
            add_labels,
            remove_labels,
            add_coworkers,
            remove_coworkers,
            place: i.place.map(|p| Placement { after: p.after, before: p.before }),
        })
    }
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
    ) -> async_graphql::Result<TaskPage> {
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

    /// Changes the given fields; each change is recorded as a task event
    /// and moves `revision` on by one. With `expectedRevision`, only if the
    /// task is still at that revision: else nothing is written and the
    /// error (CONFLICT) carries `currentRevision` and `changedSince`.
    async fn update_task(
        &self,
        ctx: &Context<'_>,
        #[graphql(name = "ref")] task_ref: String,
        input: UpdateTaskInput,
        expected_revision: Option<i32>,
    ) -> async_graphql::Result<Task> {
        let changes = input.into_changes()?;
        let row =
            task_writes::update_task(store(ctx), viewer(ctx)?, &task_ref, &changes, expected_revision).await.gql()?;
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
