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

/// The return a helper that hands its argument back reads as: one return is a bare parameter
/// (`return rule`), every other builds on that parameter (`return "/<org_slug>{}".format(rule)`,
/// `return base + res`), and no `if` of the helper looks at the parameter (what picks the
/// return is a deployment's option: `if settings.MULTI_ORG:`, `if c.SiteUrl() == ""`). With no
/// option set the argument comes back as it was passed, so the call reads as that return.
/// `None` for any other helper (`if (p.startsWith("http")) return p; return base + p` tests
/// its argument: both forms are the call's), or when `returned` (the returns a call can reach)
/// leaves that return out.
pub fn bare_parameter_return(
    files: &Files,
    file: usize,
    func: seam_lang::model::FuncId,
    returned: &[ExprId],
) -> Option<ExprId> {
    let bare = *files.bare_parameter_returns(file).get(&func)?;
    (returned.len() >= 2 && returned.contains(&bare)).then_some(bare)
}

/// [`bare_parameter_return`] of every function of a file that has one, over all its returns
/// (read once per file: the reads of each parameter are listed in one pass).
pub fn bare_parameter_returns(
    files: &Files,
    file: usize,
) -> std::collections::BTreeMap<seam_lang::model::FuncId, ExprId> {
    let model = files.model(file);
    let mut reads: std::collections::BTreeMap<seam_lang::model::BindingId, Vec<Span>> =
        std::collections::BTreeMap::new();
    for e in &model.exprs {
        if let ExprKind::Ident {
            binding: Some(b), ..
        } = &e.kind
            && matches!(model.binding(*b).kind, BindingKind::Param { .. })
        {
            reads.entry(*b).or_default().push(e.span);
        }
    }
    let mut out = std::collections::BTreeMap::new();
    for i in 0..model.functions.len() {
        let func = seam_lang::model::FuncId::from_index(i);
        let returned = files.returned_values(file, func);
        if returned.len() < 2 {
            continue;
        }
        let param_of = |e: ExprId| match &model.expr(e).kind {
            ExprKind::Ident {
                binding: Some(b), ..
            } if matches!(model.binding(*b).kind, BindingKind::Param { function, .. } if function == func)
                && !model.binding(*b).reassigned =>
            {
                Some(*b)
            }
            _ => None,
        };
        let bare: Vec<ExprId> = returned
            .iter()
            .copied()
            .filter(|&r| param_of(r).is_some())
            .collect();
        let Some(&first) = bare.first() else {
            continue;
        };
        let Some(param) = param_of(first) else {
            continue;
        };
        if bare.iter().any(|&r| param_of(r) != Some(param)) || bare.len() == returned.len() {
            continue;
        }
        let spans = reads.get(&param).map(Vec::as_slice).unwrap_or_default();
        let mentions = |span: Span| spans.iter().any(|s| span.contains(*s));
        let built_on = returned
            .iter()
            .filter(|r| !bare.contains(r))
            .all(|&r| mentions(model.expr(r).span));
        let body = model.function(func).span;
        let tested = files
            .if_statements(file)
            .iter()
            .any(|&(span, test, ..)| body.contains(span) && mentions(model.expr(test).span));
        if built_on && !tested {
            out.insert(func, first);
        }
    }
    out
}
