//! `boundaryFieldUnused`: see [`DOC`].

use std::collections::BTreeSet;

use seam_ir::findings::{Finding, Severity};
use seam_ir::summary::BehavioralSummary;

use super::{KindInfo, PairShape, side};
use crate::storage::StoragePairing;

kind_documentation!(
    r#"# boundaryFieldUnused (warning)

## What it finds
A stored field (a column) the schema declares that no code in the run reads, writes or selects
rows by, on a model the code does use. Relation fields and computed fields are not columns and
are never reported, nor are timestamps the store keeps by itself (`@updatedAt`,
`@default(now())`). It stays silent for a model any code reads whole (a query with no `select`
reads every column, and one that includes a relation, `include: { subscriptions: true }`, reads
the related model's rows whole), since that read may be the use, and for one any code writes with data
seam cannot read in full (a `data` built elsewhere, spread in from a value it cannot follow),
since that write may be.

## Why it matters
An unused column is either dead weight (storage, migrations, a field someone will assume is
kept up to date) or a sign that code which should write it does not, so it stays empty.

## Example
Provider (`prisma/schema.prisma`):
```prisma
model User {
  id    String  @id
  email String  @unique
  phone String?          // nothing reads or writes it
  @@map("users")
}
```
Consumer: every access to `prisma.user` selects `id` and `email` and writes `email`.

## How to fix or suppress
Remove the column (and migrate), or write and read it where it belongs. To accept it (a column
another service uses), paste the rule `seam check` prints under the finding into
`.sussignore.yml`.
"#
);

/// The kind: one declaration, listed in [`super::KINDS`].
pub const INFO: KindInfo = KindInfo {
    name: "boundaryFieldUnused",
    severity: Severity::Warning,
    title: "A column the schema declares is never read, written or selected by",
    doc: DOC,
    shape: PairShape::Storage,
};

pub const KIND: &str = INFO.name;

/// Every stored field of a met provider that none of its accesses names.
pub fn check(pairing: &StoragePairing, summaries: &[BehavioralSummary]) -> Vec<Finding> {
    // Models some read reaches through a relation of another (`include: { subscriptions:
    // true }` on a user): the related rows come back whole.
    let mut read_through: BTreeSet<&str> = BTreeSet::new();
    for (&p, accesses) in &pairing.met {
        let provider = &pairing.providers[p];
        for &a in accesses {
            let access = &pairing.accesses[a].access;
            if access.kind != seam_ir::summary::StorageAccessKind::Read {
                continue;
            }
            for field in &access.fields {
                if let Some((_, model)) = provider.relations.iter().find(|(r, _)| r == field) {
                    read_through.insert(model);
                }
            }
        }
    }
    let mut out = Vec::new();
    for (&p, accesses) in &pairing.met {
        let provider = &pairing.providers[p];
        if !provider.exhaustive {
            continue;
        }
        let name = provider.model.as_deref().unwrap_or(&provider.container);
        if read_through.contains(name) {
            continue;
        }
        // A read of the whole row, or a write of data seam could not read in full (`*`):
        // either may be the use of any column.
        let whole_row = accesses.iter().any(|&a| {
            let access = &pairing.accesses[a].access;
            access.fields.iter().any(|f| f == "*")
        });
        if whole_row {
            continue;
        }
        let used: BTreeSet<&str> = accesses
            .iter()
            .flat_map(|&a| {
                let access = &pairing.accesses[a].access;
                access
                    .fields
                    .iter()
                    .chain(access.selector.iter().flatten())
                    .map(String::as_str)
            })
            .collect();
        let summary = &summaries[provider.summary];
        let Some(boundary) = summary.identity.boundary_binding.clone() else {
            continue;
        };
        for (field, stored) in &provider.fields {
            if !stored || used.contains(field.as_str()) || provider.store_written.contains(field) {
                continue;
            }
            out.push(Finding {
                kind: KIND.to_owned(),
                severity: INFO.severity,
                boundary: boundary.clone(),
                provider: side(summary, None),
                consumer: side(summary, None),
                description: format!(
                    "{} declares {field} on {name} (table {}), but no code in the run reads, writes or selects by it",
                    summary.location.file, provider.container
                ),
                aspect: None,
                sources: None,
                suppressed: None,
            });
        }
    }
    out
}
