//! Boundaries paired across languages in one run: an Angular service (TypeScript) calling a
//! Spring controller (Java), with one deliberate mismatch (a DELETE no controller serves), and
//! fetch calls (TypeScript) to a Spring controller written in Kotlin (a POST nobody serves).

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/cross_language")
        .join(name)
}

/// `seam check DIR --format json --all --no-suppressions`: the report and the exit code.
fn check(dir: &Path) -> (Value, i32) {
    let output = Command::new(env!("CARGO_BIN_EXE_seam"))
        .args(["check", "--format", "json", "--all", "--no-suppressions"])
        .arg(dir)
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

/// The report's pairs, one line each: `KEY provider <- consumer`.
fn pairs(report: &Value) -> Vec<String> {
    list(report, "pairs", |p| {
        format!(
            "{} {} <- {}",
            p["key"].as_str().unwrap_or(""),
            p["provider"].as_str().unwrap_or(""),
            p["consumer"].as_str().unwrap_or("")
        )
    })
}

/// The report's findings, one line each: `severity kind consumer`.
fn findings(report: &Value) -> Vec<String> {
    list(report, "findings", |f| {
        format!(
            "{} {} {}",
            f["severity"].as_str().unwrap_or(""),
            f["kind"].as_str().unwrap_or(""),
            f["consumer"]["summary"].as_str().unwrap_or("")
        )
    })
}

#[test]
fn an_angular_service_pairs_with_a_spring_controller_and_the_unserved_call_is_an_error() {
    let (report, code) = check(&fixture("angular-spring"));
    let pairs = pairs(&report);
    let server = "server/src/main/java/com/example/users/UserController.java";
    let web = "web/src/app/users.service.ts";
    assert_eq!(
        pairs,
        [
            format!("GET /api/users {server}::list <- {web}::list"),
            format!("GET /api/users/{{id}} {server}::get <- {web}::get"),
            format!("POST /api/users {server}::create <- {web}::create"),
        ]
    );
    let findings = findings(&report);
    assert_eq!(
        findings,
        [format!("error restCallUnknownPath {web}::removeAvatar")]
    );
    assert_eq!(code, 1);
}

#[test]
fn a_fetch_client_pairs_with_a_kotlin_spring_controller_and_the_unserved_call_is_an_error() {
    let (report, code) = check(&fixture("fetch-kotlin"));
    let pairs = pairs(&report);
    let server = "server/src/main/kotlin/com/example/notes/NoteController.kt";
    let web = "web/src/notes.ts";
    assert_eq!(
        pairs,
        [
            format!("GET /api/notes/{{id}} {server}::get <- {web}::getNote"),
            format!("POST /api/notes {server}::create <- {web}::createNote"),
        ]
    );
    let findings = findings(&report);
    assert_eq!(
        findings,
        [format!("error restCallUnknownPath {web}::archiveNote")]
    );
    assert_eq!(code, 1);
}

/// A client declared as an interface (an OpenFeign `@FeignClient`) is a consumer per method: in
/// one repository beside the Spring controller it calls, each method pairs with the route it
/// names, and the one method whose path the controller does not serve is reported.
#[test]
fn a_feign_client_pairs_with_the_spring_controller_and_the_unserved_method_is_an_error() {
    let (report, code) = check(&fixture("feign-spring"));
    let pairs = pairs(&report);
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
    let findings = findings(&report);
    assert_eq!(
        findings,
        [format!("error restCallUnknownPath {client}::archive")]
    );
    assert_eq!(code, 1);
}
