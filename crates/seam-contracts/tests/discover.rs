//! Finding contracts in a repository tree.

use seam_contracts::{ContractKind, find_contracts, find_contracts_in, read_contract};

fn write(root: &std::path::Path, rel: &str, text: &str) {
    let path = root.join(rel);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("{e}"));
    }
    std::fs::write(path, text).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn finds_openapi_documents_and_prisma_schemas_and_skips_dependencies() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let root = dir.path();
    let spec = "openapi: 3.1.0\npaths:\n  /a:\n    get:\n      responses:\n        \"200\": {description: ok}\n";
    write(root, "api/openapi.yaml", spec);
    write(
        root,
        "api/billing.openapi.json",
        "{\"openapi\": \"3.0.0\", \"paths\": {}}",
    );
    write(
        root,
        "docs/public-api.yml",
        &format!("# the public API\n{spec}"),
    );
    write(
        root,
        "docs/other.json",
        "{\"info\": {\"openapi\": \"3.0.0\"}, \"name\": \"x\"}",
    );
    write(root, "config.yaml", "name: not a contract\n");
    write(root, "docs/v2-api.yaml", "swagger: '2.0'\npaths: {}\n");
    write(
        root,
        "docs/not-swagger.json",
        "{\"ui\": {\"swagger\": \"2.0\"}, \"name\": \"x\"}",
    );
    write(root, "node_modules/pkg/openapi.yaml", spec);
    write(root, "dist/openapi.yaml", spec);
    write(root, "db/schema.prisma", "model A {\n  id Int @id\n}\n");
    write(
        root,
        "svc/prisma/schema/a.prisma",
        "model A {\n  id Int @id\n}\n",
    );
    write(
        root,
        "svc/prisma/schema/models/b.prisma",
        "model B {\n  id Int @id\n}\n",
    );

    let found: Vec<(String, ContractKind)> = find_contracts(root)
        .into_iter()
        .map(|f| (f.label, f.kind))
        .collect();
    assert_eq!(
        found,
        vec![
            ("api/billing.openapi.json".to_owned(), ContractKind::OpenApi),
            ("api/openapi.yaml".to_owned(), ContractKind::OpenApi),
            ("db/schema.prisma".to_owned(), ContractKind::PrismaFile),
            ("docs/public-api.yml".to_owned(), ContractKind::OpenApi),
            ("docs/v2-api.yaml".to_owned(), ContractKind::OpenApi),
            ("svc/prisma/schema".to_owned(), ContractKind::PrismaFolder),
        ]
    );

    let folder = find_contracts(root)
        .into_iter()
        .find(|f| f.kind == ContractKind::PrismaFolder);
    let summaries = folder
        .map(|f| read_contract(&f))
        .transpose()
        .unwrap_or_else(|e| panic!("{e}"))
        .unwrap_or_default();
    let ids: Vec<Option<String>> = summaries.into_iter().map(|s| s.identity.id).collect();
    assert_eq!(
        ids,
        vec![
            Some("svc/prisma/schema/a.prisma::A".to_owned()),
            Some("svc/prisma/schema/models/b.prisma::B".to_owned())
        ]
    );
}

#[test]
fn a_loaded_projects_file_list_finds_the_same_contracts_without_a_second_walk() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let root = dir.path();
    let spec = "openapi: 3.0.3\npaths: {}\n";
    write(root, "api/openapi.yaml", spec);
    write(root, "docs/public-api.yml", spec);
    write(root, "docs/not-api.json", "{\"name\": \"x\"}");
    write(root, "node_modules/pkg/openapi.yaml", spec);
    write(root, "db/schema.prisma", "model A {\n  id Int @id\n}\n");
    write(root, "src/app.ts", "export const a = 1;\n");
    let project = seam_lang::project::load_project(root, &Default::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let labels = |found: Vec<seam_contracts::ContractFile>| -> Vec<(String, ContractKind)> {
        found.into_iter().map(|f| (f.label, f.kind)).collect()
    };
    let expected = vec![
        ("api/openapi.yaml".to_owned(), ContractKind::OpenApi),
        ("db/schema.prisma".to_owned(), ContractKind::PrismaFile),
        ("docs/public-api.yml".to_owned(), ContractKind::OpenApi),
    ];
    assert_eq!(labels(find_contracts(root)), expected);
    assert_eq!(labels(find_contracts_in(root, &project.files)), expected);
    // Only the listed files are looked at: the list is the walk.
    let without_docs: Vec<String> = project
        .files
        .iter()
        .filter(|f| !f.starts_with("docs/"))
        .cloned()
        .collect();
    assert_eq!(
        labels(find_contracts_in(root, &without_docs)),
        expected[..2].to_vec()
    );
}

#[test]
fn the_example_app_declares_its_routes_and_tables() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/shop");
    let found = find_contracts(&root);
    let labels: Vec<&str> = found.iter().map(|f| f.label.as_str()).collect();
    assert_eq!(
        labels,
        ["server/openapi.yaml", "server/prisma/schema.prisma"]
    );
    let mut bindings = Vec::new();
    for file in &found {
        for summary in read_contract(file).unwrap_or_else(|e| panic!("{e}")) {
            let semantics = summary.identity.boundary_binding.map(|b| b.semantics);
            bindings.push(match semantics {
                Some(seam_ir::summary::Semantics::Rest(rest)) => {
                    format!(
                        "{} {}",
                        rest.method.unwrap_or_default(),
                        rest.path.unwrap_or_default()
                    )
                }
                Some(seam_ir::summary::Semantics::Storage(storage)) => format!(
                    "{}:{}",
                    storage.storage_system.unwrap_or_default(),
                    storage.container.unwrap_or_default()
                ),
                _ => String::new(),
            });
        }
    }
    assert_eq!(
        bindings,
        [
            "POST /api/users",
            "GET /api/users/{id}",
            "GET /api/orders",
            "POST /api/orders",
            "GET /api/orders/{id}",
            "PATCH /api/orders/{id}",
            "POST /api/orders/{id}/cancel",
            "GET /health",
            "postgresql:users",
            "postgresql:orders",
        ]
    );
}

#[test]
fn a_document_written_as_json_and_as_yaml_is_read_once() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let root = dir.path();
    let json = r#"{"swagger": "2.0", "basePath": "/api", "paths": {"/a": {"get": {"responses": {"200": {"description": "ok"}}}}}}"#;
    let yaml = "swagger: '2.0'\nbasePath: /api\npaths:\n  /a:\n    get:\n      responses:\n        '200': {description: ok}\n";
    write(root, "docs/swagger.json", json);
    write(root, "docs/swagger.yaml", yaml);
    // A copy under another name (found by its `swagger: 2.0`: it may be another version of
    // the API), and a document of the same name with other operations, read.
    write(root, "other/spec.json", json);
    write(root, "other/swagger.yml", &yaml.replace("/a:", "/b:"));
    let files: Vec<String> = [
        "docs/swagger.json",
        "docs/swagger.yaml",
        "other/spec.json",
        "other/swagger.yml",
    ]
    .map(String::from)
    .to_vec();
    let mut reads: Vec<_> = find_contracts_in(root, &files)
        .into_iter()
        .map(|file| {
            let read =
                seam_contracts::read_contract_noting(&file, root).unwrap_or_else(|e| panic!("{e}"));
            (file, read)
        })
        .collect();
    seam_contracts::drop_twins(&mut reads);
    let labels: Vec<&str> = reads.iter().map(|(f, _)| f.label.as_str()).collect();
    assert_eq!(
        labels,
        ["docs/swagger.json", "other/spec.json", "other/swagger.yml"]
    );
    // The same in memory (a git revision).
    let contents: std::collections::BTreeMap<String, Vec<u8>> = files
        .iter()
        .map(|f| (f.clone(), std::fs::read(root.join(f)).unwrap_or_default()))
        .collect();
    let borrowed = contents
        .iter()
        .map(|(k, v)| (k.clone(), v.as_slice()))
        .collect();
    let read = seam_contracts::read_contracts_in_memory(root, &borrowed);
    let ids: Vec<String> = read
        .iter()
        .flat_map(|r| r.as_ref().map(|r| r.summaries.clone()).unwrap_or_default())
        .filter_map(|s| s.identity.id)
        .collect();
    assert_eq!(
        ids,
        [
            "docs/swagger.json::GET /api/a",
            "other/spec.json::GET /api/a",
            "other/swagger.yml::GET /api/b"
        ]
    );
}
