//! The nine interaction classes: what an `interaction` effect did at its boundary.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::shape::TypeShape;
use super::tagged::{string_enum, tagged_union};

tagged_union! {
    /// Discriminated by `class`. A class from a newer producer is kept.
    pub enum Interaction {
        tag = "class";
        other = Other;
        typed {
            "storage-access" => StorageAccess(StorageAccess),
            "service-call" => ServiceCall(ServiceCall),
            "message-send" => MessageSend(MessageSend),
            "message-receive" => MessageReceive(MessageReceive),
            "unit-invoke" => UnitInvoke(UnitInvoke),
            "config-read" => ConfigRead(ConfigRead),
            "metadata-read" => MetadataRead(MetadataRead),
            "schedule" => Schedule(Schedule),
            "stream-write" => StreamWrite(StreamWrite),
        }
        unit {}
    }
}

string_enum! {
    pub enum StorageAccessKind {
        "read" => Read,
        "write" => Write,
    }
}

/// A read or write of a store. `fields` `["*"]` means every field. Field order follows the
/// spec's example (`operation` before `selector`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct StorageAccess {
    pub kind: StorageAccessKind,
    pub fields: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub operation: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selector: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub relation_path: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub relation_key: Option<bool>,
    /// For a shared method whose binding has `container: null`: the table per construction.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "super::present_value"
    )]
    pub container_by_construction: Option<serde_json::Value>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ServiceCall {
    pub method: String,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "super::present_value"
    )]
    pub payload: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub response_shape: Option<TypeShape>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageSend {
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "super::present_value"
    )]
    pub body: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub routing_key: Option<String>,
}

/// The fields a consumer reads from a message; the channel is on the enclosing summary.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct MessageReceive {
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "super::present_value"
    )]
    pub body: Option<serde_json::Value>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct UnitInvoke {
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "super::present_value"
    )]
    pub payload: Option<serde_json::Value>,
}

/// An environment or config variable read; `defaulted` says the code supplies a fallback.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ConfigRead {
    pub name: String,
    pub defaulted: bool,
}

/// Something the runtime provides on its own (`__dirname`, `process.cwd`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct MetadataRead {
    pub name: String,
}

/// A scheduled callback; `hasDelay` says a delay was passed, not what it was.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Schedule {
    pub via: String,
    pub callback_ref: CallbackRef,
    pub has_delay: bool,
}

tagged_union! {
    /// What was handed over as the callback.
    pub enum CallbackRef {
        tag = "type";
        typed {
            "identifier" => Identifier(CallbackIdentifier),
            "opaque" => Opaque(CallbackOpaque),
        }
        unit {
            "literal" => Literal,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct CallbackIdentifier {
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct CallbackOpaque {
    pub reason: String,
}

/// A write to a process stream (`io` semantics); the effect's `groupId` is required for it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct StreamWrite {
    pub payload: Option<TypeShape>,
    pub serialized: StreamSerialization,
}

string_enum! {
    /// How a `stream-write` serialised its payload.
    pub enum StreamSerialization {
        "json" => Json,
        "text" => Text,
    }
}
