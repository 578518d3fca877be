//! Changing tasks: create, update, delete (tombstone) and comment, each
//! change written to `task_event` in the same transaction and the task's
//! `updated_at` moved, then published to live subscribers.

use chrono::NaiveDate;
use sea_orm::{
    ActiveEnum, ActiveModelTrait, ColumnTrait, DatabaseTransaction, DbErr, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, Set,
};

use entity::{Priority, TaskKind, comment, label, project, status, task, task_coworker, task_event, task_label, user};

use super::db_error::with_retry;
use super::input::STORED_DATES;
use super::input::{self, RichText};
use super::tasks::{self, TaskColumns};
use super::viewer::Viewer;
use super::visibility::{require_write, visible_project_ids};
use super::{Result, Store, StoreError, now};
use crate::text::echo;

#[derive(Debug, Clone, Default)]
pub struct NewTask {
    pub project: String,
    pub title: String,
    pub description: Option<RichText>,
    pub status: Option<String>,
    pub priority: Option<Priority>,
    pub kind: Option<TaskKind>,
    pub parent: Option<String>,
    pub assignee: Option<String>,
    pub coworkers: Vec<String>,
    pub labels: Vec<String>,
    pub due_date: Option<NaiveDate>,
}

/// Fields to change; `None` leaves a field alone, `Some(None)` clears it.
#[derive(Debug, Clone, Default)]
pub struct TaskChanges {
    pub title: Option<String>,
    pub description: Option<Option<RichText>>,
    pub status: Option<String>,
    pub priority: Option<Priority>,
    pub kind: Option<TaskKind>,
    pub parent: Option<Option<String>>,
    pub assignee: Option<Option<String>>,
    pub due_date: Option<Option<NaiveDate>>,
    pub labels: Option<Vec<String>>,
    pub coworkers: Option<Vec<String>>,
}

/// Collects the events of one write.
struct EventLog {
    task_id: i64,
    project_id: i64,
    actor_id: i64,
    at: chrono::DateTime<chrono::Utc>,
    events: Vec<task_event::ActiveModel>,
}

impl EventLog {
    fn new(viewer: &Viewer, task: &task::Model) -> Self {
        Self { task_id: task.id, project_id: task.project_id, actor_id: viewer.user_id, at: now(), events: Vec::new() }
    }

    fn record(&mut self, field: &str, old: Option<String>, new: Option<String>) {
        if old != new {
            self.events.push(task_event::ActiveModel {
                task_id: Set(self.task_id),
                project_id: Set(self.project_id),
                actor_id: Set(self.actor_id),
                at: Set(self.at),
                field: Set(field.to_owned()),
                old_value: Set(old),
                new_value: Set(new),
                ..Default::default()
            });
        }
    }

    async fn write(self, txn: &DatabaseTransaction) -> Result<Vec<task_event::Model>> {
        let mut written = Vec::with_capacity(self.events.len());
        for event in self.events {
            written.push(event.insert(txn).await?);
        }
        if !written.is_empty() {
            super::feed::notify_in(txn).await?;
        }
        Ok(written)
    }
}

fn validate_title(title: &str) -> Result<String> {
    input::single_line("title", title, input::MAX_NAME_CHARS)
}

fn validate_description(description: &RichText) -> Result<String> {
    description.stored("description", input::MAX_DESCRIPTION_CHARS)
}

async fn visible_project(txn: &DatabaseTransaction, viewer: &Viewer, key: &str) -> Result<project::Model> {
    project::Entity::find()
        .filter(project::Column::Key.eq(key))
        .filter(project::Column::Id.in_subquery(visible_project_ids(viewer)))
        .one(txn)
        .await?
        .ok_or_else(|| StoreError::not_found(format!("no project with key {}", echo(key))))
}

async fn status_by_key(txn: &DatabaseTransaction, project_id: i64, key: Option<&str>) -> Result<status::Model> {
    let statuses = status::Entity::find()
        .filter(status::Column::ProjectId.eq(project_id))
        .order_by_asc(status::Column::Position)
        .all(txn)
        .await?;
    let found = match key {
        None => statuses.first(),
        Some(key) => statuses.iter().find(|s| s.key == key),
    };
    found.cloned().ok_or_else(|| {
        let keys: Vec<&str> = statuses.iter().map(|s| s.key.as_str()).collect();
        StoreError::bad_argument(
            "status",
            format!("`status` {} is not a status of this project", echo(key.unwrap_or("(default)"))),
            format!("use one of: {}", keys.join(", ")),
        )
    })
}

async fn user_by_name(txn: &DatabaseTransaction, viewer: &Viewer, argument: &str, name: &str) -> Result<user::Model> {
    let name = if name.eq_ignore_ascii_case("me") { viewer.username.clone() } else { input::nfc(name) };
    user::Entity::find().filter(user::Column::Username.eq(name.as_str())).one(txn).await?.ok_or_else(|| {
        StoreError::bad_argument(
            argument,
            format!("`{argument}`: no user named {}", echo(name)),
            "name people by username, or `me`",
        )
    })
}

async fn users_by_names(
    txn: &DatabaseTransaction,
    viewer: &Viewer,
    argument: &str,
    names: &[String],
) -> Result<Vec<user::Model>> {
    let mut users: Vec<user::Model> = Vec::new();
    for name in names {
        let found = user_by_name(txn, viewer, argument, name).await?;
        if !users.iter().any(|u| u.id == found.id) {
            users.push(found);
        }
    }
    Ok(users)
}

async fn labels_by_names(txn: &DatabaseTransaction, project_id: i64, names: &[String]) -> Result<Vec<label::Model>> {
    let all = label::Entity::find()
        .filter(label::Column::ProjectId.eq(project_id))
        .order_by_asc(label::Column::Name)
        .all(txn)
        .await?;
    let mut chosen: Vec<label::Model> = Vec::new();
    for name in names {
        let name = input::nfc(name);
        let found = all.iter().find(|l| l.name.eq_ignore_ascii_case(&name)).ok_or_else(|| {
            let known: Vec<&str> = all.iter().map(|l| l.name.as_str()).collect();
            StoreError::bad_argument(
                "labels",
                format!("`labels`: {} is not a label of this project", echo(name)),
                format!("use any of: {}", known.join(", ")),
            )
        })?;
        if !chosen.iter().any(|l| l.id == found.id) {
            chosen.push(found.clone());
        }
    }
    Ok(chosen)
}

/// The parent must be a live task of the same project, and not the task itself.
async fn parent_in_project(
    store: &Store,
    viewer: &Viewer,
    parent_ref: &str,
    project_id: i64,
    child: Option<i64>,
) -> Result<task::Model> {
    let parent = tasks::by_ref(store, viewer, parent_ref, TaskColumns::default())
        .await?
        .filter(|t| t.deleted_at.is_none())
        .ok_or_else(|| StoreError::not_found(format!("no task {}", echo(parent_ref))))?;
    if parent.project_id != project_id || Some(parent.id) == child {
        return Err(StoreError::bad_argument(
            "parent",
            format!("`parent` {} cannot be this task's parent", echo(parent_ref)),
            "a parent is another task of the same project",
        ));
    }
    Ok(parent)
}

fn names(users: &[user::Model]) -> Option<String> {
    (!users.is_empty()).then(|| users.iter().map(|u| u.username.as_str()).collect::<Vec<_>>().join(","))
}

fn label_names(labels: &[label::Model]) -> Option<String> {
    (!labels.is_empty()).then(|| labels.iter().map(|l| l.name.as_str()).collect::<Vec<_>>().join(","))
}

/// Wakes this gateway's feed at once; other processes' feeds learn of the
/// write from the log (NOTIFY on PostgreSQL, polling on SQLite).
fn publish(store: &Store, events: &[task_event::Model]) {
    if !events.is_empty() {
        store.feed.nudge();
    }
}

fn validate_due_date(due: Option<NaiveDate>) -> Result<Option<NaiveDate>> {
    match due {
        Some(date) if !STORED_DATES.contains(&date) => Err(StoreError::bad_argument(
            "dueDate",
            format!("the due date {date} is outside the years 1 to 9999"),
            "give a date as YYYY-MM-DD",
        )),
        _ => Ok(due),
    }
}

pub async fn create_task(store: &Store, viewer: &Viewer, new: &NewTask) -> Result<task::Model> {
    require_write(viewer)?;
    let title = validate_title(&new.title)?;
    let description = new.description.as_ref().map(validate_description).transpose()?;
    let due_date = validate_due_date(new.due_date)?;
    let (task, events) = with_retry(|| async {
        let txn = super::begin_write(&store.db).await?;
        let project = visible_project(&txn, viewer, &new.project).await?;
        let status = status_by_key(&txn, project.id, new.status.as_deref()).await?;
        let assignee = match &new.assignee {
            Some(name) => Some(user_by_name(&txn, viewer, "assignee", name).await?),
            None => None,
        };
        let coworkers = users_by_names(&txn, viewer, "coworkers", &new.coworkers).await?;
        let labels = labels_by_names(&txn, project.id, &new.labels).await?;
        let parent = match &new.parent {
            Some(r) => Some(parent_in_project(store, viewer, r, project.id, None).await?),
            None => None,
        };
        // Numbers are taken one writer at a time per project: on PostgreSQL
        // the project's row is locked until the commit, so concurrent
        // writers queue here instead of breaking the unique number and
        // retrying until they give up. (SQLite has one writer at a time.)
        project::Entity::find_by_id(project.id).lock_exclusive().one(&txn).await?;
        let last_number: Option<i32> = task::Entity::find()
            .select_only()
            .column_as(task::Column::Number.max(), "max")
            .filter(task::Column::ProjectId.eq(project.id))
            .into_tuple::<Option<i32>>()
            .one(&txn)
            .await?
            .flatten();
        let at = now();
        let task = task::ActiveModel {
            project_id: Set(project.id),
            number: Set(last_number.unwrap_or(0) + 1),
            title: Set(title.clone()),
            description: Set(description.clone()),
            status_id: Set(status.id),
            priority: Set(new.priority.unwrap_or(Priority::None)),
            kind: Set(new.kind.unwrap_or(TaskKind::Task)),
            parent_id: Set(parent.as_ref().map(|p| p.id)),
            assignee_id: Set(assignee.as_ref().map(|a| a.id)),
            due_date: Set(due_date),
            created_by_id: Set(viewer.user_id),
            created_at: Set(at),
            updated_at: Set(at),
            completed_at: Set(status.category.is_closed().then_some(at)),
            deleted_at: Set(None),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        set_coworkers(&txn, task.id, &coworkers).await?;
        set_labels(&txn, task.id, &labels).await?;
        let mut log = EventLog::new(viewer, &task);
        log.at = at;
        log.record("created", None, Some(format!("{}-{}", project.key, task.number)));
        let events = log.write(&txn).await?;
        txn.commit().await?;
        Ok((task, events))
    })
    .await?;
    publish(store, &events);
    Ok(task)
}

async fn set_coworkers(txn: &DatabaseTransaction, task_id: i64, users: &[user::Model]) -> Result<(), DbErr> {
    task_coworker::Entity::delete_many().filter(task_coworker::Column::TaskId.eq(task_id)).exec(txn).await?;
    if !users.is_empty() {
        task_coworker::Entity::insert_many(users.iter().map(|u| task_coworker::ActiveModel {
            task_id: Set(task_id),
            user_id: Set(u.id),
            ..Default::default()
        }))
        .exec(txn)
        .await?;
    }
    Ok(())
}

async fn set_labels(txn: &DatabaseTransaction, task_id: i64, labels: &[label::Model]) -> Result<(), DbErr> {
    task_label::Entity::delete_many().filter(task_label::Column::TaskId.eq(task_id)).exec(txn).await?;
    if !labels.is_empty() {
        task_label::Entity::insert_many(labels.iter().map(|l| task_label::ActiveModel {
            task_id: Set(task_id),
            label_id: Set(l.id),
            ..Default::default()
        }))
        .exec(txn)
        .await?;
    }
    Ok(())
}

async fn live_task(store: &Store, viewer: &Viewer, task_ref: &str) -> Result<task::Model> {
    tasks::by_ref(store, viewer, task_ref, TaskColumns { description: true })
        .await?
        .filter(|t| t.deleted_at.is_none())
        .ok_or_else(|| StoreError::not_found(format!("no task {}", echo(task_ref))))
}

/// Takes the task's row lock for the rest of the transaction, then reads the
/// row as the last committed write left it. A no-op UPDATE is the one
/// statement that locks on both backends: PostgreSQL holds the row lock
/// until commit (as `SELECT ... FOR UPDATE` would) and SQLite takes its
/// database write lock. Concurrent writers of one task queue up here, and
/// each one's change log starts from what the one before it committed.
async fn lock_live_task(txn: &DatabaseTransaction, task_ref: &str, id: i64) -> Result<task::Model> {
    task::Entity::update_many()
        .col_expr(task::Column::UpdatedAt, sea_orm::sea_query::Expr::col(task::Column::UpdatedAt))
        .filter(task::Column::Id.eq(id))
        .exec(txn)
        .await?;
    task::Entity::find_by_id(id)
        .one(txn)
        .await?
        .filter(|t| t.deleted_at.is_none())
        .ok_or_else(|| StoreError::not_found(format!("no task {}", echo(task_ref))))
}

async fn usernames_of(txn: &DatabaseTransaction, ids: &[i64]) -> Result<Vec<user::Model>> {
    Ok(user::Entity::find()
        .filter(user::Column::Id.is_in(ids.iter().copied()))
        .order_by_asc(user::Column::Username)
        .all(txn)
        .await?)
}

async fn task_ref_of(txn: &DatabaseTransaction, id: Option<i64>) -> Result<Option<String>> {
    let Some(id) = id else { return Ok(None) };
    let Some(t) = task::Entity::find_by_id(id).one(txn).await? else { return Ok(None) };
    let key = project::Entity::find_by_id(t.project_id).one(txn).await?.map(|p| p.key).unwrap_or_default();
    Ok(Some(format!("{key}-{}", t.number)))
}

/// The values of a change that are checked before any is written.
struct CheckedChanges {
    title: Option<String>,
    description: Option<Option<String>>,
    due_date: Option<Option<NaiveDate>>,
}

impl CheckedChanges {
    fn of(changes: &TaskChanges) -> Result<Self> {
        Ok(Self {
            title: changes.title.as_deref().map(validate_title).transpose()?,
            description: changes
                .description
                .as_ref()
                .map(|d| d.as_ref().map(validate_description).transpose())
                .transpose()?,
            due_date: changes.due_date.map(validate_due_date).transpose()?,
        })
    }
}

pub async fn update_task(store: &Store, viewer: &Viewer, task_ref: &str, changes: &TaskChanges) -> Result<task::Model> {
    require_write(viewer)?;
    let checked = CheckedChanges::of(changes)?;
    // Visibility is decided once; the row itself is read under the lock.
    let task_id = live_task(store, viewer, task_ref).await?.id;
    let (task, events) = with_retry(|| async {
        let txn = super::begin_write(&store.db).await?;
        let current = lock_live_task(&txn, task_ref, task_id).await?;
        let mut update = TaskUpdate { log: EventLog::new(viewer, &current), row: current.clone().into(), current };
        // In this order, which the change log keeps.
        update.title_and_description(&checked);
        update.status(&txn, changes).await?;
        update.priority_and_kind(changes);
        update.assignee(&txn, viewer, changes).await?;
        update.due_date(&checked);
        update.parent(&txn, store, viewer, changes).await?;
        update.coworkers(&txn, viewer, changes).await?;
        update.labels(&txn, changes).await?;
        let TaskUpdate { log, mut row, current } = update;
        if log.events.is_empty() {
            txn.rollback().await?;
            return Ok((current, Vec::new()));
        }
        row.updated_at = Set(log.at);
        let task = row.update(&txn).await?;
        let events = log.write(&txn).await?;
        txn.commit().await?;
        Ok((task, events))
    })
    .await?;
    publish(store, &events);
    Ok(task)
}

/// One task's update inside its transaction: the row as it was, the row
/// to write, and the log of what changed.
struct TaskUpdate {
    current: task::Model,
    row: task::ActiveModel,
    log: EventLog,
}

impl TaskUpdate {
    fn title_and_description(&mut self, checked: &CheckedChanges) {
        let current = &self.current;
        if let Some(title) = &checked.title {
            self.log.record("title", Some(current.title.clone()), Some(title.clone()));
            self.row.title = Set(title.clone());
        }
        if let Some(description) = &checked.description {
            self.log.record("description", current.description.clone(), description.clone());
            self.row.description = Set(description.clone());
        }
    }

    fn priority_and_kind(&mut self, changes: &TaskChanges) {
        let current = &self.current;
        if let Some(priority) = changes.priority {
            self.log.record("priority", Some(current.priority.to_value()), Some(priority.to_value()));
            self.row.priority = Set(priority);
        }
        if let Some(kind) = changes.kind {
            self.log.record("kind", Some(current.kind.to_value()), Some(kind.to_value()));
            self.row.kind = Set(kind);
        }
    }

    fn due_date(&mut self, checked: &CheckedChanges) {
        if let Some(due) = checked.due_date {
            let old = self.current.due_date.map(|d| d.to_string());
            self.log.record("due_date", old, due.map(|d| d.to_string()));
            self.row.due_date = Set(due);
        }
    }

    /// A new status; entering a closed one marks the task completed, and
    /// leaving the closed ones clears that.
    async fn status(&mut self, txn: &DatabaseTransaction, changes: &TaskChanges) -> Result<()> {
        let Some(key) = &changes.status else { return Ok(()) };
        let old = status::Entity::find_by_id(self.current.status_id).one(txn).await?;
        let new = status_by_key(txn, self.current.project_id, Some(key)).await?;
        self.log.record("status", old.as_ref().map(|s| s.key.clone()), Some(new.key.clone()));
        let was_closed = old.is_some_and(|s| s.category.is_closed());
        if new.category.is_closed() && !was_closed {
            self.row.completed_at = Set(Some(self.log.at));
        } else if !new.category.is_closed() {
            self.row.completed_at = Set(None);
        }
        self.row.status_id = Set(new.id);
        Ok(())
    }

    async fn assignee(&mut self, txn: &DatabaseTransaction, viewer: &Viewer, changes: &TaskChanges) -> Result<()> {
        let Some(assignee) = &changes.assignee else { return Ok(()) };
        let old = usernames_of(txn, &self.current.assignee_id.into_iter().collect::<Vec<_>>()).await?;
        let new = match assignee {
            Some(name) => Some(user_by_name(txn, viewer, "assignee", name).await?),
            None => None,
        };
        self.log.record("assignee", names(&old), new.as_ref().map(|u| u.username.clone()));
        self.row.assignee_id = Set(new.map(|u| u.id));
        Ok(())
    }

    async fn parent(
        &mut self,
        txn: &DatabaseTransaction,
        store: &Store,
        viewer: &Viewer,
        changes: &TaskChanges,
    ) -> Result<()> {
        let Some(parent) = &changes.parent else { return Ok(()) };
        let current = &self.current;
        let old = task_ref_of(txn, current.parent_id).await?;
        let new = match parent {
            Some(r) => Some(parent_in_project(store, viewer, r, current.project_id, Some(current.id)).await?),
            None => None,
        };
        self.log.record("parent", old, new.as_ref().and(parent.clone()));
        self.row.parent_id = Set(new.map(|p| p.id));
        Ok(())
    }

    async fn coworkers(&mut self, txn: &DatabaseTransaction, viewer: &Viewer, changes: &TaskChanges) -> Result<()> {
        let Some(wanted) = &changes.coworkers else { return Ok(()) };
        let old_ids: Vec<i64> = task_coworker::Entity::find()
            .filter(task_coworker::Column::TaskId.eq(self.current.id))
            .all(txn)
            .await?
            .into_iter()
            .map(|c| c.user_id)
            .collect();
        let old = usernames_of(txn, &old_ids).await?;
        let mut new = users_by_names(txn, viewer, "coworkers", wanted).await?;
        new.sort_by(|a, b| a.username.cmp(&b.username));
        self.log.record("coworkers", names(&old), names(&new));
        Ok(set_coworkers(txn, self.current.id, &new).await?)
    }

    async fn labels(&mut self, txn: &DatabaseTransaction, changes: &TaskChanges) -> Result<()> {
        let Some(wanted) = &changes.labels else { return Ok(()) };
        let old_ids: Vec<i64> = task_label::Entity::find()
            .filter(task_label::Column::TaskId.eq(self.current.id))
            .all(txn)
            .await?
            .into_iter()
            .map(|l| l.label_id)
            .collect();
        let mut old = label::Entity::find().filter(label::Column::Id.is_in(old_ids)).all(txn).await?;
        old.sort_by(|a, b| a.name.cmp(&b.name));
        let mut new = labels_by_names(txn, self.current.project_id, wanted).await?;
        new.sort_by(|a, b| a.name.cmp(&b.name));
        self.log.record("labels", label_names(&old), label_names(&new));
        Ok(set_labels(txn, self.current.id, &new).await?)
    }
}

/// Leaves a tombstone: the task leaves every filtered list, and its ref
/// still answers with `deleted: true`.
pub async fn delete_task(store: &Store, viewer: &Viewer, task_ref: &str) -> Result<task::Model> {
    require_write(viewer)?;
    let task_id = live_task(store, viewer, task_ref).await?.id;
    let (task, events) = with_retry(|| async {
        let txn = super::begin_write(&store.db).await?;
        let current = lock_live_task(&txn, task_ref, task_id).await?;
        let mut log = EventLog::new(viewer, &current);
        log.record("deleted", None, Some(log.at.to_rfc3339()));
        let mut row: task::ActiveModel = current.into();
        row.deleted_at = Set(Some(log.at));
        row.updated_at = Set(log.at);
        let task = row.update(&txn).await?;
        let events = log.write(&txn).await?;
        txn.commit().await?;
        Ok((task, events))
    })
    .await?;
    publish(store, &events);
    Ok(task)
}

pub async fn add_comment(store: &Store, viewer: &Viewer, task_ref: &str, body: &RichText) -> Result<comment::Model> {
    require_write(viewer)?;
    let body = body.stored("body", input::MAX_COMMENT_CHARS)?;
    if body.trim().is_empty() {
        return Err(StoreError::bad_argument("body", "`body` is empty", "write the comment's text"));
    }
    let task_id = live_task(store, viewer, task_ref).await?.id;
    let (comment, events) = with_retry(|| async {
        let txn = super::begin_write(&store.db).await?;
        let current = lock_live_task(&txn, task_ref, task_id).await?;
        let mut log = EventLog::new(viewer, &current);
        let comment = comment::ActiveModel {
            task_id: Set(current.id),
            author_id: Set(viewer.user_id),
            body: Set(body.clone()),
            created_at: Set(log.at),
            updated_at: Set(log.at),
            deleted_at: Set(None),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        log.record("comment", None, Some(comment.id.to_string()));
        let mut row: task::ActiveModel = current.into();
        row.updated_at = Set(log.at);
        row.update(&txn).await?;
        let events = log.write(&txn).await?;
        txn.commit().await?;
        Ok((comment, events))
    })
    .await?;
    publish(store, &events);
    Ok(comment)
}
