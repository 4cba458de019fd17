//! Routes a handler dispatches itself: a registered route whose handler (or a function it
//! hands the request to, a few calls deep, also from a closure) compares the request's path
//! and method and calls a function in each branch
//!
//! ```go
//! if r.Method == http.MethodGet && r.URL.Path == usersPath {
//!     return s.ensureAdmin(s.listUsers)(w, r)
//! } else if r.Method == http.MethodDelete && userRegex.MatchString(r.URL.Path) { … }
//! ```
//!
//! is one route per branch and method, at the path compared (the request's whole path, so it
//! replaces the registration's) and answered by the function the branch calls (through
//! wrappers, as a registration's handler is). Where the pack says how (`pathBranches`), a test
//! of the path against a regular expression made from a text gives the path that expression
//! stands for when it is simple (see [`regex_path`]). A branch whose test also says the path is
//! not something, or tests it in a way not read (a prefix), declares no route; a test that says
//! nothing about the path or the method (`s.enabled`) is left aside. A route whose handler
//! dispatches so is replaced by its branches.

use std::collections::{BTreeSet, HashSet};

use seam_lang::model::{
    BinaryOp, BindingId, ExprId, ExprKind, FuncId, LiteralValue, LogicalOp, MemberProp,
    PatternKind, StmtKind,
};
use seam_packs::{Capture, Captures, Pack, PathBranches, match_expr};

use super::HandlerUnit;
use super::routes::unwrap_handler;
use crate::files::Files;
use crate::url::{Reader, Substitution};

/// How many calls deep the request is followed to the function that dispatches on it.
const DISPATCH_DEPTH: usize = 3;

/// The units with each route whose handler dispatches on the request's path replaced by its
/// branches.
pub fn expand(files: &Files, pack: &Pack, units: Vec<HandlerUnit>) -> Vec<HandlerUnit> {
    let Some(rule) = &pack.path_branches else {
        return units;
    };
    let Some(position) = pack
        .roles
        .iter()
        .position(|r| r.as_deref() == Some(rule.role.as_str()))
    else {
        return units;
    };
    let no_subst = Substitution::new();
    let reader = Reader {
        files,
        environment: &pack.environment,
        subst: &no_subst,
        this_class: None,
    };
    let ctx = Ctx {
        files,
        pack,
        rule,
        reader: &reader,
    };
    let mut out = Vec::with_capacity(units.len());
    let mut emitted = HashSet::new();
    for unit in units {
        let Some(function) = unit.function else {
            out.push(unit);
            continue;
        };
        let Some(request) = param_binding(files, unit.handler_file, function, position) else {
            out.push(unit);
            continue;
        };
        let mut visited = BTreeSet::new();
        let mut branches = Vec::new();
        ctx.dispatches(
            (unit.handler_file, function),
            request,
            0,
            &mut visited,
            &mut branches,
        );
        if branches.is_empty() {
            out.push(unit);
            continue;
        }
        for b in branches {
            let methods: Vec<Option<String>> = match &b.methods {
                Some(m) => m.iter().cloned().map(Some).collect(),
                None => vec![unit.method.clone()],
            };
            for path in &b.paths {
                for method in &methods {
                    let key = (
                        b.file,
                        b.test.start,
                        b.handler,
                        method.clone(),
                        path.clone(),
                    );
                    if !emitted.insert(key) {
                        continue;
                    }
                    let (handler_file, function) = match b.handler {
                        Some((hf, f)) => (hf, Some(f)),
                        None => (b.file, None),
                    };
                    out.push(HandlerUnit {
                        file: b.file,
                        registration: b.test,
                        handler_file,
                        function,
                        opaque_handler: b.handler.is_none().then_some(b.call),
                        method: method.clone(),
                        path: Some(path.clone()),
                        ..unit.clone()
                    });
                }
            }
        }
    }
    out
}

/// One branch of a dispatch: where its test is, what it says, and what it calls.
struct Branch {
    file: usize,
    test: seam_lang::model::Span,
    methods: Option<BTreeSet<String>>,
    paths: Vec<String>,
    call: ExprId,
    handler: Option<(usize, FuncId)>,
}

struct Ctx<'a> {
    files: &'a Files<'a>,
    pack: &'a Pack,
    rule: &'a PathBranches,
    reader: &'a Reader<'a>,
}

/// What a test (or part of one) says about the request.
#[derive(Default)]
struct Test {
    /// The methods it allows; `None` when it says nothing about the method.
    methods: Option<BTreeSet<String>>,
    /// The paths it allows; `None` when it says nothing about the path.
    paths: Option<Vec<String>>,
    /// It says something about the path or method that is not read (`!=`, a prefix test, a
    /// regular expression seam cannot turn into a path): the branch declares no route.
    unread: bool,
}

impl Ctx<'_> {
    /// The branches of the functions `function` is or hands `request` to.
    fn dispatches(
        &self,
        (file, function): (usize, FuncId),
        request: BindingId,
        depth: usize,
        visited: &mut BTreeSet<(usize, FuncId)>,
        out: &mut Vec<Branch>,
    ) {
        if !visited.insert((file, function)) {
            return;
        }
        let model = self.files.model(file);
        let span = model.function(function).span;
        let params = self.files.param_bindings(file, function);
        for &(if_span, test, consequent, _) in self.files.if_statements(file) {
            if !span.contains(if_span) {
                continue;
            }
            let read = self.read_test(file, test, request);
            let Some(paths) = read.paths else { continue };
            if read.unread || paths.is_empty() {
                continue;
            }
            let Some(call) = first_call(model, consequent) else {
                continue;
            };
            // The branch hands the request (or the response) on: the call names one of the
            // dispatching function's parameters.
            let ExprKind::Call { callee, args, .. } = &model.expr(call).kind else {
                continue;
            };
            if !args.iter().any(|a| {
                params
                    .iter()
                    .any(|&p| crate::files::mentions_binding(model, a.value, p))
                    || crate::files::mentions_binding(model, a.value, request)
            }) {
                continue;
            }
            let handler = self.files.function_of(file, *callee).or_else(|| {
                unwrap_handler(self.files, self.pack, file, *callee, 0)
                    .and_then(|e| self.files.function_of(file, e))
            });
            out.push(Branch {
                file,
                test: model.expr(test).span,
                methods: read.methods,
                paths,
                call,
                handler,
            });
        }
        if depth >= DISPATCH_DEPTH {
            return;
        }
        // The functions this one hands the request to, in the order written.
        let calls: Vec<ExprId> = self
            .files
            .calls(file)
            .map(|c| c.call)
            .filter(|&c| span.contains(model.expr(c).span))
            .collect();
        for call in calls {
            let ExprKind::Call { callee, args, .. } = &model.expr(call).kind else {
                continue;
            };
            let Some(at) = args.iter().position(|a| {
                matches!(model.expr(a.value).kind, ExprKind::Ident { binding: Some(b), .. } if b == request)
            }) else {
                continue;
            };
            let Some((cf, cfunc)) = self.files.function_of(file, *callee) else {
                continue;
            };
            if (cf, cfunc) == (file, function) {
                continue;
            }
            let Some(inner) = param_binding(self.files, cf, cfunc, at) else {
                continue;
            };
            self.dispatches((cf, cfunc), inner, depth + 1, visited, out);
        }
    }

    /// What a test says about the request `request`'s method and path.
    fn read_test(&self, file: usize, expr: ExprId, request: BindingId) -> Test {
        let model = self.files.model(file);
        match &model.expr(expr).kind {
            ExprKind::Logical {
                op: LogicalOp::And,
                left,
                right,
            } => {
                let (l, r) = (
                    self.read_test(file, *left, request),
                    self.read_test(file, *right, request),
                );
                let methods = match (l.methods, r.methods) {
                    (Some(a), Some(b)) => Some(a.intersection(&b).cloned().collect()),
                    (a, b) => a.or(b),
                };
                let unread = l.unread || r.unread || (l.paths.is_some() && r.paths.is_some());
                Test {
                    methods,
                    paths: l.paths.or(r.paths),
                    unread,
                }
            }
            ExprKind::Logical {
                op: LogicalOp::Or,
                left,
                right,
            } => {
                let (l, r) = (
                    self.read_test(file, *left, request),
                    self.read_test(file, *right, request),
                );
                let says = |t: &Test| t.methods.is_some() || t.paths.is_some() || t.unread;
                if !says(&l) && !says(&r) {
                    return Test::default();
                }
                match (l, r) {
                    (
                        Test {
                            methods: Some(a),
                            paths: None,
                            unread: false,
                        },
                        Test {
                            methods: Some(b),
                            paths: None,
                            unread: false,
                        },
                    ) => Test {
                        methods: Some(a.union(&b).cloned().collect()),
                        ..Test::default()
                    },
                    (
                        Test {
                            methods: None,
                            paths: Some(mut a),
                            unread: false,
                        },
                        Test {
                            methods: None,
                            paths: Some(b),
                            unread: false,
                        },
                    ) => {
                        for p in b {
                            if !a.contains(&p) {
                                a.push(p);
                            }
                        }
                        Test {
                            paths: Some(a),
                            ..Test::default()
                        }
                    }
                    _ => Test {
                        unread: true,
                        ..Test::default()
                    },
                }
            }
            ExprKind::Binary { op, left, right } => {
                let equal = matches!(op, BinaryOp::Eq | BinaryOp::StrictEq);
                let unequal = matches!(op, BinaryOp::NotEq | BinaryOp::StrictNotEq);
                for (side, other) in [(*left, *right), (*right, *left)] {
                    if self.is_method(file, side, request) {
                        if !equal {
                            return Test {
                                unread: true,
                                ..Test::default()
                            };
                        }
                        return match self.reader.constant(file, other) {
                            Some(m)
                                if !m.is_empty() && m.chars().all(|c| c.is_ascii_alphabetic()) =>
                            {
                                Test {
                                    methods: Some(BTreeSet::from([m.to_ascii_uppercase()])),
                                    ..Test::default()
                                }
                            }
                            _ => Test {
                                unread: true,
                                ..Test::default()
                            },
                        };
                    }
                    if self.is_path(file, side, request) {
                        return match self.reader.constant(file, other) {
                            Some(p) if equal && p.starts_with('/') => Test {
                                paths: Some(vec![p]),
                                ..Test::default()
                            },
                            _ => Test {
                                unread: true,
                                ..Test::default()
                            },
                        };
                    }
                }
                if unequal || equal {
                    return Test::default();
                }
                self.unless_mentioned(file, expr, request)
            }
            ExprKind::Call { .. } => {
                for t in &self.rule.regex_tests {
                    let mut caps = Captures::new();
                    if !match_expr(model, &t.pattern, expr, &mut caps) {
                        continue;
                    }
                    let (Some(regex), Some(subject)) = (
                        caps.get(&t.regex).and_then(Capture::expr),
                        caps.get(&t.subject).and_then(Capture::expr),
                    ) else {
                        continue;
                    };
                    if !self.is_path(file, subject, request) {
                        continue;
                    }
                    return match self.regex_text(file, regex).as_deref().and_then(regex_path) {
                        Some(path) => Test {
                            paths: Some(vec![path]),
                            ..Test::default()
                        },
                        None => Test {
                            unread: true,
                            ..Test::default()
                        },
                    };
                }
                self.unless_mentioned(file, expr, request)
            }
            _ => self.unless_mentioned(file, expr, request),
        }
    }

    /// Nothing, when `expr` reads neither the request's path nor its method; else unread.
    fn unless_mentioned(&self, file: usize, expr: ExprId, request: BindingId) -> Test {
        let model = self.files.model(file);
        Test {
            unread: crate::files::mentions_binding(model, expr, request) && {
                let mut found = false;
                mentions_path(self, file, expr, request, &mut found, 0);
                found
            },
            ..Test::default()
        }
    }

    /// `request.<path chain>`.
    fn is_path(&self, file: usize, expr: ExprId, request: BindingId) -> bool {
        is_chain(self.files.model(file), expr, request, &self.rule.path)
    }

    /// `request.<method property>`.
    fn is_method(&self, file: usize, expr: ExprId, request: BindingId) -> bool {
        self.rule.method.as_ref().is_some_and(|m| {
            is_chain(
                self.files.model(file),
                expr,
                request,
                std::slice::from_ref(m),
            )
        })
    }

    /// The text of a regular expression: a literal (`/^\/x$/`), or a call a maker matches
    /// (`regexp.MustCompile("^/x$")`), written here or as the value of the name given.
    fn regex_text(&self, file: usize, expr: ExprId) -> Option<String> {
        let (vf, ve) = match self.files.definition(file, expr) {
            Some(def) => self.files.value_of(def).unwrap_or((file, expr)),
            None => (file, expr),
        };
        let model = self.files.model(vf);
        if let ExprKind::Literal {
            value: LiteralValue::Regex(regex),
        } = &model.expr(ve).kind
        {
            return Some(regex.pattern.clone());
        }
        self.rule.regex_makers.iter().find_map(|m| {
            let mut caps = Captures::new();
            match_expr(model, &m.pattern, ve, &mut caps)
                .then(|| caps.get(&m.text).and_then(Capture::expr))
                .flatten()
                .and_then(|t| self.reader.constant(vf, t))
        })
    }
}

/// Whether `expr` reads the request's path or method anywhere inside (not into functions).
fn mentions_path(
    ctx: &Ctx,
    file: usize,
    expr: ExprId,
    request: BindingId,
    found: &mut bool,
    depth: usize,
) {
    struct Finder<'c, 'a> {
        ctx: &'c Ctx<'a>,
        file: usize,
        request: BindingId,
        found: &'c mut bool,
        depth: usize,
    }
    impl seam_lang::model::ExprVisitor for Finder<'_, '_> {
        fn expr(&mut self, id: ExprId) {
            if *self.found || self.depth > crate::files::MAX_HOPS * 8 {
                return;
            }
            if self.ctx.is_path(self.file, id, self.request)
                || self.ctx.is_method(self.file, id, self.request)
            {
                *self.found = true;
                return;
            }
            mentions_path(
                self.ctx,
                self.file,
                id,
                self.request,
                self.found,
                self.depth + 1,
            );
        }
    }
    let model = ctx.files.model(file);
    if ctx.is_path(file, expr, request) || ctx.is_method(file, expr, request) {
        *found = true;
        return;
    }
    seam_lang::model::walk_expr_children(
        model,
        expr,
        &mut Finder {
            ctx,
            file,
            request,
            found,
            depth,
        },
    );
}

/// Whether `expr` is `chain` read off the name bound to `request` (`r.URL.Path`).
fn is_chain(
    model: &seam_lang::model::Model,
    expr: ExprId,
    request: BindingId,
    chain: &[String],
) -> bool {
    let mut at = expr;
    for name in chain.iter().rev() {
        match &model.expr(at).kind {
            ExprKind::Member {
                object,
                property: MemberProp::Name(n),
                ..
            } if n == name => at = *object,
            _ => return false,
        }
    }
    matches!(model.expr(at).kind, ExprKind::Ident { binding: Some(b), .. } if b == request)
}

/// The binding of `func`'s parameter at `position`, when it is a plain name.
fn param_binding(files: &Files, file: usize, func: FuncId, position: usize) -> Option<BindingId> {
    let model = files.model(file);
    let param = model.function(func).params.get(position)?;
    match &model.pattern(param.pattern).kind {
        PatternKind::Ident {
            binding: Some(b), ..
        } => Some(*b),
        _ => None,
    }
}

/// The call a branch makes first: its first statement returning or evaluating a call.
fn first_call(model: &seam_lang::model::Model, stmt: seam_lang::model::StmtId) -> Option<ExprId> {
    let body: Vec<seam_lang::model::StmtId> = match &model.stmt(stmt).kind {
        StmtKind::Block { body } => body.to_vec(),
        _ => vec![stmt],
    };
    body.into_iter().find_map(|s| {
        let e = match &model.stmt(s).kind {
            StmtKind::Return { value: Some(e) } => *e,
            StmtKind::Expr { expr } => *expr,
            _ => return None,
        };
        let e = match &model.expr(e).kind {
            ExprKind::Await { arg } => *arg,
            _ => e,
        };
        matches!(model.expr(e).kind, ExprKind::Call { .. }).then_some(e)
    })
}

/// One piece of a regular expression read as a path.
#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Lit(char),
    /// Characters of one class repeated: `can_slash` when the class takes `/`, `optional`
    /// when it may match nothing, `name` of the group holding it alone.
    Hole {
        can_slash: bool,
        optional: bool,
        name: Option<String>,
    },
    /// A group of literal alternatives (`(publish|send)`).
    Alt(Vec<String>),
}

/// The path template a regular expression matching request paths stands for, when it is
/// simple: literal text, `.` and character classes with their quantifiers (a hole:
/// `[-_A-Za-z0-9]{1,64}` → `{value}`, or the rest of the path, `.+` → `{rest+}`, at the end
/// only), groups (named groups name their hole), groups of literal alternatives
/// (`(publish|send)`), and groups that may repeat zero times (their shortest reading: left out).
/// `None` for anything else (lookaround, back-references, anchors inside, a path not starting
/// with `/`).
pub(crate) fn regex_path(regex: &str) -> Option<String> {
    let chars: Vec<char> = regex.chars().collect();
    let mut i = 0;
    if chars.first() == Some(&'^') {
        i = 1;
    }
    let mut end = chars.len();
    if end > i && chars[end - 1] == '$' && (end < 2 || chars[end - 2] != '\\') {
        end -= 1;
    }
    let chars = &chars[..end];
    let toks = parse_seq(chars, &mut i, 0)?;
    if i != chars.len() {
        return None;
    }
    render(&toks)
}

fn parse_seq(chars: &[char], i: &mut usize, depth: usize) -> Option<Vec<Tok>> {
    if depth > 8 {
        return None;
    }
    let mut out = Vec::new();
    while *i < chars.len() {
        let c = chars[*i];
        if c == ')' || c == '|' {
            break;
        }
        *i += 1;
        let atom: Vec<Tok> = match c {
            '\\' => {
                let e = *chars.get(*i)?;
                *i += 1;
                match e {
                    'd' | 'w' => vec![hole(false)],
                    'D' | 'W' | 'S' => vec![hole(true)],
                    '.' | '/' | '-' | '_' | '+' | '*' | '?' | '(' | ')' | '[' | ']' | '{' | '}'
                    | '|' | '^' | '$' | '\\' | ',' | '~' | ':' | '=' | '&' | '@' | '!' => {
                        vec![Tok::Lit(e)]
                    }
                    _ => return None,
                }
            }
            '[' => {
                let negated = chars.get(*i) == Some(&'^');
                if negated {
                    *i += 1;
                }
                let mut slash = false;
                let mut first = true;
                loop {
                    let k = *chars.get(*i)?;
                    *i += 1;
                    match k {
                        ']' if !first => break,
                        '\\' => {
                            if chars.get(*i)? == &'/' {
                                slash = true;
                            }
                            *i += 1;
                        }
                        '/' => slash = true,
                        _ => {}
                    }
                    first = false;
                }
                vec![hole(slash != negated)]
            }
            '.' => vec![hole(true)],
            '(' => {
                let mut name = None;
                if chars.get(*i) == Some(&'?') {
                    match (chars.get(*i + 1), chars.get(*i + 2)) {
                        (Some(':'), _) => *i += 2,
                        (Some('P'), Some('<')) | (Some('<'), _) => {
                            let start = if chars[*i + 1] == 'P' { *i + 3 } else { *i + 2 };
                            let close = start + chars[start..].iter().position(|&c| c == '>')?;
                            let n: String = chars[start..close].iter().collect();
                            if n.is_empty() || n.starts_with(['=', '!']) {
                                return None;
                            }
                            name = Some(n);
                            *i = close + 1;
                        }
                        _ => return None,
                    }
                }
                let mut alternatives = vec![parse_seq(chars, i, depth + 1)?];
                while chars.get(*i) == Some(&'|') {
                    *i += 1;
                    alternatives.push(parse_seq(chars, i, depth + 1)?);
                }
                if chars.get(*i) != Some(&')') {
                    return None;
                }
                *i += 1;
                if alternatives.len() == 1 {
                    let mut seq = alternatives.pop()?;
                    if let (Some(n), [Tok::Hole { name, .. }]) = (name, seq.as_mut_slice()) {
                        *name = Some(n);
                    }
                    seq
                } else {
                    let texts: Option<Vec<String>> = alternatives
                        .iter()
                        .map(|a| {
                            a.iter()
                                .map(|t| match t {
                                    Tok::Lit(c) => Some(*c),
                                    _ => None,
                                })
                                .collect::<Option<String>>()
                                .filter(|s| !s.is_empty())
                        })
                        .collect();
                    vec![Tok::Alt(texts?)]
                }
            }
            '^' | '$' | '*' | '+' | '?' | '{' | '}' | ']' => return None,
            c => vec![Tok::Lit(c)],
        };
        // The quantifier after the atom: how often it may repeat, and whether it may be absent.
        let optional = match chars.get(*i) {
            Some('*') | Some('?') => {
                *i += 1;
                Some(true)
            }
            Some('+') => {
                *i += 1;
                Some(false)
            }
            Some('{') => {
                let close = *i + chars[*i..].iter().position(|&c| c == '}')?;
                let inner: String = chars[*i + 1..close].iter().collect();
                let min = inner.split(',').next()?.trim();
                if min.is_empty() || !min.chars().all(|c| c.is_ascii_digit()) {
                    return None;
                }
                *i = close + 1;
                Some(min.parse::<u32>().ok()? == 0)
            }
            _ => None,
        };
        if optional.is_some() && chars.get(*i) == Some(&'?') {
            *i += 1;
        }
        match (optional, atom.as_slice()) {
            (None, _) => out.extend(atom),
            // A character or group that may be absent: its shortest reading leaves it out.
            (Some(true), [Tok::Lit(_)]) => {}
            (
                Some(true),
                [
                    Tok::Hole {
                        can_slash, name, ..
                    },
                ],
            ) => out.push(Tok::Hole {
                can_slash: *can_slash,
                optional: true,
                name: name.clone(),
            }),
            (Some(true), _) => {}
            (Some(false), [Tok::Lit(c)]) => out.push(Tok::Lit(*c)),
            (Some(false), [Tok::Hole { .. }]) => out.extend(atom),
            (Some(false), _) => return None,
        }
    }
    Some(out)
}

fn hole(can_slash: bool) -> Tok {
    Tok::Hole {
        can_slash,
        optional: false,
        name: None,
    }
}

/// The template of a read expression: holes named `value`, `value2`, … unless a group names
/// them; holes side by side are one; a hole taking `/` only as the path's last segment.
fn render(toks: &[Tok]) -> Option<String> {
    let mut out = String::new();
    let mut holes = 0;
    let mut last_hole = false;
    for (k, t) in toks.iter().enumerate() {
        match t {
            Tok::Lit(c) => {
                if matches!(c, '(' | ')' | '|' | '{' | '}' | '?' | '#' | '*') {
                    return None;
                }
                out.push(*c);
                last_hole = false;
            }
            Tok::Alt(options) => {
                if options
                    .iter()
                    .any(|o| o.contains(['(', ')', '|', '{', '}', '?', '#', '*', '/']))
                {
                    return None;
                }
                out.push('(');
                out.push_str(&options.join("|"));
                out.push(')');
                last_hole = false;
            }
            Tok::Hole {
                can_slash,
                optional,
                name,
            } => {
                if last_hole {
                    continue;
                }
                holes += 1;
                let name = name.clone().unwrap_or_else(|| match holes {
                    1 => "value".to_owned(),
                    n => format!("value{n}"),
                });
                let rest = toks[k + 1..].iter().all(|t| matches!(t, Tok::Hole { .. }));
                if *can_slash {
                    // Only the rest of the path, after a `/`.
                    if !rest || !out.ends_with('/') {
                        return None;
                    }
                    out.pop();
                    out.push_str(&format!("/{{{name}{}}}", if *optional { "*" } else { "+" }));
                } else {
                    out.push_str(&format!("{{{name}{}}}", if *optional { "?" } else { "" }));
                }
                last_hole = true;
            }
        }
    }
    out.starts_with('/').then_some(out)
}

#[cfg(test)]
mod tests {
    use super::regex_path;

    #[test]
    fn simple_expressions_read_as_paths() {
        let cases = [
            (
                r"^/v1/users/([-_A-Za-z0-9]{1,64})$",
                Some("/v1/users/{value}"),
            ),
            (
                r"/v1/account/reservation/([-_A-Za-z0-9]{1,64})$",
                Some("/v1/account/reservation/{value}"),
            ),
            (
                r"^/[-_A-Za-z0-9]{1,64}(,[-_A-Za-z0-9]{1,64})*/json$",
                Some("/{value}/json"),
            ),
            (
                r"^/([-_A-Za-z0-9]+)/(publish|send|trigger)$",
                Some("/{value}/(publish|send|trigger)"),
            ),
            (r"^/static/.+", Some("/static/{value+}")),
            (r"^/static/.*$", Some("/static/{value*}")),
            (
                r"^/file/([-_A-Za-z0-9]{1,64})(?:\.[A-Za-z0-9]{1,16})?$",
                Some("/file/{value}"),
            ),
            (
                r"^/[^/]+\.[^/]+/[-_A-Za-z0-9]{1,64}$",
                Some("/{value}.{value2}/{value3}"),
            ),
            (r"^/items/(?P<id>\d+)/?$", Some("/items/{id}")),
            (r"^/items/(?<id>\d+)$", Some("/items/{id}")),
            (r"^/a\.b$", Some("/a.b")),
        ];
        for (regex, path) in cases {
            assert_eq!(regex_path(regex).as_deref(), path, "{regex}");
        }
    }

    #[test]
    fn other_expressions_are_not_read() {
        for regex in [
            r"^/docs(|/.*)$",
            r"^/odd/(?=x)$",
            r"^/a/.+/b$",
            r"^\+\d{1,100}$",
            r"^https?://",
            r"^[-_A-Za-z0-9]{1,64}$",
            r"^/x(\1)$",
            r"^/x[",
            r"^/x(",
            "",
        ] {
            assert_eq!(regex_path(regex), None, "{regex}");
        }
    }
}
