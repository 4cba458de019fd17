//! `contractDisagreement`: see [`DOC`].

use std::collections::BTreeSet;

use seam_ir::findings::{Finding, Severity};
use seam_ir::summary::BehavioralSummary;

use super::{KindInfo, PairShape, side, summary_ref};
use crate::contracts::DeclaredStatuses;

kind_documentation!(
    r#"# contractDisagreement (warning)

## What it finds
Two or more declared contracts of one boundary (an OpenAPI document and an API Gateway template,
two versions of one spec checked into two services) that disagree on which statuses the
boundary answers with.

## Why it matters
Each team reads its own copy. The client written against one and the handler written against
the other can each agree with their contract and still disagree with each other.

## Example
Contract A (`api/openapi.yaml`): `GET /pets/{id}` declares `200`, `404`, `500`.
Contract B (`gateway/openapi.json`): `GET /pets/{id}` declares `200`, `404`.

## How to fix or suppress
Make one document the source and generate the other from it, or bring them in line by hand. To
accept the difference, paste the rule `seam check` prints under the finding into
`.sussignore.yml` with a reason.
"#
);

/// The kind: one declaration, listed in [`super::KINDS`].
pub const INFO: KindInfo = KindInfo {
    name: "contractDisagreement",
    severity: Severity::Warning,
    title: "Two declared contracts of one boundary disagree",
    doc: DOC,
    shape: PairShape::ContractDocuments,
};

pub const KIND: &str = INFO.name;

/// Contracts declaring one boundary (`key`), sorted by the caller.
pub fn check(key: &str, contracts: &[&BehavioralSummary]) -> Vec<Finding> {
    if contracts.len() < 2 {
        return Vec::new();
    }
    let declared: Vec<BTreeSet<String>> = contracts
        .iter()
        .map(|c| {
            DeclaredStatuses::of_contract_summary(c)
                .spellings()
                .into_iter()
                .collect()
        })
        .collect();
    let every: BTreeSet<&String> = declared.iter().flatten().collect();
    let mut out = Vec::new();
    for status in every {
        let (with, without): (Vec<usize>, Vec<usize>) =
            (0..contracts.len()).partition(|&i| declared[i].contains(status));
        let (Some(&first_with), Some(&first_without)) = (with.first(), without.first()) else {
            continue;
        };
        let names = |list: &[usize]| {
            list.iter()
                .map(|&i| summary_ref(contracts[i]))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let Some(boundary) = contracts[first_with].identity.boundary_binding.clone() else {
            continue;
        };
        out.push(Finding {
            kind: KIND.to_owned(),
            severity: INFO.severity,
            boundary,
            provider: side(contracts[first_with], None),
            consumer: side(contracts[first_without], None),
            description: format!(
                "Sources disagree on status {status} at {key}: declared by [{}], not declared by [{}], so clients and handlers built from different sources disagree on it",
                names(&with),
                names(&without)
            ),
            aspect: None,
            sources: None,
            suppressed: None,
        });
    }
    out
}
