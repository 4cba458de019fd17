//! The renderings of one check run: what each format shows of a finding, and that a finding
//! with no provider side (a call no route serves) shows none in text, Markdown and SARIF.

use std::path::Path;

use seam_check::{CheckInput, CheckReport, SuppressionSet, check};
use seam_ir::summary::{BehavioralSummary, read_summary_file};
use seam_report::{TextOptions, render_json, render_markdown, render_sarif, render_text};
use serde_json::Value;

fn read(rel: &str) -> Vec<BehavioralSummary> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../seam-check/tests/fixtures")
        .join(rel);
    match read_summary_file(&path) {
        Ok(s) => s,
        Err(e) => panic!("{rel} does not read: {e}"),
    }
}

fn report(dir: &str) -> CheckReport {
    check(
        &CheckInput::two_files(
            read(&format!("{dir}/provider.json")),
            read(&format!("{dir}/consumer.json")),
        ),
        &SuppressionSet::none(),
    )
}

fn text(report: &CheckReport) -> String {
    render_text(
        report,
        TextOptions {
            all: true,
            color: false,
            verbose: false,
        },
    )
}

#[test]
fn a_call_no_route_serves_has_no_provider_line() {
    let report = report("restCallUnknownPath/fires");
    assert_eq!(report.findings.len(), 1);
    let text = text(&report);
    assert!(text.contains("[ERROR] restCallUnknownPath"), "{text}");
    assert!(text.contains("  consumer: "), "{text}");
    assert!(!text.contains("  provider: "), "{text}");
    // Markdown leaves the provider cell empty; SARIF names no related location.
    let markdown = render_markdown(&report);
    assert!(markdown.contains("| `restCallUnknownPath` |"), "{markdown}");
    assert!(
        markdown.trim_end().lines().any(|l| l.ends_with("| – |")),
        "{markdown}"
    );
    let sarif: Value = match serde_json::from_str(&render_sarif(&report)) {
        Ok(v) => v,
        Err(e) => panic!("SARIF is not JSON: {e}"),
    };
    let result = &sarif["runs"][0]["results"][0];
    assert_eq!(result["ruleId"], "restCallUnknownPath");
    assert_eq!(result["relatedLocations"], serde_json::json!([]));
}

#[test]
fn a_pair_finding_shows_both_sides() {
    let report = report("unhandledProviderCase/fires");
    assert!(!report.findings.is_empty());
    let text = text(&report);
    assert!(text.contains("[WARNING] unhandledProviderCase"), "{text}");
    assert!(text.contains("  provider: "), "{text}");
    assert!(text.contains("  consumer: "), "{text}");
    assert!(text.contains("to accept it"), "{text}");
    let sarif: Value = match serde_json::from_str(&render_sarif(&report)) {
        Ok(v) => v,
        Err(e) => panic!("SARIF is not JSON: {e}"),
    };
    let related = &sarif["runs"][0]["results"][0]["relatedLocations"];
    assert_eq!(related.as_array().map(Vec::len), Some(1));
}

#[test]
fn json_keeps_every_finding_field_for_tools() {
    let report = report("restCallUnknownPath/fires");
    // The two-file form is the bare findings array, with the provider side kept.
    let json: Value = match serde_json::from_str(&render_json(&report)) {
        Ok(v) => v,
        Err(e) => panic!("JSON does not parse: {e}"),
    };
    let first = &json[0];
    assert_eq!(first["kind"], "restCallUnknownPath");
    assert!(first["provider"]["summary"].is_string());
    assert!(first["consumer"]["summary"].is_string());
}
