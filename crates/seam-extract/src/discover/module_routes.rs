//! Route tables over modules (`RouterModule.register([{ path: "api", module: ApiModule,
//! children: [...] }])`): every class a module declares serves its routes under the entry's
//! path; a nested entry's path is joined to its parent's.

use std::collections::{BTreeMap, BTreeSet};

use seam_lang::model::{ArrayElement, ClassId, ExprId, ExprKind};
use seam_packs::{Capture, Captures, ModuleRoutes, Pack, match_expr};

use super::anchor_ok;
use super::routes::class_of;
use crate::files::Files;
use crate::url::{Piece, Reader, join_paths, path_of};

/// Per class a module declares: the paths the table puts in front of its routes.
pub(super) type ModulePrefixes = BTreeMap<(usize, ClassId), BTreeSet<String>>;

/// How deep nested entries are followed.
const DEPTH: usize = 8;

/// The module paths of the pack's route tables among the files it runs on.
pub(super) fn module_prefixes(
    files: &Files,
    pack: &Pack,
    reader: &Reader,
    on: &BTreeSet<usize>,
) -> ModulePrefixes {
    let mut out = ModulePrefixes::new();
    let Some(table) = &pack.module_routes else {
        return out;
    };
    for &file in on {
        let model = files.model(file);
        for crate::files::NamedCall { call, name } in files.calls(file) {
            for pattern in &table.patterns {
                if !anchor_ok(pattern, name) {
                    continue;
                }
                let mut caps = Captures::new();
                if !match_expr(model, pattern, call, &mut caps) {
                    continue;
                }
                if let Some(routes) = caps.get(&table.routes).and_then(Capture::expr) {
                    entries(files, reader, table, (file, routes), "", &mut out, DEPTH);
                }
                break;
            }
        }
    }
    out
}

/// The class prefixes of a class with its module paths in front: each module path before each
/// prefix. A class no table reaches keeps its prefixes.
pub(super) fn under_modules(
    modules: &ModulePrefixes,
    class: (usize, ClassId),
    prefixes: Vec<Vec<Piece>>,
) -> Vec<Vec<Piece>> {
    let Some(paths) = modules.get(&class) else {
        return prefixes;
    };
    paths
        .iter()
        .flat_map(|m| {
            prefixes
                .iter()
                .map(move |p| vec![Piece::Text(join_paths(m, &path_of(p)))])
        })
        .collect()
}

/// The elements of the list an expression holds (written out, or through a constant), spread
/// lists included, each with its file.
fn list_of(files: &Files, (file, expr): (usize, ExprId), depth: usize) -> Vec<(usize, ExprId)> {
    let Some(depth) = depth.checked_sub(1) else {
        return Vec::new();
    };
    let (lf, list) = files
        .definition(file, expr)
        .and_then(|d| files.value_of(d))
        .unwrap_or((file, expr));
    let ExprKind::Array { elements, .. } = &files.model(lf).expr(list).kind else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for el in elements {
        match el {
            ArrayElement::Expr(x) => out.push((lf, *x)),
            ArrayElement::Spread(x) => out.extend(list_of(files, (lf, *x), depth)),
            ArrayElement::Hole => {}
        }
    }
    out
}

/// Reads the entries of one table level under the path `parent`.
fn entries(
    files: &Files,
    reader: &Reader,
    table: &ModuleRoutes,
    at: (usize, ExprId),
    parent: &str,
    out: &mut ModulePrefixes,
    depth: usize,
) {
    let Some(depth) = depth.checked_sub(1) else {
        return;
    };
    for (ef, entry) in list_of(files, at, DEPTH) {
        // A module written alone (among `children`) serves at its parent's path.
        if let Some(module) = class_of(files, ef, entry) {
            declared_under(files, table, module, parent, out);
            continue;
        }
        let key = |k: &str| reader.object_key(ef, entry, k).ok().flatten();
        let path = match key(&table.path_key) {
            Some((pf, pe)) => join_paths(parent, &path_of(&reader.pieces(pf, pe))),
            None => parent.to_owned(),
        };
        if let Some((mf, me)) = key(&table.module_key)
            && let Some(module) = class_of(files, mf, me)
        {
            declared_under(files, table, module, &path, out);
        }
        if let Some(children) = table.children_key.as_deref().and_then(key) {
            entries(files, reader, table, children, &path, out, depth);
        }
    }
}

/// Puts `path` in front of every class the module declares.
fn declared_under(
    files: &Files,
    table: &ModuleRoutes,
    (mf, module): (usize, ClassId),
    path: &str,
    out: &mut ModulePrefixes,
) {
    let model = files.model(mf);
    for d in &model.class(module).decorators {
        let mut caps = Captures::new();
        if !match_expr(model, &table.declares, d.expr, &mut caps) {
            continue;
        }
        let Some(list) = caps.get(&table.declared).and_then(Capture::expr) else {
            continue;
        };
        for (cf, c) in list_of(files, (mf, list), DEPTH) {
            if let Some(class) = class_of(files, cf, c) {
                out.entry(class).or_default().insert(join_paths("", path));
            }
        }
    }
}
