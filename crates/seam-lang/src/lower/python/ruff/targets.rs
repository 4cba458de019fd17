//! Assignment, loop, `with` and `except` targets, and `match` case patterns.
use super::scopes::{Decl, DeclSite};
use super::{Lw, sp};
use crate::model::*;
use ruff_python_ast::{Expr, Pattern, Singleton};
use ruff_text_size::Ranged;

/// How the names in a target are bound.
pub struct Bind {
    pub kind: BindingKind,
    pub init: Option<ExprId>,
    pub scope: usize,
}

impl<'s> Lw<'s> {
    /// Lowers a target, declaring every name in it; `path` is the position of `e` inside
    /// the whole value.
    pub(super) fn target(
        &mut self,
        e: &Expr,
        bind: &Bind,
        path: &mut Vec<PatternStep>,
    ) -> PatternId {
        let span = sp(e.range());
        if !self.descend(span) {
            let expr = self.other(span);
            return self.m.push_pattern(PatternKind::Expr { expr }, span);
        }
        let id = self.target_kind(e, bind, path, span);
        self.ascend();
        id
    }

    fn target_kind(
        &mut self,
        e: &Expr,
        bind: &Bind,
        path: &mut Vec<PatternStep>,
        span: Span,
    ) -> PatternId {
        let elts = match e {
            Expr::Name(n) if !n.id.is_empty() => {
                return self.bind_name(n.id.as_str(), span, bind, path.clone());
            }
            Expr::Tuple(t) => &t.elts,
            Expr::List(l) => &l.elts,
            Expr::Starred(s) => return self.target(&s.value, bind, path),
            _ => {
                let expr = self.expr(e);
                return self.m.push_pattern(PatternKind::Expr { expr }, span);
            }
        };
        let mut elements = Vec::new();
        let mut rest = None;
        for (i, c) in elts.iter().enumerate() {
            if let Expr::Starred(s) = c {
                path.push(PatternStep::Rest);
                rest = Some(self.target(&s.value, bind, path));
                path.pop();
                continue;
            }
            let step = if rest.is_some() {
                PatternStep::Computed
            } else {
                PatternStep::Index(u32::try_from(i).unwrap_or(u32::MAX))
            };
            path.push(step);
            elements.push(Some(self.target(c, bind, path)));
            path.pop();
        }
        self.m.push_pattern(
            PatternKind::Array {
                elements: elements.into(),
                rest,
            },
            span,
        )
    }

    /// Declares one name and returns its pattern.
    pub(super) fn bind_name(
        &mut self,
        name: &str,
        span: Span,
        bind: &Bind,
        path: Vec<PatternStep>,
    ) -> PatternId {
        let id = self.m.push_pattern(
            PatternKind::Ident {
                name: name.into(),
                binding: None,
            },
            span,
        );
        self.scopes.declare(Decl {
            scope: bind.scope,
            name: name.to_string(),
            kind: bind.kind.clone(),
            span,
            origin: BindingOrigin {
                init: bind.init,
                path: path.into(),
                default: None,
            },
            assigns: true,
            site: DeclSite::Pattern(id),
        });
        id
    }

    /// Declares a name without giving it a value (`del x`, a bare `x: int`).
    pub(super) fn declare_only(&mut self, name: &str, span: Span) {
        self.scopes.declare(Decl {
            scope: self.scope,
            name: name.to_string(),
            kind: BindingKind::Assigned,
            span,
            origin: BindingOrigin::none(),
            assigns: false,
            site: DeclSite::None,
        });
    }

    /// The expression form of a case pattern when it has one: a literal, a negative number,
    /// or a dotted value (`Color.RED`).
    pub(super) fn case_pattern_expr(&mut self, p: &Pattern) -> Option<ExprId> {
        match p {
            Pattern::MatchValue(v) => match &*v.value {
                Expr::StringLiteral(_)
                | Expr::BytesLiteral(_)
                | Expr::FString(_)
                | Expr::TString(_)
                | Expr::NumberLiteral(_) => Some(self.expr(&v.value)),
                Expr::UnaryOp(u) if matches!(&*u.operand, Expr::NumberLiteral(_)) => {
                    Some(self.expr(&v.value))
                }
                Expr::Attribute(_) if is_dotted(&v.value) => Some(self.expr(&v.value)),
                _ => None,
            },
            Pattern::MatchSingleton(s) => {
                let value = match s.value {
                    Singleton::None => LiteralValue::Null,
                    Singleton::True => LiteralValue::Bool { value: true },
                    Singleton::False => LiteralValue::Bool { value: false },
                };
                Some(self.m.push_expr(ExprKind::Literal { value }, sp(s.range)))
            }
            _ => None,
        }
    }

    /// Declares every capture name in a case pattern, in source order.
    pub(super) fn case_captures(&mut self, pattern: &Pattern) {
        let mut stack = vec![pattern];
        let mut captures: Vec<(&str, Span)> = Vec::new();
        while let Some(p) = stack.pop() {
            match p {
                Pattern::MatchAs(a) => {
                    if let Some(n) = &a.name {
                        captures.push((n.id.as_str(), sp(n.range)));
                    }
                    if let Some(inner) = a.pattern.as_deref() {
                        stack.push(inner);
                    }
                }
                Pattern::MatchStar(s) => {
                    if let Some(n) = &s.name {
                        captures.push((n.id.as_str(), sp(n.range)));
                    }
                }
                Pattern::MatchMapping(m) => {
                    stack.extend(m.patterns.iter());
                    if let Some(n) = &m.rest {
                        captures.push((n.id.as_str(), sp(n.range)));
                    }
                }
                Pattern::MatchClass(c) => {
                    stack.extend(c.arguments.patterns.iter());
                    stack.extend(c.arguments.keywords.iter().map(|k| &k.pattern));
                }
                Pattern::MatchSequence(s) => stack.extend(s.patterns.iter()),
                Pattern::MatchOr(o) => stack.extend(o.patterns.iter()),
                Pattern::MatchValue(_) | Pattern::MatchSingleton(_) => {}
            }
        }
        captures.sort_by_key(|(_, s)| s.start);
        for (name, span) in captures {
            let bind = Bind {
                kind: BindingKind::Assigned,
                init: None,
                scope: self.scope,
            };
            self.bind_name(name, span, &bind, Vec::new());
        }
    }
}

/// `a.b.c` made of names only.
fn is_dotted(e: &Expr) -> bool {
    let mut cur = e;
    loop {
        match cur {
            Expr::Attribute(a) => cur = &a.value,
            Expr::Name(_) => return true,
            _ => return false,
        }
    }
}
