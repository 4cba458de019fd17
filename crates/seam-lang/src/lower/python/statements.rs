//! Statements.
use super::Lowerer;
use super::cst::{self, field, fields, named, span};
use super::patterns::Bind;
use crate::model::*;
use tree_sitter::Node;

impl<'s> Lowerer<'s> {
    /// The statements of a `block` or `module` node.
    /// A block counts as a nesting level of its own: statement frames are the largest, so a
    /// nested statement costs two levels of [`super::MAX_DEPTH`].
    pub(super) fn block(&mut self, node: Node<'_>) -> Vec<StmtId> {
        let mut out = Vec::new();
        if !self.descend(node) {
            out.push(self.m.push_stmt(StmtKind::Other, span(node)));
            return out;
        }
        for s in named(node) {
            self.stmt(s, &mut out);
        }
        self.ascend();
        out
    }

    /// A block as one `Block` statement (bodies of `if`, loops, `with`).
    fn block_stmt(&mut self, node: Option<Node<'_>>, owner: Node<'_>) -> StmtId {
        match node {
            Some(b) => {
                let body = self.block(b);
                self.m.push_stmt(StmtKind::Block { body }, span(b))
            }
            None => self
                .m
                .push_stmt(StmtKind::Block { body: Vec::new() }, span(owner)),
        }
    }

    fn block_of(&mut self, node: Option<Node<'_>>) -> Vec<StmtId> {
        node.map(|b| self.block(b)).unwrap_or_default()
    }

    /// Lowers one statement node into `out` (an import of several modules gives several).
    pub(super) fn stmt(&mut self, node: Node<'_>, out: &mut Vec<StmtId>) {
        if !self.descend(node) {
            out.push(self.m.push_stmt(StmtKind::Other, span(node)));
            return;
        }
        self.stmt_kind(node, out);
        self.ascend();
    }

    fn push(&mut self, out: &mut Vec<StmtId>, kind: StmtKind, node: Node<'_>) {
        out.push(self.m.push_stmt(kind, span(node)));
    }

    /// One call per statement kind: this function is on the stack once per nesting level,
    /// so it keeps no locals of its own.
    fn stmt_kind(&mut self, node: Node<'_>, out: &mut Vec<StmtId>) {
        match cst::kind_of(node) {
            "expression_statement" => self.expression_statement(node, out),
            "import_statement" => self.import_statement(node, out),
            "import_from_statement" | "future_import_statement" => {
                self.import_from_statement(node, out)
            }
            "function_definition" | "class_definition" | "decorated_definition" => {
                self.definition(node, out)
            }
            "if_statement" => self.if_statement(node, out),
            "for_statement" => self.for_statement(node, out),
            "while_statement" => self.while_statement(node, out),
            "try_statement" => self.try_statement(node, out),
            "with_statement" => self.with_statement(node, out),
            "match_statement" => self.match_statement(node, out),
            "return_statement" => self.return_statement(node, out),
            "raise_statement" => self.raise_statement(node, out),
            "break_statement" => self.push(out, StmtKind::Break { label: None }, node),
            "continue_statement" => self.push(out, StmtKind::Continue { label: None }, node),
            "assert_statement" => self.assert_statement(node, out),
            "global_statement" | "nonlocal_statement" => self.global_statement(node, out),
            "delete_statement" => self.delete_statement(node, out),
            "type_alias_statement" => self.type_alias(node, out),
            // `pass`, Python 2 `print`/`exec`, ERROR nodes, and anything new.
            _ => self.push(out, StmtKind::Other, node),
        }
    }

    fn definition(&mut self, node: Node<'_>, out: &mut Vec<StmtId>) {
        let (def, decorators) = if cst::kind_of(node) == "decorated_definition" {
            (field(node, self.f.definition), self.decorators(node))
        } else {
            (Some(node), Vec::new())
        };
        let kind = match def {
            Some(d) if cst::kind_of(d) == "class_definition" => StmtKind::ClassDecl {
                class: self.class_def(d, decorators),
            },
            Some(d) => StmtKind::FunctionDecl {
                function: self.function_def(d, decorators),
            },
            None => StmtKind::Other,
        };
        self.push(out, kind, node);
    }

    fn while_statement(&mut self, node: Node<'_>, out: &mut Vec<StmtId>) {
        let test = match field(node, self.f.condition) {
            Some(c) => self.expr(c),
            None => self.other(node),
        };
        let body = self.block_stmt(field(node, self.f.body), node);
        let orelse = self.else_body(node);
        self.push(
            out,
            StmtKind::Loop {
                kind: LoopKind::While,
                init: None,
                left: None,
                iterable: None,
                test: Some(test),
                update: None,
                body,
                orelse,
            },
            node,
        );
    }

    fn return_statement(&mut self, node: Node<'_>, out: &mut Vec<StmtId>) {
        let value = named(node).first().map(|v| self.expr(*v));
        self.push(out, StmtKind::Return { value }, node);
    }

    fn raise_statement(&mut self, node: Node<'_>, out: &mut Vec<StmtId>) {
        let cause_node = field(node, self.f.cause);
        let value_node = named(node)
            .into_iter()
            .find(|c| Some(c.id()) != cause_node.map(|n| n.id()));
        let value = value_node.map(|v| self.expr(v));
        let cause = cause_node.map(|c| self.expr(c));
        self.push(out, StmtKind::Throw { value, cause }, node);
    }

    fn assert_statement(&mut self, node: Node<'_>, out: &mut Vec<StmtId>) {
        let parts = named(node);
        let kind = match parts.as_slice() {
            [test, rest @ ..] => {
                let test = self.expr(*test);
                let message = rest.first().map(|m| self.expr(*m));
                StmtKind::Assert { test, message }
            }
            [] => StmtKind::Other,
        };
        self.push(out, kind, node);
    }

    fn global_statement(&mut self, node: Node<'_>, out: &mut Vec<StmtId>) {
        for id in cst::named_of_kind(node, "identifier") {
            let name = self.text(id);
            if cst::kind_of(node) == "global_statement" {
                self.scopes.global(self.scope, name);
            } else {
                self.scopes.nonlocal(self.scope, name);
            }
        }
        self.push(out, StmtKind::Other, node);
    }

    /// `del x` makes `x` local; `del d[k]` reads `d` and `k`.
    fn delete_statement(&mut self, node: Node<'_>, out: &mut Vec<StmtId>) {
        let mut targets = named(node);
        if let [list] = targets.as_slice()
            && cst::kind_of(*list) == "expression_list"
        {
            targets = named(*list);
        }
        for t in targets {
            if cst::kind_of(t) == "identifier" {
                self.declare_only(t);
            } else {
                self.expr(t);
            }
        }
        self.push(out, StmtKind::Other, node);
    }

    fn expression_statement(&mut self, node: Node<'_>, out: &mut Vec<StmtId>) {
        let parts = named(node);
        let expr = match parts.as_slice() {
            [one] if matches!(cst::kind_of(*one), "assignment" | "augmented_assignment") => {
                match self.assignment(*one) {
                    Some(e) => e,
                    None => return self.push(out, StmtKind::Other, node),
                }
            }
            [one] => self.expr(*one),
            [] => return self.push(out, StmtKind::Other, node),
            // `a, b` as a statement is a tuple.
            many => {
                let elements = many
                    .iter()
                    .map(|e| ArrayElement::Expr(self.expr(*e)))
                    .collect();
                self.m.push_expr(
                    ExprKind::Array {
                        elements,
                        kind: ArrayKind::Tuple,
                    },
                    span(node),
                )
            }
        };
        self.push(out, StmtKind::Expr { expr }, node);
    }

    /// `x = v`, `a, b = t`, `x: T = v`, `a = b = c`, `x += 1`. A chain nests,
    /// `Assign(a, Assign(b, c))`, with targets declared left to right and `c` as every
    /// target's `origin.init`. A bare `x: T` binds no value and returns `None` (the caller
    /// makes it `Other`).
    pub(super) fn assignment(&mut self, node: Node<'_>) -> Option<ExprId> {
        let mut chain = vec![node];
        let mut value_node = field(node, self.f.right);
        while let Some(r) = value_node {
            if !matches!(cst::kind_of(r), "assignment" | "augmented_assignment") {
                break;
            }
            chain.push(r);
            value_node = field(r, self.f.right);
        }
        let Some(value_node) = value_node else {
            if let [only] = chain.as_slice() {
                self.bare_annotation(*only);
                return None;
            }
            return Some(self.other(node));
        };
        let innermost = self.expr(value_node);
        let mut targets = Vec::with_capacity(chain.len());
        for link in &chain {
            targets.push(self.assignment_target(*link, innermost, value_node));
        }
        let mut value = innermost;
        for (link, target) in chain.iter().zip(targets).rev() {
            let op = if cst::kind_of(*link) == "augmented_assignment" {
                AssignOp::Compound
            } else {
                AssignOp::Assign
            };
            value = self
                .m
                .push_expr(ExprKind::Assign { op, target, value }, span(*link));
        }
        Some(value)
    }

    /// `x: T` with no value: declares `x`, and in a class body is an attribute.
    fn bare_annotation(&mut self, node: Node<'_>) {
        let Some(left) = field(node, self.f.left) else {
            return;
        };
        let annotation = field(node, self.f.type_).map(|t| self.annotation(t));
        if cst::kind_of(left) == "identifier" {
            self.declare_only(left);
            self.class_attribute(left, None, annotation, node);
        } else {
            self.expr(left);
        }
    }

    /// The target of one link of an assignment: declares its names, names a lambda value,
    /// records class attributes and `__all__`.
    fn assignment_target(
        &mut self,
        link: Node<'_>,
        value: ExprId,
        value_node: Node<'_>,
    ) -> PatternId {
        let augmented = cst::kind_of(link) == "augmented_assignment";
        let Some(left) = field(link, self.f.left) else {
            let expr = self.other(link);
            return self.m.push_pattern(PatternKind::Expr { expr }, span(link));
        };
        let bind = Bind {
            kind: BindingKind::Assigned,
            // `x += 1` does not give `x` a new origin.
            init: if augmented { None } else { Some(value) },
            scope: self.scope,
        };
        let target = self.target(left, &bind, &mut Vec::new());
        if cst::kind_of(left) == "identifier" {
            let name = self.text(left);
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
            let annotation = field(link, self.f.type_).map(|t| self.annotation(t));
            self.class_attributes(left, Some(value), annotation, link);
        }
        target
    }

    /// Class attributes for every name a class-body assignment binds.
    fn class_attributes(
        &mut self,
        left: Node<'_>,
        value: Option<ExprId>,
        annotation: Option<TypeAnnotation>,
        node: Node<'_>,
    ) {
        if self.class_body().is_none() {
            return;
        }
        if cst::kind_of(left) == "identifier" {
            self.class_attribute(left, value, annotation, node);
            return;
        }
        // `a, b = 1, 2` in a class body: each name, without a value of its own.
        let mut stack = vec![left];
        while let Some(n) = stack.pop() {
            match cst::kind_of(n) {
                "identifier" => self.class_attribute(n, None, None, node),
                "pattern_list"
                | "tuple_pattern"
                | "list_pattern"
                | "tuple"
                | "list"
                | "expression_list"
                | "list_splat_pattern"
                | "parenthesized_expression" => {
                    stack.extend(named(n).into_iter().rev());
                }
                _ => {}
            }
        }
    }

    fn class_attribute(
        &mut self,
        name: Node<'_>,
        value: Option<ExprId>,
        annotation: Option<TypeAnnotation>,
        node: Node<'_>,
    ) {
        let Some(class) = self.class_body() else {
            return;
        };
        let function = value.and_then(|v| match self.m.expr(v).kind {
            ExprKind::Function { function } => Some(function),
            _ => None,
        });
        // Unannotated class attributes and `ClassVar[...]` belong to the class; annotated
        // ones declare instance fields (dataclasses, pydantic models, …).
        let is_static = annotation.as_ref().is_none_or(|a| {
            let t = a.text.as_str();
            t.starts_with("ClassVar") || t.starts_with("typing.ClassVar")
        });
        self.push_member(
            class,
            ClassMember {
                name: MemberName::Ident(self.text(name).to_string()),
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
                span: span(node),
            },
        );
    }

    /// `if`/`elif`/`else`: each `elif` is an `If` in the previous one's `alternate`. Built
    /// from the last clause backwards, so a long `elif` chain costs no recursion.
    fn if_statement(&mut self, node: Node<'_>, out: &mut Vec<StmtId>) {
        let test = match field(node, self.f.condition) {
            Some(c) => self.expr(c),
            None => self.other(node),
        };
        let consequent = self.block_stmt(field(node, self.f.consequence), node);
        let mut clauses = Vec::new();
        for alt in fields(node, self.f.alternative) {
            if cst::kind_of(alt) == "elif_clause" {
                let t = match field(alt, self.f.condition) {
                    Some(c) => self.expr(c),
                    None => self.other(alt),
                };
                let body = self.block_stmt(field(alt, self.f.consequence), alt);
                clauses.push((Some(t), body, alt));
            } else {
                let body = self.block_stmt(field(alt, self.f.body), alt);
                clauses.push((None, body, alt));
            }
        }
        let end = span(node).end;
        let mut alternate = None;
        for (t, body, alt) in clauses.into_iter().rev() {
            alternate = Some(match t {
                Some(t) => self.m.push_stmt(
                    StmtKind::If {
                        test: t,
                        consequent: body,
                        alternate,
                    },
                    Span::new(span(alt).start, end),
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
            node,
        );
    }

    fn else_body(&mut self, node: Node<'_>) -> Option<Vec<StmtId>> {
        let else_clause = field(node, self.f.alternative)?;
        Some(self.block_of(field(else_clause, self.f.body)))
    }

    fn for_statement(&mut self, node: Node<'_>, out: &mut Vec<StmtId>) {
        let iterable = match field(node, self.f.right) {
            Some(r) => self.expr(r),
            None => self.other(node),
        };
        let bind = Bind {
            kind: BindingKind::LoopVar,
            init: None,
            scope: self.scope,
        };
        let left = field(node, self.f.left).map(|l| self.target(l, &bind, &mut Vec::new()));
        let body = self.block_stmt(field(node, self.f.body), node);
        let orelse = self.else_body(node);
        self.push(
            out,
            StmtKind::Loop {
                kind: LoopKind::ForEach,
                init: None,
                left,
                iterable: Some(iterable),
                test: None,
                update: None,
                body,
                orelse,
            },
            node,
        );
    }

    fn try_statement(&mut self, node: Node<'_>, out: &mut Vec<StmtId>) {
        let block = self.block_of(field(node, self.f.body));
        let mut handlers = Vec::new();
        let mut orelse = None;
        let mut finalizer = None;
        for c in named(node) {
            match cst::kind_of(c) {
                "except_clause" | "except_group_clause" => handlers.push(self.except_clause(c)),
                "else_clause" => orelse = Some(self.block_of(field(c, self.f.body))),
                "finally_clause" => finalizer = Some(self.block_of(cst::first_of_kind(c, "block"))),
                _ => {}
            }
        }
        self.push(
            out,
            StmtKind::Try {
                block,
                handlers,
                orelse,
                finalizer,
            },
            node,
        );
    }

    /// `except`, `except E`, `except (A, B) as e`, `except* E as e`.
    fn except_clause(&mut self, node: Node<'_>) -> CatchClause {
        let values = fields(node, self.f.value);
        let mut types = Vec::new();
        let mut alias = field(node, self.f.alias);
        for v in values {
            if cst::kind_of(v) == "as_pattern" {
                if let Some(t) = named(v).first() {
                    types.extend(self.except_types(*t));
                }
                alias = field(v, self.f.alias).or(alias);
            } else {
                types.extend(self.except_types(v));
            }
        }
        let param = alias.map(|a| {
            let bind = Bind {
                kind: BindingKind::CatchParam,
                init: None,
                scope: self.scope,
            };
            self.target(a, &bind, &mut Vec::new())
        });
        let body = self.block_of(cst::first_of_kind(node, "block"));
        CatchClause {
            param,
            types,
            body,
            span: span(node),
        }
    }

    fn with_statement(&mut self, node: Node<'_>, out: &mut Vec<StmtId>) {
        let mut items = Vec::new();
        let item_nodes = cst::first_of_kind(node, "with_clause")
            .map(|c| cst::named_of_kind(c, "with_item"))
            .unwrap_or_default();
        for item in item_nodes {
            let Some(v) = field(item, self.f.value) else {
                continue;
            };
            let (value_node, alias) = if cst::kind_of(v) == "as_pattern" {
                (named(v).first().copied(), field(v, self.f.alias))
            } else {
                (Some(v), None)
            };
            let value = match value_node {
                Some(n) => self.expr(n),
                None => self.other(item),
            };
            let target = alias.map(|a| {
                let bind = Bind {
                    kind: BindingKind::WithTarget,
                    init: Some(value),
                    scope: self.scope,
                };
                self.target(a, &bind, &mut Vec::new())
            });
            items.push(WithItem { value, target });
        }
        let body = self.block_stmt(field(node, self.f.body), node);
        let is_async = cst::has_token(node, "async");
        self.push(
            out,
            StmtKind::With {
                items,
                body,
                is_async,
            },
            node,
        );
    }

    fn match_statement(&mut self, node: Node<'_>, out: &mut Vec<StmtId>) {
        let subjects = fields(node, self.f.subject);
        let subject = match subjects.as_slice() {
            [one] => self.expr(*one),
            [] => self.other(node),
            many => {
                let elements = many
                    .iter()
                    .map(|s| ArrayElement::Expr(self.expr(*s)))
                    .collect();
                let sp = Span::new(span(many[0]).start, span(many[many.len() - 1]).end);
                self.m.push_expr(
                    ExprKind::Array {
                        elements,
                        kind: ArrayKind::Tuple,
                    },
                    sp,
                )
            }
        };
        let mut cases = Vec::new();
        let case_nodes = field(node, self.f.body)
            .map(|b| cst::named_of_kind(b, "case_clause"))
            .unwrap_or_default();
        for case in case_nodes {
            let patterns = cst::named_of_kind(case, "case_pattern");
            let pattern = match patterns.as_slice() {
                [one] => self.case_pattern_expr(*one),
                _ => None,
            };
            for p in &patterns {
                self.case_captures(*p);
            }
            let pattern_span = match (patterns.first(), patterns.last()) {
                (Some(a), Some(b)) => Span::new(span(*a).start, span(*b).end),
                _ => span(case),
            };
            let guard = field(case, self.f.guard).map(|g| self.first_named_expr(g));
            let body = self.block_of(field(case, self.f.consequence));
            cases.push(MatchCase {
                pattern,
                pattern_span,
                guard,
                body,
                span: span(case),
            });
        }
        self.push(out, StmtKind::Match { subject, cases }, node);
    }

    /// `type Name = T` (PEP 695).
    fn type_alias(&mut self, node: Node<'_>, out: &mut Vec<StmtId>) {
        let (Some(left), Some(right)) = (field(node, self.f.left), field(node, self.f.right))
        else {
            return self.push(out, StmtKind::Other, node);
        };
        let name = collapse_whitespace(self.text(left));
        let shape = self.annotation(right).shape;
        let decl = self.m.push_type_decl(TypeDecl {
            name: name.clone(),
            kind: TypeDeclKind::TypeAlias,
            members: Vec::new(),
            member_values: Vec::new(),
            type_params: Vec::new(),
            shape,
            span: span(node),
            name_span: span(left),
        });
        self.scopes.declare(super::scopes::Decl {
            scope: self.scope,
            name,
            kind: BindingKind::TypeDecl { decl },
            span: span(left),
            origin: BindingOrigin::none(),
            assigns: true,
            site: super::scopes::DeclSite::None,
        });
        self.push(out, StmtKind::TypeDecl { decl }, node);
    }
}
