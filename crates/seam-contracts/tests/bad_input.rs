//! Input that does not parse: each error names the file, the line and what was wrong.

mod common;

use common::fixtures;
use seam_contracts::{ContractFile, ContractKind, read_contract, read_contract_noting};

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

/// The notes of a document read with parts left out, and how many summaries it gave.
fn notes_of(name: &str) -> (usize, Vec<String>) {
    let file = ContractFile {
        label: format!("bad/{name}"),
        kind: ContractKind::OpenApi,
        path: fixtures().join("bad").join(name),
    };
    match read_contract_noting(&file, &fixtures().join("bad")) {
        Ok(read) => (
            read.summaries.len(),
            read.notes.iter().map(ToString::to_string).collect(),
        ),
        Err(e) => panic!("{name} was not read: {e}"),
    }
}

#[test]
fn a_bad_spot_leaves_out_its_response_or_operation_and_the_rest_is_read() {
    let (count, notes) = notes_of("bad-ref.yaml");
    // GET /a with its 404, and POST /b with its 204; GET /b is left out.
    assert_eq!(count, 2);
    assert_eq!(
        notes,
        [
            "bad/bad-ref.yaml:12: The $ref `#/components/schemas/Missing` points at `/components/schemas/Missing`, which this document does not have. The response `200` of GET /a is left out; the rest of the document is read.",
            "bad/bad-ref.yaml:18: The $ref `#/components/parameters/Gone` points at `/components/parameters/Gone`, which this document does not have. The operation GET /b is left out; the rest of the document is read.",
            "bad/bad-ref.yaml:24: The response key `OK` of POST /b is not a status code, a class such as `4XX`, or `default`; that response is left out, the rest of the document is read.",
        ]
    );
    let file = ContractFile {
        label: "bad/bad-ref.yaml".into(),
        kind: ContractKind::OpenApi,
        path: fixtures().join("bad/bad-ref.yaml"),
    };
    let summaries = read_contract(&file).unwrap_or_else(|e| panic!("{e}"));
    let statuses: Vec<Vec<&str>> = summaries
        .iter()
        .map(|s| {
            s.transitions
                .iter()
                .map(|t| t.id.split(':').nth(2).unwrap_or(""))
                .collect()
        })
        .collect();
    // `204 NO_CONTENT` starts with a status code: it is that status.
    assert_eq!(statuses, [vec!["404"], vec!["204 NO_CONTENT"]]);
    let codes: Vec<String> = summaries
        .iter()
        .flat_map(|s| &s.transitions)
        .map(|t| match &t.output {
            seam_ir::summary::Output::Response(r) => format!("{:?}", r.status_code),
            other => format!("{other:?}"),
        })
        .collect();
    assert!(codes[1].contains("204"), "{codes:?}");
}

#[test]
fn ref_into_a_missing_sibling_file_leaves_out_that_response() {
    let (count, notes) = notes_of("bad-sibling.yaml");
    assert_eq!(count, 1);
    assert_eq!(notes.len(), 1);
    assert!(
        notes[0].starts_with("bad/bad-sibling.yaml:10: The $ref `./nowhere.yaml#/X` points into `./nowhere.yaml`, which could not be opened ("),
        "{}",
        notes[0]
    );
    assert!(
        notes[0].ends_with(
            " The response `200` of GET /a is left out; the rest of the document is read."
        ),
        "{}",
        notes[0]
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
fn versions_not_read() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let read = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{e}"));
        let file = ContractFile {
            label: name.into(),
            kind: ContractKind::OpenApi,
            path,
        };
        read_contract(&file).err().map(|e| e.to_string())
    };
    assert_eq!(
        read("swagger.yaml", "swagger: \"1.2\"\npaths: {}\n").as_deref(),
        Some(
            "swagger.yaml:1: This document says `swagger: 1.2`; only Swagger 2.0 and OpenAPI 3.0 and 3.1 are read."
        )
    );
    assert_eq!(
        read("openapi.yaml", "info: {}\nopenapi: 4.0.0\npaths: {}\n").as_deref(),
        Some(
            "openapi.yaml:2: This document says `openapi: 4.0.0`; only OpenAPI 3.0 and 3.1 and Swagger 2.0 are read."
        )
    );
    assert_eq!(
        read("swagger.json", r#"{"swagger": "2.0", "paths": {}}"#),
        None
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
            "openapi.json:1: This is not an OpenAPI document: it has no `openapi: 3.x` or `swagger: \"2.0\"` field at the top."
        )
    );
    // A route's own piece of the document, merged into the whole at build time.
    let fragment = r#"{"tags": [{"name": "Users"}], "paths": {"/api/users": {"get": {"responses": {"200": {"description": "ok"}}}}}}"#;
    assert_eq!(read("users.openapi.json", fragment), Ok(Vec::new()));
}

#[test]
fn an_integer_beyond_64_bits_is_read_as_a_number() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("openapi.yaml");
    std::fs::write(
        &path,
        "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema:\n                type: integer\n                minimum: -9223372036854776000\n                maximum: 18446744073709551616\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let file = ContractFile {
        label: "openapi.yaml".into(),
        kind: ContractKind::OpenApi,
        path,
    };
    let summaries = read_contract(&file).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(summaries.len(), 1);
}
