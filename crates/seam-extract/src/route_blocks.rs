//! Routes declared by calls nested in blocks (a pack's `routeBlocks`): a route table file
//! whose top-level block holds verb calls (`get "/x", to: "c#a"`), scopes that nest a path,
//! a module or a controller (`namespace :api do … end`), resources expanded to the actions the
//! pack lists (`resources :posts, only: [:index]`), with member, collection and nested
//! routes, and files drawn in place. A route's handler is the method named after its action
//! in the controller class the pack's naming convention places (or an ancestor class, found
//! the same way).

use std::collections::BTreeSet;

use seam_lang::model::*;
use seam_packs::Pack;
use seam_packs::format::RouteBlocks;

use crate::files::Files;
use crate::route_lists::{ListHandler, ListRoute};

/// How deep drawn files and ancestor classes are followed.
const MAX_DEPTH: usize = 16;

#[derive(Debug, Clone, Default)]
struct Scope {
    /// The path so far, `{name}` for parameters, no trailing `/`.
    path: String,
    /// The module controllers are under (`api/v1`), no trailing `/`.
    module: String,
    /// The controller of `controller :c do`, or of the enclosing resource.
    controller: Option<String>,
    resource: Option<Resource>,
    /// Inside `member do` (true) or `collection do` (false).
    placement: Option<bool>,
}

#[derive(Debug, Clone)]
struct Resource {
    /// The resource's own path.
    path: String,
    /// Its id parameter (`{id}`), `None` for a singular resource.
    id: Option<String>,
    /// The parameter nested routes put after its path (`{post_id}`).
    nested: Option<String>,
}

struct Walk<'a> {
    files: &'a Files<'a>,
    spec: &'a RouteBlocks,
    root: String,
    out: Vec<ListRoute>,
    seen: BTreeSet<(String, String, String)>,
}

/// Every route the route table files among `on` declare.
pub fn block_routes(files: &Files, pack: &Pack, on: &BTreeSet<usize>) -> Vec<ListRoute> {
    let Some(spec) = &pack.route_blocks else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for &file in on {
        let path = &files.model(file).path;
        let Some(root) = spec.tables.iter().find_map(|t| {
            if path == t {
                Some(String::new())
            } else {
                path.strip_suffix(t.as_str())
                    .filter(|r| r.ends_with('/'))
                    .map(str::to_owned)
            }
        }) else {
            continue;
        };
        let mut walk = Walk {
            files,
            spec,
            root,
            out: Vec::new(),
            seen: BTreeSet::new(),
        };
        let model = files.model(file);
        // The table's blocks (`Rails.application.routes.draw do … end`).
        for stmt in &model.body {
            let Some(call) = stmt_call(model, *stmt) else {
                continue;
            };
            let ExprKind::Call { args, .. } = &model.expr(call).kind else {
                continue;
            };
            if let Some(body) = args.last().and_then(|a| closure_body(model, a.value)) {
                walk.body(file, body, &Scope::default(), 0);
            }
        }
        out.append(&mut walk.out);
    }
    out
}

/// The call a statement is (an expression statement, or the returned last one).
fn stmt_call(model: &Model, stmt: StmtId) -> Option<ExprId> {
    let e = match &model.stmt(stmt).kind {
        StmtKind::Expr { expr } => *expr,
        StmtKind::Return { value: Some(v) } => *v,
        _ => return None,
    };
    matches!(model.expr(e).kind, ExprKind::Call { .. }).then_some(e)
}

fn closure_body(model: &Model, e: ExprId) -> Option<&[StmtId]> {
    let ExprKind::Function { function } = model.expr(e).kind else {
        return None;
    };
    match &model.function(function).body {
        FunctionBody::Block(b) => Some(b),
        _ => None,
    }
}

fn string(model: &Model, e: ExprId) -> Option<&str> {
    match &model.expr(e).kind {
        ExprKind::Literal {
            value: LiteralValue::String { value },
        } => Some(value.as_str()),
        _ => None,
    }
}

/// The strings of a value written as one string or a list of them.
fn strings(model: &Model, e: ExprId) -> Option<Vec<String>> {
    match &model.expr(e).kind {
        ExprKind::Array { elements, .. } => elements
            .iter()
            .map(|el| match el {
                ArrayElement::Expr(x) => string(model, *x).map(str::to_owned),
                _ => None,
            })
            .collect(),
        _ => string(model, e).map(|s| vec![s.to_owned()]),
    }
}

/// A call's parts: its bare name, positional arguments, options (every key-value pair of its
/// object arguments) and block.
struct CallParts<'m> {
    name: &'m str,
    positional: Vec<ExprId>,
    options: Vec<(&'m PropKey, ExprId)>,
    block: Option<&'m [StmtId]>,
}

fn call_parts(model: &Model, call: ExprId) -> Option<CallParts<'_>> {
    let ExprKind::Call { callee, args, .. } = &model.expr(call).kind else {
        return None;
    };
    let ExprKind::Ident {
        name,
        binding: None,
    } = &model.expr(*callee).kind
    else {
        return None;
    };
    let mut parts = CallParts {
        name: name.as_str(),
        positional: Vec::new(),
        options: Vec::new(),
        block: None,
    };
    for (i, a) in args.iter().enumerate() {
        match &model.expr(a.value).kind {
            ExprKind::Object { props } => {
                for p in props.iter() {
                    if let ObjectProp::KeyValue { key, value, .. } = p {
                        parts.options.push((key, *value));
                    }
                }
            }
            ExprKind::Function { .. } if i + 1 == args.len() => {
                parts.block = closure_body(model, a.value);
            }
            _ => parts.positional.push(a.value),
        }
    }
    Some(parts)
}

impl CallParts<'_> {
    /// The value of a symbol-keyed option (`to:`, `:to =>`).
    fn option(&self, name: &str) -> Option<ExprId> {
        self.options
            .iter()
            .find(|(k, _)| matches!(k, PropKey::Ident(n) if n.as_str() == name))
            .map(|(_, v)| *v)
    }
}

/// `/posts/:id(.:format)` → `posts/{id}`: parameters in braces, optional groups left out,
/// no leading or trailing `/`.
fn normalize(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut depth = 0u32;
    let mut chars = path.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            ':' | '*'
                if chars
                    .peek()
                    .is_some_and(|n| n.is_ascii_alphabetic() || *n == '_') =>
            {
                out.push('{');
                while let Some(n) = chars.peek() {
                    if n.is_ascii_alphanumeric() || *n == '_' {
                        out.push(*n);
                        chars.next();
                    } else {
                        break;
                    }
                }
                out.push('}');
            }
            _ => out.push(c),
        }
    }
    out.trim_matches('/').to_owned()
}

fn join(base: &str, rest: &str) -> String {
    match (base.is_empty(), rest.is_empty()) {
        (_, true) => base.to_owned(),
        (true, false) => rest.to_owned(),
        _ => format!("{base}/{rest}"),
    }
}

/// `stories` → `story` (the English plurals route names use).
fn singular(name: &str) -> String {
    if let Some(s) = name.strip_suffix("ies") {
        return format!("{s}y");
    }
    for end in ["sses", "xes", "ches", "shes", "zzes"] {
        if let Some(s) = name.strip_suffix(end) {
            return format!("{s}{}", &end[..end.len() - 2]);
        }
    }
    match name.strip_suffix('s') {
        Some(s) if !name.ends_with("ss") => s.to_owned(),
        _ => name.to_owned(),
    }
}

/// `profile` → `profiles`, `category` → `categories`; a name already plural
/// (`capabilities`, `permissions`) stays as it is.
fn plural(name: &str) -> String {
    if name.ends_with('s') && !name.ends_with("ss") && !name.ends_with("us") {
        return name.to_owned();
    }
    if let Some(s) = name.strip_suffix('y')
        && !s.ends_with(['a', 'e', 'i', 'o', 'u'])
    {
        return format!("{s}ies");
    }
    if name.ends_with('s') || name.ends_with('x') || name.ends_with("ch") || name.ends_with("sh") {
        return format!("{name}es");
    }
    format!("{name}s")
}

/// `admin_users` → `AdminUsers`.
fn camel(name: &str) -> String {
    name.split('_')
        .map(|w| {
            let mut c = w.chars();
            match c.next() {
                Some(f) => f.to_uppercase().chain(c).collect::<String>(),
                None => String::new(),
            }
        })
        .collect()
}

/// `AdminUsers` → `admin_users`.
fn underscore(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    let chars: Vec<char> = name.chars().collect();
    for (i, c) in chars.iter().enumerate() {
        if c.is_ascii_uppercase() {
            let after_lower =
                i > 0 && (chars[i - 1].is_ascii_lowercase() || chars[i - 1].is_ascii_digit());
            let before_lower = i > 0
                && chars[i - 1].is_ascii_uppercase()
                && chars.get(i + 1).is_some_and(|n| n.is_ascii_lowercase());
            if after_lower || before_lower {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(*c);
        }
    }
    out
}

impl Walk<'_> {
    fn body(&mut self, file: usize, body: &[StmtId], scope: &Scope, depth: usize) {
        let model = self.files.model(file);
        for stmt in body {
            match &model.stmt(*stmt).kind {
                StmtKind::If {
                    consequent,
                    alternate,
                    ..
                } => {
                    self.body(file, &[*consequent], scope, depth);
                    if let Some(a) = alternate {
                        self.body(file, &[*a], scope, depth);
                    }
                }
                StmtKind::Block { body } => self.body(file, body, scope, depth),
                _ => {
                    if let Some(call) = stmt_call(model, *stmt) {
                        self.call(file, call, scope, depth);
                    }
                }
            }
        }
    }

    fn call(&mut self, file: usize, call: ExprId, scope: &Scope, depth: usize) {
        let model = self.files.model(file);
        let Some(parts) = call_parts(model, call) else {
            return;
        };
        let spec = self.spec;
        let name = parts.name;
        if spec.verbs.iter().any(|v| v == name) {
            self.verb(file, call, &parts, vec![name.to_ascii_uppercase()], scope);
        } else if spec.any_verb.as_deref() == Some(name) {
            let methods = parts
                .option(&spec.options.via)
                .and_then(|v| strings(model, v))
                .map(|ms| {
                    ms.iter()
                        .map(|m| {
                            if *m == spec.options.all {
                                "*".to_owned()
                            } else {
                                m.to_ascii_uppercase()
                            }
                        })
                        .collect::<Vec<_>>()
                });
            if let Some(methods) = methods {
                self.verb(file, call, &parts, methods, scope);
            }
        } else if spec.root.as_deref() == Some(name) {
            let target = parts
                .positional
                .first()
                .copied()
                .or_else(|| parts.option(&spec.options.to))
                .and_then(|t| string(model, t));
            if let Some((controller, action)) =
                target.and_then(|t| t.split_once(spec.target_separator.as_str()))
            {
                let controller = join(&scope.module, controller);
                self.emit(file, call, &scope.path, "GET", &controller, action, true);
            }
        } else if name == spec.member || name == spec.collection {
            if let (Some(block), Some(_)) = (parts.block, &scope.resource) {
                let mut inner = scope.clone();
                inner.placement = Some(name == spec.member);
                self.body(file, block, &inner, depth);
            }
        } else if let Some(s) = spec.scopes.iter().find(|s| s.call == name) {
            let Some(block) = parts.block else {
                return;
            };
            // A scope that adds to the path starts from where routes nest here (a resource's
            // `posts/{post_id}`); one that only names a module or controller keeps the
            // resource around it.
            let mut inner = scope.clone();
            let base = self.nested_path(scope);
            let set_path = |inner: &mut Scope, p: &str| {
                inner.path = join(&base, &normalize(p));
                inner.resource = None;
                inner.placement = None;
            };
            let first = parts.positional.first().and_then(|p| string(model, *p));
            if s.name {
                let Some(n) = first else { return };
                set_path(&mut inner, n);
                inner.module = join(&scope.module, n);
            }
            if s.path
                && let Some(p) = first
            {
                set_path(&mut inner, p);
            }
            if s.controller
                && let Some(c) = first
            {
                inner.controller = Some(join(&inner.module, c));
            }
            if !s.transparent {
                if let Some(p) = parts
                    .option(&spec.options.path)
                    .and_then(|p| string(model, p))
                {
                    set_path(&mut inner, p);
                }
                if let Some(m) = parts
                    .option(&spec.options.module)
                    .and_then(|m| string(model, m))
                {
                    inner.module = join(&scope.module, m);
                }
                if let Some(c) = parts
                    .option(&spec.options.controller)
                    .and_then(|c| string(model, c))
                {
                    inner.controller = Some(join(&inner.module, c));
                }
            }
            self.body(file, block, &inner, depth);
        } else if let Some(r) = spec.resources.iter().find(|r| r.call == name) {
            for p in &parts.positional {
                if let Some(n) = string(model, *p) {
                    self.resource(file, call, &parts, r, n, scope, depth);
                }
            }
        } else if spec.draw.as_ref().is_some_and(|d| d.call == name) && depth < MAX_DEPTH {
            let Some(draw) = &spec.draw else { return };
            for p in &parts.positional {
                let Some(n) = string(model, *p) else { continue };
                let path = format!("{}{}", self.root, draw.file.replace("{name}", n));
                if let Some(drawn) = self.files.index_of(&path) {
                    let body = self.files.model(drawn).body.clone();
                    self.body(drawn, &body, scope, depth + 1);
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn resource(
        &mut self,
        file: usize,
        call: ExprId,
        parts: &CallParts<'_>,
        r: &seam_packs::format::RouteBlockResource,
        name: &str,
        scope: &Scope,
        depth: usize,
    ) {
        let model = self.files.model(file);
        let spec = self.spec;
        let opt = |o: &str| parts.option(o);
        let segment = opt(&spec.options.path)
            .and_then(|p| string(model, p))
            .map(normalize)
            .unwrap_or_else(|| name.to_owned());
        let base = join(&self.nested_path(scope), &segment);
        let controller_name = opt(&spec.options.controller)
            .and_then(|c| string(model, c))
            .map(str::to_owned)
            .unwrap_or_else(|| {
                if r.singular {
                    plural(name)
                } else {
                    name.to_owned()
                }
            });
        let module = match opt(&spec.options.module).and_then(|m| string(model, m)) {
            Some(m) => join(&scope.module, m),
            None => scope.module.clone(),
        };
        let controller = join(&module, &controller_name);
        let id_name = opt(&spec.options.param)
            .and_then(|p| string(model, p))
            .unwrap_or("id")
            .to_owned();
        let only = opt(&spec.options.only).and_then(|o| strings(model, o));
        let except = opt(&spec.options.except).and_then(|o| strings(model, o));
        for action in &r.actions {
            if only.as_ref().is_some_and(|o| !o.contains(&action.name))
                || except.as_ref().is_some_and(|e| e.contains(&action.name))
            {
                continue;
            }
            let rest = action.path.replace("{id}", &format!("{{{id_name}}}"));
            let path = join(&base, rest.trim_matches('/'));
            for method in &action.methods {
                self.emit(file, call, &path, method, &controller, &action.name, false);
            }
        }
        if let Some(block) = parts.block {
            let single = singular(name);
            let inner = Scope {
                path: scope.path.clone(),
                module: scope.module.clone(),
                controller: Some(controller),
                resource: Some(Resource {
                    path: base,
                    id: (!r.singular).then(|| format!("{{{id_name}}}")),
                    nested: (!r.singular).then(|| format!("{{{single}_{id_name}}}")),
                }),
                placement: None,
            };
            self.body(file, block, &inner, depth);
        }
    }

    /// The path routes nested in the current scope hang from: a resource's path and nested
    /// parameter (`posts/{post_id}`), or the scope's path.
    fn nested_path(&self, scope: &Scope) -> String {
        match &scope.resource {
            Some(r) => match (scope.placement, &r.nested, &r.id) {
                (Some(true), _, Some(id)) => join(&r.path, id),
                (Some(_), _, _) => r.path.clone(),
                (None, Some(n), _) => join(&r.path, n),
                (None, None, _) => r.path.clone(),
            },
            None => scope.path.clone(),
        }
    }

    fn verb(
        &mut self,
        file: usize,
        call: ExprId,
        parts: &CallParts<'_>,
        methods: Vec<String>,
        scope: &Scope,
    ) {
        let model = self.files.model(file);
        let spec = self.spec;
        // `get "/x" => "c#a"`: the first string key is the path, its value the target.
        let keyed = parts.options.iter().find_map(|(k, v)| match k {
            PropKey::String(p) => Some((p.as_str(), *v)),
            _ => None,
        });
        let (path, target) = match (parts.positional.first(), keyed) {
            (Some(p), _) => (string(model, *p), parts.option(&spec.options.to)),
            (None, Some((p, v))) => (Some(p), Some(v)),
            (None, None) => (None, parts.option(&spec.options.to)),
        };
        let mut placement = scope.placement;
        if let Some(on) = parts
            .option(&spec.options.on)
            .and_then(|o| string(model, o))
        {
            if on == spec.member {
                placement = Some(true);
            } else if on == spec.collection {
                placement = Some(false);
            }
        }
        let placed = Scope {
            placement,
            ..scope.clone()
        };
        let base = self.nested_path(&placed);
        let route_path = path.map(normalize).unwrap_or_default();
        let full = join(&base, &route_path);
        // The handler: `to: "c#a"`, `controller:`/`action:` options, or the path's last
        // segment as the action of the scope's controller, or `c/a` paths.
        let (controller, action) = match target {
            Some(t) => {
                // A target that is not a text (`to: redirect("/x")`) answers without a
                // controller: the route is there, its answer not read.
                let Some(t) = string(model, t) else {
                    for method in methods {
                        self.emit(file, call, &full, &method, "", "", true);
                    }
                    return;
                };
                match t.split_once(spec.target_separator.as_str()) {
                    Some((c, a)) => (join(&scope.module, c), a.to_owned()),
                    None => match &scope.controller {
                        Some(c) => (c.clone(), t.to_owned()),
                        None => return,
                    },
                }
            }
            None => {
                let action = parts
                    .option(&spec.options.action)
                    .and_then(|a| string(model, a))
                    .map(str::to_owned);
                let controller = parts
                    .option(&spec.options.controller)
                    .and_then(|c| string(model, c))
                    .map(|c| join(&scope.module, c))
                    .or_else(|| scope.controller.clone());
                let last = route_path
                    .rsplit('/')
                    .next()
                    .filter(|s| !s.is_empty() && !s.contains('{'))
                    .map(str::to_owned);
                match (controller, action.or(last)) {
                    (Some(c), Some(a)) => (c, a),
                    // `get "photos/search"`: the controller and action the path names.
                    (None, _) => {
                        let plain = route_path.split('/').all(|s| {
                            !s.is_empty()
                                && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                        });
                        match route_path.rsplit_once('/') {
                            Some((c, a)) if plain => (join(&scope.module, c), a.to_owned()),
                            _ => return,
                        }
                    }
                    _ => return,
                }
            }
        };
        for method in methods {
            self.emit(file, call, &full, &method, &controller, &action, true);
        }
    }

    /// One route; `declared`: written out (kept when the controller has no such method, as
    /// the framework then renders the action's template), else expanded from a resource
    /// (kept only when the controller or an ancestor defines the action).
    #[allow(clippy::too_many_arguments)]
    fn emit(
        &mut self,
        file: usize,
        call: ExprId,
        path: &str,
        method: &str,
        controller: &str,
        action: &str,
        declared: bool,
    ) {
        let path = format!("/{}", path.trim_matches('/'));
        // The same route declared twice (`get "/x" => "c#a"` and a resource's action): the
        // first answers.
        let key = (
            path.clone(),
            method.to_owned(),
            format!("{controller}#{action}"),
        );
        if !self.seen.insert(key) {
            return;
        }
        let found = (!controller.is_empty())
            .then(|| self.action_method(controller, action))
            .flatten();
        let handler = match found {
            Some((f, func)) => ListHandler::Function(f, func),
            None if declared => ListHandler::Opaque(call),
            None => return,
        };
        self.out.push(ListRoute {
            file,
            span: self.files.model(file).expr(call).span,
            path,
            method: method.to_owned(),
            handler,
            open_mount: None,
        });
    }

    /// The method `action` of the controller `controller` (`admin/users`), in its class or
    /// an ancestor.
    fn action_method(&self, controller: &str, action: &str) -> Option<(usize, FuncId)> {
        let (file, class) = self.controller_class(controller)?;
        self.method_in(file, class, action, 0)
    }

    fn controller_class(&self, controller: &str) -> Option<(usize, ClassId)> {
        let spec = self.spec;
        let last = controller.rsplit('/').next().unwrap_or(controller);
        let path = format!(
            "{}{}",
            self.root,
            spec.controller_file.replace("{controller}", controller)
        );
        let class_name = spec.controller_class.replace("{Controller}", &camel(last));
        self.class_in(&path, &class_name)
    }

    fn class_in(&self, path: &str, name: &str) -> Option<(usize, ClassId)> {
        let file = self.files.index_of(path)?;
        let model = self.files.model(file);
        let class = model
            .classes
            .iter()
            .position(|c| c.name.as_deref() == Some(name))?;
        Some((file, ClassId::from_index(class)))
    }

    fn method_in(
        &self,
        file: usize,
        class: ClassId,
        action: &str,
        depth: usize,
    ) -> Option<(usize, FuncId)> {
        let model = self.files.model(file);
        let c = model.class(class);
        for m in &c.members {
            // Only a public method is an action.
            if let (MemberKind::Method { function }, false) = (&m.kind, m.is_static)
                && m.name.as_str() == Some(action)
            {
                return m.visibility.is_none().then_some((file, *function));
            }
        }
        if depth >= MAX_DEPTH {
            return None;
        }
        // The superclass, by the same convention: `Admin::BaseController` is the controller
        // `admin/base`; a name without its module is looked for in the class's folder first.
        let chain = model.member_chain(*c.extends.first()?)?;
        let name = *chain.last()?;
        let suffix = self
            .spec
            .controller_class
            .split("{Controller}")
            .nth(1)
            .unwrap_or("");
        let stem = name.strip_suffix(suffix).filter(|s| !s.is_empty())?;
        let mut parts: Vec<String> = chain[..chain.len() - 1]
            .iter()
            .map(|p| underscore(p))
            .collect();
        parts.push(underscore(stem));
        let qualified = parts.join("/");
        let own = model.path.strip_prefix(&self.root).unwrap_or(&model.path);
        let folder = own.rsplit_once('/').map(|(d, _)| d).unwrap_or("");
        let mut candidates = Vec::new();
        // Relative to each namespace around the class (its folders under the controllers'
        // folder, innermost first), then at the top.
        let template = &self.spec.controller_file;
        if let Some((dir, _)) = template.split_once("{controller}")
            && let Some(rel) = format!("{folder}/").strip_prefix(dir)
        {
            let mut rel = rel.trim_end_matches('/');
            while !rel.is_empty() {
                candidates.push(format!("{rel}/{qualified}"));
                rel = rel.rsplit_once('/').map_or("", |(d, _)| d);
            }
        }
        candidates.push(qualified);
        for controller in candidates {
            let path = format!(
                "{}{}",
                self.root,
                template.replace("{controller}", &controller)
            );
            if path == model.path {
                continue;
            }
            if let Some((f, cl)) = self.class_in(&path, name) {
                return self.method_in(f, cl, action, depth + 1);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_and_names() {
        assert_eq!(normalize("/posts/:id(.:format)"), "posts/{id}");
        assert_eq!(normalize("/top(/:length(/page/:page))"), "top");
        assert_eq!(normalize("/~:username/x"), "~{username}/x");
        assert_eq!(normalize("files/*path"), "files/{path}");
        assert_eq!(singular("stories"), "story");
        assert_eq!(singular("addresses"), "address");
        assert_eq!(singular("posts"), "post");
        assert_eq!(plural("profile"), "profiles");
        assert_eq!(plural("category"), "categories");
        assert_eq!(plural("capabilities"), "capabilities");
        assert_eq!(plural("status"), "statuses");
        assert_eq!(camel("hat_requests"), "HatRequests");
        assert_eq!(
            underscore("ApplicationController"),
            "application_controller"
        );
        assert_eq!(underscore("APIController"), "api_controller");
    }
}
