//! One gap per prefix seam could not read. A route under such a prefix
//! (`app.use(process.env.API_MOUNT, api)`) is written by the part of its path seam knows, and
//! names the prefix in `metadata.http.unknownPrefix`; the checker pairs it by that known part
//! (seam-check `known_suffix`). The summary format has gaps only inside a summary, so the
//! first summary (in output order) under each prefix carries the gap that says so: an
//! `unfollowedCall` whose `callee` is the prefix's source text (docs/unknown-prefixes.md says
//! why that type). The other routes under the same prefix point at it through their metadata.

use std::collections::BTreeSet;

use seam_ir::summary::{BehavioralSummary, Gap, GapConsequence, GapType};

/// Adds the gap for each unknown prefix to the first summary that names it.
pub fn add(summaries: &mut [BehavioralSummary]) {
    let mut seen: BTreeSet<String> = BTreeSet::new();
    for summary in summaries {
        for prefix in unknown_prefixes(summary) {
            if !seen.insert(prefix.clone()) {
                continue;
            }
            summary.gaps.push(Gap {
                gap_type: GapType::UnfollowedCall,
                conditions: Vec::new(),
                consequence: GapConsequence::Unknown,
                description: format!(
                    "The routes mounted under {prefix} start with a path seam could not read (a value the deployment sets), so they are written by the part they fix and paired by it"
                ),
                callee: Some(prefix),
                used_as_value: None,
            });
        }
    }
}

fn unknown_prefixes(summary: &BehavioralSummary) -> Vec<String> {
    summary
        .metadata
        .as_ref()
        .and_then(|m| m.get("http"))
        .and_then(|h| h.get("unknownPrefix"))
        .and_then(|p| p.as_array())
        .map(|list| {
            list.iter()
                .filter_map(|p| p.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}
