//! What a declared contract says a boundary answers with. Two places hold one: a provider summary
//! read from a contract document (`confidence.source: derived`, one transition per declared
//! response, as `seam contract` and the OpenAPI reader write them), and
//! `metadata.http.declaredContract` on a code summary whose framework declares its responses
//! beside the handler (ts-rest, FastAPI `responses=`).

use std::collections::BTreeSet;

use seam_ir::summary::BehavioralSummary;

use crate::http::{ProviderStatus, StatusRange, provider_status};

/// The statuses a contract declares.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DeclaredStatuses {
    pub exact: BTreeSet<u16>,
    /// Classes such as `4XX`, with their spelling.
    pub ranges: Vec<(StatusRange, String)>,
    /// A `default` response: every status the others leave out is declared.
    pub catch_all: bool,
}

impl DeclaredStatuses {
    pub fn declares(&self, status: u16) -> bool {
        self.catch_all
            || self.exact.contains(&status)
            || self.ranges.iter().any(|(r, _)| r.contains(status))
    }

    /// Every declared status and class, as people write them (`404`, `4XX`, `default`), sorted.
    pub fn spellings(&self) -> Vec<String> {
        let mut out: Vec<String> = self.exact.iter().map(u16::to_string).collect();
        out.extend(self.ranges.iter().map(|(_, spec)| spec.clone()));
        if self.catch_all {
            out.push("default".into());
        }
        out.sort();
        out.dedup();
        out
    }

    /// The statuses a contract-document summary declares, one per transition.
    pub fn of_contract_summary(summary: &BehavioralSummary) -> DeclaredStatuses {
        let mut out = DeclaredStatuses::default();
        for t in &summary.transitions {
            match provider_status(t) {
                ProviderStatus::Exact(s) => {
                    out.exact.insert(s);
                }
                ProviderStatus::Range { range, spec } => out.ranges.push((range, spec)),
                ProviderStatus::CatchAll => out.catch_all = true,
                ProviderStatus::Opaque | ProviderStatus::NotAResponse => {}
            }
        }
        out
    }

    /// `metadata.http.declaredContract`, unless its provenance is `derived` (the contract and
    /// the transitions come from one source, so comparing them proves nothing).
    pub fn of_metadata(summary: &BehavioralSummary) -> Option<DeclaredStatuses> {
        let contract = summary
            .metadata
            .as_ref()?
            .get("http")?
            .get("declaredContract")?;
        if contract.get("provenance").and_then(|p| p.as_str()) == Some("derived") {
            return None;
        }
        let mut out = DeclaredStatuses::default();
        for response in contract.get("responses")?.as_array()? {
            if let Some(status) = response
                .get("statusCode")
                .and_then(|s| s.as_u64())
                .and_then(|s| u16::try_from(s).ok())
            {
                out.exact.insert(status);
            }
        }
        if let Some(ranges) = contract.get("responseRanges").and_then(|r| r.as_array()) {
            for range in ranges {
                let min = range
                    .get("min")
                    .and_then(|v| v.as_u64())
                    .and_then(|v| u16::try_from(v).ok());
                let max = range
                    .get("max")
                    .and_then(|v| v.as_u64())
                    .and_then(|v| u16::try_from(v).ok());
                let spec = range.get("spec").and_then(|v| v.as_str());
                if let (Some(min), Some(max), Some(spec)) = (min, max, spec)
                    && min <= max
                {
                    out.ranges.push((StatusRange { min, max }, spec.to_owned()));
                }
            }
        }
        out.catch_all = contract
            .get("defaultResponse")
            .is_some_and(|d| !d.is_null());
        Some(out)
    }
}

/// The exact statuses a code summary may produce (its responses, and the statuses its raised
/// exceptions carry), or `None` when one could not be read.
pub fn produced_exact(summary: &BehavioralSummary) -> Option<BTreeSet<u16>> {
    let mut out = BTreeSet::new();
    for t in &summary.transitions {
        match provider_status(t) {
            ProviderStatus::Exact(s) => {
                out.insert(s);
            }
            ProviderStatus::NotAResponse => out.extend(crate::http::raised_status(t)),
            _ => return None,
        }
    }
    Some(out)
}
