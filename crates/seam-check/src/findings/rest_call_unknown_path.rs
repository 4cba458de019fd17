//! `restCallUnknownPath`: see [`DOC`].

use std::collections::{BTreeMap, BTreeSet};

use seam_ir::findings::{Finding, Severity};
use seam_ir::summary::BehavioralSummary;

use super::{KindInfo, PairShape, side};
use crate::pairing::{Call, Endpoint, RestPairing, call_meets_route};

kind_documentation!(
    r#"# restCallUnknownPath (error)

## What it finds
A client call to a method and path that no provider in the analysed repository serves, while
providers do exist under the same leading path (`/api/…`): the call was meant for this server,
and nothing on it answers. The nearest routes are named: a route with the same path and another
method first, then by how much of the path's start they share (a segment spelled the same
counts more than a parameter meeting it), then by the fewest edits. The finding has no provider
side: no handler serves the call (the nearest route stands in its place in the JSON).

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
may name another host. It is reported only when a route shares the path's first two segments
(`{base}/api/v1/query` needs a route under `/api/v1/`, `{base}/api/tokens` the same path by
another method), each spelled the same or a parameter on both sides (a route's
`/api/{object_type}/…` is not near `{base}/api/v1/events`); one shared segment says little about
a URL another service may answer. A call to another host (an absolute URL to anything but loopback), or to
a loopback port through which no call reaches a route here (a sidecar beside the server,
`http://127.0.0.1:1984/api/streams`), is never checked here; it is listed as `external`
among the unpairable summaries.

When the repository declares a git submodule that is not checked out, or a source file could
not be parsed, the route may live there: the finding names them and is one severity lower.
When the call's path lies under the mount of a router that routes seam cannot read are added
to at run time (`router.extend(plugin_router)`), one of those may serve it: the finding says so
and is an info.
When the call is made in a module (a file, or the wrapper or generated client method the call
goes through) of which at least five distinct requests (method and path: a wrapper of one
endpoint called from many places makes one) meet no route and fewer than one in five meet a route
of the analysed code, the module is a client of another server that shares the path's start
(a hosted service's generated client beside the open-source server's): the finding says so and
is an info.

## How to fix or suppress
Add the route to the server, or call the one that exists. A call to another service that
happens to share the prefix can be accepted with the rule `seam check` prints under the finding
(kind and boundary) in `.sussignore.yml`.
"#
);

/// The kind: one declaration, listed in [`super::KINDS`].
pub const INFO: KindInfo = KindInfo {
    name: "restCallUnknownPath",
    severity: Severity::Error,
    title: "A client calls a method and path no provider serves",
    doc: DOC,
    shape: PairShape::UnpairedCall,
};

pub const KIND: &str = INFO.name;

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
    prefix_likeness(&a, b).0
}

/// How far two paths go together from the start: the leading segments they share (a hole meets
/// any segment once a first static segment was shared), and a score in which a segment spelled
/// the same counts twice a hole meeting a segment. `(0, 0)` when they share not even a first
/// static segment. The first path comes split, as one call meets many routes.
fn prefix_likeness(a: &[&str], b: &str) -> (usize, usize) {
    let (mut shared, mut score) = (0, 0);
    for (&x, y) in a.iter().zip(segments(b)) {
        if x == y {
            score += 2;
        } else if shared > 0 && (is_hole(x) || is_hole(y)) {
            score += 1;
        } else {
            break;
        }
        shared += 1;
    }
    (shared, score)
}

/// How many leading segments two paths spell alike: the same text, or a value on both sides.
/// A route's parameter facing a call's text (`/api/{object_type}/…` facing `/api/v1/…`) says
/// nothing of where a call whose host is unknown goes.
fn spelled_prefix(a: &[&str], b: &str) -> usize {
    a.iter()
        .zip(segments(b))
        .take_while(|&(&x, y)| x == y || is_hole(x) && is_hole(y))
        .count()
}

/// The edit distance between two paths, by characters: among routes sharing as much of the
/// call's start, the one spelled most alike is nearest (`/orders/{id}` before `/owners/{id}`
/// for `/order/{id}`).
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, x) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, y) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(x != *y))
                .min(above + 1)
                .min(row[j] + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

/// How many leading segments a call whose start is unknown must share with a route before
/// the route counts as near: two, whatever the call's length (`{base}/api/v1/query` needs a
/// route under `/api/v1/`, `{base}/api/tokens` the same path by another method), spelled alike
/// (a route's parameter does not stand for the call's text: `/api/{object_type}/acl` is not
/// near `{base}/api/v1/events`). One shared segment (`/api/…`, `/v1/…`) says little about a
/// URL whose host could not be read: another service spells its paths the same way.
const UNKNOWN_START_SHARED: usize = 2;

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

/// What the finding says happens to the request, when nothing may serve it.
const FAILS: &str = ", so the request fails with a 404 or 405 at run time";

/// How many unread places a finding names.
const UNREAD_NAMED: usize = 3;

/// A finding for a call no provider serves while part of the repository could not be read (a
/// submodule not checked out, a source file that did not parse): the route may live there, so
/// the finding says where and is one severity lower.
pub fn maybe_served_unread(finding: &mut Finding, unread: &[String]) {
    if unread.is_empty() {
        return;
    }
    finding.severity = finding.severity.lowered();
    let named: Vec<&str> = unread
        .iter()
        .take(UNREAD_NAMED)
        .map(String::as_str)
        .collect();
    let more = unread.len().saturating_sub(UNREAD_NAMED);
    let tail = if more > 0 {
        format!(" and {more} more")
    } else {
        String::new()
    };
    finding.description.push_str(&format!(
        "; it may be served from what seam could not read: {}{tail}",
        named.join(", ")
    ));
}

/// A finding for a call no provider serves under the mount of a router that routes seam cannot
/// read are added to at run time (a plugin's router: `metadata.http.openMount` on the routes
/// it holds): one of those may serve it, so whether it is served cannot be told. The finding
/// says so and is an info.
pub fn maybe_served_by_open_mount(finding: &mut Finding, call: &Call, mounts: &BTreeSet<&str>) {
    let call_path = known_path(call);
    let call_segments: Vec<&str> = segments(&call_path).collect();
    let Some(mount) = mounts.iter().find(|m| {
        let mount_segments: Vec<&str> = segments(m).collect();
        call_segments.starts_with(&mount_segments)
    }) else {
        return;
    };
    finding.severity = Severity::Info;
    finding.description = finding.description.replacen(FAILS, "", 1);
    finding.description.push_str(&format!(
        "; routes are added at run time to the router mounted at {mount} (seam cannot read them), so one of them may serve it"
    ));
}

/// How many distinct requests (method and path) made in one module no route serves before the
/// module's requests are weighed together: fewer say nothing about where the module sends them.
const MODULE_UNSERVED: usize = 5;

/// The module a request is made in: the file of the function it passes through last
/// (`metadata.http.through`'s first entry, a wrapper or a generated client's method), else the
/// consumer's own file. Calls made in one module go to one server as a rule: a generated
/// client is generated from one server's description.
pub fn request_module(summary: &BehavioralSummary) -> &str {
    summary
        .metadata
        .as_ref()
        .and_then(|m| m.get("http"))
        .and_then(|h| h.get("through"))
        .and_then(|t| t.get(0))
        .and_then(|v| v.as_str())
        .map(|s| s.split_once("::").map_or(s, |(file, _)| file))
        .unwrap_or(&summary.location.file)
}

/// Per request module: how many distinct requests (method and path; a wrapper of one endpoint
/// called from seven places makes one) took part in pairing, how many met a route of the
/// analysed code (a declared contract with no handler beside it is another server's
/// description), and how many met nothing.
#[derive(Debug, Default, Clone, Copy)]
pub struct ModuleCalls {
    pub calls: usize,
    pub reach_code: usize,
    pub unserved: usize,
}

/// [`ModuleCalls`] of every module of the run's calls.
pub fn module_calls<'s>(
    pairing: &'s RestPairing,
    summaries: &'s [BehavioralSummary],
) -> BTreeMap<&'s str, ModuleCalls> {
    // Per module, each request's key and whether it met code (true) or nothing (false); a
    // request met by some call and missed by another counts as met.
    let mut requests: BTreeMap<&str, BTreeMap<&str, Option<bool>>> = BTreeMap::new();
    let module_of = |c: usize| request_module(&summaries[pairing.calls[c].summary]);
    for p in &pairing.paired {
        let code = p.providers.iter().any(|&e| !pairing.endpoints[e].contract);
        let seen = requests
            .entry(module_of(p.call))
            .or_default()
            .entry(pairing.calls[p.call].key.as_str())
            .or_insert(Some(false));
        *seen = Some(seen.unwrap_or(false) || code);
    }
    for &c in &pairing.unpaired_calls {
        requests
            .entry(module_of(c))
            .or_default()
            .entry(pairing.calls[c].key.as_str())
            .or_insert(None);
    }
    requests
        .into_iter()
        .map(|(module, keys)| {
            let counts = ModuleCalls {
                calls: keys.len(),
                reach_code: keys.values().filter(|v| **v == Some(true)).count(),
                unserved: keys.values().filter(|v| v.is_none()).count(),
            };
            (module, counts)
        })
        .collect()
}

/// A finding for a call made in a module of which several distinct requests meet no route and
/// fewer than one in five meet a route of the analysed code: the module is a client of another server
/// that shares the path's start with this one (a hosted service's generated client beside the
/// open-source server's), so whether that server serves the call cannot be told here. The
/// finding says so and is an info.
pub fn maybe_another_server(
    finding: &mut Finding,
    call: &Call,
    summaries: &[BehavioralSummary],
    modules: &BTreeMap<&str, ModuleCalls>,
) {
    if finding.severity == Severity::Info {
        return;
    }
    let Some(summary) = summaries.get(call.summary) else {
        return;
    };
    let module = request_module(summary);
    let Some(counts) = modules.get(module) else {
        return;
    };
    if counts.unserved < MODULE_UNSERVED || counts.reach_code * 5 >= counts.calls {
        return;
    }
    finding.severity = Severity::Info;
    finding.description = finding.description.replacen(FAILS, "", 1);
    finding.description.push_str(&format!(
        "; {module} makes {} distinct requests and {} of them meet a route of the analysed code, so it is likely a client of another server",
        counts.calls, counts.reach_code
    ));
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
    let needed = if call.start_unknown {
        UNKNOWN_START_SHARED
    } else {
        1
    };
    // Nearer first: a route that pairs but for the method, then the start shared (segments
    // spelled the same before holes met), then the fewest edits from the call's path, then
    // the key. The edit distance is the costly part and only orders routes within one tier of
    // the first two, so it is computed for the tiers reached, nearest first, until the names
    // are found (the same routes, in the same order, as ranking every route at once).
    let mut tiered: Vec<((bool, usize), &Endpoint)> = endpoints
        .iter()
        .copied()
        .filter_map(|e| {
            let (shared, score) = prefix_likeness(&call_segments, e.normalized_path());
            if shared < needed
                || call.start_unknown
                    && spelled_prefix(&call_segments, e.normalized_path()) < needed
            {
                return None;
            }
            Some(((call_meets_route(call, e), score), e))
        })
        .collect();
    // Stable: endpoints equal in tier keep their run order, as in one sort of every key.
    tiered.sort_by(|(a, _), (b, _)| b.cmp(a));
    let mut nearest: Vec<&Endpoint> = Vec::new();
    for tier in tiered.chunk_by(|(a, _), (b, _)| a == b) {
        if nearest.len() == NEAREST {
            break;
        }
        let mut ranked: Vec<(usize, &Endpoint)> = tier
            .iter()
            .map(|(_, e)| (edit_distance(&call_path, e.normalized_path()), *e))
            .collect();
        ranked.sort_by(|(a, x), (b, y)| a.cmp(b).then_with(|| x.key.cmp(&y.key)));
        for (_, e) in ranked {
            if nearest.len() == NEAREST {
                break;
            }
            if !nearest.iter().any(|n| n.key == e.key) {
                nearest.push(e);
            }
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
            INFO.severity.lowered(),
            format!(
                "The client calls {}, whose start (a host or base path) could not be read; no provider in the analysed code serves a path ending in {call_path}, so if the call is meant for this server it fails with a 404 or 405 at run time (nearest routes: {})",
                call.key,
                names.join(", ")
            ),
        )
    } else {
        (
            INFO.severity,
            format!(
                "The client calls {}, which no provider in the analysed code serves{FAILS} (nearest routes: {})",
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
    use super::{UNKNOWN_START_SHARED, edit_distance, shared_prefix, spelled_prefix};

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

    #[test]
    fn edits_count_characters() {
        assert_eq!(edit_distance("/order/{id}", "/orders/{id}"), 1);
        assert_eq!(edit_distance("/order/{id}", "/owners/{id}"), 3);
        assert_eq!(edit_distance("", "/a"), 2);
    }

    #[test]
    fn an_unknown_start_needs_two_shared_leading_segments() {
        // `{base}/api/access-tokens` against routes under `/api/v1/`: one shared segment,
        // not near (a migration client calling another product's server, seen in the corpus).
        assert!(shared_prefix("/api/access-tokens", "/api/v1/tokens") < UNKNOWN_START_SHARED);
        // `{base}/api/tokens` against `POST /api/tokens`: the same path, by another method.
        assert!(shared_prefix("/api/tokens", "/api/tokens") >= UNKNOWN_START_SHARED);
        assert!(shared_prefix("/api/v1/query", "/api/v1/users") >= UNKNOWN_START_SHARED);
        let call = ["api", "v1", "events"];
        assert!(spelled_prefix(&call, "/api/{object_type}/{object_id}/acl") < UNKNOWN_START_SHARED);
        assert!(spelled_prefix(&call, "/api/v1/users") >= UNKNOWN_START_SHARED);
        assert!(spelled_prefix(&["users", "{}"], "/users/{id}") >= UNKNOWN_START_SHARED);
    }
}
