//! `missingCoveringTest`: see [`DOC`].

use seam_ir::findings::Severity;

kind_documentation!(
    r#"# missingCoveringTest (warning, intent)

## What it finds
A `coveredBy` entry no test in the analysed code matches (`file > suite > title` for vitest and jest, a pytest node id).

## Why it matters
The scenario looks covered but is not: the test was renamed or deleted.

## Example
Scenario "Archive" in PRD "Orders" lists the test "web/orders.test.ts > orders > archives", which is not among the tests seam read (no test in web/orders.test.ts has that title).

## How to fix or suppress
Correct the test's name in `coveredBy`, or write the test. A finding from an intent whose `source` is `inferred` is one severity lower.
"#
);

pub const KIND: &str = "missingCoveringTest";
pub const SEVERITY: Severity = Severity::Warning;
pub const TITLE: &str = "A scenario names a covering test that does not exist";
