//! Discovery: the units each pack finds. Handler packs find route registrations, follow
//! router mounts across files to compose prefixes, and resolve each handler to its function;
//! client packs find call sites (and call sites of thin wrappers around them).

use std::collections::{BTreeMap, BTreeSet};

use seam_lang::model::{
    ArrayElement, BindingKind, ClassId, ExprId, ExprKind, FuncId, ObjectProp, Span,
};
use seam_packs::{
    Capture, Captures, Constraint, Pack, PatternNode, UnitKind, ValueRead, match_expr,
};

use crate::files::{Def, Files, enclosing_function};
use crate::url::{
    Piece, Reader, Substitution, UNKNOWN_ORIGIN, client_url_path, is_absolute, join_paths,
    origin_of, path_of, read_method,
};

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
    /// The handler function; `None` when the registration names a handler seam cannot follow
    /// to a function (`passport.authenticate("google")`): the route is still declared.
    pub function: Option<FuncId>,
    /// The expression naming an unreadable handler, for the summary's gap.
    pub opaque_handler: Option<ExprId>,
    pub method: Option<String>,
    pub path: Option<String>,
    /// What the registration declares as the status of a plain return (`status_code=201`).
    pub route_status: Option<ExprId>,
    /// The status the pack gives a plain return when the route declares none (201 for POST).
    pub route_default_status: Option<i64>,
    /// What the registration declares as the response body (`response_model=User`).
    pub route_body: Option<ExprId>,
    /// The export the handler is reached through when a file convention found it (`default`
    /// for a wrapped default export, `actions`, `save` for a property of an exported object).
    pub export_path: Option<Vec<String>>,
    /// The source text of each prefix in front of the path that seam could not read (a base
    /// path from the deployment's settings): left out of the path, which starts at the part
    /// the code fixes.
    pub unknown_prefixes: Vec<String>,
    /// Where a `*` handler reads the method it branches on, when its pack says (see
    /// [`crate::method_branches`]).
    pub method_branches: Option<seam_packs::MethodBranches>,
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
    /// Where the URL goes when it says so (see [`crate::url::origin_of`]): an absolute URL's
    /// origin, or that its start could not be read. `None` for this deployment.
    pub origin: Option<String>,
    /// Found by instantiating a wrapper at its call (see [`crate::templates`]) rather than
    /// matched by the pack at the call itself.
    pub layered: bool,
    /// The wrapper functions the request was built through, innermost first (empty for a
    /// call the pack matched itself).
    pub through: Vec<(usize, FuncId)>,
    /// The URL is relative to the page the file is part of (`""`, `?/save`): `path` is what
    /// it adds to the page's path (see [`relative_url`]), resolved once the routes are known.
    pub page_relative: bool,
    /// Read from a call shape alone (see `seam_packs::ClientCall::fallback`), directly or
    /// through a wrapper: any other unit at the same call replaces it.
    pub fallback: bool,
    /// A call of a wrapper that sends what its caller passes but reads the response itself
    /// (neither returns nor forwards it): the statuses are judged at the request inside.
    pub read_inside: bool,
}

/// Whether a URL a call wrote with no client base is relative to the page it runs on: it
/// starts with text that is neither a path (`/x`) nor absolute (`https://…`), or is empty.
pub fn relative_url(url: &[Piece]) -> bool {
    match url.iter().find(|p| **p != Piece::Text(String::new())) {
        None => true,
        Some(Piece::Text(t)) => !t.starts_with('/') && !is_absolute(url) && !t.contains(':'),
        _ => false,
    }
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

/// Whether a call whose callee is named `name` (see [`crate::files::callee_name`]) can match
/// `pattern`: a pattern that names its callee needs that name. A cheap test before matching.
fn anchor_ok(pattern: &PatternNode, name: Option<&str>) -> bool {
    pattern
        .call_anchor()
        .is_none_or(|anchor| name == Some(anchor))
}

/// [`anchor_ok`] for a route, which also needs one of its methods as the callee's name when
/// the method is the callee's property (`$APP.$METHOD(…)` with `methods: [get, post]`).
/// The calls of a file that a route pattern spells as part of a larger registration: the
/// `r.HandleFunc(p, h)` of `r.HandleFunc(p, h).Methods("GET")`. They are that registration,
/// not another one.
fn calls_spelled_by_routes(files: &Files, pack: &Pack, file: usize) -> BTreeSet<ExprId> {
    let mut out = BTreeSet::new();
    let spells_inner_call = |p: &PatternNode| {
        matches!(p, PatternNode::Call { callee, .. }
            if matches!(callee.as_ref(), PatternNode::Member { object, .. }
                if matches!(object.as_ref(), PatternNode::Call { .. })))
    };
    let chained: Vec<&seam_packs::Route> = pack
        .routes
        .iter()
        .filter(|r| spells_inner_call(&r.pattern))
        .collect();
    if chained.is_empty() {
        return out;
    }
    let model = files.model(file);
    for crate::files::NamedCall { call, name } in files.calls(file) {
        for r in &chained {
            if route_anchor_ok(r, name) && match_expr(model, &r.pattern, call, &mut Captures::new())
            {
                if let ExprKind::Call { callee, .. } = &model.expr(call).kind
                    && let ExprKind::Member { object, .. } = &model.expr(*callee).kind
                {
                    out.insert(*object);
                }
                break;
            }
        }
    }
    out
}

fn route_anchor_ok(route: &seam_packs::Route, name: Option<&str>) -> bool {
    if !anchor_ok(&route.pattern, name) {
        return false;
    }
    let method_is_property = matches!(
        (&route.pattern, &route.method),
        (PatternNode::Call { callee, .. }, ValueRead::Meta(m))
            if matches!(callee.as_ref(), PatternNode::Member {
                property: seam_packs::pattern::PatternProp::Meta(p), ..
            } if p == m)
    );
    !method_is_property
        || route.methods.is_empty()
        || name.is_some_and(|n| route.methods.iter().any(|x| x.eq_ignore_ascii_case(n)))
}

/// [`anchor_ok`] for a client call, which also needs one of the names a `oneOf` constraint
/// allows when that constraint is on the callee's property (`$CLIENT.$METHOD(…)`).
fn client_call_anchor_ok(call: &seam_packs::ClientCall, name: Option<&str>) -> bool {
    if !anchor_ok(&call.pattern, name) {
        return false;
    }
    let PatternNode::Call { callee, .. } = &call.pattern else {
        return true;
    };
    let PatternNode::Member {
        property: seam_packs::pattern::PatternProp::Meta(property),
        ..
    } = callee.as_ref()
    else {
        return true;
    };
    match call.constraints.get(property) {
        Some(c) if !c.one_of.is_empty() => {
            name.is_some_and(|n| c.one_of.iter().any(|allowed| allowed == n))
        }
        _ => true,
    }
}

/// A path that starts with a method and a space (`GET /items/{id}`) gives that method and
/// loses it; any other keeps `method`.
pub(crate) fn method_from_path(
    allowed: bool,
    path: &mut [Piece],
    method: Option<String>,
) -> Option<String> {
    if !allowed {
        return method;
    }
    let Some(Piece::Text(first)) = path.first_mut() else {
        return method;
    };
    let Some((word, rest)) = first.split_once(' ') else {
        return method;
    };
    if word.is_empty() || !word.bytes().all(|b| b.is_ascii_uppercase()) {
        return method;
    }
    let found = word.to_owned();
    *first = rest.trim_start().to_owned();
    Some(found)
}

/// The router an expression refers to, if its value was made by one of the pack's router
/// patterns.
pub fn router_of(files: &Files, pack: &Pack, file: usize, expr: ExprId) -> Option<RouterKey> {
    let def = files.definition(file, expr)?;
    is_router(files, pack, def).then_some(def)
}

fn is_router(files: &Files, pack: &Pack, def: RouterKey) -> bool {
    files
        .value_of(def)
        .is_some_and(|(vf, ve)| is_router_value(files, pack, vf, ve, FACTORY_DEPTH))
}

/// A value made by one of the pack's router patterns, or the call of a project function
/// whose one returned value is a router (`e := routes.NewEcho()`, a few levels deep).
fn is_router_value(files: &Files, pack: &Pack, file: usize, expr: ExprId, depth: usize) -> bool {
    crate::router_classes::match_router(files, &pack.routers, file, expr).is_some()
        || factory_router(files, pack, file, expr, depth).is_some()
}

/// How many project functions deep a router made by a pattern is followed through the
/// functions that give it back.
const FACTORY_DEPTH: usize = 3;

/// The router a call of a project function gives back, made by one of the pack's router
/// patterns inside it (a few levels deep): the function's one returned value, or a field of
/// the one struct or object it returns (`return &wrapper{API: api}`, which stands for the
/// router it holds). `None` for any other value.
fn factory_router(
    files: &Files,
    pack: &Pack,
    file: usize,
    expr: ExprId,
    depth: usize,
) -> Option<RouterKey> {
    let ExprKind::Call { callee, .. } = &files.model(file).expr(expr).kind else {
        return None;
    };
    let depth = depth.checked_sub(1)?;
    let (ff, func) = files.function_of(file, *callee)?;
    let [returned] = files.returned_values(ff, func)[..] else {
        return None;
    };
    let router_at = |e: ExprId| {
        let def = files.definition(ff, e)?;
        let (vf, ve) = files.value_of(def)?;
        if crate::router_classes::match_router(files, &pack.routers, vf, ve).is_some() {
            return Some(def);
        }
        factory_router(files, pack, vf, ve, depth)
    };
    if let Some(router) = router_at(returned) {
        return Some(router);
    }
    let ExprKind::Object { props } = &files.model(ff).expr(returned).kind else {
        return None;
    };
    props.iter().find_map(|p| match p {
        ObjectProp::KeyValue { value, .. } | ObjectProp::Spread { value } => router_at(*value),
        ObjectProp::Method { .. } => None,
    })
}

/// Whether a definition is a router of one pack, each definition matched against the
/// pack's router patterns once (a router is looked up for every registration on it).
struct Routers<'r, 'a> {
    files: &'r Files<'a>,
    pack: &'r Pack,
    known: std::cell::RefCell<BTreeMap<RouterKey, bool>>,
}

impl<'r, 'a> Routers<'r, 'a> {
    fn new(files: &'r Files<'a>, pack: &'r Pack) -> Self {
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
        .map_or(Def::Expr(file, creation), |i| {
            Def::Binding(file, seam_lang::model::BindingId::from_index(i))
        })
}

/// The prefix a router gives its own routes (`APIRouter(prefix="/users")`), empty when its
/// pattern names none.
fn own_prefix(files: &Files, pack: &Pack, reader: &Reader, router: RouterKey) -> Prefix {
    let Some((vf, ve)) = files.value_of(router) else {
        return Prefix::default();
    };
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

/// Records the own prefix of the router one call of a router factory makes (`router`), read
/// under that call's arguments from the router the factory creates (`made_on`).
fn factory_prefix(
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
fn without_unknown_start(pieces: &[Piece]) -> (&[Piece], bool) {
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
fn unknown_start_text(
    files: &Files,
    path: &[Piece],
    (file, expr): (usize, ExprId),
) -> Option<String> {
    without_unknown_start(path).1.then(|| {
        let model = files.model(file);
        model.text_collapsed(model.expr(expr).span)
    })
}

/// What a route registration names as its handler.
enum Target {
    /// An expression that refers to a function (or to a class whose methods are handlers).
    Expr(ExprId),
    /// A decorated function.
    Function(FuncId),
    /// A function in the given file.
    Located(usize, FuncId),
    /// A handler the route declares but seam cannot read (an inherited framework action).
    Opaque(ExprId),
}

struct Mount {
    parent: RouterKey,
    prefix: Prefix,
}

/// The router a plugin function holds: its parameter at the mount's `plugin_parameter`.
fn plugin_router(
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
fn router_or_plugin(
    routers: &Routers,
    plugins: &BTreeSet<RouterKey>,
    file: usize,
    expr: ExprId,
) -> Option<RouterKey> {
    router_through_mounts(routers, plugins, file, expr, 0)
}

/// How many chained calls [`router_through_mounts`] peels.
const CHAIN_STEPS: usize = 256;

/// [`router_or_plugin`], also through chained calls: a mount or a route registration gives back
/// the router it is called on (`Router().use(a).use("/b", b)` is the `Router()`,
/// `new Hono().get("/a", h).post("/b", h2)` the `new Hono()`), as a fluent router API does.
fn router_through_mounts(
    routers: &Routers,
    plugins: &BTreeSet<RouterKey>,
    file: usize,
    expr: ExprId,
    depth: usize,
) -> Option<RouterKey> {
    let files = routers.files;
    let def = files.definition(file, expr)?;
    if routers.is_router(def) || plugins.contains(&def) {
        return Some(def);
    }
    // Each step peels one call of a chain, which real code writes dozens long.
    if depth >= CHAIN_STEPS {
        return None;
    }
    let (vf, ve) = files.value_of(def)?;
    let model = files.model(vf);
    if !matches!(model.expr(ve).kind, ExprKind::Call { .. }) {
        return None;
    }
    let through_mount = routers.pack.mounts.iter().find_map(|m| {
        let mut caps = Captures::new();
        if !match_expr(model, &m.pattern, ve, &mut caps) {
            return None;
        }
        let parent = caps.get(&m.parent).and_then(Capture::expr)?;
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

/// Every plugin router parameter: children of plugin mounts whose parent is a router or,
/// several levels deep, another plugin's parameter.
fn plugin_routers(routers: &Routers, on: &BTreeSet<usize>) -> BTreeSet<RouterKey> {
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
                    let parent_ok = caps
                        .get(&m.parent)
                        .and_then(Capture::expr)
                        .and_then(|e| router_or_plugin(routers, &found, file, e))
                        .is_some();
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
        this_class: None,
    };
    let routers = Routers::new(files, pack);
    // Plugins: functions mounted as children, whose parameter is the router inside them.
    let plugins = plugin_routers(&routers, on);
    let wrappers = crate::route_wrappers::RouteWrappers::new(files);
    let router_of =
        |_: &Files, _: &Pack, file: usize, e: ExprId| router_or_plugin(&routers, &plugins, file, e);
    let mut mounts: BTreeMap<RouterKey, Vec<Mount>> = BTreeMap::new();
    // The own prefixes of the routers project functions make, per call (see
    // [`crate::router_factories`]).
    let mut factory_prefixes: BTreeMap<RouterKey, Prefix> = BTreeMap::new();
    struct Registration {
        file: usize,
        span: Span,
        router: Option<RouterKey>,
        /// A prefix in front of the path that is not a router's (`@Controller("x")`).
        class_prefix: Vec<Piece>,
        /// The URI version the class declares (`@Controller({ version: "1" })`).
        version: Option<String>,
        method: Option<String>,
        path: Vec<Piece>,
        handler: Target,
        route_status: Option<ExprId>,
        route_default_status: Option<i64>,
        route_body: Option<ExprId>,
        /// The prefixes of a procedure, from the trees that serve it (no router).
        served: Option<Vec<Prefix>>,
        /// The source text of the path, when it starts with a value seam could not read
        /// (`path.Join(publicURL, "/:file")`): on a router with no known prefix, that start is
        /// left out as an unknown prefix (see [`Prefix`]).
        path_start: Option<String>,
    }
    let served = crate::procedures::served(files, pack, &reader);
    let mut registrations = Vec::new();
    for &file in on {
        let model = files.model(file);
        let spelled = calls_spelled_by_routes(files, pack, file);
        for crate::files::NamedCall { call, name } in files.calls(file) {
            // A router made over another (`Api(blueprint)`) serves under it, unprefixed.
            for (pattern, parent) in pack.routers.iter().zip(&pack.router_parents) {
                let Some(parent) = parent else { continue };
                if !anchor_ok(pattern, name) {
                    continue;
                }
                let mut caps = Captures::new();
                if !match_expr(model, pattern, call, &mut caps) {
                    continue;
                }
                let Some(parent_expr) = caps.get(parent).and_then(Capture::expr) else {
                    continue;
                };
                let parents: Vec<RouterKey> = match router_of(files, pack, file, parent_expr) {
                    Some(parent) => vec![parent],
                    // Made over a parameter of a project function (`func routes(g *Group) {
                    // users := g.Group("/users") … }`): over each caller's argument.
                    None => wrappers
                        .calls_of(file, call, &[parent_expr])
                        .unwrap_or_default()
                        .iter()
                        .filter_map(|w| w.argument(files, file, parent_expr))
                        .filter_map(|(pf, pe)| router_of(files, pack, pf, pe))
                        .collect(),
                };
                if parents.is_empty() {
                    continue;
                }
                let child = created_router(files, file, call);
                for parent in parents {
                    mounts.entry(child).or_default().push(Mount {
                        parent,
                        prefix: Prefix::default(),
                    });
                }
                break;
            }
            for m in &pack.mounts {
                if !anchor_ok(&m.pattern, name) {
                    continue;
                }
                let mut caps = Captures::new();
                if !match_expr(model, &m.pattern, call, &mut caps) {
                    continue;
                }
                let child = match caps.get(&m.child) {
                    Some(Capture::Expr(e)) => router_of(files, pack, file, *e)
                        .or_else(|| plugin_router(files, m, file, *e)),
                    Some(Capture::List(list)) => list
                        .iter()
                        .rev()
                        .find_map(|e| router_of(files, pack, file, *e)),
                    _ => None,
                };
                let Some(parent_expr) = caps.get(&m.parent).and_then(Capture::expr) else {
                    continue;
                };
                let parents: Vec<RouterKey> = match router_of(files, pack, file, parent_expr) {
                    Some(parent) => vec![parent],
                    // Mounted on a parameter of a project function whose object seam cannot
                    // follow (`def install(api): for p in registry.all(): api.include_router(
                    // p.events)`): on each caller's argument.
                    None if child.is_none() => wrappers
                        .calls_of(file, call, &[parent_expr])
                        .unwrap_or_default()
                        .iter()
                        .filter_map(|w| w.argument(files, file, parent_expr))
                        .filter_map(|(pf, pe)| router_of(files, pack, pf, pe))
                        .collect(),
                    None => Vec::new(),
                };
                if parents.is_empty() {
                    continue;
                }
                // `plugin.events` of a registry entry: every router a class holds as `events`.
                let children = match (child, caps.get(&m.child)) {
                    (Some(child), _) => vec![child],
                    (None, Some(Capture::Expr(e))) => {
                        crate::held_routers::class_attribute_routers(files, on, file, *e, |f, v| {
                            router_of(files, pack, f, v)
                        })
                    }
                    _ => Vec::new(),
                };
                if children.is_empty() {
                    continue;
                }
                let prefix = match m
                    .prefix
                    .as_ref()
                    .and_then(|p| caps.get(p))
                    .and_then(Capture::expr)
                {
                    Some(e) => Prefix::read(files, &reader, file, e),
                    None => Prefix::default(),
                };
                for child in children {
                    for &parent in &parents {
                        mounts.entry(child).or_default().push(Mount {
                            parent,
                            prefix: prefix.clone(),
                        });
                    }
                }
                break;
            }
            'routes: for r in &pack.routes {
                if !route_anchor_ok(r, name) || spelled.contains(&call) {
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
                        let chain = if r.chain.is_empty() {
                            &r.methods
                        } else {
                            &r.chain
                        };
                        match chained_receiver(model, receiver, chain) {
                            Some(inner) => receiver = inner,
                            None => break,
                        }
                    }
                }
                let receiver = r
                    .receiver
                    .as_ref()
                    .and_then(|x| caps.get(x))
                    .and_then(Capture::expr);
                let router = receiver.and_then(|e| router_of(files, pack, file, e));
                let handlers = match caps.get(&r.handlers) {
                    Some(Capture::List(list)) => list.clone(),
                    Some(Capture::Expr(e)) => vec![*e],
                    _ => Vec::new(),
                };
                let Some(path_expr) = caps.get(&r.path).and_then(Capture::expr) else {
                    continue;
                };
                // A path under a key of the object bound (`{ openapi: { path } }`). `None` when
                // that object is not readable here: a parameter of a project function holds it,
                // read at each call of that function below.
                let path_at = route_path_at(&reader, r, file, path_expr);
                // Inside a project function that takes the router, a handler or the path as
                // parameters: one registration per call of that function, arguments read in.
                // A handler the wrapper makes around one it takes (`wrapped := func(…) { return
                // handler(…) }`) stands for what the caller passes.
                let forwarded: Vec<ExprId> = handlers
                    .iter()
                    .map(|h| {
                        crate::route_wrappers::forwarded_parameter(files, file, *h).unwrap_or(*h)
                    })
                    .collect();
                let mut used = forwarded.clone();
                used.push(path_expr);
                used.extend(receiver.filter(|_| router.is_none()));
                // In a loop over a list of definitions written out: once per element, the
                // pattern's constraints checked on each element's values.
                let mut looped = used.clone();
                if let ValueRead::Meta(m) = &r.method {
                    looped.extend(caps.get(m).and_then(Capture::expr));
                }
                if router.is_some()
                    && let Some(path_at) = path_at
                    && let Some(elements) = crate::route_loops::each_element(files, file, &looped)
                {
                    for subst in &elements {
                        let reader = Reader {
                            files,
                            environment: &pack.environment,
                            subst,
                            this_class: None,
                        };
                        if constraints_hold(files, pack, &reader, file, &r.constraints, &caps)
                            .is_none()
                        {
                            continue;
                        }
                        let Some((handler_file, handler)) = last_handler(files, file, &handlers)
                            .and_then(|h| crate::route_loops::substituted(files, subst, file, h))
                        else {
                            continue;
                        };
                        if handler_file != file {
                            continue;
                        }
                        let path = reader.pieces(path_at.0, path_at.1);
                        for method in read_methods(&reader, &r.method, file, &caps) {
                            registrations.push(Registration {
                                file,
                                span: model.expr(call).span,
                                router,
                                class_prefix: Vec::new(),
                                version: None,
                                method,
                                path: path.clone(),
                                handler: Target::Expr(handler),
                                route_status: None,
                                route_default_status: None,
                                route_body: None,
                                served: None,
                                path_start: None,
                            });
                        }
                    }
                    break;
                }
                let wrapper_calls = wrappers.calls_of(file, call, &looped);
                if wrapper_calls.is_none()
                    && constraints_hold(files, pack, &reader, file, &r.constraints, &caps).is_none()
                {
                    continue;
                }
                if let Some(wrapper_calls) = wrapper_calls {
                    // The pattern's constraints are checked on each call's values; when no call
                    // meets them, another pattern may read the registration.
                    let mut held = false;
                    for w in wrapper_calls {
                        let reader = Reader {
                            files,
                            environment: &pack.environment,
                            subst: &w.subst,
                            this_class: None,
                        };
                        if constraints_hold(files, pack, &reader, file, &r.constraints, &caps)
                            .is_none()
                        {
                            continue;
                        }
                        held = true;
                        let Some(router) = receiver
                            .and_then(|e| w.argument(files, file, e))
                            .and_then(|(rf, re)| router_of(files, pack, rf, re))
                        else {
                            continue;
                        };
                        let mut passed: Vec<(usize, ExprId)> = forwarded
                            .iter()
                            .filter_map(|h| w.argument(files, file, *h))
                            .collect();
                        // `controller.show` of a parameter whose value cannot be followed: the
                        // route is declared all the same, its handler read as written.
                        if passed.is_empty()
                            && let Some(&h) = handlers.last()
                            && crate::route_wrappers::reads_parameter_property(model, h)
                        {
                            passed.push((file, h));
                        }
                        let Some(&(handler_file, _)) = passed.last() else {
                            continue;
                        };
                        let in_file: Vec<ExprId> = passed
                            .iter()
                            .filter(|(f, _)| *f == handler_file)
                            .map(|(_, e)| *e)
                            .collect();
                        let Some(handler) = last_handler(files, handler_file, &in_file) else {
                            continue;
                        };
                        // The path under its key in what the call passes (an operation
                        // object handed on whole: `register(api, op, h)`).
                        let Some(at) = route_path_at(&reader, r, file, path_expr) else {
                            continue;
                        };
                        for method in read_methods(&reader, &r.method, file, &caps) {
                            let mut path = reader.pieces(at.0, at.1);
                            let path_start = unknown_start_text(files, &path, at);
                            registrations.push(Registration {
                                file: handler_file,
                                span: if handler_file == w.file {
                                    w.span
                                } else {
                                    model.expr(call).span
                                },
                                router: Some(router),
                                class_prefix: Vec::new(),
                                version: None,
                                method: method_from_path(r.method_in_path, &mut path, method),
                                path,
                                handler: Target::Expr(handler),
                                route_status: None,
                                route_default_status: None,
                                route_body: None,
                                served: None,
                                path_start,
                            });
                        }
                    }
                    if !held {
                        continue;
                    }
                    break;
                }
                // A procedure is a route where a served tree holds it.
                let procedure = match (r.receiver.is_none(), pack.procedures.is_some()) {
                    (true, true) => match served.get(&(file, call)) {
                        Some(prefixes) => Some(prefixes.clone()),
                        None => continue,
                    },
                    _ => None,
                };
                // A pattern that names no receiver registers on the process's one router
                // (`http.HandleFunc`), at the root.
                if procedure.is_none() && router.is_none() && r.receiver.is_some() {
                    continue;
                }
                let Some(path_at) = path_at else {
                    continue;
                };
                let Some(handler) = last_handler(files, file, &handlers) else {
                    continue;
                };
                // A router a project function makes: once per call of that function.
                let made_on = router;
                for (router, subst) in crate::router_factories::instances(files, made_on) {
                    let reader = Reader {
                        subst: &subst,
                        ..reader
                    };
                    factory_prefix(
                        &mut factory_prefixes,
                        (files, pack, &reader),
                        router,
                        made_on,
                    );
                    // One method, or each of a list (`method: ["GET", "HEAD"]`).
                    let methods = match &r.method {
                        ValueRead::Option { meta, key, .. } if key.contains('.') => vec![
                            caps.get(meta)
                                .and_then(Capture::expr)
                                .and_then(|e| key_path(&reader, file, e, key))
                                .and_then(|(mf, me)| reader.constant(mf, me))
                                .map(|m| m.to_ascii_uppercase()),
                        ],
                        _ => read_methods(&reader, &r.method, file, &caps),
                    };
                    if procedure.is_some() && methods.iter().any(Option::is_none) {
                        continue 'routes;
                    }
                    let path = reader.pieces(path_at.0, path_at.1);
                    let path_start = unknown_start_text(files, &path, path_at);
                    for method in methods {
                        let mut path = path.clone();
                        let method = method_from_path(r.method_in_path, &mut path, method);
                        registrations.push(Registration {
                            file,
                            span: model.expr(call).span,
                            router,
                            class_prefix: Vec::new(),
                            version: None,
                            method,
                            path,
                            handler: Target::Expr(handler),
                            route_status: None,
                            route_default_status: None,
                            route_body: None,
                            served: procedure.clone(),
                            path_start: path_start.clone(),
                        });
                    }
                }
                break;
            }
        }
        // Decorated functions and classes (`@app.get("/x")`, `@ns.route("/x")`).
        let targets_of = |on_class: bool| decorated_targets(model, on_class);
        let (function_targets, class_targets) = if pack.decorated.is_empty() {
            (Vec::new(), Vec::new())
        } else {
            (targets_of(false), targets_of(true))
        };
        // Each decorator is read by the first entry that matches it.
        for (func, decorator, class) in function_targets.into_iter().chain(class_targets) {
            for d in &pack.decorated {
                if d.on_class != func.is_none() {
                    continue;
                }
                let mut caps = Captures::new();
                if !match_expr(model, &d.decorator, decorator.expr, &mut caps) {
                    continue;
                }
                if !method_allowed(&d.method, &d.methods, &caps) {
                    continue;
                }
                let made_on = match &d.receiver {
                    Some(x) => match caps
                        .get(x)
                        .and_then(Capture::expr)
                        .and_then(|e| router_of(files, pack, file, e))
                    {
                        Some(r) => Some(r),
                        None => continue,
                    },
                    None => None,
                };
                // A router a project function makes: once per call of that function.
                for (router, subst) in crate::router_factories::instances(files, made_on) {
                    let reader = Reader {
                        subst: &subst,
                        ..reader
                    };
                    factory_prefix(
                        &mut factory_prefixes,
                        (files, pack, &reader),
                        router,
                        made_on,
                    );
                    let paths = match caps.get(&d.path).and_then(Capture::expr).or_else(|| {
                        let pd = d.path_decorator.as_ref()?;
                        decorator_capture(model, pd, &model.function(func?).decorators)
                    }) {
                        // A list of paths (`@Get(["a", "b"])`): a route at each.
                        Some(e) => crate::path_lists::paths(&reader, file, e),
                        None => vec![Vec::new()],
                    };
                    let (class_prefixes, class_version) = match class {
                        Some(c) => class_prefix_of(&reader, file, &d.class_prefix, c),
                        None => (vec![Vec::new()], None),
                    };
                    let capture = |m: &Option<String>| {
                        m.as_ref().and_then(|m| caps.get(m)).and_then(Capture::expr)
                    };
                    let targets: Vec<(FuncId, Option<String>)> = match func {
                        Some(f) => read_methods(&reader, &d.method, file, &caps)
                            .into_iter()
                            .map(|m| (f, m))
                            .collect(),
                        // A decorated class: each method named like an HTTP method is a handler.
                        None => class
                            .map(|c| class_methods(model, c, &d.methods))
                            .unwrap_or_default(),
                    };
                    for (function, method) in targets {
                        // A version the method declares replaces the class's.
                        let version = d
                            .version_decorator
                            .as_ref()
                            .and_then(|vd| {
                                decorator_capture(model, vd, &model.function(function).decorators)
                            })
                            .and_then(|e| reader.constant(file, e))
                            .or_else(|| class_version.clone());
                        for class_prefix in &class_prefixes {
                            for path in &paths {
                                let mut path = path.clone();
                                let method =
                                    method_from_path(d.method_in_path, &mut path, method.clone());
                                registrations.push(Registration {
                                    file,
                                    span: decorator.span,
                                    router,
                                    class_prefix: class_prefix.clone(),
                                    version: version.clone(),
                                    method,
                                    path,
                                    handler: Target::Function(function),
                                    route_status: capture(&d.status).or_else(|| {
                                        d.status_decorator.as_ref().and_then(|sd| {
                                            decorator_capture(
                                                model,
                                                sd,
                                                &model.function(function).decorators,
                                            )
                                        })
                                    }),
                                    route_default_status: d.default_status,
                                    route_body: capture(&d.body),
                                    served: None,
                                    path_start: None,
                                });
                            }
                        }
                    }
                }
                break;
            }
        }
    }

    // Routes declared as list elements (`urlpatterns = [path("x/", view)]`).
    for route in crate::route_lists::list_routes(files, pack, &reader, on) {
        let handler = match route.handler {
            crate::route_lists::ListHandler::Expr(e) => Target::Expr(e),
            crate::route_lists::ListHandler::Function(f, func) => Target::Located(f, func),
            crate::route_lists::ListHandler::Opaque(e) => Target::Opaque(e),
        };
        registrations.push(Registration {
            file: route.file,
            span: route.span,
            router: None,
            class_prefix: Vec::new(),
            version: None,
            method: Some(route.method),
            path: vec![Piece::Text(route.path)],
            handler,
            route_status: None,
            route_default_status: None,
            route_body: None,
            served: None,
            path_start: None,
        });
    }

    // A router a project function makes and gives back (`api := NewAPI(group)`, the function
    // making it over the group it takes): mounted where the router made inside is, with that
    // router's own prefix.
    let given_back: BTreeSet<RouterKey> = registrations
        .iter()
        .filter_map(|r| r.router)
        .filter(|r| !mounts.contains_key(r) && !factory_prefixes.contains_key(r))
        .collect();
    for outer in given_back {
        let Some((vf, ve)) = files.value_of(outer) else {
            continue;
        };
        if let Some(inner) =
            factory_router(files, pack, vf, ve, FACTORY_DEPTH).filter(|i| *i != outer)
        {
            mounts.insert(
                outer,
                vec![Mount {
                    parent: inner,
                    prefix: Prefix::default(),
                }],
            );
        }
    }
    let mut units = Vec::new();
    let globals = global_prefixes(files, pack, &reader, on);
    let excluded = crate::prefix_exclusions::exclusions(files, pack, &reader, on);
    let versioned = versioned_dirs(files, pack, on);
    let own = |router: RouterKey| match factory_prefixes.get(&router) {
        Some(prefix) => prefix.clone(),
        None => own_prefix(files, pack, &reader, router),
    };
    for reg in registrations {
        let mut opaque_handler = None;
        let handlers: Vec<(usize, Option<FuncId>, Option<String>)> = match reg.handler {
            Target::Function(f) => vec![(reg.file, Some(f), reg.method.clone())],
            Target::Located(hf, f) => vec![(hf, Some(f), reg.method.clone())],
            Target::Opaque(written) => {
                opaque_handler = Some(written);
                vec![(reg.file, None, reg.method.clone())]
            }
            Target::Expr(written) => match unwrap_handler(files, pack, reg.file, written, 0)
                .map(|e| (e, files.function_of(reg.file, e)))
            {
                Some((_, Some((hf, f)))) => vec![(hf, Some(f), reg.method.clone())],
                // A class registered for a path: its methods named like HTTP methods.
                Some((e, None)) => match class_of(files, reg.file, e) {
                    Some((cf, class)) => {
                        let methods = pack
                            .routes
                            .iter()
                            .flat_map(|r| r.methods.iter().cloned())
                            .chain(pack.route_lists.iter().flat_map(|l| l.methods.clone()))
                            .collect::<Vec<_>>();
                        let bases = pack.route_lists.as_ref().map(|l| &l.class_bases);
                        match bases.filter(|b| !b.is_empty()) {
                            // Methods the class or a project ancestor defines, and those a
                            // framework base serves (declared, their body unread).
                            Some(bases) => {
                                let (own, framework) =
                                    crate::route_lists::class_members(files, (cf, class));
                                let inherited: BTreeSet<&String> = framework
                                    .iter()
                                    .filter_map(|b| bases.get(b))
                                    .flatten()
                                    .collect();
                                let mut out = Vec::new();
                                let mut seen = BTreeSet::new();
                                for m in methods.iter().filter(|m| seen.insert(*m)) {
                                    let method = Some(m.to_ascii_uppercase());
                                    match own.get(m) {
                                        Some(&(hf, f)) => out.push((hf, Some(f), method)),
                                        None if inherited.contains(m) => {
                                            opaque_handler = Some(e);
                                            out.push((reg.file, None, method));
                                        }
                                        None => {}
                                    }
                                }
                                out
                            }
                            None => class_methods(files.model(cf), class, &methods)
                                .into_iter()
                                .map(|(f, m)| (cf, Some(f), m))
                                .collect(),
                        }
                    }
                    None => continue,
                },
                // Nothing to follow: the route is declared all the same, its body unknown.
                None => {
                    opaque_handler = Some(written);
                    vec![(reg.file, None, reg.method.clone())]
                }
            },
        };
        let mut unknown = BTreeSet::new();
        let prefixes = match (reg.router, &reg.served) {
            (Some(router), _) => prefixes_of(&mounts, &own, router, 0, &mut unknown),
            (None, Some(served)) => {
                unknown.extend(served.iter().filter_map(|p| p.unknown.clone()));
                let paths: BTreeSet<String> = served
                    .iter()
                    .map(|p| {
                        if p.path == "/" {
                            String::new()
                        } else {
                            p.path.clone()
                        }
                    })
                    .collect();
                paths.into_iter().collect()
            }
            (None, None) => vec![String::new()],
        };
        // A path that starts with a value seam could not read, on a router with no known prefix:
        // that start is an unknown prefix, as a mount's would be.
        let own_pieces: &[Piece] = match &reg.path_start {
            Some(text) if reg.class_prefix.is_empty() && prefixes.iter().all(String::is_empty) => {
                unknown.insert(text.clone());
                without_unknown_start(&reg.path).0
            }
            _ => &reg.path,
        };
        let mut own_path = join_paths(&path_of(&reg.class_prefix), &path_of(own_pieces));
        let global = !crate::prefix_exclusions::excluded(
            &excluded,
            &files.model(reg.file).path,
            reg.method.as_deref(),
            &own_path,
        );
        if let Some(version) = &reg.version
            && let Some(segment) = nearest_for_dir(&versioned, &files.model(reg.file).path)
        {
            own_path = join_paths(&format!("/{segment}{version}"), &own_path);
        }
        let written = path_of(own_pieces);
        let appended = pack.append_paths
            && !written.is_empty()
            && !written.starts_with('/')
            && reg.class_prefix.is_empty()
            && reg.version.is_none();
        let composed = if appended {
            // `Group("/user")` + `"s"`: the prefix and the path as written, one string.
            let glued: Vec<String> = match prefixes.as_slice() {
                [] => vec![format!("/{written}")],
                many => many
                    .iter()
                    .map(|p| {
                        if p.is_empty() {
                            format!("/{written}")
                        } else {
                            format!("{p}{written}")
                        }
                    })
                    .collect(),
            };
            compose(&glued, "")
        } else {
            compose(&prefixes, &own_path)
        };
        let path = angle_parameters_as_holes(&composed);
        let path = if global {
            with_global_prefix(&globals, &files.model(reg.file).path, &path)
        } else {
            path
        };
        for (handler_file, function, method) in handlers {
            units.push(HandlerUnit {
                pack: pack_index,
                file: reg.file,
                registration: reg.span,
                handler_file,
                function,
                opaque_handler,
                method,
                path: Some(path.clone()),
                route_status: reg.route_status,
                route_default_status: reg.route_default_status,
                route_body: reg.route_body,
                export_path: None,
                unknown_prefixes: unknown.iter().cloned().collect(),
                method_branches: None,
            });
        }
    }
    units.extend(file_units(files, pack_index, pack, on, &globals));
    units.extend(crate::contract_routes::units(
        files, pack_index, pack, on, &reader,
    ));
    units
}

/// Functions (or, with `on_class`, classes) and their decorators: (function, decorator,
/// class). For a class, `function` is `None`; for a method, `class` is its class.
fn decorated_targets(
    model: &seam_lang::model::Model,
    on_class: bool,
) -> Vec<(
    Option<FuncId>,
    &seam_lang::model::Decorator,
    Option<seam_lang::model::ClassId>,
)> {
    let mut out = Vec::new();
    if on_class {
        for (i, c) in model.classes.iter().enumerate() {
            for d in &c.decorators {
                out.push((None, d, Some(seam_lang::model::ClassId::from_index(i))));
            }
        }
    } else {
        for (i, f) in model.functions.iter().enumerate() {
            for d in &f.decorators {
                out.push((Some(FuncId::from_index(i)), d, f.class));
            }
        }
    }
    out
}

/// Handlers found by file convention: each file matching a glob of the pack, each of its
/// exports the convention names (a function, or a call wrapping one), and each function of
/// the exported object it names, at the path the file's place spells.
fn file_units(
    files: &Files,
    pack_index: usize,
    pack: &Pack,
    on: &BTreeSet<usize>,
    globals: &[(String, String)],
) -> Vec<HandlerUnit> {
    let mut units = Vec::new();
    for convention in &pack.files {
        for &file in on {
            let model = files.model(file);
            let Some(segments) =
                seam_lang::project::glob::glob_match(&convention.glob, &model.path)
            else {
                continue;
            };
            let (stem, suffix_method) = file_stem_and_method(&model.path, convention);
            let Some(names) = segment_names(convention, &segments, stem) else {
                continue;
            };
            if convention
                .unless_exports
                .iter()
                .any(|e| files.export_def(file, e, crate::files::MAX_HOPS).is_some())
            {
                continue;
            }
            let parts: Vec<String> = names
                .iter()
                .filter_map(|s| rewrite_segment(&pack.segments, s))
                .collect();
            let own = format!("/{}", parts.join("/"));
            let path = join_paths(convention.prefix.as_deref().unwrap_or(""), &own);
            let path = with_global_prefix(globals, &model.path, &path);
            // A handler function, or the expression of one seam cannot follow (in `file`).
            let mut push = |handler: Result<(usize, FuncId), ExprId>,
                            method,
                            path: String,
                            export: Vec<String>| {
                let (handler_file, function, opaque_handler, registration) = match handler {
                    Ok((hf, f)) => (hf, Some(f), None, files.model(hf).function(f).span),
                    Err(e) => (file, None, Some(e), model.expr(e).span),
                };
                units.push(HandlerUnit {
                    pack: pack_index,
                    file,
                    registration,
                    handler_file,
                    function,
                    opaque_handler,
                    method,
                    path: Some(path),
                    route_status: None,
                    route_default_status: None,
                    route_body: None,
                    export_path: Some(export),
                    unknown_prefixes: Vec::new(),
                    method_branches: convention.method_branches.clone(),
                });
            };
            for export in &convention.exports {
                let Some(def) = files.export_def(file, export, crate::files::MAX_HOPS) else {
                    continue;
                };
                let handler = files.function_through_calls(def);
                let method = if export == "default" {
                    suffix_method.clone().or_else(|| convention.method.clone())
                } else {
                    Some(
                        convention
                            .export_methods
                            .get(export)
                            .cloned()
                            .unwrap_or_else(|| export.to_ascii_uppercase()),
                    )
                };
                // An export made by a call seam cannot follow to a function
                // (`createThemeAction(r)` from a library) is a route all the same, its body
                // unknown; any other value (an object, `new App()`) is no handler.
                let handler = match handler {
                    Some(h) => Ok(h),
                    None => match files
                        .value_of(def)
                        .or_else(|| destructured_from(files, def))
                    {
                        Some((vf, ve))
                            if vf == file
                                && matches!(
                                    model.expr(ve).kind,
                                    ExprKind::Call { is_new: false, .. }
                                ) =>
                        {
                            Err(ve)
                        }
                        _ => continue,
                    },
                };
                push(handler, method, path.clone(), vec![export.clone()]);
            }
            if let Some(object) = &convention.export_object {
                for (name, handler) in exported_object_functions(files, file, object) {
                    let export = vec![object.clone(), name];
                    push(Ok(handler), convention.method.clone(), path.clone(), export);
                }
            }
        }
    }
    units
}

/// The initialiser a name is destructured from (`export const { GET } = lib(…)` → `lib(…)`),
/// whose key seam cannot follow to a function when the initialiser is a library's call.
fn destructured_from(files: &Files, def: crate::files::Def) -> Option<(usize, ExprId)> {
    let crate::files::Def::Binding(file, binding) = def else {
        return None;
    };
    let origin = &files.model(file).binding(binding).origin;
    (!origin.path.is_empty()).then_some((file, origin.init?))
}

/// The names a file's place spells, one per path segment before rewriting: the directories
/// the glob's last `**` took, then the file's stem when it is a segment. With a `separator`
/// each name is split at it; a file directly in a directory that is not a flat folder must
/// be an index file (`None`: the file is no route).
fn segment_names(
    convention: &seam_packs::FileConvention,
    dirs: &[String],
    stem: &str,
) -> Option<Vec<String>> {
    let is_index = convention.index_names.iter().any(|i| i == stem);
    let Some(separator) = convention.separator.as_deref().filter(|s| !s.is_empty()) else {
        let mut names = dirs.to_vec();
        if convention.file_name_segment && !is_index {
            names.push(stem.to_owned());
        }
        return Some(names);
    };
    let mut names = Vec::new();
    for (i, dir) in dirs.iter().enumerate() {
        let flat = convention
            .flat_folder_suffix
            .as_deref()
            .and_then(|suffix| dir.strip_suffix(suffix));
        if flat.is_none() && i + 1 == dirs.len() && !is_index {
            return None;
        }
        names.extend(split_name(flat.unwrap_or(dir), separator));
    }
    if !is_index {
        names.extend(split_name(stem, separator));
    }
    Some(names)
}

/// A name split at `separator`, except inside `[` `]`, whose brackets stay for the segment
/// rules (`sitemap[.]xml` is one name).
fn split_name(name: &str, separator: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut depth = 0usize;
    let mut rest = name;
    while let Some(c) = rest.chars().next() {
        if depth == 0 && rest.starts_with(separator) {
            out.push(String::new());
            rest = &rest[separator.len()..];
            continue;
        }
        match c {
            '[' => depth += 1,
            ']' => depth = depth.saturating_sub(1),
            _ => {}
        }
        if let Some(last) = out.last_mut() {
            last.push(c);
        }
        rest = &rest[c.len_utf8()..];
    }
    out.retain(|s| !s.is_empty());
    out
}

/// A file's name without its extension, and the method a convention's `methodSuffixes` read
/// from it (`[id].patch.ts` → `[id]`, PATCH; `sitemap.xml.ts` → `sitemap.xml`, none).
fn file_stem_and_method<'p>(
    path: &'p str,
    convention: &seam_packs::FileConvention,
) -> (&'p str, Option<String>) {
    let name = path.rsplit('/').next().unwrap_or(path);
    let stem = name.rsplit_once('.').map_or(name, |(s, _)| s);
    if let Some((rest, suffix)) = stem.rsplit_once('.')
        && !rest.is_empty()
        && convention
            .method_suffixes
            .iter()
            .any(|m| m.eq_ignore_ascii_case(suffix))
    {
        return (rest, Some(suffix.to_ascii_uppercase()));
    }
    (stem, None)
}

/// The properties of the object a module exports as `name` that are functions (or calls
/// wrapping one), by property name in source order.
fn exported_object_functions(
    files: &Files,
    file: usize,
    name: &str,
) -> Vec<(String, (usize, FuncId))> {
    let Some((of, object)) = files
        .export_def(file, name, crate::files::MAX_HOPS)
        .and_then(|def| files.value_of(def))
    else {
        return Vec::new();
    };
    let model = files.model(of);
    let ExprKind::Object { props } = &model.expr(object).kind else {
        return Vec::new();
    };
    props
        .iter()
        .filter_map(|p| match p {
            ObjectProp::KeyValue { key, value, .. } => {
                let handler = files
                    .definition(of, *value)
                    .and_then(|def| files.function_through_calls(def))?;
                Some((key.as_str()?.to_owned(), handler))
            }
            ObjectProp::Method { key, function, .. } => {
                Some((key.as_str()?.to_owned(), (of, *function)))
            }
            ObjectProp::Spread { .. } => None,
        })
        .collect()
}

/// A directory or file name as a path segment, by the first rule whose fixed text surrounds
/// it, the name inside holding no closing text (`[id]` → `{id}`); `None` when the rule drops it (`(group)`); else with each occurrence
/// of a `within` rule inside it rewritten (`@[user]` → `@{user}`); the name itself when no
/// rule applies.
fn rewrite_segment(rules: &[seam_packs::SegmentRule], segment: &str) -> Option<String> {
    for rule in rules {
        if rule.exact {
            if segment != rule.before {
                continue;
            }
            return match &rule.to {
                (text, _) if text.is_empty() => None,
                (text, _) => Some(text.clone()),
            };
        }
        let Some(inner) = segment
            .strip_prefix(rule.before.as_str())
            .and_then(|rest| rest.strip_suffix(rule.after.as_str()))
        else {
            continue;
        };
        // `[a]-[b]` is two names, not one named `a]-[b`.
        if inner.is_empty()
            || segment.len() < rule.before.len() + rule.after.len()
            || (!rule.after.is_empty() && inner.contains(rule.after.as_str()))
        {
            continue;
        }
        return match &rule.to {
            (text, None) if text.is_empty() => None,
            (text, None) => Some(text.clone()),
            (head, Some(tail)) => Some(format!("{head}{inner}{tail}")),
        };
    }
    Some(rewrite_within(rules, segment))
}

/// `segment` with each occurrence of a `within` rule (fixed text on both sides of a non-empty
/// name) rewritten, the rules tried in order at each position.
fn rewrite_within(rules: &[seam_packs::SegmentRule], segment: &str) -> String {
    let mut out = String::new();
    let mut rest = segment;
    'scan: while let Some(c) = rest.chars().next() {
        for rule in rules.iter().filter(|r| r.within && !r.before.is_empty()) {
            let Some(after_open) = rest.strip_prefix(rule.before.as_str()) else {
                continue;
            };
            let Some(end) = after_open
                .find(rule.after.as_str())
                .filter(|_| !rule.after.is_empty())
            else {
                continue;
            };
            let inner = &after_open[..end];
            if inner.is_empty() {
                continue;
            }
            match &rule.to {
                (text, None) => out.push_str(text),
                (head, Some(tail)) => {
                    out.push_str(head);
                    out.push_str(inner);
                    out.push_str(tail);
                }
            }
            rest = &after_open[end + rule.after.len()..];
            continue 'scan;
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
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
fn nearest_for_dir<'v>(entries: &'v [(String, String)], file: &str) -> Option<&'v str> {
    let dir = file.rsplit_once('/').map_or("", |(d, _)| d);
    entries
        .iter()
        .filter(|(d, _)| d.is_empty() || dir == d || dir.starts_with(&format!("{d}/")))
        .max_by_key(|(d, _)| d.len())
        .map(|(_, value)| value.as_str())
}

/// The first expression a decorator pattern binds among `decorators` (`@HttpCode(204)` → 204).
fn decorator_capture(
    model: &seam_lang::model::Model,
    pattern: &PatternNode,
    decorators: &[seam_lang::model::Decorator],
) -> Option<ExprId> {
    decorators.iter().find_map(|d| {
        let mut caps = Captures::new();
        match_expr(model, pattern, d.expr, &mut caps)
            .then(|| caps.values().find_map(Capture::expr))
            .flatten()
    })
}

/// The prefixes a decorator on the class adds (`@Controller("users")`, one per path of a list
/// `@Controller(["a", "b"])`) and the URI version it declares, by the first pattern that
/// matches one of the class's decorators: `$PREFIX` (or else the first expression bound) is
/// the prefix, `$VERSION` the version.
pub(crate) fn class_prefix_of(
    reader: &Reader,
    file: usize,
    patterns: &[PatternNode],
    class: seam_lang::model::ClassId,
) -> (Vec<Vec<Piece>>, Option<String>) {
    let model = reader.files.model(file);
    for pattern in patterns {
        for d in &model.class(class).decorators {
            let mut caps = Captures::new();
            if !match_expr(model, pattern, d.expr, &mut caps) {
                continue;
            }
            let version = caps
                .get("VERSION")
                .and_then(Capture::expr)
                .and_then(|e| reader.constant(file, e));
            let prefix = caps.get("PREFIX").and_then(Capture::expr).or_else(|| {
                caps.iter()
                    .filter(|(name, _)| name.as_str() != "VERSION")
                    .find_map(|(_, c)| c.expr())
            });
            return (
                prefix.map_or_else(
                    || vec![Vec::new()],
                    |e| crate::path_lists::paths(reader, file, e),
                ),
                version,
            );
        }
    }
    (vec![Vec::new()], None)
}

/// Directories where the pack's URI versioning is switched on, with the text before the
/// version in its segment, sorted by directory.
fn versioned_dirs(files: &Files, pack: &Pack, on: &BTreeSet<usize>) -> Vec<(String, String)> {
    let Some((pattern, segment)) = &pack.uri_versioning else {
        return Vec::new();
    };
    let mut out = BTreeSet::new();
    for &file in on {
        let model = files.model(file);
        for c in files.calls(file) {
            let mut caps = Captures::new();
            if anchor_ok(pattern, c.name) && match_expr(model, pattern, c.call, &mut caps) {
                let dir = model.path.rsplit_once('/').map_or("", |(d, _)| d);
                out.insert((dir.to_owned(), segment.clone()));
            }
        }
    }
    out.into_iter().collect()
}

/// The methods of a class whose names are among `methods` (lower case), each with its name as
/// the HTTP method, in source order.
fn class_methods(
    model: &seam_lang::model::Model,
    class: seam_lang::model::ClassId,
    methods: &[String],
) -> Vec<(FuncId, Option<String>)> {
    model
        .class(class)
        .members
        .iter()
        .filter_map(|m| {
            let name = m.name.as_str()?;
            let seam_lang::model::MemberKind::Method { function } = &m.kind else {
                return None;
            };
            methods
                .iter()
                .any(|x| x == name)
                .then(|| (*function, Some(name.to_ascii_uppercase())))
        })
        .collect()
}

/// The class an expression refers to, with the file it is declared in.
fn class_of(
    files: &Files,
    file: usize,
    expr: ExprId,
) -> Option<(usize, seam_lang::model::ClassId)> {
    match files.definition(file, expr)? {
        Def::Binding(f, b) => match &files.model(f).binding(b).kind {
            BindingKind::Class { class } => Some((f, *class)),
            _ => None,
        },
        _ => None,
    }
}

/// The expression naming a handler's function or class, looking through what the pack says
/// stands for a class (`View.as_view()`) and through wrapper calls around it
/// (`csrf_exempt(view)`, `login_required(View.as_view())`): the last argument that leads to
/// a function or a class.
fn unwrap_handler(
    files: &Files,
    pack: &Pack,
    file: usize,
    expr: ExprId,
    depth: usize,
) -> Option<ExprId> {
    if files.function_of(file, expr).is_some() || class_of(files, file, expr).is_some() {
        return Some(expr);
    }
    if depth >= crate::files::MAX_HOPS {
        return None;
    }
    let model = files.model(file);
    let ExprKind::Call { args, .. } = &model.expr(expr).kind else {
        return None;
    };
    for (pattern, class) in pack.route_lists.iter().flat_map(|l| &l.class_handlers) {
        let mut caps = Captures::new();
        if match_expr(model, pattern, expr, &mut caps)
            && let Some(c) = caps.get(class).and_then(Capture::expr)
        {
            return unwrap_handler(files, pack, file, c, depth + 1);
        }
    }
    args.iter()
        .rev()
        .filter(|a| a.name.is_none() && !a.spread && !a.keyword_spread)
        .find_map(|a| unwrap_handler(files, pack, file, a.value, depth + 1))
}

/// The methods a registration serves: one, or each string of a list (`methods=["GET", "POST"]`).
pub(crate) fn read_methods(
    reader: &Reader,
    value: &ValueRead,
    file: usize,
    caps: &Captures,
) -> Vec<Option<String>> {
    // `.Methods("GET", "HEAD")`: one method per argument.
    if let ValueRead::Meta(m) = value
        && let Some(Capture::List(list)) = caps.get(m)
        && !list.is_empty()
    {
        let mut out: Vec<Option<String>> = list
            .iter()
            .map(|x| reader.constant(file, *x).map(|m| m.to_ascii_uppercase()))
            .collect();
        out.dedup();
        return out;
    }
    if let ValueRead::Meta(m) = value
        && let Some(Capture::Expr(e)) = caps.get(m)
        && let ExprKind::Array { elements, .. } = &reader.files.model(file).expr(*e).kind
    {
        let mut out: Vec<Option<String>> = elements
            .iter()
            .map(|el| match el {
                ArrayElement::Expr(x) => reader.constant(file, *x).map(|m| m.to_ascii_uppercase()),
                _ => None,
            })
            .collect();
        out.dedup();
        return out;
    }
    vec![read_method(reader, value, file, caps)]
}

/// Path parameters written in angle brackets (`/users/<int:id>`, `/files/<path:name>`) as holes
/// (`/users/{id}`); the converter before the `:` is dropped.
pub fn angle_parameters_as_holes(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut rest = path;
    while let Some(start) = rest.find('<') {
        let Some(len) = rest[start..].find('>') else {
            break;
        };
        let inner = &rest[start + 1..start + len];
        let name = inner.rsplit(':').next().unwrap_or(inner).trim();
        if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
            out.push_str(&rest[..start + len + 1]);
        } else {
            out.push_str(&rest[..start]);
            out.push('{');
            out.push_str(name);
            out.push('}');
        }
        rest = &rest[start + len + 1..];
    }
    out.push_str(rest);
    out
}

pub(crate) fn method_allowed(method: &ValueRead, methods: &[String], caps: &Captures) -> bool {
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

/// The value under a dotted key (`openapi.path`) of the object an expression holds.
/// Where a route's path is: what the pattern bound, or the value under the route's
/// `pathKey` in it (`{ openapi: { path } }`). `None` when that object cannot be read with
/// `reader` (a parameter only a call of the function around it fills).
fn route_path_at(
    reader: &Reader,
    route: &seam_packs::Route,
    file: usize,
    bound: ExprId,
) -> Option<(usize, ExprId)> {
    match &route.path_key {
        None => Some((file, bound)),
        Some(key) => key_path(reader, file, bound, key),
    }
}

fn key_path(reader: &Reader, file: usize, object: ExprId, key: &str) -> Option<(usize, ExprId)> {
    let mut at = (file, object);
    for part in key.split('.') {
        at = reader.object_key(at.0, at.1, part).ok().flatten()?;
    }
    Some(at)
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
    own: &dyn Fn(RouterKey) -> Prefix,
    router: RouterKey,
    depth: usize,
    unknown: &mut BTreeSet<String>,
) -> Vec<String> {
    let mine = own(router);
    unknown.extend(mine.unknown.clone());
    let mine = mine.path;
    let Some(list) = mounts.get(&router) else {
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
#[derive(Debug, Clone, Default)]
struct ClientObject {
    base: Vec<Piece>,
    /// What the instance's request interceptors put in front of each call's URL.
    url_prefix: UrlPrefix,
}

/// What an interceptor puts in front of a request's URL, and for which URLs.
#[derive(Debug, Clone, Default)]
pub struct UrlPrefix {
    pub pieces: Vec<Piece>,
    /// The rewrite sits under a test of the URL (`if (!config.url.includes("org"))`).
    pub only_when: Option<UrlTest>,
}

/// A test of the request's URL text an interceptor's rewrite depends on.
#[derive(Debug, Clone)]
pub struct UrlTest {
    /// `includes`, `startsWith` or `endsWith`.
    pub method: String,
    pub text: String,
    /// The rewrite runs when the test fails (`!url.includes(…)`, or the `else` branch).
    pub negated: bool,
}

impl UrlPrefix {
    /// The prefix for a call whose own URL is `url`: the pieces when the test holds or cannot
    /// be decided from the URL's known text, nothing when the URL's text decides against it.
    fn for_url(&self, url: &[Piece]) -> Vec<Piece> {
        let Some(test) = &self.only_when else {
            return self.pieces.clone();
        };
        let known: String = url
            .iter()
            .map(|p| match p {
                Piece::Text(t) => t.as_str(),
                _ => "\u{0}",
            })
            .collect();
        let holds = match test.method.as_str() {
            "includes" if known.contains(&test.text) => Some(true),
            // Holes may hold the text: only a URL with none decides that it is absent.
            "includes" if !known.contains('\u{0}') => Some(false),
            "startsWith" if !known.starts_with('\u{0}') => Some(known.starts_with(&test.text)),
            "endsWith" if !known.ends_with('\u{0}') => Some(known.ends_with(&test.text)),
            _ => None,
        };
        match holds {
            Some(h) if h == test.negated => Vec::new(),
            _ => self.pieces.clone(),
        }
    }
}

fn client_object(
    files: &Files,
    pack: &Pack,
    reader: &Reader,
    file: usize,
    expr: ExprId,
) -> Option<ClientObject> {
    client_object_hops(files, pack, reader, file, expr, crate::files::MAX_HOPS)
}

/// What [`client_object`] does, with a bound on the links (names, fields, factories) it
/// follows.
fn client_object_hops(
    files: &Files,
    pack: &Pack,
    reader: &Reader,
    file: usize,
    expr: ExprId,
    hops: usize,
) -> Option<ClientObject> {
    let hops = hops.checked_sub(1)?;
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
        return Some(ClientObject::default());
    }
    // The package's object passed on by a project module (`export default CTFd`).
    if let Some(package) = files.imported_package(file, expr)
        && pack
            .clients
            .iter()
            .any(|c| c.import.as_deref() == Some(package))
    {
        return Some(ClientObject::default());
    }
    // A field the class declares (`this.http`): its initialiser (which may give a base
    // URL, `WebClient.create(base)`), or its declared type.
    if let Some(field) = crate::classes::declared_field(files, file, expr) {
        if let Some(value) = field.value
            && let Some(client) = client_value(files, pack, reader, field.file, value, hops)
        {
            return Some(client);
        }
        if field
            .type_annotation
            .is_some_and(|t| is_client_type(pack, &t.shape))
        {
            return Some(ClientObject::default());
        }
        // Declared bare (`http`) and assigned once in a constructor of the hierarchy.
        if let ExprKind::Member {
            object,
            property: seam_lang::model::MemberProp::Name(name),
            ..
        } = &model.expr(expr).kind
            && let Some(class) = crate::classes::class_of_receiver(files, file, *object)
            && let Some((vf, ve)) = crate::classes::field_of_class(files, class, name)
            && let Some(client) = client_value(files, pack, reader, vf, ve, hops)
        {
            return Some(client);
        }
    }
    // A parameter whose declared type is a client type (`function f(http: Client)`).
    if let Some(b) = model.resolved_binding(expr)
        && let BindingKind::Param { function, index } = model.binding(b).kind
        && model.binding(b).origin.path.is_empty()
        && model
            .function(function)
            .params
            .get(index as usize)
            .and_then(|p| p.type_annotation.as_ref())
            .is_some_and(|t| is_client_type(pack, &t.shape))
    {
        return Some(ClientObject::default());
    }
    // A property of a callback's first parameter, the client a call hands the callback
    // (`test(name, async ({ request }) => …)`).
    if let Some(b) = model.resolved_binding(expr)
        && let BindingKind::Param { function, index: 0 } = model.binding(b).kind
        && let [seam_lang::model::PatternStep::Key(key)] = &model.binding(b).origin.path[..]
        && hands_client(files, pack, reader, file, function, key)
    {
        return Some(ClientObject::default());
    }
    // `const { request } = page.context()`: a property of a value the pack makes clients of.
    if crate::destructured_clients::destructured_client(files, pack, file, expr) {
        return Some(ClientObject::default());
    }
    // A client another script put on the page's global object (`window.CTFd = CTFd`).
    if let Some((vf, ve)) = crate::window_globals::assigned_value(files, file, expr) {
        return client_object_hops(files, pack, reader, vf, ve, hops);
    }
    let def = files.definition(file, expr)?;
    let (vf, ve) = files.value_of(def)?;
    client_value(files, pack, reader, vf, ve, hops)
}

/// Whether a call of the pack's `injected` clients hands the function `callback` (of `file`)
/// the client as the property `key` of its first parameter.
fn hands_client(
    files: &Files,
    pack: &Pack,
    reader: &Reader,
    file: usize,
    callback: FuncId,
    key: &str,
) -> bool {
    let model = files.model(file);
    let injected: Vec<&seam_packs::InjectedClient> = pack
        .clients
        .iter()
        .filter_map(|c| c.injected.as_ref())
        .filter(|i| i.property == key)
        .collect();
    if injected.is_empty() {
        return false;
    }
    files.calls(file).any(|c| {
        injected.iter().any(|i| {
            if !anchor_ok(&i.pattern, c.name) {
                return false;
            }
            let mut caps = Captures::new();
            if !match_expr(model, &i.pattern, c.call, &mut caps) {
                return false;
            }
            let handed = match &i.callback {
                ValueRead::Meta(m) => caps.get(m).and_then(Capture::expr).map(|e| (file, e)),
                ValueRead::Option { meta, key, .. } => caps
                    .get(meta)
                    .and_then(Capture::expr)
                    .and_then(|o| reader.object_key(file, o, key).ok().flatten()),
                _ => None,
            };
            handed.is_some_and(|(hf, he)| {
                hf == file
                    && matches!(files.model(hf).expr(he).kind,
                        ExprKind::Function { function } if function == callback)
            })
        })
    })
}

/// What the request interceptors registered on the client made at `(vf, ve)` put in front of
/// every request's URL: an interceptor in the creating module whose function assigns its
/// first parameter's URL property a template or sum that starts with other text and ends with
/// the URL itself (`config.url = \`${org}${config.url}\``) prefixes that text.
fn interceptor_prefix(
    files: &Files,
    pack: &Pack,
    reader: &Reader,
    vf: usize,
    ve: ExprId,
) -> UrlPrefix {
    let model = files.model(vf);
    for i in &pack.url_interceptors {
        let Some(client) = &i.client else { continue };
        for c in files.calls(vf) {
            if !anchor_ok(&i.pattern, c.name) {
                continue;
            }
            let mut caps = Captures::new();
            if !match_expr(model, &i.pattern, c.call, &mut caps) {
                continue;
            }
            let made_here = caps
                .get(client)
                .and_then(Capture::expr)
                .and_then(|e| files.definition(vf, e))
                .and_then(|d| files.value_of(d))
                == Some((vf, ve));
            if made_here && let Some(prefix) = handlers_prefix(files, reader, vf, &caps, i) {
                return prefix;
            }
        }
    }
    UrlPrefix::default()
}

/// The prefix the first of an interceptor registration's handlers that rewrites the URL puts
/// in front of it.
fn handlers_prefix(
    files: &Files,
    reader: &Reader,
    file: usize,
    caps: &Captures,
    interceptor: &seam_packs::UrlInterceptor,
) -> Option<UrlPrefix> {
    let handlers: Vec<ExprId> = match caps.get(&interceptor.handler)? {
        Capture::Expr(e) => vec![*e],
        Capture::List(list) => list.clone(),
        _ => Vec::new(),
    };
    handlers.into_iter().find_map(|h| {
        let (hf, function) = files.function_of(file, h)?;
        url_rewrite_prefix(files, reader, hf, function, &interceptor.url)
    })
}

/// What the pack's project-wide interceptors (registered for every client, not one instance)
/// put in front of every URL: the first registration found, in file order; worked out once.
fn global_url_prefix(files: &Files, pack: &Pack, reader: &Reader) -> UrlPrefix {
    if pack.url_interceptors.iter().all(|i| i.client.is_some()) {
        return UrlPrefix::default();
    }
    if let Some(known) = files
        .global_url_prefixes
        .lock()
        .ok()
        .and_then(|m| m.get(&pack.name).cloned())
    {
        return known;
    }
    let mut found = UrlPrefix::default();
    'files: for file in 0..files.models.len() {
        let model = files.model(file);
        if !pack.family.includes(model.language) {
            continue;
        }
        for i in pack.url_interceptors.iter().filter(|i| i.client.is_none()) {
            for c in files.calls(file) {
                if !anchor_ok(&i.pattern, c.name) {
                    continue;
                }
                let mut caps = Captures::new();
                if match_expr(model, &i.pattern, c.call, &mut caps)
                    && let Some(prefix) = handlers_prefix(files, reader, file, &caps, i)
                {
                    found = prefix;
                    break 'files;
                }
            }
        }
    }
    if let Ok(mut m) = files.global_url_prefixes.lock() {
        m.insert(pack.name.clone(), found.clone());
    }
    found
}

/// In `function`, an assignment `P.url = <text> + P.url` (or a template ending in `P.url`) to
/// its first parameter `P`: the pieces of `<text>`, and the test of `P.url` it sits under.
fn url_rewrite_prefix(
    files: &Files,
    reader: &Reader,
    file: usize,
    function: FuncId,
    property: &str,
) -> Option<UrlPrefix> {
    let model = files.model(file);
    let span = model.function(function).span;
    let param = model.bindings.iter().position(|b| {
        matches!(b.kind, BindingKind::Param { function: f, index: 0 } if f == function)
            && b.origin.path.is_empty()
    })?;
    let param = seam_lang::model::BindingId::from_index(param);
    let is_url = |e: ExprId| match &model.expr(e).kind {
        ExprKind::Member {
            object,
            property: seam_lang::model::MemberProp::Name(name),
            ..
        } => name == property && model.resolved_binding(*object) == Some(param),
        _ => false,
    };
    for expr in &model.exprs {
        if !span.contains(expr.span) {
            continue;
        }
        // `P.url = <new URL>`, or a new request made with `{ url: <new URL> }` (`req.clone(…)`).
        let value = match &expr.kind {
            ExprKind::Assign { target, value, .. } => match &model.pattern(*target).kind {
                seam_lang::model::PatternKind::Expr { expr: assigned } if is_url(*assigned) => {
                    value
                }
                _ => continue,
            },
            ExprKind::Object { props } => match props.iter().find_map(|p| match p {
                ObjectProp::KeyValue { key, value, .. } if key.as_str() == Some(property) => {
                    Some(value)
                }
                _ => None,
            }) {
                Some(value) => value,
                None => continue,
            },
            _ => continue,
        };
        // The parts before the URL: a template's quasis and holes, or a sum's left operands.
        let mut prefix = Vec::new();
        match &model.expr(*value).kind {
            ExprKind::Template {
                quasis,
                exprs,
                tag: None,
            } if exprs.last().is_some_and(|e| is_url(*e))
                && quasis.last().is_some_and(String::is_empty) =>
            {
                for (k, q) in quasis.iter().enumerate().take(exprs.len()) {
                    prefix.push(Piece::Text(q.clone()));
                    if k + 1 < exprs.len() {
                        prefix.extend(reader.pieces(file, exprs[k]));
                    }
                }
            }
            ExprKind::Binary {
                op: seam_lang::model::BinaryOp::Add,
                left,
                right,
            } if is_url(*right) => prefix.extend(reader.pieces(file, *left)),
            _ => continue,
        }
        prefix.retain(|p| !matches!(p, Piece::Text(t) if t.is_empty()));
        if !prefix.is_empty() {
            return Some(UrlPrefix {
                pieces: prefix,
                only_when: url_test_around(model, function, expr.span, &is_url),
            });
        }
    }
    None
}

/// The innermost `if` in `function` around `span` whose test is a text test of the URL
/// (`url.includes("x")`, `!url.startsWith("/x")`), as the branch `span` is in sees it.
fn url_test_around(
    model: &seam_lang::model::Model,
    function: FuncId,
    span: seam_lang::model::Span,
    is_url: &dyn Fn(ExprId) -> bool,
) -> Option<UrlTest> {
    let fspan = model.function(function).span;
    let mut around: Vec<(seam_lang::model::Span, ExprId, bool)> = model
        .stmts
        .iter()
        .filter(|st| fspan.contains(st.span) && st.span.contains(span))
        .filter_map(|st| match st.kind {
            seam_lang::model::StmtKind::If {
                test,
                consequent,
                alternate,
            } => {
                let in_else = alternate.is_some_and(|a| model.stmt(a).span.contains(span));
                (in_else || model.stmt(consequent).span.contains(span))
                    .then_some((st.span, test, in_else))
            }
            _ => None,
        })
        .collect();
    around.sort_by_key(|(sp, ..)| sp.end - sp.start);
    around
        .into_iter()
        .find_map(|(_, test, in_else)| url_test(model, test, in_else, is_url))
}

/// `test` read as a text test of the URL, negated when the rewrite is in its `else` branch.
fn url_test(
    model: &seam_lang::model::Model,
    mut test: ExprId,
    mut negated: bool,
    is_url: &dyn Fn(ExprId) -> bool,
) -> Option<UrlTest> {
    while let ExprKind::Unary {
        op: seam_lang::model::UnaryOp::Not,
        arg,
    } = &model.expr(test).kind
    {
        negated = !negated;
        test = *arg;
    }
    let ExprKind::Call { callee, args, .. } = &model.expr(test).kind else {
        return None;
    };
    let ExprKind::Member {
        object,
        property: seam_lang::model::MemberProp::Name(method),
        ..
    } = &model.expr(*callee).kind
    else {
        return None;
    };
    if !is_url(*object) || !matches!(method.as_str(), "includes" | "startsWith" | "endsWith") {
        return None;
    }
    let ExprKind::Literal {
        value: seam_lang::model::LiteralValue::String { value: text },
    } = &model.expr(args.first()?.value).kind
    else {
        return None;
    };
    Some(UrlTest {
        method: method.clone(),
        text: text.clone(),
        negated,
    })
}

/// Whether a declared type names one of the pack's client types (`type:`), by its last
/// segment (`HttpClient`, `http.HttpClient`).
fn is_client_type(pack: &Pack, shape: &seam_lang::model::TypeRef) -> bool {
    let seam_lang::model::TypeRef::Named { name, .. } = shape else {
        return false;
    };
    // A qualified type (`resty.Client`) matches by its package and name, a bare one
    // (`HttpClient`) by the name alone.
    let last = name.rsplit('.').next().unwrap_or(name);
    pack.clients.iter().any(|c| match c.type_name.as_deref() {
        Some(t) if t.contains('.') => {
            name == t || name.strip_suffix(t).is_some_and(|rest| rest.ends_with('.'))
        }
        Some(t) => t == last,
        None => false,
    })
}

/// Whether a value makes a client: a `create` pattern (through the import of its `from`
/// module when it names one), an object literal that spreads a client (`{ ...make(), extra }`),
/// or a call of a project function that returns a client (a factory), its arguments read
/// into the creation's options.
fn client_value(
    files: &Files,
    pack: &Pack,
    reader: &Reader,
    vf: usize,
    ve: ExprId,
    hops: usize,
) -> Option<ClientObject> {
    let vmodel = files.model(vf);
    for c in &pack.clients {
        let Some(create) = &c.create else { continue };
        let mut caps = Captures::new();
        let matched = match &c.from {
            Some(module) => created_from(vmodel, create, module, ve, &mut caps),
            None => match_expr(vmodel, create, ve, &mut caps),
        };
        if !matched {
            continue;
        }
        // A request or client made from another client keeps that client's base.
        let from_client = match &c.of {
            Some(of) => {
                let Some(inner) = caps.get(of).and_then(Capture::expr) else {
                    continue;
                };
                match client_object_hops(files, pack, reader, vf, inner, hops) {
                    Some(client) => Some(client),
                    None => continue,
                }
            }
            None => None,
        };
        if let Some(client) = from_client {
            return Some(client);
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
                Some(e) => {
                    constructed_pieces(files, reader, vf, e).unwrap_or_else(|| reader.pieces(vf, e))
                }
                None => Vec::new(),
            },
            _ => Vec::new(),
        };
        let url_prefix = interceptor_prefix(files, pack, reader, vf, ve);
        return Some(ClientObject { base, url_prefix });
    }
    // A factory step costs more than a name: each may branch into several returns.
    let hops = hops.checked_sub(1)?;
    match &vmodel.expr(ve).kind {
        ExprKind::Await { arg } => client_object_hops(files, pack, reader, vf, *arg, hops),
        ExprKind::Object { props } => props.iter().find_map(|p| match p {
            ObjectProp::Spread { value } => {
                client_object_hops(files, pack, reader, vf, *value, hops)
            }
            _ => None,
        }),
        ExprKind::Call {
            callee,
            args,
            is_new: false,
            ..
        } => {
            // `useMemo(() => createClient(base), [])`: what the callback returns.
            if let Some(callback) = crate::library_constants::memo_callback(vmodel, *callee, args) {
                return files
                    .returned_values(vf, callback)
                    .into_iter()
                    .find_map(|r| client_object_hops(files, pack, reader, vf, r, hops));
            }
            let (ff, func) = files.function_of(vf, *callee)?;
            let fmodel = files.model(ff);
            let mut subst = reader.subst.clone();
            for (i, b) in fmodel.bindings.iter().enumerate() {
                if let BindingKind::Param { function, index } = b.kind
                    && function == func
                    && b.origin.path.is_empty()
                {
                    let value = match args.get(index as usize) {
                        Some(arg) if !arg.spread => Some((vf, arg.value)),
                        Some(_) => continue,
                        None => None,
                    };
                    subst.insert((ff, seam_lang::model::BindingId::from_index(i)), value);
                }
            }
            let inner = Reader {
                files,
                environment: reader.environment,
                subst: &subst,
                this_class: None,
            };
            files
                .returned_values(ff, func)
                .into_iter()
                .find_map(|r| client_object_hops(files, pack, &inner, ff, r, hops))
        }
        ExprKind::Member { .. } if crate::window_globals::global_property(vmodel, ve).is_some() => {
            client_object_hops(files, pack, reader, vf, ve, hops)
        }
        _ => None,
    }
}

/// The most `new C(…)` calls a constructor's parameter is read through.
const MAX_CONSTRUCTIONS: usize = 8;

/// A value a class constructor reads from its parameters (`this.client = make(options.base)`),
/// read through the arguments of the project's `new C(…)` calls: the value when every one of
/// them gives the same, `None` when the value is not in a constructor, reads no parameter, or
/// the constructions disagree (or there are none, or too many).
fn constructed_pieces(
    files: &Files,
    reader: &Reader,
    file: usize,
    expr: ExprId,
) -> Option<Vec<Piece>> {
    let model = files.model(file);
    let ctor = enclosing_function(model, model.expr(expr).span)?;
    let function = model.function(ctor);
    if function.kind != seam_lang::model::FunctionKind::Constructor {
        return None;
    }
    let class = function.class?;
    let params: Vec<(seam_lang::model::BindingId, u32)> = model
        .bindings
        .iter()
        .enumerate()
        .filter_map(|(i, b)| match b.kind {
            BindingKind::Param { function, index }
                if function == ctor && b.origin.path.is_empty() =>
            {
                Some((seam_lang::model::BindingId::from_index(i), index))
            }
            _ => None,
        })
        .collect();
    if params.is_empty()
        || params
            .iter()
            .any(|(b, _)| reader.subst.contains_key(&(file, *b)))
    {
        return None;
    }
    let sites = files.constructions().get(&(file, class))?;
    if sites.is_empty() || sites.len() > MAX_CONSTRUCTIONS {
        return None;
    }
    let mut agreed: Option<Vec<Piece>> = None;
    for &(sf, site) in sites {
        let ExprKind::Call { args, .. } = &files.model(sf).expr(site).kind else {
            return None;
        };
        let mut subst = reader.subst.clone();
        for &(b, index) in &params {
            let value = match args.get(index as usize) {
                Some(arg) if !arg.spread => Some((sf, arg.value)),
                Some(_) => return None,
                None => None,
            };
            subst.insert((file, b), value);
        }
        let inner = Reader {
            subst: &subst,
            ..*reader
        };
        let pieces = inner.pieces(file, expr);
        match &agreed {
            Some(seen) if *seen != pieces => return None,
            _ => agreed = Some(pieces),
        }
    }
    agreed
}

/// A `create` pattern whose callee is a plain name, matched against a call whose callee is
/// an import from `module` of that name (or the module's default export), whatever the local
/// name.
/// Whether a name holds what a CommonJS `require(module)` gives: the module itself
/// (`const request = require("supertest")`) or its export `exported` (`const { agent } =
/// require("supertest")`).
fn required_from(
    model: &seam_lang::model::Model,
    name: ExprId,
    module: &str,
    exported: &str,
) -> bool {
    let Some(b) = model.resolved_binding(name) else {
        return false;
    };
    let binding = model.binding(b);
    let Some(init) = binding.origin.init else {
        return false;
    };
    let ExprKind::Call { callee, args, .. } = &model.expr(init).kind else {
        return false;
    };
    let requires = matches!(&model.expr(*callee).kind,
        ExprKind::Ident { name, binding: None } if name == "require");
    let names_module = args.first().is_some_and(|a| {
        matches!(&model.expr(a.value).kind,
            ExprKind::Literal { value: seam_lang::model::LiteralValue::String { value } } if value == module)
    });
    requires
        && names_module
        && match &binding.origin.path[..] {
            [] => true,
            [seam_lang::model::PatternStep::Key(k)] => k == exported,
            _ => false,
        }
}

fn created_from(
    model: &seam_lang::model::Model,
    create: &PatternNode,
    module: &str,
    expr: ExprId,
    caps: &mut Captures,
) -> bool {
    let PatternNode::Call {
        callee: pattern_callee,
        args: pattern_args,
        is_new,
    } = create
    else {
        return false;
    };
    let PatternNode::Ident(exported) = pattern_callee.as_ref() else {
        return false;
    };
    let ExprKind::Call { callee, .. } = &model.expr(expr).kind else {
        return false;
    };
    let imported = model.resolved_binding(*callee).is_some_and(|b| {
        matches!(&model.binding(b).kind, BindingKind::Import { import, name }
        if model.imports.get(*import as usize).is_some_and(|imp| {
            imp.specifier == module
                && imp.names.get(*name as usize).is_some_and(|n| match &n.imported {
                    seam_lang::model::ImportedItem::Default => true,
                    seam_lang::model::ImportedItem::Named(x) => x == exported,
                    _ => false,
                })
        }))
    });
    if !imported && !required_from(model, *callee, module, exported) {
        return false;
    }
    let any_callee = PatternNode::Call {
        callee: Box::new(PatternNode::Meta("__CREATE_CALLEE".to_owned())),
        args: pattern_args.clone(),
        is_new: *is_new,
    };
    match_expr(model, &any_callee, expr, caps)
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
        if c.path_literal && !is_path_literal(files.model(file), cap.expr()?) {
            return None;
        }
        if c.http_method
            && !reader
                .constant(file, cap.expr()?)
                .is_some_and(|m| is_http_method(&m))
        {
            return None;
        }
        if c.text && !reads_as_text(files, reader, file, cap.expr()?) {
            return None;
        }
        if c.opaque
            && files
                .definition(file, cap.expr()?)
                .and_then(|d| files.value_of(d))
                .is_some()
        {
            return None;
        }
    }
    Some(client)
}

/// Whether a value is text the code fixes at least in part (not an object literal, nor a
/// value nothing is known of).
fn reads_as_text(files: &Files, reader: &Reader, file: usize, expr: ExprId) -> bool {
    let object =
        |f: usize, e: ExprId| matches!(files.model(f).expr(e).kind, ExprKind::Object { .. });
    if object(file, expr)
        || files
            .definition(file, expr)
            .and_then(|d| files.value_of(d))
            .is_some_and(|(f, e)| object(f, e))
    {
        return false;
    }
    reader
        .pieces(file, expr)
        .iter()
        .any(|p| matches!(p, Piece::Text(t) if !t.is_empty()))
}

/// Whether text names an HTTP method, in any case.
fn is_http_method(text: &str) -> bool {
    ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]
        .iter()
        .any(|m| m.eq_ignore_ascii_case(text))
}

/// Whether an expression is a string or template literal whose text starts with `/`.
fn is_path_literal(model: &seam_lang::model::Model, expr: ExprId) -> bool {
    match &model.expr(expr).kind {
        ExprKind::Literal {
            value: seam_lang::model::LiteralValue::String { value },
        } => value.starts_with('/'),
        ExprKind::Template {
            quasis, tag: None, ..
        } => quasis.first().is_some_and(|q| q.starts_with('/')),
        _ => false,
    }
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
    /// Where the URL (after a client's base URL) goes: see [`crate::url::origin_of`].
    origin: Option<String>,
    /// See [`ClientUnit::page_relative`].
    page_relative: bool,
    /// See [`ClientUnit::fallback`].
    fallback: bool,
}

fn site_at(files: &Files, pack: &Pack, reader: &Reader, file: usize, call: ExprId) -> Option<Site> {
    let model = files.model(file);
    let name = crate::files::callee_name(model, call);
    for c in &pack.calls {
        if !client_call_anchor_ok(c, name) {
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
            ValueRead::Chain {
                meta,
                call: Some(call),
                key,
                ..
            } => caps.get(meta).and_then(Capture::expr).and_then(|r| {
                crate::builder_chains::chain_url(reader, file, r, call, key.as_deref())
            }),
            ValueRead::Text(t) => Some(vec![Piece::Text(t.clone())]),
            ValueRead::Number(_) | ValueRead::Chain { call: None, .. } => None,
        };
        let Some(url) = url_pieces else {
            continue;
        };
        let method = read_method(reader, &c.method, file, &caps);
        let mut site = site_of(files, pack, reader, (file, call), client, url, method);
        site.fallback = c.fallback;
        return Some(site);
    }
    member_site(files, pack, reader, file, call)
}

/// A call's site from its URL as written and the client it goes through: the client's base
/// URL and interceptor prefix in front.
fn site_of(
    files: &Files,
    pack: &Pack,
    reader: &Reader,
    (file, call): (usize, ExprId),
    client: Option<ClientObject>,
    url: Vec<Piece>,
    method: Option<String>,
) -> Site {
    let page_relative = client.is_none() && relative_url(&url);
    let (path, origin) = match client {
        Some(client) if !is_absolute(&url) => {
            let prefix = if client.url_prefix.pieces.is_empty() {
                global_url_prefix(files, pack, reader)
            } else {
                client.url_prefix.clone()
            }
            .for_url(&url);
            let url: Vec<Piece> = prefix.iter().chain(&url).cloned().collect();
            let mut whole = client.base.clone();
            whole.extend(url.iter().cloned());
            (
                join_paths(
                    &path_of(&client.base),
                    // Only a value at the very start of the whole URL is a base.
                    &if client.base.iter().all(|p| *p == Piece::Text(String::new())) {
                        client_url_path(&url)
                    } else {
                        path_of(&url)
                    },
                ),
                origin_of(&whole),
            )
        }
        _ => (join_paths("", &client_url_path(&url)), origin_of(&url)),
    };
    Site {
        file,
        call,
        path,
        page_relative,
        own_url: url,
        method,
        origin,
        fallback: false,
    }
}

/// A typed RPC client's call (`client.posts[":id"].$get()`): the members between the client
/// object and the called method are the path's segments.
fn member_site(
    files: &Files,
    pack: &Pack,
    reader: &Reader,
    file: usize,
    call: ExprId,
) -> Option<Site> {
    if pack.member_calls.is_empty() {
        return None;
    }
    let model = files.model(file);
    let ExprKind::Call { callee, .. } = &model.expr(call).kind else {
        return None;
    };
    let ExprKind::Member {
        object,
        property: seam_lang::model::MemberProp::Name(called),
        ..
    } = &model.expr(*callee).kind
    else {
        return None;
    };
    let rule = pack
        .member_calls
        .iter()
        .find(|m| m.methods.contains_key(called.as_str()))?;
    let mut segments = Vec::new();
    let mut at = *object;
    // Walk down the chain to the first expression that is not a member of a known name: the
    // client object itself.
    let client = loop {
        if let Some(client) = client_object(files, pack, reader, file, at) {
            break client;
        }
        let ExprKind::Member {
            object, property, ..
        } = &model.expr(at).kind
        else {
            return None;
        };
        let name = match property {
            seam_lang::model::MemberProp::Name(n) => n.clone(),
            seam_lang::model::MemberProp::Computed(e) => reader.constant(file, *e)?,
            seam_lang::model::MemberProp::Private(_) => return None,
        };
        segments.push(name);
        at = *object;
        if segments.len() > 32 {
            return None;
        }
    };
    let mut url = Vec::new();
    for segment in segments.iter().rev() {
        if rule.index.contains(segment) {
            continue;
        }
        url.push(Piece::Text("/".to_owned()));
        match rule
            .parameter_prefix
            .as_deref()
            .and_then(|p| segment.strip_prefix(p))
        {
            Some(param) => url.push(Piece::Hole(param.to_owned())),
            None => url.push(Piece::Text(segment.clone())),
        }
    }
    if url.is_empty() {
        url.push(Piece::Text("/".to_owned()));
    }
    let method = rule.methods.get(called.as_str()).cloned();
    Some(site_of(
        files,
        pack,
        reader,
        (file, call),
        Some(client),
        url,
        method,
    ))
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
        this_class: None,
    };
    let mut units = Vec::new();
    // Who calls which project function, built once and only when a wrapper needs it.
    let mut callers: Option<std::borrow::Cow<CallIndex>> = None;
    for &file in on {
        let model = files.model(file);
        // Each call once per form of its request (see `crate::alternatives`).
        let mut forms = crate::alternatives::Forms::new(files.calls(file));
        while let Some(crate::files::NamedCall { call, name }) = forms.next_call(&mut units) {
            // Most calls are not the pack's: skip them before any matching.
            if !pack.calls.iter().any(|c| client_call_anchor_ok(c, name))
                && !pack
                    .member_calls
                    .iter()
                    .any(|m| name.is_some_and(|n| m.methods.contains_key(n)))
            {
                continue;
            }
            // A call in a field initialiser reads `this` as an instance of its class.
            let own = Reader {
                this_class: crate::classes::initializer_class(files, file, call),
                ..reader
            };
            let Some(mut site) = site_at(files, pack, &own, file, call) else {
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
                // A method of an API class whose URL starts with a field subclasses set:
                // one unit per call through an instance, the field read from its class.
                let mut this_class = None;
                let field_calls = match site
                    .own_url
                    .iter()
                    .find(|p| !matches!(p, Piece::Env) && **p != Piece::Text(String::new()))
                {
                    Some(Piece::Hole(field)) if !forwards_parameter => {
                        crate::classes::instance_calls(files, &reader, file, func, field, all_files)
                            .map(|calls| (field.clone(), calls))
                    }
                    _ => None,
                };
                match field_calls {
                    // No instance is made with `new` (a service the framework injects): the
                    // field is the class's own.
                    Some((_, calls)) if calls.is_empty() => {
                        this_class = model.function(func).class.map(|c| (file, c));
                        let own = Reader {
                            this_class,
                            ..reader
                        };
                        if let Some(read) = site_at(files, pack, &own, file, call) {
                            site = read;
                        }
                    }
                    Some((field, calls)) => {
                        let hole = format!("{{{field}}}");
                        for ic in calls {
                            // Read again as an instance of its class reads `this`, when that
                            // says more (keys of fields its constructors fill in).
                            let own = Reader {
                                this_class: Some(ic.class),
                                ..reader
                            };
                            if let Some(read) = site_at(files, pack, &own, file, call)
                                .filter(|read| read.path != site.path)
                            {
                                let caller = files.model(ic.file);
                                units.push(ClientUnit {
                                    pack: pack_index,
                                    file: ic.file,
                                    call: ic.call,
                                    function: enclosing_function(caller, caller.expr(ic.call).span),
                                    method: read.method,
                                    path: Some(client_path(&read.path)),
                                    origin: read.origin,
                                    layered: false,
                                    through: Vec::new(),
                                    page_relative: false,
                                    fallback: site.fallback,
                                    read_inside: false,
                                });
                                continue;
                            }
                            let path = site.path.replacen(&hole, &ic.field_path, 1);
                            let caller = files.model(ic.file);
                            units.push(ClientUnit {
                                pack: pack_index,
                                file: ic.file,
                                call: ic.call,
                                function: enclosing_function(caller, caller.expr(ic.call).span),
                                method: site.method.clone(),
                                path: Some(client_path(&path)),
                                // The field starts the URL: its value says where the call goes.
                                origin: match &ic.field_origin {
                                    Some(origin)
                                        if site.origin.as_deref() == Some(UNKNOWN_ORIGIN) =>
                                    {
                                        origin.clone()
                                    }
                                    _ => site.origin.clone(),
                                },
                                layered: false,
                                through: Vec::new(),
                                page_relative: false,
                                fallback: site.fallback,
                                read_inside: false,
                            });
                        }
                        continue;
                    }
                    None => {}
                }
                // A template: the URL or the method comes from the function's parameters.
                let index = callers.get_or_insert_with(|| {
                    // The run's shared index when every file is searched.
                    if all_files.len() == files.models.len() {
                        std::borrow::Cow::Borrowed(files.callers())
                    } else {
                        std::borrow::Cow::Owned(call_index(files, all_files))
                    }
                });
                let layer = Layer {
                    files,
                    pack,
                    pack_index,
                    index,
                    inner: (file, call),
                };
                let mut budget = MAX_INSTANCES;
                let before = units.len();
                let forwarded = layer.expand(
                    &site,
                    (file, func, call, this_class),
                    &no_subst,
                    &[],
                    &mut budget,
                    &mut units,
                );
                if crate::templates::settles_parameter(model, func)
                    || (!forwarded && !crate::files::returns_value_of(files, file, func, call))
                {
                    for unit in &mut units[before..] {
                        unit.read_inside = true;
                    }
                }
                if forwarded {
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
                origin: site.origin,
                layered: false,
                through: Vec::new(),
                page_relative: site.page_relative,
                fallback: site.fallback,
                read_inside: false,
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
type CallIndex = crate::files::Callers;

/// Every call of a project function, by the function it reaches.
fn call_index(files: &Files, all_files: &BTreeSet<usize>) -> CallIndex {
    let mut out = CallIndex::new();
    for &cf in all_files {
        files.add_file_calls(cf, &mut out);
    }
    out
}

/// How many consumers one client call inside wrapper layers may stand for.
const MAX_INSTANCES: usize = 5000;

/// One client call followed up through the wrapper functions around it (see
/// [`crate::templates`]).
struct Layer<'l, 'a> {
    files: &'l Files<'a>,
    pack: &'l Pack,
    pack_index: usize,
    index: &'l CallIndex,
    /// The client call itself, read again under each layer's substitution.
    inner: (usize, ExprId),
}

impl Layer<'_, '_> {
    /// When `func` (around `call`) forwards the path or the method of `site` (read under
    /// `subst`) from its parameters and is called, one unit per call (or per call of the layers
    /// above it) into `out`, and true; false when `func` is not such a wrapper. A function that
    /// returns `call`'s result also gets one unit per call, but returns false: the call inside
    /// stays a consumer as well.
    fn expand(
        &self,
        site: &Site,
        (file, func, call, this_class): (usize, FuncId, ExprId, Option<(usize, ClassId)>),
        subst: &Substitution,
        chain: &[(usize, FuncId)],
        budget: &mut usize,
        out: &mut Vec<ClientUnit>,
    ) -> bool {
        let depth = chain.len();
        if depth >= crate::templates::MAX_LAYERS {
            return false;
        }
        let params = crate::templates::param_bindings(self.files, file, func);
        let holes: Vec<(seam_lang::model::BindingId, &str)> = params
            .iter()
            .filter(|(_, name)| {
                site.own_url
                    .iter()
                    .any(|p| matches!(p, Piece::Hole(h) if h == name))
            })
            .copied()
            .collect();
        let method_open = site.method.is_none() && !params.is_empty();
        // A function that returns the response to its caller makes each of its calls a
        // consumer too (the caller handles what comes back), even when nothing is forwarded.
        // So does one whose request carries its parameters (a body built from them), at the
        // layer that makes the request.
        let returns = crate::files::returns_value_of(self.files, file, func, call)
            || (depth == 0
                && (crate::templates::sends_parameters(
                    self.files,
                    file,
                    func,
                    call,
                    &site.own_url,
                ) || crate::templates::awaits_discarded(self.files, file, func, call)));
        let may_forward = !holes.is_empty() || method_open;
        if !may_forward && !returns {
            return false;
        }
        let Some(calls) = self.index.get(&(file, func)) else {
            return false;
        };
        let reader = Reader {
            files: self.files,
            environment: &self.pack.environment,
            subst,
            this_class,
        };
        let mut instances = Vec::new();
        for &(cf, ccall) in calls.iter().take(crate::templates::MAX_CALLS_PER_LAYER) {
            let bound =
                crate::templates::bind_arguments(self.files, &reader, file, func, cf, ccall);
            let layered = crate::templates::layered(subst, bound);
            // A method called through an instance of a subclass (`this.users.delete(u)` on a
            // `UsersService extends AbstractService`) reads `this.x` from that subclass.
            // Further out, a call through an instance of a subclass of the class `this` was
            // read as (`labels.update(l)` reaching `this.post(…)` in the base) reads it as
            // that subclass.
            let this_class = match receiver_subclass(self.files, (file, func), cf, ccall) {
                Some(r) if chain.is_empty() => Some(r),
                Some(r)
                    if this_class.is_some_and(|t| {
                        r != t && crate::classes::descends_from(self.files, r, t)
                    }) =>
                {
                    Some(r)
                }
                _ => this_class,
            };
            let outer = Reader {
                files: self.files,
                environment: &self.pack.environment,
                subst: &layered,
                this_class,
            };
            let Some(instance) = site_at(self.files, self.pack, &outer, self.inner.0, self.inner.1)
            else {
                continue;
            };
            instances.push((cf, ccall, layered, instance, this_class));
        }
        let passes_path = |binding: seam_lang::model::BindingId| {
            instances.iter().any(|(_, _, layered, ..)| {
                let Some(Some((af, ae))) = layered.get(&(file, binding)) else {
                    return false;
                };
                let reader = Reader {
                    files: self.files,
                    environment: &self.pack.environment,
                    subst: layered,
                    this_class,
                };
                crate::templates::holds_path(&reader.pieces(*af, *ae))
            })
        };
        let forwards = holes.iter().any(|(binding, name)| {
            crate::templates::forwards_path(&site.own_url, name, passes_path(*binding))
        });
        let method_given =
            method_open && instances.iter().any(|(_, _, _, i, _)| i.method.is_some());
        let forwarding = may_forward && (forwards || method_given);
        if !forwarding && !returns {
            return false;
        }
        let mut through = chain.to_vec();
        through.push((file, func));
        // A deferred the request settles hands the caller what the request resolves it with
        // (a body), not the response.
        let settled = crate::files::returns_settled_deferred(self.files, file, func, call);
        let start = out.len();
        for (cf, ccall, layered, instance, this_class) in instances {
            if *budget == 0 {
                break;
            }
            let caller = self.files.model(cf);
            let outer = enclosing_function(caller, caller.expr(ccall).span);
            let deeper = out.len();
            if let Some(of) = outer
                && self.expand(
                    &instance,
                    (cf, of, ccall, this_class),
                    &layered,
                    &through,
                    budget,
                    out,
                )
            {
                continue;
            }
            // A call in a base class's method whose path holds a value of `this` the base
            // leaves unset (`this.paths.get`): the requests are the calls further out, through
            // instances of the subclasses that set it, which filled the hole.
            if this_class.is_some()
                && let Some(of) = outer
                && crate::keyed_fields::filled_further_out(
                    &instance.path,
                    |hole| param_named(caller, of, hole),
                    out[deeper..].iter().filter_map(|u| u.path.as_deref()),
                )
            {
                continue;
            }
            *budget -= 1;
            out.push(ClientUnit {
                pack: self.pack_index,
                file: cf,
                call: ccall,
                function: outer,
                method: instance.method,
                path: Some(client_path(&instance.path)),
                origin: instance.origin,
                layered: true,
                through: through.clone(),
                // `loadPingDetails("../pings/1/")`: relative to the page of the calling script.
                page_relative: instance.page_relative,
                fallback: site.fallback,
                read_inside: false,
            });
        }
        if settled {
            for unit in &mut out[start..] {
                unit.read_inside = true;
            }
        }
        // Forwarding replaces the call inside by its instances; returning adds them to it.
        forwarding
    }
}

/// The class of the instance a call of the method `func` goes through, when it is the
/// method's class or a subclass of it (`this.users.delete(u)`, `users: UsersService`).
fn receiver_subclass(
    files: &Files,
    (file, func): (usize, FuncId),
    cf: usize,
    ccall: ExprId,
) -> Option<(usize, ClassId)> {
    let class = files.model(file).function(func).class?;
    let caller = files.model(cf);
    let ExprKind::Call { callee, .. } = &caller.expr(ccall).kind else {
        return None;
    };
    let ExprKind::Member { object, .. } = &caller.expr(*callee).kind else {
        return None;
    };
    let receiver = match caller.expr(*object).kind {
        // `super.post(…)`: the instance is the calling method's own.
        ExprKind::Super => {
            let f = enclosing_function(caller, caller.expr(ccall).span)?;
            (cf, caller.function(f).class?)
        }
        _ => crate::classes::class_of_receiver(files, cf, *object)?,
    };
    crate::classes::descends_from(files, receiver, (file, class)).then_some(receiver)
}

/// Whether the pack discovers handlers or clients.
pub fn is_handler_pack(pack: &Pack) -> bool {
    pack.kind == UnitKind::Handler
}

#[cfg(test)]
mod tests {
    use super::{file_stem_and_method, rewrite_segment};
    use seam_packs::{FileConvention, SegmentRule};

    fn rule(before: &str, after: &str, to: (&str, Option<&str>), within: bool) -> SegmentRule {
        SegmentRule {
            before: before.to_owned(),
            after: after.to_owned(),
            to: (to.0.to_owned(), to.1.map(str::to_owned)),
            within,
            exact: false,
        }
    }

    #[test]
    fn within_rules_rewrite_parameters_inside_a_name_and_leave_the_rest() {
        let rules = [
            rule("[[", "]]", ("{", Some("?}")), true),
            rule("[", "]", ("{", Some("}")), true),
            rule("(", ")", ("", None), false),
        ];
        let seg = |s: &str| rewrite_segment(&rules, s);
        assert_eq!(seg("[id]").as_deref(), Some("{id}"));
        assert_eq!(seg("@[user]").as_deref(), Some("@{user}"));
        assert_eq!(seg("[a]-[b]").as_deref(), Some("{a}-{b}"));
        assert_eq!(seg("v[[n]]x").as_deref(), Some("v{n?}x"));
        assert_eq!(seg("(group)"), None);
        // Unclosed or empty brackets and names outside any rule stay as written.
        assert_eq!(seg("a[b").as_deref(), Some("a[b"));
        assert_eq!(seg("a[]").as_deref(), Some("a[]"));
        assert_eq!(seg("plain").as_deref(), Some("plain"));
        assert_eq!(seg("x(y)").as_deref(), Some("x(y)"));
    }

    #[test]
    fn names_split_at_the_separator_except_inside_brackets() {
        let split = |s: &str| super::split_name(s, ".");
        assert_eq!(
            split("share.$slug.opengraph"),
            ["share", "$slug", "opengraph"]
        );
        assert_eq!(split("sitemap[.]xml"), ["sitemap[.]xml"]);
        assert_eq!(split("api"), ["api"]);
    }

    #[test]
    fn a_method_suffix_names_the_method_and_leaves_the_path() {
        let convention = FileConvention {
            glob: "**/server/api/**/*.ts".to_owned(),
            exports: vec!["default".to_owned()],
            method: Some("*".to_owned()),
            prefix: None,
            file_name_segment: true,
            index_names: vec!["index".to_owned()],
            method_suffixes: vec!["get".to_owned(), "patch".to_owned()],
            export_object: None,
            export_methods: Default::default(),
            unless_exports: Vec::new(),
            separator: None,
            flat_folder_suffix: None,
            method_branches: None,
        };
        let read = |p: &str| {
            let (stem, method) = file_stem_and_method(p, &convention);
            (stem.to_owned(), method)
        };
        assert_eq!(
            read("a/[id].patch.ts"),
            ("[id]".to_owned(), Some("PATCH".to_owned()))
        );
        assert_eq!(
            read("a/index.GET.ts"),
            ("index".to_owned(), Some("GET".to_owned()))
        );
        assert_eq!(read("a/stats.ts"), ("stats".to_owned(), None));
        assert_eq!(read("a/sitemap.xml.ts"), ("sitemap.xml".to_owned(), None));
        // A name that is only a method stays a name.
        assert_eq!(read("a/.get.ts"), (".get".to_owned(), None));
    }
}
