//! Packs: what seam knows about a framework or a client library, written as data.
//!
//! A pack is a YAML file (see `README.md` in this crate for the format) whose patterns are
//! written as code in the pack's language with metavariables (`$RES.status($STATUS).json($BODY)`).
//! This crate reads packs ([`load`]), compiles their patterns once through seam's own front end
//! ([`pattern`]), matches them against the language-neutral model ([`matcher`]) and decides
//! which packs apply to which directory of a repository from its manifests ([`detect`]). A
//! pack's `review:` section, with the library-neutral `core/review.yaml`, is what the review IR
//! knows of libraries ([`review`]).
//! It knows no framework by name: everything framework-specific is in the pack files.
//!
//! ```no_run
//! let packs = seam_packs::load::builtin_packs().expect("built-in packs compile");
//! for pack in &packs {
//!     println!("{} ({})", pack.name, pack.origin);
//! }
//! ```

pub mod constants;
pub mod detect;
pub mod format;
/// Path globs (file conventions) are seam-lang's; packs use them as `crate::glob`.
pub use seam_lang::project::glob;
pub mod load;
pub mod matcher;
pub mod pack;
pub mod pattern;
pub mod review;
pub mod store;

pub use detect::{Detection, Manifest, ManifestKind, PackChoice, Reason};
pub use load::{PackError, builtin_packs, load_pack_dir, load_pack_str, repository_packs};
pub use matcher::{
    Capture, Captures, match_call_parts, match_call_with_callee, match_constructor_call, match_expr,
};
pub use pack::*;
pub use pattern::{PatternError, PatternNode};

/// The project options the packs ask for: the default ones, reading every generated file that
/// holds a text one of the packs reads generated code by (`readGenerated`) and lowering the
/// template attributes the packs' `markup.attributes` name (each sorted and without repeats,
/// so the options do not depend on the packs' order).
pub fn project_options(packs: &[Pack]) -> seam_lang::project::ProjectOptions {
    let mut read_generated: Vec<String> = packs
        .iter()
        .flat_map(|p| p.read_generated.iter().cloned())
        .collect();
    read_generated.sort();
    read_generated.dedup();
    let mut markup_attributes: Vec<String> = packs
        .iter()
        .flat_map(|p| p.markup.attributes.iter().cloned())
        .collect();
    markup_attributes.sort();
    markup_attributes.dedup();
    seam_lang::project::ProjectOptions {
        read_generated,
        markup_attributes,
        ..seam_lang::project::ProjectOptions::default()
    }
}
