//! Python, parsed with tree-sitter (`tree-sitter-python`) and lowered into the [`Model`].
//!
//! One parse, one walk. The walk lowers each construct into the model's arenas and records
//! every bound and read name with the scope it is written in; after the walk
//! [`scopes::Scopes::finish`] applies Python's scoping rules and fills every binding.
//!
//! Layout: [`cst`] (tree-sitter helpers, language-agnostic), [`module`] (imports, exports,
//! the module body), [`functions`] (`def`, `lambda`, classes, parameters, decorators, type
//! annotations), [`statements`], [`expressions`], [`strings`] (string and number literals),
//! [`patterns`] (assignment and loop targets, match patterns), [`scopes`].
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
//! - **Syntax errors.** tree-sitter always returns a tree. Every ERROR and MISSING node
//!   becomes a diagnostic; ERROR subtrees lower to `Other`; the rest is lowered as usual.

mod cst;
mod expressions;
mod functions;
mod module;
mod patterns;
pub mod ruff;
mod scopes;
mod statements;
mod strings;

use super::LowerError;
use crate::model::*;
use cst::Fields;
use scopes::Scopes;
use std::cell::RefCell;
use tree_sitter::{Node, Tree};

/// How deep the lowering recurses (expressions, patterns, type annotations and statements
/// each count a level; a block counts one more). CPython itself rejects more than 200 nested
/// brackets and 100 indentation levels, so real code stays below; generated operator chains
/// (`a + b + …` with hundreds of terms) are what comes near it. At 500 the deepest lowering
/// fits in a 2 MB thread stack even in an unoptimised build (the tests check 5,000 levels of
/// twelve kinds of nesting on a 2 MB thread).
pub const MAX_DEPTH: u32 = 500;

thread_local! {
    static PARSER: super::tree_sitter_parser::ParserSlot = const { RefCell::new(None) };
}

/// Parses Python source with tree-sitter. Exposed so benchmarks can time parsing alone.
pub fn parse(source: &str) -> Result<Tree, LowerError> {
    super::tree_sitter_parser::parse_with(
        &PARSER,
        || tree_sitter_python::LANGUAGE.into(),
        "Python",
        source,
    )
}

/// Parses and lowers a Python file.
pub fn lower(path: &str, source: &str) -> Result<Model, LowerError> {
    let tree = parse(source)?;
    Ok(lower_tree(path, source, &tree))
}

/// Lowers an already parsed file.
pub fn lower_tree(path: &str, source: &str, tree: &Tree) -> Model {
    let root = tree.root_node();
    let mut lw = Lowerer::new(path, source);
    super::tree_sitter_parser::syntax_diagnostics(source, root, &mut lw.m.diagnostics);
    let body = lw.block(root);
    lw.m.body = body;
    lw.finish()
}

/// The names a literal `__all__` lists, or `None` once `__all__` is given anything else.
#[derive(Debug, Default)]
struct DunderAll {
    seen: bool,
    literal: bool,
    names: Vec<(String, Span)>,
}

pub(crate) struct Lowerer<'s> {
    src: &'s str,
    f: &'static Fields,
    m: Model,
    scopes: Scopes,
    /// The scope names are bound in and read from right now.
    scope: usize,
    /// The innermost function being lowered.
    func: Option<FuncId>,
    /// The class whose body is being lowered directly (not inside one of its methods).
    class: Option<ClassId>,
    depth: u32,
    too_deep_reported: bool,
    dunder_all: DunderAll,
}

impl<'s> Lowerer<'s> {
    fn new(path: &str, src: &'s str) -> Lowerer<'s> {
        Lowerer {
            src,
            f: Fields::python(),
            m: Model::new(path, Language::Python, src),
            scopes: Scopes::new(),
            scope: scopes::MODULE_SCOPE,
            func: None,
            class: None,
            depth: 0,
            too_deep_reported: false,
            dunder_all: DunderAll::default(),
        }
    }

    fn finish(mut self) -> Model {
        let scopes = std::mem::replace(&mut self.scopes, Scopes::new());
        let module_bindings = scopes.finish(&mut self.m);
        self.exports(&module_bindings);
        self.m
    }

    fn text(&self, node: Node<'_>) -> &'s str {
        cst::text(self.src, node)
    }

    /// Enters one level of recursion, or reports that the limit is reached.
    fn descend(&mut self, node: Node<'_>) -> bool {
        if self.depth >= MAX_DEPTH {
            if !self.too_deep_reported {
                self.too_deep_reported = true;
                let line = node.start_position().row + 1;
                self.m.diagnostics.push(Diagnostic {
                    message: format!(
                        "The code at line {line} is nested more than {MAX_DEPTH} levels deep; \
                         seam keeps the deeper part as text only."
                    ),
                    span: cst::span(node),
                });
            }
            return false;
        }
        self.depth += 1;
        true
    }

    fn ascend(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// Runs `f` with `scope`/`func`/`class` set, restoring them after.
    fn within<T>(
        &mut self,
        scope: usize,
        func: Option<FuncId>,
        class: Option<ClassId>,
        f: impl FnOnce(&mut Self) -> T,
    ) -> T {
        let saved = (self.scope, self.func, self.class);
        self.scope = scope;
        self.func = func;
        self.class = class;
        let out = f(self);
        (self.scope, self.func, self.class) = saved;
        out
    }

    /// The class whose body is being lowered, when names bound now are its attributes.
    fn class_body(&self) -> Option<ClassId> {
        match self.scopes.kind(self.scope) {
            scopes::ScopeKind::Class => self.class,
            _ => None,
        }
    }
}
