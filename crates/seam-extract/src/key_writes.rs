//! A key written into a local options object after it is built: `const options = { ...o };
//! options.url = root + options.url;`, or the same done by a project function the object is
//! handed to (`addRoot(options)` with `function addRoot(o) { o.url = root + o.url; }`). A read
//! of that key after the write is the written value; a read of the key inside the written
//! value (`options.url` on its right-hand side) is the key as it was before.

use seam_lang::model::{AssignOp, BindingId, BindingKind, ExprId, ExprKind, PatternKind};

use crate::url::{Piece, Reader};

/// The last write to one key of a local object before a read of it.
pub(crate) enum KeyWrite {
    /// `options.key = value` in the function that builds the object.
    Set(ExprId),
    /// `helper(options)`, where the helper writes `param.key = value`: the helper's file,
    /// its parameter, the value, and the argument (the object as it was before the call).
    Handed {
        file: usize,
        param: BindingId,
        value: ExprId,
        argument: ExprId,
    },
}

/// The expression `o.key` (or `o["key"]`) with `o` bound by `b`, as a `(binding, key)` test.
fn is_key_of(model: &seam_lang::model::Model, expr: ExprId, b: BindingId, key: &str) -> bool {
    let ExprKind::Member {
        object, property, ..
    } = &model.expr(expr).kind
    else {
        return false;
    };
    matches!(&model.expr(*object).kind, ExprKind::Ident { binding: Some(o), .. } if *o == b)
        && crate::url::literal_member_key(model, property) == Some(key)
}

/// The value of a plain assignment `o.key = value` with `o` bound by `b`.
fn written_value(
    model: &seam_lang::model::Model,
    expr: ExprId,
    b: BindingId,
    key: &str,
) -> Option<ExprId> {
    let ExprKind::Assign {
        op: AssignOp::Assign,
        target,
        value,
    } = &model.expr(expr).kind
    else {
        return None;
    };
    let PatternKind::Expr { expr: member } = &model.pattern(*target).kind else {
        return None;
    };
    is_key_of(model, *member, b, key).then_some(*value)
}

impl Reader<'_> {
    /// The last write to `key` of the local object bound by `b` that ends before `at` (a
    /// read of the object), made in the function declaring the object and not in a loop.
    /// Only a local initialised with an object literal is followed.
    pub(crate) fn key_written(
        &self,
        file: usize,
        b: BindingId,
        key: &str,
        at: ExprId,
    ) -> Option<KeyWrite> {
        let model = self.files.model(file);
        let binding = model.binding(b);
        if binding.scope.is_none()
            || binding.reassigned
            || !binding.origin.path.is_empty()
            || matches!(binding.kind, BindingKind::Param { .. })
        {
            return None;
        }
        let init = binding.origin.init?;
        if !matches!(model.expr(init).kind, ExprKind::Object { .. }) {
            return None;
        }
        let before = model.expr(at).span.start;
        let mut last: Option<(u32, KeyWrite)> = None;
        for (i, e) in model.exprs.iter().enumerate() {
            if e.span.end > before
                || e.span.start < model.expr(init).span.end
                || last.as_ref().is_some_and(|(s, _)| *s > e.span.start)
            {
                continue;
            }
            let expr = ExprId::from_index(i);
            let write = match &e.kind {
                ExprKind::Assign { .. } => written_value(model, expr, b, key).map(KeyWrite::Set),
                ExprKind::Call {
                    callee,
                    args,
                    is_new: false,
                    ..
                } => args.iter().enumerate().find_map(|(index, arg)| {
                    if arg.spread || arg.name.is_some() {
                        return None;
                    }
                    let arg = arg.value;
                    let ExprKind::Ident {
                        binding: Some(passed),
                        ..
                    } = &model.expr(arg).kind
                    else {
                        return None;
                    };
                    if *passed != b {
                        return None;
                    }
                    let (ff, func) = self.files.function_of(file, *callee)?;
                    let helper = self.files.model(ff);
                    let (param, _) = helper.bindings.iter().enumerate().find(|(_, p)| {
                        p.origin.path.is_empty()
                            && matches!(p.kind, BindingKind::Param { function, index: at }
                                if function == func && at as usize == index)
                    })?;
                    let param = BindingId::from_index(param);
                    // The cheap test of the expression's kind first: which function holds it
                    // and whether a loop does are asked only of the writes.
                    let span = helper.function(func).span;
                    helper
                        .exprs
                        .iter()
                        .enumerate()
                        .filter(|(_, w)| span.contains(w.span))
                        .filter_map(|(w, e)| {
                            Some((written_value(helper, ExprId::from_index(w), param, key)?, e))
                        })
                        .filter(|(_, w)| {
                            crate::files::enclosing_function(helper, w.span) == Some(func)
                                && !crate::files::in_loop(helper, w.span)
                        })
                        .map(|(value, _)| value)
                        .last()
                        .map(|value| KeyWrite::Handed {
                            file: ff,
                            param,
                            value,
                            argument: arg,
                        })
                }),
                _ => None,
            };
            if let Some(write) = write
                && crate::files::enclosing_function(model, e.span) == binding.scope
                && !crate::files::in_loop(model, e.span)
            {
                last = Some((e.span.start, write));
            }
        }
        last.map(|(_, write)| write)
    }

    /// Reads `o.key` after a project function handed `o` wrote that key: the value it wrote,
    /// its parameter standing for the object as it was before the call. False when no such
    /// write comes before the read.
    pub(crate) fn read_handed_write(
        &self,
        file: usize,
        object: ExprId,
        key: &str,
        hops: usize,
        out: &mut Vec<Piece>,
    ) -> bool {
        let model = self.files.model(file);
        let ExprKind::Ident {
            binding: Some(b), ..
        } = &model.expr(object).kind
        else {
            return false;
        };
        let Some(KeyWrite::Handed {
            file: ff,
            param,
            value,
            argument,
        }) = self.key_written(file, *b, key, object)
        else {
            return false;
        };
        let mut subst = self.subst.clone();
        subst.insert((ff, param), Some((file, argument)));
        let reader = Reader {
            subst: &subst,
            ..*self
        };
        reader.read(ff, value, hops - 1, out);
        true
    }
}
