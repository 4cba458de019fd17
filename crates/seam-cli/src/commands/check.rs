//! `seam check [DIR] | --dir SUMMARIES_DIR | PROVIDER.json CONSUMER.json`: pair both sides of
//! every boundary and report where they disagree.
//!
//! With `--since REF` or `--baseline FILE`, only the findings the revision's check (or the
//! saved report) does not already hold are reported and counted (see `seam_check::baseline`).
//!
//! Exit codes: 0 nothing at or above `--fail-on`; 1 the gate tripped; 2 bad usage or unreadable
//! input (a message on standard error, nothing written), a revision `--since` cannot read, a
//! baseline file that is not a report.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use seam_check::{
    Baseline, CheckInput, CheckMode, CheckReport, FailOn, SkippedInput, SuppressionSet, check,
    discover_suppression_files, keep_new,
};
use seam_ir::summary::{BehavioralSummary, SummaryReader};
use seam_report::{
    SarifOptions, TextOptions, render_json, render_markdown, render_sarif_with, render_text,
};

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Text,
    Json,
    Sarif,
    Markdown,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum FailOnArg {
    Error,
    Warning,
    Info,
    None,
}

#[derive(clap::Args)]
pub struct Args {
    /// A repository directory (default `.`), or two summary files: PROVIDER.json CONSUMER.json.
    #[arg(value_name = "DIR | PROVIDER.json CONSUMER.json", num_args = 0..=2)]
    pub paths: Vec<PathBuf>,
    /// Check every `*.json` summary file in this folder instead of extracting a repository.
    #[arg(long, value_name = "SUMMARIES_DIR", conflicts_with = "paths")]
    pub dir: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// The same as `--format json` (the flag suss's `check` takes).
    #[arg(long)]
    pub json: bool,
    /// Write the report to this file instead of standard output (a link is written through,
    /// an existing file replaced only once the report is complete).
    #[arg(
        short = 'o',
        long = "output",
        visible_alias = "out",
        value_name = "FILE"
    )]
    pub out: Option<PathBuf>,
    /// Exit 1 when a finding at or above this severity remains after suppressions.
    #[arg(long, value_enum, default_value = "error")]
    pub fail_on: FailOnArg,
    /// Show warnings and infos in full in the text report, not only counted.
    #[arg(long)]
    pub all: bool,
    /// Ignore every suppression file.
    #[arg(long, conflicts_with = "suppressions")]
    pub no_suppressions: bool,
    /// Read suppression rules from this file instead of looking for .sussignore files.
    #[arg(long, value_name = "FILE")]
    pub suppressions: Option<PathBuf>,
    /// Print the documentation of a finding kind and exit.
    #[arg(long, value_name = "KIND")]
    pub explain: Option<String>,
    /// Read intent documents (`*.intent.yaml`, `*.prd.yaml`) from this folder (default: the
    /// repository checked) and check the code against them.
    #[arg(long, value_name = "DIR")]
    pub intent: Option<PathBuf>,
    /// Report only the findings that are new since this git revision (a commit, branch or
    /// tag): the same check runs on the revision, read from git objects, and what it finds
    /// is left out and not counted by --fail-on.
    #[arg(long, value_name = "REF", conflicts_with = "baseline")]
    pub since: Option<String>,
    /// Report only the findings that are not in this report, written earlier by
    /// `seam check --format json`.
    #[arg(long, value_name = "FILE")]
    pub baseline: Option<PathBuf>,
    /// Also write the v7 summaries of the code to this file, from the same parse (the bytes
    /// `seam extract -o FILE` writes; contracts are not among them).
    #[arg(long, value_name = "FILE")]
    pub summaries: Option<PathBuf>,
    /// Also write the review IR (aburi.ir.json, workspace.md, components/) into this folder,
    /// from the same parse (the files `seam scan --output-dir DIR` writes).
    #[arg(long = "ir-dir", value_name = "DIR")]
    pub ir_dir: Option<PathBuf>,
    /// Pair the client calls and handlers of test files too (`*.test.*`, `*.spec.*`, `tests/`,
    /// `e2e/`, …): by default they are test code and take no part in pairing.
    #[arg(long)]
    pub include_tests: bool,
}

/// What a repository check writes besides its report, from the same load.
struct SideOutputs<'a> {
    summaries: Option<&'a Path>,
    ir_dir: Option<&'a Path>,
}

use crate::exit::{self, USAGE};

fn fail(message: impl std::fmt::Display) -> u8 {
    eprintln!("error: {message}");
    USAGE
}

/// Reads one summary file in full; a progress line on a terminal for long runs.
fn read_file(path: &Path) -> Result<Vec<BehavioralSummary>, String> {
    let reader = SummaryReader::open(path).map_err(|e| e.to_string())?;
    reader
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())
}

/// Every `*.json` in the folder except `*.incomplete.json` and `.sussignore.json`, sorted.
fn summary_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| {
        format!(
            "the folder {} could not be read: {e}. Pass a folder of summary files written by `seam extract -o`.",
            dir.display()
        )
    })?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            p.is_file()
                && name.ends_with(".json")
                && !name.ends_with(".incomplete.json")
                && name != ".sussignore.json"
        })
        .collect();
    files.sort();
    Ok(files)
}

fn progress(done: usize, total: usize, show: bool) {
    if show {
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "\rReading summary files: {done}/{total}");
        if done == total {
            let _ = writeln!(err);
        }
    }
}

/// What a repository run read: summaries, unreadable inputs, files excluded on purpose,
/// intent documents, and the test and process summaries the documents need.
pub(super) struct Extracted {
    pub summaries: Vec<BehavioralSummary>,
    pub skipped: Vec<SkippedInput>,
    pub excluded: Vec<SkippedInput>,
    pub documents: Vec<seam_intent::Document>,
    pub tests: Vec<BehavioralSummary>,
    pub projects: seam_lang::project::membership::Projects,
    /// Git submodules the repository declares that are not checked out: routes may live there.
    pub unchecked_submodules: Vec<String>,
    /// Languages of the repository seam does not read.
    pub unread_languages: Vec<seam_lang::project::unread_languages::UnreadLanguage>,
    /// Where to write the first this many summaries (the code's, contracts apart), beside the
    /// check (`seam check --summaries FILE`).
    pub write: Option<(PathBuf, usize)>,
}

impl Extracted {
    /// The check of what was read, the intent check included; `include_tests` pairs the
    /// calls and handlers of test files too.
    /// The summaries asked for with `write` are written on a thread of their own while the
    /// check runs (both only read them); a file that cannot be written gives its exit code
    /// (its message printed).
    pub(super) fn check(
        self,
        suppressions: &SuppressionSet,
        include_tests: bool,
        phases: &seam_pipeline::Phases,
    ) -> Result<CheckReport, u8> {
        let mut input = CheckInput::new(self.summaries, CheckMode::Repository);
        input.include_tests = include_tests;
        input.skipped = self.skipped;
        input.excluded = self.excluded;
        input.projects = Some(self.projects);
        input.unchecked_submodules = self.unchecked_submodules;
        input.unread_languages = self.unread_languages;
        let (mut report, written) = std::thread::scope(|scope| {
            let writing = self.write.as_ref().map(|(path, count)| {
                let summaries = &input.summaries[..*count];
                let write = move || {
                    let written = crate::output::to_file("the summaries", path, |file| {
                        seam_ir::summary::write_summaries(
                            file,
                            summaries,
                            seam_ir::summary::WriteOptions::default(),
                        )
                    });
                    phases.mark("summaries written", std::time::Instant::now());
                    written
                };
                // Where no thread can be started, written here before the check.
                std::thread::Builder::new()
                    .name("seam-summaries".to_owned())
                    .spawn_scoped(scope, write)
                    .map_err(|_| write())
            });
            let report = check(&input, suppressions);
            let written = match writing {
                None => Ok(()),
                Some(Ok(handle)) => handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                Some(Err(done)) => done,
            };
            (report, written)
        });
        written?;
        super::check_intent::add(
            &mut report,
            &self.documents,
            input.summaries,
            self.tests,
            suppressions,
        );
        Ok(report)
    }
}

/// The built-in and repository packs, the extraction, what could not be read, and the intent
/// documents (under `intent`, or found by the walk). The repository is loaded once
/// (seam-pipeline); the summaries and the review IR asked for in `outputs` are written from
/// that load. The review IR is made on its own thread beside the extraction and the check
/// (it only reads the models); the caller finishes it. The summaries are written beside the
/// check ([`Extracted::check`]).
fn extract_repository(
    dir: &Path,
    intent: Option<&Path>,
    outputs: &SideOutputs,
    phases: &mut seam_pipeline::Phases,
) -> Result<(Extracted, Vec<seam_packs::Pack>, Option<ReviewWriting>), String> {
    let progress = crate::progress::Progress::start("seam check: reading the packs");
    let packs = super::extract::all_packs(dir).map_err(|e| e.to_string())?;
    phases.lap("read the packs");
    progress.phase("seam check: reading and parsing the files");
    let seam_pipeline::Loaded {
        root,
        packs,
        project,
    } = seam_pipeline::load_with_packs(dir, packs, phases).map_err(|e| e.to_string())?;
    // Shared with the review IR's thread, which lets go of it once it has its Symbols.
    let project = std::sync::Arc::new(project);
    let review = match outputs.ir_dir {
        Some(out_dir) => Some(ReviewWriting::start(
            std::sync::Arc::clone(&project),
            root.clone(),
            packs.clone(),
            out_dir.to_path_buf(),
        )?),
        None => None,
    };
    let documents = match intent {
        Some(root) => super::check_intent::documents(root, None)?,
        None => super::check_intent::documents(dir, Some(&project.files))?,
    };
    progress.phase("seam check: extracting handlers and calls");
    // Summaries to be written are needed whole at once: they are kept as built. Otherwise
    // they are held as text and read back once the models are freed (below).
    let whole = outputs.summaries.is_some();
    let (mut extracted, held) = extract_project_packed(&packs, &project, documents, whole);
    phases.lap("summaries");
    extracted.unchecked_submodules = seam_lang::project::submodules::unchecked_submodules(dir);
    progress.phase("seam check: reading the contracts");
    let contracts = seam_pipeline::read_contracts(&root, &project.files, phases);
    extracted
        .skipped
        .extend(contracts.errors.iter().map(contract_skipped));
    phases.lap("contracts");
    if whole {
        // The models are freed by whichever of this thread and the review's lets go last;
        // here beside the check.
        let _ = std::thread::Builder::new()
            .name("seam-free".to_owned())
            .spawn(move || drop(project));
        extracted.summaries = held.unpack().summaries;
        phases.lap("take the summaries");
    } else {
        drop(project);
        crate::alloc::release_freed();
        extracted.summaries = held.unpack().summaries;
        phases.lap("read the summaries back");
    }
    if let Some(path) = outputs.summaries {
        extracted.write = Some((path.to_path_buf(), extracted.summaries.len()));
    }
    extracted.summaries.extend(contracts.summaries);
    Ok((extracted, packs, review))
}

/// The review IR of a loaded repository being written into a folder, as `seam scan` writes
/// it, on a thread of its own.
struct ReviewWriting(std::thread::JoinHandle<Result<Written, String>>);

/// What the review IR's thread gives back: its notes, and for `SEAM_TIMING` its phases and
/// when the scan and the writing ended.
struct Written {
    notes: Vec<String>,
    phases: Vec<(&'static str, std::time::Duration)>,
    scanned: std::time::Instant,
    written: std::time::Instant,
}

impl ReviewWriting {
    fn start(
        project: std::sync::Arc<seam_lang::project::Project>,
        root: PathBuf,
        packs: Vec<seam_packs::Pack>,
        out_dir: PathBuf,
    ) -> Result<Self, String> {
        std::thread::Builder::new()
            .name("seam-review-ir".to_owned())
            .stack_size(seam_lang::project::DEFAULT_STACK_SIZE)
            .spawn(move || {
                let result = seam_pipeline::review_shared(&root, project, &packs).map_err(|e| match e {
                    seam_review::ScanError::Internal(_) => format!(
                        "{e}. This is a bug in seam: please report it with the repository that shows it."
                    ),
                    _ => e.to_string(),
                })?;
                let scanned = std::time::Instant::now();
                drop(packs);
                seam_review::write_outputs(&result.document, &out_dir, false)
                    .map_err(|e| e.to_string())?;
                let written = std::time::Instant::now();
                // The document is large, and the extraction or the check may still be running:
                // its memory goes now (`seam scan`, whose run ends here, leaves it to the OS).
                let seam_review::ScanResult { notes, phases, .. } = result;
                Ok(Written {
                    notes,
                    phases,
                    scanned,
                    written,
                })
            })
            .map(ReviewWriting)
            .map_err(|e| format!("seam could not start a thread to write the review IR: {e}."))
    }

    /// Waits for the review IR to be written; prints its notes.
    fn finish(self, phases: &mut seam_pipeline::Phases) -> Result<(), String> {
        let written = self
            .0
            .join()
            .map_err(|_| "writing the review IR failed unexpectedly. This is a bug in seam: please report it with the repository that shows it.".to_owned())??;
        if crate::ui::notes() {
            for note in &written.notes {
                eprintln!("note: {note}");
            }
        }
        phases.lap("finish the review IR");
        // The review IR ran beside the phases above: its own clock, and when it ended.
        for (name, took) in &written.phases {
            phases.detail(name, *took);
        }
        phases.mark("review IR made", written.scanned);
        phases.mark("review IR written", written.written);
        Ok(())
    }
}

/// The summaries of a loaded project (contracts apart), what could not be read, and the
/// summaries `documents` need.
pub(super) fn extract_project(
    packs: &[seam_packs::Pack],
    project: &seam_lang::project::Project,
    documents: Vec<seam_intent::Document>,
) -> Extracted {
    let (mut extracted, packed) = extract_project_packed(packs, project, documents, false);
    extracted.summaries = packed.unpack().summaries;
    extracted
}

/// [`extract_project`] with the summaries left out of [`Extracted`] and held as text (the
/// caller unpacks them once the models are freed) or, with `whole`, as built (for a caller
/// that needs them while the models are alive).
fn extract_project_packed(
    packs: &[seam_packs::Pack],
    project: &seam_lang::project::Project,
    documents: Vec<seam_intent::Document>,
    whole: bool,
) -> (Extracted, seam_extract::PackedExtraction) {
    let tests = super::check_intent::extra_summaries(&documents, &project.models);
    let detection = seam_packs::Detection::from_project(&project.manifests);
    let hold = if whole {
        seam_extract::extract_whole
    } else {
        seam_extract::extract_packed
    };
    let extraction = hold(
        &project.models,
        &detection,
        packs,
        &seam_extract::ExtractOptions::default(),
    );
    // Files excluded on purpose (generated, minified, over-size) are not unreadable input;
    // they are listed apart, so the report says what was not read.
    let mut skipped = Vec::new();
    let mut excluded = Vec::new();
    for s in &project.skipped {
        let entry = SkippedInput {
            file: s.path.clone(),
            reason: s.reason.to_string(),
        };
        match s.reason {
            seam_lang::project::SkipReason::ParseFailed { .. }
            | seam_lang::project::SkipReason::Unreadable { .. }
            | seam_lang::project::SkipReason::NotText { .. } => skipped.push(entry),
            _ => excluded.push(entry),
        }
    }
    let extracted = Extracted {
        summaries: Vec::new(),
        skipped,
        excluded,
        documents,
        tests,
        projects: seam_lang::project::membership::Projects::from_manifests(&project.manifests),
        unchecked_submodules: Vec::new(),
        write: None,
        unread_languages: seam_lang::project::unread_languages::unread_languages(
            &project.unroutable,
        ),
    };
    (extracted, extraction)
}

/// A contract that does not parse, as an input that could not be read.
pub(super) fn contract_skipped(e: &seam_contracts::ContractError) -> SkippedInput {
    SkippedInput {
        file: e.file.clone(),
        reason: match (e.line, e.column) {
            (Some(line), Some(column)) => {
                format!("line {line}, column {column}: {}", e.reason)
            }
            (Some(line), None) => format!("line {line}: {}", e.reason),
            _ => e.reason.clone(),
        },
    }
}

/// Where `dir` is inside its repository (the nearest folder above it holding `.git`), as a
/// prefix for repository-relative paths: `services/api/`, or empty at the root or outside
/// any repository.
fn place_in_repository(dir: &Path) -> String {
    let Ok(dir) = std::fs::canonicalize(dir) else {
        return String::new();
    };
    let Some(root) = dir.ancestors().find(|a| a.join(".git").exists()) else {
        return String::new();
    };
    match dir.strip_prefix(root) {
        Ok(rest) if !rest.as_os_str().is_empty() => {
            let mut prefix = rest.to_string_lossy().replace('\\', "/");
            prefix.push('/');
            prefix
        }
        _ => String::new(),
    }
}

pub fn run(args: Args) -> u8 {
    if let Some(kind) = &args.explain {
        return match seam_check::explain(kind) {
            Some(doc) => match crate::output::emit("the explanation", None, doc.as_bytes()) {
                Ok(()) => exit::OK,
                Err(code) => code,
            },
            None if seam_intent::findings::intent_kind(kind).is_some() => {
                let doc = seam_intent::findings::intent_kind(kind).map_or("", |k| k.doc);
                match crate::output::emit("the explanation", None, doc.as_bytes()) {
                    Ok(()) => exit::OK,
                    Err(code) => code,
                }
            }
            None => {
                let known: Vec<&str> = seam_check::KINDS
                    .iter()
                    .map(|k| k.name)
                    .chain(seam_intent::findings::INTENT_KINDS.iter().map(|k| k.name))
                    .collect();
                fail(format!(
                    "there is no finding kind `{kind}`. Kinds seam reports: {}.",
                    known.join(", ")
                ))
            }
        };
    }

    // Read everything first: a bad input stops the run before anything is written.
    let mut documents = Vec::new();
    let tests = Vec::new();
    if let Some(root) = &args.intent
        && (args.dir.is_some() || args.paths.len() == 2)
    {
        match super::check_intent::documents(root, None) {
            Ok(read) => documents = read,
            Err(e) => return fail(e),
        }
    }
    if args.since.is_some() && (args.dir.is_some() || args.paths.len() == 2) {
        return fail(
            "--since compares two revisions of a repository, and summary files have none. Check the repository directory, or compare with a report saved earlier: --baseline FILE.",
        );
    }
    // A baseline file that cannot be used stops the run before the work starts.
    let mut baseline = match args.baseline.as_deref().map(Baseline::read_file) {
        Some(Ok(b)) => Some(b),
        Some(Err(e)) => return fail(e),
        None => None,
    };
    if (args.summaries.is_some() || args.ir_dir.is_some())
        && (args.dir.is_some()
            || args.paths.len() == 2
            || args.paths.first().is_some_and(|p| p.is_file()))
    {
        return fail(
            "--summaries and --ir-dir write what seam reads from a repository's code; check a repository directory to use them.",
        );
    }
    let mut phases = seam_pipeline::Phases::from_env();
    let mut repository: Option<(Extracted, Vec<seam_packs::Pack>)> = None;
    let mut review: Option<ReviewWriting> = None;
    let (mut input, checked_dir) = match (&args.dir, args.paths.as_slice()) {
        (Some(dir), []) => {
            let files = match summary_files(dir) {
                Ok(files) => files,
                Err(e) => return fail(e),
            };
            let show = std::io::stderr().is_terminal() && files.len() > 50;
            let mut summaries = Vec::new();
            for (i, file) in files.iter().enumerate() {
                match read_file(file) {
                    Ok(mut read) => summaries.append(&mut read),
                    Err(e) => {
                        if show {
                            eprintln!();
                        }
                        return fail(format!(
                            "{e}. Fix or remove the file; every *.json in the folder is read as a summary file."
                        ));
                    }
                }
                progress(i + 1, files.len(), show);
            }
            (
                CheckInput::new(summaries, CheckMode::SummaryDir),
                dir.clone(),
            )
        }
        (None, [provider, consumer]) => {
            let providers = match read_file(provider) {
                Ok(s) => s,
                Err(e) => return fail(e),
            };
            let consumers = match read_file(consumer) {
                Ok(s) => s,
                Err(e) => return fail(e),
            };
            let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
            (CheckInput::two_files(providers, consumers), cwd)
        }
        (None, [dir]) if dir.is_file() => {
            return fail(format!(
                "{} is a file. Pass two summary files (PROVIDER.json CONSUMER.json), a folder of them with --dir, or a repository directory.",
                dir.display()
            ));
        }
        (None, paths) => {
            let dir = paths.first().cloned().unwrap_or_else(|| PathBuf::from("."));
            if !dir.is_dir() {
                return fail(format!("{} is not a directory.", dir.display()));
            }
            let outputs = SideOutputs {
                summaries: args.summaries.as_deref(),
                ir_dir: args.ir_dir.as_deref(),
            };
            match extract_repository(&dir, args.intent.as_deref(), &outputs, &mut phases) {
                Ok((extracted, packs, writing)) => {
                    repository = Some((extracted, packs));
                    review = writing;
                    (CheckInput::new(Vec::new(), CheckMode::Repository), dir)
                }
                Err(e) => return fail(e),
            }
        }
        (Some(_), _) => return fail("--dir cannot be combined with positional paths."),
    };

    let suppressions = if args.no_suppressions {
        Ok(SuppressionSet::none())
    } else if let Some(file) = &args.suppressions {
        SuppressionSet::load(std::slice::from_ref(file))
    } else {
        SuppressionSet::load(&discover_suppression_files(&checked_dir))
    };
    let suppressions = match suppressions {
        Ok(s) => s,
        Err(e) => return fail(format!("{e}. Fix the rule, or run with --no-suppressions.")),
    };

    let mut report = match repository {
        Some((extracted, packs)) => {
            if let Some(rev) = &args.since {
                match super::check_since::report_at_revision(
                    &checked_dir,
                    rev,
                    &packs,
                    &extracted.documents,
                    &suppressions,
                    args.include_tests,
                ) {
                    Ok(base) => baseline = Some(Baseline::from_report(rev.clone(), &base)),
                    Err(e) => return fail(e),
                }
            }
            match extracted.check(&suppressions, args.include_tests, &phases) {
                Ok(report) => report,
                Err(code) => return code,
            }
        }
        None => {
            input.include_tests |= args.include_tests;
            let mut report = check(&input, &suppressions);
            super::check_intent::add(
                &mut report,
                &documents,
                input.summaries,
                tests,
                &suppressions,
            );
            report
        }
    };
    if let Some(baseline) = &baseline {
        keep_new(&mut report, baseline);
    }
    phases.lap("check");
    if let Some(review) = review
        && let Err(e) = review.finish(&mut phases)
    {
        return fail(e);
    }
    let format = if args.json { Format::Json } else { args.format };
    let color = format == Format::Text && crate::ui::color_stdout(args.out.is_none());
    let rendered = match format {
        Format::Text => render_text(
            &report,
            TextOptions {
                all: args.all,
                color,
                verbose: crate::ui::settings().verbose,
            },
        ),
        Format::Json => render_json(&report),
        Format::Sarif => render_sarif_with(
            &report,
            &SarifOptions {
                // Paths in summary files are as their producer wrote them; only a
                // repository seam extracted itself is placed inside its git root.
                uri_prefix: if input.mode == CheckMode::Repository {
                    place_in_repository(&checked_dir)
                } else {
                    String::new()
                },
            },
        ),
        Format::Markdown => render_markdown(&report),
    };
    if let Err(code) = crate::output::emit("the report", args.out.as_deref(), rendered.as_bytes()) {
        return code;
    }
    phases.lap("render and write the report");
    let fail_on = match args.fail_on {
        FailOnArg::Error => FailOn::Error,
        FailOnArg::Warning => FailOn::Warning,
        FailOnArg::Info => FailOn::Info,
        FailOnArg::None => FailOn::None,
    };
    if report.gate_tripped(fail_on) {
        exit::FOUND
    } else {
        exit::OK
    }
}
