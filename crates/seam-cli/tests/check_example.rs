//! The README's main job: `seam check examples/shop` reports exactly the deliberate
//! disagreements the example's README lists (one finding per row, the intent documents'
//! included), and nothing else.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

/// `kind severity consumer provider boundary` for each finding, in report order.
fn finding_rows(report: &Value) -> Vec<String> {
    let Some(findings) = report["findings"].as_array() else {
        panic!("the report has no findings array: {report}");
    };
    findings
        .iter()
        .map(|f| {
            let semantics = &f["boundary"]["semantics"];
            let boundary = match semantics["name"].as_str() {
                Some("rest") => format!(
                    "{} {}",
                    semantics["method"].as_str().unwrap_or("?"),
                    semantics["path"].as_str().unwrap_or("?")
                ),
                Some("storage") => format!(
                    "{}:{}",
                    semantics["storageSystem"].as_str().unwrap_or("?"),
                    semantics["container"].as_str().unwrap_or("?")
                ),
                other => format!("{other:?}"),
            };
            format!(
                "{} {} {} {} {}",
                f["kind"].as_str().unwrap_or("?"),
                f["severity"].as_str().unwrap_or("?"),
                f["consumer"]["summary"].as_str().unwrap_or("?"),
                f["provider"]["summary"].as_str().unwrap_or("?"),
                boundary
            )
        })
        .collect()
}

#[test]
fn shop_reports_exactly_the_readme_table() {
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/shop");
    let output = match Command::new(env!("CARGO_BIN_EXE_seam"))
        .args(["check", "--format", "json", "--all", "--no-suppressions"])
        .arg(&example)
        .env("NO_COLOR", "1")
        .output()
    {
        Ok(o) => o,
        Err(e) => panic!("seam did not run: {e}"),
    };
    let stdout = String::from_utf8_lossy(&output.stdout);
    let report: Value = match serde_json::from_str(&stdout) {
        Ok(v) => v,
        Err(e) => panic!(
            "seam check did not print JSON ({e}): {stdout}\n{}",
            String::from_utf8_lossy(&output.stderr)
        ),
    };
    assert_eq!(
        finding_rows(&report),
        [
            // getUser reads body.displayName; the server sends id, name, email.
            "misreadProviderResponse error web/src/api/users.ts::getUser server/src/routes/users.ts::get GET /api/users/:id",
            // openapi.yaml createUser declares 201 and 400; the handler also sends 409.
            "providerContractViolation error server/openapi.yaml::createUser server/src/routes/users.ts::post POST /api/users",
            // deleteOrder calls DELETE /api/orders/{id}, which no route serves.
            "restCallUnknownPath error web/src/api/orders.ts::deleteOrder server/src/routes/orders.ts::get DELETE /api/orders/{id}",
            // intent/cancel-order.intent.yaml declares 409 for a shipped order; the route has no such path.
            "uncoveredOutcome error server/src/routes/orders.ts::post intent/cancel-order.intent.yaml::cancel-order POST /api/orders/:id/cancel",
            // schema.prisma declares users.phone; no code reads or writes it.
            "boundaryFieldUnused warning server/prisma/schema.prisma::User server/prisma/schema.prisma::User postgresql:users",
            // placeOrder handles 400, which POST /api/orders never sends.
            "deadConsumerBranch warning web/src/api/orders.ts::placeOrder server/src/routes/orders.ts::post POST /api/orders",
            // cancelOrder handles no error status; the route answers 404 for an unknown order.
            "unhandledProviderCase warning web/src/api/orders.ts::cancelOrder server/src/routes/orders.ts::post POST /api/orders/:id/cancel",
        ]
    );
    assert_eq!(report["run"], serde_json::json!([]), "no run findings");
    assert_eq!(
        report["skipped"],
        serde_json::json!([]),
        "nothing unreadable"
    );
    assert_eq!(
        output.status.code(),
        Some(1),
        "errors trip the default gate"
    );
}
