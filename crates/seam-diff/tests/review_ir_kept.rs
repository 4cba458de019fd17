//! Each revision's finished review IR kept in the cache (`revision_cache::document_key`): a
//! revision whose review IR and boundary facts a run before kept is not analysed again. Each
//! case compares the bytes with a run without a cache and says which review IRs were read.

use std::path::Path;

mod common;
use common::{committed, git};

/// Two packages of a workspace, a route and a client calling it; the head changes the
/// route's handler.
const FILES: &[(&str, &str)] = &[
    (
        "package.json",
        r#"{ "name": "kept-review-ir", "private": true }"#,
    ),
    (
        "packages/api/package.json",
        r#"{ "name": "@kept/api", "dependencies": { "express": "^4.18.0" } }"#,
    ),
    (
        "packages/api/src/server.ts",
        "import express from \"express\";\nimport { findUser } from \"./store\";\n\nconst app = express();\n\napp.get(\"/users/:id\", (req, res) => {\n  const user = findUser(req.params.id);\n  if (!user) {\n    return res.status(404).json({ error: \"not found\" });\n  }\n  return res.json(user);\n});\n\napp.listen(3000);\n",
    ),
    (
        "packages/api/src/store.ts",
        "export function findUser(id: string) {\n  if (id === \"\") {\n    return null;\n  }\n  return { id };\n}\n",
    ),
    (
        "packages/web/package.json",
        r#"{ "name": "@kept/web", "dependencies": { "axios": "^1.6.0" } }"#,
    ),
    (
        "packages/web/src/client.ts",
        "import axios from \"axios\";\n\nexport async function loadUser(id: string) {\n  const response = await axios.get(`/users/${id}`);\n  if (response.status === 404) {\n    return null;\n  }\n  return response.data;\n}\n",
    ),
];

/// A repository of [`FILES`], then a commit where the handler no longer sends 404 and the
/// store throws on an empty id.
fn repo() -> tempfile::TempDir {
    let dir = committed(FILES);
    let d = dir.path();
    let edit = |path: &str, from: &str, to: &str| {
        let p = d.join(path);
        let text = std::fs::read_to_string(&p).unwrap();
        assert!(text.contains(from), "{path} holds {from}");
        std::fs::write(p, text.replace(from, to)).unwrap();
    };
    edit(
        "packages/api/src/server.ts",
        "  if (!user) {\n    return res.status(404).json({ error: \"not found\" });\n  }\n",
        "",
    );
    edit(
        "packages/api/src/store.ts",
        "    return null;",
        "    throw new Error(\"empty id\");",
    );
    git(d, &["commit", "-qam", "head"]);
    dir
}

struct Run {
    json: String,
    notes: Vec<String>,
}

fn diff(d: &Path, base: &str, boundaries: bool, cache: Option<&seam_pipeline::Cache>) -> Run {
    let out = seam_diff::diff_git_cached(
        d,
        base,
        seam_diff::HeadSide::Revision("HEAD"),
        &seam_diff::GitOptions {
            boundaries,
            ..seam_diff::GitOptions::default()
        },
        cache,
    )
    .unwrap();
    Run {
        json: seam_diff::to_json(&out.diff, true),
        notes: out.notes,
    }
}

/// How many review IRs the run read from the cache (its note).
fn kept(run: &Run) -> usize {
    let note = run
        .notes
        .iter()
        .find(|n| n.ends_with("revisions' review IRs read from the cache"))
        .unwrap_or_else(|| panic!("no note of kept review IRs in {:?}", run.notes));
    note.split(' ').next().unwrap().parse().unwrap()
}

fn cache_in(folder: &tempfile::TempDir) -> seam_pipeline::Cache {
    seam_pipeline::Cache::open(folder.path(), 1 << 30).unwrap()
}

#[test]
fn a_kept_review_ir_gives_the_bytes_of_a_run_without_a_cache() {
    let dir = repo();
    let d = dir.path();
    for boundaries in [true, false] {
        let none = diff(d, "HEAD~1", boundaries, None);
        assert!(none.json.contains("\"changed\""), "{}", none.json);
        let folder = tempfile::tempdir().unwrap();
        let cache = cache_in(&folder);
        let cold = diff(d, "HEAD~1", boundaries, Some(&cache));
        assert_eq!(kept(&cold), 0);
        assert_eq!(cold.json, none.json, "cold, boundaries {boundaries}");
        // Warm: both revisions read whole from the cache, nothing lowered.
        let warm = diff(d, "HEAD~1", boundaries, Some(&cache));
        assert_eq!(kept(&warm), 2);
        assert_eq!(warm.json, none.json, "warm, boundaries {boundaries}");
        assert!(
            warm.notes
                .iter()
                .any(|n| n == "0 files lowered once for both revisions, 0 lowered for one side"),
            "{:?}",
            warm.notes
        );
        // The pull-request case: the base diffed before (against itself), the head new.
        let folder = tempfile::tempdir().unwrap();
        let based = cache_in(&folder);
        seam_diff::diff_git_cached(
            d,
            "HEAD~1",
            seam_diff::HeadSide::Revision("HEAD~1"),
            &seam_diff::GitOptions {
                boundaries,
                ..seam_diff::GitOptions::default()
            },
            Some(&based),
        )
        .unwrap();
        let second = diff(d, "HEAD~1", boundaries, Some(&based));
        assert_eq!(kept(&second), 1);
        // The head's one unchanged source (the client) is read from the entry its base's run
        // kept, though with the boundary diff its model is lowered for the summaries too
        // (which are extracted beside the review IR).
        assert!(
            second
                .notes
                .iter()
                .any(|n| n == "1 files' Symbols read from the cache (both revisions counted)"),
            "{:?}",
            second.notes
        );
        assert_eq!(
            second.json, none.json,
            "base diffed before, boundaries {boundaries}"
        );
        // The head's boundary facts, worked out beside its review IR (the base's came from
        // the cache), and its review IR, written beside the diffs, are kept: a rerun reads
        // both revisions whole.
        let third = diff(d, "HEAD~1", boundaries, Some(&based));
        assert_eq!(kept(&third), 2);
        assert_eq!(third.json, none.json, "rerun, boundaries {boundaries}");
        if boundaries {
            for (run, facts) in [(&second, 1), (&third, 2)] {
                let note = format!("{facts} of 2 revisions' boundary facts read from the cache");
                assert!(run.notes.contains(&note), "{:?}", run.notes);
            }
            assert!(none.json.contains("\"brokenPairs\": [\n"), "{}", none.json);
        }
    }
}

/// The review IR's Components come from the workspace configuration at the working tree,
/// which is no part of either revision: a kept review IR is not used once it changes.
#[test]
fn workspace_configuration_at_the_working_tree_is_part_of_the_key() {
    let dir = repo();
    let d = dir.path();
    let folder = tempfile::tempdir().unwrap();
    let cache = cache_in(&folder);
    let before = diff(d, "HEAD~1", true, None);
    diff(d, "HEAD~1", true, Some(&cache));
    // Untracked: the revisions are unchanged, the Components are not.
    std::fs::write(
        d.join("pnpm-workspace.yaml"),
        "packages:\n  - \"packages/*\"\n",
    )
    .unwrap();
    let none = diff(d, "HEAD~1", true, None);
    assert_ne!(
        none.json, before.json,
        "the workspace file changes the diff"
    );
    let after = diff(d, "HEAD~1", true, Some(&cache));
    assert_eq!(kept(&after), 0);
    assert_eq!(after.json, none.json);
    let again = diff(d, "HEAD~1", true, Some(&cache));
    assert_eq!(kept(&again), 2);
    assert_eq!(again.json, none.json);
}

/// A torn or foreign entry is no entry: the revision is analysed again.
#[test]
fn a_torn_kept_review_ir_is_analysed_again() {
    let dir = repo();
    let d = dir.path();
    let folder = tempfile::tempdir().unwrap();
    let cache = cache_in(&folder);
    let none = diff(d, "HEAD~1", true, None);
    diff(d, "HEAD~1", true, Some(&cache));
    let kind = folder.path().join("review-ir-1");
    let mut torn = 0;
    for entry in walk(&kind) {
        let bytes = std::fs::read(&entry).unwrap();
        std::fs::write(&entry, &bytes[..bytes.len() / 2]).unwrap();
        torn += 1;
    }
    assert_eq!(torn, 2, "one entry per revision under {}", kind.display());
    let after = diff(d, "HEAD~1", true, Some(&cache));
    assert_eq!(kept(&after), 0);
    assert_eq!(after.json, none.json);
}

/// Replaces every kept review IR with a whole entry (its checksum right) that does not read
/// as a review IR; returns how many.
fn spoil_kept_review_irs(folder: &Path, cache: &seam_pipeline::Cache) -> usize {
    let kind = folder.join("review-ir-1");
    let mut spoiled = 0;
    for entry in walk(&kind) {
        let dir = entry
            .parent()
            .unwrap()
            .file_name()
            .unwrap()
            .to_str()
            .unwrap();
        let hex = format!("{dir}{}", entry.file_name().unwrap().to_str().unwrap());
        let mut key = [0u8; 32];
        for (i, b) in key.iter_mut().enumerate() {
            *b = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap();
        }
        let payload = lz4_flex::compress_prepend_size(b"{ \"not\": \"a review IR\" }");
        cache.put("review-ir-1", &seam_pipeline::cache::Key(key), &payload);
        spoiled += 1;
    }
    spoiled
}

/// A kept review IR that is whole but does not read is read on a thread beside the other
/// revision's analysis; once found out, it is forgotten and the diff analysed again, with
/// the bytes of a run without a cache; the run after reads the review IRs kept anew.
#[test]
fn a_kept_review_ir_that_does_not_read_is_analysed_again() {
    let dir = repo();
    let d = dir.path();
    let none = diff(d, "HEAD~1", true, None);
    // Warm: both revisions' review IRs spoiled.
    let folder = tempfile::tempdir().unwrap();
    let cache = cache_in(&folder);
    diff(d, "HEAD~1", true, Some(&cache));
    assert_eq!(spoil_kept_review_irs(folder.path(), &cache), 2);
    let after = diff(d, "HEAD~1", true, Some(&cache));
    assert_eq!(kept(&after), 0);
    assert_eq!(after.json, none.json);
    let again = diff(d, "HEAD~1", true, Some(&cache));
    assert_eq!(kept(&again), 2);
    assert_eq!(again.json, none.json);
    // The pull-request case: the base's review IR spoiled, found out after the head's
    // analysis.
    let folder = tempfile::tempdir().unwrap();
    let based = cache_in(&folder);
    seam_diff::diff_git_cached(
        d,
        "HEAD~1",
        seam_diff::HeadSide::Revision("HEAD~1"),
        &seam_diff::GitOptions::default(),
        Some(&based),
    )
    .unwrap();
    assert_eq!(spoil_kept_review_irs(folder.path(), &based), 1);
    let second = diff(d, "HEAD~1", true, Some(&based));
    assert_eq!(kept(&second), 0);
    assert_eq!(second.json, none.json);
    let third = diff(d, "HEAD~1", true, Some(&based));
    assert_eq!(kept(&third), 2);
    assert_eq!(third.json, none.json);
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            found.extend(walk(&p));
        } else {
            found.push(p);
        }
    }
    found
}
