//! `seam check --since REF` and `--baseline FILE` as CI runs them: only the findings that are
//! new since a git revision (read from git objects) or a saved report are reported and
//! counted by --fail-on. Each test builds its git repository here, with the `git` command.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

fn seam(args: &[&str], cwd: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_seam"))
        .args(args)
        .current_dir(cwd)
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

fn git(dir: &Path, args: &[&str]) {
    let out = Command::new("git")
        .args([
            "-c",
            "user.email=t@example.invalid",
            "-c",
            "user.name=t",
            "-c",
            "init.defaultBranch=main",
            "-c",
            "commit.gpgsign=false",
        ])
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn write(dir: &Path, path: &str, text: &str) {
    let p = dir.join(path);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

const SERVER: &str = r#"import express from "express";

const app = express();

app.get("/api/users/:id", (req, res) => {
  if (!req.params.id) {
    return res.status(400).json({ error: "id is required" });
  }
  res.json({ id: req.params.id, name: "Ada" });
});

app.listen(3000);
"#;

/// Reads `nick`, which the server never sends (an error), branches on a 404 the server never
/// sends and leaves its 400 unhandled (two warnings).
const CLIENT: &str = r#"export async function getUser(id: string) {
  const res = await fetch(`/api/users/${id}`);
  if (res.status === 404) {
    return null;
  }
  const body = await res.json();
  return { id: body.id, name: body.name, nick: body.nick };
}
"#;

/// A repository whose one commit (`main`) holds an app with three findings, under `app/`.
fn repository() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    git(d, &["init", "-q"]);
    write(
        d,
        "app/package.json",
        r#"{"name": "app", "dependencies": {"express": "4.0.0"}}"#,
    );
    write(d, "app/server.ts", SERVER);
    write(d, "app/client.ts", CLIENT);
    git(d, &["add", "-A"]);
    git(d, &["commit", "-qm", "base"]);
    dir
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// `(kind, severity, description)` of every finding of a JSON report.
fn findings(o: &Output) -> Vec<(String, String, String)> {
    let report: Value = serde_json::from_slice(&o.stdout).expect("a JSON report");
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["kind"].as_str().unwrap().to_owned(),
                f["severity"].as_str().unwrap().to_owned(),
                f["description"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

fn baseline_field(o: &Output) -> Value {
    let report: Value = serde_json::from_slice(&o.stdout).expect("a JSON report");
    report["baseline"].clone()
}

const AVATAR: &str = "The consumer's fall-through path reads \"avatar\", but the 200 body the provider sends does not include it, and neither does any other response, so the read comes back undefined and no error says so.";

/// The client moved down its file (a comment above it) and reading one more field the
/// server never sends.
fn add_a_misread(d: &Path) {
    write(
        d,
        "app/client.ts",
        &format!(
            "// The users API.\n\n\n{}",
            CLIENT.replace(
                "nick: body.nick }",
                "nick: body.nick, avatar: body.avatar }"
            )
        ),
    );
}

#[test]
fn nothing_new_since_the_revision_checked_is_exit_0_and_says_what_was_left_out() {
    let r = repository();
    let plain = seam(&["check", "app"], r.path());
    assert_eq!(plain.status.code(), Some(1), "{}", stderr(&plain));
    let o = seam(&["check", "app", "--since", "main"], r.path());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "Compared 1 boundary.\n0 findings: 0 error, 0 warning, 0 info\n  Compared with main: 0 new findings; 3 pre-existing findings left out and not counted by --fail-on.\n"
    );
    // Warnings are pre-existing too: --fail-on warning counts only new ones.
    let o = seam(
        &["check", "app", "--since", "HEAD", "--fail-on", "warning"],
        r.path(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn a_new_finding_is_reported_alone_and_trips_the_gate() {
    let r = repository();
    add_a_misread(r.path());
    let o = seam(
        &["check", "app", "--since", "main", "--format", "json"],
        r.path(),
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(
        findings(&o),
        [(
            "misreadProviderResponse".to_owned(),
            "error".to_owned(),
            AVATAR.to_owned()
        )]
    );
    assert_eq!(
        baseline_field(&o),
        serde_json::json!({"against": "main", "preExisting": 3, "new": 1})
    );
    // In SARIF, each result left is new, and the run says what was left out.
    let sarif = seam(
        &["check", "app", "--since", "main", "--format", "sarif"],
        r.path(),
    );
    let log: Value = serde_json::from_slice(&sarif.stdout).unwrap();
    let schema: Value = serde_json::from_str(include_str!(
        "../../seam-report/tests/schemas/sarif-2.1.0.json"
    ))
    .unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator.iter_errors(&log).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:?}");
    let run = &log["runs"][0];
    assert_eq!(run["results"].as_array().unwrap().len(), 1);
    assert_eq!(run["results"][0]["baselineState"], "new");
    assert_eq!(
        run["invocations"][0]["toolExecutionNotifications"][0]["message"]["text"],
        "Compared with main: 1 new finding; 3 pre-existing findings left out and not counted by --fail-on."
    );
    // The same with the check run from inside the folder.
    let inside = seam(
        &["check", ".", "--since", "main", "--format", "json"],
        &r.path().join("app"),
    );
    assert_eq!(inside.status.code(), Some(1), "{}", stderr(&inside));
    assert_eq!(findings(&inside), findings(&o));
    // Only the new error counts: with --fail-on none the run succeeds.
    let o = seam(
        &["check", "app", "--since", "main", "--fail-on", "none"],
        r.path(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn a_new_warning_trips_only_a_warning_gate() {
    let r = repository();
    // A new branch for a 409 the server never sends: a new deadConsumerBranch warning (a 5xx
    // branch is never dead: any server can fail).
    write(
        r.path(),
        "app/client.ts",
        &CLIENT.replace(
            "  const body = await res.json();",
            "  if (res.status === 409) {\n    throw new Error(\"conflict\");\n  }\n  const body = await res.json();",
        ),
    );
    let o = seam(
        &["check", "app", "--since", "main", "--format", "json"],
        r.path(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        findings(&o),
        [(
            "deadConsumerBranch".to_owned(),
            "warning".to_owned(),
            "Consumer expects status 409 but provider never produces it".to_owned()
        )]
    );
    let o = seam(
        &["check", "app", "--since", "main", "--fail-on", "warning"],
        r.path(),
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
}

#[test]
fn code_moved_to_another_file_keeps_its_findings() {
    let r = repository();
    let d = r.path();
    std::fs::remove_file(d.join("app/client.ts")).unwrap();
    write(d, "app/api/users.ts", &format!("// moved here\n{CLIENT}"));
    git(d, &["add", "-A"]);
    git(d, &["commit", "-qm", "move the client"]);
    let o = seam(
        &["check", "app", "--since", "HEAD~1", "--fail-on", "info"],
        d,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("0 new findings; 3 pre-existing findings left out"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn a_fixed_finding_does_not_hide_a_new_one_of_the_same_kind() {
    let r = repository();
    // `nick` fixed, `avatar` read instead: the same kind on the same pair, another fact.
    write(
        r.path(),
        "app/client.ts",
        &CLIENT.replace("nick: body.nick", "avatar: body.avatar"),
    );
    let o = seam(
        &["check", "app", "--since", "main", "--format", "json"],
        r.path(),
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(
        findings(&o),
        [(
            "misreadProviderResponse".to_owned(),
            "error".to_owned(),
            AVATAR.to_owned()
        )]
    );
}

#[test]
fn a_saved_report_is_a_baseline() {
    let r = repository();
    let d = r.path();
    let o = seam(
        &["check", "app", "--format", "json", "-o", "baseline.json"],
        d,
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let o = seam(&["check", "app", "--baseline", "baseline.json"], d);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains(
            "Compared with baseline.json: 0 new findings; 3 pre-existing findings left out"
        ),
        "{}",
        stdout(&o)
    );
    add_a_misread(d);
    let o = seam(
        &[
            "check",
            "app",
            "--baseline",
            "baseline.json",
            "--format",
            "json",
        ],
        d,
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(
        findings(&o),
        [(
            "misreadProviderResponse".to_owned(),
            "error".to_owned(),
            AVATAR.to_owned()
        )]
    );
    // The bare findings array of the two-file form is a baseline too.
    let report: Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("baseline.json")).unwrap()).unwrap();
    std::fs::write(
        d.join("bare.json"),
        serde_json::to_string(&report["findings"]).unwrap(),
    )
    .unwrap();
    let o = seam(&["check", "app", "--baseline", "bare.json"], d);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stdout(&o).contains("1 new finding; 3 pre-existing findings left out"));
}

#[test]
fn bad_revisions_and_baselines_are_exit_2_with_what_to_do() {
    let r = repository();
    let d = r.path();
    let o = seam(&["check", "app", "--since", "nosuch"], d);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with("error: the revision `nosuch` is not in this repository ("),
        "{}",
        stderr(&o)
    );
    assert!(
        stderr(&o).ends_with(
            "Check the name with `git rev-parse nosuch`, or fetch it with `git fetch origin nosuch`.\n"
        ),
        "{}",
        stderr(&o)
    );
    assert!(stdout(&o).is_empty());

    let outside = tempfile::tempdir().unwrap();
    write(outside.path(), "a.ts", "export const a = 1;\n");
    let o = seam(&["check", ".", "--since", "main"], outside.path());
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("is not inside a git repository"),
        "{}",
        stderr(&o)
    );
    assert!(stderr(&o).contains("--baseline FILE"), "{}", stderr(&o));

    let o = seam(&["check", "app", "--baseline", "missing.json"], d);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with("error: the baseline file missing.json could not be read: "),
        "{}",
        stderr(&o)
    );
    assert!(
        stderr(&o).ends_with(
            "Write one with `seam check --format json -o missing.json` on the revision to compare with.\n"
        ),
        "{}",
        stderr(&o)
    );

    write(d, "sarif.json", r#"{"version": "2.1.0", "runs": []}"#);
    let o = seam(&["check", "app", "--baseline", "sarif.json"], d);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "error: the baseline file sarif.json is not a seam report: it has no `findings` field. Pass a report written by `seam check --format json` (an object with `findings`, or the bare findings array of the two-file form).\n"
    );

    write(d, "bad.json", r#"{"findings": [{"kind": 3}]}"#);
    let o = seam(&["check", "app", "--baseline", "bad.json"], d);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with(
            "error: the baseline file bad.json is not a seam report: a finding could not be read ("
        ),
        "{}",
        stderr(&o)
    );

    let o = seam(&["check", "--dir", "app", "--since", "main"], d);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "error: --since compares two revisions of a repository, and summary files have none. Check the repository directory, or compare with a report saved earlier: --baseline FILE.\n"
    );

    let o = seam(
        &["check", "app", "--since", "main", "--baseline", "bad.json"],
        d,
    );
    assert_eq!(o.status.code(), Some(2));
}

const CONTRACT: &str = r#"openapi: 3.0.3
info:
  title: users
  version: "1"
paths:
  /api/users/{id}:
    get:
      parameters:
        - name: id
          in: path
          required: true
          schema:
            type: string
      responses:
        "200":
          description: the user
        "400":
          description: no id
"#;

#[test]
fn the_revision_is_checked_against_its_own_contract() {
    let r = repository();
    let d = r.path();
    write(d, "app/openapi.yaml", CONTRACT);
    git(d, &["add", "-A"]);
    git(d, &["commit", "-qm", "contract"]);
    let o = seam(&["check", "app", "--since", "HEAD", "--format", "json"], d);
    assert_eq!(findings(&o), []);
    // The working tree's contract no longer declares the 400 the handler sends: new, since
    // the revision's own contract (read from git, not from the working tree) declared it.
    write(
        d,
        "app/openapi.yaml",
        &CONTRACT.replace("        \"400\":\n          description: no id\n", ""),
    );
    let o = seam(&["check", "app", "--since", "HEAD", "--format", "json"], d);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(
        findings(&o),
        [(
            "providerContractViolation".to_owned(),
            "error".to_owned(),
            "Handler produces status 400 which is not declared in the contract (openapi.yaml), so clients written against the contract do not expect it".to_owned()
        )]
    );
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

#[test]
fn the_example_has_nothing_new_since_its_own_commit() {
    // Handlers, clients, an OpenAPI document, a Prisma schema and intent documents, all
    // read again from the commit.
    let dir = tempfile::tempdir().unwrap();
    let shop = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/shop");
    copy_tree(&shop, dir.path());
    git(dir.path(), &["init", "-q"]);
    git(dir.path(), &["add", "-A"]);
    git(dir.path(), &["commit", "-qm", "shop"]);
    let plain = seam(&["check", ".", "--format", "json"], dir.path());
    assert_eq!(plain.status.code(), Some(1));
    let all = findings(&plain).len();
    assert!(all > 0);
    let o = seam(
        &["check", ".", "--since", "HEAD", "--format", "json"],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(findings(&o), []);
    assert_eq!(
        baseline_field(&o),
        serde_json::json!({"against": "HEAD", "preExisting": all, "new": 0})
    );
    let text = seam(&["check", ".", "--since", "HEAD"], dir.path());
    assert!(
        !stdout(&text).contains("[error]") && !stdout(&text).contains("[ERROR]"),
        "{}",
        stdout(&text)
    );
}
