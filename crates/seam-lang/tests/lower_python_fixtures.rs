//! Whole-model snapshots of realistic Python files under `tests/fixtures/python/`.
use std::path::Path;

fn lower_fixture(name: &str) -> serde_json::Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/python")
        .join(name);
    let source = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let model = seam_lang::lower::python::lower(&format!("fixtures/{name}"), &source)
        .unwrap_or_else(|e| panic!("lowering {name} failed: {e}"));
    assert!(model.diagnostics.is_empty(), "{:?}", model.diagnostics);
    serde_json::to_value(&model).unwrap_or_else(|e| panic!("cannot serialise: {e}"))
}

#[test]
fn service_fixture_model() {
    let value = lower_fixture("service.py");
    insta::assert_json_snapshot!("python_service", value);
}

#[test]
fn lowering_is_deterministic() {
    let a = serde_json::to_string(&lower_fixture("service.py")).unwrap_or_default();
    let b = serde_json::to_string(&lower_fixture("service.py")).unwrap_or_default();
    assert_eq!(a, b);
}
