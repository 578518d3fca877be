//! The accept loop: what a connection may cost before any handler runs.
//! HTTP/1.1 only (with upgrades to websockets): a cap on open connections,
//! websockets included (one more is closed at once); a deadline for a
//! request's headers, from the moment the connection waits for one (so a
//! silent client, a dribbling one and an idle kept-alive connection are all
//! closed by it); and an idle deadline for every connection: nothing read
//! from the client for that long, while no handler is working for it, and
//! it is closed. Bodies have their own deadline (`limit_body`).

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, watch};
use tokio::time::{Instant, Sleep};
use tower_http::add_extension::AddExtension;

use crate::config::Connections;

/// At most one warning this often about connections refused at the cap.
const CAP_WARNING_EVERY: Duration = Duration::from_secs(10);

/// The next connection, or none once `shutdown` completes.
async fn next_connection(
    listener: &TcpListener,
    mut shutdown: Pin<&mut impl Future<Output = ()>>,
) -> Option<(TcpStream, std::net::SocketAddr)> {
    loop {
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => return Some(accepted),
                Err(err) => {
                    // Out of file descriptors, or a connection reset before
                    // it was accepted: wait a moment instead of spinning.
                    tracing::warn!(error = %err, "cannot accept a connection");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            },
            () = &mut shutdown => return None,
        }
    }
}

/// A flood of connections past the cap is logged once in a while, not
/// once per connection.
#[derive(Default)]
struct Refusals {
    last_warning: Option<Instant>,
}

impl Refusals {
    /// Counts one refusal; whether it was logged.
    fn refused(&mut self, max: usize) -> bool {
        let due = self.last_warning.is_none_or(|at| at.elapsed() >= CAP_WARNING_EVERY);
        crate::metrics::metrics().limit_refused(crate::metrics::Limit::Connections);
        if due {
            tracing::warn!(max, "connections closed: the server holds its most connections");
            self.last_warning = Some(Instant::now());
        }
        due
    }
}

/// Serves `router` on `listener` until `shutdown` completes, then lets
/// open connections finish their requests for a while.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: Connections,
    shutdown: impl Future<Output = ()>,
) -> io::Result<()> {
    let max = limits.max_connections as usize;
    let permits = Arc::new(Semaphore::new(max));
    let (stopping, stop) = watch::channel(false);
    let mut builder = http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(limits.header_read_timeout());
    let mut shutdown = std::pin::pin!(shutdown);
    let mut refusals = Refusals::default();
    while let Some((stream, client)) = next_connection(&listener, shutdown.as_mut()).await {
        let Ok(permit) = permits.clone().try_acquire_owned() else {
            refusals.refused(max);
            continue;
        };
        stream.set_nodelay(true).ok();
        let working = Arc::new(AtomicUsize::new(0));
        let io = TokioIo::new(IdleTimeout::new(stream, limits.idle_timeout(), permit, working.clone()));
        let service = Working { inner: AddExtension::new(router.clone(), ConnectInfo(client)), working };
        let connection = builder.serve_connection(io, TowerToHyperService::new(service)).with_upgrades();
        let mut stop = stop.clone();
        tokio::spawn(async move {
            let mut connection = std::pin::pin!(connection);
            let stopped = async move {
                let _ = stop.wait_for(|stopping| *stopping).await;
            };
            let ended = tokio::select! {
                ended = connection.as_mut() => ended,
                () = stopped => {
                    connection.as_mut().graceful_shutdown();
                    connection.await
                }
            };
            if let Err(err) = ended {
                tracing::debug!(error = %err, "connection ended with an error");
            }
        });
    }
    drop(listener);
    stopping.send_replace(true);
    // Every connection holds a permit until it closes (an upgraded one
    // included): all of them back means all closed.
    let grace = limits.shutdown_grace();
    let closed = tokio::time::timeout(grace, permits.acquire_many(max as u32)).await;
    if closed.is_err() {
        tracing::warn!(seconds = grace.as_secs(), "connections still open at the end of the grace period");
    }
    Ok(())
}

/// The router, counting the requests of one connection a handler is
/// working on: the connection is not idle while one is.
#[derive(Clone)]
struct Working<S> {
    inner: S,
    working: Arc<AtomicUsize>,
}

/// One request being worked on, until its handler answers or is dropped.
struct WorkingGuard(Arc<AtomicUsize>);

impl Drop for WorkingGuard {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

impl<S, R> tower::Service<R> for Working<S>
where
    S: tower::Service<R>,
    S::Future: Send + 'static,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<S::Response, S::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: R) -> Self::Future {
        self.working.fetch_add(1, Ordering::Relaxed);
        let guard = WorkingGuard(self.working.clone());
        let answer = self.inner.call(request);
        Box::pin(async move {
            let answer = answer.await;
            drop(guard);
            answer
        })
    }
}

/// A connection that fails with `TimedOut` once nothing was read from its
/// client for its idle time while no handler was working for it. Only
/// reads count: the server's own writes (a websocket ping, a response a
/// client reads a byte at a time) say nothing of the client, and a vanished
/// client never answers a ping. The deadline is polled whenever a read or a
/// write waits. It holds the connection's permit, so an upgraded connection
/// counts against the cap for as long as it lives.
struct IdleTimeout<S = TcpStream> {
    stream: S,
    idle: Duration,
    deadline: Pin<Box<Sleep>>,
    working: Arc<AtomicUsize>,
    _permit: OwnedSemaphorePermit,
}

impl<S> IdleTimeout<S> {
    fn new(stream: S, idle: Duration, permit: OwnedSemaphorePermit, working: Arc<AtomicUsize>) -> Self {
        Self { stream, idle, deadline: Box::pin(tokio::time::sleep(idle)), working, _permit: permit }
    }

    fn active(&mut self) {
        self.deadline.as_mut().reset(Instant::now() + self.idle);
    }

    fn expired(&mut self, cx: &mut Context<'_>) -> bool {
        if self.working.load(Ordering::Relaxed) > 0 {
            self.active();
        }
        self.deadline.as_mut().poll(cx).is_ready()
    }
}

fn idle_error() -> io::Error {
    io::Error::new(io::ErrorKind::TimedOut, "the connection was idle too long")
}

impl<S: AsyncRead + Unpin> AsyncRead for IdleTimeout<S> {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        match Pin::new(&mut this.stream).poll_read(cx, buf) {
            Poll::Ready(result) => {
                if buf.filled().len() > before {
                    this.active();
                }
                Poll::Ready(result)
            }
            Poll::Pending if this.expired(cx) => Poll::Ready(Err(idle_error())),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for IdleTimeout<S> {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        match Pin::new(&mut this.stream).poll_write(cx, buf) {
            Poll::Pending if this.expired(cx) => Poll::Ready(Err(idle_error())),
            other => other,
        }
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        match Pin::new(&mut this.stream).poll_write_vectored(cx, bufs) {
            Poll::Pending if this.expired(cx) => Poll::Ready(Err(idle_error())),
            other => other,
        }
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const IDLE: Duration = Duration::from_millis(200);

    /// A writer that takes everything, one buffer at a time.
    struct Plain;

    impl AsyncWrite for Plain {
        fn poll_write(self: Pin<&mut Self>, _: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
            Poll::Ready(Ok(buf.len()))
        }

        fn poll_flush(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
            Poll::Ready(Ok(()))
        }

        fn poll_shutdown(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
            Poll::Ready(Ok(()))
        }
    }

    /// A connection over an in-memory pipe of `capacity` bytes, its client
    /// end, and its handlers' working count.
    fn connection(
        capacity: usize,
    ) -> (IdleTimeout<tokio::io::DuplexStream>, tokio::io::DuplexStream, Arc<AtomicUsize>) {
        let (server, client) = tokio::io::duplex(capacity);
        let permit = Arc::new(Semaphore::new(1)).try_acquire_owned().expect("a permit");
        let working = Arc::new(AtomicUsize::new(0));
        (IdleTimeout::new(server, IDLE, permit, working.clone()), client, working)
    }

    #[tokio::test]
    async fn a_silent_client_times_out_unless_a_handler_is_working() {
        use tokio::io::AsyncReadExt;
        let (mut connection, _client, working) = connection(64);
        let mut buf = [0u8; 8];
        working.store(1, Ordering::Relaxed);
        let waited = tokio::time::timeout(IDLE * 2, connection.read(&mut buf)).await;
        assert!(waited.is_err(), "a working handler keeps the connection open");
        working.store(0, Ordering::Relaxed);
        let read = tokio::time::timeout(IDLE * 3, connection.read(&mut buf)).await.expect("ends");
        assert_eq!(read.expect_err("idle").kind(), io::ErrorKind::TimedOut);
    }

    #[tokio::test]
    async fn a_client_that_keeps_sending_is_not_idle() {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let (mut connection, mut client, _) = connection(64);
        let sender = tokio::spawn(async move {
            for _ in 0..8 {
                tokio::time::sleep(IDLE / 2).await;
                client.write_all(b"x").await.expect("sent");
            }
            client
        });
        let mut buf = [0u8; 8];
        let mut received = 0;
        while received < 8 {
            received += connection.read(&mut buf).await.expect("each byte came within the idle time");
        }
        sender.await.expect("the sender ended");
    }

    #[tokio::test]
    async fn a_write_the_client_does_not_read_waits_until_the_idle_time_then_fails() {
        use tokio::io::AsyncWriteExt;
        for vectored in [false, true] {
            let (mut connection, _client, _) = connection(16);
            let data = [7u8; 64];
            let started = Instant::now();
            let write = async {
                loop {
                    // A write that answers at once, without writing, never
                    // lets the timeout below run: give up here instead.
                    assert!(started.elapsed() < IDLE * 3, "no error within the idle time (vectored: {vectored})");
                    let written = if vectored {
                        connection.write_vectored(&[io::IoSlice::new(&data)]).await
                    } else {
                        connection.write(&data).await
                    };
                    if let Err(err) = written {
                        return err;
                    }
                }
            };
            let err = tokio::time::timeout(IDLE * 3, write).await.expect("ends");
            assert_eq!(err.kind(), io::ErrorKind::TimedOut, "vectored: {vectored}");
            assert!(started.elapsed() >= IDLE, "not before the idle time (vectored: {vectored})");
        }
    }

    #[tokio::test]
    async fn flush_shutdown_and_vectored_writes_are_the_streams() {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let (mut connection, mut client, _) = connection(64);
        assert!(connection.is_write_vectored(), "as the pipe");
        let permit = Arc::new(Semaphore::new(1)).try_acquire_owned().expect("a permit");
        let plain = IdleTimeout::new(Plain, IDLE, permit, Arc::new(AtomicUsize::new(0)));
        assert!(!plain.is_write_vectored(), "as a stream that does not write vectored");
        connection.write_all(b"bye").await.expect("written");
        connection.flush().await.expect("flushed");
        connection.shutdown().await.expect("shut down");
        let mut read = Vec::new();
        tokio::time::timeout(IDLE, client.read_to_end(&mut read)).await.expect("the client sees the end").ok();
        assert_eq!(read, b"bye");
    }

    /// A handler that answers after the time it is given.
    struct Sleeper;

    impl tower::Service<Duration> for Sleeper {
        type Response = ();
        type Error = std::convert::Infallible;
        type Future = Pin<Box<dyn Future<Output = Result<(), Self::Error>> + Send>>;

        fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
            Poll::Ready(Ok(()))
        }

        fn call(&mut self, wait: Duration) -> Self::Future {
            Box::pin(async move {
                tokio::time::sleep(wait).await;
                Ok(())
            })
        }
    }

    #[tokio::test]
    async fn a_request_counts_as_work_until_its_handler_answers() {
        use tower::Service;
        let working = Arc::new(AtomicUsize::new(0));
        let mut service = Working { inner: Sleeper, working: working.clone() };
        std::future::poll_fn(|cx| service.poll_ready(cx)).await.expect("ready");
        let first = service.call(Duration::from_millis(50));
        let second = service.call(Duration::from_millis(100));
        assert_eq!(working.load(Ordering::Relaxed), 2);
        first.await.expect("answered");
        assert_eq!(working.load(Ordering::Relaxed), 1);
        drop(second);
        assert_eq!(working.load(Ordering::Relaxed), 0, "a dropped request is no longer work");
    }

    #[test]
    fn a_flood_of_refusals_is_logged_once_in_a_while() {
        let mut refusals = Refusals::default();
        assert!(refusals.refused(8), "the first refusal is logged");
        assert!(!refusals.refused(8), "the next ones, right after, are not");
        refusals.last_warning = Instant::now().checked_sub(CAP_WARNING_EVERY);
        assert!(refusals.refused(8), "one is logged again after the interval");
    }
}
