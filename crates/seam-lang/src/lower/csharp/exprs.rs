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

    pub(super) fn opt_expr(&mut self, node: Option<Node<'_>>, owner: Node<'_>) -> ExprId {
        match node {
            Some(n) => self.expr(n),
            None => self.m.push_expr(ExprKind::Other, span(owner)),
        }
    }

    /// The first named child, lowered (the operand of wrappers without fields).
    fn first_expr(&mut self, node: Node<'_>) -> ExprId {
        let inner = named(node).into_iter().next();
        self.opt_expr(inner, node)
    }

    fn expr_inner(&mut self, node: Node<'_>) -> ExprId {
        let kind = match cst::kind_of(node) {
            "identifier" => return self.identifier(node),
            "generic_name" => {
                let name = self.generic_base(node);
                return self.named_ref(name, span(node));
            }
            "qualified_name" | "alias_qualified_name" | "predefined_type" => {
                return self.name_expr(node);
            }
            "this" => ExprKind::This,
            "base" => ExprKind::Super,
            "parenthesized_expression" | "checked_expression" | "ref_expression" => {
                return self.first_expr(node);
            }
            "cast_expression" => {
                return self.opt_expr(field(node, self.f.value), node);
            }
            "as_expression" => return self.opt_expr(field(node, self.f.left), node),
            // `x!` (null-forgiving) is `x`; `i++`/`i--` are updates.
            "postfix_unary_expression" => {
                let text = self.text(node);
                if text.ends_with("++") || text.ends_with("--") {
                    let arg = self.first_expr(node);
                    ExprKind::Update {
                        op: if text.ends_with("++") {
                            UpdateOp::Increment
                        } else {
                            UpdateOp::Decrement
                        },
                        prefix: false,
                        arg,
                    }
                } else {
                    return self.first_expr(node);
                }
            }
            "prefix_unary_expression" => {
                let op = cst::kids(node)
                    .into_iter()
                    .find(|c| !c.is_named())
                    .map_or("", cst::kind_of);
                let arg = self.first_expr(node);
                match op {
                    "++" | "--" => ExprKind::Update {
                        op: if op == "++" {
                            UpdateOp::Increment
                        } else {
                            UpdateOp::Decrement
                        },
                        prefix: true,
                        arg,
                    },
                    "!" => ExprKind::Unary {
                        op: UnaryOp::Not,
                        arg,
                    },
                    "-" => ExprKind::Unary {
                        op: UnaryOp::Minus,
                        arg,
                    },
                    "+" => ExprKind::Unary {
                        op: UnaryOp::Plus,
                        arg,
                    },
                    "~" => ExprKind::Unary {
                        op: UnaryOp::BitNot,
                        arg,
                    },
                    _ => return arg,
                }
            }
            "string_literal" | "verbatim_string_literal" | "raw_string_literal" => {
                return self.string(node);
            }
            "interpolated_string_expression" => return self.interpolated(node),
            "character_literal" => return self.character(node),
            "integer_literal" | "real_literal" => return self.number(node),
            "boolean_literal" => ExprKind::Literal {
                value: LiteralValue::Bool {
                    value: self.text(node) == "true",
                },
            },
            "null_literal" => ExprKind::Literal {
                value: LiteralValue::Null,
            },
            "member_access_expression" => {
                let object = self.opt_expr(field(node, self.f.expression), node);
                let name = field(node, self.f.name)
                    .map(|n| self.generic_base(n))
                    .unwrap_or_default();
                ExprKind::Member {
                    object,
                    property: MemberProp::Name(name.into()),
                    optional: false,
                }
            }
            "element_access_expression" => {
                let object = self.opt_expr(field(node, self.f.expression), node);
                let index =
                    match field(node, self.f.subscript).and_then(|s| named(s).into_iter().next()) {
                        Some(a) => self.argument_value(a),
                        None => self.m.push_expr(ExprKind::Other, span(node)),
                    };
                ExprKind::Member {
                    object,
                    property: MemberProp::Computed(index),
                    optional: false,
                }
            }
            "conditional_access_expression" => return self.conditional_access(node, None),
            "invocation_expression" => return self.invocation(node),
            "object_creation_expression" | "implicit_object_creation_expression" => {
                return self.object_creation(node);
            }
            "anonymous_object_creation_expression" => return self.anonymous_object(node),
            "array_creation_expression"
            | "implicit_array_creation_expression"
            | "stackalloc_expression"
            | "implicit_stackalloc_expression" => {
                match cst::first_of_kind(node, "initializer_expression") {
                    Some(init) => return self.collection(init),
                    None => ExprKind::Other,
                }
            }
            "initializer_expression" => return self.collection(node),
            "collection_expression" => {
                let mut elements = Vec::new();
                for c in named(node) {
                    let inner = if cst::kind_of(c) == "collection_element" {
                        named(c).into_iter().next()
                    } else {
                        Some(c)
                    };
                    let Some(inner) = inner else { continue };
                    match cst::kind_of(inner) {
                        "expression_element" => {
                            let v = self.first_expr(inner);
                            elements.push(ArrayElement::Expr(v));
                        }
                        "spread_element" => {
                            let v = self.first_expr(inner);
                            elements.push(ArrayElement::Spread(v));
                        }
                        _ => {
                            let v = self.expr(inner);
                            elements.push(ArrayElement::Expr(v));
                        }
                    }
                }
                ExprKind::Array {
                    elements: elements.into(),
                    kind: ArrayKind::Array,
                }
            }
            "tuple_expression" => {
                let elements: Vec<ArrayElement> = named(node)
                    .into_iter()
                    .map(|a| ArrayElement::Expr(self.argument_value(a)))
                    .collect();
                ExprKind::Array {
                    elements: elements.into(),
                    kind: ArrayKind::Tuple,
                }
            }
            "binary_expression" => return self.binary(node),
            "conditional_expression" => {
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
            "await_expression" => {
                let arg = self.first_expr(node);
                ExprKind::Await { arg }
            }
            "is_pattern_expression" | "is_expression" => {
                let left = self.opt_expr(
                    field(node, self.f.expression).or_else(|| field(node, self.f.left)),
                    node,
                );
                // `x is T t`: the pattern variable is in scope from here on.
                if let Some(p) = field(node, self.f.pattern) {
                    let right = self.case_label(p);
                    ExprKind::Binary {
                        op: BinaryOp::Instanceof,
                        left,
                        right,
                    }
                } else {
                    let right = self.m.push_expr(ExprKind::Other, span(node));
                    ExprKind::Binary {
                        op: BinaryOp::Instanceof,
                        left,
                        right,
                    }
                }
            }
            "lambda_expression" | "anonymous_method_expression" => return self.lambda(node),
            "throw_expression" => {
                // `x ?? throw new E()`: a call that throws, kept as its value.
                return self.first_expr(node);
            }
            "switch_expression" => return self.switch_expression(node),
            "typeof_expression" => {
                let object = match field(node, self.f.type_) {
                    Some(t) => self.type_expr(t),
                    None => self.m.push_expr(ExprKind::Other, span(node)),
                };
                ExprKind::Member {
                    object,
                    property: MemberProp::Name("class".into()),
                    optional: false,
                }
            }
            "declaration_expression" => {
                if let Some(n) = field(node, self.f.name) {
                    let name = self.text(n).to_owned();
                    self.declare(
                        &name,
                        BindingKind::Var { kind: VarKind::Let },
                        BindingOrigin::none(),
                        span(n),
                    );
                    return self.identifier(n);
                }
                ExprKind::Other
            }
            _ => ExprKind::Other,
        };
        self.m.push_expr(kind, span(node))
    }

    /// The value of an `argument` node (`name: value`, `ref x`, `out var y`).
    fn argument_value(&mut self, node: Node<'_>) -> ExprId {
        if cst::kind_of(node) != "argument" {
            return self.expr(node);
        }
        let name = field(node, self.f.name);
        let value = named(node).into_iter().rfind(|c| Some(*c) != name);
        self.opt_expr(value, node)
    }

    /// A bare name: a local or parameter, else a field, property or method of an enclosing
    /// class (`this.name`), else a type or an import.
    pub(super) fn identifier(&mut self, node: Node<'_>) -> ExprId {
        let name = self.text(node).to_owned();
        self.named_ref(name, span(node))
    }

    fn named_ref(&mut self, name: String, at: Span) -> ExprId {
        if !self.is_local(&name)
            && let Some(binding) = self.constant(&name)
        {
            return self.m.push_expr(
                ExprKind::Ident {
                    name: name.into(),
                    binding: Some(binding),
                },
                at,
            );
        }
        let binding = self.lookup(&name);
        // A field, a property or a method group (`app.MapGet("/", GetAll)`) of the class.
        if !self.is_local(&name) && (self.is_field(&name) || self.is_method(&name)) {
            return self.this_member(name, at);
        }
        self.m.push_expr(
            ExprKind::Ident {
                name: name.into(),
                binding,
            },
            at,
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

    /// The arguments of an `argument_list` (named arguments keep their names).
    pub(super) fn args(&mut self, node: Option<Node<'_>>) -> Vec<Arg> {
        let mut out = Vec::new();
        for a in node.map(named).unwrap_or_default() {
            let name = if cst::kind_of(a) == "argument" {
                field(a, self.f.name).map(|n| self.text(n).to_owned())
            } else {
                None
            };
            let value = self.argument_value(a);
            out.push(Arg {
                name: name.map(Name::from),
                value,
                spread: false,
                keyword_spread: false,
            });
        }
        out
    }

    /// `obj.M(args)`, `M(args)` (a method of the class reads as `this.M`), `M<T>(args)`.
    fn invocation(&mut self, node: Node<'_>) -> ExprId {
        let function = field(node, self.f.function);
        let callee = match function {
            Some(f) if matches!(cst::kind_of(f), "identifier" | "generic_name") => {
                let name = self.generic_base(f);
                let binding = self.lookup(&name);
                if !self.is_local(&name) && self.is_method(&name) {
                    self.this_member(name, span(f))
                } else {
                    self.m.push_expr(
                        ExprKind::Ident {
                            name: name.into(),
                            binding,
                        },
                        span(f),
                    )
                }
            }
            Some(f) if cst::kind_of(f) == "conditional_access_expression" => {
                let args = self.args(field(node, self.f.arguments));
                return self.conditional_access(f, Some((args, span(node))));
            }
            Some(f) => self.expr(f),
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

    /// `a?.b`, `a?[i]`, `a?.b.c`, `a?.M(x)` (with `call` the arguments of the call around it).
    fn conditional_access(&mut self, node: Node<'_>, call: Option<(Vec<Arg>, Span)>) -> ExprId {
        let object = self.opt_expr(field(node, self.f.condition), node);
        let binding = named(node)
            .into_iter()
            .find(|c| Some(*c) != field(node, self.f.condition));
        let member = match binding {
            Some(b) => self.binding_chain(object, b),
            None => object,
        };
        match call {
            Some((args, at)) => self.m.push_expr(
                ExprKind::Call {
                    callee: member,
                    args: args.into(),
                    optional: false,
                    is_new: false,
                },
                at,
            ),
            None => member,
        }
    }

    /// The part after `?.`: `.b`, `[i]`, or a chain starting with them (`.b.c`, `.M()`).
    fn binding_chain(&mut self, object: ExprId, node: Node<'_>) -> ExprId {
        match cst::kind_of(node) {
            "member_binding_expression" => {
                let name = field(node, self.f.name)
                    .map(|n| self.generic_base(n))
                    .unwrap_or_default();
                self.m.push_expr(
                    ExprKind::Member {
                        object,
                        property: MemberProp::Name(name.into()),
                        optional: true,
                    },
                    span(node),
                )
            }
            "element_binding_expression" => {
                let index = match named(node).into_iter().next() {
                    Some(a) => self.argument_value(a),
                    None => self.m.push_expr(ExprKind::Other, span(node)),
                };
                self.m.push_expr(
                    ExprKind::Member {
                        object,
                        property: MemberProp::Computed(index),
                        optional: true,
                    },
                    span(node),
                )
            }
            "member_access_expression" => {
                let inner = match field(node, self.f.expression) {
                    Some(e) => self.binding_chain(object, e),
                    None => object,
                };
                let name = field(node, self.f.name)
                    .map(|n| self.generic_base(n))
                    .unwrap_or_default();
                self.m.push_expr(
                    ExprKind::Member {
                        object: inner,
                        property: MemberProp::Name(name.into()),
                        optional: false,
                    },
                    span(node),
                )
            }
            "invocation_expression" => {
                let callee = match field(node, self.f.function) {
                    Some(f) => self.binding_chain(object, f),
                    None => object,
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
            "conditional_access_expression" => {
                let inner = match field(node, self.f.condition) {
                    Some(c) => self.binding_chain(object, c),
                    None => object,
                };
                match named(node)
                    .into_iter()
                    .find(|c| Some(*c) != field(node, self.f.condition))
                {
                    Some(b) => self.binding_chain(inner, b),
                    None => inner,
                }
            }
            _ => self.expr(node),
        }
    }

    /// `new T(args) { … }` / `new(args) { … }`: a `new` call of `T` (of `Other` when the type
    /// is implicit). A collection initializer with no arguments is the collection itself
    /// (`new List<string> { "a" }` is an array, `new Dictionary<string, int> { ["a"] = 1 }` an
    /// object).
    fn object_creation(&mut self, node: Node<'_>) -> ExprId {
        let init = field(node, self.f.initializer)
            .or_else(|| cst::first_of_kind(node, "initializer_expression"));
        let args_node =
            field(node, self.f.arguments).or_else(|| cst::first_of_kind(node, "argument_list"));
        let no_args = args_node.is_none_or(|a| named(a).is_empty());
        if let Some(init) = init
            && no_args
            && self.is_collection_initializer(init)
        {
            return self.collection(init);
        }
        let callee = match field(node, self.f.type_) {
            Some(t) => self.type_expr(t),
            None => self.m.push_expr(ExprKind::Other, span(node)),
        };
        let mut args = self.args(args_node);
        // An object initializer's assignments are named arguments after the positional ones
        // (`new HttpRequestMessage(m, u) { Content = c }`).
        if let Some(init) = init {
            for a in named(init) {
                if cst::kind_of(a) == "assignment_expression"
                    && let Some(l) = field(a, self.f.left)
                    && cst::kind_of(l) == "identifier"
                {
                    let name = self.text(l).to_owned();
                    let value = self.opt_expr(field(a, self.f.right), a);
                    args.push(Arg {
                        name: Some(name.into()),
                        value,
                        spread: false,
                        keyword_spread: false,
                    });
                }
            }
        }
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

    /// True when an initializer lists elements (`{ 1, 2 }`, `{ ["a"] = 1 }`, `{ { "a", 1 } }`)
    /// rather than setting members (`{ Name = "x" }`).
    fn is_collection_initializer(&self, init: Node<'_>) -> bool {
        named(init).into_iter().all(|c| {
            cst::kind_of(c) != "assignment_expression"
                || field(c, self.f.left)
                    .is_some_and(|l| cst::kind_of(l) == "element_binding_expression")
        })
    }

    /// `{ 1, 2 }` is an array; `{ ["a"] = 1, { "b", 2 } }` and `{ A = 1 }` are objects.
    fn collection(&mut self, init: Node<'_>) -> ExprId {
        let items = named(init);
        let keyed = !items.is_empty()
            && items.iter().all(|c| {
                matches!(
                    cst::kind_of(*c),
                    "assignment_expression" | "initializer_expression"
                )
            })
            && items.iter().any(|c| {
                cst::kind_of(*c) == "initializer_expression"
                    || field(*c, self.f.left).is_some_and(|l| {
                        matches!(cst::kind_of(l), "element_binding_expression" | "identifier")
                    })
            });
        if !keyed {
            let elements: Vec<ArrayElement> = items
                .into_iter()
                .map(|e| ArrayElement::Expr(self.expr(e)))
                .collect();
            return self.m.push_expr(
                ExprKind::Array {
                    elements: elements.into(),
                    kind: ArrayKind::Array,
                },
                span(init),
            );
        }
        let mut props = Vec::new();
        for c in items {
            let (key_node, value_node) = if cst::kind_of(c) == "initializer_expression" {
                let parts = named(c);
                (parts.first().copied(), parts.get(1).copied())
            } else {
                let left = field(c, self.f.left);
                let key = match left {
                    Some(l) if cst::kind_of(l) == "element_binding_expression" => named(l)
                        .into_iter()
                        .next()
                        .and_then(|a| named(a).into_iter().last()),
                    other => other,
                };
                if let Some(l) = left
                    && cst::kind_of(l) == "identifier"
                {
                    let value = self.opt_expr(field(c, self.f.right), c);
                    props.push(ObjectProp::KeyValue {
                        key: PropKey::Ident(self.text(l).into()),
                        value,
                        shorthand: false,
                    });
                    continue;
                }
                (key, field(c, self.f.right))
            };
            let key = match key_node {
                Some(k) => match self.static_string(k) {
                    Some(s) => PropKey::String(s.into()),
                    None => PropKey::Computed(self.expr(k)),
                },
                None => PropKey::Computed(self.m.push_expr(ExprKind::Other, span(c))),
            };
            let value = self.opt_expr(value_node, c);
            props.push(ObjectProp::KeyValue {
                key,
                value,
                shorthand: false,
            });
        }
        self.m.push_expr(
            ExprKind::Object {
                props: props.into(),
            },
            span(init),
        )
    }

    /// `new { id = 1, item.Name }`: an object (a bare member is a shorthand of its name).
    fn anonymous_object(&mut self, node: Node<'_>) -> ExprId {
        let mut props = Vec::new();
        let kids = named(node);
        let mut i = 0;
        // The grammar lists `name = value` as two siblings with an `=` token between them.
        let all = cst::kids(node);
        while i < kids.len() {
            let c = kids[i];
            let next_is_eq = all
                .iter()
                .skip_while(|k| k.id() != c.id())
                .nth(1)
                .is_some_and(|k| !k.is_named() && cst::kind_of(*k) == "=");
            if next_is_eq && cst::kind_of(c) == "identifier" && i + 1 < kids.len() {
                let value = self.expr(kids[i + 1]);
                props.push(ObjectProp::KeyValue {
                    key: PropKey::Ident(self.text(c).into()),
                    value,
                    shorthand: false,
                });
                i += 2;
                continue;
            }
            let value = self.expr(c);
            let key = match cst::kind_of(c) {
                "identifier" => self.text(c).to_owned(),
                "member_access_expression" => field(c, self.f.name)
                    .map(|n| self.text(n).to_owned())
                    .unwrap_or_default(),
                _ => String::new(),
            };
            if key.is_empty() {
                props.push(ObjectProp::Spread { value });
            } else {
                props.push(ObjectProp::KeyValue {
                    key: PropKey::Ident(key.into()),
                    value,
                    shorthand: true,
                });
            }
            i += 1;
        }
        self.m.push_expr(
            ExprKind::Object {
                props: props.into(),
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
            "??" => ExprKind::Logical {
                op: LogicalOp::Nullish,
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

    /// `x => …`, `(a, b) => { … }`, `async (int id, Db db) => …`, `delegate (int z) { … }`.
    fn lambda(&mut self, node: Node<'_>) -> ExprId {
        let class = self.classes.last().map(|(c, _)| *c);
        let mods = self.modifiers(node);
        let function = self.function_shell(
            None,
            FunctionKind::Arrow,
            &mods,
            None,
            class,
            node,
            None,
            false,
        );
        let body_node = field(node, self.f.body).or_else(|| cst::first_of_kind(node, "block"));
        let body = self.function_body(function, field(node, self.f.parameters), body_node);
        let is_async = cst::kids(node).iter().any(|k| self.text(*k) == "async");
        if let Some(f) = self.m.functions.get_mut(function.index()) {
            f.body = body;
            f.is_async = f.is_async || is_async;
        }
        self.m
            .push_expr(ExprKind::Function { function }, span(node))
    }

    /// `x switch { A => 1, _ => 2 }`: a chain of conditionals on equality with the constant
    /// arms; an arm whose pattern is not a constant tests `Other`.
    fn switch_expression(&mut self, node: Node<'_>) -> ExprId {
        let parts = named(node);
        let subject = match parts.first() {
            Some(s) => self.expr(*s),
            None => return self.m.push_expr(ExprKind::Other, span(node)),
        };
        let mut arms = Vec::new();
        for arm in parts.iter().skip(1) {
            if cst::kind_of(*arm) != "switch_expression_arm" {
                continue;
            }
            let kids = named(*arm);
            let (Some(pattern), Some(value)) = (kids.first(), kids.last()) else {
                continue;
            };
            let is_discard = cst::kind_of(*pattern) == "discard";
            let test = if is_discard {
                None
            } else {
                Some(self.case_label(*pattern))
            };
            let value = self.expr(*value);
            arms.push((test, value, span(*arm)));
        }
        // Fold from the last arm: `t1 ? v1 : (t2 ? v2 : … : last)`.
        let mut acc: Option<ExprId> = None;
        for (test, value, at) in arms.into_iter().rev() {
            acc = Some(match (test, acc) {
                (None, _) | (_, None) => value,
                (Some(t), Some(rest)) => {
                    let test = self.m.push_expr(
                        ExprKind::Binary {
                            op: BinaryOp::Eq,
                            left: subject,
                            right: t,
                        },
                        at,
                    );
                    self.m.push_expr(
                        ExprKind::Conditional {
                            test,
                            consequent: value,
                            alternate: rest,
                        },
                        at,
                    )
                }
            });
        }
        acc.unwrap_or_else(|| self.m.push_expr(ExprKind::Other, span(node)))
    }
}
