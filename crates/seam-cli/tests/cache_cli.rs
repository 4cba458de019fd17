//! The per-file cache never changes an output: `seam scan` and `seam diff` cold (empty
//! cache), warm (every entry there), after a file changed, with torn entries, with two runs
//! sharing the cache at once, and with `--no-cache` write the same bytes; the default cache
//! folder (`.seam/cache`) changes nothing `seam extract` and `seam check` read.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn packs_fixture(pack: &str, fixture: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../seam-packs/packs")
        .join(pack)
        .join("fixtures")
        .join(fixture)
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

fn git(dir: &Path, args: &[&str]) {
    let status = Command::new("git")
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
        .expect("git runs");
    assert!(
        status.status.success(),
        "{}",
        String::from_utf8_lossy(&status.stderr)
    );
}

/// A repository of four languages (TypeScript, Python, Java, Go) with two commits: the second
/// changes one TypeScript file.
fn repository(dir: &Path) {
    copy_dir(&packs_fixture("nestjs", "nest-users"), &dir.join("web"));
    copy_dir(&packs_fixture("fastapi", "fastapi-app"), &dir.join("api"));
    copy_dir(
        &packs_fixture("spring-mvc", "spring-users"),
        &dir.join("jvm"),
    );
    copy_dir(&packs_fixture("gin", "gin"), &dir.join("go"));
    git(dir, &["init", "-q"]);
    git(dir, &["add", "-A"]);
    git(dir, &["commit", "-qm", "first"]);
    let ts = first_file(&dir.join("web"), ".ts");
    let text = std::fs::read_to_string(&ts).unwrap();
    std::fs::write(&ts, format!("{text}\nexport function added(x: number) {{\n  if (!x) {{\n    throw new Error('no');\n  }}\n  return x;\n}}\n")).unwrap();
    git(dir, &["commit", "-qam", "second"]);
}

fn first_file(dir: &Path, ext: &str) -> PathBuf {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.to_string_lossy().ends_with(ext) {
                files.push(p);
            }
        }
    }
    files.sort();
    files
        .into_iter()
        .next()
        .expect("a file with that extension")
}

/// Runs seam with no cache folder from the environment (the test's own flags decide).
fn seam(dir: &Path, args: &[&str]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_seam"))
        .args(args)
        .current_dir(dir)
        .env_remove("SEAM_CACHE_DIR")
        .env("SEAM_TIMING", "1")
        .output()
        .expect("seam runs");
    assert!(
        out.status.success(),
        "seam {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// Every file under `dir`, by relative path, with its bytes.
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let rel = p.strip_prefix(dir).unwrap().to_string_lossy().into_owned();
                out.insert(rel, std::fs::read(&p).unwrap());
            }
        }
    }
    out
}

fn scan(repo: &Path, out: &Path, cache: &[&str]) -> (BTreeMap<String, Vec<u8>>, String) {
    let _ = std::fs::remove_dir_all(out);
    let mut args = vec!["scan", ".", "--output-dir", out.to_str().unwrap()];
    args.extend_from_slice(cache);
    let run = seam(repo, &args);
    (
        files(out),
        String::from_utf8_lossy(&run.stderr).into_owned(),
    )
}

fn diff(repo: &Path, out: &Path, cache: &[&str]) -> (BTreeMap<String, Vec<u8>>, String) {
    let _ = std::fs::remove_dir_all(out);
    let mut args = vec![
        "diff",
        "HEAD~1..HEAD",
        "--output-dir",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(cache);
    let run = seam(repo, &args);
    (
        files(out),
        String::from_utf8_lossy(&run.stderr).into_owned(),
    )
}

/// The number of models the load lowered, from the timing line.
fn lowered(stderr: &str) -> usize {
    stderr
        .lines()
        .find_map(|l| {
            l.split("(")
                .nth(1)?
                .split(" models lowered")
                .next()?
                .parse()
                .ok()
        })
        .unwrap_or_else(|| panic!("no lowering count in:\n{stderr}"))
}

fn entries(cache: &Path) -> Vec<PathBuf> {
    files(cache)
        .into_keys()
        .filter(|p| {
            (p.starts_with("review-") || p.starts_with("run-") || p.starts_with("state-"))
                && !p.contains(".tmp-")
        })
        .map(|p| cache.join(p))
        .collect()
}

#[test]
fn scan_output_is_the_same_cold_warm_changed_torn_and_without_a_cache() {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path().join("repo");
    repository(&repo);
    let cache = tmp.path().join("cache");
    let c = cache.to_str().unwrap();
    let out = tmp.path().join("out");

    let (none, _) = scan(&repo, &out, &["--no-cache"]);
    assert!(none.contains_key("aburi.ir.json"));
    assert!(!cache.exists(), "--no-cache writes no cache");
    let (cold, cold_err) = scan(&repo, &out, &["--cache-dir", c]);
    assert_eq!(cold, none, "cold");
    assert!(lowered(&cold_err) > 0);
    let kept = entries(&cache);
    assert!(!kept.is_empty());
    let (warm, warm_err) = scan(&repo, &out, &["--cache-dir", c]);
    assert_eq!(warm, none, "warm");
    assert_eq!(
        lowered(&warm_err),
        0,
        "every file from the cache:\n{warm_err}"
    );

    // Torn entries (a run killed mid-write, a disk that lost the end) are read as misses.
    for path in &kept {
        let bytes = std::fs::read(path).unwrap();
        std::fs::write(path, &bytes[..bytes.len() / 2]).unwrap();
    }
    let (torn, torn_err) = scan(&repo, &out, &["--cache-dir", c]);
    assert_eq!(torn, none, "torn");
    assert_eq!(lowered(&torn_err), lowered(&cold_err));

    // One file of each kind changed: a TypeScript file (others keep their entries), then a
    // Java file (every Java, Kotlin and Go file resolves against the others: all lowered).
    for (ext, line) in [
        (".ts", "\nexport const later = 1;\n"),
        (".java", "\nclass Later {}\n"),
    ] {
        let file = first_file(&repo, ext);
        let mut text = std::fs::read_to_string(&file).unwrap();
        text.push_str(line);
        std::fs::write(&file, text).unwrap();
        let (truth, _) = scan(&repo, &out, &["--no-cache"]);
        let (changed, changed_err) = scan(&repo, &out, &["--cache-dir", c]);
        assert_eq!(changed, truth, "after a {ext} file changed");
        let n = lowered(&changed_err);
        assert!(n >= 1 && n < lowered(&cold_err), "{ext}: {n} lowered");
    }
}

/// How many files' call resolution the scan took from the kept state, from the timing line.
fn reused_resolution(stderr: &str) -> usize {
    stderr
        .lines()
        .find_map(|l| {
            l.split("resolution of ")
                .nth(1)?
                .split(' ')
                .next()?
                .parse()
                .ok()
        })
        .unwrap_or_else(|| panic!("no reuse count in:\n{stderr}"))
}

/// The Symbol ids the calls of Symbol `from` resolved to, in the written review IR.
fn resolved_calls(ir: &[u8], from: &str) -> Vec<String> {
    let doc: serde_json::Value = serde_json::from_slice(ir).unwrap();
    let symbol = doc["symbols"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"].as_str().is_some_and(|id| id.ends_with(from)))
        .unwrap_or_else(|| panic!("no Symbol {from}"));
    symbol["calls"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["resolved"].as_str().map(str::to_owned))
        .collect()
}

#[test]
fn an_edit_to_an_export_other_files_call_changes_their_resolution_and_nothing_else() {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path().join("repo");
    std::fs::create_dir_all(repo.join("src")).unwrap();
    let write = |name: &str, text: &str| std::fs::write(repo.join("src").join(name), text).unwrap();
    let provider = |name: &str, body: &str| {
        format!("export function {name}(id: string) {{\n  {body}\n  return id;\n}}\n")
    };
    write(
        "a.ts",
        &provider("load", "if (!id) { throw new Error('no id'); }"),
    );
    write("index.ts", "export { load } from './a';\n");
    write(
        "b.ts",
        "import { load } from './index';\n\nexport function show(id: string) {\n  return load(id);\n}\n",
    );
    write(
        "c.ts",
        "function inner(n: number) {\n  return n + 1;\n}\n\nexport function outer(n: number) {\n  return inner(n);\n}\n",
    );
    let cache = tmp.path().join("cache");
    let c = cache.to_str().unwrap();
    let out = tmp.path().join("out");
    let ir = |files: &BTreeMap<String, Vec<u8>>| files["aburi.ir.json"].clone();

    let (first, _) = scan(&repo, &out, &["--cache-dir", c]);
    assert_eq!(first, scan(&repo, &out, &["--no-cache"]).0, "cold");
    assert_eq!(
        resolved_calls(&ir(&first), "b.ts#show"),
        ["ts:src/a.ts#load"]
    );

    // Each edit to the provider, with the caller untouched: a renamed export (the call no
    // longer resolves), the name back (it resolves again), an effect added (propagated to
    // the caller, whose logic fingerprint moves). Every run's output is the one without the
    // cache, and the unrelated file's resolution is reused.
    let edits = [
        provider("fetchOne", "if (!id) { throw new Error('no id'); }"),
        provider("load", "if (!id) { throw new Error('no id'); }"),
        provider("load", "fetch('/api/items/' + id);"),
    ];
    let mut seen = Vec::new();
    for (i, text) in edits.iter().enumerate() {
        write("a.ts", text);
        let (truth, _) = scan(&repo, &out, &["--no-cache"]);
        let (changed, changed_err) = scan(&repo, &out, &["--cache-dir", c]);
        assert_eq!(changed, truth, "edit {i}");
        assert!(
            reused_resolution(&changed_err) >= 1,
            "edit {i}: the unrelated file reused:\n{changed_err}"
        );
        seen.push(resolved_calls(&ir(&changed), "b.ts#show"));
    }
    assert_eq!(
        seen,
        [
            Vec::<String>::new(),
            vec!["ts:src/a.ts#load".to_owned()],
            vec!["ts:src/a.ts#load".to_owned()]
        ]
    );

    // The re-exporting file changed instead: the caller's resolution follows it.
    write("index.ts", "export { load as other } from './a';\n");
    let (truth, _) = scan(&repo, &out, &["--no-cache"]);
    let (changed, _) = scan(&repo, &out, &["--cache-dir", c]);
    assert_eq!(changed, truth, "re-export renamed");
    assert!(resolved_calls(&ir(&changed), "b.ts#show").is_empty());

    // A torn kept state is no state: the run is still the one without the cache.
    write("index.ts", "export { load } from './a';\n");
    for path in files(&cache)
        .into_keys()
        .filter(|p| p.starts_with("state-") && !p.contains(".tmp-"))
    {
        let path = cache.join(path);
        let bytes = std::fs::read(&path).unwrap();
        std::fs::write(&path, &bytes[..bytes.len() - 3]).unwrap();
    }
    let (truth, _) = scan(&repo, &out, &["--no-cache"]);
    let (torn, torn_err) = scan(&repo, &out, &["--cache-dir", c]);
    assert_eq!(torn, truth, "torn state");
    assert_eq!(reused_resolution(&torn_err), 0, "{torn_err}");
}

/// A scan's files, standard output and standard error without the timing lines.
fn scan_printed(
    repo: &Path,
    out: &Path,
    cache: &[&str],
) -> (BTreeMap<String, Vec<u8>>, String, String, String) {
    let _ = std::fs::remove_dir_all(out);
    let mut args = vec!["scan", ".", "--output-dir", out.to_str().unwrap()];
    args.extend_from_slice(cache);
    let run = seam(repo, &args);
    let stderr = String::from_utf8_lossy(&run.stderr).into_owned();
    let notes: String = stderr
        .lines()
        .filter(|l| !l.starts_with("timing:"))
        .map(|l| format!("{l}\n"))
        .collect();
    (
        files(out),
        String::from_utf8_lossy(&run.stdout).into_owned(),
        notes,
        stderr,
    )
}

const KEPT: &str = "write the kept run";

#[test]
fn a_rerun_with_nothing_changed_writes_the_kept_run_and_prints_the_same_lines() {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path().join("repo");
    repository(&repo);
    let cache = tmp.path().join("cache");
    let c = cache.to_str().unwrap();
    let out = tmp.path().join("out");
    // A file that is not a source: its bytes are not hashed, its size and time are.
    std::fs::write(repo.join("pnpm-workspace.yaml"), "packages: []\n").unwrap();

    let (none, none_out, none_notes, _) = scan_printed(&repo, &out, &["--no-cache"]);
    assert!(none_out.contains(" symbols ("), "{none_out}");
    let (cold, cold_out, cold_notes, cold_err) = scan_printed(&repo, &out, &["--cache-dir", c]);
    assert!(!cold_err.contains(KEPT));
    let (warm, warm_out, warm_notes, warm_err) = scan_printed(&repo, &out, &["--cache-dir", c]);
    assert!(warm_err.contains(KEPT), "{warm_err}");
    assert!(
        !warm_err.contains("review IR"),
        "nothing analysed:\n{warm_err}"
    );
    for (name, files, stdout, notes) in [
        ("cold", &cold, &cold_out, &cold_notes),
        ("warm", &warm, &warm_out, &warm_notes),
    ] {
        assert_eq!(files, &none, "{name}: files");
        assert_eq!(stdout, &none_out, "{name}: standard output");
        assert_eq!(notes, &none_notes, "{name}: notes");
    }
    // `--compact` writes another document: not the kept one.
    let (_, _, _, compact_err) = scan_printed(&repo, &out, &["--cache-dir", c, "--compact"]);
    assert!(!compact_err.contains(KEPT), "{compact_err}");

    // The document is kept by reference: a hard link beside the run's entry, not a copy in it.
    let (_, _, _, _) = scan_printed(&repo, &out, &["--cache-dir", c]);
    let kept_files: Vec<PathBuf> = files(&cache)
        .into_keys()
        .filter(|p| p.starts_with("run-") && !p.contains(".tmp-"))
        .map(|p| cache.join(p))
        .collect();
    let (side, runs): (Vec<PathBuf>, Vec<PathBuf>) = kept_files
        .into_iter()
        .partition(|p| p.file_name().unwrap().to_string_lossy().contains('.'));
    assert_eq!(runs.len(), 1, "one kept run");
    let document = std::fs::read(out.join("aburi.ir.json")).unwrap();
    assert!(side.iter().any(|p| std::fs::read(p).unwrap() == document));
    assert!(std::fs::metadata(&runs[0]).unwrap().len() < document.len() as u64);

    // The output changed in place, which is the kept file itself: not served, and the run
    // writes what it would without the cache.
    let mut changed_in_place = document.clone();
    changed_in_place.extend_from_slice(b" ");
    std::fs::write(out.join("aburi.ir.json"), &changed_in_place).unwrap();
    let (in_place, _, _, in_place_err) = scan_printed(&repo, &out, &["--cache-dir", c]);
    assert!(!in_place_err.contains(KEPT), "{in_place_err}");
    assert_eq!(in_place, none, "kept file changed in place");
    let (again, _, _, again_err) = scan_printed(&repo, &out, &["--cache-dir", c]);
    assert!(again_err.contains(KEPT), "kept again:\n{again_err}");
    assert_eq!(again, none, "kept again");

    // A torn kept run is not read; the entries still serve the run.
    let runs: Vec<PathBuf> = files(&cache)
        .into_keys()
        .filter(|p| p.starts_with("run-") && !p.contains(".tmp-"))
        .map(|p| cache.join(p))
        .collect();
    for path in &runs {
        let bytes = std::fs::read(path).unwrap();
        std::fs::write(path, &bytes[..bytes.len() - 1]).unwrap();
    }
    let (torn, _, _, torn_err) = scan_printed(&repo, &out, &["--cache-dir", c]);
    assert!(!torn_err.contains(KEPT), "{torn_err}");
    assert_eq!(lowered(&torn_err), 0);
    assert_eq!(torn, none, "torn kept run");

    // Nor after a file that is not a source changed.
    std::fs::write(
        repo.join("pnpm-workspace.yaml"),
        "packages:\n  - 'none/*'\n",
    )
    .unwrap();
    let (_, _, _, other_err) = scan_printed(&repo, &out, &["--cache-dir", c]);
    assert!(!other_err.contains(KEPT), "{other_err}");

    // After an edit the kept run is not the run's.
    let file = first_file(&repo, ".ts");
    let mut text = std::fs::read_to_string(&file).unwrap();
    text.push_str("\nexport const later = 1;\n");
    std::fs::write(&file, text).unwrap();
    let (truth, truth_out, _, _) = scan_printed(&repo, &out, &["--no-cache"]);
    let (changed, changed_out, _, changed_err) = scan_printed(&repo, &out, &["--cache-dir", c]);
    assert!(!changed_err.contains(KEPT), "{changed_err}");
    assert_eq!(changed, truth);
    assert_eq!(changed_out, truth_out);
}

#[test]
fn two_scans_sharing_one_cache_write_what_one_alone_writes() {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path().join("repo");
    repository(&repo);
    let cache = tmp.path().join("cache");
    let (none, _) = scan(&repo, &tmp.path().join("none"), &["--no-cache"]);
    std::thread::scope(|s| {
        for i in 0..2 {
            let (repo, cache, tmp, none) = (&repo, &cache, tmp.path(), &none);
            s.spawn(move || {
                let out = tmp.join(format!("out{i}"));
                let (got, _) = scan(repo, &out, &["--cache-dir", cache.to_str().unwrap()]);
                assert_eq!(&got, none);
            });
        }
    });
    let (warm, _) = scan(
        &repo,
        &tmp.path().join("after"),
        &["--cache-dir", cache.to_str().unwrap()],
    );
    assert_eq!(warm, none);
}

#[test]
fn diff_output_is_the_same_with_and_without_the_cache() {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path().join("repo");
    repository(&repo);
    let cache = tmp.path().join("cache");
    let c = cache.to_str().unwrap();
    let out = tmp.path().join("out");
    let (none, _) = diff(&repo, &out, &["--no-cache"]);
    assert!(none.contains_key("diff.json"));
    let (cold, _) = diff(&repo, &out, &["--cache-dir", c]);
    assert_eq!(cold, none, "cold");
    let (warm, warm_err) = diff(&repo, &out, &["--cache-dir", c]);
    assert_eq!(warm, none, "warm");
    // Both revisions' boundary facts and review IRs kept by the cold run: nothing analysed,
    // no source file lowered and no per-file entry read.
    assert!(
        warm_err.contains("2 of 2 revisions' boundary facts read from the cache"),
        "{warm_err}"
    );
    assert!(
        warm_err.contains("2 of 2 revisions' review IRs read from the cache"),
        "{warm_err}"
    );
    assert!(warm_err.contains("(0 models)"), "{warm_err}");
    // The entries `seam scan` keeps serve the diff: same keys for the same files.
    let scan_cache = tmp.path().join("scan-cache");
    let sc = scan_cache.to_str().unwrap();
    scan(&repo, &tmp.path().join("scan"), &["--cache-dir", sc]);
    let (after_scan, after_scan_err) = diff(&repo, &out, &["--cache-dir", sc]);
    assert_eq!(after_scan, none, "after a scan");
    assert!(
        !after_scan_err.contains(" 0 files' Symbols read from the cache"),
        "{after_scan_err}"
    );
}

/// The pull-request case: the base was diffed before (as the head of an earlier diff), the
/// head is new and changes a Java file, whose language resolves across files: the same bytes
/// as without the cache.
#[test]
fn a_diff_whose_base_was_diffed_before_is_the_same_as_without_the_cache() {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path().join("repo");
    repository(&repo);
    let java = first_file(&repo.join("jvm"), ".java");
    let text = std::fs::read_to_string(&java).unwrap();
    std::fs::write(
        &java,
        format!("{text}\nclass Added {{\n  int one() {{\n    return 1;\n  }}\n}}\n"),
    )
    .unwrap();
    git(&repo, &["commit", "-qam", "third"]);
    let cache = tmp.path().join("cache");
    let c = cache.to_str().unwrap();
    let out = tmp.path().join("out");
    let run = |range: &str, flags: &[&str]| {
        let _ = std::fs::remove_dir_all(&out);
        let mut args = vec!["diff", range, "--output-dir", out.to_str().unwrap()];
        args.extend_from_slice(flags);
        let stderr = String::from_utf8_lossy(&seam(&repo, &args).stderr).into_owned();
        (files(&out), stderr)
    };
    let (none, _) = run("HEAD~1..HEAD", &["--no-cache"]);
    run("HEAD~2..HEAD~1", &["--cache-dir", c]);
    let (based, based_err) = run("HEAD~1..HEAD", &["--cache-dir", c]);
    assert_eq!(based, none);
    assert!(
        based_err.contains("1 of 2 revisions' boundary facts read from the cache"),
        "{based_err}"
    );
    assert!(
        based_err.contains("1 of 2 revisions' review IRs read from the cache"),
        "{based_err}"
    );
}

#[test]
fn the_default_cache_folder_changes_nothing_extract_and_check_read() {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path().join("repo");
    repository(&repo);
    let extract = |name: &str| {
        let path = tmp.path().join(name);
        seam(&repo, &["extract", ".", "-o", path.to_str().unwrap()]);
        std::fs::read(path).unwrap()
    };
    let check = || {
        let out = Command::new(env!("CARGO_BIN_EXE_seam"))
            .args(["check", ".", "--format", "json"])
            .current_dir(&repo)
            .env_remove("SEAM_CACHE_DIR")
            .output()
            .unwrap();
        out.stdout
    };
    let (extract_before, check_before) = (extract("before.json"), check());
    let (none, _) = scan(&repo, &tmp.path().join("none"), &["--no-cache"]);
    // No --cache-dir and no SEAM_CACHE_DIR: `.seam/cache` in the repository.
    let (cold, _) = scan(&repo, &tmp.path().join("cold"), &[]);
    assert!(repo.join(".seam/cache/.gitignore").is_file());
    assert!(!entries(&repo.join(".seam/cache")).is_empty());
    let (warm, warm_err) = scan(&repo, &tmp.path().join("warm"), &[]);
    assert_eq!(cold, none);
    assert_eq!(warm, none);
    assert_eq!(lowered(&warm_err), 0);
    assert_eq!(extract("after.json"), extract_before);
    assert_eq!(check(), check_before);
    // git does not see the cache either.
    let status = Command::new("git")
        .args(["status", "--porcelain"])
        .current_dir(&repo)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&status.stdout), "");
}

/// A cache holding the entries of some Go files but not all (another run still writing them,
/// or evicted): the Go files are lowered together, so calls across their packages resolve
/// as in a run without the cache.
#[test]
fn a_cache_missing_one_go_entry_lowers_every_go_file() {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path().join("repo");
    repository(&repo);
    let cache = tmp.path().join("cache");
    let c = cache.to_str().unwrap();
    let (none, _) = scan(&repo, &tmp.path().join("none"), &["--no-cache"]);
    let (cold, _) = scan(&repo, &tmp.path().join("cold"), &["--cache-dir", c]);
    assert_eq!(cold, none);
    // Take out the entry of one Go file (entries name their file), and every whole-run
    // result, so the next run reads file entries.
    let mut removed = 0;
    let mut stack = vec![cache.clone()];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = e.path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let bytes = std::fs::read(&path).unwrap_or_default();
            let in_review = path.components().any(|c| c.as_os_str() == "review-2");
            let names = |needle: &str| bytes.windows(needle.len()).any(|w| w == needle.as_bytes());
            if !in_review || (removed == 0 && names("go/internal/items/routes.go")) {
                std::fs::remove_file(&path).unwrap();
                removed += usize::from(in_review);
            }
        }
    }
    assert_eq!(removed, 1);
    let (half, _) = scan(&repo, &tmp.path().join("half"), &["--cache-dir", c]);
    assert_eq!(half, none);
}

/// `SEAM_CACHE_DIR` puts the cache in the folder it names (nothing under the repository), a
/// warm run there lowers nothing, and `--cache-dir` wins over it.
#[test]
fn the_cache_folder_comes_from_seam_cache_dir_and_cache_dir_wins() {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path().join("repo");
    repository(&repo);
    let from_env = tmp.path().join("env-cache");
    let from_flag = tmp.path().join("flag-cache");
    let run = |out: &str, extra: &[&str]| {
        let out_dir = tmp.path().join(out);
        let mut args = vec!["scan", ".", "--output-dir", out_dir.to_str().unwrap()];
        args.extend_from_slice(extra);
        let run = Command::new(env!("CARGO_BIN_EXE_seam"))
            .args(&args)
            .current_dir(&repo)
            .env("SEAM_CACHE_DIR", &from_env)
            .env("SEAM_TIMING", "1")
            .output()
            .expect("seam runs");
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        (
            files(&out_dir),
            String::from_utf8_lossy(&run.stderr).into_owned(),
        )
    };
    let (cold, _) = run("cold", &[]);
    assert!(!entries(&from_env).is_empty());
    assert!(!repo.join(".seam").exists());
    let (warm, warm_err) = run("warm", &[]);
    assert_eq!(warm, cold);
    assert_eq!(lowered(&warm_err), 0);
    let (flagged, _) = run("flagged", &["--cache-dir", from_flag.to_str().unwrap()]);
    assert_eq!(flagged, cold);
    assert!(!entries(&from_flag).is_empty());
}

/// Every file under `dir` with its modification time, by relative path.
fn modified(dir: &Path) -> BTreeMap<String, std::time::SystemTime> {
    files(dir)
        .into_keys()
        .map(|p| {
            let t = std::fs::metadata(dir.join(&p)).unwrap().modified().unwrap();
            (p, t)
        })
        .collect()
}

/// A scan into `out` as it is (the files of the run before stay there until replaced).
fn scan_into(repo: &Path, out: &Path, cache: &[&str]) -> (BTreeMap<String, Vec<u8>>, String) {
    let mut args = vec!["scan", ".", "--output-dir", out.to_str().unwrap()];
    args.extend_from_slice(cache);
    let run = seam(repo, &args);
    (
        files(out),
        String::from_utf8_lossy(&run.stderr).into_owned(),
    )
}

#[test]
fn a_rerun_after_an_edit_rewrites_only_the_views_that_changed_and_ends_as_a_cold_run() {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path().join("repo");
    let write = |name: &str, text: &str| {
        let path = repo.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    // Three Components: `core` exports what `app` calls; `other` stands apart.
    write(
        "package.json",
        "{ \"name\": \"mono\", \"private\": true, \"workspaces\": [\"packages/*\"] }\n",
    );
    for name in ["core", "app", "other"] {
        write(
            &format!("packages/{name}/package.json"),
            &format!("{{ \"name\": \"{name}\" }}\n"),
        );
    }
    let provider = |name: &str, body: &str| {
        format!("export function {name}(id: string) {{\n  {body}\n  return id;\n}}\n")
    };
    write(
        "packages/core/src/load.ts",
        &provider("load", "if (!id) { throw new Error('no id'); }"),
    );
    write(
        "packages/app/src/show.ts",
        "import { load } from '../../core/src/load';\n\nexport function show(id: string) {\n  return load(id);\n}\n",
    );
    write(
        "packages/other/src/alone.ts",
        "export function alone(n: number) {\n  return n + 1;\n}\n",
    );
    let cache = tmp.path().join("cache");
    let c = cache.to_str().unwrap();
    let out = tmp.path().join("out");
    let fresh = tmp.path().join("fresh");

    let (cold, _) = scan_into(&repo, &out, &["--cache-dir", c]);
    assert_eq!(cold, scan(&repo, &fresh, &["--no-cache"]).0, "cold");
    let pages: Vec<&String> = cold.keys().filter(|p| p.ends_with(".md")).collect();
    assert_eq!(
        pages.len(),
        4,
        "workspace.md and three Components: {pages:?}"
    );

    // Each edit changes `core`'s file and, through the call, `app`'s Symbols (the call no
    // longer resolves, resolves again, carries a propagated effect); `other` is untouched.
    // The output folder keeps the run before's files, dated in the past: the run leaves
    // `other`'s page alone and ends with what a run without the cache writes.
    let edits = [
        provider("fetchOne", "if (!id) { throw new Error('no id'); }"),
        provider("load", "if (!id) { throw new Error('no id'); }"),
        provider("load", "fetch('/api/items/' + id);"),
    ];
    let past = std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_000_000);
    let mut before = cold;
    for (i, text) in edits.iter().enumerate() {
        for page in files(&out).into_keys() {
            std::fs::File::options()
                .write(true)
                .open(out.join(&page))
                .unwrap()
                .set_modified(past)
                .unwrap();
        }
        write("packages/core/src/load.ts", text);
        let (truth, _) = scan(&repo, &fresh, &["--no-cache"]);
        let (changed, _) = scan_into(&repo, &out, &["--cache-dir", c]);
        assert_eq!(changed, truth, "edit {i}");
        for page in ["components/core.md", "components/app.md"] {
            assert_ne!(changed[page], before[page], "edit {i}: {page} changed");
        }
        let times = modified(&out);
        assert_eq!(
            times["components/other.md"], past,
            "edit {i}: other.md left alone"
        );
        assert_ne!(times["components/app.md"], past, "edit {i}: app.md written");
        assert_ne!(
            times["aburi.ir.json"], past,
            "edit {i}: the document written"
        );
        before = changed;
    }

    // A page in the folder that is not what the run writes (changed by hand, same length) is
    // replaced, never taken for the run's.
    let page = out.join("components/other.md");
    let mut altered = std::fs::read(&page).unwrap();
    let last = altered.len() - 2;
    altered[last] = if altered[last] == b'x' { b'y' } else { b'x' };
    std::fs::write(&page, &altered).unwrap();
    write(
        "packages/core/src/load.ts",
        &provider("load", "fetch('/api/items/' + id + '/');"),
    );
    let (truth, _) = scan(&repo, &fresh, &["--no-cache"]);
    let (changed, _) = scan_into(&repo, &out, &["--cache-dir", c]);
    assert_eq!(changed, truth, "a page altered by hand");
}
