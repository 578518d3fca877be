//! What text the store accepts, on every surface: the longest each field
//! may be, the characters a single-line field refuses, and HTML passed
//! through the allowlist before it is stored.
//!
//! Lengths count UTF-16 units, as every length a client is told does.

use chrono::{DateTime, Datelike, NaiveDate, Utc};

use super::{Result, StoreError};
use crate::text::{is_bidi_control, utf16_len};

/// Task titles, project and agent names, wiki titles.
pub const MAX_NAME_CHARS: usize = 500;
/// Task and project descriptions (HTML or Markdown as sent).
pub const MAX_DESCRIPTION_CHARS: usize = 100_000;
/// Comment bodies (HTML or Markdown as sent).
pub const MAX_COMMENT_CHARS: usize = 100_000;
/// The longest HTML a description or comment is stored as: Markdown renders
/// to longer HTML than it was written in (`- a` is `<li>a</li>`).
pub const MAX_STORED_HTML_CHARS: usize = 1_000_000;
/// An agent session's status line.
pub const MAX_STATUS_CHARS: usize = 1_000;
/// Names one list of a task write may carry (labels, coworkers, or what
/// to add or remove of either): each is looked up under the task's lock.
pub const MAX_SET_NAMES: usize = 100;
/// Words of one text search, and the length of each.
pub const MAX_SEARCH_WORDS: usize = 16;
pub const MAX_SEARCH_WORD_CHARS: usize = 100;
/// Usernames: as long as their column holds.
pub const MAX_USERNAME_CHARS: usize = 64;
/// The largest task number or wiki revision an import or an archive may
/// bring: room for many more after it.
pub const MAX_NUMBER: i32 = 1 << 30;

/// The dates the store keeps (due dates): four-digit years, so that
/// SQLite's text dates compare in date order.
pub const STORED_DATES: std::ops::RangeInclusive<chrono::NaiveDate> =
    match (chrono::NaiveDate::from_ymd_opt(1, 1, 1), chrono::NaiveDate::from_ymd_opt(9999, 12, 31)) {
        (Some(first), Some(last)) => first..=last,
        _ => chrono::NaiveDate::MIN..=chrono::NaiveDate::MAX,
    };

/// The years an instant the store keeps falls in: those a cursor holds
/// (archives and imports check them; the server writes the rest).
pub const STORED_YEARS: std::ops::RangeInclusive<i32> = 1970..=2200;

/// Refuses what makes a name look like another or look empty: format
/// characters (category Cf: zero-width spaces and joiners, the byte order
/// mark, bidirectional controls, tags), line and paragraph separators, and
/// the other default-ignorable code points (variation selectors, the
/// combining grapheme joiner, Hangul fillers). Inside an emoji sequence
/// they are part of what is seen and stay: a joiner between two emoji
/// (👩‍💻), a variation selector right after an emoji character (☺️, 1️⃣),
/// and the tags of a subdivision flag (🏴 tags, then its cancel tag). The
/// error names the character and its position, counted in UTF-16 units
/// from 1.
pub fn visible_characters(argument: &str, value: &str) -> Result<()> {
    use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};
    let chars: Vec<char> = value.chars().collect();
    let mut position = 1;
    for (i, &c) in chars.iter().enumerate() {
        let invisible = matches!(
            c.general_category(),
            GeneralCategory::Format | GeneralCategory::LineSeparator | GeneralCategory::ParagraphSeparator
        ) || is_default_ignorable(c);
        if invisible && !in_emoji_sequence(&chars, i) {
            return Err(StoreError::bad_argument(
                argument,
                format!(
                    "`{argument}` holds U+{:04X}, an invisible format or separator character, at position {position}",
                    u32::from(c)
                ),
                "remove it: names that look the same must be the same (zero-width spaces and joiners, byte order \
                 marks, direction marks, variation selectors and line separators are refused outside emoji)",
            ));
        }
        position += c.len_utf16();
    }
    Ok(())
}

/// Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt):
/// characters shown as nothing when a font has no glyph for them.
fn is_default_ignorable(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{061C}'
            | '\u{115F}'..='\u{1160}'
            | '\u{17B4}'..='\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{FFF0}'..='\u{FFF8}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0000}'..='\u{E0FFF}'
    )
}

/// Whether the invisible character at `i` belongs to an emoji sequence.
fn in_emoji_sequence(chars: &[char], i: usize) -> bool {
    use unicode_properties::UnicodeEmoji;
    const BLACK_FLAG: char = '\u{1F3F4}';
    const CANCEL_TAG: char = '\u{E007F}';
    let pictograph = |c: char| !c.is_ascii() && c.is_emoji_char();
    let is_tag = |c: char| ('\u{E0020}'..='\u{E007E}').contains(&c);
    match chars[i] {
        // Between two emoji; a presentation selector or a skin tone may
        // follow the first.
        '\u{200D}' => {
            let before = chars[..i]
                .iter()
                .rev()
                .find(|c| !matches!(c, '\u{FE0F}' | '\u{1F3FB}'..='\u{1F3FF}'))
                .is_some_and(|c| pictograph(*c));
            before && chars.get(i + 1).is_some_and(|c| pictograph(*c))
        }
        '\u{FE0E}' | '\u{FE0F}' => i > 0 && chars[i - 1].is_emoji_char(),
        // A run of tags right after the black flag, closed by the cancel tag.
        c if is_tag(c) || c == CANCEL_TAG => {
            let first = (0..i).rev().find(|j| !is_tag(chars[*j])).map_or(0, |j| j + 1);
            let end = (first..chars.len()).find(|k| !is_tag(chars[*k]));
            first > 0
                && chars[first - 1] == BLACK_FLAG
                && end.is_some_and(|k| k > first && chars[k] == CANCEL_TAG && (c != CANCEL_TAG || k == i))
        }
        _ => false,
    }
}

/// `value` in Unicode normalization form C, the one form every name is
/// stored in: `é` typed as one character or as `e` and an accent is one
/// name.
pub fn nfc(value: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    value.nfc().collect()
}

/// Checks a single-line field (titles, names, keys, paths, labels): trimmed,
/// not empty, at most `max` characters, no control characters, no
/// invisible format characters; returned in NFC.
pub fn single_line(argument: &str, value: &str, max: usize) -> Result<String> {
    // Normalized first: NFC may lengthen a text (one character can become
    // three), and what is measured must be what is stored.
    let normalized = nfc(value.trim());
    let value = normalized.as_str();
    if value.is_empty() {
        return Err(StoreError::bad_argument(
            argument,
            format!("`{argument}` is empty"),
            format!("give `{argument}` some text"),
        ));
    }
    if utf16_len(value) > max {
        return Err(StoreError::bad_argument(
            argument,
            format!("`{argument}` is longer than {max} characters"),
            "shorten it; put details in a description",
        ));
    }
    if value.chars().any(|c| c.is_control() || is_bidi_control(c)) {
        return Err(StoreError::bad_argument(
            argument,
            format!("`{argument}` holds a control character or a bidirectional override"),
            "a single-line field takes printable text only: no newlines, tabs, escapes or U+202A-U+202E, U+2066-U+2069",
        ));
    }
    visible_characters(argument, value)?;
    Ok(normalized)
}

/// Checks a multi-line field: at most `max` characters, and no control
/// characters but tab, newline and carriage return (NUL and escapes are
/// never text, and PostgreSQL refuses NUL).
pub fn multi_line(argument: &str, value: &str, max: usize) -> Result<()> {
    if utf16_len(value) > max {
        return Err(StoreError::bad_argument(
            argument,
            format!("`{argument}` is longer than {max} characters"),
            "split it into several parts",
        ));
    }
    text_characters(argument, value)
}

/// Checks that a multi-line text holds no control characters but tab,
/// newline and carriage return.
pub fn text_characters(argument: &str, value: &str) -> Result<()> {
    if value.chars().any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r')) {
        return Err(StoreError::bad_argument(
            argument,
            format!("`{argument}` holds a control character"),
            "remove NUL, escape and other control characters; tabs and newlines are fine",
        ));
    }
    Ok(())
}

/// Checks an HTML field and returns it as it is stored: through the
/// allowlist, so a front end may render it as it is.
pub fn html(argument: &str, value: &str, max: usize) -> Result<String> {
    multi_line(argument, value, max)?;
    shallow(argument, value)?;
    sanitized(argument, value)
}

/// The HTML through the allowlist, checked again as a parser built it: a
/// tag scan of the text as sent can be fooled (`<b/>` opens a `b`).
fn sanitized(argument: &str, html: &str) -> Result<String> {
    let clean = migration::html_policy::sanitize_html(html);
    shallow(argument, &clean)?;
    let chars = clean.chars().count();
    if chars > MAX_STORED_HTML_CHARS {
        return Err(StoreError::bad_argument(
            argument,
            format!("`{argument}` renders to {chars} characters of HTML; at most {MAX_STORED_HTML_CHARS} are kept"),
            "shorten the text",
        ));
    }
    Ok(clean)
}

/// Elements nested deeper than any document needs are refused: every
/// reader of the text walks its tree.
fn shallow(argument: &str, html: &str) -> Result<()> {
    let depth = crate::text::nesting_depth(html);
    if depth > crate::text::MAX_NESTING {
        return Err(StoreError::bad_argument(
            argument,
            format!("`{argument}` nests elements {depth} levels deep; at most {} are kept", crate::text::MAX_NESTING),
            "flatten the lists or quotes",
        ));
    }
    Ok(())
}

/// A description or comment as written: HTML, or Markdown (CommonMark with
/// GFM tables and task lists) that is stored as the HTML it renders to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RichText {
    Html(String),
    Markdown(String),
}

impl RichText {
    /// Checks the text as sent (its length counts what the writer wrote)
    /// and returns the sanitized HTML to store.
    pub fn stored(&self, argument: &str, max: usize) -> Result<String> {
        match self {
            Self::Html(value) => html(argument, value, max),
            Self::Markdown(value) => {
                multi_line(argument, value, max)?;
                let html = crate::text::markdown_to_html(value);
                shallow(argument, &html)?;
                sanitized(argument, &html)
            }
        }
    }
}

/// Checks the words of a text search.
pub fn search_words(argument: &str, words: &[String]) -> Result<()> {
    if words.len() > MAX_SEARCH_WORDS {
        return Err(StoreError::bad_argument(
            argument,
            format!("`{argument}` has {} words; at most {MAX_SEARCH_WORDS} are searched", words.len()),
            "search for fewer, more telling words",
        ));
    }
    if let Some(word) = words.iter().find(|w| utf16_len(w) > MAX_SEARCH_WORD_CHARS) {
        return Err(StoreError::bad_argument(
            argument,
            format!(
                "`{argument}` has a word of {} characters; at most {MAX_SEARCH_WORD_CHARS} are searched",
                utf16_len(word)
            ),
            "search for a shorter part of the word",
        ));
    }
    Ok(())
}

/// Checks a date a filter compares with: within the years 1 to 9999, the
/// dates the store keeps (SQLite compares dates as text, so a five-digit
/// year would compare wrongly instead of failing).
pub fn filter_date(argument: &str, date: Option<NaiveDate>) -> Result<()> {
    match date {
        Some(date) if !STORED_DATES.contains(&date) => Err(StoreError::bad_argument(
            argument,
            format!("`{argument}` {date} is outside the years 1 to 9999"),
            "give a date as YYYY-MM-DD",
        )),
        _ => Ok(()),
    }
}

/// Checks an instant a filter compares with, like `filter_date`.
pub fn filter_instant(argument: &str, at: Option<DateTime<Utc>>) -> Result<()> {
    match at {
        Some(at) if !(1..=9999).contains(&at.year()) => Err(StoreError::bad_argument(
            argument,
            format!("`{argument}` {at} is outside the years 1 to 9999"),
            "give an instant as 2026-11-29T10:00:00Z",
        )),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_line_refuses_controls_and_overrides() {
        assert_eq!(single_line("title", "  Fix login  ", 10).ok().as_deref(), Some("Fix login"));
        for bad in ["a\u{0}b", "a\u{1b}[31mb", "a\nb", "abc\u{202E}fed", "x\u{2066}y", "   "] {
            assert!(single_line("title", bad, 100).is_err(), "{bad:?}");
        }
        assert!(single_line("title", &"é".repeat(11), 10).is_err());
        assert!(single_line("title", "Ünïcödé 🎉 ok", 100).is_ok());
    }

    #[test]
    fn names_that_look_the_same_are_one_or_refused() {
        let composed = single_line("title", "Caf\u{e9}", 100).ok();
        assert_eq!(single_line("title", "Cafe\u{301}", 100).ok(), composed);
        for (bad, at) in [
            ("a\u{200B}b", "U+200B, an invisible format or separator character, at position 2"),
            ("\u{FEFF}page", "U+FEFF"),
            ("line\u{2028}break", "U+2028"),
            ("para\u{2029}graph", "U+2029"),
            ("\u{1F600}\u{200B}", "at position 3"),
            ("soft\u{AD}hyphen", "U+00AD"),
        ] {
            let err = single_line("title", bad, 100).expect_err(bad).to_string();
            assert!(err.contains(at), "{bad:?}: {err}");
        }
        // Joiners, selectors and tags inside emoji sequences are part of
        // what is seen; anywhere else they hide.
        let flag = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}";
        let waving = "\u{1F44B}\u{1F3FD}\u{200D}\u{2642}\u{FE0F}";
        for fine in ["\u{1F469}\u{200D}\u{1F4BB} team", flag, waving, "1\u{FE0F}\u{20E3} first", "\u{263A}\u{FE0F}"] {
            assert!(single_line("title", fine, 100).is_ok(), "{fine:?}");
        }
        for hidden in [
            "Fix login\u{1F600}\u{E0049}\u{E0047}",
            "a\u{1F600}\u{200D}",
            "\u{200D}\u{1F600}",
            "a\u{FE0F}",
            "a\u{34F}b",
            "\u{3164}",
            "\u{1F3F4}\u{E0067}\u{E0062}",
            "\u{E007F}",
        ] {
            assert!(single_line("title", hidden, 100).is_err(), "{hidden:?}");
        }
        // Measured as stored: U+FB2C is three characters in NFC.
        assert!(single_line("title", &"\u{FB2C}".repeat(40), 100).is_err());
    }

    #[test]
    fn multi_line_keeps_newlines_and_refuses_nul() {
        assert!(multi_line("body", "line\n\tindented\r\n", 100).is_ok());
        assert!(multi_line("body", "a\u{0}b", 100).is_err());
        assert!(multi_line("body", "abc", 2).is_err());
    }

    #[test]
    fn lengths_are_inclusive_limits() {
        assert!(single_line("title", &"\u{e9}".repeat(10), 10).is_ok());
        assert!(multi_line("body", "abc", 3).is_ok());
        let words = |n: usize, len: usize| vec!["w".repeat(len); n];
        assert!(search_words("query", &words(MAX_SEARCH_WORDS, 3)).is_ok());
        let many = search_words("query", &words(MAX_SEARCH_WORDS + 1, 3)).expect_err("too many").to_string();
        assert!(many.contains("has 17 words; at most 16"), "{many}");
        assert!(search_words("query", &words(1, MAX_SEARCH_WORD_CHARS)).is_ok());
        let long = search_words("query", &words(2, MAX_SEARCH_WORD_CHARS + 1)).expect_err("too long").to_string();
        assert!(long.contains("a word of 101 characters"), "{long}");
    }

    #[test]
    fn html_is_stored_sanitized_and_shallow() {
        let stored = html("body", "<p>hi</p><script>alert(1)</script>", 1_000).expect("valid");
        assert!(stored.contains("<p>hi</p>") && !stored.contains("script"), "{stored}");
        let markdown = RichText::Markdown("**bold**".into()).stored("body", 1_000).expect("valid");
        assert!(markdown.contains("<strong>bold</strong>"), "{markdown}");
        let html_text = RichText::Html("<em>x</em><img src=x onerror=alert(1)>".into()).stored("body", 1_000);
        let html_text = html_text.expect("valid");
        assert!(html_text.contains("<em>x</em>") && !html_text.contains("onerror"), "{html_text}");
        // Exactly as deep as kept, then one level more.
        let nested = |levels: usize| format!("{}x{}", "<blockquote>".repeat(levels), "</blockquote>".repeat(levels));
        let at_limit = (1..400).find(|n| crate::text::nesting_depth(&nested(*n)) == crate::text::MAX_NESTING);
        let at_limit = at_limit.expect("some depth reaches the limit");
        assert!(html("body", &nested(at_limit), 100_000).is_ok());
        let deeper = html("body", &nested(at_limit + 1), 100_000).expect_err("too deep").to_string();
        assert!(deeper.contains("levels deep"), "{deeper}");
        let markdown_deep = RichText::Markdown(">".repeat(at_limit + 50)).stored("body", 100_000);
        assert!(markdown_deep.is_err());
        // Closing tags of elements never opened fool a scan of the text;
        // the tree the sanitizer built is measured too.
        let stray = html("body", &"<div></span>".repeat(200), 100_000).expect_err("deep once parsed").to_string();
        assert!(stray.contains("levels deep"), "{stray}");
    }

    #[test]
    fn markdown_may_render_longer_than_it_was_written_up_to_the_stored_bound() {
        let list = "- a\n".repeat(20_000);
        let stored = RichText::Markdown(list).stored("description", MAX_DESCRIPTION_CHARS).expect("a long list");
        assert!(stored.chars().count() > MAX_DESCRIPTION_CHARS, "rendered longer than written");
        assert!(html("description", &stored, MAX_STORED_HTML_CHARS).is_ok(), "an archive of it restores");
    }

    #[test]
    fn filter_dates_stay_within_four_digit_years() {
        let date = |y, m, d| NaiveDate::from_ymd_opt(y, m, d);
        assert!(filter_date("dueBefore", None).is_ok());
        assert!(filter_date("dueBefore", date(2026, 12, 1)).is_ok());
        assert!(filter_date("dueBefore", date(9999, 12, 31)).is_ok());
        assert!(filter_date("dueBefore", date(10_000, 1, 1)).is_err());
        assert!(filter_date("dueBefore", date(0, 12, 31)).is_err());
        let at = |y| chrono::TimeZone::with_ymd_and_hms(&Utc, y, 1, 1, 0, 0, 0).single();
        assert!(filter_instant("since", None).is_ok());
        assert!(filter_instant("since", at(2026)).is_ok());
        assert!(filter_instant("since", at(10_000)).is_err());
        assert!(filter_instant("since", at(0)).is_err());
    }

    #[test]
    fn only_real_emoji_sequences_keep_their_invisible_parts() {
        for hidden in [
            // A joiner between letters, or after an emoji before a letter.
            "\u{e9}\u{200D}\u{e9}",
            "\u{1F600}\u{200D}a",
            "1\u{200D}2",
            // A selector with nothing before it.
            "\u{FE0F}a",
            // Tags not closed by the cancel tag, and a cancel tag alone.
            "\u{1F3F4}\u{E0067}x",
            "\u{1F3F4}\u{E007F}",
        ] {
            assert!(single_line("title", hidden, 100).is_err(), "{hidden:?}");
        }
    }
}
