//! Which tools a caller is offered: the server's choice at start
//! (`--toolsets`, `--tools-allow`, `--read-only`), narrowed per request on
//! `/mcp` by the headers `X-MCP-Toolsets`, `X-MCP-Tools` and
//! `X-MCP-Readonly`, and by a read-only token. Each one only narrows, and
//! read-only always wins: a tool withheld is out of `tools/list` and
//! refused when called by name.

use std::collections::BTreeSet;

use axum::http::HeaderMap;
use clap::ValueEnum;

use crate::config::{ToolChoice, Toolset};

pub const TOOLSETS_HEADER: &str = "x-mcp-toolsets";
pub const TOOLS_HEADER: &str = "x-mcp-tools";
pub const READ_ONLY_HEADER: &str = "x-mcp-readonly";
pub const STRUCTURED_OUTPUT_HEADER: &str = "x-mcp-structured-output";
/// The most names one header may list (there are 21 built-in tools).
const MAX_NAMES: usize = 64;

/// What a selection needs to know of a tool.
pub trait Offered {
    fn name(&self) -> &str;
    fn toolset(&self) -> Toolset;
    /// Whether calling it may change the tracker.
    fn writes(&self) -> bool;
}

/// The tools offered: those of `toolsets` (all when `None`, but the opt-in
/// ones) named in
/// `tools` (all when `None`), none that writes when `read_only`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    toolsets: Option<BTreeSet<Toolset>>,
    tools: Option<BTreeSet<String>>,
    read_only: bool,
    /// Tools declare `outputSchema` and answer `structuredContent` too
    /// (asked by the server's flag or the request's header).
    structured_output: bool,
}

/// Why a tool is not offered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Withheld {
    ReadOnly,
    Toolset(Toolset),
    NotListed,
}

impl Selection {
    /// What the server offers, from its start flags.
    pub fn of_server(choice: &ToolChoice) -> Self {
        Self {
            toolsets: (!choice.toolsets.is_empty()).then(|| choice.toolsets.iter().copied().collect()),
            tools: (!choice.tools_allow.is_empty()).then(|| choice.tools_allow.iter().cloned().collect()),
            read_only: choice.read_only,
            structured_output: choice.structured_output,
        }
    }

    /// Read-only, and otherwise nothing withheld.
    pub fn read_only() -> Self {
        Self { read_only: true, ..Self::default() }
    }

    /// What a request's headers ask for; an error names the header and the
    /// value it cannot read. An empty or absent header narrows nothing.
    pub fn of_headers(headers: &HeaderMap) -> Result<Self, String> {
        let toolsets = names(headers, TOOLSETS_HEADER)?
            .map(|names| {
                names
                    .iter()
                    .map(|name| {
                        Toolset::from_str(name, true).map_err(|_| {
                            format!(
                                "X-MCP-Toolsets: unknown toolset {}; the toolsets are {}",
                                crate::text::echo(name),
                                Toolset::names().join(", ")
                            )
                        })
                    })
                    .collect::<Result<BTreeSet<_>, _>>()
            })
            .transpose()?;
        let tools = names(headers, TOOLS_HEADER)?.map(|names| names.into_iter().collect());
        let read_only = flag(headers, READ_ONLY_HEADER, "X-MCP-Readonly")?;
        let structured_output = flag(headers, STRUCTURED_OUTPUT_HEADER, "X-MCP-Structured-Output")?;
        Ok(Self { toolsets, tools, read_only, structured_output })
    }

    /// The tools both offer; read-only when either is.
    pub fn and(&self, other: &Self) -> Self {
        fn both<T: Ord + Clone>(a: &Option<BTreeSet<T>>, b: &Option<BTreeSet<T>>) -> Option<BTreeSet<T>> {
            match (a, b) {
                (Some(a), Some(b)) => Some(a.intersection(b).cloned().collect()),
                (a, b) => a.clone().or_else(|| b.clone()),
            }
        }
        Self {
            toolsets: both(&self.toolsets, &other.toolsets),
            tools: both(&self.tools, &other.tools),
            read_only: self.read_only || other.read_only,
            structured_output: self.structured_output || other.structured_output,
        }
    }

    pub fn structured_output(&self) -> bool {
        self.structured_output
    }

    pub fn is_read_only(&self) -> bool {
        self.read_only
    }

    /// The tool names this selection lists by name, if it lists any.
    pub fn listed_tools(&self) -> impl Iterator<Item = &str> {
        self.tools.iter().flatten().map(String::as_str)
    }

    /// Why `tool` is not offered, or None when it is.
    pub fn withholds(&self, tool: &dyn Offered) -> Option<Withheld> {
        if self.read_only && tool.writes() {
            return Some(Withheld::ReadOnly);
        }
        let set = tool.toolset();
        let named = self.toolsets.as_ref().map(|sets| sets.contains(&set));
        // An opt-in toolset is offered when named, or when one of its
        // tools is named by itself.
        let tool_named = self.tools.as_ref().is_some_and(|tools| tools.contains(tool.name()));
        if named == Some(false) || (named.is_none() && set.is_opt_in() && !tool_named) {
            return Some(Withheld::Toolset(set));
        }
        if self.tools.as_ref().is_some_and(|tools| !tools.contains(tool.name())) {
            return Some(Withheld::NotListed);
        }
        None
    }
}

/// A true-or-false header; absent or empty is false.
fn flag(headers: &HeaderMap, name: &str, shown: &str) -> Result<bool, String> {
    match header_text(headers, name)?.map(|v| v.trim().to_ascii_lowercase()) {
        None => Ok(false),
        Some(value) => match value.as_str() {
            "" | "false" | "0" | "no" => Ok(false),
            "true" | "1" | "yes" => Ok(true),
            _ => Err(format!("{shown}: {} is not true or false", crate::text::echo(&value))),
        },
    }
}

impl Withheld {
    /// The refusal of a call to `name`, and what to do instead.
    pub fn explain(self, name: &str) -> (String, String) {
        match self {
            Withheld::ReadOnly => (
                format!("`{name}` changes the tracker, and this session is read-only"),
                "a read-only token, `--read-only` or `X-MCP-Readonly: true` make it so; use the read tools".into(),
            ),
            Withheld::Toolset(set) if set.is_opt_in() => (
                format!("`{name}` belongs to the toolset `{}`, which is offered only when named", set.name()),
                format!(
                    "name it with the others you use in --toolsets or X-MCP-Toolsets (`tasks,{}`), unless the server's \
                     --toolsets leaves it out",
                    set.name()
                ),
            ),
            Withheld::Toolset(set) => (
                format!("`{name}` belongs to the toolset `{}`, which is not selected", set.name()),
                "select it with --toolsets or X-MCP-Toolsets (a request can only narrow what the server offers)".into(),
            ),
            Withheld::NotListed => (
                format!("`{name}` is not among the tools selected"),
                "name it in --tools-allow or X-MCP-Tools (a request can only narrow what the server offers)".into(),
            ),
        }
    }
}

/// The comma-separated names of every `header` line, trimmed; None when
/// there is no name at all.
fn names(headers: &HeaderMap, header: &str) -> Result<Option<Vec<String>>, String> {
    let Some(text) = header_text(headers, header)? else { return Ok(None) };
    let names: Vec<String> = text.split(',').map(str::trim).filter(|n| !n.is_empty()).map(str::to_owned).collect();
    if names.len() > MAX_NAMES {
        return Err(format!("{header}: {} names; at most {MAX_NAMES}", names.len()));
    }
    Ok((!names.is_empty()).then_some(names))
}

/// Every line of `header` joined by commas; an error for one that is not
/// visible ASCII.
fn header_text(headers: &HeaderMap, header: &str) -> Result<Option<String>, String> {
    let mut values = headers.get_all(header).iter().peekable();
    if values.peek().is_none() {
        return Ok(None);
    }
    let texts: Result<Vec<&str>, _> = values.map(|v| v.to_str()).collect();
    let texts = texts.map_err(|_| format!("{header}: the value is not plain ASCII"))?;
    Ok(Some(texts.join(",")))
}
