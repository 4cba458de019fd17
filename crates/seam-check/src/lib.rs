//! Pairing both sides of each boundary, and every finding kind.
//!
//! ```no_run
//! use seam_check::{CheckInput, CheckMode, FailOn, SuppressionSet, check};
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let summaries = seam_ir::summary::read_summary_file(std::path::Path::new("summaries/all.json"))?;
//! let input = CheckInput::new(summaries, CheckMode::SummaryDir);
//! let report = check(&input, &SuppressionSet::none());
//! assert!(!report.gate_tripped(FailOn::None));
//! # Ok(()) }
//! ```
//!
//! - [`pairing`]: REST pairing by the route grammar, most specific provider first;
//! - [`projects`]: each side's project, so independent apps of one repository stay apart;
//! - [`findings`]: one file per finding kind, each with its documentation ([`explain`]);
//! - [`suppressions`]: `.sussignore` rules (mark, downgrade, hide);
//! - [`baseline`]: only the findings new since a git revision or a saved report;
//! - [`model`]: the [`CheckReport`] seam-report renders.

pub mod baseline;
pub mod contracts;
pub mod findings;
pub mod http;
pub mod known_suffix;
pub mod model;
pub mod pairing;
pub mod projects;
pub mod role;
pub mod storage;
pub mod suppressions;
pub mod unread_sources;

use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet};

use seam_ir::findings::Finding;
use seam_ir::summary::{BehavioralSummary, summary_id_from_parts};
use seam_lang::project::unread_languages::UnreadLanguage;

pub use baseline::{Baseline, BaselineError, keep_new};
pub use findings::{KINDS, KindInfo, kind_info};
pub use model::{
    BaselineOutcome, CheckMode, CheckReport, FailOn, IntentEntry, IntentSection, PairRecord,
    SkippedInput, Unmatched, UnmatchedSummary, UnpairableReason, UnpairableSummary,
};
pub use suppressions::{SuppressionError, SuppressionSet, discover_suppression_files, rule_text};

use findings::{
    PairContext, check_rest_pair, contract_disagreement, mostly_unpaired, nothing_paired,
    provider_contract_violation, rest_call_unknown_path, summary_ref, unreadable_input,
};
use pairing::{Sides, binding_key, pair_rest};
use role::BoundaryRole;

/// What one run checks.
#[derive(Debug, Clone)]
pub struct CheckInput {
    pub summaries: Vec<BehavioralSummary>,
    pub mode: CheckMode,
    /// In [`CheckMode::TwoFiles`], how many of `summaries` (the first ones) came from the
    /// provider file; the rest came from the consumer file.
    pub provider_file_count: usize,
    /// Inputs that could not be read, reported as `unreadableInput`.
    pub skipped: Vec<SkippedInput>,
    /// Files left out on purpose (generated, minified, declarations, over the size limit):
    /// listed in the report so a run says what it did not read, never a finding.
    pub excluded: Vec<SkippedInput>,
    /// Pair the client calls and handlers of test files too (by default they are
    /// `testCode`, see [`seam_ir::vocab::is_test_path`]).
    pub include_tests: bool,
    /// Git submodules the repository declares that are not checked out
    /// ([`seam_lang::project::submodules::unchecked_submodules`]): routes may live there.
    pub unchecked_submodules: Vec<String>,
    /// The projects of the repository (see `seam_lang::project::membership`), when known: a
    /// store access then meets only the schemas of projects its own can reach.
    pub projects: Option<seam_lang::project::membership::Projects>,
    /// Languages of the repository seam does not read, with their file counts: the other side
    /// of a boundary may be written in one, which the run findings say.
    pub unread_languages: Vec<UnreadLanguage>,
}

impl CheckInput {
    pub fn new(summaries: Vec<BehavioralSummary>, mode: CheckMode) -> CheckInput {
        CheckInput {
            provider_file_count: summaries.len(),
            summaries,
            mode,
            skipped: Vec::new(),
            excluded: Vec::new(),
            include_tests: false,
            unchecked_submodules: Vec::new(),
            projects: None,
            unread_languages: Vec::new(),
        }
    }

    /// The two-file form: every provider of `providers` against every consumer of `consumers`.
    pub fn two_files(
        providers: Vec<BehavioralSummary>,
        consumers: Vec<BehavioralSummary>,
    ) -> CheckInput {
        let provider_file_count = providers.len();
        let mut summaries = providers;
        summaries.extend(consumers);
        CheckInput {
            summaries,
            mode: CheckMode::TwoFiles,
            provider_file_count,
            skipped: Vec::new(),
            excluded: Vec::new(),
            // Two files name their sides: what they hold takes part, tests or not.
            include_tests: true,
            unchecked_submodules: Vec::new(),
            projects: None,
            unread_languages: Vec::new(),
        }
    }
}

/// The documentation of a finding kind, as `seam check --explain KIND` prints it.
pub fn explain(kind: &str) -> Option<&'static str> {
    kind_info(kind).map(|k| k.doc)
}

/// The stable order of findings: most severe first, then kind, boundary, consumer, provider,
/// description.
pub fn finding_sort_key(f: &Finding) -> FindingSortKey<'_> {
    (
        Reverse(f.severity),
        &f.kind,
        binding_key(&f.boundary),
        &f.consumer.summary,
        f.consumer.transition_id.as_deref(),
        &f.provider.summary,
        f.provider.transition_id.as_deref(),
        &f.description,
    )
}

/// See [`finding_sort_key`].
pub type FindingSortKey<'a> = (
    Reverse<seam_ir::findings::Severity>,
    &'a str,
    Option<String>,
    &'a str,
    Option<&'a str>,
    &'a str,
    Option<&'a str>,
    &'a str,
);

/// What makes two findings the same apart from the provider summary that gave them.
type DuplicateKey = (
    String,
    String,
    Option<String>,
    String,
    Option<String>,
    Option<String>,
);

fn summary_identity(summary: &BehavioralSummary) -> String {
    summary.identity.id.clone().unwrap_or_else(|| {
        summary_id_from_parts(
            summary.location.workspace.as_deref(),
            &summary.location.file,
            &summary.identity.name,
            summary.identity.export_path.as_deref(),
        )
    })
}

fn unmatched_entry(summary: &BehavioralSummary, key: Option<String>) -> UnmatchedSummary {
    UnmatchedSummary {
        id: summary_identity(summary),
        name: summary.identity.name.clone(),
        key,
    }
}

/// Several providers describing one boundary give one finding, listing them under `sources`.
fn collapse_duplicates(findings: Vec<Finding>) -> Vec<Finding> {
    let mut groups: BTreeMap<DuplicateKey, Vec<Finding>> = BTreeMap::new();
    for f in findings {
        let key = (
            f.kind.clone(),
            f.description.clone(),
            binding_key(&f.boundary),
            f.consumer.summary.clone(),
            f.consumer.transition_id.clone(),
            f.provider.transition_id.clone(),
        );
        groups.entry(key).or_default().push(f);
    }
    let mut out = Vec::new();
    for (_, mut group) in groups {
        group.sort_by(|a, b| a.provider.summary.cmp(&b.provider.summary));
        let sources: BTreeSet<String> = group.iter().map(|f| f.provider.summary.clone()).collect();
        let Some(mut first) = group.into_iter().next() else {
            continue;
        };
        if sources.len() > 1 {
            first.sources = Some(sources.into_iter().collect());
        }
        out.push(first);
    }
    out
}

/// An endpoint key with its parameter names taken out (`GET /pets/{petId}` → `GET /pets/{}`),
/// so a contract and a handler that name a parameter differently still meet.
fn route_shape(key: &str) -> String {
    seam_ir::vocab::unnamed_params(key)
}

/// The path part of an endpoint key (`GET /a/{b}` → `/a/{b}`).
fn key_path(key: &str) -> &str {
    key.split_once(' ').map_or(key, |(_, path)| path)
}

/// The first segment of a path when it is written out (`/api/x` → `api`), not a parameter.
fn first_static_segment(path: &str) -> Option<&str> {
    path.split('/')
        .find(|s| !s.is_empty())
        .filter(|s| !s.starts_with('{') && !s.starts_with(':') && !s.contains('*'))
}

/// Contract documents against the handlers beside them (in the document's folder or below):
/// operations no handler serves, and handlers no document beside them describes. A document
/// describes the server beside it when one of its operations is served there; one with no
/// handler beside it, or whose operations none of the handlers beside it serve, describes
/// someone else's API (a service the code calls, whose providers implement the document) and
/// is left alone.
fn documents_against_handlers(
    endpoints: &[pairing::Endpoint],
    summaries: &[BehavioralSummary],
) -> Vec<Finding> {
    use findings::contract_operation_unimplemented::{folder_of, is_beside};
    let file_of = |e: &pairing::Endpoint| summaries[e.summary].location.file.as_str();
    let operations: Vec<&pairing::Endpoint> = endpoints.iter().filter(|e| e.contract).collect();
    let handlers: Vec<&pairing::Endpoint> = endpoints.iter().filter(|e| !e.contract).collect();
    let serves = |handler: &pairing::Endpoint, operation: &pairing::Endpoint| {
        route_shape(&handler.key) == route_shape(&operation.key)
            || (handler.method == "*"
                && route_shape(key_path(&handler.key)) == route_shape(key_path(&operation.key)))
    };
    // The documents that describe the server beside them: a handler beside the document
    // serves one of its operations.
    let describing: BTreeSet<&str> = operations
        .iter()
        .filter(|operation| {
            let folder = folder_of(file_of(operation));
            handlers
                .iter()
                .any(|h| is_beside(folder, file_of(h)) && serves(h, operation))
        })
        .map(|operation| file_of(operation))
        .collect();
    let documents: Vec<&pairing::Endpoint> = operations
        .into_iter()
        .filter(|operation| describing.contains(file_of(operation)))
        .collect();
    let mut out = Vec::new();
    for document in &documents {
        if !handlers.iter().any(|h| serves(h, document)) {
            out.extend(findings::contract_operation_unimplemented::finding(
                &summaries[document.summary],
                &document.key,
            ));
        }
    }
    // The first path segment every operation of a document starts with (`api` when each path
    // is under `/api`), if they share one: a handler outside it serves another part of the
    // application (its pages, an admin site) that the document does not set out to describe.
    let mut shared_start: BTreeMap<&str, Option<&str>> = BTreeMap::new();
    for document in &documents {
        let start = first_static_segment(key_path(&document.key));
        shared_start
            .entry(file_of(document))
            .and_modify(|shared| {
                if *shared != start {
                    *shared = None;
                }
            })
            .or_insert(start);
    }
    let covers = |doc: &str, handler: &pairing::Endpoint| match shared_start.get(doc) {
        Some(Some(start)) => first_static_segment(key_path(&handler.key)) == Some(*start),
        _ => true,
    };
    let mut seen = BTreeSet::new();
    for handler in &handlers {
        if !seen.insert((handler.summary, handler.key.as_str())) {
            continue;
        }
        let file = file_of(handler);
        let beside: BTreeSet<&str> = documents
            .iter()
            .map(|d| file_of(d))
            .filter(|doc| is_beside(folder_of(doc), file) && covers(doc, handler))
            .collect();
        if !beside.is_empty() && !documents.iter().any(|d| serves(handler, d)) {
            let beside: Vec<&str> = beside.into_iter().collect();
            out.extend(findings::undocumented_handler::finding(
                &summaries[handler.summary],
                &handler.key,
                &beside,
            ));
        }
    }
    out
}

/// The (provider, consumer) pairs whose consumer is a wrapper that hands what it reads of the
/// response to its callers (a function returning a value: the response, its body): some other
/// consumer paired with the same provider names it in `metadata.http.through`. Matched by
/// file and name (`file::name`, or a method `Class.name` of that file).
fn wrappers_with_callers(
    pairing: &pairing::RestPairing,
    summaries: &[BehavioralSummary],
) -> BTreeSet<(usize, usize)> {
    let mut through_by_provider: BTreeSet<(usize, &str)> = BTreeSet::new();
    for paired in &pairing.paired {
        let call = &pairing.calls[paired.call];
        if call.site.is_some() {
            continue;
        }
        let through = summaries[call.summary]
            .metadata
            .as_ref()
            .and_then(|m| m.get("http"))
            .and_then(|h| h.get("through"))
            .and_then(|t| t.as_array());
        for label in through.into_iter().flatten().filter_map(|t| t.as_str()) {
            for &e in &paired.providers {
                through_by_provider.insert((pairing.endpoints[e].summary, label));
            }
        }
    }
    let mut out = BTreeSet::new();
    if through_by_provider.is_empty() {
        return out;
    }
    for paired in &pairing.paired {
        let call = &pairing.calls[paired.call];
        let consumer = &summaries[call.summary];
        // A function that drops the response (`await fetch(url)` and nothing returned) is a
        // wrapper its callers make requests through, but it hands them nothing to handle.
        if call.site.is_some() || !hands_back_a_value(consumer) {
            continue;
        }
        let name = consumer.identity.name.as_str();
        let labels = [
            format!("{}::{name}", consumer.location.file),
            format!(
                "{}::{}",
                consumer.location.file,
                name.rsplit('.').next().unwrap_or(name)
            ),
        ];
        for &e in &paired.providers {
            let provider = pairing.endpoints[e].summary;
            if labels
                .iter()
                .any(|l| through_by_provider.contains(&(provider, l.as_str())))
            {
                out.insert((provider, call.summary));
            }
        }
    }
    out
}

/// Whether some way out of the summary returns a value (not `undefined`).
fn hands_back_a_value(summary: &BehavioralSummary) -> bool {
    summary.transitions.iter().any(|t| match &t.output {
        seam_ir::summary::Output::Return(r) => r
            .value
            .as_ref()
            .is_some_and(|v| !matches!(v, seam_ir::summary::TypeShape::Undefined)),
        _ => false,
    })
}

/// Pairs the summaries, runs every check, applies the suppressions, and sorts what it found.
pub fn check(input: &CheckInput, suppressions: &SuppressionSet) -> CheckReport {
    let summaries = &input.summaries;
    let (provider_flags, consumer_flags): (Vec<bool>, Vec<bool>) = (0..summaries.len())
        .map(|i| {
            (
                i < input.provider_file_count,
                i >= input.provider_file_count,
            )
        })
        .unzip();
    let sides = match input.mode {
        CheckMode::TwoFiles => Sides::Split {
            providers: &provider_flags,
            consumers: &consumer_flags,
        },
        _ => Sides::All,
    };
    let pairing = pair_rest(summaries, sides, input.include_tests);

    let mut findings: Vec<Finding> = Vec::new();
    let mut pairs: BTreeSet<PairRecord> = BTreeSet::new();
    let wrappers = wrappers_with_callers(&pairing, summaries);
    for paired in &pairing.paired {
        let call = &pairing.calls[paired.call];
        let consumer = &summaries[call.summary];
        for &e in paired.providers.iter().chain(&paired.contracts) {
            let endpoint = &pairing.endpoints[e];
            pairs.insert(PairRecord {
                key: endpoint.key.clone(),
                provider: summary_ref(&summaries[endpoint.summary]),
                consumer: summary_ref(consumer),
                via: (paired.by_suffix && endpoint.by_suffix).then_some("knownSuffix"),
            });
        }
        // A service call inside another unit has no branches of its own on the response.
        if call.site.is_some() {
            continue;
        }
        for &e in &paired.providers {
            let provider_index = pairing.endpoints[e].summary;
            let provider = &summaries[provider_index];
            let mut ctx = PairContext::new(provider, consumer);
            ctx.judged_at_callers = wrappers.contains(&(provider_index, call.summary));
            findings.extend(check_rest_pair(&ctx));
        }
        // The contracts beside a handler are not checked against the client: the handler
        // is what the client meets, and it is checked against them on its own below. With
        // no handler (a third-party API) pairing made the contract the provider.
    }
    // Endpoints grouped by first segment, in run order: only those can be near a call.
    let mut endpoints_by_first: BTreeMap<&str, Vec<&pairing::Endpoint>> = BTreeMap::new();
    for endpoint in &pairing.endpoints {
        if let Some(first) = rest_call_unknown_path::first_segment(endpoint.normalized_path()) {
            endpoints_by_first.entry(first).or_default().push(endpoint);
        }
    }
    // Where a route may live unread: a submodule not checked out, a source file not parsed.
    let mut unread: Vec<String> = input.unchecked_submodules.clone();
    unread.extend(
        input
            .skipped
            .iter()
            .filter(|s| unread_sources::is_source_file(&s.file))
            .map(|s| s.file.clone()),
    );
    unread.sort();
    unread.dedup();
    // Mounts of routers that routes seam cannot read are added to at run time.
    let open_mounts: BTreeSet<&str> = pairing
        .endpoints
        .iter()
        .filter_map(|e| {
            summaries[e.summary]
                .metadata
                .as_ref()?
                .get("http")?
                .get("openMount")?
                .as_str()
        })
        .collect();
    let modules = rest_call_unknown_path::module_calls(&pairing, summaries);
    for &c in &pairing.unpaired_calls {
        let call = &pairing.calls[c];
        let call_path = rest_call_unknown_path::known_path(call);
        let Some(near) = rest_call_unknown_path::first_segment(&call_path)
            .and_then(|first| endpoints_by_first.get(first))
        else {
            continue;
        };
        if let Some(mut f) = rest_call_unknown_path::check_among(call, near, summaries) {
            rest_call_unknown_path::maybe_served_unread(&mut f, &unread);
            rest_call_unknown_path::maybe_served_by_open_mount(&mut f, call, &open_mounts);
            rest_call_unknown_path::maybe_another_server(&mut f, call, summaries, &modules);
            findings.push(f);
        }
    }

    // The provider side on its own: contracts beside handlers, contract documents against the
    // handlers serving them, contract documents against each other.
    let mut seen_providers = BTreeSet::new();
    // Keyed by route shape: a document's `{petId}` and a handler's `:id` are one route.
    let mut contracts_by_key: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    // Per route shape: the first document's spelling and the handlers, in run order.
    let mut spelled_by_key: BTreeMap<String, &str> = BTreeMap::new();
    let mut handlers_by_key: BTreeMap<String, Vec<&pairing::Endpoint>> = BTreeMap::new();
    for endpoint in &pairing.endpoints {
        let shape = route_shape(&endpoint.key);
        if endpoint.contract {
            spelled_by_key
                .entry(shape.clone())
                .or_insert(endpoint.key.as_str());
            contracts_by_key
                .entry(shape)
                .or_default()
                .push(endpoint.summary);
            continue;
        }
        handlers_by_key.entry(shape).or_default().push(endpoint);
        if seen_providers.insert(endpoint.summary) {
            findings.extend(provider_contract_violation::check_declared_beside(
                &summaries[endpoint.summary],
            ));
        }
    }
    let mut compared_with_contract: BTreeSet<usize> = BTreeSet::new();
    // Only the operations a handler of the repository serves describe its error handling: one
    // the framework or a gateway answers (a login page, a health probe) need not declare it.
    let shared_statuses = provider_contract_violation::shared_statuses(
        contracts_by_key
            .iter()
            .filter(|(key, _)| handlers_by_key.contains_key(*key))
            .flat_map(|(_, contracts)| contracts)
            .collect::<BTreeSet<_>>()
            .into_iter()
            .map(|&i| &summaries[i]),
    );
    let no_shared = BTreeSet::new();
    for (key, contract_summaries) in &contracts_by_key {
        let mut contracts: Vec<&BehavioralSummary> =
            contract_summaries.iter().map(|&i| &summaries[i]).collect();
        contracts.sort_by_key(|s| summary_ref(s));
        // Findings name the route as the first document spells it.
        let spelled = spelled_by_key.get(key).copied().unwrap_or(key.as_str());
        findings.extend(contract_disagreement::check(spelled, &contracts));
        let handlers = handlers_by_key.get(key).map_or(&[][..], Vec::as_slice);
        for handler in handlers {
            for contract in &contracts {
                findings.extend(provider_contract_violation::check_against_document(
                    contract,
                    &summaries[handler.summary],
                    shared_statuses
                        .get(&contract.location.file)
                        .unwrap_or(&no_shared),
                ));
                // A handler compared with its contract is a boundary checked.
                pairs.insert(PairRecord {
                    key: handler.key.clone(),
                    provider: summary_ref(&summaries[handler.summary]),
                    consumer: summary_ref(contract),
                    via: None,
                });
            }
            compared_with_contract.insert(handler.summary);
            compared_with_contract.extend(contract_summaries.iter().copied());
        }
    }

    findings.extend(documents_against_handlers(&pairing.endpoints, summaries));

    // Storage: the accesses code makes against the schemas that declare the tables.
    let storage = storage::pair_storage(summaries, input.projects.as_ref());
    findings.extend(findings::boundary_field_unknown::check(&storage, summaries));
    findings.extend(findings::boundary_field_unused::check(&storage, summaries));
    for (&p, accesses) in &storage.met {
        let provider = &summaries[storage.providers[p].summary];
        let Some(key) = provider
            .identity
            .boundary_binding
            .as_ref()
            .and_then(binding_key)
        else {
            continue;
        };
        for &a in accesses {
            pairs.insert(PairRecord {
                key: key.clone(),
                provider: summary_ref(provider),
                consumer: summary_ref(&summaries[storage.accesses[a].summary]),
                via: None,
            });
        }
    }

    let mut findings = collapse_duplicates(findings);
    let hidden = suppressions.apply(&mut findings);
    findings.sort_by(|a, b| finding_sort_key(a).cmp(&finding_sort_key(b)));

    let mut unmatched = Unmatched::default();
    for &e in &pairing.unpaired_endpoints {
        let endpoint = &pairing.endpoints[e];
        if compared_with_contract.contains(&endpoint.summary) {
            continue;
        }
        unmatched.providers.push(unmatched_entry(
            &summaries[endpoint.summary],
            Some(endpoint.key.clone()),
        ));
    }
    for &c in &pairing.unpaired_calls {
        let call = &pairing.calls[c];
        unmatched.consumers.push(unmatched_entry(
            &summaries[call.summary],
            Some(call.key.clone()),
        ));
    }
    for (index, role, key) in &pairing.other_boundaries {
        if storage.paired_summaries.contains(index) {
            continue;
        }
        let entry = unmatched_entry(&summaries[*index], key.clone());
        match role {
            BoundaryRole::Provider => unmatched.providers.push(entry),
            BoundaryRole::Consumer => unmatched.consumers.push(entry),
        }
    }
    for (index, reason) in &pairing.unpairable {
        if storage.paired_summaries.contains(index) {
            continue;
        }
        let summary = &summaries[*index];
        unmatched.unpairable.push(UnpairableSummary {
            id: summary_identity(summary),
            name: summary.identity.name.clone(),
            key: summary
                .identity
                .boundary_binding
                .as_ref()
                .and_then(binding_key),
            reason: *reason,
        });
    }
    for (call, reason) in &pairing.unpairable_calls {
        let summary = &summaries[call.summary];
        unmatched.unpairable.push(UnpairableSummary {
            id: summary_identity(summary),
            name: summary.identity.name.clone(),
            key: Some(call.key.clone()),
            reason: *reason,
        });
    }
    unmatched.providers.sort();
    unmatched.providers.dedup();
    unmatched.consumers.sort();
    unmatched.consumers.dedup();
    unmatched.unpairable.sort();
    unmatched.unpairable.dedup();

    let pairs: Vec<PairRecord> = pairs.into_iter().collect();
    let compared_boundaries = pairs.iter().map(|p| &p.key).collect::<BTreeSet<_>>().len();
    let mut skipped = input.skipped.clone();
    skipped.sort();

    let mut run = Vec::new();
    if input.mode != CheckMode::TwoFiles {
        // Nothing paired means nothing only when something could have: no summary at all,
        // or providers and calls to this deployment that never met, also when no call's
        // destination could be read. Calls that all go to other hosts, or a run with one side
        // only, leave nothing to compare.
        let unread_destinations = pairing
            .unpairable_calls
            .iter()
            .filter(|(_, reason)| *reason == model::UnpairableReason::UnknownDestination)
            .count();
        let could_pair =
            !pairing.endpoints.is_empty() && (!pairing.calls.is_empty() || unread_destinations > 0);
        if pairs.is_empty() && (summaries.is_empty() || could_pair) {
            let keyed = summaries
                .iter()
                .filter(|s| s.identity.boundary_binding.is_some())
                .count();
            run.push(nothing_paired::finding(
                summaries.len(),
                keyed,
                pairing.calls.is_empty().then_some(unread_destinations),
                &input.unread_languages,
            ));
        } else if let Some(f) = mostly_unpaired::finding(
            pairing.unpaired_calls.len(),
            pairing.calls.len(),
            &input.unread_languages,
        ) {
            run.push(f);
        }
        if let Some(f) = unreadable_input::finding(&skipped) {
            run.push(f);
        }
    }
    run.sort_by(|a, b| (Reverse(a.severity), &a.kind).cmp(&(Reverse(b.severity), &b.kind)));

    CheckReport {
        mode: input.mode,
        findings,
        run,
        pairs,
        unmatched,
        skipped,
        excluded: {
            let mut excluded = input.excluded.clone();
            excluded.sort();
            excluded
        },
        summaries_with_gaps: summaries.iter().filter(|s| !s.gaps.is_empty()).count(),
        unread_languages: input.unread_languages.clone(),
        compared_boundaries,
        hidden,
        summary_count: summaries.len(),
        intent: None,
        baseline: None,
    }
}

#[cfg(test)]
mod tests {
    use super::route_shape;

    #[test]
    fn route_shapes_forget_parameter_names() {
        assert_eq!(route_shape("GET /pets/{petId}"), "GET /pets/{}");
        assert_eq!(
            route_shape("GET /pets/{id}/toys/{t+}"),
            "GET /pets/{}/toys/{}"
        );
        assert_eq!(route_shape("GET /health"), "GET /health");
    }
}
