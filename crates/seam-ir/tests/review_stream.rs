//! The streaming canonical writer gives exactly the bytes of the reference writer (canonicalize
//! a copy, build a `serde_json::Value`, write it canonically), on canonical documents and on
//! documents that first need canonicalizing.

mod review_support;

use review_support::*;
use seam_ir::review::*;

fn both_forms_equal(document: &Document) {
    for pretty in [true, false] {
        let streamed = to_canonical_json(document, pretty).unwrap_or_else(|e| panic!("{e}"));
        let reference =
            to_canonical_json_via_value(document, pretty).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(streamed, reference, "pretty = {pretty}");
    }
}

#[test]
fn full_document_bytes_equal_the_value_writer() {
    let document = full_document();
    assert!(is_canonical(&document));
    both_forms_equal(&document);
}

#[test]
fn a_document_needing_canonicalization_is_sorted_and_normalised_first() {
    let mut document = full_document();
    document.symbols.reverse();
    document.components.reverse();
    document.dependencies.reverse();
    document.generator.plugins.reverse();
    for symbol in &mut document.symbols {
        symbol.effects.reverse();
        symbol.calls.reverse();
    }
    // A decomposed é in a path and in quoted text; escapes and an astral character.
    document.components[0].roots = vec!["apps/cafe\u{301}".into()];
    if let Some(symbol) = document
        .symbols
        .iter_mut()
        .find(|s| s.decorators.len() == 1)
    {
        symbol.decorators[0].raw =
            "Post('a\"b\\\\c\u{1}\u{1F}\t\n\r\u{8}\u{C}/\u{7F}\u{2028}😀e\u{301}')".into();
    }
    assert!(!is_canonical(&document));
    both_forms_equal(&document);
}

#[test]
fn class_b_keys_absent_and_present() {
    let mut document = full_document();
    document.generated_at = Some("2026-06-19T15:30:00Z".into());
    document.stats.skipped_files = Some(Vec::new());
    document.stats.parsed_files = document.stats.total_files;
    document.stats.call_resolution = None;
    document.stats.effect_classify_timeouts.clear();
    document.stats.lsp_enrichment = None;
    for c in &mut document.components {
        c.public_api.clear();
        c.frameworks.clear();
    }
    both_forms_equal(&document);
    let text = to_canonical_json(&document, false).unwrap_or_else(|e| panic!("{e}"));
    assert!(text.contains("\"generatedAt\":\"2026-06-19T15:30:00Z\""));
    assert!(!text.contains("skippedFiles"));
    assert!(!text.contains("callResolution"));
    assert!(!text.contains("publicApi"));
}

#[test]
fn is_canonical_sees_each_kind_of_disorder() {
    let mut duplicate_language = full_document();
    duplicate_language.workspace.languages = vec!["py".into(), "py".into(), "ts".into()];
    assert!(!is_canonical(&duplicate_language));
    let mut unsorted_calls = full_document();
    if let Some(s) = unsorted_calls
        .symbols
        .iter_mut()
        .find(|s| s.calls.len() > 1)
    {
        s.calls.reverse();
    }
    assert!(!is_canonical(&unsorted_calls));
    let mut legacy = full_document();
    legacy.schema = LEGACY_SCHEMA_URL.into();
    assert!(!is_canonical(&legacy));
    both_forms_equal(&legacy);
    let mut decomposed = full_document();
    decomposed.symbols[0].source.file = format!("{}e\u{301}", decomposed.symbols[0].source.file);
    assert!(!is_canonical(&decomposed));
}

#[test]
fn the_file_writer_streams_the_same_bytes() {
    let document = full_document();
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("aburi.ir.json");
    for pretty in [true, false] {
        write_document_file(&path, &document, pretty).unwrap_or_else(|e| panic!("{e}"));
        let written = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
        let reference =
            to_canonical_json_via_value(&document, pretty).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(written, reference);
    }
}

#[cfg(unix)]
#[test]
fn the_file_is_as_readable_as_any_other_written_file() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("aburi.ir.json");
    write_document_file(&path, &full_document(), true).unwrap_or_else(|e| panic!("{e}"));
    let plain = dir.path().join("plain.txt");
    std::fs::write(&plain, "x").unwrap_or_else(|e| panic!("{e}"));
    let mode = |p: &std::path::Path| {
        std::fs::metadata(p)
            .map(|m| m.permissions().mode() & 0o777)
            .unwrap_or_else(|e| panic!("{e}"))
    };
    assert_eq!(mode(&path), mode(&plain));
}
