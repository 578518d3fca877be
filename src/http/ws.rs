//! graphql-ws at `/graphql/ws` (the graphql-transport-ws protocol and the
//! older subscriptions-transport-ws): the token in the upgrade's header or
//! in `connection_init`, a deadline for that, the end of the connection when
//! its token is revoked, and a bound on the operations one connection runs
//! at once (each holds a stream on the server until it completes).

use std::collections::HashSet;
use std::net::{IpAddr, SocketAddr};
use std::sync::Mutex;
use std::time::Duration;

use async_graphql::Data;
use async_graphql::http::{ClientMessage, WebSocket as Operations, WebSocketProtocols, WsMessage};
use axum::Extension;
use axum::body::Bytes;
use axum::extract::ws::{CloseFrame, Message, WebSocket};
use axum::extract::{ConnectInfo, State, WebSocketUpgrade};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt, future};
use serde_json::json;
use tokio::sync::mpsc;

use super::{MediaType, authenticate, client_ip, counts_as_failure, too_many_attempts, unauthorized, viewer_of};
use crate::App;
use crate::auth;
use crate::graphql::{self, error, error::ErrorCode};
use crate::store::{AuthError, Viewer};

/// The most operations one connection runs at once: subscriptions, and
/// queries and mutations until they answer. One more is refused with an
/// error for its id; the others go on.
pub const MAX_OPERATIONS: usize = 100;
/// The longest operation id taken (clients send UUIDs or counters).
const MAX_ID_CHARS: usize = 128;
/// A graphql-ws client has this long to send `connection_init`.
const WS_INIT_TIMEOUT: Duration = Duration::from_secs(10);
/// How often an open graphql-ws connection checks its token.
const WS_TOKEN_CHECK: Duration = Duration::from_secs(2);
/// Refusals waiting to go out; past them the connection's messages wait
/// too (a client that does not read is not read).
const PENDING_REFUSALS: usize = 16;
/// The most bytes waiting to go out on one connection.
const MAX_WRITE_BUFFER: usize = 16 << 20;
/// The longest reason a close frame carries (RFC 6455: 123 bytes).
const MAX_CLOSE_REASON: usize = 123;

/// graphql-ws: the token comes in `connection_init` (`{"Authorization": "Bearer ..."}`)
/// or in the upgrade request's header.
pub async fn graphql_ws(
    State(app): State<App>,
    headers: HeaderMap,
    connect: Option<Extension<ConnectInfo<SocketAddr>>>,
    upgrade: WebSocketUpgrade,
) -> Response {
    let client = client_ip(connect.as_ref().map(|c| &c.0));
    if let Err(wait) = app.auth_throttle.check(client) {
        return too_many_attempts(wait, MediaType::for_errors(&headers));
    }
    let from_header = match viewer_of(&app, &headers).await {
        Ok(viewer) => Some(viewer),
        Err(AuthError::Missing) => None,
        Err(err) => {
            if counts_as_failure(&err) {
                app.auth_throttle.failed(client);
            }
            return unauthorized(&app, &err, MediaType::for_errors(&headers));
        }
    };
    let upgrade = bounded(upgrade, app.settings.limits.max_body_bytes);
    // The protocol spoken is the one the handshake answers.
    let protocol = upgrade.selected_protocol().and_then(|p| p.to_str().ok()).and_then(|p| p.parse().ok());
    let Some(protocol) = protocol else {
        let message = "ask for the subprotocol graphql-transport-ws (or graphql-ws) in Sec-WebSocket-Protocol";
        return (StatusCode::BAD_REQUEST, message).into_response();
    };
    upgrade.on_upgrade(move |socket| async move {
        let init_app = app.clone();
        // The token the connection runs as, once `connection_init` is done.
        let (authenticated, token_of_connection) = tokio::sync::watch::channel(None::<Held>);
        let on_init = move |payload: serde_json::Value| async move {
            let viewer = match from_header {
                Some(viewer) => viewer,
                None => viewer_of_init(&init_app, client, &payload).await?,
            };
            authenticated.send_replace(Some(Held { token_id: viewer.token_id, expires_at: viewer.expires_at }));
            let mut data = Data::default();
            data.insert(viewer);
            Ok(data)
        };
        let revocations = app.store.revocations();
        let token_ends = connection_must_end(app.store.clone(), token_of_connection, revocations, WS_TOKEN_CHECK);
        let stopping = app.clone();
        let must_end = async move {
            tokio::select! {
                reason = token_ends => reason,
                () = stopping.stopped() => (1001, "the server is shutting down"),
            }
        };
        // Pinged well within the idle deadline: a quiet subscription whose
        // client answers stays open, a vanished client is closed.
        let ping_every = (app.settings.connections.idle_timeout() / 3).max(Duration::from_secs(1));
        serve(socket, app.graphql.clone(), protocol, on_init, must_end, ping_every).await;
    })
}

/// The upgrade with its messages bounded, and what waits to be written
/// too: a client that sends pings and never reads the pongs (or the
/// answers) is closed, not buffered for.
fn bounded(upgrade: WebSocketUpgrade, max: usize) -> WebSocketUpgrade {
    upgrade
        .max_message_size(max)
        .max_frame_size(max)
        .max_write_buffer_size(MAX_WRITE_BUFFER.max(2 * max))
        .protocols(async_graphql::http::ALL_WEBSOCKET_PROTOCOLS)
}

/// The viewer of the token in `connection_init`'s `Authorization` (any
/// case), for a connection whose upgrade carried none.
async fn viewer_of_init(app: &App, client: IpAddr, payload: &serde_json::Value) -> async_graphql::Result<Viewer> {
    let token = payload
        .as_object()
        .and_then(|object| object.iter().find(|(key, _)| key.eq_ignore_ascii_case("authorization")))
        .and_then(|(_, v)| v.as_str())
        .and_then(auth::bearer)
        .ok_or_else(error::unauthenticated)?;
    authenticate(app, token).await.map_err(|err| match err {
        AuthError::Store(e) => async_graphql::ErrorExtensions::extend(&e),
        AuthError::Unavailable(why) => error::coded(why, ErrorCode::Unavailable, Some("try again in a moment")),
        AuthError::InsufficientScope(scope) => error::coded(
            format!("the access token lacks the scope {scope}"),
            ErrorCode::Forbidden,
            Some("ask the authorization server for the scope"),
        ),
        err => {
            app.auth_throttle.failed(client);
            match err {
                AuthError::Rejected(why) => {
                    error::coded(why, ErrorCode::Unauthenticated, Some("get a new access token"))
                }
                _ => error::unauthenticated(),
            }
        }
    })
}

/// Runs the connection's operations until either side closes it, or
/// `must_end` says why it ends.
/// The client's messages that reach the operations: each one the
/// connection answers itself (a refusal) is sent to `answers` instead.
fn operation_messages<'a>(
    stream: impl futures_util::Stream<Item = Result<Message, axum::Error>> + 'a,
    running: &'a Running,
    answers: mpsc::Sender<WsMessage>,
) -> impl futures_util::Stream<Item = serde_json::Result<ClientMessage>> + 'a {
    stream
        .take_while(|message| future::ready(message.is_ok()))
        .filter_map(|message| {
            future::ready(match message {
                Ok(Message::Text(text)) => Some(Bytes::from(text)),
                Ok(Message::Binary(bytes)) => Some(bytes),
                _ => None,
            })
        })
        .then(move |bytes| {
            let answers = answers.clone();
            async move {
                let message = ClientMessage::from_bytes(bytes);
                match running.answer(&message) {
                    None => Some(message),
                    Some(answer) => {
                        // Waits while earlier answers wait: no message is read
                        // past a client that does not read.
                        answers.send(answer).await.ok();
                        None
                    }
                }
            }
        })
        .filter_map(future::ready)
}

async fn serve<F, R>(
    socket: WebSocket,
    gateway: graphql::Gateway,
    protocol: WebSocketProtocols,
    on_init: F,
    must_end: impl std::future::Future<Output = (u16, &'static str)>,
    ping_every: Duration,
) where
    F: FnOnce(serde_json::Value) -> R + Send + 'static,
    R: std::future::Future<Output = async_graphql::Result<Data>> + Send + 'static,
{
    let (mut sink, stream) = socket.split();
    let (answers, mut answered) = mpsc::channel(PENDING_REFUSALS);
    let running = Running { ids: Mutex::new(HashSet::new()), protocol };
    let messages = operation_messages(stream, &running, answers);
    let operations = Operations::from_message_stream(gateway, messages, protocol).on_connection_init(on_init);
    futures_util::pin_mut!(operations, must_end);
    let mut pings = tokio::time::interval_at(tokio::time::Instant::now() + ping_every, ping_every);
    loop {
        let message = tokio::select! {
            message = operations.next() => match message {
                Some(message) => message,
                None => return,
            },
            _ = pings.tick() => {
                if sink.send(Message::Ping(Bytes::new())).await.is_err() {
                    return;
                }
                continue;
            }
            Some(answer) = answered.recv() => answer,
            (code, reason) = &mut must_end => {
                tracing::debug!(code, reason, "graphql-ws connection closed");
                WsMessage::Close(code, reason.to_owned())
            }
        };
        let closing = matches!(message, WsMessage::Close(..));
        let message = match message {
            WsMessage::Text(text) => {
                running.answered(&text);
                Message::Text(text.into())
            }
            WsMessage::Close(code, reason) => Message::Close(Some(close_frame(code, reason))),
        };
        if sink.send(message).await.is_err() || closing {
            return;
        }
    }
}

fn close_frame(code: u16, mut reason: String) -> CloseFrame {
    if reason.len() > MAX_CLOSE_REASON {
        let mut end = MAX_CLOSE_REASON;
        while !reason.is_char_boundary(end) {
            end -= 1;
        }
        reason.truncate(end);
    }
    CloseFrame { code, reason: reason.into() }
}

/// The operations a connection is running, by id.
struct Running {
    ids: Mutex<HashSet<String>>,
    protocol: WebSocketProtocols,
}

impl Running {
    /// The answer to a client message that does not go on to the protocol
    /// (an operation past the bound); None for one that does (what does not
    /// parse is the protocol's to refuse).
    fn answer(&self, message: &serde_json::Result<ClientMessage>) -> Option<WsMessage> {
        let Ok(mut ids) = self.ids.lock() else { return None };
        match message {
            Ok(ClientMessage::Start { id, .. }) => {
                if id.chars().count() > MAX_ID_CHARS {
                    let reason = format!("an operation id is over {MAX_ID_CHARS} characters");
                    return Some(WsMessage::Close(4400, reason));
                }
                if ids.contains(id) {
                    // graphql-transport-ws says so; the older protocol
                    // replaces the running operation.
                    if self.protocol == WebSocketProtocols::GraphQLWS {
                        return Some(WsMessage::Close(4409, format!("Subscriber for {id} already exists")));
                    }
                } else if ids.len() >= MAX_OPERATIONS {
                    crate::metrics::metrics().limit_refused(crate::metrics::Limit::WsOperations);
                    return Some(WsMessage::Text(self.refusal(id)));
                } else {
                    ids.insert(id.clone());
                }
            }
            Ok(ClientMessage::Stop { id }) => {
                ids.remove(id);
            }
            _ => {}
        }
        None
    }

    /// The error message that refuses the operation `id`.
    fn refusal(&self, id: &str) -> String {
        let error = json!({
            "message": format!("{MAX_OPERATIONS} operations are running on this connection"),
            "extensions": {"code": ErrorCode::BadUserInput.graphql(), "hint": "complete one first, or open another connection"},
        });
        // graphql-transport-ws sends a list of errors; subscriptions-transport-ws one.
        let payload = match self.protocol {
            WebSocketProtocols::GraphQLWS => json!([error]),
            WebSocketProtocols::SubscriptionsTransportWS => error,
        };
        json!({"id": id, "type": "error", "payload": payload}).to_string()
    }

    /// Notes an operation that ended: the server completed it.
    fn answered(&self, message: &str) {
        // Results can be large: only a completion is read (the server writes
        // its `type` first).
        if !message.starts_with(r#"{"type":"complete""#) {
            return;
        }
        #[derive(serde::Deserialize)]
        struct Completed {
            id: String,
        }
        if let (Ok(completed), Ok(mut ids)) = (serde_json::from_str::<Completed>(message), self.ids.lock()) {
            ids.remove(&completed.id);
        }
    }
}

/// The token a connection runs as.
#[derive(Clone, Copy)]
struct Held {
    token_id: i64,
    /// An OAuth access token's expiry.
    expires_at: Option<chrono::DateTime<chrono::Utc>>,
}

/// Resolves when a graphql-ws connection must close, with the close code
/// graphql-transport-ws gives the reason: it did not initialize in time
/// (4408), or the token it runs as was revoked or has expired (4403; every
/// operation on it ends, queries and mutations included, not only
/// subscriptions).
async fn connection_must_end(
    store: crate::store::Store,
    mut token: tokio::sync::watch::Receiver<Option<Held>>,
    mut revocations: tokio::sync::watch::Receiver<u64>,
    check_every: Duration,
) -> (u16, &'static str) {
    let initialized = tokio::time::timeout(WS_INIT_TIMEOUT, async {
        token.wait_for(Option::is_some).await.ok().and_then(|held| *held)
    })
    .await;
    let Ok(Some(held)) = initialized else { return (4408, "Connection initialisation timeout") };
    loop {
        // A revocation anywhere is checked at once; the timer catches what
        // the watcher missed while the database was away.
        tokio::select! {
            () = tokio::time::sleep(check_every) => {}
            changed = revocations.changed() => {
                if changed.is_err() {
                    tokio::time::sleep(check_every).await;
                }
            }
        }
        if held.expires_at.is_some_and(|at| at <= chrono::Utc::now()) {
            return (4403, "Forbidden: the access token has expired");
        }
        // Only a revocation read from the database ends the connection: a
        // check that fails (the database restarting, out of reach) is no
        // revocation, and its subscriptions go on once it answers again.
        match store.token_stands(held.token_id).await {
            Ok(true) => {}
            Ok(false) => return (4403, "Forbidden: the token was revoked"),
            Err(err) => tracing::debug!(error = %err, "the token could not be checked; checking again"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const QUICK: Duration = Duration::from_millis(20);

    fn quiet() -> tokio::sync::watch::Receiver<u64> {
        tokio::sync::watch::channel(0).1
    }

    fn held(token_id: i64) -> tokio::sync::watch::Receiver<Option<Held>> {
        tokio::sync::watch::channel(Some(Held { token_id, expires_at: None })).1
    }

    #[tokio::test]
    async fn a_token_gone_from_the_database_ends_the_connection() {
        let db = crate::db::connect("sqlite::memory:").await.expect("database");
        let store = crate::store::Store::new(db, Default::default());
        let ended =
            tokio::time::timeout(Duration::from_secs(5), connection_must_end(store, held(404), quiet(), QUICK)).await;
        assert_eq!(ended.ok().map(|(code, _)| code), Some(4403));
    }

    #[tokio::test]
    async fn a_token_check_that_fails_is_no_revocation() {
        let db = crate::db::connect("sqlite::memory:").await.expect("database");
        // Every statement on it now fails, as while the database is away.
        db.clone().close().await.expect("close");
        let store = crate::store::Store::new(db, Default::default());
        let ended =
            tokio::time::timeout(Duration::from_millis(400), connection_must_end(store, held(1), quiet(), QUICK)).await;
        assert!(ended.is_err(), "closed with {ended:?}");
    }
}
