//! What a GraphQL document may cost, checked right after parsing and before
//! validation or execution: its size, its fields after fragment expansion,
//! aliases, top-level mutation fields and depth. Its size and nesting are
//! checked on the text, before the parser (which recurses) sees it.
//!
//! async-graphql's own depth and complexity checks walk the document with
//! fragments expanded, so a document whose fragments each spread the next
//! one twice costs time exponential in its length before they answer. Here
//! each fragment is measured once and its measure reused (memoized), so the
//! whole analysis is linear in the document and a fragment bomb is refused
//! without ever being expanded.

use std::collections::HashMap;

use async_graphql::parser::types::{
    Directive, DocumentOperations, ExecutableDocument, FragmentDefinition, OperationType, Selection, SelectionSet,
};
use async_graphql::{Name, Positioned, ServerError, Variables};

use super::error::ErrorCode;
use super::introspection::IntrospectionSizes;
use super::nesting;
use crate::config::Limits;
use crate::metrics::Limit;

/// The measure of a selection set with its fragments expanded.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Cost {
    fields: u64,
    aliases: u64,
    depth: u64,
    /// The values the introspection part of the answer would hold.
    introspection: u64,
    /// `__schema` selections, each spread counted.
    schemas: u64,
    /// Arguments, directives and variable definitions: each one validated
    /// (and, when wrong, answered with an error of its own).
    arguments: u64,
}

impl Cost {
    fn add(self, other: Cost) -> Cost {
        Cost {
            fields: self.fields.saturating_add(other.fields),
            aliases: self.aliases.saturating_add(other.aliases),
            depth: self.depth.max(other.depth),
            introspection: self.introspection.saturating_add(other.introspection),
            schemas: self.schemas.saturating_add(other.schemas),
            arguments: self.arguments.saturating_add(other.arguments),
        }
    }
}

/// Why a document is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DocumentError {
    #[error("the document is {size} bytes long; at most {max} are accepted")]
    TooLong { size: usize, max: usize },
    #[error("the document selects {count} fields once its fragments are expanded; at most {max} are accepted")]
    TooManyFields { count: u64, max: u64 },
    #[error("the document uses {count} aliases; at most {max} are accepted")]
    TooManyAliases { count: u64, max: u64 },
    #[error("an operation runs {count} mutations; at most {max} run in one request")]
    TooManyMutations { count: u64, max: u64 },
    #[error("the query nests {depth} levels deep; at most {max} are accepted")]
    TooDeep { depth: u64, max: u64 },
    #[error("the introspection would answer about {estimate} values; at most {max} are accepted (--max-complexity)")]
    IntrospectionTooLarge { estimate: u64, max: u64 },
    #[error("the document selects `__schema` {0} times; the schema is introspected once a request")]
    RepeatedIntrospection(u64),
    #[error("the document passes {count} arguments, directives and variables; at most {max} are accepted")]
    TooManyArguments { count: u64, max: u64 },
    #[error("the document nests fields and fragments more than {0} levels deep")]
    TooNested(usize),
    #[error(
        "the document nests brackets, braces and parentheses more than {max} levels deep (line {line}, column {column})"
    )]
    TextTooNested { line: usize, column: usize, max: usize },
    #[error("the variable `{}` nests lists and objects more than {max} levels deep", crate::text::echo(.name))]
    VariableTooNested { name: String, max: usize },
    #[error("the fragment `{}` spreads itself", crate::text::echo(.0))]
    FragmentCycle(String),
    #[error("unknown fragment `{}`", crate::text::echo(.0))]
    UnknownFragment(String),
}

impl DocumentError {
    pub fn hint(&self) -> &'static str {
        match self {
            DocumentError::TooLong { .. } => "send a shorter document: select fewer fields, or split it",
            DocumentError::TooManyFields { .. }
            | DocumentError::TooManyAliases { .. }
            | DocumentError::TooManyArguments { .. } => {
                "select fewer fields, spread each fragment fewer times, or split the document into several requests"
            }
            DocumentError::TooManyMutations { .. } => "send the mutations in several requests; nothing was written",
            DocumentError::TooDeep { .. } | DocumentError::TooNested(_) => {
                "select fewer nested levels; follow ids or refs in a second request"
            }
            DocumentError::IntrospectionTooLarge { .. } | DocumentError::RepeatedIntrospection(_) => {
                "introspect once: one `__schema` selection, without lists nested in lists (or read the committed \
                 schema.graphql)"
            }
            DocumentError::TextTooNested { .. } | DocumentError::VariableTooNested { .. } => {
                "send flatter values: no argument or variable of this schema nests more than a few levels"
            }
            DocumentError::FragmentCycle(_) | DocumentError::UnknownFragment(_) => {
                "check the fragments against the document"
            }
        }
    }

    /// The limit this error went over; None for a document that is wrong
    /// rather than too large.
    pub fn limit(&self) -> Option<Limit> {
        Some(match self {
            DocumentError::TooLong { .. } => Limit::DocumentBytes,
            DocumentError::TooManyFields { .. } => Limit::Fields,
            DocumentError::TooManyAliases { .. } => Limit::Aliases,
            DocumentError::TooManyArguments { .. } => Limit::Arguments,
            DocumentError::TooManyMutations { .. } => Limit::Mutations,
            DocumentError::TooDeep { .. } | DocumentError::TooNested(_) => Limit::Depth,
            DocumentError::IntrospectionTooLarge { .. } | DocumentError::RepeatedIntrospection(_) => {
                Limit::Introspection
            }
            DocumentError::TextTooNested { .. } | DocumentError::VariableTooNested { .. } => Limit::Nesting,
            DocumentError::FragmentCycle(_) | DocumentError::UnknownFragment(_) => return None,
        })
    }

    pub fn into_server_error(self) -> ServerError {
        if let Some(limit) = self.limit() {
            crate::metrics::metrics().limit_refused(limit);
        }
        super::error::request_error(self.to_string(), ErrorCode::BadUserInput, Some(self.hint()))
    }
}

/// An error of the document (it does not parse or validate) with the code
/// every error carries; one that already has a code keeps it.
pub fn with_code(mut error: ServerError) -> ServerError {
    if super::error::code_of(&error).is_none() {
        let hint = "check the query against the schema; ask for smaller pages or fewer nested fields";
        super::error::set_code(&mut error, ErrorCode::BadUserInput, Some(hint));
    }
    error
}

/// Fields whose subtree is introspection, with a depth limit of its own:
/// the standard introspection queries follow `ofType` further than any
/// query of the data needs to go.
fn is_introspection(field: &str) -> bool {
    field == "__schema" || field == "__type"
}

enum Memo {
    Measuring,
    Done(Cost),
}

/// What the top level of a selection set holds, fragments expanded: the
/// deepest ordinary and introspection fields, and the fields a mutation
/// would run.
#[derive(Debug, Clone, Copy, Default)]
struct TopLevel {
    depth: u64,
    introspection_depth: u64,
    fields: u64,
}

/// Nesting of fields, fragment spreads and inline fragments the analysis
/// follows (async-graphql refuses deeper documents too); it bounds the
/// analysis' own recursion.
const MAX_SELECTION_NESTING: usize = 32;

struct Analyzer<'a> {
    fragments: &'a HashMap<Name, Positioned<FragmentDefinition>>,
    sizes: &'a IntrospectionSizes,
    /// Fragments measured, by name and whether they were spread under
    /// introspection (where their lists multiply).
    memo: HashMap<(&'a str, bool), Memo>,
    top_memo: HashMap<&'a str, TopLevel>,
    nesting: usize,
    /// The selection being measured is under `__schema` or `__type`.
    introspecting: bool,
}

impl<'a> Analyzer<'a> {
    fn selection_set(&mut self, set: &'a SelectionSet) -> Result<Cost, DocumentError> {
        let mut cost = Cost::default();
        for item in &set.items {
            cost = cost.add(self.selection(&item.node)?);
        }
        Ok(cost)
    }

    fn selection(&mut self, selection: &'a Selection) -> Result<Cost, DocumentError> {
        if self.nesting >= MAX_SELECTION_NESTING {
            return Err(DocumentError::TooNested(MAX_SELECTION_NESTING));
        }
        self.nesting += 1;
        let cost = self.selection_inner(selection);
        self.nesting -= 1;
        cost
    }

    fn selection_inner(&mut self, selection: &'a Selection) -> Result<Cost, DocumentError> {
        match selection {
            Selection::Field(field) => {
                let name = field.node.name.node.as_str();
                let outside = !self.introspecting;
                let enters = outside && is_introspection(name);
                self.introspecting |= enters;
                let inner = self.selection_set(&field.node.selection_set.node);
                self.introspecting = !outside;
                let inner = inner?;
                // Under introspection, each value of a list repeats what
                // is selected under it.
                let introspection = if outside && !enters {
                    inner.introspection
                } else {
                    let per_parent = if outside { 1 } else { self.sizes.per_parent(name) };
                    per_parent.saturating_mul(inner.introspection.saturating_add(1))
                };
                Ok(Cost {
                    fields: inner.fields.saturating_add(1),
                    aliases: inner.aliases.saturating_add(u64::from(field.node.alias.is_some())),
                    depth: inner.depth.saturating_add(1),
                    introspection,
                    schemas: inner.schemas.saturating_add(u64::from(outside && name == "__schema")),
                    arguments: inner
                        .arguments
                        .saturating_add(field.node.arguments.len() as u64)
                        .saturating_add(directives(&field.node.directives)),
                })
            }
            Selection::InlineFragment(inline) => {
                let inner = self.selection_set(&inline.node.selection_set.node)?;
                Ok(Cost { arguments: inner.arguments.saturating_add(directives(&inline.node.directives)), ..inner })
            }
            Selection::FragmentSpread(spread) => {
                let inner = self.fragment(spread.node.fragment_name.node.as_str())?;
                Ok(Cost { arguments: inner.arguments.saturating_add(directives(&spread.node.directives)), ..inner })
            }
        }
    }

    fn fragment(&mut self, name: &'a str) -> Result<Cost, DocumentError> {
        match self.memo.get(&(name, self.introspecting)) {
            Some(Memo::Done(cost)) => return Ok(*cost),
            Some(Memo::Measuring) => return Err(DocumentError::FragmentCycle(name.to_owned())),
            None => {}
        }
        let (key, definition) =
            self.fragments.get_key_value(name).ok_or_else(|| DocumentError::UnknownFragment(name.to_owned()))?;
        let key = (key.as_str(), self.introspecting);
        self.memo.insert(key, Memo::Measuring);
        let cost = self.selection_set(&definition.node.selection_set.node)?;
        self.memo.insert(key, Memo::Done(cost));
        Ok(cost)
    }

    /// The top level of a selection set, each fragment measured once (the
    /// first pass has refused cycles and unknown fragments).
    fn top_level(&mut self, set: &'a SelectionSet) -> Result<TopLevel, DocumentError> {
        if self.nesting >= MAX_SELECTION_NESTING {
            return Err(DocumentError::TooNested(MAX_SELECTION_NESTING));
        }
        self.nesting += 1;
        let mut top = TopLevel::default();
        for item in &set.items {
            let inner = match &item.node {
                Selection::Field(field) => {
                    let name = field.node.name.node.as_str();
                    let depth = self.selection(&item.node)?.depth;
                    if is_introspection(name) {
                        TopLevel { introspection_depth: depth, ..TopLevel::default() }
                    } else if name.starts_with("__") {
                        TopLevel::default()
                    } else {
                        TopLevel { depth, fields: 1, ..TopLevel::default() }
                    }
                }
                Selection::InlineFragment(inline) => self.top_level(&inline.node.selection_set.node)?,
                Selection::FragmentSpread(spread) => {
                    let name = spread.node.fragment_name.node.as_str();
                    match self.top_memo.get(name) {
                        Some(done) => *done,
                        None => {
                            let (key, definition) = self
                                .fragments
                                .get_key_value(name)
                                .ok_or_else(|| DocumentError::UnknownFragment(name.to_owned()))?;
                            let measured = self.top_level(&definition.node.selection_set.node)?;
                            self.top_memo.insert(key.as_str(), measured);
                            measured
                        }
                    }
                }
            };
            top = TopLevel {
                depth: top.depth.max(inner.depth),
                introspection_depth: top.introspection_depth.max(inner.introspection_depth),
                fields: top.fields.saturating_add(inner.fields),
            };
        }
        self.nesting -= 1;
        Ok(top)
    }
}

/// Directives, each with its arguments.
fn directives(list: &[Positioned<Directive>]) -> u64 {
    list.iter().map(|d| 1 + d.node.arguments.len() as u64).sum()
}

/// Measures a document's text before it is parsed: its length, and how
/// deep its brackets nest.
pub fn check_text(text: &str, limits: &Limits) -> Result<(), DocumentError> {
    let max = limits.max_document_bytes;
    if text.len() > max {
        return Err(DocumentError::TooLong { size: text.len(), max });
    }
    nesting::check_text(text, nesting::MAX_NESTING).map_err(|at| DocumentError::TextTooNested {
        line: at.line,
        column: at.column,
        max: nesting::MAX_NESTING,
    })
}

/// Refuses variables whose values nest deeper than any argument does,
/// before async-graphql coerces them (recursively).
pub fn check_variables(variables: &Variables) -> Result<(), DocumentError> {
    match nesting::too_nested_variable(variables, nesting::MAX_NESTING) {
        Some(name) => Err(DocumentError::VariableTooNested { name, max: nesting::MAX_NESTING }),
        None => Ok(()),
    }
}

/// Measures a parsed document against the limits, its introspection by
/// the lists of the schema it runs on.
pub fn check_document(
    document: &ExecutableDocument,
    limits: &Limits,
    sizes: &IntrospectionSizes,
) -> Result<(), DocumentError> {
    let mut analyzer = Analyzer {
        fragments: &document.fragments,
        sizes,
        memo: HashMap::new(),
        top_memo: HashMap::new(),
        nesting: 0,
        introspecting: false,
    };
    let operations: Vec<_> = match &document.operations {
        DocumentOperations::Single(op) => vec![&op.node],
        DocumentOperations::Multiple(ops) => ops.values().map(|op| &op.node).collect(),
    };
    let mut total = Cost::default();
    for operation in &operations {
        total = total.add(analyzer.selection_set(&operation.selection_set.node)?);
        let declared = (operation.variable_definitions.len() as u64).saturating_add(directives(&operation.directives));
        total.arguments = total.arguments.saturating_add(declared);
    }
    // Fragments no operation spreads still cost validation time.
    for name in document.fragments.keys() {
        let name = name.as_str();
        if !analyzer.memo.contains_key(&(name, false)) && !analyzer.memo.contains_key(&(name, true)) {
            total = total.add(analyzer.fragment(name)?);
        }
    }
    if total.fields > limits.max_fields {
        return Err(DocumentError::TooManyFields { count: total.fields, max: limits.max_fields });
    }
    if total.arguments > limits.max_fields {
        return Err(DocumentError::TooManyArguments { count: total.arguments, max: limits.max_fields });
    }
    if total.aliases > limits.max_aliases {
        return Err(DocumentError::TooManyAliases { count: total.aliases, max: limits.max_aliases });
    }
    if total.schemas > 1 {
        return Err(DocumentError::RepeatedIntrospection(total.schemas));
    }
    let max = limits.max_complexity as u64;
    if total.introspection > max {
        return Err(DocumentError::IntrospectionTooLarge { estimate: total.introspection, max });
    }
    for operation in operations {
        let top = analyzer.top_level(&operation.selection_set.node)?;
        if top.depth > limits.max_depth {
            return Err(DocumentError::TooDeep { depth: top.depth, max: limits.max_depth });
        }
        if top.introspection_depth > limits.max_introspection_depth {
            return Err(DocumentError::TooDeep { depth: top.introspection_depth, max: limits.max_introspection_depth });
        }
        if operation.ty == OperationType::Mutation && top.fields > limits.max_mutations {
            return Err(DocumentError::TooManyMutations { count: top.fields, max: limits.max_mutations });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(query: &str) -> Result<(), DocumentError> {
        let document = async_graphql::parser::parse_query(query).expect("test documents parse");
        check_document(&document, &Limits::default(), &IntrospectionSizes::default())
    }

    fn bomb(levels: usize) -> String {
        let mut text = String::from("query { tasks { nodes { ...F0 } } }\n");
        for level in 0..levels {
            text.push_str(&format!("fragment F{level} on Task {{ ...F{next} ...F{next} }}\n", next = level + 1));
        }
        text.push_str(&format!("fragment F{levels} on Task {{ ref title }}\n"));
        text
    }

    #[test]
    fn fragment_bomb_is_counted_without_expansion() {
        let started = std::time::Instant::now();
        let result = check(&bomb(25));
        assert!(matches!(result, Err(DocumentError::TooManyFields { .. })), "{result:?}");
        assert_eq!(check(&bomb(60)), Err(DocumentError::TooNested(MAX_SELECTION_NESTING)));
        assert!(started.elapsed() < std::time::Duration::from_secs(1));
    }

    #[test]
    fn fragments_count_once_per_spread() {
        assert_eq!(check(&bomb(3)), Ok(()));
        let document = async_graphql::parser::parse_query(bomb(3)).expect("parses");
        let limits = Limits { max_fields: 17, ..Limits::default() };
        // tasks + nodes + 2^3 spreads of {ref title}
        assert_eq!(
            check_document(&document, &limits, &IntrospectionSizes::default()),
            Err(DocumentError::TooManyFields { count: 18, max: 17 })
        );
    }

    #[test]
    fn aliases_and_mutations_are_counted() {
        let aliases: String = (0..101).map(|i| format!("a{i}: viewer {{ username }} ")).collect();
        assert!(matches!(check(&format!("{{ {aliases} }}")), Err(DocumentError::TooManyAliases { count: 101, .. })));
        let writes: String =
            (0..26).map(|i| format!("c{i}: addComment(ref: \"A-1\", body: \"x\") {{ id }} ")).collect();
        assert!(matches!(
            check(&format!("mutation {{ {writes} }}")),
            Err(DocumentError::TooManyMutations { count: 26, .. })
        ));
    }

    #[test]
    fn introspection_has_its_own_depth() {
        let chain =
            |n: usize| format!("{{ __type(name: \"Task\") {{ {}kind{} }} }}", "ofType { ".repeat(n), " }".repeat(n));
        assert_eq!(check(&chain(10)), Ok(()));
        assert!(matches!(check(&chain(20)), Err(DocumentError::TooDeep { depth: 22, max: 16 })));
        let deep = format!("{{ {}id{} }}", "viewer { ".repeat(12), " }".repeat(12));
        assert!(matches!(check(&deep), Err(DocumentError::TooDeep { depth: 13, max: 12 })));
    }

    #[test]
    fn a_long_fragment_chain_spread_many_times_is_measured_once() {
        let spreads = "...f0 ".repeat(1_000);
        let mut text = format!("query {{ {spreads} }}\n");
        for i in 0..2_000 {
            text.push_str(&format!("fragment f{i} on Query {{ ...f{} }}\n", i + 1));
        }
        text.push_str("fragment f2000 on Query { __typename }\n");
        let document = async_graphql::parser::parse_query(&text).expect("parses");
        let started = std::time::Instant::now();
        let result = check_document(&document, &Limits::default(), &IntrospectionSizes::default());
        assert!(started.elapsed() < std::time::Duration::from_millis(500), "{:?}", started.elapsed());
        assert_eq!(result, Err(DocumentError::TooNested(MAX_SELECTION_NESTING)));
    }

    fn real_sizes() -> IntrospectionSizes {
        use crate::graphql::{MutationRoot, QueryRoot, SubscriptionRoot};
        IntrospectionSizes::of_sdl(
            &async_graphql::Schema::build(QueryRoot::default(), MutationRoot::default(), SubscriptionRoot)
                .finish()
                .sdl(),
        )
    }

    #[test]
    fn introspection_is_measured_by_the_answer_it_makes() {
        let sizes = real_sizes();
        let limits = Limits::default();
        for text in [
            include_str!("../../tests/fixtures/introspection/graphql-js-16.graphql"),
            include_str!("../../tests/fixtures/introspection/graphql-core-3.2.graphql"),
        ] {
            let document = async_graphql::parser::parse_query(text).expect("parses");
            assert_eq!(check_document(&document, &limits, &sizes), Ok(()));
            let tight = Limits { max_complexity: 20_000, ..Limits::default() };
            let refused = check_document(&document, &tight, &sizes);
            assert!(matches!(refused, Err(DocumentError::IntrospectionTooLarge { estimate, .. }) if estimate > 25_000));
        }
        let listing = "types { name fields { name type { name } } }";
        let repeated: String = (0..100).map(|i| format!("s{i}: __schema {{ {listing} }} ")).collect();
        let document = async_graphql::parser::parse_query(format!("{{ {repeated} }}")).expect("parses");
        assert_eq!(check_document(&document, &limits, &sizes), Err(DocumentError::RepeatedIntrospection(100)));
        let aliased: String = (0..100).map(|i| format!("t{i}: {listing} ")).collect();
        let document = async_graphql::parser::parse_query(format!("{{ __schema {{ {aliased} }} }}")).expect("parses");
        assert!(matches!(check_document(&document, &limits, &sizes), Err(DocumentError::IntrospectionTooLarge { .. })));
        // Lists nested in lists multiply: fields of the types of fields.
        let nested =
            format!("{{ __type(name: \"Task\") {{ {} name {} }} }}", "fields { type { ".repeat(7), "} } ".repeat(7));
        let document = async_graphql::parser::parse_query(nested).expect("parses");
        let tight = Limits { max_complexity: 10_000, ..Limits::default() };
        assert!(matches!(check_document(&document, &tight, &sizes), Err(DocumentError::IntrospectionTooLarge { .. })));
    }

    #[test]
    fn arguments_directives_and_variables_are_counted() {
        let arguments = format!("{{ viewer(a: 1{}) {{ username }} }}", " a: 1".repeat(1_000));
        assert!(matches!(check(&arguments), Err(DocumentError::TooManyArguments { count: 1_001, .. })));
        let directives = format!("{{ viewer{} {{ username }} }}", " @a".repeat(1_001));
        assert!(matches!(check(&directives), Err(DocumentError::TooManyArguments { count: 1_001, .. })));
        let variables: String = (0..1_001).map(|i| format!("$v{i}: Int ")).collect();
        assert!(matches!(
            check(&format!("query({variables}) {{ viewer {{ username }} }}")),
            Err(DocumentError::TooManyArguments { .. })
        ));
        assert_eq!(check("query($a: Int) { viewer @include(if: true) { username } }"), Ok(()));
    }

    #[test]
    fn fragment_cycles_are_refused() {
        let text = "query { viewer { ...A } } fragment A on User { ...B } fragment B on User { ...A }";
        assert!(matches!(check(text), Err(DocumentError::FragmentCycle(_))));
    }

    fn check_with(query: &str, limits: Limits) -> Result<(), DocumentError> {
        let document = async_graphql::parser::parse_query(query).expect("test documents parse");
        check_document(&document, &limits, &IntrospectionSizes::default())
    }

    #[test]
    fn each_limit_admits_its_maximum_and_refuses_one_more() {
        let fields = |n: usize| format!("{{ {} }}", "__typename ".repeat(n));
        let at = Limits { max_fields: 3, ..Limits::default() };
        assert_eq!(check_with(&fields(3), at), Ok(()));
        assert_eq!(check_with(&fields(4), at), Err(DocumentError::TooManyFields { count: 4, max: 3 }));

        let arguments = |n: usize| format!("{{ viewer{} {{ username }} }}", " @a".repeat(n));
        let at = Limits { max_fields: 3, ..Limits::default() };
        assert_eq!(check_with(&arguments(3), at), Ok(()));
        assert_eq!(check_with(&arguments(4), at), Err(DocumentError::TooManyArguments { count: 4, max: 3 }));

        let aliases = |n: usize| format!("{{ {} }}", (0..n).map(|i| format!("a{i}: __typename ")).collect::<String>());
        let at = Limits { max_aliases: 2, ..Limits::default() };
        assert_eq!(check_with(&aliases(2), at), Ok(()));
        assert_eq!(check_with(&aliases(3), at), Err(DocumentError::TooManyAliases { count: 3, max: 2 }));

        let deep = |n: usize| format!("{{ {}id{} }}", "viewer { ".repeat(n - 1), " }".repeat(n - 1));
        let at = Limits { max_depth: 4, ..Limits::default() };
        assert_eq!(check_with(&deep(4), at), Ok(()));
        assert_eq!(check_with(&deep(5), at), Err(DocumentError::TooDeep { depth: 5, max: 4 }));

        let chain =
            |n: usize| format!("{{ __type(name: \"Task\") {{ {}kind{} }} }}", "ofType { ".repeat(n), " }".repeat(n));
        let at = Limits { max_introspection_depth: 4, ..Limits::default() };
        assert_eq!(check_with(&chain(2), at), Ok(()));
        assert_eq!(check_with(&chain(3), at), Err(DocumentError::TooDeep { depth: 5, max: 4 }));

        let writes = |n: usize| {
            format!("mutation {{ {} }}", (0..n).map(|i| format!("c{i}: endAgent {{ id }} ")).collect::<String>())
        };
        let at = Limits { max_mutations: 2, ..Limits::default() };
        assert_eq!(check_with(&writes(2), at), Ok(()));
        assert_eq!(check_with(&writes(3), at), Err(DocumentError::TooManyMutations { count: 3, max: 2 }));
        // A query's top-level fields are not mutations.
        let reads = format!("{{ {} }}", (0..3).map(|i| format!("v{i}: viewer {{ id }} ")).collect::<String>());
        assert_eq!(check_with(&reads, at), Ok(()));
    }

    #[test]
    fn the_introspection_estimate_is_exact_for_a_known_schema() {
        // __schema (1) over types (120, each with its name: 2 values).
        let query = "{ viewer { username id } __schema { types { name } } }";
        let at = Limits { max_complexity: 241, ..Limits::default() };
        assert_eq!(check_with(query, at), Ok(()));
        let under = Limits { max_complexity: 240, ..Limits::default() };
        assert_eq!(check_with(query, under), Err(DocumentError::IntrospectionTooLarge { estimate: 241, max: 240 }));
        // Ordinary fields cost no introspection, however many.
        let ordinary =
            format!("{{ {} }}", (0..50).map(|i| format!("v{i}: viewer {{ username }} ")).collect::<String>());
        assert_eq!(check_with(&ordinary, Limits { max_complexity: 1, ..Limits::default() }), Ok(()));
    }

    #[test]
    fn directives_of_fragments_count_with_their_arguments() {
        let at = Limits { max_fields: 1, ..Limits::default() };
        let inline = "{ ... on Query @skip(if: false) { __typename } }";
        assert_eq!(check_with(inline, at), Err(DocumentError::TooManyArguments { count: 2, max: 1 }));
        let spread = "{ ...F @skip(if: false) } fragment F on Query { __typename }";
        assert_eq!(check_with(spread, at), Err(DocumentError::TooManyArguments { count: 2, max: 1 }));
        let bare = "{ ...F @a } fragment F on Query { __typename }";
        assert_eq!(check_with(bare, at), Ok(()));
    }

    #[test]
    fn fragments_no_operation_spreads_are_counted_once() {
        let at = Limits { max_fields: 3, ..Limits::default() };
        let spread = "{ ...F } fragment F on Query { a: __typename b: __typename c: __typename }";
        assert_eq!(check_with(spread, at), Ok(()));
        let unspread = "{ __typename } fragment F on Query { a: __typename b: __typename c: __typename }";
        assert_eq!(check_with(unspread, at), Err(DocumentError::TooManyFields { count: 4, max: 3 }));
    }

    #[test]
    fn sibling_fragments_do_not_add_up_to_nesting() {
        let siblings = format!("{{ {} }}", "... on Query { __typename } ".repeat(MAX_SELECTION_NESTING + 8));
        assert_eq!(check(&siblings), Ok(()));
    }

    #[test]
    fn text_and_variables_are_measured_before_parsing() {
        let limits = Limits { max_document_bytes: 16, ..Limits::default() };
        assert_eq!(check_text("{ __typename }  ", &limits), Ok(()));
        assert_eq!(check_text("{ __typename }   ", &limits), Err(DocumentError::TooLong { size: 17, max: 16 }));
        let nested = format!("{{ viewer(a: {}1{}) {{ id }} }}", "[".repeat(200), "]".repeat(200));
        assert!(matches!(check_text(&nested, &Limits::default()), Err(DocumentError::TextTooNested { line: 1, .. })));
        let mut value = serde_json::json!(1);
        for _ in 0..200 {
            value = serde_json::json!([value]);
        }
        let variables = Variables::from_json(serde_json::json!({ "deep": value, "flat": 1 }));
        assert_eq!(
            check_variables(&variables),
            Err(DocumentError::VariableTooNested { name: "deep".into(), max: nesting::MAX_NESTING })
        );
        assert_eq!(check_variables(&Variables::from_json(serde_json::json!({ "flat": [[1]] }))), Ok(()));
    }

    #[test]
    fn every_refusal_says_what_to_narrow() {
        let refusal = DocumentError::TooLong { size: 2, max: 1 }.into_server_error();
        let extensions = refusal.extensions.expect("a code and a hint");
        assert_eq!(extensions.get("code"), Some(&async_graphql::Value::from("BAD_USER_INPUT")));
        assert_eq!(
            extensions.get("hint"),
            Some(&async_graphql::Value::from(DocumentError::TooLong { size: 2, max: 1 }.hint()))
        );
        assert!(DocumentError::TooLong { size: 2, max: 1 }.hint().contains("shorter document"));
        assert!(DocumentError::TooManyMutations { count: 2, max: 1 }.hint().contains("nothing was written"));
        assert!(DocumentError::RepeatedIntrospection(2).hint().contains("introspect once"));
    }
}
