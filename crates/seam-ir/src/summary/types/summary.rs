//! One behavioural summary: every execution path of one code unit.

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::confidence::ConfidenceInfo;
use super::gap::Gap;
use super::identity::CodeUnitIdentity;
use super::input::Input;
use super::kind::CodeUnitKind;
use super::location::SourceLocation;
use super::shape::TypeShape;
use super::transition::Transition;

/// The format version this build writes. Absent on a summary means version 1.
pub const CURRENT_SCHEMA_VERSION: u64 = 7;

/// The top-level object of a summary file. Field order follows the spec's whole-summary example
/// (written by `suss extract`), which puts `schemaVersion` last.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct BehavioralSummary {
    pub kind: CodeUnitKind,
    pub location: SourceLocation,
    pub identity: CodeUnitIdentity,
    pub inputs: Vec<Input>,
    pub transitions: Vec<Transition>,
    pub gaps: Vec<Gap>,
    pub confidence: ConfidenceInfo,
    /// What `ref` shapes point at, keyed by their `def`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub definitions: Option<IndexMap<String, TypeShape>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_reads: Option<Vec<InputRead>>,
    /// The subclass an inherited method runs on.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "super::present_value"
    )]
    pub receiver_class: Option<serde_json::Value>,
    /// Framework-specific data, namespaced by boundary semantics (`http`, `graphql`, …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metadata: Option<IndexMap<String, serde_json::Value>>,
    /// Always 7: the reader normalises every older version before it builds this type.
    pub schema_version: SchemaVersion,
}

/// What the unit read out of one of its inputs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct InputRead {
    pub input: String,
    pub path: Vec<String>,
}

/// The `schemaVersion` of a summary held in memory: always [`CURRENT_SCHEMA_VERSION`], so a
/// summary can never be written claiming an older format than the shape it has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SchemaVersion;

impl Serialize for SchemaVersion {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u64(CURRENT_SCHEMA_VERSION)
    }
}

impl<'de> Deserialize<'de> for SchemaVersion {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error as _;
        let version = u64::deserialize(deserializer)?;
        if version == CURRENT_SCHEMA_VERSION {
            Ok(SchemaVersion)
        } else {
            Err(D::Error::custom(format!(
                "schemaVersion {version} must be normalised to {CURRENT_SCHEMA_VERSION} before typed reading"
            )))
        }
    }
}

impl JsonSchema for SchemaVersion {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "SchemaVersion".into()
    }

    fn json_schema(_generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({ "const": CURRENT_SCHEMA_VERSION })
    }
}
