//! From path ends to summaries: outputs, predicates with polarity, transition ids, effects
//! folded, gaps, confidence, inputs and identity.

use std::collections::{BTreeMap, BTreeSet};

use indexmap::IndexMap;
use seam_ir::summary::*;
use seam_lang::model::{
    ExprId, ExprKind, FuncId, Language, LiteralValue, MemberProp, Model, PatternKind, Span, TypeRef,
};
use seam_packs::{Capture, Captures, OutputKind, Pack, ValueRead};

use crate::conditions::{Scope, is_opaque, json_number};
use crate::files::Files;
use crate::shape::{declared_shape, shape_of};
use crate::walk::{CallSite, End, Guard, GuardKind, PathEnd, Sent};

/// A client call recognised anywhere: what an interaction effect says about it.
#[derive(Debug, Clone)]
pub struct RecognisedCall {
    pub recognition: String,
    pub transport: String,
    pub method: Option<String>,
    pub path: Option<String>,
    /// Store accesses (a store pack's call) rather than a service call. Boxed: most
    /// recognised calls are service calls, and the binding held inline made every one of them
    /// larger (the index is alive while every unit is built).
    pub storage: Option<Box<(BoundaryBinding, Vec<Interaction>)>>,
    /// The columns the first store access writes or selects by, or the fields a service call
    /// sends in its body, with their values.
    pub slots: Vec<crate::storage::StoreSlot>,
}

/// Recognised client calls by (file, call).
pub type CallIndex = BTreeMap<(usize, ExprId), RecognisedCall>;

/// What the assembler needs about the unit.
pub struct UnitFacts<'a> {
    pub files: &'a Files<'a>,
    pub file: usize,
    pub function: FuncId,
    pub pack: &'a Pack,
    /// The name transition ids start with.
    pub name: &'a str,
    pub calls: &'a CallIndex,
    /// The status and the body the route declares (handler units registered with them).
    pub route_status: Option<ExprId>,
    pub route_body: Option<ExprId>,
    /// The status route terminals report when the route declares none.
    pub route_default_status: Option<i64>,
    /// A client unit's own call: the effect it folds into (the same request written again in
    /// the function) is located at it, so each call's summary points at its own line.
    pub own_call: Option<ExprId>,
    /// A route's exception handlers: a throw they answer for is a response.
    pub advice: Option<&'a crate::exception_advice::Advice>,
    /// What the unit's own call requests, when several units read the one call (one per
    /// form of its request, see `crate::alternatives`): each unit's effect says its own.
    pub own_request: Option<&'a RecognisedCall>,
}

/// The status a route's exception handlers answer a thrown `new X(…)` with.
fn advised_status(facts: &UnitFacts, value: ExprId) -> Option<u16> {
    let model = facts.files.model(facts.file);
    let route_class = model
        .function(facts.function)
        .class
        .map(|c| (facts.file, c));
    facts
        .advice?
        .thrown_status(facts.files, facts.pack, facts.file, value, route_class)
}

/// Transitions, gaps and the confidence of one unit.
pub struct Assembled {
    pub transitions: Vec<Transition>,
    pub gaps: Vec<Gap>,
    pub confidence: ConfidenceInfo,
}

fn guard_text(model: &Model, guard: &Guard) -> String {
    match &guard.kind {
        GuardKind::Expr(e) => model.text_collapsed(model.expr(*e).span),
        GuardKind::Catch => "<catch>".to_owned(),
        // The callee only: the arguments may hold a whole function written in place.
        GuardKind::Sends(call) => match &model.expr(*call).kind {
            ExprKind::Call { callee, .. } => {
                format!(
                    "{}(…) sends",
                    model.text_collapsed(model.expr(*callee).span)
                )
            }
            _ => format!("{} sends", model.text_collapsed(model.expr(*call).span)),
        },
        GuardKind::Case { discriminant, test } => {
            let eq = if model.language == Language::Python {
                "=="
            } else {
                "==="
            };
            format!(
                "{} {eq} {}",
                model.text_collapsed(model.expr(*discriminant).span),
                model.text_collapsed(model.expr(*test).span)
            )
        }
    }
}

fn guard_predicate(scope: &Scope, guard: &Guard) -> Predicate {
    let model = scope.model;
    let positive = match &guard.kind {
        GuardKind::Expr(e) => scope.predicate(*e),
        GuardKind::Catch => Predicate::Opaque(OpaquePredicate {
            source_text: "<catch>".to_owned(),
            reason: OpaqueReason::UnsupportedSyntax,
        }),
        GuardKind::Sends(_) => Predicate::Opaque(OpaquePredicate {
            source_text: guard_text(model, guard),
            reason: OpaqueReason::ExternalFunction,
        }),
        GuardKind::Case { discriminant, test } => Predicate::Comparison(Comparison {
            left: scope.value(*discriminant),
            op: ComparisonOp::Eq,
            right: scope.value(*test),
        }),
    };
    let _ = model;
    match guard.polarity {
        Polarity::Positive => positive,
        Polarity::Negative => Predicate::Negation(Negation {
            operand: Box::new(positive),
        }),
    }
}

fn lines(model: &Model, span: Span) -> LineRange {
    let (start, end) = model.line_range(span);
    LineRange { start, end }
}

fn arg_descriptor(model: &Model, expr: ExprId) -> serde_json::Value {
    match &model.expr(expr).kind {
        ExprKind::Ident { name, .. } => pair_object(
            "identifier",
            "name",
            serde_json::Value::String(name.to_string()),
        ),
        ExprKind::Literal { value } => {
            let v = match value {
                LiteralValue::String { value } => serde_json::Value::String(value.to_string()),
                LiteralValue::Number(number) => json_number(number.value)
                    .map_or(serde_json::Value::Null, serde_json::Value::Number),
                LiteralValue::Bool { value } => serde_json::Value::Bool(*value),
                _ => serde_json::Value::Null,
            };
            pair_object("literal", "value", v)
        }
        _ => pair_object(
            "expression",
            "sourceText",
            serde_json::Value::String(model.text_collapsed(model.expr(expr).span)),
        ),
    }
}

/// `{"kind": kind, key: value}`, sized for its two entries: an argument's descriptor is kept
/// once per effect of every transition, and a map grown by inserting holds room for three.
fn pair_object(kind: &str, key: &str, value: serde_json::Value) -> serde_json::Value {
    let mut map = serde_json::Map::with_capacity(2);
    map.insert(
        "kind".to_owned(),
        serde_json::Value::String(kind.to_owned()),
    );
    map.insert(key.to_owned(), value);
    serde_json::Value::Object(map)
}

/// One effect per call site; identical effects fold into one with a count, keeping the first
/// site's location. With them, where each column a store access writes or selects by got its
/// value (the unit's `scope` reads the value expressions).
fn effects_and_provenance(
    facts: &UnitFacts,
    calls: &[CallSite],
    scope: Option<&Scope>,
) -> (Vec<Effect>, Vec<ProvenanceEntry>) {
    let model = facts.files.model(facts.file);
    let mut out: Vec<Effect> = Vec::new();
    let mut provenance: Vec<ProvenanceEntry> = Vec::new();
    for site in calls {
        crate::consulted::call(facts.file, site.call);
        if crate::consulted::active() {
            crate::consulted::entry(
                || crate::consulted::Fact::RecognisedCall(facts.file, site.call),
                &facts.calls.get(&(facts.file, site.call)),
            );
        }
        let (callee, args) = match &model.expr(site.call).kind {
            ExprKind::Call { callee, args, .. } => (callee, &args[..]),
            // A tagged template is an effect only when a pack recognised it.
            ExprKind::Template(t)
                if t.tag.is_some() && facts.calls.contains_key(&(facts.file, site.call)) =>
            {
                match &t.tag {
                    Some(tag) => (tag, &[][..]),
                    None => continue,
                }
            }
            _ => continue,
        };
        // Calls written inside a nested function the walk did not enter have no place here.
        let callee_text = model.text_collapsed(model.expr(*callee).span);
        let location = Some(lines(model, model.expr(site.call).span));
        let recognised = match facts.own_request {
            Some(own) if facts.own_call == Some(site.call) => Some(own),
            _ => facts.calls.get(&(facts.file, site.call)),
        };
        if let Some(RecognisedCall {
            storage: Some(stored),
            slots,
            ..
        }) = recognised
        {
            let (binding, interactions) = &**stored;
            // One effect per access the call makes (a write that selects also reads back).
            for (n, interaction) in interactions.iter().enumerate() {
                let effect = Effect::Interaction(InteractionEffect {
                    binding: binding.clone(),
                    callee: Some(callee_text.clone()),
                    group_id: None,
                    preconditions: None,
                    interaction: interaction.clone(),
                    location: location.clone(),
                    count: None,
                });
                let at = fold_effect(&mut out, effect, false);
                if n == 0
                    && let Some(scope) = scope
                {
                    crate::provenance::record(scope, slots, at, &mut provenance);
                }
            }
            continue;
        }
        let effect = match recognised {
            Some(r) => Effect::Interaction(InteractionEffect {
                binding: BoundaryBinding {
                    transport: r.transport.clone(),
                    semantics: Semantics::Rest(RestSemantics {
                        method: r.method.clone(),
                        path: r.path.clone(),
                        declared_responses: None,
                    }),
                    recognition: r.recognition.clone(),
                },
                callee: Some(callee_text),
                group_id: None,
                preconditions: None,
                interaction: Interaction::ServiceCall(ServiceCall {
                    method: r.method.clone().unwrap_or_else(|| "*".to_owned()),
                    payload: None,
                    response_shape: None,
                }),
                location,
                count: None,
            }),
            None => Effect::Invocation(InvocationEffect {
                callee: callee_text,
                args: args
                    .iter()
                    .map(|a| arg_descriptor(model, a.value))
                    .collect(),
                is_async: Some(site.awaited),
                summary: None,
                declared_at: None,
                args_declared_at: None,
                args_summary: None,
                callee_parameter: None,
                receiver_class: crate::receiver::receiver_class(facts.files, facts.file, site.call),
                receiver_constructions: None,
                preconditions: None,
                location,
                count: None,
            }),
        };
        let at = fold_effect(&mut out, effect, facts.own_call == Some(site.call));
        if let (Some(r), Some(scope)) = (recognised, scope) {
            crate::provenance::record(scope, &r.slots, at, &mut provenance);
        }
    }
    (out, provenance)
}

/// Adds an effect, or counts it on the identical one already there: identical but for where
/// it is written and how often it fired. Compared in place, field by field (this runs for
/// every call on every path).
/// Returns the effect's index in `out`. An `own` effect (the unit's own call) folded into an
/// earlier one moves the folded effect's location to itself.
fn fold_effect(out: &mut Vec<Effect>, mut effect: Effect, own: bool) -> usize {
    let kept = location_and_count(&mut effect).map(|(l, c)| (l.take(), c.take()));
    match out.iter_mut().position(|e| same_effect(e, &effect)) {
        Some(i) => {
            bump(&mut out[i]);
            if own
                && let Some((own_location, _)) = kept
                && let Some((location, _)) = location_and_count(&mut out[i])
            {
                *location = own_location;
            }
            i
        }
        None => {
            if let (Some(kept), Some((location, count))) = (kept, location_and_count(&mut effect)) {
                (*location, *count) = kept;
            }
            out.push(effect);
            out.len() - 1
        }
    }
}

/// Whether `stored` is `bare` (an effect without location and count) once its own location
/// and count are set aside.
fn same_effect(stored: &mut Effect, bare: &Effect) -> bool {
    let Some((location, count)) = location_and_count(stored) else {
        return stored == bare;
    };
    let kept = (location.take(), count.take());
    let same = stored == bare;
    if let Some((location, count)) = location_and_count(stored) {
        (*location, *count) = kept;
    }
    same
}

fn location_and_count(effect: &mut Effect) -> Option<(&mut Option<LineRange>, &mut Option<u32>)> {
    match effect {
        Effect::Mutation(e) => Some((&mut e.location, &mut e.count)),
        Effect::Invocation(e) => Some((&mut e.location, &mut e.count)),
        Effect::Emission(e) => Some((&mut e.location, &mut e.count)),
        Effect::StateChange(e) => Some((&mut e.location, &mut e.count)),
        Effect::Interaction(e) => Some((&mut e.location, &mut e.count)),
        _ => None,
    }
}

fn bump(effect: &mut Effect) {
    let count = match effect {
        Effect::Invocation(e) => &mut e.count,
        Effect::Interaction(e) => &mut e.count,
        _ => return,
    };
    *count = Some(count.unwrap_or(1) + 1);
}

fn capture_expr(captures: &Captures, name: &Option<String>) -> Option<ExprId> {
    name.as_ref()
        .and_then(|n| captures.get(n))
        .and_then(Capture::expr)
}

fn capture_text(model: &Model, captures: &Captures, name: &Option<String>) -> Option<String> {
    match name.as_ref().and_then(|n| captures.get(n))? {
        Capture::Expr(e) => Some(model.text_collapsed(model.expr(*e).span)),
        Capture::Name(n, _) => Some(n.clone()),
        Capture::List(_) => None,
    }
}

fn string_literal(model: &Model, expr: ExprId) -> Option<String> {
    match &model.expr(expr).kind {
        ExprKind::Literal {
            value: LiteralValue::String { value },
        } => Some(value.to_string()),
        _ => None,
    }
}

/// The return type a function declares, by name (`Promise<Response>`), or unknown.
fn declared_return(model: &Model, function: FuncId) -> TypeShape {
    match &model.function(function).return_type {
        Some(declared) if matches!(declared.shape, seam_lang::model::TypeRef::Named { .. }) => {
            TypeShape::Ref(seam_ir::summary::RefShape {
                name: declared.text.to_string(),
                def: None,
                from: None,
            })
        }
        _ => TypeShape::Unknown,
    }
}

/// Whether `value`, returned by a Go function whose last result is an `error`, hands an error
/// back: it is not `nil` (`return err`), or its last value is not (`return nil, err`).
fn returns_error(model: &Model, function: FuncId, value: ExprId) -> bool {
    if model.language != Language::Go {
        return false;
    }
    let Some(declared) = &model.function(function).return_type else {
        return false;
    };
    let results = declared.text.trim();
    let last_is_error = results == "error"
        || (results.starts_with('(')
            && results
                .trim_end_matches(')')
                .rsplit(',')
                .next()
                .is_some_and(|last| last.split_whitespace().last() == Some("error")));
    let text = model.text_collapsed(model.expr(value).span);
    last_is_error && text.rsplit(',').next().map(str::trim) != Some("nil")
}

/// `new Error("x")` / `HTTPException(...)`: the constructor and the first string argument.
fn thrown(model: &Model, value: Option<ExprId>) -> (Option<String>, Option<String>) {
    let Some(v) = value else { return (None, None) };
    match &model.expr(v).kind {
        ExprKind::Call { callee, args, .. } => (
            Some(model.text_collapsed(model.expr(*callee).span)),
            args.first().and_then(|a| string_literal(model, a.value)),
        ),
        _ => (None, None),
    }
}

/// The number a library constant names (`HttpStatus.NOT_FOUND`, also written fully
/// qualified), from the pack's `constants`.
pub(crate) fn named_constant(
    model: &Model,
    expr: ExprId,
    constants: &BTreeMap<String, i64>,
) -> Option<i64> {
    if constants.is_empty() {
        return None;
    }
    // A key written `:name` names a string literal of that value (a Ruby symbol, `:not_found`).
    if let ExprKind::Literal {
        value: LiteralValue::String { value },
    } = &model.expr(expr).kind
    {
        return constants.get(&format!(":{}", value.as_str())).copied();
    }
    let chain = model.member_chain(expr)?;
    let found = |chain: &[&str]| {
        (0..chain.len()).find_map(|start| constants.get(&chain[start..].join(".")).copied())
    };
    found(&chain).or_else(|| {
        // A name imported from its class (`import …HttpStatus.NOT_FOUND`, Java's static
        // import, or a class's members by `import …HttpStatus.*`) reads as the qualified name.
        imported_qualifiers(model, expr)
            .into_iter()
            .find_map(|prefix| {
                let mut qualified: Vec<&str> = prefix.split('.').collect();
                qualified.extend(chain.iter().skip(1));
                found(&qualified)
            })
    })
}

/// The dotted names the head of a member chain may stand for through the file's imports:
/// the import that binds it (a single-name import names the name itself, a static import
/// its class), else every wildcard import of a class (`a.b.C.*`).
fn imported_qualifiers(model: &Model, expr: ExprId) -> Vec<String> {
    let mut head = expr;
    while let ExprKind::Member { object, .. } = &model.expr(head).kind {
        head = *object;
    }
    let ExprKind::Ident { name, binding } = &model.expr(head).kind else {
        return Vec::new();
    };
    match binding.map(|b| &model.binding(b).kind) {
        Some(seam_lang::model::BindingKind::Import { import, name: n }) => {
            let Some(import) = model.imports.get(*import as usize) else {
                return Vec::new();
            };
            let imported = match import.names.get(*n as usize).map(|i| &i.imported) {
                Some(seam_lang::model::ImportedItem::Named(i)) => i.as_str(),
                _ => return Vec::new(),
            };
            if import.specifier.ends_with(&format!(".{imported}")) {
                // `import a.b.HttpStatus.NOT_FOUND` (or `… as NF`): the specifier spells it.
                vec![import.specifier.clone()]
            } else {
                vec![format!("{}.{imported}", import.specifier)]
            }
        }
        Some(_) => Vec::new(),
        None => model
            .imports
            .iter()
            .filter(|i| {
                i.names
                    .iter()
                    .any(|n| matches!(n.imported, seam_lang::model::ImportedItem::All))
                    && i.specifier
                        .rsplit('.')
                        .next()
                        .is_some_and(|last| last.starts_with(|c: char| c.is_ascii_uppercase()))
            })
            .map(|i| format!("{}.{name}", i.specifier))
            .collect(),
    }
}

/// The status a terminal produces and the status key of its transition id.
fn status(
    (files, file): (&Files, usize),
    scope: &Scope,
    read: &Option<ValueRead>,
    captures: &Captures,
    constants: &BTreeMap<String, i64>,
) -> (Option<ValueRef>, String) {
    let model = files.model(file);
    match read {
        Some(ValueRead::Number(n)) => (
            Some(ValueRef::Literal(LiteralValueRef {
                value: seam_ir::summary::LiteralValue::Number((*n).into()),
            })),
            n.to_string(),
        ),
        Some(ValueRead::Meta(m)) => match captures.get(m).and_then(Capture::expr) {
            Some(e) => match &model.expr(e).kind {
                ExprKind::Literal {
                    value: LiteralValue::Number(number),
                } => match json_number(number.value) {
                    Some(n) => {
                        let key = n.to_string();
                        (
                            Some(ValueRef::Literal(LiteralValueRef {
                                value: seam_ir::summary::LiteralValue::Number(n),
                            })),
                            key,
                        )
                    }
                    None => (None, "none".to_owned()),
                },
                _ if let Some(n) = named_constant(model, e, constants)
                    .map(|n| n as f64)
                    .or_else(|| crate::project_constants::class_number(files, file, e))
                    .and_then(json_number) =>
                {
                    (
                        Some(ValueRef::Literal(LiteralValueRef {
                            value: seam_ir::summary::LiteralValue::Number(n.clone()),
                        })),
                        n.to_string(),
                    )
                }
                _ => {
                    let value = scope.value(e);
                    // A constant that holds a number is that number.
                    let key = match &value {
                        ValueRef::Literal(LiteralValueRef {
                            value: seam_ir::summary::LiteralValue::Number(n),
                        }) => n.to_string(),
                        _ => format!("dyn:{}", model.text_collapsed(model.expr(e).span)),
                    };
                    (Some(value), key)
                }
            },
            None => (None, "none".to_owned()),
        },
        _ => (None, "none".to_owned()),
    }
}

/// The statuses a terminal produces, each with the status key of its transition id: one, or
/// several when the status is a key of what a project function returned (`r.status` with
/// `r = await f()`: one per number `f`'s returns give, see [`crate::returned_statuses`]).
fn status_cases(
    (files, file): (&Files, usize),
    scope: &Scope,
    read: &Option<ValueRead>,
    captures: &Captures,
    constants: &BTreeMap<String, i64>,
) -> Vec<(Option<ValueRef>, String)> {
    let one = status((files, file), scope, read, captures, constants);
    // Only a status left unread is looked for in what a function returned.
    let Some(ValueRead::Meta(m)) = read else {
        return vec![one];
    };
    let Some(e) = captures.get(m).and_then(Capture::expr) else {
        return vec![one];
    };
    if !one.1.starts_with("dyn:") {
        return vec![one];
    }
    let number = |f: usize, e: ExprId| {
        named_constant(files.model(f), e, constants)
            .map(|n| n as f64)
            .or_else(|| crate::project_constants::class_number(files, f, e))
    };
    let Some(numbers) = crate::returned_statuses::returned_numbers(files, file, e, &number) else {
        return vec![one];
    };
    numbers
        .into_iter()
        .map(|n| match n.and_then(json_number) {
            Some(n) => (
                Some(ValueRef::Literal(LiteralValueRef {
                    value: seam_ir::summary::LiteralValue::Number(n.clone()),
                })),
                n.to_string(),
            ),
            None => one.clone(),
        })
        .collect()
}

/// The call index's entries of one file (what [`crate::consulted::Fact::RecognisedCallsOfFile`]
/// stands for).
pub(crate) fn calls_of_file(
    calls: &CallIndex,
    file: usize,
) -> Vec<(&(usize, ExprId), &RecognisedCall)> {
    calls
        .range((file, ExprId::from_index(0))..)
        .take_while(|((f, _), _)| *f == file)
        .collect()
}

/// Builds the transitions, gaps and confidence of a unit from its path ends.
pub fn assemble(facts: &UnitFacts, ends: &[PathEnd]) -> Assembled {
    let model = facts.files.model(facts.file);
    // A client unit's sibling requests in its function: a guard on one of their responses is
    // not a guard on this one's.
    let foreign = match facts.own_call {
        Some(own) => {
            let span = model.function(facts.function).span;
            if crate::consulted::active() {
                crate::consulted::entry(
                    || crate::consulted::Fact::RecognisedCallsOfFile(facts.file),
                    &calls_of_file(facts.calls, facts.file),
                );
            }
            let others: BTreeSet<ExprId> = facts
                .calls
                .range((facts.file, ExprId::from_index(0))..)
                .take_while(|((f, _), _)| *f == facts.file)
                .filter(|((_, call), recognised)| {
                    *call != own
                        && recognised.storage.is_none()
                        && span.contains(model.expr(*call).span)
                })
                .map(|((_, call), _)| *call)
                .collect();
            crate::conditions::foreign_responses(facts.files, facts.file, own, &others)
        }
        None => BTreeSet::new(),
    };
    let scope = Scope {
        model,
        function: facts.function,
        foreign,
    };
    let mut transitions = Vec::new();
    let mut gaps = Vec::new();
    let mut total_conditions = 0usize;
    let mut opaque_conditions = 0usize;
    let mut unread = false;
    let mut seen_ids: BTreeSet<String> = BTreeSet::new();
    for end in ends {
        let conditions: Vec<Predicate> = end
            .guards
            .iter()
            .map(|g| guard_predicate(&scope, g))
            .collect();
        let texts: Vec<(Polarity, String)> = end
            .guards
            .iter()
            .map(|g| (g.polarity, guard_text(model, g)))
            .collect();
        // Further statuses the end's response takes (one transition each).
        let mut other_statuses: Vec<(Option<ValueRef>, String)> = Vec::new();
        let (output, kind, status_key) = match &end.end {
            End::Terminal { index, captures } => {
                let Some(t) = facts.pack.terminals.get(*index) else {
                    continue;
                };
                match t.output {
                    OutputKind::Response => {
                        // A status set earlier on the path replaces a fixed one.
                        let set = match (&t.status, &end.status_set) {
                            (Some(ValueRead::Number(_)) | None, Some((si, sc))) => facts
                                .pack
                                .terminals
                                .get(*si)
                                .filter(|st| st.sets_status)
                                .map(|st| (&st.status, sc)),
                            _ => None,
                        };
                        let (read, from) = set.unwrap_or((&t.status, captures));
                        // A status the route declares (`status_code=201`) replaces the
                        // terminal's own.
                        let route_read = Some(ValueRead::Meta("ROUTE".to_owned()));
                        let route_captures: Captures = facts
                            .route_status
                            .filter(|_| t.route)
                            .map(|e| Captures::from([("ROUTE".to_owned(), Capture::Expr(e))]))
                            .unwrap_or_default();
                        let default_read = facts
                            .route_default_status
                            .filter(|_| t.route)
                            .map(ValueRead::Number);
                        let (read, from) = if !route_captures.is_empty() {
                            (&route_read, &route_captures)
                        } else if default_read.is_some() && end.status_set.is_none() {
                            (&default_read, captures)
                        } else {
                            (read, from)
                        };
                        let mut cases = status_cases(
                            (facts.files, facts.file),
                            &scope,
                            read,
                            from,
                            &facts.pack.constants,
                        );
                        let (status_code, key) = cases.remove(0);
                        other_statuses = cases;
                        let body = match facts.route_body.filter(|_| t.route) {
                            Some(declared) => Some(declared_shape(model, declared)),
                            None => capture_expr(captures, &t.body).map(|b| {
                                crate::struct_literals::body_shape(facts.files, facts.file, b)
                            }),
                        };
                        (
                            Output::Response(ResponseOutput {
                                status_code,
                                body,
                                headers: IndexMap::new(),
                            }),
                            "response",
                            key,
                        )
                    }
                    OutputKind::Throw
                        if let Some(status) = capture_expr(captures, &t.exception)
                            .and_then(|callee| raised_call(model, callee))
                            .and_then(|call| advised_status(facts, call)) =>
                    {
                        (
                            crate::exception_advice::response(status),
                            "response",
                            status.to_string(),
                        )
                    }
                    OutputKind::Throw => {
                        let message = capture_expr(captures, &t.message)
                            .and_then(|m| string_literal(model, m))
                            .or_else(|| match captures.get("ARGS") {
                                Some(Capture::List(args)) => {
                                    args.first().and_then(|a| string_literal(model, *a))
                                }
                                _ => None,
                            });
                        // The raised call (`$ERROR($$$ARGS)`): the status its class carries.
                        let status_when_uncaught = capture_expr(captures, &t.exception)
                            .and_then(|callee| raised_call(model, callee))
                            .and_then(|call| {
                                crate::exception_status::raised_status(
                                    facts.files,
                                    facts.file,
                                    call,
                                )
                            })
                            .map(serde_json::Value::from);
                        (
                            Output::Throw(ThrowOutput {
                                exception_type: capture_text(model, captures, &t.exception),
                                message,
                                exception_ancestors: None,
                                ancestry_incomplete: None,
                                status_when_uncaught,
                            }),
                            "throw",
                            "none".to_owned(),
                        )
                    }
                    OutputKind::Return => (
                        Output::Return(ReturnOutput {
                            value: capture_expr(captures, &t.body).map(|b| shape_of(model, b)),
                        }),
                        "return",
                        "none".to_owned(),
                    ),
                }
            }
            End::Return(value) => (
                Output::Return(ReturnOutput {
                    value: Some(value.map_or(TypeShape::Undefined, |v| {
                        match shape_of(model, v) {
                            // What the value is could not be read: the function's declared
                            // return type says (`Promise<Response>`: the response itself).
                            TypeShape::Unknown => declared_return(model, facts.function),
                            shape => shape,
                        }
                    })),
                }),
                "return",
                "none".to_owned(),
            ),
            End::FellOff => (
                Output::Return(ReturnOutput {
                    value: Some(TypeShape::Undefined),
                }),
                "return",
                "none".to_owned(),
            ),
            End::Throw(Some(value)) if let Some(status) = advised_status(facts, *value) => (
                crate::exception_advice::response(status),
                "response",
                status.to_string(),
            ),
            End::Throw(value) => {
                let (exception_type, message) = thrown(model, *value);
                let status_when_uncaught = value
                    .and_then(|v| {
                        crate::exception_status::raised_status(facts.files, facts.file, v)
                    })
                    .map(serde_json::Value::from);
                (
                    Output::Throw(ThrowOutput {
                        exception_type,
                        message,
                        exception_ancestors: None,
                        ancestry_incomplete: None,
                        status_when_uncaught,
                    }),
                    "throw",
                    "none".to_owned(),
                )
            }
            End::Sent(sent) => {
                let (status_code, key) = match sent {
                    Sent::Number(n) => match json_number(*n) {
                        Some(n) => (
                            Some(ValueRef::Literal(LiteralValueRef {
                                value: seam_ir::summary::LiteralValue::Number(n.clone()),
                            })),
                            n.to_string(),
                        ),
                        None => (None, "none".to_owned()),
                    },
                    Sent::Expr(e) => status(
                        (facts.files, facts.file),
                        &scope,
                        &Some(ValueRead::Meta("STATUS".to_owned())),
                        &Captures::from([("STATUS".to_owned(), Capture::Expr(*e))]),
                        &facts.pack.constants,
                    ),
                    Sent::Unknown => (None, "none".to_owned()),
                };
                (
                    Output::Response(ResponseOutput {
                        status_code,
                        body: None,
                        headers: IndexMap::new(),
                    }),
                    "response",
                    key,
                )
            }
            End::Unread(value) => {
                unread = true;
                gaps.push(Gap {
                    gap_type: GapType::UnreadOutcome,
                    conditions,
                    // A Go error handed back to the framework (`return err`, `return nil,
                    // err`) is answered by its error handling, as a raise is.
                    consequence: if returns_error(model, facts.function, *value) {
                        GapConsequence::ImplicitThrow
                    } else {
                        GapConsequence::Unknown
                    },
                    description: format!(
                        "The unit returns `{}`, which no terminal of the {} pack reads as an output",
                        model.text_collapsed(model.expr(*value).span),
                        facts.pack.name
                    ),
                    callee: None,
                    used_as_value: None,
                });
                continue;
            }
        };
        // Being in a catch block is a fact about the path, not a condition left unread.
        for (guard, predicate) in end.guards.iter().zip(&conditions) {
            if guard.kind != GuardKind::Catch {
                total_conditions += 1;
                opaque_conditions += usize::from(is_opaque(predicate));
            }
        }
        let mut outputs = Vec::with_capacity(1 + other_statuses.len());
        if let Output::Response(response) = &output {
            for (status_code, key) in other_statuses {
                let mut other = response.clone();
                other.status_code = status_code;
                outputs.push((Output::Response(other), key));
            }
        }
        outputs.insert(0, (output, status_key));
        let pairs: Vec<(Polarity, &str)> = texts.iter().map(|(p, t)| (*p, t.as_str())).collect();
        for (output, status_key) in outputs {
            let id = transition_id(facts.name, kind, &status_key, &pairs);
            if !seen_ids.insert(id.clone()) {
                // The same chain reaching the same output twice (a terminal in a loop) is one
                // path.
                continue;
            }
            let is_default = end.guards.len() == end.early;
            let expected_input = (!end.reads.is_empty()).then(|| end.reads.shape());
            let (effects, provenance) = effects_and_provenance(facts, &end.calls, Some(&scope));
            transitions.push(Transition {
                id,
                conditions: conditions.clone(),
                output,
                effects: effects.into_iter().map(std::sync::Arc::new).collect(),
                location: lines(model, end.span),
                is_default,
                confidence: None,
                expected_input,
                provenance: (!provenance.is_empty()).then_some(provenance),
                metadata: None,
            });
        }
    }
    gaps.extend(unfollowed_calls(facts, ends));
    let level = if unread {
        ConfidenceLevel::Low
    } else if opaque_conditions == 0 {
        ConfidenceLevel::High
    } else if opaque_conditions * 2 < total_conditions {
        ConfidenceLevel::Medium
    } else {
        ConfidenceLevel::Low
    };
    Assembled {
        transitions,
        gaps,
        confidence: ConfidenceInfo {
            source: ConfidenceSource::InferredStatic,
            level,
            corroboration: None,
        },
    }
}

/// A call into a project function declared with no body: what runs there is missing.
/// The call whose callee is `callee` (`new X(…)` of a captured `X`).
fn raised_call(model: &Model, callee: ExprId) -> Option<ExprId> {
    crate::files::calls(model).find(|&c| {
        matches!(&model.expr(c).kind,
            ExprKind::Call { callee: k, .. } if *k == callee)
    })
}

fn unfollowed_calls(facts: &UnitFacts, ends: &[PathEnd]) -> Vec<Gap> {
    let model = facts.files.model(facts.file);
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for end in ends {
        for site in &end.calls {
            let ExprKind::Call { callee, .. } = &model.expr(site.call).kind else {
                continue;
            };
            if !lands_on_declaration(facts.files, facts.file, *callee) {
                continue;
            }
            let text = model.text_collapsed(model.expr(*callee).span);
            if seen.insert(text.clone()) {
                out.push(Gap {
                    gap_type: GapType::UnfollowedCall,
                    conditions: Vec::new(),
                    consequence: GapConsequence::Unknown,
                    description: format!(
                        "The call to {text} lands on a declaration with no body, so whatever runs there is missing from this summary"
                    ),
                    callee: Some(text),
                    used_as_value: None,
                });
            }
        }
    }
    out
}

/// Whether a callee names a project declaration with no body: a bodiless function; a method
/// of the project class a receiver is (`this`, a class name, `new C()`, a typed parameter or
/// field) that no declaration of that name implements (abstract, an interface, overload
/// signatures only); or a method signature of the type a receiver is declared with
/// (`repo: UserRepository` naming an interface, `declare const db: { findById(…) }`).
fn lands_on_declaration(files: &Files, file: usize, callee: ExprId) -> bool {
    if let Some((f, func)) = files.function_of(file, callee) {
        return !implemented(files.model(f), func);
    }
    let model = files.model(file);
    let ExprKind::Member {
        object,
        property: MemberProp::Name(method),
        ..
    } = &model.expr(callee).kind
    else {
        return false;
    };
    let class = crate::classes::class_of_expr(files, file, *object)
        .or_else(|| crate::classes::class_of_receiver(files, file, *object));
    if let Some(class) = class {
        let methods = crate::classes::methods_named(files, class, method);
        return !methods.is_empty()
            && methods
                .iter()
                .all(|(f, func)| !implemented(files.model(*f), *func));
    }
    let Some((tf, declared)) = crate::classes::receiver_type(files, file, *object) else {
        return false;
    };
    let shape = match &declared.shape {
        TypeRef::Named { name, .. } => match crate::classes::type_decl_named(files, tf, name) {
            Some(decl) => &decl.shape,
            None => return false,
        },
        other => other,
    };
    matches!(shape, TypeRef::Object { properties }
        if properties.iter().any(|p| p.name == *method && matches!(p.shape, TypeRef::Function)))
}

/// Whether `func` has a body, or a declaration of the same name beside it has one: TypeScript
/// overload signatures are bodiless declarations followed by their implementation.
fn implemented(model: &Model, func: FuncId) -> bool {
    let f = model.function(func);
    crate::files::has_body(model, func)
        || (f.name.is_some()
            && model.functions.iter().enumerate().any(|(i, g)| {
                g.name == f.name
                    && g.class == f.class
                    && g.parent == f.parent
                    && crate::files::has_body(model, FuncId::from_index(i))
            }))
}

/// The role and request field a parameter takes from its default value (`Header()`), from
/// one of its decorators (`@Param("id")`, matched by the same rules), or from its name
/// matching a hole of the route's path.
fn role_by_default_or_path(
    model: &Model,
    pack: &Pack,
    name: &str,
    sources: &[ExprId],
    path: Option<&str>,
) -> Option<(String, Option<String>)> {
    for &d in sources {
        for rule in &pack.input_defaults {
            let mut caps = Captures::new();
            if !seam_packs::match_expr(model, &rule.pattern, d, &mut caps) {
                continue;
            }
            let field = match &rule.field {
                None => None,
                Some(seam_packs::FieldName::Name) => Some(name.to_owned()),
                Some(seam_packs::FieldName::Header) => Some(name.replace('_', "-")),
                Some(seam_packs::FieldName::Meta(m)) => caps
                    .get(m)
                    .and_then(Capture::expr)
                    .and_then(|e| string_literal(model, e))
                    .or_else(|| Some(name.to_owned())),
            };
            return Some((rule.role.clone(), field));
        }
    }
    let role = pack.path_parameter_role.as_ref()?;
    let hole = format!("{{{name}}}");
    path.filter(|p| p.contains(&hole))
        .map(|_| (role.clone(), Some(name.to_owned())))
}

/// The unit's parameters as inputs, with the pack's role per position, per default value
/// (`Header()`) or per path hole (`{id}`).
pub fn handler_inputs(
    model: &Model,
    function: FuncId,
    pack: &Pack,
    path: Option<&str>,
) -> Vec<Input> {
    let mut list = inputs(model, function, pack, true);
    for (input, param) in list.iter_mut().zip(&model.function(function).params) {
        let Input::Parameter(p) = input else { continue };
        if p.role.is_some() {
            continue;
        }
        let sources: Vec<ExprId> = param
            .default
            .into_iter()
            .chain(param.decorators.iter().map(|d| d.expr))
            .collect();
        if let Some((role, field)) = role_by_default_or_path(model, pack, &p.name, &sources, path) {
            p.role = Some(role);
            p.field = field;
        }
    }
    list
}

/// The unit's parameters as inputs, with the pack's role per position.
pub fn inputs(model: &Model, function: FuncId, pack: &Pack, with_roles: bool) -> Vec<Input> {
    model
        .function(function)
        .params
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let name = match &model.pattern(p.pattern).kind {
                PatternKind::Ident { name, .. } => name.clone(),
                PatternKind::Default { target, .. } => match &model.pattern(*target).kind {
                    PatternKind::Ident { name, .. } => name.clone(),
                    _ => format!("arg{i}").into(),
                },
                _ => format!("arg{i}").into(),
            };
            Input::Parameter(ParameterInput {
                name: name.to_string(),
                position: u32::try_from(i).unwrap_or(u32::MAX),
                role: if with_roles {
                    pack.role_at(i).map(str::to_owned)
                } else {
                    None
                },
                shape: None,
                field: None,
            })
        })
        .collect()
}
