//! `seam scan` and `seam explain` end to end: files written, schema validity, byte
//! equality with the seam-review snapshots, determinism across thread counts, exit codes.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const SCHEMA_PATH: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../seam-ir/schemas/aburi/aburi.ir.v1.json"
);

/// The review fixtures of the built-in packs: (short name, pack, fixture).
const FIXTURES: [(&str, &str, &str); 3] = [
    ("nest", "nestjs", "nest-users"),
    ("express", "express", "express-app"),
    ("fastapi", "fastapi", "fastapi-app"),
];

/// `packs/<pack>/<folder>/<fixture>` of the fixture `name`.
fn pack_path(name: &str, folder: &str) -> PathBuf {
    let (_, pack, fixture) = FIXTURES
        .iter()
        .find(|(n, _, _)| *n == name)
        .expect("a known fixture");
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../seam-packs/packs")
        .join(pack)
        .join(folder)
        .join(fixture)
}

fn fixture(name: &str) -> PathBuf {
    pack_path(name, "fixtures")
}

fn seam(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_seam"))
        .args(args)
        .output()
        .expect("seam runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn scan_into(dir: &Path, out: &Path, extra: &[&str]) -> Output {
    let mut args = vec![
        "scan".to_owned(),
        dir.display().to_string(),
        "--output-dir".to_owned(),
        out.display().to_string(),
    ];
    args.extend(extra.iter().map(|s| (*s).to_owned()));
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    seam(&refs)
}

fn assert_schema_valid(ir: &str) {
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(SCHEMA_PATH).expect("schema")).unwrap();
    let validator = jsonschema::validator_for(&schema).expect("schema compiles");
    let instance: serde_json::Value = serde_json::from_str(ir).expect("IR is JSON");
    let errors: Vec<String> = validator
        .iter_errors(&instance)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn scan_writes_the_ir_and_the_views() {
    for name in ["nest", "express", "fastapi"] {
        let out = tempfile::tempdir().unwrap();
        let run = scan_into(&fixture(name), out.path(), &[]);
        assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
        let ir = std::fs::read_to_string(out.path().join("aburi.ir.json")).unwrap();
        assert_schema_valid(&ir);
        let expected =
            std::fs::read_to_string(pack_path(name, "expected").with_extension("aburi.ir.json"))
                .unwrap();
        assert_eq!(ir, expected, "{name}");
        let workspace = std::fs::read_to_string(out.path().join("workspace.md")).unwrap();
        assert!(workspace.starts_with("# Workspace\n"));
        assert!(workspace.ends_with('\n') && !workspace.ends_with("\n\n"));
        let components: Vec<String> = std::fs::read_dir(out.path().join("components"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(components.len(), 1, "{name}: {components:?}");
        assert!(
            text(&run.stdout).contains("calls:"),
            "{}",
            text(&run.stdout)
        );
    }
}

#[test]
fn nest_component_page_lists_symbols_by_file() {
    let out = tempfile::tempdir().unwrap();
    let run = scan_into(&fixture("nest"), out.path(), &[]);
    assert_eq!(run.status.code(), Some(0));
    let page = std::fs::read_to_string(out.path().join("components/nest-users.md")).unwrap();
    assert!(page.starts_with("# Component: nest-users\n"));
    assert!(page.contains("### `src/users/users.service.ts`"));
    assert!(page.contains("  - guard: `existing` (L19)"), "{page}");
    assert!(page.contains("  - db.write: `this.prisma.user.create` (L23) [effects-prisma]"));
    assert!(page.contains("<details><summary>3 dropped symbols</summary>"));
    assert!(page.contains("- `ts:src/users/dto.ts#CreateUserDto` — pure DTO"));
}

#[test]
fn compact_is_one_line_with_the_same_content() {
    let pretty = tempfile::tempdir().unwrap();
    let compact = tempfile::tempdir().unwrap();
    assert_eq!(
        scan_into(&fixture("nest"), pretty.path(), &[])
            .status
            .code(),
        Some(0)
    );
    assert_eq!(
        scan_into(&fixture("nest"), compact.path(), &["--compact"])
            .status
            .code(),
        Some(0)
    );
    let a = std::fs::read_to_string(pretty.path().join("aburi.ir.json")).unwrap();
    let b = std::fs::read_to_string(compact.path().join("aburi.ir.json")).unwrap();
    assert!(!b.contains('\n'));
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&a).unwrap(),
        serde_json::from_str::<serde_json::Value>(&b).unwrap()
    );
}

#[test]
fn identical_bytes_on_one_and_four_threads() {
    let one = tempfile::tempdir().unwrap();
    let four = tempfile::tempdir().unwrap();
    let dir = fixture("nest").display().to_string();
    for (out, threads) in [(&one, "1"), (&four, "4")] {
        let run = seam(&[
            "--threads",
            threads,
            "scan",
            &dir,
            "--output-dir",
            &out.path().display().to_string(),
        ]);
        assert_eq!(run.status.code(), Some(0));
    }
    for file in ["aburi.ir.json", "workspace.md", "components/nest-users.md"] {
        assert_eq!(
            std::fs::read(one.path().join(file)).unwrap(),
            std::fs::read(four.path().join(file)).unwrap(),
            "{file}"
        );
    }
}

#[test]
fn unreadable_file_is_a_note_and_exit_zero() {
    let repo = tempfile::tempdir().unwrap();
    std::fs::write(
        repo.path().join("ok.ts"),
        "export function ok() { return go() + 1; }\nfunction go() { return 1; }\n",
    )
    .unwrap();
    // Binary: a few stray bytes would be read as `?`, a hundred NULs are not text.
    let mut bad = b"export const a = 1;".to_vec();
    bad.extend([0u8; 100]);
    std::fs::write(repo.path().join("bad.ts"), bad).unwrap();
    let out = tempfile::tempdir().unwrap();
    let run = scan_into(repo.path(), out.path(), &[]);
    assert_eq!(run.status.code(), Some(0));
    let stderr = text(&run.stderr);
    assert!(stderr.contains("note: bad.ts: not text"), "{stderr}");
    assert!(
        stderr.contains("1 of 2 files could not be analysed"),
        "{stderr}"
    );
    let ir = std::fs::read_to_string(out.path().join("aburi.ir.json")).unwrap();
    assert_schema_valid(&ir);
    assert!(ir.contains("\"reason\": \"unreadable\""));
    let workspace = std::fs::read_to_string(out.path().join("workspace.md")).unwrap();
    assert!(workspace.contains("## Files not analysed\n\n### unreadable\n\n- `bad.ts`"));
}

#[test]
fn path_errors_exit_two() {
    let out = tempfile::tempdir().unwrap();
    let run = scan_into(Path::new("/no/such/repository"), out.path(), &[]);
    assert_eq!(run.status.code(), Some(2));
    assert!(text(&run.stderr).contains("cannot read the directory `/no/such/repository`"));

    // The output directory is a file.
    let blocker = out.path().join("file");
    std::fs::write(&blocker, "x").unwrap();
    let run = scan_into(&fixture("express"), &blocker, &[]);
    assert_eq!(run.status.code(), Some(2));
    assert!(
        text(&run.stderr).contains("cannot create the output directory"),
        "{}",
        text(&run.stderr)
    );
}

#[test]
fn explain_prints_a_card_by_id_name_or_file() {
    let dir = fixture("nest").display().to_string();
    let run = seam(&[
        "explain",
        "ts:src/users/users.service.ts#UsersService.create",
        &dir,
    ]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    let card = text(&run.stdout);
    assert!(card.starts_with("# `UsersService.create` *(method)*\n"));
    assert!(card.contains("- `ts:src/users/users.controller.ts#UsersController.create` (L21)"));
    assert!(card.contains("- env.read: `process.env.AUDIT_OFF` [effects-runtime-js] via `ts:src/users/users.service.ts#UsersService.create` → `ts:src/common/audit.ts#audit`"), "{card}");

    let run = seam(&["explain", "findById", &dir]);
    assert_eq!(run.status.code(), Some(0));
    assert!(text(&run.stdout).contains("## Called by"));

    let run = seam(&["explain", "src/common/audit.ts", &dir]);
    assert_eq!(run.status.code(), Some(0));
    assert_eq!(text(&run.stdout).matches("\n---\n").count(), 2);
}

#[test]
fn explain_ambiguous_and_missing() {
    let dir = fixture("nest").display().to_string();
    let run = seam(&["explain", "create", &dir]);
    assert_eq!(run.status.code(), Some(2));
    let listed = text(&run.stdout);
    assert!(listed.contains("`create` matches 2 symbols"), "{listed}");
    let run = seam(&["explain", "nothingLikeThis", &dir]);
    assert_eq!(run.status.code(), Some(1));
    assert!(text(&run.stderr).contains("no symbol matches `nothingLikeThis`"));
}

#[test]
fn explain_reads_an_ir_file() {
    let out = tempfile::tempdir().unwrap();
    assert_eq!(
        scan_into(&fixture("fastapi"), out.path(), &[])
            .status
            .code(),
        Some(0)
    );
    let ir = out.path().join("aburi.ir.json").display().to_string();
    let run = seam(&["explain", "read_item", "--ir", &ir]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    assert!(text(&run.stdout).contains("**Kind**: `framework:fastapi:route`"));
    let run = seam(&["explain", "read_item", "--ir", "/no/such/ir.json"]);
    assert_eq!(run.status.code(), Some(2));
}
