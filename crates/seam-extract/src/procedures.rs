//! Procedure trees: RPC routers whose members are named procedures (`router({ get: getRoute,
//! inbox: router({ … }) })`), served as HTTP routes under a prefix by a call the pack names
//! (`createOpenApiFetchHandler({ endpoint, router })`). A procedure is a route only where a
//! served tree holds it; its own method and path come from its registration (see the pack's
//! `procedures` and route `path: { option, key }`).

use std::collections::{BTreeMap, BTreeSet};

use seam_lang::model::{BindingKind, ExprId, ExprKind, ObjectProp, PropKey};
use seam_packs::{Capture, Captures, Pack, Procedures, match_expr};

use crate::discover::Prefix;
use crate::files::{Def, Files, MAX_HOPS};
use crate::url::{Reader, Substitution};

/// Where each procedure of a served tree is served: the procedure's value (the registration
/// call, by file and expression) → the prefixes of every tree that holds it.
pub type Served = BTreeMap<(usize, ExprId), Vec<Prefix>>;

/// Every procedure held by a tree a serve call of the pack serves, in any file of its
/// languages (the serving app need not depend on the library itself).
pub fn served(files: &Files, pack: &Pack, reader: &Reader) -> Served {
    let mut out = Served::new();
    let Some(procedures) = &pack.procedures else {
        return out;
    };
    for file in 0..files.count() {
        let model = files.model(file);
        if !pack.family.includes(model.language) {
            continue;
        }
        for call in files.calls(file) {
            for serve in &procedures.serve {
                if serve
                    .pattern
                    .call_anchor()
                    .is_some_and(|a| call.name != Some(a))
                {
                    continue;
                }
                let mut caps = Captures::new();
                if !match_expr(model, &serve.pattern, call.call, &mut caps) {
                    continue;
                }
                let Some(router) = caps.get(&serve.router).and_then(Capture::expr) else {
                    continue;
                };
                let prefixes = match (&serve.prefix, &serve.folder) {
                    (Some(prefix), _) => match caps.get(prefix).and_then(Capture::expr) {
                        Some(prefix) => alternatives(files, reader, file, prefix),
                        None => continue,
                    },
                    (None, Some(folder)) => match folder_prefix(&model.path, folder) {
                        Some(path) => vec![Prefix {
                            path,
                            unknown: None,
                        }],
                        None => continue,
                    },
                    (None, None) => vec![Prefix {
                        path: "/".to_owned(),
                        unknown: None,
                    }],
                };
                let mut seen = BTreeSet::new();
                if let Some(tree) = def_of(files, file, router) {
                    let walk = Walk {
                        files,
                        procedures,
                        prefixes: &prefixes,
                    };
                    walk.collect(tree, &[], &mut out, &mut seen, 0);
                }
            }
        }
    }
    out
}

/// The path of the folder holding `path` below its last folder named `folder`
/// (`src/pages/api/trpc/[trpc].ts` below `pages`: `/api/trpc`).
fn folder_prefix(path: &str, folder: &str) -> Option<String> {
    let parts: Vec<&str> = path.split(['/', '\\']).collect();
    let (_, dirs) = parts.split_last()?;
    let at = dirs.iter().rposition(|d| *d == folder)?;
    let below = &dirs[at + 1..];
    Some(format!("/{}", below.join("/")))
}

/// What a member or a router argument stands for: a call written in place
/// (`byId: publicProcedure.query(…)`, `router({ … })`) is its own value, a name its definition.
fn def_of(files: &Files, file: usize, expr: ExprId) -> Option<Def> {
    match &files.model(file).expr(expr).kind {
        ExprKind::Call { .. } => Some(Def::Expr(file, expr)),
        _ => files.definition(file, expr),
    }
}

/// One serve call's walk over its tree.
struct Walk<'a, 'f> {
    files: &'a Files<'f>,
    procedures: &'a Procedures,
    prefixes: &'a [Prefix],
}

impl Walk<'_, '_> {
    /// Adds the procedures under `tree` (a router of procedures, or routers merged), held at
    /// `keys` in the served tree, to `out`.
    fn collect(
        &self,
        tree: Def,
        keys: &[String],
        out: &mut Served,
        seen: &mut BTreeSet<(usize, ExprId, Vec<String>)>,
        depth: usize,
    ) {
        let Some((vf, ve)) = self.files.value_of(tree) else {
            return;
        };
        if depth > MAX_HOPS || !seen.insert((vf, ve, keys.to_vec())) {
            return;
        }
        let model = self.files.model(vf);
        // Routers merged into one: each is walked at the same keys.
        for (pattern, merged) in &self.procedures.merges {
            let mut caps = Captures::new();
            if !match_expr(model, pattern, ve, &mut caps) {
                continue;
            }
            let routers = match caps.get(merged) {
                Some(Capture::List(list)) => list.clone(),
                Some(Capture::Expr(e)) => vec![*e],
                _ => Vec::new(),
            };
            for r in routers {
                if let Some(def) = def_of(self.files, vf, r) {
                    self.collect(def, keys, out, seen, depth + 1);
                }
            }
            return;
        }
        let members = self.procedures.routers.iter().find_map(|pattern| {
            let mut caps = Captures::new();
            match_expr(model, pattern, ve, &mut caps)
                .then(|| caps.get(&self.procedures.members).and_then(Capture::expr))
                .flatten()
        });
        if let Some(members) = members {
            self.members_of(vf, members, keys, out, seen, depth);
        }
    }

    /// The members of an object of procedures: nested object literals are read in place, a
    /// router is walked, anything else is a procedure.
    fn members_of(
        &self,
        file: usize,
        object: ExprId,
        keys: &[String],
        out: &mut Served,
        seen: &mut BTreeSet<(usize, ExprId, Vec<String>)>,
        depth: usize,
    ) {
        let files = self.files;
        let model = files.model(file);
        let ExprKind::Object { props } = &model.expr(object).kind else {
            return;
        };
        for prop in props {
            let ObjectProp::KeyValue { value, key, .. } = prop else {
                continue;
            };
            let name = match key {
                PropKey::Ident(n) | PropKey::String(n) | PropKey::Number(n) => Some(n.clone()),
                PropKey::Computed(_) => None,
            };
            // A key path is needed only when the procedure's path is made of its keys.
            let mut inner = keys.to_vec();
            if self.procedures.keys.is_some() {
                let Some(name) = name else { continue };
                inner.push(name.to_string());
            }
            if matches!(model.expr(*value).kind, ExprKind::Object { .. }) {
                self.members_of(file, *value, &inner, out, seen, depth + 1);
                continue;
            }
            let Some(def) = def_of(files, file, *value) else {
                continue;
            };
            let Some(at) = files.value_of(def) else {
                continue;
            };
            let vm = files.model(at.0);
            let is_router = self
                .procedures
                .routers
                .iter()
                .chain(self.procedures.merges.iter().map(|(p, _)| p))
                .any(|p| {
                    let mut caps = Captures::new();
                    match_expr(vm, p, at.1, &mut caps)
                });
            if is_router {
                self.collect(def, &inner, out, seen, depth + 1);
            } else {
                let list = out.entry(at).or_default();
                for p in self.prefixes {
                    let p = match &self.procedures.keys {
                        Some(separator) => Prefix {
                            path: format!(
                                "{}/{}",
                                p.path.trim_end_matches('/'),
                                inner.join(separator)
                            ),
                            unknown: p.unknown.clone(),
                        },
                        None => p.clone(),
                    };
                    if !list.iter().any(|q| q.path == p.path) {
                        list.push(p);
                    }
                }
            }
        }
    }
}

/// The prefixes a serve call's prefix expression stands for: one per branch of a conditional
/// it holds, directly, through a name, or as an argument of the project function that makes
/// it (`formatPath(beta ? BETA_URL : URL)`).
fn alternatives(files: &Files, reader: &Reader, file: usize, expr: ExprId) -> Vec<Prefix> {
    let (vf, ve) = through_names(files, file, expr);
    let model = files.model(vf);
    match &model.expr(ve).kind {
        ExprKind::Conditional {
            consequent,
            alternate,
            ..
        } => {
            let mut out = alternatives(files, reader, vf, *consequent);
            out.extend(alternatives(files, reader, vf, *alternate));
            out
        }
        ExprKind::Call { args, callee, .. } => {
            let branches = files.function_of(vf, *callee).and_then(|(ff, func)| {
                args.iter().enumerate().find_map(|(i, a)| {
                    let (af, ae) = through_names(files, vf, a.value);
                    match &files.model(af).expr(ae).kind {
                        ExprKind::Conditional {
                            consequent,
                            alternate,
                            ..
                        } => {
                            let param = parameter(files, ff, func, i)?;
                            Some(vec![(param, (af, *consequent)), (param, (af, *alternate))])
                        }
                        _ => None,
                    }
                })
            });
            match branches {
                Some(branches) => branches
                    .into_iter()
                    .map(|(param, value)| {
                        let mut subst: Substitution = reader.subst.clone();
                        subst.insert(param, Some(value));
                        let inner = Reader {
                            files,
                            environment: reader.environment,
                            subst: &subst,
                            this_class: reader.this_class,
                        };
                        Prefix::read(files, &inner, vf, ve)
                    })
                    .collect(),
                None => vec![Prefix::read(files, reader, vf, ve)],
            }
        }
        _ => vec![Prefix::read(files, reader, vf, ve)],
    }
}

/// A name's value, followed while the expression is a plain name of a constant.
fn through_names(files: &Files, file: usize, expr: ExprId) -> (usize, ExprId) {
    let mut at = (file, expr);
    for _ in 0..MAX_HOPS {
        let model = files.model(at.0);
        let ExprKind::Ident {
            binding: Some(b), ..
        } = &model.expr(at.1).kind
        else {
            break;
        };
        if model.binding(*b).reassigned {
            break;
        }
        match files.definition(at.0, at.1).and_then(|d| files.value_of(d)) {
            Some(next) if next != at => at = next,
            _ => break,
        }
    }
    at
}

/// The plain parameter of `func` at `index`, as a substitution key.
fn parameter(
    files: &Files,
    file: usize,
    func: seam_lang::model::FuncId,
    index: usize,
) -> Option<(usize, seam_lang::model::BindingId)> {
    let model = files.model(file);
    model.bindings.iter().enumerate().find_map(|(i, b)| {
        matches!(b.kind, BindingKind::Param { function, index: at }
            if function == func && at as usize == index && b.origin.path.is_empty())
        .then(|| (file, seam_lang::model::BindingId::from_index(i)))
    })
}
