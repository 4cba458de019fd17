//! PHP, parsed with tree-sitter (`tree-sitter-php`, the grammar that also reads the text
//! outside `<?php … ?>`) and lowered into the [`Model`].
//!
//! Layout: this file holds the lowerer, declarations and imports; [`body`] statements and
//! expressions.
//!
//! How PHP maps onto the language-neutral model (the tests pin each rule):
//! - **Variables** are identifiers without their `$` (`$request` is `request`), so a pattern
//!   written in PHP (`$R->json($BODY)`) reads like the code. A variable is declared by its first
//!   assignment in a function (a `VarDecl`); later assignments mark it reassigned. Each
//!   function (method, closure) starts a scope of its own: a closure sees the variables its
//!   `use (…)` clause names, an arrow function (`fn () =>`) every variable around it. `$this`
//!   is [`ExprKind::This`].
//! - **Names** (classes, functions, constants) are module-level: classes, interfaces, traits and
//!   enums are classes, functions are functions, `use A\B\C;` imports `C` from `A\B\C`
//!   (dotted: `A.B.C`; `use A\{B, C as D}` one import per name; `as` renames). A qualified name
//!   written in code (`\App\Models\Post`) is its last segment. `X::class` is the class `X`
//!   itself; `self`/`static` name the class being declared.
//! - **Calls.** `f(a)` calls `f`; `$a->m(b)` and `A::m(b)` call the member `m` of `$a` / `A`
//!   (`?->` is optional); `new X(a)` is a `new` call of `X`; named arguments (`f(name: v)`)
//!   keep their names. `$a->p` and `A::$p`/`A::C` are members, `$a['k']` a computed member.
//! - **Arrays.** `['k' => v, …]` is an object (an element without a key gets its position as
//!   key), `[a, b]` an array; `...$x` is a spread.
//! - **Strings.** `'…'` and nowdoc are literals; `"…"` and heredoc with variables or `{$…}`
//!   are templates. `.` is `+` (concatenation); `??` is nullish.
//! - **Statements.** `match` is a chain of conditional expressions (its arms' conditions
//!   compared with `===`); `switch`, `if`/`elseif`/`else`, `try`/`catch`/`finally`, loops,
//!   `return` and `throw` are the model's. `require`/`include` are calls of their keyword.
//! - **Exports** are the file's classes, functions and constants. The file's namespace is its
//!   `package` (dotted).
//! - **Syntax errors.** tree-sitter always returns a tree. Every ERROR and MISSING node becomes
//!   a diagnostic; ERROR subtrees lower to `Other`.

mod body;

use super::LowerError;
use crate::model::*;
use std::cell::RefCell;
use tree_sitter::{Node, Tree};

/// How deep the lowering recurses (the JavaScript lowering's limit): chains of calls are two
/// levels a link.
pub const MAX_DEPTH: u32 = 1_000;

thread_local! {
    static PARSER: super::tree_sitter_parser::ParserSlot = const { RefCell::new(None) };
}

/// Parses PHP source with tree-sitter. Exposed so benchmarks can time parsing alone.
pub fn parse(source: &str) -> Result<Tree, LowerError> {
    super::tree_sitter_parser::parse_with(
        &PARSER,
        || tree_sitter_php::LANGUAGE_PHP.into(),
        "PHP",
        source,
    )
}

/// Parses and lowers a PHP file.
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
    lw.finish()
}

/// One scope: its names, and whether variables of outer scopes are hidden from it (a
/// function's body).
struct Scope {
    names: Vec<(String, BindingId)>,
    barrier: bool,
}

pub(crate) struct Lowerer<'s> {
    src: &'s str,
    m: Model,
    /// Variable scopes, innermost last; the first is the file's.
    scopes: Vec<Scope>,
    /// Module-level names: classes, functions, constants, imports.
    names: Vec<(String, BindingId)>,
    /// Each `use` import's local name and the qualified name it stands for.
    imported: Vec<(String, String)>,
    /// Imports made for qualified names written in code (`Models\Post`), by the name written.
    qualified: Vec<(String, BindingId)>,
    func: Option<FuncId>,
    /// The class being declared (`self`, `static`).
    class_name: Option<String>,
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

/// The last segment of a (possibly qualified) PHP name: `\App\Models\Post` → `Post`.
pub fn last_segment(name: &str) -> &str {
    name.rsplit('\\').next().unwrap_or(name)
}

/// A qualified name written with backslashes, dotted (`App\Models\Post` → `App.Models.Post`).
pub fn dotted(name: &str) -> String {
    name.trim_start_matches('\\').replace('\\', ".")
}

impl<'s> Lowerer<'s> {
    fn new(path: &str, src: &'s str) -> Lowerer<'s> {
        Lowerer {
            src,
            m: Model::new(path, Language::Php, src),
            scopes: vec![Scope {
                names: Vec::new(),
                barrier: true,
            }],
            names: Vec::new(),
            imported: Vec::new(),
            qualified: Vec::new(),
            func: None,
            class_name: None,
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

    fn push_scope(&mut self, barrier: bool) {
        self.scopes.push(Scope {
            names: Vec::new(),
            barrier,
        });
    }

    fn pop_scope(&mut self) {
        if self.scopes.len() > 1 {
            self.scopes.pop();
        }
    }

    /// The binding of a variable: the innermost scopes up to the first function boundary.
    fn lookup_var(&self, name: &str) -> Option<BindingId> {
        for scope in self.scopes.iter().rev() {
            if let Some((_, b)) = scope.names.iter().rev().find(|(n, _)| n == name) {
                return Some(*b);
            }
            if scope.barrier {
                break;
            }
        }
        None
    }

    /// The binding of a module-level name (class, function, constant, import).
    fn lookup_name(&self, name: &str) -> Option<BindingId> {
        self.names
            .iter()
            .rev()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, b)| *b)
    }

    fn new_binding(
        &mut self,
        name: &str,
        kind: BindingKind,
        origin: BindingOrigin,
        at: Span,
    ) -> BindingId {
        self.m.push_binding(Binding {
            name: name.into(),
            kind,
            scope: self.func,
            origin,
            reassigned: false,
            span: at,
        })
    }

    /// Declares a variable in the innermost scope.
    fn declare_var(
        &mut self,
        name: &str,
        kind: BindingKind,
        origin: BindingOrigin,
        at: Span,
    ) -> BindingId {
        let id = self.new_binding(name, kind, origin, at);
        if let Some(scope) = self.scopes.last_mut() {
            scope.names.push((name.to_string(), id));
        }
        id
    }

    /// Declares a module-level name.
    fn declare_name(&mut self, name: &str, kind: BindingKind, at: Span) -> BindingId {
        let saved = self.func.take();
        let id = self.new_binding(name, kind, BindingOrigin::none(), at);
        self.func = saved;
        self.names.push((name.to_string(), id));
        id
    }

    fn mark_reassigned(&mut self, b: BindingId) {
        if let Some(binding) = self.m.bindings.get_mut(b.index()) {
            binding.reassigned = true;
        }
    }

    // -----------------------------------------------------------------------------------------
    // The file, namespaces and imports
    // -----------------------------------------------------------------------------------------

    fn program(&mut self, root: Node<'_>) {
        let nodes = named(root);
        self.predeclare(&nodes);
        let body = self.statements(&nodes);
        self.m.body = body;
    }

    /// Declares the classes and functions of a statement list (and of namespace bodies in it)
    /// before lowering, as PHP hoists them.
    fn predeclare(&mut self, nodes: &[Node<'_>]) {
        for node in nodes {
            match node.kind() {
                "namespace_definition" => {
                    if let Some(body) = node.child_by_field_name("body") {
                        self.predeclare(&named(body));
                    }
                }
                "class_declaration"
                | "interface_declaration"
                | "trait_declaration"
                | "enum_declaration" => {
                    if let Some(name) = node.child_by_field_name("name") {
                        let class = self.new_class(*node, Some(name));
                        self.declare_name(
                            self.text(name),
                            BindingKind::Class { class },
                            span(name),
                        );
                    }
                }
                "function_definition" => {
                    if let Some(name) = node.child_by_field_name("name") {
                        let function =
                            self.new_function(*node, Some(name), FunctionKind::Declaration);
                        self.declare_name(
                            self.text(name),
                            BindingKind::Function { function },
                            span(name),
                        );
                    }
                }
                _ => {}
            }
        }
    }

    /// The class or function predeclared for a declaration node.
    fn predeclared_class(&self, node: Node<'_>) -> Option<ClassId> {
        self.m
            .classes
            .iter()
            .position(|c| c.span == span(node))
            .map(ClassId::from_index)
    }

    fn predeclared_function(&self, node: Node<'_>) -> Option<FuncId> {
        self.m
            .functions
            .iter()
            .position(|f| f.span == span(node))
            .map(FuncId::from_index)
    }

    fn namespace(&mut self, node: Node<'_>) -> StmtId {
        if let Some(name) = node.child_by_field_name("name") {
            self.m.package = Some(dotted(self.text(name)));
        }
        match node.child_by_field_name("body") {
            Some(body) => {
                let stmts = self.statements(&named(body));
                self.m.push_stmt(
                    StmtKind::Block {
                        body: stmts.into_boxed_slice(),
                    },
                    span(node),
                )
            }
            None => self.m.push_stmt(StmtKind::Other, span(node)),
        }
    }

    /// `use A\B\C;`, `use A\B\C as D;`, `use A\{B, C as D};`, `use function a\b;`.
    fn use_declaration(&mut self, node: Node<'_>) -> StmtId {
        let mut prefix = String::new();
        let mut clauses = Vec::new();
        for child in named(node) {
            match child.kind() {
                "namespace_name" | "qualified_name" | "name" => {
                    prefix = self.text(child).trim_start_matches('\\').to_string();
                }
                "namespace_use_clause" => clauses.push(child),
                "namespace_use_group" => clauses.extend(
                    named(child)
                        .into_iter()
                        .filter(|c| c.kind() == "namespace_use_clause"),
                ),
                _ => {}
            }
        }
        let first = u32::try_from(self.m.imports.len()).unwrap_or(u32::MAX);
        for clause in clauses {
            let alias = clause.child_by_field_name("alias");
            let Some(name) = named(clause)
                .into_iter()
                .find(|c| matches!(c.kind(), "qualified_name" | "name") && Some(*c) != alias)
            else {
                continue;
            };
            let written = self.text(name).trim_start_matches('\\');
            let full = if prefix.is_empty() {
                written.to_string()
            } else {
                format!("{prefix}\\{written}")
            };
            let local = alias
                .map(|a| self.text(a).to_string())
                .unwrap_or_else(|| last_segment(&full).to_string());
            self.import(&full, &local, clause);
        }
        match u32::try_from(self.m.imports.len())
            .ok()
            .filter(|n| *n > first)
        {
            Some(_) => self
                .m
                .push_stmt(StmtKind::Import { import: first }, span(node)),
            None => self.m.push_stmt(StmtKind::Other, span(node)),
        }
    }

    fn import(&mut self, full: &str, local: &str, at: Node<'_>) {
        let import = u32::try_from(self.m.imports.len()).unwrap_or(u32::MAX);
        let binding = self.declare_name(local, BindingKind::Import { import, name: 0 }, span(at));
        self.imported.push((local.to_string(), full.to_string()));
        self.m.imports.push(Import {
            specifier: dotted(full),
            kind: ImportKind::Static,
            level: 0,
            names: vec![ImportedName {
                imported: ImportedItem::Named(last_segment(full).to_string()),
                local: local.to_string(),
                binding: Some(binding),
                type_only: false,
                span: span(at),
                resolved: None,
            }],
            type_only: false,
            span: span(at),
            resolved: None,
        });
    }

    /// A name written qualified (`Models\Post`, `\App\Models\Post`, `namespace\Post`): an
    /// identifier of its last segment bound to an import of the full name, which starts at an
    /// imported namespace's alias when its first segment is one, at the root when it starts
    /// with `\`, else in the file's namespace. A name without `\` is looked up as written.
    pub(super) fn qualified_ref(&mut self, written: &str, at: Span) -> ExprId {
        let last = last_segment(written).to_string();
        if !written.contains('\\') {
            return self.name_expr(&last, at);
        }
        let binding = match self.qualified.iter().find(|(w, _)| w == written) {
            Some((_, b)) => Some(*b),
            None => {
                let full = if let Some(rooted) = written.strip_prefix('\\') {
                    rooted.to_string()
                } else {
                    let (first, rest) = written.split_once('\\').unwrap_or((written, ""));
                    match self
                        .imported
                        .iter()
                        .rev()
                        .find(|(l, _)| l.eq_ignore_ascii_case(first))
                    {
                        Some((_, full)) => format!("{full}\\{rest}"),
                        None => {
                            let rest = written.strip_prefix("namespace\\").unwrap_or(written);
                            match &self.m.package {
                                Some(ns) => format!("{}\\{rest}", ns.replace('.', "\\")),
                                None => rest.to_string(),
                            }
                        }
                    }
                };
                let import = u32::try_from(self.m.imports.len()).unwrap_or(u32::MAX);
                let saved = self.func.take();
                let b = self.new_binding(
                    written,
                    BindingKind::Import { import, name: 0 },
                    BindingOrigin::none(),
                    at,
                );
                self.func = saved;
                self.m.imports.push(Import {
                    specifier: dotted(&full),
                    kind: ImportKind::Static,
                    level: 0,
                    names: vec![ImportedName {
                        imported: ImportedItem::Named(last.clone()),
                        local: written.to_string(),
                        binding: Some(b),
                        type_only: false,
                        span: at,
                        resolved: None,
                    }],
                    type_only: false,
                    span: at,
                    resolved: None,
                });
                self.qualified.push((written.to_string(), b));
                Some(b)
            }
        };
        self.m.push_expr(
            ExprKind::Ident {
                name: last.as_str().into(),
                binding,
            },
            at,
        )
    }

    // -----------------------------------------------------------------------------------------
    // Classes and functions
    // -----------------------------------------------------------------------------------------

    fn new_class(&mut self, node: Node<'_>, name: Option<Node<'_>>) -> ClassId {
        self.m.push_class(Class {
            name: name.map(|n| self.text(n).to_string()),
            name_source: if name.is_some() {
                NameSource::Declared
            } else {
                NameSource::Anonymous
            },
            extends: Vec::new(),
            implements: Vec::new(),
            keywords: Vec::new(),
            members: Vec::new(),
            body: Vec::new(),
            decorators: Vec::new(),
            type_params: Vec::new(),
            is_abstract: named(node).iter().any(|c| c.kind() == "abstract_modifier"),
            parent: self.func,
            span: span(node),
            name_span: name.map(span),
        })
    }

    pub(super) fn new_function(
        &mut self,
        node: Node<'_>,
        name: Option<Node<'_>>,
        kind: FunctionKind,
    ) -> FuncId {
        let modifiers = named(node);
        let visibility = modifiers
            .iter()
            .find(|c| c.kind() == "visibility_modifier")
            .map(|v| match self.text(*v) {
                "private" => Visibility::Private,
                "protected" => Visibility::Protected,
                _ => Visibility::Public,
            });
        let is_static = modifiers.iter().any(|c| c.kind() == "static_modifier");
        let name = name.map(|n| self.text(n).to_string());
        self.m.push_function(Function {
            name_source: if name.is_some() {
                NameSource::Declared
            } else {
                NameSource::Anonymous
            },
            name,
            kind,
            params: Vec::new(),
            is_async: false,
            is_generator: false,
            decorators: Vec::new(),
            body: FunctionBody::None,
            return_type: None,
            type_params: Vec::new(),
            class: None,
            parent: self.func,
            is_static,
            visibility,
            doc_throws: Vec::new(),
            span: span(node),
            name_span: node.child_by_field_name("name").map(span),
        })
    }

    /// `#[A(1)] #[B]`: the attributes of a declaration as decorators.
    fn attributes(&mut self, node: Node<'_>) -> Vec<Decorator> {
        let mut out = Vec::new();
        let Some(list) = node.child_by_field_name("attributes") else {
            return out;
        };
        for group in named(list) {
            for attr in named(group).into_iter().filter(|a| a.kind() == "attribute") {
                let Some(name) = named(attr)
                    .into_iter()
                    .find(|c| matches!(c.kind(), "name" | "qualified_name"))
                else {
                    continue;
                };
                let written = last_segment(self.text(name)).to_string();
                let callee = self.name_expr(&written, span(name));
                let args = attr
                    .child_by_field_name("parameters")
                    .map(|a| self.arguments(a))
                    .unwrap_or_default();
                let expr = if attr.child_by_field_name("parameters").is_some() {
                    self.m.push_expr(
                        ExprKind::Call {
                            callee,
                            args: args.clone().into_boxed_slice(),
                            optional: false,
                            is_new: false,
                        },
                        span(attr),
                    )
                } else {
                    callee
                };
                out.push(Decorator {
                    name: written,
                    expr,
                    args,
                    raw: self.text(attr).to_string(),
                    span: span(attr),
                });
            }
        }
        out
    }

    fn class_declaration(&mut self, node: Node<'_>) -> StmtId {
        let name = node.child_by_field_name("name");
        let class = match self.predeclared_class(node) {
            Some(c) => c,
            None => self.new_class(node, name),
        };
        self.class_body(node, class);
        self.m.push_stmt(StmtKind::ClassDecl { class }, span(node))
    }

    /// Bases, attributes and members of a class (or interface, trait, enum, anonymous class).
    fn class_body(&mut self, node: Node<'_>, class: ClassId) {
        let decorators = self.attributes(node);
        let mut extends = Vec::new();
        let mut implements = Vec::new();
        for child in named(node) {
            match child.kind() {
                "base_clause" => {
                    for base in named(child) {
                        let written = self.text(base).to_string();
                        extends.push(self.qualified_ref(&written, span(base)));
                    }
                }
                "class_interface_clause" => {
                    for base in named(child) {
                        implements.push(last_segment(self.text(base)).to_string());
                    }
                }
                _ => {}
            }
        }
        let class_name = self.m.class(class).name.clone();
        let saved = std::mem::replace(&mut self.class_name, class_name);
        let mut members = Vec::new();
        if let Some(body) = node.child_by_field_name("body") {
            for item in named(body) {
                self.member(item, class, &mut members);
            }
        }
        self.class_name = saved;
        if let Some(c) = self.m.classes.get_mut(class.index()) {
            c.extends = extends;
            c.implements = implements;
            c.decorators = decorators;
            c.members = members;
        }
    }

    fn member(&mut self, item: Node<'_>, class: ClassId, members: &mut Vec<ClassMember>) {
        match item.kind() {
            "method_declaration" => {
                let name_node = item.child_by_field_name("name");
                let method_name = name_node.map(|n| self.text(n).to_string());
                let kind = if method_name.as_deref() == Some("__construct") {
                    FunctionKind::Constructor
                } else {
                    FunctionKind::Method
                };
                let function = self.new_function(item, name_node, kind);
                let decorators = self.attributes(item);
                if let Some(f) = self.m.functions.get_mut(function.index()) {
                    f.class = Some(class);
                    f.decorators = decorators.clone();
                }
                self.function_rest(item, function, false);
                let f = self.m.function(function);
                if let Some(name) = method_name {
                    members.push(ClassMember {
                        name: MemberName::Ident(name),
                        kind: if kind == FunctionKind::Constructor {
                            MemberKind::Constructor { function }
                        } else {
                            MemberKind::Method { function }
                        },
                        is_static: f.is_static,
                        visibility: f.visibility,
                        decorators,
                        readonly: false,
                        optional: false,
                        span: span(item),
                    });
                }
                // Promoted constructor parameters are properties too.
                if kind == FunctionKind::Constructor
                    && let Some(params) = item.child_by_field_name("parameters")
                {
                    for p in named(params)
                        .into_iter()
                        .filter(|p| p.kind() == "property_promotion_parameter")
                    {
                        if let Some(n) = p.child_by_field_name("name") {
                            let name = self.text(n).trim_start_matches('$').to_string();
                            let type_annotation =
                                p.child_by_field_name("type").map(|t| self.annotation(t));
                            members.push(ClassMember {
                                name: MemberName::Ident(name),
                                kind: MemberKind::Property {
                                    value: None,
                                    type_annotation,
                                    function: None,
                                },
                                is_static: false,
                                visibility: Some(Visibility::Private),
                                decorators: Vec::new(),
                                readonly: false,
                                optional: false,
                                span: span(p),
                            });
                        }
                    }
                }
            }
            "property_declaration" => {
                let modifiers = named(item);
                let is_static = modifiers.iter().any(|c| c.kind() == "static_modifier");
                let type_annotation = item.child_by_field_name("type").map(|t| self.annotation(t));
                for el in modifiers.iter().filter(|c| c.kind() == "property_element") {
                    let Some(n) = el.child_by_field_name("name") else {
                        continue;
                    };
                    let value = el
                        .child_by_field_name("default_value")
                        .map(|v| self.expr(v));
                    members.push(ClassMember {
                        name: MemberName::Ident(self.text(n).trim_start_matches('$').to_string()),
                        kind: MemberKind::Property {
                            value,
                            type_annotation: type_annotation.clone(),
                            function: None,
                        },
                        is_static,
                        visibility: None,
                        decorators: Vec::new(),
                        readonly: false,
                        optional: false,
                        span: span(*el),
                    });
                }
            }
            "const_declaration" => {
                for el in named(item)
                    .into_iter()
                    .filter(|c| c.kind() == "const_element")
                {
                    let parts = named(el);
                    let (Some(n), value) = (parts.first(), parts.get(1)) else {
                        continue;
                    };
                    let value = value.map(|v| self.expr(*v));
                    members.push(ClassMember {
                        name: MemberName::Ident(self.text(*n).to_string()),
                        kind: MemberKind::Property {
                            value,
                            type_annotation: None,
                            function: None,
                        },
                        is_static: true,
                        visibility: None,
                        decorators: Vec::new(),
                        readonly: true,
                        optional: false,
                        span: span(el),
                    });
                }
            }
            "enum_case" => {
                if let Some(n) = item.child_by_field_name("name") {
                    let value = item.child_by_field_name("value").map(|v| self.expr(v));
                    members.push(ClassMember {
                        name: MemberName::Ident(self.text(n).to_string()),
                        kind: MemberKind::Property {
                            value,
                            type_annotation: None,
                            function: None,
                        },
                        is_static: true,
                        visibility: None,
                        decorators: Vec::new(),
                        readonly: true,
                        optional: false,
                        span: span(item),
                    });
                }
            }
            _ => {}
        }
        let _ = class;
    }

    fn function_definition(&mut self, node: Node<'_>) -> StmtId {
        let name = node.child_by_field_name("name");
        let function = match self.predeclared_function(node) {
            Some(f) => f,
            None => self.new_function(node, name, FunctionKind::Declaration),
        };
        let decorators = self.attributes(node);
        if let Some(f) = self.m.functions.get_mut(function.index()) {
            f.decorators = decorators;
        }
        self.function_rest(node, function, false);
        self.m
            .push_stmt(StmtKind::FunctionDecl { function }, span(node))
    }

    /// Parameters, return type and body of a function, in a scope of its own. `arrow`: the
    /// scope sees the variables around it (`fn () =>`).
    pub(super) fn function_rest(&mut self, node: Node<'_>, function: FuncId, arrow: bool) {
        let saved_func = self.func;
        let saved_depth = self.depth;
        self.func = Some(function);
        self.push_scope(!arrow);
        // `function () use ($a, &$b)`: the closure sees those variables.
        for child in named(node) {
            if child.kind() == "anonymous_function_use_clause" {
                for v in named(child) {
                    let var = if v.kind() == "by_ref" {
                        named(v).into_iter().next()
                    } else {
                        Some(v)
                    };
                    let Some(var) = var.filter(|v| v.kind() == "variable_name") else {
                        continue;
                    };
                    let name = var_name(self.text(var));
                    let outer = self
                        .scopes
                        .iter()
                        .rev()
                        .skip(1)
                        .find_map(|s| s.names.iter().rev().find(|(n, _)| n == name))
                        .map(|(_, b)| *b);
                    match outer {
                        Some(b) => {
                            if let Some(scope) = self.scopes.last_mut() {
                                scope.names.push((name.to_string(), b));
                            }
                        }
                        None => {
                            self.declare_var(
                                name,
                                BindingKind::Var { kind: VarKind::Let },
                                BindingOrigin::none(),
                                span(var),
                            );
                        }
                    }
                }
            }
        }
        let params = node
            .child_by_field_name("parameters")
            .map(|p| self.params(p, function))
            .unwrap_or_default();
        let return_type = node
            .child_by_field_name("return_type")
            .map(|r| self.annotation(r));
        let body = match node.child_by_field_name("body") {
            Some(b) if b.kind() == "compound_statement" => {
                FunctionBody::Block(self.statements(&named(b)))
            }
            Some(e) => FunctionBody::Expr(self.expr(e)),
            None => FunctionBody::None,
        };
        self.pop_scope();
        self.func = saved_func;
        self.depth = saved_depth;
        if let Some(f) = self.m.functions.get_mut(function.index()) {
            f.params = params;
            f.return_type = return_type;
            f.body = body;
        }
    }

    fn params(&mut self, list: Node<'_>, function: FuncId) -> Vec<Param> {
        let mut out = Vec::new();
        for p in named(list) {
            let kind = match p.kind() {
                "simple_parameter" | "property_promotion_parameter" => ParamKind::Normal,
                "variadic_parameter" => ParamKind::Rest,
                _ => continue,
            };
            let Some(n) = p.child_by_field_name("name") else {
                continue;
            };
            let index = u32::try_from(out.len()).unwrap_or(u32::MAX);
            let name = var_name(self.text(n)).to_string();
            let default = p.child_by_field_name("default_value").map(|d| self.expr(d));
            let binding = self.declare_var(
                &name,
                BindingKind::Param { function, index },
                BindingOrigin {
                    init: None,
                    path: Box::default(),
                    default,
                },
                span(n),
            );
            let pattern = self.m.push_pattern(
                PatternKind::Ident {
                    name: name.as_str().into(),
                    binding: Some(binding),
                },
                span(n),
            );
            let type_annotation = p.child_by_field_name("type").map(|t| self.annotation(t));
            let decorators = self.attributes(p).into_boxed_slice();
            let property_visibility =
                p.child_by_field_name("visibility")
                    .map(|v| match self.text(v) {
                        "private" => Visibility::Private,
                        "protected" => Visibility::Protected,
                        _ => Visibility::Public,
                    });
            out.push(Param {
                pattern,
                default,
                kind,
                type_annotation,
                decorators,
                property_visibility,
                optional: default.is_some(),
                span: span(p),
            });
        }
        out
    }

    /// A type written on a parameter, property or return (`?int`, `Request`, `A|B`).
    fn annotation(&self, node: Node<'_>) -> TypeAnnotation {
        let text = self.text(node).trim_start_matches('?');
        let shape = type_shape(text);
        TypeAnnotation {
            text: text.into(),
            shape,
            span: span(node),
        }
    }

    /// Every module-level class, function and constant, in source order.
    fn exports(&mut self) {
        let mut out = Vec::new();
        for (i, b) in self.m.bindings.iter().enumerate() {
            if b.scope.is_some() {
                continue;
            }
            let target = match b.kind {
                BindingKind::Function { function } => ExportTarget::Function(function),
                BindingKind::Class { class } => ExportTarget::Class(class),
                BindingKind::Var {
                    kind: VarKind::Const,
                } => ExportTarget::Binding(BindingId::from_index(i)),
                _ => continue,
            };
            out.push(Export {
                exported: b.name.to_string(),
                local: Some(b.name.to_string()),
                target,
                from: None,
                type_only: false,
                span: b.span,
            });
        }
        out.sort_by_key(|e| e.span.start);
        self.m.exports = out;
    }
}

/// A variable's name without its `$`.
pub(crate) fn var_name(text: &str) -> &str {
    text.trim_start_matches('$')
}

/// The shape of a PHP type: scalar keywords, `array`, nullable and union types, class names.
fn type_shape(text: &str) -> TypeRef {
    let text = text.trim().trim_start_matches('?');
    if text.contains('|') {
        return TypeRef::Union {
            variants: text.split('|').map(type_shape).collect(),
        };
    }
    let name = last_segment(text);
    match name.to_ascii_lowercase().as_str() {
        "int" | "float" | "string" | "bool" | "void" | "mixed" | "null" | "never" | "object"
        | "callable" | "iterable" | "false" | "true" | "self" | "static" => {
            TypeRef::Keyword { name: name.into() }
        }
        "array" => TypeRef::Array {
            items: Box::new(TypeRef::Unknown),
        },
        "" => TypeRef::Unknown,
        _ => TypeRef::Named {
            name: name.into(),
            args: Box::default(),
        },
    }
}

/// A PHP single-quoted string's value: only `\'` and `\\` are escapes.
pub fn single_quoted(inner: &str) -> String {
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && matches!(chars.peek(), Some('\'') | Some('\\')) {
            out.extend(chars.next());
        } else {
            out.push(c);
        }
    }
    out
}

/// A double-quoted (or heredoc) string part's value, escapes decoded.
pub fn double_quoted(inner: &str) -> String {
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.peek().copied() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('v') => out.push('\u{b}'),
            Some('e') => out.push('\u{1b}'),
            Some('f') => out.push('\u{c}'),
            Some('0') => out.push('\0'),
            Some(c @ ('\\' | '$' | '"')) => out.push(c),
            _ => {
                out.push('\\');
                continue;
            }
        }
        chars.next();
    }
    out
}

/// A PHP number literal's value (`1_000`, `0x1F`, `0o17`, `0b11`, `1.5e3`).
fn number_value(raw: &str) -> Option<f64> {
    let clean: String = raw.chars().filter(|c| *c != '_').collect();
    let lower = clean.to_ascii_lowercase();
    if let Some(d) = lower.strip_prefix("0x") {
        return u64::from_str_radix(d, 16).ok().map(|v| v as f64);
    }
    if let Some(d) = lower.strip_prefix("0b") {
        return u64::from_str_radix(d, 2).ok().map(|v| v as f64);
    }
    if let Some(d) = lower.strip_prefix("0o") {
        return u64::from_str_radix(d, 8).ok().map(|v| v as f64);
    }
    if lower.len() > 1 && lower.starts_with('0') && lower.bytes().all(|b| b.is_ascii_digit()) {
        return u64::from_str_radix(&lower[1..], 8).ok().map(|v| v as f64);
    }
    lower.parse::<f64>().ok()
}

#[cfg(test)]
mod tests;
