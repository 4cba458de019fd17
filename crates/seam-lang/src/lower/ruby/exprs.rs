//! Expressions: names, calls with their keyword arguments and blocks, literals, strings,
//! hashes, operators, assignments.

use super::{Lowerer, named, span, unescape};
use crate::model::*;
use tree_sitter::Node;

impl<'s> Lowerer<'s> {
    pub(super) fn expr(&mut self, node: Node<'_>) -> ExprId {
        if !self.descend(node) {
            return self.other(node);
        }
        let e = self.expr_inner(node);
        self.ascend();
        e
    }

    fn ident(&mut self, name: &str, at: Span) -> ExprId {
        let binding = self.lookup(name);
        self.m.push_expr(
            ExprKind::Ident {
                name: name.into(),
                binding,
            },
            at,
        )
    }

    fn this_member(&mut self, name: &str, at: Span) -> ExprId {
        let this = self.m.push_expr(ExprKind::This, at);
        self.m.push_expr(
            ExprKind::Member {
                object: this,
                property: MemberProp::Name(name.into()),
                optional: false,
            },
            at,
        )
    }

    fn string_lit(&mut self, value: &str, at: Span) -> ExprId {
        self.m.push_expr(
            ExprKind::Literal {
                value: LiteralValue::String {
                    value: value.into(),
                },
            },
            at,
        )
    }

    fn expr_inner(&mut self, node: Node<'_>) -> ExprId {
        let at = span(node);
        match node.kind() {
            "identifier" => {
                let name = self.text(node);
                if self.lookup(name).is_none() && self.is_method(name) {
                    let callee = self.this_member(name, at);
                    return self.m.push_expr(
                        ExprKind::Call {
                            callee,
                            args: Box::default(),
                            optional: false,
                            is_new: false,
                        },
                        at,
                    );
                }
                self.ident(name, at)
            }
            "constant" => {
                let name = self.text(node);
                self.ident(name, at)
            }
            "class_variable" | "global_variable" => {
                let name = self.text(node);
                self.m.push_expr(
                    ExprKind::Ident {
                        name: name.into(),
                        binding: None,
                    },
                    at,
                )
            }
            "instance_variable" => {
                let name = self.text(node).trim_start_matches('@').to_owned();
                self.this_member(&name, at)
            }
            "scope_resolution" => {
                let name = node
                    .child_by_field_name("name")
                    .map(|n| self.text(n).to_owned())
                    .unwrap_or_default();
                match node.child_by_field_name("scope") {
                    Some(scope) => {
                        let object = self.expr(scope);
                        self.m.push_expr(
                            ExprKind::Member {
                                object,
                                property: MemberProp::Name(name.into()),
                                optional: false,
                            },
                            at,
                        )
                    }
                    None => self.ident(&name, at),
                }
            }
            "self" => self.m.push_expr(ExprKind::This, at),
            "super" => self.m.push_expr(ExprKind::Super, at),
            "nil" => self.m.push_expr(
                ExprKind::Literal {
                    value: LiteralValue::Null,
                },
                at,
            ),
            "true" | "false" => self.m.push_expr(
                ExprKind::Literal {
                    value: LiteralValue::Bool {
                        value: node.kind() == "true",
                    },
                },
                at,
            ),
            "integer" | "float" => {
                let raw = self.text(node);
                match number_value(raw) {
                    Some(value) => self.m.push_expr(
                        ExprKind::Literal {
                            value: LiteralValue::Number(Box::new(NumberLiteral {
                                value,
                                raw: raw.into(),
                            })),
                        },
                        at,
                    ),
                    None => self.other(node),
                }
            }
            "string" | "delimited_symbol" | "bare_string" | "heredoc_body" => self.string(node),
            "chained_string" => {
                // `"a" "b"`: one string; read when every part is plain.
                let mut value = String::new();
                for part in named(node) {
                    let e = self.string(part);
                    match &self.m.expr(e).kind {
                        ExprKind::Literal {
                            value: LiteralValue::String { value: v },
                        } => value.push_str(v),
                        _ => return self.other(node),
                    }
                }
                self.string_lit(&value, at)
            }
            "simple_symbol" => {
                let t = self.text(node).trim_start_matches(':').to_owned();
                self.string_lit(&t, at)
            }
            "hash_key_symbol" | "bare_symbol" => {
                let t = self.text(node).to_owned();
                self.string_lit(&t, at)
            }
            "array" => {
                let elements = named(node)
                    .into_iter()
                    .map(|e| match e.kind() {
                        "splat_argument" => match named(e).into_iter().next() {
                            Some(v) => ArrayElement::Spread(self.expr(v)),
                            None => ArrayElement::Hole,
                        },
                        _ => ArrayElement::Expr(self.expr(e)),
                    })
                    .collect::<Vec<_>>();
                self.m.push_expr(
                    ExprKind::Array {
                        elements: elements.into_boxed_slice(),
                        kind: ArrayKind::Array,
                    },
                    at,
                )
            }
            "string_array" | "symbol_array" => {
                let elements = named(node)
                    .into_iter()
                    .map(|e| {
                        let t = self.text(e).to_owned();
                        ArrayElement::Expr(self.string_lit(&t, span(e)))
                    })
                    .collect::<Vec<_>>();
                self.m.push_expr(
                    ExprKind::Array {
                        elements: elements.into_boxed_slice(),
                        kind: ArrayKind::Array,
                    },
                    at,
                )
            }
            "hash" => {
                let pairs = named(node);
                self.hash(&pairs, at)
            }
            "call" => self.call(node),
            "element_reference" => {
                let object = node
                    .child_by_field_name("object")
                    .map(|o| self.expr(o))
                    .unwrap_or_else(|| self.other(node));
                let index = named(node)
                    .into_iter()
                    .filter(|c| Some(*c) != node.child_by_field_name("object"))
                    .find(|c| c.kind() != "block" && c.kind() != "do_block");
                let Some(index) = index else {
                    return self.other(node);
                };
                let index = self.expr(index);
                self.m.push_expr(
                    ExprKind::Member {
                        object,
                        property: MemberProp::Computed(index),
                        optional: false,
                    },
                    at,
                )
            }
            "assignment" | "operator_assignment" => self.assignment(node),
            "binary" => self.binary(node),
            "unary" => {
                let op_text = node
                    .child_by_field_name("operator")
                    .map(|o| self.text(o))
                    .unwrap_or("");
                let Some(operand) = node.child_by_field_name("operand") else {
                    return self.other(node);
                };
                let op = match op_text {
                    "!" | "not" => UnaryOp::Not,
                    "-" | "-@" => UnaryOp::Minus,
                    "+" => UnaryOp::Plus,
                    "~" => UnaryOp::BitNot,
                    _ => return self.other(node),
                };
                let arg = self.expr(operand);
                self.m.push_expr(ExprKind::Unary { op, arg }, at)
            }
            "conditional" => {
                let (Some(c), Some(a), Some(b)) = (
                    node.child_by_field_name("condition"),
                    node.child_by_field_name("consequence"),
                    node.child_by_field_name("alternative"),
                ) else {
                    return self.other(node);
                };
                let test = self.expr(c);
                let consequent = self.expr(a);
                let alternate = self.expr(b);
                self.m.push_expr(
                    ExprKind::Conditional {
                        test,
                        consequent,
                        alternate,
                    },
                    at,
                )
            }
            "parenthesized_statements" => {
                let children = named(node);
                match children.as_slice() {
                    [one] => self.expr(*one),
                    _ => {
                        let exprs = children.iter().map(|c| self.expr(*c)).collect::<Vec<_>>();
                        self.m.push_expr(
                            ExprKind::Sequence {
                                exprs: exprs.into_boxed_slice(),
                            },
                            at,
                        )
                    }
                }
            }
            "lambda" => {
                let params = node.child_by_field_name("parameters");
                let body = node.child_by_field_name("body");
                self.closure(node, params, body)
            }
            "regex" => {
                let t = self.text(node);
                let pattern = t
                    .strip_prefix('/')
                    .and_then(|r| r.rsplit_once('/'))
                    .map(|(p, _)| p.to_owned())
                    .unwrap_or_else(|| t.to_owned());
                self.m.push_expr(
                    ExprKind::Literal {
                        value: LiteralValue::Regex(Box::new(RegexLiteral {
                            pattern,
                            flags: String::new(),
                        })),
                    },
                    at,
                )
            }
            "rescue_modifier" => match node.child_by_field_name("body") {
                Some(b) => self.expr(b),
                None => self.other(node),
            },
            "yield" => {
                let callee = self.m.push_expr(
                    ExprKind::Ident {
                        name: "yield".into(),
                        binding: None,
                    },
                    at,
                );
                let args = named(node)
                    .into_iter()
                    .next()
                    .map(|l| self.args(l))
                    .unwrap_or_default();
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
            // Statements used as values: a function called in place, whose branches return.
            "if" | "unless" | "case" | "begin" | "if_modifier" | "unless_modifier" => {
                self.in_place(node)
            }
            _ => self.other(node),
        }
    }

    /// A statement used as a value (`x = if a then b else c end`): an arrow function holding
    /// the statement, called in place.
    fn in_place(&mut self, node: Node<'_>) -> ExprId {
        let at = span(node);
        let function = self.push_closure(node);
        let saved = self.func.replace(function);
        if let Some(f) = self.frames.last_mut() {
            f.levels.push(Vec::new());
        }
        let body = vec![self.statement(node, true)];
        if let Some(f) = self.frames.last_mut() {
            f.levels.pop();
        }
        self.func = saved;
        if let Some(f) = self.m.functions.get_mut(function.index()) {
            f.body = FunctionBody::Block(body);
        }
        let callee = self.m.push_expr(ExprKind::Function { function }, at);
        self.m.push_expr(
            ExprKind::Call {
                callee,
                args: Box::default(),
                optional: false,
                is_new: false,
            },
            at,
        )
    }

    fn push_closure(&mut self, node: Node<'_>) -> FuncId {
        self.m.push_function(Function {
            name: None,
            name_source: NameSource::Anonymous,
            kind: FunctionKind::Arrow,
            params: Vec::new(),
            is_async: false,
            is_generator: false,
            decorators: Vec::new(),
            body: FunctionBody::None,
            return_type: None,
            type_params: Vec::new(),
            class: None,
            parent: self.func,
            is_static: false,
            visibility: None,
            doc_throws: Vec::new(),
            span: span(node),
            name_span: None,
        })
    }

    /// A block or lambda: an arrow function whose last statement is returned. It sees the
    /// locals around it.
    fn closure(
        &mut self,
        node: Node<'_>,
        params: Option<Node<'_>>,
        body: Option<Node<'_>>,
    ) -> ExprId {
        let function = self.push_closure(node);
        let saved = self.func.replace(function);
        if let Some(f) = self.frames.last_mut() {
            f.levels.push(Vec::new());
        }
        let params = params.map(|p| self.params(p, function)).unwrap_or_default();
        let body = match body {
            Some(b) if b.kind() == "body_statement" => self.body_statement(b, true),
            Some(b) => self.statements(&named(b), true),
            None => Vec::new(),
        };
        if let Some(f) = self.frames.last_mut() {
            f.levels.pop();
        }
        self.func = saved;
        if let Some(f) = self.m.functions.get_mut(function.index()) {
            f.params = params;
            f.body = FunctionBody::Block(body);
        }
        self.m
            .push_expr(ExprKind::Function { function }, span(node))
    }

    /// `"a/#{x}"`: a literal, or a template when it interpolates.
    fn string(&mut self, node: Node<'_>) -> ExprId {
        let at = span(node);
        let raw = self.text(node);
        let single = raw.starts_with('\'') || raw.starts_with(":'") || raw.starts_with("%q");
        let mut quasis = vec![String::new()];
        let mut exprs = Vec::new();
        let mut cursor = node.walk();
        for part in node.named_children(&mut cursor) {
            match part.kind() {
                "string_content" | "heredoc_content" => {
                    let t = self.text(part);
                    let t = if single {
                        t.replace("\\'", "'").replace("\\\\", "\\")
                    } else {
                        t.to_owned()
                    };
                    if let Some(q) = quasis.last_mut() {
                        q.push_str(&t);
                    }
                }
                "escape_sequence" => {
                    let t = unescape(self.text(part));
                    if let Some(q) = quasis.last_mut() {
                        q.push_str(&t);
                    }
                }
                "interpolation" => {
                    let inner = named(part);
                    let e = match inner.as_slice() {
                        [one] => self.expr(*one),
                        _ => self.other(part),
                    };
                    exprs.push(e);
                    quasis.push(String::new());
                }
                _ => {}
            }
        }
        if exprs.is_empty() {
            let value = quasis.pop().unwrap_or_default();
            return self.string_lit(&value, at);
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

    /// Pairs as an object (`{a: 1, "b" => 2, **rest}`).
    fn hash(&mut self, pairs: &[Node<'_>], at: Span) -> ExprId {
        let mut props = Vec::with_capacity(pairs.len());
        for p in pairs {
            match p.kind() {
                "pair" => {
                    let (Some(k), Some(v)) =
                        (p.child_by_field_name("key"), p.child_by_field_name("value"))
                    else {
                        continue;
                    };
                    let key = match k.kind() {
                        "hash_key_symbol" | "identifier" | "constant" => {
                            PropKey::Ident(self.text(k).into())
                        }
                        "simple_symbol" => {
                            PropKey::Ident(self.text(k).trim_start_matches(':').into())
                        }
                        "string" | "delimited_symbol" => {
                            let e = self.string(k);
                            match &self.m.expr(e).kind {
                                ExprKind::Literal {
                                    value: LiteralValue::String { value },
                                } => PropKey::String(value.clone()),
                                _ => PropKey::Computed(e),
                            }
                        }
                        "integer" => PropKey::Number(self.text(k).into()),
                        _ => PropKey::Computed(self.expr(k)),
                    };
                    let value = self.expr(v);
                    props.push(ObjectProp::KeyValue {
                        key,
                        value,
                        shorthand: false,
                    });
                }
                "hash_splat_argument" => {
                    if let Some(v) = named(*p).into_iter().next() {
                        let value = self.expr(v);
                        props.push(ObjectProp::Spread { value });
                    }
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

    /// An argument list: keyword pairs gathered into one object argument where they are.
    pub(super) fn args(&mut self, list: Node<'_>) -> Vec<Arg> {
        let children = named(list);
        let mut out = Vec::with_capacity(children.len());
        let mut i = 0;
        while i < children.len() {
            let c = children[i];
            if matches!(c.kind(), "pair" | "hash_splat_argument") {
                let start = i;
                while i < children.len()
                    && matches!(children[i].kind(), "pair" | "hash_splat_argument")
                {
                    i += 1;
                }
                let group = &children[start..i];
                let at = Span::new(span(group[0]).start, span(group[group.len() - 1]).end);
                let value = self.hash(group, at);
                out.push(Arg {
                    name: None,
                    value,
                    spread: false,
                    keyword_spread: false,
                });
                continue;
            }
            i += 1;
            let (value, spread) = match c.kind() {
                "splat_argument" => match named(c).into_iter().next() {
                    Some(v) => (self.expr(v), true),
                    None => continue,
                },
                "block_argument" => match named(c).into_iter().next() {
                    Some(v) => (self.expr(v), false),
                    None => continue,
                },
                _ => (self.expr(c), false),
            };
            out.push(Arg {
                name: None,
                value,
                spread,
                keyword_spread: false,
            });
        }
        out
    }

    /// `recv.m(args) { block }`, `m args`, `recv&.m`. A call with a receiver and neither
    /// arguments, parentheses nor block (`post.title`) is a member read.
    fn call(&mut self, node: Node<'_>) -> ExprId {
        let at = span(node);
        let receiver = node.child_by_field_name("receiver");
        let method = node.child_by_field_name("method");
        let arguments = node.child_by_field_name("arguments");
        let block = node.child_by_field_name("block");
        let optional = node
            .child_by_field_name("operator")
            .is_some_and(|o| self.text(o) == "&.");
        let name = method.map(|m| self.text(m).to_owned());
        let callee = match (receiver, &name) {
            (Some(r), Some(name)) => {
                let object = self.expr(r);
                let property_at = Span::new(at.start, method.map_or(at.end, |m| span(m).end));
                let member = self.m.push_expr(
                    ExprKind::Member {
                        object,
                        property: MemberProp::Name(name.as_str().into()),
                        optional,
                    },
                    property_at,
                );
                if arguments.is_none() && block.is_none() {
                    return member;
                }
                member
            }
            // `recv.()`: a call of the receiver.
            (Some(r), None) => self.expr(r),
            (None, Some(name)) => {
                let m_at = method.map_or(at, span);
                if self.lookup(name).is_none() && self.is_method(name) {
                    self.this_member(name, m_at)
                } else {
                    self.ident(name, m_at)
                }
            }
            (None, None) => return self.other(node),
        };
        let mut args = arguments.map(|a| self.args(a)).unwrap_or_default();
        if let Some(b) = block {
            let params = b.child_by_field_name("parameters");
            let body = b.child_by_field_name("body");
            let value = self.closure(b, params, body);
            args.push(Arg {
                name: None,
                value,
                spread: false,
                keyword_spread: false,
            });
        }
        // `Post.new(…)` is an instantiation.
        let is_new = receiver.is_some() && name.as_deref() == Some("new");
        self.m.push_expr(
            ExprKind::Call {
                callee,
                args: args.into_boxed_slice(),
                optional,
                is_new,
            },
            at,
        )
    }

    /// `x = v` declares `x` at its first assignment; `@x = v` assigns `this.x`; `a, b = …`.
    fn assignment(&mut self, node: Node<'_>) -> ExprId {
        let at = span(node);
        let compound = node.kind() == "operator_assignment";
        let (Some(left), Some(right)) = (
            node.child_by_field_name("left"),
            node.child_by_field_name("right"),
        ) else {
            return self.other(node);
        };
        let value = match right.kind() {
            "right_assignment_list" => {
                let elements = named(right)
                    .into_iter()
                    .map(|e| ArrayElement::Expr(self.expr(e)))
                    .collect::<Vec<_>>();
                self.m.push_expr(
                    ExprKind::Array {
                        elements: elements.into_boxed_slice(),
                        kind: ArrayKind::Array,
                    },
                    span(right),
                )
            }
            _ => self.expr(right),
        };
        let target = self.target(left, Some(value));
        self.m.push_expr(
            ExprKind::Assign {
                op: if compound {
                    AssignOp::Compound
                } else {
                    AssignOp::Assign
                },
                target,
                value,
            },
            at,
        )
    }

    fn target(&mut self, left: Node<'_>, init: Option<ExprId>) -> PatternId {
        let at = span(left);
        match left.kind() {
            "identifier" => {
                let name = self.text(left).to_owned();
                let binding = match self.lookup(&name) {
                    Some(b) => {
                        self.mark_reassigned(b);
                        b
                    }
                    None => self.declare(
                        &name,
                        BindingKind::Var { kind: VarKind::Let },
                        BindingOrigin {
                            init,
                            path: Box::default(),
                            default: None,
                        },
                        at,
                    ),
                };
                self.m.push_pattern(
                    PatternKind::Ident {
                        name: name.into(),
                        binding: Some(binding),
                    },
                    at,
                )
            }
            "left_assignment_list" | "destructured_left_assignment" => {
                let elements = named(left)
                    .into_iter()
                    .map(|e| Some(self.target(e, None)))
                    .collect::<Vec<_>>();
                self.m.push_pattern(
                    PatternKind::Array {
                        elements: elements.into_boxed_slice(),
                        rest: None,
                    },
                    at,
                )
            }
            "rest_assignment" => match named(left).into_iter().next() {
                Some(inner) => self.target(inner, None),
                None => {
                    let e = self.other(left);
                    self.m.push_pattern(PatternKind::Expr { expr: e }, at)
                }
            },
            _ => {
                let expr = self.expr(left);
                self.m.push_pattern(PatternKind::Expr { expr }, at)
            }
        }
    }

    fn binary(&mut self, node: Node<'_>) -> ExprId {
        let at = span(node);
        let (Some(l), Some(r)) = (
            node.child_by_field_name("left"),
            node.child_by_field_name("right"),
        ) else {
            return self.other(node);
        };
        let op = node
            .child_by_field_name("operator")
            .map(|o| self.text(o))
            .unwrap_or("");
        let left = self.expr(l);
        let right = self.expr(r);
        let logical = match op {
            "&&" | "and" => Some(LogicalOp::And),
            "||" | "or" => Some(LogicalOp::Or),
            _ => None,
        };
        if let Some(op) = logical {
            return self.m.push_expr(ExprKind::Logical { op, left, right }, at);
        }
        let op = match op {
            "==" | "===" | "eql?" => BinaryOp::Eq,
            "!=" => BinaryOp::NotEq,
            "<" => BinaryOp::Lt,
            "<=" => BinaryOp::LtEq,
            ">" => BinaryOp::Gt,
            ">=" => BinaryOp::GtEq,
            "+" => BinaryOp::Add,
            "-" => BinaryOp::Sub,
            "*" => BinaryOp::Mul,
            "/" => BinaryOp::Div,
            "%" => BinaryOp::Rem,
            "**" => BinaryOp::Exp,
            "&" => BinaryOp::BitAnd,
            "|" => BinaryOp::BitOr,
            "^" => BinaryOp::BitXor,
            "<<" => BinaryOp::ShiftLeft,
            ">>" => BinaryOp::ShiftRight,
            _ => return self.other(node),
        };
        self.m.push_expr(ExprKind::Binary { op, left, right }, at)
    }
}

/// A Ruby number's value (`1_000`, `0x1F`, `0b1`, `0o7`, `1.5`, `1e3`).
fn number_value(raw: &str) -> Option<f64> {
    let clean: String = raw.chars().filter(|c| *c != '_').collect();
    let lower = clean.to_ascii_lowercase();
    let (radix, digits) = if let Some(d) = lower.strip_prefix("0x") {
        (16, d)
    } else if let Some(d) = lower.strip_prefix("0b") {
        (2, d)
    } else if let Some(d) = lower.strip_prefix("0o") {
        (8, d)
    } else {
        (10, lower.as_str())
    };
    if radix == 10 {
        digits.parse::<f64>().ok()
    } else {
        u64::from_str_radix(digits, radix).ok().map(|v| v as f64)
    }
}
