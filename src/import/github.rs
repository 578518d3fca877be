//! GitHub: what `gh api --paginate 'repos/OWNER/REPO/issues?state=all'` and
//! `.../issues/comments` write (REST objects, snake_case), and what
//! `gh issue list --json ...` writes (camelCase, comments inline). A file
//! may hold either kind, and issues and comments may share files: issues
//! are read first, then comments, so a comment always finds its issue.

use std::collections::HashSet;
use std::path::PathBuf;

use entity::{StatusCategory, TaskKind};
use serde::Deserialize;
use serde_json::Value;

use super::records::{Body, ExternalComment, ExternalIssue, ExternalLabel, Origin, Person};
use super::{Emit, ImportError, Record, each_object, instant, optional_instant, typed};

#[derive(Deserialize)]
struct User {
    login: String,
    #[serde(default, rename = "type")]
    kind: Option<String>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    is_bot: bool,
}

/// The account GitHub shows for a deleted one.
const GHOST: &str = "ghost";

impl User {
    fn person(&self) -> Person {
        // gh names an app `app/renovate` where REST says `renovate[bot]`,
        // and a deleted account `""` or `app/` where REST says `ghost`.
        let login = match self.login.trim().strip_prefix("app/") {
            Some("") => GHOST.to_owned(),
            Some(app) => format!("{app}[bot]"),
            None if self.login.trim().is_empty() => GHOST.to_owned(),
            None => self.login.clone(),
        };
        let is_bot = login != GHOST && (self.is_bot || self.kind.as_deref() == Some("Bot") || login.ends_with("[bot]"));
        Person {
            external_id: login.to_lowercase(),
            username: login,
            display_name: self.name.clone().filter(|n| !n.trim().is_empty()),
            email: None,
            is_bot,
        }
    }
}

/// REST gives label objects; some tools write bare names.
#[derive(Deserialize)]
#[serde(untagged)]
enum Label {
    Named {
        name: String,
        #[serde(default)]
        color: Option<String>,
    },
    Bare(String),
}

impl Label {
    fn external(self) -> ExternalLabel {
        match self {
            Self::Named { name, color } => ExternalLabel { name, color },
            Self::Bare(name) => ExternalLabel { name, color: None },
        }
    }
}

#[derive(Deserialize)]
struct Milestone {
    title: String,
}

#[derive(Deserialize)]
struct IssueType {
    name: String,
}

/// An issue as the REST API returns it.
#[derive(Deserialize)]
struct RestIssue {
    number: i64,
    title: String,
    #[serde(default)]
    body: Option<String>,
    state: String,
    #[serde(default)]
    state_reason: Option<String>,
    #[serde(default)]
    labels: Vec<Label>,
    #[serde(default)]
    assignee: Option<User>,
    #[serde(default)]
    assignees: Option<Vec<User>>,
    #[serde(default)]
    user: Option<User>,
    #[serde(default)]
    milestone: Option<Milestone>,
    #[serde(default, rename = "type")]
    issue_type: Option<IssueType>,
    created_at: String,
    updated_at: String,
    #[serde(default)]
    closed_at: Option<String>,
    #[serde(default)]
    html_url: Option<String>,
    #[serde(default)]
    repository_url: Option<String>,
    #[serde(default)]
    pull_request: Option<Value>,
}

/// An issue as `gh issue list --json` writes it.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CliIssue {
    number: i64,
    title: String,
    #[serde(default)]
    body: Option<String>,
    state: String,
    #[serde(default)]
    state_reason: Option<String>,
    #[serde(default)]
    labels: Vec<Label>,
    #[serde(default)]
    assignees: Vec<User>,
    #[serde(default)]
    author: Option<User>,
    #[serde(default)]
    milestone: Option<Milestone>,
    created_at: String,
    updated_at: String,
    #[serde(default)]
    closed_at: Option<String>,
    url: String,
    #[serde(default)]
    comments: Option<Vec<CliComment>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CliComment {
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    author: Option<User>,
    #[serde(default)]
    body: String,
    created_at: String,
    #[serde(default)]
    url: Option<String>,
}

#[derive(Deserialize)]
struct RestComment {
    id: i64,
    issue_url: String,
    #[serde(default)]
    user: Option<User>,
    #[serde(default)]
    body: Option<String>,
    created_at: String,
    updated_at: String,
}

pub fn read(files: &[PathBuf], include_pulls: bool, emit: Emit<'_>) -> Result<(), ImportError> {
    let mut pulls = HashSet::new();
    let mut with_comments = Vec::new();
    for path in files {
        let mut has_comments = false;
        each_object(path, |mut origin, value| {
            if value.get("issue_url").is_some() {
                has_comments = true;
                return Ok(true);
            }
            let cli = value.get("createdAt").is_some();
            if let Some(n) = value.get("number").and_then(Value::as_i64) {
                origin.record = format!("{} (#{n})", origin.record);
            }
            if cli {
                let mut issue: CliIssue = typed(&origin, value)?;
                let comments = issue.comments.take().unwrap_or_default();
                let external = issue.external(&origin)?;
                let key = external.key.clone();
                if !emit(Record::Issue(origin.clone(), Box::new(external))) {
                    return Ok(false);
                }
                for comment in comments {
                    let Some(record) = cli_comment(&origin, &key, comment)? else { continue };
                    if !emit(record) {
                        return Ok(false);
                    }
                }
                return Ok(true);
            }
            let issue: RestIssue = typed(&origin, value)?;
            let is_pull = issue.pull_request.is_some();
            let external = issue.external(&origin)?;
            if is_pull && !include_pulls {
                pulls.insert(external.key);
                return Ok(emit(Record::Skip("pull requests")));
            }
            Ok(emit(Record::Issue(origin, Box::new(external))))
        })?;
        if has_comments {
            with_comments.push(path);
        }
    }
    for path in with_comments {
        each_object(path, |origin, value| {
            if value.get("issue_url").is_none() {
                return Ok(true);
            }
            let comment: RestComment = typed(&origin, value)?;
            let issue_key = key_of(&origin, &comment.issue_url)?;
            let record = match comment.body.as_deref().map(str::trim).filter(|b| !b.is_empty()) {
                _ if pulls.contains(&issue_key) => Record::Skip("comments on pull requests"),
                None => Record::Skip("empty comments"),
                Some(_) => Record::Comment(
                    origin.clone(),
                    Box::new(ExternalComment {
                        issue_key,
                        key: comment.id.to_string(),
                        author: comment.user.as_ref().map(User::person),
                        body: Body::Markdown(comment.body.unwrap_or_default()),
                        created_at: instant(&origin, "created_at", &comment.created_at)?,
                        updated_at: instant(&origin, "updated_at", &comment.updated_at)?,
                    }),
                ),
            };
            Ok(emit(record))
        })?;
    }
    Ok(())
}

/// An issue of a REST object (a webhook's `issue`); `None` for a pull request.
pub(crate) fn rest_issue(origin: &Origin, value: Value) -> Result<Option<ExternalIssue>, ImportError> {
    let issue: RestIssue = typed(origin, value)?;
    if issue.pull_request.is_some() {
        return Ok(None);
    }
    issue.external(origin).map(Some)
}

/// A comment of a REST object (a webhook's `comment`) on the issue with
/// `issue_key`; `None` when it is empty.
pub(crate) fn rest_comment(
    origin: &Origin,
    issue_key: &str,
    value: Value,
) -> Result<Option<ExternalComment>, ImportError> {
    let comment: RestComment = typed(origin, value)?;
    if comment.body.as_deref().is_none_or(|b| b.trim().is_empty()) {
        return Ok(None);
    }
    Ok(Some(ExternalComment {
        issue_key: issue_key.to_owned(),
        key: comment.id.to_string(),
        author: comment.user.as_ref().map(User::person),
        body: Body::Markdown(comment.body.unwrap_or_default()),
        created_at: instant(origin, "created_at", &comment.created_at)?,
        updated_at: instant(origin, "updated_at", &comment.updated_at)?,
    }))
}

fn cli_comment(origin: &Origin, issue_key: &str, comment: CliComment) -> Result<Option<Record>, ImportError> {
    if comment.body.trim().is_empty() {
        return Ok(Some(Record::Skip("empty comments")));
    }
    // The REST id, read from the address's `#issuecomment-123`, so that a
    // comment read from either export is found again; else gh's node id.
    let rest_id = comment.url.as_deref().and_then(|u| u.rsplit_once("#issuecomment-")).map(|(_, id)| id.to_owned());
    let key = rest_id.or(comment.id).unwrap_or_else(|| comment.created_at.clone());
    let at = instant(origin, "comments.createdAt", &comment.created_at)?;
    Ok(Some(Record::Comment(
        origin.clone(),
        Box::new(ExternalComment {
            issue_key: issue_key.to_owned(),
            key,
            author: comment.author.as_ref().map(User::person),
            body: Body::Markdown(comment.body),
            created_at: at,
            updated_at: at,
        }),
    )))
}

/// `owner/repo#123` from an issue's address, REST (`.../repos/o/r/issues/123`)
/// or web (`https://github.com/o/r/issues/123`, `.../pull/123`), on
/// github.com or an Enterprise host.
fn key_of(origin: &Origin, url: &str) -> Result<String, ImportError> {
    let segments: Vec<&str> = url.split('/').filter(|s| !s.is_empty()).collect();
    let at = segments.iter().rposition(|s| matches!(*s, "issues" | "pull" | "pulls"));
    match at {
        Some(i) if i >= 2 && i + 1 < segments.len() => {
            let number: u64 = segments[i + 1].parse().map_err(|_| {
                ImportError::record(origin, format!("{} names no issue number", crate::text::echo(url)))
            })?;
            Ok(format!("{}/{}#{number}", segments[i - 2], segments[i - 1]))
        }
        _ => Err(ImportError::record(origin, format!("{} is not an issue's address", crate::text::echo(url)))),
    }
}

/// `owner/repo` from `https://api.github.com/repos/owner/repo`.
fn repository_of(url: &str) -> Option<String> {
    let segments: Vec<&str> = url.split('/').filter(|s| !s.is_empty()).collect();
    let at = segments.iter().rposition(|s| *s == "repos")?;
    Some(format!("{}/{}", segments.get(at + 1)?, segments.get(at + 2)?))
}

fn number(origin: &Origin, n: i64) -> Result<i32, ImportError> {
    i32::try_from(n)
        .ok()
        .filter(|n| (1..=crate::store::input::MAX_NUMBER).contains(n))
        .ok_or_else(|| ImportError::record(origin, format!("field `number`: {n} is not an issue number")))
}

/// closed + not_planned (or duplicate) is canceled, closed otherwise done.
fn category(state: &str, reason: Option<&str>) -> StatusCategory {
    let reason = reason.unwrap_or_default().to_ascii_lowercase();
    match state.to_ascii_lowercase().as_str() {
        "closed" if matches!(reason.as_str(), "not_planned" | "duplicate") => StatusCategory::Canceled,
        "closed" | "merged" => StatusCategory::Done,
        _ => StatusCategory::Todo,
    }
}

/// GitHub's issue type when the repository uses them, else a `bug` label.
fn kind(issue_type: Option<&str>, labels: &[ExternalLabel]) -> Option<TaskKind> {
    match issue_type.map(str::to_ascii_lowercase).as_deref() {
        Some("bug") => Some(TaskKind::Bug),
        Some("feature" | "enhancement") => Some(TaskKind::Feature),
        Some("epic") => Some(TaskKind::Epic),
        Some(_) => Some(TaskKind::Task),
        None => labels.iter().any(|l| l.name.eq_ignore_ascii_case("bug")).then_some(TaskKind::Bug),
    }
}

/// Labels, then the milestone as the label `milestone: TITLE`.
fn labels(labels: Vec<Label>, milestone: Option<Milestone>) -> Vec<ExternalLabel> {
    let mut out: Vec<ExternalLabel> = labels.into_iter().map(Label::external).collect();
    if let Some(m) = milestone {
        out.push(ExternalLabel { name: format!("milestone: {}", m.title), color: None });
    }
    out
}

fn body(text: Option<String>) -> Option<Body> {
    text.filter(|t| !t.trim().is_empty()).map(Body::Markdown)
}

impl RestIssue {
    fn external(self, origin: &Origin) -> Result<ExternalIssue, ImportError> {
        let number = number(origin, self.number)?;
        let repository = self.repository_url.as_deref().and_then(repository_of);
        let key = match (&repository, &self.html_url) {
            (Some(repo), _) => format!("{repo}#{number}"),
            (None, Some(url)) => key_of(origin, url)?,
            (None, None) => {
                return Err(ImportError::record(origin, "no `repository_url` or `html_url` names its repository"));
            }
        };
        let mut assignees: Vec<Person> = self.assignees.iter().flatten().map(User::person).collect();
        if assignees.is_empty() {
            assignees.extend(self.assignee.as_ref().map(User::person));
        }
        let labels = labels(self.labels, self.milestone);
        Ok(ExternalIssue {
            key,
            number: Some(number),
            url: self.html_url,
            title: self.title,
            description: body(self.body),
            category: match &self.pull_request {
                // A pull request closed without a merge was given up.
                Some(pull)
                    if self.state.eq_ignore_ascii_case("closed")
                        && pull.get("merged_at").is_some_and(Value::is_null) =>
                {
                    StatusCategory::Canceled
                }
                _ => category(&self.state, self.state_reason.as_deref()),
            },
            priority: None,
            kind: kind(self.issue_type.as_ref().map(|t| t.name.as_str()), &labels),
            parent: None,
            assignees,
            author: self.user.as_ref().map(User::person),
            labels,
            due_date: None,
            created_at: instant(origin, "created_at", &self.created_at)?,
            updated_at: instant(origin, "updated_at", &self.updated_at)?,
            closed_at: optional_instant(origin, "closed_at", self.closed_at.as_deref())?,
        })
    }
}

impl CliIssue {
    fn external(self, origin: &Origin) -> Result<ExternalIssue, ImportError> {
        let number = number(origin, self.number)?;
        let key = key_of(origin, &self.url)?;
        let labels = labels(self.labels, self.milestone);
        Ok(ExternalIssue {
            key,
            number: Some(number),
            url: Some(self.url),
            title: self.title,
            description: body(self.body),
            category: category(&self.state, self.state_reason.as_deref()),
            priority: None,
            kind: kind(None, &labels),
            parent: None,
            assignees: self.assignees.iter().map(User::person).collect(),
            author: self.author.as_ref().map(User::person),
            labels,
            due_date: None,
            created_at: instant(origin, "createdAt", &self.created_at)?,
            updated_at: instant(origin, "updatedAt", &self.updated_at)?,
            closed_at: optional_instant(origin, "closedAt", self.closed_at.as_deref())?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn origin() -> Origin {
        Origin { file: "issues.json".into(), record: "record 1".into() }
    }

    #[test]
    fn keys_come_from_rest_and_web_addresses_on_any_host() {
        let o = origin();
        assert_eq!(
            key_of(&o, "https://api.github.com/repos/acme/rocket/issues/12").ok().as_deref(),
            Some("acme/rocket#12")
        );
        assert_eq!(key_of(&o, "https://github.com/acme/rocket/issues/7").ok().as_deref(), Some("acme/rocket#7"));
        assert_eq!(key_of(&o, "https://ghe.example.com/api/v3/repos/a/b/issues/3").ok().as_deref(), Some("a/b#3"));
        assert!(key_of(&o, "https://github.com/acme").is_err());
        assert_eq!(repository_of("https://api.github.com/repos/acme/rocket").as_deref(), Some("acme/rocket"));
    }

    #[test]
    fn state_reasons_choose_done_or_canceled() {
        assert_eq!(category("closed", Some("completed")), StatusCategory::Done);
        assert_eq!(category("CLOSED", Some("NOT_PLANNED")), StatusCategory::Canceled);
        assert_eq!(category("closed", None), StatusCategory::Done);
        assert_eq!(category("open", Some("reopened")), StatusCategory::Todo);
    }

    #[test]
    fn a_deleted_account_is_ghost_in_either_export() {
        for (login, is_bot) in [("", false), ("app/", true), ("ghost", false)] {
            let user = User { login: login.into(), kind: None, name: None, is_bot };
            let person = user.person();
            assert_eq!((person.username.as_str(), person.is_bot), ("ghost", false), "{login:?}");
        }
        let app = User { login: "app/renovate".into(), kind: None, name: None, is_bot: true }.person();
        assert_eq!((app.username.as_str(), app.is_bot), ("renovate[bot]", true));
    }
}
