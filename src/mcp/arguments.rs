//! A tool document's arguments: its operation's variables, each given one
//! typed role when the document is loaded (a value passed on, the page
//! size, the view, a flag for whether another argument was given, the
//! reply's cap), offered under the tool's names with a JSON Schema from
//! the schema's input types. Every read tool also takes `max_chars` (a
//! document may declare it as `$maxChars`, to size a window by it); a list
//! tool takes `format`; a tool with a view takes `fields`. Reading a call
//! against these is `plan`'s.

use async_graphql::parser::types::{BaseType, Type};
use rmcp::model::JsonObject;
use serde_json::{Map, Value, json};

use super::coerce::property;
use super::document::{ToolDocument, Variable};
use super::names::Names;
use super::types::Types;

/// What one argument does, decided once from the document.
#[derive(Debug, Clone)]
pub enum Role {
    /// Passed as its variable, of this type, within its `@range`. A read's
    /// variable with a default takes null as asking for the default, as
    /// absence does (an option, not a value to clear).
    Value {
        ty: Type,
        range: Option<(i64, i64)>,
        defaulted: bool,
    },
    /// `$first`: the page size, from 1 to the server's largest page; left
    /// out (or null), the server's default page.
    Limit {
        ty: Type,
    },
    /// `$full` as `view: "summary" | "full"`.
    View,
    /// `$verbose`: passed on, and the reply keeps empty values.
    Verbose,
    /// `$withX`: not an argument, but whether the call gave `x` (not null,
    /// zero, false or empty), for `@include`/`@skip` of what depends on it.
    Given {
        of: String,
    },
    /// `max_chars`: the call's cap; with `$maxChars` declared, also that
    /// variable, at most `most` (its `@range`'s top).
    MaxChars {
        most: Option<i64>,
    },
    Format,
    /// `fields`: exactly these reply fields (of a tool with a view).
    Fields,
}

/// One argument of a tool.
#[derive(Debug, Clone)]
pub struct Spec {
    /// Its name in the tool (empty for a `Given` flag, which is not offered).
    pub argument: String,
    /// The document's variable it is passed as, if any.
    pub variable: Option<String>,
    pub role: Role,
    pub required: bool,
}

/// The arguments of one tool, and their JSON Schema.
#[derive(Debug, Clone)]
pub struct Arguments {
    pub specs: Vec<Spec>,
    pub schema: JsonObject,
    /// Other names arguments are accepted by (alias, argument).
    pub aliases: Vec<(String, String)>,
    /// The largest `limit`: the server's page size.
    pub max_limit: i64,
}

impl Arguments {
    pub fn of(document: &ToolDocument, names: &Names, types: &Types, max_limit: i64) -> Result<Self, String> {
        let mut specs: Vec<Spec> = Vec::new();
        let mut properties = Map::new();
        let mut required = Vec::new();
        for variable in &document.variables {
            let argument = names.argument(&variable.name);
            if ["format", "fields"].contains(&argument.as_str()) {
                return Err(format!(
                    "`${}` would be the argument `{argument}`, which the tool has of its own",
                    variable.name
                ));
            }
            if specs.iter().any(|s| s.argument == argument) {
                return Err(format!("two variables are both the argument `{argument}`"));
            }
            let name = Some(variable.name.clone());
            if let Some(of) = given_flag_of(&variable.name, document) {
                let role = Role::Given { of };
                specs.push(Spec { argument: String::new(), variable: name, role, required: false });
                continue;
            }
            let (role, mut schema) = role_of(variable, document.write, types)?;
            if let (Some(description), Value::Object(object)) = (&variable.description, &mut schema) {
                object.entry("description").or_insert_with(|| description.clone().into());
            }
            properties.insert(argument.clone(), schema);
            let definition = &variable.definition;
            let needed = !definition.var_type.node.nullable && definition.default_value.is_none();
            if needed {
                required.push(Value::from(argument.clone()));
            }
            specs.push(Spec { argument, variable: name, role, required: needed });
        }
        add_own_arguments(document, &mut specs, &mut properties);
        let mut schema = JsonObject::new();
        schema.insert("type".into(), "object".into());
        schema.insert("properties".into(), Value::Object(properties));
        if !required.is_empty() {
            schema.insert("required".into(), Value::Array(required));
        }
        schema.insert("additionalProperties".into(), false.into());
        Ok(Self { specs, schema, aliases: document.aliases.clone(), max_limit })
    }
}

/// The role of a variable that is an argument, and its JSON Schema.
fn role_of(variable: &Variable, write: bool, types: &Types) -> Result<(Role, Value), String> {
    let ty = variable.definition.var_type.node.clone();
    let is = |name: &str| matches!(&ty.base, BaseType::Named(n) if n.as_str() == name);
    Ok(match variable.name.as_str() {
        "maxChars" => {
            if !is("Int") {
                return Err("`$maxChars` is the reply's cap in characters: it is an Int".into());
            }
            // Its minimum is every tool's, told once in the instructions; a
            // larger value than the window's `@range` is a cap all the same.
            let most = variable.range.map_or(i64::from(i32::MAX), |(_, most)| most);
            (Role::MaxChars { most: Some(most) }, json!({"type": "integer"}))
        }
        "full" => {
            if !is("Boolean") {
                return Err("`$full` selects the full view: it is a Boolean".into());
            }
            // Its default (lists: summary, get_*: full) is told once, in
            // the server's instructions.
            (Role::View, json!({"type": "string", "enum": ["summary", "full"]}))
        }
        "first" => {
            if !is("Int") {
                return Err("`$first` is the page size: it is an Int".into());
            }
            let schema = property(&ty, types);
            (Role::Limit { ty }, schema)
        }
        "verbose" => {
            if !is("Boolean") {
                return Err("`$verbose` keeps empty values in the reply: it is a Boolean".into());
            }
            (Role::Verbose, json!({"type": "boolean"}))
        }
        _ => {
            let schema = match variable.range {
                // A count from 0 needs only its maximum said.
                Some((0, max)) if is("Int") => json!({"type": "integer", "maximum": max}),
                Some((min, max)) if is("Int") => json!({"type": "integer", "minimum": min, "maximum": max}),
                _ => property(&ty, types),
            };
            // In a write, null is a value for every variable: it clears.
            let defaulted = variable.definition.default_value.is_some() && !write;
            let range = variable.range.filter(|_| is("Int"));
            (Role::Value { ty, range, defaulted }, schema)
        }
    })
}

/// The arguments every tool of its kind has of its own: `fields` beside a
/// view, `max_chars` on a read, `format` on a list.
fn add_own_arguments(document: &ToolDocument, specs: &mut Vec<Spec>, properties: &mut Map<String, Value>) {
    let mut add = |argument: &str, role: Role, schema: Value| {
        properties.insert(argument.into(), schema);
        specs.push(Spec { argument: argument.into(), variable: None, role, required: false });
    };
    if document.variables.iter().any(|v| v.name == "full") {
        add("fields", Role::Fields, json!({"type": "array", "items": {"type": "string"}}));
    }
    // A write answers with what it wrote: the server's cap is enough.
    let declared = document.variables.iter().any(|v| v.name == "maxChars");
    if !document.write && !declared {
        add("max_chars", Role::MaxChars { most: None }, json!({"type": "integer"}));
    }
    if document.list_path.is_some() {
        add("format", Role::Format, json!({"type": "string", "enum": ["object", "table"]}));
    }
}

/// `withWorkspace` of a document with `$workspace` is a flag of it.
fn given_flag_of(name: &str, document: &ToolDocument) -> Option<String> {
    let rest = name.strip_prefix("with")?;
    let mut chars = rest.chars();
    let of = chars.next().filter(char::is_ascii_uppercase)?.to_ascii_lowercase().to_string() + chars.as_str();
    document.variables.iter().any(|v| v.name == of).then_some(of)
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use std::sync::Arc;

    use super::*;
    use crate::mcp::document::Shared;

    fn roles(variables: &str) -> Result<Vec<(String, String)>, String> {
        let types = Types::from_sdl("type Query { item(a: String, n: Int, b: Boolean): String }").expect("sdl");
        let text = format!("# Item.\nquery Item({variables}) {{ item }}");
        let document = ToolDocument::parse("t.graphql", &text, &types, &Shared { name: "", text: "" })
            .map_err(|e| e.to_string())?;
        let names = Names::of(&document, &Arc::new(HashMap::new()));
        let arguments = Arguments::of(&document, &names, &types, 200)?;
        Ok(arguments
            .specs
            .iter()
            .map(|s| {
                let role = format!("{:?}", s.role);
                (s.argument.clone(), role.split([' ', '{', '(']).next().unwrap_or_default().to_owned())
            })
            .collect())
    }

    #[test]
    fn each_named_variable_has_its_role_and_type() {
        let found =
            roles("$first: Int, $full: Boolean, $verbose: Boolean, $a: String, $withA: Boolean").expect("a tool");
        let role_of = |argument: &str| found.iter().find(|(a, _)| a == argument).map(|(_, r)| r.as_str());
        assert_eq!(role_of("limit"), Some("Limit"));
        assert_eq!(role_of("view"), Some("View"));
        assert_eq!(role_of("verbose"), Some("Verbose"));
        assert_eq!(role_of("a"), Some("Value"));
        assert_eq!(role_of(""), Some("Given"), "`$withA` is a flag, not an argument");
        assert_eq!(role_of("fields"), Some("Fields"));
        assert_eq!(role_of("max_chars"), Some("MaxChars"));
        for (declared, says) in [
            ("$first: String", "`$first` is the page size"),
            ("$full: Int", "`$full` selects the full view"),
            ("$verbose: String", "`$verbose` keeps empty values"),
            ("$maxChars: String", "`$maxChars` is the reply's cap"),
        ] {
            let err = roles(declared).expect_err(declared);
            assert!(err.contains(says), "{declared}: {err}");
        }
    }
}
