//! Operator tool documents from arbitrary text, checked as a reload checks
//! them: nesting, size, parse, limits, descriptions and schema validation.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let server = tasklens_fuzz::server();
    let checked = server.block_on(server.tools.check_operator_document(&server.app, text));
    if let Err(err) = checked {
        let message = err.to_string();
        assert!(message.len() < 2_000, "an error as long as {} bytes", message.len());
    }
});
