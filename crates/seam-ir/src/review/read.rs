//! Reading a review-IR document: JSON → `$schema` check → #20 shape walk → typed
//! [`Document`] → every other invariant. Nothing is normalised on the way in, so #19 judges
//! the strings exactly as they were written. An absent Class A key reads as `null`.

use serde_json::Value;

use super::integrity::{InvariantViolations, check_invariants};
use super::shape::check_shape;
use super::types::{Document, LEGACY_SCHEMA_URL, SCHEMA_URL};

/// Why a document could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReadError {
    #[error("the review IR is not valid JSON: {0}")]
    Json(String),
    #[error(
        "the review IR declares $schema {found}, but seam reads only {SCHEMA_URL} (or the older {LEGACY_SCHEMA_URL}); regenerate it with a matching tool"
    )]
    UnsupportedSchema { found: String },
    #[error("the review IR breaks its integrity invariants:\n{0}")]
    Invariants(#[from] InvariantViolations),
}

/// Parses, shape-checks, types and integrity-checks a document.
///
/// When the shape check (#20) fails, only its breaches are reported, because the other
/// invariants are statements about a document of the right shape. Unknown `kind` (#8) or
/// `confidence` (#6) values are reported next, on their own, since they cannot be typed.
pub fn read_document(text: &str) -> Result<Document, ReadError> {
    let value: Value =
        serde_json::from_str(text).map_err(|err| ReadError::Json(err.to_string()))?;
    read_document_value(value)
}

/// [`read_document`] for an already-parsed JSON value.
pub fn read_document_value(value: Value) -> Result<Document, ReadError> {
    if let Some(found) = value.get("$schema").and_then(Value::as_str)
        && found != SCHEMA_URL
        && found != LEGACY_SCHEMA_URL
    {
        return Err(ReadError::UnsupportedSchema {
            found: found.to_owned(),
        });
    }
    let report = check_shape(&value);
    if !report.shape.is_empty() {
        return Err(InvariantViolations {
            breaches: report.shape,
        }
        .into());
    }
    if !report.enums.is_empty() {
        let mut breaches = report.enums;
        breaches.sort_by_key(|b| b.invariant);
        return Err(InvariantViolations { breaches }.into());
    }
    let document: Document = serde_json::from_value(value).map_err(|err| {
        // The walk above mirrors the types, so this is a gap in the walk; report it as a
        // shape breach rather than lose it.
        ReadError::Invariants(InvariantViolations {
            breaches: vec![super::integrity::Breach {
                invariant: 20,
                message: format!("the document does not have the aburi.ir.v1 shape: {err}"),
            }],
        })
    })?;
    check_invariants(&document)?;
    Ok(document)
}
