//! The review IR knows every framework the packs know, from the packs alone: each built-in
//! pack that declares routes has a `review:` section, and scanning its fixtures gives at least
//! one Symbol a kind that section gives (`framework:<plugin>:…`) (a route, a router, a
//! controller). A new route pack without review data, or whose review data classifies nothing
//! in its own fixtures, fails here by name. The packs that fail today are pinned below.

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
    // What the review IR does not yet classify from the packs (found by this test, issue 12):
    // Go route registrations sit inside functions, and the review `registrations` rules read
    // module-level call statements only; ts-rest's section gives no kind, nor do the RPC
    // packs' (connect-go, grpc-gateway: their routes come from `.proto` files, which the review
    // IR does not read); react-router and
    // trpc-openapi have no fixtures in their own folders. Pinned so that fixing one (or
    // breaking another) changes this list.
    let packs_failing: Vec<&str> = failures
        .iter()
        .map(|f| f.split(':').next().unwrap_or(""))
        .collect();
    assert_eq!(
        packs_failing,
        [
            "chi",
            "connect-go",
            "echo",
            "fiber",
            "gin",
            "gorilla-mux",
            "grpc-gateway",
            "net-http",
            "react-router",
            "trpc-openapi",
            "ts-rest"
        ],
        "{}",
        failures.join("\n")
    );
}
