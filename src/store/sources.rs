//! Tasks brought from another tracker: where each came from (its system,
//! key and address) and the shapes an importer hands the store, whatever
//! format it read them from. `importer` writes them.

pub mod importer;

use chrono::{DateTime, NaiveDate, Utc};

use entity::{Priority, StatusCategory, TaskKind};

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

/// A person as another tracker names them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Person {
    /// What identifies them there for good: a GitHub login, a Jira account
    /// id, a Linear name or email.
    pub external_id: String,
    /// The username to give them here when no user matches.
    pub username: String,
    pub display_name: Option<String>,
    pub email: Option<String>,
    pub is_bot: bool,
}

/// A label with its colour as the other tracker has it (`d73a4a`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExternalLabel {
    pub name: String,
    pub color: Option<String>,
}

/// Text as the other tracker wrote it; stored as sanitized HTML.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Body {
    Markdown(String),
    Html(String),
    /// Already through `Body::check`: the HTML to store.
    Checked(CheckedHtml),
}

/// HTML that passed a write's checks and the sanitizer; only
/// `Body::check` makes one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedHtml(String);

impl Body {
    /// Checks the text as a write of `argument` would (length, characters)
    /// and sanitizes it, so that an importer's reading thread does this
    /// work beside the writing one.
    pub fn check(self, argument: &str, max: usize) -> Result<Self> {
        let stored = match self {
            Self::Checked(done) => return Ok(Self::Checked(done)),
            Self::Markdown(text) => super::input::RichText::Markdown(text),
            Self::Html(text) => super::input::RichText::Html(text),
        }
        .stored(argument, max)?;
        Ok(Self::Checked(CheckedHtml(stored)))
    }

    /// The HTML to store.
    pub fn stored(&self, argument: &str, max: usize) -> Result<String> {
        match self {
            Self::Checked(done) => Ok(done.0.clone()),
            other => match other.clone().check(argument, max)? {
                Self::Checked(done) => Ok(done.0),
                _ => Err(StoreError::bad_argument(argument, "the text could not be checked", "send it again")),
            },
        }
    }
}

/// An issue of another tracker, as it becomes a task.
#[derive(Debug, Clone)]
pub struct ExternalIssue {
    /// Unique within the system: `owner/repo#123`, `PROJ-42`, `ENG-7`.
    pub key: String,
    /// The task number it keeps when the project has it free.
    pub number: Option<i32>,
    pub url: Option<String>,
    pub title: String,
    pub description: Option<Body>,
    pub category: StatusCategory,
    pub priority: Option<Priority>,
    pub kind: Option<TaskKind>,
    /// The parent's key in the same system.
    pub parent: Option<String>,
    pub assignees: Vec<Person>,
    pub author: Option<Person>,
    pub labels: Vec<ExternalLabel>,
    pub due_date: Option<NaiveDate>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub closed_at: Option<DateTime<Utc>>,
}

/// A comment of another tracker, on the issue with `issue_key`.
#[derive(Debug, Clone)]
pub struct ExternalComment {
    pub issue_key: String,
    /// Unique within its issue.
    pub key: String,
    pub author: Option<Person>,
    pub body: Body,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The longest `task.source_state` an archive may hold.
pub const MAX_STATE_CHARS: usize = 100_000;

/// What an import read of an issue, kept with its task: the next import
/// changes a field only when the other tracker changed it since, so an
/// edit made on the board stands until then.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ImportedState {
    pub title: String,
    /// SHA-256 of the stored description.
    pub description: Option<String>,
    pub category: Option<StatusCategory>,
    pub priority: Option<Priority>,
    pub kind: Option<TaskKind>,
    pub assignee: Option<i64>,
    pub coworkers: Vec<i64>,
    pub labels: Vec<i64>,
    pub due: Option<NaiveDate>,
    pub parent: Option<String>,
}

impl ImportedState {
    pub fn digest(text: &str) -> String {
        use sha2::Digest;
        format!("{:x}", sha2::Sha256::digest(text.as_bytes()))
    }
}

/// Where a record was read, for errors and skips: "issues.json, record 12 (#34)".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin {
    pub file: String,
    pub record: String,
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}, {}", self.file, self.record)
    }
}

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
