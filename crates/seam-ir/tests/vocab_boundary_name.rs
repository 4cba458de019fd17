//! Boundary names: the README's examples, the odd strings, and round trips.

use proptest::prelude::*;
use seam_ir::vocab::boundary_name::{
    BoundaryName, NamePart, Reference, fixed_text_length, names_agree, names_nothing,
    reference_from_name, reference_name,
};

fn text(s: &str) -> NamePart {
    NamePart::Text(s.to_string())
}

fn hole(s: &str) -> NamePart {
    NamePart::Hole(s.to_string())
}

#[test]
fn readme_literal_pattern_reference() {
    assert_eq!(
        BoundaryName::parse("orders-v1"),
        BoundaryName::Literal("orders-v1".to_string())
    );
    assert_eq!(
        BoundaryName::parse("{stage}-orders-v1"),
        BoundaryName::Pattern(vec![hole("stage"), text("-orders-v1")])
    );
    assert_eq!(
        BoundaryName::parse("{location.bucket}"),
        BoundaryName::Reference {
            root: "location".to_string(),
            fields: vec!["bucket".to_string()]
        }
    );
    assert_eq!(
        BoundaryName::parse("{ORDER_TABLE}"),
        BoundaryName::Reference {
            root: "ORDER_TABLE".to_string(),
            fields: vec![]
        }
    );
}

#[test]
fn odd_strings_are_classified_as_documented() {
    assert_eq!(
        BoundaryName::parse(""),
        BoundaryName::Literal(String::new())
    );
    assert_eq!(
        BoundaryName::parse("{abc"),
        BoundaryName::Literal("{abc".to_string())
    );
    assert_eq!(
        BoundaryName::parse("abc}"),
        BoundaryName::Literal("abc}".to_string())
    );
    assert_eq!(
        BoundaryName::parse("{{a}"),
        BoundaryName::Pattern(vec![text("{"), hole("a")])
    );
    assert_eq!(
        BoundaryName::parse("{a}}"),
        BoundaryName::Pattern(vec![hole("a"), text("}")])
    );
    assert_eq!(
        BoundaryName::parse("{}"),
        BoundaryName::Reference {
            root: String::new(),
            fields: vec![]
        }
    );
    assert_eq!(
        BoundaryName::parse("{}-orders"),
        BoundaryName::Pattern(vec![hole(""), text("-orders")])
    );
    assert_eq!(
        BoundaryName::parse("{a}{b}"),
        BoundaryName::Pattern(vec![hole("a"), hole("b")])
    );
    assert_eq!(
        BoundaryName::parse("}{"),
        BoundaryName::Literal("}{".to_string())
    );
    assert_eq!(
        BoundaryName::parse("{a{b}c"),
        BoundaryName::Pattern(vec![text("{a"), hole("b"), text("c")])
    );
}

#[test]
fn odd_strings_round_trip() {
    for s in [
        "",
        "{",
        "}",
        "{}",
        "{}}",
        "{{}",
        "{{}}",
        "}{",
        "{a..b}",
        "{.}",
        "{a.}",
        "{}-x",
        "x-{}",
        "a{b}c{d}e",
        "{a{b}c",
        "{ a b }",
        "é{ü}ß",
        "{{{{",
        "}}}}",
        "{x}{y}{z}",
    ] {
        assert_eq!(BoundaryName::parse(s).to_string(), s, "round trip of {s:?}");
    }
}

#[test]
fn a_reference_agrees_with_nothing() {
    assert!(!names_agree("{location.bucket}", "{location.bucket}"));
    assert!(!names_agree("{ORDER_TABLE}", "orders"));
    assert!(!names_agree("orders", "{ORDER_TABLE}"));
    assert!(!names_agree("{ORDER_TABLE}", "{stage}-orders"));
    assert!(!names_agree("{}", "{}"));
}

#[test]
fn two_patterns_agree_when_fixed_parts_line_up() {
    assert!(names_agree("{stage}-orders-v1", "{StageName}-orders-v1"));
    assert!(!names_agree("{stage}-orders-v1", "{stage}-orders-v2"));
    assert!(!names_agree("{stage}-orders-v1", "orders-{stage}-v1"));
    assert!(names_agree("a-{x}-b-{y}", "a-{p}-b-{q}"));
}

#[test]
fn pattern_and_literal_agree_when_fixed_text_is_in_place() {
    assert!(names_agree("{stage}-orders-v1", "prod-orders-v1"));
    assert!(names_agree("prod-orders-v1", "{stage}-orders-v1"));
    assert!(!names_agree("{stage}-orders-v1", "prod-orders-v2"));
    // A hole takes at least one character.
    assert!(!names_agree("{stage}-orders-v1", "-orders-v1"));
}

#[test]
fn a_hole_covers_anything_including_hyphens() {
    assert!(names_agree("orders-{region}", "orders-us-east-1"));
    assert!(names_agree("orders-{suffix}", "orders-blue-v1"));
    assert!(names_agree("orders-blue-{suffix}", "orders-blue-v1"));
}

#[test]
fn literals_agree_only_when_equal() {
    assert!(names_agree("orders-v1", "orders-v1"));
    assert!(!names_agree("orders-v1", "Orders-v1"));
}

#[test]
fn names_nothing_is_true_only_for_references() {
    assert!(names_nothing("{location.bucket}"));
    assert!(names_nothing("{ORDER_TABLE}"));
    assert!(!names_nothing("{stage}-orders-v1"));
    assert!(!names_nothing("orders-v1"));
}

#[test]
fn fixed_text_length_ranks_patterns() {
    assert_eq!(fixed_text_length("orders-{suffix}"), 7);
    assert_eq!(fixed_text_length("orders-blue-{suffix}"), 12);
    assert_eq!(fixed_text_length("orders-v1"), 9);
    assert_eq!(fixed_text_length("{location.bucket}"), 0);
    assert_eq!(fixed_text_length("{a}é{b}"), 1);
}

#[test]
fn reference_name_examples() {
    assert_eq!(
        reference_name("location", &["bucket"]),
        Some("{location.bucket}".to_string())
    );
    assert_eq!(
        reference_name("ORDER_TABLE", &[]),
        Some("{ORDER_TABLE}".to_string())
    );
    assert_eq!(reference_name("", &[]), None);
    assert_eq!(reference_name("a", &[""]), None);
    assert_eq!(reference_name("a.b", &[]), None);
    assert_eq!(reference_name("a", &["{b}"]), None);
}

#[test]
fn reference_from_name_examples() {
    assert_eq!(
        reference_from_name("{location.bucket}"),
        Some(Reference {
            root: "location".to_string(),
            fields: vec!["bucket".to_string()]
        })
    );
    assert_eq!(
        reference_from_name("{ORDER_TABLE}"),
        Some(Reference {
            root: "ORDER_TABLE".to_string(),
            fields: vec![]
        })
    );
    assert_eq!(reference_from_name("orders-v1"), None);
    assert_eq!(reference_from_name("{stage}-orders"), None);
    assert_eq!(reference_from_name("{}"), None);
    assert_eq!(reference_from_name("{a..b}"), None);
}

#[test]
fn from_parts_is_canonical() {
    assert_eq!(
        BoundaryName::from_parts(&[text("{"), text("x}")]),
        BoundaryName::parse("{x}")
    );
    assert_eq!(
        BoundaryName::from_parts(&[text("a"), text("b")]),
        BoundaryName::Literal("ab".to_string())
    );
}

#[test]
fn long_names_are_bounded() {
    let long = "a-".repeat(5_000);
    let pattern = format!("{{x}}{}{{y}}", "-a".repeat(2_000));
    // The fixed text `-a-a…-a` stands inside the literal, and the holes cover the rest.
    assert!(names_agree(&pattern, &long));
    assert!(!names_agree(&pattern, &"a-".repeat(1_000)));
}

proptest! {
    #[test]
    fn every_string_round_trips(s in "[a-z{}.\\-é]{0,24}") {
        prop_assert_eq!(BoundaryName::parse(&s).to_string(), s);
    }

    #[test]
    fn any_string_round_trips(s in any::<String>()) {
        prop_assert_eq!(BoundaryName::parse(&s).to_string(), s);
    }

    #[test]
    fn parse_is_stable_through_print(s in "[a-z{}.]{0,24}") {
        let once = BoundaryName::parse(&s);
        prop_assert_eq!(BoundaryName::parse(&once.to_string()), once);
    }

    #[test]
    fn reference_name_reads_back(root in "[A-Za-z_][A-Za-z0-9_]{0,8}",
                                 fields in proptest::collection::vec("[a-z][a-z0-9]{0,6}", 0..4)) {
        let borrowed: Vec<&str> = fields.iter().map(String::as_str).collect();
        let name = reference_name(&root, &borrowed);
        prop_assert!(name.is_some());
        let name = name.unwrap_or_default();
        prop_assert_eq!(reference_from_name(&name), Some(Reference { root, fields }));
        prop_assert!(names_nothing(&name));
    }

    #[test]
    fn a_pattern_agrees_with_its_own_fillings(prefix in "[a-z]{0,5}", fill in "[a-z0-9\\-]{1,8}",
                                              suffix in "[a-z\\-]{1,5}") {
        let pattern = format!("{prefix}{{x}}{suffix}");
        let literal = format!("{prefix}{fill}{suffix}");
        prop_assert!(names_agree(&pattern, &literal));
        prop_assert!(names_agree(&literal, &pattern));
    }
}
