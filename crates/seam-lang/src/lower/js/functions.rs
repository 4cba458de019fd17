//! Functions of every form, parameters, decorators, classes, and JSDoc `@throws`.
use super::patterns::DeclSite;
use super::{Lowerer, sp};
use crate::model::{
    BindingKind, Class, ClassId, ClassMember, Decorator, ExprKind, FuncId, Function, FunctionBody,
    FunctionKind, MemberKind, MemberName, NameSource, Param, ParamKind, Span, StmtId, Visibility,
};
use oxc_ast::ast::{
    ArrowFunctionBody, ArrowFunctionExpression, ClassElement, Expression, FormalParameters,
    FunctionType, MethodDefinitionKind, PropertyKey, TSAccessibility,
};
use oxc_span::GetSpan;

/// Where a function (or class) is written, which decides its name and kind.
#[derive(Debug, Clone)]
pub(crate) struct FnSite {
    pub name: Option<String>,
    pub name_source: NameSource,
    pub name_span: Option<Span>,
    /// Set for class members and object methods; otherwise the syntax decides.
    pub kind: Option<FunctionKind>,
    pub class: Option<ClassId>,
    pub is_static: bool,
    pub visibility: Option<Visibility>,
    pub decorators: Vec<Decorator>,
    /// The start of the declaration the function is the value of: its JSDoc attaches there.
    pub doc_anchor: Option<u32>,
}

impl FnSite {
    pub(crate) fn anonymous() -> FnSite {
        FnSite {
            name: None,
            name_source: NameSource::Anonymous,
            name_span: None,
            kind: None,
            class: None,
            is_static: false,
            visibility: None,
            decorators: Vec::new(),
            doc_anchor: None,
        }
    }

    pub(crate) fn named(name: &str, source: NameSource, span: oxc_span::Span) -> FnSite {
        FnSite {
            name: Some(name.to_string()),
            name_source: source,
            name_span: Some(sp(span)),
            ..FnSite::anonymous()
        }
    }
}

/// What a property definition and an `accessor` declaration have in common.
struct FieldParts<'x, 'a> {
    decorators: &'x [oxc_ast::ast::Decorator<'a>],
    key: &'x PropertyKey<'a>,
    computed: bool,
    accessibility: Option<TSAccessibility>,
    value: Option<&'x Expression<'a>>,
    is_static: bool,
    type_annotation: Option<&'x oxc_allocator::Box<'a, oxc_ast::ast::TSTypeAnnotation<'a>>>,
    readonly: bool,
    optional: bool,
    span: oxc_span::Span,
}

fn visibility(a: Option<TSAccessibility>) -> Option<Visibility> {
    a.map(|a| match a {
        TSAccessibility::Private => Visibility::Private,
        TSAccessibility::Protected => Visibility::Protected,
        TSAccessibility::Public => Visibility::Public,
    })
}

impl Lowerer<'_> {
    /// A placeholder function, filled in once its parts are lowered (its id is needed first,
    /// as the parent of what is written inside it).
    fn start_function(
        &mut self,
        span: oxc_span::Span,
        site: &FnSite,
        kind: FunctionKind,
    ) -> FuncId {
        self.m.push_function(Function {
            name: site.name.clone(),
            name_source: site.name_source,
            kind,
            params: Vec::new(),
            is_async: false,
            is_generator: false,
            decorators: site.decorators.clone(),
            body: FunctionBody::None,
            return_type: None,
            type_params: Vec::new(),
            class: site.class,
            parent: self.current_function(),
            is_static: site.is_static,
            visibility: site.visibility,
            doc_throws: Vec::new(),
            span: sp(span),
            name_span: site.name_span,
        })
    }

    /// `function` declarations and expressions, methods, accessors and constructors.
    pub(crate) fn lower_function(
        &mut self,
        f: &oxc_ast::ast::Function<'_>,
        mut site: FnSite,
    ) -> FuncId {
        let is_declaration = matches!(
            f.r#type,
            FunctionType::FunctionDeclaration | FunctionType::TSDeclareFunction
        );
        if let Some(id) = &f.id {
            site.name = Some(id.name.as_str().to_string());
            site.name_source = NameSource::Declared;
            site.name_span = Some(sp(id.span));
        }
        let kind = site.kind.unwrap_or(if is_declaration {
            FunctionKind::Declaration
        } else {
            FunctionKind::Expression
        });
        let fid = self.start_function(f.span, &site, kind);
        if let Some(id) = &f.id {
            // A declaration's name lives in the enclosing scope; a function expression's
            // name only inside the function itself.
            let scope = if is_declaration {
                self.current_function()
            } else {
                Some(fid)
            };
            self.declare_in(
                id,
                BindingKind::Function { function: fid },
                crate::model::BindingOrigin::none(),
                scope,
            );
        }
        let doc_throws = self.doc_throws(&[f.span.start], site.doc_anchor);
        let type_params = self.type_params(f.type_parameters.as_ref());
        self.func_stack.push(fid);
        let params = self.params(&f.params, fid);
        let return_type = self.opt_type_annotation(f.return_type.as_ref());
        let body = match &f.body {
            Some(b) => FunctionBody::Block(self.function_body(&b.directives, &b.statements)),
            None => FunctionBody::None,
        };
        self.func_stack.pop();
        let func = &mut self.m.functions[fid.index()];
        func.params = params;
        func.is_async = f.r#async;
        func.is_generator = f.generator;
        func.body = body;
        func.return_type = return_type;
        func.type_params = type_params;
        func.doc_throws = doc_throws;
        fid
    }

    pub(crate) fn lower_arrow(&mut self, a: &ArrowFunctionExpression<'_>, site: FnSite) -> FuncId {
        let kind = site.kind.unwrap_or(FunctionKind::Arrow);
        let fid = self.start_function(a.span, &site, kind);
        let doc_throws = self.doc_throws(&[a.span.start], site.doc_anchor);
        let type_params = self.type_params(a.type_parameters.as_ref());
        self.func_stack.push(fid);
        let params = self.params(&a.params, fid);
        let return_type = self.opt_type_annotation(a.return_type.as_ref());
        let body = match &a.body {
            ArrowFunctionBody::FunctionBody(b) => {
                FunctionBody::Block(self.function_body(&b.directives, &b.statements))
            }
            other => match other.as_expression() {
                Some(e) => FunctionBody::Expr(self.lower_expr(e)),
                None => FunctionBody::None,
            },
        };
        self.func_stack.pop();
        let func = &mut self.m.functions[fid.index()];
        func.params = params;
        func.is_async = a.r#async;
        func.body = body;
        func.return_type = return_type;
        func.type_params = type_params;
        func.doc_throws = doc_throws;
        fid
    }

    fn function_body(
        &mut self,
        directives: &[oxc_ast::ast::Directive<'_>],
        statements: &[oxc_ast::ast::Statement<'_>],
    ) -> Vec<StmtId> {
        let mut body = Vec::with_capacity(directives.len() + statements.len());
        for d in directives {
            body.push(self.lower_directive(d));
        }
        for s in statements {
            body.push(self.lower_stmt(s));
        }
        body
    }

    fn params(&mut self, params: &FormalParameters<'_>, function: FuncId) -> Vec<Param> {
        let mut out = Vec::with_capacity(params.items.len() + 1);
        let mut declared = Vec::new();
        for (i, p) in params.items.iter().enumerate() {
            let decorators = self.decorators(&p.decorators);
            let type_annotation = self.opt_type_annotation(p.type_annotation.as_ref());
            let default = p.initializer.as_ref().map(|e| {
                let site = match &p.pattern {
                    oxc_ast::ast::BindingPattern::BindingIdentifier(id) => Some(FnSite::named(
                        id.name.as_str(),
                        NameSource::Variable,
                        id.span,
                    )),
                    _ => None,
                };
                self.lower_expr_site(e, site)
            });
            let index = u32::try_from(i).unwrap_or(u32::MAX);
            let site = DeclSite::new(BindingKind::Param { function, index }, default);
            let pattern = self.binding_pattern(&p.pattern, &site, &mut declared);
            let is_property = p.accessibility.is_some() || p.readonly || p.r#override;
            out.push(Param {
                pattern,
                default,
                kind: ParamKind::Normal,
                type_annotation,
                decorators: decorators.into(),
                property_visibility: if is_property {
                    Some(visibility(p.accessibility).unwrap_or(Visibility::Public))
                } else {
                    None
                },
                optional: p.optional,
                span: sp(p.span),
            });
        }
        if let Some(rest) = &params.rest {
            let decorators = self.decorators(&rest.decorators);
            let type_annotation = self.opt_type_annotation(rest.type_annotation.as_ref());
            let index = u32::try_from(params.items.len()).unwrap_or(u32::MAX);
            let site = DeclSite::new(BindingKind::Param { function, index }, None);
            let pattern = self.binding_pattern(&rest.rest.argument, &site, &mut declared);
            out.push(Param {
                pattern,
                default: None,
                kind: ParamKind::Rest,
                type_annotation,
                decorators: decorators.into(),
                property_visibility: None,
                optional: false,
                span: sp(rest.span),
            });
        }
        out
    }

    /// Decorators: the expression, the callee as a name chain, the arguments of a call, and
    /// the text without `@`.
    pub(crate) fn decorators(&mut self, decs: &[oxc_ast::ast::Decorator<'_>]) -> Vec<Decorator> {
        let mut out = Vec::with_capacity(decs.len());
        for d in decs {
            let expr = self.lower_expr(&d.expression);
            let (name_expr, args) = match &self.m.expr(expr).kind {
                ExprKind::Call { callee, args, .. } => (*callee, args.to_vec()),
                _ => (expr, Vec::new()),
            };
            let name = match self.m.member_chain(name_expr) {
                Some(parts) => parts.join("."),
                None => self.m.text_collapsed(self.m.expr(name_expr).span),
            };
            let raw = self
                .text(d.span)
                .trim_start()
                .trim_start_matches('@')
                .to_string();
            out.push(Decorator {
                name,
                expr,
                args,
                raw,
                span: sp(d.span),
            });
        }
        out
    }

    /// A class declaration or expression with its members.
    pub(crate) fn lower_class(&mut self, c: &oxc_ast::ast::Class<'_>, mut site: FnSite) -> ClassId {
        let decorators = self.decorators(&c.decorators);
        if let Some(id) = &c.id {
            site.name = Some(id.name.as_str().to_string());
            site.name_source = NameSource::Declared;
            site.name_span = Some(sp(id.span));
        }
        let cid = self.m.push_class(Class {
            name: site.name.clone(),
            name_source: site.name_source,
            extends: Vec::new(),
            implements: Vec::new(),
            keywords: Vec::new(),
            members: Vec::new(),
            body: Vec::new(),
            decorators,
            type_params: self.type_params(c.type_parameters.as_ref()),
            is_abstract: c.r#abstract,
            parent: self.current_function(),
            span: sp(c.span),
            name_span: site.name_span,
        });
        if let Some(id) = &c.id {
            // A class expression's own name is visible only inside it; the model has no class
            // scope, so both forms are declared where the class is written.
            self.declare(
                id,
                BindingKind::Class { class: cid },
                crate::model::BindingOrigin::none(),
            );
        }
        let extends: Vec<_> = c
            .heritage
            .as_ref()
            .map(|h| vec![self.lower_expr(&h.expression)])
            .unwrap_or_default();
        let implements = c
            .implements
            .iter()
            .map(|i| self.text_collapsed(i.span))
            .collect();
        let mut members = Vec::with_capacity(c.body.body.len());
        for el in &c.body.body {
            members.push(self.class_member(el, cid));
        }
        let class = &mut self.m.classes[cid.index()];
        class.extends = extends;
        class.implements = implements;
        class.members = members;
        cid
    }

    fn member_name(&mut self, key: &PropertyKey<'_>, computed: bool) -> MemberName {
        if !computed {
            match key {
                PropertyKey::StaticIdentifier(i) => {
                    return MemberName::Ident(i.name.as_str().to_string());
                }
                PropertyKey::PrivateIdentifier(i) => {
                    return MemberName::Private(i.name.as_str().to_string());
                }
                PropertyKey::StringLiteral(s) => {
                    return MemberName::String(s.value.as_str().to_string());
                }
                PropertyKey::NumericLiteral(n) => {
                    return MemberName::Number(self.text(n.span).to_string());
                }
                PropertyKey::BigIntLiteral(n) => {
                    return MemberName::Number(self.text(n.span).to_string());
                }
                _ => {}
            }
        }
        match key.as_expression() {
            Some(e) => MemberName::Computed(self.lower_expr(e)),
            None => MemberName::Computed(self.m.push_expr(ExprKind::Other, sp(key.span()))),
        }
    }

    fn class_member(&mut self, el: &ClassElement<'_>, cid: ClassId) -> ClassMember {
        match el {
            ClassElement::MethodDefinition(m) => {
                let decorators = self.decorators(&m.decorators);
                let name = self.member_name(&m.key, m.computed);
                let vis = if matches!(name, MemberName::Private(_)) {
                    Some(Visibility::HashPrivate)
                } else {
                    visibility(m.accessibility)
                };
                let kind = match m.kind {
                    MethodDefinitionKind::Constructor => FunctionKind::Constructor,
                    MethodDefinitionKind::Method => FunctionKind::Method,
                    MethodDefinitionKind::Get => FunctionKind::Getter,
                    MethodDefinitionKind::Set => FunctionKind::Setter,
                };
                let anchor = m
                    .decorators
                    .first()
                    .map_or(m.span.start, |d| d.span.start.min(m.span.start));
                let site = FnSite {
                    name: name.as_str().map(str::to_string),
                    name_source: NameSource::Declared,
                    name_span: Some(sp(m.key.span())),
                    kind: Some(kind),
                    class: Some(cid),
                    is_static: m.r#static,
                    visibility: vis,
                    decorators: decorators.clone(),
                    doc_anchor: Some(anchor),
                };
                let function = self.lower_function(&m.value, site);
                // oxc's method value starts at `(`; the function is the member without its
                // decorators (`static async get(…) {…}`).
                let start = m.decorators.last().map_or(m.span.start, |d| d.span.end);
                let skipped = self
                    .m
                    .source
                    .get(start as usize..m.span.end as usize)
                    .map_or(0, |t| t.len() - t.trim_start().len());
                let start = start.saturating_add(u32::try_from(skipped).unwrap_or(0));
                self.m.functions[function.index()].span =
                    crate::model::Span::new(start, m.span.end);
                ClassMember {
                    name,
                    kind: match kind {
                        FunctionKind::Constructor => MemberKind::Constructor { function },
                        FunctionKind::Getter => MemberKind::Getter { function },
                        FunctionKind::Setter => MemberKind::Setter { function },
                        _ => MemberKind::Method { function },
                    },
                    is_static: m.r#static,
                    visibility: vis,
                    decorators,
                    readonly: false,
                    optional: m.optional,
                    span: sp(m.span),
                }
            }
            ClassElement::PropertyDefinition(p) => self.field_member(
                FieldParts {
                    decorators: &p.decorators,
                    key: &p.key,
                    computed: p.computed,
                    accessibility: p.accessibility,
                    value: p.value.as_ref(),
                    is_static: p.r#static,
                    type_annotation: p.type_annotation.as_ref(),
                    readonly: p.readonly,
                    optional: p.optional,
                    span: p.span,
                },
                cid,
            ),
            // `accessor x = 1`: a field for seam's purposes, never readonly or optional.
            ClassElement::AccessorProperty(p) => self.field_member(
                FieldParts {
                    decorators: &p.decorators,
                    key: &p.key,
                    computed: p.computed,
                    accessibility: p.accessibility,
                    value: p.value.as_ref(),
                    is_static: p.r#static,
                    type_annotation: p.type_annotation.as_ref(),
                    readonly: false,
                    optional: false,
                    span: p.span,
                },
                cid,
            ),
            ClassElement::StaticBlock(b) => ClassMember {
                name: MemberName::Ident(String::new()),
                kind: MemberKind::Other,
                is_static: true,
                visibility: None,
                decorators: Vec::new(),
                readonly: false,
                optional: false,
                span: sp(b.span),
            },
            ClassElement::TSIndexSignature(s) => ClassMember {
                name: MemberName::Ident(String::new()),
                kind: MemberKind::Other,
                is_static: s.r#static,
                visibility: None,
                decorators: Vec::new(),
                readonly: s.readonly,
                optional: false,
                span: sp(s.span),
            },
        }
    }

    /// A class field (a property definition or an `accessor`), with a function value lowered
    /// as a `ClassField` function of the class.
    fn field_member(&mut self, f: FieldParts<'_, '_>, cid: ClassId) -> ClassMember {
        let decorators = self.decorators(f.decorators);
        let name = self.member_name(f.key, f.computed);
        let vis = if matches!(name, MemberName::Private(_)) {
            Some(Visibility::HashPrivate)
        } else {
            visibility(f.accessibility)
        };
        let anchor = f
            .decorators
            .first()
            .map_or(f.span.start, |d| d.span.start.min(f.span.start));
        let (value, function) = self.field_value(
            f.value,
            &name,
            f.key,
            cid,
            f.is_static,
            vis,
            &decorators,
            anchor,
        );
        let type_annotation = self.opt_type_annotation(f.type_annotation);
        ClassMember {
            name,
            kind: MemberKind::Property {
                value,
                type_annotation,
                function,
            },
            is_static: f.is_static,
            visibility: vis,
            decorators,
            readonly: f.readonly,
            optional: f.optional,
            span: sp(f.span),
        }
    }

    /// A field's initialiser; a function written there is a `ClassField` function of the class.
    #[allow(clippy::too_many_arguments)]
    fn field_value(
        &mut self,
        value: Option<&Expression<'_>>,
        name: &MemberName,
        key: &PropertyKey<'_>,
        cid: ClassId,
        is_static: bool,
        vis: Option<Visibility>,
        decorators: &[Decorator],
        anchor: u32,
    ) -> (Option<crate::model::ExprId>, Option<FuncId>) {
        let Some(value) = value else {
            return (None, None);
        };
        let site = FnSite {
            name: name.as_str().map(str::to_string),
            name_source: NameSource::Declared,
            name_span: Some(sp(key.span())),
            kind: Some(FunctionKind::ClassField),
            class: Some(cid),
            is_static,
            visibility: vis,
            decorators: decorators.to_vec(),
            doc_anchor: Some(anchor),
        };
        let is_function = matches!(
            super::exprs::unwrap_transparent(value),
            Expression::ArrowFunctionExpression(_) | Expression::FunctionExpression(_)
        );
        let expr = self.lower_expr_site(value, if is_function { Some(site) } else { None });
        let function = match &self.m.expr(expr).kind {
            ExprKind::Function { function } if is_function => Some(*function),
            _ => None,
        };
        (Some(expr), function)
    }

    /// The `@throws {Type}` (and `@exception`) types of the JSDoc comments attached at any of
    /// the given offsets, in order, without repeats.
    fn doc_throws(&self, starts: &[u32], anchor: Option<u32>) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        let mut offsets: Vec<u32> = starts.to_vec();
        if let Some(a) = anchor
            && !offsets.contains(&a)
        {
            offsets.push(a);
        }
        for off in offsets {
            let first = self.jsdoc.partition_point(|(a, _)| *a < off);
            for (a, span) in self.jsdoc.get(first..).unwrap_or(&[]) {
                if *a != off {
                    break;
                }
                for t in parse_throws(self.text(*span)) {
                    if !out.contains(&t) {
                        out.push(t);
                    }
                }
            }
        }
        out
    }
}

/// The thrown types named by `@throws {T}` / `@exception {T}` tags in a JSDoc comment; a bare
/// `@throws Name` counts when the word is capitalised (a type name, not prose).
pub(crate) fn parse_throws(comment: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = comment;
    while let Some(at) = rest.find('@') {
        rest = &rest[at + 1..];
        let tag_len = rest
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(rest.len());
        let tag = &rest[..tag_len];
        if tag != "throws" && tag != "throw" && tag != "exception" {
            continue;
        }
        let after = rest[tag_len..].trim_start_matches([' ', '\t']);
        if let Some(inner) = after.strip_prefix('{') {
            let mut depth = 1usize;
            let mut end = None;
            for (i, ch) in inner.char_indices() {
                match ch {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            end = Some(i);
                            break;
                        }
                    }
                    _ => {}
                }
            }
            if let Some(end) = end {
                let t = crate::model::collapse_whitespace(&inner[..end]);
                if !t.is_empty() {
                    out.push(t);
                }
            }
        } else {
            let word: String = after
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '.' || *c == '$')
                .collect();
            if word.chars().next().is_some_and(char::is_uppercase) {
                out.push(word);
            }
        }
    }
    out
}
