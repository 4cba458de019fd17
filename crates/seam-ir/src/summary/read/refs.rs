//! Puts back the values a v7 file wrote once: `{"$def":n,"$value":v}` becomes `v`, and
//! `{"$ref":n}` becomes the `v` of the earlier `$def` with the same `n`.
//!
//! Only an object with exactly those keys and a positive whole number is a reference, so an
//! OpenAPI `{"$ref":"#/components/…"}` kept in metadata stays data.

use std::collections::HashMap;

use serde_json::{Map, Value};

/// The values defined so far in one file, by number. This table is what bounds a streaming
/// reader's memory: it grows with the number of distinct shared values, not with the file.
#[derive(Default)]
pub(crate) struct DefTable {
    values: HashMap<u64, Value>,
}

fn reference_number(map: &Map<String, Value>) -> Option<u64> {
    if map.len() != 1 {
        return None;
    }
    map.get("$ref").and_then(Value::as_u64).filter(|n| *n >= 1)
}

fn definition_number(map: &Map<String, Value>) -> Option<u64> {
    if map.len() != 2 || !map.contains_key("$value") {
        return None;
    }
    map.get("$def").and_then(Value::as_u64).filter(|n| *n >= 1)
}

impl DefTable {
    /// Replaces every `$def` and `$ref` inside `value`, in document order.
    pub fn resolve(&mut self, value: &mut Value) -> Result<(), String> {
        match value {
            Value::Object(map) => {
                if let Some(number) = reference_number(map) {
                    let Some(defined) = self.values.get(&number) else {
                        return Err(format!(
                            "{{\"$ref\":{number}}} refers to a value no earlier part of the file defines; expected a {{\"$def\":{number},\"$value\":…}} before it"
                        ));
                    };
                    *value = defined.clone();
                    return Ok(());
                }
                if let Some(number) = definition_number(map) {
                    let mut inner = map.remove("$value").unwrap_or(Value::Null);
                    self.resolve(&mut inner)?;
                    if self.values.contains_key(&number) {
                        return Err(format!(
                            "$def {number} is defined a second time; each number is defined once"
                        ));
                    }
                    self.values.insert(number, inner.clone());
                    *value = inner;
                    return Ok(());
                }
                for child in map.values_mut() {
                    self.resolve(child)?;
                }
                Ok(())
            }
            Value::Array(items) => {
                for child in items {
                    self.resolve(child)?;
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn definitions_and_references_resolve_in_order() {
        let mut table = DefTable::default();
        let mut first = json!({"a": {"$def": 1, "$value": [1, 2, 3]}, "b": {"$ref": 1}});
        assert_eq!(table.resolve(&mut first), Ok(()));
        assert_eq!(first, json!({"a": [1, 2, 3], "b": [1, 2, 3]}));
        let mut second = json!([{"$ref": 1}, {"$ref": "#/components/x"}]);
        assert_eq!(table.resolve(&mut second), Ok(()));
        assert_eq!(second, json!([[1, 2, 3], {"$ref": "#/components/x"}]));
    }

    #[test]
    fn a_reference_forward_or_to_nothing_is_an_error() {
        let mut table = DefTable::default();
        let mut forward = json!([{"$ref": 2}, {"$def": 2, "$value": {}}]);
        assert_eq!(
            table.resolve(&mut forward),
            Err("{\"$ref\":2} refers to a value no earlier part of the file defines; expected a {\"$def\":2,\"$value\":…} before it".to_owned())
        );
    }
}
