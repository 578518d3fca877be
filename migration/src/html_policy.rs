//! The allowlist every stored HTML text passes through (task and project
//! descriptions, comment bodies): what a front end may render as it is.
//!
//! It lives beside the migrations because one of them applies it to rows
//! stored before it existed; the application's writes call the same
//! function, so stored rows and new writes follow one policy.

use std::sync::LazyLock;

static POLICY: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| {
    let mut policy = ammonia::Builder::default();
    // ammonia's defaults already keep structure (paragraphs, lists, tables,
    // code, links, images) and drop scripts, styles, event handlers, frames,
    // forms and every URL scheme but the harmless ones (`javascript:` and
    // `data:` included). Classes are kept where Markdown renderers put them:
    // a code block's language and a mention.
    policy
        .add_tag_attributes("code", &["class"])
        .add_tag_attributes("span", &["class"])
        .add_tag_attributes("a", &["class"])
        // A task list's checkboxes (GFM): every input becomes a disabled
        // checkbox, so none can take text or submit anything.
        .add_tags(&["input"])
        .add_tag_attributes("input", &["checked"])
        .set_tag_attribute_value("input", "type", "checkbox")
        .set_tag_attribute_value("input", "disabled", "")
        .link_rel(Some("noopener noreferrer"));
    policy
});

/// The HTML as it may be stored and rendered.
pub fn sanitize_html(html: &str) -> String {
    // What one pass writes can parse into another tree (`<h4><h4>x`
    // reads back as two siblings), so passes go on until the text is one
    // the allowlist keeps as it is: what is stored renders as it reads.
    let mut clean = POLICY.clean(html).to_string();
    for _ in 0..MAX_PASSES {
        let again = POLICY.clean(&clean).to_string();
        if again == clean {
            break;
        }
        clean = again;
    }
    clean
}

/// Passes after the first; one more has never been needed.
const MAX_PASSES: usize = 3;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn structure_stays_and_script_goes() {
        let clean = sanitize_html(
            "<h2>Plan</h2><ul><li><a href=\"https://x.test/a\" onclick=\"steal()\">link</a></li></ul>\
             <pre><code class=\"language-rust\">fn a() {}</code></pre><script>alert(1)</script>",
        );
        assert_eq!(
            clean,
            "<h2>Plan</h2><ul><li><a href=\"https://x.test/a\" rel=\"noopener noreferrer\">link</a></li></ul>\
             <pre><code class=\"language-rust\">fn a() {}</code></pre>"
        );
    }

    #[test]
    fn what_is_stored_is_a_fixed_point() {
        // Found by the markdown fuzz target: nested headings that reparse
        // as siblings.
        let found = String::from_utf8_lossy(
            b"<p on\xb9i&n<p on\xb9i&nk><h4 p<pontk><http<p p on\xb9i&nk><h4 p<pontk onk><http<pnamei&nk>><h",
        );
        let clean = sanitize_html(&found);
        assert_eq!(sanitize_html(&clean), clean);
        let nested = sanitize_html("<h4><h4>x</h4></h4>");
        assert_eq!(sanitize_html(&nested), nested);
    }

    #[test]
    fn an_input_is_only_ever_a_disabled_checkbox() {
        let clean = sanitize_html("<li><input type=\"text\" name=\"a\" value=\"x\" checked onfocus=\"x()\"> done</li>");
        assert!(clean.starts_with("<li><input "), "{clean}");
        for part in ["type=\"checkbox\"", "disabled=\"\"", "checked=\"\""] {
            assert!(clean.contains(part), "{part} in {clean}");
        }
        for gone in ["text", "name", "value", "onfocus"] {
            assert!(!clean.contains(gone), "{gone} in {clean}");
        }
    }
}
