//! Which files have the same model in both revisions, so that the review IR's per-file work
//! on them is done once (`seam_review::SharedFiles`).
//!
//! Lowering reads only a file's path and bytes, so a file with the same path and bytes on
//! both sides is lowered to the same model. Module resolution then fills in what depends on
//! the other files of the revision, and it writes nothing but the model's imports, its
//! exports and, for Java's implicit same-package imports, one binding per import it adds
//! (named and numbered after that import): see `seam_lang::resolve`. So a file with the same
//! bytes whose imports and exports came out equal on both sides has equal models; the
//! binding count is compared as well, as a guard should resolution ever add bindings of
//! another kind. A file whose imports resolve differently (an imported file added, removed
//! or renamed) is extracted on each side.

use std::collections::{BTreeSet, HashMap};

use seam_lang::model::Model;
use seam_lang::project::Project;

/// The files among `same_bytes` whose resolved models are equal in `base` and `head`.
pub fn alike_models(
    base: &Project,
    head: &Project,
    same_bytes: &BTreeSet<&str>,
) -> BTreeSet<String> {
    let heads: HashMap<&str, &Model> = head
        .models
        .iter()
        .filter(|m| same_bytes.contains(m.path.as_str()))
        .map(|m| (m.path.as_str(), m))
        .collect();
    base.models
        .iter()
        .filter(|b| {
            heads
                .get(b.path.as_str())
                .is_some_and(|h| resolved_alike(b, h))
        })
        .map(|m| m.path.clone())
        .collect()
}

/// Two models lowered from the same bytes: equal when module resolution left them equal.
fn resolved_alike(base: &Model, head: &Model) -> bool {
    base.source == head.source
        && base.imports == head.imports
        && base.exports == head.exports
        && base.bindings.len() == head.bindings.len()
}
