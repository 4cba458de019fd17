//! Benchmark (not a test): walk + parse + lower a corpus, then extract, timed separately.
//!   cargo run --release -p seam-extract --example bench_extract -- DIR [--phases] [PACK...]
//!
//! `--phases` also times each pack's discovery on its own, one thread, after the timed run
//! (handler and client units, store sites), so the cost of the rest of `extract` (walking and
//! assembling the units, ids) is the run's time less their sum on one thread; and the v7
//! writer, to a sink.
use std::collections::BTreeSet;
use std::time::Instant;

use seam_extract::files::Files;
use seam_packs::UnitKind;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(dir) = args.next() else {
        eprintln!("usage: bench_extract DIR [--phases] [PACK...]");
        std::process::exit(2);
    };
    let mut phases = false;
    let mut forced = Vec::new();
    for a in args {
        if a == "--phases" {
            phases = true;
        } else {
            forced.push(a);
        }
    }
    let root = std::path::Path::new(&dir);
    let (t0, c0) = (Instant::now(), cpu_secs());
    let project = match seam_lang::project::load_project(root, &Default::default()) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let (load, load_cpu) = (t0.elapsed(), cpu_secs() - c0);
    let packs = seam_packs::builtin_packs().unwrap_or_default();
    let (t1, c1) = (Instant::now(), cpu_secs());
    let detection = seam_packs::Detection::from_project(&project.manifests);
    let options = seam_extract::ExtractOptions {
        forced: forced.clone(),
    };
    let run = seam_extract::extract(&project.models, &detection, &packs, &options);
    let (extract, extract_cpu) = (t1.elapsed(), cpu_secs() - c1);
    println!(
        "{} files; load (walk+parse+lower+resolve) {:.3}s (CPU {:.2}s); extract {:.3}s (CPU {:.2}s; {} summaries); ratio (load+extract)/load {:.2}",
        project.models.len(),
        load.as_secs_f64(),
        load_cpu,
        extract.as_secs_f64(),
        extract_cpu,
        run.summaries.len(),
        (load + extract).as_secs_f64() / load.as_secs_f64()
    );
    if !phases {
        return;
    }
    // The v7 writer (sharing pass included), to a sink: its share of `seam extract`.
    let t = Instant::now();
    let written = seam_ir::summary::write_summaries(
        std::io::sink(),
        &run.summaries,
        seam_ir::summary::WriteOptions::default(),
    );
    println!(
        "  write v7 {:.3}s{}",
        t.elapsed().as_secs_f64(),
        if written.is_err() { " (failed)" } else { "" }
    );
    let models = &project.models;
    let files = Files::new(models);
    let mut on: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); packs.len()];
    for (i, m) in models.iter().enumerate() {
        for c in detection.packs_for(&m.path, m.language, &m.external_imports(), &packs, &forced) {
            on[c.pack].insert(i);
        }
    }
    let all: BTreeSet<usize> = (0..models.len()).collect();
    let mut total = 0.0;
    for (pi, pack) in packs.iter().enumerate() {
        if on[pi].is_empty() {
            continue;
        }
        let t = Instant::now();
        let found = match pack.kind {
            UnitKind::Handler => {
                seam_extract::discover::handler_units(&files, pi, pack, &on[pi]).len()
            }
            UnitKind::Client => {
                seam_extract::discover::client_units(&files, pi, pack, &on[pi], &all).len()
            }
            UnitKind::Store => seam_extract::storage::storage_sites(&files, pack, &on[pi]).len(),
        };
        let secs = t.elapsed().as_secs_f64();
        total += secs;
        println!(
            "  discover {:<18} {:>5} files {:>6} found {:.3}s",
            pack.name,
            on[pi].len(),
            found,
            secs
        );
    }
    println!("  discover total (one thread) {total:.3}s");
}

/// User plus system CPU time of this process so far, in seconds (0 when unavailable): on a
/// loaded machine wall time says little. From /proc/self/stat, in clock ticks (1/100 s).
fn cpu_secs() -> f64 {
    std::fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|s| {
            let rest = &s[s.rfind(')')? + 1..];
            let fields: Vec<&str> = rest.split_whitespace().collect();
            let utime: f64 = fields.get(11)?.parse().ok()?;
            let stime: f64 = fields.get(12)?.parse().ok()?;
            Some((utime + stime) / 100.0)
        })
        .unwrap_or(0.0)
}
