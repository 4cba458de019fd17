//! Scripts of server-rendered pages: a view that renders a template (`render(request,
//! "front/details.html", ctx)`) serves the page at its route, and the template's `<script
//! src="{% static 'js/details.js' %}">` tags say which scripts run on it. A URL such a script
//! writes relative to its page (`"../pings/" + n + "/"`, `"?refresh=1"`,
//! `window.location.href`) is resolved against that route.

use std::collections::{BTreeMap, BTreeSet};

use seam_lang::model::{ExprId, ExprKind, LiteralValue, MemberProp, Model};
use seam_lang::project::server_templates::{ELEMENT_ATTRIBUTE, template_language};

use crate::discover::HandlerUnit;
use crate::files::Files;

/// Script file → the paths of the pages that load it.
pub type ScriptPages = BTreeMap<usize, BTreeSet<String>>;

/// The pages each script of the project runs on, through the templates the handlers render.
pub fn script_pages<'u>(
    files: &Files,
    handlers: impl Iterator<Item = &'u HandlerUnit>,
) -> ScriptPages {
    let mut out = ScriptPages::new();
    let mut scripts_of: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for h in handlers {
        let (Some(function), Some(path)) = (h.function, &h.path) else {
            continue;
        };
        // A page is fetched with GET (a view that also takes a POST still serves the page).
        if h.method.as_deref().is_some_and(|m| m != "GET" && m != "*") {
            continue;
        }
        for template in rendered_templates(files, h.handler_file, function) {
            let scripts = scripts_of
                .entry(template)
                .or_insert_with(|| loaded_scripts(files, template));
            for &script in scripts.iter() {
                out.entry(script).or_default().insert(path.clone());
            }
        }
    }
    out
}

/// The template files a handler function names as a string literal argument of a call
/// (`render(request, "front/details.html")`): a project file whose path ends with that name.
fn rendered_templates(
    files: &Files,
    file: usize,
    function: seam_lang::model::FuncId,
) -> Vec<usize> {
    let model = files.model(file);
    let span = model.function(function).span;
    let mut out = Vec::new();
    for e in &model.exprs {
        let ExprKind::Call { args, .. } = &e.kind else {
            continue;
        };
        if !span.contains(e.span) {
            continue;
        }
        for a in args {
            let ExprKind::Literal {
                value: LiteralValue::String { value },
            } = &model.expr(a.value).kind
            else {
                continue;
            };
            if template_language(value).is_none() || value.contains(char::is_whitespace) {
                continue;
            }
            if let Some(t) = unique_file_ending(files, value) {
                out.push(t);
            }
        }
    }
    out
}

/// The one project file whose path is `name` or ends with `/name`.
fn unique_file_ending(files: &Files, name: &str) -> Option<usize> {
    let name = name.trim_start_matches('/');
    let suffix = format!("/{name}");
    let mut found = (0..files.count()).filter(|&f| {
        let path = &files.model(f).path;
        path == name || path.ends_with(&suffix)
    });
    let first = found.next()?;
    found.next().is_none().then_some(first)
}

/// The script files a template's `<script src>` tags load: the last `.js` path written in the
/// attribute (`{% static 'js/details.js' %}`, `/static/js/app.js`), as a project file.
fn loaded_scripts(files: &Files, template: usize) -> Vec<usize> {
    let model = files.model(template);
    let mut out = Vec::new();
    for e in &model.exprs {
        let ExprKind::Call { callee, args, .. } = &e.kind else {
            continue;
        };
        if !is_element_attribute(model, *callee) {
            continue;
        }
        let [_, name, value] = &args[..] else {
            continue;
        };
        if !matches!(&model.expr(name.value).kind,
            ExprKind::Literal { value: LiteralValue::String { value } } if value == "src")
        {
            continue;
        }
        let mut texts = Vec::new();
        literal_texts(model, value.value, &mut texts);
        if let Some(script) = texts
            .iter()
            .rev()
            .find(|t| t.ends_with(".js"))
            .and_then(|t| unique_file_ending(files, t))
        {
            out.push(script);
        }
    }
    out
}

fn is_element_attribute(model: &Model, callee: ExprId) -> bool {
    matches!(&model.expr(callee).kind, ExprKind::Member {
        object,
        property: MemberProp::Name(p),
        ..
    } if p == ELEMENT_ATTRIBUTE.1
        && matches!(&model.expr(*object).kind, ExprKind::Ident { name, .. } if name == ELEMENT_ATTRIBUTE.0))
}

/// Every string literal of a lowered attribute value, in order.
fn literal_texts(model: &Model, expr: ExprId, out: &mut Vec<String>) {
    match &model.expr(expr).kind {
        ExprKind::Literal {
            value: LiteralValue::String { value },
        } => out.push(value.to_string()),
        ExprKind::Call { args, .. } => {
            for a in args {
                literal_texts(model, a.value, out);
            }
        }
        ExprKind::Binary { left, right, .. } => {
            literal_texts(model, *left, out);
            literal_texts(model, *right, out);
        }
        ExprKind::Template(boxed) => {
            let seam_lang::model::TemplateExpr { quasis, exprs, .. } = &**boxed;
            out.extend(quasis.iter().cloned());
            for e in exprs {
                literal_texts(model, *e, out);
            }
        }
        _ => {}
    }
}

/// Whether `expr` reads the address of the page the script runs on (`window.location.href`,
/// `location.href`, `document.location.href`), with the browser's globals not shadowed.
pub fn is_page_address(model: &Model, expr: ExprId) -> bool {
    let ExprKind::Member {
        property: MemberProp::Name(p),
        ..
    } = &model.expr(expr).kind
    else {
        return false;
    };
    if p != "href" {
        return false;
    }
    let Some(chain) = model.member_chain(expr) else {
        return false;
    };
    let global_root = {
        let mut root = expr;
        while let ExprKind::Member { object, .. } = &model.expr(root).kind {
            root = *object;
        }
        matches!(
            &model.expr(root).kind,
            ExprKind::Ident { binding: None, .. }
        )
    };
    global_root
        && matches!(
            chain[..],
            ["window", "location", "href"]
                | ["location", "href"]
                | ["document", "location", "href"]
        )
}

/// A relative URL resolved against the page path it is requested from, as a browser does:
/// `?q` is the page itself, `x` and `../x` are taken from the page's folder.
pub fn resolve(page: &str, own: &str) -> String {
    let own = own.trim_start_matches("./");
    if own.is_empty() || own.starts_with('?') || own.starts_with('#') {
        return page.to_owned();
    }
    let folder = page.rsplit_once('/').map_or("", |(f, _)| f);
    let mut segments: Vec<&str> = folder.split('/').filter(|s| !s.is_empty()).collect();
    let mut rest = own;
    loop {
        if let Some(r) = rest.strip_prefix("../") {
            segments.pop();
            rest = r;
        } else if let Some(r) = rest.strip_prefix("./") {
            rest = r;
        } else {
            break;
        }
    }
    let mut out = String::new();
    for s in segments {
        out.push('/');
        out.push_str(s);
    }
    out.push('/');
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::resolve;

    #[test]
    fn relative_urls_resolve_against_their_page() {
        assert_eq!(
            resolve("/checks/{code}/details/", "../pings/{n}/"),
            "/checks/{code}/pings/{n}/"
        );
        assert_eq!(resolve("/", "?refresh=1"), "/");
        assert_eq!(resolve("/projects/{code}/", ""), "/projects/{code}/");
        assert_eq!(resolve("/a/b", "c"), "/a/c");
    }
}
