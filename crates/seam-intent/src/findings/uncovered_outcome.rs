//! `uncoveredOutcome`: see [`DOC`].

use seam_ir::findings::Severity;

kind_documentation!(
    r#"# uncoveredOutcome (error, intent)

## What it finds
An outcome the intent declares (a status, a return, a throw, an exit code, with its boundary `when` clauses) that no transition of the implementing unit produces, or a `results` line (`writes: postgresql:orders`) that no transition producing the outcome reaches.

## Why it matters
The code does not do what the team wrote down: a case is missing, or the document is out of date.

## Example
Intent "get-order" declares status 410 at GET /orders/{id}; get has no transition that produces it.

## How to fix or suppress
Add the missing branch or effect, or correct the intent. A `.sussignore.yml` rule with the kind and the boundary accepts it. A finding from an intent whose `source` is `inferred` is one severity lower.
"#
);

pub const KIND: &str = "uncoveredOutcome";
pub const SEVERITY: Severity = Severity::Error;
pub const TITLE: &str = "A declared outcome or result no transition of the code produces";
