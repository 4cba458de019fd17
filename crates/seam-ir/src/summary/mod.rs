//! Behavioural summaries, `schemaVersion` 7: the types, reading every published version, and
//! writing the v7 line-per-summary layout with `$def`/`$ref` value sharing.
//!
//! ```no_run
//! use seam_ir::summary::{read_summary_file, write_summary_file, WriteOptions};
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let summaries = read_summary_file(std::path::Path::new("old.json"))?;
//! write_summary_file(std::path::Path::new("new.json"), &summaries, WriteOptions::default())?;
//! # Ok(()) }
//! ```

pub mod error;
pub mod ids;
pub mod read;
pub mod schema;
pub mod shared;
pub mod types;
pub mod write;

pub use error::SummaryReadError;
pub use ids::{Polarity, summary_id, summary_id_from_parts, transition_id};
pub use read::{SummaryReader, parse_summaries, read_summary_file};
pub use schema::summary_json_schema;
pub use shared::Sharing;
pub use types::*;
pub use write::{WriteOptions, write_summaries, write_summary_file};
