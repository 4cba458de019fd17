//! Go, parsed with tree-sitter (`tree-sitter-go`) and lowered into the [`Model`].
//!
//! One parse, two walks: [`decls`] first declares every package-level name of the file (Go
//! resolves them regardless of order), then every declaration is lowered with a stack of
//! block scopes. Layout: [`decls`] (the package clause, imports, functions and methods,
//! struct and interface types, package-level variables, exports), [`stmts`], [`exprs`]
//! (expressions, literals, types).
//!
//! How Go maps onto the language-neutral model (the tests pin each rule):
//! - **Structs are classes.** `type T struct { … }` is a [`Class`] whose fields are
//!   `Property` members with their type; a field's struct tag (`json:"id,omitempty"`) becomes
//!   one decorator per key (`json("id,omitempty")`), so what Jackson's `@JsonProperty` says
//!   and what a Go tag says read the same. An embedded field is a member named after its type.
//! - **Methods are class members.** `func (s *T) M()` is a `Method` member of `T`'s class; when
//!   `T` is declared in another file of the package, the file gets a class `T` holding only
//!   its methods (`name_source: Variable` marks it as such a partial class).
//! - **The receiver is `this`.** Reads of the receiver name lower to [`ExprKind::This`], so
//!   `s.baseURL` reads a field as `this.baseURL` does; the receiver is not a parameter.
//! - **Multiple values.** `v, err := f()` declares `v` with `f()` as its value (the first
//!   result, which Go code treats as the value) and `err` with `f()` at index 1;
//!   `return a, b` returns a tuple.
//! - **`:=`** declares the names new in the current block and reassigns the others.
//! - **Statements with an initialiser** (`if v, ok := m[k]; ok`, `switch x := f(); x`) lower
//!   to a block holding the initialiser and the statement. A `switch` with no value is an
//!   `if`/`else if` chain; `case a, b:` is two cases, the first falling through to the second.
//!   Go cases do not fall through unless they end in `fallthrough`.
//! - **Wrappers that keep the value** are unwrapped: parentheses, `&x`, `*p`, `x.(T)`.
//!   `<-ch` is an `Await`. Composite literals are objects (`T{A: 1}`, `map[K]V{…}`,
//!   `gin.H{…}`: keys that are bare names are field names) or arrays (`[]T{…}`).
//! - **Package-level names of other files.** A name the file reads but neither declares nor
//!   imports (and that is not a builtin) is a name of another file of the same package: it is
//!   bound to one implicit import with specifier `.` (the package itself), which module
//!   resolution points at the file declaring it.
//! - **Imports** bind the package name (`"github.com/labstack/echo/v4"` binds `echo`; an
//!   alias binds the alias) as a namespace import; `_` imports are side-effect imports.
//! - **Exports** are the package-level names starting with an upper-case letter.
//! - **Syntax errors.** tree-sitter always returns a tree. Every ERROR and MISSING node
//!   becomes a diagnostic; ERROR subtrees lower to `Other`.

mod decls;

pub use decls::package_name;
mod exprs;
mod stmts;

use super::LowerError;
use crate::model::*;
use std::cell::RefCell;
use tree_sitter::{Node, Tree};

/// How deep the lowering recurses (see the Python lowering's limit of the same name).
pub const MAX_DEPTH: u32 = 500;

thread_local! {
    static PARSER: super::tree_sitter_parser::ParserSlot = const { RefCell::new(None) };
}

/// Parses Go source with tree-sitter. Exposed so benchmarks can time parsing alone.
pub fn parse(source: &str) -> Result<Tree, LowerError> {
    super::tree_sitter_parser::parse_with(&PARSER, || tree_sitter_go::LANGUAGE.into(), "Go", source)
}

/// Parses and lowers a Go file.
pub fn lower(path: &str, source: &str) -> Result<Model, LowerError> {
    let tree = parse(source)?;
    Ok(lower_tree(path, source, &tree))
}

/// Lowers an already parsed file.
pub fn lower_tree(path: &str, source: &str, tree: &Tree) -> Model {
    let root = tree.root_node();
    let mut lw = Lowerer::new(path, source);
    super::tree_sitter_parser::syntax_diagnostics(source, root, &mut lw.m.diagnostics);
    lw.source_file(root);
    lw.finish()
}

/// What a name in scope stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Named {
    Binding(BindingId),
    /// The receiver of the method being lowered.
    Receiver,
}

pub(crate) struct Lowerer<'s> {
    src: &'s str,
    m: Model,
    /// Block scopes, innermost last; the first is the package scope of this file.
    scopes: Vec<Vec<(String, Named)>>,
    /// The innermost function being lowered.
    func: Option<FuncId>,
    /// Names read that no scope declares: (the identifier expression, its name).
    free: Vec<(ExprId, String)>,
    /// Class per type name declared or given methods in this file.
    classes: Vec<(String, ClassId)>,
    depth: u32,
    too_deep_reported: bool,
}

pub(crate) use super::tree_sitter_parser::span;

/// The named children that carry syntax (comments skipped).
pub(crate) fn named(node: Node<'_>) -> Vec<Node<'_>> {
    let mut cursor = node.walk();
    node.named_children(&mut cursor)
        .filter(|c| c.kind() != "comment")
        .collect()
}

/// Every child in a field (fields that repeat, like `name` in `a, b int`).
pub(crate) fn fields<'t>(node: Node<'t>, name: &str) -> Vec<Node<'t>> {
    let mut cursor = node.walk();
    node.children_by_field_name(name, &mut cursor).collect()
}

impl<'s> Lowerer<'s> {
    fn new(path: &str, src: &'s str) -> Lowerer<'s> {
        Lowerer {
            src,
            m: Model::new(path, Language::Go, src),
            scopes: vec![Vec::new()],
            func: None,
            free: Vec::new(),
            classes: Vec::new(),
            depth: 0,
            too_deep_reported: false,
        }
    }

    fn text(&self, node: Node<'_>) -> &'s str {
        self.src
            .get(node.start_byte()..node.end_byte())
            .unwrap_or("")
    }

    fn finish(mut self) -> Model {
        self.bind_package_names();
        self.exports();
        self.m
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
                    span: span(node),
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

    // -----------------------------------------------------------------------------------------
    // Scopes
    // -----------------------------------------------------------------------------------------

    fn push_scope(&mut self) {
        self.scopes.push(Vec::new());
    }

    fn pop_scope(&mut self) {
        if self.scopes.len() > 1 {
            self.scopes.pop();
        }
    }

    fn lookup(&self, name: &str) -> Option<Named> {
        self.scopes
            .iter()
            .rev()
            .find_map(|s| s.iter().rev().find(|(n, _)| n == name).map(|(_, b)| *b))
    }

    /// The binding `name` has in the innermost scope, if it is declared there.
    fn in_current_scope(&self, name: &str) -> Option<BindingId> {
        self.scopes.last().and_then(|s| {
            s.iter().rev().find_map(|(n, b)| match b {
                Named::Binding(id) if n == name => Some(*id),
                _ => None,
            })
        })
    }

    /// Declares a binding in the innermost scope. `_` declares nothing.
    fn declare(
        &mut self,
        name: &str,
        kind: BindingKind,
        origin: BindingOrigin,
        at: Span,
    ) -> Option<BindingId> {
        if name == "_" || name.is_empty() {
            return None;
        }
        let id = self.m.push_binding(Binding {
            name: name.into(),
            kind,
            scope: self.func,
            origin,
            reassigned: false,
            span: at,
        });
        if let Some(scope) = self.scopes.last_mut() {
            scope.push((name.to_string(), Named::Binding(id)));
        }
        Some(id)
    }

    fn declare_receiver(&mut self, name: &str) {
        if name == "_" || name.is_empty() {
            return;
        }
        if let Some(scope) = self.scopes.last_mut() {
            scope.push((name.to_string(), Named::Receiver));
        }
    }

    fn mark_reassigned(&mut self, b: BindingId) {
        if let Some(binding) = self.m.bindings.get_mut(b.index()) {
            binding.reassigned = true;
        }
    }

    /// Binds every name read but declared nowhere in the file to one implicit import of the
    /// package itself (specifier `.`), in order of first use.
    fn bind_package_names(&mut self) {
        if self.free.is_empty() {
            return;
        }
        let import_index = u32::try_from(self.m.imports.len()).unwrap_or(u32::MAX);
        let mut names: Vec<ImportedName> = Vec::new();
        let free = std::mem::take(&mut self.free);
        for (expr, name) in free {
            let index = match names.iter().position(|n| n.local == name) {
                Some(i) => i,
                None => {
                    let at = self.m.expr(expr).span;
                    let binding = self.m.push_binding(Binding {
                        name: name.as_str().into(),
                        kind: BindingKind::Import {
                            import: import_index,
                            name: u32::try_from(names.len()).unwrap_or(u32::MAX),
                        },
                        scope: None,
                        origin: BindingOrigin::none(),
                        reassigned: false,
                        span: at,
                    });
                    names.push(ImportedName {
                        imported: ImportedItem::Named(name.clone()),
                        local: name.clone(),
                        binding: Some(binding),
                        type_only: false,
                        span: at,
                        resolved: None,
                    });
                    names.len() - 1
                }
            };
            let binding = names[index].binding;
            if let Some(e) = self.m.exprs.get_mut(expr.index())
                && let ExprKind::Ident { binding: b, .. } = &mut e.kind
            {
                *b = binding;
            }
        }
        let at = names.first().map(|n| n.span).unwrap_or_default();
        self.m.imports.push(Import {
            specifier: ".".to_string(),
            kind: ImportKind::Static,
            level: 0,
            names,
            type_only: false,
            span: at,
            resolved: None,
        });
    }
}

/// Go's predeclared identifiers: never names of the package.
pub(crate) const BUILTINS: &[&str] = &[
    "append",
    "cap",
    "clear",
    "close",
    "complex",
    "copy",
    "delete",
    "imag",
    "len",
    "make",
    "max",
    "min",
    "new",
    "panic",
    "print",
    "println",
    "real",
    "recover",
    "bool",
    "byte",
    "comparable",
    "complex64",
    "complex128",
    "error",
    "float32",
    "float64",
    "int",
    "int8",
    "int16",
    "int32",
    "int64",
    "rune",
    "string",
    "uint",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "uintptr",
    "any",
    "true",
    "false",
    "iota",
    "nil",
];
