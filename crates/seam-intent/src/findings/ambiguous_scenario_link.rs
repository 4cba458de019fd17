//! `ambiguousScenarioLink`: see [`DOC`].

use seam_ir::findings::Severity;

kind_documentation!(
    r#"# ambiguousScenarioLink (warning, intent)

## What it finds
A `link` whose intent name is shared by two or more boundary intents.

## Why it matters
seam cannot tell which boundary the scenario is about.

## Example
Scenario "Archive" in PRD "Orders" links to archive-order.archived, but 2 boundary intents are named archive-order; give them different names.

## How to fix or suppress
Rename one of the intents. A finding from an intent whose `source` is `inferred` is one severity lower.
"#
);

pub const KIND: &str = "ambiguousScenarioLink";
pub const SEVERITY: Severity = Severity::Warning;
pub const TITLE: &str = "A scenario links to a name two boundary intents share";
