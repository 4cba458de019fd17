//! Contract documents that describe an app mounted under a prefix.
//!
//! A document generated from a sub-application (FastAPI's `get_openapi(routes=api.routes)` for
//! an `api` mounted at `/api/v1`, a router's own swagger file) lists its paths relative to the
//! mount and often names no `servers`, so none of its operations meets the code that serves
//! them. When most of a document's operations are the tail of code routes under one fixed
//! prefix, and fewer meet code as written, the document is read as mounted there: its
//! endpoints take the prefix, so contract checks and pairing compare it with the routes it
//! describes.

use std::collections::{BTreeMap, BTreeSet};

use seam_ir::summary::BehavioralSummary;
use seam_ir::vocab::RoutePath;

use super::{Endpoint, fixed_segments, is_static};

/// A route's segments with parameter names taken out (`{petId}` and `{id}` are one shape).
fn shape(path: &str) -> Vec<String> {
    path.split('/')
        .filter(|s| !s.is_empty())
        .map(|s| {
            if is_static(s) {
                s.to_owned()
            } else {
                "{}".to_owned()
            }
        })
        .collect()
}

fn methods_meet(a: &str, b: &str) -> bool {
    a == b || a == "*" || b == "*"
}

/// Gives each contract document's endpoints the prefix it is mounted under, where the code's
/// routes show one (see the module documentation).
pub(super) fn align(endpoints: &mut [Endpoint], summaries: &[BehavioralSummary]) {
    let code: Vec<(&str, Vec<String>)> = endpoints
        .iter()
        .filter(|e| !e.contract)
        .map(|e| (e.method.as_str(), shape(&e.path)))
        .collect();
    if code.is_empty() {
        return;
    }
    let mut documents: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (i, e) in endpoints.iter().enumerate() {
        if e.contract {
            documents
                .entry(summaries[e.summary].location.file.as_str())
                .or_default()
                .push(i);
        }
    }
    let mut prefixes: Vec<(usize, String)> = Vec::new();
    for operations in documents.values() {
        if let Some(prefix) = mount_of(operations, endpoints, &code) {
            prefixes.extend(operations.iter().map(|&i| (i, prefix.clone())));
        }
    }
    for (i, prefix) in prefixes {
        let e = &mut endpoints[i];
        let path = if e.path == "/" {
            prefix
        } else {
            format!("{prefix}{}", e.path)
        };
        let route = RoutePath::parse(&path);
        e.key = format!("{} {}", e.method, route.normalized_path());
        e.path = route.normalized_path();
        e.segments = fixed_segments(&route);
        e.specificity = route.specificity();
        e.route = route;
    }
}

/// The fixed prefix (`/api/v1`) under which most of one document's operations are code
/// routes, when that is more than meet the code as written.
fn mount_of(
    operations: &[usize],
    endpoints: &[Endpoint],
    code: &[(&str, Vec<String>)],
) -> Option<String> {
    let mut as_written = 0usize;
    let mut under: BTreeMap<Vec<String>, BTreeSet<usize>> = BTreeMap::new();
    for &i in operations {
        let op = &endpoints[i];
        let tail = shape(&op.path);
        let mut met = false;
        for (method, route) in code {
            if !methods_meet(method, &op.method) {
                continue;
            }
            if *route == tail {
                met = true;
            } else if route.len() > tail.len() && route.ends_with(&tail) {
                let head = &route[..route.len() - tail.len()];
                if head.iter().all(|s| is_static(s)) {
                    under.entry(head.to_vec()).or_default().insert(i);
                }
            }
        }
        as_written += usize::from(met);
    }
    // The most operations; among equals, the shortest prefix, then the first in order.
    let (head, count) = under
        .into_iter()
        .map(|(head, ops)| (head, ops.len()))
        .max_by(|(a, n), (b, m)| n.cmp(m).then(b.len().cmp(&a.len())).then(b.cmp(a)))?;
    (count >= 2 && count > as_written && count * 2 >= operations.len())
        .then(|| format!("/{}", head.join("/")))
}
