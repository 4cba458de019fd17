//! Test summaries (`kind: test`): placeholder, filled in below.

use seam_ir::summary::BehavioralSummary;
use seam_lang::model::Model;

/// One `test` summary per test case in the models.
pub fn extract_tests(_models: &[Model]) -> Vec<BehavioralSummary> {
    Vec::new()
}
