//! The intent finding kinds, one file each, each opening with its documentation (the same
//! sections as seam-check's kinds, printed by `seam check --explain KIND`).

use seam_ir::findings::Severity;

/// Writes a kind's documentation once: as the doc comment of `DOC` and as its value.
macro_rules! kind_documentation {
    ($text:literal) => {
        #[doc = $text]
        pub const DOC: &str = $text;
    };
}

pub mod ambiguous_scenario_link;
pub mod covering_test_skipped;
pub mod dangling_scenario_link;
pub mod missing_covering_test;
pub mod outcome_shape_mismatch;
pub mod path_without_effect;
pub mod renamed_boundary;
pub mod test_misses_subject;
pub mod uncovered_outcome;
pub mod undeclared_input_read;
pub mod undeclared_outcome;
pub mod undescribed_outcome;
pub mod unimplemented_boundary;
pub mod unkeyable_boundary;
pub mod unlinked_scenario;
pub mod unread_input_field;
pub mod value_from_elsewhere;

/// An intent finding kind: its name, default severity, title and documentation.
#[derive(Debug, Clone, Copy)]
pub struct IntentKind {
    pub name: &'static str,
    pub severity: Severity,
    pub title: &'static str,
    pub doc: &'static str,
}

/// Every intent finding kind, in alphabetical order.
pub const INTENT_KINDS: &[IntentKind] = &[
    IntentKind {
        name: ambiguous_scenario_link::KIND,
        severity: ambiguous_scenario_link::SEVERITY,
        title: ambiguous_scenario_link::TITLE,
        doc: ambiguous_scenario_link::DOC,
    },
    IntentKind {
        name: covering_test_skipped::KIND,
        severity: covering_test_skipped::SEVERITY,
        title: covering_test_skipped::TITLE,
        doc: covering_test_skipped::DOC,
    },
    IntentKind {
        name: dangling_scenario_link::KIND,
        severity: dangling_scenario_link::SEVERITY,
        title: dangling_scenario_link::TITLE,
        doc: dangling_scenario_link::DOC,
    },
    IntentKind {
        name: missing_covering_test::KIND,
        severity: missing_covering_test::SEVERITY,
        title: missing_covering_test::TITLE,
        doc: missing_covering_test::DOC,
    },
    IntentKind {
        name: outcome_shape_mismatch::KIND,
        severity: outcome_shape_mismatch::SEVERITY,
        title: outcome_shape_mismatch::TITLE,
        doc: outcome_shape_mismatch::DOC,
    },
    IntentKind {
        name: path_without_effect::KIND,
        severity: path_without_effect::SEVERITY,
        title: path_without_effect::TITLE,
        doc: path_without_effect::DOC,
    },
    IntentKind {
        name: renamed_boundary::KIND,
        severity: renamed_boundary::SEVERITY,
        title: renamed_boundary::TITLE,
        doc: renamed_boundary::DOC,
    },
    IntentKind {
        name: test_misses_subject::KIND,
        severity: test_misses_subject::SEVERITY,
        title: test_misses_subject::TITLE,
        doc: test_misses_subject::DOC,
    },
    IntentKind {
        name: uncovered_outcome::KIND,
        severity: uncovered_outcome::SEVERITY,
        title: uncovered_outcome::TITLE,
        doc: uncovered_outcome::DOC,
    },
    IntentKind {
        name: undeclared_input_read::KIND,
        severity: undeclared_input_read::SEVERITY,
        title: undeclared_input_read::TITLE,
        doc: undeclared_input_read::DOC,
    },
    IntentKind {
        name: undeclared_outcome::KIND,
        severity: undeclared_outcome::SEVERITY,
        title: undeclared_outcome::TITLE,
        doc: undeclared_outcome::DOC,
    },
    IntentKind {
        name: undescribed_outcome::KIND,
        severity: undescribed_outcome::SEVERITY,
        title: undescribed_outcome::TITLE,
        doc: undescribed_outcome::DOC,
    },
    IntentKind {
        name: unimplemented_boundary::KIND,
        severity: unimplemented_boundary::SEVERITY,
        title: unimplemented_boundary::TITLE,
        doc: unimplemented_boundary::DOC,
    },
    IntentKind {
        name: unkeyable_boundary::KIND,
        severity: unkeyable_boundary::SEVERITY,
        title: unkeyable_boundary::TITLE,
        doc: unkeyable_boundary::DOC,
    },
    IntentKind {
        name: unlinked_scenario::KIND,
        severity: unlinked_scenario::SEVERITY,
        title: unlinked_scenario::TITLE,
        doc: unlinked_scenario::DOC,
    },
    IntentKind {
        name: unread_input_field::KIND,
        severity: unread_input_field::SEVERITY,
        title: unread_input_field::TITLE,
        doc: unread_input_field::DOC,
    },
    IntentKind {
        name: value_from_elsewhere::KIND,
        severity: value_from_elsewhere::SEVERITY,
        title: value_from_elsewhere::TITLE,
        doc: value_from_elsewhere::DOC,
    },
];

/// The kind's entry.
pub fn intent_kind(name: &str) -> Option<&'static IntentKind> {
    INTENT_KINDS.iter().find(|k| k.name == name)
}
