//! A consumer that is a callback awaited inside a `try` of the function around it
//! (`try { await Promise.all(files.map(async (f) => { await upload(f); })) } catch (e) { … }`):
//! a failure it lets escape rejects the awaited promise, and the `catch` around the `await`
//! handles it. The consumer's own paths show no catch; the failure is handled all the same.

use seam_lang::model::{ExprKind, FuncId, Model, Span, StmtKind};

/// Whether the function `func` is written inside the block of a `try` that has a `catch`, in an
/// `await` that is itself inside that block.
pub fn caught_where_awaited(model: &Model, func: FuncId) -> bool {
    // Only a function written inside another can sit in that one's `try`: the rest (most
    // consumers) skip the scan of the file's statements and expressions.
    if model.function(func).parent.is_none() {
        return false;
    }
    let span = model.function(func).span;
    let blocks: Vec<Span> = model
        .stmts
        .iter()
        .filter_map(|s| match &s.kind {
            StmtKind::Try(boxed) if !boxed.handlers.is_empty() => {
                let block = &boxed.block;
                let first = model.stmt(*block.first()?).span;
                let last = model.stmt(*block.last()?).span;
                Some(Span::new(first.start, last.end))
            }
            _ => None,
        })
        .filter(|block| block.contains(span))
        .collect();
    if blocks.is_empty() {
        return false;
    }
    model.exprs.iter().any(|e| {
        matches!(e.kind, ExprKind::Await { .. })
            && e.span.contains(span)
            && e.span != span
            && blocks.iter().any(|b| b.contains(e.span))
    })
}
