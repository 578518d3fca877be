//! Wiki content: frontmatter, the outline and its sections, over arbitrary
//! text. Offsets stay within the page and sections within their text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tasklens::text::{check_frontmatter, find_section, frontmatter, outline, section_at, split_frontmatter, utf16_len};

fuzz_target!(|data: &[u8]| {
    let content = String::from_utf8_lossy(data);
    let (_, body_start) = split_frontmatter(&content);
    assert!(body_start <= content.len());
    if check_frontmatter(&content).is_ok() {
        let _ = frontmatter(&content);
    }
    let headings = outline(&content);
    let total = utf16_len(&content);
    for (index, heading) in headings.iter().enumerate() {
        assert!(heading.start <= total && heading.byte <= content.len());
        let _ = section_at(&content, &headings, index);
        let _ = find_section(&content, &headings, &heading.slug);
    }
    let _ = find_section(&content, &headings, "missing section");
});
