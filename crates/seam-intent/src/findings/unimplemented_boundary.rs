//! `unimplementedBoundary`: see [`DOC`].

use seam_ir::findings::Severity;

kind_documentation!(
    r#"# unimplementedBoundary (error, intent)

## What it finds
An intent names a boundary (a route, an export, a channel) that no handler or other providing unit in the analysed code serves.

## Why it matters
The intent describes behaviour nobody implements: the route was renamed, moved to another service, or never written.

## Example
Intent "archive-order" declares boundary POST /orders/{id}/archive with 2 outcome(s); no code produces this boundary.

## How to fix or suppress
Correct the boundary in the intent (method and path as the code registers them), or implement it. Accept it with a `.sussignore.yml` rule naming the kind and the boundary. A finding from an intent whose `source` is `inferred` is one severity lower.
"#
);

pub const KIND: &str = "unimplementedBoundary";
pub const SEVERITY: Severity = Severity::Error;
pub const TITLE: &str = "An intent declares a boundary no code provides";
