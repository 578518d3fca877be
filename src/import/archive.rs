//! `tasklens import tasklens FILE`: an archive read for the store's
//! `archive::restore` (`ArchiveLines` are its `Records`). The file (or stdin), gzipped or not (told by its
//! magic bytes, whatever its name), read a line at a time: each line
//! bounded in length, blank lines bounded in all (a small gzip bomb
//! unpacks to a flood of them), the header checked for the format and a
//! version this build reads, then each line parsed into a record.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use crate::store::archive::{ArchiveError, Counts, FORMAT, Record, Records, VERSION};

/// The longest line read: a wiki page at its longest, escaped, fits.
const MAX_LINE_BYTES: usize = 8 << 20;
/// Blank lines an archive may hold in all.
const MAX_BLANK_BYTES: usize = 1 << 20;

/// The archive at `file` (`-` for stdin), unpacked when gzipped.
pub fn open(file: &Path) -> Result<Box<dyn BufRead>, String> {
    let source: Box<dyn Read> = if file == Path::new("-") {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(std::fs::File::open(file).map_err(|err| format!("cannot open {}: {err}", file.display()))?)
    };
    let mut buffered = BufReader::new(source);
    let head = buffered.fill_buf().map_err(|err| format!("cannot read {}: {err}", file.display()))?;
    if head.starts_with(&[0x1f, 0x8b]) {
        return Ok(Box::new(BufReader::new(flate2::bufread::MultiGzDecoder::new(buffered))));
    }
    Ok(Box::new(buffered))
}

/// The header; other keys are skipped unread.
#[derive(serde::Deserialize)]
struct Header {
    format: Option<String>,
    version: Option<u64>,
}

/// A record line: a table's row, or the closing line.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Line<'a> {
    #[serde(borrow, default)]
    table: Option<&'a str>,
    #[serde(borrow, default)]
    row: Option<&'a serde_json::value::RawValue>,
    #[serde(default)]
    end: Option<bool>,
    #[serde(default)]
    rows: Option<Counts>,
}

fn check_header(header: &Header) -> Result<(), String> {
    if header.format.as_deref() != Some(FORMAT) {
        return Err(format!("not a tasklens archive: its first line has no \"format\": \"{FORMAT}\""));
    }
    match header.version {
        Some(version) if (1..=VERSION).contains(&version) => Ok(()),
        Some(version) => Err(format!("the archive is of version {version}; this tasklens reads up to {VERSION}")),
        None => Err("the header has no version".into()),
    }
}

/// An archive's lines, each bounded in length and parsed as JSON.
pub struct ArchiveLines<'a> {
    input: &'a mut dyn BufRead,
    /// The number of the line last read.
    line: u64,
    buffer: Vec<u8>,
    blank_bytes: usize,
}

impl<'a> ArchiveLines<'a> {
    /// Reads and checks the header line.
    pub fn open(input: &'a mut dyn BufRead) -> Result<Self, ArchiveError> {
        let mut lines = Self { input, line: 0, buffer: Vec::new(), blank_bytes: 0 };
        if !lines.advance()? {
            return Err(ArchiveError::Truncated(0));
        }
        let line = lines.line;
        let header: Header = serde_json::from_slice(&lines.buffer)
            .map_err(|err| ArchiveError::Record { line, message: format!("not JSON: {err}") })?;
        check_header(&header).map_err(|message| ArchiveError::Record { line, message })?;
        Ok(lines)
    }

    /// Reads the next line that is not blank into `buffer`; false at the end.
    fn advance(&mut self) -> Result<bool, ArchiveError> {
        loop {
            self.buffer.clear();
            let read = Read::take(&mut *self.input, MAX_LINE_BYTES as u64 + 1)
                .read_until(b'\n', &mut self.buffer)
                .map_err(ArchiveError::Read)?;
            if read == 0 {
                return Ok(false);
            }
            self.line += 1;
            if self.buffer.len() > MAX_LINE_BYTES {
                let message = format!("the line is longer than {MAX_LINE_BYTES} bytes");
                return Err(ArchiveError::Record { line: self.line, message });
            }
            if !self.buffer.iter().all(u8::is_ascii_whitespace) {
                return Ok(true);
            }
            self.blank_bytes += self.buffer.len();
            if self.blank_bytes > MAX_BLANK_BYTES {
                let message = format!("more than {MAX_BLANK_BYTES} bytes of blank lines: this is not an archive");
                return Err(ArchiveError::Record { line: self.line, message });
            }
        }
    }
}

impl Records for ArchiveLines<'_> {
    fn next_record(&mut self) -> Result<Option<Record>, ArchiveError> {
        if !self.advance()? {
            return Ok(None);
        }
        let line = self.line;
        let record = |message: String| ArchiveError::Record { line, message };
        let parsed: Line<'_> =
            serde_json::from_slice(&self.buffer).map_err(|err| record(format!("not a record: {err}")))?;
        if parsed.end == Some(true) {
            let rows = parsed.rows.ok_or_else(|| record("the closing line has no `rows`".into()))?;
            return Ok(Some(Record::End(rows)));
        }
        match (parsed.table, parsed.row) {
            (Some(table), Some(row)) => Ok(Some(Record::Row { table: table.to_owned(), text: row.get().to_owned() })),
            _ => Err(record("a record has a `table` and a `row`, or is the closing line".into())),
        }
    }

    fn line(&self) -> u64 {
        self.line
    }
}
