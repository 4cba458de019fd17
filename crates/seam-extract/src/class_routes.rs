//! Routes whose handlers are methods of controller classes (a pack's `classRoutes:`), the
//! groups that put routes under a prefix, and resource routes.
//!
//! - **Handlers.** A route's handler written as `[Class, "method"]` is that method of the class
//!   (or of a project ancestor); a class alone is its `invokable` method; a text
//!   `"Class@method"` (with the pack's `separator`) the method of the project class of that
//!   name (its namespace, when written, chooses among classes of the same name); a text without
//!   the separator inside a group naming a controller (`Route::controller(C::class)->group(…)`)
//!   the method of that controller. A handler of one of these shapes whose class or method the
//!   project does not declare is still a route, with an unread handler.
//! - **Groups.** A group call's function argument registers its routes under the group's
//!   prefix (read from prefix calls in the chain the group call is made on, or from a key of an
//!   options object), nested groups one after the other. A group whose argument is a route
//!   file's path (`base_path('routes/api.php')`), or whose function `require`s one, serves that
//!   file's routes under its prefix; a route file no group names is under the pack's default
//!   prefix for it, if any.
//! - **Resources.** A resource call declares its controller's standard actions, each at the
//!   resource's path (`photos`, nested `albums.songs` as `albums/{album}/songs`) and the
//!   action's own path, its `{param}` the resource's last name made singular; chained calls
//!   listing actions to keep (`only`) or leave out (`except`) limit them. A controller the
//!   project declares serves only the actions it (or a project ancestor) has a method for.
//! - **Optional parameters.** A path ending with optional parameters (`posts/{post}/{comment?}`)
//!   is a route with them and one without each (the path up to it); an optional parameter
//!   followed by more path is required, as Laravel's routing makes it.

use std::collections::BTreeMap;

use seam_lang::model::{
    ArrayElement, ExprId, ExprKind, FuncId, Language, LiteralValue, MemberProp, Model, ObjectProp,
    PropKey, Span,
};
use seam_packs::{Capture, Captures, ClassRoutes, Pack, match_expr};

use crate::files::Files;
use crate::url::{Piece, Reader};

/// What a route's handler written as a class's method leads to.
pub enum ClassTarget {
    /// The method, declared in the project.
    Method(usize, FuncId),
    /// The shape of a class's method whose class or method the project does not declare.
    Unread,
}

/// A group: its prefix and the controller its routes default to.
#[derive(Clone, Default)]
struct Group {
    prefix: Vec<Piece>,
    controller: Option<(usize, ExprId)>,
    /// The namespace the group's options give its text handlers, as written.
    namespace: Option<String>,
}

/// What the groups around a route say of its handler: the controller they name and the
/// namespace of its `"Class@method"` text (outermost first, joined with `\`).
#[derive(Debug, Clone, Default)]
pub struct HandlerContext {
    pub controller: Option<(usize, ExprId)>,
    pub namespace: Option<String>,
}

/// The groups of a pack's files.
#[derive(Default)]
pub struct Groups {
    /// The functions group calls are given, by (file, function).
    functions: BTreeMap<(usize, FuncId), Group>,
    /// Route files a group serves (their path as written, normalised) with its prefix (the
    /// prefixes of the groups around the group call first).
    route_files: Vec<(String, Vec<Piece>)>,
}

/// The groups of the pack's files `on`.
pub fn groups(
    files: &Files,
    pack: &Pack,
    reader: &Reader,
    on: &std::collections::BTreeSet<usize>,
) -> Groups {
    let mut out = Groups::default();
    let Some(spec) = &pack.class_routes else {
        return out;
    };
    if spec.groups.is_empty() {
        return out;
    }
    let mut file_groups: Vec<(usize, Span, String, Group)> = Vec::new();
    for &file in on {
        let model = files.model(file);
        for crate::files::NamedCall { call, .. } in files.calls(file) {
            for g in &spec.groups {
                let mut caps = Captures::new();
                if !match_expr(model, &g.pattern, call, &mut caps) {
                    continue;
                }
                let Some(child) = caps.get(&g.child).and_then(Capture::expr) else {
                    continue;
                };
                let mut group = Group::default();
                // Prefixes and controllers of the chain the call is made on, innermost last.
                let mut chain = Vec::new();
                let mut at = call;
                for _ in 0..32 {
                    let ExprKind::Call { callee, args, .. } = &model.expr(at).kind else {
                        break;
                    };
                    let ExprKind::Member {
                        object,
                        property: MemberProp::Name(name),
                        ..
                    } = &model.expr(*callee).kind
                    else {
                        break;
                    };
                    if at != call {
                        chain.push((name.to_string(), args.first().map(|a| a.value)));
                    }
                    at = *object;
                }
                for (name, arg) in chain.iter().rev() {
                    let Some(arg) = *arg else { continue };
                    if g.chain_prefix.iter().any(|n| n.eq_ignore_ascii_case(name)) {
                        group.prefix = join(&[group.prefix.clone(), reader.pieces(file, arg)]);
                    }
                    if g.chain_controller
                        .iter()
                        .any(|n| n.eq_ignore_ascii_case(name))
                    {
                        group.controller = Some((file, arg));
                    }
                }
                if let (Some(options), Some(key)) = (
                    g.options
                        .as_ref()
                        .and_then(|o| caps.get(o))
                        .and_then(Capture::expr),
                    &g.prefix_key,
                ) && let Some(value) = object_key(model, options, key)
                {
                    group.prefix = join(&[group.prefix.clone(), reader.pieces(file, value)]);
                }
                if let (Some(options), Some(key)) = (
                    g.options
                        .as_ref()
                        .and_then(|o| caps.get(o))
                        .and_then(Capture::expr),
                    &g.namespace_key,
                ) && let Some(value) = object_key(model, options, key)
                {
                    group.namespace = reader.constant(file, value);
                }
                match &model.expr(child).kind {
                    ExprKind::Function { function } => {
                        // A function that loads route files serves them under the group.
                        for path in required_files(files, spec, reader, file, *function) {
                            file_groups.push((file, model.expr(call).span, path, group.clone()));
                        }
                        out.functions.insert((file, *function), group);
                    }
                    _ => {
                        if let Some(path) = route_file_text(model, spec, reader, file, child) {
                            file_groups.push((file, model.expr(call).span, path, group));
                        }
                    }
                }
                break;
            }
        }
    }
    for (file, span, path, group) in file_groups {
        let mut prefix = out.enclosing(files, file, span).0;
        prefix.push(group.prefix);
        out.route_files.push((path, join(&prefix)));
    }
    out
}

impl Groups {
    /// The prefixes (outermost first) and the controller of the groups whose functions hold
    /// `span` in `file`.
    fn enclosing(
        &self,
        files: &Files,
        file: usize,
        span: Span,
    ) -> (Vec<Vec<Piece>>, HandlerContext) {
        let model = files.model(file);
        let mut prefixes = Vec::new();
        let mut context = HandlerContext::default();
        // Innermost first; a namespace written from the root (`\App\X`) ends the nesting.
        let mut namespaces: Vec<&str> = Vec::new();
        let mut rooted = false;
        let mut at = model.enclosing_function(span);
        let mut hops = 0;
        while let Some(f) = at {
            if let Some(g) = self.functions.get(&(file, f)) {
                prefixes.push(g.prefix.clone());
                if context.controller.is_none() {
                    context.controller = g.controller;
                }
                if let Some(ns) = &g.namespace
                    && !rooted
                {
                    namespaces.push(ns.trim_start_matches('\\'));
                    rooted = ns.starts_with('\\');
                }
            }
            hops += 1;
            if hops > 64 {
                break;
            }
            at = model.function(f).parent;
        }
        prefixes.reverse();
        namespaces.reverse();
        let joined: Vec<&str> = namespaces
            .iter()
            .map(|n| n.trim_matches('\\'))
            .filter(|n| !n.is_empty())
            .collect();
        if !joined.is_empty() {
            context.namespace = Some(joined.join("\\"));
        }
        (prefixes, context)
    }

    /// The path of a route registered at `span` in `file` with the path `path`: the prefixes
    /// of its route file and groups in front; and the controller its group names.
    pub fn path(
        &self,
        files: &Files,
        spec: &ClassRoutes,
        file: usize,
        span: Span,
        path: Vec<Piece>,
    ) -> (Vec<Piece>, HandlerContext) {
        let (mut prefixes, context) = self.enclosing(files, file, span);
        let own = &files.model(file).path;
        let served: Vec<&Vec<Piece>> = self
            .route_files
            .iter()
            .filter(|(p, _)| names_file(own, p))
            .map(|(_, prefix)| prefix)
            .collect();
        let file_prefix = match served.first() {
            Some(prefix) => (*prefix).clone(),
            None => spec
                .default_file_prefixes
                .iter()
                .find(|(p, _)| names_file(own, p))
                .map(|(_, prefix)| vec![Piece::Text(prefix.clone())])
                .unwrap_or_default(),
        };
        prefixes.insert(0, file_prefix);
        prefixes.push(path);
        (join(&prefixes), context)
    }

    /// [`Self::path`], then each path its optional parameters allow (`/a/{b?}` is `/a/{b}`
    /// and `/a`).
    pub fn paths(
        &self,
        files: &Files,
        spec: &ClassRoutes,
        file: usize,
        span: Span,
        path: Vec<Piece>,
    ) -> Vec<Vec<Piece>> {
        optional_variants(self.path(files, spec, file, span, path).0)
    }
}

/// A path with its optional parameters (`{name?}`) written as parameters, and, for those at
/// its end (Laravel, like Symfony's routing, makes a parameter optional only when all that
/// follows it is optional too), the path without them (`/a/{b?}/{c?}` is `/a/{b}/{c}`,
/// `/a/{b}` and `/a`).
fn optional_variants(path: Vec<Piece>) -> Vec<Vec<Piece>> {
    let unmark = |t: &str| t.replace("?}", "}");
    let mut full: Vec<Piece> = path
        .iter()
        .map(|p| match p {
            Piece::Text(t) => Piece::Text(unmark(t)),
            other => other.clone(),
        })
        .collect();
    let mut out = Vec::new();
    if let Some(Piece::Text(last)) = path.last() {
        // The optional parameters the path ends with, last first.
        let mut text = last.as_str();
        let mut cuts = Vec::new();
        while let Some(slash) = text.rfind('/') {
            let segment = &text[slash + 1..];
            if !(segment.starts_with('{') && segment.ends_with("?}")) {
                break;
            }
            text = &text[..slash];
            cuts.push(text.to_owned());
        }
        for head in cuts.into_iter().rev() {
            let mut cut = full[..full.len() - 1].to_vec();
            if !head.is_empty() {
                cut.push(Piece::Text(unmark(&head)));
            }
            if cut.is_empty() {
                cut.push(Piece::Text("/".to_owned()));
            }
            out.push(cut);
        }
    }
    out.reverse();
    out.insert(0, std::mem::take(&mut full));
    out.dedup();
    out
}

/// Whether the repository path `file` is the route file `written` (a path relative to the
/// application's root, which may sit in a folder of the repository).
fn names_file(file: &str, written: &str) -> bool {
    file == written
        || file
            .strip_suffix(written)
            .is_some_and(|head| head.ends_with('/'))
}

/// The route file a group's argument or a `require` names, normalised
/// (`__DIR__.'/../routes/api.php'` and `base_path('routes/api.php')` are `routes/api.php`).
fn route_file_text(
    model: &Model,
    spec: &ClassRoutes,
    reader: &Reader,
    file: usize,
    expr: ExprId,
) -> Option<String> {
    let text = match &model.expr(expr).kind {
        ExprKind::Call { callee, args, .. } => {
            let ExprKind::Ident { name, .. } = &model.expr(*callee).kind else {
                return None;
            };
            if !spec.path_functions.iter().any(|f| f == name.as_str()) || args.len() != 1 {
                return None;
            }
            return route_file_text(model, spec, reader, file, args[0].value);
        }
        // `__DIR__ . '/../routes/api.php'`: the part after the folder.
        ExprKind::Binary { left, right, .. }
            if matches!(model.expr(*left).kind, ExprKind::Ident { .. }) =>
        {
            reader.constant(file, *right)?
        }
        _ => reader.constant(file, expr)?,
    };
    if !text.ends_with(".php") {
        return None;
    }
    let mut t = text.as_str();
    loop {
        let next = t
            .strip_prefix("../")
            .or_else(|| t.strip_prefix("./"))
            .or_else(|| t.strip_prefix('/'));
        match next {
            Some(n) => t = n,
            None => break,
        }
    }
    (!t.is_empty()).then(|| t.to_owned())
}

/// The route files a group's function loads (`require base_path('routes/web.php')`).
fn required_files(
    files: &Files,
    spec: &ClassRoutes,
    reader: &Reader,
    file: usize,
    function: FuncId,
) -> Vec<String> {
    let model = files.model(file);
    let span = model.function(function).span;
    let mut out = Vec::new();
    for crate::files::NamedCall { call, name } in files.calls(file) {
        if !matches!(
            name,
            Some("require" | "require_once" | "include" | "include_once")
        ) {
            continue;
        }
        if !span.contains(model.expr(call).span) {
            continue;
        }
        let ExprKind::Call { args, .. } = &model.expr(call).kind else {
            continue;
        };
        if let Some(a) = args.first()
            && let Some(p) = route_file_text(model, spec, reader, file, a.value)
        {
            out.push(p);
        }
    }
    out
}

/// The value of `key` in an object literal (a PHP keyed array).
fn object_key(model: &Model, object: ExprId, key: &str) -> Option<ExprId> {
    let ExprKind::Object { props } = &model.expr(object).kind else {
        return None;
    };
    props.iter().find_map(|p| match p {
        ObjectProp::KeyValue {
            key: PropKey::String(k) | PropKey::Ident(k),
            value,
            ..
        } if k.as_str() == key => Some(*value),
        _ => None,
    })
}

/// Joins path parts with single slashes, starting with one (`["api", "/v1/", "x"]` is
/// `/api/v1/x`); empty parts are left out.
pub fn join(parts: &[Vec<Piece>]) -> Vec<Piece> {
    let mut out: Vec<Piece> = Vec::new();
    for part in parts {
        let mut part: Vec<Piece> = part.clone();
        // Trim the part's slashes at both ends.
        if let Some(Piece::Text(t)) = part.first_mut() {
            *t = t.trim_start_matches('/').to_owned();
        }
        if let Some(Piece::Text(t)) = part.last_mut() {
            *t = t.trim_end_matches('/').to_owned();
        }
        part.retain(|p| !matches!(p, Piece::Text(t) if t.is_empty()));
        if part.is_empty() {
            continue;
        }
        push_text(&mut out, "/");
        for p in part {
            match p {
                Piece::Text(t) => push_text(&mut out, &t),
                other => out.push(other),
            }
        }
    }
    if out.is_empty() {
        out.push(Piece::Text("/".to_owned()));
    }
    out
}

fn push_text(out: &mut Vec<Piece>, text: &str) {
    match out.last_mut() {
        Some(Piece::Text(t)) => t.push_str(text),
        _ => out.push(Piece::Text(text.to_owned())),
    }
}

/// The method a route's handler names when it is written as a class's method, if it is.
pub fn handler_target(
    files: &Files,
    spec: &ClassRoutes,
    reader: &Reader,
    file: usize,
    handler: ExprId,
    context: &HandlerContext,
) -> Option<ClassTarget> {
    let model = files.model(file);
    match &model.expr(handler).kind {
        // `['uses' => 'C@show', 'as' => 'posts.show']`: the handler under the pack's key.
        ExprKind::Object { .. } => {
            let value = object_key(model, handler, spec.handler_key.as_deref()?)?;
            handler_target(files, spec, reader, file, value, context)
        }
        // `[C::class, 'show']`.
        ExprKind::Array { elements, .. } => {
            let [ArrayElement::Expr(class), ArrayElement::Expr(method)] = elements.as_ref() else {
                return None;
            };
            let method = reader.constant(file, *method)?;
            Some(method_of_class(files, file, *class, &method))
        }
        ExprKind::Literal {
            value: LiteralValue::String { value },
        } => {
            let text = value.as_str();
            match spec.separator.as_deref().and_then(|s| text.split_once(s)) {
                Some((class, method)) => {
                    let class = match &context.namespace {
                        Some(ns) if !class.starts_with('\\') => format!("{ns}\\{class}"),
                        _ => class.to_owned(),
                    };
                    Some(method_by_class_name(files, &class, method))
                }
                None => {
                    let (cf, ce) = context.controller?;
                    Some(method_of_class(files, cf, ce, text))
                }
            }
        }
        ExprKind::Ident { .. } | ExprKind::Member { .. } => {
            let invokable = spec.invokable.as_deref()?;
            let class = crate::discover::routes::class_of(files, file, handler)?;
            Some(match method_in(files, class, invokable) {
                Some((f, m)) => ClassTarget::Method(f, m),
                None => ClassTarget::Unread,
            })
        }
        _ => None,
    }
}

fn method_in(
    files: &Files,
    class: (usize, seam_lang::model::ClassId),
    name: &str,
) -> Option<(usize, FuncId)> {
    let (own, _) = crate::route_lists::class_members(files, class);
    own.get(name).copied().or_else(|| {
        own.iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| *v)
    })
}

fn method_of_class(files: &Files, file: usize, class: ExprId, method: &str) -> ClassTarget {
    match crate::discover::routes::class_of(files, file, class)
        .and_then(|c| method_in(files, c, method))
    {
        Some((f, m)) => ClassTarget::Method(f, m),
        None => ClassTarget::Unread,
    }
}

/// `"Api\\PostController@show"`: the method `show` of the project class `PostController`; of
/// several, the one whose file's path ends with the written namespace's folders (nearest the
/// root when several do).
fn method_by_class_name(files: &Files, class: &str, method: &str) -> ClassTarget {
    let class = class.trim_start_matches('\\');
    let short = class.rsplit('\\').next().unwrap_or(class);
    let Some(found) =
        files
            .methods_by_type()
            .get(&(Language::Php, short.to_owned(), method.to_owned()))
    else {
        return ClassTarget::Unread;
    };
    // Compared without case: PSR-4 maps the namespace `App` to the folder `app`. A root
    // namespace the autoloader maps to another folder (`FireflyIII\` to `app/`) is not in the
    // path: the longest ending of the written name some file has is the one that counts.
    let parts: Vec<&str> = class.split('\\').collect();
    // At least one namespace part stays when one was written: the class name alone chooses
    // only when it is the project's one class of that name.
    let matching: Vec<&(usize, FuncId)> = (0..parts.len().saturating_sub(1).max(1))
        .map(|skip| {
            let written = format!("/{}.php", parts[skip..].join("/")).to_ascii_lowercase();
            found
                .iter()
                .filter(|(f, _)| {
                    format!("/{}", files.model(*f).path)
                        .to_ascii_lowercase()
                        .ends_with(&written)
                })
                .collect::<Vec<_>>()
        })
        .find(|m| !m.is_empty())
        .unwrap_or_default();
    // Of several files ending with the written path, the one nearest the root (`ApiController`
    // under the default namespace is `Controllers/ApiController.php`, not
    // `Controllers/Api/ApiController.php`).
    let depth = |f: usize| files.model(f).path.matches('/').count();
    let nearest = matching.iter().map(|(f, _)| depth(*f)).min();
    let nearest: Vec<&&(usize, FuncId)> = matching
        .iter()
        .filter(|(f, _)| Some(depth(*f)) == nearest)
        .collect();
    match (nearest.as_slice(), found.as_slice()) {
        ([one], _) => ClassTarget::Method(one.0, one.1),
        ([], [one]) => ClassTarget::Method(one.0, one.1),
        _ => ClassTarget::Unread,
    }
}

/// One route a resource call declares.
pub struct ResourceRoute {
    pub call: ExprId,
    pub method: String,
    pub path: Vec<Piece>,
    pub target: ClassTarget,
    pub controller: ExprId,
}

/// The routes of the resource calls of `file`.
pub fn resource_routes(
    files: &Files,
    spec: &ClassRoutes,
    reader: &Reader,
    file: usize,
) -> Vec<ResourceRoute> {
    let mut out = Vec::new();
    if spec.resources.is_empty() {
        return out;
    }
    let model = files.model(file);
    let calls: Vec<ExprId> = files.calls(file).map(|c| c.call).collect();
    for &call in &calls {
        for r in &spec.resources {
            let mut caps = Captures::new();
            if !match_expr(model, &r.pattern, call, &mut caps) {
                continue;
            }
            let (Some(name), Some(controller)) = (
                caps.get(&r.name).and_then(Capture::expr),
                caps.get(&r.controller).and_then(Capture::expr),
            ) else {
                break;
            };
            let Some(name) = reader.constant(file, name) else {
                break;
            };
            // `->only([...])`, `->except('a', 'b')` chained on the call.
            let mut only: Option<Vec<String>> = None;
            let mut except: Vec<String> = Vec::new();
            let mut at = call;
            'chain: for _ in 0..16 {
                for &outer in &calls {
                    let ExprKind::Call { callee, args, .. } = &model.expr(outer).kind else {
                        continue;
                    };
                    let ExprKind::Member {
                        object,
                        property: MemberProp::Name(m),
                        ..
                    } = &model.expr(*callee).kind
                    else {
                        continue;
                    };
                    if *object != at {
                        continue;
                    }
                    let listed = || -> Vec<String> {
                        args.iter()
                            .flat_map(|a| -> Vec<String> {
                                match &model.expr(a.value).kind {
                                    ExprKind::Array { elements, .. } => elements
                                        .iter()
                                        .filter_map(|e| match e {
                                            ArrayElement::Expr(e) => reader.constant(file, *e),
                                            _ => None,
                                        })
                                        .collect(),
                                    _ => reader.constant(file, a.value).into_iter().collect(),
                                }
                            })
                            .collect()
                    };
                    if r.only.iter().any(|o| o.eq_ignore_ascii_case(m)) {
                        only = Some(listed());
                    } else if r.except.iter().any(|o| o.eq_ignore_ascii_case(m)) {
                        except.extend(listed());
                    }
                    at = outer;
                    continue 'chain;
                }
                break;
            }
            let segments: Vec<&str> = name.split('.').filter(|s| !s.is_empty()).collect();
            let Some((last, parents)) = segments.split_last() else {
                break;
            };
            let mut base = String::new();
            for p in parents {
                base.push_str(&format!("/{}/{{{}}}", p, singular(p)));
            }
            base.push('/');
            base.push_str(last);
            let param = singular(last.rsplit('/').next().unwrap_or(last));
            for (action, methods, path) in &r.actions {
                if only.as_ref().is_some_and(|o| !o.contains(action)) || except.contains(action) {
                    continue;
                }
                // A project controller serves the actions it (or an ancestor) declares; one the
                // project does not declare serves them all, unread.
                let class = crate::discover::routes::class_of(files, file, controller);
                let target = match class {
                    Some(c) => match method_in(files, c, action) {
                        Some((f, m)) => ClassTarget::Method(f, m),
                        None => continue,
                    },
                    None => ClassTarget::Unread,
                };
                let full = format!("{base}{}", path.replace("{param}", &format!("{{{param}}}")));
                for method in methods {
                    out.push(ResourceRoute {
                        call,
                        method: method.clone(),
                        path: vec![Piece::Text(full.clone())],
                        target: match &target {
                            ClassTarget::Method(f, m) => ClassTarget::Method(*f, *m),
                            ClassTarget::Unread => ClassTarget::Unread,
                        },
                        controller,
                    });
                }
            }
            break;
        }
    }
    out
}

/// An English plural made singular, as route parameters are named (`photos` → `photo`,
/// `categories` → `category`, `statuses` → `status`); a word that is not plural stays.
pub fn singular(word: &str) -> String {
    let lower = word.to_ascii_lowercase();
    let word = word.replace('-', "_");
    if let Some(stem) = word.strip_suffix("ies")
        && lower.len() > 3
    {
        return format!("{stem}y");
    }
    for ending in ["sses", "shes", "ches", "xes", "zes", "uses"] {
        if lower.ends_with(ending) {
            return word[..word.len() - 2].to_owned();
        }
    }
    if lower.ends_with('s') && !lower.ends_with("ss") && lower.len() > 1 {
        return word[..word.len() - 1].to_owned();
    }
    word
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn singulars() {
        assert_eq!(singular("photos"), "photo");
        assert_eq!(singular("categories"), "category");
        assert_eq!(singular("statuses"), "status");
        assert_eq!(singular("boxes"), "box");
        assert_eq!(singular("access"), "access");
        assert_eq!(singular("playlist-folders"), "playlist_folder");
    }

    #[test]
    fn optional_parameters() {
        let t = |s: &str| vec![Piece::Text(s.to_owned())];
        // Optional only at the end (a parameter followed by text is required).
        assert_eq!(
            optional_variants(t("/api/genres/{genre?}/songs")),
            vec![t("/api/genres/{genre}/songs")]
        );
        assert_eq!(
            optional_variants(t("/a/{b?}/{c?}")),
            vec![t("/a/{b}/{c}"), t("/a/{b}"), t("/a")]
        );
        assert_eq!(optional_variants(t("/a/{b}")), vec![t("/a/{b}")]);
    }

    #[test]
    fn joins_with_single_slashes() {
        let t = |s: &str| vec![Piece::Text(s.to_owned())];
        assert_eq!(
            join(&[t("api"), t("/v1/"), t("x")]),
            vec![Piece::Text("/api/v1/x".into())]
        );
        assert_eq!(join(&[t(""), t("/")]), vec![Piece::Text("/".into())]);
        assert_eq!(
            join(&[t("a"), vec![Piece::Hole("id".into())]]),
            vec![Piece::Text("/a/".into()), Piece::Hole("id".into())]
        );
    }
}
