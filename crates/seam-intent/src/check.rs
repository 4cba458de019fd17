//! Matching intents to the summaries of the code, and every intent finding.
//!
//! For each boundary intent: key its boundary, find the code units that provide it, and
//! compare each with the document (suss's `checkBoundaryIntent` / `compareIntentToImpl`):
//! declared endings and their boundary `when` clauses, `results` lines (fields, selector,
//! shape, value sources), `always` effects, statuses and effects the intent does not declare,
//! and the `receives` block. For each PRD: scenario links and covering tests. Findings from an
//! `inferred` document are one severity lower.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use seam_ir::findings::{Severity, Suppressed};
use seam_ir::summary::{BehavioralSummary, BoundaryBinding, SourceLocation, TypeShape};
use seam_ir::vocab::BoundaryKey;

use crate::code::{CodeOutcome, EndingKind, Facts, MadeEffect, is_code_provider, key_of};
use crate::document::{
    BoundaryIntent, EffectLine, Prd, SemanticsName, Shape, Source, TransitionIntent, TypeName, Verb,
};
use crate::findings::*;
use crate::read::{Document, DocumentBody};

/// The code side of an intent finding.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CodeRef {
    /// `file::name`.
    pub summary: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transition_id: Option<String>,
    pub location: SourceLocation,
}

/// The scenario an intent finding is about.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ScenarioRef {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub covered_by: Option<String>,
}

/// One disagreement between a document and the code (suss's intent finding).
#[derive(Debug, Clone, PartialEq)]
pub struct IntentFinding {
    pub kind: &'static str,
    pub severity: Severity,
    /// The boundary key the finding is about (`POST /orders/{id}/archive`, `prd:Checkout`).
    pub boundary: String,
    pub binding: BoundaryBinding,
    /// The intent's name or the PRD's title.
    pub intent: String,
    pub outcome_id: Option<String>,
    /// The document and the line the finding points at.
    pub document: String,
    pub line: u32,
    pub code: Option<CodeRef>,
    pub scenario: Option<ScenarioRef>,
    pub message: String,
    pub suppressed: Option<Suppressed>,
}

/// A comparison that ran (suss's `checked` entries).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Checked {
    #[serde(rename = "boundary")]
    Boundary {
        intent: String,
        implementations: Vec<String>,
    },
    #[serde(rename = "prd")]
    Prd {
        intent: String,
        scenarios: usize,
        resolved: usize,
        covered: usize,
        unlinked: usize,
    },
}

/// A comparison that could not be made, with why (`unreadValue`, `unfollowedCall`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Unchecked {
    pub intent: String,
    pub reason: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scenario: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub covered_by: Option<String>,
    pub detail: String,
}

/// Everything one intent check found.
#[derive(Debug, Clone, Default)]
pub struct IntentOutcome {
    pub findings: Vec<IntentFinding>,
    pub checked: Vec<Checked>,
    pub unchecked: Vec<Unchecked>,
    pub boundaries: usize,
    pub prds: usize,
}

pub(crate) fn binding_from_json(value: serde_json::Value) -> BoundaryBinding {
    serde_json::from_value(value).unwrap_or_else(|_| BoundaryBinding {
        transport: "intent".to_owned(),
        semantics: seam_ir::summary::Semantics::Other(serde_json::json!({ "name": "intent" })),
        recognition: "intent".to_owned(),
    })
}

/// The binding a PRD's findings are keyed on (`prd:<title>`).
pub fn prd_binding(title: &str) -> BoundaryBinding {
    binding_from_json(serde_json::json!({
        "transport": "prd",
        "semantics": { "name": "prd", "title": title },
        "recognition": "intent",
    }))
}

/// The intent's boundary as a binding, and its key when it has one.
pub fn intent_binding(intent: &BoundaryIntent) -> (BoundaryBinding, Option<String>) {
    let b = &intent.boundary;
    let transport = b.transport.clone();
    let json = match b.semantics {
        SemanticsName::Rest => serde_json::json!({
            "transport": transport.unwrap_or_else(|| "http".to_owned()),
            "semantics": { "name": "rest", "method": b.method.as_ref().map(|m| m.to_uppercase()), "path": b.path },
            "recognition": "intent",
        }),
        SemanticsName::FunctionCall => serde_json::json!({
            "transport": transport.unwrap_or_else(|| "in-process".to_owned()),
            "semantics": { "name": "function-call", "package": b.package, "exportPath": b.export_path, "module": b.module, "exportName": b.export_name },
            "recognition": "intent",
        }),
        SemanticsName::MessageBus => serde_json::json!({
            "transport": transport.unwrap_or_else(|| "message-bus".to_owned()),
            "semantics": { "name": "message-bus", "messageBus": b.message_bus.clone().unwrap_or_default(), "channel": b.channel },
            "recognition": "intent",
        }),
        SemanticsName::Storage => serde_json::json!({
            "transport": transport.unwrap_or_else(|| "storage".to_owned()),
            "semantics": { "name": "storage", "storageSystem": b.storage_system, "scope": b.scope.clone().unwrap_or_else(|| "default".to_owned()), "container": b.container, "accessPath": b.access_path },
            "recognition": "intent",
        }),
        SemanticsName::UnitInvocation => serde_json::json!({
            "transport": transport.unwrap_or_else(|| "platform".to_owned()),
            "semantics": { "name": "unit-invocation", "deploymentTarget": b.deployment_target.clone().unwrap_or_default(), "instanceName": b.instance_name },
            "recognition": "intent",
        }),
    };
    let binding = binding_from_json(json);
    let key = match b.semantics {
        // A store has no key of its own, and a message bus needs its bus too.
        SemanticsName::Storage => None,
        SemanticsName::MessageBus if b.message_bus.is_none() => None,
        SemanticsName::UnitInvocation if b.deployment_target.is_none() => None,
        _ => key_of(&binding),
    };
    (binding, key)
}

/// What would key a boundary of this protocol (suss's `whatWouldKeyIt`).
pub fn what_would_key_it(semantics: SemanticsName) -> &'static str {
    match semantics {
        SemanticsName::Rest => "a REST boundary needs a method and a path",
        SemanticsName::FunctionCall => {
            "a function-call boundary needs package + exportPath, or module + exportName where the module is one suss.json lists"
        }
        SemanticsName::MessageBus => "a message-bus boundary needs a channel",
        SemanticsName::Storage => {
            "a store has no key at all: write it as `- writes: <store>` on an outcome of the boundary that touches it instead"
        }
        SemanticsName::UnitInvocation => {
            "an invoked unit needs a deployment target and the name the platform knows it by"
        }
    }
}

fn describe_outcome(t: &TransitionIntent) -> String {
    if let Some(r) = &t.response {
        return format!("status {}", r.status);
    }
    if let Some(th) = &t.throws {
        return match &th.error_type {
            Some(e) => format!("throw {e}"),
            None => "a thrown error".to_owned(),
        };
    }
    if let Some(e) = &t.exit {
        return format!("exit code {}", e.code);
    }
    "a return value".to_owned()
}

fn has_ending(t: &TransitionIntent) -> bool {
    t.response.is_some() || t.returns.is_some() || t.throws.is_some() || t.exit.is_some()
}

fn describe_produced(t: &TransitionIntent) -> String {
    if !has_ending(t) {
        return t.id.clone();
    }
    format!("{} ({})", t.id, describe_outcome(t))
}

/// `a write to postgresql:orders of archivedAt by orderId`.
pub fn describe_effect(line: &EffectLine) -> String {
    let (does, names) = line.at();
    let phrase = match does {
        Verb::Reads => "a read of",
        Verb::Writes => "a write to",
        Verb::Invokes => "a call to",
    };
    let mut out = format!("{phrase} {names}");
    if !line.fields.is_empty() {
        out.push_str(&format!(" of {}", line.fields.join(", ")));
    }
    if !line.by.0.is_empty() {
        out.push_str(&format!(" by {}", line.by.0.join(", ")));
    }
    out
}

fn states_all(declared: &[String], made: &[String]) -> bool {
    declared.is_empty()
        || made.is_empty()
        || made.iter().any(|m| m == "*")
        || declared.iter().all(|d| made.contains(d))
}

/// Whether an effect the code makes is the one a line declares (suss's `effectMatches`).
pub fn effect_matches(declared: &EffectLine, made: &MadeEffect) -> bool {
    let (does, names) = declared.at();
    does == made.does
        && made.names(&names)
        && states_all(&declared.fields, &made.fields)
        && states_all(&declared.by.0, &made.by)
}

/// Whether a code transition ends the way an outcome declares (suss's `outcomeMatches`).
pub fn outcome_matches(declared: &TransitionIntent, code: &CodeOutcome) -> bool {
    if let Some(exit) = &declared.exit {
        // An exit call with that code, or a return of it where the return is the exit code.
        return match code.kind {
            EndingKind::Exit => code.status == Some(exit.code),
            EndingKind::Return => code.exit_code == Some(exit.code),
            _ => false,
        };
    }
    if let Some(response) = &declared.response {
        return code.kind == EndingKind::Response
            && code.status == Some(i64::from(response.status));
    }
    if let Some(throws) = &declared.throws {
        return code.kind == EndingKind::Throw
            && throws
                .error_type
                .as_ref()
                .is_none_or(|t| code.error_type.as_deref() == Some(t.as_str()));
    }
    if declared.returns.is_some() {
        return code.kind == EndingKind::Return;
    }
    false
}

fn condition_met(clause: &crate::document::Clause, code: &CodeOutcome) -> bool {
    let Some((does, names)) = clause.at() else {
        return true;
    };
    code.turns_on.iter().any(|guard| {
        guard.does == does
            && guard.names(&names)
            && clause.finds.is_none_or(|f| f == guard.polarity)
    })
}

fn boundary_clauses(t: &TransitionIntent) -> Vec<&crate::document::Clause> {
    t.when
        .as_ref()
        .map(|w| w.boundary_clauses())
        .unwrap_or_default()
}

fn produces(t: &TransitionIntent, code: &CodeOutcome) -> bool {
    if !has_ending(t) {
        return true;
    }
    outcome_matches(t, code) && boundary_clauses(t).iter().all(|c| condition_met(c, code))
}

/// Whether a shape the code produces could be the declared one (suss's `bodyShapesMatch`
/// answering anything but `nomatch`).
pub fn shape_fits(declared: &Shape, code: &TypeShape) -> bool {
    match code {
        TypeShape::Unknown | TypeShape::Ref(_) | TypeShape::Undefined => return true,
        TypeShape::Union(union) => return union.variants.iter().any(|v| shape_fits(declared, v)),
        _ => {}
    }
    let object = declared.type_name == Some(TypeName::Object)
        || (declared.type_name.is_none() && declared.properties.is_some());
    if object {
        return match code {
            TypeShape::Record(record) => {
                let open = record.spreads.as_ref().is_some_and(|s| !s.is_empty());
                let required_present = declared
                    .required
                    .iter()
                    .all(|name| open || record.properties.contains_key(name));
                let properties_fit = declared.properties.iter().flatten().all(|(name, shape)| {
                    record
                        .properties
                        .get(name)
                        .is_none_or(|c| shape_fits(shape, c))
                });
                required_present && properties_fit
            }
            TypeShape::Dictionary(_) => true,
            _ => false,
        };
    }
    match declared.type_name {
        None | Some(TypeName::Unknown) => true,
        Some(TypeName::Array) => match code {
            TypeShape::Array(array) => declared
                .items
                .as_ref()
                .is_none_or(|items| shape_fits(items, &array.items)),
            _ => false,
        },
        Some(TypeName::String) => {
            matches!(code, TypeShape::Text)
                || matches!(code, TypeShape::Literal(l) if matches!(l.value, seam_ir::summary::ShapeLiteral::Text(_)))
        }
        Some(TypeName::Integer | TypeName::Number) => {
            matches!(code, TypeShape::Integer | TypeShape::Number)
                || matches!(code, TypeShape::Literal(l) if matches!(l.value, seam_ir::summary::ShapeLiteral::Number(_)))
        }
        Some(TypeName::Boolean) => {
            matches!(code, TypeShape::Boolean)
                || matches!(code, TypeShape::Literal(l) if matches!(l.value, seam_ir::summary::ShapeLiteral::Bool(_)))
        }
        Some(TypeName::Null) => matches!(code, TypeShape::Null),
        Some(TypeName::Object) => true,
    }
}

/// What keeps a record the code sends from fitting a declared body: the required properties it
/// lacks, or the first property of another type.
fn body_difference(declared: &Shape, code: &TypeShape) -> Option<String> {
    let TypeShape::Record(record) = code else {
        return None;
    };
    let missing: Vec<&str> = declared
        .required
        .iter()
        .filter(|name| !record.properties.contains_key(*name))
        .map(String::as_str)
        .collect();
    if !missing.is_empty() {
        return Some(format!("the body it sends has no {}", missing.join(", ")));
    }
    declared
        .properties
        .iter()
        .flatten()
        .find_map(|(name, shape)| {
            let sent = record.properties.get(name)?;
            (!shape_fits(shape, sent))
                .then(|| format!("the body it sends has {name} of another type"))
        })
}

fn summary_ref(summary: &BehavioralSummary) -> String {
    format!("{}::{}", summary.location.file, summary.identity.name)
}

fn code_ref(summary: &BehavioralSummary, transition: Option<&str>) -> CodeRef {
    CodeRef {
        summary: summary_ref(summary),
        transition_id: transition.map(str::to_owned),
        location: summary.location.clone(),
    }
}

/// Everything a finding about one boundary intent shares.
pub(crate) struct Ctx<'a> {
    doc: &'a Document,
    intent: &'a BoundaryIntent,
    boundary: String,
    binding: BoundaryBinding,
}

impl Ctx<'_> {
    pub(crate) fn intent(&self) -> &BoundaryIntent {
        self.intent
    }

    pub(crate) fn boundary(&self) -> &str {
        &self.boundary
    }

    pub(crate) fn finding(
        &self,
        kind: &'static str,
        severity: Severity,
        outcome: Option<usize>,
        code: Option<CodeRef>,
        message: String,
    ) -> IntentFinding {
        let line = match outcome {
            Some(i) => self.doc.outcome_lines.get(i).copied().unwrap_or(1),
            None => self.doc.boundary_line,
        };
        IntentFinding {
            kind,
            severity,
            boundary: self.boundary.clone(),
            binding: self.binding.clone(),
            intent: self.intent.name.clone(),
            outcome_id: outcome.map(|i| self.intent.transitions[i].id.clone()),
            document: self.doc.file.clone(),
            line,
            code,
            scenario: None,
            message,
            suppressed: None,
        }
    }
}

/// A declared boundary no transition reaches, kept to fold into `renamedBoundary`.
struct Vanished {
    finding: usize,
    names: String,
    does: Verb,
}

/// Checks every document against the summaries.
pub fn check_documents(documents: &[Document], summaries: &[BehavioralSummary]) -> IntentOutcome {
    let facts = Facts::new(summaries);
    let mut out = IntentOutcome::default();
    let mut providers: Vec<(usize, String)> = Vec::new();
    for (index, summary) in summaries.iter().enumerate() {
        if !is_code_provider(summary) {
            continue;
        }
        if let Some(key) = summary.identity.boundary_binding.as_ref().and_then(key_of) {
            providers.push((index, key));
        }
    }
    let boundary_intents: Vec<(&Document, &BoundaryIntent)> = documents
        .iter()
        .filter_map(|d| match &d.body {
            DocumentBody::Boundary(b) => Some((d, b.as_ref())),
            DocumentBody::Prd(_) => None,
        })
        .collect();
    let mut by_name: BTreeMap<&str, Vec<&BoundaryIntent>> = BTreeMap::new();
    for (_, intent) in &boundary_intents {
        by_name
            .entry(intent.name.as_str())
            .or_default()
            .push(intent);
    }

    for (doc, intent) in &boundary_intents {
        out.boundaries += 1;
        let mut findings = check_boundary_intent(doc, intent, &providers, &facts, &mut out);
        if intent.source == Source::Inferred {
            for f in &mut findings {
                f.severity = f.severity.lowered();
            }
        }
        out.findings.extend(findings);
    }

    let mut claims = Vec::new();
    for doc in documents {
        let DocumentBody::Prd(prd) = &doc.body else {
            continue;
        };
        out.prds += 1;
        let (mut findings, checked, mut prd_claims) = check_prd(doc, prd, &by_name);
        if prd.source == Source::Inferred {
            for f in &mut findings {
                f.severity = f.severity.lowered();
            }
        }
        out.findings.extend(findings);
        let at = out.checked.len();
        out.checked.push(checked);
        for claim in &mut prd_claims {
            claim.checked = at;
        }
        claims.extend(prd_claims);
    }
    if !claims.is_empty() {
        crate::covering::check_claims(&claims, &facts, &mut out);
    }
    out.findings
        .extend(undescribed_outcomes(documents, &by_name));
    out
}

fn check_boundary_intent(
    doc: &Document,
    intent: &BoundaryIntent,
    providers: &[(usize, String)],
    facts: &Facts<'_>,
    out: &mut IntentOutcome,
) -> Vec<IntentFinding> {
    let (binding, key) = intent_binding(intent);
    let label = key
        .clone()
        .unwrap_or_else(|| format!("intent:{}", intent.name));
    let ctx = Ctx {
        doc,
        intent,
        boundary: label.clone(),
        binding,
    };
    let Some(key) = key else {
        let semantics = intent.boundary.semantics;
        return vec![ctx.finding(
            unkeyable_boundary::KIND,
            unkeyable_boundary::SEVERITY,
            None,
            None,
            format!(
                "Intent \"{}\" names a {} boundary seam cannot key, so it was not checked: {}.",
                intent.name,
                semantics.as_str(),
                what_would_key_it(semantics)
            ),
        )];
    };
    let wanted = BoundaryKey::parse(&key);
    let impls: Vec<usize> = providers
        .iter()
        .filter(|(_, made)| match (&wanted, BoundaryKey::parse(made)) {
            (BoundaryKey::Rest { method, path }, BoundaryKey::Rest { method: m, path: p }) => {
                (m == "*" || *m == *method) && crate::code::same_route(path, &p)
            }
            (w, m) => w.matches(&m),
        })
        .map(|(i, _)| *i)
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    if impls.is_empty() {
        out.checked.push(Checked::Boundary {
            intent: intent.name.clone(),
            implementations: Vec::new(),
        });
        return vec![ctx.finding(
            unimplemented_boundary::KIND,
            unimplemented_boundary::SEVERITY,
            None,
            None,
            format!(
                "Intent \"{}\" declares boundary {label} with {} outcome(s); no code produces this boundary.",
                intent.name,
                intent.transitions.len()
            ),
        )];
    }
    let mut findings = Vec::new();
    for &unit in &impls {
        findings.extend(compare(&ctx, unit, facts, out));
    }
    out.checked.push(Checked::Boundary {
        intent: intent.name.clone(),
        implementations: impls
            .iter()
            .map(|&i| summary_ref(&facts.summaries[i]))
            .collect(),
    });
    findings
}

fn compare(
    ctx: &Ctx<'_>,
    unit: usize,
    facts: &Facts<'_>,
    out: &mut IntentOutcome,
) -> Vec<IntentFinding> {
    let intent = ctx.intent;
    let summary = &facts.summaries[unit];
    let name = summary.identity.name.as_str();
    let boundary = ctx.boundary.as_str();
    let code_outcomes = facts.outcomes_of(unit);
    let every_effect = facts.every_effect(unit);
    let mut findings: Vec<IntentFinding> = Vec::new();
    let mut vanished: Vec<Vanished> = Vec::new();
    let unit_ref = |transition: Option<&str>| Some(code_ref(summary, transition));

    for (oi, outcome) in intent.transitions.iter().enumerate() {
        let ending: Vec<&CodeOutcome> = code_outcomes
            .iter()
            .filter(|co| has_ending(outcome) && outcome_matches(outcome, co))
            .collect();
        let reached: Vec<&MadeEffect> = if has_ending(outcome) {
            ending.iter().flat_map(|co| co.effects.iter()).collect()
        } else {
            every_effect.iter().collect()
        };
        for line in &outcome.results {
            let matched: Vec<&MadeEffect> = reached
                .iter()
                .copied()
                .filter(|m| effect_matches(line, m))
                .collect();
            if !matched.is_empty() {
                if let Some(shape) = &line.shape {
                    let stated: Vec<&TypeShape> =
                        matched.iter().filter_map(|m| m.payload.as_ref()).collect();
                    if !stated.is_empty() && !stated.iter().any(|p| shape_fits(shape, p)) {
                        findings.push(ctx.finding(
                            outcome_shape_mismatch::KIND,
                            outcome_shape_mismatch::SEVERITY,
                            Some(oi),
                            unit_ref(None),
                            format!(
                                "Intent \"{}\" says {} results in {} at {boundary} with a declared shape; what {name} writes there has an incompatible shape.",
                                intent.name,
                                outcome.id,
                                describe_effect(line)
                            ),
                        ));
                    }
                }
                let (sources, unchecked) =
                    crate::values::check_value_sources(ctx, oi, line, &matched, facts, unit);
                findings.extend(sources);
                out.unchecked.extend(unchecked);
                continue;
            }
            let (does, names) = line.at();
            let index = findings.len();
            findings.push(ctx.finding(
                uncovered_outcome::KIND,
                uncovered_outcome::SEVERITY,
                Some(oi),
                unit_ref(None),
                format!(
                    "Intent \"{}\" declares that {} results in {} at {boundary}; no transition of {name} does that.{}",
                    intent.name,
                    outcome.id,
                    describe_effect(line),
                    unsettled_note(&reached, line)
                ),
            ));
            if never_touches(&names, &every_effect) {
                vanished.push(Vanished {
                    finding: index,
                    names,
                    does,
                });
            }
        }
        if !has_ending(outcome) {
            continue;
        }
        if ending.is_empty() {
            findings.push(ctx.finding(
                uncovered_outcome::KIND,
                uncovered_outcome::SEVERITY,
                Some(oi),
                unit_ref(None),
                format!(
                    "Intent \"{}\" declares {} at {boundary}; {name} has no transition that produces it.",
                    intent.name,
                    describe_outcome(outcome)
                ),
            ));
            continue;
        }
        let stated = boundary_clauses(outcome);
        let matches: Vec<&CodeOutcome> = ending
            .iter()
            .copied()
            .filter(|co| stated.iter().all(|c| condition_met(c, co)))
            .collect();
        if matches.is_empty() {
            let unmet = stated
                .iter()
                .find(|c| !ending.iter().any(|co| condition_met(c, co)))
                .or(stated.first());
            let when = unmet.map(|c| clause_text(c)).unwrap_or_default();
            let index = findings.len();
            findings.push(ctx.finding(
                uncovered_outcome::KIND,
                uncovered_outcome::SEVERITY,
                Some(oi),
                unit_ref(ending.first().map(|co| co.transition_id.as_str())),
                format!(
                    "Intent \"{}\" declares {} at {boundary} when it {when}; {name} produces {} only on paths that do not.",
                    intent.name,
                    describe_outcome(outcome),
                    describe_outcome(outcome)
                ),
            ));
            if let Some(c) = unmet
                && let Some((does, names)) = c.at()
                && never_touches(&names, &every_effect)
            {
                vanished.push(Vanished {
                    finding: index,
                    names,
                    does,
                });
            }
            continue;
        }
        let body = outcome
            .response
            .as_ref()
            .and_then(|r| r.body.as_ref())
            .or(outcome.returns.as_ref().and_then(|r| r.body.as_ref()));
        if let Some(body) = body {
            let fits = matches
                .iter()
                .any(|co| co.body.as_ref().is_none_or(|b| shape_fits(body, b)));
            if !fits {
                let what = matches
                    .iter()
                    .find_map(|co| co.body.as_ref().and_then(|b| body_difference(body, b)))
                    .map(|d| format!(" ({d})"))
                    .unwrap_or_default();
                findings.push(ctx.finding(
                    outcome_shape_mismatch::KIND,
                    outcome_shape_mismatch::SEVERITY,
                    Some(oi),
                    unit_ref(matches.first().map(|co| co.transition_id.as_str())),
                    format!(
                        "Intent \"{}\" declares {} at {boundary} with a body; no transition of {name} that produces it sends a body of that shape{what}. Send the declared body, or correct it in the intent.",
                        intent.name,
                        describe_outcome(outcome)
                    ),
                ));
            }
        }
    }

    // Statuses the code answers with that no outcome declares.
    let declared_statuses: BTreeSet<i64> = intent
        .transitions
        .iter()
        .filter_map(|t| t.response.as_ref().map(|r| i64::from(r.status)))
        .collect();
    let mut said_status = BTreeSet::new();
    for co in &code_outcomes {
        if co.kind != EndingKind::Response {
            continue;
        }
        let Some(status) = co.status else { continue };
        if declared_statuses.contains(&status) || !said_status.insert(status) {
            continue;
        }
        findings.push(ctx.finding(
            undeclared_outcome::KIND,
            undeclared_outcome::SEVERITY,
            None,
            unit_ref(Some(&co.transition_id)),
            format!(
                "{name} produces status {status} at {boundary}; intent \"{}\" does not declare it.",
                intent.name
            ),
        ));
    }

    // `always`: every transition producing a declared outcome has the effect.
    for co in &code_outcomes {
        let produced: Vec<usize> = intent
            .transitions
            .iter()
            .enumerate()
            .filter(|(_, t)| has_ending(t) && produces(t, co))
            .map(|(i, _)| i)
            .collect();
        if produced.is_empty() {
            continue;
        }
        for always in &intent.always {
            if produced
                .iter()
                .any(|&i| always.except.contains(&intent.transitions[i].id))
            {
                continue;
            }
            let effect = always.effect();
            if co.effects.iter().any(|m| effect_matches(&effect, m)) {
                continue;
            }
            let oi = produced[0];
            let outcome = &intent.transitions[oi];
            let index = findings.len();
            findings.push(ctx.finding(
                path_without_effect::KIND,
                path_without_effect::SEVERITY,
                Some(oi),
                unit_ref(Some(&co.transition_id)),
                format!(
                    "Intent \"{}\" says every outcome results in {} at {boundary}; the transition of {name} at line {}, which produces {}, does not. Add the effect on that path, or list {} under except.{}",
                    intent.name,
                    describe_effect(&effect),
                    co.line,
                    describe_produced(outcome),
                    outcome.id,
                    unsettled_note(&co.effects.iter().collect::<Vec<_>>(), &effect)
                ),
            ));
            let (does, names) = effect.at();
            if never_touches(&names, &every_effect) {
                vanished.push(Vanished {
                    finding: index,
                    names,
                    does,
                });
            }
        }
    }

    // Boundaries the unit reaches that no line declares.
    let declared_effects: Vec<EffectLine> = intent
        .transitions
        .iter()
        .flat_map(|t| t.results.iter().map(|l| l.0.clone()))
        .chain(intent.always.iter().map(|a| a.effect()))
        .chain(intent.transitions.iter().flat_map(|t| {
            boundary_clauses(t).into_iter().filter_map(|c| {
                let (does, names) = c.at()?;
                Some(clause_effect(does, names))
            })
        }))
        .collect();
    let mut said = BTreeSet::new();
    let mut undeclared: Vec<(usize, String, Verb)> = Vec::new();
    for made in &every_effect {
        let spelled = format!("{} {}", made.does.as_str(), made.label);
        if declared_effects.iter().any(|d| {
            let (does, names) = d.at();
            does == made.does && made.names(&names)
        }) || !said.insert(spelled.clone())
        {
            continue;
        }
        undeclared.push((findings.len(), made.label.clone(), made.does));
        findings.push(ctx.finding(
            undeclared_outcome::KIND,
            undeclared_outcome::SEVERITY,
            None,
            unit_ref(None),
            format!(
                "{name} {spelled} at {boundary}; intent \"{}\" does not declare it.",
                intent.name
            ),
        ));
    }

    findings.extend(crate::receives::check_receives(ctx, summary));
    fold_renamed(ctx, name, findings, vanished, undeclared, unit_ref(None))
}

/// A `when` clause's boundary as an effect line: a boundary the intent's conditions name is
/// declared.
fn clause_effect(does: Verb, names: String) -> EffectLine {
    let mut line = EffectLine {
        reads: None,
        writes: None,
        invokes: None,
        fields: Vec::new(),
        by: Default::default(),
        shape: None,
        from: Default::default(),
    };
    match does {
        Verb::Reads => line.reads = Some(names),
        Verb::Writes => line.writes = Some(names),
        Verb::Invokes => line.invokes = Some(names),
    }
    line
}

fn clause_text(c: &crate::document::Clause) -> String {
    let Some((does, names)) = c.at() else {
        return String::new();
    };
    match c.finds {
        Some(crate::document::Finds::Nothing) => {
            format!("{} {names} and finds nothing", does.as_str())
        }
        Some(crate::document::Finds::Something) => {
            format!("{} {names} and finds something", does.as_str())
        }
        None => format!("{} {names}", does.as_str()),
    }
}

fn never_touches(names: &str, every: &[MadeEffect]) -> bool {
    !every.iter().any(|m| m.names(names))
}

/// A note when the code reaches the declared boundary the declared way, but with other fields.
fn unsettled_note(reached: &[&MadeEffect], declared: &EffectLine) -> String {
    let (does, names) = declared.at();
    let near: Vec<&&MadeEffect> = reached
        .iter()
        .filter(|m| m.does == does && m.names(&names))
        .collect();
    if near.is_empty() {
        return String::new();
    }
    let fields: BTreeSet<&str> = near
        .iter()
        .flat_map(|m| m.fields.iter().chain(m.by.iter()).map(String::as_str))
        .collect();
    if fields.is_empty() {
        return String::new();
    }
    format!(
        " It does {} {names}, touching {}.",
        does.as_str(),
        fields.into_iter().collect::<Vec<_>>().join(", ")
    )
}

/// A declared boundary never touched, and an undeclared one of the same protocol touched the
/// same way: one `renamedBoundary` instead of the two findings.
fn fold_renamed(
    ctx: &Ctx<'_>,
    name: &str,
    findings: Vec<IntentFinding>,
    vanished: Vec<Vanished>,
    undeclared: Vec<(usize, String, Verb)>,
    code: Option<CodeRef>,
) -> Vec<IntentFinding> {
    let system = |label: &str| label.split(':').next().unwrap_or(label).to_owned();
    let mut explained = BTreeSet::new();
    let mut renamed = Vec::new();
    let mut from_names: BTreeMap<(String, Verb), Vec<&Vanished>> = BTreeMap::new();
    for v in &vanished {
        from_names
            .entry((v.names.clone(), v.does))
            .or_default()
            .push(v);
    }
    let mut used = BTreeSet::new();
    for ((names, does), group) in &from_names {
        let candidates: Vec<&(usize, String, Verb)> = undeclared
            .iter()
            .filter(|(_, label, d)| {
                d == does && system(label) == system(names) && !used.contains(label)
            })
            .collect();
        if candidates.len() != 1 {
            continue;
        }
        let (undeclared_index, to, _) = candidates[0];
        used.insert(to.clone());
        explained.insert(*undeclared_index);
        for v in group {
            explained.insert(v.finding);
        }
        let first = &findings[group[0].finding];
        renamed.push(ctx.finding(
            renamed_boundary::KIND,
            renamed_boundary::SEVERITY,
            ctx.intent
                .transitions
                .iter()
                .position(|t| Some(&t.id) == first.outcome_id.as_ref()),
            code.clone(),
            format!(
                "Intent \"{}\" declares {} {names}; {name} {} {to} instead, with the same outcomes. If the store was renamed, update the intent.",
                ctx.intent.name,
                does.as_str(),
                does.as_str()
            ),
        ));
    }
    findings
        .into_iter()
        .enumerate()
        .filter(|(i, _)| !explained.contains(i))
        .map(|(_, f)| f)
        .chain(renamed)
        .collect()
}

/// One `coveredBy` entry to check.
#[derive(Debug, Clone)]
pub struct Claim {
    pub prd_title: String,
    pub document: String,
    pub line: u32,
    pub source: Source,
    pub scenario_title: Option<String>,
    pub label: String,
    pub scenario: usize,
    pub spelled: String,
    pub subjects: Vec<String>,
    /// Index of the PRD's entry in `checked`.
    pub checked: usize,
}

fn scenario_label(title: &Option<String>, index: usize) -> String {
    match title {
        Some(t) => format!("\"{t}\""),
        None => format!("#{}", index + 1),
    }
}

fn check_prd(
    doc: &Document,
    prd: &Prd,
    by_name: &BTreeMap<&str, Vec<&BoundaryIntent>>,
) -> (Vec<IntentFinding>, Checked, Vec<Claim>) {
    let mut findings = Vec::new();
    let mut claims = Vec::new();
    let mut resolved = 0;
    let mut unlinked = 0;
    let prd_boundary = format!("prd:{}", prd.title);
    let binding = prd_binding(&prd.title);
    let fallback: Vec<String> = {
        let mut keys = BTreeSet::new();
        for link in prd.scenarios.iter().flat_map(|s| s.link.0.iter()) {
            let name = link.split('.').next().unwrap_or(link);
            if let Some([only]) = by_name.get(name).map(Vec::as_slice)
                && let (_, Some(key)) = intent_binding(only)
            {
                keys.insert(key);
            }
        }
        keys.into_iter().collect()
    };
    let make = |kind: &'static str,
                severity: Severity,
                boundary: String,
                binding: BoundaryBinding,
                index: usize,
                scenario: Option<ScenarioRef>,
                message: String| IntentFinding {
        kind,
        severity,
        boundary,
        binding,
        intent: prd.title.clone(),
        outcome_id: None,
        document: doc.file.clone(),
        line: doc.scenario_lines.get(index).copied().unwrap_or(1),
        code: None,
        scenario,
        message,
        suppressed: None,
    };
    for (index, scenario) in prd.scenarios.iter().enumerate() {
        let label = scenario_label(&scenario.title, index);
        for spelled in &scenario.covered_by {
            claims.push(Claim {
                prd_title: prd.title.clone(),
                document: doc.file.clone(),
                line: doc.scenario_lines.get(index).copied().unwrap_or(1),
                source: prd.source,
                scenario_title: scenario.title.clone(),
                label: label.clone(),
                scenario: index,
                spelled: spelled.clone(),
                subjects: if scenario.about.is_empty() {
                    fallback.clone()
                } else {
                    scenario.about.clone()
                },
                checked: 0,
            });
        }
        let title_ref = scenario.title.as_ref().map(|t| ScenarioRef {
            title: Some(t.clone()),
            covered_by: None,
        });
        if scenario.link.0.is_empty() && scenario.covered_by.is_empty() {
            unlinked += 1;
            findings.push(make(
                unlinked_scenario::KIND,
                unlinked_scenario::SEVERITY,
                prd_boundary.clone(),
                binding.clone(),
                index,
                title_ref.clone(),
                format!(
                    "Scenario {label} in PRD \"{}\" has neither a link to a boundary outcome nor a covering test, so nothing checks it; add a link, or list the test that covers it under coveredBy.",
                    prd.title
                ),
            ));
            continue;
        }
        if scenario.link.0.is_empty() {
            continue;
        }
        let mut all_resolved = true;
        for link in &scenario.link.0 {
            let Some((name, outcome)) = link.split_once('.') else {
                all_resolved = false;
                findings.push(make(
                    dangling_scenario_link::KIND,
                    dangling_scenario_link::SEVERITY,
                    prd_boundary.clone(),
                    binding.clone(),
                    index,
                    title_ref.clone(),
                    format!(
                        "Scenario {label} in PRD \"{}\" links to {link}, which is not written <intent name>.<outcome id>; write the intent's name, a dot, and the outcome's id.",
                        prd.title
                    ),
                ));
                continue;
            };
            match by_name.get(name).map(Vec::as_slice) {
                None | Some([]) => {
                    all_resolved = false;
                    findings.push(make(
                        dangling_scenario_link::KIND,
                        dangling_scenario_link::SEVERITY,
                        prd_boundary.clone(),
                        binding.clone(),
                        index,
                        title_ref.clone(),
                        format!(
                            "Scenario {label} in PRD \"{}\" links to {link}, but no boundary intent is named {name}.",
                            prd.title
                        ),
                    ));
                }
                Some([target]) => {
                    if target.transitions.iter().any(|t| t.id == outcome) {
                        continue;
                    }
                    all_resolved = false;
                    let (target_binding, key) = intent_binding(target);
                    let declared: Vec<&str> =
                        target.transitions.iter().map(|t| t.id.as_str()).collect();
                    findings.push(make(
                        dangling_scenario_link::KIND,
                        dangling_scenario_link::SEVERITY,
                        key.unwrap_or_else(|| prd_boundary.clone()),
                        target_binding,
                        index,
                        title_ref.clone(),
                        format!(
                            "Scenario {label} in PRD \"{}\" links to {link}, but intent \"{name}\" declares no outcome {outcome}; it declares {}.",
                            prd.title,
                            declared.join(", ")
                        ),
                    ));
                }
                Some(many) => {
                    all_resolved = false;
                    findings.push(make(
                        ambiguous_scenario_link::KIND,
                        ambiguous_scenario_link::SEVERITY,
                        prd_boundary.clone(),
                        binding.clone(),
                        index,
                        title_ref.clone(),
                        format!(
                            "Scenario {label} in PRD \"{}\" links to {link}, but {} boundary intents are named {name}; give them different names.",
                            prd.title,
                            many.len()
                        ),
                    ));
                }
            }
        }
        if all_resolved {
            resolved += 1;
        }
    }
    let checked = Checked::Prd {
        intent: prd.title.clone(),
        scenarios: prd.scenarios.len(),
        resolved,
        covered: 0,
        unlinked,
    };
    (findings, checked, claims)
}

/// Declared outcomes no scenario links to, once at least one PRD was read.
fn undescribed_outcomes(
    documents: &[Document],
    by_name: &BTreeMap<&str, Vec<&BoundaryIntent>>,
) -> Vec<IntentFinding> {
    let prds: Vec<&Prd> = documents
        .iter()
        .filter_map(|d| match &d.body {
            DocumentBody::Prd(p) => Some(p),
            DocumentBody::Boundary(_) => None,
        })
        .collect();
    if prds.is_empty() {
        return Vec::new();
    }
    let linked: BTreeSet<&str> = prds
        .iter()
        .flat_map(|p| p.scenarios.iter())
        .flat_map(|s| s.link.0.iter().map(String::as_str))
        .collect();
    let mut out = Vec::new();
    for doc in documents {
        let DocumentBody::Boundary(intent) = &doc.body else {
            continue;
        };
        if by_name
            .get(intent.name.as_str())
            .is_some_and(|v| v.len() > 1)
        {
            continue;
        }
        let (binding, key) = intent_binding(intent);
        let boundary = key.unwrap_or_else(|| format!("intent:{}", intent.name));
        for (oi, t) in intent.transitions.iter().enumerate() {
            if linked.contains(format!("{}.{}", intent.name, t.id).as_str()) {
                continue;
            }
            let severity = if intent.source == Source::Inferred {
                undescribed_outcome::SEVERITY.lowered()
            } else {
                undescribed_outcome::SEVERITY
            };
            out.push(IntentFinding {
                kind: undescribed_outcome::KIND,
                severity,
                boundary: boundary.clone(),
                binding: binding.clone(),
                intent: intent.name.clone(),
                outcome_id: Some(t.id.clone()),
                document: doc.file.clone(),
                line: doc.outcome_lines.get(oi).copied().unwrap_or(1),
                code: None,
                scenario: None,
                message: format!(
                    "Intent \"{}\" declares outcome {} at {boundary}; no PRD scenario links to it.",
                    intent.name, t.id
                ),
                suppressed: None,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(yaml: &str) -> Shape {
        serde_norway::from_str(yaml).expect("a shape")
    }

    fn code(json: serde_json::Value) -> TypeShape {
        serde_json::from_value(json).expect("a type shape")
    }

    #[test]
    fn a_body_fits_when_every_required_property_is_there_with_its_type() {
        let declared = shape(
            "properties: { id: { type: string }, total: { type: number } }\nrequired: [id, total]",
        );
        let sent = code(
            serde_json::json!({ "type": "record", "properties": { "id": { "type": "text" }, "total": { "type": "number" } } }),
        );
        assert!(shape_fits(&declared, &sent));
        let missing = code(
            serde_json::json!({ "type": "record", "properties": { "id": { "type": "text" } } }),
        );
        assert!(!shape_fits(&declared, &missing));
        let spread = code(
            serde_json::json!({ "type": "record", "properties": {}, "spreads": [{ "sourceText": "order" }] }),
        );
        assert!(shape_fits(&declared, &spread));
        let wrong = code(
            serde_json::json!({ "type": "record", "properties": { "id": { "type": "integer" }, "total": { "type": "number" } } }),
        );
        assert!(!shape_fits(&declared, &wrong));
        assert!(!shape_fits(
            &declared,
            &code(serde_json::json!({ "type": "array", "items": { "type": "unknown" } }))
        ));
        assert!(shape_fits(
            &declared,
            &code(serde_json::json!({ "type": "unknown" }))
        ));
    }

    #[test]
    fn effects_match_by_verb_boundary_and_the_fields_stated() {
        let line: EffectLine =
            serde_norway::from_str("writes: prisma:order\nfields: [status]\nby: id")
                .expect("a line");
        let made = MadeEffect {
            does: Verb::Writes,
            binding: binding_from_json(serde_json::json!({
                "transport": "prisma",
                "semantics": { "name": "storage", "storageSystem": null, "scope": "default", "container": "order", "accessPath": null },
                "recognition": "prisma",
            })),
            label: "prisma:order".into(),
            fields: vec!["status".into(), "total".into()],
            by: vec!["id".into()],
            payload: None,
            slots: Vec::new(),
            line: 1,
            owner: 0,
            passed: Vec::new(),
            table: None,
        };
        assert!(effect_matches(&line, &made));
        let mut reads = made.clone();
        reads.does = Verb::Reads;
        assert!(!effect_matches(&line, &reads));
        let mut other_fields = made.clone();
        other_fields.fields = vec!["total".into()];
        assert!(!effect_matches(&line, &other_fields));
        let mut every = made;
        every.fields = vec!["*".into()];
        assert!(effect_matches(&line, &every));
    }
}
