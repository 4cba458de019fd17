//! The review IR, `aburi.ir.v1`: document types, the canonical serializer, the integrity
//! checker and the fingerprints. The law is `spec/aburi-ir-schema-v1.txt`; output validates
//! against `schemas/aburi/aburi.ir.v1.json`.
//!
//! One module per idea:
//! - [`types`]: every field of the spec and schema, with Class A / Class B key presence
//!   (§1.1) encoded in the serde attributes (see the module docs for which is which);
//! - [`text`]: UTF-16 code-unit order, NFC, the ECMAScript whitespace set, [`rule_text`];
//! - [`ids`]: the Symbol-id, qualified-name, component-id and path grammars, [`make_symbol_id`];
//! - [`canonical`]: [`canonicalize`] (NFC everywhere plus every §1/§9.4 ordering),
//!   [`to_canonical_json`] / [`write_canonical`] (canonicalize if needed, check, stream pretty
//!   or compact straight from the types, module `stream`), the generic [`canonical_json`]
//!   writer that refuses `canonical-key-collision`, and [`to_canonical_json_via_value`], the
//!   reference path through `serde_json::Value` the streaming writer is tested against;
//! - [`integrity`]: [`check_invariants`], all 21 invariants of §14;
//! - [`fingerprint`]: `api` and `logic` byte-exact with Aburi, the `syntax` hashing helper;
//! - [`read`]: [`read_document`], which shape-checks, types and integrity-checks;
//! - [`file`]: [`write_document_file`] (atomic rename) and [`read_document_file`].
//!
//! # Building a document
//!
//! ```
//! use seam_ir::review::*;
//!
//! let generator = Generator {
//!     name: "seam".into(),
//!     version: "0.1.0".into(),
//!     plugins: vec![PluginRef::lang("lang-python", "0.1.0", "ruff_python_parser@0.0.10")],
//! };
//! let mut document = Document::new(generator, Workspace::new(vec!["py".into()]));
//! let id = make_symbol_id("py", "app/main.py", "handler").unwrap();
//! let mut symbol = Symbol::new(
//!     id,
//!     SymbolKind::Function,
//!     "handler".into(),
//!     "py".into(),
//!     Visibility::Public,
//!     SourceRange::lines("app/main.py", 1, 3),
//! );
//! symbol.signature = Some(Signature::default());
//! fill_fingerprints(&mut symbol, "(block (return_statement))").unwrap();
//! document.symbols.push(symbol);
//! document.stats.total_files = 1;
//! document.stats.parsed_files = 1;
//! document.stats.kept_symbols = 1;
//! let text = to_canonical_json(&document, true).unwrap();
//! assert_eq!(read_document(&text).unwrap(), { let mut d = document; canonicalize(&mut d); d });
//! ```
//!
//! The scanner fills stats and the call-resolution census itself; [`to_canonical_json`]
//! refuses (with every breach listed) a document whose census, call edges, orderings or ids
//! are inconsistent.

pub mod canonical;
pub mod file;
pub mod fingerprint;
pub mod ids;
pub mod integrity;
pub mod read;
mod shape;
mod stream;
pub mod text;
pub mod types;

pub use canonical::{
    CanonicalError, WriteError, canonical_json, canonicalize, is_canonical, order_symbol,
    to_canonical_json, to_canonical_json_via_value, write_canonical,
};
pub use file::{FileError, read_document_file, write_document_file};
pub use fingerprint::{
    FingerprintError, fill_fingerprints, fingerprint_api, fingerprint_logic, fingerprint_syntax,
    hash_canonical, hash12,
};
pub use ids::{IdError, make_symbol_id};
pub use integrity::{Breach, InvariantViolations, check_invariants};
pub use read::{ReadError, read_document, read_document_value};
pub use text::{canon, rule_text, utf16_cmp};
pub use types::*;
