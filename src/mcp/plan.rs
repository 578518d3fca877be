//! Stage one of a tool call: the call's arguments read once, against the
//! roles `arguments` gave them, into one plan: the operation's variables
//! (defaults sent as values, `fields` turned into the `@include` flags it
//! needs), the variables left out, how the reply is shaped, and the budget
//! it must fit with every clamp applied. No later stage reads an argument.

use std::collections::{BTreeSet, HashSet};

use serde_json::{Map, Value};

use super::arguments::{Arguments, Role, Spec};
use super::coerce::{coerce, wrong};
use super::document::ToolDocument;
use super::error::{ToolError, ToolResult};
use super::guard::Budget;
use super::reply::{Form, Style};
use super::types::Types;
use crate::error_code::ErrorCode;
use crate::text::echo;

/// The smallest `max_chars`: below it, hardly a record fits.
pub const MIN_MAX_CHARS: i64 = 1_000;
/// More names than any reply has fields is a mistake, not a selection.
const MAX_FIELDS: usize = 64;

/// One call, ready to run.
pub struct Plan {
    pub variables: Map<String, Value>,
    /// Variables the call left out that have no default: what they are
    /// passed to is left out of the operation (null would clear it).
    pub omitted: BTreeSet<String>,
    pub style: Style,
    pub form: Form,
    pub budget: Budget,
}

/// The arguments as read, before the plan is made of them.
#[derive(Default)]
struct Read {
    variables: Map<String, Value>,
    absent: HashSet<String>,
    max_chars: Option<usize>,
    form: Form,
    verbose: bool,
    fields: Option<Vec<String>>,
    asked: HashSet<String>,
}

impl Arguments {
    /// Reads a call's arguments into its plan, within the server's `cap`.
    pub fn plan(
        &self,
        arguments: Option<Map<String, Value>>,
        document: &ToolDocument,
        types: &Types,
        cap: usize,
    ) -> ToolResult<Plan> {
        let arguments = self.with_aliases_resolved(arguments.unwrap_or_default())?;
        self.refuse_unknown(&arguments)?;
        let mut read = Read::default();
        for spec in &self.specs {
            self.read_one(spec, arguments.get(&spec.argument), types, &mut read)?;
        }
        read.set_given_flags(&self.specs);
        if let Some(names) = read.fields.clone() {
            read.select_fields(document, &names)?;
        }
        Ok(read.into_plan(document, self, cap))
    }

    /// The arguments with each alias given under the name it stands for.
    fn with_aliases_resolved(&self, mut arguments: Map<String, Value>) -> ToolResult<Map<String, Value>> {
        for (alias, argument) in &self.aliases {
            let Some(value) = arguments.remove(alias) else { continue };
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
        Ok(arguments)
    }

    fn refuse_unknown(&self, arguments: &Map<String, Value>) -> ToolResult<()> {
        let offered = || self.specs.iter().filter(|s| !matches!(s.role, Role::Given { .. }));
        match arguments.keys().find(|k| !offered().any(|s| &s.argument == *k)) {
            Some(unknown) => {
                let valid: Vec<&str> = offered().map(|s| s.argument.as_str()).collect();
                Err(ToolError::invalid(
                    format!("unknown argument `{}`", echo(unknown)),
                    format!("this tool takes: {}", valid.join(", ")),
                ))
            }
            None => Ok(()),
        }
    }

    fn read_one(&self, spec: &Spec, given: Option<&Value>, types: &Types, read: &mut Read) -> ToolResult<()> {
        // Null is a value for a variable without a default (it clears what
        // it is passed to); for any other argument it is the default.
        let clears = matches!(spec.role, Role::Value { defaulted: false, .. });
        let given = given.filter(|v| !v.is_null() || clears);
        let argument = spec.argument.as_str();
        if given.is_none() && spec.required {
            return Err(ToolError::invalid(
                format!("`{argument}` is required"),
                "check the tool's input schema in tools/list",
            ));
        }
        let variable = spec.variable.clone().unwrap_or_default();
        let Some(value) = given else {
            if matches!(spec.role, Role::Value { .. } | Role::Limit { .. } | Role::View | Role::Verbose) {
                read.absent.insert(variable);
            }
            return Ok(());
        };
        let value = match &spec.role {
            Role::Given { .. } => return Ok(()),
            Role::Value { ty, range, .. } => {
                let value = coerce(value, ty, argument, types)?;
                check_range(&value, *range, argument)?;
                value
            }
            Role::Limit { ty } => {
                let value = coerce(value, ty, argument, types)?;
                check_limit(&value, self.max_limit)?;
                value
            }
            Role::View => view(value)?.into(),
            Role::Verbose => {
                read.verbose = value.as_bool().ok_or_else(|| wrong(argument, value, "true or false"))?;
                value.clone()
            }
            Role::MaxChars { most } => {
                let n = max_chars(value)?;
                read.max_chars = Some(usize::try_from(n).unwrap_or(usize::MAX));
                // The window it sizes is at most its `@range`'s top: a larger
                // cap is still a cap.
                let Some(most) = most else { return Ok(()) };
                n.min(*most).into()
            }
            Role::Format => {
                read.form = form(value)?;
                return Ok(());
            }
            Role::Fields => {
                read.fields = Some(fields(value)?);
                return Ok(());
            }
        };
        read.variables.insert(variable, value);
        Ok(())
    }
}

impl Read {
    /// Each `$withX` is whether `x` was given; `x` given as null, zero,
    /// false or empty is `x` left out: its default, not a value nothing
    /// asked for.
    fn set_given_flags(&mut self, specs: &[Spec]) {
        for spec in specs {
            let (Role::Given { of }, Some(name)) = (&spec.role, &spec.variable) else { continue };
            let given = self.variables.get(of).is_some_and(|v| {
                !matches!(v, Value::Null | Value::Bool(false)) && v.as_f64() != Some(0.0) && v.as_str() != Some("")
            });
            self.variables.insert(name.clone(), given.into());
            self.absent.remove(name);
            if given {
                self.asked.insert(name.clone());
            } else if self.variables.remove(of).is_some() {
                self.absent.insert(of.clone());
            }
        }
    }

    /// `fields` wins over the view: each `@include` variable the reply's
    /// fields sit under is on exactly when a named field needs it, so only
    /// what is named is read. An unknown name is refused with the valid ones.
    fn select_fields(&mut self, document: &ToolDocument, names: &[String]) -> ToolResult<()> {
        let internal = || ToolError::new(ErrorCode::Internal, "the tool has no fields", "report this");
        let plan = document.item_plan().ok_or_else(internal)?;
        let keys: Vec<(&str, &[String])> =
            plan.each_field().map(|(_, _, output)| (output.name.as_str(), output.conditions.as_slice())).collect();
        if let Some(unknown) = names.iter().find(|n| !keys.iter().any(|(k, _)| *k == n.as_str())) {
            let valid: Vec<&str> = keys.iter().map(|(k, _)| *k).collect();
            return Err(ToolError::invalid(
                format!("`fields`: unknown field `{}`", echo(unknown)),
                format!("valid fields: {}", valid.join(", ")),
            ));
        }
        for condition in keys.iter().flat_map(|(_, c)| c.iter()) {
            self.variables.insert(condition.clone(), false.into());
            self.absent.remove(condition);
        }
        for (_, conditions) in keys.iter().filter(|(k, _)| names.iter().any(|n| n.as_str() == *k)) {
            for condition in conditions.iter() {
                self.variables.insert(condition.clone(), true.into());
            }
        }
        Ok(())
    }

    fn into_plan(mut self, document: &ToolDocument, arguments: &Arguments, server_cap: usize) -> Plan {
        let cap = self.max_chars.map_or(server_cap, |m| m.min(server_cap));
        let variable_of =
            |role: fn(&Role) -> bool| arguments.specs.iter().find(|s| role(&s.role)).and_then(|s| s.variable.clone());
        // A window sized by `max_chars` is never larger than the reply's cap.
        let sized = variable_of(|r| matches!(r, Role::MaxChars { most: Some(_) }));
        if let Some(variable) = sized {
            if let Some(Value::Number(n)) = self.variables.get(&variable) {
                let chars = n.as_u64().map_or(cap, |n| usize::try_from(n).unwrap_or(usize::MAX).min(cap));
                self.variables.insert(variable, chars.into());
            }
        }
        let omitted = document
            .variables
            .iter()
            .filter(|v| self.absent.contains(&v.name) && v.definition.default_value.is_none())
            .map(|v| v.name.clone())
            .collect();
        // async-graphql drops `@include(if: $v)` selections when `$v` is
        // left to its default: every default is sent as a value.
        for variable in &document.variables {
            if let (Some(default), false) =
                (&variable.definition.default_value, self.variables.contains_key(&variable.name))
            {
                let value = default.node.clone().into_json().unwrap_or(Value::Null);
                self.variables.insert(variable.name.clone(), value);
            }
        }
        // A document's default page above the server's largest asks for
        // the largest.
        if let Some(limit) = variable_of(|r| matches!(r, Role::Limit { .. })) {
            if self.variables.get(&limit).and_then(Value::as_i64).is_some_and(|n| n > arguments.max_limit) {
                self.variables.insert(limit, arguments.max_limit.into());
            }
        }
        // A write runs once; a read may run again with a narrower window.
        let resizable = if document.write {
            HashSet::new()
        } else {
            self.variables.iter().filter(|(_, v)| !v.is_null()).map(|(name, _)| name.clone()).collect()
        };
        Plan {
            variables: self.variables,
            omitted,
            style: Style {
                verbose: self.verbose,
                fields: self.fields,
                asked: self.asked,
                table: self.form == Form::Table,
                write_items: true,
            },
            form: self.form,
            budget: Budget { cap, resizable },
        }
    }
}

fn check_range(value: &Value, range: Option<(i64, i64)>, argument: &str) -> ToolResult<()> {
    match range {
        Some((min, max)) if value.as_i64().is_some_and(|n| n < min || n > max) => {
            Err(ToolError::invalid(format!("`{argument}` is {}", echo(value)), format!("use {min} to {max}")))
        }
        _ => Ok(()),
    }
}

fn check_limit(value: &Value, most: i64) -> ToolResult<()> {
    match value.as_i64() {
        Some(n) if (1..=most).contains(&n) => Ok(()),
        _ => Err(ToolError::invalid(
            format!("`limit` is {}", echo(value)),
            format!("use 1 to {most}, and `cursor` for more"),
        )),
    }
}

fn view(value: &Value) -> ToolResult<bool> {
    match value.as_str() {
        Some("full") => Ok(true),
        Some("summary") => Ok(false),
        _ => Err(ToolError::invalid(format!("`view` is {}", echo(value)), "use summary or full")),
    }
}

fn max_chars(value: &Value) -> ToolResult<i64> {
    match value.as_i64() {
        Some(n) if n >= MIN_MAX_CHARS => Ok(n),
        _ => Err(ToolError::invalid(format!("`max_chars` is {}", echo(value)), format!("use {MIN_MAX_CHARS} or more"))),
    }
}

fn form(value: &Value) -> ToolResult<Form> {
    match value.as_str() {
        Some("object") => Ok(Form::Object),
        Some("table") => Ok(Form::Table),
        _ => Err(ToolError::invalid(format!("`format` is {}", echo(value)), "use object or table")),
    }
}

/// `fields` as a list of names (or one comma-separated string), each once.
fn fields(value: &Value) -> ToolResult<Vec<String>> {
    let names: Vec<String> = match value {
        Value::Array(items) if items.iter().all(Value::is_string) => {
            items.iter().filter_map(Value::as_str).map(str::to_owned).collect()
        }
        Value::String(csv) => csv.split(',').map(|s| s.trim().to_owned()).collect(),
        _ => return Err(ToolError::invalid("`fields` is not a list of names", "pass [\"ref\", \"title\"]")),
    };
    let mut names: Vec<String> = names.into_iter().filter(|n| !n.is_empty()).collect();
    let named = names.len();
    let mut seen = HashSet::new();
    names.retain(|n| seen.insert(n.clone()));
    if named > MAX_FIELDS {
        return Err(ToolError::invalid(format!("`fields` names {named} fields"), format!("name at most {MAX_FIELDS}")));
    }
    if names.is_empty() {
        return Err(ToolError::invalid("`fields` is empty", "name at least one field, or leave `fields` out"));
    }
    Ok(names)
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use std::sync::Arc;

    use serde_json::json;

    use super::*;
    use crate::mcp::document::Shared;
    use crate::mcp::names::Names;

    const SDL: &str =
        "type Query { items(first: Int, after: String, text: String): ItemConnection! page(maxChars: Int): Window! }
        type ItemConnection { totalCount: Int! edges: [ItemEdge!]! pageInfo: PageInfo! }
        type ItemEdge { cursor: String! node: Item! }
        type Item { id: ID! }
        type Window { text: String! truncated: Boolean! }
        type PageInfo { hasNextPage: Boolean! endCursor: String }";

    fn arguments(text: &str, max_page: i64) -> (ToolDocument, Arguments, Types) {
        let types = Types::from_sdl(SDL).expect("sdl");
        let document = ToolDocument::parse("t.graphql", text, &types, &Shared { name: "", text: "" }).expect("a tool");
        let names = Names::of(&document, &Arc::new(HashMap::new()));
        let arguments = Arguments::of(&document, &names, &types, max_page).expect("arguments");
        (document, arguments, types)
    }

    const LIST: &str = "# Items.\nquery Items($first: Int = 500, $after: String, $text: String) {
        items(first: $first, after: $after, text: $text) { totalCount edges { cursor node { id } } pageInfo { hasNextPage endCursor } } }";

    #[test]
    fn a_default_page_above_the_largest_asks_for_the_largest() {
        let (document, arguments, types) = arguments(LIST, 200);
        let plan = arguments.plan(None, &document, &types, 10_000).expect("a plan");
        assert_eq!(plan.variables["first"], 200);
        let given = arguments.plan(
            Some(json!({"limit": 7}).as_object().cloned().unwrap_or_default()),
            &document,
            &types,
            10_000,
        );
        assert_eq!(given.expect("a plan").variables["first"], 7);
    }

    #[test]
    fn arguments_left_out_without_a_default_are_omitted_and_null_is_a_value_only_where_it_clears() {
        let (document, arguments, types) = arguments(LIST, 200);
        let plan = arguments.plan(None, &document, &types, 10_000).expect("a plan");
        assert_eq!(plan.omitted, BTreeSet::from(["after".to_owned(), "text".to_owned()]));
        let with_text = json!({"text": null, "limit": null}).as_object().cloned();
        let plan = arguments.plan(with_text, &document, &types, 10_000).expect("a plan");
        // `text` has no default: null is its value; `limit` null is its default.
        assert_eq!((plan.variables.get("text"), plan.variables["first"].as_i64()), (Some(&Value::Null), Some(200)));
        assert_eq!(plan.omitted, BTreeSet::from(["after".to_owned()]));
    }

    #[test]
    fn the_budget_is_the_lower_of_the_servers_cap_and_max_chars_and_sizes_the_declared_window() {
        let (document, arguments, types) = arguments(
            "# Page.\nquery Page(\n  # @range 1000..20000\n  $maxChars: Int = 8000\n) { page(maxChars: $maxChars) { text truncated } }",
            200,
        );
        let call =
            |value: Value| arguments.plan(json!({"max_chars": value}).as_object().cloned(), &document, &types, 5_000);
        let plan = call(json!(3_000)).expect("a plan");
        assert_eq!((plan.budget.cap, plan.variables["maxChars"].as_i64()), (3_000, Some(3_000)));
        // Above the server's cap the cap wins; above the range, the range.
        let plan = call(json!(50_000)).expect("a plan");
        assert_eq!((plan.budget.cap, plan.variables["maxChars"].as_i64()), (5_000, Some(5_000)));
        let wide = arguments.plan(json!({"max_chars": 50_000}).as_object().cloned(), &document, &types, 100_000);
        assert_eq!(wide.expect("a plan").variables["maxChars"], 20_000);
        // Left out: the window's default, and the server's cap.
        let plan = arguments.plan(None, &document, &types, 5_000).expect("a plan");
        assert_eq!((plan.budget.cap, plan.variables["maxChars"].as_i64()), (5_000, Some(8_000)));
        assert!(plan.budget.resizable.contains("maxChars"), "a read may read the window again");
        let err = call(json!(999)).err().expect("refused");
        assert_eq!(err.code, ErrorCode::BadUserInput);
    }
}
