//! `s.slice(0, n)` of a value whose ends are known text: the base a page script trims its
//! trailing slash from (`link.getAttribute("href").slice(0, -1)` of `/`) is that text cut as
//! the runtime cuts it. Only a slice from the start is read: its end counts from the known
//! text at either end.

use seam_lang::model::{ExprKind, LiteralValue, UnaryOp};

use crate::url::{Piece, Reader};

/// Reads `expr` when it is `x.slice(0, n)` (or `substring(0, n)`, `n` ≥ 0) and the text at
/// the end it cuts is known. False otherwise.
pub fn read(
    reader: &Reader,
    file: usize,
    expr: seam_lang::model::ExprId,
    hops: usize,
    out: &mut Vec<Piece>,
) -> bool {
    let model = reader.files.model(file);
    let Some((object, name, args)) = crate::files::method_call(model, expr) else {
        return false;
    };
    if !(name == "slice" || name == "substring") || args.len() != 2 {
        return false;
    }
    if number(model, args[0].value) != Some(0) {
        return false;
    }
    let Some(end) = number(model, args[1].value) else {
        return false;
    };
    if end < 0 && name == "substring" {
        return false;
    }
    let mut read = Vec::new();
    reader.read(file, object, hops.saturating_sub(1), &mut read);
    // Adjacent texts as one, so the cut sees all the text at each end.
    let mut pieces: Vec<Piece> = Vec::with_capacity(read.len());
    for p in read {
        match (pieces.last_mut(), p) {
            (Some(Piece::Text(t)), Piece::Text(more)) => t.push_str(&more),
            (_, p) => pieces.push(p),
        }
    }
    let cut = if end < 0 {
        // Drop |end| characters from the end: the last piece must be text that long.
        let drop = end.unsigned_abs() as usize;
        match pieces.last_mut() {
            Some(Piece::Text(t)) if t.chars().count() >= drop => {
                let keep = t.chars().count() - drop;
                *t = t.chars().take(keep).collect();
                true
            }
            _ => false,
        }
    } else {
        // Keep `end` characters from the start: they must all be known text.
        let mut left = end as usize;
        let mut kept = Vec::new();
        let mut known = false;
        for p in &pieces {
            let Piece::Text(t) = p else { break };
            let n = t.chars().count();
            if n >= left {
                kept.push(Piece::Text(t.chars().take(left).collect()));
                known = true;
                break;
            }
            kept.push(p.clone());
            left -= n;
        }
        if known {
            pieces = kept;
        }
        known
    };
    if cut {
        out.extend(pieces);
    }
    cut
}

/// An integer literal, negated or not.
fn number(model: &seam_lang::model::Model, expr: seam_lang::model::ExprId) -> Option<i64> {
    match &model.expr(expr).kind {
        ExprKind::Literal {
            value: LiteralValue::Number(number),
        } => number.raw.parse().ok(),
        ExprKind::Unary {
            op: UnaryOp::Minus,
            arg,
        } => number(model, *arg).map(|n| -n),
        _ => None,
    }
}
