//! `outcomeShapeMismatch`: see [`DOC`].

use seam_ir::findings::Severity;

kind_documentation!(
    r#"# outcomeShapeMismatch (error, intent)

## What it finds
Transitions produce the declared ending, but none returns a body compatible with the declared `body`; or an effect matches a `results` line whose `shape` the written payload does not fit.

## Why it matters
Callers built against the documented shape break on what the code sends.

## Example
Intent "get-order" declares status 200 at GET /orders/{id} with a body; no transition of get that produces it sends a body of that shape (the body it sends has no total). Send the declared body, or correct it in the intent.

## How to fix or suppress
Send the declared shape, or correct the body in the intent. A finding from an intent whose `source` is `inferred` is one severity lower.
"#
);

pub const KIND: &str = "outcomeShapeMismatch";
pub const SEVERITY: Severity = Severity::Error;
pub const TITLE: &str = "A matching branch returns or writes a shape other than the declared one";
