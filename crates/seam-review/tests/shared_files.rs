//! Two scans sharing the per-file Symbol extraction of the files they hold alike give the
//! documents two separate scans give, and the second scan extracts none of those files.

use std::collections::BTreeSet;
use std::path::Path;

use seam_lang::project::{Project, ProjectOptions, load_project_from_memory};
use seam_review::{ScanOptions, SharedFiles, scan_loaded, scan_loaded_sharing};

const FILES: &[(&str, &str)] = &[
    (
        "src/format.ts",
        "export function formatName(a: string, b: string) {\n  if (!a) {\n    return b;\n  }\n  return a + b;\n}\n",
    ),
    (
        "src/view.ts",
        "import { formatName } from './format';\nexport function render(u: { a: string; b: string }) {\n  return formatName(u.a, u.b);\n}\n",
    ),
    (
        "app/user.py",
        "def load(user_id):\n    if not user_id:\n        return None\n    return {'id': user_id}\n",
    ),
];

fn project(root: &Path, files: &[(&str, &str)]) -> Project {
    load_project_from_memory(
        root,
        files
            .iter()
            .map(|(p, t)| ((*p).to_owned(), t.as_bytes().to_vec()))
            .collect(),
        &ProjectOptions::default(),
    )
    .unwrap()
}

fn json(doc: &seam_ir::review::Document) -> String {
    seam_ir::review::to_canonical_json(doc, true).unwrap()
}

#[test]
fn the_second_scan_takes_the_shared_files_and_gives_the_same_document() {
    // The head renames the export; the importer is unchanged and resolves alike.
    let renamed = FILES[0].1.replace("formatName", "formatFullName");
    let head_files = [(FILES[0].0, renamed.as_str()), FILES[1], FILES[2]];
    let shared: BTreeSet<String> = ["src/view.ts", "app/user.py"]
        .iter()
        .map(|p| (*p).to_owned())
        .collect();
    // An empty directory as the root: no workspace configuration, no repository packs.
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let packs = seam_packs::repository_packs(root).unwrap();
    let classifier = seam_packs::review::Classifier::new(&packs).unwrap();
    let options = ScanOptions::default();
    let mut sharing = SharedFiles::of(shared);
    let base = scan_loaded_sharing(
        root,
        project(root, FILES),
        &options,
        &classifier,
        &mut sharing,
    )
    .unwrap();
    assert_eq!(sharing.taken(), 0);
    let head = scan_loaded_sharing(
        root,
        project(root, &head_files),
        &options,
        &classifier,
        &mut sharing,
    )
    .unwrap();
    assert_eq!(sharing.taken(), 2);
    let alone = |files: &[(&str, &str)]| {
        json(
            &scan_loaded(root, project(root, files), &options)
                .unwrap()
                .document,
        )
    };
    assert_eq!(json(&base.document), alone(FILES));
    assert_eq!(json(&head.document), alone(&head_files));
    // The unchanged importer's call no longer resolves at the head.
    let calls = |doc: &seam_ir::review::Document| {
        doc.symbols
            .iter()
            .find(|s| s.id == "ts:src/view.ts#render")
            .map(|s| s.calls.iter().filter(|c| c.resolved.is_some()).count())
    };
    assert_eq!(calls(&base.document), Some(1));
    assert_eq!(calls(&head.document), Some(0));
}
