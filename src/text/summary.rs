//! A one-line summary of a wiki revision against the one before it: which
//! section changed and how many characters came and went. Computed when
//! read, from the two contents alone, so it is the same on every read.

use super::markdown::outline;
use super::window::{excerpt, utf16_len};

/// A heading's label in a summary, at most this long.
const LABEL_CHARS: usize = 60;

/// A run of the page: the top (before the first heading, frontmatter
/// included) or one heading through the next heading of any level, so an
/// edit is named after the innermost section that holds it.
struct Chunk<'a> {
    /// The heading's slug; empty for the top.
    key: String,
    label: String,
    text: &'a str,
}

fn chunks(content: &str) -> Vec<Chunk<'_>> {
    let headings = outline(content);
    let mut bounds: Vec<usize> = headings.iter().map(|h| h.byte).collect();
    bounds.push(content.len());
    let mut out = vec![Chunk { key: String::new(), label: String::new(), text: &content[..bounds[0]] }];
    for (h, window) in headings.iter().zip(bounds.windows(2)) {
        let label = excerpt(&h.text, LABEL_CHARS).0.to_owned();
        out.push(Chunk { key: h.slug.clone(), label, text: &content[window[0]..window[1]] });
    }
    out
}

/// UTF-16 units added and removed between the common prefix and suffix.
fn char_delta(old: &str, new: &str) -> (usize, usize) {
    let prefix: usize = old
        .char_indices()
        .zip(new.chars())
        .find(|((_, a), b)| a != b)
        .map_or(old.len().min(new.len()), |((i, _), _)| i);
    let (old_rest, new_rest) = (&old[prefix..], &new[prefix..]);
    let suffix: usize =
        old_rest.chars().rev().zip(new_rest.chars().rev()).take_while(|(a, b)| a == b).map(|(a, _)| a.len_utf8()).sum();
    let removed = &old_rest[..old_rest.len() - suffix];
    let added = &new_rest[..new_rest.len() - suffix];
    (utf16_len(added), utf16_len(removed))
}

/// `created (N chars)` for a first revision; otherwise what changed, e.g.
/// `edited section Setup (+12/-3 chars)` or `edited 3 sections (+120/-40 chars)`.
pub fn change_summary(previous: Option<&str>, content: &str) -> String {
    let Some(old) = previous else {
        return format!("created ({} chars)", utf16_len(content));
    };
    if old == content {
        return "no change to the content".to_owned();
    }
    let (before, after) = (chunks(old), chunks(content));
    let mut changes: Vec<String> = Vec::new();
    // Counted per chunk, so two distant edits do not count the text between them.
    let (mut added, mut removed) = (0, 0);
    for chunk in &after {
        let old_text = before.iter().find(|c| c.key == chunk.key).map(|c| c.text);
        if old_text == Some(chunk.text) {
            continue;
        }
        let (a, r) = char_delta(old_text.unwrap_or_default(), chunk.text);
        (added, removed) = (added + a, removed + r);
        changes.push(match old_text {
            Some(_) if chunk.key.is_empty() => "edited the top of the page".to_owned(),
            Some(_) => format!("edited section {}", chunk.label),
            None => format!("added section {}", chunk.label),
        });
    }
    for chunk in before.iter().filter(|c| !after.iter().any(|n| n.key == c.key)) {
        removed += utf16_len(chunk.text);
        changes.push(format!("removed section {}", chunk.label));
    }
    let what = match changes.as_slice() {
        [one] => one.clone(),
        // Only moved text: every chunk matched, yet the page differs.
        [] => "reordered sections".to_owned(),
        many => format!("edited {} sections", many.len()),
    };
    format!("{what} (+{added}/-{removed} chars)")
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "intro\n# Setup\nstep one\n## Linux\napt\n# Usage\nrun\n";

    #[test]
    fn summaries_name_the_changed_section() {
        assert_eq!(change_summary(None, "héllo"), "created (5 chars)");
        assert_eq!(change_summary(Some(PAGE), PAGE), "no change to the content");
        let linux = PAGE.replace("apt\n", "apt install\n");
        assert_eq!(change_summary(Some(PAGE), &linux), "edited section Linux (+8/-0 chars)");
        let top = PAGE.replace("intro", "Intro!");
        assert_eq!(change_summary(Some(PAGE), &top), "edited the top of the page (+6/-5 chars)");
        let two = linux.replace("run\n", "run 🚀\n");
        assert_eq!(change_summary(Some(PAGE), &two), "edited 2 sections (+11/-0 chars)");
        let added = format!("{PAGE}# FAQ\nnone yet\n");
        assert_eq!(change_summary(Some(PAGE), &added), "added section FAQ (+15/-0 chars)");
        assert_eq!(change_summary(Some(&added), PAGE), "removed section FAQ (+0/-15 chars)");
    }

    #[test]
    fn deltas_count_utf16_units() {
        assert_eq!(char_delta("a🚀b", "ab"), (0, 2));
        assert_eq!(char_delta("aaa", "aaaa"), (1, 0));
        assert_eq!(char_delta("", "xy"), (2, 0));
    }
}
