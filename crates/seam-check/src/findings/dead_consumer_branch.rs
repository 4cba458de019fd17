//! `deadConsumerBranch`: see [`DOC`].

use std::collections::BTreeSet;

use seam_ir::findings::{Finding, Severity};

use super::provider_contract_violation::can_tell_never_produced;
use super::{KindInfo, PairContext, PairShape};
use crate::http::{ProviderStatus, StatusRange, nothing_was_read, provider_status, raised_status};

kind_documentation!(
    r#"# deadConsumerBranch (warning)

## What it finds
A consumer branch for a status (`res.status === 410`) the provider never produces. Statuses the
provider declares as a class (`4XX`) or a catch-all (`default`) count as produced, and so does a
status an exception the handler raises carries (`raise NotFound()` whose class passes 404 to
its base). An error status is never reported when the handler could send it unseen: a path that
raises, a dependency that runs before it, a gap in its summary, or a status the framework sends
for it (the same evidence `providerContractViolation` needs).

## Why it matters
The branch never runs, and the status it was written for is usually a different one the
provider does send: the consumer checks for 400 while the provider answers 422, so the real
failure falls through to code written for success.

## Example
Provider (Express):
```ts
router.post("/orders", (req, res) => {
  if (!req.body.items?.length) return res.status(422).json({ error: "empty order" });
  res.status(201).json(order);
});
```
Consumer (axios):
```ts
try { await http.post("/orders", order); }
catch (err) { if (err.response?.status === 400) return null; throw err; }  // 400 never comes
```

## How to fix or suppress
Compare with the status the provider sends (422 here), or make the provider send the status the
consumer expects. If the branch is kept on purpose (an older server still sends it), paste the
rule `seam check` prints under the finding into `.sussignore.yml` with a reason.
"#
);

/// The kind: one declaration, listed in [`super::KINDS`].
pub const INFO: KindInfo = KindInfo {
    name: "deadConsumerBranch",
    severity: Severity::Warning,
    title: "The consumer handles a status the provider never produces",
    doc: DOC,
    shape: PairShape::RestPair(check),
};

pub const KIND: &str = INFO.name;

/// What the provider can produce, or `None` when that cannot be known (a status or the whole
/// provider could not be read), which `lowConfidence` reports instead.
pub fn produced_statuses(ctx: &PairContext<'_>) -> Option<(BTreeSet<u16>, Vec<StatusRange>, bool)> {
    if nothing_was_read(ctx.provider) {
        return None;
    }
    let mut exact = BTreeSet::new();
    let mut ranges = Vec::new();
    let mut catch_all = false;
    for t in &ctx.provider.transitions {
        match provider_status(t) {
            ProviderStatus::Exact(s) => {
                exact.insert(s);
            }
            ProviderStatus::Range { range, .. } => ranges.push(range),
            ProviderStatus::CatchAll => catch_all = true,
            ProviderStatus::Opaque => return None,
            ProviderStatus::NotAResponse => exact.extend(raised_status(t)),
        }
    }
    Some((exact, ranges, catch_all))
}

pub fn check(ctx: &PairContext<'_>) -> Vec<Finding> {
    let Some((exact, ranges, catch_all)) = produced_statuses(ctx) else {
        return Vec::new();
    };
    if catch_all {
        return Vec::new();
    }
    let mut out = Vec::new();
    for ct in &ctx.consumer.transitions {
        let named: BTreeSet<u16> = ctx
            .reading
            .statuses_named(&ct.conditions)
            .into_iter()
            .collect();
        for status in named {
            if exact.contains(&status) || ranges.iter().any(|r| r.contains(status)) {
                continue;
            }
            // "Never produced" needs the evidence a contract check needs: not an error status
            // the handler's raises, dependencies or framework may answer with.
            if !can_tell_never_produced(ctx.provider, status, &BTreeSet::new()) {
                continue;
            }
            out.push(ctx.finding(
                KIND,
                INFO.severity,
                None,
                Some(&ct.id),
                format!("Consumer expects status {status} but provider never produces it"),
            ));
        }
    }
    out
}
