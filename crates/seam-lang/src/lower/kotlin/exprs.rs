//! Expressions.
use super::Lowerer;
use super::cst::{self, first_of_kind, kids, named, span};
use super::decls::is_type;
use super::stmts::unwrap_parens;
use crate::model::*;
use tree_sitter::Node;

/// Standard-library builders of lists and maps, read as literals when not shadowed.
const LIST_BUILDERS: &[&str] = &[
    "listOf",
    "mutableListOf",
    "arrayListOf",
    "arrayOf",
    "setOf",
    "mutableSetOf",
    "hashSetOf",
    "listOfNotNull",
];
const MAP_BUILDERS: &[&str] = &[
    "mapOf",
    "mutableMapOf",
    "hashMapOf",
    "linkedMapOf",
    "linkedMapOf",
];

impl<'s> Lowerer<'s> {
    pub(super) fn expr(&mut self, node: Node<'_>) -> ExprId {
        if !self.descend(node) {
            return self.other_expr(node);
        }
        let id = self.expr_inner(node);
        self.ascend();
        id
    }

    fn opt_expr(&mut self, node: Option<Node<'_>>, owner: Node<'_>) -> ExprId {
        match node {
            Some(n) => self.expr(n),
            None => self.other_expr(owner),
        }
    }

    fn expr_inner(&mut self, node: Node<'_>) -> ExprId {
        let kind = match cst::kind_of(node) {
            "simple_identifier" => return self.identifier(node),
            "this_expression" => ExprKind::This,
            "super_expression" => ExprKind::Super,
            "parenthesized_expression" => {
                return self.opt_expr(named(node).into_iter().next(), node);
            }
            // `x as T`, `x!!`: the value.
            "as_expression" => return self.opt_expr(named(node).into_iter().next(), node),
            "string_literal" => return self.string(node),
            "character_literal" => return self.character(node),
            "integer_literal" | "hex_literal" | "bin_literal" | "real_literal" | "long_literal"
            | "unsigned_literal" => return self.number(node),
            "boolean_literal" => ExprKind::Literal {
                value: LiteralValue::Bool {
                    value: self.text(node) == "true",
                },
            },
            "null_literal" => ExprKind::Literal {
                value: LiteralValue::Null,
            },
            "navigation_expression" => return self.navigation(node),
            "call_expression" => return self.call(node),
            "indexing_expression" => {
                let parts = named(node);
                let object = self.opt_expr(parts.first().copied(), node);
                return match parts.get(1) {
                    Some(suffix) => self.suffixed(object, *suffix, node),
                    None => object,
                };
            }
            "additive_expression"
            | "multiplicative_expression"
            | "comparison_expression"
            | "equality_expression"
            | "conjunction_expression"
            | "disjunction_expression"
            | "elvis_expression"
            | "range_expression" => return self.binary(node),
            "infix_expression" => return self.infix(node),
            "check_expression" => {
                let parts = named(node);
                let left = self.opt_expr(parts.first().copied(), node);
                let right = match parts.get(1) {
                    Some(t) if is_type(*t) => self.type_value(*t),
                    Some(e) => self.expr(*e),
                    None => self.other_expr(node),
                };
                let op = cst::operator(node);
                let (op, negate) = match op {
                    "is" => (BinaryOp::Instanceof, false),
                    "!is" => (BinaryOp::Instanceof, true),
                    "!in" => (BinaryOp::In, true),
                    _ => (BinaryOp::In, false),
                };
                let test = self
                    .m
                    .push_expr(ExprKind::Binary { op, left, right }, span(node));
                if !negate {
                    return test;
                }
                ExprKind::Unary {
                    op: UnaryOp::Not,
                    arg: test,
                }
            }
            "prefix_expression" => return self.prefix(node),
            "postfix_expression" => {
                let arg = self.opt_expr(named(node).into_iter().next(), node);
                match cst::operator(node) {
                    "++" => ExprKind::Update {
                        op: UpdateOp::Increment,
                        prefix: false,
                        arg,
                    },
                    "--" => ExprKind::Update {
                        op: UpdateOp::Decrement,
                        prefix: false,
                        arg,
                    },
                    // `x!!`
                    _ => return arg,
                }
            }
            "lambda_literal" => return self.lambda(node),
            "annotated_lambda" => {
                return self.opt_expr(first_of_kind(node, "lambda_literal"), node);
            }
            "anonymous_function" => return self.anonymous_function(node),
            "collection_literal" => ExprKind::Array {
                elements: named(node)
                    .into_iter()
                    .map(|e| ArrayElement::Expr(self.expr(e)))
                    .collect(),
                kind: ArrayKind::Array,
            },
            "if_expression" => {
                let test = self.opt_expr(node.child_by_field_name("condition"), node);
                let consequent = self.branch_value(node.child_by_field_name("consequence"), node);
                let alternate = self.branch_value(node.child_by_field_name("alternative"), node);
                ExprKind::Conditional {
                    test,
                    consequent,
                    alternate,
                }
            }
            "when_expression" => return self.when_value(node),
            "callable_reference" => {
                // `::f`, `T::m`, `T::class`: a read of the member.
                let parts = named(node);
                let object = match parts.first() {
                    Some(t) if parts.len() > 1 => self.type_value(*t),
                    _ => self.m.push_expr(ExprKind::This, span(node)),
                };
                let name = match parts.last() {
                    Some(n) if cst::kind_of(*n) == "simple_identifier" => self.text(*n).to_owned(),
                    _ => "class".to_owned(),
                };
                ExprKind::Member {
                    object,
                    property: MemberProp::Name(name.into()),
                    optional: false,
                }
            }
            "object_literal" => {
                let class = self.object_literal(node);
                ExprKind::Class { class }
            }
            "spread_expression" => return self.opt_expr(named(node).into_iter().next(), node),
            "jump_expression" | "try_expression" => ExprKind::Other,
            _ => ExprKind::Other,
        };
        self.m.push_expr(kind, span(node))
    }

    /// A type used as a value (`is User`, `User::class`).
    fn type_value(&mut self, node: Node<'_>) -> ExprId {
        match cst::kind_of(node) {
            "user_type" => self.type_expr(node),
            "type_identifier" | "simple_identifier" => {
                let name = self.text(node).to_owned();
                let binding = self.lookup(&name);
                self.m.push_expr(
                    ExprKind::Ident {
                        name: name.into(),
                        binding,
                    },
                    span(node),
                )
            }
            _ => match first_of_kind(node, "user_type") {
                Some(t) => self.type_expr(t),
                None => self.other_expr(node),
            },
        }
    }

    /// A bare name: a local or parameter, else a constant or property of an enclosing
    /// class (`this.name`), else a declaration or an import.
    pub(super) fn identifier(&mut self, node: Node<'_>) -> ExprId {
        let name = self.text(node).to_owned();
        if !self.is_local(&name)
            && let Some(binding) = self.constant(&name)
        {
            return self.m.push_expr(
                ExprKind::Ident {
                    name: name.into(),
                    binding: Some(binding),
                },
                span(node),
            );
        }
        if !self.is_local(&name) && self.is_field(&name) {
            let this = self.m.push_expr(ExprKind::This, span(node));
            return self.m.push_expr(
                ExprKind::Member {
                    object: this,
                    property: MemberProp::Name(name.into()),
                    optional: false,
                },
                span(node),
            );
        }
        let binding = self.lookup(&name);
        self.m.push_expr(
            ExprKind::Ident {
                name: name.into(),
                binding,
            },
            span(node),
        )
    }

    /// `a.b`, `a?.b`, `a::b`.
    fn navigation(&mut self, node: Node<'_>) -> ExprId {
        let parts = named(node);
        let object = self.opt_expr(parts.first().copied(), node);
        match parts.get(1) {
            Some(suffix) => self.suffixed(object, *suffix, node),
            None => object,
        }
    }

    /// Applies a `navigation_suffix` or `indexing_suffix` to `object`.
    fn suffixed(&mut self, object: ExprId, suffix: Node<'_>, whole: Node<'_>) -> ExprId {
        let at = Span::new(self.m.expr(object).span.start, span(whole).end);
        match cst::kind_of(suffix) {
            "navigation_suffix" => {
                let optional = cst::has_token(suffix, "?.");
                let property = match named(suffix).into_iter().next() {
                    Some(n) if cst::kind_of(n) == "simple_identifier" => {
                        MemberProp::Name(self.text(n).into())
                    }
                    Some(e) => MemberProp::Computed(self.expr(e)),
                    None => MemberProp::Name("class".into()),
                };
                self.m.push_expr(
                    ExprKind::Member {
                        object,
                        property,
                        optional,
                    },
                    at,
                )
            }
            "indexing_suffix" => {
                let index = self.opt_expr(named(suffix).into_iter().next(), suffix);
                self.m.push_expr(
                    ExprKind::Member {
                        object,
                        property: MemberProp::Computed(index),
                        optional: false,
                    },
                    at,
                )
            }
            _ => object,
        }
    }

    /// `f(args)`, `obj.m(args) { lambda }`, `listOf(…)`, `mapOf(k to v)`; a bare call of a
    /// method of the enclosing class reads as `this.m(…)`.
    fn call(&mut self, node: Node<'_>) -> ExprId {
        let parts = named(node);
        let (Some(callee_node), Some(suffix)) = (parts.first().copied(), parts.get(1).copied())
        else {
            return self.other_expr(node);
        };
        let callee_node = unwrap_parens(callee_node);
        if cst::kind_of(callee_node) == "simple_identifier" {
            let name = self.text(callee_node);
            if self.lookup(name).is_none() && !self.is_method(name) {
                if LIST_BUILDERS.contains(&name) {
                    let args = self.call_args(suffix);
                    let elements = args
                        .into_iter()
                        .map(|a| {
                            if a.spread {
                                ArrayElement::Spread(a.value)
                            } else {
                                ArrayElement::Expr(a.value)
                            }
                        })
                        .collect();
                    let kind = if name.contains("Set") || name.starts_with("set") {
                        ArrayKind::Set
                    } else {
                        ArrayKind::Array
                    };
                    return self
                        .m
                        .push_expr(ExprKind::Array { elements, kind }, span(node));
                }
                if MAP_BUILDERS.contains(&name) {
                    return self.map_literal(suffix, node);
                }
            }
        }
        let callee = if cst::kind_of(callee_node) == "simple_identifier"
            && !self.is_local(self.text(callee_node))
            && self.is_method(self.text(callee_node))
        {
            let name = self.text(callee_node).to_owned();
            let this = self.m.push_expr(ExprKind::This, span(callee_node));
            self.m.push_expr(
                ExprKind::Member {
                    object: this,
                    property: MemberProp::Name(name.into()),
                    optional: false,
                },
                span(callee_node),
            )
        } else {
            self.expr(callee_node)
        };
        let args = self.call_args(suffix);
        let is_new = self.is_instantiation(callee_node);
        self.m.push_expr(
            ExprKind::Call {
                callee,
                args: args.into(),
                optional: false,
                is_new,
            },
            span(node),
        )
    }

    /// Kotlin has no `new`: a call of a capitalised name (`User(…)`, `a.b.Err(…)`) is an
    /// instantiation by the language's naming convention, and reads as `new` does in Java.
    fn is_instantiation(&self, callee: Node<'_>) -> bool {
        let name = match cst::kind_of(callee) {
            "simple_identifier" => {
                let name = self.text(callee);
                if self.is_method(name) && !self.is_local(name) {
                    return false;
                }
                name
            }
            "navigation_expression" => match named(callee)
                .last()
                .and_then(|s| named(*s).into_iter().next())
            {
                Some(n) if cst::kind_of(n) == "simple_identifier" => self.text(n),
                _ => return false,
            },
            _ => return false,
        };
        name.starts_with(|c: char| c.is_ascii_uppercase())
    }

    /// The arguments of a `call_suffix`: the parenthesised ones, then a trailing lambda.
    fn call_args(&mut self, suffix: Node<'_>) -> Vec<Arg> {
        let mut args = Vec::new();
        for c in named(suffix) {
            match cst::kind_of(c) {
                "value_arguments" => args.extend(self.value_arguments(c)),
                "annotated_lambda" | "lambda_literal" => {
                    let value = self.expr(c);
                    args.push(Arg {
                        name: None,
                        value,
                        spread: false,
                        keyword_spread: false,
                    });
                }
                _ => {}
            }
        }
        args
    }

    /// `(a, name = b, *rest)`.
    pub(super) fn value_arguments(&mut self, node: Node<'_>) -> Vec<Arg> {
        let mut args = Vec::new();
        for a in named(node) {
            if cst::kind_of(a) != "value_argument" {
                continue;
            }
            let parts = named(a);
            let named_arg = cst::has_token(a, "=") && parts.len() >= 2;
            let name = named_arg.then(|| self.text(parts[0]).to_owned());
            let value_node = if named_arg {
                parts.get(1).copied()
            } else {
                parts.first().copied()
            };
            let value = self.opt_expr(value_node, a);
            args.push(Arg {
                name: name.map(Name::from),
                value,
                spread: cst::has_token(a, "*"),
                keyword_spread: false,
            });
        }
        args
    }

    /// `mapOf("a" to 1, k to v)`: an object; a key that is not a string is computed.
    fn map_literal(&mut self, suffix: Node<'_>, node: Node<'_>) -> ExprId {
        let mut props = Vec::new();
        for v in named(suffix)
            .into_iter()
            .filter(|c| cst::kind_of(*c) == "value_arguments")
            .flat_map(named)
        {
            let Some(pair) = named(v).into_iter().next() else {
                continue;
            };
            let parts = named(pair);
            let is_to = cst::kind_of(pair) == "infix_expression"
                && parts.len() == 3
                && self.text(parts[1]) == "to";
            if !is_to {
                let value = self.expr(pair);
                props.push(ObjectProp::Spread { value });
                continue;
            }
            let key = match self.static_string(parts[0]) {
                Some(s) => PropKey::String(s.into()),
                None => PropKey::Computed(self.expr(parts[0])),
            };
            let value = self.expr(parts[2]);
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
            span(node),
        )
    }

    fn binary(&mut self, node: Node<'_>) -> ExprId {
        let parts = named(node);
        let left = self.opt_expr(parts.first().copied(), node);
        let right = self.opt_expr(parts.get(1).copied(), node);
        let op = kids(node)
            .into_iter()
            .find(|c| !c.is_named())
            .map_or("", cst::kind_of);
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
            "?:" => ExprKind::Logical {
                op: LogicalOp::Nullish,
                left,
                right,
            },
            _ => {
                let op = match op {
                    "==" => BinaryOp::Eq,
                    "!=" => BinaryOp::NotEq,
                    "===" => BinaryOp::StrictEq,
                    "!==" => BinaryOp::StrictNotEq,
                    "<" => BinaryOp::Lt,
                    "<=" => BinaryOp::LtEq,
                    ">" => BinaryOp::Gt,
                    ">=" => BinaryOp::GtEq,
                    "+" => BinaryOp::Add,
                    "-" => BinaryOp::Sub,
                    "*" => BinaryOp::Mul,
                    "/" => BinaryOp::Div,
                    "%" => BinaryOp::Rem,
                    // `a..b` and `a..<b`: kept as a binary expression of the two ends.
                    _ => BinaryOp::BitOr,
                };
                ExprKind::Binary { op, left, right }
            }
        };
        self.m.push_expr(kind, span(node))
    }

    /// `a to b`, `0 until n`, `x shl 2`: a call of the infix function on the left operand.
    fn infix(&mut self, node: Node<'_>) -> ExprId {
        let parts = named(node);
        let [left, op, right] = parts.as_slice() else {
            return self.other_expr(node);
        };
        let object = self.expr(*left);
        let name = self.text(*op).to_owned();
        let callee = self.m.push_expr(
            ExprKind::Member {
                object,
                property: MemberProp::Name(name.into()),
                optional: false,
            },
            Span::new(span(*left).start, span(*op).end),
        );
        let value = self.expr(*right);
        self.m.push_expr(
            ExprKind::Call {
                callee,
                args: Box::new([Arg {
                    name: None,
                    value,
                    spread: false,
                    keyword_spread: false,
                }]),
                optional: false,
                is_new: false,
            },
            span(node),
        )
    }

    fn prefix(&mut self, node: Node<'_>) -> ExprId {
        let arg_node = named(node)
            .into_iter()
            .rfind(|c| !matches!(cst::kind_of(*c), "annotation" | "label"));
        let arg = self.opt_expr(arg_node, node);
        let kind = match cst::operator(node) {
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
            "++" => ExprKind::Update {
                op: UpdateOp::Increment,
                prefix: true,
                arg,
            },
            "--" => ExprKind::Update {
                op: UpdateOp::Decrement,
                prefix: true,
                arg,
            },
            // An annotated or labelled expression: the expression.
            _ => return arg,
        };
        self.m.push_expr(kind, span(node))
    }

    /// `x = v`, `this.y += 2`, `a[i] = b`.
    pub(super) fn assignment(&mut self, node: Node<'_>) -> ExprId {
        let parts = named(node);
        let op = match kids(node)
            .into_iter()
            .find(|c| !c.is_named())
            .map(cst::kind_of)
        {
            Some("=") | None => AssignOp::Assign,
            Some(_) => AssignOp::Compound,
        };
        let value = self.opt_expr(parts.get(1).copied(), node);
        let target = match parts.first() {
            Some(t) => self.assign_target(*t),
            None => {
                let e = self.other_expr(node);
                self.m
                    .push_pattern(PatternKind::Expr { expr: e }, span(node))
            }
        };
        self.m
            .push_expr(ExprKind::Assign { op, target, value }, span(node))
    }

    fn assign_target(&mut self, node: Node<'_>) -> PatternId {
        let parts = named(node);
        if let [one] = parts.as_slice()
            && cst::kind_of(*one) == "simple_identifier"
            && self.is_local(self.text(*one))
        {
            let name = self.text(*one).to_owned();
            let binding = self.lookup(&name);
            if let Some(b) = binding.and_then(|b| self.m.bindings.get_mut(b.index())) {
                b.reassigned = true;
            }
            return self.m.push_pattern(
                PatternKind::Ident {
                    name: name.into(),
                    binding,
                },
                span(*one),
            );
        }
        let expr = match parts.as_slice() {
            [one] => self.expr(*one),
            [object, suffix] => {
                let object = self.expr(*object);
                self.suffixed(object, *suffix, node)
            }
            _ => self.other_expr(node),
        };
        self.m.push_pattern(PatternKind::Expr { expr }, span(node))
    }

    /// The value of an `if` branch used as an expression: its one expression, or the last.
    fn branch_value(&mut self, node: Option<Node<'_>>, owner: Node<'_>) -> ExprId {
        let Some(node) = node else {
            return self.other_expr(owner);
        };
        let items = match first_of_kind(node, "statements") {
            Some(s) => named(s),
            None => named(node),
        };
        match items.last() {
            Some(last) => self.expr(*last),
            None => self.other_expr(node),
        }
    }

    /// `when` used as a value: nested conditionals, `else` last.
    fn when_value(&mut self, node: Node<'_>) -> ExprId {
        let subject = first_of_kind(node, "when_subject").map(|s| {
            let value = named(s)
                .into_iter()
                .rfind(|c| cst::kind_of(*c) != "variable_declaration");
            self.opt_expr(value, s)
        });
        let entries: Vec<Node<'_>> = named(node)
            .into_iter()
            .filter(|e| cst::kind_of(*e) == "when_entry")
            .collect();
        let mut result: Option<ExprId> = None;
        for entry in entries.into_iter().rev() {
            let value = self.branch_value(first_of_kind(entry, "control_structure_body"), entry);
            let conditions: Vec<Node<'_>> = named(entry)
                .into_iter()
                .filter(|c| cst::kind_of(*c) == "when_condition")
                .collect();
            if conditions.is_empty() {
                result = Some(value);
                continue;
            }
            let mut test: Option<ExprId> = None;
            for c in conditions {
                let cond = match named(c).first() {
                    Some(e) if !matches!(cst::kind_of(*e), "range_test" | "type_test") => {
                        let e = self.expr(*e);
                        match subject {
                            Some(s) => self.m.push_expr(
                                ExprKind::Binary {
                                    op: BinaryOp::Eq,
                                    left: s,
                                    right: e,
                                },
                                span(c),
                            ),
                            None => e,
                        }
                    }
                    _ => self.other_expr(c),
                };
                test = Some(match test {
                    None => cond,
                    Some(left) => self.m.push_expr(
                        ExprKind::Logical {
                            op: LogicalOp::Or,
                            left,
                            right: cond,
                        },
                        span(entry),
                    ),
                });
            }
            let test = test.unwrap_or_else(|| self.other_expr(entry));
            let alternate = result.unwrap_or_else(|| self.other_expr(node));
            result = Some(self.m.push_expr(
                ExprKind::Conditional {
                    test,
                    consequent: value,
                    alternate,
                },
                span(entry),
            ));
        }
        result.unwrap_or_else(|| self.other_expr(node))
    }

    fn new_function(&mut self, node: Node<'_>, kind: FunctionKind) -> FuncId {
        let class = self.classes.last().map(|(c, _)| *c);
        self.m.push_function(Function {
            name: None,
            name_source: NameSource::Anonymous,
            kind,
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
        })
    }

    /// `{ x -> … }`, `{ (a, b) -> … }`, `{ … it … }` (an implicit `it` parameter). One
    /// expression is an expression body; more statements a block.
    fn lambda(&mut self, node: Node<'_>) -> ExprId {
        let function = self.new_function(node, FunctionKind::Arrow);
        let saved = self.func.replace(function);
        let (params, body) = self.scoped(|lw| {
            let mut params = Vec::new();
            match first_of_kind(node, "lambda_parameters") {
                Some(ps) => {
                    for v in named(ps) {
                        let Some(n) = first_of_kind(v, "simple_identifier")
                            .or_else(|| (cst::kind_of(v) == "simple_identifier").then_some(v))
                        else {
                            continue;
                        };
                        let type_annotation = named(v)
                            .into_iter()
                            .find(|t| is_type(*t))
                            .map(|t| lw.annotation(t));
                        params.push(lw.param(n, function, params.len(), type_annotation));
                    }
                }
                None => {
                    let at = Span::new(span(node).start, span(node).start);
                    let index = 0;
                    let binding = lw.declare(
                        "it",
                        BindingKind::Param { function, index },
                        BindingOrigin::none(),
                        at,
                    );
                    let pattern = lw.m.push_pattern(
                        PatternKind::Ident {
                            name: "it".into(),
                            binding: Some(binding),
                        },
                        at,
                    );
                    params.push(Param {
                        pattern,
                        default: None,
                        kind: ParamKind::Normal,
                        type_annotation: None,
                        decorators: Box::default(),
                        property_visibility: None,
                        optional: false,
                        span: at,
                    });
                }
            }
            let items = first_of_kind(node, "statements")
                .map(named)
                .unwrap_or_default();
            let body = match items.as_slice() {
                [one] if super::stmts::is_expression(*one) => FunctionBody::Expr(lw.expr(*one)),
                _ => {
                    let mut out = Vec::new();
                    for s in items {
                        lw.stmt(s, &mut out);
                    }
                    FunctionBody::Block(out)
                }
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

    fn param(
        &mut self,
        n: Node<'_>,
        function: FuncId,
        index: usize,
        type_annotation: Option<TypeAnnotation>,
    ) -> Param {
        let name = self.text(n).to_owned();
        let index = u32::try_from(index).unwrap_or(u32::MAX);
        let binding = self.declare(
            &name,
            BindingKind::Param { function, index },
            BindingOrigin::none(),
            span(n),
        );
        let pattern = self.m.push_pattern(
            PatternKind::Ident {
                name: name.into(),
                binding: Some(binding),
            },
            span(n),
        );
        Param {
            pattern,
            default: None,
            kind: ParamKind::Normal,
            type_annotation,
            decorators: Box::default(),
            property_visibility: None,
            optional: false,
            span: span(n),
        }
    }

    /// `fun(x: Int) = x + 1`, `fun(x: Int) { … }`.
    fn anonymous_function(&mut self, node: Node<'_>) -> ExprId {
        let function = self.new_function(node, FunctionKind::Expression);
        let saved = self.func.replace(function);
        let (params, body) = self.scoped(|lw| {
            let params = first_of_kind(node, "function_value_parameters")
                .map(|p| lw.params(p, function))
                .unwrap_or_default();
            let body = first_of_kind(node, "function_body").map(|b| lw.function_body(b));
            (params, body)
        });
        self.func = saved;
        if let Some(f) = self.m.functions.get_mut(function.index()) {
            f.params = params;
            f.body = body.map_or(FunctionBody::None, FunctionBody::Block);
        }
        self.m
            .push_expr(ExprKind::Function { function }, span(node))
    }

    /// `object : Base(), Iface { … }`: an anonymous class.
    fn object_literal(&mut self, node: Node<'_>) -> ClassId {
        let class = self.m.push_class(Class {
            name: None,
            name_source: NameSource::Anonymous,
            extends: Vec::new(),
            implements: Vec::new(),
            keywords: Vec::new(),
            members: Vec::new(),
            body: Vec::new(),
            decorators: Vec::new(),
            type_params: Vec::new(),
            is_abstract: false,
            parent: self.func,
            span: span(node),
            name_span: None,
        });
        self.class_body(class, node, super::decls::Owner::Class);
        class
    }
}
