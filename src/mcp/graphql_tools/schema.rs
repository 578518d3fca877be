//! `graphql_schema`: a slice of the schema as minified SDL, so that an
//! agent writes a valid `graphql_query` in two calls: the query root, a
//! type with the inputs and enums its arguments take, one field with its
//! arguments' types and what it returns, or the types and fields whose
//! names hold some words. A slice is at most `MAX_SLICE_CHARS`; what did
//! not fit is named in `left_out`.

use std::collections::HashMap;

use async_graphql::parser::types::{
    FieldDefinition, InputValueDefinition, ServiceDocument, TypeDefinition, TypeKind, TypeSystemDefinition,
};
use serde_json::{Map, Value, json};

use crate::mcp::error::{ToolError, ToolResult};
use crate::mcp::types::unwrap;
use crate::text::{echo, utf16_len};

/// The most characters one call answers, its JSON included.
pub const MAX_SLICE_CHARS: usize = 4_000;
/// What the reply holds beside the SDL: its key, and room for the names
/// left out (at most `LEFT_OUT_CHARS`) and the hint.
const BESIDE_SDL: usize = 80 + LEFT_OUT_CHARS;
const LEFT_OUT_CHARS: usize = 400;
/// The most words a search takes.
const MAX_WORDS: usize = 8;

/// The schema's named types, read once from its SDL.
pub struct SchemaIndex {
    types: Vec<TypeDefinition>,
    by_name: HashMap<String, usize>,
}

/// What a call asks for.
pub struct Ask<'a> {
    pub type_name: Option<&'a str>,
    pub field: Option<&'a str>,
    pub search: Option<&'a str>,
    pub descriptions: bool,
}

impl SchemaIndex {
    pub fn of_sdl(sdl: &str) -> Option<Self> {
        let document: ServiceDocument = async_graphql::parser::parse_schema(sdl).ok()?;
        let types: Vec<TypeDefinition> = document
            .definitions
            .into_iter()
            .filter_map(|d| match d {
                TypeSystemDefinition::Type(t) => Some(t.node),
                _ => None,
            })
            .collect();
        let by_name = types.iter().enumerate().map(|(i, t)| (t.name.node.to_string(), i)).collect();
        Some(Self { types, by_name })
    }

    fn get(&self, name: &str) -> Option<&TypeDefinition> {
        self.by_name.get(name).map(|i| &self.types[*i])
    }

    fn known(&self, name: &str) -> ToolResult<&TypeDefinition> {
        self.get(name).ok_or_else(|| {
            ToolError::invalid(format!("no type {} in the schema", echo(name)), "search for it: `search` takes words")
        })
    }

    /// The slice a call asks for, as the reply's object.
    pub fn slice(&self, ask: &Ask) -> ToolResult<Map<String, Value>> {
        let asked = [ask.type_name.is_some(), ask.field.is_some(), ask.search.is_some()];
        if asked.iter().filter(|a| **a).count() > 1 {
            return Err(ToolError::invalid("ask for one of `type`, `field` and `search`", "make two calls"));
        }
        let mut slice = Slice::new(ask.descriptions);
        if let Some(words) = ask.search {
            self.search(words, &mut slice)?;
        } else if let Some(path) = ask.field {
            self.field(path, &mut slice)?;
        } else {
            let definition = self.known(ask.type_name.unwrap_or("Query"))?;
            slice.add_type(definition);
            for name in self.argument_types(definition) {
                self.add_named(&name, &mut slice);
            }
        }
        Ok(slice.into_reply())
    }

    fn field(&self, path: &str, slice: &mut Slice) -> ToolResult<()> {
        let Some((on, name)) = path.split_once('.') else {
            return Err(ToolError::invalid(format!("`field` is {}", echo(path)), "write Type.field, as Query.tasks"));
        };
        let definition = self.known(on)?;
        let field = fields(definition).into_iter().find(|f| f.name.node == name).ok_or_else(|| {
            ToolError::invalid(format!("type {on} has no field {}", echo(name)), format!("ask for the type {on}"))
        })?;
        slice.add_text(format!("{on}.{}", field_line(field, slice.descriptions)), None);
        for argument in &field.arguments {
            self.add_input_closure(unwrap(&argument.node.ty.node).0, slice, 0);
        }
        let returns = unwrap(&field.ty.node).0.to_owned();
        self.add_named(&returns, slice);
        // A connection's items are what an agent selects.
        if let Some(node) = self.get(&returns).and_then(|t| fields(t).into_iter().find(|f| f.name.node == "nodes")) {
            self.add_named(unwrap(&node.ty.node).0, slice);
        }
        Ok(())
    }

    fn search(&self, words: &str, slice: &mut Slice) -> ToolResult<()> {
        let words: Vec<String> = words.split_whitespace().map(str::to_lowercase).take(MAX_WORDS).collect();
        if words.is_empty() {
            return Err(ToolError::invalid("`search` has no words", "pass words of a type or field name"));
        }
        let in_descriptions = slice.descriptions;
        let hit = |name: &str, description: Option<&str>| {
            let name = name.to_lowercase();
            let description = description.map(str::to_lowercase).filter(|_| in_descriptions);
            words
                .iter()
                .any(|w| name.contains(w.as_str()) || description.as_ref().is_some_and(|d| d.contains(w.as_str())))
        };
        for definition in &self.types {
            let type_name = definition.name.node.as_str();
            if type_name.starts_with("__") {
                continue;
            }
            if hit(type_name, definition.description.as_ref().map(|d| d.node.as_str())) {
                slice.add_text(signature(definition), Some(type_name));
            }
            for field in fields(definition) {
                if hit(&field.name.node, field.description.as_ref().map(|d| d.node.as_str())) {
                    let line = format!("{type_name}.{}", field_line(field, slice.descriptions));
                    slice.add_text(line, Some(type_name));
                }
            }
        }
        if slice.parts.is_empty() && slice.left_out.is_empty() {
            slice.add_text(String::new(), None);
            slice.nothing = true;
        }
        Ok(())
    }

    /// The named types a type's field arguments take.
    fn argument_types(&self, definition: &TypeDefinition) -> Vec<String> {
        let mut names = Vec::new();
        for field in fields(definition) {
            for argument in &field.arguments {
                let name = unwrap(&argument.node.ty.node).0.to_owned();
                if !names.contains(&name) {
                    names.push(name);
                }
            }
        }
        names
    }

    /// An input type and the inputs and enums it holds, a few levels down.
    fn add_input_closure(&self, name: &str, slice: &mut Slice, depth: usize) {
        if depth > 3 || slice.has(name) {
            return;
        }
        self.add_named(name, slice);
        if let Some(TypeKind::InputObject(input)) = self.get(name).map(|t| &t.kind) {
            for field in &input.fields {
                self.add_input_closure(unwrap(&field.node.ty.node).0, slice, depth + 1);
            }
        }
    }

    /// A named type's definition, unless it is a built-in scalar.
    fn add_named(&self, name: &str, slice: &mut Slice) {
        if ["String", "Int", "Float", "Boolean", "ID"].contains(&name) || slice.has(name) {
            return;
        }
        if let Some(definition) = self.get(name) {
            slice.add_type(definition);
        }
    }
}

fn fields(definition: &TypeDefinition) -> Vec<&FieldDefinition> {
    match &definition.kind {
        TypeKind::Object(object) => object.fields.iter().map(|f| &f.node).collect(),
        TypeKind::Interface(interface) => interface.fields.iter().map(|f| &f.node).collect(),
        _ => Vec::new(),
    }
}

fn described(description: Option<&str>, on: bool) -> String {
    match description.filter(|_| on) {
        Some(text) => format!("{} ", json!(text)),
        None => String::new(),
    }
}

fn input_value(value: &InputValueDefinition, descriptions: bool) -> String {
    let mut text = described(value.description.as_ref().map(|d| d.node.as_str()), descriptions);
    text.push_str(&format!("{}:{}", value.name.node, value.ty.node));
    if let Some(default) = &value.default_value {
        text.push_str(&format!("={}", default.node));
    }
    text
}

fn field_line(field: &FieldDefinition, descriptions: bool) -> String {
    let mut text = described(field.description.as_ref().map(|d| d.node.as_str()), descriptions);
    text.push_str(&field.name.node);
    if !field.arguments.is_empty() {
        let arguments: Vec<String> = field.arguments.iter().map(|a| input_value(&a.node, descriptions)).collect();
        text.push_str(&format!("({})", arguments.join(" ")));
    }
    text.push_str(&format!(":{}", field.ty.node));
    text
}

/// `type Task`, `enum Priority`: a definition's first words.
fn signature(definition: &TypeDefinition) -> String {
    let keyword = match &definition.kind {
        TypeKind::Scalar => "scalar",
        TypeKind::Object(_) => "type",
        TypeKind::Interface(_) => "interface",
        TypeKind::Union(_) => "union",
        TypeKind::Enum(_) => "enum",
        TypeKind::InputObject(_) => "input",
    };
    format!("{keyword} {}", definition.name.node)
}

/// A definition in one line: `type Task{ref:String! ...}`.
fn minified(definition: &TypeDefinition, descriptions: bool) -> String {
    let mut text = described(definition.description.as_ref().map(|d| d.node.as_str()), descriptions);
    text.push_str(&signature(definition));
    let members: Vec<String> = match &definition.kind {
        TypeKind::Scalar => return text,
        TypeKind::Union(union) => {
            let names: Vec<String> = union.members.iter().map(|m| m.node.to_string()).collect();
            return format!("{text}={}", names.join("|"));
        }
        TypeKind::Object(_) | TypeKind::Interface(_) => {
            fields(definition).iter().map(|f| field_line(f, descriptions)).collect()
        }
        TypeKind::Enum(enumeration) => enumeration.values.iter().map(|v| v.node.value.node.to_string()).collect(),
        TypeKind::InputObject(input) => input.fields.iter().map(|f| input_value(&f.node, descriptions)).collect(),
    };
    format!("{text}{{{}}}", members.join(" "))
}

/// The slice as it grows: its parts, the types in it, what did not fit.
struct Slice {
    descriptions: bool,
    parts: Vec<String>,
    chars: usize,
    names: Vec<String>,
    left_out: Vec<String>,
    nothing: bool,
}

impl Slice {
    fn new(descriptions: bool) -> Self {
        Self { descriptions, parts: Vec::new(), chars: 0, names: Vec::new(), left_out: Vec::new(), nothing: false }
    }

    fn has(&self, name: &str) -> bool {
        self.names.iter().any(|n| n == name)
    }

    fn add_type(&mut self, definition: &TypeDefinition) {
        let name = definition.name.node.to_string();
        let text = minified(definition, self.descriptions);
        self.names.push(name.clone());
        self.add_text(text, Some(&name));
    }

    /// Adds a line when it fits; otherwise names what it was of. A line
    /// is measured as the reply writes it: a JSON string, and `\n` after.
    fn add_text(&mut self, text: String, of: Option<&str>) {
        // The JSON string's length without its quotes, and `\n` (two).
        let chars = utf16_len(&Value::String(text.clone()).to_string());
        if self.chars + chars <= MAX_SLICE_CHARS - BESIDE_SDL {
            self.chars += chars;
            self.parts.push(text);
        } else if let Some(name) = of.filter(|name| !self.left_out.iter().any(|n| n == name)) {
            self.left_out.push(name.to_owned());
        }
    }

    fn into_reply(self) -> Map<String, Value> {
        let mut reply = Map::new();
        if self.nothing {
            reply.insert("nothing".into(), "no type or field name holds these words".into());
            return reply;
        }
        reply.insert("sdl".into(), self.parts.join("\n").into());
        if !self.left_out.is_empty() {
            // Names only, at most a few hundred characters of them.
            let mut names = Vec::new();
            let mut room = LEFT_OUT_CHARS;
            for name in self.left_out {
                room = match room.checked_sub(name.len() + 3) {
                    Some(left) => left,
                    None => break,
                };
                names.push(Value::String(name));
            }
            reply.insert("left_out".into(), names.into());
            reply.insert("hint".into(), "ask for each with `type`".into());
        }
        reply
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SDL: &str = r#"
        type Query { "All tasks" tasks(filter: TaskFilter, first: Int = 50): TaskConnection! project(key: String!): Project }
        type TaskConnection { nodes: [Task!]! totalCount: Int! }
        type Task { ref: String! priority: Priority! }
        type Project { key: String! }
        input TaskFilter { priority: Priority text: String }
        enum Priority { NONE LOW HIGH }
    "#;

    fn slice(ask: Ask) -> Map<String, Value> {
        SchemaIndex::of_sdl(SDL).expect("SDL").slice(&ask).expect("a slice")
    }

    const NONE: Ask = Ask { type_name: None, field: None, search: None, descriptions: false };

    #[test]
    fn a_field_comes_with_its_arguments_and_what_it_returns() {
        let reply = slice(Ask { field: Some("Query.tasks"), ..NONE });
        let sdl = reply["sdl"].as_str().expect("sdl");
        assert_eq!(
            sdl.lines().collect::<Vec<_>>(),
            [
                "Query.tasks(filter:TaskFilter first:Int=50):TaskConnection!",
                "input TaskFilter{priority:Priority text:String}",
                "enum Priority{NONE LOW HIGH}",
                "type TaskConnection{nodes:[Task!]! totalCount:Int!}",
                "type Task{ref:String! priority:Priority!}",
            ]
        );
    }

    #[test]
    fn the_query_root_by_default_and_descriptions_on_request() {
        let plain = slice(NONE);
        assert!(plain["sdl"].as_str().is_some_and(|s| s.starts_with("type Query{tasks(")), "{plain:?}");
        let described = slice(Ask { descriptions: true, ..NONE });
        assert!(described["sdl"].as_str().is_some_and(|s| s.contains("\"All tasks\" tasks(")), "{described:?}");
    }

    #[test]
    fn search_finds_types_and_fields_by_name() {
        let reply = slice(Ask { search: Some("prior"), ..NONE });
        let sdl = reply["sdl"].as_str().expect("sdl");
        assert!(sdl.contains("Task.priority:Priority!") && sdl.contains("enum Priority"), "{sdl}");
        assert!(slice(Ask { search: Some("zebra"), ..NONE }).contains_key("nothing"));
    }

    #[test]
    fn unknown_names_are_refused_with_what_to_do() {
        let index = SchemaIndex::of_sdl(SDL).expect("SDL");
        assert!(index.slice(&Ask { type_name: Some("Nope"), ..NONE }).is_err());
        assert!(index.slice(&Ask { field: Some("Query.nope"), ..NONE }).is_err());
        assert!(index.slice(&Ask { field: Some("tasks"), ..NONE }).is_err());
    }
}
