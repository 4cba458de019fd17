//! Pairing across languages, and what stays unpaired.

mod common;

use common::fixture;
use seam_check::{CheckInput, CheckMode, SuppressionSet, check};
use seam_ir::summary::read_summary_file;

#[test]
fn python_client_pairs_with_typescript_handler_and_the_reverse() {
    let mut summaries = Vec::new();
    for name in ["clients.json", "server.json"] {
        match read_summary_file(&fixture("mixedLanguage/summaries").join(name)) {
            Ok(mut s) => summaries.append(&mut s),
            Err(e) => panic!("{e}"),
        }
    }
    let report = check(
        &CheckInput::new(summaries, CheckMode::SummaryDir),
        &SuppressionSet::none(),
    );
    let pairs: Vec<(String, String, String)> = report
        .pairs
        .iter()
        .map(|p| (p.key.clone(), p.provider.clone(), p.consumer.clone()))
        .collect();
    assert_eq!(
        pairs,
        [
            (
                "GET /orders/{order_id}".to_owned(),
                "service/app.py::read_order".to_owned(),
                "web/orders.ts::loadOrder".to_owned()
            ),
            (
                "GET /users/{id}".to_owned(),
                "server/users.ts::getUser".to_owned(),
                "clients/users.py::fetch_user".to_owned()
            ),
        ]
    );
    assert_eq!(report.compared_boundaries, 2);
    // Both clients handle 404 and read fields the 200 body has: they agree.
    assert!(report.findings.is_empty(), "{:?}", report.findings);
    assert!(report.run.is_empty());
    assert!(report.unmatched.providers.is_empty() && report.unmatched.consumers.is_empty());
}

#[test]
fn an_empty_summary_folder_pairs_nothing() {
    let report = check(
        &CheckInput::new(Vec::new(), CheckMode::SummaryDir),
        &SuppressionSet::none(),
    );
    assert_eq!(report.run.len(), 1);
    assert_eq!(report.run[0].kind, "nothingPaired");
    assert_eq!(
        report.run[0].description,
        "No summaries were read, so no boundary was checked and an empty report means nothing."
    );
    assert!(report.gate_tripped(seam_check::FailOn::Error));
}
