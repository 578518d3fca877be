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
    if let Some(second) = utc_to_second(text) {
        return Some(second);
    }
    chrono::DateTime::parse_from_rfc3339(text).ok().map(|t| to_second(t.with_timezone(&chrono::Utc)))
}

/// A UTC instant (`…T05:06:07`, any fraction, then `Z` or `+00:00`, as the
/// gateway writes its own) cut to the second without parsing it: an
/// agent's list writes several per task. Anything else, or a date or time
/// out of range, is left to chrono.
fn utc_to_second(text: &str) -> Option<String> {
    let (second, rest) = (text.get(..19)?, text.get(19..)?);
    let fraction = rest.strip_suffix("+00:00").or_else(|| rest.strip_suffix('Z'))?;
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    if !(fraction.is_empty() || fraction.strip_prefix('.').is_some_and(digits)) {
        return None;
    }
    let number = |range: std::ops::Range<usize>| second.get(range).filter(|p| digits(p))?.parse::<u32>().ok();
    let separators = [(4, b'-'), (7, b'-'), (10, b'T'), (13, b':'), (16, b':')];
    let (month, day) = (number(5..7)?, number(8..10)?);
    let (hour, minute, sec) = (number(11..13)?, number(14..16)?, number(17..19)?);
    let shaped = number(0..4).is_some() && separators.iter().all(|&(at, byte)| second.as_bytes()[at] == byte);
    // Days past 28 and leap seconds are left to chrono, which knows months.
    let plain = (1..=12).contains(&month) && (1..=28).contains(&day) && hour < 24 && minute < 60 && sec < 60;
    (shaped && plain).then(|| format!("{second}Z"))
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

    /// The cut and the parse agree wherever the cut answers, and the parse
    /// answers where it does not.
    #[test]
    fn a_utc_instant_is_cut_as_chrono_would_write_it() {
        let parsed = |text: &str| {
            chrono::DateTime::parse_from_rfc3339(text).ok().map(|t| to_second(t.with_timezone(&chrono::Utc)))
        };
        for text in [
            "2026-11-01T08:59:37+00:00",
            "2026-11-01T08:59:37Z",
            "2026-11-01T08:59:37.999999999Z",
            "2026-11-01T08:59:37.5+00:00",
            "2024-02-29T23:59:59+00:00",
            "2026-02-31T00:00:00Z",
            "2026-13-01T00:00:00Z",
            "2026-11-01T24:00:00Z",
            "2026-11-01T08:59:60Z",
            "2026-11-01t08:59:37z",
            "2026-11-01T08:59:37.Z",
            "2026-11-01T08:59:37+02:00",
            "2026-11-01T08:59:37",
            "+2026-11-01T08:59:37Z",
            "2026-11-01T08:59:3é+00:00",
        ] {
            assert_eq!(instant_to_second(text), parsed(text), "{text}");
        }
        assert!(utc_to_second("2026-11-01T08:59:37+00:00").is_some());
        assert!(utc_to_second("2026-11-01T08:59:37.123Z").is_some());
        assert!(utc_to_second("2026-02-31T00:00:00Z").is_none(), "left to chrono");
    }
}
