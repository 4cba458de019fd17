//! `unkeyableBoundary`: see [`DOC`].

use seam_ir::findings::Severity;

kind_documentation!(
    r#"# unkeyableBoundary (warning, intent)

## What it finds
A boundary block that does not say enough to find its implementation: a REST boundary without a method or path, a function call without package and export path, a store (never a boundary of its own).

## Why it matters
Nothing in the intent was compared with the code.

## Example
Intent "orders-table" names a storage boundary seam cannot key, so it was not checked: a store has no key at all: write it as `- writes: <store>` on an outcome of the boundary that touches it instead.

## How to fix or suppress
Give the boundary the fields the message names, or move the effect to the intent of the boundary that makes it. A finding from an intent whose `source` is `inferred` is one severity lower.
"#
);

pub const KIND: &str = "unkeyableBoundary";
pub const SEVERITY: Severity = Severity::Warning;
pub const TITLE: &str = "The intent's boundary cannot be keyed, so it was not checked";
