//! HTML descriptions and comments as plain text, and plain text as HTML.

use html2text::config;
use html2text::render::TrivialDecorator;

/// Wide enough that no paragraph is ever wrapped: one line per block.
const NO_WRAP: usize = 1_000_000;

/// Tags and entities removed, links and mentions as their text, one line
/// per block, runs of blank lines folded into one.
pub fn html_to_text(html: &str) -> String {
    // The trivial decorator writes links, emphasis and list items as their
    // bare text: no brackets, stars or bullets for a reader to strip.
    let rendered = config::with_decorator(TrivialDecorator::new())
        .link_footnotes(false)
        .raw_mode(true)
        .allow_width_overflow()
        .string_from_read(html.as_bytes(), NO_WRAP)
        // html2text only fails on a width too narrow, which overflow allows.
        .unwrap_or_else(|_| html.to_owned());
    let mut out = String::with_capacity(rendered.len());
    let mut blank_run = false;
    for line in rendered.lines().map(str::trim_end) {
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

/// Plain text from an agent as HTML: escaped, one paragraph per block of
/// lines separated by a blank line, line breaks kept.
pub fn plain_to_html(text: &str) -> String {
    let escape = |s: &str| s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;");
    text.split("\n\n")
        .map(str::trim)
        .filter(|block| !block.is_empty())
        .map(|block| format!("<p>{}</p>", block.lines().map(escape).collect::<Vec<_>>().join("<br>")))
        .collect()
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

    #[test]
    fn plain_text_round_trips_through_html() {
        let text = "a < b & c\nsecond line\n\nnew \"block\"";
        let html = plain_to_html(text);
        assert_eq!(html, "<p>a &lt; b &amp; c<br>second line</p><p>new &quot;block&quot;</p>");
        assert_eq!(html_to_text(&html), "a < b & c\nsecond line\n\nnew \"block\"");
    }
}
