//! Route lists: routes declared as the elements of a list literal
//! (`urlpatterns = [path("items/", views.items), path("api/", include("app.urls"))]`).
//!
//! A list is a route list when one of its elements matches an entry of the pack's
//! `routeLists`. An include element mounts a child under its path: a list literal, a name
//! holding one, or a module's dotted name, which stands for that module's top-level route
//! lists (those no other list of the module includes); each may be the first element of an
//! `(patterns, "app_name")` tuple, and is then mounted under the include's path only.
//! Prefixes compose through includes across modules, several levels deep; a list nothing
//! includes is a root, at `/`.
//!
//! A router object (`router.register("items", ItemViewSet)`) stands, through its `urls`
//! property (in an include, spread into a list, or added to one), for every registration:
//! each registered class expands into list and detail routes by the standard actions it
//! defines or inherits (from project classes, or from framework classes the pack names), and
//! into one route per extra action its methods declare by decorator. A class attribute the
//! pack names (`http_method_names`) limits a class's routes to its methods, and a function
//! handler's decorator (`@api_view(["POST"])`) names its methods. A router made under
//! another's registration (the pack's `nestedRouters`) serves its registrations under that
//! registration's detail route (`projects/{project_pk}/`).

use std::collections::{BTreeMap, BTreeSet};

use seam_lang::model::{
    ArrayElement, AssignOp, BinaryOp, ClassId, ExprId, ExprKind, FuncId, LiteralValue, MemberKind,
    MemberProp, PatternKind, Span,
};
use seam_packs::{
    Capture, Captures, MethodList, Pack, RouteListEntry, RouteListTarget, RouteLists, Viewsets,
    match_expr,
};

use crate::files::{Files, MAX_HOPS};
use crate::url::{Piece, Reader, path_of};

/// A route list: the file and the list literal.
type ListKey = (usize, ExprId);

/// One route a list declares, with its full path.
#[derive(Debug, Clone)]
pub struct ListRoute {
    pub file: usize,
    pub span: Span,
    /// The path after every include, with `{name}` for parameters.
    pub path: String,
    pub method: String,
    pub handler: ListHandler,
    /// The path of the mount when the route's router is open (routes added to it at run time
    /// that seam cannot read: `router.extend(plugin_router)`).
    pub open_mount: Option<String>,
}

/// What handles a list route.
#[derive(Debug, Clone, Copy)]
pub enum ListHandler {
    /// An expression naming a function, or a class whose methods are the handlers.
    Expr(ExprId),
    /// A method of a registered class, in its file.
    Function(usize, FuncId),
    /// An action the registered class inherits from code the repository does not hold: the
    /// expression naming the class (in the route's file).
    Opaque(ExprId),
}

/// One `router.register(prefix, Class)` call.
#[derive(Debug, Clone)]
struct Registration {
    file: usize,
    span: Span,
    prefix: String,
    viewset: ExprId,
}

enum Element {
    Include {
        prefix: String,
        child: ExprId,
    },
    Route {
        path: String,
        handler: ExprId,
        method: String,
        span: Span,
    },
    /// Every registration of a router.
    Router,
}

/// Every route the pack's route lists declare in the files `on`.
pub fn list_routes(
    files: &Files,
    pack: &Pack,
    reader: &Reader,
    on: &BTreeSet<usize>,
) -> Vec<ListRoute> {
    let Some(spec) = &pack.route_lists else {
        return Vec::new();
    };
    let mut lists: BTreeMap<ListKey, Vec<(usize, Element)>> = BTreeMap::new();
    for &file in on {
        let model = files.model(file);
        for (i, expr) in model.exprs.iter().enumerate() {
            // A call making a list of its arguments (`i18n_patterns(path(…), …)`) is that list.
            let called: Vec<ArrayElement>;
            let elements = match &expr.kind {
                ExprKind::Array { elements, .. } => &elements[..],
                ExprKind::Call { .. } => {
                    let Some(listed) = list_call_elements(model, spec, ExprId::from_index(i))
                    else {
                        continue;
                    };
                    called = listed.into_iter().map(ArrayElement::Expr).collect();
                    &called[..]
                }
                _ => continue,
            };
            let read: Vec<(usize, Element)> = elements
                .iter()
                .filter_map(|e| match e {
                    ArrayElement::Expr(x) => read_element(reader, &spec.entries, file, *x),
                    // `*router.urls`: the router's routes, in this list; `*cycle_urls`, a
                    // list another module declares: its routes, in this list.
                    ArrayElement::Spread(x) => (router_of(files, spec, file, *x).is_some()
                        || holds_list(files, file, *x))
                    .then_some(Element::Include {
                        prefix: String::new(),
                        child: *x,
                    }),
                    _ => None,
                })
                .map(|el| (file, el))
                .collect();
            if !read.is_empty() {
                lists.insert((file, ExprId::from_index(i)), read);
            }
        }
    }
    // `urlpatterns.append(path("x/", view))`: one more element of the list the name holds.
    for &file in on {
        let model = files.model(file);
        for c in files.calls(file).filter(|c| c.name == Some("append")) {
            let ExprKind::Call { callee, args, .. } = &model.expr(c.call).kind else {
                continue;
            };
            let ExprKind::Member {
                object,
                property: MemberProp::Name(method),
                ..
            } = &model.expr(*callee).kind
            else {
                continue;
            };
            let ([arg], "append") = (&args[..], method.as_str()) else {
                continue;
            };
            let Some(list) = model
                .resolved_binding(*object)
                .and_then(|b| model.binding(b).origin.init)
                .filter(|init| lists.contains_key(&(file, *init)))
            else {
                continue;
            };
            if let Some(element) = read_element(reader, &spec.entries, file, arg.value)
                && let Some(elements) = lists.get_mut(&(file, list))
            {
                elements.push((file, element));
            }
        }
    }
    // Routers: each stands for a list holding its registrations.
    let routers = registrations(files, reader, spec, on);
    let open = open_routers(files, spec, on, &routers);
    for (&key, regs) in &routers {
        if let Some(first) = regs.first() {
            lists.insert(key, vec![(first.file, Element::Router)]);
        }
    }
    // Include edges: parent list → (prefix, child list).
    let mut included: BTreeMap<ListKey, Vec<(ListKey, String)>> = BTreeMap::new();
    // `urlpatterns = [...] + router.urls`, `urlpatterns += router.urls`: the router's routes
    // join the list's.
    for (router, list) in added_routers(files, spec, &lists, on) {
        included
            .entry(router)
            .or_default()
            .push((list, String::new()));
    }
    for (&parent, elements) in &lists {
        for (file, element) in elements {
            if let Element::Include { prefix, child } = element {
                for c in child_lists(files, spec, reader, &lists, *file, *child) {
                    included
                        .entry(c)
                        .or_default()
                        .push((parent, prefix.clone()));
                }
            }
        }
    }
    let mut out = Vec::new();
    for (&key, elements) in &lists {
        if !included.contains_key(&key) && !served_as_root(files, spec, key) {
            continue;
        }
        let prefixes = prefixes_of(&included, key, 0);
        for (file, element) in elements {
            let declared: Vec<(usize, Span, String, String, ListHandler)> = match element {
                Element::Route {
                    path,
                    handler,
                    method,
                    span,
                } => vec![(
                    *file,
                    *span,
                    path.clone(),
                    method.clone(),
                    ListHandler::Expr(*handler),
                )],
                Element::Router => match (&spec.viewsets, routers.get(&key)) {
                    (Some(viewsets), Some(regs)) => {
                        let nest = nested_prefix(files, reader, spec, viewsets, &routers, key, 0)
                            .unwrap_or_default();
                        regs.iter()
                            .flat_map(|r| viewset_routes(files, reader, spec, viewsets, r))
                            .map(|(f, span, path, method, handler)| {
                                (f, span, format!("{nest}{path}"), method, handler)
                            })
                            .collect()
                    }
                    _ => Vec::new(),
                },
                Element::Include { .. } => Vec::new(),
            };
            let is_open = matches!(element, Element::Router) && open.contains(&key);
            for (file, span, path, method, handler) in declared {
                for prefix in &prefixes {
                    out.push(ListRoute {
                        file,
                        span,
                        path: format!("/{}", concat_path(prefix, &path)),
                        method: method.clone(),
                        handler,
                        open_mount: is_open.then(|| format!("/{}", prefix.trim_matches('/'))),
                    });
                }
            }
        }
    }
    out
}

/// The elements a call the pack reads as a route list (`i18n_patterns(path(…), …)`) holds.
fn list_call_elements(
    model: &seam_lang::model::Model,
    spec: &RouteLists,
    call: ExprId,
) -> Option<Vec<ExprId>> {
    spec.list_calls.iter().find_map(|(pattern, elements)| {
        let mut caps = seam_packs::Captures::new();
        if !seam_packs::match_expr(model, pattern, call, &mut caps) {
            return None;
        }
        match caps.get(elements)? {
            seam_packs::Capture::List(list) => Some(list.clone()),
            seam_packs::Capture::Expr(e) => Some(vec![*e]),
            _ => None,
        }
    })
}

/// Whether a list nothing includes is served: always when the pack names no root names;
/// otherwise when the name the list is bound to (`urlpatterns = [...]`, `+ [...]`, `+= [...]`)
/// is one of them, or when it is bound to no name.
fn served_as_root(files: &Files, spec: &RouteLists, (file, list): ListKey) -> bool {
    if spec.root_names.is_empty() {
        return true;
    }
    let mut names = bound_names(files.model(file), list).peekable();
    names.peek().is_none() || names.any(|n| spec.root_names.iter().any(|r| r == n))
}

/// The names a list literal is bound to: `name = [...]`, `name = other + [...]`,
/// `name += [...]`.
fn bound_names(model: &seam_lang::model::Model, list: ExprId) -> impl Iterator<Item = &str> {
    let holds = move |value: ExprId| added_parts(model, value).contains(&list);
    model
        .bindings
        .iter()
        .filter(move |b| b.origin.path.is_empty() && b.origin.init.is_some_and(holds))
        .map(|b| b.name.as_str())
        .chain(model.exprs.iter().filter_map(move |e| match &e.kind {
            ExprKind::Assign { target, value, .. } if holds(*value) => {
                match &model.pattern(*target).kind {
                    PatternKind::Ident { name, .. } => Some(name.as_str()),
                    _ => None,
                }
            }
            _ => None,
        }))
}

/// The route lists of `file` bound to `name` (see [`bound_names`]), in source order.
fn lists_bound_to(
    files: &Files,
    lists: &BTreeMap<ListKey, Vec<(usize, Element)>>,
    file: usize,
    name: &str,
) -> Vec<ListKey> {
    let model = files.model(file);
    lists
        .keys()
        .filter(|&&(f, list)| f == file && bound_names(model, list).any(|n| n == name))
        .copied()
        .collect()
}

/// The operands of a chain of `+` (`[...] + router.urls + [...]`), or the expression itself.
fn added_parts(model: &seam_lang::model::Model, expr: ExprId) -> Vec<ExprId> {
    match &model.expr(expr).kind {
        ExprKind::Binary {
            op: BinaryOp::Add,
            left,
            right,
        } => {
            let mut out = added_parts(model, *left);
            out.extend(added_parts(model, *right));
            out
        }
        _ => vec![expr],
    }
}

/// Reads one list element by the first entry that matches it.
fn read_element(
    reader: &Reader,
    entries: &[RouteListEntry],
    file: usize,
    expr: ExprId,
) -> Option<Element> {
    let model = reader.files.model(file);
    for entry in entries {
        let mut caps = Captures::new();
        if !match_expr(model, &entry.pattern, expr, &mut caps) {
            continue;
        }
        let path_expr = caps.get(&entry.path).and_then(Capture::expr)?;
        let pieces = reader.pieces(file, path_expr);
        // A regular expression is read as written: its `?` and `#` are not a query.
        let path = if entry.regex {
            regex_as_path(&raw_text(&pieces))
        } else {
            path_of(&pieces)
        };
        let path = path.strip_prefix('/').unwrap_or(&path).to_owned();
        return match &entry.target {
            RouteListTarget::Child(c) => Some(Element::Include {
                prefix: path,
                child: caps.get(c).and_then(Capture::expr)?,
            }),
            RouteListTarget::Handler(h) => Some(Element::Route {
                path,
                handler: caps.get(h).and_then(Capture::expr)?,
                method: entry.method.clone(),
                span: model.expr(expr).span,
            }),
        };
    }
    None
}

/// Pieces as one string, holes written `{name}`.
fn raw_text(pieces: &[Piece]) -> String {
    let mut out = String::new();
    for p in pieces {
        match p {
            Piece::Text(t) => out.push_str(t),
            Piece::Hole(h) => {
                out.push('{');
                out.push_str(h);
                out.push('}');
            }
            Piece::Env => {}
        }
    }
    out
}

/// The route lists an include's child stands for.
fn child_lists(
    files: &Files,
    spec: &RouteLists,
    reader: &Reader,
    lists: &BTreeMap<ListKey, Vec<(usize, Element)>>,
    file: usize,
    child: ExprId,
) -> Vec<ListKey> {
    child_lists_at(files, spec, reader, lists, file, child, 0)
}

/// [`child_lists`], `depth` names deep in a chain of lists added together.
fn child_lists_at(
    files: &Files,
    spec: &RouteLists,
    reader: &Reader,
    lists: &BTreeMap<ListKey, Vec<(usize, Element)>>,
    file: usize,
    child: ExprId,
    depth: usize,
) -> Vec<ListKey> {
    if let Some(list) = local_list(files, spec, lists, file, child) {
        return vec![list];
    }
    let model = files.model(file);
    match &model.expr(child).kind {
        // `include((patterns, "app"))`: a tuple whose first element is the list.
        ExprKind::Array {
            kind: seam_lang::model::ArrayKind::Tuple,
            elements,
        } => {
            return match elements.first() {
                Some(ArrayElement::Expr(first)) => {
                    child_lists(files, spec, reader, lists, file, *first)
                }
                _ => Vec::new(),
            };
        }
        ExprKind::Array { .. } => return Vec::new(),
        ExprKind::Literal { .. } | ExprKind::Template(_) => {}
        // A name holding such a tuple, or lists added together.
        _ => {
            let definition = files.definition(file, child);
            if let Some((vf, ve)) = definition
                .and_then(|d| files.value_of(d))
                .filter(|&value| value != (file, child))
            {
                if matches!(files.model(vf).expr(ve).kind, ExprKind::Array { .. }) {
                    return child_lists(files, spec, reader, lists, vf, ve);
                }
                // `api_v1 = resource_api + [...]`, and `api_v1 += [...]` after: the lists each
                // part stands for, in order, then those added to the name later.
                let parts = added_parts(files.model(vf), ve);
                if parts.len() > 1 && depth < MAX_HOPS {
                    let mut out: Vec<ListKey> = parts
                        .into_iter()
                        .flat_map(|part| {
                            child_lists_at(files, spec, reader, lists, vf, part, depth + 1)
                        })
                        .collect();
                    if let Some(crate::files::Def::Binding(bf, b)) = definition
                        && bf == vf
                    {
                        out.extend(lists_bound_to(
                            files,
                            lists,
                            vf,
                            &files.model(vf).binding(b).name,
                        ));
                    }
                    let mut seen = BTreeSet::new();
                    out.retain(|k| seen.insert(*k));
                    return out;
                }
            }
        }
    }
    // A module's dotted name: that module's top-level lists.
    let Some(name) = reader.constant(file, child) else {
        return Vec::new();
    };
    let Some(module) = module_file(files, file, &name) else {
        return Vec::new();
    };
    let mut in_module: Vec<ListKey> = lists
        .keys()
        .filter(|(f, _)| *f == module)
        .copied()
        .collect();
    // A package whose `__init__.py` holds no list of its own but imports one under a root name
    // (`from .base import urlpatterns`): the list it imports.
    if in_module.is_empty() {
        in_module = spec
            .root_names
            .iter()
            .filter_map(|root| {
                let binding = files.module_binding(module, root)?;
                let value = files.value_of(files.binding_def(module, binding, 4)?)?;
                (value.0 != module && lists.contains_key(&value)).then_some(value)
            })
            .collect();
        return in_module;
    }
    // Lists the module includes itself (by literal or by name, bare or as the first element
    // of an `(patterns, "app")` tuple; not by module name, so a cycle of modules cannot
    // recurse) are not its top level.
    let nested: BTreeSet<ListKey> = in_module
        .iter()
        .flat_map(|k| &lists[k])
        .filter_map(|(f, el)| match el {
            Element::Include { child, .. } => {
                local_list(files, spec, lists, *f, tuple_first(files, *f, *child))
            }
            _ => None,
        })
        .collect();
    in_module
        .into_iter()
        .filter(|k| !nested.contains(k))
        .collect()
}

/// The first element of a tuple (`(patterns, "app")`, written in place or held by a name),
/// where an include names its patterns with an application name; the expression itself
/// otherwise.
fn tuple_first(files: &Files, file: usize, child: ExprId) -> ExprId {
    let first = |f: usize, e: ExprId| match &files.model(f).expr(e).kind {
        ExprKind::Array {
            kind: seam_lang::model::ArrayKind::Tuple,
            elements,
        } => match elements.first() {
            Some(ArrayElement::Expr(x)) => Some(*x),
            _ => None,
        },
        _ => None,
    };
    if let Some(x) = first(file, child) {
        return x;
    }
    match files
        .definition(file, child)
        .and_then(|d| files.value_of(d))
    {
        Some((vf, ve)) if vf == file => first(vf, ve).unwrap_or(child),
        _ => child,
    }
}

/// The route list an include's child is when it is a list literal or a name holding one.
/// Whether a name holds a list written out (in this module or the one it is imported from).
fn holds_list(files: &Files, file: usize, expr: ExprId) -> bool {
    files
        .definition(file, expr)
        .and_then(|d| files.value_of(d))
        .is_some_and(|(vf, ve)| {
            (vf, ve) != (file, expr)
                && matches!(files.model(vf).expr(ve).kind, ExprKind::Array { .. })
        })
}

fn local_list(
    files: &Files,
    spec: &RouteLists,
    lists: &BTreeMap<ListKey, Vec<(usize, Element)>>,
    file: usize,
    child: ExprId,
) -> Option<ListKey> {
    if lists.contains_key(&(file, child)) {
        return Some((file, child));
    }
    if let Some(router) = router_of(files, spec, file, child).filter(|k| lists.contains_key(k)) {
        return Some(router);
    }
    let value = files
        .definition(file, child)
        .and_then(|d| files.value_of(d))?;
    lists.contains_key(&value).then_some(value)
}

/// The file a dotted module name (`app.api.urls`) names, looked for under the including
/// file's directory and each directory above it (where the interpreter's path would start).
fn module_file(files: &Files, from: usize, dotted: &str) -> Option<usize> {
    if dotted.is_empty()
        || !dotted
            .split('.')
            .all(|p| !p.is_empty() && p.chars().all(|c| c.is_alphanumeric() || c == '_'))
    {
        return None;
    }
    let relative = dotted.replace('.', "/");
    let mut dir = files.model(from).path.as_str();
    loop {
        dir = dir.rsplit_once('/').map_or("", |(d, _)| d);
        let base = if dir.is_empty() {
            relative.clone()
        } else {
            format!("{dir}/{relative}")
        };
        if let Some(found) = files
            .index_of(&format!("{base}.py"))
            .or_else(|| files.index_of(&format!("{base}/__init__.py")))
        {
            return Some(found);
        }
        if dir.is_empty() {
            return None;
        }
    }
}

/// The router whose routes `expr` stands for (`router.urls`): where the router is made.
fn router_of(files: &Files, spec: &RouteLists, file: usize, expr: ExprId) -> Option<ListKey> {
    let urls = spec.router_urls.as_deref()?;
    let ExprKind::Member {
        object,
        property: MemberProp::Name(name),
        ..
    } = &files.model(file).expr(expr).kind
    else {
        return None;
    };
    if name != urls {
        return None;
    }
    files
        .definition(file, *object)
        .and_then(|d| files.value_of(d))
}

/// Every registration on each router, in source order.
fn registrations(
    files: &Files,
    reader: &Reader,
    spec: &RouteLists,
    on: &BTreeSet<usize>,
) -> BTreeMap<ListKey, Vec<Registration>> {
    let mut out: BTreeMap<ListKey, Vec<Registration>> = BTreeMap::new();
    if spec.router_registrations.is_empty() {
        return out;
    }
    for &file in on {
        let model = files.model(file);
        for call in crate::files::calls(model) {
            for r in &spec.router_registrations {
                let mut caps = Captures::new();
                if !match_expr(model, &r.pattern, call, &mut caps) {
                    continue;
                }
                let (Some(router), Some(prefix), Some(viewset)) = (
                    caps.get(&r.router).and_then(Capture::expr),
                    caps.get(&r.prefix).and_then(Capture::expr),
                    caps.get(&r.viewset).and_then(Capture::expr),
                ) else {
                    continue;
                };
                let Some(key) = files
                    .definition(file, router)
                    .and_then(|d| files.value_of(d))
                else {
                    continue;
                };
                // The prefix is a regular expression fragment.
                let prefix = regex_as_path(&raw_text(&reader.pieces(file, prefix)));
                out.entry(key).or_default().push(Registration {
                    file,
                    span: model.expr(call).span,
                    prefix: prefix.trim_matches('/').to_owned(),
                    viewset,
                });
                break;
            }
        }
    }
    out
}

/// The path a router made under another router's registration (the pack's `nestedRouters`:
/// `NestedSimpleRouter(parent, "projects", lookup="project")`) serves its registrations under:
/// that registration's prefix and its detail parameter, named from the lookup the call gives
/// and the one the registered class names its detail route by (`projects/{project_pk}/`),
/// after whatever the parent itself is nested under. An empty parent prefix leaves the
/// parameter alone (`{project_pk}/`). None for a router made otherwise, or whose lookup
/// cannot be read.
fn nested_prefix(
    files: &Files,
    reader: &Reader,
    spec: &RouteLists,
    viewsets: &Viewsets,
    routers: &BTreeMap<ListKey, Vec<Registration>>,
    (file, made): ListKey,
    depth: usize,
) -> Option<String> {
    if depth > MAX_HOPS {
        return None;
    }
    let model = files.model(file);
    spec.nested_routers.iter().find_map(|n| {
        let mut caps = Captures::new();
        if !match_expr(model, &n.pattern, made, &mut caps) {
            return None;
        }
        let expr = |meta: &str| caps.get(meta).and_then(Capture::expr);
        let (parent, prefix, lookup) =
            (expr(&n.parent)?, expr(&n.parent_prefix)?, expr(&n.lookup)?);
        let lookup = reader.constant(file, lookup)?;
        let prefix = regex_as_path(&raw_text(&reader.pieces(file, prefix)));
        let prefix = prefix.trim_matches('/');
        let parent = files
            .definition(file, parent)
            .and_then(|d| files.value_of(d));
        let parent_lookup = parent
            .and_then(|k| routers.get(&k))
            .and_then(|regs| regs.iter().find(|r| r.prefix == prefix))
            .and_then(|r| crate::classes::class_of_expr(files, r.file, r.viewset))
            .map_or_else(
                || viewsets.default_lookup.clone(),
                |class| lookup_of(files, reader, viewsets, class),
            );
        let parameter = n
            .parameter
            .replace("{lookup}", &lookup)
            .replace("{parentLookup}", &parent_lookup);
        let above = parent
            .and_then(|k| nested_prefix(files, reader, spec, viewsets, routers, k, depth + 1))
            .unwrap_or_default();
        Some(if prefix.is_empty() {
            format!("{above}{{{parameter}}}/")
        } else {
            format!("{above}{prefix}/{{{parameter}}}/")
        })
    })
}

/// The parameter a registered class names its detail route by: the first class attribute the
/// pack's `lookup` names, or the default.
fn lookup_of(
    files: &Files,
    reader: &Reader,
    viewsets: &Viewsets,
    class: (usize, ClassId),
) -> String {
    viewsets
        .lookup
        .iter()
        .find_map(|field| class_constant(files, reader, class, field))
        .unwrap_or_else(|| viewsets.default_lookup.clone())
}

/// The routers extended with routes seam cannot read (`router.extend(c)` with `c` located at
/// run time, the pack's `routerExtensions`): a router extended with another router the
/// project makes is not open.
fn open_routers(
    files: &Files,
    spec: &RouteLists,
    on: &BTreeSet<usize>,
    routers: &BTreeMap<ListKey, Vec<Registration>>,
) -> BTreeSet<ListKey> {
    let mut out = BTreeSet::new();
    if spec.router_extensions.is_empty() {
        return out;
    }
    for &file in on {
        let model = files.model(file);
        for c in files.calls(file) {
            if !c
                .name
                .is_some_and(|n| spec.router_extensions.iter().any(|e| e == n))
            {
                continue;
            }
            let ExprKind::Call { callee, args, .. } = &model.expr(c.call).kind else {
                continue;
            };
            let ExprKind::Member { object, .. } = &model.expr(*callee).kind else {
                continue;
            };
            let router_at = |e: ExprId| files.definition(file, e).and_then(|d| files.value_of(d));
            let Some(key) = router_at(*object).filter(|k| routers.contains_key(k)) else {
                continue;
            };
            let added_is_known = args
                .first()
                .and_then(|a| router_at(a.value))
                .is_some_and(|k| routers.contains_key(&k));
            if !added_is_known {
                out.insert(key);
            }
        }
    }
    out
}

/// Routers added to a list outside it: `[...] + router.urls` and `patterns += router.urls`.
fn added_routers(
    files: &Files,
    spec: &RouteLists,
    lists: &BTreeMap<ListKey, Vec<(usize, Element)>>,
    on: &BTreeSet<usize>,
) -> Vec<(ListKey, ListKey)> {
    let mut out = Vec::new();
    if spec.router_urls.is_none() {
        return out;
    }
    for &file in on {
        let model = files.model(file);
        for expr in &model.exprs {
            let (list, added) = match &expr.kind {
                ExprKind::Binary {
                    op: BinaryOp::Add,
                    left,
                    right,
                } => {
                    let Some(list) = local_list(files, spec, lists, file, *left) else {
                        continue;
                    };
                    (list, *right)
                }
                ExprKind::Assign {
                    op: AssignOp::Compound,
                    target,
                    value,
                } => {
                    let PatternKind::Ident {
                        binding: Some(b), ..
                    } = &model.pattern(*target).kind
                    else {
                        continue;
                    };
                    let Some(list) = files
                        .value_of(crate::files::Def::Binding(file, *b))
                        .filter(|k| lists.contains_key(k))
                    else {
                        continue;
                    };
                    (list, *value)
                }
                _ => continue,
            };
            if let Some(router) =
                router_of(files, spec, file, added).filter(|k| lists.contains_key(k))
            {
                out.push((router, list));
            }
        }
    }
    out
}

/// The routes one registration declares: (file, span, path, method, handler).
fn viewset_routes(
    files: &Files,
    reader: &Reader,
    spec: &RouteLists,
    viewsets: &Viewsets,
    reg: &Registration,
) -> Vec<(usize, Span, String, String, ListHandler)> {
    let Some(class) = crate::classes::class_of_expr(files, reg.file, reg.viewset) else {
        return Vec::new();
    };
    let mut out = viewset_actions(files, reader, viewsets, reg, class);
    // `http_method_names = ["get"]`: the actions of other methods answer 405.
    if let Some(allowed) = allowed_methods(files, reader, spec, class) {
        out.retain(|(_, _, _, method, _)| allowed.contains(&method.to_ascii_lowercase()));
    }
    out
}

/// The routes a registration of `class` declares, every action it has.
fn viewset_actions(
    files: &Files,
    reader: &Reader,
    viewsets: &Viewsets,
    reg: &Registration,
    class: (usize, ClassId),
) -> Vec<(usize, Span, String, String, ListHandler)> {
    let mut out = Vec::new();
    let (methods, framework) = class_members(files, class);
    let provided: BTreeSet<&str> = framework
        .iter()
        .filter_map(|b| viewsets.bases.get(b.as_str()))
        .flatten()
        .map(String::as_str)
        .collect();
    let lookup = lookup_of(files, reader, viewsets, class);
    let prefix = &reg.prefix;
    let at = |detail: bool, tail: &str| {
        let path = match (detail, tail.is_empty()) {
            (false, true) => format!("{prefix}/"),
            (false, false) => format!("{prefix}/{tail}/"),
            (true, true) => format!("{prefix}/{{{lookup}}}/"),
            (true, false) => format!("{prefix}/{{{lookup}}}/{tail}/"),
        };
        // An empty prefix (`router.register("", V)`) leaves no slash of its own: the router
        // drops the leading one, so its routes sit right at the path that includes it.
        match path.strip_prefix('/') {
            Some(rest) if prefix.is_empty() => rest.to_owned(),
            _ => path,
        }
    };
    for (name, method, detail) in &viewsets.actions {
        let handler = match methods.get(name) {
            Some(&(f, func)) => ListHandler::Function(f, func),
            None if provided.contains(name.as_str()) => ListHandler::Opaque(reg.viewset),
            None => continue,
        };
        out.push((reg.file, reg.span, at(*detail, ""), method.clone(), handler));
    }
    let Some(extra) = &viewsets.extra_actions else {
        return out;
    };
    // Extra actions, then the methods `@<action>.mapping.<method>` adds to them.
    let mut paths: BTreeMap<&str, String> = BTreeMap::new();
    for (name, &(f, func)) in &methods {
        let model = files.model(f);
        for d in &model.function(func).decorators {
            let callee_ok =
                d.name == extra.decorator || d.name.ends_with(&format!(".{}", extra.decorator));
            if !callee_ok {
                continue;
            }
            // By keyword, or at the position the pack gives the keyword.
            let arg = |key: &str| {
                d.args
                    .iter()
                    .find(|a| a.name.as_deref() == Some(key))
                    .or_else(|| {
                        let at = extra.positional.iter().position(|p| p == key)?;
                        let positional: Vec<_> = d
                            .args
                            .iter()
                            .take_while(|a| a.name.is_none() && !a.spread && !a.keyword_spread)
                            .collect();
                        positional.get(at).copied()
                    })
            };
            let detail = arg(&extra.detail).is_some_and(|a| {
                matches!(
                    model.expr(a.value).kind,
                    ExprKind::Literal {
                        value: LiteralValue::Bool { value: true }
                    }
                )
            });
            let tail = arg(&extra.url_path)
                .and_then(|a| reader.constant(f, a.value))
                .map(|p| regex_as_path(&p).trim_matches('/').to_owned())
                .unwrap_or_else(|| name.clone());
            let mut http: Vec<String> = match arg(&extra.methods).map(|a| &model.expr(a.value).kind)
            {
                Some(ExprKind::Array { elements, .. }) => elements
                    .iter()
                    .filter_map(|e| match e {
                        ArrayElement::Expr(x) => reader.constant(f, *x),
                        _ => None,
                    })
                    .map(|m| m.to_ascii_uppercase())
                    .collect(),
                _ => vec!["GET".to_owned()],
            };
            http.dedup();
            let path = at(detail, &tail);
            for m in http {
                out.push((f, d.span, path.clone(), m, ListHandler::Function(f, func)));
            }
            paths.insert(name.as_str(), path);
            break;
        }
    }
    if let Some(mapping) = &extra.mapping {
        for &(f, func) in methods.values() {
            let model = files.model(f);
            for d in &model.function(func).decorators {
                let mut parts = d.name.split('.');
                let (Some(action), Some(m), Some(method), None) =
                    (parts.next(), parts.next(), parts.next(), parts.next())
                else {
                    continue;
                };
                if m != mapping {
                    continue;
                }
                if let Some(path) = paths.get(action) {
                    out.push((
                        f,
                        d.span,
                        path.clone(),
                        method.to_ascii_uppercase(),
                        ListHandler::Function(f, func),
                    ));
                }
            }
        }
    }
    out
}

/// A class's methods by name (its own first, then each project ancestor's, depth first in
/// base order) and the names of the bases outside the repository, for every ancestor.
pub fn class_members(
    files: &Files,
    class: (usize, ClassId),
) -> (BTreeMap<String, (usize, FuncId)>, Vec<String>) {
    let mut methods = BTreeMap::new();
    let mut framework = Vec::new();
    let mut seen = BTreeSet::new();
    let mut stack = vec![(class, 0usize)];
    while let Some(((cf, cid), depth)) = stack.pop() {
        if depth > MAX_HOPS || !seen.insert((cf, cid)) {
            continue;
        }
        let model = files.model(cf);
        let c = model.class(cid);
        for m in &c.members {
            if let (Some(name), MemberKind::Method { function }) = (m.name.as_str(), &m.kind) {
                methods.entry(name.to_owned()).or_insert((cf, *function));
            }
        }
        // Pushed in reverse so the first base is walked first.
        for &base in c.extends.iter().rev() {
            // `ModelViewSet[Tag]`: the class is the subscripted name.
            let mut base = base;
            while let ExprKind::Member {
                object,
                property: MemberProp::Computed(_),
                ..
            } = &model.expr(base).kind
            {
                base = *object;
            }
            match crate::classes::class_of_expr(files, cf, base) {
                Some(parent) => stack.push((parent, depth + 1)),
                None => match &model.expr(base).kind {
                    ExprKind::Ident { name, .. } => framework.push(name.to_string()),
                    ExprKind::Member {
                        property: MemberProp::Name(name),
                        ..
                    } => framework.push(name.to_string()),
                    _ => {}
                },
            }
        }
    }
    (methods, framework)
}

/// The methods a function handler's decorators name, by the first of the pack's method
/// decorators that matches one of them (`@api_view(["POST"])`: `POST`; `@require_safe`:
/// `GET`, `HEAD`); `None` when none does or the names cannot be read.
pub fn decorated_methods(
    files: &Files,
    reader: &Reader,
    spec: &RouteLists,
    (file, func): (usize, FuncId),
) -> Option<Vec<String>> {
    let model = files.model(file);
    for d in &model.function(func).decorators {
        for md in &spec.method_decorators {
            let mut caps = Captures::new();
            if !match_expr(model, &md.pattern, d.expr, &mut caps) {
                continue;
            }
            let methods = match &md.methods {
                MethodList::Fixed(list) => list.clone(),
                MethodList::Meta(m) => {
                    let bound = caps.get(m).and_then(Capture::expr)?;
                    names_in(reader, file, bound)?
                }
            };
            let mut out: Vec<String> = Vec::new();
            for m in methods {
                let m = m.to_ascii_uppercase();
                if !out.contains(&m) {
                    out.push(m);
                }
            }
            return (!out.is_empty()).then_some(out);
        }
    }
    None
}

/// The strings a list (or tuple) literal holds, or the one string an expression is; `None`
/// when an element cannot be read.
fn names_in(reader: &Reader, file: usize, expr: ExprId) -> Option<Vec<String>> {
    let model = reader.files.model(file);
    let value = reader
        .files
        .definition(file, expr)
        .and_then(|d| reader.files.value_of(d))
        .filter(|&(vf, ve)| vf == file && matches!(model.expr(ve).kind, ExprKind::Array { .. }))
        .map_or(expr, |(_, ve)| ve);
    match &model.expr(value).kind {
        ExprKind::Array { elements, .. } => elements
            .iter()
            .map(|e| match e {
                ArrayElement::Expr(x) => reader.constant(file, *x),
                _ => None,
            })
            .collect(),
        _ => reader.constant(file, value).map(|m| vec![m]),
    }
}

/// The lower-case methods a handler class serves by the pack's `allowedMethods` attribute
/// (`http_method_names = ["get"]`), from the class or the nearest project ancestor declaring
/// it (depth first, in base order); `None` when none declares it or it cannot be read.
pub fn allowed_methods(
    files: &Files,
    reader: &Reader,
    spec: &RouteLists,
    class: (usize, ClassId),
) -> Option<BTreeSet<String>> {
    let field = spec.allowed_methods.as_deref()?;
    let mut seen = BTreeSet::new();
    let mut stack = vec![(class, 0usize)];
    while let Some(((cf, cid), depth)) = stack.pop() {
        if depth > MAX_HOPS || !seen.insert((cf, cid)) {
            continue;
        }
        let model = files.model(cf);
        let c = model.class(cid);
        for m in &c.members {
            if m.name.as_str() == Some(field)
                && let MemberKind::Property { value: Some(v), .. } = &m.kind
            {
                return names_in(reader, cf, *v)
                    .map(|names| names.iter().map(|n| n.to_ascii_lowercase()).collect());
            }
        }
        for &base in c.extends.iter().rev() {
            if let Some(parent) = crate::classes::class_of_expr(files, cf, base) {
                stack.push((parent, depth + 1));
            }
        }
    }
    None
}

/// The constant a class attribute holds, in the class or the nearest ancestor declaring it.
fn class_constant(
    files: &Files,
    reader: &Reader,
    class: (usize, ClassId),
    field: &str,
) -> Option<String> {
    let mut current = Some(class);
    for _ in 0..MAX_HOPS {
        let (cf, cid) = current?;
        let model = files.model(cf);
        for m in &model.class(cid).members {
            if m.name.as_str() == Some(field)
                && let MemberKind::Property { value: Some(v), .. } = &m.kind
            {
                return reader.constant(cf, *v);
            }
        }
        current = model
            .class(cid)
            .extends
            .first()
            .and_then(|&b| crate::classes::class_of_expr(files, cf, b));
    }
    None
}

/// Every prefix a list is reached under, through its includes; `""` for a root.
fn prefixes_of(
    included: &BTreeMap<ListKey, Vec<(ListKey, String)>>,
    key: ListKey,
    depth: usize,
) -> Vec<String> {
    let Some(parents) = included.get(&key) else {
        return vec![String::new()];
    };
    if depth >= MAX_HOPS {
        return vec!["{prefix*}/".to_owned()];
    }
    let mut out = BTreeSet::new();
    for (parent, prefix) in parents {
        for p in prefixes_of(included, *parent, depth + 1) {
            out.insert(concat_path(&p, prefix));
        }
    }
    out.into_iter().collect()
}

/// A prefix and a path joined as the framework joins them: by concatenation, with one slash
/// between two non-empty parts that have none.
fn concat_path(prefix: &str, path: &str) -> String {
    if prefix.is_empty() || prefix.ends_with('/') || path.is_empty() || path.starts_with('/') {
        format!("{prefix}{path}")
    } else {
        format!("{prefix}/{path}")
    }
}

/// A path pattern written as a regular expression, as a path with `{name}` parameters:
/// anchors and a trailing optional slash dropped, `(?P<name>…)` a parameter, any other group
/// or character class a parameter without a name.
pub fn regex_as_path(regex: &str) -> String {
    let body = regex.strip_prefix('^').unwrap_or(regex);
    let body = body.strip_suffix('$').unwrap_or(body);
    let body = body.strip_suffix("/?").unwrap_or(body);
    let chars: Vec<char> = body.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '(' => {
                let end = group_end(&chars, i);
                let inner: String = chars[i + 1..end.min(chars.len())].iter().collect();
                // An optional tail (`(?:/(?P<name>.+))?`): `/{name*}`, zero or more segments (`{name?}`
                // would read as a query string further on).
                if let Some(segment) = inner.strip_prefix("?:/")
                    && chars.get(end + 1) == Some(&'?')
                {
                    let name = regex_as_path(segment);
                    out.push_str("/{");
                    out.push_str(name.trim_start_matches('{').trim_end_matches('}'));
                    out.push_str("*}");
                    i = end + 2;
                    continue;
                }
                let name = inner
                    .strip_prefix("?P<")
                    .and_then(|rest| rest.split_once('>'))
                    .map(|(n, _)| n.to_owned());
                out.push('{');
                out.push_str(name.as_deref().unwrap_or(""));
                out.push('}');
                i = end + 1;
                // A quantifier on the group belongs to it.
                while i < chars.len() && matches!(chars[i], '?' | '*' | '+') {
                    i += 1;
                }
            }
            '[' => {
                let mut j = i + 1;
                while j < chars.len() && chars[j] != ']' {
                    j += if chars[j] == '\\' { 2 } else { 1 };
                }
                out.push_str("{}");
                i = j + 1;
                while i < chars.len() && matches!(chars[i], '?' | '*' | '+') {
                    i += 1;
                }
            }
            '\\' if i + 1 < chars.len() => {
                let c = chars[i + 1];
                if c.is_alphanumeric() {
                    out.push_str("{}");
                } else {
                    out.push(c);
                }
                i += 2;
                while i < chars.len() && matches!(chars[i], '?' | '*' | '+') {
                    i += 1;
                }
            }
            '.' if matches!(chars.get(i + 1), Some('*' | '+')) => {
                out.push_str("{}");
                i += 2;
            }
            '?' | '*' | '+' => i += 1,
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

/// The index of the `)` closing the group opened at `open`.
fn group_end(chars: &[char], open: usize) -> usize {
    let mut depth = 0;
    let mut i = open;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 1,
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
        i += 1;
    }
    chars.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regexes_become_paths() {
        assert_eq!(regex_as_path(r"^items/(?P<pk>[0-9]+)/$"), "items/{pk}/");
        assert_eq!(regex_as_path(r"^api/v1/checks/?$"), "api/v1/checks");
        assert_eq!(regex_as_path(r"^a/([^/]+)/b$"), "a/{}/b");
        assert_eq!(regex_as_path(r"^file/\d+\.txt$"), "file/{}.txt");
        assert_eq!(regex_as_path(r"^(?P<path>.*)$"), "{path}");
        assert_eq!(regex_as_path(r"^$"), "");
        assert_eq!(
            regex_as_path(r"^logo(?:/(?P<filename>.+))?/?$"),
            "logo/{filename*}"
        );
    }

    #[test]
    fn prefixes_concatenate_like_the_framework() {
        assert_eq!(concat_path("api/", "items/"), "api/items/");
        assert_eq!(concat_path("", "items/"), "items/");
        assert_eq!(concat_path("api", "items"), "api/items");
        assert_eq!(concat_path("api/", ""), "api/");
    }
}
