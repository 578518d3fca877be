//! The caller's own API tokens: listed (never their text), created, revoked.

use async_graphql::{Context, ID, Object, SimpleObject};
use chrono::{DateTime, Utc};

use entity::api_token;

use super::ids;
use super::loaders::WorkspaceKey;
use super::loaders::load;
use super::workspace::Workspace;

pub struct ApiToken(pub api_token::Model);

#[Object]
impl ApiToken {
    /// The token's id, for `revokeApiToken`; `tasklens token list` shows
    /// the same token by its number.
    async fn id(&self) -> ID {
        ids::encode("ApiToken", self.0.id)
    }
    /// The number `tasklens token revoke` takes.
    async fn number(&self) -> i64 {
        self.0.id
    }
    async fn name(&self) -> &str {
        &self.0.name
    }
    /// The one workspace the token reaches, when it is scoped.
    async fn workspace(&self, ctx: &Context<'_>) -> async_graphql::Result<Option<Workspace>> {
        let Some(id) = self.0.workspace_id else { return Ok(None) };
        Ok(load(ctx, WorkspaceKey(id)).await?.map(Workspace))
    }
    async fn read_only(&self) -> bool {
        self.0.read_only
    }
    async fn created_at(&self) -> DateTime<Utc> {
        self.0.created_at
    }
    /// Within a minute.
    async fn last_used_at(&self) -> Option<DateTime<Utc>> {
        self.0.last_used_at
    }
    async fn revoked_at(&self) -> Option<DateTime<Utc>> {
        self.0.revoked_at
    }
}

/// A new token: its text is shown here once and stored nowhere.
#[derive(SimpleObject)]
pub struct CreatedApiToken {
    /// `tl_...`: send it as `Authorization: Bearer tl_...`.
    pub token: String,
    pub api_token: ApiToken,
}
