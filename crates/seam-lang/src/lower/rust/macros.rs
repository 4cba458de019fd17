//! Macro calls. tree-sitter leaves a macro's arguments as a token tree; the arguments that
//! read as expressions (names, literals, paths, member and method chains, `&x`) are taken
//! apart here, the rest kept as text. `format!` (and `format_args!`) is a template string,
//! `vec![…]` an array, `json!({…})` an object; any other macro is a call of its name.
use super::exprs::arg;
use super::{Lowerer, children, span, string_value};
use crate::model::*;
use tree_sitter::Node;

/// Macros whose first argument is a format string making the value (`format!`).
const FORMATTING: &[&str] = &["format", "format_args"];

impl<'s> Lowerer<'s> {
    pub(super) fn macro_call(&mut self, node: Node<'_>) -> ExprId {
        let Some(name_node) = node.child_by_field_name("macro") else {
            return self.other(node);
        };
        let name = self.text(name_node).to_string();
        let last = name.rsplit("::").next().unwrap_or(&name).to_string();
        let tt = children(node)
            .into_iter()
            .find(|c| c.kind() == "token_tree");
        let Some(tt) = tt else {
            return self.other(node);
        };
        if FORMATTING.contains(&last.as_str()) {
            let segments = self.segments(tt);
            if let Some(t) = self.format_template(&segments, node) {
                return t;
            }
        }
        match last.as_str() {
            "vec" => {
                let segments = self.segments(tt);
                if segments
                    .iter()
                    .any(|s| s.iter().any(|t| self.text(*t) == ";"))
                {
                    return self.other(node);
                }
                let elements = segments
                    .iter()
                    .map(|s| ArrayElement::Expr(self.token_expr_or_other(s, node)))
                    .collect();
                self.m.push_expr(
                    ExprKind::Array {
                        elements,
                        kind: ArrayKind::Array,
                    },
                    span(node),
                )
            }
            "json" => {
                let inner = self.inner_tokens(tt);
                self.json_value(&inner, node)
            }
            _ => {
                let callee = self.path_expr(name_node);
                let args = self.token_tree_args(tt);
                self.m.push_expr(
                    ExprKind::Call {
                        callee,
                        args: args.into(),
                        optional: false,
                        is_new: false,
                    },
                    span(node),
                )
            }
        }
    }

    /// The tokens of a token tree without its delimiters.
    fn inner_tokens<'t>(&self, tt: Node<'t>) -> Vec<Node<'t>> {
        let mut tokens = children(tt);
        if tokens
            .first()
            .is_some_and(|t| matches!(self.text(*t), "(" | "[" | "{"))
        {
            tokens.remove(0);
        }
        if tokens
            .last()
            .is_some_and(|t| matches!(self.text(*t), ")" | "]" | "}"))
        {
            tokens.pop();
        }
        tokens
    }

    /// The comma-separated parts of a token tree.
    fn segments<'t>(&self, tt: Node<'t>) -> Vec<Vec<Node<'t>>> {
        split_commas(self, &self.inner_tokens(tt))
    }

    /// A token tree as call arguments: `name = value` parts are named arguments.
    pub(super) fn token_tree_args(&mut self, tt: Node<'_>) -> Vec<Arg> {
        let mut out = Vec::new();
        for seg in self.segments(tt) {
            if let [n, eq, rest @ ..] = seg.as_slice()
                && n.kind() == "identifier"
                && self.text(*eq) == "="
                && !rest.is_empty()
            {
                let value = self.token_expr_or_other(rest, tt);
                out.push(Arg {
                    name: Some(self.text(*n).into()),
                    value,
                    spread: false,
                    keyword_spread: false,
                });
                continue;
            }
            let value = self.token_expr_or_other(&seg, tt);
            out.push(arg(value));
        }
        out
    }

    fn token_expr_or_other(&mut self, tokens: &[Node<'_>], owner: Node<'_>) -> ExprId {
        match self.token_expr(tokens) {
            Some(e) => e,
            None => {
                let at = match (tokens.first(), tokens.last()) {
                    (Some(a), Some(b)) => Span::new(span(*a).start, span(*b).end),
                    _ => span(owner),
                };
                self.m.push_expr(ExprKind::Other, at)
            }
        }
    }

    /// Tokens read as one expression: `&`/`*` in front dropped, then a name, `self`, a
    /// literal or a parenthesised group, followed by `::name`, `.name`, `(args)`, `.await` and
    /// `?`. `None` when the tokens are anything else.
    fn token_expr(&mut self, tokens: &[Node<'_>]) -> Option<ExprId> {
        if !self.descend(*tokens.first()?) {
            return None;
        }
        let out = self.token_expr_inner(tokens);
        self.ascend();
        out
    }

    fn token_expr_inner(&mut self, tokens: &[Node<'_>]) -> Option<ExprId> {
        let mut i = 0;
        while i < tokens.len() && matches!(self.text(tokens[i]), "&" | "*" | "mut") {
            i += 1;
        }
        let first = *tokens.get(i)?;
        let start = span(first).start;
        let mut expr = match first.kind() {
            "identifier" => self.ident(first),
            "self" => self.m.push_expr(ExprKind::This, span(first)),
            "crate" | "super" => self.path_expr(first),
            "string_literal" | "raw_string_literal" | "char_literal" | "integer_literal"
            | "float_literal" | "boolean_literal" => self.expr(first),
            "token_tree" => {
                let inner = self.inner_tokens(first);
                let parts = split_commas(self, &inner);
                match parts.as_slice() {
                    [one] => self.token_expr(one)?,
                    _ => {
                        let mut elements = Vec::new();
                        for p in &parts {
                            elements.push(ArrayElement::Expr(self.token_expr_or_other(p, first)));
                        }
                        self.m.push_expr(
                            ExprKind::Array {
                                elements: elements.into(),
                                kind: ArrayKind::Tuple,
                            },
                            span(first),
                        )
                    }
                }
            }
            _ => return None,
        };
        i += 1;
        while i < tokens.len() {
            let t = tokens[i];
            let text = self.text(t);
            let end = span(t).end;
            match text {
                "." | "::" => {
                    let name_tok = *tokens.get(i + 1)?;
                    let name = self.text(name_tok).to_string();
                    if name == "await" {
                        expr = self.m.push_expr(
                            ExprKind::Await { arg: expr },
                            Span::new(start, span(name_tok).end),
                        );
                    } else if name_tok.kind() == "identifier"
                        || name_tok.kind() == "integer_literal"
                    {
                        // `crate::a::b` in a macro: the first segment's path import.
                        expr = self.m.push_expr(
                            ExprKind::Member {
                                object: expr,
                                property: MemberProp::Name(name.into()),
                                optional: false,
                            },
                            Span::new(start, span(name_tok).end),
                        );
                    } else {
                        return None;
                    }
                    i += 2;
                }
                "?" => {
                    i += 1;
                }
                _ if t.kind() == "token_tree" && text.starts_with('(') => {
                    let args = self.token_tree_args(t);
                    expr = self.m.push_expr(
                        ExprKind::Call {
                            callee: expr,
                            args: args.into(),
                            optional: false,
                            is_new: false,
                        },
                        Span::new(start, end),
                    );
                    i += 1;
                }
                _ => return None,
            }
        }
        Some(expr)
    }

    /// `format!("{}/x/{id}", base, id = v)` as a template: `{}` takes the next positional
    /// argument, `{0}` one by index, `{name}` the named argument or the variable in scope;
    /// `{{`/`}}` are braces.
    fn format_template(&mut self, segments: &[Vec<Node<'_>>], node: Node<'_>) -> Option<ExprId> {
        let (first, rest) = segments.split_first()?;
        let [lit] = first.as_slice() else {
            return None;
        };
        if !matches!(lit.kind(), "string_literal" | "raw_string_literal") {
            return None;
        }
        let fmt = string_value(self.text(*lit))?;
        let mut positional: Vec<ExprId> = Vec::new();
        let mut named_args: Vec<(String, ExprId)> = Vec::new();
        for seg in rest {
            if let [n, eq, value @ ..] = seg.as_slice()
                && n.kind() == "identifier"
                && self.text(*eq) == "="
                && !value.is_empty()
            {
                let e = self.token_expr_or_other(value, node);
                named_args.push((self.text(*n).to_string(), e));
            } else {
                positional.push(self.token_expr_or_other(seg, node));
            }
        }
        let mut quasis = vec![String::new()];
        let mut exprs = Vec::new();
        let mut next = 0usize;
        let mut chars = fmt.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '{' if chars.peek() == Some(&'{') => {
                    chars.next();
                    quasis.last_mut()?.push('{');
                }
                '}' if chars.peek() == Some(&'}') => {
                    chars.next();
                    quasis.last_mut()?.push('}');
                }
                '{' => {
                    let mut spec = String::new();
                    for d in chars.by_ref() {
                        if d == '}' {
                            break;
                        }
                        spec.push(d);
                    }
                    let name = spec.split(':').next().unwrap_or("").trim();
                    let e = if name.is_empty() {
                        let e = positional.get(next).copied();
                        next += 1;
                        e
                    } else if let Ok(i) = name.parse::<usize>() {
                        positional.get(i).copied()
                    } else if let Some((_, e)) = named_args.iter().find(|(n, _)| n == name) {
                        Some(*e)
                    } else {
                        // A variable captured by name (`{base}`).
                        let binding = self.lookup(name);
                        Some(self.m.push_expr(
                            ExprKind::Ident {
                                name: name.into(),
                                binding,
                            },
                            span(*lit),
                        ))
                    };
                    let e = match e {
                        Some(e) => e,
                        None => self.m.push_expr(ExprKind::Other, span(*lit)),
                    };
                    exprs.push(e);
                    quasis.push(String::new());
                }
                _ => quasis.last_mut()?.push(c),
            }
        }
        Some(self.m.push_expr(
            ExprKind::Template(Box::new(crate::model::TemplateExpr {
                quasis,
                exprs,
                tag: None,
            })),
            span(node),
        ))
    }

    /// `json!` content: `{ "k": v, … }` an object, `[…]` an array, else an expression.
    fn json_value(&mut self, tokens: &[Node<'_>], owner: Node<'_>) -> ExprId {
        if let [tt] = tokens
            && tt.kind() == "token_tree"
        {
            let text = self.text(*tt);
            if text.starts_with('{') {
                let mut props = Vec::new();
                for seg in self.segments(*tt) {
                    let [key, colon, value @ ..] = seg.as_slice() else {
                        continue;
                    };
                    if self.text(*colon) != ":" || value.is_empty() {
                        continue;
                    }
                    let Some(k) = string_value(self.text(*key)) else {
                        continue;
                    };
                    let v = self.json_value(value, owner);
                    props.push(ObjectProp::KeyValue {
                        key: PropKey::String(k.into()),
                        value: v,
                        shorthand: false,
                    });
                }
                return self.m.push_expr(
                    ExprKind::Object {
                        props: props.into(),
                    },
                    span(*tt),
                );
            }
            if text.starts_with('[') {
                let mut elements = Vec::new();
                for seg in self.segments(*tt) {
                    elements.push(ArrayElement::Expr(self.json_value(&seg, owner)));
                }
                return self.m.push_expr(
                    ExprKind::Array {
                        elements: elements.into(),
                        kind: ArrayKind::Array,
                    },
                    span(*tt),
                );
            }
        }
        if let [t] = tokens
            && self.text(*t) == "null"
        {
            return self.m.push_expr(
                ExprKind::Literal {
                    value: LiteralValue::Null,
                },
                span(*t),
            );
        }
        self.token_expr_or_other(tokens, owner)
    }
}

/// Splits tokens at the commas between them (a nested token tree is one token).
fn split_commas<'t>(lw: &Lowerer<'_>, tokens: &[Node<'t>]) -> Vec<Vec<Node<'t>>> {
    let mut out: Vec<Vec<Node<'t>>> = Vec::new();
    let mut current: Vec<Node<'t>> = Vec::new();
    for t in tokens {
        if lw.text(*t) == "," && t.kind() != "token_tree" {
            out.push(std::mem::take(&mut current));
        } else {
            current.push(*t);
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out.retain(|s| !s.is_empty());
    out
}
