//! C#, parsed with tree-sitter (`tree-sitter-c-sharp`) and lowered into the [`Model`].
//!
//! One parse, one walk, with the Java lowering's scoping: a local or parameter resolves to its
//! binding; a bare name that is a field, property or method of an enclosing class reads as
//! `this.name`; a type or an imported name resolves to its module-level binding.
//!
//! Layout: [`cst`] (tree-sitter helpers and the grammar's field ids), [`decls`] (namespaces,
//! using directives, classes, structs, records, interfaces, enums, methods, constructors,
//! properties, fields, attributes), [`stmts`], [`exprs`], [`literals`] (strings, interpolated
//! strings, characters and numbers).
//!
//! Rules worth knowing (the tests pin each one):
//! - **Namespaces.** `namespace A.B;` and `namespace A.B { … }` set [`Model::package`] (the
//!   first one of the file); the types inside are the file's types.
//! - **Using directives.** `using A.B;` (and `global using A.B;`) imports every type of the
//!   namespace: an [`Import`] with specifier `A.B` and [`ImportedItem::All`], as a Java
//!   wildcard import. `using static A.B.C;` imports the members of the type `A.B.C` the same
//!   way; `using X = A.B.C;` is one named import `C` bound as `X`.
//! - **Attributes are decorators.** `[HttpGet("{id}")]` is a decorator whose expression is
//!   the call `HttpGet("{id}")`; `[Route("x", Name = "n")]` has the named argument `Name`; a
//!   bare `[ApiController]` is the name. Several attributes in one list are several
//!   decorators. An attribute's name keeps the spelling (`HttpGetAttribute` stays as written).
//! - **Classes.** Classes, structs, records and interfaces are [`Class`]es; the first base of
//!   `: Base, IFoo` is `extends` and the rest `implements`, as C# cannot tell them apart by
//!   syntax (an interface as first base is still an `extends`). Properties and fields are
//!   property members; an expression-bodied property (`int P => x;`) or one with a getter
//!   body is a getter method. A record's positional parameters are properties. Enums are
//!   [`TypeDecl`]s. Constructors are [`FunctionKind::Constructor`]; `: base(…)` is a call of
//!   `super` at the start of the body.
//! - **Top-level statements.** A `Program.cs` without a class (C# 9) is read as the file's
//!   statements, its locals module-level bindings.
//! - **Expressions.** `new T(…) { A = 1 }` is a `new` call of `T` (the initializer is
//!   dropped unless it is a collection: `new List<int> { 1, 2 }` is an array, `new
//!   Dictionary<K, V> { ["a"] = 1 }` an object); `new { a = 1 }` is an object; `$"a{b}"` is a
//!   template; `x?.m()` is an optional call; `a!` and casts are unwrapped; generic method
//!   names drop their type arguments (`GetFromJsonAsync<T>(u)` calls `GetFromJsonAsync`);
//!   `await e` is an await; named arguments keep their names (`f(name: x)`).
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

/// Parses C# source with tree-sitter. Exposed so benchmarks can time parsing alone.
pub fn parse(source: &str) -> Result<Tree, LowerError> {
    super::tree_sitter_parser::parse_with(
        &PARSER,
        || tree_sitter_c_sharp::LANGUAGE.into(),
        "C#",
        source,
    )
}

/// Parses and lowers a C# file.
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

/// What a bare name means inside a class body: the class's own fields and methods.
#[derive(Debug, Default)]
struct ClassScope {
    fields: Vec<String>,
    methods: Vec<String>,
    /// `const` and `static readonly` fields: a bare name reads the constant's
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
            f: Fields::csharp(),
            m: Model::new(path, Language::CSharp, src),
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

    /// The binding of a `const` or `static readonly` field of an enclosing class named by a bare name.
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
