//! Statements.
use super::targets::Bind;
use super::{Lw, sp};
use crate::model::*;
use ruff_python_ast::{self as ast, ExceptHandler, Expr, Stmt};
use ruff_text_size::{Ranged, TextRange};

/// The suite a compound statement ends with (its span ends where that suite ends).
fn last_suite(s: &Stmt) -> Option<&[Stmt]> {
    let suite: &[Stmt] = match s {
        Stmt::FunctionDef(f) => &f.body,
        Stmt::ClassDef(c) => &c.body,
        Stmt::For(f) if !f.orelse.is_empty() => &f.orelse,
        Stmt::For(f) => &f.body,
        Stmt::While(w) if !w.orelse.is_empty() => &w.orelse,
        Stmt::While(w) => &w.body,
        Stmt::If(i) => match i.elif_else_clauses.last() {
            Some(c) => &c.body,
            None => &i.body,
        },
        Stmt::With(w) => &w.body,
        Stmt::Try(t) if !t.finalbody.is_empty() => &t.finalbody,
        Stmt::Try(t) if !t.orelse.is_empty() => &t.orelse,
        Stmt::Try(t) => match t.handlers.last() {
            Some(ExceptHandler::ExceptHandler(h)) => &h.body,
            None => &t.body,
        },
        Stmt::Match(m) => match m.cases.last() {
            Some(c) => &c.body,
            None => return None,
        },
        _ => return None,
    };
    Some(suite)
}

impl<'s> Lw<'s> {
    /// Where a suite ends: its last statement, or the last comment indented inside it (and
    /// so on into the last statement's own last suite). Iterative: deep nesting is fine.
    /// Each suite's end is remembered (by its first statement's start), so nested suites
    /// are measured once.
    pub(super) fn suite_end(&mut self, body: &[Stmt]) -> Option<u32> {
        let mut firsts = Vec::new();
        let mut cur = body;
        let mut end;
        loop {
            let (Some(first), Some(last)) = (cur.first(), cur.last()) else {
                return None;
            };
            let start = first.start().to_u32();
            if let Some(known) = self.suite_ends.get(&start) {
                end = *known;
                break;
            }
            firsts.push(start);
            end = last.end().to_u32();
            match last_suite(last) {
                Some(inner) if !inner.is_empty() => cur = inner,
                _ => break,
            }
        }
        for first in firsts.into_iter().rev() {
            end = end.max(self.block_end(first, end));
            self.suite_ends.insert(first, end);
        }
        Some(end)
    }

    /// A statement's span, its end extended as [`Self::suite_end`] says.
    pub(super) fn stmt_span(&mut self, s: &Stmt) -> Span {
        let end = last_suite(s)
            .and_then(|suite| self.suite_end(suite))
            .unwrap_or(0)
            .max(s.end().to_u32());
        Span::new(s.start().to_u32(), end)
    }

    /// The span of a suite (for `Block` statements).
    pub(super) fn suite_span(&mut self, body: &[Stmt]) -> Option<Span> {
        let first = body.first()?;
        Some(Span::new(first.start().to_u32(), self.suite_end(body)?))
    }

    /// The statements of a suite. Counts a nesting level, as before.
    pub(super) fn block(&mut self, body: &[Stmt], owner: TextRange) -> Vec<StmtId> {
        let mut out = Vec::new();
        let span = self.suite_span(body).unwrap_or_else(|| sp(owner));
        if !self.descend(span) {
            out.push(self.m.push_stmt(StmtKind::Other, span));
            return out;
        }
        for s in body {
            self.stmt(s, &mut out);
        }
        self.ascend();
        out
    }

    /// A suite as one `Block` statement.
    fn block_stmt(&mut self, body: &[Stmt], owner: Span) -> StmtId {
        match self.suite_span(body) {
            Some(span) => {
                let body = self.block(body, TextRange::default());
                self.m
                    .push_stmt(StmtKind::Block { body: body.into() }, span)
            }
            None => self.m.push_stmt(
                StmtKind::Block {
                    body: Box::default(),
                },
                owner,
            ),
        }
    }

    fn stmt(&mut self, s: &Stmt, out: &mut Vec<StmtId>) {
        let span = self.stmt_span(s);
        if !self.descend(span) {
            out.push(self.m.push_stmt(StmtKind::Other, span));
            return;
        }
        self.stmt_kind(s, span, out);
        self.ascend();
    }

    fn push(&mut self, out: &mut Vec<StmtId>, kind: StmtKind, span: Span) {
        out.push(self.m.push_stmt(kind, span));
    }

    fn stmt_kind(&mut self, s: &Stmt, span: Span, out: &mut Vec<StmtId>) {
        match s {
            Stmt::Expr(e) => {
                let expr = self.expr(&e.value);
                self.push(out, StmtKind::Expr { expr }, span);
            }
            Stmt::Assign(a) => {
                let expr = self.assign(a);
                self.push(out, StmtKind::Expr { expr }, span);
            }
            Stmt::AugAssign(a) => {
                let expr = self.aug_assign(a);
                self.push(out, StmtKind::Expr { expr }, span);
            }
            Stmt::AnnAssign(a) => match self.ann_assign(a) {
                Some(expr) => self.push(out, StmtKind::Expr { expr }, span),
                None => self.push(out, StmtKind::Other, span),
            },
            Stmt::Import(i) => self.import(i, out),
            Stmt::ImportFrom(i) => self.import_from(i, out),
            Stmt::FunctionDef(f) => {
                let function = self.function_def(f, span);
                self.push(out, StmtKind::FunctionDecl { function }, span);
            }
            Stmt::ClassDef(c) => {
                let class = self.class_def(c, span);
                self.push(out, StmtKind::ClassDecl { class }, span);
            }
            Stmt::If(i) => self.if_stmt(i, span, out),
            Stmt::For(f) => self.for_stmt(f, span, out),
            Stmt::While(w) => self.while_stmt(w, span, out),
            Stmt::Try(t) => self.try_stmt(t, span, out),
            Stmt::With(w) => self.with_stmt(w, span, out),
            Stmt::Match(m) => self.match_stmt(m, span, out),
            Stmt::Return(r) => {
                let value = r.value.as_deref().map(|v| self.expr(v));
                self.push(out, StmtKind::Return { value }, span);
            }
            Stmt::Raise(r) => {
                let value = r.exc.as_deref().map(|v| self.expr(v));
                let cause = r.cause.as_deref().map(|c| self.expr(c));
                self.push(out, StmtKind::Throw { value, cause }, span);
            }
            Stmt::Break(_) => self.push(out, StmtKind::Break { label: None }, span),
            Stmt::Continue(_) => self.push(out, StmtKind::Continue { label: None }, span),
            Stmt::Assert(a) => {
                let test = self.expr(&a.test);
                let message = a.msg.as_deref().map(|m| self.expr(m));
                self.push(out, StmtKind::Assert { test, message }, span);
            }
            Stmt::Global(g) => {
                for n in &g.names {
                    self.scopes.global(self.scope, n.id.as_str());
                }
                self.push(out, StmtKind::Other, span);
            }
            Stmt::Nonlocal(g) => {
                for n in &g.names {
                    self.scopes.nonlocal(self.scope, n.id.as_str());
                }
                self.push(out, StmtKind::Other, span);
            }
            Stmt::Delete(d) => {
                for t in &d.targets {
                    match t {
                        Expr::Name(n) => self.declare_only(n.id.as_str(), sp(n.range)),
                        _ => {
                            self.expr(t);
                        }
                    }
                }
                self.push(out, StmtKind::Other, span);
            }
            Stmt::TypeAlias(t) => self.type_alias(t, span, out),
            Stmt::Pass(_) | Stmt::IpyEscapeCommand(_) => self.push(out, StmtKind::Other, span),
        }
    }

    /// `a = b = c`: `Assign(a, Assign(b, c))`, targets declared left to right.
    fn assign(&mut self, a: &ast::StmtAssign) -> ExprId {
        let value_node: &Expr = &a.value;
        let innermost = self.expr(value_node);
        let end = a.range.end().to_u32();
        let mut links = Vec::with_capacity(a.targets.len());
        for t in &a.targets {
            let link = Span::new(t.start().to_u32(), end);
            let target = self.assignment_target(t, false, innermost, value_node, None, link);
            links.push((link, target));
        }
        if let Some(first) = links.first_mut() {
            first.0 = sp(a.range);
        }
        let mut value = innermost;
        for (link, target) in links.into_iter().rev() {
            value = self.m.push_expr(
                ExprKind::Assign {
                    op: AssignOp::Assign,
                    target,
                    value,
                },
                link,
            );
        }
        value
    }

    fn aug_assign(&mut self, a: &ast::StmtAugAssign) -> ExprId {
        let innermost = self.expr(&a.value);
        let link = sp(a.range);
        let target = self.assignment_target(&a.target, true, innermost, &a.value, None, link);
        self.m.push_expr(
            ExprKind::Assign {
                op: AssignOp::Compound,
                target,
                value: innermost,
            },
            link,
        )
    }

    /// `x: T = v`, or a bare `x: T` (which binds no value: `None`).
    fn ann_assign(&mut self, a: &ast::StmtAnnAssign) -> Option<ExprId> {
        let link = sp(a.range);
        let Some(value_node) = a.value.as_deref() else {
            let annotation = self.annotation(&a.annotation);
            match &*a.target {
                Expr::Name(n) => {
                    self.declare_only(n.id.as_str(), sp(n.range));
                    self.class_attribute(n.id.as_str(), None, Some(annotation), link);
                }
                t => {
                    self.expr(t);
                }
            }
            return None;
        };
        let innermost = self.expr(value_node);
        let target = self.assignment_target(
            &a.target,
            false,
            innermost,
            value_node,
            Some(&a.annotation),
            link,
        );
        Some(self.m.push_expr(
            ExprKind::Assign {
                op: AssignOp::Assign,
                target,
                value: innermost,
            },
            link,
        ))
    }

    /// The target of one link of an assignment: declares its names, names a lambda value,
    /// records class attributes and `__all__`.
    fn assignment_target(
        &mut self,
        left: &Expr,
        augmented: bool,
        value: ExprId,
        value_node: &Expr,
        annotation: Option<&Expr>,
        link: Span,
    ) -> PatternId {
        let bind = Bind {
            kind: BindingKind::Assigned,
            init: if augmented { None } else { Some(value) },
            scope: self.scope,
        };
        let target = self.target(left, &bind, &mut Vec::new());
        if let Expr::Name(n) = left {
            let name = n.id.as_str();
            if !augmented {
                let source = if self.class_body().is_some() {
                    NameSource::Property
                } else {
                    NameSource::Variable
                };
                self.name_lambda(value, Some(name), source);
            }
            if self.scope == super::scopes::MODULE_SCOPE && name == "__all__" {
                self.dunder_all(value_node, augmented);
            }
        }
        if !augmented {
            let annotation = annotation.map(|t| self.annotation(t));
            self.class_attributes(left, Some(value), annotation, link);
        }
        target
    }

    fn class_attributes(
        &mut self,
        left: &Expr,
        value: Option<ExprId>,
        annotation: Option<TypeAnnotation>,
        link: Span,
    ) {
        if self.class_body().is_none() {
            return;
        }
        if let Expr::Name(n) = left {
            self.class_attribute(n.id.as_str(), value, annotation, link);
            return;
        }
        let mut stack = vec![left];
        while let Some(n) = stack.pop() {
            match n {
                Expr::Name(n) => self.class_attribute(n.id.as_str(), None, None, link),
                Expr::Tuple(t) => stack.extend(t.elts.iter().rev()),
                Expr::List(t) => stack.extend(t.elts.iter().rev()),
                Expr::Starred(s) => stack.push(&s.value),
                _ => {}
            }
        }
    }

    pub(super) fn class_attribute(
        &mut self,
        name: &str,
        value: Option<ExprId>,
        annotation: Option<TypeAnnotation>,
        link: Span,
    ) {
        let Some(class) = self.class_body() else {
            return;
        };
        let function = value.and_then(|v| match self.m.expr(v).kind {
            ExprKind::Function { function } => Some(function),
            _ => None,
        });
        let is_static = annotation.as_ref().is_none_or(|a| {
            let t = a.text.as_str();
            t.starts_with("ClassVar") || t.starts_with("typing.ClassVar")
        });
        self.push_member(
            class,
            ClassMember {
                name: MemberName::Ident(name.to_string()),
                kind: MemberKind::Property {
                    value,
                    type_annotation: annotation,
                    function,
                },
                is_static,
                visibility: None,
                decorators: Vec::new(),
                readonly: false,
                optional: false,
                span: link,
            },
        );
    }

    fn if_stmt(&mut self, i: &ast::StmtIf, span: Span, out: &mut Vec<StmtId>) {
        let test = self.expr(&i.test);
        let consequent = self.block_stmt(&i.body, span);
        let mut clauses = Vec::new();
        for c in &i.elif_else_clauses {
            let cspan = Span::new(
                c.range.start().to_u32(),
                self.suite_end(&c.body).unwrap_or(c.range.end().to_u32()),
            );
            let t = c.test.as_ref().map(|t| self.expr(t));
            let body = self.block_stmt(&c.body, cspan);
            clauses.push((t, body, cspan));
        }
        let end = span.end;
        let mut alternate = None;
        for (t, body, cspan) in clauses.into_iter().rev() {
            alternate = Some(match t {
                Some(t) => self.m.push_stmt(
                    StmtKind::If {
                        test: t,
                        consequent: body,
                        alternate,
                    },
                    Span::new(cspan.start, end),
                ),
                None => body,
            });
        }
        self.push(
            out,
            StmtKind::If {
                test,
                consequent,
                alternate,
            },
            span,
        );
    }

    fn else_body(&mut self, orelse: &[Stmt]) -> Option<Vec<StmtId>> {
        if orelse.is_empty() {
            return None;
        }
        Some(self.block(orelse, TextRange::default()))
    }

    fn for_stmt(&mut self, f: &ast::StmtFor, span: Span, out: &mut Vec<StmtId>) {
        let iterable = self.expr(&f.iter);
        let bind = Bind {
            kind: BindingKind::LoopVar,
            init: None,
            scope: self.scope,
        };
        let left = Some(self.target(&f.target, &bind, &mut Vec::new()));
        let body = self.block_stmt(&f.body, span);
        let orelse = self.else_body(&f.orelse);
        self.push(
            out,
            StmtKind::Loop(Box::new(crate::model::LoopStmt {
                kind: LoopKind::ForEach,
                init: None,
                left,
                iterable: Some(iterable),
                test: None,
                update: None,
                body,
                orelse,
            })),
            span,
        );
    }

    fn while_stmt(&mut self, w: &ast::StmtWhile, span: Span, out: &mut Vec<StmtId>) {
        let test = self.expr(&w.test);
        let body = self.block_stmt(&w.body, span);
        let orelse = self.else_body(&w.orelse);
        self.push(
            out,
            StmtKind::Loop(Box::new(crate::model::LoopStmt {
                kind: LoopKind::While,
                init: None,
                left: None,
                iterable: None,
                test: Some(test),
                update: None,
                body,
                orelse,
            })),
            span,
        );
    }

    fn try_stmt(&mut self, t: &ast::StmtTry, span: Span, out: &mut Vec<StmtId>) {
        let block = self.block(&t.body, TextRange::default());
        let mut handlers = Vec::new();
        for h in &t.handlers {
            let ExceptHandler::ExceptHandler(h) = h;
            let hspan = Span::new(
                h.range.start().to_u32(),
                self.suite_end(&h.body).unwrap_or(h.range.end().to_u32()),
            );
            let types = match h.type_.as_deref() {
                Some(Expr::Tuple(tuple)) => tuple.elts.iter().map(|e| self.expr(e)).collect(),
                Some(e) => vec![self.expr(e)],
                None => Vec::new(),
            };
            let param = h.name.as_ref().map(|n| {
                let bind = Bind {
                    kind: BindingKind::CatchParam,
                    init: None,
                    scope: self.scope,
                };
                self.bind_name(n.id.as_str(), sp(n.range), &bind, Vec::new())
            });
            let body = self.block(&h.body, TextRange::default());
            handlers.push(CatchClause {
                param,
                types,
                body,
                span: hspan,
            });
        }
        let orelse = self.else_body(&t.orelse);
        let finalizer = self.else_body(&t.finalbody);
        self.push(
            out,
            StmtKind::Try(Box::new(crate::model::TryStmt {
                block,
                handlers,
                orelse,
                finalizer,
            })),
            span,
        );
    }

    fn with_stmt(&mut self, w: &ast::StmtWith, span: Span, out: &mut Vec<StmtId>) {
        let mut items = Vec::new();
        for item in &w.items {
            let value = self.expr(&item.context_expr);
            let target = item.optional_vars.as_deref().map(|a| {
                let bind = Bind {
                    kind: BindingKind::WithTarget,
                    init: Some(value),
                    scope: self.scope,
                };
                self.target(a, &bind, &mut Vec::new())
            });
            items.push(WithItem { value, target });
        }
        let body = self.block_stmt(&w.body, span);
        self.push(
            out,
            StmtKind::With {
                items: items.into(),
                body,
                is_async: w.is_async,
            },
            span,
        );
    }

    fn match_stmt(&mut self, m: &ast::StmtMatch, span: Span, out: &mut Vec<StmtId>) {
        let subject = match &*m.subject {
            Expr::Tuple(t) if !t.parenthesized && t.elts.len() > 1 => {
                let elements = t
                    .elts
                    .iter()
                    .map(|e| ArrayElement::Expr(self.expr(e)))
                    .collect();
                let first = self.outer(&t.elts[0], t.range);
                let last = self.outer(&t.elts[t.elts.len() - 1], t.range);
                self.m.push_expr(
                    ExprKind::Array {
                        elements,
                        kind: ArrayKind::Tuple,
                    },
                    Span::new(first.start, last.end),
                )
            }
            e => self.expr(e),
        };
        let mut cases = Vec::new();
        for case in &m.cases {
            let cspan = Span::new(
                case.range.start().to_u32(),
                self.suite_end(&case.body)
                    .unwrap_or(case.range.end().to_u32()),
            );
            let pattern = self.case_pattern_expr(&case.pattern);
            self.case_captures(&case.pattern);
            let pattern_span = self.outer_range(case.pattern.range(), case.range);
            let guard = case.guard.as_deref().map(|g| self.expr(g));
            let body = self.block(&case.body, TextRange::default());
            cases.push(MatchCase {
                pattern,
                pattern_span,
                guard,
                body,
                span: cspan,
            });
        }
        self.push(
            out,
            StmtKind::Match {
                subject,
                cases: cases.into(),
            },
            span,
        );
    }

    fn type_alias(&mut self, t: &ast::StmtTypeAlias, span: Span, out: &mut Vec<StmtId>) {
        // The name as written, with its type parameters (`Sorting[PE]`).
        let name_end = t.type_params.as_ref().map_or(t.name.end(), |tp| tp.end());
        let name_span = Span::new(t.name.start().to_u32(), name_end.to_u32());
        let name = collapse_whitespace(self.text_span(name_span));
        let shape = self.annotation(&t.value).shape;
        let decl = self.m.push_type_decl(TypeDecl {
            name: name.clone(),
            kind: TypeDeclKind::TypeAlias,
            members: Vec::new(),
            member_values: Vec::new(),
            type_params: Vec::new(),
            shape,
            span,
            name_span,
        });
        self.scopes.declare(super::scopes::Decl {
            scope: self.scope,
            name,
            kind: BindingKind::TypeDecl { decl },
            span: name_span,
            origin: BindingOrigin::none(),
            assigns: true,
            site: super::scopes::DeclSite::None,
        });
        self.push(out, StmtKind::TypeDecl { decl }, span);
    }
}
