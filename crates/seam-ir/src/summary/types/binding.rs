//! The boundary a unit or an effect crosses: transport, protocol semantics, recognising pack.
//!
//! An identity field is `None` (written `null`) when the source did not say what it is; the
//! empty string is never a value (invalid from version 2 on), so every constructor here refuses
//! it with [`EmptyIdentityField`].

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::tagged::{string_enum, tagged_union};

/// `transport` ("http", "in-process", "aws-sdk", "os", …), `semantics`, `recognition` (the pack).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct BoundaryBinding {
    pub transport: String,
    pub semantics: Semantics,
    pub recognition: String,
}

tagged_union! {
    /// The protocol a boundary speaks, discriminated by `name`. Newer variants are kept.
    pub enum Semantics {
        tag = "name";
        other = Other;
        typed {
            "rest" => Rest(RestSemantics),
            "function-call" => FunctionCall(FunctionCallSemantics),
            "graphql-resolver" => GraphqlResolver(GraphqlResolverSemantics),
            "graphql-operation" => GraphqlOperation(GraphqlOperationSemantics),
            "runtime-config" => RuntimeConfig(RuntimeConfigSemantics),
            "storage" => Storage(StorageSemantics),
            "message-bus" => MessageBus(MessageBusSemantics),
            "metric" => Metric(MetricSemantics),
            "unit-invocation" => UnitInvocation(UnitInvocationSemantics),
            "io" => Io(IoSemantics),
        }
        unit {}
    }
}

/// An HTTP route. `method` `"*"` means every method.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RestSemantics {
    pub method: Option<String>,
    pub path: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declared_responses: Option<Vec<u16>>,
}

/// A call across a package boundary, paired on `package::exportPath`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FunctionCallSemantics {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub module: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub export_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub package: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub export_path: Option<Vec<String>>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct GraphqlResolverSemantics {
    pub type_name: Option<String>,
    pub field_name: String,
}

string_enum! {
    /// What a GraphQL operation is.
    pub enum GraphqlOperationType {
        "query" => Query,
        "mutation" => Mutation,
        "subscription" => Subscription,
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct GraphqlOperationSemantics {
    pub operation_type: GraphqlOperationType,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub operation_name: Option<String>,
}

/// The environment a deployed unit runs with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RuntimeConfigSemantics {
    pub deployment_target: String,
    pub instance_name: String,
}

/// A store, paired on (storageSystem, scope, container, accessPath). `scope` is "default"
/// when no source said which database.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct StorageSemantics {
    pub storage_system: Option<String>,
    pub scope: String,
    pub container: Option<String>,
    pub access_path: Option<String>,
}

/// A queue, topic or bus, paired on (messageBus, channel); channel is `bus#subject` or `subject`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageBusSemantics {
    pub message_bus: String,
    pub channel: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct MetricSemantics {
    pub metric_system: String,
    pub metric_type: Option<String>,
}

/// Invoking a deployed unit by name (a Lambda, a worker).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnitInvocationSemantics {
    pub deployment_target: String,
    pub instance_name: Option<String>,
}

/// A process stream (`stdout`, `stderr`); never pairs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct IoSemantics {
    pub target: Option<String>,
}

/// A constructor was handed `""` for a field that must be a name or null.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "The {semantics} field `{field}` was given the empty string; pass a name, or None when the source did not say."
)]
pub struct EmptyIdentityField {
    pub semantics: &'static str,
    pub field: &'static str,
}

fn required(
    semantics: &'static str,
    field: &'static str,
    value: &str,
) -> Result<String, EmptyIdentityField> {
    if value.is_empty() {
        Err(EmptyIdentityField { semantics, field })
    } else {
        Ok(value.to_owned())
    }
}

fn nullable(
    semantics: &'static str,
    field: &'static str,
    value: Option<&str>,
) -> Result<Option<String>, EmptyIdentityField> {
    value.map(|v| required(semantics, field, v)).transpose()
}

impl BoundaryBinding {
    fn new(
        transport: &str,
        semantics: Semantics,
        recognition: &str,
    ) -> Result<Self, EmptyIdentityField> {
        Ok(Self {
            transport: required("binding", "transport", transport)?,
            semantics,
            recognition: required("binding", "recognition", recognition)?,
        })
    }

    /// An HTTP route; `method` `"*"` responds to every method.
    pub fn rest(
        transport: &str,
        method: Option<&str>,
        path: Option<&str>,
        recognition: &str,
    ) -> Result<Self, EmptyIdentityField> {
        let semantics = Semantics::Rest(RestSemantics {
            method: nullable("rest", "method", method)?,
            path: nullable("rest", "path", path)?,
            declared_responses: None,
        });
        Self::new(transport, semantics, recognition)
    }

    /// A function exported by a package, reached as `package::exportPath`.
    pub fn function_call(
        transport: &str,
        package: Option<&str>,
        export_path: Option<&[&str]>,
        recognition: &str,
    ) -> Result<Self, EmptyIdentityField> {
        let export_path = export_path
            .map(|parts| {
                parts
                    .iter()
                    .map(|part| required("function-call", "exportPath", part))
                    .collect::<Result<Vec<_>, _>>()
            })
            .transpose()?;
        let semantics = Semantics::FunctionCall(FunctionCallSemantics {
            package: nullable("function-call", "package", package)?,
            export_path,
            ..FunctionCallSemantics::default()
        });
        Self::new(transport, semantics, recognition)
    }

    pub fn graphql_resolver(
        transport: &str,
        type_name: Option<&str>,
        field_name: &str,
        recognition: &str,
    ) -> Result<Self, EmptyIdentityField> {
        let semantics = Semantics::GraphqlResolver(GraphqlResolverSemantics {
            type_name: nullable("graphql-resolver", "typeName", type_name)?,
            field_name: required("graphql-resolver", "fieldName", field_name)?,
        });
        Self::new(transport, semantics, recognition)
    }

    pub fn graphql_operation(
        transport: &str,
        operation_type: GraphqlOperationType,
        operation_name: Option<&str>,
        recognition: &str,
    ) -> Result<Self, EmptyIdentityField> {
        let semantics = Semantics::GraphqlOperation(GraphqlOperationSemantics {
            operation_type,
            operation_name: nullable("graphql-operation", "operationName", operation_name)?,
        });
        Self::new(transport, semantics, recognition)
    }

    pub fn runtime_config(
        transport: &str,
        deployment_target: &str,
        instance_name: &str,
        recognition: &str,
    ) -> Result<Self, EmptyIdentityField> {
        let semantics = Semantics::RuntimeConfig(RuntimeConfigSemantics {
            deployment_target: required("runtime-config", "deploymentTarget", deployment_target)?,
            instance_name: required("runtime-config", "instanceName", instance_name)?,
        });
        Self::new(transport, semantics, recognition)
    }

    /// A store; `scope` is `"default"` when no source said which database.
    pub fn storage(
        transport: &str,
        storage_system: Option<&str>,
        scope: &str,
        container: Option<&str>,
        access_path: Option<&str>,
        recognition: &str,
    ) -> Result<Self, EmptyIdentityField> {
        let semantics = Semantics::Storage(StorageSemantics {
            storage_system: nullable("storage", "storageSystem", storage_system)?,
            scope: required("storage", "scope", scope)?,
            container: nullable("storage", "container", container)?,
            access_path: nullable("storage", "accessPath", access_path)?,
        });
        Self::new(transport, semantics, recognition)
    }

    pub fn message_bus(
        transport: &str,
        message_bus: &str,
        channel: Option<&str>,
        recognition: &str,
    ) -> Result<Self, EmptyIdentityField> {
        let semantics = Semantics::MessageBus(MessageBusSemantics {
            message_bus: required("message-bus", "messageBus", message_bus)?,
            channel: nullable("message-bus", "channel", channel)?,
        });
        Self::new(transport, semantics, recognition)
    }

    pub fn metric(
        transport: &str,
        metric_system: &str,
        metric_type: Option<&str>,
        recognition: &str,
    ) -> Result<Self, EmptyIdentityField> {
        let semantics = Semantics::Metric(MetricSemantics {
            metric_system: required("metric", "metricSystem", metric_system)?,
            metric_type: nullable("metric", "metricType", metric_type)?,
        });
        Self::new(transport, semantics, recognition)
    }

    pub fn unit_invocation(
        transport: &str,
        deployment_target: &str,
        instance_name: Option<&str>,
        recognition: &str,
    ) -> Result<Self, EmptyIdentityField> {
        let semantics = Semantics::UnitInvocation(UnitInvocationSemantics {
            deployment_target: required("unit-invocation", "deploymentTarget", deployment_target)?,
            instance_name: nullable("unit-invocation", "instanceName", instance_name)?,
        });
        Self::new(transport, semantics, recognition)
    }

    pub fn io(
        transport: &str,
        target: Option<&str>,
        recognition: &str,
    ) -> Result<Self, EmptyIdentityField> {
        let semantics = Semantics::Io(IoSemantics {
            target: nullable("io", "target", target)?,
        });
        Self::new(transport, semantics, recognition)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constructors_refuse_the_empty_string_and_accept_null() {
        let refused = BoundaryBinding::message_bus("aws-sdk", "aws_sqs", Some(""), "aws-sqs");
        assert_eq!(
            refused,
            Err(EmptyIdentityField {
                semantics: "message-bus",
                field: "channel"
            })
        );
        assert_eq!(
            refused.map_err(|e| e.to_string()),
            Err("The message-bus field `channel` was given the empty string; pass a name, or None when the source did not say.".to_owned())
        );
        let unsaid = BoundaryBinding::message_bus("aws-sdk", "aws_sqs", None, "aws-sqs");
        let json = unsaid.map(|b| serde_json::to_string(&b).unwrap_or_default());
        assert_eq!(
            json,
            Ok(r#"{"transport":"aws-sdk","semantics":{"name":"message-bus","messageBus":"aws_sqs","channel":null},"recognition":"aws-sqs"}"#.to_owned())
        );
        assert!(BoundaryBinding::rest("", Some("GET"), Some("/x"), "express").is_err());
        assert!(
            BoundaryBinding::storage("aws-sdk", Some("aws.dynamodb"), "", None, None, "p").is_err()
        );
        assert!(
            BoundaryBinding::function_call("in-process", Some("pkg"), Some(&["a", ""]), "p")
                .is_err()
        );
    }

    #[test]
    fn unknown_semantics_is_kept_verbatim() {
        let raw = r#"{"name":"carrier-pigeon","loft":"north","ring":null}"#;
        let semantics: Result<Semantics, _> = serde_json::from_str(raw);
        let semantics = semantics.map_err(|e| e.to_string());
        assert!(matches!(semantics, Ok(Semantics::Other(_))));
        if let Ok(semantics) = semantics {
            assert_eq!(semantics.tag(), "carrier-pigeon");
            assert_eq!(serde_json::to_string(&semantics).ok().as_deref(), Some(raw));
        }
    }

    #[test]
    fn a_known_semantics_with_a_bad_field_is_an_error_not_other() {
        let raw = r#"{"name":"rest","method":5,"path":null}"#;
        let result: Result<Semantics, _> = serde_json::from_str(raw);
        assert!(result.is_err());
    }
}
