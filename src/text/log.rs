//! User input as it may appear in a log line: cut short, with control and
//! bidirectional characters escaped, so no input can forge a line, color a
//! terminal or reorder what an operator reads.

/// Longest piece of input a log line carries, in characters.
const MAX_LOGGED_CHARS: usize = 200;

/// Characters that reorder or hide text when it is shown: the bidirectional
/// embeddings, overrides and isolates (the "Trojan Source" characters).
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// `text` cut to a few hundred characters, with `\n`, ESC, NUL, U+202E and
/// their kind written as `\u{..}` escapes.
pub fn for_log(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(MAX_LOGGED_CHARS * 2));
    for (count, c) in text.chars().enumerate() {
        if count == MAX_LOGGED_CHARS {
            out.push_str("...");
            break;
        }
        if c.is_control() || is_bidi_control(c) {
            out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_escaped_and_long_input_cut() {
        assert_eq!(for_log("a\nb\u{1b}[31m\u{202E}"), "a\\u{a}b\\u{1b}[31m\\u{202e}");
        let long = for_log(&"x".repeat(10_000));
        assert_eq!(long.len(), MAX_LOGGED_CHARS + 3);
    }
}
