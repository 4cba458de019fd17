//! Suppression rules: each effect, matching, and the errors a bad file gets.

mod common;

use common::{check_pair, lines};
use seam_check::suppressions::parse_suppressions;
use seam_check::{FailOn, SuppressionSet};
use seam_ir::findings::{Severity, SuppressionEffect};

fn rules(yaml: &str) -> SuppressionSet {
    let mut set = SuppressionSet::none();
    match parse_suppressions(yaml, ".sussignore.yml", false) {
        Ok(r) => set.add_rules(r),
        Err(e) => panic!("{e}"),
    }
    set
}

const RULE: &str = "version: 1\nrules:\n  - kind: misreadProviderResponse\n    boundary: \"GET /users/:id\"\n    effect: EFFECT\n    reason: the new field ships next week\n";

#[test]
fn mark_keeps_the_finding_and_leaves_the_gate_alone() {
    let report = check_pair(
        "misreadProviderResponse/fires",
        &rules(&RULE.replace("EFFECT", "mark")),
    );
    assert_eq!(report.findings.len(), 1);
    let suppressed = report.findings[0]
        .suppressed
        .as_ref()
        .map(|s| (s.effect, s.reason.as_str()));
    assert_eq!(
        suppressed,
        Some((SuppressionEffect::Mark, "the new field ships next week"))
    );
    assert_eq!(report.findings[0].severity, Severity::Error);
    assert!(!report.gate_tripped(FailOn::Error));
}

#[test]
fn downgrade_lowers_one_level_and_counts_there() {
    let report = check_pair(
        "misreadProviderResponse/fires",
        &rules(&RULE.replace("EFFECT", "downgrade")),
    );
    assert_eq!(report.findings[0].severity, Severity::Warning);
    assert_eq!(
        report.findings[0]
            .suppressed
            .as_ref()
            .and_then(|s| s.original_severity),
        Some(Severity::Error)
    );
    assert!(!report.gate_tripped(FailOn::Error));
    assert!(report.gate_tripped(FailOn::Warning));
}

#[test]
fn hide_removes_the_finding() {
    let report = check_pair(
        "misreadProviderResponse/fires",
        &rules(&RULE.replace("EFFECT", "hide")),
    );
    assert!(report.findings.is_empty());
    assert_eq!(report.hidden, 1);
    assert!(!report.gate_tripped(FailOn::Info));
}

#[test]
fn braces_and_colons_name_one_boundary_and_other_fields_must_match() {
    let braces = RULE.replace("EFFECT", "hide").replace(":id", "{id}");
    assert!(
        check_pair("misreadProviderResponse/fires", &rules(&braces))
            .findings
            .is_empty()
    );
    let other_consumer = "version: 1\nrules:\n  - kind: misreadProviderResponse\n    consumer: { transitionId: \"loadUser:return:none:zzzzzzz\" }\n    effect: hide\n    reason: r\n";
    assert_eq!(
        lines(&check_pair(
            "misreadProviderResponse/fires",
            &rules(other_consumer)
        ))
        .len(),
        1
    );
}

#[test]
fn first_matching_rule_wins() {
    let two = "version: 1\nrules:\n  - kind: misreadProviderResponse\n    scope: broad\n    effect: mark\n    reason: first\n  - kind: misreadProviderResponse\n    scope: broad\n    effect: hide\n    reason: second\n";
    let report = check_pair("misreadProviderResponse/fires", &rules(two));
    assert_eq!(
        report.findings[0]
            .suppressed
            .as_ref()
            .map(|s| s.reason.as_str()),
        Some("first")
    );
}

fn error(yaml: &str) -> String {
    match parse_suppressions(yaml, ".sussignore.yml", false) {
        Ok(_) => panic!("accepted: {yaml}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_bad_file_names_the_file_and_the_rule() {
    assert_eq!(
        error(
            "version: 1\nrules:\n  - kind: unhandledProviderCases\n    boundary: GET /x\n    reason: r\n"
        ),
        ".sussignore.yml: line 3: rules[0]: unknown finding kind \"unhandledProviderCases\"; `seam check --explain KIND` lists the kinds seam reports"
    );
    assert_eq!(
        error("version: 1\nrules:\n  - kind: deadConsumerBranch\n    boundary: GET /x\n"),
        ".sussignore.yml: line 3: rules[0]: missing field `reason`"
    );
    assert_eq!(
        error(
            "version: 1\nrules:\n  - kind: deadConsumerBranch\n    boundary: GET /x\n    reason: r\n  - kind: deadConsumerBranch\n    reason: r\n"
        ),
        ".sussignore.yml: rule 2 (line 6) is narrow, so it needs `kind` and one of `boundary`, `provider.transitionId`, `consumer.transitionId`; add them, or write `scope: broad`"
    );
    assert_eq!(
        error("version: 2\nrules: []\n"),
        ".sussignore.yml: `version` is 2; this build of seam reads version 1"
    );
}
