//! Intent and PRD checking: holds the code to what the team wrote down.
//!
//! - [`document`]: the two document kinds (`kind: boundary`, `kind: prd`) and their JSON Schema;
//! - [`read`]: finding documents and reading them strictly (file, line, column and the fix);
//! - [`code`]: what the summaries say each unit does (endings, effects, guards, provenance);
//! - [`check`]: matching intents to summaries and every intent finding kind ([`findings`]);
//! - [`covering`]: the covering-test walk over `test` summaries;
//! - [`draft`]: an inferred intent written from the summaries (`seam intent draft`).

pub mod check;
pub mod code;
pub mod covering;
pub mod document;
pub mod draft;
pub mod findings;
pub mod read;
mod receives;
pub mod report;
mod values;

pub use check::{Checked, IntentFinding, IntentOutcome, Unchecked, check_documents};
pub use read::{
    Document, DocumentBody, DocumentError, document_kind, documents_among, read_document,
    read_documents,
};
pub use report::add_to_report;

/// The JSON Schema of an intent document (either kind), for editors.
pub fn intent_json_schema() -> serde_json::Value {
    let generator = schemars::generate::SchemaSettings::draft2020_12().into_generator();
    let schema = generator.into_root_schema_for::<document::AnyDocument>();
    serde_json::to_value(&schema).unwrap_or(serde_json::Value::Null)
}
