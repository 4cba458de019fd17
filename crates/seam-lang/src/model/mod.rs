//! The language-neutral model of one source file.
//!
//! Every later stage (packs, extraction, review) reads only this model, so it carries what
//! boundary analysis and review need and nothing more. Nodes live in flat arenas owned by
//! [`Model`] and refer to each other by index ([`ExprId`], [`StmtId`], [`FuncId`], …): one
//! allocation per arena, cheap to borrow from many passes, and serialisable as it is.
//!
//! Conventions that hold for every language:
//! - Spans are byte offsets into [`Model::source`]; lines are 1-based, columns are 0-based
//!   byte offsets within the line (see [`LineIndex`]).
//! - Wrappers that do not change a value are unwrapped while lowering: parentheses, TS type
//!   assertions (`as`, `satisfies`, `<T>x`, `x!`). The unwrapped node keeps its own span.
//! - What the lowering could not take apart becomes [`ExprKind::Other`] / [`StmtKind::Other`]
//!   with its span, so the source text is always available and nothing is silently lost.
//! - Names are the source spelling; no case folding.

mod ids;
mod lines;
mod name;
mod nodes;
mod visit;

pub use ids::*;
pub use lines::{LineIndex, Position};
pub use name::{Name, ThinName};
pub use nodes::*;
pub use visit::{ExprVisitor, walk_expr_children, walk_stmt_children};

use serde::{Deserialize, Serialize};

/// The language a file was parsed as. `Jsx`/`Tsx` enable JSX; `.js` files are parsed with JSX on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    TypeScript,
    Tsx,
    JavaScript,
    Jsx,
    Python,
    Java,
    Go,
    Kotlin,
    Rust,
    Ruby,
    Php,
    #[serde(rename = "csharp")]
    CSharp,
}

impl Language {
    /// The short id used in outputs (`ts`, `tsx`, `js`, `jsx`, `py`, `java`, `go`, `kt`, `rs`, `rb`,
    /// `php`, `cs`).
    pub fn short_id(self) -> &'static str {
        match self {
            Language::TypeScript => "ts",
            Language::Tsx => "tsx",
            Language::JavaScript => "js",
            Language::Jsx => "jsx",
            Language::Python => "py",
            Language::Java => "java",
            Language::Go => "go",
            Language::Kotlin => "kt",
            Language::Rust => "rs",
            Language::Ruby => "rb",
            Language::Php => "php",
            Language::CSharp => "cs",
        }
    }

    /// True for the JavaScript family (JS, JSX, TS, TSX).
    pub fn is_js_family(self) -> bool {
        match self {
            Language::TypeScript | Language::Tsx | Language::JavaScript | Language::Jsx => true,
            Language::Python
            | Language::Java
            | Language::Go
            | Language::Kotlin
            | Language::Rust
            | Language::Ruby => false,
            Language::Php => false,
            Language::CSharp => false,
        }
    }

    /// The language for a file name, by extension; `None` when seam has no lowering for it.
    pub fn from_path(path: &str) -> Option<Language> {
        // Gradle build scripts are manifests (see `project::jvm_build`), not sources.
        if path.ends_with(".gradle.kts") {
            return None;
        }
        let ext = path.rsplit_once('.').map(|(_, e)| e)?;
        Some(match ext {
            "ts" | "mts" | "cts" => Language::TypeScript,
            "tsx" => Language::Tsx,
            // JSX is on for .js: real React code puts JSX in .js files.
            "js" | "mjs" | "cjs" => Language::JavaScript,
            "jsx" => Language::Jsx,
            "py" | "pyi" => Language::Python,
            "java" => Language::Java,
            "go" => Language::Go,
            "kt" | "kts" => Language::Kotlin,
            "rs" => Language::Rust,
            "rb" | "rake" => Language::Ruby,
            "php" => Language::Php,
            "cs" => Language::CSharp,
            _ => return None,
        })
    }
}

/// One file, lowered. Built once per file by a lowering and then only read.
#[derive(Debug, Clone, Serialize)]
pub struct Model {
    /// Repository-relative path, POSIX separators, NFC.
    pub path: String,
    pub language: Language,
    /// The package a Java or Kotlin file declares (`a.b` for `package a.b`); `None` otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub package: Option<String>,
    #[serde(skip)]
    pub source: String,
    #[serde(skip)]
    pub lines: LineIndex,
    /// Top-level statements, in source order.
    pub body: Vec<StmtId>,
    pub imports: Vec<Import>,
    pub exports: Vec<Export>,
    pub functions: Vec<Function>,
    pub classes: Vec<Class>,
    pub type_decls: Vec<TypeDecl>,
    pub stmts: Vec<Stmt>,
    pub exprs: Vec<Expr>,
    pub patterns: Vec<Pattern>,
    pub bindings: Vec<Binding>,
    /// Syntax errors the parser recovered from; the model is partial where they are.
    pub diagnostics: Vec<Diagnostic>,
    /// The functions by where they start, built on the first [`Model::enclosing_function`].
    #[serde(skip)]
    function_order: std::sync::OnceLock<FunctionOrder>,
}

/// A file's functions sorted by start (the longest first among equal starts, then by id),
/// with the furthest end among each prefix: the innermost function around a span is found by
/// walking back from the last function starting at or before it, and the walk stops where no
/// earlier function reaches the span's end.
#[derive(Debug, Clone, Default)]
struct FunctionOrder {
    sorted: Vec<(Span, u32)>,
    max_end: Vec<u32>,
}

impl FunctionOrder {
    fn new(functions: &[Function]) -> FunctionOrder {
        let mut sorted: Vec<(Span, u32)> = functions
            .iter()
            .enumerate()
            .map(|(i, f)| (f.span, u32::try_from(i).unwrap_or(u32::MAX)))
            .collect();
        sorted.sort_by_key(|&(s, i)| (s.start, std::cmp::Reverse(s.end), i));
        let mut furthest = 0;
        let max_end = sorted
            .iter()
            .map(|(s, _)| {
                furthest = furthest.max(s.end);
                furthest
            })
            .collect();
        FunctionOrder { sorted, max_end }
    }

    /// The smallest function whose span holds `span` and is not `span` itself (the lowest id
    /// among equal spans). Function spans nest, so the first one found walking back is the
    /// innermost.
    fn enclosing(&self, span: Span) -> Option<FuncId> {
        let end = self.sorted.partition_point(|(s, _)| s.start <= span.start);
        let mut found: Option<(Span, u32)> = None;
        for i in (0..end).rev() {
            if self.max_end[i] < span.end {
                break;
            }
            let (s, id) = self.sorted[i];
            match found {
                Some((f, best)) if s == f => found = Some((f, best.min(id))),
                Some(_) => break,
                None if s.contains(span) && s != span => found = Some((s, id)),
                None => {}
            }
        }
        found.map(|(_, id)| FuncId::from_index(id as usize))
    }
}

impl Model {
    /// The module specifiers of the file's imports that name no file of the repository (a
    /// package, not a relative import).
    pub fn external_imports(&self) -> Vec<&str> {
        self.imports
            .iter()
            .filter(|i| i.resolved.is_none() && i.level == 0)
            .map(|i| i.specifier.as_str())
            .collect()
    }

    /// An empty model for `path`; lowerings fill it through the `push_*` methods.
    pub fn new(path: impl Into<String>, language: Language, source: impl Into<String>) -> Model {
        let source = source.into();
        let lines = LineIndex::new(&source);
        Model {
            path: path.into(),
            language,
            package: None,
            source,
            lines,
            body: Vec::new(),
            imports: Vec::new(),
            exports: Vec::new(),
            functions: Vec::new(),
            classes: Vec::new(),
            type_decls: Vec::new(),
            stmts: Vec::new(),
            exprs: Vec::new(),
            patterns: Vec::new(),
            bindings: Vec::new(),
            diagnostics: Vec::new(),
            function_order: std::sync::OnceLock::new(),
        }
    }

    /// The innermost function whose span holds `span` (and is not `span` itself).
    pub fn enclosing_function(&self, span: Span) -> Option<FuncId> {
        self.function_order
            .get_or_init(|| FunctionOrder::new(&self.functions))
            .enclosing(span)
    }

    /// Gives back the spare capacity of the node arenas, and of the lists inside the nodes,
    /// once the model is complete: the models of a repository are all alive together while
    /// its summaries are extracted. Each list is copied to a block of its exact length (see
    /// [`fit`]), since `Vec::shrink_to_fit` may keep the whole block.
    pub fn shrink_to_fit(&mut self) {
        fit(&mut self.body);
        fit(&mut self.imports);
        fit(&mut self.exports);
        fit(&mut self.functions);
        fit(&mut self.classes);
        fit(&mut self.type_decls);
        fit(&mut self.stmts);
        fit(&mut self.exprs);
        fit(&mut self.patterns);
        fit(&mut self.bindings);
        fit(&mut self.diagnostics);
        for import in &mut self.imports {
            fit(&mut import.names);
        }
        for function in &mut self.functions {
            fit(&mut function.params);
            for param in &mut function.params {
                fit_annotation(&mut param.type_annotation);
                fit_decorator_args(&mut param.decorators);
            }
            fit_decorators(&mut function.decorators);
            fit(&mut function.type_params);
            fit(&mut function.doc_throws);
            fit_annotation(&mut function.return_type);
            if let FunctionBody::Block(body) = &mut function.body {
                fit(body);
            }
        }
        for class in &mut self.classes {
            fit(&mut class.extends);
            fit(&mut class.implements);
            fit(&mut class.keywords);
            fit(&mut class.members);
            for member in &mut class.members {
                fit_decorators(&mut member.decorators);
                if let MemberKind::Property {
                    type_annotation, ..
                } = &mut member.kind
                {
                    fit_annotation(type_annotation);
                }
            }
            fit(&mut class.body);
            fit_decorators(&mut class.decorators);
            fit(&mut class.type_params);
        }
        for decl in &mut self.type_decls {
            fit(&mut decl.members);
            fit(&mut decl.member_values);
            fit(&mut decl.type_params);
            fit_type(&mut decl.shape);
        }
        for stmt in &mut self.stmts {
            match &mut stmt.kind {
                StmtKind::VarDecl { declarators, .. } => {
                    for declarator in declarators.iter_mut() {
                        if let Some(annotation) = &mut declarator.type_annotation {
                            fit_type(&mut annotation.shape);
                        }
                    }
                }
                StmtKind::Switch { cases, .. } => {
                    for case in cases.iter_mut() {
                        fit(&mut case.body);
                    }
                }
                StmtKind::Match { cases, .. } => {
                    for case in cases.iter_mut() {
                        fit(&mut case.body);
                    }
                }
                StmtKind::Try(t) => {
                    fit(&mut t.block);
                    fit(&mut t.handlers);
                    for handler in &mut t.handlers {
                        fit(&mut handler.types);
                        fit(&mut handler.body);
                    }
                    if let Some(orelse) = &mut t.orelse {
                        fit(orelse);
                    }
                    if let Some(finalizer) = &mut t.finalizer {
                        fit(finalizer);
                    }
                }
                StmtKind::Loop(l) => {
                    if let Some(orelse) = &mut l.orelse {
                        fit(orelse);
                    }
                }
                _ => {}
            }
        }
        for expr in &mut self.exprs {
            match &mut expr.kind {
                ExprKind::Template(t) => {
                    fit(&mut t.quasis);
                    fit(&mut t.exprs);
                }
                ExprKind::Jsx { element } => {
                    fit(&mut element.attributes);
                    fit(&mut element.children);
                }
                ExprKind::Comprehension(c) => {
                    fit(&mut c.iterables);
                    fit(&mut c.conditions);
                }
                _ => {}
            }
        }
    }

    pub fn expr(&self, id: ExprId) -> &Expr {
        &self.exprs[id.index()]
    }
    pub fn stmt(&self, id: StmtId) -> &Stmt {
        &self.stmts[id.index()]
    }
    pub fn function(&self, id: FuncId) -> &Function {
        &self.functions[id.index()]
    }
    pub fn class(&self, id: ClassId) -> &Class {
        &self.classes[id.index()]
    }
    pub fn pattern(&self, id: PatternId) -> &Pattern {
        &self.patterns[id.index()]
    }
    pub fn binding(&self, id: BindingId) -> &Binding {
        &self.bindings[id.index()]
    }
    pub fn type_decl(&self, id: TypeDeclId) -> &TypeDecl {
        &self.type_decls[id.index()]
    }

    pub fn push_expr(&mut self, kind: ExprKind, span: Span) -> ExprId {
        self.exprs.push(Expr { kind, span });
        ExprId::from_index(self.exprs.len() - 1)
    }
    pub fn push_stmt(&mut self, kind: StmtKind, span: Span) -> StmtId {
        self.stmts.push(Stmt { kind, span });
        StmtId::from_index(self.stmts.len() - 1)
    }
    pub fn push_function(&mut self, f: Function) -> FuncId {
        self.functions.push(f);
        self.function_order = std::sync::OnceLock::new();
        FuncId::from_index(self.functions.len() - 1)
    }
    pub fn push_class(&mut self, c: Class) -> ClassId {
        self.classes.push(c);
        ClassId::from_index(self.classes.len() - 1)
    }
    pub fn push_pattern(&mut self, kind: PatternKind, span: Span) -> PatternId {
        self.patterns.push(Pattern { kind, span });
        PatternId::from_index(self.patterns.len() - 1)
    }
    pub fn push_binding(&mut self, b: Binding) -> BindingId {
        self.bindings.push(b);
        BindingId::from_index(self.bindings.len() - 1)
    }
    pub fn push_type_decl(&mut self, t: TypeDecl) -> TypeDeclId {
        self.type_decls.push(t);
        TypeDeclId::from_index(self.type_decls.len() - 1)
    }

    /// The exact source text of a span (empty when the span is out of range or not on a
    /// character boundary, which a correct lowering never produces).
    pub fn text(&self, span: Span) -> &str {
        self.source
            .get(span.start as usize..span.end as usize)
            .unwrap_or("")
    }

    /// The source text of a span with every run of whitespace collapsed to one space and the
    /// ends trimmed: the spelling used for callees and condition text, so a chain broken
    /// across lines and the same chain on one line read the same.
    pub fn text_collapsed(&self, span: Span) -> String {
        collapse_whitespace(self.text(span))
    }

    pub fn expr_text(&self, id: ExprId) -> &str {
        self.text(self.expr(id).span)
    }

    /// Start and end positions of a span.
    pub fn position(&self, span: Span) -> (Position, Position) {
        (
            self.lines.position(span.start),
            self.lines.position(span.end),
        )
    }

    /// 1-based first and last line of a span (the last line is the line of the last byte).
    pub fn line_range(&self, span: Span) -> (u32, u32) {
        let start = self.lines.position(span.start).line;
        let end = self
            .lines
            .position(span.end.saturating_sub(1).max(span.start))
            .line;
        (start, end)
    }

    /// The dotted name of a member chain of plain names (`a.b.c`, `this.x.y`), or `None` when
    /// any link is computed, a call, or anything else.
    pub fn member_chain(&self, id: ExprId) -> Option<Vec<&str>> {
        let mut parts = Vec::new();
        let mut cur = id;
        loop {
            match &self.expr(cur).kind {
                ExprKind::Ident { name, .. } => {
                    parts.push(name.as_str());
                    break;
                }
                ExprKind::This => {
                    parts.push("this");
                    break;
                }
                ExprKind::Member {
                    object,
                    property: MemberProp::Name(name),
                    ..
                } => {
                    parts.push(name.as_str());
                    cur = *object;
                }
                _ => return None,
            }
        }
        parts.reverse();
        Some(parts)
    }

    /// The binding an identifier expression resolves to, if any.
    pub fn resolved_binding(&self, id: ExprId) -> Option<BindingId> {
        match &self.expr(id).kind {
            ExprKind::Ident { binding, .. } => *binding,
            _ => None,
        }
    }

    /// The top-level function declarations, classes and variables a name refers to at module
    /// level, by name. Linear; callers that need many lookups build their own index.
    pub fn module_binding(&self, name: &str) -> Option<BindingId> {
        self.bindings
            .iter()
            .position(|b| b.scope.is_none() && b.name == name)
            .map(BindingId::from_index)
    }
}

/// Moves a list with spare capacity to a block of its exact length. `Vec::shrink_to_fit`
/// asks the allocator to shrink the block in place, and mimalloc keeps a block that would
/// shrink by less than half as it is, spare room and all: a list grown by pushing (capacity
/// four for one call argument, twice the length after a doubling) kept that room for as long
/// as the model lived.
pub fn fit<T>(list: &mut Vec<T>) {
    if list.capacity() > list.len() {
        let mut exact = Vec::with_capacity(list.len());
        exact.append(list);
        *list = exact;
    }
}

/// [`fit`] for the lists of a type annotation's shape.
fn fit_annotation(annotation: &mut Option<TypeAnnotation>) {
    if let Some(annotation) = annotation {
        fit_type(&mut annotation.shape);
    }
}

/// [`fit`] for the lists of a type's shape, nested ones included.
fn fit_type(shape: &mut TypeRef) {
    let inner: &mut Vec<TypeRef> = match shape {
        TypeRef::Named { args, .. } => {
            for shape in args.iter_mut() {
                fit_type(shape);
            }
            return;
        }
        TypeRef::Union { variants } => variants,
        TypeRef::Tuple { items } => items,
        TypeRef::Array { items } => return fit_type(items),
        TypeRef::Object { properties } => {
            fit(properties);
            for property in properties {
                fit_type(&mut property.shape);
            }
            return;
        }
        _ => return,
    };
    fit(inner);
    for shape in inner {
        fit_type(shape);
    }
}

/// [`fit`] for decorators and their arguments.
fn fit_decorators(decorators: &mut Vec<Decorator>) {
    fit(decorators);
    fit_decorator_args(decorators);
}

/// [`fit`] for decorators' arguments.
fn fit_decorator_args(decorators: &mut [Decorator]) {
    for decorator in decorators {
        fit(&mut decorator.args);
    }
}

/// Collapses every run of whitespace to one space and trims the ends.
pub fn collapse_whitespace(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for word in s.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// A syntax error the parser reported (and recovered from, when the model exists).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    pub message: String,
    pub span: Span,
}
