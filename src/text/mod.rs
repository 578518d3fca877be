//! Long text for readers with a budget: HTML to plain text and Markdown (and
//! Markdown to HTML), excerpts cut on
//! a word or line boundary, windows that never split a character, and wiki
//! Markdown (frontmatter, outline, sections, search excerpts, change
//! summaries).
//!
//! Every length here is in UTF-16 code units, what JavaScript's `.length`
//! counts and how MCP clients measure a reply. Offsets (window cursors)
//! always fall on grapheme cluster boundaries, so a window never splits a
//! surrogate pair or a combining sequence.

mod html;
mod log;
mod log_lines;
mod markdown;
mod rich;
mod snippet;
mod summary;
mod window;

pub use html::html_to_text;
pub use log::{echo, for_log, is_bidi_control};
pub use log_lines::EscapedFields;
pub use markdown::{
    FrontmatterError, Heading, MAX_FRONTMATTER_BYTES, Section, check_frontmatter, find_section, frontmatter, outline,
    section_at, slugify, split_frontmatter,
};
pub use rich::{MAX_NESTING, html_to_markdown, markdown_to_html, nesting_depth};
pub use snippet::{excerpt_around, first_match};
pub use summary::change_summary;
pub use window::{Window, excerpt, first_line, fit_json, utf16_len, window};

/// `2026-11-29T10:00:00Z`: an instant to the second, in UTC, as every
/// surface writes one for people and agents.
pub fn to_second(at: chrono::DateTime<chrono::Utc>) -> String {
    // RFC 3339's own writer: `format` would parse its pattern on every call,
    // and an agent's list writes a few instants per task.
    at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// An RFC 3339 instant written `to_second`; None for a text that is not one.
pub fn instant_to_second(text: &str) -> Option<String> {
    chrono::DateTime::parse_from_rfc3339(text).ok().map(|t| to_second(t.with_timezone(&chrono::Utc)))
}

#[cfg(test)]
mod tests {
    use chrono::{TimeZone, Utc};

    use super::*;

    #[test]
    fn instants_are_written_to_the_second_in_utc() {
        let at = Utc.with_ymd_and_hms(2026, 3, 4, 5, 6, 7).single().expect("an instant");
        assert_eq!(to_second(at), "2026-03-04T05:06:07Z");
        let fraction = at + chrono::Duration::nanoseconds(999_999_999);
        assert_eq!(to_second(fraction), "2026-03-04T05:06:07Z", "cut, never rounded up");
        assert_eq!(instant_to_second("2026-03-04T05:06:07.999999+00:00").as_deref(), Some("2026-03-04T05:06:07Z"));
        assert_eq!(instant_to_second("2026-03-04T07:06:07+02:00").as_deref(), Some("2026-03-04T05:06:07Z"));
        assert_eq!(instant_to_second("2026-03-04"), None);
    }
}
