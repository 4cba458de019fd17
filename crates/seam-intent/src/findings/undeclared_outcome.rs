//! `undeclaredOutcome`: see [`DOC`].

use seam_ir::findings::Severity;

kind_documentation!(
    r#"# undeclaredOutcome (info, intent)

## What it finds
A REST status a transition answers with that no outcome declares (one finding per status), or a boundary the unit reaches that no `results` or `always` line names.

## Why it matters
The intent is incomplete: behaviour the code has is not written down, so nobody checks it.

## Example
post produces status 500 at POST /orders; intent "place-order" does not declare it.

## How to fix or suppress
Declare the outcome or effect in the intent, or accept it with a rule. A finding from an intent whose `source` is `inferred` is one severity lower.
"#
);

pub const KIND: &str = "undeclaredOutcome";
pub const SEVERITY: Severity = Severity::Info;
pub const TITLE: &str =
    "The code produces a status or reaches a boundary the intent does not declare";
