//! Discovery: the units each pack finds. Handler packs find route registrations, follow
//! router mounts across files to compose prefixes, and resolve each handler to its function;
//! client packs find call sites (and call sites of thin wrappers around them).

use std::collections::{BTreeMap, BTreeSet};

use seam_lang::model::{ArrayElement, BindingKind, ExprId, ExprKind, FuncId, Span};
use seam_packs::{
    Capture, Captures, Constraint, Pack, PatternNode, UnitKind, ValueRead, match_expr,
};

use crate::files::{Def, Files, calls, enclosing_function};
use crate::url::{Piece, Reader, Substitution, is_absolute, join_paths, path_of, read_method};

/// A router object: where its value is defined.
pub type RouterKey = Def;

/// One handler unit.
#[derive(Debug, Clone)]
pub struct HandlerUnit {
    pub pack: usize,
    /// The file of the registration.
    pub file: usize,
    pub registration: Span,
    /// Where the handler function is.
    pub handler_file: usize,
    pub function: FuncId,
    pub method: Option<String>,
    pub path: Option<String>,
}

/// One client unit: a call site whose response the enclosing function reads.
#[derive(Debug, Clone)]
pub struct ClientUnit {
    pub pack: usize,
    pub file: usize,
    /// The call whose result is the response (the client call, or the wrapper call).
    pub call: ExprId,
    pub function: Option<FuncId>,
    pub method: Option<String>,
    pub path: Option<String>,
}

/// Which files each pack runs on.
pub type PackFiles = Vec<BTreeSet<usize>>;

pub fn matches_any(files: &Files, file: usize, patterns: &[PatternNode], expr: ExprId) -> bool {
    let model = files.model(file);
    patterns.iter().any(|p| {
        let mut c = Captures::new();
        match_expr(model, p, expr, &mut c)
    })
}

fn anchor_ok(files: &Files, file: usize, pattern: &PatternNode, call: ExprId) -> bool {
    let Some(anchor) = pattern.call_anchor() else {
        return true;
    };
    let model = files.model(file);
    match &model.expr(call).kind {
        ExprKind::Call { callee, .. } => match &model.expr(*callee).kind {
            ExprKind::Ident { name, .. } => name == anchor,
            ExprKind::Member {
                property: seam_lang::model::MemberProp::Name(name),
                ..
            } => name == anchor,
            _ => false,
        },
        _ => false,
    }
}

/// The router an expression refers to, if its value was made by one of the pack's router
/// patterns.
pub fn router_of(files: &Files, pack: &Pack, file: usize, expr: ExprId) -> Option<RouterKey> {
    let def = files.definition(file, expr)?;
    let (vf, ve) = files.value_of(def)?;
    matches_any(files, vf, &pack.routers, ve).then_some(def)
}

struct Mount {
    parent: RouterKey,
    prefix: Vec<Piece>,
}

/// Handler units of one pack.
pub fn handler_units(
    files: &Files,
    pack_index: usize,
    pack: &Pack,
    on: &BTreeSet<usize>,
) -> Vec<HandlerUnit> {
    let no_subst = Substitution::new();
    let reader = Reader {
        files,
        environment: &pack.environment,
        subst: &no_subst,
    };
    let mut mounts: BTreeMap<RouterKey, Vec<Mount>> = BTreeMap::new();
    struct Registration {
        file: usize,
        call: ExprId,
        router: RouterKey,
        method: Option<String>,
        path: Vec<Piece>,
        handler: ExprId,
    }
    let mut registrations = Vec::new();
    for &file in on {
        let model = files.model(file);
        for call in calls(model) {
            for m in &pack.mounts {
                if !anchor_ok(files, file, &m.pattern, call) {
                    continue;
                }
                let mut caps = Captures::new();
                if !match_expr(model, &m.pattern, call, &mut caps) {
                    continue;
                }
                let child = match caps.get(&m.child) {
                    Some(Capture::Expr(e)) => router_of(files, pack, file, *e),
                    Some(Capture::List(list)) => list
                        .iter()
                        .rev()
                        .find_map(|e| router_of(files, pack, file, *e)),
                    _ => None,
                };
                let parent = caps
                    .get(&m.parent)
                    .and_then(Capture::expr)
                    .and_then(|e| router_of(files, pack, file, e));
                let (Some(child), Some(parent)) = (child, parent) else {
                    continue;
                };
                let prefix = match m
                    .prefix
                    .as_ref()
                    .and_then(|p| caps.get(p))
                    .and_then(Capture::expr)
                {
                    Some(e) => reader.pieces(file, e),
                    None => Vec::new(),
                };
                mounts
                    .entry(child)
                    .or_default()
                    .push(Mount { parent, prefix });
                break;
            }
            for r in &pack.routes {
                if !anchor_ok(files, file, &r.pattern, call) {
                    continue;
                }
                let mut caps = Captures::new();
                if !match_expr(model, &r.pattern, call, &mut caps) {
                    continue;
                }
                if !method_allowed(&r.method, &r.methods, &caps) {
                    continue;
                }
                if let Some(receiver_pattern) = &r.receiver_pattern {
                    // Peel the chained registrations (`.get(h)` of `.route(p).get(h).post(h2)`).
                    let Some(mut receiver) = receiver_capture(&r.pattern, &caps) else {
                        continue;
                    };
                    loop {
                        let mut rc = caps.clone();
                        if match_expr(model, receiver_pattern, receiver, &mut rc) {
                            caps = rc;
                            break;
                        }
                        match chained_receiver(model, receiver, &r.methods) {
                            Some(inner) => receiver = inner,
                            None => break,
                        }
                    }
                }
                let Some(router) = r
                    .receiver
                    .as_ref()
                    .and_then(|x| caps.get(x))
                    .and_then(Capture::expr)
                    .and_then(|e| router_of(files, pack, file, e))
                else {
                    continue;
                };
                let handlers = match caps.get(&r.handlers) {
                    Some(Capture::List(list)) => list.clone(),
                    Some(Capture::Expr(e)) => vec![*e],
                    _ => Vec::new(),
                };
                let Some(handler) = last_handler(files, file, &handlers) else {
                    continue;
                };
                let Some(path_expr) = caps.get(&r.path).and_then(Capture::expr) else {
                    continue;
                };
                registrations.push(Registration {
                    file,
                    call,
                    router,
                    method: read_method(&reader, &r.method, file, &caps),
                    path: reader.pieces(file, path_expr),
                    handler,
                });
                break;
            }
        }
    }

    let mut units = Vec::new();
    for reg in registrations {
        let Some((handler_file, function)) = files.function_of(reg.file, reg.handler) else {
            continue;
        };
        let prefixes = prefixes_of(&mounts, reg.router, 0);
        let own = path_of(&reg.path);
        let path = compose(&prefixes, &own);
        units.push(HandlerUnit {
            pack: pack_index,
            file: reg.file,
            registration: files.model(reg.file).expr(reg.call).span,
            handler_file,
            function,
            method: reg.method,
            path: Some(path),
        });
    }
    units
}

fn method_allowed(method: &ValueRead, methods: &[String], caps: &Captures) -> bool {
    match method {
        ValueRead::Meta(m) => match caps.get(m) {
            Some(Capture::Name(n, _)) => {
                methods.is_empty() || methods.iter().any(|x| x.eq_ignore_ascii_case(n))
            }
            Some(_) => true,
            None => false,
        },
        _ => true,
    }
}

/// The expression a route pattern's callee object bound (`$ROUTE` of `$ROUTE.$METHOD(...)`).
fn receiver_capture(pattern: &PatternNode, caps: &Captures) -> Option<ExprId> {
    if let PatternNode::Call { callee, .. } = pattern
        && let PatternNode::Member { object, .. } = callee.as_ref()
        && let PatternNode::Meta(m) = object.as_ref()
    {
        return caps.get(m).and_then(Capture::expr);
    }
    None
}

/// `x.get(h)` → `x`, when the call is one of the chained registration methods.
fn chained_receiver(
    model: &seam_lang::model::Model,
    expr: ExprId,
    methods: &[String],
) -> Option<ExprId> {
    if let ExprKind::Call { callee, .. } = &model.expr(expr).kind
        && let ExprKind::Member {
            object,
            property: seam_lang::model::MemberProp::Name(name),
            ..
        } = &model.expr(*callee).kind
        && methods.iter().any(|m| m.eq_ignore_ascii_case(name))
    {
        return Some(*object);
    }
    None
}

/// The handler of a registration: the last handler argument, looking inside a trailing
/// middleware array.
fn last_handler(files: &Files, file: usize, handlers: &[ExprId]) -> Option<ExprId> {
    let model = files.model(file);
    let last = *handlers.last()?;
    if let ExprKind::Array { elements, .. } = &model.expr(last).kind {
        return elements.iter().rev().find_map(|e| match e {
            ArrayElement::Expr(x) => Some(*x),
            _ => None,
        });
    }
    Some(last)
}

/// Every prefix a router is reachable under, composed through its mounts (several levels,
/// across files), sorted and without duplicates.
fn prefixes_of(
    mounts: &BTreeMap<RouterKey, Vec<Mount>>,
    router: RouterKey,
    depth: usize,
) -> Vec<String> {
    let Some(list) = mounts.get(&router) else {
        return vec![String::new()];
    };
    if depth >= crate::files::MAX_HOPS {
        return vec!["{prefix*}".to_owned()];
    }
    let mut out = BTreeSet::new();
    for m in list {
        let own = path_of(&m.prefix);
        for p in prefixes_of(mounts, m.parent, depth + 1) {
            let joined = join_paths(&p, &own);
            out.insert(if joined == "/" { String::new() } else { joined });
        }
    }
    out.into_iter().collect()
}

/// One path from the prefixes and the route's own path; several prefixes become a group
/// `(/a|/b)` in front.
fn compose(prefixes: &[String], own: &str) -> String {
    match prefixes {
        [] => join_paths("", own),
        [one] => join_paths(one, own),
        many => {
            let group = format!("({})", many.join("|"));
            let rest = join_paths("", own);
            if rest == "/" {
                group
            } else {
                format!("{group}{rest}")
            }
        }
    }
}

/// What a client object is: its base path, when it has one.
#[derive(Debug, Clone)]
struct ClientObject {
    base: Vec<Piece>,
}

fn client_object(
    files: &Files,
    pack: &Pack,
    reader: &Reader,
    file: usize,
    expr: ExprId,
) -> Option<ClientObject> {
    let model = files.model(file);
    // The module's own import (`import axios from "axios"`).
    if let Some(b) = model.resolved_binding(expr)
        && let BindingKind::Import { import, .. } = &model.binding(b).kind
        && let Some(imp) = model.imports.get(*import as usize)
        && pack
            .clients
            .iter()
            .any(|c| c.import.as_deref() == Some(imp.specifier.as_str()))
    {
        return Some(ClientObject { base: Vec::new() });
    }
    let def = files.definition(file, expr)?;
    let (vf, ve) = files.value_of(def)?;
    let vmodel = files.model(vf);
    for c in &pack.clients {
        let Some(create) = &c.create else { continue };
        let mut caps = Captures::new();
        if !match_expr(vmodel, create, ve, &mut caps) {
            continue;
        }
        let base = match &c.base_url {
            Some(ValueRead::Option { meta, key, .. }) => {
                match caps.get(meta).and_then(Capture::expr) {
                    Some(obj) => match reader.object_key(vf, obj, key) {
                        Ok(Some((kf, ke))) => reader.pieces(kf, ke),
                        Ok(None) => Vec::new(),
                        Err(()) => vec![Piece::Hole("baseURL".to_owned())],
                    },
                    None => Vec::new(),
                }
            }
            Some(ValueRead::Meta(m)) => match caps.get(m).and_then(Capture::expr) {
                Some(e) => reader.pieces(vf, e),
                None => Vec::new(),
            },
            _ => Vec::new(),
        };
        return Some(ClientObject { base });
    }
    None
}

fn constraints_hold(
    files: &Files,
    pack: &Pack,
    reader: &Reader,
    file: usize,
    constraints: &BTreeMap<String, Constraint>,
    caps: &Captures,
) -> Option<Option<ClientObject>> {
    let mut client = None;
    for (name, c) in constraints {
        let cap = caps.get(name)?;
        if !c.one_of.is_empty() {
            let Capture::Name(n, _) = cap else {
                return None;
            };
            if !c.one_of.iter().any(|x| x == n) {
                return None;
            }
        }
        if c.client {
            client = Some(client_object(files, pack, reader, file, cap.expr()?)?);
        }
    }
    Some(client)
}

/// A client call site matched by a pack.
struct Site {
    file: usize,
    call: ExprId,
    /// The path the call reaches, a client's base path included.
    path: String,
    /// The URL as the call wrote it, before a client's base URL.
    own_url: Vec<Piece>,
    method: Option<String>,
}

fn site_at(files: &Files, pack: &Pack, reader: &Reader, file: usize, call: ExprId) -> Option<Site> {
    let model = files.model(file);
    for c in &pack.calls {
        if !anchor_ok(files, file, &c.pattern, call) {
            continue;
        }
        let mut caps = Captures::new();
        if !match_expr(model, &c.pattern, call, &mut caps) {
            continue;
        }
        let Some(client) = constraints_hold(files, pack, reader, file, &c.constraints, &caps)
        else {
            continue;
        };
        let url_pieces = match &c.url {
            ValueRead::Meta(m) => caps
                .get(m)
                .and_then(Capture::expr)
                .map(|e| reader.pieces(file, e)),
            ValueRead::Option { meta, key, .. } => caps
                .get(meta)
                .and_then(Capture::expr)
                .and_then(|o| reader.object_key(file, o, key).ok().flatten())
                .map(|(kf, ke)| reader.pieces(kf, ke)),
            ValueRead::Text(t) => Some(vec![Piece::Text(t.clone())]),
            ValueRead::Number(_) => None,
        };
        let Some(url) = url_pieces else {
            continue;
        };
        let path = match client {
            Some(client) if !is_absolute(&url) => {
                join_paths(&path_of(&client.base), &path_of(&url))
            }
            _ => join_paths("", &path_of(&url)),
        };
        return Some(Site {
            file,
            call,
            path,
            own_url: url,
            method: read_method(reader, &c.method, file, &caps),
        });
    }
    None
}

/// A client path: the pieces written as a path, with doubled slashes from joining a base
/// collapsed.
fn client_path(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    for ch in raw.chars() {
        if ch == '/' && out.ends_with('/') {
            continue;
        }
        out.push(ch);
    }
    if out.len() > 1 && out.ends_with('/') {
        out.pop();
    }
    if out.is_empty() { "/".to_owned() } else { out }
}

/// Client units of one pack: one per call site, and for a thin wrapper (a function that
/// forwards one of its parameters into the URL) one per call site of the wrapper instead.
pub fn client_units(
    files: &Files,
    pack_index: usize,
    pack: &Pack,
    on: &BTreeSet<usize>,
    all_files: &BTreeSet<usize>,
) -> Vec<ClientUnit> {
    let no_subst = Substitution::new();
    let reader = Reader {
        files,
        environment: &pack.environment,
        subst: &no_subst,
    };
    let mut units = Vec::new();
    // Who calls which project function, built once and only when a wrapper needs it.
    let mut callers: Option<CallIndex> = None;
    for &file in on {
        let model = files.model(file);
        for call in calls(model) {
            let Some(site) = site_at(files, pack, &reader, file, call) else {
                continue;
            };
            let function = enclosing_function(model, model.expr(call).span);
            if let Some(func) = function {
                // A thin wrapper forwards the path itself: the URL starts (after an
                // environment base) with one of its parameters.
                let forwards_parameter = site
                    .own_url
                    .iter()
                    .find(|p| !matches!(p, Piece::Env) && **p != Piece::Text(String::new()))
                    .is_some_and(|p| matches!(p, Piece::Hole(h) if param_named(model, func, h)));
                // Only a function that forwards its path pays for the search of its callers.
                let wrapper_callers = if forwards_parameter {
                    callers
                        .get_or_insert_with(|| call_index(files, all_files))
                        .get(&(file, func))
                        .cloned()
                        .unwrap_or_default()
                } else {
                    Vec::new()
                };
                if !wrapper_callers.is_empty() {
                    for (cf, ccall) in wrapper_callers {
                        if let Some(unit) =
                            wrapper_unit(files, pack_index, pack, file, func, call, cf, ccall)
                        {
                            units.push(unit);
                        }
                    }
                    continue;
                }
            }
            units.push(ClientUnit {
                pack: pack_index,
                file: site.file,
                call: site.call,
                function,
                method: site.method,
                path: Some(client_path(&site.path)),
            });
        }
    }
    units
}

fn param_named(model: &seam_lang::model::Model, func: FuncId, name: &str) -> bool {
    model.bindings.iter().any(|b| {
        b.name == name && matches!(b.kind, BindingKind::Param { function, .. } if function == func)
    })
}

/// Calls of project functions, by the (file, function) they reach.
type CallIndex = BTreeMap<(usize, FuncId), Vec<(usize, ExprId)>>;

/// Every call of a project function, by the function it reaches.
fn call_index(files: &Files, all_files: &BTreeSet<usize>) -> CallIndex {
    let mut out = CallIndex::new();
    for &cf in all_files {
        let model = files.model(cf);
        for call in calls(model) {
            let ExprKind::Call { callee, .. } = &model.expr(call).kind else {
                continue;
            };
            if !matches!(
                model.expr(*callee).kind,
                ExprKind::Ident { .. } | ExprKind::Member { .. }
            ) {
                continue;
            }
            if let Some(target) = files.function_of(cf, *callee) {
                out.entry(target).or_default().push((cf, call));
            }
        }
    }
    out
}

#[allow(clippy::too_many_arguments)]
fn wrapper_unit(
    files: &Files,
    pack_index: usize,
    pack: &Pack,
    file: usize,
    func: FuncId,
    inner_call: ExprId,
    caller_file: usize,
    caller_call: ExprId,
) -> Option<ClientUnit> {
    let model = files.model(file);
    let caller = files.model(caller_file);
    let ExprKind::Call { args, .. } = &caller.expr(caller_call).kind else {
        return None;
    };
    let mut subst = Substitution::new();
    for (i, b) in model.bindings.iter().enumerate() {
        if let BindingKind::Param { function, index } = b.kind
            && function == func
        {
            let value = match args.get(index as usize) {
                Some(arg) if !arg.spread => Some((caller_file, arg.value)),
                Some(_) => continue,
                None => None,
            };
            subst.insert((file, seam_lang::model::BindingId::from_index(i)), value);
        }
    }
    let reader = Reader {
        files,
        environment: &pack.environment,
        subst: &subst,
    };
    let site = site_at(files, pack, &reader, file, inner_call)?;
    Some(ClientUnit {
        pack: pack_index,
        file: caller_file,
        call: caller_call,
        function: enclosing_function(caller, caller.expr(caller_call).span),
        method: site.method,
        path: Some(client_path(&site.path)),
    })
}

/// Whether the pack discovers handlers or clients.
pub fn is_handler_pack(pack: &Pack) -> bool {
    pack.kind == UnitKind::Handler
}
