//! Input that does not parse: each error names the file, the line and what was wrong.

mod common;

use common::fixtures;
use seam_contracts::{ContractFile, ContractKind, read_contract};

fn error_of(kind: ContractKind, name: &str) -> String {
    let file = ContractFile {
        label: format!("bad/{name}"),
        kind,
        path: fixtures().join("bad").join(name),
    };
    match read_contract(&file) {
        Ok(summaries) => panic!("{name} was read into {} summaries", summaries.len()),
        Err(e) => e.to_string(),
    }
}

#[test]
fn yaml_syntax_error() {
    assert_eq!(
        error_of(ContractKind::OpenApi, "bad-indent.yaml"),
        "bad/bad-indent.yaml:6:4: The YAML does not parse: did not find expected key."
    );
}

#[test]
fn json_syntax_error() {
    assert_eq!(
        error_of(ContractKind::OpenApi, "bad-comma.json"),
        "bad/bad-comma.json:4:61: The JSON does not parse: trailing comma."
    );
}

#[test]
fn ref_to_a_missing_schema() {
    assert_eq!(
        error_of(ContractKind::OpenApi, "bad-ref.yaml"),
        "bad/bad-ref.yaml:12: The $ref `#/components/schemas/Missing` points at `/components/schemas/Missing`, which this document does not have."
    );
}

#[test]
fn ref_into_a_missing_sibling_file() {
    let message = error_of(ContractKind::OpenApi, "bad-sibling.yaml");
    assert!(
        message.starts_with("bad/bad-sibling.yaml:10: The $ref `./nowhere.yaml#/X` points into `./nowhere.yaml`, which could not be opened ("),
        "{message}"
    );
}

#[test]
fn prisma_syntax_error() {
    assert_eq!(
        error_of(ContractKind::PrismaFile, "bad.prisma"),
        "bad/bad.prisma:9:1: Expected `)` to close the arguments, found `}`."
    );
}

#[test]
fn prisma_unknown_field_type() {
    assert_eq!(
        error_of(ContractKind::PrismaFile, "unknown-type.prisma"),
        "bad/unknown-type.prisma:3: The field `User.kind` has the type `Kind`, which is not a Prisma scalar or a model, enum or type of this schema."
    );
}

#[test]
fn not_an_openapi_document() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("swagger.yaml");
    std::fs::write(&path, "swagger: \"2.0\"\npaths: {}\n").unwrap_or_else(|e| panic!("{e}"));
    let file = ContractFile {
        label: "swagger.yaml".into(),
        kind: ContractKind::OpenApi,
        path,
    };
    assert_eq!(
        read_contract(&file).err().map(|e| e.to_string()).as_deref(),
        Some(
            "swagger.yaml:1: This is a Swagger 2.0 document; only OpenAPI 3.0 and 3.1 are read. Convert it to OpenAPI 3 first."
        )
    );
}

#[test]
fn a_document_with_info_but_no_openapi_field_is_refused_and_a_fragment_is_no_contract() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let read = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{e}"));
        let file = ContractFile {
            label: name.into(),
            kind: ContractKind::OpenApi,
            path,
        };
        read_contract(&file).map_err(|e| e.to_string())
    };
    assert_eq!(
        read(
            "openapi.json",
            r#"{"info": {"title": "t", "version": "1"}, "paths": {}}"#
        )
        .err()
        .as_deref(),
        Some(
            "openapi.json:1: This is not an OpenAPI document: it has no `openapi: 3.x` field at the top."
        )
    );
    // A route's own piece of the document, merged into the whole at build time.
    let fragment = r#"{"tags": [{"name": "Users"}], "paths": {"/api/users": {"get": {"responses": {"200": {"description": "ok"}}}}}}"#;
    assert_eq!(read("users.openapi.json", fragment), Ok(Vec::new()));
}
