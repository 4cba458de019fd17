//! Expressions.
use super::Lowerer;
use super::cst::{self, field, fields, kids, named, span};
use super::patterns::Bind;
use super::scopes::{Decl, DeclSite, ScopeKind};
use crate::model::*;
use tree_sitter::Node;

impl<'s> Lowerer<'s> {
    /// Lowers an expression node (one recursion level).
    pub(super) fn expr(&mut self, node: Node<'_>) -> ExprId {
        if !self.descend(node) {
            return self.other(node);
        }
        let id = self.expr_kind(node);
        self.ascend();
        id
    }

    pub(super) fn other(&mut self, node: Node<'_>) -> ExprId {
        self.m.push_expr(ExprKind::Other, span(node))
    }

    fn literal(&mut self, node: Node<'_>, value: LiteralValue) -> ExprId {
        self.m.push_expr(ExprKind::Literal { value }, span(node))
    }

    fn expr_kind(&mut self, node: Node<'_>) -> ExprId {
        match cst::kind_of(node) {
            "identifier" => self.ident(node),
            "attribute" => self.attribute(node),
            "subscript" => self.subscript(node),
            "call" => self.call(node),
            "string" | "concatenated_string" => self.string(node),
            "integer" | "float" => self.number(node),
            "true" => self.literal(node, LiteralValue::Bool { value: true }),
            "false" => self.literal(node, LiteralValue::Bool { value: false }),
            "none" => self.literal(node, LiteralValue::Null),
            "list" => self.sequence(node, ArrayKind::Array),
            "tuple" | "expression_list" | "pattern_list" => self.sequence(node, ArrayKind::Tuple),
            "set" => self.sequence(node, ArrayKind::Set),
            "dictionary" => self.dict(node),
            "unary_operator" => self.unary(node),
            "not_operator" => self.not(node),
            "binary_operator" => self.binary(node),
            "comparison_operator" => self.comparison(node),
            "boolean_operator" => self.boolean(node),
            "conditional_expression" => self.conditional(node),
            "lambda" => self.lambda(node),
            "await" => self.await_expr(node),
            "yield" => self.yield_expr(node),
            "list_comprehension"
            | "set_comprehension"
            | "generator_expression"
            | "dictionary_comprehension" => self.comprehension(node),
            "named_expression" => self.walrus(node),
            // Wrappers that do not change the value.
            "parenthesized_expression" | "type" | "as_pattern" => match named(node).first() {
                Some(inner) => self.expr(*inner),
                None => self.other(node),
            },
            // `…`, slices, a starred expression outside a list or call, ERROR nodes.
            _ => self.other(node),
        }
    }

    fn ident(&mut self, node: Node<'_>) -> ExprId {
        let name = self.text(node);
        let id = self.m.push_expr(
            ExprKind::Ident {
                name: name.to_string(),
                binding: None,
            },
            span(node),
        );
        self.scopes.read(self.scope, name, id);
        id
    }

    fn attribute(&mut self, node: Node<'_>) -> ExprId {
        let (Some(object), Some(attr)) =
            (field(node, self.f.object), field(node, self.f.attribute))
        else {
            return self.other(node);
        };
        let object = self.expr(object);
        let name = self.text(attr).to_string();
        self.m.push_expr(
            ExprKind::Member {
                object,
                property: MemberProp::Name(name),
                optional: false,
            },
            span(node),
        )
    }

    fn subscript(&mut self, node: Node<'_>) -> ExprId {
        let Some(value) = field(node, self.f.value) else {
            return self.other(node);
        };
        let object = self.expr(value);
        let indexes = fields(node, self.f.subscript);
        let index = match indexes.as_slice() {
            [] => self.other(node),
            [one] => self.expr(*one),
            [first, .., last] => {
                // `a[1, 2]` indexes with a tuple.
                let elements = indexes
                    .iter()
                    .map(|i| ArrayElement::Expr(self.expr(*i)))
                    .collect();
                self.m.push_expr(
                    ExprKind::Array {
                        elements,
                        kind: ArrayKind::Tuple,
                    },
                    Span::new(span(*first).start, span(*last).end),
                )
            }
        };
        self.m.push_expr(
            ExprKind::Member {
                object,
                property: MemberProp::Computed(index),
                optional: false,
            },
            span(node),
        )
    }

    fn call(&mut self, node: Node<'_>) -> ExprId {
        let Some(function) = field(node, self.f.function) else {
            return self.other(node);
        };
        let callee = self.expr(function);
        let args = match field(node, self.f.arguments) {
            Some(a) if cst::kind_of(a) == "argument_list" => self.args(a),
            // `f(x for x in y)`: the generator is the one argument.
            Some(g) => vec![Arg {
                name: None,
                value: self.expr(g),
                spread: false,
                keyword_spread: false,
            }],
            None => Vec::new(),
        };
        self.m.push_expr(
            ExprKind::Call {
                callee,
                args,
                optional: false,
                is_new: false,
            },
            span(node),
        )
    }

    /// The arguments of a call (or of a class's base list).
    pub(super) fn args(&mut self, list: Node<'_>) -> Vec<Arg> {
        let mut out = Vec::new();
        for a in named(list) {
            let arg = match cst::kind_of(a) {
                "keyword_argument" => {
                    let name = field(a, self.f.name).map(|n| self.text(n).to_string());
                    let value = match field(a, self.f.value) {
                        Some(v) => self.expr(v),
                        None => self.other(a),
                    };
                    Arg {
                        name,
                        value,
                        spread: false,
                        keyword_spread: false,
                    }
                }
                "list_splat" | "dictionary_splat" => Arg {
                    name: None,
                    value: self.first_named_expr(a),
                    spread: cst::kind_of(a) == "list_splat",
                    keyword_spread: cst::kind_of(a) == "dictionary_splat",
                },
                _ => Arg {
                    name: None,
                    value: self.expr(a),
                    spread: false,
                    keyword_spread: false,
                },
            };
            out.push(arg);
        }
        out
    }

    /// The first named child lowered, or `Other` for the node itself.
    pub(super) fn first_named_expr(&mut self, node: Node<'_>) -> ExprId {
        match named(node).first() {
            Some(inner) => self.expr(*inner),
            None => self.other(node),
        }
    }

    fn sequence(&mut self, node: Node<'_>, kind: ArrayKind) -> ExprId {
        let mut elements = Vec::new();
        for c in named(node) {
            let element = match cst::kind_of(c) {
                "list_splat" | "parenthesized_list_splat" => {
                    let mut inner = c;
                    // `(*a)` wraps the splat in parentheses.
                    while let Some(n) = named(inner).first().copied() {
                        if matches!(cst::kind_of(n), "list_splat" | "parenthesized_expression") {
                            inner = n;
                        } else {
                            break;
                        }
                    }
                    ArrayElement::Spread(self.first_named_expr(inner))
                }
                _ => ArrayElement::Expr(self.expr(c)),
            };
            elements.push(element);
        }
        self.m
            .push_expr(ExprKind::Array { elements, kind }, span(node))
    }

    fn dict(&mut self, node: Node<'_>) -> ExprId {
        let mut props = Vec::new();
        for c in named(node) {
            match cst::kind_of(c) {
                "pair" => {
                    let (Some(k), Some(v)) = (field(c, self.f.key), field(c, self.f.value)) else {
                        continue;
                    };
                    let key = match cst::kind_of(k) {
                        "integer" | "float" => PropKey::Number(self.text(k).to_string()),
                        _ => match self.static_string(k) {
                            Some(s) => PropKey::String(s),
                            None => PropKey::Computed(self.expr(k)),
                        },
                    };
                    let value = self.expr(v);
                    self.name_lambda(value, key.as_str(), NameSource::Property);
                    props.push(ObjectProp::KeyValue {
                        key,
                        value,
                        shorthand: false,
                    });
                }
                "dictionary_splat" => {
                    let value = self.first_named_expr(c);
                    props.push(ObjectProp::Spread { value });
                }
                _ => {}
            }
        }
        self.m.push_expr(ExprKind::Object { props }, span(node))
    }

    fn unary(&mut self, node: Node<'_>) -> ExprId {
        let op = match field(node, self.f.operator).map(cst::kind_of) {
            Some("-") => UnaryOp::Minus,
            Some("+") => UnaryOp::Plus,
            Some("~") => UnaryOp::BitNot,
            _ => return self.other(node),
        };
        let Some(arg) = field(node, self.f.argument) else {
            return self.other(node);
        };
        let arg = self.expr(arg);
        self.m.push_expr(ExprKind::Unary { op, arg }, span(node))
    }

    fn not(&mut self, node: Node<'_>) -> ExprId {
        let Some(arg) = field(node, self.f.argument) else {
            return self.other(node);
        };
        let arg = self.expr(arg);
        self.m.push_expr(
            ExprKind::Unary {
                op: UnaryOp::Not,
                arg,
            },
            span(node),
        )
    }

    fn binary(&mut self, node: Node<'_>) -> ExprId {
        let op = match field(node, self.f.operator).map(cst::kind_of) {
            Some("+") => BinaryOp::Add,
            Some("-") => BinaryOp::Sub,
            Some("*") => BinaryOp::Mul,
            Some("/") => BinaryOp::Div,
            Some("//") => BinaryOp::FloorDiv,
            Some("%") => BinaryOp::Rem,
            Some("**") => BinaryOp::Exp,
            Some("@") => BinaryOp::MatMul,
            Some("&") => BinaryOp::BitAnd,
            Some("|") => BinaryOp::BitOr,
            Some("^") => BinaryOp::BitXor,
            Some("<<") => BinaryOp::ShiftLeft,
            Some(">>") => BinaryOp::ShiftRight,
            _ => return self.other(node),
        };
        let (Some(l), Some(r)) = (field(node, self.f.left), field(node, self.f.right)) else {
            return self.other(node);
        };
        let left = self.expr(l);
        let right = self.expr(r);
        self.m
            .push_expr(ExprKind::Binary { op, left, right }, span(node))
    }

    /// `a < b`, and chains `a < b < c` as `(a < b) and (b < c)` sharing `b`.
    fn comparison(&mut self, node: Node<'_>) -> ExprId {
        let mut operands = Vec::new();
        let mut ops = Vec::new();
        for c in kids(node) {
            if cst::is_trivia(c) {
                continue;
            }
            if c.is_named() {
                operands.push(c);
            } else {
                ops.push(cst::kind_of(c));
            }
        }
        if operands.len() < 2 || ops.len() + 1 != operands.len() {
            return self.other(node);
        }
        let mut binops = Vec::with_capacity(ops.len());
        for op in &ops {
            let op = match *op {
                "<" => BinaryOp::Lt,
                "<=" => BinaryOp::LtEq,
                ">" => BinaryOp::Gt,
                ">=" => BinaryOp::GtEq,
                "==" => BinaryOp::Eq,
                "!=" | "<>" => BinaryOp::NotEq,
                "in" => BinaryOp::In,
                "not in" => BinaryOp::NotIn,
                "is" => BinaryOp::Is,
                "is not" => BinaryOp::IsNot,
                _ => return self.other(node),
            };
            binops.push(op);
        }
        let ids: Vec<ExprId> = operands.iter().map(|o| self.expr(*o)).collect();
        let start = span(node).start;
        let mut acc: Option<ExprId> = None;
        for (i, op) in binops.into_iter().enumerate() {
            let (left, right) = (ids[i], ids[i + 1]);
            let end = span(operands[i + 1]).end;
            let cmp = self.m.push_expr(
                ExprKind::Binary { op, left, right },
                Span::new(span(operands[i]).start, end),
            );
            acc = Some(match acc {
                None => cmp,
                Some(prev) => self.m.push_expr(
                    ExprKind::Logical {
                        op: LogicalOp::And,
                        left: prev,
                        right: cmp,
                    },
                    Span::new(start, end),
                ),
            });
        }
        acc.unwrap_or_else(|| self.other(node))
    }

    fn boolean(&mut self, node: Node<'_>) -> ExprId {
        let op = match field(node, self.f.operator).map(cst::kind_of) {
            Some("and") => LogicalOp::And,
            Some("or") => LogicalOp::Or,
            _ => return self.other(node),
        };
        let (Some(l), Some(r)) = (field(node, self.f.left), field(node, self.f.right)) else {
            return self.other(node);
        };
        let left = self.expr(l);
        let right = self.expr(r);
        self.m
            .push_expr(ExprKind::Logical { op, left, right }, span(node))
    }

    /// `a if c else b`.
    fn conditional(&mut self, node: Node<'_>) -> ExprId {
        let parts = named(node);
        let [consequent, test, alternate] = parts.as_slice() else {
            return self.other(node);
        };
        // Python evaluates the test first.
        let test = self.expr(*test);
        let consequent = self.expr(*consequent);
        let alternate = self.expr(*alternate);
        self.m.push_expr(
            ExprKind::Conditional {
                test,
                consequent,
                alternate,
            },
            span(node),
        )
    }

    fn await_expr(&mut self, node: Node<'_>) -> ExprId {
        let arg = self.first_named_expr(node);
        self.m.push_expr(ExprKind::Await { arg }, span(node))
    }

    fn yield_expr(&mut self, node: Node<'_>) -> ExprId {
        let arg = named(node).first().map(|a| self.expr(*a));
        let delegate = cst::has_token(node, "from");
        if let Some(f) = self.func
            && let Some(function) = self.m.functions.get_mut(f.index())
        {
            function.is_generator = true;
        }
        self.m
            .push_expr(ExprKind::Yield { arg, delegate }, span(node))
    }

    /// List, set, dict comprehensions and generator expressions. The first iterable is
    /// evaluated in the enclosing scope; targets, conditions, later iterables and the
    /// element in the comprehension's own scope.
    fn comprehension(&mut self, node: Node<'_>) -> ExprId {
        let clauses: Vec<Node<'_>> = named(node)
            .into_iter()
            .filter(|c| matches!(cst::kind_of(*c), "for_in_clause" | "if_clause"))
            .collect();
        let body = field(node, self.f.body);
        let comp_scope = self
            .scopes
            .push(ScopeKind::Comprehension, self.scope, self.func);
        let mut iterables = Vec::new();
        let mut conditions = Vec::new();
        for (i, clause) in clauses.iter().enumerate() {
            if cst::kind_of(*clause) == "if_clause" {
                let cond = self.within(comp_scope, self.func, self.class, |lw| {
                    lw.first_named_expr(*clause)
                });
                conditions.push(cond);
                continue;
            }
            let rights: Vec<Node<'_>> = fields(*clause, self.f.right)
                .into_iter()
                .filter(|r| r.is_named())
                .collect();
            let iter_scope = if i == 0 { self.scope } else { comp_scope };
            let iterable = self.within(iter_scope, self.func, self.class, |lw| {
                match rights.as_slice() {
                    [one] => lw.expr(*one),
                    [] => lw.other(*clause),
                    many => {
                        let elements = many
                            .iter()
                            .map(|r| ArrayElement::Expr(lw.expr(*r)))
                            .collect();
                        let sp = Span::new(span(many[0]).start, span(many[many.len() - 1]).end);
                        lw.m.push_expr(
                            ExprKind::Array {
                                elements,
                                kind: ArrayKind::Tuple,
                            },
                            sp,
                        )
                    }
                }
            });
            iterables.push(iterable);
            if let Some(left) = field(*clause, self.f.left) {
                let bind = Bind {
                    kind: BindingKind::LoopVar,
                    init: None,
                    scope: comp_scope,
                };
                self.within(comp_scope, self.func, self.class, |lw| {
                    lw.target(left, &bind, &mut Vec::new())
                });
            }
        }
        let (element, value) = self.within(comp_scope, self.func, self.class, |lw| match body {
            Some(pair) if cst::kind_of(pair) == "pair" => {
                let k = field(pair, lw.f.key).map(|k| lw.expr(k));
                let v = field(pair, lw.f.value).map(|v| lw.expr(v));
                (k.unwrap_or_else(|| lw.other(pair)), v)
            }
            Some(b) => (lw.expr(b), None),
            None => (lw.other(node), None),
        });
        self.m.push_expr(
            ExprKind::Comprehension {
                element,
                value,
                iterables,
                conditions,
            },
            span(node),
        )
    }

    /// `name := value`: an assignment that binds in the nearest non-comprehension scope.
    fn walrus(&mut self, node: Node<'_>) -> ExprId {
        let (Some(name), Some(value)) = (field(node, self.f.name), field(node, self.f.value))
        else {
            return self.other(node);
        };
        let value = self.expr(value);
        let text = self.text(name).to_string();
        let target = self.m.push_pattern(
            PatternKind::Ident {
                name: text.clone(),
                binding: None,
            },
            span(name),
        );
        let scope = self.scopes.non_comprehension(self.scope);
        self.scopes.declare(Decl {
            scope,
            name: text,
            kind: BindingKind::Assigned,
            span: span(name),
            origin: BindingOrigin {
                init: Some(value),
                path: Vec::new(),
                default: None,
            },
            assigns: true,
            site: DeclSite::Pattern(target),
        });
        self.m.push_expr(
            ExprKind::Assign {
                op: AssignOp::Assign,
                target,
                value,
            },
            span(node),
        )
    }

    /// Gives an anonymous lambda the name of what it is assigned to.
    pub(super) fn name_lambda(&mut self, value: ExprId, name: Option<&str>, source: NameSource) {
        let Some(name) = name else { return };
        if let ExprKind::Function { function } = self.m.expr(value).kind
            && let Some(f) = self.m.functions.get_mut(function.index())
            && f.name.is_none()
        {
            f.name = Some(name.to_string());
            f.name_source = source;
        }
    }
}
