//! The cache options the commands that use the per-file cache share.

use std::path::{Path, PathBuf};

#[derive(clap::Args, Debug, Clone, Default)]
pub struct CacheArgs {
    /// Neither read nor write the cache of per-file results.
    #[arg(long, conflicts_with = "cache_dir")]
    pub no_cache: bool,
    /// Keep the cache of per-file results here (default: SEAM_CACHE_DIR, or .seam/cache in
    /// the repository).
    #[arg(long, value_name = "DIR")]
    pub cache_dir: Option<PathBuf>,
}

impl CacheArgs {
    /// The cache of a run on the repository `root`; `None` with `--no-cache`, or with a note
    /// when the folder cannot be created (the run goes on without it).
    pub fn open(&self, root: &Path) -> Option<seam_pipeline::Cache> {
        match seam_pipeline::Cache::choose(&seam_pipeline::CacheChoice {
            disabled: self.no_cache,
            dir: self.cache_dir.as_deref(),
            root,
        }) {
            Ok(cache) => cache,
            Err(note) => {
                if crate::ui::notes() {
                    eprintln!("note: {note}");
                }
                None
            }
        }
    }
}
