//! JavaScript and TypeScript, parsed with oxc.
use super::LowerError;
use crate::model::{Language, Model};

/// Parses and lowers a JS/TS/JSX/TSX file.
pub fn lower(path: &str, language: Language, source: &str) -> Result<Model, LowerError> {
    let _ = (path, language, source);
    Err(LowerError::ParseFailed(
        "the JavaScript lowering is not written yet".into(),
    ))
}
