//! Reading summary files: the spec's own examples, every older version, every layout, and the
//! exact errors for malformed input.

use std::io::BufReader;

use seam_ir::summary::{
    BehavioralSummary, Effect, Interaction, Output, Semantics, SummaryReadError, SummaryReader,
    parse_summaries,
};
use serde_json::{Value, json};

const SPEC_HANDLER: &str = include_str!("summary_fixtures/spec_handler.json");

/// A minimal valid summary with `transitions` and `identity` overridable.
fn summary(name: &str, transitions: Value) -> Value {
    json!({
        "kind": "client",
        "location": {"file": "src/orders.ts", "range": {"start": 1, "end": 9}, "exportName": null},
        "identity": {"name": name, "exportPath": null, "boundaryBinding": null, "id": format!("src/orders.ts::{name}")},
        "inputs": [],
        "transitions": transitions,
        "gaps": [],
        "confidence": {"source": "inferred_static", "level": "high"},
        "schemaVersion": 7
    })
}

/// Writes `values` in the v7 line layout (no sharing): the layout under test is the reader's.
fn lines(values: &[Value]) -> String {
    let body: Vec<String> = values.iter().map(|v| v.to_string()).collect();
    format!("[\n{}\n]\n", body.join(",\n"))
}

fn read(text: &str) -> Result<Vec<BehavioralSummary>, SummaryReadError> {
    parse_summaries(text, "summaries.json")
}

fn read_ok(text: &str) -> Vec<BehavioralSummary> {
    match read(text) {
        Ok(summaries) => summaries,
        Err(e) => panic!("expected the file to read, got: {e}"),
    }
}

fn error_text(text: &str) -> String {
    match read(text) {
        Ok(_) => panic!("expected an error"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn the_spec_example_reads_and_writes_back_byte_for_byte() {
    let summaries = read_ok(SPEC_HANDLER);
    assert_eq!(summaries.len(), 1);
    let original: Value = serde_json::from_str(SPEC_HANDLER).unwrap_or_default();
    // Compact text comparison: key order and null-versus-absent both count.
    let written = serde_json::to_string(&summaries).unwrap_or_default();
    assert_eq!(written, original.to_string());

    let transition = &summaries[0].transitions[0];
    assert_eq!(transition.id, "get:response:404:9d39a1a");
    assert!(matches!(transition.output, Output::Response(_)));
    let Effect::Interaction(effect) = &*transition.effects[1] else {
        panic!("expected an interaction effect");
    };
    assert!(matches!(effect.interaction, Interaction::StorageAccess(_)));
    let Semantics::Storage(storage) = &effect.binding.semantics else {
        panic!("expected storage semantics");
    };
    assert_eq!(storage.container.as_deref(), Some("Invoices"));
    assert_eq!(storage.access_path, None);
}

#[test]
fn the_spec_def_ref_example_reads_the_same_as_its_expanded_form() {
    // The spec's two lines, completed with the fields a summary needs.
    let transition = |id: &str, effects: Value| {
        json!([{"id": id, "conditions": [], "output": {"type": "void"}, "effects": effects,
                "location": {"start": 3, "end": 3}, "isDefault": true}])
    };
    let effect = json!({"type": "invocation", "callee": "fetchOrders", "args": []});
    let shared = lines(&[
        summary(
            "list",
            transition(
                "Orders.list:return:none:a57768c",
                json!([{"$def": 1, "$value": effect}]),
            ),
        ),
        summary(
            "refresh",
            transition("Orders.refresh:return:none:a57768c", json!([{"$ref": 1}])),
        ),
    ]);
    let expanded = lines(&[
        summary(
            "list",
            transition("Orders.list:return:none:a57768c", json!([effect])),
        ),
        summary(
            "refresh",
            transition("Orders.refresh:return:none:a57768c", json!([effect])),
        ),
    ]);
    let from_shared = read_ok(&shared);
    assert_eq!(from_shared, read_ok(&expanded));
    assert_eq!(
        serde_json::to_string(
            &from_shared[1].transitions[0]
                .effects
                .iter()
                .map(|e| &**e)
                .collect::<Vec<_>>()
        )
        .unwrap_or_default(),
        r#"[{"type":"invocation","callee":"fetchOrders","args":[]}]"#
    );
}

#[test]
fn a_version_1_file_reads_with_nulls_and_backfilled_ids() {
    let v1 = json!({
        "kind": "handler",
        "location": {"file": "src/routes.ts", "range": {"start": 4, "end": 12}, "exportName": "routes", "workspace": "shop"},
        "identity": {
            "name": "handler",
            "exportPath": ["routes", "handler"],
            "boundaryBinding": {"transport": "http", "semantics": {"name": "rest", "method": "", "path": ""}, "recognition": "express"}
        },
        "inputs": [],
        "transitions": [{
            "id": "handler:void:none:da39a3e", "conditions": [], "output": {"type": "void"},
            "effects": [{
                "type": "interaction",
                "binding": {"transport": "aws-sdk", "semantics": {"name": "message-bus", "messageBus": "sqs", "channel": ""}, "recognition": "aws-sqs"},
                "interaction": {"class": "message-send"}
            }],
            "location": {"start": 5, "end": 5}, "isDefault": true
        }],
        "gaps": [],
        "confidence": {"source": "inferred_static", "level": "medium"}
    });
    let summaries = read_ok(&format!("[{v1}]"));
    let summary = &summaries[0];
    assert_eq!(
        summary.identity.id.as_deref(),
        Some("shop::src/routes.ts::routes.handler")
    );
    let written = serde_json::to_value(summary).unwrap_or_default();
    assert_eq!(
        written["identity"]["boundaryBinding"]["semantics"],
        json!({"name": "rest", "method": null, "path": null})
    );
    // v1 predates the OpenTelemetry names too, so `sqs` becomes `aws_sqs` on the way in.
    assert_eq!(
        written["transitions"][0]["effects"][0]["binding"]["semantics"],
        json!({"name": "message-bus", "messageBus": "aws_sqs", "channel": null})
    );
    assert_eq!(written["schemaVersion"], json!(7));
}

#[test]
fn a_version_1_summary_without_export_path_gets_its_name_as_id() {
    let mut v1 = summary("list", json!([]));
    if let Some(map) = v1.as_object_mut() {
        map.remove("schemaVersion");
    }
    v1["identity"]
        .as_object_mut()
        .map(|identity| identity.remove("id"));
    let summaries = read_ok(&lines(&[v1]));
    assert_eq!(
        summaries[0].identity.id.as_deref(),
        Some("src/orders.ts::list")
    );
}

fn binding_effect(semantics: Value) -> Value {
    json!([{
        "id": "t:void:none:da39a3e", "conditions": [], "output": {"type": "void"},
        "effects": [{"type": "interaction",
            "binding": {"transport": "aws-sdk", "semantics": semantics, "recognition": "p"},
            "interaction": {"class": "storage-access", "kind": "write", "fields": ["total"]}}],
        "location": {"start": 2, "end": 2}, "isDefault": true
    }])
}

fn read_semantics(version: u64, semantics: Value) -> Value {
    let mut value = summary("save", binding_effect(semantics));
    value["schemaVersion"] = json!(version);
    let summaries = read_ok(&lines(&[value]));
    let written = serde_json::to_value(&summaries[0]).unwrap_or_default();
    written["transitions"][0]["effects"][0]["binding"]["semantics"].clone()
}

#[test]
fn version_3_storage_relational_becomes_storage() {
    assert_eq!(
        read_semantics(
            3,
            json!({"name": "storage-relational", "storageSystem": "postgres", "scope": "default", "table": "orders"})
        ),
        json!({"name": "storage", "storageSystem": "postgresql", "scope": "default", "container": "orders", "accessPath": null})
    );
}

#[test]
fn version_4_names_become_opentelemetry_names() {
    assert_eq!(
        read_semantics(
            4,
            json!({"name": "storage", "storageSystem": "dynamodb", "scope": "default", "container": "Invoices", "accessPath": null})
        ),
        json!({"name": "storage", "storageSystem": "aws.dynamodb", "scope": "default", "container": "Invoices", "accessPath": null})
    );
    assert_eq!(
        read_semantics(
            4,
            json!({"name": "message-bus", "messageBus": "sns", "channel": "orders"})
        ),
        json!({"name": "message-bus", "messageBus": "aws.sns", "channel": "orders"})
    );
    assert_eq!(
        read_semantics(
            4,
            json!({"name": "message-bus", "messageBus": "sqs", "channel": null})
        ),
        json!({"name": "message-bus", "messageBus": "aws_sqs", "channel": null})
    );
}

#[test]
fn version_5_and_later_names_are_left_alone() {
    // From version 5 on, `postgres` is whatever the producer meant by it: no rewrite.
    assert_eq!(
        read_semantics(
            5,
            json!({"name": "storage", "storageSystem": "postgres", "scope": "default", "container": "t", "accessPath": null})
        ),
        json!({"name": "storage", "storageSystem": "postgres", "scope": "default", "container": "t", "accessPath": null})
    );
}

#[test]
fn an_empty_identity_field_from_version_2_on_is_an_error() {
    let mut value = summary(
        "send",
        binding_effect(json!({"name": "message-bus", "messageBus": "aws_sqs", "channel": ""})),
    );
    value["schemaVersion"] = json!(2);
    let text = format!("[\n{},\n{}\n]", summary("a", json!([])), value);
    assert_eq!(
        error_text(&text),
        "summaries.json, line 3: summary 2: transitions[0].effects[0].binding: the message-bus field `channel` is the empty string, which schemaVersion 2 does not allow; expected a name, or null when the source did not say"
    );
}

#[test]
fn indented_and_line_layouts_read_the_same() {
    let values = [summary("list", json!([])), summary("refresh", json!([]))];
    let indented = serde_json::to_string_pretty(&values.to_vec()).unwrap_or_default();
    let single_line = serde_json::to_string(&values.to_vec()).unwrap_or_default();
    let by_line = lines(&values);
    assert_eq!(read_ok(&indented), read_ok(&by_line));
    assert_eq!(read_ok(&single_line), read_ok(&by_line));
    assert_eq!(read_ok("[]"), Vec::new());
    assert_eq!(read_ok("\u{feff}[\n]\n"), Vec::new());
}

#[test]
fn the_streaming_reader_gives_the_same_summaries_across_any_buffer_boundary() {
    let text = SPEC_HANDLER.replace("\n", "\r\n");
    let whole = read_ok(SPEC_HANDLER);
    for capacity in [1, 2, 7, 64] {
        let reader = BufReader::with_capacity(capacity, text.as_bytes());
        let streamed: Result<Vec<_>, _> = SummaryReader::new(reader, "s.json").collect();
        assert_eq!(streamed.as_ref().ok(), Some(&whole), "capacity {capacity}");
    }
}

#[test]
fn unknown_values_from_newer_producers_are_kept_and_written_back() {
    let transitions = json!([{
        "id": "t:teleport:none:da39a3e", "conditions": [],
        "output": {"type": "teleport", "to": "mars", "eta": null},
        "effects": [
            {"type": "hologram", "size": 3},
            {"type": "interaction",
             "binding": {"transport": "quantum", "semantics": {"name": "entanglement", "pair": null}, "recognition": "q"},
             "interaction": {"class": "spooky-action", "distance": "far"}}
        ],
        "location": {"start": 1, "end": 1}, "isDefault": true
    }]);
    let mut value = summary("beam", transitions);
    value["kind"] = json!("daemon");
    let summaries = read_ok(&lines(std::slice::from_ref(&value)));
    assert_eq!(summaries[0].kind.as_str(), "daemon");
    assert!(matches!(
        summaries[0].transitions[0].output,
        Output::Other(_)
    ));
    assert_eq!(summaries[0].transitions[0].output.tag(), "teleport");
    assert_eq!(
        serde_json::to_value(&summaries[0])
            .unwrap_or_default()
            .to_string(),
        value.to_string()
    );
}

#[test]
fn json_syntax_errors_name_the_exact_line() {
    let good = summary("a", json!([])).to_string();
    let text = format!("[\n{good},\n{good},\n{{\"kind\": \"client\",, }}\n]\n");
    assert_eq!(
        error_text(&text),
        "summaries.json, line 4: summary 3 is not valid JSON: expected `\"` at the start of a key"
            .replace(
                "expected `\"` at the start of a key",
                &syntax_message(r#"{"kind": "client",, }"#)
            )
    );
    // Inside an indented summary, the line is the line of the mistake, not of the summary.
    let indented = "[\n  {\n    \"kind\": \"client\"\n    \"location\": {}\n  }\n]";
    assert!(
        error_text(indented).starts_with(
            "summaries.json, line 4: summary 1 is not valid JSON: expected `,` or `}`"
        )
    );
}

/// serde_json's own wording for a syntax error, without its position.
fn syntax_message(text: &str) -> String {
    match serde_json::from_str::<Value>(text) {
        Ok(_) => String::new(),
        Err(e) => {
            let full = e.to_string();
            full[..full.rfind(" at line ").unwrap_or(full.len())].to_owned()
        }
    }
}

#[test]
fn structural_errors_say_what_was_expected() {
    let good = summary("a", json!([])).to_string();
    assert_eq!(
        error_text(&format!("[\n{good}\n{good}\n]")),
        "summaries.json, line 3: expected `,` or `]` after summary 1, found `{`"
    );
    assert_eq!(
        error_text(&format!("[\n{good},\n]")),
        "summaries.json, line 3: expected a summary after the comma, found `]`; remove the trailing comma"
    );
    assert_eq!(
        error_text(&format!("[\n{good},\n{}", &good[..20])),
        "summaries.json, line 3: the file ends inside summary 2 (which starts on line 3); expected it to be closed"
    );
    assert_eq!(
        error_text(""),
        "summaries.json, line 1: the file is empty; expected a JSON array of summaries"
    );
    assert_eq!(
        error_text("{\"kind\":\"client\"}"),
        "summaries.json, line 1: expected `[` to open the array of summaries, found `{`"
    );
    assert_eq!(
        error_text("[\n]\n]"),
        "summaries.json, line 3: expected nothing after the closing `]`, found `]`"
    );
    assert_eq!(
        error_text("[\n\"handler\"\n]"),
        "summaries.json, line 2: summary 1 is a string; expected a summary object"
    );
}

#[test]
fn typed_errors_name_the_summary_line_and_the_field() {
    let good = summary("a", json!([]));
    let mut no_kind = good.clone();
    no_kind.as_object_mut().map(|m| m.remove("kind"));
    assert_eq!(
        error_text(&lines(&[good.clone(), no_kind])),
        "summaries.json, line 3: summary 2 is not a valid summary: missing field `kind`"
    );
    let mut newer = good.clone();
    newer["schemaVersion"] = json!(8);
    assert_eq!(
        error_text(&lines(&[newer])),
        "summaries.json, line 2: summary 1: schemaVersion 8 is newer than this build of seam reads (1 to 7); upgrade seam"
    );
    let mut bad_predicate = good.clone();
    bad_predicate["transitions"] = json!([{"id": "x", "conditions": [{"type": "maybe"}], "output": {"type": "void"},
        "effects": [], "location": {"start": 1, "end": 1}, "isDefault": false}]);
    assert_eq!(
        error_text(&lines(&[bad_predicate])),
        "summaries.json, line 2: summary 1 is not a valid summary: Predicate `type` is \"maybe\", expected one of: nullCheck, truthinessCheck, comparison, typeCheck, propertyExists, compound, negation, call, opaque"
    );
}

#[test]
fn a_reference_to_a_later_or_unknown_def_is_an_error() {
    let transition = |effects: Value| {
        json!([{"id": "x", "conditions": [], "output": {"type": "void"}, "effects": effects,
                "location": {"start": 1, "end": 1}, "isDefault": true}])
    };
    let effect = json!({"type": "invocation", "callee": "fetchOrders", "args": [], "async": true});
    let text = lines(&[
        summary("a", transition(json!([{"$ref": 1}]))),
        summary("b", transition(json!([{"$def": 1, "$value": effect}]))),
    ]);
    assert_eq!(
        error_text(&text),
        "summaries.json, line 2: summary 1: {\"$ref\":1} refers to a value no earlier part of the file defines; expected a {\"$def\":1,\"$value\":…} before it"
    );
}
