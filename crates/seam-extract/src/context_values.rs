//! Values a component tree is given through a context: `const Auth = createContext(d)`, an
//! element `<Auth.Provider value={{ apiCall }}>` (or `<Auth value={…}>`) somewhere in the
//! project, and `useContext(Auth)` in a component under it. The read is the value the element
//! provides, not the context's default (`d` is a placeholder the tree never sees once a
//! provider is mounted), so `const { apiCall } = useAuth()` with `useAuth = () =>
//! useContext(Auth)` is the `apiCall` the provider's component defines, and each of its calls
//! goes through that function's template. Which functions make and read contexts, and which
//! member of a context is its provider element, is library data (`contextMakers`,
//! `contextReaders`, `contextProviders` in the packs' core constants).
//!
//! A context given values by more than one element (outside tests and stories) is read as
//! none of them: which one a component is under is not written where it reads.

use std::collections::BTreeMap;

use seam_lang::model::{ExprId, ExprKind, JsxAttribute};

use crate::files::{Def, Files, MAX_HOPS};

/// A context (the definition its `createContext(…)` call is assigned to) → every value an
/// element provides for it, (file, expression), in file and source order.
pub type Provided = BTreeMap<Def, Vec<(usize, ExprId)>>;

/// The attribute of a provider element that holds the value it provides.
const VALUE_ATTRIBUTE: &str = "value";

/// Whether a file's elements are left out of what a tree is given: a test or a story mounts a
/// provider with a stand-in value.
pub(crate) fn stand_in_file(path: &str) -> bool {
    crate::tests_summary::is_test_file(path) || path.contains(".stories.")
}

/// The provider member names of the context a definition holds, when it holds the result of a
/// library's context maker (`createContext(…)`).
fn maker_providers(files: &Files, def: Def) -> Option<&'static [String]> {
    let (file, expr) = files.value_of(def)?;
    let ExprKind::Call {
        callee,
        is_new: false,
        ..
    } = &files.model(file).expr(expr).kind
    else {
        return None;
    };
    crate::library_constants::context_maker(files.model(file), *callee)
}

pub fn index(files: &Files) -> Provided {
    let mut out = Provided::new();
    for file in 0..files.count() {
        let model = files.model(file);
        if !model.language.is_js_family() || stand_in_file(&model.path) {
            continue;
        }
        for expr in &model.exprs {
            let ExprKind::Jsx { element } = &expr.kind else {
                continue;
            };
            let mut parts = element.tag.split('.');
            let head = parts.next().unwrap_or_default();
            let member = parts.next();
            // A context is a name (`Auth`) or one member of it (`Auth.Provider`), capitalised
            // as every component tag is.
            if parts.next().is_some() || !head.starts_with(|c: char| c.is_ascii_uppercase()) {
                continue;
            }
            let Some(value) = element.attributes.iter().find_map(|a| match a {
                JsxAttribute::Named {
                    name,
                    value: Some(v),
                } if name == VALUE_ATTRIBUTE => Some(*v),
                _ => None,
            }) else {
                continue;
            };
            let Some(def) = files
                .module_binding(file, head)
                .and_then(|b| files.binding_def(file, b, MAX_HOPS))
            else {
                continue;
            };
            let Some(providers) = maker_providers(files, def) else {
                continue;
            };
            if member.is_some_and(|m| !providers.iter().any(|p| p == m)) {
                continue;
            }
            out.entry(def).or_default().push((file, value));
        }
    }
    out
}

/// The value the context `context` names is given by the one element that provides it.
pub fn provided(files: &Files, file: usize, context: ExprId) -> Option<(usize, ExprId)> {
    let def = files.definition(file, context)?;
    match files.context_values().get(&def)?.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// What a call of a library's context reader (`useContext(Auth)`) gives: the value the one
/// element providing that context gives.
pub fn read(files: &Files, file: usize, call: ExprId) -> Option<(usize, ExprId)> {
    let model = files.model(file);
    let ExprKind::Call {
        callee,
        args,
        is_new: false,
        ..
    } = &model.expr(call).kind
    else {
        return None;
    };
    let context = args.first()?;
    if context.spread || !crate::library_constants::context_reader(model, *callee) {
        return None;
    }
    provided(files, file, context.value)
}

/// The function an app gives a library through its configuration element
/// (`<SWRConfig value={{ fetcher }}>`: tag `element`, the object literal its `attribute`
/// holds, that object's `key`), as (file, expression): the one such element outside tests and
/// stories gives it, or all of them give the same function. A call that takes no function of
/// its own (`useSWR(key)`) calls that one.
pub fn configured_function(
    files: &Files,
    element: &str,
    attribute: &str,
    key: &str,
) -> Option<(usize, ExprId)> {
    let cache_key = (element.to_owned(), attribute.to_owned(), key.to_owned());
    crate::consulted::remembered(&files.configured_functions, &cache_key, || {
        find_configured_function(files, element, attribute, key)
    })
}

fn find_configured_function(
    files: &Files,
    element: &str,
    attribute: &str,
    key: &str,
) -> Option<(usize, ExprId)> {
    let mut given: Vec<(usize, ExprId)> = Vec::new();
    for file in 0..files.count() {
        let model = files.model(file);
        if !model.language.is_js_family() || stand_in_file(&model.path) {
            continue;
        }
        for expr in &model.exprs {
            let ExprKind::Jsx { element: e } = &expr.kind else {
                continue;
            };
            if e.tag != element {
                continue;
            }
            for a in &e.attributes {
                if let JsxAttribute::Named {
                    name,
                    value: Some(v),
                } = a
                    && name == attribute
                    && let Some(found) =
                        crate::callees::object_value_key(files, file, *v, key, MAX_HOPS)
                {
                    given.push(found);
                }
            }
        }
    }
    let (&first, rest) = given.split_first()?;
    let target = files.function_of(first.0, first.1)?;
    rest.iter()
        .all(|&(f, e)| files.function_of(f, e) == Some(target))
        .then_some(first)
}
