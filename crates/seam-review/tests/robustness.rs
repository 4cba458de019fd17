//! Bad input and determinism: unreadable files are recorded and the scan goes on; the same
//! tree gives the same bytes on 1 and 4 threads.

mod support;

use support::*;

#[test]
fn unreadable_files_are_skipped_with_reasons() {
    let dir = repo(&[
        (
            "src/ok.ts",
            "export function ok() { return work() + 1; }\nfunction work() { return 1; }\n",
        ),
        ("src/binary.ts", "export const x = 1;\0\0\0"),
    ]);
    std::fs::write(
        dir.path().join("src/latin1.py"),
        b"def f():\n    return '\xe9'\n",
    )
    .unwrap();
    let result = seam_review::scan(dir.path(), &seam_review::ScanOptions::default()).unwrap();
    let doc = &result.document;
    let text = seam_ir::review::to_canonical_json(doc, true).unwrap();
    assert_valid(&text);
    assert_eq!(doc.stats.total_files, 3);
    // A stray Latin-1 byte is read as `?` (issue 15); three NULs in 22 bytes are binary.
    assert_eq!(doc.stats.parsed_files, 2);
    let skipped: Vec<(&str, &str)> = doc
        .stats
        .skipped_files
        .as_ref()
        .unwrap()
        .iter()
        .map(|s| (s.path.as_str(), s.reason.as_str()))
        .collect();
    assert_eq!(skipped, vec![("src/binary.ts", "unreadable")]);
    assert_eq!(result.notes.len(), 1);
    assert_eq!(
        ids(doc),
        vec!["py:src/latin1.py#f", "ts:src/ok.ts#ok", "ts:src/ok.ts#work"]
    );
}

#[test]
fn over_size_files_are_skipped() {
    let big = format!("export const s = '{}';\n", "x".repeat(5000));
    let dir = repo(&[("a.ts", &big), ("b.ts", "export const y = 2;\n")]);
    let options = seam_review::ScanOptions {
        max_file_size: 1024,
        ..seam_review::ScanOptions::default()
    };
    let doc = seam_review::scan(dir.path(), &options).unwrap().document;
    assert_eq!(
        doc.stats.skipped_files.as_ref().unwrap()[0].reason.as_str(),
        "over-size"
    );
    assert_valid(&seam_ir::review::to_canonical_json(&doc, false).unwrap());
}

#[test]
fn a_missing_directory_is_an_error() {
    let err = seam_review::scan(
        std::path::Path::new("/definitely/not/here"),
        &seam_review::ScanOptions::default(),
    )
    .unwrap_err();
    assert!(err.to_string().contains("/definitely/not/here"), "{err}");
}

#[test]
fn empty_repository_is_a_valid_document() {
    let dir = repo(&[("README.md", "# nothing\n")]);
    let doc = scan_dir(dir.path(), 1);
    assert!(doc.symbols.is_empty());
    assert_eq!(doc.components.len(), 1);
    assert_eq!(doc.components[0].roots, vec![".".to_owned()]);
    assert_valid(&seam_ir::review::to_canonical_json(&doc, true).unwrap());
}

#[test]
fn identical_bytes_on_one_and_four_threads() {
    for name in ["nest-users", "express-app", "fastapi-app"] {
        let one = seam_ir::review::to_canonical_json(&scan_dir(&fixture(name), 1), true).unwrap();
        let four = seam_ir::review::to_canonical_json(&scan_dir(&fixture(name), 4), true).unwrap();
        assert_eq!(one, four, "{name}");
    }
}

#[test]
fn workspaces_become_components_by_longest_prefix() {
    let dir = repo(&[
        (
            "package.json",
            r#"{"name":"mono","workspaces":["packages/*"]}"#,
        ),
        (
            "packages/billing/package.json",
            r#"{"name":"@acme/billing","dependencies":{"express":"4"}}"#,
        ),
        (
            "packages/billing/src/pay.ts",
            "import { fee } from '../../shared/src/fee';\nexport function pay(n: number) { return fee(n) * 2; }\n",
        ),
        ("packages/shared/package.json", r#"{"name":"@acme/shared"}"#),
        (
            "packages/shared/src/fee.ts",
            "export function fee(n: number) { return n / 10 + 1; }\n",
        ),
        ("tools/x.ts", "export function tool() { return 1 + 1; }\n"),
    ]);
    let doc = scan_dir(dir.path(), 2);
    let components: Vec<(&str, &str)> = doc
        .components
        .iter()
        .map(|c| (c.id.as_str(), c.roots[0].as_str()))
        .collect();
    assert_eq!(
        components,
        vec![
            ("billing", "packages/billing"),
            ("shared", "packages/shared")
        ]
    );
    assert_eq!(doc.components[0].frameworks, vec!["express".to_owned()]);
    assert_eq!(doc.workspace.managers[0].tool, "npm");
    assert_eq!(
        symbol(&doc, "ts:packages/billing/src/pay.ts#pay")
            .component
            .as_deref(),
        Some("billing")
    );
    assert_eq!(symbol(&doc, "ts:tools/x.ts#tool").component, None);
    assert_eq!(
        symbol(&doc, "ts:packages/billing/src/pay.ts#pay").calls[0]
            .resolved
            .as_deref(),
        Some("ts:packages/shared/src/fee.ts#fee")
    );
    let md = seam_review::markdown::workspace(&doc);
    assert!(md.contains("- billing → shared: 1 call edges"), "{md}");
}

#[test]
fn effect_propagation_through_a_cycle() {
    let dir = repo(&[(
        "src/loop.ts",
        "export function a(n: number) { if (n > 0) { return b(n - 1); } return Date.now(); }\nexport function b(n: number) { return a(n) + 1; }\nexport function top() { return a(3) + 1; }\n",
    )]);
    let doc = scan_dir(dir.path(), 1);
    let p = &doc.stats.effect_propagation;
    assert_eq!((p.scc_count, p.max_scc_size), (2, 2));
    let top = symbol(&doc, "ts:src/loop.ts#top");
    assert_eq!(top.effects.len(), 1);
    assert_eq!(top.effects[0].line(), None);
    let b = symbol(&doc, "ts:src/loop.ts#b");
    assert_eq!(b.effects[0].target, "Date.now");
    assert_eq!(p.propagated_effect_count, 2);
}
