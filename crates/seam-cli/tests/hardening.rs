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
