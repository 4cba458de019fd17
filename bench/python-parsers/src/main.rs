//! Bare parse speed of the two Python parsers seam could use, on the same files: every `.py`
//! file under DIR is read into memory once, then each parser parses all of them ROUNDS times
//! on one thread. Prints MB/s per parser (the fastest round) and how many files each refused.

use std::path::{Path, PathBuf};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(dir) = args.next() else {
        eprintln!("usage: python-parsers-bench DIR [ROUNDS]");
        std::process::exit(2);
    };
    let rounds: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(3);
    let mut paths = Vec::new();
    collect(Path::new(&dir), &mut paths);
    paths.sort();
    let sources: Vec<String> = paths
        .iter()
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .collect();
    let bytes: usize = sources.iter().map(String::len).sum();
    let mb = bytes as f64 / 1e6;
    println!(
        "{} files, {mb:.2} MB, {rounds} rounds, one thread",
        sources.len()
    );

    let language: tree_sitter::Language = tree_sitter_python::LANGUAGE.into();
    let tree_sitter = best_of(rounds, || {
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&language).expect("the grammar loads");
        sources
            .iter()
            .filter(|s| {
                parser
                    .parse(s, None)
                    .is_none_or(|t| t.root_node().has_error())
            })
            .count()
    });
    let ruff = best_of(rounds, || {
        sources
            .iter()
            .filter(|s| ruff_python_parser::parse_module(s).is_err())
            .count()
    });
    for (name, (secs, refused)) in [
        ("tree-sitter-python 0.25.0", tree_sitter),
        ("ruff_python_parser 0.0.10", ruff),
    ] {
        println!(
            "{name:28} {secs:7.3} s  {:6.1} MB/s  {refused} files with syntax errors",
            mb / secs
        );
    }
}

/// The fastest of `rounds` runs (seconds) and what the run returned.
fn best_of(rounds: usize, mut run: impl FnMut() -> usize) -> (f64, usize) {
    let mut best = (f64::MAX, 0);
    for _ in 0..rounds.max(1) {
        let start = Instant::now();
        let result = run();
        let secs = start.elapsed().as_secs_f64();
        if secs < best.0 {
            best = (secs, result);
        }
    }
    best
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if name.to_string_lossy().starts_with('.') || name == "node_modules" {
            continue;
        }
        match entry.file_type() {
            Ok(t) if t.is_dir() => collect(&path, out),
            Ok(t) if t.is_file() && path.extension().is_some_and(|e| e == "py") => out.push(path),
            _ => {}
        }
    }
}
