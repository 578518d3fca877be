//! Windows and excerpts over arbitrary text: a window never splits a
//! character, its pieces read in turn give the whole text back, and every
//! excerpt fits its budget.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tasklens::text::{excerpt, first_line, fit_json, utf16_len, window};

fuzz_target!(|data: &[u8]| {
    let Some((size, rest)) = data.split_first() else { return };
    let text = String::from_utf8_lossy(rest);
    let max = usize::from(*size).max(1);
    let mut whole = String::new();
    let mut start = 0;
    let mut windows = 0;
    while let Some(piece) = window(&text, start, max) {
        assert_eq!(piece.start, start);
        assert_eq!(piece.total, utf16_len(&text));
        whole.push_str(piece.text);
        windows += 1;
        assert!(windows <= text.len() + 1, "windows do not progress");
        match piece.next {
            Some(next) => {
                assert!(next > start);
                start = next;
            }
            None => break,
        }
    }
    assert_eq!(whole, text, "the windows read the whole text");
    let (cut, truncated) = excerpt(&text, max);
    assert!(text.starts_with(cut));
    assert!(truncated || cut == text.as_ref());
    let (line, _) = first_line(&text, max);
    assert!(text.contains(line));
    if let Some(fit) = fit_json(&text, max) {
        let json = serde_json::to_string(fit).expect("json");
        assert!(utf16_len(&json) <= max + 2, "a JSON string over its budget");
    }
});
