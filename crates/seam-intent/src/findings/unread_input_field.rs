//! `unreadInputField`: see [`DOC`].

use seam_ir::findings::Severity;

kind_documentation!(
    r#"# unreadInputField (warning, intent)

## What it finds
A field listed under `receives` that the implementing unit never reads (a warning when it is `required`, else info).

## Why it matters
A required input nobody reads usually means a check was dropped, or the document lists an input the code no longer takes.

## Example
Intent "archive-order" says POST /orders/{id}/archive receives params.id and needs it; post never reads it.

## How to fix or suppress
Read the field, or remove it from `receives`. A finding from an intent whose `source` is `inferred` is one severity lower.
"#
);

pub const KIND: &str = "unreadInputField";
pub const SEVERITY: Severity = Severity::Warning;
pub const TITLE: &str = "The intent says the boundary receives a field the code never reads";
