//! How values reach a unit.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::shape::TypeShape;
use super::tagged::tagged_union;

tagged_union! {
    /// One way a value reaches the unit.
    pub enum Input {
        tag = "type";
        typed {
            "parameter" => Parameter(ParameterInput),
            "injection" => Injection(InjectionInput),
            "hookReturn" => HookReturn(HookReturnInput),
            "contextValue" => ContextValue(ContextValueInput),
            "closure" => Closure(ClosureInput),
        }
        unit {}
    }
}

/// A parameter. `role` is null (from version 3) when nobody could tell, with a gap saying why;
/// `field` names the one request field a FastAPI-style parameter reads.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ParameterInput {
    pub name: String,
    pub position: u32,
    pub role: Option<String>,
    pub shape: Option<TypeShape>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct InjectionInput {
    pub name: String,
    pub mechanism: String,
    pub shape: Option<TypeShape>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct HookReturnInput {
    pub hook: String,
    pub destructured_fields: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContextValueInput {
    pub context: String,
    pub accessed_fields: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ClosureInput {
    pub name: String,
}
