//! The deliveries waiting to be sent, as the gateways share them: each
//! takes the due ones under a lease (on PostgreSQL with `FOR UPDATE SKIP
//! LOCKED`, so two gateways never take the same), a task's deliveries to
//! one endpoint one at a time in their order, and records each attempt:
//! delivered, due again after a backoff, or failed for good (the endpoint
//! then disabled with the reason).

use std::collections::HashMap;

use chrono::{DateTime, TimeDelta, Utc};
use rand::Rng;
use sea_orm::sea_query::{Alias, Expr, ExprTrait, LockBehavior, LockType, Query};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseBackend, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
    Set,
};

use entity::{webhook, webhook_delivery};

use super::Manager;
use crate::store::cursor::{self, KeyKind, KeyValue, PageArgs};
use crate::store::keyset::{self, KeysetOrder, Page};
use crate::store::{Result, Store, StoreError, begin_write, now};

pub const PENDING: &str = "pending";
pub const DELIVERED: &str = "delivered";
pub const FAILED: &str = "failed";

/// The waits before each retry (Standard Webhooks' schedule: about a day
/// in all), each moved by up to a fifth either way so that endpoints
/// coming back do not get every retry at once.
const RETRY_AFTER: [TimeDelta; 7] = [
    TimeDelta::seconds(5),
    TimeDelta::minutes(5),
    TimeDelta::minutes(30),
    TimeDelta::hours(2),
    TimeDelta::hours(5),
    TimeDelta::hours(10),
    TimeDelta::hours(10),
];

/// How long a gateway holds a delivery it sends (well past the send's
/// own 10 s limit); one that died mid-send lets the lease lapse and
/// another sends it again, under the same id.
const LEASE: TimeDelta = TimeDelta::seconds(30);

/// Deliveries kept this long after they were written.
pub const KEPT_FOR: TimeDelta = TimeDelta::days(30);

/// The most characters of an answer kept.
pub const MAX_ANSWER_CHARS: usize = 1024;

/// A delivery to send now, with its endpoint.
#[derive(Debug, Clone)]
pub struct Due {
    pub delivery: webhook_delivery::Model,
    pub webhook: webhook::Model,
}

/// The deliveries a gateway is sending, by endpoint, and the most one
/// endpoint may have at once.
#[derive(Debug, Clone)]
pub struct InFlight {
    pub per_endpoint: usize,
    counts: HashMap<i64, usize>,
}

impl InFlight {
    pub fn new(per_endpoint: usize) -> Self {
        Self { per_endpoint, counts: HashMap::new() }
    }

    pub fn started(&mut self, webhook_id: i64) {
        *self.counts.entry(webhook_id).or_default() += 1;
    }

    pub fn ended(&mut self, webhook_id: i64) {
        if let Some(count) = self.counts.get_mut(&webhook_id) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                self.counts.remove(&webhook_id);
            }
        }
    }

    /// How many more the endpoint may have.
    fn room(&self, webhook_id: i64) -> usize {
        self.per_endpoint.saturating_sub(self.counts.get(&webhook_id).copied().unwrap_or(0))
    }

    /// The endpoints with no room left.
    fn full(&self) -> Vec<i64> {
        self.counts.iter().filter(|(_, n)| **n >= self.per_endpoint).map(|(id, _)| *id).collect()
    }
}

/// What one attempt came to.
#[derive(Debug, Clone)]
pub struct Attempt {
    /// The answer's status, when one came.
    pub status: Option<u16>,
    pub duration_ms: i32,
    /// The start of the answer's body.
    pub body: Option<String>,
    /// Why it failed before an answer (refused address, timeout, connection).
    pub error: Option<String>,
}

impl Attempt {
    pub fn delivered(&self) -> bool {
        self.status.is_some_and(|s| (200..300).contains(&s))
    }
}

/// What became of a delivery after an attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Delivered,
    Retrying,
    Failed,
    /// The lease lapsed or the delivery was redelivered meanwhile: nothing
    /// recorded.
    Superseded,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Delivered => "delivered",
            Self::Retrying => "retrying",
            Self::Failed => "failed",
            Self::Superseded => "superseded",
        }
    }
}

/// The wait before retry `n` (1 for the first), jittered.
fn backoff(n: usize) -> Option<TimeDelta> {
    let base = RETRY_AFTER.get(n.checked_sub(1)?)?;
    let fifth = base.num_milliseconds() / 5;
    let jitter = rand::rng().random_range(-fifth..=fifth);
    Some(*base + TimeDelta::milliseconds(jitter))
}

/// `SELECT id` of the endpoints enabled (or disabled).
fn endpoints(enabled: bool) -> sea_orm::sea_query::SelectStatement {
    Query::select()
        .column(webhook::Column::Id)
        .from(webhook::Entity)
        .and_where(webhook::Column::Enabled.eq(enabled))
        .to_owned()
}

/// The deliveries due at `at`, oldest first: pending, not leased, of an
/// enabled endpoint, and none behind an earlier pending one of the same
/// task and endpoint.
fn due_at(at: DateTime<Utc>) -> sea_orm::Select<webhook_delivery::Entity> {
    let earlier = Alias::new("earlier");
    let ahead = Query::select()
        .expr(Expr::val(1))
        .from_as(webhook_delivery::Entity, earlier.clone())
        .and_where(
            Expr::col((earlier.clone(), webhook_delivery::Column::WebhookId))
                .equals((webhook_delivery::Entity, webhook_delivery::Column::WebhookId)),
        )
        .and_where(
            Expr::col((earlier.clone(), webhook_delivery::Column::TaskId))
                .equals((webhook_delivery::Entity, webhook_delivery::Column::TaskId)),
        )
        .and_where(
            Expr::col((earlier.clone(), webhook_delivery::Column::Id))
                .lt(Expr::col((webhook_delivery::Entity, webhook_delivery::Column::Id))),
        )
        .and_where(Expr::col((earlier, webhook_delivery::Column::Status)).eq(PENDING))
        .to_owned();
    webhook_delivery::Entity::find()
        .filter(webhook_delivery::Column::Status.eq(PENDING))
        .filter(webhook_delivery::Column::NextAt.lte(at))
        .filter(webhook_delivery::Column::LeasedUntil.is_null().or(webhook_delivery::Column::LeasedUntil.lt(at)))
        .filter(webhook_delivery::Column::WebhookId.in_subquery(endpoints(true)))
        .filter(Expr::exists(ahead).not())
        .order_by_asc(webhook_delivery::Column::Id)
}

/// Deliveries newest first.
fn delivery_order() -> KeysetOrder<webhook_delivery::Model> {
    KeysetOrder {
        name: "webhook_deliveries",
        keys: vec![(Expr::col((webhook_delivery::Entity, webhook_delivery::Column::Id)), KeyKind::Int)],
        descending: true,
        position: |d| vec![KeyValue::Int(d.id)],
    }
}

fn deliveries_of(webhook_id: i64, status: Option<&str>) -> sea_orm::Select<webhook_delivery::Entity> {
    let mut query = webhook_delivery::Entity::find().filter(webhook_delivery::Column::WebhookId.eq(webhook_id));
    if let Some(status) = status {
        query = query.filter(webhook_delivery::Column::Status.eq(status));
    }
    query
}

/// Cuts `text` to `max` characters.
fn kept(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}

impl Store {
    /// Takes up to `limit` due deliveries of enabled endpoints under a
    /// lease, oldest first, none behind an earlier pending one of the same
    /// task and endpoint, and none to an endpoint past its room in
    /// `in_flight` (so that one slow receiver holds only its share of the
    /// senders).
    pub async fn take_due_deliveries(&self, limit: usize, in_flight: &InFlight) -> Result<Vec<Due>> {
        let at = now();
        let due_now = || due_at(at).filter(webhook_delivery::Column::WebhookId.is_not_in(in_flight.full()));
        // Most looks find nothing: they take no write lock (SQLite has one).
        if limit == 0 || due_now().one(&self.db).await?.is_none() {
            return Ok(Vec::new());
        }
        let txn = begin_write(&self.db).await?;
        // A few more than wanted, so that an endpoint out of room leaves
        // the others theirs.
        let mut due = due_now().limit(u64::try_from(limit.saturating_mul(4)).unwrap_or(u64::MAX));
        if self.db.get_database_backend() == DatabaseBackend::Postgres {
            due = due.lock_with_behavior(LockType::Update, LockBehavior::SkipLocked);
        }
        let mut taken: HashMap<i64, usize> = HashMap::new();
        let deliveries: Vec<webhook_delivery::Model> = due
            .all(&txn)
            .await?
            .into_iter()
            .filter(|d| {
                let count = taken.entry(d.webhook_id).or_default();
                *count += 1;
                *count <= in_flight.room(d.webhook_id)
            })
            .take(limit)
            .collect();
        if deliveries.is_empty() {
            txn.rollback().await?;
            return Ok(Vec::new());
        }
        let ids: Vec<i64> = deliveries.iter().map(|d| d.id).collect();
        let lease = at + LEASE;
        webhook_delivery::Entity::update_many()
            .col_expr(webhook_delivery::Column::LeasedUntil, Expr::val(lease))
            .filter(webhook_delivery::Column::Id.is_in(ids))
            .exec(&txn)
            .await?;
        let hook_ids: Vec<i64> = deliveries.iter().map(|d| d.webhook_id).collect();
        let hooks = webhook::Entity::find().filter(webhook::Column::Id.is_in(hook_ids)).all(&txn).await?;
        txn.commit().await?;
        Ok(deliveries
            .into_iter()
            .filter_map(|mut delivery| {
                let webhook = hooks.iter().find(|h| h.id == delivery.webhook_id)?.clone();
                delivery.leased_until = Some(lease);
                Some(Due { delivery, webhook })
            })
            .collect())
    }

    /// Records an attempt; a delivery that will not be retried (out of
    /// retries, or answered 410 Gone) disables its endpoint with the reason.
    pub async fn record_attempt(&self, due: &Due, attempt: &Attempt) -> Result<Outcome> {
        let at = now();
        let attempts = due.delivery.attempts.saturating_add(1);
        let gone = attempt.status == Some(410);
        let retry = if attempt.delivered() || gone { None } else { backoff(attempts as usize) };
        let outcome = match (attempt.delivered(), retry) {
            (true, _) => Outcome::Delivered,
            (false, Some(_)) => Outcome::Retrying,
            (false, None) => Outcome::Failed,
        };
        let txn = begin_write(&self.db).await?;
        // Recorded only under the lease taken: one that lapsed (another
        // gateway may be sending it now) or was cleared by a redelivery is
        // no longer this attempt's to record.
        let held = webhook_delivery::Entity::find_by_id(due.delivery.id).lock_exclusive().one(&txn).await?;
        if held.is_none_or(|row| row.leased_until != due.delivery.leased_until || row.status != PENDING) {
            txn.rollback().await?;
            return Ok(Outcome::Superseded);
        }
        let mut row: webhook_delivery::ActiveModel = due.delivery.clone().into();
        row.attempts = Set(attempts);
        row.last_attempt_at = Set(Some(at));
        row.leased_until = Set(None);
        row.response_status = Set(attempt.status.map(i32::from));
        row.duration_ms = Set(Some(attempt.duration_ms));
        row.response_body = Set(attempt.body.as_deref().map(|b| kept(b, MAX_ANSWER_CHARS)));
        row.error = Set(attempt.error.clone());
        row.status = Set(match outcome {
            Outcome::Delivered => DELIVERED,
            Outcome::Retrying | Outcome::Superseded => PENDING,
            Outcome::Failed => FAILED,
        }
        .to_owned());
        if let Some(wait) = retry {
            row.next_at = Set(at + wait);
        }
        row.update(&txn).await?;
        if outcome == Outcome::Failed {
            let reason = if gone {
                format!("the endpoint answered 410 Gone to {}", due.delivery.message_id)
            } else {
                let why = attempt.error.clone().or(attempt.status.map(|s| format!("status {s}"))).unwrap_or_default();
                format!("{} failed after {attempts} attempts ({why})", due.delivery.message_id)
            };
            let mut hook: webhook::ActiveModel = due.webhook.clone().into();
            hook.enabled = Set(false);
            hook.disabled_reason = Set(Some(kept(&reason, 500)));
            hook.update(&txn).await?;
        }
        txn.commit().await?;
        Ok(outcome)
    }

    /// A page of the endpoint's deliveries, newest first, of one status
    /// when asked.
    pub async fn deliveries_page(
        &self,
        by: Manager<'_>,
        webhook_id: i64,
        status: Option<&str>,
        args: &PageArgs,
    ) -> Result<Page<webhook_delivery::Model>> {
        let hook = self.webhook(by, webhook_id).await?;
        let spec = delivery_order();
        let digest = cursor::digest(spec.name, &format!("{}:{}", hook.id, status.unwrap_or("")));
        let request = args.validate(self.limits, &digest, &spec.kinds())?;
        keyset::fetch_page(&self.db, deliveries_of(hook.id, status), &spec, &digest, &request).await
    }

    pub async fn count_deliveries(&self, webhook_id: i64, status: Option<&str>) -> Result<u64> {
        Ok(deliveries_of(webhook_id, status).count(&self.db).await?)
    }

    /// Sends a delivery again, under its id, as soon as a gateway can.
    pub async fn redeliver(&self, by: Manager<'_>, delivery_id: i64) -> Result<webhook_delivery::Model> {
        let delivery = webhook_delivery::Entity::find_by_id(delivery_id)
            .one(&self.db)
            .await?
            .ok_or_else(super::not_administered)?;
        let hook = self.webhook(by, delivery.webhook_id).await?;
        if let Manager::Admin(viewer) = by {
            crate::store::visibility::require_write(viewer)?;
        }
        if !hook.enabled {
            return Err(StoreError::bad_input(
                format!("webhook {} is disabled", hook.id),
                "enable it first (updateWebhook enabled: true, or `tasklens webhook enable`)",
            ));
        }
        if delivery.leased_until.is_some_and(|until| until > now()) {
            return Err(StoreError::conflict(
                format!("delivery {delivery_id} is being sent now"),
                "see its outcome in a few seconds, then redeliver it if need be",
            ));
        }
        let mut row: webhook_delivery::ActiveModel = delivery.into();
        // A fresh run of retries: one more failure does not end the endpoint.
        row.attempts = Set(0);
        row.status = Set(PENDING.to_owned());
        row.next_at = Set(now());
        row.leased_until = Set(None);
        Ok(row.update(&self.db).await?)
    }

    /// Deletes deliveries written more than `KEPT_FOR` ago that are settled,
    /// or wait for an endpoint disabled since; how many.
    pub async fn prune_deliveries(&self) -> Result<u64> {
        let before: DateTime<Utc> = now() - KEPT_FOR;
        // Settled ones, and pending ones of an endpoint disabled since.
        let pruned = webhook_delivery::Entity::delete_many()
            .filter(
                webhook_delivery::Column::Status
                    .ne(PENDING)
                    .or(webhook_delivery::Column::WebhookId.in_subquery(endpoints(false))),
            )
            .filter(webhook_delivery::Column::CreatedAt.lt(before))
            .exec(&self.db)
            .await?;
        Ok(pruned.rows_affected)
    }

    /// Deliveries waiting to be sent (to enabled endpoints), and how long
    /// the oldest has waited.
    pub async fn delivery_queue(&self) -> Result<(u64, TimeDelta)> {
        let pending = webhook_delivery::Entity::find()
            .filter(webhook_delivery::Column::Status.eq(PENDING))
            .filter(webhook_delivery::Column::WebhookId.in_subquery(endpoints(true)));
        let depth = pending.clone().count(&self.db).await?;
        let oldest = pending.order_by_asc(webhook_delivery::Column::Id).one(&self.db).await?;
        let age = oldest.map_or(TimeDelta::zero(), |d| (now() - d.created_at).max(TimeDelta::zero()));
        Ok((depth, age))
    }
}
