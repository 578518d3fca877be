//! The issuer's signing keys: its metadata read once (RFC 8414, else
//! OpenID discovery) for `jwks_uri`, the key set fetched from there and
//! cached, fetched again for a key id not seen and once the set is
//! `MAX_AGE` old. Whatever tokens name, and whether fetches succeed, at
//! most one fetch starts every `REFETCH_AFTER`: tokens with made-up key
//! ids cannot make this server hammer the issuer, nor stall on it. A
//! failed refresh keeps the keys already held.

use std::time::{Duration, Instant};

use axum::body::Bytes;
use http_body_util::{BodyExt, Empty, Limited};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use jsonwebtoken::jwk::{Jwk, JwkSet};
use jsonwebtoken::{Algorithm, DecodingKey};
use serde::Deserialize;

use super::TokenError;

const FETCH_TIMEOUT: Duration = Duration::from_secs(10);
/// The largest metadata document or key set read.
const MAX_BODY_BYTES: usize = 1 << 20;
const REFETCH_AFTER: Duration = Duration::from_secs(30);
const MAX_AGE: Duration = Duration::from_secs(60 * 60);

#[derive(Debug, thiserror::Error)]
pub enum KeyError {
    #[error("the issuer's metadata cannot be read: {0}")]
    Metadata(String),
    #[error("the issuer's keys cannot be read: {0}")]
    Keys(String),
}

type HttpsClient = Client<hyper_rustls::HttpsConnector<HttpConnector>, Empty<Bytes>>;

pub struct Keys {
    issuer: String,
    /// None when TLS cannot be set up (then every fetch fails, saying so).
    client: Option<HttpsClient>,
    /// One fetch at a time; readers wait for it rather than fetch too.
    cached: tokio::sync::Mutex<Cached>,
}

#[derive(Default)]
struct Cached {
    jwks_uri: Option<String>,
    set: Option<JwkSet>,
    /// When the set held was fetched.
    fetched: Option<Instant>,
    /// When the last fetch started, whatever came of it.
    attempted: Option<Instant>,
}

impl Cached {
    fn may_fetch(&self) -> bool {
        self.attempted.is_none_or(|at| at.elapsed() >= REFETCH_AFTER)
    }
}

#[derive(Deserialize)]
struct Metadata {
    issuer: String,
    jwks_uri: String,
}

impl Keys {
    pub fn new(issuer: String) -> Self {
        let client = hyper_rustls::HttpsConnectorBuilder::new()
            .with_provider_and_webpki_roots(rustls::crypto::ring::default_provider())
            .inspect_err(|err| tracing::error!(error = %err, "TLS for the OAuth issuer cannot be set up"))
            .ok()
            .map(|builder| builder.https_or_http().enable_http1().build())
            .map(|https| Client::builder(TokioExecutor::new()).build(https));
        Self { issuer, client, cached: Default::default() }
    }

    /// The key that verifies a token signed with `alg` under `kid`.
    pub async fn decoding_key(&self, kid: Option<&str>, alg: Algorithm) -> Result<DecodingKey, TokenError> {
        let mut cached = self.cached.lock().await;
        let stale = cached.fetched.is_none_or(|at| at.elapsed() > MAX_AGE);
        if stale && cached.may_fetch() {
            self.refresh(&mut cached).await;
        }
        let mut found = cached.set.as_ref().and_then(|set| pick(set, kid, alg)).cloned();
        if found.is_none() && cached.may_fetch() {
            self.refresh(&mut cached).await;
            found = cached.set.as_ref().and_then(|set| pick(set, kid, alg)).cloned();
        }
        if cached.set.is_none() {
            return Err(KeyError::Keys("no key set could be fetched yet".into()).into());
        }
        let jwk = found.ok_or(TokenError::UnknownKey)?;
        DecodingKey::from_jwk(&jwk).map_err(|_| TokenError::UnknownKey)
    }

    /// Fetches the key set, keeping the one held when that fails.
    async fn refresh(&self, cached: &mut Cached) {
        cached.attempted = Some(Instant::now());
        if let Err(err) = self.fetch(cached).await {
            tracing::warn!(error = %err, "the OAuth issuer's keys were not fetched; keeping those held");
        }
    }

    async fn fetch(&self, cached: &mut Cached) -> Result<(), KeyError> {
        let jwks_uri = match &cached.jwks_uri {
            Some(uri) => uri.clone(),
            None => {
                let uri = self.discover().await?;
                cached.jwks_uri = Some(uri.clone());
                uri
            }
        };
        let body = self.get(&jwks_uri).await.map_err(KeyError::Keys)?;
        let set: JwkSet = serde_json::from_slice(&body).map_err(|err| KeyError::Keys(err.to_string()))?;
        tracing::info!(keys = set.keys.len(), "the OAuth issuer's keys were fetched");
        cached.set = Some(set);
        cached.fetched = Some(Instant::now());
        Ok(())
    }

    /// `jwks_uri` from the issuer's metadata: RFC 8414's well-known path
    /// first, then OpenID Connect's.
    async fn discover(&self) -> Result<String, KeyError> {
        let issuer = url::Url::parse(&self.issuer).map_err(|err| KeyError::Metadata(err.to_string()))?;
        let path = issuer.path().trim_end_matches('/');
        let origin = issuer.origin().ascii_serialization();
        let candidates = [
            format!("{origin}/.well-known/oauth-authorization-server{path}"),
            format!("{}/.well-known/openid-configuration", self.issuer.trim_end_matches('/')),
        ];
        let mut last = String::new();
        for candidate in candidates {
            match self.get(&candidate).await {
                Ok(body) => {
                    let metadata: Metadata = match serde_json::from_slice(&body) {
                        Ok(metadata) => metadata,
                        Err(err) => {
                            last = format!("{candidate}: {err}");
                            continue;
                        }
                    };
                    if metadata.issuer != self.issuer {
                        return Err(KeyError::Metadata(format!(
                            "it names the issuer {:?}, not {:?}",
                            crate::text::echo(&metadata.issuer),
                            self.issuer
                        )));
                    }
                    crate::config::parse_issuer(&metadata.jwks_uri)
                        .map_err(|_| KeyError::Metadata("its jwks_uri is not https".into()))?;
                    return Ok(metadata.jwks_uri);
                }
                Err(err) => last = err,
            }
        }
        Err(KeyError::Metadata(last))
    }

    /// The body of a GET, within the size bound and the deadline (no
    /// redirect is followed: the issuer's URLs answer themselves).
    async fn get(&self, url: &str) -> Result<Bytes, String> {
        let client = self.client.as_ref().ok_or_else(|| format!("{url}: TLS cannot be set up"))?;
        let uri: axum::http::Uri = url.parse().map_err(|err| format!("{url}: {err}"))?;
        let fetch = async {
            let response = client.get(uri).await.map_err(|err| format!("{url}: {err}"))?;
            if !response.status().is_success() {
                return Err(format!("{url}: HTTP {}", response.status()));
            }
            let body = Limited::new(response.into_body(), MAX_BODY_BYTES).collect().await;
            body.map(|collected| collected.to_bytes())
                .map_err(|_| format!("{url}: unreadable, or over {MAX_BODY_BYTES} bytes"))
        };
        tokio::time::timeout(FETCH_TIMEOUT, fetch)
            .await
            .unwrap_or_else(|_| Err(format!("{url}: no answer within {} s", FETCH_TIMEOUT.as_secs())))
    }
}

/// The key of `set` for `kid`, or the only usable one when the token names
/// none. A key declared for another algorithm (or for encryption) is not it.
fn pick<'a>(set: &'a JwkSet, kid: Option<&str>, alg: Algorithm) -> Option<&'a Jwk> {
    use jsonwebtoken::jwk::PublicKeyUse;
    let fits = |jwk: &&Jwk| {
        let algorithm_fits = match jwk.common.key_algorithm {
            None => true,
            Some(declared) => declared.to_string().parse::<Algorithm>().is_ok_and(|declared| declared == alg),
        };
        let for_signing = matches!(jwk.common.public_key_use, None | Some(PublicKeyUse::Signature));
        algorithm_fits && for_signing
    };
    match kid {
        Some(kid) => set.find(kid).filter(fits),
        None => {
            let mut usable = set.keys.iter().filter(fits);
            let only = usable.next()?;
            usable.next().is_none().then_some(only)
        }
    }
}
