//! A tool document's arguments: its operation's variables, named in
//! snake_case (`$first` is `limit`, `$after` is `cursor`, `$full` is
//! `view`), described by the schema's input types, checked before the
//! operation runs so that a mistake names the argument and what it allows.
//! Every read tool also takes `max_chars` (a document may declare it as
//! `$maxChars`, to size a window by it); a list tool takes `format`.

use std::collections::HashSet;

use async_graphql::parser::types::{BaseType, Type};
use rmcp::model::JsonObject;
use serde_json::{Map, Value, json};

use super::document::{ToolDocument, snake_case};
use super::error::{ToolError, ToolResult};
use super::guard::Form;
use super::types::{Named, Types};
use crate::text::echo;

/// The smallest `max_chars`: below it, hardly a record fits.
const MIN_MAX_CHARS: i64 = 1_000;
/// More names than any reply has fields is a mistake, not a selection.
const MAX_FIELDS: usize = 64;

#[derive(Debug, Clone)]
enum Role {
    /// Passed as the variable of this name and type.
    Variable {
        name: String,
        ty: Type,
    },
    /// `$full` as `view: "summary" | "full"`.
    View {
        name: String,
    },
    /// `$withX`: not an argument, but whether the call gave `x` (not null,
    /// zero, false or empty), for `@include`/`@skip` of what depends on it.
    Derived {
        name: String,
        of: String,
    },
    /// `max_chars`: the call's cap, and the variable `$maxChars` when the
    /// document declares it.
    MaxChars {
        variable: Option<String>,
    },
    Format,
    /// `fields`: exactly these reply fields (of a tool with a view).
    Fields,
}

#[derive(Debug, Clone)]
struct Spec {
    argument: String,
    role: Role,
    required: bool,
    /// A read's variable with a default: null asks for the default, as
    /// absence does (an option, not a value to clear).
    defaulted: bool,
}

/// The arguments of one tool, and their JSON Schema.
#[derive(Debug, Clone)]
pub struct Arguments {
    specs: Vec<Spec>,
    pub schema: JsonObject,
    /// Other names arguments are accepted by (alias, argument).
    aliases: Vec<(String, String)>,
    ranges: Vec<(String, (i64, i64))>,
    /// The largest `limit`: the server's page size.
    max_limit: i64,
    /// `$first`'s default, when the server's page is smaller: then the
    /// page is what an absent `limit` asks for.
    first_default_over: bool,
}

/// A call's arguments, ready to run.
pub struct Call {
    pub variables: Map<String, Value>,
    /// Variables the call left out (and that have no default).
    pub absent: HashSet<String>,
    pub max_chars: Option<usize>,
    pub format: Form,
    pub verbose: bool,
    pub fields: Option<Vec<String>>,
    /// The `$withX` flags the call turned on by giving `x`.
    pub asked: HashSet<String>,
}

/// The tool argument a variable is offered as.
pub fn argument_name(variable: &str) -> String {
    match variable {
        "first" => "limit".into(),
        "after" => "cursor".into(),
        "full" => "view".into(),
        other => snake_case(other),
    }
}

impl Arguments {
    pub fn of(document: &ToolDocument, types: &Types, max_limit: i64) -> Result<Self, String> {
        let mut specs = Vec::new();
        let mut properties = Map::new();
        let mut required = Vec::new();
        for variable in &document.variables {
            let argument = argument_name(&variable.name);
            if ["format", "fields"].contains(&argument.as_str()) {
                return Err(format!(
                    "`${}` would be the argument `{argument}`, which the tool has of its own",
                    variable.name
                ));
            }
            if specs.iter().any(|s: &Spec| s.argument == argument) {
                return Err(format!("two variables are both the argument `{argument}`"));
            }
            let ty = variable.definition.var_type.node.clone();
            let needed = !ty.nullable && variable.definition.default_value.is_none();
            if let Some(of) = derived_from(&variable.name, document) {
                let role = Role::Derived { name: variable.name.clone(), of };
                specs.push(Spec { argument: String::new(), role, required: false, defaulted: false });
                continue;
            }
            let (role, mut property) = if variable.name == "maxChars" {
                if type_name(&ty) != "Int" || !matches!(ty.base, BaseType::Named(_)) {
                    return Err("`$maxChars` is the reply's cap in characters: it is an Int".into());
                }
                // Its minimum is every tool's, told once in the instructions; a
                // larger value than the window's `@range` is a cap all the same.
                let schema = json!({"type": "integer"});
                (Role::MaxChars { variable: Some(variable.name.clone()) }, schema)
            } else if let (Some((min, max)), "Int") = (variable.range, type_name(&variable.definition.var_type.node)) {
                // A count from 0 needs only its maximum said.
                let schema = if min == 0 {
                    json!({"type": "integer", "maximum": max})
                } else {
                    json!({"type": "integer", "minimum": min, "maximum": max})
                };
                (Role::Variable { name: variable.name.clone(), ty: variable.definition.var_type.node.clone() }, schema)
            } else if variable.name == "full" {
                if ty.base != BaseType::Named(async_graphql::Name::new("Boolean")) {
                    return Err("`$full` selects the full view: it is a Boolean".into());
                }
                // Its default (lists: summary, get_*: full) is told once, in
                // the server's instructions.
                let schema = json!({"type": "string", "enum": ["summary", "full"]});
                (Role::View { name: variable.name.clone() }, schema)
            } else {
                let schema = property(&ty, types);
                (Role::Variable { name: variable.name.clone(), ty }, schema)
            };
            if let (Some(description), Value::Object(object)) = (&variable.description, &mut property) {
                object.entry("description").or_insert_with(|| description.clone().into());
            }
            properties.insert(argument.clone(), property);
            if needed {
                required.push(Value::from(argument.clone()));
            }
            // In a write, null is a value for every variable: it clears.
            let defaulted = variable.definition.default_value.is_some() && !document.write;
            specs.push(Spec { argument, role, required: needed, defaulted });
        }
        if document.variables.iter().any(|v| v.name == "full") {
            properties.insert("fields".into(), json!({"type": "array", "items": {"type": "string"}}));
            specs.push(Spec { argument: "fields".into(), role: Role::Fields, required: false, defaulted: true });
        }
        // A write answers with what it wrote: the server's cap is enough.
        let declared = specs.iter().any(|s| matches!(s.role, Role::MaxChars { .. }));
        if !document.write && !declared {
            properties.insert("max_chars".into(), json!({"type": "integer"}));
            let role = Role::MaxChars { variable: None };
            specs.push(Spec { argument: "max_chars".into(), role, required: false, defaulted: true });
        }
        if document.list_path.is_some() {
            properties.insert("format".into(), json!({"type": "string", "enum": ["object", "table"]}));
            specs.push(Spec { argument: "format".into(), role: Role::Format, required: false, defaulted: true });
        }
        let mut schema = JsonObject::new();
        schema.insert("type".into(), "object".into());
        schema.insert("properties".into(), Value::Object(properties));
        if !required.is_empty() {
            schema.insert("required".into(), Value::Array(required));
        }
        schema.insert("additionalProperties".into(), false.into());
        let ranges = document.variables.iter().filter_map(|v| Some((v.name.clone(), v.range?))).collect();
        let first_default_over = document.variables.iter().any(|v| {
            v.name == "first"
                && v.definition.default_value.as_ref().is_some_and(
                    |d| matches!(&d.node, async_graphql_value::ConstValue::Number(n) if n.as_i64().is_some_and(|n| n > max_limit)),
                )
        });
        Ok(Self { specs, schema, aliases: document.aliases.clone(), ranges, max_limit, first_default_over })
    }

    /// The variable `max_chars` is passed as, when the document declares it.
    pub fn max_chars_variable(&self) -> Option<&str> {
        self.specs.iter().find_map(|s| match &s.role {
            Role::MaxChars { variable } => variable.as_deref(),
            _ => None,
        })
    }

    /// Checks a call's arguments and turns them into the operation's
    /// variables.
    pub fn read(&self, arguments: Option<Map<String, Value>>, types: &Types) -> ToolResult<Call> {
        let mut arguments = arguments.unwrap_or_default();
        for (alias, argument) in &self.aliases {
            if let Some(value) = arguments.remove(alias) {
                match arguments.get(argument) {
                    Some(given) if *given != value => {
                        return Err(ToolError::invalid(
                            format!("`{argument}` and `{alias}` differ"),
                            format!("`{alias}` is another name for `{argument}`: pass one of them"),
                        ));
                    }
                    _ => _ = arguments.insert(argument.clone(), value),
                }
            }
        }
        let offered = || self.specs.iter().filter(|s| !matches!(s.role, Role::Derived { .. }));
        if let Some(unknown) = arguments.keys().find(|k| !offered().any(|s| &s.argument == *k)) {
            let valid: Vec<&str> = offered().map(|s| s.argument.as_str()).collect();
            return Err(ToolError::invalid(
                format!("unknown argument `{}`", echo(unknown)),
                format!("this tool takes: {}", valid.join(", ")),
            ));
        }
        let mut call = Call {
            variables: Map::new(),
            absent: HashSet::new(),
            max_chars: None,
            format: Form::Object,
            verbose: false,
            fields: None,
            asked: HashSet::new(),
        };
        for spec in &self.specs {
            // Null is a value for a variable without a default (it clears
            // what it is passed to); for any other argument it is the default.
            let clears = matches!(spec.role, Role::Variable { .. }) && !spec.defaulted;
            let given = arguments.get(&spec.argument).filter(|v| !v.is_null() || clears);
            if given.is_none() && spec.required {
                return Err(ToolError::invalid(
                    format!("`{}` is required", spec.argument),
                    "check the tool's input schema in tools/list",
                ));
            }
            match (&spec.role, given) {
                (Role::Variable { name, .. } | Role::View { name }, None) => {
                    call.absent.insert(name.clone());
                }
                (Role::Variable { name, ty }, Some(value)) => {
                    let value = coerce(value, ty, &spec.argument, types)?;
                    if name == "first" {
                        check_limit(&value, self.max_limit)?;
                    }
                    if let Some((_, (min, max))) = self.ranges.iter().find(|(n, _)| n == name) {
                        if value.as_i64().is_some_and(|n| n < *min || n > *max) {
                            return Err(ToolError::invalid(
                                format!("`{}` is {}", spec.argument, echo(value)),
                                format!("use {min} to {max}"),
                            ));
                        }
                    }
                    if name == "verbose" {
                        call.verbose = value == Value::Bool(true);
                    }
                    call.variables.insert(name.clone(), value);
                }
                (Role::View { name }, Some(value)) => {
                    let full = match value.as_str() {
                        Some("full") => true,
                        Some("summary") => false,
                        _ => {
                            return Err(ToolError::invalid(
                                format!("`view` is {}", echo(value)),
                                "use summary or full",
                            ));
                        }
                    };
                    call.variables.insert(name.clone(), full.into());
                }
                (Role::MaxChars { variable }, Some(value)) => {
                    let n = match value.as_i64() {
                        Some(n) if n >= MIN_MAX_CHARS => n,
                        _ => {
                            return Err(ToolError::invalid(
                                format!("`max_chars` is {}", echo(value)),
                                "use 1000 or more",
                            ));
                        }
                    };
                    call.max_chars = Some(usize::try_from(n).unwrap_or(usize::MAX));
                    if let Some(variable) = variable {
                        // The window it sizes is at most its `@range`'s top:
                        // a larger cap is still a cap.
                        let most =
                            self.ranges.iter().find(|(v, _)| v == variable).map_or(i64::from(i32::MAX), |r| r.1.1);
                        call.variables.insert(variable.clone(), n.min(most).into());
                    }
                }
                (Role::Format, Some(value)) => {
                    call.format = match value.as_str() {
                        Some("object") => Form::Object,
                        Some("table") => Form::Table,
                        _ => {
                            return Err(ToolError::invalid(
                                format!("`format` is {}", echo(value)),
                                "use object or table",
                            ));
                        }
                    };
                }
                (Role::Fields, Some(value)) => {
                    let names: Vec<String> = match value {
                        Value::Array(items) if items.iter().all(Value::is_string) => {
                            items.iter().filter_map(Value::as_str).map(str::to_owned).collect()
                        }
                        Value::String(csv) => csv.split(',').map(|s| s.trim().to_owned()).collect(),
                        _ => {
                            return Err(ToolError::invalid(
                                "`fields` is not a list of names",
                                "pass [\"ref\", \"title\"]",
                            ));
                        }
                    };
                    let mut names: Vec<String> = names.into_iter().filter(|n| !n.is_empty()).collect();
                    let named = names.len();
                    let mut seen = HashSet::new();
                    names.retain(|n| seen.insert(n.clone()));
                    if named > MAX_FIELDS {
                        return Err(ToolError::invalid(
                            format!("`fields` names {named} fields"),
                            format!("name at most {MAX_FIELDS}"),
                        ));
                    }
                    if names.is_empty() {
                        return Err(ToolError::invalid(
                            "`fields` is empty",
                            "name at least one field, or leave `fields` out",
                        ));
                    }
                    call.fields = Some(names);
                }
                (Role::MaxChars { .. } | Role::Format | Role::Fields, None) | (Role::Derived { .. }, _) => {}
            }
        }
        if self.first_default_over && !call.variables.contains_key("first") {
            call.variables.insert("first".into(), self.max_limit.into());
        }
        for spec in &self.specs {
            if let Role::Derived { name, of } = &spec.role {
                let given = call.variables.get(of).is_some_and(|v| {
                    !matches!(v, Value::Null | Value::Bool(false)) && v.as_f64() != Some(0.0) && v.as_str() != Some("")
                });
                call.variables.insert(name.clone(), given.into());
                call.absent.remove(name);
                if given {
                    call.asked.insert(name.clone());
                } else if call.variables.remove(of).is_some() {
                    // `x` not given (null, zero, false, empty) is `x` left
                    // out: its default, not a value nothing asked for.
                    call.absent.insert(of.clone());
                }
            }
        }
        Ok(call)
    }
}

/// `withWorkspace` of a document with `$workspace` is derived from it.
fn derived_from(name: &str, document: &ToolDocument) -> Option<String> {
    let rest = name.strip_prefix("with")?;
    let mut chars = rest.chars();
    let of = chars.next().filter(char::is_ascii_uppercase)?.to_ascii_lowercase().to_string() + chars.as_str();
    document.variables.iter().any(|v| v.name == of).then_some(of)
}

fn type_name(ty: &Type) -> &str {
    match &ty.base {
        BaseType::Named(name) => name.as_str(),
        BaseType::List(_) => "",
    }
}

fn check_limit(value: &Value, most: i64) -> ToolResult<()> {
    match value.as_i64() {
        Some(n) if (1..=most).contains(&n) => Ok(()),
        None if value.is_null() => Ok(()),
        _ => Err(ToolError::invalid(
            format!("`limit` is {}", echo(value)),
            format!("use 1 to {most}, and `cursor` for more"),
        )),
    }
}

/// The JSON Schema of a GraphQL input type, in the subset strict clients
/// accept (one type per property, closed objects, no null alternatives).
fn property(ty: &Type, types: &Types) -> Value {
    match &ty.base {
        BaseType::List(inner) => json!({"type": "array", "items": property(inner, types)}),
        BaseType::Named(name) => match name.as_str() {
            "Int" => json!({"type": "integer"}),
            "Float" => json!({"type": "number"}),
            "Boolean" => json!({"type": "boolean"}),
            other => match types.get(other) {
                Some(Named::Enum { values }) => {
                    let values: Vec<String> = values.iter().map(|v| v.to_lowercase()).collect();
                    json!({"type": "string", "enum": values})
                }
                Some(Named::Input { fields }) => {
                    let mut properties = Map::new();
                    let mut required = Vec::new();
                    for field in fields {
                        let mut schema = property(&field.ty, types);
                        if let (Some(description), Value::Object(object)) = (&field.description, &mut schema) {
                            object.insert("description".into(), description.clone().into());
                        }
                        let name = snake_case(&field.name);
                        if !field.ty.nullable && !field.has_default {
                            required.push(Value::from(name.clone()));
                        }
                        properties.insert(name, schema);
                    }
                    let mut object = json!({"type": "object", "properties": properties, "additionalProperties": false});
                    if !required.is_empty() {
                        object["required"] = Value::Array(required);
                    }
                    object
                }
                _ => json!({"type": "string"}),
            },
        },
    }
}

/// One argument's value as the variable's JSON, or an error naming it.
fn coerce(value: &Value, ty: &Type, argument: &str, types: &Types) -> ToolResult<Value> {
    if value.is_null() {
        return if ty.nullable {
            Ok(Value::Null)
        } else {
            Err(ToolError::invalid(format!("`{argument}` may not be null"), "give it a value"))
        };
    }
    let wrong = |expected: &str| {
        ToolError::invalid(format!("`{argument}` is {}, not {expected}", echo(value)), "check the tool's input schema")
    };
    match &ty.base {
        BaseType::List(inner) => match value {
            Value::Array(items) => items
                .iter()
                .map(|item| coerce(item, inner, argument, types))
                .collect::<ToolResult<_>>()
                .map(Value::Array),
            // "a,b,c" for a list of names.
            Value::String(csv) => csv
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(|item| coerce(&Value::from(item), inner, argument, types))
                .collect::<ToolResult<_>>()
                .map(Value::Array),
            _ => Err(wrong("an array")),
        },
        BaseType::Named(name) => match name.as_str() {
            "Int" => match value.as_i64() {
                Some(n) if i32::try_from(n).is_ok() => Ok(value.clone()),
                _ => Err(wrong("an integer")),
            },
            "Float" => value.is_number().then(|| value.clone()).ok_or_else(|| wrong("a number")),
            "Boolean" => value.is_boolean().then(|| value.clone()).ok_or_else(|| wrong("true or false")),
            "String" | "ID" => value.is_string().then(|| value.clone()).ok_or_else(|| wrong("a string")),
            "DateTime" => instant(argument, value.as_str().ok_or_else(|| wrong("a date or instant"))?).map(Value::from),
            "NaiveDate" => {
                let text = value.as_str().ok_or_else(|| wrong("a date"))?;
                chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d").map(|_| value.clone()).map_err(|_| {
                    ToolError::invalid(format!("`{argument}` is not a date: {}", echo(text)), "use 2026-11-29")
                })
            }
            other => match types.get(other) {
                Some(Named::Enum { values }) => {
                    let text = value.as_str().unwrap_or_default();
                    values.iter().find(|v| v.eq_ignore_ascii_case(text)).map(|v| Value::from(v.as_str())).ok_or_else(
                        || {
                            let allowed: Vec<String> = values.iter().map(|v| v.to_lowercase()).collect();
                            ToolError::invalid(
                                format!("`{argument}` is {}", echo(value)),
                                format!("use one of: {}", allowed.join(", ")),
                            )
                        },
                    )
                }
                Some(Named::Input { fields }) => {
                    let Value::Object(given) = value else { return Err(wrong("an object")) };
                    for field in fields.iter().filter(|f| !f.ty.nullable && !f.has_default) {
                        if !given.contains_key(&snake_case(&field.name)) && !given.contains_key(&field.name) {
                            return Err(ToolError::invalid(
                                format!("`{argument}` needs `{}`", snake_case(&field.name)),
                                "check the tool's input schema in tools/list",
                            ));
                        }
                    }
                    let mut out = Map::new();
                    for (key, inner) in given {
                        let field =
                            fields.iter().find(|f| snake_case(&f.name) == *key || f.name == *key).ok_or_else(|| {
                                let valid: Vec<String> = fields.iter().map(|f| snake_case(&f.name)).collect();
                                ToolError::invalid(
                                    format!("`{argument}` has no field `{}`", echo(key)),
                                    format!("its fields: {}", valid.join(", ")),
                                )
                            })?;
                        out.insert(
                            field.name.clone(),
                            coerce(inner, &field.ty, &format!("{argument}.{}", echo(key)), types)?,
                        );
                    }
                    Ok(Value::Object(out))
                }
                _ => Ok(value.clone()),
            },
        },
    }
}

/// An ISO date (midnight UTC) or instant, as a GraphQL DateTime.
fn instant(argument: &str, value: &str) -> ToolResult<String> {
    if let Ok(t) = chrono::DateTime::parse_from_rfc3339(value) {
        return Ok(t.to_rfc3339());
    }
    if let Ok(d) = chrono::NaiveDate::parse_from_str(value, "%Y-%m-%d") {
        return Ok(format!("{d}T00:00:00Z"));
    }
    Err(ToolError::invalid(
        format!("`{argument}` is not a date: {}", echo(value)),
        "use 2026-11-29 or 2026-11-29T10:00:00Z",
    ))
}
