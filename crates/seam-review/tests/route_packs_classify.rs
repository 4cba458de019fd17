//! The review IR knows every framework the packs know, from the packs alone: each built-in
//! pack that declares routes has a `review:` section, and scanning its fixtures gives at least
//! one Symbol a kind that section gives (`framework:<plugin>:…`) (a route, a router, a
//! controller). A new route pack without review data, or whose review data classifies nothing
//! in its own fixtures, fails here by name.

mod support;

use support::*;

#[test]
fn every_route_pack_classifies_its_own_fixtures() {
    let packs = seam_packs::builtin_packs().expect("the built-in packs load");
    let mut failures = Vec::new();
    let mut checked = 0;
    for pack in packs
        .iter()
        .filter(|p| p.kind == seam_packs::UnitKind::Handler)
    {
        let Some(review) = &pack.review else {
            failures.push(format!("{}: no review section", pack.name));
            continue;
        };
        // The kinds the pack's review section gives.
        let kinds: std::collections::BTreeSet<&str> = review
            .class_decorators
            .iter()
            .chain(&review.function_decorators)
            .filter_map(|r| r.ext_kind.as_deref())
            .chain(review.registrations.iter().map(|r| r.ext_kind.as_str()))
            .chain(review.consts.iter().map(|r| r.ext_kind.as_str()))
            .chain(review.class_bases.iter().map(|r| r.ext_kind.as_str()))
            .chain(
                review
                    .route_exports
                    .iter()
                    .map(|(_, r)| r.ext_kind.as_str()),
            )
            .collect();
        let fixtures = packs_dir().join(&pack.name).join("fixtures");
        let Ok(entries) = std::fs::read_dir(&fixtures) else {
            failures.push(format!("{}: no fixtures", pack.name));
            continue;
        };
        let mut dirs: Vec<_> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
        dirs.sort();
        let classified = dirs.iter().filter(|d| d.is_dir()).any(|dir| {
            scan_dir(dir, 2)
                .symbols
                .iter()
                .any(|s| s.ext_kind.as_deref().is_some_and(|k| kinds.contains(k)))
        });
        if !classified {
            failures.push(format!(
                "{}: no Symbol of its fixtures has a kind its review section gives ({kinds:?})",
                pack.name
            ));
        }
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} route packs were checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
