//! Who is calling: the viewer a token resolves to, which every read and
//! write of the store is checked against. (How a token becomes a viewer is
//! `identity`'s.)

use chrono::{DateTime, Utc};

/// Who is calling, as established by their token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Viewer {
    pub user_id: i64,
    pub username: String,
    pub token_id: i64,
    /// The token only reaches this workspace.
    pub workspace_scope: Option<i64>,
    pub read_only: bool,
    /// Read-only because the OAuth access token lacks the write scope (a
    /// write is answered 403 `insufficient_scope`, so the client can ask
    /// for it).
    pub lacks_write_scope: bool,
    /// When the OAuth access token expires (never for a `tl_` token).
    pub expires_at: Option<DateTime<Utc>>,
}
