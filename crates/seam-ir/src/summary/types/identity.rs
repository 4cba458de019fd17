//! Who a code unit is: name, export path, boundary, deployed unit.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::binding::BoundaryBinding;
use super::tagged::string_enum;

string_enum! {
    pub enum NameKind {
        /// Other code can call the unit by this name.
        "binding" => Binding,
        /// Discovery coined the name (e.g. `get` from `router.get`); the id then ends in the boundary.
        "label" => Label,
    }
}

/// The field order follows the format spec's example, where `id` comes last.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CodeUnitIdentity {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_kind: Option<NameKind>,
    /// Null when the unit is not reached through an export.
    pub export_path: Option<Vec<String>>,
    /// Null when the unit crosses no boundary.
    pub boundary_binding: Option<BoundaryBinding>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deployable_unit: Option<DeployableUnit>,
    /// `${workspace}::${file}::${exportPath or name}`, see [`crate::summary::summary_id`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
}

string_enum! {
    pub enum DeploymentTarget {
        other = Other;
        "lambda" => Lambda,
        "ecs-task" => EcsTask,
        "container" => Container,
        "k8s-deployment" => K8sDeployment,
        "worker" => Worker,
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeployableUnit {
    pub deployment_target: DeploymentTarget,
    pub instance_name: String,
}
