//! Message-bus channels: the README's pairing examples and round trips.

use proptest::prelude::*;
use seam_ir::vocab::channel::{Channel, buses_agree, channel_key_subject, channels_pair};

#[test]
fn default_bus_pairs_with_a_bare_subject() {
    assert!(channels_pair("default#order.placed", "order.placed"));
    assert!(channels_pair("order.placed", "default#order.placed"));
}

#[test]
fn different_buses_do_not_pair() {
    assert!(!channels_pair(
        "staging#order.placed",
        "default#order.placed"
    ));
}

#[test]
fn equal_buses_and_subjects_pair() {
    assert!(channels_pair(
        "default#order.placed",
        "default#order.placed"
    ));
    assert!(channels_pair("order.placed", "order.placed"));
}

#[test]
fn subjects_must_be_equal_and_case_matters() {
    assert!(!channels_pair("order.placed", "order.shipped"));
    assert!(!channels_pair(
        "default#order.placed",
        "default#Order.Placed"
    ));
    assert!(!channels_pair(
        "Default#order.placed",
        "default#order.placed"
    ));
}

#[test]
fn the_first_hash_splits_and_later_ones_stay_in_the_subject() {
    assert_eq!(
        Channel::parse("default#a#b"),
        Channel {
            bus: Some("default".to_string()),
            subject: "a#b".to_string()
        }
    );
    assert!(channels_pair("default#a#b", "default#a#b"));
    // A bare subject cannot contain `#`: `a#b` is the subject `b` on the bus `a`.
    assert!(!channels_pair("default#a#b", "a#b"));
    assert_eq!(
        Channel::parse("#x"),
        Channel {
            bus: Some(String::new()),
            subject: "x".to_string()
        }
    );
}

#[test]
fn the_key_uses_only_the_subject() {
    assert_eq!(channel_key_subject("default#order.placed"), "order.placed");
    assert_eq!(channel_key_subject("order.placed"), "order.placed");
}

#[test]
fn buses_agree_rule() {
    assert!(buses_agree(None, None));
    assert!(buses_agree(Some("default"), None));
    assert!(buses_agree(None, Some("default")));
    assert!(buses_agree(Some("default"), Some("default")));
    assert!(!buses_agree(Some("staging"), Some("default")));
}

#[test]
fn new_prints_the_wire_form() {
    assert_eq!(
        Channel::new(Some("default"), "order.placed").to_string(),
        "default#order.placed"
    );
    assert_eq!(Channel::new(None, "OrdersQueue").to_string(), "OrdersQueue");
}

proptest! {
    #[test]
    fn every_string_round_trips(s in any::<String>()) {
        prop_assert_eq!(Channel::parse(&s).to_string(), s);
    }

    #[test]
    fn values_round_trip(bus in proptest::option::of("[a-z\\-]{0,8}"), subject in "[a-z.#]{0,12}") {
        // A channel without a bus cannot spell a `#` in its subject.
        let subject = if bus.is_none() { subject.replace('#', ".") } else { subject };
        let channel = Channel { bus, subject };
        prop_assert_eq!(Channel::parse(&channel.to_string()), channel);
    }

    #[test]
    fn a_channel_pairs_with_its_bare_subject(bus in "[a-z]{1,8}", subject in "[a-z.]{1,12}") {
        let qualified = format!("{bus}#{subject}");
        prop_assert!(channels_pair(&qualified, &subject));
    }
}
