//! Which of a helper's `return`s a call can reach, given the arguments it passes. A URL
//! helper with an optional parameter (`getEndpointFor(api, microservice?)`) returns one
//! template when the option is given and another when it is not; a call that leaves the
//! option out (`getEndpointFor("api/labels")`) can only reach the second.

use seam_lang::model::{BindingKind, ExprId, ExprKind, Span};

use crate::files::Files;
use crate::url::Substitution;

/// The returns of `returned` that a call binding `subst` can reach: those not held by an
/// `if (param)` whose bare parameter the call did not pass. All of them when that cannot be
/// told (no call, or every return is guarded).
pub fn reachable(
    files: &Files,
    file: usize,
    subst: &Substitution,
    returned: &[ExprId],
) -> Vec<ExprId> {
    // Only a parameter the call left out can rule a return out; most calls pass them all,
    // and finding a return's `if` walks the file's statements.
    if !subst.iter().any(|(&(f, _), v)| f == file && v.is_none()) {
        return returned.to_vec();
    }
    let kept: Vec<ExprId> = returned
        .iter()
        .copied()
        .filter(|&r| !behind_missing_parameter(files, file, subst, files.model(file).expr(r).span))
        .collect();
    if kept.is_empty() {
        returned.to_vec()
    } else {
        kept
    }
}

/// Whether the innermost `if` around `span` holds it in its consequent and tests a bare
/// parameter (`if (microservice)`) that the call did not pass: that branch never runs.
fn behind_missing_parameter(files: &Files, file: usize, subst: &Substitution, span: Span) -> bool {
    let model = files.model(file);
    let holder = files
        .if_statements(file)
        .iter()
        .filter(|(s, ..)| s.contains(span))
        .min_by_key(|(sp, ..)| sp.len());
    let Some(&(_, test, consequent, _)) = holder else {
        return false;
    };
    if !model.stmt(consequent).span.contains(span) {
        return false;
    }
    let ExprKind::Ident {
        binding: Some(param),
        ..
    } = &model.expr(test).kind
    else {
        return false;
    };
    matches!(model.binding(*param).kind, BindingKind::Param { .. })
        && matches!(subst.get(&(file, *param)), Some(None))
}
