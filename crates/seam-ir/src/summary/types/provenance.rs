//! Where each column an effect writes, or selects rows by, got its value.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::tagged::string_enum;
use super::value::ValueRef;

string_enum! {
    pub enum ProvenanceSlot {
        /// A column the access writes.
        "field" => Field,
        /// A column the access picks rows by.
        "selector" => Selector,
    }
}

/// Which column of which effect (`effect` is its index in the transition's effects).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ProvenanceSite {
    pub slot: ProvenanceSlot,
    pub effect: u32,
    pub name: String,
}

/// Every place the value at `at` could have come from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ProvenanceEntry {
    pub at: ProvenanceSite,
    pub from: Vec<ValueRef>,
}
