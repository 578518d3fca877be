//! Sending the outbox: every gateway keeps a pool of senders busy with due
//! deliveries, taken under a lease (`store::webhooks::queue`) as senders
//! free up, at most a few per endpoint; each is sent (`send`, signed by
//! `sign`) and its attempt recorded. The loop keeps the queue's metrics
//! and prunes settled deliveries (and GitHub's, kept to refuse replays)
//! once an hour.

pub mod send;
pub mod sign;

use std::collections::HashMap;
use std::time::Duration;

use tokio::task::JoinSet;
use tokio::time::Instant;

use crate::metrics::metrics;
use crate::store::Store;
use crate::store::webhooks::queue::{Due, InFlight};

/// Deliveries sent at once by one gateway, and to one endpoint: a slow
/// receiver holds at most its share while the others' deliveries go on.
const SENDERS: usize = 16;
const PER_ENDPOINT: usize = 4;
/// How long an idle gateway waits before looking again.
const IDLE: Duration = Duration::from_millis(500);
const STATS_EVERY: Duration = Duration::from_secs(10);
const PRUNE_EVERY: Duration = Duration::from_secs(3600);

/// Sends deliveries until the future ends (never on its own): a pool of
/// senders, each refilled as soon as it is free.
pub async fn deliver(store: Store, allow_loopback: bool) {
    let mut sending: JoinSet<()> = JoinSet::new();
    let mut endpoint_of: HashMap<tokio::task::Id, i64> = HashMap::new();
    let mut in_flight = InFlight::new(PER_ENDPOINT);
    let mut stats_at = Instant::now();
    let mut pruned_at = Instant::now();
    loop {
        let room = SENDERS.saturating_sub(sending.len());
        let mut took = 0;
        if room > 0 {
            match store.take_due_deliveries(room, &in_flight).await {
                Ok(due) => {
                    took = due.len();
                    for one in due {
                        in_flight.started(one.webhook.id);
                        let endpoint = one.webhook.id;
                        let task = sending.spawn(send_one(store.clone(), one, allow_loopback));
                        endpoint_of.insert(task.id(), endpoint);
                    }
                }
                Err(err) => tracing::warn!(error = %err, "webhook deliveries could not be read; trying again"),
            }
        }
        if stats_at.elapsed() >= STATS_EVERY {
            stats_at = Instant::now();
            if let Ok((depth, oldest)) = store.delivery_queue().await {
                metrics().webhook_queue(depth, oldest.num_seconds());
            }
        }
        if pruned_at.elapsed() >= PRUNE_EVERY {
            pruned_at = Instant::now();
            prune(&store).await;
        }
        // Straight on while there is work and room; otherwise until a
        // sender is free or the idle wait is over.
        if took == 0 || sending.len() >= SENDERS {
            tokio::select! {
                Some(ended) = sending.join_next_with_id(), if !sending.is_empty() => {
                    release(ended.map(|(id, ())| id).unwrap_or_else(|err| err.id()), &mut endpoint_of, &mut in_flight);
                }
                () = tokio::time::sleep(IDLE) => {}
            }
        }
        while let Some(ended) = sending.try_join_next_with_id() {
            release(ended.map(|(id, ())| id).unwrap_or_else(|err| err.id()), &mut endpoint_of, &mut in_flight);
        }
    }
}

/// Frees the ended sender's place (one that panicked included).
fn release(task: tokio::task::Id, endpoint_of: &mut HashMap<tokio::task::Id, i64>, in_flight: &mut InFlight) {
    if let Some(endpoint) = endpoint_of.remove(&task) {
        in_flight.ended(endpoint);
    }
}

async fn prune(store: &Store) {
    if let Err(err) = store.prune_github_deliveries().await {
        tracing::warn!(error = %err, "old GitHub deliveries could not be pruned");
    }
    match store.prune_deliveries().await {
        Ok(pruned) if pruned > 0 => tracing::info!(pruned, "old webhook deliveries pruned"),
        Ok(_) => {}
        Err(err) => tracing::warn!(error = %err, "old webhook deliveries could not be pruned"),
    }
}

/// Sends one delivery and records the attempt.
async fn send_one(store: Store, one: Due, allow_loopback: bool) {
    let span = tracing::info_span!("webhook", id = %one.delivery.message_id, endpoint = one.webhook.id);
    let sent = async move {
        let attempt = send::send(&one, allow_loopback).await;
        match store.record_attempt(&one, &attempt).await {
            Ok(outcome) => {
                metrics().webhook_delivery(outcome.as_str());
                tracing::info!(
                    outcome = outcome.as_str(),
                    status = attempt.status,
                    ms = attempt.duration_ms,
                    error = attempt.error.as_deref(),
                    "webhook delivery"
                );
            }
            // The lease lapses and another attempt follows.
            Err(err) => tracing::warn!(error = %err, "a webhook attempt could not be recorded"),
        }
    };
    tracing::Instrument::instrument(sent, span).await;
}
