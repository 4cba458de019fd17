//! Structural matching of a compiled pattern against the model.
//!
//! Member chains match by name, calls by callee and arguments, literals by value; `$X` binds
//! any one expression (or, after a `.`, the property name) and `$$$X` zero or more positional
//! arguments or elements. A metavariable used twice must bind the same source text
//! (whitespace collapsed). Keyword arguments (Python) match by name, in any order; keyword
//! arguments the pattern does not mention are ignored. Object patterns match an object that has
//! at least the listed keys.

use std::collections::BTreeMap;

use seam_lang::model::{
    Arg, ArrayElement, AssignOp, ExprId, ExprKind, LiteralValue, MemberProp, Model, ObjectProp,
    PatternKind, Span,
};

use crate::pattern::{PatternArg, PatternLiteral, PatternNode, PatternProp};

/// What one metavariable bound to.
#[derive(Debug, Clone, PartialEq)]
pub enum Capture {
    /// `$X` in an expression position.
    Expr(ExprId),
    /// `$$$X`: the matched arguments or elements, in order.
    List(Vec<ExprId>),
    /// `$X` after a `.`: the property name and the span of the member expression.
    Name(String, Span),
}

/// Metavariable name → capture, ordered by name.
pub type Captures = BTreeMap<String, Capture>;

impl Capture {
    /// The single expression a capture holds, when it holds one.
    pub fn expr(&self) -> Option<ExprId> {
        match self {
            Capture::Expr(e) => Some(*e),
            _ => None,
        }
    }
}

/// Matches `pattern` against the expression `id`, extending `captures` on success. On failure
/// `captures` is left as it was.
pub fn match_expr(
    model: &Model,
    pattern: &PatternNode,
    id: ExprId,
    captures: &mut Captures,
) -> bool {
    let mut trial = captures.clone();
    if match_node(model, pattern, id, &mut trial) {
        *captures = trial;
        true
    } else {
        false
    }
}

fn bind(model: &Model, captures: &mut Captures, name: &str, value: Capture) -> bool {
    match captures.get(name) {
        None => {
            captures.insert(name.to_owned(), value);
            true
        }
        Some(existing) => capture_text(model, existing) == capture_text(model, &value),
    }
}

fn capture_text(model: &Model, capture: &Capture) -> String {
    match capture {
        Capture::Expr(e) => model.text_collapsed(model.expr(*e).span),
        Capture::Name(n, _) => n.clone(),
        Capture::List(items) => items
            .iter()
            .map(|e| model.text_collapsed(model.expr(*e).span))
            .collect::<Vec<_>>()
            .join(", "),
    }
}

fn match_node(model: &Model, pattern: &PatternNode, id: ExprId, captures: &mut Captures) -> bool {
    let expr = model.expr(id);
    match (pattern, &expr.kind) {
        (PatternNode::Meta(name), _) => bind(model, captures, name, Capture::Expr(id)),
        (PatternNode::Ident(want), ExprKind::Ident { name, .. }) => want == name,
        (PatternNode::This, ExprKind::This) => true,
        (
            PatternNode::Member { object, property },
            ExprKind::Member {
                object: target_object,
                property: MemberProp::Name(name),
                ..
            },
        ) => {
            let property_ok = match property {
                PatternProp::Name(want) => want == name,
                PatternProp::Meta(m) => {
                    bind(model, captures, m, Capture::Name(name.clone(), expr.span))
                }
            };
            property_ok && match_node(model, object, *target_object, captures)
        }
        (
            PatternNode::Call {
                callee,
                args,
                is_new,
            },
            ExprKind::Call {
                callee: target_callee,
                args: target_args,
                is_new: target_new,
                ..
            },
        ) => {
            is_new == target_new
                && match_node(model, callee, *target_callee, captures)
                && match_args(model, args, target_args, captures)
        }
        (PatternNode::Literal(want), ExprKind::Literal { value }) => literal_matches(want, value),
        (PatternNode::Object(props), ExprKind::Object { props: target }) => {
            props.iter().all(|(key, value_pattern)| {
                target.iter().any(|p| match p {
                    ObjectProp::KeyValue { key: k, value, .. } => {
                        k.as_str() == Some(key.as_str())
                            && match_node(model, value_pattern, *value, captures)
                    }
                    _ => false,
                })
            })
        }
        (PatternNode::Array(items), ExprKind::Array { elements, .. }) => {
            let mut exprs = Vec::with_capacity(elements.len());
            for e in elements {
                match e {
                    ArrayElement::Expr(x) => exprs.push(*x),
                    // A spread or a hole cannot be lined up with pattern elements.
                    _ => return false,
                }
            }
            match_sequence(model, items, &exprs, captures)
        }
        (PatternNode::Await(inner), ExprKind::Await { arg }) => {
            match_node(model, inner, *arg, captures)
        }
        (
            PatternNode::Assign { target, value },
            ExprKind::Assign {
                op: AssignOp::Assign,
                target: target_pattern,
                value: target_value,
            },
        ) => {
            let target_ok = match &model.pattern(*target_pattern).kind {
                PatternKind::Expr { expr } => match_node(model, target, *expr, captures),
                PatternKind::Ident { name, .. } => {
                    matches!(target.as_ref(), PatternNode::Ident(want) if want == name)
                }
                _ => false,
            };
            target_ok && match_node(model, value, *target_value, captures)
        }
        (PatternNode::Text(text), _) => *text == model.text_collapsed(expr.span),
        _ => false,
    }
}

fn literal_matches(want: &PatternLiteral, value: &LiteralValue) -> bool {
    match (want, value) {
        (PatternLiteral::String(a), LiteralValue::String { value }) => a == value,
        (PatternLiteral::Number(a), LiteralValue::Number { value, .. }) => a == value,
        (PatternLiteral::Bool(a), LiteralValue::Bool { value }) => a == value,
        (PatternLiteral::Null, LiteralValue::Null) => true,
        (PatternLiteral::Undefined, LiteralValue::Undefined) => true,
        _ => false,
    }
}

fn match_args(
    model: &Model,
    pattern: &[PatternArg],
    target: &[Arg],
    captures: &mut Captures,
) -> bool {
    // Keyword arguments match by name; the rest line up positionally.
    let mut positional_patterns = Vec::new();
    for p in pattern {
        match p {
            PatternArg::One {
                node,
                name: Some(kw),
            } => {
                let Some(arg) = target.iter().find(|a| a.name.as_deref() == Some(kw)) else {
                    return false;
                };
                if !match_node(model, node, arg.value, captures) {
                    return false;
                }
            }
            other => positional_patterns.push(other.clone()),
        }
    }
    let mut positional = Vec::with_capacity(target.len());
    for a in target {
        if a.name.is_some() {
            continue;
        }
        if a.spread || a.keyword_spread {
            // A spread argument could fill any number of positions; only `$$$` can take it.
            positional.push(a.value);
            continue;
        }
        positional.push(a.value);
    }
    match_sequence(model, &positional_patterns, &positional, captures)
}

/// Lines up pattern positions with expressions, backtracking over `$$$` lengths.
fn match_sequence(
    model: &Model,
    pattern: &[PatternArg],
    target: &[ExprId],
    captures: &mut Captures,
) -> bool {
    let Some((first, rest)) = pattern.split_first() else {
        return target.is_empty();
    };
    match first {
        PatternArg::One { node, .. } => {
            let Some((head, tail)) = target.split_first() else {
                return false;
            };
            let mut trial = captures.clone();
            if match_node(model, node, *head, &mut trial)
                && match_sequence(model, rest, tail, &mut trial)
            {
                *captures = trial;
                true
            } else {
                false
            }
        }
        PatternArg::Many(name) => {
            // Fixed positions after the list need at least that many expressions.
            let min_rest = rest
                .iter()
                .filter(|p| matches!(p, PatternArg::One { .. }))
                .count();
            let max_take = target.len().saturating_sub(min_rest);
            for take in (0..=max_take).rev() {
                let mut trial = captures.clone();
                let list = Capture::List(target[..take].to_vec());
                if bind(model, &mut trial, name, list)
                    && match_sequence(model, rest, &target[take..], &mut trial)
                {
                    *captures = trial;
                    return true;
                }
            }
            false
        }
    }
}
