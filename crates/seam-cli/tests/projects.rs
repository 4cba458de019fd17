//! Independent projects of one repository stay apart: a client meets its own app's server
//! when its app serves the route as well as another app does, a store access its own app's
//! schema; a client whose app serves nothing fitting (here a catch-all proxy route) still
//! meets the server app beside it.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/projects")
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

/// `key provider <- consumer` for each pair.
fn pairs(report: &Value) -> Vec<String> {
    report["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            format!(
                "{} {} <- {}",
                p["key"].as_str().unwrap(),
                p["provider"].as_str().unwrap(),
                p["consumer"].as_str().unwrap()
            )
        })
        .collect()
}

/// `severity kind provider <- consumer` for each finding.
fn findings(report: &Value) -> Vec<String> {
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            format!(
                "{} {} {} <- {}",
                f["severity"].as_str().unwrap(),
                f["kind"].as_str().unwrap(),
                f["provider"]["summary"].as_str().unwrap(),
                f["consumer"]["summary"].as_str().unwrap()
            )
        })
        .collect()
}

#[test]
fn two_independent_apps_are_never_paired_with_each_other() {
    let (report, code) = check(&fixture("independent"));
    assert_eq!(
        pairs(&report),
        [
            "GET /api/items apps/alpha/src/server.ts::get <- apps/alpha/src/client.ts::loadItems",
            "GET /api/items apps/beta/src/server.ts::get <- apps/beta/src/client.ts::loadEntries",
            "postgresql:User apps/alpha/prisma/schema.prisma::User <- apps/alpha/src/server.ts::get",
            "postgresql:User apps/beta/prisma/schema.prisma::User <- apps/beta/src/server.ts::get",
        ]
    );
    // Across the apps, both clients would misread and beta's query would name a field
    // alpha's schema lacks.
    assert_eq!(findings(&report), Vec::<String>::new());
    assert_eq!(report["run"], serde_json::json!([]));
    assert_eq!(code, 0);
}

#[test]
fn a_client_app_meets_the_server_app_beside_it() {
    let (report, code) = check(&fixture("connected"));
    assert_eq!(
        pairs(&report),
        ["GET /api/items api/src/server.ts::get <- web/src/items.ts::loadItems"]
    );
    assert_eq!(
        findings(&report),
        ["error misreadProviderResponse api/src/server.ts::get <- web/src/items.ts::loadItems"]
    );
    assert_eq!(report["run"], serde_json::json!([]));
    assert_eq!(code, 1);
}

#[test]
fn a_shared_schema_serves_the_apps_that_depend_on_its_package() {
    let (report, code) = check(&fixture("shared-schema"));
    assert_eq!(
        pairs(&report),
        [
            "postgresql:Order packages/db/prisma/schema.prisma::Order <- apps/delta/src/orders.ts::bigOrders"
        ]
    );
    // gamma's query by `status` would be a boundaryFieldUnknown against a schema it cannot
    // reach.
    assert_eq!(findings(&report), Vec::<String>::new());
    assert_eq!(code, 0);
}

/// A TypeScript web app calling a Go (gin) server beside it: both calls the server serves are
/// paired across the languages, and the one it does not serve is reported.
#[test]
fn a_typescript_client_meets_a_go_server() {
    let (report, code) = check(&fixture("ts-go"));
    assert_eq!(
        pairs(&report),
        [
            "GET /api/notes/{id} server/main.go::getNote <- web/src/notes.ts::loadNote",
            "POST /api/notes server/main.go::createNote <- web/src/notes.ts::addNote",
        ]
    );
    assert_eq!(
        findings(&report),
        ["error restCallUnknownPath server/main.go::getNote <- web/src/notes.ts::deleteNote"]
    );
    assert_eq!(code, 1);
}
