//! GitHub changes in: a project bound to its repository and the secret
//! GitHub signs with (made by the operator), found by the project's key
//! when a delivery comes; each delivery recorded in the transaction that
//! applies it (`ImportWrites::first_delivery`), so a replay is refused
//! and a delivery that failed may come again.

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
