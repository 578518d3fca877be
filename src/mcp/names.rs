//! One table of names per tool: what the schema and the tool's document
//! call a thing (`first`, `baseRevision`, `putWikiPage`) and what the tool
//! calls it (`limit`, `base_revision`, `put_wiki_page`). A tool's
//! arguments are offered by it, and the GraphQL errors a call meets are
//! worded by it.

use std::collections::HashMap;
use std::sync::Arc;

use super::document::{ToolDocument, snake_case};

/// The tool argument a variable is offered as: the paging variables by the
/// words every list tool uses, any other in snake_case.
fn argument_name(variable: &str) -> String {
    match variable {
        "first" => "limit".into(),
        "after" => "cursor".into(),
        "full" => "view".into(),
        other => snake_case(other),
    }
}

/// The names of one tool.
#[derive(Debug, Clone, Default)]
pub struct Names {
    /// Each variable's argument.
    arguments: HashMap<String, String>,
    /// What an error's `code` span may name: the schema fields that are
    /// built-in tools, the page position, and this tool's camelCase
    /// variables. Words that are English too (`first`, `full`) are left
    /// alone: a caller's text may be quoted beside them.
    in_errors: HashMap<String, String>,
}

impl Names {
    /// The names of `document`'s tool; `operations` are the built-in tools
    /// by the schema field they run.
    pub fn of(document: &ToolDocument, operations: &Arc<HashMap<String, String>>) -> Self {
        let arguments: HashMap<String, String> =
            document.variables.iter().map(|v| (v.name.clone(), argument_name(&v.name))).collect();
        let mut in_errors = operations.as_ref().clone();
        in_errors.insert("after".into(), "cursor".into());
        for (variable, argument) in &arguments {
            if variable.chars().any(|c| c.is_ascii_uppercase()) {
                in_errors.insert(variable.clone(), argument.clone());
            }
        }
        Self { arguments, in_errors }
    }

    /// The argument `variable` is offered as.
    pub fn argument(&self, variable: &str) -> String {
        self.arguments.get(variable).cloned().unwrap_or_else(|| argument_name(variable))
    }

    /// `text` with each name the table knows replaced inside `code` spans
    /// only: the rest may echo what the caller sent (a path, a section),
    /// which must come back as sent.
    pub fn in_tool_terms(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        for (i, part) in text.split('`').enumerate() {
            if i > 0 {
                out.push('`');
            }
            // Odd parts are inside backticks.
            let known = if i % 2 == 1 { self.in_errors.get(part) } else { None };
            out.push_str(known.map_or(part, String::as_str));
        }
        out
    }
}

#[cfg(test)]
impl Names {
    pub fn from_pairs(pairs: &[(&str, &str)]) -> Self {
        let in_errors = pairs.iter().map(|(a, b)| ((*a).to_owned(), (*b).to_owned())).collect();
        Self { arguments: HashMap::new(), in_errors }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paging_variables_are_offered_by_the_words_of_every_list_tool() {
        assert_eq!(argument_name("first"), "limit");
        assert_eq!(argument_name("after"), "cursor");
        assert_eq!(argument_name("full"), "view");
        assert_eq!(argument_name("changedSince"), "changed_since");
    }

    #[test]
    fn schema_names_become_the_tools_names_inside_code_spans_only() {
        let names = Names::from_pairs(&[("baseRevision", "base_revision"), ("patchWikiPage", "patch_wiki_page")]);
        assert_eq!(
            names.in_tool_terms("wiki page api/patchWikiPage has changed"),
            "wiki page api/patchWikiPage has changed",
            "what the caller sent comes back as sent"
        );
        assert_eq!(
            names.in_tool_terms("pass `baseRevision` \"2\", or use `patchWikiPage`"),
            "pass `base_revision` \"2\", or use `patch_wiki_page`"
        );
        assert_eq!(names.in_tool_terms("`baseRevisions` and `x baseRevision`"), "`baseRevisions` and `x baseRevision`");
    }
}
