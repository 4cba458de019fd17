//! Issue 15: no crash, no silent loss. Output to a closed pipe, to links, FIFOs, devices and
//! hard links, and the exit codes every command shares.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn seam() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_seam"));
    command.env("NO_COLOR", "1");
    command
}

fn run(args: &[&str]) -> Output {
    seam()
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("seam did not run: {e}"))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn example() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/shop")
}

/// Runs seam with its standard output a pipe whose reading end is closed before seam writes.
fn with_closed_stdout(args: &[&str]) -> (Option<i32>, String) {
    let mut child = seam()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("seam did not run: {e}"));
    drop(child.stdout.take());
    let out = child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("seam did not finish: {e}"));
    (out.status.code(), text(&out.stderr))
}

#[test]
fn a_closed_standard_output_ends_quietly_with_exit_0() {
    let shop = example();
    let shop = shop.to_str().unwrap_or_default();
    for args in [
        vec!["packs"],
        vec!["check", "--explain", "nothingPaired"],
        vec!["schema", "summaries"],
        vec!["extract", shop],
        vec!["model", shop],
    ] {
        let (code, stderr) = with_closed_stdout(&args);
        assert_eq!(code, Some(0), "seam {args:?}: {stderr}");
        assert_eq!(stderr, "", "seam {args:?}");
    }
}

#[cfg(unix)]
#[test]
fn a_full_standard_output_is_an_error_with_exit_2() {
    let full = match std::fs::OpenOptions::new().write(true).open("/dev/full") {
        Ok(f) => f,
        Err(_) => return,
    };
    let out = seam()
        .args(["packs"])
        .stdout(full)
        .output()
        .unwrap_or_else(|e| panic!("seam did not run: {e}"));
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "error: the list of packs could not be written to standard output: No space left on device (os error 28). The disk is full: free some space and run the command again.\n"
    );
}

fn scratch(test: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(test)
        .tempdir()
        .unwrap_or_else(|e| panic!("{e}"))
}

#[cfg(unix)]
#[test]
fn output_to_a_symbolic_link_writes_its_target_and_keeps_the_link() {
    let dir = scratch("symlink-out");
    let target = dir.path().join("report.json");
    std::fs::write(&target, "old").unwrap_or_else(|e| panic!("{e}"));
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink(&target, &link).unwrap_or_else(|e| panic!("{e}"));
    let shop = example();
    for command in [
        vec!["check", "--format", "json", "--fail-on", "none"],
        vec!["extract"],
    ] {
        let mut args = command.clone();
        args.extend([
            shop.to_str().unwrap_or_default(),
            "-o",
            link.to_str().unwrap_or_default(),
        ]);
        let out = run(&args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            text(&out.stderr)
        );
        let meta = std::fs::symlink_metadata(&link).unwrap_or_else(|e| panic!("{e}"));
        assert!(meta.file_type().is_symlink(), "{args:?} replaced the link");
        let written = std::fs::read_to_string(&target).unwrap_or_default();
        assert!(
            written.starts_with('{') || written.starts_with('['),
            "{written}"
        );
    }
}

#[cfg(unix)]
#[test]
fn output_to_a_full_device_is_exit_2_and_the_device_stays() {
    if !Path::new("/dev/full").exists() {
        return;
    }
    let shop = example();
    let shop = shop.to_str().unwrap_or_default();
    for args in [
        vec!["check", shop, "--fail-on", "none", "-o", "/dev/full"],
        vec!["extract", shop, "-o", "/dev/full"],
    ] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = text(&out.stderr);
        assert!(
            stderr.contains("could not be written to /dev/full: No space left on device"),
            "{stderr}"
        );
    }
    let meta = std::fs::symlink_metadata("/dev/full").unwrap_or_else(|e| panic!("{e}"));
    assert!(std::os::unix::fs::FileTypeExt::is_char_device(
        &meta.file_type()
    ));
}

#[cfg(unix)]
#[test]
fn output_to_a_hard_link_keeps_both_names_on_one_file() {
    use std::os::unix::fs::MetadataExt;
    let dir = scratch("hardlink-out");
    let first = dir.path().join("a.txt");
    let second = dir.path().join("b.txt");
    std::fs::write(&first, "old").unwrap_or_else(|e| panic!("{e}"));
    std::fs::hard_link(&first, &second).unwrap_or_else(|e| panic!("{e}"));
    let shop = example();
    let out = run(&[
        "check",
        shop.to_str().unwrap_or_default(),
        "--fail-on",
        "none",
        "-o",
        first.to_str().unwrap_or_default(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let a = std::fs::read(&first).unwrap_or_default();
    assert_eq!(a, std::fs::read(&second).unwrap_or_default());
    assert!(a.len() > 100);
    let ino = |p: &Path| std::fs::metadata(p).map(|m| m.ino()).ok();
    assert_eq!(ino(&first), ino(&second));
}

#[test]
fn a_failed_run_leaves_an_existing_output_file_untouched() {
    let dir = scratch("failed-run");
    let out_file = dir.path().join("report.txt");
    std::fs::write(&out_file, "keep me").unwrap_or_else(|e| panic!("{e}"));
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, "{ not json").unwrap_or_else(|e| panic!("{e}"));
    let out = run(&[
        "check",
        bad.to_str().unwrap_or_default(),
        bad.to_str().unwrap_or_default(),
        "-o",
        out_file.to_str().unwrap_or_default(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        std::fs::read_to_string(&out_file).unwrap_or_default(),
        "keep me"
    );
    let out = run(&[
        "summaries",
        bad.to_str().unwrap_or_default(),
        "-o",
        out_file.to_str().unwrap_or_default(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        std::fs::read_to_string(&out_file).unwrap_or_default(),
        "keep me"
    );
}

fn sarif_validator() -> jsonschema::Validator {
    let text = include_str!("../../seam-report/tests/schemas/sarif-2.1.0.json");
    let schema: serde_json::Value =
        serde_json::from_str(text).unwrap_or_else(|e| panic!("schema: {e}"));
    jsonschema::validator_for(&schema).unwrap_or_else(|e| panic!("schema: {e}"))
}

fn assert_valid_sarif(log: &serde_json::Value) {
    let validator = sarif_validator();
    let errors: Vec<String> = validator.iter_errors(log).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:?}");
}

#[test]
fn sarif_of_the_example_validates_against_the_official_schema() {
    let shop = example();
    let out = run(&[
        "check",
        shop.to_str().unwrap_or_default(),
        "--format",
        "sarif",
        "--no-suppressions",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let log: serde_json::Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}"));
    assert_valid_sarif(&log);
    let run = &log["runs"][0];
    assert!(run["originalUriBaseIds"]["SRCROOT"].is_object());
    let location = &run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"];
    assert_eq!(location["uriBaseId"], "SRCROOT");
}

/// A run that checked nothing says so in SARIF (a tool execution notification), and paths
/// are relative to the repository root even when a subfolder is checked.
#[test]
fn sarif_of_an_empty_subfolder_carries_the_run_findings_and_root_relative_paths() {
    let repo = scratch("sarif-root");
    std::fs::create_dir_all(repo.path().join(".git")).unwrap_or_else(|e| panic!("{e}"));
    let sub = repo.path().join("services/api");
    std::fs::create_dir_all(&sub).unwrap_or_else(|e| panic!("{e}"));
    // One binary file: not read, and listed as such.
    std::fs::write(sub.join("blob.ts"), vec![0u8; 4096]).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(sub.join("ok.ts"), "export const x = 1;\n").unwrap_or_else(|e| panic!("{e}"));
    let out = run(&[
        "check",
        sub.to_str().unwrap_or_default(),
        "--format",
        "sarif",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let log: serde_json::Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}"));
    assert_valid_sarif(&log);
    let notifications = log["runs"][0]["invocations"][0]["toolExecutionNotifications"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let ids: Vec<&str> = notifications
        .iter()
        .filter_map(|n| n["descriptor"]["id"].as_str())
        .collect();
    assert!(ids.contains(&"nothingPaired"), "{notifications:?}");
    let nothing = notifications
        .iter()
        .find(|n| n["descriptor"]["id"] == "nothingPaired");
    assert_eq!(nothing.map(|n| n["level"].clone()), Some("error".into()));
    let blob = notifications
        .iter()
        .find(|n| {
            n["locations"].is_array()
                && n["message"]["text"]
                    .as_str()
                    .is_some_and(|t| t.contains("blob.ts"))
        })
        .unwrap_or_else(|| panic!("no notification for blob.ts: {notifications:?}"));
    assert_eq!(
        blob["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        "services/api/blob.ts"
    );
}

#[test]
fn a_latin1_byte_in_a_typescript_file_is_read_not_dropped() {
    let dir = scratch("latin1");
    std::fs::write(
        dir.path().join("package.json"),
        r#"{"name":"app","dependencies":{"express":"4"}}"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut source = b"import express from 'express';\nconst app = express();\n// caf".to_vec();
    source.push(0xe9); // é in Latin-1
    source.extend_from_slice(b"\napp.get('/menu', (req, res) => res.json({ ok: true }));\n");
    std::fs::write(dir.path().join("server.ts"), source).unwrap_or_else(|e| panic!("{e}"));
    let out = run(&["extract", dir.path().to_str().unwrap_or_default()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let summaries = text(&out.stdout);
    assert!(summaries.contains("\"path\":\"/menu\""), "{summaries}");
    let model = run(&[
        "model",
        dir.path().to_str().unwrap_or_default(),
        "--format",
        "json",
    ]);
    let model = text(&model.stdout);
    assert!(
        model.contains("1 byte that is not UTF-8 text (on line 3) was read as `?`"),
        "{model}"
    );
}

/// A name defined by a call on itself (`var a = a.f()`, as minified bundles write) once sent
/// the lookup of `a.f` round the same question without end until the stack overflowed and
/// the whole run aborted (a vendored icon font script did it). The other file is still read.
#[test]
fn a_name_defined_by_a_call_on_itself_does_not_overflow_the_stack() {
    let dir = scratch("self-defined");
    std::fs::write(
        dir.path().join("package.json"),
        r#"{"name":"app","dependencies":{"axios":"1"}}"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(
        dir.path().join("a.ts"),
        "import axios from 'axios';\nexport const list = () => axios.get('/items');\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(
        dir.path().join("icon.js"),
        "var l=(a=(a=document.x)[a.length-1]).getAttribute('c'),a=a.getAttribute('d');\nvar b=b.f('d');\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let out = run(&["extract", dir.path().to_str().unwrap_or_default()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let summaries = text(&out.stdout);
    assert_eq!(summaries.matches("\"kind\":").count(), 1, "{summaries}");
    assert!(
        summaries.contains("\"method\":\"GET\",\"path\":\"/items\""),
        "{summaries}"
    );
}

/// A registration helper that calls itself with a member of its own parameter
/// (`reg(r.next)`) once sent the reading of `r.path` round the same parameter until the
/// stack overflowed (a bundled JavaScript file did it).
#[test]
fn a_registration_helper_calling_itself_does_not_overflow_the_stack() {
    let dir = scratch("self-calling-helper");
    std::fs::write(
        dir.path().join("package.json"),
        r#"{"name":"app","dependencies":{"express":"4"}}"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(
        dir.path().join("app.js"),
        "const express = require('express');\nconst app = express();\nfunction reg(r) {\n  app.get(r.path, (req, res) => res.json({}));\n  if (r.next) reg(r.next);\n}\nreg({ path: '/a', next: { path: '/b' } });\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let out = run(&["extract", dir.path().to_str().unwrap_or_default()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let summaries = text(&out.stdout);
    assert!(
        summaries.contains("\"method\":\"GET\",\"path\":\"/a\""),
        "{summaries}"
    );
}

#[test]
fn every_file_not_read_is_counted_in_the_report_and_listed_with_verbose() {
    let dir = scratch("not-read");
    std::fs::write(
        dir.path().join("gen.ts"),
        "// @generated\nexport const a = 1;\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(dir.path().join("types.d.ts"), "export type A = 1;\n")
        .unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(dir.path().join("blob.js"), vec![0u8; 1000]).unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().to_str().unwrap_or_default();
    let out = run(&["check", path, "--fail-on", "none"]);
    let report = text(&out.stdout);
    assert!(
        report.contains(
            "  3 files were not read: 1 excluded, 1 generated, 1 not text. Run with --verbose to list them.\n"
        ),
        "{report}"
    );
    let out = run(&["check", path, "--fail-on", "none", "--verbose"]);
    let report = text(&out.stdout);
    assert!(
        report.contains("    gen.ts: generated: `@generated` in the first lines\n"),
        "{report}"
    );
    assert!(
        report.contains("    types.d.ts: excluded: matches *.d.ts\n"),
        "{report}"
    );
    let out = run(&["check", path, "--fail-on", "none", "--format", "json"]);
    let json: serde_json::Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(json["skipped"][0]["file"], "blob.js");
    let excluded: Vec<&str> = json["excluded"]
        .as_array()
        .map(|a| a.iter().filter_map(|e| e["file"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(excluded, vec!["gen.ts", "types.d.ts"]);
}

#[test]
fn an_empty_run_does_not_say_zero_findings_without_the_run_error() {
    let dir = scratch("empty-run");
    let out = run(&["check", dir.path().to_str().unwrap_or_default()]);
    assert_eq!(out.status.code(), Some(1));
    let report = text(&out.stdout);
    let first_lines: Vec<&str> = report.lines().take(2).collect();
    assert_eq!(
        first_lines,
        vec![
            "Compared 0 boundaries.",
            "0 findings: 0 error, 0 warning, 0 info; and about the run itself: nothingPaired (error)"
        ]
    );
}

/// The rule printed under a finding is a whole `.sussignore.yml` (with `version: 1`): written
/// to a file as printed (reason filled in), it loads and accepts the finding.
#[test]
fn the_printed_suppression_rule_loads_back_and_accepts_the_finding() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../seam-check/tests/fixtures/misreadProviderResponse/fires");
    let provider = fixtures.join("provider.json");
    let consumer = fixtures.join("consumer.json");
    let files = [
        provider.to_str().unwrap_or_default(),
        consumer.to_str().unwrap_or_default(),
    ];
    let mut args = vec!["check"];
    args.extend(files);
    args.push("--no-suppressions");
    let out = run(&args);
    assert_eq!(out.status.code(), Some(1));
    let report = text(&out.stdout);
    let printed: Vec<&str> = report
        .lines()
        .skip_while(|l| !l.starts_with("  to accept it, write this to .sussignore.yml"))
        .skip(1)
        .take_while(|l| l.starts_with("    "))
        .map(|l| &l[4..])
        .collect();
    assert_eq!(printed.first(), Some(&"version: 1"), "{report}");
    let file_text = printed
        .join("\n")
        .replace("<why this is accepted>", "known and accepted")
        + "\n";
    let dir = scratch("rule-back");
    let rules = dir.path().join(".sussignore.yml");
    std::fs::write(&rules, &file_text).unwrap_or_else(|e| panic!("{e}"));
    let mut args = vec!["check"];
    args.extend(files);
    args.extend([
        "--suppressions",
        rules.to_str().unwrap_or_default(),
        "--all",
    ]);
    let out = run(&args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{file_text}\n{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    assert!(
        text(&out.stdout).contains("suppressed (mark): known and accepted"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn explain_accepts_a_summary_id_as_check_prints_it() {
    let shop = example();
    let shop = shop.to_str().unwrap_or_default();
    let out = run(&["check", shop, "--no-suppressions"]);
    let report = text(&out.stdout);
    // `  consumer: web/src/api/orders.ts::deleteOrder (web/src/api/orders.ts:31)`
    let id = report
        .lines()
        .find_map(|l| l.strip_prefix("  consumer: "))
        .and_then(|l| l.split(' ').next())
        .unwrap_or_else(|| panic!("no consumer line: {report}"))
        .to_owned();
    let out = run(&["explain", &id, shop]);
    assert_eq!(out.status.code(), Some(0), "{id}: {}", text(&out.stderr));
    let name = id.rsplit("::").next().unwrap_or_default();
    assert!(text(&out.stdout).contains(name), "{}", text(&out.stdout));
    let out = run(&["explain", "nowhere.ts::nothing", shop]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "error: no symbol matches `nowhere.ts::nothing`. Pass a symbol id (lang:file#name, as in aburi.ir.json), a summary id (file::name, as `seam check` prints), a file path, or a name.\n"
    );
}

#[test]
fn every_command_help_ends_with_the_same_exit_codes() {
    let codes = "Exit codes:\n  0  success\n";
    for command in [
        "check",
        "model",
        "summaries",
        "schema",
        "extract",
        "packs",
        "contract",
        "scan",
        "explain",
    ] {
        let out = run(&[command, "--help"]);
        assert_eq!(out.status.code(), Some(0), "{command}");
        let help = text(&out.stdout);
        assert!(help.contains(codes), "{command}: {help}");
        for shared in ["--quiet", "--verbose", "--color <WHEN>", "--threads"] {
            assert!(help.contains(shared), "{command} lacks {shared}: {help}");
        }
    }
    for command in ["check", "extract", "contract", "summaries"] {
        let help = text(&run(&[command, "--help"]).stdout);
        assert!(help.contains("-o, --output <"), "{command}: {help}");
    }
    for command in ["check", "packs", "model"] {
        let help = text(&run(&[command, "--help"]).stdout);
        assert!(help.contains("--format <FORMAT>"), "{command}: {help}");
    }
}

#[test]
fn packs_on_a_missing_directory_is_exit_2_with_a_message() {
    let out = run(&["packs", "/nonexistent/seam-test"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "error: /nonexistent/seam-test is not a directory. Pass the repository whose packs to list.\n"
    );
}

#[test]
fn a_long_report_ends_with_its_counts_line_too() {
    let shop = example();
    let out = run(&[
        "check",
        shop.to_str().unwrap_or_default(),
        "--all",
        "--no-suppressions",
    ]);
    let report = text(&out.stdout);
    assert!(report.lines().count() > 25, "{report}");
    let counts = report
        .lines()
        .find(|l| l.contains(" finding") && l.contains(" error, "))
        .unwrap_or_else(|| panic!("no counts line: {report}"));
    assert_eq!(report.lines().last(), Some(counts), "{report}");
}

/// A TypeScript client whose server is Elixir: seam does not read Elixir, and the report says
/// so (the summary line and the run finding), instead of leaving the reader to blame the client.
#[test]
fn languages_seam_does_not_read_are_named_in_the_report() {
    let dir = scratch("unread-languages");
    std::fs::create_dir_all(dir.path().join("lib/web")).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(
        dir.path().join("client.ts"),
        "export const songs = () => fetch('/api/songs');\nexport const me = () => fetch('/api/me', { method: 'DELETE' });\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    for name in ["router.ex", "web/song_controller.ex"] {
        std::fs::write(dir.path().join("lib").join(name), "defmodule X do\nend\n")
            .unwrap_or_else(|e| panic!("{e}"));
    }
    std::fs::write(dir.path().join("Seed.scala"), "object Seed\n")
        .unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(dir.path().join("gen.c"), "int main(){}\n").unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().to_str().unwrap_or_default();
    let out = run(&["check", path, "--fail-on", "none"]);
    let report = text(&out.stdout);
    assert!(
        report.contains(
            "  Not read: Elixir (2 files) and Scala (1 file), languages seam does not read.\n"
        ),
        "{report}"
    );
    assert!(
        report.contains("The repository also holds Elixir (2 files) and Scala (1 file), which seam does not read: the other side may be there."),
        "{report}"
    );
    // C is not a language of web boundaries: not named.
    assert!(!report.contains("C (1 file)"), "{report}");
    // The JSON keeps its shape: the run finding says it, no new field.
    let out = run(&["check", path, "--fail-on", "none", "--format", "json"]);
    let json = text(&out.stdout);
    assert!(json.contains("which seam does not read"), "{json}");
    assert!(!json.contains("unreadLanguages"), "{json}");
}
