//! What fires on the way along a transition.
//!
//! Every effect has an optional `count`, written only when the same effect fired more than
//! once on the path (a count of 1 is never written), and an optional `location`: the first and
//! last line of the call that produced it.

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::binding::BoundaryBinding;
use super::interaction::Interaction;
use super::location::{CharSpan, LineRange};
use super::predicate::Predicate;
use super::tagged::{string_enum, tagged_union};

tagged_union! {
    /// One effect. An effect type from a newer producer is kept.
    pub enum Effect {
        tag = "type";
        other = Other;
        typed {
            "mutation" => Mutation(MutationEffect),
            "invocation" => Invocation(InvocationEffect),
            "emission" => Emission(EmissionEffect),
            "stateChange" => StateChange(StateChangeEffect),
            /// A typed boundary crossing.
            "interaction" => Interaction(InteractionEffect),
        }
        unit {}
    }
}

/// Serde predicate: a count is written only when it is more than one.
pub(crate) fn count_is_single(count: &Option<u32>) -> bool {
    count.is_none_or(|n| n <= 1)
}

string_enum! {
    pub enum MutationOperation {
        "create" => Create,
        "update" => Update,
        "delete" => Delete,
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct MutationEffect {
    pub target: String,
    pub operation: MutationOperation,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<LineRange>,
    #[serde(default, skip_serializing_if = "count_is_single")]
    pub count: Option<u32>,
}

/// Where the type checker found something declared.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct DeclarationPlace {
    pub file: String,
    pub span: CharSpan,
}

/// The class an inherited method runs on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ClassRef {
    pub file: String,
    pub name: String,
}

/// A call that fired and what it was passed. `callee` is source text, whitespace collapsed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvocationEffect {
    pub callee: String,
    pub args: Vec<serde_json::Value>,
    /// Optional on reading: the format spec's own `$def` example writes an invocation without
    /// it, so a missing `async` stays missing rather than becoming `false`.
    #[serde(rename = "async", default, skip_serializing_if = "Option::is_none")]
    pub is_async: Option<bool>,
    /// The id of the summary this call reaches, when exactly one does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declared_at: Option<DeclarationPlace>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub args_declared_at: Option<IndexMap<String, DeclarationPlace>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub args_summary: Option<IndexMap<String, String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub callee_parameter: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub receiver_class: Option<ClassRef>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub receiver_constructions: Option<Vec<serde_json::Value>>,
    /// Absent for a call that always fires within its transition.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preconditions: Option<Vec<Predicate>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<LineRange>,
    #[serde(default, skip_serializing_if = "count_is_single")]
    pub count: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct EmissionEffect {
    pub event: String,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "super::present_value"
    )]
    pub payload: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<LineRange>,
    #[serde(default, skip_serializing_if = "count_is_single")]
    pub count: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct StateChangeEffect {
    pub variable: String,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "super::present_value"
    )]
    pub new_value: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<LineRange>,
    #[serde(default, skip_serializing_if = "count_is_single")]
    pub count: Option<u32>,
}

/// A boundary crossing: the binding of what it reaches and what it did there.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct InteractionEffect {
    pub binding: BoundaryBinding,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub callee: Option<String>,
    /// Shared by every effect from one call site.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preconditions: Option<Vec<Predicate>>,
    pub interaction: Interaction,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<LineRange>,
    #[serde(default, skip_serializing_if = "count_is_single")]
    pub count: Option<u32>,
}
