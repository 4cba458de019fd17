//! Fuzzes pack files (YAML, then patterns compiled by seam's own front end): any text must give
//! a pack or a `PackError` naming the file. A panic, a stack overflow or a hang is a bug.
#![no_main]

use libfuzzer_sys::fuzz_target;
use seam_packs::{PackOrigin, load_pack_str};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = load_pack_str(
        &text,
        ".seam/packs/fuzz.yaml",
        PackOrigin::Path(".seam/packs/fuzz.yaml".to_owned()),
    );
});
