//! Bodies and returned values as type shapes, read from the syntax: literals keep their
//! narrow type (and a number its source spelling when JSON would spell it differently),
//! names are followed to their initialisers (eight hops), spreads are merged when they can
//! be read and kept as `spreads[{sourceText}]` when they cannot.

use indexmap::IndexMap;
use seam_ir::summary::{
    ArrayShape, LiteralShape, RecordShape, RefShape, ShapeLiteral, ShapeSpread, TypeShape,
    UnionShape,
};
use seam_lang::model::{
    ArrayElement, BinaryOp, BindingKind, ClassId, ExprId, ExprKind, LiteralValue, MemberKind,
    MemberProp, Model, ObjectProp, TypeRef, UnaryOp,
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
                value: ShapeLiteral::Text(value.to_string()),
                raw: None,
            }),
            LiteralValue::Number(number) => match json_number(number.value) {
                Some(n) => {
                    let spelled = n.to_string();
                    TypeShape::Literal(LiteralShape {
                        value: ShapeLiteral::Number(n),
                        raw: (spelled != *number.raw).then(|| number.raw.to_string()),
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
            LiteralValue::Regex(_) => TypeShape::Unknown,
        },
        ExprKind::Template(t) if t.tag.is_none() => TypeShape::Text,
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
        // An instance of a class declared in the file (`User(id=1, name=n)`): a record of the
        // class's fields, each with the shape of the keyword argument that sets it.
        ExprKind::Call {
            callee,
            args,
            is_new,
            ..
        } => match class_in_file(model, *callee) {
            Some(class) => {
                let mut properties = IndexMap::new();
                for (name, annotation) in class_fields(model, class) {
                    let given = args
                        .iter()
                        .find(|a| a.name.as_deref() == Some(name.as_str()))
                        .map(|a| shape_hops(model, a.value, hops - 1));
                    properties.insert(
                        name,
                        given.unwrap_or_else(|| {
                            annotation.map_or(TypeShape::Unknown, annotation_shape)
                        }),
                    );
                }
                TypeShape::Record(RecordShape {
                    properties,
                    spreads: None,
                })
            }
            None if *is_new => TypeShape::Unknown,
            None => TypeShape::Unknown,
        },
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

/// The class a callee names when the class is declared in this file.
fn class_in_file(model: &Model, callee: ExprId) -> Option<ClassId> {
    let b = model.resolved_binding(callee)?;
    match &model.binding(b).kind {
        BindingKind::Class { class } => Some(*class),
        _ => None,
    }
}

/// A class's instance fields (annotated attributes), in source order.
fn class_fields(model: &Model, class: ClassId) -> Vec<(String, Option<&TypeRef>)> {
    model
        .class(class)
        .members
        .iter()
        .filter(|m| !m.is_static)
        .filter_map(|m| match &m.kind {
            MemberKind::Property {
                type_annotation,
                function: None,
                ..
            } => Some((
                m.name.as_str()?.to_owned(),
                type_annotation.as_ref().map(|t| &t.shape),
            )),
            _ => None,
        })
        .collect()
}

/// What an annotation says about a value, for the keyword types the syntax shows.
fn annotation_shape(t: &TypeRef) -> TypeShape {
    match t {
        TypeRef::Keyword { name } => match name.as_str() {
            "str" | "string" => TypeShape::Text,
            "int" => TypeShape::Integer,
            "float" | "number" => TypeShape::Number,
            "bool" | "boolean" => TypeShape::Boolean,
            "None" | "null" => TypeShape::Null,
            _ => TypeShape::Unknown,
        },
        TypeRef::Array { items } => TypeShape::Array(ArrayShape {
            items: Box::new(annotation_shape(items)),
        }),
        TypeRef::Named { name, args } if (name == "list" || name == "List") && args.len() == 1 => {
            TypeShape::Array(ArrayShape {
                items: Box::new(annotation_shape(&args[0])),
            })
        }
        _ => TypeShape::Unknown,
    }
}

/// A body a route declares by naming a type (`response_model=User`, `list[User]`): the record
/// of the class's fields when the class is declared in the file, else a reference by name.
pub fn declared_shape(model: &Model, expr: ExprId) -> TypeShape {
    match &model.expr(expr).kind {
        ExprKind::Ident { name, .. } => match class_in_file(model, expr) {
            Some(class) => {
                let mut properties = IndexMap::new();
                for (field, annotation) in class_fields(model, class) {
                    properties.insert(
                        field,
                        annotation.map_or(TypeShape::Unknown, annotation_shape),
                    );
                }
                TypeShape::Record(RecordShape {
                    properties,
                    spreads: None,
                })
            }
            None => TypeShape::Ref(RefShape {
                name: name.to_string(),
                def: None,
                from: None,
            }),
        },
        // `list[User]` / `List[User]`.
        ExprKind::Member {
            object,
            property: MemberProp::Computed(item),
            ..
        } if matches!(&model.expr(*object).kind, ExprKind::Ident { name, .. } if name == "list" || name == "List") => {
            TypeShape::Array(ArrayShape {
                items: Box::new(declared_shape(model, *item)),
            })
        }
        _ => TypeShape::Unknown,
    }
}
