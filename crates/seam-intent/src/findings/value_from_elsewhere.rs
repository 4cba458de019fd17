//! `valueFromElsewhere`: see [`DOC`].

use seam_ir::findings::Severity;

kind_documentation!(
    r#"# valueFromElsewhere (error, intent)

## What it finds
A `results` line says a column comes from an input path (`from: { id: input.params.id }`); the provenance in the summary shows the value the code writes or selects by comes from another input path, or is a literal.

## Why it matters
Taking an id from the body instead of the path lets a caller act on a row the URL does not name.

## Example
Intent "archive-order" says archived writes postgresql:orders with id taken from input.params.id; post takes it from input.body.id (in the transition at line 12). Take the value from the source the intent gives, or correct the document.

## How to fix or suppress
Take the value from the declared source, or correct `from`. When the summary cannot say where the value comes from, the check is listed as unchecked (`unreadValue`) instead. A finding from an intent whose `source` is `inferred` is one severity lower.
"#
);

pub const KIND: &str = "valueFromElsewhere";
pub const SEVERITY: Severity = Severity::Error;
pub const TITLE: &str =
    "A written or selecting column takes its value from another source than the declared one";
