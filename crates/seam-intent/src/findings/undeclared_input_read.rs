//! `undeclaredInputRead`: see [`DOC`].

use seam_ir::findings::Severity;

kind_documentation!(
    r#"# undeclaredInputRead (info, intent)

## What it finds
An input path the unit reads (`body.note`) that `receives` does not list, when the intent has a `receives` block.

## Why it matters
What a boundary takes is part of its contract; an unlisted input is undocumented.

## Example
post reads body.note at POST /orders; intent "place-order" does not list it under receives.

## How to fix or suppress
List the input under `receives`, or stop reading it. A finding from an intent whose `source` is `inferred` is one severity lower.
"#
);

pub const KIND: &str = "undeclaredInputRead";
pub const SEVERITY: Severity = Severity::Info;
pub const TITLE: &str = "The code reads an input the intent's receives block does not list";
