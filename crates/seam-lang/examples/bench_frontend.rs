//! Front-end benchmark (not a test): how fast seam-lang turns a directory into models.
//!
//! ```sh
//! cargo run --release -p seam-lang --example bench_frontend -- DIR
//! ```
//!
//! Four measurements, each in a fresh child process so its peak RSS (VmHWM) is its own:
//! - `parse-only`: oxc parse + semantic for JS/TS, Ruff's parser for Python, tree-sitter parse
//!   for Go, Java and Kotlin, on sources already read into memory (reading is not timed);
//! - `full`: `load_project`: walk, read, decode, parse, lower, bind, read manifests, resolve
//!   imports — everything seam-lang does;
//!
//! each on 1 thread and on every core, each 3 times (`--runs N` to change), keeping the
//! fastest. Files/s and MB/s count the source files lowered (or
//! parsed) and their bytes; CPU s is the child's user + system time (for parse-only it
//! includes reading the files), which says whether threads add work when the machine is too
//! loaded for wall times to show a speedup. The parent prints a table and the ratios the issue
//! targets: full ÷ parse-only time (target ≤ 2) and the speedup from 1 thread to all cores.
//!
//! `bench_frontend --phases DIR` shows where the time goes, on one thread: the walk, reading,
//! parse-only and lowering time per language, the model's bytes per arena, and the phases of
//! `load_project` ([`seam_lang::project::LoadTimings`]).
//!
//! The global allocator is mimalloc, as in the `seam` binary (measured here: about 8% less CPU
//! for `full` than glibc malloc, and a smaller peak RSS). It is built without transparent huge
//! pages: with them, zeroing fresh 2 MiB pages made `full` 40% slower on a VM.
use oxc_allocator::Allocator;
use oxc_parser::Parser;
use oxc_semantic::SemanticBuilder;
use oxc_span::SourceType;
use rayon::prelude::*;
use seam_lang::model::Language;
use seam_lang::project::{
    DEFAULT_MAX_FILE_SIZE, DEFAULT_STACK_SIZE, ProjectOptions, excluded_rule, load_project, walk,
};
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

// The allocator the `seam` binary uses, so the figures are the binary's.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [dir] => parent(Path::new(dir), 3),
        [flag, runs, dir] if flag == "--runs" => match runs.parse::<usize>() {
            Ok(runs) if runs > 0 => parent(Path::new(dir), runs),
            _ => {
                eprintln!("error: --runs takes a positive number, got `{runs}`");
                ExitCode::from(2)
            }
        },
        [flag, dir] if flag == "--phases" => {
            phases(Path::new(dir));
            ExitCode::SUCCESS
        }
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
            eprintln!("usage: bench_frontend [--runs N] DIR | bench_frontend --phases DIR");
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
    cpu_secs: f64,
}

/// Runs every measurement `runs` times, in the order parse-only and full on each thread count,
/// round after round, and keeps the fastest of each: on a shared machine the fastest run is
/// the one least disturbed by other work.
fn parent(dir: &Path, runs: usize) -> ExitCode {
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
    let mut rows: Vec<Row> = Vec::new();
    for _ in 0..runs {
        let mut round = Vec::new();
        for phase in ["parse-only", "full"] {
            for &threads in &thread_counts {
                match run_child(&exe, phase, threads, dir) {
                    Ok(row) => round.push(row),
                    Err(e) => {
                        eprintln!("error: {phase} on {threads} threads: {e}");
                        return ExitCode::FAILURE;
                    }
                }
            }
        }
        if rows.is_empty() {
            rows = round;
        } else {
            for (best, row) in rows.iter_mut().zip(round) {
                if row.secs < best.secs {
                    *best = row;
                }
            }
        }
    }
    println!("corpus: {} (fastest of {runs} runs)", dir.display());
    println!(
        "{:<11} {:>7} {:>7} {:>8} {:>9} {:>9} {:>8} {:>12} {:>8}",
        "phase", "threads", "files", "MB", "wall ms", "files/s", "MB/s", "peak RSS MB", "CPU s"
    );
    for r in &rows {
        let mb = r.bytes as f64 / 1e6;
        println!(
            "{:<11} {:>7} {:>7} {:>8.2} {:>9.1} {:>9.0} {:>8.1} {:>12.1} {:>8.2}",
            r.phase,
            r.threads,
            r.files,
            mb,
            r.secs * 1e3,
            r.files as f64 / r.secs,
            mb / r.secs,
            r.rss_kib as f64 / 1024.0,
            r.cpu_secs
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
        cpu_secs: num(4)?,
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
    Ok(format!(
        "{files} {bytes} {secs} {} {}",
        peak_rss_kib(),
        cpu_secs()
    ))
}

/// Where the time goes, on one thread: the walk, reading, parsing alone and the lowering
/// (which parses again) per language, model memory, and `load_project` as a whole.
fn phases(dir: &Path) {
    use std::collections::BTreeMap;
    use std::time::Duration;
    let start = Instant::now();
    let walked = walk::walk(dir, true);
    println!(
        "walk: {:.1} ms, {} files",
        ms(start.elapsed()),
        walked.files.len()
    );
    let start = Instant::now();
    let sources = read_sources(dir);
    println!("walk + read: {:.1} ms", ms(start.elapsed()));
    // language -> (files, bytes, parse, lower, model bytes, exprs)
    let mut per: BTreeMap<&str, (u64, u64, Duration, Duration, usize, usize)> = BTreeMap::new();
    let mut arenas = [0usize; 11];
    for (path, source) in &sources {
        let Some(language) = Language::from_path(path) else {
            continue;
        };
        let t = Instant::now();
        std::hint::black_box(parse_only(path, source));
        let parse = t.elapsed();
        let t = Instant::now();
        let model = seam_lang::lower::lower_file(path, language, source);
        let lower = t.elapsed();
        let row = per.entry(language.short_id()).or_default();
        row.0 += 1;
        row.1 += source.len() as u64;
        row.2 += parse;
        row.3 += lower;
        if let Ok(m) = &model {
            for (total, bytes) in arenas.iter_mut().zip(arena_bytes(m)) {
                *total += bytes;
            }
            row.4 += arena_bytes(m).iter().sum::<usize>();
            row.5 += m.exprs.len();
        }
        drop(model);
    }
    println!(
        "{:<4} {:>6} {:>8} {:>10} {:>10} {:>7} {:>10} {:>10}",
        "lang", "files", "MB", "parse ms", "lower ms", "ratio", "model MB", "exprs"
    );
    for (lang, (files, bytes, parse, lower, model, exprs)) in &per {
        println!(
            "{:<4} {:>6} {:>8.2} {:>10.1} {:>10.1} {:>7.2} {:>10.1} {:>10}",
            lang,
            files,
            *bytes as f64 / 1e6,
            ms(*parse),
            ms(*lower),
            lower.as_secs_f64() / parse.as_secs_f64().max(1e-9),
            *model as f64 / 1e6,
            exprs
        );
    }
    let breakdown: Vec<String> = ARENAS
        .iter()
        .zip(arenas)
        .map(|(name, bytes)| format!("{name} {:.1}", bytes as f64 / 1e6))
        .collect();
    println!("model MB by arena: {}", breakdown.join(", "));
    // The same lowering again, keeping every model as `load_project` does: the difference to
    // the sum above is the cost of memory that is new to the process rather than reused.
    let start = Instant::now();
    let kept: Vec<_> = sources
        .iter()
        .filter_map(|(path, source)| {
            let language = Language::from_path(path)?;
            seam_lang::lower::lower_file(path, language, source).ok()
        })
        .collect();
    println!(
        "lower every file keeping the models: {:.1} ms, {} models",
        ms(start.elapsed()),
        kept.len()
    );
    drop(kept);
    let options = ProjectOptions {
        threads: Some(1),
        ..ProjectOptions::default()
    };
    let start = Instant::now();
    match load_project(dir, &options) {
        Ok(p) => println!(
            "load_project (1 thread): {:.1} ms, {} models; walk {:.1} ms, lower {:.1} ms, \
             collect {:.1} ms, resolve {:.1} ms",
            ms(start.elapsed()),
            p.models.len(),
            ms(p.timings.walk),
            ms(p.timings.lower),
            ms(p.timings.collect),
            ms(p.timings.resolve),
        ),
        Err(e) => println!("load_project failed: {e}"),
    }
    println!(
        "sizes: Expr {} Stmt {} Pattern {} Binding {} Function {} Model {}",
        std::mem::size_of::<seam_lang::model::Expr>(),
        std::mem::size_of::<seam_lang::model::Stmt>(),
        std::mem::size_of::<seam_lang::model::Pattern>(),
        std::mem::size_of::<seam_lang::model::Binding>(),
        std::mem::size_of::<seam_lang::model::Function>(),
        std::mem::size_of::<seam_lang::model::Model>(),
    );
}

fn ms(d: std::time::Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

const ARENAS: [&str; 11] = [
    "source",
    "lines",
    "imports",
    "exports",
    "functions",
    "classes",
    "type_decls",
    "stmts",
    "exprs",
    "patterns",
    "bindings",
];

/// The bytes a model's source, line index and arenas hold (lengths, not capacities: what is
/// written; strings and vectors inside nodes are not counted).
fn arena_bytes(m: &seam_lang::model::Model) -> [usize; 11] {
    fn b<T>(v: &[T]) -> usize {
        std::mem::size_of_val(v)
    }
    [
        m.source.len(),
        m.lines.line_count() * 4,
        b(&m.imports),
        b(&m.exports),
        b(&m.functions),
        b(&m.classes),
        b(&m.type_decls),
        b(&m.stmts),
        b(&m.exprs),
        b(&m.patterns),
        b(&m.bindings),
    ]
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
        Some(Language::Go) => seam_lang::lower::go::parse(source).is_ok(),
        Some(Language::Java) => seam_lang::lower::java::parse(source).is_ok(),
        Some(Language::Kotlin) => seam_lang::lower::kotlin::parse(source).is_ok(),
        Some(Language::Rust) => seam_lang::lower::rust::parse(source).is_ok(),
        Some(Language::Ruby) => seam_lang::lower::ruby::parse(source).is_ok(),
        Some(Language::Php) => seam_lang::lower::php::parse(source).is_ok(),
        Some(Language::CSharp) => seam_lang::lower::csharp::parse(source).is_ok(),
        Some(Language::TypeScript | Language::Tsx | Language::JavaScript | Language::Jsx) => {
            // A per-thread arena, reset per file, as the lowering uses.
            thread_local! {
                static ALLOCATOR: RefCell<Allocator> = RefCell::new(Allocator::default());
            }
            ALLOCATOR.with(|cell| {
                let mut allocator = cell.borrow_mut();
                allocator.reset();
                oxc_parse_semantic(&allocator, path, source)
            })
        }
        None => false,
    }
}

/// oxc parse + semantic of one file; true when it parsed.
fn oxc_parse_semantic(allocator: &Allocator, path: &str, source: &str) -> bool {
    let source_type = if path.ends_with(".js") || path.ends_with(".mjs") || path.ends_with(".cjs") {
        SourceType::unambiguous().with_jsx(true)
    } else {
        SourceType::from_path(path).unwrap_or_default()
    };
    let ret = Parser::new(allocator, source, source_type).parse();
    if ret.panicked {
        return false;
    }
    let semantic = SemanticBuilder::new().build(&ret.program);
    // Keep the work from being optimised away.
    std::hint::black_box(semantic.semantic.scoping().symbols_len());
    true
}

/// User plus system CPU time of this process so far, in seconds (0 when unavailable). On a
/// loaded machine wall time says little about scaling; CPU time says whether threads add work.
fn cpu_secs() -> f64 {
    // /proc/self/stat: the fields after the parenthesised command name; utime and stime are
    // the 12th and 13th of them, in clock ticks (100 per second on Linux).
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
