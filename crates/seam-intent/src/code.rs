//! What the summaries say the code does, in the terms intents use: how each transition ends,
//! the boundaries it reaches (directly, or through calls to other summarised units), the
//! boundary reads its conditions turn on, where written values come from, and which inputs a
//! unit reads.

use std::collections::{BTreeMap, BTreeSet};

use seam_ir::summary::{
    BehavioralSummary, BoundaryBinding, CodeUnitKind, ConfidenceSource, Effect, Interaction,
    Output, Predicate, ProvenanceEntry, StorageAccessKind, TypeShape, ValueRef,
};
use seam_ir::vocab::BoundaryKey;

use crate::document::{Finds, Verb};

/// How a transition ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndingKind {
    Response,
    Return,
    Throw,
    Exit,
}

/// One boundary a transition reaches.
#[derive(Debug, Clone)]
pub struct MadeEffect {
    pub does: Verb,
    pub binding: BoundaryBinding,
    /// The boundary key (`postgresql:orders`), or the binding's transport when it has none.
    pub label: String,
    pub fields: Vec<String>,
    pub by: Vec<String>,
    pub payload: Option<TypeShape>,
    /// Where each column's value came from (the provenance entries of this effect).
    pub slots: Vec<ProvenanceEntry>,
    /// The line of the transition that reaches it.
    pub line: u32,
    /// The summary the effect is written in: the unit itself, or a unit it calls.
    pub owner: usize,
    /// For an effect of a unit the checked unit calls directly: what the call passed for each
    /// of the callee's parameters (the call's argument descriptors), so a value the callee
    /// takes from a parameter can be followed back into the caller.
    pub passed: Vec<(String, serde_json::Value)>,
    /// The table a schema declares for this store, when the code names it by a client accessor
    /// (`prisma:order` is `postgresql:orders` in `schema.prisma`): an intent may spell either.
    pub table: Option<BoundaryBinding>,
}

impl MadeEffect {
    /// Whether an intent's spelling names this effect's boundary.
    pub fn names(&self, declared: &str) -> bool {
        names_boundary(declared, &self.binding)
            || self
                .table
                .as_ref()
                .is_some_and(|t| names_boundary(declared, t))
    }
}

/// A boundary read a transition's conditions turn on.
#[derive(Debug, Clone)]
pub struct Guard {
    pub does: Verb,
    pub binding: BoundaryBinding,
    pub polarity: Finds,
    pub table: Option<BoundaryBinding>,
}

impl Guard {
    /// Whether an intent's spelling names this guard's boundary.
    pub fn names(&self, declared: &str) -> bool {
        names_boundary(declared, &self.binding)
            || self
                .table
                .as_ref()
                .is_some_and(|t| names_boundary(declared, t))
    }
}

/// One transition of a unit, in the terms intents use.
#[derive(Debug, Clone)]
pub struct CodeOutcome {
    pub kind: EndingKind,
    pub status: Option<i64>,
    pub body: Option<TypeShape>,
    pub error_type: Option<String>,
    pub effects: Vec<MadeEffect>,
    pub turns_on: Vec<Guard>,
    pub line: u32,
    pub transition_id: String,
    /// The process exit code a return gives, in a unit whose returned value is its exit code
    /// (`metadata.process.exitCodeFrom: return`): the literal number it returns.
    pub exit_code: Option<i64>,
}

/// The boundary key of a binding as a string (`GET /users/{id}`, `postgresql:orders`).
pub fn key_of(binding: &BoundaryBinding) -> Option<String> {
    seam_check::pairing::binding_key(binding)
}

/// The key intents spell a binding with: its boundary key, or for a store whose system the
/// source did not name (a Prisma accessor), `<transport>:<container>` (`prisma:order`).
pub fn spelled_key(binding: &BoundaryBinding) -> Option<String> {
    if let Some(key) = key_of(binding) {
        return Some(key);
    }
    match &binding.semantics {
        seam_ir::summary::Semantics::Storage(storage) if storage.storage_system.is_none() => {
            let container = storage.container.as_deref()?;
            Some(
                BoundaryKey::storage(
                    &binding.transport,
                    Some(&storage.scope),
                    container,
                    storage.access_path.as_deref(),
                )
                .to_string(),
            )
        }
        _ => None,
    }
}

fn label_of(binding: &BoundaryBinding) -> String {
    spelled_key(binding).unwrap_or_else(|| binding.transport.clone())
}

/// Whether a spelling written in an intent (`postgresql:orders`, `dynamodb:editions`,
/// `/orders`) names the boundary of `binding`. A shorter spelling covers more: a store without
/// an access path covers every one, a system covers its dotted parents' suffix
/// (`dynamodb` covers `aws.dynamodb`), a path without a method covers every method.
pub fn names_boundary(declared: &str, binding: &BoundaryBinding) -> bool {
    let Some(made) = spelled_key(binding) else {
        return false;
    };
    let declared_text = declared.trim();
    if declared_text.starts_with('/') {
        if let BoundaryKey::Rest { path, .. } = BoundaryKey::parse(&made) {
            return same_route(
                &seam_ir::vocab::route_path::normalize_path(declared_text),
                &path,
            );
        }
        return false;
    }
    match (BoundaryKey::parse(declared_text), BoundaryKey::parse(&made)) {
        (
            BoundaryKey::Storage {
                storage_system: ds,
                scope: dscope,
                container: dc,
                access_path: dap,
            },
            BoundaryKey::Storage {
                storage_system: ms,
                scope: mscope,
                container: mc,
                access_path: map,
            },
        ) => {
            (ds == ms || ms.ends_with(&format!(".{ds}")))
                && (dscope.is_none() || dscope == mscope)
                && dc.eq_ignore_ascii_case(&mc)
                && (dap.is_none() || dap == map)
        }
        (
            BoundaryKey::Rest {
                method: dm,
                path: dp,
            },
            BoundaryKey::Rest {
                method: mm,
                path: mp,
            },
        ) => (dm == "*" || mm == "*" || dm == mm) && same_route(&dp, &mp),
        (declared, made) => declared.matches(&made),
    }
}

/// Two normalised route paths are one route when they differ only in parameter names.
pub fn same_route(a: &str, b: &str) -> bool {
    shape(a) == shape(b)
}

fn shape(path: &str) -> String {
    seam_ir::vocab::unnamed_params(path.trim_end_matches('/'))
}

/// What an interaction does at its boundary (suss's `relationsOf`).
pub fn relations_of(interaction: &Interaction) -> Vec<Verb> {
    match interaction {
        Interaction::StorageAccess(access) => match access.kind {
            StorageAccessKind::Read => vec![Verb::Reads],
            StorageAccessKind::Write => vec![Verb::Writes],
        },
        Interaction::ServiceCall(_) => vec![Verb::Reads, Verb::Writes],
        Interaction::MessageSend(_) | Interaction::StreamWrite(_) => vec![Verb::Writes],
        Interaction::MessageReceive(_) | Interaction::ConfigRead(_) => vec![Verb::Reads],
        Interaction::UnitInvoke(_) => vec![Verb::Invokes],
        _ => Vec::new(),
    }
}

/// The fields, selector and payload an interaction touches (suss's `accessDetail`).
pub fn access_detail(interaction: &Interaction) -> (Vec<String>, Vec<String>, Option<TypeShape>) {
    match interaction {
        Interaction::StorageAccess(access) => (
            access.fields.clone(),
            access.selector.clone().unwrap_or_default(),
            None,
        ),
        Interaction::ConfigRead(config) => (vec![config.name.clone()], Vec::new(), None),
        Interaction::StreamWrite(stream) => (Vec::new(), Vec::new(), stream.payload.clone()),
        _ => (Vec::new(), Vec::new(), None),
    }
}

/// Every summary, indexed for following calls.
pub struct Facts<'a> {
    pub summaries: &'a [BehavioralSummary],
    by_name: BTreeMap<&'a str, Vec<usize>>,
    by_id: BTreeMap<&'a str, usize>,
    /// Declared tables by the names code reaches them with: the model (`Order`), its client
    /// accessor (`order`) and the table (`orders`).
    tables: BTreeMap<String, BoundaryBinding>,
}

const CALL_DEPTH: usize = 6;

impl<'a> Facts<'a> {
    pub fn new(summaries: &'a [BehavioralSummary]) -> Facts<'a> {
        let mut by_name: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
        let mut by_id = BTreeMap::new();
        for (index, summary) in summaries.iter().enumerate() {
            if summary.kind == CodeUnitKind::Test {
                continue;
            }
            if let Some(id) = summary.identity.id.as_deref() {
                by_id.insert(id, index);
            }
            // Units a call can land on: those with no route of their own.
            let routed = summary
                .identity
                .boundary_binding
                .as_ref()
                .is_some_and(|b| matches!(b.semantics, seam_ir::summary::Semantics::Rest(_)));
            if !routed {
                by_name
                    .entry(summary.identity.name.as_str())
                    .or_default()
                    .push(index);
            }
        }
        let mut tables = BTreeMap::new();
        for summary in summaries {
            let Some(binding) = &summary.identity.boundary_binding else {
                continue;
            };
            let seam_ir::summary::Semantics::Storage(storage) = &binding.semantics else {
                continue;
            };
            if storage.storage_system.is_none() {
                continue;
            }
            let model = summary
                .metadata
                .as_ref()
                .and_then(|m| m.get("prisma"))
                .and_then(|p| p.get("model"))
                .and_then(|m| m.as_str());
            let Some(model) = model else { continue };
            let mut chars = model.chars();
            let accessor: String = match chars.next() {
                Some(first) => first.to_lowercase().chain(chars).collect(),
                None => continue,
            };
            for name in [model.to_owned(), accessor] {
                tables.entry(name).or_insert_with(|| binding.clone());
            }
        }
        Facts {
            summaries,
            by_name,
            by_id,
            tables,
        }
    }

    /// The declared table behind a store the code names without its system.
    pub fn table_of(&self, binding: &BoundaryBinding) -> Option<BoundaryBinding> {
        match &binding.semantics {
            seam_ir::summary::Semantics::Storage(storage) if storage.storage_system.is_none() => {
                self.tables.get(storage.container.as_deref()?).cloned()
            }
            _ => None,
        }
    }

    /// The summaries a call from `from` lands on: the one its `summary` names, or those named
    /// like the callee's last part, the caller's workspace first.
    pub fn callees(&self, from: usize, callee: &str, summary: Option<&str>) -> Vec<usize> {
        if let Some(index) = summary.and_then(|id| self.by_id.get(id)) {
            return vec![*index];
        }
        let name = last_name(callee);
        let Some(found) = self.by_name.get(name) else {
            return Vec::new();
        };
        let workspace = &self.summaries[from].location.workspace;
        let same: Vec<usize> = found
            .iter()
            .copied()
            .filter(|i| *i != from && self.summaries[*i].location.workspace == *workspace)
            .collect();
        if same.is_empty() {
            found.iter().copied().filter(|i| *i != from).collect()
        } else {
            same
        }
    }

    /// The boundaries a transition reaches: its own interactions, and every interaction of the
    /// units its calls land on (followed a few calls deep).
    pub fn effects_of(&self, unit: usize, transition: usize) -> Vec<MadeEffect> {
        let t = &self.summaries[unit].transitions[transition];
        let mut out = Vec::new();
        let mut seen = BTreeSet::from([unit]);
        self.collect(unit, t, t.location.start, &mut out, &mut seen, 0, &[]);
        out
    }

    #[allow(clippy::too_many_arguments)]
    fn collect(
        &self,
        unit: usize,
        t: &seam_ir::summary::Transition,
        line: u32,
        out: &mut Vec<MadeEffect>,
        seen: &mut BTreeSet<usize>,
        depth: usize,
        passed: &[(String, serde_json::Value)],
    ) {
        for (at, effect) in t.effects.iter().enumerate() {
            match &**effect {
                Effect::Interaction(interaction) => {
                    let (fields, by, payload) = access_detail(&interaction.interaction);
                    let slots: Vec<ProvenanceEntry> = t
                        .provenance
                        .iter()
                        .flatten()
                        .filter(|p| usize::try_from(p.at.effect).ok() == Some(at))
                        .cloned()
                        .collect();
                    for does in relations_of(&interaction.interaction) {
                        out.push(MadeEffect {
                            does,
                            binding: interaction.binding.clone(),
                            label: label_of(&interaction.binding),
                            fields: fields.clone(),
                            by: by.clone(),
                            payload: payload.clone(),
                            slots: slots.clone(),
                            line,
                            owner: unit,
                            passed: passed.to_vec(),
                            table: self.table_of(&interaction.binding),
                        });
                    }
                }
                Effect::Invocation(call) if depth < CALL_DEPTH => {
                    for callee in self.callees(unit, &call.callee, call.summary.as_deref()) {
                        if !seen.insert(callee) {
                            continue;
                        }
                        // Only a direct call's arguments are the checked unit's own values.
                        let passed: Vec<(String, serde_json::Value)> = if depth == 0 {
                            self.summaries[callee]
                                .inputs
                                .iter()
                                .filter_map(|input| match input {
                                    seam_ir::summary::Input::Parameter(p) => call
                                        .args
                                        .get(p.position as usize)
                                        .map(|arg| (p.name.clone(), arg.clone())),
                                    _ => None,
                                })
                                .collect()
                        } else {
                            Vec::new()
                        };
                        for inner in &self.summaries[callee].transitions {
                            self.collect(callee, inner, line, out, seen, depth + 1, &passed);
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// Every boundary a unit reaches, over all its transitions.
    pub fn every_effect(&self, unit: usize) -> Vec<MadeEffect> {
        (0..self.summaries[unit].transitions.len())
            .flat_map(|t| self.effects_of(unit, t))
            .collect()
    }

    /// The reads a callee name leads to, for guards (`if (!findOrder(id))`).
    fn reads_behind(&self, unit: usize, name: &str) -> Vec<MadeEffect> {
        let summary = &self.summaries[unit];
        let mut out = Vec::new();
        for t in &summary.transitions {
            for effect in &t.effects {
                if let Effect::Interaction(interaction) = &**effect
                    && interaction
                        .callee
                        .as_deref()
                        .is_some_and(|callee| same_call(callee, name))
                {
                    for does in relations_of(&interaction.interaction) {
                        out.push(MadeEffect {
                            does,
                            binding: interaction.binding.clone(),
                            label: label_of(&interaction.binding),
                            fields: Vec::new(),
                            by: Vec::new(),
                            payload: None,
                            slots: Vec::new(),
                            line: t.location.start,
                            owner: unit,
                            passed: Vec::new(),
                            table: self.table_of(&interaction.binding),
                        });
                    }
                }
            }
        }
        if out.is_empty() {
            let mut seen = BTreeSet::from([unit]);
            for callee in self.callees(unit, name, None) {
                if !seen.insert(callee) {
                    continue;
                }
                for inner in &self.summaries[callee].transitions {
                    self.collect(callee, inner, 0, &mut out, &mut seen, 1, &[]);
                }
            }
        }
        out
    }

    /// The boundary reads a transition's conditions turn on, with whether each found
    /// something.
    pub fn guards_of(&self, unit: usize, transition: usize) -> Vec<Guard> {
        let t = &self.summaries[unit].transitions[transition];
        let mut out = Vec::new();
        for condition in &t.conditions {
            self.guards_in(unit, condition, false, &mut out);
        }
        out
    }

    fn guards_in(&self, unit: usize, predicate: &Predicate, flipped: bool, out: &mut Vec<Guard>) {
        let (subject, something) = match predicate {
            Predicate::Negation(n) => return self.guards_in(unit, &n.operand, !flipped, out),
            Predicate::TruthinessCheck(check) => (&check.subject, !check.negated),
            Predicate::NullCheck(check) => (&check.subject, check.negated),
            Predicate::Compound(compound)
                if matches!(compound.op, seam_ir::summary::CompoundOp::And) && !flipped =>
            {
                for operand in &compound.operands {
                    self.guards_in(unit, operand, flipped, out);
                }
                return;
            }
            _ => return,
        };
        let Some(name) = call_spelling(subject) else {
            return;
        };
        let polarity = if something != flipped {
            Finds::Something
        } else {
            Finds::Nothing
        };
        for made in self.reads_behind(unit, &name) {
            if made.does == Verb::Reads {
                out.push(Guard {
                    does: made.does,
                    binding: made.binding,
                    polarity,
                    table: made.table,
                });
            }
        }
    }

    /// Every transition of a unit that ends one way or another.
    pub fn outcomes_of(&self, unit: usize) -> Vec<CodeOutcome> {
        let summary = &self.summaries[unit];
        let return_is_exit_code = summary
            .metadata
            .as_ref()
            .and_then(|m| m.get("process"))
            .and_then(|p| p.get("exitCodeFrom"))
            .and_then(|v| v.as_str())
            == Some("return");
        let mut out = Vec::new();
        for (index, t) in summary.transitions.iter().enumerate() {
            let Some((kind, status, body, error_type)) = ending_of(&t.output) else {
                continue;
            };
            let exit_code = match (&body, kind) {
                (
                    Some(TypeShape::Literal(seam_ir::summary::LiteralShape {
                        value: seam_ir::summary::ShapeLiteral::Number(n),
                        ..
                    })),
                    EndingKind::Return,
                ) if return_is_exit_code => n.as_i64(),
                _ => None,
            };
            out.push(CodeOutcome {
                kind,
                status,
                body,
                error_type,
                effects: self.effects_of(unit, index),
                turns_on: self.guards_of(unit, index),
                line: t.location.start,
                transition_id: t.id.clone(),
                exit_code,
            });
        }
        out
    }
}

/// The call a condition's subject is the result of, spelled as a callee
/// (`findOrder`, `PrismaClient.order.findUnique`); `None` for anything else.
fn call_spelling(subject: &ValueRef) -> Option<String> {
    match subject {
        ValueRef::Dependency(d) if d.access_chain.is_empty() => Some(d.name.clone()),
        ValueRef::Derived(d) => match &d.derivation {
            seam_ir::summary::Derivation::MethodCall(call) => {
                Some(format!("{}.{}", receiver_spelling(&d.from)?, call.method))
            }
            seam_ir::summary::Derivation::Awaited => call_spelling(&d.from),
            _ => None,
        },
        _ => None,
    }
}

fn receiver_spelling(value: &ValueRef) -> Option<String> {
    match value {
        ValueRef::Dependency(d) => {
            let mut out = d.name.clone();
            for part in &d.access_chain {
                out.push('.');
                out.push_str(part);
            }
            Some(out)
        }
        ValueRef::Derived(d) => match &d.derivation {
            seam_ir::summary::Derivation::PropertyAccess(p) => {
                Some(format!("{}.{}", receiver_spelling(&d.from)?, p.property))
            }
            _ => None,
        },
        _ => None,
    }
}

/// Whether an effect's callee is the call a condition spells: equal, or the same once the root
/// (the client variable, which the condition may name by its class) is left off.
fn same_call(callee: &str, spelled: &str) -> bool {
    if callee == spelled {
        return true;
    }
    let tail = |s: &str| s.split_once('.').map(|(_, rest)| rest.to_owned());
    match (tail(callee), tail(spelled)) {
        (Some(a), Some(b)) => a == b && a.contains('.'),
        _ => false,
    }
}

/// The last part of a dotted or `::` name.
pub fn last_name(spelled: &str) -> &str {
    spelled
        .rsplit("::")
        .next()
        .unwrap_or(spelled)
        .rsplit('.')
        .next()
        .unwrap_or(spelled)
}

fn literal_number(value: Option<&ValueRef>) -> Option<i64> {
    match value? {
        ValueRef::Literal(literal) => match &literal.value {
            seam_ir::summary::LiteralValue::Number(n) => n.as_i64(),
            seam_ir::summary::LiteralValue::Text(t) => t.parse().ok(),
            _ => None,
        },
        _ => None,
    }
}

type Ending = (EndingKind, Option<i64>, Option<TypeShape>, Option<String>);

/// How a transition ends (suss's `endingOf`): a response with its literal status, a return, a
/// throw with its type, or an exit with its literal code.
pub fn ending_of(output: &Output) -> Option<Ending> {
    match output {
        Output::Response(response) => Some((
            EndingKind::Response,
            literal_number(response.status_code.as_ref()),
            response.body.clone(),
            None,
        )),
        Output::Return(returned) => Some((EndingKind::Return, None, returned.value.clone(), None)),
        Output::Throw(thrown) => {
            Some((EndingKind::Throw, None, None, thrown.exception_type.clone()))
        }
        Output::Exit(exit) => Some((
            EndingKind::Exit,
            literal_number(exit.code.as_ref()),
            None,
            None,
        )),
        _ => None,
    }
}

/// Whether a summary is code that provides a boundary (not a contract, not a test).
pub fn is_code_provider(summary: &BehavioralSummary) -> bool {
    seam_check::role::boundary_role(&summary.kind) == Some(seam_check::role::BoundaryRole::Provider)
        && !matches!(
            summary.confidence.source,
            ConfidenceSource::Declared | ConfidenceSource::Derived
        )
}

/// The request input of a unit (the parameter with role `request`), if any.
fn request_input(summary: &BehavioralSummary) -> Option<String> {
    summary.inputs.iter().find_map(|input| match input {
        seam_ir::summary::Input::Parameter(p) if p.role.as_deref() == Some("request") => {
            Some(p.name.clone())
        }
        _ => None,
    })
}

/// The path a value reference names off the boundary's input (`["params", "id"]`), when it is
/// an input of `unit` itself.
pub fn boundary_path_of(summary: &BehavioralSummary, value: &ValueRef) -> Option<Vec<String>> {
    match value {
        ValueRef::Input(input) => {
            let request = request_input(summary);
            if request.as_deref() == Some(input.input_ref.as_str()) {
                return Some(input.path.clone());
            }
            // A parameter the framework fills with one section or field of the request.
            let parameter = summary.inputs.iter().find_map(|i| match i {
                seam_ir::summary::Input::Parameter(p) if p.name == input.input_ref => Some(p),
                _ => None,
            })?;
            let role = parameter.role.as_deref()?;
            let mut path = vec![role.to_owned()];
            if let Some(field) = &parameter.field {
                path.push(field.clone());
            } else if matches!(role, "params" | "path" | "query" | "headers") {
                path.push(parameter.name.clone());
            }
            path.extend(input.path.iter().cloned());
            Some(path)
        }
        ValueRef::Derived(derived) => {
            let mut base = boundary_path_of(summary, &derived.from)?;
            match &derived.derivation {
                seam_ir::summary::Derivation::PropertyAccess(p) => base.push(p.property.clone()),
                seam_ir::summary::Derivation::Destructured(d) => base.push(d.field.clone()),
                seam_ir::summary::Derivation::IndexAccess(i) => match &i.index {
                    seam_ir::summary::Index::Text(t) => base.push(t.clone()),
                    seam_ir::summary::Index::Number(n) => base.push(n.to_string()),
                },
                _ => {}
            }
            Some(base)
        }
        _ => None,
    }
}

fn input_refs<'v>(value: &'v ValueRef, out: &mut Vec<&'v ValueRef>) {
    match value {
        ValueRef::Input(_) => out.push(value),
        ValueRef::Derived(derived) => {
            if matches!(
                derived.derivation,
                seam_ir::summary::Derivation::PropertyAccess(_)
                    | seam_ir::summary::Derivation::Destructured(_)
                    | seam_ir::summary::Derivation::IndexAccess(_)
            ) && boundary_rooted(&derived.from)
            {
                out.push(value);
            } else {
                input_refs(&derived.from, out);
            }
        }
        _ => {}
    }
}

fn boundary_rooted(value: &ValueRef) -> bool {
    match value {
        ValueRef::Input(_) => true,
        ValueRef::Derived(d) => boundary_rooted(&d.from),
        _ => false,
    }
}

fn predicate_values<'v>(predicate: &'v Predicate, out: &mut Vec<&'v ValueRef>) {
    match predicate {
        Predicate::NullCheck(c) | Predicate::TruthinessCheck(c) => input_refs(&c.subject, out),
        Predicate::Negation(n) => predicate_values(&n.operand, out),
        Predicate::Compound(c) => {
            for operand in &c.operands {
                predicate_values(operand, out);
            }
        }
        Predicate::Comparison(c) => {
            input_refs(&c.left, out);
            input_refs(&c.right, out);
        }
        Predicate::TypeCheck(c) => input_refs(&c.subject, out),
        Predicate::PropertyExists(c) => input_refs(&c.subject, out),
        _ => {}
    }
}

/// The input paths a unit reads off its boundary input (`params.id`, `body.items`): from its
/// conditions, provenance and call arguments written as `req.<path>`.
pub fn input_reads(summary: &BehavioralSummary) -> BTreeSet<Vec<String>> {
    let mut out = BTreeSet::new();
    if let Some(reads) = &summary.input_reads {
        let request = request_input(summary);
        for read in reads {
            if request.as_deref() == Some(read.input.as_str()) {
                out.insert(read.path.clone());
            }
        }
    }
    let request = request_input(summary);
    for t in &summary.transitions {
        let mut values = Vec::new();
        for condition in &t.conditions {
            predicate_values(condition, &mut values);
        }
        for entry in t.provenance.iter().flatten() {
            for from in &entry.from {
                input_refs(from, &mut values);
            }
        }
        for value in values {
            if let Some(path) = boundary_path_of(summary, value)
                && !path.is_empty()
            {
                out.insert(path);
            }
        }
        if let Some(request) = &request {
            for effect in &t.effects {
                let Effect::Invocation(call) = &**effect else {
                    continue;
                };
                for arg in &call.args {
                    let Some(text) = arg.get("sourceText").and_then(|v| v.as_str()) else {
                        continue;
                    };
                    if let Some(rest) = text.strip_prefix(&format!("{request}.")) {
                        let path: Vec<String> = rest
                            .split('.')
                            .take_while(|p| p.chars().all(|c| c.is_alphanumeric() || c == '_'))
                            .map(str::to_owned)
                            .collect();
                        if !path.is_empty() {
                            out.insert(path);
                        }
                    }
                }
            }
        }
    }
    // A read of `body` whole covers every body field; keep what was read as written.
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn binding(json: serde_json::Value) -> BoundaryBinding {
        serde_json::from_value(json).expect("a binding")
    }

    #[test]
    fn a_shorter_spelling_covers_more() {
        let table = binding(serde_json::json!({
            "transport": "aws-sdk",
            "semantics": { "name": "storage", "storageSystem": "aws.dynamodb", "scope": "default", "container": "editions", "accessPath": "by-publication" },
            "recognition": "dynamodb",
        }));
        assert!(names_boundary("aws.dynamodb:editions", &table));
        assert!(names_boundary("dynamodb:editions", &table));
        assert!(names_boundary(
            "aws.dynamodb:editions#by-publication",
            &table
        ));
        assert!(!names_boundary("aws.dynamodb:editions#by-date", &table));
        assert!(!names_boundary("aws.dynamodb:orders", &table));
        let route = binding(serde_json::json!({
            "transport": "http",
            "semantics": { "name": "rest", "method": "GET", "path": "/orders/:orderId" },
            "recognition": "express",
        }));
        assert!(names_boundary("GET /orders/{id}", &route));
        assert!(names_boundary("/orders/:id", &route));
        assert!(!names_boundary("POST /orders/{id}", &route));
        let prisma = binding(serde_json::json!({
            "transport": "prisma",
            "semantics": { "name": "storage", "storageSystem": null, "scope": "default", "container": "order", "accessPath": null },
            "recognition": "prisma",
        }));
        assert!(names_boundary("prisma:order", &prisma));
        assert_eq!(spelled_key(&prisma).as_deref(), Some("prisma:order"));
    }

    #[test]
    fn a_call_in_a_condition_is_the_effect_it_names() {
        assert!(same_call(
            "prisma.order.findUnique",
            "PrismaClient.order.findUnique"
        ));
        assert!(same_call("findOrder", "findOrder"));
        assert!(!same_call(
            "prisma.user.findUnique",
            "PrismaClient.order.findUnique"
        ));
        assert!(!same_call("a.find", "b.find"));
        assert_eq!(last_name("api::orders.get"), "get");
    }
}
