//! Fuzzes the OpenAPI reader (YAML and JSON, `$ref`s, schemas): any text, read as YAML or JSON
//! by the first byte, must give summaries or a `ContractError`, in time bounded by its size.
//! Sibling files cannot be reached: the document stands for a file in a folder that does not
//! exist. A panic or a hang is a bug.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let (path, label) = if selector % 2 == 0 {
        ("/nonexistent-seam-fuzz/openapi.yaml", "openapi.yaml")
    } else {
        ("/nonexistent-seam-fuzz/openapi.json", "openapi.json")
    };
    let _ = seam_contracts::read_openapi_text(Path::new(path), label, &text);
});
