//! Typed indexes into the model's arenas. `u32` keeps nodes small; a file with more than
//! four billion nodes is not one seam will meet.
use serde::Serialize;

macro_rules! arena_id {
    ($($(#[$doc:meta])* $name:ident),* $(,)?) => {$(
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
        #[serde(transparent)]
        pub struct $name(pub u32);

        impl $name {
            pub fn from_index(i: usize) -> Self {
                // Saturate instead of wrapping: an absurdly large file still yields valid ids.
                Self(u32::try_from(i).unwrap_or(u32::MAX))
            }
            pub fn index(self) -> usize {
                self.0 as usize
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
