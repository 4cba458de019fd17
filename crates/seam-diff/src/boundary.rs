//! The boundary diff: what a change did to the HTTP boundaries, from the v7 summaries of both
//! revisions. It is written into `diff.json` under the extension key [`BOUNDARY_KEY`]
//! (`x-seam-boundary`) and leads `diff.md`.
//!
//! ```text
//! "x-seam-boundary": {
//!   "version": 1,
//!   "brokenPairs": [ { "reason", "key", "consumer", "provider", "detail" } ],
//!   "routes":  [ { "change": "added"|"removed"|"renamed"|"changed", "key", "before"?, "after"?,
//!                  "statusesAdded", "statusesRemoved", "fieldsAdded", "fieldsRemoved" } ],
//!   "clients": [ { "change": "added"|"removed"|"changed", "unit", "file", "before"?, "after"?,
//!                  "statusesAdded"?, "statusesRemoved"? } ]
//! }
//! ```
//!
//! - **routes**: handler summaries by boundary key (`GET /users/{id}`). A key on both sides is
//!   `changed` when the statuses its handler sends or the top-level fields of its response
//!   bodies differ; a key on one side only whose handler (file and unit name) serves another
//!   key on the other side is `renamed`; the rest are `added` / `removed`.
//! - **clients**: call sites by file, unit name and order within the unit; `changed` when the
//!   method or path they call changed or the statuses they handle by name did
//!   (`statusesAdded` / `statusesRemoved`).
//! - **brokenPairs** (the point): each side is paired and checked by `seam-check` without
//!   suppressions. `unpaired`: a consumer that met a provider at the base and meets none at
//!   the head. Otherwise a pair finding at the head that the base did not have (same kind,
//!   provider and consumer): `deadConsumerBranch` (the consumer handles a status the provider
//!   no longer sends), `misreadProviderResponse` (it reads a field the provider does not send),
//!   `unhandledProviderCase`, `restCallUnknownPath`, `consumerContractViolation`.
//!
//! Every list is sorted, so the value is the same on any thread count.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use seam_check::{CheckInput, CheckMode, SuppressionSet, check};
use seam_ir::summary::BehavioralSummary;
use seam_ir::summary::types::{CodeUnitKind, Output, Semantics, TypeShape};

pub use crate::document::BOUNDARY_KEY;

/// Finding kinds that mean a pair that worked no longer does.
pub const BREAKING_KINDS: [&str; 5] = [
    "deadConsumerBranch",
    "misreadProviderResponse",
    "unhandledProviderCase",
    "restCallUnknownPath",
    "consumerContractViolation",
];

/// One REST unit as the diff sees it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Unit {
    key: String,
    name: String,
    file: String,
    line: u32,
    statuses: BTreeSet<String>,
    fields: BTreeSet<String>,
}

fn rest_key(s: &BehavioralSummary) -> Option<String> {
    let binding = s.identity.boundary_binding.as_ref()?;
    match &binding.semantics {
        Semantics::Rest(_) => seam_check::pairing::binding_key(binding),
        _ => None,
    }
}

fn unit_of(s: &BehavioralSummary) -> Option<Unit> {
    unit_with(s, true)
}

/// The unit of a REST summary; its statuses and response fields only when `responses` (a
/// client's are read otherwise).
fn unit_with(s: &BehavioralSummary, responses: bool) -> Option<Unit> {
    let key = rest_key(s)?;
    let mut statuses = BTreeSet::new();
    let mut fields = BTreeSet::new();
    for t in s.transitions.iter().filter(|_| responses) {
        response_facts(&t.output, &mut statuses, &mut fields);
    }
    Some(Unit {
        key,
        name: s.identity.name.clone(),
        file: s.location.file.clone(),
        line: s.location.range.start,
        statuses,
        fields,
    })
}

/// The status a response output sends (its literal value as JSON text, else `(unknown)`) into
/// `statuses`, and the top-level fields of its body into `fields`; nothing for any other
/// output. Read off the typed output: only the parts read are turned into JSON (an output of
/// a type this build does not know is read as JSON whole).
fn response_facts(output: &Output, statuses: &mut BTreeSet<String>, fields: &mut BTreeSet<String>) {
    let response = match output {
        Output::Response(r) => r,
        Output::Other(_) => {
            let output = serde_json::to_value(output).unwrap_or(Value::Null);
            if output["type"] == "response" {
                statuses.insert(status_text(&output["statusCode"]));
                if let Some(props) = output["body"]["properties"].as_object() {
                    fields.extend(props.keys().cloned());
                }
            }
            return;
        }
        _ => return,
    };
    let status = serde_json::to_value(&response.status_code).unwrap_or(Value::Null);
    statuses.insert(status_text(&status));
    match &response.body {
        Some(TypeShape::Record(record)) => fields.extend(record.properties.keys().cloned()),
        Some(body) => {
            let body = serde_json::to_value(body).unwrap_or(Value::Null);
            if let Some(props) = body["properties"].as_object() {
                fields.extend(props.keys().cloned());
            }
        }
        None => {}
    }
}

/// A response's `statusCode` as the diff names it: a literal's JSON text, else `(unknown)`.
fn status_text(status: &Value) -> String {
    match (&status["type"], &status["value"]) {
        (Value::String(t), v) if t == "literal" && !v.is_null() => v.to_string(),
        _ => "(unknown)".to_owned(),
    }
}

fn is_kind(s: &BehavioralSummary, kind: CodeUnitKind) -> bool {
    s.kind == kind
}

fn place(u: &Unit) -> Value {
    json!({"key": u.key, "unit": u.name, "file": u.file, "line": u.line})
}

fn sorted_diff(a: &BTreeSet<String>, b: &BTreeSet<String>) -> Vec<String> {
    a.difference(b).cloned().collect()
}

/// Handler units by boundary key.
fn route_units(list: &[BehavioralSummary]) -> BTreeMap<String, Unit> {
    let mut out: BTreeMap<String, Unit> = BTreeMap::new();
    for s in list.iter().filter(|s| is_kind(s, CodeUnitKind::Handler)) {
        if let Some(u) = unit_of(s) {
            match out.get_mut(&u.key) {
                // Two handlers of one key: their statuses and fields together.
                Some(existing) => {
                    existing.statuses.extend(u.statuses);
                    existing.fields.extend(u.fields);
                }
                None => {
                    out.insert(u.key.clone(), u);
                }
            }
        }
    }
    out
}

/// Route changes.
fn routes(b: &BTreeMap<String, Unit>, h: &BTreeMap<String, Unit>) -> Vec<Value> {
    let mut out = Vec::new();
    let mut renamed_heads: BTreeSet<String> = BTreeSet::new();
    let mut removed: Vec<&Unit> = Vec::new();
    for (key, before) in b {
        match h.get(key) {
            Some(after) => {
                if before.statuses != after.statuses || before.fields != after.fields {
                    out.push(json!({
                        "change": "changed",
                        "key": key,
                        "before": place(before),
                        "after": place(after),
                        "statusesAdded": sorted_diff(&after.statuses, &before.statuses),
                        "statusesRemoved": sorted_diff(&before.statuses, &after.statuses),
                        "fieldsAdded": sorted_diff(&after.fields, &before.fields),
                        "fieldsRemoved": sorted_diff(&before.fields, &after.fields),
                    }));
                }
            }
            None => removed.push(before),
        }
    }
    for before in removed {
        let renamed = h.values().find(|a| {
            !b.contains_key(&a.key)
                && !renamed_heads.contains(&a.key)
                && a.file == before.file
                && a.name == before.name
        });
        match renamed {
            Some(after) => {
                renamed_heads.insert(after.key.clone());
                out.push(json!({
                    "change": "renamed",
                    "key": after.key,
                    "before": place(before),
                    "after": place(after),
                    "statusesAdded": sorted_diff(&after.statuses, &before.statuses),
                    "statusesRemoved": sorted_diff(&before.statuses, &after.statuses),
                    "fieldsAdded": sorted_diff(&after.fields, &before.fields),
                    "fieldsRemoved": sorted_diff(&before.fields, &after.fields),
                }));
            }
            None => out.push(json!({
                "change": "removed",
                "key": before.key,
                "before": place(before),
                "statusesAdded": [], "statusesRemoved": before.statuses, "fieldsAdded": [], "fieldsRemoved": before.fields,
            })),
        }
    }
    for (key, after) in h {
        if !b.contains_key(key) && !renamed_heads.contains(key) {
            out.push(json!({
                "change": "added",
                "key": key,
                "after": place(after),
                "statusesAdded": after.statuses, "statusesRemoved": [], "fieldsAdded": after.fields, "fieldsRemoved": [],
            }));
        }
    }
    out.sort_by(|x, y| {
        (x["key"].as_str(), x["change"].as_str()).cmp(&(y["key"].as_str(), y["change"].as_str()))
    });
    out
}

/// A client call site: (file, unit, order in the unit).
type ClientId = (String, String, usize);

/// Client units by call site.
fn client_units(list: &[BehavioralSummary]) -> BTreeMap<ClientId, Unit> {
    let mut units: Vec<Unit> = list
        .iter()
        .filter(|s| is_kind(s, CodeUnitKind::Client))
        .filter_map(|s| {
            let mut u = unit_with(s, false)?;
            // A client's statuses are the ones it handles by name (`status === 404`).
            let reading = seam_check::http::ConsumerReading::of(s);
            u.statuses = s
                .transitions
                .iter()
                .flat_map(|t| reading.statuses_named(&t.conditions))
                .map(|n| n.to_string())
                .collect();
            Some(u)
        })
        .collect();
    units.sort_by(|a, b| (&a.file, &a.name, a.line).cmp(&(&b.file, &b.name, b.line)));
    let mut out = BTreeMap::new();
    let mut ordinal: BTreeMap<(String, String), usize> = BTreeMap::new();
    for u in units {
        let n = ordinal.entry((u.file.clone(), u.name.clone())).or_insert(0);
        out.insert((u.file.clone(), u.name.clone(), *n), u);
        *n += 1;
    }
    out
}

/// Client call sites by (file, unit, order in the unit).
fn clients(b: &BTreeMap<ClientId, Unit>, h: &BTreeMap<ClientId, Unit>) -> Vec<Value> {
    let mut out = Vec::new();
    for (id, before) in b {
        match h.get(id) {
            Some(after) if after.key != before.key || after.statuses != before.statuses => {
                out.push(json!({
                    "change": "changed", "unit": id.1, "file": id.0, "before": place(before), "after": place(after),
                    "statusesAdded": sorted_diff(&after.statuses, &before.statuses),
                    "statusesRemoved": sorted_diff(&before.statuses, &after.statuses),
                }))
            }
            Some(_) => {}
            None => out.push(json!({"change": "removed", "unit": id.1, "file": id.0, "before": place(before)})),
        }
    }
    for (id, after) in h {
        if !b.contains_key(id) {
            out.push(json!({"change": "added", "unit": id.1, "file": id.0, "after": place(after)}));
        }
    }
    out.sort_by(|x, y| {
        (x["file"].as_str(), x["unit"].as_str(), x["change"].as_str()).cmp(&(
            y["file"].as_str(),
            y["unit"].as_str(),
            y["change"].as_str(),
        ))
    });
    out
}

/// A pair the check made: its key and both sides (`file::name`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Pair {
    key: String,
    provider: String,
    consumer: String,
}

/// A finding of one of the [`BREAKING_KINDS`], as the diff reports it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Breaking {
    kind: String,
    provider: String,
    consumer: String,
    key: String,
    description: String,
}

/// Everything the boundary diff reads of one revision's summaries: its route and client
/// units and what `seam-check` (without suppressions) paired and found there. The diff of
/// two revisions is a function of their facts alone ([`diff_facts`]), so a revision's facts
/// can be kept and read back instead of extracting and checking its summaries again (see
/// `crate::revision_cache`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BoundaryFacts {
    routes: BTreeMap<String, Unit>,
    /// By call site, in call-site order (a list: JSON has no tuple keys).
    clients: Vec<(ClientId, Unit)>,
    /// In the check's order: the first pair of a consumer is the one an `unpaired` entry names.
    pairs: Vec<Pair>,
    /// Consumers the check left unmatched: `file::name` and their boundary key.
    unmatched_consumers: Vec<(String, String)>,
    breaking: Vec<Breaking>,
}

impl BoundaryFacts {
    /// The facts of one revision's summaries (runs the check). `unchecked_submodules` are the
    /// revision's submodules whose files were not read: a call no route serves may be served
    /// there, which its finding says (as `seam check` does).
    pub fn of(
        summaries: Vec<BehavioralSummary>,
        unchecked_submodules: Vec<String>,
    ) -> BoundaryFacts {
        let routes = route_units(&summaries);
        let clients = client_units(&summaries).into_iter().collect();
        let mut input = CheckInput::new(summaries, CheckMode::Repository);
        input.unchecked_submodules = unchecked_submodules;
        let report = check(&input, &SuppressionSet::none());
        // The summaries take a few hundredths of a second to free, which the diff need not
        // wait for.
        crate::free_later(input);
        BoundaryFacts {
            routes,
            clients,
            pairs: report
                .pairs
                .iter()
                .map(|p| Pair {
                    key: p.key.clone(),
                    provider: p.provider.clone(),
                    consumer: p.consumer.clone(),
                })
                .collect(),
            // Unmatched consumers are listed by summary id (`workspace::file::name`, a
            // `#label` after it when two collide); pairs name their sides `file::name`.
            unmatched_consumers: report
                .unmatched
                .consumers
                .iter()
                .map(|u| (file_and_name(&u.id), u.key.clone().unwrap_or_default()))
                .collect(),
            breaking: report
                .findings
                .iter()
                .filter(|f| BREAKING_KINDS.contains(&f.kind.as_str()))
                .map(|f| Breaking {
                    kind: f.kind.clone(),
                    provider: f.provider.summary.clone(),
                    consumer: f.consumer.summary.clone(),
                    key: seam_check::pairing::binding_key(&f.boundary).unwrap_or_default(),
                    description: f.description.clone(),
                })
                .collect(),
        }
    }

    /// The facts as kept in the cache.
    pub fn encode(&self) -> Vec<u8> {
        serde_json::to_vec(self).unwrap_or_default()
    }

    /// Facts kept by [`BoundaryFacts::encode`]; `None` for bytes that are not.
    pub fn decode(bytes: &[u8]) -> Option<BoundaryFacts> {
        serde_json::from_slice(bytes).ok()
    }
}

/// `file::name` of a summary id `workspace::file::name[#label]`.
fn file_and_name(id: &str) -> String {
    let id = id.split_once('#').map_or(id, |(head, _)| head);
    match id.split_once("::") {
        Some((_, rest)) if rest.contains("::") => rest.to_owned(),
        _ => id.to_owned(),
    }
}

/// Pairs that worked at the base and do not at the head.
fn broken_pairs(base: &BoundaryFacts, head: &BoundaryFacts) -> Vec<Value> {
    let mut out = Vec::new();
    let head_consumers: BTreeSet<&str> = head.pairs.iter().map(|p| p.consumer.as_str()).collect();
    let head_unmatched: BTreeMap<&str, &str> = head
        .unmatched_consumers
        .iter()
        .map(|(id, key)| (id.as_str(), key.as_str()))
        .collect();
    let mut seen = BTreeSet::new();
    for p in &base.pairs {
        if head_consumers.contains(p.consumer.as_str()) || !seen.insert(p.consumer.as_str()) {
            continue;
        }
        // Only a consumer that still exists at the head: a removed call is a client change.
        let Some(key) = head_unmatched.get(p.consumer.as_str()) else {
            continue;
        };
        out.push(json!({
            "reason": "unpaired",
            "key": key,
            "consumer": p.consumer,
            "provider": p.provider,
            "detail": format!("{} called {} served by {} at the base; at the head it calls {key}, which nothing serves.", p.consumer, p.key, p.provider),
        }));
    }
    let identity = |f: &Breaking| (f.kind.clone(), f.provider.clone(), f.consumer.clone());
    let before: BTreeSet<(String, String, String)> = base.breaking.iter().map(identity).collect();
    for f in &head.breaking {
        if before.contains(&identity(f)) {
            continue;
        }
        out.push(json!({
            "reason": f.kind,
            "key": f.key,
            "consumer": f.consumer,
            "provider": f.provider,
            "detail": f.description,
        }));
    }
    out.sort_by(|x, y| {
        (
            x["consumer"].as_str(),
            x["reason"].as_str(),
            x["provider"].as_str(),
            x["detail"].as_str(),
        )
            .cmp(&(
                y["consumer"].as_str(),
                y["reason"].as_str(),
                y["provider"].as_str(),
                y["detail"].as_str(),
            ))
    });
    out.dedup();
    out
}

/// The boundary diff value of two revisions' facts.
pub fn diff_facts(base: &BoundaryFacts, head: &BoundaryFacts) -> Value {
    let clients_of =
        |f: &BoundaryFacts| -> BTreeMap<ClientId, Unit> { f.clients.iter().cloned().collect() };
    json!({
        "version": 1,
        "brokenPairs": broken_pairs(base, head),
        "routes": routes(&base.routes, &head.routes),
        "clients": clients(&clients_of(base), &clients_of(head)),
    })
}

/// The boundary diff of two revisions whose summaries are equal: nothing changed. Every part
/// of [`diff_facts`] compares the two sides' facts, which equal summaries make equal (no
/// route or client differs, every base pair's consumer is paired at the head, every head
/// finding was at the base), so neither side needs checking.
pub fn unchanged() -> Value {
    json!({
        "version": 1,
        "brokenPairs": [],
        "routes": [],
        "clients": [],
    })
}

/// The boundary diff value of two revisions' summaries.
pub fn boundary_diff(base: Vec<BehavioralSummary>, head: Vec<BehavioralSummary>) -> Value {
    if base == head {
        return unchanged();
    }
    // The checks take the summaries over: a copy of each revision's (≈ 500 MB on 6,000
    // files) is neither made nor held.
    let (base, head) = rayon::join(
        || BoundaryFacts::of(base, Vec::new()),
        || BoundaryFacts::of(head, Vec::new()),
    );
    diff_facts(&base, &head)
}

fn list(v: &Value) -> String {
    v.as_array()
        .map(|a| {
            a.iter()
                .map(|x| x.as_str().map_or_else(|| x.to_string(), str::to_owned))
                .collect::<Vec<_>>()
                .join(", ")
        })
        .unwrap_or_default()
}

/// The boundary sections of `diff.md`.
pub fn render_markdown(b: &Value) -> String {
    let mut out = String::new();
    let broken = b["brokenPairs"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or(&[]);
    if !broken.is_empty() {
        let _ = writeln!(out, "## Broken pairs ({})\n", broken.len());
        out.push_str("| boundary | consumer | provider | what broke |\n|---|---|---|---|\n");
        for p in broken {
            let _ = writeln!(
                out,
                "| `{}` | `{}` | `{}` | {}: {} |",
                p["key"].as_str().unwrap_or(""),
                p["consumer"].as_str().unwrap_or(""),
                p["provider"].as_str().unwrap_or(""),
                p["reason"].as_str().unwrap_or(""),
                p["detail"]
                    .as_str()
                    .unwrap_or("")
                    .replace('|', "\\|")
                    .replace('\n', " ")
            );
        }
        out.push('\n');
    }
    let routes = b["routes"].as_array().map(Vec::as_slice).unwrap_or(&[]);
    if !routes.is_empty() {
        let _ = writeln!(out, "## Route changes ({})\n", routes.len());
        for r in routes {
            let change = r["change"].as_str().unwrap_or("");
            let mut line = match change {
                "renamed" => format!(
                    "- renamed `{}` → `{}` ({})",
                    r["before"]["key"].as_str().unwrap_or(""),
                    r["key"].as_str().unwrap_or(""),
                    r["after"]["unit"].as_str().unwrap_or("")
                ),
                _ => format!("- {change} `{}`", r["key"].as_str().unwrap_or("")),
            };
            for (label, k) in [
                ("sends now", "statusesAdded"),
                ("no longer sends", "statusesRemoved"),
                ("new fields", "fieldsAdded"),
                ("fields gone", "fieldsRemoved"),
            ] {
                if change != "added"
                    && change != "removed"
                    && r[k].as_array().is_some_and(|a| !a.is_empty())
                {
                    line.push_str(&format!("; {label}: {}", list(&r[k])));
                }
            }
            let _ = writeln!(out, "{line}");
        }
        out.push('\n');
    }
    let clients = b["clients"].as_array().map(Vec::as_slice).unwrap_or(&[]);
    if !clients.is_empty() {
        let _ = writeln!(out, "## Client call changes ({})\n", clients.len());
        for c in clients {
            let what = match c["change"].as_str().unwrap_or("") {
                "changed" if c["after"]["key"] != c["before"]["key"] => format!(
                    "now calls `{}` (was `{}`)",
                    c["after"]["key"].as_str().unwrap_or(""),
                    c["before"]["key"].as_str().unwrap_or("")
                ),
                "changed" => {
                    let mut parts = Vec::new();
                    if c["statusesAdded"].as_array().is_some_and(|a| !a.is_empty()) {
                        parts.push(format!("now handles {}", list(&c["statusesAdded"])));
                    }
                    if c["statusesRemoved"]
                        .as_array()
                        .is_some_and(|a| !a.is_empty())
                    {
                        parts.push(format!("no longer handles {}", list(&c["statusesRemoved"])));
                    }
                    format!(
                        "`{}`: {}",
                        c["after"]["key"].as_str().unwrap_or(""),
                        parts.join("; ")
                    )
                }
                "added" => format!("new call to `{}`", c["after"]["key"].as_str().unwrap_or("")),
                _ => format!(
                    "no longer calls `{}`",
                    c["before"]["key"].as_str().unwrap_or("")
                ),
            };
            let _ = writeln!(
                out,
                "- `{}` ({}): {what}",
                c["unit"].as_str().unwrap_or(""),
                c["file"].as_str().unwrap_or("")
            );
        }
        out.push('\n');
    }
    out
}
