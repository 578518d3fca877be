//! Creating projects and adding their members.

use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, DbErr, EntityTrait, QueryFilter, Set,
};

use entity::{
    ProjectRole, StatusCategory, WorkspaceRole, project, project_member, status, user, workspace, workspace_member,
};

use super::db_error::{OnViolation, PROJECT_KEY, PROJECT_MEMBER};
use super::viewer::Viewer;
use super::visibility::{require_write, visible_project_ids, visible_workspace};
use super::{Result, Store, StoreError, input, now};
use crate::text::echo;

#[derive(Debug, Clone)]
pub struct NewProject {
    pub workspace: String,
    pub key: String,
    pub name: String,
    pub description: Option<String>,
}

/// The workflow every new project starts with.
const DEFAULT_STATUSES: [(&str, &str, StatusCategory); 4] = [
    ("todo", "To do", StatusCategory::Todo),
    ("in_progress", "In progress", StatusCategory::InProgress),
    ("done", "Done", StatusCategory::Done),
    ("canceled", "Canceled", StatusCategory::Canceled),
];

pub(crate) fn validate_key(key: &str) -> Result<String> {
    let valid = (2..=16).contains(&key.len())
        && key.starts_with(|c: char| c.is_ascii_uppercase())
        && key.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
    if !valid {
        return Err(StoreError::bad_input(
            format!("`key` {} is not a project key", echo(key)),
            "a key is 2 to 16 capital letters or digits, starting with a letter, like PROJ",
        ));
    }
    Ok(key.to_owned())
}

/// Any member of a workspace may create a project in it and manages it.
pub async fn create_project(store: &Store, viewer: &Viewer, new: &NewProject) -> Result<project::Model> {
    require_write(viewer)?;
    let key = validate_key(new.key.trim())?;
    let name = input::single_line("name", &new.name, input::MAX_NAME_CHARS)?;
    let description =
        new.description.as_deref().map(|d| input::html("description", d, input::MAX_DESCRIPTION_CHARS)).transpose()?;
    let ws = workspace::Entity::find()
        .filter(workspace::Column::Key.eq(new.workspace.as_str()))
        .filter(visible_workspace(viewer))
        .one(&store.db)
        .await?
        .ok_or_else(|| StoreError::not_found(format!("no workspace with key {}", echo(&new.workspace))))?;
    let membership = workspace_member::Entity::find()
        .filter(workspace_member::Column::WorkspaceId.eq(ws.id))
        .filter(workspace_member::Column::UserId.eq(viewer.user_id))
        .one(&store.db)
        .await?;
    if membership.is_none() {
        return Err(StoreError::forbidden(
            format!("you are not a member of workspace {}", ws.key),
            "ask a workspace admin to add you, or to create the project",
        ));
    }
    let txn = super::begin_write(&store.db).await?;
    let created = insert_project(&txn, ws.id, &key, &name, description).await?;
    insert_member(&txn, created.id, viewer.user_id, ProjectRole::Manager).await?;
    let mut data = serde_json::Map::new();
    data.insert("actor".into(), viewer.username.clone().into());
    data.insert("at".into(), created.created_at.to_rfc3339_opts(chrono::SecondsFormat::Millis, true).into());
    data.insert("name".into(), created.name.clone().into());
    let kind = super::webhooks::EventType::ProjectCreated;
    super::webhooks::outbox::enqueue(&txn, ws.id, Some(created.id), kind, data).await?;
    txn.commit().await?;
    Ok(created)
}

/// A project with the default workflow; the key and name are checked.
pub(crate) async fn insert_project(
    txn: &DatabaseTransaction,
    workspace_id: i64,
    key: &str,
    name: &str,
    description: Option<String>,
) -> Result<project::Model> {
    let at = now();
    let created = project::ActiveModel {
        workspace_id: Set(workspace_id),
        key: Set(key.to_owned()),
        name: Set(name.to_owned()),
        description: Set(description),
        created_at: Set(at),
        updated_at: Set(at),
        archived_at: Set(None),
        ..Default::default()
    }
    .insert(txn)
    .await
    .on_violation(&PROJECT_KEY, || {
        StoreError::conflict(format!("a project with key {} exists", echo(key)), "choose another key")
    })?;
    status::Entity::insert_many(DEFAULT_STATUSES.iter().enumerate().map(|(i, (key, name, category))| {
        status::ActiveModel {
            project_id: Set(created.id),
            key: Set((*key).to_owned()),
            name: Set((*name).to_owned()),
            category: Set(*category),
            position: Set(i as i32),
            ..Default::default()
        }
    }))
    .exec(txn)
    .await?;
    Ok(created)
}

/// Project managers and workspace admins may add members.
pub async fn add_member(
    store: &Store,
    viewer: &Viewer,
    project_key: &str,
    username: &str,
    role: ProjectRole,
) -> Result<project_member::Model> {
    require_write(viewer)?;
    let project = project::Entity::find()
        .filter(project::Column::Key.eq(project_key))
        .filter(project::Column::Id.in_subquery(visible_project_ids(viewer)))
        .one(&store.db)
        .await?
        .ok_or_else(|| StoreError::not_found(format!("no project with key {}", echo(project_key))))?;
    let manages = project_member::Entity::find()
        .filter(project_member::Column::ProjectId.eq(project.id))
        .filter(project_member::Column::UserId.eq(viewer.user_id))
        .filter(project_member::Column::Role.eq(ProjectRole::Manager))
        .one(&store.db)
        .await?
        .is_some();
    let administers = workspace_member::Entity::find()
        .filter(workspace_member::Column::WorkspaceId.eq(project.workspace_id))
        .filter(workspace_member::Column::UserId.eq(viewer.user_id))
        .filter(workspace_member::Column::Role.eq(WorkspaceRole::Admin))
        .one(&store.db)
        .await?
        .is_some();
    if !manages && !administers {
        return Err(StoreError::forbidden(
            format!("only managers of {} and admins of its workspace add members", echo(project_key)),
            "ask a project manager",
        ));
    }
    let user = user::Entity::find()
        .filter(user::Column::Username.eq(input::nfc(username)))
        .one(&store.db)
        .await?
        .ok_or_else(|| {
            StoreError::bad_input(format!("`username`: no user named {}", echo(username)), "name people by username")
        })?;
    insert_member(&store.db, project.id, user.id, role).await.on_violation(&PROJECT_MEMBER, || {
        StoreError::conflict(
            format!("{} is already a member of {}", echo(username), echo(project_key)),
            "nothing to do",
        )
    })
}

/// Makes the user a member of the project in that role.
pub(crate) async fn insert_member(
    db: &impl ConnectionTrait,
    project_id: i64,
    user_id: i64,
    role: ProjectRole,
) -> Result<project_member::Model, DbErr> {
    project_member::ActiveModel {
        project_id: Set(project_id),
        user_id: Set(user_id),
        role: Set(role),
        ..Default::default()
    }
    .insert(db)
    .await
}
