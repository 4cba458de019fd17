//! Putting the intent check into a `seam check` report: suppressions applied as for other
//! findings, each finding converted to the report's finding shape (the document as the
//! provider side, the code as the consumer side), and the `Intent:` section.

use seam_check::{CheckReport, IntentEntry, IntentSection, SuppressionSet, finding_sort_key};
use seam_ir::findings::{Finding, FindingSide, Severity, Suppressed, SuppressionEffect};
use seam_ir::summary::{LineRange, SourceLocation};

use crate::check::{Checked, IntentFinding, IntentOutcome};

/// Applies the rules to intent findings: marks, downgrades, drops hidden ones. Returns how many
/// were hidden.
pub fn apply_suppressions(findings: &mut Vec<IntentFinding>, rules: &SuppressionSet) -> usize {
    let before = findings.len();
    findings.retain_mut(|f| {
        let scenario = f.scenario.as_ref().and_then(|s| s.title.as_deref());
        let Some((effect, reason)) = rules.intent_rule(f.kind, &f.boundary, scenario) else {
            return true;
        };
        let mut record = Suppressed {
            reason,
            effect,
            original_severity: None,
        };
        match effect {
            SuppressionEffect::Hide => return false,
            SuppressionEffect::Mark => {}
            SuppressionEffect::Downgrade => {
                record.original_severity = Some(f.severity);
                f.severity = f.severity.lowered();
            }
        }
        f.suppressed = Some(record);
        true
    });
    before - findings.len()
}

fn document_side(f: &IntentFinding) -> FindingSide {
    FindingSide {
        summary: format!("{}::{}", f.document, f.intent),
        transition_id: f.outcome_id.clone(),
        transition_ids: None,
        location: SourceLocation {
            file: f.document.clone(),
            range: LineRange {
                start: f.line,
                end: f.line,
            },
            span: None,
            export_name: None,
            workspace: None,
            module: None,
        },
    }
}

/// The report's shape of an intent finding: the document is the provider side, the code (or
/// the document again, when no code is involved) the consumer side.
pub fn to_finding(f: &IntentFinding) -> Finding {
    let provider = document_side(f);
    let consumer = match &f.code {
        Some(code) => FindingSide {
            summary: code.summary.clone(),
            transition_id: code.transition_id.clone(),
            transition_ids: None,
            location: code.location.clone(),
        },
        None => provider.clone(),
    };
    Finding {
        kind: f.kind.to_owned(),
        severity: f.severity,
        boundary: f.binding.clone(),
        provider,
        consumer,
        description: f.message.clone(),
        aspect: None,
        sources: None,
        suppressed: f.suppressed.clone(),
    }
}

fn quoted(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| format!("\"{text}\""))
}

/// A rule accepting exactly this finding.
pub fn intent_rule_text(f: &IntentFinding) -> String {
    let mut out = format!("- kind: {}\n  boundary: {}\n", f.kind, quoted(&f.boundary));
    if let Some(title) = f.scenario.as_ref().and_then(|s| s.title.as_ref()) {
        out.push_str(&format!("  scenario: {}\n", quoted(title)));
    }
    out.push_str("  effect: mark\n  reason: \"<why this is accepted>\"\n");
    out
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The sentence opening the `Intent:` section.
pub fn headline(outcome: &IntentOutcome) -> String {
    let mut parts = vec![format!(
        "{} checked against code",
        plural(outcome.boundaries, "boundary intent", "boundary intents")
    )];
    for checked in &outcome.checked {
        if let Checked::Prd {
            intent,
            scenarios,
            resolved,
            covered,
            unlinked,
        } = checked
        {
            parts.push(format!(
                "PRD \"{intent}\": {}, {resolved} with links that resolve, {covered} covered by tests that reach their subject, {unlinked} unlinked",
                plural(*scenarios, "scenario", "scenarios")
            ));
        }
    }
    format!("{}.", parts.join("; "))
}

/// Adds the intent check to a report: findings (suppressions applied), sorted with the rest,
/// and the `Intent:` section.
pub fn add_to_report(report: &mut CheckReport, mut outcome: IntentOutcome, rules: &SuppressionSet) {
    let hidden = apply_suppressions(&mut outcome.findings, rules);
    outcome.findings.sort_by(|a, b| {
        (
            std::cmp::Reverse(a.severity),
            a.kind,
            &a.boundary,
            &a.document,
            a.line,
            &a.message,
        )
            .cmp(&(
                std::cmp::Reverse(b.severity),
                b.kind,
                &b.boundary,
                &b.document,
                b.line,
                &b.message,
            ))
    });
    outcome.findings.dedup();
    let entries = outcome
        .findings
        .iter()
        .map(|f| IntentEntry {
            severity: f.severity,
            kind: f.kind.to_owned(),
            boundary: f.boundary.clone(),
            message: f.message.clone(),
            document: format!("{}:{}", f.document, f.line),
            code: f.code.as_ref().map(|c| {
                format!(
                    "{} ({}:{})",
                    c.summary, c.location.file, c.location.range.start
                )
            }),
            suppressed: f.suppressed.clone(),
            rule: intent_rule_text(f),
        })
        .collect();
    let section = IntentSection {
        checked: outcome
            .checked
            .iter()
            .filter_map(|c| serde_json::to_value(c).ok())
            .collect(),
        unchecked: outcome
            .unchecked
            .iter()
            .filter_map(|c| serde_json::to_value(c).ok())
            .collect(),
        headline: headline(&outcome),
        entries,
        unchecked_lines: outcome
            .unchecked
            .iter()
            .map(|u| format!("{} ({}): {}", u.intent, u.reason, u.detail))
            .collect(),
    };
    report
        .findings
        .extend(outcome.findings.iter().map(to_finding));
    report
        .findings
        .sort_by(|a, b| finding_sort_key(a).cmp(&finding_sort_key(b)));
    report.hidden += hidden;
    report.intent = Some(section);
}

/// Whether a finding kind is an intent kind.
pub fn is_intent_kind(kind: &str) -> bool {
    seam_ir::findings::INTENT_FINDING_KINDS.contains(&kind)
}

/// The severity a kind is reported at by default.
pub fn default_severity(kind: &str) -> Option<Severity> {
    crate::findings::intent_kind(kind).map(|k| k.severity)
}
