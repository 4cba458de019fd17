//! The ir-core vocabulary shared by every boundary, one module per idea:
//!
//! - [`boundary_name`]: storage container and access-path names (literal, pattern, reference);
//! - [`channel`]: message-bus channels `bus#subject` and when two pair;
//! - [`route_path`]: REST route paths, their normalisation, pattern grammar and pairing;
//! - [`boundary_key`]: boundary key strings as people write them (`GET /users/{id}`, …);
//! - [`semconv`]: the OpenTelemetry attributes a binding states;
//! - [`test_paths`]: which files are test code, by their path.

pub mod boundary_key;
pub mod boundary_name;
pub mod channel;
pub mod route_path;
pub mod semconv;
pub mod test_paths;

pub use boundary_key::BoundaryKey;
pub use boundary_name::{
    BoundaryName, NamePart, Reference, fixed_text_length, names_agree, names_nothing,
    reference_from_name, reference_name,
};
pub use channel::{Channel, buses_agree, channels_pair};
pub use route_path::{
    HoleRange, RoutePath, Specificity, methods_pair, most_specific, normalize_path, paths_pair,
    specificity, unnamed_params,
};
pub use test_paths::is_test_path;
