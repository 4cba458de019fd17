//! Statements: blocks and their tail expressions, `let`, and the control flow Rust writes as
//! expressions (`if`, `match`, loops, `return`) where they stand as statements.
use super::items::is_item;
use super::{Lowerer, named, span};
use crate::model::*;
use tree_sitter::Node;

/// Kinds that are statements in a block, not its tail expression.
fn is_statement(kind: &str) -> bool {
    matches!(
        kind,
        "expression_statement" | "let_declaration" | "empty_statement" | "label"
    ) || is_item(kind)
}

impl<'s> Lowerer<'s> {
    /// A function's body: its tail expression is the returned value.
    pub(super) fn function_block(&mut self, block: Node<'_>) -> Vec<StmtId> {
        self.block_stmts(block, true)
    }

    /// The statements of a block in a scope of its own; with `tail`, its tail expression (and
    /// the tails of the branches it ends in) returns.
    pub(super) fn block_stmts(&mut self, block: Node<'_>, tail: bool) -> Vec<StmtId> {
        if block.kind() != "block" {
            // `unsafe { … }`, `async { … }`, `const { … }`: the block inside.
            return match named(block).into_iter().find(|c| c.kind() == "block") {
                Some(b) => self.block_stmts(b, tail),
                None => Vec::new(),
            };
        }
        self.push_scope();
        let children: Vec<Node<'_>> = named(block)
            .into_iter()
            .filter(|c| c.kind() != "label")
            .collect();
        // Items of the block are declared before its statements run (Rust items are visible
        // in the whole block).
        for c in &children {
            if is_item(c.kind()) && c.kind() != "use_declaration" {
                self.predeclare(*c);
            }
        }
        let mut out = Vec::new();
        let mut attrs: Vec<Node<'_>> = Vec::new();
        let last = children.len().saturating_sub(1);
        for (i, c) in children.iter().enumerate() {
            let kind = c.kind();
            if kind == "attribute_item" {
                attrs.push(*c);
                continue;
            }
            if kind == "use_declaration" {
                self.predeclare(*c);
                continue;
            }
            if is_item(kind) {
                let a = std::mem::take(&mut attrs);
                out.push(self.block_item(*c, &a));
                continue;
            }
            attrs.clear();
            // A block-like expression ending the block without a semicolon (`if … { a } else
            // { b }`, `match`) is its value, though the grammar makes it a statement.
            let unterminated =
                kind == "expression_statement" && !self.text(*c).trim_end().ends_with(';');
            if unterminated
                && i == last
                && let Some(inner) = named(*c).first()
            {
                out.push(self.control_stmt(*inner, tail));
            } else if is_statement(kind) {
                out.push(self.stmt(*c));
            } else {
                // An expression with no semicolon: the block's value when it is the last.
                out.push(self.control_stmt(*c, tail && i == last));
            }
        }
        self.pop_scope();
        out
    }

    fn block_item(&mut self, node: Node<'_>, attrs: &[Node<'_>]) -> StmtId {
        // Declared with the block's other items; lowered as a module's items are.
        let mut attrs_and_item: Vec<Node<'_>> = attrs.to_vec();
        attrs_and_item.push(node);
        let stmts = self.item_list_declared(&attrs_and_item);
        match stmts.as_slice() {
            [s] => *s,
            _ => self
                .m
                .push_stmt(StmtKind::Block { body: stmts.into() }, span(node)),
        }
    }

    pub(super) fn stmt(&mut self, node: Node<'_>) -> StmtId {
        if !self.descend(node) {
            return self.m.push_stmt(StmtKind::Other, span(node));
        }
        let id = match node.kind() {
            "expression_statement" => match named(node).first() {
                Some(e) => self.control_stmt(*e, false),
                None => self.m.push_stmt(StmtKind::Other, span(node)),
            },
            "let_declaration" => {
                let kind = self.let_declaration(node);
                self.m.push_stmt(kind, span(node))
            }
            _ => self.control_stmt(node, false),
        };
        self.ascend();
        id
    }

    /// An expression standing as a statement; `tail` when its value is what the function
    /// returns.
    pub(super) fn control_stmt(&mut self, node: Node<'_>, tail: bool) -> StmtId {
        if !self.descend(node) {
            return self.m.push_stmt(StmtKind::Other, span(node));
        }
        let kind = match node.kind() {
            "if_expression" => self.if_stmt(node, tail),
            "match_expression" => self.match_stmt(node, tail),
            "block" | "unsafe_block" | "const_block" => StmtKind::Block {
                body: self.block_stmts(node, tail).into(),
            },
            "return_expression" => StmtKind::Return {
                value: named(node).first().map(|v| self.expr(*v)),
            },
            "break_expression" => StmtKind::Break {
                label: named(node)
                    .into_iter()
                    .find(|c| c.kind() == "label")
                    .map(|l| self.text(l).into()),
            },
            "continue_expression" => StmtKind::Continue {
                label: named(node)
                    .into_iter()
                    .find(|c| c.kind() == "label")
                    .map(|l| self.text(l).into()),
            },
            "for_expression" => self.for_stmt(node),
            "while_expression" => self.while_stmt(node),
            "loop_expression" => {
                let body = self.loop_body(node);
                StmtKind::Loop(Box::new(crate::model::LoopStmt {
                    kind: LoopKind::While,
                    init: None,
                    left: None,
                    iterable: None,
                    test: None,
                    update: None,
                    body,
                    orelse: None,
                }))
            }
            "empty_statement" => StmtKind::Other,
            _ => {
                let expr = self.expr(node);
                if tail {
                    StmtKind::Return { value: Some(expr) }
                } else {
                    StmtKind::Expr { expr }
                }
            }
        };
        self.ascend();
        self.m.push_stmt(kind, span(node))
    }

    // -----------------------------------------------------------------------------------------
    // let
    // -----------------------------------------------------------------------------------------

    fn let_declaration(&mut self, node: Node<'_>) -> StmtKind {
        // The value is read before the names are declared (`let x = x + 1` reads the old x).
        let init = node.child_by_field_name("value").map(|v| self.expr(v));
        let type_annotation = node.child_by_field_name("type").map(|t| self.annotation(t));
        // `let Some(x) = v else { return … }`: the else block runs when the pattern fails.
        let alternative = node
            .child_by_field_name("alternative")
            .map(|b| self.block_stmts(b, false));
        let pattern = match node.child_by_field_name("pattern") {
            Some(p) => self.binding_pattern(
                p,
                &BindingKind::Var { kind: VarKind::Let },
                BindingOrigin {
                    init,
                    path: Box::default(),
                    default: None,
                },
            ),
            None => self.m.push_pattern(
                PatternKind::Ident {
                    name: "_".into(),
                    binding: None,
                },
                span(node),
            ),
        };
        let decl = StmtKind::VarDecl {
            kind: VarKind::Let,
            declarators: Box::new([VarDeclarator {
                pattern,
                init,
                type_annotation: type_annotation.map(Box::new),
                span: span(node),
            }]),
        };
        match alternative {
            Some(body) => {
                // `let P = v else { … }` reads as the declaration followed by `if !(P) { … }`:
                // the else branch is a way through the function.
                let decl_stmt = self.m.push_stmt(decl, span(node));
                let test = self.m.push_expr(ExprKind::Other, span(node));
                let consequent = self
                    .m
                    .push_stmt(StmtKind::Block { body: body.into() }, span(node));
                let if_stmt = self.m.push_stmt(
                    StmtKind::If {
                        test,
                        consequent,
                        alternate: None,
                    },
                    span(node),
                );
                StmtKind::Block {
                    body: vec![decl_stmt, if_stmt].into(),
                }
            }
            None => decl,
        }
    }

    // -----------------------------------------------------------------------------------------
    // if / match
    // -----------------------------------------------------------------------------------------

    /// The test of an `if`/`while` condition, declaring the names an `if let` binds in the
    /// current scope (the caller opens the consequent's scope first).
    fn condition(&mut self, cond: Node<'_>) -> ExprId {
        match cond.kind() {
            "let_condition" => {
                let value = cond.child_by_field_name("value").map(|v| self.expr(v));
                if let Some(p) = cond.child_by_field_name("pattern") {
                    self.binding_pattern(
                        p,
                        &BindingKind::Var { kind: VarKind::Let },
                        BindingOrigin {
                            init: value,
                            path: Box::default(),
                            default: None,
                        },
                    );
                }
                value.unwrap_or_else(|| self.m.push_expr(ExprKind::Other, span(cond)))
            }
            "let_chain" => {
                let mut acc: Option<ExprId> = None;
                for part in named(cond) {
                    let e = self.condition(part);
                    acc = Some(match acc {
                        None => e,
                        Some(left) => self.m.push_expr(
                            ExprKind::Logical {
                                op: LogicalOp::And,
                                left,
                                right: e,
                            },
                            span(cond),
                        ),
                    });
                }
                acc.unwrap_or_else(|| self.m.push_expr(ExprKind::Other, span(cond)))
            }
            _ => self.expr(cond),
        }
    }

    fn if_stmt(&mut self, node: Node<'_>, tail: bool) -> StmtKind {
        self.push_scope();
        let test = match node.child_by_field_name("condition") {
            Some(c) => self.condition(c),
            None => self.m.push_expr(ExprKind::Other, span(node)),
        };
        let consequent = match node.child_by_field_name("consequence") {
            Some(b) => {
                let body = self.block_stmts(b, tail);
                self.m
                    .push_stmt(StmtKind::Block { body: body.into() }, span(b))
            }
            None => self.m.push_stmt(
                StmtKind::Block {
                    body: Box::default(),
                },
                span(node),
            ),
        };
        self.pop_scope();
        let alternate = node
            .child_by_field_name("alternative")
            .and_then(|e| named(e).into_iter().next())
            .map(|a| self.control_stmt(a, tail));
        StmtKind::If {
            test,
            consequent,
            alternate,
        }
    }

    pub(super) fn match_stmt(&mut self, node: Node<'_>, tail: bool) -> StmtKind {
        let discriminant = match node.child_by_field_name("value") {
            Some(v) => self.expr(v),
            None => self.m.push_expr(ExprKind::Other, span(node)),
        };
        let mut cases = Vec::new();
        if let Some(body) = node.child_by_field_name("body") {
            for arm in named(body) {
                if arm.kind() != "match_arm" {
                    continue;
                }
                self.push_scope();
                let tests = match arm.child_by_field_name("pattern") {
                    Some(p) => {
                        let pat = named(p)
                            .into_iter()
                            .find(|c| Some(*c) != p.child_by_field_name("condition"));
                        let tests = match pat {
                            Some(pat) => self.case_tests(pat, discriminant),
                            None => vec![None],
                        };
                        // A guard is read for its calls; the case stays.
                        if let Some(c) = p.child_by_field_name("condition") {
                            self.condition(c);
                        }
                        tests
                    }
                    None => vec![None],
                };
                let body = match arm.child_by_field_name("value") {
                    Some(v) if v.kind() == "block" => self.block_stmts(v, tail),
                    Some(v) => vec![self.control_stmt(v, tail)],
                    None => Vec::new(),
                };
                self.pop_scope();
                let n = tests.len();
                for (i, test) in tests.into_iter().enumerate() {
                    let last = i + 1 == n;
                    cases.push(SwitchCase {
                        test,
                        body: if last { body.clone() } else { Vec::new() },
                        falls_through: !last,
                        span: span(arm),
                    });
                }
            }
        }
        StmtKind::Switch {
            discriminant,
            cases: cases.into(),
        }
    }

    /// The tests a match arm's pattern stands for (one per alternative of `A | B`); `None` is
    /// the default case. Names the pattern binds are declared in the current scope.
    fn case_tests(&mut self, pat: Node<'_>, subject: ExprId) -> Vec<Option<ExprId>> {
        match pat.kind() {
            "or_pattern" => {
                let mut out = Vec::new();
                for alt in named(pat) {
                    out.extend(self.case_tests(alt, subject));
                }
                out
            }
            "_" => vec![None],
            "identifier" => {
                let name = self.text(pat);
                if self.is_binding_name(name) {
                    self.declare(
                        name,
                        BindingKind::Var { kind: VarKind::Let },
                        BindingOrigin {
                            init: Some(subject),
                            path: Box::default(),
                            default: None,
                        },
                        span(pat),
                    );
                    vec![None]
                } else {
                    vec![Some(self.expr(pat))]
                }
            }
            "captured_pattern" => {
                // `x @ P`: the name binds the value, `P` is the test.
                let parts = named(pat);
                if let Some(n) = parts.first() {
                    self.declare(
                        self.text(*n),
                        BindingKind::Var { kind: VarKind::Let },
                        BindingOrigin {
                            init: Some(subject),
                            path: Box::default(),
                            default: None,
                        },
                        span(*n),
                    );
                }
                match parts.get(1) {
                    Some(p) => self.case_tests(*p, subject),
                    None => vec![None],
                }
            }
            _ => vec![Some(self.pattern_test(pat, subject))],
        }
    }

    /// A name in a pattern binds a value unless it names a variant or a constant (written
    /// with a capital, as `None` or `MAX` are).
    pub(super) fn is_binding_name(&self, name: &str) -> bool {
        !name.starts_with(|c: char| c.is_uppercase())
    }

    /// A pattern as the expression a case tests: literals and paths as themselves, `Ok(v)` as
    /// a call of `Ok` whose arguments are the names it binds (declared with the subject as
    /// their value), a struct pattern as its type's path.
    fn pattern_test(&mut self, pat: Node<'_>, subject: ExprId) -> ExprId {
        match pat.kind() {
            "tuple_struct_pattern" => {
                let callee = match pat.child_by_field_name("type") {
                    Some(t) => self.path_expr(t),
                    None => self.m.push_expr(ExprKind::Other, span(pat)),
                };
                let mut args = Vec::new();
                for sub in named(pat) {
                    if Some(sub) == pat.child_by_field_name("type") {
                        continue;
                    }
                    let value = match sub.kind() {
                        "identifier" if self.is_binding_name(self.text(sub)) => {
                            let b = self.declare(
                                self.text(sub),
                                BindingKind::Var { kind: VarKind::Let },
                                BindingOrigin {
                                    init: Some(subject),
                                    path: Box::default(),
                                    default: None,
                                },
                                span(sub),
                            );
                            self.m.push_expr(
                                ExprKind::Ident {
                                    name: self.text(sub).into(),
                                    binding: b,
                                },
                                span(sub),
                            )
                        }
                        _ => {
                            self.binding_pattern(
                                sub,
                                &BindingKind::Var { kind: VarKind::Let },
                                BindingOrigin::none(),
                            );
                            self.m.push_expr(ExprKind::Other, span(sub))
                        }
                    };
                    args.push(Arg {
                        name: None,
                        value,
                        spread: false,
                        keyword_spread: false,
                    });
                }
                self.m.push_expr(
                    ExprKind::Call {
                        callee,
                        args: args.into(),
                        optional: false,
                        is_new: false,
                    },
                    span(pat),
                )
            }
            "struct_pattern" => {
                self.binding_pattern(
                    pat,
                    &BindingKind::Var { kind: VarKind::Let },
                    BindingOrigin::none(),
                );
                match pat.child_by_field_name("type") {
                    Some(t) => self.path_expr(t),
                    None => self.m.push_expr(ExprKind::Other, span(pat)),
                }
            }
            "scoped_identifier" | "identifier" => self.path_expr(pat),
            "string_literal" | "raw_string_literal" | "char_literal" | "integer_literal"
            | "float_literal" | "boolean_literal" | "negative_literal" => self.expr(pat),
            _ => {
                self.binding_pattern(
                    pat,
                    &BindingKind::Var { kind: VarKind::Let },
                    BindingOrigin::none(),
                );
                self.m.push_expr(ExprKind::Other, span(pat))
            }
        }
    }

    // -----------------------------------------------------------------------------------------
    // Loops
    // -----------------------------------------------------------------------------------------

    fn loop_body(&mut self, node: Node<'_>) -> StmtId {
        match node.child_by_field_name("body") {
            Some(b) => {
                let body = self.block_stmts(b, false);
                self.m
                    .push_stmt(StmtKind::Block { body: body.into() }, span(b))
            }
            None => self.m.push_stmt(
                StmtKind::Block {
                    body: Box::default(),
                },
                span(node),
            ),
        }
    }

    fn for_stmt(&mut self, node: Node<'_>) -> StmtKind {
        let iterable = node.child_by_field_name("value").map(|v| self.expr(v));
        self.push_scope();
        let left = node
            .child_by_field_name("pattern")
            .map(|p| self.binding_pattern(p, &BindingKind::LoopVar, BindingOrigin::none()));
        let body = self.loop_body(node);
        self.pop_scope();
        StmtKind::Loop(Box::new(crate::model::LoopStmt {
            kind: LoopKind::ForOf,
            init: None,
            left,
            iterable,
            test: None,
            update: None,
            body,
            orelse: None,
        }))
    }

    fn while_stmt(&mut self, node: Node<'_>) -> StmtKind {
        self.push_scope();
        let test = node
            .child_by_field_name("condition")
            .map(|c| self.condition(c));
        let body = self.loop_body(node);
        self.pop_scope();
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

    // -----------------------------------------------------------------------------------------
    // Binding patterns
    // -----------------------------------------------------------------------------------------

    /// Declares the names a pattern binds (`x`, `mut x`, `(a, b)`, `Some(x)`, `Json(body)`,
    /// `Point { x, y: py }`), each with the path from the whole value down to it. A tuple
    /// struct pattern with one field (`Some(x)`, `Ok(v)`, an extractor `Json(body)`) binds
    /// its field as the value itself.
    pub(super) fn binding_pattern(
        &mut self,
        node: Node<'_>,
        kind: &BindingKind,
        origin: BindingOrigin,
    ) -> PatternId {
        match node.kind() {
            "identifier" => {
                let name = self.text(node).to_string();
                let binding = if self.is_binding_name(&name) {
                    self.declare(&name, kind.clone(), origin, span(node))
                } else {
                    None
                };
                self.m.push_pattern(
                    PatternKind::Ident {
                        name: name.into(),
                        binding,
                    },
                    span(node),
                )
            }
            "mut_pattern" | "ref_pattern" | "reference_pattern" => {
                match named(node)
                    .into_iter()
                    .find(|c| c.kind() != "mutable_specifier")
                {
                    Some(inner) => self.binding_pattern(inner, kind, origin),
                    None => self.wildcard(node),
                }
            }
            "captured_pattern" => match named(node).first() {
                Some(n) => self.binding_pattern(*n, kind, origin),
                None => self.wildcard(node),
            },
            "tuple_pattern" | "slice_pattern" => {
                let mut elements = Vec::new();
                for (i, sub) in named(node).into_iter().enumerate() {
                    let mut o = origin.clone();
                    o.push_step(PatternStep::Index(u32::try_from(i).unwrap_or(u32::MAX)));
                    elements.push(Some(self.binding_pattern(sub, kind, o)));
                }
                self.m.push_pattern(
                    PatternKind::Array {
                        elements: elements.into(),
                        rest: None,
                    },
                    span(node),
                )
            }
            "tuple_struct_pattern" => {
                let ty = node.child_by_field_name("type");
                let subs: Vec<Node<'_>> =
                    named(node).into_iter().filter(|c| Some(*c) != ty).collect();
                match subs.as_slice() {
                    [one] => self.binding_pattern(*one, kind, origin),
                    _ => {
                        let mut elements = Vec::new();
                        for (i, sub) in subs.into_iter().enumerate() {
                            let mut o = origin.clone();
                            o.push_step(PatternStep::Index(u32::try_from(i).unwrap_or(u32::MAX)));
                            elements.push(Some(self.binding_pattern(sub, kind, o)));
                        }
                        self.m.push_pattern(
                            PatternKind::Array {
                                elements: elements.into(),
                                rest: None,
                            },
                            span(node),
                        )
                    }
                }
            }
            "struct_pattern" => {
                let mut props = Vec::new();
                for f in named(node) {
                    if f.kind() != "field_pattern" {
                        continue;
                    }
                    let Some(name_node) = f.child_by_field_name("name") else {
                        continue;
                    };
                    let key = self.text(name_node).to_string();
                    let mut o = origin.clone();
                    o.push_step(PatternStep::Key(key.clone()));
                    let (value, shorthand) = match f.child_by_field_name("pattern") {
                        Some(p) => (self.binding_pattern(p, kind, o), false),
                        None => {
                            let b = self.declare(&key, kind.clone(), o, span(name_node));
                            (
                                self.m.push_pattern(
                                    PatternKind::Ident {
                                        name: key.as_str().into(),
                                        binding: b,
                                    },
                                    span(name_node),
                                ),
                                true,
                            )
                        }
                    };
                    props.push(PatternProp {
                        key: PropKey::Ident(key.into()),
                        value,
                        shorthand,
                    });
                }
                self.m.push_pattern(
                    PatternKind::Object {
                        props: props.into(),
                        rest: None,
                    },
                    span(node),
                )
            }
            _ => self.wildcard(node),
        }
    }

    fn wildcard(&mut self, node: Node<'_>) -> PatternId {
        self.m.push_pattern(
            PatternKind::Ident {
                name: "_".into(),
                binding: None,
            },
            span(node),
        )
    }
}
