//! Stored HTML served as plain text or Markdown, in windows or excerpts
//! (see `text/`), and the Markdown alternative of HTML inputs.

use std::sync::OnceLock;

use async_graphql::{Enum, SimpleObject};

use crate::store::input::RichText;
use crate::text;

use super::error::{ErrorCode, coded};

/// How a text is cut to `maxChars`.
#[derive(Enum, Clone, Copy, PartialEq, Eq, Default)]
pub enum TextCut {
    /// A window from `cursor`, ending on a character boundary; read on with `next`.
    #[default]
    Window,
    /// The beginning, cut after the last whole word that fits.
    Word,
    /// The first non-empty line, cut after the last whole word that fits.
    FirstLine,
}

/// What a stored HTML text is read as.
#[derive(Enum, Clone, Copy, PartialEq, Eq, Default)]
pub enum TextFormat {
    /// Tags removed, one line per block.
    #[default]
    Plain,
    /// Markdown (CommonMark, GFM tables and task lists): written back as
    /// Markdown, it keeps the text's structure.
    Markdown,
}

/// A piece of a text (plain or Markdown). Lengths and offsets count UTF-16
/// code units.
#[derive(SimpleObject)]
pub struct TextWindow {
    pub text: String,
    /// Length of the whole text.
    pub total_chars: i32,
    /// Where this piece starts.
    pub start: i32,
    /// Where the next window starts (pass it as `cursor`); null at the end.
    pub next: Option<i32>,
    /// True when the text goes on beyond this piece.
    pub truncated: bool,
}

pub const MAX_MAX_CHARS: i32 = 1_000_000;

/// An input given as HTML or as Markdown, not both.
pub fn rich(argument: &str, html: Option<String>, markdown: Option<String>) -> async_graphql::Result<Option<RichText>> {
    match (html, markdown) {
        (Some(_), Some(_)) => Err(both_forms(argument)),
        (Some(html), None) => Ok(Some(RichText::Html(html))),
        (None, Some(markdown)) => Ok(Some(RichText::Markdown(markdown))),
        (None, None) => Ok(None),
    }
}

pub fn both_forms(argument: &str) -> async_graphql::Error {
    coded(
        format!("`{argument}` and `{argument}Markdown` are both given"),
        ErrorCode::BadUserInput,
        Some("give the text once, as HTML or as Markdown"),
    )
}

pub fn neither_form(argument: &str) -> async_graphql::Error {
    coded(
        format!("neither `{argument}` nor `{argument}Markdown` is given"),
        ErrorCode::BadUserInput,
        Some("give the text as HTML or as Markdown"),
    )
}

/// A stored HTML text rendered at most once per format, however many
/// selections cut it (a tool reads a comment's length, first line and body).
#[derive(Default)]
pub struct Renderings {
    plain: OnceLock<String>,
    markdown: OnceLock<String>,
}

impl Renderings {
    /// Cuts `html` (the text these renderings are of) as asked.
    pub fn cut(
        &self,
        html: &str,
        format: TextFormat,
        max_chars: i32,
        cursor: i32,
        how: TextCut,
    ) -> async_graphql::Result<TextWindow> {
        let rendered = match format {
            TextFormat::Plain => self.plain.get_or_init(|| text::html_to_text(html)),
            TextFormat::Markdown => self.markdown.get_or_init(|| text::html_to_markdown(html)),
        };
        cut_text(rendered, max_chars, cursor, how)
    }
}

/// Cuts the text of `html`, as plain text or Markdown, as asked.
pub fn cut(
    html: &str,
    format: TextFormat,
    max_chars: i32,
    cursor: i32,
    how: TextCut,
) -> async_graphql::Result<TextWindow> {
    Renderings::default().cut(html, format, max_chars, cursor, how)
}

/// Cuts a text that is already plain, as asked.
pub fn cut_text(plain: &str, max_chars: i32, cursor: i32, how: TextCut) -> async_graphql::Result<TextWindow> {
    if !(1..=MAX_MAX_CHARS).contains(&max_chars) {
        return Err(coded(
            format!("`maxChars` is {max_chars}"),
            ErrorCode::BadUserInput,
            Some("ask for 1 to 1,000,000 characters"),
        ));
    }
    let total = text::utf16_len(plain) as i32;
    let max = max_chars as usize;
    let (piece, start, next, truncated) = match how {
        TextCut::Window => {
            let bad_cursor = || {
                coded(
                    format!("`cursor` {cursor} is not a position in this text"),
                    ErrorCode::BadUserInput,
                    Some("pass back `next` from the previous window, or 0 to start"),
                )
            };
            let start = usize::try_from(cursor).map_err(|_| bad_cursor())?;
            let w = text::window(plain, start, max).ok_or_else(bad_cursor)?;
            (w.text.to_owned(), cursor, w.next.map(|n| n as i32), w.next.is_some())
        }
        TextCut::Word | TextCut::FirstLine => {
            if cursor != 0 {
                return Err(coded(
                    "`cursor` only applies to windows",
                    ErrorCode::BadUserInput,
                    Some("use cut: WINDOW to read on"),
                ));
            }
            let (piece, truncated) =
                if how == TextCut::Word { text::excerpt(plain, max) } else { text::first_line(plain, max) };
            (piece.to_owned(), 0, None, truncated)
        }
    };
    Ok(TextWindow { text: piece, total_chars: total, start, next, truncated })
}
