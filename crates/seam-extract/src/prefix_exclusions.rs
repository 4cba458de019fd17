//! Routes a global prefix leaves out: the list a pack's `exclude` names
//! (`setGlobalPrefix("api", { exclude: ["health", { path: "users/:id", method: GET }] })`),
//! each a path (any method) or an object with `path` and `method` keys. An excluded path may
//! hold parameters (`:id`, `{id}`: any one segment) and end in a wildcard (`*`, `(.*)`: the
//! rest of the path).

use std::collections::{BTreeMap, BTreeSet};

use seam_lang::model::{ArrayElement, ExprId, ExprKind, MemberProp};
use seam_packs::{Capture, Captures, Pack, match_expr};

use crate::files::Files;
use crate::url::Reader;

/// One route left without the prefix.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Exclusion {
    /// `None`: every method.
    method: Option<String>,
    segments: Vec<String>,
}

/// The exclusions of each directory where a global prefix with an `exclude` list is set.
pub fn exclusions(
    files: &Files,
    pack: &Pack,
    reader: &Reader,
    on: &BTreeSet<usize>,
) -> Vec<(String, Vec<Exclusion>)> {
    let mut out: BTreeMap<String, Vec<Exclusion>> = BTreeMap::new();
    for g in pack.global_prefixes.iter().filter(|g| g.exclude.is_some()) {
        let Some(exclude) = &g.exclude else { continue };
        for &file in on {
            let model = files.model(file);
            let dir = model.path.rsplit_once('/').map_or("", |(d, _)| d);
            for c in files.calls(file) {
                let mut caps = Captures::new();
                if !match_expr(model, &g.pattern, c.call, &mut caps) {
                    continue;
                }
                if let Some(list) = caps.get(exclude).and_then(Capture::expr) {
                    out.entry(dir.to_owned())
                        .or_default()
                        .extend(listed(reader, file, list));
                }
            }
        }
    }
    out.into_iter().collect()
}

/// The routes a list expression names (through a constant holding it).
fn listed(reader: &Reader, file: usize, list: ExprId) -> Vec<Exclusion> {
    let files = reader.files;
    let (lf, list) = files
        .definition(file, list)
        .and_then(|d| files.value_of(d))
        .unwrap_or((file, list));
    let ExprKind::Array { elements, .. } = &files.model(lf).expr(list).kind else {
        return Vec::new();
    };
    elements
        .iter()
        .filter_map(|el| match el {
            ArrayElement::Expr(x) => entry(reader, lf, *x),
            _ => None,
        })
        .collect()
}

fn entry(reader: &Reader, file: usize, expr: ExprId) -> Option<Exclusion> {
    if let Some(path) = reader.constant(file, expr) {
        return Some(Exclusion {
            method: None,
            segments: segments(&path),
        });
    }
    let (pf, pe) = reader.object_key(file, expr, "path").ok()??;
    let path = reader.constant(pf, pe)?;
    let method = match reader.object_key(file, expr, "method").ok().flatten() {
        Some((mf, me)) => method_name(reader, mf, me),
        None => None,
    };
    Some(Exclusion {
        method,
        segments: segments(&path),
    })
}

/// A method written as a string or as the last name of a member (`RequestMethod.GET`); `ALL`
/// is every method.
fn method_name(reader: &Reader, file: usize, expr: ExprId) -> Option<String> {
    let name = reader.constant(file, expr).or_else(|| {
        match &reader.files.model(file).expr(expr).kind {
            ExprKind::Member {
                property: MemberProp::Name(n),
                ..
            } => Some(n.to_string()),
            _ => None,
        }
    })?;
    let name = name.to_ascii_uppercase();
    (name != "ALL" && name != "*").then_some(name)
}

fn segments(path: &str) -> Vec<String> {
    path.split('/')
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}

/// Whether the route `method path`, registered in `file`, is left out of the global prefix of
/// the nearest directory at or above the file that sets one.
pub fn excluded(
    entries: &[(String, Vec<Exclusion>)],
    file: &str,
    method: Option<&str>,
    path: &str,
) -> bool {
    let dir = file.rsplit_once('/').map_or("", |(d, _)| d);
    let Some((_, list)) = entries
        .iter()
        .filter(|(d, _)| d.is_empty() || dir == d || dir.starts_with(&format!("{d}/")))
        .max_by_key(|(d, _)| d.len())
    else {
        return false;
    };
    let route = segments(path);
    list.iter().any(|x| {
        let method_ok = match (&x.method, method) {
            (None, _) => true,
            (Some(want), Some(m)) => want.eq_ignore_ascii_case(m),
            (Some(_), None) => false,
        };
        method_ok && path_matches(&x.segments, &route)
    })
}

fn path_matches(pattern: &[String], route: &[String]) -> bool {
    let is_param = |s: &str| s.starts_with(':') || (s.starts_with('{') && s.ends_with('}'));
    for (i, p) in pattern.iter().enumerate() {
        if p == "*" || p == "(.*)" || p.starts_with('*') {
            return true;
        }
        match route.get(i) {
            Some(r) if is_param(p) || p == r => {}
            _ => return false,
        }
    }
    pattern.len() == route.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seg(p: &str) -> Vec<String> {
        segments(p)
    }

    #[test]
    fn parameters_match_one_segment_and_wildcards_the_rest() {
        assert!(path_matches(&seg("health"), &seg("/health")));
        assert!(!path_matches(&seg("health"), &seg("/health/live")));
        assert!(path_matches(&seg("users/:id"), &seg("/users/:userId")));
        assert!(path_matches(&seg("docs/(.*)"), &seg("/docs/a/b")));
        assert!(path_matches(&seg("docs/*"), &seg("/docs/a")));
        assert!(!path_matches(&seg("users/me"), &seg("/users/:id")));
    }

    #[test]
    fn a_method_limits_the_exclusion() {
        let entries = vec![(
            "src".to_owned(),
            vec![Exclusion {
                method: Some("GET".to_owned()),
                segments: seg("status"),
            }],
        )];
        assert!(excluded(&entries, "src/a.ts", Some("GET"), "/status"));
        assert!(!excluded(&entries, "src/a.ts", Some("POST"), "/status"));
        assert!(!excluded(&entries, "lib/a.ts", Some("GET"), "/status"));
    }
}
