//! `danglingScenarioLink`: see [`DOC`].

use seam_ir::findings::Severity;

kind_documentation!(
    r#"# danglingScenarioLink (warning, intent)

## What it finds
A `link` naming an intent no boundary intent has, or an outcome id the named intent does not declare (the declared ids are listed).

## Why it matters
The link checks nothing, and usually means one side was renamed.

## Example
Scenario "Archive" in PRD "Orders" links to archive-order.done, but intent "archive-order" declares no outcome done; it declares archived, no-such-order.

## How to fix or suppress
Correct the link. A finding from an intent whose `source` is `inferred` is one severity lower.
"#
);

pub const KIND: &str = "danglingScenarioLink";
pub const SEVERITY: Severity = Severity::Warning;
pub const TITLE: &str = "A scenario links to an intent or outcome that does not exist";
