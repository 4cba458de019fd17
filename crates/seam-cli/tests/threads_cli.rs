//! `--threads N` and `RAYON_NUM_THREADS`: a count above the machine's available parallelism is
//! lowered to it with one line on standard error; 0 or a non-number is a usage error (exit 2).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn example() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/shop")
}

fn seam(args: &[&str], env: Option<&str>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_seam"));
    command.env("NO_COLOR", "1").env_remove("RAYON_NUM_THREADS");
    if let Some(value) = env {
        command.env("RAYON_NUM_THREADS", value);
    }
    command
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("seam did not run: {e}"))
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

#[test]
fn a_huge_thread_count_is_clamped_with_one_line_and_the_same_output() {
    let shop = example();
    let shop = shop.to_str().unwrap_or_default();
    let plain = seam(&["extract", shop], None);
    let clamped = seam(&["--threads", "100000", "extract", shop], None);
    assert_eq!(clamped.status.code(), Some(0), "{}", stderr(&clamped));
    assert_eq!(clamped.stdout, plain.stdout);
    let err = stderr(&clamped);
    let lines: Vec<&str> = err
        .lines()
        .filter(|l| l.contains("--threads 100000"))
        .collect();
    assert_eq!(lines.len(), 1, "{err}");
    assert!(
        lines[0].contains(&format!("using {}", cores())),
        "{}",
        lines[0]
    );
}

#[test]
fn the_environment_variable_is_clamped_the_same_way() {
    let out = seam(&["packs"], Some("100000"));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let err = stderr(&out);
    assert_eq!(err.matches("RAYON_NUM_THREADS=100000").count(), 1, "{err}");
}

#[test]
fn a_count_within_the_machine_says_nothing() {
    let out = seam(&["--threads", "1", "packs"], Some("1"));
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stderr(&out), "");
}

#[test]
fn quiet_leaves_the_clamp_note_out() {
    let out = seam(&["-q", "--threads", "100000", "packs"], None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stderr(&out), "");
}

#[test]
fn zero_or_a_non_number_is_a_usage_error() {
    for value in ["0", "many", "-3", "1.5"] {
        let flag = format!("--threads={value}");
        let out = seam(&[&flag, "packs"], None);
        assert_eq!(out.status.code(), Some(2), "--threads {value}");
        assert!(out.stdout.is_empty(), "--threads {value}");
        assert!(stderr(&out).contains("--threads"), "{}", stderr(&out));
        let out = seam(&["packs"], Some(value));
        assert_eq!(out.status.code(), Some(2), "RAYON_NUM_THREADS={value}");
        assert!(
            stderr(&out).contains("RAYON_NUM_THREADS"),
            "{}",
            stderr(&out)
        );
    }
}
