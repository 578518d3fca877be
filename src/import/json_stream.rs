//! Reads JSON exports an object at a time: a file holds one or more
//! top-level values (`gh api --paginate` writes one array per page, with
//! `--slurp` an array of arrays); arrays are walked element by element and
//! every object found is handed over alone, so memory holds one object,
//! never the file. An object larger than the bound, or of more values
//! than [`MAX_VALUES`], is refused.

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
        let left = Cell::new(MAX_VALUES);
        let value = Budgeted { left: &left }.visit_map(map)?;
        self.walk.count += 1;
        let outcome = (self.walk.each)(self.walk.count, value);
        self.walk.since_mark.set(0);
        outcome.map_err(|err| {
            self.walk.failed = Some(err);
            de::Error::custom("stopped")
        })
    }
}

/// The values (and keys) one record may hold. In memory a small value
/// takes ten times its text (`{"a":0}` is 7 bytes), so the byte bound alone
/// would let 64 MiB of them take gigabytes. A page of 100 Jira issues with
/// every field holds a few hundred thousand.
pub const MAX_VALUES: u64 = 1_000_000;

/// Builds a record's value, counting what it holds against the budget.
struct Budgeted<'b> {
    left: &'b Cell<u64>,
}

impl Budgeted<'_> {
    fn spend<E: de::Error>(&self) -> Result<(), E> {
        match self.left.get().checked_sub(1) {
            Some(left) => {
                self.left.set(left);
                Ok(())
            }
            None => Err(E::custom(format!(
                "a record holds more than {MAX_VALUES} values; export smaller pages (maxResults, per_page)"
            ))),
        }
    }
}

impl<'de> DeserializeSeed<'de> for Budgeted<'_> {
    type Value = serde_json::Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Budgeted<'_> {
    type Value = serde_json::Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Self::Value, E> {
        self.spend()?;
        Ok(v.into())
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
        self.spend()?;
        Ok(v.into())
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        self.spend()?;
        Ok(v.into())
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
        self.spend()?;
        Ok(serde_json::Number::from_f64(v).map_or(serde_json::Value::Null, serde_json::Value::Number))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        self.spend()?;
        Ok(v.into())
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
        self.spend()?;
        Ok(v.into())
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        self.spend()?;
        Ok(serde_json::Value::Null)
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        self.visit_unit()
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        self.spend()?;
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(Budgeted { left: self.left })? {
            items.push(item);
        }
        Ok(serde_json::Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        self.spend()?;
        let mut object = serde_json::Map::new();
        while let Some(key) = map.next_key::<String>()? {
            self.spend()?;
            let value = map.next_value_seed(Budgeted { left: self.left })?;
            object.insert(key, value);
        }
        Ok(serde_json::Value::Object(object))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn objects(text: &str) -> Result<Vec<serde_json::Value>, String> {
        objects_within(text, 1 << 20)
    }

    fn objects_within(text: &str, bound: u64) -> Result<Vec<serde_json::Value>, String> {
        let mut seen = Vec::new();
        for_each_object(text.as_bytes(), bound, |_, v| {
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
        // Small values by the million in one record are refused by count.
        let swarm = format!("{{\"x\":[{}]}}", vec!["{\"a\":0}"; 400_000].join(","));
        assert!(objects_within(&swarm, 64 << 20).unwrap_err().contains("more than 1000000 values"));
        let fits = format!("{{\"x\":[{}]}}", vec!["{\"a\":0}"; 300_000].join(","));
        assert_eq!(
            objects_within(&fits, 64 << 20).expect("a record under the count")[0]["x"].as_array().map(Vec::len),
            Some(300_000)
        );
    }
}
