//! The allowlist every stored HTML text passes through (task and project
//! descriptions, comment bodies): what a front end may render as it is.
//!
//! It lives beside the migrations because one of them applies it to rows
//! stored before it existed; the application's writes call the same
//! function, so stored rows and new writes follow one policy.

use std::sync::LazyLock;

/// The allowlist, with an input made a checkbox. ammonia adds a missing
/// set attribute from a hash map, so with two of them their order would
/// change from one process to the next and the same text would be stored
/// two ways: each policy sets one, and the kept ones stay where they were.
static POLICY: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| {
    let mut policy = allowlist();
    policy.set_tag_attribute_value("input", "type", "checkbox");
    policy
});

/// The same allowlist, with an input made disabled.
static DISABLED: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| {
    let mut policy = allowlist();
    policy.set_tag_attribute_value("input", "disabled", "");
    policy
});

fn allowlist() -> ammonia::Builder<'static> {
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
        // checkbox (the two policies above set the values), so none can
        // take text or submit anything.
        .add_tags(&["input"])
        .add_tag_attributes("input", &["checked", "disabled", "type"])
        .link_rel(Some("noopener noreferrer"));
    policy
}

/// The HTML as it may be stored and rendered.
pub fn sanitize_html(html: &str) -> String {
    // What one pass writes can parse into another tree (`<h4><h4>x`
    // reads back as two siblings), so passes go on until the text is one
    // the allowlist keeps as it is: what is stored renders as it reads.
    let mut clean = pass(html);
    for _ in 0..MAX_PASSES {
        let again = pass(&clean);
        if again == clean {
            break;
        }
        clean = again;
    }
    clean
}

/// The HTML another site rendered, its relative addresses (`/images/x.png`)
/// made absolute against that site, so they do not point at this one. The
/// result still goes through [`sanitize_html`].
pub fn absolute_urls(html: &str, site: &str) -> String {
    let Ok(base) = ammonia::Url::parse(site) else { return html.to_owned() };
    let mut policy = allowlist();
    policy.url_relative(ammonia::UrlRelative::RewriteWithBase(base));
    policy.clean(html).to_string()
}

fn pass(html: &str) -> String {
    let clean = POLICY.clean(html).to_string();
    // A task list rendered from Markdown has its inputs disabled already:
    // the second policy runs only for those that are not.
    if enabled_input(&clean) { DISABLED.clean(&clean).to_string() } else { clean }
}

/// Whether an input of this serialized HTML lacks `disabled=""`. Serialized
/// text escapes `<`, so `<input` opens an element, and the values an input
/// keeps hold no `>`.
fn enabled_input(html: &str) -> bool {
    html.match_indices("<input").any(|(at, _)| {
        let tag = &html[at..];
        !tag[..tag.find('>').unwrap_or(tag.len())].contains(" disabled=\"\"")
    })
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

    #[test]
    fn another_sites_addresses_become_absolute() {
        let html = absolute_urls(
            "<img src=\"/images/smile.png\"><a href=\"/browse/OPS-1\">x</a><a href=\"https://x.test/\">y</a>",
            "https://acme.atlassian.net",
        );
        assert!(html.contains("src=\"https://acme.atlassian.net/images/smile.png\""), "{html}");
        assert!(html.contains("href=\"https://acme.atlassian.net/browse/OPS-1\""), "{html}");
        assert!(html.contains("href=\"https://x.test/\""), "{html}");
    }

    #[test]
    fn a_checkbox_is_written_one_way() {
        // The attributes come in the order the text had them, the missing
        // ones after: the same text is always stored the same.
        assert_eq!(
            sanitize_html("<li><input disabled=\"\" type=\"checkbox\" checked=\"\"/> done</li>"),
            "<li><input disabled=\"\" type=\"checkbox\" checked=\"\"> done</li>"
        );
        assert_eq!(
            sanitize_html("<li><input checked> done</li>"),
            "<li><input checked=\"\" type=\"checkbox\" disabled=\"\"> done</li>"
        );
        assert_eq!(
            sanitize_html("<li><input type=radio disabled=yes> done</li>"),
            "<li><input type=\"checkbox\" disabled=\"\"> done</li>"
        );
    }
}
