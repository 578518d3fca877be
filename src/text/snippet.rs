//! Search excerpts: a short single line of a text around the first place
//! where any of the searched words occurs.

use unicode_segmentation::UnicodeSegmentation;

use super::window::{excerpt, utf16_len};

const ELLIPSIS: &str = "…";

/// Whether `text` starts with `word` (already lowercase), ignoring case.
fn starts_with_lowercase(text: &str, word: &str) -> bool {
    let mut wanted = word.chars();
    for c in text.chars().flat_map(char::to_lowercase) {
        match wanted.next() {
            None => return true,
            Some(w) if w != c => return false,
            Some(_) => {}
        }
    }
    wanted.next().is_none()
}

/// The byte where the first of `words` (lowercase) occurs in `text`, any case.
pub fn first_match(text: &str, words: &[String]) -> Option<usize> {
    let words: Vec<&String> = words.iter().filter(|w| !w.is_empty()).collect();
    text.char_indices().map(|(i, _)| i).find(|&i| words.iter().any(|w| starts_with_lowercase(&text[i..], w)))
}

/// About `max` UTF-16 units of `text` on one line around the first match
/// of `words` (or from the start), cut on word boundaries, with `…` where
/// text was left out on either side.
pub fn excerpt_around(text: &str, words: &[String], max: usize) -> String {
    let budget = max.saturating_sub(2).max(1);
    let from = match first_match(text, words) {
        // Some context before the match: up to a third of the budget, from
        // the start of a word.
        Some(at) => {
            let lead = budget / 3;
            let (mut start, mut units) = (at, 0);
            for (byte, g) in text[..at].grapheme_indices(true).rev() {
                units += utf16_len(g);
                if units > lead {
                    break;
                }
                start = byte;
            }
            if start > 0 && !text[..start].ends_with(char::is_whitespace) {
                // Inside a word: begin after it.
                start = text[start..at].find(char::is_whitespace).map_or(at, |i| start + i);
            }
            start
        }
        None => 0,
    };
    let (piece, cut) = excerpt(text[from..].trim_start(), budget);
    let line = piece.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut out = String::with_capacity(line.len() + 6);
    if !text[..from].trim().is_empty() {
        out.push_str(ELLIPSIS);
    }
    out.push_str(&line);
    if cut {
        out.push_str(ELLIPSIS);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(list: &[&str]) -> Vec<String> {
        list.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn matches_ignore_case() {
        assert_eq!(first_match("Hello WORLD", &words(&["world"])), Some(6));
        assert_eq!(first_match("Ünïcode text", &words(&["ünï"])), Some(0));
        assert_eq!(first_match("abc", &words(&["x"])), None);
    }

    #[test]
    fn excerpts_show_the_match_with_context_on_one_line() {
        let text = format!("{} the Needle is here\nand more {}", "filler ".repeat(50), "tail ".repeat(50));
        let out = excerpt_around(&text, &words(&["needle"]), 60);
        assert!(out.starts_with('…') && out.ends_with('…'), "{out}");
        assert!(out.contains("the Needle is here and more"), "{out}");
        assert!(utf16_len(&out) <= 60, "{out}");
        assert!(!out.contains("  ") && !out.contains('\n'), "{out}");
        assert_eq!(excerpt_around("short text", &words(&["zzz"]), 60), "short text");
        assert_eq!(excerpt_around("needle first", &words(&["needle"]), 60), "needle first");
    }
}
