//! `seam intent draft "GET /orders/:id"`: an inferred boundary intent written from what the
//! summaries say the code does, the quickest way to start writing intents down.
//!
//! The draft has `source: inferred` and blank `purpose` and `audience`; the checker refuses it
//! until a person fills them in (and, having checked every outcome, says
//! `source: inferred, curated`). One outcome per status (or thrown error, or return) the code
//! produces, with the boundary reads its conditions turn on as `when` clauses and the
//! boundaries it writes or reads as `results` lines.

use std::collections::BTreeSet;

use serde_json::{Map, Value, json};

use seam_ir::summary::BehavioralSummary;
use seam_ir::vocab::BoundaryKey;

use crate::code::{EndingKind, Facts, is_code_provider, key_of, same_route};
use crate::document::{Finds, Verb};

/// `get-orders-id` from `GET /orders/{id}`.
fn name_for(method: &str, path: &str) -> String {
    let mut out = method.to_lowercase();
    for part in path.split(['/', '{', '}', ':', '-', '_', '.']) {
        let part: String = part
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_lowercase();
        if !part.is_empty() {
            out.push('-');
            out.push_str(&part);
        }
    }
    out
}

/// The draft for the REST boundary `key` (`GET /orders/:id`), as YAML text; an error sentence
/// when no code provides it.
pub fn draft(key: &str, summaries: &[BehavioralSummary]) -> Result<String, String> {
    let BoundaryKey::Rest { method, path } = BoundaryKey::parse(key) else {
        return Err(format!(
            "`{key}` is not a REST boundary; write it as a method and a path, as `GET /orders/:id`."
        ));
    };
    let facts = Facts::new(summaries);
    let unit = summaries
        .iter()
        .position(|s| {
            is_code_provider(s)
                && s.identity
                    .boundary_binding
                    .as_ref()
                    .and_then(key_of)
                    .is_some_and(|k| match BoundaryKey::parse(&k) {
                        BoundaryKey::Rest { method: m, path: p } => {
                            (m == method || m == "*") && same_route(&p, &path)
                        }
                        _ => false,
                    })
        })
        .ok_or_else(|| {
            format!(
                "no code in the repository provides {method} {path}; `seam check --format json` lists the routes it found under `unmatched.providers`."
            )
        })?;
    let summary = &summaries[unit];
    let mut transitions = Vec::new();
    let mut ids = BTreeSet::new();
    for (index, outcome) in facts.outcomes_of(unit).iter().enumerate() {
        let (id, ending) = match outcome.kind {
            EndingKind::Response => match outcome.status {
                Some(status) => (
                    format!("status-{status}"),
                    json!({ "response": { "status": status } }),
                ),
                None => continue,
            },
            EndingKind::Throw => (
                "throws".to_owned(),
                json!({ "throws": match &outcome.error_type {
                    Some(t) => json!({ "errorType": t }),
                    None => json!({}),
                }}),
            ),
            EndingKind::Return => ("returns".to_owned(), json!({ "returns": {} })),
            EndingKind::Exit => match outcome.status {
                Some(code) => (format!("exit-{code}"), json!({ "exit": { "code": code } })),
                None => continue,
            },
        };
        let id = if ids.contains(&id) {
            format!("{id}-{}", index + 1)
        } else {
            id
        };
        ids.insert(id.clone());
        let mut transition = Map::new();
        transition.insert("id".into(), json!(id));
        let mut when = Vec::new();
        let mut said = BTreeSet::new();
        for guard in &outcome.turns_on {
            let Some(names) = crate::code::spelled_key(&guard.binding) else {
                continue;
            };
            let finds = match guard.polarity {
                Finds::Nothing => "nothing",
                Finds::Something => "something",
            };
            if said.insert((names.clone(), finds)) {
                let mut clause = Map::new();
                clause.insert(guard.does.as_str().into(), json!(names));
                clause.insert("finds".into(), json!(finds));
                when.push(Value::Object(clause));
            }
        }
        if !when.is_empty() {
            transition.insert("when".into(), Value::Array(when));
        }
        if let Value::Object(ending) = ending {
            transition.extend(ending);
        }
        let mut results = Vec::new();
        let mut seen = BTreeSet::new();
        for made in &outcome.effects {
            if made.does == Verb::Reads && said.iter().any(|(n, _)| *n == made.label) {
                continue;
            }
            let Some(names) = crate::code::spelled_key(&made.binding) else {
                continue;
            };
            if !seen.insert((made.does, names.clone())) {
                continue;
            }
            let mut line = Map::new();
            line.insert(made.does.as_str().into(), json!(names));
            let fields: Vec<&String> = made.fields.iter().filter(|f| *f != "*").collect();
            if !fields.is_empty() {
                line.insert("fields".into(), json!(fields));
            }
            if !made.by.is_empty() {
                line.insert("by".into(), json!(made.by));
            }
            results.push(Value::Object(line));
        }
        if !results.is_empty() {
            transition.insert("results".into(), Value::Array(results));
        }
        transitions.push(Value::Object(transition));
    }
    if transitions.is_empty() {
        return Err(format!(
            "{} provides {method} {path}, but none of its paths ends in a status, a throw or a return seam could read, so there is nothing to draft.",
            summary.identity.name
        ));
    }
    let document = json!({
        "kind": "boundary",
        "name": name_for(&method, &path),
        "purpose": "",
        "audience": "",
        "source": "inferred",
        "boundary": { "semantics": "rest", "method": method, "path": path },
        "transitions": transitions,
    });
    let yaml = serde_norway::to_string(&document).map_err(|e| e.to_string())?;
    Ok(format!(
        "# Drafted by seam from {} ({}). Fill in purpose and audience, check every outcome\n# against what the boundary must do, then set `source: inferred, curated`.\n{yaml}",
        summary.identity.name, summary.location.file
    ))
}

#[cfg(test)]
mod tests {
    use super::name_for;

    #[test]
    fn a_draft_is_named_after_its_route() {
        assert_eq!(name_for("GET", "/orders/{id}"), "get-orders-id");
        assert_eq!(
            name_for("POST", "/orders/{id}/archive"),
            "post-orders-id-archive"
        );
    }
}
