//! Where a unit, a transition or an effect sits in its file.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The first and last line (1-based, inclusive).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct LineRange {
    pub start: u32,
    pub end: u32,
}

/// Character offsets into the file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct CharSpan {
    pub start: u64,
    pub end: u64,
}

/// Where a code unit is: the project-relative file, its lines, its characters, its export.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SourceLocation {
    pub file: String,
    pub range: LineRange,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub span: Option<CharSpan>,
    /// Null when the unit is not exported (the key is always written).
    pub export_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub workspace: Option<String>,
    /// The module, when the project's config lists modules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub module: Option<String>,
}
