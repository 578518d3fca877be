//! Verified tokens (`tl_` tokens and OAuth identities) remembered for a
//! short time, so that a request costs no token statement, and forgotten
//! on every revocation.
//!
//! A watcher counts the revoked tokens every quarter of a second; when the
//! count moves (a revocation by this process, another gateway or the CLI),
//! every remembered viewer is forgotten and graphql-ws connections are told
//! to check their token. A viewer is only served from memory while that
//! count was read within the last second: while the database is away,
//! every request reads its token as before, and fails as before.

use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use lru::LruCache;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QuerySelect};
use tokio::sync::watch;

use entity::api_token;

use super::identity::{self, AuthError, OAuthIdentity};
use super::viewer::Viewer;
use super::{StoreError, now};
use crate::auth::{TOKEN_PREFIX, hash_token};

const IDLE: u8 = 0;
const STARTING: u8 = 1;
const WATCHING: u8 = 2;

/// How often the watcher reads the count of revoked tokens.
const WATCH_EVERY: Duration = Duration::from_millis(250);
/// How old the last reading may be for a remembered viewer to be served.
const TRUSTED_FOR: Duration = Duration::from_secs(1);
/// How long a viewer is remembered at most, revoked or not.
const REMEMBERED_FOR: Duration = Duration::from_secs(60);
/// Tokens remembered at once; the least recently used go first.
const CAPACITY: usize = 4096;

struct Remembered {
    viewer: Viewer,
    verified_at: Instant,
    /// When this gateway last wrote the token's `last_used_at`.
    last_used_written: DateTime<Utc>,
}

struct State {
    viewers: LruCache<String, Remembered>,
    /// Moves on every forgetting: a viewer read before it is not kept.
    generation: u64,
    /// When the watcher last read the count of revoked tokens.
    watched_at: Option<Instant>,
}

/// The remembered viewers of one gateway.
pub struct ViewerCache {
    state: Mutex<State>,
    /// `IDLE`, `STARTING` (one request takes the first reading) or `WATCHING`.
    watcher: AtomicU8,
    /// Sends the generation each time viewers are forgotten.
    forgotten: watch::Sender<u64>,
}

impl std::fmt::Debug for ViewerCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ViewerCache").finish_non_exhaustive()
    }
}

impl Default for ViewerCache {
    fn default() -> Self {
        let capacity = NonZeroUsize::new(CAPACITY).unwrap_or(NonZeroUsize::MIN);
        Self {
            state: Mutex::new(State { viewers: LruCache::new(capacity), generation: 0, watched_at: None }),
            watcher: AtomicU8::new(IDLE),
            forgotten: watch::channel(0).0,
        }
    }
}

impl ViewerCache {
    fn state(&self) -> MutexGuard<'_, State> {
        // A panic while holding the lock leaves nothing half-written.
        self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The viewer of a `tl_` token: remembered, or read from the database
    /// (one statement) and remembered.
    pub async fn authenticate(self: &Arc<Self>, db: &DatabaseConnection, token: &str) -> Result<Viewer, AuthError> {
        if !token.starts_with(TOKEN_PREFIX) {
            return Err(AuthError::Invalid);
        }
        let hash = hash_token(token);
        self.remembered(db, hash.clone(), identity::viewer_of_hash(db, &hash)).await
    }

    /// The viewer of a verified OAuth access token, remembered by what the
    /// token names (issuer, subject, username, scope and provisioning)
    /// rather than by the token, so that a refreshed token of the same
    /// person is served from memory too; it carries the expiry of the
    /// token at hand. Read through `identity::oauth_viewer` (which may bind
    /// or provision) when not remembered. Revoking the binding row moves
    /// the count of revoked tokens like any revocation.
    pub async fn oauth(
        self: &Arc<Self>,
        db: &DatabaseConnection,
        identity: &OAuthIdentity<'_>,
    ) -> Result<Viewer, AuthError> {
        let key = hash_token(&format!(
            "oauth viewer\n{}\n{}\n{}\n{}\n{}",
            identity.issuer, identity.subject, identity.username, identity.can_write, identity.provision
        ));
        let mut viewer = self.remembered(db, key, identity::oauth_viewer(db, identity)).await?;
        viewer.expires_at = Some(identity.expires_at);
        Ok(viewer)
    }

    /// The viewer remembered under `key`, or the one `load` reads, kept
    /// unless a revocation was counted meanwhile.
    async fn remembered(
        self: &Arc<Self>,
        db: &DatabaseConnection,
        key: String,
        load: impl std::future::Future<Output = Result<Viewer, AuthError>>,
    ) -> Result<Viewer, AuthError> {
        self.ensure_watching(db).await;
        let generation = {
            let mut state = self.state();
            if let Some(viewer) = self.recall(&mut state, &key, db) {
                return Ok(viewer);
            }
            state.generation
        };
        let viewer = load.await?;
        let mut state = self.state();
        if state.generation == generation && trusted(&state) {
            let remembered =
                Remembered { viewer: viewer.clone(), verified_at: Instant::now(), last_used_written: now() };
            state.viewers.put(key, remembered);
        }
        Ok(viewer)
    }

    fn recall(&self, state: &mut State, hash: &str, db: &DatabaseConnection) -> Option<Viewer> {
        let trusted = trusted(state);
        let remembered = state.viewers.get_mut(hash)?;
        if !trusted || remembered.verified_at.elapsed() >= REMEMBERED_FOR {
            return None;
        }
        let now = now();
        if (now - remembered.last_used_written).num_seconds() >= identity::LAST_USED_GRANULARITY_SECS {
            remembered.last_used_written = now;
            let (db, token_id) = (db.clone(), remembered.viewer.token_id);
            tokio::spawn(async move {
                if let Err(err) = identity::mark_used(&db, token_id, now).await {
                    tracing::debug!(error = %err, token_id, "last use of a token not written");
                }
            });
        }
        Some(remembered.viewer.clone())
    }

    /// Forgets every viewer: a token was revoked.
    pub fn forget_all(&self) {
        let generation = {
            let mut state = self.state();
            state.viewers.clear();
            state.generation += 1;
            state.generation
        };
        self.forgotten.send_replace(generation);
    }

    /// Changes each time viewers are forgotten (a token was revoked
    /// somewhere): connections that hold a token check it then.
    pub fn revocations(&self) -> watch::Receiver<u64> {
        self.forgotten.subscribe()
    }

    /// Starts the watcher from a first reading taken by one request, so the
    /// requests after it are served from memory. The others do not wait for
    /// that reading: they read their tokens meanwhile, and while it fails
    /// nothing is remembered and a later request tries again.
    async fn ensure_watching(self: &Arc<Self>, db: &DatabaseConnection) {
        if self.watcher.load(Ordering::Acquire) == WATCHING
            || self.watcher.compare_exchange(IDLE, STARTING, Ordering::SeqCst, Ordering::SeqCst).is_err()
        {
            return;
        }
        let at = Instant::now();
        match tokio::time::timeout(TRUSTED_FOR, revoked_count(db)).await {
            Ok(Ok(count)) => {
                // A read that began before this count may hold a token it
                // already counts as revoked: it is not kept.
                self.forget_all();
                self.watched(at);
                self.watcher.store(WATCHING, Ordering::SeqCst);
                tokio::spawn(watch_revocations(Arc::downgrade(self), db.clone(), count));
            }
            failed => {
                if let Ok(Err(err)) = failed {
                    tracing::debug!(error = %err, "revoked tokens not counted; tokens are read per request");
                }
                self.watcher.store(IDLE, Ordering::SeqCst);
            }
        }
    }

    fn watched(&self, at: Instant) {
        self.state().watched_at = Some(at);
    }
}

/// How many tokens were ever revoked: it only grows, as a revoked token
/// stays revoked and no token row is deleted.
async fn revoked_count(db: &DatabaseConnection) -> Result<i64, StoreError> {
    let count: Option<i64> = api_token::Entity::find()
        .select_only()
        .expr(Expr::cust("COUNT(*)"))
        .filter(api_token::Column::RevokedAt.is_not_null())
        .into_tuple()
        .one(db)
        .await?;
    Ok(count.unwrap_or(0))
}

fn trusted(state: &State) -> bool {
    state.watched_at.is_some_and(|at| at.elapsed() < TRUSTED_FOR)
}

/// Runs while the cache lives: reads the count of revoked tokens, and
/// forgets every viewer when it moved or could not be read last time.
async fn watch_revocations(cache: std::sync::Weak<ViewerCache>, db: DatabaseConnection, first: i64) {
    let mut last = Some(first);
    loop {
        tokio::time::sleep(WATCH_EVERY).await;
        let started = Instant::now();
        let read = tokio::time::timeout(TRUSTED_FOR, revoked_count(&db)).await;
        let Some(cache) = cache.upgrade() else { return };
        match read {
            Ok(Ok(count)) => {
                if last != Some(count) {
                    cache.forget_all();
                    last = Some(count);
                }
                cache.watched(started);
            }
            Ok(Err(err)) => {
                tracing::debug!(error = %err, "revoked tokens not counted; tokens are read per request");
                last = None;
            }
            Err(_) => last = None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn token_of_a_user(db: &DatabaseConnection) -> String {
        super::super::users::create(db, "alice", None, None, false).await.expect("user");
        crate::store::tokens::create_token(db, "alice", None, false, "test").await.expect("token")
    }

    /// While the revoked tokens cannot be counted, a remembered viewer is
    /// not served: the request reads its token, and fails as the database does.
    #[tokio::test]
    async fn nothing_is_served_from_memory_while_the_database_is_away() {
        let db = crate::db::connect("sqlite::memory:").await.expect("database");
        let token = token_of_a_user(&db).await;
        let cache = Arc::new(ViewerCache::default());
        let viewer = cache.authenticate(&db, &token).await.expect("a viewer");
        assert_eq!(cache.authenticate(&db, &token).await.ok(), Some(viewer), "remembered");
        db.clone().close().await.expect("close");
        assert!(cache.authenticate(&db, &token).await.is_ok(), "served while the last reading is recent");
        tokio::time::sleep(TRUSTED_FOR + WATCH_EVERY).await;
        assert!(matches!(cache.authenticate(&db, &token).await, Err(AuthError::Store(_))));
    }

    #[tokio::test]
    async fn a_revocation_through_the_cache_is_seen_at_once() {
        let db = crate::db::connect("sqlite::memory:").await.expect("database");
        let token = token_of_a_user(&db).await;
        let cache = Arc::new(ViewerCache::default());
        let revocations = cache.revocations();
        let viewer = cache.authenticate(&db, &token).await.expect("a viewer");
        crate::store::tokens::revoke(&db, viewer.token_id).await.expect("revoke");
        cache.forget_all();
        assert!(revocations.has_changed().unwrap_or(false), "open connections are told");
        assert!(matches!(cache.authenticate(&db, &token).await, Err(AuthError::Invalid)));
    }
}
