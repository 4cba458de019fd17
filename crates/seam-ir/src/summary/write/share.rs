//! Value sharing for v7 files: which objects and arrays are written once and referred to after.
//!
//! The rule, applied in document order over the whole file: an object or array (never a whole
//! summary) that is structurally equal to one written earlier, and whose compact JSON is 32 or
//! more characters, becomes `{"$ref":n}`; its first appearance is written as
//! `{"$def":n,"$value":v}`, numbered from 1 in order of first appearance.
//!
//! Nesting, decided to stay simple and deterministic: the value inside a `$def` is written like
//! any other value, so a part of it that also repeats elsewhere gets its own `$def` there and is
//! a `$ref` later. A later copy of a shared value is a single `$ref` and is not looked into, so
//! only occurrences that are actually written count as appearances. This is why the plan is
//! made by walking the file the way the writer will ([`SharePlan::count`]), descending into
//! each distinct value at its first appearance only: no `$def` is ever written without a
//! `$ref` to it later in the file.
//!
//! Structural equality is decided by a 128-bit digest over each value's content (two
//! independent 64-bit SipHash digests, Merkle-style over children), so the plan holds 16 bytes
//! per distinct large value instead of the values themselves. Length is counted in UTF-16 code
//! units of the compact JSON, as JavaScript's `JSON.stringify(v).length` counts it.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};

use serde_json::Value;

/// Values shorter than this are written in full every time.
pub const MIN_SHARED_LENGTH: u64 = 32;

/// What the writer needs to know about one node of a summary's JSON tree, in pre-order.
#[derive(Clone, Copy)]
pub(crate) struct NodeInfo {
    pub digest: u128,
    /// Compact JSON length in UTF-16 code units.
    pub length: u64,
    /// This node and all its descendants.
    pub subtree_nodes: usize,
}

/// Digests and lengths of every node of `value`, in pre-order.
pub(crate) fn describe_tree(value: &Value) -> Vec<NodeInfo> {
    let mut nodes = Vec::new();
    describe_node(value, &mut nodes);
    nodes
}

fn seeded(seed: u8) -> DefaultHasher {
    let mut hasher = DefaultHasher::new();
    seed.hash(&mut hasher);
    hasher
}

struct Digest2(DefaultHasher, DefaultHasher);

impl Digest2 {
    fn new(kind: u8) -> Self {
        let mut digest = Digest2(seeded(0x5a), seeded(0xc3));
        digest.write(&[kind]);
        digest
    }
    fn write(&mut self, bytes: &[u8]) {
        self.0.write(bytes);
        self.1.write(bytes);
    }
    fn write_u128(&mut self, value: u128) {
        self.write(&value.to_le_bytes());
    }
    fn finish(&self) -> u128 {
        (u128::from(self.0.finish()) << 64) | u128::from(self.1.finish())
    }
}

/// Length of `text` as a JSON string literal, quotes included, in UTF-16 code units.
fn json_string_length(text: &str) -> u64 {
    let mut length = 2;
    for ch in text.chars() {
        length += match ch {
            '"' | '\\' | '\u{08}' | '\u{0c}' | '\n' | '\r' | '\t' => 2,
            c if (c as u32) < 0x20 => 6,
            c => c.len_utf16() as u64,
        };
    }
    length
}

fn describe_node(value: &Value, nodes: &mut Vec<NodeInfo>) -> NodeInfo {
    let slot = nodes.len();
    nodes.push(NodeInfo {
        digest: 0,
        length: 0,
        subtree_nodes: 1,
    });
    let info = match value {
        Value::Null => scalar(0, b"null", 4),
        Value::Bool(true) => scalar(1, b"true", 4),
        Value::Bool(false) => scalar(1, b"false", 5),
        Value::Number(n) => {
            let text = n.to_string();
            scalar(2, text.as_bytes(), text.len() as u64)
        }
        Value::String(s) => scalar(3, s.as_bytes(), json_string_length(s)),
        Value::Array(items) => {
            let mut digest = Digest2::new(4);
            let mut length = 2 + items.len().saturating_sub(1) as u64;
            for item in items {
                let child = describe_node(item, nodes);
                digest.write_u128(child.digest);
                length += child.length;
            }
            NodeInfo {
                digest: digest.finish(),
                length,
                subtree_nodes: nodes.len() - slot,
            }
        }
        Value::Object(map) => {
            let mut digest = Digest2::new(5);
            let mut length = 2 + map.len().saturating_sub(1) as u64;
            for (key, item) in map {
                let child = describe_node(item, nodes);
                // The key's length prefix keeps ("ab","c") and ("a","bc") apart.
                digest.write(&(key.len() as u64).to_le_bytes());
                digest.write(key.as_bytes());
                digest.write_u128(child.digest);
                length += json_string_length(key) + 1 + child.length;
            }
            NodeInfo {
                digest: digest.finish(),
                length,
                subtree_nodes: nodes.len() - slot,
            }
        }
    };
    nodes[slot] = info;
    info
}

fn scalar(kind: u8, text: &[u8], length: u64) -> NodeInfo {
    let mut digest = Digest2::new(kind);
    digest.write(text);
    NodeInfo {
        digest: digest.finish(),
        length,
        subtree_nodes: 1,
    }
}

fn is_container(value: &Value) -> bool {
    matches!(value, Value::Array(_) | Value::Object(_))
}

/// How many times each large value is written across the file (first pass).
#[derive(Default)]
pub(crate) struct SharePlan {
    appearances: HashMap<u128, u32>,
}

impl SharePlan {
    /// Records the appearances in one summary, walking it as the writer will.
    pub fn count(&mut self, summary: &Value, nodes: &[NodeInfo]) {
        let mut index = 0;
        self.count_children(summary, nodes, &mut index);
    }

    fn count_children(&mut self, value: &Value, nodes: &[NodeInfo], index: &mut usize) {
        *index += 1;
        match value {
            Value::Array(items) => items
                .iter()
                .for_each(|item| self.count_node(item, nodes, index)),
            Value::Object(map) => map
                .values()
                .for_each(|item| self.count_node(item, nodes, index)),
            _ => {}
        }
    }

    fn count_node(&mut self, value: &Value, nodes: &[NodeInfo], index: &mut usize) {
        let Some(info) = nodes.get(*index).copied() else {
            return;
        };
        // A value under the threshold has no descendant over it: nothing inside can be shared.
        if !is_container(value) || info.length < MIN_SHARED_LENGTH {
            *index += info.subtree_nodes;
            return;
        }
        let seen = self.appearances.entry(info.digest).or_insert(0);
        *seen = seen.saturating_add(1);
        if *seen == 1 {
            self.count_children(value, nodes, index);
        } else {
            *index += info.subtree_nodes;
        }
    }

    pub fn is_shared(&self, info: &NodeInfo) -> bool {
        info.length >= MIN_SHARED_LENGTH
            && self.appearances.get(&info.digest).is_some_and(|n| *n >= 2)
    }
}

/// Second pass: numbers `$def`s as they are first written.
#[derive(Default)]
pub(crate) struct DefNumbering {
    numbers: HashMap<u128, u64>,
}

/// What to write for one shared value.
pub(crate) enum Shared {
    Define(u64),
    Refer(u64),
}

impl DefNumbering {
    pub fn place(&mut self, digest: u128) -> Shared {
        if let Some(number) = self.numbers.get(&digest) {
            return Shared::Refer(*number);
        }
        let number = self.numbers.len() as u64 + 1;
        self.numbers.insert(digest, number);
        Shared::Define(number)
    }
}
