//! String and number literals. The text is decoded from the source (the same decoder as
//! the tree-sitter lowering), Ruff's tree gives where each piece and each hole is.
use super::super::strings::{decode_into, number_value, prefix_of};
use super::Lw;
use crate::model::*;
use ruff_python_ast::{Expr, InterpolatedElement, InterpolatedStringElements};
use ruff_text_size::TextRange;

/// A string literal taken apart: the decoded text between holes, and the holes.
pub struct StringParts<'a> {
    pub quasis: Vec<String>,
    pub holes: Vec<&'a InterpolatedElement>,
}

/// The pieces of a (possibly implicitly concatenated) string: each piece's range and, for
/// f- and t-strings, its elements.
fn pieces(e: &Expr) -> Option<Vec<(TextRange, Option<&InterpolatedStringElements>)>> {
    Some(match e {
        Expr::StringLiteral(s) => s.value.iter().map(|p| (p.range, None)).collect(),
        Expr::BytesLiteral(s) => s.value.iter().map(|p| (p.range, None)).collect(),
        Expr::FString(s) => s
            .value
            .iter()
            .map(|p| match p {
                ruff_python_ast::FStringPart::Literal(l) => (l.range, None),
                ruff_python_ast::FStringPart::FString(f) => (f.range, Some(&f.elements)),
            })
            .collect(),
        Expr::TString(s) => s
            .value
            .iter()
            .map(|t| (t.range, Some(&t.elements)))
            .collect(),
        _ => return None,
    })
}

impl<'s> Lw<'s> {
    pub(super) fn string_parts<'a>(&self, e: &'a Expr) -> Option<StringParts<'a>> {
        let mut parts = StringParts {
            quasis: vec![String::new()],
            holes: Vec::new(),
        };
        for (range, elements) in pieces(e)? {
            self.string_piece(range, elements, &mut parts);
        }
        Some(parts)
    }

    fn string_piece<'a>(
        &self,
        range: TextRange,
        elements: Option<&'a InterpolatedStringElements>,
        parts: &mut StringParts<'a>,
    ) {
        let text = self.text(range);
        let base = range.start().to_usize();
        let prefix_len = text.find(['\'', '"']).unwrap_or(text.len());
        let rest = &text[prefix_len..];
        let quote_len = if rest.starts_with("'''") || rest.starts_with("\"\"\"") {
            3
        } else {
            usize::from(!rest.is_empty())
        };
        let prefix = prefix_of(&text[..prefix_len]);
        let mut pos = base + prefix_len + quote_len;
        // The closing quote, when it is there.
        let quote = &rest[..quote_len.min(rest.len())];
        let end = if text.len() >= prefix_len + 2 * quote_len && text.ends_with(quote) {
            range.end().to_usize() - quote_len
        } else {
            range.end().to_usize()
        };
        if let Some(elements) = elements {
            for hole in elements.interpolations() {
                let start = hole.range.start().to_usize();
                let gap = self.src.get(pos..start).unwrap_or("");
                if let Some(cur) = parts.quasis.last_mut() {
                    decode_into(gap, prefix, cur);
                    // `{x=}` prints the expression text and `=` before the value.
                    if let Some(debug) = &hole.debug_text {
                        cur.push_str(debug.leading());
                        cur.push_str(debug.expression());
                        let trailing = debug.trailing();
                        let eq = trailing.find('=').map_or(0, |i| i + 1);
                        cur.push_str(&trailing[..eq]);
                    }
                }
                parts.holes.push(hole);
                parts.quasis.push(String::new());
                pos = hole.range.end().to_usize();
            }
        }
        if let Some(cur) = parts.quasis.last_mut() {
            decode_into(self.src.get(pos..end.max(pos)).unwrap_or(""), prefix, cur);
        }
    }

    /// The decoded value of a string with no holes.
    pub(super) fn static_string(&self, e: &Expr) -> Option<String> {
        let mut parts = self.string_parts(e)?;
        if parts.holes.is_empty() {
            parts.quasis.pop()
        } else {
            None
        }
    }

    pub(super) fn string(&mut self, e: &Expr, span: Span) -> ExprId {
        let Some(StringParts { mut quasis, holes }) = self.string_parts(e) else {
            return self.other(span);
        };
        if holes.is_empty() {
            let value = quasis.pop().unwrap_or_default();
            return self.m.push_expr(
                ExprKind::Literal {
                    value: LiteralValue::String {
                        value: value.into(),
                    },
                },
                span,
            );
        }
        let mut exprs = Vec::with_capacity(holes.len());
        for hole in holes {
            exprs.push(self.expr(&hole.expression));
        }
        self.m.push_expr(
            ExprKind::Template(Box::new(crate::model::TemplateExpr {
                quasis,
                exprs,
                tag: None,
            })),
            span,
        )
    }

    pub(super) fn number(&mut self, span: Span) -> ExprId {
        let raw = self.text_span(span).to_string();
        let value = number_value(&raw);
        self.m.push_expr(
            ExprKind::Literal {
                value: LiteralValue::Number(Box::new(NumberLiteral {
                    value,
                    raw: raw.into(),
                })),
            },
            span,
        )
    }
}
