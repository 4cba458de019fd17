//! `boundaryFieldUnknown`: see [`DOC`].

use std::collections::BTreeSet;

use seam_ir::findings::{Finding, FindingAspect, Severity};
use seam_ir::summary::{BehavioralSummary, StorageAccessKind};

use super::{KindInfo, PairShape, side};
use crate::storage::{StoragePairing, StoreProvider};

kind_documentation!(
    r#"# boundaryFieldUnknown (error)

## What it finds
Code that reads, writes or selects rows by a field the store's schema does not declare: a
`select`, a `data` key or a `where` key naming a column the model (a Prisma model, a table)
does not have. Only schemas that declare every field (`fieldSet: exhaustive`, as a Prisma schema
does) are checked.

## Why it matters
The store rejects the query at run time (Prisma throws on an unknown argument; SQL fails on an
unknown column), on a path tests may not reach. A misspelt `where` key is the worst case: the
filter never applies the way it reads.

## Example
Provider (`prisma/schema.prisma`):
```prisma
model User {
  id        String    @id
  email     String    @unique
  deletedAt DateTime?
  @@map("users")
}
```
Consumer:
```ts
await prisma.user.findMany({ where: { deltedAt: null }, select: { email: true } });
//                                    ^^^^^^^^ not a field of User
```

## How to fix or suppress
Correct the field name, or add the field to the schema (and migrate). To accept it, paste the
rule `seam check` prints under the finding into `.sussignore.yml`.
"#
);

/// The kind: one declaration, listed in [`super::KINDS`].
pub const INFO: KindInfo = KindInfo {
    name: "boundaryFieldUnknown",
    severity: Severity::Error,
    title: "Code reads, writes or selects by a field the store's schema does not declare",
    doc: DOC,
    shape: PairShape::Storage,
};

pub const KIND: &str = INFO.name;

fn label(provider: &StoreProvider) -> String {
    let name = provider.model.as_deref().unwrap_or(&provider.container);
    match &provider.system {
        Some(system) => format!("{name} ({system})"),
        None => name.to_owned(),
    }
}

/// Every field an access names that the provider it met does not declare.
pub fn check(pairing: &StoragePairing, summaries: &[BehavioralSummary]) -> Vec<Finding> {
    let mut out = Vec::new();
    let mut seen = BTreeSet::new();
    for (&p, accesses) in &pairing.met {
        let provider = &pairing.providers[p];
        if !provider.exhaustive {
            continue;
        }
        let provider_summary = &summaries[provider.summary];
        let Some(boundary) = provider_summary.identity.boundary_binding.clone() else {
            continue;
        };
        for &a in accesses {
            let site = &pairing.accesses[a];
            let consumer = &summaries[site.summary];
            let (aspect, verb) = match site.access.kind {
                StorageAccessKind::Read => (FindingAspect::Read, "reads"),
                StorageAccessKind::Write => (FindingAspect::Write, "writes"),
            };
            let named = site
                .access
                .fields
                .iter()
                .filter(|f| f.as_str() != "*")
                .map(|f| (aspect, f))
                .chain(
                    site.access
                        .selector
                        .iter()
                        .flatten()
                        .map(|f| (FindingAspect::Selector, f)),
                );
            for (aspect, field) in named {
                let known = match aspect {
                    FindingAspect::Selector => provider.selects_by(field),
                    _ => provider.declares(field),
                };
                if known || !seen.insert((site.summary, p, aspect, field.clone())) {
                    continue;
                }
                let what = match aspect {
                    FindingAspect::Selector => format!("picks rows of {} by", label(provider)),
                    _ if aspect == FindingAspect::Write => {
                        format!("{verb} \"{field}\" to {}", label(provider))
                    }
                    _ => format!("{verb} \"{field}\" from {}", label(provider)),
                };
                let what = if aspect == FindingAspect::Selector {
                    format!("{what} \"{field}\"")
                } else {
                    what
                };
                out.push(Finding {
                    kind: KIND.to_owned(),
                    severity: INFO.severity,
                    boundary: boundary.clone(),
                    provider: side(provider_summary, None),
                    consumer: side(consumer, Some(&site.transition)),
                    description: format!(
                        "{} {what}, but {} declares no field {field} on it, so the store rejects the query at run time",
                        consumer.identity.name, provider_summary.location.file
                    ),
                    aspect: Some(aspect),
                    sources: None,
                    suppressed: None,
                });
            }
        }
    }
    out
}
