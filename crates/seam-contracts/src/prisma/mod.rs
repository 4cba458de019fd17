//! Prisma schemas (one `schema.prisma`, or the files of a `prisma/schema/` folder read in
//! sorted order as one schema) into storage provider summaries, one per model and view.
//!
//! Each summary is a `library` (the provider side of a storage boundary) with
//! `confidence.source: derived`, and a binding `{transport: <storageSystem>, semantics:
//! storage {storageSystem, scope: "default", container: <table>, accessPath: null},
//! recognition: "prisma"}`. The container is the table: the `@@map` name when there is one,
//! else the model name. `storageSystem` is the datasource provider in OpenTelemetry's words
//! (`postgresql`, `mysql`, `sqlite`, `mongodb`, `microsoft.sql_server` for `sqlserver`,
//! `cockroachdb`); null, meeting any engine, when no datasource says.
//!
//! `metadata.storageContract` is what suss writes, in this order:
//! - `fields`: one entry per field the client exposes, in source order, named as the client
//!   names it (the Prisma name): `{name, type, nullable, primary?, unique?, column?}`, where
//!   `type` is the Prisma type (`String[]` for a list), `column` the `@map` name when the column
//!   is spelled differently. A relation field is not a column: it is listed with
//!   `derived: true`, and with `relationKey` (the `@relation(fields: […])` columns) on the side
//!   that holds the foreign key, because the client accepts it in `include`/`select`/nested
//!   writes. A model with a relation also gets a derived `_count`. `@ignore` fields are left out.
//!   `storeWritten: true` marks a timestamp the client or database keeps by itself
//!   (`@updatedAt`, `@default(now())`).
//! - `fieldSet: "exhaustive"`: the model declares every field the client can reach.
//! - `identifies: {kind: "keyFields", fields}`: `@id`, else `@@id`, else the first `@unique`
//!   or `@@unique`; absent when there is none (a view may have none).
//! - `indexes`: `@@id` and `@@unique` (unique) and `@@index` (not unique), in source order;
//!   a unique one with a `name:` keeps it (`name`), the name the client selects it by.
//! - `physicalTable`: the `@@map` name, when there is one.
//!
//! `metadata.prisma.model` keeps the model name, which is how client code names the table
//! (`prisma.user` for `model User`). `@@ignore` models are left out: the client has none.

pub mod syntax;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use indexmap::IndexMap;
use seam_ir::summary::{
    BehavioralSummary, BoundaryBinding, CodeUnitIdentity, CodeUnitKind, ConfidenceInfo,
    ConfidenceLevel, ConfidenceSource, LineRange, SchemaVersion, SourceLocation, summary_id,
};
use serde_json::{Map, Value, json};

use crate::error::ContractError;
use crate::openapi::document::read_text;
use syntax::{Block, BlockKind, Expr, Field};

const SCALARS: [&str; 9] = [
    "String", "Boolean", "Int", "BigInt", "Float", "Decimal", "DateTime", "Json", "Bytes",
];

/// One file of a schema: its label (project-relative, `/`-separated) and text.
#[derive(Debug, Clone)]
pub struct SchemaFile {
    pub label: String,
    pub text: String,
}

/// The datasource provider in OpenTelemetry's words; `None` for one this reader does not know.
pub fn storage_system(provider: &str) -> Option<&'static str> {
    match provider {
        "postgresql" | "postgres" => Some("postgresql"),
        "mysql" => Some("mysql"),
        "sqlite" => Some("sqlite"),
        "mongodb" => Some("mongodb"),
        "sqlserver" => Some("microsoft.sql_server"),
        "cockroachdb" => Some("cockroachdb"),
        _ => None,
    }
}

/// Reads one `schema.prisma` file.
pub fn read_prisma_file(path: &Path, label: &str) -> Result<Vec<BehavioralSummary>, ContractError> {
    let text = read_text(label, path)?;
    read_prisma_schema(&[SchemaFile {
        label: label.to_owned(),
        text,
    }])
}

/// The `.prisma` files under `dir` (recursively), as `(path, label)` sorted by label;
/// `label` is `dir`'s own label.
pub fn schema_folder_files(
    dir: &Path,
    label: &str,
) -> Result<Vec<(PathBuf, String)>, ContractError> {
    let mut out = Vec::new();
    let mut pending = vec![(dir.to_path_buf(), label.trim_end_matches('/').to_owned())];
    while let Some((current, current_label)) = pending.pop() {
        let entries = std::fs::read_dir(&current).map_err(|e| {
            ContractError::new(
                current_label.clone(),
                format!("The folder could not be read: {e}."),
            )
        })?;
        for entry in entries {
            let entry = entry.map_err(|e| {
                ContractError::new(
                    current_label.clone(),
                    format!("The folder could not be read: {e}."),
                )
            })?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let child_label = if current_label.is_empty() {
                name.clone()
            } else {
                format!("{current_label}/{name}")
            };
            let file_type = entry
                .file_type()
                .map_err(|e| ContractError::new(child_label.clone(), e.to_string()))?;
            if file_type.is_dir() {
                pending.push((entry.path(), child_label));
            } else if name.ends_with(".prisma") {
                out.push((entry.path(), child_label));
            }
        }
    }
    out.sort_by(|a, b| a.1.cmp(&b.1));
    Ok(out)
}

/// Reads a multi-file schema: every `.prisma` file under `dir`, combined in sorted order.
pub fn read_prisma_folder(
    dir: &Path,
    label: &str,
) -> Result<Vec<BehavioralSummary>, ContractError> {
    let mut files = Vec::new();
    for (path, file_label) in schema_folder_files(dir, label)? {
        let text = read_text(&file_label, &path)?;
        files.push(SchemaFile {
            label: file_label,
            text,
        });
    }
    if files.is_empty() {
        return Err(ContractError::new(
            label,
            "The folder holds no `.prisma` files.",
        ));
    }
    read_prisma_schema(&files)
}

/// Reads the files of one schema, in the order given.
pub fn read_prisma_schema(files: &[SchemaFile]) -> Result<Vec<BehavioralSummary>, ContractError> {
    let mut blocks: Vec<(&str, Block)> = Vec::new();
    for file in files {
        for block in syntax::parse(&file.label, &file.text)? {
            blocks.push((&file.label, block));
        }
    }

    let mut provider: Option<String> = None;
    let mut models: BTreeSet<&str> = BTreeSet::new();
    let mut enums: BTreeSet<&str> = BTreeSet::new();
    let mut types: BTreeSet<&str> = BTreeSet::new();
    let mut first_definition: BTreeMap<&str, (&str, u32)> = BTreeMap::new();
    for (file, block) in &blocks {
        match block.kind {
            BlockKind::Datasource => {
                if provider.is_none()
                    && let Some((_, Expr::Str(p))) =
                        block.assignments.iter().find(|(k, _)| k == "provider")
                {
                    provider = Some(p.clone());
                }
                continue;
            }
            BlockKind::Generator => continue,
            BlockKind::Model | BlockKind::View => models.insert(&block.name),
            BlockKind::Enum => enums.insert(&block.name),
            BlockKind::Type => types.insert(&block.name),
        };
        if let Some((other_file, other_line)) =
            first_definition.insert(&block.name, (file, block.start))
        {
            return Err(ContractError::at(
                *file,
                block.start,
                None,
                format!(
                    "`{}` is defined twice; the first is at {other_file}:{other_line}. Rename one of them.",
                    block.name
                ),
            ));
        }
    }
    let system = provider.as_deref().and_then(storage_system);

    let mut out = Vec::new();
    for (file, block) in &blocks {
        if !matches!(block.kind, BlockKind::Model | BlockKind::View)
            || block.attribute("ignore").is_some()
        {
            continue;
        }
        for field in &block.fields {
            let known = SCALARS.contains(&field.type_name.as_str())
                || field.type_name == "Unsupported"
                || enums.contains(field.type_name.as_str())
                || types.contains(field.type_name.as_str())
                || models.contains(field.type_name.as_str());
            if !known {
                return Err(ContractError::at(
                    *file,
                    field.line,
                    None,
                    format!(
                        "The field `{}.{}` has the type `{}`, which is not a Prisma scalar or a model, enum or type of this schema.",
                        block.name, field.name, field.type_name
                    ),
                ));
            }
        }
        out.push(model_summary(file, block, system, &models)?);
    }
    Ok(out)
}

fn string_arg(expr: Option<&Expr>) -> Option<String> {
    match expr {
        Some(Expr::Str(s)) => Some(s.clone()),
        _ => None,
    }
}

fn field_list(expr: Option<&Expr>) -> Vec<String> {
    match expr {
        Some(Expr::List(items)) => items
            .iter()
            .filter_map(Expr::field_name)
            .map(str::to_owned)
            .collect(),
        _ => Vec::new(),
    }
}

fn model_summary(
    file: &str,
    block: &Block,
    system: Option<&str>,
    models: &BTreeSet<&str>,
) -> Result<BehavioralSummary, ContractError> {
    let table = string_arg(block.attribute("map").and_then(|a| a.arg("name", true)));
    let container = table.clone().unwrap_or_else(|| block.name.clone());

    let mut fields: Vec<Value> = Vec::new();
    let mut has_relation = false;
    let mut primary: Option<Vec<String>> = None;
    let mut first_unique: Option<Vec<String>> = None;
    for field in block
        .fields
        .iter()
        .filter(|f| f.attribute("ignore").is_none())
    {
        let entry = field_entry(field, models);
        if models.contains(field.type_name.as_str()) {
            has_relation = true;
        }
        if field.attribute("id").is_some() && primary.is_none() {
            primary = Some(vec![field.name.clone()]);
        }
        if field.attribute("unique").is_some() && first_unique.is_none() {
            first_unique = Some(vec![field.name.clone()]);
        }
        fields.push(entry);
    }
    if has_relation {
        fields.push(json!({ "name": "_count", "derived": true }));
    }

    let mut indexes: Vec<Value> = Vec::new();
    for attribute in &block.attributes {
        let unique = match attribute.name.as_str() {
            "id" | "unique" => true,
            "index" => false,
            _ => continue,
        };
        let columns = field_list(attribute.arg("fields", true));
        if attribute.name == "id" && primary.is_none() {
            primary = Some(columns.clone());
        }
        if attribute.name == "unique" && first_unique.is_none() {
            first_unique = Some(columns.clone());
        }
        // A compound id or unique is how the generated client picks one row: its `name:`, or
        // its fields joined by `_` (`where: { teamID_userUid: { … } }`).
        match (unique, string_arg(attribute.arg("name", false))) {
            (true, Some(name)) => {
                indexes.push(json!({ "fields": columns, "unique": true, "name": name }))
            }
            _ => indexes.push(json!({ "fields": columns, "unique": unique })),
        }
    }

    let mut contract = Map::new();
    contract.insert("fields".into(), Value::Array(fields));
    contract.insert("fieldSet".into(), json!("exhaustive"));
    if let Some(key) = primary.or(first_unique) {
        contract.insert(
            "identifies".into(),
            json!({ "kind": "keyFields", "fields": key }),
        );
    }
    contract.insert("indexes".into(), Value::Array(indexes));
    if let Some(table) = &table {
        contract.insert("physicalTable".into(), json!(table));
    }
    let mut metadata = IndexMap::new();
    metadata.insert("storageContract".to_owned(), Value::Object(contract));
    let mut prisma = Map::new();
    prisma.insert("model".into(), json!(block.name));
    if block.kind == BlockKind::View {
        prisma.insert("view".into(), json!(true));
    }
    metadata.insert("prisma".to_owned(), Value::Object(prisma));

    let transport = system.unwrap_or("prisma");
    let binding = BoundaryBinding::storage(
        transport,
        system,
        "default",
        Some(&container),
        None,
        "prisma",
    )
    .map_err(|e| {
        ContractError::at(
            file,
            block.start,
            None,
            format!("The model cannot be bound: {e}"),
        )
    })?;

    Ok(BehavioralSummary {
        kind: CodeUnitKind::Library,
        location: SourceLocation {
            file: file.to_owned(),
            range: LineRange {
                start: block.start,
                end: block.end,
            },
            span: None,
            export_name: None,
            workspace: None,
            module: None,
        },
        identity: CodeUnitIdentity {
            name: block.name.clone(),
            name_kind: None,
            export_path: None,
            boundary_binding: Some(binding),
            deployable_unit: None,
            id: Some(summary_id(None, file, &block.name)),
        },
        inputs: Vec::new(),
        transitions: Vec::new(),
        gaps: Vec::new(),
        confidence: ConfidenceInfo {
            source: ConfidenceSource::Derived,
            level: ConfidenceLevel::High,
            corroboration: None,
        },
        definitions: None,
        input_reads: None,
        receiver_class: None,
        metadata: Some(metadata),
        schema_version: SchemaVersion,
    })
}

/// A timestamp the client or the database keeps without code naming it: `@updatedAt`, or
/// `@default(now())`. Written on every insert or update, it is bookkeeping, not an unused
/// column. A generated id (`@default(cuid())`) is not: nothing reading a row's identity says
/// the table is only ever written.
fn store_written(field: &Field) -> bool {
    field.attribute("updatedAt").is_some()
        || field
            .attribute("default")
            .and_then(|a| a.arg("value", true))
            .is_some_and(|value| matches!(value, Expr::Call { name, .. } if name == "now"))
}

fn field_entry(field: &Field, models: &BTreeSet<&str>) -> Value {
    let mut entry = Map::new();
    entry.insert("name".into(), json!(field.name));
    let type_name = if field.list {
        format!("{}[]", field.type_name)
    } else {
        field.type_name.clone()
    };
    entry.insert("type".into(), json!(type_name));
    entry.insert("nullable".into(), json!(field.optional));
    if models.contains(field.type_name.as_str()) {
        entry.insert("derived".into(), json!(true));
        let key = field_list(
            field
                .attribute("relation")
                .and_then(|a| a.arg("fields", false)),
        );
        if !key.is_empty() {
            entry.insert("relationKey".into(), json!(key));
        }
        return Value::Object(entry);
    }
    if field.attribute("id").is_some() {
        entry.insert("primary".into(), json!(true));
    }
    if field.attribute("unique").is_some() {
        entry.insert("unique".into(), json!(true));
    }
    if let Some(column) = string_arg(field.attribute("map").and_then(|a| a.arg("name", true))) {
        entry.insert("column".into(), json!(column));
    }
    if store_written(field) {
        entry.insert("storeWritten".into(), json!(true));
    }
    Value::Object(entry)
}
