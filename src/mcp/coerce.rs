//! Argument values between JSON and GraphQL: the JSON Schema a tool's
//! argument is described by (from the schema's input types), and a call's
//! JSON checked and turned into the variable's value, or an error that
//! names the argument and what it allows.

use async_graphql::parser::types::{BaseType, Type};
use serde_json::{Map, Value, json};

use super::document::snake_case;
use super::error::{ToolError, ToolResult};
use super::types::{InputField, Named, Types};
use crate::text::echo;

/// The JSON Schema of a GraphQL input type, in the subset strict clients
/// accept (one type per property, closed objects, no null alternatives).
pub fn property(ty: &Type, types: &Types) -> Value {
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
pub fn coerce(value: &Value, ty: &Type, argument: &str, types: &Types) -> ToolResult<Value> {
    if value.is_null() {
        return if ty.nullable {
            Ok(Value::Null)
        } else {
            Err(ToolError::invalid(format!("`{argument}` may not be null"), "give it a value"))
        };
    }
    match &ty.base {
        BaseType::List(inner) => coerce_list(value, inner, argument, types),
        BaseType::Named(name) => coerce_named(value, name.as_str(), argument, types),
    }
}

pub fn wrong(argument: &str, value: &Value, expected: &str) -> ToolError {
    ToolError::invalid(format!("`{argument}` is {}, not {expected}", echo(value)), "check the tool's input schema")
}

fn coerce_list(value: &Value, inner: &Type, argument: &str, types: &Types) -> ToolResult<Value> {
    let items: Vec<Value> = match value {
        Value::Array(items) => items.clone(),
        // "a,b,c" for a list of names.
        Value::String(csv) => csv.split(',').map(str::trim).filter(|s| !s.is_empty()).map(Value::from).collect(),
        _ => return Err(wrong(argument, value, "an array")),
    };
    items.iter().map(|item| coerce(item, inner, argument, types)).collect::<ToolResult<_>>().map(Value::Array)
}

fn coerce_named(value: &Value, name: &str, argument: &str, types: &Types) -> ToolResult<Value> {
    let wrong = |expected: &str| wrong(argument, value, expected);
    match name {
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
            Some(Named::Enum { values }) => coerce_enum(value, values, argument),
            Some(Named::Input { fields }) => {
                let Value::Object(given) = value else { return Err(wrong("an object")) };
                coerce_input(given, fields, argument, types)
            }
            _ => Ok(value.clone()),
        },
    }
}

/// An enum value in any case, as the schema spells it.
fn coerce_enum(value: &Value, values: &[String], argument: &str) -> ToolResult<Value> {
    let text = value.as_str().unwrap_or_default();
    values.iter().find(|v| v.eq_ignore_ascii_case(text)).map(|v| Value::from(v.as_str())).ok_or_else(|| {
        let allowed: Vec<String> = values.iter().map(|v| v.to_lowercase()).collect();
        ToolError::invalid(format!("`{argument}` is {}", echo(value)), format!("use one of: {}", allowed.join(", ")))
    })
}

/// An input object, its fields named in snake_case or as the schema does.
fn coerce_input(given: &Map<String, Value>, fields: &[InputField], argument: &str, types: &Types) -> ToolResult<Value> {
    let named = |field: &InputField, key: &str| snake_case(&field.name) == key || field.name == key;
    if let Some(field) =
        fields.iter().find(|f| !f.ty.nullable && !f.has_default && !given.keys().any(|key| named(f, key)))
    {
        return Err(ToolError::invalid(
            format!("`{argument}` needs `{}`", snake_case(&field.name)),
            "check the tool's input schema in tools/list",
        ));
    }
    let mut out = Map::new();
    for (key, inner) in given {
        let field = fields.iter().find(|f| named(f, key)).ok_or_else(|| {
            let valid: Vec<String> = fields.iter().map(|f| snake_case(&f.name)).collect();
            ToolError::invalid(
                format!("`{argument}` has no field `{}`", echo(key)),
                format!("its fields: {}", valid.join(", ")),
            )
        })?;
        out.insert(field.name.clone(), coerce(inner, &field.ty, &format!("{argument}.{}", echo(key)), types)?);
    }
    Ok(Value::Object(out))
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
