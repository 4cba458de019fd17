//! Where a value in a condition, a status or a column came from.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::tagged::tagged_union;

tagged_union! {
    /// A reference to a value the unit reads.
    pub enum ValueRef {
        tag = "type";
        typed {
            /// A path off one of the unit's inputs.
            "input" => Input(InputValue),
            /// Something imported or injected, with the chain read off it.
            "dependency" => Dependency(DependencyValue),
            /// A value computed from another one.
            "derived" => Derived(DerivedValue),
            "literal" => Literal(LiteralValueRef),
            "state" => State(StateValue),
            /// Where the reader stopped following the value.
            "unresolved" => Unresolved(UnresolvedValue),
        }
        unit {}
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct InputValue {
    pub input_ref: String,
    pub path: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DependencyValue {
    pub name: String,
    pub access_chain: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct DerivedValue {
    pub from: Box<ValueRef>,
    pub derivation: Derivation,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct LiteralValueRef {
    pub value: LiteralValue,
}

/// A literal written in the source. Numbers keep their JSON spelling (404 stays 404).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum LiteralValue {
    Null,
    Bool(bool),
    Number(serde_json::Number),
    Text(String),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct StateValue {
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnresolvedValue {
    pub source_text: String,
}

tagged_union! {
    /// How a derived value was computed from its source.
    pub enum Derivation {
        tag = "type";
        typed {
            "propertyAccess" => PropertyAccess(PropertyAccess),
            /// Also a conversion such as `Number(x)` or `x.to_i`.
            "methodCall" => MethodCall(MethodCall),
            "destructured" => Destructured(Destructured),
            "indexAccess" => IndexAccess(IndexAccess),
        }
        unit {
            "awaited" => Awaited,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct PropertyAccess {
    pub property: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct MethodCall {
    pub method: String,
    pub args: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Destructured {
    pub field: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct IndexAccess {
    pub index: Index,
}

/// `x[0]` or `x["key"]`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Index {
    Number(serde_json::Number),
    Text(String),
}
