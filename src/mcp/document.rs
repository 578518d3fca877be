//! A tool document: one named GraphQL operation in a `.graphql` file, with
//! a leading comment block for its description. Loading one reads its name
//! (the operation's, in snake_case), its variables (the tool's arguments)
//! and a plan of its reply: which values are enums or instants, which
//! objects are connections or text windows, so one rule set can shape the
//! result of any document.

mod walk;

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use async_graphql::parser::types::{
    DocumentOperations, ExecutableDocument, OperationDefinition, OperationType, Selection, SelectionSet,
    VariableDefinition,
};
use async_graphql::{Pos, Positioned};

use super::types::Types;
use walk::WalkError;
pub use walk::{ObjectKind, ObjectPlan, Shape};

/// Why a document is not a tool: where, and what.
#[derive(Debug, thiserror::Error)]
#[error("{source_name}:{line}:{column}: {message}")]
pub struct DocumentError {
    pub source_name: String,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

/// One variable: a tool argument.
#[derive(Debug, Clone)]
pub struct Variable {
    pub name: String,
    pub definition: VariableDefinition,
    /// The comment above it, else the description of the argument or
    /// input field it is passed to.
    pub description: Option<String>,
    /// `@range MIN..MAX` from the comment above it.
    pub range: Option<(i64, i64)>,
}

/// A loaded tool document.
#[derive(Debug, Clone)]
pub struct ToolDocument {
    /// Which file each line of `text` comes from, for errors.
    pub origins: Origins,
    pub operation: String,
    pub tool_name: String,
    pub title: String,
    pub description: String,
    pub write: bool,
    /// Writes only add (`# @additive`): not a destructive tool.
    pub additive: bool,
    /// `@alias NAME: ARGUMENT`: another name an argument is accepted by,
    /// not listed in the schema.
    pub aliases: Vec<(String, String)>,
    /// `@none TEXT`: a single root that comes back null is this answer,
    /// `{"nothing": TEXT}`, rather than `not_found`.
    pub none: Option<String>,
    pub text: String,
    pub parsed: Arc<ExecutableDocument>,
    pub variables: Vec<Variable>,
    pub plan: ObjectPlan,
    /// The response keys from the root to the one connection of a list tool.
    pub list_path: Option<Vec<String>>,
    /// The schema fields the operation selects at its root (`putWikiPage`).
    pub root_fields: Vec<String>,
}

/// `DueSoon` → `due_soon`, `changedSince` → `changed_since`.
pub fn snake_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// `ListDueSoon` → `List due soon`.
fn title(operation: &str) -> String {
    let words = snake_case(operation).replace('_', " ");
    let mut chars = words.chars();
    chars.next().map(|c| c.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
}

/// The leading `#` lines: the tool's description, and its `@` notes.
fn leading_comment(text: &str) -> (String, Vec<String>) {
    let lines = text
        .lines()
        .map(str::trim)
        .take_while(|line| line.starts_with('#') || line.is_empty())
        .filter_map(|line| line.strip_prefix('#').map(str::trim))
        .filter(|line| !line.is_empty());
    let (notes, words): (Vec<&str>, Vec<&str>) = lines.partition(|line| line.starts_with('@'));
    (words.join(" "), notes.into_iter().map(str::to_owned).collect())
}

/// The `#` lines right above line `line` (1-based): an argument's own
/// description, which wins over the schema's, and its `@` notes.
fn comment_above(lines: &[&str], line: usize) -> Option<(String, Vec<String>)> {
    let above: Vec<&str> = lines[..line.saturating_sub(1).min(lines.len())]
        .iter()
        .rev()
        .map(|l| l.trim())
        .take_while(|l| l.starts_with('#'))
        .filter_map(|l| l.strip_prefix('#').map(str::trim))
        .collect();
    let (notes, text): (Vec<&str>, Vec<&str>) =
        above.iter().rev().copied().filter(|l| !l.is_empty()).partition(|l| l.starts_with('@'));
    (!above.is_empty()).then(|| (text.join(" "), notes.into_iter().map(str::to_owned).collect()))
}

impl ToolDocument {
    /// Reads `file` as a tool against the schema's `types`. Validation
    /// against the schema itself is `served_tools::validate`'s, which runs the
    /// document through the gateway without executing a field.
    pub fn parse(source_name: &str, file: &str, types: &Types, shared: &Shared) -> Result<Self, DocumentError> {
        check_nesting(source_name, file)?;
        let (text, appended) = with_shared_fragments(file, shared.text);
        let origins = Origins { file: source_name.to_owned(), shared: shared.name.to_owned(), appended };
        let at = |(pos, message): WalkError| origins.error(pos.line, pos.column, message);
        let parsed = async_graphql::parser::parse_query(&text)
            .map_err(|err| at((err.positions().next().unwrap_or(START), without_source(&err))))?;
        let (name, operation) = the_operation(&parsed).map_err(at)?;
        let root = match operation.node.ty {
            OperationType::Query => &types.query,
            OperationType::Mutation => &types.mutation,
            OperationType::Subscription => return Err(at((operation.pos, "a subscription cannot be a tool".into()))),
        };
        let (description, notes) = leading_comment(file);
        let aliases = aliases(&notes).map_err(|message| at((START, message)))?;
        if description.is_empty() {
            return Err(at((START, "start the file with a `#` comment: it is the tool's description".into())));
        }
        let (plan, usages) = walk::plan(types, &parsed, &operation.node.selection_set.node, root).map_err(at)?;
        let variables = variables(file, operation, &usages).map_err(at)?;
        let list_path = walk::list_path(&plan);
        if let Some(path) = &list_path {
            walk::check_connection(&plan, path).map_err(|message| at((operation.pos, message)))?;
        }
        Ok(Self {
            tool_name: snake_case(&name),
            title: title(&name),
            operation: name,
            description,
            write: operation.node.ty == OperationType::Mutation,
            additive: notes.iter().any(|n| n == "@additive"),
            aliases,
            none: notes.iter().find_map(|n| n.strip_prefix("@none ")).map(|text| text.trim().to_owned()),
            root_fields: root_fields(operation),
            text,
            parsed: Arc::new(parsed),
            variables,
            plan,
            list_path,
            origins,
        })
    }
}

/// Why an agent's mutation does not run, when the operator did not allow it.
pub const MUTATION_REFUSED: &str = "a mutation does not run here: this server's graphql_query runs queries";

impl ToolDocument {
    /// An agent's operation read, its nesting measured before the parser
    /// (which recurses) sees it; `ad_hoc` takes it once it is admitted.
    pub fn parse_ad_hoc(text: &str) -> Result<ExecutableDocument, DocumentError> {
        check_nesting("query", text)?;
        let origins = Origins::of_query();
        async_graphql::parser::parse_query(text).map_err(|err| {
            let at = err.positions().next().unwrap_or(START);
            origins.error(at.line, at.column, without_source(&err))
        })
    }

    /// An operation an agent sent (`graphql_query`): one operation, named
    /// or not, a query (or a mutation when `mutations`), with no
    /// description or notes. Its list is the one connection down a single
    /// path when that selects its edges' cursors, `pageInfo` and
    /// `totalCount` (then a cut list says where to resume); otherwise the
    /// reply is a record, whose lists the guard cuts from the tail.
    pub fn ad_hoc(
        tool_name: &str,
        text: &str,
        parsed: ExecutableDocument,
        types: &Types,
        mutations: bool,
    ) -> Result<Self, DocumentError> {
        let origins = Origins::of_query();
        let at = |(pos, message): WalkError| origins.error(pos.line, pos.column, message);
        let (name, operation) = match &parsed.operations {
            DocumentOperations::Single(operation) => (String::new(), operation),
            DocumentOperations::Multiple(operations) if operations.len() == 1 => {
                let (name, operation) = operations.iter().next().ok_or_else(|| at((START, "no operation".into())))?;
                (name.to_string(), operation)
            }
            DocumentOperations::Multiple(_) => return Err(at((START, "send one operation per call".into()))),
        };
        let root = match operation.node.ty {
            OperationType::Query => &types.query,
            OperationType::Mutation if mutations => &types.mutation,
            OperationType::Mutation => return Err(at((operation.pos, MUTATION_REFUSED.into()))),
            OperationType::Subscription => {
                return Err(at((operation.pos, "a subscription does not run in a tool call".into())));
            }
        };
        let (plan, _) = walk::plan(types, &parsed, &operation.node.selection_set.node, root).map_err(at)?;
        let list_path = walk::list_path(&plan).filter(|path| walk::check_connection(&plan, path).is_ok());
        Ok(Self {
            tool_name: tool_name.to_owned(),
            title: title(tool_name),
            write: operation.node.ty == OperationType::Mutation,
            additive: false,
            aliases: Vec::new(),
            none: None,
            root_fields: root_fields(operation),
            operation: name,
            description: String::new(),
            text: text.to_owned(),
            parsed: Arc::new(parsed),
            variables: Vec::new(),
            plan,
            list_path,
            origins,
        })
    }
}

/// The start of a file, where an error of the whole document points.
const START: Pos = Pos { line: 1, column: 1 };

/// The parser recurses once per level: the nesting is measured before it
/// runs.
fn check_nesting(source_name: &str, file: &str) -> Result<(), DocumentError> {
    let max = crate::graphql::nesting::MAX_NESTING;
    crate::graphql::nesting::check_text(file, max).map_err(|at| DocumentError {
        source_name: source_name.to_owned(),
        line: at.line,
        column: at.column,
        message: format!("brackets, braces and parentheses nest more than {max} levels deep"),
    })
}

/// The document's one operation, which must be named: it names the tool.
fn the_operation(parsed: &ExecutableDocument) -> Result<(String, &Positioned<OperationDefinition>), WalkError> {
    match &parsed.operations {
        DocumentOperations::Multiple(operations) if operations.len() == 1 => {
            let (name, operation) = operations.iter().next().ok_or_else(|| (START, "no operation".to_owned()))?;
            Ok((name.to_string(), operation))
        }
        DocumentOperations::Single(operation) => {
            Err((operation.pos, "the operation needs a name: it names the tool".into()))
        }
        DocumentOperations::Multiple(_) => Err((START, "a tool document holds exactly one operation".into())),
    }
}

/// The `@alias NAME: ARGUMENT` notes; `@additive` and `@none TEXT` are
/// the only others.
fn aliases(notes: &[String]) -> Result<Vec<(String, String)>, String> {
    let mut aliases = Vec::new();
    for note in notes.iter().filter(|n| *n != "@additive" && !n.starts_with("@none ")) {
        match note.strip_prefix("@alias ").and_then(|a| a.split_once(':')) {
            Some((alias, argument)) => aliases.push((alias.trim().to_owned(), argument.trim().to_owned())),
            None => {
                return Err(format!("unknown note `{note}`: use `@additive`, `@alias NAME: ARGUMENT` or `@none TEXT`"));
            }
        }
    }
    Ok(aliases)
}

/// The operation's variables, each described by the comment above it or
/// else by what it is passed to (`usages`).
fn variables(
    file: &str,
    operation: &Positioned<OperationDefinition>,
    usages: &HashMap<String, Option<String>>,
) -> Result<Vec<Variable>, WalkError> {
    let lines: Vec<&str> = file.lines().collect();
    let mut variables = Vec::new();
    for definition in &operation.node.variable_definitions {
        let name = definition.node.name.node.to_string();
        // Only a comment between the operation's line and a variable that
        // starts its own line is that variable's; a bare `#` above a
        // variable leaves it undescribed.
        let own = definition.pos.line > operation.pos.line
            && lines.get(definition.pos.line - 1).is_some_and(|l| l.trim_start().starts_with('$'));
        let comment = own
            .then(|| comment_above(&lines[operation.pos.line..], definition.pos.line - operation.pos.line))
            .flatten();
        let description = match &comment {
            Some((text, _)) => Some(text.clone()).filter(|c| !c.is_empty()),
            None => usages.get(&name).cloned().flatten(),
        };
        let notes = comment.map(|(_, notes)| notes).unwrap_or_default();
        let range = range(&notes).map_err(|message| (definition.pos, message))?;
        variables.push(Variable { name, definition: definition.node.clone(), description, range });
    }
    Ok(variables)
}

/// `@range MIN..MAX`, the only note a variable takes.
fn range(notes: &[String]) -> Result<Option<(i64, i64)>, String> {
    let mut range = None;
    for note in notes {
        let bounds = note.strip_prefix("@range ").and_then(|r| r.split_once(".."));
        match bounds.and_then(|(a, b)| Some((a.trim().parse().ok()?, b.trim().parse().ok()?))) {
            Some(bounds) => range = Some(bounds),
            None => return Err(format!("unknown note `{note}`: write `@range MIN..MAX`")),
        }
    }
    Ok(range)
}

/// The schema fields the operation selects at its root.
fn root_fields(operation: &Positioned<OperationDefinition>) -> Vec<String> {
    operation
        .node
        .selection_set
        .node
        .items
        .iter()
        .filter_map(|item| match &item.node {
            Selection::Field(field) => Some(field.node.name.node.to_string()),
            _ => None,
        })
        .collect()
}

impl ToolDocument {
    /// The plan of a list item (a connection's node) or of the record.
    pub fn item_plan(&self) -> Option<&ObjectPlan> {
        let mut at = &self.plan;
        match &self.list_path {
            Some(path) => {
                for key in path {
                    let Some(Shape::Object(inner)) = at.fields.get(key) else { return None };
                    at = inner;
                }
                let Some(Shape::Object(edges)) = at.fields.get("edges") else { return None };
                match edges.fields.get("node") {
                    Some(Shape::Object(node)) => Some(node),
                    _ => None,
                }
            }
            None => match at.fields.values().next() {
                Some(Shape::Object(record)) if at.fields.len() == 1 => Some(record),
                _ => Some(at),
            },
        }
    }
}

/// The fragments every tool document may spread, and the file they are in.
pub struct Shared<'a> {
    pub name: &'a str,
    pub text: &'a str,
}

/// Where the lines of a document's text come from: its own file, then the
/// shared fragments appended after it.
#[derive(Debug, Clone)]
pub struct Origins {
    file: String,
    shared: String,
    appended: Vec<Appended>,
}

/// A shared fragment appended to a document: its first line there and in
/// the shared file, and its length in lines.
#[derive(Debug, Clone)]
struct Appended {
    line: usize,
    shared_line: usize,
    lines: usize,
}

impl Origins {
    /// An agent's operation, named `query` in errors.
    fn of_query() -> Self {
        Self { file: "query".into(), shared: String::new(), appended: Vec::new() }
    }

    /// The tool's own file.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// An error at `line` of the text that runs, named by the file and line
    /// it was written at.
    pub fn error(&self, line: usize, column: usize, message: String) -> DocumentError {
        let from_shared = self.appended.iter().find(|a| (a.line..a.line + a.lines).contains(&line));
        match from_shared {
            Some(a) => DocumentError {
                source_name: self.shared.clone(),
                line: a.shared_line + (line - a.line),
                column,
                message,
            },
            None => DocumentError { source_name: self.file.clone(), line, column, message },
        }
    }
}

/// A parse error without the lines of the file it quotes (the parser
/// prints the offending line): an error names a position, never the
/// file's content.
fn without_source(err: &async_graphql::parser::Error) -> String {
    match err {
        async_graphql::parser::Error::Syntax { message, .. } => message
            .lines()
            .find_map(|line| line.trim_start().strip_prefix("= "))
            .map_or_else(|| "syntax error".to_owned(), |reason| format!("syntax error: {reason}")),
        other => other.to_string(),
    }
}

/// `file` with the fragments of `shared` it spreads and does not define
/// (and those they spread), appended after its own text so that its line
/// numbers stay as written; and where each appended fragment came from.
fn with_shared_fragments(file: &str, shared: &str) -> (String, Vec<Appended>) {
    let mut chunks: HashMap<&str, (&str, usize)> = HashMap::new();
    let starts: Vec<usize> = shared.match_indices("\nfragment ").map(|(i, _)| i + 1).collect();
    let starts: Vec<usize> =
        if shared.starts_with("fragment ") { [0].into_iter().chain(starts).collect() } else { starts };
    for (i, start) in starts.iter().enumerate() {
        let chunk = &shared[*start..starts.get(i + 1).copied().unwrap_or(shared.len())];
        if let Some(name) = chunk.split_whitespace().nth(1) {
            chunks.insert(name, (chunk.trim_end(), shared[..*start].matches('\n').count() + 1));
        }
    }
    let mut text = file.to_owned();
    let mut appended = Vec::new();
    loop {
        let Ok(parsed) = async_graphql::parser::parse_query(&text) else { return (text, appended) };
        let mut spread = HashSet::new();
        for (_, operation) in parsed.operations.iter() {
            spreads(&operation.node.selection_set.node, &mut spread);
        }
        for fragment in parsed.fragments.values() {
            spreads(&fragment.node.selection_set.node, &mut spread);
        }
        let mut missing: Vec<(&str, usize)> = spread
            .iter()
            .filter(|name| !parsed.fragments.contains_key(name.as_str()))
            .filter_map(|name| chunks.get(name.as_str()).copied())
            .collect();
        missing.sort_by_key(|(_, line)| *line);
        if missing.is_empty() {
            return (text, appended);
        }
        for (chunk, shared_line) in missing {
            text.push_str("\n\n");
            appended.push(Appended { line: text.matches('\n').count() + 1, shared_line, lines: chunk.lines().count() });
            text.push_str(chunk);
        }
    }
}

fn spreads(set: &SelectionSet, out: &mut HashSet<String>) {
    for item in &set.items {
        match &item.node {
            Selection::Field(field) => spreads(&field.node.selection_set.node, out),
            Selection::FragmentSpread(spread) => {
                out.insert(spread.node.fragment_name.node.to_string());
            }
            Selection::InlineFragment(inline) => spreads(&inline.node.selection_set.node, out),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NO_SHARED: Shared = Shared { name: "", text: "" };

    #[test]
    fn a_list_tool_pages_by_cursor() {
        let types = Types::from_sdl(
            "type Query { items(first: Int, after: String): ItemConnection! }
             type ItemConnection { totalCount: Int! edges: [ItemEdge!]! pageInfo: PageInfo! }
             type ItemEdge { cursor: String! node: Item! }
             type Item { id: ID! }
             type PageInfo { hasNextPage: Boolean! endCursor: String }",
        )
        .expect("sdl");
        let whole = "# Items.\nquery Items { items { totalCount edges { cursor node { id } } ...Page } }\n\
                     fragment Page on ItemConnection { pageInfo { hasNextPage endCursor } }";
        let document = ToolDocument::parse("items.graphql", whole, &types, &NO_SHARED).expect("a list tool");
        assert_eq!(document.list_path, Some(vec!["items".to_owned()]));
        let err =
            ToolDocument::parse("items.graphql", &whole.replace(" endCursor", ""), &types, &NO_SHARED).unwrap_err();
        assert!(err.to_string().contains("`pageInfo.endCursor` is missing"), "{err}");
    }

    #[test]
    fn an_error_in_a_shared_fragment_names_the_shared_file() {
        let types = Types::from_sdl("type Query { item: Item } type Item { id: ID! }").expect("sdl");
        let shared = Shared {
            name: "shared.graphql",
            text: "fragment Other on Item { id }\n\nfragment F on Item {\n  id\n  nope\n}\n",
        };
        let err = ToolDocument::parse("item.graphql", "# Item.\nquery Item {\n  item { ...F }\n}\n", &types, &shared)
            .unwrap_err();
        assert_eq!((err.source_name.as_str(), err.line, err.column), ("shared.graphql", 5, 3), "{err}");
        let err = ToolDocument::parse("item.graphql", "# Item.\nquery Item {\n  item { what }\n}\n", &types, &shared)
            .unwrap_err();
        assert_eq!((err.source_name.as_str(), err.line), ("item.graphql", 3), "{err}");
    }

    #[test]
    fn names_and_titles_come_from_the_operation() {
        assert_eq!(snake_case("DueSoon"), "due_soon");
        assert_eq!(snake_case("changedSince"), "changed_since");
        assert_eq!(title("ListDueSoon"), "List due soon");
        let (description, notes) = leading_comment("# Tasks due\n# this week.\n# @additive\n\nquery A { a }");
        assert_eq!((description.as_str(), notes), ("Tasks due this week.", vec!["@additive".to_owned()]));
        let lines = ["query A(", "  # Key or", "  # category.", "  $status: String", "  $b: Int", ")"];
        assert_eq!(comment_above(&lines, 4), Some(("Key or category.".to_owned(), vec![])));
        assert_eq!(comment_above(&lines, 5), None);
        assert_eq!(comment_above(&["query A(", "  #", "  $b: Int"], 3), Some((String::new(), vec![])));
        let noted = comment_above(&["query A(", "  # Up to 10.", "  # @range 0..10", "  $b: Int"], 4);
        assert_eq!(noted, Some(("Up to 10.".to_owned(), vec!["@range 0..10".to_owned()])));
    }
}
