//! The shaping rules, on both of a list item's paths.

use async_graphql::Value as ConstValue;
use serde_json::json;

use super::*;
use crate::mcp::document::Shared;
use crate::mcp::types::Types;

const SDL: &str = "type Query { items(first: Int): ItemConnection! }
    type ItemConnection { totalCount: Int! edges: [ItemEdge!]! pageInfo: PageInfo! }
    type ItemEdge { cursor: String! node: Item! }
    type PageInfo { hasNextPage: Boolean! endCursor: String }
    enum Priority { NONE HIGH }
    scalar DateTime
    type Status { key: String! name: String! }
    type Label { name: String! }
    type User { username: String! name: String }
    type Excerpt { text: String! truncated: Boolean! totalChars: Int! }
    type Item { ref: String! priority: Priority! updatedAt: DateTime! dueDate: String status: Status! done: Boolean!
        labels: [Label!]! points: Float count: Int owner: User body(maxChars: Int): Excerpt
        children(first: Int): ItemConnection! }";

const TOOL: &str = "# Items.\nquery Items($full: Boolean = false) { items { totalCount
    edges { cursor node { ref priority updated: updatedAt dueDate status { key } ... @include(if: $full) { done } } }
    pageInfo { hasNextPage endCursor } } }";

fn document() -> ToolDocument {
    tool(TOOL)
}

fn items(node: &serde_json::Value) -> ConstValue {
    let node = ConstValue::from_json(node.clone()).expect("a value");
    page(vec![node.clone(), node])
}

/// A result of `nodes`, each under the cursor `c1`.
fn page(nodes: Vec<ConstValue>) -> ConstValue {
    let total = nodes.len();
    let edges = nodes
        .into_iter()
        .map(|node| {
            ConstValue::Object(Object::from_iter([(Name::new("cursor"), "c1".into()), (Name::new("node"), node)]))
        })
        .collect();
    let data = json!({"items": {"totalCount": total, "edges": [],
        "pageInfo": {"hasNextPage": false, "endCursor": "c1"}}});
    let mut data = ConstValue::from_json(data).expect("a value");
    if let ConstValue::Object(root) = &mut data
        && let Some(ConstValue::Object(items)) = root.get_mut("items")
    {
        items.insert(Name::new("edges"), ConstValue::List(edges));
    }
    data
}

fn tool(text: &str) -> ToolDocument {
    let types = Types::from_sdl(SDL).expect("sdl");
    ToolDocument::parse("items.graphql", text, &types, &Shared { name: "", text: "" }).expect("a list tool")
}

fn style(asked: &[&str], verbose: bool, write_items: bool) -> Style {
    Style {
        verbose,
        fields: None,
        asked: asked.iter().map(|flag| (*flag).to_owned()).collect(),
        table: false,
        write_items,
    }
}

/// The reply's text (so that the order of its keys counts), shaped
/// as values and written directly.
fn both_ways(document: &ToolDocument, data: &ConstValue, asked: &[&str], verbose: bool) -> (String, String) {
    let values = match shape(document, data, &style(asked, verbose, false)) {
        Ok(Shaped::List { items, next, total }) => list_text(&items, next.as_deref(), total, false, Form::Object),
        _ => panic!("a list of values"),
    };
    let written = match shape(document, data, &style(asked, verbose, true)) {
        Ok(Shaped::Written { items, next, total }) => written_text(&items, next.as_deref(), total, false),
        _ => panic!("a list written"),
    };
    (values, written)
}

fn shaped(document: &ToolDocument, data: &ConstValue, asked: &[&str]) -> String {
    let (values, written) = both_ways(document, data, asked, false);
    assert_eq!(written, values, "written directly and shaped as values");
    written
}

fn node_plan(document: &ToolDocument) -> &ObjectPlan {
    let Some(Shape::Object(items)) = document.plan.fields.get("items") else { panic!("items") };
    let Some(Shape::Object(edges)) = items.fields.get("edges") else { panic!("edges") };
    let Some(Shape::Object(node)) = edges.fields.get("node") else { panic!("node") };
    node
}

/// Items whose fields come in the document's order are shaped by
/// comparing keys with the plan's; in any other order, or with a key
/// the plan lacks, by looking each one up. Both write the same text.
#[test]
fn an_item_is_shaped_alike_in_any_order_of_its_fields() {
    let document = document();
    let in_order = json!({"ref": "A-1", "priority": "HIGH", "updated": "2026-11-01T08:59:37.5+00:00",
        "dueDate": "2026-12-01", "status": {"key": "todo"}, "done": false});
    let reversed = json!({"done": false, "status": {"key": "todo"}, "dueDate": "2026-12-01",
        "updated": "2026-11-01T08:59:37+00:00", "priority": "HIGH", "ref": "A-1"});
    let item =
        r#"{"ref":"A-1","priority":"high","updated":"2026-11-01T08:59:37Z","due_date":"2026-12-01","status":"todo"}"#;
    let expected = format!(r#"{{"items":[{item},{item}],"total":2}}"#);
    assert_eq!(shaped(&document, &items(&in_order), &[]), expected);
    assert_eq!(shaped(&document, &items(&reversed), &[]), expected);
    // A flag asked for writes its false answer, both ways.
    let answered = item.replace(r#""status":"todo""#, r#""status":"todo","done":false"#);
    let expected = format!(r#"{{"items":[{answered},{answered}],"total":2}}"#);
    for node in [&in_order, &reversed] {
        assert_eq!(shaped(&document, &items(node), &["full"]), expected);
    }
    let mut unplanned = in_order.clone();
    unplanned["extra"] = json!("kept");
    let with_extra = shaped(&document, &items(&unplanned), &[]);
    assert!(with_extra.contains(r#""status":"todo","extra":"kept""#), "{with_extra}");
}

const WIDE_TOOL: &str = "# Items.\nquery Items($full: Boolean = false) { items { totalCount
    edges { cursor node { ref priority updated: updatedAt dueDate status { key } labels { name } points count
    owner { username name } ... @include(if: $full) { done } } }
    pageInfo { hasNextPage endCursor } } }";

/// Each field of `WIDE_TOOL`'s items, with values that are kept, left
/// out as empty, or not what the plan expects.
fn wide_values() -> Vec<(&'static str, Vec<serde_json::Value>)> {
    vec![
        ("ref", vec![json!("A-1"), json!(""), json!("quote \" and é 😀 \u{1}"), json!(null)]),
        ("priority", vec![json!("NONE"), json!("HIGH"), json!(null)]),
        ("updated", vec![json!("2026-11-01T08:59:37.5+00:00"), json!("2026-02-28T10:00:00+02:00"), json!("soon")]),
        ("dueDate", vec![json!("2026-12-01"), json!(""), json!(null)]),
        (
            "status",
            vec![
                json!({"key": "todo"}),
                json!({"key": ""}),
                json!(null),
                json!({}),
                json!({"name": "y"}),
                json!({"key": "x", "name": "y"}),
            ],
        ),
        ("labels", vec![json!([]), json!([{"name": "bug"}]), json!([{"name": "bug"}, {"name": ""}]), json!(null)]),
        ("points", vec![json!(0), json!(0.0), json!(-0.0), json!(1.5), json!(null)]),
        ("count", vec![json!(0), json!(7), json!(null)]),
        (
            "owner",
            vec![
                json!(null),
                json!({"username": "a", "name": null}),
                json!({"username": "", "name": ""}),
                json!({"name": "n", "username": "u"}),
                json!({"username": "u"}),
            ],
        ),
        ("done", vec![json!(true), json!(false), json!(null)]),
    ]
}

proptest::proptest! {
    /// Whatever an item holds and in whatever order, writing it
    /// directly gives the text its values serialize to.
    #[test]
    fn an_item_written_directly_reads_as_its_values(
        picks in proptest::collection::vec(0usize..6, 10),
        present in proptest::collection::vec(proptest::bool::weighted(0.85), 10),
        order in proptest::collection::vec(0u8..4, 10),
        shuffled: bool,
        verbose: bool,
        full: bool,
        enums: bool,
    ) {
        let document = tool(WIDE_TOOL);
        let mut fields: Vec<(u8, &str, serde_json::Value)> = wide_values()
            .into_iter()
            .enumerate()
            .filter(|(at, _)| present[*at])
            .map(|(at, (key, values))| (order[at], key, values[picks[at] % values.len()].clone()))
            .collect();
        if shuffled {
            fields.sort_by_key(|(rank, _, _)| *rank);
        }
        // Whether every key is in the document's order and planned.
        let keys: Vec<&str> = fields.iter().map(|(_, key, _)| *key).collect();
        let plain = keys.is_sorted_by_key(|key| wide_values().iter().position(|(k, _)| k == key))
            && fields.iter().all(|(_, key, value)| match *key {
                // An object of one unplanned field is that field's value.
                "status" => value.as_object().is_none_or(|o| o.len() != 2),
                "owner" => value.as_object().is_none_or(|o| o.keys().next().map(String::as_str) != Some("name")),
                _ => true,
            });
        let node = serde_json::Value::Object(fields.into_iter().map(|(_, k, v)| (k.to_owned(), v)).collect());
        let Ok(ConstValue::Object(mut node)) = ConstValue::from_json(node) else { panic!("an object") };
        // The executor gives an enum as one; a JSON result as a string.
        if enums && let Some(ConstValue::String(name)) = node.get("priority").cloned() {
            node.insert(Name::new("priority"), ConstValue::Enum(Name::new(name)));
        }
        let asked: &[&str] = if full { &["full"] } else { &[] };
        let written_directly = written::Writer::new(verbose, &asked.iter().map(|a| (*a).to_owned()).collect())
            .item(&node, node_plan(&document))
            .is_some();
        proptest::prop_assert_eq!(written_directly, plain, "written directly exactly when plain");
        let data = page(vec![ConstValue::Object(node.clone()), ConstValue::Object(node)]);
        let (values, written) = both_ways(&document, &data, asked, verbose);
        proptest::prop_assert_eq!(written, values);
    }
}

/// Items a page cannot write directly (two fields under one reply key,
/// a text window, a connection inside an item) are shaped as values,
/// beside items that are written: one text either way.
#[test]
fn items_beyond_plain_fields_are_shaped_as_values() {
    let twice = tool(
        "# Items.\nquery Items { items { totalCount edges { cursor node { dueDate due_date: dueDate } }
        pageInfo { hasNextPage endCursor } } }",
    );
    let node = json!({"dueDate": "2026-12-01", "due_date": "2026-12-02"});
    let Ok(ConstValue::Object(object)) = ConstValue::from_json(node.clone()) else { panic!("an object") };
    let asked = HashSet::new();
    assert!(written::Writer::new(false, &asked).item(&object, node_plan(&twice)).is_none());
    assert_eq!(
        shaped(&twice, &items(&node), &[]),
        r#"{"items":[{"due_date":"2026-12-02"},{"due_date":"2026-12-02"}],"total":2}"#
    );
    let nested = tool(
        "# Items.\nquery Items($withBody: Boolean = false) { items { totalCount edges { cursor node {
        ref body(maxChars: 10) @include(if: $withBody) { text truncated totalChars }
        children(first: 2) { totalCount edges { cursor node { ref } } pageInfo { hasNextPage endCursor } } } }
        pageInfo { hasNextPage endCursor } } }",
    );
    let child = json!({"totalCount": 1, "edges": [{"cursor": "k", "node": {"ref": "A-2"}}],
        "pageInfo": {"hasNextPage": false, "endCursor": "k"}});
    let plain = json!({"ref": "A-1", "children": {"totalCount": 0, "edges": [],
        "pageInfo": {"hasNextPage": false, "endCursor": null}}});
    let windowed = json!({"ref": "A-1", "body": {"text": "0123456789", "truncated": true, "totalChars": 40},
        "children": child});
    let nodes = [plain.clone(), windowed, plain].map(|node| ConstValue::from_json(node).expect("a value"));
    let text = shaped(&nested, &page(nodes.to_vec()), &["withBody"]);
    assert!(text.contains(r#"{"ref":"A-1","body":"0123456789","body_truncated":true,"body_total_chars":40,"children":{"items":[{"ref":"A-2"}],"total":1}}"#), "{text}");
}

#[test]
fn only_fields_in_the_documents_order_take_the_comparing_path() {
    let document = document();
    let asked = HashSet::new();
    let mut shaper = Shaper { verbose: false, fields: None, asked: &asked, windows: Vec::new() };
    let object = |node: serde_json::Value| match ConstValue::from_json(node) {
        Ok(ConstValue::Object(object)) => object,
        _ => panic!("an object"),
    };
    let plan = node_plan(&document);
    let ordered = object(json!({"ref": "A-1", "dueDate": "2026-12-01", "status": {"key": "todo"}}));
    let written = shaper.object_in_order(&ordered, plan).expect("in the document's order");
    assert_eq!(written.keys().collect::<Vec<_>>(), ["ref", "due_date", "status"]);
    assert!(shaper.object_in_order(&object(json!({"dueDate": "2026-12-01", "ref": "A-1"})), plan).is_none());
    assert!(shaper.object_in_order(&object(json!({"ref": "A-1", "extra": 1})), plan).is_none());
    // The same items written as text: directly in the document's order,
    // left to the values' path in any other.
    let mut writer = written::Writer::new(false, &asked);
    let text = writer.item(&ordered, plan);
    assert_eq!(text.as_deref(), Some(r#"{"ref":"A-1","due_date":"2026-12-01","status":"todo"}"#));
    assert!(writer.item(&object(json!({"dueDate": "2026-12-01", "ref": "A-1"})), plan).is_none());
    assert!(writer.item(&object(json!({"ref": "A-1", "extra": 1})), plan).is_none());
}
