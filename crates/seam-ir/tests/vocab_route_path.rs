//! REST route paths: every example in the summary-format spec and the reference notes, the
//! grammar, normalisation, specificity and pathological inputs.

use proptest::prelude::*;
use seam_ir::vocab::route_path::{
    RoutePath, methods_pair, most_specific, normalize_path, paths_pair, specificity,
};

// --- normalisation ---------------------------------------------------------------------------

#[test]
fn express_id_becomes_braces() {
    assert_eq!(normalize_path("/users/:id"), "/users/{id}");
}

#[test]
fn trailing_slash_is_dropped_but_root_stays() {
    assert_eq!(normalize_path("/users/"), "/users");
    assert_eq!(normalize_path("/"), "/");
    assert_eq!(normalize_path(""), "/");
    assert_eq!(normalize_path("//"), "/");
}

#[test]
fn double_slashes_collapse() {
    assert_eq!(normalize_path("/api//orders"), "/api/orders");
}

#[test]
fn static_text_is_lowercased_and_hole_names_keep_case() {
    assert_eq!(normalize_path("/Users/{userId}"), "/users/{userId}");
    assert_eq!(normalize_path("/Users/:userId"), "/users/{userId}");
}

#[test]
fn express_modifiers_and_constraints() {
    assert_eq!(normalize_path("/files/:tenant?"), "/files/{tenant?}");
    assert_eq!(normalize_path("/files/:rest+"), "/files/{rest+}");
    assert_eq!(normalize_path("/files/:rest*"), "/files/{rest*}");
    assert_eq!(normalize_path("/users/:id(\\d+)"), "/users/{id}");
    assert_eq!(
        normalize_path("/users/:id(\\d+)/posts"),
        "/users/{id}/posts"
    );
}

#[test]
fn query_fragment_scheme_and_missing_leading_slash() {
    assert_eq!(normalize_path("/users?active=true"), "/users");
    assert_eq!(normalize_path("/users#top"), "/users");
    assert_eq!(
        normalize_path("https://api.example.com/Users/1"),
        "/users/1"
    );
    assert_eq!(normalize_path("users/{id}"), "/users/{id}");
}

#[test]
fn grammar_spellings_print_back() {
    for path in [
        "/users/{id}",
        "/files/{tenant?}",
        "/files/{rest+}",
        "/files/{rest*}",
        "/files/*",
        "(/api|/api/v2)/orders",
        "/img/{name}.png",
        "/img/*.png",
        "(|/v2)/orders",
        "((/a|/b)|/c)/x",
    ] {
        assert_eq!(normalize_path(path), path, "{path}");
    }
}

#[test]
fn a_group_glued_to_text_spreads_over_its_segment() {
    assert_eq!(normalize_path("/v(1|2)/orders"), "(/v1|/v2)/orders");
    assert_eq!(normalize_path("/(a|b/c)/d"), "(/a|/b/c)/d");
}

#[test]
fn unreadable_segments_become_one_hole() {
    assert_eq!(normalize_path("/files/[a-z]+"), "/files/{value}");
    assert_eq!(normalize_path("/a/(b|c/d"), "/a/{value}/d");
    assert_eq!(normalize_path("/a/b)/c"), "/a/{value}/c");
    assert_eq!(normalize_path("/a/{b/c"), "/a/{value}/c");
    assert_eq!(normalize_path("/a/^x$"), "/a/{value}");
}

// --- the spec's pairing examples -------------------------------------------------------------

#[test]
fn rest_star_pairs_with_the_bare_prefix() {
    assert!(paths_pair("/api/orders/{rest*}", "/api/orders"));
}

#[test]
fn alternation_pairs_with_the_first_option() {
    assert!(paths_pair("(/api|/api/v2)/orders", "/api/orders"));
}

#[test]
fn alternation_pairs_with_the_second_option() {
    assert!(paths_pair("(/api|/api/v2)/orders", "/api/v2/orders"));
}

#[test]
fn one_segment_hole_does_not_pair_with_no_segment() {
    assert!(!paths_pair("/users/{id}", "/users"));
}

#[test]
fn one_segment_hole_pairs_with_a_literal_segment() {
    assert!(paths_pair("/users/{id}", "/users/me"));
}

#[test]
fn express_and_brace_spellings_pair() {
    assert!(paths_pair("/users/:id", "/users/{userId}"));
}

#[test]
fn optional_hole_takes_zero_or_one() {
    assert!(paths_pair("/files/{tenant?}", "/files"));
    assert!(paths_pair("/files/{tenant?}", "/files/acme"));
    assert!(!paths_pair("/files/{tenant?}", "/files/acme/x"));
}

#[test]
fn many_hole_takes_one_or_more() {
    assert!(!paths_pair("/files/{rest+}", "/files"));
    assert!(paths_pair("/files/{rest+}", "/files/a"));
    assert!(paths_pair("/files/{rest+}", "/files/a/b/c"));
}

#[test]
fn any_hole_takes_zero_or_more() {
    assert!(paths_pair("/files/{rest*}", "/files"));
    assert!(paths_pair("/files/{rest*}", "/files/a/b/c"));
    assert!(!paths_pair("/files/{rest*}", "/other"));
}

#[test]
fn rest_star_is_the_same_as_a_bare_star() {
    assert!(paths_pair("/files/{rest*}", "/files/*"));
    assert_eq!(specificity("/files/{rest*}"), specificity("/files/*"));
}

#[test]
fn bare_star_is_zero_or_more_segments() {
    assert!(paths_pair("/files/*", "/files"));
    assert!(paths_pair("/files/*", "/files/a/b"));
    assert!(paths_pair("*", "/anything/at/all"));
}

#[test]
fn alternation_does_not_pair_with_a_path_outside_every_option() {
    assert!(!paths_pair("(/api|/api/v2)/orders", "/api/v3/orders"));
    assert!(!paths_pair("(/api|/api/v2)/orders", "/orders"));
}

#[test]
fn nested_alternation() {
    assert!(paths_pair("((/a|/b)|/c/d)/x", "/b/x"));
    assert!(paths_pair("((/a|/b)|/c/d)/x", "/c/d/x"));
    assert!(!paths_pair("((/a|/b)|/c/d)/x", "/c/x"));
}

#[test]
fn static_text_compares_case_insensitively() {
    assert!(paths_pair("/Users/{id}", "/users/1"));
}

#[test]
fn trailing_slash_does_not_matter() {
    assert!(paths_pair("/users/", "/users"));
}

#[test]
fn different_static_text_does_not_pair() {
    assert!(!paths_pair("/users", "/accounts"));
    assert!(!paths_pair("/users/{id}/posts", "/users/{id}/comments"));
}

#[test]
fn two_patterns_pair_when_some_request_satisfies_both() {
    assert!(paths_pair("/a/{x*}/c", "/a/b/{y}"));
    assert!(paths_pair("/{x}/b", "/a/{y}"));
    assert!(!paths_pair("/{x}/{y}", "/{z}"));
}

#[test]
fn shaped_segments() {
    assert!(paths_pair("/img/{name}.png", "/img/cat.png"));
    assert!(!paths_pair("/img/{name}.png", "/img/cat.jpg"));
    assert!(!paths_pair("/img/{name}.png", "/img/.png"));
    assert!(paths_pair("/img/*.png", "/img/.png"));
    assert!(paths_pair("/v{n}.json", "/v{m}.json"));
    assert!(paths_pair("/a{x}", "/{y}b"));
    assert!(!paths_pair("/a{x}c", "/b{y}"));
}

#[test]
fn root_paths() {
    assert!(paths_pair("/", ""));
    assert!(paths_pair("/", "/{rest*}"));
    assert!(!paths_pair("/", "/{id}"));
}

// --- methods ---------------------------------------------------------------------------------

#[test]
fn methods() {
    assert!(methods_pair("GET", "GET"));
    assert!(methods_pair("get", "GET"));
    assert!(methods_pair("*", "POST"));
    assert!(methods_pair("DELETE", "*"));
    assert!(methods_pair("*", "*"));
    assert!(!methods_pair("GET", "POST"));
    assert!(!methods_pair("", "GET"));
}

// --- specificity -----------------------------------------------------------------------------

#[test]
fn specificity_counts_fixed_segments() {
    assert_eq!(specificity("/users/{id}").fixed_segments, 1);
    assert_eq!(specificity("/users/me").fixed_segments, 2);
    assert_eq!(specificity("/").fixed_segments, 0);
    assert_eq!(specificity("(/api|/api/v2)/orders").fixed_segments, 2);
    assert_eq!(specificity("/img/{name}.png").shaped_segments, 1);
    assert_eq!(specificity("/files/{rest*}").variable_holes, 1);
    assert_eq!(specificity("(/api|/api/v2)/orders").alternatives, 2);
}

#[test]
fn more_fixed_segments_rank_higher() {
    assert!(specificity("/users/me") > specificity("/users/{id}"));
    assert!(specificity("/users/{id}") > specificity("/users/{rest*}"));
    assert!(specificity("/api/orders") > specificity("(/api|/api/v2)/orders"));
}

#[test]
fn most_specific_provider_wins() {
    let providers = ["/users/{id}", "/users/me", "/{rest*}"];
    assert_eq!(most_specific("/users/me", &providers), Some(1));
    assert_eq!(most_specific("/users/42", &providers), Some(0));
    assert_eq!(most_specific("/other", &providers), Some(2));
    assert_eq!(most_specific("/users/42", &["/accounts"]), None);
}

#[test]
fn most_specific_ties_break_deterministically() {
    // Same rank: the smaller normalised spelling wins, whatever the order.
    assert_eq!(
        most_specific("/users/1", &["/users/{y}", "/users/{x}"]),
        Some(1)
    );
    assert_eq!(
        most_specific("/users/1", &["/users/{x}", "/users/{y}"]),
        Some(0)
    );
    // Same spelling: the earliest index wins.
    assert_eq!(
        most_specific("/users/1", &["/users/:id", "/users/{id}"]),
        Some(0)
    );
}

// --- pathological input: these finish because the work is bounded (memo and budget), not because of a clock

#[test]
fn ten_thousand_segments_finish_quickly() {
    let long: String = (0..10_000).map(|i| format!("/s{i}")).collect();
    let holes: String = (0..10_000).map(|_| "/{x}").collect();
    assert!(paths_pair(&long, &long));
    assert!(paths_pair(&long, &holes));
    assert!(paths_pair("/s0/{rest*}", &long));
    assert!(!paths_pair(&long, "/s0/{x}"));
    assert_eq!(normalize_path(&long), long);
    assert_eq!(specificity(&long).fixed_segments, 10_000);
}

#[test]
fn alternating_stars_stay_bounded() {
    let left: String = (0..5_000).map(|i| format!("/{{a*}}/t{i}")).collect();
    let right: String = (0..5_000).map(|i| format!("/{{b*}}/t{i}")).collect();
    // The search follows the diagonal first, so a pair is found without the quadratic walk.
    assert!(paths_pair(&left, &right));
    // Without a common request the whole product may need visiting: the budget stops it.
    let other: String = (0..5_000).map(|i| format!("/{{b*}}/u{i}")).collect();
    assert_eq!(
        RoutePath::parse(&left).pairs_with_within(&RoutePath::parse(&other), 200_000),
        None
    );
    assert!(!paths_pair(&left, &other));
}

#[test]
fn two_hundred_alternatives_finish_quickly() {
    let options: Vec<String> = (0..200).map(|i| format!("/api/v{i}")).collect();
    let path = format!("({})/orders", options.join("|"));
    assert!(paths_pair(&path, "/api/v199/orders"));
    assert!(paths_pair(&path, "/api/v0/orders"));
    assert!(!paths_pair(&path, "/api/v200/orders"));
    assert_eq!(normalize_path(&path), path);
}

#[test]
fn many_groups_in_sequence_finish_quickly() {
    let path: String = (0..2_000).map(|_| "(/a|/b)").collect();
    let request: String = (0..2_000)
        .map(|i| if i % 2 == 0 { "/a" } else { "/b" })
        .collect();
    assert!(paths_pair(&path, &request));
}

#[test]
fn too_many_readings_in_one_segment_degrade() {
    // 2^10 readings of one segment exceed the cap: the segment is one hole.
    let segment: String = (0..10).map(|_| "(a|b)").collect();
    assert_eq!(normalize_path(&format!("/x/{segment}/y")), "/x/{value}/y");
}

#[test]
fn deep_nesting_degrades_without_overflow() {
    let deep = format!("/{}a{}", "(".repeat(10_000), ")".repeat(10_000));
    assert_eq!(normalize_path(&deep), "/{value}");
    let unclosed = format!("/{}", "(".repeat(10_000));
    assert_eq!(normalize_path(&unclosed), "/{value}");
}

proptest! {
    #[test]
    fn never_panics_and_normalisation_is_idempotent(s in "[/a-zA-Z:{}()|*?+.\\\\\\[\\]#-]{0,40}") {
        let once = normalize_path(&s);
        prop_assert_eq!(normalize_path(&once), once.clone());
        let _ = paths_pair(&s, &once);
    }

    #[test]
    fn a_path_pairs_with_itself_and_its_normalised_form(
        segments in proptest::collection::vec("[a-z]{1,4}|\\{[a-z]{1,3}[?+*]?\\}|\\*", 0..8)
    ) {
        let path = format!("/{}", segments.join("/"));
        prop_assert!(paths_pair(&path, &path));
        prop_assert!(paths_pair(&path, &normalize_path(&path)));
        prop_assert_eq!(RoutePath::parse(&path).to_string(), normalize_path(&path));
    }

    #[test]
    fn pairing_is_symmetric(
        a in proptest::collection::vec("[ab]|\\{x[?+*]?\\}|\\*|\\((/a|/b/a)\\)", 0..5),
        b in proptest::collection::vec("[ab]|\\{y[?+*]?\\}|\\*", 0..5),
    ) {
        let a = format!("/{}", a.join("/"));
        let b = format!("/{}", b.join("/"));
        prop_assert_eq!(paths_pair(&a, &b), paths_pair(&b, &a));
    }
}

/// Found by the property test: `:(…)` is a parameter with a constraint and no name, so its
/// group does not flatten into text that reads as a parameter on the next normalisation.
#[test]
fn a_nameless_constrained_parameter_is_a_hole() {
    assert_eq!(normalize_path(":(a-)"), "/{value}");
    assert_eq!(normalize_path("/users/:(\\d+)"), "/users/{value}");
    assert_eq!(normalize_path(&normalize_path(":(a-)")), "/{value}");
}

/// Found by the property test: an optional group holding an empty alternative and a
/// parameter-looking name must normalise to a fixed point.
#[test]
fn optional_groups_normalise_to_a_fixed_point() {
    for s in ["(:)a?", ":/A(|A)?"] {
        let once = normalize_path(s);
        assert_eq!(normalize_path(&once), once, "{s}");
    }
}
