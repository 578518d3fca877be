//! What a task write looks up before it writes: the project, status,
//! people, labels and parent a caller names (each refused in words that
//! say what exists), the live task under its lock, and the names the
//! change log shows.

use sea_orm::{ColumnTrait, DatabaseTransaction, EntityTrait, QueryFilter, QueryOrder};

use entity::{label, project, status, task, user};

use crate::store::input;
use crate::store::tasks::{self, TaskColumns};
use crate::store::viewer::Viewer;
use crate::store::visibility::visible_project_ids;
use crate::store::{Result, Store, StoreError};
use crate::text::echo;

/// The project `key` when the viewer sees it; not found otherwise.
pub(crate) async fn visible_project(
    txn: &impl sea_orm::ConnectionTrait,
    viewer: &Viewer,
    key: &str,
) -> Result<project::Model> {
    project::Entity::find()
        .filter(project::Column::Key.eq(key))
        .filter(project::Column::Id.in_subquery(visible_project_ids(viewer)))
        .one(txn)
        .await?
        .ok_or_else(|| StoreError::not_found(format!("no project with key {}", echo(key))))
}

pub(super) async fn status_by_key(
    txn: &DatabaseTransaction,
    project_id: i64,
    key: Option<&str>,
) -> Result<status::Model> {
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

pub(super) async fn user_by_name(
    txn: &DatabaseTransaction,
    viewer: &Viewer,
    argument: &str,
    name: &str,
) -> Result<user::Model> {
    let name = if name.eq_ignore_ascii_case("me") { viewer.username.clone() } else { input::nfc(name) };
    user::Entity::find().filter(user::Column::Username.eq(name.as_str())).one(txn).await?.ok_or_else(|| {
        StoreError::bad_argument(
            argument,
            format!("`{argument}`: no user named {}", echo(name)),
            "name people by username, or `me`",
        )
    })
}

pub(super) async fn users_by_names(
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

pub(super) async fn labels_by_names(
    txn: &DatabaseTransaction,
    project_id: i64,
    argument: &str,
    names: &[String],
) -> Result<Vec<label::Model>> {
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
                argument,
                format!("`{argument}`: {} is not a label of this project", echo(name)),
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
pub(super) async fn parent_in_project(
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

pub(super) fn names(users: &[user::Model]) -> Option<String> {
    (!users.is_empty()).then(|| users.iter().map(|u| u.username.as_str()).collect::<Vec<_>>().join(","))
}

pub(super) fn label_names(labels: &[label::Model]) -> Option<String> {
    (!labels.is_empty()).then(|| labels.iter().map(|l| l.name.as_str()).collect::<Vec<_>>().join(","))
}

pub(super) async fn live_task(store: &Store, viewer: &Viewer, task_ref: &str) -> Result<task::Model> {
    tasks::by_ref(store, viewer, task_ref, TaskColumns { description: true, lean: false })
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
pub(super) async fn lock_live_task(txn: &DatabaseTransaction, task_ref: &str, id: i64) -> Result<task::Model> {
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

pub(super) async fn usernames_of(txn: &DatabaseTransaction, ids: &[i64]) -> Result<Vec<user::Model>> {
    Ok(user::Entity::find()
        .filter(user::Column::Id.is_in(ids.iter().copied()))
        .order_by_asc(user::Column::Username)
        .all(txn)
        .await?)
}

pub(super) async fn labels_of(txn: &DatabaseTransaction, ids: &[i64]) -> Result<Vec<label::Model>> {
    Ok(label::Entity::find().filter(label::Column::Id.is_in(ids.iter().copied())).all(txn).await?)
}

pub(super) async fn task_ref_of(txn: &DatabaseTransaction, id: Option<i64>) -> Result<Option<String>> {
    let Some(id) = id else { return Ok(None) };
    let Some(t) = task::Entity::find_by_id(id).one(txn).await? else { return Ok(None) };
    let key = project::Entity::find_by_id(t.project_id).one(txn).await?.map(|p| p.key).unwrap_or_default();
    Ok(Some(format!("{key}-{}", t.number)))
}
