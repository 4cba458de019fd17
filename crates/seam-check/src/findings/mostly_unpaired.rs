//! `mostlyUnpaired` (a run finding): see [`DOC`].

use seam_ir::findings::{RunFinding, Severity};

use seam_lang::project::unread_languages::UnreadLanguage;

use super::{KindInfo, PairShape};

kind_documentation!(
    r#"# mostlyUnpaired (warning, run)

## What it finds
A run in which more than half of the consumer calls met no provider.

## Why it matters
Findings exist only where two sides meet. When most calls meet nothing, the report covers a
small part of the boundaries and a short list of findings is not evidence of agreement.

## Example
Twelve client calls to `/api/...`; the server's routes were not in the checked directory, or its
router prefix could not be followed, so two calls paired.

When the repository holds files in a language seam does not read (a PHP or C# server behind a
TypeScript client), the finding names them: the providers are likely there.

## How to fix or suppress
Check the server's routes are in what was checked, and compare spellings under
`unmatched.consumers` in `seam check --format json`. A run finding cannot be suppressed.
"#
);

/// The kind: one declaration, listed in [`super::KINDS`].
pub const INFO: KindInfo = KindInfo {
    name: "mostlyUnpaired",
    severity: Severity::Warning,
    title: "Most consumer calls found no provider",
    doc: DOC,
    shape: PairShape::Run,
};

pub const KIND: &str = INFO.name;

/// The finding when more than half of `calls` met no provider; `unread` are the repository's
/// languages seam does not read, where the providers may be.
pub fn finding(
    unpaired_calls: usize,
    calls: usize,
    unread: &[UnreadLanguage],
) -> Option<RunFinding> {
    if calls == 0 || unpaired_calls * 2 <= calls {
        return None;
    }
    Some(RunFinding {
        kind: KIND.to_owned(),
        severity: INFO.severity,
        description: format!(
            "{unpaired_calls} of {calls} consumer calls met no provider, so most boundaries were not checked.{}",
            super::unread_languages_sentence(unread)
        ),
        remedy: "Make sure the providers are in what was checked, and compare the spellings listed under `unmatched.consumers` in `seam check --format json`.".to_owned(),
    })
}
