//! `undocumentedHandler`: see [`DOC`].

use seam_ir::findings::{Finding, Severity};
use seam_ir::summary::BehavioralSummary;

use super::{KindInfo, PairShape, side};

kind_documentation!(
    r#"# undocumentedHandler (warning)

## What it finds
A handler whose method and path no operation of the contract document beside it describes: the
repository holds an OpenAPI document in the handler's folder or above it, and the document says
nothing about this route. A document counts as the server's when a handler beside it serves at
least one of its operations: one whose operations none of them serve describes another API (a
service the code calls, such as a specification third-party providers implement) and is not
compared with the handlers. When every operation of the document starts with the same first
path segment (`/api/…`), a handler whose path starts otherwise (the application's pages, an
admin site) is outside what the document describes and is not compared with it.

## Why it matters
The document is what client authors and generated clients read. A route it leaves out is
invisible to them, and nothing checks the clients that find it anyway against a declared shape.

## Example
Contract (`server/openapi.yaml`): `/users/{id}: get`, nothing else under `/users`.
Provider (Express, `server/src/routes/users.ts`):
```ts
router.delete("/:id", async (req, res) => { … });   // DELETE /api/users/{id}: not in the document
```

## How to fix or suppress
Describe the operation in the document, or remove the route. An internal route kept out of the
public document on purpose can be accepted with the rule `seam check` prints under the finding,
in `.sussignore.yml`.
"#
);

/// The kind: one declaration, listed in [`super::KINDS`].
pub const INFO: KindInfo = KindInfo {
    name: "undocumentedHandler",
    severity: Severity::Warning,
    title: "A handler serves a route the contract document beside it does not describe",
    doc: DOC,
    shape: PairShape::HandlerAndContract,
};

pub const KIND: &str = INFO.name;

/// A handler serving `key` that the documents in `documents` (their files) do not describe.
pub fn finding(handler: &BehavioralSummary, key: &str, documents: &[&str]) -> Option<Finding> {
    let boundary = handler.identity.boundary_binding.clone()?;
    Some(Finding {
        kind: KIND.to_owned(),
        severity: INFO.severity,
        boundary,
        provider: side(handler, None),
        consumer: side(handler, None),
        description: format!(
            "The handler serves {key}, which {} {} not describe, so clients written against the document do not know it exists",
            documents.join(" and "),
            if documents.len() > 1 { "do" } else { "does" }
        ),
        aspect: None,
        sources: None,
        suppressed: None,
    })
}
