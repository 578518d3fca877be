//! A tool document: one named GraphQL operation in a `.graphql` file, with
//! a leading comment block for its description. Loading one reads its name
//! (the operation's, in snake_case), its variables (the tool's arguments)
//! and a plan of its reply: which values are enums or instants, which
//! objects are connections or text windows, so one rule set can shape the
//! result of any document.

use std::collections::{HashMap, HashSet};

use async_graphql::Name;
use async_graphql::indexmap::IndexMap;
use async_graphql::parser::types::{
    DocumentOperations, ExecutableDocument, OperationType, Selection, SelectionSet, VariableDefinition,
};
use async_graphql_value::Value;

use super::types::{InputField, Named, Types, unwrap};

/// Why a document is not a tool: where, and what.
#[derive(Debug, thiserror::Error)]
#[error("{source_name}:{line}:{column}: {message}")]
pub struct DocumentError {
    pub source_name: String,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

/// What a reply value is, for the shaping rules.
#[derive(Debug, Clone)]
pub enum Shape {
    /// Written in lowercase, as every name in a reply.
    Enum,
    /// Written as `2026-11-29T10:00:00Z`.
    Instant,
    Scalar,
    Object(ObjectPlan),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ObjectKind {
    Plain,
    /// Becomes `{items, next, total}`.
    Connection,
    /// A piece of a long text (an object with `text` and `truncated`, its
    /// `text` selected): flattened into its parent as `key`,
    /// `key_truncated`, `key_total_chars`, `key_next`.
    Window,
}

#[derive(Debug, Clone)]
pub struct ObjectPlan {
    pub kind: ObjectKind,
    /// By response key (alias or field name), in the document's order.
    pub fields: IndexMap<String, Shape>,
    /// The Boolean variables whose `@include` each key is under.
    pub conditions: IndexMap<String, Vec<String>>,
    /// The field returns a list of these objects.
    pub list: bool,
    /// A window's `maxChars` and `cursor` when they are variables: a record
    /// over its cap reads a narrower window by running again, and only a
    /// window read from a cursor says where the next one starts.
    pub max_chars_from: Option<String>,
    pub cursor_from: Option<String>,
}

impl ObjectPlan {
    pub fn new(kind: ObjectKind) -> Self {
        Self {
            kind,
            fields: IndexMap::new(),
            conditions: IndexMap::new(),
            list: false,
            max_chars_from: None,
            cursor_from: None,
        }
    }
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
    pub text: String,
    pub parsed: ExecutableDocument,
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
    /// Reads `text` as a tool against the schema's `types`. Validation
    /// against the schema itself is `catalogue::validate`'s, which runs the
    /// document through the gateway without executing a field.
    pub fn parse(source_name: &str, file: &str, types: &Types, shared: &Shared) -> Result<Self, DocumentError> {
        // The parser recurses once per level: measure before it runs.
        let max = crate::graphql::nesting::MAX_NESTING;
        crate::graphql::nesting::check_text(file, max).map_err(|at| DocumentError {
            source_name: source_name.to_owned(),
            line: at.line,
            column: at.column,
            message: format!("brackets, braces and parentheses nest more than {max} levels deep"),
        })?;
        let (text, appended) = with_shared_fragments(file, shared.text);
        let text = &text;
        let origins = Origins { file: source_name.to_owned(), shared: shared.name.to_owned(), appended };
        let error = |pos: async_graphql::Pos, message: String| origins.error(pos.line, pos.column, message);
        let start = async_graphql::Pos { line: 1, column: 1 };
        let parsed = async_graphql::parser::parse_query(text).map_err(|err| {
            let pos = err.positions().next().unwrap_or(start);
            error(pos, without_source(&err))
        })?;
        let (name, operation) = match &parsed.operations {
            DocumentOperations::Multiple(operations) if operations.len() == 1 => {
                let (name, operation) = operations.iter().next().ok_or_else(|| error(start, "no operation".into()))?;
                (name.to_string(), operation)
            }
            DocumentOperations::Single(operation) => {
                return Err(error(operation.pos, "the operation needs a name: it names the tool".into()));
            }
            DocumentOperations::Multiple(_) => {
                return Err(error(start, "a tool document holds exactly one operation".into()));
            }
        };
        let root = match operation.node.ty {
            OperationType::Query => &types.query,
            OperationType::Mutation => &types.mutation,
            OperationType::Subscription => {
                return Err(error(operation.pos, "a subscription cannot be a tool".into()));
            }
        };
        let (description, notes) = leading_comment(file);
        let mut aliases = Vec::new();
        for note in &notes {
            if note == "@additive" {
                continue;
            }
            match note.strip_prefix("@alias ").and_then(|a| a.split_once(':')) {
                Some((alias, argument)) => aliases.push((alias.trim().to_owned(), argument.trim().to_owned())),
                None => {
                    return Err(error(
                        start,
                        format!("unknown note `{note}`: use `@additive` or `@alias NAME: ARGUMENT`"),
                    ));
                }
            }
        }
        if description.is_empty() {
            return Err(error(start, "start the file with a `#` comment: it is the tool's description".into()));
        }
        let mut walker =
            Walker { types, document: &parsed, usages: HashMap::new(), open: HashSet::new(), conditions: Vec::new() };
        let plan = walker
            .object(&operation.node.selection_set.node, root, ObjectKind::Plain)
            .map_err(|(pos, message)| error(pos, message))?;
        let usages = walker.usages;
        let lines: Vec<&str> = file.lines().collect();
        let variables = operation
            .node
            .variable_definitions
            .iter()
            .map(|definition| {
                let name = definition.node.name.node.to_string();
                // A bare `#` above a variable leaves it undescribed.
                // Only a comment between the operation's line and a variable
                // that starts its own line is that variable's.
                let own = definition.pos.line > operation.pos.line
                    && lines.get(definition.pos.line - 1).is_some_and(|l| l.trim_start().starts_with('$'));
                let comment = if own {
                    comment_above(&lines[operation.pos.line..], definition.pos.line - operation.pos.line)
                } else {
                    None
                };
                let (text, notes) = comment.clone().unwrap_or_default();
                let description = match comment {
                    Some(_) => Some(text).filter(|c| !c.is_empty()),
                    None => usages.get(&name).cloned().flatten(),
                };
                let mut range = None;
                for note in notes {
                    let bounds = note.strip_prefix("@range ").and_then(|r| r.split_once(".."));
                    match bounds.and_then(|(a, b)| Some((a.trim().parse().ok()?, b.trim().parse().ok()?))) {
                        Some(bounds) => range = Some(bounds),
                        None => {
                            return Err(error(
                                definition.pos,
                                format!("unknown note `{note}`: write `@range MIN..MAX`"),
                            ));
                        }
                    }
                }
                Ok(Variable { name, definition: definition.node.clone(), description, range })
            })
            .collect::<Result<_, _>>()?;
        let root_fields = operation
            .node
            .selection_set
            .node
            .items
            .iter()
            .filter_map(|item| match &item.node {
                Selection::Field(field) => Some(field.node.name.node.to_string()),
                _ => None,
            })
            .collect();
        let list_path = list_path(&plan);
        if let Some(path) = &list_path {
            check_connection(&plan, path).map_err(|message| error(operation.pos, message))?;
        }
        Ok(Self {
            origins: origins.clone(),
            tool_name: snake_case(&name),
            title: title(&name),
            operation: name,
            description,
            write: operation.node.ty == OperationType::Mutation,
            additive: notes.iter().any(|n| n == "@additive"),
            aliases,
            text: text.to_owned(),
            parsed: parsed.clone(),
            variables,
            plan,
            list_path,
            root_fields,
        })
    }
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

/// The path to the connection a list tool returns: down through objects
/// that hold one field each.
fn list_path(plan: &ObjectPlan) -> Option<Vec<String>> {
    let mut path = Vec::new();
    let mut at = plan;
    loop {
        if at.kind == ObjectKind::Connection {
            return Some(path);
        }
        let mut fields = at.fields.iter();
        let (key, Shape::Object(inner)) = fields.next()? else { return None };
        // A connection under a list is one per element: not one list.
        if fields.next().is_some() || inner.list {
            return None;
        }
        path.push(key.clone());
        at = inner;
    }
}

/// A list tool pages by cursor: its connection must select each edge's
/// cursor and node, `pageInfo { hasNextPage endCursor }` and `totalCount`.
fn check_connection(plan: &ObjectPlan, path: &[String]) -> Result<(), String> {
    let mut at = plan;
    for key in path {
        let Some(Shape::Object(inner)) = at.fields.get(key) else { return Err("the list is not selected".into()) };
        at = inner;
    }
    let has = |object: &str, field: &str| match at.fields.get(object) {
        Some(Shape::Object(inner)) => inner.fields.contains_key(field),
        _ => false,
    };
    let selected = [
        ("edges.cursor", has("edges", "cursor")),
        ("edges.node", has("edges", "node")),
        ("pageInfo.hasNextPage", has("pageInfo", "hasNextPage")),
        ("pageInfo.endCursor", has("pageInfo", "endCursor")),
        ("totalCount", at.fields.contains_key("totalCount")),
    ];
    match selected.iter().find(|(_, found)| !found) {
        Some((needed, _)) => Err(format!(
            "a list tool's connection selects `totalCount`, `edges {{ cursor node {{ ... }} }}` and \
             `pageInfo {{ hasNextPage endCursor }}`: `{needed}` is missing"
        )),
        None => Ok(()),
    }
}

/// Walks a selection with the schema's types: builds the reply plan and
/// finds, for each variable, the argument or input field it is passed to.
struct Walker<'a> {
    types: &'a Types,
    document: &'a ExecutableDocument,
    usages: HashMap<String, Option<String>>,
    /// Fragments being walked: a cycle is refused, not followed.
    open: HashSet<Name>,
    /// The `@include(if: $v)` variables around the selection being walked.
    conditions: Vec<String>,
}

/// The variable of an `@include(if: $v)` among `directives`.
fn include_condition(
    directives: &[async_graphql::Positioned<async_graphql::parser::types::Directive>],
) -> Option<String> {
    directives.iter().find(|d| d.node.name.node == "include").and_then(|d| {
        d.node.arguments.iter().find_map(|(_, value)| match &value.node {
            Value::Variable(name) => Some(name.to_string()),
            _ => None,
        })
    })
}

/// The fields of a plain text window, which a reply may cut in place.
const TEXT_WINDOW_FIELDS: [&str; 5] = ["text", "totalChars", "start", "next", "truncated"];

/// Whether `set` selects the field `name` itself.
fn selects(set: &SelectionSet, name: &str) -> bool {
    set.items.iter().any(|item| matches!(&item.node, Selection::Field(f) if f.node.name.node == name))
}

/// The variable passed as the argument `name` of `field`, if one is.
fn variable_argument(field: &async_graphql::parser::types::Field, name: &str) -> Option<String> {
    field.arguments.iter().find(|(argument, _)| argument.node == name).and_then(|(_, value)| match &value.node {
        Value::Variable(variable) => Some(variable.to_string()),
        _ => None,
    })
}

type WalkError = (async_graphql::Pos, String);

impl Walker<'_> {
    fn object(&mut self, set: &SelectionSet, on: &str, kind: ObjectKind) -> Result<ObjectPlan, WalkError> {
        let mut plan = ObjectPlan::new(kind);
        self.add_to_plan(set, on, &mut plan)?;
        Ok(plan)
    }

    fn add_to_plan(&mut self, set: &SelectionSet, on: &str, plan: &mut ObjectPlan) -> Result<(), WalkError> {
        for item in &set.items {
            match &item.node {
                Selection::Field(field) => {
                    let field = &field.node;
                    let name = field.name.node.as_str();
                    let key = field.response_key().node.to_string();
                    let mut conditions = self.conditions.clone();
                    conditions.extend(include_condition(&field.directives));
                    // A key selected twice is there when either selection is.
                    let known = plan.conditions.entry(key.clone()).or_default();
                    for condition in conditions {
                        if !known.contains(&condition) {
                            known.push(condition);
                        }
                    }
                    if name == "__typename" {
                        plan.fields.insert(key, Shape::Scalar);
                        continue;
                    }
                    let Some(ty) = self.types.field(on, name) else {
                        return Err((item.pos, format!("Unknown field \"{name}\" on type \"{on}\"")));
                    };
                    let ty = ty.clone();
                    for (argument, value) in &field.arguments {
                        let input = ty.arguments.iter().find(|a| a.name == argument.node.as_str());
                        self.usage(&value.node, input);
                    }
                    for directive in &field.directives {
                        for (_, value) in &directive.node.arguments {
                            self.usage(&value.node, None);
                        }
                    }
                    let shape = match self.types.get(&ty.named) {
                        Some(Named::Output { fields }) => {
                            let windowed = fields.contains_key("text")
                                && fields.contains_key("truncated")
                                && selects(&field.selection_set.node, "text");
                            let kind = if windowed {
                                ObjectKind::Window
                            } else if ty.named.ends_with("Connection") && fields.contains_key("pageInfo") {
                                ObjectKind::Connection
                            } else {
                                ObjectKind::Plain
                            };
                            // The same key selected twice merges, in place.
                            let entry = plan.fields.entry(key).or_insert_with(|| Shape::Object(ObjectPlan::new(kind)));
                            if !matches!(entry, Shape::Object(_)) {
                                *entry = Shape::Object(ObjectPlan::new(kind));
                            }
                            if let Shape::Object(inner) = entry {
                                inner.list = ty.list;
                                if kind == ObjectKind::Window {
                                    inner.max_chars_from = variable_argument(field, "maxChars");
                                    inner.cursor_from = variable_argument(field, "cursor");
                                    // A window that tells more than its text (a
                                    // wiki read's revision) is narrowed by reading
                                    // it again, so that what it tells stays true.
                                    let more = fields.keys().any(|f| !TEXT_WINDOW_FIELDS.contains(&f.as_str()));
                                    if more && inner.max_chars_from.is_none() {
                                        return Err((
                                            item.pos,
                                            format!(
                                                "pass `{name}`'s maxChars as a variable (`$maxChars`): a reply \
                                                 over its cap reads a narrower {} again",
                                                ty.named
                                            ),
                                        ));
                                    }
                                }
                                // Conditions are recorded per object, for its own keys.
                                let outer = std::mem::take(&mut self.conditions);
                                let walked = self.add_to_plan(&field.selection_set.node, &ty.named, inner);
                                self.conditions = outer;
                                walked?;
                            }
                            continue;
                        }
                        Some(Named::Enum { .. }) => Shape::Enum,
                        _ if ty.named == "DateTime" => Shape::Instant,
                        _ => Shape::Scalar,
                    };
                    plan.fields.insert(key, shape);
                }
                Selection::FragmentSpread(spread) => {
                    let name = &spread.node.fragment_name.node;
                    let Some(fragment) = self.document.fragments.get(name) else {
                        return Err((item.pos, format!("Unknown fragment \"{name}\"")));
                    };
                    if !self.open.insert(name.clone()) {
                        return Err((item.pos, format!("Fragment \"{name}\" spreads itself")));
                    }
                    let on = fragment.node.type_condition.node.on.node.to_string();
                    let condition = include_condition(&spread.node.directives);
                    let depth = self.conditions.len();
                    self.conditions.extend(condition);
                    self.add_to_plan(&fragment.node.selection_set.node, &on, plan)?;
                    self.conditions.truncate(depth);
                    self.open.remove(name);
                }
                Selection::InlineFragment(inline) => {
                    let inline = &inline.node;
                    for directive in &inline.directives {
                        for (_, value) in &directive.node.arguments {
                            self.usage(&value.node, None);
                        }
                    }
                    let on = inline.type_condition.as_ref().map_or(on.to_owned(), |c| c.node.on.node.to_string());
                    let depth = self.conditions.len();
                    self.conditions.extend(include_condition(&inline.directives));
                    self.add_to_plan(&inline.selection_set.node, &on, plan)?;
                    self.conditions.truncate(depth);
                }
            }
        }
        Ok(())
    }

    /// Records what each variable in `value` is passed to.
    fn usage(&mut self, value: &Value, input: Option<&InputField>) {
        match value {
            Value::Variable(name) => {
                let entry = self.usages.entry(name.to_string()).or_insert(None);
                if entry.is_none() {
                    *entry = input.and_then(|i| i.description.clone());
                }
            }
            Value::Object(fields) => {
                let input_fields = input.and_then(|i| match self.types.get(unwrap(&i.ty).0) {
                    Some(Named::Input { fields }) => Some(fields.clone()),
                    _ => None,
                });
                for (name, inner) in fields {
                    let field = input_fields.as_ref().and_then(|f| f.iter().find(|f| f.name == name.as_str()));
                    self.usage(inner, field);
                }
            }
            Value::List(items) => items.iter().for_each(|item| self.usage(item, input)),
            _ => {}
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
