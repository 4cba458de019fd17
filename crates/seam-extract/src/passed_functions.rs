//! A function given as an argument: `resetDemo(apiCall)` with `function resetDemo(call) {
//! call("/demo/reset", …) }`, or a component given one as a prop, `<Delete call={apiCall} />`
//! with `function Delete({ call })`. A call of the parameter is a call of the function the
//! function's callers pass at that position, so it goes through that function's template.
//!
//! Every caller (outside tests and stories, which pass stand-ins) must pass the same project
//! function, by a name: when two pass different functions, or one passes something that is not
//! a function of the project, which one runs is not written where the parameter is called, and
//! the parameter stands for none. A function written in place at a call (`retry(() =>
//! fetch(url))`, `queryFn={(p) => sdk.list(p)}`) is summarised where it is written, so a
//! parameter given one stands for none either: its requests would be counted twice. Callers are found by the function's name (a call whose callee
//! is, or ends in, that name; an element with that tag) and kept when the callee resolves to the
//! function; a caller through another name (an aliased import, a value handed on) is not seen.

use std::cell::Cell;
use std::collections::BTreeMap;
use std::sync::Arc;

use seam_lang::model::{ExprId, ExprKind, FuncId, JsxAttribute, PatternStep};

use crate::files::{Files, MAX_HOPS};

/// Calls by the name their callee ends in and elements by their tag, (file, expression), in
/// file and source order. Only names some project function has are listed: the index is
/// asked for a function's name alone ([`reaching`]), and every call of the project has a
/// name, most of them a library's (`push`, `map`, `get`).
pub type Sites = BTreeMap<String, Vec<(usize, ExprId)>>;

pub fn index(files: &Files) -> Sites {
    let names: std::collections::HashSet<&str> = (0..files.count())
        .flat_map(|file| files.model(file).functions.iter())
        .filter_map(|f| f.name.as_deref())
        .collect();
    let mut out = Sites::new();
    for file in 0..files.count() {
        if crate::context_values::stand_in_file(&files.model(file).path) {
            continue;
        }
        for call in files.calls(file) {
            if let Some(name) = call.name
                && names.contains(name)
            {
                out.entry(name.to_owned())
                    .or_default()
                    .push((file, call.call));
            }
        }
        let model = files.model(file);
        for (i, expr) in model.exprs.iter().enumerate() {
            if let ExprKind::Jsx { element } = &expr.kind
                && element.tag.starts_with(|c: char| c.is_ascii_uppercase())
                && !element.tag.contains('.')
                && names.contains(element.tag.as_str())
            {
                out.entry(element.tag.clone())
                    .or_default()
                    .push((file, ExprId::from_index(i)));
            }
        }
    }
    out.into_iter()
        .map(|(name, at)| (name, crate::files::fitted(at)))
        .collect()
}

/// The sites (calls and elements) that reach a function, by (file, function).
pub type Callers = BTreeMap<(usize, FuncId), crate::consulted::Kept<Arc<Vec<(usize, ExprId)>>>>;

thread_local! {
    /// Whether this thread is listing a function's callers: their callees are then resolved
    /// without this module, so the list is the same whoever asks first, and one list never
    /// waits on another.
    static LISTING: Cell<bool> = const { Cell::new(false) };
}

/// Whether this thread is listing a function's callers (see `LISTING`): a lookup that would
/// list callers itself gives up then.
pub(crate) fn listing() -> bool {
    LISTING.with(Cell::get)
}

/// The sites named like `function` whose callee (or tag) resolves to it, in file and source
/// order: worked out once per function, with no lookup under way, and kept.
pub(crate) fn callers(
    files: &Files,
    file: usize,
    function: FuncId,
) -> Option<Arc<Vec<(usize, ExprId)>>> {
    if let Some(known) = files
        .passed_callers
        .lock()
        .ok()?
        .get(&(file, function))
        .map(crate::consulted::taken)
    {
        return Some(known);
    }
    let (reached, reads) = crate::consulted::worked_out(|| reaching(files, file, function));
    let reached = Arc::new(reached?);
    let mut known = files.passed_callers.lock().ok()?;
    Some(crate::consulted::taken(
        known.entry((file, function)).or_insert((reached, reads)),
    ))
}

/// The sites named like `function` whose callee (or tag) resolves to it (see [`callers`]).
fn reaching(files: &Files, file: usize, function: FuncId) -> Option<Vec<(usize, ExprId)>> {
    let name = files.model(file).function(function).name.as_deref()?;
    let sites = files.passed_sites().get(name);
    crate::consulted::entry(
        || crate::consulted::Fact::PassedSites(name.to_owned()),
        &sites,
    );
    let sites = sites?;
    struct Listing(bool);
    impl Drop for Listing {
        fn drop(&mut self) {
            LISTING.with(|l| l.set(self.0));
        }
    }
    let _listing = Listing(LISTING.with(|l| l.replace(true)));
    let reached = crate::files::with_no_open_lookups(|| {
        sites
            .iter()
            .copied()
            .filter(|&(site_file, site)| {
                let model = files.model(site_file);
                let reached = match &model.expr(site).kind {
                    ExprKind::Call {
                        callee,
                        is_new: false,
                        ..
                    } => files.function_of_hops(site_file, *callee, MAX_HOPS),
                    ExprKind::Jsx { element } => files
                        .module_binding(site_file, &element.tag)
                        .and_then(|b| files.binding_def(site_file, b, MAX_HOPS))
                        .and_then(|def| crate::callees::function_of_def(files, def, MAX_HOPS)),
                    _ => None,
                };
                reached == Some((file, function))
            })
            .collect::<Vec<_>>()
    });
    Some(reached)
}

/// The one project function every caller of `function` passes as its parameter `index`, or
/// (`path` not empty) at that path inside the argument: `{ call }` of `function Delete({ call })`
/// is the `call` attribute of each `<Delete …>` and the `call` of each `Delete({ call: … })`.
pub fn passed(
    files: &Files,
    file: usize,
    function: FuncId,
    index: u32,
    path: &[PatternStep],
    hops: usize,
) -> Option<(usize, FuncId)> {
    if LISTING.with(Cell::get) {
        return None;
    }
    let hops = hops.checked_sub(1)?;
    let sites = callers(files, file, function)?;
    let mut found: Option<(usize, FuncId)> = None;
    for &(site_file, site) in sites.iter() {
        let model = files.model(site_file);
        let value = match &model.expr(site).kind {
            ExprKind::Call { args, .. } => {
                let positional = args
                    .iter()
                    .take_while(|a| a.name.is_none() && !a.spread && !a.keyword_spread);
                let arg = positional.clone().nth(index as usize)?;
                if path.is_empty() {
                    (site_file, arg.value)
                } else {
                    crate::callees::value_at_path(files, site_file, arg.value, path, hops)?
                }
            }
            ExprKind::Jsx { element } => {
                // The props object is a component's first parameter; an attribute is one key.
                let ([PatternStep::Key(key)], 0) = (path, index) else {
                    return None;
                };
                let mut given = None;
                for attribute in &element.attributes {
                    match attribute {
                        JsxAttribute::Named {
                            name,
                            value: Some(v),
                        } if name == key => given = Some(*v),
                        JsxAttribute::Named { .. } => {}
                        // A spread may give the prop too: what it holds is not read here.
                        _ => return None,
                    }
                }
                (site_file, given?)
            }
            _ => continue,
        };
        // A function written in place (`retry(() => fetch(url))`) is summarised where it is
        // written, with what it captures there: the parameter is not the app's wrapper.
        if matches!(
            files.model(value.0).expr(value.1).kind,
            ExprKind::Function { .. }
        ) {
            return None;
        }
        let passed = crate::callees::function_in_value(files, value.0, value.1, hops)?;
        match found {
            Some(first) if first != passed => return None,
            _ => found = Some(passed),
        }
    }
    found
}
