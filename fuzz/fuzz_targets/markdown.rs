//! Markdown to HTML and back, through the sanitizer and the checks every
//! write runs: no panic, what is stored is a fixed point of the allowlist,
//! and bounded nesting is read linearly.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tasklens::store::input::RichText;

/// What the allowlist stores is a fixed point of it (a second pass finds
/// nothing to remove or rewrite, so no markup hides in what the first
/// pass wrote), and holds no script element.
fn safe(html: &str) -> bool {
    migration::html_policy::sanitize_html(html) == html && !html.to_ascii_lowercase().contains("<script")
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for rich in [RichText::Markdown(text.to_string()), RichText::Html(text.to_string())] {
        let Ok(stored) = rich.stored("description", 100_000) else { continue };
        assert!(safe(&stored), "unsafe HTML stored: {stored}");
        let markdown = tasklens::text::html_to_markdown(&stored);
        let _ = tasklens::text::html_to_text(&stored);
        let _ = RichText::Markdown(markdown).stored("description", 1_000_000);
    }
});
