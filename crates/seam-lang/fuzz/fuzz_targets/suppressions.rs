//! Fuzzes suppression files (`.sussignore.yml` and `.sussignore.json`, by the first byte): any
//! text must give rules or a `SuppressionError`. A panic or a hang is a bug.
#![no_main]

use libfuzzer_sys::fuzz_target;
use seam_check::suppressions::parse_suppressions;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let json = selector % 2 == 1;
    let label = if json {
        ".sussignore.json"
    } else {
        ".sussignore.yml"
    };
    let _ = parse_suppressions(&text, label, json);
});
