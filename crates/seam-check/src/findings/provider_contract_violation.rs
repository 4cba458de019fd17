//! `providerContractViolation`: see [`DOC`].

use std::collections::{BTreeMap, BTreeSet};

use seam_ir::findings::{Finding, Severity};
use seam_ir::summary::{
    BehavioralSummary, GapConsequence, GapType, Input, Output, RecordShape, TypeShape,
};

use super::{KindInfo, PairShape, several, side};
use crate::contracts::{DeclaredStatuses, produced_exact};
use crate::http::{ProviderStatus, provider_status, response_body};

kind_documentation!(
    r#"# providerContractViolation (error)

## What it finds
A handler and the contract declared for it disagree on what it answers: the handler produces a
status the contract does not declare, or the contract declares a status the handler never
produces, or (for a separate document) the handler's body for a status leaves out a property
the document requires, or is another object (it sends properties the document does not declare
and none it does; a body that sends the declared properties and more conforms, since a schema's
record is open unless it says otherwise). The contract is either written beside
the handler (ts-rest, FastAPI `responses=`; the pack records it, or records the disagreement as
an `unhandledCase` gap) or a separate document (an OpenAPI operation for the same method and
path).

## Why it matters
Clients are written against the contract. A status the contract does not declare reaches code
that was never told about it; a declared status the handler never sends leaves a client branch
that never runs and a documented behaviour that does not exist.

## Example
Contract (OpenAPI):
```yaml
/users/{id}:
  get:
    responses: { "200": …, "404": … }
```
Provider (Express):
```ts
router.get("/users/:id", (req, res) => {
  if (!req.user) return res.status(401).end();   // 401 is not declared
  …
});
```

## How to fix or suppress
Declare the status in the contract, or stop producing it; remove a declared status nothing
produces. A contract generated from the code is never compared with that code. To accept a
difference, paste the rule `seam check` prints under the finding into `.sussignore.yml`.
"#
);

/// The kind: one declaration, listed in [`super::KINDS`].
pub const INFO: KindInfo = KindInfo {
    name: "providerContractViolation",
    severity: Severity::Error,
    title: "A handler and its declared contract disagree on statuses",
    doc: DOC,
    shape: PairShape::HandlerAndContract,
};

pub const KIND: &str = INFO.name;

/// The contract written beside a handler (a pack's gaps, or `metadata.http.declaredContract`).
pub fn check_declared_beside(summary: &BehavioralSummary) -> Vec<Finding> {
    let Some(boundary) = summary.identity.boundary_binding.clone() else {
        return Vec::new();
    };
    let finding = |transition: Option<&str>, description: String| Finding {
        kind: KIND.to_owned(),
        severity: INFO.severity,
        boundary: boundary.clone(),
        provider: side(summary, transition),
        consumer: side(summary, None),
        description,
        aspect: None,
        sources: None,
        suppressed: None,
    };
    let gaps: Vec<Finding> = summary
        .gaps
        .iter()
        .filter(|g| g.gap_type == GapType::UnhandledCase)
        .map(|g| finding(None, g.description.clone()))
        .collect();
    // The pack already compared the two and said where they differ.
    if !gaps.is_empty() {
        return gaps;
    }
    let Some(declared) = DeclaredStatuses::of_metadata(summary) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (status, transitions) in undeclared_statuses(summary, |s| declared.declares(s)) {
        let mut f = finding(
            transitions.first().copied(),
            format!("Handler produces status {status} which is not declared in the contract"),
        );
        f.provider.transition_ids = several(&transitions);
        out.push(f);
    }
    if let Some(produced) = produced_exact(summary) {
        for status in declared.exact.difference(&produced) {
            if !can_tell_never_produced(summary, *status, &BTreeSet::new()) {
                continue;
            }
            out.push(finding(
                None,
                format!("Declared response {status} is never produced by the handler"),
            ));
        }
    }
    out
}

/// The exact statuses a handler's transitions produce that `declares` says no, each once (in
/// the order the transitions first produce it) with every transition producing it: one
/// finding per status, as for unhandled statuses, however many paths send it.
fn undeclared_statuses(
    handler: &BehavioralSummary,
    declares: impl Fn(u16) -> bool,
) -> Vec<(u16, Vec<&str>)> {
    let mut out: Vec<(u16, Vec<&str>)> = Vec::new();
    for t in &handler.transitions {
        let ProviderStatus::Exact(status) = provider_status(t) else {
            continue;
        };
        if declares(status) {
            continue;
        }
        match out.iter_mut().find(|(s, _)| *s == status) {
            Some((_, ids)) => ids.push(&t.id),
            None => out.push((status, vec![&t.id])),
        }
    }
    out
}

/// Whether a declared status missing from what the handler's summary produces means the
/// handler never sends it. Not for a status the server's shared error handling sends: a 5xx
/// (any handler can fail), one the document declares for every operation a handler of the
/// repository serves (`shared`: the document describes the server's error handler, not this
/// handler; 401 and 403 of an
/// operation that requires authentication, which the security scheme answers), or an error status when
/// a path of the handler raises an exception, code injected before it runs (a `dependency`
/// parameter, an injection) or the summary has a gap (the framework turns an exception into a
/// status seam cannot see), or one the framework itself sends for it
/// (`metadata.http.frameworkStatuses`). Not when the summary has no transitions at
/// all (its handler could not be read), nor when a way out of it gives a value seam could not
/// read as a response (an `unreadOutcome` gap: `return super().create(…)`, a response built
/// in steps), which may be any status; an error handed back to the framework (consequence
/// `implicitThrow`, Go's `return err`) answers an error status, as a raise does.
pub(crate) fn can_tell_never_produced(
    handler: &BehavioralSummary,
    status: u16,
    shared: &BTreeSet<u16>,
) -> bool {
    if handler.transitions.is_empty()
        || handler.gaps.iter().any(|g| {
            g.gap_type == GapType::UnreadOutcome && g.consequence != GapConsequence::ImplicitThrow
        })
        || status >= 500
        || shared.contains(&status)
        || (framework_statuses(handler).contains(&status) && takes_request_values(handler))
    {
        return false;
    }
    // A raise answers through the server's error handling, which may send any error status
    // (the exception's class may carry one, a base class another).
    let raises = handler.transitions.iter().any(|t| {
        matches!(t.output, Output::Throw(_))
            || matches!(provider_status(t), ProviderStatus::NotAResponse)
    });
    // Code injected to run before the handler (a `dependency` parameter) may answer for it.
    let injected = handler.inputs.iter().any(|i| match i {
        Input::Parameter(p) => p.role.as_deref() == Some("dependency"),
        Input::Injection(_) => true,
        _ => false,
    });
    !(status >= 400 && (raises || injected || !handler.gaps.is_empty()))
}

/// Whether the handler takes a value from the request (a parameter that is no injected
/// dependency): only then can the framework's own answer to a request that does not bind or
/// validate (`frameworkStatuses`) come before it. A handler taking nothing from the request
/// cannot fail that way.
fn takes_request_values(handler: &BehavioralSummary) -> bool {
    handler.inputs.iter().any(|i| match i {
        Input::Parameter(p) => p.role.as_deref() != Some("dependency"),
        _ => false,
    })
}

/// Statuses the framework sends for the handler without running it
/// (`metadata.http.frameworkStatuses`, from the pack: FastAPI's 422 on a request that fails
/// validation).
fn framework_statuses(handler: &BehavioralSummary) -> BTreeSet<u16> {
    handler
        .metadata
        .as_ref()
        .and_then(|m| m.get("http"))
        .and_then(|h| h.get("frameworkStatuses"))
        .and_then(|s| s.as_array())
        .into_iter()
        .flatten()
        .filter_map(|s| s.as_u64().and_then(|s| u16::try_from(s).ok()))
        .collect()
}

/// Per contract document: the statuses every one of its operations given declares (the caller
/// gives those a handler of the repository serves), when there are at least three. A status
/// declared everywhere describes the server's shared error handling.
pub fn shared_statuses<'a>(
    contracts: impl Iterator<Item = &'a BehavioralSummary>,
) -> BTreeMap<String, BTreeSet<u16>> {
    let mut per_file: BTreeMap<String, (usize, BTreeMap<u16, usize>)> = BTreeMap::new();
    for contract in contracts {
        let entry = per_file.entry(contract.location.file.clone()).or_default();
        entry.0 += 1;
        for status in DeclaredStatuses::of_contract_summary(contract).exact {
            *entry.1.entry(status).or_default() += 1;
        }
    }
    per_file
        .into_iter()
        .filter(|(_, (operations, _))| *operations >= 3)
        .map(|(file, (operations, counts))| {
            let shared = counts
                .into_iter()
                .filter(|&(_, n)| n == operations)
                .map(|(status, _)| status)
                .collect();
            (file, shared)
        })
        .collect()
}

/// A contract document's operation against the handler in the repository serving it.
pub fn check_against_document(
    contract: &BehavioralSummary,
    handler: &BehavioralSummary,
    shared: &BTreeSet<u16>,
) -> Vec<Finding> {
    let Some(boundary) = handler
        .identity
        .boundary_binding
        .clone()
        .or_else(|| contract.identity.boundary_binding.clone())
    else {
        return Vec::new();
    };
    let declared = DeclaredStatuses::of_contract_summary(contract);
    // An operation that requires authentication declares what its security scheme answers:
    // whatever enforces it (middleware, a gateway) sends 401 and 403, not the handler.
    let mut shared = shared.clone();
    if requires_authentication(contract) {
        shared.extend([401, 403]);
    }
    let shared = &shared;
    let contract_file = &contract.location.file;
    let finding = |provider_transition: Option<&str>, description: String| Finding {
        kind: KIND.to_owned(),
        severity: INFO.severity,
        boundary: boundary.clone(),
        provider: side(handler, provider_transition),
        consumer: side(contract, None),
        description,
        aspect: None,
        sources: None,
        suppressed: None,
    };
    let mut out = Vec::new();
    // An operation that declares no response at all (`responses: {}`) says nothing about what
    // the handler may answer.
    let declares_any =
        !declared.exact.is_empty() || !declared.ranges.is_empty() || declared.catch_all;
    let undeclared = if declares_any {
        undeclared_statuses(handler, |s| declared.declares(s))
    } else {
        Vec::new()
    };
    for (status, transitions) in undeclared {
        let mut f = finding(
            transitions.first().copied(),
            format!(
                "Handler produces status {status} which is not declared in the contract ({contract_file}), so clients written against the contract do not expect it"
            ),
        );
        f.provider.transition_ids = several(&transitions);
        out.push(f);
    }
    if let Some(produced) = produced_exact(handler) {
        for status in declared.exact.difference(&produced) {
            if !can_tell_never_produced(handler, *status, shared) {
                continue;
            }
            out.push(finding(
                None,
                format!(
                    "Declared response {status} in {contract_file} is never produced by the handler, so a client branch written for it never runs"
                ),
            ));
        }
    }
    for t in &handler.transitions {
        let ProviderStatus::Exact(status) = provider_status(t) else {
            continue;
        };
        let Some(sent) = response_body(t).and_then(fully_known_record) else {
            continue;
        };
        let Some(schema) = declared_body(contract, status) else {
            continue;
        };
        let missing: Vec<&str> = schema
            .properties
            .iter()
            .filter(|(name, shape)| is_required(shape) && !sent.properties.contains_key(*name))
            .map(|(name, _)| name.as_str())
            .collect();
        // A schema leaves its record open unless it says otherwise (OpenAPI's
        // `additionalProperties` is true by default): a body that sends the declared properties
        // and more conforms. Properties it does not declare say the body is another object only
        // when the body sends none it does declare.
        let sends_declared = sent
            .properties
            .keys()
            .any(|name| schema.properties.contains_key(name));
        let undeclared: Vec<&str> = if sends_declared {
            Vec::new()
        } else {
            sent.properties
                .keys()
                .filter(|name| !schema.properties.contains_key(*name))
                .map(String::as_str)
                .collect()
        };
        let mut problems = Vec::new();
        if !missing.is_empty() {
            problems.push(format!("it leaves out required {}", quoted(&missing)));
        }
        if !undeclared.is_empty() {
            problems.push(format!("it sends undeclared {}", quoted(&undeclared)));
        }
        if !problems.is_empty() {
            out.push(finding(
                Some(&t.id),
                format!(
                    "Handler transition {} returns a body shape incompatible with the declared schema for status {status} in {contract_file}: {}",
                    t.id,
                    problems.join(", and ")
                ),
            ));
        }
    }
    out
}

/// Whether a contract-document operation requires authentication (`metadata.openapi.secured`,
/// from its `security` or the document's).
fn requires_authentication(contract: &BehavioralSummary) -> bool {
    contract
        .metadata
        .as_ref()
        .and_then(|m| m.get("openapi"))
        .and_then(|o| o.get("secured"))
        .and_then(serde_json::Value::as_bool)
        == Some(true)
}

/// A record body whose every property is known (no spread of something unread).
fn fully_known_record(shape: &TypeShape) -> Option<&RecordShape> {
    match shape {
        TypeShape::Record(r) if r.spreads.as_ref().is_none_or(|s| s.is_empty()) => Some(r),
        _ => None,
    }
}

/// The record a contract declares for exactly `status` (`$ref`s already resolved by the reader).
fn declared_body(contract: &BehavioralSummary, status: u16) -> Option<&RecordShape> {
    contract
        .transitions
        .iter()
        .filter(|t| provider_status(t) == ProviderStatus::Exact(status))
        .find_map(|t| match response_body(t) {
            Some(TypeShape::Record(r)) => Some(r),
            _ => None,
        })
}

/// A declared property is optional when its shape is a union with `undefined`.
fn is_required(shape: &TypeShape) -> bool {
    !matches!(shape, TypeShape::Union(u) if u.variants.iter().any(|v| matches!(v, TypeShape::Undefined)))
}

fn quoted(names: &[&str]) -> String {
    let list: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
    list.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A contract-document operation in `file` declaring `statuses` (one transition each).
    fn operation(file: &str, path: &str, statuses: &[u16]) -> BehavioralSummary {
        let transitions: Vec<serde_json::Value> = statuses
            .iter()
            .map(|s| {
                serde_json::json!({
                    "id": format!("op:response:{s}:0000000"), "conditions": [],
                    "output": {"type": "response", "statusCode": {"type": "literal", "value": s},
                               "body": null, "headers": {}},
                    "effects": [], "location": {"start": 1, "end": 1}, "isDefault": false
                })
            })
            .collect();
        serde_json::from_value(serde_json::json!({
            "schemaVersion": 7, "kind": "handler",
            "location": {"file": file, "range": {"start": 1, "end": 2}, "exportName": null},
            "identity": {"name": path, "exportPath": null, "boundaryBinding": {"transport": "http",
                "semantics": {"name": "rest", "method": "GET", "path": path}, "recognition": "openapi"}},
            "inputs": [], "transitions": transitions, "gaps": [],
            "confidence": {"source": "derived", "level": "high"}
        }))
        .expect("a v7 summary")
    }

    #[test]
    fn statuses_every_operation_of_a_document_declares_are_shared() {
        let ops = [
            operation("api.yaml", "/a", &[200, 401, 500]),
            operation("api.yaml", "/b", &[201, 401, 404, 500]),
            operation("api.yaml", "/c", &[200, 401, 500]),
            // Two operations are too few to tell shared handling from coincidence.
            operation("small.yaml", "/d", &[200, 401]),
            operation("small.yaml", "/e", &[200, 401]),
        ];
        let shared = shared_statuses(ops.iter());
        assert_eq!(shared.len(), 1);
        assert_eq!(shared["api.yaml"], BTreeSet::from([401, 500]));
        // A handler that sends only 200 is not told it never sends the shared 401, but is
        // told about a 404 only its own operation declares.
        let handler = operation("server.ts", "/b", &[201]);
        assert!(!can_tell_never_produced(&handler, 401, &shared["api.yaml"]));
        assert!(can_tell_never_produced(&handler, 404, &shared["api.yaml"]));
        assert!(!can_tell_never_produced(&handler, 503, &BTreeSet::new()));
        // A status the framework sends itself (FastAPI's 422) is not the handler's to send.
        let mut fastapi = operation("app.py", "/b", &[200]);
        fastapi.metadata = Some(
            [(
                "http".to_owned(),
                serde_json::json!({"frameworkStatuses": [422]}),
            )]
            .into_iter()
            .collect(),
        );
        // A handler that takes nothing from the request cannot fail its validation.
        assert!(can_tell_never_produced(&fastapi, 422, &BTreeSet::new()));
        fastapi.inputs = vec![
            serde_json::from_value(serde_json::json!({"type": "parameter", "name": "q",
                "position": 0, "role": "query", "shape": null}))
            .unwrap(),
        ];
        assert!(!can_tell_never_produced(&fastapi, 422, &BTreeSet::new()));
        assert!(can_tell_never_produced(&fastapi, 404, &BTreeSet::new()));
        // A dependency runs before the handler and may answer 404 for it.
        fastapi.inputs = vec![
            serde_json::from_value(serde_json::json!({"type": "parameter", "name": "user",
                "position": 0, "role": "dependency", "shape": null}))
            .unwrap(),
        ];
        assert!(!can_tell_never_produced(&fastapi, 404, &BTreeSet::new()));
        assert!(can_tell_never_produced(&fastapi, 302, &BTreeSet::new()));
        // A way out whose value seam could not read as a response may send any status.
        let mut unread = operation("views.py", "/c", &[400]);
        assert!(can_tell_never_produced(&unread, 201, &BTreeSet::new()));
        unread.gaps = vec![
            serde_json::from_value(serde_json::json!({"type": "unreadOutcome",
                "conditions": [], "consequence": "unknown",
                "description": "The unit returns `super().create(request)`"}))
            .unwrap(),
        ];
        assert!(!can_tell_never_produced(&unread, 201, &BTreeSet::new()));
        // An error handed back to the framework answers an error status.
        unread.gaps[0].consequence = GapConsequence::ImplicitThrow;
        assert!(can_tell_never_produced(&unread, 201, &BTreeSet::new()));
    }
}
