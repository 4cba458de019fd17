//! The intent part of `seam check`: finding and reading intent documents, and adding their
//! check to the report. Kept apart from `check.rs` so the two change independently.

use std::path::Path;

use seam_check::{CheckReport, SuppressionSet};
use seam_intent::{Document, DocumentBody};
use seam_ir::summary::BehavioralSummary;

/// The documents under `root` (repository-relative paths in `files` when the walk already
/// listed them; otherwise `root` is walked, respecting ignore files and skipped folders).
pub fn documents(root: &Path, files: Option<&[String]>) -> Result<Vec<Document>, String> {
    let named_folder = files.is_none();
    let walked: Vec<String>;
    let files: &[String] = match files {
        Some(files) => files,
        None => {
            if !root.is_dir() {
                return Err(format!(
                    "{} is not a directory. Pass the folder holding the *.intent.yaml and *.prd.yaml files to --intent.",
                    root.display()
                ));
            }
            walked = seam_lang::project::walk::walk(root, true)
                .files
                .into_iter()
                .map(|f| f.path)
                .collect::<Vec<_>>();
            &walked
        }
    };
    let names = seam_intent::documents_among(files);
    // A folder named with --intent that holds no document is a mistake.
    if names.is_empty() && named_folder {
        return Err(format!(
            "{} holds no intent document (*.intent.yaml, *.prd.yaml, or .yml, .json); pass the folder that holds them to --intent.",
            root.display()
        ));
    }
    seam_intent::read_documents(root, &names).map_err(|e| {
        let mut message = e.to_string();
        if root != Path::new(".") {
            message = format!(
                "{}/{message}",
                root.display().to_string().trim_end_matches('/')
            );
        }
        format!("{message} Nothing was checked.")
    })
}

/// The summaries only intent checking needs, made from the models: `test` summaries when a PRD
/// lists covering tests, process units (exit outcomes) when an intent is about a process.
pub fn extra_summaries(
    documents: &[Document],
    models: &[seam_lang::model::Model],
) -> Vec<BehavioralSummary> {
    let mut out = Vec::new();
    if wants_tests(documents) {
        // Only the tests the documents name are followed.
        let named: Vec<Vec<String>> = documents
            .iter()
            .filter_map(|d| match &d.body {
                DocumentBody::Prd(prd) => Some(prd),
                DocumentBody::Boundary(_) => None,
            })
            .flat_map(|prd| prd.scenarios.iter().flat_map(|s| s.covered_by.iter()))
            .map(|spelled| seam_intent::covering::spelling_parts(spelled))
            .collect();
        out.extend(seam_extract::tests_summary::extract_tests_reaching(
            models,
            &|title_path: &[String]| named.iter().any(|n| n.as_slice() == title_path),
        ));
    }
    let wants_processes = documents.iter().any(|d| match &d.body {
        DocumentBody::Boundary(intent) => {
            intent.boundary.deployment_target.as_deref()
                == Some(seam_extract::process_exits::PROCESS_TARGET)
        }
        DocumentBody::Prd(_) => false,
    });
    if wants_processes {
        out.extend(seam_extract::process_exits::extract_process_units(models));
    }
    out
}

/// Whether any PRD lists covering tests, so test summaries are needed.
pub fn wants_tests(documents: &[Document]) -> bool {
    documents.iter().any(|d| match &d.body {
        DocumentBody::Prd(prd) => prd.scenarios.iter().any(|s| !s.covered_by.is_empty()),
        DocumentBody::Boundary(_) => false,
    })
}

/// Runs the intent check over the summaries (and the test and process summaries) and adds it
/// to the report. Takes the summaries: the check of the pairs is done with them.
pub fn add(
    report: &mut CheckReport,
    documents: &[Document],
    mut summaries: Vec<BehavioralSummary>,
    tests: Vec<BehavioralSummary>,
    rules: &SuppressionSet,
) {
    if !documents.is_empty() {
        summaries.extend(tests);
        let outcome = seam_intent::check_documents(documents, &summaries);
        seam_intent::add_to_report(report, outcome, rules);
    }
    // Freeing tens of thousands of summaries takes a while: done beside the report.
    let _ = std::thread::Builder::new()
        .name("seam-free".to_owned())
        .spawn(move || drop(summaries));
}
