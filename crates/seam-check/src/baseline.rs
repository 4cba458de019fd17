//! Findings new since a baseline: `seam check --since REF` and `--baseline FILE` report only
//! what the baseline (the report of a git revision, or a report saved with
//! `seam check --format json`) does not already hold, so a team can gate CI on seam without
//! first fixing every finding of an existing codebase.
//!
//! **Identity across revisions.** Two findings are the same when they agree on:
//! - the kind;
//! - the boundary key (`GET /users/{id}`, `postgresql:users`), parameter names as the route
//!   grammar normalises them;
//! - on each side, the summary (`file::name`: the symbol and its file) and the transitions
//!   without their hash (`get:response:404`, not `get:response:404:e48b52c`: the hash is of
//!   the condition's source text, which a reformat changes);
//! - the aspect (read, write, …);
//! - the fact: the description without its parenthesised remarks (`(nearest routes: …)`
//!   changes when unrelated routes are added) and with its spaces collapsed.
//!
//! Line numbers, spans and suppression marks are no part of it, so code moved within its
//! file keeps its findings. A finding that matches none is then tried once more without the
//! files (the symbol's name alone on each side, the fact as before), so a function moved or
//! renamed into another file with the same name keeps its findings too. Matching counts:
//! two equal findings in the report need two in the baseline.
//!
//! Run findings (`nothingPaired`, `mostlyUnpaired`, `unreadableInput`) are about the run;
//! one is pre-existing when the baseline has a run finding of the same kind.
//!
//! The gate (`--fail-on`) then counts only what is left, and the report says how many
//! findings were left out as pre-existing.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use seam_ir::findings::{Finding, FindingAspect, FindingSide, RunFinding};

use crate::model::{BaselineOutcome, CheckReport};
use crate::pairing::binding_key;

/// What a report is compared with: the findings and run findings of the baseline.
#[derive(Debug, Clone, Default)]
pub struct Baseline {
    /// Names the baseline in the report (`main`, `seam-baseline.json`).
    pub label: String,
    findings: Vec<Finding>,
    run_kinds: BTreeSet<String>,
}

/// Why a baseline file could not be used; the message says what to do.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BaselineError {
    #[error(
        "the baseline file {file} could not be read: {detail}. Write one with `seam check --format json -o {file}` on the revision to compare with."
    )]
    Unreadable { file: String, detail: String },
    #[error(
        "the baseline file {file} is not a seam report: {detail}. Pass a report written by `seam check --format json` (an object with `findings`, or the bare findings array of the two-file form)."
    )]
    NotAReport { file: String, detail: String },
}

impl Baseline {
    /// The baseline a report of the base revision gives.
    pub fn from_report(label: impl Into<String>, report: &CheckReport) -> Baseline {
        Baseline {
            label: label.into(),
            findings: report.findings.clone(),
            run_kinds: report.run.iter().map(|r| r.kind.clone()).collect(),
        }
    }

    /// Reads a report written by `seam check --format json`: an object with `findings` (and
    /// `run`), or the bare findings array of the two-file form.
    pub fn read_file(path: &Path) -> Result<Baseline, BaselineError> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| BaselineError::Unreadable {
            file: file.clone(),
            detail: e.to_string(),
        })?;
        Baseline::parse(&file, &text)
    }

    /// [`Baseline::read_file`] over text; `file` names it in errors and in the report.
    pub fn parse(file: &str, text: &str) -> Result<Baseline, BaselineError> {
        let not_a_report = |detail: String| BaselineError::NotAReport {
            file: file.to_owned(),
            detail,
        };
        let value: serde_json::Value = serde_json::from_str(text)
            .map_err(|e| not_a_report(format!("line {}: {e}", e.line())))?;
        let (findings, run) = match value {
            serde_json::Value::Array(_) => (value, serde_json::Value::Array(Vec::new())),
            serde_json::Value::Object(mut map) => {
                let Some(findings) = map.remove("findings") else {
                    return Err(not_a_report("it has no `findings` field".to_owned()));
                };
                let run = map
                    .remove("run")
                    .unwrap_or(serde_json::Value::Array(Vec::new()));
                (findings, run)
            }
            _ => {
                return Err(not_a_report(
                    "it is neither a JSON object nor an array".to_owned(),
                ));
            }
        };
        let findings: Vec<Finding> = serde_json::from_value(findings)
            .map_err(|e| not_a_report(format!("a finding could not be read ({e})")))?;
        let run: Vec<RunFinding> = serde_json::from_value(run)
            .map_err(|e| not_a_report(format!("a run finding could not be read ({e})")))?;
        Ok(Baseline {
            label: file.to_owned(),
            findings,
            run_kinds: run.into_iter().map(|r| r.kind).collect(),
        })
    }
}

/// One side of a finding as identity sees it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct SideIdentity {
    /// `file::name`, or the name alone for the second, file-less try.
    symbol: String,
    /// Transition ids without their hash, sorted.
    transitions: Vec<String>,
}

/// What makes two findings the same across revisions (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Identity {
    kind: String,
    boundary: Option<String>,
    provider: SideIdentity,
    consumer: SideIdentity,
    aspect: Option<FindingAspect>,
    fact: String,
}

/// A transition id without its trailing hash: `get:response:404:e48b52c` → `get:response:404`.
fn transition_stem(id: &str) -> &str {
    match id.rsplit_once(':') {
        Some((stem, hash)) if hash.len() == 7 && hash.bytes().all(|b| b.is_ascii_hexdigit()) => {
            stem
        }
        _ => id,
    }
}

/// The symbol of a side without its file: what follows `file::` in the summary id (which may
/// start with a workspace).
fn symbol_name(side: &FindingSide) -> &str {
    let marker = format!("{}::", side.location.file);
    match side.summary.find(&marker) {
        Some(at) => &side.summary[at + marker.len()..],
        None => side
            .summary
            .rsplit_once("::")
            .map_or(side.summary.as_str(), |(_, n)| n),
    }
}

fn side_identity(side: &FindingSide, with_file: bool) -> SideIdentity {
    let mut transitions: Vec<String> = side
        .transition_id
        .iter()
        .chain(side.transition_ids.iter().flatten())
        .map(|t| transition_stem(t).to_owned())
        .collect();
    transitions.sort();
    transitions.dedup();
    SideIdentity {
        symbol: if with_file {
            side.summary.clone()
        } else {
            symbol_name(side).to_owned()
        },
        transitions,
    }
}

/// The description without parenthesised remarks, spaces collapsed.
fn fact(description: &str) -> String {
    let mut out = String::with_capacity(description.len());
    let mut depth = 0usize;
    for c in description.chars() {
        match c {
            '(' => depth += 1,
            ')' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn identity(f: &Finding, with_file: bool) -> Identity {
    Identity {
        kind: f.kind.clone(),
        boundary: binding_key(&f.boundary),
        provider: side_identity(&f.provider, with_file),
        consumer: side_identity(&f.consumer, with_file),
        aspect: f.aspect,
        fact: fact(&f.description),
    }
}

/// Which of `findings` the baseline already holds (same order), matching with files first,
/// then without.
fn pre_existing(findings: &[Finding], baseline: &[Finding]) -> Vec<bool> {
    let mut matched = vec![false; findings.len()];
    let mut used = vec![false; baseline.len()];
    for with_file in [true, false] {
        let mut open: BTreeMap<Identity, Vec<usize>> = BTreeMap::new();
        for (i, b) in baseline.iter().enumerate() {
            if !used[i] {
                open.entry(identity(b, with_file)).or_default().push(i);
            }
        }
        for (i, f) in findings.iter().enumerate() {
            if matched[i] {
                continue;
            }
            if let Some(candidates) = open.get_mut(&identity(f, with_file))
                && let Some(b) = candidates.pop()
            {
                used[b] = true;
                matched[i] = true;
            }
        }
    }
    matched
}

/// Removes from `report` every finding and run finding the baseline already holds, and
/// records how many in [`CheckReport::baseline`]. The intent section loses the entries of the
/// intent findings removed.
pub fn keep_new(report: &mut CheckReport, baseline: &Baseline) {
    let old = pre_existing(&report.findings, &baseline.findings);
    let mut removed: Vec<(String, String)> = Vec::new();
    let mut kept = Vec::with_capacity(report.findings.len());
    for (finding, old) in std::mem::take(&mut report.findings).into_iter().zip(old) {
        if old {
            removed.push((finding.kind.clone(), finding.description.clone()));
        } else {
            kept.push(finding);
        }
    }
    report.findings = kept;
    let run_before = report.run.len();
    report.run.retain(|r| !baseline.run_kinds.contains(&r.kind));
    let pre_existing = removed.len() + (run_before - report.run.len());
    if let Some(intent) = &mut report.intent {
        intent.entries.retain(|e| {
            match removed
                .iter()
                .position(|(kind, message)| *kind == e.kind && *message == e.message)
            {
                Some(at) => {
                    removed.swap_remove(at);
                    false
                }
                None => true,
            }
        });
    }
    report.baseline = Some(BaselineOutcome {
        against: baseline.label.clone(),
        pre_existing,
        new: report.findings.len() + report.run.len(),
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stems_drop_only_a_seven_digit_hash() {
        assert_eq!(
            transition_stem("get:response:404:e48b52c"),
            "get:response:404"
        );
        assert_eq!(transition_stem("get:response:404"), "get:response:404");
        assert_eq!(
            transition_stem("get:response:zzzzzzz"),
            "get:response:zzzzzzz"
        );
    }

    #[test]
    fn facts_leave_out_remarks_in_parentheses() {
        assert_eq!(
            fact("The client calls DELETE /a, which no provider serves (nearest routes: GET /a)"),
            "The client calls DELETE /a, which no provider serves"
        );
        assert_eq!(fact("a  (b (c)) d"), "a d");
    }

    fn finding(summary: &str, file: &str, line: u32, description: &str) -> Finding {
        serde_json::from_value(serde_json::json!({
            "kind": "misreadProviderResponse",
            "severity": "error",
            "boundary": {"transport": "http", "semantics": {"name": "rest", "method": "GET", "path": "/a/:id"}, "recognition": "express"},
            "provider": {"summary": "api.ts::get", "transitionId": "get:response:200:abcdef0",
                "location": {"file": "api.ts", "range": {"start": 1, "end": 9}, "exportName": null}},
            "consumer": {"summary": summary, "transitionId": "load:return:none:1234567",
                "location": {"file": file, "range": {"start": line, "end": line + 5}, "exportName": null}},
            "description": description
        }))
        .expect("a finding")
    }

    #[test]
    fn findings_match_by_fact_and_symbol_not_by_line_and_count_as_a_multiset() {
        let base = [
            finding("web/a.ts::load", "web/a.ts", 3, "reads \"x\""),
            finding("web/a.ts::load", "web/a.ts", 3, "reads \"x\""),
        ];
        let head = [
            // Moved down its file: the same.
            finding("web/a.ts::load", "web/a.ts", 40, "reads \"x\""),
            // Moved to another file: the same, by name.
            finding("web/b.ts::load", "web/b.ts", 1, "reads \"x\""),
            // Another fact on the same pair: new.
            finding("web/a.ts::load", "web/a.ts", 3, "reads \"y\""),
        ];
        assert_eq!(pre_existing(&head, &base), [true, true, false]);
        // Three copies where the baseline held two: one is new.
        let three = [base[0].clone(), base[0].clone(), base[0].clone()];
        assert_eq!(pre_existing(&three, &base), [true, true, false]);
    }

    #[test]
    fn a_file_that_is_not_a_report_is_refused() {
        let err = Baseline::parse("b.json", "{\"runs\": []}").unwrap_err();
        assert_eq!(
            err.to_string(),
            "the baseline file b.json is not a seam report: it has no `findings` field. Pass a report written by `seam check --format json` (an object with `findings`, or the bare findings array of the two-file form)."
        );
        let err = Baseline::parse("b.json", "not json").unwrap_err();
        assert!(
            err.to_string().starts_with(
                "the baseline file b.json is not a seam report: line 1: expected ident"
            )
        );
        assert!(Baseline::parse("b.json", "[]").is_ok());
        assert!(Baseline::parse("b.json", "{\"findings\": [], \"run\": []}").is_ok());
    }
}
