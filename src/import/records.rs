//! The shapes every importer hands the writer, whatever format it read
//! them from: issues, comments, people and labels of another tracker, and
//! where each record was read.

use chrono::{DateTime, NaiveDate, Utc};

use entity::{Priority, StatusCategory, TaskKind};

use crate::store::StoreError;
use crate::store::input::RichText;

type Result<T, E = StoreError> = std::result::Result<T, E>;

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
            Self::Markdown(text) => RichText::Markdown(text),
            Self::Html(text) => RichText::Html(text),
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
    /// When the other tracker last changed the issue: a version older than
    /// this one (a late webhook delivery, an older export) changes nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub updated: Option<DateTime<Utc>>,
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
