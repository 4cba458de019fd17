//! The wire formats seam reads and writes.
//!
//! - [`summary`]: behavioural summaries (schemaVersion 7): types, reading every published
//!   version, writing the v7 line-per-summary layout with `$def`/`$ref` sharing.
//! - [`vocab`]: the ir-core vocabulary shared by every boundary: boundary names, message-bus
//!   channels, REST route paths, boundary key strings, the OpenTelemetry projection.
//! - [`review`]: the review IR (aburi.ir.v1): document types, the canonical serializer, the
//!   integrity invariants and the fingerprints.

pub mod findings;
pub mod review;
pub mod summary;
pub mod vocab;
pub mod yaml;
