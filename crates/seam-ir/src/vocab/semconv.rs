//! A boundary binding read as the OpenTelemetry attributes a span would state.
//!
//! A summary says what a unit can reach; a trace says what it did reach. Comparing the two works
//! only when both spell a boundary the same way, so wherever the semantic conventions have an
//! attribute for a binding field, seam writes the value a span gets and this projection puts it
//! under that attribute's name.
//!
//! | semantics | field | attribute |
//! |---|---|---|
//! | storage | `storageSystem` | `db.system.name` |
//! | storage | `scope` | `db.namespace` |
//! | storage | `container` | `db.collection.name` |
//! | message-bus | `messageBus` | `messaging.system` |
//! | message-bus | `channel` | `messaging.destination.name` |
//! | rest | `method` | `http.request.method` (upper-cased) |
//! | rest | `path` | `http.route` (as the pack read it) |
//! | graphql-operation | `operationType` | `graphql.operation.type` |
//! | graphql-operation | `operationName` | `graphql.operation.name` |
//!
//! Three kinds of field stay out, so every value returned compares byte for byte with a span:
//!
//! 1. **A field the conventions have no attribute for**: a storage `accessPath` (a secondary
//!    index), a GraphQL resolver's type and field, and every field of function-call, metric,
//!    unit-invocation, io and runtime-config (boundaries nobody crosses at run time, or that no
//!    convention names). A store or bus the conventions never covered (`s3`, `gcs`, `r2`, `d1`,
//!    `cloudflare-kv`; `eventbridge`, `bullmq`, `nats`, the Cloudflare triggers) has no attributes
//!    at all: its spans carry other attributes, never `db.*` or `messaging.*` with these words.
//! 2. **A value seam wrote where the source stated none**: a null field, a storage scope of
//!    `default` (no source said which database), a REST method of `*` (every method).
//! 3. **The same thing under a different string**: a channel written `bus#subject` is seam's
//!    own composite, which no span states as its destination name; the runtime-config
//!    `instanceName` is a template's logical id, neither `service.name` nor `cloud.resource_id`.

use std::collections::BTreeMap;

use crate::summary::{
    BoundaryBinding, GraphqlOperationSemantics, MessageBusSemantics, RestSemantics, Semantics,
    StorageSemantics,
};

/// `db.system.name`: the database engine.
pub const DB_SYSTEM_NAME: &str = "db.system.name";
/// `db.namespace`: the database (schema, keyspace) within the engine.
pub const DB_NAMESPACE: &str = "db.namespace";
/// `db.collection.name`: the table or collection.
pub const DB_COLLECTION_NAME: &str = "db.collection.name";
/// `messaging.system`: the messaging product.
pub const MESSAGING_SYSTEM: &str = "messaging.system";
/// `messaging.destination.name`: the queue or topic.
pub const MESSAGING_DESTINATION_NAME: &str = "messaging.destination.name";
/// `http.request.method`: the HTTP method.
pub const HTTP_REQUEST_METHOD: &str = "http.request.method";
/// `http.route`: the matched route template.
pub const HTTP_ROUTE: &str = "http.route";
/// `graphql.operation.type`: query, mutation or subscription.
pub const GRAPHQL_OPERATION_TYPE: &str = "graphql.operation.type";
/// `graphql.operation.name`: the operation's name.
pub const GRAPHQL_OPERATION_NAME: &str = "graphql.operation.name";

/// The storage scope seam writes when no source said which database.
const DEFAULT_SCOPE: &str = "default";
/// The REST method seam writes for a route that answers every method.
const EVERY_METHOD: &str = "*";

/// Stores seam names in its own words because the conventions never covered them.
const STORES_WITHOUT_CONVENTION: &[&str] = &["s3", "gcs", "r2", "d1", "cloudflare-kv"];
/// Buses seam names in its own words because the conventions never covered them.
const BUSES_WITHOUT_CONVENTION: &[&str] = &[
    "eventbridge",
    "bullmq",
    "nats",
    "cloudflare-queues",
    "cloudflare-cron",
    "cloudflare-tail",
    "s3",
];

/// The attributes a span crossing this binding's boundary would state, keyed by attribute name
/// (sorted, so the output is deterministic).
pub fn semconv_attributes(binding: &BoundaryBinding) -> BTreeMap<&'static str, String> {
    semantics_attributes(&binding.semantics)
}

/// The attributes for one semantics value; see [`semconv_attributes`].
pub fn semantics_attributes(semantics: &Semantics) -> BTreeMap<&'static str, String> {
    let mut attributes = BTreeMap::new();
    match semantics {
        Semantics::Storage(storage) => storage_attributes(storage, &mut attributes),
        Semantics::MessageBus(bus) => message_bus_attributes(bus, &mut attributes),
        Semantics::Rest(rest) => rest_attributes(rest, &mut attributes),
        Semantics::GraphqlOperation(operation) => {
            graphql_operation_attributes(operation, &mut attributes)
        }
        // No attribute in the conventions for any of their fields (kind 1 above), and a
        // semantics newer than this build says nothing it can vouch for.
        _ => {}
    }
    attributes
}

fn storage_attributes(storage: &StorageSemantics, out: &mut BTreeMap<&'static str, String>) {
    if storage
        .storage_system
        .as_deref()
        .is_some_and(|system| STORES_WITHOUT_CONVENTION.contains(&system))
    {
        return;
    }
    if let Some(system) = &storage.storage_system {
        out.insert(DB_SYSTEM_NAME, system.clone());
    }
    if storage.scope != DEFAULT_SCOPE {
        out.insert(DB_NAMESPACE, storage.scope.clone());
    }
    if let Some(container) = &storage.container {
        out.insert(DB_COLLECTION_NAME, container.clone());
    }
}

fn message_bus_attributes(bus: &MessageBusSemantics, out: &mut BTreeMap<&'static str, String>) {
    if BUSES_WITHOUT_CONVENTION.contains(&bus.message_bus.as_str()) {
        return;
    }
    out.insert(MESSAGING_SYSTEM, bus.message_bus.clone());
    if let Some(channel) = &bus.channel
        && !channel.contains('#')
    {
        out.insert(MESSAGING_DESTINATION_NAME, channel.clone());
    }
}

fn rest_attributes(rest: &RestSemantics, out: &mut BTreeMap<&'static str, String>) {
    if let Some(method) = &rest.method
        && method != EVERY_METHOD
    {
        out.insert(HTTP_REQUEST_METHOD, method.to_uppercase());
    }
    if let Some(path) = &rest.path {
        out.insert(HTTP_ROUTE, path.clone());
    }
}

fn graphql_operation_attributes(
    operation: &GraphqlOperationSemantics,
    out: &mut BTreeMap<&'static str, String>,
) {
    out.insert(
        GRAPHQL_OPERATION_TYPE,
        operation.operation_type.as_str().to_string(),
    );
    if let Some(name) = &operation.operation_name {
        out.insert(GRAPHQL_OPERATION_NAME, name.clone());
    }
}
