//! Statements and declarations.
use super::functions::FnSite;
use super::patterns::DeclSite;
use super::{Lowerer, sp};
use crate::model::{
    BindingId, BindingKind, CatchClause, ExportTarget, ExprId, ExprKind, LiteralValue, LoopKind,
    MemberProp, NameSource, StmtId, StmtKind, SwitchCase, VarDeclarator, VarKind, WithItem,
};
use oxc_ast::ast::{
    BindingPattern, Declaration, Directive, ForStatementInit, ForStatementLeft, Statement,
    TSNamespaceDeclaration, TSNamespaceDeclarationBody, VariableDeclaration,
    VariableDeclarationKind,
};
use oxc_span::GetSpan;

/// A name a declaration introduces, as an `export` of it would name it.
pub(crate) struct DeclaredName {
    pub name: String,
    pub target: ExportTarget,
    pub type_only: bool,
}

impl Lowerer<'_> {
    pub(crate) fn lower_stmt(&mut self, s: &Statement<'_>) -> StmtId {
        if !self.enter(s.span()) {
            return self.m.push_stmt(StmtKind::Other, sp(s.span()));
        }
        let id = self.lower_stmt_inner(s);
        self.leave();
        id
    }

    /// A directive (`'use strict'`, `'use client'`) is an expression statement of its string.
    pub(crate) fn lower_directive(&mut self, d: &Directive<'_>) -> StmtId {
        let expr = self.m.push_expr(
            ExprKind::Literal {
                value: LiteralValue::String {
                    value: d.expression.value.as_str().into(),
                },
            },
            sp(d.expression.span),
        );
        self.m.push_stmt(StmtKind::Expr { expr }, sp(d.span))
    }

    fn block(&mut self, body: &[Statement<'_>]) -> Vec<StmtId> {
        body.iter().map(|s| self.lower_stmt(s)).collect()
    }

    fn lower_stmt_inner(&mut self, s: &Statement<'_>) -> StmtId {
        let span = sp(s.span());
        let kind = match s {
            Statement::BlockStatement(b) => StmtKind::Block {
                body: self.block(&b.body).into(),
            },
            Statement::BreakStatement(b) => StmtKind::Break {
                label: b.label.as_ref().map(|l| l.name.as_str().into()),
            },
            Statement::ContinueStatement(c) => StmtKind::Continue {
                label: c.label.as_ref().map(|l| l.name.as_str().into()),
            },
            Statement::DebuggerStatement(_) | Statement::EmptyStatement(_) => StmtKind::Other,
            Statement::DoWhileStatement(d) => {
                let body = self.lower_stmt(&d.body);
                let test = self.lower_expr(&d.test);
                loop_kind(LoopKind::DoWhile, body, Some(test))
            }
            Statement::ExpressionStatement(e) => StmtKind::Expr {
                expr: self.lower_expr(&e.expression),
            },
            Statement::ForInStatement(f) => {
                let iterable = self.lower_expr(&f.right);
                let left = self.for_left(&f.left, iterable);
                let body = self.lower_stmt(&f.body);
                StmtKind::Loop(Box::new(crate::model::LoopStmt {
                    kind: LoopKind::ForIn,
                    init: None,
                    left: Some(left),
                    iterable: Some(iterable),
                    test: None,
                    update: None,
                    body,
                    orelse: None,
                }))
            }
            Statement::ForOfStatement(f) => {
                let iterable = self.lower_expr(&f.right);
                let left = self.for_left(&f.left, iterable);
                let body = self.lower_stmt(&f.body);
                StmtKind::Loop(Box::new(crate::model::LoopStmt {
                    kind: if f.r#await {
                        LoopKind::ForAwaitOf
                    } else {
                        LoopKind::ForOf
                    },
                    init: None,
                    left: Some(left),
                    iterable: Some(iterable),
                    test: None,
                    update: None,
                    body,
                    orelse: None,
                }))
            }
            Statement::ForStatement(f) => {
                let init = f.init.as_ref().map(|i| match i {
                    ForStatementInit::VariableDeclaration(d) => {
                        self.lower_var_decl(d, d.span.start).0
                    }
                    other => match other.as_expression() {
                        Some(e) => {
                            let expr = self.lower_expr(e);
                            self.m.push_stmt(StmtKind::Expr { expr }, sp(e.span()))
                        }
                        None => self.m.push_stmt(StmtKind::Other, sp(other.span())),
                    },
                });
                let test = f.test.as_ref().map(|t| self.lower_expr(t));
                let update = f.update.as_ref().map(|u| self.lower_expr(u));
                let body = self.lower_stmt(&f.body);
                StmtKind::Loop(Box::new(crate::model::LoopStmt {
                    kind: LoopKind::For,
                    init,
                    left: None,
                    iterable: None,
                    test,
                    update,
                    body,
                    orelse: None,
                }))
            }
            Statement::IfStatement(i) => {
                let test = self.lower_expr(&i.test);
                let consequent = self.lower_stmt(&i.consequent);
                let alternate = i.alternate.as_ref().map(|a| self.lower_stmt(a));
                StmtKind::If {
                    test,
                    consequent,
                    alternate,
                }
            }
            Statement::LabeledStatement(l) => StmtKind::Labeled {
                label: l.label.name.as_str().to_string().into(),
                body: self.lower_stmt(&l.body),
            },
            Statement::ReturnStatement(r) => StmtKind::Return {
                value: r.argument.as_ref().map(|a| self.lower_expr(a)),
            },
            Statement::SwitchStatement(sw) => {
                let discriminant = self.lower_expr(&sw.discriminant);
                let mut cases = Vec::with_capacity(sw.cases.len());
                let n = sw.cases.len();
                for (i, c) in sw.cases.iter().enumerate() {
                    let test = c.test.as_ref().map(|t| self.lower_expr(t));
                    let body = self.block(&c.consequent);
                    let falls_through = i + 1 < n && !self.terminates(&body);
                    cases.push(SwitchCase {
                        test,
                        body,
                        falls_through,
                        span: sp(c.span),
                    });
                }
                StmtKind::Switch {
                    discriminant,
                    cases: cases.into(),
                }
            }
            Statement::ThrowStatement(t) => StmtKind::Throw {
                value: Some(self.lower_expr(&t.argument)),
                cause: None,
            },
            Statement::TryStatement(t) => {
                let block = self.block(&t.block.body);
                let handlers = t
                    .handler
                    .as_ref()
                    .map(|h| {
                        let param = h.param.as_ref().map(|p| {
                            let site = DeclSite::new(BindingKind::CatchParam, None);
                            let mut declared = Vec::new();
                            self.binding_pattern(&p.pattern, &site, &mut declared)
                        });
                        let body = self.block(&h.body.body);
                        vec![CatchClause {
                            param,
                            types: Vec::new(),
                            body,
                            span: sp(h.span),
                        }]
                    })
                    .unwrap_or_default();
                let finalizer = t.finalizer.as_ref().map(|f| self.block(&f.body));
                StmtKind::Try(Box::new(crate::model::TryStmt {
                    block,
                    handlers,
                    orelse: None,
                    finalizer,
                }))
            }
            Statement::WhileStatement(w) => {
                let test = self.lower_expr(&w.test);
                let body = self.lower_stmt(&w.body);
                loop_kind(LoopKind::While, body, Some(test))
            }
            Statement::WithStatement(w) => {
                let value = self.lower_expr(&w.object);
                let body = self.lower_stmt(&w.body);
                StmtKind::With {
                    items: Box::new([WithItem {
                        value,
                        target: None,
                    }]),
                    body,
                    is_async: false,
                }
            }
            other => {
                if let Some(d) = other.as_declaration() {
                    return self.lower_declaration(d, d.span().start).0;
                }
                if let Some(m) = other.as_module_declaration() {
                    return self.lower_module_decl(m);
                }
                StmtKind::Other
            }
        };
        self.m.push_stmt(kind, span)
    }

    /// The loop variable of for-in/of: a declaration (its names are `LoopVar`s whose
    /// origin is the iterated value) or an assignment target.
    fn for_left(
        &mut self,
        left: &ForStatementLeft<'_>,
        iterable: ExprId,
    ) -> crate::model::PatternId {
        match left {
            ForStatementLeft::VariableDeclaration(d) => match d.declarations.first() {
                Some(decl) => {
                    let site = DeclSite::new(BindingKind::LoopVar, Some(iterable));
                    let mut declared = Vec::new();
                    self.binding_pattern(&decl.id, &site, &mut declared)
                }
                None => {
                    let e = self.m.push_expr(ExprKind::Other, sp(d.span));
                    self.m
                        .push_pattern(crate::model::PatternKind::Expr { expr: e }, sp(d.span))
                }
            },
            other => match other.as_assignment_target() {
                Some(t) => self.assign_target(t),
                None => {
                    let e = self.m.push_expr(ExprKind::Other, sp(other.span()));
                    self.m.push_pattern(
                        crate::model::PatternKind::Expr { expr: e },
                        sp(other.span()),
                    )
                }
            },
        }
    }

    /// True when control cannot run off the end of `body`.
    fn terminates(&self, body: &[StmtId]) -> bool {
        let Some(last) = body.last() else {
            return false;
        };
        match &self.m.stmt(*last).kind {
            StmtKind::Break { .. }
            | StmtKind::Continue { .. }
            | StmtKind::Return { .. }
            | StmtKind::Throw { .. } => true,
            StmtKind::Block { body } => self.terminates(body),
            StmtKind::If {
                consequent,
                alternate: Some(alternate),
                ..
            } => self.terminates(&[*consequent]) && self.terminates(&[*alternate]),
            StmtKind::Try(boxed) => {
                let crate::model::TryStmt {
                    block,
                    handlers,
                    finalizer,
                    ..
                } = &**boxed;
                finalizer.as_ref().is_some_and(|f| self.terminates(f))
                    || (self.terminates(block) && handlers.iter().all(|h| self.terminates(&h.body)))
            }
            _ => false,
        }
    }

    /// A declaration statement; `anchor` is where its JSDoc attaches (the `export` keyword
    /// when exported). Returns the names it declares, for exports.
    pub(crate) fn lower_declaration(
        &mut self,
        d: &Declaration<'_>,
        anchor: u32,
    ) -> (StmtId, Vec<DeclaredName>) {
        match d {
            Declaration::VariableDeclaration(v) => {
                let (stmt, declared) = self.lower_var_decl(v, anchor);
                let names = declared
                    .into_iter()
                    .map(|b| DeclaredName {
                        name: self.m.binding(b).name.to_string(),
                        target: ExportTarget::Binding(b),
                        type_only: false,
                    })
                    .collect();
                (stmt, names)
            }
            Declaration::FunctionDeclaration(f) => {
                let site = FnSite {
                    doc_anchor: Some(anchor),
                    ..FnSite::anonymous()
                };
                let function = self.lower_function(f, site);
                let stmt = self
                    .m
                    .push_stmt(StmtKind::FunctionDecl { function }, sp(f.span));
                let names =
                    f.id.as_ref()
                        .map(|id| DeclaredName {
                            name: id.name.as_str().to_string(),
                            target: ExportTarget::Function(function),
                            type_only: false,
                        })
                        .into_iter()
                        .collect();
                (stmt, names)
            }
            Declaration::ClassDeclaration(c) => {
                let class = self.lower_class(c, FnSite::anonymous());
                let stmt = self.m.push_stmt(StmtKind::ClassDecl { class }, sp(c.span));
                let names =
                    c.id.as_ref()
                        .map(|id| DeclaredName {
                            name: id.name.as_str().to_string(),
                            target: ExportTarget::Class(class),
                            type_only: false,
                        })
                        .into_iter()
                        .collect();
                (stmt, names)
            }
            Declaration::TSTypeAliasDeclaration(t) => {
                let stmt = self.lower_type_alias(t);
                (stmt, self.type_decl_name(stmt, t.id.name.as_str(), true))
            }
            Declaration::TSInterfaceDeclaration(t) => {
                let stmt = self.lower_interface(t);
                (stmt, self.type_decl_name(stmt, t.id.name.as_str(), true))
            }
            Declaration::TSEnumDeclaration(t) => {
                let stmt = self.lower_enum(t);
                (stmt, self.type_decl_name(stmt, t.id.name.as_str(), false))
            }
            Declaration::TSNamespaceDeclaration(n) => {
                let stmt = self.lower_namespace(n);
                (stmt, Vec::new())
            }
            Declaration::TSExternalModuleDeclaration(m) => {
                (self.m.push_stmt(StmtKind::Other, sp(m.span)), Vec::new())
            }
            Declaration::TSGlobalDeclaration(g) => {
                (self.m.push_stmt(StmtKind::Other, sp(g.span)), Vec::new())
            }
            Declaration::TSImportEqualsDeclaration(i) => (self.lower_import_equals(i), Vec::new()),
        }
    }

    fn type_decl_name(&self, stmt: StmtId, name: &str, type_only: bool) -> Vec<DeclaredName> {
        match self.m.stmt(stmt).kind {
            StmtKind::TypeDecl { decl } => vec![DeclaredName {
                name: name.to_string(),
                target: ExportTarget::TypeDecl(decl),
                type_only,
            }],
            _ => Vec::new(),
        }
    }

    /// A TS `namespace` with a body is a block of real code; its exports are the namespace's,
    /// not the module's. Ambient (`declare`) namespaces have no code.
    fn lower_namespace(&mut self, n: &TSNamespaceDeclaration<'_>) -> StmtId {
        if n.declare {
            return self.m.push_stmt(StmtKind::Other, sp(n.span));
        }
        self.namespace_depth += 1;
        let body = match &n.body {
            TSNamespaceDeclarationBody::TSModuleBlock(b) => {
                let mut body = Vec::with_capacity(b.directives.len() + b.body.len());
                for d in &b.directives {
                    body.push(self.lower_directive(d));
                }
                for s in &b.body {
                    body.push(self.lower_stmt(s));
                }
                body
            }
            TSNamespaceDeclarationBody::TSNamespaceDeclaration(inner) => {
                vec![self.lower_namespace(inner)]
            }
        };
        self.namespace_depth -= 1;
        self.m
            .push_stmt(StmtKind::Block { body: body.into() }, sp(n.span))
    }

    /// `const/let/var/using` declarations; returns the statement and the names it declares.
    pub(crate) fn lower_var_decl(
        &mut self,
        d: &VariableDeclaration<'_>,
        anchor: u32,
    ) -> (StmtId, Vec<BindingId>) {
        let kind = match d.kind {
            VariableDeclarationKind::Var => VarKind::Var,
            VariableDeclarationKind::Let => VarKind::Let,
            VariableDeclarationKind::Const => VarKind::Const,
            VariableDeclarationKind::Using | VariableDeclarationKind::AwaitUsing => VarKind::Using,
        };
        let mut declared = Vec::new();
        let mut declarators = Vec::with_capacity(d.declarations.len());
        for decl in &d.declarations {
            let site = match &decl.id {
                BindingPattern::BindingIdentifier(id) => {
                    let mut s = FnSite::named(id.name.as_str(), NameSource::Variable, id.span);
                    s.doc_anchor = Some(anchor);
                    Some(s)
                }
                _ => None,
            };
            let init = decl.init.as_ref().map(|e| self.lower_expr_site(e, site));
            if let (BindingPattern::BindingIdentifier(id), Some(value)) = (&decl.id, &decl.init)
                && self.func_stack.is_empty()
                && self.is_exports_object(value)
                && let Some(symbol) = id.symbol_id.get()
            {
                self.exports_aliases.push(symbol);
            }
            let type_annotation = self.opt_type_annotation(decl.type_annotation.as_ref());
            let mut decl_site = DeclSite::new(BindingKind::Var { kind }, init);
            decl_site.import = init.and_then(|i| self.import_source(i));
            let pattern = self.binding_pattern(&decl.id, &decl_site, &mut declared);
            declarators.push(VarDeclarator {
                pattern,
                init,
                type_annotation: type_annotation.map(Box::new),
                span: sp(decl.span),
            });
        }
        let stmt = self.m.push_stmt(
            StmtKind::VarDecl {
                kind,
                declarators: declarators.into(),
            },
            sp(d.span),
        );
        (stmt, declared)
    }

    /// When an initialiser is `require('x')`, `await import('x')` or one property of either,
    /// the import it reads and the property.
    fn import_source(&self, init: ExprId) -> Option<(u32, Option<String>)> {
        let (mut e, member) = match &self.m.expr(init).kind {
            ExprKind::Member {
                object,
                property: MemberProp::Name(p),
                optional: false,
            } => (*object, Some(p.to_string())),
            _ => (init, None),
        };
        if let ExprKind::Await { arg } = &self.m.expr(e).kind {
            e = *arg;
        }
        self.import_of_call(e).map(|i| (i, member))
    }
}

fn loop_kind(kind: LoopKind, body: StmtId, test: Option<ExprId>) -> StmtKind {
    StmtKind::Loop(Box::new(crate::model::LoopStmt {
        kind,
        init: None,
        left: None,
        iterable: None,
        test,
        update: None,
        body,
        orelse: None,
    }))
}
