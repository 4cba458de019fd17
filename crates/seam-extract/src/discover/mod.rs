//! Discovery: the units each pack finds. Handler packs find route registrations, follow
//! router mounts across files to compose prefixes, and resolve each handler to its function;
//! client packs find call sites (and call sites of thin wrappers around them).

use std::collections::BTreeSet;

use seam_lang::model::{ArrayElement, ExprId, ExprKind, FuncId, MemberProp, Span};
use seam_packs::{Capture, Captures, Pack, PatternNode, UnitKind, ValueRead, match_expr};

use crate::files::{Def, Files};
use crate::url::{Piece, Reader, is_absolute, read_method};

mod clients;
mod file_conventions;
mod module_routes;
mod mounts;
mod path_branches;
pub(crate) mod routes;

pub(crate) use clients::call_entry_matches;
pub use clients::{UrlPrefix, client_units};
pub(crate) use mounts::created_router;
pub use mounts::{Prefix, global_prefixes, router_of, with_global_prefix};
pub use path_branches::expand as with_path_branches;
pub(crate) use routes::class_prefix_of;
pub use routes::handler_units;

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
    /// The path of the route's mount when routes seam cannot read may be added under it (a
    /// router extended at run time): `metadata.http.openMount`.
    pub open_mount: Option<String>,
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
    /// For a layered unit, the client call inside the innermost wrapper (where the request
    /// is sent): two readings at one call are one request only when they meet there.
    pub inner: Option<(usize, ExprId)>,
    /// The URL is relative to the page the file is part of (`""`, `?/save`): `path` is what
    /// it adds to the page's path (see [`relative_url`]), resolved once the routes are known.
    pub page_relative: bool,
    /// Read from a call shape alone (see `seam_packs::ClientCall::fallback`), directly or
    /// through a wrapper: any other unit at the same call replaces it.
    pub fallback: bool,
    /// A call of a wrapper that sends what its caller passes but reads the response itself
    /// (neither returns nor forwards it): the statuses are judged at the request inside.
    pub read_inside: bool,
    /// The failures a response interceptor of the call's client handles (see
    /// [`crate::failure_interceptors`]).
    pub failures: Option<crate::failure_interceptors::HandledFailures>,
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
pub(crate) fn anchor_ok(pattern: &PatternNode, name: Option<&str>) -> bool {
    pattern
        .call_anchor()
        .is_none_or(|anchor| name == Some(anchor))
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
            .map(|x| method_of_element(reader, file, *x))
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
                ArrayElement::Expr(x) => method_of_element(reader, file, *x),
                _ => None,
            })
            .collect();
        out.dedup();
        return out;
    }
    vec![read_method(reader, value, file, caps)]
}

/// One method of a list: its value, or else the name it is written with when that name is an
/// HTTP method's (an enumeration's member from outside the repository, `RequestMethod.POST`, or
/// a name imported from one, `POST`).
fn method_of_element(reader: &Reader, file: usize, expr: ExprId) -> Option<String> {
    if let Some(m) = reader.constant(file, expr) {
        return Some(m.to_ascii_uppercase());
    }
    let model = reader.files.model(file);
    let name = match &model.expr(expr).kind {
        ExprKind::Ident { name, .. } => name.as_str(),
        ExprKind::Member {
            property: MemberProp::Name(name),
            ..
        } => name.as_str(),
        _ => return None,
    };
    const HTTP_METHODS: [&str; 8] = [
        "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE",
    ];
    HTTP_METHODS.contains(&name).then(|| name.to_owned())
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

/// Whether the pack discovers handlers or clients.
pub fn is_handler_pack(pack: &Pack) -> bool {
    pack.kind == UnitKind::Handler
}
