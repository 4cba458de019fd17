//! The structure of a value: bodies, payloads, fields.

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::tagged::tagged_union;

tagged_union! {
    /// A value's structure. `{x: T|undefined}` and `{x?: T}` are the same on the wire.
    pub enum TypeShape {
        tag = "type";
        typed {
            "record" => Record(RecordShape),
            "dictionary" => Dictionary(DictionaryShape),
            "array" => Array(ArrayShape),
            "literal" => Literal(LiteralShape),
            "union" => Union(UnionShape),
            /// A named type (Date, Map, BigInt, a declared type); `def` keys `definitions`.
            "ref" => Ref(RefShape),
        }
        unit {
            "text" => Text,
            "integer" => Integer,
            "number" => Number,
            "boolean" => Boolean,
            "null" => Null,
            "undefined" => Undefined,
            "unknown" => Unknown,
        }
    }
}

/// An object with named properties, in source order, and spreads the reader could not expand.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct RecordShape {
    pub properties: IndexMap<String, TypeShape>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spreads: Option<Vec<ShapeSpread>>,
}

/// `...rest` inside an object literal, as source text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShapeSpread {
    pub source_text: String,
}

/// A map from arbitrary string keys to one value shape.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct DictionaryShape {
    pub values: Box<TypeShape>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ArrayShape {
    pub items: Box<TypeShape>,
}

/// A literal type; `raw` keeps the exact numeric source (`1e3`, `0x10`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct LiteralShape {
    pub value: ShapeLiteral,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub raw: Option<String>,
}

/// The value of a literal type: never null (that is the `null` shape).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum ShapeLiteral {
    Bool(bool),
    Number(serde_json::Number),
    Text(String),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct UnionShape {
    pub variants: Vec<TypeShape>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct RefShape {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub def: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
}
