//! What the layers above ask of the store beyond the model's reads and
//! writes: who a bearer token is, whether a token held across requests
//! still stands, whether the database answers and is ready, and the pool's
//! state. The database connection itself never leaves the store.

use sea_orm::DbErr;
use tokio::sync::watch;

use super::identity::{self, AuthError, OAuthIdentity, Viewer};
use super::{Result, Store, tokens};

impl Store {
    /// The viewer of a `tl_` token, remembered until any revocation.
    pub async fn viewer_of_token(&self, token: &str) -> std::result::Result<Viewer, AuthError> {
        self.viewers.authenticate(&self.db, token).await
    }

    /// The viewer of a verified OAuth access token (see
    /// `identity::oauth_viewer`), remembered until any revocation.
    pub async fn viewer_of_oauth(&self, identity: &OAuthIdentity<'_>) -> std::result::Result<Viewer, AuthError> {
        self.viewers.oauth(&self.db, identity).await
    }

    /// Checks again that a viewer held longer than one request (MCP over
    /// stdio) still has a standing token.
    pub async fn revalidate(&self, viewer: &Viewer) -> std::result::Result<(), AuthError> {
        identity::revalidate(&self.db, viewer).await
    }

    /// Whether the token `token_id` is still unrevoked, read now.
    pub async fn token_stands(&self, token_id: i64) -> Result<bool> {
        tokens::still_valid(&self.db, token_id).await
    }

    /// Moves on every revocation this gateway learns of.
    pub fn revocations(&self) -> watch::Receiver<u64> {
        self.viewers.revocations()
    }

    /// The pool's connections: in use, idle, and the most it opens.
    pub fn pool_state(&self) -> (u32, u32, u32) {
        crate::db::pool_state(&self.db)
    }

    /// How many of this build's migrations the database lacks.
    pub async fn pending_migrations(&self) -> std::result::Result<usize, DbErr> {
        crate::db::pending_migrations(&self.db).await
    }

    /// Whether a write would reach the disk (SQLite); why not, when not.
    pub async fn disk_writable(&self) -> std::result::Result<(), String> {
        crate::db::disk_writable(&self.db).await
    }

    /// Whether the database answers at all.
    pub async fn ping(&self) -> std::result::Result<(), DbErr> {
        self.db.ping().await
    }
}
