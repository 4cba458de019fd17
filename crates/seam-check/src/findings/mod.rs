//! Every finding kind, one file each. Each file opens with the kind's documentation in fixed
//! sections (*What it finds*, *Why it matters*, *Example*, *How to fix or suppress*), written
//! once as the `DOC` string its doc comment is made from, so `seam check --explain KIND` prints
//! exactly what the API documentation says.

use seam_ir::findings::{Finding, FindingSide, Severity};
use seam_ir::summary::{BehavioralSummary, BoundaryBinding};

use crate::http::ConsumerReading;

/// Writes a kind's documentation once: as the doc comment of `DOC` and as its value.
macro_rules! kind_documentation {
    ($text:literal) => {
        #[doc = $text]
        pub const DOC: &str = $text;
    };
}

pub mod boundary_field_unknown;
pub mod boundary_field_unused;
pub mod consumer_contract_violation;
pub mod contract_disagreement;
pub mod contract_operation_unimplemented;
pub mod dead_consumer_branch;
pub mod low_confidence;
pub mod misread_provider_response;
pub mod mostly_unpaired;
pub mod nothing_paired;
pub mod provider_contract_violation;
pub mod rest_call_unknown_path;
pub mod undocumented_handler;
pub mod unhandled_provider_case;
pub mod unreadable_input;

/// A finding kind seam emits: its name, default severity, a one-line title and its documentation.
#[derive(Debug, Clone, Copy)]
pub struct KindInfo {
    pub name: &'static str,
    pub severity: Severity,
    pub title: &'static str,
    pub doc: &'static str,
}

/// The kinds this build emits, in alphabetical order.
pub const KINDS: &[KindInfo] = &[
    KindInfo {
        name: "boundaryFieldUnknown",
        severity: Severity::Error,
        title: "Code reads, writes or selects by a field the store's schema does not declare",
        doc: boundary_field_unknown::DOC,
    },
    KindInfo {
        name: "boundaryFieldUnused",
        severity: Severity::Warning,
        title: "A column the schema declares is never read, written or selected by",
        doc: boundary_field_unused::DOC,
    },
    KindInfo {
        name: "consumerContractViolation",
        severity: Severity::Warning,
        title: "A consumer and the declared contract of its boundary disagree on statuses",
        doc: consumer_contract_violation::DOC,
    },
    KindInfo {
        name: "contractDisagreement",
        severity: Severity::Warning,
        title: "Two declared contracts of one boundary disagree",
        doc: contract_disagreement::DOC,
    },
    KindInfo {
        name: "contractOperationUnimplemented",
        severity: Severity::Warning,
        title: "A contract document declares an operation no handler serves",
        doc: contract_operation_unimplemented::DOC,
    },
    KindInfo {
        name: "deadConsumerBranch",
        severity: Severity::Warning,
        title: "The consumer handles a status the provider never produces",
        doc: dead_consumer_branch::DOC,
    },
    KindInfo {
        name: "lowConfidence",
        severity: Severity::Info,
        title: "Coverage could not be checked because part of a side could not be read",
        doc: low_confidence::DOC,
    },
    KindInfo {
        name: "misreadProviderResponse",
        severity: Severity::Error,
        title: "The consumer reads a body field the provider never sends for that status",
        doc: misread_provider_response::DOC,
    },
    KindInfo {
        name: "mostlyUnpaired",
        severity: Severity::Warning,
        title: "Most consumer calls found no provider",
        doc: mostly_unpaired::DOC,
    },
    KindInfo {
        name: "nothingPaired",
        severity: Severity::Error,
        title: "No boundary was compared",
        doc: nothing_paired::DOC,
    },
    KindInfo {
        name: "providerContractViolation",
        severity: Severity::Error,
        title: "A handler and its declared contract disagree on statuses",
        doc: provider_contract_violation::DOC,
    },
    KindInfo {
        name: "restCallUnknownPath",
        severity: Severity::Error,
        title: "A client calls a method and path no provider serves",
        doc: rest_call_unknown_path::DOC,
    },
    KindInfo {
        name: "undocumentedHandler",
        severity: Severity::Warning,
        title: "A handler serves a route the contract document beside it does not describe",
        doc: undocumented_handler::DOC,
    },
    KindInfo {
        name: "unhandledProviderCase",
        severity: Severity::Warning,
        title: "The provider produces a status or case no consumer branch handles",
        doc: unhandled_provider_case::DOC,
    },
    KindInfo {
        name: "unreadableInput",
        severity: Severity::Warning,
        title: "Some input could not be read, so it was not checked",
        doc: unreadable_input::DOC,
    },
];

/// The kind's entry, when this build emits it.
pub fn kind_info(name: &str) -> Option<&'static KindInfo> {
    KINDS.iter().find(|k| k.name == name)
}

/// `file::name`, the way findings name a summary.
pub fn summary_ref(summary: &BehavioralSummary) -> String {
    format!("{}::{}", summary.location.file, summary.identity.name)
}

/// One side of a finding.
pub fn side(summary: &BehavioralSummary, transition_id: Option<&str>) -> FindingSide {
    FindingSide {
        summary: summary_ref(summary),
        transition_id: transition_id.map(str::to_owned),
        transition_ids: None,
        location: summary.location.clone(),
    }
}

/// A provider and a consumer compared across one REST boundary.
pub struct PairContext<'a> {
    pub provider: &'a BehavioralSummary,
    pub consumer: &'a BehavioralSummary,
    pub boundary: BoundaryBinding,
    pub reading: ConsumerReading,
}

impl<'a> PairContext<'a> {
    pub fn new(provider: &'a BehavioralSummary, consumer: &'a BehavioralSummary) -> Self {
        let boundary = provider
            .identity
            .boundary_binding
            .clone()
            .or_else(|| consumer.identity.boundary_binding.clone())
            .unwrap_or_else(|| BoundaryBinding {
                transport: "unknown".into(),
                semantics: seam_ir::summary::Semantics::FunctionCall(Default::default()),
                recognition: "unknown".into(),
            });
        PairContext {
            provider,
            consumer,
            boundary,
            reading: ConsumerReading::of(consumer),
        }
    }

    /// A finding between this pair.
    pub fn finding(
        &self,
        kind: &str,
        severity: Severity,
        provider_transition: Option<&str>,
        consumer_transition: Option<&str>,
        description: String,
    ) -> Finding {
        Finding {
            kind: kind.to_owned(),
            severity,
            boundary: self.boundary.clone(),
            provider: side(self.provider, provider_transition),
            consumer: side(self.consumer, consumer_transition),
            description,
            aspect: None,
            sources: None,
            suppressed: None,
        }
    }
}

/// Every behavioural check run on one REST pair, in a fixed order.
pub fn check_rest_pair(ctx: &PairContext<'_>) -> Vec<Finding> {
    let mut out = unhandled_provider_case::check(ctx);
    out.extend(misread_provider_response::check(ctx));
    out.extend(dead_consumer_branch::check(ctx));
    out.extend(low_confidence::check(ctx));
    out
}
