//! Procedure trees: RPC routers whose members are named procedures (`router({ get: getRoute,
//! inbox: router({ … }) })`), served as HTTP routes under a prefix by a call the pack names
//! (`createOpenApiFetchHandler({ endpoint, router })`). A procedure is a route only where a
//! served tree holds it; its own method and path come from its registration (see the pack's
//! `procedures` and route `path: { option, key }`).

use std::collections::{BTreeMap, BTreeSet};

use seam_lang::model::{BindingKind, ExprId, ExprKind, ObjectProp};
use seam_packs::{Capture, Captures, Pack, Procedures, match_expr};

use crate::discover::Prefix;
use crate::files::{Def, Files, MAX_HOPS};
use crate::url::{Reader, Substitution};

/// Where each procedure of a served tree is served: the procedure's value (the registration
/// call, by file and expression) → the prefixes of every tree that holds it.
pub type Served = BTreeMap<(usize, ExprId), Vec<Prefix>>;

/// Every procedure held by a tree a serve call of the pack serves, in any file of its
/// languages (the serving app need not depend on the library itself).
pub fn served(files: &Files, pack: &Pack, reader: &Reader) -> Served {
    let mut out = Served::new();
    let Some(procedures) = &pack.procedures else {
        return out;
    };
    for file in 0..files.count() {
        let model = files.model(file);
        if !pack.family.includes(model.language) {
            continue;
        }
        for call in files.calls(file) {
            for (pattern, router, prefix) in &procedures.serve {
                if pattern.call_anchor().is_some_and(|a| call.name != Some(a)) {
                    continue;
                }
                let mut caps = Captures::new();
                if !match_expr(model, pattern, call.call, &mut caps) {
                    continue;
                }
                let (Some(router), Some(prefix)) = (
                    caps.get(router).and_then(Capture::expr),
                    caps.get(prefix).and_then(Capture::expr),
                ) else {
                    continue;
                };
                let prefixes = alternatives(files, reader, file, prefix);
                let mut seen = BTreeSet::new();
                if let Some(tree) = files.definition(file, router) {
                    collect(files, procedures, tree, &prefixes, &mut out, &mut seen, 0);
                }
            }
        }
    }
    out
}

/// Adds the procedures under `tree` (a router of procedures) to `out` with `prefixes`.
fn collect(
    files: &Files,
    procedures: &Procedures,
    tree: Def,
    prefixes: &[Prefix],
    out: &mut Served,
    seen: &mut BTreeSet<(usize, ExprId)>,
    depth: usize,
) {
    let Some((vf, ve)) = files.value_of(tree) else {
        return;
    };
    if depth > MAX_HOPS || !seen.insert((vf, ve)) {
        return;
    }
    let model = files.model(vf);
    let members = procedures.routers.iter().find_map(|pattern| {
        let mut caps = Captures::new();
        match_expr(model, pattern, ve, &mut caps)
            .then(|| caps.get(&procedures.members).and_then(Capture::expr))
            .flatten()
    });
    if let Some(members) = members {
        members_of(files, procedures, vf, members, prefixes, out, seen, depth);
    }
}

/// The members of an object of procedures: nested object literals are read in place, a
/// router is walked, anything else is a procedure.
#[allow(clippy::too_many_arguments)]
fn members_of(
    files: &Files,
    procedures: &Procedures,
    file: usize,
    object: ExprId,
    prefixes: &[Prefix],
    out: &mut Served,
    seen: &mut BTreeSet<(usize, ExprId)>,
    depth: usize,
) {
    let model = files.model(file);
    let ExprKind::Object { props } = &model.expr(object).kind else {
        return;
    };
    for prop in props {
        let ObjectProp::KeyValue { value, .. } = prop else {
            continue;
        };
        if matches!(model.expr(*value).kind, ExprKind::Object { .. }) {
            members_of(
                files,
                procedures,
                file,
                *value,
                prefixes,
                out,
                seen,
                depth + 1,
            );
            continue;
        }
        let Some(def) = files.definition(file, *value) else {
            continue;
        };
        let Some(at) = files.value_of(def) else {
            continue;
        };
        let vm = files.model(at.0);
        let is_router = procedures.routers.iter().any(|p| {
            let mut caps = Captures::new();
            match_expr(vm, p, at.1, &mut caps)
        });
        if is_router {
            collect(files, procedures, def, prefixes, out, seen, depth + 1);
        } else {
            let list = out.entry(at).or_default();
            for p in prefixes {
                if !list.iter().any(|q| q.path == p.path) {
                    list.push(p.clone());
                }
            }
        }
    }
}

/// The prefixes a serve call's prefix expression stands for: one per branch of a conditional
/// it holds, directly, through a name, or as an argument of the project function that makes
/// it (`formatPath(beta ? BETA_URL : URL)`).
fn alternatives(files: &Files, reader: &Reader, file: usize, expr: ExprId) -> Vec<Prefix> {
    let (vf, ve) = through_names(files, file, expr);
    let model = files.model(vf);
    match &model.expr(ve).kind {
        ExprKind::Conditional {
            consequent,
            alternate,
            ..
        } => {
            let mut out = alternatives(files, reader, vf, *consequent);
            out.extend(alternatives(files, reader, vf, *alternate));
            out
        }
        ExprKind::Call { args, callee, .. } => {
            let branches = files.function_of(vf, *callee).and_then(|(ff, func)| {
                args.iter().enumerate().find_map(|(i, a)| {
                    let (af, ae) = through_names(files, vf, a.value);
                    match &files.model(af).expr(ae).kind {
                        ExprKind::Conditional {
                            consequent,
                            alternate,
                            ..
                        } => {
                            let param = parameter(files, ff, func, i)?;
                            Some(vec![(param, (af, *consequent)), (param, (af, *alternate))])
                        }
                        _ => None,
                    }
                })
            });
            match branches {
                Some(branches) => branches
                    .into_iter()
                    .map(|(param, value)| {
                        let mut subst: Substitution = reader.subst.clone();
                        subst.insert(param, Some(value));
                        let inner = Reader {
                            files,
                            environment: reader.environment,
                            subst: &subst,
                            this_class: reader.this_class,
                        };
                        Prefix::read(files, &inner, vf, ve)
                    })
                    .collect(),
                None => vec![Prefix::read(files, reader, vf, ve)],
            }
        }
        _ => vec![Prefix::read(files, reader, vf, ve)],
    }
}

/// A name's value, followed while the expression is a plain name of a constant.
fn through_names(files: &Files, file: usize, expr: ExprId) -> (usize, ExprId) {
    let mut at = (file, expr);
    for _ in 0..MAX_HOPS {
        let model = files.model(at.0);
        let ExprKind::Ident {
            binding: Some(b), ..
        } = &model.expr(at.1).kind
        else {
            break;
        };
        if model.binding(*b).reassigned {
            break;
        }
        match files.definition(at.0, at.1).and_then(|d| files.value_of(d)) {
            Some(next) if next != at => at = next,
            _ => break,
        }
    }
    at
}

/// The plain parameter of `func` at `index`, as a substitution key.
fn parameter(
    files: &Files,
    file: usize,
    func: seam_lang::model::FuncId,
    index: usize,
) -> Option<(usize, seam_lang::model::BindingId)> {
    let model = files.model(file);
    model.bindings.iter().enumerate().find_map(|(i, b)| {
        matches!(b.kind, BindingKind::Param { function, index: at }
            if function == func && at as usize == index && b.origin.path.is_empty())
        .then(|| (file, seam_lang::model::BindingId::from_index(i)))
    })
}
