//! A tool document: one named GraphQL operation in a `.graphql` file, with
//! a leading comment block for its description. Loading one reads its name
//! (the operation's, in snake_case), its variables (the tool's arguments)
//! and a plan of its reply: which values are enums or instants, which
//! objects are connections or text windows, so one rule set can shape the
//! result of any document.

use std::collections::{HashMap, HashSet};

use async_graphql::Name;
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
    /// A piece of a long text: flattened into its parent as `key`,
    /// `key_truncated`, `key_total_chars`, `key_next`.
    Window,
}

#[derive(Debug, Clone)]
pub struct ObjectPlan {
    pub kind: ObjectKind,
    /// By response key (alias or field name).
    pub fields: HashMap<String, Shape>,
}

/// One variable: a tool argument.
#[derive(Debug, Clone)]
pub struct Variable {
    pub name: String,
    pub definition: VariableDefinition,
    /// The description of the argument or input field it is passed to.
    pub description: Option<String>,
}

/// A loaded tool document.
#[derive(Debug, Clone)]
pub struct ToolDocument {
    pub source_name: String,
    pub operation: String,
    pub tool_name: String,
    pub title: String,
    pub description: String,
    pub write: bool,
    /// Writes only add (`# @additive`): not a destructive tool.
    pub additive: bool,
    pub text: String,
    pub parsed: ExecutableDocument,
    pub variables: Vec<Variable>,
    pub plan: ObjectPlan,
    /// The response keys from the root to the one connection of a list tool.
    pub list_path: Option<Vec<String>>,
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
/// description, which wins over the schema's.
fn comment_above(lines: &[&str], line: usize) -> Option<String> {
    let above: Vec<&str> = lines[..line.saturating_sub(1).min(lines.len())]
        .iter()
        .rev()
        .map(|l| l.trim())
        .take_while(|l| l.starts_with('#'))
        .filter_map(|l| l.strip_prefix('#').map(str::trim))
        .collect();
    let text: Vec<&str> = above.iter().rev().copied().filter(|l| !l.is_empty()).collect();
    (!above.is_empty()).then(|| text.join(" "))
}

impl ToolDocument {
    /// Reads `text` as a tool against the schema's `types`. Validation
    /// against the schema itself is `catalogue::validate`'s, which runs the
    /// document through the gateway without executing a field.
    pub fn parse(source_name: &str, text: &str, types: &Types) -> Result<Self, DocumentError> {
        let error = |pos: async_graphql::Pos, message: String| DocumentError {
            source_name: source_name.to_owned(),
            line: pos.line,
            column: pos.column,
            message,
        };
        let start = async_graphql::Pos { line: 1, column: 1 };
        let parsed = async_graphql::parser::parse_query(text).map_err(|err| {
            let pos = err.positions().next().unwrap_or(start);
            error(pos, err.to_string())
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
        let (description, notes) = leading_comment(text);
        if let Some(note) = notes.iter().find(|n| n.as_str() != "@additive") {
            return Err(error(start, format!("unknown note `{note}`: the one known is `@additive`")));
        }
        if description.is_empty() {
            return Err(error(start, "start the file with a `#` comment: it is the tool's description".into()));
        }
        let mut walker = Walker { types, document: &parsed, usages: HashMap::new(), open: HashSet::new() };
        let plan = walker
            .object(&operation.node.selection_set.node, root, ObjectKind::Plain)
            .map_err(|(pos, message)| error(pos, message))?;
        let usages = walker.usages;
        let lines: Vec<&str> = text.lines().collect();
        let variables = operation
            .node
            .variable_definitions
            .iter()
            .map(|definition| {
                let name = definition.node.name.node.to_string();
                // A bare `#` above a variable leaves it undescribed.
                let description = match comment_above(&lines, definition.pos.line) {
                    Some(comment) => Some(comment).filter(|c| !c.is_empty()),
                    None => usages.get(&name).cloned().flatten(),
                };
                Variable { name, definition: definition.node.clone(), description }
            })
            .collect();
        let list_path = list_path(&plan);
        if let Some(path) = &list_path {
            check_connection(&operation.node.selection_set.node, &parsed, path)
                .map_err(|message| error(operation.pos, message))?;
        }
        Ok(Self {
            source_name: source_name.to_owned(),
            tool_name: snake_case(&name),
            title: title(&name),
            operation: name,
            description,
            write: operation.node.ty == OperationType::Mutation,
            additive: notes.iter().any(|n| n == "@additive"),
            text: text.to_owned(),
            parsed: parsed.clone(),
            variables,
            plan,
            list_path,
        })
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
        if fields.next().is_some() {
            return None;
        }
        path.push(key.clone());
        at = inner;
    }
}

/// A list tool pages by cursor: its connection must select each edge's
/// cursor and node, `pageInfo { hasNextPage endCursor }` and `totalCount`.
fn check_connection(root: &SelectionSet, document: &ExecutableDocument, path: &[String]) -> Result<(), String> {
    let mut keys = HashSet::new();
    let mut set = root;
    for key in path {
        set = selected(set, document, key).ok_or("a list tool's connection must be selected without fragments")?;
    }
    collect_keys(set, document, "", &mut keys);
    for needed in ["edges.cursor", "edges.node", "pageInfo.hasNextPage", "pageInfo.endCursor", "totalCount"] {
        if !keys.contains(needed) {
            return Err(format!(
                "a list tool's connection selects `totalCount`, `edges {{ cursor node {{ ... }} }}` and \
                 `pageInfo {{ hasNextPage endCursor }}`: `{needed}` is missing"
            ));
        }
    }
    Ok(())
}

fn selected<'a>(set: &'a SelectionSet, document: &'a ExecutableDocument, key: &str) -> Option<&'a SelectionSet> {
    set.items.iter().find_map(|item| match &item.node {
        Selection::Field(field) => {
            let field = &field.node;
            (field.response_key().node.as_str() == key).then_some(&field.selection_set.node)
        }
        Selection::FragmentSpread(spread) => document
            .fragments
            .get(&spread.node.fragment_name.node)
            .and_then(|f| selected(&f.node.selection_set.node, document, key)),
        Selection::InlineFragment(inline) => selected(&inline.node.selection_set.node, document, key),
    })
}

fn collect_keys(set: &SelectionSet, document: &ExecutableDocument, prefix: &str, keys: &mut HashSet<String>) {
    for item in &set.items {
        match &item.node {
            Selection::Field(field) => {
                let key = format!("{prefix}{}", field.node.response_key().node);
                if prefix.is_empty() {
                    collect_keys(&field.node.selection_set.node, document, &format!("{key}."), keys);
                }
                keys.insert(key);
            }
            Selection::FragmentSpread(spread) => {
                if let Some(fragment) = document.fragments.get(&spread.node.fragment_name.node) {
                    collect_keys(&fragment.node.selection_set.node, document, prefix, keys);
                }
            }
            Selection::InlineFragment(inline) => collect_keys(&inline.node.selection_set.node, document, prefix, keys),
        }
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
}

type WalkError = (async_graphql::Pos, String);

impl Walker<'_> {
    fn object(&mut self, set: &SelectionSet, on: &str, kind: ObjectKind) -> Result<ObjectPlan, WalkError> {
        let mut plan = ObjectPlan { kind, fields: HashMap::new() };
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
                            let kind = if ty.named == "TextWindow" {
                                ObjectKind::Window
                            } else if ty.named.ends_with("Connection") && fields.contains_key("pageInfo") {
                                ObjectKind::Connection
                            } else {
                                ObjectKind::Plain
                            };
                            let mut inner = match plan.fields.remove(&key) {
                                Some(Shape::Object(existing)) => existing,
                                _ => ObjectPlan { kind, fields: HashMap::new() },
                            };
                            self.add_to_plan(&field.selection_set.node, &ty.named, &mut inner)?;
                            Shape::Object(inner)
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
                    self.add_to_plan(&fragment.node.selection_set.node, &on, plan)?;
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
                    self.add_to_plan(&inline.selection_set.node, &on, plan)?;
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

    #[test]
    fn names_and_titles_come_from_the_operation() {
        assert_eq!(snake_case("DueSoon"), "due_soon");
        assert_eq!(snake_case("changedSince"), "changed_since");
        assert_eq!(title("ListDueSoon"), "List due soon");
        let (description, notes) = leading_comment("# Tasks due\n# this week.\n# @additive\n\nquery A { a }");
        assert_eq!((description.as_str(), notes), ("Tasks due this week.", vec!["@additive".to_owned()]));
        let lines = ["query A(", "  # Key or", "  # category.", "  $status: String", "  $b: Int", ")"];
        assert_eq!(comment_above(&lines, 4).as_deref(), Some("Key or category."));
        assert_eq!(comment_above(&lines, 5), None);
        assert_eq!(comment_above(&["query A(", "  #", "  $b: Int"], 3).as_deref(), Some(""));
    }
}
