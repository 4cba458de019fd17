//! The OpenTelemetry projection: the README's example and each of the three exclusions.

use std::collections::BTreeMap;

use seam_ir::summary::{BoundaryBinding, GraphqlOperationType};
use seam_ir::vocab::semconv::semconv_attributes;

fn attributes(binding: Result<BoundaryBinding, impl std::fmt::Debug>) -> Vec<(String, String)> {
    match binding {
        Ok(binding) => semconv_attributes(&binding)
            .into_iter()
            .map(|(name, value)| (name.to_string(), value))
            .collect(),
        Err(error) => panic!("test binding was refused: {error:?}"),
    }
}

fn expected(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    let sorted: BTreeMap<&str, &str> = pairs.iter().copied().collect();
    sorted
        .into_iter()
        .map(|(name, value)| (name.to_string(), value.to_string()))
        .collect()
}

#[test]
fn readme_storage_example() {
    assert_eq!(
        attributes(BoundaryBinding::storage(
            "tcp",
            Some("postgresql"),
            "orders",
            Some("users"),
            None,
            "prisma"
        )),
        expected(&[
            ("db.system.name", "postgresql"),
            ("db.namespace", "orders"),
            ("db.collection.name", "users"),
        ])
    );
}

#[test]
fn default_scope_is_left_out() {
    assert_eq!(
        attributes(BoundaryBinding::storage(
            "aws-sdk",
            Some("aws.dynamodb"),
            "default",
            Some("Orders"),
            None,
            "aws-dynamodb"
        )),
        expected(&[
            ("db.system.name", "aws.dynamodb"),
            ("db.collection.name", "Orders")
        ])
    );
}

#[test]
fn unnamed_container_and_engine_are_left_out() {
    assert_eq!(
        attributes(BoundaryBinding::storage(
            "aws-sdk",
            Some("aws.dynamodb"),
            "default",
            None,
            None,
            "aws-dynamodb"
        )),
        expected(&[("db.system.name", "aws.dynamodb")])
    );
    assert_eq!(
        attributes(BoundaryBinding::storage(
            "tcp",
            None,
            "default",
            Some("accounts"),
            None,
            "terraform"
        )),
        expected(&[("db.collection.name", "accounts")])
    );
}

#[test]
fn access_path_has_no_attribute() {
    assert_eq!(
        attributes(BoundaryBinding::storage(
            "aws-sdk",
            Some("aws.dynamodb"),
            "default",
            Some("editions"),
            Some("by-publication"),
            "aws-dynamodb"
        )),
        expected(&[
            ("db.system.name", "aws.dynamodb"),
            ("db.collection.name", "editions")
        ])
    );
}

#[test]
fn stores_the_conventions_never_covered_state_nothing() {
    assert_eq!(
        attributes(BoundaryBinding::storage(
            "aws-sdk",
            Some("s3"),
            "default",
            Some("uploads"),
            None,
            "aws-s3"
        )),
        expected(&[])
    );
}

#[test]
fn queue_reads_under_messaging() {
    assert_eq!(
        attributes(BoundaryBinding::message_bus(
            "aws-sdk",
            "aws_sqs",
            Some("order-events"),
            "aws-sqs"
        )),
        expected(&[
            ("messaging.system", "aws_sqs"),
            ("messaging.destination.name", "order-events"),
        ])
    );
    assert_eq!(
        attributes(BoundaryBinding::message_bus(
            "aws-sdk", "aws_sqs", None, "aws-sqs"
        )),
        expected(&[("messaging.system", "aws_sqs")])
    );
}

#[test]
fn a_bus_qualified_channel_is_not_a_destination_name() {
    assert_eq!(
        attributes(BoundaryBinding::message_bus(
            "aws-sdk",
            "kafka",
            Some("default#orders"),
            "kafka"
        )),
        expected(&[("messaging.system", "kafka")])
    );
    assert_eq!(
        attributes(BoundaryBinding::message_bus(
            "aws-sdk",
            "eventbridge",
            Some("default#order.placed"),
            "eventbridge"
        )),
        expected(&[])
    );
}

#[test]
fn route_and_method() {
    assert_eq!(
        attributes(BoundaryBinding::rest(
            "http",
            Some("get"),
            Some("/users/:id"),
            "express"
        )),
        expected(&[("http.request.method", "GET"), ("http.route", "/users/:id")])
    );
}

#[test]
fn every_method_is_left_out() {
    assert_eq!(
        attributes(BoundaryBinding::rest(
            "http",
            Some("*"),
            Some("/users"),
            "aws-apigateway"
        )),
        expected(&[("http.route", "/users")])
    );
}

#[test]
fn graphql_operation() {
    assert_eq!(
        attributes(BoundaryBinding::graphql_operation(
            "http",
            GraphqlOperationType::Query,
            Some("GetUser"),
            "apollo"
        )),
        expected(&[
            ("graphql.operation.type", "query"),
            ("graphql.operation.name", "GetUser"),
        ])
    );
}

#[test]
fn boundaries_without_attributes_state_nothing() {
    assert_eq!(
        attributes(BoundaryBinding::graphql_resolver(
            "http",
            Some("Query"),
            "user",
            "apollo"
        )),
        expected(&[])
    );
    assert_eq!(
        attributes(BoundaryBinding::function_call(
            "in-process",
            Some("@acme/api"),
            Some(&["getUser"]),
            "package-exports"
        )),
        expected(&[])
    );
    assert_eq!(
        attributes(BoundaryBinding::runtime_config(
            "aws-lambda",
            "lambda",
            "OrdersFunction",
            "cloudformation"
        )),
        expected(&[])
    );
    assert_eq!(
        attributes(BoundaryBinding::metric(
            "aws-sdk",
            "cloudwatch",
            Some("histogram"),
            "aws-cloudwatch"
        )),
        expected(&[])
    );
    assert_eq!(
        attributes(BoundaryBinding::unit_invocation(
            "aws-sdk",
            "lambda",
            Some("ReportBuilder"),
            "aws-lambda"
        )),
        expected(&[])
    );
    assert_eq!(
        attributes(BoundaryBinding::io("os", Some("stdout"), "node")),
        expected(&[])
    );
}
