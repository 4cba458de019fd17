//! Brings a summary of any published version (1–7) to the current shape, on its untyped JSON,
//! before typed reading. The table is suss-notes §2.15:
//!
//! | from | rewrite |
//! |---|---|
//! | 1 | `""` in rest `method`/`path`, graphql-resolver `typeName`, message-bus `channel` → null; a missing `identity.id` is backfilled |
//! | < 4 | `storage-relational {storageSystem, scope, table}` → `storage {…, container: table, accessPath: null}` |
//! | < 5 | OpenTelemetry names: storage `postgres`→`postgresql`, `dynamodb`→`aws.dynamodb`; bus `sqs`→`aws_sqs`, `sns`→`aws.sns` |
//! | ≥ 2 | an empty identity field is invalid and is reported, never read as a name |
//!
//! Bindings are rewritten where a summary holds them: `identity.boundaryBinding` and the
//! `binding` of every effect of every transition.
//!
//! Version 6 renamed a metric's measurement words to OpenTelemetry's (histogram; gauge, delta,
//! cumulative). Neither the spec nor the notes say what the words were before, so a v5 metric
//! summary is read unchanged rather than rewritten by guesswork.

use serde_json::{Map, Value};

use crate::summary::ids::summary_id_from_parts;
use crate::summary::types::CURRENT_SCHEMA_VERSION;

/// The identity fields each semantics variant wrote as `""` in version 1.
const V1_EMPTY_IDENTITY_FIELDS: &[(&str, &[&str])] = &[
    ("rest", &["method", "path"]),
    ("graphql-resolver", &["typeName"]),
    ("message-bus", &["channel"]),
];

/// Fields that name a boundary and so may be null but never empty (from version 2).
const NULLABLE_IDENTITY_FIELDS: &[(&str, &[&str])] = &[
    ("rest", &["method", "path"]),
    ("graphql-resolver", &["typeName"]),
    ("message-bus", &["channel"]),
    ("storage", &["storageSystem", "container", "accessPath"]),
    ("metric", &["metricType"]),
    ("unit-invocation", &["instanceName"]),
    ("io", &["target"]),
];

/// Version 5's OpenTelemetry spellings: (semantics, field, old, new).
const OTEL_RENAMES: &[(&str, &str, &str, &str)] = &[
    ("storage", "storageSystem", "postgres", "postgresql"),
    ("storage", "storageSystem", "dynamodb", "aws.dynamodb"),
    ("message-bus", "messageBus", "sqs", "aws_sqs"),
    ("message-bus", "messageBus", "sns", "aws.sns"),
];

/// Reads `schemaVersion` (absent means 1).
pub(crate) fn schema_version(summary: &Map<String, Value>) -> Result<u64, String> {
    match summary.get("schemaVersion") {
        None => Ok(1),
        Some(Value::Number(n)) => match n.as_u64() {
            Some(v) if (1..=CURRENT_SCHEMA_VERSION).contains(&v) => Ok(v),
            Some(v) if v > CURRENT_SCHEMA_VERSION => Err(format!(
                "schemaVersion {v} is newer than this build of seam reads (1 to {CURRENT_SCHEMA_VERSION}); upgrade seam"
            )),
            _ => Err(format!(
                "schemaVersion should be a whole number from 1 to {CURRENT_SCHEMA_VERSION}, found {n}"
            )),
        },
        Some(other) => Err(format!(
            "schemaVersion should be a whole number from 1 to {CURRENT_SCHEMA_VERSION}, found {other}"
        )),
    }
}

/// Rewrites `summary` in place to the current version.
pub(crate) fn normalize_summary(summary: &mut Map<String, Value>) -> Result<(), String> {
    let version = schema_version(summary)?;
    if version < 2 {
        backfill_identity_id(summary);
    }
    let mut problem = None;
    for_each_binding(summary, &mut |binding, place| {
        let Some(semantics) = binding.get_mut("semantics").and_then(Value::as_object_mut) else {
            return;
        };
        if version < 2 {
            null_empty_fields(semantics, V1_EMPTY_IDENTITY_FIELDS);
        }
        if version < 4 {
            storage_relational_to_storage(semantics);
        }
        if version < 5 {
            rename_to_opentelemetry(semantics);
        }
        if problem.is_none() {
            problem = empty_identity_field(semantics, version, place);
        }
    });
    if let Some(problem) = problem {
        return Err(problem);
    }
    summary.insert(
        "schemaVersion".to_owned(),
        Value::from(CURRENT_SCHEMA_VERSION),
    );
    Ok(())
}

/// Calls `visit` on every binding object with a phrase saying where it is.
fn for_each_binding(
    summary: &mut Map<String, Value>,
    visit: &mut dyn FnMut(&mut Map<String, Value>, String),
) {
    if let Some(binding) = summary
        .get_mut("identity")
        .and_then(Value::as_object_mut)
        .and_then(|identity| identity.get_mut("boundaryBinding"))
        .and_then(Value::as_object_mut)
    {
        visit(binding, "identity.boundaryBinding".to_owned());
    }
    let Some(transitions) = summary.get_mut("transitions").and_then(Value::as_array_mut) else {
        return;
    };
    for (t, transition) in transitions.iter_mut().enumerate() {
        let Some(effects) = transition.get_mut("effects").and_then(Value::as_array_mut) else {
            continue;
        };
        for (e, effect) in effects.iter_mut().enumerate() {
            if let Some(binding) = effect.get_mut("binding").and_then(Value::as_object_mut) {
                visit(binding, format!("transitions[{t}].effects[{e}].binding"));
            }
        }
    }
}

fn semantics_name(semantics: &Map<String, Value>) -> Option<&str> {
    semantics.get("name").and_then(Value::as_str)
}

fn fields_for<'t>(table: &'t [(&str, &'t [&'t str])], name: &str) -> &'t [&'t str] {
    table
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, fields)| *fields)
        .unwrap_or(&[])
}

fn null_empty_fields(semantics: &mut Map<String, Value>, table: &[(&str, &[&str])]) {
    let Some(name) = semantics_name(semantics).map(str::to_owned) else {
        return;
    };
    for field in fields_for(table, &name) {
        if let Some(value) = semantics.get_mut(*field)
            && value.as_str() == Some("")
        {
            *value = Value::Null;
        }
    }
}

fn empty_identity_field(
    semantics: &Map<String, Value>,
    version: u64,
    place: String,
) -> Option<String> {
    let name = semantics_name(semantics)?;
    fields_for(NULLABLE_IDENTITY_FIELDS, name)
        .iter()
        .find(|field| semantics.get(**field).and_then(Value::as_str) == Some(""))
        .map(|field| {
            format!(
                "{place}: the {name} field `{field}` is the empty string, which schemaVersion {version} does not allow; expected a name, or null when the source did not say"
            )
        })
}

fn storage_relational_to_storage(semantics: &mut Map<String, Value>) {
    if semantics_name(semantics) != Some("storage-relational") {
        return;
    }
    let storage_system = semantics.remove("storageSystem").unwrap_or(Value::Null);
    let scope = semantics
        .remove("scope")
        .unwrap_or_else(|| Value::from("default"));
    let table = semantics.remove("table").unwrap_or(Value::Null);
    semantics.clear();
    semantics.insert("name".to_owned(), Value::from("storage"));
    semantics.insert("storageSystem".to_owned(), storage_system);
    semantics.insert("scope".to_owned(), scope);
    semantics.insert("container".to_owned(), table);
    semantics.insert("accessPath".to_owned(), Value::Null);
}

fn rename_to_opentelemetry(semantics: &mut Map<String, Value>) {
    let Some(name) = semantics_name(semantics).map(str::to_owned) else {
        return;
    };
    for (variant, field, old, new) in OTEL_RENAMES {
        if name == *variant
            && let Some(value) = semantics.get_mut(*field)
            && value.as_str() == Some(old)
        {
            *value = Value::from(*new);
        }
    }
}

/// Stamps `identity.id` from the summary's own fields when a v1 producer left it out.
fn backfill_identity_id(summary: &mut Map<String, Value>) {
    let location = summary.get("location").and_then(Value::as_object);
    let file = location
        .and_then(|l| l.get("file"))
        .and_then(Value::as_str)
        .map(str::to_owned);
    let workspace = location
        .and_then(|l| l.get("workspace"))
        .and_then(Value::as_str)
        .map(str::to_owned);
    let Some(identity) = summary.get_mut("identity").and_then(Value::as_object_mut) else {
        return;
    };
    if identity.get("id").is_some_and(Value::is_string) {
        return;
    }
    let (Some(file), Some(name)) = (file, identity.get("name").and_then(Value::as_str)) else {
        return;
    };
    let export_path: Option<Vec<String>> = identity
        .get("exportPath")
        .and_then(Value::as_array)
        .map(|parts| {
            parts
                .iter()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect()
        });
    let id = summary_id_from_parts(workspace.as_deref(), &file, name, export_path.as_deref());
    identity.insert("id".to_owned(), Value::from(id));
}
