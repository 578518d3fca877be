//! The queue in front of the database: at most as many requests work as
//! the pool has connections, `--db-queue` more wait (each at most the
//! acquire timeout), and one more is refused at once with 503 and
//! `Retry-After` instead of piling up behind a database that cannot keep up.
//! The wait is measured (`tasklens_db_pool_wait_seconds`).

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use axum::extract::{Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::Response;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::graphql_http::{self, MediaType};
use crate::App;
use crate::graphql::error::{self, ErrorCode};

pub struct DbGate {
    slots: Arc<Semaphore>,
    waiting: AtomicU32,
    queue: u32,
    wait: Duration,
}

/// Why a request was not let through.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    QueueFull,
    WaitedTooLong,
}

impl DbGate {
    pub fn new(slots: u32, queue: u32, wait: Duration) -> Self {
        Self { slots: Arc::new(Semaphore::new(slots.max(1) as usize)), waiting: AtomicU32::new(0), queue, wait }
    }

    /// A slot, held until the permit drops.
    pub async fn enter(&self) -> Result<OwnedSemaphorePermit, Refusal> {
        if let Ok(permit) = Arc::clone(&self.slots).try_acquire_owned() {
            crate::metrics::metrics().pool_wait(Duration::ZERO);
            return Ok(permit);
        }
        let queued =
            self.waiting.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| (n < self.queue).then_some(n + 1));
        if queued.is_err() {
            return Err(Refusal::QueueFull);
        }
        // Given back however the wait ends, a client that hangs up while
        // waiting included.
        let place = QueuePlace(&self.waiting);
        let started = Instant::now();
        let permit = tokio::time::timeout(self.wait, Arc::clone(&self.slots).acquire_owned()).await;
        drop(place);
        crate::metrics::metrics().pool_wait(started.elapsed());
        match permit {
            Ok(Ok(permit)) => Ok(permit),
            _ => Err(Refusal::WaitedTooLong),
        }
    }
}

/// A request's place in the queue, counted while it is held.
struct QueuePlace<'a>(&'a AtomicU32);

impl Drop for QueuePlace<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Lets a request that reads the database through the gate; the rest
/// (a GET of `/mcp`'s event stream, which holds no connection) pass.
pub(super) async fn gate(State(app): State<App>, request: Request, next: Next) -> Response {
    let exempt = request.method() != Method::POST && request.uri().path().starts_with("/mcp");
    if exempt {
        return next.run(request).await;
    }
    match app.db_gate.enter().await {
        Ok(_permit) => next.run(request).await,
        Err(refusal) => {
            crate::metrics::metrics().limit_refused(crate::metrics::Limit::DbQueue);
            let message = match refusal {
                Refusal::QueueFull => {
                    "the server is at capacity: every database connection is busy and the queue is full"
                }
                Refusal::WaitedTooLong => "the server is at capacity: no database connection came free in time",
            };
            let errors =
                vec![error::request_error(message, ErrorCode::Unavailable, Some("try again in a few seconds"))];
            graphql_http::unavailable_response(MediaType::for_errors(request.headers()), errors)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn past_the_slots_requests_wait_in_the_queue_and_past_it_are_refused_at_once() {
        let gate = Arc::new(DbGate::new(1, 1, Duration::from_secs(5)));
        let held = gate.enter().await.expect("a free slot");
        let waiter = tokio::spawn({
            let gate = Arc::clone(&gate);
            async move { gate.enter().await.map(drop) }
        });
        while gate.waiting.load(Ordering::SeqCst) == 0 {
            tokio::task::yield_now().await;
        }
        let started = Instant::now();
        assert_eq!(gate.enter().await.err(), Some(Refusal::QueueFull));
        assert!(started.elapsed() < Duration::from_millis(100));
        drop(held);
        assert_eq!(waiter.await.ok(), Some(Ok(())));
        assert!(gate.enter().await.is_ok(), "a slot again once the others are done");
    }

    /// A client that hangs up while waiting gives its place back: the
    /// queue did not fill with the ghosts of cancelled requests.
    #[tokio::test]
    async fn a_request_cancelled_while_waiting_leaves_the_queue() {
        let gate = Arc::new(DbGate::new(1, 2, Duration::from_secs(5)));
        let _held = gate.enter().await.expect("a free slot");
        for _ in 0..5 {
            let waiter = tokio::spawn({
                let gate = Arc::clone(&gate);
                async move { gate.enter().await.map(drop) }
            });
            while gate.waiting.load(Ordering::SeqCst) == 0 {
                tokio::task::yield_now().await;
            }
            waiter.abort();
            let _ = waiter.await;
            assert_eq!(gate.waiting.load(Ordering::SeqCst), 0, "the cancelled request left the queue");
        }
    }

    #[tokio::test]
    async fn a_wait_past_the_acquire_timeout_is_refused() {
        let gate = DbGate::new(1, 4, Duration::from_millis(50));
        let _held = gate.enter().await.expect("a free slot");
        assert_eq!(gate.enter().await.err(), Some(Refusal::WaitedTooLong));
        assert_eq!(gate.waiting.load(Ordering::SeqCst), 0, "no longer counted as waiting");
    }
}
