//! Reading route paths and client URLs out of expressions: literals, template strings,
//! concatenation and constants, followed across files. What cannot be read becomes a hole
//! `{name}`, never a guess.

use std::collections::BTreeMap;

use seam_lang::model::{
    BinaryOp, BindingId, BindingKind, ExprId, ExprKind, LiteralValue, LogicalOp, MemberProp,
    ObjectProp, PatternStep,
};
use seam_packs::{Captures, Pack, match_expr};

use crate::files::{Def, Files, MAX_HOPS};

/// How many links reading one key of an options object follows. A key travels further than a
/// name does: through each layer's spread (`{ ...options }`), a rest binding (`const { path,
/// ...rest } = requestOptions`), a memo's callback and the caller's argument, each one link.
const KEY_HOPS: usize = 2 * MAX_HOPS;

/// Parameters replaced by the arguments of one call: (file, parameter binding) → (file, arg).
/// Used to read a thin wrapper's URL at each of its call sites.
/// A parameter mapped to `None` was not passed at that call site.
pub type Substitution = BTreeMap<(usize, BindingId), Option<(usize, ExprId)>>;

/// A piece of a path: fixed text or a hole the code fills at run time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    Text(String),
    Hole(String),
    /// This deployment's base URL, read from an environment variable or the page's own
    /// origin (`window.location.origin`): absolute, and its path part is unknown and taken to
    /// be empty.
    Env,
}

/// The module an expression's import binding names, with the member read through it.
fn imported_member(model: &seam_lang::model::Model, expr: ExprId) -> Option<(&str, &str)> {
    let ExprKind::Member {
        object,
        property: MemberProp::Name(name),
        ..
    } = &model.expr(expr).kind
    else {
        return None;
    };
    let b = model.resolved_binding(*object)?;
    let seam_lang::model::BindingKind::Import { import, .. } = model.binding(b).kind else {
        return None;
    };
    Some((model.imports.get(import as usize)?.specifier.as_str(), name))
}

/// `fmt.Sprintf` through an import of `fmt`: a printf-style formatter (core data).
fn is_printf(model: &seam_lang::model::Model, callee: ExprId) -> bool {
    imported_member(model, callee)
        .is_some_and(|(module, name)| seam_packs::constants::is_printf(module, name))
}

/// `path.Join` through an import of `path`: joins its arguments with slashes (core data).
fn is_path_join(model: &seam_lang::model::Model, callee: ExprId) -> bool {
    imported_member(model, callee)
        .is_some_and(|(module, name)| seam_packs::constants::is_path_join(module, name))
}

/// `http.MethodPost` through an import of `net/http`: the text the module's constant holds.
fn module_constant_text(model: &seam_lang::model::Model, expr: ExprId) -> Option<Piece> {
    match crate::library_constants::library_constant(model, expr)? {
        seam_packs::constants::ConstantValue::Text(t) => Some(Piece::Text(t)),
        seam_packs::constants::ConstantValue::Number(_) => None,
    }
}

/// How deep a value is followed (calls, returns, bindings, builders): deeper than a lookup of a
/// definition ([`MAX_HOPS`]), as a URL helper may build on another helper's result
/// (`new URL(base().replace(…) + path, origin).toString()` is ten steps; a store handed an API
/// instance whose method hands its class's route to such a helper is more than twelve).
const READ_HOPS: usize = 16;

/// Reads expressions as strings with holes.
pub struct Reader<'a> {
    pub files: &'a Files<'a>,
    /// Environment-variable patterns of the pack doing the reading.
    pub environment: &'a [seam_packs::PatternNode],
    pub subst: &'a Substitution,
    /// The class of the instance `this` is, when a call through `this` in a subclass's method
    /// reached an inherited method (`this.getResourceUrl()`): its fields are read from that
    /// class, as the running program does.
    pub this_class: Option<(usize, seam_lang::model::ClassId)>,
}

impl Reader<'_> {
    pub fn pieces(&self, file: usize, expr: ExprId) -> Vec<Piece> {
        let mut out = Vec::new();
        self.read(file, expr, READ_HOPS, &mut out);
        out
    }

    fn pieces_hops(&self, file: usize, expr: ExprId, hops: usize) -> Vec<Piece> {
        let mut out = Vec::new();
        self.read(file, expr, hops, &mut out);
        out
    }

    /// The string an expression always has, when it has one.
    pub fn constant(&self, file: usize, expr: ExprId) -> Option<String> {
        let pieces = self.pieces(file, expr);
        let mut s = String::new();
        for p in pieces {
            match p {
                Piece::Text(t) => s.push_str(&t),
                _ => return None,
            }
        }
        Some(s)
    }

    /// [`Self::constant`] within a reading's hop budget.
    pub(crate) fn constant_hops(&self, file: usize, expr: ExprId, hops: usize) -> Option<String> {
        let mut s = String::new();
        for p in self.pieces_hops(file, expr, hops) {
            match p {
                Piece::Text(t) => s.push_str(&t),
                _ => return None,
            }
        }
        Some(s)
    }

    /// Reads one value into `out` (also for the value modules beside this one), once per
    /// outermost read (see [`crate::read_memo`]).
    pub(crate) fn read(&self, file: usize, expr: ExprId, hops: usize, out: &mut Vec<Piece>) {
        if hops == 0 {
            out.push(Piece::Hole(hole_name(file, expr, self.files)));
            return;
        }
        let key = crate::read_memo::key(self, file, expr);
        if let Some(pieces) = crate::read_memo::begin(&key, hops) {
            out.extend(pieces);
            return;
        }
        let start = out.len();
        self.read_fresh(file, expr, hops, out);
        crate::read_memo::end(key, hops, &out[start..]);
    }

    fn read_fresh(&self, file: usize, expr: ExprId, hops: usize, out: &mut Vec<Piece>) {
        let model = self.files.model(file);
        let env = crate::files::env_read(
            model,
            self.environment
                .iter()
                .chain(self.files.environment(model.language)),
            expr,
        );
        // The page's own origin: an absolute URL of this deployment, with no path.
        if env.is_none() && self.files.is_page_origin(file, expr) {
            out.push(Piece::Env);
            return;
        }
        // A setting the project's configuration class gives a value (`current_app.config["X"]`
        // with `app.config.from_object(Config)`): that value.
        if env.is_some()
            && let Some((vf, ve)) = crate::settings_objects::setting_value(self.files, file, expr)
        {
            self.read(vf, ve, hops - 1, out);
            return;
        }
        if let Some(name) = env {
            out.push(Piece::Env);
            // The repository's dotenv files may say what path the deployment's base URL has.
            if let Some(path) = name.and_then(|n| self.files.dotenv_base_path(&model.path, &n)) {
                out.push(Piece::Text(path));
            }
            return;
        }
        // The page's own address (`window.location.href`): a URL relative to the page that
        // names nothing further, resolved against the page's route where one is known.
        if crate::page_scripts::is_page_address(model, expr) {
            out.push(Piece::Text(String::new()));
            return;
        }
        if self.read_built(file, expr, hops, out)
            || crate::markup::read(self, file, expr, hops, out)
            || crate::slices::read(self, file, expr, hops, out)
        {
            return;
        }
        match &model.expr(expr).kind {
            ExprKind::Literal {
                value: LiteralValue::String { value },
            } => out.push(Piece::Text(value.to_string())),
            ExprKind::Literal {
                value: LiteralValue::Number(number),
            } => out.push(Piece::Text(number.raw.to_string())),
            ExprKind::Template(boxed) if boxed.tag.is_none() => {
                let seam_lang::model::TemplateExpr { quasis, exprs, .. } = &**boxed;
                for (i, q) in quasis.iter().enumerate() {
                    out.push(Piece::Text(q.clone()));
                    if let Some(e) = exprs.get(i) {
                        self.read(file, *e, hops - 1, out);
                    }
                }
            }
            ExprKind::Binary {
                op: BinaryOp::Add,
                left,
                right,
            } => {
                self.read(file, *left, hops - 1, out);
                self.read(file, *right, hops - 1, out);
            }
            // `process.env.BASE || "/api"`: when the first value is a deployment's setting,
            // the code's own default is what the path is unless configured. A value only the
            // running program knows (`params.org || "default"`) stays a hole.
            ExprKind::Logical {
                op: LogicalOp::Or | LogicalOp::Nullish,
                left,
                right,
            } => {
                // An argument the caller did not pass: the code's own default is the value.
                if self.not_passed(file, *left) {
                    self.read(file, *right, hops - 1, out);
                    return;
                }
                let mut first = Vec::new();
                self.read(file, *left, hops - 1, &mut first);
                let setting = !first.is_empty() && first.iter().all(|p| matches!(p, Piece::Env));
                // A variable no dotenv file sets, defaulting to an absolute URL (another
                // service's address): the path read for the variable came from this default,
                // which is better read whole, with its host and its trailing `/`.
                let unset_variable = matches!(
                    crate::files::env_read(
                        model,
                        self.environment
                            .iter()
                            .chain(self.files.environment(model.language)),
                        *left,
                    ),
                    Some(Some(name)) if !self.files.dotenv_sets(&model.path, &name)
                );
                let mut fallback = Vec::new();
                if setting || unset_variable {
                    self.read(file, *right, hops - 1, &mut fallback);
                }
                let readable = fallback.iter().all(|p| matches!(p, Piece::Text(_)));
                if readable && (setting || is_absolute(&fallback)) {
                    out.extend(fallback);
                } else {
                    out.extend(first);
                }
            }
            // `id && `/api/items/${id}``: when there is a URL, it is the right side (the left
            // one only says when there is none, as a `null` branch of a conditional does).
            ExprKind::Logical {
                op: LogicalOp::And,
                right,
                ..
            } => self.read(file, *right, hops - 1, out),
            // Python's `"…/%s/…" % value` and `% (a, b)`: printf-style formatting.
            ExprKind::Binary {
                op: BinaryOp::Rem,
                left,
                right,
            } if model.language == seam_lang::model::Language::Python
                && let Some(format) = self.constant(file, *left)
                && format.contains('%') =>
            {
                let values = match &model.expr(*right).kind {
                    ExprKind::Array {
                        elements,
                        kind: seam_lang::model::ArrayKind::Tuple,
                    } => elements
                        .iter()
                        .map_while(|e| match e {
                            seam_lang::model::ArrayElement::Expr(x) => Some(*x),
                            _ => None,
                        })
                        .collect(),
                    _ => vec![*right],
                };
                self.read_printf(file, &format, &values, hops, out);
            }
            ExprKind::Ident {
                binding: Some(b), ..
            } => self.read_binding(file, expr, *b, hops, out),
            // A function where a URL is read (`useSWRInfinite(getKey, fetcher)`, `useSWR(() =>
            // [url, id], fetcher)`: a key getter the library calls): what it returns, when it
            // returns one value besides `null` (no request yet).
            ExprKind::Function { function } if self.read_key_getter(file, *function, hops, out) => {
            }
            // `cond ? process.env.BASE : undefined`: a branch that gives no value leaves the
            // other one as what a URL can be built from.
            // `url + (query ? "?" + query : "")`: with or without its query string, the path
            // is the same.
            ExprKind::Conditional {
                consequent,
                alternate,
                ..
            } if self.query_or_nothing(file, *consequent, *alternate, hops) => {}
            ExprKind::Conditional {
                consequent,
                alternate,
                ..
            } if is_absent(model, *alternate) || is_absent(model, *consequent) => {
                let other = if is_absent(model, *alternate) {
                    *consequent
                } else {
                    *alternate
                };
                self.read(file, other, hops - 1, out);
            }
            // A test of a text the reading decides (`url.startsWith("http") ? url :
            // `/api${url}`` with a known `url`): the branch it takes.
            ExprKind::Conditional {
                test,
                consequent,
                alternate,
            } if self.read_decided_branch(file, *test, (*consequent, *alternate), hops, out) => {}
            ExprKind::Conditional {
                consequent,
                alternate,
                ..
            } if self.read_agreeing_branches(file, (*consequent, *alternate), hops, out) => {}
            // Branches that disagree: while client discovery reads each form of a request,
            // the branch this form takes.
            ExprKind::Conditional {
                test,
                consequent,
                alternate,
            } if let Some(first) = crate::alternatives::choose_by_test(model, file, *test) => {
                let taken = if first { *consequent } else { *alternate };
                self.read(file, taken, hops - 1, out);
            }
            kind => {
                if let Some(piece) = module_constant_text(model, expr) {
                    out.push(piece);
                    return;
                }
                if let ExprKind::Call {
                    callee,
                    args,
                    is_new: false,
                    ..
                } = kind
                    && let Some((format, rest)) = args.split_first()
                    && is_printf(model, *callee)
                    && let Some(format) = self.constant(file, format.value)
                {
                    let rest: Vec<ExprId> = rest.iter().map(|a| a.value).collect();
                    self.read_printf(file, &format, &rest, hops, out);
                    return;
                }
                if self.read_filled_template(file, expr, hops, out) {
                    return;
                }
                if let ExprKind::Call {
                    callee,
                    args,
                    is_new: false,
                    ..
                } = kind
                    && is_path_join(model, *callee)
                {
                    let parts = args
                        .iter()
                        .map(|a| self.pieces_hops(file, a.value, hops - 1));
                    out.extend(crate::path_joins::join(parts.collect()));
                    return;
                }
                if let ExprKind::Call {
                    callee,
                    args,
                    is_new: false,
                    ..
                } = kind
                    && self.read_replaced(file, *callee, args, hops, out)
                {
                    return;
                }
                if self.read_joined(file, expr, hops, out) {
                    return;
                }
                // `useMemo(() => (path ? [path] : null), [path])`: what its callback returns.
                if let ExprKind::Call {
                    callee,
                    args,
                    is_new: false,
                    ..
                } = kind
                    && let Some(callback) =
                        crate::library_constants::memo_callback(model, *callee, args)
                    && let [returned] = self.files.returned_values(file, callback)[..]
                {
                    self.read(file, returned, hops - 1, out);
                    return;
                }
                if let ExprKind::Call {
                    callee,
                    is_new: false,
                    ..
                } = kind
                    && self.read_returned(file, expr, *callee, hops, out)
                {
                    return;
                }
                let keyed = match self.this_class {
                    Some(class) => {
                        crate::keyed_fields::this_field_key(model, expr).and_then(|(field, key)| {
                            crate::keyed_fields::keyed_field_value(self.files, class, field, key)
                        })
                    }
                    None => crate::keyed_fields::own_constructor_value(self.files, file, expr),
                };
                if let Some((vf, ve)) = keyed {
                    self.read(vf, ve, hops - 1, out);
                    return;
                }
                if let ExprKind::Member {
                    object,
                    property: MemberProp::Name(name),
                    ..
                } = kind
                    && matches!(model.expr(*object).kind, ExprKind::This)
                    && let Some(class) = self.this_class
                    && let Some((vf, ve)) = crate::classes::field_of_class(self.files, class, name)
                {
                    self.read(vf, ve, hops - 1, out);
                    return;
                }
                // An enum member (`Routes.Users`, `Code.Gone`): its declared value.
                if let Some(value) = crate::project_constants::enum_member(self.files, file, expr) {
                    match value {
                        LiteralValue::String { value } => out.push(Piece::Text(value.to_string())),
                        LiteralValue::Number(number) => {
                            out.push(Piece::Text(number.raw.to_string()))
                        }
                        _ => out.push(Piece::Hole(hole_name(file, expr, self.files))),
                    }
                    return;
                }
                // `ENDPOINTS[kind]` with a key the reading does not fix, over an object of
                // literal values: one form of the request per value.
                if let ExprKind::Member {
                    object,
                    property: MemberProp::Computed(key),
                    ..
                } = kind
                    && !matches!(
                        model.expr(*key).kind,
                        ExprKind::Literal {
                            value: LiteralValue::String { .. }
                        }
                    )
                    && self.read_keyed_choice(file, expr, (*object, *key), hops, out)
                {
                    return;
                }
                // `x.name`, or `parameters["column"]` (a key written as a string literal).
                if let ExprKind::Member {
                    object, property, ..
                } = kind
                    && let Some(name) = literal_member_key(model, property)
                    && self.read_handed_write(file, *object, name, hops, out)
                {
                    return;
                }
                if let ExprKind::Member {
                    object, property, ..
                } = kind
                    && let Some(name) = literal_member_key(model, property)
                    && let Some((vf, ve)) = self.member_value(file, expr, *object, name, out)
                {
                    self.read(vf, ve, hops - 1, out);
                    return;
                }
                match self.files.definition(file, expr) {
                    Some(Def::Expr(f, e)) if (f, e) != (file, expr) => {
                        self.read(f, e, hops - 1, out)
                    }
                    Some(Def::Binding(f, b)) => match self.files.value_of(Def::Binding(f, b)) {
                        Some((vf, ve)) => self.read(vf, ve, hops - 1, out),
                        None => out.push(Piece::Hole(hole_name(file, expr, self.files))),
                    },
                    _ => out.push(Piece::Hole(hole_name(file, expr, self.files))),
                }
            }
        }
    }

    /// A path template filled in by text replacement (`"/pet/{petId}".replace("{petId}",
    /// id)`, as generated clients write it): the template with the placeholder as a hole named
    /// after it. False when the call is not a `replace`/`replaceAll` of known text.
    fn read_replaced(
        &self,
        file: usize,
        callee: ExprId,
        args: &[seam_lang::model::Arg],
        hops: usize,
        out: &mut Vec<Piece>,
    ) -> bool {
        let model = self.files.model(file);
        let ExprKind::Member {
            object,
            property: MemberProp::Name(name),
            ..
        } = &model.expr(callee).kind
        else {
            return false;
        };
        if name != "replace" && name != "replaceAll" || args.len() != 2 {
            return false;
        }
        if let ExprKind::Literal {
            value: LiteralValue::Regex(r),
        } = &model.expr(args[0].value).kind
        {
            return self.read_regex_replaced(
                file,
                *object,
                (r.pattern.as_str(), r.flags.as_str()),
                args[1].value,
                hops,
                out,
            );
        }
        let Some(placeholder) = self.constant(file, args[0].value).filter(|p| !p.is_empty()) else {
            return false;
        };
        let mut template = Vec::new();
        self.read(file, *object, hops - 1, &mut template);
        let hole = placeholder
            .trim_start_matches([':', '{', '<'])
            .trim_end_matches(['}', '>'])
            .to_owned();
        // A value the call fixes (`get_detail({ count: 10 })` reaching
        // `path.replace("{count}", parameters["count"])`) is the text the request sends.
        // An empty string written as the replacement takes the text out
        // (`url.toString().replace(host, "")` leaves the path).
        let value: Vec<Piece> = self.pieces_hops(file, args[1].value, hops - 1);
        let removed = matches!(
            &model.expr(args[1].value).kind,
            ExprKind::Literal { value: LiteralValue::String { value } } if value.is_empty()
        );
        let fixed = match value.as_slice() {
            _ if removed => Some(String::new()),
            [Piece::Text(t)] if !t.is_empty() && !t.contains('/') => Some(t.clone()),
            _ => None,
        };
        let mut replaced = false;
        for piece in template {
            let Piece::Text(text) = piece else {
                out.push(piece);
                continue;
            };
            // `replace` with a string argument replaces the first occurrence only.
            let limit = if name == "replace" && replaced {
                0
            } else {
                usize::MAX
            };
            let mut rest = text.as_str();
            let mut done = 0;
            while done < limit
                && let Some(at) = rest.find(&placeholder)
            {
                out.push(Piece::Text(rest[..at].to_owned()));
                out.push(match &fixed {
                    Some(t) => Piece::Text(t.clone()),
                    None => Piece::Hole(hole.clone()),
                });
                rest = &rest[at + placeholder.len()..];
                done += 1;
                replaced = true;
                if name == "replace" {
                    break;
                }
            }
            out.push(Piece::Text(rest.to_owned()));
        }
        true
    }

    /// `value.replace(/fixed text$/, "text")`: see [`crate::regex_replace`]. False when the
    /// pattern, the replacement or the text around the match cannot be read.
    fn read_regex_replaced(
        &self,
        file: usize,
        object: ExprId,
        (pattern, flags): (&str, &str),
        with: ExprId,
        hops: usize,
        out: &mut Vec<Piece>,
    ) -> bool {
        let Some(regex) = crate::regex_replace::LiteralRegex::parse(pattern, flags) else {
            return false;
        };
        let Some(with) = self.constant(file, with) else {
            return false;
        };
        let mut value = Vec::new();
        self.read(file, object, hops - 1, &mut value);
        match regex.replace(value, &with) {
            Some(replaced) => {
                out.extend(replaced);
                true
            }
            None => false,
        }
    }

    /// A URL a builder of the packs makes (`new URL(path, base)`, `url.toString()`): the URL
    /// read from its parts, a relative one resolved against the base as the runtime does (an
    /// absolute path keeps only the base's origin). False when no builder matches.
    fn read_built(&self, file: usize, expr: ExprId, hops: usize, out: &mut Vec<Piece>) -> bool {
        let model = self.files.model(file);
        for builder in self.files.url_builders(model.language) {
            let mut c = Captures::new();
            if !match_expr(model, &builder.pattern, expr, &mut c) {
                continue;
            }
            let Some(url) = c.get(&builder.url).and_then(|u| u.expr()) else {
                continue;
            };
            let mut path = Vec::new();
            self.read(file, url, hops - 1, &mut path);
            let base = builder.base.as_ref().and_then(|b| c.get(b)?.expr());
            // A path joined to the base (`join(base, "users/me")`): the base, one slash, the
            // path, and a trailing slash kept when the path has one.
            if builder.joined
                && let Some(base) = base
                && origin_of(&path).is_none()
            {
                let trailing = matches!(path.last(), Some(Piece::Text(t)) if t.ends_with('/'));
                let mut front = Vec::new();
                self.read(file, base, hops - 1, &mut front);
                let mut joined = crate::path_joins::join(vec![front, path]);
                if trailing && !matches!(joined.last(), Some(Piece::Text(t)) if t.ends_with('/')) {
                    joined.push(Piece::Text("/".to_owned()));
                }
                out.extend(joined);
                return true;
            }
            // Empty text before the path (`"" + rest`, a prefix set to nothing) is no part of it.
            let first = path.iter().find(|p| **p != Piece::Text(String::new()));
            if let (Some(base), Some(Piece::Text(first))) = (base, first)
                && origin_of(&path).is_none()
            {
                let mut front = Vec::new();
                self.read(file, base, hops - 1, &mut front);
                out.extend(resolved_base(front, first.starts_with('/')));
            }
            out.extend(path);
            return true;
        }
        false
    }

    /// A printf-style format with its arguments: each verb (`%d`, `%s`, `%v`, `%05.2f`) is
    /// the next argument read in its place, `%%` a percent sign.
    /// Python's `%(name)s` takes a mapping's key: a hole of that name.
    fn read_printf(
        &self,
        file: usize,
        format: &str,
        args: &[ExprId],
        hops: usize,
        out: &mut Vec<Piece>,
    ) {
        let mut args = args.iter();
        let mut text = String::new();
        let mut chars = format.chars().peekable();
        while let Some(c) = chars.next() {
            if c != '%' {
                text.push(c);
                continue;
            }
            if chars.peek() == Some(&'%') {
                chars.next();
                text.push('%');
                continue;
            }
            let key = (chars.peek() == Some(&'(')).then(|| {
                chars.next();
                chars.by_ref().take_while(|c| *c != ')').collect::<String>()
            });
            // Flags, width and precision, then the verb letter.
            while chars.peek().is_some_and(|c| !c.is_ascii_alphabetic()) {
                chars.next();
            }
            chars.next();
            if !text.is_empty() {
                out.push(Piece::Text(std::mem::take(&mut text)));
            }
            if let Some(key) = key {
                out.push(Piece::Hole(key));
                continue;
            }
            match args.next() {
                Some(a) => self.read(file, *a, hops - 1, out),
                None => out.push(Piece::Hole("arg".to_owned())),
            }
        }
        if !text.is_empty() {
            out.push(Piece::Text(text));
        }
    }

    /// The class of the caller's `this` when `callee` is a method called through `this`
    /// (`this.getResourceUrl()` in a method of `DocumentService`).
    fn class_of_this_call(
        &self,
        file: usize,
        callee: ExprId,
    ) -> Option<(usize, seam_lang::model::ClassId)> {
        let model = self.files.model(file);
        let ExprKind::Member { object, .. } = &model.expr(callee).kind else {
            return None;
        };
        if !matches!(model.expr(*object).kind, ExprKind::This) {
            return None;
        }
        crate::classes::class_of_receiver(self.files, file, *object)
    }

    /// Whether an expression reads a parameter (or a property of one) that the substitution
    /// says the caller did not pass.
    fn not_passed(&self, file: usize, expr: ExprId) -> bool {
        let model = self.files.model(file);
        match &model.expr(expr).kind {
            ExprKind::Ident {
                binding: Some(b), ..
            } => match self.subst.get(&(file, *b)) {
                Some(None) => true,
                // Passed on from a caller's own parameter: not passed there either?
                Some(Some((sf, se))) if (*sf, *se) != (file, expr) => self.not_passed(*sf, *se),
                _ => false,
            },
            // A key the passed object does not have (`config.baseURL || ""` given `{}`, also
            // through the rest of a parameter's pattern).
            ExprKind::Member {
                object,
                property: MemberProp::Name(name),
                ..
            } => {
                self.not_passed(file, *object)
                    || (matches!(&model.expr(*object).kind, ExprKind::Ident { binding: Some(b), .. }
                        if matches!(self.subst.get(&(file, *b)), Some(Some(_))))
                        && matches!(self.object_key(file, *object, name), Ok(None)))
            }
            ExprKind::Member { object, .. } => self.not_passed(file, *object),
            _ => false,
        }
    }

    /// A call of a project function that returns one value (`apiPath("/users")` with
    /// `apiPath = (p) => \`/api${p}\``): that value, read with the call's arguments in place of
    /// the parameters. False when the callee is not such a function.
    /// `this.itemRoute` read as an instance of a subclass, where the base only declares it
    /// (`abstract itemRoute(id)`): the subclass's method or function-valued field
    /// (`itemRoute = (id) => …`).
    fn subclass_member(
        &self,
        file: usize,
        callee: ExprId,
    ) -> Option<(usize, seam_lang::model::FuncId)> {
        let model = self.files.model(file);
        let (cf, class) = self.this_class?;
        match &model.expr(callee).kind {
            ExprKind::Member {
                object,
                property: MemberProp::Name(name),
                ..
            } if matches!(model.expr(*object).kind, ExprKind::This) => {
                crate::callees::class_method(self.files, cf, class, name, MAX_HOPS)
            }
            _ => None,
        }
    }

    fn read_returned(
        &self,
        file: usize,
        call: ExprId,
        callee: ExprId,
        hops: usize,
        out: &mut Vec<Piece>,
    ) -> bool {
        let with_returns = |target: (usize, seam_lang::model::FuncId)| {
            let returned = self.files.returned_values(target.0, target.1);
            (!returned.is_empty()).then_some((target, returned))
        };
        let Some(((ff, func), returned)) = self
            .files
            .function_of(file, callee)
            .and_then(with_returns)
            .or_else(|| self.subclass_member(file, callee).and_then(with_returns))
        else {
            return false;
        };
        let bound = crate::templates::bind_arguments(self.files, self, ff, func, file, call);
        let layered = crate::templates::layered(self.subst, bound);
        let inner = Reader {
            files: self.files,
            environment: self.environment,
            subst: &layered,
            this_class: self
                .this_class
                .or_else(|| self.class_of_this_call(file, callee)),
        };
        // Returns behind an option the call leaves out (`if (microservice) return …`) are
        // not this call's.
        let returned = crate::returns_taken::reachable(self.files, ff, &layered, &returned);
        // A query-string builder (`if (!params) return ''; return \`?${search}\``): each
        // return is the empty text or starts with `?`, so the call adds a query string to
        // the path and never a segment of it.
        let model_ff = self.files.model(ff);
        if returned.len() >= 2
            && returned
                .iter()
                .all(|&r| is_empty_text(model_ff, r) || starts_query_string(model_ff, r))
            && returned.iter().any(|&r| starts_query_string(model_ff, r))
        {
            out.push(Piece::Text("?".to_owned()));
            return true;
        }
        // A return of the empty text beside returns of a path (`if (!token) return ''; return
        // \`/rest/${command}\``, a builder giving up) names no URL: the call means the path the
        // others build. Beside a host (`if (inBrowser) return ''; return "http://localhost"`)
        // the empty text is a base, the page's own origin, and stays.
        let named: Vec<ExprId> = returned
            .iter()
            .copied()
            .filter(|&r| !is_empty_text(self.files.model(ff), r))
            .collect();
        let paths_only = !named.is_empty()
            && named.len() < returned.len()
            && named.iter().all(|&r| {
                let mut pieces = Vec::new();
                inner.read(ff, r, hops - 1, &mut pieces);
                let mut written = pieces.iter().filter(|p| **p != Piece::Text(String::new()));
                matches!(written.next(), Some(Piece::Text(t))
                    if t.starts_with('/') && !t.starts_with("//") && t.len() > 1)
            });
        let returned = if paths_only { named } else { returned };
        if let [returned] = returned[..] {
            inner.read(ff, returned, hops - 1, out);
            return true;
        }
        if let Some(bare) =
            crate::returns_taken::bare_parameter_return(self.files, ff, func, &returned)
        {
            inner.read(ff, bare, hops - 1, out);
            return true;
        }
        // An environment accessor (`env(name)` returning `process.env[name]`, or a runtime
        // copy of it on another path): when one return is a deployment's setting and no
        // other says anything the code fixes, the call reads the environment.
        let reads: Vec<Vec<Piece>> = returned
            .iter()
            .map(|&r| {
                let mut pieces = Vec::new();
                inner.read(ff, r, hops - 1, &mut pieces);
                pieces
            })
            .collect();
        let setting = |p: &Vec<Piece>| !p.is_empty() && p.iter().all(|x| matches!(x, Piece::Env));
        let says_nothing =
            |p: &Vec<Piece>| p.iter().all(|x| matches!(x, Piece::Hole(_) | Piece::Env));
        if reads.iter().any(setting) && reads.iter().all(says_nothing) {
            out.push(Piece::Env);
            return true;
        }
        // Returns that build the same value on each path (`typeof window !== "undefined" ?
        // \`${PUBLIC_URL}${path}\` : \`${SERVER_URL}${path}\``, both a deployment's base): that value.
        if let [first, rest @ ..] = reads.as_slice()
            && first
                .iter()
                .any(|p| matches!(p, Piece::Text(t) if !t.is_empty()))
            && rest.iter().all(|r| r == first)
        {
            out.extend(first.iter().cloned());
            return true;
        }
        // Returns that differ only by a deployment's base in front (`if (API_BASE !== "/api")
        // return API_BASE; return \`${window.location.origin}/api\``, with `API_BASE` read as
        // its default `/api`): the path they share, on this deployment either way.
        let tails: Vec<(bool, Vec<Piece>)> =
            reads.iter().map(|r| after_deployment_base(r)).collect();
        if let [(_, first), rest @ ..] = tails.as_slice()
            && tails.iter().any(|(based, _)| *based)
            && matches!(first.first(), Some(Piece::Text(t)) if t.starts_with('/') && t.len() > 1)
            && rest.iter().all(|(_, r)| r == first)
        {
            out.extend(first.iter().cloned());
            return true;
        }
        false
    }

    /// See the `ExprKind::Function` arm of `read_fresh`: false when the function does not
    /// return exactly one value besides `null` and `undefined`.
    fn read_key_getter(
        &self,
        file: usize,
        function: seam_lang::model::FuncId,
        hops: usize,
        out: &mut Vec<Piece>,
    ) -> bool {
        let model = self.files.model(file);
        let returned: Vec<ExprId> = self
            .files
            .returned_values(file, function)
            .into_iter()
            .filter(|&r| !is_absent(model, r))
            .collect();
        let [returned] = returned[..] else {
            return false;
        };
        self.read(file, returned, hops - 1, out);
        true
    }

    /// The value a member read has when the code fixes it: a key of an object literal held
    /// in a constant (`environment.apiBaseUrl`, imported or not), or the initialiser of a
    /// field read through `this` that the constructor does not assign, when no subclass can
    /// give it another value: a `private` field, or any field of a class no project class
    /// extends (fields of extended classes stay holes, see `classes::instance_calls`).
    ///
    /// A field a method sets (`id = ""` with `setId(id) { this.id = id }`) holds its
    /// initialiser only until then: read after other text of the URL (`before`, the pieces
    /// read so far) it is a value the running program gives (a hole); read at the start of
    /// the URL it keeps its initialiser (`endpointPrefix = ""` set once at start-up).
    fn member_value(
        &self,
        file: usize,
        expr: ExprId,
        object: ExprId,
        name: &str,
        before: &[Piece],
    ) -> Option<(usize, ExprId)> {
        let model = self.files.model(file);
        if matches!(model.expr(object).kind, ExprKind::This) {
            if let Some(value) = crate::classes::object_literal_property(model, expr, name) {
                return Some((file, value));
            }
            if crate::classes::instance_field(self.files, file, expr).is_some() {
                return None;
            }
            let field = crate::classes::declared_field(self.files, file, expr)?;
            let class = crate::classes::class_of_receiver(self.files, file, object);
            let fixed = field.private || class.is_some_and(|class| !self.files.is_extended(class));
            let after_text = before
                .iter()
                .any(|p| matches!(p, Piece::Env) || matches!(p, Piece::Text(t) if !t.is_empty()));
            if after_text
                && class.is_some_and(|class| crate::classes::set_by_method(self.files, class, name))
            {
                return None;
            }
            return field.value.filter(|_| fixed).map(|v| (field.file, v));
        }
        // `self.URL` / `cls.URL` in a Python method: a class attribute of the instance's
        // class (the one a call through a subclass instance names, else the method's own when
        // no class extends it), unless a method assigns the attribute on the instance.
        if let Some(class) = crate::classes::python_receiver(model, object) {
            if self
                .files
                .field_assignments(file)
                .contains_key(&(class, name.to_owned()))
            {
                return None;
            }
            let class = self
                .this_class
                .or_else(|| Some((file, class)).filter(|c| !self.files.is_extended(*c)))?;
            return crate::class_defaults::class_attribute(self.files, class, name);
        }
        // A key of an object held under another key (`data["get_user"]["url"]`).
        if let ExprKind::Member { property, .. } = &model.expr(object).kind
            && literal_member_key(model, property).is_some()
        {
            return self.object_key(file, object, name).ok().flatten();
        }
        // A static field read through its class (`Sso.LOGIN_URI`).
        if let Some(value) = crate::classes::static_value(self.files, file, object, name) {
            return Some(value);
        }
        // A constant: not a parameter (unless a call site passed it) and never reassigned.
        let ExprKind::Ident {
            binding: Some(b), ..
        } = &model.expr(object).kind
        else {
            return None;
        };
        let binding = model.binding(*b);
        let fixed = !binding.reassigned && !matches!(binding.kind, BindingKind::Param { .. });
        if !fixed && !matches!(self.subst.get(&(file, *b)), Some(Some(_))) {
            return None;
        }
        self.object_key(file, object, name).ok().flatten()
    }

    fn read_binding(
        &self,
        file: usize,
        expr: ExprId,
        b: BindingId,
        hops: usize,
        out: &mut Vec<Piece>,
    ) {
        let model = self.files.model(file);
        let binding = model.binding(b);
        match self.subst.get(&(file, b)) {
            Some(Some((sf, se))) => {
                self.read(*sf, *se, hops - 1, out);
                return;
            }
            // Not passed: the parameter's default, where it declares one.
            Some(None) => {
                match crate::constructed_params::default_of(self, file, b) {
                    Some(default) => self.read(file, default, hops - 1, out),
                    None => out.push(Piece::Hole(binding.name.to_string())),
                }
                return;
            }
            None => {}
        }
        if let BindingKind::Param { function, index } = binding.kind {
            // A parameter declared as a union of string literals (`type: "up" | "down"`), or
            // as a project enumeration whose members are strings (`mode: Mode` with `enum Mode
            // { MINE = "my", PUBLIC = "public" }`): one form of the request per value.
            let mut literals = literal_union(model, function, index);
            if literals.is_empty() {
                literals = enum_values(self.files, file, function, index);
            }
            if literals.len() >= 2
                && let Some(choice) = crate::alternatives::choose_among(
                    file,
                    expr,
                    literals.len().min(crate::alternatives::MAX_BRANCHES),
                )
            {
                out.push(Piece::Text(literals[choice].clone()));
                return;
            }
            // A constructor's parameter: what the project's constructions pass.
            if crate::constructed_params::read(self, file, expr, b, out) {
                return;
            }
            out.push(Piece::Hole(binding.name.to_string()));
            return;
        }
        if binding.reassigned {
            if self.read_assigned_later(file, b, hops, out) {
                return;
            }
            if let Some(init) = self.param_rewritten(file, b) {
                self.read(file, init, hops - 1, out);
                return;
            }
            if let Some((init, fills)) = self.placeholders_replaced(file, b) {
                let mut template = Vec::new();
                self.read(file, init, hops - 1, &mut template);
                out.extend(self.filled_placeholders(file, template, &fills, hops));
                return;
            }
            if let Some(init) = query_appended(self.files, file, b) {
                self.read(file, init, hops - 1, out);
                return;
            }
            if self.read_appended(file, b, hops, out) {
                return;
            }
            if let Some(init) = self.default_of_reassigned(file, b, hops) {
                self.read(file, init, hops - 1, out);
                return;
            }
            // One form of the request per value a local is given on some paths.
            if let Some((key, values)) = self.assigned_values(file, b, hops)
                && let Some(choice) = self.assigned_choice(file, key, values.len())
            {
                self.read(file, values[choice], hops - 1, out);
                return;
            }
            out.push(Piece::Hole(binding.name.to_string()));
            return;
        }
        // `const { path, ...rest } = options` where the call site passed `options`, or where
        // `options` is a local never reassigned (`const options = useMemo(() => ({ ...o,
        // path }), [o])`): the key of what it holds.
        if let (Some(init), [PatternStep::Key(key)]) =
            (binding.origin.init, &binding.origin.path[..])
            && let ExprKind::Ident {
                binding: Some(held),
                ..
            } = &model.expr(init).kind
            && (matches!(self.subst.get(&(file, *held)), Some(Some(_)))
                || (!model.binding(*held).reassigned
                    && !matches!(model.binding(*held).kind, BindingKind::Param { .. })))
            && let Ok(Some((vf, ve))) = self.object_key(file, init, key)
        {
            self.read(vf, ve, hops - 1, out);
            return;
        }
        match self.files.binding_def(file, b, MAX_HOPS) {
            Some(def @ (Def::Binding(..) | Def::Expr(..))) => {
                let target = self.files.value_of(def);
                match target {
                    Some((vf, ve)) if (vf, ve) != (file, expr) => {
                        // A destructured name has no single initialiser to read.
                        self.read(vf, ve, hops - 1, out)
                    }
                    _ => out.push(Piece::Hole(binding.name.to_string())),
                }
            }
            // A name for a function (`const getKey = (page) => …`): a key getter.
            Some(Def::Function(ff, func)) if self.read_key_getter(ff, func, hops, out) => {}
            _ => out.push(Piece::Hole(binding.name.to_string())),
        }
    }

    /// A local that starts as a parameter and is only ever rewritten from that parameter
    /// (`let url = input; if (base) url = new URL(input, base)`): the parameter is what the
    /// value is made of, so it is read as the parameter. `None` for anything else.
    fn param_rewritten(&self, file: usize, b: BindingId) -> Option<ExprId> {
        let model = self.files.model(file);
        let binding = model.binding(b);
        if binding.scope.is_none() || !binding.origin.path.is_empty() {
            return None;
        }
        let init = binding.origin.init?;
        let ExprKind::Ident {
            binding: Some(param),
            ..
        } = &model.expr(init).kind
        else {
            return None;
        };
        if !matches!(model.binding(*param).kind, BindingKind::Param { .. }) {
            return None;
        }
        let mentions_param = |value: ExprId| {
            let span = model.expr(value).span;
            model.exprs.iter().any(|e| {
                span.contains(e.span)
                    && matches!(&e.kind, ExprKind::Ident { binding: Some(x), .. } if x == param)
            })
        };
        assignments_to(self.files, file, b)
            .all(|a| mentions_param(a.value))
            .then_some(init)
    }

    /// A local path template whose placeholders are filled in place (`path = "/users/{id}"`,
    /// then `path = path.replace("{id}", params.id)`, as generated clients write): the
    /// template itself, each `{id}` a parameter segment, with the (placeholder, value) pairs
    /// filled in. `None` for any other reassignment.
    fn placeholders_replaced(
        &self,
        file: usize,
        b: BindingId,
    ) -> Option<(ExprId, Vec<(String, ExprId)>)> {
        let model = self.files.model(file);
        let binding = model.binding(b);
        if binding.scope.is_none() || !binding.origin.path.is_empty() {
            return None;
        }
        let init = binding.origin.init?;
        let mut fills = Vec::new();
        for a in assignments_to(self.files, file, b) {
            if a.value == init {
                continue;
            }
            let ExprKind::Call { callee, args, .. } = &model.expr(a.value).kind else {
                return None;
            };
            let ExprKind::Member {
                object,
                property: MemberProp::Name(method),
                ..
            } = &model.expr(*callee).kind
            else {
                return None;
            };
            let on_itself = matches!(&model.expr(*object).kind,
                ExprKind::Ident { binding: Some(x), .. } if *x == b);
            let placeholder = args.first().is_some_and(|a| {
                fixed_text(model, a.value).is_some_and(|t| t.starts_with('{') && t.ends_with('}'))
            });
            if a.op != seam_lang::model::AssignOp::Assign
                || !(method == "replace" || method == "replaceAll")
                || !on_itself
                || !placeholder
            {
                return None;
            }
            if let [placeholder, value] = &args[..]
                && let Some(text) = fixed_text(model, placeholder.value)
            {
                fills.push((text, value.value));
            }
        }
        (!fills.is_empty()).then_some((init, fills))
    }

    /// A path template's placeholders replaced by the values a call fixes
    /// (`get_detail({ count: 10 })` reaching `path.replace("{count}", parameters["count"])`):
    /// the text the request sends. A value that is not fixed text leaves its placeholder.
    fn filled_placeholders(
        &self,
        file: usize,
        template: Vec<Piece>,
        fills: &[(String, ExprId)],
        hops: usize,
    ) -> Vec<Piece> {
        let fixed: Vec<(&str, String)> = fills
            .iter()
            .filter_map(|(placeholder, value)| {
                match self.pieces_hops(file, *value, hops - 1).as_slice() {
                    [Piece::Text(t)] if !t.is_empty() && !t.contains('/') => {
                        Some((placeholder.as_str(), t.clone()))
                    }
                    _ => None,
                }
            })
            .collect();
        template
            .into_iter()
            .map(|p| match p {
                Piece::Text(mut t) => {
                    for (placeholder, value) in &fixed {
                        t = t.replace(placeholder, value);
                    }
                    Piece::Text(t)
                }
                other => other,
            })
            .collect()
    }

    /// The value a reassigned name has unless a condition changes it: `prefix = ""` then
    /// `if site_path: prefix = f"{site_path}/"` reads as `""`. Only when the first value is
    /// readable text, every later assignment sits under a condition and none of them is
    /// readable: then the first value is the one the code itself gives and the others come
    /// from settings seam cannot see. For a module-level name, "under a condition" means not
    /// a statement of the module itself. A local is held to more: its first value is not
    /// empty, it is never counted (`i++`), each later assignment sits in the `then` branch
    /// (never an `else`) of an `if` of its own function (not in a closure, which may run at
    /// any time, and not in an `if` around the first value too), and fixes no text but
    /// slashes (`webPath = cfg.Path`), so a value built from a parameter (`` url =
    /// `/items/${id}` ``) is not taken for a setting; appending slashes alone (`webPath +=
    /// "/"`) only normalises whatever value the local has and is passed over, while any
    /// other append changes it.
    fn default_of_reassigned(&self, file: usize, b: BindingId, hops: usize) -> Option<ExprId> {
        // The values are read a few hops deep at most, under the reading's own budget (a
        // value that reads the name itself comes back here).
        let depth = hops.checked_sub(1)?.min(2);
        if depth == 0 {
            return None;
        }
        let model = self.files.model(file);
        let binding = model.binding(b);
        if !binding.origin.path.is_empty() {
            return None;
        }
        let init = binding.origin.init?;
        let mut first = Vec::new();
        self.read(file, init, depth, &mut first);
        if !first.iter().all(|p| matches!(p, Piece::Text(_))) {
            return None;
        }
        let top_level: Vec<ExprId> = model
            .body
            .iter()
            .filter_map(|&s| match &model.stmt(s).kind {
                seam_lang::model::StmtKind::Expr { expr } => Some(*expr),
                _ => None,
            })
            .collect();
        let declared = model.expr(init).span;
        // In the `then` branch of an `if` of the local's own function that is not around the
        // first value too; an `else` branch means one of the branches always replaces it.
        let ifs = self.files.if_statements(file);
        let under_own_if = |a: ExprId| {
            let at = model.expr(a).span;
            crate::files::enclosing_function(model, at) == binding.scope
                && ifs.iter().any(|&(span, _, then, _)| {
                    !span.contains(declared) && model.stmt(then).span.contains(at)
                })
                && !ifs.iter().any(|&(span, _, _, otherwise)| {
                    !span.contains(declared)
                        && otherwise.is_some_and(|o| model.stmt(o).span.contains(at))
                })
        };
        let slashes = |t: &str| t.chars().all(|c| c == '/');
        // A local counted up or down (`i++`, a loop's counter) has no first value that
        // stands, and one whose reassignments are none seen is changed where seam cannot see.
        // A local's empty first value (`let userId = ""`) is a placeholder the code fills,
        // not a path of its own.
        if binding.scope.is_some()
            && first
                .iter()
                .all(|p| matches!(p, Piece::Text(t) if t.is_empty()))
        {
            return None;
        }
        if binding.scope.is_some() {
            let counted = model.exprs.iter().any(|e| {
                matches!(&e.kind, ExprKind::Update { arg, .. }
                    if matches!(&model.expr(*arg).kind, ExprKind::Ident { binding: Some(x), .. } if *x == b))
            });
            let seen = assignments_to(self.files, file, b).any(|a| a.value != init);
            if counted || !seen {
                return None;
            }
        }
        for a in assignments_to(self.files, file, b) {
            if a.value == init {
                continue;
            }
            let conditional = match binding.scope {
                None => !top_level.contains(&a.expr),
                Some(_) => under_own_if(a.expr),
            };
            if !conditional {
                return None;
            }
            let mut later = Vec::new();
            self.read(file, a.value, depth, &mut later);
            let readable = match binding.scope {
                None => later.iter().all(|p| matches!(p, Piece::Text(_))),
                Some(_) if a.op == seam_lang::model::AssignOp::Compound => {
                    if later
                        .iter()
                        .all(|p| matches!(p, Piece::Text(t) if slashes(t)))
                    {
                        continue;
                    }
                    true
                }
                Some(_) => later
                    .iter()
                    .any(|p| matches!(p, Piece::Text(t) if !slashes(t))),
            };
            if readable {
                return None;
            }
        }
        Some(init)
    }

    /// The value of `key` in the object an expression holds (following names), as an
    /// expression: `Ok(Some)` when the key is there, `Ok(None)` when the object is readable
    /// and has no such key, `Err(())` when the object cannot be read.
    #[allow(clippy::result_unit_err)]
    pub fn object_key(
        &self,
        file: usize,
        expr: ExprId,
        key: &str,
    ) -> Result<Option<(usize, ExprId)>, ()> {
        self.object_key_hops(file, expr, key, KEY_HOPS)
    }

    fn object_key_hops(
        &self,
        file: usize,
        expr: ExprId,
        key: &str,
        hops: usize,
    ) -> Result<Option<(usize, ExprId)>, ()> {
        if hops == 0 {
            return Err(());
        }
        let model = self.files.model(file);
        if let Some((vf, ve)) = crate::settings_objects::setting_value(self.files, file, expr) {
            return self.object_key_hops(vf, ve, key, hops - 1);
        }
        // `Object.freeze({ … })` is the object it freezes.
        if let Some(frozen) = frozen_object(model, expr) {
            return self.object_key_hops(file, frozen, key, hops - 1);
        }
        match &model.expr(expr).kind {
            // Python's `table.get(name)` over a table of objects: as `table[name]`.
            ExprKind::Call { callee, args, .. }
                if model.language == seam_lang::model::Language::Python
                    && !args.is_empty()
                    && let ExprKind::Member {
                        object,
                        property: MemberProp::Name(get),
                        ..
                    } = &model.expr(*callee).kind
                    && get == "get" =>
            {
                match self.chosen_table_object(file, expr, *object) {
                    Some((tf, entry)) => self.object_key_hops(tf, entry, key, hops - 1),
                    None => Err(()),
                }
            }
            ExprKind::Object { props } => {
                let mut result = Ok(None);
                for p in props {
                    match p {
                        ObjectProp::KeyValue { key: k, value, .. } if k.as_str() == Some(key) => {
                            result = Ok(Some((file, *value)));
                        }
                        ObjectProp::Spread { value } => {
                            match self.object_key_hops(file, *value, key, hops - 1) {
                                Ok(Some(found)) => result = Ok(Some(found)),
                                Ok(None) => {}
                                // A spread we cannot read may hold the key.
                                Err(()) => {
                                    if !matches!(result, Ok(Some(_))) {
                                        result = Err(());
                                    }
                                }
                            }
                        }
                        _ => {}
                    }
                }
                result
            }
            ExprKind::Ident {
                binding: Some(b), ..
            } => {
                // `function f({ path, ...options })`: `options` holds every key passed but
                // the ones named beside it.
                if named_beside_rest_param(model, *b, key) {
                    return Ok(None);
                }
                match self.subst.get(&(file, *b)) {
                    Some(Some((sf, se))) => return self.object_key_hops(*sf, *se, key, hops - 1),
                    // Not passed: the options object has no keys at all.
                    Some(None) => return Ok(None),
                    None => {}
                }
                // `options.url = root + options.url` after `const options = { … }`: the key
                // as last written before this read.
                if let Some(crate::key_writes::KeyWrite::Set(value)) =
                    self.key_written(file, *b, key, expr)
                {
                    return Ok(Some((file, value)));
                }
                // `const { headers, ...rest } = opts`: `rest` holds every key of `opts` but
                // the ones named beside it.
                let binding = model.binding(*b);
                if let (Some(init), [PatternStep::Rest]) =
                    (binding.origin.init, &binding.origin.path[..])
                {
                    let named_beside = model.bindings.iter().any(|other| {
                        other.origin.init == Some(init)
                            && matches!(&other.origin.path[..], [PatternStep::Key(k)] if k == key)
                    });
                    if named_beside {
                        return Ok(None);
                    }
                    return self.object_key_hops(file, init, key, hops - 1);
                }
                let def = self.files.binding_def(file, *b, MAX_HOPS);
                // A module imported whole (`import * as environments`): its export of that
                // name (`environments.Api.Default`).
                if let Some(crate::files::Def::Module(target)) = def {
                    return self
                        .files
                        .export_def(target, key, MAX_HOPS)
                        .and_then(|d| self.files.value_of(d))
                        .map(Some)
                        .ok_or(());
                }
                match def.and_then(|d| self.files.value_of(d)) {
                    Some((vf, ve)) if (vf, ve) != (file, expr) => {
                        self.object_key_hops(vf, ve, key, hops - 1)
                    }
                    // `const { requestOptions } = useMemo(…)`: the key of the object held
                    // under that key of the initialiser.
                    _ => match (binding.origin.init, &binding.origin.path[..]) {
                        (Some(init), [PatternStep::Key(outer)]) if init != expr => {
                            match self.object_key_hops(file, init, outer, hops - 1)? {
                                Some((vf, ve)) => self.object_key_hops(vf, ve, key, hops - 1),
                                None => Err(()),
                            }
                        }
                        _ => Err(()),
                    },
                }
            }
            ExprKind::Await { arg } => self.object_key_hops(file, *arg, key, hops - 1),
            // No options at all (`auth ? { headers } : undefined`): no key.
            _ if is_absent(model, expr) => Ok(None),
            // `settings["get_user"]["url"]`, `config.oauth.tokenUrl`: the key of the object
            // held under the outer key.
            ExprKind::Member {
                object, property, ..
            } if let Some(outer) = literal_member_key(model, property) => {
                match self.object_key_hops(file, *object, outer, hops - 1)? {
                    Some((vf, ve)) => self.object_key_hops(vf, ve, key, hops - 1),
                    None => Ok(None),
                }
            }
            // `PROVIDERS[name].tokenUrl` over a table of objects, with a name the reading does
            // not fix: the object of the branch this form of the request takes.
            ExprKind::Member {
                object,
                property: MemberProp::Computed(_),
                ..
            } => match self.chosen_table_object(file, expr, *object) {
                Some((tf, entry)) => self.object_key_hops(tf, entry, key, hops - 1),
                None => Err(()),
            },
            // A request described lazily (`httpResource(() => ({ url, params }))`): the one
            // object the function returns besides `undefined` (no request yet).
            ExprKind::Function { function } => {
                let returned: Vec<ExprId> = self
                    .files
                    .returned_values(file, *function)
                    .into_iter()
                    .filter(|&r| !is_absent(model, r))
                    .collect();
                let [one] = returned[..] else {
                    return Err(());
                };
                self.object_key_hops(file, one, key, hops - 1)
            }
            // `cond ? { body } : {}`: readable when neither branch has the key.
            ExprKind::Conditional {
                consequent,
                alternate,
                ..
            } => match (
                self.object_key_hops(file, *consequent, key, hops - 1)?,
                self.object_key_hops(file, *alternate, key, hops - 1)?,
            ) {
                (None, None) => Ok(None),
                _ => Err(()),
            },
            // An instance of a project class (`settings = Settings()`): the attribute the call
            // gives or the class declares.
            ExprKind::Call { callee, args, .. }
                if let Some(class) = crate::classes::class_of_expr(self.files, file, *callee) =>
            {
                crate::class_defaults::instance_attribute(self.files, file, args, class, key)
            }
            // A library memo (`useMemo(() => ({ ...options, path }), [options])`): the key of
            // the one value its callback returns.
            ExprKind::Call {
                callee,
                args,
                is_new: false,
                ..
            } if let Some(callback) =
                crate::library_constants::memo_callback(model, *callee, args) =>
            {
                let [returned] = self.files.returned_values(file, callback)[..] else {
                    return Err(());
                };
                self.object_key_hops(file, returned, key, hops - 1)
            }
            // A project function that returns one object (`normalize(init)` returning
            // `{ ...init, headers }`): its key, read with the call's arguments bound.
            ExprKind::Call {
                callee,
                is_new: false,
                ..
            } => {
                // A function a library call was given (`const useStore = create((set) => ({
                // … }))`): calling what the library returned need not call it, and a store's
                // function gives its initial state, which the app changes.
                if let Some(def) = self.files.definition(file, *callee)
                    && let Some((vf, ve)) = self.files.value_of(def)
                    && matches!(self.files.model(vf).expr(ve).kind, ExprKind::Call { .. })
                {
                    return Err(());
                }
                let (ff, func) = self.files.function_of(file, *callee).ok_or(())?;
                let [returned] = self.files.returned_values(ff, func)[..] else {
                    return Err(());
                };
                let bound =
                    crate::templates::bind_arguments(self.files, self, ff, func, file, expr);
                let layered = crate::templates::layered(self.subst, bound);
                let inner = Reader {
                    files: self.files,
                    environment: self.environment,
                    subst: &layered,
                    this_class: self
                        .this_class
                        .or_else(|| self.class_of_this_call(file, *callee)),
                };
                inner.object_key_hops(ff, returned, key, hops - 1)
            }
            _ => Err(()),
        }
    }
}

/// One assignment to a name (`x = v`, `x += v`).
pub(crate) struct Assignment {
    /// The assignment expression.
    pub(crate) expr: ExprId,
    pub(crate) op: seam_lang::model::AssignOp,
    pub(crate) value: ExprId,
}

/// Every assignment of a file whose target is the name bound by `b`, in source order.
pub(crate) fn assignments_to<'a>(
    files: &'a Files,
    file: usize,
    b: BindingId,
) -> impl Iterator<Item = Assignment> + 'a {
    let model = files.model(file);
    files
        .assignments_of(file, b)
        .iter()
        .filter_map(move |&expr| {
            let ExprKind::Assign { op, value, .. } = &model.expr(expr).kind else {
                return None;
            };
            Some(Assignment {
                expr,
                op: *op,
                value: *value,
            })
        })
}

/// True when `b` is the rest of a parameter's object pattern (`options` in `({ path,
/// ...options })`) and `key` is named beside it (`path`): the rest does not hold that key.
fn named_beside_rest_param(model: &seam_lang::model::Model, b: BindingId, key: &str) -> bool {
    let binding = model.binding(b);
    let BindingKind::Param { function, index } = binding.kind else {
        return false;
    };
    let Some((PatternStep::Rest, prefix)) = binding.origin.path.split_last() else {
        return false;
    };
    model.bindings.iter().any(|other| {
        matches!(other.kind, BindingKind::Param { function: f, index: i } if f == function && i == index)
            && other.origin.path.len() == prefix.len() + 1
            && other.origin.path.starts_with(prefix)
            && matches!(&other.origin.path[prefix.len()], PatternStep::Key(k) if k == key)
    })
}

/// A name whose every reassignment only appends a query string to it (`url =
/// \`${url}?notify=true\``, `url = url + "?" + q`, also on one branch of a conditional:
/// `url = token ? \`${url}?${q}\` : url`): the path is its initial value's.
fn query_appended(files: &Files, file: usize, b: BindingId) -> Option<ExprId> {
    let model = files.model(file);
    let binding = model.binding(b);
    let init = binding.origin.init?;
    if !binding.origin.path.is_empty() {
        return None;
    }
    let is_self = |e: ExprId| matches!(&model.expr(e).kind, ExprKind::Ident { binding: Some(x), .. } if *x == b);
    let starts_query = |e: ExprId| match &model.expr(e).kind {
        ExprKind::Literal {
            value: LiteralValue::String { value },
        } => value.starts_with('?'),
        ExprKind::Template(t) => t.quasis.first().is_some_and(|q| q.starts_with('?')),
        _ => false,
    };
    // The value appends a query string to the name, or (`url = token ? `${url}?${q}` : url`)
    // each branch of a conditional does or leaves the name as it is.
    fn appends(
        model: &seam_lang::model::Model,
        e: ExprId,
        is_self: &dyn Fn(ExprId) -> bool,
        starts_query: &dyn Fn(ExprId) -> bool,
        depth: usize,
    ) -> bool {
        match &model.expr(e).kind {
            ExprKind::Template(boxed) if boxed.tag.is_none() => {
                let seam_lang::model::TemplateExpr { quasis, exprs, .. } = &**boxed;
                quasis.first().is_some_and(String::is_empty)
                    && exprs.first().is_some_and(|e| is_self(*e))
                    && quasis.get(1).is_some_and(|q| q.starts_with('?'))
            }
            ExprKind::Binary {
                op: BinaryOp::Add,
                left,
                right,
            } => {
                // `url + "?" + q` parses as `(url + "?") + q`.
                let mut leftmost = (*left, *right);
                while let ExprKind::Binary {
                    op: BinaryOp::Add,
                    left,
                    right,
                } = &model.expr(leftmost.0).kind
                {
                    leftmost = (*left, *right);
                }
                is_self(leftmost.0) && starts_query(leftmost.1)
            }
            ExprKind::Conditional {
                consequent,
                alternate,
                ..
            } if depth < 4 => [*consequent, *alternate].iter().all(|&branch| {
                is_self(branch) || appends(model, branch, is_self, starts_query, depth + 1)
            }),
            _ => false,
        }
    }
    let mut any = false;
    for a in assignments_to(files, file, b) {
        if a.op != seam_lang::model::AssignOp::Assign
            || !appends(model, a.value, &is_self, &starts_query, 0)
        {
            return None;
        }
        any = true;
    }
    any.then_some(init)
}

/// The argument of a JavaScript `Object.freeze(x)` (the global `Object`, not a local name),
/// which gives back `x` itself.
fn frozen_object(model: &seam_lang::model::Model, expr: ExprId) -> Option<ExprId> {
    if !model.language.is_js_family() {
        return None;
    }
    let (object, name, args) = crate::files::method_call(model, expr)?;
    let global_object = matches!(
        &model.expr(object).kind,
        ExprKind::Ident { name, binding: None } if name == "Object"
    );
    match args {
        [arg] if global_object && name == "freeze" && !arg.spread => Some(arg.value),
        _ => None,
    }
}

/// Whether a URL written so far holds a path already: past a scheme (`https://`), it has a `/`
/// before any query string.
fn inside_path(text: &str) -> bool {
    let after_scheme = text.split_once("://").map_or(text, |(_, rest)| rest);
    let before_query = after_scheme.split(['?', '#']).next().unwrap_or("");
    before_query.contains('/')
}

/// The name of a hole: what the code called the value, or `value`.
pub fn hole_name(file: usize, expr: ExprId, files: &Files) -> String {
    let model = files.model(file);
    match &model.expr(expr).kind {
        ExprKind::Ident { name, .. } => name.to_string(),
        ExprKind::Member {
            property: MemberProp::Name(name),
            ..
        } => name.to_string(),
        ExprKind::Call { callee, args, .. } => match &model.expr(*callee).kind {
            ExprKind::Member {
                object,
                property: MemberProp::Name(name),
                ..
            } if name == "toString" || name == "trim" => hole_name(file, *object, files),
            // A builtin conversion of one value (`str(object_id)`, `String(id)`): the value's
            // name.
            ExprKind::Ident { binding: None, .. } if args.len() == 1 => {
                hole_name(file, args[0].value, files)
            }
            _ => "value".to_owned(),
        },
        _ => "value".to_owned(),
    }
}

/// A value read with any deployment's base in front of it set aside (`${window.location.origin}/api`
/// is `/api`), adjacent texts joined and empty ones dropped; true when there was such a base.
fn after_deployment_base(pieces: &[Piece]) -> (bool, Vec<Piece>) {
    let mut rest = pieces
        .iter()
        .skip_while(|p| **p == Piece::Text(String::new()))
        .peekable();
    let based = rest.next_if(|p| **p == Piece::Env).is_some();
    let mut out: Vec<Piece> = Vec::new();
    for piece in rest {
        match (out.last_mut(), piece) {
            (_, Piece::Text(t)) if t.is_empty() => {}
            (Some(Piece::Text(last)), Piece::Text(t)) => last.push_str(t),
            _ => out.push(piece.clone()),
        }
    }
    (based, out)
}

/// Writes pieces as a path: holes as `{name}`, an environment variable as nothing, a scheme
/// and host dropped, a query string and fragment dropped.
pub fn path_of(pieces: &[Piece]) -> String {
    let mut s = String::new();
    for p in pieces {
        match p {
            Piece::Text(t) => s.push_str(t),
            Piece::Hole(h) => {
                s.push('{');
                s.push_str(h);
                s.push('}');
            }
            // Inside a path (`/api/projects/${process.env.PROJECT_ID}/query`) a variable is a
            // value of it; before one, the deployment's base.
            Piece::Env if inside_path(&s) => s.push_str("{value}"),
            Piece::Env => {}
        }
    }
    strip_origin_and_query(&s)
}

/// A client URL's path: as [`path_of`], except that a value seam could not read at the very
/// start, followed by an absolute path (`${base}/api/items`, `config.root + "/api"`), is a
/// base URL (its origin is [`UNKNOWN_ORIGIN`]) and not a segment of the path.
pub fn client_url_path(pieces: &[Piece]) -> String {
    let mut rest = pieces
        .iter()
        .skip_while(|p| **p == Piece::Text(String::new()));
    if let Some(Piece::Hole(_)) = rest.next() {
        // Adjacent texts read as one (`${base}${"/"}v1/x`: a separator, then the path). A
        // separator followed by an absolute path (`host + "/"` joined to `"/apps"`) is one
        // slash, not the `//` that starts a host: the base is the origin. (`${protocol}//host`
        // writes its `//` as one text, which stays.)
        let mut after: Vec<Piece> = Vec::new();
        let mut texts = 0;
        for piece in rest {
            match (after.last_mut(), piece) {
                (_, Piece::Text(t)) if t.is_empty() => {}
                (Some(Piece::Text(last)), Piece::Text(t)) => {
                    if texts == 1 && last == "/" && t.starts_with('/') {
                        last.clear();
                    }
                    texts += 1;
                    last.push_str(t);
                }
                _ => {
                    texts += usize::from(matches!(piece, Piece::Text(_)));
                    after.push(piece.clone());
                }
            }
        }
        let next = after.iter().find(|p| **p != Piece::Text(String::new()));
        if matches!(next, Some(Piece::Text(t)) if t.starts_with('/') && t.len() > 1) {
            return path_of(&after);
        }
        // `${base}users/1`: a base that ends in `/` (one that did not would run into the
        // path), so the path is `/users/1`.
        if let Some(Piece::Text(t)) = next
            && t.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
        {
            let mut after = after.clone();
            if let Some(Piece::Text(first)) =
                after.iter_mut().find(|p| **p != Piece::Text(String::new()))
            {
                first.insert(0, '/');
            }
            return path_of(&after);
        }
    }
    path_of(pieces)
}

/// What of a base URL stays in front of a relative URL resolved against it: for an absolute
/// path (`/x`), only the origin (nothing for a base that is itself a path); otherwise the
/// base up to its last `/`. A base that starts with a value seam cannot read keeps it, so the
/// URL's origin stays unknown.
fn resolved_base(mut base: Vec<Piece>, absolute_path: bool) -> Vec<Piece> {
    let known = base
        .iter()
        .take_while(|p| matches!(p, Piece::Text(_)))
        .count();
    if absolute_path {
        if known == base.len() {
            return match origin_of(&base) {
                Some(origin) if origin != UNKNOWN_ORIGIN => vec![Piece::Text(origin)],
                _ => Vec::new(),
            };
        }
        base.truncate(known + 1);
        return base;
    }
    if let Some(Piece::Text(last)) = base.last_mut() {
        let scheme_end = last.find("://").map_or(0, |i| i + 3);
        match last[scheme_end..].rfind('/') {
            Some(i) => last.truncate(scheme_end + i + 1),
            None if scheme_end > 0 => last.push('/'),
            None => {}
        }
    }
    base
}

/// True when the pieces start with an absolute URL (`https://…`), which a base URL does not
/// prefix.
pub fn is_absolute(pieces: &[Piece]) -> bool {
    // A template literal starts with its first text, empty before a leading `${…}`.
    match pieces.iter().find(|p| **p != Piece::Text(String::new())) {
        Some(Piece::Text(t)) => t.contains("://") || t.starts_with("//"),
        Some(Piece::Env) => true,
        _ => false,
    }
}

/// Whether an expression is `undefined` or `null`: a branch that gives no value.
impl Reader<'_> {
    /// Whether one branch of a conditional is empty (`""`, `undefined`, `null`) and the other
    /// a query string (`"?" + q`): the branches differ in the query only, which adds nothing
    /// to the path.
    fn query_or_nothing(&self, file: usize, a: ExprId, b: ExprId, hops: usize) -> bool {
        let model = self.files.model(file);
        let empty = |e: ExprId| {
            is_absent(model, e)
                || matches!(&model.expr(e).kind,
                    ExprKind::Literal { value: LiteralValue::String { value } } if value.is_empty())
        };
        let query = |e: ExprId| {
            let mut pieces = Vec::new();
            self.read(file, e, hops.saturating_sub(1).min(4), &mut pieces);
            matches!(pieces.first(), Some(Piece::Text(t)) if t.starts_with('?'))
        };
        (empty(a) && query(b)) || (empty(b) && query(a))
    }
}

/// Whether `expr` is the empty text literal (`''`).
/// A text that starts with `?`, a query string: a literal, a template or a sum whose first
/// part does (`"?" + params`).
fn starts_query_string(model: &seam_lang::model::Model, expr: ExprId) -> bool {
    match &model.expr(expr).kind {
        ExprKind::Literal {
            value: LiteralValue::String { value },
        } => value.starts_with('?'),
        ExprKind::Template(t) if t.tag.is_none() => {
            t.quasis.first().is_some_and(|q| q.starts_with('?'))
        }
        ExprKind::Binary {
            op: BinaryOp::Add,
            left,
            ..
        } => starts_query_string(model, *left),
        _ => false,
    }
}

fn is_empty_text(model: &seam_lang::model::Model, expr: ExprId) -> bool {
    matches!(
        &model.expr(expr).kind,
        ExprKind::Literal {
            value: LiteralValue::String { value },
        } if value.is_empty()
    )
}

pub(crate) fn is_absent(model: &seam_lang::model::Model, expr: ExprId) -> bool {
    matches!(
        model.expr(expr).kind,
        ExprKind::Literal {
            value: LiteralValue::Undefined | LiteralValue::Null
        }
    )
}

/// `metadata.http.origin` of a call whose URL starts with a value seam could not read (a
/// parameter, a field, a configuration value): it may name another host, a base path, or both.
pub const UNKNOWN_ORIGIN: &str = "unknown";

/// Where a URL goes, as far as its text says: `None` for this deployment (a path, a relative
/// URL, or an environment variable's base URL), the origin (`https://api.example.com`,
/// scheme and host lowercased, port kept) for an absolute URL written out, and
/// [`UNKNOWN_ORIGIN`] when the URL starts with a value that could not be read.
pub fn origin_of(pieces: &[Piece]) -> Option<String> {
    let mut text = String::new();
    let mut after = None;
    for p in pieces {
        match p {
            Piece::Text(t) => text.push_str(t),
            other => {
                after = Some(other);
                break;
            }
        }
    }
    if text.is_empty() {
        return match after {
            Some(Piece::Hole(_)) => Some(UNKNOWN_ORIGIN.to_owned()),
            _ => None,
        };
    }
    let (scheme, rest) = if let Some(rest) = text.strip_prefix("//") {
        ("", rest)
    } else {
        let (scheme, rest) = text.split_once("://")?;
        let is_scheme = scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
        if !is_scheme {
            return None;
        }
        (scheme, rest)
    };
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    // `user:password@host`: only the host and port say where the call goes.
    let authority = rest[..end].rsplit('@').next().unwrap_or_default();
    let mut authority = authority.to_ascii_lowercase();
    if end == rest.len() {
        match after {
            // `https://${host}/…`: the host itself is unknown.
            Some(Piece::Hole(_)) | Some(Piece::Env) if authority.is_empty() => {
                return Some(UNKNOWN_ORIGIN.to_owned());
            }
            // `http://localhost:${port}/…`: a host with a port read at run time.
            Some(Piece::Hole(h)) if authority.ends_with(':') => {
                authority.push('{');
                authority.push_str(h);
                authority.push('}');
            }
            _ => {}
        }
    }
    if authority.is_empty() {
        return Some(UNKNOWN_ORIGIN.to_owned());
    }
    Some(if scheme.is_empty() {
        format!("//{authority}")
    } else {
        format!("{}://{authority}", scheme.to_ascii_lowercase())
    })
}

fn strip_origin_and_query(s: &str) -> String {
    let mut rest = s;
    if let Some(i) = rest.find("://") {
        let after = &rest[i + 3..];
        rest = match after.find('/') {
            Some(j) => &after[j..],
            None => "",
        };
    } else if let Some(after) = rest.strip_prefix("//") {
        rest = match after.find('/') {
            Some(j) => &after[j..],
            None => "",
        };
    }
    let end = rest
        .char_indices()
        .find(|&(i, c)| {
            c == '#'
                || c == '?'
                    && !optional_parameter_mark(rest, i)
                    && !optional_parameter_segment(rest, i)
                    && !optional_brace_parameter(rest, i)
        })
        .map_or(rest.len(), |(i, _)| i);
    rest[..end].to_owned()
}

/// Whether the `?` at `at` marks the `:name` parameter it ends as optional (`/download/:version?`,
/// zero or one segment) rather than starting a query: it closes a segment that is a parameter.
fn optional_parameter_mark(path: &str, at: usize) -> bool {
    let after = &path[at + 1..];
    if !(after.is_empty() || after.starts_with('/')) {
        return false;
    }
    let segment = path[..at].rsplit('/').next().unwrap_or("");
    segment.strip_prefix(':').is_some_and(|name| {
        !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_')
    })
}

/// Whether the `?` at `at` closes a parameter in braces as optional (`{brandId?}`, ASP.NET
/// Core's `{brandId:int?}`) rather than starting a query: a `}` follows it and a `{` of the
/// same segment is still open.
fn optional_brace_parameter(path: &str, at: usize) -> bool {
    if !path[at + 1..].starts_with('}') {
        return false;
    }
    let segment = path[..at].rsplit('/').next().unwrap_or("");
    segment
        .rfind('{')
        .is_some_and(|open| !segment[open..].contains('}'))
}

/// Whether the `?` at `at` opens a segment `?:name` (Beego's optional parameter,
/// `/api/get-user/?:id`) rather than a query: a query that starts with `:` and a name is no
/// query a server reads, so the segment is kept for the pack to read.
fn optional_parameter_segment(path: &str, at: usize) -> bool {
    if at > 0 && !path[..at].ends_with('/') {
        return false;
    }
    let segment = path[at + 1..].split('/').next().unwrap_or("");
    segment.strip_prefix(':').is_some_and(|name| {
        !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_')
    })
}

/// Joins a base path and a path with exactly one `/` between them.
pub fn join_paths(base: &str, path: &str) -> String {
    let base = base.trim_end_matches('/');
    if path.is_empty() || path == "/" {
        return if base.is_empty() {
            "/".to_owned()
        } else {
            base.to_owned()
        };
    }
    if path.starts_with('/') {
        format!("{base}{path}")
    } else {
        format!("{base}/{path}")
    }
}

/// Reads a method value a pack declares. `None` when it could not be read.
pub fn read_method(
    reader: &Reader,
    pack_value: &seam_packs::ValueRead,
    file: usize,
    captures: &Captures,
) -> Option<String> {
    use seam_packs::{Capture, ValueRead};
    let method = match pack_value {
        ValueRead::Text(t) => Some(t.clone()),
        ValueRead::Number(_) => None,
        ValueRead::Meta(m) => match captures.get(m)? {
            Capture::Name(n, _) => Some(n.clone()),
            Capture::Expr(e) => reader.constant(file, *e),
            Capture::List(_) => None,
        },
        ValueRead::Option { meta, key, default } => {
            let obj = captures.get(meta)?.expr()?;
            match reader.object_key(file, obj, key) {
                Ok(Some((vf, ve))) => reader.constant(vf, ve),
                Ok(None) => default.clone(),
                Err(()) => None,
            }
        }
        ValueRead::Chain {
            meta,
            call,
            method_calls,
            default,
            key,
        } => crate::builder_chains::chain_method(
            reader,
            file,
            captures.get(meta)?.expr()?,
            call.as_deref(),
            key.as_deref(),
            method_calls,
            default.as_deref(),
        ),
    }?;
    Some(if method.eq_ignore_ascii_case("all") {
        "*".to_owned()
    } else {
        method.to_ascii_uppercase()
    })
}

/// The pack whose environment patterns a reader uses.
pub fn environment_of(pack: &Pack) -> &[seam_packs::PatternNode] {
    &pack.environment
}

/// The key a member read names when it is fixed: `x.name` or `x["name"]`.
pub(crate) fn literal_member_key<'m>(
    model: &'m seam_lang::model::Model,
    property: &'m MemberProp,
) -> Option<&'m str> {
    match property {
        MemberProp::Name(name) => Some(name),
        MemberProp::Computed(key) => match &model.expr(*key).kind {
            ExprKind::Literal {
                value: LiteralValue::String { value },
            } => Some(value),
            _ => None,
        },
        MemberProp::Private(_) => None,
    }
}

/// The declared type of a function's parameter, when it has one.
fn param_type(
    model: &seam_lang::model::Model,
    function: seam_lang::model::FuncId,
    index: u32,
) -> Option<&seam_lang::model::TypeRef> {
    model
        .function(function)
        .params
        .get(index as usize)
        .and_then(|p| p.type_annotation.as_ref())
        .map(|t| &t.shape)
}

/// The strings a parameter's declared type allows when it is a union of string literals
/// (`type: "up" | "down"`); empty for any other type.
fn literal_union(
    model: &seam_lang::model::Model,
    function: seam_lang::model::FuncId,
    index: u32,
) -> Vec<String> {
    let Some(seam_lang::model::TypeRef::Union { variants }) = param_type(model, function, index)
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for v in variants {
        match v {
            seam_lang::model::TypeRef::Literal {
                value: LiteralValue::String { value },
            } => out.push(value.to_string()),
            _ => return Vec::new(),
        }
    }
    out
}

/// The string values of the project enumeration a parameter is declared as (`mode: Mode`),
/// when every member has one and there are no more than the forms one request may take;
/// empty otherwise.
fn enum_values(
    files: &Files,
    file: usize,
    function: seam_lang::model::FuncId,
    index: u32,
) -> Vec<String> {
    let model = files.model(file);
    let Some(seam_lang::model::TypeRef::Named { name, args }) = param_type(model, function, index)
    else {
        return Vec::new();
    };
    if !args.is_empty() || name.contains('.') {
        return Vec::new();
    }
    let Some(Def::Binding(df, b)) = files
        .module_binding(file, name)
        .and_then(|b| files.binding_def(file, b, MAX_HOPS))
    else {
        return Vec::new();
    };
    let decl_model = files.model(df);
    let BindingKind::TypeDecl { decl } = decl_model.binding(b).kind else {
        return Vec::new();
    };
    let decl = decl_model.type_decl(decl);
    if decl.kind != seam_lang::model::TypeDeclKind::Enum
        || decl.member_values.len() != decl.members.len()
        || decl.members.len() > crate::alternatives::MAX_BRANCHES
    {
        return Vec::new();
    }
    decl.member_values
        .iter()
        .map(|v| match v {
            Some(LiteralValue::String { value }) => Some(value.to_string()),
            _ => None,
        })
        .collect::<Option<Vec<String>>>()
        .unwrap_or_default()
}

/// The text a string literal, or a template whose every part is a string literal, always
/// is: generated clients write a placeholder as `` `{${"id"}}` ``.
fn fixed_text(model: &seam_lang::model::Model, expr: ExprId) -> Option<String> {
    match &model.expr(expr).kind {
        ExprKind::Literal {
            value: LiteralValue::String { value },
        } => Some(value.to_string()),
        ExprKind::Template(boxed) if boxed.tag.is_none() => {
            let seam_lang::model::TemplateExpr { quasis, exprs, .. } = &**boxed;
            let mut text = String::new();
            for (i, quasi) in quasis.iter().enumerate() {
                text.push_str(quasi);
                if let Some(&e) = exprs.get(i) {
                    text.push_str(&fixed_text(model, e)?);
                }
            }
            Some(text)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_optional_parameter_mark_is_no_query() {
        let path = |s: &str| path_of(&[Piece::Text(s.to_owned())]);
        assert_eq!(
            path("/files/:id/download/:version?"),
            "/files/:id/download/:version?"
        );
        assert_eq!(path("/a/:lang?/b"), "/a/:lang?/b");
        assert_eq!(path("/items?page=1"), "/items");
        assert_eq!(path("/items/:id?page=1"), "/items/:id");
        assert_eq!(path("/items/?"), "/items/");
        // A parameter in braces marked optional, with or without constraints (ASP.NET Core).
        assert_eq!(path("/brand/{brandId?}"), "/brand/{brandId?}");
        assert_eq!(path("/brand/{brandId:int?}/x"), "/brand/{brandId:int?}/x");
        assert_eq!(path("/brand/{id}?q={q}"), "/brand/{id}");
    }

    #[test]
    fn origins_say_where_a_url_goes() {
        let t = |s: &str| Piece::Text(s.to_owned());
        let h = |s: &str| Piece::Hole(s.to_owned());
        assert_eq!(origin_of(&[t("/api/x")]), None);
        assert_eq!(origin_of(&[t("api/x")]), None);
        assert_eq!(origin_of(&[Piece::Env, t("/x")]), None);
        assert_eq!(origin_of(&[]), None);
        assert_eq!(
            origin_of(&[t("https://News.YCombinator.com/")]).as_deref(),
            Some("https://news.ycombinator.com")
        );
        assert_eq!(
            origin_of(&[t("https://graph.facebook.com"), h("id")]).as_deref(),
            Some("https://graph.facebook.com")
        );
        assert_eq!(
            origin_of(&[t("http://localhost:"), h("port"), t("/api")]).as_deref(),
            Some("http://localhost:{port}")
        );
        assert_eq!(
            origin_of(&[t("//cdn.example.com/a.js")]).as_deref(),
            Some("//cdn.example.com")
        );
        assert_eq!(
            origin_of(&[t("https://u:p@api.example.com:8443?q")]).as_deref(),
            Some("https://api.example.com:8443")
        );
        assert_eq!(
            origin_of(&[t(""), h("base"), t("/x")]).as_deref(),
            Some(UNKNOWN_ORIGIN)
        );
        assert_eq!(
            origin_of(&[t("https://"), h("host"), t("/x")]).as_deref(),
            Some(UNKNOWN_ORIGIN)
        );
        // A URL inside a query string is no origin.
        assert_eq!(origin_of(&[t("/go?to=https://x.io")]), None);
    }

    #[test]
    fn paths_drop_origin_query_and_join_with_one_slash() {
        assert_eq!(strip_origin_and_query("http://localhost:3000/api"), "/api");
        assert_eq!(strip_origin_and_query("https://x.io"), "");
        assert_eq!(strip_origin_and_query("/orders?userId={userId}"), "/orders");
        // A segment `?:name` is an optional parameter (Beego), not a query.
        assert_eq!(
            strip_origin_and_query("/api/pay/?:owner/?:name"),
            "/api/pay/?:owner/?:name"
        );
        assert_eq!(strip_origin_and_query("/api/pay?:owner"), "/api/pay");
        assert_eq!(strip_origin_and_query("/api/pay/?:"), "/api/pay/");
        assert_eq!(join_paths("/api", "/orders"), "/api/orders");
        assert_eq!(join_paths("/api/", "orders"), "/api/orders");
        assert_eq!(join_paths("", "/"), "/");
        assert_eq!(join_paths("/api/orders", "/"), "/api/orders");
    }
}
