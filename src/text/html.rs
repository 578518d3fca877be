//! HTML descriptions and comments as plain text.

use html2text::config;
use html2text::render::TrivialDecorator;

/// Wide enough that no paragraph is ever wrapped: one line per block.
const NO_WRAP: usize = 1_000_000;

/// Tags and entities removed, links and mentions as their text, one line
/// per block, runs of blank lines folded into one.
pub fn html_to_text(html: &str) -> String {
    if super::rich::nesting_depth(html) > super::rich::MAX_NESTING {
        return super::rich::without_tags(html);
    }
    // The trivial decorator writes links, emphasis and list items as their
    // bare text: no brackets, stars or bullets for a reader to strip.
    let rendered = config::with_decorator(TrivialDecorator::new())
        .link_footnotes(false)
        .raw_mode(true)
        .allow_width_overflow()
        .string_from_read(html.as_bytes(), NO_WRAP)
        // html2text only fails on a width too narrow, which overflow allows.
        .unwrap_or_else(|_| html.to_owned());
    fold_blank_lines(&rendered)
}

/// Lines without trailing blanks, runs of blank lines folded into one, none
/// at either end.
pub(super) fn fold_blank_lines(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut blank_run = false;
    for line in text.lines().map(str::trim_end) {
        if line.trim().is_empty() {
            blank_run = !out.is_empty();
            continue;
        }
        if !out.is_empty() {
            out.push('\n');
            if blank_run {
                out.push('\n');
            }
        }
        blank_run = false;
        out.push_str(line);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_become_lines_and_entities_are_decoded() {
        let html = "<p>Fix the <b>login</b> &amp; signup&nbsp;flow &eacute;t&eacute; &#x1F680;</p>\
                    <ul><li>one</li><li>two</li></ul><p></p><p></p>\
                    <p>Ask <a class=\"mention\" href=\"/users/alice\">@alice</a> or read <a href=\"https://x.test/doc\">the doc</a></p>\
                    <script>alert(1)</script>";
        let text = html_to_text(html);
        assert!(text.starts_with("Fix the login & signup\u{a0}flow été 🚀\n"), "{text:?}");
        assert!(text.contains("\none\ntwo\n"), "{text:?}");
        assert!(text.contains("Ask @alice or read the doc"), "{text:?}");
        assert!(!text.contains("https://"), "{text:?}");
        assert!(!text.contains("alert"), "{text:?}");
        assert!(!text.contains("\n\n\n"), "{text:?}");
    }
}
