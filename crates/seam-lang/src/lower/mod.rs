//! Lowerings: one per language, each turning a parsed file into a [`Model`].
//!
//! A lowering is given the file's repo-relative path and its UTF-8 text and returns the model
//! with every identifier resolved to its declaration where one exists in the file. Module
//! resolution across files happens later, in [`crate::resolve`].

pub mod csharp;
pub mod go;
pub mod java;
pub mod js;
pub mod kotlin;
pub mod php;
pub mod python;
pub mod ruby;
pub mod rust;
mod tree_sitter_parser;

use crate::model::{Language, Model};

/// Why a file produced no model.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LowerError {
    /// The parser gave up on the file (or panicked, which the caller records the same way).
    #[error("the file could not be parsed: {0}")]
    ParseFailed(String),
}

/// Lowers one file in the given language.
pub fn lower_file(path: &str, language: Language, source: &str) -> Result<Model, LowerError> {
    let mut model = lower_language(path, language, source)?;
    model.shrink_to_fit();
    Ok(model)
}

fn lower_language(path: &str, language: Language, source: &str) -> Result<Model, LowerError> {
    match language {
        Language::Python => python::lower(path, source),
        Language::Java => java::lower(path, source),
        Language::Go => go::lower(path, source),
        Language::Kotlin => kotlin::lower(path, source),
        Language::Rust => rust::lower(path, source),
        Language::Ruby => ruby::lower(path, source),
        Language::Php => php::lower(path, source),
        Language::CSharp => csharp::lower(path, source),
        Language::TypeScript | Language::Tsx | Language::JavaScript | Language::Jsx => {
            js::lower(path, language, source)
        }
    }
}
