//! A large generated file: written shared, it reads back equal to the expanded write, and the
//! same input always gives the same bytes. The set mixes what takes each way through the
//! reader: plain repeats, nested repeats, non-ASCII text, escapes, floats, OpenAPI-style
//! `{"$ref":"…"}` metadata, and empty strings (read the general way).

use seam_ir::summary::{BehavioralSummary, WriteOptions, parse_summaries, write_summaries};
use serde_json::{Value, json};

fn generated_value(index: usize) -> Value {
    let module = index % 37;
    let table = format!("Orders{}", index % 11);
    let name = match index % 5 {
        0 => format!("créer{index}"),
        1 => format!("handle\"quoted\"\\{index}"),
        2 => format!("😀 emoji {index}"),
        _ => format!("handle{index}"),
    };
    let read = json!({"type": "interaction",
        "binding": {"transport": "aws-sdk",
            "semantics": {"name": "storage", "storageSystem": "aws.dynamodb", "scope": "default",
                "container": table, "accessPath": null},
            "recognition": "aws-dynamodb"},
        "callee": "dynamo.send",
        "interaction": {"class": "storage-access", "kind": "read", "fields": ["*"],
            "operation": "GetItemCommand", "selector": ["orderId"]}});
    let invoke = json!({"type": "invocation", "callee": format!("validate{}", index % 7),
        "args": [{"kind": "identifier", "name": "req", "weight": 0.25 * (index % 4) as f64}],
        "async": index.is_multiple_of(2)});
    let body = json!({"type": "record", "properties": {
        "id": {"type": "text"}, "total": {"type": "number"},
        "items": {"type": "array", "items": {"type": "record", "properties": {
            "sku": {"type": "text"}, "qty": {"type": "integer"}}}}}});
    let mut metadata = json!({"openapi": {"schema": {"$ref": "#/components/schemas/Order"},
        "count": {"$ref": 0}, "note": "ünïcödé"}});
    if index.is_multiple_of(13) {
        // An empty string is read the general way; the result must not change.
        metadata["openapi"]["summary"] = json!("");
    }
    json!({
        "kind": "handler",
        "location": {"file": format!("src/m{module}/h{index}.ts"), "range": {"start": 1, "end": 40},
            "exportName": name},
        "identity": {"name": name, "exportPath": [name],
            "boundaryBinding": {"transport": "http",
                "semantics": {"name": "rest", "method": "GET", "path": format!("/orders/{module}/:id")},
                "recognition": "express"}},
        "inputs": [{"type": "parameter", "name": "req", "position": 0, "role": "request"}],
        "transitions": [
            {"id": format!("{name}:response:200:abcdef0"),
             "conditions": [{"type": "truthinessCheck",
                 "subject": {"type": "input", "inputRef": "req", "path": ["params", "id"]},
                 "negated": false}],
             "output": {"type": "response",
                 "statusCode": {"type": "literal", "value": 200}, "body": body, "headers": {}},
             "effects": [invoke, read],
             "location": {"start": 30, "end": 30}, "isDefault": false},
            {"id": format!("{name}:response:404:abcdef0"),
             "conditions": [],
             "output": {"type": "response", "statusCode": {"type": "literal", "value": 404},
                 "body": {"type": "record", "properties": {"error": {"type": "text"}}},
                 "headers": {}},
             "effects": [invoke, read],
             "location": {"start": 31, "end": 31}, "isDefault": true}
        ],
        "gaps": [],
        "confidence": {"source": "inferred_static", "level": "high"},
        "metadata": metadata,
        "schemaVersion": 7
    })
}

fn generated(count: usize) -> Vec<BehavioralSummary> {
    let values: Vec<Value> = (0..count).map(generated_value).collect();
    let text = serde_json::to_string(&values).unwrap_or_default();
    match parse_summaries(&text, "generated") {
        Ok(summaries) => summaries,
        Err(e) => panic!("generated summaries do not read: {e}"),
    }
}

fn written(summaries: &[BehavioralSummary], expand: bool) -> Vec<u8> {
    let mut out = Vec::new();
    if let Err(e) = write_summaries(&mut out, summaries, WriteOptions { expand }) {
        panic!("write failed: {e}");
    }
    out
}

fn read(bytes: &[u8], label: &str) -> Vec<BehavioralSummary> {
    let text = String::from_utf8(bytes.to_vec()).unwrap_or_default();
    match parse_summaries(&text, label) {
        Ok(summaries) => summaries,
        Err(e) => panic!("{label} does not read back: {e}"),
    }
}

#[test]
fn a_large_shared_file_reads_back_equal_to_the_expanded_write() {
    let summaries = generated(1_500);
    let shared = written(&summaries, false);
    let expanded = written(&summaries, true);
    let shared_text = String::from_utf8_lossy(&shared);
    assert!(shared_text.contains("{\"$ref\":"), "nothing was shared");
    assert!(
        shared.len() * 3 < expanded.len(),
        "sharing saved too little"
    );
    let from_shared = read(&shared, "shared");
    let from_expanded = read(&expanded, "expanded");
    assert_eq!(from_shared.len(), 1_500);
    assert!(
        from_shared == from_expanded,
        "shared and expanded reads differ"
    );
    assert!(
        from_shared == summaries,
        "the read differs from what was written"
    );
    // Same input, same bytes; and what was read writes back to the same bytes.
    assert!(written(&summaries, false) == shared);
    assert!(written(&from_shared, false) == shared);
    assert!(written(&from_expanded, true) == expanded);
}

#[test]
fn length_is_counted_in_utf16_units_not_bytes() {
    // `["é"×20]`: 44 bytes of JSON but 24 UTF-16 units, under the 32 to share.
    let short = "é".repeat(20);
    // `["😀"×16]`: 4 bytes but 2 UTF-16 units per emoji, 36 units: shared.
    let long = "😀".repeat(16);
    let summary = |name: &str, metadata: Value| {
        json!({"kind": "client", "location": {"file": "a.ts", "range": {"start": 1, "end": 2}},
            "identity": {"name": name, "exportPath": null, "boundaryBinding": null},
            "inputs": [], "transitions": [{"id": format!("{name}:return:none:da39a3e"),
                "conditions": [], "output": {"type": "void"}, "effects": [], "metadata": metadata,
                "location": {"start": 2, "end": 2}, "isDefault": true}],
            "gaps": [], "confidence": {"source": "inferred_static", "level": "high"},
            "schemaVersion": 7})
    };
    let text = serde_json::to_string(&[
        summary("a", json!({"x": [long], "y": [short], "who": "a"})),
        summary("b", json!({"x": [long], "y": [short], "who": "b"})),
    ])
    .unwrap_or_default();
    let summaries = match parse_summaries(&text, "t") {
        Ok(summaries) => summaries,
        Err(e) => panic!("{e}: {text}"),
    };
    let out = String::from_utf8(written(&summaries, false)).unwrap_or_default();
    assert!(out.contains(&format!("[\"{short}\"]")), "{out}");
    assert!(!out.contains(&format!("\"$value\":[\"{short}\"]")), "{out}");
    assert!(out.contains(&format!("\"$value\":[\"{long}\"]}}")), "{out}");
    assert_eq!(read(out.as_bytes(), "t"), summaries);
}
