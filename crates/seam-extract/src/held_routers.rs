//! Routers a class holds in an attribute, mounted through an object seam cannot follow: the
//! entries of a registry filled at run time (`for plugin in plugins.all(): api.include_router(
//! plugin.events, prefix=…)`), where each plugin class says `events = slack_router`. Such a
//! mount stands for every router a class of the repository holds in an attribute of that
//! name. Only an attribute of a loop variable or a parameter is read this way, and only when
//! the attribute itself is no router seam can follow.

use std::collections::BTreeSet;

use seam_lang::model::{BindingKind, ExprId, ExprKind, MemberKind, MemberProp};

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
    let model = files.model(file);
    let ExprKind::Member {
        object,
        property: MemberProp::Name(attribute),
        ..
    } = &model.expr(expr).kind
    else {
        return Vec::new();
    };
    if !matches!(model.expr(*object).kind, ExprKind::Ident { .. }) {
        return Vec::new();
    }
    // The object must be a loop variable or a parameter: a value seam does not hold.
    match files.definition(file, *object) {
        Some(Def::Binding(f, b))
            if matches!(
                files.model(f).binding(b).kind,
                BindingKind::LoopVar | BindingKind::Param { .. }
            ) => {}
        _ => return Vec::new(),
    }
    let mut out = BTreeSet::new();
    for &f in on {
        let m = files.model(f);
        for class in &m.classes {
            for member in &class.members {
                if member.name.as_str() != Some(attribute.as_str()) {
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
