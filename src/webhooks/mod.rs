//! Sending the outbox: every gateway takes due deliveries under a lease
//! (`store::webhooks::queue`), sends each (`send`, signed by `sign`),
//! records the attempt, and keeps the queue's metrics; it prunes settled
//! deliveries (and GitHub's, kept to refuse replays) once an hour.

pub mod send;
pub mod sign;

use std::time::Duration;

use crate::metrics::metrics;
use crate::store::Store;

/// Deliveries taken at once, and sent at once.
const BATCH: u64 = 16;
/// How long an idle gateway waits before looking again.
const IDLE: Duration = Duration::from_millis(500);
const STATS_EVERY: Duration = Duration::from_secs(10);
const PRUNE_EVERY: Duration = Duration::from_secs(3600);

/// Sends deliveries until the future ends (never on its own).
pub async fn deliver(store: Store, allow_loopback: bool) {
    let mut stats_at = tokio::time::Instant::now();
    let mut pruned_at = tokio::time::Instant::now();
    loop {
        let sent = match store.take_due_deliveries(BATCH).await {
            Ok(due) => send_all(&store, due, allow_loopback).await,
            Err(err) => {
                tracing::warn!(error = %err, "webhook deliveries could not be read; trying again");
                0
            }
        };
        if stats_at.elapsed() >= STATS_EVERY {
            stats_at = tokio::time::Instant::now();
            if let Ok((depth, oldest)) = store.delivery_queue().await {
                metrics().webhook_queue(depth, oldest.num_seconds());
            }
        }
        if pruned_at.elapsed() >= PRUNE_EVERY {
            pruned_at = tokio::time::Instant::now();
            if let Err(err) = store.prune_github_deliveries().await {
                tracing::warn!(error = %err, "old GitHub deliveries could not be pruned");
            }
            match store.prune_deliveries().await {
                Ok(pruned) if pruned > 0 => tracing::info!(pruned, "old webhook deliveries pruned"),
                Ok(_) => {}
                Err(err) => tracing::warn!(error = %err, "old webhook deliveries could not be pruned"),
            }
        }
        if sent == 0 {
            tokio::time::sleep(IDLE).await;
        }
    }
}

/// Sends a batch at once; how many were sent.
async fn send_all(store: &Store, due: Vec<crate::store::webhooks::queue::Due>, allow_loopback: bool) -> usize {
    let count = due.len();
    let mut sending = tokio::task::JoinSet::new();
    for one in due {
        let store = store.clone();
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
        sending.spawn(tracing::Instrument::instrument(sent, span));
    }
    while sending.join_next().await.is_some() {}
    count
}
