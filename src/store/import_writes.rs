//! The store's side of an import from another tracker: one write
//! transaction and the batched reads and writes an importer
//! (`crate::import::writer`) makes through it. What a task write checks,
//! its numbering, a row's change and its revision, labels and coworkers
//! and the change log are `task_writes`' own; this adds the lookups by
//! source key and the multi-row inserts an import needs for speed.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, DatabaseTransaction, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};

use entity::{
    Priority, ProjectRole, TaskKind, comment, external_user, github_delivery, github_hook, label, project,
    project_member, status, task, user, workspace,
};

use super::sources::{SourceSystem, hex_color};
use super::task_writes::fields::RowChange;
use super::task_writes::log::{Changes, EventLog};
use super::task_writes::{Replaced, coworker_rows, label_rows, numbers, replace_coworkers, replace_labels};
use super::users::{NewUser, insert_user};
use super::{Result, StoreError, begin_write, input, now, project_writes};
use crate::text::echo;

/// A task as an import makes it.
pub(crate) struct ImportedTask {
    pub project_id: i64,
    pub number: i32,
    pub title: String,
    pub description: Option<String>,
    pub status_id: i64,
    pub priority: Priority,
    pub kind: TaskKind,
    pub assignee_id: Option<i64>,
    pub due_date: Option<NaiveDate>,
    pub created_by_id: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub completed_at: Option<DateTime<Utc>>,
    pub source_system: SourceSystem,
    pub source_key: String,
    pub source_url: Option<String>,
    pub source_state: Option<String>,
}

/// A comment as an import makes it.
pub(crate) struct ImportedComment {
    pub task_id: i64,
    pub author_id: i64,
    pub body: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub source_key: String,
}

/// An import's write transaction: committed when every file was read
/// whole, rolled back otherwise or for a dry run.
pub struct ImportWrites {
    txn: DatabaseTransaction,
}

impl ImportWrites {
    pub async fn begin(db: &DatabaseConnection) -> Result<Self> {
        Ok(Self { txn: begin_write(db).await? })
    }
}

impl super::Store {
    /// An import's transaction on the store's database.
    pub async fn begin_import(&self) -> Result<ImportWrites> {
        ImportWrites::begin(&self.db).await
    }
}

impl ImportWrites {
    /// Records a GitHub delivery applied in this transaction; false when
    /// it was applied before (a replay).
    pub(crate) async fn first_delivery(&self, hook_id: i64, delivery_id: &str, event: &str) -> Result<bool> {
        let inserted = github_delivery::ActiveModel {
            hook_id: Set(hook_id),
            delivery_id: Set(delivery_id.to_owned()),
            event: Set(event.to_owned()),
            received_at: Set(now()),
            ..Default::default()
        }
        .insert(&self.txn)
        .await;
        match inserted {
            Ok(_) => Ok(true),
            Err(err) if super::db_error::classify(&err) == super::db_error::Failure::UniqueViolation => Ok(false),
            Err(err) => Err(err.into()),
        }
    }

    /// Moves the binding to what a delivery says of its repository (its
    /// id, its newest change, its name as GitHub writes it), and on a
    /// rename the project's source keys (`acme/api#12`, in any case) with
    /// it. False when the project already holds tasks under the new name,
    /// which are then not merged.
    pub(crate) async fn follow_repository(
        &self,
        hook: &github_hook::Model,
        seen: &super::github_hooks::SeenRepository,
        fit: super::github_hooks::RepositoryFit,
    ) -> Result<bool> {
        use super::github_hooks::RepositoryFit;
        let unchanged = hook.repository == seen.name
            && hook.repository_id == seen.id
            && seen.updated_at <= hook.repository_updated_at;
        if fit == RepositoryFit::Same && unchanged || matches!(fit, RepositoryFit::Late | RepositoryFit::Foreign) {
            return Ok(true);
        }
        if fit == RepositoryFit::Renamed && !self.rename_source_keys(hook, &seen.name).await? {
            return Ok(false);
        }
        let mut row: github_hook::ActiveModel = hook.clone().into();
        row.repository = Set(seen.name.clone());
        row.repository_id = Set(seen.id.or(hook.repository_id));
        row.repository_updated_at = Set(seen.updated_at.max(hook.repository_updated_at));
        row.update(&self.txn).await?;
        Ok(true)
    }

    /// `old#N` becomes `new#N` for the project's GitHub tasks, the old name
    /// matched in any case; false when a new key is taken already.
    async fn rename_source_keys(&self, hook: &github_hook::Model, new_name: &str) -> Result<bool> {
        let old_prefix = format!("{}#", hook.repository.to_lowercase());
        let prefix_chars = i32::try_from(old_prefix.chars().count()).unwrap_or(i32::MAX);
        // Placeholders as each backend writes them.
        let (renamed_key, has_old_prefix) = match self.txn.get_database_backend() {
            sea_orm::DatabaseBackend::Postgres => {
                ("$1 || substr(source_key, $2)", "lower(substr(source_key, 1, $1)) = $2")
            }
            _ => ("? || substr(source_key, ?)", "lower(substr(source_key, 1, ?)) = ?"),
        };
        let renamed = task::Entity::update_many()
            .col_expr(
                task::Column::SourceKey,
                Expr::cust_with_values(
                    renamed_key,
                    [sea_orm::Value::from(format!("{new_name}#")), prefix_chars.saturating_add(1).into()],
                ),
            )
            .filter(task::Column::ProjectId.eq(hook.project_id))
            .filter(task::Column::SourceSystem.eq(SourceSystem::Github.as_str()))
            .filter(Expr::cust_with_values(has_old_prefix, [sea_orm::Value::from(prefix_chars), old_prefix.into()]))
            .exec(&self.txn)
            .await;
        match renamed {
            Ok(_) => {
                tracing::info!(from = %hook.repository, to = new_name, "a bound GitHub repository was renamed");
                Ok(true)
            }
            Err(err) if super::db_error::classify(&err) == super::db_error::Failure::UniqueViolation => Ok(false),
            Err(err) => Err(err.into()),
        }
    }

    pub async fn commit(self) -> Result<()> {
        Ok(self.txn.commit().await?)
    }

    pub async fn rollback(self) -> Result<()> {
        Ok(self.txn.rollback().await?)
    }

    pub(crate) async fn project(&self, key: &str) -> Result<Option<project::Model>> {
        Ok(project::Entity::find().filter(project::Column::Key.eq(key)).one(&self.txn).await?)
    }

    /// A project for the import, in the workspace named or the only one (a
    /// first workspace is made on an empty database), with the default
    /// workflow. Admins of the workspace see it; the people of the import
    /// become its participants as they are met.
    pub(crate) async fn create_project(
        &self,
        key: &str,
        workspace: Option<&str>,
        name: &str,
    ) -> Result<project::Model> {
        let key = project_writes::validate_key(key)?;
        let name = input::single_line("name", name, input::MAX_NAME_CHARS)?;
        let workspaces = workspace::Entity::find().order_by_asc(workspace::Column::Key).all(&self.txn).await?;
        let ws = match workspace {
            Some(wanted) => workspaces
                .into_iter()
                .find(|w| w.key == wanted)
                .ok_or_else(|| StoreError::not_found(format!("no workspace with key {}", echo(wanted))))?,
            None if workspaces.is_empty() => {
                workspace::ActiveModel {
                    key: Set(key.clone()),
                    name: Set(name.clone()),
                    created_at: Set(now()),
                    ..Default::default()
                }
                .insert(&self.txn)
                .await?
            }
            None if workspaces.len() == 1 => workspaces.into_iter().next().expect("one workspace"),
            None => {
                let keys: Vec<String> = workspaces.into_iter().map(|w| w.key).collect();
                return Err(StoreError::bad_argument(
                    "workspace",
                    format!(
                        "project {} does not exist and there are {} workspaces to make it in",
                        echo(&key),
                        keys.len()
                    ),
                    format!("name one with --workspace: {}", keys.join(", ")),
                ));
            }
        };
        project_writes::insert_project(&self.txn, ws.id, &key, &name, None).await
    }

    /// The project's statuses in their order.
    pub(crate) async fn statuses(&self, project_id: i64) -> Result<Vec<status::Model>> {
        Ok(status::Entity::find()
            .filter(status::Column::ProjectId.eq(project_id))
            .order_by_asc(status::Column::Position)
            .all(&self.txn)
            .await?)
    }

    pub(crate) async fn labels(&self, project_id: i64) -> Result<Vec<label::Model>> {
        Ok(label::Entity::find().filter(label::Column::ProjectId.eq(project_id)).all(&self.txn).await?)
    }

    pub(crate) async fn member_ids(&self, project_id: i64) -> Result<HashSet<i64>> {
        let members =
            project_member::Entity::find().filter(project_member::Column::ProjectId.eq(project_id)).all(&self.txn);
        Ok(members.await?.into_iter().map(|m| m.user_id).collect())
    }

    /// Locks the project's numbering until the commit; its largest number.
    pub(crate) async fn lock_numbers(&self, project_id: i64) -> Result<i32> {
        Ok(numbers::lock_numbers(&self.txn, project_id).await?)
    }

    /// The project's tasks from `system` with these source keys, deleted
    /// ones too, locked until the commit: a concurrent write of one of
    /// them waits, so revisions move on from what the import read.
    pub(crate) async fn tasks_by_source(
        &self,
        project_id: i64,
        system: SourceSystem,
        keys: Vec<&str>,
    ) -> Result<HashMap<String, task::Model>> {
        Ok(task::Entity::find()
            .filter(task::Column::ProjectId.eq(project_id))
            .filter(task::Column::SourceSystem.eq(system.as_str()))
            .filter(task::Column::SourceKey.is_in(keys))
            .lock_exclusive()
            .all(&self.txn)
            .await?
            .into_iter()
            .filter_map(|t| Some((t.source_key.clone()?, t)))
            .collect())
    }

    /// The ids of the project's live tasks from `system` with these keys.
    pub(crate) async fn task_ids_by_source(
        &self,
        project_id: i64,
        system: SourceSystem,
        keys: HashSet<&str>,
    ) -> Result<Vec<(String, i64)>> {
        Ok(task::Entity::find()
            .select_only()
            .column(task::Column::SourceKey)
            .column(task::Column::Id)
            .filter(task::Column::ProjectId.eq(project_id))
            .filter(task::Column::SourceSystem.eq(system.as_str()))
            .filter(task::Column::SourceKey.is_in(keys))
            .filter(task::Column::DeletedAt.is_null())
            .into_tuple::<(String, i64)>()
            .all(&self.txn)
            .await?)
    }

    /// These tasks, locked until the commit.
    pub(crate) async fn tasks_locked(&self, ids: Vec<i64>) -> Result<HashMap<i64, task::Model>> {
        let tasks = task::Entity::find().filter(task::Column::Id.is_in(ids)).lock_exclusive().all(&self.txn);
        Ok(tasks.await?.into_iter().map(|t| (t.id, t)).collect())
    }

    pub(crate) async fn task_number(&self, task_id: i64) -> Result<Option<i32>> {
        Ok(task::Entity::find_by_id(task_id).one(&self.txn).await?.map(|t| t.number))
    }

    /// Which of these numbers the project's tasks hold.
    pub(crate) async fn numbers_taken(&self, project_id: i64, asked: Vec<i32>) -> Result<HashSet<i32>> {
        Ok(task::Entity::find()
            .select_only()
            .column(task::Column::Number)
            .filter(task::Column::ProjectId.eq(project_id))
            .filter(task::Column::Number.is_in(asked))
            .into_tuple::<i32>()
            .all(&self.txn)
            .await?
            .into_iter()
            .collect())
    }

    /// Inserts new tasks, many to a statement; their ids by number.
    pub(crate) async fn insert_tasks(&self, project_id: i64, tasks: Vec<ImportedTask>) -> Result<HashMap<i32, i64>> {
        let numbers: Vec<i32> = tasks.iter().map(|t| t.number).collect();
        let rows: Vec<task::ActiveModel> = tasks.into_iter().map(task_row).collect();
        task::Entity::insert_many(rows).exec(&self.txn).await?;
        Ok(task::Entity::find()
            .select_only()
            .column(task::Column::Number)
            .column(task::Column::Id)
            .filter(task::Column::ProjectId.eq(project_id))
            .filter(task::Column::Number.is_in(numbers))
            .into_tuple::<(i32, i64)>()
            .all(&self.txn)
            .await?
            .into_iter()
            .collect())
    }

    /// The labels and coworkers of new tasks, by task id.
    pub(crate) async fn insert_links(&self, labels: &[(i64, Vec<i64>)], coworkers: &[(i64, Vec<i64>)]) -> Result<()> {
        let label_links = labels.iter().flat_map(|(task, ids)| label_rows(*task, ids)).collect();
        super::rows::insert_active(&self.txn, label_links).await?;
        let coworker_links = coworkers.iter().flat_map(|(task, ids)| coworker_rows(*task, ids)).collect();
        super::rows::insert_active(&self.txn, coworker_links).await?;
        Ok(())
    }

    pub(crate) async fn replace_labels(&self, task_id: i64, wanted: &[i64]) -> Result<Option<Replaced>> {
        Ok(replace_labels(&self.txn, task_id, wanted).await?)
    }

    pub(crate) async fn replace_coworkers(&self, task_id: i64, wanted: &[i64]) -> Result<Option<Replaced>> {
        Ok(replace_coworkers(&self.txn, task_id, wanted).await?)
    }

    /// Writes a task's row change; what changed, to file.
    pub(crate) async fn write_change(&self, change: RowChange) -> Result<(task::Model, Changes)> {
        Ok(change.write(&self.txn).await?)
    }

    /// Writes the events filed so far; how many.
    pub(crate) async fn write_log(&self, log: &mut EventLog) -> Result<u64> {
        Ok(log.write(&self.txn).await?)
    }

    /// Tells live subscribers on other gateways to read the log at commit.
    pub(crate) async fn notify(&self) -> Result<()> {
        Ok(super::feed::notify_in(&self.txn).await?)
    }

    /// The imported comments of these tasks, by task and source key. By
    /// task alone: a filter on both columns would make SQLite probe the
    /// index for every pair of the two lists.
    pub(crate) async fn imported_comments(
        &self,
        task_ids: HashSet<i64>,
    ) -> Result<HashMap<(i64, String), comment::Model>> {
        Ok(comment::Entity::find()
            .filter(comment::Column::TaskId.is_in(task_ids))
            .filter(comment::Column::SourceKey.is_not_null())
            .all(&self.txn)
            .await?
            .into_iter()
            .filter_map(|c| Some(((c.task_id, c.source_key.clone()?), c)))
            .collect())
    }

    pub(crate) async fn update_comment(
        &self,
        current: &comment::Model,
        body: String,
        author_id: i64,
        updated_at: DateTime<Utc>,
    ) -> Result<()> {
        let mut row: comment::ActiveModel = current.clone().into();
        row.body = Set(body);
        row.author_id = Set(author_id);
        row.updated_at = Set(updated_at);
        row.update(&self.txn).await?;
        Ok(())
    }

    pub(crate) async fn insert_comments(&self, comments: Vec<ImportedComment>) -> Result<()> {
        let rows = comments
            .into_iter()
            .map(|c| comment::ActiveModel {
                task_id: Set(c.task_id),
                author_id: Set(c.author_id),
                body: Set(c.body),
                created_at: Set(c.created_at),
                updated_at: Set(c.updated_at),
                deleted_at: Set(None),
                source_key: Set(Some(c.source_key)),
                ..Default::default()
            })
            .collect();
        Ok(super::rows::insert_active(&self.txn, rows).await?)
    }

    /// The user bound to an account of another system.
    pub(crate) async fn bound_user(&self, system: &str, external_id: &str) -> Result<Option<i64>> {
        let binding = external_user::Entity::find()
            .filter(external_user::Column::System.eq(system))
            .filter(external_user::Column::ExternalId.eq(external_id))
            .one(&self.txn)
            .await?;
        Ok(binding.map(|b| b.user_id))
    }

    pub(crate) async fn bind_user(&self, system: &str, external_id: String, user_id: i64) -> Result<()> {
        external_user::ActiveModel {
            system: Set(system.to_owned()),
            external_id: Set(external_id),
            user_id: Set(user_id),
            ..Default::default()
        }
        .insert(&self.txn)
        .await?;
        Ok(())
    }

    /// The first user whose username is `name` in any case (GitHub's
    /// logins are the same in any case).
    pub(crate) async fn user_named_in_any_case(&self, name: &str) -> Result<Option<user::Model>> {
        use sea_orm::sea_query::{Expr, ExprTrait, Func};
        let name = input::nfc(name).to_lowercase();
        let lower = Func::lower(Expr::col(user::Column::Username));
        Ok(user::Entity::find()
            .filter(Expr::expr(lower).eq(name))
            .order_by_asc(user::Column::Id)
            .one(&self.txn)
            .await?)
    }

    pub(crate) async fn user_with_email(&self, email: &str) -> Result<Option<user::Model>> {
        Ok(user::Entity::find().filter(user::Column::Email.eq(email)).one(&self.txn).await?)
    }

    /// `base` or `base-N` for the first N from `from` not taken; the N.
    pub(crate) async fn free_username(&self, base: &str, from: u32) -> Result<(String, u32)> {
        Ok(super::users::free_username(&self.txn, base, from).await?)
    }

    pub(crate) async fn insert_user(&self, new: NewUser) -> Result<user::Model> {
        Ok(insert_user(&self.txn, new).await?)
    }

    /// Makes the user a participant of the project unless a member already.
    pub(crate) async fn ensure_member(&self, project_id: i64, user_id: i64) -> Result<()> {
        let already = project_member::Entity::find()
            .filter(project_member::Column::ProjectId.eq(project_id))
            .filter(project_member::Column::UserId.eq(user_id))
            .one(&self.txn)
            .await?;
        if already.is_none() {
            project_writes::insert_member(&self.txn, project_id, user_id, ProjectRole::Participant).await?;
        }
        Ok(())
    }

    pub(crate) async fn usernames(&self, ids: Vec<i64>) -> Result<Vec<(i64, String)>> {
        let users = user::Entity::find().filter(user::Column::Id.is_in(ids)).all(&self.txn).await?;
        Ok(users.into_iter().map(|u| (u.id, u.username)).collect())
    }

    /// A label of the project; its colour kept when it is a hex colour.
    pub(crate) async fn insert_label(
        &self,
        project_id: i64,
        name: String,
        color: Option<&str>,
    ) -> Result<label::Model> {
        Ok(label::ActiveModel {
            project_id: Set(project_id),
            name: Set(name),
            color: Set(color.and_then(hex_color)),
            ..Default::default()
        }
        .insert(&self.txn)
        .await?)
    }
}

fn task_row(t: ImportedTask) -> task::ActiveModel {
    task::ActiveModel {
        project_id: Set(t.project_id),
        number: Set(t.number),
        title: Set(t.title),
        description: Set(t.description),
        status_id: Set(t.status_id),
        priority: Set(t.priority),
        kind: Set(t.kind),
        parent_id: Set(None),
        assignee_id: Set(t.assignee_id),
        due_date: Set(t.due_date),
        created_by_id: Set(t.created_by_id),
        created_at: Set(t.created_at),
        updated_at: Set(t.updated_at),
        completed_at: Set(t.completed_at),
        deleted_at: Set(None),
        source_system: Set(Some(t.source_system.as_str().to_owned())),
        source_key: Set(Some(t.source_key)),
        source_url: Set(t.source_url),
        source_state: Set(t.source_state),
        revision: Set(1),
        board_rank: Set(super::task_writes::placement::new_task_rank(t.number)),
        ..Default::default()
    }
}
