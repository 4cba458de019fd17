//! Fingerprint test vectors (aburi-notes §3.6) and the invariance expectations of §3.4.

use seam_ir::review::*;
use serde_json::json;

fn function_f() -> Symbol {
    let mut symbol = Symbol::new(
        make_symbol_id("ts", "src/f.ts", "f").expect("id"),
        SymbolKind::Function,
        "f".into(),
        "ts".into(),
        Visibility::Public,
        SourceRange::lines("src/f.ts", 1, 1),
    );
    symbol.signature = Some(Signature {
        outputs: vec!["void".into()],
        ..Signature::default()
    });
    symbol
}

fn api(symbol: &Symbol) -> String {
    fingerprint_api(symbol).unwrap_or_else(|err| panic!("{err}"))
}

fn logic(symbol: &Symbol) -> String {
    fingerprint_logic(symbol).unwrap_or_else(|err| panic!("{err}"))
}

#[test]
fn known_vectors() {
    assert_eq!(hash12("{}"), "44136fa355b3");
    assert_eq!(hash_canonical(&json!({})).as_deref(), Ok("44136fa355b3"));
    assert_eq!(
        fingerprint_syntax("(function_declaration (identifier \"foo\"))"),
        "5bae34d2c0a4"
    );
    assert_eq!(fingerprint_syntax("(statement_block)"), "a0dab6719a57");
    assert_eq!(hash12(r#"{"effects":[],"rules":[]}"#), "a0af04270155");
}

#[test]
fn symbol_with_no_rules_and_no_effects_has_the_empty_logic_hash() {
    let symbol = function_f();
    assert_eq!(
        canonical_json(&fingerprint::logic_projection(&symbol), false).as_deref(),
        Ok(r#"{"effects":[],"rules":[]}"#)
    );
    assert_eq!(logic(&symbol), "a0af04270155");
}

#[test]
fn api_of_an_exported_void_function() {
    let symbol = function_f();
    let projection = fingerprint::api_projection(&symbol).expect("projection");
    assert_eq!(
        canonical_json(&projection, false).as_deref(),
        Ok(concat!(
            r#"{"decorators":[],"extKind":null,"kind":"function","shortName":"f","#,
            r#""signature":{"async":false,"generator":false,"inputs":[],"outputs":["void"],"throws":[],"typeParameters":[]},"#,
            r#""visibility":"public"}"#
        ))
    );
    assert_eq!(api(&symbol), "c77fb5bb87ab");
}

fn decorated_method() -> Symbol {
    let mut symbol = Symbol::new(
        make_symbol_id("ts", "src/a.ts", "A.m").expect("id"),
        SymbolKind::Method,
        "A.m".into(),
        "ts".into(),
        Visibility::Public,
        SourceRange::lines("src/a.ts", 3, 9),
    );
    symbol.decorators = vec![
        Decorator {
            name: "Post".into(),
            raw: "Post('/x')".into(),
            arguments: vec!["'/x'".into()],
            boundary: true,
            line: 1,
        },
        Decorator {
            name: "Auth".into(),
            raw: "Auth()".into(),
            arguments: Vec::new(),
            boundary: false,
            line: 2,
        },
    ];
    symbol.signature = Some(Signature {
        inputs: vec![Input {
            name: "dto".into(),
            type_text: "Dto".into(),
        }],
        outputs: vec!["Promise<X>".into()],
        throws: vec!["B".into(), "A".into()],
        is_async: true,
        ..Signature::default()
    });
    symbol.rules = vec![Rule {
        line: 4,
        kind: RuleKind::Guard {
            condition: "!dto".into(),
        },
    }];
    symbol.effects = vec![Effect::local(
        "db.write",
        "prisma.x.create",
        5,
        "effects-prisma",
        Confidence::High,
        "effects-plugin:prisma:write",
    )];
    symbol
}

#[test]
fn api_is_invariant_under_what_it_excludes() {
    let base = decorated_method();
    let base_api = api(&base);
    let mut changed = base.clone();
    // A1 parameter rename.
    if let Some(signature) = &mut changed.signature {
        signature.inputs[0].name = "payload".into();
        // Throws are sorted before hashing; inferred throws are excluded.
        signature.throws.reverse();
        signature.inferred_throws = vec!["NetworkError".into()];
    }
    // A2 body change.
    changed.rules.clear();
    changed.effects.clear();
    // A3 decorator reorder; decorator `arguments` are not hashed (raw is).
    changed.decorators.reverse();
    changed.decorators[0].arguments.clear();
    // A12 owner rename, A13 language change.
    changed.name = "Renamed.m".into();
    changed.language = "tsx".into();
    // Whitespace in hashed strings is collapsed with the ECMAScript set, BOM included.
    changed.decorators[0].raw = "\u{FEFF} Auth() \n".into();
    assert_eq!(api(&changed), base_api);
}

type SymbolEdit = dyn Fn(&mut Symbol);

#[test]
fn api_changes_with_what_it_includes() {
    let base = decorated_method();
    let base_api = api(&base);
    let variants: Vec<(&str, Box<SymbolEdit>)> = vec![
        (
            "A4 visibility",
            Box::new(|s| s.visibility = Visibility::Private),
        ),
        (
            "A5 outputs",
            Box::new(|s| {
                if let Some(sig) = &mut s.signature {
                    sig.outputs = vec!["Promise<Y>".into()];
                }
            }),
        ),
        (
            "A6 throws",
            Box::new(|s| {
                if let Some(sig) = &mut s.signature {
                    sig.throws.push("C".into());
                }
            }),
        ),
        (
            "A7 decorator added",
            Box::new(|s| {
                s.decorators.push(Decorator {
                    name: "HttpCode".into(),
                    raw: "HttpCode(201)".into(),
                    arguments: vec!["201".into()],
                    boundary: false,
                    line: 2,
                })
            }),
        ),
        (
            "A8 decorator arguments",
            Box::new(|s| s.decorators[0].raw = "Post('/y')".into()),
        ),
        (
            "A9 async",
            Box::new(|s| {
                if let Some(sig) = &mut s.signature {
                    sig.is_async = false;
                }
            }),
        ),
        ("A10 kind", Box::new(|s| s.kind = SymbolKind::Function)),
        (
            "A11 extKind",
            Box::new(|s| s.ext_kind = Some("framework:nestjs:route".into())),
        ),
        ("A14 short name", Box::new(|s| s.name = "A.n".into())),
        (
            "boundary flag",
            Box::new(|s| s.decorators[0].boundary = false),
        ),
        (
            "parameter type",
            Box::new(|s| {
                if let Some(sig) = &mut s.signature {
                    sig.inputs[0].type_text = "Other".into();
                }
            }),
        ),
        // U+0085 is not JavaScript whitespace, so it is not collapsed.
        (
            "NEL kept",
            Box::new(|s| s.decorators[1].raw = "Auth(\u{0085})".into()),
        ),
    ];
    for (name, change) in variants {
        let mut changed = base.clone();
        change(&mut changed);
        assert_ne!(api(&changed), base_api, "{name}");
    }
}

#[test]
fn logic_tracks_rules_and_effect_targets_only() {
    let base = decorated_method();
    let base_logic = logic(&base);

    let mut same = base.clone();
    same.effects[0].id = "db.read".into(); // L11
    same.effects[0].plugin = "effects-other".into(); // L12
    same.effects[0].confidence = Confidence::Low;
    same.calls.push(Call {
        target: "console.log".into(),
        line: 6,
        resolved: None,
    }); // L4: calls are not hashed
    same.decorators.clear(); // L5
    same.rules[0].line = 40; // lines are not hashed
    same.rules[0].kind = RuleKind::Guard {
        condition: "  !dto\n".into(),
    }; // L3 whitespace
    assert_eq!(logic(&same), base_logic);

    let mut changed = base.clone();
    changed.rules[0].kind = RuleKind::Guard {
        condition: "!dto.id".into(),
    }; // L8
    assert_ne!(logic(&changed), base_logic);
    let mut changed = base.clone();
    changed.effects[0].target = "prisma.y.create".into(); // L9
    assert_ne!(logic(&changed), base_logic);
    let mut changed = base.clone();
    changed.rules.push(Rule {
        line: 8,
        kind: RuleKind::Throw {
            what: "Error".into(),
        },
    }); // a guard or throw added
    assert_ne!(logic(&changed), base_logic);
    let mut reordered = changed.clone();
    reordered.rules.reverse(); // L6
    assert_ne!(logic(&reordered), logic(&changed));
    let mut changed = base.clone();
    changed.effects.push(Effect {
        id: "db.read".into(),
        target: "prisma.z.findMany".into(),
        plugin: "effects-prisma".into(),
        confidence: Confidence::High,
        derived_by: "effects-plugin:prisma:read".into(),
        origin: EffectOrigin::Propagated {
            derived_from: vec!["ts:src/z.ts#z".into()],
        },
    }); // L10, a propagated effect counts
    assert_ne!(logic(&changed), base_logic);
}

#[test]
fn fill_fingerprints_zeroes_dropped_symbols_and_refuses_blank_syntax() {
    let mut symbol = decorated_method();
    fill_fingerprints(&mut symbol, "(statement_block (if_statement))").expect("fills");
    assert_eq!(symbol.fingerprint.api, api(&symbol));
    assert_eq!(symbol.fingerprint.logic, logic(&symbol));
    assert_eq!(
        symbol.fingerprint.syntax,
        fingerprint_syntax("(statement_block (if_statement))")
    );

    let mut blank = decorated_method();
    assert_eq!(
        fill_fingerprints(&mut blank, " \n"),
        Err(FingerprintError::EmptySyntax("ts:src/a.ts#A.m".into()))
    );

    let mut dropped = decorated_method();
    dropped.drop_with_reason("pure DTO");
    fill_fingerprints(&mut dropped, "").expect("dropped symbols need no syntax");
    assert_eq!(dropped.fingerprint, Fingerprint::zero());
    assert!(dropped.rules.is_empty() && dropped.effects.is_empty() && dropped.calls.is_empty());
    assert_eq!(dropped.decorators.len(), 2, "a drop keeps decorators");
}

#[test]
fn a_name_with_an_empty_leaf_cannot_be_fingerprinted() {
    let mut symbol = function_f();
    symbol.name = "A.".into();
    assert_eq!(
        fingerprint_api(&symbol),
        Err(FingerprintError::EmptyShortName("A.".into()))
    );
}

#[test]
fn rule_text_boundary() {
    let exactly: String = "a".repeat(120);
    assert_eq!(rule_text(&exactly), exactly);
    let over: String = format!("{}b", "a".repeat(120));
    assert_eq!(rule_text(&over), format!("{}...", "a".repeat(120)));
    // Characters are scalar values: 120 astral characters (240 UTF-16 units) are kept whole.
    let astral: String = "\u{1F600}".repeat(120);
    assert_eq!(rule_text(&astral), astral);
    // Collapsing happens before counting: 200 spaces between two words become one.
    assert_eq!(rule_text(&format!("a{}b", " ".repeat(200))), "a b");
    assert_eq!(rule_text("x &&\r\n\t  y"), "x && y");
}

/// The `api` and `logic` texts written straight from a Symbol are the canonical JSON of
/// their projections, for every rule type and for strings NFC, the whitespace collapse and
/// the escaping change.
#[test]
fn texts_written_from_the_symbol_are_the_canonical_json_of_the_projections() {
    let awkward = [
        "plain",
        "",
        " lead and trail ",
        "two  spaces",
        "tab\tnew\nline\r\u{b}\u{c}",
        "quote \" back \\ ctl \u{1} del \u{7f}",
        "e\u{301} composed later, \u{2000}en quad\u{a0}nbsp\u{feff}",
        "漢字 😀 \u{2028}",
    ];
    let mut symbols = vec![function_f(), decorated_method()];
    for (i, text) in awkward.iter().enumerate() {
        let mut symbol = decorated_method();
        symbol.ext_kind = Some(format!("nest:route{i}"));
        symbol.decorators[0].raw = (*text).to_owned();
        symbol.decorators[1].name = (*text).to_owned();
        if let Some(signature) = &mut symbol.signature {
            signature.inputs.push(Input {
                name: "p".into(),
                type_text: (*text).to_owned(),
            });
            signature.outputs.push((*text).to_owned());
            signature.throws.push((*text).to_owned());
            signature.type_parameters = vec![(*text).to_owned(), "T".into()];
            signature.is_generator = i % 2 == 0;
        }
        let loop_kinds = [LoopKind::For, LoopKind::While, LoopKind::Do];
        symbol.rules = vec![
            Rule {
                line: 1,
                kind: RuleKind::Guard {
                    condition: (*text).to_owned(),
                },
            },
            Rule {
                line: 2,
                kind: RuleKind::Throw {
                    what: (*text).to_owned(),
                },
            },
            Rule {
                line: 3,
                kind: RuleKind::Return {
                    expr: (*text).to_owned(),
                },
            },
            Rule {
                line: 4,
                kind: RuleKind::Loop {
                    loop_kind: loop_kinds[i % loop_kinds.len()],
                },
            },
            Rule {
                line: 5,
                kind: RuleKind::Try,
            },
            Rule {
                line: 6,
                kind: RuleKind::Switch {
                    condition: (*text).to_owned(),
                },
            },
            Rule {
                line: 7,
                kind: RuleKind::Match {
                    condition: (*text).to_owned(),
                },
            },
        ];
        symbol.effects[0].target = (*text).to_owned();
        symbols.push(symbol);
    }
    for symbol in &symbols {
        let api_projection = fingerprint::api_projection(symbol).expect("projection");
        assert_eq!(
            fingerprint::api_text(symbol).expect("api text"),
            canonical_json(&api_projection, false).expect("canonical"),
        );
        assert_eq!(
            fingerprint::logic_text(symbol),
            canonical_json(&fingerprint::logic_projection(symbol), false).expect("canonical"),
        );
        assert_eq!(api(symbol), hash_canonical(&api_projection).expect("hash"));
    }
}
