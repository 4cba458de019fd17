//! `consumerContractViolation`: see [`DOC`].

use std::collections::BTreeSet;

use seam_ir::findings::{Finding, Severity};
use seam_ir::summary::BehavioralSummary;

use super::{KindInfo, PairContext, PairShape, side};
use crate::contracts::DeclaredStatuses;

kind_documentation!(
    r#"# consumerContractViolation (warning)

## What it finds
A consumer and the declared contract of the boundary it calls disagree: the contract declares a
response the consumer does not handle, or the consumer handles a status the contract does not
declare. The contract is an OpenAPI operation for the same method and path, or one written
beside the handler.

## Why it matters
The contract is the promise the provider's team keeps. A declared failure the consumer does not
handle reaches code written for success the first time the provider sends it, even if today's
handler never does.

## Example
Contract (OpenAPI): `GET /users/{id}` declares `200` and `404`.
Consumer (requests):
```python
r = requests.get(f"{BASE}/users/{user_id}")
return r.json()["name"]      # a declared 404 is read as a user
```

## How to fix or suppress
Handle the declared status (`if r.status_code == 404: return None`), or remove a branch for a
status the contract does not declare. To accept it, paste the rule `seam check` prints under the
finding into `.sussignore.yml` with a reason.
"#
);

/// The kind: one declaration, listed in [`super::KINDS`].
pub const INFO: KindInfo = KindInfo {
    name: "consumerContractViolation",
    severity: Severity::Warning,
    title: "A consumer and the declared contract of its boundary disagree on statuses",
    doc: DOC,
    shape: PairShape::RestPair(check_declared),
};

pub const KIND: &str = INFO.name;

/// The consumer of `ctx` against the contract written beside its provider, when there is one.
pub fn check_declared(ctx: &PairContext<'_>) -> Vec<Finding> {
    match DeclaredStatuses::of_metadata(ctx.provider) {
        Some(declared) => check(ctx, ctx.provider, &declared),
        None => Vec::new(),
    }
}

/// The consumer of `ctx` against a contract for the same boundary; `contract` is the summary
/// holding it (a contract document, or the provider with the contract written beside it).
pub fn check(
    ctx: &PairContext<'_>,
    contract: &BehavioralSummary,
    declared: &DeclaredStatuses,
) -> Vec<Finding> {
    let finding = |consumer_transition: Option<&str>, description: String| Finding {
        kind: KIND.to_owned(),
        severity: INFO.severity,
        boundary: ctx.boundary.clone(),
        provider: side(contract, None),
        consumer: side(ctx.consumer, consumer_transition),
        description,
        aspect: None,
        sources: None,
        suppressed: None,
    };
    let mut out = Vec::new();
    for status in &declared.exact {
        if !ctx.reading.covers(ctx.consumer, *status) {
            out.push(finding(
                None,
                format!("Contract declares response {status} but consumer does not handle it"),
            ));
        }
    }
    for ct in &ctx.consumer.transitions {
        let named: BTreeSet<u16> = ctx
            .reading
            .statuses_named(&ct.conditions)
            .into_iter()
            .collect();
        for status in named {
            if !declared.declares(status) {
                out.push(finding(
                    Some(&ct.id),
                    format!("Consumer handles status {status} but contract does not declare it"),
                ));
            }
        }
    }
    out
}
