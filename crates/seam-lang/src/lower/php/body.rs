//! PHP statements and expressions.

use super::{Lowerer, double_quoted, named, number_value, single_quoted, span, var_name};
use crate::model::*;
use tree_sitter::Node;

impl Lowerer<'_> {
    // -----------------------------------------------------------------------------------------
    // Statements
    // -----------------------------------------------------------------------------------------

    /// A statement list; text outside `<?php … ?>`, tags and empty statements are skipped.
    pub(super) fn statements(&mut self, nodes: &[Node<'_>]) -> Vec<StmtId> {
        self.predeclare_nested(nodes);
        let mut out = Vec::new();
        for node in nodes {
            if matches!(
                node.kind(),
                "text" | "php_tag" | "text_interpolation" | "php_end_tag" | "empty_statement"
            ) {
                continue;
            }
            out.push(self.stmt(*node));
        }
        out
    }

    /// Classes and functions declared inside a function's body are hoisted too (module names).
    fn predeclare_nested(&mut self, nodes: &[Node<'_>]) {
        if self.func.is_some() {
            let fresh: Vec<Node<'_>> = nodes
                .iter()
                .copied()
                .filter(|n| {
                    matches!(n.kind(), "class_declaration" | "function_definition")
                        && self.predeclared_class(*n).is_none()
                        && self.predeclared_function(*n).is_none()
                })
                .collect();
            self.predeclare(&fresh);
        }
    }

    fn block(&mut self, node: Node<'_>) -> StmtId {
        if node.kind() == "compound_statement" || node.kind() == "colon_block" {
            let body = self.statements(&named(node));
            self.m.push_stmt(
                StmtKind::Block {
                    body: body.into_boxed_slice(),
                },
                span(node),
            )
        } else {
            self.stmt(node)
        }
    }

    fn body_stmts(&mut self, node: Node<'_>) -> Vec<StmtId> {
        if node.kind() == "compound_statement" || node.kind() == "colon_block" {
            self.statements(&named(node))
        } else {
            vec![self.stmt(node)]
        }
    }

    pub(super) fn stmt(&mut self, node: Node<'_>) -> StmtId {
        if !self.descend(node) {
            return self.m.push_stmt(StmtKind::Other, span(node));
        }
        let s = self.stmt_inner(node);
        self.ascend();
        s
    }

    fn stmt_inner(&mut self, node: Node<'_>) -> StmtId {
        let at = span(node);
        match node.kind() {
            "namespace_definition" => self.namespace(node),
            "namespace_use_declaration" => self.use_declaration(node),
            "class_declaration"
            | "interface_declaration"
            | "trait_declaration"
            | "enum_declaration" => self.class_declaration(node),
            "function_definition" => self.function_definition(node),
            "compound_statement" | "colon_block" => self.block(node),
            "expression_statement" => match named(node).first() {
                Some(e) => self.expr_stmt(*e, at),
                None => self.m.push_stmt(StmtKind::Other, at),
            },
            "return_statement" => {
                let value = named(node).first().map(|e| self.expr(*e));
                self.m.push_stmt(StmtKind::Return { value }, at)
            }
            "echo_statement" => {
                let args: Vec<Arg> = named(node)
                    .into_iter()
                    .flat_map(|c| {
                        if c.kind() == "sequence_expression" {
                            named(c)
                        } else {
                            vec![c]
                        }
                    })
                    .map(|c| self.arg(c))
                    .collect();
                let callee = self.m.push_expr(
                    ExprKind::Ident {
                        name: "echo".into(),
                        binding: None,
                    },
                    at,
                );
                let expr = self.m.push_expr(
                    ExprKind::Call {
                        callee,
                        args: args.into_boxed_slice(),
                        optional: false,
                        is_new: false,
                    },
                    at,
                );
                self.m.push_stmt(StmtKind::Expr { expr }, at)
            }
            "if_statement" => self.if_statement(node),
            "switch_statement" => self.switch_statement(node),
            "try_statement" => self.try_statement(node),
            "foreach_statement" => self.foreach_statement(node),
            "while_statement" | "do_statement" => {
                let test = node.child_by_field_name("condition").map(|c| self.expr(c));
                let body = match node.child_by_field_name("body") {
                    Some(b) => self.block(b),
                    None => self.m.push_stmt(StmtKind::Other, at),
                };
                let kind = if node.kind() == "do_statement" {
                    LoopKind::DoWhile
                } else {
                    LoopKind::While
                };
                self.loop_stmt(kind, None, None, test, body, at)
            }
            "for_statement" => {
                let mut init = None;
                let mut test = None;
                let mut update = None;
                if let Some(i) = node.child_by_field_name("initialize") {
                    let e = self.expr(i);
                    init = Some(self.m.push_stmt(StmtKind::Expr { expr: e }, span(i)));
                }
                if let Some(c) = node.child_by_field_name("condition") {
                    test = Some(self.expr(c));
                }
                if let Some(u) = node.child_by_field_name("update") {
                    update = Some(self.expr(u));
                }
                let body = match node.child_by_field_name("body") {
                    Some(b) => self.block(b),
                    None => self.m.push_stmt(StmtKind::Other, at),
                };
                let s = self.loop_stmt(LoopKind::For, init, None, test, body, at);
                if let StmtKind::Loop(l) = &mut self.m.stmts[s.index()].kind {
                    l.update = update;
                }
                s
            }
            "break_statement" => self.m.push_stmt(StmtKind::Break { label: None }, at),
            "continue_statement" => self.m.push_stmt(StmtKind::Continue { label: None }, at),
            "const_declaration" => {
                let mut last = None;
                for el in named(node)
                    .into_iter()
                    .filter(|c| c.kind() == "const_element")
                {
                    let parts = named(el);
                    let Some(n) = parts.first() else { continue };
                    let init = parts.get(1).map(|v| self.expr(*v));
                    let name = self.text(*n).to_string();
                    let b = self.declare_name(
                        &name,
                        BindingKind::Var {
                            kind: VarKind::Const,
                        },
                        span(*n),
                    );
                    if let Some(binding) = self.m.bindings.get_mut(b.index()) {
                        binding.origin.init = init;
                    }
                    let pattern = self.m.push_pattern(
                        PatternKind::Ident {
                            name: name.as_str().into(),
                            binding: Some(b),
                        },
                        span(*n),
                    );
                    last = Some(self.m.push_stmt(
                        StmtKind::VarDecl {
                            kind: VarKind::Const,
                            declarators: Box::new([VarDeclarator {
                                pattern,
                                init,
                                type_annotation: None,
                                span: span(el),
                            }]),
                        },
                        at,
                    ));
                }
                last.unwrap_or_else(|| self.m.push_stmt(StmtKind::Other, at))
            }
            _ => self.m.push_stmt(StmtKind::Other, at),
        }
    }

    fn loop_stmt(
        &mut self,
        kind: LoopKind,
        init: Option<StmtId>,
        left: Option<PatternId>,
        test: Option<ExprId>,
        body: StmtId,
        at: Span,
    ) -> StmtId {
        self.m.push_stmt(
            StmtKind::Loop(Box::new(LoopStmt {
                kind,
                init,
                left,
                iterable: None,
                test,
                update: None,
                body,
                orelse: None,
            })),
            at,
        )
    }

    /// An expression statement: an assignment to a new variable declares it; `throw` throws.
    fn expr_stmt(&mut self, e: Node<'_>, at: Span) -> StmtId {
        match e.kind() {
            "throw_expression" => {
                let value = named(e).first().map(|v| self.expr(*v));
                self.m.push_stmt(StmtKind::Throw { value, cause: None }, at)
            }
            "assignment_expression" => {
                let left = e.child_by_field_name("left");
                let right = e.child_by_field_name("right");
                if let (Some(l), Some(r)) = (left, right)
                    && l.kind() == "variable_name"
                    && self.text(l) != "$this"
                {
                    let name = var_name(self.text(l)).to_string();
                    if self.lookup_var(&name).is_none() {
                        let init = self.expr(r);
                        let b = self.declare_var(
                            &name,
                            BindingKind::Var { kind: VarKind::Let },
                            BindingOrigin {
                                init: Some(init),
                                path: Box::default(),
                                default: None,
                            },
                            span(l),
                        );
                        let pattern = self.m.push_pattern(
                            PatternKind::Ident {
                                name: name.as_str().into(),
                                binding: Some(b),
                            },
                            span(l),
                        );
                        return self.m.push_stmt(
                            StmtKind::VarDecl {
                                kind: VarKind::Let,
                                declarators: Box::new([VarDeclarator {
                                    pattern,
                                    init: Some(init),
                                    type_annotation: None,
                                    span: span(e),
                                }]),
                            },
                            at,
                        );
                    }
                }
                let expr = self.expr(e);
                self.m.push_stmt(StmtKind::Expr { expr }, at)
            }
            _ => {
                let expr = self.expr(e);
                self.m.push_stmt(StmtKind::Expr { expr }, at)
            }
        }
    }

    fn condition(&mut self, node: Node<'_>) -> ExprId {
        match node.child_by_field_name("condition") {
            Some(c) => self.expr(c),
            None => self.m.push_expr(ExprKind::Other, span(node)),
        }
    }

    fn if_statement(&mut self, node: Node<'_>) -> StmtId {
        let test = self.condition(node);
        let consequent = match node.child_by_field_name("body") {
            Some(b) => self.block(b),
            None => self.m.push_stmt(StmtKind::Other, span(node)),
        };
        let mut cursor = node.walk();
        let alternatives: Vec<Node<'_>> = node
            .children_by_field_name("alternative", &mut cursor)
            .collect();
        let alternate = self.alternatives(&alternatives);
        self.m.push_stmt(
            StmtKind::If {
                test,
                consequent,
                alternate,
            },
            span(node),
        )
    }

    /// `elseif (…) {…} elseif … else {…}` as nested ifs.
    fn alternatives(&mut self, alts: &[Node<'_>]) -> Option<StmtId> {
        let (first, rest) = alts.split_first()?;
        if first.kind() == "else_clause" {
            return first.child_by_field_name("body").map(|b| self.block(b));
        }
        let test = self.condition(*first);
        let consequent = match first.child_by_field_name("body") {
            Some(b) => self.block(b),
            None => self.m.push_stmt(StmtKind::Other, span(*first)),
        };
        let alternate = self.alternatives(rest);
        Some(self.m.push_stmt(
            StmtKind::If {
                test,
                consequent,
                alternate,
            },
            span(*first),
        ))
    }

    fn switch_statement(&mut self, node: Node<'_>) -> StmtId {
        let discriminant = self.condition(node);
        let mut cases = Vec::new();
        if let Some(body) = node.child_by_field_name("body") {
            for case in named(body) {
                let (test, skip) = match case.kind() {
                    "case_statement" => (case.child_by_field_name("value"), 1),
                    "default_statement" => (None, 0),
                    _ => continue,
                };
                let test = test.map(|t| self.expr(t));
                let stmts: Vec<Node<'_>> = named(case).into_iter().skip(skip).collect();
                let body = self.statements(&stmts);
                cases.push(SwitchCase {
                    test,
                    falls_through: body.is_empty(),
                    body,
                    span: span(case),
                });
            }
        }
        self.m.push_stmt(
            StmtKind::Switch {
                discriminant,
                cases: cases.into_boxed_slice(),
            },
            span(node),
        )
    }

    fn try_statement(&mut self, node: Node<'_>) -> StmtId {
        let block = node
            .child_by_field_name("body")
            .map(|b| self.body_stmts(b))
            .unwrap_or_default();
        let mut handlers = Vec::new();
        let mut finalizer = None;
        for child in named(node) {
            match child.kind() {
                "catch_clause" => {
                    let mut types = Vec::new();
                    if let Some(t) = child.child_by_field_name("type") {
                        let list = if t.kind() == "type_list" {
                            named(t)
                        } else {
                            vec![t]
                        };
                        for ty in list {
                            let written = self.text(ty).to_string();
                            types.push(self.qualified_ref(&written, span(ty)));
                        }
                    }
                    let param = child.child_by_field_name("name").map(|n| {
                        let name = var_name(self.text(n)).to_string();
                        let b = self.declare_var(
                            &name,
                            BindingKind::CatchParam,
                            BindingOrigin::none(),
                            span(n),
                        );
                        self.m.push_pattern(
                            PatternKind::Ident {
                                name: name.as_str().into(),
                                binding: Some(b),
                            },
                            span(n),
                        )
                    });
                    let body = child
                        .child_by_field_name("body")
                        .map(|b| self.body_stmts(b))
                        .unwrap_or_default();
                    handlers.push(CatchClause {
                        param,
                        types,
                        body,
                        span: span(child),
                    });
                }
                "finally_clause" => {
                    finalizer = child
                        .child_by_field_name("body")
                        .map(|b| self.body_stmts(b));
                }
                _ => {}
            }
        }
        self.m.push_stmt(
            StmtKind::Try(Box::new(TryStmt {
                block,
                handlers,
                orelse: None,
                finalizer,
            })),
            span(node),
        )
    }

    /// `foreach ($xs as $v)`, `foreach ($xs as $k => $v)`: the value is the loop's pattern.
    fn foreach_statement(&mut self, node: Node<'_>) -> StmtId {
        let parts: Vec<Node<'_>> = named(node)
            .into_iter()
            .filter(|c| Some(*c) != node.child_by_field_name("body"))
            .collect();
        let iterable = parts.first().map(|i| self.expr(*i));
        let target = parts.get(1).copied();
        let value = match target {
            Some(p) if p.kind() == "pair" => named(p).get(1).copied(),
            other => other,
        };
        if let Some(p) = target.filter(|p| p.kind() == "pair")
            && let Some(k) = named(p).first()
        {
            self.loop_var(*k);
        }
        let left = value.map(|v| self.loop_var(v));
        let body = match node.child_by_field_name("body") {
            Some(b) => self.block(b),
            None => self.m.push_stmt(StmtKind::Other, span(node)),
        };
        let s = self.loop_stmt(LoopKind::ForOf, None, left, None, body, span(node));
        if let StmtKind::Loop(l) = &mut self.m.stmts[s.index()].kind {
            l.iterable = iterable;
        }
        s
    }

    fn loop_var(&mut self, node: Node<'_>) -> PatternId {
        let node = if node.kind() == "by_ref" {
            named(node).into_iter().next().unwrap_or(node)
        } else {
            node
        };
        if node.kind() == "variable_name" {
            let name = var_name(self.text(node)).to_string();
            let b = self.declare_var(
                &name,
                BindingKind::LoopVar,
                BindingOrigin::none(),
                span(node),
            );
            return self.m.push_pattern(
                PatternKind::Ident {
                    name: name.as_str().into(),
                    binding: Some(b),
                },
                span(node),
            );
        }
        let expr = self.expr(node);
        self.m.push_pattern(PatternKind::Expr { expr }, span(node))
    }

    // -----------------------------------------------------------------------------------------
    // Expressions
    // -----------------------------------------------------------------------------------------

    pub(super) fn expr(&mut self, node: Node<'_>) -> ExprId {
        if !self.descend(node) {
            return self.m.push_expr(ExprKind::Other, span(node));
        }
        let e = self.expr_inner(node);
        self.ascend();
        e
    }

    /// A name (class, function or constant) as an identifier bound to its module-level
    /// declaration or import.
    pub(super) fn name_expr(&mut self, name: &str, at: Span) -> ExprId {
        let binding = self.lookup_name(name);
        self.m.push_expr(
            ExprKind::Ident {
                name: name.into(),
                binding,
            },
            at,
        )
    }

    fn class_ref(&mut self, node: Node<'_>) -> ExprId {
        match node.kind() {
            "relative_scope" => match (self.text(node), self.class_name.clone()) {
                ("parent", _) | (_, None) => self.m.push_expr(ExprKind::Super, span(node)),
                (_, Some(own)) => self.name_expr(&own, span(node)),
            },
            "name" | "qualified_name" => {
                let written = self.text(node).to_string();
                self.qualified_ref(&written, span(node))
            }
            _ => self.expr(node),
        }
    }

    fn literal(&mut self, value: LiteralValue, at: Span) -> ExprId {
        self.m.push_expr(ExprKind::Literal { value }, at)
    }

    fn string_literal(&mut self, value: String, at: Span) -> ExprId {
        self.literal(
            LiteralValue::String {
                value: value.into(),
            },
            at,
        )
    }

    fn member_name(&mut self, node: Option<Node<'_>>) -> MemberProp {
        match node {
            Some(n) if n.kind() == "name" => MemberProp::Name(self.text(n).into()),
            Some(n) if n.kind() == "variable_name" => {
                MemberProp::Name(var_name(self.text(n)).into())
            }
            Some(n) => MemberProp::Computed(self.expr(n)),
            None => MemberProp::Name("".into()),
        }
    }

    pub(super) fn arg(&mut self, node: Node<'_>) -> Arg {
        if node.kind() == "argument" {
            let name = node
                .child_by_field_name("name")
                .map(|n| Name::from(self.text(n)));
            let value_node = named(node)
                .into_iter()
                .rfind(|c| Some(*c) != node.child_by_field_name("name"));
            let spread = named(node).iter().any(|c| c.kind() == "variadic_unpacking")
                || self.text(node).starts_with("...");
            let value = match value_node {
                Some(v) if v.kind() == "variadic_unpacking" => match named(v).first() {
                    Some(inner) => self.expr(*inner),
                    None => self.m.push_expr(ExprKind::Other, span(v)),
                },
                Some(v) => self.expr(v),
                None => self.m.push_expr(ExprKind::Other, span(node)),
            };
            return Arg {
                name,
                value,
                spread,
                keyword_spread: false,
            };
        }
        Arg {
            name: None,
            value: self.expr(node),
            spread: false,
            keyword_spread: false,
        }
    }

    pub(super) fn arguments(&mut self, node: Node<'_>) -> Vec<Arg> {
        named(node).into_iter().map(|a| self.arg(a)).collect()
    }

    fn call(&mut self, callee: ExprId, args: Option<Node<'_>>, optional: bool, at: Span) -> ExprId {
        let args = args.map(|a| self.arguments(a)).unwrap_or_default();
        self.m.push_expr(
            ExprKind::Call {
                callee,
                args: args.into_boxed_slice(),
                optional,
                is_new: false,
            },
            at,
        )
    }

    fn variable(&mut self, node: Node<'_>) -> ExprId {
        let name = var_name(self.text(node));
        if name == "this" {
            return self.m.push_expr(ExprKind::This, span(node));
        }
        let binding = self.lookup_var(name);
        self.m.push_expr(
            ExprKind::Ident {
                name: name.into(),
                binding,
            },
            span(node),
        )
    }

    fn expr_inner(&mut self, node: Node<'_>) -> ExprId {
        let at = span(node);
        match node.kind() {
            "parenthesized_expression" => match named(node).first() {
                Some(inner) => self.expr(*inner),
                None => self.m.push_expr(ExprKind::Other, at),
            },
            "variable_name" => self.variable(node),
            "name" | "qualified_name" | "namespace_name" => {
                let text = self.text(node);
                match text.to_ascii_lowercase().as_str() {
                    "true" => self.literal(LiteralValue::Bool { value: true }, at),
                    "false" => self.literal(LiteralValue::Bool { value: false }, at),
                    "null" => self.literal(LiteralValue::Null, at),
                    _ => {
                        let written = text.to_string();
                        self.qualified_ref(&written, at)
                    }
                }
            }
            "boolean" => {
                let value = self.text(node).eq_ignore_ascii_case("true");
                self.literal(LiteralValue::Bool { value }, at)
            }
            "null" => self.literal(LiteralValue::Null, at),
            "integer" | "float" => {
                let raw = self.text(node);
                match number_value(raw) {
                    Some(value) => self.literal(
                        LiteralValue::Number(Box::new(NumberLiteral {
                            value,
                            raw: raw.into(),
                        })),
                        at,
                    ),
                    None => self.m.push_expr(ExprKind::Other, at),
                }
            }
            "string" => {
                let text = self.text(node);
                let inner = text
                    .strip_prefix(['b', 'B'])
                    .unwrap_or(text)
                    .strip_prefix('\'')
                    .and_then(|t| t.strip_suffix('\''))
                    .unwrap_or("");
                self.string_literal(single_quoted(inner), at)
            }
            "nowdoc" => {
                let value: String = named(node)
                    .into_iter()
                    .filter(|c| c.kind() == "nowdoc_body")
                    .flat_map(named)
                    .map(|c| self.text(c).to_string())
                    .collect();
                self.string_literal(heredoc_trim(&value), at)
            }
            "encapsed_string" => {
                let parts = named(node);
                self.template(&parts, at, false)
            }
            "heredoc" => match node.child_by_field_name("value") {
                Some(body) => {
                    let parts = named(body);
                    self.template(&parts, span(body), true)
                }
                None => self.string_literal(String::new(), at),
            },
            "array_creation_expression" => self.array(node),
            "function_call_expression" => {
                let callee = match node.child_by_field_name("function") {
                    Some(f) => self.expr(f),
                    None => self.m.push_expr(ExprKind::Other, at),
                };
                self.call(callee, node.child_by_field_name("arguments"), false, at)
            }
            "member_call_expression" | "nullsafe_member_call_expression" => {
                let optional = node.kind().starts_with("nullsafe");
                let object = match node.child_by_field_name("object") {
                    Some(o) => self.expr(o),
                    None => self.m.push_expr(ExprKind::Other, at),
                };
                let property = self.member_name(node.child_by_field_name("name"));
                let name_end = node
                    .child_by_field_name("name")
                    .map_or(at.end, |n| span(n).end);
                let callee = self.m.push_expr(
                    ExprKind::Member {
                        object,
                        property,
                        optional,
                    },
                    Span::new(at.start, name_end),
                );
                self.call(callee, node.child_by_field_name("arguments"), false, at)
            }
            "scoped_call_expression" => {
                let object = match node.child_by_field_name("scope") {
                    Some(s) => self.class_ref(s),
                    None => self.m.push_expr(ExprKind::Other, at),
                };
                let property = self.member_name(node.child_by_field_name("name"));
                let name_end = node
                    .child_by_field_name("name")
                    .map_or(at.end, |n| span(n).end);
                let callee = self.m.push_expr(
                    ExprKind::Member {
                        object,
                        property,
                        optional: false,
                    },
                    Span::new(at.start, name_end),
                );
                self.call(callee, node.child_by_field_name("arguments"), false, at)
            }
            "member_access_expression" | "nullsafe_member_access_expression" => {
                let optional = node.kind().starts_with("nullsafe");
                let object = match node.child_by_field_name("object") {
                    Some(o) => self.expr(o),
                    None => self.m.push_expr(ExprKind::Other, at),
                };
                let property = self.member_name(node.child_by_field_name("name"));
                self.m.push_expr(
                    ExprKind::Member {
                        object,
                        property,
                        optional,
                    },
                    at,
                )
            }
            "scoped_property_access_expression" => {
                let object = match node.child_by_field_name("scope") {
                    Some(s) => self.class_ref(s),
                    None => self.m.push_expr(ExprKind::Other, at),
                };
                let property = self.member_name(node.child_by_field_name("name"));
                self.m.push_expr(
                    ExprKind::Member {
                        object,
                        property,
                        optional: false,
                    },
                    at,
                )
            }
            "class_constant_access_expression" => {
                let parts = named(node);
                let (Some(scope), Some(name)) = (parts.first(), parts.get(1)) else {
                    return self.m.push_expr(ExprKind::Other, at);
                };
                let object = self.class_ref(*scope);
                let name = self.text(*name);
                // `X::class` is the class itself.
                if name.eq_ignore_ascii_case("class") {
                    return object;
                }
                self.m.push_expr(
                    ExprKind::Member {
                        object,
                        property: MemberProp::Name(name.into()),
                        optional: false,
                    },
                    at,
                )
            }
            "subscript_expression" => {
                let parts = named(node);
                let object = match parts.first() {
                    Some(o) => self.expr(*o),
                    None => self.m.push_expr(ExprKind::Other, at),
                };
                let property = match parts.get(1) {
                    Some(i) => MemberProp::Computed(self.expr(*i)),
                    None => MemberProp::Computed(self.m.push_expr(ExprKind::Other, at)),
                };
                self.m.push_expr(
                    ExprKind::Member {
                        object,
                        property,
                        optional: false,
                    },
                    at,
                )
            }
            "object_creation_expression" => {
                let parts = named(node);
                if let Some(anon) = parts.iter().find(|c| c.kind() == "anonymous_class") {
                    let class = self.new_class(*anon, None);
                    self.class_body(*anon, class);
                    return self.m.push_expr(ExprKind::Class { class }, at);
                }
                let callee = match parts.first() {
                    Some(c) => self.class_ref(*c),
                    None => self.m.push_expr(ExprKind::Other, at),
                };
                let args = parts
                    .iter()
                    .find(|c| c.kind() == "arguments")
                    .map(|a| self.arguments(*a))
                    .unwrap_or_default();
                self.m.push_expr(
                    ExprKind::Call {
                        callee,
                        args: args.into_boxed_slice(),
                        optional: false,
                        is_new: true,
                    },
                    at,
                )
            }
            "anonymous_function" | "arrow_function" => {
                let arrow = node.kind() == "arrow_function";
                let function = self.new_function(
                    node,
                    None,
                    if arrow {
                        FunctionKind::Arrow
                    } else {
                        FunctionKind::Expression
                    },
                );
                let is_static = self.text(node).trim_start().starts_with("static");
                if let Some(f) = self.m.functions.get_mut(function.index()) {
                    f.is_static = is_static;
                    f.visibility = None;
                }
                self.function_rest(node, function, arrow);
                self.m.push_expr(ExprKind::Function { function }, at)
            }
            "assignment_expression" | "reference_assignment_expression" => {
                self.assignment(node, AssignOp::Assign)
            }
            "augmented_assignment_expression" => self.assignment(node, AssignOp::Compound),
            "binary_expression" => {
                let left = node.child_by_field_name("left");
                let right = node.child_by_field_name("right");
                let op = node
                    .child_by_field_name("operator")
                    .map(|o| self.text(o).to_ascii_lowercase())
                    .unwrap_or_default();
                let (Some(l), Some(r)) = (left, right) else {
                    return self.m.push_expr(ExprKind::Other, at);
                };
                let left = self.expr(l);
                let right = self.expr(r);
                let logical = match op.as_str() {
                    "&&" | "and" => Some(LogicalOp::And),
                    "||" | "or" => Some(LogicalOp::Or),
                    "??" => Some(LogicalOp::Nullish),
                    _ => None,
                };
                if let Some(op) = logical {
                    return self.m.push_expr(ExprKind::Logical { op, left, right }, at);
                }
                let op = match op.as_str() {
                    "." | "+" => BinaryOp::Add,
                    "-" => BinaryOp::Sub,
                    "*" => BinaryOp::Mul,
                    "/" => BinaryOp::Div,
                    "%" => BinaryOp::Rem,
                    "**" => BinaryOp::Exp,
                    "==" => BinaryOp::Eq,
                    "!=" | "<>" => BinaryOp::NotEq,
                    "===" => BinaryOp::StrictEq,
                    "!==" => BinaryOp::StrictNotEq,
                    "<" => BinaryOp::Lt,
                    "<=" => BinaryOp::LtEq,
                    ">" => BinaryOp::Gt,
                    ">=" => BinaryOp::GtEq,
                    "&" => BinaryOp::BitAnd,
                    "|" => BinaryOp::BitOr,
                    "^" | "xor" => BinaryOp::BitXor,
                    "<<" => BinaryOp::ShiftLeft,
                    ">>" => BinaryOp::ShiftRight,
                    "instanceof" => BinaryOp::Instanceof,
                    _ => return self.m.push_expr(ExprKind::Other, at),
                };
                self.m.push_expr(ExprKind::Binary { op, left, right }, at)
            }
            "unary_op_expression" => {
                let Some(arg) = named(node).into_iter().last() else {
                    return self.m.push_expr(ExprKind::Other, at);
                };
                let op_text = self.text(node).trim_start().chars().next();
                let arg = self.expr(arg);
                let op = match op_text {
                    Some('!') => UnaryOp::Not,
                    Some('-') => UnaryOp::Minus,
                    Some('+') => UnaryOp::Plus,
                    Some('~') => UnaryOp::BitNot,
                    _ => return arg,
                };
                self.m.push_expr(ExprKind::Unary { op, arg }, at)
            }
            "update_expression" => {
                let Some(arg) = named(node).into_iter().next() else {
                    return self.m.push_expr(ExprKind::Other, at);
                };
                let text = self.text(node).trim();
                let prefix = text.starts_with("++") || text.starts_with("--");
                let op = if text.contains("++") {
                    UpdateOp::Increment
                } else {
                    UpdateOp::Decrement
                };
                let arg = self.expr(arg);
                self.m.push_expr(ExprKind::Update { op, prefix, arg }, at)
            }
            "conditional_expression" => {
                let test = node.child_by_field_name("condition");
                let body = node.child_by_field_name("body");
                let alt = node.child_by_field_name("alternative");
                let (Some(t), Some(a)) = (test, alt) else {
                    return self.m.push_expr(ExprKind::Other, at);
                };
                let test = self.expr(t);
                let alternate = self.expr(a);
                // `a ?: b` is `a || b`.
                let Some(b) = body else {
                    return self.m.push_expr(
                        ExprKind::Logical {
                            op: LogicalOp::Or,
                            left: test,
                            right: alternate,
                        },
                        at,
                    );
                };
                let consequent = self.expr(b);
                self.m.push_expr(
                    ExprKind::Conditional {
                        test,
                        consequent,
                        alternate,
                    },
                    at,
                )
            }
            "match_expression" => self.match_expression(node),
            "cast_expression"
            | "error_suppression_expression"
            | "clone_expression"
            | "print_intrinsic" => match named(node).into_iter().last() {
                Some(v) => self.expr(v),
                None => self.m.push_expr(ExprKind::Other, at),
            },
            "include_expression"
            | "include_once_expression"
            | "require_expression"
            | "require_once_expression" => {
                let keyword = node.kind().trim_end_matches("_expression").to_string();
                let callee = self.m.push_expr(
                    ExprKind::Ident {
                        name: keyword.as_str().into(),
                        binding: None,
                    },
                    at,
                );
                let args: Vec<Arg> = named(node).into_iter().map(|a| self.arg(a)).collect();
                self.m.push_expr(
                    ExprKind::Call {
                        callee,
                        args: args.into_boxed_slice(),
                        optional: false,
                        is_new: false,
                    },
                    at,
                )
            }
            "throw_expression" => {
                let callee = self.m.push_expr(
                    ExprKind::Ident {
                        name: "throw".into(),
                        binding: None,
                    },
                    at,
                );
                let args: Vec<Arg> = named(node).into_iter().map(|a| self.arg(a)).collect();
                self.m.push_expr(
                    ExprKind::Call {
                        callee,
                        args: args.into_boxed_slice(),
                        optional: false,
                        is_new: false,
                    },
                    at,
                )
            }
            "sequence_expression" => {
                let exprs: Vec<ExprId> = named(node).into_iter().map(|e| self.expr(e)).collect();
                self.m.push_expr(
                    ExprKind::Sequence {
                        exprs: exprs.into_boxed_slice(),
                    },
                    at,
                )
            }
            _ => self.m.push_expr(ExprKind::Other, at),
        }
    }

    fn assignment(&mut self, node: Node<'_>, op: AssignOp) -> ExprId {
        let at = span(node);
        let (Some(l), Some(r)) = (
            node.child_by_field_name("left"),
            node.child_by_field_name("right"),
        ) else {
            return self.m.push_expr(ExprKind::Other, at);
        };
        let value = self.expr(r);
        let target = if l.kind() == "variable_name" && self.text(l) != "$this" {
            let name = var_name(self.text(l)).to_string();
            let binding = match self.lookup_var(&name) {
                Some(b) => {
                    self.mark_reassigned(b);
                    b
                }
                None => self.declare_var(
                    &name,
                    BindingKind::Assigned,
                    BindingOrigin {
                        init: Some(value),
                        path: Box::default(),
                        default: None,
                    },
                    span(l),
                ),
            };
            self.m.push_pattern(
                PatternKind::Ident {
                    name: name.as_str().into(),
                    binding: Some(binding),
                },
                span(l),
            )
        } else if matches!(l.kind(), "list_literal" | "array_creation_expression") {
            let mut elements = Vec::new();
            for el in named(l) {
                let el = if el.kind() == "array_element_initializer" {
                    named(el).into_iter().last().unwrap_or(el)
                } else {
                    el
                };
                if el.kind() == "variable_name" {
                    let name = var_name(self.text(el)).to_string();
                    let b = match self.lookup_var(&name) {
                        Some(b) => {
                            self.mark_reassigned(b);
                            b
                        }
                        None => self.declare_var(
                            &name,
                            BindingKind::Assigned,
                            BindingOrigin::none(),
                            span(el),
                        ),
                    };
                    elements.push(Some(self.m.push_pattern(
                        PatternKind::Ident {
                            name: name.as_str().into(),
                            binding: Some(b),
                        },
                        span(el),
                    )));
                } else {
                    elements.push(None);
                }
            }
            self.m.push_pattern(
                PatternKind::Array {
                    elements: elements.into_boxed_slice(),
                    rest: None,
                },
                span(l),
            )
        } else {
            let expr = self.expr(l);
            self.m.push_pattern(PatternKind::Expr { expr }, span(l))
        };
        self.m.push_expr(ExprKind::Assign { op, target, value }, at)
    }

    /// `['k' => v]` is an object, `[a, b]` an array.
    fn array(&mut self, node: Node<'_>) -> ExprId {
        let at = span(node);
        let elements: Vec<Node<'_>> = named(node)
            .into_iter()
            .filter(|c| c.kind() == "array_element_initializer")
            .collect();
        let keyed = elements.iter().any(|e| {
            let parts = named(*e);
            parts.len() == 2 && parts[0].kind() != "by_ref"
        });
        if !keyed {
            let mut out = Vec::new();
            for e in elements {
                match named(e).into_iter().last() {
                    Some(v) if v.kind() == "variadic_unpacking" => {
                        let inner = named(v).into_iter().next();
                        let value = match inner {
                            Some(i) => self.expr(i),
                            None => self.m.push_expr(ExprKind::Other, span(v)),
                        };
                        out.push(ArrayElement::Spread(value));
                    }
                    Some(v) => {
                        let v = if v.kind() == "by_ref" {
                            named(v).into_iter().next().unwrap_or(v)
                        } else {
                            v
                        };
                        out.push(ArrayElement::Expr(self.expr(v)));
                    }
                    None => out.push(ArrayElement::Hole),
                }
            }
            return self.m.push_expr(
                ExprKind::Array {
                    elements: out.into_boxed_slice(),
                    kind: ArrayKind::Array,
                },
                at,
            );
        }
        let mut props = Vec::new();
        let mut position = 0usize;
        for e in elements {
            let parts = named(e);
            match parts.as_slice() {
                [k, v] => {
                    let key = match k.kind() {
                        "string" => {
                            let text = self.text(*k);
                            let inner = text
                                .strip_prefix('\'')
                                .and_then(|t| t.strip_suffix('\''))
                                .unwrap_or("");
                            PropKey::String(single_quoted(inner).into())
                        }
                        "encapsed_string"
                            if named(*k).iter().all(|c| c.kind() == "string_content") =>
                        {
                            let text = self.text(*k);
                            let inner = text
                                .strip_prefix('"')
                                .and_then(|t| t.strip_suffix('"'))
                                .unwrap_or("");
                            PropKey::String(double_quoted(inner).into())
                        }
                        "integer" => PropKey::Number(self.text(*k).into()),
                        _ => PropKey::Computed(self.expr(*k)),
                    };
                    let value = self.expr(*v);
                    props.push(ObjectProp::KeyValue {
                        key,
                        value,
                        shorthand: false,
                    });
                }
                [v] if v.kind() == "variadic_unpacking" => {
                    let value = match named(*v).into_iter().next() {
                        Some(i) => self.expr(i),
                        None => self.m.push_expr(ExprKind::Other, span(*v)),
                    };
                    props.push(ObjectProp::Spread { value });
                }
                [v] => {
                    let value = self.expr(*v);
                    props.push(ObjectProp::KeyValue {
                        key: PropKey::Number(position.to_string().into()),
                        value,
                        shorthand: false,
                    });
                    position += 1;
                }
                _ => {}
            }
        }
        self.m.push_expr(
            ExprKind::Object {
                props: props.into_boxed_slice(),
            },
            at,
        )
    }

    /// `"a {$x} b $y"` and heredoc bodies: a literal when nothing is interpolated, else a
    /// template. The literal text is read from the source between the interpolated parts
    /// (`from..to` is the text inside the quotes or the heredoc's body).
    fn template(&mut self, parts: &[Node<'_>], at: Span, heredoc: bool) -> ExprId {
        let (from, to) = if heredoc {
            (at.start as usize, at.end as usize)
        } else {
            (
                at.start as usize + 1,
                (at.end as usize)
                    .saturating_sub(1)
                    .max(at.start as usize + 1),
            )
        };
        let mut quasis = vec![String::new()];
        let mut exprs = Vec::new();
        let mut pos = from;
        for part in parts {
            if matches!(
                part.kind(),
                "string_content"
                    | "escape_sequence"
                    | "string_value"
                    | "heredoc_end"
                    | "heredoc_start"
            ) {
                continue;
            }
            // `{$x}`: the braces are the part's delimiters.
            let mut start = part.start_byte();
            let mut end = part.end_byte();
            if self.src.get(start.saturating_sub(1)..start) == Some("{") {
                start -= 1;
                if self.src.get(end..end + 1) == Some("}") {
                    end += 1;
                }
            }
            let literal = double_quoted(self.src.get(pos..start).unwrap_or(""));
            if let Some(last) = quasis.last_mut() {
                last.push_str(&literal);
            }
            exprs.push(self.expr(*part));
            quasis.push(String::new());
            pos = end;
        }
        let literal = double_quoted(self.src.get(pos..to.max(pos)).unwrap_or(""));
        if let Some(last) = quasis.last_mut() {
            last.push_str(&literal);
        }
        if heredoc {
            // The body starts after the newline that ends the `<<<EOT` line.
            if let Some(first) = quasis.first_mut() {
                let rest = first
                    .strip_prefix("\r\n")
                    .or_else(|| first.strip_prefix('\n'));
                if let Some(rest) = rest {
                    *first = rest.to_string();
                }
            }
            let joined = quasis.join("x");
            let indent = heredoc_indent(&joined);
            let last = quasis.len() - 1;
            for (i, q) in quasis.iter_mut().enumerate() {
                let mut lines: Vec<String> = q.split('\n').map(str::to_string).collect();
                for (j, line) in lines.iter_mut().enumerate() {
                    if i == 0 || j > 0 {
                        let cut = line.len() - line.trim_start_matches(' ').len();
                        line.drain(..cut.min(indent));
                    }
                }
                *q = lines.join("\n");
                if i == last {
                    // The closing marker's line: its indentation and the newline before it.
                    let kept = q.trim_end_matches(' ').len();
                    q.truncate(kept);
                    if q.ends_with('\n') {
                        q.pop();
                    }
                }
            }
        }
        if exprs.is_empty() {
            let value = quasis.pop().unwrap_or_default();
            return self.string_literal(value, at);
        }
        self.m.push_expr(
            ExprKind::Template(Box::new(TemplateExpr {
                quasis,
                exprs,
                tag: None,
            })),
            at,
        )
    }

    /// `match ($x) { 1, 2 => a, default => b }`: `$x === 1 || $x === 2 ? a : b`.
    fn match_expression(&mut self, node: Node<'_>) -> ExprId {
        let at = span(node);
        let subject = node.child_by_field_name("condition");
        let mut arms = Vec::new();
        let mut default = None;
        if let Some(body) = node.child_by_field_name("body") {
            for arm in named(body) {
                let value = arm.child_by_field_name("return_expression");
                match arm.kind() {
                    "match_default_expression" => default = value,
                    "match_conditional_expression" => {
                        let conds = arm
                            .child_by_field_name("conditional_expressions")
                            .map(named)
                            .unwrap_or_default();
                        arms.push((conds, value));
                    }
                    _ => {}
                }
            }
        }
        let mut out = match default {
            Some(d) => self.expr(d),
            None => self.m.push_expr(ExprKind::Other, at),
        };
        for (conds, value) in arms.into_iter().rev() {
            let mut test: Option<ExprId> = None;
            for c in conds {
                let right = self.expr(c);
                let this = match subject {
                    Some(s) => {
                        let left = self.expr(s);
                        self.m.push_expr(
                            ExprKind::Binary {
                                op: BinaryOp::StrictEq,
                                left,
                                right,
                            },
                            span(c),
                        )
                    }
                    None => right,
                };
                test = Some(match test {
                    Some(prev) => self.m.push_expr(
                        ExprKind::Logical {
                            op: LogicalOp::Or,
                            left: prev,
                            right: this,
                        },
                        span(c),
                    ),
                    None => this,
                });
            }
            let consequent = match value {
                Some(v) => self.expr(v),
                None => self.m.push_expr(ExprKind::Other, at),
            };
            let Some(test) = test else { continue };
            out = self.m.push_expr(
                ExprKind::Conditional {
                    test,
                    consequent,
                    alternate: out,
                },
                at,
            );
        }
        out
    }
}

/// A heredoc or nowdoc body with the closing marker's indentation removed from each line and
/// the final newline dropped.
fn heredoc_indent(body: &str) -> usize {
    body.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start_matches(' ').len())
        .min()
        .unwrap_or(0)
}

fn heredoc_trim(body: &str) -> String {
    let body = body.strip_suffix('\n').unwrap_or(body);
    let indent = body
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    body.lines()
        .map(|l| l.get(indent..).unwrap_or(l.trim_start()))
        .collect::<Vec<_>>()
        .join("\n")
}
