//! Who a bearer token is: the `Viewer` it resolves to (one statement, which
//! `ViewerCache` saves most requests), and the check again that a token held longer than a request
//! (MCP over stdio) still stands. A verified OAuth access token is a user
//! of tasklens through a token row of its own (`oauth_viewer`): revoking
//! that row shuts the user's OAuth access, and agent sessions and
//! graphql-ws connections hang on it as on any token.

use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, FromQueryResult, JoinType, QueryFilter,
    QuerySelect, QueryTrait, Set,
};

use entity::{api_token, user};

pub use super::viewer::Viewer;
use super::{StoreError, now};
use crate::auth::{TOKEN_PREFIX, hash_token};

#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    #[error("missing bearer token")]
    Missing,
    #[error("unknown or revoked token")]
    Invalid,
    /// An OAuth access token that does not verify, or names no user here.
    #[error("{0}")]
    Rejected(String),
    /// An OAuth access token without the scope to read.
    #[error("the access token lacks the scope {0}")]
    InsufficientScope(String),
    /// The authorization server's keys cannot be read right now.
    #[error("{0}")]
    Unavailable(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// How stale `last_used_at` may get before a request writes it again: one
/// write per token per minute instead of one per request.
pub(super) const LAST_USED_GRANULARITY_SECS: i64 = 60;

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

/// The viewer of a `tl_` token, read from the database (requests go
/// through `ViewerCache`, which remembers it).
pub async fn authenticate(db: &DatabaseConnection, token: &str) -> Result<Viewer, AuthError> {
    if !token.starts_with(TOKEN_PREFIX) {
        return Err(AuthError::Invalid);
    }
    viewer_of_hash(db, &hash_token(token)).await
}

/// The viewer of the token with this hash, in one statement (and a write
/// of its last use, once a minute).
pub(super) async fn viewer_of_hash(db: &DatabaseConnection, hash: &str) -> Result<Viewer, AuthError> {
    let mut select = api_token::Entity::find()
        .select_only()
        .column_as(api_token::Column::Id, "token_id")
        .column(api_token::Column::UserId)
        .column_as(Expr::col((user::Entity, user::Column::Username)), "username")
        .column(api_token::Column::WorkspaceId)
        .column(api_token::Column::ReadOnly)
        .column(api_token::Column::LastUsedAt)
        .filter(api_token::Column::TokenHash.eq(hash))
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
        mark_used(db, owner.token_id, now).await?;
    }
    Ok(Viewer {
        user_id: owner.user_id,
        username: owner.username,
        token_id: owner.token_id,
        workspace_scope: owner.workspace_id,
        read_only: owner.read_only,
        lacks_write_scope: false,
        expires_at: None,
    })
}

/// Writes a token's last use.
pub(super) async fn mark_used(db: &DatabaseConnection, token_id: i64, at: DateTime<Utc>) -> Result<(), StoreError> {
    api_token::ActiveModel { id: Set(token_id), last_used_at: Set(Some(at)), ..Default::default() }.update(db).await?;
    Ok(())
}

/// A user as a verified OAuth access token names them.
pub struct OAuthIdentity<'a> {
    pub issuer: &'a str,
    /// The issuer's stable id of the person (`sub`).
    pub subject: &'a str,
    pub username: &'a str,
    pub display_name: Option<&'a str>,
    /// Create the user when there is none of that name.
    pub provision: bool,
    pub can_write: bool,
    pub expires_at: DateTime<Utc>,
}

/// The viewer of a verified OAuth access token: the user its claim names
/// (created when `provision` allows), through the token row that binds the
/// issuer's subject to that user. The first sign-in makes the binding; a
/// later token of another subject naming the same user (a name reused or
/// taken at the provider) is refused, as is one of the same subject naming
/// another user. Revoking the row shuts the binding; a new sign-in makes a
/// new one.
pub async fn oauth_viewer(db: &DatabaseConnection, identity: &OAuthIdentity<'_>) -> Result<Viewer, AuthError> {
    let user = oauth_user(db, identity).await?;
    let row = oauth_binding(db, identity, &user).await?;
    if row.user_id != user.id {
        return Err(AuthError::Rejected("this identity of the issuer is bound to another tasklens user".to_owned()));
    }
    if row.revoked_at.is_some() {
        let why = format!("OAuth access of {} is revoked here", crate::text::echo(&user.username));
        return Err(AuthError::Rejected(why));
    }
    let now = now();
    if row.last_used_at.is_none_or(|at| (now - at).num_seconds() >= LAST_USED_GRANULARITY_SECS) {
        mark_used(db, row.id, now).await?;
    }
    Ok(Viewer {
        user_id: user.id,
        username: user.username,
        token_id: row.id,
        workspace_scope: None,
        read_only: row.read_only || !identity.can_write,
        lacks_write_scope: !identity.can_write,
        expires_at: Some(identity.expires_at),
    })
}

/// The user the token's claim names, created when `provision` allows.
async fn oauth_user(db: &DatabaseConnection, identity: &OAuthIdentity<'_>) -> Result<user::Model, AuthError> {
    let rejected = |why: String| AuthError::Rejected(why);
    // The username's own bound applies when the user is made (below): a
    // user stored before it, with a longer name, still signs in.
    let name = super::input::single_line("username", identity.username, super::input::MAX_NAME_CHARS)
        .map_err(|err| rejected(format!("the token's user name cannot be a tasklens user: {err}")))?;
    if let Some(user) = user_named(db, &name).await? {
        return Ok(user);
    }
    if !identity.provision {
        return Err(rejected(format!(
            "no tasklens user is named {}; an administrator creates it (`tasklens user create`), or the \
             server provisions users with --oauth-provision",
            crate::text::echo(&name)
        )));
    }
    match super::users::create(db, &name, identity.display_name, None, false).await {
        Ok(user) => Ok(user),
        // Made by a request of the same user a moment ago.
        Err(err) if err.code() == crate::error_code::ErrorCode::Conflict => {
            user_named(db, &name).await?.ok_or(AuthError::Invalid)
        }
        Err(err) if err.code() == crate::error_code::ErrorCode::BadUserInput => {
            Err(rejected(format!("the token's user name cannot be a tasklens user: {err}")))
        }
        Err(err) => Err(err.into()),
    }
}

/// The token row binding the issuer's subject to a user: found, or made on
/// the first sign-in unless `user` is bound to another subject already.
async fn oauth_binding(
    db: &DatabaseConnection,
    identity: &OAuthIdentity<'_>,
    user: &user::Model,
) -> Result<api_token::Model, AuthError> {
    let hash = crate::auth::hash_token(&format!("oauth\n{}\n{}", identity.issuer, identity.subject));
    if let Some(row) = binding(db, &hash).await? {
        return Ok(row);
    }
    let other = api_token::Entity::find()
        .filter(api_token::Column::UserId.eq(user.id))
        .filter(api_token::Column::Name.eq(OAUTH_TOKEN_NAME))
        .filter(api_token::Column::RevokedAt.is_null())
        .one(db)
        .await
        .map_err(StoreError::from)?;
    if other.is_some() {
        return Err(AuthError::Rejected(format!(
            "the tasklens user {} signs in as another identity of the issuer; an administrator revokes \
             its `oauth` token to bind it anew",
            crate::text::echo(&user.username)
        )));
    }
    let inserted = api_token::ActiveModel {
        user_id: Set(user.id),
        name: Set(OAUTH_TOKEN_NAME.to_owned()),
        token_hash: Set(hash.clone()),
        workspace_id: Set(None),
        read_only: Set(false),
        created_at: Set(now()),
        last_used_at: Set(Some(now())),
        parent_id: Set(None),
        ..Default::default()
    }
    .insert(db)
    .await;
    match inserted {
        Ok(row) => Ok(row),
        // Another request of the same identity made it first.
        Err(err) if super::db_error::classify(&err) == super::db_error::Failure::UniqueViolation => {
            binding(db, &hash).await?.ok_or(AuthError::Invalid)
        }
        Err(err) => Err(StoreError::from(err).into()),
    }
}

/// The name of the token rows that bind OAuth identities.
const OAUTH_TOKEN_NAME: &str = "oauth";

async fn user_named(db: &DatabaseConnection, name: &str) -> Result<Option<user::Model>, AuthError> {
    let found = user::Entity::find().filter(user::Column::Username.eq(name)).one(db).await;
    Ok(found.map_err(StoreError::from)?)
}

async fn binding(db: &DatabaseConnection, hash: &str) -> Result<Option<api_token::Model>, AuthError> {
    let found = api_token::Entity::find().filter(api_token::Column::TokenHash.eq(hash)).one(db).await;
    Ok(found.map_err(StoreError::from)?)
}

/// Checks again that a viewer's token stands, for callers that hold a
/// viewer longer than one request (MCP over stdio).
pub async fn revalidate(db: &DatabaseConnection, viewer: &Viewer) -> Result<(), AuthError> {
    match super::tokens::still_valid(db, viewer.token_id).await? {
        true => Ok(()),
        false => Err(AuthError::Invalid),
    }
}
