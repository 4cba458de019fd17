//! Test summaries (`kind: test`): vitest and pytest cases with their title paths, skips, mocks
//! and what each test reaches (functions through imports, routes called with a literal path),
//! on the intent fixtures of seam-cli.

use std::path::Path;

use seam_ir::summary::{BehavioralSummary, CodeUnitKind};
use seam_lang::project::{ProjectOptions, load_project};

fn tests_of(fixture: &str) -> Vec<BehavioralSummary> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../seam-cli/tests/fixtures/intent")
        .join(fixture);
    let project = match load_project(&root, &ProjectOptions::default()) {
        Ok(p) => p,
        Err(e) => panic!("fixture does not load: {e}"),
    };
    seam_extract::tests_summary::extract_tests(&project.models)
}

fn meta(summary: &BehavioralSummary) -> &serde_json::Value {
    summary
        .metadata
        .as_ref()
        .and_then(|m| m.get("test"))
        .expect("metadata.test")
}

#[test]
fn pytest_cases_with_skips_mocks_and_reach() {
    let tests = tests_of("py");
    assert!(tests.iter().all(|t| t.kind == CodeUnitKind::Test));
    let rows: Vec<String> = tests
        .iter()
        .map(|t| {
            let m = meta(t);
            let reaches: Vec<String> = m["reaches"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|r| {
                    format!(
                        "{}:{}{}",
                        r["file"].as_str().unwrap_or("?"),
                        r["via"]
                            .as_array()
                            .into_iter()
                            .flatten()
                            .filter_map(|v| v.as_str())
                            .collect::<Vec<_>>()
                            .join(" -> "),
                        r["mockedBy"]
                            .as_str()
                            .map(|b| format!(" (mocked by {b})"))
                            .unwrap_or_default()
                    )
                })
                .collect();
            format!(
                "{} skipped={} reaches=[{}] gaps={}",
                t.identity.name,
                m["skipped"],
                reaches.join("; "),
                t.gaps.len()
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            "tests/test_orders.py > test_archive skipped=false reaches=[app/main.py:archive] gaps=0",
            "tests/test_orders.py > test_archive_each skipped=false reaches=[app/main.py:archive] gaps=0",
            "tests/test_orders.py > test_archive_later skipped=true reaches=[app/main.py:archive] gaps=0",
            "tests/test_orders.py > test_archive_through_service skipped=false reaches=[app/service.py:archive_order; app/main.py:archive_order -> archive (mocked by patch(\"app.main.archive\"))] gaps=0",
            "tests/test_orders.py > test_archive_in_store skipped=false reaches=[] gaps=1",
            "tests/test_orders.py > TestArithmetic > test_sum skipped=false reaches=[] gaps=0",
        ]
    );
    let through_service = &tests[3];
    assert_eq!(
        meta(through_service)["mocks"],
        serde_json::json!([{ "module": "app/main.py", "name": "archive", "written": "patch(\"app.main.archive\")" }])
    );
}

#[test]
fn vitest_cases_with_suites_skipped_blocks_module_mocks_and_routes() {
    let tests = tests_of("app");
    let rows: Vec<String> = tests
        .iter()
        .map(|t| {
            let m = meta(t);
            format!(
                "{} runner={} skipped={} mocks={} reaches={}",
                t.identity.name, m["runner"], m["skipped"], m["mocks"], m["reaches"]
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            "tests/orders.test.ts > orders > archives an order runner=\"vitest\" skipped=false mocks=[{\"module\":\"../src/audit\",\"written\":\"vi.mock(\\\"../src/audit\\\")\"}] reaches=[{\"method\":\"POST\",\"path\":\"/orders/1/archive\",\"via\":[\"request(router).post\"]}]",
            "tests/orders.test.ts > orders > later > creates an order runner=\"vitest\" skipped=true mocks=[{\"module\":\"../src/audit\",\"written\":\"vi.mock(\\\"../src/audit\\\")\"}] reaches=[{\"method\":\"POST\",\"path\":\"/orders\",\"via\":[\"request(router).post\"]}]",
        ]
    );
}

#[test]
fn a_script_that_exits_is_a_process_unit_with_one_transition_per_exit() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../seam-cli/tests/fixtures/intent/app");
    let project = match load_project(&root, &ProjectOptions::default()) {
        Ok(p) => p,
        Err(e) => panic!("fixture does not load: {e}"),
    };
    let units = seam_extract::process_exits::extract_process_units(&project.models);
    let rows: Vec<String> = units
        .iter()
        .flat_map(|u| {
            u.transitions.iter().map(move |t| {
                format!(
                    "{} {} {} conditions={}",
                    u.location.file,
                    u.identity.name,
                    serde_json::to_string(&t.output).unwrap_or_default(),
                    serde_json::to_string(&t.conditions).unwrap_or_default()
                )
            })
        })
        .collect();
    assert_eq!(
        rows,
        [
            r#"scripts/migrate.ts migrate {"type":"exit","code":{"type":"literal","value":2}} conditions=[{"type":"truthinessCheck","subject":{"type":"derived","from":{"type":"derived","from":{"type":"unresolved","sourceText":"process"},"derivation":{"type":"propertyAccess","property":"env"}},"derivation":{"type":"propertyAccess","property":"DATABASE_URL"}},"negated":true}]"#,
            r#"scripts/migrate.ts migrate {"type":"exit","code":{"type":"literal","value":0}} conditions=[]"#,
            r#"scripts/migrate.ts migrate {"type":"exit","code":{"type":"literal","value":1}} conditions=[]"#,
        ]
    );
}

#[test]
fn with_only_in_a_file_every_other_case_is_skipped() {
    let dir = std::env::temp_dir().join(format!("seam-only-{}", std::process::id()));
    let _ = std::fs::create_dir_all(dir.join("tests"));
    std::fs::write(
        dir.join("tests/a.test.ts"),
        "import { describe, it } from \"vitest\";\ndescribe(\"a\", () => {\n  it.only(\"runs\", async () => { go(); });\n  it(\"does not run\", async () => { go(); });\n});\ndescribe.only(\"b\", () => {\n  it(\"runs too\", async () => { go(); });\n});\n",
    )
    .expect("written");
    let project = match load_project(&dir, &ProjectOptions::default()) {
        Ok(p) => p,
        Err(e) => panic!("does not load: {e}"),
    };
    let rows: Vec<String> = seam_extract::tests_summary::extract_tests(&project.models)
        .iter()
        .map(|t| format!("{} {}", t.identity.name, meta(t)["skipped"]))
        .collect();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        rows,
        [
            "tests/a.test.ts > a > runs false",
            "tests/a.test.ts > a > does not run true",
            "tests/a.test.ts > b > runs too false",
        ]
    );
}

#[test]
fn a_python_script_exits_through_raise_and_through_what_main_returns() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../seam-cli/tests/fixtures/intent/py");
    let project = match load_project(&root, &ProjectOptions::default()) {
        Ok(p) => p,
        Err(e) => panic!("fixture does not load: {e}"),
    };
    let units = seam_extract::process_exits::extract_process_units(&project.models);
    let rows: Vec<String> = units
        .iter()
        .flat_map(|u| {
            u.transitions.iter().map(move |t| {
                format!(
                    "{} {} {} {} conditions={}",
                    u.location.file,
                    t.id,
                    serde_json::to_string(&u.metadata).unwrap_or_default(),
                    serde_json::to_string(&t.output).unwrap_or_default(),
                    t.conditions.len()
                )
            })
        })
        .collect();
    // `raise SystemExit(3)` is an exit; `sys.exit(main())` makes main's returns the exit codes.
    assert_eq!(
        rows,
        [
            r#"scripts/reindex.py reindex:exit:3:ed1bda0 {"process":{"exitCodeFrom":"return"}} {"type":"exit","code":{"type":"literal","value":3}} conditions=1"#,
            r#"scripts/reindex.py main:return:none:9e35917 {"process":{"exitCodeFrom":"return"}} {"type":"return","value":{"type":"literal","value":2}} conditions=1"#,
            r#"scripts/reindex.py main:return:none:da39a3e {"process":{"exitCodeFrom":"return"}} {"type":"return","value":{"type":"literal","value":0}} conditions=0"#,
        ]
    );
}

#[test]
fn a_method_call_on_an_instance_says_its_class() {
    let tests = tests_of("nest");
    let rows: Vec<String> = tests
        .iter()
        .flat_map(|t| {
            t.transitions[0].effects.iter().map(move |e| {
                format!(
                    "{} {}",
                    t.identity.name,
                    serde_json::to_string(&**e).unwrap_or_default()
                )
            })
        })
        .collect();
    assert_eq!(
        rows,
        [
            r#"tests/orders.controller.test.ts > OrdersController > archives an order {"type":"invocation","callee":"controller.archive","args":[],"receiverClass":{"file":"src/orders.controller.ts","name":"OrdersController"},"location":{"start":14,"end":14}}"#,
            r#"tests/orders.spied.test.ts > OrdersController > archives through a spy {"type":"invocation","callee":"controller.archive","args":[],"receiverClass":{"file":"src/orders.controller.ts","name":"OrdersController"},"location":{"start":15,"end":15}}"#,
        ]
    );
}
