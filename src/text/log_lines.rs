//! The text log's field formatter: every field value and message of every
//! event and span, whoever logs it (tasklens or a library such as rmcp or
//! hyper), has its control and bidirectional characters escaped, so a
//! value a client sent can never start a line of its own, ring a bell,
//! color a terminal or reorder what an operator reads. The JSON format
//! needs none of this: its encoder escapes strings.

use tracing_subscriber::field::RecordFields;
use tracing_subscriber::fmt::FormatFields;
use tracing_subscriber::fmt::format::{DefaultFields, Writer};

/// `DefaultFields` (`name=value`, the message first), its output escaped.
#[derive(Debug, Default)]
pub struct EscapedFields {
    inner: DefaultFields,
}

impl EscapedFields {
    pub fn new() -> Self {
        Self::default()
    }
}

impl<'writer> FormatFields<'writer> for EscapedFields {
    fn format_fields<R: RecordFields>(&self, mut writer: Writer<'writer>, fields: R) -> std::fmt::Result {
        let mut plain = String::new();
        self.inner.format_fields(Writer::new(&mut plain), fields)?;
        write_escaped(&mut writer, &plain)
    }
}

/// Writes `text` with each control and bidirectional character as `\u{..}`.
fn write_escaped(out: &mut impl std::fmt::Write, text: &str) -> std::fmt::Result {
    let mut rest = text;
    while let Some(at) = rest.find(|c: char| c.is_control() || super::is_bidi_control(c)) {
        out.write_str(&rest[..at])?;
        let c = rest[at..].chars().next().unwrap_or_default();
        write!(out, "\\u{{{:x}}}", u32::from(c))?;
        rest = &rest[at + c.len_utf8()..];
    }
    out.write_str(rest)
}

#[cfg(test)]
mod tests {
    use std::io::Write;
    use std::sync::{Arc, Mutex};

    use super::*;

    #[derive(Clone, Default)]
    struct Captured(Arc<Mutex<Vec<u8>>>);

    impl Write for Captured {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().map_err(|_| std::io::Error::other("poisoned"))?.extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn logged(emit: impl FnOnce()) -> String {
        let captured = Captured::default();
        let writer = captured.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_ansi(false)
            .fmt_fields(EscapedFields::new())
            .with_writer(move || writer.clone())
            .finish();
        tracing::subscriber::with_default(subscriber, emit);
        let bytes = captured.0.lock().map(|b| b.clone()).unwrap_or_default();
        String::from_utf8(bytes).unwrap_or_default()
    }

    #[test]
    fn a_value_with_a_newline_cannot_forge_a_line() {
        let id = "x\n2001-02-03T04:05:06Z ERROR tasklens: forged";
        // As a library writes it: the value inside the message.
        let out = logged(|| tracing::warn!("response error id={id}"));
        assert_eq!(out.lines().count(), 1, "{out}");
        assert!(out.contains(r"id=x\u{a}2001-02-03T04:05:06Z ERROR tasklens: forged"), "{out}");
        assert!(out.ends_with('\n'));
    }

    #[test]
    fn bells_escapes_and_bidi_overrides_are_escaped_in_fields_and_spans() {
        let hostile = "a\u{7}b\u{1b}[31mc\u{202e}d\r";
        let out = logged(|| {
            let span = tracing::info_span!("request", id = %hostile);
            let _entered = span.enter();
            tracing::info!(name = %hostile, debug = ?hostile, "said {hostile}");
        });
        assert_eq!(out.lines().count(), 1, "{out}");
        assert!(!out.trim_end_matches('\n').chars().any(|c| c.is_control() || c == '\u{202e}'), "{out:?}");
        assert!(out.contains(r"name=a\u{7}b"), "{out}");
        assert!(out.contains(r"c\u{202e}d\u{d}"), "{out}");
    }

    #[test]
    fn plain_text_is_left_as_it_is() {
        let mut out = String::new();
        write_escaped(&mut out, "héllo wörld 😀 tab\tend").ok();
        assert_eq!(out, r"héllo wörld 😀 tab\u{9}end");
    }
}
