//! `nothingPaired` (a run finding): see [`DOC`].

use seam_ir::findings::{RunFinding, Severity};

use seam_lang::project::unread_languages::UnreadLanguage;

use super::{KindInfo, PairShape};

kind_documentation!(
    r#"# nothingPaired (error, run)

## What it finds
A run in which no consumer met a provider, so no boundary was compared at all.

## Why it matters
An empty report looks exactly like two sides that agree. Most often the two sides spell the
boundary differently (a base URL from an environment variable, a router prefix seam could not
follow), or only one side was in the checked directory, or one side is written in a language seam does
not read (the finding names those the repository holds).

## Example
Provider: `GET /v1/users/{id}` (the server mounts its router under `/v1`).
Consumer: `GET /users/{id}` (the client's base URL comes from `process.env.API_URL`).

## How to fix or suppress
Check that both sides are under the checked directory, and compare the routes in
`seam check --format json` (`unmatched.providers`, `unmatched.consumers`). A run finding cannot
be suppressed; `--fail-on none` keeps it from failing the run.
"#
);

/// The kind: one declaration, listed in [`super::KINDS`].
pub const INFO: KindInfo = KindInfo {
    name: "nothingPaired",
    severity: Severity::Error,
    title: "No boundary was compared",
    doc: DOC,
    shape: PairShape::Run,
};

pub const KIND: &str = INFO.name;

/// `unread_only`: when every call this deployment could serve has a destination seam could
/// not read (`/{url}`), how many such calls there are. `unread` are the repository's languages
/// seam does not read, where a side may be.
pub fn finding(
    summary_count: usize,
    keyed: usize,
    unread_only: Option<usize>,
    unread: &[UnreadLanguage],
) -> RunFinding {
    let mut description = if summary_count == 0 {
        "No summaries were read, so no boundary was checked and an empty report means nothing."
            .to_owned()
    } else if let Some(calls) = unread_only {
        format!(
            "{summary_count} summaries were read ({keyed} with a boundary), but the destination of all {calls} consumer calls could not be read (their paths are values only, listed as `unknownDestination` under `unmatched.unpairable`), so no boundary was checked and an empty report means nothing."
        )
    } else {
        format!(
            "{summary_count} summaries were read ({keyed} with a boundary), but no consumer met a provider, so no boundary was checked and an empty report means nothing."
        )
    };
    description.push_str(&super::unread_languages_sentence(unread));
    RunFinding {
        kind: KIND.to_owned(),
        severity: INFO.severity,
        description,
        remedy: "Check that both sides of the boundary are in what was checked, and compare the routes listed under `unmatched` in `seam check --format json`.".to_owned(),
    }
}
