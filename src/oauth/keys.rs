//! The issuer's signing keys: its metadata read once (RFC 8414, else
//! OpenID discovery) for `jwks_uri`, the key set fetched from there and
//! cached, fetched again for a key id not seen and once the set is
//! `MAX_AGE` old. Whatever tokens name, and whether fetches succeed, at
//! most one fetch starts every `REFETCH_AFTER`: tokens with made-up key
//! ids cannot make this server hammer the issuer, nor stall on it. A
//! failed refresh keeps the keys already held. A key too weak to trust (RSA
//! under 2048 bits, RFC 7518 3.3), of a curve no signature here uses, or
//! a shared secret is dropped from the set as it is read, with a log line
//! naming it; the rest of the set stands.

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
        let set = trusted_keys(&body)?;
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

/// The smallest RSA modulus trusted, in bits (RFC 7518 3.3).
const MIN_RSA_BITS: usize = 2048;

/// The set as served, less each key that cannot be trusted or read: those
/// are logged by key id and dropped, so one odd key does not take the
/// issuer's other keys with it.
fn trusted_keys(body: &[u8]) -> Result<JwkSet, KeyError> {
    #[derive(Deserialize)]
    struct Served {
        keys: Vec<serde_json::Value>,
    }
    let served: Served = serde_json::from_slice(body).map_err(|err| KeyError::Keys(err.to_string()))?;
    let mut keys = Vec::with_capacity(served.keys.len());
    for value in served.keys {
        let kid = value.get("kid").and_then(|k| k.as_str()).map(crate::text::for_log).unwrap_or_default();
        match serde_json::from_value::<Jwk>(value)
            .map_err(|err| err.to_string())
            .and_then(|jwk| untrusted_because(&jwk).map_or(Ok(jwk), Err))
        {
            Ok(jwk) => keys.push(jwk),
            Err(why) => {
                tracing::warn!(kid = %kid, reason = %why, "an OAuth issuer's key is not trusted; tokens it signs are refused")
            }
        }
    }
    Ok(JwkSet { keys })
}

/// Why a signing key is not trusted, if it is not.
fn untrusted_because(jwk: &Jwk) -> Option<String> {
    use jsonwebtoken::jwk::{AlgorithmParameters, EllipticCurve};
    match &jwk.algorithm {
        AlgorithmParameters::RSA(rsa) => match rsa_modulus_bits(&rsa.n) {
            None => Some("its RSA modulus is not base64url".into()),
            Some(bits) if bits < MIN_RSA_BITS => {
                Some(format!("its RSA modulus has {bits} bits, under the {MIN_RSA_BITS} RFC 7518 requires"))
            }
            Some(_) => None,
        },
        AlgorithmParameters::EllipticCurve(ec) => match ec.curve {
            EllipticCurve::P256 | EllipticCurve::P384 | EllipticCurve::P521 => None,
            EllipticCurve::Ed25519 => Some("an EC key cannot be of the curve Ed25519 (that is an OKP key)".into()),
        },
        AlgorithmParameters::OctetKeyPair(okp) => match okp.curve {
            EllipticCurve::Ed25519 => None,
            _ => Some("an OKP key must be of the curve Ed25519".into()),
        },
        AlgorithmParameters::OctetKey(_) => Some("a shared secret is not a public key".into()),
    }
}

/// The bit length of a base64url big-endian modulus, leading zeros aside.
fn rsa_modulus_bits(n: &str) -> Option<usize> {
    use base64::Engine;
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(n.trim_end_matches('=')).ok()?;
    let first = bytes.iter().position(|b| *b != 0)?;
    let leading = bytes[first].leading_zeros() as usize;
    Some((bytes.len() - first) * 8 - leading)
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

#[cfg(test)]
mod tests {
    use base64::Engine;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;

    use super::*;

    /// An RSA public key of `bits` bits (a modulus with its top bit set; no
    /// real key is needed to be judged by size).
    fn rsa(kid: &str, bits: usize) -> serde_json::Value {
        let mut modulus = vec![0xA5_u8; bits.div_ceil(8)];
        modulus[0] = 0x80 >> ((8 - bits % 8) % 8);
        // A leading zero byte, as some encoders write, does not count.
        modulus.insert(0, 0);
        serde_json::json!({"kty": "RSA", "kid": kid, "n": URL_SAFE_NO_PAD.encode(&modulus), "e": "AQAB", "use": "sig"})
    }

    fn kids(body: serde_json::Value) -> Vec<String> {
        let set = trusted_keys(body.to_string().as_bytes()).expect("a set");
        set.keys.iter().filter_map(|k| k.common.key_id.clone()).collect()
    }

    #[test]
    fn rsa_keys_under_2048_bits_are_dropped_and_the_others_kept() {
        let body = serde_json::json!({"keys": [rsa("k512", 512), rsa("k1024", 1024), rsa("k2047", 2047), rsa("k2048", 2048), rsa("k4096", 4096)]});
        assert_eq!(kids(body), ["k2048", "k4096"]);
        assert_eq!(rsa_modulus_bits(&URL_SAFE_NO_PAD.encode([0, 0, 1, 0])), Some(9));
        assert_eq!(rsa_modulus_bits("!!"), None);
    }

    #[test]
    fn curves_secrets_and_unreadable_keys_are_dropped() {
        let point = URL_SAFE_NO_PAD.encode([7_u8; 32]);
        let body = serde_json::json!({"keys": [
            {"kty": "EC", "kid": "p256", "crv": "P-256", "x": point, "y": point},
            {"kty": "EC", "kid": "ec-ed", "crv": "Ed25519", "x": point, "y": point},
            {"kty": "EC", "kid": "k256", "crv": "secp256k1", "x": point, "y": point},
            {"kty": "OKP", "kid": "ed", "crv": "Ed25519", "x": point},
            {"kty": "oct", "kid": "secret", "k": point},
            {"kty": "RSA", "kid": "garbage"},
            rsa("ok", 3072),
        ]});
        assert_eq!(kids(body), ["p256", "ed", "ok"]);
    }

    #[test]
    fn a_body_that_is_no_key_set_is_an_error() {
        assert!(trusted_keys(b"[1,2]").is_err());
        assert!(trusted_keys(b"{}").is_err());
    }
}
