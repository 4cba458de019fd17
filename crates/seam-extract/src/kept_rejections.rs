//! Requests handed to a library call that handles their rejection (`toast.promise(p, {
//! error })`, see `seam_packs::RejectionKeeper`): with a client that delivers failures as
//! rejections, such a call is the consumer's branch for every failure status.

use seam_lang::model::{ExprId, ExprKind, MemberProp, Model};

use crate::discover::ClientUnit;
use crate::files::Files;

/// How many locals and chained calls deep a promise is followed back to the request.
const MAX_HOLDING: usize = 4;

/// Whether the consumer's function hands the unit's request (as it is, through a local
/// holding it, or with `.then(…)`/`.finally(…)` chained on it) to a call a loaded pack names
/// in `keepsRejections`.
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
    let body = model.function(func).span;
    files.calls(unit.file).any(|c| {
        body.contains(model.expr(c.call).span)
            && rules.iter().any(|rule| {
                let mut caps = seam_packs::Captures::new();
                seam_packs::match_expr(model, &rule.pattern, c.call, &mut caps)
                    && caps
                        .get(&rule.promise)
                        .and_then(|p| p.expr())
                        .is_some_and(|p| holds(model, p, unit.call, MAX_HOLDING))
            })
    })
}

/// Whether `promise` is `call`'s own promise: the call, an await of it, a `.then`/`.finally`
/// chained on it (a `.catch` would settle the rejection first), or a local initialised so.
fn holds(model: &Model, promise: ExprId, call: ExprId, depth: usize) -> bool {
    if promise == call {
        return true;
    }
    let Some(depth) = depth.checked_sub(1) else {
        return false;
    };
    match &model.expr(promise).kind {
        ExprKind::Await { arg } => holds(model, *arg, call, depth),
        ExprKind::Call {
            callee,
            is_new: false,
            ..
        } => match &model.expr(*callee).kind {
            ExprKind::Member {
                object,
                property: MemberProp::Name(name),
                ..
            } if name == "then" || name == "finally" => holds(model, *object, call, depth),
            _ => false,
        },
        ExprKind::Ident {
            binding: Some(b), ..
        } => {
            let origin = &model.binding(*b).origin;
            origin.path.is_empty()
                && origin
                    .init
                    .is_some_and(|init| holds(model, init, call, depth))
        }
        _ => false,
    }
}
