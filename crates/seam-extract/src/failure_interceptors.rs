//! Response interceptors that every failed request through a client reaches first
//! (`api.interceptors.response.use(ok, (error) => { … })`, the packs' `failureInterceptors`):
//! the statuses the handler tells apart (`error.response.status === 401`) are handled for each
//! call through that client, and so is every failure when the handler tells none apart but
//! acts on it (a toast for any error). A handler that only passes the failure on
//! (`(e) => Promise.reject(e)`) handles nothing.

use std::collections::BTreeSet;
use std::sync::Arc;

use seam_lang::model::{BinaryOp, BindingKind, ExprId, ExprKind, LiteralValue, MemberProp, Model};
use seam_packs::{Capture, Captures, Pack, match_expr};

use crate::files::Files;

/// The failures an interceptor handles for the calls through its client.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HandledFailures {
    /// Every failure.
    All,
    /// These statuses.
    Statuses(BTreeSet<u16>),
}

/// The failure interceptors of one pack in the project: where each is registered, what it
/// handles.
pub type Interceptors = std::sync::Arc<Vec<(Registered, HandledFailures)>>;

/// Which clients an interceptor is registered on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Registered {
    /// The instance a creation expression makes.
    Instance(usize, ExprId),
    /// The module's own default instance (`import axios from "axios"`).
    Module(String),
    /// Every client of the pack (an interceptor the framework runs for every request).
    Every,
}

/// Every failure interceptor of the pack in the project, worked out once per pack.
pub fn failure_interceptors(files: &Files, pack: &Pack) -> Interceptors {
    if pack.failure_interceptors.is_empty() {
        return Arc::new(Vec::new());
    }
    crate::files::once_per_pack(&files.failure_interceptors, &pack.name, || {
        let mut found = Vec::new();
        for file in 0..files.count() {
            let model = files.model(file);
            if !pack.family.includes(model.language) {
                continue;
            }
            for i in &pack.failure_interceptors {
                for c in files.calls(file) {
                    let mut caps = Captures::new();
                    if !match_expr(model, &i.pattern, c.call, &mut caps) {
                        continue;
                    }
                    let Some(handler) = caps.get(&i.handler).and_then(Capture::expr) else {
                        continue;
                    };
                    let target = match &i.client {
                        None => Registered::Every,
                        Some(meta) => {
                            let Some(target) = caps
                                .get(meta)
                                .and_then(Capture::expr)
                                .and_then(|client| registered_on(files, file, client))
                            else {
                                continue;
                            };
                            target
                        }
                    };
                    let Some((hf, func)) = files.function_of(file, handler) else {
                        continue;
                    };
                    if let Some(handled) = handled_by(files.model(hf), func) {
                        found.push((target, handled));
                    }
                }
            }
        }
        Arc::new(found)
    })
}

/// The failures handled for calls through the client `target`, if an interceptor handles any.
pub fn handled_for(
    registered: &[(Registered, HandledFailures)],
    target: &Registered,
) -> Option<HandledFailures> {
    let mut statuses = BTreeSet::new();
    for (_, handled) in registered
        .iter()
        .filter(|(on, _)| on == target || *on == Registered::Every)
    {
        match handled {
            HandledFailures::All => return Some(HandledFailures::All),
            HandledFailures::Statuses(s) => statuses.extend(s),
        }
    }
    (!statuses.is_empty()).then_some(HandledFailures::Statuses(statuses))
}

/// The client an interceptor's receiver names: an instance's creation, or a module's import.
pub(crate) fn registered_on(files: &Files, file: usize, client: ExprId) -> Option<Registered> {
    let model = files.model(file);
    if let Some(b) = model.resolved_binding(client)
        && let BindingKind::Import { import, .. } = &model.binding(b).kind
        && let Some(imp) = model.imports.get(*import as usize)
        && files.import_target(file, *import as usize).is_none()
    {
        return Some(Registered::Module(imp.specifier.clone()));
    }
    let def = files.definition(file, client)?;
    let (vf, ve) = files.value_of(def)?;
    Some(Registered::Instance(vf, ve))
}

/// What a failure handler handles: the statuses it compares a `.status` with, or every
/// failure when it compares none but calls something besides passing the failure on.
fn handled_by(model: &Model, func: seam_lang::model::FuncId) -> Option<HandledFailures> {
    let span = model.function(func).span;
    let inside = |e: &seam_lang::model::Expr| span.contains(e.span);
    let mut statuses = BTreeSet::new();
    let mut acts = false;
    for e in model.exprs.iter().filter(|e| inside(e)) {
        match &e.kind {
            ExprKind::Binary {
                op: BinaryOp::Eq | BinaryOp::StrictEq,
                left,
                right,
            } => {
                for (a, b) in [(*left, *right), (*right, *left)] {
                    if reads_status(model, a)
                        && let Some(n) = status_literal(model, b).or_else(|| {
                            crate::library_constants::library_number(model, b)
                                .filter(|n| (100.0..600.0).contains(n))
                                .map(|n| n as u16)
                        })
                    {
                        statuses.insert(n);
                    }
                }
            }
            ExprKind::Call { callee, .. } if !passes_on(model, *callee) => acts = true,
            _ => {}
        }
    }
    if !statuses.is_empty() {
        Some(HandledFailures::Statuses(statuses))
    } else {
        acts.then_some(HandledFailures::All)
    }
}

/// `….status` (`error.response.status`, `err.status`), or a name holding one.
fn reads_status(model: &Model, expr: ExprId) -> bool {
    match &model.expr(expr).kind {
        ExprKind::Member {
            property: MemberProp::Name(name),
            ..
        } => name == "status",
        ExprKind::Ident {
            binding: Some(b), ..
        } => model
            .binding(*b)
            .origin
            .init
            .is_some_and(|init| init != expr && reads_status(model, init)),
        _ => false,
    }
}

fn status_literal(model: &Model, expr: ExprId) -> Option<u16> {
    match &model.expr(expr).kind {
        ExprKind::Literal {
            value: LiteralValue::Number(number),
        } if (100.0..600.0).contains(&number.value) => Some(number.value as u16),
        _ => None,
    }
}

/// `Promise.reject(…)`: passing the failure on, not handling it.
fn passes_on(model: &Model, callee: ExprId) -> bool {
    matches!(model.text(model.expr(callee).span), "Promise.reject")
}

/// Whether a consumer tells a failed response apart itself: an `if` on the response's `ok`
/// whose failing side does something (`if (res.ok) { … } else { toast.error(…) }`,
/// `if (!res.ok) { … }`). Such a branch handles every failure even when both sides run on to
/// the same end, so no transition of the summary tells them apart. So does one on a name that
/// holds the `ok` itself (`flags`: `const saved = await save(x); if (!saved) { … }`, `save`
/// returning `res.ok`).
pub fn branches_on_ok(
    files: &Files,
    file: usize,
    func: seam_lang::model::FuncId,
    responses: &BTreeSet<seam_lang::model::BindingId>,
    flags: &BTreeSet<seam_lang::model::BindingId>,
) -> bool {
    let model = files.model(file);
    let body = model.function(func).span;
    files
        .if_statements(file)
        .iter()
        .any(|&(span, test, consequent, alternate)| {
            if !body.contains(span) || crate::files::enclosing_function(model, span) != Some(func) {
                return false;
            }
            match ok_test(model, test, responses, flags) {
                Some(true) => alternate.is_some_and(|a| does_something(model, a)),
                Some(false) => does_something(model, consequent),
                None => false,
            }
        })
}

/// `res.ok` (true) or `!res.ok` (false) for a response name, or `ok` / `!ok` for a name
/// holding the flag.
fn ok_test(
    model: &Model,
    test: ExprId,
    responses: &BTreeSet<seam_lang::model::BindingId>,
    flags: &BTreeSet<seam_lang::model::BindingId>,
) -> Option<bool> {
    match &model.expr(test).kind {
        ExprKind::Unary {
            op: seam_lang::model::UnaryOp::Not,
            arg,
        } => ok_test(model, *arg, responses, flags).map(|ok| !ok),
        ExprKind::Ident {
            binding: Some(b), ..
        } if flags.contains(b) => Some(true),
        ExprKind::Member {
            object,
            property: MemberProp::Name(name),
            ..
        } if name == "ok" => model
            .resolved_binding(*object)
            .is_some_and(|b| responses.contains(&b))
            .then_some(true),
        _ => None,
    }
}

/// A statement that is not an empty block.
fn does_something(model: &Model, stmt: seam_lang::model::StmtId) -> bool {
    !matches!(&model.stmt(stmt).kind, seam_lang::model::StmtKind::Block { body } if body.is_empty())
}
