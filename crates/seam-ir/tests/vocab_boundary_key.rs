//! Boundary key strings: every spelling in the reference notes, normalisation, matching and
//! round trips.

use proptest::prelude::*;
use seam_ir::vocab::boundary_key::{BoundaryKey, keys_match};
use seam_ir::vocab::channel::Channel;

fn round_trips(s: &str) {
    assert_eq!(BoundaryKey::parse(s).to_string(), s, "round trip of {s:?}");
}

#[test]
fn rest_keys() {
    assert_eq!(
        BoundaryKey::parse("GET /users/{id}"),
        BoundaryKey::Rest {
            method: "GET".to_string(),
            path: "/users/{id}".to_string()
        }
    );
    round_trips("GET /users/{id}");
    round_trips("* /path");
}

#[test]
fn rest_keys_accept_express_and_braces_alike() {
    assert_eq!(
        BoundaryKey::parse("GET /reports/:id"),
        BoundaryKey::parse("GET /reports/{id}")
    );
    assert_eq!(
        BoundaryKey::parse("get /Reports/:id/").to_string(),
        "GET /reports/{id}"
    );
}

#[test]
fn function_call_keys() {
    assert_eq!(
        BoundaryKey::parse("fn:@acme/api::getUser"),
        BoundaryKey::FunctionCall {
            package: "@acme/api".to_string(),
            export_path: vec!["getUser".to_string()]
        }
    );
    assert_eq!(
        BoundaryKey::parse("fn:@suss/behavioral-ir::schemas.BoundaryBindingSchema"),
        BoundaryKey::FunctionCall {
            package: "@suss/behavioral-ir".to_string(),
            export_path: vec!["schemas".to_string(), "BoundaryBindingSchema".to_string()]
        }
    );
    round_trips("fn:@acme/api::getUser");
}

#[test]
fn graphql_resolver_keys() {
    assert_eq!(
        BoundaryKey::parse("gql:Query.user"),
        BoundaryKey::GraphqlResolver {
            type_name: "Query".to_string(),
            field_name: "user".to_string()
        }
    );
    round_trips("gql:Query.user");
}

#[test]
fn message_bus_keys() {
    assert_eq!(
        BoundaryKey::parse("bus:aws_sqs order.placed"),
        BoundaryKey::MessageBus {
            message_bus: "aws_sqs".to_string(),
            channel: Channel::parse("order.placed")
        }
    );
    round_trips("bus:aws_sqs order.placed");
    round_trips("bus:eventbridge default#order.placed");
    assert_eq!(
        BoundaryKey::message_bus("eventbridge", "default#order.placed").to_string(),
        "bus:eventbridge order.placed"
    );
}

#[test]
fn storage_keys() {
    assert_eq!(
        BoundaryKey::parse("postgresql:users"),
        BoundaryKey::Storage {
            storage_system: "postgresql".to_string(),
            scope: None,
            container: "users".to_string(),
            access_path: None
        }
    );
    assert_eq!(
        BoundaryKey::parse("aws.dynamodb:editions#by-publication"),
        BoundaryKey::Storage {
            storage_system: "aws.dynamodb".to_string(),
            scope: None,
            container: "editions".to_string(),
            access_path: Some("by-publication".to_string())
        }
    );
    assert_eq!(
        BoundaryKey::parse("postgresql:orders/users#users_email_idx"),
        BoundaryKey::Storage {
            storage_system: "postgresql".to_string(),
            scope: Some("orders".to_string()),
            container: "users".to_string(),
            access_path: Some("users_email_idx".to_string())
        }
    );
    round_trips("postgresql:users");
    round_trips("postgresql:audit_log");
    round_trips("aws.dynamodb:editions#by-publication");
    round_trips("postgresql:orders/users#users_email_idx");
    round_trips("aws.dynamodb:{stage}-orders");
}

#[test]
fn storage_scope_default_is_omitted() {
    assert_eq!(
        BoundaryKey::parse("postgresql:default/users").to_string(),
        "postgresql:users"
    );
    assert_eq!(
        BoundaryKey::storage("postgresql", Some("default"), "users", None).to_string(),
        "postgresql:users"
    );
    assert_eq!(
        BoundaryKey::storage("postgresql", Some("orders"), "users", None).to_string(),
        "postgresql:orders/users"
    );
}

#[test]
fn unit_io_and_runtime_config_keys() {
    assert_eq!(
        BoundaryKey::parse("unit:lambda ReportBuilder"),
        BoundaryKey::UnitInvocation {
            deployment_target: "lambda".to_string(),
            instance_name: "ReportBuilder".to_string()
        }
    );
    assert_eq!(
        BoundaryKey::parse("io:stdout"),
        BoundaryKey::Io {
            target: "stdout".to_string()
        }
    );
    assert_eq!(
        BoundaryKey::parse("runtime-config:OrdersFunction"),
        BoundaryKey::RuntimeConfig {
            instance_name: "OrdersFunction".to_string()
        }
    );
    assert_eq!(
        BoundaryKey::parse("runtime-config ACCOUNTS_REGION"),
        BoundaryKey::RuntimeConfigVariable {
            variable: "ACCOUNTS_REGION".to_string()
        }
    );
    for s in [
        "unit:lambda ReportBuilder",
        "io:stdout",
        "io:stderr",
        "runtime-config:OrdersFunction",
        "runtime-config ACCOUNTS_REGION",
    ] {
        round_trips(s);
    }
}

#[test]
fn unclaimed_strings_are_kept_verbatim() {
    assert_eq!(
        BoundaryKey::parse("prd:Checkout Flow"),
        BoundaryKey::Other("prd:Checkout Flow".to_string())
    );
    assert_eq!(
        BoundaryKey::parse("  Something Else  "),
        BoundaryKey::Other("Something Else".to_string())
    );
    for s in [
        "fn:nopackage",
        "gql:Query",
        "bus:aws_sqs",
        "postgresql:",
        "io:",
        "pg:#idx",
    ] {
        assert_eq!(
            BoundaryKey::parse(s),
            BoundaryKey::Other(s.to_string()),
            "{s}"
        );
    }
}

#[test]
fn matching_for_suppressions() {
    assert!(keys_match("GET /reports/:id", "GET /reports/{id}"));
    assert!(keys_match("get /reports/{id}", "GET /reports/{id}"));
    assert!(!keys_match("GET /reports/{id}", "POST /reports/{id}"));
    // No wildcards: `GET /legacy/*` is the literal route.
    assert!(!keys_match("GET /legacy/*", "GET /legacy/x"));
    assert!(keys_match("GET /legacy/*", "GET /legacy/*"));
    assert!(keys_match("fn:@acme/api::getUser", "fn:@acme/api::getUser"));
    assert!(!keys_match(
        "fn:@acme/api::getUser",
        "fn:@acme/api::getUsers"
    ));
    assert!(keys_match("gql:Query.user", "gql:Query.user"));
    assert!(keys_match(
        "bus:aws_sqs order.placed",
        "bus:aws_sqs order.placed"
    ));
    assert!(!keys_match(
        "bus:sqs order.placed",
        "bus:aws_sqs order.placed"
    ));
    assert!(keys_match(
        "bus:eventbridge order.placed",
        "bus:eventbridge default#order.placed"
    ));
    assert!(!keys_match(
        "bus:eventbridge staging#order.placed",
        "bus:eventbridge default#order.placed"
    ));
    assert!(keys_match("postgresql:default/users", "postgresql:users"));
    assert!(!keys_match(
        "postgresql:users",
        "postgresql:users#email_idx"
    ));
    assert!(keys_match("prd:Checkout", "prd:Checkout"));
    assert!(!keys_match("prd:Checkout", "prd:checkout"));
}

fn key_strategy() -> impl Strategy<Value = BoundaryKey> {
    let word = "[A-Za-z_][A-Za-z0-9_]{0,6}";
    prop_oneof![
        (
            prop_oneof![Just("GET"), Just("POST"), Just("*")],
            proptest::collection::vec("[a-z0-9]{1,4}|\\{[a-z]{1,3}[?+*]?\\}", 0..4)
        )
            .prop_map(|(method, segments)| BoundaryKey::rest(
                method,
                &format!("/{}", segments.join("/"))
            )),
        (
            "@?[a-z][a-z/\\-]{0,8}",
            proptest::collection::vec(word, 1..3)
        )
            .prop_map(|(package, export_path)| BoundaryKey::FunctionCall {
                package,
                export_path
            }),
        (word, word).prop_map(|(type_name, field_name)| BoundaryKey::GraphqlResolver {
            type_name,
            field_name
        }),
        (
            "[a-z_.]{1,8}",
            proptest::option::of("[a-z]{1,6}"),
            "[a-z.]{1,10}"
        )
            .prop_map(|(message_bus, bus, subject)| BoundaryKey::MessageBus {
                message_bus,
                channel: Channel { bus, subject }
            }),
        (
            "[a-z][a-z.\\-]{0,10}",
            proptest::option::of("[a-z]{1,6}"),
            "[a-z{}_\\-]{1,10}",
            proptest::option::of("[a-z\\-]{1,8}")
        )
            .prop_filter("reserved prefixes name other protocols", |(system, ..)| {
                !["fn", "gql", "bus", "unit", "io", "runtime-config", "prd"]
                    .contains(&system.as_str())
            })
            .prop_map(|(system, scope, container, access)| BoundaryKey::storage(
                &system,
                scope.as_deref(),
                &container,
                access.as_deref()
            )),
        (word, word).prop_map(
            |(deployment_target, instance_name)| BoundaryKey::UnitInvocation {
                deployment_target,
                instance_name
            }
        ),
        word.prop_map(|target| BoundaryKey::Io { target }),
        word.prop_map(|instance_name| BoundaryKey::RuntimeConfig { instance_name }),
        word.prop_map(|variable| BoundaryKey::RuntimeConfigVariable { variable }),
    ]
}

proptest! {
    #[test]
    fn keys_round_trip(key in key_strategy()) {
        let printed = key.to_string();
        let parsed = BoundaryKey::parse(&printed);
        prop_assert_eq!(&parsed, &key);
        prop_assert_eq!(parsed.to_string(), printed);
        prop_assert!(key.matches(&parsed));
    }

    #[test]
    fn parse_never_panics_and_is_stable(s in any::<String>()) {
        let once = BoundaryKey::parse(&s);
        let again = BoundaryKey::parse(&once.to_string());
        prop_assert_eq!(again.to_string(), once.to_string());
    }
}
