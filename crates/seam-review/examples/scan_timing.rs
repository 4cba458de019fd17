//! Phase timings of a scan (not a test): `cargo run --release -p seam-review --example
//! scan_timing -- DIR`.
use std::time::Instant;

fn main() {
    let dir = std::env::args().nth(1).unwrap_or_else(|| ".".to_owned());
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
    let scanned = start.elapsed();
    let json = seam_ir::review::to_canonical_json(&result.document, true);
    let written = start.elapsed();
    let md = seam_review::markdown::workspace(&result.document);
    let pages: usize = result
        .document
        .components
        .iter()
        .filter_map(|c| seam_review::markdown::component(&result.document, &c.id))
        .map(|p| p.len())
        .sum();
    let viewed = start.elapsed();
    println!(
        "scan {scanned:?}; canonical JSON {:?} ({} bytes); markdown {:?} ({} bytes)",
        written - scanned,
        json.map(|j| j.len()).unwrap_or(0),
        viewed - written,
        md.len() + pages
    );
}
