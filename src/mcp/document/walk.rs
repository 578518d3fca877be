//! The reply plan of a tool document: its selection walked with the
//! schema's types, so that one rule set can shape the result of any
//! document (which values are enums or instants, which objects are
//! connections or text windows, which `@include` flags each key sits
//! under); and, for each variable, the description of the argument or
//! input field it is passed to.

use std::collections::{HashMap, HashSet};

use async_graphql::indexmap::IndexMap;
use async_graphql::parser::types::{Directive, ExecutableDocument, Field, Selection, SelectionSet};
use async_graphql::{Name, Pos, Positioned};
use async_graphql_value::Value;

use crate::mcp::types::{FieldType, InputField, Named, Types, unwrap};

/// What a reply value is, for the shaping rules.
#[derive(Debug, Clone)]
pub enum Shape {
    /// Written in lowercase, as every name in a reply.
    Enum,
    /// Written as `2026-11-29T10:00:00Z`.
    Instant,
    Scalar,
    Object(Box<ObjectPlan>),
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
    /// Each field's key in the reply (snake_case) and its conditions, by
    /// the field's index: written once, when the walk seals the plan,
    /// rather than for every item.
    pub outputs: Vec<FieldOutput>,
    /// No two fields share a reply key (`dueDate` and `due_date: dueDate`
    /// would): only then may an item be written without a map.
    pub distinct_outputs: bool,
}

#[derive(Debug, Clone)]
pub struct FieldOutput {
    pub name: String,
    /// `name` as a JSON object key with its colon, `"due_date":`.
    pub json_key: String,
    pub conditions: Vec<String>,
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
            outputs: Vec::new(),
            distinct_outputs: true,
        }
    }

    /// Each field with its shape and what the reply writes of it, in the
    /// document's order.
    pub fn each_field(&self) -> impl Iterator<Item = (&str, &Shape, &FieldOutput)> {
        debug_assert_eq!(self.fields.len(), self.outputs.len(), "a walked plan is sealed");
        self.fields.iter().zip(&self.outputs).map(|((key, shape), output)| (key.as_str(), shape, output))
    }

    /// The field `key` at or after index `from`, with its index, as the
    /// fields of data in the document's order are met: compared in turn, not
    /// hashed. None when it is not there (out of order, or not planned).
    pub fn field_from(&self, from: usize, key: &str) -> Option<(usize, &Shape, &FieldOutput)> {
        let at = (from..self.fields.len()).find(|&at| self.fields.get_index(at).is_some_and(|(k, _)| k == key))?;
        Some((at, self.fields.get_index(at)?.1, self.outputs.get(at)?))
    }

    /// The shape of `key`: the first field's checked before any hashing, as
    /// an object of one field (`status { key }`) most often asks for it.
    pub fn shape_of(&self, key: &str) -> Option<&Shape> {
        match self.fields.get_index(0) {
            Some((first, shape)) if first == key => Some(shape),
            _ => self.fields.get(key),
        }
    }

    /// Fills `outputs`, here and below, once the walk is done.
    fn seal(&mut self) {
        self.outputs = self
            .fields
            .keys()
            .map(|key| {
                let name = super::snake_case(key);
                // Writing a string as JSON cannot fail.
                let json_key = format!("{}:", serde_json::to_string(&name).unwrap_or_default());
                FieldOutput { name, json_key, conditions: self.conditions.get(key).cloned().unwrap_or_default() }
            })
            .collect();
        let names: HashSet<&str> = self.outputs.iter().map(|o| o.name.as_str()).collect();
        self.distinct_outputs = names.len() == self.outputs.len();
        for shape in self.fields.values_mut() {
            if let Shape::Object(inner) = shape {
                inner.seal();
            }
        }
    }
}

/// The deepest the walk goes through fields and fragments.
const MAX_WALK_DEPTH: usize = 64;

/// A place in the document and what is wrong there.
pub type WalkError = (Pos, String);

/// The plan of the selection `set` on the type `on`, and what each
/// variable is passed to (its description, when it has one).
pub fn plan(
    types: &Types,
    document: &ExecutableDocument,
    set: &SelectionSet,
    on: &str,
) -> Result<(ObjectPlan, HashMap<String, Option<String>>), WalkError> {
    let mut walker =
        Walker { types, document, usages: HashMap::new(), open: HashSet::new(), conditions: Vec::new(), depth: 0 };
    let mut plan = ObjectPlan::new(ObjectKind::Plain);
    walker.add_to_plan(set, on, &mut plan)?;
    plan.seal();
    Ok((plan, walker.usages))
}

/// The path to the connection a list tool returns: down through objects
/// that hold one field each.
pub fn list_path(plan: &ObjectPlan) -> Option<Vec<String>> {
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
pub fn check_connection(plan: &ObjectPlan, path: &[String]) -> Result<(), String> {
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
    /// Selection sets being walked, one inside the other.
    depth: usize,
}

/// The variable of an `@include(if: $v)` among `directives`.
fn include_condition(directives: &[Positioned<Directive>]) -> Option<String> {
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
fn variable_argument(field: &Field, name: &str) -> Option<String> {
    field.arguments.iter().find(|(argument, _)| argument.node == name).and_then(|(_, value)| match &value.node {
        Value::Variable(variable) => Some(variable.to_string()),
        _ => None,
    })
}

impl Walker<'_> {
    fn add_to_plan(&mut self, set: &SelectionSet, on: &str, plan: &mut ObjectPlan) -> Result<(), WalkError> {
        // The walk recurses per level of fields and fragments: bounded as
        // the gateway bounds selections, whatever checked the document first.
        if self.depth >= MAX_WALK_DEPTH {
            let at = set.items.first().map_or(Pos { line: 1, column: 1 }, |item| item.pos);
            return Err((at, format!("fields and fragments nest more than {MAX_WALK_DEPTH} levels deep")));
        }
        self.depth += 1;
        let walked = self.add_items(set, on, plan);
        self.depth -= 1;
        walked
    }

    fn add_items(&mut self, set: &SelectionSet, on: &str, plan: &mut ObjectPlan) -> Result<(), WalkError> {
        for item in &set.items {
            match &item.node {
                Selection::Field(field) => self.add_field(item.pos, &field.node, on, plan)?,
                Selection::FragmentSpread(spread) => {
                    let name = &spread.node.fragment_name.node;
                    let Some(fragment) = self.document.fragments.get(name) else {
                        return Err((item.pos, format!("Unknown fragment \"{name}\"")));
                    };
                    if !self.open.insert(name.clone()) {
                        return Err((item.pos, format!("Fragment \"{name}\" spreads itself")));
                    }
                    let on = fragment.node.type_condition.node.on.node.to_string();
                    self.add_under(&spread.node.directives, &fragment.node.selection_set.node, &on, plan)?;
                    self.open.remove(name);
                }
                Selection::InlineFragment(inline) => {
                    let inline = &inline.node;
                    self.directive_usages(&inline.directives);
                    let on = inline.type_condition.as_ref().map_or(on.to_owned(), |c| c.node.on.node.to_string());
                    self.add_under(&inline.directives, &inline.selection_set.node, &on, plan)?;
                }
            }
        }
        Ok(())
    }

    /// A fragment's selection, under the `@include` its `directives` add.
    fn add_under(
        &mut self,
        directives: &[Positioned<Directive>],
        set: &SelectionSet,
        on: &str,
        plan: &mut ObjectPlan,
    ) -> Result<(), WalkError> {
        let depth = self.conditions.len();
        self.conditions.extend(include_condition(directives));
        let added = self.add_to_plan(set, on, plan);
        self.conditions.truncate(depth);
        added
    }

    fn add_field(&mut self, pos: Pos, field: &Field, on: &str, plan: &mut ObjectPlan) -> Result<(), WalkError> {
        let name = field.name.node.as_str();
        let key = field.response_key().node.to_string();
        // A key selected twice is there when either selection is.
        let known = plan.conditions.entry(key.clone()).or_default();
        for condition in self.conditions.iter().cloned().chain(include_condition(&field.directives)) {
            if !known.contains(&condition) {
                known.push(condition);
            }
        }
        if name == "__typename" {
            plan.fields.insert(key, Shape::Scalar);
            return Ok(());
        }
        let Some(ty) = self.types.field(on, name) else {
            return Err((pos, format!("Unknown field \"{name}\" on type \"{on}\"")));
        };
        let ty = ty.clone();
        for (argument, value) in &field.arguments {
            let input = ty.arguments.iter().find(|a| a.name == argument.node.as_str());
            self.usage(&value.node, input);
        }
        self.directive_usages(&field.directives);
        let shape = match self.types.get(&ty.named) {
            Some(Named::Output { fields }) => {
                let kind = object_kind(&ty, fields, field);
                return self.add_object_field(pos, field, &ty, kind, plan.fields.entry(key).or_insert(Shape::Scalar));
            }
            Some(Named::Enum { .. }) => Shape::Enum,
            _ if ty.named == "DateTime" => Shape::Instant,
            _ => Shape::Scalar,
        };
        plan.fields.insert(key, shape);
        Ok(())
    }

    /// A field of an object type, merged into what its key holds already
    /// (the same key selected twice merges, in place).
    fn add_object_field(
        &mut self,
        pos: Pos,
        field: &Field,
        ty: &FieldType,
        kind: ObjectKind,
        entry: &mut Shape,
    ) -> Result<(), WalkError> {
        if !matches!(entry, Shape::Object(_)) {
            *entry = Shape::Object(Box::new(ObjectPlan::new(kind)));
        }
        let Shape::Object(inner) = entry else { return Ok(()) };
        inner.list = ty.list;
        if kind == ObjectKind::Window {
            inner.max_chars_from = variable_argument(field, "maxChars");
            inner.cursor_from = variable_argument(field, "cursor");
            // A window that tells more than its text (a wiki read's
            // revision) is narrowed by reading it again, so that what it
            // tells stays true.
            let tells_more = match self.types.get(&ty.named) {
                Some(Named::Output { fields }) => fields.keys().any(|f| !TEXT_WINDOW_FIELDS.contains(&f.as_str())),
                _ => false,
            };
            if tells_more && inner.max_chars_from.is_none() {
                let message = format!(
                    "pass `{}`'s maxChars as a variable (`$maxChars`): a reply over its cap reads a narrower {} again",
                    field.name.node, ty.named
                );
                return Err((pos, message));
            }
        }
        // Conditions are recorded per object, for its own keys.
        let outer = std::mem::take(&mut self.conditions);
        let walked = self.add_to_plan(&field.selection_set.node, &ty.named, inner);
        self.conditions = outer;
        walked
    }

    fn directive_usages(&mut self, directives: &[Positioned<Directive>]) {
        for directive in directives {
            for (_, value) in &directive.node.arguments {
                self.usage(&value.node, None);
            }
        }
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

/// A text window (an object with `text` and `truncated`, its `text`
/// selected), a connection, or a plain object.
fn object_kind(ty: &FieldType, fields: &HashMap<String, FieldType>, field: &Field) -> ObjectKind {
    let windowed =
        fields.contains_key("text") && fields.contains_key("truncated") && selects(&field.selection_set.node, "text");
    if windowed {
        ObjectKind::Window
    } else if ty.named.ends_with("Connection") && fields.contains_key("pageInfo") {
        ObjectKind::Connection
    } else {
        ObjectKind::Plain
    }
}
