//! Findings: what `seam check` reports where two sides of a boundary disagree.
//!
//! The shapes follow suss's `Finding`, `FindingSide` and `RunFinding` to the field name, so a
//! tool that reads `suss check --json` reads `seam check --format json`:
//!
//! - [`Finding`] `{kind, severity, boundary, provider, consumer, description, aspect?, sources?,
//!   suppressed?}`;
//! - [`FindingSide`] `{summary: "file::name", transitionId?, transitionIds?, location}`;
//! - [`RunFinding`] `{kind, severity, description, remedy}`, about the run rather than a boundary.
//!
//! The finding kinds are strings on the wire; [`KNOWN_FINDING_KINDS`] lists every kind a
//! suppression rule may name (behavioural, run and intent kinds).

use serde::{Deserialize, Serialize};

use crate::summary::{BoundaryBinding, SourceLocation};

/// How bad a finding is. Ordered so that `Error > Warning > Info`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Info,
    Warning,
    Error,
}

impl Severity {
    /// The spelling on the wire and in rules: `error`, `warning`, `info`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }

    /// One level lower; `info` stays `info`.
    pub fn lowered(self) -> Severity {
        match self {
            Severity::Error => Severity::Warning,
            Severity::Warning | Severity::Info => Severity::Info,
        }
    }
}

/// What a suppression rule does to the finding it matches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SuppressionEffect {
    /// Shown, marked as accepted, left out of the exit code.
    Mark,
    /// Shown one severity lower, and counted at that severity.
    Downgrade,
    /// Left out of every output and of the exit code.
    Hide,
}

impl SuppressionEffect {
    pub fn as_str(self) -> &'static str {
        match self {
            SuppressionEffect::Mark => "mark",
            SuppressionEffect::Downgrade => "downgrade",
            SuppressionEffect::Hide => "hide",
        }
    }
}

/// Which part of an exchange a finding is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FindingAspect {
    Read,
    Write,
    Send,
    Receive,
    Construct,
    Selector,
}

/// One side of a finding: the summary as `file::name`, the transitions involved, and where the
/// summary is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FindingSide {
    pub summary: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transition_id: Option<String>,
    /// Every transition of this summary giving the same finding, when there are several.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transition_ids: Option<Vec<String>>,
    pub location: SourceLocation,
}

impl FindingSide {
    /// Whether `id` names this side's transition (or one of them).
    pub fn has_transition(&self, id: &str) -> bool {
        self.transition_id.as_deref() == Some(id)
            || self
                .transition_ids
                .as_ref()
                .is_some_and(|ids| ids.iter().any(|t| t == id))
    }
}

/// The record a suppression leaves on a finding it matched.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Suppressed {
    pub reason: String,
    pub effect: SuppressionEffect,
    /// The severity before a `downgrade`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub original_severity: Option<Severity>,
}

/// A disagreement across one boundary.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Finding {
    pub kind: String,
    pub severity: Severity,
    pub boundary: BoundaryBinding,
    pub provider: FindingSide,
    pub consumer: FindingSide,
    /// One sentence saying what happens at run time.
    pub description: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aspect: Option<FindingAspect>,
    /// Every provider summary that gave this same finding, when several did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sources: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suppressed: Option<Suppressed>,
}

impl Finding {
    /// Whether the finding counts toward `--fail-on`: unsuppressed, or downgraded (which counts at
    /// its new severity).
    pub fn counts_toward_gate(&self) -> bool {
        match &self.suppressed {
            None => true,
            Some(s) => s.effect == SuppressionEffect::Downgrade,
        }
    }
}

/// A finding about the run as a whole (nothing paired, unreadable input, mostly unpaired).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunFinding {
    pub kind: String,
    pub severity: Severity,
    pub description: String,
    /// What to do about it.
    pub remedy: String,
}

/// The behavioural finding kinds (suss's `FindingKindSchema`, plus seam's
/// `restCallUnknownPath`), including the reserved ones no check emits yet.
pub const BEHAVIOURAL_FINDING_KINDS: &[&str] = &[
    "unhandledProviderCase",
    "misreadProviderResponse",
    "deadConsumerBranch",
    "providerContractViolation",
    "consumerContractViolation",
    "contractDisagreement",
    "contractOperationUnimplemented",
    "restCallUnknownPath",
    "graphqlUnknownFragment",
    "scenarioCoverageGap",
    "boundaryFieldUnknown",
    "boundaryFieldUnused",
    "boundaryShapeMismatch",
    "boundarySelectorMismatch",
    "messageBusProducerOrphan",
    "messageBusConsumerOrphan",
    "messageBusUnused",
    "messageBusConsumerDisabled",
    "runtimeScopeUnknown",
    "lowConfidence",
    "unsupportedSemantics",
    "ambiguousProvider",
    "boundaryFieldRequired",
    "boundaryConstraintViolation",
    "restMethodOnUnknownPath",
    "authPolicyMismatch",
    "envVarRequiredButUnmarked",
    "opaquePredicateBlocking",
];

/// The run finding kinds.
pub const RUN_FINDING_KINDS: &[&str] = &["nothingPaired", "unreadableInput", "mostlyUnpaired"];

/// The intent finding kinds, which suppression rules may also name.
pub const INTENT_FINDING_KINDS: &[&str] = &[
    "unimplementedBoundary",
    "uncoveredOutcome",
    "outcomeShapeMismatch",
    "renamedBoundary",
    "pathWithoutEffect",
    "valueFromElsewhere",
    "undeclaredOutcome",
    "unkeyableBoundary",
    "unreadInputField",
    "undeclaredInputRead",
    "unlinkedScenario",
    "danglingScenarioLink",
    "ambiguousScenarioLink",
    "undescribedOutcome",
    "missingCoveringTest",
    "coveringTestSkipped",
    "testMissesSubject",
];

/// Whether `kind` is a finding kind a suppression rule may name.
pub fn is_known_finding_kind(kind: &str) -> bool {
    BEHAVIOURAL_FINDING_KINDS.contains(&kind)
        || RUN_FINDING_KINDS.contains(&kind)
        || INTENT_FINDING_KINDS.contains(&kind)
}

/// Every kind a suppression rule may name, for error messages that list them.
pub const KNOWN_FINDING_KINDS: [&[&str]; 3] = [
    BEHAVIOURAL_FINDING_KINDS,
    RUN_FINDING_KINDS,
    INTENT_FINDING_KINDS,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn severities_order_and_lower() {
        assert!(Severity::Error > Severity::Warning && Severity::Warning > Severity::Info);
        assert_eq!(Severity::Error.lowered(), Severity::Warning);
        assert_eq!(Severity::Info.lowered(), Severity::Info);
        assert_eq!(
            serde_json::to_string(&Severity::Warning).ok().as_deref(),
            Some("\"warning\"")
        );
    }

    #[test]
    fn kinds_are_known() {
        assert!(is_known_finding_kind("restCallUnknownPath"));
        assert!(is_known_finding_kind("nothingPaired"));
        assert!(is_known_finding_kind("uncoveredOutcome"));
        assert!(!is_known_finding_kind("unhandledProviderCases"));
    }
}
