//! One execution path: when all conditions hold, this output comes out and these effects fire.

use std::sync::Arc;

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::confidence::ConfidenceInfo;
use super::effect::Effect;
use super::location::LineRange;
use super::output::Output;
use super::predicate::Predicate;
use super::provenance::ProvenanceEntry;
use super::shape::TypeShape;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Transition {
    /// `${fn}:${terminalKind}:${statusKey}:${hash7}`; see [`crate::summary::transition_id`].
    pub id: String,
    /// Joined with AND.
    pub conditions: Vec<Predicate>,
    pub output: Output,
    /// Each effect held once however many transitions (and summaries) have it, when read back
    /// through a [`crate::summary::Sharing`]; written and read as a plain list.
    #[serde(
        serialize_with = "crate::summary::shared::serialize_list",
        deserialize_with = "crate::summary::shared::deserialize_list"
    )]
    #[schemars(with = "Vec<Effect>")]
    pub effects: Vec<Arc<Effect>>,
    pub location: LineRange,
    pub is_default: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confidence: Option<ConfidenceInfo>,
    /// For a client transition: the body fields read after the status branch.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expected_input: Option<TypeShape>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provenance: Option<Vec<ProvenanceEntry>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metadata: Option<IndexMap<String, serde_json::Value>>,
}
