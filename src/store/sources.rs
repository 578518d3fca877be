//! Where a task brought from another tracker came from: its system, its
//! key there and its address, checked as they are stored.

use super::{Result, StoreError};
use crate::text::echo;

/// The trackers tasks are imported from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SourceSystem {
    Github,
    Jira,
    Linear,
}

impl SourceSystem {
    pub const ALL: [Self; 3] = [Self::Github, Self::Jira, Self::Linear];

    /// As stored and as the CLI names it.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Github => "github",
            Self::Jira => "jira",
            Self::Linear => "linear",
        }
    }

    pub fn parse(value: &str) -> Result<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == value).ok_or_else(|| {
            StoreError::bad_argument(
                "source",
                format!("{} is not a source system", echo(value)),
                "use github, jira or linear",
            )
        })
    }
}

/// The longest `task.source_state` an archive may hold.
pub const MAX_STATE_CHARS: usize = 100_000;

/// The columns' sizes.
pub const MAX_SOURCE_KEY_CHARS: usize = 200;
pub const MAX_SOURCE_URL_CHARS: usize = 2000;

/// A source address as stored: an http(s) URL, written as the URL standard
/// writes it (so a quote or a space cannot leave an attribute).
pub fn source_url(argument: &str, value: &str) -> Result<String> {
    let value = super::input::single_line(argument, value, MAX_SOURCE_URL_CHARS)?;
    let refused =
        || StoreError::bad_argument(argument, format!("{} is not an http(s) address", echo(&value)), "leave it out");
    let url = url::Url::parse(&value).map_err(|_| refused())?;
    if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none_or(str::is_empty) {
        return Err(refused());
    }
    let written = url.to_string();
    // The URL standard lets a quote through in a host name.
    let unsafe_char = |c: char| c.is_whitespace() || matches!(c, '"' | '\'' | '<' | '>' | '`');
    if written.chars().count() > MAX_SOURCE_URL_CHARS || written.contains(unsafe_char) {
        return Err(refused());
    }
    Ok(written)
}

/// `#rrggbb` from GitHub's `rrggbb` (or a colour already so written).
pub fn hex_color(value: &str) -> Option<String> {
    let hex = value.strip_prefix('#').unwrap_or(value);
    (hex.len() == 6 && hex.chars().all(|c| c.is_ascii_hexdigit())).then(|| format!("#{}", hex.to_ascii_lowercase()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn source_addresses_are_http_urls_written_one_way() {
        assert_eq!(
            source_url("url", "https://github.com/a/b/issues/1").ok().as_deref(),
            Some("https://github.com/a/b/issues/1")
        );
        assert!(source_url("url", "https://evil.example\"onmouseover=alert(1)/a/b/issues/1").is_err());
        assert_eq!(source_url("url", "https://x.test/a b\"c").ok().as_deref(), Some("https://x.test/a%20b%22c"));
        for refused in ["javascript:alert(1)", "data:text/html,x", "ftp://x.test/", "https://", "not a url"] {
            assert!(source_url("url", refused).is_err(), "{refused}");
        }
        assert_eq!(hex_color("D73A4A").as_deref(), Some("#d73a4a"));
        assert_eq!(hex_color("red;background:url(x)"), None);
    }
}
