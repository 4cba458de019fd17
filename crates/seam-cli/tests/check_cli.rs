//! `seam check` end to end: forms, formats, exit codes, suppressions and bad input.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../seam-check/tests/fixtures")
}

fn pair(dir: &str) -> [PathBuf; 2] {
    let base = fixtures().join(dir);
    [base.join("provider.json"), base.join("consumer.json")]
}

fn seam(args: &[&str], files: &[PathBuf]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_seam"));
    command
        .arg("check")
        .args(files)
        .args(args)
        .env("NO_COLOR", "1");
    match command.output() {
        Ok(o) => o,
        Err(e) => panic!("seam did not run: {e}"),
    }
}

fn code(o: &Output) -> i32 {
    o.status.code().unwrap_or(-1)
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn exit_codes_follow_fail_on() {
    let fires = pair("misreadProviderResponse/fires");
    assert_eq!(code(&seam(&["--no-suppressions"], &fires)), 1);
    assert_eq!(
        code(&seam(&["--no-suppressions", "--fail-on", "none"], &fires)),
        0
    );
    let silent = pair("misreadProviderResponse/silent");
    assert_eq!(code(&seam(&["--no-suppressions"], &silent)), 0);
    let warning = pair("deadConsumerBranch/fires");
    assert_eq!(code(&seam(&["--no-suppressions"], &warning)), 0);
    assert_eq!(
        code(&seam(
            &["--no-suppressions", "--fail-on", "warning"],
            &warning
        )),
        1
    );
    let info = pair("lowConfidence/fires");
    assert_eq!(
        code(&seam(&["--no-suppressions", "--fail-on", "warning"], &info)),
        0
    );
    assert_eq!(
        code(&seam(&["--no-suppressions", "--fail-on", "info"], &info)),
        1
    );
}

#[test]
fn text_shows_errors_in_full_and_counts_the_rest() {
    let out = seam(&["--no-suppressions"], &pair("deadConsumerBranch/fires"));
    assert_eq!(
        stdout(&out),
        "Compared 1 boundary.\n1 finding: 0 error, 1 warning, 0 info\n\nNot shown: 1 deadConsumerBranch (warning). Run the same command with --all to see them.\n"
    );
    let all = stdout(&seam(
        &["--no-suppressions", "--all"],
        &pair("deadConsumerBranch/fires"),
    ));
    assert!(all.contains("[WARNING] deadConsumerBranch\n  Consumer expects status 410 but provider never produces it\n"));
    // A whole suppression file (`version: 1`, `rules:`), so it loads as printed.
    assert!(all.contains("    version: 1\n    rules:\n      - kind: deadConsumerBranch\n        boundary: \"GET /users/{id}\"\n        consumer: { transitionId: \"loadUser:return:none:eeeeeee\", summary: \"web/users.ts::loadUser\" }\n"));
    assert!(!all.contains('\x1b'));
}

#[test]
fn json_is_a_bare_array_for_two_files_and_an_object_for_a_folder() {
    let out = stdout(&seam(
        &["--no-suppressions", "--format", "json"],
        &pair("deadConsumerBranch/fires"),
    ));
    let value: serde_json::Value = serde_json::from_str(&out).unwrap_or_default();
    assert_eq!(value.as_array().map(Vec::len), Some(1));
    assert_eq!(value[0]["kind"], "deadConsumerBranch");
    assert_eq!(
        value[0]["consumer"]["transitionId"],
        "loadUser:return:none:eeeeeee"
    );

    let dir = fixtures().join("mixedLanguage/summaries");
    let mut command = Command::new(env!("CARGO_BIN_EXE_seam"));
    let out = command
        .args(["check", "--no-suppressions", "--format", "json", "--dir"])
        .arg(&dir)
        .output();
    let out = match out {
        Ok(o) => o,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let value: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap_or_default();
    let keys: Vec<&str> = value
        .as_object()
        .map(|o| o.keys().map(String::as_str).collect())
        .unwrap_or_default();
    assert_eq!(
        keys,
        [
            "findings",
            "run",
            "pairs",
            "unmatched",
            "skipped",
            "summariesWithGaps"
        ]
    );
    assert_eq!(value["pairs"].as_array().map(Vec::len), Some(2));
    assert_eq!(
        value["pairs"][1]["consumer"],
        "clients/users.py::fetch_user"
    );
}

#[test]
fn json_flag_is_format_json() {
    // suss's `check --json`: the same bytes as `--format json`.
    let files = pair("deadConsumerBranch/fires");
    let long = seam(&["--no-suppressions", "--format", "json"], &files);
    let short = seam(&["--no-suppressions", "--json"], &files);
    assert_eq!(code(&short), code(&long));
    assert!(stdout(&short).starts_with('['), "{}", stdout(&short));
    assert_eq!(stdout(&short), stdout(&long));
}

#[test]
fn sarif_validates_against_the_schema_subset() {
    let out = stdout(&seam(
        &["--no-suppressions", "--format", "sarif"],
        &pair("misreadProviderResponse/fires"),
    ));
    let log: serde_json::Value = serde_json::from_str(&out).unwrap_or_default();
    let schema_text = include_str!("data/sarif-2.1.0-subset.schema.json");
    let schema: serde_json::Value = serde_json::from_str(schema_text).unwrap_or_default();
    let validator = match jsonschema::validator_for(&schema) {
        Ok(v) => v,
        Err(e) => panic!("schema: {e}"),
    };
    let errors: Vec<String> = validator.iter_errors(&log).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:?}");
    let result = &log["runs"][0]["results"][0];
    assert_eq!(result["ruleId"], "misreadProviderResponse");
    assert_eq!(result["level"], "error");
    assert_eq!(
        result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        "web/users.ts"
    );
    assert_eq!(
        result["relatedLocations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        "server/users.ts"
    );
    let rules = log["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .map(Vec::len);
    assert_eq!(rules, Some(seam_kinds()));
}

fn seam_kinds() -> usize {
    let out = Command::new(env!("CARGO_BIN_EXE_seam"))
        .args(["check", "--explain", "nope"])
        .output();
    let text = out
        .map(|o| String::from_utf8_lossy(&o.stderr).into_owned())
        .unwrap_or_default();
    text.split("Kinds seam reports: ")
        .nth(1)
        .map_or(0, |list| list.split(", ").count())
}

#[test]
fn markdown_is_a_pr_comment() {
    let out = stdout(&seam(
        &["--no-suppressions", "--format", "markdown"],
        &pair("deadConsumerBranch/fires"),
    ));
    assert!(out.starts_with(
        "## seam check\n\nCompared 1 boundary; 1 finding: **0 error**, 1 warning, 0 info.\n"
    ));
    assert!(out.contains("| warning | `deadConsumerBranch` | `GET /users/{id}` | Consumer expects status 410 but provider never produces it | `web/users.ts::loadUser` | `server/users.ts::getUser` |"));
}

#[test]
fn explain_prints_the_kind_documentation() {
    let out = Command::new(env!("CARGO_BIN_EXE_seam"))
        .args(["check", "--explain", "restCallUnknownPath"])
        .output();
    let out = match out {
        Ok(o) => o,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(code(&out), 0);
    assert!(stdout(&out).starts_with("# restCallUnknownPath (error)\n\n## What it finds\n"));
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("seam-check-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    if let Err(e) = std::fs::create_dir_all(&dir) {
        panic!("{e}");
    }
    dir
}

#[test]
fn suppression_file_from_the_flag_marks_and_a_bad_one_is_exit_2() {
    let dir = temp_dir("rules");
    let good = dir.join("accept.yml");
    let _ = std::fs::write(
        &good,
        "version: 1\nrules:\n  - kind: misreadProviderResponse\n    boundary: GET /users/:id\n    reason: renamed next sprint\n",
    );
    let fires = pair("misreadProviderResponse/fires");
    let out = seam(
        &["--suppressions", good.to_str().unwrap_or_default()],
        &fires,
    );
    assert_eq!(code(&out), 0);
    assert!(stdout(&out).contains("[ERROR, suppressed] misreadProviderResponse"));
    assert!(stdout(&out).contains("  suppressed (mark): renamed next sprint\n"));

    let unknown = dir.join("unknown.yml");
    let _ = std::fs::write(
        &unknown,
        "version: 1\nrules:\n  - kind: misreadProviderResponses\n    boundary: GET /users/:id\n    reason: r\n",
    );
    let out = seam(
        &["--suppressions", unknown.to_str().unwrap_or_default()],
        &fires,
    );
    assert_eq!(code(&out), 2);
    assert!(out.stdout.is_empty());
    assert!(stderr(&out).contains(
        "unknown.yml: line 3: rules[0]: unknown finding kind \"misreadProviderResponses\""
    ));

    let no_reason = dir.join("no-reason.yml");
    let _ = std::fs::write(
        &no_reason,
        "version: 1\nrules:\n  - kind: misreadProviderResponse\n    boundary: GET /users/:id\n",
    );
    let out = seam(
        &["--suppressions", no_reason.to_str().unwrap_or_default()],
        &fires,
    );
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("no-reason.yml: line 3: rules[0]: missing field `reason`"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sussignore_is_found_from_the_checked_folder_up_to_the_repository_root() {
    let root = temp_dir("discover");
    let _ = std::fs::create_dir_all(root.join(".git"));
    let summaries = root.join("out/summaries");
    let _ = std::fs::create_dir_all(&summaries);
    let [provider, consumer] = pair("misreadProviderResponse/fires");
    let _ = std::fs::copy(provider, summaries.join("a.json"));
    let _ = std::fs::copy(consumer, summaries.join("b.json"));
    let _ = std::fs::write(
        root.join(".sussignore.yml"),
        "version: 1\nrules:\n  - kind: misreadProviderResponse\n    boundary: GET /users/{id}\n    effect: hide\n    reason: accepted\n",
    );
    let out = Command::new(env!("CARGO_BIN_EXE_seam"))
        .arg("check")
        .arg("--dir")
        .arg(&summaries)
        .output();
    let out = match out {
        Ok(o) => o,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(code(&out), 0, "{}", stdout(&out));
    assert!(stdout(&out).contains(
        "0 findings: 0 error, 0 warning, 0 info\n  1 finding hidden by suppression rules.\n"
    ));
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_malformed_summary_file_is_exit_2_and_writes_nothing() {
    let dir = temp_dir("malformed");
    let bad = dir.join("bad.json");
    let _ = std::fs::write(&bad, "[\n{\"schemaVersion\":7,\"kind\":\"handler\"\n]\n");
    let report = dir.join("report.txt");
    let [provider, _] = pair("misreadProviderResponse/fires");
    let out = seam(
        &["-o", report.to_str().unwrap_or_default()],
        &[provider, bad],
    );
    assert_eq!(code(&out), 2);
    assert!(!report.exists());
    assert!(stderr(&out).starts_with("error: "));
    assert!(stderr(&out).contains("bad.json"));
    let one = seam(&[], &[dir.join("bad.json")]);
    assert_eq!(code(&one), 2);
    assert!(stderr(&one).contains("is a file. Pass two summary files"));
    let _ = std::fs::remove_dir_all(&dir);
}
