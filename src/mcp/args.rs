//! Tool arguments: one struct per tool, unknown names refused, with the
//! JSON Schema sent in `tools/list` (keep the doc comments short: they
//! travel with every listing).

use std::borrow::Cow;

use rmcp::schemars::{self, JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Deserializer};

use super::error::{ToolError, ToolResult};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum View {
    Summary,
    Full,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Order {
    Updated,
    Created,
    Ref,
    Due,
}

impl Order {
    pub fn graphql(self) -> &'static str {
        match self {
            Self::Updated => "UPDATED",
            Self::Created => "CREATED",
            Self::Ref => "REF",
            Self::Due => "DUE",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Priority {
    None,
    Low,
    Medium,
    High,
    Urgent,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Task,
    Bug,
    Feature,
    Epic,
}

/// An array of names; one comma-separated string is accepted too, though
/// the schema declares only the array (strict clients refuse alternatives).
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum Names {
    List(Vec<String>),
    Csv(String),
}

impl JsonSchema for Names {
    fn schema_name() -> Cow<'static, str> {
        "Names".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({"type": "array", "items": {"type": "string"}})
    }
}

impl Names {
    pub fn into_vec(self) -> Vec<String> {
        match self {
            Self::List(list) => list,
            Self::Csv(csv) => csv.split(',').map(|s| s.trim().to_owned()).filter(|s| !s.is_empty()).collect(),
        }
    }
}

/// Distinguishes a field set to null (clear it) from a field left out.
fn present<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer).map(Some)
}

macro_rules! tool_args {
    ($(#[$meta:meta])* $name:ident { $($body:tt)* }) => {
        $(#[$meta])*
        #[derive(Debug, Deserialize, JsonSchema)]
        #[serde(deny_unknown_fields)]
        pub struct $name { $($body)* }
    };
}

/// Fields shared by list tools: appended to each list's own arguments.
macro_rules! list_args {
    ($(#[$meta:meta])* $name:ident { $($body:tt)* }) => {
        tool_args!($(#[$meta])* $name {
            $($body)*
            pub limit: Option<i64>,
            pub cursor: Option<String>,
            pub max_chars: Option<i64>,
            pub format: Option<super::guard::Form>,
        });
    };
}

list_args!(ListProjects {
    pub name: Option<String>,
    pub workspace: Option<String>,
    pub view: Option<View>,
    pub fields: Option<Names>,
    #[serde(default)]
    pub verbose: bool,
});

tool_args!(GetProject {
    pub project: String,
    pub view: Option<View>,
    pub fields: Option<Names>,
    #[serde(default)]
    pub verbose: bool,
    pub max_chars: Option<i64>,
});

list_args!(ListTasks {
    pub project: Option<String>,
    /// Key or category.
    pub status: Option<String>,
    /// true: done/canceled only.
    pub done: Option<bool>,
    pub assignee: Option<String>,
    /// Assignee or coworker.
    pub involves: Option<String>,
    pub label: Option<String>,
    /// All words.
    pub text: Option<String>,
    pub changed_since: Option<String>,
    pub completed_since: Option<String>,
    /// true: no due date.
    pub unscheduled: Option<bool>,
    pub due_before: Option<String>,
    pub parent: Option<String>,
    pub kind: Option<Kind>,
    /// Default updated: latest activity first.
    pub order: Option<Order>,
    pub view: Option<View>,
    pub fields: Option<Names>,
    #[serde(default)]
    pub verbose: bool,
    #[schemars(range(max = 1000))]
    pub body_chars: Option<i64>,
});

list_args!(ListMyTasks {
    pub project: Option<String>,
    pub status: Option<String>,
    pub done: Option<bool>,
    pub view: Option<View>,
    pub fields: Option<Names>,
    #[serde(default)]
    pub verbose: bool,
    pub body_chars: Option<i64>,
});

list_args!(SearchTasks {
    pub text: String,
    pub project: Option<String>,
    /// Omit for open and done.
    pub done: Option<bool>,
    pub view: Option<View>,
    pub fields: Option<Names>,
    #[serde(default)]
    pub verbose: bool,
    pub body_chars: Option<i64>,
});

tool_args!(GetTask {
    #[serde(rename = "ref")]
    pub task_ref: String,
    pub view: Option<View>,
    pub fields: Option<Names>,
    #[serde(default)]
    pub verbose: bool,
    pub cursor: Option<i64>,
    pub max_chars: Option<i64>,
});

list_args!(ListComments {
    #[serde(rename = "ref")]
    pub task_ref: String,
    #[schemars(range(max = 1000))]
    pub body_chars: Option<i64>,
    pub view: Option<View>,
});

tool_args!(CreateTask {
    pub project: String,
    pub title: String,
    /// Markdown.
    pub description: Option<String>,
    /// Default: the first.
    pub status: Option<String>,
    pub priority: Option<Priority>,
    pub kind: Option<Kind>,
    pub parent: Option<String>,
    pub assignee: Option<String>,
    pub coworkers: Option<Names>,
    pub labels: Option<Names>,
    pub due: Option<String>,
});

tool_args!(UpdateTask {
    #[serde(rename = "ref")]
    pub task_ref: String,
    pub title: Option<String>,
    /// Markdown.
    #[serde(default, deserialize_with = "present")]
    pub description: Option<Option<String>>,
    pub status: Option<String>,
    pub priority: Option<Priority>,
    pub kind: Option<Kind>,
    #[serde(default, deserialize_with = "present")]
    pub parent: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    pub assignee: Option<Option<String>>,
    /// The new set.
    pub coworkers: Option<Names>,
    /// The new set.
    pub labels: Option<Names>,
    #[serde(default, deserialize_with = "present")]
    pub due: Option<Option<String>>,
});

tool_args!(RegisterAgent {
    pub name: String,
    /// Task ref.
    pub task: Option<String>,
    pub status: Option<String>,
});

tool_args!(HeartbeatAgent {
    pub id: Option<String>,
    // Accepted, not declared: an alias for agents that guess the name.
    #[schemars(skip)]
    pub agent_id: Option<String>,
    pub task: Option<String>,
    pub status: Option<String>,
});

tool_args!(EndAgent {
    pub id: Option<String>,
    // Accepted, not declared: an alias for agents that guess the name.
    #[schemars(skip)]
    pub agent_id: Option<String>,
});

/// Parses a tool's arguments; a mistake names the argument and, for a
/// closed set, the allowed values.
pub fn parse<T: for<'de> Deserialize<'de>>(
    arguments: Option<serde_json::Map<String, serde_json::Value>>,
) -> ToolResult<T> {
    let value = serde_json::Value::Object(arguments.unwrap_or_default());
    serde_json::from_value(value).map_err(|err| {
        let message = err.to_string();
        let message = message.split(" at line ").next().unwrap_or(&message).to_owned();
        ToolError::invalid(format!("bad arguments: {message}"), "check the tool's input schema in tools/list")
    })
}

/// `limit`: 1..=200, default 50.
pub fn limit(limit: Option<i64>) -> ToolResult<i64> {
    match limit {
        None => Ok(50),
        Some(n) if (1..=200).contains(&n) => Ok(n),
        Some(n) => Err(ToolError::invalid(format!("`limit` is {n}"), "use 1 to 200, and `cursor` for more")),
    }
}

/// `body_chars`: 0..=1000, default 0.
pub fn body_chars(chars: Option<i64>) -> ToolResult<i64> {
    match chars {
        None => Ok(0),
        Some(n) if (0..=1000).contains(&n) => Ok(n),
        Some(n) => Err(ToolError::invalid(format!("`body_chars` is {n}"), "use 0 to 1000")),
    }
}

/// The cap of this call: the server's, lowered by `max_chars`.
pub fn cap(server_cap: usize, max_chars: Option<i64>) -> ToolResult<usize> {
    match max_chars {
        None => Ok(server_cap),
        Some(n) if n >= 1000 => Ok(server_cap.min(usize::try_from(n).unwrap_or(usize::MAX))),
        Some(n) => Err(ToolError::invalid(format!("`max_chars` is {n}"), "use 1000 or more")),
    }
}

/// An ISO date (`2026-11-29`, midnight UTC) or instant, as a GraphQL DateTime.
pub fn instant(argument: &str, value: Option<&str>) -> ToolResult<Option<String>> {
    let Some(value) = value else { return Ok(None) };
    if let Ok(t) = chrono::DateTime::parse_from_rfc3339(value) {
        return Ok(Some(t.to_rfc3339()));
    }
    if let Ok(d) = chrono::NaiveDate::parse_from_str(value, "%Y-%m-%d") {
        return Ok(Some(format!("{d}T00:00:00Z")));
    }
    Err(ToolError::invalid(format!("`{argument}` is not a date: {value}"), "use 2026-11-29 or 2026-11-29T10:00:00Z"))
}

/// An ISO date.
pub fn date(argument: &str, value: Option<&str>) -> ToolResult<Option<String>> {
    let Some(value) = value else { return Ok(None) };
    chrono::NaiveDate::parse_from_str(value, "%Y-%m-%d")
        .map(|d| Some(d.to_string()))
        .map_err(|_| ToolError::invalid(format!("`{argument}` is not a date: {value}"), "use 2026-11-29"))
}

tool_args!(GetWikiPage {
    pub path: String,
    /// If the path is in several.
    pub workspace: Option<String>,
    pub section: Option<String>,
    pub cursor: Option<i64>,
    /// Up to 20000; content defaults to 8000.
    pub max_chars: Option<i64>,
});

tool_args!(PutWikiPage {
    pub path: String,
    /// Markdown; frontmatter allowed.
    pub content: String,
    /// Omit to create.
    pub base_revision: Option<String>,
    pub workspace: Option<String>,
    pub title: Option<String>,
    pub project: Option<String>,
});

tool_args!(PatchWikiPage {
    pub path: String,
    pub base_revision: String,
    pub find: Option<String>,
    pub section: Option<String>,
    pub replace: String,
    pub workspace: Option<String>,
});
