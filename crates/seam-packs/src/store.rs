//! Store packs (`kind: store`): calls that read or write a container of a store (a table, a
//! collection), written as data. A store pack makes no units of its own kind; every function
//! holding a recognised access gets a summary whose transitions carry `storage-access`
//! interaction effects, and a handler or client calling the store directly carries them too.
//!
//! ```yaml
//! accesses:
//!   - pattern: $CLIENT.$MODEL.$OP($ARGS)
//!     where: { $CLIENT: { client: true }, $OP: { oneOf: [findUnique, create] } }
//!     container: $MODEL
//!     operation: $OP
//!     reads: [findUnique]            # operations that read …
//!     writes: [create]               # … and operations that write
//!     fields: [{ option: $ARGS, key: select }]          # keys read (absent: the whole row)
//!     alsoReads: [{ option: $ARGS, key: include }]      # keys read besides the whole row
//!     written: [{ option: $ARGS, key: data }]           # keys written
//!     selector: [{ option: $ARGS, key: where }]         # keys a row is picked by
//!     selectorCombinators: [AND, OR, NOT]               # keys holding nested selectors
//!     wholeRow: true                 # a read with no `fields` option reads every column
//!   - pattern: $CLIENT.$queryRaw($$$ARGS)
//!     where: { $CLIENT: { client: true } }
//!     opaque: true                   # an access seam cannot read: no container, no fields
//! clientSources:
//!   members: [prisma, db]            # `this.prisma`, `ctx.db` hold a client
//!   containers: [client]             # `prisma.client` holds one when `prisma` is a client
//!   callbacks:                       # the first parameter of the callback is a client
//!     - pattern: $CLIENT.$transaction($CALLBACK)
//!       client: $CLIENT
//!       callback: $CALLBACK
//! ```

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::format::{ConstraintFile, ValueFile};
use crate::pack::{Constraint, ValueRead};
use crate::pattern::PatternNode;

/// One access pattern as written.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct AccessFile {
    pub pattern: String,
    #[serde(default, rename = "where")]
    pub where_: BTreeMap<String, ConstraintFile>,
    /// The metavariable naming the container as the code spells it (a model accessor).
    #[serde(default)]
    pub container: Option<String>,
    #[serde(default)]
    pub operation: Option<String>,
    #[serde(default)]
    pub reads: Vec<String>,
    #[serde(default)]
    pub writes: Vec<String>,
    #[serde(default)]
    pub fields: Vec<ValueFile>,
    #[serde(default)]
    pub also_reads: Vec<ValueFile>,
    #[serde(default)]
    pub written: Vec<ValueFile>,
    #[serde(default)]
    pub selector: Vec<ValueFile>,
    #[serde(default)]
    pub selector_combinators: Vec<String>,
    #[serde(default)]
    pub opaque: bool,
    /// Whether a read with none of `fields` reads every column (`findMany()` does; `count()`
    /// does not). Default true.
    #[serde(default)]
    pub whole_row: Option<bool>,
}

/// Where else the code holds a client, as written.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ClientSourcesFile {
    #[serde(default)]
    pub members: Vec<String>,
    #[serde(default)]
    pub containers: Vec<String>,
    #[serde(default)]
    pub callbacks: Vec<CallbackFile>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct CallbackFile {
    pub pattern: String,
    pub client: String,
    pub callback: String,
}

/// A compiled access pattern.
#[derive(Debug, Clone, PartialEq)]
pub struct StoreAccess {
    pub pattern: PatternNode,
    pub constraints: BTreeMap<String, Constraint>,
    pub container: Option<String>,
    pub operation: Option<String>,
    pub reads: Vec<String>,
    pub writes: Vec<String>,
    pub fields: Vec<ValueRead>,
    pub also_reads: Vec<ValueRead>,
    pub written: Vec<ValueRead>,
    pub selector: Vec<ValueRead>,
    pub selector_combinators: Vec<String>,
    pub opaque: bool,
    pub whole_row: bool,
}

/// Compiled client sources.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ClientSources {
    pub members: Vec<String>,
    pub containers: Vec<String>,
    pub callbacks: Vec<ClientCallback>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ClientCallback {
    pub pattern: PatternNode,
    pub client: String,
    pub callback: String,
}
