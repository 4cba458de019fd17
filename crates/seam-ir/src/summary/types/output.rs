//! What a transition produces when it ends.

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::shape::TypeShape;
use super::tagged::tagged_union;
use super::value::ValueRef;

tagged_union! {
    /// The output of one execution path. An output type from a newer producer is kept.
    pub enum Output {
        tag = "type";
        other = Other;
        typed {
            "response" => Response(ResponseOutput),
            "throw" => Throw(ThrowOutput),
            "render" => Render(RenderOutput),
            "return" => Return(ReturnOutput),
            "delegate" => Delegate(DelegateOutput),
            "emit" => Emit(EmitOutput),
            "exit" => Exit(ExitOutput),
        }
        unit {
            "void" => Void,
        }
    }
}

/// An HTTP response. `statusCode` and `body` are null when the reader could not tell.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResponseOutput {
    pub status_code: Option<ValueRef>,
    pub body: Option<TypeShape>,
    pub headers: IndexMap<String, ValueRef>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ThrowOutput {
    pub exception_type: Option<String>,
    pub message: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exception_ancestors: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ancestry_incomplete: Option<bool>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "super::present_value"
    )]
    pub status_when_uncaught: Option<serde_json::Value>,
}

/// A component render; `root` is the rendered tree when the pack understands the render form.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct RenderOutput {
    pub component: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub props: Option<IndexMap<String, serde_json::Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub root: Option<RenderNode>,
}

tagged_union! {
    /// One node of a rendered tree.
    pub enum RenderNode {
        tag = "type";
        typed {
            "element" => Element(RenderElement),
            "text" => Text(RenderText),
            "expression" => Expression(RenderExpression),
            "conditional" => Conditional(RenderConditional),
        }
        unit {}
    }
}

/// A tag. `attrs` values are source text, quotes included; `target` is where the component is
/// declared when the walk resolved it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct RenderElement {
    pub tag: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attrs: Option<IndexMap<String, String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<RenderTarget>,
    pub children: Vec<RenderNode>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct RenderTarget {
    pub file: String,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct RenderText {
    pub value: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RenderExpression {
    pub source_text: String,
}

/// `{cond && <X/>}` has a null `whenFalse`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RenderConditional {
    pub condition: String,
    pub when_true: Box<RenderNode>,
    pub when_false: Option<Box<RenderNode>>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ReturnOutput {
    pub value: Option<TypeShape>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct DelegateOutput {
    pub to: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct EmitOutput {
    pub event: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payload: Option<TypeShape>,
}

/// A process exit; `code` is null when the reader could not tell.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ExitOutput {
    pub code: Option<ValueRef>,
}
