//! Route lists: routes declared as the elements of a list literal
//! (`urlpatterns = [path("items/", views.items), path("api/", include("app.urls"))]`).
//!
//! A list is a route list when one of its elements matches an entry of the pack's
//! `routeLists`. An include element mounts a child under its path: a list literal, a name
//! holding one, or a module's dotted name, which stands for that module's top-level route
//! lists (those no other list of the module includes). Prefixes compose through includes
//! across modules, several levels deep; a list nothing includes is a root, at `/`.

use std::collections::{BTreeMap, BTreeSet};

use seam_lang::model::{ArrayElement, ExprId, ExprKind, Span};
use seam_packs::{Capture, Captures, Pack, RouteListEntry, RouteListTarget, match_expr};

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
    /// The handler: a function, or a class whose methods are the handlers.
    pub handler: ExprId,
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
            let ExprKind::Array { elements, .. } = &expr.kind else {
                continue;
            };
            let read: Vec<(usize, Element)> = elements
                .iter()
                .filter_map(|e| match e {
                    ArrayElement::Expr(x) => read_element(reader, &spec.entries, file, *x),
                    _ => None,
                })
                .map(|el| (file, el))
                .collect();
            if !read.is_empty() {
                lists.insert((file, ExprId::from_index(i)), read);
            }
        }
    }
    // Include edges: parent list → (prefix, child list).
    let mut included: BTreeMap<ListKey, Vec<(ListKey, String)>> = BTreeMap::new();
    for (&parent, elements) in &lists {
        for (file, element) in elements {
            if let Element::Include { prefix, child } = element {
                for c in child_lists(files, reader, &lists, *file, *child) {
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
        let prefixes = prefixes_of(&included, key, 0);
        for (file, element) in elements {
            let Element::Route {
                path,
                handler,
                method,
                span,
            } = element
            else {
                continue;
            };
            for prefix in &prefixes {
                out.push(ListRoute {
                    file: *file,
                    span: *span,
                    path: format!("/{}", concat_path(prefix, path)),
                    method: method.clone(),
                    handler: *handler,
                });
            }
        }
    }
    out
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
    reader: &Reader,
    lists: &BTreeMap<ListKey, Vec<(usize, Element)>>,
    file: usize,
    child: ExprId,
) -> Vec<ListKey> {
    let model = files.model(file);
    match &model.expr(child).kind {
        ExprKind::Array { kind, elements } => {
            if lists.contains_key(&(file, child)) {
                return vec![(file, child)];
            }
            // `include((patterns, "app"))`: a tuple whose first element is the list.
            if *kind == seam_lang::model::ArrayKind::Tuple
                && let Some(ArrayElement::Expr(first)) = elements.first()
            {
                return child_lists(files, reader, lists, file, *first);
            }
            return Vec::new();
        }
        ExprKind::Literal { .. } | ExprKind::Template { .. } => {}
        _ => {
            if let Some((vf, ve)) = files
                .definition(file, child)
                .and_then(|d| files.value_of(d))
                && (vf, ve) != (file, child)
                && matches!(files.model(vf).expr(ve).kind, ExprKind::Array { .. })
            {
                return child_lists(files, reader, lists, vf, ve);
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
    let in_module: Vec<ListKey> = lists
        .keys()
        .filter(|(f, _)| *f == module)
        .copied()
        .collect();
    // Lists the module includes itself (by literal or by name, not by module name, so a
    // cycle of modules cannot recurse) are not its top level.
    let nested: BTreeSet<ListKey> = in_module
        .iter()
        .flat_map(|k| &lists[k])
        .filter_map(|(f, el)| match el {
            Element::Include { child, .. } => local_list(files, lists, *f, *child),
            _ => None,
        })
        .collect();
    in_module
        .into_iter()
        .filter(|k| !nested.contains(k))
        .collect()
}

/// The route list an include's child is when it is a list literal or a name holding one.
fn local_list(
    files: &Files,
    lists: &BTreeMap<ListKey, Vec<(usize, Element)>>,
    file: usize,
    child: ExprId,
) -> Option<ListKey> {
    if lists.contains_key(&(file, child)) {
        return Some((file, child));
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
    }

    #[test]
    fn prefixes_concatenate_like_the_framework() {
        assert_eq!(concat_path("api/", "items/"), "api/items/");
        assert_eq!(concat_path("", "items/"), "items/");
        assert_eq!(concat_path("api", "items"), "api/items");
        assert_eq!(concat_path("api/", ""), "api/");
    }
}
