//! User input as it may appear in a log line (cut short, with control and
//! bidirectional characters escaped, so no input can forge a line, color a
//! terminal or reorder what an operator reads) or be echoed in an error
//! (cut to a prefix, so a megabyte of name never comes back whole).

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

/// Longest piece of a client's input an error echoes, in characters.
const MAX_ECHOED_CHARS: usize = 64;

/// A name or value a client sent, as an error quotes it: its first 64
/// characters, and `...` when it goes on.
pub fn echo(input: impl std::fmt::Display) -> String {
    let text = input.to_string();
    match text.char_indices().nth(MAX_ECHOED_CHARS) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn echoes_are_a_short_prefix() {
        assert_eq!(echo("list_tasks"), "list_tasks");
        assert_eq!(echo("é".repeat(1_000)), format!("{}...", "é".repeat(64)));
    }

    #[test]
    fn controls_are_escaped_and_long_input_cut() {
        assert_eq!(for_log("a\nb\u{1b}[31m\u{202E}"), "a\\u{a}b\\u{1b}[31m\\u{202e}");
        let long = for_log(&"x".repeat(10_000));
        assert_eq!(long.len(), MAX_LOGGED_CHARS + 3);
    }
}
