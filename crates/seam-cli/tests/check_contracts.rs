//! `seam check DIR` with the contracts of the repository: OpenAPI documents against the handlers
//! serving them, Prisma schemas against the code that reads and writes the tables, and contracts
//! that do not parse listed as unreadable input while the check goes on.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn fixture(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

/// Runs `seam check DIR --format json --all` and returns the report and the exit code.
fn check(dir: &Path) -> (Value, i32) {
    let output = match Command::new(env!("CARGO_BIN_EXE_seam"))
        .args(["check", "--format", "json", "--all", "--no-suppressions"])
        .arg(dir)
        .env("NO_COLOR", "1")
        .output()
    {
        Ok(o) => o,
        Err(e) => panic!("seam did not run: {e}"),
    };
    let stdout = String::from_utf8_lossy(&output.stdout);
    match serde_json::from_str(&stdout) {
        Ok(v) => (v, output.status.code().unwrap_or(-1)),
        Err(e) => panic!(
            "seam check did not print JSON ({e}): {stdout}\n{}",
            String::from_utf8_lossy(&output.stderr)
        ),
    }
}

fn side(f: &Value, which: &str) -> String {
    let s = &f[which];
    match s["transitionId"].as_str() {
        Some(t) => format!("{} [{t}]", s["summary"].as_str().unwrap_or("?")),
        None => s["summary"].as_str().unwrap_or("?").to_owned(),
    }
}

/// `severity kind aspect provider -> consumer: description` for each finding.
fn lines(report: &Value) -> Vec<String> {
    report["findings"]
        .as_array()
        .map(|fs| {
            fs.iter()
                .map(|f| {
                    format!(
                        "{} {} {} {} -> {}: {}",
                        f["severity"].as_str().unwrap_or("?"),
                        f["kind"].as_str().unwrap_or("?"),
                        f["aspect"].as_str().unwrap_or("-"),
                        side(f, "provider"),
                        side(f, "consumer"),
                        f["description"].as_str().unwrap_or("?")
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

fn run_kinds(report: &Value) -> Vec<String> {
    report["run"]
        .as_array()
        .map(|r| {
            r.iter()
                .filter_map(|f| f["kind"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn openapi_and_handlers_that_agree_are_silent() {
    let (report, code) = check(&fixture("tests/fixtures/contracts/openapi-agrees"));
    assert_eq!(lines(&report), Vec::<String>::new());
    assert_eq!(run_kinds(&report), Vec::<String>::new());
    // The handler and its operation were compared: two boundaries, nothing left unmatched.
    assert_eq!(
        report["pairs"],
        serde_json::json!([
            {"key": "GET /api/pets/{id}", "provider": "src/app.ts::get", "consumer": "openapi.yaml::getPet"},
            {"key": "POST /api/pets", "provider": "src/app.ts::post", "consumer": "openapi.yaml::createPet"},
        ])
    );
    assert_eq!(report["unmatched"]["providers"], serde_json::json!([]));
    assert_eq!(code, 0);
}

#[test]
fn openapi_and_handlers_that_disagree_in_each_way() {
    let (report, code) = check(&fixture("tests/fixtures/contracts/openapi-disagrees"));
    assert_eq!(
        lines(&report),
        [
            "error providerContractViolation - src/app.ts::get [get:response:200:4f6f5f7] -> openapi.yaml::getPet: Handler transition get:response:200:4f6f5f7 returns a body shape incompatible with the declared schema for status 200 in openapi.yaml: it leaves out required \"name\"",
            "error providerContractViolation - src/app.ts::get [get:response:400:5a89e35] -> openapi.yaml::getPet: Handler transition get:response:400:5a89e35 returns a body shape incompatible with the declared schema for status 400 in openapi.yaml: it leaves out required \"error\", and it sends undeclared \"message\"",
            "error providerContractViolation - src/app.ts::get [get:response:404:9248400] -> openapi.yaml::getPet: Handler produces status 404 which is not declared in the contract (openapi.yaml), so clients written against the contract do not expect it",
            "error providerContractViolation - src/app.ts::post -> openapi.yaml::createPet: Declared response 409 in openapi.yaml is never produced by the handler, so a client branch written for it never runs",
            "warning contractOperationUnimplemented - openapi.yaml::deletePet -> openapi.yaml::deletePet: openapi.yaml declares DELETE /api/pets/{id} (deletePet), but no handler in the repository serves it, so a client written against the document gets a 404 or 405",
            "warning undocumentedHandler - src/app.ts::get -> src/app.ts::get: The handler serves GET /api/health, which openapi.yaml does not describe, so clients written against the document do not know it exists",
        ]
    );
    assert_eq!(run_kinds(&report), Vec::<String>::new());
    // The undeclared 404 is one finding that names both paths sending it.
    let undeclared: Vec<&Value> = report["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|f| {
            f["description"]
                .as_str()
                .is_some_and(|d| d.starts_with("Handler produces status 404"))
        })
        .collect();
    assert_eq!(undeclared.len(), 1);
    assert_eq!(
        undeclared[0]["provider"]["transitionIds"]
            .as_array()
            .map(Vec::len),
        Some(2)
    );
    assert_eq!(code, 1);
}

/// A document whose every operation is under `/api` describes that part of the site: a route
/// there that it leaves out is reported, the application's pages outside it (`/`, `/login`)
/// are not.
#[test]
fn pages_outside_the_documented_api_are_not_undocumented() {
    let (report, code) = check(&fixture("tests/fixtures/contracts/openapi-api-part"));
    assert_eq!(
        lines(&report),
        [
            "warning undocumentedHandler - src/app.ts::get -> src/app.ts::get: The handler serves GET /api/health, which openapi.yaml does not describe, so clients written against the document do not know it exists",
        ]
    );
    assert_eq!(code, 0);
}

/// A document at the repository's root that none of the handlers serve (the specification of a
/// service the server calls, implemented by third-party providers) describes another API: its
/// operations are not reported as unimplemented, nor the handlers as left out of it. The
/// server's own document beside the handlers still is compared with them, and the call to the
/// provider pairs with the operation it makes.
#[test]
fn a_document_of_an_api_the_server_calls_is_not_the_servers() {
    let (report, code) = check(&fixture("tests/fixtures/contracts/openapi-called-api"));
    assert_eq!(
        lines(&report),
        [
            "warning undocumentedHandler - server/app.ts::get -> server/app.ts::get: The handler serves GET /api/health, which server/openapi.yaml does not describe, so clients written against the document do not know it exists",
        ]
    );
    let pairs: Vec<String> = report["pairs"]
        .as_array()
        .map(|p| {
            p.iter()
                .map(|p| format!("{} {} {}", p["key"], p["provider"], p["consumer"]))
                .collect()
        })
        .unwrap_or_default();
    assert!(
        pairs.contains(
            &r#""GET /search" "provider-specification.yaml::search" "server/provider.ts::searchProvider""#
                .to_owned()
        ),
        "{pairs:?}"
    );
    assert_eq!(code, 0);
}

/// 401 and 403 declared by an operation that requires authentication (the document's
/// `security`) are answered by whatever enforces it, not the handler: not reported as never
/// sent. A public operation (`security: []`) declaring a 401 its handler never sends is. An
/// operation declaring no response at all (`responses: {}`) is not compared with its handler.
#[test]
fn statuses_of_a_secured_operation_are_the_security_schemes() {
    let (report, code) = check(&fixture("tests/fixtures/contracts/openapi-secured"));
    assert_eq!(
        lines(&report),
        [
            "error providerContractViolation - src/app.ts::get -> openapi.yaml::getStatus: Declared response 401 in openapi.yaml is never produced by the handler, so a client branch written for it never runs",
        ]
    );
    assert_eq!(code, 1);
}

/// A declared status a Django REST framework handler may answer in a way seam does not read as
/// one of its responses is not reported as never produced: a way out whose value is unread
/// (`return super().create(…)`, a response built in steps), `serializer.is_valid(
/// raise_exception=True)` (400), an exception class carrying 401 raised in a function the
/// handler calls. A declared status nothing in the handler can send still is (409).
#[test]
fn statuses_a_drf_handler_answers_unread_are_not_called_never_produced() {
    let (report, code) = check(&fixture("tests/fixtures/contracts/openapi-drf"));
    assert_eq!(
        lines(&report),
        [
            "error providerContractViolation - pets/views.py::post -> openapi.yaml::adopt: Declared response 409 in openapi.yaml is never produced by the handler, so a client branch written for it never runs",
        ]
    );
    // Every operation was compared with its handler.
    assert_eq!(report["pairs"].as_array().map(Vec::len), Some(4));
    assert_eq!(code, 1);
}

/// A document generated from a router mounted at `/api/v1` lists `/pets/{petId}`: read as
/// mounted there, it meets the handler it describes and the undeclared 404 is found.
#[test]
fn a_document_without_servers_is_read_under_the_mount_its_routes_show() {
    let (report, code) = check(&fixture("tests/fixtures/contracts/openapi-mounted"));
    assert_eq!(
        lines(&report),
        [
            "error providerContractViolation - src/app.ts::get [get:response:404:98ecae8] -> docs/openapi.yaml::getPet: Handler produces status 404 which is not declared in the contract (docs/openapi.yaml), so clients written against the contract do not expect it",
        ]
    );
    assert_eq!(
        report["findings"][0]["boundary"]["semantics"]["path"],
        "/api/v1/pets/:id"
    );
    assert_eq!(code, 1);
}

#[test]
fn unreadable_contracts_are_listed_and_the_check_goes_on() {
    let (report, code) = check(&fixture("tests/fixtures/contracts/unreadable"));
    assert_eq!(
        report["skipped"],
        serde_json::json!([
            {"file": "openapi.yaml", "reason": "line 9, column 1: The YAML does not parse: did not find expected ',' or '}'."},
            {"file": "prisma/schema.prisma", "reason": "line 9, column 1: Expected `}` to close `Pet`, found the end of the file."},
        ])
    );
    // Handlers and no client: nothing could have paired, so only the unread input is reported.
    assert_eq!(run_kinds(&report), ["unreadableInput"]);
    // The handlers were still read: they are listed, unmatched.
    let providers: Vec<&str> = report["unmatched"]["providers"]
        .as_array()
        .map(|p| p.iter().filter_map(|e| e["key"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(providers, ["GET /api/pets/{id}", "POST /api/pets"]);
    // An unread input is a warning: the default gate (`--fail-on error`) passes.
    assert_eq!(code, 0);
}

fn prisma(variant: &str) -> (Vec<String>, i32) {
    let (report, code) = check(&fixture(&format!(
        "../seam-packs/packs/prisma/fixtures/prisma-{variant}"
    )));
    assert_eq!(run_kinds(&report), Vec::<String>::new(), "{variant}");
    (lines(&report), code)
}

#[test]
fn prisma_client_calls_that_agree_with_the_schema_are_silent() {
    // unread-data: a column written only by data seam cannot read in full is not unused.
    for variant in ["single-agrees", "multi-agrees", "unread-data"] {
        assert_eq!(prisma(variant), (Vec::new(), 0), "{variant}");
    }
}

#[test]
fn prisma_misspelt_fields_and_an_unused_column() {
    for (variant, schema) in [
        ("single-disagrees", "prisma/schema.prisma"),
        ("multi-disagrees", "prisma/schema/user.prisma"),
    ] {
        let (found, code) = prisma(variant);
        assert_eq!(
            found,
            [
                format!(
                    "error boundaryFieldUnknown selector {schema}::User -> src/users.ts::activeUsers [activeUsers:return:none:da39a3e]: activeUsers picks rows of User (postgresql) by \"deltedAt\", but {schema} declares no field deltedAt on it, so the store rejects the query at run time"
                ),
                format!(
                    "error boundaryFieldUnknown read {schema}::User -> src/users.ts::register [register:return:none:da39a3e]: register reads \"emial\" from User (postgresql), but {schema} declares no field emial on it, so the store rejects the query at run time"
                ),
                format!(
                    "error boundaryFieldUnknown write {schema}::User -> src/users.ts::rename [rename:return:none:da39a3e]: rename writes \"nmae\" to User (postgresql), but {schema} declares no field nmae on it, so the store rejects the query at run time"
                ),
                format!(
                    "warning boundaryFieldUnused - {schema}::User -> {schema}::User: {schema} declares deletedAt on User (table users), but no code in the run reads, writes or selects by it"
                ),
            ],
            "{variant}"
        );
        assert_eq!(code, 1, "{variant}");
    }
}

#[test]
fn new_kinds_explain_themselves() {
    for kind in [
        "boundaryFieldUnknown",
        "boundaryFieldUnused",
        "contractOperationUnimplemented",
        "undocumentedHandler",
    ] {
        let output = match Command::new(env!("CARGO_BIN_EXE_seam"))
            .args(["check", "--explain", kind])
            .output()
        {
            Ok(o) => o,
            Err(e) => panic!("seam did not run: {e}"),
        };
        let text = String::from_utf8_lossy(&output.stdout);
        assert_eq!(output.status.code(), Some(0), "{kind}");
        assert!(text.starts_with(&format!("# {kind} (")), "{kind}: {text}");
        assert!(text.contains("## How to fix or suppress"), "{kind}");
    }
}

#[test]
fn storage_findings_take_suppression_rules_by_storage_boundary() {
    let output = match Command::new(env!("CARGO_BIN_EXE_seam"))
        .args(["check", "--format", "json", "--all", "--suppressions"])
        .arg(fixture("tests/fixtures/contracts/prisma-suppressions.yml"))
        .arg(fixture(
            "../seam-packs/packs/prisma/fixtures/prisma-single-disagrees",
        ))
        .output()
    {
        Ok(o) => o,
        Err(e) => panic!("seam did not run: {e}"),
    };
    let report: Value = match serde_json::from_slice(&output.stdout) {
        Ok(v) => v,
        Err(e) => panic!(
            "not JSON ({e}): {}",
            String::from_utf8_lossy(&output.stderr)
        ),
    };
    let kept: Vec<String> = report["findings"]
        .as_array()
        .map(|fs| {
            fs.iter()
                .map(|f| {
                    format!(
                        "{} {} {}",
                        f["severity"].as_str().unwrap_or("?"),
                        f["kind"].as_str().unwrap_or("?"),
                        f["consumer"]["summary"].as_str().unwrap_or("?")
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(
        kept,
        [
            "error boundaryFieldUnknown src/users.ts::activeUsers",
            "error boundaryFieldUnknown src/users.ts::register",
            "warning boundaryFieldUnknown src/users.ts::rename",
        ]
    );
    assert_eq!(output.status.code(), Some(1));
}
