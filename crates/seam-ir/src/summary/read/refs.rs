//! Puts back the values a v7 file wrote once: `{"$def":n,"$value":v}` becomes `v`, and
//! `{"$ref":n}` becomes the `v` of the earlier `$def` with the same `n`.
//!
//! Only an object with exactly those keys and a positive whole number is a reference, so an
//! OpenAPI `{"$ref":"#/components/…"}` kept in metadata stays data.

use std::collections::HashMap;

use serde_json::{Map, Value};

/// The values defined so far in one file, by number. This table is what bounds a streaming
/// reader's memory: it grows with the number of distinct shared values, not with the file.
///
/// A value defined by the fast reader ([`super::fast`]) is kept as its text, exactly the bytes
/// of the file with references inside put back; one defined while reading the general way is
/// kept as the `Value` it resolved to (so it is never re-parsed, which could round a float
/// differently).
#[derive(Default)]
pub(crate) struct DefTable {
    texts: HashMap<u64, (usize, usize)>,
    arena: Vec<u8>,
    values: HashMap<u64, Value>,
    /// Numbers defined as text since the last [`DefTable::mark`].
    recent: Vec<u64>,
}

/// The state of a table before an element, to go back to.
pub(crate) struct Mark {
    arena: usize,
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
    fn is_defined(&self, number: u64) -> bool {
        self.texts.contains_key(&number) || self.values.contains_key(&number)
    }

    pub fn mark(&mut self) -> Mark {
        self.recent.clear();
        Mark {
            arena: self.arena.len(),
        }
    }

    /// Forgets every text defined since `mark`.
    pub fn roll_back(&mut self, mark: Mark) {
        for number in self.recent.drain(..) {
            self.texts.remove(&number);
        }
        self.arena.truncate(mark.arena);
    }

    /// Appends the text of `number` to `out`; `None` when it has no text.
    pub fn copy_text(&self, number: u64, out: &mut Vec<u8>) -> Option<()> {
        let &(start, end) = self.texts.get(&number)?;
        out.extend_from_slice(self.arena.get(start..end)?);
        Some(())
    }

    /// Defines `number` as `text`; `None` when it is defined already.
    pub fn define_text(&mut self, number: u64, text: &[u8]) -> Option<()> {
        if self.is_defined(number) {
            return None;
        }
        let start = self.arena.len();
        self.arena.extend_from_slice(text);
        self.texts.insert(number, (start, self.arena.len()));
        self.recent.push(number);
        Some(())
    }

    fn defined_value(&self, number: u64) -> Result<Option<Value>, String> {
        if let Some(value) = self.values.get(&number) {
            return Ok(Some(value.clone()));
        }
        let Some(&(start, end)) = self.texts.get(&number) else {
            return Ok(None);
        };
        serde_json::from_slice(self.arena.get(start..end).unwrap_or_default())
            .map(Some)
            .map_err(|e| {
                format!("$def {number} could not be read back ({e}); this is a bug in seam")
            })
    }

    /// Replaces every `$def` and `$ref` inside `value`, in document order.
    pub fn resolve(&mut self, value: &mut Value) -> Result<(), String> {
        match value {
            Value::Object(map) => {
                if let Some(number) = reference_number(map) {
                    let Some(defined) = self.defined_value(number)? else {
                        return Err(format!(
                            "{{\"$ref\":{number}}} refers to a value no earlier part of the file defines; expected a {{\"$def\":{number},\"$value\":…}} before it"
                        ));
                    };
                    *value = defined;
                    return Ok(());
                }
                if let Some(number) = definition_number(map) {
                    let mut inner = map.remove("$value").unwrap_or(Value::Null);
                    self.resolve(&mut inner)?;
                    if self.is_defined(number) {
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
