//! Files to models: discovery, language detection, parsing, and lowering into the
//! language-neutral [`model::Model`]. Languages live here; no framework is known here.
//!
//! - [`model`]: the model types every later stage reads.
//! - [`lower`]: one lowering per language (JS/TS via oxc, Python and Java via tree-sitter).
//! - [`project`]: walking a repository, skip reasons, manifests, the parallel driver.
//! - [`resolve`]: module resolution across the files of a project.

pub mod lower;
pub mod model;
pub mod project;
pub mod resolve;
