//! Prints the review IR of a directory: `cargo run -p seam-review --example scan_dump -- DIR`.
fn main() {
    let dir = std::env::args().nth(1).unwrap_or_else(|| ".".to_owned());
    match seam_review::scan(
        std::path::Path::new(&dir),
        &seam_review::ScanOptions::default(),
    ) {
        Ok(result) => match seam_ir::review::to_canonical_json(&result.document, true) {
            Ok(text) => println!("{text}"),
            Err(e) => eprintln!("error: {e}"),
        },
        Err(e) => eprintln!("error: {e}"),
    }
}
