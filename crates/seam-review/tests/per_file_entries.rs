//! A file's cache entry reads back as exactly the output it was written from, and a scan given
//! entries instead of models writes the document of a scan of every model.

use std::path::{Path, PathBuf};

use seam_ir::review::fingerprint_syntax;
use seam_lang::project::{ProjectOptions, load_project};
use seam_packs::review::Classifier;
use seam_review::extract::extract_file;
use seam_review::{FileEntry, ScanOptions};

fn fixture(pack: &str, name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../seam-packs/packs")
        .join(pack)
        .join("fixtures")
        .join(name)
}

const FIXTURES: [(&str, &str); 5] = [
    ("nestjs", "nest-users"),
    ("express", "express-app"),
    ("fastapi", "fastapi-app"),
    ("spring-mvc", "spring-users"),
    ("gin", "gin"),
];

#[test]
fn an_entry_reads_back_as_the_output_it_was_written_from() {
    for (pack, name) in FIXTURES {
        let root = fixture(pack, name);
        let project = load_project(&root, &ProjectOptions::default()).unwrap();
        let classifier = Classifier::new(&seam_packs::repository_packs(&root).unwrap()).unwrap();
        assert!(!project.models.is_empty(), "{name}");
        for model in &project.models {
            let output = extract_file(model, &classifier);
            let entry = FileEntry::decode(&FileEntry::encode(model, &output))
                .unwrap_or_else(|| panic!("{name}: {} does not read back", model.path));
            // Everything reads back, the tokens as their fingerprint (blank ones as they are).
            let mut expected = output.clone();
            for d in &mut expected.drafts {
                if !d.syntax.trim().is_empty() {
                    d.syntax_fingerprint = Some(fingerprint_syntax(&d.syntax));
                    d.syntax.clear();
                }
            }
            assert_eq!(entry.output, expected, "{name}: {}", model.path);
            assert_eq!(entry.language, model.language);
        }
        assert!(FileEntry::decode(b"{\"language\":\"ts\"").is_none());
    }
}

#[test]
fn a_scan_of_entries_writes_the_document_of_a_scan_of_models() {
    for (pack, name) in FIXTURES {
        let root = fixture(pack, name);
        let classifier = Classifier::new(&seam_packs::repository_packs(&root).unwrap()).unwrap();
        let whole = seam_review::scan(&root, &ScanOptions::default()).unwrap();
        // Every other model's entry taken from a first pass: half the files come as entries.
        let mut project = load_project(&root, &ProjectOptions::default()).unwrap();
        let mut entries = Vec::new();
        let mut kept = Vec::new();
        for (i, model) in std::mem::take(&mut project.models).into_iter().enumerate() {
            if i % 2 == 0 {
                let output = extract_file(&model, &classifier);
                entries.push(FileEntry::decode(&FileEntry::encode(&model, &output)).unwrap());
            } else {
                kept.push(model);
            }
        }
        project.models = kept;
        let written = std::sync::Mutex::new(Vec::new());
        let sink = |m: &seam_lang::model::Model, _: &seam_review::extract::FileOutput| {
            written.lock().unwrap().push(m.path.clone());
        };
        let mixed = seam_review::scan_with_entries(
            &root,
            project,
            &ScanOptions::default(),
            &classifier,
            entries,
            Some(&sink),
            None,
        )
        .unwrap();
        let json = |d| seam_ir::review::to_canonical_json(d, true).unwrap();
        assert_eq!(json(&mixed.document), json(&whole.document), "{name}");
        assert_eq!(mixed.notes, whole.notes, "{name}");
        assert!(!written.lock().unwrap().is_empty() || whole.document.stats.parsed_files < 2);
    }
}

#[test]
fn a_shared_scan_reads_the_entries_in_place_of_the_models_it_also_holds() {
    for (pack, name) in FIXTURES {
        let root = fixture(pack, name);
        let classifier = Classifier::new(&seam_packs::repository_packs(&root).unwrap()).unwrap();
        let whole = seam_review::scan(&root, &ScanOptions::default()).unwrap();
        // Every model stays in the project (the caller reads them all at the same time); every
        // other file also comes as an entry, which the scan reads in place of its model.
        let project = std::sync::Arc::new(load_project(&root, &ProjectOptions::default()).unwrap());
        let mut entries = Vec::new();
        let mut from_models = Vec::new();
        for (i, model) in project.models.iter().enumerate() {
            if i % 2 == 0 {
                let output = extract_file(model, &classifier);
                entries.push(FileEntry::decode(&FileEntry::encode(model, &output)).unwrap());
            } else {
                from_models.push(model.path.clone());
            }
        }
        let written = std::sync::Mutex::new(Vec::new());
        let sink = |m: &seam_lang::model::Model, _: &seam_review::extract::FileOutput| {
            written.lock().unwrap().push(m.path.clone());
        };
        let held = project.clone();
        let mixed = seam_review::scan_shared_with_entries(
            &root,
            project,
            &ScanOptions::default(),
            &classifier,
            &mut seam_review::SharedFiles::none(),
            entries,
            Some(&sink),
            None,
        )
        .unwrap();
        let json = |d| seam_ir::review::to_canonical_json(d, true).unwrap();
        assert_eq!(json(&mixed.document), json(&whole.document), "{name}");
        assert_eq!(mixed.notes, whole.notes, "{name}");
        // Only the files without an entry were extracted from their models.
        let mut written = written.into_inner().unwrap();
        written.sort();
        from_models.sort();
        assert_eq!(written, from_models, "{name}");
        // The caller's models are all still there.
        let loaded = load_project(&root, &ProjectOptions::default()).unwrap();
        let paths = |p: &seam_lang::project::Project| -> Vec<String> {
            p.models.iter().map(|m| m.path.clone()).collect()
        };
        assert_eq!(paths(&held), paths(&loaded), "{name}");
    }
}
