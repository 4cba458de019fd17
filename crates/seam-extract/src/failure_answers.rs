//! What the framework answers for a handler around the calls it makes, and the values code run
//! before the handler hands it (the pack's `failureAnswers` and `injected`).
//!
//! A call the framework answers itself when it fails (gin's `c.Bind(&v)` answers 400 to a
//! request whose body does not bind, before the handler's own code goes on) makes its status one
//! the handler may answer: the status goes into `metadata.http.frameworkStatuses`, so the check
//! never calls it declared but never produced. The call may be in the handler (and the
//! functions written inside it) or in a project function the handler hands its context to
//! (`withPaging(ctx, func(p) {…})` calling `ctx.MustBindWith(…)`), a few calls deep.
//!
//! A read of a value code run before the handler put on its context (Hono's `c.var.api`, set
//! by a middleware with `c.set("api", …)`) is an `injection` input of the handler: code seam
//! does not see made it, and calls on it may fail with a status the server's error handling
//! answers, as a dependency's may.

use std::collections::{BTreeMap, BTreeSet};

use seam_ir::summary::{InjectionInput, Input};
use seam_lang::model::{ExprId, ExprKind, FuncId, LiteralValue, Model, StmtKind};
use seam_packs::{Capture, Captures, Constraint, Pack, match_expr};

use crate::files::Files;
use crate::sending_helpers::{MAX_DEPTH, own_param};

/// The statuses the framework answers for calls of `pack`'s `failureAnswers` in `func` (and
/// the functions written inside it) and in the project functions it hands a parameter with a
/// role to, a few calls deep.
pub fn statuses(
    files: &Files,
    file: usize,
    pack: &Pack,
    func: FuncId,
    role_at: &dyn Fn(usize) -> Option<String>,
) -> BTreeSet<u16> {
    let mut out = BTreeSet::new();
    if pack.failure_answers.is_empty() {
        return out;
    }
    let mut seen = BTreeSet::new();
    collect(
        files, file, pack, func, role_at, MAX_DEPTH, &mut seen, &mut out,
    );
    out
}

/// A function walked, with the roles its parameters were given.
type Visit = (usize, FuncId, Vec<(usize, String)>);

#[allow(clippy::too_many_arguments)]
fn collect(
    files: &Files,
    file: usize,
    pack: &Pack,
    func: FuncId,
    role_at: &dyn Fn(usize) -> Option<String>,
    depth: usize,
    seen: &mut BTreeSet<Visit>,
    out: &mut BTreeSet<u16>,
) {
    let model = files.model(file);
    for call in crate::files::calls_inside(model, func) {
        for answer in &pack.failure_answers {
            let mut captures = Captures::new();
            if match_expr(model, &answer.pattern, call, &mut captures)
                && constraints_hold(model, func, &answer.constraints, &captures, role_at)
            {
                out.insert(answer.status);
            }
        }
        if depth == 0 {
            continue;
        }
        // A project function handed a parameter with a role answers with that role there.
        let ExprKind::Call { callee, args, .. } = &model.expr(call).kind else {
            continue;
        };
        let handed: Vec<(usize, String)> = args
            .iter()
            .enumerate()
            .filter(|(_, a)| !a.spread && !a.keyword_spread && a.name.is_none())
            .filter_map(|(position, a)| {
                own_param(model, func, a.value)
                    .and_then(role_at)
                    .map(|role| (position, role))
            })
            .collect();
        if handed.is_empty() {
            continue;
        }
        let Some((cf, cfunc)) = files
            .function_of(file, *callee)
            .filter(|(f, fu)| crate::files::has_body(files.model(*f), *fu))
        else {
            continue;
        };
        if !seen.insert((cf, cfunc, handed.clone())) {
            continue;
        }
        let roles: BTreeMap<usize, String> = handed.into_iter().collect();
        let role_at = move |i: usize| roles.get(&i).cloned();
        collect(files, cf, pack, cfunc, &role_at, depth - 1, seen, out);
    }
}

/// The statuses project exceptions carry that the project functions `func` calls raise, a few
/// calls deep (`exchange(token)` whose body has `raise TokenRejected()`, a class with
/// `status_code = 401`): the server's error handling answers them for the handler, so the
/// check never calls them declared but never produced. The handler's own raises are its
/// transitions already; a raise its caller catches is still counted, which only keeps the
/// check from saying a status is never sent.
pub fn callee_raises(files: &Files, file: usize, func: FuncId) -> BTreeSet<u16> {
    let mut out = BTreeSet::new();
    let mut seen = BTreeSet::from([(file, func)]);
    raises_in_callees(files, file, func, MAX_DEPTH, &mut seen, &mut out);
    out
}

fn raises_in_callees(
    files: &Files,
    file: usize,
    func: FuncId,
    depth: usize,
    seen: &mut BTreeSet<(usize, FuncId)>,
    out: &mut BTreeSet<u16>,
) {
    let model = files.model(file);
    for call in crate::files::calls_inside(model, func) {
        let ExprKind::Call { callee, .. } = &model.expr(call).kind else {
            continue;
        };
        let Some((cf, cfunc)) = files
            .function_of(file, *callee)
            .filter(|(f, fu)| crate::files::has_body(files.model(*f), *fu))
        else {
            continue;
        };
        if !seen.insert((cf, cfunc)) {
            continue;
        }
        let callee_model = files.model(cf);
        let callee_span = callee_model.function(cfunc).span;
        for stmt in &callee_model.stmts {
            if let StmtKind::Throw {
                value: Some(value), ..
            } = &stmt.kind
                && callee_span.contains(stmt.span)
                && let Some(status) = crate::exception_status::raised_status(files, cf, *value)
            {
                out.insert(status);
            }
        }
        if depth > 1 {
            raises_in_callees(files, cf, cfunc, depth - 1, seen, out);
        }
    }
}

/// The `injection` inputs of `func`: each value of `pack`'s `injected` it (or a function
/// written inside it) reads, by name, in source order without repeats.
pub fn injections(
    model: &Model,
    pack: &Pack,
    func: FuncId,
    role_at: &dyn Fn(usize) -> Option<String>,
) -> Vec<Input> {
    let mut names: Vec<String> = Vec::new();
    if pack.injected.is_empty() {
        return Vec::new();
    }
    let span = model.function(func).span;
    for i in 0..model.exprs.len() {
        let expr = ExprId::from_index(i);
        if !span.contains(model.expr(expr).span) {
            continue;
        }
        for value in &pack.injected {
            let mut captures = Captures::new();
            if !match_expr(model, &value.pattern, expr, &mut captures)
                || !constraints_hold(model, func, &value.constraints, &captures, role_at)
            {
                continue;
            }
            let name = match captures.get(&value.name) {
                Some(Capture::Name(n, _)) => Some(n.clone()),
                Some(Capture::Expr(e)) => match &model.expr(*e).kind {
                    ExprKind::Literal {
                        value: LiteralValue::String { value },
                    } => Some(value.to_string()),
                    _ => None,
                },
                _ => None,
            };
            if let Some(name) = name
                && !names.contains(&name)
            {
                names.push(name);
            }
        }
    }
    names
        .into_iter()
        .map(|name| {
            Input::Injection(InjectionInput {
                name,
                mechanism: "context".to_owned(),
                shape: None,
            })
        })
        .collect()
}

/// Whether every `role` and `oneOf` constraint holds: the metavariable names a parameter of
/// `func` with that role as a whole, or a property name of the list.
fn constraints_hold(
    model: &Model,
    func: FuncId,
    constraints: &BTreeMap<String, Constraint>,
    captures: &Captures,
    role_at: &dyn Fn(usize) -> Option<String>,
) -> bool {
    constraints.iter().all(|(name, c)| {
        let capture = captures.get(name);
        let role_holds = c.role.as_ref().is_none_or(|role| {
            capture
                .and_then(Capture::expr)
                .and_then(|e| own_param(model, func, e))
                .and_then(role_at)
                .is_some_and(|r| &r == role)
        });
        let one_of_holds = c.one_of.is_empty()
            || matches!(capture, Some(Capture::Name(n, _)) if c.one_of.contains(n));
        role_holds && one_of_holds
    })
}
