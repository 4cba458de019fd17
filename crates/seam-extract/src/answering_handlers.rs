//! Whether a handler answers the request itself: a middleware registered under a path
//! (`app.use("/api/jobs/*", handler)`) is a route only when its handler does (see the route
//! key `handlerAnswers` in the packs' README). It answers when some way through it ends in a
//! response: a response terminal of the pack, or a project function it hands its context to
//! that sends through it (see [`crate::sending_helpers`]). It passes the request on when it
//! reads its input whose role is `next` anywhere in its body (`await next()`, `return
//! next()`, handing `next` on): then it is middleware, whatever else it sends.

use seam_lang::model::{BindingKind, ExprKind, FuncId};
use seam_packs::{OutputKind, Pack};

use crate::files::Files;
use crate::walk::{End, Walker};

/// The role of the input that passes a request on to the next handler.
const NEXT_ROLE: &str = "next";

/// Whether the function `func` of `file` answers the requests it is given (see the module
/// documentation).
pub fn answers(files: &Files, pack: &Pack, file: usize, func: FuncId) -> bool {
    let model = files.model(file);
    if !crate::files::has_body(model, func) || reads_next(files, pack, file, func) {
        return false;
    }
    let mut walker = Walker::new(model, pack, func);
    walker.sends = crate::sending_helpers::sends_in(files, file, pack, func, &|i| {
        pack.role_at(i).map(str::to_owned)
    });
    walker.run().iter().any(|end| match &end.end {
        End::Terminal { index, .. } => pack
            .terminals
            .get(*index)
            .is_some_and(|t| t.output == OutputKind::Response),
        End::Sent(_) => true,
        _ => false,
    })
}

/// Whether the body of `func` reads its parameter whose role is `next`.
fn reads_next(files: &Files, pack: &Pack, file: usize, func: FuncId) -> bool {
    let model = files.model(file);
    let span = model.function(func).span;
    model.exprs.iter().any(|e| {
        let ExprKind::Ident {
            binding: Some(b), ..
        } = &e.kind
        else {
            return false;
        };
        span.contains(e.span)
            && matches!(model.binding(*b).kind, BindingKind::Param { function, index }
                if function == func && pack.role_at(index as usize) == Some(NEXT_ROLE))
    })
}
