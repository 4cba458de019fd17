//! Effect propagation over the call graph's strongly connected components (spec §9.4,
//! aburi-notes §2.7). Runs over every Symbol (dropped ones included; they have no calls).
//!
//! 1. Nodes are the Symbol ids in code-unit order; edges are the resolved calls,
//!    deduplicated per (caller, callee). Every resolved edge has `high` confidence in seam
//!    (no heuristic tier), so an edge never lowers a carried confidence.
//! 2. Tarjan's algorithm (iterative) gives the SCCs; members are sorted and SCCs ordered by
//!    their smallest member.
//! 3. SCCs are swept callees first (a min-heap on SCC index among those whose callees are
//!    done). Each SCC aggregates by `(id, target)`: its members' local effects (highest
//!    confidence; `derivedBy`/`plugin` of the smallest `derivedBy`), then every downstream
//!    SCC's aggregate (confidence capped by the edge's; a key seen only downstream keeps the
//!    smallest `derivedBy`).
//! 4. A Symbol gets a propagated entry for each aggregate key of its SCC that is not one of
//!    its own local keys and that at least one direct callee's SCC carries; `derivedFrom` is
//!    those direct callees.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet, BinaryHeap};

use seam_ir::review::{Confidence, Effect, EffectOrigin, EffectPropagationStats, Symbol};

/// What an SCC carries for one (effect id, target) key, borrowed from the Symbols.
#[derive(Debug, Clone, Copy)]
struct Agg<'a> {
    confidence: Confidence,
    derived_by: &'a str,
    plugin: &'a str,
    local: bool,
}

/// Appends propagated effects to `symbols` (sorted by id) and returns the statistics.
pub fn propagate(symbols: &mut [Symbol]) -> EffectPropagationStats {
    let (additions, scc_count, max_scc_size) = additions(symbols);
    let mut propagated_count = 0u64;
    let mut symbols_with = 0u64;
    for (symbol, added) in symbols.iter_mut().zip(additions) {
        if symbol.dropped || added.is_empty() {
            continue;
        }
        propagated_count += added.len() as u64;
        symbols_with += 1;
        symbol.effects.extend(added);
    }
    EffectPropagationStats {
        scc_count: scc_count as u64,
        max_scc_size: max_scc_size as u64,
        propagated_effect_count: propagated_count,
        symbols_with_propagated_effects: symbols_with,
    }
}

/// The propagated effects each Symbol gets, in the order of their keys; the number of SCCs
/// and the size of the largest.
fn additions(symbols: &[Symbol]) -> (Vec<Vec<Effect>>, usize, usize) {
    let n = symbols.len();
    let index: rustc_hash::FxHashMap<&str, usize> = symbols
        .iter()
        .enumerate()
        .map(|(i, s)| (s.id.as_str(), i))
        .collect();
    let mut adjacency: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, s) in symbols.iter().enumerate() {
        let mut out: BTreeSet<usize> = BTreeSet::new();
        for c in &s.calls {
            if let Some(to) = c.resolved.as_deref().and_then(|r| index.get(r)) {
                out.insert(*to);
            }
        }
        adjacency[i] = out.into_iter().collect();
    }
    drop(index);
    let (scc_of, sccs) = tarjan(&adjacency);
    let scc_count = sccs.len();
    let max_scc_size = sccs.iter().map(Vec::len).max().unwrap_or(0);

    // Every (effect id, target) key a local effect has, numbered in key order, so the
    // aggregates hold small numbers and iterate in the order the keys themselves would.
    let mut keys: Vec<(&str, &str)> = symbols
        .iter()
        .flat_map(|s| &s.effects)
        .filter(|e| !e.is_propagated())
        .map(|e| (e.id.as_str(), e.target.as_str()))
        .collect();
    keys.sort_unstable();
    keys.dedup();
    let key_of: rustc_hash::FxHashMap<(&str, &str), u32> = keys
        .iter()
        .enumerate()
        .map(|(i, k)| (*k, i as u32))
        .collect();
    let key = |e: &Effect| key_of[&(e.id.as_str(), e.target.as_str())];

    // Condensed edges, and how many downstream SCCs each one waits for.
    let mut down: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); scc_count];
    for (from, outs) in adjacency.iter().enumerate() {
        for to in outs {
            let (a, b) = (scc_of[from], scc_of[*to]);
            if a != b {
                down[a].insert(b);
            }
        }
    }
    let mut up: Vec<Vec<usize>> = vec![Vec::new(); scc_count];
    let mut waiting: Vec<usize> = vec![0; scc_count];
    for (a, targets) in down.iter().enumerate() {
        waiting[a] = targets.len();
        for b in targets {
            up[*b].push(a);
        }
    }
    let mut heap: BinaryHeap<Reverse<usize>> = (0..scc_count)
        .filter(|s| waiting[*s] == 0)
        .map(Reverse)
        .collect();
    let mut aggregates: Vec<BTreeMap<u32, Agg<'_>>> = vec![BTreeMap::new(); scc_count];
    while let Some(Reverse(scc)) = heap.pop() {
        let mut agg: BTreeMap<u32, Agg<'_>> = BTreeMap::new();
        for member in &sccs[scc] {
            for e in &symbols[*member].effects {
                if e.is_propagated() {
                    continue;
                }
                let entry = agg.entry(key(e)).or_insert(Agg {
                    confidence: e.confidence,
                    derived_by: &e.derived_by,
                    plugin: &e.plugin,
                    local: true,
                });
                entry.confidence = entry.confidence.max(e.confidence);
                if e.derived_by.as_str() < entry.derived_by {
                    entry.derived_by = &e.derived_by;
                    entry.plugin = &e.plugin;
                }
            }
        }
        for d in &down[scc] {
            for (k, carried) in &aggregates[*d] {
                match agg.get_mut(k) {
                    None => {
                        agg.insert(
                            *k,
                            Agg {
                                local: false,
                                ..*carried
                            },
                        );
                    }
                    Some(existing) => {
                        existing.confidence = existing.confidence.max(carried.confidence);
                        if !existing.local && carried.derived_by < existing.derived_by {
                            existing.derived_by = carried.derived_by;
                            existing.plugin = carried.plugin;
                        }
                    }
                }
            }
        }
        aggregates[scc] = agg;
        for u in &up[scc] {
            waiting[*u] -= 1;
            if waiting[*u] == 0 {
                heap.push(Reverse(*u));
            }
        }
    }

    let mut additions: Vec<Vec<Effect>> = vec![Vec::new(); n];
    for i in 0..n {
        let mut local: Vec<u32> = symbols[i]
            .effects
            .iter()
            .filter(|e| !e.is_propagated())
            .map(key)
            .collect();
        local.sort_unstable();
        for (k, agg) in &aggregates[scc_of[i]] {
            if local.binary_search(k).is_ok() {
                continue;
            }
            let derived_from: Vec<String> = adjacency[i]
                .iter()
                .filter(|c| aggregates[scc_of[**c]].contains_key(k))
                .map(|c| symbols[*c].id.clone())
                .collect();
            if derived_from.is_empty() {
                continue;
            }
            let (id, target) = keys[*k as usize];
            additions[i].push(Effect {
                id: id.to_owned(),
                target: target.to_owned(),
                plugin: agg.plugin.to_owned(),
                confidence: agg.confidence,
                derived_by: agg.derived_by.to_owned(),
                origin: EffectOrigin::Propagated { derived_from },
            });
        }
    }
    (additions, scc_count, max_scc_size)
}

/// Iterative Tarjan. Returns each node's SCC index and the SCCs (members ascending),
/// numbered by their smallest member.
fn tarjan(adjacency: &[Vec<usize>]) -> (Vec<usize>, Vec<Vec<usize>>) {
    let n = adjacency.len();
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0usize; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<usize> = Vec::new();
    let mut found: Vec<Vec<usize>> = Vec::new();
    let mut next = 0usize;
    for start in 0..n {
        if index[start] != usize::MAX {
            continue;
        }
        let mut work: Vec<(usize, usize)> = vec![(start, 0)];
        index[start] = next;
        low[start] = next;
        next += 1;
        stack.push(start);
        on_stack[start] = true;
        while let Some(top) = work.last_mut() {
            let v = top.0;
            if let Some(&w) = adjacency[v].get(top.1) {
                top.1 += 1;
                if index[w] == usize::MAX {
                    index[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
            } else {
                work.pop();
                if let Some(&(parent, _)) = work.last() {
                    low[parent] = low[parent].min(low[v]);
                }
                if low[v] == index[v] {
                    let mut component = Vec::new();
                    while let Some(w) = stack.pop() {
                        on_stack[w] = false;
                        component.push(w);
                        if w == v {
                            break;
                        }
                    }
                    component.sort_unstable();
                    found.push(component);
                }
            }
        }
    }
    found.sort_by_key(|c| c[0]);
    let mut scc_of = vec![0usize; n];
    for (i, c) in found.iter().enumerate() {
        for v in c {
            scc_of[*v] = i;
        }
    }
    (scc_of, found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tarjan_finds_cycles() {
        // 0 → 1 → 2 → 1, 3 alone
        let adjacency = vec![vec![1], vec![2], vec![1], vec![]];
        let (scc_of, sccs) = tarjan(&adjacency);
        assert_eq!(sccs, vec![vec![0], vec![1, 2], vec![3]]);
        assert_eq!(scc_of, vec![0, 1, 1, 2]);
    }
}
