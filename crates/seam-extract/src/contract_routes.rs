//! Contract routes: operations declared in a contract object (`{ getPost: { method: "GET",
//! path: "/posts/:id" } }`) and served by an implementation object whose keys name them
//! (`tsr.router(contract, { getPost: handler })`). Each key of the implementation is a route
//! with its operation's method and path; nested routers nest both objects alike.

use seam_lang::model::{ExprId, ExprKind, FuncId, ObjectProp, PropKey};
use seam_packs::{Capture, Captures, ContractRoutes, Pack, match_expr};

use crate::discover::HandlerUnit;
use crate::files::{Def, Files};
use crate::url::Reader;

/// How deep nested routers are followed.
const MAX_DEPTH: usize = 8;

/// The routes every serve call of the pack (in the files it runs on) serves.
pub fn units(
    files: &Files,
    pack_index: usize,
    pack: &Pack,
    on: &std::collections::BTreeSet<usize>,
    reader: &Reader,
) -> Vec<HandlerUnit> {
    let mut out = Vec::new();
    if pack.contracts.is_empty() {
        return out;
    }
    for &file in on {
        let model = files.model(file);
        for call in files.calls(file) {
            for serve in &pack.contracts {
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
                let (Some(contract), Some(handlers)) = (
                    caps.get(&serve.contract).and_then(Capture::expr),
                    caps.get(&serve.handlers).and_then(Capture::expr),
                ) else {
                    continue;
                };
                let (Some(ops), Some(impls)) = (
                    object_of(files, file, contract, MAX_DEPTH),
                    object_of(files, file, handlers, MAX_DEPTH),
                ) else {
                    continue;
                };
                let site = Site {
                    files,
                    reader,
                    serve,
                    pack_index,
                };
                site.walk(ops, impls, 0, &mut out);
            }
        }
    }
    out
}

struct Site<'a> {
    files: &'a Files<'a>,
    reader: &'a Reader<'a>,
    serve: &'a ContractRoutes,
    pack_index: usize,
}

impl Site<'_> {
    /// Each key of the implementation object `impls` with its operation in `ops`.
    fn walk(
        &self,
        ops: (usize, ExprId),
        impls: (usize, ExprId),
        depth: usize,
        out: &mut Vec<HandlerUnit>,
    ) {
        if depth > MAX_DEPTH {
            return;
        }
        let model = self.files.model(impls.0);
        let ExprKind::Object { props } = &model.expr(impls.1).kind else {
            return;
        };
        for prop in props {
            let (key, handler) = match prop {
                ObjectProp::KeyValue { key, value, .. } => (key, Ok(*value)),
                ObjectProp::Method { key, function, .. } => (key, Err(*function)),
                ObjectProp::Spread { .. } => continue,
            };
            let name = match key {
                PropKey::Ident(n) | PropKey::String(n) => n,
                _ => continue,
            };
            let Ok(Some(op)) = self.reader.object_key(ops.0, ops.1, name) else {
                continue;
            };
            let Some(op) = object_of(self.files, op.0, op.1, MAX_DEPTH) else {
                continue;
            };
            let method = self.text(op, &self.serve.method);
            let path = self.text(op, &self.serve.path);
            match (handler, method, path) {
                (handler, Some(method), Some(path)) => {
                    out.push(self.unit(impls.0, handler, method, path))
                }
                // A nested router: its implementation is an object of its own.
                (Ok(value), _, _) => {
                    if let Some(nested) = object_of(self.files, impls.0, value, MAX_DEPTH) {
                        self.walk(op, nested, depth + 1, out);
                    }
                }
                _ => {}
            }
        }
    }

    /// The text an operation's key holds, when the code fixes it.
    fn text(&self, op: (usize, ExprId), key: &str) -> Option<String> {
        let (f, e) = self.reader.object_key(op.0, op.1, key).ok().flatten()?;
        self.reader.constant(f, e)
    }

    fn unit(
        &self,
        file: usize,
        handler: Result<ExprId, FuncId>,
        method: String,
        path: String,
    ) -> HandlerUnit {
        let model = self.files.model(file);
        let (handler_file, function, opaque_handler, registration) = match handler {
            Err(f) => (file, Some(f), None, model.function(f).span),
            // A handler wrapped in a call (`authenticated(async (args) => …)`) is the function
            // inside; one seam cannot follow is a route all the same, its body unknown.
            Ok(e) => match direct_function(model, e)
                .map(|f| (file, f))
                .or_else(|| self.files.function_through_calls(Def::Expr(file, e)))
            {
                Some((hf, f)) => (hf, Some(f), None, model.expr(e).span),
                None => (file, None, Some(e), model.expr(e).span),
            },
        };
        HandlerUnit {
            pack: self.pack_index,
            file,
            registration,
            handler_file,
            function,
            opaque_handler,
            method: Some(method.to_ascii_uppercase()),
            path: Some(path),
            route_status: None,
            route_default_status: None,
            route_body: None,
            export_path: None,
            unknown_prefixes: Vec::new(),
            open_mount: None,
            method_branches: None,
        }
    }
}

/// The function an expression is, written in place (`async (args) => …`).
fn direct_function(model: &seam_lang::model::Model, expr: ExprId) -> Option<FuncId> {
    match model.expr(expr).kind {
        ExprKind::Function { function } => Some(function),
        _ => None,
    }
}

/// The object literal an expression holds: the literal itself, a name's value, or the first
/// object argument of a call that makes one (`c.router({ … }, options)`).
fn object_of(files: &Files, file: usize, expr: ExprId, hops: usize) -> Option<(usize, ExprId)> {
    let hops = hops.checked_sub(1)?;
    let model = files.model(file);
    match &model.expr(expr).kind {
        ExprKind::Object { .. } => Some((file, expr)),
        ExprKind::Call { args, .. } => args
            .iter()
            .find_map(|a| object_of(files, file, a.value, hops)),
        _ => {
            let (vf, ve) = files.value_of(files.definition(file, expr)?)?;
            if (vf, ve) == (file, expr) {
                return None;
            }
            object_of(files, vf, ve, hops)
        }
    }
}
