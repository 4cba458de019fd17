//! Routes registered in a loop over a list of definitions written out in the code
//! (`for (const r of routes) router[r.method](r.path, r.handler)`,
//! `routes.forEach(({ method, path, handler }) => app[method](path, handler))`, with `routes` a
//! literal array, here or in a constant): the registration happens once per element, with the
//! loop variable standing for that element.

use seam_lang::model::{
    ArrayElement, BindingId, BindingKind, ExprId, ExprKind, MemberProp, Model, PatternStep,
};

use crate::files::{Files, MAX_HOPS};
use crate::url::Substitution;

/// When a registration in `file` reads a loop variable among `used` (receiver, path,
/// handlers, method), one substitution per element of the literal list the loop runs over;
/// `None` when it reads none or the list is not written out.
pub fn each_element(files: &Files, file: usize, used: &[ExprId]) -> Option<Vec<Substitution>> {
    let model = files.model(file);
    let (iterable, bindings) = used.iter().find_map(|e| loop_of(model, *e))?;
    let def = files.definition(file, iterable)?;
    let (lf, list) = files.value_of(def).unwrap_or((file, iterable));
    let (lf, list) = map_entries(files, lf, list).unwrap_or((lf, list));
    let ExprKind::Array { elements, .. } = &files.model(lf).expr(list).kind else {
        return None;
    };
    let mut out = Vec::new();
    for el in elements {
        let ArrayElement::Expr(el) = el else {
            return None;
        };
        let mut subst = Substitution::new();
        for &b in &bindings {
            let path = &model.binding(b).origin.path;
            // `(r) => …` and `for (const r of …)` take the element; a destructured name the
            // value at its key.
            let value = part_at(files, lf, *el, path);
            subst.insert((file, b), value);
        }
        out.push(subst);
    }
    (!out.is_empty()).then_some(out)
}

/// The list of entries a `new Map([[k, v], …])` is made from (iterating a Map yields its
/// entries as `[key, value]` pairs): the array literal, written in place or held by a name.
fn map_entries(files: &Files, file: usize, expr: ExprId) -> Option<(usize, ExprId)> {
    let model = files.model(file);
    let ExprKind::Call {
        callee,
        args,
        is_new: true,
        ..
    } = &model.expr(expr).kind
    else {
        return None;
    };
    if !matches!(&model.expr(*callee).kind, ExprKind::Ident { name, binding: None } if name == "Map")
    {
        return None;
    }
    let [arg] = &args[..] else {
        return None;
    };
    let at = files
        .definition(file, arg.value)
        .and_then(|d| files.value_of(d))
        .unwrap_or((file, arg.value));
    matches!(files.model(at.0).expr(at.1).kind, ExprKind::Array { .. }).then_some(at)
}

/// The part of a list element a loop name destructures (`[url, file]` of `["/a", "a.js"]`, `{
/// path }` of `{ path: "/a" }`): by position in an array literal, by key in an object.
pub(crate) fn part_at(
    files: &Files,
    file: usize,
    element: ExprId,
    path: &[PatternStep],
) -> Option<(usize, ExprId)> {
    let mut at = (file, element);
    for step in path {
        at = match step {
            PatternStep::Index(i) => match &files.model(at.0).expr(at.1).kind {
                ExprKind::Array { elements, .. } => match elements.get(*i as usize)? {
                    ArrayElement::Expr(e) => (at.0, *e),
                    _ => return None,
                },
                _ => return None,
            },
            key => crate::callees::value_at_path(
                files,
                at.0,
                at.1,
                std::slice::from_ref(key),
                MAX_HOPS,
            )?,
        };
    }
    Some(at)
}

/// The expression a loop variable (or a property of one) stands for under a substitution:
/// `r.handler` → the element's `handler`; any other expression as it is.
pub fn substituted(
    files: &Files,
    subst: &Substitution,
    file: usize,
    expr: ExprId,
) -> Option<(usize, ExprId)> {
    let model = files.model(file);
    match &model.expr(expr).kind {
        ExprKind::Ident {
            binding: Some(b), ..
        } => match subst.get(&(file, *b)) {
            Some(value) => *value,
            None => Some((file, expr)),
        },
        ExprKind::Member {
            object,
            property: MemberProp::Name(name),
            ..
        } => match &model.expr(*object).kind {
            ExprKind::Ident {
                binding: Some(b), ..
            } if subst.contains_key(&(file, *b)) => {
                let (vf, ve) = (*subst.get(&(file, *b))?)?;
                let key = [seam_lang::model::PatternStep::Key(name.to_string())];
                crate::callees::value_at_path(files, vf, ve, &key, MAX_HOPS)
            }
            _ => Some((file, expr)),
        },
        _ => Some((file, expr)),
    }
}

/// The loop an expression's root name is the variable of: the list it runs over and every
/// name the loop declares for the element.
pub(crate) fn loop_of(model: &Model, expr: ExprId) -> Option<(ExprId, Vec<BindingId>)> {
    let mut at = expr;
    while let ExprKind::Member { object, .. } = &model.expr(at).kind {
        at = *object;
    }
    let ExprKind::Ident {
        binding: Some(b), ..
    } = &model.expr(at).kind
    else {
        return None;
    };
    let binding = model.binding(*b);
    match binding.kind {
        // `for (const r of list)`: the name's initialiser is the list.
        BindingKind::LoopVar => {
            let iterable = binding.origin.init?;
            let names = (0..model.bindings.len())
                .map(BindingId::from_index)
                .filter(|&o| {
                    let other = model.binding(o);
                    matches!(other.kind, BindingKind::LoopVar)
                        && other.origin.init == Some(iterable)
                })
                .collect();
            Some((iterable, names))
        }
        // `list.forEach((r) => …)`: the callback's first parameter is each element.
        BindingKind::Param { function, index: 0 } => {
            let call = model.exprs.iter().enumerate().find_map(|(i, e)| match &e.kind {
                ExprKind::Call { callee, args, .. }
                    if args.first().is_some_and(|a| {
                        matches!(model.expr(a.value).kind, ExprKind::Function { function: f } if f == function)
                    }) =>
                {
                    Some((ExprId::from_index(i), *callee))
                }
                _ => None,
            })?;
            let ExprKind::Member {
                object,
                property: MemberProp::Name(method),
                ..
            } = &model.expr(call.1).kind
            else {
                return None;
            };
            if method != "forEach" {
                return None;
            }
            let names = (0..model.bindings.len())
                .map(BindingId::from_index)
                .filter(|&o| {
                    matches!(model.binding(o).kind, BindingKind::Param { function: f, index: 0 } if f == function)
                })
                .collect();
            Some((*object, names))
        }
        _ => None,
    }
}
