//! `testMissesSubject`: see [`DOC`].

use seam_ir::findings::Severity;

kind_documentation!(
    r#"# testMissesSubject (warning, intent)

## What it finds
The covering test's calls, followed through the summaries, never reach the scenario's subject (the boundaries under `about`, or those of the intents its links name), or reach it only through calls its mocks replace (the path is shown as `a -> b -> c`). When calls seam could not follow may explain the miss, the check is listed as unchecked (`unfollowedCall`) instead.

## Why it matters
A test that mocks the code it is meant to cover proves nothing about it.

## Example
Scenario "Archive" in PRD "Orders" lists the test "tests/test_orders.py::test_archive", which reaches POST /orders/{id}/archive only through a call its mocks replace (mock.patch("app.orders.archive")), by test_archive -> archive.

## How to fix or suppress
Call the subject in the test without replacing it, or correct `about`. A finding from an intent whose `source` is `inferred` is one severity lower.
"#
);

pub const KIND: &str = "testMissesSubject";
pub const SEVERITY: Severity = Severity::Warning;
pub const TITLE: &str =
    "A covering test never reaches what the scenario is about, or only through mocks";
