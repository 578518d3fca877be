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
mod markdown;
mod rich;
mod snippet;
mod summary;
mod window;

pub use html::html_to_text;
pub use log::{for_log, is_bidi_control};
pub use markdown::{
    FrontmatterError, Heading, MAX_FRONTMATTER_BYTES, Section, check_frontmatter, find_section, frontmatter, outline,
    section_at, slugify, split_frontmatter,
};
pub use rich::{MAX_NESTING, html_to_markdown, markdown_to_html, nesting_depth};
pub use snippet::{excerpt_around, first_match};
pub use summary::change_summary;
pub use window::{Window, excerpt, first_line, fit_json, utf16_len, window};
