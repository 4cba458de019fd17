//! What a check run produces, for seam-report to render. Field names follow suss's
//! `check --json` object (`findings`, `run`, `pairs`, `unmatched`, `skipped`,
//! `summariesWithGaps`).

use serde::Serialize;

use seam_ir::findings::{Finding, RunFinding, Severity};

/// How the run was asked for: two files, a folder of summary files, or a whole repository.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum CheckMode {
    /// `seam check PROVIDER.json CONSUMER.json`: every provider of the first file against every
    /// consumer of the second; JSON output is the bare findings array.
    TwoFiles,
    /// `seam check --dir SUMMARIES_DIR`.
    SummaryDir,
    /// `seam check [DIR]`.
    Repository,
}

/// Two summaries compared across one boundary.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct PairRecord {
    /// The boundary key (`GET /users/{id}`).
    pub key: String,
    /// `file::name` of each side.
    pub provider: String,
    pub consumer: String,
    /// How the two met, when not by the whole key: `knownSuffix` for a route under a prefix
    /// seam could not read, met by the path it knows (see `known_suffix`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub via: Option<&'static str>,
}

/// A summary that found no partner, with its boundary key when it has one.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct UnmatchedSummary {
    pub id: String,
    pub name: String,
    pub key: Option<String>,
}

/// Why a summary took no part in pairing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum UnpairableReason {
    /// Internal code with no boundary to pair on.
    NoBoundary,
    /// A boundary whose name the source never stated (a null method or path).
    UnnamedBoundary,
    /// A kind this build does not know.
    UnknownKind,
    /// A test case, which pairs with nothing.
    TestCode,
    /// A call to another host (`metadata.http.origin` names one that is not loopback), or to
    /// a loopback port through which no call reaches a route here (another program on the
    /// same machine):
    /// the service it reaches is outside the analysed code.
    External,
    /// A call whose URL seam could not pin down: its start (host or base path) could not be
    /// read and no fixed segment follows, or no segment of its path is fixed. It could reach
    /// any route. Also a route under a prefix seam could not read whose known path fixes no
    /// segment: it could answer any request.
    UnknownDestination,
}

impl UnpairableReason {
    pub fn as_str(self) -> &'static str {
        match self {
            UnpairableReason::NoBoundary => "noBoundary",
            UnpairableReason::UnnamedBoundary => "unnamedBoundary",
            UnpairableReason::UnknownKind => "unknownKind",
            UnpairableReason::TestCode => "testCode",
            UnpairableReason::External => "external",
            UnpairableReason::UnknownDestination => "unknownDestination",
        }
    }

    /// A phrase for people.
    pub fn explained(self) -> &'static str {
        match self {
            UnpairableReason::NoBoundary => "no boundary to pair on",
            UnpairableReason::UnnamedBoundary => "a boundary the source never named",
            UnpairableReason::UnknownKind => "a kind this build of seam does not know",
            UnpairableReason::TestCode => "test code, which pairs with nothing",
            UnpairableReason::External => "a call to another host, outside the analysed code",
            UnpairableReason::UnknownDestination => {
                "a URL with no fixed segment to pin a route down"
            }
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct UnpairableSummary {
    pub id: String,
    pub name: String,
    pub key: Option<String>,
    pub reason: UnpairableReason,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Unmatched {
    pub providers: Vec<UnmatchedSummary>,
    pub consumers: Vec<UnmatchedSummary>,
    pub unpairable: Vec<UnpairableSummary>,
}

/// An input that could not be read (a source file extraction skipped, a contract that does not
/// parse), with the reason.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct SkippedInput {
    pub file: String,
    pub reason: String,
}

/// Everything one run found, sorted, suppressions applied.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CheckReport {
    #[serde(skip)]
    pub mode: CheckMode,
    /// Sorted by [`crate::finding_sort_key`]; `hide`-suppressed findings are not here.
    pub findings: Vec<Finding>,
    pub run: Vec<RunFinding>,
    pub pairs: Vec<PairRecord>,
    pub unmatched: Unmatched,
    pub skipped: Vec<SkippedInput>,
    /// Files left out on purpose (generated, minified, declarations, over-size), with why;
    /// absent from the JSON when there is none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub excluded: Vec<SkippedInput>,
    pub summaries_with_gaps: usize,
    /// Languages of the repository seam does not read (the text report names them).
    #[serde(skip)]
    pub unread_languages: Vec<seam_lang::project::unread_languages::UnreadLanguage>,
    /// How many distinct boundaries were compared (pairs grouped by key).
    #[serde(skip)]
    pub compared_boundaries: usize,
    /// How many findings a `hide` rule removed.
    #[serde(skip)]
    pub hidden: usize,
    /// How many summaries were read.
    #[serde(skip)]
    pub summary_count: usize,
    /// What the intent check added, when intent documents were read (seam-intent fills it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub intent: Option<IntentSection>,
    /// What a comparison with a baseline left out (`--since`, `--baseline`), when asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub baseline: Option<BaselineOutcome>,
}

/// The comparison with a baseline: what the report was compared with, how many findings
/// (run findings included) it already held and were left out, and how many are new.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BaselineOutcome {
    /// The revision (`--since`) or the file (`--baseline`).
    pub against: String,
    pub pre_existing: usize,
    pub new: usize,
}

/// The intent check's part of a run: what it compared, what it could not, and its findings
/// (which are also in [`CheckReport::findings`]) as the text report's `Intent:` section prints
/// them.
#[derive(Debug, Clone, Default, Serialize)]
pub struct IntentSection {
    /// `{kind: "boundary", intent, implementations}` and `{kind: "prd", intent, scenarios,
    /// resolved, covered, unlinked}` entries.
    pub checked: Vec<serde_json::Value>,
    /// Comparisons that could not be made: `{intent, reason, detail, …}`.
    pub unchecked: Vec<serde_json::Value>,
    /// The sentence that opens the section.
    #[serde(skip)]
    pub headline: String,
    #[serde(skip)]
    pub entries: Vec<IntentEntry>,
    /// One sentence per unchecked entry.
    #[serde(skip)]
    pub unchecked_lines: Vec<String>,
}

/// One intent finding as the `Intent:` section prints it.
#[derive(Debug, Clone, PartialEq)]
pub struct IntentEntry {
    pub severity: Severity,
    pub kind: String,
    pub boundary: String,
    pub message: String,
    /// `file:line` of the document.
    pub document: String,
    /// `file::name (file:line)` of the code, when there is code.
    pub code: Option<String>,
    pub suppressed: Option<seam_ir::findings::Suppressed>,
    /// A rule that accepts it, ready to paste under `rules:`.
    pub rule: String,
}

/// The `--fail-on` threshold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FailOn {
    Error,
    Warning,
    Info,
    None,
}

impl FailOn {
    fn threshold(self) -> Option<Severity> {
        match self {
            FailOn::Error => Some(Severity::Error),
            FailOn::Warning => Some(Severity::Warning),
            FailOn::Info => Some(Severity::Info),
            FailOn::None => None,
        }
    }
}

impl CheckReport {
    /// `Elixir (412 files) and Scala (3 files)`: the languages of the repository seam does not
    /// read, for the text report; `None` when there are none.
    pub fn unread_languages_text(&self) -> Option<String> {
        (!self.unread_languages.is_empty())
            .then(|| seam_lang::project::unread_languages::describe(&self.unread_languages))
    }

    /// Whether anything that counts is at or above the threshold: an unsuppressed or downgraded
    /// finding (at its current severity), or a run finding.
    pub fn gate_tripped(&self, fail_on: FailOn) -> bool {
        let Some(threshold) = fail_on.threshold() else {
            return false;
        };
        self.findings
            .iter()
            .any(|f| f.counts_toward_gate() && f.severity >= threshold)
            || self.run.iter().any(|r| r.severity >= threshold)
    }

    /// How many boundaries had nothing to pair with.
    pub fn unpaired_count(&self) -> usize {
        self.unmatched.providers.len() + self.unmatched.consumers.len()
    }
}
