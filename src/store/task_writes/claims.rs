//! Claims: an agent session holds a task so that no other session starts
//! on it. One holder at a time; a claim lives `ttl` seconds past its
//! session's last heartbeat (each heartbeat moves it on), ends with the
//! session, and is given up by `release`. Taking the next open task is one
//! transaction that skips tasks other claimants hold locked, so agents
//! asking at once get different tasks. A claim, a release and a lapse are
//! change-log events; none moves the task's revision or activity.

use chrono::{DateTime, Duration, SecondsFormat, Utc};
use sea_orm::sea_query::{Expr, LockBehavior, LockType};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, DatabaseBackend, DatabaseTransaction, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};

use entity::{Priority, agent_session, task};

use super::log::{Actor, Change, EventLog};
use super::lookups::{live_task, lock_live_task, usernames_of};
pub(crate) use super::{commit, publish};
use crate::store::db_error::with_retry;
use crate::store::tasks::{self, TaskFilter};
use crate::store::viewer::Viewer;
use crate::store::visibility::require_write;
use crate::store::{Result, Store, StoreError, agents, now};
use crate::text::echo;

/// How long a claim outlives its session's last heartbeat by default.
pub const DEFAULT_TTL_SECONDS: i32 = 900;
/// A day: a claim is for work under way, not a reservation.
pub const MAX_TTL_SECONDS: i32 = 86_400;

fn checked_ttl(ttl: Option<i32>) -> Result<i32> {
    let ttl = ttl.unwrap_or(DEFAULT_TTL_SECONDS);
    if (1..=MAX_TTL_SECONDS).contains(&ttl) {
        return Ok(ttl);
    }
    Err(StoreError::bad_argument(
        "ttlSeconds",
        format!("`ttlSeconds` {ttl} is outside 1 to {MAX_TTL_SECONDS}"),
        format!("pass a time to live in seconds (default {DEFAULT_TTL_SECONDS}); heartbeats keep a claim alive"),
    ))
}

/// Whether the task is held at `at`.
pub fn is_live(task: &task::Model, at: DateTime<Utc>) -> bool {
    task.claim_session_id.is_some() && task.claim_until.is_some_and(|until| until > at)
}

/// Tasks nobody holds at `at`.
pub(crate) fn unclaimed(at: DateTime<Utc>) -> Condition {
    Condition::any().add(task::Column::ClaimSessionId.is_null()).add(task::Column::ClaimUntil.lte(at))
}

async fn username(txn: &DatabaseTransaction, id: Option<i64>) -> Result<Option<String>> {
    let users = usernames_of(txn, &id.into_iter().collect::<Vec<_>>()).await?;
    Ok(users.into_iter().next().map(|u| u.username))
}

/// The refusal of a claim on a task another session holds.
async fn held(txn: &DatabaseTransaction, task_ref: &str, current: &task::Model) -> Result<StoreError> {
    let holder = username(txn, current.claim_holder_id).await?.unwrap_or_default();
    let session = match current.claim_session_id {
        Some(id) => agent_session::Entity::find_by_id(id).one(txn).await?.map(|s| s.public_id),
        None => None,
    };
    let until = current.claim_until.map(|u| u.to_rfc3339_opts(SecondsFormat::Secs, true)).unwrap_or_default();
    Ok(StoreError::conflict(
        format!(
            "task {} is claimed by {holder} (session {}) until {until}",
            echo(task_ref),
            session.as_deref().unwrap_or("?")
        ),
        "take another task (claim_next_task picks one nobody holds), or wait for the claim to be released or lapse",
    ))
}

/// Gives `current` to `session` inside the caller's transaction, which
/// holds the task's row lock: a lapsed claim of another session is logged
/// as lapsed, a claim of the same session is renewed.
async fn take(
    txn: &DatabaseTransaction,
    current: task::Model,
    session: &agent_session::Model,
    ttl: i32,
    log: &mut EventLog,
) -> Result<task::Model> {
    let at = now();
    let renewing = current.claim_session_id == Some(session.id) && is_live(&current, at);
    if current.claim_session_id.is_some() && !renewing {
        file_lapse(txn, &current, at, log).await?;
    }
    if !renewing {
        let holder = username(txn, Some(session.user_id)).await?;
        let change = Change { field: "claim", old: None, new: holder };
        log.file_one(current.id, current.project_id, Actor { user_id: session.user_id, at }, change, None);
    }
    let since = if renewing { current.claimed_at } else { Some(at) };
    let mut row: task::ActiveModel = current.into();
    row.claim_session_id = Set(Some(session.id));
    row.claim_holder_id = Set(Some(session.user_id));
    row.claimed_at = Set(since);
    row.claim_until = Set(Some(at + Duration::seconds(i64::from(ttl))));
    row.claim_ttl_seconds = Set(Some(ttl));
    let task = row.update(txn).await?;
    // The session works on what it holds.
    agent_session::Entity::update_many()
        .col_expr(agent_session::Column::TaskId, Expr::value(Some(task.id)))
        .filter(agent_session::Column::Id.eq(session.id))
        .exec(txn)
        .await?;
    Ok(task)
}

/// Locks the session's row for the rest of the transaction, refused when
/// the session ended meanwhile. Sessions are locked before tasks on every
/// path (claims here, heartbeats and ends in `agents`), so two writers
/// never wait on each other in opposite orders.
pub(crate) async fn lock_open_session(txn: &DatabaseTransaction, session: &agent_session::Model) -> Result<()> {
    let locked = agent_session::Entity::update_many()
        .col_expr(agent_session::Column::HeartbeatAt, Expr::col(agent_session::Column::HeartbeatAt))
        .filter(agent_session::Column::Id.eq(session.id))
        .filter(agent_session::Column::EndedAt.is_null())
        .exec(txn)
        .await?;
    if locked.rows_affected == 0 {
        return Err(StoreError::not_found(format!("agent session {} has ended", echo(&session.public_id))));
    }
    Ok(())
}

/// Files the lapse of the claim `task` was read with, under its holder.
async fn file_lapse(
    txn: &DatabaseTransaction,
    task: &task::Model,
    at: DateTime<Utc>,
    log: &mut EventLog,
) -> Result<()> {
    let holder = username(txn, task.claim_holder_id).await?;
    let by = Actor { user_id: task.claim_holder_id.unwrap_or(task.created_by_id), at };
    log.file_one(task.id, task.project_id, by, Change { field: "claim_lapsed", old: holder, new: None }, None);
    Ok(())
}

/// Clears the claim `task` was read with, if it is still that claim (the
/// same session, the same end): whether it did. Writers that hold no lock
/// on the task (a heartbeat, an end, the sweep) never clear a claim
/// another session took since.
async fn clear_claim(txn: &DatabaseTransaction, task: &task::Model) -> Result<bool> {
    let (Some(session), Some(until)) = (task.claim_session_id, task.claim_until) else { return Ok(false) };
    let cleared = task::Entity::update_many()
        .col_expr(task::Column::ClaimSessionId, Expr::value(Option::<i64>::None))
        .col_expr(task::Column::ClaimHolderId, Expr::value(Option::<i64>::None))
        .col_expr(task::Column::ClaimedAt, Expr::value(Option::<DateTime<Utc>>::None))
        .col_expr(task::Column::ClaimUntil, Expr::value(Option::<DateTime<Utc>>::None))
        .col_expr(task::Column::ClaimTtlSeconds, Expr::value(Option::<i32>::None))
        .filter(task::Column::Id.eq(task.id))
        .filter(task::Column::ClaimSessionId.eq(session))
        .filter(task::Column::ClaimUntil.eq(until))
        .exec(txn)
        .await?;
    Ok(cleared.rows_affected == 1)
}

/// Claims the task for the viewer's session (`session`, or the token's
/// open one) for `ttl` seconds past each heartbeat.
pub async fn claim(
    store: &Store,
    viewer: &Viewer,
    task_ref: &str,
    session: Option<&str>,
    ttl: Option<i32>,
) -> Result<task::Model> {
    require_write(viewer)?;
    let ttl = checked_ttl(ttl)?;
    let session = agents::own_open_session(store, viewer, session).await?;
    let task_id = live_task(store, viewer, task_ref).await?.id;
    let (task, events) = with_retry(|| async {
        let txn = crate::store::begin_write(&store.db).await?;
        lock_open_session(&txn, &session).await?;
        let current = lock_live_task(&txn, task_ref, task_id).await?;
        if is_live(&current, now()) && current.claim_session_id != Some(session.id) {
            let refusal = held(&txn, task_ref, &current).await?;
            txn.rollback().await?;
            return Err(refusal);
        }
        let mut log = EventLog::default();
        let task = take(&txn, current, &session, ttl, &mut log).await?;
        Ok((task, commit(txn, log).await?))
    })
    .await?;
    publish(store, events);
    Ok(task)
}

/// Gives the claim up; a task the session does not hold is left as it is,
/// one another session holds is refused.
pub async fn release(store: &Store, viewer: &Viewer, task_ref: &str, session: Option<&str>) -> Result<task::Model> {
    require_write(viewer)?;
    let session = agents::own_open_session(store, viewer, session).await?;
    let task_id = live_task(store, viewer, task_ref).await?.id;
    let (task, events) = with_retry(|| async {
        let txn = crate::store::begin_write(&store.db).await?;
        lock_open_session(&txn, &session).await?;
        let current = lock_live_task(&txn, task_ref, task_id).await?;
        if !is_live(&current, now()) || current.claim_session_id != Some(session.id) {
            let refusal = if is_live(&current, now()) { Some(held(&txn, task_ref, &current).await?) } else { None };
            txn.rollback().await?;
            return refusal.map_or(Ok((current, 0)), Err);
        }
        let mut log = EventLog::default();
        give_up(&txn, &current, Actor { user_id: viewer.user_id, at: now() }, &mut log).await?;
        let task = task::Entity::find_by_id(current.id).one(&txn).await?.unwrap_or(current);
        Ok((task, commit(txn, log).await?))
    })
    .await?;
    publish(store, events);
    Ok(task)
}

/// Gives up the claim `current` was read with, if it still stands, logged
/// as released by `by`: whether it did.
async fn give_up(txn: &DatabaseTransaction, current: &task::Model, by: Actor, log: &mut EventLog) -> Result<bool> {
    if !clear_claim(txn, current).await? {
        return Ok(false);
    }
    let holder = username(txn, current.claim_holder_id).await?;
    log.file_one(current.id, current.project_id, by, Change { field: "claim", old: holder, new: None }, None);
    Ok(true)
}

/// What `claim_next` picks from: open tasks of these, nobody holds.
#[derive(Debug, Clone, Default)]
pub struct NextFilter {
    pub project: Option<String>,
    /// Labels the task has, all of them.
    pub labels: Vec<String>,
    /// Username or `me`.
    pub assignee: Option<String>,
}

/// Most urgent first, then the oldest.
fn priority_rank() -> Expr {
    let rank = [Priority::Urgent, Priority::High, Priority::Medium, Priority::Low];
    let mut case = sea_orm::sea_query::CaseStatement::new();
    for (n, priority) in rank.into_iter().enumerate() {
        case = case.case(task::Column::Priority.eq(priority), n as i32);
    }
    Expr::expr(case.finally(rank.len() as i32))
}

/// Claims the first open task matching `filter` that nobody holds, most
/// urgent then oldest; `None` when there is none. Concurrent callers get
/// different tasks: on PostgreSQL each skips the rows another holds
/// locked, on SQLite writers take turns.
pub async fn claim_next(
    store: &Store,
    viewer: &Viewer,
    filter: &NextFilter,
    session: Option<&str>,
    ttl: Option<i32>,
) -> Result<Option<task::Model>> {
    require_write(viewer)?;
    let ttl = checked_ttl(ttl)?;
    super::rules::names("labels", &filter.labels)?;
    let session = agents::own_open_session(store, viewer, session).await?;
    let open = TaskFilter {
        project: filter.project.clone(),
        assignee: filter.assignee.clone(),
        done: Some(false),
        ..Default::default()
    };
    let mut condition = tasks::condition(viewer, &open, None)?;
    for label in &filter.labels {
        condition = condition.add(tasks::labelled(label));
    }
    let (task, events) = with_retry(|| async {
        let txn = crate::store::begin_write(&store.db).await?;
        lock_open_session(&txn, &session).await?;
        let mut next = task::Entity::find()
            .filter(condition.clone())
            .filter(unclaimed(now()))
            .order_by_asc(priority_rank())
            .order_by_asc(task::Column::CreatedAt)
            .order_by_asc(task::Column::Id)
            .limit(1);
        if store.db.get_database_backend() == DatabaseBackend::Postgres {
            next = next.lock_with_behavior(LockType::Update, LockBehavior::SkipLocked);
        }
        let Some(current) = next.one(&txn).await? else {
            txn.rollback().await?;
            return Ok((None, 0));
        };
        let mut log = EventLog::default();
        let task = take(&txn, current, &session, ttl, &mut log).await?;
        Ok((Some(task), commit(txn, log).await?))
    })
    .await?;
    publish(store, events);
    Ok(task)
}

/// Moves the live claims of `session` on to `at` plus their time to live
/// (a heartbeat); a lapsed claim stays lapsed.
pub(crate) async fn renew(txn: &DatabaseTransaction, session_id: i64, at: DateTime<Utc>) -> Result<()> {
    let held = task::Entity::find()
        .filter(task::Column::ClaimSessionId.eq(session_id))
        .filter(task::Column::ClaimUntil.gt(at))
        .all(txn)
        .await?;
    for task in held {
        let ttl = task.claim_ttl_seconds.unwrap_or(DEFAULT_TTL_SECONDS);
        // Only while the claim is still this session's and alive.
        task::Entity::update_many()
            .col_expr(task::Column::ClaimUntil, Expr::value(Some(at + Duration::seconds(i64::from(ttl)))))
            .filter(task::Column::Id.eq(task.id))
            .filter(task::Column::ClaimSessionId.eq(session_id))
            .filter(task::Column::ClaimUntil.gt(at))
            .exec(txn)
            .await?;
    }
    Ok(())
}

/// Gives up the claims of a session that ends, each logged as released by
/// `by` (or as lapsed, when it already had); a claim another session took
/// since is left alone.
pub(crate) async fn release_all(txn: &DatabaseTransaction, session_id: i64, by: Actor) -> Result<EventLog> {
    let held = task::Entity::find().filter(task::Column::ClaimSessionId.eq(session_id)).all(txn).await?;
    let mut log = EventLog::default();
    for task in held {
        if is_live(&task, by.at) {
            give_up(txn, &task, by, &mut log).await?;
        } else if clear_claim(txn, &task).await? {
            file_lapse(txn, &task, by.at, &mut log).await?;
        }
    }
    Ok(log)
}

/// Logs each lapsed claim once (`claim_lapsed`, filed under its holder at
/// the moment it is noticed) and clears it, so that followers of the change
/// log learn of it without waiting for the next claimant. Every gateway
/// runs it; the clearing is conditional on the claim found, so a lapse is
/// logged once. Returns how many it logged.
pub async fn log_lapses(store: &Store) -> Result<u64> {
    let at = now();
    let lapsed = task::Entity::find()
        .filter(task::Column::ClaimSessionId.is_not_null())
        .filter(task::Column::ClaimUntil.lte(at))
        .order_by_asc(task::Column::Id)
        .limit(LAPSES_PER_SWEEP)
        .all(&store.db)
        .await?;
    let mut written = 0;
    for task in lapsed {
        let txn = crate::store::begin_write(&store.db).await?;
        if !clear_claim(&txn, &task).await? {
            txn.rollback().await?;
            continue;
        }
        let mut log = EventLog::default();
        file_lapse(&txn, &task, at, &mut log).await?;
        written += commit(txn, log).await?;
    }
    publish(store, written);
    Ok(written)
}

/// Lapses one sweep logs at most; the rest wait for the next.
const LAPSES_PER_SWEEP: u64 = 100;
