//! Path templates filled in by a loop of replacements and URLs normalised to end in a slash:
//! two forms of a value whose path is already written in the code.
//!
//! `Object.entries(values).reduce((url, [k, v]) => url.replace(k, v), "/tasks/{id}")` fills
//! each `{placeholder}` of the template with a value the program has: the path is the
//! template, its placeholders the parameters. `url.endsWith("/") ? url : url + "/"` is `url`
//! with a trailing slash either way: the same path.

use seam_lang::model::{ExprId, ExprKind, MemberProp};

use crate::url::{Piece, Reader};

impl Reader<'_> {
    /// A `reduce` whose callback returns its accumulator with a `replace`/`replaceAll`
    /// applied, over the template given as the initial value: the template, read as written.
    /// False when the call is not one.
    pub(crate) fn read_filled_template(
        &self,
        file: usize,
        expr: ExprId,
        hops: usize,
        out: &mut Vec<Piece>,
    ) -> bool {
        let model = self.files.model(file);
        let ExprKind::Call {
            callee,
            args,
            is_new: false,
            ..
        } = &model.expr(expr).kind
        else {
            return false;
        };
        let [callback, template] = &args[..] else {
            return false;
        };
        if callback.spread || template.spread {
            return false;
        }
        if !matches!(&model.expr(*callee).kind,
            ExprKind::Member { property: MemberProp::Name(n), .. } if n == "reduce")
        {
            return false;
        }
        let ExprKind::Function { function } = &model.expr(callback.value).kind else {
            return false;
        };
        let returned = self.files.returned_values(file, *function);
        let replaces_accumulator = !returned.is_empty()
            && returned.iter().all(|&r| {
                let ExprKind::Call { callee, .. } = &model.expr(r).kind else {
                    return false;
                };
                matches!(&model.expr(*callee).kind,
                    ExprKind::Member { object, property: MemberProp::Name(n), .. }
                        if (n == "replace" || n == "replaceAll")
                            && is_first_param(model, *object, *function))
            });
        if !replaces_accumulator {
            return false;
        }
        self.read(file, template.value, hops - 1, out);
        true
    }

    /// Both branches of a conditional the same path but for a trailing slash: that path
    /// (the first branch's pieces, or the second's when only it ends with the slash); one `/`
    /// and the other empty: a separator, `/`. False
    /// otherwise.
    pub(crate) fn read_agreeing_branches(
        &self,
        file: usize,
        (consequent, alternate): (ExprId, ExprId),
        hops: usize,
        out: &mut Vec<Piece>,
    ) -> bool {
        let mut first = Vec::new();
        self.read(file, consequent, hops - 1, &mut first);
        let mut second = Vec::new();
        self.read(file, alternate, hops - 1, &mut second);
        // `base.endsWith("/") ? "" : "/"`: a separator, there either way once joined.
        let slash = |p: &[Piece]| matches!(p, [Piece::Text(t)] if t == "/");
        let nothing = |p: &[Piece]| {
            untrailed(p).is_empty() && !p.iter().any(|x| !matches!(x, Piece::Text(_)))
        };
        if (slash(&first) && nothing(&second)) || (nothing(&first) && slash(&second)) {
            out.push(Piece::Text("/".to_owned()));
            return true;
        }
        if first.is_empty() || untrailed(&first) != untrailed(&second) {
            return false;
        }
        // The branches make sure of a trailing slash (`u.endsWith('/') ? u : u + '/'`): with a
        // known `u` the first branch reads without it, so the value is the one that has it.
        let slashed = |p: &[Piece]| {
            matches!(p.iter().rev().find(|x| **x != Piece::Text(String::new())),
                Some(Piece::Text(t)) if t.ends_with('/'))
        };
        out.extend(if slashed(&second) && !slashed(&first) {
            second
        } else {
            first
        });
        true
    }
}

/// Pieces with adjacent texts joined, empty texts dropped and a trailing slash removed.
fn untrailed(pieces: &[Piece]) -> Vec<Piece> {
    let mut out: Vec<Piece> = Vec::new();
    for p in pieces {
        match (p, out.last_mut()) {
            (Piece::Text(t), _) if t.is_empty() => {}
            (Piece::Text(t), Some(Piece::Text(prev))) => prev.push_str(t),
            _ => out.push(p.clone()),
        }
    }
    if let Some(Piece::Text(t)) = out.last_mut() {
        let trimmed = t.trim_end_matches('/').to_owned();
        if trimmed.is_empty() {
            out.pop();
        } else {
            *t = trimmed;
        }
    }
    out
}

/// Whether `expr` names the first parameter of `func`.
fn is_first_param(
    model: &seam_lang::model::Model,
    expr: ExprId,
    func: seam_lang::model::FuncId,
) -> bool {
    matches!(&model.expr(expr).kind,
        ExprKind::Ident { binding: Some(b), .. }
            if matches!(model.binding(*b).kind,
                seam_lang::model::BindingKind::Param { function, index: 0 } if function == func))
}
