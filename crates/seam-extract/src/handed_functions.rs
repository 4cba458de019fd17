//! A function handed on as a value, and where it is then called.
//!
//! `<UsernamePasswordLogin doLogin={performLogin} />` with `function UsernamePasswordLogin({
//! doLogin })` calling `doLogin(…).catch(show)`: `performLogin` is called where the component
//! calls its `doLogin` prop, so a failure it lets escape is caught there. The same for a project
//! function given it as an argument (`retry(performLogin)` with `function retry(task)` calling
//! `task()`). Only handings in the function's own file are looked for (a component passing its
//! own callback to a child), and only to components and functions of the project.

use seam_lang::model::{
    BindingKind, ExprId, ExprKind, FuncId, JsxAttribute, MemberProp, PatternStep,
};

use crate::files::{Files, MAX_HOPS};

/// The calls of the parameters `func` is handed to in its own file, in file and source order.
pub fn calls_of_handed(files: &Files, func: (usize, FuncId)) -> Vec<(usize, ExprId)> {
    let file = func.0;
    let model = files.model(file);
    let mut out = Vec::new();
    for expr in &model.exprs {
        match &expr.kind {
            ExprKind::Jsx { element } => {
                let handed = element.attributes.iter().filter_map(|a| match a {
                    JsxAttribute::Named {
                        name,
                        value: Some(v),
                    } if files.function_of(file, *v) == Some(func) => Some(name),
                    _ => None,
                });
                for name in handed {
                    let component = files
                        .module_binding(file, &element.tag)
                        .and_then(|b| files.binding_def(file, b, MAX_HOPS))
                        .and_then(|def| crate::callees::function_of_def(files, def, MAX_HOPS));
                    if let Some(component) = component {
                        // The props object is a component's first parameter; an attribute is
                        // one key of it.
                        out.extend(parameter_calls(files, component, 0, Some(name)));
                    }
                }
            }
            ExprKind::Call {
                callee,
                args,
                is_new: false,
                ..
            } => {
                let positional = args
                    .iter()
                    .take_while(|a| a.name.is_none() && !a.spread && !a.keyword_spread);
                for (index, arg) in positional.enumerate() {
                    if files.function_of(file, arg.value) != Some(func) {
                        continue;
                    }
                    if let Some(target) = files.function_of(file, *callee) {
                        out.extend(parameter_calls(files, target, index as u32, None));
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// The calls, inside `func`, of its parameter `index` (or, with `key`, of that key of it:
/// `{ doLogin }` destructured, or `props.doLogin`).
fn parameter_calls(
    files: &Files,
    (file, func): (usize, FuncId),
    index: u32,
    key: Option<&str>,
) -> Vec<(usize, ExprId)> {
    let model = files.model(file);
    let span = model.function(func).span;
    let params: Vec<(seam_lang::model::BindingId, &[PatternStep])> = files
        .param_bindings(file, func)
        .iter()
        .filter(|&&b| {
            matches!(model.binding(b).kind, BindingKind::Param { index: i, .. } if i == index)
        })
        .map(|&b| (b, &model.binding(b).origin.path[..]))
        .collect();
    let named = |e: ExprId| match &model.expr(e).kind {
        ExprKind::Ident {
            binding: Some(b), ..
        } => params.iter().any(|(p, path)| match (key, path) {
            (None, []) => p == b,
            (Some(k), [PatternStep::Key(step)]) => p == b && step.as_str() == k,
            _ => false,
        }),
        // `props.doLogin(…)`: the key read off the whole props object.
        ExprKind::Member {
            object,
            property: MemberProp::Name(name),
            ..
        } => {
            key == Some(name.as_str())
                && matches!(&model.expr(*object).kind, ExprKind::Ident { binding: Some(b), .. }
                    if params.iter().any(|(p, path)| p == b && path.is_empty()))
        }
        _ => false,
    };
    crate::files::calls(model)
        .filter(|&c| {
            span.contains(model.expr(c).span)
                && matches!(&model.expr(c).kind, ExprKind::Call { callee, .. } if named(*callee))
        })
        .map(|c| (file, c))
        .collect()
}
