//! Jira Cloud: the pages of `GET /rest/api/3/search/jql` (or the older `/search`),
//! each `{"issues": [...]}` with `fields`, and `renderedFields` when asked
//! with `expand=renderedFields`; a file may hold several pages, or bare
//! issues. The description and comments are Atlassian Document Format,
//! turned to HTML, or Jira's own rendering when the page has it.

use std::collections::HashMap;
use std::path::PathBuf;

use entity::{Priority, StatusCategory, TaskKind};
use serde::Deserialize;
use serde_json::Value;

use super::records::{Body, ExternalComment, ExternalIssue, ExternalLabel, Origin, Person};
use super::{
    Emit, ImportError, Record, adf, each_object, instant, optional_date, optional_instant, typed, username_of,
};

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct User {
    #[serde(default)]
    account_id: Option<String>,
    /// Jira Server and Data Center name people; Cloud has account ids.
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    display_name: Option<String>,
    #[serde(default)]
    email_address: Option<String>,
    #[serde(default)]
    account_type: Option<String>,
}

impl User {
    fn person(&self) -> Option<Person> {
        let id = self.account_id.clone().or_else(|| self.name.clone())?;
        let shown = self.display_name.clone().filter(|n| !n.trim().is_empty());
        let username = username_of(self.email_address.as_deref().or(shown.as_deref()).unwrap_or(&id));
        Some(Person {
            external_id: id,
            username,
            display_name: shown,
            email: self.email_address.clone(),
            is_bot: self.account_type.as_deref() == Some("app"),
        })
    }
}

#[derive(Deserialize)]
struct Named {
    name: String,
}

#[derive(Deserialize)]
struct JiraPriority {
    name: String,
    #[serde(default)]
    id: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct IssueType {
    name: String,
    /// 1 for epics (whatever a site names them), -1 for subtasks.
    #[serde(default)]
    hierarchy_level: Option<i64>,
}

#[derive(Deserialize)]
struct Keyed {
    key: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Status {
    name: String,
    #[serde(default)]
    status_category: Option<Keyed>,
}

#[derive(Deserialize)]
struct Comments {
    #[serde(default)]
    comments: Vec<Comment>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Comment {
    id: String,
    /// Set when the comment is for a role or group only.
    #[serde(default)]
    visibility: Option<Value>,
    /// Jira Service Management: false for an internal note.
    #[serde(default)]
    jsd_public: Option<bool>,
    #[serde(default)]
    author: Option<User>,
    #[serde(default)]
    body: Value,
    created: String,
    #[serde(default)]
    updated: Option<String>,
}

#[derive(Deserialize)]
struct Fields {
    summary: String,
    #[serde(default)]
    description: Value,
    status: Status,
    #[serde(default)]
    priority: Option<JiraPriority>,
    #[serde(default)]
    issuetype: Option<IssueType>,
    #[serde(default)]
    parent: Option<Keyed>,
    #[serde(default)]
    assignee: Option<User>,
    #[serde(default)]
    reporter: Option<User>,
    #[serde(default)]
    creator: Option<User>,
    #[serde(default)]
    labels: Vec<String>,
    #[serde(default)]
    duedate: Option<String>,
    created: String,
    updated: String,
    #[serde(default)]
    resolutiondate: Option<String>,
    #[serde(default)]
    resolution: Option<Named>,
    #[serde(default)]
    comment: Option<Comments>,
}

#[derive(Deserialize, Default)]
struct RenderedComment {
    id: String,
    #[serde(default)]
    body: Option<String>,
}

#[derive(Deserialize, Default)]
struct RenderedComments {
    #[serde(default)]
    comments: Vec<RenderedComment>,
}

#[derive(Deserialize, Default)]
struct Rendered {
    #[serde(default)]
    description: Option<String>,
    #[serde(default)]
    comment: Option<RenderedComments>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Issue {
    key: String,
    #[serde(default, rename = "self")]
    api_url: Option<String>,
    fields: Fields,
    #[serde(default)]
    rendered_fields: Option<Rendered>,
}

/// Pages without issues one file may hold: an export has one at most (the
/// last); a flood of them is a gzip bomb.
const MAX_EMPTY_PAGES: u32 = 1_000;

pub fn read(files: &[PathBuf], emit: Emit<'_>) -> Result<(), ImportError> {
    for path in files {
        let mut empty_pages = 0;
        each_object(path, |origin, value| {
            let (issues, in_page) = match value {
                Value::Object(page) if page.contains_key("errorMessages") && !page.contains_key("issues") => {
                    return Err(ImportError::record(&origin, error_page(&page)));
                }
                Value::Object(mut page) if page.contains_key("issues") => match page.remove("issues") {
                    Some(Value::Array(issues)) if issues.is_empty() => {
                        empty_pages += 1;
                        if empty_pages > MAX_EMPTY_PAGES {
                            let message = format!("more than {MAX_EMPTY_PAGES} pages without issues in one file");
                            return Err(ImportError::record(&origin, message));
                        }
                        return Ok(true);
                    }
                    Some(Value::Array(issues)) => (issues, true),
                    _ => return Err(ImportError::record(&origin, "field `issues` is not an array")),
                },
                single => (vec![single], false),
            };
            for (i, value) in issues.into_iter().enumerate() {
                let key = value.get("key").and_then(Value::as_str).map(crate::text::echo);
                let mut record = origin.record.clone();
                if in_page {
                    record = format!("{record}, issue {}", i + 1);
                }
                if let Some(key) = key {
                    record = format!("{record} ({key})");
                }
                let origin = Origin { file: origin.file.clone(), record };
                let issue: Issue = typed(&origin, value)?;
                let (external, comments) = issue.external(&origin)?;
                if !emit(Record::Issue(origin.clone(), Box::new(external))) {
                    return Ok(false);
                }
                for comment in comments {
                    let record = match comment {
                        Ok(comment) => Record::Comment(origin.clone(), Box::new(comment)),
                        Err(reason) => Record::Skip(reason),
                    };
                    if !emit(record) {
                        return Ok(false);
                    }
                }
            }
            Ok(true)
        })?;
    }
    Ok(())
}

/// What Jira answers instead of a page when a request failed, such as
/// `{"errorMessages": ["The requested API has been removed..."]}`.
fn error_page(page: &serde_json::Map<String, Value>) -> String {
    let said: Vec<String> = page
        .get("errorMessages")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .take(3)
        .map(|m| m.chars().filter(|c| !c.is_control()).take(200).collect())
        .collect();
    format!(
        "Jira answered an error, not a page of issues ({}); fetch it again as docs/import.md shows",
        if said.is_empty() { "no message".to_owned() } else { said.join("; ") }
    )
}

/// Jira's descriptions and comment bodies: ADF, or wiki text from the v2 API.
fn rich(value: &Value) -> Option<Body> {
    match value {
        Value::Null => None,
        Value::String(text) if text.trim().is_empty() => None,
        Value::String(text) => Some(Body::Markdown(text.clone())),
        doc => Some(Body::Html(adf::to_html(doc))).filter(|b| !matches!(b, Body::Html(h) if blank(h))),
    }
}

/// Jira's own rendering, its addresses made absolute against the site.
fn rendered(html: Option<&str>, site: Option<&str>) -> Option<Body> {
    let html = html.filter(|h| !blank(h))?;
    Some(Body::Html(match site {
        Some(site) => migration::html_policy::absolute_urls(html, site),
        None => html.to_owned(),
    }))
}

/// HTML that shows nothing: tags without text (`<p></p>`), no image.
fn blank(html: &str) -> bool {
    let mut in_tag = false;
    let mut shown = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag && !c.is_whitespace() => shown = true,
            _ => {}
        }
    }
    !shown && !html.contains("<img")
}

/// Highest..Lowest, the older Blocker..Trivial and P0..P5 by name; else
/// Jira's default priorities by id (1 Highest .. 5 Lowest), which keep
/// their ids when a site renames or translates them.
fn priority(name: &str, id: Option<&str>) -> Option<Priority> {
    Some(match name.trim().to_ascii_lowercase().as_str() {
        "highest" | "blocker" | "critical" | "urgent" | "p0" | "p1" => Priority::Urgent,
        "high" | "major" | "p2" => Priority::High,
        "medium" | "normal" | "p3" => Priority::Medium,
        "low" | "lowest" | "minor" | "trivial" | "p4" | "p5" => Priority::Low,
        _ => match id? {
            "1" => Priority::Urgent,
            "2" => Priority::High,
            "3" => Priority::Medium,
            "4" | "5" => Priority::Low,
            _ => return None,
        },
    })
}

/// By name, else by level: an epic by any name is level 1.
fn kind(name: &str, hierarchy_level: Option<i64>) -> TaskKind {
    match name.to_ascii_lowercase().as_str() {
        "bug" => TaskKind::Bug,
        "story" | "new feature" | "improvement" | "feature" => TaskKind::Feature,
        "epic" => TaskKind::Epic,
        _ if hierarchy_level.is_some_and(|l| l >= 1) => TaskKind::Epic,
        _ => TaskKind::Task,
    }
}

/// By the status's category; done with a resolution that did nothing
/// (Won't Do, Duplicate, ...) is canceled.
fn category(status: &Status, resolution: Option<&str>) -> StatusCategory {
    let resolution = resolution.unwrap_or_default().to_ascii_lowercase();
    let name = status.name.to_ascii_lowercase();
    let undone = ["won't", "wont", "duplicate", "cannot reproduce", "declined", "rejected", "cancel", "incomplete"];
    match status.status_category.as_ref().map(|c| c.key.as_str()) {
        Some("done") if undone.iter().any(|w| resolution.contains(w) || name.contains(w)) => StatusCategory::Canceled,
        Some("done") => StatusCategory::Done,
        Some("indeterminate") => StatusCategory::InProgress,
        _ => StatusCategory::Todo,
    }
}

/// `https://site.atlassian.net` from an issue's API address.
fn site_of(api_url: &str) -> Option<&str> {
    let at = api_url.find("/rest/api/")?;
    Some(&api_url[..at])
}

/// `https://site.atlassian.net/browse/KEY` from the issue's API address.
fn browse_url(api_url: &str, key: &str) -> Option<String> {
    Some(format!("{}/browse/{key}", site_of(api_url)?))
}

fn number_of(key: &str) -> Option<i32> {
    key.rsplit('-').next()?.parse().ok().filter(|n| (1..=crate::store::input::MAX_NUMBER).contains(n))
}

/// A comment to import, or why it is skipped.
type CommentOrSkip = Result<ExternalComment, &'static str>;

impl Issue {
    /// The issue, and each comment or why it is skipped.
    fn external(self, origin: &Origin) -> Result<(ExternalIssue, Vec<CommentOrSkip>), ImportError> {
        let Issue { key, api_url, fields, rendered_fields } = self;
        let site = api_url.as_deref().and_then(site_of);
        let page = rendered_fields.unwrap_or_default();
        let description = rendered(page.description.as_deref(), site).or_else(|| rich(&fields.description));
        let rendered_bodies: HashMap<String, String> =
            page.comment.unwrap_or_default().comments.into_iter().filter_map(|c| Some((c.id, c.body?))).collect();
        let mut comments = Vec::new();
        for c in fields.comment.map(|c| c.comments).unwrap_or_default() {
            if c.visibility.as_ref().is_some_and(|v| !v.is_null()) || c.jsd_public == Some(false) {
                // Shown to a role, a group or the agents only, there; here
                // every participant would read it.
                comments.push(Err("restricted or internal comments"));
                continue;
            }
            let body = rendered(rendered_bodies.get(&c.id).map(String::as_str), site).or_else(|| rich(&c.body));
            let Some(body) = body else {
                comments.push(Err("empty comments"));
                continue;
            };
            let created_at = instant(origin, "comment.created", &c.created)?;
            comments.push(Ok(ExternalComment {
                issue_key: key.clone(),
                key: c.id,
                author: c.author.as_ref().and_then(User::person),
                body,
                created_at,
                updated_at: optional_instant(origin, "comment.updated", c.updated.as_deref())?.unwrap_or(created_at),
            }));
        }
        let issue = ExternalIssue {
            number: number_of(&key),
            url: api_url.as_deref().and_then(|u| browse_url(u, &key)),
            title: fields.summary,
            description,
            category: category(&fields.status, fields.resolution.as_ref().map(|r| r.name.as_str())),
            priority: fields.priority.as_ref().and_then(|p| priority(&p.name, p.id.as_deref())),
            kind: fields.issuetype.as_ref().map(|t| kind(&t.name, t.hierarchy_level)),
            parent: fields.parent.map(|p| p.key),
            assignees: fields.assignee.as_ref().and_then(User::person).into_iter().collect(),
            author: fields.reporter.as_ref().or(fields.creator.as_ref()).and_then(User::person),
            labels: fields.labels.into_iter().map(|name| ExternalLabel { name, color: None }).collect(),
            due_date: optional_date(origin, "duedate", fields.duedate.as_deref())?,
            created_at: instant(origin, "created", &fields.created)?,
            updated_at: instant(origin, "updated", &fields.updated)?,
            closed_at: optional_instant(origin, "resolutiondate", fields.resolutiondate.as_deref())?,
            key,
        };
        Ok((issue, comments))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn categories_priorities_and_types_map_to_the_board() {
        let status =
            |name: &str, key: &str| Status { name: name.into(), status_category: Some(Keyed { key: key.into() }) };
        assert_eq!(category(&status("To Do", "new"), None), StatusCategory::Todo);
        assert_eq!(category(&status("In Review", "indeterminate"), None), StatusCategory::InProgress);
        assert_eq!(category(&status("Done", "done"), Some("Done")), StatusCategory::Done);
        assert_eq!(category(&status("Done", "done"), Some("Won't Do")), StatusCategory::Canceled);
        assert_eq!(category(&status("Won't Do", "done"), None), StatusCategory::Canceled);
        assert_eq!(priority("Highest", Some("1")), Some(Priority::Urgent));
        assert_eq!(priority("Lowest", None), Some(Priority::Low));
        assert_eq!(priority("P2", None), Some(Priority::High));
        assert_eq!(priority("Höchste", Some("1")), Some(Priority::Urgent));
        assert_eq!(priority("Whenever", Some("10042")), None);
        assert_eq!(kind("Sub-task", Some(-1)), TaskKind::Task);
        assert_eq!(kind("Story", Some(0)), TaskKind::Feature);
        assert_eq!(kind("Initiative", Some(1)), TaskKind::Epic);
        assert!(blank("<p></p>") && blank(" <p> </p>") && !blank("<p>x</p>") && !blank("<p><img src=\"a\"></p>"));
        assert_eq!(
            browse_url("https://acme.atlassian.net/rest/api/3/issue/10001", "OPS-4").as_deref(),
            Some("https://acme.atlassian.net/browse/OPS-4")
        );
        assert_eq!(number_of("OPS-42"), Some(42));
    }
}
