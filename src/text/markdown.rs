//! Wiki pages as Markdown: the YAML frontmatter, the outline of headings and
//! the sections they open.
//!
//! Offsets are UTF-16 units of the whole page content, frontmatter included,
//! so that an outline entry's `start` is a valid window cursor. Headings come
//! from a CommonMark parser, so a `#` line inside a fenced code block is code,
//! not a heading.

use std::ops::Range;

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
use yaml_rust2::{Yaml, YamlLoader};

use super::window::utf16_len;

/// One heading of a page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Heading {
    /// 1 for `#`, up to 6.
    pub level: u8,
    /// The heading's text, markup removed.
    pub text: String,
    /// GitHub-style anchor, unique within the page.
    pub slug: String,
    /// Where the heading's line starts, in UTF-16 units.
    pub start: usize,
    /// Where the heading's line starts, in bytes.
    pub byte: usize,
}

/// A section: its heading's line through just before the next heading of
/// the same or a higher level, or the end of the page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// Index of the heading in the outline.
    pub heading: usize,
    pub bytes: Range<usize>,
    /// Where the section starts and ends, in UTF-16 units.
    pub start: usize,
    pub end: usize,
}

fn line_end(text: &str, from: usize) -> usize {
    text[from..].find('\n').map_or(text.len(), |i| from + i + 1)
}

/// Splits off a leading `---` ... `---` block: the YAML between the fences
/// (if the page has such a block) and the byte where the Markdown body starts.
pub fn split_frontmatter(content: &str) -> (Option<&str>, usize) {
    let first = line_end(content, 0);
    if content[..first].trim_end() != "---" || first == content.len() {
        return (None, 0);
    }
    let mut at = first;
    while at < content.len() {
        let end = line_end(content, at);
        if content[at..end].trim_end() == "---" {
            return (Some(&content[first..at]), end);
        }
        at = end;
    }
    // No closing fence: a thematic break, not frontmatter.
    (None, 0)
}

/// Nesting deeper than this is refused rather than risk the stack.
const MAX_YAML_DEPTH: usize = 64;

fn yaml_to_json(yaml: Yaml, depth: usize) -> Option<serde_json::Value> {
    use serde_json::Value;
    if depth > MAX_YAML_DEPTH {
        return None;
    }
    Some(match yaml {
        Yaml::Real(text) => {
            text.parse::<f64>().ok().and_then(serde_json::Number::from_f64).map_or(Value::String(text), Value::Number)
        }
        Yaml::Integer(n) => n.into(),
        Yaml::String(s) => s.into(),
        Yaml::Boolean(b) => b.into(),
        Yaml::Array(items) => {
            Value::Array(items.into_iter().map(|y| yaml_to_json(y, depth + 1)).collect::<Option<Vec<_>>>()?)
        }
        Yaml::Hash(map) => {
            let mut object = serde_json::Map::new();
            for (key, value) in map {
                let key = match key {
                    Yaml::String(s) | Yaml::Real(s) => s,
                    Yaml::Integer(n) => n.to_string(),
                    Yaml::Boolean(b) => b.to_string(),
                    Yaml::Null => "null".to_owned(),
                    // Collections as keys have no JSON form.
                    _ => return None,
                };
                object.insert(key, yaml_to_json(value, depth + 1)?);
            }
            Value::Object(object)
        }
        Yaml::Null | Yaml::Alias(_) | Yaml::BadValue => Value::Null,
    })
}

/// Largest frontmatter block parsed, in bytes.
pub const MAX_FRONTMATTER_BYTES: usize = 16 * 1024;
/// Most YAML events (scalars, collection starts and ends) in a frontmatter.
const MAX_YAML_EVENTS: usize = 10_000;

/// Why a frontmatter is not parsed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FrontmatterError {
    #[error("it is {0} bytes long; at most {MAX_FRONTMATTER_BYTES} are parsed")]
    TooLong(usize),
    #[error("it has more than {MAX_YAML_EVENTS} values")]
    TooManyValues,
    #[error("it uses a YAML alias (`*name`)")]
    Alias,
    #[error("its lists and maps nest more than {MAX_YAML_DEPTH} levels deep")]
    TooDeep,
}

impl FrontmatterError {
    pub fn hint(&self) -> &'static str {
        match self {
            FrontmatterError::Alias => "write the value out instead of an alias; aliases can expand without bound",
            _ => "keep the frontmatter to a few short fields; put the rest in the page",
        }
    }
}

/// Checks a page's frontmatter in one pass over its YAML events, before any
/// value is built: bounded in size and count, and without aliases, whose
/// expansion (each alias copies what it names) can grow exponentially.
/// YAML that does not parse is no frontmatter, and passes: the page keeps
/// it as text, as it always has.
pub fn check_frontmatter(content: &str) -> Result<(), FrontmatterError> {
    let (Some(yaml), _) = split_frontmatter(content) else { return Ok(()) };
    if yaml.len() > MAX_FRONTMATTER_BYTES {
        return Err(FrontmatterError::TooLong(yaml.len()));
    }
    use yaml_rust2::parser::Event;
    let mut parser = yaml_rust2::parser::Parser::new_from_str(yaml);
    // The values built from it, and their drop, recurse once per level.
    let mut depth = 0usize;
    for _ in 0..=MAX_YAML_EVENTS {
        match parser.next_token() {
            Ok((Event::StreamEnd, _)) => return Ok(()),
            Ok((Event::Alias(_), _)) => return Err(FrontmatterError::Alias),
            Ok((Event::SequenceStart(..) | Event::MappingStart(..), _)) => {
                depth += 1;
                if depth > MAX_YAML_DEPTH {
                    return Err(FrontmatterError::TooDeep);
                }
            }
            Ok((Event::SequenceEnd | Event::MappingEnd, _)) => depth = depth.saturating_sub(1),
            Ok(_) => {}
            // The parser stops at the error: nothing after it is ever built.
            Err(_) => return Ok(()),
        }
    }
    Err(FrontmatterError::TooManyValues)
}

/// The frontmatter parsed as YAML, as JSON. `None` without frontmatter, or
/// when it is empty, not valid YAML, or refused by `check_frontmatter`
/// (pages stored before that check existed included): the page stays
/// readable either way.
pub fn frontmatter(content: &str) -> Option<serde_json::Value> {
    let (yaml, _) = split_frontmatter(content);
    let yaml = yaml?;
    if let Err(err) = check_frontmatter(content) {
        tracing::debug!(%err, "frontmatter not parsed");
        return None;
    }
    let doc = YamlLoader::load_from_str(yaml).ok()?.into_iter().next()?;
    yaml_to_json(doc, 0).filter(|v| !v.is_null())
}

/// GitHub-style anchor text: lowercase, spaces as `-`, punctuation dropped
/// (letters, digits, `-` and `_` stay).
pub fn slugify(text: &str) -> String {
    text.trim()
        .chars()
        .flat_map(char::to_lowercase)
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c),
            _ => None,
        })
        .collect()
}

/// The headings of a page in order. Only top-level headings count: one in
/// a list item or a quote does not open a section of the page.
pub fn outline(content: &str) -> Vec<Heading> {
    let (_, body_at) = split_frontmatter(content);
    let body = &content[body_at..];
    let mut found: Vec<(u8, usize, String)> = Vec::new();
    let mut current: Option<(u8, usize, String)> = None;
    let mut depth = 0usize;
    for (event, range) in Parser::new_ext(body, Options::empty()).into_offset_iter() {
        match event {
            Event::Start(Tag::Heading { level, .. }) if depth == 0 => {
                let line = body[..range.start].rfind('\n').map_or(0, |i| i + 1);
                current = Some((level as u8, body_at + line, String::new()));
                depth += 1;
            }
            Event::Start(_) => depth += 1,
            Event::End(TagEnd::Heading(_)) if depth == 1 => {
                depth = 0;
                found.extend(current.take());
            }
            Event::End(_) => depth = depth.saturating_sub(1),
            Event::Text(text) | Event::Code(text) => {
                if let Some((_, _, heading)) = current.as_mut() {
                    heading.push_str(&text);
                }
            }
            Event::SoftBreak | Event::HardBreak => {
                if let Some((_, _, heading)) = current.as_mut() {
                    heading.push(' ');
                }
            }
            _ => {}
        }
    }
    let mut slugs: Vec<String> = Vec::with_capacity(found.len());
    let mut units = 0;
    let mut bytes = 0;
    let mut headings = Vec::with_capacity(found.len());
    for (level, byte, text) in found {
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let slug = unique_slug(&slugs, slugify(&text));
        slugs.push(slug.clone());
        units += utf16_len(&content[bytes..byte]);
        bytes = byte;
        headings.push(Heading { level, text, slug, start: units, byte });
    }
    headings
}

/// `base`, or `base-1`, `base-2`... whichever is not taken yet.
fn unique_slug(taken: &[String], base: String) -> String {
    if !taken.contains(&base) {
        return base;
    }
    (1..).map(|n| format!("{base}-{n}")).find(|s| !taken.contains(s)).unwrap_or(base)
}

/// The section named by its heading's text or slug, any case (a leading
/// `#` is ignored). Text matches win over slug matches, then the first in
/// the page.
pub fn find_section(content: &str, outline: &[Heading], name: &str) -> Option<Section> {
    let wanted = name.trim().trim_start_matches('#').trim().to_lowercase();
    let index = outline
        .iter()
        .position(|h| h.text.to_lowercase() == wanted)
        .or_else(|| outline.iter().position(|h| h.slug == wanted))?;
    Some(section_at(content, outline, index))
}

/// The section the heading `index` opens.
pub fn section_at(content: &str, outline: &[Heading], index: usize) -> Section {
    let heading = &outline[index];
    let end_byte = outline[index + 1..].iter().find(|h| h.level <= heading.level).map_or(content.len(), |h| h.byte);
    Section {
        heading: index,
        bytes: heading.byte..end_byte,
        start: heading.start,
        end: heading.start + utf16_len(&content[heading.byte..end_byte]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "---\ntitle: Setup guide\ntags: [guides, setup]\nversion: 2\n---\n\
        # Setup\nintro\n\n## Install\nrun it\n\n```sh\n# not a heading\n```\n\n### Linux 🐧\napt\n\n\
        ## Configure *it*\nedit\n\n## Install\nagain\n\n# Usage\nuse\n\n- # in a list\n";

    #[test]
    fn frontmatter_is_parsed_and_bad_yaml_is_none() {
        let fm = frontmatter(PAGE).expect("frontmatter");
        assert_eq!(fm, serde_json::json!({"title": "Setup guide", "tags": ["guides", "setup"], "version": 2}));
        assert_eq!(frontmatter("---\ntitle: [unclosed\n---\n# x"), None);
        assert_eq!(frontmatter("# no frontmatter\n---\n"), None);
        assert_eq!(frontmatter("---\n---\nbody"), None, "empty");
        assert_eq!(split_frontmatter("---\nno close\n"), (None, 0));
        assert_eq!(split_frontmatter("---\na: 1\n---"), (Some("a: 1\n"), 12));
    }

    #[test]
    fn the_outline_skips_code_fences_lists_and_frontmatter() {
        let headings = outline(PAGE);
        let summary: Vec<(u8, &str, &str)> =
            headings.iter().map(|h| (h.level, h.text.as_str(), h.slug.as_str())).collect();
        assert_eq!(
            summary,
            [
                (1, "Setup", "setup"),
                (2, "Install", "install"),
                (3, "Linux 🐧", "linux-"),
                (2, "Configure it", "configure-it"),
                (2, "Install", "install-1"),
                (1, "Usage", "usage"),
            ]
        );
        for h in &headings {
            assert_eq!(h.start, utf16_len(&PAGE[..h.byte]));
            assert!(PAGE[h.byte..].starts_with('#'), "{h:?}");
        }
    }

    #[test]
    fn setext_headings_and_slugs() {
        let headings = outline("Title\n=====\n\nSub: part (2)!\n---\ntext\n");
        assert_eq!(headings[0].level, 1);
        assert_eq!((headings[1].level, headings[1].slug.as_str()), (2, "sub-part-2"));
        assert_eq!(slugify("Hello, World_x - Ünïcode"), "hello-world_x---ünïcode");
    }

    #[test]
    fn sections_end_at_the_next_heading_of_the_same_or_higher_level() {
        let headings = outline(PAGE);
        let install = find_section(PAGE, &headings, "install").expect("install");
        let text = &PAGE[install.bytes.clone()];
        assert!(text.starts_with("## Install\nrun it"), "{text}");
        assert!(text.contains("# not a heading") && text.contains("### Linux"), "{text}");
        assert!(text.ends_with("apt\n\n"), "{text}");
        assert_eq!(install.end - install.start, utf16_len(text));

        let setup = find_section(PAGE, &headings, "# SETUP").expect("by text, any case");
        assert!(PAGE[setup.bytes.clone()].ends_with("again\n\n"));
        let second = find_section(PAGE, &headings, "Install-1").expect("by slug");
        assert_eq!(&PAGE[second.bytes], "## Install\nagain\n\n");
        let last = find_section(PAGE, &headings, "usage").expect("last");
        assert_eq!(last.bytes.end, PAGE.len());
        assert_eq!(find_section(PAGE, &headings, "nothing"), None);
        assert_eq!(find_section(PAGE, &headings, "linux-").map(|s| s.heading), Some(2));
    }

    #[test]
    fn frontmatter_aliases_and_size_are_refused_before_parsing() {
        let mut yaml = String::from("a: &a [x, x, x, x, x, x, x, x, x]\n");
        for level in 0..8 {
            let prev = if level == 0 { "a".to_owned() } else { format!("l{}", level - 1) };
            yaml.push_str(&format!("l{level}: &l{level} [*{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}]\n"));
        }
        let page = format!("---\n{yaml}---\n# Body\n");
        let started = std::time::Instant::now();
        assert_eq!(check_frontmatter(&page), Err(FrontmatterError::Alias));
        assert_eq!(frontmatter(&page), None);
        assert!(started.elapsed() < std::time::Duration::from_millis(200));
        let long = format!("---\nnote: {}\n---\n", "x".repeat(MAX_FRONTMATTER_BYTES));
        assert!(matches!(check_frontmatter(&long), Err(FrontmatterError::TooLong(_))));
        assert_eq!(check_frontmatter("---\ntitle: Setup\ntags: [a, b]\n---\n# Setup\n"), Ok(()));
    }
}
