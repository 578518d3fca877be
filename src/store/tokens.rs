//! API tokens as their owners and operators see them: listed (never their
//! text, which is not stored), created and revoked.

use chrono::{DateTime, Utc};
use sea_orm::Set;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, DatabaseBackend, DatabaseConnection, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder,
};

use entity::{api_token, user, workspace};

use super::cursor::{self, KeyKind, KeyValue, PageArgs};
use super::keyset::{self, KeysetOrder, Page};
use super::viewer::Viewer;
use super::visibility::require_write;
use super::{Result, Store, StoreError, input, now};
use crate::auth;
use crate::error_code::ErrorCode;

/// A token as `tasklens token list` prints it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenListing {
    pub id: i64,
    pub username: String,
    pub name: String,
    /// The workspace key the token is scoped to.
    pub scope: Option<String>,
    pub read_only: bool,
    pub created_at: DateTime<Utc>,
    pub last_used_at: Option<DateTime<Utc>>,
    pub revoked_at: Option<DateTime<Utc>>,
}

/// Every token, or those of one user, oldest first.
pub async fn list(db: &DatabaseConnection, username: Option<&str>) -> Result<Vec<TokenListing>> {
    let mut query = api_token::Entity::find().order_by_asc(api_token::Column::Id);
    if let Some(name) = username {
        let user = user::Entity::find()
            .filter(user::Column::Username.eq(super::input::nfc(name)))
            .one(db)
            .await?
            .ok_or_else(|| StoreError::not_found(format!("no user named {}", crate::text::echo(name))))?;
        query = query.filter(api_token::Column::UserId.eq(user.id));
    }
    let tokens = query.all(db).await?;
    let users = user::Entity::find().all(db).await?;
    let workspaces = workspace::Entity::find().all(db).await?;
    Ok(tokens
        .into_iter()
        .map(|t| TokenListing {
            id: t.id,
            username: users.iter().find(|u| u.id == t.user_id).map(|u| u.username.clone()).unwrap_or_default(),
            name: t.name,
            scope: t.workspace_id.and_then(|id| workspaces.iter().find(|w| w.id == id).map(|w| w.key.clone())),
            read_only: t.read_only,
            created_at: t.created_at,
            last_used_at: t.last_used_at,
            revoked_at: t.revoked_at,
        })
        .collect())
}

/// Revokes a token by id, and every token made with it (or with those), in
/// one statement; revoking it again revokes what was made with it since.
pub async fn revoke(db: &DatabaseConnection, id: i64) -> Result<api_token::Model> {
    let token = api_token::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| StoreError::not_found(format!("no token with id {id}")))?;
    let parameter = match db.get_database_backend() {
        DatabaseBackend::Postgres => "$1",
        _ => "?",
    };
    // However many and however deep: no list of ids is bound, and UNION
    // visits each token once.
    let lineage = format!(
        "id IN (WITH RECURSIVE lineage(id) AS (SELECT CAST({parameter} AS BIGINT) UNION \
         SELECT t.id FROM api_token t JOIN lineage l ON t.parent_id = l.id) SELECT id FROM lineage)"
    );
    api_token::Entity::update_many()
        .col_expr(api_token::Column::RevokedAt, Expr::value(now()))
        .filter(api_token::Column::RevokedAt.is_null())
        .filter(Expr::cust_with_values(lineage, [id]))
        .exec(db)
        .await?;
    match token.revoked_at {
        Some(_) => Ok(token),
        None => Ok(api_token::Entity::find_by_id(id).one(db).await?.unwrap_or(token)),
    }
}

/// Whether the token behind a viewer still stands (not revoked, not gone):
/// long-lived connections ask this to end when it is revoked.
pub async fn still_valid(db: &DatabaseConnection, token_id: i64) -> Result<bool> {
    Ok(api_token::Entity::find_by_id(token_id).one(db).await?.is_some_and(|t| t.revoked_at.is_none()))
}

/// The token the viewer's request came with; revoked between the request's
/// authentication and now, it is refused as it would be at the door.
pub async fn current(store: &Store, viewer: &Viewer) -> Result<api_token::Model> {
    api_token::Entity::find_by_id(viewer.token_id)
        .filter(api_token::Column::RevokedAt.is_null())
        .one(&store.db)
        .await?
        .ok_or_else(|| {
            StoreError::refused(
                ErrorCode::Unauthenticated,
                "unknown or revoked token",
                "check the token, or create a new one with `tasklens token create`",
            )
        })
}

/// The viewer's own tokens; a scoped token sees only tokens of its scope.
fn own(viewer: &Viewer) -> Condition {
    let mut c = Condition::all().add(api_token::Column::UserId.eq(viewer.user_id));
    if let Some(scope) = viewer.workspace_scope {
        c = c.add(api_token::Column::WorkspaceId.eq(scope));
    }
    c
}

fn order() -> KeysetOrder<api_token::Model> {
    KeysetOrder {
        name: "tokens",
        keys: vec![
            (Expr::col((api_token::Entity, api_token::Column::CreatedAt)), KeyKind::Time),
            (Expr::col((api_token::Entity, api_token::Column::Id)), KeyKind::Int),
        ],
        descending: true,
        position: |t| vec![keyset::time(&t.created_at), KeyValue::Int(t.id)],
    }
}

/// A page of the viewer's own tokens, newest first.
pub async fn page(store: &Store, viewer: &Viewer, args: &PageArgs) -> Result<Page<api_token::Model>> {
    let spec = order();
    let digest = cursor::digest(spec.name, "");
    let request = args.validate(store.limits, &digest, &spec.kinds())?;
    keyset::fetch_page(&store.db, api_token::Entity::find().filter(own(viewer)), &spec, &digest, &request).await
}

pub async fn count(store: &Store, viewer: &Viewer) -> Result<u64> {
    Ok(api_token::Entity::find().filter(own(viewer)).count(&store.db).await?)
}

/// Creates a token for the viewer. It can reach no further than the token
/// that asks: a scoped token creates only tokens of its own scope.
pub async fn create_own(
    store: &Store,
    viewer: &Viewer,
    name: &str,
    workspace_key: Option<&str>,
    read_only: bool,
) -> Result<(String, api_token::Model)> {
    require_write(viewer)?;
    if viewer.expires_at.is_some() {
        // A token made here would outlive the access token and the user's
        // removal at the identity provider.
        return Err(StoreError::refused(
            ErrorCode::Forbidden,
            "an OAuth access token cannot create API tokens",
            "an administrator creates one with `tasklens token create`",
        ));
    }
    let name = input::single_line("name", name, input::MAX_NAME_CHARS)?;
    let workspace_id = match workspace_key {
        None => viewer.workspace_scope,
        Some(key) => {
            let ws = workspace::Entity::find()
                .filter(workspace::Column::Key.eq(key))
                .filter(super::visibility::visible_workspace(viewer))
                .one(&store.db)
                .await?
                .ok_or_else(|| StoreError::not_found(format!("no workspace with key {}", crate::text::echo(key))))?;
            Some(ws.id)
        }
    };
    if viewer.workspace_scope.is_some() && workspace_id != viewer.workspace_scope {
        return Err(StoreError::forbidden(
            "a scoped token creates only tokens of its own scope",
            "leave `workspace` out, or use an unscoped token",
        ));
    }
    let parent = Some(viewer.token_id);
    let (text, row) = insert_token(&store.db, viewer.user_id, workspace_id, read_only, &name, parent).await?;
    // A revocation of the parent that ran while this one was written may
    // have looked for its children before it existed: the parent is read
    // again after the write, so one of the two always sees the other.
    if !still_valid(&store.db, viewer.token_id).await? {
        revoke(&store.db, row.id).await?;
        return Err(StoreError::forbidden(
            "the token asking was revoked",
            "create a token with `tasklens token create`, or with a token that is not revoked",
        ));
    }
    Ok((text, row))
}

/// Revokes one of the viewer's own tokens (the one in use included).
pub async fn revoke_own(store: &Store, viewer: &Viewer, id: i64) -> Result<api_token::Model> {
    require_write(viewer)?;
    let owned = api_token::Entity::find_by_id(id).filter(own(viewer)).one(&store.db).await?;
    if owned.is_none() {
        return Err(StoreError::not_found(format!("no token with id {id}")));
    }
    let revoked = revoke(&store.db, id).await;
    // Even when reading the row back failed: the revocation may stand.
    store.viewers.forget_all();
    revoked
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
        .filter(user::Column::Username.eq(input::nfc(username)))
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
    let token = auth::generate_token();
    let row = api_token::ActiveModel {
        user_id: Set(user_id),
        name: Set(name.to_owned()),
        token_hash: Set(auth::hash_token(&token)),
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
