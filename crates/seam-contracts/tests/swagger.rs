//! Swagger 2.0 documents read as contracts: the same API written in Swagger 2.0 and in
//! OpenAPI 3.0 gives the same summaries, apart from where things are in each file.

mod common;

use common::{assert_expected, fixtures};
use seam_contracts::{read_openapi, read_openapi_text};
use serde_json::Value;
use std::path::Path;

/// A summary as JSON without what names the file and the lines: `location` (of the summary
/// and of each transition) and `identity.id`.
fn meaning(summary: &seam_ir::summary::BehavioralSummary) -> Value {
    fn strip(value: &mut Value) {
        match value {
            Value::Object(map) => {
                map.remove("location");
                for child in map.values_mut() {
                    strip(child);
                }
            }
            Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let mut value = serde_json::to_value(summary).unwrap_or(Value::Null);
    strip(&mut value);
    if let Some(identity) = value.get_mut("identity").and_then(Value::as_object_mut) {
        identity.remove("id");
    }
    value
}

#[test]
fn swagger_2_and_openapi_3_of_one_api_give_the_same_summaries() {
    let swagger = read_openapi(
        &fixtures().join("swagger/pets-swagger-2.0.yaml"),
        "swagger/pets-swagger-2.0.yaml",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let openapi = read_openapi(
        &fixtures().join("swagger/pets-openapi-3.0.yaml"),
        "swagger/pets-openapi-3.0.yaml",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(swagger.len(), 4);
    let swagger: Vec<Value> = swagger.iter().map(meaning).collect();
    let openapi: Vec<Value> = openapi.iter().map(meaning).collect();
    for (s, o) in swagger.iter().zip(&openapi) {
        assert_eq!(
            s,
            o,
            "{}",
            serde_json::to_string_pretty(s).unwrap_or_default()
        );
    }
    assert_eq!(swagger.len(), openapi.len());
}

#[test]
fn swagger_2_matches_expected() {
    let summaries = read_openapi(
        &fixtures().join("swagger/pets-swagger-2.0.yaml"),
        "swagger/pets-swagger-2.0.yaml",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_expected("pets-swagger-2.0.json", &summaries);
}

/// `METHOD path` of every summary.
fn routes(text: &str) -> Vec<String> {
    read_openapi_text(Path::new("swagger.json"), "swagger.json", text)
        .unwrap_or_else(|e| panic!("{e}"))
        .iter()
        .map(
            |s| match s.identity.boundary_binding.as_ref().map(|b| &b.semantics) {
                Some(seam_ir::summary::Semantics::Rest(rest)) => format!(
                    "{} {}",
                    rest.method.as_deref().unwrap_or("*"),
                    rest.path.as_deref().unwrap_or("")
                ),
                other => panic!("not a REST binding: {other:?}"),
            },
        )
        .collect()
}

#[test]
fn base_path_goes_in_front_and_host_does_not() {
    let paths =
        r#""paths": {"/users/{id}": {"get": {"responses": {"200": {"description": "ok"}}}}}"#;
    assert_eq!(
        routes(&format!(
            r#"{{"swagger": "2.0", "host": "api.example.com", "schemes": ["https"], "basePath": "/api/v1", {paths}}}"#
        )),
        ["GET /api/v1/users/{id}"]
    );
    assert_eq!(
        routes(&format!(
            r#"{{"swagger": "2.0", "basePath": "/", {paths}}}"#
        )),
        ["GET /users/{id}"]
    );
    assert_eq!(
        routes(&format!(
            r#"{{"swagger": "2.0", "basePath": "v2/", {paths}}}"#
        )),
        ["GET /v2/users/{id}"]
    );
    assert_eq!(
        routes(&format!(r#"{{"swagger": "2.0", {paths}}}"#)),
        ["GET /users/{id}"]
    );
}
