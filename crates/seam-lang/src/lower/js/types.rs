//! Type annotations (text plus a syntactic [`TypeRef`] shape) and type declarations
//! (interfaces, type aliases, enums).
use super::{Lowerer, sp};
use crate::model::{
    BindingKind, BindingOrigin, LiteralValue, NumberLiteral, StmtId, StmtKind, TypeAnnotation,
    TypeDecl, TypeDeclId, TypeDeclKind, TypeProperty, TypeRef,
};
use oxc_ast::ast::{
    Expression, PropertyKey, TSEnumDeclaration, TSEnumMemberName, TSInterfaceDeclaration,
    TSLiteral, TSSignature, TSTupleElement, TSType, TSTypeAliasDeclaration, TSTypeAnnotation,
    TSTypeName, TSTypeParameterDeclaration,
};
use oxc_span::GetSpan;
use oxc_syntax::operator::UnaryOperator;

impl Lowerer<'_> {
    pub(crate) fn type_annotation(&mut self, t: &TSTypeAnnotation<'_>) -> TypeAnnotation {
        self.type_annotation_of(&t.type_annotation)
    }

    pub(crate) fn type_annotation_of(&mut self, t: &TSType<'_>) -> TypeAnnotation {
        TypeAnnotation {
            text: self.text(t.span()).into(),
            shape: self.type_ref(t),
            span: sp(t.span()),
        }
    }

    pub(crate) fn opt_type_annotation(
        &mut self,
        t: Option<&oxc_allocator::Box<'_, TSTypeAnnotation<'_>>>,
    ) -> Option<TypeAnnotation> {
        t.map(|t| self.type_annotation(t))
    }

    /// Type parameter names as written (`T`, `K extends keyof T`).
    pub(crate) fn type_params(
        &self,
        t: Option<&oxc_allocator::Box<'_, TSTypeParameterDeclaration<'_>>>,
    ) -> Vec<String> {
        t.map(|t| {
            t.params
                .iter()
                .map(|p| self.text_collapsed(p.span))
                .collect()
        })
        .unwrap_or_default()
    }

    /// The shape a type says syntactically; `Unknown` for what needs a type checker.
    pub(crate) fn type_ref(&mut self, t: &TSType<'_>) -> TypeRef {
        if !self.enter(t.span()) {
            return TypeRef::Unknown;
        }
        let r = self.type_ref_inner(t);
        self.leave();
        r
    }

    fn type_ref_inner(&mut self, t: &TSType<'_>) -> TypeRef {
        let keyword = |name: &str| TypeRef::Keyword { name: name.into() };
        match t {
            TSType::TSAnyKeyword(_) => keyword("any"),
            TSType::TSBigIntKeyword(_) => keyword("bigint"),
            TSType::TSBooleanKeyword(_) => keyword("boolean"),
            TSType::TSIntrinsicKeyword(_) => keyword("intrinsic"),
            TSType::TSNeverKeyword(_) => keyword("never"),
            TSType::TSNullKeyword(_) => keyword("null"),
            TSType::TSNumberKeyword(_) => keyword("number"),
            TSType::TSObjectKeyword(_) => keyword("object"),
            TSType::TSStringKeyword(_) => keyword("string"),
            TSType::TSSymbolKeyword(_) => keyword("symbol"),
            TSType::TSUndefinedKeyword(_) => keyword("undefined"),
            TSType::TSUnknownKeyword(_) => keyword("unknown"),
            TSType::TSVoidKeyword(_) => keyword("void"),
            TSType::TSThisType(_) => keyword("this"),
            TSType::TSTypeReference(r) => TypeRef::Named {
                name: self.type_name_text(&r.type_name).into(),
                args: r
                    .type_arguments
                    .as_ref()
                    .map(|a| a.params.iter().map(|p| self.type_ref(p)).collect())
                    .unwrap_or_default(),
            },
            TSType::TSArrayType(a) => TypeRef::Array {
                items: Box::new(self.type_ref(&a.element_type)),
            },
            TSType::TSTupleType(tt) => TypeRef::Tuple {
                items: tt
                    .element_types
                    .iter()
                    .map(|e| self.tuple_element(e))
                    .collect(),
            },
            TSType::TSNamedTupleMember(m) => self.tuple_element(&m.element_type),
            TSType::TSUnionType(u) => TypeRef::Union {
                variants: u.types.iter().map(|v| self.type_ref(v)).collect(),
            },
            TSType::TSParenthesizedType(p) => self.type_ref(&p.type_annotation),
            TSType::TSLiteralType(l) => self.literal_type(&l.literal),
            TSType::TSTypeLiteral(l) => TypeRef::Object {
                properties: self.signature_properties(&l.members),
            },
            TSType::TSFunctionType(_) | TSType::TSConstructorType(_) => TypeRef::Function,
            _ => TypeRef::Unknown,
        }
    }

    fn tuple_element(&mut self, e: &TSTupleElement<'_>) -> TypeRef {
        match e {
            TSTupleElement::TSOptionalType(o) => self.type_ref(&o.type_annotation),
            TSTupleElement::TSRestType(r) => self.type_ref(&r.type_annotation),
            other => match other.as_ts_type() {
                Some(t) => self.type_ref(t),
                None => TypeRef::Unknown,
            },
        }
    }

    fn literal_type(&self, l: &TSLiteral<'_>) -> TypeRef {
        let value = match l {
            TSLiteral::BooleanLiteral(b) => LiteralValue::Bool { value: b.value },
            TSLiteral::StringLiteral(s) => LiteralValue::String {
                value: s.value.as_str().into(),
            },
            TSLiteral::NumericLiteral(n) => LiteralValue::Number(Box::new(NumberLiteral {
                value: n.value,
                raw: self.text(n.span).into(),
            })),
            TSLiteral::BigIntLiteral(b) => LiteralValue::BigInt {
                raw: self.text(b.span).into(),
            },
            TSLiteral::UnaryExpression(u) => match (&u.operator, &u.argument) {
                (UnaryOperator::UnaryNegation, Expression::NumericLiteral(n)) => {
                    LiteralValue::Number(Box::new(NumberLiteral {
                        value: -n.value,
                        raw: self.text(u.span).into(),
                    }))
                }
                _ => return TypeRef::Unknown,
            },
            TSLiteral::TemplateLiteral(t) => match (t.expressions.is_empty(), t.quasis.first()) {
                (true, Some(q)) => match &q.value.cooked {
                    Some(c) => LiteralValue::String {
                        value: c.as_str().into(),
                    },
                    None => return TypeRef::Unknown,
                },
                _ => return TypeRef::Unknown,
            },
        };
        TypeRef::Literal { value }
    }

    /// Properties of an object type or interface body: property signatures with their types,
    /// method signatures as functions.
    fn signature_properties(&mut self, members: &[TSSignature<'_>]) -> Vec<TypeProperty> {
        let mut out = Vec::new();
        for m in members {
            match m {
                TSSignature::TSPropertySignature(p) => {
                    let Some(name) = self.static_key_name(&p.key, p.computed) else {
                        continue;
                    };
                    let shape = match &p.type_annotation {
                        Some(t) => self.type_ref(&t.type_annotation),
                        None => TypeRef::Unknown,
                    };
                    out.push(TypeProperty {
                        name,
                        optional: p.optional,
                        shape,
                    });
                }
                TSSignature::TSMethodSignature(ms) => {
                    let Some(name) = self.static_key_name(&ms.key, ms.computed) else {
                        continue;
                    };
                    out.push(TypeProperty {
                        name,
                        optional: ms.optional,
                        shape: TypeRef::Function,
                    });
                }
                _ => {}
            }
        }
        out
    }

    /// A property key that is a static name: identifier, string (decoded) or number (as
    /// written); `None` for computed and private keys.
    pub(crate) fn static_key_name(&self, key: &PropertyKey<'_>, computed: bool) -> Option<String> {
        if computed {
            return None;
        }
        match key {
            PropertyKey::StaticIdentifier(i) => Some(i.name.as_str().to_string()),
            PropertyKey::PrivateIdentifier(_) => None,
            PropertyKey::StringLiteral(s) => Some(s.value.as_str().to_string()),
            PropertyKey::NumericLiteral(n) => Some(self.text(n.span).to_string()),
            PropertyKey::TemplateLiteral(t) if t.expressions.is_empty() => t
                .quasis
                .first()
                .and_then(|q| q.value.cooked.as_ref())
                .map(|c| c.as_str().to_string()),
            _ => None,
        }
    }

    /// A type name as written (`User`, `ns.User`).
    pub(crate) fn type_name_text(&self, n: &TSTypeName<'_>) -> String {
        self.text_collapsed(n.span())
    }

    pub(crate) fn lower_interface(&mut self, d: &TSInterfaceDeclaration<'_>) -> StmtId {
        let mut members = Vec::new();
        for m in &d.body.body {
            let name = match m {
                TSSignature::TSPropertySignature(p) => self.static_key_name(&p.key, p.computed),
                TSSignature::TSMethodSignature(ms) => self.static_key_name(&ms.key, ms.computed),
                _ => None,
            };
            if let Some(n) = name
                && !members.contains(&n)
            {
                members.push(n);
            }
        }
        let properties = self.signature_properties(&d.body.body);
        let decl = TypeDecl {
            name: d.id.name.as_str().to_string(),
            kind: TypeDeclKind::Interface,
            members,
            member_values: Vec::new(),
            type_params: self.type_params(d.type_parameters.as_ref()),
            shape: TypeRef::Object { properties },
            span: sp(d.span),
            name_span: sp(d.id.span),
        };
        self.push_type_decl(d.span, &d.id, decl)
    }

    pub(crate) fn lower_type_alias(&mut self, d: &TSTypeAliasDeclaration<'_>) -> StmtId {
        let shape = self.type_ref(&d.type_annotation);
        let members = match &shape {
            TypeRef::Object { properties } => properties.iter().map(|p| p.name.clone()).collect(),
            _ => Vec::new(),
        };
        let decl = TypeDecl {
            name: d.id.name.as_str().to_string(),
            kind: TypeDeclKind::TypeAlias,
            members,
            member_values: Vec::new(),
            type_params: self.type_params(d.type_parameters.as_ref()),
            shape,
            span: sp(d.span),
            name_span: sp(d.id.span),
        };
        self.push_type_decl(d.span, &d.id, decl)
    }

    /// An enum: its members in order; its shape is the union of the member values when every
    /// member has a literal value, `Unknown` otherwise.
    pub(crate) fn lower_enum(&mut self, d: &TSEnumDeclaration<'_>) -> StmtId {
        let mut members = Vec::new();
        let mut values = Vec::new();
        let mut all_literal = true;
        let mut member_values = Vec::new();
        // A member with no initialiser takes the number after the previous one (0 first).
        let mut next_number: Option<f64> = Some(0.0);
        for m in &d.body.members {
            let name = match &m.id {
                TSEnumMemberName::Identifier(i) => i.name.as_str().to_string(),
                TSEnumMemberName::String(s) | TSEnumMemberName::ComputedString(s) => {
                    s.value.as_str().to_string()
                }
                TSEnumMemberName::ComputedTemplateString(t) => self.text(t.span).to_string(),
            };
            members.push(name);
            let value = match &m.initializer {
                Some(Expression::StringLiteral(s)) => Some(LiteralValue::String {
                    value: s.value.as_str().into(),
                }),
                Some(Expression::NumericLiteral(n)) => {
                    Some(LiteralValue::Number(Box::new(NumberLiteral {
                        value: n.value,
                        raw: self.text(n.span).into(),
                    })))
                }
                Some(_) => None,
                None => next_number.map(|n| {
                    LiteralValue::Number(Box::new(NumberLiteral {
                        value: n,
                        raw: n.to_string().into(),
                    }))
                }),
            };
            next_number = match &value {
                Some(LiteralValue::Number(n)) => Some(n.value + 1.0),
                _ => None,
            };
            match (&m.initializer, &value) {
                (Some(_), Some(v)) => values.push(TypeRef::Literal { value: v.clone() }),
                _ => all_literal = false,
            }
            member_values.push(value);
        }
        let shape = if all_literal && !values.is_empty() {
            TypeRef::Union { variants: values }
        } else {
            TypeRef::Unknown
        };
        let decl = TypeDecl {
            name: d.id.name.as_str().to_string(),
            kind: TypeDeclKind::Enum,
            members,
            member_values,
            type_params: Vec::new(),
            shape,
            span: sp(d.span),
            name_span: sp(d.id.span),
        };
        self.push_type_decl(d.span, &d.id, decl)
    }

    fn push_type_decl(
        &mut self,
        span: oxc_span::Span,
        id: &oxc_ast::ast::BindingIdentifier<'_>,
        decl: TypeDecl,
    ) -> StmtId {
        let decl_id: TypeDeclId = self.m.push_type_decl(decl);
        self.declare(
            id,
            BindingKind::TypeDecl { decl: decl_id },
            BindingOrigin::none(),
        );
        self.m
            .push_stmt(StmtKind::TypeDecl { decl: decl_id }, sp(span))
    }
}
