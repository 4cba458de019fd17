//! Helpers shared by the fixture tests (each test file uses some of them).
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use seam_check::{CheckInput, CheckReport, SuppressionSet, check};
use seam_ir::summary::read_summary_file;

pub fn fixture(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(rel)
}

/// Checks `<dir>/provider.json` against `<dir>/consumer.json`.
pub fn check_pair(dir: &str, suppressions: &SuppressionSet) -> CheckReport {
    let base = fixture(dir);
    let read = |name: &str| match read_summary_file(&base.join(name)) {
        Ok(s) => s,
        Err(e) => panic!("fixture {dir}/{name} does not read: {e}"),
    };
    check(
        &CheckInput::two_files(read("provider.json"), read("consumer.json")),
        suppressions,
    )
}

/// Checks the summaries of one fixture file as `seam check --dir` checks a folder of them.
pub fn check_summaries(rel: &str) -> CheckReport {
    let summaries = match read_summary_file(&fixture(rel)) {
        Ok(s) => s,
        Err(e) => panic!("fixture {rel} does not read: {e}"),
    };
    check(
        &CheckInput::new(summaries, seam_check::CheckMode::SummaryDir),
        &SuppressionSet::none(),
    )
}

/// Each pair as (key, provider, consumer), in the report's order.
pub fn pair_keys(report: &CheckReport) -> Vec<(&str, &str, &str)> {
    report
        .pairs
        .iter()
        .map(|p| (p.key.as_str(), p.provider.as_str(), p.consumer.as_str()))
        .collect()
}

/// Each finding as `severity kind provider-transition consumer-transition: description`.
pub fn lines(report: &CheckReport) -> Vec<String> {
    report
        .findings
        .iter()
        .map(|f| {
            format!(
                "{} {} {} {}: {}",
                f.severity.as_str(),
                f.kind,
                f.provider.transition_id.as_deref().unwrap_or("-"),
                f.consumer.transition_id.as_deref().unwrap_or("-"),
                f.description
            )
        })
        .collect()
}
