//! `from` lines: where a written or selecting column's value must come from, against the
//! provenance the summary records (suss's `checkValueSources`).

use seam_ir::summary::{Derivation, ProvenanceSlot, ValueRef};

use crate::check::{Ctx, IntentFinding, Unchecked};
use crate::code::{Facts, MadeEffect, boundary_path_of};
use crate::document::EffectLine;
use crate::findings::value_from_elsewhere;

struct Found {
    value: ValueRef,
    path: Option<Vec<String>>,
    line: u32,
}

/// A conversion (`Number(x)`, `x.to_i`) is the value it converts.
fn unconverted(value: &ValueRef) -> &ValueRef {
    match value {
        ValueRef::Derived(d) if matches!(d.derivation, Derivation::MethodCall(_)) => {
            unconverted(&d.from)
        }
        _ => value,
    }
}

fn comparable(path: &[String]) -> Vec<String> {
    match path.first().map(String::as_str) {
        Some("headers") => path.iter().map(|s| s.to_lowercase()).collect(),
        _ => path.to_vec(),
    }
}

fn spell(found: &Found) -> String {
    if let Some(path) = &found.path {
        return format!("input.{}", path.join("."));
    }
    match &found.value {
        ValueRef::Literal(l) => format!(
            "the literal {}",
            serde_json::to_string(&l.value).unwrap_or_default()
        ),
        _ => "somewhere it could not follow".to_owned(),
    }
}

/// A value a called unit takes from one of its parameters, followed back to what the checked
/// unit passed: `findOrder(req.params.id)` gives `params.id`; a literal stays a literal; anything
/// else is where the reading stopped.
fn through_call(
    caller: &seam_ir::summary::BehavioralSummary,
    made: &MadeEffect,
    value: ValueRef,
) -> (ValueRef, Option<Vec<String>>) {
    let ValueRef::Input(input) = &value else {
        return (value, None);
    };
    let Some((_, arg)) = made
        .passed
        .iter()
        .find(|(name, _)| *name == input.input_ref)
    else {
        return (value, None);
    };
    let unresolved = |text: String| {
        ValueRef::Unresolved(seam_ir::summary::UnresolvedValue { source_text: text })
    };
    match arg.get("kind").and_then(|k| k.as_str()) {
        Some("literal") => match serde_json::from_value::<seam_ir::summary::LiteralValue>(
            arg.get("value").cloned().unwrap_or_default(),
        ) {
            Ok(literal) => (
                ValueRef::Literal(seam_ir::summary::LiteralValueRef { value: literal }),
                None,
            ),
            Err(_) => (value, None),
        },
        Some("expression") => {
            let text = arg
                .get("sourceText")
                .and_then(|t| t.as_str())
                .unwrap_or_default();
            let request = caller.inputs.iter().find_map(|i| match i {
                seam_ir::summary::Input::Parameter(p) if p.role.as_deref() == Some("request") => {
                    Some(p.name.as_str())
                }
                _ => None,
            });
            let parts: Vec<&str> = text.split('.').collect();
            let plain = parts
                .iter()
                .all(|p| !p.is_empty() && p.chars().all(|c| c.is_alphanumeric() || c == '_'));
            match (request, parts.split_first()) {
                (Some(request), Some((root, rest))) if plain && *root == request => {
                    let mut path: Vec<String> = rest.iter().map(|p| (*p).to_owned()).collect();
                    path.extend(input.path.iter().cloned());
                    (value, Some(path))
                }
                _ => (unresolved(text.to_owned()), None),
            }
        }
        Some("identifier") => (
            unresolved(
                arg.get("name")
                    .and_then(|n| n.as_str())
                    .unwrap_or_default()
                    .to_owned(),
            ),
            None,
        ),
        _ => (value, None),
    }
}

/// Checks each `from` source of one matched results line.
pub(crate) fn check_value_sources(
    ctx: &Ctx<'_>,
    outcome: usize,
    line: &EffectLine,
    matched: &[&MadeEffect],
    facts: &Facts<'_>,
    unit: usize,
) -> (Vec<IntentFinding>, Vec<Unchecked>) {
    let mut findings = Vec::new();
    let mut unchecked = Vec::new();
    let intent = ctx.intent();
    let outcome_id = &intent.transitions[outcome].id;
    let (does, names) = line.at();
    let doing = format!("{outcome_id} {} {names}", does.as_str());
    let summary = &facts.summaries[unit];
    for (column, declared) in line.sources() {
        let by = line.by.0.contains(&column);
        let field = line.fields.contains(&column);
        let wanted = |slot: &ProvenanceSlot| match slot {
            ProvenanceSlot::Selector => by || !field,
            ProvenanceSlot::Field => field || !by,
        };
        let mut found: Vec<Found> = Vec::new();
        for made in matched {
            for slot in &made.slots {
                if slot.at.name != column || !wanted(&slot.at.slot) {
                    continue;
                }
                for from in &slot.from {
                    let value = unconverted(from).clone();
                    let (value, path) = if made.owner == unit {
                        let path = boundary_path_of(summary, &value);
                        (value, path)
                    } else {
                        through_call(summary, made, value)
                    };
                    found.push(Found {
                        value,
                        path,
                        line: made.line,
                    });
                }
            }
        }
        let declared_cmp = comparable(&declared);
        if found.iter().any(|f| {
            f.path
                .as_deref()
                .is_some_and(|p| comparable(p) == declared_cmp)
        }) {
            continue;
        }
        let known: Vec<&Found> = found
            .iter()
            .filter(|f| f.path.is_some() || matches!(f.value, ValueRef::Literal(_)))
            .collect();
        if !known.is_empty() {
            let mut said: Vec<String> = Vec::new();
            for f in &known {
                let one = format!("{} (in the transition at line {})", spell(f), f.line);
                if !said.contains(&one) {
                    said.push(one);
                }
            }
            findings.push(ctx.finding(
                value_from_elsewhere::KIND,
                value_from_elsewhere::SEVERITY,
                Some(outcome),
                Some(crate::check::CodeRef {
                    summary: format!("{}::{}", summary.location.file, summary.identity.name),
                    transition_id: None,
                    location: summary.location.clone(),
                }),
                format!(
                    "Intent \"{}\" says {doing} with {column} taken from input.{}; {} takes it from {}. Take the value from the source the intent gives, or correct the document.",
                    intent.name,
                    declared.join("."),
                    summary.identity.name,
                    said.join(" and ")
                ),
            ));
            continue;
        }
        let mut stopped: Vec<String> = Vec::new();
        for f in &found {
            let text = match &f.value {
                ValueRef::Unresolved(u) => Some(u.source_text.clone()),
                ValueRef::Input(i) => Some(i.input_ref.clone()),
                _ => None,
            };
            if let Some(text) = text
                && !stopped.contains(&text)
            {
                stopped.push(text);
            }
        }
        let why = if stopped.is_empty() {
            format!("nothing in the summary says where {column} comes from")
        } else {
            format!(
                "the walk from {column} stopped at {}, which it cannot follow",
                stopped
                    .iter()
                    .map(|t| format!("`{t}`"))
                    .collect::<Vec<_>>()
                    .join(" and ")
            )
        };
        unchecked.push(Unchecked {
            intent: intent.name.clone(),
            reason: "unreadValue".to_owned(),
            outcome_id: Some(outcome_id.clone()),
            scenario: None,
            covered_by: None,
            detail: format!(
                "{doing} with {column} taken from input.{}: {why}.",
                declared.join(".")
            ),
        });
    }
    (findings, unchecked)
}
