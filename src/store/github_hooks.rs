//! GitHub changes in: a project bound to its repository and the secret
//! GitHub signs with (made by the operator), found by the project's key
//! when a delivery comes; each delivery recorded in the transaction that
//! applies it (`ImportWrites::first_delivery`), so a replay is refused
//! and a delivery that failed may come again. A binding learns GitHub's
//! id of its repository from its deliveries, and follows a rename
//! (`RepositoryFit`; the rename itself is `ImportWrites::follow_repository`).

use chrono::{DateTime, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};

use entity::{github_delivery, github_hook, project};

use super::{Result, Store, StoreError, now};
use crate::text::echo;

/// `owner/repo` as GitHub names a repository, in lower case.
pub fn repository_name(value: &str) -> Result<String> {
    let value = value.trim().trim_end_matches(".git").to_ascii_lowercase();
    let valid = |part: &str| {
        !part.is_empty() && part.len() <= 100 && part.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
    };
    match value.split_once('/') {
        Some((owner, repo)) if valid(owner) && valid(repo) => Ok(value),
        _ => Err(StoreError::bad_argument(
            "repository",
            format!("{} is not a repository", echo(&value)),
            "write it owner/repo",
        )),
    }
}

/// A delivery's repository, as GitHub writes it.
#[derive(Debug, Clone)]
pub struct SeenRepository {
    /// `full_name`, in GitHub's case.
    pub name: String,
    pub id: Option<i64>,
    pub updated_at: Option<DateTime<Utc>>,
}

/// How a delivery's repository stands to the project's binding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RepositoryFit {
    /// The bound repository under its bound name.
    Same,
    /// The bound repository (by id) under a newer name: the binding and
    /// the project's source keys take it.
    Renamed,
    /// The bound repository (by id) under a name from before its last
    /// known change: a late delivery, read under the current name.
    Late,
    /// Another repository.
    Foreign,
}

impl RepositoryFit {
    pub fn of(hook: &github_hook::Model, seen: &SeenRepository) -> Self {
        let same_name = seen.name.eq_ignore_ascii_case(&hook.repository);
        match (hook.repository_id, seen.id) {
            (Some(known), Some(id)) if known != id => Self::Foreign,
            _ if same_name => Self::Same,
            (Some(_), Some(_)) if seen.updated_at > hook.repository_updated_at => Self::Renamed,
            (Some(_), Some(_)) => Self::Late,
            _ => Self::Foreign,
        }
    }
}

/// GitHub's deliveries are kept this long (a replay is refused within it).
pub const DELIVERIES_KEPT_FOR: chrono::TimeDelta = chrono::TimeDelta::days(30);

impl Store {
    /// Binds the project to the repository with a new secret (replacing
    /// any earlier one); the secret, to paste in GitHub's webhook settings.
    pub async fn bind_github(&self, project_key: &str, repository: &str) -> Result<(github_hook::Model, String)> {
        let repository = repository_name(repository)?;
        let project = project::Entity::find()
            .filter(project::Column::Key.eq(project_key))
            .one(&self.db)
            .await?
            .ok_or_else(|| StoreError::not_found(format!("no project with key {}", echo(project_key))))?;
        let secret = hex::encode(rand::random::<[u8; 32]>());
        let txn = super::begin_write(&self.db).await?;
        github_hook::Entity::delete_many().filter(github_hook::Column::ProjectId.eq(project.id)).exec(&txn).await?;
        let hook = github_hook::ActiveModel {
            project_id: Set(project.id),
            repository: Set(repository),
            repository_id: Set(None),
            repository_updated_at: Set(None),
            secret: Set(secret.clone()),
            created_at: Set(now()),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        txn.commit().await?;
        Ok((hook, secret))
    }

    /// Whether a project has this key (for the operator's commands).
    pub async fn project_exists(&self, project_key: &str) -> Result<bool> {
        Ok(project::Entity::find().filter(project::Column::Key.eq(project_key)).one(&self.db).await?.is_some())
    }

    /// The project's binding, by the project's key.
    pub async fn github_hook(&self, project_key: &str) -> Result<Option<github_hook::Model>> {
        let Some(project) = project::Entity::find().filter(project::Column::Key.eq(project_key)).one(&self.db).await?
        else {
            return Ok(None);
        };
        Ok(github_hook::Entity::find().filter(github_hook::Column::ProjectId.eq(project.id)).one(&self.db).await?)
    }

    /// Deletes GitHub deliveries recorded more than `DELIVERIES_KEPT_FOR` ago.
    pub async fn prune_github_deliveries(&self) -> Result<u64> {
        let before = now() - DELIVERIES_KEPT_FOR;
        let pruned = github_delivery::Entity::delete_many()
            .filter(github_delivery::Column::ReceivedAt.lt(before))
            .exec(&self.db)
            .await?;
        Ok(pruned.rows_affected)
    }
}
