//! A path written as a list of paths (`@Get(["a", "b"])`, `@Controller(["x", "y"])`,
//! `router.get(["/set", "/set/:id"], h)`) registers the route at each of them.

use seam_lang::model::{ArrayElement, ExprId, ExprKind};

use crate::url::{Piece, Reader};

/// The paths an expression names: each element of a list written out (through a constant
/// holding one), else the expression itself as one path.
pub fn paths(reader: &Reader, file: usize, expr: ExprId) -> Vec<Vec<Piece>> {
    path_exprs(reader, file, expr)
        .into_iter()
        .map(|(f, e)| reader.pieces(f, e))
        .collect()
}

/// Where each path [`paths`] reads is written: the list's elements (in their file), or the
/// expression itself.
pub fn path_exprs(reader: &Reader, file: usize, expr: ExprId) -> Vec<(usize, ExprId)> {
    let (lf, list) = reader
        .files
        .definition(file, expr)
        .and_then(|d| reader.files.value_of(d))
        .unwrap_or((file, expr));
    if let ExprKind::Array { elements, .. } = &reader.files.model(lf).expr(list).kind {
        let each: Option<Vec<(usize, ExprId)>> = elements
            .iter()
            .map(|el| match el {
                ArrayElement::Expr(x) => Some((lf, *x)),
                _ => None,
            })
            .collect();
        if let Some(each) = each.filter(|e| !e.is_empty()) {
            return each;
        }
    }
    vec![(file, expr)]
}
