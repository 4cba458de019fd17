//! What a summary could not account for.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::predicate::Predicate;
use super::tagged::string_enum;

string_enum! {
    pub enum GapType {
        /// A declared outcome never produced, or a produced one never declared.
        "unhandledCase" => UnhandledCase,
        /// Part of what the unit produces matched no terminal pattern.
        "unreadOutcome" => UnreadOutcome,
        /// A call into a project function with no body; what it does is missing.
        "unfollowedCall" => UnfollowedCall,
    }
}

string_enum! {
    pub enum GapConsequence {
        "frameworkDefault" => FrameworkDefault,
        "implicitThrow" => ImplicitThrow,
        "fallthrough" => Fallthrough,
        "unknown" => Unknown,
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Gap {
    #[serde(rename = "type")]
    pub gap_type: GapType,
    pub conditions: Vec<Predicate>,
    pub consequence: GapConsequence,
    pub description: String,
    /// The call the walk stopped at, for an `unfollowedCall`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub callee: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub used_as_value: Option<bool>,
}
