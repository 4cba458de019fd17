//! Finds the built-in packs: every `packs/<name>/pack.yaml`, sorted by folder name, becomes
//! an entry of `BUILTIN_PACK_FILES` (see `src/load.rs`). Adding a pack is adding its folder;
//! no Rust list names them.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let packs = Path::new(&manifest).join("packs");
    println!("cargo::rerun-if-changed={}", packs.display());
    let mut names: Vec<String> = std::fs::read_dir(&packs)
        .expect("crates/seam-packs/packs is readable")
        .filter_map(Result::ok)
        .filter(|e| e.path().join("pack.yaml").is_file())
        .filter_map(|e| e.file_name().into_string().ok())
        .collect();
    names.sort();
    let mut out = String::from("&[\n");
    for name in &names {
        let file = packs.join(name).join("pack.yaml");
        // A pack's YAML changing must rebuild the crate (the folder alone covers additions).
        println!("cargo::rerun-if-changed={}", file.display());
        writeln!(
            out,
            "    ({name:?}, include_str!({:?})),",
            file.display().to_string()
        )
        .expect("writing to a String");
    }
    out.push_str("]\n");
    let dest =
        Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("builtin_packs.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}
