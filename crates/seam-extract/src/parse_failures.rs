//! Failures sent with no body, handled where the body is parsed.
//!
//! `fetch(url).then((r) => r.json()).catch(() => null)` never tests the status, but a failure
//! the server sends with no body (`res.sendStatus(500)`, `res.status(404).end()`) makes the
//! parse (`r.json()`, the pack's `response.parsesJson`) reject, and the rejection handler
//! chained after it gives its fallback instead: the failure is handled there. So it is when
//! the parse of the response, held in a name, is in the block of a `try` whose `catch` does
//! not throw again, with the request. The summary says so with
//! `metadata.http.unparsedHandled`; a failure sent with a body is not handled this way.

use seam_lang::model::{ExprId, FuncId, Span};
use seam_packs::{Captures, Pack, match_expr};

use crate::files::Files;
use crate::walk::accessor_on;

/// Whether the function `func` of `file`, which sends the request `call`, parses its body where
/// a rejection of the parse is caught (see the module documentation).
pub fn catches_failed_parse(
    files: &Files,
    pack: &Pack,
    (file, func): (usize, FuncId),
    call: ExprId,
) -> bool {
    let parsers = &pack.response.parses_json;
    if parsers.is_empty() {
        return false;
    }
    let model = files.model(file);
    let parses_in = |span: Span| {
        crate::files::calls(model).any(|c| {
            span.contains(model.expr(c).span)
                && parsers
                    .iter()
                    .any(|p| match_expr(model, p, c, &mut Captures::new()))
        })
    };
    // A promise chain on the request with a rejection handler: everything before the
    // handler, the parse in a `.then` callback among it, rejects into it.
    if crate::rejection_chained_at(model, model.function(func).span, call).is_some_and(parses_in) {
        return true;
    }
    let names = crate::throwing_wrappers::response_bindings(model, call);
    !names.is_empty()
        && crate::files::calls(model).any(|c| {
            parsers.iter().any(|p| accessor_on(model, p, c, &names))
                && crate::in_try_with_catch_around(model, func, call, model.expr(c).span)
        })
}
