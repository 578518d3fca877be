//! Nesting measured before anything recursive sees it. async-graphql's
//! parser, validation, value coercion and the drop of a parsed document all
//! recurse once per level of `[`, `{` and `(`, so a 6 KB document of nested
//! list literals would overflow a worker's stack and abort the process.
//! These measures are iterative and linear: a document's text is scanned
//! once (strings and comments skipped) before it is parsed, and variables
//! are walked with an explicit stack before they are coerced.

use async_graphql::{Value as ConstValue, Variables};

/// The deepest nesting of brackets, braces and parentheses a document may
/// hold, and of lists and objects in a variable. The standard introspection
/// queries nest 13 levels, a query at the depth limit with an object
/// argument about 20; past this no legitimate request goes.
pub const MAX_NESTING: usize = 64;

/// Where a document first nests past the limit: its line and column
/// (1-based, the column in characters), as GraphQL errors count them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooNested {
    pub line: usize,
    pub column: usize,
}

/// Scans `text` once and reports the first opening bracket past `max`
/// levels. String values, block strings and comments do not count.
pub fn check_text(text: &str, max: usize) -> Result<(), TooNested> {
    let bytes = text.as_bytes();
    let (mut i, mut depth) = (0, 0usize);
    while i < bytes.len() {
        match bytes[i] {
            b'#' => {
                while i < bytes.len() && !matches!(bytes[i], b'\n' | b'\r') {
                    i += 1;
                }
                continue;
            }
            b'"' if bytes[i..].starts_with(b"\"\"\"") => {
                i += 3;
                while i < bytes.len() && !bytes[i..].starts_with(b"\"\"\"") {
                    i += if bytes[i..].starts_with(b"\\\"\"\"") { 4 } else { 1 };
                }
                i += 3;
                continue;
            }
            b'"' => {
                i += 1;
                while i < bytes.len() && !matches!(bytes[i], b'"' | b'\n' | b'\r') {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'{' | b'[' | b'(' => {
                depth += 1;
                if depth > max {
                    return Err(position(text, i));
                }
            }
            b'}' | b']' | b')' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    Ok(())
}

/// Lines end at `\n`, `\r\n` or a lone `\r`, as GraphQL counts them.
fn position(text: &str, byte: usize) -> TooNested {
    let before = &text.as_bytes()[..byte];
    let ends = |(i, b): (usize, &u8)| *b == b'\n' || (*b == b'\r' && before.get(i + 1) != Some(&b'\n'));
    let line_start = before.iter().enumerate().rev().find(|&(i, b)| ends((i, b))).map_or(0, |(at, _)| at + 1);
    let line = before.iter().enumerate().filter(|&(i, b)| ends((i, b))).count() + 1;
    // `byte` is an ASCII bracket, so the line's start and it are on
    // character boundaries.
    let column = text.get(line_start..byte).map_or(1, |s| s.chars().count() + 1);
    TooNested { line, column }
}

/// The name of the first variable whose lists and objects nest past `max`.
pub fn too_nested_variable(variables: &Variables, max: usize) -> Option<String> {
    variables.iter().find(|(_, value)| nests_past(value, max)).map(|(name, _)| name.to_string())
}

fn nests_past(value: &ConstValue, max: usize) -> bool {
    let mut open = vec![(value, 0usize)];
    while let Some((value, depth)) = open.pop() {
        let inner = depth + 1;
        match value {
            ConstValue::List(_) | ConstValue::Object(_) if inner > max => return true,
            ConstValue::List(items) => open.extend(items.iter().map(|child| (child, inner))),
            ConstValue::Object(fields) => open.extend(fields.values().map(|child| (child, inner))),
            _ => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nested(open: &str, close: &str, levels: usize) -> String {
        format!("{{ viewer(x: {}1{}) {{ username }} }}", open.repeat(levels), close.repeat(levels))
    }

    #[test]
    fn brackets_braces_and_parentheses_count_together() {
        assert_eq!(check_text(&nested("[", "]", 62), 64), Ok(()));
        assert_eq!(check_text(&nested("[", "]", 63), 64), Err(TooNested { line: 1, column: 75 }));
        assert!(check_text(&nested("{a: ", "}", 100_000), 64).is_err());
        assert!(check_text(&"{ a ".repeat(100_000), 64).is_err());
        assert!(check_text(&"(".repeat(100_000), 64).is_err());
    }

    #[test]
    fn strings_and_comments_do_not_nest() {
        let text = format!(
            "# {open}\n{{ a(s: \"{open}\\\"{open}\", b: \"\"\"{open}\\\"\"\"{open}\"\"\") }}",
            open = "[".repeat(1_000)
        );
        assert_eq!(check_text(&text, 64), Ok(()));
        let after_comment = format!("# ((\n{{\n  é{}", "[".repeat(70));
        assert_eq!(check_text(&after_comment, 64), Err(TooNested { line: 3, column: 67 }));
        let carriage_returns = format!("# ((\r{{\r\n  é{}", "[".repeat(70));
        assert_eq!(check_text(&carriage_returns, 64), Err(TooNested { line: 3, column: 67 }));
    }

    #[test]
    fn block_strings_end_where_they_close() {
        let deep = "[".repeat(70);
        // A block string spans lines; what it holds does not nest.
        assert_eq!(check_text(&format!("{{ a(b: \"\"\"\n{deep}\n\"\"\") }}"), 64), Ok(()));
        // What follows it does.
        let after = format!("{{ a(b: \"\"\"x\"\"\", c: {deep}1) }}");
        assert_eq!(check_text(&after, 64), Err(TooNested { line: 1, column: 82 }));
        // A comment may run to the end of the text, and so may a string
        // the parser will refuse.
        assert_eq!(check_text("{ a } # the end", 64), Ok(()));
        assert_eq!(check_text("{ a(b: \"open", 64), Ok(()));
    }

    #[test]
    fn a_lone_carriage_return_and_a_crlf_each_end_one_line() {
        let deep = "[".repeat(70);
        assert_eq!(check_text(&format!("{{\r  {deep}"), 64), Err(TooNested { line: 2, column: 66 }));
        assert_eq!(check_text(&format!("{{\r\n  {deep}"), 64), Err(TooNested { line: 2, column: 66 }));
    }

    #[test]
    fn closing_more_than_opened_is_left_to_the_parser() {
        assert_eq!(check_text(&"}".repeat(1_000), 64), Ok(()));
    }

    #[test]
    fn variables_are_walked_without_recursion() {
        let mut value = ConstValue::Number(1.into());
        for _ in 0..1_000 {
            value = ConstValue::List(vec![value]);
        }
        let mut variables = Variables::default();
        variables.insert(async_graphql::Name::new("deep"), value);
        variables.insert(async_graphql::Name::new("flat"), ConstValue::List(vec![ConstValue::Null; 10]));
        assert_eq!(too_nested_variable(&variables, 64).as_deref(), Some("deep"));
        let mut shallow = Variables::default();
        shallow.insert(async_graphql::Name::new("f"), ConstValue::List(vec![ConstValue::List(vec![])]));
        assert_eq!(too_nested_variable(&shallow, 2), None);
        assert_eq!(too_nested_variable(&shallow, 1).as_deref(), Some("f"));
        let mut object = ConstValue::Null;
        for _ in 0..100 {
            object = ConstValue::Object([(async_graphql::Name::new("a"), object)].into_iter().collect());
        }
        let mut objects = Variables::default();
        objects.insert(async_graphql::Name::new("input"), object);
        assert_eq!(too_nested_variable(&objects, 64).as_deref(), Some("input"));
    }
}
