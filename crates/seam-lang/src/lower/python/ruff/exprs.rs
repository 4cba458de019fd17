//! Expressions.
use super::scopes::{Decl, DeclSite, ScopeKind};
use super::targets::Bind;
use super::{Lw, sp};
use crate::model::*;
use ruff_python_ast::{self as ast, ArgOrKeyword, Expr};
use ruff_text_size::{Ranged, TextRange};

impl<'s> Lw<'s> {
    /// Lowers an expression (one recursion level, and one more per pair of parentheses
    /// written around it, as the concrete tree had a node for each).
    pub(super) fn expr(&mut self, e: &Expr) -> ExprId {
        let layers = self.paren_layers(e.range());
        let mut entered = 0;
        for layer in &layers {
            if !self.descend(*layer) {
                for _ in 0..entered {
                    self.ascend();
                }
                return self.m.push_expr(ExprKind::Other, *layer);
            }
            entered += 1;
        }
        let span = sp(e.range());
        let id = if self.descend(span) {
            let id = self.expr_kind(e, span);
            self.ascend();
            id
        } else {
            self.m.push_expr(ExprKind::Other, span)
        };
        for _ in 0..entered {
            self.ascend();
        }
        id
    }

    pub(super) fn other(&mut self, span: Span) -> ExprId {
        self.m.push_expr(ExprKind::Other, span)
    }

    fn literal(&mut self, span: Span, value: LiteralValue) -> ExprId {
        self.m.push_expr(ExprKind::Literal { value }, span)
    }

    fn expr_kind(&mut self, e: &Expr, span: Span) -> ExprId {
        match e {
            Expr::Name(n) if n.id.is_empty() => self.other(span),
            Expr::Name(n) => self.ident(n.id.as_str(), span),
            Expr::Attribute(a) => {
                let object = self.expr(&a.value);
                self.m.push_expr(
                    ExprKind::Member {
                        object,
                        property: MemberProp::Name(a.attr.id.as_str().into()),
                        optional: false,
                    },
                    span,
                )
            }
            Expr::Subscript(s) => self.subscript(s, span),
            Expr::Call(c) => self.call(c, span),
            Expr::StringLiteral(_)
            | Expr::BytesLiteral(_)
            | Expr::FString(_)
            | Expr::TString(_) => self.string(e, span),
            Expr::NumberLiteral(_) => self.number(span),
            Expr::BooleanLiteral(b) => self.literal(span, LiteralValue::Bool { value: b.value }),
            Expr::NoneLiteral(_) => self.literal(span, LiteralValue::Null),
            Expr::List(l) => self.sequence(&l.elts, ArrayKind::Array, span),
            Expr::Tuple(t) => self.sequence(&t.elts, ArrayKind::Tuple, span),
            Expr::Set(s) => self.sequence(&s.elts, ArrayKind::Set, span),
            Expr::Dict(d) => self.dict(d, span),
            Expr::UnaryOp(u) => {
                let op = match u.op {
                    ast::UnaryOp::USub => UnaryOp::Minus,
                    ast::UnaryOp::UAdd => UnaryOp::Plus,
                    ast::UnaryOp::Invert => UnaryOp::BitNot,
                    ast::UnaryOp::Not => UnaryOp::Not,
                };
                let arg = self.expr(&u.operand);
                self.m.push_expr(ExprKind::Unary { op, arg }, span)
            }
            Expr::BinOp(b) => {
                let op = match b.op {
                    ast::Operator::Add => BinaryOp::Add,
                    ast::Operator::Sub => BinaryOp::Sub,
                    ast::Operator::Mult => BinaryOp::Mul,
                    ast::Operator::Div => BinaryOp::Div,
                    ast::Operator::FloorDiv => BinaryOp::FloorDiv,
                    ast::Operator::Mod => BinaryOp::Rem,
                    ast::Operator::Pow => BinaryOp::Exp,
                    ast::Operator::MatMult => BinaryOp::MatMul,
                    ast::Operator::BitAnd => BinaryOp::BitAnd,
                    ast::Operator::BitOr => BinaryOp::BitOr,
                    ast::Operator::BitXor => BinaryOp::BitXor,
                    ast::Operator::LShift => BinaryOp::ShiftLeft,
                    ast::Operator::RShift => BinaryOp::ShiftRight,
                };
                let left = self.expr(&b.left);
                let right = self.expr(&b.right);
                self.m.push_expr(ExprKind::Binary { op, left, right }, span)
            }
            Expr::Compare(c) => self.comparison(c, span),
            Expr::BoolOp(b) => {
                let op = match b.op {
                    ast::BoolOp::And => LogicalOp::And,
                    ast::BoolOp::Or => LogicalOp::Or,
                };
                // Ruff's range ends inside the last operand's parentheses.
                let whole = TextRange::up_to(ruff_text_size::TextSize::from(self.src.len() as u32));
                let end = b
                    .values
                    .last()
                    .map_or(span.end, |v| self.outer(v, whole).end);
                let span = Span::new(span.start, span.end.max(end));
                self.bool_chain(op, &b.values, b.values.len(), span)
            }
            Expr::If(i) => {
                let test = self.expr(&i.test);
                let consequent = self.expr(&i.body);
                let alternate = self.expr(&i.orelse);
                self.m.push_expr(
                    ExprKind::Conditional {
                        test,
                        consequent,
                        alternate,
                    },
                    span,
                )
            }
            Expr::Lambda(l) => self.lambda(l, span),
            Expr::Await(a) => {
                let arg = self.expr(&a.value);
                self.m.push_expr(ExprKind::Await { arg }, span)
            }
            Expr::Yield(y) => {
                let arg = y.value.as_deref().map(|a| self.expr(a));
                self.yield_expr(arg, false, span)
            }
            Expr::YieldFrom(y) => {
                let arg = Some(self.expr(&y.value));
                self.yield_expr(arg, true, span)
            }
            Expr::ListComp(c) => self.comprehension(&c.elt, None, &c.generators, span),
            Expr::SetComp(c) => self.comprehension(&c.elt, None, &c.generators, span),
            Expr::Generator(c) => self.comprehension(&c.elt, None, &c.generators, span),
            Expr::DictComp(c) => match c.key.as_deref() {
                Some(k) => self.comprehension(k, Some(&c.value), &c.generators, span),
                None => self.other(span),
            },
            Expr::Named(n) => self.walrus(n, span),
            Expr::EllipsisLiteral(_)
            | Expr::Starred(_)
            | Expr::Slice(_)
            | Expr::IpyEscapeCommand(_) => self.other(span),
        }
    }

    fn ident(&mut self, name: &str, span: Span) -> ExprId {
        let id = self.m.push_expr(
            ExprKind::Ident {
                name: name.into(),
                binding: None,
            },
            span,
        );
        self.scopes.read(self.scope, name, id);
        id
    }

    /// `a and b and c`, lowered as the left-nested pairs `(a and b) and c`.
    fn bool_chain(&mut self, op: LogicalOp, values: &[Expr], n: usize, span: Span) -> ExprId {
        if n < 2 {
            return match values.first() {
                Some(v) if n == 1 => self.expr(v),
                _ => self.other(span),
            };
        }
        let left = if n == 2 {
            self.expr(&values[0])
        } else {
            let inner = Span::new(
                span.start,
                self.outer(
                    &values[n - 2],
                    TextRange::new(span.start.into(), span.end.into()),
                )
                .end,
            );
            if self.descend(inner) {
                let l = self.bool_chain(op, values, n - 1, inner);
                self.ascend();
                l
            } else {
                self.other(inner)
            }
        };
        let right = self.expr(&values[n - 1]);
        self.m
            .push_expr(ExprKind::Logical { op, left, right }, span)
    }

    fn subscript(&mut self, s: &ast::ExprSubscript, span: Span) -> ExprId {
        let object = self.expr(&s.value);
        let index = match &*s.slice {
            Expr::Tuple(t) if !t.parenthesized && t.elts.len() == 1 => self.expr(&t.elts[0]),
            Expr::Tuple(t) if !t.parenthesized && t.elts.len() > 1 => {
                let elements = t
                    .elts
                    .iter()
                    .map(|i| ArrayElement::Expr(self.expr(i)))
                    .collect();
                let first = self.outer(&t.elts[0], s.range);
                let last = self.outer(&t.elts[t.elts.len() - 1], s.range);
                self.m.push_expr(
                    ExprKind::Array {
                        elements,
                        kind: ArrayKind::Tuple,
                    },
                    Span::new(first.start, last.end),
                )
            }
            i => self.expr(i),
        };
        self.m.push_expr(
            ExprKind::Member {
                object,
                property: MemberProp::Computed(index),
                optional: false,
            },
            span,
        )
    }

    fn call(&mut self, c: &ast::ExprCall, span: Span) -> ExprId {
        let callee = self.expr(&c.func);
        let args = match (&*c.arguments.args, c.arguments.keywords.is_empty()) {
            // `f(x for x in y)`: the generator (with the call's parentheses) is the argument.
            ([Expr::Generator(g)], true) if !g.parenthesized => {
                let gspan = sp(c.arguments.range);
                let value = if self.descend(gspan) {
                    let v = self.comprehension(&g.elt, None, &g.generators, gspan);
                    self.ascend();
                    v
                } else {
                    self.other(gspan)
                };
                vec![Arg {
                    name: None,
                    value,
                    spread: false,
                    keyword_spread: false,
                }]
            }
            _ => self.args(&c.arguments),
        };
        self.m.push_expr(
            ExprKind::Call {
                callee,
                args: args.into(),
                optional: false,
                is_new: false,
            },
            span,
        )
    }

    /// The arguments of a call (or of a class's base list), in source order.
    pub(super) fn args(&mut self, list: &ast::Arguments) -> Vec<Arg> {
        let mut out = Vec::new();
        for a in list.iter_source_order() {
            let arg = match a {
                ArgOrKeyword::Keyword(k) => match &k.arg {
                    Some(name) => Arg {
                        name: Some(name.id.as_str().into()),
                        value: self.expr(&k.value),
                        spread: false,
                        keyword_spread: false,
                    },
                    None => Arg {
                        name: None,
                        value: self.expr(&k.value),
                        spread: false,
                        keyword_spread: true,
                    },
                },
                ArgOrKeyword::Arg(Expr::Starred(s)) => Arg {
                    name: None,
                    value: self.expr(&s.value),
                    spread: true,
                    keyword_spread: false,
                },
                ArgOrKeyword::Arg(e) => Arg {
                    name: None,
                    value: self.expr(e),
                    spread: false,
                    keyword_spread: false,
                },
            };
            out.push(arg);
        }
        out
    }

    fn sequence(&mut self, elts: &[Expr], kind: ArrayKind, span: Span) -> ExprId {
        let mut elements = Vec::with_capacity(elts.len());
        for c in elts {
            let element = match c {
                Expr::Starred(s) => ArrayElement::Spread(self.expr(&s.value)),
                _ => ArrayElement::Expr(self.expr(c)),
            };
            elements.push(element);
        }
        self.m.push_expr(
            ExprKind::Array {
                elements: elements.into(),
                kind,
            },
            span,
        )
    }

    fn dict(&mut self, d: &ast::ExprDict, span: Span) -> ExprId {
        let mut props = Vec::new();
        for item in &d.items {
            match &item.key {
                Some(k) => {
                    let parenthesized = self.outer(k, d.range) != sp(k.range());
                    let key = match k {
                        Expr::NumberLiteral(n) if !parenthesized => {
                            PropKey::Number(self.text(n.range).into())
                        }
                        _ => match self.static_string(k).filter(|_| !parenthesized) {
                            Some(s) => PropKey::String(s.into()),
                            None => PropKey::Computed(self.expr(k)),
                        },
                    };
                    let value = self.expr(&item.value);
                    self.name_lambda(value, key.as_str(), NameSource::Property);
                    props.push(ObjectProp::KeyValue {
                        key,
                        value,
                        shorthand: false,
                    });
                }
                None => {
                    let value = self.expr(&item.value);
                    props.push(ObjectProp::Spread { value });
                }
            }
        }
        self.m.push_expr(
            ExprKind::Object {
                props: props.into(),
            },
            span,
        )
    }

    /// `a < b`, and chains `a < b < c` as `(a < b) and (b < c)` sharing `b`.
    fn comparison(&mut self, c: &ast::ExprCompare, span: Span) -> ExprId {
        let mut operands: Vec<&Expr> = Vec::with_capacity(c.comparators.len() + 1);
        operands.push(&c.left);
        operands.extend(c.comparators.iter());
        let ids: Vec<ExprId> = operands.iter().map(|o| self.expr(o)).collect();
        let spans: Vec<Span> = operands.iter().map(|o| self.outer(o, c.range)).collect();
        let mut acc: Option<ExprId> = None;
        for (i, op) in c.ops.iter().enumerate() {
            let op = match op {
                ast::CmpOp::Lt => BinaryOp::Lt,
                ast::CmpOp::LtE => BinaryOp::LtEq,
                ast::CmpOp::Gt => BinaryOp::Gt,
                ast::CmpOp::GtE => BinaryOp::GtEq,
                ast::CmpOp::Eq => BinaryOp::Eq,
                ast::CmpOp::NotEq => BinaryOp::NotEq,
                ast::CmpOp::In => BinaryOp::In,
                ast::CmpOp::NotIn => BinaryOp::NotIn,
                ast::CmpOp::Is => BinaryOp::Is,
                ast::CmpOp::IsNot => BinaryOp::IsNot,
            };
            let (Some(&left), Some(&right)) = (ids.get(i), ids.get(i + 1)) else {
                break;
            };
            let end = spans[i + 1].end;
            let cmp = self.m.push_expr(
                ExprKind::Binary { op, left, right },
                Span::new(spans[i].start, end),
            );
            acc = Some(match acc {
                None => cmp,
                Some(prev) => self.m.push_expr(
                    ExprKind::Logical {
                        op: LogicalOp::And,
                        left: prev,
                        right: cmp,
                    },
                    Span::new(span.start, end),
                ),
            });
        }
        acc.unwrap_or_else(|| self.other(span))
    }

    fn yield_expr(&mut self, arg: Option<ExprId>, delegate: bool, span: Span) -> ExprId {
        if let Some(f) = self.func
            && let Some(function) = self.m.functions.get_mut(f.index())
        {
            function.is_generator = true;
        }
        self.m.push_expr(ExprKind::Yield { arg, delegate }, span)
    }

    /// Comprehensions: the first iterable in the enclosing scope, the rest in the
    /// comprehension's own scope.
    fn comprehension(
        &mut self,
        elt: &Expr,
        value: Option<&Expr>,
        generators: &[ast::Comprehension],
        span: Span,
    ) -> ExprId {
        let comp_scope = self
            .scopes
            .push(ScopeKind::Comprehension, self.scope, self.func);
        let mut iterables = Vec::new();
        let mut conditions = Vec::new();
        for (i, g) in generators.iter().enumerate() {
            let iter_scope = if i == 0 { self.scope } else { comp_scope };
            let iterable = self.within(iter_scope, self.func, self.class, |lw| match &g.iter {
                Expr::Tuple(t) if !t.parenthesized && t.elts.len() > 1 => {
                    let elements = t
                        .elts
                        .iter()
                        .map(|r| ArrayElement::Expr(lw.expr(r)))
                        .collect();
                    let first = lw.outer(&t.elts[0], g.range);
                    let last = lw.outer(&t.elts[t.elts.len() - 1], g.range);
                    lw.m.push_expr(
                        ExprKind::Array {
                            elements,
                            kind: ArrayKind::Tuple,
                        },
                        Span::new(first.start, last.end),
                    )
                }
                e => lw.expr(e),
            });
            iterables.push(iterable);
            let bind = Bind {
                kind: BindingKind::LoopVar,
                init: None,
                scope: comp_scope,
            };
            self.within(comp_scope, self.func, self.class, |lw| {
                lw.target(&g.target, &bind, &mut Vec::new())
            });
            for cond in &g.ifs {
                let c = self.within(comp_scope, self.func, self.class, |lw| lw.expr(cond));
                conditions.push(c);
            }
        }
        let (element, value) = self.within(comp_scope, self.func, self.class, |lw| {
            let k = lw.expr(elt);
            let v = value.map(|v| lw.expr(v));
            (k, v)
        });
        self.m.push_expr(
            ExprKind::Comprehension(Box::new(crate::model::ComprehensionExpr {
                element,
                value,
                iterables,
                conditions,
            })),
            span,
        )
    }

    /// `name := value`: binds in the nearest non-comprehension scope.
    fn walrus(&mut self, n: &ast::ExprNamed, span: Span) -> ExprId {
        let Expr::Name(name) = &*n.target else {
            return self.other(span);
        };
        let value = self.expr(&n.value);
        let text = name.id.to_string();
        let name_span = sp(name.range);
        let target = self.m.push_pattern(
            PatternKind::Ident {
                name: text.as_str().into(),
                binding: None,
            },
            name_span,
        );
        let scope = self.scopes.non_comprehension(self.scope);
        self.scopes.declare(Decl {
            scope,
            name: text,
            kind: BindingKind::Assigned,
            span: name_span,
            origin: BindingOrigin {
                init: Some(value),
                path: Box::default(),
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
            span,
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
