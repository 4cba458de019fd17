//! The `receives` block against the inputs the unit reads (suss's `checkReceivesBlock`):
//! `unreadInputField` for a listed field the unit never reads, `undeclaredInputRead` for a read
//! the block does not list.

use seam_ir::findings::Severity;
use seam_ir::summary::BehavioralSummary;

use crate::check::{Ctx, IntentFinding};
use crate::code::input_reads;
use crate::document::SemanticsName;
use crate::findings::{undeclared_input_read, unread_input_field};

/// A declared input path and whether it is required.
fn declared_paths(ctx: &Ctx<'_>) -> Vec<(Vec<String>, bool)> {
    let Some(receives) = &ctx.intent().boundary.receives else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (section, fields) in &receives.sections {
        for (name, field) in fields {
            let name = if section == "headers" {
                name.to_lowercase()
            } else {
                name.clone()
            };
            out.push((vec![section.clone(), name], field.required == Some(true)));
        }
    }
    if let Some(body) = &receives.body {
        match &body.properties {
            Some(properties) => {
                for name in properties.keys() {
                    out.push((
                        vec!["body".to_owned(), name.clone()],
                        body.required.contains(name),
                    ));
                }
            }
            None => out.push((vec!["body".to_owned()], false)),
        }
    }
    for (name, field) in &receives.fields {
        out.push((
            name.split('.').map(str::to_owned).collect(),
            field.required == Some(true),
        ));
    }
    out
}

/// One path covers another when one is a prefix of the other (reading `body` whole reads
/// every body field).
fn overlaps(a: &[String], b: &[String]) -> bool {
    let n = a.len().min(b.len());
    n > 0
        && a[..n]
            .iter()
            .zip(&b[..n])
            .all(|(x, y)| x.eq_ignore_ascii_case(y))
}

pub(crate) fn check_receives(ctx: &Ctx<'_>, summary: &BehavioralSummary) -> Vec<IntentFinding> {
    let declared = declared_paths(ctx);
    if declared.is_empty() {
        return Vec::new();
    }
    let rest = ctx.intent().boundary.semantics == SemanticsName::Rest;
    let reads: Vec<Vec<String>> = input_reads(summary)
        .into_iter()
        .map(|p| {
            if rest && p.first().is_some_and(|s| s == "headers") {
                p.into_iter().map(|s| s.to_lowercase()).collect()
            } else {
                p
            }
        })
        .collect();
    let name = &summary.identity.name;
    let boundary = ctx.boundary();
    let intent = &ctx.intent().name;
    let code = Some(crate::check::CodeRef {
        summary: format!("{}::{}", summary.location.file, name),
        transition_id: None,
        location: summary.location.clone(),
    });
    let mut out = Vec::new();
    for (path, required) in &declared {
        if reads.iter().any(|r| overlaps(r, path)) {
            continue;
        }
        let needs = if *required { " and needs it" } else { "" };
        let severity = if *required {
            unread_input_field::SEVERITY
        } else {
            Severity::Info
        };
        out.push(ctx.finding(
            unread_input_field::KIND,
            severity,
            None,
            code.clone(),
            format!(
                "Intent \"{intent}\" says {boundary} receives {}{needs}; {name} never reads it.",
                path.join(".")
            ),
        ));
    }
    let mut said: Vec<String> = Vec::new();
    for path in &reads {
        // Only paths inside a section the block describes, or any path for other protocols.
        if rest
            && !matches!(
                path.first().map(String::as_str),
                Some("params" | "query" | "headers" | "body")
            )
        {
            continue;
        }
        if declared.iter().any(|(d, _)| overlaps(d, path)) {
            continue;
        }
        let spelled = path.join(".");
        if said.contains(&spelled) {
            continue;
        }
        said.push(spelled.clone());
        out.push(ctx.finding(
            undeclared_input_read::KIND,
            undeclared_input_read::SEVERITY,
            None,
            code.clone(),
            format!(
                "{name} reads {spelled} at {boundary}; intent \"{intent}\" does not list it under receives."
            ),
        ));
    }
    out
}
