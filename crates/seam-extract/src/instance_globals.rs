//! Members a framework gives every component instance: `Vue.prototype.download = download`
//! in the app's entry script, `Vue.prototype.$download = download` in a plugin's
//! `install(Vue)`, `app.config.globalProperties.$api = api` on `app = createApp(App)`. A
//! component's `this.download(…)` (a `this` no class gives) calls the value assigned, so it
//! goes through the function's template like any other call of it. Which member chains do
//! this is library data (`instanceGlobals` in the packs' core constants).

use std::collections::BTreeMap;

use seam_lang::model::{BindingKind, ExprId, ExprKind, MemberProp, Model, PatternKind};

use crate::files::Files;

/// Member name → every (file, value) the project assigns under an instance-global chain.
pub type InstanceGlobals = BTreeMap<String, Vec<(usize, ExprId)>>;

/// The module an import binding of `expr` (a plain name) comes from.
fn imported_from(model: &Model, expr: ExprId) -> Option<&str> {
    let b = model.resolved_binding(expr)?;
    let BindingKind::Import { import, .. } = model.binding(b).kind else {
        return None;
    };
    Some(model.imports.get(import as usize)?.specifier.as_str())
}

/// Whether the chain's root `root` is the module `module`: its import, a name holding what a
/// function imported from it returns (`const app = createApp(App)`), or a parameter (a
/// plugin's `install(Vue)`; the caller asks only in a project that imports the module).
fn root_is(model: &Model, root: ExprId, module: &str) -> bool {
    if imported_from(model, root) == Some(module) {
        return true;
    }
    let Some(b) = model.resolved_binding(root) else {
        return false;
    };
    let binding = model.binding(b);
    match binding.kind {
        BindingKind::Param { .. } => true,
        _ => {
            binding.origin.path.is_empty()
                && binding.origin.init.is_some_and(|init| {
                    matches!(&model.expr(init).kind,
                    ExprKind::Call { callee, .. } if imported_from(model, *callee) == Some(module))
                })
        }
    }
}

/// The root of `expr` when it is `root.<chain…>` (the chain's names in order).
fn chain_root(model: &Model, mut expr: ExprId, chain: &[&str]) -> Option<ExprId> {
    for name in chain.iter().rev() {
        let ExprKind::Member {
            object,
            property: MemberProp::Name(n),
            ..
        } = &model.expr(expr).kind
        else {
            return None;
        };
        if n != name {
            return None;
        }
        expr = *object;
    }
    Some(expr)
}

pub fn index(files: &Files) -> InstanceGlobals {
    let mut out = InstanceGlobals::new();
    let chains = seam_packs::constants::instance_global_chains();
    if chains.is_empty() {
        return out;
    }
    let imports = |module: &str| {
        (0..files.count()).any(|f| {
            let model = files.model(f);
            model.language.is_js_family() && model.imports.iter().any(|i| i.specifier == module)
        })
    };
    let imported: Vec<bool> = chains.iter().map(|(module, _)| imports(module)).collect();
    if !imported.iter().any(|i| *i) {
        return out;
    }
    for file in 0..files.count() {
        let model = files.model(file);
        if !model.language.is_js_family() {
            continue;
        }
        for e in &model.exprs {
            let ExprKind::Assign { target, value, .. } = &e.kind else {
                continue;
            };
            let PatternKind::Expr { expr: target } = &model.pattern(*target).kind else {
                continue;
            };
            let ExprKind::Member {
                object,
                property: MemberProp::Name(name),
                ..
            } = &model.expr(*target).kind
            else {
                continue;
            };
            let global = chains
                .iter()
                .zip(&imported)
                .filter(|(_, imported)| **imported)
                .any(|((module, chain), _)| {
                    chain_root(model, *object, chain)
                        .is_some_and(|root| root_is(model, root, module))
                });
            if global {
                out.entry(name.to_string())
                    .or_default()
                    .push((file, *value));
            }
        }
    }
    out
}

/// The value a component's `this.name` reads when the project gives every component
/// instance that member, and `this` is no class's instance: of the assignments, the one
/// nearest the reading file (see [`crate::window_globals::nearest`]).
pub fn value(files: &Files, file: usize, expr: ExprId) -> Option<(usize, ExprId)> {
    let model = files.model(file);
    let ExprKind::Member {
        object,
        property: MemberProp::Name(name),
        ..
    } = &model.expr(expr).kind
    else {
        return None;
    };
    if !matches!(model.expr(*object).kind, ExprKind::This) || !model.language.is_js_family() {
        return None;
    }
    let values = files.instance_globals().get(name.as_str());
    crate::consulted::entry(
        || crate::consulted::Fact::InstanceGlobals(name.to_string()),
        &values,
    );
    let values = values?;
    if crate::classes::class_of_receiver(files, file, *object).is_some() {
        return None;
    }
    crate::window_globals::nearest(files, file, values)
}
