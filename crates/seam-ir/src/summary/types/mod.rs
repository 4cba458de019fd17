//! The summary types, one idea per file, with serde spellings exactly as the format spec writes
//! them. Conventions: a field the spec marks nullable is `Option<T>` and always written (`null`
//! when `None`); a field the spec marks optional is `Option<T>` and left out when `None`.
//! Fields a newer producer adds to a known object are dropped on reading; free-form records
//! (`metadata`, `props`, payloads) keep everything.

pub(crate) mod tagged;

pub mod binding;
pub mod confidence;
pub mod effect;
pub mod gap;
pub mod identity;
pub mod input;
pub mod interaction;
pub mod kind;
pub mod location;
pub mod output;
pub mod predicate;
pub mod provenance;
pub mod shape;
pub mod summary;
pub mod transition;
pub mod value;

pub use binding::*;
pub use confidence::*;
pub use effect::*;
pub use gap::*;
pub use identity::*;
pub use input::*;
pub use interaction::*;
pub use kind::*;
pub use location::*;
pub use output::*;
pub use predicate::*;
pub use provenance::*;
pub use shape::*;
pub use summary::*;
pub use transition::*;
pub use value::*;

/// Reads an optional free-form value so that a written `null` stays `Some(Null)`: the field is
/// absent when `None` and `null` when the producer wrote null, and both must read back as
/// they were written. (serde's default maps `null` to `None` for `Option<Value>`.)
pub(crate) fn present_value<'de, D>(d: D) -> Result<Option<serde_json::Value>, D::Error>
where
    D: serde::Deserializer<'de>,
{
    <serde_json::Value as serde::Deserialize>::deserialize(d).map(Some)
}
