//! A client's method handed over as a function value: `request.safe(http.post, url, data)`
//! with `safe(call, url, data) { return call(url, data) }`. The parameter's one call inside
//! the function is the method's call, with the arguments the caller gave at the positions that
//! call forwards, so the request is read at the caller: the member handed over is the callee,
//! and the caller's arguments, lined up as the inner call lines up the function's parameters,
//! are its arguments (`http.post(url, data)`).
//!
//! Only what moves across the call without being changed is lined up: every argument of the
//! inner call must be one of the function's parameters as it was given. A parameter called
//! twice, reassigned, or given a default says nothing certain about which call runs.

use seam_lang::model::{Arg, BindingKind, ExprId, ExprKind, MemberProp};

use crate::files::{Files, MAX_HOPS, enclosing_function};

/// The call `call` (in `file`) makes when it hands a member (`http.post`) to a project function
/// that calls the parameter once with parameters of its own: the member, and the caller's
/// arguments in the inner call's order. None when `call` hands no member or the function does
/// not forward it so.
pub fn handed_call(files: &Files, file: usize, call: ExprId) -> Option<(ExprId, Vec<Arg>)> {
    let model = files.model(file);
    let ExprKind::Call {
        callee,
        args,
        is_new: false,
        ..
    } = &model.expr(call).kind
    else {
        return None;
    };
    // Cheap first: some positional argument is a member read by name.
    if !args.iter().any(|a| is_named_member(files, file, a)) {
        return None;
    }
    let (ff, func) = files.function_of_hops(file, *callee, MAX_HOPS)?;
    let inner_model = files.model(ff);
    let params = files.param_bindings(ff, func);
    let plain = |b: seam_lang::model::BindingId| {
        let binding = inner_model.binding(b);
        !binding.reassigned && binding.origin == seam_lang::model::BindingOrigin::none()
    };
    let index_of = |b: seam_lang::model::BindingId| match inner_model.binding(b).kind {
        BindingKind::Param { function, index } if function == func && plain(b) => Some(index),
        _ => None,
    };
    let positional = |i: u32| {
        let arg = args.get(i as usize)?;
        (arg.name.is_none() && !arg.spread && !arg.keyword_spread).then_some(arg)
    };
    // The caller's positional arguments stand for the parameters only up to the first spread.
    if args
        .iter()
        .any(|a| a.name.is_some() || a.spread || a.keyword_spread)
    {
        return None;
    }
    let mut found = None;
    for &param in params {
        let Some(index) = index_of(param) else {
            continue;
        };
        let Some(handed) = positional(index).filter(|a| is_named_member(files, file, a)) else {
            continue;
        };
        // The parameter's calls inside the function itself.
        let mut inner_calls = files.calls(ff).filter(|c| {
            matches!(&inner_model.expr(c.call).kind,
                ExprKind::Call { callee, is_new: false, .. }
                    if inner_model.resolved_binding(*callee) == Some(param))
        });
        let (Some(inner), None) = (inner_calls.next(), inner_calls.next()) else {
            continue;
        };
        if enclosing_function(inner_model, inner_model.expr(inner.call).span) != Some(func) {
            continue;
        }
        let ExprKind::Call {
            args: inner_args, ..
        } = &inner_model.expr(inner.call).kind
        else {
            continue;
        };
        let mut lined_up = Vec::with_capacity(inner_args.len());
        for a in inner_args {
            if a.name.is_some() || a.spread || a.keyword_spread {
                return None;
            }
            let given = inner_model
                .resolved_binding(a.value)
                .filter(|_| matches!(inner_model.expr(a.value).kind, ExprKind::Ident { .. }))
                .and_then(index_of)
                .and_then(positional)?;
            lined_up.push(given.clone());
        }
        if found.is_some() {
            // Two members handed over: which one sends the request is not one call.
            return None;
        }
        found = Some((handed.value, lined_up));
    }
    found
}

/// Whether an argument is a member read by name (`http.post`), not a call or a function.
fn is_named_member(files: &Files, file: usize, arg: &Arg) -> bool {
    !arg.spread
        && !arg.keyword_spread
        && arg.name.is_none()
        && matches!(
            &files.model(file).expr(arg.value).kind,
            ExprKind::Member {
                property: MemberProp::Name(_),
                ..
            }
        )
}

/// The names of the members a call hands over (`post` of `safe(http.post, url)`), cheaply, for
/// the test whether a pack's calls could match before anything is resolved.
pub fn handed_member_names<'m>(files: &'m Files, file: usize, call: ExprId) -> Vec<&'m str> {
    let model = files.model(file);
    let ExprKind::Call { args, .. } = &model.expr(call).kind else {
        return Vec::new();
    };
    args.iter()
        .filter(|a| is_named_member(files, file, a))
        .filter_map(|a| match &model.expr(a.value).kind {
            ExprKind::Member {
                property: MemberProp::Name(name),
                ..
            } => Some(name.as_str()),
            _ => None,
        })
        .collect()
}
