//! Statements, and `if`/`when`/`try` in statement position (or returned, when each branch
//! returns its value).
use super::Lowerer;
use super::cst::{self, first_of_kind, kids, named, span};
use super::decls::{Owner, initializer, is_type};
use crate::model::*;
use tree_sitter::Node;

impl<'s> Lowerer<'s> {
    /// The statements of a `statements` node, in a scope of their own.
    pub(super) fn statements(&mut self, node: Node<'_>) -> Vec<StmtId> {
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

    /// The statements of a branch (`control_structure_body`, a braced block or a lambda
    /// body); with `ret`, the last one returns its value.
    fn branch(&mut self, node: Option<Node<'_>>, ret: bool) -> Vec<StmtId> {
        let Some(node) = node else {
            return Vec::new();
        };
        let items: Vec<Node<'_>> = match cst::kind_of(node) {
            "control_structure_body" => match first_of_kind(node, "statements") {
                Some(s) => named(s),
                None if cst::has_token(node, "{") => Vec::new(),
                None => named(node),
            },
            "statements" => named(node),
            _ => vec![node],
        };
        let mut out = Vec::new();
        if !self.descend(node) {
            out.push(self.m.push_stmt(StmtKind::Other, span(node)));
            return out;
        }
        self.scoped(|lw| {
            let count = items.len();
            for (i, s) in items.into_iter().enumerate() {
                if ret && i + 1 == count && is_value(s) {
                    lw.returned(s, &mut out);
                } else {
                    lw.stmt(s, &mut out);
                }
            }
        });
        self.ascend();
        out
    }

    fn branch_stmt(&mut self, node: Option<Node<'_>>, owner: Node<'_>, ret: bool) -> StmtId {
        let body = self.branch(node, ret);
        match body.as_slice() {
            [one] => *one,
            _ => self.m.push_stmt(
                StmtKind::Block { body: body.into() },
                node.map_or(span(owner), span),
            ),
        }
    }

    /// A value that is returned: `return x`, an expression body, a branch's last value. A
    /// returned `if`/`when`/`try` becomes the statement whose branches return.
    pub(super) fn returned(&mut self, node: Node<'_>, out: &mut Vec<StmtId>) {
        let node = unwrap_parens(node);
        if !self.descend(node) {
            out.push(self.m.push_stmt(StmtKind::Other, span(node)));
            return;
        }
        let kind = match cst::kind_of(node) {
            "if_expression" if node.child_by_field_name("alternative").is_some() => {
                Some(self.if_stmt(node, true))
            }
            "when_expression" => Some(self.when_stmt(node, true)),
            "try_expression" => Some(self.try_stmt(node, true)),
            "jump_expression" => Some(self.jump(node)),
            _ => None,
        };
        let kind = match kind {
            Some(k) => k,
            None => match self.elvis_jump(node) {
                Some((left, jump)) => {
                    // `return a ?: throw E()`: when `a` is null the jump runs, else `a` returns.
                    let value = self.expr(left);
                    self.null_guard(value, jump, span(node), out);
                    StmtKind::Return { value: Some(value) }
                }
                None => StmtKind::Return {
                    value: Some(self.expr(node)),
                },
            },
        };
        out.push(self.m.push_stmt(kind, span(node)));
        self.ascend();
    }

    pub(super) fn stmt(&mut self, node: Node<'_>, out: &mut Vec<StmtId>) {
        if !self.descend(node) {
            out.push(self.m.push_stmt(StmtKind::Other, span(node)));
            return;
        }
        if let Some(kind) = self.stmt_kind(node, out) {
            out.push(self.m.push_stmt(kind, span(node)));
        }
        self.ascend();
    }

    /// One statement's kind; a statement that gives several (or none) pushes them itself.
    fn stmt_kind(&mut self, node: Node<'_>, out: &mut Vec<StmtId>) -> Option<StmtKind> {
        Some(match cst::kind_of(node) {
            "class_declaration" | "object_declaration" => {
                out.push(self.type_declaration(node));
                return None;
            }
            "function_declaration" => {
                let function = self.function(node, None, false, Owner::Class);
                StmtKind::FunctionDecl { function }
            }
            "property_declaration" => return self.local_property(node, out),
            "assignment" => StmtKind::Expr {
                expr: self.assignment(node),
            },
            "if_expression" => self.if_stmt(node, false),
            "when_expression" => self.when_stmt(node, false),
            "try_expression" => self.try_stmt(node, false),
            "jump_expression" => {
                // `return when (…) { … }`: each branch returns.
                let value = named(node)
                    .into_iter()
                    .find(|c| cst::kind_of(*c) != "label")
                    .map(unwrap_parens);
                match value {
                    Some(v)
                        if cst::operator(node) == "return"
                            && matches!(
                                cst::kind_of(v),
                                "if_expression" | "when_expression" | "try_expression"
                            ) =>
                    {
                        self.returned(v, out);
                        return None;
                    }
                    _ => self.jump(node),
                }
            }
            "for_statement" => self.for_stmt(node),
            "while_statement" | "do_while_statement" => {
                let test = match named(node)
                    .into_iter()
                    .find(|c| !matches!(cst::kind_of(*c), "control_structure_body" | "label"))
                {
                    Some(t) => self.expr(t),
                    None => self.other_expr(node),
                };
                let body =
                    self.branch_stmt(first_of_kind(node, "control_structure_body"), node, false);
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
            "control_structure_body" | "statements" => StmtKind::Block {
                body: self.branch(Some(node), false).into(),
            },
            // A statement-level annotation (`@Suppress("x")` before an expression).
            "annotation" | "type_alias" | "label" | "file_annotation" => StmtKind::Other,
            "ERROR" => StmtKind::Other,
            _ => match self.elvis_jump(node) {
                Some((left, jump)) => {
                    let value = self.expr(left);
                    self.null_guard(value, jump, span(node), out);
                    return None;
                }
                None => StmtKind::Expr {
                    expr: self.expr(node),
                },
            },
        })
    }

    /// `a ?: return x` / `a ?: throw E()`: the left side and the jump.
    fn elvis_jump<'t>(&self, node: Node<'t>) -> Option<(Node<'t>, Node<'t>)> {
        if cst::kind_of(node) != "elvis_expression" {
            return None;
        }
        let parts = named(node);
        match parts.as_slice() {
            [left, right] if cst::kind_of(unwrap_parens(*right)) == "jump_expression" => {
                Some((*left, unwrap_parens(*right)))
            }
            _ => None,
        }
    }

    /// `if (value == null) jump`, spanning the elvis expression `at`.
    fn null_guard(&mut self, value: ExprId, jump: Node<'_>, at: Span, out: &mut Vec<StmtId>) {
        let null = self.m.push_expr(
            ExprKind::Literal {
                value: LiteralValue::Null,
            },
            at,
        );
        let test = self.m.push_expr(
            ExprKind::Binary {
                op: BinaryOp::Eq,
                left: value,
                right: null,
            },
            at,
        );
        let kind = self.jump(jump);
        let consequent = self.m.push_stmt(kind, span(jump));
        out.push(self.m.push_stmt(
            StmtKind::If {
                test,
                consequent,
                alternate: None,
            },
            at,
        ));
    }

    /// `val x: T = e`, `var (a, b) = pair`; `val x = e ?: return r` adds the null guard.
    fn local_property(&mut self, node: Node<'_>, out: &mut Vec<StmtId>) -> Option<StmtKind> {
        let is_val =
            first_of_kind(node, "binding_pattern_kind").is_some_and(|k| self.text(k) == "val");
        let kind = if is_val { VarKind::Const } else { VarKind::Let };
        let init_node = initializer(node);
        let guard = init_node.and_then(|i| self.elvis_jump(i));
        // The initialiser is evaluated before the name is in scope.
        let init = match guard {
            Some((left, _)) => Some(self.expr(left)),
            None => init_node.map(|i| self.expr(i)),
        };
        let (pattern, type_annotation, first_name) =
            if let Some(v) = first_of_kind(node, "variable_declaration") {
                let (p, t, n) = self.declare_variable(v, kind, init, Vec::new());
                (p, t, n)
            } else if let Some(multi) = first_of_kind(node, "multi_variable_declaration") {
                let mut elements = Vec::new();
                for (i, v) in named(multi)
                    .into_iter()
                    .filter(|v| cst::kind_of(*v) == "variable_declaration")
                    .enumerate()
                {
                    let step = PatternStep::Index(u32::try_from(i).unwrap_or(u32::MAX));
                    let (p, _, _) = self.declare_variable(v, kind, init, vec![step]);
                    elements.push(Some(p));
                }
                let p = self.m.push_pattern(
                    PatternKind::Array {
                        elements: elements.into(),
                        rest: None,
                    },
                    span(multi),
                );
                (p, None, None)
            } else {
                let e = self.other_expr(node);
                (
                    self.m
                        .push_pattern(PatternKind::Expr { expr: e }, span(node)),
                    None,
                    None,
                )
            };
        let decl = VarDeclarator {
            pattern,
            init,
            type_annotation: type_annotation.map(Box::new),
            span: span(node),
        };
        out.push(self.m.push_stmt(
            StmtKind::VarDecl {
                kind,
                declarators: vec![decl].into(),
            },
            span(node),
        ));
        if let (Some((_, jump)), Some((name, at)), Some(elvis)) = (guard, first_name, init_node) {
            let binding = self.lookup(&name);
            let value = self.m.push_expr(
                ExprKind::Ident {
                    name: name.into(),
                    binding,
                },
                at,
            );
            self.null_guard(value, jump, span(elvis), out);
        }
        None
    }

    /// Declares the name of a `variable_declaration` (`x: T`).
    fn declare_variable(
        &mut self,
        v: Node<'_>,
        kind: VarKind,
        init: Option<ExprId>,
        path: Vec<PatternStep>,
    ) -> (PatternId, Option<TypeAnnotation>, Option<(String, Span)>) {
        let type_annotation = named(v)
            .into_iter()
            .find(|t| is_type(*t))
            .map(|t| self.annotation(t));
        let Some(n) = first_of_kind(v, "simple_identifier") else {
            let e = self.other_expr(v);
            return (
                self.m.push_pattern(PatternKind::Expr { expr: e }, span(v)),
                type_annotation,
                None,
            );
        };
        let name = self.text(n).to_owned();
        let binding = self.declare(
            &name,
            BindingKind::Var { kind },
            BindingOrigin {
                init,
                path: path.into(),
                default: None,
            },
            span(n),
        );
        let pattern = self.m.push_pattern(
            PatternKind::Ident {
                name: name.as_str().into(),
                binding: Some(binding),
            },
            span(n),
        );
        (pattern, type_annotation, Some((name, span(n))))
    }

    /// `return x`, `return@label`, `throw e`, `break`, `continue`.
    pub(super) fn jump(&mut self, node: Node<'_>) -> StmtKind {
        let keyword = cst::operator(node);
        let value = named(node)
            .into_iter()
            .find(|c| cst::kind_of(*c) != "label");
        let label = first_of_kind(node, "label").map(|l| self.text(l).trim_matches('@').to_owned());
        match keyword {
            "throw" => StmtKind::Throw {
                value: value.map(|v| self.expr(v)),
                cause: None,
            },
            "break" | "break@" => StmtKind::Break {
                label: label.map(Name::from),
            },
            "continue" | "continue@" => StmtKind::Continue {
                label: label.map(Name::from),
            },
            _ => StmtKind::Return {
                value: value.map(|v| self.expr(v)),
            },
        }
    }

    /// `if (c) a else b` as a statement; with `ret` each branch returns its value.
    fn if_stmt(&mut self, node: Node<'_>, ret: bool) -> StmtKind {
        let test = match node.child_by_field_name("condition") {
            Some(c) => self.expr(c),
            None => self.other_expr(node),
        };
        let consequent = self.branch_stmt(node.child_by_field_name("consequence"), node, ret);
        let alternate = node.child_by_field_name("alternative").map(|a| {
            // `else if` is an `if_expression` inside the alternative's body.
            let inner = single_child(a, "if_expression");
            match inner {
                Some(i) => {
                    let kind = self.if_stmt(i, ret);
                    self.m.push_stmt(kind, span(i))
                }
                None => self.branch_stmt(Some(a), node, ret),
            }
        });
        StmtKind::If {
            test,
            consequent,
            alternate,
        }
    }

    /// `when (x) { a, b -> …; else -> … }` is a switch; `when { c -> … }` an if chain.
    fn when_stmt(&mut self, node: Node<'_>, ret: bool) -> StmtKind {
        let entries: Vec<Node<'_>> = named(node)
            .into_iter()
            .filter(|e| cst::kind_of(*e) == "when_entry")
            .collect();
        match first_of_kind(node, "when_subject") {
            Some(subject) => self.scoped(|lw| {
                let discriminant = lw.when_subject(subject);
                let mut cases = Vec::new();
                for entry in entries {
                    let conditions: Vec<Node<'_>> = named(entry)
                        .into_iter()
                        .filter(|c| cst::kind_of(*c) == "when_condition")
                        .collect();
                    let mut tests: Vec<Option<ExprId>> = Vec::new();
                    if conditions.is_empty() {
                        tests.push(None);
                    }
                    for c in conditions {
                        tests.push(Some(lw.when_condition(c)));
                    }
                    let body = lw.branch(first_of_kind(entry, "control_structure_body"), ret);
                    let count = tests.len();
                    for (i, test) in tests.into_iter().enumerate() {
                        let last = i + 1 == count;
                        cases.push(SwitchCase {
                            test,
                            body: if last { body.clone() } else { Vec::new() },
                            falls_through: !last,
                            span: span(entry),
                        });
                    }
                }
                StmtKind::Switch {
                    discriminant,
                    cases: cases.into(),
                }
            }),
            None => {
                // Built from the last entry back: each entry is an `if` whose alternate is
                // the rest; `else` is the final alternate.
                let mut alternate: Option<StmtId> = None;
                let mut result: Option<StmtKind> = None;
                for entry in entries.into_iter().rev() {
                    let conditions: Vec<Node<'_>> = named(entry)
                        .into_iter()
                        .filter(|c| cst::kind_of(*c) == "when_condition")
                        .collect();
                    let body = self.branch_stmt(
                        first_of_kind(entry, "control_structure_body"),
                        entry,
                        ret,
                    );
                    if conditions.is_empty() {
                        alternate = Some(body);
                        continue;
                    }
                    let mut test: Option<ExprId> = None;
                    for c in conditions {
                        let e = self.when_condition(c);
                        test = Some(match test {
                            None => e,
                            Some(left) => self.m.push_expr(
                                ExprKind::Logical {
                                    op: LogicalOp::Or,
                                    left,
                                    right: e,
                                },
                                span(entry),
                            ),
                        });
                    }
                    let test = test.unwrap_or_else(|| self.other_expr(entry));
                    if let Some(prev) = result.take() {
                        let at = self.m.push_stmt(prev, span(node));
                        alternate = Some(at);
                    }
                    result = Some(StmtKind::If {
                        test,
                        consequent: body,
                        alternate: alternate.take(),
                    });
                }
                match (result, alternate) {
                    (Some(k), _) => k,
                    (None, Some(only_else)) => StmtKind::Block {
                        body: vec![only_else].into(),
                    },
                    (None, None) => StmtKind::Other,
                }
            }
        }
    }

    /// `(x)` or `(val y = x)`: the value switched on.
    fn when_subject(&mut self, node: Node<'_>) -> ExprId {
        let parts = named(node);
        let value = parts
            .iter()
            .rev()
            .find(|c| !matches!(cst::kind_of(**c), "variable_declaration" | "annotation"))
            .copied();
        let init = value.map(|v| self.expr(v));
        if let Some(v) = parts
            .iter()
            .find(|c| cst::kind_of(**c) == "variable_declaration")
        {
            self.declare_variable(*v, VarKind::Const, init, Vec::new());
        }
        init.unwrap_or_else(|| self.other_expr(node))
    }

    /// A when condition: an expression, or `in range` / `is Type` (kept as text).
    fn when_condition(&mut self, node: Node<'_>) -> ExprId {
        match named(node).first() {
            Some(c) if !matches!(cst::kind_of(*c), "range_test" | "type_test") => self.expr(*c),
            _ => self.other_expr(node),
        }
    }

    fn try_stmt(&mut self, node: Node<'_>, ret: bool) -> StmtKind {
        let block = self.branch(first_of_kind(node, "statements"), ret);
        let mut handlers = Vec::new();
        let mut finalizer = None;
        for c in named(node) {
            match cst::kind_of(c) {
                "catch_block" => handlers.push(self.catch_block(c, ret)),
                "finally_block" => {
                    finalizer = Some(
                        first_of_kind(c, "statements")
                            .map(|s| self.statements(s))
                            .unwrap_or_default(),
                    );
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
    }

    /// `catch (e: NotFound) { … }`.
    fn catch_block(&mut self, node: Node<'_>, ret: bool) -> CatchClause {
        self.scoped(|lw| {
            let mut types = Vec::new();
            if let Some(t) = named(node).into_iter().find(|t| is_type(*t)) {
                types.push(match first_of_kind(t, "type_identifier") {
                    Some(_) => lw.type_expr(t),
                    None => lw.other_expr(t),
                });
            }
            let param = first_of_kind(node, "simple_identifier").map(|n| {
                let name = lw.text(n).to_owned();
                let binding = lw.declare(
                    &name,
                    BindingKind::CatchParam,
                    BindingOrigin::none(),
                    span(n),
                );
                lw.m.push_pattern(
                    PatternKind::Ident {
                        name: name.into(),
                        binding: Some(binding),
                    },
                    span(n),
                )
            });
            let body = lw.branch(first_of_kind(node, "statements"), ret);
            CatchClause {
                param,
                types,
                body,
                span: span(node),
            }
        })
    }

    /// `for (x in xs) …`, `for ((k, v) in map) …`.
    fn for_stmt(&mut self, node: Node<'_>) -> StmtKind {
        let iterable_node = kids(node)
            .into_iter()
            .skip_while(|c| cst::kind_of(*c) != "in")
            .find(|c| c.is_named());
        let iterable = iterable_node.map(|i| self.expr(i));
        self.scoped(|lw| {
            let left = named(node).into_iter().find_map(|c| match cst::kind_of(c) {
                "variable_declaration" => {
                    let n = first_of_kind(c, "simple_identifier")?;
                    let name = lw.text(n).to_owned();
                    let binding =
                        lw.declare(&name, BindingKind::LoopVar, BindingOrigin::none(), span(n));
                    Some(lw.m.push_pattern(
                        PatternKind::Ident {
                            name: name.into(),
                            binding: Some(binding),
                        },
                        span(n),
                    ))
                }
                "multi_variable_declaration" => {
                    let elements = named(c)
                        .into_iter()
                        .filter_map(|v| first_of_kind(v, "simple_identifier"))
                        .map(|n| {
                            let name = lw.text(n).to_owned();
                            let binding = lw.declare(
                                &name,
                                BindingKind::LoopVar,
                                BindingOrigin::none(),
                                span(n),
                            );
                            Some(lw.m.push_pattern(
                                PatternKind::Ident {
                                    name: name.into(),
                                    binding: Some(binding),
                                },
                                span(n),
                            ))
                        })
                        .collect();
                    Some(lw.m.push_pattern(
                        PatternKind::Array {
                            elements,
                            rest: None,
                        },
                        span(c),
                    ))
                }
                _ => None,
            });
            let body = lw.branch_stmt(first_of_kind(node, "control_structure_body"), node, false);
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
        })
    }
}

/// The expression inside any number of parentheses.
pub(super) fn unwrap_parens(mut node: Node<'_>) -> Node<'_> {
    while cst::kind_of(node) == "parenthesized_expression" {
        match named(node).into_iter().next() {
            Some(inner) => node = inner,
            None => break,
        }
    }
    node
}

/// True when a lambda's one statement is its value.
pub(super) fn is_expression(node: Node<'_>) -> bool {
    is_value(node) && cst::kind_of(node) != "jump_expression"
}

/// True when a statement node is an expression whose value a branch can return.
fn is_value(node: Node<'_>) -> bool {
    !matches!(
        cst::kind_of(node),
        "property_declaration"
            | "function_declaration"
            | "class_declaration"
            | "object_declaration"
            | "assignment"
            | "for_statement"
            | "while_statement"
            | "do_while_statement"
            | "annotation"
            | "type_alias"
            | "label"
            | "ERROR"
    )
}

/// The one statement of an unbraced branch body when it is of `kind` (`else if`).
fn single_child<'t>(node: Node<'t>, kind: &str) -> Option<Node<'t>> {
    if cst::has_token(node, "{") {
        return None;
    }
    match named(node).as_slice() {
        [one] if cst::kind_of(*one) == kind => Some(*one),
        _ => None,
    }
}
