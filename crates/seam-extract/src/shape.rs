//! Bodies and returned values as type shapes, read from the syntax: literals keep their
//! narrow type (and a number its source spelling when JSON would spell it differently),
//! names are followed to their initialisers (eight hops), spreads are merged when they can
//! be read and kept as `spreads[{sourceText}]` when they cannot.

use indexmap::IndexMap;
use seam_ir::summary::{
    ArrayShape, LiteralShape, RecordShape, ShapeLiteral, ShapeSpread, TypeShape, UnionShape,
};
use seam_lang::model::{
    ArrayElement, BinaryOp, BindingKind, ExprId, ExprKind, LiteralValue, Model, ObjectProp, UnaryOp,
};

use crate::conditions::json_number;
use crate::files::MAX_HOPS;

pub fn shape_of(model: &Model, expr: ExprId) -> TypeShape {
    shape_hops(model, expr, MAX_HOPS)
}

fn shape_hops(model: &Model, expr: ExprId, hops: usize) -> TypeShape {
    if hops == 0 {
        return TypeShape::Unknown;
    }
    match &model.expr(expr).kind {
        ExprKind::Literal { value } => match value {
            LiteralValue::String { value } => TypeShape::Literal(LiteralShape {
                value: ShapeLiteral::Text(value.clone()),
                raw: None,
            }),
            LiteralValue::Number { value, raw } => match json_number(*value) {
                Some(n) => {
                    let spelled = n.to_string();
                    TypeShape::Literal(LiteralShape {
                        value: ShapeLiteral::Number(n),
                        raw: (spelled != *raw).then(|| raw.clone()),
                    })
                }
                None => TypeShape::Number,
            },
            LiteralValue::Bool { value } => TypeShape::Literal(LiteralShape {
                value: ShapeLiteral::Bool(*value),
                raw: None,
            }),
            LiteralValue::Null => TypeShape::Null,
            LiteralValue::Undefined => TypeShape::Undefined,
            LiteralValue::BigInt { .. } => TypeShape::Integer,
            LiteralValue::Regex { .. } => TypeShape::Unknown,
        },
        ExprKind::Template { tag: None, .. } => TypeShape::Text,
        ExprKind::Object { props } => {
            let mut properties = IndexMap::new();
            let mut spreads = Vec::new();
            for p in props {
                match p {
                    ObjectProp::KeyValue { key, value, .. } => match key.as_str() {
                        Some(k) => {
                            properties.insert(k.to_owned(), shape_hops(model, *value, hops - 1));
                        }
                        None => spreads.push(ShapeSpread {
                            source_text: model.text_collapsed(model.expr(*value).span),
                        }),
                    },
                    ObjectProp::Spread { value } => match shape_hops(model, *value, hops - 1) {
                        TypeShape::Record(inner) if inner.spreads.is_none() => {
                            for (k, v) in inner.properties {
                                properties.insert(k, v);
                            }
                        }
                        _ => spreads.push(ShapeSpread {
                            source_text: model.text_collapsed(model.expr(*value).span),
                        }),
                    },
                    ObjectProp::Method { key, .. } => {
                        if let Some(k) = key.as_str() {
                            properties.insert(k.to_owned(), TypeShape::Unknown);
                        }
                    }
                }
            }
            TypeShape::Record(RecordShape {
                properties,
                spreads: (!spreads.is_empty()).then_some(spreads),
            })
        }
        ExprKind::Array { elements, .. } => {
            let mut variants: Vec<TypeShape> = Vec::new();
            for e in elements {
                let s = match e {
                    ArrayElement::Expr(x) => shape_hops(model, *x, hops - 1),
                    _ => TypeShape::Unknown,
                };
                if !variants.contains(&s) {
                    variants.push(s);
                }
            }
            let items = match variants.len() {
                0 => TypeShape::Unknown,
                1 => variants.remove(0),
                _ => TypeShape::Union(UnionShape { variants }),
            };
            TypeShape::Array(ArrayShape {
                items: Box::new(items),
            })
        }
        ExprKind::Unary {
            op: UnaryOp::Not, ..
        } => TypeShape::Boolean,
        ExprKind::Unary {
            op: UnaryOp::Typeof,
            ..
        } => TypeShape::Text,
        ExprKind::Binary {
            op:
                BinaryOp::Eq
                | BinaryOp::NotEq
                | BinaryOp::StrictEq
                | BinaryOp::StrictNotEq
                | BinaryOp::Lt
                | BinaryOp::LtEq
                | BinaryOp::Gt
                | BinaryOp::GtEq
                | BinaryOp::Instanceof
                | BinaryOp::In,
            ..
        } => TypeShape::Boolean,
        ExprKind::Ident {
            binding: Some(b), ..
        } => {
            let binding = model.binding(*b);
            if binding.reassigned
                || !binding.origin.path.is_empty()
                || matches!(binding.kind, BindingKind::Param { .. })
            {
                return TypeShape::Unknown;
            }
            match binding.origin.init {
                Some(init) => shape_hops(model, init, hops - 1),
                None => TypeShape::Unknown,
            }
        }
        _ => TypeShape::Unknown,
    }
}
