//! Binding patterns (declarations, parameters, catch and loop variables) and assignment
//! targets.
use super::{Lowerer, sp};
use crate::model::{
    BindingId, BindingKind, BindingOrigin, ExprId, ImportedItem, ImportedName, PatternId,
    PatternKind, PatternProp, PatternStep, PropKey,
};
use oxc_ast::ast::{
    AssignmentTarget, AssignmentTargetMaybeDefault, AssignmentTargetProperty, BindingPattern,
    Expression, PropertyKey, SimpleAssignmentTarget,
};
use oxc_span::GetSpan;

/// What a binding pattern declares: the kind of each name and where its value comes from.
#[derive(Clone)]
pub(crate) struct DeclSite {
    pub kind: BindingKind,
    pub init: Option<ExprId>,
    /// The names come from a `require('x')` / `await import('x')` (index into the imports),
    /// possibly through one property access (`require('x').y`).
    pub import: Option<(u32, Option<String>)>,
}

impl DeclSite {
    pub(crate) fn new(kind: BindingKind, init: Option<ExprId>) -> DeclSite {
        DeclSite {
            kind,
            init,
            import: None,
        }
    }
}

impl Lowerer<'_> {
    /// Lowers a binding pattern, declaring every name in it; the declared bindings are
    /// appended to `out` in source order.
    pub(crate) fn binding_pattern(
        &mut self,
        p: &BindingPattern<'_>,
        site: &DeclSite,
        out: &mut Vec<BindingId>,
    ) -> PatternId {
        let mut path = Vec::new();
        self.binding_pattern_at(p, site, &mut path, None, out)
    }

    fn binding_pattern_at(
        &mut self,
        p: &BindingPattern<'_>,
        site: &DeclSite,
        path: &mut Vec<PatternStep>,
        default: Option<ExprId>,
        out: &mut Vec<BindingId>,
    ) -> PatternId {
        if !self.enter(p.span()) {
            let expr = self
                .m
                .push_expr(crate::model::ExprKind::Other, sp(p.span()));
            return self
                .m
                .push_pattern(PatternKind::Expr { expr }, sp(p.span()));
        }
        let id = match p {
            BindingPattern::BindingIdentifier(ident) => {
                let kind = self.pattern_binding_kind(site, path, ident.name.as_str(), ident.span);
                let origin = BindingOrigin {
                    init: site.init,
                    path: path.clone().into(),
                    default,
                };
                let b = self.declare(ident, kind, origin);
                out.push(b);
                self.m.push_pattern(
                    PatternKind::Ident {
                        name: ident.name.as_str().into(),
                        binding: Some(b),
                    },
                    sp(ident.span),
                )
            }
            BindingPattern::AssignmentPattern(a) => {
                let d = self.lower_expr(&a.right);
                let target = self.binding_pattern_at(&a.left, site, path, Some(d), out);
                self.m
                    .push_pattern(PatternKind::Default { target, default: d }, sp(a.span))
            }
            BindingPattern::ObjectPattern(o) => {
                let mut props = Vec::with_capacity(o.properties.len());
                for prop in &o.properties {
                    let key = self.prop_key(&prop.key, prop.computed);
                    path.push(match key.as_str() {
                        Some(k) => PatternStep::Key(k.to_string()),
                        None => PatternStep::Computed,
                    });
                    let value = self.binding_pattern_at(&prop.value, site, path, None, out);
                    path.pop();
                    props.push(PatternProp {
                        key,
                        value,
                        shorthand: prop.shorthand,
                    });
                }
                let rest = o.rest.as_ref().map(|r| {
                    path.push(PatternStep::Rest);
                    let id = self.binding_pattern_at(&r.argument, site, path, None, out);
                    path.pop();
                    id
                });
                self.m.push_pattern(
                    PatternKind::Object {
                        props: props.into(),
                        rest,
                    },
                    sp(o.span),
                )
            }
            BindingPattern::ArrayPattern(a) => {
                let mut elements = Vec::with_capacity(a.elements.len());
                for (i, el) in a.elements.iter().enumerate() {
                    elements.push(el.as_ref().map(|el| {
                        path.push(PatternStep::Index(u32::try_from(i).unwrap_or(u32::MAX)));
                        let id = self.binding_pattern_at(el, site, path, None, out);
                        path.pop();
                        id
                    }));
                }
                let rest = a.rest.as_ref().map(|r| {
                    path.push(PatternStep::Rest);
                    let id = self.binding_pattern_at(&r.argument, site, path, None, out);
                    path.pop();
                    id
                });
                self.m.push_pattern(
                    PatternKind::Array {
                        elements: elements.into(),
                        rest,
                    },
                    sp(a.span),
                )
            }
        };
        self.leave();
        id
    }

    /// The kind of a name in a pattern: an import when the value is a `require()` and the
    /// name is the whole module or one of its properties; the site's kind otherwise.
    fn pattern_binding_kind(
        &mut self,
        site: &DeclSite,
        path: &[PatternStep],
        local: &str,
        span: oxc_span::Span,
    ) -> BindingKind {
        let Some((import, member)) = &site.import else {
            return site.kind.clone();
        };
        let imported = match (member, path) {
            (None, []) => ImportedItem::Namespace,
            (Some(m), []) => ImportedItem::Named(m.clone()),
            (None, [PatternStep::Key(k)]) => ImportedItem::Named(k.clone()),
            _ => return site.kind.clone(),
        };
        let Some(imp) = self.m.imports.get_mut(*import as usize) else {
            return site.kind.clone();
        };
        imp.names.push(ImportedName {
            imported,
            local: local.to_string(),
            binding: None,
            type_only: false,
            span: sp(span),
            resolved: None,
        });
        BindingKind::Import {
            import: *import,
            name: u32::try_from(imp.names.len() - 1).unwrap_or(u32::MAX),
        }
    }

    /// A property key: identifier, decoded string, number as written, or computed.
    pub(crate) fn prop_key(&mut self, key: &PropertyKey<'_>, computed: bool) -> PropKey {
        if !computed {
            match key {
                PropertyKey::StaticIdentifier(i) => {
                    return PropKey::Ident(i.name.as_str().into());
                }
                PropertyKey::PrivateIdentifier(i) => {
                    return PropKey::Ident(format!("#{}", i.name.as_str()).into());
                }
                PropertyKey::StringLiteral(s) => {
                    return PropKey::String(s.value.as_str().into());
                }
                PropertyKey::NumericLiteral(n) => {
                    return PropKey::Number(self.text(n.span).into());
                }
                PropertyKey::BigIntLiteral(n) => {
                    return PropKey::Number(self.text(n.span).into());
                }
                _ => {}
            }
        }
        match key.as_expression() {
            Some(e) => PropKey::Computed(self.lower_expr(e)),
            None => PropKey::Computed(
                self.m
                    .push_expr(crate::model::ExprKind::Other, sp(key.span())),
            ),
        }
    }

    /// An assignment target (`x = …`, `[a, b] = …`, `obj.x = …`).
    pub(crate) fn assign_target(&mut self, t: &AssignmentTarget<'_>) -> PatternId {
        if !self.enter(t.span()) {
            let e = self
                .m
                .push_expr(crate::model::ExprKind::Other, sp(t.span()));
            return self
                .m
                .push_pattern(PatternKind::Expr { expr: e }, sp(t.span()));
        }
        let id = match t {
            AssignmentTarget::ArrayAssignmentTarget(a) => {
                let mut elements = Vec::with_capacity(a.elements.len());
                for el in &a.elements {
                    elements.push(el.as_ref().map(|el| self.maybe_default_target(el)));
                }
                let rest = a.rest.as_ref().map(|r| self.assign_target(&r.target));
                self.m.push_pattern(
                    PatternKind::Array {
                        elements: elements.into(),
                        rest,
                    },
                    sp(a.span),
                )
            }
            AssignmentTarget::ObjectAssignmentTarget(o) => {
                let mut props = Vec::with_capacity(o.properties.len());
                for prop in &o.properties {
                    match prop {
                        AssignmentTargetProperty::AssignmentTargetPropertyIdentifier(p) => {
                            let target = self.ident_target(&p.binding);
                            let value = match &p.init {
                                Some(init) => {
                                    let d = self.lower_expr(init);
                                    self.m.push_pattern(
                                        PatternKind::Default { target, default: d },
                                        sp(p.span),
                                    )
                                }
                                None => target,
                            };
                            props.push(PatternProp {
                                key: PropKey::Ident(p.binding.name.as_str().into()),
                                value,
                                shorthand: true,
                            });
                        }
                        AssignmentTargetProperty::AssignmentTargetPropertyProperty(p) => {
                            let key = self.prop_key(&p.name, p.computed);
                            let value = self.maybe_default_target(&p.binding);
                            props.push(PatternProp {
                                key,
                                value,
                                shorthand: false,
                            });
                        }
                    }
                }
                let rest = o.rest.as_ref().map(|r| self.assign_target(&r.target));
                self.m.push_pattern(
                    PatternKind::Object {
                        props: props.into(),
                        rest,
                    },
                    sp(o.span),
                )
            }
            other => match other.as_simple_assignment_target() {
                Some(s) => self.simple_target(s),
                None => {
                    let e = self
                        .m
                        .push_expr(crate::model::ExprKind::Other, sp(t.span()));
                    self.m
                        .push_pattern(PatternKind::Expr { expr: e }, sp(t.span()))
                }
            },
        };
        self.leave();
        id
    }

    fn maybe_default_target(&mut self, t: &AssignmentTargetMaybeDefault<'_>) -> PatternId {
        match t {
            AssignmentTargetMaybeDefault::AssignmentTargetWithDefault(d) => {
                let target = self.assign_target(&d.binding);
                let default = self.lower_expr(&d.init);
                self.m
                    .push_pattern(PatternKind::Default { target, default }, sp(d.span))
            }
            other => match other.as_assignment_target() {
                Some(t) => self.assign_target(t),
                None => {
                    let e = self
                        .m
                        .push_expr(crate::model::ExprKind::Other, sp(t.span()));
                    self.m
                        .push_pattern(PatternKind::Expr { expr: e }, sp(t.span()))
                }
            },
        }
    }

    /// `x`, `a.b`, `a[i]`, and TS wrappers around them (`(x as T) = …`, `x! = …`).
    pub(crate) fn simple_target(&mut self, s: &SimpleAssignmentTarget<'_>) -> PatternId {
        let inner: Option<&Expression<'_>> = match s {
            SimpleAssignmentTarget::AssignmentTargetIdentifier(i) => {
                return self.ident_target(i);
            }
            SimpleAssignmentTarget::TSAsExpression(e) => Some(&e.expression),
            SimpleAssignmentTarget::TSSatisfiesExpression(e) => Some(&e.expression),
            SimpleAssignmentTarget::TSNonNullExpression(e) => Some(&e.expression),
            SimpleAssignmentTarget::TSTypeAssertion(e) => Some(&e.expression),
            _ => None,
        };
        if let Some(inner) = inner {
            let inner = super::exprs::unwrap_transparent(inner);
            if let Expression::Identifier(i) = inner {
                return self.ident_target(i);
            }
            let e = self.lower_expr(inner);
            return self
                .m
                .push_pattern(PatternKind::Expr { expr: e }, sp(s.span()));
        }
        let e = match s.as_member_expression() {
            Some(m) => self.lower_expr(m.as_expression()),
            None => self
                .m
                .push_expr(crate::model::ExprKind::Other, sp(s.span())),
        };
        self.m
            .push_pattern(PatternKind::Expr { expr: e }, sp(s.span()))
    }
}
