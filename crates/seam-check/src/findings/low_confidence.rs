//! `lowConfidence`: see [`DOC`].

use std::collections::BTreeSet;

use seam_ir::findings::{Finding, Severity};

use super::{KindInfo, PairContext, PairShape};
use crate::http::{ProviderStatus, nothing_was_read, provider_status};

kind_documentation!(
    r#"# lowConfidence (info)

## What it finds
A place where seam could not check coverage because part of one side could not be read: a
provider status computed at run time (`res.status(err.code)`), or a consumer branch for a status
while the provider's statuses (or the whole provider) could not be read.

## Why it matters
It is seam reporting on itself: "no finding" means less at this boundary, because the checks
that would have found a disagreement had nothing to compare.

## Example
Provider (Express):
```ts
router.get("/reports/:id", (req, res) => res.status(statusFor(err)).json({ error }));
```
Consumer (fetch):
```ts
if (res.status === 404) return null;   // does the provider ever send 404? seam cannot tell
```

## How to fix or suppress
Write the status as a literal where the code allows it (`res.status(404)`), or accept the
uncertainty: info findings never fail the run unless `--fail-on info` is passed, and the rule
`seam check` prints under the finding hides or marks it.
"#
);

/// The kind: one declaration, listed in [`super::KINDS`].
pub const INFO: KindInfo = KindInfo {
    name: "lowConfidence",
    severity: Severity::Info,
    title: "Coverage could not be checked because part of a side could not be read",
    doc: DOC,
    shape: PairShape::RestPair(check),
};

pub const KIND: &str = INFO.name;

pub fn check(ctx: &PairContext<'_>) -> Vec<Finding> {
    let mut out = Vec::new();
    let mut opaque = false;
    for t in &ctx.provider.transitions {
        if provider_status(t) == ProviderStatus::Opaque {
            opaque = true;
            out.push(ctx.finding(
                KIND,
                INFO.severity,
                Some(&t.id),
                None,
                format!(
                    "Provider transition {} has an opaque status code, so whether the consumer handles it cannot be verified",
                    t.id
                ),
            ));
        }
    }
    let unread = nothing_was_read(ctx.provider);
    if !opaque && !unread {
        return out;
    }
    let exact: BTreeSet<u16> = ctx
        .provider
        .transitions
        .iter()
        .filter_map(|t| match provider_status(t) {
            ProviderStatus::Exact(s) => Some(s),
            _ => None,
        })
        .collect();
    for ct in &ctx.consumer.transitions {
        let named: BTreeSet<u16> = ctx
            .reading
            .statuses_named(&ct.conditions)
            .into_iter()
            .collect();
        for status in named.difference(&exact) {
            let why = if unread {
                "nothing about what the provider answers was read"
            } else {
                "one of the provider's statuses could not be read"
            };
            out.push(ctx.finding(
                KIND,
                INFO.severity,
                None,
                Some(&ct.id),
                format!(
                    "Consumer expects status {status}, and {why}, so whether that branch can run cannot be confirmed either way"
                ),
            ));
        }
    }
    out
}
