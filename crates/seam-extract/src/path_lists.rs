//! A path written as a list of paths (`@Get(["a", "b"])`, `@Controller(["x", "y"])`)
//! registers the route at each of them.

use seam_lang::model::{ArrayElement, ExprId, ExprKind};

use crate::url::{Piece, Reader};

/// The paths an expression names: each element of a list written out (through a constant
/// holding one), else the expression itself as one path.
pub fn paths(reader: &Reader, file: usize, expr: ExprId) -> Vec<Vec<Piece>> {
    let (lf, list) = reader
        .files
        .definition(file, expr)
        .and_then(|d| reader.files.value_of(d))
        .unwrap_or((file, expr));
    if let ExprKind::Array { elements, .. } = &reader.files.model(lf).expr(list).kind {
        let each: Option<Vec<Vec<Piece>>> = elements
            .iter()
            .map(|el| match el {
                ArrayElement::Expr(x) => Some(reader.pieces(lf, *x)),
                _ => None,
            })
            .collect();
        if let Some(each) = each.filter(|e| !e.is_empty()) {
            return each;
        }
    }
    vec![reader.pieces(file, expr)]
}
