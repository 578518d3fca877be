//! Arguments of the tools not yet documents: one struct per tool, unknown
//! names refused, with the JSON Schema sent in `tools/list` (keep the doc
//! comments short: they travel with every listing).

use rmcp::schemars::{self, JsonSchema};
use serde::Deserialize;

use super::error::{ToolError, ToolResult};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum View {
    Summary,
    Full,
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

list_args!(ListComments {
    #[serde(rename = "ref")]
    pub task_ref: String,
    #[schemars(range(max = 1000))]
    pub body_chars: Option<i64>,
    pub view: Option<View>,
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
