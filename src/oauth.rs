//! The OAuth 2.1 resource server: JWT access tokens of one authorization
//! server accepted beside `tl_` tokens. Its keys are discovered from the
//! issuer's metadata (RFC 8414, else OpenID discovery) and cached
//! (`keys`); a token is checked for its signature (asymmetric algorithms
//! only), issuer, audience (RFC 8707: this server), expiry and not-before,
//! and read for its user and scopes. Who the user is in tasklens is the
//! store's (`store::identity::oauth_viewer`). What this server tells
//! clients about itself (RFC 9728 metadata, the `WWW-Authenticate`
//! challenge) is here too, for the HTTP layer to serve.

mod keys;

use std::collections::HashSet;

use chrono::{DateTime, Utc};
use jsonwebtoken::{Algorithm, Validation, decode, decode_header};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::config::OAuthSettings;

pub use keys::KeyError;

/// The longest access token read; a longer one is refused unread.
const MAX_TOKEN_BYTES: usize = 16 << 10;
/// Clock skew allowed on `exp` and `nbf`, in seconds.
const LEEWAY_SECS: u64 = 30;
/// Signatures a token may carry: public-key ones. A shared secret (HS256)
/// would be one this server could forge; `none` is no signature.
const ALGORITHMS: [Algorithm; 9] = [
    Algorithm::RS256,
    Algorithm::RS384,
    Algorithm::RS512,
    Algorithm::PS256,
    Algorithm::PS384,
    Algorithm::PS512,
    Algorithm::ES256,
    Algorithm::ES384,
    Algorithm::EdDSA,
];

/// Why an access token is not accepted; the message goes to the client in
/// `error_description`, so it names the check and never echoes the token.
#[derive(Debug, thiserror::Error)]
pub enum TokenError {
    #[error("the access token is not a JWT this server can read")]
    Malformed,
    #[error("the access token is signed with {0:?}; only public-key signatures are accepted")]
    Algorithm(Algorithm),
    #[error("the access token's key is not among the issuer's keys")]
    UnknownKey,
    #[error("the access token has expired")]
    Expired,
    #[error("the access token is not valid yet")]
    NotYet,
    #[error("the access token is for another audience; ask for one for {0}")]
    Audience(String),
    #[error("the access token is from another issuer")]
    Issuer,
    #[error("the access token's signature does not verify")]
    Signature,
    #[error("the access token has no `{0}` claim naming a user")]
    NoUser(String),
    #[error("the access token's email is not verified by the issuer")]
    Unverified,
    #[error(transparent)]
    Keys(#[from] KeyError),
}

/// What a verified token says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grant {
    /// The issuer's stable id of the user (`sub`): an account stays bound to it.
    pub subject: String,
    pub username: String,
    pub display_name: Option<String>,
    pub can_read: bool,
    pub can_write: bool,
    pub expires_at: DateTime<Utc>,
}

/// Every claim of a verified token, read by name.
#[derive(Deserialize)]
struct Claims(serde_json::Map<String, Value>);

impl Claims {
    fn text(&self, name: &str) -> Option<&str> {
        self.0.get(name).and_then(Value::as_str).filter(|v| !v.is_empty())
    }
}

/// The resource server of one issuer.
pub struct ResourceServer {
    issuer: String,
    audience: String,
    username_claim: Option<String>,
    read_scope: String,
    write_scope: String,
    /// Where this server's RFC 9728 metadata is served.
    metadata_url: String,
    keys: keys::Keys,
}

impl ResourceServer {
    /// The resource server `settings` describe, if they name an issuer;
    /// `base` is this server's public URL.
    pub fn new(settings: &OAuthSettings, base: &url::Url) -> Option<Self> {
        let issuer = settings.issuer.clone()?;
        let audience = settings.audience.clone().unwrap_or_else(|| crate::connection_help::at(base, "mcp"));
        let metadata_url = metadata_url(base, &audience);
        Some(Self {
            keys: keys::Keys::new(issuer.clone()),
            issuer,
            audience,
            username_claim: settings.username_claim.clone(),
            read_scope: settings.read_scope.clone(),
            write_scope: settings.write_scope.clone(),
            metadata_url,
        })
    }

    pub fn issuer(&self) -> &str {
        &self.issuer
    }

    pub fn write_scope(&self) -> &str {
        &self.write_scope
    }

    pub fn read_scope(&self) -> &str {
        &self.read_scope
    }

    /// Whether `token` is one this server should read as a JWT (three
    /// dot-separated parts) rather than a `tl_` token.
    pub fn looks_like_jwt(token: &str) -> bool {
        token.split('.').count() == 3
    }

    /// Verifies `token` and reads its user and scopes.
    pub async fn verify(&self, token: &str) -> Result<Grant, TokenError> {
        if token.len() > MAX_TOKEN_BYTES {
            return Err(TokenError::Malformed);
        }
        let header = decode_header(token).map_err(|_| TokenError::Malformed)?;
        if !ALGORITHMS.contains(&header.alg) {
            return Err(TokenError::Algorithm(header.alg));
        }
        let key = self.keys.decoding_key(header.kid.as_deref(), header.alg).await?;
        let mut validation = Validation::new(header.alg);
        validation.set_issuer(&[&self.issuer]);
        validation.set_audience(&[&self.audience]);
        validation.set_required_spec_claims(&["exp", "iss", "aud"]);
        validation.validate_nbf = true;
        validation.leeway = LEEWAY_SECS;
        let claims = decode::<Claims>(token, &key, &validation).map_err(|err| self.rejection(err))?.claims;
        self.grant(claims)
    }

    fn rejection(&self, err: jsonwebtoken::errors::Error) -> TokenError {
        use jsonwebtoken::errors::ErrorKind;
        match err.kind() {
            ErrorKind::ExpiredSignature => TokenError::Expired,
            ErrorKind::ImmatureSignature => TokenError::NotYet,
            ErrorKind::InvalidAudience => TokenError::Audience(self.audience.clone()),
            ErrorKind::InvalidIssuer => TokenError::Issuer,
            ErrorKind::InvalidSignature | ErrorKind::InvalidAlgorithm => TokenError::Signature,
            _ => TokenError::Malformed,
        }
    }

    fn grant(&self, claims: Claims) -> Result<Grant, TokenError> {
        let subject = claims.text("sub").ok_or_else(|| TokenError::NoUser("sub".into()))?;
        let username = match self.username_claim.as_deref() {
            Some(claim) => {
                // An address the provider has not verified names no one.
                if claim == "email" && claims.0.get("email_verified") != Some(&Value::Bool(true)) {
                    return Err(TokenError::Unverified);
                }
                claims.text(claim).ok_or_else(|| TokenError::NoUser(claim.to_owned()))?
            }
            None => claims.text("preferred_username").unwrap_or(subject),
        };
        let scopes: HashSet<&str> = match (claims.0.get("scope"), claims.0.get("scp")) {
            (Some(Value::String(scope)), _) => scope.split_ascii_whitespace().collect(),
            (_, Some(Value::Array(list))) => list.iter().filter_map(Value::as_str).collect(),
            (_, Some(Value::String(scp))) => scp.split_ascii_whitespace().collect(),
            _ => HashSet::new(),
        };
        let can_write = scopes.contains(self.write_scope.as_str());
        let exp = claims.0.get("exp").and_then(Value::as_i64).ok_or(TokenError::Malformed)?;
        Ok(Grant {
            subject: subject.to_owned(),
            username: username.to_owned(),
            display_name: claims.text("name").map(str::to_owned),
            can_read: can_write || scopes.contains(self.read_scope.as_str()),
            can_write,
            expires_at: DateTime::from_timestamp(exp, 0).unwrap_or(DateTime::<Utc>::MAX_UTC),
        })
    }

    /// This server's protected resource metadata (RFC 9728).
    pub fn metadata(&self) -> Value {
        json!({
            "resource": self.audience,
            "authorization_servers": [self.issuer],
            "scopes_supported": [self.read_scope, self.write_scope],
            "bearer_methods_supported": ["header"],
            "resource_name": "tasklens",
        })
    }

    /// The paths the metadata is served at: RFC 9728's well-known path with
    /// the resource's path after it, and without.
    pub fn metadata_paths(&self) -> Vec<String> {
        let mut paths = vec!["/.well-known/oauth-protected-resource".to_owned()];
        if let Some(path) = url::Url::parse(&self.audience).ok().map(|u| u.path().trim_end_matches('/').to_owned())
            && !path.is_empty()
        {
            paths.push(format!("/.well-known/oauth-protected-resource{path}"));
        }
        paths
    }

    /// The `WWW-Authenticate` value of a 401: where the metadata is, and why
    /// the token was refused when one was sent.
    pub fn challenge(&self, error: Option<&str>) -> String {
        let mut value = format!("Bearer resource_metadata=\"{}\"", self.metadata_url);
        if let Some(description) = error {
            value.push_str(&format!(", error=\"invalid_token\", error_description=\"{}\"", quoted(description)));
        }
        value
    }

    /// The `WWW-Authenticate` value of a 403 for a token without `scope`.
    pub fn scope_challenge(&self, scope: &str) -> String {
        format!(
            "Bearer error=\"insufficient_scope\", scope=\"{}\", resource_metadata=\"{}\"",
            quoted(scope),
            self.metadata_url
        )
    }
}

/// `text` safe inside a quoted-string of a header (RFC 6750 allows
/// printable ASCII but quote and backslash).
fn quoted(text: &str) -> String {
    text.chars().filter(|c| matches!(c, ' '..='~') && *c != '"' && *c != '\\').collect()
}

/// RFC 9728: the well-known path inserted between the resource's host and
/// its path.
fn metadata_url(base: &url::Url, audience: &str) -> String {
    let resource = url::Url::parse(audience).unwrap_or_else(|_| base.clone());
    let path = resource.path().trim_end_matches('/');
    let origin = resource.origin().ascii_serialization();
    format!("{origin}/.well-known/oauth-protected-resource{path}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn server() -> ResourceServer {
        let settings = OAuthSettings { issuer: Some("https://idp.example.com".into()), ..OAuthSettings::default() };
        ResourceServer::new(&settings, &url::Url::parse("https://tracker.example.com/").unwrap()).unwrap()
    }

    fn claims(value: Value) -> Claims {
        serde_json::from_value(value).unwrap()
    }

    #[test]
    fn the_metadata_names_the_resource_and_where_it_is_served() {
        let server = server();
        assert_eq!(server.metadata()["resource"], "https://tracker.example.com/mcp");
        assert_eq!(server.metadata()["authorization_servers"], json!(["https://idp.example.com"]));
        assert_eq!(
            server.metadata_paths(),
            ["/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp"]
        );
        assert_eq!(
            server.challenge(None),
            "Bearer resource_metadata=\"https://tracker.example.com/.well-known/oauth-protected-resource/mcp\""
        );
        assert!(server.challenge(Some("bad \"token\"\n\u{e9}")).ends_with("error_description=\"bad token\""));
        assert!(
            server
                .scope_challenge("tasklens:write")
                .starts_with("Bearer error=\"insufficient_scope\", scope=\"tasklens:write\"")
        );
    }

    #[test]
    fn the_user_comes_from_preferred_username_else_sub_and_scopes_from_scope_or_scp() {
        let server = server();
        let grant = server
            .grant(claims(json!({"exp": 2_000_000_000, "sub": "x1", "preferred_username": "ana", "scope": "openid tasklens:read"})))
            .unwrap();
        assert_eq!((grant.username.as_str(), grant.subject.as_str()), ("ana", "x1"));
        assert_eq!((grant.can_read, grant.can_write), (true, false));
        let grant =
            server.grant(claims(json!({"exp": 2_000_000_000, "sub": "svc", "scp": ["tasklens:write"]}))).unwrap();
        assert_eq!((grant.username.as_str(), grant.can_read, grant.can_write), ("svc", true, true));
        let grant = server.grant(claims(json!({"exp": 2_000_000_000, "sub": "svc"}))).unwrap();
        assert!(!grant.can_read && !grant.can_write);
        assert!(matches!(server.grant(claims(json!({"exp": 1}))), Err(TokenError::NoUser(_))));

        // Any claim can name the user; an email only when verified.
        let by = |claim: &str| {
            let settings = OAuthSettings {
                issuer: Some("https://idp.example.com".into()),
                username_claim: Some(claim.into()),
                ..OAuthSettings::default()
            };
            ResourceServer::new(&settings, &url::Url::parse("https://tracker.example.com/").unwrap()).unwrap()
        };
        let named = by("name").grant(claims(json!({"exp": 2_000_000_000, "sub": "1", "name": "Ana B"}))).unwrap();
        assert_eq!(named.username, "Ana B");
        let unverified = json!({"exp": 2_000_000_000, "sub": "1", "email": "a@example.com", "email_verified": false});
        assert!(matches!(by("email").grant(claims(unverified)), Err(TokenError::Unverified)));
        let verified = json!({"exp": 2_000_000_000, "sub": "1", "email": "a@example.com", "email_verified": true});
        assert_eq!(by("email").grant(claims(verified)).unwrap().username, "a@example.com");
    }
}
