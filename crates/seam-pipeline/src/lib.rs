//! One load of a repository, handed to every consumer.
//!
//! [`load`] walks, reads, parses and lowers the repository once (seam-lang) and reads its packs
//! (seam-packs); the [`Loaded`] project is then borrowed by the summary extraction
//! ([`Loaded::summaries`]) and the contract readers ([`Loaded::contracts`]) and finally
//! consumed by the review IR ([`Loaded::review`]), which frees the models as soon as it has
//! extracted its Symbols. `seam extract`, `seam scan` and `seam check` (which can also write
//! the summaries and the review IR of its own run) are calls into this crate, so "both IRs
//! from one parse" holds for one run.
//!
//! With `SEAM_TIMING` set in the environment, every phase prints one line on standard error:
//! its wall time, the process's resident memory after it and the peak so far ([`Phases`]).

pub mod cache;
mod phases;
pub mod review_cache;
pub mod run_memo;

use std::path::{Path, PathBuf};

use seam_ir::summary::BehavioralSummary;
use seam_lang::project::{self, Project};
use seam_packs::{Detection, Pack};

pub use cache::{Cache, CacheChoice};
pub use phases::Phases;
pub use review_cache::{ReviewKeys, ReviewLoad, load_for_review};
pub use run_memo::{KeptRun, keep_run, kept_run};

/// Why a repository could not be loaded at all (a path or pack problem, not a file problem).
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("{0}")]
    Project(#[from] project::ProjectError),
    #[error("{0}")]
    Packs(#[from] seam_packs::PackError),
}

/// A repository read once: its packs and its lowered models with the project facts.
pub struct Loaded {
    /// The directory loaded (where the workspace configuration and packs were read from).
    pub root: PathBuf,
    /// The built-in packs and the repository's own (`.seam/packs/`).
    pub packs: Vec<Pack>,
    pub project: Project,
}

/// Reads the packs, then walks, parses and lowers `root` with the default project options.
pub fn load(root: &Path, phases: &mut Phases) -> Result<Loaded, LoadError> {
    let packs = seam_packs::repository_packs(root)?;
    phases.lap("read the packs");
    load_with_packs(root, packs, phases)
}

/// [`load`] with the packs already read (a command that checks its pack arguments first).
pub fn load_with_packs(
    root: &Path,
    packs: Vec<Pack>,
    phases: &mut Phases,
) -> Result<Loaded, LoadError> {
    let project = project::load_project(root, &seam_packs::project_options(&packs))?;
    phases.lap_with(
        "walk, parse and lower",
        &format!(
            "{} models, {} MB of source",
            project.models.len(),
            project.models.iter().map(|m| m.source.len()).sum::<usize>() / 1_000_000
        ),
    );
    Ok(Loaded {
        root: root.to_path_buf(),
        packs,
        project,
    })
}

impl Loaded {
    /// Which packs apply where, from the project's manifests.
    pub fn detection(&self) -> Detection {
        Detection::from_project(&self.project.manifests)
    }

    /// The v7 summaries of the code (what `seam extract` writes); `forced` names packs run on
    /// every file of their language.
    pub fn summaries(&self, forced: &[String]) -> seam_extract::Extraction {
        seam_extract::extract(
            &self.project.models,
            &self.detection(),
            &self.packs,
            &seam_extract::ExtractOptions {
                forced: forced.to_vec(),
            },
        )
    }

    /// [`Loaded::summaries`] held as text until unpacked: unpack them after the models are
    /// dropped (see [`seam_extract::PackedExtraction`]).
    pub fn summaries_packed(&self, forced: &[String]) -> seam_extract::PackedExtraction {
        seam_extract::extract_packed(
            &self.project.models,
            &self.detection(),
            &self.packs,
            &seam_extract::ExtractOptions {
                forced: forced.to_vec(),
            },
        )
    }

    /// The OpenAPI documents and Prisma schemas among the walked files, read as summaries;
    /// one that does not parse is returned as its error and the others are still read.
    pub fn contracts(&self, phases: &Phases) -> Contracts {
        read_contracts(&self.root, &self.project.files, phases)
    }

    /// The review IR of the loaded project. Consumes it: the models are freed once the
    /// Symbols are extracted, before resolution.
    pub fn review(
        self,
        phases: &mut Phases,
    ) -> Result<seam_review::ScanResult, seam_review::ScanError> {
        let result = seam_review::scan_loaded(
            &self.root,
            self.project,
            &seam_review::ScanOptions::default(),
        );
        phases.lap("review IR");
        if let Ok(r) = &result {
            for (name, took) in &r.phases {
                phases.detail(name, *took);
            }
        }
        result
    }
}

/// The review IR of a project shared with a caller that reads its models at the same time
/// (`seam check --ir-dir`), with `packs` the packs `root` holds (already read by the
/// caller). The scan lets go of the project once it has extracted its Symbols: the models are
/// freed as soon as the caller has let go too. Its phases are not recorded (they run beside
/// the caller's).
pub fn review_shared(
    root: &Path,
    project: std::sync::Arc<Project>,
    packs: &[Pack],
) -> Result<seam_review::ScanResult, seam_review::ScanError> {
    let classifier = seam_packs::review::Classifier::new(packs)?;
    seam_review::scan_shared(
        root,
        project,
        &seam_review::ScanOptions::default(),
        &classifier,
    )
}

/// Contracts read beside the code: their summaries, and the documents that did not parse
/// together with the parts of documents left out (an operation or response that could not be
/// read, the rest of its document read).
#[derive(Default)]
pub struct Contracts {
    pub summaries: Vec<BehavioralSummary>,
    pub errors: Vec<seam_contracts::ContractError>,
}

/// The contracts among `files` (repository-relative paths under `root`, as the walk lists
/// them), in the order [`seam_contracts::find_contracts_in`] gives.
/// With timing on, each contract that took a tenth of a second or more gets a line.
pub fn read_contracts(root: &Path, files: &[String], phases: &Phases) -> Contracts {
    let mut out = Contracts::default();
    let mut whole = Vec::new();
    for file in seam_contracts::find_contracts_in(root, files) {
        let started = std::time::Instant::now();
        let read = seam_contracts::read_contract_noting(&file, root);
        let took = started.elapsed();
        if took.as_millis() >= 100 {
            let count = read.as_ref().map_or(0, |read| read.summaries.len());
            phases.detail(&format!("{} ({count} summaries)", file.label), took);
        }
        match read {
            Ok(read) => whole.push((file, read)),
            Err(e) => out.errors.push(e),
        }
    }
    // A document written twice (`swagger.json` beside `swagger.yaml`) is read once.
    seam_contracts::drop_twins(&mut whole);
    for (_, read) in whole {
        out.summaries.extend(read.summaries);
        out.errors.extend(read.notes);
    }
    out
}
