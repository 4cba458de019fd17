//! Wrappers that hand their callers the response's body, not the response.
//!
//! `update: (id, data) => fetch(url, …).then((res) => res.json()).catch(() => ({ ok: false }))`
//! gives `Model.update(…)`'s caller the parsed body (or a fallback): `const { memory } = await
//! Model.update(…)` and `if (!result.success)` read body fields, as they would after
//! `await res.json()`. The consumer's reads of those fields are what tells a failure body from a
//! success body (`{"success": false}` against `{"success": true}`), so they must be recorded as
//! body reads at the wrapper's caller too.

use seam_lang::model::{ExprId, ExprKind, FuncId, Model};
use seam_packs::{Captures, Pack, PatternNode, match_expr};

use crate::files::Files;

/// Whether every value the wrapper `func` of `file` returns is the body of the response its
/// request `call` gives: a read of it (`return res.json()`, `return (await api.get(u)).data`,
/// through awaits and locals), or a promise chain on the request whose first `.then` callback
/// returns only the body of the response it is given (`fetch(u).then((r) => r.json())`, also
/// after an `if` that throws), with rejection handlers after it that may give a fallback.
pub fn returns_parsed_body(
    files: &Files,
    pack: &Pack,
    wrapper: (usize, FuncId),
    call: ExprId,
) -> bool {
    returns_read(files, &pack.response.body, wrapper, call)
}

/// Whether every value the wrapper `func` of `file` returns is whether the response its request
/// `call` gives succeeded (`return res.ok`, `fetch(u).then((r) => r.ok).catch(() => false)`):
/// its caller's test of that value tells every failure apart.
pub fn returns_ok_flag(files: &Files, pack: &Pack, wrapper: (usize, FuncId), call: ExprId) -> bool {
    returns_read(files, &pack.response.ok, wrapper, call)
}

/// Whether every value `func` returns is what one of `accessors` reads of the response of
/// `call` (see [`returns_parsed_body`]).
fn returns_read(
    files: &Files,
    accessors: &[PatternNode],
    (file, func): (usize, FuncId),
    call: ExprId,
) -> bool {
    let model = files.model(file);
    let values = files.returned_values(file, func);
    !values.is_empty()
        && values.iter().all(|&v| {
            reads_body(model, accessors, v, &|r| same_call(model, r, call))
                || chained_read(files, accessors, file, v, call)
        })
}

/// `v` is `call.then(cb)` (awaited, with `.catch`/`.finally` after it) where `cb` returns only
/// the body of its first parameter (`await fetch(u).then((r) => r.json())`): the body, or a
/// fallback the rejection handler gives.
pub fn chained_body(files: &Files, pack: &Pack, file: usize, v: ExprId, call: ExprId) -> bool {
    chained_read(files, &pack.response.body, file, v, call)
}

/// `v` is `call.then(cb)` (see [`chained_body`]) where `cb` returns only what one of
/// `accessors` reads of its first parameter.
fn chained_read(
    files: &Files,
    accessors: &[PatternNode],
    file: usize,
    v: ExprId,
    call: ExprId,
) -> bool {
    let model = files.model(file);
    let mut v = crate::walk::unawaited(model, v);
    loop {
        let Some((object, method, args)) = crate::files::method_call(model, v) else {
            return false;
        };
        match method {
            "catch" | "finally" => v = object,
            "then" if same_call(model, object, call) => {
                let Some(handler) = args.first().map(|a| a.value) else {
                    return false;
                };
                let (hf, hfunc) = match &model.expr(handler).kind {
                    ExprKind::Function { function } => (file, *function),
                    _ => match files.function_of(file, handler) {
                        Some(found) => found,
                        None => return false,
                    },
                };
                let Some(param) = crate::throwing_wrappers::plain_param(files, hf, hfunc, 0) else {
                    return false;
                };
                let hmodel = files.model(hf);
                let values = files.returned_values(hf, hfunc);
                return !values.is_empty()
                    && values.iter().all(|&r| {
                        reads_body(hmodel, accessors, r, &|o| {
                            hmodel.resolved_binding(o) == Some(param)
                        })
                    });
            }
            _ => return false,
        }
    }
}

/// `expr` is `call`, an await of it, or a local assigned once from one (`const res = await
/// fetch(u)`).
fn same_call(model: &Model, expr: ExprId, call: ExprId) -> bool {
    let expr = crate::walk::unawaited(model, expr);
    if expr == call {
        return true;
    }
    let ExprKind::Ident {
        binding: Some(b), ..
    } = &model.expr(expr).kind
    else {
        return false;
    };
    let binding = model.binding(*b);
    !binding.reassigned
        && binding.origin.path.is_empty()
        && binding
            .origin
            .init
            .is_some_and(|init| crate::walk::unawaited(model, init) == call)
}

/// Whether `v` is a read by one of `accessors` (the pack's `response.body` or `response.ok`)
/// of a response `is_response` accepts, through awaits and locals assigned once.
fn reads_body(
    model: &Model,
    accessors: &[PatternNode],
    v: ExprId,
    is_response: &dyn Fn(ExprId) -> bool,
) -> bool {
    let read = |e: ExprId| {
        accessors.iter().any(|p| {
            let mut caps = Captures::new();
            match_expr(model, p, e, &mut caps)
                && caps
                    .values()
                    .find_map(|c| c.expr())
                    .is_some_and(is_response)
        })
    };
    crate::files::leads_to(model, v, &read, false)
}
