//! The `aburi.diff.v1` document of two review IRs: entry checks, statuses, deltas, summary
//! counters, components, dependencies, slices and files neither side compared.
//!
//! Status of a pair: `dropped-toggled` when one side is dropped (no delta); otherwise the
//! path changed when the file or the id differs (an in-file rename is a move), the
//! fingerprint changed when any axis differs; both is `moved+changed`, one `moved` or
//! `changed`, neither unchanged (counted, not written; dropped pairs matched by id count
//! there too). Leftovers: a head Symbol is `added`, or `unknown` when its file is among the
//! base's skipped files; a base Symbol `removed` or `unknown` likewise; dropped leftovers are
//! counted as `droppedAdded` / `droppedRemoved`.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use serde_json::{Map, Value, json};

use seam_ir::review::{Component, Dependency, Document, SkipReason, canonical_json, utf16_cmp};

use crate::delta::symbol_delta;
use crate::matcher::{Rationale, match_symbols};

/// The diff document's `$schema` (the URL of the schema copy under
/// `crates/seam-ir/schemas/aburi/`).
pub const DIFF_SCHEMA_URL: &str = "https://aburi.kage1020.com/schema/aburi.diff.v1.json";

/// The extension key holding seam's boundary diff (see [`crate::boundary`]). The
/// `aburi.diff.v1` schema closes the top-level object, so a validating reader of the Aburi
/// part removes this one key first.
pub const BOUNDARY_KEY: &str = "x-seam-boundary";

/// Why two documents cannot be compared.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EntryError {
    #[error(
        "the two review IRs declare different schemas ({base} and {head}); write both with the same tool version"
    )]
    SchemaMismatch { base: String, head: String },
    #[error(
        "the {side} review IR holds {what} `{key}` twice (ir-identity-collision); regenerate it"
    )]
    IdentityCollision {
        side: &'static str,
        what: &'static str,
        key: String,
    },
}

/// What names the two sides in `base` / `head` and in the Markdown title.
#[derive(Debug, Clone)]
pub struct Refs {
    pub base: String,
    pub head: String,
}

/// The finished Aburi part of a diff with the numbers the CLI and gate read.
#[derive(Debug, Clone)]
pub struct SymbolDiff {
    /// The document, without the boundary extension.
    pub value: Value,
}

/// The counter fields, in the schema's order.
pub const SUMMARY_FIELDS: [&str; 16] = [
    "added",
    "removed",
    "moved",
    "movedChanged",
    "changed",
    "droppedToggled",
    "unchanged",
    "droppedAdded",
    "droppedRemoved",
    "componentsAdded",
    "componentsRemoved",
    "componentsChanged",
    "depsAdded",
    "depsRemoved",
    "unknown",
    "depsUnknown",
];

/// Checks that the two documents can be compared.
pub fn entry_checks(base: &Document, head: &Document) -> Result<(), EntryError> {
    for (side, doc) in [("base", base), ("head", head)] {
        let mut seen = HashSet::new();
        for s in &doc.symbols {
            if !seen.insert(s.id.as_str()) {
                return Err(EntryError::IdentityCollision {
                    side,
                    what: "the Symbol id",
                    key: s.id.clone(),
                });
            }
        }
        let mut seen = HashSet::new();
        for c in &doc.components {
            if !seen.insert(c.id.as_str()) {
                return Err(EntryError::IdentityCollision {
                    side,
                    what: "the Component id",
                    key: c.id.clone(),
                });
            }
        }
        let mut seen = HashSet::new();
        for d in &doc.dependencies {
            let key = dependency_key(d);
            if !seen.insert(key.clone()) {
                return Err(EntryError::IdentityCollision {
                    side,
                    what: "the dependency",
                    key,
                });
            }
        }
    }
    // Aburi compares the two strings; seam compares the schemas they name, so an IR Aburi
    // wrote under the older address meets one seam wrote (the same aburi.ir.v1).
    if !seam_ir::review::same_schema(&base.schema, &head.schema) {
        return Err(EntryError::SchemaMismatch {
            base: base.schema.clone(),
            head: head.schema.clone(),
        });
    }
    Ok(())
}

fn dependency_key(d: &Dependency) -> String {
    format!("{}::{}::{}", d.from, d.to, d.via.as_str())
}

fn to_value<T: serde::Serialize>(t: &T) -> Value {
    serde_json::to_value(t).unwrap_or(Value::Null)
}

fn skipped_map(doc: &Document) -> BTreeMap<&str, SkipReason> {
    doc.stats
        .skipped_files
        .iter()
        .flatten()
        .map(|s| (s.path.as_str(), s.reason))
        .collect()
}

/// Compares two documents. `renames` maps old file paths to new ones (git renames).
pub fn diff_documents(
    base: &Document,
    head: &Document,
    refs: &Refs,
    renames: &BTreeMap<String, String>,
) -> Result<SymbolDiff, EntryError> {
    entry_checks(base, head)?;
    let matching = match_symbols(&base.symbols, &head.symbols, renames);
    let base_skipped = skipped_map(base);
    let head_skipped = skipped_map(head);

    let mut counts: BTreeMap<&'static str, u64> =
        SUMMARY_FIELDS.iter().map(|f| (*f, 0u64)).collect();
    // (status, reference id, entry)
    let mut entries: Vec<(&'static str, String, Value)> = Vec::new();
    // Slice nodes.
    let mut nodes: BTreeSet<String> = BTreeSet::new();

    for pair in &matching.pairs {
        let b = &base.symbols[pair.base];
        let h = &head.symbols[pair.head];
        if b.dropped != h.dropped {
            *counts.get_mut("droppedToggled").unwrap() += 1;
            nodes.insert(h.id.clone());
            entries.push((
                "dropped-toggled",
                h.id.clone(),
                json!({
                    "status": "dropped-toggled",
                    "before": to_value(b),
                    "after": to_value(h),
                    "direction": if h.dropped { "to-dropped" } else { "to-kept" },
                }),
            ));
            continue;
        }
        let path_changed = b.source.file != h.source.file || b.id != h.id;
        let fp_changed = b.fingerprint != h.fingerprint;
        match (path_changed, fp_changed) {
            (false, false) => *counts.get_mut("unchanged").unwrap() += 1,
            (true, false) => {
                *counts.get_mut("moved").unwrap() += 1;
                entries.push((
                    "moved",
                    h.id.clone(),
                    json!({"status": "moved", "before": to_value(b), "after": to_value(h), "rationale": pair.rationale.as_str()}),
                ));
            }
            (false, true) => {
                *counts.get_mut("changed").unwrap() += 1;
                nodes.insert(h.id.clone());
                entries.push((
                    "changed",
                    h.id.clone(),
                    json!({"status": "changed", "before": to_value(b), "after": to_value(h), "delta": symbol_delta(b, h)}),
                ));
            }
            (true, true) => {
                *counts.get_mut("movedChanged").unwrap() += 1;
                nodes.insert(h.id.clone());
                entries.push((
                    "moved+changed",
                    h.id.clone(),
                    json!({"status": "moved+changed", "before": to_value(b), "after": to_value(h), "rationale": pair.rationale.as_str(), "delta": symbol_delta(b, h)}),
                ));
            }
        }
        debug_assert!(pair.rationale != Rationale::DroppedWeakMatch || (b.dropped && h.dropped));
    }
    for &h in &matching.unmatched_head {
        let s = &head.symbols[h];
        if s.dropped {
            *counts.get_mut("droppedAdded").unwrap() += 1;
        } else if let Some(reason) = base_skipped.get(s.source.file.as_str()) {
            *counts.get_mut("unknown").unwrap() += 1;
            nodes.insert(s.id.clone());
            entries.push((
                "unknown",
                s.id.clone(),
                json!({"status": "unknown", "symbol": to_value(s), "absentFrom": "base", "reason": reason.as_str()}),
            ));
        } else {
            *counts.get_mut("added").unwrap() += 1;
            nodes.insert(s.id.clone());
            entries.push((
                "added",
                s.id.clone(),
                json!({"status": "added", "symbol": to_value(s)}),
            ));
        }
    }
    for &b in &matching.unmatched_base {
        let s = &base.symbols[b];
        if s.dropped {
            *counts.get_mut("droppedRemoved").unwrap() += 1;
        } else if let Some(reason) = head_skipped.get(s.source.file.as_str()) {
            *counts.get_mut("unknown").unwrap() += 1;
            nodes.insert(s.id.clone());
            entries.push((
                "unknown",
                s.id.clone(),
                json!({"status": "unknown", "symbol": to_value(s), "absentFrom": "head", "reason": reason.as_str()}),
            ));
        } else {
            *counts.get_mut("removed").unwrap() += 1;
            nodes.insert(s.id.clone());
            entries.push((
                "removed",
                s.id.clone(),
                json!({"status": "removed", "symbol": to_value(s)}),
            ));
        }
    }
    entries.sort_by(|a, b| utf16_cmp(a.0, b.0).then_with(|| utf16_cmp(&a.1, &b.1)));

    let components = component_diff(&base.components, &head.components, &mut counts);
    let dependencies = dependency_diff(base, head, &base_skipped, &head_skipped, &mut counts);
    let slices = slices(&nodes, base, head);
    let not_compared: Vec<Value> = base_skipped
        .iter()
        .filter_map(|(path, reason)| {
            head_skipped.get(path).map(
                |h| json!({"path": path, "baseReason": reason.as_str(), "headReason": h.as_str()}),
            )
        })
        .collect();

    let mut summary = Map::new();
    for f in SUMMARY_FIELDS {
        summary.insert(f.to_owned(), json!(counts[f]));
    }
    let value = json!({
        "$schema": DIFF_SCHEMA_URL,
        "generator": {"name": "seam", "version": env!("CARGO_PKG_VERSION")},
        "base": {"ref": refs.base, "irSchema": base.schema},
        "head": {"ref": refs.head, "irSchema": head.schema},
        "summary": Value::Object(summary),
        "symbols": entries.into_iter().map(|(_, _, v)| v).collect::<Vec<_>>(),
        "components": components,
        "dependencies": dependencies,
        "slices": slices,
        "notCompared": not_compared,
    });
    Ok(SymbolDiff { value })
}

fn component_diff<'a>(
    base: &'a [Component],
    head: &'a [Component],
    counts: &mut BTreeMap<&'static str, u64>,
) -> Value {
    // Borrowed, by id (the last of an id wins, as entry checks let only one through).
    let by_id = |list: &'a [Component]| -> BTreeMap<&'a str, &'a Component> {
        list.iter().map(|c| (c.id.as_str(), c)).collect()
    };
    let (b, h) = (by_id(base), by_id(head));
    let mut added: Vec<&Component> = h
        .values()
        .copied()
        .filter(|c| !b.contains_key(c.id.as_str()))
        .collect();
    let mut removed: Vec<&Component> = b
        .values()
        .copied()
        .filter(|c| !h.contains_key(c.id.as_str()))
        .collect();
    let mut changed: Vec<(&Component, &Component, Value)> = Vec::new();
    for (id, &before) in &b {
        if let Some(&after) = h.get(id) {
            let roots = before.roots != after.roots;
            let api = before.public_api != after.public_api;
            let frameworks = before.frameworks != after.frameworks;
            if roots || api || frameworks {
                changed.push((
                    before,
                    after,
                    json!({"rootsChanged": roots, "publicApiChanged": api, "frameworksChanged": frameworks}),
                ));
            }
        }
    }
    added.sort_by(|x, y| utf16_cmp(&x.id, &y.id));
    removed.sort_by(|x, y| utf16_cmp(&x.id, &y.id));
    changed.sort_by(|x, y| utf16_cmp(&x.1.id, &y.1.id));
    *counts.get_mut("componentsAdded").unwrap() = added.len() as u64;
    *counts.get_mut("componentsRemoved").unwrap() = removed.len() as u64;
    *counts.get_mut("componentsChanged").unwrap() = changed.len() as u64;
    json!({
        "added": added.iter().map(|c| to_value(*c)).collect::<Vec<_>>(),
        "removed": removed.iter().map(|c| to_value(*c)).collect::<Vec<_>>(),
        "changed": changed.into_iter().map(|(b, a, d)| json!({"before": to_value(b), "after": to_value(a), "delta": d})).collect::<Vec<_>>(),
    })
}

fn dependency_diff<'a>(
    base: &'a Document,
    head: &'a Document,
    base_skipped: &BTreeMap<&str, SkipReason>,
    head_skipped: &BTreeMap<&str, SkipReason>,
    counts: &mut BTreeMap<&'static str, u64>,
) -> Value {
    // Borrowed, by key (the last of a key wins, as entry checks let only one through).
    let keyed = |doc: &'a Document| -> BTreeMap<String, &'a Dependency> {
        doc.dependencies
            .iter()
            .map(|d| (dependency_key(d), d))
            .collect()
    };
    let (b, h) = (keyed(base), keyed(head));
    // Each Symbol's file by id, made only when a dependency is on one side alone.
    let files = |doc: &'a Document| -> HashMap<&'a str, &'a str> {
        doc.symbols
            .iter()
            .map(|s| (s.id.as_str(), s.source.file.as_str()))
            .collect()
    };
    let (base_files, head_files) = (
        std::cell::OnceCell::<HashMap<&str, &str>>::new(),
        std::cell::OnceCell::<HashMap<&str, &str>>::new(),
    );
    // (key, dependency)
    let mut added: Vec<(String, &Dependency)> = Vec::new();
    let mut removed: Vec<(String, &Dependency)> = Vec::new();
    let mut unknown: Vec<(String, Value)> = Vec::new();
    // The endpoint files of `d` (looked up in the holding document) that `other` skipped.
    let lost =
        |d: &Dependency, holder: &HashMap<&str, &str>, other: &BTreeMap<&str, SkipReason>| {
            let mut out: BTreeMap<String, SkipReason> = BTreeMap::new();
            for end in [&d.from, &d.to] {
                if let Some(&file) = holder.get(end.as_str())
                    && let Some(reason) = other.get(file)
                {
                    out.insert(file.to_owned(), *reason);
                }
            }
            out
        };
    for (key, &d) in &b {
        match h.get(key) {
            Some(&other) => {
                if other.direction != d.direction || other.effect != d.effect {
                    removed.push((key.clone(), d));
                    added.push((key.clone(), other));
                }
            }
            None => {
                let lost = lost(d, base_files.get_or_init(|| files(base)), head_skipped);
                if lost.is_empty() {
                    removed.push((key.clone(), d));
                } else {
                    unknown.push((key.clone(), unknown_dependency(d, "head", &lost)));
                }
            }
        }
    }
    for (key, &d) in &h {
        if !b.contains_key(key) {
            let lost = lost(d, head_files.get_or_init(|| files(head)), base_skipped);
            if lost.is_empty() {
                added.push((key.clone(), d));
            } else {
                unknown.push((key.clone(), unknown_dependency(d, "base", &lost)));
            }
        }
    }
    let by_key = |x: &String, y: &String| utf16_cmp(x, y);
    added.sort_by(|x, y| by_key(&x.0, &y.0));
    removed.sort_by(|x, y| by_key(&x.0, &y.0));
    unknown.sort_by(|x, y| by_key(&x.0, &y.0));
    *counts.get_mut("depsAdded").unwrap() = added.len() as u64;
    *counts.get_mut("depsRemoved").unwrap() = removed.len() as u64;
    *counts.get_mut("depsUnknown").unwrap() = unknown.len() as u64;
    json!({
        "added": added.iter().map(|(_, d)| to_value(*d)).collect::<Vec<_>>(),
        "removed": removed.iter().map(|(_, d)| to_value(*d)).collect::<Vec<_>>(),
        "unknown": unknown.into_iter().map(|(_, v)| v).collect::<Vec<_>>(),
    })
}

fn unknown_dependency(
    d: &Dependency,
    absent_from: &str,
    lost: &BTreeMap<String, SkipReason>,
) -> Value {
    json!({
        "dependency": to_value(d),
        "absentFrom": absent_from,
        "lostFiles": lost.iter().map(|(path, reason)| json!({"path": path, "reason": reason.as_str()})).collect::<Vec<_>>(),
    })
}

/// Weakly connected groups of changed Symbols over the resolved calls of both revisions.
fn slices(nodes: &BTreeSet<String>, base: &Document, head: &Document) -> Value {
    let index: HashMap<&str, usize> = nodes
        .iter()
        .enumerate()
        .map(|(i, n)| (n.as_str(), i))
        .collect();
    let mut parent: Vec<usize> = (0..nodes.len()).collect();
    fn find(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for doc in [base, head] {
        for s in &doc.symbols {
            let Some(&from) = index.get(s.id.as_str()) else {
                continue;
            };
            for call in &s.calls {
                if let Some(to) = call.resolved.as_deref().and_then(|t| index.get(t))
                    && *to != from
                {
                    let (a, b) = (find(&mut parent, from), find(&mut parent, *to));
                    if a != b {
                        parent[a.max(b)] = a.min(b);
                    }
                }
            }
        }
    }
    let mut groups: BTreeMap<usize, Vec<&str>> = BTreeMap::new();
    let names: Vec<&str> = nodes.iter().map(String::as_str).collect();
    for (i, name) in names.iter().enumerate() {
        let root = find(&mut parent, i);
        groups.entry(root).or_default().push(name);
    }
    let mut slices: Vec<Vec<&str>> = groups.into_values().collect();
    for members in &mut slices {
        members.sort_by(|a, b| utf16_cmp(a, b));
    }
    slices.sort_by(|a, b| utf16_cmp(a[0], b[0]));
    Value::Array(
        slices
            .into_iter()
            .map(|members| json!({"id": format!("slice:{}", members[0]), "members": members}))
            .collect(),
    )
}

/// The counters of a diff value (zero when absent).
pub fn summary_count(diff: &Value, field: &str) -> u64 {
    diff["summary"][field].as_u64().unwrap_or(0)
}

/// The one-line summary printed by `seam diff`: `+added -removed ~changed →moved` (moved
/// counts both moves and moves with changes), with unknown and broken pairs when any.
pub fn one_line(diff: &Value) -> String {
    let c = |f: &str| summary_count(diff, f);
    let mut line = format!(
        "+{} -{} ~{} →{}",
        c("added"),
        c("removed"),
        c("changed") + c("movedChanged"),
        c("moved") + c("movedChanged")
    );
    if c("droppedToggled") > 0 {
        line.push_str(&format!(" ⇅{} dropped-toggled", c("droppedToggled")));
    }
    if c("unknown") > 0 {
        line.push_str(&format!(" · ?{} unknown", c("unknown")));
    }
    if let Some(b) = diff.get(BOUNDARY_KEY) {
        let broken = b["brokenPairs"].as_array().map_or(0, Vec::len);
        let routes = b["routes"].as_array().map_or(0, Vec::len);
        line.push_str(&format!(
            " · boundaries: {routes} route change(s), {broken} broken pair(s)"
        ));
    }
    line
}

/// Writes a diff value canonically (the IR's writer: sorted keys, 2-space indent, no trailing
/// newline).
pub fn to_json(diff: &Value, pretty: bool) -> String {
    canonical_json(diff, pretty).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}
