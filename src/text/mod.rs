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
    at.format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

/// An RFC 3339 instant written `to_second`; None for a text that is not one.
pub fn instant_to_second(text: &str) -> Option<String> {
    chrono::DateTime::parse_from_rfc3339(text).ok().map(|t| to_second(t.with_timezone(&chrono::Utc)))
}
