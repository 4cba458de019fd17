//! Expressions.
use super::Lowerer;
use super::cst::{self, field, named, span};
use crate::model::*;
use tree_sitter::Node;

impl<'s> Lowerer<'s> {
    pub(super) fn expr(&mut self, node: Node<'_>) -> ExprId {
        if !self.descend(node) {
            return self.m.push_expr(ExprKind::Other, span(node));
        }
        let id = self.expr_inner(node);
        self.ascend();
        id
    }

    fn expr_inner(&mut self, node: Node<'_>) -> ExprId {
        let kind = match cst::kind_of(node) {
            "identifier" => return self.identifier(node),
            "this" => ExprKind::This,
            "super" => ExprKind::Super,
            "parenthesized_expression" => {
                return match named(node).first() {
                    Some(inner) => self.expr(*inner),
                    None => self.m.push_expr(ExprKind::Other, span(node)),
                };
            }
            "cast_expression" => {
                return match field(node, self.f.value) {
                    Some(inner) => self.expr(inner),
                    None => self.m.push_expr(ExprKind::Other, span(node)),
                };
            }
            "string_literal" => return self.string(node),
            "character_literal" => return self.character(node),
            "decimal_integer_literal"
            | "hex_integer_literal"
            | "octal_integer_literal"
            | "binary_integer_literal"
            | "decimal_floating_point_literal"
            | "hex_floating_point_literal" => return self.number(node),
            "true" => ExprKind::Literal {
                value: LiteralValue::Bool { value: true },
            },
            "false" => ExprKind::Literal {
                value: LiteralValue::Bool { value: false },
            },
            "null_literal" => ExprKind::Literal {
                value: LiteralValue::Null,
            },
            "field_access" => {
                let object = match field(node, self.f.object) {
                    Some(o) => self.expr(o),
                    None => self.m.push_expr(ExprKind::Other, span(node)),
                };
                let name = field(node, self.f.field)
                    .map(|f| self.text(f).to_owned())
                    .unwrap_or_default();
                ExprKind::Member {
                    object,
                    property: MemberProp::Name(name.into()),
                    optional: false,
                }
            }
            "array_access" => {
                let object = match field(node, self.f.array) {
                    Some(o) => self.expr(o),
                    None => self.m.push_expr(ExprKind::Other, span(node)),
                };
                let index = match field(node, self.f.index) {
                    Some(i) => self.expr(i),
                    None => self.m.push_expr(ExprKind::Other, span(node)),
                };
                ExprKind::Member {
                    object,
                    property: MemberProp::Computed(index),
                    optional: false,
                }
            }
            "method_invocation" => return self.method_invocation(node),
            "object_creation_expression" => return self.object_creation(node),
            "method_reference" => {
                // `T::m`, `x::m`, `T::new`: a read of the member.
                let parts: Vec<Node<'_>> = named(node);
                let object = match parts.first() {
                    Some(o) => self.reference_target(*o),
                    None => self.m.push_expr(ExprKind::Other, span(node)),
                };
                let name = match parts.last() {
                    Some(n) if parts.len() > 1 => self.text(*n).to_owned(),
                    _ => "new".to_owned(),
                };
                ExprKind::Member {
                    object,
                    property: MemberProp::Name(name.into()),
                    optional: false,
                }
            }
            "class_literal" => {
                let object = match named(node).first() {
                    Some(t) => self.type_expr(*t),
                    None => self.m.push_expr(ExprKind::Other, span(node)),
                };
                ExprKind::Member {
                    object,
                    property: MemberProp::Name("class".into()),
                    optional: false,
                }
            }
            "binary_expression" => return self.binary(node),
            "unary_expression" => {
                let op = field(node, self.f.operator).map_or("", |o| cst::kind_of(o));
                let arg = match field(node, self.f.operand) {
                    Some(a) => self.expr(a),
                    None => self.m.push_expr(ExprKind::Other, span(node)),
                };
                let op = match op {
                    "!" => UnaryOp::Not,
                    "-" => UnaryOp::Minus,
                    "+" => UnaryOp::Plus,
                    _ => UnaryOp::BitNot,
                };
                ExprKind::Unary { op, arg }
            }
            "update_expression" => {
                let parts = cst::kids(node);
                let prefix = parts.first().is_some_and(|p| !p.is_named());
                let op = if parts.iter().any(|p| cst::kind_of(*p) == "++") {
                    UpdateOp::Increment
                } else {
                    UpdateOp::Decrement
                };
                let arg = match named(node).first() {
                    Some(a) => self.expr(*a),
                    None => self.m.push_expr(ExprKind::Other, span(node)),
                };
                ExprKind::Update { op, prefix, arg }
            }
            "ternary_expression" => {
                let test = self.opt_expr(field(node, self.f.condition), node);
                let consequent = self.opt_expr(field(node, self.f.consequence), node);
                let alternate = self.opt_expr(field(node, self.f.alternative), node);
                ExprKind::Conditional {
                    test,
                    consequent,
                    alternate,
                }
            }
            "assignment_expression" => return self.assignment(node),
            "instanceof_expression" => {
                let left = self.opt_expr(field(node, self.f.left), node);
                let right = match field(node, self.f.right) {
                    Some(t) => self.type_expr(t),
                    None => self.m.push_expr(ExprKind::Other, span(node)),
                };
                if let Some(n) = field(node, self.f.name) {
                    // `x instanceof T t`: the pattern variable is in scope from here on.
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
                ExprKind::Binary {
                    op: BinaryOp::Instanceof,
                    left,
                    right,
                }
            }
            "lambda_expression" => return self.lambda(node),
            "array_creation_expression" => match field(node, self.f.value) {
                Some(init) => return self.expr(init),
                None => ExprKind::Other,
            },
            "array_initializer" => {
                let elements = named(node)
                    .into_iter()
                    .map(|e| ArrayElement::Expr(self.expr(e)))
                    .collect();
                ExprKind::Array {
                    elements,
                    kind: ArrayKind::Array,
                }
            }
            "switch_expression" => ExprKind::Other,
            _ => ExprKind::Other,
        };
        self.m.push_expr(kind, span(node))
    }

    fn opt_expr(&mut self, node: Option<Node<'_>>, owner: Node<'_>) -> ExprId {
        match node {
            Some(n) => self.expr(n),
            None => self.m.push_expr(ExprKind::Other, span(owner)),
        }
    }

    /// The left of `::`: an expression or a type.
    fn reference_target(&mut self, node: Node<'_>) -> ExprId {
        match cst::kind_of(node) {
            "type_identifier" | "scoped_type_identifier" | "generic_type" => self.type_expr(node),
            _ => self.expr(node),
        }
    }

    /// A bare name: a local or parameter, else a field of an enclosing class (`this.name`),
    /// else a type or an import.
    fn identifier(&mut self, node: Node<'_>) -> ExprId {
        let name = self.text(node).to_owned();
        if !self.is_local(&name)
            && let Some(binding) = self.constant(&name)
        {
            let binding = Some(binding);
            return self.m.push_expr(
                ExprKind::Ident {
                    name: name.into(),
                    binding,
                },
                span(node),
            );
        }
        let binding = self.lookup(&name);
        if !self.is_local(&name) && (self.is_field(&name) || self.is_inherited(&name, binding)) {
            return self.this_member(name, span(node));
        }
        self.m.push_expr(
            ExprKind::Ident {
                name: name.into(),
                binding,
            },
            span(node),
        )
    }

    /// `this.name`: a member of the instance a bare name stands for, at `at`.
    fn this_member(&mut self, name: String, at: Span) -> ExprId {
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

    fn args(&mut self, node: Option<Node<'_>>) -> Vec<Arg> {
        node.map(named)
            .unwrap_or_default()
            .into_iter()
            .map(|a| Arg {
                name: None,
                value: self.expr(a),
                spread: false,
                keyword_spread: false,
            })
            .collect()
    }

    /// `obj.m(args)`, `m(args)` (a method of the class reads as `this.m`), `super.m(args)`.
    fn method_invocation(&mut self, node: Node<'_>) -> ExprId {
        let name_node = field(node, self.f.name);
        let name = name_node
            .map(|n| self.text(n).to_owned())
            .unwrap_or_default();
        let name_span = name_node.map_or(span(node), span);
        let callee = match field(node, self.f.object) {
            Some(o) => {
                let object = self.expr(o);
                self.m.push_expr(
                    ExprKind::Member {
                        object,
                        property: MemberProp::Name(name.into()),
                        optional: false,
                    },
                    Span::new(span(o).start, name_span.end),
                )
            }
            None => {
                let binding = self.lookup(&name);
                if !self.is_local(&name)
                    && (self.is_method(&name) || self.is_inherited(&name, binding))
                {
                    self.this_member(name, name_span)
                } else {
                    self.m.push_expr(
                        ExprKind::Ident {
                            name: name.into(),
                            binding,
                        },
                        name_span,
                    )
                }
            }
        };
        let args = self.args(field(node, self.f.arguments));
        self.m.push_expr(
            ExprKind::Call {
                callee,
                args: args.into(),
                optional: false,
                is_new: false,
            },
            span(node),
        )
    }

    /// `this(…)` / `super(…)` in a constructor.
    pub(super) fn constructor_invocation(&mut self, node: Node<'_>) -> ExprId {
        let callee = match named(node)
            .into_iter()
            .find(|c| matches!(cst::kind_of(*c), "this" | "super"))
        {
            Some(c) => self.expr(c),
            None => self.m.push_expr(ExprKind::Other, span(node)),
        };
        let args = self.args(field(node, self.f.arguments));
        self.m.push_expr(
            ExprKind::Call {
                callee,
                args: args.into(),
                optional: false,
                is_new: false,
            },
            span(node),
        )
    }

    /// `new T<>(args)`; an anonymous class body is lowered as a class of its own.
    fn object_creation(&mut self, node: Node<'_>) -> ExprId {
        let callee = match field(node, self.f.type_) {
            Some(t) => self.type_expr(t),
            None => self.m.push_expr(ExprKind::Other, span(node)),
        };
        let args = self.args(field(node, self.f.arguments));
        self.m.push_expr(
            ExprKind::Call {
                callee,
                args: args.into(),
                optional: false,
                is_new: true,
            },
            span(node),
        )
    }

    fn binary(&mut self, node: Node<'_>) -> ExprId {
        let op = field(node, self.f.operator).map_or("", |o| cst::kind_of(o));
        let left = self.opt_expr(field(node, self.f.left), node);
        let right = self.opt_expr(field(node, self.f.right), node);
        let kind = match op {
            "&&" => ExprKind::Logical {
                op: LogicalOp::And,
                left,
                right,
            },
            "||" => ExprKind::Logical {
                op: LogicalOp::Or,
                left,
                right,
            },
            _ => {
                let op = match op {
                    "==" => BinaryOp::Eq,
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
                    "&" => BinaryOp::BitAnd,
                    "|" => BinaryOp::BitOr,
                    "^" => BinaryOp::BitXor,
                    "<<" => BinaryOp::ShiftLeft,
                    ">>" => BinaryOp::ShiftRight,
                    _ => BinaryOp::ShiftRightUnsigned,
                };
                ExprKind::Binary { op, left, right }
            }
        };
        self.m.push_expr(kind, span(node))
    }

    fn assignment(&mut self, node: Node<'_>) -> ExprId {
        let op = match field(node, self.f.operator).map(|o| cst::kind_of(o)) {
            Some("=") | None => AssignOp::Assign,
            Some(_) => AssignOp::Compound,
        };
        let value = self.opt_expr(field(node, self.f.right), node);
        let target = match field(node, self.f.left) {
            Some(l) if cst::kind_of(l) == "identifier" && self.is_local(self.text(l)) => {
                let name = self.text(l).to_owned();
                let binding = self.lookup(&name);
                if let Some(b) = binding.and_then(|b| self.m.bindings.get_mut(b.index())) {
                    b.reassigned = true;
                }
                self.m.push_pattern(
                    PatternKind::Ident {
                        name: name.into(),
                        binding,
                    },
                    span(l),
                )
            }
            Some(l) => {
                let e = self.expr(l);
                self.m.push_pattern(PatternKind::Expr { expr: e }, span(l))
            }
            None => {
                let e = self.m.push_expr(ExprKind::Other, span(node));
                self.m
                    .push_pattern(PatternKind::Expr { expr: e }, span(node))
            }
        };
        self.m
            .push_expr(ExprKind::Assign { op, target, value }, span(node))
    }

    /// `x -> …`, `(a, b) -> { … }`, `(String s) -> …`.
    fn lambda(&mut self, node: Node<'_>) -> ExprId {
        let class = self.classes.last().map(|(c, _)| *c);
        let function = self.m.push_function(Function {
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
            class,
            parent: self.func,
            is_static: false,
            visibility: None,
            doc_throws: Vec::new(),
            span: span(node),
            name_span: None,
        });
        let saved = self.func.replace(function);
        let (params, body) = self.scoped(|lw| {
            let params = match field(node, lw.f.parameters) {
                Some(p) if cst::kind_of(p) == "identifier" => lw.single_param(p, function),
                Some(p) => lw.params(p, function),
                None => Vec::new(),
            };
            let body = match field(node, lw.f.body) {
                Some(b) if cst::kind_of(b) == "block" => FunctionBody::Block(lw.block(b)),
                Some(b) => FunctionBody::Expr(lw.expr(b)),
                None => FunctionBody::None,
            };
            (params, body)
        });
        self.func = saved;
        if let Some(f) = self.m.functions.get_mut(function.index()) {
            f.params = params;
            f.body = body;
        }
        self.m
            .push_expr(ExprKind::Function { function }, span(node))
    }

    fn single_param(&mut self, node: Node<'_>, function: FuncId) -> Vec<Param> {
        let name = self.text(node).to_owned();
        let binding = self.declare(
            &name,
            BindingKind::Param { function, index: 0 },
            BindingOrigin::none(),
            span(node),
        );
        let pattern = self.m.push_pattern(
            PatternKind::Ident {
                name: name.into(),
                binding: Some(binding),
            },
            span(node),
        );
        vec![Param {
            pattern,
            default: None,
            kind: ParamKind::Normal,
            type_annotation: None,
            decorators: Box::default(),
            property_visibility: None,
            optional: false,
            span: span(node),
        }]
    }
}
