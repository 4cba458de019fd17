//! Front-end benchmark (not a test): how fast seam-lang turns a directory into models.
//!
//! ```sh
//! cargo run --release -p seam-lang --example bench_frontend -- DIR
//! ```
//!
//! Four measurements, each in a fresh child process so its peak RSS (VmHWM) is its own:
//! - `parse-only`: oxc parse + semantic for JS/TS, tree-sitter parse for Python, on sources
//!   already read into memory (reading is not timed);
//! - `full`: `load_project`: walk, read, decode, parse, lower, bind, read manifests, resolve
//!   imports — everything seam-lang does;
//!
//! each on 1 thread and on every core. Files/s and MB/s count the source files lowered (or
//! parsed) and their bytes. The parent prints a table and the ratios the issue targets:
//! full ÷ parse-only time (target ≤ 2) and the speedup from 1 thread to all cores.
use oxc_allocator::Allocator;
use oxc_parser::Parser;
use oxc_semantic::SemanticBuilder;
use oxc_span::SourceType;
use rayon::prelude::*;
use seam_lang::model::Language;
use seam_lang::project::{
    DEFAULT_MAX_FILE_SIZE, DEFAULT_STACK_SIZE, ProjectOptions, excluded_rule, load_project, walk,
};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [dir] => parent(Path::new(dir)),
        [flag, phase, threads, dir] if flag == "--child" => {
            let threads = threads.parse().unwrap_or(1);
            match child(phase, threads, Path::new(dir)) {
                Ok(line) => {
                    println!("{line}");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        _ => {
            eprintln!("usage: bench_frontend DIR");
            ExitCode::from(2)
        }
    }
}

/// One child's result: phase, threads, files, bytes, wall seconds, peak RSS in KiB.
struct Row {
    phase: String,
    threads: usize,
    files: u64,
    bytes: u64,
    secs: f64,
    rss_kib: u64,
}

fn parent(dir: &Path) -> ExitCode {
    let exe = match std::env::current_exe() {
        Ok(e) => e,
        Err(e) => {
            eprintln!("error: cannot find the benchmark binary: {e}");
            return ExitCode::FAILURE;
        }
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut thread_counts = vec![1];
    if cores > 1 {
        thread_counts.push(cores);
    }
    let mut rows = Vec::new();
    for phase in ["parse-only", "full"] {
        for &threads in &thread_counts {
            match run_child(&exe, phase, threads, dir) {
                Ok(row) => rows.push(row),
                Err(e) => {
                    eprintln!("error: {phase} on {threads} threads: {e}");
                    return ExitCode::FAILURE;
                }
            }
        }
    }
    println!("corpus: {}", dir.display());
    println!(
        "{:<11} {:>7} {:>7} {:>8} {:>9} {:>9} {:>8} {:>12}",
        "phase", "threads", "files", "MB", "wall ms", "files/s", "MB/s", "peak RSS MB"
    );
    for r in &rows {
        let mb = r.bytes as f64 / 1e6;
        println!(
            "{:<11} {:>7} {:>7} {:>8.2} {:>9.1} {:>9.0} {:>8.1} {:>12.1}",
            r.phase,
            r.threads,
            r.files,
            mb,
            r.secs * 1e3,
            r.files as f64 / r.secs,
            mb / r.secs,
            r.rss_kib as f64 / 1024.0
        );
    }
    if rows.iter().any(|r| r.files == 0) {
        println!("no source files were found: the ratios below mean nothing");
        return ExitCode::FAILURE;
    }
    let find = |phase: &str, threads: usize| {
        rows.iter()
            .find(|r| r.phase == phase && r.threads == threads)
    };
    for &threads in &thread_counts {
        if let (Some(p), Some(f)) = (find("parse-only", threads), find("full", threads)) {
            println!(
                "full / parse-only on {threads} thread(s): {:.2}x",
                f.secs / p.secs
            );
        }
    }
    if let Some(&all) = thread_counts.last().filter(|&&n| n > 1) {
        for phase in ["parse-only", "full"] {
            if let (Some(one), Some(many)) = (find(phase, 1), find(phase, all)) {
                println!(
                    "{phase} speedup 1 -> {all} threads: {:.2}x",
                    one.secs / many.secs
                );
            }
        }
    }
    ExitCode::SUCCESS
}

fn run_child(exe: &Path, phase: &str, threads: usize, dir: &Path) -> Result<Row, String> {
    let out = Command::new(exe)
        .args(["--child", phase, &threads.to_string()])
        .arg(dir)
        .output()
        .map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let fields: Vec<&str> = text.split_whitespace().collect();
    let num = |i: usize| -> Result<f64, String> {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .ok_or_else(|| format!("unexpected child output: {text}"))
    };
    Ok(Row {
        phase: phase.to_string(),
        threads,
        files: num(0)? as u64,
        bytes: num(1)? as u64,
        secs: num(2)?,
        rss_kib: num(3)? as u64,
    })
}

/// Runs one measurement; returns "files bytes seconds rss_kib".
fn child(phase: &str, threads: usize, dir: &Path) -> Result<String, String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(DEFAULT_STACK_SIZE)
        .build()
        .map_err(|e| e.to_string())?;
    let (files, bytes, secs) = match phase {
        "parse-only" => {
            let sources = read_sources(dir);
            let bytes: u64 = sources.iter().map(|(_, s)| s.len() as u64).sum();
            let start = Instant::now();
            let parsed: usize = pool.install(|| {
                sources
                    .par_iter()
                    .map(|(path, source)| usize::from(parse_only(path, source)))
                    .sum()
            });
            (parsed as u64, bytes, start.elapsed().as_secs_f64())
        }
        "full" => {
            let options = ProjectOptions {
                threads: Some(threads),
                ..ProjectOptions::default()
            };
            let start = Instant::now();
            let project = load_project(dir, &options).map_err(|e| e.to_string())?;
            let secs = start.elapsed().as_secs_f64();
            let bytes: u64 = project.models.iter().map(|m| m.source.len() as u64).sum();
            (project.models.len() as u64, bytes, secs)
        }
        other => return Err(format!("unknown phase {other}")),
    };
    Ok(format!("{files} {bytes} {secs} {}", peak_rss_kib()))
}

/// The source files `load_project` would lower, read into memory.
fn read_sources(dir: &Path) -> Vec<(String, String)> {
    walk::walk(dir, true)
        .files
        .into_iter()
        .filter(|f| {
            Language::from_path(&f.path).is_some()
                && excluded_rule(&f.path).is_none()
                && f.size <= DEFAULT_MAX_FILE_SIZE
        })
        .filter_map(|f| {
            let abs: PathBuf = f.abs;
            let text = std::fs::read_to_string(abs).ok()?;
            Some((f.path, text))
        })
        .collect()
}

/// Parses one file the way the lowering does, without lowering; true when it parsed.
fn parse_only(path: &str, source: &str) -> bool {
    match Language::from_path(path) {
        Some(Language::Python) => seam_lang::lower::python::parse(source).is_ok(),
        Some(_) => {
            let allocator = Allocator::default();
            let source_type =
                if path.ends_with(".js") || path.ends_with(".mjs") || path.ends_with(".cjs") {
                    SourceType::unambiguous().with_jsx(true)
                } else {
                    SourceType::from_path(path).unwrap_or_default()
                };
            let ret = Parser::new(&allocator, source, source_type).parse();
            if ret.panicked {
                return false;
            }
            let semantic = SemanticBuilder::new().build(&ret.program);
            // Keep the work from being optimised away.
            std::hint::black_box(semantic.semantic.scoping().symbols_len());
            true
        }
        None => false,
    }
}

/// Peak resident set size of this process in KiB (VmHWM), 0 when unavailable.
fn peak_rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse().ok())
        })
        .unwrap_or(0)
}
