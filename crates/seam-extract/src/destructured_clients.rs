//! Clients taken out of an object by destructuring.
//!
//! `const { request } = page.context()` holds what `page.context().request` holds, so a
//! pack whose client is made as a property of a value (`create: $P.context().request`)
//! recognises the destructured name as it recognises the member read written out. A
//! creation that reads the property of any object (`create: $C.$axios`, a client a framework
//! puts on the objects it hands the app's code) makes a client of the destructured parameter
//! too (`asyncData({ $axios })`).

use seam_lang::model::{ExprId, PatternStep};
use seam_packs::pattern::PatternProp;
use seam_packs::{Captures, ClientObject, Pack, PatternNode, match_expr};

use crate::files::Files;

/// Whether the name `expr` (of `file`) is one property taken by destructuring
/// (`const { k } = init`) from a value that a creation of the pack reads that property of
/// (`create: $P.context().k`): the pack's entry for that creation.
pub fn destructured_client<'p>(
    files: &Files,
    pack: &'p Pack,
    file: usize,
    expr: ExprId,
) -> Option<&'p ClientObject> {
    let model = files.model(file);
    let binding = model.binding(model.resolved_binding(expr)?);
    let [PatternStep::Key(key)] = &binding.origin.path[..] else {
        return None;
    };
    if binding.reassigned {
        return None;
    }
    pack.clients.iter().find(|c| match &c.create {
        Some(PatternNode::Member {
            object,
            property: PatternProp::Name(name),
        }) if name == key && c.from.is_none() && c.of.is_none() => match binding.origin.init {
            Some(init) => match_expr(model, object, init, &mut Captures::new()),
            // A property the pack makes a client of on any object (`create: $C.$axios`): a
            // parameter destructured under that name (`({ $axios }) => …`) is one too.
            None => matches!(**object, PatternNode::Meta(_)),
        },
        _ => false,
    })
}
