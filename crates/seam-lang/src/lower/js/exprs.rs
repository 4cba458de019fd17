//! Expressions, JSX, templates, object and array literals.
use super::functions::FnSite;
use super::{Lowerer, sp};
use crate::model::{
    Arg, ArrayElement, ArrayKind, AssignOp, BinaryOp, ExprId, ExprKind, Import, ImportKind,
    JsxAttribute, JsxChild, JsxElement, LiteralValue, LogicalOp, MemberProp, NameSource,
    NumberLiteral, ObjectProp, UnaryOp, UpdateOp, collapse_whitespace,
};
use oxc_ast::ast::{
    Argument, ArrayExpressionElement, AssignmentExpression, AssignmentTarget, CallExpression,
    ChainElement, Expression, JSXAttributeItem, JSXAttributeName, JSXAttributeValue, JSXChild,
    JSXElement, JSXExpression, JSXFragment, MemberExpression, ObjectPropertyKind, PropertyKind,
    TemplateLiteral,
};
use oxc_span::GetSpan;
use oxc_syntax::operator::{
    AssignmentOperator, BinaryOperator, LogicalOperator, UnaryOperator, UpdateOperator,
};

/// Strips the wrappers that do not change a value: parentheses and TS type assertions
/// (`as`, `satisfies`, `<T>x`, `x!`, `f<T>`). Iterative, so deep wrapping cannot overflow.
pub(crate) fn unwrap_transparent<'b, 'a>(mut e: &'b Expression<'a>) -> &'b Expression<'a> {
    loop {
        e = match e {
            Expression::ParenthesizedExpression(p) => &p.expression,
            Expression::TSAsExpression(x) => &x.expression,
            Expression::TSSatisfiesExpression(x) => &x.expression,
            Expression::TSTypeAssertion(x) => &x.expression,
            Expression::TSNonNullExpression(x) => &x.expression,
            Expression::TSInstantiationExpression(x) => &x.expression,
            _ => return e,
        };
    }
}

/// The string value of a literal specifier (`'x'` or `` `x` `` without holes).
pub(crate) fn static_string(e: &Expression<'_>) -> Option<String> {
    match unwrap_transparent(e) {
        Expression::StringLiteral(s) => Some(s.value.as_str().to_string()),
        Expression::TemplateLiteral(t) if t.expressions.is_empty() => t
            .quasis
            .first()
            .and_then(|q| q.value.cooked.as_ref())
            .map(|c| c.as_str().to_string()),
        _ => None,
    }
}

impl Lowerer<'_> {
    pub(crate) fn lower_expr(&mut self, e: &Expression<'_>) -> ExprId {
        self.lower_expr_site(e, None)
    }

    /// Lowers an expression; `site` names a function or class written directly here
    /// (`const f = () => …`, `{ f: function () {} }`).
    pub(crate) fn lower_expr_site(&mut self, e: &Expression<'_>, site: Option<FnSite>) -> ExprId {
        let e = unwrap_transparent(e);
        if !self.enter(e.span()) {
            return self.m.push_expr(ExprKind::Other, sp(e.span()));
        }
        let id = self.lower_expr_inner(e, site);
        self.leave();
        id
    }

    fn lower_expr_inner(&mut self, e: &Expression<'_>, site: Option<FnSite>) -> ExprId {
        let span = sp(e.span());
        let kind = match e {
            Expression::BooleanLiteral(b) => ExprKind::Literal {
                value: LiteralValue::Bool { value: b.value },
            },
            Expression::NullLiteral(_) => ExprKind::Literal {
                value: LiteralValue::Null,
            },
            Expression::NumericLiteral(n) => ExprKind::Literal {
                value: LiteralValue::Number(Box::new(NumberLiteral {
                    value: n.value,
                    raw: self.text(n.span).into(),
                })),
            },
            Expression::BigIntLiteral(b) => ExprKind::Literal {
                value: LiteralValue::BigInt {
                    raw: self.text(b.span).into(),
                },
            },
            Expression::RegExpLiteral(r) => {
                let text = self.text(r.span);
                let flags = text.rsplit_once('/').map(|(_, f)| f).unwrap_or("");
                ExprKind::Literal {
                    value: LiteralValue::Regex(Box::new(crate::model::RegexLiteral {
                        pattern: r.regex.pattern.text.as_str().to_string(),
                        flags: flags.to_string(),
                    })),
                }
            }
            Expression::StringLiteral(s) => ExprKind::Literal {
                value: LiteralValue::String {
                    value: s.value.as_str().into(),
                },
            },
            Expression::TemplateLiteral(t) => self.template(t, None),
            Expression::TaggedTemplateExpression(t) => {
                let tag = self.lower_expr(&t.tag);
                self.template(&t.quasi, Some(tag))
            }
            Expression::Identifier(i) => return self.ident_expr(i),
            Expression::Super(_) => ExprKind::Super,
            Expression::ThisExpression(_) => ExprKind::This,
            Expression::ArrayExpression(a) => {
                let mut elements = Vec::with_capacity(a.elements.len());
                for el in &a.elements {
                    elements.push(match el {
                        ArrayExpressionElement::SpreadElement(s) => {
                            ArrayElement::Spread(self.lower_expr(&s.argument))
                        }
                        ArrayExpressionElement::Elision(_) => ArrayElement::Hole,
                        other => match other.as_expression() {
                            Some(x) => ArrayElement::Expr(self.lower_expr(x)),
                            None => ArrayElement::Hole,
                        },
                    });
                }
                ExprKind::Array {
                    elements: elements.into(),
                    kind: ArrayKind::Array,
                }
            }
            Expression::ObjectExpression(o) => {
                let mut props = Vec::with_capacity(o.properties.len());
                for p in &o.properties {
                    props.push(self.object_prop(p));
                }
                ExprKind::Object {
                    props: props.into(),
                }
            }
            Expression::ArrowFunctionExpression(a) => {
                let site = site.unwrap_or_else(FnSite::anonymous);
                ExprKind::Function {
                    function: self.lower_arrow(a, site),
                }
            }
            Expression::FunctionExpression(f) => {
                let site = site.unwrap_or_else(FnSite::anonymous);
                ExprKind::Function {
                    function: self.lower_function(f, site),
                }
            }
            Expression::ClassExpression(c) => {
                let site = site.unwrap_or_else(FnSite::anonymous);
                ExprKind::Class {
                    class: self.lower_class(c, site),
                }
            }
            Expression::AssignmentExpression(a) => self.assignment(a),
            Expression::AwaitExpression(a) => ExprKind::Await {
                arg: self.lower_expr(&a.argument),
            },
            Expression::YieldExpression(y) => ExprKind::Yield {
                arg: y.argument.as_ref().map(|a| self.lower_expr(a)),
                delegate: y.delegate,
            },
            Expression::BinaryExpression(b) => {
                let left = self.lower_expr(&b.left);
                let right = self.lower_expr(&b.right);
                ExprKind::Binary {
                    op: binary_op(b.operator),
                    left,
                    right,
                }
            }
            Expression::PrivateInExpression(p) => {
                let left = self.m.push_expr(ExprKind::Other, sp(p.left.span));
                let right = self.lower_expr(&p.right);
                ExprKind::Binary {
                    op: BinaryOp::In,
                    left,
                    right,
                }
            }
            Expression::LogicalExpression(l) => {
                let left = self.lower_expr(&l.left);
                let right = self.lower_expr(&l.right);
                ExprKind::Logical {
                    op: match l.operator {
                        LogicalOperator::And => LogicalOp::And,
                        LogicalOperator::Or => LogicalOp::Or,
                        LogicalOperator::Coalesce => LogicalOp::Nullish,
                    },
                    left,
                    right,
                }
            }
            Expression::ConditionalExpression(c) => {
                let test = self.lower_expr(&c.test);
                let consequent = self.lower_expr(&c.consequent);
                let alternate = self.lower_expr(&c.alternate);
                ExprKind::Conditional {
                    test,
                    consequent,
                    alternate,
                }
            }
            Expression::UnaryExpression(u) => ExprKind::Unary {
                op: match u.operator {
                    UnaryOperator::UnaryPlus => UnaryOp::Plus,
                    UnaryOperator::UnaryNegation => UnaryOp::Minus,
                    UnaryOperator::LogicalNot => UnaryOp::Not,
                    UnaryOperator::BitwiseNot => UnaryOp::BitNot,
                    UnaryOperator::Typeof => UnaryOp::Typeof,
                    UnaryOperator::Void => UnaryOp::Void,
                    UnaryOperator::Delete => UnaryOp::Delete,
                },
                arg: self.lower_expr(&u.argument),
            },
            Expression::UpdateExpression(u) => {
                let arg = self.simple_target_expr(&u.argument);
                ExprKind::Update {
                    op: match u.operator {
                        UpdateOperator::Increment => UpdateOp::Increment,
                        UpdateOperator::Decrement => UpdateOp::Decrement,
                    },
                    prefix: u.prefix,
                    arg,
                }
            }
            Expression::SequenceExpression(s) => ExprKind::Sequence {
                exprs: s.expressions.iter().map(|x| self.lower_expr(x)).collect(),
            },
            Expression::CallExpression(c) => return self.call(c),
            Expression::NewExpression(n) => {
                let callee = self.lower_expr(&n.callee);
                let args = self.args(&n.arguments);
                ExprKind::Call {
                    callee,
                    args: args.into(),
                    optional: false,
                    is_new: true,
                }
            }
            Expression::ChainExpression(c) => match &c.expression {
                ChainElement::CallExpression(call) => return self.call(call),
                ChainElement::TSNonNullExpression(n) => return self.lower_expr(&n.expression),
                other => match other.as_member_expression() {
                    Some(m) => self.member(m),
                    None => ExprKind::Other,
                },
            },
            Expression::ImportExpression(i) => {
                // `import('x')` stays a call whose callee is the `import` keyword.
                let kw = oxc_span::Span::new(i.span.start, i.span.start.saturating_add(6));
                let callee = self.m.push_expr(
                    ExprKind::Ident {
                        name: "import".into(),
                        binding: None,
                    },
                    sp(kw),
                );
                let mut args = vec![Arg {
                    name: None,
                    value: self.lower_expr(&i.source),
                    spread: false,
                    keyword_spread: false,
                }];
                if let Some(o) = &i.options {
                    args.push(Arg {
                        name: None,
                        value: self.lower_expr(o),
                        spread: false,
                        keyword_spread: false,
                    });
                }
                let id = self.m.push_expr(
                    ExprKind::Call {
                        callee,
                        args: args.into(),
                        optional: false,
                        is_new: false,
                    },
                    span,
                );
                if let Some(spec) = static_string(&i.source) {
                    self.record_import_call(id, spec, ImportKind::Dynamic, span);
                }
                return id;
            }
            Expression::JSXElement(el) => ExprKind::Jsx {
                element: Box::new(self.jsx_element(el)),
            },
            Expression::JSXFragment(f) => ExprKind::Jsx {
                element: Box::new(self.jsx_fragment(f)),
            },
            other => match other.as_member_expression() {
                Some(m) => self.member(m),
                // import.meta, new.target, V8 intrinsics; TS wrappers were unwrapped above.
                None => ExprKind::Other,
            },
        };
        self.m.push_expr(kind, span)
    }

    /// The operand of `++`/`--` as an expression.
    fn simple_target_expr(&mut self, s: &oxc_ast::ast::SimpleAssignmentTarget<'_>) -> ExprId {
        use oxc_ast::ast::SimpleAssignmentTarget as T;
        match s {
            T::AssignmentTargetIdentifier(i) => self.ident_expr(i),
            T::TSAsExpression(e) => self.lower_expr(&e.expression),
            T::TSSatisfiesExpression(e) => self.lower_expr(&e.expression),
            T::TSNonNullExpression(e) => self.lower_expr(&e.expression),
            T::TSTypeAssertion(e) => self.lower_expr(&e.expression),
            other => match other.as_member_expression() {
                Some(m) => self.lower_expr(m.as_expression()),
                None => self.m.push_expr(ExprKind::Other, sp(s.span())),
            },
        }
    }

    fn template(&mut self, t: &TemplateLiteral<'_>, tag: Option<ExprId>) -> ExprKind {
        let quasis = t
            .quasis
            .iter()
            .map(|q| match &q.value.cooked {
                Some(c) => c.as_str().to_string(),
                None => q.value.raw.as_str().to_string(),
            })
            .collect();
        let exprs = t.expressions.iter().map(|x| self.lower_expr(x)).collect();
        ExprKind::Template(Box::new(crate::model::TemplateExpr { quasis, exprs, tag }))
    }

    fn member(&mut self, m: &MemberExpression<'_>) -> ExprKind {
        match m {
            MemberExpression::StaticMemberExpression(s) => ExprKind::Member {
                object: self.lower_expr(&s.object),
                property: MemberProp::Name(s.property.name.as_str().into()),
                optional: s.optional,
            },
            MemberExpression::ComputedMemberExpression(c) => {
                let object = self.lower_expr(&c.object);
                let property = MemberProp::Computed(self.lower_expr(&c.expression));
                ExprKind::Member {
                    object,
                    property,
                    optional: c.optional,
                }
            }
            MemberExpression::PrivateFieldExpression(p) => ExprKind::Member {
                object: self.lower_expr(&p.object),
                property: MemberProp::Private(p.field.name.as_str().into()),
                optional: p.optional,
            },
        }
    }

    pub(crate) fn args(&mut self, args: &[Argument<'_>]) -> Vec<Arg> {
        let mut out = Vec::with_capacity(args.len());
        for a in args {
            let (value, spread) = match a {
                Argument::SpreadElement(s) => (self.lower_expr(&s.argument), true),
                other => match other.as_expression() {
                    Some(x) => (self.lower_expr(x), false),
                    None => (self.m.push_expr(ExprKind::Other, sp(a.span())), false),
                },
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

    fn call(&mut self, c: &CallExpression<'_>) -> ExprId {
        let callee = self.lower_expr(&c.callee);
        let args = self.args(&c.arguments);
        let id = self.m.push_expr(
            ExprKind::Call {
                callee,
                args: args.into(),
                optional: c.optional,
                is_new: false,
            },
            sp(c.span),
        );
        // `require('x')` with `require` not declared in the file is a CommonJS import.
        if let Expression::Identifier(r) = unwrap_transparent(&c.callee)
            && r.name.as_str() == "require"
            && self.reference_symbol(r).is_none()
            && c.arguments.len() == 1
            && let Some(spec) = c
                .arguments
                .first()
                .and_then(|a| a.as_expression())
                .and_then(static_string)
        {
            self.record_import_call(id, spec, ImportKind::Require, sp(c.span));
        }
        id
    }

    fn record_import_call(
        &mut self,
        call: ExprId,
        specifier: String,
        kind: ImportKind,
        span: crate::model::Span,
    ) {
        let index = u32::try_from(self.m.imports.len()).unwrap_or(u32::MAX);
        self.m.imports.push(Import {
            specifier,
            kind,
            level: 0,
            names: Vec::new(),
            type_only: false,
            span,
            resolved: None,
        });
        self.import_calls.push((call, index));
    }

    /// The import recorded for a `require()` / `import()` call expression, if it is one.
    pub(crate) fn import_of_call(&self, call: ExprId) -> Option<u32> {
        self.import_calls
            .binary_search_by_key(&call, |(c, _)| *c)
            .ok()
            .and_then(|i| self.import_calls.get(i))
            .map(|(_, imp)| *imp)
    }

    fn object_prop(&mut self, p: &ObjectPropertyKind<'_>) -> ObjectProp {
        let p = match p {
            ObjectPropertyKind::SpreadProperty(s) => {
                return ObjectProp::Spread {
                    value: self.lower_expr(&s.argument),
                };
            }
            ObjectPropertyKind::ObjectProperty(p) => p,
        };
        let key = self.prop_key(&p.key, p.computed);
        let name = key.as_str().map(str::to_string);
        let fn_kind = match p.kind {
            PropertyKind::Get => Some(crate::model::FunctionKind::Getter),
            PropertyKind::Set => Some(crate::model::FunctionKind::Setter),
            PropertyKind::Init if p.method => Some(crate::model::FunctionKind::Method),
            PropertyKind::Init => None,
        };
        let mut site = FnSite::anonymous();
        site.name = name;
        site.name_source = NameSource::Property;
        site.name_span = Some(sp(p.key.span()));
        site.doc_anchor = Some(p.span.start);
        if let (Some(kind), Expression::FunctionExpression(f)) = (fn_kind, &p.value) {
            site.kind = Some(kind);
            let function = self.lower_function(f, site);
            return ObjectProp::Method {
                key,
                function,
                kind,
            };
        }
        let value = self.lower_expr_site(&p.value, Some(site));
        ObjectProp::KeyValue {
            key,
            value,
            shorthand: p.shorthand,
        }
    }

    fn assignment(&mut self, a: &AssignmentExpression<'_>) -> ExprKind {
        let target = self.assign_target(&a.left);
        let mut site = FnSite::anonymous();
        match &a.left {
            AssignmentTarget::AssignmentTargetIdentifier(i) => {
                site.name = Some(i.name.as_str().to_string());
                site.name_source = NameSource::Variable;
                site.name_span = Some(sp(i.span));
            }
            AssignmentTarget::StaticMemberExpression(m) => {
                site.name = Some(m.property.name.as_str().to_string());
                site.name_source = NameSource::Property;
                site.name_span = Some(sp(m.property.span));
            }
            _ => {}
        }
        site.doc_anchor = Some(a.span.start);
        let value = self.lower_expr_site(&a.right, Some(site));
        let op = match a.operator {
            AssignmentOperator::Assign => AssignOp::Assign,
            _ => AssignOp::Compound,
        };
        if op == AssignOp::Assign {
            self.commonjs_export(a, value);
        }
        ExprKind::Assign { op, target, value }
    }

    // -----------------------------------------------------------------------------------------
    // JSX
    // -----------------------------------------------------------------------------------------

    fn jsx_element(&mut self, el: &JSXElement<'_>) -> JsxElement {
        let opening = &el.opening_element;
        let tag = self.text_collapsed(opening.name.span());
        let mut attributes = Vec::with_capacity(opening.attributes.len());
        for a in &opening.attributes {
            attributes.push(match a {
                JSXAttributeItem::Attribute(attr) => {
                    let name = match &attr.name {
                        JSXAttributeName::Identifier(i) => i.name.as_str().to_string(),
                        JSXAttributeName::NamespacedName(n) => self.text(n.span).to_string(),
                    };
                    let value = attr.value.as_ref().and_then(|v| self.jsx_attr_value(v));
                    JsxAttribute::Named { name, value }
                }
                JSXAttributeItem::SpreadAttribute(s) => JsxAttribute::Spread {
                    value: self.lower_expr(&s.argument),
                },
            });
        }
        let children = self.jsx_children(&el.children);
        JsxElement {
            tag,
            attributes,
            children,
        }
    }

    fn jsx_fragment(&mut self, f: &JSXFragment<'_>) -> JsxElement {
        JsxElement {
            tag: String::new(),
            attributes: Vec::new(),
            children: self.jsx_children(&f.children),
        }
    }

    fn jsx_attr_value(&mut self, v: &JSXAttributeValue<'_>) -> Option<ExprId> {
        Some(match v {
            JSXAttributeValue::StringLiteral(s) => self.m.push_expr(
                ExprKind::Literal {
                    value: LiteralValue::String {
                        value: s.value.as_str().into(),
                    },
                },
                sp(s.span),
            ),
            JSXAttributeValue::ExpressionContainer(c) => return self.jsx_expression(&c.expression),
            JSXAttributeValue::Element(el) => self.nested_jsx(el.span, |l| l.jsx_element(el)),
            JSXAttributeValue::Fragment(f) => self.nested_jsx(f.span, |l| l.jsx_fragment(f)),
        })
    }

    fn jsx_expression(&mut self, e: &JSXExpression<'_>) -> Option<ExprId> {
        match e {
            JSXExpression::EmptyExpression(_) => None,
            other => other.as_expression().map(|x| self.lower_expr(x)),
        }
    }

    /// A JSX element nested as a child or attribute value, counted for depth like an
    /// expression.
    fn nested_jsx(
        &mut self,
        span: oxc_span::Span,
        f: impl FnOnce(&mut Self) -> JsxElement,
    ) -> ExprId {
        if !self.enter(span) {
            return self.m.push_expr(ExprKind::Other, sp(span));
        }
        let element = f(self);
        self.leave();
        self.m.push_expr(
            ExprKind::Jsx {
                element: Box::new(element),
            },
            sp(span),
        )
    }

    fn jsx_children(&mut self, children: &[JSXChild<'_>]) -> Vec<JsxChild> {
        let mut out = Vec::with_capacity(children.len());
        for c in children {
            match c {
                JSXChild::Text(t) => {
                    let text = collapse_whitespace(t.value.as_str());
                    if !text.is_empty() {
                        out.push(JsxChild::Text(text));
                    }
                }
                JSXChild::Element(el) => {
                    out.push(JsxChild::Expr(
                        self.nested_jsx(el.span, |l| l.jsx_element(el)),
                    ));
                }
                JSXChild::Fragment(f) => {
                    out.push(JsxChild::Expr(
                        self.nested_jsx(f.span, |l| l.jsx_fragment(f)),
                    ));
                }
                JSXChild::ExpressionContainer(e) => {
                    if let Some(x) = self.jsx_expression(&e.expression) {
                        out.push(JsxChild::Expr(x));
                    }
                }
                JSXChild::Spread(s) => out.push(JsxChild::Expr(self.lower_expr(&s.expression))),
            }
        }
        out
    }
}

fn binary_op(op: BinaryOperator) -> BinaryOp {
    match op {
        BinaryOperator::Equality => BinaryOp::Eq,
        BinaryOperator::Inequality => BinaryOp::NotEq,
        BinaryOperator::StrictEquality => BinaryOp::StrictEq,
        BinaryOperator::StrictInequality => BinaryOp::StrictNotEq,
        BinaryOperator::LessThan => BinaryOp::Lt,
        BinaryOperator::LessEqualThan => BinaryOp::LtEq,
        BinaryOperator::GreaterThan => BinaryOp::Gt,
        BinaryOperator::GreaterEqualThan => BinaryOp::GtEq,
        BinaryOperator::Addition => BinaryOp::Add,
        BinaryOperator::Subtraction => BinaryOp::Sub,
        BinaryOperator::Multiplication => BinaryOp::Mul,
        BinaryOperator::Division => BinaryOp::Div,
        BinaryOperator::Remainder => BinaryOp::Rem,
        BinaryOperator::Exponential => BinaryOp::Exp,
        BinaryOperator::ShiftLeft => BinaryOp::ShiftLeft,
        BinaryOperator::ShiftRight => BinaryOp::ShiftRight,
        BinaryOperator::ShiftRightZeroFill => BinaryOp::ShiftRightUnsigned,
        BinaryOperator::BitwiseOR => BinaryOp::BitOr,
        BinaryOperator::BitwiseXOR => BinaryOp::BitXor,
        BinaryOperator::BitwiseAnd => BinaryOp::BitAnd,
        BinaryOperator::In => BinaryOp::In,
        BinaryOperator::Instanceof => BinaryOp::Instanceof,
    }
}
