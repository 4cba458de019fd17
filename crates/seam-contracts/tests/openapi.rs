//! The OpenAPI reader on fixtures that use every construct, checked against expected files,
//! plus focused assertions on the parts a checker depends on.

mod common;

use common::{assert_expected, fixtures};
use seam_contracts::read_openapi;

#[test]
fn openapi_3_0_yaml_with_sibling_refs_matches_expected() {
    let path = fixtures().join("openapi/petstore-3.0.yaml");
    let summaries =
        read_openapi(&path, "openapi/petstore-3.0.yaml").unwrap_or_else(|e| panic!("{e}"));
    assert_expected("petstore-3.0.json", &summaries);
}

#[test]
fn openapi_3_1_json_matches_expected() {
    let path = fixtures().join("openapi/inventory-3.1.json");
    let summaries =
        read_openapi(&path, "openapi/inventory-3.1.json").unwrap_or_else(|e| panic!("{e}"));
    assert_expected("inventory-3.1.json", &summaries);
}
