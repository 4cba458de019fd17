//! Python, parsed with Ruff's parser (`ruff_python_parser`) and lowered into the [`Model`].
//!
//! One parse, one walk. The walk lowers each construct into the model's arenas and records
//! every bound and read name with the scope it is written in; after the walk
//! [`scopes::Scopes::finish`] applies Python's scoping rules and fills every binding.
//!
//! Layout: [`ruff`] (the lowering over Ruff's tree: statements, expressions, definitions
//! and imports, strings, targets and patterns), [`scopes`] (Python's name binding),
//! [`strings`] (decoding literals as written).
//!
//! Rules worth knowing (the tests pin each one):
//! - **Exports.** Python has no export syntax. When the module assigns `__all__` a literal
//!   list or tuple of strings (optionally extended by `__all__ += [...]` literals), exactly
//!   those names are exported, in that order; a listed name bound by an import is a
//!   re-export (`from` is set). Otherwise every module-level function, class, type alias and
//!   assignment target whose name does not start with `_` is exported, in source order.
//! - **Assignments** are `StmtKind::Expr` of `ExprKind::Assign`. A chained `a = b = c` nests:
//!   `Assign(a, Assign(b, c))`, and both `a` and `b` get `c` as `origin.init`. `x: T = v`
//!   is an `Assign` (the annotation is kept on class members only); a bare `x: T` is
//!   `StmtKind::Other` that makes `x` local. Augmented `x += 1` is `AssignOp::Compound`.
//! - **Comparison chains** `a < b < c` lower to `Logical And` of `a < b` and `b < c`; the
//!   middle operand is one expression shared by both comparisons (it is evaluated once).
//! - **Strings.** Escapes are decoded (not in raw strings), `\r\n` inside a string reads as
//!   `\n`, implicit concatenation gives one literal, bytes are string literals (each byte
//!   escape becomes the char of that code point). An f-string with at least one hole is a
//!   `Template` (format specs and `!r` conversions are dropped, the hole's expression is
//!   kept; `{x=}` puts `x=` into the preceding quasi); one without holes is a plain string.
//! - **Methods.** `__init__` is a `Constructor`, `@property`/`@cached_property` a `Getter`,
//!   `@x.setter` a `Setter`; `@staticmethod` and `@classmethod` set `is_static`. The first
//!   parameter (`self`, `cls`) is an ordinary parameter. Class attributes become `Property`
//!   members: annotated ones are instance fields, unannotated ones and `ClassVar[...]` are
//!   static. A nested class is a member of kind `Other`.
//! - **Parameters.** A parameter with a default is `optional`, and the default is the
//!   binding's `origin.init`. Loop and comprehension variables have no `origin.init`;
//!   `with … as x` has the context expression.
//! - **Depth limit.** Lowering recursion stops at [`MAX_DEPTH`] nested levels; deeper code
//!   becomes `Other` with one diagnostic, so any nesting is safe for the stack.
//! - **Syntax errors.** Ruff's parser recovers from errors and always returns a tree. Every
//!   error it reports becomes a diagnostic (`expected `)` here`, or `unexpected `…` (Ruff's
//!   reason)`); what it could not read lowers to `Other`; the rest is lowered as usual.

pub mod ruff;
mod scopes;
mod strings;

use super::LowerError;
use crate::model::{Model, Span};

/// How deep the lowering recurses (expressions, patterns, type annotations and statements
/// each count a level; a block counts one more). CPython itself rejects more than 200 nested
/// brackets and 100 indentation levels, so real code stays below; generated operator chains
/// (`a + b + …` with hundreds of terms) are what comes near it. At 500 the deepest lowering
/// fits in a 2 MB thread stack even in an unoptimised build (the tests check 5,000 levels of
/// twelve kinds of nesting on a 2 MB thread).
pub const MAX_DEPTH: u32 = 500;

/// Parses Python source with Ruff's parser (which always returns a tree). Exposed so
/// benchmarks can time parsing alone.
pub fn parse(
    source: &str,
) -> Result<ruff_python_parser::Parsed<ruff_python_ast::ModModule>, LowerError> {
    Ok(ruff::parse(source))
}

/// Parses and lowers a Python file.
pub fn lower(path: &str, source: &str) -> Result<Model, LowerError> {
    ruff::lower(path, source)
}

/// The names a literal `__all__` lists, or `None` once `__all__` is given anything else.
#[derive(Debug, Default)]
struct DunderAll {
    seen: bool,
    literal: bool,
    names: Vec<(String, Span)>,
}
