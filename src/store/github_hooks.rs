//! GitHub changes in: a project bound to its repository and the secret
//! GitHub signs with (made by the operator), found by the project's key
//! when a delivery comes; each delivery recorded in the transaction that
//! applies it (`ImportWrites::first_delivery`), so a replay is refused
//! and a delivery that failed may come again. A binding learns GitHub's
//! id of its repository from the first delivery, and follows a rename.

use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};

use entity::{github_delivery, github_hook, project, task};

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
            repository_id: Set(None),
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

    /// Whether a delivery from `repository` (GitHub's `full_name`, lower
    /// case) with GitHub's repository `id` is the bound repository's: by
    /// name, or by id once a rename changed the name. The first delivery
    /// teaches the binding its id; a rename moves the binding and the
    /// project's source keys (`owner/repo#12`) to the new name, so that
    /// later deliveries, `sync github` and imports find the same tasks.
    pub async fn github_repository_matches(
        &self,
        hook: &github_hook::Model,
        repository: &str,
        id: Option<i64>,
    ) -> Result<bool> {
        let same_name = repository == hook.repository;
        let renamed = !same_name && id.is_some() && hook.repository_id == id;
        if !(same_name || renamed) {
            return Ok(false);
        }
        if same_name && (hook.repository_id.is_some() || id.is_none()) {
            return Ok(true);
        }
        let txn = super::begin_write(&self.db).await?;
        if renamed {
            let old_prefix = format!("{}#", hook.repository);
            let prefix_chars = i32::try_from(old_prefix.len()).unwrap_or(i32::MAX);
            // Placeholders as each backend writes them.
            let (renamed_key, has_old_prefix) = match self.db.get_database_backend() {
                sea_orm::DatabaseBackend::Postgres => {
                    ("$1 || substr(source_key, $2)", "substr(source_key, 1, $1) = $2")
                }
                _ => ("? || substr(source_key, ?)", "substr(source_key, 1, ?) = ?"),
            };
            task::Entity::update_many()
                .col_expr(
                    task::Column::SourceKey,
                    Expr::cust_with_values(
                        renamed_key,
                        [sea_orm::Value::from(format!("{repository}#")), prefix_chars.saturating_add(1).into()],
                    ),
                )
                .filter(task::Column::ProjectId.eq(hook.project_id))
                .filter(task::Column::SourceSystem.eq(super::sources::SourceSystem::Github.as_str()))
                .filter(Expr::cust_with_values(has_old_prefix, [sea_orm::Value::from(prefix_chars), old_prefix.into()]))
                .exec(&txn)
                .await?;
            tracing::info!(from = %hook.repository, to = repository, "a bound GitHub repository was renamed");
        }
        let mut row: github_hook::ActiveModel = hook.clone().into();
        row.repository = Set(repository.to_owned());
        row.repository_id = Set(id);
        row.update(&txn).await?;
        txn.commit().await?;
        Ok(true)
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
