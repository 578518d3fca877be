//! One attempt at one delivery: the endpoint's name resolved once, every
//! address it gave checked (public, or loopback when the operator allows
//! it), the connection made to those addresses and no other, the body
//! signed over the bytes sent, and at most 10 s for the answer, of which
//! the first kilobyte is kept (the status decides; a body still coming at
//! the deadline is cut there). No redirect is followed and no proxy used.

use std::net::SocketAddr;
use std::sync::{Arc, LazyLock};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::connect::dns::Name;
use hyper_util::rt::TokioExecutor;

use crate::net::{canonical, is_public};
use crate::store::webhooks::queue::{Attempt, Due, MAX_ANSWER_CHARS};

/// The answer's deadline, from the first byte sent (GitHub's and Standard
/// Webhooks' 10 s for a receiver to answer).
pub const ANSWER_WITHIN: Duration = Duration::from_secs(10);
const RESOLVE_WITHIN: Duration = Duration::from_secs(5);

/// Why an address may not be sent to, or `None` when it may. The reason
/// names no address: it is shown to the workspace's admins, who must not
/// learn from it what names resolve to inside the operator's network (the
/// log has the address).
fn refusal(addr: &SocketAddr, allow_loopback: bool) -> Option<&'static str> {
    let ip = canonical(addr.ip());
    if is_public(ip) || (allow_loopback && ip.is_loopback()) {
        return None;
    }
    tracing::warn!(address = %ip, "a webhook address was refused");
    Some(if ip.is_loopback() {
        "this machine; the operator allows it with --webhooks-allow-http-loopback"
    } else {
        "a private, link-local or reserved address"
    })
}

/// The endpoint's addresses, each one checked.
async fn checked_addresses(url: &url::Url, allow_loopback: bool) -> Result<Vec<SocketAddr>, String> {
    let host = url.host().ok_or("the address has no host")?;
    let port = url.port_or_known_default().ok_or("the address has no port")?;
    let addrs: Vec<SocketAddr> = match crate::net::literal_ip(&host) {
        Some(ip) => vec![SocketAddr::new(ip, port)],
        None => {
            let name = host.to_string();
            let resolved = tokio::time::timeout(RESOLVE_WITHIN, tokio::net::lookup_host((name.as_str(), port)))
                .await
                .map_err(|_| format!("{name} did not resolve within {} s", RESOLVE_WITHIN.as_secs()))?
                .map_err(|err| format!("{name} does not resolve: {err}"))?;
            resolved.collect()
        }
    };
    if addrs.is_empty() {
        return Err(format!("{host} resolves to no address"));
    }
    if let Some(why) = addrs.iter().find_map(|a| refusal(a, allow_loopback)) {
        return Err(format!("refused: {host} resolves to {why}"));
    }
    if url.scheme() == "http" && !(allow_loopback && addrs.iter().all(|a| canonical(a.ip()).is_loopback())) {
        return Err("refused: http is sent only to this machine, and only when the operator allows it".into());
    }
    Ok(addrs)
}

/// The connector's resolver: the addresses already checked, whatever the name.
#[derive(Clone)]
struct Checked(Vec<SocketAddr>);

impl tower::Service<Name> for Checked {
    type Response = std::vec::IntoIter<SocketAddr>;
    type Error = std::io::Error;
    type Future = std::future::Ready<Result<Self::Response, Self::Error>>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, _: Name) -> Self::Future {
        std::future::ready(Ok(self.0.clone().into_iter()))
    }
}

fn failed(started: Instant, error: String) -> Attempt {
    Attempt { status: None, duration_ms: elapsed_ms(started), body: None, error: Some(error) }
}

fn elapsed_ms(started: Instant) -> i32 {
    i32::try_from(started.elapsed().as_millis()).unwrap_or(i32::MAX)
}

/// Sends the delivery once, signed with the endpoint's secrets.
pub async fn send(due: &Due, allow_loopback: bool) -> Attempt {
    let started = Instant::now();
    let url = match url::Url::parse(&due.webhook.url) {
        Ok(url) => url,
        Err(err) => return failed(started, format!("the address does not parse: {err}")),
    };
    let addrs = match checked_addresses(&url, allow_loopback).await {
        Ok(addrs) => addrs,
        Err(why) => return failed(started, why),
    };
    let mut http = HttpConnector::new_with_resolver(Checked(addrs));
    http.enforce_http(false);
    http.set_connect_timeout(Some(RESOLVE_WITHIN));
    let tls = match &*TLS {
        Ok(config) => config.clone(),
        Err(err) => return failed(started, format!("TLS cannot be set up: {err}")),
    };
    let https = hyper_rustls::HttpsConnectorBuilder::new()
        .with_tls_config(tls)
        .https_or_http()
        .enable_http1()
        .wrap_connector(http);
    let client: Client<_, Full<Bytes>> = Client::builder(TokioExecutor::new()).pool_max_idle_per_host(0).build(https);
    let timestamp = chrono::Utc::now().timestamp();
    let mut secrets = vec![due.webhook.secret.as_str()];
    if let (Some(previous), Some(until)) = (&due.webhook.previous_secret, due.webhook.previous_secret_until) {
        if until > chrono::Utc::now() {
            secrets.push(previous.as_str());
        }
    }
    let body = due.delivery.payload.as_bytes();
    let signature = super::sign::header(&secrets, &due.delivery.message_id, timestamp, body);
    let request = hyper::Request::post(url.as_str())
        .header(hyper::header::CONTENT_TYPE, "application/json")
        .header(hyper::header::USER_AGENT, concat!("tasklens-webhooks/", env!("CARGO_PKG_VERSION")))
        .header("webhook-id", &due.delivery.message_id)
        .header("webhook-timestamp", timestamp.to_string())
        .header("webhook-signature", signature)
        .body(Full::new(Bytes::copy_from_slice(body)));
    let request = match request {
        Ok(request) => request,
        Err(err) => return failed(started, format!("the request cannot be made: {err}")),
    };
    let deadline = tokio::time::Instant::now() + ANSWER_WITHIN;
    let response = match tokio::time::timeout_at(deadline, client.request(request)).await {
        Ok(Ok(response)) => response,
        Ok(Err(err)) => return failed(started, connection_error(&err)),
        Err(_) => return failed(started, format!("no answer within {} s", ANSWER_WITHIN.as_secs())),
    };
    // The status is the answer; a body still coming at the deadline is
    // kept as far as it came.
    let status = response.status().as_u16();
    let mut kept = Vec::new();
    let _ = tokio::time::timeout_at(deadline, answer_start(response.into_body(), &mut kept)).await;
    let body = (!kept.is_empty()).then(|| String::from_utf8_lossy(&kept).chars().take(MAX_ANSWER_CHARS).collect());
    Attempt { status: Some(status), duration_ms: elapsed_ms(started), body, error: None }
}

/// The client's TLS settings (the Mozilla roots), made once.
static TLS: LazyLock<Result<rustls::ClientConfig, String>> = LazyLock::new(|| {
    let roots = rustls::RootCertStore { roots: webpki_roots::TLS_SERVER_ROOTS.to_vec() };
    Ok(rustls::ClientConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()
        .map_err(|err| err.to_string())?
        .with_root_certificates(roots)
        .with_no_client_auth())
});

/// Why a connection failed, in fixed words: an error's own text may name
/// what the admins must not learn (a certificate lists every name and
/// address it is valid for), so the whole chain goes to the log only.
fn connection_error(err: &(dyn std::error::Error + 'static)) -> String {
    let mut chain = err.to_string();
    let mut words = "the connection failed";
    let mut cause = err.source();
    while let Some(inner) = cause {
        chain.push_str(": ");
        chain.push_str(&inner.to_string());
        if let Some(io) = inner.downcast_ref::<std::io::Error>() {
            words = match io.kind() {
                std::io::ErrorKind::ConnectionRefused => "the connection was refused",
                std::io::ErrorKind::ConnectionReset | std::io::ErrorKind::ConnectionAborted => {
                    "the connection was reset"
                }
                std::io::ErrorKind::TimedOut => "the connection timed out",
                std::io::ErrorKind::UnexpectedEof => "the connection was closed before an answer",
                _ => io.get_ref().and_then(|e| e.downcast_ref::<rustls::Error>()).map_or(words, tls_words),
            };
        }
        if let Some(tls) = inner.downcast_ref::<rustls::Error>() {
            words = tls_words(tls);
        }
        cause = inner.source();
    }
    tracing::warn!(error = %chain, "a webhook connection failed");
    words.to_owned()
}

fn tls_words(err: &rustls::Error) -> &'static str {
    match err {
        rustls::Error::InvalidCertificate(
            rustls::CertificateError::NotValidForName | rustls::CertificateError::NotValidForNameContext { .. },
        ) => "the certificate is not valid for this host",
        rustls::Error::InvalidCertificate(_) => "the certificate is not trusted",
        _ => "the TLS handshake failed",
    }
}

/// Reads the first kilobyte of the answer's body into `kept`, no further.
async fn answer_start(mut body: hyper::body::Incoming, kept: &mut Vec<u8>) {
    while kept.len() < MAX_ANSWER_CHARS * 4 {
        match body.frame().await {
            Some(Ok(frame)) => {
                if let Some(data) = frame.data_ref() {
                    kept.extend_from_slice(data);
                }
            }
            _ => break,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn refused(url: &str, allow_loopback: bool) -> bool {
        checked_addresses(&url::Url::parse(url).expect("a URL"), allow_loopback).await.is_err()
    }

    #[tokio::test]
    async fn private_and_metadata_addresses_are_refused() {
        assert!(refused("https://10.0.0.1/hook", true).await);
        assert!(refused("https://169.254.169.254/latest/meta-data", true).await);
        assert!(refused("https://[::ffff:192.168.0.1]/", true).await);
        assert!(refused("http://127.0.0.1:9/hook", false).await);
        assert!(!refused("http://127.0.0.1:9/hook", true).await);
        // A name is checked for what it resolves to.
        assert!(refused("https://localhost:9/hook", false).await);
        assert!(refused("http://93.184.216.34/hook", true).await);
    }

    #[derive(Debug, thiserror::Error)]
    #[error("client error (Connect)")]
    struct Wrapped(#[source] std::io::Error);

    #[test]
    fn connection_errors_are_told_in_fixed_words() {
        let refused = Wrapped(std::io::Error::new(std::io::ErrorKind::ConnectionRefused, "10.0.0.7:443 refused"));
        assert_eq!(connection_error(&refused), "the connection was refused");
        let tls = rustls::Error::InvalidCertificate(rustls::CertificateError::NotValidForName);
        let wrong_name = Wrapped(std::io::Error::new(std::io::ErrorKind::InvalidData, tls));
        assert_eq!(connection_error(&wrong_name), "the certificate is not valid for this host");
    }

    #[tokio::test]
    async fn a_refusal_names_no_address_a_name_resolved_to() {
        let url = url::Url::parse("https://localhost:9/hook").expect("a URL");
        let why = checked_addresses(&url, false).await.expect_err("refused");
        assert!(why.contains("localhost resolves to this machine"), "{why}");
        assert!(!why.contains("127.0.0.1") && !why.contains("::1"), "{why}");
    }
}
