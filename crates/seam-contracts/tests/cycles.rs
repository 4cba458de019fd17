//! Schemas that refer to each other in cycles: each is read once, a `$ref` inside a cycle to
//! a schema on the same cycle is a `ref` shape keyed in the summary's `definitions`, and a
//! `$ref` from outside the cycle writes its target out one level.

use std::path::Path;

use seam_contracts::read_openapi_text;
use serde_json::{Value, json};

fn read(text: &str) -> Vec<Value> {
    let summaries = read_openapi_text(Path::new("openapi.yaml"), "openapi.yaml", text)
        .unwrap_or_else(|e| panic!("{e}"));
    summaries
        .iter()
        .map(|s| serde_json::to_value(s).unwrap_or_default())
        .collect()
}

/// The body of the first transition, and the definitions, of a summary.
fn body_and_definitions(summary: &Value) -> (Value, Value) {
    (
        summary["transitions"][0]["output"]["body"].clone(),
        summary["definitions"].clone(),
    )
}

const HEAD: &str = "openapi: 3.0.0\ninfo: {title: t, version: '1'}\n";

fn response(path: &str, schema: &str) -> String {
    format!(
        "  {path}:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: {{$ref: '#/components/schemas/{schema}'}}\n"
    )
}

#[test]
fn schemas_referring_to_each_other_stop_at_the_cycle() {
    // Group and User point at each other; Page (on no cycle) holds a Group.
    let text = format!(
        "{HEAD}paths:\n{}{}components:\n  schemas:
    Page:
      type: object
      required: [group]
      properties:
        group: {{$ref: '#/components/schemas/Group'}}
    Group:
      type: object
      required: [users]
      properties:
        users: {{type: array, items: {{$ref: '#/components/schemas/User'}}}}
    User:
      type: object
      required: [name, group]
      properties:
        name: {{type: string}}
        group: {{$ref: '#/components/schemas/Group'}}
",
        response("/page", "Page"),
        response("/user", "User"),
    );
    let summaries = read(&text);
    let group_ref = json!({"type": "ref", "name": "Group", "def": "Group"});
    let user_ref = json!({"type": "ref", "name": "User", "def": "User"});
    let group =
        json!({"type": "record", "properties": {"users": {"type": "array", "items": user_ref}}});
    let user =
        json!({"type": "record", "properties": {"name": {"type": "text"}, "group": group_ref}});
    let definitions = json!({"Group": group, "User": user});
    assert_eq!(
        body_and_definitions(&summaries[0]),
        (
            json!({"type": "record", "properties": {"group": group}}),
            definitions.clone()
        )
    );
    assert_eq!(body_and_definitions(&summaries[1]), (user, definitions));
}

#[test]
fn entities_whose_edges_all_point_at_each_other_are_read_in_linear_time() {
    // 24 entities, each with an edge to every other: a reader that writes a schema out again
    // on every path through the `$ref`s would need 23! steps.
    let n = 24;
    let mut text = format!("{HEAD}paths:\n");
    for i in 0..n {
        text.push_str(&response(&format!("/e{i}"), &format!("E{i}")));
    }
    text.push_str("components:\n  schemas:\n");
    for i in 0..n {
        text.push_str(&format!(
            "    E{i}:\n      type: object\n      required: [id]\n      properties:\n        id: {{type: integer}}\n"
        ));
        for j in (0..n).filter(|j| *j != i) {
            // Half the edges written the way swag writes them, as an `allOf` of one `$ref`.
            text.push_str(&if j % 2 == 0 {
                format!("        e{j}: {{$ref: '#/components/schemas/E{j}'}}\n")
            } else {
                format!("        e{j}: {{description: edge, allOf: [{{$ref: '#/components/schemas/E{j}'}}]}}\n")
            });
        }
    }
    let summaries = read(&text);
    assert_eq!(summaries.len(), n);
    let (body, definitions) = body_and_definitions(&summaries[0]);
    // E0 written out one level: its edges are refs, however they are written.
    assert_eq!(body["properties"]["id"], json!({"type": "integer"}));
    assert_eq!(
        body["properties"]["e2"],
        json!({"type": "union", "variants": [{"type": "ref", "name": "E2", "def": "E2"}, {"type": "undefined"}]})
    );
    assert_eq!(
        body["properties"]["e1"],
        json!({"type": "union", "variants": [{"type": "ref", "name": "E1", "def": "E1"}, {"type": "undefined"}]})
    );
    // Every entity is defined, once, each the same as the body of its own operation.
    let definitions = definitions.as_object().cloned().unwrap_or_default();
    assert_eq!(definitions.len(), n);
    for (i, summary) in summaries.iter().enumerate() {
        assert_eq!(
            definitions.get(&format!("E{i}")),
            Some(&body_and_definitions(summary).0)
        );
    }
}

#[test]
fn edges_wrapped_in_all_of_stop_at_the_cycle_too() {
    // The way swag writes ent schemas: the edges object and every single-valued edge are an
    // `allOf` of one `$ref`, with a description beside it. Item and Loc point at each other
    // through ItemEdges and LocEdges; Out (on no cycle) holds an Item the same way.
    let text = format!(
        "{HEAD}paths:\n{}{}components:\n  schemas:
    Out:
      type: object
      properties:
        item: {{description: the item, allOf: [{{$ref: '#/components/schemas/Item'}}]}}
    Item:
      type: object
      properties:
        name: {{type: string}}
        edges: {{description: edges, allOf: [{{$ref: '#/components/schemas/ItemEdges'}}]}}
    ItemEdges:
      type: object
      properties:
        location: {{description: where, allOf: [{{$ref: '#/components/schemas/Loc'}}]}}
    Loc:
      type: object
      properties:
        edges: {{allOf: [{{$ref: '#/components/schemas/LocEdges'}}]}}
    LocEdges:
      type: object
      properties:
        items: {{type: array, items: {{$ref: '#/components/schemas/Item'}}}}
",
        response("/out", "Out"),
        response("/item", "Item"),
    );
    let summaries = read(&text);
    let optional =
        |shape: Value| json!({"type": "union", "variants": [shape, {"type": "undefined"}]});
    let reference = |name: &str| json!({"type": "ref", "name": name, "def": name});
    // Item written out one level: its edges object is a ref, as a plain `$ref` would be.
    let item = json!({"type": "record", "properties": {
        "name": optional(json!({"type": "text"})),
        "edges": optional(reference("ItemEdges")),
    }});
    let item_edges =
        json!({"type": "record", "properties": {"location": optional(reference("Loc"))}});
    let loc = json!({"type": "record", "properties": {"edges": optional(reference("LocEdges"))}});
    let loc_edges = json!({"type": "record", "properties": {
        "items": optional(json!({"type": "array", "items": reference("Item")})),
    }});
    let definitions =
        json!({"Item": item, "ItemEdges": item_edges, "Loc": loc, "LocEdges": loc_edges});
    assert_eq!(
        body_and_definitions(&summaries[0]),
        (
            json!({"type": "record", "properties": {"item": optional(item.clone())}}),
            // Every definition a ref reaches, not only the one written in the body.
            definitions.clone()
        )
    );
    assert_eq!(body_and_definitions(&summaries[1]), (item, definitions));
}
