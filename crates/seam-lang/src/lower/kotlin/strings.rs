//! String templates, characters and numbers.
use super::Lowerer;
use super::cst::{self, kids, span};
use crate::model::*;
use tree_sitter::Node;

impl<'s> Lowerer<'s> {
    /// `"a/$x/${y}"` is a template (quasis around the interpolated values); a string without
    /// interpolation a literal. Escapes are decoded except in raw `"""` strings.
    pub(super) fn string(&mut self, node: Node<'_>) -> ExprId {
        let raw = self.text(node).starts_with("\"\"\"");
        let mut quasis = vec![String::new()];
        let mut exprs = Vec::new();
        for c in kids(node) {
            match cst::kind_of(c) {
                "string_content" | "character_escape_seq" => {
                    let t = self.text(c);
                    let piece = if raw { t.to_owned() } else { decode(t) };
                    if let Some(q) = quasis.last_mut() {
                        q.push_str(&piece);
                    }
                }
                "interpolated_identifier" | "interpolated_expression" => {
                    let value = match cst::named(c).into_iter().next() {
                        Some(inner) if cst::kind_of(c) == "interpolated_expression" => {
                            self.expr(inner)
                        }
                        // `$name`: the identifier itself.
                        _ => self.identifier(c),
                    };
                    exprs.push(value);
                    quasis.push(String::new());
                }
                _ => {}
            }
        }
        if exprs.is_empty() {
            let value = quasis.pop().unwrap_or_default();
            return self.m.push_expr(
                ExprKind::Literal {
                    value: LiteralValue::String {
                        value: value.into(),
                    },
                },
                span(node),
            );
        }
        self.m.push_expr(
            ExprKind::Template(Box::new(crate::model::TemplateExpr {
                quasis,
                exprs,
                tag: None,
            })),
            span(node),
        )
    }

    /// The value of a string literal without interpolation.
    pub(super) fn static_string(&self, node: Node<'_>) -> Option<String> {
        if cst::kind_of(node) != "string_literal" {
            return None;
        }
        let raw = self.text(node).starts_with("\"\"\"");
        let mut out = String::new();
        for c in kids(node) {
            match cst::kind_of(c) {
                "string_content" | "character_escape_seq" => {
                    let t = self.text(c);
                    out.push_str(&if raw { t.to_owned() } else { decode(t) });
                }
                "interpolated_identifier" | "interpolated_expression" => return None,
                _ => {}
            }
        }
        Some(out)
    }

    /// `'a'`: a one-character string.
    pub(super) fn character(&mut self, node: Node<'_>) -> ExprId {
        let raw = self.text(node);
        let body = raw.strip_prefix('\'').unwrap_or(raw);
        let value = decode(body.strip_suffix('\'').unwrap_or(body));
        self.m.push_expr(
            ExprKind::Literal {
                value: LiteralValue::String {
                    value: value.into(),
                },
            },
            span(node),
        )
    }

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

/// Decodes Kotlin escapes: `\n \t \r \b \" \' \\ \$ \uXXXX`.
fn decode(s: &str) -> String {
    if !s.contains('\\') {
        return s.to_owned();
    }
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('b') => out.push('\u{8}'),
            Some('u') => {
                let hex: String = chars.by_ref().take(4).collect();
                match u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                    Some(ch) => out.push(ch),
                    None => {
                        out.push_str("\\u");
                        out.push_str(&hex);
                    }
                }
            }
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

/// The value of a number literal: `1_000`, `0x1F`, `0b101`, `10L`, `1.5f`, `3u`.
fn number_value(raw: &str) -> f64 {
    let clean: String = raw.chars().filter(|c| *c != '_').collect();
    let lower = clean.to_ascii_lowercase();
    if let Some(hex) = lower.strip_prefix("0x") {
        let digits = hex.trim_end_matches(['l', 'u']);
        return u64::from_str_radix(digits, 16).map_or(f64::NAN, |v| v as f64);
    }
    if let Some(bin) = lower.strip_prefix("0b") {
        let digits = bin.trim_end_matches(['l', 'u']);
        return u64::from_str_radix(digits, 2).map_or(f64::NAN, |v| v as f64);
    }
    lower
        .trim_end_matches(['l', 'u', 'f'])
        .parse::<f64>()
        .unwrap_or(f64::NAN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_and_numbers() {
        assert_eq!(decode(r#"a\n\"b\" \u0041\$"#), "a\n\"b\" A$");
        assert_eq!(number_value("1_000"), 1000.0);
        assert_eq!(number_value("0x1F"), 31.0);
        assert_eq!(number_value("10L"), 10.0);
        assert_eq!(number_value("1.5f"), 1.5);
    }
}
