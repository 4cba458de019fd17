//! How a REST consumer reads a response, and what a provider can send: the status readings every
//! HTTP check shares, so two checks never disagree about whether a branch handles a status.
//!
//! A consumer handles a status when one of its branches compares a status accessor (`status`,
//! `statusCode`, or what `metadata.http.statusAccessors` lists) with that number, or guards on a
//! range that includes it (`>= 400`, `!res.ok`, a `compound` of those). A branch with no status
//! guard at all (the fall-through) runs on every 2xx. A client that delivers failures as
//! exceptions (`metadata.http.failureDelivery: "exception"`, as axios does) hands every non-2xx
//! to a `catch` or to its caller: a consumer with a path in a `catch` covers every non-2xx; one
//! without lets it escape, so the non-2xx statuses its branches do not name stay unhandled.

use seam_ir::summary::{
    BehavioralSummary, ComparisonOp, CompoundOp, Derivation, LiteralValue, Output, Predicate,
    Transition, TypeShape, ValueRef,
};

/// The lowest and highest status codes a set may hold.
const STATUS_MIN: u16 = 100;
const STATUS_MAX: u16 = 599;

/// A run of status codes, both ends included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct StatusRange {
    pub min: u16,
    pub max: u16,
}

impl StatusRange {
    pub fn contains(self, status: u16) -> bool {
        self.min <= status && status <= self.max
    }

    pub fn meets(self, other: StatusRange) -> bool {
        self.min <= other.max && other.min <= self.max
    }
}

/// Sorted, non-overlapping ranges.
type StatusSet = Vec<StatusRange>;

fn normalise(mut ranges: StatusSet) -> StatusSet {
    ranges.retain_mut(|r| {
        r.min = r.min.max(STATUS_MIN);
        r.max = r.max.min(STATUS_MAX);
        r.min <= r.max
    });
    ranges.sort();
    let mut merged: StatusSet = Vec::with_capacity(ranges.len());
    for r in ranges {
        match merged.last_mut() {
            Some(last) if u32::from(r.min) <= u32::from(last.max) + 1 => {
                last.max = last.max.max(r.max)
            }
            _ => merged.push(r),
        }
    }
    merged
}

fn complement(set: &[StatusRange]) -> StatusSet {
    let mut out = Vec::new();
    let mut cursor = STATUS_MIN;
    for r in set {
        if r.min > cursor {
            out.push(StatusRange {
                min: cursor,
                max: r.min - 1,
            });
        }
        cursor = cursor.max(r.max.saturating_add(1));
    }
    if cursor <= STATUS_MAX {
        out.push(StatusRange {
            min: cursor,
            max: STATUS_MAX,
        });
    }
    out
}

fn intersect(a: &[StatusRange], b: &[StatusRange]) -> StatusSet {
    let mut out = Vec::new();
    for x in a {
        for y in b {
            let min = x.min.max(y.min);
            let max = x.max.min(y.max);
            if min <= max {
                out.push(StatusRange { min, max });
            }
        }
    }
    normalise(out)
}

/// Whether a status is in the 2xx class.
pub fn is_success(status: u16) -> bool {
    (200..300).contains(&status)
}

/// `metadata.http.<field>` as a list of strings, when present and non-empty.
fn http_strings(summary: &BehavioralSummary, field: &str) -> Option<Vec<String>> {
    let list = summary
        .metadata
        .as_ref()?
        .get("http")?
        .get(field)?
        .as_array()?;
    let names: Vec<String> = list
        .iter()
        .filter_map(|v| v.as_str().map(str::to_owned))
        .collect();
    (!names.is_empty()).then_some(names)
}

fn http_word(summary: &BehavioralSummary, field: &str) -> Option<String> {
    summary
        .metadata
        .as_ref()?
        .get("http")?
        .get(field)?
        .as_str()
        .map(str::to_owned)
}

/// What a consumer calls the status, the success flag and the body, and how its client hands
/// back failures and redirects.
#[derive(Debug, Clone)]
pub struct ConsumerReading {
    pub status_accessors: Vec<String>,
    pub success_accessors: Vec<String>,
    pub body_accessors: Vec<String>,
    pub failures_as_exceptions: bool,
    pub follows_redirects: bool,
    /// The client leaves the body absent on every failure (`metadata.http.bodyOnFailure:
    /// "absent"`, openapi-fetch's `data`): a check that the body is there tells success from
    /// failure as `res.ok` does.
    pub body_absent_on_failure: bool,
    /// How the response comes back is unknown (`metadata.http.failureDelivery: "unknown"`): a
    /// request known by its shape alone (a project's transport, an SDK's request builder) may
    /// be sent and read somewhere else.
    pub delivery_unknown: bool,
    /// The consumer returns the error its call gives back (`metadata.http.failuresReturned`, a
    /// Go function's `return out, err`): each failure goes on to its caller.
    pub failures_returned: bool,
    /// Methods besides `catch` that chain a failure handler on the call's result
    /// (`metadata.http.rejectionMethods`, jQuery's `.fail(…)` and `.error(…)`).
    pub rejection_methods: Vec<String>,
}

impl ConsumerReading {
    pub fn of(consumer: &BehavioralSummary) -> ConsumerReading {
        ConsumerReading {
            // A hand-written summary, or one from before packs recorded accessors, gets the
            // names the common clients use.
            status_accessors: http_strings(consumer, "statusAccessors")
                .unwrap_or_else(|| vec!["status".into(), "statusCode".into()]),
            success_accessors: http_strings(consumer, "successAccessors")
                .unwrap_or_else(|| vec!["ok".into()]),
            body_accessors: http_strings(consumer, "bodyAccessors")
                .unwrap_or_else(|| vec!["body".into()]),
            failures_as_exceptions: http_word(consumer, "failureDelivery").as_deref()
                == Some("exception"),
            follows_redirects: http_word(consumer, "redirectDelivery").as_deref()
                == Some("followed"),
            body_absent_on_failure: http_word(consumer, "bodyOnFailure").as_deref()
                == Some("absent"),
            delivery_unknown: http_word(consumer, "failureDelivery").as_deref() == Some("unknown"),
            failures_returned: consumer
                .metadata
                .as_ref()
                .and_then(|m| m.get("http"))
                .and_then(|h| h.get("failuresReturned"))
                .and_then(serde_json::Value::as_bool)
                == Some(true),
            rejection_methods: http_strings(consumer, "rejectionMethods").unwrap_or_default(),
        }
    }

    fn is_status(&self, name: &str) -> bool {
        self.status_accessors.iter().any(|a| a == name)
    }

    fn is_success_flag(&self, name: &str) -> bool {
        self.success_accessors.iter().any(|a| a == name)
    }

    pub fn is_accessor(&self, name: &str) -> bool {
        self.is_status(name)
            || self.is_success_flag(name)
            || self.body_accessors.iter().any(|a| a == name)
    }

    /// The body a consumer read, with the client's envelope (`data`, `body`) taken off.
    pub fn unwrap_body<'a>(&self, shape: &'a TypeShape) -> &'a TypeShape {
        if let TypeShape::Record(record) = shape {
            for accessor in &self.body_accessors {
                if let Some(inner) = record.properties.get(accessor) {
                    return inner;
                }
            }
        }
        shape
    }

    /// Whether `value` reads the status.
    pub fn reads_status(&self, value: &ValueRef) -> bool {
        outermost_field(value).is_some_and(|f| self.is_status(f))
    }

    fn reads_success_flag(&self, value: &ValueRef) -> bool {
        outermost_field(value).is_some_and(|f| self.is_success_flag(f))
            || (self.body_absent_on_failure && self.reads_body(value))
    }

    /// Whether `value` is the response body or reached through it (`data`, `data?.product`,
    /// `const { data: checkout }` then `checkout.product`).
    fn reads_body(&self, value: &ValueRef) -> bool {
        let mut current = value;
        loop {
            let ValueRef::Derived(d) = current else {
                return false;
            };
            let field = match &d.derivation {
                Derivation::PropertyAccess(p) => Some(p.property.as_str()),
                Derivation::Destructured(d) => Some(d.field.as_str()),
                _ => None,
            };
            if field.is_some_and(|f| self.body_accessors.iter().any(|a| a == f))
                && matches!(d.from.as_ref(), ValueRef::Dependency(_))
            {
                return true;
            }
            current = &d.from;
        }
    }

    /// The statuses a branch names by equality (`status === 404`), alone or inside `and`/`or`.
    pub fn statuses_named(&self, conditions: &[Predicate]) -> Vec<u16> {
        let mut out = Vec::new();
        for p in conditions {
            self.collect_named(p, &mut out);
        }
        out
    }

    fn collect_named(&self, p: &Predicate, out: &mut Vec<u16>) {
        match p {
            Predicate::Comparison(c) if c.op == ComparisonOp::Eq => {
                if let Some(n) = self.status_literal(&c.left, &c.right) {
                    out.push(n);
                } else if let Some(n) = self.status_literal(&c.right, &c.left) {
                    out.push(n);
                }
            }
            Predicate::Compound(c) => {
                for operand in &c.operands {
                    self.collect_named(operand, out);
                }
            }
            // A negated equality (`status !== 404`, or the guard an earlier branch took) runs on
            // every status but that one, which the range reading covers; it names no status
            // the branch is written for.
            _ => {}
        }
    }

    fn status_literal(&self, subject: &ValueRef, literal: &ValueRef) -> Option<u16> {
        if self.reads_status(subject) {
            literal_status(literal)
        } else {
            None
        }
    }

    /// The statuses a set of conditions admits through range guards, or `None` when no condition
    /// says anything about the status. `on_written_arm` is true on a branch the consumer wrote
    /// (not the fall-through), where an equality or its negation narrows the set.
    fn status_set(&self, p: &Predicate, on_written_arm: bool) -> Option<StatusSet> {
        match p {
            Predicate::Comparison(c) => {
                let (op, n) = if self.reads_status(&c.left) {
                    (c.op.clone(), literal_status(&c.right)?)
                } else if self.reads_status(&c.right) {
                    (flipped(c.op.clone()), literal_status(&c.left)?)
                } else {
                    return None;
                };
                let one = StatusRange { min: n, max: n };
                let set = match op {
                    ComparisonOp::Eq if on_written_arm => vec![one],
                    ComparisonOp::Neq if on_written_arm => complement(&[one]),
                    ComparisonOp::Eq | ComparisonOp::Neq => return None,
                    ComparisonOp::Gte => vec![StatusRange {
                        min: n,
                        max: STATUS_MAX,
                    }],
                    ComparisonOp::Gt => vec![StatusRange {
                        min: n.saturating_add(1),
                        max: STATUS_MAX,
                    }],
                    ComparisonOp::Lte => vec![StatusRange {
                        min: STATUS_MIN,
                        max: n,
                    }],
                    ComparisonOp::Lt => vec![StatusRange {
                        min: STATUS_MIN,
                        max: n.saturating_sub(1),
                    }],
                };
                Some(normalise(set))
            }
            Predicate::TruthinessCheck(t) if self.reads_success_flag(&t.subject) => {
                let success = [StatusRange { min: 200, max: 299 }];
                Some(if t.negated {
                    complement(&success)
                } else {
                    success.to_vec()
                })
            }
            Predicate::Compound(c) => {
                let parts: Vec<Option<StatusSet>> = c
                    .operands
                    .iter()
                    .map(|o| self.status_set(o, on_written_arm))
                    .collect();
                match c.op {
                    // An operand saying nothing about the status can hold for any status.
                    CompoundOp::Or => {
                        let mut all = Vec::new();
                        for part in parts {
                            all.extend(part?);
                        }
                        Some(normalise(all))
                    }
                    CompoundOp::And => parts
                        .into_iter()
                        .flatten()
                        .reduce(|acc, s| intersect(&acc, &s)),
                }
            }
            Predicate::Negation(n) => self
                .status_set(&n.operand, on_written_arm)
                .map(|s| complement(&s)),
            _ => None,
        }
    }

    /// The statuses a branch admits through range guards (its conditions intersect).
    pub fn branch_ranges(&self, transition: &Transition) -> Option<StatusSet> {
        transition
            .conditions
            .iter()
            .filter_map(|p| self.status_set(p, !transition.is_default))
            .reduce(|acc, s| intersect(&acc, &s))
    }

    /// Whether `p` says anything about the status.
    pub fn mentions_status(&self, p: &Predicate) -> bool {
        self.status_set(p, true).is_some()
            || !self.statuses_named(std::slice::from_ref(p)).is_empty()
    }

    /// Whether one consumer branch handles `status`, by naming it or by a range holding it.
    pub fn branch_handles(&self, transition: &Transition, status: u16) -> bool {
        if self
            .statuses_named(&transition.conditions)
            .contains(&status)
        {
            return true;
        }
        self.branch_ranges(transition)
            .is_some_and(|set| set.iter().any(|r| r.contains(status)))
    }

    /// Whether a branch runs on `status`: it handles it, or it is the fall-through and the status
    /// is a success.
    pub fn branch_admits(&self, transition: &Transition, status: u16) -> bool {
        (transition.is_default && is_success(status)) || self.branch_handles(transition, status)
    }

    /// Whether the consumer has anything for `status`.
    pub fn covers(&self, consumer: &BehavioralSummary, status: u16) -> bool {
        let handled = consumer
            .transitions
            .iter()
            .any(|t| self.branch_handles(t, status));
        if handled {
            return true;
        }
        if is_success(status) {
            // A branch whose guards never mention the status runs on a success, as a
            // fall-through does.
            consumer
                .transitions
                .iter()
                .any(|t| t.is_default || t.conditions.iter().all(|p| !self.mentions_status(p)))
        } else {
            // An exception only reaches a handler when the consumer catches it; without a
            // catch it escapes to the caller, which this consumer cannot vouch for.
            self.failures_as_exceptions && consumer.transitions.iter().any(runs_in_catch)
        }
    }
}

/// The opaque condition extraction writes on a path inside a `catch` / `except` block.
pub const CATCH_CONDITION: &str = "<catch>";

/// Whether a consumer path runs inside a `catch` block.
pub fn runs_in_catch(transition: &Transition) -> bool {
    transition
        .conditions
        .iter()
        .any(|p| matches!(p, Predicate::Opaque(o) if o.source_text == CATCH_CONDITION))
}

fn flipped(op: ComparisonOp) -> ComparisonOp {
    match op {
        ComparisonOp::Gte => ComparisonOp::Lte,
        ComparisonOp::Gt => ComparisonOp::Lt,
        ComparisonOp::Lte => ComparisonOp::Gte,
        ComparisonOp::Lt => ComparisonOp::Gt,
        same => same,
    }
}

/// A literal that is a whole number between 100 and 599.
fn literal_status(value: &ValueRef) -> Option<u16> {
    match value {
        ValueRef::Literal(l) => match &l.value {
            LiteralValue::Number(n) => n
                .as_u64()
                .and_then(|n| u16::try_from(n).ok())
                .filter(|n| (STATUS_MIN..=STATUS_MAX).contains(n)),
            _ => None,
        },
        _ => None,
    }
}

/// The property a value reads last: `res.status` → `status`, `{ status } = res` → `status`.
pub fn outermost_field(value: &ValueRef) -> Option<&str> {
    match value {
        ValueRef::Derived(d) => match &d.derivation {
            Derivation::PropertyAccess(p) => Some(&p.property),
            Derivation::Destructured(d) => Some(&d.field),
            _ => None,
        },
        ValueRef::Input(i) => i.path.last().map(String::as_str),
        ValueRef::Dependency(d) => d.access_chain.last().map(String::as_str),
        _ => None,
    }
}

/// What one provider transition answers with.
#[derive(Debug, Clone, PartialEq)]
pub enum ProviderStatus {
    /// A literal status.
    Exact(u16),
    /// A declared class such as `4XX` (`metadata.http.statusRange` on the transition).
    Range { range: StatusRange, spec: String },
    /// A catch-all over every status the other responses leave out (OpenAPI `default`).
    CatchAll,
    /// A status the reader could not read.
    Opaque,
    /// Not an HTTP response (a throw, a delegate, …).
    NotAResponse,
}

/// The status a raised exception's class carries (`statusWhenUncaught`): the server answers
/// with it when its error handler maps the class, which seam does not verify. So it is
/// evidence a status may be produced (nothing is "never produced" that a raise may send), not
/// a response a consumer must handle or a contract must declare.
pub fn raised_status(transition: &Transition) -> Option<u16> {
    match &transition.output {
        Output::Throw(thrown) => thrown
            .status_when_uncaught
            .as_ref()
            .and_then(|s| s.as_u64())
            .and_then(|s| u16::try_from(s).ok()),
        _ => None,
    }
}

/// What a provider transition answers with.
pub fn provider_status(transition: &Transition) -> ProviderStatus {
    let Output::Response(response) = &transition.output else {
        return ProviderStatus::NotAResponse;
    };
    match &response.status_code {
        Some(ValueRef::Literal(_)) => {
            match response.status_code.as_ref().and_then(literal_status) {
                Some(n) => ProviderStatus::Exact(n),
                None => ProviderStatus::Opaque,
            }
        }
        Some(_) => ProviderStatus::Opaque,
        None => match status_range_metadata(transition) {
            Some((range, spec)) => ProviderStatus::Range { range, spec },
            None if transition.is_default => ProviderStatus::CatchAll,
            None => ProviderStatus::Opaque,
        },
    }
}

/// `metadata.http.statusRange: {min, max, spec}` on a transition a contract reader wrote.
fn status_range_metadata(transition: &Transition) -> Option<(StatusRange, String)> {
    let range = transition
        .metadata
        .as_ref()?
        .get("http")?
        .get("statusRange")?;
    let min = u16::try_from(range.get("min")?.as_u64()?).ok()?;
    let max = u16::try_from(range.get("max")?.as_u64()?).ok()?;
    let spec = range.get("spec")?.as_str()?.to_owned();
    (min <= max).then_some((StatusRange { min, max }, spec))
}

/// The response body of a transition, when it is a response with a body.
pub fn response_body(transition: &Transition) -> Option<&TypeShape> {
    match &transition.output {
        Output::Response(r) => r.body.as_ref(),
        _ => None,
    }
}

/// Whether a summary is empty because nothing about it could be read.
pub fn nothing_was_read(summary: &BehavioralSummary) -> bool {
    summary.transitions.is_empty()
        && summary
            .gaps
            .iter()
            .any(|g| g.gap_type == seam_ir::summary::GapType::UnreadOutcome)
}

/// Whether a body may include `field`. A shape seam cannot see into may.
pub fn carries_field(shape: &TypeShape, field: &str) -> bool {
    match shape {
        TypeShape::Record(r) => {
            r.properties.contains_key(field) || r.spreads.as_ref().is_some_and(|s| !s.is_empty())
        }
        TypeShape::Union(u) => u.variants.iter().any(|v| carries_field(v, field)),
        _ => true,
    }
}

/// Whether a body provably has no `field`: a closed record without it.
pub fn field_absent(shape: &TypeShape, field: &str) -> bool {
    match shape {
        TypeShape::Record(r) => {
            !r.properties.contains_key(field) && r.spreads.as_ref().is_none_or(|s| s.is_empty())
        }
        TypeShape::Union(u) => {
            !u.variants.is_empty() && u.variants.iter().all(|v| field_absent(v, field))
        }
        _ => false,
    }
}
