//! Why a contract could not be read: the file, where in it, and what was wrong.

use std::fmt;

/// A contract file that could not be read. `line` and `column` are 1-based; either is `None`
/// when the problem has no one place (a missing file, a document with no `openapi` field).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContractError {
    /// The file as the caller named it (project-relative when found by [`crate::find_contracts`]).
    pub file: String,
    pub line: Option<u32>,
    pub column: Option<u32>,
    /// A plain sentence saying what was wrong and, where it helps, what to do.
    pub reason: String,
}

impl ContractError {
    pub fn new(file: impl Into<String>, reason: impl Into<String>) -> Self {
        Self {
            file: file.into(),
            line: None,
            column: None,
            reason: reason.into(),
        }
    }

    pub fn at(
        file: impl Into<String>,
        line: u32,
        column: Option<u32>,
        reason: impl Into<String>,
    ) -> Self {
        Self {
            file: file.into(),
            line: Some(line),
            column,
            reason: reason.into(),
        }
    }
}

impl fmt::Display for ContractError {
    /// `file:line:column: reason`, leaving out what is unknown.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
            if let Some(column) = self.column {
                write!(f, ":{column}")?;
            }
        }
        write!(f, ": {}", self.reason)
    }
}

impl std::error::Error for ContractError {}
