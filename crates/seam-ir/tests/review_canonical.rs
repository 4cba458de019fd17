//! The canonical serializer on documents: every §1 / §9.4 ordering, byte-identical output
//! whatever the build order, Class A / Class B key presence, NFC.

mod review_support;

use review_support::*;
use seam_ir::review::*;
use serde_json::Value;

fn json(document: &Document) -> Value {
    serde_json::from_str(&write(document, false)).expect("output is JSON")
}

fn symbol<'a>(value: &'a Value, id: &str) -> &'a Value {
    value["symbols"]
        .as_array()
        .and_then(|symbols| symbols.iter().find(|s| s["id"] == id))
        .unwrap_or_else(|| panic!("{id} missing"))
}

fn strings(value: &Value, pointer: &str) -> Vec<String> {
    value
        .pointer(pointer)
        .and_then(Value::as_array)
        .map(|items| {
            items
                .iter()
                .filter_map(|i| i.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// Reverses every array the serializer is responsible for ordering.
fn scramble(document: &mut Document) {
    document.generator.plugins.reverse();
    document.workspace.languages.reverse();
    document.components.reverse();
    for component in &mut document.components {
        component.public_api.reverse();
    }
    document.symbols.reverse();
    for symbol in &mut document.symbols {
        symbol.decorators.reverse();
        symbol.rules.reverse();
        symbol.effects.reverse();
        symbol.calls.reverse();
    }
    document.dependencies.reverse();
    if let Some(skipped) = &mut document.stats.skipped_files {
        skipped.reverse();
    }
}

#[test]
fn output_is_byte_identical_whatever_the_build_order() {
    let document = full_document();
    let mut scrambled = document.clone();
    scramble(&mut scrambled);
    assert_ne!(scrambled, document);
    assert_eq!(write(&scrambled, true), write(&document, true));
    assert_eq!(write(&scrambled, false), write(&document, false));
    let mut again = scrambled.clone();
    canonicalize(&mut again);
    assert_eq!(again, document);
    canonicalize(&mut again);
    assert_eq!(again, document, "canonicalize is idempotent");
}

#[test]
fn symbols_and_components_sort_by_id() {
    let value = json(&full_document());
    let ids: Vec<&str> = value["symbols"]
        .as_array()
        .map(|s| s.iter().filter_map(|s| s["id"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(
        ids,
        [HANDLER, SERVICE, CREATE, FROM_JSON, DTO, ROUTE, CALC],
        "`.` (0x2E) sorts before `:` (0x3A), and `I` before `d` before `s`"
    );
    let components: Vec<&str> = value["components"]
        .as_array()
        .map(|c| c.iter().filter_map(|c| c["id"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(components, ["billing", "pricing"]);
}

#[test]
fn symbol_ids_sort_by_utf16_code_unit_not_by_byte() {
    // U+FF21 (one code unit 0xFF21) vs U+1D400 (surrogates 0xD835 0xDC00): bytes put the
    // astral name last, UTF-16 puts it first.
    let mut document = full_document();
    let mut astral = document.symbols[0].clone();
    astral.id = make_symbol_id("py", "app/main.py", "\u{1D400}").expect("id");
    astral.name = "\u{1D400}".into();
    let mut bmp = astral.clone();
    bmp.id = make_symbol_id("py", "app/main.py", "\u{FF21}").expect("id");
    bmp.name = "\u{FF21}".into();
    document.symbols.push(bmp.clone());
    document.symbols.push(astral.clone());
    let value = json(&document);
    let ids: Vec<&str> = value["symbols"]
        .as_array()
        .map(|s| s.iter().filter_map(|s| s["id"].as_str()).collect())
        .unwrap_or_default();
    let astral_at = ids.iter().position(|id| *id == astral.id);
    let bmp_at = ids.iter().position(|id| *id == bmp.id);
    assert!(astral_at < bmp_at, "{ids:?}");
    assert!(astral.id > bmp.id, "Rust's own order is the opposite");
}

#[test]
fn dependencies_sort_by_from_to_via() {
    let value = json(&full_document());
    let triples: Vec<(String, String, String)> = value["dependencies"]
        .as_array()
        .map(|deps| {
            deps.iter()
                .map(|d| {
                    (
                        d["from"].as_str().unwrap_or("").to_owned(),
                        d["to"].as_str().unwrap_or("").to_owned(),
                        d["via"].as_str().unwrap_or("").to_owned(),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(
        triples,
        [
            ("billing".into(), "pricing".into(), "http".into()),
            ("billing".into(), "pricing".into(), "import".into()),
            (CREATE.into(), CALC.into(), "call".into()),
        ]
    );
}

#[test]
fn public_api_skipped_files_and_plugins_sort() {
    let mut document = full_document();
    document.components[0].public_api.insert(0, "zzz/**".into());
    document.stats.total_files = 9;
    if let Some(skipped) = &mut document.stats.skipped_files {
        skipped.insert(
            0,
            SkippedFile {
                path: "z.ts".into(),
                reason: SkipReason::OverSize,
            },
        );
        skipped.push(SkippedFile {
            path: "a.ts".into(),
            reason: SkipReason::Unreadable,
        });
    }
    let value = json(&document);
    assert_eq!(
        strings(&value, "/components/0/publicApi"),
        ["apps/billing/src/routes/**", CREATE, "zzz/**"]
    );
    let skipped: Vec<&str> = value["stats"]["skippedFiles"]
        .as_array()
        .map(|s| s.iter().filter_map(|s| s["path"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(skipped, ["a.ts", "apps/billing/src/broken.ts", "z.ts"]);
    let plugins: Vec<&str> = value["generator"]["plugins"]
        .as_array()
        .map(|p| p.iter().filter_map(|p| p["name"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(
        plugins,
        [
            "effects-prisma",
            "framework-nestjs",
            "lang-python",
            "lang-typescript"
        ]
    );
    assert_eq!(strings(&value, "/workspace/languages"), ["py", "ts"]);
}

#[test]
fn decorators_rules_and_calls_sort_by_line_keeping_same_line_source_order() {
    let mut document = full_document();
    let create = document
        .symbols
        .iter_mut()
        .find(|s| s.id == CREATE)
        .expect("create");
    // Two decorators and two rules on one line: their source order survives.
    create.decorators.insert(
        0,
        Decorator {
            name: "UseGuards".into(),
            raw: "UseGuards(AuthGuard)".into(),
            arguments: vec!["AuthGuard".into()],
            boundary: false,
            line: 41,
        },
    );
    create.decorators.push(Decorator {
        name: "HttpCode".into(),
        raw: "HttpCode(201)".into(),
        arguments: vec!["201".into()],
        boundary: false,
        line: 40,
    });
    create.rules.push(Rule {
        line: 44,
        kind: RuleKind::Throw {
            what: "Second".into(),
        },
    });
    // Two calls on one line: ordered by target.
    create.calls.push(Call {
        target: "b.first".into(),
        line: 85,
        resolved: None,
    });
    document.stats.call_resolution = Some(CallResolutionStats {
        total_calls: 3,
        resolved_calls: 1,
        unresolved: UnresolvedCallBuckets {
            dynamic: 1,
            no_match: 1,
            ..UnresolvedCallBuckets::default()
        },
    });
    let value = json(&document);
    let create = symbol(&value, CREATE);
    let decorators: Vec<&str> = create["decorators"]
        .as_array()
        .map(|d| d.iter().filter_map(|d| d["name"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(decorators, ["HttpCode", "UseGuards", "Post"]);
    let rules: Vec<(u64, &str)> = create["rules"]
        .as_array()
        .map(|r| {
            r.iter()
                .map(|r| {
                    (
                        r["line"].as_u64().unwrap_or(0),
                        r["type"].as_str().unwrap_or(""),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(
        rules,
        [
            (44, "guard"),
            (44, "throw"),
            (45, "throw"),
            (50, "loop"),
            (55, "try"),
            (60, "switch"),
            (90, "return")
        ]
    );
    let calls: Vec<&str> = create["calls"]
        .as_array()
        .map(|c| c.iter().filter_map(|c| c["target"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(calls, ["calculateTotal", "b.first", "this.mailer.send"]);
}

#[test]
fn effects_sort_in_two_segments() {
    let mut document = full_document();
    let create = document
        .symbols
        .iter_mut()
        .find(|s| s.id == CREATE)
        .expect("create");
    let propagated = |id: &str, target: &str| Effect {
        id: id.into(),
        target: target.into(),
        plugin: "effects-prisma".into(),
        confidence: Confidence::Medium,
        derived_by: "effects-plugin:prisma:read".into(),
        origin: EffectOrigin::Propagated {
            derived_from: vec![CALC.into()],
        },
    };
    create
        .effects
        .insert(0, propagated("env.read", "process.env.B"));
    create
        .effects
        .insert(0, propagated("env.read", "process.env.A"));
    create
        .effects
        .insert(0, propagated("db.write", "prisma.z.create"));
    create.effects.push(Effect::local(
        "time.now",
        "Date.now",
        75,
        "effects-core",
        Confidence::High,
        "core:time",
    ));
    create.effects.push(Effect::local(
        "random",
        "Math.random",
        1,
        "effects-core",
        Confidence::High,
        "core:random",
    ));
    let value = json(&document);
    let effects: Vec<(Option<u64>, &str)> = symbol(&value, CREATE)["effects"]
        .as_array()
        .map(|e| {
            e.iter()
                .map(|e| (e["line"].as_u64(), e["target"].as_str().unwrap_or("")))
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(
        effects,
        [
            (Some(1), "Math.random"),
            (Some(75), "Date.now"),
            (Some(75), "prisma.invoice.create"),
            (Some(80), "this.onModuleInit"),
            (None, "prisma.price.findMany"),
            (None, "prisma.z.create"),
            (None, "process.env.A"),
            (None, "process.env.B"),
        ]
    );
}

#[test]
fn class_a_keys_are_written_as_null_and_class_b_keys_omitted() {
    let value = json(&full_document());
    let handler = symbol(&value, HANDLER);
    assert_eq!(handler["component"], Value::Null);
    assert!(
        handler
            .as_object()
            .is_some_and(|o| o.contains_key("component"))
    );
    let service = symbol(&value, SERVICE);
    assert!(
        service
            .as_object()
            .is_some_and(|o| o.contains_key("signature"))
    );
    assert_eq!(service["signature"], Value::Null);
    for key in ["startColumn", "endColumn"] {
        assert!(
            service["source"]
                .as_object()
                .is_some_and(|o| o.contains_key(key))
        );
        assert_eq!(service["source"][key], Value::Null);
    }
    let pricing = &value["components"][1];
    assert_eq!(pricing["id"], "pricing");
    let pricing = pricing.as_object().expect("object");
    assert_eq!(pricing.get("description"), Some(&Value::Null));
    assert!(!pricing.contains_key("publicApi"));
    assert!(!pricing.contains_key("frameworks"));
    // Required nullable keys.
    assert_eq!(service["extKind"], "framework:nestjs:controller");
    assert_eq!(handler["extKind"], Value::Null);
    assert_eq!(handler["dropReason"], Value::Null);
    let create = symbol(&value, CREATE);
    assert_eq!(create["calls"][1]["resolved"], Value::Null);
    // Effects: a local entry has line and no propagated/derivedFrom; a propagated one the reverse.
    let local = create["effects"][0].as_object().expect("object");
    assert!(local.contains_key("line"));
    assert!(!local.contains_key("propagated") && !local.contains_key("derivedFrom"));
    let carried = create["effects"][2].as_object().expect("object");
    assert!(!carried.contains_key("line"));
    assert_eq!(carried.get("propagated"), Some(&Value::Bool(true)));
    // inferredThrows present when non-empty, absent when empty.
    assert!(
        create["signature"]
            .as_object()
            .is_some_and(|o| o.contains_key("inferredThrows"))
    );
    assert!(
        handler["signature"]
            .as_object()
            .is_some_and(|o| !o.contains_key("inferredThrows"))
    );
    // generatedAt is never written; empty Class B stats keys are omitted.
    assert!(
        value
            .as_object()
            .is_some_and(|o| !o.contains_key("generatedAt"))
    );
    let mut document = full_document();
    document.stats.skipped_files = Some(Vec::new());
    document.stats.total_files = 6;
    document.stats.effect_classify_timeouts.clear();
    document.stats.lsp_enrichment = None;
    let stats = json(&document)["stats"].clone();
    let stats = stats.as_object().expect("object");
    assert!(!stats.contains_key("skippedFiles"));
    assert!(!stats.contains_key("effectClassifyTimeouts"));
    assert!(!stats.contains_key("lspEnrichment"));
    assert!(stats.contains_key("callResolution"));
    assert!(stats.contains_key("effectPropagation"));
}

#[test]
fn absent_class_a_keys_read_as_null() {
    let mut value = json(&full_document());
    for symbol in value["symbols"].as_array_mut().expect("symbols") {
        let object = symbol.as_object_mut().expect("object");
        object.remove("component");
        object.remove("signature");
        let source = object
            .get_mut("source")
            .and_then(Value::as_object_mut)
            .expect("source");
        source.remove("startColumn");
        source.remove("endColumn");
    }
    for component in value["components"].as_array_mut().expect("components") {
        component
            .as_object_mut()
            .expect("object")
            .remove("description");
    }
    let document = read_document_value(value).unwrap_or_else(|err| panic!("{err}"));
    assert!(
        document
            .symbols
            .iter()
            .all(|s| s.component.is_none() && s.signature.is_none())
    );
    assert!(
        document
            .symbols
            .iter()
            .all(|s| s.source.start_column.is_none())
    );
    assert!(document.components.iter().all(|c| c.description.is_none()));
}

#[test]
fn propagated_false_reads_as_a_local_effect_and_is_written_without_the_key() {
    let mut value = json(&full_document());
    value["symbols"]
        .as_array_mut()
        .and_then(|s| s.iter_mut().find(|s| s["id"] == CALC))
        .expect("calc")["effects"][0]["propagated"] = Value::Bool(false);
    let document = read_document_value(value).unwrap_or_else(|err| panic!("{err}"));
    assert_eq!(document, full_document());
    assert!(!write(&document, false).contains("\"propagated\":false"));
}

#[test]
fn every_string_is_written_in_nfc() {
    let mut document = full_document();
    // Decomposed spellings everywhere a builder might let one in.
    document.components[0].description = Some("Re\u{301}sume\u{301}".into());
    let create = document
        .symbols
        .iter_mut()
        .find(|s| s.id == CREATE)
        .expect("create");
    create.decorators[0].raw = "Post('/cafe\u{301}')".into();
    create.calls[1].target = "this.cafe\u{301}.send".into();
    let text = write(&document, false);
    assert!(text.contains("R\u{E9}sum\u{E9}"));
    assert!(text.contains("Post('/caf\u{E9}')"));
    assert!(text.contains("this.caf\u{E9}.send"));
    assert!(!text.contains('\u{301}'));
}

#[test]
fn nfc_decides_the_order_of_propagated_effects() {
    // "e\u{301}" (decomposed) sorts before "z" by code unit, but its NFC form "é" (U+00E9)
    // sorts after: the serializer must sort the normalised spelling.
    let mut document = full_document();
    let create = document
        .symbols
        .iter_mut()
        .find(|s| s.id == CREATE)
        .expect("create");
    for target in ["e\u{301}", "z"] {
        create.effects.push(Effect {
            id: "x-test:probe".into(),
            target: target.into(),
            plugin: "effects-test".into(),
            confidence: Confidence::Low,
            derived_by: "test".into(),
            origin: EffectOrigin::Propagated {
                derived_from: vec![CALC.into()],
            },
        });
    }
    let value = json(&document);
    let targets: Vec<&str> = symbol(&value, CREATE)["effects"]
        .as_array()
        .map(|e| e.iter().filter_map(|e| e["target"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(&targets[targets.len() - 2..], ["z", "\u{E9}"]);
}

#[test]
fn canonical_key_collision_is_refused() {
    let value = serde_json::json!({"outer": {"\u{E9}": 1, "e\u{301}": 2}});
    match canonical_json(&value, true) {
        Err(CanonicalError::KeyCollision { path, .. }) => assert_eq!(path, "$.outer"),
        other => panic!("expected canonical-key-collision, got {other:?}"),
    }
    let message = canonical_json(&value, false)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(
        message.starts_with("canonical-key-collision: "),
        "{message}"
    );
}
