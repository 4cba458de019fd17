//! Shared by the fixture tests: where fixtures are, and comparison with checked-in expected
//! files (`SEAM_BLESS=1` rewrites them; review the diff before committing).

#![allow(dead_code)]

use std::path::PathBuf;

use seam_ir::summary::BehavioralSummary;

pub fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

pub fn assert_expected(name: &str, summaries: &[BehavioralSummary]) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/expected")
        .join(name);
    let actual = serde_json::to_string_pretty(summaries).unwrap_or_default() + "\n";
    if std::env::var_os("SEAM_BLESS").is_some() {
        std::fs::write(&path, &actual).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (run with SEAM_BLESS=1)", path.display()));
    assert!(
        expected == actual,
        "{} differs from what the reader writes now:\n{actual}",
        path.display()
    );
}
