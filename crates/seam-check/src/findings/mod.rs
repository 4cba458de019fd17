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

/// What a kind compares, which decides where the checker runs it.
#[derive(Clone, Copy)]
pub enum PairShape {
    /// One REST provider against one consumer it paired with: run on every pair, by this
    /// function, from [`KINDS`] (adding such a kind wires it).
    RestPair(fn(&PairContext<'_>) -> Vec<Finding>),
    /// A consumer call that met no provider (it has no provider side).
    UnpairedCall,
    /// A handler against the contract document that describes it.
    HandlerAndContract,
    /// The contract documents of one route against each other.
    ContractDocuments,
    /// Code's store accesses against the schema declaring the table.
    Storage,
    /// The run as a whole (a run finding).
    Run,
}

impl std::fmt::Debug for PairShape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            PairShape::RestPair(_) => "RestPair",
            PairShape::UnpairedCall => "UnpairedCall",
            PairShape::HandlerAndContract => "HandlerAndContract",
            PairShape::ContractDocuments => "ContractDocuments",
            PairShape::Storage => "Storage",
            PairShape::Run => "Run",
        })
    }
}

/// A finding kind seam emits: its name, default severity, a one-line title, its documentation
/// and the shape of what it compares. Each kind's file declares its own as `INFO`.
#[derive(Debug, Clone, Copy)]
pub struct KindInfo {
    pub name: &'static str,
    pub severity: Severity,
    pub title: &'static str,
    pub doc: &'static str,
    pub shape: PairShape,
}

/// The kinds this build emits, in alphabetical order: the one table a new kind is added to.
pub const KINDS: &[KindInfo] = &[
    boundary_field_unknown::INFO,
    boundary_field_unused::INFO,
    consumer_contract_violation::INFO,
    contract_disagreement::INFO,
    contract_operation_unimplemented::INFO,
    dead_consumer_branch::INFO,
    low_confidence::INFO,
    misread_provider_response::INFO,
    mostly_unpaired::INFO,
    nothing_paired::INFO,
    provider_contract_violation::INFO,
    rest_call_unknown_path::INFO,
    undocumented_handler::INFO,
    unhandled_provider_case::INFO,
    unreadable_input::INFO,
];

/// The kind's entry, when this build emits it.
pub fn kind_info(name: &str) -> Option<&'static KindInfo> {
    KINDS.iter().find(|k| k.name == name)
}

/// The sentence the run findings end with when the repository holds files in languages seam
/// does not read (empty otherwise): a side of the boundaries may be written in one.
pub fn unread_languages_sentence(
    unread: &[seam_lang::project::unread_languages::UnreadLanguage],
) -> String {
    if unread.is_empty() {
        return String::new();
    }
    format!(
        " The repository also holds {}, which seam does not read: the other side may be there.",
        seam_lang::project::unread_languages::describe(unread)
    )
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

/// Every transition of a finding, when there are several (the first is its `transitionId`).
pub fn several(transitions: &[&str]) -> Option<Vec<String>> {
    (transitions.len() > 1).then(|| transitions.iter().map(|t| (*t).to_owned()).collect())
}

/// A provider and a consumer compared across one REST boundary.
pub struct PairContext<'a> {
    pub provider: &'a BehavioralSummary,
    pub consumer: &'a BehavioralSummary,
    pub boundary: BoundaryBinding,
    pub reading: ConsumerReading,
    /// The consumer hands what it reads of the response to project callers that are consumers
    /// through it (`metadata.http.through` names it) paired with this same provider: those
    /// callers are where its statuses are handled or not, and each is judged on its own.
    pub judged_at_callers: bool,
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
            judged_at_callers: false,
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

/// Every check of the REST-pair shape, in the order of [`KINDS`].
pub fn check_rest_pair(ctx: &PairContext<'_>) -> Vec<Finding> {
    KINDS
        .iter()
        .filter_map(|kind| match kind.shape {
            PairShape::RestPair(check) => Some(check(ctx)),
            _ => None,
        })
        .flatten()
        .collect()
}
