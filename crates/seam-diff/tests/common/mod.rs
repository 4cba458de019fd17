//! What the git-based tests share.

use std::path::Path;
use std::process::Command;

/// Runs git in `dir` with a fixed identity and branch name, and fails the test when git fails.
pub fn git(dir: &Path, args: &[&str]) {
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
        .expect("git runs");
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A new git repository in a temporary folder holding `files` (path, text), committed once as
/// `base`.
#[allow(dead_code)] // Not every test file that shares this module commits files this way.
pub fn committed(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    git(d, &["init", "-q"]);
    for (path, text) in files {
        let p = d.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    git(d, &["add", "-A"]);
    git(d, &["commit", "-qm", "base"]);
    dir
}
