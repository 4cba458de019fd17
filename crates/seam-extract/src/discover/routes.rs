//! Route registrations: each handler pack's registrations, decorated classes and methods,
//! and the handler function each one leads to.

use std::collections::{BTreeMap, BTreeSet};

use seam_lang::model::{
    ArrayElement, BindingKind, ExprId, ExprKind, FuncId, LiteralValue, ObjectProp, PropKey, Span,
};
use seam_packs::{Capture, Captures, Pack, PatternNode, ValueRead, match_expr};

use super::clients::constraints_hold;
use super::file_conventions::file_units;
use super::module_routes::{module_prefixes, under_modules};
use super::mounts::{
    FACTORY_DEPTH, Mount, Routers, chain_root, compose, factory_prefix, factory_router,
    mounts_through_callers, nearest_versioning, own_prefix, plugin_router, plugin_routers,
    prefixes_of, router_or_plugin, routers_through_callers, same_router_receiver, supplied_router,
    unknown_start_text, versioned_dirs, without_unknown_start,
};
use super::mounts::{Prefix, created_router, global_prefixes, is_router, with_global_prefix};
use super::{HandlerUnit, RouterKey, anchor_ok, method_allowed, method_from_path, read_methods};
use crate::files::{Def, Files};
use crate::url::{Piece, Reader, Substitution, join_paths, path_of};
use seam_ir::vocab::is_test_path;

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

/// [`anchor_ok`] for a route, which also needs one of its methods as the callee's name when
/// the method is the callee's property (`$APP.$METHOD(…)` with `methods: [get, post]`).
/// The calls of a file that a route pattern spells as part of a larger registration: the
/// `r.HandleFunc(p, h)` of `r.HandleFunc(p, h).Methods("GET")`. They are that registration,
/// not another one.
pub(super) fn calls_spelled_by_routes(files: &Files, pack: &Pack, file: usize) -> BTreeSet<ExprId> {
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
    let roots = |f: usize, e: ExprId| chain_root(&routers, f, e);
    let wrappers = crate::route_wrappers::RouteWrappers::new(files).with_root(&roots);
    // Plugins: functions mounted as children, whose parameter is the router inside them.
    let plugins = plugin_routers(&routers, &wrappers, on);
    // A chain of mounts and registrations longer than the recursion reaches (`web::scope(
    // "/v1").service(a)…` hundreds of links long) is read from its start, peeled in a loop.
    let router_of = |_: &Files, _: &Pack, file: usize, e: ExprId| {
        router_or_plugin(&routers, &plugins, file, e).or_else(|| {
            let root = chain_root(&routers, file, e);
            (root != e)
                .then(|| router_or_plugin(&routers, &plugins, file, root))
                .flatten()
        })
    };
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
        /// The URI version the method or class declares (`@Controller({ version: "1" })`).
        version: Version,
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
        /// The mount's path when routes seam cannot read may be added under it (an open
        /// router: see [`crate::route_lists::ListRoute::open_mount`]).
        open_mount: Option<String>,
        /// Declared by a route list (`urlpatterns = [path(…)]`).
        listed: bool,
        /// The text mapping methods to the handler type's methods (`"POST:Signup"`), when the
        /// pattern binds one.
        actions: Option<ExprId>,
        /// A route only where its handler answers the request itself (see
        /// [`crate::answering_handlers`]).
        answers_only: bool,
    }
    let served = crate::procedures::served(files, pack, &reader);
    // Groups of routes under a prefix and controller-class handlers (`classRoutes:`).
    let class_groups = crate::class_routes::groups(files, pack, &reader, on);
    // The paths route tables over modules put in front of the classes the modules declare.
    let modules = module_prefixes(files, pack, &reader, on);
    let mut registrations = Vec::new();
    let served_functions = mounted_functions(files, pack, on, &routers, &wrappers, &router_of);
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
                // A call that gives back the router it is called on is that router.
                if same_router_receiver(files, pack, file, call).is_some() {
                    break;
                }
                let parents: Vec<RouterKey> = match router_of(files, pack, file, parent_expr) {
                    Some(parent) => vec![parent],
                    // Made over a parameter of a project function (`func routes(g *Group) {
                    // users := g.Group("/users") … }`): over each caller's argument.
                    None => routers_through_callers(
                        &wrappers,
                        files,
                        (file, call, parent_expr),
                        |pf, pe| router_of(files, pack, pf, pe),
                    ),
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
                        .or_else(|| plugin_router(files, m, file, *e))
                        .or_else(|| supplied_router(files, pack, file, *e)),
                    Some(Capture::List(list)) => list
                        .iter()
                        .rev()
                        .find_map(|e| router_of(files, pack, file, *e)),
                    _ => None,
                };
                let Some(parent_expr) = m.parent_expr(&caps, call) else {
                    continue;
                };
                // A child a project function takes (`func (s *Server) MountRouter(name, urlPath
                // string, sub http.Handler) { s.router.Mount(urlPath, sub) }`): one mount per call
                // of that function (and of the functions passing it their own parameters), of
                // the router the caller passes, under the prefix read with the caller's
                // arguments, on the parent the caller passes when that is a parameter too.
                if child.is_none()
                    && let Some(Capture::Expr(child_expr)) = caps.get(&m.child)
                    && crate::route_wrappers::is_parameter(model, *child_expr)
                {
                    let prefix_expr = m
                        .prefix
                        .as_ref()
                        .and_then(|p| caps.get(p))
                        .and_then(Capture::expr);
                    let mut used = vec![*child_expr, parent_expr];
                    used.extend(prefix_expr);
                    let calls = wrappers
                        .calls_of(file, call, &used, &|f, e| {
                            router_of(files, pack, f, e).is_some()
                        })
                        .unwrap_or_default();
                    for w in calls {
                        // A test's call mounts nothing of the product.
                        if is_test_path(&files.model(w.file).path) && !is_test_path(&model.path) {
                            continue;
                        }
                        let passed = |e: ExprId| {
                            let (af, ae) = w.argument(files, file, e)?;
                            router_of(files, pack, af, ae).or_else(|| {
                                let (af, ae) = wrappers.resolve(&w, file, e)?;
                                router_of(files, pack, af, ae)
                            })
                        };
                        let Some(child) = passed(*child_expr) else {
                            continue;
                        };
                        let Some(parent) = router_of(files, pack, file, parent_expr)
                            .or_else(|| passed(parent_expr))
                        else {
                            continue;
                        };
                        let reader = Reader {
                            files,
                            environment: &pack.environment,
                            subst: &w.subst,
                            this_class: None,
                        };
                        let prefix = prefix_expr.map_or_else(Prefix::default, |e| {
                            Prefix::read(files, &reader, file, e)
                        });
                        mounts
                            .entry(child)
                            .or_default()
                            .push(Mount { parent, prefix });
                    }
                    break;
                }
                let prefix_expr = m
                    .prefix
                    .as_ref()
                    .and_then(|p| caps.get(p))
                    .and_then(Capture::expr);
                // One prefix, or each of a list written out (`app.use(["/a", "/b"], r)`), read
                // with what the parameters it uses receive.
                let prefixes_with = |subst: &Substitution| -> Vec<Prefix> {
                    let reader = Reader {
                        files,
                        environment: &pack.environment,
                        subst,
                        this_class: None,
                    };
                    match prefix_expr {
                        Some(e) => crate::path_lists::path_exprs(&reader, file, e)
                            .into_iter()
                            .map(|(pf, pe)| Prefix::read(files, &reader, pf, pe))
                            .collect(),
                        None => vec![Prefix::default()],
                    }
                };
                let parents: Vec<(RouterKey, Vec<Prefix>)> =
                    match router_of(files, pack, file, parent_expr) {
                        Some(parent) => vec![(parent, prefixes_with(&no_subst))],
                        // Mounted on a parameter of a project function (`func mount(r *chi.Mux) {
                        // r.Route("/v1", func(r chi.Router) { … }) }`, `def install(api): for p
                        // in registry.all(): api.include_router(p.events)`): on each caller's
                        // argument, as a route registered on that parameter is, under the
                        // prefix read with that caller's arguments when the function takes it
                        // too (`func (api *Router) RX(r chi.Router, pathPrefix string) {
                        // r.Route(pathPrefix, …) }`: each call's own path, not one unknown).
                        // `cfg.service(a).service(b)`: the parameter at the chain's start.
                        None => mounts_through_callers(
                            &wrappers,
                            files,
                            (file, call, chain_root(&routers, file, parent_expr)),
                            prefix_expr,
                            |pf, pe| router_of(files, pack, pf, pe),
                        )
                        .into_iter()
                        .map(|(parent, subst)| (parent, prefixes_with(&subst)))
                        .collect(),
                    };
                if parents.is_empty() {
                    continue;
                }
                // `readdirSync(dir).forEach((f) => app.use("/api", require(path.join(dir,
                // f))))`: the router each module of that folder exports.
                let folder_routers = |e: ExprId| -> Vec<RouterKey> {
                    crate::folder_modules::folder_exports(files, file, e)
                        .into_iter()
                        .filter(|def| is_router(files, pack, *def))
                        .collect()
                };
                // `plugin.events` of a registry entry: every router a class holds as `events`.
                let children = match (child, caps.get(&m.child)) {
                    (Some(child), _) => vec![child],
                    (None, Some(Capture::Expr(e))) => {
                        let mut held = crate::held_routers::class_attribute_routers(
                            files,
                            on,
                            file,
                            *e,
                            |f, v| router_of(files, pack, f, v),
                        );
                        // `getHooks("api").forEach((hook) => r.use("/", hook.value.routes()))`:
                        // every router an object literal holds under `value`.
                        if held.is_empty() {
                            held = crate::held_routers::object_key_routers(
                                files,
                                on,
                                file,
                                *e,
                                |f, v| router_of(files, pack, f, v),
                            );
                        }
                        // `for (const r of createRouters()) app.use(r.routes())`: each router of
                        // the list the loop runs over.
                        if held.is_empty() {
                            held =
                                crate::held_routers::iterated_routers(files, file, *e, |f, v| {
                                    router_of(files, pack, f, v)
                                });
                        }
                        if held.is_empty() {
                            held = folder_routers(*e);
                        }
                        held
                    }
                    // The last handler of a list (`app.use("/api", auth, router)`).
                    (None, Some(Capture::List(list))) => {
                        list.last().map_or_else(Vec::new, |e| folder_routers(*e))
                    }
                    _ => Vec::new(),
                };
                if children.is_empty() {
                    continue;
                }
                for child in children {
                    for (parent, prefixes) in &parents {
                        let parent = *parent;
                        for prefix in prefixes {
                            mounts.entry(child).or_default().push(Mount {
                                parent,
                                prefix: prefix.clone(),
                            });
                        }
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
                // A registration with no receiver that makes a router itself (Spring's
                // `RouterFunctions.route(GET("/x"), h)`, which `.andRoute(…)` adds to): that router,
                // mounted and registered on as any other.
                let router = match (&r.receiver, receiver) {
                    (_, Some(e)) => router_of(files, pack, file, e),
                    (None, None) => {
                        crate::router_classes::match_router(files, &pack.routers, file, call)
                            .map(|_| created_router(files, file, call))
                    }
                    (Some(_), None) => None,
                };
                // A router derived from a parameter through calls that give it back
                // (`const r = (router as Router<X>).use(mw)`): that parameter is the receiver
                // the callers fill.
                let receiver = match (router, receiver) {
                    (None, Some(e)) => Some(chain_root(&routers, file, e)),
                    _ => receiver,
                };
                let handlers = match caps.get(&r.handlers) {
                    Some(Capture::List(list)) => list.clone(),
                    Some(Capture::Expr(e)) => vec![*e],
                    _ => Vec::new(),
                };
                // A pattern that binds no path (`sub.Methods("GET").HandlerFunc(h)`) registers
                // at its router's own path.
                // Several paths written one after another (`add_resource(R, "/a", "/b")`): the
                // route at each, the first read as the route's path.
                let (path_expr, more_paths) = bound_paths(model, call, caps.get(&r.path));
                if path_expr.is_none() && !r.path.is_empty() {
                    continue;
                }
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
                used.extend(path_expr);
                used.extend(&more_paths);
                used.extend(receiver.filter(|_| router.is_none()));
                // A handler handing the request on to a value the function takes (see
                // [`crate::delegated_handlers`]): that value is filled by the callers too.
                let delegated_values: Vec<ExprId> = handlers
                    .last()
                    .map(|h| crate::delegated_handlers::delegated_values(files, file, *h))
                    .unwrap_or_default();
                if used
                    .iter()
                    .any(|e| crate::route_wrappers::is_parameter(model, *e))
                {
                    used.extend(&delegated_values);
                }
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
                        for (path, _) in route_paths(&reader, r, path_at, (file, &more_paths)) {
                            for method in read_methods(&reader, &r.method, file, &caps) {
                                registrations.push(Registration {
                                    file,
                                    span: model.expr(call).span,
                                    router,
                                    class_prefix: Vec::new(),
                                    version: Version::Undeclared,
                                    method,
                                    path: path.clone(),
                                    handler: Target::Expr(handler),
                                    route_status: None,
                                    route_default_status: None,
                                    route_body: None,
                                    served: None,
                                    path_start: None,
                                    open_mount: None,
                                    listed: false,
                                    actions: None,
                                    answers_only: r.handler_answers,
                                });
                            }
                        }
                    }
                    break;
                }
                let wrapper_calls = wrappers.calls_of(file, call, &looped, &|f, e| {
                    router_of(files, pack, f, e).is_some()
                });
                // A path a function takes, and nothing calls that function: no route.
                if wrapper_calls.is_none()
                    && path_expr.is_some_and(|p| crate::route_wrappers::is_parameter(model, p))
                {
                    continue;
                }
                if wrapper_calls.is_none()
                    && constraints_hold(files, pack, &reader, file, &r.constraints, &caps).is_none()
                {
                    continue;
                }
                if let Some(wrapper_calls) = wrapper_calls {
                    // The pattern's constraints are checked on each call's values; when no call
                    // meets them, another pattern may read the registration.
                    let mut held = false;
                    // Calls that come to the same router, handler and path (several callers
                    // handing on one app) register one route; a path with a value seam could
                    // not read may differ between them, and stays one route per call.
                    let mut seen = BTreeSet::new();
                    for w in wrapper_calls {
                        // A test's call of a product's registration function (on a router the
                        // test makes) registers no route of the product.
                        if is_test_path(&files.model(w.file).path)
                            && !is_test_path(&files.model(file).path)
                        {
                            continue;
                        }
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
                        let Some(router) = receiver.and_then(|e| {
                            let (rf, re) = w.argument(files, file, e)?;
                            router_of(files, pack, rf, re).or_else(|| {
                                let (rf, re) = wrappers.resolve(&w, file, e)?;
                                router_of(files, pack, rf, re)
                            })
                        }) else {
                            continue;
                        };
                        let mut passed: Vec<(usize, ExprId)> = forwarded
                            .iter()
                            .filter_map(|h| w.argument(files, file, *h))
                            .map(|(hf, he)| {
                                // A handler the wrapper makes from one it takes (`e.mux.Handle(
                                // "GET", path, e.handle(mw, handler))`): the caller's handler,
                                // when it passes one seam can follow.
                                if hf == file {
                                    wrapped_argument(files, &w, file, he).unwrap_or((hf, he))
                                } else {
                                    (hf, he)
                                }
                            })
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
                        // The method of the caller's value the handler hands the request to.
                        let delegated = handlers
                            .last()
                            .filter(|_| !delegated_values.is_empty())
                            .and_then(|h| {
                                crate::delegated_handlers::delegated_method(files, &w, file, *h)
                            });
                        // The path under its key in what the call passes (an operation
                        // object handed on whole: `register(api, op, h)`).
                        let Some(at) = route_path_at(&reader, r, file, path_expr) else {
                            continue;
                        };
                        for method in read_methods(&reader, &r.method, file, &caps) {
                            for (mut path, at) in route_paths(&reader, r, at, (file, &more_paths)) {
                                let path_start =
                                    at.and_then(|at| unknown_start_text(files, &path, at));
                                let span = if handler_file == w.file {
                                    w.span
                                } else {
                                    model.expr(call).span
                                };
                                let method =
                                    method_from_path(r.method_in_path, &mut path, method.clone());
                                let known = path.iter().all(|p| matches!(p, Piece::Text(_)));
                                if known
                                    && !seen.insert((
                                        handler_file,
                                        span,
                                        router,
                                        method.clone(),
                                        path_of(&path),
                                        handler,
                                    ))
                                {
                                    continue;
                                }
                                registrations.push(Registration {
                                    file: handler_file,
                                    span,
                                    router: Some(router),
                                    class_prefix: Vec::new(),
                                    version: Version::Undeclared,
                                    method,
                                    path,
                                    handler: match delegated {
                                        Some((df, func)) => Target::Located(df, func),
                                        None => Target::Expr(handler),
                                    },
                                    route_status: None,
                                    route_default_status: None,
                                    route_body: None,
                                    served: None,
                                    path_start,
                                    open_mount: None,
                                    listed: false,
                                    actions: None,
                                    answers_only: r.handler_answers,
                                });
                            }
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
                // A controller class's method (`[C::class, 'show']`, `C::class`, `'C@show'`).
                let class_handler = pack.class_routes.as_ref().and_then(|spec| {
                    let raw = *handlers.last()?;
                    let (_, context) =
                        class_groups.path(files, spec, file, model.expr(call).span, Vec::new());
                    crate::class_routes::handler_target(files, spec, &reader, file, raw, &context)
                        .map(|t| (raw, t))
                });
                let handler = match &class_handler {
                    Some((raw, _)) => *raw,
                    None => match last_handler(files, file, &handlers) {
                        Some(h) => h,
                        None => continue,
                    },
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
                    // Each method with the handler, or each link of a chain of method routers.
                    let links: Vec<(Option<String>, ExprId)> = if r.method_routers {
                        method_router_links(model, &r.methods, handler)
                    } else {
                        methods.iter().map(|m| (m.clone(), handler)).collect()
                    };
                    for (path, at) in route_paths(&reader, r, path_at, (file, &more_paths)) {
                        let path_start = at.and_then(|at| unknown_start_text(files, &path, at));
                        for (method, handler) in &links {
                            let handler = *handler;
                            let mut path = path.clone();
                            let method =
                                method_from_path(r.method_in_path, &mut path, method.clone());
                            // Under the groups around it and its route file's prefix.
                            let variants = match &pack.class_routes {
                                Some(spec) => class_groups.paths(
                                    files,
                                    spec,
                                    file,
                                    model.expr(call).span,
                                    std::mem::take(&mut path),
                                ),
                                None => vec![std::mem::take(&mut path)],
                            };
                            for path in variants {
                                registrations.push(Registration {
                                    file,
                                    span: model.expr(call).span,
                                    router,
                                    class_prefix: Vec::new(),
                                    version: Version::Undeclared,
                                    method: method.clone(),
                                    path,
                                    handler: match &class_handler {
                                        Some((
                                            _,
                                            crate::class_routes::ClassTarget::Method(f, m),
                                        )) => Target::Located(*f, *m),
                                        Some((raw, crate::class_routes::ClassTarget::Unread)) => {
                                            Target::Opaque(*raw)
                                        }
                                        None => Target::Expr(handler),
                                    },
                                    route_status: None,
                                    route_default_status: None,
                                    route_body: None,
                                    served: procedure.clone(),
                                    path_start: path_start.clone(),
                                    open_mount: None,
                                    listed: false,
                                    actions: r
                                        .actions
                                        .as_ref()
                                        .and_then(|a| caps.get(a))
                                        .and_then(Capture::expr),
                                    answers_only: r.handler_answers,
                                });
                            }
                        }
                    }
                }
                break;
            }
        }
        // Resource routes (`Route::resource('photos', PhotoController::class)`).
        if let Some(spec) = &pack.class_routes {
            for rr in crate::class_routes::resource_routes(files, spec, &reader, file) {
                let span = model.expr(rr.call).span;
                let (path, _) = class_groups.path(files, spec, file, span, rr.path);
                registrations.push(Registration {
                    file,
                    span,
                    router: None,
                    class_prefix: Vec::new(),
                    version: Version::Undeclared,
                    method: Some(rr.method),
                    path,
                    handler: match rr.target {
                        crate::class_routes::ClassTarget::Method(f, m) => Target::Located(f, m),
                        crate::class_routes::ClassTarget::Unread => Target::Opaque(rr.controller),
                    },
                    route_status: None,
                    route_default_status: None,
                    route_body: None,
                    served: None,
                    path_start: None,
                    open_mount: None,
                    listed: false,
                    actions: None,
                    answers_only: false,
                });
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
            // The decorators of the project type a function's decorator is, when the pack
            // reads composed decorators.
            let metas = match (&pack.composed_decorators, func) {
                (Some(_), Some(_)) => composed_metas(files, file, decorator.expr),
                _ => None,
            };
            for d in &pack.decorated {
                if d.on_class != func.is_none() {
                    continue;
                }
                let mut caps = Captures::new();
                // A composed decorator's path is its use's (`None`: read as written).
                let mut composed_path: Option<Option<ExprId>> = None;
                if !match_expr(model, &d.decorator, decorator.expr, &mut caps) {
                    let (Some(spec), Some((mf, metas))) = (&pack.composed_decorators, &metas)
                    else {
                        continue;
                    };
                    let reads = metas.iter().any(|&meta| {
                        let mut c = Captures::new();
                        match_expr(files.model(*mf), &d.decorator, meta, &mut c) && c.is_empty()
                    });
                    if !reads {
                        continue;
                    }
                    composed_path = Some(composed_use_path(model, spec, decorator.expr));
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
                        Some(r) => vec![Some(r)],
                        None => continue,
                    },
                    // A function a mount serves (`.service(h)`): on each router it is
                    // mounted on.
                    None => match func.and_then(|f| served_functions.get(&(file, f))) {
                        Some(parents) => parents.iter().map(|p| Some(*p)).collect(),
                        None => vec![None],
                    },
                };
                // A router a project function makes: once per call of that function.
                let instances = made_on.into_iter().flat_map(|m| {
                    crate::router_factories::instances(files, m)
                        .into_iter()
                        .map(move |i| (m, i))
                });
                for (made_on, (router, subst)) in instances {
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
                    let path_expr = match composed_path {
                        Some(path) => path,
                        None => caps.get(&d.path).and_then(Capture::expr).or_else(|| {
                            let pd = d.path_decorator.as_ref()?;
                            decorator_capture(model, pd, &model.function(func?).decorators)
                        }),
                    };
                    let paths = match path_expr {
                        // A list of paths (`@Get(["a", "b"])`): a route at each.
                        Some(e) => crate::path_lists::paths(&reader, file, e),
                        None => vec![Vec::new()],
                    };
                    let (class_prefixes, class_version) = match class {
                        Some(c) => {
                            let (prefixes, version) = if d.inherit_class_prefix {
                                inherited_class_prefix(&reader, file, &d.class_prefix, c)
                            } else {
                                class_prefix_of(&reader, file, &d.class_prefix, c)
                            };
                            (under_modules(&modules, (file, c), prefixes), version)
                        }
                        None => (vec![Vec::new()], Version::Undeclared),
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
                        let version = match d.version_decorator.as_ref().and_then(|vd| {
                            decorator_capture(model, vd, &model.function(function).decorators)
                        }) {
                            Some(e) => Version::read(&reader, file, e),
                            None => class_version.clone(),
                        };
                        for class_prefix in &class_prefixes {
                            for path in &paths {
                                let mut path = path.clone();
                                let mut class_prefix = class_prefix.clone();
                                if d.rooted_paths && rooted(&mut path) {
                                    class_prefix = Vec::new();
                                }
                                if let Some(tokens) = &d.name_tokens {
                                    let class_name =
                                        class.and_then(|c| model.class(c).name.clone());
                                    let function_name = model.function(function).name.clone();
                                    let names = (class_name.as_deref(), function_name.as_deref());
                                    replace_name_tokens(&mut class_prefix, tokens, names);
                                    replace_name_tokens(&mut path, tokens, names);
                                }
                                let method =
                                    method_from_path(d.method_in_path, &mut path, method.clone());
                                // `@bp.route(scoped_rule("/login"))` read as a hole: an
                                // unknown start, as a call's path would be.
                                let path_start = path_expr
                                    .and_then(|e| unknown_start_text(files, &path, (file, e)));
                                registrations.push(Registration {
                                    file,
                                    span: decorator.span,
                                    router,
                                    class_prefix,
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
                                    path_start,
                                    open_mount: None,
                                    listed: false,
                                    actions: None,
                                    answers_only: false,
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
    // Routes declared by calls nested in blocks (`resources :posts do … end`).
    let block_routes = crate::route_blocks::block_routes(files, pack, on);
    for route in crate::route_lists::list_routes(files, pack, &reader, on)
        .into_iter()
        .chain(block_routes)
    {
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
            version: Version::Undeclared,
            method: Some(route.method),
            path: vec![Piece::Text(route.path)],
            handler,
            route_status: None,
            route_default_status: None,
            route_body: None,
            served: None,
            path_start: None,
            open_mount: route.open_mount,
            listed: true,
            actions: None,
            answers_only: false,
        });
    }

    // Where the first route registered for a method and path answers, a later registration of
    // them on the same router in the same file is never reached (a path seam read in full).
    if pack.first_match_wins {
        let key = |r: &Registration| {
            let router = r.router?;
            r.path
                .iter()
                .all(|p| matches!(p, Piece::Text(_)))
                .then(|| (router, r.file, r.method.clone(), path_of(&r.path)))
        };
        let mut first: BTreeMap<(RouterKey, usize, Option<String>, String), u32> = BTreeMap::new();
        for r in &registrations {
            if let Some(k) = key(r) {
                let start = first.entry(k).or_insert(r.span.start);
                *start = (*start).min(r.span.start);
            }
        }
        registrations.retain(|r| key(r).is_none_or(|k| first.get(&k) == Some(&r.span.start)));
    }
    // A call of a project function that gives back the router it makes, mounted (`app.use(
    // mount("/api", initApis()))`): the router made inside serves under that mount too, with
    // whatever is mounted on it there. The router found may itself be a call inside another
    // function (`return routes()`), whose own router serves under it in turn.
    let mut mounted_calls: Vec<RouterKey> = mounts
        .keys()
        .copied()
        .filter(|k| matches!(k, Def::Expr(..)))
        .collect();
    let mut seen: BTreeSet<RouterKey> = mounted_calls.iter().copied().collect();
    while let Some(call) = mounted_calls.pop() {
        let Some((vf, ve)) = files.value_of(call) else {
            continue;
        };
        if let Some(inner) = factory_router(files, pack, vf, ve, FACTORY_DEPTH).filter(|i| {
            *i != call
                && !mounts
                    .get(i)
                    .is_some_and(|m| m.iter().any(|m| m.parent == call))
        }) {
            mounts.entry(inner).or_default().push(Mount {
                parent: call,
                prefix: Prefix::default(),
            });
            if matches!(inner, Def::Expr(..)) && seen.insert(inner) {
                mounted_calls.push(inner);
            }
        }
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
    let versioned = versioned_dirs(files, &reader, pack, on);
    let own = |router: RouterKey| match factory_prefixes.get(&router) {
        Some(prefix) => prefix.clone(),
        None => own_prefix(files, pack, &reader, router),
    };
    let mut emitted = BTreeSet::new();
    for reg in registrations {
        let mut opaque_handler = None;
        let mut mapped = match (reg.actions, &reg.handler) {
            (Some(actions), Target::Expr(written)) => {
                mapped_actions(files, &reader, reg.file, actions, *written)
            }
            _ => None,
        };
        let handlers: Vec<(usize, Option<FuncId>, Option<String>)> = match reg.handler {
            // `web.Router("/api/x", &Ctrl{}, "GET,POST:Get")`: each method written, answered
            // by the type's method it names (declared, its body unknown, when none is found).
            Target::Expr(written) if mapped.is_some() => mapped
                .take()
                .unwrap_or_default()
                .into_iter()
                .map(|(method, function)| match function {
                    Some((hf, f)) => (hf, Some(f), Some(method)),
                    None => {
                        opaque_handler = Some(written);
                        (reg.file, None, Some(method))
                    }
                })
                .collect(),
            Target::Function(f) => vec![(reg.file, Some(f), reg.method.clone())],
            Target::Located(hf, f) => vec![(hf, Some(f), reg.method.clone())],
            Target::Opaque(written) => {
                opaque_handler = Some(written);
                vec![(reg.file, None, reg.method.clone())]
            }
            Target::Expr(written) => match unwrap_handler(files, pack, reg.file, written, 0)
                .map(|e| (e, files.function_of(reg.file, e)))
            {
                // A function a route list names: the methods its decorators name
                // (`@api_view(["POST"])`), or the entry's.
                Some((_, Some((hf, f)))) => match pack
                    .route_lists
                    .as_ref()
                    .filter(|_| reg.listed)
                    .and_then(|spec| {
                        crate::route_lists::decorated_methods(files, &reader, spec, (hf, f))
                    }) {
                    Some(methods) => methods
                        .into_iter()
                        .map(|m| (hf, Some(f), Some(m)))
                        .collect(),
                    None => vec![(hf, Some(f), reg.method.clone())],
                },
                // A class registered for a path: its methods named like HTTP methods.
                Some((e, None)) => match (
                    class_of(files, reg.file, e),
                    class_handler_actions(files, pack, reg.file, written, 0),
                ) {
                    // `ViewSet.as_view({"get": "list"})`: each method written, answered by
                    // the class's method it names (declared, its body unread, when a
                    // framework base supplies it).
                    (Some((cf, class)), Some(actions)) => {
                        let (own, _) = crate::route_lists::class_members(files, (cf, class));
                        actions
                            .into_iter()
                            .map(|(method, action)| match own.get(&action) {
                                Some(&(hf, f)) => (hf, Some(f), Some(method)),
                                None => {
                                    opaque_handler = Some(e);
                                    (reg.file, None, Some(method))
                                }
                            })
                            .collect()
                    }
                    (Some((cf, class)), None) => {
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
                                // `http_method_names = ["get"]`: only these.
                                let allowed = pack.route_lists.as_ref().and_then(|spec| {
                                    crate::route_lists::allowed_methods(
                                        files,
                                        &reader,
                                        spec,
                                        (cf, class),
                                    )
                                });
                                let inherited: BTreeSet<&String> = framework
                                    .iter()
                                    .filter_map(|b| bases.get(b))
                                    .flatten()
                                    .collect();
                                let mut out = Vec::new();
                                let mut seen = BTreeSet::new();
                                for m in methods.iter().filter(|m| seen.insert(*m)) {
                                    if allowed.as_ref().is_some_and(|a| !a.contains(m)) {
                                        continue;
                                    }
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
                                // A project class that defines no method itself and gets
                                // every one from a framework base the pack does not list
                                // (`class LanguageList(ListView)`): as that base used
                                // directly, the entry's method, its body unread.
                                if out.is_empty()
                                    && !framework.is_empty()
                                    && !methods.iter().any(|m| own.contains_key(m))
                                {
                                    opaque_handler = Some(e);
                                    out.push((reg.file, None, reg.method.clone()));
                                }
                                out
                            }
                            None => {
                                let mut out: Vec<_> =
                                    class_methods(files.model(cf), class, &methods)
                                        .into_iter()
                                        .map(|(f, m)| (cf, Some(f), m))
                                        .collect();
                                // A method the class gets from a project ancestor
                                // (`class QueryList(BaseQueryList)`, `get` written in the
                                // base) answers as well, after the class's own.
                                let (members, _) =
                                    crate::route_lists::class_members(files, (cf, class));
                                let mut seen = BTreeSet::new();
                                for m in methods.iter().filter(|m| seen.insert(*m)) {
                                    if let Some(&(hf, f)) = members.get(m)
                                        && !out.iter().any(|&(of, og, _)| of == hf && og == Some(f))
                                    {
                                        out.push((hf, Some(f), Some(m.to_ascii_uppercase())));
                                    }
                                }
                                out
                            }
                        }
                    }
                    (None, _) => continue,
                },
                // A method's call where only an answering handler makes the route: what the
                // method and each of its overrides in the project's subclasses return (see
                // [`crate::overrides`]), the provider chosen at run time being any of them.
                None if reg.answers_only => made_handler(files, reg.file, written, 0)
                    .into_iter()
                    .chain(crate::overrides::dispatched_functions(
                        files, reg.file, written,
                    ))
                    .collect::<BTreeSet<_>>()
                    .into_iter()
                    .map(|(hf, f)| (hf, Some(f), reg.method.clone()))
                    .collect(),
                // A handler factory's call (`loginHandler(ttl)`, also as a wrapper's argument):
                // the function it returns.
                None => match made_handler(files, reg.file, written, 0) {
                    Some((hf, f)) => vec![(hf, Some(f), reg.method.clone())],
                    // Nothing to follow: the route is declared all the same, its body unknown.
                    None => {
                        opaque_handler = Some(written);
                        vec![(reg.file, None, reg.method.clone())]
                    }
                },
            },
        };
        // A middleware registration is a route only with a handler that answers.
        let handlers = if reg.answers_only {
            let answering: Vec<_> = handlers
                .into_iter()
                .filter(|(hf, f, _)| {
                    f.is_some_and(|f| crate::answering_handlers::answers(files, pack, *hf, f))
                })
                .collect();
            if answering.is_empty() {
                continue;
            }
            opaque_handler = None;
            answering
        } else {
            handlers
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
        // Under a known prefix, the start is unknown all the same: what comes before it is no
        // part of the path the code fixes (`/api` + `${pathname}/:id`), and the route is known
        // by what follows (`/:id`) rather than by a hole standing for any one segment.
        let mut prefixes = prefixes;
        let own_pieces: &[Piece] = match &reg.path_start {
            Some(text) if reg.class_prefix.is_empty() => {
                unknown.insert(text.clone());
                prefixes = vec![String::new()];
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
        if let Some(versioning) = nearest_versioning(&versioned, &files.model(reg.file).path) {
            let version = match &reg.version {
                Version::Given(v) => Some(v),
                Version::Undeclared => versioning.default.as_ref(),
                Version::Neutral => None,
            };
            if let Some(version) = version {
                own_path = join_paths(&format!("/{}{version}", versioning.segment), &own_path);
            }
        }
        let written = path_of(own_pieces);
        let appended = pack.append_paths
            && !written.is_empty()
            && !written.starts_with('/')
            && reg.class_prefix.is_empty()
            && reg.version == Version::Undeclared;
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
        let path = patterned_parameters_as_holes(&angle_parameters_as_holes(&composed));
        let path = match &pack.optional_parameter_prefix {
            Some(marker) => optional_parameters_as_holes(&path, marker),
            None => path,
        };
        let path = if global {
            with_global_prefix(&globals, &files.model(reg.file).path, &path)
        } else {
            path
        };
        // A test's own registration of a product handler (`r.GET("/", api.Handle)` in a
        // `_test.go` file) is no route of the product; the handler's own registrations are.
        let test_registration = is_test_path(&files.model(reg.file).path);
        for (handler_file, function, method) in handlers {
            if test_registration && !is_test_path(&files.model(handler_file).path) {
                continue;
            }
            // One call read two ways (a wrapper method that also matches a route pattern,
            // `e.Get(path, h)` over `e.mux.Handle("GET", path, …)`) is one route.
            if !emitted.insert((
                reg.file,
                reg.span.start,
                reg.span.end,
                handler_file,
                function,
                method.clone(),
                path.clone(),
            )) {
                continue;
            }
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
                open_mount: reg.open_mount.clone(),
                method_branches: pack.method_branches.clone(),
            });
        }
    }
    units.extend(file_units(files, pack_index, pack, on, &globals));
    units.extend(crate::contract_routes::units(
        files, pack_index, pack, on, &reader,
    ));
    units
}

/// The decorators of the type a decorator is (`@ApiGetMapping("/x")` → those written on
/// `@interface ApiGetMapping`), when the project declares that type: its file and the
/// decorators' expressions.
fn composed_metas(files: &Files, file: usize, expr: ExprId) -> Option<(usize, Vec<ExprId>)> {
    let model = files.model(file);
    let callee = match &model.expr(expr).kind {
        ExprKind::Call { callee, .. } => *callee,
        _ => expr,
    };
    let Def::Binding(cf, b) = files.definition(file, callee)? else {
        return None;
    };
    let cm = files.model(cf);
    let BindingKind::Class { class } = cm.binding(b).kind else {
        return None;
    };
    let metas: Vec<ExprId> = cm.class(class).decorators.iter().map(|d| d.expr).collect();
    (!metas.is_empty()).then_some((cf, metas))
}

/// The path a use of a composed decorator gives: its first positional argument, or the first
/// of the pack's path arguments it names (`value = "/x"`); `None` when it gives none.
fn composed_use_path(
    model: &seam_lang::model::Model,
    spec: &seam_packs::ComposedDecorators,
    expr: ExprId,
) -> Option<ExprId> {
    let ExprKind::Call { args, .. } = &model.expr(expr).kind else {
        return None;
    };
    args.iter()
        .find(|a| a.name.is_none() && !a.spread && !a.keyword_spread)
        .or_else(|| {
            spec.path_arguments
                .iter()
                .find_map(|n| args.iter().find(|a| a.name.as_deref() == Some(n.as_str())))
        })
        .map(|a| a.value)
}

/// Functions (or, with `on_class`, classes) and their decorators: (function, decorator,
/// class). For a class, `function` is `None`; for a method, `class` is its class.
pub(super) fn decorated_targets(
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

/// The first expression a decorator pattern binds among `decorators` (`@HttpCode(204)` → 204).
pub(super) fn decorator_capture(
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
/// The URI version a route or its class declares.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) enum Version {
    /// None declared: the application's default version, if it sets one.
    #[default]
    Undeclared,
    /// A version that is not a literal (`VERSION_NEUTRAL`): no version segment.
    Neutral,
    Given(String),
}

impl Version {
    fn read(reader: &Reader, file: usize, expr: ExprId) -> Version {
        reader
            .constant(file, expr)
            .map_or(Version::Neutral, Version::Given)
    }
}

/// [`class_prefix_of`] of the class, else of the nearest project base class that has a
/// prefix (a few levels up).
fn inherited_class_prefix(
    reader: &Reader,
    file: usize,
    patterns: &[PatternNode],
    class: seam_lang::model::ClassId,
) -> (Vec<Vec<Piece>>, Version) {
    let (mut file, mut class) = (file, class);
    for _ in 0..8 {
        let found = class_prefix_of(reader, file, patterns, class);
        if found.0.iter().any(|p| !p.is_empty()) || found.1 != Version::Undeclared {
            return found;
        }
        let model = reader.files.model(file);
        let Some(base) = model
            .class(class)
            .extends
            .first()
            .and_then(|e| class_of(reader.files, file, *e))
        else {
            return found;
        };
        (file, class) = base;
    }
    (vec![Vec::new()], Version::Undeclared)
}

/// True (and the `~` dropped) when a path starts with `/` or `~/`.
fn rooted(path: &mut [Piece]) -> bool {
    match path.first_mut() {
        Some(Piece::Text(t)) if t.starts_with("~/") => {
            t.remove(0);
            true
        }
        Some(Piece::Text(t)) => t.starts_with('/'),
        _ => false,
    }
}

/// Writes the class's and the function's names (without the suffixes the pack names) in
/// place of the tokens standing for them.
fn replace_name_tokens(
    pieces: &mut [Piece],
    tokens: &seam_packs::format::NameTokensFile,
    (class, function): (Option<&str>, Option<&str>),
) {
    let strip = |name: &str, suffix: &Option<String>| -> String {
        match suffix {
            Some(s) if name.len() > s.len() && name.ends_with(s.as_str()) => {
                name[..name.len() - s.len()].to_owned()
            }
            _ => name.to_owned(),
        }
    };
    for piece in pieces {
        let Piece::Text(text) = piece else { continue };
        if let (Some(token), Some(name)) = (&tokens.class, class)
            && text.contains(token.as_str())
        {
            *text = text.replace(token.as_str(), &strip(name, &tokens.class_suffix));
        }
        if let (Some(token), Some(name)) = (&tokens.function, function)
            && text.contains(token.as_str())
        {
            *text = text.replace(token.as_str(), &strip(name, &tokens.function_suffix));
        }
    }
}

pub(crate) fn class_prefix_of(
    reader: &Reader,
    file: usize,
    patterns: &[PatternNode],
    class: seam_lang::model::ClassId,
) -> (Vec<Vec<Piece>>, Version) {
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
                .map_or(Version::Undeclared, |e| Version::read(reader, file, e));
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
    (vec![Vec::new()], Version::Undeclared)
}

/// The methods of a class whose names are among `methods` (lower case), each with its name as
/// the HTTP method, in source order.
pub(super) fn class_methods(
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
pub(crate) fn class_of(
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
pub(super) fn unwrap_handler(
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
    let ExprKind::Call { .. } = &model.expr(expr).kind else {
        return None;
    };
    for handler in pack.route_lists.iter().flat_map(|l| &l.class_handlers) {
        let mut caps = Captures::new();
        if match_expr(model, &handler.pattern, expr, &mut caps)
            && let Some(c) = caps.get(&handler.class).and_then(Capture::expr)
        {
            return unwrap_handler(files, pack, file, c, depth + 1);
        }
    }
    crate::callees::wrappable_args(files, file, expr)
        .into_iter()
        .rev()
        .find_map(|a| unwrap_handler(files, pack, file, a, depth + 1))
}

/// What a wrapper's caller passes for a parameter the wrapper hands to the call `handler`
/// (`e.handle(mw, handler)`), when that is a function or a call that makes one: the handler
/// the registration stands for at that call. The last such argument is taken.
fn wrapped_argument(
    files: &Files,
    w: &crate::route_wrappers::WrapperCall,
    file: usize,
    handler: ExprId,
) -> Option<(usize, ExprId)> {
    let model = files.model(file);
    let ExprKind::Call { args, .. } = &model.expr(handler).kind else {
        return None;
    };
    args.iter()
        .rev()
        .filter(|a| a.name.is_none() && !a.spread && !a.keyword_spread)
        .map(|a| unbound(model, a.value))
        .filter(|&value| {
            // A parameter (or a name taken from a rest parameter by position), or a property
            // of one (`options.handler`).
            crate::route_wrappers::takes_argument(model, value)
                || crate::route_wrappers::parameter_member(model, value).is_some()
        })
        .find_map(|value| {
            let (af, ae) = w.argument(files, file, value)?;
            if (af, ae) == (file, value) {
                return None;
            }
            (files.function_of(af, ae).is_some() || made_handler(files, af, ae, 0).is_some())
                .then_some((af, ae))
        })
}

/// `f` of `f.bind(this)`: binding a receiver leaves the function the same.
fn unbound(model: &seam_lang::model::Model, expr: ExprId) -> ExprId {
    match &model.expr(expr).kind {
        ExprKind::Call { callee, .. } => match &model.expr(*callee).kind {
            ExprKind::Member {
                object,
                property: seam_lang::model::MemberProp::Name(name),
                ..
            } if name == "bind" => *object,
            _ => expr,
        },
        _ => expr,
    }
}

/// A method a route serves and the function answering it, where the project declares one.
type MappedAction = (String, Option<(usize, FuncId)>);

/// The methods a text maps to methods of the type a handler is a value of (`"GET,POST:List;
/// PUT:Update"`, `*` for every method; the handler `&ItemController{}` or a name set once to
/// it): (HTTP method upper-case or `*`, the method of that name where the project declares
/// it). `None` when the text or the handler's type cannot be read.
fn mapped_actions(
    files: &Files,
    reader: &Reader,
    file: usize,
    actions: ExprId,
    handler: ExprId,
) -> Option<Vec<MappedAction>> {
    let text = reader.constant(file, actions)?;
    let (hf, he) = files.literal_value(file, handler)?;
    let model = files.model(hf);
    if !matches!(model.expr(he).kind, ExprKind::Object { .. }) {
        return None;
    }
    let type_name = crate::classes::literal_type(model.text(model.expr(he).span))?;
    let mut out = Vec::new();
    for part in text.split(';').map(str::trim).filter(|p| !p.is_empty()) {
        let (methods, name) = part.split_once(':')?;
        let function = files
            .methods_by_type()
            .get(&(model.language, type_name.clone(), name.trim().to_owned()))
            .and_then(|found| found.first().copied());
        for method in methods.split(',').map(str::trim).filter(|m| !m.is_empty()) {
            let method = method.to_ascii_uppercase();
            if !out.contains(&(method.clone(), function)) {
                out.push((method, function));
            }
        }
    }
    (!out.is_empty()).then_some(out)
}

/// The methods a handler expression that stands for a class maps to the class's methods that
/// answer them, when the mapping is written out (`ViewSet.as_view({"get": "list", "post":
/// "create"})`, also inside wrapper calls): (HTTP method upper-case, method name) in the order
/// written. `None` when the expression passes no such mapping.
fn class_handler_actions(
    files: &Files,
    pack: &Pack,
    file: usize,
    expr: ExprId,
    depth: usize,
) -> Option<Vec<(String, String)>> {
    let model = files.model(file);
    let ExprKind::Call { args, .. } = &model.expr(expr).kind else {
        return None;
    };
    for handler in pack.route_lists.iter().flat_map(|l| &l.class_handlers) {
        let mut caps = Captures::new();
        if !match_expr(model, &handler.pattern, expr, &mut caps) {
            continue;
        }
        let Some(mapping) = handler
            .actions
            .as_ref()
            .and_then(|a| caps.get(a))
            .and_then(Capture::expr)
        else {
            continue;
        };
        let ExprKind::Object { props } = &model.expr(mapping).kind else {
            continue;
        };
        let mut out = Vec::new();
        for prop in props {
            let ObjectProp::KeyValue {
                key: PropKey::String(method) | PropKey::Ident(method),
                value,
                ..
            } = prop
            else {
                return None;
            };
            let ExprKind::Literal {
                value: LiteralValue::String { value: action },
            } = &model.expr(*value).kind
            else {
                return None;
            };
            out.push((method.to_ascii_uppercase(), action.to_string()));
        }
        return (!out.is_empty()).then_some(out);
    }
    if depth >= crate::files::MAX_HOPS {
        return None;
    }
    args.iter()
        .rev()
        .filter(|a| a.name.is_none() && !a.spread && !a.keyword_spread)
        .find_map(|a| class_handler_actions(files, pack, file, a.value, depth + 1))
}

/// The function a handler written as a call makes: of a call among its arguments (the
/// innermost first, `monkey(loginHandler(ttl), "")`), else of the call itself, the function
/// the called project function returns (see [`crate::callees::function_in_value`]).
fn made_handler(files: &Files, file: usize, expr: ExprId, depth: usize) -> Option<(usize, FuncId)> {
    if !matches!(files.model(file).expr(expr).kind, ExprKind::Call { .. }) {
        return None;
    }
    if depth < crate::files::MAX_HOPS
        && let Some(made) = crate::callees::wrappable_args(files, file, expr)
            .into_iter()
            .rev()
            .find_map(|a| made_handler(files, file, a, depth + 1))
    {
        return Some(made);
    }
    crate::callees::function_in_value(files, file, expr, crate::files::MAX_HOPS)
}

/// A route's paths as read from where they are written, each with where it is written: one,
/// or each of a list written out (`router.get(["/set", "/set/:id"], h)`), the same path
/// once. A route that serves every path under its path (`pathPrefix`) ends in the
/// catch-all segment `*` (zero or more segments).
fn route_paths(
    reader: &Reader,
    route: &seam_packs::Route,
    at: PathAt,
    (more_file, more): (usize, &[ExprId]),
) -> Vec<(Vec<Piece>, PathAt)> {
    let ats = match at {
        // A route at its router's own path.
        None => vec![None],
        Some(at) => std::iter::once(at)
            .chain(more.iter().map(|e| (more_file, *e)))
            .map(Some)
            .collect(),
    };
    let written: Vec<(Vec<Piece>, PathAt)> = ats
        .into_iter()
        .flat_map(|at| match at {
            None => vec![(Vec::new(), None)],
            Some((file, expr)) => crate::path_lists::path_exprs(reader, file, expr)
                .into_iter()
                .map(|(f, e)| (reader.pieces(f, e), Some((f, e))))
                .collect(),
        })
        .collect();
    let mut out: Vec<(Vec<Piece>, PathAt)> = Vec::new();
    for (mut path, at) in written {
        if route.path_prefix {
            let slash = matches!(path.last(), Some(Piece::Text(t)) if t.ends_with('/'));
            path.push(Piece::Text(if slash { "*" } else { "/*" }.to_owned()));
        }
        if !out.iter().any(|(p, _)| *p == path) {
            out.push((path, at));
        }
    }
    out
}

/// The path a route pattern bound, and the further paths when it bound a list of them (the
/// arguments `$$$PATHS` took, less a `**options` spread, which names no path).
fn bound_paths(
    model: &seam_lang::model::Model,
    call: ExprId,
    bound: Option<&Capture>,
) -> (Option<ExprId>, Vec<ExprId>) {
    let list = match bound {
        Some(Capture::List(list)) => list,
        other => return (other.and_then(Capture::expr), Vec::new()),
    };
    let ExprKind::Call { args, .. } = &model.expr(call).kind else {
        return (None, Vec::new());
    };
    let mut paths = list
        .iter()
        .copied()
        .filter(|e| !args.iter().any(|a| a.keyword_spread && a.value == *e));
    let first = paths.next();
    (first, paths.collect())
}

/// Where a route's path is: what the pattern bound, or the value under the route's
/// `pathKey` in it (`{ openapi: { path } }`). `None` when that object cannot be read with
/// `reader` (a parameter only a call of the function around it fills).
/// `Some(None)` for a pattern that binds no path (the route is at its router's own path).
pub(super) fn route_path_at(
    reader: &Reader,
    route: &seam_packs::Route,
    file: usize,
    bound: Option<ExprId>,
) -> Option<PathAt> {
    let Some(bound) = bound else {
        return Some(None);
    };
    match &route.path_key {
        None => Some(Some((file, bound))),
        Some(key) => key_path(reader, file, bound, key).map(Some),
    }
}

/// Where a route's path is written; `None` when its pattern binds none.
pub(super) type PathAt = Option<(usize, ExprId)>;

pub(super) fn key_path(
    reader: &Reader,
    file: usize,
    object: ExprId,
    key: &str,
) -> Option<(usize, ExprId)> {
    let mut at = (file, object);
    for part in key.split('.') {
        at = reader.object_key(at.0, at.1, part).ok().flatten()?;
    }
    Some(at)
}

/// `x.get(h)` → `x`, when the call is one of the chained registration methods.
pub(super) fn chained_receiver(
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
/// The links of a chain of method routers (`get(h).post(h2)`, `routing::get(h)`), first
/// link first: each link's method (its callee's name, one of `methods`; `any` and `all` are
/// every method) and its handler (the link's last argument). A link named otherwise (a
/// layer on the method router) adds no route.
fn method_router_links(
    model: &seam_lang::model::Model,
    methods: &[String],
    expr: ExprId,
) -> Vec<(Option<String>, ExprId)> {
    let mut out = Vec::new();
    let mut at = expr;
    for _ in 0..64 {
        let ExprKind::Call { callee, args, .. } = &model.expr(at).kind else {
            break;
        };
        let (name, inner) = match &model.expr(*callee).kind {
            ExprKind::Ident { name, .. } => (name.as_str(), None),
            ExprKind::Member {
                object,
                property: seam_lang::model::MemberProp::Name(name),
                ..
            } => {
                // `get(h).post(h2)` chains on the call before; `routing::get(h)` is a path.
                let inner =
                    matches!(model.expr(*object).kind, ExprKind::Call { .. }).then_some(*object);
                (name.as_str(), inner)
            }
            _ => break,
        };
        if let Some(h) = args.last()
            && methods.iter().any(|m| m.eq_ignore_ascii_case(name))
        {
            let method = if name.eq_ignore_ascii_case("any") || name.eq_ignore_ascii_case("all") {
                "*".to_owned()
            } else {
                name.to_ascii_uppercase()
            };
            out.push((Some(method), h.value));
        }
        match inner {
            Some(i) => at = i,
            None => break,
        }
    }
    out.reverse();
    out
}

pub(super) fn last_handler(files: &Files, file: usize, handlers: &[ExprId]) -> Option<ExprId> {
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

/// Path parameters written with a pattern after their name (`/items/{id:[0-9]+}`,
/// `/r/{rest:.*}`) as the plain parameter (`/items/{id}`); braces inside the pattern
/// (`{id:[0-9]{4}}`) are part of it. Anything else is kept as written.
fn patterned_parameters_as_holes(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut rest = path;
    while let Some(start) = rest.find('{') {
        let mut depth = 0usize;
        let mut end = None;
        for (i, c) in rest[start..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = Some(start + i);
                        break;
                    }
                }
                _ => {}
            }
        }
        let Some(end) = end else {
            break;
        };
        let inner = &rest[start + 1..end];
        match inner.split_once(':') {
            Some((name, pattern))
                if !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_') =>
            {
                out.push_str(&rest[..start]);
                out.push('{');
                out.push_str(name);
                // ASP.NET Core's constraints (`{brandId:int?}`, `{name:minlength(1)}`): a `?`
                // after named constraints marks the parameter optional, as `{brandId?}` does.
                if optional_after_constraints(pattern) {
                    out.push('?');
                }
                out.push('}');
            }
            _ => out.push_str(&rest[..=end]),
        }
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    out
}

/// True when a parameter's pattern is named constraints ending in `?` (`int?`,
/// `min(1):int?`), not a regular expression.
fn optional_after_constraints(pattern: &str) -> bool {
    pattern.strip_suffix('?').is_some_and(|named| {
        !named.is_empty()
            && named.starts_with(|c: char| c.is_ascii_alphabetic())
            && named
                .chars()
                .all(|c| c.is_alphanumeric() || matches!(c, '(' | ')' | ',' | ':' | '_'))
    })
}

/// Path segments that are optional parameters written with the pack's marker in front
/// (`/users/?:id` with `?:`) as optional holes (`/users/{id?}`). A segment whose rest is not a
/// name is kept as written.
fn optional_parameters_as_holes(path: &str, marker: &str) -> String {
    if marker.is_empty() {
        return path.to_owned();
    }
    path.split('/')
        .map(|segment| match segment.strip_prefix(marker) {
            Some(name)
                if !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_') =>
            {
                format!("{{{name}?}}")
            }
            _ => segment.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// Path parameters written in angle brackets (`/users/<int:id>`, `/files/<path:name>`) as holes
/// (`/users/{id}`); the converter before the `:` is dropped.
fn angle_parameters_as_holes(path: &str) -> String {
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

/// The decorated functions a mount serves as its child (`.service(h)` of a function declared
/// with `#[get("/x")]`), with the routers each is mounted on: the parent router, or the one
/// each caller passes for a parameter at the start of the parent's chain.
fn mounted_functions(
    files: &Files,
    pack: &Pack,
    on: &BTreeSet<usize>,
    routers: &Routers,
    wrappers: &crate::route_wrappers::RouteWrappers,
    router_of: &dyn Fn(&Files, &Pack, usize, ExprId) -> Option<RouterKey>,
) -> BTreeMap<(usize, FuncId), Vec<RouterKey>> {
    let mut out: BTreeMap<(usize, FuncId), Vec<RouterKey>> = BTreeMap::new();
    if pack.decorated.is_empty() || pack.mounts.is_empty() {
        return out;
    }
    for &file in on {
        let model = files.model(file);
        for crate::files::NamedCall { call, name } in files.calls(file) {
            for m in &pack.mounts {
                if !anchor_ok(&m.pattern, name) {
                    continue;
                }
                let mut caps = Captures::new();
                if !match_expr(model, &m.pattern, call, &mut caps) {
                    continue;
                }
                let (Some(child), Some(parent_expr)) = (
                    caps.get(&m.child).and_then(Capture::expr),
                    m.parent_expr(&caps, call),
                ) else {
                    continue;
                };
                let Some((ff, func)) = files.function_of(file, child) else {
                    break;
                };
                if files.model(ff).function(func).decorators.is_empty() {
                    break;
                }
                let parents = match router_of(files, pack, file, parent_expr) {
                    Some(parent) => vec![parent],
                    None => routers_through_callers(
                        wrappers,
                        files,
                        (file, call, chain_root(routers, file, parent_expr)),
                        |pf, pe| router_of(files, pack, pf, pe),
                    ),
                };
                // A mount whose router is not read leaves the function declared where it is.
                if !parents.is_empty() {
                    out.entry((ff, func)).or_default().extend(parents);
                }
                break;
            }
        }
    }
    for parents in out.values_mut() {
        parents.sort();
        parents.dedup();
    }
    out
}
