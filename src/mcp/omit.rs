//! The document a call runs: a tool's operation without the arguments
//! the call left out. The GraphQL spec leaves out what an absent variable
//! without a default is passed to, but async-graphql passes null, which
//! clears a field; so such arguments and input fields are taken out of the
//! document. Each set of omissions is made once per tool and kept (a
//! bounded number of them), not redone per call.

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex};

use async_graphql::parser::types::{
    DocumentOperations, ExecutableDocument, OperationDefinition, Selection, SelectionSet,
};
use async_graphql_value::Value;

/// How many sets of omissions one tool keeps; past it they are made again
/// (a tool of many optional arguments has more sets than calls use).
const MAX_KEPT: usize = 64;

/// The documents of one tool, by the variables they leave out.
#[derive(Debug, Default)]
pub struct Omissions {
    kept: Mutex<HashMap<BTreeSet<String>, Arc<ExecutableDocument>>>,
}

impl Omissions {
    /// `document` without what `omitted` is passed to.
    pub fn document(&self, document: &Arc<ExecutableDocument>, omitted: &BTreeSet<String>) -> Arc<ExecutableDocument> {
        if omitted.is_empty() {
            return document.clone();
        }
        let Ok(mut kept) = self.kept.lock() else { return Arc::new(without(document, omitted)) };
        if let Some(made) = kept.get(omitted) {
            return made.clone();
        }
        let made = Arc::new(without(document, omitted));
        if kept.len() >= MAX_KEPT {
            kept.clear();
        }
        kept.insert(omitted.clone(), made.clone());
        made
    }
}

fn without(document: &ExecutableDocument, omitted: &BTreeSet<String>) -> ExecutableDocument {
    let mut document = document.clone();
    leave_out(&mut document, omitted);
    document
}

pub fn operations(document: &mut ExecutableDocument) -> Vec<&mut OperationDefinition> {
    match &mut document.operations {
        DocumentOperations::Single(operation) => vec![&mut operation.node],
        DocumentOperations::Multiple(operations) => operations.values_mut().map(|o| &mut o.node).collect(),
    }
}

/// A variable the call left out leaves out what it was passed to, as the
/// GraphQL spec says.
fn leave_out(document: &mut ExecutableDocument, absent: &BTreeSet<String>) {
    for operation in operations(document) {
        leave_out_of_set(&mut operation.selection_set.node, absent);
        operation.variable_definitions.retain(|d| !absent.contains(d.node.name.node.as_str()));
    }
    for fragment in document.fragments.values_mut() {
        leave_out_of_set(&mut fragment.node.selection_set.node, absent);
    }
}

fn is_absent(value: &Value, absent: &BTreeSet<String>) -> bool {
    matches!(value, Value::Variable(name) if absent.contains(name.as_str()))
}

fn leave_out_of_set(set: &mut SelectionSet, absent: &BTreeSet<String>) {
    for item in &mut set.items {
        match &mut item.node {
            Selection::Field(field) => {
                let field = &mut field.node;
                field.arguments.retain(|(_, value)| !is_absent(&value.node, absent));
                field.arguments.iter_mut().for_each(|(_, value)| leave_out_of_value(&mut value.node, absent));
                leave_out_of_set(&mut field.selection_set.node, absent);
            }
            Selection::InlineFragment(inline) => leave_out_of_set(&mut inline.node.selection_set.node, absent),
            Selection::FragmentSpread(_) => {}
        }
    }
}

/// An input object's field set to an absent variable is left out; a list's
/// element is null (a list has no holes).
fn leave_out_of_value(value: &mut Value, absent: &BTreeSet<String>) {
    match value {
        Value::Object(fields) => {
            fields.retain(|_, inner| !is_absent(inner, absent));
            fields.values_mut().for_each(|inner| leave_out_of_value(inner, absent));
        }
        Value::List(items) => {
            for inner in items {
                if is_absent(inner, absent) {
                    *inner = Value::Null;
                }
                leave_out_of_value(inner, absent);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn printed(document: &ExecutableDocument) -> String {
        format!("{:?}", document).replace(char::is_whitespace, "")
    }

    #[test]
    fn what_an_omitted_variable_is_passed_to_is_left_out_once_per_set() {
        let text = "query Q($a: String, $b: [String], $c: Int) { f(a: $a, input: {x: $a, y: $c}, list: [$b, \"k\"]) { g(c: $c) } }";
        let document = Arc::new(async_graphql::parser::parse_query(text).expect("parses"));
        let omissions = Omissions::default();
        let none = omissions.document(&document, &BTreeSet::new());
        assert!(Arc::ptr_eq(&none, &document), "nothing omitted: the document itself");

        let omitted = BTreeSet::from(["a".to_owned(), "b".to_owned()]);
        let made = omissions.document(&document, &omitted);
        let shown = printed(&made);
        assert!(!shown.contains("Variable(Name(\"a\"))") && !shown.contains("Name(\"b\")"), "{shown}");
        assert!(shown.contains("Variable(Name(\"c\"))"), "the rest stays: {shown}");
        assert!(shown.contains("Null"), "a list element becomes null: {shown}");
        let again = omissions.document(&document, &omitted);
        assert!(Arc::ptr_eq(&made, &again), "made once, then kept");
    }
}
