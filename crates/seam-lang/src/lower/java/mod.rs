//! Java, parsed with tree-sitter (`tree-sitter-java`) and lowered into the [`Model`].
//!
//! One parse, one walk. Names are resolved while walking, with a stack of block scopes: a
//! local or parameter resolves to its binding; a bare name that is a field or a method of an
//! enclosing class reads as `this.name` (what it means, and what the later stages follow for
//! JS/TS fields); a type or an imported name resolves to its module-level binding.
//!
//! Layout: [`cst`] (tree-sitter helpers and the grammar's field ids), [`decls`] (package,
//! imports, classes, interfaces, records, enums, methods, constructors, fields, annotations,
//! type annotations), [`stmts`], [`exprs`], [`literals`] (string and number literals).
//!
//! Rules worth knowing (the tests pin each one):
//! - **Package and imports.** `package a.b;` is not in the model's body; each import is an
//!   [`Import`] whose specifier is the dotted name without its last part for a single-type
//!   import (`import a.b.User;` → specifier `a.b.User`, one named import `User`), the package
//!   for a wildcard (`a.b.*` → specifier `a.b`, [`ImportedItem::All`]), and the type for a
//!   static import (`import static a.b.Util.f;` → specifier `a.b.Util`, named `f`).
//! - **Exports.** Every top-level type is exported under its name (Java's public/package
//!   access is not a module boundary seam needs).
//! - **Annotations are decorators.** `@GetMapping("/x")` is a decorator whose expression is the
//!   call `GetMapping("/x")`; `@RequestMapping(value = "/x", method = GET)` has the named
//!   arguments `value` and `method` (as Python keyword arguments), `{a, b}` is an array and a
//!   marker annotation `@RestController` is the bare name. Annotations on classes, methods,
//!   constructors, fields and parameters are kept.
//! - **Classes.** Classes, interfaces and records are [`Class`]es (interfaces and abstract
//!   classes are `is_abstract`; an interface method without a body has [`FunctionBody::None`]);
//!   a record's components are fields. Enums are [`TypeDecl`]s of their constants.
//!   Constructors are [`FunctionKind::Constructor`] named after the class; `static` sets
//!   `is_static`, `public/protected/private` the visibility.
//! - **Expressions.** `new T<>(…)` is a `new` call of `T`; casts and parentheses are unwrapped;
//!   `T::m` and `x::m` are member reads; `T.class` is the member `class` of `T`; `+` is
//!   [`BinaryOp::Add`] whatever the operand types (string concatenation included).
//! - **Depth limit.** Lowering recursion stops at [`MAX_DEPTH`] nested levels; deeper code
//!   becomes `Other` with one diagnostic, so any nesting is safe for the stack.
//! - **Syntax errors.** tree-sitter always returns a tree. Every ERROR and MISSING node
//!   becomes a diagnostic; ERROR subtrees lower to `Other`; the rest is lowered as usual.

mod cst;
mod decls;
mod exprs;
mod literals;
mod stmts;

use super::LowerError;
use crate::model::*;
use cst::Fields;
use std::cell::RefCell;
use std::collections::HashMap;
use tree_sitter::{Node, Tree};

/// How deep the lowering recurses (see the Python lowering's limit, which this one shares).
pub const MAX_DEPTH: u32 = 500;

thread_local! {
    static PARSER: super::tree_sitter_parser::ParserSlot = const { RefCell::new(None) };
}

/// Parses Java source with tree-sitter. Exposed so benchmarks can time parsing alone.
pub fn parse(source: &str) -> Result<Tree, LowerError> {
    super::tree_sitter_parser::parse_with(
        &PARSER,
        || tree_sitter_java::LANGUAGE.into(),
        "Java",
        source,
    )
}

/// Parses and lowers a Java file.
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

/// The first parts of fully qualified names written in code (`java.util.Objects.equals(a, b)`):
/// a package, not a member the class inherits.
const PACKAGE_ROOTS: &[&str] = &[
    "java", "javax", "jakarta", "com", "org", "net", "io", "android", "androidx", "kotlin", "sun",
];

/// What a bare name means inside a class body: the class's own fields and methods.
#[derive(Debug, Default)]
struct ClassScope {
    fields: Vec<String>,
    methods: Vec<String>,
    /// The class extends another: a bare name no local, field, method or import explains
    /// is one it inherits.
    inherits: bool,
    /// `static final` fields (and interface fields): a bare name reads the constant's
    /// binding, whose `origin.init` is the initialiser.
    constants: Vec<(String, BindingId)>,
}

pub(crate) struct Lowerer<'s> {
    src: &'s str,
    f: &'static Fields,
    m: Model,
    /// Block scopes of the function being lowered, innermost last.
    frames: Vec<Vec<(String, BindingId)>>,
    /// Module-level names: imports and every type declared in the file.
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
            f: Fields::java(),
            m: Model::new(path, Language::Java, src),
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

    /// True when a bare name is a local or parameter (which hide fields of the same name).
    fn is_local(&self, name: &str) -> bool {
        self.frames
            .iter()
            .any(|frame| frame.iter().any(|(n, _)| n == name))
    }

    /// The binding of a `static final` field of an enclosing class named by a bare name.
    fn constant(&self, name: &str) -> Option<BindingId> {
        self.classes
            .iter()
            .rev()
            .find_map(|(_, c)| c.constants.iter().find(|(n, _)| n == name).map(|(_, b)| *b))
    }

    /// True when a bare name is a field of an enclosing class.
    fn is_field(&self, name: &str) -> bool {
        self.classes
            .iter()
            .any(|(_, c)| c.fields.iter().any(|f| f == name))
    }

    /// True when a bare name that nothing in this file declares is, by Java's rules, a member
    /// the innermost class inherits from its superclass (declared in another file): it is
    /// not a local or an import, and it is spelled like a member (lower case), not a type.
    fn is_inherited(&self, name: &str, binding: Option<BindingId>) -> bool {
        binding.is_none()
            && !self.is_local(name)
            && name.starts_with(|c: char| c.is_ascii_lowercase())
            && !PACKAGE_ROOTS.contains(&name)
            && self.classes.last().is_some_and(|(_, c)| c.inherits)
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
}

#[cfg(test)]
mod tests;
