//! `unreadableInput` (a run finding): see [`DOC`].

use seam_ir::findings::{RunFinding, Severity};

use crate::model::SkippedInput;

use super::{KindInfo, PairShape};

kind_documentation!(
    r#"# unreadableInput (warning, run)

## What it finds
Input the run could not read: a source file that did not parse, a contract (an OpenAPI document,
a Prisma schema) with a syntax error. Each is listed under `skipped` with its reason, and the run
went on without it.

## Why it matters
Boundaries declared or called in those files were not checked; the report is silent about them,
which is not the same as agreeing.

## Example
`api/openapi.yaml` has a tab in its indentation; its operations are missing from the run, so
clients of that API are paired with nothing.

## How to fix or suppress
Fix the file (the reason names the line), or exclude it from the checked directory. A run
finding cannot be suppressed.
"#
);

/// The kind: one declaration, listed in [`super::KINDS`].
pub const INFO: KindInfo = KindInfo {
    name: "unreadableInput",
    severity: Severity::Warning,
    title: "Some input could not be read, so it was not checked",
    doc: DOC,
    shape: PairShape::Run,
};

pub const KIND: &str = INFO.name;

/// How many files a description names before it says "and N more".
const NAMED: usize = 5;

pub fn finding(skipped: &[SkippedInput]) -> Option<RunFinding> {
    if skipped.is_empty() {
        return None;
    }
    let mut named: Vec<String> = skipped
        .iter()
        .take(NAMED)
        .map(|s| format!("{} ({})", s.file, s.reason))
        .collect();
    if skipped.len() > NAMED {
        named.push(format!("and {} more", skipped.len() - NAMED));
    }
    Some(RunFinding {
        kind: KIND.to_owned(),
        severity: INFO.severity,
        description: format!(
            "{} input file(s) could not be read, so what they declare or call was not checked: {}.",
            skipped.len(),
            named.join("; ")
        ),
        remedy: "Fix each file at the line its reason names, or move it out of what is checked."
            .to_owned(),
    })
}
