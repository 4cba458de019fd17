//! Routers and their mounts: which objects are routers, the prefixes they are mounted
//! under across files (mounts, plugins, factories), and global prefixes an app sets.

use std::collections::{BTreeMap, BTreeSet};

use seam_lang::model::{BindingKind, ExprId, ExprKind, LiteralValue, ObjectProp};
use seam_packs::{Capture, Captures, Pack, match_expr};

use super::{RouterKey, anchor_ok, method_allowed};
use crate::files::{Def, Files};
use crate::url::{Piece, Reader, join_paths, path_of};

/// The router an expression refers to, if its value was made by one of the pack's router
/// patterns.
pub fn router_of(files: &Files, pack: &Pack, file: usize, expr: ExprId) -> Option<RouterKey> {
    let (mut file, mut expr) = (file, expr);
    for _ in 0..CHAIN_STEPS {
        let def = files.definition(file, expr)?;
        match files
            .value_of(def)
            .and_then(|(vf, ve)| Some((vf, same_router_receiver(files, pack, vf, ve)?)))
        {
            Some(receiver) => (file, expr) = receiver,
            None => return is_router(files, pack, def).then_some(def),
        }
    }
    None
}

/// The receiver of a call that gives back the router it is called on, made by a router
/// pattern with a parent and no prefix whose parent is that receiver (`web::scope("/api")
/// .wrap(mw)`, `Router::new().with_state(s)`): the call is the same router as its receiver,
/// mounted and registered on as that one.
pub(super) fn same_router_receiver(
    files: &Files,
    pack: &Pack,
    file: usize,
    expr: ExprId,
) -> Option<ExprId> {
    let model = files.model(file);
    let ExprKind::Call { callee, .. } = &model.expr(expr).kind else {
        return None;
    };
    let ExprKind::Member { object, .. } = &model.expr(*callee).kind else {
        return None;
    };
    let (index, caps) = crate::router_classes::match_router(files, &pack.routers, file, expr)?;
    if pack.router_prefixes.get(index).is_some_and(Option::is_some) {
        return None;
    }
    let parent = pack.router_parents.get(index)?.as_ref()?;
    (caps.get(parent).and_then(Capture::expr) == Some(*object)).then_some(*object)
}

pub(super) fn is_router(files: &Files, pack: &Pack, def: RouterKey) -> bool {
    files
        .value_of(def)
        .is_some_and(|(vf, ve)| is_router_value(files, pack, vf, ve, FACTORY_DEPTH))
}

/// A value made by one of the pack's router patterns, or the call of a project function
/// whose one returned value is a router (`e := routes.NewEcho()`, a few levels deep).
pub(super) fn is_router_value(
    files: &Files,
    pack: &Pack,
    file: usize,
    expr: ExprId,
    depth: usize,
) -> bool {
    crate::router_classes::match_router(files, &pack.routers, file, expr).is_some()
        || factory_router(files, pack, file, expr, depth).is_some()
}

/// How many project functions deep a router made by a pattern is followed through the
/// functions that give it back.
pub(super) const FACTORY_DEPTH: usize = 3;

/// The router a call of a project function gives back, made by one of the pack's router
/// patterns inside it (a few levels deep): the function's one returned value, what a call
/// it returns gives back (`return routes()`), or a field of the one struct or object it
/// returns (`return &wrapper{API: api}`, `&Router{Handler: routes()}`, or a struct held in a
/// name whose field the function assigns, `r.Handler = r.routes(); return r`), which stands
/// for the router it holds. `None` for any other value.
pub(super) fn factory_router(
    files: &Files,
    pack: &Pack,
    file: usize,
    expr: ExprId,
    depth: usize,
) -> Option<RouterKey> {
    let ExprKind::Call { callee, .. } = &files.model(file).expr(expr).kind else {
        return None;
    };
    let (ff, func) = files
        .function_of(file, *callee)
        .or_else(|| crate::callees::member_function(files, file, *callee, 4))?;
    // A middleware around the router it is given (`caseInsensitivePaths(inner)` returning a
    // handler whose closure calls `inner.ServeHTTP(w, req)`): that router. Looked at before
    // the depth is spent, since it follows no call further.
    if let Some(index) = crate::callees::served_parameter(files, ff, func, crate::files::MAX_HOPS)
        && let ExprKind::Call { args, .. } = &files.model(file).expr(expr).kind
        && let Some(arg) = args
            .iter()
            .filter(|a| a.name.is_none() && !a.spread && !a.keyword_spread)
            .nth(index as usize)
        && let Some(def) = files.definition(file, arg.value)
        && let Some((vf, ve)) = files.value_of(def)
        && crate::router_classes::match_router(files, &pack.routers, vf, ve).is_some()
    {
        return Some(def);
    }
    let depth = depth.checked_sub(1)?;
    let [returned] = files.returned_values(ff, func)[..] else {
        return None;
    };
    let model = files.model(ff);
    let router_at = |e: ExprId| {
        if matches!(model.expr(e).kind, ExprKind::Call { .. }) {
            if let Some(router) = called_router(files, pack, ff, e, depth) {
                return Some(router);
            }
            // `Router::new().route(…).route(…)` returned as it is: the router made at its start.
            if let Some(made) = chained_router(files, pack, ff, e) {
                return Some(made);
            }
        }
        let def = files.definition(ff, e)?;
        let (vf, ve) = files.value_of(def)?;
        if let Some(receiver) = same_router_receiver(files, pack, vf, ve) {
            return chained_router(files, pack, vf, receiver).or_else(|| {
                let (rf, re) = files.value_of(files.definition(vf, receiver)?)?;
                chained_router(files, pack, rf, re)
            });
        }
        if crate::router_classes::match_router(files, &pack.routers, vf, ve).is_some() {
            return Some(def);
        }
        called_router(files, pack, vf, ve, depth).or_else(|| chained_router(files, pack, vf, ve))
    };
    if let Some(router) = router_at(returned) {
        return Some(router);
    }
    // The struct or object returned, written there or held in a name of the function.
    let held = match model.expr(returned).kind {
        ExprKind::Object { .. } => None,
        _ => match files.definition(ff, returned)? {
            Def::Binding(bf, b) if bf == ff => Some(b),
            _ => None,
        },
    };
    let object = match held {
        Some(b) => model.binding(b).origin.init?,
        None => returned,
    };
    let ExprKind::Object { props } = &model.expr(object).kind else {
        return None;
    };
    let written = props.iter().find_map(|p| match p {
        ObjectProp::KeyValue { value, .. } | ObjectProp::Spread { value } => router_at(*value),
        ObjectProp::Method { .. } => None,
    });
    if written.is_some() {
        return written;
    }
    // A field the function assigns on the name holding it (`r.Handler = r.routes()`).
    let b = held?;
    let span = model.function(func).span;
    model.exprs.iter().find_map(|e| {
        let ExprKind::Assign { target, value, .. } = &e.kind else {
            return None;
        };
        if !span.contains(e.span) {
            return None;
        }
        let seam_lang::model::PatternKind::Expr { expr: member } = &model.pattern(*target).kind
        else {
            return None;
        };
        let ExprKind::Member { object, .. } = &model.expr(*member).kind else {
            return None;
        };
        matches!(&model.expr(*object).kind,
            ExprKind::Ident { binding: Some(ob), .. } if *ob == b)
        .then(|| router_at(*value))
        .flatten()
    })
}

/// The router made by one of the pack's router patterns at the start of a chain of mounts and
/// route registrations on it (`Router::new().route("/a", h).nest("/b", b)`), which give back
/// the router they are called on; `None` when the chain starts with anything else.
fn chained_router(files: &Files, pack: &Pack, file: usize, expr: ExprId) -> Option<RouterKey> {
    let model = files.model(file);
    let mut at = expr;
    for _ in 0..CHAIN_STEPS {
        if !matches!(model.expr(at).kind, ExprKind::Call { .. }) {
            return None;
        }
        if let Some(receiver) = same_router_receiver(files, pack, file, at) {
            at = receiver;
            continue;
        }
        if crate::router_classes::match_router(files, &pack.routers, file, at).is_some() {
            return Some(created_router(files, file, at));
        }
        let through_mount = pack.mounts.iter().find_map(|m| {
            let mut caps = Captures::new();
            match_expr(model, &m.pattern, at, &mut caps)
                .then(|| m.parent_bound(&caps))
                .flatten()
        });
        let receiver = through_mount.or_else(|| {
            pack.routes.iter().find_map(|r| {
                let receiver = r.receiver.as_ref()?;
                let mut caps = Captures::new();
                (match_expr(model, &r.pattern, at, &mut caps)
                    && method_allowed(&r.method, &r.methods, &caps))
                .then(|| caps.get(receiver).and_then(Capture::expr))
                .flatten()
            })
        })?;
        at = receiver;
    }
    None
}

/// The router a call of a project function inside another gives back, as the routes
/// registered on it name it: the call itself (or the name it initialises) when the function
/// makes a router of its own at each call (see [`crate::router_factories`]), else the router
/// [`factory_router`] finds.
fn called_router(
    files: &Files,
    pack: &Pack,
    file: usize,
    call: ExprId,
    depth: usize,
) -> Option<RouterKey> {
    let inner = factory_router(files, pack, file, call, depth)?;
    Some(if crate::router_factories::calls(files, inner).is_some() {
        created_router(files, file, call)
    } else {
        inner
    })
}

/// Whether a definition is a router of one pack, each definition matched against the
/// pack's router patterns once (a router is looked up for every registration on it).
pub(super) struct Routers<'r, 'a> {
    files: &'r Files<'a>,
    pack: &'r Pack,
    known: std::cell::RefCell<BTreeMap<RouterKey, bool>>,
}

impl<'r, 'a> Routers<'r, 'a> {
    pub(super) fn new(files: &'r Files<'a>, pack: &'r Pack) -> Self {
        Routers {
            files,
            pack,
            known: Default::default(),
        }
    }

    fn is_router(&self, def: RouterKey) -> bool {
        if let Some(&known) = self.known.borrow().get(&def) {
            return known;
        }
        let router = is_router(self.files, self.pack, def);
        self.known.borrow_mut().insert(def, router);
        router
    }
}

/// The key of the router a creation expression makes: the variable it initialises (what
/// references to the router resolve to), or the expression itself.
pub(crate) fn created_router(files: &Files, file: usize, creation: ExprId) -> RouterKey {
    let model = files.model(file);
    model
        .bindings
        .iter()
        .position(|b| b.origin.init == Some(creation) && b.origin.path.is_empty())
        .map(|i| Def::Binding(file, seam_lang::model::BindingId::from_index(i)))
        // A package-level variable given its one value by an assignment.
        .or_else(|| crate::package_vars::variable_assigned(files, file, creation))
        .unwrap_or(Def::Expr(file, creation))
}

/// The prefix a router gives its own routes (`APIRouter(prefix="/users")`), empty when its
/// pattern names none.
pub(super) fn own_prefix(files: &Files, pack: &Pack, reader: &Reader, router: RouterKey) -> Prefix {
    let Some((vf, ve)) = files.value_of(router) else {
        return Prefix::default();
    };
    if let Some(prefix) = constructor_prefix(files, pack, reader, (vf, ve)) {
        return prefix;
    }
    let Some((index, caps)) = crate::router_classes::match_router(files, &pack.routers, vf, ve)
    else {
        return Prefix::default();
    };
    match pack
        .router_prefixes
        .get(index)
        .and_then(Option::as_ref)
        .and_then(|p| caps.get(p))
        .and_then(Capture::expr)
    {
        Some(e) => Prefix::read(files, reader, vf, e),
        None => Prefix::default(),
    }
}

/// The prefix a router made by `new` of a project subclass of a framework router gets from the
/// subclass's constructor, which hands the framework its options (`super({ prefix: "/" +
/// name })`): read there, the constructor's parameters standing for what this `new` passes.
/// `None` when the class is no such subclass or its `super` call names no prefix.
fn constructor_prefix(
    files: &Files,
    pack: &Pack,
    reader: &Reader,
    (file, expr): (usize, ExprId),
) -> Option<Prefix> {
    let ExprKind::Call {
        callee,
        is_new: true,
        ..
    } = &files.model(file).expr(expr).kind
    else {
        return None;
    };
    let (cf, class) = crate::classes::class_of_expr(files, file, *callee)?;
    let model = files.model(cf);
    let constructor = crate::classes::constructor_of(model, class)?;
    let span = model.function(constructor).span;
    let super_call = (0..model.exprs.len()).map(ExprId::from_index).find(|&e| {
        matches!(&model.expr(e).kind, ExprKind::Call { callee, .. }
            if matches!(model.expr(*callee).kind, ExprKind::Super))
            && span.contains(model.expr(e).span)
            && crate::files::enclosing_function(model, model.expr(e).span) == Some(constructor)
    })?;
    let subst = crate::router_factories::call_substitution(files, cf, constructor, file, expr)?;
    let reader = Reader {
        subst: &subst,
        ..*reader
    };
    for &base in &model.class(class).extends {
        for (pattern, prefix) in pack.routers.iter().zip(&pack.router_prefixes) {
            let Some(prefix) = prefix else { continue };
            let mut caps = Captures::new();
            if seam_packs::match_constructor_call(
                model,
                pattern,
                super_call,
                (model, base),
                &mut caps,
            ) && let Some(e) = caps.get(prefix).and_then(Capture::expr)
            {
                return Some(Prefix::read(files, &reader, cf, e));
            }
        }
    }
    None
}

/// Records the own prefix of the router one call of a router factory makes (`router`), read
/// under that call's arguments from the router the factory creates (`made_on`).
pub(super) fn factory_prefix(
    prefixes: &mut BTreeMap<RouterKey, Prefix>,
    (files, pack, reader): (&Files, &Pack, &Reader),
    router: Option<RouterKey>,
    made_on: Option<RouterKey>,
) {
    if router != made_on
        && let (Some(instance), Some(inner)) = (router, made_on)
    {
        prefixes.insert(instance, own_prefix(files, pack, reader, inner));
    }
}

/// A prefix in front of routes: the path the code fixes, and the source text of a start seam
/// could not read (`basePath || "/"` over a setting), which is left out of the path.
#[derive(Debug, Clone, Default)]
pub struct Prefix {
    pub path: String,
    pub unknown: Option<String>,
}

impl Prefix {
    pub fn read(files: &Files, reader: &Reader, file: usize, expr: ExprId) -> Prefix {
        let pieces = reader.pieces(file, expr);
        let (known, unknown) = without_unknown_start(&pieces);
        Prefix {
            path: join_paths("", &path_of(known)),
            unknown: unknown.then(|| {
                let model = files.model(file);
                model.text_collapsed(model.expr(expr).span)
            }),
        }
    }
}

/// The pieces of a prefix after a start seam could not read: a prefix that is only unreadable
/// values (and slashes), or that starts with them before an absolute path (`${base}/api`), is
/// a base path the deployment chooses; `true` when one was left out. A prefix that fixes
/// text around an unreadable value (`/api/{version}`) keeps it as a hole.
pub(super) fn without_unknown_start(pieces: &[Piece]) -> (&[Piece], bool) {
    let blank = |p: &Piece| matches!(p, Piece::Text(t) if t.chars().all(|c| c == '/'));
    let start = pieces
        .iter()
        .position(|p| !blank(p))
        .unwrap_or(pieces.len());
    if !matches!(pieces.get(start), Some(Piece::Hole(_))) {
        return (pieces, false);
    }
    let after = pieces[start..]
        .iter()
        .position(|p| !matches!(p, Piece::Hole(_) | Piece::Env) && !blank(p))
        .map_or(pieces.len(), |i| start + i);
    match pieces.get(after) {
        None => (&[], true),
        Some(Piece::Text(t)) if t.starts_with('/') || t.starts_with("(/") => {
            (&pieces[after..], true)
        }
        Some(_) => (pieces, false),
    }
}

/// The source text of a route path that starts with a value seam could not read.
pub(super) fn unknown_start_text(
    files: &Files,
    path: &[Piece],
    (file, expr): (usize, ExprId),
) -> Option<String> {
    without_unknown_start(path).1.then(|| {
        let model = files.model(file);
        model.text_collapsed(model.expr(expr).span)
    })
}

pub(super) struct Mount {
    pub(super) parent: RouterKey,
    pub(super) prefix: Prefix,
}

/// The router a plugin function holds: its parameter at the mount's `plugin_parameter`.
pub(super) fn plugin_router(
    files: &Files,
    mount: &seam_packs::Mount,
    file: usize,
    expr: ExprId,
) -> Option<RouterKey> {
    let position = mount.plugin_parameter?;
    let (pf, function) = files.function_of(file, expr)?;
    let model = files.model(pf);
    model.bindings.iter().enumerate().find_map(|(i, b)| {
        matches!(b.kind, BindingKind::Param { function: f, index } if f == function && index == position)
            .then(|| b.origin.path.is_empty())
            .filter(|plain| *plain)
            .map(|_| Def::Binding(pf, seam_lang::model::BindingId::from_index(i)))
    })
}

/// A router made by one of the pack's patterns, or the router parameter of a plugin.
pub(super) fn router_or_plugin(
    routers: &Routers,
    plugins: &BTreeSet<RouterKey>,
    file: usize,
    expr: ExprId,
) -> Option<RouterKey> {
    router_through_mounts(routers, plugins, file, expr, 0)
}

/// How many chained calls [`router_through_mounts`] peels.
pub(super) const CHAIN_STEPS: usize = 256;

/// How many chained calls [`chain_root`] peels.
const CHAIN_ROOT_STEPS: usize = 4096;

/// [`router_or_plugin`], also through chained calls: a mount or a route registration gives back
/// the router it is called on (`Router().use(a).use("/b", b)` is the `Router()`,
/// `new Hono().get("/a", h).post("/b", h2)` the `new Hono()`), as a fluent router API does.
pub(super) fn router_through_mounts(
    routers: &Routers,
    plugins: &BTreeSet<RouterKey>,
    file: usize,
    expr: ExprId,
    depth: usize,
) -> Option<RouterKey> {
    let files = routers.files;
    // `e.mux` in a method of a Go struct: the router the struct's literals put in the field,
    // when those that hold one agree.
    let held = || {
        if depth >= CHAIN_STEPS {
            return None;
        }
        let mut values = crate::struct_literals::field_values(files, file, expr);
        // `c.HandlerFunc(…)` in a method of a struct embedding a router (`*httprouter.Router`):
        // the router its literals put in the embedded field.
        if values.is_empty()
            && !matches!(files.model(file).expr(expr).kind, ExprKind::Member { .. })
        {
            values = crate::struct_literals::embedded_values(files, file, expr);
        }
        let mut held: Vec<RouterKey> = values
            .into_iter()
            .filter_map(|(vf, ve)| router_through_mounts(routers, plugins, vf, ve, depth + 1))
            .collect();
        held.sort();
        held.dedup();
        match held[..] {
            [router] => Some(router),
            _ => None,
        }
    };
    let def = files.definition(file, expr);
    // `web::scope("/api").wrap(mw)`: the router it is called on.
    if depth < CHAIN_STEPS
        && let Some((vf, ve)) = def.and_then(|d| files.value_of(d))
        && let Some(receiver) = same_router_receiver(files, routers.pack, vf, ve)
    {
        return router_through_mounts(routers, plugins, vf, receiver, depth + 1);
    }
    if let Some(def) = def
        && (routers.is_router(def) || plugins.contains(&def))
    {
        return Some(def);
    }
    if let Some(router) = held() {
        return Some(router);
    }
    let def = def?;
    // Each step peels one call of a chain, which real code writes dozens long.
    if depth >= CHAIN_STEPS {
        return None;
    }
    let (vf, ve) = files.value_of(def)?;
    let model = files.model(vf);
    // `r := s.router`: the router the field holds.
    if matches!(model.expr(ve).kind, ExprKind::Member { .. }) && (vf, ve) != (file, expr) {
        return router_through_mounts(routers, plugins, vf, ve, depth + 1);
    }
    if !matches!(model.expr(ve).kind, ExprKind::Call { .. }) {
        return None;
    }
    let through_mount = routers.pack.mounts.iter().find_map(|m| {
        let mut caps = Captures::new();
        if !match_expr(model, &m.pattern, ve, &mut caps) {
            return None;
        }
        let parent = m.parent_bound(&caps)?;
        router_through_mounts(routers, plugins, vf, parent, depth + 1)
    });
    // A registration gives back its router too (`new Hono().get(…).post(…)`).
    through_mount.or_else(|| {
        routers.pack.routes.iter().find_map(|r| {
            let receiver = r.receiver.as_ref()?;
            let mut caps = Captures::new();
            if !match_expr(model, &r.pattern, ve, &mut caps)
                || !method_allowed(&r.method, &r.methods, &caps)
            {
                return None;
            }
            let receiver = caps.get(receiver).and_then(Capture::expr)?;
            router_through_mounts(routers, plugins, vf, receiver, depth + 1)
        })
    })
}

/// The expression a router value is derived from through calls that give back the router they
/// are called on (`(router as Router<X>).use(mw)` held in a name and registered on): the
/// receiver at the start of the chain, followed through names in the same file. The
/// expression itself when it is no such chain.
pub(super) fn chain_root(routers: &Routers, file: usize, expr: ExprId) -> ExprId {
    let files = routers.files;
    let mut at = expr;
    // A loop, not a recursion: a chain as long as real code writes it (hundreds of
    // `.service(h)` links on one scope) is peeled to its start.
    for _ in 0..CHAIN_ROOT_STEPS {
        let model = files.model(file);
        let value = match &model.expr(at).kind {
            ExprKind::Call { .. } => at,
            ExprKind::Ident {
                binding: Some(b), ..
            } => {
                let binding = model.binding(*b);
                match binding.origin.init {
                    Some(init) if binding.origin.path.is_empty() && !binding.reassigned => init,
                    _ => return at,
                }
            }
            _ => return at,
        };
        if !matches!(model.expr(value).kind, ExprKind::Call { .. }) {
            return at;
        }
        let through_mount = routers.pack.mounts.iter().find_map(|m| {
            let mut caps = Captures::new();
            match_expr(model, &m.pattern, value, &mut caps)
                .then(|| m.parent_bound(&caps))
                .flatten()
        });
        let next = through_mount
            .or_else(|| {
                routers.pack.routes.iter().find_map(|r| {
                    let receiver = r.receiver.as_ref()?;
                    let mut caps = Captures::new();
                    (match_expr(model, &r.pattern, value, &mut caps)
                        && method_allowed(&r.method, &r.methods, &caps))
                    .then(|| caps.get(receiver).and_then(Capture::expr))
                    .flatten()
                })
            })
            // `cfg.app_data(d)`: the router it is called on.
            .or_else(|| same_router_receiver(files, routers.pack, file, value));
        match next {
            Some(next) if next != at => at = next,
            _ => return at,
        }
    }
    at
}

/// The routers a parameter of a project function stands for (`func mount(r *chi.Mux) {
/// r.Route(…) }`): at each call of that function (and of the functions that pass it their
/// own parameters), the router the caller passes. Empty when `expr` is no parameter, or no
/// caller passes a router.
pub(super) fn routers_through_callers(
    wrappers: &crate::route_wrappers::RouteWrappers,
    files: &Files,
    (file, call, expr): (usize, ExprId, ExprId),
    router_of: impl Fn(usize, ExprId) -> Option<RouterKey>,
) -> Vec<RouterKey> {
    let mut out: Vec<RouterKey> = wrappers
        .calls_of(file, call, &[expr], &|f, e| router_of(f, e).is_some())
        .unwrap_or_default()
        .iter()
        .filter_map(|w| {
            let (pf, pe) = w.argument(files, file, expr)?;
            router_of(pf, pe).or_else(|| {
                let (pf, pe) = wrappers.resolve(w, file, expr)?;
                router_of(pf, pe)
            })
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// [`routers_through_callers`] for a mount whose prefix may use parameters of the same
/// function (`func (api *Router) RX(r chi.Router, pathPrefix string) { r.Route(pathPrefix, …)
/// }`): each router a caller passes, with what that call gives the parameters, so the prefix
/// is read per call with its own argument.
pub(super) fn mounts_through_callers(
    wrappers: &crate::route_wrappers::RouteWrappers,
    files: &Files,
    (file, call, expr): (usize, ExprId, ExprId),
    prefix: Option<ExprId>,
    router_of: impl Fn(usize, ExprId) -> Option<RouterKey>,
) -> Vec<(RouterKey, crate::url::Substitution)> {
    let mut used = vec![expr];
    used.extend(prefix);
    let mut out: Vec<(RouterKey, crate::url::Substitution)> = wrappers
        .calls_of(file, call, &used, &|f, e| router_of(f, e).is_some())
        .unwrap_or_default()
        .into_iter()
        .filter_map(|w| {
            let (pf, pe) = w.argument(files, file, expr)?;
            let router = router_of(pf, pe).or_else(|| {
                let (pf, pe) = wrappers.resolve(&w, file, expr)?;
                router_of(pf, pe)
            })?;
            Some((router, w.subst))
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Every plugin router parameter: children of plugin mounts whose parent is a router or,
/// several levels deep, another plugin's parameter; a parent that is a parameter of a
/// project function counts when a caller passes it one of those.
pub(super) fn plugin_routers(
    routers: &Routers,
    wrappers: &crate::route_wrappers::RouteWrappers,
    on: &BTreeSet<usize>,
) -> BTreeSet<RouterKey> {
    let (files, pack) = (routers.files, routers.pack);
    let mut found = BTreeSet::new();
    if pack.mounts.iter().all(|m| m.plugin_parameter.is_none()) {
        return found;
    }
    for _ in 0..crate::files::MAX_HOPS {
        let before = found.len();
        for &file in on {
            let model = files.model(file);
            for crate::files::NamedCall { call, name } in files.calls(file) {
                for m in pack.mounts.iter().filter(|m| m.plugin_parameter.is_some()) {
                    if !anchor_ok(&m.pattern, name) {
                        continue;
                    }
                    let mut caps = Captures::new();
                    if !match_expr(model, &m.pattern, call, &mut caps) {
                        continue;
                    }
                    let parent_ok = m.parent_expr(&caps, call).is_some_and(|e| {
                        router_or_plugin(routers, &found, file, e).is_some()
                            || !routers_through_callers(wrappers, files, (file, call, e), |f, a| {
                                router_or_plugin(routers, &found, f, a)
                            })
                            .is_empty()
                    });
                    if let (true, Some(child)) = (
                        parent_ok,
                        caps.get(&m.child)
                            .and_then(Capture::expr)
                            .and_then(|e| plugin_router(files, m, file, e)),
                    ) {
                        found.insert(child);
                        break;
                    }
                }
            }
        }
        if found.len() == before {
            break;
        }
    }
    found
}

/// Global prefixes the pack's files set, as (directory, prefix), sorted by directory.
pub fn global_prefixes(
    files: &Files,
    pack: &Pack,
    reader: &Reader,
    on: &BTreeSet<usize>,
) -> Vec<(String, String)> {
    let mut out = BTreeMap::new();
    for g in &pack.global_prefixes {
        for &file in on {
            let model = files.model(file);
            let (dir, name) = model.path.rsplit_once('/').unwrap_or(("", &model.path));
            if g.file
                .as_deref()
                .is_some_and(|glob| !seam_lang::project::glob::name_matches(glob, name))
            {
                continue;
            }
            // A call pattern is looked for among calls; any other only in the named files.
            let candidates: Vec<(ExprId, Option<&str>)> = if g.pattern.call_anchor().is_some() {
                files.calls(file).map(|c| (c.call, c.name)).collect()
            } else {
                (0..model.exprs.len())
                    .map(|i| (ExprId::from_index(i), None))
                    .collect()
            };
            for (e, callee) in candidates {
                if !anchor_ok(&g.pattern, callee) {
                    continue;
                }
                let mut caps = Captures::new();
                if !match_expr(model, &g.pattern, e, &mut caps) {
                    continue;
                }
                if let Some(p) = caps.get(&g.prefix).and_then(Capture::expr) {
                    // A literal that is no text (`basePath: false` in a redirect entry) is
                    // an option of something else, never a path.
                    if matches!(
                        &model.expr(p).kind,
                        ExprKind::Literal { value } if !matches!(value, LiteralValue::String { .. })
                    ) {
                        continue;
                    }
                    out.entry(dir.to_owned())
                        .or_insert_with(|| join_paths("", &path_of(&reader.pieces(file, p))));
                    break;
                }
            }
        }
    }
    out.into_iter().collect()
}

/// The path with the global prefix of the nearest directory at or above the file in front.
pub fn with_global_prefix(globals: &[(String, String)], file: &str, path: &str) -> String {
    match nearest_for_dir(globals, file) {
        Some(prefix) if !prefix.is_empty() => join_paths(prefix, path),
        _ => path.to_owned(),
    }
}

/// Of `(directory, value)` entries, the value of the nearest directory at or above `file`'s.
pub(super) fn nearest_for_dir<'v>(entries: &'v [(String, String)], file: &str) -> Option<&'v str> {
    let dir = file.rsplit_once('/').map_or("", |(d, _)| d);
    entries
        .iter()
        .filter(|(d, _)| d.is_empty() || dir == d || dir.starts_with(&format!("{d}/")))
        .max_by_key(|(d, _)| d.len())
        .map(|(_, value)| value.as_str())
}

/// URI versioning switched on in a directory: the text before the version in its segment,
/// and the version of routes that declare none (`defaultVersion: "1"`).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Versioning {
    pub dir: String,
    pub segment: String,
    pub default: Option<String>,
}

/// Directories where the pack's URI versioning is switched on, sorted by directory.
pub(super) fn versioned_dirs(
    files: &Files,
    reader: &Reader,
    pack: &Pack,
    on: &BTreeSet<usize>,
) -> Vec<Versioning> {
    let Some(versioning) = &pack.uri_versioning else {
        return Vec::new();
    };
    let mut out = BTreeSet::new();
    for &file in on {
        let model = files.model(file);
        for c in files.calls(file) {
            let mut caps = Captures::new();
            if anchor_ok(&versioning.pattern, c.name)
                && match_expr(model, &versioning.pattern, c.call, &mut caps)
            {
                let dir = model.path.rsplit_once('/').map_or("", |(d, _)| d);
                let default = versioning.default_version.as_ref().and_then(|key| {
                    let ExprKind::Call { args, .. } = &model.expr(c.call).kind else {
                        return None;
                    };
                    let (vf, ve) = reader.object_key(file, args.first()?.value, key).ok()??;
                    reader.constant(vf, ve)
                });
                out.insert(Versioning {
                    dir: dir.to_owned(),
                    segment: versioning.segment.clone(),
                    default,
                });
            }
        }
    }
    out.into_iter().collect()
}

/// The versioning of the nearest directory at or above `file`'s.
pub(super) fn nearest_versioning<'v>(
    entries: &'v [Versioning],
    file: &str,
) -> Option<&'v Versioning> {
    let dir = file.rsplit_once('/').map_or("", |(d, _)| d);
    entries
        .iter()
        .filter(|v| v.dir.is_empty() || dir == v.dir || dir.starts_with(&format!("{}/", v.dir)))
        .max_by_key(|v| v.dir.len())
}

/// Every prefix a router is reachable under, composed through its mounts (several levels,
/// across files), sorted and without duplicates.
pub(super) fn prefixes_of(
    mounts: &BTreeMap<RouterKey, Vec<Mount>>,
    own: &dyn Fn(RouterKey) -> Prefix,
    router: RouterKey,
    depth: usize,
    unknown: &mut BTreeSet<String>,
) -> Vec<String> {
    let mine = own(router);
    unknown.extend(mine.unknown.clone());
    let start_unknown = mine.unknown.is_some();
    let mine = mine.path;
    // A router whose own prefix starts with a value seam cannot read: what it is mounted under
    // comes before that value, so the path the code fixes starts after it.
    let Some(list) = mounts.get(&router).filter(|_| !start_unknown) else {
        return vec![if mine == "/" { String::new() } else { mine }];
    };
    if depth >= crate::files::MAX_HOPS {
        return vec!["{prefix*}".to_owned()];
    }
    let mut out = BTreeSet::new();
    for m in list {
        unknown.extend(m.prefix.unknown.clone());
        for p in prefixes_of(mounts, own, m.parent, depth + 1, unknown) {
            let joined = join_paths(&join_paths(&p, &m.prefix.path), &mine);
            out.insert(if joined == "/" { String::new() } else { joined });
        }
    }
    out.into_iter().collect()
}

/// The router a function taking nothing gives back (Spring's `nest(path("/x"), () ->
/// route().GET(…).build())`, a chain of registrations on the router made at its start): the
/// router a mount handed that function mounts.
pub(super) fn supplied_router(
    files: &Files,
    pack: &Pack,
    file: usize,
    expr: ExprId,
) -> Option<RouterKey> {
    let (ff, func) = files.function_of(file, expr).or_else(|| {
        // The call of a project function that returns the supplier
        // (`Supplier<RouterFunction<…>> scopedApis() { return () -> route()…; }`).
        let ExprKind::Call { callee, .. } = &files.model(file).expr(expr).kind else {
            return None;
        };
        let (cf, cfunc) = files
            .function_of(file, *callee)
            .or_else(|| crate::callees::member_function(files, file, *callee, 4))?;
        let [returned] = files.returned_values(cf, cfunc)[..] else {
            return None;
        };
        files.function_of(cf, returned)
    })?;
    if !files.model(ff).function(func).params.is_empty() {
        return None;
    }
    let [returned] = files.returned_values(ff, func)[..] else {
        return None;
    };
    router_of(files, pack, ff, returned).or_else(|| chained_router(files, pack, ff, returned))
}

/// One path from the prefixes and the route's own path; several prefixes become a group
/// `(/a|/b)` in front.
pub(super) fn compose(prefixes: &[String], own: &str) -> String {
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
