//! Statements.
use super::{Lowerer, Named, fields, named, span};
use crate::model::*;
use tree_sitter::Node;

impl<'s> Lowerer<'s> {
    /// The statements of a `block` (its `statement_list`), in a scope of its own.
    pub(super) fn block_body(&mut self, block: Node<'_>) -> Vec<StmtId> {
        self.push_scope();
        let out = self.statement_list(block);
        self.pop_scope();
        out
    }

    /// The statements directly in `node` or in its `statement_list` child.
    fn statement_list(&mut self, node: Node<'_>) -> Vec<StmtId> {
        let mut out = Vec::new();
        for child in named(node) {
            if child.kind() == "statement_list" {
                for s in named(child) {
                    out.push(self.stmt(s));
                }
            } else if is_statement(child.kind()) {
                out.push(self.stmt(child));
            }
        }
        out
    }

    fn block_stmt(&mut self, block: Option<Node<'_>>, owner: Node<'_>) -> StmtId {
        match block {
            Some(b) => {
                let body = self.block_body(b);
                self.m
                    .push_stmt(StmtKind::Block { body: body.into() }, span(b))
            }
            None => self.m.push_stmt(
                StmtKind::Block {
                    body: Box::default(),
                },
                span(owner),
            ),
        }
    }

    pub(super) fn stmt(&mut self, node: Node<'_>) -> StmtId {
        if !self.descend(node) {
            return self.m.push_stmt(StmtKind::Other, span(node));
        }
        let kind = self.stmt_kind(node);
        self.ascend();
        self.m.push_stmt(kind, span(node))
    }

    fn stmt_kind(&mut self, node: Node<'_>) -> StmtKind {
        match node.kind() {
            "expression_statement" => match named(node).first() {
                Some(e) => StmtKind::Expr {
                    expr: self.expr(*e),
                },
                None => StmtKind::Other,
            },
            // The call runs later or elsewhere, but it is the statement's effect.
            "go_statement" | "defer_statement" => match named(node).first() {
                Some(e) => StmtKind::Expr {
                    expr: self.expr(*e),
                },
                None => StmtKind::Other,
            },
            "short_var_declaration" => self.short_var_declaration(node),
            "var_declaration" | "const_declaration" => self.var_declaration(node),
            "type_declaration" => self.type_declaration(node),
            "assignment_statement" => match self.assignment(node) {
                Some(expr) => StmtKind::Expr { expr },
                None => StmtKind::Other,
            },
            "inc_statement" | "dec_statement" => StmtKind::Expr {
                expr: self.inc_dec(node),
            },
            "return_statement" => StmtKind::Return {
                value: named(node)
                    .first()
                    .map(|list| self.expression_list(*list, node)),
            },
            "block" => StmtKind::Block {
                body: self.block_body(node).into(),
            },
            "if_statement" => self.if_statement(node),
            "expression_switch_statement" => self.switch_statement(node),
            "type_switch_statement" => self.type_switch(node),
            "select_statement" => self.select_statement(node),
            "for_statement" => self.for_statement(node),
            "labeled_statement" => {
                let label = node
                    .child_by_field_name("label")
                    .map(|l| self.text(l).to_string())
                    .unwrap_or_default();
                match named(node).into_iter().find(|c| is_statement(c.kind())) {
                    Some(body) => StmtKind::Labeled {
                        label: label.into(),
                        body: self.stmt(body),
                    },
                    None => StmtKind::Other,
                }
            }
            "break_statement" => StmtKind::Break {
                label: named(node).first().map(|l| self.text(*l).into()),
            },
            "continue_statement" => StmtKind::Continue {
                label: named(node).first().map(|l| self.text(*l).into()),
            },
            "send_statement" => {
                // `ch <- v`: the value is read.
                if let Some(v) = node.child_by_field_name("value") {
                    self.expr(v);
                }
                StmtKind::Other
            }
            // goto, fallthrough, empty statements, ERROR nodes.
            _ => StmtKind::Other,
        }
    }

    /// An expression list: one expression, or a tuple of several.
    pub(super) fn expression_list(&mut self, list: Node<'_>, owner: Node<'_>) -> ExprId {
        let items = if list.kind() == "expression_list" {
            named(list)
        } else {
            vec![list]
        };
        match items.as_slice() {
            [one] => self.expr(*one),
            _ => {
                let elements = items
                    .iter()
                    .map(|e| ArrayElement::Expr(self.expr(*e)))
                    .collect();
                self.m.push_expr(
                    ExprKind::Array {
                        elements,
                        kind: ArrayKind::Tuple,
                    },
                    span(if list.kind() == "expression_list" {
                        list
                    } else {
                        owner
                    }),
                )
            }
        }
    }

    // -----------------------------------------------------------------------------------------
    // Declarations and assignments
    // -----------------------------------------------------------------------------------------

    /// `a, b := x, y` / `v, err := f()`.
    fn short_var_declaration(&mut self, node: Node<'_>) -> StmtKind {
        let left = node
            .child_by_field_name("left")
            .map(named)
            .unwrap_or_default();
        let right = node
            .child_by_field_name("right")
            .map(named)
            .unwrap_or_default();
        let values: Vec<ExprId> = right.iter().map(|r| self.expr(*r)).collect();
        let declarators = self.declarators(&left, &values, node, VarKind::Let, true);
        StmtKind::VarDecl {
            kind: VarKind::Let,
            declarators: declarators.into(),
        }
    }

    /// Declarators for names and values: one per pair when the counts agree, else one whose
    /// pattern is the tuple of names and whose value is the one call (see the module docs).
    fn declarators(
        &mut self,
        names: &[Node<'_>],
        values: &[ExprId],
        node: Node<'_>,
        kind: VarKind,
        redeclare: bool,
    ) -> Vec<VarDeclarator> {
        let mut out = Vec::new();
        if names.len() == values.len() || values.is_empty() {
            for (i, n) in names.iter().enumerate() {
                let init = values.get(i).copied();
                let origin = BindingOrigin {
                    init,
                    path: Box::default(),
                    default: None,
                };
                let pattern = self.declare_name(*n, kind, origin, redeclare);
                out.push(VarDeclarator {
                    pattern,
                    init,
                    type_annotation: None,
                    span: span(*n),
                });
            }
            return out;
        }
        let init = values.first().copied();
        let mut elements = Vec::new();
        for (i, n) in names.iter().enumerate() {
            let path = if i == 0 {
                Vec::new()
            } else {
                vec![PatternStep::Index(u32::try_from(i).unwrap_or(u32::MAX))]
            };
            let origin = BindingOrigin {
                init,
                path: path.into(),
                default: None,
            };
            elements.push(Some(self.declare_name(*n, kind, origin, redeclare)));
        }
        let pattern = self.m.push_pattern(
            PatternKind::Array {
                elements: elements.into(),
                rest: None,
            },
            span(node),
        );
        out.push(VarDeclarator {
            pattern,
            init,
            type_annotation: None,
            span: span(node),
        });
        out
    }

    /// Declares one name (or, under `:=`, reassigns it when the block already declares it).
    fn declare_name(
        &mut self,
        n: Node<'_>,
        kind: VarKind,
        origin: BindingOrigin,
        redeclare: bool,
    ) -> PatternId {
        let name = self.text(n).to_string();
        let binding = match self.in_current_scope(&name) {
            Some(b) if redeclare => {
                self.mark_reassigned(b);
                Some(b)
            }
            _ => self.declare(&name, BindingKind::Var { kind }, origin, span(n)),
        };
        self.m.push_pattern(
            PatternKind::Ident {
                name: name.into(),
                binding,
            },
            span(n),
        )
    }

    /// `var`/`const` declarations. At package level the names were declared by the first
    /// pass; here their values are lowered and recorded.
    fn var_declaration(&mut self, node: Node<'_>) -> StmtKind {
        let kind = if node.kind() == "const_declaration" {
            VarKind::Const
        } else {
            VarKind::Var
        };
        let at_package = self.func.is_none();
        let mut declarators = Vec::new();
        for spec in self.var_specs(node) {
            let names = fields(spec, "name");
            let values: Vec<ExprId> = spec
                .child_by_field_name("value")
                .map(named)
                .unwrap_or_default()
                .iter()
                .map(|v| self.expr(*v))
                .collect();
            let annotation = spec.child_by_field_name("type").map(|t| self.annotation(t));
            if at_package {
                for (i, n) in names.iter().enumerate() {
                    let name = self.text(*n).to_string();
                    let init = values
                        .get(i)
                        .copied()
                        .or_else(|| (values.len() == 1 && names.len() > 1).then(|| values[0]));
                    let binding = match self.lookup(&name) {
                        Some(Named::Binding(b)) => Some(b),
                        _ => None,
                    };
                    if let Some(b) = binding
                        && let Some(bd) = self.m.bindings.get_mut(b.index())
                    {
                        bd.origin.init = init;
                    }
                    let pattern = self.m.push_pattern(
                        PatternKind::Ident {
                            name: name.into(),
                            binding,
                        },
                        span(*n),
                    );
                    declarators.push(VarDeclarator {
                        pattern,
                        init,
                        type_annotation: annotation.clone().map(Box::new),
                        span: span(spec),
                    });
                }
            } else {
                let mut ds = self.declarators(&names, &values, spec, kind, false);
                for d in &mut ds {
                    d.type_annotation = annotation.clone().map(Box::new);
                }
                declarators.extend(ds);
            }
        }
        StmtKind::VarDecl {
            kind,
            declarators: declarators.into(),
        }
    }

    fn type_declaration(&mut self, node: Node<'_>) -> StmtKind {
        let specs: Vec<Node<'_>> = named(node)
            .into_iter()
            .filter(|s| matches!(s.kind(), "type_spec" | "type_alias"))
            .collect();
        match specs.as_slice() {
            [one] => self.type_spec(*one, false),
            _ => {
                let body = specs
                    .iter()
                    .map(|s| {
                        let kind = self.type_spec(*s, false);
                        self.m.push_stmt(kind, span(*s))
                    })
                    .collect();
                StmtKind::Block { body }
            }
        }
    }

    /// `a = b`, `a, b = f()`, `x += 1`.
    fn assignment(&mut self, node: Node<'_>) -> Option<ExprId> {
        let left = node.child_by_field_name("left").map(named)?;
        let right = node.child_by_field_name("right").map(named)?;
        let op = match node.child_by_field_name("operator").map(|o| self.text(o)) {
            Some("=") | None => AssignOp::Assign,
            Some(_) => AssignOp::Compound,
        };
        let values: Vec<ExprId> = right.iter().map(|r| self.expr(*r)).collect();
        if left.len() == values.len() {
            let mut last = None;
            for (l, v) in left.iter().zip(values) {
                let target = self.target(*l);
                last = Some(self.m.push_expr(
                    ExprKind::Assign {
                        op,
                        target,
                        value: v,
                    },
                    span(node),
                ));
            }
            return last;
        }
        let elements = left.iter().map(|l| Some(self.target(*l))).collect();
        let target = self.m.push_pattern(
            PatternKind::Array {
                elements,
                rest: None,
            },
            span(node),
        );
        let value = *values.first()?;
        Some(
            self.m
                .push_expr(ExprKind::Assign { op, target, value }, span(node)),
        )
    }

    /// An assignment target: a name (marked reassigned) or an expression (`s.x`, `m[k]`).
    fn target(&mut self, node: Node<'_>) -> PatternId {
        if node.kind() == "identifier" {
            let name = self.text(node).to_string();
            let binding = match self.lookup(&name) {
                Some(Named::Binding(b)) => {
                    self.mark_reassigned(b);
                    Some(b)
                }
                _ => None,
            };
            return self.m.push_pattern(
                PatternKind::Ident {
                    name: name.into(),
                    binding,
                },
                span(node),
            );
        }
        let expr = self.expr(node);
        self.m.push_pattern(PatternKind::Expr { expr }, span(node))
    }

    fn inc_dec(&mut self, node: Node<'_>) -> ExprId {
        let op = if node.kind() == "inc_statement" {
            UpdateOp::Increment
        } else {
            UpdateOp::Decrement
        };
        let arg = match named(node).first() {
            Some(a) => {
                if a.kind() == "identifier"
                    && let Some(Named::Binding(b)) = self.lookup(self.text(*a))
                {
                    self.mark_reassigned(b);
                }
                self.expr(*a)
            }
            None => self.other(node),
        };
        self.m.push_expr(
            ExprKind::Update {
                op,
                prefix: false,
                arg,
            },
            span(node),
        )
    }

    /// A simple statement used where the model wants an expression (a `for` update).
    fn simple_as_expr(&mut self, node: Node<'_>) -> ExprId {
        match node.kind() {
            "inc_statement" | "dec_statement" => self.inc_dec(node),
            "assignment_statement" => self.assignment(node).unwrap_or_else(|| self.other(node)),
            "expression_statement" => match named(node).first() {
                Some(e) => self.expr(*e),
                None => self.other(node),
            },
            _ => self.other(node),
        }
    }

    // -----------------------------------------------------------------------------------------
    // Branches and loops
    // -----------------------------------------------------------------------------------------

    /// Runs `f` in a scope holding the statement's initialiser, and wraps the result in a
    /// block with the initialiser first when there is one.
    fn with_initializer(
        &mut self,
        node: Node<'_>,
        f: impl FnOnce(&mut Self) -> StmtKind,
    ) -> StmtKind {
        let Some(init) = node.child_by_field_name("initializer") else {
            return f(self);
        };
        self.push_scope();
        let init_stmt = self.stmt(init);
        let kind = f(self);
        self.pop_scope();
        let inner = self.m.push_stmt(kind, span(node));
        StmtKind::Block {
            body: vec![init_stmt, inner].into(),
        }
    }

    fn if_statement(&mut self, node: Node<'_>) -> StmtKind {
        self.with_initializer(node, |lw| {
            let test = match node.child_by_field_name("condition") {
                Some(c) => lw.expr(c),
                None => lw.other(node),
            };
            let consequent = lw.block_stmt(node.child_by_field_name("consequence"), node);
            let alternate = node.child_by_field_name("alternative").map(|a| lw.stmt(a));
            StmtKind::If {
                test,
                consequent,
                alternate,
            }
        })
    }

    fn switch_statement(&mut self, node: Node<'_>) -> StmtKind {
        self.with_initializer(node, |lw| {
            let clauses: Vec<Node<'_>> = named(node)
                .into_iter()
                .filter(|c| matches!(c.kind(), "expression_case" | "default_case"))
                .collect();
            match node.child_by_field_name("value") {
                Some(v) => {
                    let discriminant = lw.expr(v);
                    let cases = lw.cases(&clauses, |lw, clause| {
                        clause
                            .child_by_field_name("value")
                            .map(named)
                            .unwrap_or_default()
                            .into_iter()
                            .map(|t| lw.expr(t))
                            .collect()
                    });
                    StmtKind::Switch {
                        discriminant,
                        cases: cases.into(),
                    }
                }
                None => lw.tagless_switch(&clauses, node),
            }
        })
    }

    /// `switch { case a: …; case b, c: …; default: … }` as `if a {…} else if b || c {…} else {…}`.
    fn tagless_switch(&mut self, clauses: &[Node<'_>], node: Node<'_>) -> StmtKind {
        let default = clauses.iter().find(|c| c.kind() == "default_case");
        let mut chain: Option<StmtId> = default.map(|d| {
            self.push_scope();
            let body = self.statement_list(*d);
            self.pop_scope();
            self.m
                .push_stmt(StmtKind::Block { body: body.into() }, span(*d))
        });
        // Built from the last case up; the tests are lowered in reverse source order, which
        // leaves the arena order but not the meaning different.
        let cases: Vec<&Node<'_>> = clauses
            .iter()
            .filter(|c| c.kind() == "expression_case")
            .collect();
        let mut lowered: Vec<(ExprId, StmtId, Span)> = Vec::new();
        for clause in &cases {
            let tests: Vec<ExprId> = clause
                .child_by_field_name("value")
                .map(named)
                .unwrap_or_default()
                .into_iter()
                .map(|t| self.expr(t))
                .collect();
            let test = tests
                .into_iter()
                .reduce(|left, right| {
                    let at = Span::new(self.m.expr(left).span.start, self.m.expr(right).span.end);
                    self.m.push_expr(
                        ExprKind::Logical {
                            op: LogicalOp::Or,
                            left,
                            right,
                        },
                        at,
                    )
                })
                .unwrap_or_else(|| self.other(**clause));
            self.push_scope();
            let body = self.statement_list(**clause);
            self.pop_scope();
            let block = self
                .m
                .push_stmt(StmtKind::Block { body: body.into() }, span(**clause));
            lowered.push((test, block, span(**clause)));
        }
        let mut first = None;
        for (i, (test, consequent, at)) in lowered.into_iter().enumerate().rev() {
            let kind = StmtKind::If {
                test,
                consequent,
                alternate: chain,
            };
            if i == 0 {
                first = Some(kind);
            } else {
                chain = Some(self.m.push_stmt(kind, at));
            }
        }
        match first {
            Some(kind) => kind,
            None => match chain {
                Some(default) => StmtKind::Block {
                    body: vec![default].into(),
                },
                None => {
                    let _ = node;
                    StmtKind::Block {
                        body: Box::default(),
                    }
                }
            },
        }
    }

    /// The cases of a switch: `case a, b:` is a case `a` falling through to a case `b`.
    fn cases(
        &mut self,
        clauses: &[Node<'_>],
        mut tests: impl FnMut(&mut Self, Node<'_>) -> Vec<ExprId>,
    ) -> Vec<SwitchCase> {
        let mut out = Vec::new();
        for clause in clauses {
            let values = if clause.kind() == "default_case" {
                Vec::new()
            } else {
                tests(self, *clause)
            };
            self.push_scope();
            let body = self.statement_list(*clause);
            self.pop_scope();
            let falls_through = body
                .last()
                .is_some_and(|s| self.text_of_stmt(*s) == "fallthrough");
            match values.split_last() {
                None => out.push(SwitchCase {
                    test: None,
                    body,
                    falls_through,
                    span: span(*clause),
                }),
                Some((last, first)) => {
                    for t in first {
                        out.push(SwitchCase {
                            test: Some(*t),
                            body: Vec::new(),
                            falls_through: true,
                            span: self.m.expr(*t).span,
                        });
                    }
                    out.push(SwitchCase {
                        test: Some(*last),
                        body,
                        falls_through,
                        span: span(*clause),
                    });
                }
            }
        }
        out
    }

    fn text_of_stmt(&self, s: StmtId) -> &str {
        self.m.text(self.m.stmt(s).span).trim()
    }

    /// `switch v := x.(type) { case T: … }`: a switch on `x` whose tests are the types (as
    /// text); `v` is declared in each case with `x` as its value.
    fn type_switch(&mut self, node: Node<'_>) -> StmtKind {
        self.with_initializer(node, |lw| {
            let value = node.child_by_field_name("value");
            let discriminant = match value {
                Some(v) => lw.expr(v),
                None => lw.other(node),
            };
            let alias: Vec<Node<'_>> = node
                .child_by_field_name("alias")
                .map(named)
                .unwrap_or_default();
            let clauses: Vec<Node<'_>> = named(node)
                .into_iter()
                .filter(|c| matches!(c.kind(), "type_case" | "default_case"))
                .collect();
            let mut cases = Vec::new();
            for clause in clauses {
                let tests: Vec<ExprId> = if clause.kind() == "type_case" {
                    fields(clause, "type")
                        .into_iter()
                        .filter(|t| t.is_named())
                        .map(|t| lw.other(t))
                        .collect()
                } else {
                    Vec::new()
                };
                lw.push_scope();
                for a in &alias {
                    lw.declare(
                        lw.text(*a),
                        BindingKind::Var { kind: VarKind::Let },
                        BindingOrigin {
                            init: Some(discriminant),
                            path: Box::default(),
                            default: None,
                        },
                        span(*a),
                    );
                }
                let body = lw.statement_list(clause);
                lw.pop_scope();
                cases.push(SwitchCase {
                    test: tests.first().copied(),
                    body,
                    falls_through: false,
                    span: span(clause),
                });
            }
            StmtKind::Switch {
                discriminant,
                cases: cases.into(),
            }
        })
    }

    /// `select`: a switch over the communications, whose outcome the code cannot know.
    fn select_statement(&mut self, node: Node<'_>) -> StmtKind {
        let discriminant = self.other(node);
        let mut cases = Vec::new();
        for clause in named(node) {
            if !matches!(clause.kind(), "communication_case" | "default_case") {
                continue;
            }
            self.push_scope();
            let test = clause.child_by_field_name("communication").map(|c| {
                // `v := <-ch` declares `v`.
                if c.kind() == "receive_statement"
                    && let Some(left) = c.child_by_field_name("left")
                {
                    for n in named(left) {
                        self.declare(
                            self.text(n),
                            BindingKind::Var { kind: VarKind::Let },
                            BindingOrigin::none(),
                            span(n),
                        );
                    }
                }
                self.other(c)
            });
            let body = self.statement_list(clause);
            self.pop_scope();
            cases.push(SwitchCase {
                test,
                body,
                falls_through: false,
                span: span(clause),
            });
        }
        StmtKind::Switch {
            discriminant,
            cases: cases.into(),
        }
    }

    fn for_statement(&mut self, node: Node<'_>) -> StmtKind {
        self.push_scope();
        let header = named(node)
            .into_iter()
            .find(|c| c.kind() != "block" && Some(*c) != node.child_by_field_name("body"));
        let kind = match header.map(|h| (h.kind(), h)) {
            Some(("for_clause", clause)) => {
                let init = clause
                    .child_by_field_name("initializer")
                    .map(|i| self.stmt(i));
                let test = clause
                    .child_by_field_name("condition")
                    .map(|c| self.expr(c));
                let update = clause
                    .child_by_field_name("update")
                    .map(|u| self.simple_as_expr(u));
                let body = self.block_stmt(node.child_by_field_name("body"), node);
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
            Some(("range_clause", clause)) => {
                let iterable = clause.child_by_field_name("right").map(|r| self.expr(r));
                let declares = (0..clause.child_count())
                    .filter_map(|i| clause.child(i))
                    .any(|c| !c.is_named() && c.kind() == ":=");
                let names = clause
                    .child_by_field_name("left")
                    .map(named)
                    .unwrap_or_default();
                let mut elements = Vec::new();
                for n in &names {
                    let p = if declares {
                        let name = self.text(*n).to_string();
                        let binding = self.declare(
                            &name,
                            BindingKind::LoopVar,
                            BindingOrigin::none(),
                            span(*n),
                        );
                        self.m.push_pattern(
                            PatternKind::Ident {
                                name: name.into(),
                                binding,
                            },
                            span(*n),
                        )
                    } else {
                        self.target(*n)
                    };
                    elements.push(Some(p));
                }
                let left = match elements.as_slice() {
                    [] => None,
                    [Some(one)] => Some(*one),
                    _ => Some(self.m.push_pattern(
                        PatternKind::Array {
                            elements: elements.into(),
                            rest: None,
                        },
                        span(clause),
                    )),
                };
                let body = self.block_stmt(node.child_by_field_name("body"), node);
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
            }
            other => {
                let test = other.map(|(_, c)| self.expr(c));
                let body = self.block_stmt(node.child_by_field_name("body"), node);
                StmtKind::Loop(Box::new(crate::model::LoopStmt {
                    kind: LoopKind::While,
                    init: None,
                    left: None,
                    iterable: None,
                    test,
                    update: None,
                    body,
                    orelse: None,
                }))
            }
        };
        self.pop_scope();
        kind
    }
}

/// True for the node kinds that are statements.
fn is_statement(kind: &str) -> bool {
    matches!(
        kind,
        "expression_statement"
            | "go_statement"
            | "defer_statement"
            | "short_var_declaration"
            | "var_declaration"
            | "const_declaration"
            | "type_declaration"
            | "assignment_statement"
            | "inc_statement"
            | "dec_statement"
            | "return_statement"
            | "block"
            | "if_statement"
            | "expression_switch_statement"
            | "type_switch_statement"
            | "select_statement"
            | "for_statement"
            | "labeled_statement"
            | "break_statement"
            | "continue_statement"
            | "send_statement"
            | "goto_statement"
            | "fallthrough_statement"
            | "empty_statement"
            | "ERROR"
    )
}
