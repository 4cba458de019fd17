//! `restCallUnknownPath`: see [`DOC`].

use seam_ir::findings::{Finding, Severity};
use seam_ir::summary::BehavioralSummary;

use super::side;
use crate::pairing::{Call, Endpoint, call_meets_route};

kind_documentation!(
    r#"# restCallUnknownPath (error)

## What it finds
A client call to a method and path that no provider in the analysed repository serves, while
providers do exist under the same leading path (`/api/…`): the call was meant for this server,
and nothing on it answers. The nearest routes are named, a route with the same path and another
method first.

## Why it matters
At run time the request gets a 404 or a 405 instead of the response the client was written
for. Typical causes are a route that was renamed or removed, a method the server never
implemented, and a typo in the path.

## Example
Provider (Express): `ordersRouter.get("/:id", …)` and `ordersRouter.patch("/:id", …)` under
`/api/orders`.
Consumer (axios):
```ts
await http.delete(`/orders/${id}`);   // DELETE /api/orders/{id}: nothing serves it
```

A call whose URL starts with a value seam could not read (`${this.baseUrl}/orders`, a URL
from configuration) is checked by the path after that value, at warning severity: the value
may name another host. A call to another host (an absolute URL to anything but loopback) is
never checked here; it is listed as `external` among the unpairable summaries.

## How to fix or suppress
Add the route to the server, or call the one that exists. A call to another service that
happens to share the prefix can be accepted with the rule `seam check` prints under the finding
(kind and boundary) in `.sussignore.yml`.
"#
);

pub const KIND: &str = "restCallUnknownPath";

/// How many nearest routes a finding names.
const NEAREST: usize = 3;

fn segments(path: &str) -> impl Iterator<Item = &str> {
    path.split('/').filter(|s| !s.is_empty())
}

fn is_hole(segment: &str) -> bool {
    segment.contains(['{', '*', '('])
}

#[cfg(test)]
fn shared_prefix(a: &str, b: &str) -> usize {
    let a: Vec<&str> = segments(a).collect();
    shared_prefix_of(&a, b)
}

/// How many leading segments two paths share (a hole meets any segment), `0` when they share not
/// even a first static segment. The first path comes split, as one call meets many routes.
fn shared_prefix_of(a: &[&str], b: &str) -> usize {
    let mut shared = 0;
    for (&x, y) in a.iter().zip(segments(b)) {
        if x == y || (shared > 0 && (is_hole(x) || is_hole(y))) {
            shared += 1;
        } else {
            break;
        }
    }
    shared
}

/// The first segment of a normalised path (`/users/{id}` → `users`), `None` for `/`. Only
/// endpoints with the call's first segment can share a prefix with it, so callers checking many
/// calls may group endpoints by it and pass [`check_among`] one group.
pub fn first_segment(path: &str) -> Option<&str> {
    path.split('/').find(|s| !s.is_empty())
}

/// The path a call is known to reach: for a call whose start is unknown, its path after the
/// leading hole (`/{base*}/orders` → `/orders`).
pub fn known_path(call: &Call) -> String {
    let path = call.route.normalized_path();
    if !call.start_unknown {
        return path;
    }
    let parts: Vec<&str> = segments(&path).collect();
    match parts.split_first() {
        Some((first, rest)) if is_hole(first) => format!("/{}", rest.join("/")),
        _ => path.clone(),
    }
}

/// The finding for a call no provider serves, when providers exist under its leading path.
pub fn check(
    call: &Call,
    endpoints: &[Endpoint],
    summaries: &[BehavioralSummary],
) -> Option<Finding> {
    let all: Vec<&Endpoint> = endpoints.iter().collect();
    check_among(call, &all, summaries)
}

/// [`check`] over a subset of the endpoints in their run order; the same finding as [`check`]
/// when the subset holds every endpoint with the call's [`first_segment`].
pub fn check_among(
    call: &Call,
    endpoints: &[&Endpoint],
    summaries: &[BehavioralSummary],
) -> Option<Finding> {
    let call_path = known_path(call);
    let call_segments: Vec<&str> = segments(&call_path).collect();
    // (route pairs but the method differs, shared prefix) — greater is nearer.
    let mut ranked: Vec<((bool, usize), &Endpoint)> = endpoints
        .iter()
        .copied()
        .filter_map(|e| {
            let shared = shared_prefix_of(&call_segments, e.normalized_path());
            if shared == 0 {
                return None;
            }
            let same_route = call_meets_route(call, e);
            Some(((same_route, shared), e))
        })
        .collect();
    let best = ranked.iter().map(|(rank, _)| *rank).max()?;
    // Only the nearest rank is named; a stable sort of those by key gives the order a full
    // sort by (rank, key) would.
    ranked.retain(|(rank, _)| *rank == best);
    ranked.sort_by(|(_, a), (_, b)| a.key.cmp(&b.key));
    let mut nearest: Vec<&Endpoint> = Vec::new();
    for (rank, e) in &ranked {
        if *rank != best || nearest.len() == NEAREST {
            break;
        }
        if !nearest.iter().any(|n| n.key == e.key) {
            nearest.push(e);
        }
    }
    let names: Vec<&str> = nearest.iter().map(|e| e.key.as_str()).collect();
    let provider = summaries.get(nearest.first()?.summary)?;
    let consumer = summaries.get(call.summary)?;
    let transition = call
        .site
        .and_then(|(t, _)| consumer.transitions.get(t))
        .map(|t| t.id.as_str());
    let (severity, description) = if call.start_unknown {
        (
            Severity::Warning,
            format!(
                "The client calls {}, whose start (a host or base path) could not be read; no provider in the analysed code serves a path ending in {call_path}, so if the call is meant for this server it fails with a 404 or 405 at run time (nearest routes: {})",
                call.key,
                names.join(", ")
            ),
        )
    } else {
        (
            Severity::Error,
            format!(
                "The client calls {}, which no provider in the analysed code serves, so the request fails with a 404 or 405 at run time (nearest routes: {})",
                call.key,
                names.join(", ")
            ),
        )
    };
    Some(Finding {
        kind: KIND.to_owned(),
        severity,
        boundary: call.binding.clone(),
        provider: side(provider, None),
        consumer: side(consumer, transition),
        description,
        aspect: None,
        sources: None,
        suppressed: None,
    })
}

#[cfg(test)]
mod tests {
    use super::shared_prefix;

    #[test]
    fn prefixes_share_static_heads_and_holes_after_them() {
        assert_eq!(
            shared_prefix("/api/orders/{id}", "/api/orders/{id}/cancel"),
            3
        );
        assert_eq!(shared_prefix("/api/order", "/api/orders"), 1);
        assert_eq!(shared_prefix("/{x}/orders", "/api/orders"), 0);
        assert_eq!(shared_prefix("/v2/users", "/api/users"), 0);
    }
}
