//! Whole-model snapshots of small realistic files (NestJS controller, CommonJS Lambda
//! handler, React component in `.js`). The targeted facts are asserted in `lower_js.rs`;
//! these catch any other change to what the lowering produces.
use seam_lang::lower::js;
use seam_lang::model::{Language, Model};

fn lower_fixture(name: &str) -> Model {
    let path = format!("{}/tests/fixtures/js/{name}", env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(&path).expect("the fixture exists");
    let language = Language::from_path(name).expect("a JS/TS fixture");
    js::lower(name, language, &source).expect("the fixture lowers")
}

#[test]
fn nest_controller() {
    let m = lower_fixture("users.controller.ts");
    assert!(m.diagnostics.is_empty());
    insta::assert_json_snapshot!(serde_json::to_value(&m).expect("serialises"));
}

#[test]
fn commonjs_lambda_handler() {
    let m = lower_fixture("handler.js");
    assert!(m.diagnostics.is_empty());
    insta::assert_json_snapshot!(serde_json::to_value(&m).expect("serialises"));
}

#[test]
fn react_component_in_js() {
    let m = lower_fixture("App.js");
    assert!(m.diagnostics.is_empty());
    insta::assert_json_snapshot!(serde_json::to_value(&m).expect("serialises"));
}

#[test]
fn lowering_is_deterministic() {
    for name in ["users.controller.ts", "handler.js", "App.js"] {
        let a = serde_json::to_string(&lower_fixture(name)).expect("serialises");
        let b = serde_json::to_string(&lower_fixture(name)).expect("serialises");
        assert_eq!(a, b, "{name}");
    }
}
