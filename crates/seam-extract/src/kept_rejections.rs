//! Requests handed to a library call that handles their rejection (`toast.promise(p, {
//! error })`, an Observable's `subscribe({ error })`, see `seam_packs::RejectionKeeper`): with
//! a client that delivers failures as rejections, such a call is the consumer's branch for
//! every failure status.

use seam_lang::model::{BindingKind, ExprId, ExprKind, FuncId, MemberProp, Model};

use crate::discover::ClientUnit;
use crate::files::Files;

/// How many locals and chained calls deep a promise is followed back to the request.
const MAX_HOLDING: usize = 4;

/// Whether the consumer's function hands the unit's request (as it is, through a local
/// holding it, or with `.then(…)`/`.finally(…)` chained on it) to a call a loaded pack names
/// in `keepsRejections`, in that function or in a project function it hands the request to
/// (`this.subscribeToSaveResponse(this.service.create(x))`, which subscribes to its
/// parameter with an error callback).
pub(crate) fn handed_to_keeper(files: &Files, unit: &ClientUnit) -> bool {
    let Some(func) = unit.function else {
        return false;
    };
    let model = files.model(unit.file);
    let rules: Vec<&seam_packs::RejectionKeeper> = files
        .rejection_keepers
        .iter()
        .filter(|(family, _)| family.includes(model.language))
        .map(|(_, r)| r)
        .collect();
    if rules.is_empty() {
        return false;
    }
    let is_request = |e: ExprId| e == unit.call;
    if kept_in(files, &rules, (unit.file, func), &is_request) {
        return true;
    }
    // Handed as an argument to a project function that keeps its parameter's rejection.
    let body = model.function(func).span;
    files.calls(unit.file).any(|c| {
        if !body.contains(model.expr(c.call).span) {
            return false;
        }
        let ExprKind::Call { callee, args, .. } = &model.expr(c.call).kind else {
            return false;
        };
        let Some(position) = args.iter().position(|a| {
            !a.spread
                && a.name.is_none()
                && rules
                    .iter()
                    .any(|r| holds(model, a.value, &is_request, &r.through, MAX_HOLDING))
        }) else {
            return false;
        };
        let Some((hf, hfunc)) = files.function_of(unit.file, *callee) else {
            return false;
        };
        let Some(param) = crate::throwing_wrappers::plain_param(files, hf, hfunc, position) else {
            return false;
        };
        let hmodel = files.model(hf);
        let is_param = |e: ExprId| {
            matches!(hmodel.expr(e).kind, ExprKind::Ident { binding: Some(b), .. } if b == param)
        };
        kept_in(files, &rules, (hf, hfunc), &is_param)
    })
}

/// Whether a keeper's call in `func` (not in a function inside it) is given a promise that
/// holds what `is_source` names.
fn kept_in(
    files: &Files,
    rules: &[&seam_packs::RejectionKeeper],
    (file, func): (usize, FuncId),
    is_source: &dyn Fn(ExprId) -> bool,
) -> bool {
    let model = files.model(file);
    let body = model.function(func).span;
    files.calls(file).any(|c| {
        body.contains(model.expr(c.call).span)
            && crate::files::enclosing_function(model, model.expr(c.call).span) == Some(func)
            && rules.iter().any(|rule| {
                let mut caps = seam_packs::Captures::new();
                seam_packs::match_expr(model, &rule.pattern, c.call, &mut caps)
                    && caps
                        .get(&rule.promise)
                        .and_then(|p| p.expr())
                        .is_some_and(|p| holds(model, p, is_source, &rule.through, MAX_HOLDING))
            })
    })
}

/// Whether `promise` is what `is_source` names: that expression, an await of it, a
/// `.then`/`.finally` (or a method of `through`) chained on it (a `.catch` would settle the
/// rejection first), or a local initialised so.
fn holds(
    model: &Model,
    promise: ExprId,
    is_source: &dyn Fn(ExprId) -> bool,
    through: &[String],
    depth: usize,
) -> bool {
    if is_source(promise) {
        return true;
    }
    let Some(depth) = depth.checked_sub(1) else {
        return false;
    };
    match &model.expr(promise).kind {
        ExprKind::Await { arg } => holds(model, *arg, is_source, through, depth),
        ExprKind::Call {
            callee,
            is_new: false,
            ..
        } => match &model.expr(*callee).kind {
            ExprKind::Member {
                object,
                property: MemberProp::Name(name),
                ..
            } if name == "then" || name == "finally" || through.iter().any(|t| t == name) => {
                holds(model, *object, is_source, through, depth)
            }
            _ => false,
        },
        ExprKind::Ident {
            binding: Some(b), ..
        } => {
            let binding = model.binding(*b);
            !matches!(binding.kind, BindingKind::Param { .. })
                && binding.origin.path.is_empty()
                && binding
                    .origin
                    .init
                    .is_some_and(|init| holds(model, init, is_source, through, depth))
        }
        _ => false,
    }
}
