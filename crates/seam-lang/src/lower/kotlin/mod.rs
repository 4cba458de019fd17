//! Kotlin, parsed with tree-sitter (`tree-sitter-kotlin-sg`, the fwcd grammar) and lowered
//! into the [`Model`], the way Java is (see [`super::java`]): Spring code reads the same
//! in both languages.
//!
//! One parse, one walk, with a stack of block scopes: a local or parameter resolves to its
//! binding; a bare name that is a property or method of an enclosing class reads as
//! `this.name`; a `const val` of the class (or its companion object) reads its binding,
//! whose `origin.init` is the value; a type or imported name resolves at module level.
//!
//! Layout: [`cst`] (tree-sitter helpers), [`decls`] (package, imports, classes, objects,
//! functions, properties, constructors, annotations, types), [`stmts`], [`exprs`],
//! [`strings`] (string templates and number literals).
//!
//! Rules worth knowing (the tests pin each one):
//! - **Package and imports.** The package is [`Model::package`]. `import a.b.User` is an
//!   [`Import`] with specifier `a.b.User` binding `User` (or the alias of `as U`);
//!   `import a.b.*` has specifier `a.b` and [`ImportedItem::All`].
//! - **Exports.** Every top-level class, object, function and property is exported by name.
//! - **Classes.** Classes, interfaces (abstract), data classes and objects are [`Class`]es;
//!   an enum class is a [`TypeDecl`] of its entries. The primary constructor is a
//!   [`FunctionKind::Constructor`] named after the class, and a `val`/`var` parameter is
//!   both a parameter property (`property_visibility`) and a [`MemberKind::Property`]. Members
//!   of a companion object are static members of the class; members of an object are
//!   static too.
//! - **Functions.** Top-level and extension functions are function declarations named as
//!   written (`fun String.slug()` is `slug`). An expression body (`fun f() = x`) is a block
//!   returning the value; a returned `if`/`when`/`try` is lowered as the statement whose
//!   branches return their values, so every branch is a path.
//! - **Annotations are decorators**, as in Java: `@GetMapping("/x")` is the call
//!   `GetMapping("/x")`, `value = ["/a"]` a named argument holding an array; a use-site target
//!   (`@field:`) is dropped.
//! - **Expressions.** `"a/$x/${y}"` is a template; `listOf`/`setOf`/`arrayOf(…)` (and their
//!   mutable forms) are arrays and `mapOf(k to v, …)` an object, when the name is not bound
//!   in the file; a call of a capitalised name `User(…)` is an instantiation (`is_new`, Kotlin's
//!   naming convention stands in for Java's `new`); `x!!`, `x as T` and parentheses are
//!   unwrapped; `a ?: b` is [`LogicalOp::Nullish`]; `when` is a switch (with a subject) or an
//!   `if` chain; a lambda without parameters declares `it`. `val v = e ?: return r` (or
//!   `throw`) declares `v = e` followed by `if (v == null) return r`.
//! - **Depth limit and syntax errors**: as in Java ([`MAX_DEPTH`], every ERROR and MISSING
//!   node is a diagnostic, ERROR subtrees lower to `Other`).

mod cst;
mod decls;
mod exprs;
mod stmts;
mod strings;

use super::LowerError;
use crate::model::*;
use std::cell::RefCell;
use std::collections::HashMap;
use tree_sitter::{Node, Tree};

/// How deep the lowering recurses (shared with the Python and Java lowerings).
pub const MAX_DEPTH: u32 = 500;

thread_local! {
    static PARSER: super::tree_sitter_parser::ParserSlot = const { RefCell::new(None) };
}

fn grammar() -> tree_sitter::Language {
    tree_sitter_kotlin_sg::LANGUAGE.into()
}

/// Parses Kotlin source with tree-sitter. Exposed so benchmarks can time parsing alone.
pub fn parse(source: &str) -> Result<Tree, LowerError> {
    super::tree_sitter_parser::parse_with(&PARSER, grammar, "Kotlin", source)
}

/// Parses and lowers a Kotlin file.
pub fn lower(path: &str, source: &str) -> Result<Model, LowerError> {
    let tree = parse(source)?;
    Ok(lower_tree(path, source, &tree))
}

/// Lowers an already parsed file.
pub fn lower_tree(path: &str, source: &str, tree: &Tree) -> Model {
    let root = tree.root_node();
    let mut lw = Lowerer::new(path, source);
    super::tree_sitter_parser::syntax_diagnostics(source, root, &mut lw.m.diagnostics);
    lw.program(root);
    lw.m
}

/// What a bare name means inside a class body: the class's own properties and methods.
#[derive(Debug, Default)]
struct ClassScope {
    fields: Vec<String>,
    methods: Vec<String>,
    /// `const val`s (of the class, its companion or an object): a bare name reads the
    /// constant's binding, whose `origin.init` is the value.
    constants: Vec<(String, BindingId)>,
}

pub(crate) struct Lowerer<'s> {
    src: &'s str,
    m: Model,
    /// Block scopes of the function being lowered, innermost last.
    frames: Vec<Vec<(String, BindingId)>>,
    /// Module-level names: imports and every declaration of the file.
    module: HashMap<String, BindingId>,
    /// Enclosing class bodies, innermost last.
    classes: Vec<(ClassId, ClassScope)>,
    /// The innermost function being lowered.
    func: Option<FuncId>,
    depth: u32,
    too_deep_reported: bool,
}

impl<'s> Lowerer<'s> {
    fn new(path: &str, src: &'s str) -> Lowerer<'s> {
        Lowerer {
            src,
            m: Model::new(path, Language::Kotlin, src),
            frames: Vec::new(),
            module: HashMap::new(),
            classes: Vec::new(),
            func: None,
            depth: 0,
            too_deep_reported: false,
        }
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

    /// Declares a name in the innermost block scope (or at module level outside functions).
    fn declare(
        &mut self,
        name: &str,
        kind: BindingKind,
        origin: BindingOrigin,
        at: Span,
    ) -> BindingId {
        let id = self.m.push_binding(Binding {
            name: name.into(),
            kind,
            scope: self.func,
            origin,
            reassigned: false,
            span: at,
        });
        match self.frames.last_mut() {
            Some(frame) => frame.push((name.to_owned(), id)),
            None => {
                self.module.entry(name.to_owned()).or_insert(id);
            }
        }
        id
    }

    /// The binding a name resolves to among locals, parameters and module-level names.
    fn lookup(&self, name: &str) -> Option<BindingId> {
        for frame in self.frames.iter().rev() {
            if let Some((_, id)) = frame.iter().rev().find(|(n, _)| n == name) {
                return Some(*id);
            }
        }
        self.module.get(name).copied()
    }

    /// True when a bare name is a local or parameter (which hide properties of the same name).
    fn is_local(&self, name: &str) -> bool {
        self.frames
            .iter()
            .any(|frame| frame.iter().any(|(n, _)| n == name))
    }

    /// The binding of a `const val` of an enclosing class named by a bare name.
    fn constant(&self, name: &str) -> Option<BindingId> {
        self.classes
            .iter()
            .rev()
            .find_map(|(_, c)| c.constants.iter().find(|(n, _)| n == name).map(|(_, b)| *b))
    }

    /// True when a bare name is a property of an enclosing class.
    fn is_field(&self, name: &str) -> bool {
        self.classes
            .iter()
            .any(|(_, c)| c.fields.iter().any(|f| f == name))
    }

    /// True when a bare call names a method of an enclosing class.
    fn is_method(&self, name: &str) -> bool {
        self.classes
            .iter()
            .any(|(_, c)| c.methods.iter().any(|f| f == name))
    }

    /// Runs `f` inside a new block scope.
    fn scoped<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        self.frames.push(Vec::new());
        let out = f(self);
        self.frames.pop();
        out
    }

    fn other_expr(&mut self, node: Node<'_>) -> ExprId {
        self.m.push_expr(ExprKind::Other, cst::span(node))
    }
}

#[cfg(test)]
mod tests;
