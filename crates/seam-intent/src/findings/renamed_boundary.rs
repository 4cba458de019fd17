//! `renamedBoundary`: see [`DOC`].

use seam_ir::findings::Severity;

kind_documentation!(
    r#"# renamedBoundary (error, intent)

## What it finds
A boundary the intent's results name is never touched, and the unit touches an undeclared one of the same kind the same way, so it most likely was renamed. Replaces the uncoveredOutcome and undeclaredOutcome pair.

## Why it matters
One finding that says what happened reads better than two that each tell half of it.

## Example
Intent "archive-order" declares writes postgresql:orders; post writes postgresql:order_archive instead, with the same outcomes. If the store was renamed, update the intent.

## How to fix or suppress
Update the intent to the new name, or rename the store back. A finding from an intent whose `source` is `inferred` is one severity lower.
"#
);

pub const KIND: &str = "renamedBoundary";
pub const SEVERITY: Severity = Severity::Error;
pub const TITLE: &str = "A declared store vanished and an undeclared one took its place";
