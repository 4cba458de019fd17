//! `seam check --summaries FILE --ir-dir DIR`: the summaries and the review IR written from the
//! check's own load are the bytes `seam extract -o` and `seam scan --output-dir` write, and
//! the report is the one `seam check` prints without them.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn seam(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_seam"))
        .env("NO_COLOR", "1")
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("seam did not run: {e}"))
}

fn example() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/shop")
}

/// Every file under `dir`, by relative path, with its bytes.
fn tree(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).expect("a readable folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let rel = path
                    .strip_prefix(dir)
                    .expect("inside")
                    .display()
                    .to_string();
                out.push((rel, std::fs::read(&path).expect("a readable file")));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn check_writes_the_summaries_and_review_ir_of_its_own_load() {
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let shop = example();
    let shop = shop.to_str().unwrap_or_default();
    let at = |name: &str| tmp.path().join(name).display().to_string();

    let plain = seam(&["check", shop]);
    let both = seam(&[
        "check",
        shop,
        "--summaries",
        &at("check.json"),
        "--ir-dir",
        &at("check-ir"),
    ]);
    assert_eq!(both.status.code(), plain.status.code());
    assert_eq!(
        String::from_utf8_lossy(&both.stdout),
        String::from_utf8_lossy(&plain.stdout)
    );

    let extract = seam(&["extract", shop, "-o", &at("extract.json")]);
    assert_eq!(extract.status.code(), Some(0));
    let scan = seam(&["scan", shop, "--output-dir", &at("scan-ir")]);
    assert_eq!(scan.status.code(), Some(0));

    let read = |name: &str| std::fs::read(tmp.path().join(name)).expect("written");
    assert!(
        read("check.json") == read("extract.json"),
        "summaries differ"
    );
    let (from_check, from_scan) = (
        tree(&tmp.path().join("check-ir")),
        tree(&tmp.path().join("scan-ir")),
    );
    assert!(!from_scan.is_empty());
    assert_eq!(
        from_check.iter().map(|(p, _)| p).collect::<Vec<_>>(),
        from_scan.iter().map(|(p, _)| p).collect::<Vec<_>>()
    );
    assert!(from_check == from_scan, "review IR differs");
}

#[test]
fn one_side_output_alone_is_written_too() {
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let shop = example();
    let shop = shop.to_str().unwrap_or_default();
    let ir = tmp.path().join("ir");
    let out = seam(&["check", shop, "--ir-dir", ir.to_str().unwrap_or_default()]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(ir.join("aburi.ir.json").is_file());
    assert!(ir.join("workspace.md").is_file());
}

#[test]
fn side_outputs_need_a_repository() {
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let summaries = tmp.path().join("s.json");
    let out = seam(&[
        "check",
        "--dir",
        tmp.path().to_str().unwrap_or_default(),
        "--summaries",
        summaries.to_str().unwrap_or_default(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--summaries"));
    assert!(!summaries.exists());
}

#[test]
fn an_unwritable_summaries_file_stops_the_run_with_one_message() {
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let shop = example();
    let target = tmp.path().join("missing-folder").join("s.json");
    let out = seam(&[
        "check",
        shop.to_str().unwrap_or_default(),
        "--summaries",
        target.to_str().unwrap_or_default(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err.lines().filter(|l| l.starts_with("error:")).count(),
        1,
        "{err}"
    );
}

#[test]
fn an_unwritable_review_ir_folder_stops_the_run_before_the_report() {
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let shop = example();
    // A file where the folder should be: the review IR cannot be written.
    let in_the_way = tmp.path().join("ir");
    std::fs::write(&in_the_way, b"not a folder").expect("written");
    let out = seam(&[
        "check",
        shop.to_str().unwrap_or_default(),
        "--ir-dir",
        in_the_way.to_str().unwrap_or_default(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err.lines().filter(|l| l.starts_with("error:")).count(),
        1,
        "{err}"
    );
    assert_eq!(
        std::fs::read(&in_the_way).expect("still there"),
        b"not a folder"
    );
}
