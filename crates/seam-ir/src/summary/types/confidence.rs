//! How much of the behaviour was read, and where the claim came from.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::tagged::string_enum;

string_enum! {
    pub enum ConfidenceSource {
        "inferred_static" => InferredStatic,
        "inferred_ai" => InferredAi,
        /// Hand-written stubs.
        "declared" => Declared,
        /// Read from a contract (OpenAPI, a template, a schema).
        "derived" => Derived,
    }
}

string_enum! {
    pub enum ConfidenceLevel {
        "high" => High,
        "medium" => Medium,
        "low" => Low,
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ConfidenceInfo {
    pub source: ConfidenceSource,
    pub level: ConfidenceLevel,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub corroboration: Option<Corroboration>,
}

string_enum! {
    pub enum CorroborationOutcome {
        "observed" => Observed,
        "refuted" => Refuted,
        "untested" => Untested,
    }
}

/// What running the unit on generated inputs showed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Corroboration {
    pub outcome: CorroborationOutcome,
    pub runs: u32,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "super::present_value"
    )]
    pub counterexample: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}
