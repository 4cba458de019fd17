//! Measurement (not a test): what the build of each summary read, and how many summaries of a
//! revision could be taken from an earlier one (same discovery facts, no file read changed).
//!   cargo run --release -p seam-extract --example consulted_reads -- DIR
//!   cargo run --release -p seam-extract --example consulted_reads -- BASE_DIR HEAD_DIR
//!
//! With one folder: the time of a plain extraction and of a recording one, how many files
//! each summary's build read, and which project-wide indexes and discovery facts they took.
//! With two (two checkouts of one repository): per summary of HEAD, whether a summary of BASE
//! with the same id read no file whose bytes differ and took the same facts; such a summary is
//! checked to be byte-identical to HEAD's (a difference is a read the record missed, and
//! makes the program exit with 1).
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::time::Instant;

use seam_extract::consulted::Consulted;
use seam_ir::summary::BehavioralSummary;

struct Run {
    paths: Vec<String>,
    sources: Vec<String>,
    summaries: Vec<BehavioralSummary>,
    reads: Vec<Consulted>,
}

fn run(dir: &str, packs: &[seam_packs::Pack], report: bool) -> Run {
    let project =
        match seam_lang::project::load_project(Path::new(dir), &seam_packs::project_options(packs))
        {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(2);
            }
        };
    let detection = seam_packs::Detection::from_project(&project.manifests);
    let options = seam_extract::ExtractOptions::default();
    let t = Instant::now();
    let plain = seam_extract::extract(&project.models, &detection, packs, &options);
    let plain_time = t.elapsed();
    let t = Instant::now();
    let (recorded, reads) =
        seam_extract::extract_recording(&project.models, &detection, packs, &options);
    let recording_time = t.elapsed();
    println!(
        "{dir}: {} files, {} summaries; extract {:.3}s, recording {:.3}s; same summaries: {}",
        project.models.len(),
        recorded.summaries.len(),
        plain_time.as_secs_f64(),
        recording_time.as_secs_f64(),
        plain.summaries == recorded.summaries
    );
    if report {
        let mut sizes: BTreeMap<usize, usize> = BTreeMap::new();
        let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
        for r in &reads {
            let bucket = match r.files.len() {
                n @ 0..=3 => n,
                4..=10 => 10,
                11..=100 => 100,
                _ => 1000,
            };
            *sizes.entry(bucket).or_default() += 1;
            // Counted by kind, once per summary.
            let mut own: BTreeSet<String> =
                r.indexes.iter().map(|i| format!("index {i}")).collect();
            own.extend(r.facts.keys().map(|f| f.kind().to_owned()));
            for k in own {
                *kinds.entry(k).or_default() += 1;
            }
        }
        println!("  files read per summary (files: summaries):");
        for (bucket, n) in sizes {
            let shown = match bucket {
                10 => "4-10".to_owned(),
                100 => "11-100".to_owned(),
                1000 => "over 100".to_owned(),
                n => n.to_string(),
            };
            println!("    {shown}: {n}");
        }
        println!("  indexes and facts taken (kind: summaries):");
        for (k, n) in kinds {
            println!("    {k}: {n}");
        }
    }
    Run {
        paths: project.models.iter().map(|m| m.path.clone()).collect(),
        sources: project
            .models
            .iter()
            .map(|m| m.source.to_string())
            .collect(),
        summaries: recorded.summaries,
        reads,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let packs = seam_packs::builtin_packs().unwrap_or_default();
    match args.as_slice() {
        [dir] => {
            run(dir, &packs, true);
        }
        [base, head] => compare(&run(base, &packs, false), &run(head, &packs, true)),
        _ => {
            eprintln!("usage: consulted_reads DIR | BASE_DIR HEAD_DIR");
            std::process::exit(2);
        }
    }
}

fn compare(base: &Run, head: &Run) {
    if base.paths != head.paths {
        println!(
            "the two revisions list different files: nothing is taken over (file indexes differ)"
        );
        return;
    }
    let changed: BTreeSet<usize> = (0..head.paths.len())
        .filter(|&i| base.sources[i] != head.sources[i])
        .collect();
    let by_id: BTreeMap<&str, usize> = base
        .summaries
        .iter()
        .enumerate()
        .filter_map(|(i, s)| Some((s.identity.id.as_deref()?, i)))
        .collect();
    let (mut taken, mut new_id, mut read_changed, mut other_facts, mut wrong) = (0, 0, 0, 0, 0);
    for (s, r) in head.summaries.iter().zip(&head.reads) {
        let Some(&b) = s.identity.id.as_deref().and_then(|id| by_id.get(id)) else {
            new_id += 1;
            continue;
        };
        let before = &base.reads[b];
        if before.files.iter().any(|f| changed.contains(f)) {
            read_changed += 1;
            continue;
        }
        if before.facts != r.facts || before.calls != r.calls {
            other_facts += 1;
            continue;
        }
        taken += 1;
        let text = |s: &BehavioralSummary| serde_json::to_string(s).unwrap_or_default();
        if text(&base.summaries[b]) != text(s) {
            wrong += 1;
            eprintln!(
                "taken over but different: {}",
                s.identity.id.as_deref().unwrap_or("?")
            );
        }
    }
    println!(
        "changed files: {}; head summaries {}: taken over {taken} ({wrong} of them differ), \
         built again {} (no base summary of that id {new_id}, read a changed file \
         {read_changed}, facts differ {other_facts})",
        changed.len(),
        head.summaries.len(),
        new_id + read_changed + other_facts
    );
    if wrong > 0 {
        std::process::exit(1);
    }
}
