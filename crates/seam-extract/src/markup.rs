//! Values a page's scripts read from the markup a server rendered: an element attribute
//! (`document.getElementById("events").dataset.statusUrl`, `$("#log").data("url")`,
//! `this.dataset.url` in a handler registered on `$("#transfer-btn")`) has the value the
//! project's page templates write into it, and a template tag naming a route
//! (`{% url 'hc-status-single' check.code %}`) writes that route's path. seam-lang lowers each
//! template attribute as `HTMLElement.attribute(selector, name, value)`; the packs' `markup:`
//! sections say which script expressions read attributes and which tags name routes.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use seam_lang::model::{ExprId, ExprKind, FunctionKind, LiteralValue, Model, StmtKind};
use seam_lang::project::server_templates::{ELEMENT_ATTRIBUTE, template_language};
use seam_packs::{Capture, Captures, LanguageFamily, match_expr};

use crate::files::{Files, enclosing_function};
use crate::url::{Piece, Reader};

/// The packs' markup knowledge and the project's template attributes.
#[derive(Debug, Default)]
pub struct Markup {
    /// Every loaded pack's `markup:` section, with the languages its patterns are written in.
    pub packs: Vec<(LanguageFamily, seam_packs::Markup)>,
    /// Route name → the paths of the routes given that name (several when the arguments of
    /// a tag writing it choose among them), set once the routes are known.
    pub routes: OnceLock<BTreeMap<String, Vec<String>>>,
    attributes: crate::consulted::Lazy<Vec<Attribute>>,
}

/// One attribute of a template element.
#[derive(Debug)]
struct Attribute {
    file: usize,
    element: Compound,
    name: String,
    value: ExprId,
}

/// A compound selector (`tr#id.a.b`): what one element must be.
#[derive(Debug, Default, PartialEq)]
struct Compound {
    tag: Option<String>,
    id: Option<String>,
    classes: Vec<String>,
}

impl Compound {
    fn parse(s: &str) -> Option<Compound> {
        let mut out = Compound::default();
        let mut rest = s.trim();
        let head_end = rest.find(['#', '.']).unwrap_or(rest.len());
        if head_end > 0 {
            out.tag = Some(rest[..head_end].to_ascii_lowercase());
        }
        rest = &rest[head_end..];
        while let Some(kind) = rest.chars().next() {
            let end = rest[1..].find(['#', '.']).map_or(rest.len(), |e| e + 1);
            let name = rest[1..end].to_owned();
            if name.is_empty()
                || !name
                    .chars()
                    .all(|c| c.is_alphanumeric() || "-_".contains(c))
            {
                return None;
            }
            if kind == '#' {
                out.id = Some(name);
            } else {
                out.classes.push(name);
            }
            rest = &rest[end..];
        }
        (out.tag
            .as_deref()
            .is_none_or(|t| t.chars().all(|c| c.is_ascii_alphanumeric()))
            && out != Compound::default())
        .then_some(out)
    }

    /// Whether an element written as `element` is one this selector chooses.
    fn chooses(&self, element: &Compound) -> bool {
        self.tag
            .as_ref()
            .is_none_or(|t| element.tag.as_ref() == Some(t))
            && self
                .id
                .as_ref()
                .is_none_or(|i| element.id.as_ref() == Some(i))
            && self.classes.iter().all(|c| element.classes.contains(c))
    }
}

/// The element a selector chooses: its last compound (`.rw .edit-checks` chooses elements
/// with the class `edit-checks`; the ancestors narrow it no further here). `None` for a list
/// of selectors or one with pseudo-classes or attributes.
fn chosen(selector: &str) -> Option<Compound> {
    if selector.contains([',', ':', '[', '*']) {
        return None;
    }
    Compound::parse(
        selector
            .split([' ', '>', '+', '~'])
            .rfind(|s| !s.is_empty())?,
    )
}

impl Markup {
    fn attributes(&self, files: &Files) -> &[Attribute] {
        self.attributes.get_or_init(|| {
            let mut out = Vec::new();
            for file in 0..files.count() {
                let model = files.model(file);
                if template_language(&model.path).is_none() {
                    continue;
                }
                for &s in &model.body {
                    if let StmtKind::Expr { expr } = model.stmt(s).kind
                        && let Some(a) = lowered_attribute(model, file, expr)
                    {
                        out.push(a);
                    }
                }
            }
            out
        })
    }
}

/// `HTMLElement.attribute(selector, name, value)` as seam-lang lowers a template attribute.
fn lowered_attribute(model: &Model, file: usize, expr: ExprId) -> Option<Attribute> {
    let ExprKind::Call { callee, args, .. } = &model.expr(expr).kind else {
        return None;
    };
    if model.member_chain(*callee)? != [ELEMENT_ATTRIBUTE.0, ELEMENT_ATTRIBUTE.1] {
        return None;
    }
    let [selector, name, value] = &args[..] else {
        return None;
    };
    Some(Attribute {
        file,
        element: Compound::parse(string(model, selector.value)?)?,
        name: string(model, name.value)?.to_owned(),
        value: value.value,
    })
}

fn string(model: &Model, expr: ExprId) -> Option<&str> {
    match &model.expr(expr).kind {
        ExprKind::Literal {
            value: LiteralValue::String { value },
        } => Some(value),
        _ => None,
    }
}

/// `statusUrl` (a `dataset` key) or `status-url` (jQuery's `.data()` takes both) as the
/// attribute `data-status-url`.
fn data_attribute(key: &str) -> String {
    let mut out = String::from("data-");
    for c in key.chars() {
        if c.is_ascii_uppercase() {
            out.push('-');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// Reads `expr` when it is a markup value: a route named in a template tag, or an element
/// attribute a script reads. False when it is neither (or nothing in the project says).
pub fn read(reader: &Reader, file: usize, expr: ExprId, hops: usize, out: &mut Vec<Piece>) -> bool {
    let files = reader.files;
    let markup = &files.markup;
    if markup.packs.is_empty() {
        return false;
    }
    let model = files.model(file);
    if template_language(&model.path).is_some() {
        return route_url(reader, file, expr, out);
    }
    for (family, pack) in &markup.packs {
        if !family.includes(model.language) {
            continue;
        }
        for r in &pack.reads {
            let mut c = Captures::new();
            if !match_expr(model, &r.pattern, expr, &mut c) {
                continue;
            }
            let text = |meta: &Option<String>| -> Option<String> {
                match c.get(meta.as_ref()?)? {
                    Capture::Name(n, _) => Some(n.clone()),
                    Capture::Expr(e) => reader.constant(file, *e),
                    Capture::List(_) => None,
                }
            };
            let element = match (text(&r.id), text(&r.selector)) {
                (Some(id), _) => Compound::parse(&format!("#{id}")),
                (None, Some(selector)) => chosen(&selector),
                (None, None) if r.id.is_none() && r.selector.is_none() => {
                    handler_element(reader, file, expr)
                }
                _ => None,
            };
            let name = match (text(&r.attribute), text(&r.data)) {
                (Some(a), _) => Some(a.to_ascii_lowercase()),
                (None, Some(d)) => Some(data_attribute(&d)),
                _ => None,
            };
            let (Some(element), Some(name)) = (element, name) else {
                return false;
            };
            return attribute_value(reader, &element, &name, hops, out);
        }
    }
    false
}

/// The value every attribute `name` of the elements `element` chooses has, when they agree.
fn attribute_value(
    reader: &Reader,
    element: &Compound,
    name: &str,
    hops: usize,
    out: &mut Vec<Piece>,
) -> bool {
    let mut agreed: Option<Vec<Piece>> = None;
    for a in reader.files.markup.attributes(reader.files) {
        if a.name != name || !element.chooses(&a.element) {
            continue;
        }
        let mut pieces = Vec::new();
        reader.read(a.file, a.value, hops.saturating_sub(1), &mut pieces);
        match &agreed {
            None => agreed = Some(pieces),
            // Pages that write different values: the script's value is not one of them.
            Some(first) if *first != pieces => return false,
            Some(_) => {}
        }
    }
    match agreed {
        Some(pieces) => {
            out.extend(pieces);
            true
        }
        None => false,
    }
}

/// The element `this` is inside the handler around `expr`, when a pack's handler call
/// registered that handler on the elements a selector chooses.
fn handler_element(reader: &Reader, file: usize, expr: ExprId) -> Option<Compound> {
    let files = reader.files;
    let model = files.model(file);
    // An arrow function's `this` is its parent's.
    let mut function = enclosing_function(model, model.expr(expr).span)?;
    while model.function(function).kind == FunctionKind::Arrow {
        function = model.function(function).parent?;
    }
    let written = model
        .exprs
        .iter()
        .position(|e| matches!(e.kind, ExprKind::Function { function: f } if f == function))?;
    for (family, pack) in &files.markup.packs {
        if !family.includes(model.language) {
            continue;
        }
        for h in &pack.handlers {
            for (i, e) in model.exprs.iter().enumerate() {
                let ExprKind::Call { args, .. } = &e.kind else {
                    continue;
                };
                if !args.iter().any(|a| a.value.index() == written) {
                    continue;
                }
                let call = ExprId::from_index(i);
                let mut c = Captures::new();
                if match_expr(model, &h.pattern, call, &mut c)
                    && c.get(&h.handler).and_then(|h| h.expr()).map(|h| h.index()) == Some(written)
                    && let Some(selector) = c.get(&h.selector).and_then(|s| s.expr())
                    && let Some(selector) = reader.constant(file, selector)
                {
                    return chosen(&selector);
                }
            }
        }
    }
    None
}

/// A template tag writing a route's URL by name: the route's path, its parameters as holes.
/// Of several routes given one name, the one whose parameters the tag's arguments fill, as
/// Django's `reverse` chooses (`{% url 'script' pk %}` for `scripts/<int:pk>/` rather than
/// `scripts/<str:module>.<str:name>/`).
fn route_url(reader: &Reader, file: usize, expr: ExprId, out: &mut Vec<Piece>) -> bool {
    let files = reader.files;
    let model = files.model(file);
    for (_, pack) in &files.markup.packs {
        for u in &pack.route_urls {
            let mut c = Captures::new();
            if !match_expr(model, &u.pattern, expr, &mut c) {
                continue;
            }
            let Some(name) = c.get(&u.name).and_then(|n| n.expr()) else {
                continue;
            };
            // The tag's arguments: those `$$$ARGS` takes by position, then its keyword ones
            // (`pk=object.pk`), which a pattern's `$$$` leaves out.
            let mut arguments: Vec<(Option<&str>, ExprId)> = u
                .arguments
                .as_ref()
                .and_then(|a| match c.get(a)? {
                    Capture::List(l) => Some(l.iter().map(|e| (None, *e)).collect()),
                    _ => None,
                })
                .unwrap_or_default();
            if u.arguments.is_some()
                && let ExprKind::Call { args, .. } = &model.expr(expr).kind
            {
                arguments.extend(
                    args.iter()
                        .filter_map(|a| a.name.as_deref().map(|k| (Some(k), a.value))),
                );
            }
            let routes = files.markup.routes.get();
            crate::consulted::entry(|| crate::consulted::Fact::PageRoutes, &routes);
            let Some(path) = string(model, name)
                .and_then(|n| named_route(routes?, n))
                .and_then(|candidates| chosen_route(candidates, &arguments))
            else {
                return false;
            };
            let mut pieces = path_pieces(path);
            // `{% url 'hc-ping-details' check.code '0' %}`: a literal argument is its
            // parameter's text.
            let parameters = parameters(path, &arguments);
            let mut hole = 0;
            for piece in &mut pieces {
                if let Piece::Hole(_) = piece {
                    if let Some(text) = parameters
                        .iter()
                        .find(|(at, _)| *at == hole)
                        .and_then(|(_, a)| string(model, *a))
                    {
                        *piece = Piece::Text(text.to_owned());
                    }
                    hole += 1;
                }
            }
            out.extend(pieces);
            return true;
        }
    }
    false
}

/// The names of a path's holes, in order.
fn hole_names(path: &str) -> Vec<String> {
    path_pieces(path)
        .into_iter()
        .filter_map(|p| match p {
            Piece::Hole(h) => Some(h),
            _ => None,
        })
        .collect()
}

/// Whether a tag's arguments fill the parameters of `path`: its holes, or those after a
/// leading prefix segment the code reads from settings (`/{BASE_PATH}/x/{pk}`), by count
/// when given by position and by name when given by keyword.
fn fits(path: &str, arguments: &[(Option<&str>, ExprId)]) -> bool {
    if arguments.is_empty() {
        return hole_names(path).is_empty() || hole_names(without_leading_hole(path)).is_empty();
    }
    !parameters(path, arguments).is_empty()
}

/// The hole (its index among the path's holes) each argument fills; empty when the
/// arguments do not fill the path's parameters.
fn parameters(path: &str, arguments: &[(Option<&str>, ExprId)]) -> Vec<(usize, ExprId)> {
    if arguments.is_empty() {
        return Vec::new();
    }
    let holes = hole_names(path);
    // The parameters: every hole, or every one after a leading prefix hole.
    let skips: &[usize] = if without_leading_hole(path) == path {
        &[0]
    } else {
        &[0, 1]
    };
    for &skip in skips {
        let own = &holes[skip.min(holes.len())..];
        if arguments.iter().all(|(k, _)| k.is_none()) {
            if own.len() == arguments.len() {
                return arguments
                    .iter()
                    .enumerate()
                    .map(|(i, (_, a))| (skip + i, *a))
                    .collect();
            }
        } else if own.len() == arguments.len() {
            let found: Option<Vec<(usize, ExprId)>> = arguments
                .iter()
                .map(|(k, a)| {
                    let k = (*k)?;
                    own.iter().position(|h| h == k).map(|i| (skip + i, *a))
                })
                .collect();
            if let Some(found) = found {
                return found;
            }
        }
    }
    Vec::new()
}

/// Of the paths a name gives, the one the arguments choose: the only one, or the only one
/// whose parameters they fill.
fn chosen_route<'r>(
    candidates: &'r [String],
    arguments: &[(Option<&str>, ExprId)],
) -> Option<&'r String> {
    if let [one] = candidates {
        return Some(one);
    }
    let mut fitting = candidates.iter().filter(|p| fits(p, arguments));
    let one = fitting.next()?;
    fitting.next().is_none().then_some(one)
}

/// `/checks/{code}/status/` as text and holes.
fn path_pieces(path: &str) -> Vec<Piece> {
    let mut out = Vec::new();
    let mut rest = path;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        out.push(Piece::Text(rest[..open].to_owned()));
        out.push(Piece::Hole(rest[open + 1..open + close].to_owned()));
        rest = &rest[open + close + 1..];
    }
    out.push(Piece::Text(rest.to_owned()));
    out
}

impl Markup {
    /// Records route name → paths from the handler units whose registration names them (the
    /// keyword argument a pack's `markup.routeNames` gives, `path(…, name="x")`), or, for a
    /// pack with `markup.functionNames`, the handler function's name; a router a pack's
    /// `markup.routerNames` names puts its name in front (`editbook.edit_book`), and the
    /// namespace the registering file declares (`markup.routeNamespace`, `app_name =
    /// "dcim"`) gives the name a second spelling, `dcim:site_list`. A name without its
    /// namespace given to routes of several namespaces at different paths names none of them.
    pub(crate) fn set_routes(
        &self,
        files: &Files,
        packs: &[seam_packs::Pack],
        units: &[crate::Unit],
    ) {
        // Name → path → the namespaces it is registered in.
        let mut out: BTreeMap<String, BTreeMap<String, BTreeSet<Option<String>>>> = BTreeMap::new();
        for unit in units {
            let crate::Unit::Handler(h) = unit else {
                continue;
            };
            let markup = &packs[h.pack].markup;
            let Some(path) = &h.path else {
                continue;
            };
            let model = files.model(h.file);
            let written = markup
                .route_names
                .as_deref()
                .and_then(|keyword| registration_name(model, h.registration, keyword));
            let name = written.or_else(|| {
                let function = h.function.filter(|_| markup.function_names)?;
                files.model(h.handler_file).function(function).name.clone()
            });
            let Some(name) = name else {
                continue;
            };
            let name = match router_name(files, markup, h.file, h.registration) {
                Some(router) => format!("{router}.{name}"),
                None => name,
            };
            let namespace = markup
                .route_namespace
                .as_deref()
                .and_then(|variable| module_string(files, h.file, variable));
            if let Some(namespace) = &namespace {
                out.entry(format!("{namespace}:{name}"))
                    .or_default()
                    .entry(path.clone())
                    .or_default()
                    .insert(Some(namespace.clone()));
            }
            out.entry(name)
                .or_default()
                .entry(path.clone())
                .or_default()
                .insert(namespace);
        }
        let named = out.into_iter().filter_map(|(name, paths)| {
            // A route served both at its path and under an optional prefix the code reads
            // from settings (`if settings.CONTEXT_PATH: urlpatterns = [path(CONTEXT_PATH,
            // include(urlpatterns))]`) is named at its own path.
            let mut own: BTreeMap<&str, Vec<&String>> = BTreeMap::new();
            for p in paths.keys() {
                own.entry(without_leading_hole(p)).or_default().push(p);
            }
            let candidates: Option<Vec<String>> = own
                .into_iter()
                .map(|(own, ps)| match ps.iter().find(|p| p.as_str() == own) {
                    Some(p) => Some((*p).clone()),
                    None if ps.len() == 1 => Some(ps[0].clone()),
                    None => None,
                })
                .collect();
            let candidates = candidates?;
            // Routes of different paths in different namespaces: the name alone names none.
            let namespaces: BTreeSet<&Option<String>> = paths.values().flatten().collect();
            if candidates.len() > 1 && namespaces.len() > 1 {
                return None;
            }
            Some((name, candidates))
        });
        let _ = self.routes.set(named.collect());
    }
}

/// The string a module-level variable of a file is set to (`app_name = "dcim"`).
fn module_string(files: &Files, file: usize, variable: &str) -> Option<String> {
    let binding = files.module_binding(file, variable)?;
    let (f, e) = files.value_of(crate::files::Def::Binding(file, binding))?;
    string(files.model(f), e).map(str::to_owned)
}

/// The name of the router a registration is made on (`bp` in `@bp.route("/x")`), when a
/// pattern of the pack's `markup.routerNames` made it.
fn router_name(
    files: &Files,
    markup: &seam_packs::Markup,
    file: usize,
    registration: seam_lang::model::Span,
) -> Option<String> {
    if markup.router_names.is_empty() {
        return None;
    }
    let model = files.model(file);
    let ExprKind::Call { callee, .. } = &model.expr(registration_call(model, registration)?).kind
    else {
        return None;
    };
    let ExprKind::Member { object, .. } = &model.expr(*callee).kind else {
        return None;
    };
    let object = *object;
    let (vf, ve) = files.value_of(files.definition(file, object)?)?;
    let made = files.model(vf);
    markup.router_names.iter().find_map(|r| {
        let mut c = Captures::new();
        if !match_expr(made, &r.pattern, ve, &mut c) {
            return None;
        }
        string(made, c.get(&r.name)?.expr()?).map(str::to_owned)
    })
}

/// The route a name written in a template names: the name itself, a name in an app's
/// namespace (`'linkding:bookmarks.new'`, which the registration spells without it), or a
/// name under routers registered on other routers (`'ui.ui_edit.preview'`, a Flask blueprint
/// nested in another: the inner one's name and the route's).
fn named_route<'r>(routes: &'r BTreeMap<String, Vec<String>>, name: &str) -> Option<&'r [String]> {
    if let Some(paths) = routes.get(name) {
        return Some(paths);
    }
    if let Some((_, local)) = name.rsplit_once(':') {
        return routes.get(local).map(Vec::as_slice);
    }
    let mut rest = name;
    while let Some((_, inner)) = rest.split_once('.') {
        // `'.edit'`: a name relative to the page's own router, which the template does not say.
        if inner.is_empty() || rest.starts_with('.') {
            return None;
        }
        if inner.contains('.')
            && let Some(paths) = routes.get(inner)
        {
            return Some(paths);
        }
        rest = inner;
    }
    None
}

/// `/{context}/bookmarks/new` → `/bookmarks/new`: a path without its leading hole segment.
fn without_leading_hole(path: &str) -> &str {
    match path.strip_prefix("/{") {
        Some(rest) => match rest.find('}') {
            Some(close) if rest[close + 1..].starts_with('/') => &rest[close + 1..],
            _ => path,
        },
        None => path,
    }
}

/// The call a registration is: the call written at `span`, or the outermost call inside it
/// (a decorator's span holds its `@`).
fn registration_call(model: &Model, span: seam_lang::model::Span) -> Option<ExprId> {
    let calls = model
        .exprs
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e.kind, ExprKind::Call { .. }) && span.contains(e.span));
    let mut best: Option<(usize, seam_lang::model::Span)> = None;
    for (i, e) in calls {
        if best.is_none_or(|(_, b)| e.span.contains(b) && e.span != b) {
            best = Some((i, e.span));
        }
    }
    best.map(|(i, _)| ExprId::from_index(i))
}

/// The string keyword argument `keyword` of the call written at `span`.
fn registration_name(model: &Model, span: seam_lang::model::Span, keyword: &str) -> Option<String> {
    let ExprKind::Call { args, .. } = &model.expr(registration_call(model, span)?).kind else {
        return None;
    };
    let arg = args.iter().find(|a| a.name.as_deref() == Some(keyword))?;
    string(model, arg.value).map(str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selectors_choose_by_their_last_compound() {
        let tr = Compound::parse("tr.on").unwrap();
        assert!(chosen(".details-integrations.rw tr").unwrap().chooses(&tr));
        assert!(!chosen("#log").unwrap().chooses(&tr));
        let button = Compound::parse("button#transfer-btn.btn.btn-sm").unwrap();
        assert!(chosen("#transfer-btn").unwrap().chooses(&button));
        assert!(chosen("div > .btn.btn-sm").unwrap().chooses(&button));
        assert_eq!(chosen("a, b"), None);
        assert_eq!(data_attribute("statusUrl"), "data-status-url");
        assert_eq!(data_attribute("status-url"), "data-status-url");
    }

    #[test]
    fn a_leading_hole_segment_is_an_optional_prefix() {
        assert_eq!(
            without_leading_hole("/{CONTEXT_PATH}/tags/new"),
            "/tags/new"
        );
        assert_eq!(without_leading_hole("/tags/{id}"), "/tags/{id}");
        assert_eq!(without_leading_hole("/{id}"), "/{id}");
    }
}
