//! Statements.
use super::Lowerer;
use super::cst::{self, field, named, span};
use crate::model::*;
use tree_sitter::Node;

impl<'s> Lowerer<'s> {
    /// The statements of a `block`, in a scope of their own. A block counts as a nesting level
    /// (see [`super::MAX_DEPTH`]).
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
            "block" => StmtKind::Block {
                body: self.block(node).into(),
            },
            "expression_statement" => match named(node).first() {
                Some(e) => StmtKind::Expr {
                    expr: self.expr(*e),
                },
                None => StmtKind::Other,
            },
            "local_declaration_statement" => {
                let using = cst::kids(node).iter().any(|k| cst::kind_of(*k) == "using");
                let is_const = named(node)
                    .into_iter()
                    .any(|m| cst::kind_of(m) == "modifier" && self.text(m) == "const");
                match cst::first_of_kind(node, "variable_declaration") {
                    Some(d) => self.variables(
                        d,
                        if using {
                            VarKind::Using
                        } else if is_const {
                            VarKind::Const
                        } else {
                            VarKind::Let
                        },
                    ),
                    None => StmtKind::Other,
                }
            }
            "local_function_statement" => {
                let function = self.local_function(node);
                StmtKind::FunctionDecl { function }
            }
            "if_statement" => {
                let test = self.opt_expr(field(node, self.f.condition), node);
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
                let test = self.opt_expr(field(node, self.f.condition), node);
                let body = self.one_stmt(field(node, self.f.body), node);
                StmtKind::Loop(Box::new(LoopStmt {
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
            "foreach_statement" => return self.for_each(node, out),
            "return_statement" => StmtKind::Return {
                value: named(node).first().map(|e| self.expr(*e)),
            },
            "yield_statement" => StmtKind::Expr {
                expr: match named(node).first() {
                    Some(e) => {
                        let arg = self.expr(*e);
                        self.m.push_expr(
                            ExprKind::Yield {
                                arg: Some(arg),
                                delegate: false,
                            },
                            span(node),
                        )
                    }
                    None => self.m.push_expr(ExprKind::Other, span(node)),
                },
            },
            "throw_statement" => StmtKind::Throw {
                value: named(node).first().map(|e| self.expr(*e)),
                cause: None,
            },
            "break_statement" => StmtKind::Break { label: None },
            "continue_statement" => StmtKind::Continue { label: None },
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
            "try_statement" => return self.try_statement(node, out),
            // `using (var x = …) { … }`, `lock (x) { … }`, `checked { … }`, `fixed (…) { … }`:
            // the declarations, then the body.
            "using_statement" | "lock_statement" | "checked_statement" | "unsafe_statement"
            | "fixed_statement" => {
                let mut body = Vec::new();
                self.scoped(|lw| {
                    for c in named(node) {
                        match cst::kind_of(c) {
                            "variable_declaration" => {
                                let kind = lw.variables(c, VarKind::Using);
                                body.push(lw.m.push_stmt(kind, span(c)));
                            }
                            "block" => body.extend(lw.block(c)),
                            k if k.ends_with("_statement") => lw.stmt(c, &mut body),
                            _ => {
                                let expr = lw.expr(c);
                                body.push(lw.m.push_stmt(StmtKind::Expr { expr }, span(c)));
                            }
                        }
                    }
                });
                StmtKind::Block { body: body.into() }
            }
            "switch_statement" => self.switch(node),
            "empty_statement" => return None,
            kind if super::decls::TYPE_DECLS.contains(&kind) => {
                out.push(self.type_declaration(node));
                return None;
            }
            _ => StmtKind::Other,
        })
    }

    /// `var a = x, b = y;` (a `variable_declaration`): one declarator each.
    pub(super) fn variables(&mut self, node: Node<'_>, kind: VarKind) -> StmtKind {
        let type_annotation = field(node, self.f.type_)
            .filter(|t| cst::kind_of(*t) != "implicit_type")
            .map(|t| self.annotation(t));
        let mut declarators = Vec::new();
        for d in named(node) {
            if cst::kind_of(d) == "variable_declarator" {
                declarators.push(self.declarator(d, kind, type_annotation.clone()));
            }
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
        let init = self.declarator_value(d).map(|v| self.expr(v));
        let pattern = match field(d, self.f.name) {
            Some(n) if cst::kind_of(n) == "identifier" => {
                let name = self.text(n).to_owned();
                self.bind_pattern(&name, BindingKind::Var { kind }, init, n)
            }
            _ => {
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

    /// Declares `name` and gives the identifier pattern that binds it.
    pub(super) fn bind_pattern(
        &mut self,
        name: &str,
        kind: BindingKind,
        init: Option<ExprId>,
        at: Node<'_>,
    ) -> PatternId {
        let binding = self.declare(
            name,
            kind,
            BindingOrigin {
                init,
                path: Box::default(),
                default: None,
            },
            span(at),
        );
        self.m.push_pattern(
            PatternKind::Ident {
                name: name.into(),
                binding: Some(binding),
            },
            span(at),
        )
    }

    /// `static int Local(int a) => a;`: a function declared where it stands.
    fn local_function(&mut self, node: Node<'_>) -> FuncId {
        let mods = self.modifiers(node);
        let name_node = field(node, self.f.name);
        let name = name_node.map(|n| self.text(n).to_owned());
        let return_type = field(node, self.f.type_).map(|t| self.annotation(t));
        let class = self.classes.last().map(|(c, _)| *c);
        let function = self.function_shell(
            name.clone(),
            FunctionKind::Declaration,
            &mods,
            return_type,
            class,
            node,
            name_node,
            false,
        );
        if let (Some(name), Some(n)) = (name, name_node) {
            self.declare(
                &name,
                BindingKind::Function { function },
                BindingOrigin::none(),
                span(n),
            );
        }
        let body = self.function_body(
            function,
            field(node, self.f.parameters),
            field(node, self.f.body),
        );
        if let Some(f) = self.m.functions.get_mut(function.index()) {
            f.body = body;
        }
        function
    }

    fn for_statement(&mut self, node: Node<'_>, out: &mut Vec<StmtId>) -> Option<StmtKind> {
        let stmt = self.scoped(|lw| {
            let init = field(node, lw.f.initializer).map(|i| {
                if cst::kind_of(i) == "variable_declaration" {
                    let kind = lw.variables(i, VarKind::Let);
                    lw.m.push_stmt(kind, span(i))
                } else {
                    let expr = lw.expr(i);
                    lw.m.push_stmt(StmtKind::Expr { expr }, span(i))
                }
            });
            let test = field(node, lw.f.condition).map(|c| lw.expr(c));
            let update = cst::fields(node, lw.f.update)
                .into_iter()
                .next()
                .map(|u| lw.expr(u));
            let body = lw.one_stmt(field(node, lw.f.body), node);
            StmtKind::Loop(Box::new(LoopStmt {
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
        let iterable = field(node, self.f.right).map(|v| self.expr(v));
        let stmt = self.scoped(|lw| {
            let left = field(node, lw.f.left).map(|n| {
                if cst::kind_of(n) == "identifier" {
                    let name = lw.text(n).to_owned();
                    lw.bind_pattern(&name, BindingKind::LoopVar, None, n)
                } else {
                    // `foreach (var (a, b) in xs)`: each name is a loop variable.
                    let mut stack = vec![n];
                    while let Some(x) = stack.pop() {
                        if cst::kind_of(x) == "identifier" {
                            let name = lw.text(x).to_owned();
                            lw.declare(&name, BindingKind::LoopVar, BindingOrigin::none(), span(x));
                        } else {
                            stack.extend(named(x));
                        }
                    }
                    let e = lw.m.push_expr(ExprKind::Other, span(n));
                    lw.m.push_pattern(PatternKind::Expr { expr: e }, span(n))
                }
            });
            let body = lw.one_stmt(field(node, lw.f.body), node);
            StmtKind::Loop(Box::new(LoopStmt {
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
        let block = field(node, self.f.body)
            .map(|b| self.block(b))
            .unwrap_or_default();
        let mut handlers = Vec::new();
        let mut finalizer = None;
        for c in named(node) {
            match cst::kind_of(c) {
                "catch_clause" => handlers.push(self.catch_clause(c)),
                "finally_clause" => {
                    finalizer = Some(
                        cst::first_of_kind(c, "block")
                            .map(|b| self.block(b))
                            .unwrap_or_default(),
                    );
                }
                _ => {}
            }
        }
        let stmt = StmtKind::Try(Box::new(TryStmt {
            block,
            handlers,
            orelse: None,
            finalizer,
        }));
        out.push(self.m.push_stmt(stmt, span(node)));
        None
    }

    /// `catch (NotFoundException e) when (…) { … }`: the type is a name, the parameter binds.
    fn catch_clause(&mut self, node: Node<'_>) -> CatchClause {
        self.scoped(|lw| {
            let mut types = Vec::new();
            let mut param = None;
            if let Some(p) = cst::first_of_kind(node, "catch_declaration") {
                if let Some(t) = field(p, lw.f.type_) {
                    types.push(lw.type_expr(t));
                }
                if let Some(n) = field(p, lw.f.name) {
                    let name = lw.text(n).to_owned();
                    param = Some(lw.bind_pattern(&name, BindingKind::CatchParam, None, n));
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

    /// `switch (x) { case A: case B: …; default: … }`, as a statement. A pattern label that is
    /// not a constant is a test of `Other`.
    fn switch(&mut self, node: Node<'_>) -> StmtKind {
        let discriminant = self.opt_expr(field(node, self.f.value), node);
        let mut cases = Vec::new();
        if let Some(body) = field(node, self.f.body) {
            self.scoped(|lw| {
                for section in named(body) {
                    if cst::kind_of(section) != "switch_section" {
                        continue;
                    }
                    let mut tests: Vec<Option<ExprId>> = Vec::new();
                    let mut stmts = Vec::new();
                    let mut kids = cst::kids(section).into_iter().peekable();
                    while let Some(c) = kids.next() {
                        match cst::kind_of(c) {
                            "default" => tests.push(None),
                            "case" => {
                                if let Some(label) = kids.peek().copied()
                                    && label.is_named()
                                {
                                    kids.next();
                                    tests.push(Some(lw.case_label(label)));
                                }
                            }
                            _ if c.is_named()
                                && !matches!(cst::kind_of(c), "when_clause" | "comment") =>
                            {
                                lw.stmt(c, &mut stmts);
                            }
                            _ => {}
                        }
                    }
                    // The grammar makes `case 1: case 2: …` two sections, the first empty:
                    // an empty section falls through to the next.
                    let count = tests.len();
                    let empty = stmts.is_empty();
                    for (i, test) in tests.into_iter().enumerate() {
                        let last = i + 1 == count;
                        cases.push(SwitchCase {
                            test,
                            body: if last { stmts.clone() } else { Vec::new() },
                            falls_through: !last || empty,
                            span: span(section),
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

    /// A `case` label: a constant pattern is its value.
    pub(super) fn case_label(&mut self, label: Node<'_>) -> ExprId {
        match cst::kind_of(label) {
            "constant_pattern" => match named(label).first() {
                Some(v) => self.expr(*v),
                None => self.m.push_expr(ExprKind::Other, span(label)),
            },
            "declaration_pattern" => {
                if let Some(n) = field(label, self.f.name) {
                    let name = self.text(n).to_owned();
                    self.declare(
                        &name,
                        BindingKind::Var {
                            kind: VarKind::Const,
                        },
                        BindingOrigin::none(),
                        span(n),
                    );
                }
                self.m.push_expr(ExprKind::Other, span(label))
            }
            _ => self.m.push_expr(ExprKind::Other, span(label)),
        }
    }
}
