//! Phase timings of a scan (not a test): `cargo run --release -p seam-review --example
//! scan_timing -- DIR [OUT_DIR]`. Prints each scan phase, then the time to write the outputs
//! (canonical JSON and Markdown) into OUT_DIR (default: a temporary directory).
use std::time::Instant;

// The allocator the `seam` binary uses, so the phases compare with it.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().unwrap_or_else(|| ".".to_owned());
    let out = args.next().map(std::path::PathBuf::from);
    let start = Instant::now();
    let result = match seam_review::scan(
        std::path::Path::new(&dir),
        &seam_review::ScanOptions::default(),
    ) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return;
        }
    };
    for (phase, took) in &result.phases {
        println!("  {phase:<24} {:>8.3} s", took.as_secs_f64());
    }
    let scanned = start.elapsed();
    let temporary = tempfile::tempdir();
    let out_dir = match (&out, &temporary) {
        (Some(o), _) => o.clone(),
        (None, Ok(t)) => t.path().to_path_buf(),
        (None, Err(e)) => {
            eprintln!("error: no temporary directory: {e}");
            return;
        }
    };
    let ir = std::time::Instant::now();
    let json = seam_ir::review::write_document_file(
        &out_dir.join("aburi.ir.json"),
        &result.document,
        true,
    );
    println!(
        "  {:<24} {:>8.3} s",
        "write aburi.ir.json",
        ir.elapsed().as_secs_f64()
    );
    if let Err(e) = json {
        eprintln!("error: {e}");
    }
    let views = std::time::Instant::now();
    let written = seam_review::write_outputs(&result.document, &out_dir, false);
    println!(
        "  {:<24} {:>8.3} s (all outputs again)",
        "write_outputs",
        views.elapsed().as_secs_f64()
    );
    if let Err(e) = written {
        eprintln!("error: {e}");
    }
    println!(
        "total {:.3} s (scan {:.3} s)",
        start.elapsed().as_secs_f64(),
        scanned.as_secs_f64()
    );
}
