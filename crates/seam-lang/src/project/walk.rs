//! The repository walk: which files belong to the project, under which path.
use super::{SkipReason, SkippedFile};
use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};
use unicode_normalization::UnicodeNormalization;

/// Directories never entered: dependencies, build output, caches, virtualenvs and version
/// control. A directory holding a `pyvenv.cfg` is skipped too, whatever its name.
pub const SKIPPED_DIRS: &[&str] = &[
    ".git",
    ".hg",
    ".svn",
    "node_modules",
    "bower_components",
    "dist",
    "build",
    "out",
    "target",
    ".next",
    ".nuxt",
    ".svelte-kit",
    ".turbo",
    ".cache",
    ".parcel-cache",
    ".yarn",
    ".pnpm-store",
    "coverage",
    ".nyc_output",
    "vendor",
    "__pycache__",
    ".venv",
    "venv",
    ".tox",
    ".nox",
    ".mypy_cache",
    ".pytest_cache",
    ".ruff_cache",
    "site-packages",
];

/// One file the walk kept.
#[derive(Debug, Clone)]
pub struct WalkedFile {
    /// Repo-relative, `/`-separated, NFC.
    pub path: String,
    /// Where to read it.
    pub abs: PathBuf,
    /// Size in bytes (of the link target for a symbolic link).
    pub size: u64,
}

/// The files of a project, sorted by path, and what could not be walked.
#[derive(Debug, Default)]
pub struct Walked {
    pub files: Vec<WalkedFile>,
    pub errors: Vec<SkippedFile>,
}

/// Walks `root`; see the module documentation of [`super`] for the rules.
pub fn walk(root: &Path, follow_symlinks: bool) -> Walked {
    let mut builder = ignore::WalkBuilder::new(root);
    builder
        .hidden(false)
        .follow_links(follow_symlinks)
        .require_git(false)
        .git_global(false)
        .filter_entry(|entry| {
            if entry.depth() > 0 && entry.path_is_symlink() && links_into_skipped(entry.path()) {
                return false;
            }
            if entry.depth() == 0 || !entry.file_type().is_some_and(|t| t.is_dir()) {
                return true;
            }
            let name = entry.file_name().to_str().unwrap_or("");
            !SKIPPED_DIRS.contains(&name) && !entry.path().join("pyvenv.cfg").is_file()
        });

    // (raw path, file) pairs; the raw path orders files before NFC normalisation.
    let mut raw_files: Vec<(String, PathBuf, u64)> = Vec::new();
    let mut errors = Vec::new();
    for item in builder.build() {
        match item {
            Ok(entry) => {
                if !entry.file_type().is_some_and(|t| t.is_file()) {
                    continue;
                }
                let Some(rel) = relative_path(root, entry.path()) else {
                    errors.push(SkippedFile {
                        path: lossy_relative(root, entry.path()),
                        reason: SkipReason::Unreadable {
                            message: "the file name is not valid UTF-8".into(),
                        },
                    });
                    continue;
                };
                match entry.metadata() {
                    Ok(meta) => raw_files.push((rel, entry.into_path(), meta.len())),
                    Err(e) => errors.push(SkippedFile {
                        path: nfc(&rel),
                        reason: SkipReason::Unreadable {
                            message: error_message(root, &e),
                        },
                    }),
                }
            }
            // A dangling link into a directory the walk never enters (an agent's skill
            // linked from the virtualenv that is not installed here) is not the project's.
            Err(e) if error_path(&e).is_some_and(links_into_skipped) => {}
            Err(e) => errors.push(SkippedFile {
                path: error_path(&e)
                    .map(|p| lossy_relative(root, p))
                    .unwrap_or_default(),
                reason: SkipReason::Unreadable {
                    message: error_message(root, &e),
                },
            }),
        }
    }

    raw_files.sort_by(|a, b| a.0.cmp(&b.0));
    let mut seen_nfc: BTreeSet<String> = BTreeSet::new();
    let mut files = Vec::with_capacity(raw_files.len());
    for (raw, abs, size) in raw_files {
        let path = nfc(&raw);
        if !seen_nfc.insert(path.clone()) {
            errors.push(SkippedFile {
                path,
                reason: SkipReason::DuplicateName,
            });
            continue;
        }
        files.push(WalkedFile { path, abs, size });
    }
    files.sort_by(|a, b| a.path.cmp(&b.path));
    Walked { files, errors }
}

/// Whether `path` is a symbolic link whose target lies in a directory the walk never enters
/// (`.venv/lib/…/site-packages/fastapi/…`, `node_modules/…`): what it points at is a dependency
/// or build output, not the project, whether or not it exists here.
fn links_into_skipped(path: &Path) -> bool {
    let Ok(target) = std::fs::read_link(path) else {
        return false;
    };
    target.components().any(|c| match c {
        Component::Normal(name) => name.to_str().is_some_and(|n| SKIPPED_DIRS.contains(&n)),
        _ => false,
    })
}

pub(crate) fn nfc(s: &str) -> String {
    s.nfc().collect()
}

/// The path of `path` under `root`, components joined with `/`; `None` when a component is
/// not UTF-8. Backslashes and `#` inside names are kept as they are.
fn relative_path(root: &Path, path: &Path) -> Option<String> {
    let rel = path.strip_prefix(root).unwrap_or(path);
    let mut out = String::new();
    for component in rel.components() {
        if let Component::Normal(part) = component {
            if !out.is_empty() {
                out.push('/');
            }
            out.push_str(part.to_str()?);
        }
    }
    Some(out)
}

fn lossy_relative(root: &Path, path: &Path) -> String {
    let rel = path.strip_prefix(root).unwrap_or(path);
    let parts: Vec<String> = rel
        .components()
        .filter_map(|c| match c {
            Component::Normal(p) => Some(p.to_string_lossy().into_owned()),
            _ => None,
        })
        .collect();
    nfc(&parts.join("/"))
}

/// The path an error is about, looking through the wrappers.
fn error_path(e: &ignore::Error) -> Option<&Path> {
    match e {
        ignore::Error::WithPath { path, .. } => Some(path),
        ignore::Error::Loop { child, .. } => Some(child),
        ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
            error_path(err)
        }
        ignore::Error::Partial(errs) => errs.iter().find_map(error_path),
        _ => None,
    }
}

/// An error message with no absolute paths in it, so outputs do not depend on where the
/// repository is checked out.
fn error_message(root: &Path, e: &ignore::Error) -> String {
    match e {
        ignore::Error::Loop { ancestor, .. } => {
            let ancestor = lossy_relative(root, ancestor);
            let ancestor = if ancestor.is_empty() { "." } else { &ancestor };
            format!("a symbolic link loop: it points back to its ancestor `{ancestor}`")
        }
        ignore::Error::WithPath { err, .. }
        | ignore::Error::WithDepth { err, .. }
        | ignore::Error::WithLineNumber { err, .. } => error_message(root, err),
        ignore::Error::Partial(errs) => errs
            .iter()
            .map(|e| error_message(root, e))
            .collect::<Vec<_>>()
            .join("; "),
        ignore::Error::Io(io) => io.to_string(),
        other => other.to_string(),
    }
}
