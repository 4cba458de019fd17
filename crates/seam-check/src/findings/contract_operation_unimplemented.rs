//! `contractOperationUnimplemented`: see [`DOC`].

use seam_ir::findings::{Finding, Severity};
use seam_ir::summary::BehavioralSummary;

use super::{KindInfo, PairShape, side};

kind_documentation!(
    r#"# contractOperationUnimplemented (warning)

## What it finds
An operation a contract document declares (an OpenAPI `paths` entry and method) that no handler
in the repository serves, while handlers do live beside the document (in its folder or below
it) and serve at least one of its operations. A document with no handler anywhere beside it, or
whose operations none of the handlers beside it serve, describes a third-party API (one the code
calls, such as a specification the providers of a plugin implement) and is never reported.

## Why it matters
Clients are written against the document. An operation it promises and the server does not
serve answers 404 or 405 at run time, and the documentation says otherwise.

## Example
Contract (`server/openapi.yaml`):
```yaml
/orders/{id}:
  delete:
    operationId: deleteOrder
    responses: { "204": { description: Deleted. } }
```
Provider (Express, `server/src/routes/orders.ts`): `ordersRouter.get("/:id", …)` and
`ordersRouter.patch("/:id", …)`, nothing for `delete`.

## How to fix or suppress
Implement the operation, or remove it from the document. To accept it (an operation served by
another deployment), paste the rule `seam check` prints under the finding into
`.sussignore.yml`.
"#
);

/// The kind: one declaration, listed in [`super::KINDS`].
pub const INFO: KindInfo = KindInfo {
    name: "contractOperationUnimplemented",
    severity: Severity::Warning,
    title: "A contract document declares an operation no handler serves",
    doc: DOC,
    shape: PairShape::HandlerAndContract,
};

pub const KIND: &str = INFO.name;

/// The folder a contract or handler file is in, `""` for the repository root.
pub fn folder_of(file: &str) -> &str {
    file.rsplit_once('/').map_or("", |(dir, _)| dir)
}

/// Whether `file` is in `folder` or below it.
pub fn is_beside(folder: &str, file: &str) -> bool {
    folder.is_empty()
        || file
            .strip_prefix(folder)
            .is_some_and(|rest| rest.starts_with('/'))
}

/// One operation of a contract document that no handler serves.
pub fn finding(contract: &BehavioralSummary, key: &str) -> Option<Finding> {
    let boundary = contract.identity.boundary_binding.clone()?;
    Some(Finding {
        kind: KIND.to_owned(),
        severity: INFO.severity,
        boundary,
        provider: side(contract, None),
        consumer: side(contract, None),
        description: format!(
            "{} declares {key} ({}), but no handler in the repository serves it, so a client written against the document gets a 404 or 405",
            contract.location.file, contract.identity.name
        ),
        aspect: None,
        sources: None,
        suppressed: None,
    })
}
