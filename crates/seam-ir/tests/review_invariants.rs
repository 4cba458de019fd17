//! Each of the 21 invariants of §14 fires on a document broken in exactly that way, and none
//! fires on the sound fixture. Typed breaches go through `check_invariants`; the ones a typed
//! document cannot hold (#6, #8, most of #20) go through `read_document_value`.

mod review_support;

use review_support::*;
use seam_ir::review::*;
use serde_json::Value;

fn symbol_mut<'a>(document: &'a mut Document, id: &str) -> &'a mut Symbol {
    document
        .symbols
        .iter_mut()
        .find(|s| s.id == id)
        .unwrap_or_else(|| panic!("{id} missing"))
}

/// The invariants `read_document_value` reports for `value`.
fn fired_on_read(value: Value) -> Vec<u8> {
    match read_document_value(value) {
        Ok(_) => Vec::new(),
        Err(ReadError::Invariants(violations)) => violations.invariants(),
        Err(other) => panic!("unexpected read error: {other}"),
    }
}

fn raw(document: &Document) -> Value {
    serde_json::from_str(&write(document, false)).expect("JSON")
}

fn raw_symbol<'a>(value: &'a mut Value, id: &str) -> &'a mut Value {
    value["symbols"]
        .as_array_mut()
        .and_then(|symbols| symbols.iter_mut().find(|s| s["id"] == id))
        .unwrap_or_else(|| panic!("{id} missing"))
}

#[test]
fn sound_document_passes_every_invariant() {
    let document = full_document();
    assert_eq!(fired(&document), Vec::<u8>::new());
    assert_eq!(fired_on_read(raw(&document)), Vec::<u8>::new());
}

#[test]
fn invariant_1_duplicate_symbol_id() {
    let mut document = full_document();
    let copy = document.symbols[0].clone();
    document.symbols.insert(0, copy);
    assert_eq!(fired(&document), [1]);
}

#[test]
fn invariant_2_duplicate_component_id() {
    let mut document = full_document();
    let copy = document.components[0].clone();
    document.components.insert(0, copy);
    assert_eq!(fired(&document), [2]);
}

#[test]
fn invariant_3_unknown_component() {
    let mut document = full_document();
    symbol_mut(&mut document, HANDLER).component = Some("nowhere".into());
    assert_eq!(fired(&document), [3]);
}

#[test]
fn invariant_4_dangling_symbol_endpoint() {
    let mut document = full_document();
    document.dependencies.push(Dependency {
        from: "ts:src/missing.ts#gone".into(),
        to: "pricing".into(),
        via: Via::Import,
        direction: Direction::Outbound,
        effect: None,
    });
    canonicalize(&mut document);
    assert_eq!(fired(&document), [4]);
}

#[test]
fn invariant_5_dropped_without_reason() {
    let mut document = full_document();
    symbol_mut(&mut document, DTO).drop_reason = None;
    assert_eq!(fired(&document), [5]);
    let mut document = full_document();
    symbol_mut(&mut document, HANDLER).drop_reason = Some("kept".into());
    assert_eq!(fired(&document), [5]);
    let mut document = full_document();
    symbol_mut(&mut document, DTO).fingerprint.api = "0123456789ab".into();
    assert_eq!(fired(&document), [5]);
}

#[test]
fn invariant_6_unknown_confidence() {
    let mut value = raw(&full_document());
    raw_symbol(&mut value, HANDLER)["confidence"] = "certain".into();
    assert_eq!(fired_on_read(value), [6]);
    let mut value = raw(&full_document());
    raw_symbol(&mut value, CALC)["effects"][0]["confidence"] = "sure".into();
    assert_eq!(fired_on_read(value), [6]);
}

#[test]
fn invariant_7_effect_outside_the_vocabulary() {
    let mut document = full_document();
    symbol_mut(&mut document, CALC).effects[0].id = "db.delete".into();
    assert_eq!(fired(&document), [7]);
    let mut document = full_document();
    document.dependencies[0].effect = Some("stripe:charge".into());
    assert_eq!(fired(&document), [7]);
}

#[test]
fn invariant_8_unknown_kind() {
    let mut value = raw(&full_document());
    raw_symbol(&mut value, HANDLER)["kind"] = "widget".into();
    assert_eq!(fired_on_read(value), [8]);
}

#[test]
fn invariant_9_malformed_ext_kind() {
    let mut document = full_document();
    symbol_mut(&mut document, HANDLER).ext_kind = Some("nestjs".into());
    assert_eq!(fired(&document), [9]);
}

#[test]
fn invariant_10_non_posix_or_escaping_path() {
    for bad in [
        "./app/main.py",
        "../app/main.py",
        "/app/main.py",
        "app\\main.py",
    ] {
        let mut document = full_document();
        symbol_mut(&mut document, HANDLER).source.file = bad.into();
        let fired = fired(&document);
        assert!(fired.contains(&10), "{bad}: {fired:?}");
        // A backslash also breaks the schema's RelativePath; nothing else may fire.
        assert!(
            fired.iter().all(|n| *n == 10 || *n == 20),
            "{bad}: {fired:?}"
        );
    }
    let mut document = full_document();
    document.components[0].roots = vec!["apps/./billing".into()];
    assert_eq!(fired(&document), [10]);
    let mut document = full_document();
    document.workspace.managers[0]
        .roots
        .push("../outside".into());
    assert_eq!(fired(&document), [10]);
}

#[test]
fn invariant_11_ordering() {
    let mut document = full_document();
    document.symbols.swap(0, 1);
    assert_eq!(fired(&document), [11]);
    let mut document = full_document();
    document.dependencies.reverse();
    assert_eq!(fired(&document), [11]);
    let mut document = full_document();
    symbol_mut(&mut document, CREATE).rules.reverse();
    assert_eq!(fired(&document), [11]);
    let mut document = full_document();
    // A propagated entry ahead of a local one breaks the two-segment rule.
    symbol_mut(&mut document, CREATE).effects.rotate_right(1);
    assert_eq!(fired(&document), [11]);
    let mut document = full_document();
    document.components[0].public_api.reverse();
    assert_eq!(fired(&document), [11]);
}

#[test]
fn invariant_12_call_edge_to_a_component() {
    let mut document = full_document();
    document
        .dependencies
        .push(Dependency::call(CREATE, "pricing"));
    canonicalize(&mut document);
    // The edge also has no Call behind it, which #14 reports.
    assert_eq!(fired(&document), [12, 14]);
}

#[test]
fn invariant_13_duplicate_edge() {
    let mut document = full_document();
    let copy = document.dependencies[0].clone();
    document.dependencies.insert(0, copy);
    assert_eq!(fired(&document), [13]);
}

#[test]
fn invariant_14_call_graph_projection() {
    let mut document = full_document();
    document.dependencies.retain(|d| d.via != Via::Call);
    assert_eq!(fired(&document), [14]);
    let mut document = full_document();
    document.dependencies.push(Dependency::call(SERVICE, CALC));
    canonicalize(&mut document);
    assert_eq!(fired(&document), [14]);
}

#[test]
fn invariant_14_breaches_are_listed_in_edge_order() {
    // Call dependencies with no call behind them, added in no particular order: one breach
    // each, listed by (from, to) whatever order the check visits them in.
    let mut document = full_document();
    document
        .dependencies
        .push(Dependency::call(SERVICE, CREATE));
    document.dependencies.push(Dependency::call(SERVICE, CALC));
    document.dependencies.push(Dependency::call(CALC, SERVICE));
    let Err(violations) = check_invariants(&document) else {
        panic!("no breach");
    };
    let edges: Vec<&str> = violations
        .breaches
        .iter()
        .filter(|b| b.invariant == 14 && b.message.starts_with("the call dependency"))
        .map(|b| b.message.as_str())
        .collect();
    assert!(edges.len() >= 2, "{edges:?}");
    let mut sorted = edges.clone();
    sorted.sort_unstable();
    assert_eq!(edges, sorted);
}

#[test]
fn a_propagated_effect_derived_twice_from_one_symbol_breaks_20() {
    let mut document = full_document();
    let effect = symbol_mut(&mut document, CREATE)
        .effects
        .iter_mut()
        .find(|e| matches!(e.origin, EffectOrigin::Propagated { .. }))
        .expect("a propagated effect");
    if let EffectOrigin::Propagated { derived_from } = &mut effect.origin {
        let first = derived_from[0].clone();
        derived_from.push(first);
    }
    assert!(fired(&document).contains(&20));
}

#[test]
fn invariant_15_call_census() {
    let mut document = full_document();
    if let Some(census) = &mut document.stats.call_resolution {
        census.total_calls = 3;
    }
    assert_eq!(fired(&document), [15]);
    let mut document = full_document();
    if let Some(census) = &mut document.stats.call_resolution {
        census.unresolved.external = 1;
    }
    assert_eq!(fired(&document), [15]);
    // Without a census there is nothing to compare.
    let mut document = full_document();
    document.stats.call_resolution = None;
    assert_eq!(fired(&document), Vec::<u8>::new());
}

#[test]
fn invariant_16_reserved_language() {
    let mut document = full_document();
    let mut slice = document.symbols[0].clone();
    slice.id = "slice:app/main.py#handler".into();
    document.symbols.push(slice);
    canonicalize(&mut document);
    assert_eq!(fired(&document), [16]);
    assert_eq!(
        make_symbol_id("slice", "app/main.py", "handler"),
        Err(ids::IdError::ReservedLanguage)
    );
}

#[test]
fn invariant_17_id_and_name_grammars() {
    let mut document = full_document();
    symbol_mut(&mut document, HANDLER).name = "A..b".into();
    assert_eq!(fired(&document), [17]);
    let mut document = full_document();
    let mut odd = document.symbols[0].clone();
    odd.id = "py:app/main.py#{ a, b }".into();
    document.symbols.push(odd);
    canonicalize(&mut document);
    assert_eq!(fired(&document), [17]);
    let mut document = full_document();
    let mut component = document.components[1].clone();
    component.id = "Pricing_2".into();
    document.components.insert(0, component);
    assert_eq!(fired(&document), [17]);
}

#[test]
fn invariant_18_languages() {
    let mut document = full_document();
    symbol_mut(&mut document, HANDLER).language = "go".into();
    assert_eq!(fired(&document), [18]);
    let mut document = full_document();
    document.workspace.languages = vec!["py".into(), "ts".into(), "TS".into()];
    assert_eq!(fired(&document), [18]);
}

#[test]
fn invariant_19_nfc_on_ordering_and_identity_strings() {
    let mut document = full_document();
    let handler = symbol_mut(&mut document, HANDLER);
    handler.name = "cafe\u{301}".into();
    assert_eq!(fired(&document), [19]);
    let mut document = full_document();
    symbol_mut(&mut document, CREATE).calls[1].target = "this.cafe\u{301}".into();
    assert_eq!(fired(&document), [19]);
    // A non-NFC Symbol id is #17's to report, not #19's.
    let mut document = full_document();
    let mut odd = document.symbols[0].clone();
    odd.id = "py:app/main.py#cafe\u{301}".into();
    document.symbols.insert(0, odd);
    assert_eq!(fired(&document), [17]);
    // Quoted source text is outside #19.
    let mut document = full_document();
    symbol_mut(&mut document, CREATE).decorators[0].raw = "Post('/cafe\u{301}')".into();
    assert_eq!(fired(&document), Vec::<u8>::new());
}

#[test]
fn invariant_20_shape_is_reported_alone() {
    // A missing required key, plus a duplicate id that would be #1: only #20 is reported.
    let mut value = raw(&full_document());
    raw_symbol(&mut value, HANDLER)
        .as_object_mut()
        .expect("object")
        .remove("fingerprint");
    let copy = value["symbols"][1].clone();
    value["symbols"].as_array_mut().expect("array").push(copy);
    let breaches = match read_document_value(value) {
        Err(ReadError::Invariants(violations)) => violations.breaches,
        other => panic!("expected invariant breaches, got {other:?}"),
    };
    assert_eq!(
        breaches,
        [Breach {
            invariant: 20,
            message: "$.symbols[0].fingerprint is missing".into()
        }]
    );
    // Wrong kinds and the effect line/derivedFrom flip, each with its path.
    let mut value = raw(&full_document());
    raw_symbol(&mut value, CALC)["calls"] =
        Value::Array(vec![serde_json::json!({"target": "f", "line": "7"})]);
    raw_symbol(&mut value, CREATE)["effects"][2]["line"] = 3.into();
    let messages: Vec<String> = match read_document_value(value) {
        Err(ReadError::Invariants(violations)) => {
            violations.breaches.into_iter().map(|b| b.message).collect()
        }
        other => panic!("expected invariant breaches, got {other:?}"),
    };
    assert_eq!(
        messages,
        [
            "$.symbols[2].effects[2].line must be absent on a propagated effect",
            "$.symbols[6].calls[0].line must be a whole number from 0 to 4294967295",
            "$.symbols[6].calls[0].resolved is missing",
        ]
    );
    // On a typed document, #20 covers the schema's value constraints.
    let mut document = full_document();
    symbol_mut(&mut document, HANDLER).fingerprint.syntax = "XYZ".into();
    assert_eq!(fired(&document), [20]);
    let mut document = full_document();
    document.generator.plugins[2].grammar_revision = None;
    assert_eq!(fired(&document), [20]);
    let mut document = full_document();
    symbol_mut(&mut document, HANDLER).rules[0].kind = RuleKind::Match {
        condition: "x".repeat(124),
    };
    assert_eq!(fired(&document), [20]);
}

#[test]
fn invariant_21_skipped_file_census() {
    let mut document = full_document();
    document.stats.parsed_files = 8;
    let fired_now = fired(&document);
    assert_eq!(fired_now, [21]);
    let mut document = full_document();
    document.stats.total_files = 9;
    assert_eq!(fired(&document), [21]);
    let mut document = full_document();
    document.stats.total_files = 8;
    if let Some(skipped) = &mut document.stats.skipped_files {
        let copy = skipped[0].clone();
        skipped.push(copy);
    }
    assert_eq!(fired(&document), [21]);
    // Absent skippedFiles: only the parsed ≤ total clause applies.
    let mut document = full_document();
    document.stats.skipped_files = None;
    assert_eq!(fired(&document), Vec::<u8>::new());
}

#[test]
fn every_breach_is_listed_with_its_number() {
    let mut document = full_document();
    symbol_mut(&mut document, HANDLER).component = Some("nowhere".into());
    symbol_mut(&mut document, CALC).effects[0].id = "db.delete".into();
    document.stats.parsed_files = 8;
    let violations = check_invariants(&document).expect_err("three breaches");
    assert_eq!(violations.invariants(), [3, 7, 21]);
    assert_eq!(
        violations.to_string(),
        concat!(
            "3 integrity breaches (aburi.ir.v1 §14):\n",
            "  #3: Symbol \"py:app/main.py#handler\" belongs to Component \"nowhere\", which is not in components[]\n",
            "  #7: Symbol \"ts:packages/pricing/src/calc.ts#calculateTotal\" has effect \"db.delete\", which is neither a core effect nor of the form x-<plugin>:<action>\n",
            "  #21: stats.parsedFiles (8) exceeds stats.totalFiles (7)"
        )
    );
    // The writer refuses it with the same list.
    match to_canonical_json(&document, true) {
        Err(WriteError::Invariants(refused)) => assert_eq!(refused, violations),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn unsupported_schema_url_is_refused() {
    let mut value = raw(&full_document());
    value["$schema"] = "https://example.com/other.json".into();
    assert!(matches!(
        read_document_value(value),
        Err(ReadError::UnsupportedSchema { .. })
    ));
    let mut value = raw(&full_document());
    value["$schema"] = LEGACY_SCHEMA_URL.into();
    let document = read_document_value(value).unwrap_or_else(|err| panic!("{err}"));
    assert!(write(&document, false).contains(SCHEMA_URL));
}
