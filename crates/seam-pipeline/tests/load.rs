//! One load feeds the summaries and the review IR: the same results as loading twice.

use std::path::{Path, PathBuf};

fn shop() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/shop")
}

#[test]
fn one_load_gives_the_summaries_and_review_ir_of_two_loads() {
    let mut phases = seam_pipeline::Phases::new(false);
    let loaded = seam_pipeline::load(&shop(), &mut phases).expect("the example loads");
    let summaries = loaded.summaries(&[]);
    assert!(!summaries.summaries.is_empty());
    let contracts = loaded.contracts(&phases);
    assert!(contracts.errors.is_empty());
    let review = loaded.review(&mut phases).expect("the review IR");

    let again = seam_pipeline::load(&shop(), &mut phases).expect("the example loads");
    let separate = seam_extract::extract(
        &again.project.models,
        &again.detection(),
        &again.packs,
        &seam_extract::ExtractOptions::default(),
    );
    let json = |s: &[seam_ir::summary::BehavioralSummary]| {
        let mut out = Vec::new();
        seam_ir::summary::write_summaries(&mut out, s, seam_ir::summary::WriteOptions::default())
            .expect("written");
        out
    };
    assert!(json(&summaries.summaries) == json(&separate.summaries));
    let scanned = seam_review::scan(&shop(), &seam_review::ScanOptions::default())
        .expect("the example scans");
    assert_eq!(
        seam_ir::review::to_canonical_json(&review.document, true).expect("canonical"),
        seam_ir::review::to_canonical_json(&scanned.document, true).expect("canonical")
    );
}
