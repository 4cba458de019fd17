//! Statuses a handler takes from what a project function returned: `res.status(r.status)`
//! with `const r = await deleteItem(id)` and `deleteItem` returning
//! `{ response: "Not found.", status: 404 }` on one path and `{ response: item, status: 200 }`
//! on another. Each number the function's returns write under that key is one case of the
//! response; a return whose number cannot be read leaves one case open.

use seam_lang::model::{ExprId, ExprKind, LiteralValue, MemberProp};

use crate::files::{Def, Files, MAX_HOPS};

/// How many functions deep a status is followed through `return other(…)`: each level may
/// return several calls, so the walk stays short.
const MAX_RETURN_DEPTH: usize = 3;

/// The numbers the function whose result `expr` reads a key of (`r.status`) returns under
/// that key, in order, without repeats; `None` stands for a return whose number cannot be
/// read. `None` as a whole when `expr` is not such a read, or when no return gives a number.
pub fn returned_numbers(
    files: &Files,
    file: usize,
    expr: ExprId,
    number: &dyn Fn(usize, ExprId) -> Option<f64>,
) -> Option<Vec<Option<f64>>> {
    let model = files.model(file);
    let ExprKind::Member {
        object,
        property: MemberProp::Name(key),
        ..
    } = &model.expr(expr).kind
    else {
        return None;
    };
    let Def::Binding(bf, b) = files.definition(file, *object)? else {
        return None;
    };
    // A name given another value later may hold something else by the time it is read.
    if files.model(bf).binding(b).reassigned {
        return None;
    }
    let (vf, ve) = files.value_of(Def::Binding(bf, b))?;
    let mut found = Vec::new();
    numbers_of_call(files, vf, ve, key, number, MAX_RETURN_DEPTH, &mut found)?;
    if found.iter().all(Option::is_none) {
        return None;
    }
    let mut out: Vec<Option<f64>> = Vec::new();
    for n in found {
        if !out.contains(&n) {
            out.push(n);
        }
    }
    Some(out)
}

/// The numbers under `key` of what the project function `call` calls returns, pushed onto
/// `found`; `None` when `call` is not a call of a project function with returns.
fn numbers_of_call(
    files: &Files,
    file: usize,
    call: ExprId,
    key: &str,
    number: &dyn Fn(usize, ExprId) -> Option<f64>,
    depth: usize,
    found: &mut Vec<Option<f64>>,
) -> Option<()> {
    let depth = depth.checked_sub(1)?;
    let call = unawaited(files, file, call);
    let ExprKind::Call {
        callee,
        is_new: false,
        ..
    } = &files.model(file).expr(call).kind
    else {
        return None;
    };
    let (ff, func) = files.function_of_hops(file, *callee, MAX_HOPS)?;
    let returned = files.returned_values(ff, func);
    if returned.is_empty() {
        return None;
    }
    for r in returned {
        let r = unawaited(files, ff, r);
        match &files.model(ff).expr(r).kind {
            ExprKind::Object { .. } => found.push(
                crate::callees::object_value_key(files, ff, r, key, MAX_HOPS)
                    .and_then(|(kf, ke)| literal_or_named(files, kf, ke, number)),
            ),
            // `return other(…)`: that function's returns, when it is the project's.
            ExprKind::Call { .. } => {
                if numbers_of_call(files, ff, r, key, number, depth, found).is_none() {
                    found.push(None);
                }
            }
            _ => found.push(None),
        }
    }
    Some(())
}

/// A literal number, a never-reassigned name holding one (`const FORBIDDEN = 403`, here or
/// imported), or a number `number` knows by name.
fn literal_or_named(
    files: &Files,
    file: usize,
    expr: ExprId,
    number: &dyn Fn(usize, ExprId) -> Option<f64>,
) -> Option<f64> {
    match &files.model(file).expr(expr).kind {
        ExprKind::Literal {
            value: LiteralValue::Number(number),
        } => Some(number.value),
        ExprKind::Ident { .. } => {
            let Def::Binding(bf, b) = files.definition(file, expr)? else {
                return None;
            };
            if files.model(bf).binding(b).reassigned {
                return None;
            }
            let (vf, ve) = files.value_of(Def::Binding(bf, b))?;
            match &files.model(vf).expr(ve).kind {
                ExprKind::Literal {
                    value: LiteralValue::Number(number),
                } => Some(number.value),
                _ => None,
            }
        }
        _ => number(file, expr),
    }
}

fn unawaited(files: &Files, file: usize, expr: ExprId) -> ExprId {
    match &files.model(file).expr(expr).kind {
        ExprKind::Await { arg } => unawaited(files, file, *arg),
        _ => expr,
    }
}
