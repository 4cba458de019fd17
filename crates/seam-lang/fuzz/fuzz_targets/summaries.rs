//! Fuzzes the summary reader (every published version, `$def`/`$ref` expansion): any text must
//! read into summaries or give an error value. A panic or a hang is a bug.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = seam_ir::summary::parse_summaries(&text, "fuzz.json");
});
