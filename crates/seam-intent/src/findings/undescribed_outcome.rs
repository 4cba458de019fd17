//! `undescribedOutcome`: see [`DOC`].

use seam_ir::findings::Severity;

kind_documentation!(
    r#"# undescribedOutcome (info, intent)

## What it finds
An outcome of a boundary intent that no scenario of any PRD links to; checked only when at least one PRD was read.

## Why it matters
Behaviour with no product requirement behind it is either undocumented or unneeded.

## Example
Intent "archive-order" declares outcome no-such-order at POST /orders/{id}/archive; no PRD scenario links to it.

## How to fix or suppress
Link a scenario to it, or accept it. A finding from an intent whose `source` is `inferred` is one severity lower.
"#
);

pub const KIND: &str = "undescribedOutcome";
pub const SEVERITY: Severity = Severity::Info;
pub const TITLE: &str = "A declared outcome no PRD scenario links to";
