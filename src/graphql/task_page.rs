//! A page of tasks written in one pass. Where every selected field reads
//! what the page's statement and its primed loaders already hold, the
//! connection's value is built directly, without async-graphql's boxed
//! future, context and allocation per field (3-6% of the gateway's CPU on
//! a page, measured); any other selection takes the ordinary path, which gives
//! the same values, so a field this pass does not know is never wrong, only
//! slower. Fields come in the order asked, as the GraphQL spec says (the
//! ordinary path writes a connection's in the order they finish).

use std::borrow::Cow;
use std::collections::HashMap;

use async_graphql::connection::{CursorType, Edge, EmptyFields};
use async_graphql::indexmap::IndexMap;
use async_graphql::parser::types::{Field, FragmentDefinition, Selection, SelectionSet};
use async_graphql::registry::Registry;
use async_graphql::resolver_utils::enum_value;
use async_graphql::{ContextSelectionSet, Name, OutputType, Positioned, ScalarType, ServerResult, Value};

use entity::{label, status, user};

use crate::store::cursor::Cursor;

use super::connection::Conn;
use super::ids;
use super::loaders::TaskLabelsOf;
use super::project::StatusCategory;
use super::task::{Priority, Task, TaskKind};

/// A connection of tasks, with what its items' loaders were primed with.
pub struct TaskPage {
    conn: Conn<Task>,
    /// Each task's labels, when the selection asked for them.
    labels: HashMap<TaskLabelsOf, Vec<label::Model>>,
}

impl TaskPage {
    pub fn new(conn: Conn<Task>, labels: HashMap<TaskLabelsOf, Vec<label::Model>>) -> Self {
        Self { conn, labels }
    }

    /// The connection's value, or None where a selected field needs more
    /// than the page holds. The selection is checked first, so a page that
    /// falls back has not run its count; a count that fails falls back too,
    /// and the ordinary path reports its error where it belongs.
    async fn in_one_pass(&self, ctx: &ContextSelectionSet<'_>) -> Option<Value> {
        let walk = Walk { fragments: &ctx.query_env.fragments };
        let set = &ctx.item.node;
        let edge_type = <Edge<Cursor, Task, EmptyFields> as OutputType>::type_name();
        // The count waits until the whole selection is known to be readable.
        let mut counts: Vec<&Positioned<Field>> = Vec::new();
        let mut value =
            walk.object(set, &Conn::<Task>::type_name(), &mut |field| match field.node.name.node.as_str() {
                "totalCount" => {
                    counts.push(field);
                    Some(Value::Null)
                }
                "nodes" => self.conn.edges.iter().map(|edge| self.task(&walk, &edge.node, &field.node)).collect(),
                "edges" => self
                    .conn
                    .edges
                    .iter()
                    .map(|edge| {
                        walk.object(&field.node.selection_set.node, &edge_type, &mut |field| match field
                            .node
                            .name
                            .node
                            .as_str()
                        {
                            "cursor" => Some(Value::String(edge.cursor.encode_cursor())),
                            "node" => self.task(&walk, &edge.node, &field.node),
                            _ => None,
                        })
                    })
                    .collect(),
                "pageInfo" => walk.object(&field.node.selection_set.node, "PageInfo", &mut |field| {
                    let cursor = |edge: Option<&Edge<Cursor, Task, EmptyFields>>| {
                        edge.map_or(Value::Null, |edge| Value::String(edge.cursor.encode_cursor()))
                    };
                    Some(match field.node.name.node.as_str() {
                        "hasPreviousPage" => Value::Boolean(self.conn.has_previous_page),
                        "hasNextPage" => Value::Boolean(self.conn.has_next_page),
                        "startCursor" => cursor(self.conn.edges.first()),
                        "endCursor" => cursor(self.conn.edges.last()),
                        _ => return None,
                    })
                }),
                _ => None,
            })?;
        if let (Some(first), Value::Object(object)) = (counts.first(), &mut value) {
            let count = self.conn.additional_fields.total_count(&ctx.with_field(first)).await.ok()?;
            for field in counts {
                object.insert(field.node.response_key().node.clone(), Value::from(count));
            }
        }
        Some(value)
    }

    fn task<'a>(&self, walk: &Walk<'a>, task: &Task, field: &'a Field) -> Option<Value> {
        let labels = |id: i64| self.labels.get(&TaskLabelsOf(id));
        walk.object(&field.selection_set.node, "Task", &mut |field| task.plain_field(walk, &field.node, labels))
    }
}

impl OutputType for TaskPage {
    fn type_name() -> Cow<'static, str> {
        Conn::<Task>::type_name()
    }

    fn create_type_info(registry: &mut Registry) -> String {
        Conn::<Task>::create_type_info(registry)
    }

    async fn resolve(&self, ctx: &ContextSelectionSet<'_>, field: &Positioned<Field>) -> ServerResult<Value> {
        if seam::one_pass_allowed()
            && let Some(value) = self.in_one_pass(ctx).await
        {
            seam::written_in_one_pass();
            return Ok(value);
        }
        OutputType::resolve(&self.conn, ctx, field).await
    }
}

impl Task {
    /// A field read from the page's row and what its statement joined, or
    /// None for a field that takes a loader, an argument or the clock.
    fn plain_field<'a, 'l>(
        &self,
        walk: &Walk<'a>,
        field: &'a Field,
        labels: impl Fn(i64) -> Option<&'l Vec<label::Model>>,
    ) -> Option<Value> {
        let (row, joined) = (&self.row, self.joined.as_ref()?);
        let set = &field.selection_set.node;
        let instant = |at: &chrono::DateTime<chrono::Utc>| ScalarType::to_value(at);
        Some(match field.name.node.as_str() {
            "id" => Value::String(ids::encode("Task", row.id).0),
            "ref" => Value::String(format!("{}-{}", joined.project_key.as_deref()?, row.number)),
            "number" => Value::from(row.number),
            "revision" => Value::from(row.revision),
            "title" => Value::String(row.title.clone()),
            "description" if self.columns.description => nullable(row.description.clone().map(Value::String)),
            "priority" => enum_value(Priority::from(row.priority)),
            "kind" => enum_value(TaskKind::from(row.kind)),
            "dueDate" => nullable(row.due_date.as_ref().map(ScalarType::to_value)),
            "createdAt" => instant(&row.created_at),
            "updatedAt" => instant(&row.updated_at),
            "completedAt" => nullable(row.completed_at.as_ref().map(instant)),
            "deletedAt" => nullable(row.deleted_at.as_ref().map(instant)),
            "deleted" => Value::Boolean(row.deleted_at.is_some()),
            "done" => Value::Boolean(joined.status.as_ref().is_some_and(|s| s.category.is_closed())),
            "status" => match &joined.status {
                Some(status) => walk.object(set, "Status", &mut |field| status_field(status, &field.node))?,
                None => Value::Null,
            },
            "assignee" => match row.assignee_id.and(joined.assignee.as_ref()) {
                Some(user) => walk.object(set, "User", &mut |field| user_field(user, &field.node))?,
                None => Value::Null,
            },
            "labels" => labels(row.id)?
                .iter()
                .map(|label| walk.object(set, "Label", &mut |field| label_field(label, &field.node)))
                .collect::<Option<Value>>()?,
            _ => return None,
        })
    }
}

fn status_field(status: &status::Model, field: &Field) -> Option<Value> {
    Some(match field.name.node.as_str() {
        "id" => Value::String(ids::encode("Status", status.id).0),
        "key" => Value::String(status.key.clone()),
        "name" => Value::String(status.name.clone()),
        "category" => enum_value(StatusCategory::from(status.category)),
        "position" => Value::from(status.position),
        _ => return None,
    })
}

fn user_field(user: &user::Model, field: &Field) -> Option<Value> {
    Some(match field.name.node.as_str() {
        "id" => Value::String(ids::encode("User", user.id).0),
        "username" => Value::String(user.username.clone()),
        "displayName" => Value::String(user.display_name.clone()),
        "isAgent" => Value::Boolean(user.is_agent),
        _ => return None,
    })
}

fn label_field(label: &label::Model, field: &Field) -> Option<Value> {
    Some(match field.name.node.as_str() {
        "id" => Value::String(ids::encode("Label", label.id).0),
        "name" => Value::String(label.name.clone()),
        "color" => nullable(label.color.clone().map(Value::String)),
        _ => return None,
    })
}

fn nullable(value: Option<Value>) -> Value {
    value.unwrap_or(Value::Null)
}

/// Walks a selection the way async-graphql's executor does (fragments
/// applied where their type matches, fields in order), giving up on
/// anything it would have to merge or that carries a directive.
struct Walk<'a> {
    fragments: &'a HashMap<Name, Positioned<FragmentDefinition>>,
}

impl<'a> Walk<'a> {
    /// An object of `type_name` whose fields `read` gives, or None as soon
    /// as one of them cannot be read here.
    fn object(
        &self,
        set: &'a SelectionSet,
        type_name: &str,
        read: &mut dyn FnMut(&'a Positioned<Field>) -> Option<Value>,
    ) -> Option<Value> {
        let mut object = IndexMap::with_capacity(self.width(set, type_name));
        self.collect(set, type_name, read, &mut object)?;
        // As the executor answers an object without fields.
        Some(if object.is_empty() { Value::Null } else { Value::Object(object) })
    }

    /// How many fields `collect` may insert for `set`, its fragments that
    /// apply counted in: the object is then allocated once. A task's
    /// selection is mostly one fragment spread, and growing its map from
    /// one entry was a rehash and two reallocations per node, four times.
    fn width(&self, set: &SelectionSet, type_name: &str) -> usize {
        set.items
            .iter()
            .map(|selection| match &selection.node {
                Selection::Field(_) => 1,
                _ => self.fragment(&selection.node, type_name).map_or(0, |set| self.width(set, type_name)),
            })
            .sum()
    }

    fn collect(
        &self,
        set: &'a SelectionSet,
        type_name: &str,
        read: &mut dyn FnMut(&'a Positioned<Field>) -> Option<Value>,
        object: &mut IndexMap<Name, Value>,
    ) -> Option<()> {
        for selection in &set.items {
            let Selection::Field(positioned) = &selection.node else {
                self.collect(self.fragment(&selection.node, type_name)?, type_name, read, object)?;
                continue;
            };
            let field = &positioned.node;
            // Arguments and directives change a field's value; two
            // selections of one key would have to be merged.
            if !field.arguments.is_empty() || !field.directives.is_empty() {
                return None;
            }
            let value = match field.name.node.as_str() {
                "__typename" => Value::String(type_name.to_owned()),
                _ => read(positioned)?,
            };
            if object.insert(field.response_key().node.clone(), value).is_some() {
                return None;
            }
        }
        Some(())
    }

    /// The selections of a fragment (inline or spread) that applies to
    /// `type_name` without a directive; None for a field, or a fragment
    /// this pass does not take.
    fn fragment(&self, selection: &'a Selection, type_name: &str) -> Option<&'a SelectionSet> {
        match selection {
            Selection::Field(_) => None,
            Selection::InlineFragment(fragment) => {
                let fragment = &fragment.node;
                let on = fragment.type_condition.as_ref().map(|c| c.node.on.node.as_str());
                (fragment.directives.is_empty() && on.is_none_or(|on| on == type_name))
                    .then_some(&fragment.selection_set.node)
            }
            Selection::FragmentSpread(spread) => {
                let fragment = &self.fragments.get(&spread.node.fragment_name.node)?.node;
                (spread.node.directives.is_empty() && fragment.type_condition.node.on.node == type_name)
                    .then_some(&fragment.selection_set.node)
            }
        }
    }
}

/// Outside tests, pages always try the one pass; tests run each document
/// both ways and count the pages the pass wrote.
#[cfg(not(test))]
mod seam {
    pub fn one_pass_allowed() -> bool {
        true
    }

    pub fn written_in_one_pass() {}
}

#[cfg(test)]
use tests::seam;

#[cfg(test)]
mod tests {
    //! The one pass answers what the ordinary path answers, for every field
    //! it knows, through aliases and fragments, and leaves to that path every
    //! selection it does not know.

    use async_graphql::{Request, Variables};
    use serde_json::{Value, json};

    use crate::config::Settings;
    use crate::demo::{self, DEMO_USERNAME, SeedOptions};
    use crate::store::{Viewer, identity, tokens};
    use crate::{App, db, graphql};

    pub mod seam {
        use std::cell::Cell;

        thread_local! {
            static ALLOWED: Cell<bool> = const { Cell::new(true) };
            static WRITTEN: Cell<usize> = const { Cell::new(0) };
        }

        pub fn one_pass_allowed() -> bool {
            ALLOWED.get()
        }

        pub fn written_in_one_pass() {
            WRITTEN.set(WRITTEN.get() + 1);
        }

        pub fn allow(yes: bool) {
            ALLOWED.set(yes);
        }

        pub fn written() -> usize {
            WRITTEN.get()
        }
    }

    const EVERY_FIELD: &str = r"
    query($after: String) {
      tasks(first: 30, after: $after, filter: {done: false}) {
        __typename
        totalCount
        pageInfo { __typename hasPreviousPage hasNextPage startCursor endCursor }
        edges {
          __typename
          cursor
          node { ...Everything }
        }
        nodes {
          __typename
          taskRef: ref
          ... on Task { number title }
          ... { due: dueDate }
          labels { name }
        }
      }
    }

    fragment Everything on Task {
      __typename id ref number revision title description priority kind dueDate
      createdAt updatedAt completedAt deletedAt deleted done
      status { __typename id key name category position }
      assignee { __typename id username displayName isAgent }
      labels { __typename id name color }
    }";

    /// `list_tasks`'s shape: a summary fragment, and the extra fields behind
    /// `@include` flags the call turns on and off.
    const LIST_TASKS: &str = r"
    query($full: Boolean!, $verbose: Boolean!) {
      tasks(first: 50) {
        totalCount
        edges { cursor node { ...Item } }
        pageInfo { hasNextPage endCursor }
      }
    }

    fragment Summary on Task {
      ref title status { key } priority assignee { username } due: dueDate labels { name } updated: updatedAt done
    }

    fragment Item on Task {
      ...Summary
      ... @include(if: $full) { kind created: createdAt completed: completedAt deleted revision }
      ... @include(if: $verbose) { id statusName: status { name } assigneeName: assignee { displayName } }
    }";

    async fn demo_app() -> (App, Viewer) {
        let conn = db::connect("sqlite::memory:").await.expect("database");
        demo::seed(&conn, &SeedOptions { projects: 3, tasks: 300, seed: 7 }).await.expect("seed");
        let token = tokens::create_token(&conn, DEMO_USERNAME, None, true, "test").await.expect("token");
        let viewer = identity::authenticate(&conn, &token).await.expect("viewer");
        (App::new(conn, Settings::default()), viewer)
    }

    /// The reply to `query`, and whether its page was written in one pass.
    async fn run(app: &App, viewer: &Viewer, query: &str, variables: Value, one_pass: bool) -> (Value, bool) {
        seam::allow(one_pass);
        let before = seam::written();
        let request = Request::new(query).variables(Variables::from_json(variables));
        let response = app.graphql().execute(graphql::with_viewer(request, app.store(), viewer.clone())).await;
        seam::allow(true);
        assert!(response.errors.is_empty(), "{:?}", response.errors);
        let data = response.data.into_json().expect("json");
        (data, seam::written() > before)
    }

    /// Runs `query` both ways: the same reply, and the one pass taken or not.
    /// The replies are compared as values: the ordinary path writes a
    /// connection's fields in the order they finish (a count often last),
    /// the one pass in the order asked.
    async fn both_ways(app: &App, viewer: &Viewer, query: &str, variables: Value, expect_one_pass: bool) -> Value {
        let (ordinary, written) = run(app, viewer, query, variables.clone(), false).await;
        assert!(!written, "the ordinary path was asked for");
        let (answer, written) = run(app, viewer, query, variables, true).await;
        assert_eq!(written, expect_one_pass, "one pass taken for {query}");
        assert_eq!(answer, ordinary, "{query}");
        answer
    }

    #[tokio::test]
    async fn every_field_it_knows_reads_as_the_ordinary_path_does() {
        let (app, viewer) = demo_app().await;
        let first = both_ways(&app, &viewer, EVERY_FIELD, json!({}), true).await;
        let page = &first["tasks"];
        let nodes = page["edges"].as_array().expect("edges");
        assert_eq!(nodes.len(), 30);
        // The page holds what makes each branch count: labels, an assignee
        // and none, a due date and none, a description.
        let node = |field: &'static str| nodes.iter().map(move |edge| &edge["node"][field]);
        assert!(node("labels").any(|l| l.as_array().is_some_and(|l| !l.is_empty())));
        assert!(node("assignee").any(Value::is_null) && node("assignee").any(Value::is_object));
        assert!(node("dueDate").any(Value::is_null) && node("dueDate").any(Value::is_string));
        assert!(node("description").any(Value::is_string));
        // The next page, by cursor.
        let after = page["pageInfo"]["endCursor"].clone();
        let second = both_ways(&app, &viewer, EVERY_FIELD, json!({ "after": after }), true).await;
        assert_eq!(second["tasks"]["pageInfo"]["hasPreviousPage"], json!(true));

        for (full, verbose) in [(false, false), (true, false), (true, true)] {
            both_ways(&app, &viewer, LIST_TASKS, json!({"full": full, "verbose": verbose}), true).await;
        }
    }

    #[tokio::test]
    async fn fields_are_written_in_the_order_asked() {
        let (app, viewer) = demo_app().await;
        let query = "{ tasks(first: 2) { totalCount nodes { title ref status { name key } } pageInfo { endCursor } } }";
        let (data, written) = run(&app, &viewer, query, json!({}), true).await;
        assert!(written);
        let keys = |value: &Value| value.as_object().expect("an object").keys().cloned().collect::<Vec<_>>();
        assert_eq!(keys(&data["tasks"]), ["totalCount", "nodes", "pageInfo"]);
        assert_eq!(keys(&data["tasks"]["nodes"][0]), ["title", "ref", "status"]);
        assert_eq!(keys(&data["tasks"]["nodes"][0]["status"]), ["name", "key"]);
    }

    #[tokio::test]
    async fn what_it_does_not_know_takes_the_ordinary_path() {
        let (app, viewer) = demo_app().await;
        for selection in [
            // A field another loader holds, an argument, the clock.
            "nodes { ref commentCount }",
            "nodes { ref descriptionText(maxChars: 20) { text } }",
            "nodes { ref claim { until } }",
            "nodes { ref project { key } }",
            // Two selections of one key are merged by the executor.
            "nodes { ref status { key } status { name } }",
            // A fragment on an interface.
            "nodes { ... on Node { id } }",
            "edges { node { ref } } nodes { coworkers { username } }",
        ] {
            let query = format!("{{ tasks(first: 20) {{ totalCount {selection} }} }}");
            let data = both_ways(&app, &viewer, &query, json!({}), false).await;
            assert_eq!(data["tasks"]["totalCount"].as_i64().map(|n| n > 20), Some(true), "{query}");
        }
    }
}
