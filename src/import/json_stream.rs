//! Reads JSON exports an object at a time: a file holds one or more
//! top-level values (`gh api --paginate` writes one array per page, with
//! `--slurp` an array of arrays); arrays are walked element by element and
//! every object found is handed over alone, so memory holds one object,
//! never the file. An object larger than the bound is refused.

use std::cell::Cell;
use std::fmt;
use std::io::{BufRead, Read};

use super::Metered;
use std::rc::Rc;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

/// Why a file could not be walked: the JSON itself, or what the callback
/// said of an object (kept whole).
#[derive(Debug)]
pub enum WalkError<E> {
    Json(String),
    Callback(E),
}

/// Calls `each` with every object of the file, numbered from 1.
pub fn for_each_object<R, E>(
    reader: R,
    bound: u64,
    mut each: impl FnMut(u64, serde_json::Value) -> Result<(), E>,
) -> Result<(), WalkError<E>>
where
    R: Read,
{
    let since_mark = Rc::new(Cell::new(0));
    let metered = Metered { inner: reader, since_mark: since_mark.clone(), bound };
    let mut input = std::io::BufReader::with_capacity(64 * 1024, metered);
    let mut walk = Walk { each: &mut each, failed: None, count: 0, since_mark };
    loop {
        // Whitespace between top-level values; the end of the file ends it.
        let buf = input.fill_buf().map_err(|e| WalkError::Json(e.to_string()))?;
        if buf.is_empty() {
            return Ok(());
        }
        let blank = buf.iter().take_while(|b| b.is_ascii_whitespace()).count();
        if blank > 0 {
            input.consume(blank);
            continue;
        }
        // The bound counts from the last object read, so whitespace and
        // empty arrays between objects count toward it too.
        let mut de = serde_json::Deserializer::from_reader(&mut input);
        let outcome = Level { walk: &mut walk, depth: 0 }.deserialize(&mut de);
        if let Some(err) = walk.failed.take() {
            return Err(WalkError::Callback(err));
        }
        outcome.map_err(|e| WalkError::Json(e.to_string()))?;
    }
}

struct Walk<'f, F, E> {
    each: &'f mut F,
    failed: Option<E>,
    count: u64,
    since_mark: Rc<Cell<u64>>,
}

/// Arrays nest at most this deep (an array of pages of records).
const MAX_NESTING: u32 = 4;

struct Level<'w, 'f, F, E> {
    walk: &'w mut Walk<'f, F, E>,
    depth: u32,
}

impl<'de, F, E> DeserializeSeed<'de> for Level<'_, '_, F, E>
where
    F: FnMut(u64, serde_json::Value) -> Result<(), E>,
{
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de, F, E> Visitor<'de> for Level<'_, '_, F, E>
where
    F: FnMut(u64, serde_json::Value) -> Result<(), E>,
{
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an array of objects, or an object")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        if self.depth >= MAX_NESTING {
            return Err(de::Error::custom("arrays nested too deep"));
        }
        while seq.next_element_seed(Level { walk: &mut *self.walk, depth: self.depth + 1 })?.is_some() {}
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<(), A::Error> {
        let value: serde_json::Value = serde::Deserialize::deserialize(de::value::MapAccessDeserializer::new(map))?;
        self.walk.count += 1;
        let outcome = (self.walk.each)(self.walk.count, value);
        self.walk.since_mark.set(0);
        outcome.map_err(|err| {
            self.walk.failed = Some(err);
            de::Error::custom("stopped")
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn objects(text: &str) -> Result<Vec<serde_json::Value>, String> {
        let mut seen = Vec::new();
        for_each_object(text.as_bytes(), 1 << 20, |_, v| {
            seen.push(v);
            Ok::<(), String>(())
        })
        .map_err(|e| match e {
            WalkError::Json(m) | WalkError::Callback(m) => m,
        })?;
        Ok(seen)
    }

    #[test]
    fn pages_one_after_another_and_nested_pages_are_walked_in_order() {
        let found = objects("[{\"n\":1},{\"n\":2}][{\"n\":3}]\n[[{\"n\":4}],[]] {\"n\":5}\n").expect("walks");
        let numbers: Vec<i64> = found.iter().filter_map(|v| v["n"].as_i64()).collect();
        assert_eq!(numbers, [1, 2, 3, 4, 5]);
        assert_eq!(objects("").expect("empty").len(), 0);
    }

    #[test]
    fn scalars_cut_files_and_oversized_records_are_refused() {
        assert!(objects("[1]").is_err());
        assert!(objects("[{\"n\":1}").is_err());
        assert!(objects("[[[[[{}]]]]]").is_err());
        let big = format!("[{{\"a\":\"{}\"}}]", "x".repeat(2 << 20));
        assert!(objects(&big).unwrap_err().contains("longer than 1 MiB"));
        // Nothing but blanks and empty pages between records is bounded too.
        let padded = format!("{}[{{}}]", " []".repeat(1 << 19));
        assert!(objects(&padded).unwrap_err().contains("longer than"));
        // The bound is per record: many small ones pass.
        let many = format!("[{}]", vec!["{\"a\":\"xxxxxxxxxxxxxxxxxxxxxxxxxx\"}"; 100_000].join(","));
        assert_eq!(objects(&many).expect("walks").len(), 100_000);
    }
}
