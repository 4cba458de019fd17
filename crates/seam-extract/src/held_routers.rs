//! Routers a class holds in an attribute, mounted through an object seam cannot follow: the
//! entries of a registry filled at run time (`for plugin in plugins.all(): api.include_router(
//! plugin.events, prefix=…)`), where each plugin class says `events = slack_router`. Such a
//! mount stands for every router a class of the repository holds in an attribute of that
//! name; in JavaScript, where a registry entry is an object literal (`PluginManager.add([{
//! type: "api", value: router }])` … `getHooks("api").forEach((hook) => router.use("/",
//! hook.value.routes()))`), for every router an object literal holds under that key. Only an
//! attribute of a loop variable or a parameter is read this way, and only when the attribute
//! itself is no router seam can follow.

use std::collections::BTreeSet;

use seam_lang::model::{BindingKind, ExprId, ExprKind, MemberKind, MemberProp, ObjectProp};

use crate::files::{Def, Files};

/// The routers held in a class attribute named like the one `expr` reads (`plugin.events`),
/// in the files `on`; `router_of` says whether an attribute's value is a router.
pub fn class_attribute_routers<K: Ord>(
    files: &Files,
    on: &BTreeSet<usize>,
    file: usize,
    expr: ExprId,
    router_of: impl Fn(usize, ExprId) -> Option<K>,
) -> Vec<K> {
    let Some(attribute) = registry_attribute(files, file, expr) else {
        return Vec::new();
    };
    let mut out = BTreeSet::new();
    for &f in on {
        let m = files.model(f);
        for class in &m.classes {
            for member in &class.members {
                if member.name.as_str() != Some(attribute) {
                    continue;
                }
                if let MemberKind::Property { value: Some(v), .. } = &member.kind
                    && let Some(router) = router_of(f, *v)
                {
                    out.insert(router);
                }
            }
        }
    }
    out.into_iter().collect()
}

/// The routers written in object literals under the key `expr` reads (`hook.value` → every
/// `{ value: router }`), in the files `on`, for an attribute of a loop variable or a
/// parameter; `router_of` says whether a value is a router.
pub fn object_key_routers<K: Ord>(
    files: &Files,
    on: &BTreeSet<usize>,
    file: usize,
    expr: ExprId,
    router_of: impl Fn(usize, ExprId) -> Option<K>,
) -> Vec<K> {
    // `const resolved = await provider.value.router` first: the attribute it holds.
    let model = files.model(file);
    let expr = match &model.expr(expr).kind {
        ExprKind::Ident {
            binding: Some(b), ..
        } if model.binding(*b).origin.path.is_empty() && !model.binding(*b).reassigned => {
            match model.binding(*b).origin.init {
                Some(init) => crate::walk::unawaited(model, init),
                None => expr,
            }
        }
        _ => expr,
    };
    let Some(key) = registry_attribute(files, file, expr) else {
        return Vec::new();
    };
    let mut out = BTreeSet::new();
    for &f in on {
        for e in &files.model(f).exprs {
            let ExprKind::Object { props, .. } = &e.kind else {
                continue;
            };
            for prop in props {
                if let ObjectProp::KeyValue { key: k, value, .. } = prop
                    && k.as_str() == Some(key)
                    && let Some(router) = router_of(f, *value)
                {
                    out.insert(router);
                }
            }
        }
    }
    out.into_iter().collect()
}

/// The attribute `expr` reads (`plugin.events`, `hook.value`, the last of `provider.value.
/// router`) when it reads one of a loop variable or a parameter: a value seam does not hold.
fn registry_attribute<'m>(files: &'m Files, file: usize, expr: ExprId) -> Option<&'m str> {
    let model = files.model(file);
    let ExprKind::Member {
        object,
        property: MemberProp::Name(attribute),
        ..
    } = &model.expr(expr).kind
    else {
        return None;
    };
    // The start of the chain of attributes.
    let mut base = *object;
    while let ExprKind::Member {
        object,
        property: MemberProp::Name(_),
        ..
    } = &model.expr(base).kind
    {
        base = *object;
    }
    if !matches!(model.expr(base).kind, ExprKind::Ident { .. }) {
        return None;
    }
    match files.definition(file, base) {
        Some(Def::Binding(f, b))
            if matches!(
                files.model(f).binding(b).kind,
                BindingKind::LoopVar | BindingKind::Param { .. }
            ) =>
        {
            Some(attribute.as_str())
        }
        _ => None,
    }
}

/// The routers a loop variable runs over (`for (const router of createRouters()) app.use(
/// router.routes())`): each element of the list literal the loop iterates, written in place,
/// held by a name or returned by the one `return` of a project function the loop calls, when
/// `router_of` reads every element as a router. Empty for any other expression.
pub fn iterated_routers<K: Ord>(
    files: &Files,
    file: usize,
    expr: ExprId,
    router_of: impl Fn(usize, ExprId) -> Option<K>,
) -> Vec<K> {
    let model = files.model(file);
    let ExprKind::Ident {
        binding: Some(b), ..
    } = &model.expr(expr).kind
    else {
        return Vec::new();
    };
    let binding = model.binding(*b);
    if !matches!(binding.kind, BindingKind::LoopVar)
        || !binding.origin.path.is_empty()
        || binding.reassigned
    {
        return Vec::new();
    }
    let Some(iterable) = binding.origin.init else {
        return Vec::new();
    };
    let Some((lf, list)) = list_literal(files, file, iterable, crate::files::MAX_HOPS) else {
        return Vec::new();
    };
    let ExprKind::Array { elements, .. } = &files.model(lf).expr(list).kind else {
        return Vec::new();
    };
    let mut out = BTreeSet::new();
    for element in elements {
        let seam_lang::model::ArrayElement::Expr(e) = element else {
            return Vec::new();
        };
        match router_of(lf, *e) {
            Some(router) => out.insert(router),
            None => return Vec::new(),
        };
    }
    out.into_iter().collect()
}

/// The array literal an expression holds: written in place, through a name that holds it, or
/// the one value a project function it calls returns.
fn list_literal(files: &Files, file: usize, expr: ExprId, hops: usize) -> Option<(usize, ExprId)> {
    let hops = hops.checked_sub(1)?;
    match &files.model(file).expr(expr).kind {
        ExprKind::Array { .. } => Some((file, expr)),
        ExprKind::Call {
            callee,
            is_new: false,
            ..
        } => {
            let (ff, func) = files.function_of(file, *callee)?;
            let [returned] = files.returned_values(ff, func)[..] else {
                return None;
            };
            list_literal(files, ff, returned, hops)
        }
        ExprKind::Ident { .. } => {
            let (vf, ve) = files.value_of(files.definition(file, expr)?)?;
            if (vf, ve) == (file, expr) {
                return None;
            }
            list_literal(files, vf, ve, hops)
        }
        _ => None,
    }
}
