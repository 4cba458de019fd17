//! Benchmark (not a test): walk + parse + lower a corpus, then extract, timed separately.
//!   cargo run --release -p seam-extract --example bench_extract -- DIR [PACK...]
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(dir) = args.next() else {
        eprintln!("usage: bench_extract DIR [PACK...]");
        std::process::exit(2);
    };
    let forced: Vec<String> = args.collect();
    let root = std::path::Path::new(&dir);
    let t0 = Instant::now();
    let project = match seam_lang::project::load_project(root, &Default::default()) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let load = t0.elapsed();
    let packs = seam_packs::builtin_packs().unwrap_or_default();
    let t1 = Instant::now();
    let detection = seam_packs::Detection::from_project(root, &project.manifests);
    let run = seam_extract::extract(
        &project.models,
        &detection,
        &packs,
        &seam_extract::ExtractOptions { forced },
    );
    let extract = t1.elapsed();
    println!(
        "{} files; load (walk+parse+lower+resolve) {:.3}s; extract {:.3}s ({} summaries); ratio (load+extract)/load {:.2}",
        project.models.len(),
        load.as_secs_f64(),
        extract.as_secs_f64(),
        run.summaries.len(),
        (load + extract).as_secs_f64() / load.as_secs_f64()
    );
}
