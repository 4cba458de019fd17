//! Classic browser scripts (loaded by `<script src>` tags, no `import` or `export`) share one
//! global scope: a function one declares at its top level is called by name from the page's
//! other scripts (`loadPingDetails(url)` in details.js, declared in ping_details.js). A name a
//! classic script leaves unbound is the one top-level function of that name that the
//! project's classic scripts declare; with two or more, it is none of them. A variable a
//! classic script declares at its top level with a value it never changes is such a global
//! too (`var base_url = '…';`), and so are the declarations of a server template's inline
//! scripts, which run on the page among the others (a page's shared layout sets `base_url`
//! once for the scripts of every page).

use std::collections::BTreeMap;

use seam_lang::model::{BindingId, BindingKind, Language, Model, Span};
use seam_lang::project::server_templates::template_language;

use crate::files::Files;

/// Top-level function name → its (file, binding), `None` when declared more than once.
pub type ScriptGlobals = BTreeMap<String, Option<(usize, BindingId)>>;

/// A classic script: JavaScript with no import or export (a page template's model is not
/// one: its names are the template's context).
fn classic_script(model: &Model) -> bool {
    page_script(model) && template_language(&model.path).is_none()
}

/// A classic script or a server template's inline scripts: what a page runs in one global
/// scope.
fn page_script(model: &Model) -> bool {
    model.language == Language::JavaScript && model.imports.is_empty() && model.exports.is_empty()
}

/// Whether a top-level binding is a global other scripts of the page read: a function, or a
/// variable declared with a value and never assigned again.
fn page_global(b: &seam_lang::model::Binding) -> bool {
    match b.kind {
        BindingKind::Function { .. } => true,
        BindingKind::Var { .. } => b.origin.init.is_some() && !b.reassigned,
        _ => false,
    }
}

pub fn index(files: &Files) -> ScriptGlobals {
    let mut out = ScriptGlobals::new();
    for file in 0..files.count() {
        let model = files.model(file);
        if !page_script(model) {
            continue;
        }
        for (i, b) in model.bindings.iter().enumerate() {
            if b.scope.is_none() && page_global(b) {
                let entry = out
                    .entry(b.name.to_string())
                    .or_insert(Some((file, BindingId::from_index(i))));
                if entry.is_some_and(|(f, _)| f != file) {
                    *entry = None;
                }
            }
        }
    }
    out
}

/// The function or value another page script declares as `name`, for an unbound name of
/// `file`. In a template, only a name its scripts write is read so (the names its markup's
/// outputs were lowered as are the template's context).
pub fn global(files: &Files, file: usize, name: &str, at: Span) -> Option<(usize, BindingId)> {
    let model = files.model(file);
    // In a template, a name its scripts write (its text is the name).
    let written_in_page =
        page_script(model) && template_language(&model.path).is_some() && model.text(at) == name;
    if !(classic_script(model) || written_in_page) {
        return None;
    }
    files
        .script_globals()
        .get(name)
        .copied()
        .flatten()
        .filter(|(f, _)| *f != file)
}
