//! One route per method for a handler that serves every method (`*`) and branches on the
//! request's method itself (`if (req.method === "GET")`, `switch (req.method)`): each method
//! it names becomes its own route holding the paths that method takes, without the method
//! comparisons (they hold there by construction). A handler that names no method stays one
//! `*` route. Paths no named method takes stay a `*` route for the other methods when one of
//! them is reached because the method is none of the named ones and sends something other
//! than 405 (Method Not Allowed, the protocol's answer for a method a route does not serve):
//! the code after `if (req.method === "OPTIONS") return …`.

use std::collections::BTreeSet;

use seam_ir::summary::*;
use seam_packs::MethodBranches;

/// What one condition says about the request's method.
enum MethodTest {
    /// The method is one of these.
    OneOf(BTreeSet<String>),
    /// The method is none of these.
    NoneOf(BTreeSet<String>),
}

/// The summaries a handler is, with the method each serves: itself alone (`None`) when it is
/// not a `*` handler or compares its method with no name.
pub fn split(summary: &BehavioralSummary, rule: &MethodBranches) -> Option<Vec<BehavioralSummary>> {
    let binding = summary.identity.boundary_binding.as_ref()?;
    let Semantics::Rest(rest) = &binding.semantics else {
        return None;
    };
    match rest.method.as_deref() {
        Some("*") => {}
        Some(method) => return narrowed(summary, rule, method).map(|s| vec![s]),
        None => return None,
    }
    let tests = method_tests(summary, rule);
    let named: BTreeSet<String> = tests
        .iter()
        .flatten()
        .flatten()
        .flat_map(|t| match t {
            MethodTest::OneOf(m) | MethodTest::NoneOf(m) => m.iter().cloned(),
        })
        .collect();
    if named.is_empty() {
        return None;
    }
    let mut out = Vec::new();
    for method in &named {
        let taken = |ts: &[Option<MethodTest>]| {
            ts.iter().flatten().all(|t| match t {
                MethodTest::OneOf(m) => m.contains(method),
                MethodTest::NoneOf(m) => !m.contains(method),
            })
        };
        out.push(with_transitions(summary, method, &tests, taken));
    }
    // The paths a method the handler does not name takes: a route of their own when one
    // of them is there because the method is none of the named ones and answers other than
    // 405 (the code after `if (req.method === "OPTIONS") return …`).
    let other = |ts: &[Option<MethodTest>]| {
        ts.iter()
            .flatten()
            .all(|t| matches!(t, MethodTest::NoneOf(_)))
    };
    let served_otherwise = summary.transitions.iter().zip(&tests).any(|(t, ts)| {
        other(ts) && ts.iter().flatten().next().is_some() && !is_method_not_allowed(t)
    });
    if served_otherwise {
        out.push(with_transitions(summary, "*", &tests, other));
    }
    out.retain(|s| !s.transitions.is_empty());
    Some(out)
}

/// A route registered for one method (`Methods("GET", "POST")` gives one route each) whose
/// handler branches on the method: the paths that method takes, without the comparisons (none
/// when that method's part sends nothing seam reads, `helpers.WriteJSON(w, 200, x)`; then
/// the other methods' responses are not this route's either). `None` when the handler
/// compares no method.
fn narrowed(
    summary: &BehavioralSummary,
    rule: &MethodBranches,
    method: &str,
) -> Option<BehavioralSummary> {
    let tests = method_tests(summary, rule);
    if tests.iter().flatten().all(Option::is_none) {
        return None;
    }
    let method = method.to_ascii_uppercase();
    let copy = with_transitions(summary, &method, &tests, |ts| {
        ts.iter().flatten().all(|t| match t {
            MethodTest::OneOf(m) => m.contains(&method),
            MethodTest::NoneOf(m) => !m.contains(&method),
        })
    });
    Some(copy)
}

/// What each condition of each transition says about the method.
fn method_tests(
    summary: &BehavioralSummary,
    rule: &MethodBranches,
) -> Vec<Vec<Option<MethodTest>>> {
    let inputs: BTreeSet<&str> = summary
        .inputs
        .iter()
        .filter_map(|i| match i {
            Input::Parameter(p) if p.role.as_deref() == Some(rule.role.as_str()) => {
                Some(p.name.as_str())
            }
            _ => None,
        })
        .collect();
    let is_method = |v: &ValueRef| method_value(v, &inputs, &rule.property);
    summary
        .transitions
        .iter()
        .map(|t| {
            t.conditions
                .iter()
                .map(|c| method_test(c, &is_method))
                .collect()
        })
        .collect()
}

/// A copy of the summary serving `method`, with the transitions `keep` accepts and their
/// method comparisons left out.
fn with_transitions(
    summary: &BehavioralSummary,
    method: &str,
    tests: &[Vec<Option<MethodTest>>],
    keep: impl Fn(&[Option<MethodTest>]) -> bool,
) -> BehavioralSummary {
    let mut copy = summary.clone();
    if let Some(binding) = copy.identity.boundary_binding.as_mut()
        && let Semantics::Rest(rest) = &mut binding.semantics
    {
        rest.method = Some(method.to_owned());
    }
    copy.transitions = summary
        .transitions
        .iter()
        .zip(tests)
        .filter(|(_, ts)| keep(ts))
        .map(|(t, ts)| {
            let mut t = t.clone();
            t.conditions = t
                .conditions
                .into_iter()
                .zip(ts)
                .filter(|(_, test)| test.is_none())
                .map(|(c, _)| c)
                .collect();
            t
        })
        .collect();
    copy
}

fn is_method_not_allowed(t: &Transition) -> bool {
    matches!(&t.output, Output::Response(r) if matches!(
        &r.status_code,
        Some(ValueRef::Literal(LiteralValueRef { value: LiteralValue::Number(n) })) if n.as_i64() == Some(405)
    ))
}

/// What a condition says about the method, if it is a comparison of it with names (also
/// negated, `!==`, or several joined with `||`).
fn method_test(p: &Predicate, is_method: &dyn Fn(&ValueRef) -> bool) -> Option<MethodTest> {
    match p {
        Predicate::Comparison(c) => {
            let name = compared_name(c, is_method)?;
            let set = BTreeSet::from([name]);
            match c.op {
                ComparisonOp::Eq => Some(MethodTest::OneOf(set)),
                ComparisonOp::Neq => Some(MethodTest::NoneOf(set)),
                _ => None,
            }
        }
        Predicate::Negation(n) => match method_test(&n.operand, is_method)? {
            MethodTest::OneOf(m) => Some(MethodTest::NoneOf(m)),
            MethodTest::NoneOf(m) => Some(MethodTest::OneOf(m)),
        },
        Predicate::Compound(c) if c.op == CompoundOp::Or => {
            let mut all = BTreeSet::new();
            for operand in &c.operands {
                match method_test(operand, is_method)? {
                    MethodTest::OneOf(m) => all.extend(m),
                    MethodTest::NoneOf(_) => return None,
                }
            }
            Some(MethodTest::OneOf(all))
        }
        _ => None,
    }
}

/// The method name a comparison holds the method against (`"GET"`), upper-cased.
fn compared_name(c: &Comparison, is_method: &dyn Fn(&ValueRef) -> bool) -> Option<String> {
    let literal = |v: &ValueRef| match v {
        ValueRef::Literal(LiteralValueRef {
            value: LiteralValue::Text(t),
        }) if !t.is_empty() && t.chars().all(|ch| ch.is_ascii_alphabetic()) => {
            Some(t.to_ascii_uppercase())
        }
        _ => None,
    };
    if is_method(&c.left) {
        literal(&c.right)
    } else if is_method(&c.right) {
        literal(&c.left)
    } else {
        None
    }
}

/// Whether a value is the method property of one of the inputs (`req.method`).
fn method_value(v: &ValueRef, inputs: &BTreeSet<&str>, property: &str) -> bool {
    match v {
        ValueRef::Input(i) => inputs.contains(i.input_ref.as_str()) && i.path == [property],
        ValueRef::Derived(d) => {
            matches!(&d.derivation, Derivation::PropertyAccess(a) if a.property == property)
                && matches!(d.from.as_ref(), ValueRef::Input(i) if inputs.contains(i.input_ref.as_str()) && i.path.is_empty())
        }
        _ => false,
    }
}
