//! Statements.
use super::Lowerer;
use super::cst::{self, field, fields, named, span};
use crate::model::*;
use tree_sitter::Node;

impl<'s> Lowerer<'s> {
    /// The statements of a `block` or `constructor_body`, in a scope of their own. A block
    /// counts as a nesting level (see [`super::MAX_DEPTH`]).
    pub(super) fn block(&mut self, node: Node<'_>) -> Vec<StmtId> {
        let mut out = Vec::new();
        if !self.descend(node) {
            out.push(self.m.push_stmt(StmtKind::Other, span(node)));
            return out;
        }
        self.scoped(|lw| {
            for s in named(node) {
                lw.stmt(s, &mut out);
            }
        });
        self.ascend();
        out
    }

    /// A statement as one statement (a block becomes `Block`).
    fn one_stmt(&mut self, node: Option<Node<'_>>, owner: Node<'_>) -> StmtId {
        let Some(node) = node else {
            return self.m.push_stmt(
                StmtKind::Block {
                    body: Box::default(),
                },
                span(owner),
            );
        };
        let mut out = Vec::new();
        self.scoped(|lw| lw.stmt(node, &mut out));
        match out.as_slice() {
            [one] => *one,
            _ => self
                .m
                .push_stmt(StmtKind::Block { body: out.into() }, span(node)),
        }
    }

    pub(super) fn stmt(&mut self, node: Node<'_>, out: &mut Vec<StmtId>) {
        if !self.descend(node) {
            out.push(self.m.push_stmt(StmtKind::Other, span(node)));
            return;
        }
        let kind = self.stmt_kind(node, out);
        if let Some(kind) = kind {
            out.push(self.m.push_stmt(kind, span(node)));
        }
        self.ascend();
    }

    /// One statement's kind; a statement that gives several (or none) pushes them itself.
    fn stmt_kind(&mut self, node: Node<'_>, out: &mut Vec<StmtId>) -> Option<StmtKind> {
        Some(match cst::kind_of(node) {
            "block" | "constructor_body" => StmtKind::Block {
                body: self.block(node).into(),
            },
            "expression_statement" => match named(node).first() {
                Some(e) if cst::kind_of(*e) == "switch_expression" => self.switch(*e),
                Some(e) => StmtKind::Expr {
                    expr: self.expr(*e),
                },
                None => StmtKind::Other,
            },
            "switch_expression" => self.switch(node),
            "local_variable_declaration" => self.local_variables(node),
            "explicit_constructor_invocation" => StmtKind::Expr {
                expr: self.constructor_invocation(node),
            },
            "if_statement" => {
                let test = self.condition(field(node, self.f.condition), node);
                let consequent = self.one_stmt(field(node, self.f.consequence), node);
                let alternate =
                    field(node, self.f.alternative).map(|a| self.one_stmt(Some(a), node));
                StmtKind::If {
                    test,
                    consequent,
                    alternate,
                }
            }
            "while_statement" | "do_statement" => {
                let test = self.condition(field(node, self.f.condition), node);
                let body = self.one_stmt(field(node, self.f.body), node);
                StmtKind::Loop(Box::new(crate::model::LoopStmt {
                    kind: if cst::kind_of(node) == "while_statement" {
                        LoopKind::While
                    } else {
                        LoopKind::DoWhile
                    },
                    init: None,
                    left: None,
                    iterable: None,
                    test: Some(test),
                    update: None,
                    body,
                    orelse: None,
                }))
            }
            "for_statement" => return self.for_statement(node, out),
            "enhanced_for_statement" => return self.for_each(node, out),
            "return_statement" => StmtKind::Return {
                value: named(node).first().map(|e| self.expr(*e)),
            },
            "yield_statement" => StmtKind::Expr {
                expr: match named(node).first() {
                    Some(e) => self.expr(*e),
                    None => self.m.push_expr(ExprKind::Other, span(node)),
                },
            },
            "throw_statement" => StmtKind::Throw {
                value: named(node).first().map(|e| self.expr(*e)),
                cause: None,
            },
            "break_statement" => StmtKind::Break {
                label: named(node).first().map(|l| self.text(*l).into()),
            },
            "continue_statement" => StmtKind::Continue {
                label: named(node).first().map(|l| self.text(*l).into()),
            },
            "labeled_statement" => {
                let parts = named(node);
                let label = parts
                    .first()
                    .map(|l| self.text(*l).to_owned())
                    .unwrap_or_default();
                let body = self.one_stmt(parts.get(1).copied(), node);
                StmtKind::Labeled {
                    label: label.into(),
                    body,
                }
            }
            "try_statement" | "try_with_resources_statement" => {
                return self.try_statement(node, out);
            }
            "synchronized_statement" => StmtKind::Block {
                body: field(node, self.f.body)
                    .map(|b| self.block(b))
                    .unwrap_or_default()
                    .into(),
            },
            "assert_statement" => {
                let parts = named(node);
                let test = match parts.first() {
                    Some(t) => self.expr(*t),
                    None => self.m.push_expr(ExprKind::Other, span(node)),
                };
                StmtKind::Assert {
                    test,
                    message: parts.get(1).map(|m| self.expr(*m)),
                }
            }
            "class_declaration"
            | "interface_declaration"
            | "record_declaration"
            | "enum_declaration"
            | "annotation_type_declaration" => {
                out.push(self.type_declaration(node));
                return None;
            }
            _ => StmtKind::Other,
        })
    }

    /// `(cond)`, unwrapped.
    fn condition(&mut self, node: Option<Node<'_>>, owner: Node<'_>) -> ExprId {
        match node {
            Some(n) => self.expr(n),
            None => self.m.push_expr(ExprKind::Other, span(owner)),
        }
    }

    /// `final String url = base + "/x", other;`: one declarator each.
    pub(super) fn local_variables(&mut self, node: Node<'_>) -> StmtKind {
        let mods = self.modifiers(node);
        let type_annotation = field(node, self.f.type_).map(|t| self.annotation(t));
        let kind = if mods.is_final {
            VarKind::Const
        } else {
            VarKind::Let
        };
        let mut declarators = Vec::new();
        for d in fields(node, self.f.declarator) {
            declarators.push(self.declarator(d, kind, type_annotation.clone()));
        }
        StmtKind::VarDecl {
            kind,
            declarators: declarators.into(),
        }
    }

    fn declarator(
        &mut self,
        d: Node<'_>,
        kind: VarKind,
        type_annotation: Option<TypeAnnotation>,
    ) -> VarDeclarator {
        // The initialiser is evaluated before the name is in scope.
        let init = field(d, self.f.value).map(|v| self.expr(v));
        let pattern = match field(d, self.f.name) {
            Some(n) => {
                let name = self.text(n).to_owned();
                let binding = self.declare(
                    &name,
                    BindingKind::Var { kind },
                    BindingOrigin {
                        init,
                        path: Box::default(),
                        default: None,
                    },
                    span(n),
                );
                self.m.push_pattern(
                    PatternKind::Ident {
                        name: name.into(),
                        binding: Some(binding),
                    },
                    span(n),
                )
            }
            None => {
                let e = self.m.push_expr(ExprKind::Other, span(d));
                self.m.push_pattern(PatternKind::Expr { expr: e }, span(d))
            }
        };
        VarDeclarator {
            pattern,
            init,
            type_annotation: type_annotation.map(Box::new),
            span: span(d),
        }
    }

    fn for_statement(&mut self, node: Node<'_>, out: &mut Vec<StmtId>) -> Option<StmtKind> {
        let stmt = self.scoped(|lw| {
            let init = fields(node, lw.f.init).into_iter().next().map(|i| {
                if cst::kind_of(i) == "local_variable_declaration" {
                    let kind = lw.local_variables(i);
                    lw.m.push_stmt(kind, span(i))
                } else {
                    let expr = lw.expr(i);
                    lw.m.push_stmt(StmtKind::Expr { expr }, span(i))
                }
            });
            let test = field(node, lw.f.condition).map(|c| lw.expr(c));
            let update = fields(node, lw.f.update)
                .into_iter()
                .next()
                .map(|u| lw.expr(u));
            let body = lw.one_stmt(field(node, lw.f.body), node);
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
        });
        out.push(self.m.push_stmt(stmt, span(node)));
        None
    }

    fn for_each(&mut self, node: Node<'_>, out: &mut Vec<StmtId>) -> Option<StmtKind> {
        let iterable = field(node, self.f.value).map(|v| self.expr(v));
        let stmt = self.scoped(|lw| {
            let left = field(node, lw.f.name).map(|n| {
                let name = lw.text(n).to_owned();
                let binding =
                    lw.declare(&name, BindingKind::LoopVar, BindingOrigin::none(), span(n));
                lw.m.push_pattern(
                    PatternKind::Ident {
                        name: name.into(),
                        binding: Some(binding),
                    },
                    span(n),
                )
            });
            let body = lw.one_stmt(field(node, lw.f.body), node);
            StmtKind::Loop(Box::new(crate::model::LoopStmt {
                kind: LoopKind::ForEach,
                init: None,
                left,
                iterable,
                test: None,
                update: None,
                body,
                orelse: None,
            }))
        });
        out.push(self.m.push_stmt(stmt, span(node)));
        None
    }

    fn try_statement(&mut self, node: Node<'_>, out: &mut Vec<StmtId>) -> Option<StmtKind> {
        let stmt = self.scoped(|lw| {
            // Resources are declared before the block and visible in it.
            let mut block = Vec::new();
            if let Some(res) = field(node, lw.f.resources) {
                for r in named(res) {
                    if let Some(n) = field(r, lw.f.name) {
                        let init = field(r, lw.f.value).map(|v| lw.expr(v));
                        let type_annotation = field(r, lw.f.type_).map(|t| lw.annotation(t));
                        let name = lw.text(n).to_owned();
                        let binding = lw.declare(
                            &name,
                            BindingKind::Var {
                                kind: VarKind::Const,
                            },
                            BindingOrigin {
                                init,
                                path: Box::default(),
                                default: None,
                            },
                            span(n),
                        );
                        let pattern = lw.m.push_pattern(
                            PatternKind::Ident {
                                name: name.into(),
                                binding: Some(binding),
                            },
                            span(n),
                        );
                        let decl = VarDeclarator {
                            pattern,
                            init,
                            type_annotation: type_annotation.map(Box::new),
                            span: span(r),
                        };
                        block.push(lw.m.push_stmt(
                            StmtKind::VarDecl {
                                kind: VarKind::Using,
                                declarators: vec![decl].into(),
                            },
                            span(r),
                        ));
                    }
                }
            }
            if let Some(b) = field(node, lw.f.body) {
                block.extend(lw.block(b));
            }
            let mut handlers = Vec::new();
            let mut finalizer = None;
            for c in named(node) {
                match cst::kind_of(c) {
                    "catch_clause" => handlers.push(lw.catch_clause(c)),
                    "finally_clause" => {
                        finalizer =
                            Some(named(c).first().map(|b| lw.block(*b)).unwrap_or_default());
                    }
                    _ => {}
                }
            }
            StmtKind::Try(Box::new(crate::model::TryStmt {
                block,
                handlers,
                orelse: None,
                finalizer,
            }))
        });
        out.push(self.m.push_stmt(stmt, span(node)));
        None
    }

    /// `catch (NotFound | Gone e) { … }`: the types are names, the parameter binds.
    fn catch_clause(&mut self, node: Node<'_>) -> CatchClause {
        self.scoped(|lw| {
            let mut types = Vec::new();
            let mut param = None;
            if let Some(p) = cst::first_of_kind(node, "catch_formal_parameter") {
                if let Some(ct) = cst::first_of_kind(p, "catch_type") {
                    for t in named(ct) {
                        types.push(lw.type_expr(t));
                    }
                }
                if let Some(n) = field(p, lw.f.name) {
                    let name = lw.text(n).to_owned();
                    let binding = lw.declare(
                        &name,
                        BindingKind::CatchParam,
                        BindingOrigin::none(),
                        span(n),
                    );
                    param = Some(lw.m.push_pattern(
                        PatternKind::Ident {
                            name: name.into(),
                            binding: Some(binding),
                        },
                        span(n),
                    ));
                }
            }
            let body = field(node, lw.f.body)
                .map(|b| lw.block(b))
                .unwrap_or_default();
            CatchClause {
                param,
                types,
                body,
                span: span(node),
            }
        })
    }

    /// `switch (x) { case A: …; default -> … }`, as a statement.
    pub(super) fn switch(&mut self, node: Node<'_>) -> StmtKind {
        let discriminant = self.condition(field(node, self.f.condition), node);
        let mut cases = Vec::new();
        if let Some(body) = field(node, self.f.body) {
            self.scoped(|lw| {
                for group in named(body) {
                    let kind = cst::kind_of(group);
                    if !matches!(kind, "switch_block_statement_group" | "switch_rule") {
                        continue;
                    }
                    let mut tests: Vec<Option<ExprId>> = Vec::new();
                    let mut stmts = Vec::new();
                    for c in named(group) {
                        if cst::kind_of(c) == "switch_label" {
                            let values = named(c);
                            if values.is_empty() {
                                tests.push(None);
                            }
                            for v in values {
                                tests.push(Some(lw.expr(v)));
                            }
                        } else if kind == "switch_rule" && cst::kind_of(c) == "expression_statement"
                        {
                            // `case A -> value;` yields the value: read as a statement.
                            lw.stmt(c, &mut stmts);
                        } else {
                            lw.stmt(c, &mut stmts);
                        }
                    }
                    let falls = kind == "switch_block_statement_group" && !ends_control(lw, &stmts);
                    let count = tests.len();
                    for (i, test) in tests.into_iter().enumerate() {
                        let last = i + 1 == count;
                        cases.push(SwitchCase {
                            test,
                            body: if last { stmts.clone() } else { Vec::new() },
                            falls_through: if last { falls } else { true },
                            span: span(group),
                        });
                    }
                }
            });
        }
        StmtKind::Switch {
            discriminant,
            cases: cases.into(),
        }
    }
}

/// True when a case body ends in break, return, throw or continue.
fn ends_control(lw: &Lowerer<'_>, stmts: &[StmtId]) -> bool {
    stmts.last().is_some_and(|s| {
        matches!(
            lw.m.stmt(*s).kind,
            StmtKind::Break { .. }
                | StmtKind::Return { .. }
                | StmtKind::Throw { .. }
                | StmtKind::Continue { .. }
        )
    })
}
