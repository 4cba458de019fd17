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
            text.push_str(&format!(
                "        e{j}: {{$ref: '#/components/schemas/E{j}'}}\n"
            ));
        }
    }
    let summaries = read(&text);
    assert_eq!(summaries.len(), n);
    let (body, definitions) = body_and_definitions(&summaries[0]);
    // E0 written out one level: its edges are refs.
    assert_eq!(body["properties"]["id"], json!({"type": "integer"}));
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
