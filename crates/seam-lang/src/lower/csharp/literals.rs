//! String, interpolated string, character and number literals.
use super::Lowerer;
use super::cst::{self, kids, named, span};
use crate::model::*;
use tree_sitter::Node;

impl<'s> Lowerer<'s> {
    /// `"a\tb"` (escapes decoded), `@"a\b"` (verbatim: `""` is a quote) and `"""raw"""`.
    pub(super) fn string(&mut self, node: Node<'_>) -> ExprId {
        let value = self.static_string(node).unwrap_or_default();
        self.string_literal(value, span(node))
    }

    fn string_literal(&mut self, value: String, at: Span) -> ExprId {
        self.m.push_expr(
            ExprKind::Literal {
                value: LiteralValue::String {
                    value: value.into(),
                },
            },
            at,
        )
    }

    /// The value of a string literal without interpolation, decoded.
    pub(super) fn static_string(&self, node: Node<'_>) -> Option<String> {
        match cst::kind_of(node) {
            "string_literal" => {
                let mut out = String::new();
                for c in kids(node) {
                    match cst::kind_of(c) {
                        "string_literal_content" => out.push_str(self.text(c)),
                        "escape_sequence" => out.push_str(&decode_escape(self.text(c))),
                        _ => {}
                    }
                }
                Some(out)
            }
            "verbatim_string_literal" => {
                let raw = self.text(node);
                let body = raw.strip_prefix("@\"").unwrap_or(raw);
                let body = body.strip_suffix('"').unwrap_or(body);
                Some(body.replace("\"\"", "\""))
            }
            "raw_string_literal" => Some(
                named(node)
                    .into_iter()
                    .filter(|c| cst::kind_of(*c) == "raw_string_content")
                    .map(|c| self.text(c))
                    .collect(),
            ),
            _ => None,
        }
    }

    /// `$"a/{b}/c"`, `$@"…"`, `$"""…"""`: a template of the text around the interpolated
    /// values (a format clause `{x:N2}` and an alignment `{x,5}` are dropped); without any
    /// interpolation, a string literal.
    pub(super) fn interpolated(&mut self, node: Node<'_>) -> ExprId {
        let start = kids(node)
            .into_iter()
            .find(|c| cst::kind_of(*c) == "interpolation_start")
            .map(|c| self.text(c))
            .unwrap_or("$");
        let verbatim = start.contains('@');
        let raw = kids(node)
            .iter()
            .any(|c| cst::kind_of(*c) == "interpolation_quote" && self.text(*c).len() >= 3);
        let mut quasis = vec![String::new()];
        let mut exprs = Vec::new();
        for c in kids(node) {
            match cst::kind_of(c) {
                "string_content" => {
                    let t = self.text(c);
                    let piece = if verbatim {
                        t.replace("\"\"", "\"")
                    } else if raw {
                        t.to_owned()
                    } else {
                        t.replace("{{", "{").replace("}}", "}")
                    };
                    if let Some(q) = quasis.last_mut() {
                        q.push_str(&piece);
                    }
                }
                "escape_sequence" => {
                    let t = self.text(c);
                    let piece = match t {
                        "{{" => "{".to_owned(),
                        "}}" => "}".to_owned(),
                        _ => decode_escape(t),
                    };
                    if let Some(q) = quasis.last_mut() {
                        q.push_str(&piece);
                    }
                }
                "interpolation" => {
                    let value = named(c).into_iter().find(|x| {
                        !matches!(
                            cst::kind_of(*x),
                            "interpolation_brace"
                                | "interpolation_format_clause"
                                | "interpolation_alignment_clause"
                        )
                    });
                    let value = self.opt_expr(value, c);
                    exprs.push(value);
                    quasis.push(String::new());
                }
                _ => {}
            }
        }
        if exprs.is_empty() {
            let value = quasis.pop().unwrap_or_default();
            return self.string_literal(value, span(node));
        }
        self.m.push_expr(
            ExprKind::Template(Box::new(TemplateExpr {
                quasis,
                exprs,
                tag: None,
            })),
            span(node),
        )
    }

    /// `'a'`: a one-character string.
    pub(super) fn character(&mut self, node: Node<'_>) -> ExprId {
        let raw = self.text(node);
        let body = raw.strip_prefix('\'').unwrap_or(raw);
        let body = body.strip_suffix('\'').unwrap_or(body);
        let value = if body.starts_with('\\') {
            decode_escape(body)
        } else {
            body.to_owned()
        };
        self.string_literal(value, span(node))
    }

    /// `42`, `0x1F`, `1_000L`, `1.5m`, `2e3f`.
    pub(super) fn number(&mut self, node: Node<'_>) -> ExprId {
        let raw = self.text(node).to_owned();
        let value = number_value(&raw);
        self.m.push_expr(
            ExprKind::Literal {
                value: LiteralValue::Number(Box::new(NumberLiteral {
                    value,
                    raw: raw.into(),
                })),
            },
            span(node),
        )
    }
}

/// One escape sequence (`\n`, `\"`, `\u0041`, `\x41`), decoded; an unknown one as written.
fn decode_escape(t: &str) -> String {
    let Some(rest) = t.strip_prefix('\\') else {
        return t.to_owned();
    };
    match rest.chars().next() {
        Some('n') => "\n".to_owned(),
        Some('t') => "\t".to_owned(),
        Some('r') => "\r".to_owned(),
        Some('0') => "\0".to_owned(),
        Some('\\') => "\\".to_owned(),
        Some('"') => "\"".to_owned(),
        Some('\'') => "'".to_owned(),
        Some('u' | 'x' | 'U') => u32::from_str_radix(&rest[1..], 16)
            .ok()
            .and_then(char::from_u32)
            .map_or_else(|| t.to_owned(), String::from),
        _ => t.to_owned(),
    }
}

/// A number literal's value: suffixes (`L`, `u`, `m`, `f`, `d`) and `_` separators dropped.
pub fn number_value(raw: &str) -> f64 {
    let s: String = raw.chars().filter(|c| *c != '_').collect();
    let lower = s.to_ascii_lowercase();
    if let Some(hex) = lower.strip_prefix("0x") {
        let hex = hex.trim_end_matches(['u', 'l']);
        return u64::from_str_radix(hex, 16).map_or(f64::NAN, |v| v as f64);
    }
    if let Some(bin) = lower.strip_prefix("0b") {
        let bin = bin.trim_end_matches(['u', 'l']);
        return u64::from_str_radix(bin, 2).map_or(f64::NAN, |v| v as f64);
    }
    let trimmed = lower.trim_end_matches(['u', 'l', 'm', 'f', 'd']);
    trimmed.parse::<f64>().unwrap_or(f64::NAN)
}
