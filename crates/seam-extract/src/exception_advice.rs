//! Exception handlers: what a route answers when it throws. A framework turns an exception
//! into a response in a method registered for its type (Spring's `@ExceptionHandler`, in the
//! controller or in an advice class that serves every controller), or by a status the
//! exception's class carries (`@ResponseStatus` on the class, a status passed to a library
//! base's constructor). Which decorators say so is the pack's `exceptionHandlers` data.
//!
//! The handler for a thrown class is the one whose declared type is nearest to it (the class,
//! then its ancestors), the route's own class before the advice classes; a handler whose
//! status cannot be read decides nothing known, so the throw stays a throw. Throws the path
//! walk does not reach become responses too: in functions written inside the handler
//! (lambdas passed to calls) and in the project functions it calls, a few calls deep.

use std::collections::BTreeSet;

use seam_ir::summary::{
    LineRange, LiteralValueRef, OpaquePredicate, OpaqueReason, Output, Polarity, Predicate,
    ResponseOutput, Transition, ValueRef,
};
use seam_lang::model::{
    ArrayElement, ClassId, Decorator, ExprId, ExprKind, FuncId, LiteralValue, MemberKind,
    MemberProp, Model, StmtKind, TypeRef,
};
use seam_packs::{
    Capture, Captures, ExceptionHandlers, Pack, TerminalStatement, ValueRead, match_expr,
};

use crate::files::Files;

/// How many ancestors of a thrown class are followed.
const MAX_DEPTH: usize = 8;
/// How many calls deep a throw in a called project function is looked for.
const CALL_DEPTH: usize = 3;

/// A thrown type, as a handler declares it: a project class, or a library class by its name.
#[derive(Debug, Clone, PartialEq, Eq)]
enum TypeKey {
    Project(usize, ClassId),
    Library(String),
}

#[derive(Debug)]
struct Handler {
    /// The class that declares it.
    class: (usize, ClassId),
    /// In an advice class: it answers for every route.
    global: bool,
    types: Vec<TypeKey>,
    status: Option<u16>,
}

/// The exception handlers of one pack's files.
#[derive(Debug, Default)]
pub struct Advice {
    handlers: Vec<Handler>,
}

impl Advice {
    /// Every handler method in the pack's files.
    pub fn read(files: &Files, pack: &Pack, on: &BTreeSet<usize>) -> Advice {
        let Some(spec) = &pack.exception_handlers else {
            return Advice::default();
        };
        let mut handlers = Vec::new();
        for &file in on {
            let model = files.model(file);
            for (i, class) in model.classes.iter().enumerate() {
                let class_id = ClassId::from_index(i);
                let global = any_matches(model, &spec.advice, &class.decorators);
                for member in &class.members {
                    let MemberKind::Method { function } = &member.kind else {
                        continue;
                    };
                    let func = model.function(*function);
                    let Some(marker) = func
                        .decorators
                        .iter()
                        .find(|d| any_matches(model, &spec.decorators, std::slice::from_ref(d)))
                    else {
                        continue;
                    };
                    let mut types = declared_types(files, file, marker);
                    if types.is_empty() {
                        types = parameter_types(files, file, *function);
                    }
                    let status = decorator_status(files, pack, file, spec, &func.decorators)
                        .or_else(|| returned_status(files, pack, file, *function));
                    handlers.push(Handler {
                        class: (file, class_id),
                        global,
                        types,
                        status,
                    });
                }
            }
        }
        Advice { handlers }
    }

    /// The status `throw new X(…)` (`value`) answers with on a route whose handler is a
    /// method of `route_class`: a handler's, else the one the class carries.
    pub fn thrown_status(
        &self,
        files: &Files,
        pack: &Pack,
        file: usize,
        value: ExprId,
        route_class: Option<(usize, ClassId)>,
    ) -> Option<u16> {
        let spec = pack.exception_handlers.as_ref()?;
        let model = files.model(file);
        let ExprKind::Call { callee, .. } = &model.expr(value).kind else {
            return None;
        };
        let chain = thrown_chain(files, file, *callee);
        // The route's own class first, then the advice classes; nearest type first in each.
        let local = |h: &&Handler| Some(h.class) == route_class;
        let global = |h: &&Handler| h.global && Some(h.class) != route_class;
        for pick in [&local as &dyn Fn(&&Handler) -> bool, &global] {
            for key in &chain {
                if let Some(h) = self
                    .handlers
                    .iter()
                    .filter(pick)
                    .find(|h| h.types.contains(key))
                {
                    return h.status;
                }
            }
        }
        chain.iter().find_map(|key| match key {
            TypeKey::Project(f, c) => class_status(files, pack, spec, *f, *c),
            TypeKey::Library(_) => None,
        })
    }

    /// Responses for the throws a route's walk does not reach (in functions written inside
    /// the handler, in project functions it calls), one per status and call, named
    /// `name` in their ids.
    pub fn indirect_responses(
        &self,
        files: &Files,
        pack: &Pack,
        file: usize,
        function: FuncId,
        name: &str,
    ) -> Vec<Transition> {
        if pack.exception_handlers.is_none() || self.handlers.is_empty() && !carries_any(pack) {
            return Vec::new();
        }
        let model = files.model(file);
        let route_class = model.function(function).class.map(|c| (file, c));
        let span = model.function(function).span;
        // (status, site, whether the site is the thrown value itself)
        let mut found: Vec<(u16, ExprId, bool)> = Vec::new();
        let mut push = |status: u16, site: ExprId, thrown: bool| {
            if !found.iter().any(|(s, _, _)| *s == status) {
                found.push((status, site, thrown));
            }
        };
        // Throws in functions written inside the handler.
        for stmt in &model.stmts {
            if let StmtKind::Throw { value: Some(v), .. } = stmt.kind
                && span.contains(stmt.span)
                && crate::files::enclosing_function(model, stmt.span) != Some(function)
                && let Some(status) = self.thrown_status(files, pack, file, v, route_class)
            {
                push(status, v, true);
            }
        }
        // Throws in the project functions the handler calls.
        for call in crate::files::calls(model) {
            let expr = model.expr(call);
            if !span.contains(expr.span) {
                continue;
            }
            let ExprKind::Call { callee, .. } = &expr.kind else {
                continue;
            };
            let Some((cf, cfunc)) = called_function(files, file, *callee) else {
                continue;
            };
            let mut seen = BTreeSet::new();
            for status in
                self.callee_statuses(files, pack, (cf, cfunc), route_class, CALL_DEPTH, &mut seen)
            {
                push(status, call, false);
            }
        }
        found.sort_by_key(|(s, _, _)| *s);
        found
            .into_iter()
            .map(|(status, site, thrown)| {
                let text = model.text_collapsed(model.expr(site).span);
                // A call that throws somewhere inside, or a throw written in a lambda.
                let condition = if thrown {
                    format!("throw {text}")
                } else {
                    format!("{text} throws")
                };
                let id = seam_ir::summary::transition_id(
                    name,
                    "response",
                    &status.to_string(),
                    &[(Polarity::Positive, condition.as_str())],
                );
                let (start, end) = model.line_range(model.expr(site).span);
                Transition {
                    id,
                    conditions: vec![Predicate::Opaque(OpaquePredicate {
                        source_text: condition,
                        reason: OpaqueReason::ExternalFunction,
                    })],
                    output: response(status),
                    effects: Vec::new(),
                    location: LineRange { start, end },
                    is_default: false,
                    confidence: None,
                    expected_input: None,
                    provenance: None,
                    metadata: None,
                }
            })
            .collect()
    }

    /// The statuses of the throws in a called function (and those it calls in turn).
    fn callee_statuses(
        &self,
        files: &Files,
        pack: &Pack,
        (file, function): (usize, FuncId),
        route_class: Option<(usize, ClassId)>,
        depth: usize,
        seen: &mut BTreeSet<(usize, FuncId)>,
    ) -> Vec<u16> {
        let Some(depth) = depth.checked_sub(1) else {
            return Vec::new();
        };
        if !seen.insert((file, function)) {
            return Vec::new();
        }
        let model = files.model(file);
        let span = model.function(function).span;
        let mut out = Vec::new();
        for stmt in &model.stmts {
            if let StmtKind::Throw { value: Some(v), .. } = stmt.kind
                && span.contains(stmt.span)
                && let Some(status) = self.thrown_status(files, pack, file, v, route_class)
            {
                out.push(status);
            }
        }
        for call in crate::files::calls(model) {
            let expr = model.expr(call);
            if !span.contains(expr.span) {
                continue;
            }
            let ExprKind::Call { callee, .. } = &expr.kind else {
                continue;
            };
            if let Some(next) = called_function(files, file, *callee) {
                out.extend(self.callee_statuses(files, pack, next, route_class, depth, seen));
            }
        }
        out
    }
}

/// A response with this status and no body read.
pub fn response(status: u16) -> Output {
    Output::Response(ResponseOutput {
        status_code: Some(ValueRef::Literal(LiteralValueRef {
            value: seam_ir::summary::LiteralValue::Number(status.into()),
        })),
        body: None,
        headers: Default::default(),
    })
}

/// Whether the pack can give a status with no handler (a class decorator or a base).
fn carries_any(pack: &Pack) -> bool {
    pack.exception_handlers
        .as_ref()
        .is_some_and(|s| !s.status.is_empty() || !s.status_bases.is_empty())
}

/// The project function a callee reaches (a name, or a method of the receiver's class).
fn called_function(files: &Files, file: usize, callee: ExprId) -> Option<(usize, FuncId)> {
    files
        .function_of(file, callee)
        .or_else(|| crate::callees::member_function(files, file, callee, 4))
        .filter(|(f, func)| crate::files::has_body(files.model(*f), *func))
}

fn any_matches(
    model: &Model,
    patterns: &[seam_packs::PatternNode],
    decorators: &[Decorator],
) -> bool {
    decorators.iter().any(|d| {
        patterns.iter().any(|p| {
            let mut caps = Captures::new();
            match_expr(model, p, d.expr, &mut caps)
        })
    })
}

/// The types a handler's decorator names as class literals (`A.class`, `{A.class, B.class}`,
/// `value = …`; Kotlin `A::class`).
fn declared_types(files: &Files, file: usize, decorator: &Decorator) -> Vec<TypeKey> {
    let model = files.model(file);
    let mut out = Vec::new();
    let mut stack: Vec<ExprId> = decorator.args.iter().map(|a| a.value).collect();
    while let Some(e) = stack.pop() {
        match &model.expr(e).kind {
            ExprKind::Array { elements, .. } => {
                stack.extend(elements.iter().rev().filter_map(|el| match el {
                    ArrayElement::Expr(x) => Some(*x),
                    _ => None,
                }));
            }
            ExprKind::Member {
                object,
                property: MemberProp::Name(p),
                ..
            } if p == "class" => out.push(type_key(files, file, *object)),
            _ => {}
        }
    }
    out
}

/// The types of a handler's parameters (`handle(NotFound e)`), as the handled types.
fn parameter_types(files: &Files, file: usize, function: FuncId) -> Vec<TypeKey> {
    let model = files.model(file);
    model
        .function(function)
        .params
        .iter()
        .filter_map(|p| match &p.type_annotation.as_ref()?.shape {
            TypeRef::Named { name, .. } => Some(name.clone()),
            _ => None,
        })
        .map(|name| named_key(files, file, &name))
        .collect()
}

fn type_key(files: &Files, file: usize, expr: ExprId) -> TypeKey {
    match crate::classes::class_of_expr(files, file, expr) {
        Some((f, c)) => TypeKey::Project(f, c),
        None => TypeKey::Library(last_segment(
            &files
                .model(file)
                .text_collapsed(files.model(file).expr(expr).span),
        )),
    }
}

fn named_key(files: &Files, file: usize, name: &str) -> TypeKey {
    match crate::classes::class_named(files, file, last_segment(name).as_str()) {
        Some((f, c)) => TypeKey::Project(f, c),
        None => TypeKey::Library(last_segment(name)),
    }
}

fn last_segment(name: &str) -> String {
    name.rsplit(['.', ':'])
        .next()
        .unwrap_or(name)
        .trim()
        .to_owned()
}

/// The thrown class and its ancestors, nearest first: project classes, then the library
/// class the last one extends.
fn thrown_chain(files: &Files, file: usize, callee: ExprId) -> Vec<TypeKey> {
    let mut chain = vec![type_key(files, file, callee)];
    for _ in 0..MAX_DEPTH {
        let Some(TypeKey::Project(f, c)) = chain.last().cloned() else {
            break;
        };
        let Some(&extends) = files.model(f).class(c).extends.first() else {
            break;
        };
        chain.push(type_key(files, f, extends));
    }
    chain
}

/// The status a class carries: a status decorator on it, else a status it passes to a
/// library base's constructor (`super(HttpStatus.BAD_REQUEST, …)`).
fn class_status(
    files: &Files,
    pack: &Pack,
    spec: &ExceptionHandlers,
    file: usize,
    class: ClassId,
) -> Option<u16> {
    let model = files.model(file);
    let c = model.class(class);
    if let Some(status) = decorator_status(files, pack, file, spec, &c.decorators) {
        return Some(status);
    }
    let base = last_segment(&model.text_collapsed(model.expr(*c.extends.first()?).span));
    let position = *spec.status_bases.get(&base)?;
    c.members.iter().find_map(|m| {
        let MemberKind::Constructor { function } = &m.kind else {
            return None;
        };
        let span = model.function(*function).span;
        crate::files::calls(model).find_map(|call| {
            let expr = model.expr(call);
            let ExprKind::Call { callee, args, .. } = &expr.kind else {
                return None;
            };
            if !span.contains(expr.span) || !matches!(model.expr(*callee).kind, ExprKind::Super) {
                return None;
            }
            status_number(files, pack, file, args.get(position)?.value)
        })
    })
}

/// The status the first matching status decorator declares (its first metavariable).
fn decorator_status(
    files: &Files,
    pack: &Pack,
    file: usize,
    spec: &ExceptionHandlers,
    decorators: &[Decorator],
) -> Option<u16> {
    let model = files.model(file);
    decorators.iter().find_map(|d| {
        spec.status.iter().find_map(|p| {
            let mut caps = Captures::new();
            if !match_expr(model, p, d.expr, &mut caps) {
                return None;
            }
            let e = caps.values().find_map(Capture::expr)?;
            status_number(files, pack, file, e)
        })
    })
}

/// The one status a handler's returns give through the pack's return terminals.
fn returned_status(files: &Files, pack: &Pack, file: usize, function: FuncId) -> Option<u16> {
    let model = files.model(file);
    let mut statuses = BTreeSet::new();
    for value in files.returned_values(file, function) {
        let status = pack.terminals.iter().find_map(|t| {
            if t.statement != TerminalStatement::Return || t.route {
                return None;
            }
            let pattern = t.pattern.as_ref()?;
            let mut caps = Captures::new();
            if !match_expr(model, pattern, value, &mut caps) {
                return None;
            }
            match t.status.as_ref()? {
                ValueRead::Number(n) => u16::try_from(*n).ok(),
                ValueRead::Meta(m) => status_number(files, pack, file, caps.get(m)?.expr()?),
                _ => None,
            }
        })?;
        statuses.insert(status);
    }
    match statuses.len() {
        1 => statuses.pop_first(),
        _ => None,
    }
}

/// A status written as a number, a library constant of the pack or a project constant.
fn status_number(files: &Files, pack: &Pack, file: usize, expr: ExprId) -> Option<u16> {
    let model = files.model(file);
    let value = match &model.expr(expr).kind {
        ExprKind::Literal {
            value: LiteralValue::Number(number),
        } => number.value,
        _ => crate::assemble::named_constant(model, expr, &pack.constants)
            .map(|n| n as f64)
            .or_else(|| crate::project_constants::class_number(files, file, expr))?,
    };
    (value.fract() == 0.0 && (100.0..600.0).contains(&value)).then_some(value as u16)
}
