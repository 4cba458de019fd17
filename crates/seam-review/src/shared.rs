//! Per-file Symbol extraction shared by two scans of one repository.
//!
//! [`extract::extract_file`] reads nothing but one model and the classifier, so two scans with
//! the same classifier (the same packs) that hold an identical model get identical outputs.
//! `seam diff` scans two revisions that hold most files alike: the first scan keeps a copy of
//! the outputs of the files named as shared, the second takes them instead of extracting those
//! files again. Everything after extraction (call resolution, effect propagation,
//! fingerprints, Components) is cross-file and still runs in each scan over all its files.
//!
//! The caller names the shared files and answers for them: a path it names must have the
//! same model in both scans (same bytes, same module resolution), and both scans must read
//! the same packs. `seam_diff::revision` decides it from the bytes and the resolved imports
//! and exports of both sides.

use std::collections::{BTreeSet, HashMap};

use rayon::prelude::*;
use seam_lang::model::Model;
use seam_packs::review::Classifier;

use crate::extract::{self, FileOutput};

/// The outputs one scan leaves for the next, for the files both hold alike.
#[derive(Debug, Default)]
pub struct SharedFiles {
    shared: BTreeSet<String>,
    held: HashMap<String, FileOutput>,
    taken: usize,
}

impl SharedFiles {
    /// Nothing shared: every file extracted (a single scan).
    pub fn none() -> Self {
        SharedFiles::default()
    }

    /// `paths` are files whose model is the same in both scans that will use this value.
    pub fn of(paths: BTreeSet<String>) -> Self {
        SharedFiles {
            shared: paths,
            ..SharedFiles::default()
        }
    }

    /// How many files a scan took from an earlier one instead of extracting them.
    pub fn taken(&self) -> usize {
        self.taken
    }

    /// Every model's output, in `models` order: a shared file's is taken when an earlier
    /// scan left it, otherwise extracted (and a copy left for the next scan when shared).
    pub(crate) fn extract_all(
        &mut self,
        models: &[&Model],
        classifier: &Classifier,
        sink: Option<crate::EntrySink<'_>>,
    ) -> Vec<FileOutput> {
        let mut outputs: Vec<Option<FileOutput>> =
            models.iter().map(|m| self.held.remove(&m.path)).collect();
        self.taken += outputs.iter().flatten().count();
        let missing: Vec<usize> = (0..models.len())
            .filter(|&i| outputs[i].is_none())
            .collect();
        let shared = &self.shared;
        let extracted: Vec<(FileOutput, Option<FileOutput>)> = missing
            .par_iter()
            .map(|&i| {
                let output = extract::extract_file(models[i], classifier);
                if let Some(sink) = sink {
                    sink(models[i], &output);
                }
                let copy = shared.contains(&output.path).then(|| output.clone());
                (output, copy)
            })
            .collect();
        for (i, (output, copy)) in missing.into_iter().zip(extracted) {
            if let Some(copy) = copy {
                self.held.insert(copy.path.clone(), copy);
            }
            outputs[i] = Some(output);
        }
        outputs.into_iter().flatten().collect()
    }
}
