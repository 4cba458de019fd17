//! Expressions, paths, closures, literals and types.
use super::items::type_name;
use super::{Lowerer, children, named, number_value, span, string_value};
use crate::model::*;
use tree_sitter::Node;

pub(super) fn arg(value: ExprId) -> Arg {
    Arg {
        name: None,
        value,
        spread: false,
        keyword_spread: false,
    }
}

impl<'s> Lowerer<'s> {
    pub(super) fn other(&mut self, node: Node<'_>) -> ExprId {
        self.m.push_expr(ExprKind::Other, span(node))
    }

    pub(super) fn expr(&mut self, node: Node<'_>) -> ExprId {
        if !self.descend(node) {
            return self.other(node);
        }
        let id = self.expr_inner(node);
        self.ascend();
        id
    }

    fn expr_inner(&mut self, node: Node<'_>) -> ExprId {
        let kind = match node.kind() {
            "identifier" => return self.ident(node),
            "self" => ExprKind::This,
            "scoped_identifier" | "generic_type" | "scoped_type_identifier" | "type_identifier" => {
                return self.path_expr(node);
            }
            "generic_function" => {
                return match node.child_by_field_name("function") {
                    Some(f) => self.expr(f),
                    None => self.other(node),
                };
            }
            // Wrappers that keep the value.
            "parenthesized_expression" | "try_expression" => {
                return match named(node).first() {
                    Some(inner) => self.expr(*inner),
                    None => self.other(node),
                };
            }
            "reference_expression" | "type_cast_expression" => {
                return match node.child_by_field_name("value") {
                    Some(inner) => self.expr(inner),
                    None => self.other(node),
                };
            }
            "unary_expression" => return self.unary(node),
            "await_expression" => match named(node).first() {
                Some(inner) => ExprKind::Await {
                    arg: self.expr(*inner),
                },
                None => ExprKind::Other,
            },
            "field_expression" => {
                let object = match node.child_by_field_name("value") {
                    Some(v) => self.expr(v),
                    None => self.other(node),
                };
                let name = node
                    .child_by_field_name("field")
                    .map(|f| self.text(f).to_string())
                    .unwrap_or_default();
                ExprKind::Member {
                    object,
                    property: MemberProp::Name(name.into()),
                    optional: false,
                }
            }
            "index_expression" => {
                let parts = named(node);
                match (parts.first(), parts.get(1)) {
                    (Some(o), Some(i)) => {
                        let object = self.expr(*o);
                        let index = self.expr(*i);
                        ExprKind::Member {
                            object,
                            property: MemberProp::Computed(index),
                            optional: false,
                        }
                    }
                    _ => ExprKind::Other,
                }
            }
            "call_expression" => {
                let callee = match node.child_by_field_name("function") {
                    Some(f) => self.expr(f),
                    None => self.other(node),
                };
                let args = match node.child_by_field_name("arguments") {
                    Some(list) => named(list)
                        .into_iter()
                        .filter(|a| a.kind() != "attribute_item")
                        .map(|a| arg(self.expr(a)))
                        .collect(),
                    None => Vec::new(),
                };
                ExprKind::Call {
                    callee,
                    args: args.into(),
                    optional: false,
                    is_new: false,
                }
            }
            "binary_expression" => self.binary(node),
            "assignment_expression" | "compound_assignment_expr" => {
                let value = match node.child_by_field_name("right") {
                    Some(r) => self.expr(r),
                    None => self.other(node),
                };
                let target = match node.child_by_field_name("left") {
                    Some(l) => self.assign_target(l),
                    None => self.m.push_pattern(
                        PatternKind::Ident {
                            name: "_".into(),
                            binding: None,
                        },
                        span(node),
                    ),
                };
                ExprKind::Assign {
                    op: if node.kind() == "assignment_expression" {
                        AssignOp::Assign
                    } else {
                        AssignOp::Compound
                    },
                    target,
                    value,
                }
            }
            "string_literal" | "raw_string_literal" | "char_literal" => {
                match string_value(self.text(node)) {
                    Some(value) => ExprKind::Literal {
                        value: LiteralValue::String {
                            value: value.into(),
                        },
                    },
                    None => ExprKind::Other,
                }
            }
            "integer_literal" | "float_literal" => {
                let raw = self.text(node).to_string();
                match number_value(&raw) {
                    Some(value) => ExprKind::Literal {
                        value: LiteralValue::Number(Box::new(NumberLiteral {
                            value,
                            raw: raw.into(),
                        })),
                    },
                    None => ExprKind::Other,
                }
            }
            "boolean_literal" => ExprKind::Literal {
                value: LiteralValue::Bool {
                    value: self.text(node) == "true",
                },
            },
            "tuple_expression" | "array_expression" => {
                let elements = named(node)
                    .into_iter()
                    .filter(|c| c.kind() != "attribute_item")
                    .map(|c| ArrayElement::Expr(self.expr(c)))
                    .collect();
                ExprKind::Array {
                    elements,
                    kind: if node.kind() == "tuple_expression" {
                        ArrayKind::Tuple
                    } else {
                        ArrayKind::Array
                    },
                }
            }
            "struct_expression" => self.struct_expression(node),
            "closure_expression" => self.closure(node),
            "async_block" | "gen_block" => {
                let function = self.new_function(node, None, FunctionKind::Arrow);
                if let Some(f) = self.m.functions.get_mut(function.index()) {
                    f.is_async = node.kind() == "async_block";
                }
                self.in_function(function, |this| {
                    let body = this.block_stmts(node, true);
                    FunctionBody::Block(body)
                });
                ExprKind::Function { function }
            }
            "if_expression" => return self.if_value(node),
            "block" | "unsafe_block" | "const_block" | "match_expression" | "loop_expression"
            | "while_expression" | "for_expression" | "return_expression" | "try_block" => {
                return self.called_in_place(node);
            }
            "macro_invocation" => return self.macro_call(node),
            _ => ExprKind::Other,
        };
        self.m.push_expr(kind, span(node))
    }

    /// A name: its binding in scope; `Self` is the `impl`'s type.
    pub(super) fn ident(&mut self, node: Node<'_>) -> ExprId {
        let written = self.text(node);
        let name = match (written, &self.self_type) {
            ("Self", Some(t)) => t.clone(),
            _ => written.to_string(),
        };
        let binding = self.lookup(&name);
        self.m.push_expr(
            ExprKind::Ident {
                name: name.into(),
                binding,
            },
            span(node),
        )
    }

    /// A path (`a::b::c`) as a member chain; a path from `crate`, `super` or `self` starts at
    /// the implicit namespace import of its module.
    pub(super) fn path_expr(&mut self, node: Node<'_>) -> ExprId {
        match node.kind() {
            "identifier" | "type_identifier" => self.ident(node),
            "self" => self.m.push_expr(ExprKind::This, span(node)),
            "scoped_identifier" | "scoped_type_identifier" => {
                let segments: Vec<String> = self
                    .text(node)
                    .split("::")
                    .map(|s| s.trim().to_string())
                    .collect();
                if segments.len() >= 2
                    && matches!(segments[0].as_str(), "crate" | "super" | "self")
                    && segments.iter().all(|s| {
                        !s.is_empty() && s.chars().all(|c| c.is_alphanumeric() || c == '_')
                    })
                {
                    let (last, module) = segments.split_last().unwrap_or((&segments[0], &[]));
                    let module = module.join("::");
                    let binding = self.path_import(&module, span(node));
                    let object = self.m.push_expr(
                        ExprKind::Ident {
                            name: module.into(),
                            binding,
                        },
                        span(node),
                    );
                    return self.m.push_expr(
                        ExprKind::Member {
                            object,
                            property: MemberProp::Name(last.as_str().into()),
                            optional: false,
                        },
                        span(node),
                    );
                }
                let name = node
                    .child_by_field_name("name")
                    .map(|n| self.text(n).to_string())
                    .unwrap_or_default();
                let object = match node.child_by_field_name("path") {
                    Some(p) => self.path_expr(p),
                    None => return self.ident_named(&name, node),
                };
                self.m.push_expr(
                    ExprKind::Member {
                        object,
                        property: MemberProp::Name(name.into()),
                        optional: false,
                    },
                    span(node),
                )
            }
            "generic_type" | "generic_type_with_turbofish" => {
                match node.child_by_field_name("type") {
                    Some(t) => self.path_expr(t),
                    None => self.other(node),
                }
            }
            "crate" | "super" => {
                let path = self.text(node).to_string();
                let binding = self.path_import(&path, span(node));
                self.m.push_expr(
                    ExprKind::Ident {
                        name: path.into(),
                        binding,
                    },
                    span(node),
                )
            }
            _ => {
                let name = type_name(self.text(node)).to_string();
                self.ident_named(&name, node)
            }
        }
    }

    fn ident_named(&mut self, name: &str, node: Node<'_>) -> ExprId {
        let name = match (name, &self.self_type) {
            ("Self", Some(t)) => t.clone(),
            _ => name.to_string(),
        };
        let binding = self.lookup(&name);
        self.m.push_expr(
            ExprKind::Ident {
                name: name.into(),
                binding,
            },
            span(node),
        )
    }

    fn unary(&mut self, node: Node<'_>) -> ExprId {
        let op = children(node)
            .first()
            .map(|c| self.text(*c).to_string())
            .unwrap_or_default();
        let Some(arg) = named(node).into_iter().next() else {
            return self.other(node);
        };
        let op = match op.as_str() {
            "!" => UnaryOp::Not,
            "-" => UnaryOp::Minus,
            // `*x` reads the value behind the reference.
            _ => return self.expr(arg),
        };
        let arg = self.expr(arg);
        self.m.push_expr(ExprKind::Unary { op, arg }, span(node))
    }

    fn binary(&mut self, node: Node<'_>) -> ExprKind {
        let left = match node.child_by_field_name("left") {
            Some(l) => self.expr(l),
            None => self.other(node),
        };
        let right = match node.child_by_field_name("right") {
            Some(r) => self.expr(r),
            None => self.other(node),
        };
        let op = node
            .child_by_field_name("operator")
            .map(|o| self.text(o))
            .unwrap_or("");
        let logical = match op {
            "&&" => Some(LogicalOp::And),
            "||" => Some(LogicalOp::Or),
            _ => None,
        };
        if let Some(op) = logical {
            return ExprKind::Logical { op, left, right };
        }
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
            _ => return ExprKind::Other,
        };
        ExprKind::Binary { op, left, right }
    }

    fn assign_target(&mut self, node: Node<'_>) -> PatternId {
        if node.kind() == "identifier" {
            let name = self.text(node).to_string();
            let binding = self.lookup(&name);
            if let Some(b) = binding {
                self.mark_reassigned(b);
            }
            return self.m.push_pattern(
                PatternKind::Ident {
                    name: name.into(),
                    binding,
                },
                span(node),
            );
        }
        let expr = self.expr(node);
        self.m.push_pattern(PatternKind::Expr { expr }, span(node))
    }

    /// `T { a: 1, b, ..rest }`: an object whose keys are the field names.
    fn struct_expression(&mut self, node: Node<'_>) -> ExprKind {
        let mut props = Vec::new();
        if let Some(body) = node.child_by_field_name("body") {
            for f in named(body) {
                match f.kind() {
                    "field_initializer" => {
                        let key = f
                            .child_by_field_name("field")
                            .map(|k| self.text(k).to_string())
                            .unwrap_or_default();
                        let value = match f.child_by_field_name("value") {
                            Some(v) => self.expr(v),
                            None => self.other(f),
                        };
                        props.push(ObjectProp::KeyValue {
                            key: PropKey::Ident(key.into()),
                            value,
                            shorthand: false,
                        });
                    }
                    "shorthand_field_initializer" => {
                        let Some(id) = named(f).into_iter().find(|c| c.kind() == "identifier")
                        else {
                            continue;
                        };
                        let value = self.ident(id);
                        props.push(ObjectProp::KeyValue {
                            key: PropKey::Ident(self.text(id).into()),
                            value,
                            shorthand: true,
                        });
                    }
                    "base_field_initializer" => {
                        if let Some(v) = named(f).first() {
                            let value = self.expr(*v);
                            props.push(ObjectProp::Spread { value });
                        }
                    }
                    _ => {}
                }
            }
        }
        ExprKind::Object {
            props: props.into(),
        }
    }

    /// Runs `body` with `function` as the function being lowered, in a scope of its own, and
    /// stores the body it gives.
    pub(super) fn in_function(
        &mut self,
        function: FuncId,
        body: impl FnOnce(&mut Self) -> FunctionBody,
    ) {
        let saved_func = self.func;
        self.func = Some(function);
        self.push_scope();
        let b = body(self);
        self.pop_scope();
        self.func = saved_func;
        if let Some(f) = self.m.functions.get_mut(function.index()) {
            f.body = b;
        }
    }

    /// `|a, b| expr`, `move |x: T| -> R { … }`.
    fn closure(&mut self, node: Node<'_>) -> ExprKind {
        let function = self.new_function(node, None, FunctionKind::Arrow);
        let is_async = self.text(node).trim_start().starts_with("async");
        let saved_func = self.func;
        self.func = Some(function);
        self.push_scope();
        let params = node
            .child_by_field_name("parameters")
            .map(|p| self.params(p, function))
            .unwrap_or_default();
        let return_type = node
            .child_by_field_name("return_type")
            .map(|r| self.annotation(r));
        let body = match node.child_by_field_name("body") {
            Some(b) if b.kind() == "block" => FunctionBody::Block(self.function_block(b)),
            Some(b) => FunctionBody::Expr(self.expr(b)),
            None => FunctionBody::None,
        };
        self.pop_scope();
        self.func = saved_func;
        if let Some(f) = self.m.functions.get_mut(function.index()) {
            f.params = params;
            f.return_type = return_type;
            f.body = body;
            f.is_async = is_async;
        }
        ExprKind::Function { function }
    }

    /// An `if` used as a value: a conditional when both branches are one expression each,
    /// else a function called in place.
    fn if_value(&mut self, node: Node<'_>) -> ExprId {
        let cond = node.child_by_field_name("condition");
        let consequence = single(node.child_by_field_name("consequence"));
        let alternative = node
            .child_by_field_name("alternative")
            .and_then(|e| named(e).into_iter().next());
        let alt_single = match alternative {
            Some(a) if a.kind() == "if_expression" => Some(a),
            other => single(other),
        };
        match (cond, consequence, alt_single) {
            (Some(c), Some(a), Some(b))
                if c.kind() != "let_condition" && c.kind() != "let_chain" =>
            {
                let test = self.expr(c);
                let consequent = self.expr(a);
                let alternate = self.expr(b);
                self.m.push_expr(
                    ExprKind::Conditional {
                        test,
                        consequent,
                        alternate,
                    },
                    span(node),
                )
            }
            _ => self.called_in_place(node),
        }
    }

    /// A block-like expression used as a value: a function written and called in place,
    /// whose body is the expression as a statement, its tail returned.
    fn called_in_place(&mut self, node: Node<'_>) -> ExprId {
        let function = self.new_function(node, None, FunctionKind::Arrow);
        self.in_function(function, |this| {
            FunctionBody::Block(vec![this.control_stmt(node, true)])
        });
        let callee = self
            .m
            .push_expr(ExprKind::Function { function }, span(node));
        self.m.push_expr(
            ExprKind::Call {
                callee,
                args: Box::default(),
                optional: false,
                is_new: false,
            },
            span(node),
        )
    }
}

/// A block holding one expression and nothing else: that expression.
fn single<'t>(b: Option<Node<'t>>) -> Option<Node<'t>> {
    let b = b?;
    if b.kind() != "block" {
        return None;
    }
    match named(b).as_slice() {
        [one]
            if !matches!(one.kind(), "expression_statement" | "let_declaration")
                && !super::items::is_item(one.kind()) =>
        {
            Some(*one)
        }
        _ => None,
    }
}

impl<'s> Lowerer<'s> {
    // -----------------------------------------------------------------------------------------
    // Types
    // -----------------------------------------------------------------------------------------

    pub(super) fn annotation(&mut self, node: Node<'_>) -> TypeAnnotation {
        TypeAnnotation {
            text: collapse_whitespace(self.text(node)).into(),
            shape: self.type_ref(node),
            span: span(node),
        }
    }

    pub(super) fn type_ref(&mut self, node: Node<'_>) -> TypeRef {
        if !self.descend(node) {
            return TypeRef::Unknown;
        }
        let t = self.type_ref_inner(node);
        self.ascend();
        t
    }

    fn type_ref_inner(&mut self, node: Node<'_>) -> TypeRef {
        match node.kind() {
            "primitive_type" => TypeRef::Keyword {
                name: self.text(node).into(),
            },
            "reference_type" | "pointer_type" => match node.child_by_field_name("type") {
                Some(t) => self.type_ref(t),
                None => TypeRef::Unknown,
            },
            "unit_type" => TypeRef::Keyword {
                name: "void".into(),
            },
            "tuple_type" => TypeRef::Tuple {
                items: named(node).into_iter().map(|t| self.type_ref(t)).collect(),
            },
            "array_type" => TypeRef::Array {
                items: Box::new(match node.child_by_field_name("element") {
                    Some(t) => self.type_ref(t),
                    None => TypeRef::Unknown,
                }),
            },
            "type_identifier" | "scoped_type_identifier" => TypeRef::Named {
                name: self.qualified_type(node).into(),
                args: Box::default(),
            },
            "generic_type" => {
                let name = node
                    .child_by_field_name("type")
                    .map(|t| self.qualified_type(t))
                    .unwrap_or_default();
                let args: Vec<TypeRef> = node
                    .child_by_field_name("type_arguments")
                    .map(|a| {
                        named(a)
                            .into_iter()
                            .filter(|c| c.kind() != "lifetime")
                            .map(|c| self.type_ref(c))
                            .collect()
                    })
                    .unwrap_or_default();
                match (name.as_str(), args.as_slice()) {
                    ("Vec", [item]) => TypeRef::Array {
                        items: Box::new(item.clone()),
                    },
                    _ => TypeRef::Named {
                        name: name.into(),
                        args: args.into(),
                    },
                }
            }
            "function_type" => TypeRef::Function,
            _ => TypeRef::Unknown,
        }
    }

    /// A type's name with `.` for `::`; a name imported from another crate
    /// (`use reqwest::Client as HttpClient`) is qualified by the path it comes from
    /// (`reqwest.Client`), as a Go type is by its package.
    fn qualified_type(&self, node: Node<'_>) -> String {
        let written = self.text(node);
        if node.kind() == "type_identifier"
            && let Some(b) = self.lookup(written)
            && let BindingKind::Import { import, name } = self.m.binding(b).kind
            && let Some(imp) = self.m.imports.get(import as usize)
            && !matches!(
                imp.specifier.split("::").next(),
                Some("crate" | "self" | "super")
            )
            && let Some(ImportedItem::Named(original)) =
                imp.names.get(name as usize).map(|n| &n.imported)
        {
            return format!("{}.{original}", imp.specifier.replace("::", "."));
        }
        written.replace("::", ".")
    }
}
