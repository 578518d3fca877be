//! Who a bearer token is: the `Viewer` it resolves to (one statement per
//! request), and the check again that a token held longer than a request
//! (MCP over stdio) still stands.

use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, FromQueryResult, JoinType, QueryFilter,
    QuerySelect, QueryTrait, Set,
};

use entity::{api_token, user};

use super::{StoreError, now};
use crate::auth::{TOKEN_PREFIX, hash_token};

/// Who is calling, as established by their token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Viewer {
    pub user_id: i64,
    pub username: String,
    pub token_id: i64,
    /// The token only reaches this workspace.
    pub workspace_scope: Option<i64>,
    pub read_only: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    #[error("missing bearer token")]
    Missing,
    #[error("unknown or revoked token")]
    Invalid,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// How stale `last_used_at` may get before a request writes it again: one
/// write per token per minute instead of one per request.
const LAST_USED_GRANULARITY_SECS: i64 = 60;

/// The columns of a token's row and its user that a request needs, read in
/// one statement.
#[derive(Debug, FromQueryResult)]
struct TokenOwner {
    token_id: i64,
    user_id: i64,
    username: String,
    workspace_id: Option<i64>,
    read_only: bool,
    last_used_at: Option<DateTime<Utc>>,
}

pub async fn authenticate(db: &DatabaseConnection, token: &str) -> Result<Viewer, AuthError> {
    if !token.starts_with(TOKEN_PREFIX) {
        return Err(AuthError::Invalid);
    }
    let mut select = api_token::Entity::find()
        .select_only()
        .column_as(api_token::Column::Id, "token_id")
        .column(api_token::Column::UserId)
        .column_as(Expr::col((user::Entity, user::Column::Username)), "username")
        .column(api_token::Column::WorkspaceId)
        .column(api_token::Column::ReadOnly)
        .column(api_token::Column::LastUsedAt)
        .filter(api_token::Column::TokenHash.eq(hash_token(token)))
        .filter(api_token::Column::RevokedAt.is_null());
    QueryTrait::query(&mut select).join(
        JoinType::InnerJoin,
        user::Entity,
        Expr::col((user::Entity, user::Column::Id)).equals((api_token::Entity, api_token::Column::UserId)),
    );
    let owner = select.into_model::<TokenOwner>().one(db).await.map_err(StoreError::from)?.ok_or(AuthError::Invalid)?;
    let now = now();
    let stale =
        owner.last_used_at.is_none_or(|at: DateTime<Utc>| (now - at).num_seconds() >= LAST_USED_GRANULARITY_SECS);
    if stale {
        api_token::ActiveModel { id: Set(owner.token_id), last_used_at: Set(Some(now)), ..Default::default() }
            .update(db)
            .await
            .map_err(StoreError::from)?;
    }
    Ok(Viewer {
        user_id: owner.user_id,
        username: owner.username,
        token_id: owner.token_id,
        workspace_scope: owner.workspace_id,
        read_only: owner.read_only,
    })
}

/// Checks again that a viewer's token stands, for callers that hold a
/// viewer longer than one request (MCP over stdio).
pub async fn revalidate(db: &DatabaseConnection, viewer: &Viewer) -> Result<(), AuthError> {
    match super::tokens::still_valid(db, viewer.token_id).await? {
        true => Ok(()),
        false => Err(AuthError::Invalid),
    }
}
