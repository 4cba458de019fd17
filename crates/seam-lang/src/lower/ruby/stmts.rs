//! Statements: lists with their implicit return, conditionals, `case`, `begin`/`rescue`,
//! loops, `return`, assignments.

use super::{Lowerer, named, span};
use crate::model::*;
use tree_sitter::Node;

impl<'s> Lowerer<'s> {
    /// A statement list; with `tail`, its last statement gives the value of the method or block.
    pub(super) fn statements(&mut self, nodes: &[Node<'_>], tail: bool) -> Vec<StmtId> {
        let mut out = Vec::with_capacity(nodes.len());
        for (i, n) in nodes.iter().enumerate() {
            let last = tail && i + 1 == nodes.len();
            out.push(self.statement(*n, last));
        }
        out
    }

    /// A `body_statement` (a method's or `do` block's body): its statements, and a `try`
    /// around them when it has `rescue`/`ensure` clauses.
    pub(super) fn body_statement(&mut self, node: Node<'_>, tail: bool) -> Vec<StmtId> {
        let children = named(node);
        let has_clauses = children
            .iter()
            .any(|c| matches!(c.kind(), "rescue" | "ensure"));
        if !has_clauses {
            let plain: Vec<Node<'_>> = children
                .into_iter()
                .filter(|c| c.kind() != "else")
                .collect();
            return self.statements(&plain, tail);
        }
        vec![self.try_statement(node, &children, tail)]
    }

    /// `begin … rescue A => e … else … ensure … end` as a `try`.
    fn try_statement(&mut self, node: Node<'_>, children: &[Node<'_>], tail: bool) -> StmtId {
        let plain: Vec<Node<'_>> = children
            .iter()
            .copied()
            .filter(|c| !matches!(c.kind(), "rescue" | "else" | "ensure"))
            .collect();
        let block = self.statements(&plain, tail);
        let mut handlers = Vec::new();
        let mut orelse = None;
        let mut finalizer = None;
        for c in children {
            match c.kind() {
                "rescue" => handlers.push(self.rescue(*c, tail)),
                "else" => orelse = Some(self.statements(&named(*c), tail)),
                "ensure" => finalizer = Some(self.statements(&named(*c), false)),
                _ => {}
            }
        }
        self.m.push_stmt(
            StmtKind::Try(Box::new(TryStmt {
                block,
                handlers,
                orelse,
                finalizer,
            })),
            span(node),
        )
    }

    fn rescue(&mut self, node: Node<'_>, tail: bool) -> CatchClause {
        let types = node
            .child_by_field_name("exceptions")
            .map(named)
            .unwrap_or_default()
            .into_iter()
            .map(|t| self.expr(t))
            .collect();
        let param = node
            .child_by_field_name("variable")
            .and_then(|v| named(v).into_iter().next())
            .map(|v| {
                let name = self.text(v).to_owned();
                let binding = self.declare(
                    &name,
                    BindingKind::CatchParam,
                    BindingOrigin::none(),
                    span(v),
                );
                self.m.push_pattern(
                    PatternKind::Ident {
                        name: name.into(),
                        binding: Some(binding),
                    },
                    span(v),
                )
            });
        let body = node
            .child_by_field_name("body")
            .map(|b| self.statements(&named(b), tail))
            .unwrap_or_default();
        CatchClause {
            param,
            types,
            body,
            span: span(node),
        }
    }

    /// One statement; with `tail`, its value is returned.
    pub(super) fn statement(&mut self, node: Node<'_>, tail: bool) -> StmtId {
        if !self.descend(node) {
            return self.m.push_stmt(StmtKind::Other, span(node));
        }
        let s = self.statement_inner(node, tail);
        self.ascend();
        s
    }

    fn statement_inner(&mut self, node: Node<'_>, tail: bool) -> StmtId {
        let at = span(node);
        match node.kind() {
            "class" => self.class(node),
            "module" => self.module(node),
            "method" => {
                let function = self.method(node, None, false);
                self.m.push_stmt(StmtKind::FunctionDecl { function }, at)
            }
            "singleton_method" => {
                let function = self.method(node, None, true);
                self.m.push_stmt(StmtKind::FunctionDecl { function }, at)
            }
            "return" => {
                let value = self.returned_value(node);
                self.m.push_stmt(StmtKind::Return { value }, at)
            }
            "if" | "unless" | "elsif" => self.if_statement(node, tail),
            "if_modifier" | "unless_modifier" => {
                let test = node
                    .child_by_field_name("condition")
                    .map(|c| self.condition(c, node.kind() == "unless_modifier"));
                let body = node.child_by_field_name("body");
                match (test, body) {
                    (Some(test), Some(body)) => {
                        let consequent = self.statement(body, tail);
                        self.m.push_stmt(
                            StmtKind::If {
                                test,
                                consequent,
                                alternate: None,
                            },
                            at,
                        )
                    }
                    _ => self.m.push_stmt(StmtKind::Other, at),
                }
            }
            "case" => self.case(node, tail),
            "begin" => {
                let children = named(node);
                if children
                    .iter()
                    .any(|c| matches!(c.kind(), "rescue" | "ensure"))
                {
                    self.try_statement(node, &children, tail)
                } else {
                    let body = self.statements(&children, tail);
                    self.m.push_stmt(
                        StmtKind::Block {
                            body: body.into_boxed_slice(),
                        },
                        at,
                    )
                }
            }
            "parenthesized_statements" => {
                let body = self.statements(&named(node), tail);
                self.m.push_stmt(
                    StmtKind::Block {
                        body: body.into_boxed_slice(),
                    },
                    at,
                )
            }
            "while" | "until" | "while_modifier" | "until_modifier" => {
                let test = node
                    .child_by_field_name("condition")
                    .map(|c| self.condition(c, node.kind().starts_with("until")));
                let body = self.loop_body(node);
                self.m.push_stmt(
                    StmtKind::Loop(Box::new(LoopStmt {
                        kind: LoopKind::While,
                        init: None,
                        left: None,
                        iterable: None,
                        test,
                        update: None,
                        body,
                        orelse: None,
                    })),
                    at,
                )
            }
            "for" => {
                let iterable = node
                    .child_by_field_name("value")
                    .and_then(|v| named(v).into_iter().next().or(Some(v)))
                    .map(|v| self.expr(v));
                let left = node.child_by_field_name("pattern").map(|p| {
                    let name = self.text(p).to_owned();
                    let binding =
                        self.declare(&name, BindingKind::LoopVar, BindingOrigin::none(), span(p));
                    self.m.push_pattern(
                        PatternKind::Ident {
                            name: name.into(),
                            binding: Some(binding),
                        },
                        span(p),
                    )
                });
                let body = self.loop_body(node);
                self.m.push_stmt(
                    StmtKind::Loop(Box::new(LoopStmt {
                        kind: LoopKind::ForEach,
                        init: None,
                        left,
                        iterable,
                        test: None,
                        update: None,
                        body,
                        orelse: None,
                    })),
                    at,
                )
            }
            "break" => self.m.push_stmt(StmtKind::Break { label: None }, at),
            "next" => self.m.push_stmt(StmtKind::Continue { label: None }, at),
            "alias" | "undef" | "begin_block" | "end_block" | "redo" | "retry" => {
                self.m.push_stmt(StmtKind::Other, at)
            }
            _ => {
                let expr = self.expr(node);
                self.required(expr);
                if let Some(value) = self.raised(expr) {
                    return self.m.push_stmt(
                        StmtKind::Throw {
                            value: Some(value),
                            cause: None,
                        },
                        at,
                    );
                }
                let is_assign = matches!(node.kind(), "assignment" | "operator_assignment");
                if tail && !is_assign {
                    self.m.push_stmt(StmtKind::Return { value: Some(expr) }, at)
                } else {
                    self.m.push_stmt(StmtKind::Expr { expr }, at)
                }
            }
        }
    }

    fn loop_body(&mut self, node: Node<'_>) -> StmtId {
        let body = node
            .child_by_field_name("body")
            .map(|b| {
                if b.kind() == "do" {
                    self.statements(&named(b), false)
                } else {
                    vec![self.statement(b, false)]
                }
            })
            .unwrap_or_default();
        self.m.push_stmt(
            StmtKind::Block {
                body: body.into_boxed_slice(),
            },
            span(node),
        )
    }

    /// `raise X`, `raise X, "m"`, `raise X.new("m")`, `raise "m"`: the raised value. The
    /// class with a message is the instantiation `X.new("m")`.
    fn raised(&mut self, expr: ExprId) -> Option<ExprId> {
        let ExprKind::Call { callee, args, .. } = &self.m.expr(expr).kind else {
            return None;
        };
        let ExprKind::Ident {
            name,
            binding: None,
        } = &self.m.expr(*callee).kind
        else {
            return None;
        };
        if name.as_str() != "raise" && name.as_str() != "fail" {
            return None;
        }
        let args = args.clone();
        let first = args.first()?.value;
        if args.len() == 1 {
            return Some(first);
        }
        let span = self.m.expr(expr).span;
        let first_span = self.m.expr(first).span;
        let new = self.m.push_expr(
            ExprKind::Member {
                object: first,
                property: MemberProp::Name("new".into()),
                optional: false,
            },
            first_span,
        );
        Some(self.m.push_expr(
            ExprKind::Call {
                callee: new,
                args: args[1..].to_vec().into_boxed_slice(),
                optional: false,
                is_new: true,
            },
            span,
        ))
    }

    /// `require_relative "x"` (a file beside this one) and `require "x"`: an import of the
    /// file, for module resolution.
    fn required(&mut self, expr: ExprId) {
        let ExprKind::Call { callee, args, .. } = &self.m.expr(expr).kind else {
            return;
        };
        let ExprKind::Ident {
            name,
            binding: None,
        } = &self.m.expr(*callee).kind
        else {
            return;
        };
        let relative = match name.as_str() {
            "require_relative" => true,
            "require" => false,
            _ => return,
        };
        let [arg] = &args[..] else { return };
        let ExprKind::Literal {
            value: LiteralValue::String { value },
        } = &self.m.expr(arg.value).kind
        else {
            return;
        };
        let specifier = if relative {
            format!("./{}", value.as_str().trim_start_matches("./"))
        } else {
            value.as_str().to_owned()
        };
        let span = self.m.expr(expr).span;
        self.m.imports.push(Import {
            specifier,
            kind: ImportKind::Require,
            level: 0,
            names: Vec::new(),
            type_only: false,
            span,
            resolved: None,
        });
    }

    /// `return`, `return x`, `return x, y` (an array).
    fn returned_value(&mut self, node: Node<'_>) -> Option<ExprId> {
        let list = named(node).into_iter().next()?;
        let values = if list.kind() == "argument_list" {
            named(list)
        } else {
            vec![list]
        };
        match values.as_slice() {
            [] => None,
            [one] => Some(self.expr(*one)),
            many => {
                let elements = many
                    .iter()
                    .map(|v| ArrayElement::Expr(self.expr(*v)))
                    .collect::<Vec<_>>();
                Some(self.m.push_expr(
                    ExprKind::Array {
                        elements: elements.into_boxed_slice(),
                        kind: ArrayKind::Array,
                    },
                    span(list),
                ))
            }
        }
    }

    /// A condition; `negate` for `unless`/`until` (`!test`).
    fn condition(&mut self, node: Node<'_>, negate: bool) -> ExprId {
        let test = self.expr(node);
        if !negate {
            return test;
        }
        self.m.push_expr(
            ExprKind::Unary {
                op: UnaryOp::Not,
                arg: test,
            },
            span(node),
        )
    }

    fn if_statement(&mut self, node: Node<'_>, tail: bool) -> StmtId {
        let at = span(node);
        let Some(test) = node
            .child_by_field_name("condition")
            .map(|c| self.condition(c, node.kind() == "unless"))
        else {
            return self.m.push_stmt(StmtKind::Other, at);
        };
        let consequent = match node.child_by_field_name("consequence") {
            Some(then) => {
                let body = self.statements(&named(then), tail);
                self.m.push_stmt(
                    StmtKind::Block {
                        body: body.into_boxed_slice(),
                    },
                    span(then),
                )
            }
            None => self.m.push_stmt(
                StmtKind::Block {
                    body: Box::default(),
                },
                at,
            ),
        };
        let alternate = node.child_by_field_name("alternative").map(|alt| {
            if alt.kind() == "elsif" {
                self.statement(alt, tail)
            } else {
                let body = self.statements(&named(alt), tail);
                self.m.push_stmt(
                    StmtKind::Block {
                        body: body.into_boxed_slice(),
                    },
                    span(alt),
                )
            }
        });
        self.m.push_stmt(
            StmtKind::If {
                test,
                consequent,
                alternate,
            },
            at,
        )
    }

    /// `case x when a, b then … else … end` as a switch (each `when` pattern a case, the
    /// earlier ones of a list falling through); `case` without a value as an `if` chain.
    fn case(&mut self, node: Node<'_>, tail: bool) -> StmtId {
        let at = span(node);
        let Some(value) = node.child_by_field_name("value") else {
            return self.case_chain(&named(node), tail, at);
        };
        let discriminant = self.expr(value);
        let mut cases = Vec::new();
        for c in named(node) {
            match c.kind() {
                "when" => {
                    let patterns: Vec<Node<'_>> = named(c)
                        .into_iter()
                        .filter(|p| p.kind() == "pattern")
                        .collect();
                    let body = c
                        .child_by_field_name("body")
                        .map(|b| self.statements(&named(b), tail))
                        .unwrap_or_default();
                    let n = patterns.len();
                    for (i, p) in patterns.into_iter().enumerate() {
                        let inner = named(p).into_iter().next().unwrap_or(p);
                        let test = Some(self.expr(inner));
                        let last = i + 1 == n;
                        cases.push(SwitchCase {
                            test,
                            body: if last { body.clone() } else { Vec::new() },
                            falls_through: !last,
                            span: span(c),
                        });
                    }
                }
                "else" => {
                    let body = self.statements(&named(c), tail);
                    cases.push(SwitchCase {
                        test: None,
                        body,
                        falls_through: false,
                        span: span(c),
                    });
                }
                _ => {}
            }
        }
        self.m.push_stmt(
            StmtKind::Switch {
                discriminant,
                cases: cases.into_boxed_slice(),
            },
            at,
        )
    }

    fn case_chain(&mut self, clauses: &[Node<'_>], tail: bool, at: Span) -> StmtId {
        let Some((first, rest)) = clauses.split_first() else {
            return self.m.push_stmt(
                StmtKind::Block {
                    body: Box::default(),
                },
                at,
            );
        };
        let body_of = |lw: &mut Self, n: Node<'_>, body: Vec<StmtId>| {
            lw.m.push_stmt(
                StmtKind::Block {
                    body: body.into_boxed_slice(),
                },
                span(n),
            )
        };
        match first.kind() {
            "when" => {
                let tests: Vec<ExprId> = named(*first)
                    .into_iter()
                    .filter(|p| p.kind() == "pattern")
                    .map(|p| {
                        let inner = named(p).into_iter().next().unwrap_or(p);
                        self.expr(inner)
                    })
                    .collect();
                let Some(mut test) = tests.first().copied() else {
                    return self.case_chain(rest, tail, at);
                };
                for t in &tests[1..] {
                    let (a, b) = (self.m.expr(test).span, self.m.expr(*t).span);
                    let s = Span::new(a.start.min(b.start), a.end.max(b.end));
                    test = self.m.push_expr(
                        ExprKind::Logical {
                            op: LogicalOp::Or,
                            left: test,
                            right: *t,
                        },
                        s,
                    );
                }
                let body = first
                    .child_by_field_name("body")
                    .map(|b| self.statements(&named(b), tail))
                    .unwrap_or_default();
                let consequent = body_of(self, *first, body);
                let alternate = (!rest.is_empty()).then(|| self.case_chain(rest, tail, at));
                self.m.push_stmt(
                    StmtKind::If {
                        test,
                        consequent,
                        alternate,
                    },
                    span(*first),
                )
            }
            "else" => {
                let body = self.statements(&named(*first), tail);
                body_of(self, *first, body)
            }
            _ => self.case_chain(rest, tail, at),
        }
    }
}
