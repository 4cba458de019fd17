//! Clients taken out of an object by destructuring.
//!
//! `const { request } = page.context()` holds what `page.context().request` holds, so a
//! pack whose client is made as a property of a value (`create: $P.context().request`)
//! recognises the destructured name as it recognises the member read written out.

use seam_lang::model::{ExprId, PatternStep};
use seam_packs::pattern::PatternProp;
use seam_packs::{Captures, Pack, PatternNode, match_expr};

use crate::files::Files;

/// Whether the name `expr` (of `file`) is one property taken by destructuring
/// (`const { k } = init`) from a value that a creation of the pack reads that property of
/// (`create: $P.context().k`).
pub fn destructured_client(files: &Files, pack: &Pack, file: usize, expr: ExprId) -> bool {
    let model = files.model(file);
    let Some(b) = model.resolved_binding(expr) else {
        return false;
    };
    let binding = model.binding(b);
    let [PatternStep::Key(key)] = &binding.origin.path[..] else {
        return false;
    };
    let Some(init) = binding.origin.init else {
        return false;
    };
    if binding.reassigned {
        return false;
    }
    pack.clients.iter().any(|c| match &c.create {
        Some(PatternNode::Member {
            object,
            property: PatternProp::Name(name),
        }) if name == key && c.from.is_none() && c.of.is_none() => {
            match_expr(model, object, init, &mut Captures::new())
        }
        _ => false,
    })
}
