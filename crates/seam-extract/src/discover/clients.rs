//! Client call sites: each client pack's calls, the instances and bases they go through,
//! interceptors that rewrite URLs, and calls through project wrappers (templates).

use std::collections::{BTreeMap, BTreeSet};

use seam_lang::model::{BindingKind, ClassId, ExprId, ExprKind, FuncId, ObjectProp};
use seam_packs::{Capture, Captures, Constraint, Pack, PatternNode, ValueRead, match_expr};

use super::{ClientUnit, anchor_ok, relative_url};
use crate::failure_interceptors::{HandledFailures, Registered, failure_interceptors, handled_for};
use crate::files::{Files, enclosing_function};
use crate::text_tests::TextTest;
use crate::url::{
    Piece, Reader, Substitution, UNKNOWN_ORIGIN, client_url_path, is_absolute, join_paths,
    origin_of, path_of, read_method,
};

/// What a client object is: its base path, when it has one.
#[derive(Debug, Clone, Default)]
pub(super) struct ClientObject {
    base: Vec<Piece>,
    /// What the instance's request interceptors put in front of each call's URL.
    url_prefix: UrlPrefix,
    /// The failures its response interceptors handle for every call.
    failures: Option<HandledFailures>,
    /// The base was assigned to the client's defaults after it was made (`baseAssignments`):
    /// it goes in front of a URL whose start is written out, not of one starting with a value
    /// seam could not read, which may be absolute (the library drops the base then).
    base_assigned: bool,
}

impl ClientObject {
    /// A client with no instance of its own (a declared or injected one): only the
    /// interceptors registered for every client of the pack apply.
    fn of_every(files: &Files, pack: &Pack) -> ClientObject {
        ClientObject {
            failures: handled_for(&failure_interceptors(files, pack), &Registered::Every),
            ..ClientObject::default()
        }
    }

    /// A client known by its declared type only (`http: AxiosInstance`): when the pack's
    /// entry for the type says instances carry a base URL (`baseUrl`), whoever made this one
    /// may have given it one, so its start is unknown.
    fn of_declared_type(
        files: &Files,
        pack: &Pack,
        shape: &seam_lang::model::TypeRef,
    ) -> ClientObject {
        let mut client = ClientObject::of_every(files, pack);
        if client_type(pack, shape).is_some_and(|c| c.base_url.is_some()) {
            client.base = vec![Piece::Hole("baseURL".to_owned())];
        }
        client
    }
}

/// What an interceptor puts in front of a request's URL, and for which URLs.
#[derive(Debug, Clone, Default)]
pub struct UrlPrefix {
    pub pieces: Vec<Piece>,
    /// The rewrite sits under a test of the URL (`if (!config.url.includes("org"))`).
    pub only_when: Option<TextTest>,
    /// The pieces are a base the interceptor sets (`config.baseURL = …`): they go in front of
    /// the calls of a client that has no base of its own, as the library puts a base there.
    pub sets_base: bool,
}

impl UrlPrefix {
    /// The prefix for a call whose own URL is `url`: the pieces when the test holds or cannot
    /// be decided from the URL's known text, nothing when the URL's text decides against it.
    fn for_url(&self, url: &[Piece]) -> Vec<Piece> {
        match self.only_when.as_ref().and_then(|test| test.holds(url)) {
            Some(false) => Vec::new(),
            _ => self.pieces.clone(),
        }
    }
}

pub(super) fn client_object(
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
pub(super) fn client_object_hops(
    files: &Files,
    pack: &Pack,
    reader: &Reader,
    file: usize,
    expr: ExprId,
    hops: usize,
) -> Option<ClientObject> {
    let hops = hops.checked_sub(1)?;
    let model = files.model(file);
    // The module's own import (`import axios from "axios"`), or the module's object a
    // `require("axios")` written in place gives (`window.axios = require("axios")`).
    let specifier = match model.resolved_binding(expr) {
        Some(b) => match &model.binding(b).kind {
            BindingKind::Import { import, .. } => model
                .imports
                .get(*import as usize)
                .map(|imp| imp.specifier.as_str()),
            _ => None,
        },
        None => required_module(model, expr),
    };
    if let Some(specifier) = specifier
        && pack
            .clients
            .iter()
            .any(|c| c.import.as_deref() == Some(specifier))
    {
        let registered = failure_interceptors(files, pack);
        let module = Registered::Module(specifier.to_owned());
        let assigned = assigned_base(files, pack, reader, file, &module);
        return Some(ClientObject {
            failures: handled_for(&registered, &module),
            base_assigned: assigned.is_some(),
            base: assigned.unwrap_or_default(),
            ..ClientObject::default()
        });
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
        // Assigned once in a constructor of the hierarchy (which may give a base URL,
        // `this.axios = axios.create({ baseURL })`), else its declared type.
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
        if let Some(t) = field
            .type_annotation
            .filter(|t| is_client_type(pack, &t.shape))
        {
            return Some(ClientObject::of_declared_type(files, pack, &t.shape));
        }
    }
    // A parameter whose declared type is a client type (`function f(http: Client)`).
    if let Some(b) = model.resolved_binding(expr)
        && let BindingKind::Param { function, index } = model.binding(b).kind
        && model.binding(b).origin.path.is_empty()
        && let Some(t) = model
            .function(function)
            .params
            .get(index as usize)
            .and_then(|p| p.type_annotation.as_ref())
            .filter(|t| is_client_type(pack, &t.shape))
    {
        return Some(ClientObject::of_declared_type(files, pack, &t.shape));
    }
    // A parameter named as a service the framework injects by name (`function ($http)`).
    if let Some(b) = model.resolved_binding(expr)
        && let BindingKind::Param { .. } = model.binding(b).kind
        && model.binding(b).origin.path.is_empty()
        && pack
            .clients
            .iter()
            .any(|c| c.parameter.as_deref() == Some(model.binding(b).name.as_str()))
    {
        return Some(ClientObject::of_every(files, pack));
    }
    // A property of a callback's first parameter, the client a call hands the callback
    // (`test(name, async ({ request }) => …)`).
    if let Some(b) = model.resolved_binding(expr)
        && let BindingKind::Param { function, index: 0 } = model.binding(b).kind
        && let [seam_lang::model::PatternStep::Key(key)] = &model.binding(b).origin.path[..]
        && hands_client(files, pack, reader, file, function, key)
    {
        return Some(ClientObject::of_every(files, pack));
    }
    // A callback's parameter that a call hands as the client itself (`endpoints: (builder)
    // => …`, the fourth of `queryFn: (arg, api, extra, baseQuery) => …`), with the base URL of
    // the client the call hands on.
    if let Some(b) = model.resolved_binding(expr)
        && let BindingKind::Param { function, index } = model.binding(b).kind
        && model.binding(b).origin.path.is_empty()
        && let Some(handed) =
            crate::handed_clients::handed(files, pack, reader, file, function, index)
    {
        use crate::handed_clients::Handed;
        let on = match handed {
            Handed::From(cf, ce) => client_at(files, pack, reader, cf, ce, hops)
                .or_else(|| made_inside(files, pack, reader, cf, ce, hops)),
            Handed::Plain | Handed::Unread => None,
        };
        return Some(on.unwrap_or_else(|| {
            let mut client = ClientObject::of_every(files, pack);
            if handed != Handed::Plain {
                // A client handed on that reads as none (the app's own function around the
                // library's): whatever base it puts in front is unknown.
                client.base = vec![Piece::Hole("baseUrl".to_owned())];
            }
            client
        }));
    }
    // `const { request } = page.context()`: a property of a value the pack makes clients of.
    if let Some(entry) = crate::destructured_clients::destructured_client(files, pack, file, expr) {
        return Some(match &entry.configured {
            Some(configured) => configured_client(files, pack, reader, entry, configured, file),
            None => ClientObject::of_every(files, pack),
        });
    }
    // A client another script put on the page's global object (`window.CTFd = CTFd`).
    if let Some((vf, ve)) = crate::window_globals::assigned_value(files, file, expr) {
        return client_object_hops(files, pack, reader, vf, ve, hops);
    }
    // The same global read by its bare name, which nothing in scope declares (`axios.get(…)`
    // in a component, after the entry script's `window.axios = axios`), or set by the entry
    // scripts of several bundles in one folder: the client when every one of them reads as
    // a client with the same base.
    let globals = crate::window_globals::nearest_values(files, file, expr);
    if !globals.is_empty() {
        let mut clients = globals
            .iter()
            .map(|&(vf, ve)| client_object_hops(files, pack, reader, vf, ve, hops));
        if let Some(Some(first)) = clients.next() {
            let mut agree = true;
            for other in clients {
                agree &= other.is_some_and(|o| o.base == first.base);
            }
            if agree {
                return Some(first);
            }
        }
    }
    // A member read a creation of the pack names, whatever object it is read from: a client a
    // framework puts on its objects (`this.$axios`, `context.$axios` for `create: $C.$axios`).
    let Some(def) = files.definition(file, expr) else {
        return match model.expr(expr).kind {
            ExprKind::Member { .. } => client_value(files, pack, reader, file, expr, hops),
            _ => None,
        };
    };
    let (vf, ve) = files.value_of(def)?;
    client_value(files, pack, reader, vf, ve, hops)
}

/// The client an expression is, a creation written in place (`fetchBaseQuery({ baseUrl })`)
/// included.
fn client_at(
    files: &Files,
    pack: &Pack,
    reader: &Reader,
    file: usize,
    expr: ExprId,
    hops: usize,
) -> Option<ClientObject> {
    match files.model(file).expr(expr).kind {
        ExprKind::Call { .. } => client_value(files, pack, reader, file, expr, hops),
        _ => client_object_hops(files, pack, reader, file, expr, hops),
    }
}

/// The client a function handed on as one makes inside and uses (the app's base query around
/// the library's, `async (args, api) => fetchBaseQuery({ baseUrl })(args, api)`): the one
/// creation of the pack's clients written in its body. None when it makes none or several.
fn made_inside(
    files: &Files,
    pack: &Pack,
    reader: &Reader,
    file: usize,
    expr: ExprId,
    hops: usize,
) -> Option<ClientObject> {
    let (vf, function) = files.function_of(file, expr)?;
    let vmodel = files.model(vf);
    let span = vmodel.function(function).span;
    let mut made = files
        .calls(vf)
        .filter(|c| {
            let at = vmodel.expr(c.call).span;
            at.start >= span.start && at.end <= span.end
        })
        .filter(|c| {
            pack.clients
                .iter()
                .filter_map(|entry| entry.create.as_ref())
                .any(|create| {
                    let mut caps = Captures::new();
                    match_expr(vmodel, create, c.call, &mut caps)
                })
        })
        .map(|c| c.call);
    let one = made.next()?;
    if made.next().is_some() {
        return None;
    }
    client_value(files, pack, reader, vf, one, hops)
}

/// Whether a call of the pack's `injected` clients hands the function `callback` (of `file`)
/// the client as the property `key` of its first parameter.
pub(super) fn hands_client(
    files: &Files,
    pack: &Pack,
    reader: &Reader,
    file: usize,
    callback: FuncId,
    key: &str,
) -> bool {
    let keep = |i: &seam_packs::InjectedClient| i.property.as_deref() == Some(key);
    crate::handed_clients::handing_call(files, pack, reader, file, callback, keep).is_some()
}

/// A client whose options are written in a config file, for a call in `file`: the base URL
/// read there when it reads as text, else none (the app's own origin).
fn configured_client(
    files: &Files,
    pack: &Pack,
    reader: &Reader,
    entry: &seam_packs::ClientObject,
    configured: &seam_packs::ConfiguredClient,
    file: usize,
) -> ClientObject {
    let read = match (&entry.base_url, configured_options(files, configured, file)) {
        (Some(ValueRead::Option { meta, key, .. }), Some((cf, config))) => config
            .get(meta)
            .and_then(Capture::expr)
            .and_then(|obj| reader.object_key(cf, obj, key).ok().flatten())
            .map(|(kf, ke)| reader.pieces(kf, ke)),
        _ => None,
    };
    let base = match &configured.file {
        // A config file: a base that does not read as text leaves the app's own origin.
        Some(_) => read
            .filter(|pieces| pieces.iter().all(|p| matches!(p, Piece::Text(_))))
            .unwrap_or_default(),
        // Options written beside the client: a base not found is unknown.
        None => read.unwrap_or_else(|| vec![Piece::Hole("baseUrl".to_owned())]),
    };
    ClientObject {
        base,
        ..ClientObject::of_every(files, pack)
    }
}

/// The captures of the first match of a configured client's pattern in the nearest file named
/// as its `file` glob, in the folder of `file` or above: that file and the captures.
fn configured_options(
    files: &Files,
    configured: &seam_packs::ConfiguredClient,
    file: usize,
) -> Option<(usize, Captures)> {
    let first_match = |cf: usize| {
        let model = files.model(cf);
        std::iter::once(&configured.pattern)
            .chain(&configured.or)
            .find_map(|pattern| {
                (0..model.exprs.len()).find_map(|i| {
                    let mut caps = Captures::new();
                    match_expr(model, pattern, ExprId::from_index(i), &mut caps)
                        .then_some((cf, caps))
                })
            })
    };
    // No config file: the options are in the file that makes the client.
    let Some(glob) = &configured.file else {
        return first_match(file);
    };
    let path = &files.model(file).path;
    let mut dir = path.rsplit_once('/').map_or("", |(d, _)| d);
    loop {
        let found = (0..files.count()).find(|&f| {
            let (d, name) = files
                .model(f)
                .path
                .rsplit_once('/')
                .unwrap_or(("", &files.model(f).path));
            d == dir && seam_lang::project::glob::name_matches(glob, name)
        });
        if let Some(cf) = found {
            return first_match(cf);
        }
        if dir.is_empty() {
            return None;
        }
        dir = dir.rsplit_once('/').map_or("", |(d, _)| d);
    }
}

/// What the request interceptors registered on the client made at `(vf, ve)` put in front of
/// every request's URL: an interceptor in the creating module whose function assigns its
/// first parameter's URL property a template or sum that starts with other text and ends with
/// the URL itself (`config.url = \`${org}${config.url}\``) prefixes that text.
pub(super) fn interceptor_prefix(
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
pub(super) fn handlers_prefix(
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
        url_rewrite_prefix(files, reader, hf, function, &interceptor.url).or_else(|| {
            let base = interceptor.base.as_deref()?;
            base_assignment(files, reader, hf, function, base)
        })
    })
}

/// What the pack's project-wide interceptors (registered for every client, not one instance)
/// put in front of every URL: the first registration found, in file order; worked out once.
pub(super) fn global_url_prefix(files: &Files, pack: &Pack, reader: &Reader) -> UrlPrefix {
    if pack.url_interceptors.iter().all(|i| i.client.is_some()) {
        return UrlPrefix::default();
    }
    crate::files::once_per_pack(&files.global_url_prefixes, &pack.name, || {
        let mut found = UrlPrefix::default();
        'files: for file in 0..files.count() {
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
        found
    })
}

/// The base the project assigns to the client `target` after it is made (the pack's
/// `baseAssignments`), for a call in `file`: the value the nearest assignments agree on, an
/// unknown start when they disagree, `None` when there is none.
fn assigned_base(
    files: &Files,
    pack: &Pack,
    reader: &Reader,
    file: usize,
    target: &Registered,
) -> Option<Vec<Piece>> {
    let assigned = crate::base_assignments::base_assignments(files, pack);
    let mut bases = crate::base_assignments::bases_for(files, &assigned, target, file)
        .into_iter()
        .map(|a| {
            let mut pieces = reader.pieces(a.file, a.value);
            pieces.retain(|p| !matches!(p, Piece::Text(t) if t.is_empty()));
            pieces
        });
    let first = bases.next()?;
    Some(if bases.all(|b| b == first) {
        first
    } else {
        vec![Piece::Hole("baseURL".to_owned())]
    })
}

/// In `function`, an assignment of the base URL property of its first parameter `P`
/// (`P.baseURL = api + "/api"`): the pieces of the value, set as a base.
fn base_assignment(
    files: &Files,
    reader: &Reader,
    file: usize,
    function: FuncId,
    property: &str,
) -> Option<UrlPrefix> {
    let model = files.model(file);
    let span = model.function(function).span;
    let param = first_param(model, function)?;
    let is_base = |e: ExprId| is_param_property(model, param, property, e);
    let within: Vec<(ExprId, &seam_lang::model::Expr)> = model
        .exprs
        .iter()
        .enumerate()
        .map(|(i, e)| (ExprId::from_index(i), e))
        .filter(|(_, e)| span.contains(e.span))
        .collect();
    let assignment = |e: &seam_lang::model::Expr| match &e.kind {
        ExprKind::Assign { target, value, .. } => match &model.pattern(*target).kind {
            seam_lang::model::PatternKind::Expr { expr } => Some((*expr, *value)),
            _ => None,
        },
        _ => None,
    };
    // A handler that reads the base it is given (`if (P.baseURL.startsWith("/")) P.baseURL =
    // …`) rewrites a base rather than setting one; only a test that it is missing
    // (`if (!P.baseURL)`) may read it.
    let allowed: Vec<ExprId> = within
        .iter()
        .filter_map(|(_, e)| match &e.kind {
            ExprKind::Unary {
                op: seam_lang::model::UnaryOp::Not,
                arg,
            } => Some(*arg),
            _ => assignment(e).map(|(target, _)| target),
        })
        .collect();
    if within
        .iter()
        .any(|(id, _)| is_base(*id) && !allowed.contains(id))
    {
        return None;
    }
    within.iter().find_map(|(_, e)| {
        let (_, value) = assignment(e).filter(|(target, _)| is_base(*target))?;
        let mut pieces = reader.pieces(file, value);
        pieces.retain(|p| !matches!(p, Piece::Text(t) if t.is_empty()));
        (!pieces.is_empty()).then_some(UrlPrefix {
            pieces,
            only_when: None,
            sets_base: true,
        })
    })
}

/// Whether `e` is `P.<property>` of the binding `param`.
fn is_param_property(
    model: &seam_lang::model::Model,
    param: seam_lang::model::BindingId,
    property: &str,
    e: ExprId,
) -> bool {
    match &model.expr(e).kind {
        ExprKind::Member {
            object,
            property: seam_lang::model::MemberProp::Name(name),
            ..
        } => name == property && model.resolved_binding(*object) == Some(param),
        _ => false,
    }
}

/// The first parameter of `function`, when it is a plain name.
fn first_param(
    model: &seam_lang::model::Model,
    function: FuncId,
) -> Option<seam_lang::model::BindingId> {
    let param = model.bindings.iter().position(|b| {
        matches!(b.kind, BindingKind::Param { function: f, index: 0 } if f == function)
            && b.origin.path.is_empty()
    })?;
    Some(seam_lang::model::BindingId::from_index(param))
}

/// In `function`, an assignment `P.url = <text> + P.url` (or a template ending in `P.url`) to
/// its first parameter `P`: the pieces of `<text>`, and the test of `P.url` it sits under.
pub(super) fn url_rewrite_prefix(
    files: &Files,
    reader: &Reader,
    file: usize,
    function: FuncId,
    property: &str,
) -> Option<UrlPrefix> {
    let model = files.model(file);
    let span = model.function(function).span;
    let param = first_param(model, function)?;
    let is_url = |e: ExprId| is_param_property(model, param, property, e);
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
            ExprKind::Template(t)
                if t.tag.is_none()
                    && t.exprs.last().is_some_and(|e| is_url(*e))
                    && t.quasis.last().is_some_and(String::is_empty) =>
            {
                let (quasis, exprs) = (&t.quasis, &t.exprs);
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
                sets_base: false,
            });
        }
    }
    None
}

/// The innermost `if` in `function` around `span` whose test is a text test of the URL
/// (`url.includes("x")`, `!url.startsWith("/x")`), as the branch `span` is in sees it.
pub(super) fn url_test_around(
    model: &seam_lang::model::Model,
    function: FuncId,
    span: seam_lang::model::Span,
    is_url: &dyn Fn(ExprId) -> bool,
) -> Option<TextTest> {
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
pub(super) fn url_test(
    model: &seam_lang::model::Model,
    test: ExprId,
    negated: bool,
    is_url: &dyn Fn(ExprId) -> bool,
) -> Option<TextTest> {
    crate::text_tests::text_test(model, test, negated).filter(|t| is_url(t.subject))
}

/// Whether a declared type names one of the pack's client types (`type:`), by its last
/// segment (`HttpClient`, `http.HttpClient`).
pub(super) fn is_client_type(pack: &Pack, shape: &seam_lang::model::TypeRef) -> bool {
    client_type(pack, shape).is_some()
}

/// The pack's client entry whose `type` a declared type names.
fn client_type<'p>(
    pack: &'p Pack,
    shape: &seam_lang::model::TypeRef,
) -> Option<&'p seam_packs::ClientObject> {
    let seam_lang::model::TypeRef::Named { name, .. } = shape else {
        return None;
    };
    // A qualified type (`resty.Client`) matches by its package and name, a bare one
    // (`HttpClient`) by the name alone.
    let last = name.rsplit('.').next().unwrap_or(name);
    pack.clients.iter().find(|c| match c.type_name.as_deref() {
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
pub(super) fn client_value(
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
                let Some((inner_file, inner)) =
                    crate::handed_clients::read_at(reader, vf, of, &caps)
                else {
                    continue;
                };
                let inner_client = match of {
                    // A key of the options holds the client, often made in place
                    // (`baseQuery: fetchBaseQuery({ baseUrl })`).
                    ValueRead::Option { .. } => {
                        client_at(files, pack, reader, inner_file, inner, hops)
                            .or_else(|| made_inside(files, pack, reader, inner_file, inner, hops))
                    }
                    _ => client_object_hops(files, pack, reader, inner_file, inner, hops),
                };
                match inner_client {
                    Some(client) => Some(client),
                    None => continue,
                }
            }
            None => None,
        };
        if let Some(client) = from_client {
            return Some(client);
        }
        // Options written in a config file (`{ axios: { baseURL } }` in nuxt.config.js): read
        // there; a base that does not read as text leaves the app's own origin.
        if let Some(configured) = &c.configured {
            return Some(configured_client(files, pack, reader, c, configured, vf));
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
        // A base assigned to the instance once it is made (`api.defaults.baseURL = …`).
        let assigned = assigned_base(files, pack, reader, vf, &Registered::Instance(vf, ve));
        let base_assigned = assigned.is_some();
        let base = assigned.unwrap_or(base);
        let url_prefix = interceptor_prefix(files, pack, reader, vf, ve);
        let failures = handled_for(
            &failure_interceptors(files, pack),
            &Registered::Instance(vf, ve),
        );
        return Some(ClientObject {
            base,
            url_prefix,
            failures,
            base_assigned,
        });
    }
    // A step that wraps one value without branching costs only its own hop: an awaited
    // client, the client spread into an object (`({ ...createClient(o), baseUrl })`), and
    // `useMemo(() => createClient(base), [])`, what the callback returns.
    match &vmodel.expr(ve).kind {
        ExprKind::Await { arg } => {
            return client_object_hops(files, pack, reader, vf, *arg, hops);
        }
        ExprKind::Object { props } => {
            return props.iter().find_map(|p| match p {
                ObjectProp::Spread { value } => {
                    client_object_hops(files, pack, reader, vf, *value, hops)
                }
                _ => None,
            });
        }
        ExprKind::Call {
            callee,
            args,
            is_new: false,
            ..
        } => {
            if let Some(callback) = crate::library_constants::memo_callback(vmodel, *callee, args) {
                return files
                    .returned_values(vf, callback)
                    .into_iter()
                    .find_map(|r| client_object_hops(files, pack, reader, vf, r, hops));
            }
        }
        _ => {}
    }
    // A factory step costs more than a name: each may branch into several returns.
    let hops = hops.checked_sub(1)?;
    match &vmodel.expr(ve).kind {
        // `this.$axios || this.$nuxt.$axios`: either side, the first that is a client.
        ExprKind::Logical { left, right, .. } => [*left, *right]
            .into_iter()
            .find_map(|side| client_object_hops(files, pack, reader, vf, side, hops)),
        ExprKind::Call {
            callee,
            args,
            is_new: false,
            ..
        } => {
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
pub(super) const MAX_CONSTRUCTIONS: usize = 8;

/// A value a class constructor reads from its parameters (`this.client = make(options.base)`),
/// read through the arguments of the project's `new C(…)` calls: the value when every one of
/// them gives the same, `None` when the value is not in a constructor, reads no parameter, or
/// the constructions disagree (or there are none, or too many).
pub(super) fn constructed_pieces(
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
/// The module a `require("m")` call written in place loads (not bound to a name: an
/// assignment's value, `window.axios = require("axios")`).
fn required_module(model: &seam_lang::model::Model, expr: ExprId) -> Option<&str> {
    let ExprKind::Call { callee, args, .. } = &model.expr(expr).kind else {
        return None;
    };
    if !matches!(&model.expr(*callee).kind,
        ExprKind::Ident { name, binding: None } if name == "require")
    {
        return None;
    }
    match &model.expr(args.first()?.value).kind {
        ExprKind::Literal {
            value: seam_lang::model::LiteralValue::String { value },
        } if args.len() == 1 => Some(value.as_str()),
        _ => None,
    }
}

pub(super) fn required_from(
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

pub(super) fn created_from(
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

/// Whether a value is text the code fixes at least in part (not an object literal, nor a
/// value nothing is known of).
pub(super) fn reads_as_text(files: &Files, reader: &Reader, file: usize, expr: ExprId) -> bool {
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
pub(super) fn is_http_method(text: &str) -> bool {
    ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]
        .iter()
        .any(|m| m.eq_ignore_ascii_case(text))
}

/// Whether an expression is a string or template literal whose text starts with `/`.
pub(super) fn is_path_literal(model: &seam_lang::model::Model, expr: ExprId) -> bool {
    match &model.expr(expr).kind {
        ExprKind::Literal {
            value: seam_lang::model::LiteralValue::String { value },
        } => value.starts_with('/'),
        ExprKind::Template(t) if t.tag.is_none() => {
            t.quasis.first().is_some_and(|q| q.starts_with('/'))
        }
        _ => false,
    }
}

/// A client call site matched by a pack.
pub(super) struct Site {
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
    /// See [`seam_packs::ClientCall::definition`].
    definition: bool,
    /// See [`seam_packs::ClientCall::handed_out`].
    handed_out: bool,
    /// See [`ClientUnit::failures`].
    failures: Option<HandledFailures>,
}

pub(super) fn site_at(
    files: &Files,
    pack: &Pack,
    reader: &Reader,
    file: usize,
    call: ExprId,
) -> Option<Site> {
    let model = files.model(file);
    let name = crate::files::callee_name(model, call);
    for c in &pack.calls {
        if c.entries.is_some() || !client_call_anchor_ok(c, name) {
            continue;
        }
        let mut caps = Captures::new();
        if !call_entry_matches(model, c, call, &mut caps) {
            continue;
        }
        if let Some(site) = site_of_match(files, pack, reader, (file, call), c, &caps) {
            return Some(site);
        }
    }
    member_site(files, pack, reader, file, call)
        .or_else(|| handed_site(files, pack, reader, file, call))
}

/// The requests a call defines in a table (see [`seam_packs::ClientCall::entries`]): one
/// unit per property of the table object (written at the call, or held by a name in the same
/// file) whose value is an object literal and whose URL reads, at that value, named after its
/// key. Empty when no `entries` call of the pack matches the call.
fn table_units(
    files: &Files,
    pack: &Pack,
    pack_index: usize,
    reader: &Reader,
    file: usize,
    call: ExprId,
) -> Vec<ClientUnit> {
    let model = files.model(file);
    let name = crate::files::callee_name(model, call);
    let mut out = Vec::new();
    for c in &pack.calls {
        let Some((table, entry)) = &c.entries else {
            continue;
        };
        if !client_call_anchor_ok(c, name) {
            continue;
        }
        let mut caps = Captures::new();
        if !call_entry_matches(model, c, call, &mut caps) {
            continue;
        }
        let Some(written) = caps.get(table).and_then(Capture::expr) else {
            continue;
        };
        let object = match &model.expr(written).kind {
            ExprKind::Object { .. } => written,
            _ => match files
                .definition(file, written)
                .and_then(|d| files.value_of(d))
            {
                Some((vf, ve)) if vf == file => ve,
                _ => continue,
            },
        };
        let ExprKind::Object { props } = &model.expr(object).kind else {
            continue;
        };
        for p in props {
            let ObjectProp::KeyValue { value, .. } = p else {
                continue;
            };
            if !matches!(model.expr(*value).kind, ExprKind::Object { .. }) {
                continue;
            }
            let mut caps = caps.clone();
            caps.insert(entry.clone(), Capture::Expr(*value));
            let Some(site) = site_of_match(files, pack, reader, (file, *value), c, &caps) else {
                continue;
            };
            out.push(ClientUnit {
                pack: pack_index,
                file,
                call: *value,
                function: None,
                method: site.method,
                path: Some(client_path(&site.path)),
                origin: site.origin,
                layered: false,
                through: Vec::new(),
                inner: None,
                page_relative: site.page_relative,
                fallback: site.fallback,
                failures: site.failures.clone(),
                read_inside: false,
            });
        }
        if !out.is_empty() {
            return out;
        }
    }
    out
}

/// A call that hands one of the client's methods to a project function which calls it
/// (`request.safe(http.post, url, data)`, see [`crate::handed_methods`]): the pack's call
/// made of the member handed over and the arguments the function forwards to it.
fn handed_site(
    files: &Files,
    pack: &Pack,
    reader: &Reader,
    file: usize,
    call: ExprId,
) -> Option<Site> {
    let names = crate::handed_methods::handed_member_names(files, file, call);
    let calls: Vec<&seam_packs::ClientCall> = pack
        .calls
        .iter()
        .filter(|c| {
            // Only a method of the client (`$CLIENT.post(…)`) is handed over as a member.
            matches!(&c.pattern, PatternNode::Call { callee, .. }
                if matches!(callee.as_ref(), PatternNode::Member { .. }))
                && names.iter().any(|n| client_call_anchor_ok(c, Some(n)))
        })
        .collect();
    if calls.is_empty() {
        return None;
    }
    let (member, args) = crate::handed_methods::handed_call(files, file, call)?;
    let model = files.model(file);
    for c in calls {
        let mut caps = Captures::new();
        if !seam_packs::match_call_parts(model, &c.pattern, member, &args, &mut caps) {
            continue;
        }
        if let Some(site) = site_of_match(files, pack, reader, (file, call), c, &caps) {
            return Some(site);
        }
    }
    None
}

/// The site of a pack call matched at `call` with `caps`, when its constraints hold and its
/// URL reads.
fn site_of_match(
    files: &Files,
    pack: &Pack,
    reader: &Reader,
    (file, call): (usize, ExprId),
    c: &seam_packs::ClientCall,
    caps: &Captures,
) -> Option<Site> {
    let client = constraints_hold(files, pack, reader, file, &c.constraints, caps)?;
    let url = match &c.url {
        ValueRead::Meta(m) => caps.get(m).and_then(Capture::expr).map(|e| {
            let (uf, ue) = crate::handed_clients::returned_url(files, file, e);
            reader.pieces(uf, ue)
        }),
        ValueRead::Option { meta, key, default } => caps
            .get(meta)
            .and_then(Capture::expr)
            .and_then(|o| match reader.object_key(file, o, key) {
                Ok(Some((kf, ke))) => Some(reader.pieces(kf, ke)),
                // No such key: the default, what a metavariable bound or text.
                Ok(None) => match default.as_deref() {
                    Some(d) if d.starts_with('$') => caps
                        .get(&d[1..])
                        .and_then(Capture::expr)
                        .map(|e| reader.pieces(file, e)),
                    Some(d) => Some(vec![Piece::Text(d.to_owned())]),
                    None => None,
                },
                Err(_) => None,
            }),
        ValueRead::Chain {
            meta,
            call: Some(call),
            key,
            ..
        } => caps
            .get(meta)
            .and_then(Capture::expr)
            .and_then(|r| crate::builder_chains::chain_url(reader, file, r, call, key.as_deref())),
        ValueRead::Text(t) => Some(vec![Piece::Text(t.clone())]),
        ValueRead::Number(_) | ValueRead::Chain { call: None, .. } => None,
    }?;
    let method = read_method(reader, &c.method, file, caps);
    let mut site = site_of(files, pack, reader, (file, call), client, url, method);
    site.fallback = c.fallback;
    site.definition = c.definition;
    site.handed_out = c.handed_out;
    // A failure callback the call is given (`$.ajax({ url, error })`) handles every failure.
    if let Some(ValueRead::Option { meta, key, .. }) = &c.failure_callback
        && caps
            .get(meta)
            .and_then(Capture::expr)
            .and_then(|o| reader.object_key(file, o, key).ok().flatten())
            .is_some()
    {
        site.failures = Some(crate::failure_interceptors::HandledFailures::All);
    }
    Some(site)
}

/// Whether a `calls` entry reads `call`: its pattern matches the call and, when the entry
/// names an `alongside` pattern, an expression of the function around the call (written in
/// it, not in a function nested in it; the module's top level for a call outside any
/// function) matches that pattern too, its metavariables added to `caps`. The first such
/// expression in source order is the one read. A call the entry's `unless` pattern matches as
/// well is not the entry's.
pub(crate) fn call_entry_matches(
    model: &seam_lang::model::Model,
    entry: &seam_packs::ClientCall,
    call: ExprId,
    caps: &mut Captures,
) -> bool {
    if !match_expr(model, &entry.pattern, call, caps) {
        return false;
    }
    if entry
        .unless
        .iter()
        .any(|unless| match_expr(model, unless, call, &mut Captures::new()))
    {
        return false;
    }
    let Some(alongside) = &entry.alongside else {
        return true;
    };
    let function = enclosing_function(model, model.expr(call).span);
    let within = function.map(|f| model.function(f).span);
    (0..model.exprs.len()).map(ExprId::from_index).any(|e| {
        let span = model.expr(e).span;
        if within.is_some_and(|w| span.start < w.start || span.end > w.end) {
            return false;
        }
        let mut more = caps.clone();
        if !match_expr(model, alongside, e, &mut more)
            || enclosing_function(model, span) != function
        {
            return false;
        }
        *caps = more;
        true
    })
}

/// A call's site from its URL as written and the client it goes through: the client's base
/// URL and interceptor prefix in front.
pub(super) fn site_of(
    files: &Files,
    pack: &Pack,
    reader: &Reader,
    (file, call): (usize, ExprId),
    client: Option<ClientObject>,
    url: Vec<Piece>,
    method: Option<String>,
) -> Site {
    let page_relative = client.is_none() && relative_url(&url);
    let failures = client.as_ref().and_then(|c| c.failures.clone());
    // A URL that is one value the code does not fix, nothing written around it (a signed
    // storage URL handed back by the server), may be absolute: a base the code writes out
    // does not go in front of an absolute URL, so where it goes is unknown.
    let lone_value = {
        let mut written = url.iter().filter(|p| **p != Piece::Text(String::new()));
        matches!(written.next(), Some(Piece::Hole(_))) && written.next().is_none()
    } && client
        .as_ref()
        .is_some_and(|c| !c.base.iter().any(|p| matches!(p, Piece::Hole(_))));
    // A URL that is one environment variable, nothing written around it
    // (`fetch(process.env.WEBHOOK_URL, …)`): the variable holds the whole URL, a webhook's say,
    // so its path is a value, not the root of this deployment.
    let whole_setting = {
        let mut written = url.iter().filter(|p| **p != Piece::Text(String::new()));
        matches!(written.next(), Some(Piece::Env)) && written.next().is_none()
    } && client
        .as_ref()
        .is_none_or(|c| c.base.iter().all(|p| *p == Piece::Text(String::new())));
    let starts_with_value = matches!(
        url.iter().find(|p| **p != Piece::Text(String::new())),
        Some(Piece::Hole(_) | Piece::Env)
    );
    let client = client.map(|c| {
        if c.base_assigned && starts_with_value {
            ClientObject {
                base: Vec::new(),
                ..c
            }
        } else {
            c
        }
    });
    let (path, origin) = match client {
        Some(client) if !is_absolute(&url) && !lone_value && !whole_setting => {
            let interceptor = if client.url_prefix.pieces.is_empty() {
                global_url_prefix(files, pack, reader)
            } else {
                client.url_prefix.clone()
            };
            // A base an interceptor sets is the library's base only where the client has none.
            let prefix = if interceptor.sets_base && !client.base.is_empty() {
                Vec::new()
            } else {
                interceptor.for_url(&url)
            };
            let url: Vec<Piece> = prefix.iter().chain(&url).cloned().collect();
            let mut whole = client.base.clone();
            whole.extend(url.iter().cloned());
            (
                join_paths(
                    &base_path(&client.base),
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
        _ if whole_setting => ("/{value}".to_owned(), origin_of(&url)),
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
        definition: false,
        handed_out: false,
        failures,
    }
}

/// The path a client's base puts in front of its calls. A base that starts with a value seam
/// could not read, then an absolute path (`getBasePath() + "/api"`), has that value for the
/// deployment's origin or base path, not for a segment: the path is what follows it.
fn base_path(base: &[Piece]) -> String {
    let mut written = base.iter().filter(|p| **p != Piece::Text(String::new()));
    match (written.next(), written.next()) {
        (Some(Piece::Hole(_)), Some(Piece::Text(t))) if t.starts_with('/') && t.len() > 1 => {
            client_url_path(base)
        }
        _ => path_of(base),
    }
}

/// A typed RPC client's call (`client.posts[":id"].$get()`): the members between the client
/// object and the called method are the path's segments.
pub(super) fn member_site(
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
            seam_lang::model::MemberProp::Name(n) => n.to_string(),
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
    // The members spell one segment (`post.byId`).
    if let Some(separator) = &rule.separator {
        let names: Vec<&str> = segments.iter().rev().map(String::as_str).collect();
        if names.is_empty() {
            return None;
        }
        url.push(Piece::Text(format!("/{}", names.join(separator))));
        segments.clear();
    }
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
    let mut site = site_of(files, pack, reader, (file, call), Some(client), url, method);
    // A member that keeps what the request throws as its own error state (a query hook).
    if rule.keeps_failures.iter().any(|m| m == called) {
        site.failures = Some(crate::failure_interceptors::HandledFailures::All);
    }
    Some(site)
}

/// A client path: the pieces written as a path, with doubled slashes from joining a base
/// collapsed.
pub(super) fn client_path(raw: &str) -> String {
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
        // What a run over another revision found reading this file's calls, when nothing
        // reading them read changed: reading them again would find the same units.
        if let Some(found) = files.unchanged_client_file(pack_index, file) {
            units.extend(found.iter().cloned());
            continue;
        }
        let model = files.model(file);
        // In a recording run, what reading the file's calls read: kept with the units they
        // gave, for a later run. One record for the whole file: recording each call apart
        // merged the records of shared indexes at every call.
        let outer = crate::consulted::fresh();
        let start = units.len();
        // Each call once per form of its request (see `crate::alternatives`).
        let mut forms = crate::alternatives::Forms::new(files.calls(file));
        while let Some(crate::files::NamedCall { call, name }) = forms.next_call(&mut units) {
            // Most calls are not the pack's: skip them before any matching.
            if !pack.calls.iter().any(|c| client_call_anchor_ok(c, name))
                && !pack
                    .member_calls
                    .iter()
                    .any(|m| name.is_some_and(|n| m.methods.contains_key(n)))
                && crate::handed_methods::handed_member_names(files, file, call)
                    .into_iter()
                    .all(|n| !pack.calls.iter().any(|c| client_call_anchor_ok(c, Some(n))))
            {
                continue;
            }
            // A call in a field initialiser reads `this` as an instance of its class.
            let own = Reader {
                this_class: crate::classes::initializer_class(files, file, call),
                ..reader
            };
            let table = table_units(files, pack, pack_index, &own, file, call);
            if !table.is_empty() {
                units.extend(table);
                continue;
            }
            let Some(mut site) = site_at(files, pack, &own, file, call) else {
                continue;
            };
            // A definition is its own consumer: no function around it sends the request.
            let function =
                enclosing_function(model, model.expr(call).span).filter(|_| !site.definition);
            if let Some(func) = function {
                // A request made in a callback (a promise's executor) reads the parameters of
                // the function around it: that function is the template.
                let func = crate::templates::capturing_template(model, func, &site.own_url);
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
                                    inner: None,
                                    page_relative: false,
                                    fallback: site.fallback,
                                    failures: site.failures.clone(),
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
                                inner: None,
                                page_relative: false,
                                fallback: site.fallback,
                                failures: site.failures.clone(),
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
                    if all_files.len() == files.count() {
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
                    (&[], &[]),
                    &mut budget,
                    &mut units,
                );
                // A JavaScript wrapper that forwards its caller's path but keeps the response
                // (reads `res.ok` itself and returns nothing of it) leaves its callers nothing
                // to judge statuses by, when the client hands failures back as responses; one
                // that throws them (axios) lets them escape to the callers.
                let keeps_response = !crate::files::returns_value_of(files, file, func, call)
                    && (!forwarded
                        || (function == Some(func)
                            && model.language.is_js_family()
                            && failures_as_responses(pack)
                            && !crate::files::returns_holding(files, file, func, call)));
                if crate::templates::settles_parameter(model, func) || keeps_response {
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
                inner: None,
                page_relative: site.page_relative,
                fallback: site.fallback,
                failures: site.failures.clone(),
                read_inside: false,
            });
        }
        if let Some(outer) = outer {
            let reads = crate::consulted::swap(outer);
            if let Some(kept) = kept_client_file(file, &units[start..], &reads) {
                files.keep_client_file(pack_index, file, kept);
            }
        }
    }
    units
}

/// What reading the calls of `file` found, with what that read, to keep for a later run
/// (`None` when the reads hold what a later run cannot compare: a recognised call).
fn kept_client_file(
    file: usize,
    units: &[ClientUnit],
    reads: &crate::consulted::Consulted,
) -> Option<crate::files::ClientFile> {
    if !reads.calls.is_empty() {
        return None;
    }
    let mut read: BTreeSet<usize> = reads.files.clone();
    read.insert(file);
    Some(crate::files::ClientFile {
        units: units.to_vec(),
        files: read.into_iter().map(crate::consulted::kept_index).collect(),
        facts: reads.kept_facts(),
    })
}

pub(super) fn param_named(model: &seam_lang::model::Model, func: FuncId, name: &str) -> bool {
    model.bindings.iter().any(|b| {
        b.name == name && matches!(b.kind, BindingKind::Param { function, .. } if function == func)
    })
}

/// Calls of project functions, by the (file, function) they reach.
pub(super) type CallIndex = crate::files::Callers;

/// Every call of a project function, by the function it reaches.
pub(super) fn call_index(files: &Files, all_files: &BTreeSet<usize>) -> CallIndex {
    let mut out = CallIndex::new();
    for &cf in all_files {
        files.add_file_calls(cf, &mut out);
    }
    out
}

/// Whether the pack's client hands a failed request back as a response (`fetch`: the caller
/// reads its status) rather than throwing it.
fn failures_as_responses(pack: &Pack) -> bool {
    pack.metadata
        .get("http")
        .and_then(|h| h.get("failureDelivery"))
        .and_then(|d| d.as_str())
        == Some("response")
}

/// A layer's parameter that holds an object whose key gives a hole of the URL, with that key.
type KeyHole = ((usize, seam_lang::model::BindingId), String);

/// How many consumers one client call inside wrapper layers may stand for.
pub(super) const MAX_INSTANCES: usize = 5000;

/// One client call followed up through the wrapper functions around it (see
/// [`crate::templates`]).
pub(super) struct Layer<'l, 'a> {
    files: &'l Files<'a>,
    pack: &'l Pack,
    pack_index: usize,
    index: &'l CallIndex,
    /// The client call itself, read again under each layer's substitution.
    inner: (usize, ExprId),
}

impl Layer<'_, '_> {
    /// Whether the client call is written inside a class's method (where it may read `this`).
    fn inner_in_class(&self) -> bool {
        let model = self.files.model(self.inner.0);
        enclosing_function(model, model.expr(self.inner.1).span)
            .is_some_and(|f| model.function(f).class.is_some())
    }

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
        (chain, inner_key_holes): (&[(usize, FuncId)], &[KeyHole]),
        budget: &mut usize,
        out: &mut Vec<ClientUnit>,
    ) -> bool {
        let depth = chain.len();
        if depth >= crate::templates::MAX_LAYERS {
            return false;
        }
        let params = crate::templates::param_bindings(self.files, file, func);
        let mut holes: Vec<(seam_lang::model::BindingId, &str)> = params
            .iter()
            .filter(|(_, name)| {
                site.own_url
                    .iter()
                    .any(|p| matches!(p, Piece::Hole(h) if h == name))
            })
            .copied()
            .collect();
        // A parameter holding an object whose key the URL reads (`fetch(base + args.url)`, or
        // an inner layer's such parameter it is passed to whole) forwards that key's hole.
        let mut key_holes: Vec<KeyHole> = Vec::new();
        for &(binding, _) in &params {
            if holes.iter().any(|(b, _)| *b == binding) {
                continue;
            }
            if let Some(key) = crate::templates::key_hole(
                self.files,
                (file, func, binding),
                &site.own_url,
                subst,
                inner_key_holes,
            ) {
                key_holes.push(((file, binding), key));
            }
        }
        for ((_, binding), key) in &key_holes {
            holes.push((*binding, key.as_str()));
        }
        let method_open = site.method.is_none() && !params.is_empty();
        // A function that returns the response to its caller makes each of its calls a
        // consumer too (the caller handles what comes back), even when nothing is forwarded.
        // So does one whose request carries its parameters (a body built from them), at the
        // layer that makes the request.
        // A request the function describes and hands out (see
        // `seam_packs::ClientCall::handed_out`) goes to whoever gets what it returns.
        let hands_out =
            site.handed_out && crate::files::returns_holding(self.files, file, func, call);
        // So does one that returns what it reads of the response's body (`return
        // superjson.deserialize(await response.json())`): the caller uses the data.
        let body_of = |e: ExprId| {
            let model = self.files.model(file);
            self.pack.response.body.iter().find_map(|p| {
                let mut caps = Captures::new();
                if !match_expr(model, p, e, &mut caps) {
                    return None;
                }
                caps.values().find_map(|c| c.expr())
            })
        };
        let returns = hands_out
            || crate::files::returns_value_of(self.files, file, func, call)
            || (depth == 0
                && crate::files::returns_body_of(self.files, file, func, call, &body_of))
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
        let found = self.index.get(&(file, func));
        crate::consulted::entry(|| crate::consulted::Fact::Callers(file, func), &found);
        let Some(calls) = found else {
            return false;
        };
        let reader = Reader {
            files: self.files,
            environment: &self.pack.environment,
            subst,
            this_class,
        };
        let inner_in_class = self.inner_in_class();
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
            // The same when no layer inside fixed a class and the request itself is made
            // outside any class (an object of request functions the class holds,
            // `this.requests.get(this.baseRoute)`): only the bound values read `this`.
            // A receiver that is a parameter its callers fill with instances of several
            // subclasses (`useStore(api.foods)`, `useStore(api.units)` reaching
            // `api.getAll()`) is one request per class, all at this call.
            let receivers = receiver_subclasses(self.files, (file, func), cf, ccall);
            let receivers = if receivers.is_empty() {
                vec![None]
            } else {
                receivers.into_iter().map(Some).collect()
            };
            for receiver in receivers {
                let this_class = match receiver {
                    Some(r) if chain.is_empty() || (this_class.is_none() && !inner_in_class) => {
                        Some(r)
                    }
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
                let Some(instance) =
                    site_at(self.files, self.pack, &outer, self.inner.0, self.inner.1)
                else {
                    continue;
                };
                // Two classes may give the same request (a subclass that sets nothing new).
                if instances
                    .iter()
                    .any(|(f, c, _, i, _): &(usize, ExprId, _, Site, _)| {
                        *f == cf
                            && *c == ccall
                            && i.path == instance.path
                            && i.method == instance.method
                    })
                {
                    continue;
                }
                instances.push((cf, ccall, layered.clone(), instance, this_class));
            }
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
        let forwarding = (may_forward && (forwards || method_given)) || hands_out;
        // A layer that hands its parameters on without filling them (`execute(method, path)`
        // calling `doExecute(method, path)` and keeping what it returns in a local) is
        // followed further out, and stands only if every caller's layer there forwards.
        let passing_only = !forwarding && !returns;
        if passing_only && !may_forward {
            return false;
        }
        let budget_before = *budget;
        let mut through = chain.to_vec();
        through.push((file, func));
        // A deferred the request settles hands the caller what the request resolves it with
        // (a body), not the response.
        let settled = crate::files::returns_settled_deferred(self.files, file, func, call);
        let start = out.len();
        let count = instances.len();
        let mut forwarded_further = 0;
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
                    (&through, &key_holes),
                    budget,
                    out,
                )
            {
                forwarded_further += 1;
                continue;
            }
            if passing_only {
                break;
            }
            // A layer written in the module that describes the request, which hands it on
            // but reaches no use further out (the generator's other wrappers of the same
            // operation, `XxxApiFactory`, or its class when the app does not call it): the
            // module's own surface, not a use of it.
            if instance.handed_out
                && cf == self.inner.0
                && let Some(of) = outer
                && crate::files::returns_holding(self.files, cf, of, ccall)
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
                inner: Some(self.inner),
                // `loadPingDetails("../pings/1/")`: relative to the page of the calling script.
                page_relative: instance.page_relative,
                fallback: site.fallback,
                failures: site.failures.clone(),
                read_inside: false,
            });
        }
        if passing_only && (count == 0 || forwarded_further < count) {
            out.truncate(start);
            *budget = budget_before;
            return false;
        }
        if settled {
            for unit in &mut out[start..] {
                unit.read_inside = true;
            }
        }
        // A request handed out that reaches no use stays where it is described.
        if hands_out && out.len() == start {
            return false;
        }
        // Forwarding replaces the call inside by its instances; returning adds them to it. A
        // layer that only passes its parameters on (`execute(method, path)` handing both to
        // `doExecute`) forwards when every caller's layer further out does.
        forwarding || (may_forward && count > 0 && forwarded_further == count)
    }
}

/// The classes of the instances a call of the method `func` goes through, each the method's
/// class or a subclass of it: the one the receiver shows (`this.users.delete(u)`, `users:
/// UsersService`), or, for a parameter, each one the function's callers pass for it
/// (`classes::passed_instance_classes`). Empty when none is known.
pub(super) fn receiver_subclasses(
    files: &Files,
    (file, func): (usize, FuncId),
    cf: usize,
    ccall: ExprId,
) -> Vec<(usize, ClassId)> {
    let Some(class) = files.model(file).function(func).class else {
        return Vec::new();
    };
    let caller = files.model(cf);
    if let ExprKind::Call { callee, .. } = &caller.expr(ccall).kind
        && let ExprKind::Member { object, .. } = &caller.expr(*callee).kind
    {
        let passed =
            crate::classes::passed_instance_classes(files, cf, *object, crate::files::MAX_HOPS);
        if !passed.is_empty()
            && passed
                .iter()
                .all(|&c| crate::classes::descends_from(files, c, (file, class)))
        {
            return passed;
        }
    }
    if let Some(receiver) = receiver_subclass(files, (file, func), cf, ccall) {
        return vec![receiver];
    }
    // A receiver that is one of two instances (`const api = slug ? publicApi : userApi`):
    // one request per class, as for instances passed in.
    if let ExprKind::Call { callee, .. } = &caller.expr(ccall).kind
        && let ExprKind::Member { object, .. } = &caller.expr(*callee).kind
    {
        let branches = crate::classes::branch_classes(files, cf, *object);
        if branches
            .iter()
            .all(|&c| crate::classes::descends_from(files, c, (file, class)))
        {
            return branches;
        }
    }
    Vec::new()
}

/// The class of the instance a call of the method `func` goes through, when it is the
/// method's class or a subclass of it (`this.users.delete(u)`, `users: UsersService`).
pub(super) fn receiver_subclass(
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

pub(super) fn constraints_hold(
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
        if c.path
            && !reader
                .pieces(file, cap.expr()?)
                .iter()
                .any(|p| matches!(p, Piece::Text(t) if t.contains('/')))
        {
            return None;
        }
        if c.takes_arguments
            && files
                .function_of(file, cap.expr()?)
                .is_some_and(|(f, func)| files.model(f).function(func).params.is_empty())
        {
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
