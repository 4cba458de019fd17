//! `coveringTestSkipped`: see [`DOC`].

use seam_ir::findings::Severity;

kind_documentation!(
    r#"# coveringTestSkipped (warning, intent)

## What it finds
A `coveredBy` test marked to be skipped (`it.skip`, `xit`, `@pytest.mark.skip`).

## Why it matters
A skipped test covers nothing.

## Example
Scenario "Archive" in PRD "Orders" lists the test "web/orders.test.ts > orders > archives", which is marked to be skipped, so it does not run.

## How to fix or suppress
Unskip the test, or list another. A finding from an intent whose `source` is `inferred` is one severity lower.
"#
);

pub const KIND: &str = "coveringTestSkipped";
pub const SEVERITY: Severity = Severity::Warning;
pub const TITLE: &str = "A covering test is marked to be skipped";
