//! `seam diff` and `seam inspect` as a user runs them: files written, summary line, exit codes
//! (0 written, 2 bad input, 3 the --fail-on gate).

use std::path::Path;
use std::process::{Command, Output};

fn seam(args: &[&str], cwd: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_seam"))
        .args(args)
        .current_dir(cwd)
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
            "commit.gpgsign=false",
        ])
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn fixture() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    git(d, &["init", "-q"]);
    std::fs::write(d.join("package.json"), r#"{"name": "cli-fixture"}"#).unwrap();
    std::fs::write(
        d.join("a.ts"),
        "export function f(x: number) {\n  return x;\n}\nexport function g() {\n  return 2;\n}\n",
    )
    .unwrap();
    git(d, &["add", "-A"]);
    git(d, &["commit", "-qm", "base"]);
    std::fs::write(
        d.join("a.ts"),
        "export function f(x: number) {\n  if (x) {\n    return 0;\n  }\n  return x;\n}\n",
    )
    .unwrap();
    git(d, &["commit", "-qam", "head"]);
    dir
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn writes_both_files_and_prints_one_line() {
    let r = fixture();
    let o = seam(
        &["diff", "HEAD~1..HEAD", "--output-dir", "report"],
        r.path(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "+0 -1 ~1 →0 · boundaries: 0 route change(s), 0 broken pair(s)\n"
    );
    let json = std::fs::read_to_string(r.path().join("report/diff.json")).unwrap();
    assert!(json.contains("\"x-seam-boundary\""));
    let md = std::fs::read_to_string(r.path().join("report/diff.md")).unwrap();
    assert!(md.starts_with("# seam diff: HEAD~1..HEAD\n"));
}

#[test]
fn quiet_prints_no_notes() {
    // Without `-q` the run says what it shared between the two revisions; with it, standard
    // error stays empty and the summary line and files are the same.
    let r = fixture();
    let loud = seam(&["diff", "HEAD~1..HEAD", "--output-dir", "loud"], r.path());
    assert_eq!(loud.status.code(), Some(0), "{}", stderr(&loud));
    assert!(stderr(&loud).contains("note: "), "{}", stderr(&loud));
    let quiet = seam(
        &["-q", "diff", "HEAD~1..HEAD", "--output-dir", "quiet"],
        r.path(),
    );
    assert_eq!(quiet.status.code(), Some(0), "{}", stderr(&quiet));
    assert_eq!(stderr(&quiet), "");
    assert_eq!(quiet.stdout, loud.stdout);
    let read = |dir: &str| std::fs::read(r.path().join(dir).join("diff.json")).unwrap();
    assert_eq!(read("quiet"), read("loud"));
}

#[test]
fn fail_on_trips_with_exit_3_and_bad_grammar_is_exit_2() {
    let r = fixture();
    let o = seam(
        &[
            "diff",
            "--no-boundaries",
            "--fail-on",
            "removed",
            "--output-dir",
            "o",
        ],
        r.path(),
    );
    assert_eq!(o.status.code(), Some(3));
    assert!(
        stderr(&o).contains("the --fail-on clause `removed` tripped: 1 observed"),
        "{}",
        stderr(&o)
    );
    let o = seam(
        &[
            "diff",
            "--no-boundaries",
            "--fail-on",
            "removed:>1",
            "--output-dir",
            "o",
        ],
        r.path(),
    );
    assert_eq!(o.status.code(), Some(0));
    let o = seam(&["diff", "--fail-on", "removed:>=1"], r.path());
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("has the threshold `=1`; write a whole number"),
        "{}",
        stderr(&o)
    );
    let o = seam(&["diff", "--fail-on", "removed:<1"], r.path());
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("only `TOKEN` or `TOKEN:>N` is accepted"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn bad_input_is_a_sentence_and_exit_2() {
    let r = fixture();
    let o = seam(&["diff", "nosuch..HEAD"], r.path());
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with("error: the revision `nosuch` is not in this repository"),
        "{}",
        stderr(&o)
    );
    std::fs::write(r.path().join("notes.json"), "{\"hello\": 1}").unwrap();
    let o = seam(
        &["diff", "--base", "notes.json", "--head", "notes.json"],
        r.path(),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("Pass an aburi.ir.json written by `seam scan`"),
        "{}",
        stderr(&o)
    );
    let o = seam(&["diff", "HEAD.."], r.path());
    assert_eq!(o.status.code(), Some(2));
}

/// `--base A.json --head B.json` on the review IRs `seam scan` wrote of each revision gives
/// the git form's `diff.json` (without the boundary diff, which needs the summaries), but
/// for the two refs that name the sides.
#[test]
fn two_irs_from_seam_scan_give_the_git_forms_diff() {
    let r = fixture();
    let out = tempfile::tempdir().unwrap();
    let o = out.path();
    let scan = |rev: &str, name: &str| {
        git(r.path(), &["checkout", "-q", rev]);
        let dir = o.join(name);
        let dir = dir.to_str().unwrap();
        let s = seam(&["scan", ".", "--no-cache", "--output-dir", dir], r.path());
        assert_eq!(s.status.code(), Some(0), "{}", stderr(&s));
    };
    scan("HEAD~1", "base-ir");
    scan("-", "head-ir");
    let files = seam(
        &[
            "diff",
            "--base",
            o.join("base-ir/aburi.ir.json").to_str().unwrap(),
            "--head",
            o.join("head-ir/aburi.ir.json").to_str().unwrap(),
            "--output-dir",
            o.join("from-irs").to_str().unwrap(),
        ],
        r.path(),
    );
    assert_eq!(files.status.code(), Some(0), "{}", stderr(&files));
    let from_git = seam(
        &[
            "diff",
            "HEAD~1..HEAD",
            "--no-boundaries",
            "--no-cache",
            "--output-dir",
            o.join("from-git").to_str().unwrap(),
        ],
        r.path(),
    );
    assert_eq!(from_git.status.code(), Some(0), "{}", stderr(&from_git));
    assert_eq!(String::from_utf8_lossy(&files.stdout), "+0 -1 ~1 →0\n");
    assert_eq!(files.stdout, from_git.stdout);
    let read = |dir: &str| {
        let mut v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(o.join(dir).join("diff.json")).unwrap())
                .unwrap();
        let m = v.as_object_mut().unwrap();
        m.remove("base");
        m.remove("head");
        v
    };
    assert_eq!(read("from-irs"), read("from-git"));
}

/// Two review IRs in Aburi's own form (its older `$schema` URL, `generator` `aburi`, a
/// `generatedAt`, a placeholder grammar revision, no call-resolution census), written by
/// hand: a function that gained a guard, an in-file rename with the same logic, a function
/// added in a new file, one removed, and the call edge that followed the rename.
#[test]
fn two_irs_in_aburis_own_form() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/aburi-ir");
    let out = tempfile::tempdir().unwrap();
    let o = seam(
        &[
            "diff",
            "--base",
            "base.aburi.ir.json",
            "--head",
            "head.aburi.ir.json",
            "--output-dir",
            out.path().to_str().unwrap(),
        ],
        &fixtures,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(String::from_utf8_lossy(&o.stdout), "+1 -1 ~2 →1\n");
    let diff: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.path().join("diff.json")).unwrap())
            .unwrap();
    assert_eq!(
        diff["base"],
        serde_json::json!({"ref": "base.aburi.ir.json", "irSchema": "https://aburi.dev/schema/aburi.ir.v1.json"})
    );
    let entries: Vec<String> = diff["symbols"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            format!(
                "{} {} {}",
                e["status"].as_str().unwrap(),
                e["rationale"].as_str().unwrap_or("-"),
                e["after"]["id"]
                    .as_str()
                    .or(e["symbol"]["id"].as_str())
                    .unwrap()
            )
        })
        .collect();
    assert_eq!(
        entries,
        [
            "added - ts:src/tax.ts#tax",
            "changed - ts:src/invoice.ts#total",
            "moved+changed logic-fingerprint ts:src/invoice.ts#addUp",
            "removed - ts:src/invoice.ts#legacyTotal",
        ]
    );
    assert_eq!(
        std::fs::read_to_string(out.path().join("diff.md")).unwrap(),
        "# seam diff: base.aburi.ir.json..head.aburi.ir.json

**Summary**: +1 added · -1 removed · ~1 changed · 0 moved · 1 moved+changed

| what | count |
|---|---:|
| symbols added | 1 |
| symbols removed | 1 |
| symbols changed | 1 |
| symbols moved | 0 |
| symbols moved and changed | 1 |
| dropped toggled | 0 |
| unknown | 0 |
| unchanged | 0 |

## Changed symbols

### billing

- `total` (src/invoice.ts:1): logic changed
  - + rule guard `items.some((i) => i.price < 0)` (line 5)
  - + call `addUp` → `ts:src/invoice.ts#addUp`
  - - call `sum` → `ts:src/invoice.ts#sum`
- `addUp` (src/invoice.ts:10) (moved from `sum` (src/invoice.ts:7)): API changed
  - + rule loop `for` (line 12)
  - - rule loop `for` (line 9)

## Added (1)

- `tax` (src/tax.ts:1)

## Removed (1)

- `legacyTotal` (src/invoice.ts:14)

<details><summary>Dependency changes (+1 -1 ?0)</summary>

- + `ts:src/invoice.ts#total` → `ts:src/invoice.ts#addUp` (call)
- - `ts:src/invoice.ts#total` → `ts:src/invoice.ts#sum` (call)

</details>

0 Symbols unchanged.
"
    );
    // An IR of Aburi's form (its older `$schema` address) against one of seam's (the current
    // address of the same schema): they compare, with the same result, and each side's
    // `irSchema` says what it declared.
    let seam_ir = out.path().join("seam.aburi.ir.json");
    let mut head: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(fixtures.join("head.aburi.ir.json")).unwrap(),
    )
    .unwrap();
    head["$schema"] = "https://aburi.kage1020.com/schema/aburi.ir.v1.json".into();
    std::fs::write(&seam_ir, head.to_string()).unwrap();
    let mixed = out.path().join("mixed");
    let o = seam(
        &[
            "diff",
            "--base",
            "base.aburi.ir.json",
            "--head",
            seam_ir.to_str().unwrap(),
            "--output-dir",
            mixed.to_str().unwrap(),
        ],
        &fixtures,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(String::from_utf8_lossy(&o.stdout), "+1 -1 ~2 →1\n");
    let mixed_diff: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(mixed.join("diff.json")).unwrap()).unwrap();
    assert_eq!(
        mixed_diff["head"]["irSchema"],
        "https://aburi.kage1020.com/schema/aburi.ir.v1.json"
    );
    assert_eq!(mixed_diff["symbols"], diff["symbols"]);
}

#[test]
fn inspect_prints_summaries_and_their_diff() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("package.json"),
        r#"{"name": "i", "dependencies": {"express": "4.0.0"}}"#,
    )
    .unwrap();
    std::fs::write(
        d.join("server.ts"),
        "import express from 'express';\nconst app = express();\napp.get('/users/:id', (req, res) => {\n  if (!req.params.id) {\n    return res.status(400).json({ error: 'id' });\n  }\n  res.status(200).json({ id: 1, name: 'a' });\n});\n",
    )
    .unwrap();
    let o = seam(&["extract", ".", "-o", "before.json"], d);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = seam(&["inspect", "before.json"], d);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    assert_eq!(
        text,
        "server.ts\n└─ GET /users/{id}  (express handler | line 3)\n       inputs: req, res\n       if  !req.params.id  -> 400 { error }\n       else -> 200 { id, name }\n\n1 summaries.\n"
    );
    let o = seam(&["inspect", "before.json", "--boundary", "GET /nothing"], d);
    assert_eq!(o.status.code(), Some(1));
    std::fs::write(
        d.join("server.ts"),
        "import express from 'express';\nconst app = express();\napp.get('/users/:id', (req, res) => {\n  res.status(200).json({ id: 1, name: 'a' });\n});\n",
    )
    .unwrap();
    seam(&["extract", ".", "-o", "after.json"], d);
    let o = seam(&["inspect", "--diff", "before.json", "after.json"], d);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "~ server.ts  GET /users/{id}  (express handler | line 3)\n      - if  !req.params.id  -> 400 { error }\n      - else -> 200 { id, name }\n      + -> 200 { id, name }\n0 added, 0 removed, 1 changed.\n"
    );
    let o = seam(&["inspect", "server.ts"], d);
    assert_eq!(o.status.code(), Some(2));
}

/// A handler whose calls land on declarations with no body: its `!!` gap lines, the
/// `Could not follow:` block; `--boundary` keeping one summary (its gap and unfollowed call
/// only); `--diff` with a summary removed and one added.
#[test]
fn inspect_shows_gaps_unfollowed_calls_a_boundary_and_added_and_removed_summaries() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("package.json"),
        r#"{"name": "insp", "dependencies": {"express": "4.0.0"}}"#,
    )
    .unwrap();
    std::fs::create_dir(d.join("src")).unwrap();
    let server = r#"import express from "express";

declare const db: { findById(id: string): Promise<{ id: string } | undefined> };
declare const audit: { record(event: string): void };

const app = express();

app.get("/db/:id", async (req, res) => {
  const row = await db.findById(req.params.id);
  if (!row) {
    return res.status(404).json({ error: "not found" });
  }
  res.json(row);
});

app.get("/health", (req, res) => {
  audit.record("health");
  res.status(200).json({ ok: true });
});
"#;
    std::fs::write(d.join("src/server.ts"), server).unwrap();
    let o = seam(&["extract", ".", "-o", "before.json"], d);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let gap = |callee: &str| {
        format!(
            "!! The call to {callee} lands on a declaration with no body, so whatever runs there is missing from this summary"
        )
    };
    let o = seam(&["inspect", "before.json"], d);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        format!(
            "src/server.ts
├─ GET /db/{{id}}  (express handler | line 8)
│      inputs: req, res
│      if  !db.findById()  -> 404 {{ error }}
│          + db.findById
│      else -> 200 unknown
│          + db.findById
│      {}
└─ GET /health  (express handler | line 16)
       inputs: req, res
       -> 200 {{ ok }}
           + audit.record
       {}

Could not follow:
  audit.record
  db.findById

2 summaries.
",
            gap("db.findById"),
            gap("audit.record")
        )
    );
    let o = seam(&["inspect", "before.json", "--boundary", "GET /health"], d);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        format!(
            "src/server.ts
└─ GET /health  (express handler | line 16)
       inputs: req, res
       -> 200 {{ ok }}
           + audit.record
       {}

Could not follow:
  audit.record

1 summaries.
",
            gap("audit.record")
        )
    );
    // /health becomes /status (a summary removed, one added) and sends another field.
    std::fs::write(
        d.join("src/server.ts"),
        server
            .replace("app.get(\"/health\"", "app.get(\"/status\"")
            .replace("{ ok: true }", "{ ok: true, version: 2 }"),
    )
    .unwrap();
    let o = seam(&["extract", ".", "-o", "after.json"], d);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = seam(&["inspect", "--diff", "before.json", "after.json"], d);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        format!(
            "- src/server.ts  GET /health  (express handler | line 16)
+ src/server.ts  GET /status  (express handler | line 16)
      + inputs: req, res
      + -> 200 {{ ok, version }}
      +     + audit.record
      + {}
1 added, 1 removed, 0 changed.
",
            gap("audit.record")
        )
    );
}
