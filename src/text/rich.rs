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

/// Stored HTML as Markdown, runs of blank lines folded into one.
pub fn html_to_markdown(html: &str) -> String {
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
    fn html_in_markdown_is_sanitized_on_the_way_in() {
        let html = migration::html_policy::sanitize_html(&markdown_to_html(
            "hi <script>alert(1)</script> <img src=x onerror=alert(1)> [x](javascript:alert(1))",
        ));
        assert!(!html.contains("script") && !html.contains("onerror") && !html.contains("javascript"), "{html}");
    }
}
