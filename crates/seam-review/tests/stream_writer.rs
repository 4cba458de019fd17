//! The streaming canonical writer gives the bytes of the reference (`serde_json::Value`)
//! writer on every fixture scan, pretty and compact.

mod support;

use support::*;

#[test]
fn streamed_bytes_equal_the_value_writer_on_every_fixture() {
    for name in ["express-app", "fastapi-app", "nest-users"] {
        let document = scan_dir(&fixture(name), 2);
        assert!(seam_ir::review::is_canonical(&document), "{name}");
        for pretty in [true, false] {
            let streamed = seam_ir::review::to_canonical_json(&document, pretty)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            let reference = seam_ir::review::to_canonical_json_via_value(&document, pretty)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(streamed, reference, "{name}, pretty = {pretty}");
        }
    }
}
