//! Assignment, loop, `with` and `except` targets, and `match` case patterns.
use super::Lowerer;
use super::cst::{self, named, span};
use super::scopes::{Decl, DeclSite};
use crate::model::*;
use tree_sitter::Node;

/// How the names in a target are bound.
pub struct Bind {
    pub kind: BindingKind,
    /// The whole value assigned (the names inside get a `path` into it).
    pub init: Option<ExprId>,
    pub scope: usize,
}

impl<'s> Lowerer<'s> {
    /// Lowers a target, declaring every name in it. `path` is the position of `node` inside
    /// the whole value (`a, (b, c) = t`: `c` is at `[Index(1), Index(1)]`).
    pub(super) fn target(
        &mut self,
        node: Node<'_>,
        bind: &Bind,
        path: &mut Vec<PatternStep>,
    ) -> PatternId {
        if !self.descend(node) {
            return self.expr_pattern(node);
        }
        let id = self.target_kind(node, bind, path);
        self.ascend();
        id
    }

    fn expr_pattern(&mut self, node: Node<'_>) -> PatternId {
        let expr = self.other(node);
        self.m.push_pattern(PatternKind::Expr { expr }, span(node))
    }

    fn target_kind(
        &mut self,
        node: Node<'_>,
        bind: &Bind,
        path: &mut Vec<PatternStep>,
    ) -> PatternId {
        match cst::kind_of(node) {
            "identifier" => self.bind_name(node, bind, path.clone()),
            // `(x) = 1` is `x = 1`: parentheses without a comma make no tuple.
            "tuple_pattern" | "tuple" if named(node).len() == 1 && !cst::has_token(node, ",") => {
                match named(node).first() {
                    Some(inner) => self.target(*inner, bind, path),
                    None => self.expr_pattern(node),
                }
            }
            "pattern_list" | "tuple_pattern" | "list_pattern" | "tuple" | "list"
            | "expression_list" => {
                let mut elements = Vec::new();
                let mut rest = None;
                for (i, c) in named(node).into_iter().enumerate() {
                    if matches!(cst::kind_of(c), "list_splat_pattern" | "list_splat") {
                        path.push(PatternStep::Rest);
                        let inner = named(c).first().copied();
                        rest = Some(match inner {
                            Some(n) => self.target(n, bind, path),
                            None => self.expr_pattern(c),
                        });
                        path.pop();
                        continue;
                    }
                    // After a starred name, positions count from the end: not nameable.
                    let step = if rest.is_some() {
                        PatternStep::Computed
                    } else {
                        PatternStep::Index(u32::try_from(i).unwrap_or(u32::MAX))
                    };
                    path.push(step);
                    elements.push(Some(self.target(c, bind, path)));
                    path.pop();
                }
                self.m
                    .push_pattern(PatternKind::Array { elements, rest }, span(node))
            }
            "parenthesized_expression" | "as_pattern_target" | "list_splat_pattern" => {
                match named(node).first() {
                    Some(inner) => self.target(*inner, bind, path),
                    None => self.expr_pattern(node),
                }
            }
            // `a.b = …`, `a[i] = …`, and anything else assignable as an expression.
            _ => {
                let expr = self.expr(node);
                self.m.push_pattern(PatternKind::Expr { expr }, span(node))
            }
        }
    }

    /// Declares one name and returns its pattern.
    pub(super) fn bind_name(
        &mut self,
        node: Node<'_>,
        bind: &Bind,
        path: Vec<PatternStep>,
    ) -> PatternId {
        let name = self.text(node).to_string();
        let id = self.m.push_pattern(
            PatternKind::Ident {
                name: name.clone(),
                binding: None,
            },
            span(node),
        );
        self.scopes.declare(Decl {
            scope: bind.scope,
            name,
            kind: bind.kind.clone(),
            span: span(node),
            origin: BindingOrigin {
                init: bind.init,
                path,
                default: None,
            },
            assigns: true,
            site: DeclSite::Pattern(id),
        });
        id
    }

    /// Declares a name without giving it a value (`del x`, a bare `x: int`).
    pub(super) fn declare_only(&mut self, node: Node<'_>) {
        self.scopes.declare(Decl {
            scope: self.scope,
            name: self.text(node).to_string(),
            kind: BindingKind::Assigned,
            span: span(node),
            origin: BindingOrigin::none(),
            assigns: false,
            site: DeclSite::None,
        });
    }

    /// The expression form of a case pattern when it has one: a literal, a negative number,
    /// or a dotted value (`Color.RED`). A bare name is a capture, `_` a wildcard: `None`.
    pub(super) fn case_pattern_expr(&mut self, pattern: Node<'_>) -> Option<ExprId> {
        let parts = named(pattern);
        let [only] = parts.as_slice() else {
            return None;
        };
        match cst::kind_of(*only) {
            "string" | "concatenated_string" | "integer" | "float" | "true" | "false" | "none" => {
                let value = self.expr(*only);
                if cst::has_token(pattern, "-") {
                    return Some(self.m.push_expr(
                        ExprKind::Unary {
                            op: UnaryOp::Minus,
                            arg: value,
                        },
                        span(pattern),
                    ));
                }
                Some(value)
            }
            "dotted_name" => {
                let names = cst::named_of_kind(*only, "identifier");
                if names.len() < 2 {
                    return None;
                }
                let mut acc = self.expr(names[0]);
                let start = span(names[0]).start;
                for n in &names[1..] {
                    acc = self.m.push_expr(
                        ExprKind::Member {
                            object: acc,
                            property: MemberProp::Name(self.text(*n).to_string()),
                            optional: false,
                        },
                        Span::new(start, span(*n).end),
                    );
                }
                Some(acc)
            }
            _ => None,
        }
    }

    /// Declares every capture name in a case pattern (`case Point(x=0, y=yy) as p` binds
    /// `yy` and `p`). Walks with an explicit stack.
    pub(super) fn case_captures(&mut self, pattern: Node<'_>) {
        let mut stack = vec![pattern];
        let mut captures = Vec::new();
        while let Some(node) = stack.pop() {
            match cst::kind_of(node) {
                "case_pattern" | "keyword_pattern" => {
                    let parts = named(node);
                    // A capture: a dotted name of one identifier in a pattern position. In a
                    // keyword pattern the first identifier is the keyword, not a capture.
                    let values = if cst::kind_of(node) == "keyword_pattern" {
                        parts.get(1..).unwrap_or(&[])
                    } else {
                        &parts[..]
                    };
                    for p in values {
                        if cst::kind_of(*p) == "dotted_name" {
                            let ids = cst::named_of_kind(*p, "identifier");
                            if let [one] = ids.as_slice() {
                                captures.push(*one);
                            }
                        } else {
                            stack.push(*p);
                        }
                    }
                }
                "as_pattern" | "splat_pattern" => {
                    for p in named(node) {
                        if cst::kind_of(p) == "identifier" {
                            captures.push(p);
                        } else {
                            stack.push(p);
                        }
                    }
                }
                "dict_pattern" => {
                    let keys: Vec<usize> = cst::fields(node, self.f.key)
                        .iter()
                        .map(|k| k.id())
                        .collect();
                    for p in named(node) {
                        if !keys.contains(&p.id()) {
                            stack.push(p);
                        }
                    }
                }
                "class_pattern" | "list_pattern" | "tuple_pattern" | "union_pattern" => {
                    // The class name of a class pattern is a bare `dotted_name` child: skipped.
                    stack.extend(
                        named(node)
                            .into_iter()
                            .filter(|p| cst::kind_of(*p) != "dotted_name"),
                    );
                }
                _ => {}
            }
        }
        captures.sort_by_key(|n| n.start_byte());
        for c in captures {
            let bind = Bind {
                kind: BindingKind::Assigned,
                init: None,
                scope: self.scope,
            };
            self.bind_name(c, &bind, Vec::new());
        }
    }

    /// Flattens `except (A, B)` into its types.
    pub(super) fn except_types(&mut self, node: Node<'_>) -> Vec<ExprId> {
        let mut inner = node;
        while cst::kind_of(inner) == "parenthesized_expression" {
            match named(inner).first() {
                Some(n) => inner = *n,
                None => break,
            }
        }
        if cst::kind_of(inner) == "tuple" {
            named(inner).into_iter().map(|t| self.expr(t)).collect()
        } else {
            vec![self.expr(inner)]
        }
    }
}
