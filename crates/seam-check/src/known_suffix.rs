//! Routes under a prefix seam could not read (`app.use(process.env.API_MOUNT, router)`, a
//! path joined onto a configured value). The extractor writes such a route by the part of its
//! path it knows and names the prefix in `metadata.http.unknownPrefix`; its path says nothing
//! of what comes before. So a call meets it when the call's last segments meet the route's
//! known path, whatever the call puts in front (`/base/items` as well as `/items`). A known part
//! with no fixed segment (`/{id}`) is not paired this way: it could answer any request. A call
//! that meets some route in full never goes to a route by its suffix (see `pairing`).

use seam_ir::summary::BehavioralSummary;

use crate::pairing::is_static;

/// The prefixes the summary's route is mounted under that seam could not read: the source
/// text of each (`metadata.http.unknownPrefix`).
pub fn unknown_prefixes(summary: &BehavioralSummary) -> Vec<String> {
    summary
        .metadata
        .as_ref()
        .and_then(|m| m.get("http"))
        .and_then(|h| h.get("unknownPrefix"))
        .and_then(|p| p.as_array())
        .map(|list| {
            list.iter()
                .filter_map(|p| p.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// Whether a route's known path can be met by its suffix: it has a fixed segment.
pub fn pairs_by_suffix(route: &[String]) -> bool {
    route.iter().any(|s| is_static(s))
}

/// Whether the call's last segments meet the route's known segments, the call's leading
/// segments standing for the unknown prefix: each fixed segment faces the same fixed
/// segment or a hole, and at least one fixed segment of the route faces itself (holes alone
/// say nothing: `/2.0/repositories/{owner}/{name}` is no call of `/api/agents`). The call
/// must be longer than the route (a call of the same length meets the route in full or not
/// at all).
pub fn suffix_meets(route: &[String], call: &[String]) -> bool {
    let Some(skip) = call.len().checked_sub(route.len()).filter(|&n| n > 0) else {
        return false;
    };
    let facing = || route.iter().zip(&call[skip..]);
    facing().all(|(r, c)| !is_static(r) || !is_static(c) || r == c)
        && facing().any(|(r, c)| is_static(r) && r == c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn segments(path: &str) -> Vec<String> {
        path.split('/')
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect()
    }

    #[test]
    fn a_call_meets_a_route_by_its_last_segments() {
        let route = segments("/items/{id}");
        assert!(suffix_meets(&route, &segments("/base/items/7")));
        assert!(suffix_meets(&route, &segments("/a/b/items/{itemId}")));
        assert!(!suffix_meets(&route, &segments("/base/orders/7")));
        // The same length is a full comparison, not a suffix one.
        assert!(!suffix_meets(&route, &segments("/items/7")));
        assert!(!suffix_meets(&route, &segments("/7")));
        // Holes facing every fixed segment meet nothing.
        let agents = segments("/api/agents");
        assert!(!suffix_meets(
            &agents,
            &segments("/2.0/repositories/{owner}/{name}")
        ));
        assert!(suffix_meets(&agents, &segments("/{base}/api/agents")));
    }

    #[test]
    fn only_a_known_part_with_a_fixed_segment_pairs_by_suffix() {
        assert!(pairs_by_suffix(&segments("/items/{id}")));
        assert!(!pairs_by_suffix(&segments("/{filepath}")));
        assert!(!pairs_by_suffix(&[]));
    }
}
