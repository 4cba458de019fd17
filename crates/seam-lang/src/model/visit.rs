//! Child enumeration, so passes walk the model without each re-listing every variant.
//!
//! The walkers visit direct children only and never descend into nested functions or
//! classes: a function's body belongs to that function, and a pass that wants it asks for it.
use super::Model;
use super::ids::*;
use super::nodes::*;

/// Receives the direct children of a node.
pub trait ExprVisitor {
    fn expr(&mut self, _id: ExprId) {}
    fn stmt(&mut self, _id: StmtId) {}
    fn pattern(&mut self, _id: PatternId) {}
    /// A function written here (arrow, function expression, method of an object literal,
    /// declaration). Its body is not walked.
    fn function(&mut self, _id: FuncId) {}
    fn class(&mut self, _id: ClassId) {}
}

fn args(v: &mut impl ExprVisitor, args: &[Arg]) {
    for a in args {
        v.expr(a.value);
    }
}

/// Visits the direct children of an expression.
pub fn walk_expr_children(model: &Model, id: ExprId, v: &mut impl ExprVisitor) {
    match &model.expr(id).kind {
        ExprKind::Ident { .. }
        | ExprKind::This
        | ExprKind::Super
        | ExprKind::Literal { .. }
        | ExprKind::Other => {}
        ExprKind::Member {
            object, property, ..
        } => {
            v.expr(*object);
            if let MemberProp::Computed(p) = property {
                v.expr(*p);
            }
        }
        ExprKind::Call {
            callee, args: a, ..
        } => {
            v.expr(*callee);
            args(v, a);
        }
        ExprKind::Template(boxed) => {
            let crate::model::TemplateExpr { exprs, tag, .. } = &**boxed;
            if let Some(t) = tag {
                v.expr(*t);
            }
            for e in exprs {
                v.expr(*e);
            }
        }
        ExprKind::Object { props } => {
            for p in props {
                match p {
                    ObjectProp::KeyValue { key, value, .. } => {
                        if let PropKey::Computed(k) = key {
                            v.expr(*k);
                        }
                        v.expr(*value);
                    }
                    ObjectProp::Spread { value } => v.expr(*value),
                    ObjectProp::Method { key, function, .. } => {
                        if let PropKey::Computed(k) = key {
                            v.expr(*k);
                        }
                        v.function(*function);
                    }
                }
            }
        }
        ExprKind::Array { elements, .. } => {
            for e in elements {
                match e {
                    ArrayElement::Expr(x) | ArrayElement::Spread(x) => v.expr(*x),
                    ArrayElement::Hole => {}
                }
            }
        }
        ExprKind::Unary { arg, .. } | ExprKind::Update { arg, .. } | ExprKind::Await { arg } => {
            v.expr(*arg)
        }
        ExprKind::Binary { left, right, .. } | ExprKind::Logical { left, right, .. } => {
            v.expr(*left);
            v.expr(*right);
        }
        ExprKind::Conditional {
            test,
            consequent,
            alternate,
        } => {
            v.expr(*test);
            v.expr(*consequent);
            v.expr(*alternate);
        }
        ExprKind::Assign { target, value, .. } => {
            v.pattern(*target);
            v.expr(*value);
        }
        ExprKind::Yield { arg, .. } => {
            if let Some(a) = arg {
                v.expr(*a);
            }
        }
        ExprKind::Function { function } => v.function(*function),
        ExprKind::Class { class } => v.class(*class),
        ExprKind::Jsx { element } => {
            for a in &element.attributes {
                match a {
                    JsxAttribute::Named { value, .. } => {
                        if let Some(x) = value {
                            v.expr(*x);
                        }
                    }
                    JsxAttribute::Spread { value } => v.expr(*value),
                }
            }
            for c in &element.children {
                if let JsxChild::Expr(x) = c {
                    v.expr(*x);
                }
            }
        }
        ExprKind::Sequence { exprs } => {
            for e in exprs {
                v.expr(*e);
            }
        }
        ExprKind::Comprehension(boxed) => {
            let crate::model::ComprehensionExpr {
                element,
                value,
                iterables,
                conditions,
            } = &**boxed;
            v.expr(*element);
            if let Some(x) = value {
                v.expr(*x);
            }
            for e in iterables.iter().chain(conditions) {
                v.expr(*e);
            }
        }
    }
}

fn stmts(v: &mut impl ExprVisitor, list: &[StmtId]) {
    for s in list {
        v.stmt(*s);
    }
}

/// Visits the direct children of a statement: its expressions, patterns and sub-statements.
pub fn walk_stmt_children(model: &Model, id: StmtId, v: &mut impl ExprVisitor) {
    match &model.stmt(id).kind {
        StmtKind::Expr { expr } => v.expr(*expr),
        StmtKind::VarDecl { declarators, .. } => {
            for d in declarators {
                v.pattern(d.pattern);
                if let Some(i) = d.init {
                    v.expr(i);
                }
            }
        }
        StmtKind::FunctionDecl { function } => v.function(*function),
        StmtKind::ClassDecl { class } => v.class(*class),
        StmtKind::TypeDecl { .. }
        | StmtKind::Import { .. }
        | StmtKind::Break { .. }
        | StmtKind::Continue { .. }
        | StmtKind::Other => {}
        StmtKind::Export { decl } => {
            if let Some(d) = decl {
                v.stmt(*d);
            }
        }
        StmtKind::Block { body } => stmts(v, body),
        StmtKind::If {
            test,
            consequent,
            alternate,
        } => {
            v.expr(*test);
            v.stmt(*consequent);
            if let Some(a) = alternate {
                v.stmt(*a);
            }
        }
        StmtKind::Switch {
            discriminant,
            cases,
        } => {
            v.expr(*discriminant);
            for c in cases {
                if let Some(t) = c.test {
                    v.expr(t);
                }
                stmts(v, &c.body);
            }
        }
        StmtKind::Match { subject, cases } => {
            v.expr(*subject);
            for c in cases {
                if let Some(p) = c.pattern {
                    v.expr(p);
                }
                if let Some(g) = c.guard {
                    v.expr(g);
                }
                stmts(v, &c.body);
            }
        }
        StmtKind::Try(boxed) => {
            let crate::model::TryStmt {
                block,
                handlers,
                orelse,
                finalizer,
            } = &**boxed;
            stmts(v, block);
            for h in handlers {
                if let Some(p) = h.param {
                    v.pattern(p);
                }
                for t in &h.types {
                    v.expr(*t);
                }
                stmts(v, &h.body);
            }
            if let Some(o) = orelse {
                stmts(v, o);
            }
            if let Some(f) = finalizer {
                stmts(v, f);
            }
        }
        StmtKind::Loop(boxed) => {
            let crate::model::LoopStmt {
                init,
                left,
                iterable,
                test,
                update,
                body,
                orelse,
                ..
            } = &**boxed;
            if let Some(i) = init {
                v.stmt(*i);
            }
            if let Some(l) = left {
                v.pattern(*l);
            }
            for e in [iterable, test, update].into_iter().flatten() {
                v.expr(*e);
            }
            v.stmt(*body);
            if let Some(o) = orelse {
                stmts(v, o);
            }
        }
        StmtKind::Return { value } => {
            if let Some(x) = value {
                v.expr(*x);
            }
        }
        StmtKind::Throw { value, cause } => {
            for e in [value, cause].into_iter().flatten() {
                v.expr(*e);
            }
        }
        StmtKind::With { items, body, .. } => {
            for i in items {
                v.expr(i.value);
                if let Some(t) = i.target {
                    v.pattern(t);
                }
            }
            v.stmt(*body);
        }
        StmtKind::Labeled { body, .. } => v.stmt(*body),
        StmtKind::Assert { test, message } => {
            v.expr(*test);
            if let Some(m) = message {
                v.expr(*m);
            }
        }
    }
}
