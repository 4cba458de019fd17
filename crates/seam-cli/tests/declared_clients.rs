//! A client declared as an interface (an OpenFeign `@FeignClient`) is a consumer per method:
//! in one repository beside the Spring controller it calls, each method pairs with the route it
//! names, and the one method whose path the controller does not serve is reported.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/declared_clients")
        .join(name)
}

/// `seam check DIR --format json --all --no-suppressions`: the report and the exit code.
fn check(dir: &Path) -> (Value, i32) {
    let output = Command::new(env!("CARGO_BIN_EXE_seam"))
        .args(["check", "--format", "json", "--all", "--no-suppressions"])
        .arg(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("seam runs");
    let report = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "no JSON report ({e}): {}",
            String::from_utf8_lossy(&output.stderr)
        )
    });
    (report, output.status.code().unwrap_or(-1))
}

fn list(report: &Value, key: &str, line: impl Fn(&Value) -> String) -> Vec<String> {
    report[key]
        .as_array()
        .map(|a| a.iter().map(line).collect())
        .unwrap_or_default()
}

#[test]
fn a_feign_client_pairs_with_the_spring_controller_and_the_unserved_method_is_an_error() {
    let (report, code) = check(&fixture("feign-spring"));
    let pairs = list(&report, "pairs", |p| {
        format!(
            "{} {} <- {}",
            p["key"].as_str().unwrap_or(""),
            p["provider"].as_str().unwrap_or(""),
            p["consumer"].as_str().unwrap_or("")
        )
    });
    let server = "src/main/java/com/example/shop/ItemController.java";
    let client = "src/main/java/com/example/shop/ItemsClient.java";
    assert_eq!(
        pairs,
        [
            format!("GET /api/items {server}::list <- {client}::list"),
            format!("GET /api/items/{{id}} {server}::get <- {client}::get"),
            format!("POST /api/items {server}::create <- {client}::create"),
        ]
    );
    let findings = list(&report, "findings", |f| {
        format!(
            "{} {} {}",
            f["severity"].as_str().unwrap_or(""),
            f["kind"].as_str().unwrap_or(""),
            f["consumer"]["summary"].as_str().unwrap_or("")
        )
    });
    assert_eq!(
        findings,
        [format!("error restCallUnknownPath {client}::archive")]
    );
    assert_eq!(code, 1);
}
