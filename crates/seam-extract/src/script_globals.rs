//! Classic browser scripts (loaded by `<script src>` tags, no `import` or `export`) share one
//! global scope: a function one declares at its top level is called by name from the page's
//! other scripts (`loadPingDetails(url)` in details.js, declared in ping_details.js). A name a
//! classic script leaves unbound is the one top-level function of that name that the
//! project's classic scripts declare; with two or more, it is none of them.

use std::collections::BTreeMap;

use seam_lang::model::{BindingId, BindingKind, Language, Model};
use seam_lang::project::server_templates::template_language;

use crate::files::Files;

/// Top-level function name → its (file, binding), `None` when declared more than once.
pub type ScriptGlobals = BTreeMap<String, Option<(usize, BindingId)>>;

/// A classic script: JavaScript with no import or export (a page template's model is not
/// one: its names are the template's context).
fn classic_script(model: &Model) -> bool {
    model.language == Language::JavaScript
        && model.imports.is_empty()
        && model.exports.is_empty()
        && template_language(&model.path).is_none()
}

pub fn index(files: &Files) -> ScriptGlobals {
    let mut out = ScriptGlobals::new();
    for file in 0..files.count() {
        let model = files.model(file);
        if !classic_script(model) {
            continue;
        }
        for (i, b) in model.bindings.iter().enumerate() {
            if b.scope.is_none() && matches!(b.kind, BindingKind::Function { .. }) {
                let entry = out
                    .entry(b.name.clone())
                    .or_insert(Some((file, BindingId::from_index(i))));
                if entry.is_some_and(|(f, _)| f != file) {
                    *entry = None;
                }
            }
        }
    }
    out
}

/// The function another classic script declares as `name`, for an unbound name of `file`.
pub fn global(files: &Files, file: usize, name: &str) -> Option<(usize, BindingId)> {
    if !classic_script(files.model(file)) {
        return None;
    }
    files
        .script_globals()
        .get(name)
        .copied()
        .flatten()
        .filter(|(f, _)| *f != file)
}
