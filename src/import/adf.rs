//! Atlassian Document Format (Jira Cloud's rich text) to HTML. Text is
//! escaped here and the result still goes through the board's sanitizer;
//! nodes this does not know keep their text.

use serde_json::Value;

/// The HTML of an ADF document (or of any ADF node).
pub fn to_html(node: &Value) -> String {
    let mut out = String::new();
    render(node, &mut out);
    out
}

fn escape(text: &str, out: &mut String) {
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
}

fn attr<'a>(node: &'a Value, name: &str) -> Option<&'a str> {
    node.get("attrs")?.get(name)?.as_str()
}

fn children(node: &Value, out: &mut String) {
    for child in node.get("content").and_then(Value::as_array).into_iter().flatten() {
        render(child, out);
    }
}

fn wrapped(tag: &str, node: &Value, out: &mut String) {
    out.push('<');
    out.push_str(tag);
    out.push('>');
    children(node, out);
    out.push_str("</");
    out.push_str(tag);
    out.push('>');
}

fn link(href: &str, text: &str, out: &mut String) {
    out.push_str("<a href=\"");
    escape(href, out);
    out.push_str("\">");
    escape(text, out);
    out.push_str("</a>");
}

fn render(node: &Value, out: &mut String) {
    let kind = node.get("type").and_then(Value::as_str).unwrap_or_default();
    match kind {
        "text" => text(node, out),
        "paragraph" => wrapped("p", node, out),
        "heading" => {
            let level = node.get("attrs").and_then(|a| a.get("level")).and_then(Value::as_u64).unwrap_or(1).clamp(1, 6);
            wrapped(&format!("h{level}"), node, out);
        }
        "bulletList" => wrapped("ul", node, out),
        "orderedList" => ordered_list(node, out),
        "listItem" | "decisionItem" => wrapped("li", node, out),
        // Shown as a Markdown task list is: checkboxes no one can tick.
        "taskList" | "decisionList" => wrapped("ul", node, out),
        "taskItem" => task_item(node, out),
        "blockquote" => wrapped("blockquote", node, out),
        "table" => wrapped("table", node, out),
        "tableRow" => wrapped("tr", node, out),
        "tableHeader" => wrapped("th", node, out),
        "tableCell" => wrapped("td", node, out),
        "codeBlock" => code_block(node, out),
        "rule" => out.push_str("<hr>"),
        "hardBreak" => out.push_str("<br>"),
        "mention" => {
            let name = attr(node, "text").unwrap_or("@someone");
            let name = if name.starts_with('@') { name.to_owned() } else { format!("@{name}") };
            escape(&name, out);
        }
        "emoji" => escape(attr(node, "text").or(attr(node, "shortName")).unwrap_or_default(), out),
        "inlineCard" | "blockCard" | "embedCard" => card(kind, node, out),
        "status" | "date" => status_or_date(node, out),
        "panel" | "expand" | "nestedExpand" => panel(node, out),
        "media" | "mediaSingle" | "mediaGroup" | "mediaInline" => media(node, out),
        _ => children(node, out),
    }
}

fn ordered_list(node: &Value, out: &mut String) {
    match node.get("attrs").and_then(|a| a.get("order")).and_then(Value::as_u64) {
        Some(start) if start != 1 => {
            out.push_str(&format!("<ol start=\"{start}\">"));
            children(node, out);
            out.push_str("</ol>");
        }
        _ => wrapped("ol", node, out),
    }
}

fn task_item(node: &Value, out: &mut String) {
    out.push_str(if attr(node, "state") == Some("DONE") {
        "<li><input type=\"checkbox\" disabled checked> "
    } else {
        "<li><input type=\"checkbox\" disabled> "
    });
    children(node, out);
    out.push_str("</li>");
}

fn code_block(node: &Value, out: &mut String) {
    match attr(node, "language").filter(|l| l.chars().all(|c| c.is_ascii_alphanumeric() || "+-_#".contains(c))) {
        Some(language) if !language.is_empty() => {
            out.push_str("<pre><code class=\"language-");
            out.push_str(language);
            out.push_str("\">");
        }
        _ => out.push_str("<pre><code>"),
    }
    let mut code = String::new();
    collect_text(node, &mut code);
    escape(&code, out);
    out.push_str("</code></pre>");
}

/// A link card: inline in the text, or a paragraph of its own.
fn card(kind: &str, node: &Value, out: &mut String) {
    let Some(url) = attr(node, "url") else { return };
    if kind == "inlineCard" {
        link(url, url, out);
    } else {
        out.push_str("<p>");
        link(url, url, out);
        out.push_str("</p>");
    }
}

fn status_or_date(node: &Value, out: &mut String) {
    if let Some(t) = attr(node, "text") {
        escape(t, out);
    } else if let Some(ts) = attr(node, "timestamp").and_then(|t| t.parse::<i64>().ok()) {
        let date = chrono::DateTime::from_timestamp_millis(ts).map(|d| d.date_naive().to_string());
        escape(&date.unwrap_or_default(), out);
    }
}

fn panel(node: &Value, out: &mut String) {
    if let Some(title) = attr(node, "title") {
        out.push_str("<p><strong>");
        escape(title, out);
        out.push_str("</strong></p>");
    }
    wrapped("blockquote", node, out);
}

fn media(node: &Value, out: &mut String) {
    // Attachments live in Jira; their names say what was there.
    if let Some(name) = attr(node, "alt").or(attr(node, "filename")) {
        out.push_str("<p>[");
        escape(name, out);
        out.push_str("]</p>");
    } else {
        children(node, out);
    }
}

/// A text node with its marks, the first mark outermost.
fn text(node: &Value, out: &mut String) {
    let mut closing = Vec::new();
    for mark in node.get("marks").and_then(Value::as_array).into_iter().flatten() {
        let tag = match mark.get("type").and_then(Value::as_str).unwrap_or_default() {
            "strong" => "strong",
            "em" => "em",
            "code" => "code",
            "strike" => "s",
            "underline" => "u",
            "subsup" if attr(mark, "type") == Some("sup") => "sup",
            "subsup" => "sub",
            "link" => {
                out.push_str("<a href=\"");
                escape(attr(mark, "href").unwrap_or_default(), out);
                out.push_str("\">");
                closing.push("a");
                continue;
            }
            _ => continue,
        };
        out.push('<');
        out.push_str(tag);
        out.push('>');
        closing.push(tag);
    }
    escape(node.get("text").and_then(Value::as_str).unwrap_or_default(), out);
    for tag in closing.into_iter().rev() {
        out.push_str("</");
        out.push_str(tag);
        out.push('>');
    }
}

fn collect_text(node: &Value, out: &mut String) {
    if let Some(t) = node.get("text").and_then(Value::as_str) {
        out.push_str(t);
    }
    for child in node.get("content").and_then(Value::as_array).into_iter().flatten() {
        collect_text(child, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn lists_code_mentions_and_links_become_html() {
        let doc = json!({"type": "doc", "version": 1, "content": [
            {"type": "paragraph", "content": [
                {"type": "text", "text": "See "},
                {"type": "text", "text": "the docs", "marks": [{"type": "link", "attrs": {"href": "https://example.com/a?b=1&c=2"}}]},
                {"type": "text", "text": " and ask "},
                {"type": "mention", "attrs": {"id": "5b10", "text": "@Mia Krystof"}},
                {"type": "text", "text": " <now>", "marks": [{"type": "strong"}]}
            ]},
            {"type": "bulletList", "content": [
                {"type": "listItem", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "one"}]},
                    {"type": "orderedList", "content": [{"type": "listItem", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "nested"}]}]}]}]}
            ]},
            {"type": "codeBlock", "attrs": {"language": "rust"}, "content": [{"type": "text", "text": "if a < b { x() }"}]}
        ]});
        assert_eq!(
            to_html(&doc),
            "<p>See <a href=\"https://example.com/a?b=1&amp;c=2\">the docs</a> and ask @Mia Krystof<strong> \
             &lt;now&gt;</strong></p><ul><li><p>one</p><ol><li><p>nested</p></li></ol></li></ul><pre><code class=\"language-rust\">if a &lt; \
             b { x() }</code></pre>"
        );
    }

    #[test]
    fn task_and_decision_lists_stay_lists() {
        let item = |kind: &str, state: &str, text: &str| json!({"type": kind, "attrs": {"localId": "x", "state": state}, "content": [{"type": "text", "text": text}]});
        let doc = json!({"type": "doc", "version": 1, "content": [
            {"type": "taskList", "attrs": {"localId": "t"}, "content": [
                item("taskItem", "DONE", "Write runbook"), item("taskItem", "TODO", "Page on-call")]},
            {"type": "decisionList", "attrs": {"localId": "d"}, "content": [item("decisionItem", "DECIDED", "Use Postgres")]},
            {"type": "orderedList", "attrs": {"order": 3}, "content": [
                {"type": "listItem", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "third"}]}]}]}
        ]});
        assert_eq!(
            to_html(&doc),
            "<ul><li><input type=\"checkbox\" disabled checked> Write runbook</li><li><input type=\"checkbox\" \
             disabled> Page on-call</li></ul><ul><li>Use Postgres</li></ul><ol start=\"3\"><li><p>third</p></li></ol>"
        );
    }
}
