//! `seam check` with intent documents, end to end: every intent finding kind fires with its
//! exact message on a fixture where the code disagrees with the document, and stays silent on
//! one where it agrees; bad documents stop the run with the file, line, column and fix (exit
//! 2); the inferred-intent downgrade, suppressions and every output format.
//!
//! Fixtures: `tests/fixtures/intent/app` (Express and Prisma, with a vitest file),
//! `tests/fixtures/intent/nest` (a NestJS controller and its vitest unit tests) and
//! `tests/fixtures/intent/py` (FastAPI, with pytest tests), and per kind the documents under
//! `tests/fixtures/intent/cases/<kind>/{fires,silent}`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/intent")
}

fn seam(args: &[&str]) -> Output {
    match Command::new(env!("CARGO_BIN_EXE_seam"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
    {
        Ok(o) => o,
        Err(e) => panic!("seam did not run: {e}"),
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The repository a kind's fixture checks: covering-test kinds need the pytest one.
fn repo_for(kind: &str) -> &'static str {
    match kind {
        "missingCoveringTest" | "coveringTestSkipped" | "testMissesSubject" => "py",
        _ => "app",
    }
}

fn report(repo: &str, intent: &Path, extra: &[&str]) -> serde_json::Value {
    let root = fixtures().join(repo);
    let mut args = vec![
        "check",
        root.to_str().unwrap_or_default(),
        "--intent",
        intent.to_str().unwrap_or_default(),
        "--format",
        "json",
        "--fail-on",
        "none",
    ];
    args.extend_from_slice(extra);
    let out = seam(&args);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    match serde_json::from_slice(&out.stdout) {
        Ok(v) => v,
        Err(e) => panic!("not JSON ({e}): {}", text(&out.stdout)),
    }
}

/// `severity message` of every finding of `kind`, in report order.
fn of_kind(report: &serde_json::Value, kind: &str) -> Vec<String> {
    report["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|f| f["kind"] == kind)
        .map(|f| {
            format!(
                "{} {}",
                f["severity"].as_str().unwrap_or_default(),
                f["description"].as_str().unwrap_or_default()
            )
        })
        .collect()
}

fn case(kind: &str, which: &str) -> Vec<String> {
    let dir = fixtures().join("cases").join(kind).join(which);
    of_kind(&report(repo_for(kind), &dir, &[]), kind)
}

/// Each kind: the exact findings where the code disagrees, none where it agrees.
const EXPECTED: &[(&str, &[&str])] = &[
    (
        "unimplementedBoundary",
        &[
            "error Intent \"delete-order\" declares boundary DELETE /orders/{id} with 2 outcome(s); no code produces this boundary.",
        ],
    ),
    (
        "uncoveredOutcome",
        &[
            "error Intent \"get-order\" declares status 410 at GET /orders/{id}; get has no transition that produces it.",
        ],
    ),
    (
        "outcomeShapeMismatch",
        &[
            "error Intent \"get-order\" declares status 200 at GET /orders/{id} with a body; no transition of get that produces it sends a body of that shape (the body it sends has no customer). Send the declared body, or correct it in the intent.",
        ],
    ),
    (
        "renamedBoundary",
        &[
            "error Intent \"create-order\" declares writes prisma:orderRecord; post writes prisma:order instead, with the same outcomes. If the store was renamed, update the intent.",
        ],
    ),
    (
        "pathWithoutEffect",
        &[
            "error Intent \"archive-order\" says every outcome results in a write to prisma:auditLog at POST /orders/{id}/archive; the transition of post at line 21, which produces archived (status 200), does not. Add the effect on that path, or list archived under except.",
        ],
    ),
    (
        "valueFromElsewhere",
        &[
            "error Intent \"archive-order\" says archived writes prisma:order with id taken from input.params.id; post takes it from input.body.id (in the transition at line 21). Take the value from the source the intent gives, or correct the document.",
            // A field sent in a request body (fetch's `body`, through `JSON.stringify`).
            "error Intent \"pay-order\" says paid writes POST /charges with orderId taken from input.params.id; post takes it from input.body.orderId (in the transition at line 47). Take the value from the source the intent gives, or correct the document.",
        ],
    ),
    (
        "undeclaredOutcome",
        &[
            "info post produces status 422 at POST /orders; intent \"create-order\" does not declare it.",
        ],
    ),
    (
        "unkeyableBoundary",
        &[
            "warning Intent \"orders-table\" names a storage boundary seam cannot key, so it was not checked: a store has no key at all: write it as `- writes: <store>` on an outcome of the boundary that touches it instead.",
        ],
    ),
    (
        "unreadInputField",
        &[
            "warning Intent \"get-order\" says GET /orders/{id} receives query.expand and needs it; get never reads it.",
            "info Intent \"get-order\" says GET /orders/{id} receives query.page; get never reads it.",
        ],
    ),
    (
        "undeclaredInputRead",
        &[
            "info post reads body.items at POST /orders; intent \"create-order\" does not list it under receives.",
        ],
    ),
    (
        "unlinkedScenario",
        &[
            "warning Scenario \"Guest checkout\" in PRD \"Orders\" has neither a link to a boundary outcome nor a covering test, so nothing checks it; add a link, or list the test that covers it under coveredBy.",
        ],
    ),
    (
        "danglingScenarioLink",
        &[
            "warning Scenario \"See an order\" in PRD \"Orders\" links to get-order.shown, but intent \"get-order\" declares no outcome shown; it declares found, no-such-order.",
            "warning Scenario \"Cancel\" in PRD \"Orders\" links to cancel-order.cancelled, but no boundary intent is named cancel-order.",
        ],
    ),
    (
        "ambiguousScenarioLink",
        &[
            "warning Scenario \"See an order\" in PRD \"Orders\" links to get-order.found, but 2 boundary intents are named get-order; give them different names.",
        ],
    ),
    (
        "undescribedOutcome",
        &[
            "info Intent \"get-order\" declares outcome no-such-order at GET /orders/{id}; no PRD scenario links to it.",
        ],
    ),
    (
        "missingCoveringTest",
        &[
            "warning Scenario \"Archive elsewhere\" in PRD \"Orders\" lists the test \"tests/test_other.py::test_archive\", which is not among the tests seam read (it read no test in tests/test_other.py).",
            "warning Scenario \"Archive\" in PRD \"Orders\" lists the test \"tests/test_orders.py::test_archive_gone\", which is not among the tests seam read (no test in tests/test_orders.py has that title).",
        ],
    ),
    (
        "coveringTestSkipped",
        &[
            "warning Scenario \"Archive later\" in PRD \"Orders\" lists the test \"tests/test_orders.py::test_archive_later\", which is marked to be skipped, so it does not run.",
        ],
    ),
    (
        "testMissesSubject",
        &[
            "warning Scenario \"Sum\" in PRD \"Orders\" lists the test \"tests/test_orders.py::TestArithmetic::test_sum\", which never reaches POST /orders/{order_id}/archive.",
            "warning Scenario \"Elsewhere\" in PRD \"Orders\" lists the test \"tests/test_orders.py::test_archive\", and what it has to reach, GET /nowhere, is nothing in these summaries: no code provides it.",
            "warning Scenario \"No subject\" in PRD \"Orders\" lists the test \"tests/test_orders.py::test_archive\", and the PRD links to no boundary a test could be checked against; say what it has to reach under about.",
            "warning Scenario \"Through the service\" in PRD \"Orders\" lists the test \"tests/test_orders.py::test_archive_through_service\", which reaches POST /orders/{order_id}/archive only through a call its mocks replace (patch(\"app.main.archive\")), by archive_order -> archive.",
        ],
    ),
];

#[test]
fn every_intent_kind_has_a_fixture() {
    let kinds: Vec<&str> = EXPECTED.iter().map(|(k, _)| *k).collect();
    let mut listed = seam_ir::findings::INTENT_FINDING_KINDS.to_vec();
    listed.sort_unstable();
    let mut covered = kinds.clone();
    covered.sort_unstable();
    assert_eq!(covered, listed);
}

#[test]
fn each_kind_fires_with_its_message_where_the_code_disagrees() {
    for (kind, expected) in EXPECTED {
        assert_eq!(case(kind, "fires"), *expected, "{kind}");
    }
}

#[test]
fn each_kind_stays_silent_where_the_code_agrees() {
    for (kind, _) in EXPECTED {
        assert_eq!(case(kind, "silent"), Vec::<String>::new(), "{kind}");
    }
}

#[test]
fn a_test_the_walk_cannot_follow_is_unchecked_rather_than_a_finding() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("store.prd.yaml"),
        "kind: prd\ntitle: Orders\npurpose: p\naudience: a\nscenarios:\n  - title: In the store\n    when: w\n    expect: e\n    about: [\"POST /orders/{order_id}/archive\"]\n    coveredBy: [tests/test_orders.py::test_archive_in_store]\n",
    )
    .expect("written");
    let report = report("py", dir.path(), &[]);
    assert_eq!(of_kind(&report, "testMissesSubject"), Vec::<String>::new());
    assert_eq!(
        report["intent"]["unchecked"],
        serde_json::json!([{
            "intent": "Orders",
            "reason": "unfollowedCall",
            "scenario": "\"In the store\"",
            "coveredBy": "tests/test_orders.py::test_archive_in_store",
            "detail": "Scenario \"In the store\" lists the test \"tests/test_orders.py::test_archive_in_store\": it calls Store.archive, and seam could not follow that call to POST /orders/{order_id}/archive.",
        }])
    );
}

#[test]
fn covering_tests_that_reach_their_subject_count_as_covered() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("archive.prd.yaml"),
        "kind: prd\ntitle: Orders\npurpose: p\naudience: a\nscenarios:\n  - title: Archive\n    when: w\n    expect: e\n    about: [\"POST /orders/{order_id}/archive\"]\n    coveredBy: [tests/test_orders.py::test_archive, \"tests/test_orders.py::test_archive_each[1]\"]\n",
    )
    .expect("written");
    let report = report("py", dir.path(), &[]);
    assert_eq!(
        report["intent"]["checked"],
        serde_json::json!([{
            "kind": "prd", "intent": "Orders", "scenarios": 1, "resolved": 0, "covered": 1, "unlinked": 0
        }])
    );
}

#[test]
fn a_vitest_route_call_covers_and_a_skipped_block_skips() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("orders.prd.yaml"),
        "kind: prd\ntitle: Orders\npurpose: p\naudience: a\nscenarios:\n  - title: Archive\n    when: w\n    expect: e\n    about: [\"POST /orders/:id/archive\"]\n    coveredBy: [tests/orders.test.ts > orders > archives an order]\n  - title: Create\n    when: w\n    expect: e\n    about: [\"POST /orders\"]\n    coveredBy: [tests/orders.test.ts > orders > later > creates an order]\n",
    )
    .expect("written");
    let report = report("app", dir.path(), &[]);
    assert_eq!(
        of_kind(&report, "coveringTestSkipped"),
        [
            "warning Scenario \"Create\" in PRD \"Orders\" lists the test \"tests/orders.test.ts > orders > later > creates an order\", which is marked to be skipped, so it does not run."
        ]
    );
    assert_eq!(of_kind(&report, "testMissesSubject"), Vec::<String>::new());
    assert_eq!(report["intent"]["checked"][0]["covered"], 1);
}

#[test]
fn an_inferred_intent_gives_findings_one_severity_lower() {
    let dir = tempfile::tempdir().expect("temp dir");
    let source =
        std::fs::read_to_string(fixtures().join("cases/uncoveredOutcome/fires/get.intent.yaml"))
            .expect("read");
    std::fs::write(
        dir.path().join("get.intent.yaml"),
        source.replace(
            "audience: the web client\n",
            "audience: the web client\nsource: inferred\n",
        ),
    )
    .expect("written");
    assert_eq!(
        of_kind(&report("app", dir.path(), &[]), "uncoveredOutcome"),
        [
            "warning Intent \"get-order\" declares status 410 at GET /orders/{id}; get has no transition that produces it."
        ]
    );
}

#[test]
fn suppression_rules_apply_to_intent_findings_with_their_scenario() {
    let dir = tempfile::tempdir().expect("temp dir");
    let cases = fixtures().join("cases/unlinkedScenario/fires");
    for name in ["get.intent.yaml", "orders.prd.yaml"] {
        std::fs::copy(cases.join(name), dir.path().join(name)).expect("copied");
    }
    let rules = dir.path().join("rules.yml");
    std::fs::write(
        &rules,
        "version: 1\nrules:\n  - kind: unlinkedScenario\n    boundary: \"prd:Orders\"\n    scenario: \"Guest checkout\"\n    effect: downgrade\n    reason: guests are out of scope this quarter\n  - kind: uncoveredOutcome\n    boundary: \"prd:Orders\"\n    scenario: \"Another\"\n    reason: never matches\n",
    )
    .expect("written");
    let report = report(
        "app",
        dir.path(),
        &["--suppressions", rules.to_str().unwrap_or_default()],
    );
    let found: Vec<&serde_json::Value> = report["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|f| f["kind"] == "unlinkedScenario")
        .collect();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0]["severity"], "info");
    assert_eq!(
        found[0]["suppressed"],
        serde_json::json!({"reason": "guests are out of scope this quarter", "effect": "downgrade", "originalSeverity": "warning"})
    );
}

#[test]
fn the_text_report_has_an_intent_section_and_sarif_a_rule_per_intent_kind() {
    let root = fixtures().join("app");
    let intent = fixtures().join("cases/valueFromElsewhere/fires");
    let out = seam(&[
        "check",
        root.to_str().unwrap_or_default(),
        "--intent",
        intent.to_str().unwrap_or_default(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains(
            "\nIntent: 2 boundary intents checked against code.\n  [error] POST /orders/{id}/archive: Intent \"archive-order\" says archived writes prisma:order with id taken from input.params.id; post takes it from input.body.id (in the transition at line 21). Take the value from the source the intent gives, or correct the document.\n    valueFromElsewhere in archive.intent.yaml:7\n    code: src/orders.ts::post (src/orders.ts:15)\n    to accept it, add under `rules:` in .sussignore.yml:\n      - kind: valueFromElsewhere\n        boundary: \"POST /orders/{id}/archive\"\n        effect: mark\n"
        ),
        "{stdout}"
    );
    let out = seam(&[
        "check",
        root.to_str().unwrap_or_default(),
        "--intent",
        intent.to_str().unwrap_or_default(),
        "--format",
        "sarif",
    ]);
    let sarif: serde_json::Value = serde_json::from_slice(&out.stdout).expect("SARIF is JSON");
    let rules = &sarif["runs"][0]["tool"]["driver"]["rules"];
    let ids: Vec<&str> = rules
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|r| r["id"].as_str())
        .collect();
    for kind in seam_ir::findings::INTENT_FINDING_KINDS {
        assert!(ids.contains(kind), "{kind}");
    }
    let result = sarif["runs"][0]["results"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|r| r["ruleId"] == "valueFromElsewhere")
        .expect("the intent finding is a SARIF result");
    // Paths are relative to the repository root (the fixture's folder, or the checkout
    // holding it), so they end with the fixture's own path.
    let uri = |v: &serde_json::Value| v.as_str().unwrap_or_default().to_owned();
    let located = uri(&result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]);
    assert!(
        located == "src/orders.ts" || located.ends_with("/intent/app/src/orders.ts"),
        "{located}"
    );
    let related =
        uri(&result["relatedLocations"][0]["physicalLocation"]["artifactLocation"]["uri"]);
    assert!(
        related == "archive.intent.yaml" || related.ends_with("/intent/app/archive.intent.yaml"),
        "{related}"
    );
}

#[test]
fn explain_knows_the_intent_kinds() {
    let out = seam(&["check", "--explain", "pathWithoutEffect"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).starts_with("# pathWithoutEffect (error, intent)\n"));
}

#[test]
fn the_intent_schema_is_printed() {
    let out = seam(&["schema", "intent"]);
    assert_eq!(out.status.code(), Some(0));
    let schema: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(schema["title"], "seam intent document");
}

/// A bad document: exit 2, one line on standard error naming file, line, column and the fix,
/// nothing on standard output.
fn refused(name: &str, body: &str) -> String {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join(name), body).expect("written");
    let root = fixtures().join("app");
    let out = seam(&[
        "check",
        root.to_str().unwrap_or_default(),
        "--intent",
        dir.path().to_str().unwrap_or_default(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    assert_eq!(text(&out.stdout), "");
    let prefix = format!("error: {}/", dir.path().display());
    text(&out.stderr)
        .strip_prefix(&prefix)
        .unwrap_or_else(|| panic!("{}", text(&out.stderr)))
        .to_owned()
}

const HEAD: &str = "kind: boundary\nname: get-order\npurpose: Show one order.\naudience: the web client\nboundary: { semantics: rest, method: GET, path: /orders/:id }\ntransitions:\n";

#[test]
fn an_unknown_key_is_refused_with_its_place_and_the_fix() {
    assert_eq!(
        refused(
            "get.intent.yaml",
            &format!("{HEAD}  - id: found\n    respons: {{ status: 200 }}\n")
        ),
        "get.intent.yaml:8:5: transitions[0]: unknown field `respons`, expected one of `id`, `when`, `response`, `returns`, `throws`, `exit`, `results`. Remove the key or correct its spelling; `seam schema intent` prints every key a document may have. Nothing was checked.\n"
    );
    assert_eq!(
        refused(
            "orders.prd.yaml",
            "kind: prd\ntitle: Orders\npurpose: p\naudience: a\nscenarios:\n  - when: w\n    expect: e\n    coverdBy: [x]\n"
        ),
        "orders.prd.yaml:8:5: scenarios[0]: unknown field `coverdBy`, expected one of `title`, `when`, `expect`, `link`, `coveredBy`, `about`. Remove the key or correct its spelling; `seam schema intent` prints every key a document may have. Nothing was checked.\n"
    );
}

#[test]
fn a_wrong_type_is_refused_with_its_place_and_the_fix() {
    assert_eq!(
        refused(
            "get.intent.yaml",
            &format!("{HEAD}  - id: found\n    response: {{ status: ok }}\n")
        ),
        "get.intent.yaml:8:25: transitions[0].response.status: invalid type: string \"ok\", expected a whole number. Write a value of the type the key takes. Nothing was checked.\n"
    );
}

#[test]
fn an_outcome_with_two_endings_is_refused() {
    assert_eq!(
        refused(
            "get.intent.yaml",
            &format!(
                "{HEAD}  - id: found\n    response: {{ status: 200 }}\n    throws: {{ errorType: NotFound }}\n"
            )
        ),
        "get.intent.yaml:7:5: transitions[0]: outcome `found` has two endings, `response` and `throws`; an outcome ends one way: keep one, or split it into two outcomes. Nothing was checked.\n"
    );
    assert_eq!(
        refused(
            "get.intent.json",
            "{\"kind\":\"boundary\",\"name\":\"g\",\"purpose\":\"p\",\"audience\":\"a\",\"boundary\":{\"semantics\":\"rest\",\"method\":\"GET\",\"path\":\"/x\"},\n\"transitions\":[{\"id\":\"ok\",\"response\":{\"status\":200},\"returns\":{}}]}\n"
        ),
        "get.intent.json:2:65: outcome `ok` has two endings, `response` and `returns`; an outcome ends one way: keep one, or split it into two outcomes. Nothing was checked.\n"
    );
}

#[test]
fn the_other_rules_are_refused_too() {
    assert_eq!(
        refused(
            "get.intent.yaml",
            &format!(
                "{HEAD}  - id: found\n    when: [ {{ reads: prisma:order, input: params.id }} ]\n    response: {{ status: 200 }}\n"
            )
        ),
        "get.intent.yaml:8:13: transitions[0].when[0]: a `when` clause is about one thing: one of `reads`, `writes`, `invokes` or `input`; this one names 2. Nothing was checked.\n"
    );
    assert_eq!(
        refused(
            "get.intent.yaml",
            &format!("{HEAD}  - id: found\n    response: {{ status: 700 }}\n")
        ),
        "get.intent.yaml:7:5: transitions[0]: outcome `found` answers status 700; an HTTP status is between 100 and 599. Nothing was checked.\n"
    );
    assert_eq!(
        refused(
            "get.intent.yaml",
            "kind: boundary\nname: g\npurpose: p\naudience: a\nboundary: { semantics: rest, method: GET, channel: orders }\ntransitions:\n  - id: found\n    response: { status: 200 }\n"
        ),
        "get.intent.yaml:5:11: boundary: `channel` is not a key of a rest boundary, which takes `method`, `path`; remove it, or change `semantics`. Nothing was checked.\n"
    );
    assert_eq!(
        refused(
            "get.intent.yaml",
            "kind: prd\ntitle: T\npurpose: p\naudience: a\nscenarios: []\n"
        ),
        "get.intent.yaml:1:1: the file name says `kind: boundary`, but the document says `kind: prd`; rename the file to `*.prd.yaml`, or correct `kind`. Nothing was checked.\n"
    );
    assert_eq!(
        refused(
            "get.intent.yaml",
            &format!(
                "{}  - id: found\n    response: {{ status: 200 }}\n",
                HEAD.replace(
                    "audience: the web client\n",
                    "audience: \"\"\nsource: inferred\n"
                )
            )
        ),
        "get.intent.yaml: the document is an inferred draft with blanks still in it (audience); fill them in, and set `source: inferred, curated` once a person has checked the draft. Nothing was checked.\n"
    );
}

#[test]
fn a_draft_is_refused_until_its_blanks_are_filled_and_then_agrees_with_the_code() {
    let root = fixtures().join("app");
    let out = seam(&[
        "intent",
        "draft",
        "GET /orders/:id",
        root.to_str().unwrap_or_default(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let draft = text(&out.stdout);
    assert_eq!(
        draft,
        "# Drafted by seam from get (src/orders.ts). Fill in purpose and audience, check every outcome\n# against what the boundary must do, then set `source: inferred, curated`.\nkind: boundary\nname: get-orders-id\npurpose: ''\naudience: ''\nsource: inferred\nboundary:\n  semantics: rest\n  method: GET\n  path: /orders/{id}\ntransitions:\n- id: status-404\n  when:\n  - reads: prisma:order\n    finds: nothing\n  response:\n    status: 404\n- id: status-200\n  when:\n  - reads: prisma:order\n    finds: something\n  response:\n    status: 200\n"
    );
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("get.intent.yaml"), &draft).expect("written");
    assert_eq!(
        refused("get.intent.yaml", &draft),
        "get.intent.yaml: the document is an inferred draft with blanks still in it (purpose, audience); fill them in, and set `source: inferred, curated` once a person has checked the draft. Nothing was checked.\n"
    );
    let curated = draft
        .replace("purpose: ''", "purpose: Show one order.")
        .replace("audience: ''", "audience: the web client")
        .replace("source: inferred", "source: inferred, curated");
    std::fs::write(dir.path().join("get.intent.yaml"), curated).expect("written");
    let report = report("app", dir.path(), &[]);
    let intent_findings: Vec<&serde_json::Value> = report["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|f| {
            seam_ir::findings::INTENT_FINDING_KINDS.contains(&f["kind"].as_str().unwrap_or(""))
        })
        .collect();
    assert_eq!(intent_findings, Vec::<&serde_json::Value>::new());
}

#[test]
fn a_draft_of_a_boundary_nobody_serves_says_so() {
    let root = fixtures().join("app");
    let out = seam(&[
        "intent",
        "draft",
        "DELETE /orders/:id",
        root.to_str().unwrap_or_default(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "error: no code in the repository provides DELETE /orders/{id}; `seam check --format json` lists the routes it found under `unmatched.providers`.\n"
    );
    let out = seam(&[
        "intent",
        "draft",
        "orders",
        root.to_str().unwrap_or_default(),
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn exit_outcomes_of_a_process_unit_are_checked() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("migrate.intent.yaml"),
        "kind: boundary\nname: migrate\npurpose: Bring the schema up to date.\naudience: the deploy pipeline\nboundary: { semantics: unit-invocation, deploymentTarget: process, instanceName: scripts/migrate.ts }\ntransitions:\n  - id: migrated\n    exit: { code: 0 }\n  - id: failed\n    exit: { code: 1 }\n  - id: not-configured\n    exit: { code: 2 }\n  - id: locked\n    exit: { code: 3 }\n",
    )
    .expect("written");
    assert_eq!(
        of_kind(&report("app", dir.path(), &[]), "uncoveredOutcome"),
        [
            "error Intent \"migrate\" declares exit code 3 at unit:process scripts/migrate.ts; migrate has no transition that produces it."
        ]
    );
}

#[test]
fn an_intent_folder_without_documents_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let root = fixtures().join("app");
    let out = seam(&[
        "check",
        root.to_str().unwrap_or_default(),
        "--intent",
        dir.path().to_str().unwrap_or_default(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), "");
    assert_eq!(
        text(&out.stderr),
        format!(
            "error: {} holds no intent document (*.intent.yaml, *.prd.yaml, or .yml, .json); pass the folder that holds them to --intent.\n",
            dir.path().display()
        )
    );
}

#[test]
fn a_finding_about_the_boundary_as_a_whole_points_at_its_block() {
    let report = report(
        "app",
        &fixtures().join("cases/unimplementedBoundary/fires"),
        &[],
    );
    let finding = report["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|f| f["kind"] == "unimplementedBoundary")
        .expect("the finding");
    assert_eq!(
        finding["provider"]["summary"],
        "delete.intent.yaml::delete-order"
    );
    assert_eq!(finding["provider"]["location"]["range"]["start"], 5);
}

#[test]
fn intents_are_checked_against_a_folder_of_summary_files_too() {
    let dir = tempfile::tempdir().expect("temp dir");
    let root = fixtures().join("app");
    let summaries = dir.path().join("app.json");
    let out = seam(&[
        "extract",
        root.to_str().unwrap_or_default(),
        "-o",
        summaries.to_str().unwrap_or_default(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let intent = fixtures().join("cases/uncoveredOutcome/fires");
    let out = seam(&[
        "check",
        "--dir",
        dir.path().to_str().unwrap_or_default(),
        "--intent",
        intent.to_str().unwrap_or_default(),
        "--format",
        "json",
        "--fail-on",
        "none",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(
        of_kind(&report, "uncoveredOutcome"),
        [
            "error Intent \"get-order\" declares status 410 at GET /orders/{id}; get has no transition that produces it."
        ]
    );
}

#[test]
fn a_value_is_followed_through_the_helper_that_writes_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let intent = "kind: boundary\nname: restore-order\npurpose: Put an archived order back.\naudience: the operations console\nboundary: { semantics: rest, method: POST, path: \"/orders/:id/restore\" }\ntransitions:\n  - id: restored\n    response: { status: 200 }\n    results:\n      - writes: prisma:order\n        by: id\n        from: { id: SOURCE }\n";
    std::fs::write(
        dir.path().join("restore.intent.yaml"),
        intent.replace("SOURCE", "input.params.id"),
    )
    .expect("written");
    assert_eq!(
        of_kind(&report("app", dir.path(), &[]), "valueFromElsewhere"),
        [
            "error Intent \"restore-order\" says restored writes prisma:order with id taken from input.params.id; post takes it from input.body.id (in the transition at line 39). Take the value from the source the intent gives, or correct the document."
        ]
    );
    std::fs::write(
        dir.path().join("restore.intent.yaml"),
        intent.replace("SOURCE", "input.body.id"),
    )
    .expect("written");
    let agreed = report("app", dir.path(), &[]);
    assert_eq!(of_kind(&agreed, "valueFromElsewhere"), Vec::<String>::new());
    assert_eq!(agreed["intent"]["unchecked"], serde_json::json!([]));
}

#[test]
fn a_store_may_be_spelled_by_its_table_where_a_schema_declares_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let shop = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/shop");
    let intent = std::fs::read_to_string(shop.join("intent/cancel-order.intent.yaml"))
        .expect("read")
        .replace("prisma:order", "postgresql:orders");
    assert!(intent.contains("writes: postgresql:orders"));
    std::fs::write(dir.path().join("cancel-order.intent.yaml"), intent).expect("written");
    let out = seam(&[
        "check",
        shop.to_str().unwrap_or_default(),
        "--intent",
        dir.path().to_str().unwrap_or_default(),
        "--format",
        "json",
        "--fail-on",
        "none",
    ]);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let intent_findings: Vec<String> = report["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|f| {
            seam_ir::findings::INTENT_FINDING_KINDS.contains(&f["kind"].as_str().unwrap_or(""))
        })
        .map(|f| f["description"].as_str().unwrap_or_default().to_owned())
        .collect();
    assert_eq!(
        intent_findings,
        [
            "Intent \"cancel-order\" declares status 409 at POST /api/orders/{id}/cancel; post has no transition that produces it."
        ]
    );
}

#[test]
fn a_python_script_exits_through_raise_and_through_what_main_returns() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("reindex.intent.yaml"),
        "kind: boundary\nname: reindex\npurpose: Rebuild a search index.\naudience: operators\nboundary: { semantics: unit-invocation, deploymentTarget: process, instanceName: scripts/reindex.py }\ntransitions:\n  - id: done\n    exit: { code: 0 }\n  - id: usage\n    exit: { code: 2 }\n  - id: refused\n    exit: { code: 3 }\n  - id: crashed\n    exit: { code: 4 }\n",
    )
    .expect("written");
    // `return 0` and `return 2` in `main` (as `sys.exit(main())` makes them exit codes) and
    // `raise SystemExit(3)` cover three outcomes; nothing exits with 4.
    assert_eq!(
        of_kind(&report("py", dir.path(), &[]), "uncoveredOutcome"),
        [
            "error Intent \"reindex\" declares exit code 4 at unit:process scripts/reindex.py; reindex has no transition that produces it."
        ]
    );
}

#[test]
fn a_method_call_on_an_instance_of_the_subjects_class_reaches_it() {
    // `controller.archive("1")` on `controller = new OrdersController(…)`: the walk follows no
    // import to the route, but the call's `receiverClass` is the class serving it (suss's
    // `callOnSubjectClass`). In the second file a spy replaces that very method.
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("orders.prd.yaml"),
        "kind: prd\ntitle: Orders\npurpose: p\naudience: a\nscenarios:\n  - title: Archive\n    when: w\n    expect: e\n    about: [\"POST /orders/:id/archive\"]\n    coveredBy: [tests/orders.controller.test.ts > OrdersController > archives an order]\n  - title: Archive spied\n    when: w\n    expect: e\n    about: [\"POST /orders/:id/archive\"]\n    coveredBy: [tests/orders.spied.test.ts > OrdersController > archives through a spy]\n",
    )
    .expect("written");
    let report = report("nest", dir.path(), &[]);
    assert_eq!(
        of_kind(&report, "testMissesSubject"),
        [
            "warning Scenario \"Archive spied\" in PRD \"Orders\" lists the test \"tests/orders.spied.test.ts > OrdersController > archives through a spy\", which reaches POST /orders/:id/archive only through a call its mocks replace (vi.spyOn(controller, \"archive\")), by controller.archive."
        ]
    );
    assert_eq!(report["intent"]["checked"][0]["covered"], 1);
    assert_eq!(report["intent"]["unchecked"], serde_json::json!([]));
}

#[test]
fn the_remaining_rules_are_refused_with_their_place_and_the_fix() {
    // An outcome with no ending and no results.
    assert_eq!(
        refused("get.intent.yaml", &format!("{HEAD}  - id: found\n")),
        "get.intent.yaml:7:5: transitions[0]: outcome `found` says neither how it ends nor what it results in; add one of `response`, `returns`, `throws`, `exit`, or a `results` list. Nothing was checked.\n"
    );
    // A clause that tests its subject two ways.
    assert_eq!(
        refused(
            "get.intent.yaml",
            &format!(
                "{HEAD}  - id: found\n    when: [ {{ reads: prisma:order, finds: nothing, is: set }} ]\n    response: {{ status: 404 }}\n"
            )
        ),
        "get.intent.yaml:8:13: transitions[0].when[0]: a `when` clause tests its subject one way: keep one of `finds`, `is`, `equals`, `has`, and write the others as clauses of their own. Nothing was checked.\n"
    );
    // `receives` sections that do not fit the protocol, both ways.
    assert_eq!(
        refused(
            "get.intent.yaml",
            "kind: boundary\nname: g\npurpose: p\naudience: a\nboundary: { semantics: rest, method: GET, path: /orders/:id, receives: { cookies: { type: string } } }\ntransitions:\n  - id: found\n    response: { status: 200 }\n"
        ),
        "get.intent.yaml:5:11: boundary: `receives.cookies` is not a section of a REST boundary's input; put it under `headers`, `query`, `params` or `body`. Nothing was checked.\n"
    );
    assert_eq!(
        refused(
            "orders.intent.yaml",
            "kind: boundary\nname: g\npurpose: p\naudience: a\nboundary: { semantics: message-bus, messageBus: kafka, channel: orders, receives: { params: { id: { type: string } } } }\ntransitions:\n  - id: found\n    returns: {}\n"
        ),
        "orders.intent.yaml:5:11: boundary: `receives.params` lists fields the way a REST boundary does; a message-bus boundary names each field directly, as `receives: { orderId: { type: string } }`. Nothing was checked.\n"
    );
    // A value source that is not an input path.
    assert_eq!(
        refused(
            "get.intent.yaml",
            &format!(
                "{HEAD}  - id: found\n    response: {{ status: 200 }}\n    results:\n      - writes: prisma:order\n        from: {{ id: params.id }}\n"
            )
        ),
        "get.intent.yaml:10:9: transitions[0].results[0]: `from.id` is `params.id`; a value source is an input path, written `input.<path>` (as `input.params.id`). Nothing was checked.\n"
    );
    // No transitions, no scenarios.
    assert_eq!(
        refused(
            "get.intent.yaml",
            &format!("{HEAD}[]\n").replace(":\n[]", ": []")
        ),
        "get.intent.yaml:1:1: the document has no `transitions`; add at least one. Nothing was checked.\n"
    );
    assert_eq!(
        refused(
            "orders.prd.yaml",
            "kind: prd\ntitle: T\npurpose: p\naudience: a\nscenarios: []\n"
        ),
        "orders.prd.yaml:1:1: the document has no `scenarios`; add at least one. Nothing was checked.\n"
    );
}
