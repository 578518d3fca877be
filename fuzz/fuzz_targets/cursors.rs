//! Keyset and event cursors from arbitrary text: decoding never panics,
//! refuses what it did not issue, and what it issues decodes back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tasklens::store::cursor::{self, KeyKind, KeyValue, PageArgs, PageLimits};
use tasklens::store::feed;

const KINDS: &[&[KeyKind]] =
    &[&[KeyKind::Time, KeyKind::Int], &[KeyKind::Date, KeyKind::Int], &[KeyKind::Text, KeyKind::Int], &[KeyKind::Int]];

fuzz_target!(|data: &[u8]| {
    let Some((pick, rest)) = data.split_first() else { return };
    let text = String::from_utf8_lossy(rest);
    let kinds = KINDS[usize::from(*pick) % KINDS.len()];
    let digest = cursor::digest("updated", "{}");
    let args = PageArgs { first: Some(10), after: Some(text.to_string()), ..PageArgs::default() };
    if let Ok(request) = args.validate(PageLimits::default(), &digest, kinds) {
        // What decodes is a position of these kinds, and encodes back to a
        // cursor that decodes to it again.
        let position = request.after.expect("a position");
        assert_eq!(position.len(), kinds.len());
        let again =
            PageArgs { first: Some(10), after: Some(cursor::encode(&digest, &position)), ..PageArgs::default() };
        let decoded = again.validate(PageLimits::default(), &digest, kinds).expect("a cursor it issued");
        assert_eq!(decoded.after, Some(position));
    }
    // Another query's cursor is refused.
    let other =
        PageArgs { first: Some(1), after: Some(cursor::encode(&digest, &[KeyValue::Int(1)])), ..PageArgs::default() };
    assert!(other.validate(PageLimits::default(), &cursor::digest("created", "{}"), &[KeyKind::Int]).is_err());
    if let Ok(id) = feed::parse_cursor(&text) {
        assert!(id >= 0);
        assert_eq!(feed::parse_cursor(&feed::cursor(id)).ok(), Some(id));
    }
});
