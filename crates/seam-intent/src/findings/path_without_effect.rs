//! `pathWithoutEffect`: see [`DOC`].

use seam_ir::findings::Severity;

kind_documentation!(
    r#"# pathWithoutEffect (error, intent)

## What it finds
An `always` line says every outcome results in an effect (an audit write, an event); a transition producing a declared outcome not listed under its `except` does not reach it.

## Why it matters
The rule the team wrote (every change is audited, every order emits an event) has a hole on one path.

## Example
Intent "archive-order" says every outcome results in a write to postgresql:audit_log at POST /orders/{id}/archive; the transition of post at line 30, which produces archived (status 200), does not. Add the effect on that path, or list archived under except.

## How to fix or suppress
Add the effect on that path, or list the outcome under `except`. A finding from an intent whose `source` is `inferred` is one severity lower.
"#
);

pub const KIND: &str = "pathWithoutEffect";
pub const SEVERITY: Severity = Severity::Error;
pub const TITLE: &str =
    "A path produces an outcome without an effect the intent says every outcome has";
