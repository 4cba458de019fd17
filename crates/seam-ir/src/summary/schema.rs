//! The JSON Schema of a summary file (an array of version-7 summaries), generated from the types.
//!
//! The schema is closed where the types are typed: a value a newer producer wrote under an
//! unknown tag is kept by the reader but does not validate here, which says exactly that the
//! file holds something beyond version 7.

use crate::summary::types::BehavioralSummary;

/// The schema of a whole summary file, `$defs` included.
pub fn summary_json_schema() -> serde_json::Value {
    let generator = schemars::generate::SchemaSettings::draft2020_12().into_generator();
    let mut schema = generator.into_root_schema_for::<Vec<BehavioralSummary>>();
    schema.insert(
        "title".to_owned(),
        serde_json::Value::from("seam behavioural summary file (schemaVersion 7)"),
    );
    schema.to_value()
}
