//! A TCP proxy to a database server that a test or a bench breaks on
//! purpose: `cut` drops every connection open and closes new ones as they
//! come (a restart, a partition that resets), `stall` keeps connections
//! open but moves no byte (a partition that drops packets, a frozen server),
//! `restore` heals both.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::AbortHandle;

#[derive(Default)]
struct Faults {
    cut: AtomicBool,
    stalled: AtomicBool,
}

impl Faults {
    async fn wait_while_stalled(&self) {
        while self.stalled.load(Ordering::SeqCst) {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

pub struct Proxy {
    pub port: u16,
    faults: Arc<Faults>,
    open: Arc<Mutex<Vec<AbortHandle>>>,
    accepting: AbortHandle,
}

impl Proxy {
    /// A proxy on a loopback port to `upstream` (`host:port`).
    pub async fn start(upstream: String) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let port = listener.local_addr().expect("address").port();
        let faults = Arc::new(Faults::default());
        let open = Arc::new(Mutex::new(Vec::new()));
        let (state, tracked) = (faults.clone(), open.clone());
        let accepting = tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                if state.cut.load(Ordering::SeqCst) {
                    continue;
                }
                let (upstream, state) = (upstream.clone(), state.clone());
                let forwarding = tokio::spawn(async move {
                    state.wait_while_stalled().await;
                    let Ok(server) = TcpStream::connect(&upstream).await else { return };
                    let (client_read, client_write) = client.into_split();
                    let (server_read, server_write) = server.into_split();
                    tokio::select! {
                        () = pump(client_read, server_write, &state) => {}
                        () = pump(server_read, client_write, &state) => {}
                    }
                });
                if let Ok(mut open) = tracked.lock() {
                    open.retain(|connection: &AbortHandle| !connection.is_finished());
                    open.push(forwarding.abort_handle());
                }
            }
        });
        Self { port, faults, open, accepting: accepting.abort_handle() }
    }

    /// Drops every connection open, and closes new ones until `restore`.
    pub fn cut(&self) {
        self.faults.cut.store(true, Ordering::SeqCst);
        if let Ok(mut open) = self.open.lock() {
            for connection in open.drain(..) {
                connection.abort();
            }
        }
    }

    /// Moves no byte either way until `restore`; connections stay open.
    pub fn stall(&self) {
        self.faults.stalled.store(true, Ordering::SeqCst);
    }

    pub fn restore(&self) {
        self.faults.cut.store(false, Ordering::SeqCst);
        self.faults.stalled.store(false, Ordering::SeqCst);
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        self.accepting.abort();
        self.cut();
    }
}

/// Copies one direction until either side closes, holding each read while
/// the proxy is stalled.
async fn pump(mut from: tokio::net::tcp::OwnedReadHalf, mut to: tokio::net::tcp::OwnedWriteHalf, faults: &Faults) {
    let mut buffer = vec![0u8; 16 << 10];
    loop {
        let read = match from.read(&mut buffer).await {
            Ok(0) | Err(_) => return,
            Ok(read) => read,
        };
        faults.wait_while_stalled().await;
        if to.write_all(&buffer[..read]).await.is_err() {
            return;
        }
    }
}
