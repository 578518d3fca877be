//! Bearer tokens and the `Viewer` they resolve to.
//!
//! A token is `tl_` and 43 base64url characters of randomness; only its
//! SHA-256 is stored, so a leaked database leaks no usable token. What a
//! viewer may see is decided in `store::visibility`, not here.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Utc};
use rand::RngCore;
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, FromQueryResult, JoinType, QueryFilter,
    QuerySelect, QueryTrait, Set,
};
use sha2::{Digest, Sha256};

use entity::{api_token, user, workspace};

use crate::store::{StoreError, now};

pub const TOKEN_PREFIX: &str = "tl_";

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

pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

fn generate_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    format!("{TOKEN_PREFIX}{}", URL_SAFE_NO_PAD.encode(bytes))
}

/// Extracts the token of an `Authorization: Bearer ...` header value.
pub fn bearer(header: &str) -> Option<&str> {
    let (scheme, token) = header.trim().split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then_some(token)
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
    match crate::store::tokens::still_valid(db, viewer.token_id).await? {
        true => Ok(()),
        false => Err(AuthError::Invalid),
    }
}

/// Creates a token for `username` and returns its text, which is shown once.
pub async fn create_token(
    db: &DatabaseConnection,
    username: &str,
    workspace_key: Option<&str>,
    read_only: bool,
    name: &str,
) -> Result<String, StoreError> {
    let user = user::Entity::find()
        .filter(user::Column::Username.eq(crate::store::input::nfc(username)))
        .one(db)
        .await?
        .ok_or_else(|| StoreError::not_found(format!("no user named {}", crate::text::echo(username))))?;
    let workspace_id = match workspace_key {
        None => None,
        Some(key) => Some(
            workspace::Entity::find()
                .filter(workspace::Column::Key.eq(key))
                .one(db)
                .await?
                .ok_or_else(|| StoreError::not_found(format!("no workspace with key {}", crate::text::echo(key))))?
                .id,
        ),
    };
    insert_token(db, user.id, workspace_id, read_only, name, None).await.map(|(token, _)| token)
}

/// Stores a new token's hash and returns its text, which exists nowhere else.
pub async fn insert_token(
    db: &DatabaseConnection,
    user_id: i64,
    workspace_id: Option<i64>,
    read_only: bool,
    name: &str,
    parent_id: Option<i64>,
) -> Result<(String, api_token::Model), StoreError> {
    let token = generate_token();
    let row = api_token::ActiveModel {
        user_id: Set(user_id),
        name: Set(name.to_owned()),
        token_hash: Set(hash_token(&token)),
        workspace_id: Set(workspace_id),
        read_only: Set(read_only),
        created_at: Set(now()),
        parent_id: Set(parent_id),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok((token, row))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bearer_accepts_any_case_scheme_and_rejects_empty() {
        assert_eq!(bearer("Bearer tl_abc"), Some("tl_abc"));
        assert_eq!(bearer("bearer  tl_abc "), Some("tl_abc"));
        assert_eq!(bearer("Basic xyz"), None);
        assert_eq!(bearer("Bearer "), None);
    }

    #[test]
    fn tokens_are_random_and_hashed() {
        let a = generate_token();
        assert!(a.starts_with(TOKEN_PREFIX) && a.len() == 46);
        assert_ne!(a, generate_token());
        assert_eq!(hash_token(&a).len(), 64);
        assert_ne!(hash_token(&a), a);
    }
}
