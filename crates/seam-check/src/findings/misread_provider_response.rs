//! `misreadProviderResponse`: see [`DOC`].

use std::collections::BTreeSet;

use seam_ir::findings::{Finding, FindingAspect, Severity};
use seam_ir::summary::{ComparisonOp, CompoundOp, Predicate, Transition, TypeShape};

use super::{KindInfo, PairContext, PairShape};
use crate::http::{
    ProviderStatus, StatusRange, carries_field, field_absent, is_success, outermost_field,
    provider_status, response_body,
};

kind_documentation!(
    r#"# misreadProviderResponse (error)

## What it finds
A consumer path that runs on a response the provider sends (after a status guard, after
`!res.ok`, or by falling through on a 2xx), reads a body field, and no body the provider sends
for that status contains the field, while nothing on the path tests the field first.

## Why it matters
The read comes back `undefined` and no error says so: the user sees an empty name, a total of
`NaN`, a link to `/users/undefined`.

## Example
Provider (Express):
```ts
router.get("/users/:id", (req, res) => res.json({ id: u.id, name: u.name }));
```
Consumer (fetch):
```ts
const body = await (await fetch(`/users/${id}`)).json();
return body.displayName;   // the provider sends `name`
```

## How to fix or suppress
Read the field the provider sends (`body.name`), or make the provider send the field. If the
field is optional by design, test it before reading (`if (body.displayName) …`) or give the
read a fallback (`body.displayName ?? body.name`). To accept it,
paste the rule `seam check` prints under the finding into `.sussignore.yml` with a reason.
"#
);

/// The kind: one declaration, listed in [`super::KINDS`].
pub const INFO: KindInfo = KindInfo {
    name: "misreadProviderResponse",
    severity: Severity::Error,
    title: "The consumer reads a body field the provider never sends for that status",
    doc: DOC,
    shape: PairShape::RestPair(check),
};

pub const KIND: &str = INFO.name;

/// One provider response with a body, over the statuses it may arrive with.
struct Response<'a> {
    span: StatusRange,
    label: String,
    body: &'a TypeShape,
    transition_id: &'a str,
}

fn responses<'a>(ctx: &PairContext<'a>) -> Vec<Response<'a>> {
    let mut out = Vec::new();
    for t in &ctx.provider.transitions {
        let Some(body) = response_body(t) else {
            continue;
        };
        let (span, label) = match provider_status(t) {
            ProviderStatus::Exact(s) => (StatusRange { min: s, max: s }, s.to_string()),
            ProviderStatus::Range { range, spec } => (range, spec),
            _ => continue,
        };
        out.push(Response {
            span,
            label,
            body,
            transition_id: &t.id,
        });
    }
    out
}

/// Body fields the consumer tests anywhere in its conditions: reading one of those is guarded.
fn fields_tested(ctx: &PairContext<'_>) -> BTreeSet<String> {
    fn visit(p: &Predicate, ctx: &PairContext<'_>, out: &mut BTreeSet<String>) {
        let mut add = |v: &seam_ir::summary::ValueRef| {
            if let Some(f) = outermost_field(v)
                && !ctx.reading.is_accessor(f)
            {
                out.insert(f.to_owned());
            }
        };
        match p {
            Predicate::NullCheck(s) | Predicate::TruthinessCheck(s) => add(&s.subject),
            Predicate::TypeCheck(t) => add(&t.subject),
            Predicate::PropertyExists(e) => {
                out.insert(e.property.clone());
            }
            Predicate::Comparison(c) => {
                add(&c.left);
                add(&c.right);
            }
            Predicate::Compound(c) => c.operands.iter().for_each(|o| visit(o, ctx, out)),
            Predicate::Negation(n) => visit(&n.operand, ctx, out),
            _ => {}
        }
    }
    let mut out = BTreeSet::new();
    for t in &ctx.consumer.transitions {
        for p in &t.conditions {
            visit(p, ctx, &mut out);
        }
    }
    out
}

/// Body fields a branch's guards require to be present for the branch to run at all.
fn required_fields(ctx: &PairContext<'_>, conditions: &[Predicate]) -> BTreeSet<String> {
    fn visit(p: &Predicate, ctx: &PairContext<'_>, out: &mut BTreeSet<String>) {
        match p {
            Predicate::TruthinessCheck(t) if !t.negated => {
                if let Some(f) = outermost_field(&t.subject).filter(|f| !ctx.reading.is_accessor(f))
                {
                    out.insert(f.to_owned());
                }
            }
            Predicate::Comparison(c) if c.op == ComparisonOp::Eq => {
                for v in [&c.left, &c.right] {
                    if let Some(f) = outermost_field(v).filter(|f| !ctx.reading.is_accessor(f)) {
                        out.insert(f.to_owned());
                    }
                }
            }
            Predicate::Compound(c) if c.op == CompoundOp::And => {
                c.operands.iter().for_each(|o| visit(o, ctx, out))
            }
            _ => {}
        }
    }
    let mut out = BTreeSet::new();
    for p in conditions {
        visit(p, ctx, &mut out);
    }
    out
}

/// Fields only failure bodies carry: reading one marks the failure case and says nothing about
/// the 2xx.
fn failure_only_fields(responses: &[Response<'_>]) -> BTreeSet<String> {
    let fields_of = |success: bool| -> BTreeSet<String> {
        responses
            .iter()
            .filter(|r| (r.span.min >= 200 && r.span.max < 300) == success)
            .filter_map(|r| match r.body {
                TypeShape::Record(rec) => Some(rec.properties.keys().cloned().collect::<Vec<_>>()),
                _ => None,
            })
            .flatten()
            .collect()
    };
    let success = fields_of(true);
    fields_of(false).difference(&success).cloned().collect()
}

fn admits_undefined(shape: &TypeShape) -> bool {
    match shape {
        TypeShape::Undefined => true,
        TypeShape::Union(u) => u.variants.iter().any(admits_undefined),
        _ => false,
    }
}

fn admits(ctx: &PairContext<'_>, ct: &Transition, span: StatusRange) -> bool {
    (span.min..=span.max).any(|s| ctx.reading.branch_admits(ct, s))
}

pub fn check(ctx: &PairContext<'_>) -> Vec<Finding> {
    let responses = responses(ctx);
    if responses.is_empty() {
        return Vec::new();
    }
    let tested = fields_tested(ctx);
    let failure_only = failure_only_fields(&responses);
    let mut out = Vec::new();
    for ct in &ctx.consumer.transitions {
        let Some(expected) = &ct.expected_input else {
            continue;
        };
        let TypeShape::Record(read) = ctx.reading.unwrap_body(expected) else {
            continue;
        };
        // A read the consumer gives a fallback (`body.message || "Failed"`) accepts the
        // field's absence.
        let reads: Vec<&String> = read
            .properties
            .iter()
            .filter(|(f, shape)| {
                !tested.contains(*f) && !ctx.reading.is_accessor(f) && !admits_undefined(shape)
            })
            .map(|(f, _)| f)
            .collect();
        if reads.is_empty() {
            continue;
        }
        let required = required_fields(ctx, &ct.conditions);
        let mut admitted: Vec<&Response<'_>> = responses
            .iter()
            .filter(|r| {
                admits(ctx, ct, r.span) && required.iter().all(|f| carries_field(r.body, f))
            })
            .collect();
        // Narrowest span first, so an arrival is claimed once, under the most specific label.
        admitted.sort_by_key(|r| (r.span.max - r.span.min, r.span.min));
        let mut claimed: Vec<(&str, StatusRange)> = Vec::new();
        let mut spans_done: Vec<StatusRange> = Vec::new();
        for r in admitted {
            if spans_done.contains(&r.span) {
                continue;
            }
            spans_done.push(r.span);
            let arrivals: Vec<&Response<'_>> =
                responses.iter().filter(|o| o.span.meets(r.span)).collect();
            let success = is_success(r.span.min) && is_success(r.span.max);
            for field in &reads {
                if success && failure_only.contains(field.as_str()) {
                    continue;
                }
                if !arrivals.iter().all(|a| field_absent(a.body, field)) {
                    continue;
                }
                if claimed
                    .iter()
                    .any(|(f, span)| f == field && span.meets(r.span))
                {
                    continue;
                }
                claimed.push((field.as_str(), r.span));
                let carrier = responses
                    .iter()
                    .find(|o| !o.span.meets(r.span) && carries_field(o.body, field))
                    .map(|o| o.label.clone());
                let path = if ct.is_default {
                    "The consumer's fall-through path"
                } else {
                    "This consumer branch"
                };
                let label = &r.label;
                let description = match carrier {
                    None => format!(
                        "{path} reads \"{field}\", but the {label} body the provider sends does not include it, and neither does any other response, so the read comes back undefined and no error says so."
                    ),
                    Some(carrier) => format!(
                        "{path} reads \"{field}\", but the {label} body the provider sends does not include it, and nothing on the path tells the {label} apart from the {carrier} whose body does include it."
                    ),
                };
                let mut finding = ctx.finding(
                    KIND,
                    INFO.severity,
                    Some(r.transition_id),
                    Some(&ct.id),
                    description,
                );
                finding.aspect = Some(FindingAspect::Read);
                out.push(finding);
            }
        }
    }
    out
}
