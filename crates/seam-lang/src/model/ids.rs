//! Typed indexes into the model's arenas. `u32` keeps nodes small; a file with more than
//! four billion nodes is not one seam will meet.
use serde::Serialize;
use std::num::NonZeroU32;

/// Each id keeps its index plus one in a `NonZeroU32`, so that an `Option` of an id is 4
/// bytes, as the id: an identifier expression holds an `Option<BindingId>` beside its 16-byte
/// name, a binding its scope and its initialiser, and with 8-byte options every expression
/// was 8 bytes larger (see `tests/model_sizes.rs`). An id compares, orders, hashes, prints
/// (`ExprId(3)`) and serialises as its index; `ExprId(3)` builds one, as with a tuple struct.
macro_rules! arena_id {
    ($($(#[$doc:meta])* $name:ident),* $(,)?) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq)]
        pub struct $name {
            plus_one: NonZeroU32,
        }

        /// The id of index `i` (the spelling of a tuple struct's constructor).
        #[allow(non_snake_case)]
        pub const fn $name(i: u32) -> $name {
            $name::new(i)
        }

        impl $name {
            /// The id of index `i`; `u32::MAX` saturates to `u32::MAX - 1`.
            pub const fn new(i: u32) -> Self {
                let i = if i == u32::MAX { u32::MAX - 1 } else { i };
                match NonZeroU32::new(i + 1) {
                    Some(plus_one) => $name { plus_one },
                    None => unreachable!(),
                }
            }
            pub fn from_index(i: usize) -> Self {
                // Saturate instead of wrapping: an absurdly large file still yields valid ids.
                Self::new(u32::try_from(i).unwrap_or(u32::MAX))
            }
            pub fn index(self) -> usize {
                self.get() as usize
            }
            /// The index as a `u32`.
            pub const fn get(self) -> u32 {
                self.plus_one.get() - 1
            }
        }

        impl std::fmt::Debug for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_tuple(stringify!($name)).field(&self.get()).finish()
            }
        }

        impl std::hash::Hash for $name {
            fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
                self.get().hash(state)
            }
        }

        impl PartialOrd for $name {
            fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }

        impl Ord for $name {
            fn cmp(&self, other: &Self) -> std::cmp::Ordering {
                self.get().cmp(&other.get())
            }
        }

        impl Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                self.get().serialize(s)
            }
        }
    )*};
}

arena_id!(
    /// An expression in [`crate::model::Model::exprs`].
    ExprId,
    /// A statement in [`crate::model::Model::stmts`].
    StmtId,
    /// A function (of any form) in [`crate::model::Model::functions`].
    FuncId,
    /// A class in [`crate::model::Model::classes`].
    ClassId,
    /// A binding pattern in [`crate::model::Model::patterns`].
    PatternId,
    /// A declared name in [`crate::model::Model::bindings`].
    BindingId,
    /// An interface, type alias or enum in [`crate::model::Model::type_decls`].
    TypeDeclId,
);

/// A byte range in the file's source: `start..end`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(start: u32, end: u32) -> Span {
        Span { start, end }
    }
    pub fn len(self) -> u32 {
        self.end.saturating_sub(self.start)
    }
    pub fn is_empty(self) -> bool {
        self.end <= self.start
    }
    pub fn contains(self, other: Span) -> bool {
        self.start <= other.start && other.end <= self.end
    }
}
