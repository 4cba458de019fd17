//! Expressions, literals and types.
use super::decls::string_value;
use super::{BUILTINS, Lowerer, Named, named, span};
use crate::model::*;
use tree_sitter::Node;

/// Type names that read as keywords in an annotation.
const TYPE_KEYWORDS: &[&str] = &[
    "string",
    "bool",
    "int",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "uintptr",
    "float32",
    "float64",
    "complex64",
    "complex128",
    "byte",
    "rune",
    "any",
];

impl<'s> Lowerer<'s> {
    /// An expression kept as text only.
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
            // Wrappers that keep the value.
            "parenthesized_expression" | "literal_element" | "variadic_argument" => {
                return match named(node).first() {
                    Some(inner) => self.expr(*inner),
                    None => self.other(node),
                };
            }
            "type_assertion_expression" => {
                return match node.child_by_field_name("operand") {
                    Some(inner) => self.expr(inner),
                    None => self.other(node),
                };
            }
            "identifier" => return self.ident(node),
            "nil" => ExprKind::Literal {
                value: LiteralValue::Null,
            },
            "true" | "false" => ExprKind::Literal {
                value: LiteralValue::Bool {
                    value: node.kind() == "true",
                },
            },
            "interpreted_string_literal" | "raw_string_literal" => {
                match string_value(self.text(node)) {
                    Some(value) => ExprKind::Literal {
                        value: LiteralValue::String {
                            value: value.into(),
                        },
                    },
                    None => ExprKind::Other,
                }
            }
            "int_literal" | "float_literal" => {
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
            "rune_literal" => {
                let raw = self.text(node).to_string();
                let inner = raw.trim_start_matches('\'').trim_end_matches('\'');
                let decoded = string_value(&format!("\"{inner}\"")).unwrap_or_default();
                match decoded.chars().next() {
                    Some(c) => ExprKind::Literal {
                        value: LiteralValue::Number(Box::new(NumberLiteral {
                            value: f64::from(u32::from(c)),
                            raw: raw.into(),
                        })),
                    },
                    None => ExprKind::Other,
                }
            }
            "selector_expression" => {
                let object = match node.child_by_field_name("operand") {
                    Some(o) => self.expr(o),
                    None => self.other(node),
                };
                let property = node
                    .child_by_field_name("field")
                    .map(|f| self.text(f).to_string())
                    .unwrap_or_default();
                ExprKind::Member {
                    object,
                    property: MemberProp::Name(property.into()),
                    optional: false,
                }
            }
            "index_expression" => {
                let object = match node.child_by_field_name("operand") {
                    Some(o) => self.expr(o),
                    None => self.other(node),
                };
                let index = match node.child_by_field_name("index") {
                    Some(i) => self.expr(i),
                    None => self.other(node),
                };
                ExprKind::Member {
                    object,
                    property: MemberProp::Computed(index),
                    optional: false,
                }
            }
            "call_expression" => self.call(node),
            "type_conversion_expression" => {
                let callee = match node.child_by_field_name("type") {
                    Some(t) => self.other(t),
                    None => self.other(node),
                };
                let args = node
                    .child_by_field_name("operand")
                    .map(|o| vec![arg(self.expr(o), false)])
                    .unwrap_or_default();
                ExprKind::Call {
                    callee,
                    args: args.into(),
                    optional: false,
                    is_new: false,
                }
            }
            "unary_expression" => return self.unary(node),
            "binary_expression" => self.binary(node),
            "composite_literal" => {
                let is_list = node.child_by_field_name("type").is_some_and(|t| {
                    matches!(
                        t.kind(),
                        "slice_type" | "array_type" | "implicit_length_array_type"
                    )
                });
                match node.child_by_field_name("body") {
                    Some(body) => self.literal_value(body, is_list),
                    None => ExprKind::Other,
                }
            }
            "literal_value" => self.literal_value(node, false),
            "func_literal" => self.func_literal(node),
            _ => ExprKind::Other,
        };
        self.m.push_expr(kind, span(node))
    }

    fn ident(&mut self, node: Node<'_>) -> ExprId {
        let name = self.text(node).to_string();
        match self.lookup(&name) {
            Some(Named::Receiver) => self.m.push_expr(ExprKind::This, span(node)),
            Some(Named::Binding(b)) => self.m.push_expr(
                ExprKind::Ident {
                    name: name.into(),
                    binding: Some(b),
                },
                span(node),
            ),
            None => {
                if name == "_" || BUILTINS.contains(&name.as_str()) {
                    return self.m.push_expr(
                        ExprKind::Ident {
                            name: name.into(),
                            binding: None,
                        },
                        span(node),
                    );
                }
                let id = self.m.push_expr(
                    ExprKind::Ident {
                        name: name.as_str().into(),
                        binding: None,
                    },
                    span(node),
                );
                self.free.push((id, name));
                id
            }
        }
    }

    fn call(&mut self, node: Node<'_>) -> ExprKind {
        let callee = match node.child_by_field_name("function") {
            Some(f) => self.expr(f),
            None => self.other(node),
        };
        let mut args = Vec::new();
        if let Some(list) = node.child_by_field_name("arguments") {
            for a in named(list) {
                let spread = a.kind() == "variadic_argument";
                let value = if is_type(a.kind()) {
                    self.other(a)
                } else {
                    self.expr(a)
                };
                args.push(arg(value, spread));
            }
        }
        ExprKind::Call {
            callee,
            args: args.into(),
            optional: false,
            is_new: false,
        }
    }

    fn unary(&mut self, node: Node<'_>) -> ExprId {
        let operand = node.child_by_field_name("operand");
        let op = node
            .child_by_field_name("operator")
            .map(|o| self.text(o))
            .unwrap_or("");
        let Some(operand) = operand else {
            return self.other(node);
        };
        let op = match op {
            "!" => UnaryOp::Not,
            "-" => UnaryOp::Minus,
            "+" => UnaryOp::Plus,
            "^" => UnaryOp::BitNot,
            // `&x` and `*p` keep the value for what seam reads.
            "&" | "*" => return self.expr(operand),
            "<-" => {
                let arg = self.expr(operand);
                return self.m.push_expr(ExprKind::Await { arg }, span(node));
            }
            _ => {
                self.expr(operand);
                return self.other(node);
            }
        };
        let arg = self.expr(operand);
        self.m.push_expr(ExprKind::Unary { op, arg }, span(node))
    }

    fn binary(&mut self, node: Node<'_>) -> ExprKind {
        let left = match node.child_by_field_name("left") {
            Some(l) => self.expr(l),
            None => self.other(node),
        };
        let right_node = node.child_by_field_name("right");
        let right = match right_node {
            Some(r) => self.expr(r),
            None => self.other(node),
        };
        let op = node
            .child_by_field_name("operator")
            .map(|o| self.text(o))
            .unwrap_or("");
        let logical = |op| ExprKind::Logical { op, left, right };
        let binary = |op| ExprKind::Binary { op, left, right };
        match op {
            "&&" => logical(LogicalOp::And),
            "||" => logical(LogicalOp::Or),
            "==" => binary(BinaryOp::Eq),
            "!=" => binary(BinaryOp::NotEq),
            "<" => binary(BinaryOp::Lt),
            "<=" => binary(BinaryOp::LtEq),
            ">" => binary(BinaryOp::Gt),
            ">=" => binary(BinaryOp::GtEq),
            "+" => binary(BinaryOp::Add),
            "-" => binary(BinaryOp::Sub),
            "*" => binary(BinaryOp::Mul),
            "/" => binary(BinaryOp::Div),
            "%" => binary(BinaryOp::Rem),
            "&" => binary(BinaryOp::BitAnd),
            "|" => binary(BinaryOp::BitOr),
            "^" => binary(BinaryOp::BitXor),
            "<<" => binary(BinaryOp::ShiftLeft),
            ">>" => binary(BinaryOp::ShiftRight),
            // `a &^ b` is `a & ^b`.
            "&^" => {
                let at = right_node.map_or(span(node), span);
                let not = self.m.push_expr(
                    ExprKind::Unary {
                        op: UnaryOp::BitNot,
                        arg: right,
                    },
                    at,
                );
                ExprKind::Binary {
                    op: BinaryOp::BitAnd,
                    left,
                    right: not,
                }
            }
            _ => ExprKind::Other,
        }
    }

    /// `{A: 1, "k": v}` as an object, `{1, 2}` of a slice or array type as an array. A key
    /// that is a bare name is a struct field name; any other key is computed.
    fn literal_value(&mut self, body: Node<'_>, is_list: bool) -> ExprKind {
        let elements = named(body);
        let keyed = elements.iter().any(|e| e.kind() == "keyed_element");
        // `T{}` of a struct or map type is an empty object; only a list type makes an array.
        if is_list || (!keyed && !elements.is_empty()) {
            let out = elements
                .iter()
                .map(|e| {
                    let value = match e.kind() {
                        "keyed_element" => self.keyed_value(*e),
                        _ => self.expr(*e),
                    };
                    ArrayElement::Expr(value)
                })
                .collect();
            return ExprKind::Array {
                elements: out,
                kind: ArrayKind::Array,
            };
        }
        let mut props = Vec::new();
        for e in elements {
            if e.kind() != "keyed_element" {
                let value = self.expr(e);
                props.push(ObjectProp::Spread { value });
                continue;
            }
            let parts = named(e);
            let key_node = e.child_by_field_name("key").or(parts.first().copied());
            let key_inner = key_node.map(|k| match k.kind() {
                "literal_element" => named(k).first().copied().unwrap_or(k),
                _ => k,
            });
            let key = match key_inner {
                Some(k) if matches!(k.kind(), "identifier" | "field_identifier") => {
                    PropKey::Ident(self.text(k).into())
                }
                Some(k)
                    if matches!(
                        k.kind(),
                        "interpreted_string_literal" | "raw_string_literal"
                    ) =>
                {
                    PropKey::String(string_value(self.text(k)).unwrap_or_default().into())
                }
                Some(k) if matches!(k.kind(), "int_literal") => {
                    PropKey::Number(self.text(k).into())
                }
                Some(k) => PropKey::Computed(self.expr(k)),
                None => continue,
            };
            let value = self.keyed_value(e);
            props.push(ObjectProp::KeyValue {
                key,
                value,
                shorthand: false,
            });
        }
        ExprKind::Object {
            props: props.into(),
        }
    }

    fn keyed_value(&mut self, e: Node<'_>) -> ExprId {
        let parts = named(e);
        match e.child_by_field_name("value").or(parts.get(1).copied()) {
            Some(v) => self.expr(v),
            None => self.other(e),
        }
    }

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
        let shape = self.type_ref_inner(node);
        self.ascend();
        shape
    }

    fn type_ref_inner(&mut self, node: Node<'_>) -> TypeRef {
        match node.kind() {
            "type_identifier" | "identifier" => {
                let name = self.text(node);
                if TYPE_KEYWORDS.contains(&name) {
                    TypeRef::Keyword { name: name.into() }
                } else {
                    TypeRef::Named {
                        name: name.into(),
                        args: Box::default(),
                    }
                }
            }
            "qualified_type" => TypeRef::Named {
                name: collapse_whitespace(self.text(node)).into(),
                args: Box::default(),
            },
            "generic_type" => {
                let name = node
                    .child_by_field_name("type")
                    .map(|t| collapse_whitespace(self.text(t)))
                    .unwrap_or_default();
                let args = node
                    .child_by_field_name("type_arguments")
                    .map(named)
                    .unwrap_or_default()
                    .into_iter()
                    .map(|a| match named(a).first() {
                        Some(inner) if a.kind() == "type_elem" => self.type_ref(*inner),
                        _ => self.type_ref(a),
                    })
                    .collect();
                TypeRef::Named {
                    name: name.into(),
                    args,
                }
            }
            // A pointer reads as what it points to.
            "pointer_type" | "parenthesized_type" => match named(node).first() {
                Some(inner) => self.type_ref(*inner),
                None => TypeRef::Unknown,
            },
            "slice_type" | "array_type" | "implicit_length_array_type" => {
                match node.child_by_field_name("element") {
                    Some(e) => TypeRef::Array {
                        items: Box::new(self.type_ref(e)),
                    },
                    None => TypeRef::Unknown,
                }
            }
            "map_type" => {
                let key = node
                    .child_by_field_name("key")
                    .map_or(TypeRef::Unknown, |k| self.type_ref(k));
                let value = node
                    .child_by_field_name("value")
                    .map_or(TypeRef::Unknown, |v| self.type_ref(v));
                TypeRef::Named {
                    name: "map".into(),
                    args: vec![key, value].into(),
                }
            }
            "function_type" => TypeRef::Function,
            "interface_type" if named(node).is_empty() => TypeRef::Keyword { name: "any".into() },
            "struct_type" => {
                let mut properties = Vec::new();
                if let Some(list) = named(node)
                    .into_iter()
                    .find(|c| c.kind() == "field_declaration_list")
                {
                    for decl in named(list) {
                        let shape = decl
                            .child_by_field_name("type")
                            .map_or(TypeRef::Unknown, |t| self.type_ref(t));
                        for n in super::fields(decl, "name") {
                            properties.push(TypeProperty {
                                name: self.text(n).to_string(),
                                optional: false,
                                shape: shape.clone(),
                            });
                        }
                    }
                }
                TypeRef::Object { properties }
            }
            // Several results `(T, error)`: a tuple.
            "parameter_list" => {
                let items: Vec<TypeRef> = named(node)
                    .into_iter()
                    .flat_map(|p| {
                        let count = super::fields(p, "name").len().max(1);
                        let shape = p
                            .child_by_field_name("type")
                            .map_or(TypeRef::Unknown, |t| self.type_ref(t));
                        std::iter::repeat_n(shape, count)
                    })
                    .collect();
                match items.len() {
                    1 => items.into_iter().next().unwrap_or(TypeRef::Unknown),
                    _ => TypeRef::Tuple { items },
                }
            }
            _ => TypeRef::Unknown,
        }
    }
}

fn arg(value: ExprId, spread: bool) -> Arg {
    Arg {
        name: None,
        value,
        spread,
        keyword_spread: false,
    }
}

/// True for node kinds that are types written where an expression may stand (`make([]T, n)`).
fn is_type(kind: &str) -> bool {
    matches!(
        kind,
        "slice_type"
            | "array_type"
            | "map_type"
            | "pointer_type"
            | "channel_type"
            | "function_type"
            | "struct_type"
            | "interface_type"
            | "qualified_type"
            | "generic_type"
            | "type_identifier"
    )
}

/// A Go integer or float literal's value (`1_000`, `0x1F`, `0o17`, `017`, `0b1`, `1e3`).
fn number_value(raw: &str) -> Option<f64> {
    let s: String = raw.chars().filter(|c| *c != '_').collect();
    let lower = s.to_ascii_lowercase();
    let int = |digits: &str, radix: u32| u64::from_str_radix(digits, radix).ok().map(|v| v as f64);
    if let Some(h) = lower.strip_prefix("0x") {
        if h.contains(['.', 'p']) {
            return None;
        }
        return int(h, 16);
    }
    if let Some(o) = lower.strip_prefix("0o") {
        return int(o, 8);
    }
    if let Some(b) = lower.strip_prefix("0b") {
        return int(b, 2);
    }
    if lower.len() > 1 && lower.starts_with('0') && lower.bytes().all(|b| b.is_ascii_digit()) {
        return int(&lower[1..], 8);
    }
    lower.parse::<f64>().ok().filter(|v| v.is_finite())
}

#[cfg(test)]
mod tests {
    use super::number_value;

    #[test]
    fn numbers() {
        assert_eq!(number_value("404"), Some(404.0));
        assert_eq!(number_value("1_000"), Some(1000.0));
        assert_eq!(number_value("0x1F"), Some(31.0));
        assert_eq!(number_value("017"), Some(15.0));
        assert_eq!(number_value("0o17"), Some(15.0));
        assert_eq!(number_value("0b11"), Some(3.0));
        assert_eq!(number_value("1.5e3"), Some(1500.0));
    }
}
