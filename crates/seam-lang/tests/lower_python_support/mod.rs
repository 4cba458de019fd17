//! A compact text rendering of a lowered Python model, so tests can assert whole shapes
//! exactly and readably. Identifiers print as `name#B` (resolved to binding B) or `name#-`.
#![allow(dead_code)]
use seam_lang::model::*;

pub fn lower(source: &str) -> Model {
    match seam_lang::lower::python::lower("test.py", source) {
        Ok(m) => m,
        Err(e) => panic!("lowering failed: {e}"),
    }
}

pub fn expr(m: &Model, id: ExprId) -> String {
    let list = |ids: &[ExprId]| {
        ids.iter()
            .map(|e| expr(m, *e))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match &m.expr(id).kind {
        ExprKind::Ident { name, binding } => ident(name, *binding),
        ExprKind::This => "this".into(),
        ExprKind::Super => "super".into(),
        ExprKind::Member {
            object, property, ..
        } => match property {
            MemberProp::Name(n) => format!("{}.{n}", expr(m, *object)),
            MemberProp::Private(n) => format!("{}.{n}", expr(m, *object)),
            MemberProp::Computed(i) => format!("{}[{}]", expr(m, *object), expr(m, *i)),
        },
        ExprKind::Call {
            callee, args: a, ..
        } => format!("{}({})", expr(m, *callee), args(m, a)),
        ExprKind::Literal { value } => literal(value),
        ExprKind::Template(boxed) => {
            let seam_lang::model::TemplateExpr { quasis, exprs, .. } = &**boxed;
            let mut parts = Vec::new();
            for (i, q) in quasis.iter().enumerate() {
                parts.push(format!("{q:?}"));
                if let Some(e) = exprs.get(i) {
                    parts.push(format!("{{{}}}", expr(m, *e)));
                }
            }
            format!("f[{}]", parts.join(" "))
        }
        ExprKind::Object { props } => {
            let ps: Vec<String> = props
                .iter()
                .map(|p| match p {
                    ObjectProp::KeyValue { key, value, .. } => {
                        format!("{}: {}", prop_key(m, key), expr(m, *value))
                    }
                    ObjectProp::Spread { value } => format!("**{}", expr(m, *value)),
                    ObjectProp::Method { key, function, .. } => {
                        format!("{}: fn#{}", prop_key(m, key), function.get())
                    }
                })
                .collect();
            format!("{{{}}}", ps.join(", "))
        }
        ExprKind::Array { elements, kind } => {
            let es: Vec<String> = elements
                .iter()
                .map(|e| match e {
                    ArrayElement::Expr(x) => expr(m, *x),
                    ArrayElement::Spread(x) => format!("*{}", expr(m, *x)),
                    ArrayElement::Hole => "_".into(),
                })
                .collect();
            match kind {
                ArrayKind::Array => format!("[{}]", es.join(", ")),
                ArrayKind::Tuple => format!("({})", es.join(", ")),
                ArrayKind::Set => format!("set{{{}}}", es.join(", ")),
            }
        }
        ExprKind::Unary { op, arg } => format!("{op:?}({})", expr(m, *arg)),
        ExprKind::Update { op, arg, .. } => format!("{op:?}({})", expr(m, *arg)),
        ExprKind::Binary { op, left, right } => {
            format!("({} {op:?} {})", expr(m, *left), expr(m, *right))
        }
        ExprKind::Logical { op, left, right } => {
            format!("({} {op:?} {})", expr(m, *left), expr(m, *right))
        }
        ExprKind::Conditional {
            test,
            consequent,
            alternate,
        } => format!(
            "({} ? {} : {})",
            expr(m, *test),
            expr(m, *consequent),
            expr(m, *alternate)
        ),
        ExprKind::Assign { op, target, value } => {
            let op = match op {
                AssignOp::Assign => "=",
                AssignOp::Compound => "op=",
            };
            format!("({} {op} {})", pattern(m, *target), expr(m, *value))
        }
        ExprKind::Await { arg } => format!("await({})", expr(m, *arg)),
        ExprKind::Yield { arg, delegate } => {
            let kw = if *delegate { "yield from" } else { "yield" };
            match arg {
                Some(a) => format!("{kw}({})", expr(m, *a)),
                None => kw.to_string(),
            }
        }
        ExprKind::Function { function } => format!("fn#{}", function.get()),
        ExprKind::Class { class } => format!("class#{}", class.get()),
        ExprKind::Jsx { .. } => "jsx".into(),
        ExprKind::Sequence { exprs } => format!("seq({})", list(exprs)),
        ExprKind::Comprehension(boxed) => {
            let seam_lang::model::ComprehensionExpr {
                element,
                value,
                iterables,
                conditions,
            } = &**boxed;
            let v = value
                .map(|v| format!(": {}", expr(m, v)))
                .unwrap_or_default();
            format!(
                "comp({}{v} in [{}] if [{}])",
                expr(m, *element),
                list(iterables),
                list(conditions)
            )
        }
        ExprKind::Other => format!("other<{}>", m.expr_text(id)),
    }
}

fn ident(name: &str, binding: Option<BindingId>) -> String {
    match binding {
        Some(b) => format!("{name}#{}", b.get()),
        None => format!("{name}#-"),
    }
}

pub fn literal(v: &LiteralValue) -> String {
    match v {
        LiteralValue::String { value } => format!("{value:?}"),
        LiteralValue::Number(n) => format!("{}={}", n.raw, n.value),
        LiteralValue::BigInt { raw } => raw.to_string(),
        LiteralValue::Bool { value } => if *value { "True" } else { "False" }.into(),
        LiteralValue::Null => "None".into(),
        LiteralValue::Undefined => "undefined".into(),
        LiteralValue::Regex(r) => format!("/{}/{}", r.pattern, r.flags),
    }
}

fn prop_key(m: &Model, key: &PropKey) -> String {
    match key {
        PropKey::Ident(s) => s.to_string(),
        PropKey::String(s) => format!("{s:?}"),
        PropKey::Number(s) => s.to_string(),
        PropKey::Computed(e) => format!("[{}]", expr(m, *e)),
    }
}

pub fn args(m: &Model, args: &[Arg]) -> String {
    args.iter()
        .map(|a| {
            let v = expr(m, a.value);
            match (&a.name, a.spread, a.keyword_spread) {
                (Some(n), _, _) => format!("{n}={v}"),
                (None, true, _) => format!("*{v}"),
                (None, _, true) => format!("**{v}"),
                _ => v,
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

pub fn pattern(m: &Model, id: PatternId) -> String {
    match &m.pattern(id).kind {
        PatternKind::Ident { name, binding } => ident(name, *binding),
        PatternKind::Array { elements, rest } => {
            let mut es: Vec<String> = elements
                .iter()
                .map(|e| e.map_or("_".into(), |p| pattern(m, p)))
                .collect();
            if let Some(r) = rest {
                es.push(format!("*{}", pattern(m, *r)));
            }
            format!("[{}]", es.join(", "))
        }
        PatternKind::Object { .. } => "{..}".into(),
        PatternKind::Default { target, default } => {
            format!("{}={}", pattern(m, *target), expr(m, *default))
        }
        PatternKind::Expr { expr: e } => expr(m, *e),
    }
}

/// Statements, one per line, nested ones indented by two spaces.
pub fn stmts(m: &Model, ids: &[StmtId]) -> String {
    let mut out = String::new();
    for s in ids {
        stmt(m, *s, 0, &mut out);
    }
    out
}

fn line(out: &mut String, depth: usize, text: &str) {
    out.push_str(&"  ".repeat(depth));
    out.push_str(text);
    out.push('\n');
}

fn body(m: &Model, ids: &[StmtId], depth: usize, out: &mut String) {
    for s in ids {
        stmt(m, *s, depth, out);
    }
}

fn block(m: &Model, id: StmtId, depth: usize, out: &mut String) {
    match &m.stmt(id).kind {
        StmtKind::Block { body: b } => body(m, b, depth, out),
        _ => stmt(m, id, depth, out),
    }
}

fn stmt(m: &Model, id: StmtId, d: usize, out: &mut String) {
    match &m.stmt(id).kind {
        StmtKind::Expr { expr: e } => line(out, d, &expr(m, *e)),
        StmtKind::VarDecl { .. } => line(out, d, "var"),
        StmtKind::FunctionDecl { function } => {
            let f = m.function(*function);
            line(
                out,
                d,
                &format!(
                    "def#{} {}",
                    function.get(),
                    f.name.as_deref().unwrap_or("?")
                ),
            );
            if let FunctionBody::Block(b) = &f.body {
                body(m, b, d + 1, out);
            }
        }
        StmtKind::ClassDecl { class } => {
            let c = m.class(*class);
            line(
                out,
                d,
                &format!("class#{} {}", class.get(), c.name.as_deref().unwrap_or("?")),
            );
        }
        StmtKind::TypeDecl { decl } => line(out, d, &format!("type#{}", decl.get())),
        StmtKind::Import { import } => line(out, d, &format!("import#{import}")),
        StmtKind::Export { .. } => line(out, d, "export"),
        StmtKind::Block { body: b } => {
            line(out, d, "block");
            body(m, b, d + 1, out);
        }
        StmtKind::If {
            test,
            consequent,
            alternate,
        } => {
            line(out, d, &format!("if {}", expr(m, *test)));
            block(m, *consequent, d + 1, out);
            if let Some(a) = alternate {
                line(out, d, "else");
                block(m, *a, d + 1, out);
            }
        }
        StmtKind::Switch { .. } => line(out, d, "switch"),
        StmtKind::Match { subject, cases } => {
            line(out, d, &format!("match {}", expr(m, *subject)));
            for c in cases {
                let p = c
                    .pattern
                    .map_or_else(|| format!("<{}>", m.text(c.pattern_span)), |p| expr(m, p));
                let g = c
                    .guard
                    .map(|g| format!(" if {}", expr(m, g)))
                    .unwrap_or_default();
                line(out, d + 1, &format!("case {p}{g}"));
                body(m, &c.body, d + 2, out);
            }
        }
        StmtKind::Try(boxed) => {
            let seam_lang::model::TryStmt {
                block: b,
                handlers,
                orelse,
                finalizer,
            } = &**boxed;
            line(out, d, "try");
            body(m, b, d + 1, out);
            for h in handlers {
                let types: Vec<String> = h.types.iter().map(|t| expr(m, *t)).collect();
                let param = h
                    .param
                    .map(|p| format!(" as {}", pattern(m, p)))
                    .unwrap_or_default();
                line(out, d, &format!("except [{}]{param}", types.join(", ")));
                body(m, &h.body, d + 1, out);
            }
            if let Some(o) = orelse {
                line(out, d, "else");
                body(m, o, d + 1, out);
            }
            if let Some(f) = finalizer {
                line(out, d, "finally");
                body(m, f, d + 1, out);
            }
        }
        StmtKind::Loop(boxed) => {
            let seam_lang::model::LoopStmt {
                kind,
                left,
                iterable,
                test,
                body: b,
                orelse,
                ..
            } = &**boxed;
            let head = match (left, iterable, test) {
                (Some(l), Some(i), _) => format!("for {} in {}", pattern(m, *l), expr(m, *i)),
                (_, _, Some(t)) => format!("while {}", expr(m, *t)),
                _ => format!("{kind:?}"),
            };
            line(out, d, &head);
            block(m, *b, d + 1, out);
            if let Some(o) = orelse {
                line(out, d, "else");
                body(m, o, d + 1, out);
            }
        }
        StmtKind::Return { value } => line(
            out,
            d,
            &value.map_or("return".into(), |v| format!("return {}", expr(m, v))),
        ),
        StmtKind::Throw { value, cause } => {
            let mut s = "raise".to_string();
            if let Some(v) = value {
                s.push_str(&format!(" {}", expr(m, *v)));
            }
            if let Some(c) = cause {
                s.push_str(&format!(" from {}", expr(m, *c)));
            }
            line(out, d, &s);
        }
        StmtKind::Break { .. } => line(out, d, "break"),
        StmtKind::Continue { .. } => line(out, d, "continue"),
        StmtKind::With {
            items,
            body: b,
            is_async,
        } => {
            let its: Vec<String> = items
                .iter()
                .map(|i| match i.target {
                    Some(t) => format!("{} as {}", expr(m, i.value), pattern(m, t)),
                    None => expr(m, i.value),
                })
                .collect();
            let kw = if *is_async { "async with" } else { "with" };
            line(out, d, &format!("{kw} {}", its.join(", ")));
            block(m, *b, d + 1, out);
        }
        StmtKind::Labeled { .. } => line(out, d, "labeled"),
        StmtKind::Assert { test, message } => {
            let msg = message
                .map(|x| format!(", {}", expr(m, x)))
                .unwrap_or_default();
            line(out, d, &format!("assert {}{msg}", expr(m, *test)));
        }
        StmtKind::Other => line(out, d, &format!("other<{}>", m.text(m.stmt(id).span))),
    }
}

/// The module body rendered.
pub fn body_of(m: &Model) -> String {
    stmts(m, &m.body)
}

/// The first top-level expression statement's expression, rendered.
pub fn first_expr(source: &str) -> String {
    let m = lower(source);
    match m.body.first().map(|s| &m.stmt(*s).kind) {
        Some(StmtKind::Expr { expr: e }) => expr(&m, *e),
        other => panic!("not an expression statement: {other:?}"),
    }
}

/// The value assigned by the first top-level `x = value` statement, rendered.
pub fn value_of(source: &str) -> String {
    let m = lower(source);
    match m.body.first().map(|s| &m.stmt(*s).kind) {
        Some(StmtKind::Expr { expr: e }) => match &m.expr(*e).kind {
            ExprKind::Assign { value, .. } => expr(&m, *value),
            _ => panic!("not an assignment"),
        },
        other => panic!("not an expression statement: {other:?}"),
    }
}

/// The function with this name.
pub fn function<'m>(m: &'m Model, name: &str) -> &'m Function {
    m.functions
        .iter()
        .find(|f| f.name.as_deref() == Some(name))
        .unwrap_or_else(|| panic!("no function {name}"))
}

/// `name:kind@scope` for every binding, in order; scope is the function name or `-`.
pub fn bindings(m: &Model) -> Vec<String> {
    m.bindings
        .iter()
        .map(|b| {
            let kind = match &b.kind {
                BindingKind::Param { index, .. } => format!("param{index}"),
                BindingKind::Var { .. } => "var".into(),
                BindingKind::Assigned => "assigned".into(),
                BindingKind::Function { .. } => "function".into(),
                BindingKind::Class { .. } => "class".into(),
                BindingKind::Import { .. } => "import".into(),
                BindingKind::CatchParam => "catch".into(),
                BindingKind::LoopVar => "loop".into(),
                BindingKind::WithTarget => "with".into(),
                BindingKind::TypeDecl { .. } => "type".into(),
            };
            let scope = b.scope.map_or("-".to_string(), |f| {
                m.function(f).name.clone().unwrap_or("?".into())
            });
            let re = if b.reassigned { "!" } else { "" };
            format!("{}:{kind}@{scope}{re}", b.name)
        })
        .collect()
}
