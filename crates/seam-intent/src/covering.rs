//! The covering-test walk (suss 0.34's `checkCoveringTests`): for each `coveredBy` entry of a
//! PRD scenario, find the `test` summary it names, and ask whether the test reaches the
//! scenario's subject other than through calls its mocks replace.
//!
//! - no test summary has that name → `missingCoveringTest`;
//! - the test is marked to be skipped → `coveringTestSkipped`;
//! - the scenario has no subject (no `about`, and no link resolving to one boundary intent), or
//!   `about` names nothing the summaries provide → `testMissesSubject`;
//! - the test's reach (`metadata.test.reaches`: functions through imports, HTTP routes called
//!   with a literal path) meets the subject on a way no mock replaces → covered;
//! - the test calls a method on an instance of the subject's class (an invocation whose
//!   `receiverClass` is a class in a file providing the subject) that no mock replaces →
//!   covered (suss's `callOnSubjectClass`);
//! - it meets it only on ways a mock replaces (or only through such a method call) →
//!   `testMissesSubject` with the mocks and the calls on the way (`a -> b -> c`);
//! - it never meets it: when the test made calls into the repository the walk could not follow
//!   (`unfollowedCall` gaps), or calls named like the subject, the check is `unchecked`
//!   (`unfollowedCall`), else `testMissesSubject` ("which never reaches …").
//!
//! Test spellings: `file > suite > … > title` (vitest, jest, RSpec) and pytest node ids
//! `file::Class::test_fn[param]` (parameters dropped; a leading `workspace::` allowed).

use seam_ir::findings::Severity;
use seam_ir::summary::{BehavioralSummary, CodeUnitKind, GapType, NameKind};
use seam_ir::vocab::BoundaryKey;
use seam_ir::vocab::route_path::paths_pair;

use crate::check::{Checked, Claim, CodeRef, IntentFinding, IntentOutcome, ScenarioRef, Unchecked};
use crate::code::{Facts, is_code_provider, last_name, names_boundary, spelled_key};
use crate::document::Source;
use crate::findings::{covering_test_skipped, missing_covering_test, test_misses_subject};

/// The parts of a test spelling, either form.
pub fn spelling_parts(spelled: &str) -> Vec<String> {
    let strip = |part: &str| -> String {
        let part = part.trim();
        match part.find('[') {
            Some(cut) if part.ends_with(']') => part[..cut].to_owned(),
            _ => part.to_owned(),
        }
    };
    if spelled.contains(" > ") {
        return spelled.split(" > ").map(strip).collect();
    }
    let mut parts: Vec<String> = spelled.split("::").map(strip).collect();
    // `workspace::file::test`: a first part that is no file.
    if parts.len() > 2 && !parts[0].contains('/') && !parts[0].contains('.') {
        parts.remove(0);
    }
    parts
}

fn test_parts(summary: &BehavioralSummary) -> Vec<String> {
    summary
        .identity
        .name
        .split(" > ")
        .map(str::to_owned)
        .collect()
}

fn test_meta(summary: &BehavioralSummary) -> Option<&serde_json::Value> {
    summary.metadata.as_ref()?.get("test")
}

/// One provider of a subject: its file and lines, and its key.
struct Provider {
    file: String,
    start: u32,
    end: u32,
    key: Option<String>,
    name: Option<String>,
}

struct Subject {
    label: String,
    providers: Vec<Provider>,
    keys: Vec<String>,
}

fn subject_of(claim: &Claim, facts: &Facts<'_>) -> Result<Subject, String> {
    if claim.subjects.is_empty() {
        return Err(
            "and the PRD links to no boundary a test could be checked against; say what it has to reach under about"
                .to_owned(),
        );
    }
    let mut subject = Subject {
        label: claim.subjects.join(" or "),
        providers: Vec::new(),
        keys: Vec::new(),
    };
    for spelled in &claim.subjects {
        let found: Vec<&BehavioralSummary> = facts
            .summaries
            .iter()
            .filter(|s| is_code_provider(s))
            .filter(|s| {
                s.identity
                    .boundary_binding
                    .as_ref()
                    .is_some_and(|b| names_boundary(spelled, b))
            })
            .collect();
        if found.is_empty() {
            return Err(format!(
                "and what it has to reach, {spelled}, is nothing in these summaries: no code provides it"
            ));
        }
        if let BoundaryKey::Rest { .. } = BoundaryKey::parse(spelled) {
            subject.keys.push(spelled.clone());
        }
        for s in found {
            subject.providers.push(Provider {
                file: s.location.file.clone(),
                start: s.location.range.start,
                end: s.location.range.end,
                key: s.identity.boundary_binding.as_ref().and_then(spelled_key),
                name: (s.identity.name_kind != Some(NameKind::Label))
                    .then(|| s.identity.name.clone()),
            });
        }
    }
    Ok(subject)
}

/// Whether one entry of a test's reach meets the subject.
fn meets(entry: &serde_json::Value, subject: &Subject) -> bool {
    if let (Some(method), Some(path)) = (
        entry.get("method").and_then(|v| v.as_str()),
        entry.get("path").and_then(|v| v.as_str()),
    ) {
        return subject.providers.iter().any(|p| {
            p.key
                .as_deref()
                .is_some_and(|key| match BoundaryKey::parse(key) {
                    BoundaryKey::Rest {
                        method: m,
                        path: pp,
                    } => (m == "*" || m == method) && paths_pair(&pp, path),
                    _ => false,
                })
        });
    }
    let (Some(file), Some(start), Some(end)) = (
        entry.get("file").and_then(|v| v.as_str()),
        entry.pointer("/range/start").and_then(|v| v.as_u64()),
        entry.pointer("/range/end").and_then(|v| v.as_u64()),
    ) else {
        return false;
    };
    subject
        .providers
        .iter()
        .any(|p| p.file == file && u64::from(p.start) <= end && start <= u64::from(p.end))
}

fn via(entry: &serde_json::Value) -> Vec<String> {
    entry
        .get("via")
        .and_then(|v| v.as_array())
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// A method call the test makes on an instance of its subject's class (suss's
/// `callOnSubjectClass`): an invocation whose `receiverClass` is a class in a file that
/// provides the subject, and that none of `mocks` replaces. Its callee, when there is one.
fn call_on_subject_class(
    test: &BehavioralSummary,
    subject: &Subject,
    mocks: &[&serde_json::Value],
) -> Option<String> {
    let field = |mock: &serde_json::Value, key: &str| -> Option<String> {
        mock.get(key).and_then(|v| v.as_str()).map(str::to_owned)
    };
    for t in &test.transitions {
        for effect in &t.effects {
            let seam_ir::summary::Effect::Invocation(call) = &**effect else {
                continue;
            };
            let Some(class) = &call.receiver_class else {
                continue;
            };
            if !subject.providers.iter().any(|p| p.file == class.file) {
                continue;
            }
            let method = last_name(&call.callee);
            let replaced =
                mocks
                    .iter()
                    .any(|mock| match (field(mock, "module"), field(mock, "name")) {
                        (None, name) => name.as_deref() == Some(method),
                        (Some(module), name) => {
                            module == class.file && name.as_deref().is_none_or(|n| n == method)
                        }
                    });
            if !replaced {
                return Some(call.callee.clone());
            }
        }
    }
    None
}

enum Verdict {
    Covered,
    Finding(&'static str, Severity, String),
    Unchecked(String),
}

const CALLS_LISTED: usize = 3;

fn listed(calls: &[String]) -> String {
    let shown = calls
        .iter()
        .take(CALLS_LISTED)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    if calls.len() > CALLS_LISTED {
        format!("{shown}, and {} more", calls.len() - CALLS_LISTED)
    } else {
        shown
    }
}

fn verdict(claim: &Claim, facts: &Facts<'_>, test: Option<&BehavioralSummary>) -> Verdict {
    let Some(test) = test else {
        let parts = spelling_parts(&claim.spelled);
        let file = parts.first().cloned().unwrap_or_default();
        let in_file = facts
            .summaries
            .iter()
            .any(|s| s.kind == CodeUnitKind::Test && s.location.file == file);
        let why = if in_file {
            format!("which is not among the tests seam read (no test in {file} has that title)")
        } else {
            format!("which is not among the tests seam read (it read no test in {file})")
        };
        return Verdict::Finding(
            missing_covering_test::KIND,
            missing_covering_test::SEVERITY,
            why,
        );
    };
    let meta = test_meta(test);
    if meta
        .and_then(|m| m.get("skipped"))
        .and_then(|v| v.as_bool())
        == Some(true)
    {
        return Verdict::Finding(
            covering_test_skipped::KIND,
            covering_test_skipped::SEVERITY,
            "which is marked to be skipped, so it does not run".to_owned(),
        );
    }
    let subject = match subject_of(claim, facts) {
        Ok(s) => s,
        Err(why) => {
            return Verdict::Finding(
                test_misses_subject::KIND,
                test_misses_subject::SEVERITY,
                why,
            );
        }
    };
    let reaches: Vec<&serde_json::Value> = meta
        .and_then(|m| m.get("reaches"))
        .and_then(|v| v.as_array())
        .map(|a| a.iter().collect())
        .unwrap_or_default();
    let hits: Vec<&&serde_json::Value> = reaches.iter().filter(|e| meets(e, &subject)).collect();
    let mocks: Vec<&serde_json::Value> = meta
        .and_then(|m| m.get("mocks"))
        .and_then(|v| v.as_array())
        .into_iter()
        .flatten()
        .collect();
    if hits.iter().any(|e| e.get("mockedBy").is_none())
        || call_on_subject_class(test, &subject, &mocks).is_some()
    {
        return Verdict::Covered;
    }
    let through_mock = hits
        .iter()
        .min_by_key(|e| via(e).len())
        .map(|shortest| via(shortest))
        .or_else(|| call_on_subject_class(test, &subject, &[]).map(|callee| vec![callee]));
    if let Some(path) = through_mock {
        let mut written: Vec<&str> = Vec::new();
        for mock in &mocks {
            if let Some(w) = mock.get("written").and_then(|v| v.as_str())
                && !written.contains(&w)
            {
                written.push(w);
            }
        }
        return Verdict::Finding(
            test_misses_subject::KIND,
            test_misses_subject::SEVERITY,
            format!(
                "which reaches {} only through a call its mocks replace ({}), by {}",
                subject.label,
                written.join(", "),
                path.join(" -> ")
            ),
        );
    }
    let unfollowed: Vec<String> = test
        .gaps
        .iter()
        .filter(|g| g.gap_type == GapType::UnfollowedCall)
        .filter_map(|g| g.callee.clone())
        .collect();
    let names: Vec<&str> = subject
        .providers
        .iter()
        .filter_map(|p| p.name.as_deref())
        .map(last_name)
        .collect();
    let mut name_matches: Vec<String> = Vec::new();
    for t in &test.transitions {
        for effect in &t.effects {
            if let seam_ir::summary::Effect::Invocation(call) = &**effect
                && call.summary.is_none()
                && names.contains(&last_name(&call.callee))
                && unfollowed.contains(&call.callee)
                && !name_matches.contains(&call.callee)
            {
                name_matches.push(call.callee.clone());
            }
        }
    }
    if unfollowed.is_empty() && name_matches.is_empty() {
        return Verdict::Finding(
            test_misses_subject::KIND,
            test_misses_subject::SEVERITY,
            format!("which never reaches {}", subject.label),
        );
    }
    let why = if name_matches.is_empty() {
        format!(
            "it never reaches {} through the calls seam followed, and seam could not follow {}",
            subject.label,
            listed(&unfollowed)
        )
    } else {
        format!(
            "it calls {}, and seam could not follow that call to {}",
            listed(&name_matches),
            subject.label
        )
    };
    Verdict::Unchecked(format!(
        "Scenario {} lists the test \"{}\": {why}.",
        claim.label, claim.spelled
    ))
}

/// Checks every claim; findings and unchecked entries go to `out`, and each PRD's `covered`
/// count is the number of its scenarios whose every covering test reaches the subject.
pub(crate) fn check_claims(claims: &[Claim], facts: &Facts<'_>, out: &mut IntentOutcome) {
    let tests: Vec<&BehavioralSummary> = facts
        .summaries
        .iter()
        .filter(|s| s.kind == CodeUnitKind::Test)
        .collect();
    let mut failed: Vec<(usize, usize)> = Vec::new();
    for claim in claims {
        let wanted = spelling_parts(&claim.spelled);
        let test = tests.iter().copied().find(|t| test_parts(t) == wanted);
        let result = verdict(claim, facts, test);
        let code = test.map(|t| CodeRef {
            summary: t.identity.name.clone(),
            transition_id: None,
            location: t.location.clone(),
        });
        match result {
            Verdict::Covered => {}
            Verdict::Finding(kind, severity, why) => {
                failed.push((claim.checked, claim.scenario));
                let severity = if claim.source == Source::Inferred {
                    severity.lowered()
                } else {
                    severity
                };
                out.findings.push(IntentFinding {
                    kind,
                    severity,
                    boundary: format!("prd:{}", claim.prd_title),
                    binding: crate::check::prd_binding(&claim.prd_title),
                    intent: claim.prd_title.clone(),
                    outcome_id: None,
                    document: claim.document.clone(),
                    line: claim.line,
                    code,
                    scenario: Some(ScenarioRef {
                        title: claim.scenario_title.clone(),
                        covered_by: Some(claim.spelled.clone()),
                    }),
                    message: format!(
                        "Scenario {} in PRD \"{}\" lists the test \"{}\", {why}.",
                        claim.label, claim.prd_title, claim.spelled
                    ),
                    suppressed: None,
                });
            }
            Verdict::Unchecked(detail) => {
                failed.push((claim.checked, claim.scenario));
                out.unchecked.push(Unchecked {
                    intent: claim.prd_title.clone(),
                    reason: "unfollowedCall".to_owned(),
                    outcome_id: None,
                    scenario: Some(claim.label.clone()),
                    covered_by: Some(claim.spelled.clone()),
                    detail,
                });
            }
        }
    }
    let mut counted: Vec<(usize, usize)> = Vec::new();
    for claim in claims {
        let key = (claim.checked, claim.scenario);
        if failed.contains(&key) || counted.contains(&key) {
            continue;
        }
        counted.push(key);
        if let Some(Checked::Prd { covered, .. }) = out.checked.get_mut(claim.checked) {
            *covered += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::spelling_parts;

    #[test]
    fn both_test_spellings_read_as_one_title_path() {
        assert_eq!(
            spelling_parts("web/orders.test.ts > orders > archives"),
            ["web/orders.test.ts", "orders", "archives"]
        );
        assert_eq!(
            spelling_parts("tests/test_orders.py::TestArchive::test_archive[404-missing]"),
            ["tests/test_orders.py", "TestArchive", "test_archive"]
        );
        assert_eq!(
            spelling_parts("shop::tests/test_orders.py::test_archive"),
            ["tests/test_orders.py", "test_archive"]
        );
    }
}
