//! A hand-built review-IR document that uses every construct of aburi.ir.v1, shared by the
//! review_* tests.

#![allow(dead_code)]

use seam_ir::review::*;

pub const SERVICE: &str = "ts:apps/billing/src/InvoiceService.ts#InvoiceService";
pub const CREATE: &str = "ts:apps/billing/src/InvoiceService.ts#InvoiceService.createInvoice";
pub const FROM_JSON: &str = "ts:apps/billing/src/InvoiceService.ts#InvoiceService::fromJson";
pub const CALC: &str = "ts:packages/pricing/src/calc.ts#calculateTotal";
pub const DTO: &str = "ts:apps/billing/src/dto.ts#CreateInvoiceDto";
pub const ROUTE: &str = "ts:apps/billing/src/server.ts#app__get__$invoices__d0";
pub const HANDLER: &str = "py:app/main.py#handler";

fn id(language: &str, file: &str, name: &str) -> String {
    match make_symbol_id(language, file, name) {
        Ok(id) => id,
        Err(err) => panic!("fixture id: {err}"),
    }
}

fn fingerprinted(mut symbol: Symbol, body: &str) -> Symbol {
    if let Err(err) = fill_fingerprints(&mut symbol, body) {
        panic!("fixture fingerprint: {err}");
    }
    symbol
}

/// The full document, already canonical and consistent.
pub fn full_document() -> Document {
    let generator = Generator {
        name: "seam".into(),
        version: "0.1.0".into(),
        plugins: vec![
            PluginRef::lang("lang-typescript", "0.1.0", "oxc_parser@0.146.0"),
            PluginRef::lang("lang-python", "0.1.0", "ruff_python_parser@0.0.10"),
            PluginRef::other("framework-nestjs", PluginType::Framework, "0.1.0"),
            PluginRef::other("effects-prisma", PluginType::Effects, "0.1.0"),
        ],
    };
    let mut workspace = Workspace::new(vec!["ts".into(), "py".into()]);
    workspace.managers.push(WorkspaceManager {
        tool: "pnpm".into(),
        roots: vec!["apps/*".into(), "packages/*".into()],
    });
    let mut document = Document::new(generator, workspace);

    document.components = vec![
        Component {
            id: "billing".into(),
            name: "Billing".into(),
            roots: vec!["apps/billing".into()],
            public_api: vec!["apps/billing/src/routes/**".into(), CREATE.into()],
            languages: vec!["ts".into()],
            frameworks: vec!["nestjs".into()],
            description: Some("Invoices and billing runs.".into()),
        },
        Component {
            id: "pricing".into(),
            name: "Pricing".into(),
            roots: vec!["packages/pricing".into()],
            public_api: Vec::new(),
            languages: vec!["ts".into()],
            frameworks: Vec::new(),
            description: None,
        },
    ];

    // A controller class with a boundary decorator.
    let mut service = Symbol::new(
        id("ts", "apps/billing/src/InvoiceService.ts", "InvoiceService"),
        SymbolKind::Class,
        "InvoiceService".into(),
        "ts".into(),
        Visibility::Public,
        SourceRange::lines("apps/billing/src/InvoiceService.ts", 10, 120),
    );
    service.ext_kind = Some("framework:nestjs:controller".into());
    service.component = Some("billing".into());
    service.decorators.push(Decorator {
        name: "Controller".into(),
        raw: "Controller('invoices')".into(),
        arguments: vec!["'invoices'".into()],
        boundary: true,
        line: 9,
    });
    service.derived_by = vec![
        "export-keyword".into(),
        "framework:nestjs:controller".into(),
    ];
    let service = fingerprinted(service, "(class_body)");

    // A method with every rule type, local and propagated effects, resolved and unresolved calls.
    let mut create = Symbol::new(
        id(
            "ts",
            "apps/billing/src/InvoiceService.ts",
            "InvoiceService.createInvoice",
        ),
        SymbolKind::Method,
        "InvoiceService.createInvoice".into(),
        "ts".into(),
        Visibility::Public,
        SourceRange::lines("apps/billing/src/InvoiceService.ts", 42, 91),
    );
    create.ext_kind = Some("framework:nestjs:route".into());
    create.component = Some("billing".into());
    create.confidence = Confidence::Medium;
    create.decorators.push(Decorator {
        name: "Post".into(),
        raw: "Post('/invoices')".into(),
        arguments: vec!["'/invoices'".into()],
        boundary: true,
        line: 41,
    });
    create.signature = Some(Signature {
        inputs: vec![Input {
            name: "dto".into(),
            type_text: "CreateInvoiceDto".into(),
        }],
        outputs: vec!["Promise<Invoice>".into()],
        throws: vec!["CreditLimitExceeded".into()],
        inferred_throws: vec!["NetworkError".into()],
        is_async: true,
        is_generator: false,
        type_parameters: vec!["T extends object".into()],
    });
    create.rules = vec![
        Rule {
            line: 44,
            kind: RuleKind::Guard {
                condition: rule_text("customer.creditLimit <\n   invoice.total"),
            },
        },
        Rule {
            line: 45,
            kind: RuleKind::Throw {
                what: "CreditLimitExceeded".into(),
            },
        },
        Rule {
            line: 50,
            kind: RuleKind::Loop {
                loop_kind: LoopKind::For,
            },
        },
        Rule {
            line: 55,
            kind: RuleKind::Try,
        },
        Rule {
            line: 60,
            kind: RuleKind::Switch {
                condition: "invoice.status".into(),
            },
        },
        Rule {
            line: 90,
            kind: RuleKind::Return {
                expr: "{ ...invoice, total }".into(),
            },
        },
    ];
    create.effects = vec![
        Effect::local(
            "db.write",
            "prisma.invoice.create",
            75,
            "effects-prisma",
            Confidence::High,
            "effects-plugin:prisma:write",
        ),
        Effect::local(
            "x-nest:lifecycle.on-module-init",
            "this.onModuleInit",
            80,
            "framework-nestjs",
            Confidence::Low,
            "framework:nestjs:lifecycle",
        ),
        Effect {
            id: "db.read".into(),
            target: "prisma.price.findMany".into(),
            plugin: "effects-prisma".into(),
            confidence: Confidence::High,
            derived_by: "effects-plugin:prisma:read".into(),
            origin: EffectOrigin::Propagated {
                derived_from: vec![CALC.into()],
            },
        },
    ];
    create.calls = vec![
        Call {
            target: "calculateTotal".into(),
            line: 70,
            resolved: Some(CALC.into()),
        },
        Call {
            target: "this.mailer.send".into(),
            line: 85,
            resolved: None,
        },
    ];
    create.derived_by = vec!["class-method".into(), "framework:nestjs:route".into()];
    let create = fingerprinted(create, "(statement_block (if_statement))");

    // A static method, protected.
    let mut from_json = Symbol::new(
        id(
            "ts",
            "apps/billing/src/InvoiceService.ts",
            "InvoiceService::fromJson",
        ),
        SymbolKind::Method,
        "InvoiceService::fromJson".into(),
        "ts".into(),
        Visibility::Protected,
        SourceRange::lines("apps/billing/src/InvoiceService.ts", 100, 104),
    );
    from_json.component = Some("billing".into());
    from_json.signature = Some(Signature {
        inputs: vec![Input {
            name: "raw".into(),
            type_text: String::new(),
        }],
        ..Signature::default()
    });
    from_json.derived_by = vec!["static-method".into()];
    let from_json = fingerprinted(from_json, "(statement_block)");

    let mut calc = Symbol::new(
        id("ts", "packages/pricing/src/calc.ts", "calculateTotal"),
        SymbolKind::Function,
        "calculateTotal".into(),
        "ts".into(),
        Visibility::Public,
        SourceRange {
            file: "packages/pricing/src/calc.ts".into(),
            start_line: 3,
            end_line: 12,
            start_column: Some(1),
            end_column: Some(2),
        },
    );
    calc.component = Some("pricing".into());
    calc.signature = Some(Signature::default());
    calc.effects = vec![Effect::local(
        "db.read",
        "prisma.price.findMany",
        5,
        "effects-prisma",
        Confidence::High,
        "effects-plugin:prisma:read",
    )];
    let calc = fingerprinted(calc, "(statement_block (return_statement))");

    let mut dto = Symbol::new(
        id("ts", "apps/billing/src/dto.ts", "CreateInvoiceDto"),
        SymbolKind::Class,
        "CreateInvoiceDto".into(),
        "ts".into(),
        Visibility::Public,
        SourceRange::lines("apps/billing/src/dto.ts", 1, 6),
    );
    dto.component = Some("billing".into());
    dto.confidence = Confidence::Low;
    dto.drop_with_reason("pure DTO");

    let mut route = Symbol::new(
        id(
            "ts",
            "apps/billing/src/server.ts",
            "app__get__$invoices__d0",
        ),
        SymbolKind::Call,
        "app__get__$invoices__d0".into(),
        "ts".into(),
        Visibility::Internal,
        SourceRange::lines("apps/billing/src/server.ts", 7, 7),
    );
    route.component = Some("billing".into());
    route.ext_kind = Some("framework:express:route".into());
    let route = fingerprinted(route, "(call_expression)");

    let mut handler = Symbol::new(
        id("py", "app/main.py", "handler"),
        SymbolKind::Function,
        "handler".into(),
        "py".into(),
        Visibility::Public,
        SourceRange::lines("app/main.py", 1, 9),
    );
    handler.signature = Some(Signature {
        inputs: vec![Input {
            name: "event".into(),
            type_text: "dict".into(),
        }],
        outputs: vec!["str".into()],
        ..Signature::default()
    });
    handler.rules = vec![Rule {
        line: 2,
        kind: RuleKind::Match {
            condition: "event[\"kind\"]".into(),
        },
    }];
    let handler = fingerprinted(handler, "(block (match_statement))");

    document.symbols = vec![service, create, from_json, calc, dto, route, handler];
    document.dependencies = vec![
        Dependency::call(CREATE, CALC),
        Dependency {
            from: "billing".into(),
            to: "pricing".into(),
            via: Via::Import,
            direction: Direction::Outbound,
            effect: None,
        },
        Dependency {
            from: "billing".into(),
            to: "pricing".into(),
            via: Via::Http,
            direction: Direction::Bidirectional,
            effect: Some("network.http".into()),
        },
    ];
    document.stats = Stats {
        total_files: 7,
        parsed_files: 6,
        kept_symbols: 6,
        dropped_symbols: 1,
        effect_classify_timeouts: vec![EffectClassifyTimeout {
            plugin: "effects-prisma".into(),
            symbol_id: CALC.into(),
            timeout_ms: 50,
        }],
        effect_propagation: EffectPropagationStats {
            scc_count: 7,
            max_scc_size: 1,
            propagated_effect_count: 1,
            symbols_with_propagated_effects: 1,
        },
        lsp_enrichment: Some(LspEnrichmentStats {
            enabled: false,
            languages_disabled: vec!["py".into()],
            ..LspEnrichmentStats::default()
        }),
        call_resolution: Some(CallResolutionStats {
            total_calls: 2,
            resolved_calls: 1,
            unresolved: UnresolvedCallBuckets {
                dynamic: 1,
                ..UnresolvedCallBuckets::default()
            },
        }),
        skipped_files: Some(vec![SkippedFile {
            path: "apps/billing/src/broken.ts".into(),
            reason: SkipReason::ParseFailed,
        }]),
    };
    canonicalize(&mut document);
    document
}

/// Writes `document` canonically or fails the test with the error.
pub fn write(document: &Document, pretty: bool) -> String {
    match to_canonical_json(document, pretty) {
        Ok(text) => text,
        Err(err) => panic!("write failed: {err}"),
    }
}

/// The invariant numbers `check_invariants` reports, empty when the document is sound.
pub fn fired(document: &Document) -> Vec<u8> {
    match check_invariants(document) {
        Ok(()) => Vec::new(),
        Err(violations) => violations.invariants(),
    }
}
