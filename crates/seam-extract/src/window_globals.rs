//! Values a browser script puts on the global object (`window.CTFd = CTFd`), read where
//! another script takes them back (`const CTFd = window.CTFd`). The page's scripts share one
//! `window`: a property the project assigns is, wherever it is read, one of the values
//! assigned to it.

use std::collections::BTreeMap;

use seam_lang::model::{ExprId, ExprKind, MemberProp, Model, PatternKind};

use crate::files::Files;

/// Global property name → every (file, value) the project assigns to `window.<name>`.
pub type WindowGlobals = BTreeMap<String, Vec<(usize, ExprId)>>;

/// The names of the browser's global object a script writes properties on.
const GLOBAL_OBJECTS: [&str; 2] = ["window", "globalThis"];

/// The property of the global object `expr` names (`window.CTFd` → `CTFd`), when `window` is
/// not a local name.
pub fn global_property(model: &Model, expr: ExprId) -> Option<&str> {
    let ExprKind::Member {
        object,
        property: MemberProp::Name(name),
        ..
    } = &model.expr(expr).kind
    else {
        return None;
    };
    matches!(&model.expr(*object).kind,
        ExprKind::Ident { name: g, binding: None } if GLOBAL_OBJECTS.contains(&g.as_str()))
    .then_some(name.as_str())
}

pub fn index(files: &Files) -> WindowGlobals {
    let mut out = WindowGlobals::new();
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
            if let Some(name) = global_property(model, *target) {
                out.entry(name.to_owned()).or_default().push((file, *value));
            }
        }
    }
    out
}

/// The value the global property `expr` reads holds: of the project's assignments to it, the
/// one in the folder nearest the reading file (a page loads its own bundle's scripts, and
/// several bundles of one repository set the same name). `None` when none is assigned or the
/// nearest assignments are several in equally near folders.
pub fn assigned_value(files: &Files, file: usize, expr: ExprId) -> Option<(usize, ExprId)> {
    let name = global_property(files.model(file), expr)?;
    value_named(files, file, name)
}

/// The value of the global `name` a script reads unbound (`CTFd.api`, with no `CTFd` in its
/// scope): the global object's property of that name, as [`assigned_value`] finds it.
pub fn value_named(files: &Files, file: usize, name: &str) -> Option<(usize, ExprId)> {
    if !files.model(file).language.is_js_family() {
        return None;
    }
    let values = files.window_globals().get(name);
    crate::consulted::entry(
        || crate::consulted::Fact::WindowGlobals(name.to_owned()),
        &values,
    );
    nearest(files, file, values?)
}

/// Of values assigned in several scripts, the one in the folder nearest `file`; `None` when
/// the nearest are several in equally near folders.
pub(crate) fn nearest(
    files: &Files,
    file: usize,
    values: &[(usize, ExprId)],
) -> Option<(usize, ExprId)> {
    match nearest_all(files, file, values)[..] {
        [one] => Some(one),
        _ => None,
    }
}

/// Of values assigned in several scripts, every one in the folders nearest `file` (the entry
/// scripts of several bundles in one folder each set the global).
fn nearest_all(files: &Files, file: usize, values: &[(usize, ExprId)]) -> Vec<(usize, ExprId)> {
    let here = &files.model(file).path;
    let nearness = |f: usize| shared_folders(here, &files.model(f).path);
    let Some(best) = values.iter().map(|&(f, _)| nearness(f)).max() else {
        return Vec::new();
    };
    values
        .iter()
        .filter(|&&(f, _)| nearness(f) == best)
        .copied()
        .collect()
}

/// Every value of the nearest folders' assignments to the global `expr` reads: `window.axios`,
/// or a bare name nothing in scope declares (`axios`, after an entry script's `window.axios =
/// axios`). Empty when the project assigns none.
pub fn nearest_values(files: &Files, file: usize, expr: ExprId) -> Vec<(usize, ExprId)> {
    let model = files.model(file);
    if !model.language.is_js_family() {
        return Vec::new();
    }
    let name = match &model.expr(expr).kind {
        ExprKind::Ident {
            name,
            binding: None,
        } if crate::script_globals::global(files, file, name, model.expr(expr).span).is_none() => {
            name.as_str()
        }
        _ => match global_property(model, expr) {
            Some(name) => name,
            None => return Vec::new(),
        },
    };
    let values = files.window_globals().get(name);
    crate::consulted::entry(
        || crate::consulted::Fact::WindowGlobals(name.to_owned()),
        &values,
    );
    values.map_or_else(Vec::new, |values| nearest_all(files, file, values))
}

/// How many leading folders two paths share.
fn shared_folders(a: &str, b: &str) -> usize {
    let folders = |p: &str| -> Vec<String> {
        let mut parts: Vec<String> = p.split('/').map(str::to_owned).collect();
        parts.pop();
        parts
    };
    folders(a)
        .iter()
        .zip(folders(b).iter())
        .take_while(|(x, y)| x == y)
        .count()
}
