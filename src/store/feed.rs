//! The live feed of task events, read from the durable `task_event` log so
//! that a write through any process (another gateway, `tasklens mcp`, the
//! CLI) reaches every subscriber.
//!
//! One watcher per gateway follows the log and fans what it reads out in
//! process: PostgreSQL wakes it with LISTEN/NOTIFY (writers notify inside
//! their transaction, so the wake-up comes with the commit), SQLite by
//! polling, and a write made in this process wakes it at once. Subscribers
//! never depend on keeping up: each one remembers the last event it was
//! given and, when it starts from a cursor or falls behind the fan-out,
//! reads what it missed from the log itself.
//!
//! Event ids are the log's order. On SQLite they are also commit order (one
//! writer at a time). On PostgreSQL a later id may commit first, so the
//! watcher holds back past a gap in the ids until the gap fills, or for at
//! most `GAP_GRACE` (an id that never commits was rolled back).

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Duration, Instant};

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use futures_util::Stream;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseBackend, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect,
};
use tokio::sync::{Notify, OnceCell, broadcast};

use entity::task_event;

use super::{Result, StoreError};

/// The PostgreSQL channel writers notify.
pub const CHANNEL: &str = "tasklens_task_events";
/// How often SQLite's log is read, once anyone subscribes: a write by
/// another process (`tasklens mcp`, the CLI) reaches an open board within
/// this, for one indexed read of the newest ids each time.
const SQLITE_POLL: Duration = Duration::from_millis(25);
/// How often PostgreSQL's log is read past a gap in the ids, and should a
/// notification be lost with its connection.
const GAP_POLL: Duration = Duration::from_millis(100);
const PG_FALLBACK_POLL: Duration = Duration::from_secs(1);
/// How long an id may stay missing before the watcher takes it as rolled
/// back. Generous, because an event skipped here is skipped for good: a
/// write that commits later than this after a later id reaches subscribers
/// only through a replay (`after`). Task writes last milliseconds; a
/// rolled-back write (rare: a lost race retried) delays the events after
/// it by this much.
const GAP_GRACE: Duration = Duration::from_secs(3);
/// The longest a read of the log may take. A connection the network stopped
/// answering would otherwise hold the watcher until TCP gives up, minutes
/// later; dropped, the read's connection is closed and the next read opens
/// another.
const READ_TIMEOUT: Duration = Duration::from_secs(10);
/// Events read per statement, by the watcher and by a catching-up subscriber.
const BATCH: u64 = 500;
/// Events the fan-out holds for slow subscribers before they must catch up
/// from the log.
const FANOUT: usize = 1024;

/// The gateway's feed; cheap to share.
#[derive(Debug)]
pub struct Feed {
    db: DatabaseConnection,
    fanout: broadcast::Sender<Arc<task_event::Model>>,
    /// The last event id the watcher has fanned out (0 before it started).
    head: AtomicI64,
    wake: Notify,
    started: OnceCell<()>,
}

/// A position in the feed, as a subscriber's `after`.
pub fn cursor(event_id: i64) -> String {
    URL_SAFE_NO_PAD.encode(format!("ev1:{event_id}"))
}

pub fn parse_cursor(text: &str) -> Result<i64> {
    URL_SAFE_NO_PAD
        .decode(text)
        .ok()
        .and_then(|bytes| String::from_utf8(bytes).ok())
        .and_then(|s| s.strip_prefix("ev1:").and_then(|n| n.parse::<i64>().ok()))
        .filter(|id| *id >= 0)
        .ok_or_else(|| {
            StoreError::bad_input(
                "`after` is not an event cursor",
                "pass the `cursor` of an event this subscription delivered, unchanged",
            )
        })
}

impl Feed {
    pub fn new(db: DatabaseConnection) -> Self {
        Self {
            db,
            fanout: broadcast::channel(FANOUT).0,
            head: AtomicI64::new(0),
            wake: Notify::new(),
            started: OnceCell::new(),
        }
    }

    /// Tells the watcher that this process just wrote events.
    pub fn nudge(&self) {
        self.wake.notify_one();
    }

    /// Starts the watcher on first use, from the log's newest event.
    async fn ensure_watching(self: &Arc<Self>) -> Result<()> {
        self.started
            .get_or_try_init(|| async {
                self.head.store(newest_id(&self.db).await?, Ordering::SeqCst);
                let feed = Arc::clone(self);
                tokio::spawn(async move { feed.watch().await });
                Ok::<(), StoreError>(())
            })
            .await?;
        Ok(())
    }

    async fn watch(self: Arc<Self>) {
        let mut listener = None;
        // Said once while the database is away, not once a second.
        let mut listen_failed = false;
        let mut gap_since: Option<Instant> = None;
        loop {
            let wait = match self.db.get_database_backend() {
                DatabaseBackend::Postgres => {
                    if listener.is_none() {
                        listener = pg_listener(&self.db, listen_failed).await;
                        listen_failed = listener.is_none();
                    }
                    if gap_since.is_some() { GAP_POLL } else { PG_FALLBACK_POLL }
                }
                _ => SQLITE_POLL,
            };
            tokio::select! {
                _ = self.wake.notified() => {}
                _ = tokio::time::sleep(wait) => {}
                notified = recv(&mut listener) => {
                    if !notified {
                        listener = None;
                    }
                }
            }
            // Read even when nobody listens, so the head only ever moves by
            // the gap rule and a subscriber resuming later misses nothing.
            match tokio::time::timeout(READ_TIMEOUT, self.read_new(&mut gap_since)).await {
                Ok(Ok(())) => {}
                Ok(Err(err)) => tracing::warn!(error = %err, "reading the event log failed; retrying"),
                Err(_) => tracing::warn!("reading the event log took over {READ_TIMEOUT:?}; retrying"),
            }
        }
    }

    /// Fans out the events after the head, in id order, holding back past a gap.
    async fn read_new(&self, gap_since: &mut Option<Instant>) -> Result<()> {
        loop {
            let head = self.head.load(Ordering::SeqCst);
            let rows = task_event::Entity::find()
                .filter(task_event::Column::Id.gt(head))
                .order_by_asc(task_event::Column::Id)
                .limit(BATCH)
                .all(&self.db)
                .await?;
            let full = rows.len() as u64 == BATCH;
            let mut expected = head + 1;
            for row in rows {
                if row.id != expected {
                    let since = *gap_since.get_or_insert_with(Instant::now);
                    if since.elapsed() < GAP_GRACE {
                        return Ok(());
                    }
                }
                *gap_since = None;
                expected = row.id + 1;
                self.head.store(row.id, Ordering::SeqCst);
                let lag = (chrono::Utc::now() - row.at).to_std().unwrap_or_default();
                crate::metrics::metrics().watcher_lag(lag);
                // No receiver is not an error.
                let _ = self.fanout.send(Arc::new(row));
            }
            if !full {
                return Ok(());
            }
        }
    }

    /// The events of one project after `after` (an event id; `None`: from
    /// now), first those already in the log, then live, each once and in
    /// the log's order.
    pub async fn subscribe(
        self: &Arc<Self>,
        project_id: i64,
        after: Option<i64>,
    ) -> Result<impl Stream<Item = task_event::Model> + use<>> {
        self.ensure_watching().await?;
        // Receive before reading the backlog, so nothing falls between.
        let live = self.fanout.subscribe();
        let last = after.unwrap_or_else(|| self.head.load(Ordering::SeqCst));
        let state = Subscriber {
            feed: Arc::clone(self),
            project_id,
            last,
            live,
            backlog: Vec::new(),
            catching_up: true,
            failures: 0,
        };
        Ok(futures_util::stream::unfold(state, |mut s| async move {
            let event = s.next().await?;
            Some((event, s))
        }))
    }
}

struct Subscriber {
    feed: Arc<Feed>,
    project_id: i64,
    /// The last event id given to this subscriber.
    last: i64,
    live: broadcast::Receiver<Arc<task_event::Model>>,
    /// Read from the log, oldest last (popped from the end).
    backlog: Vec<task_event::Model>,
    catching_up: bool,
    /// Reads of the log that failed in a row.
    failures: u32,
}

/// How long a subscriber waits before reading the log again after `failures`
/// failed reads: from 100 ms, doubling, at most 2 s.
fn retry_after(failures: u32) -> Duration {
    Duration::from_millis(100u64.saturating_mul(1 << failures.min(5))).min(Duration::from_secs(2))
}

impl Subscriber {
    async fn next(&mut self) -> Option<task_event::Model> {
        loop {
            if let Some(event) = self.backlog.pop() {
                self.last = event.id;
                return Some(event);
            }
            if self.catching_up {
                let read = tokio::time::timeout(READ_TIMEOUT, self.read_backlog()).await;
                match read.unwrap_or_else(|_| Err(StoreError::Db(sea_orm::DbErr::Custom("the read timed out".into()))))
                {
                    Ok(more) => {
                        self.catching_up = more;
                        self.failures = 0;
                    }
                    Err(err) => {
                        // The database is away: wait for it, then read on
                        // from the last event given, missing nothing.
                        if self.failures == 0 {
                            tracing::warn!(error = %err, "a subscriber could not read the event log; retrying");
                        }
                        self.failures = self.failures.saturating_add(1);
                        tokio::time::sleep(retry_after(self.failures)).await;
                    }
                }
                continue;
            }
            match self.live.recv().await {
                Ok(event) if event.id > self.last && event.project_id == self.project_id => {
                    self.last = event.id;
                    return Some(event.as_ref().clone());
                }
                Ok(_) => {}
                // Fell behind the fan-out: read what was missed from the log.
                Err(broadcast::error::RecvError::Lagged(_)) => self.catching_up = true,
                Err(broadcast::error::RecvError::Closed) => return None,
            }
        }
    }

    /// Reads the project's events after `last` up to the watcher's head;
    /// true when there may be more.
    async fn read_backlog(&mut self) -> Result<bool> {
        let head = self.feed.head.load(Ordering::SeqCst);
        if self.last >= head {
            return Ok(false);
        }
        let mut rows = task_event::Entity::find()
            .filter(task_event::Column::ProjectId.eq(self.project_id))
            .filter(task_event::Column::Id.gt(self.last))
            .filter(task_event::Column::Id.lte(head))
            .order_by_asc(task_event::Column::Id)
            .limit(BATCH)
            .all(&self.feed.db)
            .await?;
        let more = rows.len() as u64 == BATCH;
        // Popped from the end: oldest first.
        rows.reverse();
        self.backlog = rows;
        Ok(more)
    }
}

async fn newest_id(db: &DatabaseConnection) -> Result<i64> {
    let newest: Option<i64> = task_event::Entity::find()
        .select_only()
        .column_as(task_event::Column::Id.max(), "max")
        .into_tuple::<Option<i64>>()
        .one(db)
        .await?
        .flatten();
    Ok(newest.unwrap_or(0))
}

/// A listener on the writers' channel; a failure is logged as a warning
/// unless the last attempt failed too (`again`).
async fn pg_listener(db: &DatabaseConnection, again: bool) -> Option<sea_orm::sqlx::postgres::PgListener> {
    let connect = async {
        let mut listener = sea_orm::sqlx::postgres::PgListener::connect_with(db.get_postgres_connection_pool()).await?;
        listener.listen(CHANNEL).await?;
        Ok::<_, sea_orm::sqlx::Error>(listener)
    };
    let why = match tokio::time::timeout(READ_TIMEOUT, connect).await {
        Ok(Ok(listener)) => {
            if again {
                tracing::info!("listening for task events again");
            }
            return Some(listener);
        }
        Ok(Err(err)) => err.to_string(),
        Err(_) => format!("no answer within {READ_TIMEOUT:?}"),
    };
    if again {
        tracing::debug!(error = %why, "still cannot LISTEN for task events; polling instead");
    } else {
        tracing::warn!(error = %why, "cannot LISTEN for task events; polling instead");
    }
    None
}

/// Waits for a notification; false when the listener failed (and must be
/// opened again). Without a listener it never resolves.
async fn recv(listener: &mut Option<sea_orm::sqlx::postgres::PgListener>) -> bool {
    match listener {
        Some(l) => {
            let ok = l.recv().await.is_ok();
            // One read serves every notification already waiting.
            while l.next_buffered().is_some() {}
            ok
        }
        None => std::future::pending().await,
    }
}

/// Wakes every gateway's watcher when the transaction commits (PostgreSQL
/// delivers notifications on commit); SQLite's watchers poll.
pub async fn notify_in(txn: &impl ConnectionTrait) -> Result<(), sea_orm::DbErr> {
    if txn.get_database_backend() == DatabaseBackend::Postgres {
        txn.execute_unprepared(&format!("NOTIFY {CHANNEL}")).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursors_round_trip_and_garbage_is_refused() {
        assert_eq!(parse_cursor(&cursor(42)).ok(), Some(42));
        assert!(parse_cursor("garbage").is_err());
        assert!(parse_cursor(&URL_SAFE_NO_PAD.encode("ev1:-3")).is_err());
    }
}
