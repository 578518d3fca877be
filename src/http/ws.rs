//! graphql-ws at `/graphql/ws` (the graphql-transport-ws protocol and the
//! older subscriptions-transport-ws): the token in the upgrade's header or
//! in `connection_init`, a deadline for that, the end of the connection when
//! its token is revoked, and a bound on the operations one connection runs
//! at once (each holds a stream on the server until it completes).

use std::collections::HashSet;
use std::net::SocketAddr;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use async_graphql::Data;
use async_graphql::http::{WebSocket as Operations, WebSocketProtocols, WsMessage};
use async_graphql_axum::GraphQLProtocol;
use axum::Extension;
use axum::body::Bytes;
use axum::extract::ws::{CloseFrame, Message, WebSocket};
use axum::extract::{ConnectInfo, State, WebSocketUpgrade};
use axum::http::{HeaderMap, header};
use axum::response::Response;
use futures_util::{SinkExt, StreamExt, future};
use serde_json::json;
use tokio::sync::mpsc;

use super::{MediaType, client_ip, too_many_attempts, unauthorized, viewer_of};
use crate::App;
use crate::auth::{self, AuthError};
use crate::graphql::{self, error};

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
/// Close code for a client that keeps sending operations past the bound
/// faster than their refusals go out.
const CLOSE_FLOODED: u16 = 4400;

/// graphql-ws: the token comes in `connection_init` (`{"Authorization": "Bearer ..."}`)
/// or in the upgrade request's header.
pub async fn graphql_ws(
    State(app): State<App>,
    // Refuses an upgrade without a protocol it speaks; its value is private,
    // so `protocol_of` reads the same header again.
    _protocol: GraphQLProtocol,
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
            if !matches!(err, AuthError::Store(_)) {
                app.auth_throttle.failed(client);
            }
            return unauthorized(&err, MediaType::for_errors(&headers));
        }
    };
    let protocol = protocol_of(&headers);
    let max = app.settings.limits.max_body_bytes;
    upgrade
        .max_message_size(max)
        .max_frame_size(max)
        .protocols(async_graphql::http::ALL_WEBSOCKET_PROTOCOLS)
        .on_upgrade(move |socket| async move {
            let init_app = app.clone();
            // The token the connection runs as, once `connection_init` is done.
            let (authenticated, token_of_connection) = tokio::sync::watch::channel(None::<i64>);
            let on_init = move |payload: serde_json::Value| async move {
                let viewer = match from_header {
                    Some(viewer) => viewer,
                    None => {
                        let token = payload
                            .as_object()
                            .and_then(|object| object.iter().find(|(key, _)| key.eq_ignore_ascii_case("authorization")))
                            .and_then(|(_, v)| v.as_str())
                            .and_then(auth::bearer)
                            .ok_or_else(error::unauthenticated)?;
                        auth::authenticate(&init_app.store.db, token).await.map_err(|err| match err {
                            AuthError::Store(e) => {
                                tracing::error!(error = %e, "authentication failed");
                                error::coded("internal error", error::INTERNAL, Some(error::INTERNAL_HINT))
                            }
                            _ => {
                                init_app.auth_throttle.failed(client);
                                error::unauthenticated()
                            }
                        })?
                    }
                };
                authenticated.send_replace(Some(viewer.token_id));
                let mut data = Data::default();
                data.insert(graphql::Loaders::new(init_app.store.clone(), viewer.clone()));
                data.insert(viewer);
                Ok(data)
            };
            tokio::select! {
                _ = serve(socket, app.graphql.clone(), protocol, on_init) => {}
                _ = connection_must_end(app.store.db.clone(), token_of_connection) => {
                    tracing::debug!("graphql-ws connection closed: not initialized in time, or its token was revoked");
                }
            }
        })
}

/// The protocol the client asked for first among those spoken here, as the
/// extractor chose it.
fn protocol_of(headers: &HeaderMap) -> WebSocketProtocols {
    headers
        .get(header::SEC_WEBSOCKET_PROTOCOL)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(',').find_map(|p| p.trim().parse().ok()))
        .unwrap_or(WebSocketProtocols::GraphQLWS)
}

/// Runs the connection's operations until either side closes it.
async fn serve<F, R>(socket: WebSocket, gateway: graphql::Gateway, protocol: WebSocketProtocols, on_init: F)
where
    F: FnOnce(serde_json::Value) -> R + Send + 'static,
    R: std::future::Future<Output = async_graphql::Result<Data>> + Send + 'static,
{
    let (mut sink, stream) = socket.split();
    let (refusals, mut refused) = mpsc::channel(MAX_OPERATIONS);
    let running = Running { ids: Mutex::new(HashSet::new()), refusals, protocol, flooded: AtomicBool::new(false) };
    let input = stream
        .take_while(|message| future::ready(message.is_ok()))
        .filter_map(|message| {
            future::ready(match message {
                Ok(Message::Text(text)) => Some(Bytes::from(text)),
                Ok(Message::Binary(bytes)) => Some(bytes),
                _ => None,
            })
        })
        .take_while(|_| future::ready(!running.is_flooded()))
        .filter_map(|message| future::ready(running.admit(message)));
    let operations = Operations::new(gateway, input, protocol).on_connection_init(on_init);
    futures_util::pin_mut!(operations);
    loop {
        let message = tokio::select! {
            message = operations.next() => match message {
                Some(message) => message,
                None => break,
            },
            Some(refusal) = refused.recv() => WsMessage::Text(refusal),
        };
        let message = match message {
            WsMessage::Text(text) => {
                running.answered(&text);
                Message::Text(text.into())
            }
            WsMessage::Close(code, reason) => Message::Close(Some(CloseFrame { code, reason: reason.into() })),
        };
        if sink.send(message).await.is_err() {
            return;
        }
    }
    if running.is_flooded() {
        let reason = format!("more than {MAX_OPERATIONS} operations at once");
        sink.send(Message::Close(Some(CloseFrame { code: CLOSE_FLOODED, reason: reason.into() }))).await.ok();
    }
}

/// The operations a connection is running, by id.
struct Running {
    ids: Mutex<HashSet<String>>,
    /// Error messages for refused operations, on their way to the client.
    refusals: mpsc::Sender<String>,
    protocol: WebSocketProtocols,
    /// Refusals came faster than they went out: the connection ends.
    flooded: AtomicBool,
}

/// What the bound needs of a client message.
#[derive(serde::Deserialize)]
struct Header {
    #[serde(rename = "type")]
    kind: String,
    id: Option<String>,
}

impl Running {
    /// The client message, if it goes on to be run: an operation past the
    /// bound (or with an overlong id) is answered with an error instead.
    fn admit(&self, message: Bytes) -> Option<Bytes> {
        // What does not parse is the protocol's to refuse.
        let Ok(header) = serde_json::from_slice::<Header>(&message) else { return Some(message) };
        let Ok(mut ids) = self.ids.lock() else { return None };
        match (header.kind.as_str(), header.id) {
            ("subscribe" | "start", Some(id)) if !ids.contains(&id) => {
                let refusal = if id.chars().count() > MAX_ID_CHARS {
                    Some((format!("the operation id is over {MAX_ID_CHARS} characters"), "use a shorter id"))
                } else if ids.len() >= MAX_OPERATIONS {
                    Some((
                        format!("{MAX_OPERATIONS} operations are running on this connection"),
                        "complete one first, or open another connection",
                    ))
                } else {
                    None
                };
                match refusal {
                    Some((message, hint)) => {
                        self.refuse(&id, &message, hint);
                        None
                    }
                    None => {
                        ids.insert(id);
                        Some(message)
                    }
                }
            }
            ("complete" | "stop", Some(id)) => {
                ids.remove(&id);
                Some(message)
            }
            _ => Some(message),
        }
    }

    fn refuse(&self, id: &str, message: &str, hint: &str) {
        let error = json!({"message": message, "extensions": {"code": error::BAD_USER_INPUT, "hint": hint}});
        // graphql-transport-ws sends a list of errors; subscriptions-transport-ws one.
        let payload = match self.protocol {
            WebSocketProtocols::GraphQLWS => json!([error]),
            WebSocketProtocols::SubscriptionsTransportWS => error,
        };
        let refusal = json!({"id": id, "type": "error", "payload": payload}).to_string();
        if self.refusals.try_send(refusal).is_err() {
            self.flooded.store(true, Ordering::Relaxed);
        }
    }

    fn is_flooded(&self) -> bool {
        self.flooded.load(Ordering::Relaxed)
    }

    /// Notes an operation that ended: the server completed it.
    fn answered(&self, message: &str) {
        // Results can be large: only a completion is read (the server writes
        // its `type` first).
        if !message.starts_with(r#"{"type":"complete""#) {
            return;
        }
        if let (Ok(header), Ok(mut ids)) = (serde_json::from_str::<Header>(message), self.ids.lock()) {
            if let Some(id) = header.id {
                ids.remove(&id);
            }
        }
    }
}

/// Resolves when a graphql-ws connection must close: it did not initialize
/// in time, or the token it runs as was revoked (every operation on it
/// ends, queries and mutations included, not only subscriptions).
async fn connection_must_end(db: sea_orm::DatabaseConnection, mut token: tokio::sync::watch::Receiver<Option<i64>>) {
    let initialized =
        tokio::time::timeout(WS_INIT_TIMEOUT, async { token.wait_for(Option::is_some).await.ok().and_then(|id| *id) })
            .await;
    let Ok(Some(token_id)) = initialized else { return };
    loop {
        tokio::time::sleep(WS_TOKEN_CHECK).await;
        if !crate::store::tokens::still_valid(&db, token_id).await.unwrap_or(false) {
            return;
        }
    }
}
