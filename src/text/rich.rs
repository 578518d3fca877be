//! Markdown in, Markdown out: what agents write (CommonMark with GFM
//! tables, task lists and strikethrough) rendered to the HTML that is
//! stored (the caller sanitizes it like any other HTML), and stored HTML
//! converted back to Markdown for reading, so that read, edit, write back
//! keeps lists, headings, links and tables.

use std::sync::LazyLock;

use htmd::element_handler::{HandlerResult, Handlers};
use htmd::options::{BulletListMarker, HrStyle, Options};
use htmd::{Element, HtmlToMarkdown};
use pulldown_cmark::{Event, Parser, html};

/// Markdown as HTML, not yet sanitized.
pub fn markdown_to_html(markdown: &str) -> String {
    use pulldown_cmark::Options;
    let options = Options::ENABLE_TABLES | Options::ENABLE_TASKLISTS | Options::ENABLE_STRIKETHROUGH;
    let mut out = String::with_capacity(markdown.len() * 3 / 2);
    // A line break is a line break, as in comments on GitHub: what an agent
    // writes on two lines reads back on two lines.
    let events = Parser::new_ext(markdown, options).map(|event| match event {
        // `<br>` with no newline after it, which would read back as a space.
        Event::SoftBreak | Event::HardBreak => Event::InlineHtml("<br>".into()),
        other => other,
    });
    html::push_html(&mut out, events);
    out
}

static TO_MARKDOWN: LazyLock<HtmlToMarkdown> = LazyLock::new(|| {
    // What models write: `-` bullets, one space after a list marker,
    // `---` rules.
    let options = Options {
        bullet_list_marker: BulletListMarker::Dash,
        ul_bullet_spacing: 1,
        ol_number_spacing: 1,
        hr_style: HrStyle::Dashes,
        ..Options::default()
    };
    HtmlToMarkdown::builder()
        .options(options)
        .skip_tags(vec!["script", "style", "head"])
        // A task list item's checkbox, as the renderer above writes it.
        .add_handler(vec!["input"], |_: &dyn Handlers, element: Element| {
            let attribute = |name: &str| element.attrs.iter().find(|a| &*a.name.local == name);
            let checkbox = attribute("type").is_some_and(|a| a.value.eq_ignore_ascii_case("checkbox"));
            checkbox.then(|| HandlerResult::from(if attribute("checked").is_some() { "[x] " } else { "[ ] " }))
        })
        .build()
});

/// The deepest nesting of elements in `html`, by a linear scan of its tags.
/// Void elements do not nest; `<b/>` does, as parsers ignore its slash. A
/// closing tag for an element not open fools it, so stored HTML is also
/// measured as the sanitizer wrote it.
pub fn nesting_depth(html: &str) -> usize {
    const VOID: &[&str] =
        &["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"];
    let (mut depth, mut deepest) = (0usize, 0usize);
    for tag in html.split('<').skip(1) {
        let Some(end) = tag.find('>') else { continue };
        let inside = &tag[..end];
        if let Some(name) = inside.strip_prefix('/') {
            let name = name.trim().to_ascii_lowercase();
            // `</>` and `</ >` close nothing.
            if name.starts_with(|c: char| c.is_ascii_alphabetic()) && !VOID.contains(&name.as_str()) {
                depth = depth.saturating_sub(1);
            }
            continue;
        }
        let name: String =
            inside.chars().take_while(|c| c.is_ascii_alphanumeric()).collect::<String>().to_ascii_lowercase();
        if name.is_empty() || VOID.contains(&name.as_str()) {
            continue;
        }
        depth += 1;
        deepest = deepest.max(depth);
    }
    deepest
}

/// The text of `html` with every tag left out, in one pass: what a text
/// nested too deep for a tree walk (stored before the limit) reads as.
pub(super) fn without_tags(html: &str) -> String {
    let mut out = String::with_capacity(html.len() / 2);
    let mut in_tag = false;
    for c in html.chars() {
        match (in_tag, c) {
            (false, '<') => in_tag = true,
            (true, '>') => in_tag = false,
            (false, c) => out.push(c),
            (true, _) => {}
        }
    }
    super::html::fold_blank_lines(&out)
}

/// Nesting past this is refused on write, and read as plain text: the
/// converter walks the tree recursively.
pub const MAX_NESTING: usize = 64;

/// Stored HTML as Markdown, runs of blank lines folded into one.
pub fn html_to_markdown(html: &str) -> String {
    if nesting_depth(html) > MAX_NESTING {
        return without_tags(html);
    }
    // htmd only fails when reading from its in-memory input fails.
    let markdown = TO_MARKDOWN.convert(html).unwrap_or_else(|_| super::html_to_text(html));
    super::html::fold_blank_lines(&markdown)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn round_trip(markdown: &str) -> String {
        html_to_markdown(&migration::html_policy::sanitize_html(&markdown_to_html(markdown)))
    }

    #[test]
    fn structure_survives_a_round_trip() {
        let markdown = "## Plan\n\nShip the **login** fix, see [the doc](https://x.test/doc).\n\n\
                        - [x] write tests\n- [ ] deploy\n\n1. one\n2. two\n\n\
                        | step | owner |\n| --- | --- |\n| build | alice |\n\n\
                        ```rust\nfn main() {}\n```";
        let back = round_trip(markdown);
        for part in [
            "## Plan",
            "**login**",
            "[the doc](https://x.test/doc)",
            "[x] write tests",
            "[ ] deploy",
            "1. one",
            "| build | alice |",
            "```rust",
        ] {
            assert!(back.contains(part), "{part} in {back:?}");
        }
        assert_eq!(round_trip(&back), back, "stable after one round trip");
        assert_eq!(round_trip("one line\nnext line"), "one line\nnext line", "line breaks stay");
    }

    fn words(max: usize) -> impl Strategy<Value = String> {
        proptest::collection::vec(
            prop_oneof![
                4 => "[a-z]{1,8}",
                1 => Just("&".to_owned()),
                1 => Just("x_y".to_owned()),
                1 => Just("1.5".to_owned()),
                1 => "[a-z]{1,6}".prop_map(|w| format!("**{w}**")),
                1 => "[a-z]{1,6}".prop_map(|w| format!("*{w}*")),
                1 => "[a-z]{1,6}".prop_map(|w| format!("`{w}`")),
                1 => "[a-z]{1,6}".prop_map(|w| format!("[{w}](https://x.test/{w})")),
            ],
            1..max,
        )
        .prop_map(|w| w.join(" "))
    }

    fn block() -> impl Strategy<Value = String> {
        let items = |marker: &'static str| {
            proptest::collection::vec(words(6), 1..4)
                .prop_map(move |items| items.iter().map(|i| format!("{marker}{i}")).collect::<Vec<_>>().join("\n"))
        };
        prop_oneof![
            3 => words(12),
            1 => (1..4usize, words(5)).prop_map(|(level, w)| format!("{} {w}", "#".repeat(level))),
            1 => items("- "),
            1 => items("1. "),
            1 => items("- [ ] "),
            1 => items("- [x] "),
            1 => ("[a-z]{1,6}", "[a-z]{1,6}", "[a-z]{1,6}", "[a-z]{1,6}")
                .prop_map(|(a, b, c, d)| format!("| {a} | {b} |\n| --- | --- |\n| {c} | {d} |")),
            1 => "[a-z ]{1,20}".prop_map(|code| format!("```\n{code}\n```")),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Read, write back, read again: the second read is the first.
        #[test]
        fn markdown_is_stable_after_one_round_trip(blocks in proptest::collection::vec(block(), 1..6)) {
            let markdown = blocks.join("\n\n");
            let once = round_trip(&markdown);
            prop_assert_eq!(round_trip(&once), once.clone(), "from {:?}", markdown);
        }
    }

    #[test]
    fn nesting_is_measured_in_one_pass() {
        assert_eq!(nesting_depth("<p>a<br>b<img src=x/></p><ul><li><b>x</b></li></ul>"), 3);
        assert_eq!(nesting_depth(&"<ul><li>".repeat(1_000)), 2_000);
        assert_eq!(nesting_depth("a < b and c > d"), 0);
        // Parsers ignore a non-void element's slash, and `</>` closes nothing.
        assert_eq!(nesting_depth(&"<b/>".repeat(100)), 100);
        assert_eq!(nesting_depth(&"<div></>".repeat(100)), 100);
    }

    #[test]
    fn deeply_nested_html_stored_before_the_limit_still_reads() {
        // On a thread with a small stack, as a server's worker has.
        let read = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(|| {
                let html = format!("{}deep", "<blockquote>".repeat(20_000));
                (html_to_markdown(&html), super::super::html_to_text(&html))
            })
            .expect("thread")
            .join()
            .expect("no stack overflow");
        assert_eq!(read, ("deep".to_owned(), "deep".to_owned()));
    }

    #[test]
    fn html_in_markdown_is_sanitized_on_the_way_in() {
        let html = migration::html_policy::sanitize_html(&markdown_to_html(
            "hi <script>alert(1)</script> <img src=x onerror=alert(1)> [x](javascript:alert(1))",
        ));
        assert!(!html.contains("script") && !html.contains("onerror") && !html.contains("javascript"), "{html}");
    }
}
