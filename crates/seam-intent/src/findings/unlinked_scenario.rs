//! `unlinkedScenario`: see [`DOC`].

use seam_ir::findings::Severity;

kind_documentation!(
    r#"# unlinkedScenario (warning, intent)

## What it finds
A scenario with no `link` to a boundary outcome and no `coveredBy` test.

## Why it matters
Nothing checks it, so it can drift from the code without anyone noticing.

## Example
Scenario "Guest checkout" in PRD "Checkout" has neither a link to a boundary outcome nor a covering test, so nothing checks it; add a link, or list the test that covers it under coveredBy.

## How to fix or suppress
Add `link: <intent>.<outcome>` or `coveredBy: [<test>]`. A finding from an intent whose `source` is `inferred` is one severity lower.
"#
);

pub const KIND: &str = "unlinkedScenario";
pub const SEVERITY: Severity = Severity::Warning;
pub const TITLE: &str = "A PRD scenario has neither a link nor a covering test";
