//! What the extraction test files share: fixture paths, one extraction run, and the expanded
//! v7 text a snapshot compares against.
#![allow(dead_code)] // each test file uses its own subset

use std::path::{Path, PathBuf};

use seam_ir::summary::{BehavioralSummary, WriteOptions, write_summaries};
use seam_lang::project::load_project;
use seam_packs::Detection;

/// A fixture tree by name: a pack's (`crates/seam-packs/packs/<pack>/fixtures/<name>`) or,
/// for one that exercises the engine rather than one library, this crate's
/// (`tests/fixtures/<name>`).
pub fn fixture(name: &str) -> PathBuf {
    pack_fixtures()
        .into_iter()
        .find(|f| f.name == name)
        .map(|f| f.dir)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/fixtures")
                .join(name)
        })
}

/// The folder of the built-in packs.
pub fn packs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../seam-packs/packs")
}

/// One fixture tree of a built-in pack, and where its expected outputs are.
pub struct PackFixture {
    pub name: String,
    pub dir: PathBuf,
    /// `packs/<pack>/expected`.
    pub expected: PathBuf,
}

/// Every fixture of every built-in pack, sorted by pack and name.
pub fn pack_fixtures() -> Vec<PackFixture> {
    let mut out = Vec::new();
    let Ok(packs) = std::fs::read_dir(packs_dir()) else {
        return out;
    };
    let mut packs: Vec<PathBuf> = packs.filter_map(Result::ok).map(|e| e.path()).collect();
    packs.sort();
    for pack in packs {
        let Ok(fixtures) = std::fs::read_dir(pack.join("fixtures")) else {
            continue;
        };
        let mut dirs: Vec<PathBuf> = fixtures
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.is_dir())
            .collect();
        dirs.sort();
        for dir in dirs {
            let Some(name) = dir.file_name().and_then(|n| n.to_str()).map(str::to_owned) else {
                continue;
            };
            out.push(PackFixture {
                name,
                dir,
                expected: pack.join("expected"),
            });
        }
    }
    out
}

/// Loads a fixture tree and extracts it with the built-in packs (`forced` as `-f` would).
pub fn extract(name: &str, forced: &[&str]) -> seam_extract::Extraction {
    let root = fixture(name);
    let packs = seam_packs::builtin_packs().expect("built-in packs load");
    let project = load_project(&root, &seam_packs::project_options(&packs)).expect("fixture loads");
    let detection = Detection::from_project(&project.manifests);
    let options = seam_extract::ExtractOptions {
        forced: forced.iter().map(|s| s.to_string()).collect(),
    };
    seam_extract::extract(&project.models, &detection, &packs, &options)
}

/// The summaries as an expanded v7 file.
pub fn text(summaries: &[BehavioralSummary]) -> String {
    let mut out = Vec::new();
    write_summaries(&mut out, summaries, WriteOptions { expand: true }).expect("writes");
    String::from_utf8(out).expect("utf-8")
}

/// Each summary with a REST binding as `METHOD path <tail>`, sorted.
pub fn sorted_routes(
    summaries: &[BehavioralSummary],
    tail: impl Fn(&BehavioralSummary) -> &str,
) -> Vec<String> {
    let mut out: Vec<String> = summaries
        .iter()
        .filter_map(|s| {
            let v = serde_json::to_value(s.identity.boundary_binding.as_ref()?).ok()?;
            Some(format!(
                "{} {} {}",
                v["semantics"]["method"].as_str()?,
                v["semantics"]["path"].as_str()?,
                tail(s)
            ))
        })
        .collect();
    out.sort();
    out
}
