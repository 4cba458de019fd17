//! The one error a summary reader returns: which file, which line, what was expected.

use std::fmt;

/// A summary file could not be read. `line` is 1-based; 0 when the file could not be opened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SummaryReadError {
    pub file: String,
    pub line: u64,
    pub message: String,
}

impl SummaryReadError {
    pub fn new(file: &str, line: u64, message: impl Into<String>) -> Self {
        Self {
            file: file.to_owned(),
            line,
            message: message.into(),
        }
    }
}

impl fmt::Display for SummaryReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{}, line {}: {}", self.file, self.line, self.message)
        }
    }
}

impl std::error::Error for SummaryReadError {}
