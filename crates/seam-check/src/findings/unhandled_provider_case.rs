//! `unhandledProviderCase`: see [`DOC`].

use std::collections::BTreeMap;

use seam_ir::findings::{Finding, Severity};
use seam_ir::summary::{BehavioralSummary, Effect, Output, ShapeLiteral, Transition, TypeShape};

use super::{KindInfo, PairContext, PairShape, several};
use crate::http::{ProviderStatus, is_success, provider_status, response_body};

kind_documentation!(
    r#"# unhandledProviderCase (warning)

## What it finds
A status the provider produces that no branch of the consumer handles. A consumer handles a
status when a branch compares the status with it (`res.status === 404`), guards on a range that
holds it (`res.status >= 400`, `!res.ok`), or, for a 2xx, falls through to the code after its
guards. A client that throws on every failure (axios) hands each non-2xx to a `catch` (or a
rejection handler chained on the call's promise, `api.get(id).then(show).catch(…)`, or a
method the client's `metadata.http.rejectionMethods` names, jQuery's `.fail(…)`), which
counts as handling it, and so does a response interceptor registered on the call's client
that every failure reaches first (`metadata.http.failuresHandled`: the statuses its handler
compares, or every failure when it compares none but acts on it, a toast say), and so does
returning the call's result without a catch
(`return this.http.get(url)`), or, in Go, returning the error the call gives back (`err :=
c.patch(uri, in, out); return out, err`, through a wrapper that returns an error for every
failure status): the failure goes on to the consumer's caller. A consumer that
hands the response to a promise callback that branches (`.then(function (r) { if (r.success)
… })`) is not judged: the summary keeps that callback only as text, so which statuses it
handles is unknown. A consumer that reads a body field the provider sets to one literal on
success and another on the failure (`{"success": false, …}` against `{"success": true, …}`)
tells the failure apart by it (also when the failure's body, known in full, leaves out a field
a branch of the consumer tests: `if (data.ok === "true")` against `{"error": …}`, or sets a
field no success body has, known in full, which a branch tests: `if (result?.error)` against
`{"error": …}` and `{"job": …}`), and so does a branch on the body's presence with a client that
leaves it absent on every failure (openapi-fetch's `data`). A failure the provider sends with no
body (`res.sendStatus(500)`) is handled by a consumer that catches a rejection of its parse of
the body (`fetch(url).then((r) => r.json()).catch(() => null)`, in it or in a wrapper it calls:
`metadata.http.unparsedHandled`), and so is every failure a wrapper throws on and catches itself
(`.then((r) => { if (!r.ok) throw …; return r.json() }).catch(() => [])`): its callers get the
fallback. A consumer none of whose paths
could be read (a call at a module's top level whose response goes to a callback) is not judged,
nor is a function that hands what it reads of the response (the response, or its body) to
project callers which are consumers through it paired with the same provider (their
`metadata.http.through` names it): each caller is judged instead, since that is where a status
is handled or not; nor is one whose client's way of handing back the response is unknown
(`metadata.http.failureDelivery: "unknown"`: a request seam knows by its shape alone, such as
an object `{ method, url }` given to a project's transport, may be sent and read elsewhere).

Two more forms: a provider response declared as a class (`4XX`) that no consumer branch can
receive ("the status-range form"), and a status the provider returns in several situations with
bodies that differ in a field the consumer reads, which it does not tell apart ("the sub-case
form"; bodies that differ only in fields the consumer never reads give it nothing to tell, and
neither do two texts written out in the same field, messages the consumer passes on as they are,
nor a value written out on one case where the other's could not be read, also inside a record or
a list: `{ total: 0 }` on the empty page against `{ total }` on the others).

## Why it matters
The unhandled response reaches code written for another one: a 404 body is read as a user, a
429 is treated as success. Whether the missing branch is a defect depends on intent the code
does not state, so a person judges it.

## Example
Provider (Express):
```ts
router.get("/users/:id", async (req, res) => {
  const user = await db.find(req.params.id);
  if (!user) return res.status(404).json({ error: "not found" });
  res.json({ id: user.id, name: user.name });
});
```
Consumer (fetch):
```ts
const res = await fetch(`/users/${id}`);
const body = await res.json();   // a 404 arrives here as if it were a user
return body.name;
```

## How to fix or suppress
Add a branch for the status (`if (res.status === 404) return null;`) or a guard that covers it
(`if (!res.ok) throw …`). When the fall-through is intended, paste the rule `seam check` prints
under the finding into `.sussignore.yml` with a reason.
"#
);

/// The kind: one declaration, listed in [`super::KINDS`].
pub const INFO: KindInfo = KindInfo {
    name: "unhandledProviderCase",
    severity: Severity::Warning,
    title: "The provider produces a status or case no consumer branch handles",
    doc: DOC,
    shape: PairShape::RestPair(check),
};

pub const KIND: &str = INFO.name;

/// HTTP redirects a client that follows redirects never hands back.
const FOLLOWED_REDIRECTS: [u16; 5] = [301, 302, 303, 307, 308];

pub fn check(ctx: &PairContext<'_>) -> Vec<Finding> {
    let consumer = ctx.consumer;
    let reading = &ctx.reading;
    // No path of the consumer was read (a call made at a module's top level, its response
    // handed to a callback): which statuses it handles is unknown, not unhandled.
    // A wrapper that hands what it reads of the response to its callers, each of them a
    // consumer paired with this provider: the statuses are handled (or not) there.
    if ctx.judged_at_callers
        || consumer.transitions.is_empty()
        || reading.delivery_unknown
        || hands_response_to_caller(&consumer.transitions)
        || branches_in_unread_callback(&consumer.transitions)
        || (reading.failures_as_exceptions
            && (reading.failures_returned
                || passes_failure_to_caller(&consumer.transitions)
                || handles_failure_in_error_callback(&consumer.transitions)
                || catches_on_the_call(&consumer.transitions, &reading.rejection_methods)))
    {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut by_status: BTreeMap<u16, Vec<&Transition>> = BTreeMap::new();
    // One finding per status: the provider's paths that produce it are one fact for the
    // consumer, listed under `transitionIds`.
    let mut unhandled: BTreeMap<u16, Vec<&str>> = BTreeMap::new();
    for pt in &ctx.provider.transitions {
        match provider_status(pt) {
            ProviderStatus::Exact(status) => {
                if reading.follows_redirects && FOLLOWED_REDIRECTS.contains(&status) {
                    continue;
                }
                if !reading.covers(consumer, status)
                    && !tells_by_body_flag(ctx, pt)
                    && !interceptor_handles(consumer, status)
                    && !unparsed_failure_handled(consumer, pt, status)
                {
                    unhandled.entry(status).or_default().push(&pt.id);
                    continue;
                }
                by_status.entry(status).or_default().push(pt);
            }
            ProviderStatus::Range { range, spec } => {
                // A range is one response with some status in it: covering any member covers it.
                let covered = (range.min..=range.max).any(|s| reading.covers(consumer, s));
                if !covered {
                    out.push(ctx.finding(
                        KIND,
                        INFO.severity,
                        Some(&pt.id),
                        None,
                        format!(
                            "Provider produces statuses in the {spec} range but no consumer branch handles any of them"
                        ),
                    ));
                }
            }
            ProviderStatus::CatchAll | ProviderStatus::Opaque | ProviderStatus::NotAResponse => {}
        }
    }
    for (status, transitions) in unhandled {
        let mut finding = ctx.finding(
            KIND,
            INFO.severity,
            transitions.first().copied(),
            None,
            format!("Provider produces status {status} but no consumer branch handles it"),
        );
        finding.provider.transition_ids = several(&transitions);
        out.push(finding);
    }

    // Sub-cases: one status returned in several situations. A consumer that never looks at the
    // response has no way and no reason to tell them apart.
    let looks_at_response = consumer.transitions.iter().any(|ct| {
        ct.expected_input.is_some() || ct.conditions.iter().any(|p| reading.mentions_status(p))
    });
    if !looks_at_response {
        return out;
    }
    for (status, cases) in by_status {
        if cases.len() < 2 {
            continue;
        }
        let branches: Vec<&Transition> = consumer
            .transitions
            .iter()
            .filter(|ct| {
                (ct.is_default && is_success(status)) || reading.branch_handles(ct, status)
            })
            .collect();
        // Only fields the consumer reads on those branches can tell the cases apart for it.
        let read: Vec<&str> = branches
            .iter()
            .filter_map(|ct| match &ct.expected_input {
                Some(TypeShape::Record(r)) => Some(r.properties.keys().map(String::as_str)),
                _ => None,
            })
            .flatten()
            .collect();
        if !bodies_tell_apart(&cases, &read) {
            continue;
        }
        let distinguishes = branches
            .iter()
            .any(|ct| ct.conditions.iter().any(|p| !reading.mentions_status(p)));
        if distinguishes {
            continue;
        }
        for pt in &cases {
            if pt.is_default || pt.conditions.is_empty() {
                continue;
            }
            out.push(ctx.finding(
                KIND,
                INFO.severity,
                Some(&pt.id),
                None,
                format!(
                    "Provider has {} distinct cases for status {status} but consumer does not distinguish between them (transition {} has conditions the consumer ignores)",
                    cases.len(),
                    pt.id
                ),
            ));
        }
    }
    out
}

/// Whether the consumer reads a body field the provider sets to one literal on its successes
/// and another on this failure (`{"success": false, …}` with a 400 against `{"success": true,
/// …}`): the flag tells it the failure apart without a status branch.
fn tells_by_body_flag(ctx: &PairContext<'_>, failure: &Transition) -> bool {
    let Some(TypeShape::Record(failed)) = response_body(failure) else {
        return false;
    };
    let read: Vec<&str> = ctx
        .consumer
        .transitions
        .iter()
        .filter_map(|t| {
            match t
                .expected_input
                .as_ref()
                .map(|s| ctx.reading.unwrap_body(s))
            {
                Some(TypeShape::Record(r)) => Some(r.properties.keys().map(String::as_str)),
                _ => None,
            }
        })
        .flatten()
        .collect();
    let by_flag = failed.properties.iter().any(|(field, value)| {
        let TypeShape::Literal(flag) = value else {
            return false;
        };
        read.contains(&field.as_str())
            && ctx.provider.transitions.iter().any(|t| {
                matches!(provider_status(t), ProviderStatus::Exact(s) if is_success(s))
                    && matches!(
                        response_body(t),
                        Some(TypeShape::Record(ok))
                            if matches!(ok.properties.get(field), Some(TypeShape::Literal(other)) if other.value != flag.value)
                    )
            })
    });
    // A failure body known in full that lacks a field every success sets to one literal
    // (`{"error": …}` against `{"ok": "true"}`), when a consumer branch tests that field: the
    // test tells the failure apart. Only reading it (`name: body.name`) tells nothing.
    let tested = |field: &str| {
        let property = format!("\"property\":{}", serde_json::Value::from(field));
        ctx.consumer.transitions.iter().any(|t| {
            t.conditions.iter().any(|p| {
                serde_json::to_string(p).is_ok_and(|text| text.contains(property.as_str()))
            })
        })
    };
    let fully_known = failed.spreads.as_ref().is_none_or(|s| s.is_empty());
    let successes: Vec<&Transition> = ctx
        .provider
        .transitions
        .iter()
        .filter(|t| matches!(provider_status(t), ProviderStatus::Exact(s) if is_success(s)))
        .collect();
    let by_absence = fully_known
        && !successes.is_empty()
        && read.iter().any(|field| {
            !failed.properties.contains_key(*field)
                && tested(field)
                && successes.iter().all(|t| {
                    matches!(
                        response_body(t),
                        Some(TypeShape::Record(ok))
                            if matches!(ok.properties.get(*field), Some(TypeShape::Literal(_)))
                    )
                })
        });
    // The other way round: a failure body known in full that sets a field no success body has
    // (`{"error": …}` against `{"job": …}`, every success known in full), when a consumer
    // branch tests that field (`if (result?.error)`): the test tells the failure apart.
    let sets_field_alone = |field: &str| {
        successes.iter().all(|t| {
            matches!(
                response_body(t),
                Some(TypeShape::Record(ok))
                    if ok.spreads.as_ref().is_none_or(|s| s.is_empty())
                        && !ok.properties.contains_key(field)
            )
        })
    };
    let by_presence = fully_known
        && !successes.is_empty()
        && failed
            .properties
            .keys()
            .any(|field| tested(field) && sets_field_alone(field));
    by_flag || by_absence || by_presence
}

/// Whether the bodies of several responses differ in a field the consumer reads (`read`), so
/// it has something to tell them apart by. Unread bodies, and differences only in fields the
/// consumer never reads, tell nothing.
fn bodies_tell_apart(cases: &[&Transition], read: &[&str]) -> bool {
    let bodies: Vec<&TypeShape> = cases.iter().filter_map(|t| response_body(t)).collect();
    if bodies.len() != cases.len() || read.is_empty() {
        return false;
    }
    let field = |body: &TypeShape, name: &str| match body {
        TypeShape::Record(r) => r.properties.get(name).cloned(),
        other => Some(other.clone()),
    };
    // A value the reader could not see (`{ response: result.response }`) tells nothing apart,
    // nor do two texts (messages, written out or built: a consumer that reads one without
    // branching on it passes each on as it is, so every case gets what was written for it).
    let differ = |a: Option<TypeShape>, b: Option<TypeShape>| match (&a, &b) {
        (Some(a), Some(b)) => shapes_differ(a, b),
        // Absent beside a value the reader could not see tells nothing either.
        (Some(TypeShape::Unknown), None) | (None, Some(TypeShape::Unknown)) => false,
        _ => a != b,
    };
    read.iter().any(|name| {
        bodies
            .windows(2)
            .any(|w| differ(field(w[0], name), field(w[1], name)))
    })
}

/// Whether two values of a field tell two responses apart (see [`bodies_tell_apart`]): a value
/// the reader could not see tells nothing, nor do two texts; records and lists differ where a
/// part does, so `{ total: 0 }` and `{ total }` (a count written out for the empty page, read for
/// the others) are one shape to a consumer that reads `meta`.
fn shapes_differ(a: &TypeShape, b: &TypeShape) -> bool {
    let text = |s: &TypeShape| match s {
        TypeShape::Text => true,
        TypeShape::Literal(l) => matches!(l.value, ShapeLiteral::Text(_)),
        _ => false,
    };
    match (a, b) {
        (TypeShape::Unknown, _) | (_, TypeShape::Unknown) => false,
        _ if text(a) && text(b) => false,
        (TypeShape::Record(x), TypeShape::Record(y)) => {
            let spread = |r: &seam_ir::summary::RecordShape| {
                r.spreads.as_ref().is_some_and(|s| !s.is_empty())
            };
            // A key one side has and the other lacks is a difference, unless the value is one
            // the reader could not see.
            let lacks = |r: &seam_ir::summary::RecordShape, k: &str, v: &TypeShape| {
                !spread(r) && !r.properties.contains_key(k) && *v != TypeShape::Unknown
            };
            x.properties.iter().any(|(k, v)| match y.properties.get(k) {
                Some(w) => shapes_differ(v, w),
                None => lacks(y, k, v),
            }) || y.properties.iter().any(|(k, v)| lacks(x, k, v))
        }
        (TypeShape::Array(x), TypeShape::Array(y)) => shapes_differ(&x.items, &y.items),
        _ => a != b,
    }
}

/// Whether a response interceptor of the consumer's client handles a failure status for every
/// call through it (`metadata.http.failuresHandled`: `"all"`, or the statuses it tells apart).
fn interceptor_handles(consumer: &BehavioralSummary, status: u16) -> bool {
    if status < 400 {
        return false;
    }
    let handled = consumer
        .metadata
        .as_ref()
        .and_then(|m| m.get("http"))
        .and_then(|h| h.get("failuresHandled"));
    match handled {
        Some(serde_json::Value::String(all)) => all == "all",
        Some(serde_json::Value::Array(statuses)) => statuses
            .iter()
            .any(|s| s.as_u64() == Some(u64::from(status))),
        _ => false,
    }
}

/// Whether the consumer handles this failure where it parses the body: the provider sends it
/// with no body, and the consumer catches a rejection of its parse (`.then((r) => r.json())
/// .catch(() => null)`, `metadata.http.unparsedHandled`), so the failure ends there.
fn unparsed_failure_handled(
    consumer: &BehavioralSummary,
    failure: &Transition,
    status: u16,
) -> bool {
    status >= 400
        && matches!(&failure.output, Output::Response(r) if r.body.is_none())
        && consumer
            .metadata
            .as_ref()
            .and_then(|m| m.get("http"))
            .and_then(|h| h.get("unparsedHandled"))
            .and_then(serde_json::Value::as_bool)
            == Some(true)
}

/// Whether the consumer returns the response object itself (a thin wrapper such as
/// `return fetch(url)`): the caller handles the status, and this pair does not include it.
fn hands_response_to_caller(transitions: &[Transition]) -> bool {
    transitions.iter().any(|t| match &t.output {
        Output::Return(r) => r.value.as_ref().is_some_and(shape_has_response),
        _ => false,
    })
}

/// The calls a consumer's transitions make on a member named `method` (`….then(…)`), with
/// the source text of each argument: the summary records callbacks only as text.
fn method_calls<'t>(
    transitions: &'t [Transition],
    method: &'t str,
) -> impl Iterator<Item = Vec<&'t str>> + 't {
    transitions
        .iter()
        .flat_map(|t| &t.effects)
        .filter_map(move |e| match &**e {
            Effect::Invocation(inv)
                if inv
                    .callee
                    .trim_end()
                    .strip_suffix(method)
                    .is_some_and(|head| head.ends_with('.')) =>
            {
                Some(
                    inv.args
                        .iter()
                        .map(|a| a.get("sourceText").and_then(|t| t.as_str()).unwrap_or(""))
                        .collect(),
                )
            }
            _ => None,
        })
}

/// Whether the consumer hands the response to a promise callback that branches
/// (`.then(function (response) { if (response.success) … else … })`): the summary records the
/// callback only as source text, so which statuses it handles is unknown, not unhandled.
fn branches_in_unread_callback(transitions: &[Transition]) -> bool {
    method_calls(transitions, "then").any(|args| {
        args.iter().any(|text| {
            let function = text.starts_with("function") || text.contains("=>");
            let branches = ["if ", "if(", "switch", " ? ", "&&", "||"]
                .iter()
                .any(|k| text.contains(k));
            function && branches
        })
    })
}

/// Whether the consumer subscribes to the response with an error callback
/// (`.subscribe({ next, error })`, `.subscribe(next, error)`): with a client that delivers
/// failures as errors, that callback is the branch for every failure status.
fn handles_failure_in_error_callback(transitions: &[Transition]) -> bool {
    method_calls(transitions, "subscribe").any(|args| {
        args.len() >= 2
            || args.iter().any(|t| {
                t.trim_start().starts_with('{')
                    && (t.contains("error:") || t.contains("error(") || t.contains("error ("))
            })
    })
}

/// Whether the consumer chains a rejection handler on the client call's promise
/// (`api.get(id).then(show).catch(() => …)`, `api.get(id).then(show, (e) => …)`, or a method
/// the client's summary names in `metadata.http.rejectionMethods`, `$.post(url).fail(…)`):
/// with a client that delivers failures as exceptions, that handler is the branch for every
/// failure status, as an error callback is.
fn catches_on_the_call(transitions: &[Transition], rejection_methods: &[String]) -> bool {
    transitions.iter().any(|t| {
        let calls: Vec<String> = t
            .effects
            .iter()
            .filter_map(|e| match &**e {
                Effect::Interaction(i) => i.callee.as_ref().map(|c| format!("{c}(")),
                _ => None,
            })
            .collect();
        t.effects.iter().any(|e| match &**e {
            Effect::Invocation(inv) => {
                let callee = inv.callee.trim_end();
                let named = |method: &str| {
                    callee
                        .strip_suffix(method)
                        .is_some_and(|head| head.ends_with('.'))
                };
                let rejection = ((named("catch") || rejection_methods.iter().any(|m| named(m)))
                    && !inv.args.is_empty())
                    || (named("then") && inv.args.len() >= 2);
                rejection && calls.iter().any(|c| callee.starts_with(c.as_str()))
            }
            _ => false,
        })
    })
}

/// Whether a consumer returns the client call's own result (`return this.http.get(url)`,
/// `return axios.get(url).then((r) => r.data)`) and catches nothing: with a client that
/// delivers failures as exceptions, the failure goes on to whoever called the consumer,
/// which this pair does not include.
fn passes_failure_to_caller(transitions: &[Transition]) -> bool {
    !transitions.iter().any(crate::http::runs_in_catch)
        && transitions.iter().any(|t| {
            matches!(t.output, Output::Return(_))
                && t.effects.iter().any(|e| match &**e {
                    Effect::Interaction(i) => i
                        .location
                        .as_ref()
                        .is_some_and(|l| t.location.start <= l.start && l.start <= t.location.end),
                    _ => false,
                })
        })
}

fn shape_has_response(shape: &TypeShape) -> bool {
    match shape {
        TypeShape::Ref(r) => names_response_object(without_promise(r.name.trim())),
        TypeShape::Record(r) => r.properties.values().any(shape_has_response),
        TypeShape::Union(u) => u.variants.iter().any(shape_has_response),
        _ => false,
    }
}

fn without_promise(name: &str) -> &str {
    match name
        .strip_prefix("Promise<")
        .and_then(|n| n.strip_suffix('>'))
    {
        Some(inner) => without_promise(inner.trim()),
        None => name,
    }
}

/// `Response`, `globalThis.Response`, `AxiosResponse<User>`; not a body type like `UserResponse`.
fn names_response_object(name: &str) -> bool {
    let is_word =
        |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if let Some((head, _)) = name.split_once('<') {
        return name.ends_with('>') && head.ends_with("Response") && is_word(head);
    }
    let last = name.rsplit('.').next().unwrap_or(name);
    last == "Response" && name.split('.').all(is_word)
}
