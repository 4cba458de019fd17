//! String, character and number literals.
use super::Lowerer;
use super::cst::span;
use crate::model::*;
use tree_sitter::Node;

impl<'s> Lowerer<'s> {
    /// `"a\tb"` and text blocks (`"""` … `"""`, incidental indentation removed), decoded.
    pub(super) fn string(&mut self, node: Node<'_>) -> ExprId {
        let raw = self.text(node);
        let value = if let Some(body) = raw.strip_prefix("\"\"\"") {
            decode(&text_block(body.strip_suffix("\"\"\"").unwrap_or(body)))
        } else {
            let body = raw.strip_prefix('"').unwrap_or(raw);
            decode(body.strip_suffix('"').unwrap_or(body))
        };
        self.m.push_expr(
            ExprKind::Literal {
                value: LiteralValue::String {
                    value: value.into(),
                },
            },
            span(node),
        )
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

/// A text block's content: from the line after the opening quotes, with the indentation
/// common to its non-blank lines (and the closing line) removed.
fn text_block(body: &str) -> String {
    let body = match body.split_once('\n') {
        Some((_, rest)) => rest,
        None => body,
    };
    let lines: Vec<&str> = body.split('\n').collect();
    let indent = lines
        .iter()
        .enumerate()
        .filter(|(i, l)| !l.trim().is_empty() || *i + 1 == lines.len())
        .map(|(_, l)| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    lines
        .iter()
        .map(|l| l.get(indent..).unwrap_or("").trim_end())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Decodes Java escapes (`\n`, `\t`, `\"`, `\\`, octal, `\uXXXX`, `\s`, line continuation).
fn decode(body: &str) -> String {
    let mut out = String::with_capacity(body.len());
    let mut chars = body.chars().peekable();
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
            Some('f') => out.push('\u{c}'),
            Some('s') => out.push(' '),
            Some('\n') => {}
            Some('u') => {
                while chars.peek() == Some(&'u') {
                    chars.next();
                }
                let hex: String = (0..4).filter_map(|_| chars.next()).collect();
                match u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                    Some(ch) => out.push(ch),
                    None => out.push('\u{fffd}'),
                }
            }
            Some(d @ '0'..='7') => {
                let mut value = d.to_digit(8).unwrap_or(0);
                let max = if d <= '3' { 2 } else { 1 };
                for _ in 0..max {
                    match chars.peek().and_then(|c| c.to_digit(8)) {
                        Some(v) => {
                            value = value * 8 + v;
                            chars.next();
                        }
                        None => break,
                    }
                }
                out.push(char::from_u32(value).unwrap_or('\u{fffd}'));
            }
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

/// The value of a Java number literal (`1_000L`, `0x1F`, `0b101`, `017`, `2.5e3f`).
pub fn number_value(raw: &str) -> f64 {
    let clean: String = raw.chars().filter(|c| *c != '_').collect();
    let lower = clean.to_ascii_lowercase();
    let (radix, digits) = if let Some(h) = lower.strip_prefix("0x") {
        if h.contains('.') || h.contains('p') {
            return f64::NAN;
        }
        (16, h.trim_end_matches('l'))
    } else if let Some(b) = lower.strip_prefix("0b") {
        (2, b.trim_end_matches('l'))
    } else if lower.len() > 1
        && lower.starts_with('0')
        && lower.chars().all(|c| c.is_ascii_digit() || c == 'l')
    {
        (8, lower[1..].trim_end_matches('l'))
    } else {
        let t = lower.trim_end_matches(['l', 'f', 'd']);
        return t.parse::<f64>().unwrap_or(f64::NAN);
    };
    u64::from_str_radix(digits, radix).map_or(f64::NAN, |v| v as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_every_java_spelling() {
        assert_eq!(number_value("404"), 404.0);
        assert_eq!(number_value("1_000L"), 1000.0);
        assert_eq!(number_value("0x1F"), 31.0);
        assert_eq!(number_value("0b101"), 5.0);
        assert_eq!(number_value("017"), 15.0);
        assert_eq!(number_value("2.5e3f"), 2500.0);
        assert_eq!(number_value("0"), 0.0);
    }

    #[test]
    fn escapes_and_text_blocks_decode() {
        assert_eq!(decode(r#"a\tb\"c\u0041\101"#), "a\tb\"cAA");
        assert_eq!(
            text_block("\n    select *\n      from t\n    "),
            "select *\n  from t\n"
        );
    }
}
