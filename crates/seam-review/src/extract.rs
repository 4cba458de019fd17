//! One file's model → Symbol drafts: ids, kinds, visibility, decorators and framework
//! classification, signatures, rules, calls and effects, drop decisions, the syntax token
//! stream, and for every call what call resolution needs to know about its callee.
//!
//! Symbol rules (spec §3.2, with seam's decisions):
//! - language id `ts` for every JavaScript-family file (`.ts .mts .cts .tsx .js .mjs .cjs
//!   .jsx`), `py` for Python, as Aburi's TypeScript plugin does; stable across versions.
//! - top level: functions, classes (and their methods, accessors, constructors and function-
//!   valued fields: `C.m`, static `C::m`), interfaces, type aliases, enums, one Symbol per
//!   name a `const`/`let`/`var` (or Python assignment) binds (kind `function` when the value
//!   is a function, `class` for a class expression, `const` for `const`, `variable` for
//!   `let`/`var`/Python names), `<default>` for an anonymous default export, and module-level
//!   registration calls the classification data names (kind `call`, qname
//!   `<receiver>__<method>[__<path slug>]__d<n>`).
//! - a registration call anywhere (module level or inside a function) classifies the handler
//!   it names: the function, method or class its handler argument reaches (settled with the
//!   calls, across files) gets the registration's `extKind`; a handler written in place is
//!   absorbed into the Symbol that holds it, which gets the `extKind` instead.
//! - no Symbol for computed, numeric, escaped or non-identifier member names.
//! - nested and anonymous functions are absorbed into their parent.
//!
//! Two declarations with one qualified name (see [`fold_duplicates`]): a type-space
//! declaration (interface, type alias) that shares its name with a value (`const X` +
//! `type X`) takes the qualified name `X__type`; any other pair (getter and setter, overloads
//! and their implementation, merged interfaces, a Python redefinition) folds into one Symbol
//! whose rules, effects, calls and syntax are both declarations' and whose source spans both.

use std::collections::{BTreeMap, BTreeSet};

use seam_ir::review::{
    Call, Decorator, Effect, Input, LoopKind, Rule, RuleKind, Signature, SourceRange, Symbol,
    SymbolKind, Via, Visibility, ids::is_identifier_name, make_symbol_id, rule_text,
};
use seam_lang::model::{self as m, ExprId, ExprKind, FuncId, Model, StmtId, StmtKind};

use crate::syntax;
use seam_packs::LanguageFamily;
use seam_packs::review::{Classifier, FileClassifier, HandlerArg, RegistrationMatch};

/// The reserved call-target segment for a subscript that is not a name (spec §10).
pub const COMPUTED_SEGMENT: &str = "<computed>";

/// Suffix of a type-space declaration that shares its name with a value declaration.
pub const TYPE_SPACE_SUFFIX: &str = "__type";

/// How a callee may be found in the repository; decided per call site while the model is at
/// hand, settled by [`crate::resolve`] once every file is extracted.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Lookup {
    /// Settled already: the bucket it stays unresolved in.
    Unresolved(Bucket),
    /// A name declared at the top of `file`, then `tail` member segments.
    File {
        file: String,
        head: String,
        tail: Vec<String>,
    },
    /// An imported name, then `tail`.
    Import {
        import: ImportRef,
        tail: Vec<String>,
    },
    /// A member of a class: `this.m()`, `this.field.m()` where the field's type is a class,
    /// or `x.m()` where `x = new C()`.
    Member { class: ClassRef, member: String },
    /// One name bound several ways (`try: from fast import f` / `except: from slow import
    /// f`): resolved when every way that resolves reaches the same Symbol, `ambiguous` when
    /// they reach different ones.
    Either(Vec<Lookup>),
    /// A name declared at the top of `file` or of another file of its directory (a Go
    /// package is one namespace over its files), then `tail`: a type a Go file names without
    /// reading it, or a method of that type (declared in any file of the package).
    Package {
        file: String,
        head: String,
        tail: Vec<String>,
    },
}

/// Where an imported name lives.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ImportRef {
    /// The repository file the specifier resolved to; `None` for a package or an
    /// unresolvable path.
    pub file: Option<String>,
    pub item: ImportItem,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ImportItem {
    Named(String),
    Default,
    Namespace,
}

/// A class, by the file that declares it and its name there.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ClassRef {
    Local {
        file: String,
        name: String,
    },
    Imported(ImportRef),
    /// A union of several repository classes (`a: A | B`): a member call on it is
    /// `ambiguous` when more than one of them has the member.
    Either(Vec<ClassRef>),
}

/// Why a call stays unresolved (spec `stats.callResolution.unresolved`).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Bucket {
    LocalScope,
    External,
    Dynamic,
    Ambiguous,
    NoMatch,
}

/// A Symbol before resolution, propagation and fingerprints.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Draft {
    pub symbol: Symbol,
    /// The normalised token stream for the `syntax` fingerprint.
    pub syntax: String,
    /// The `syntax` fingerprint itself, when a cache entry kept it instead of the tokens
    /// (`syntax` is then empty): the fingerprint depends on the tokens alone.
    pub syntax_fingerprint: Option<String>,
    /// One per `symbol.calls` entry, same order.
    pub lookups: Vec<Lookup>,
    /// Interface or type alias: the type space of a name.
    pub type_space: bool,
    /// A function or method with no body, which a fold may replace with one that has one.
    pub bodiless: bool,
    /// A class's `extends` (and Python bases) as `inherit`, its `implements` as `implement`:
    /// each becomes a Symbol dependency when it resolves to a Symbol of the repository.
    pub heritage: Vec<(Via, Lookup)>,
    /// The handlers registration calls in this Symbol name.
    pub handlers: Vec<HandlerMark>,
}

/// A handler a registration call names (`r.GET("/x", getItem)`): the function, method or
/// class its lookup reaches gets `ext_kind` when it has none (settled with the calls).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct HandlerMark {
    pub lookup: Lookup,
    pub ext_kind: String,
    pub derived_by: String,
}

/// What other files need to know about this one.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct FileFacts {
    /// The qualified name of the default export, when it is a Symbol.
    pub default_export: Option<String>,
    /// `export { a as b } from './x'`: (exported name, resolved file, imported name).
    pub reexports: Vec<(String, String, String)>,
    /// `export * from './x'`: resolved files.
    pub star_reexports: Vec<String>,
}

/// One file's output.
#[derive(Debug, Clone, PartialEq)]
pub struct FileOutput {
    pub path: String,
    pub language: &'static str,
    pub drafts: Vec<Draft>,
    pub facts: FileFacts,
}

/// The review language id of a model language.
pub fn language_id(language: m::Language) -> &'static str {
    match language {
        m::Language::TypeScript | m::Language::Tsx | m::Language::JavaScript | m::Language::Jsx => {
            "ts"
        }
        m::Language::Python => "py",
        m::Language::Java => "java",
        m::Language::Go => "go",
        m::Language::Kotlin => "kotlin",
        m::Language::Rust => "rust",
        m::Language::Ruby => "ruby",
        m::Language::Php => "php",
        m::Language::CSharp => "csharp",
    }
}

/// Extracts every Symbol draft of one file.
pub fn extract_file(model: &Model, classifier: &Classifier) -> FileOutput {
    let family = match model.language {
        m::Language::Python => LanguageFamily::Python,
        m::Language::Java => LanguageFamily::Java,
        m::Language::Go => LanguageFamily::Go,
        m::Language::Kotlin => LanguageFamily::Kotlin,
        m::Language::Rust => LanguageFamily::Rust,
        m::Language::Ruby => LanguageFamily::Ruby,
        m::Language::Php => LanguageFamily::Php,
        m::Language::CSharp => LanguageFamily::CSharp,
        m::Language::TypeScript | m::Language::Tsx | m::Language::JavaScript | m::Language::Jsx => {
            LanguageFamily::JavaScript
        }
    };
    let specifiers: Vec<&str> = model.imports.iter().map(|i| i.specifier.as_str()).collect();
    let fc = classifier.for_file(family, &specifiers);
    let mut cx = FileCx::new(model, fc);
    for s in &model.body {
        cx.top_stmt(*s, false);
    }
    cx.reexports();
    cx.route_exports();
    let drafts = fold_duplicates(std::mem::take(&mut cx.drafts));
    let mut facts = FileFacts {
        default_export: cx.default_export.clone(),
        ..FileFacts::default()
    };
    for e in &model.exports {
        if let Some(from) = &e.from
            && let Some(resolved) = &from.resolved
        {
            if e.exported == "*" {
                facts.star_reexports.push(resolved.clone());
            } else {
                facts
                    .reexports
                    .push((e.exported.clone(), resolved.clone(), from.imported.clone()));
            }
        }
    }
    FileOutput {
        path: model.path.clone(),
        language: language_id(model.language),
        drafts,
        facts,
    }
}

struct FileCx<'a> {
    model: &'a Model,
    fc: FileClassifier<'a>,
    lang: &'static str,
    /// Local names exported (JS), without type-only re-exports.
    exported: BTreeSet<String>,
    default_export: Option<String>,
    /// Top-level class names of this file.
    classes: BTreeMap<String, m::ClassId>,
    /// Top-level names of this file (functions, classes, variables).
    top_names: BTreeSet<String>,
    drafts: Vec<Draft>,
    registration_counts: BTreeMap<String, u32>,
}

/// The Symbol a body walk is collecting for.
struct Owner {
    /// The class a method belongs to (for `this.m()`).
    class: Option<m::ClassId>,
    /// The Python receiver parameter (`self`, `cls`) binding.
    receiver: Option<m::BindingId>,
    params: BTreeSet<m::BindingId>,
}

impl<'a> FileCx<'a> {
    fn new(model: &'a Model, fc: FileClassifier<'a>) -> Self {
        let mut exported = BTreeSet::new();
        let mut default_export = None;
        for e in &model.exports {
            if e.from.is_some() {
                continue;
            }
            if e.exported == "default" {
                default_export = Some(match (&e.local, e.target) {
                    (Some(local), _) if local != "default" => local.clone(),
                    (_, m::ExportTarget::Function(f)) => model
                        .function(f)
                        .name
                        .clone()
                        .unwrap_or_else(|| "<default>".to_owned()),
                    (_, m::ExportTarget::Class(c)) => model
                        .class(c)
                        .name
                        .clone()
                        .unwrap_or_else(|| "<default>".to_owned()),
                    _ => "<default>".to_owned(),
                });
            }
            if let Some(local) = &e.local {
                exported.insert(local.clone());
            }
        }
        let mut classes = BTreeMap::new();
        for s in &model.body {
            let mut s = *s;
            if let StmtKind::Export { decl: Some(d) } = &model.stmt(s).kind {
                s = *d;
            }
            if let StmtKind::ClassDecl { class } = &model.stmt(s).kind
                && let Some(name) = &model.class(*class).name
            {
                classes.insert(name.clone(), *class);
            }
        }
        let top_names = model
            .bindings
            .iter()
            .filter(|b| b.scope.is_none() && !matches!(b.kind, m::BindingKind::Import { .. }))
            .map(|b| b.name.to_string())
            .collect();
        FileCx {
            model,
            lang: language_id(model.language),
            fc,
            exported,
            default_export,
            classes,
            top_names,
            drafts: Vec::new(),
            registration_counts: BTreeMap::new(),
        }
    }

    fn is_python(&self) -> bool {
        self.model.language == m::Language::Python
    }

    fn is_go(&self) -> bool {
        self.model.language == m::Language::Go
    }

    fn top_visibility(&self, name: &str, exported_by_statement: bool) -> Visibility {
        // Go exports the names that start with an upper-case letter; the others are seen by
        // the whole package.
        if self.is_go() {
            if name.starts_with(|c: char| c.is_uppercase()) {
                Visibility::Public
            } else {
                Visibility::Internal
            }
        } else if self.is_python() {
            if name.starts_with('_') {
                Visibility::Internal
            } else {
                Visibility::Public
            }
        } else if exported_by_statement || self.exported.contains(name) || name == "<default>" {
            Visibility::Public
        } else {
            Visibility::Internal
        }
    }

    fn line(&self, span: m::Span) -> u32 {
        self.model.lines.position(span.start).line
    }

    fn source(&self, span: m::Span) -> SourceRange {
        let (start, end) = self.model.line_range(span);
        SourceRange::lines(&self.model.path, start, end.max(start))
    }

    fn new_symbol(
        &self,
        qname: &str,
        kind: SymbolKind,
        visibility: Visibility,
        span: m::Span,
    ) -> Option<Symbol> {
        let id = make_symbol_id(self.lang, &self.model.path, qname).ok()?;
        Some(Symbol::new(
            id,
            kind,
            seam_ir::review::text::nfc(qname),
            self.lang.to_owned(),
            visibility,
            self.source(span),
        ))
    }

    fn top_stmt(&mut self, id: StmtId, exported: bool) {
        let model = self.model;
        let stmt = model.stmt(id);
        match &stmt.kind {
            StmtKind::Export { decl: Some(d) } if self.wrapped_default_handler(*d, stmt.span) => {}
            StmtKind::Export { decl: Some(d) } => self.top_stmt(*d, true),
            StmtKind::Export { decl: None } => self.default_expression(stmt.span),
            // A Go method is declared outside its type: it is a member of the type's class,
            // which a file that does not declare the type holds as a partial class (the
            // methods alone), written where its first method is.
            StmtKind::FunctionDecl { function } if model.function(*function).class.is_some() => {
                let Some(class) = model.function(*function).class else {
                    return;
                };
                let c = model.class(class);
                let first_method = c.members.iter().find_map(|m| match m.kind {
                    m::MemberKind::Method { function } => Some(function),
                    _ => None,
                });
                if c.name_source != m::NameSource::Declared && first_method == Some(*function) {
                    let name = declared_name(c.name.as_deref(), c.name_source);
                    let vis = self.top_visibility(&name, false);
                    self.class_symbol(class, &name, vis, c.span);
                }
            }
            StmtKind::FunctionDecl { function } => {
                let f = model.function(*function);
                let name = declared_name(f.name.as_deref(), f.name_source);
                let vis = self.top_visibility(&name, exported && name == "<default>");
                self.function_symbol(*function, &name, SymbolKind::Function, vis, f.span, None);
            }
            StmtKind::ClassDecl { class } => {
                let c = model.class(*class);
                let name = declared_name(c.name.as_deref(), c.name_source);
                let vis = self.top_visibility(&name, exported && name == "<default>");
                self.class_symbol(*class, &name, vis, c.span);
            }
            StmtKind::TypeDecl { decl } => self.type_symbol(*decl),
            StmtKind::VarDecl { kind, declarators } => {
                for d in declarators {
                    self.declarator(*kind, d, stmt.span);
                }
            }
            StmtKind::Expr { expr } => self.top_expression(*expr, stmt.span),
            _ => {}
        }
    }

    /// `export { a as b } from './x'`: a dropped Symbol per re-exported name, so the name
    /// the module offers is on record without counting as behaviour here.
    fn reexports(&mut self) {
        // A Go package's front file re-exports its siblings' names for resolution only
        // (see seam-lang's Go resolution): they declare nothing.
        if self.is_go() {
            return;
        }
        let model = self.model;
        for e in &model.exports {
            if e.from.is_none() || e.exported == "*" || !is_identifier_name(&e.exported) {
                continue;
            }
            let kind = if e.type_only {
                SymbolKind::Type
            } else {
                SymbolKind::Const
            };
            let Some(mut symbol) = self.new_symbol(&e.exported, kind, Visibility::Public, e.span)
            else {
                continue;
            };
            symbol.derived_by.push("re-export".to_owned());
            symbol.drop_with_reason("re-export");
            self.drafts.push(Draft {
                symbol,
                syntax: String::new(),
                syntax_fingerprint: None,
                lookups: Vec::new(),
                type_space: e.type_only,
                bodiless: false,
                heritage: Vec::new(),
                handlers: Vec::new(),
            });
        }
    }

    /// Handlers a pack's file convention names (`export function GET` in `app/**/route.ts`,
    /// the default export of `server/api/x.ts`) get the convention's `extKind`.
    fn route_exports(&mut self) {
        let model = self.model;
        let mut named: Vec<(String, String)> = Vec::new();
        for e in &model.exports {
            if e.from.is_some() {
                continue;
            }
            let local = if e.exported == "default" {
                self.default_export.clone()
            } else {
                e.local.clone()
            };
            if let Some(local) = local {
                named.push((local, e.exported.clone()));
            }
            // `export default defineEventHandler(serveFile)`: the function named in the call.
            if let m::ExportTarget::Expr(x) = e.target
                && let ExprKind::Call { args, .. } = &model.expr(x).kind
            {
                for a in args {
                    if let ExprKind::Ident { name, .. } = &model.expr(a.value).kind {
                        named.push((name.to_string(), e.exported.clone()));
                    }
                }
            }
        }
        for (local, exported) in named {
            let Some((ext_kind, derived_by)) = self.fc.route_export(&model.path, &exported) else {
                continue;
            };
            for d in &mut self.drafts {
                if d.symbol.name == local && d.symbol.ext_kind.is_none() {
                    d.symbol.ext_kind = Some(ext_kind.clone());
                    if !d.symbol.derived_by.contains(&derived_by) {
                        d.symbol.derived_by.push(derived_by.clone());
                    }
                }
            }
        }
    }

    /// The function a convention's default export wraps (`defineEventHandler(async (e) =>
    /// …)`): the last argument that is a function, through nested calls.
    fn wrapped_function(&self, expr: ExprId) -> Option<FuncId> {
        match &self.model.expr(expr).kind {
            ExprKind::Function { function } => Some(*function),
            ExprKind::Call { args, .. } => args
                .iter()
                .rev()
                .find_map(|a| self.wrapped_function(a.value)),
            _ => None,
        }
    }

    /// `export default defineEventHandler(async (e) => …)` in a file whose convention names
    /// the default export as a handler: the wrapped function is the `<default>` Symbol.
    fn wrapped_default_handler(&mut self, decl: StmtId, span: m::Span) -> bool {
        let model = self.model;
        let StmtKind::Expr { expr } = &model.stmt(decl).kind else {
            return false;
        };
        let is_default = model.exports.iter().any(|e| {
            e.exported == "default" && e.from.is_none() && e.target == m::ExportTarget::Expr(*expr)
        });
        if !is_default
            || !matches!(model.expr(*expr).kind, ExprKind::Call { .. })
            || self.fc.route_export(&model.path, "default").is_none()
        {
            return false;
        }
        let Some(function) = self.wrapped_function(*expr) else {
            return false;
        };
        self.function_symbol(
            function,
            "<default>",
            SymbolKind::Function,
            Visibility::Public,
            span,
            Some("export-default"),
        );
        true
    }

    /// `export default <expression>`: an anonymous function or class becomes `<default>`.
    fn default_expression(&mut self, span: m::Span) {
        let model = self.model;
        for e in &model.exports {
            if e.exported != "default" || e.from.is_some() || !span.contains(e.span) {
                continue;
            }
            if let m::ExportTarget::Expr(x) = e.target {
                match &model.expr(x).kind {
                    ExprKind::Function { function } => self.function_symbol(
                        *function,
                        "<default>",
                        SymbolKind::Function,
                        Visibility::Public,
                        span,
                        Some("export-default"),
                    ),
                    ExprKind::Class { class } => {
                        self.class_symbol(*class, "<default>", Visibility::Public, span)
                    }
                    _ => {}
                }
            }
        }
    }

    fn top_expression(&mut self, expr: ExprId, span: m::Span) {
        let model = self.model;
        match &model.expr(expr).kind {
            // Python `NAME = value` at module level.
            ExprKind::Assign {
                op: m::AssignOp::Assign,
                target,
                value,
            } if self.is_python() => {
                let mut names = Vec::new();
                pattern_names(model, *target, &mut names);
                let single = names.len() == 1;
                for name in names {
                    self.value_symbol(&name, SymbolKind::Variable, single.then_some(*value), span);
                }
            }
            ExprKind::Call { callee, args, .. } => {
                let (target, _) = describe(model, *callee);
                let Some(hit) = self.fc.registration(&target, args.len()) else {
                    return;
                };
                let (ext_kind, derived_by) = (hit.ext_kind.clone(), hit.derived_by.clone());
                let segments: Vec<&str> = target.split('.').collect();
                let (method, receiver) = match segments.split_last() {
                    Some((last, rest)) if !rest.is_empty() => (*last, rest.join("_")),
                    _ => return,
                };
                let slug = args.first().and_then(|a| match &model.expr(a.value).kind {
                    ExprKind::Literal {
                        value: m::LiteralValue::String { value },
                    } => Some(path_slug(value)),
                    _ => None,
                });
                let base = match slug {
                    Some(s) if !s.is_empty() => format!("{receiver}__{method}__{s}"),
                    _ => format!("{receiver}__{method}"),
                };
                let counter = self.registration_counts.entry(base.clone()).or_insert(0);
                let qname = format!("{base}__d{counter}");
                *counter += 1;
                if !is_identifier_name(&qname) {
                    return;
                }
                let Some(mut symbol) =
                    self.new_symbol(&qname, SymbolKind::Call, Visibility::Internal, span)
                else {
                    return;
                };
                symbol.ext_kind = Some(ext_kind);
                symbol.derived_by.push(derived_by);
                let owner = Owner {
                    class: None,
                    receiver: None,
                    params: BTreeSet::new(),
                };
                let mut walker = Walker::new(self, &owner);
                // The registration call itself is the Symbol; what it runs is its body. A
                // handler it names is classified too.
                walker.registration(args, hit, false);
                for a in args {
                    walker.expr(a.value);
                }
                let mut syntax = String::new();
                syntax::expr(model, expr, &mut syntax);
                self.push_walked(symbol, walker.finish(), syntax, None);
            }
            _ => {}
        }
    }

    fn declarator(&mut self, kind: m::VarKind, d: &m::VarDeclarator, span: m::Span) {
        let model = self.model;
        // `const x = require('x')` is an import, not a declaration worth a Symbol.
        if model
            .imports
            .iter()
            .any(|i| i.kind == m::ImportKind::Require && d.span.contains(i.span))
        {
            return;
        }
        let mut names = Vec::new();
        pattern_names(model, d.pattern, &mut names);
        let single = matches!(model.pattern(d.pattern).kind, m::PatternKind::Ident { .. });
        let base_kind = match kind {
            m::VarKind::Const => SymbolKind::Const,
            _ => SymbolKind::Variable,
        };
        for name in names {
            self.value_symbol(&name, base_kind, if single { d.init } else { None }, span);
        }
    }

    /// A variable-like Symbol; a function or class value makes it a function or class.
    fn value_symbol(&mut self, name: &str, kind: SymbolKind, init: Option<ExprId>, span: m::Span) {
        let model = self.model;
        let vis = self.top_visibility(name, false);
        if let Some(init) = init {
            match &model.expr(init).kind {
                ExprKind::Function { function } => {
                    self.function_symbol(
                        *function,
                        name,
                        SymbolKind::Function,
                        vis,
                        span,
                        Some("variable-assigned-function"),
                    );
                    return;
                }
                ExprKind::Class { class } => {
                    self.class_symbol(*class, name, vis, span);
                    return;
                }
                _ => {}
            }
        }
        if !is_identifier_name(name) {
            return;
        }
        let Some(mut symbol) = self.new_symbol(name, kind, vis, span) else {
            return;
        };
        if let Some(init) = init
            && let ExprKind::Call { callee, .. } = &model.expr(init).kind
        {
            let (target, _) = describe(model, *callee);
            if let Some(ext_kind) = self.fc.const_kind(&target) {
                symbol.derived_by.push(ext_kind.clone());
                symbol.ext_kind = Some(ext_kind);
            }
        }
        let owner = Owner {
            class: None,
            receiver: None,
            params: BTreeSet::new(),
        };
        let mut walker = Walker::new(self, &owner);
        if let Some(init) = init {
            walker.expr(init);
        }
        let mut syntax = format!("(value {}", serde_json::Value::String(name.to_owned()));
        match init {
            Some(i) => {
                syntax.push(' ');
                syntax::expr(model, i, &mut syntax);
            }
            None => syntax.push_str(" (none)"),
        }
        syntax.push(')');
        self.push_walked(symbol, walker.finish(), syntax, None);
    }

    fn type_symbol(&mut self, decl: m::TypeDeclId) {
        let model = self.model;
        let t = model.type_decl(decl);
        if !is_identifier_name(&t.name) {
            return;
        }
        let (kind, drop, derived) = match t.kind {
            m::TypeDeclKind::Interface => (
                SymbolKind::Interface,
                Some("interface (data model)"),
                "interface-declaration",
            ),
            m::TypeDeclKind::TypeAlias => (SymbolKind::Type, Some("type alias"), "type-alias"),
            m::TypeDeclKind::Enum => (SymbolKind::Enum, None, "enum-declaration"),
        };
        let vis = self.top_visibility(&t.name, false);
        let Some(mut symbol) = self.new_symbol(&t.name, kind, vis, t.span) else {
            return;
        };
        symbol.derived_by.push(derived.to_owned());
        let mut syntax = String::new();
        syntax.push_str("(type-decl ");
        syntax.push_str(&serde_json::Value::String(model.text_collapsed(t.span)).to_string());
        syntax.push(')');
        if let Some(reason) = drop {
            symbol.drop_with_reason(reason);
        }
        self.drafts.push(Draft {
            symbol,
            syntax,
            syntax_fingerprint: None,
            lookups: Vec::new(),
            type_space: kind != SymbolKind::Enum,
            bodiless: false,
            heritage: Vec::new(),
            handlers: Vec::new(),
        });
    }

    fn decorators(
        &self,
        list: &[&m::Decorator],
        on_class: bool,
        class: Option<m::ClassId>,
        symbol: &mut Symbol,
    ) {
        let class_decorators: Vec<&str> = class
            .map(|c| {
                self.model
                    .class(c)
                    .decorators
                    .iter()
                    .map(|d| d.name.as_str())
                    .collect()
            })
            .unwrap_or_default();
        let mut seen = BTreeSet::new();
        let mut ext_kind: Option<String> = None;
        for d in list {
            if !seen.insert(d.span) {
                continue;
            }
            let classified = self.fc.decorator(&d.name, on_class, &class_decorators);
            let leaf = d.name.rsplit('.').next().unwrap_or(&d.name).to_owned();
            let raw = if d.raw.trim().is_empty() {
                d.name.clone()
            } else {
                d.raw.clone()
            };
            let arguments = d
                .args
                .iter()
                .map(|a| {
                    let text = self.model.text(self.model.expr(a.value).span).to_owned();
                    match &a.name {
                        Some(n) => format!("{n}={text}"),
                        None => text,
                    }
                })
                .collect();
            let mut boundary = false;
            if let Some(c) = classified {
                boundary = c.boundary;
                if ext_kind.is_none() {
                    ext_kind = c.ext_kind.clone();
                }
                if !symbol.derived_by.contains(&c.derived_by) {
                    symbol.derived_by.push(c.derived_by);
                }
            }
            symbol.decorators.push(Decorator {
                name: leaf,
                raw,
                arguments,
                boundary,
                line: self.line(d.span),
            });
        }
        if ext_kind.is_some() {
            symbol.ext_kind = ext_kind;
        }
    }

    fn signature(&self, f: &m::Function, receiver: Option<m::BindingId>) -> Signature {
        let model = self.model;
        let mut inputs = Vec::new();
        for p in &f.params {
            if let m::PatternKind::Ident {
                binding: Some(b), ..
            } = &model.pattern(p.pattern).kind
                && Some(*b) == receiver
            {
                continue;
            }
            let pattern_text = match &model.pattern(p.pattern).kind {
                m::PatternKind::Ident { name, .. } => name.to_string(),
                _ => model.text_collapsed(model.pattern(p.pattern).span),
            };
            let name = match p.kind {
                m::ParamKind::Rest if self.is_python() => format!("*{pattern_text}"),
                m::ParamKind::Rest => format!("...{pattern_text}"),
                m::ParamKind::KeywordRest => format!("**{pattern_text}"),
                _ => pattern_text,
            };
            if name.is_empty() {
                continue;
            }
            inputs.push(Input {
                name,
                type_text: p
                    .type_annotation
                    .as_ref()
                    .map(|t| t.text.to_string())
                    .unwrap_or_default(),
            });
        }
        Signature {
            inputs,
            outputs: f.return_type.iter().map(|t| t.text.to_string()).collect(),
            throws: Vec::new(),
            inferred_throws: Vec::new(),
            is_async: f.is_async,
            is_generator: f.is_generator,
            type_parameters: f.type_params.clone(),
        }
    }

    /// The Python receiver (`self`/`cls`): the first parameter of a method that is not a
    /// static method.
    fn receiver(&self, f: &m::Function) -> Option<m::BindingId> {
        if !self.is_python() || f.class.is_none() {
            return None;
        }
        if f.decorators.iter().any(|d| d.name == "staticmethod") {
            return None;
        }
        let first = f.params.first()?;
        match &self.model.pattern(first.pattern).kind {
            m::PatternKind::Ident { binding, .. } => *binding,
            _ => None,
        }
    }

    fn function_symbol(
        &mut self,
        function: FuncId,
        qname: &str,
        kind: SymbolKind,
        visibility: Visibility,
        span: m::Span,
        derived_by: Option<&str>,
    ) {
        self.function_symbol_with(
            function,
            qname,
            kind,
            visibility,
            span,
            derived_by,
            &[],
            None,
        );
    }

    #[allow(clippy::too_many_arguments)]
    fn function_symbol_with(
        &mut self,
        function: FuncId,
        qname: &str,
        kind: SymbolKind,
        visibility: Visibility,
        span: m::Span,
        derived_by: Option<&str>,
        member_decorators: &[m::Decorator],
        class: Option<m::ClassId>,
    ) {
        let model = self.model;
        let f = model.function(function);
        let Some(mut symbol) = self.new_symbol(qname, kind, visibility, span) else {
            return;
        };
        if let Some(d) = derived_by {
            symbol.derived_by.push(d.to_owned());
        }
        let decorators: Vec<&m::Decorator> = member_decorators
            .iter()
            .chain(f.decorators.iter())
            .collect();
        self.decorators(&decorators, false, class, &mut symbol);
        let receiver = self.receiver(f);
        let mut signature = self.signature(f, receiver);
        let owner = Owner {
            class,
            receiver,
            params: param_bindings(model, function),
        };
        let mut walker = Walker::new(self, &owner);
        for p in &f.params {
            if let Some(d) = p.default {
                walker.expr(d);
            }
        }
        let bodiless = match &f.body {
            m::FunctionBody::Block(body) => {
                walker.stmts(body);
                body.is_empty()
            }
            m::FunctionBody::Expr(e) => {
                walker.expr(*e);
                false
            }
            m::FunctionBody::None => true,
        };
        let walked = walker.finish();
        let mut throws: BTreeSet<String> = walked.throws.iter().cloned().collect();
        throws.extend(f.doc_throws.iter().cloned());
        signature.throws = throws.into_iter().filter(|t| !t.is_empty()).collect();
        symbol.signature = Some(signature);
        let mut syntax = String::new();
        syntax::function_body(model, function, &mut syntax);
        let boundary = symbol.decorators.iter().any(|d| d.boundary);
        let drop =
            (bodiless && kind != SymbolKind::Constructor && !boundary).then_some("empty body");
        self.push_walked(symbol, walked, syntax, drop);
        if let Some(last) = self.drafts.last_mut() {
            last.bodiless = matches!(f.body, m::FunctionBody::None);
        }
    }

    fn class_symbol(&mut self, class: m::ClassId, name: &str, vis: Visibility, span: m::Span) {
        let model = self.model;
        let c = model.class(class);
        let Some(mut symbol) = self.new_symbol(name, SymbolKind::Class, vis, span) else {
            return;
        };
        let decorators: Vec<&m::Decorator> = c.decorators.iter().collect();
        self.decorators(&decorators, true, None, &mut symbol);
        let owner = Owner {
            class: Some(class),
            receiver: None,
            params: BTreeSet::new(),
        };
        // The class Symbol owns what runs outside its methods: field initialisers.
        let mut walker = Walker::new(self, &owner);
        let mut heritage = Vec::new();
        let mut framework_base = None;
        for e in &c.extends {
            walker.expr(*e);
            if is_plain_chain(model, *e) {
                let (target, _) = describe(model, *e);
                if framework_base.is_none() {
                    framework_base = walker.cx.fc.class_base(&target);
                }
                heritage.push((Via::Inherit, walker.lookup(*e, &target)));
            }
        }
        for name in &c.implements {
            if let Some(lookup) = self.type_name_lookup(name) {
                heritage.push((Via::Implement, lookup));
            }
        }
        let mut methods = 0usize;
        let mut all_constant = true;
        for member in &c.members {
            match &member.kind {
                m::MemberKind::Property {
                    value, function, ..
                } => {
                    if function.is_some() {
                        methods += 1;
                    } else if let Some(v) = value {
                        walker.expr(*v);
                    }
                    let literal = value
                        .is_some_and(|v| matches!(model.expr(v).kind, ExprKind::Literal { .. }));
                    if !(literal && (member.is_static || member.readonly || self.is_python())) {
                        all_constant = false;
                    }
                }
                m::MemberKind::Other => {}
                _ => methods += 1,
            }
        }
        let walked = walker.finish();
        let mut syntax = String::new();
        syntax::class_node(model, class, &mut syntax);
        // A framework class (a view by its base) is kept even when it only sets attributes.
        let boundary = symbol.decorators.iter().any(|d| d.boundary) || framework_base.is_some();
        if let Some((ext_kind, derived_by)) = framework_base
            && symbol.ext_kind.is_none()
        {
            symbol.ext_kind = Some(ext_kind);
            symbol.derived_by.push(derived_by);
        }
        let has_fields = c
            .members
            .iter()
            .any(|m| matches!(m.kind, m::MemberKind::Property { .. }));
        let drop = if boundary || methods > 0 || !has_fields {
            None
        } else if all_constant {
            Some("pure constants")
        } else {
            Some("pure DTO")
        };
        self.push_walked(symbol, walked, syntax, drop);
        if let Some(last) = self.drafts.last_mut() {
            last.heritage = heritage;
        }
        self.members(class, name);
    }

    fn members(&mut self, class: m::ClassId, class_name: &str) {
        let model = self.model;
        let c = model.class(class);
        for member in &c.members {
            let (function, derived, kind) = match &member.kind {
                m::MemberKind::Method { function } => (*function, "class-method", None),
                m::MemberKind::Getter { function } => (*function, "accessor-get", None),
                m::MemberKind::Setter { function } => (*function, "accessor-set", None),
                m::MemberKind::Constructor { function } => (
                    *function,
                    "constructor-declaration",
                    Some(SymbolKind::Constructor),
                ),
                m::MemberKind::Property {
                    function: Some(function),
                    ..
                } => (*function, "class-field-function", None),
                _ => continue,
            };
            let (member_name, hash_private) = match &member.name {
                m::MemberName::Ident(s) | m::MemberName::String(s) => (s.as_str(), false),
                m::MemberName::Private(s) => (s.as_str(), true),
                m::MemberName::Number(_) | m::MemberName::Computed(_) => continue,
            };
            if !is_identifier_name(member_name) {
                continue;
            }
            let f = model.function(function);
            let kind = kind.unwrap_or(if f.kind == m::FunctionKind::Constructor {
                SymbolKind::Constructor
            } else {
                SymbolKind::Method
            });
            let separator = if member.is_static { "::" } else { "." };
            let qname = format!("{class_name}{separator}{member_name}");
            let visibility = if hash_private {
                Visibility::Private
            } else {
                match member.visibility.or(f.visibility) {
                    // An unexported Go method is seen by its whole package.
                    Some(m::Visibility::Private) if self.is_go() => Visibility::Internal,
                    Some(m::Visibility::Private | m::Visibility::HashPrivate) => {
                        Visibility::Private
                    }
                    Some(m::Visibility::Protected) => Visibility::Protected,
                    Some(m::Visibility::Public) => Visibility::Public,
                    None if self.is_python()
                        && member_name.starts_with("__")
                        && !member_name.ends_with("__") =>
                    {
                        Visibility::Private
                    }
                    None if self.is_python()
                        && member_name.starts_with('_')
                        && !member_name.starts_with("__") =>
                    {
                        Visibility::Protected
                    }
                    None => Visibility::Public,
                }
            };
            let derived = if member.is_static && derived == "class-method" {
                "static-method"
            } else {
                derived
            };
            self.function_symbol_with(
                function,
                &qname,
                kind,
                visibility,
                member.span,
                Some(derived),
                &member.decorators,
                Some(class),
            );
        }
    }

    /// A type named in an `implements` clause (`A`, `ns.A`, `A<T>`): an imported name or a
    /// name declared at the top of the file.
    fn type_name_lookup(&self, text: &str) -> Option<Lookup> {
        let text = text.split('<').next().unwrap_or(text).trim();
        let mut segments = text.split('.');
        let head = segments.next().filter(|h| !h.is_empty())?;
        let tail: Vec<String> = segments.map(str::to_owned).collect();
        let model = self.model;
        let imported = model.imports.iter().find_map(|imp| {
            imp.names
                .iter()
                .find(|n| n.local == head)
                .map(|n| import_ref(imp, n))
        });
        match imported {
            Some(import) => Some(Lookup::Import { import, tail }),
            None if self.top_names.contains(head) => Some(Lookup::File {
                file: model.path.clone(),
                head: head.to_owned(),
                tail,
            }),
            None => None,
        }
    }

    fn push_walked(
        &mut self,
        mut symbol: Symbol,
        walked: Walked,
        syntax: String,
        drop: Option<&str>,
    ) {
        symbol.rules = walked.rules;
        symbol.effects = walked.effects;
        symbol.calls = walked.calls;
        // A handler written in place in a registration: its body is this Symbol's.
        if let Some((ext_kind, derived_by)) = walked.own_kind
            && symbol.ext_kind.is_none()
        {
            symbol.ext_kind = Some(ext_kind);
            symbol.derived_by.push(derived_by);
        }
        let mut lookups = walked.lookups;
        if let Some(reason) = drop {
            symbol.drop_with_reason(reason);
            lookups.clear();
        }
        self.drafts.push(Draft {
            symbol,
            syntax,
            syntax_fingerprint: None,
            lookups,
            type_space: false,
            bodiless: false,
            heritage: Vec::new(),
            handlers: walked.handlers,
        });
    }
}

/// The qualified-name segment of a top-level declaration: `<default>` for an anonymous
/// default export (which the lowering may name `default`).
fn declared_name(name: Option<&str>, source: m::NameSource) -> String {
    match (name, source) {
        (None, _) | (Some("default"), m::NameSource::DefaultExport) => "<default>".to_owned(),
        (Some(n), _) => n.to_owned(),
    }
}

/// Names a binding pattern declares, in source order (`{ a: b }` binds `b`).
fn pattern_names(model: &Model, id: m::PatternId, out: &mut Vec<String>) {
    match &model.pattern(id).kind {
        m::PatternKind::Ident { name, .. } => out.push(name.to_string()),
        m::PatternKind::Object { props, rest } => {
            for p in props {
                pattern_names(model, p.value, out);
            }
            if let Some(r) = rest {
                pattern_names(model, *r, out);
            }
        }
        m::PatternKind::Array { elements, rest } => {
            for e in elements.iter().flatten() {
                pattern_names(model, *e, out);
            }
            if let Some(r) = rest {
                pattern_names(model, *r, out);
            }
        }
        m::PatternKind::Default { target, .. } => pattern_names(model, *target, out),
        m::PatternKind::Expr { .. } => {}
    }
}

fn param_bindings(model: &Model, function: FuncId) -> BTreeSet<m::BindingId> {
    model
        .bindings
        .iter()
        .enumerate()
        .filter(
            |(_, b)| matches!(b.kind, m::BindingKind::Param { function: f, .. } if f == function),
        )
        .map(|(i, _)| m::BindingId::from_index(i))
        .collect()
}

/// A route path as qualified-name characters: `/` → `$`, `:` → `Z`, identifier characters
/// kept, anything else `_`.
pub fn path_slug(path: &str) -> String {
    path.chars()
        .map(|c| match c {
            '/' => '$',
            ':' => 'Z',
            c if c.is_alphanumeric() || c == '_' || c == '$' => c,
            _ => '_',
        })
        .collect()
}

/// A callee as the dotted target string, and whether it is dynamic (a receiver the resolver
/// cannot follow: a call result or an opaque expression).
pub fn describe(model: &Model, id: ExprId) -> (String, bool) {
    let node = model.expr(id);
    match &node.kind {
        ExprKind::Ident { name, .. } => (name.to_string(), false),
        ExprKind::This => ("this".to_owned(), false),
        ExprKind::Super => ("super".to_owned(), false),
        ExprKind::Member {
            object, property, ..
        } => {
            let (base, dynamic) = describe(model, *object);
            let segment = match property {
                m::MemberProp::Name(n) => n.to_string(),
                m::MemberProp::Private(n) => format!("#{n}"),
                m::MemberProp::Computed(k) => match &model.expr(*k).kind {
                    ExprKind::Literal {
                        value: m::LiteralValue::String { value },
                    } if is_identifier_name(value) => value.to_string(),
                    _ => COMPUTED_SEGMENT.to_owned(),
                },
            };
            let mut target = base;
            target.push('.');
            target.push_str(&segment);
            (target, dynamic)
        }
        ExprKind::Call { callee, .. } => (describe(model, *callee).0, true),
        ExprKind::Await { arg } => (describe(model, *arg).0, true),
        _ => {
            let text = model.text_collapsed(node.span);
            if text.is_empty() {
                (COMPUTED_SEGMENT.to_owned(), true)
            } else {
                (text, true)
            }
        }
    }
}

/// Removes comments from a source fragment (`//` and `/* */` for JavaScript, `#` for
/// Python), leaving string literals alone, so a comment inside a condition does not reach a
/// rule string or the logic fingerprint.
pub fn strip_comments(text: &str, python: bool) -> std::borrow::Cow<'_, str> {
    let marker = if python { "#" } else { "/" };
    if !text.contains(marker) {
        return std::borrow::Cow::Borrowed(text);
    }
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let mut quote: Option<char> = None;
    while i < chars.len() {
        let c = chars[i];
        if let Some(q) = quote {
            out.push(c);
            if c == '\\' {
                if let Some(next) = chars.get(i + 1) {
                    out.push(*next);
                }
                i += 2;
                continue;
            }
            if c == q {
                quote = None;
            }
            i += 1;
            continue;
        }
        match c {
            '\'' | '"' => quote = Some(c),
            '`' if !python => quote = Some(c),
            '#' if python => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                out.push(' ');
                continue;
            }
            '/' if !python && chars.get(i + 1) == Some(&'/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                out.push(' ');
                continue;
            }
            '/' if !python && chars.get(i + 1) == Some(&'*') => {
                i += 2;
                while i < chars.len() && !(chars[i] == '*' && chars.get(i + 1) == Some(&'/')) {
                    i += 1;
                }
                i += 2;
                out.push(' ');
                continue;
            }
            _ => {}
        }
        out.push(c);
        i += 1;
    }
    std::borrow::Cow::Owned(out)
}

/// True for a chain of plain names (`a.b.c`), which holds no call or subscript to walk.
fn is_plain_chain(model: &Model, id: ExprId) -> bool {
    model.member_chain(id).is_some()
}

/// The root expression of a member chain (`a` of `a.b.c`).
fn chain_root(model: &Model, mut id: ExprId) -> ExprId {
    while let ExprKind::Member { object, .. } = &model.expr(id).kind {
        id = *object;
    }
    id
}

struct Walked {
    rules: Vec<Rule>,
    effects: Vec<Effect>,
    calls: Vec<Call>,
    lookups: Vec<Lookup>,
    throws: Vec<String>,
    /// Handlers named by registrations in the body.
    handlers: Vec<HandlerMark>,
    /// (extKind, derivedBy) of the first registration whose handler is written in place.
    own_kind: Option<(String, String)>,
}

/// The handler argument of a registration.
enum Handler {
    /// A function written in place, absorbed into the walked Symbol.
    Inline,
    /// A name to look up.
    Named(Lookup),
}

/// Collects the rules, calls, effects and throws of one Symbol's body, descending into
/// nested functions and classes (absorbed into the owner) and into catch and finally bodies.
struct Walker<'c, 'a> {
    cx: &'c FileCx<'a>,
    owner: &'c Owner,
    out: Walked,
}

impl<'c, 'a> Walker<'c, 'a> {
    fn new(cx: &'c FileCx<'a>, owner: &'c Owner) -> Self {
        Walker {
            cx,
            owner,
            out: Walked {
                rules: Vec::new(),
                effects: Vec::new(),
                calls: Vec::new(),
                lookups: Vec::new(),
                throws: Vec::new(),
                handlers: Vec::new(),
                own_kind: None,
            },
        }
    }

    fn finish(self) -> Walked {
        self.out
    }

    fn model(&self) -> &'a Model {
        self.cx.model
    }

    fn stmts(&mut self, body: &[StmtId]) {
        for s in body {
            m::ExprVisitor::stmt(self, *s);
        }
    }

    fn expr(&mut self, id: ExprId) {
        m::ExprVisitor::expr(self, id);
    }

    /// Rule text of an expression: its source with comments removed, then §8.2.
    fn text(&self, id: ExprId) -> String {
        rule_text(&strip_comments(
            self.model().expr_text(id),
            self.cx.is_python(),
        ))
    }

    fn rule(&mut self, span: m::Span, kind: RuleKind) {
        let line = self.cx.line(span);
        self.out.rules.push(Rule { line, kind });
    }

    /// True when a branch leaves: return, throw, break, continue or a process-exit effect.
    fn exits(&self, id: StmtId) -> bool {
        let model = self.model();
        match &model.stmt(id).kind {
            StmtKind::Return { .. }
            | StmtKind::Throw { .. }
            | StmtKind::Break { .. }
            | StmtKind::Continue { .. } => true,
            StmtKind::Block { body } => body.iter().any(|s| self.exits(*s)),
            StmtKind::If {
                consequent,
                alternate,
                ..
            } => self.exits(*consequent) || alternate.is_some_and(|a| self.exits(a)),
            StmtKind::Labeled { body, .. } | StmtKind::With { body, .. } => self.exits(*body),
            StmtKind::Loop(l) => self.exits(l.body),
            StmtKind::Try(boxed) => {
                let seam_lang::model::TryStmt {
                    block,
                    handlers,
                    finalizer,
                    ..
                } = &**boxed;
                block.iter().any(|s| self.exits(*s))
                    || handlers
                        .iter()
                        .any(|h| h.body.iter().any(|s| self.exits(*s)))
                    || finalizer
                        .as_ref()
                        .is_some_and(|f| f.iter().any(|s| self.exits(*s)))
            }
            StmtKind::Switch { cases, .. } => {
                cases.iter().any(|c| c.body.iter().any(|s| self.exits(*s)))
            }
            StmtKind::Match { cases, .. } => {
                cases.iter().any(|c| c.body.iter().any(|s| self.exits(*s)))
            }
            StmtKind::Expr { expr } => {
                let mut e = *expr;
                if let ExprKind::Await { arg } = &model.expr(e).kind {
                    e = *arg;
                }
                match &model.expr(e).kind {
                    ExprKind::Call { callee, .. } => {
                        let (target, _) = describe(model, *callee);
                        self.cx
                            .fc
                            .call_effect(&target)
                            .is_some_and(|hit| hit.effect == "process.exit")
                    }
                    _ => false,
                }
            }
            _ => false,
        }
    }

    /// Trivial return values (no rule): literals, names, member chains over them, unary
    /// and update over them. Calls (and `await` of a call) are call-only: no rule either.
    fn trivial_return(&self, id: ExprId) -> bool {
        let model = self.model();
        match &model.expr(id).kind {
            ExprKind::Literal { .. }
            | ExprKind::Ident { .. }
            | ExprKind::This
            | ExprKind::Super => true,
            ExprKind::Template(t) => t.exprs.is_empty() && t.tag.is_none(),
            ExprKind::Member {
                object, property, ..
            } => {
                self.trivial_return(*object)
                    && match property {
                        m::MemberProp::Computed(k) => self.trivial_return(*k),
                        _ => true,
                    }
            }
            ExprKind::Unary { arg, .. } | ExprKind::Update { arg, .. } => self.trivial_return(*arg),
            ExprKind::Call { .. } => true,
            ExprKind::Await { arg } => {
                matches!(model.expr(*arg).kind, ExprKind::Call { .. }) || self.trivial_return(*arg)
            }
            _ => false,
        }
    }

    fn throw_what(&self, value: ExprId) -> (String, String) {
        let model = self.model();
        match &model.expr(value).kind {
            // `throw new X(…)`, Python `raise X(…)`: the constructed type.
            ExprKind::Call { callee, .. } => {
                let (target, _) = describe(model, *callee);
                let what = rule_text(&target);
                (what.clone(), what)
            }
            _ => {
                let what = self.text(value);
                (what.clone(), what)
            }
        }
    }

    /// Records a call as an effect or a call; true when noise or an effect claimed it, so
    /// its callee chain is not read again as a member read.
    fn call(&mut self, id: ExprId, callee: ExprId) -> bool {
        let model = self.model();
        let (target, dynamic) = describe(model, callee);
        let line = self.cx.line(model.expr(id).span);
        if self.cx.fc.has_registrations()
            && let ExprKind::Call { args, .. } = &model.expr(id).kind
            && let Some(hit) = if dynamic {
                self.cx.fc.registration_through_call(&target, args.len())
            } else {
                self.cx.fc.registration(&target, args.len())
            }
        {
            self.registration(args, hit, true);
        }
        if self.cx.fc.is_noise(&target) {
            return true;
        }
        if let Some(hit) = self.cx.fc.call_effect(&target) {
            self.out.effects.push(Effect::local(
                &hit.effect,
                &target,
                line,
                &hit.plugin,
                hit.confidence,
                &hit.derived_by,
            ));
            return true;
        }
        let lookup = if dynamic {
            Lookup::Unresolved(Bucket::Dynamic)
        } else {
            self.lookup(callee, &target)
        };
        self.out.calls.push(Call {
            target,
            line,
            resolved: None,
        });
        self.out.lookups.push(lookup);
        false
    }

    /// Records the handler a registration call names: a function written in place (or the
    /// enclosing function, for `handler: enclosing`) classifies the walked Symbol (when
    /// `inline_is_own`), a name is looked up once every file is read.
    fn registration(&mut self, args: &[m::Arg], hit: RegistrationMatch, inline_is_own: bool) {
        let found = match hit.handler {
            HandlerArg::None => None,
            HandlerArg::Enclosing => Some(Handler::Inline),
            HandlerArg::Index(i) => args.get(i).and_then(|a| self.handler(a.value)),
            HandlerArg::Last => args.iter().rev().find_map(|a| self.handler(a.value)),
        };
        match found {
            Some(Handler::Inline) if inline_is_own && self.out.own_kind.is_none() => {
                self.out.own_kind = Some((hit.ext_kind, hit.derived_by));
            }
            Some(Handler::Named(lookup)) => self.out.handlers.push(HandlerMark {
                lookup,
                ext_kind: hit.ext_kind,
                derived_by: hit.derived_by,
            }),
            _ => {}
        }
    }

    /// What a handler argument is: a function, a name (`getItem`, `h.List`, the receiver,
    /// a typed parameter), or either of those as the last such argument of a wrapper call
    /// (`http.HandlerFunc(getItem)`, `asyncHandler(async (req, res) => …)`).
    fn handler(&self, expr: ExprId) -> Option<Handler> {
        let model = self.model();
        match &model.expr(expr).kind {
            ExprKind::Function { .. } => Some(Handler::Inline),
            ExprKind::Call { args, .. } => args.iter().rev().find_map(|a| self.handler(a.value)),
            ExprKind::This => {
                let class = self.owner.class?;
                let name = model.class(class).name.clone()?;
                Some(Handler::Named(Lookup::File {
                    file: model.path.clone(),
                    head: name,
                    tail: Vec::new(),
                }))
            }
            ExprKind::Ident { .. } | ExprKind::Member { .. } if is_plain_chain(model, expr) => {
                let (target, dynamic) = describe(model, expr);
                if dynamic {
                    return None;
                }
                // A parameter typed with a class of the repository names that class (`s`), or
                // a method of it (`a.GetList`); in Go, a type of the file's own package may be
                // declared in a sibling file, and its methods in any.
                let mut tail: Vec<String> = target.split('.').skip(1).map(str::to_owned).collect();
                if tail.len() <= 1
                    && let ExprKind::Ident {
                        binding: Some(b), ..
                    } = &model.expr(chain_root(model, expr)).kind
                    && let m::BindingKind::Param { function, index } = model.binding(*b).kind
                    && let Some(shape) = model
                        .function(function)
                        .params
                        .get(index as usize)
                        .and_then(|p| p.type_annotation.as_ref())
                        .map(|t| &t.shape)
                {
                    if let Some(class) = self.type_class(shape) {
                        return Some(Handler::Named(match tail.pop() {
                            Some(member) => Lookup::Member { class, member },
                            None => class_lookup(class),
                        }));
                    }
                    if self.cx.is_go()
                        && let m::TypeRef::Named { name, .. } = shape
                        && is_identifier_name(name)
                    {
                        return Some(Handler::Named(Lookup::Package {
                            file: model.path.clone(),
                            head: name.to_string(),
                            tail,
                        }));
                    }
                }
                Some(Handler::Named(self.lookup(expr, &target)))
            }
            _ => None,
        }
    }

    fn lookup(&self, callee: ExprId, target: &str) -> Lookup {
        let model = self.model();
        let file = &model.path;
        let segments: Vec<&str> = target.split('.').collect();
        if segments.contains(&COMPUTED_SEGMENT) {
            return Lookup::Unresolved(Bucket::Dynamic);
        }
        let Some((head, tail)) = segments.split_first() else {
            return Lookup::Unresolved(Bucket::Dynamic);
        };
        let tail: Vec<String> = tail
            .iter()
            .map(|s| s.trim_start_matches('#').to_owned())
            .collect();
        let root = chain_root(model, callee);
        let root_kind = &model.expr(root).kind;
        let is_receiver = match root_kind {
            ExprKind::This => true,
            ExprKind::Ident {
                binding: Some(b), ..
            } => Some(*b) == self.owner.receiver,
            _ => false,
        };
        if matches!(root_kind, ExprKind::Super) {
            return Lookup::Unresolved(Bucket::Dynamic);
        }
        if is_receiver {
            let Some(class) = self.owner.class else {
                return Lookup::Unresolved(Bucket::Dynamic);
            };
            let Some(class_name) = model.class(class).name.clone() else {
                return Lookup::Unresolved(Bucket::Dynamic);
            };
            return match tail.as_slice() {
                [member] => Lookup::Member {
                    class: ClassRef::Local {
                        file: file.clone(),
                        name: class_name,
                    },
                    member: member.clone(),
                },
                [field, member] => match self.field_type(class, field) {
                    Some(class) => Lookup::Member {
                        class,
                        member: member.clone(),
                    },
                    None => Lookup::Unresolved(Bucket::Dynamic),
                },
                _ => Lookup::Unresolved(Bucket::Dynamic),
            };
        }
        let ExprKind::Ident { binding, name } = root_kind else {
            return Lookup::Unresolved(Bucket::Dynamic);
        };
        debug_assert_eq!(name, head);
        let Some(b) = binding else {
            if self.cx.top_names.contains(*head) {
                return Lookup::File {
                    file: file.clone(),
                    head: (*head).to_owned(),
                    tail,
                };
            }
            return Lookup::Unresolved(Bucket::NoMatch);
        };
        let binding = model.binding(*b);
        match &binding.kind {
            m::BindingKind::Import { import, name } => {
                let Some(imp) = model.imports.get(*import as usize) else {
                    return Lookup::Unresolved(Bucket::NoMatch);
                };
                let Some(item) = imp.names.get(*name as usize) else {
                    return Lookup::Unresolved(Bucket::NoMatch);
                };
                let first = import_ref(imp, item);
                // Other imports binding the same local name (conditional imports).
                let mut ways = vec![first.clone()];
                for other in &model.imports {
                    for n in other.names.iter().filter(|n| n.local == item.local) {
                        let way = import_ref(other, n);
                        if !ways.contains(&way) {
                            ways.push(way);
                        }
                    }
                }
                if ways.len() == 1 {
                    return Lookup::Import {
                        import: first,
                        tail,
                    };
                }
                Lookup::Either(
                    ways.into_iter()
                        .map(|import| Lookup::Import {
                            import,
                            tail: tail.clone(),
                        })
                        .collect(),
                )
            }
            m::BindingKind::TypeDecl { .. } => Lookup::Unresolved(Bucket::NoMatch),
            _ if binding.scope.is_some() || self.owner.params.contains(b) => {
                // A local name: followed only when it holds `new C()` / `C()` of a class.
                match (self.constructed_class(binding), tail.as_slice()) {
                    (Some(class), [member]) => Lookup::Member {
                        class,
                        member: member.clone(),
                    },
                    _ => Lookup::Unresolved(Bucket::LocalScope),
                }
            }
            _ => match (self.constructed_class(binding), tail.as_slice()) {
                (Some(class), [member]) => Lookup::Member {
                    class,
                    member: member.clone(),
                },
                _ => Lookup::File {
                    file: file.clone(),
                    head: (*head).to_owned(),
                    tail,
                },
            },
        }
    }

    /// The class a variable holds when it is initialised with `new C(…)` or `C(…)`.
    fn constructed_class(&self, binding: &m::Binding) -> Option<ClassRef> {
        let model = self.model();
        if binding.reassigned || !binding.origin.path.is_empty() {
            return None;
        }
        let mut init = binding.origin.init?;
        if let ExprKind::Await { arg } = &model.expr(init).kind {
            init = *arg;
        }
        let ExprKind::Call { callee, .. } = &model.expr(init).kind else {
            return None;
        };
        let ExprKind::Ident { name, .. } = &model.expr(*callee).kind else {
            return None;
        };
        self.class_named(name)
    }

    /// A class by the name it has in this file: declared here or imported.
    fn class_named(&self, name: &str) -> Option<ClassRef> {
        let model = self.model();
        if self.cx.classes.contains_key(name) {
            return Some(ClassRef::Local {
                file: model.path.clone(),
                name: name.to_owned(),
            });
        }
        for imp in &model.imports {
            for item in &imp.names {
                if item.local == name {
                    return Some(ClassRef::Imported(import_ref(imp, item)));
                }
            }
        }
        None
    }

    /// The declared class type of a field: a TS parameter property, an annotated class
    /// property, or a Python class-level annotation.
    fn field_type(&self, class: m::ClassId, field: &str) -> Option<ClassRef> {
        let model = self.model();
        let c = model.class(class);
        for member in &c.members {
            match &member.kind {
                m::MemberKind::Property {
                    type_annotation: Some(t),
                    ..
                } if member.name.as_str() == Some(field) => return self.type_class(&t.shape),
                m::MemberKind::Constructor { function } | m::MemberKind::Method { function }
                    if model.function(*function).kind == m::FunctionKind::Constructor =>
                {
                    if let Some(found) = self.assigned_field_type(*function, field) {
                        return Some(found);
                    }
                    for p in &model.function(*function).params {
                        if p.property_visibility.is_none() {
                            continue;
                        }
                        if let m::PatternKind::Ident { name, .. } = &model.pattern(p.pattern).kind
                            && name == field
                            && let Some(t) = &p.type_annotation
                        {
                            return self.type_class(&t.shape);
                        }
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// A field the constructor assigns from an annotated parameter
    /// (`self.repo = repo` / `this.repo = repo` with `repo: Repo`).
    fn assigned_field_type(&self, constructor: FuncId, field: &str) -> Option<ClassRef> {
        let model = self.model();
        let f = model.function(constructor);
        let m::FunctionBody::Block(body) = &f.body else {
            return None;
        };
        let receiver = self.cx.receiver(f);
        for s in body {
            let StmtKind::Expr { expr } = &model.stmt(*s).kind else {
                continue;
            };
            let ExprKind::Assign { target, value, .. } = &model.expr(*expr).kind else {
                continue;
            };
            let m::PatternKind::Expr { expr: place } = &model.pattern(*target).kind else {
                continue;
            };
            let ExprKind::Member {
                object,
                property: m::MemberProp::Name(name),
                ..
            } = &model.expr(*place).kind
            else {
                continue;
            };
            let on_self = match &model.expr(*object).kind {
                ExprKind::This => true,
                ExprKind::Ident {
                    binding: Some(b), ..
                } => Some(*b) == receiver,
                _ => false,
            };
            if !on_self || name != field {
                continue;
            }
            let ExprKind::Ident {
                binding: Some(b), ..
            } = &model.expr(*value).kind
            else {
                continue;
            };
            let m::BindingKind::Param { function, index } = model.binding(*b).kind else {
                continue;
            };
            let param = model.function(function).params.get(index as usize)?;
            return param
                .type_annotation
                .as_ref()
                .and_then(|t| self.type_class(&t.shape));
        }
        None
    }

    fn type_class(&self, shape: &m::TypeRef) -> Option<ClassRef> {
        match shape {
            m::TypeRef::Named { name, .. } => self.class_named(name),
            // `A | null` is `A`; `A | B` is either.
            m::TypeRef::Union { variants } => {
                let mut classes: Vec<ClassRef> = Vec::new();
                for v in variants {
                    if let Some(c) = self.type_class(v)
                        && !classes.contains(&c)
                    {
                        classes.push(c);
                    }
                }
                match classes.len() {
                    0 => None,
                    1 => classes.pop(),
                    _ => Some(ClassRef::Either(classes)),
                }
            }
            _ => None,
        }
    }

    fn member_read(&mut self, id: ExprId) -> bool {
        let model = self.model();
        let (target, _) = describe(model, id);
        match self.cx.fc.read_effect(&target) {
            Some(hit) => {
                let line = self.cx.line(model.expr(id).span);
                self.out.effects.push(Effect::local(
                    &hit.effect,
                    &target,
                    line,
                    &hit.plugin,
                    hit.confidence,
                    &hit.derived_by,
                ));
                true
            }
            None => false,
        }
    }
}

/// True when `file` is the Python module `name` (`pkg/name.py`, `pkg/name/__init__.py` and
/// their `.pyi` forms).
fn is_python_module_named(file: &str, name: &str) -> bool {
    let stem = file
        .strip_suffix("/__init__.py")
        .or_else(|| file.strip_suffix("/__init__.pyi"))
        .or_else(|| file.strip_suffix(".py"))
        .or_else(|| file.strip_suffix(".pyi"));
    stem.is_some_and(|s| s.rsplit('/').next() == Some(name))
}

/// The lookup of a class itself.
fn class_lookup(class: ClassRef) -> Lookup {
    match class {
        ClassRef::Local { file, name } => Lookup::File {
            file,
            head: name,
            tail: Vec::new(),
        },
        ClassRef::Imported(import) => Lookup::Import {
            import,
            tail: Vec::new(),
        },
        ClassRef::Either(classes) => {
            Lookup::Either(classes.into_iter().map(class_lookup).collect())
        }
    }
}

fn import_ref(imp: &m::Import, item: &m::ImportedName) -> ImportRef {
    // Python `from pkg import mod` where `mod` is a submodule: the name is that module.
    if let m::ImportedItem::Named(name) = &item.imported
        && let Some(file) = &item.resolved
        && is_python_module_named(file, name)
    {
        return ImportRef {
            file: Some(file.clone()),
            item: ImportItem::Namespace,
        };
    }
    ImportRef {
        file: imp.resolved.clone(),
        item: match &item.imported {
            m::ImportedItem::Named(n) => ImportItem::Named(n.clone()),
            m::ImportedItem::Default => ImportItem::Default,
            m::ImportedItem::Namespace | m::ImportedItem::All => ImportItem::Namespace,
        },
    }
}

impl m::ExprVisitor for Walker<'_, '_> {
    fn stmt(&mut self, id: StmtId) {
        let model = self.model();
        let stmt = model.stmt(id);
        match &stmt.kind {
            StmtKind::If {
                test, consequent, ..
            } if self.exits(*consequent) => {
                let condition = self.text(*test);
                self.rule(stmt.span, RuleKind::Guard { condition });
            }
            StmtKind::Throw { value, .. } => {
                let (what, thrown) = match value {
                    Some(v) => self.throw_what(*v),
                    None => (rule_text(model.text(stmt.span)), String::new()),
                };
                self.rule(stmt.span, RuleKind::Throw { what });
                if !thrown.is_empty() {
                    self.out.throws.push(thrown);
                }
            }
            StmtKind::Return { value: Some(v) } if !self.trivial_return(*v) => {
                let expr = self.text(*v);
                self.rule(stmt.span, RuleKind::Return { expr });
            }
            StmtKind::Loop(boxed) => {
                let seam_lang::model::LoopStmt { kind, .. } = &**boxed;
                let loop_kind = match kind {
                    m::LoopKind::While => LoopKind::While,
                    m::LoopKind::DoWhile => LoopKind::Do,
                    _ => LoopKind::For,
                };
                self.rule(stmt.span, RuleKind::Loop { loop_kind });
            }
            StmtKind::Try(_) => self.rule(stmt.span, RuleKind::Try),
            StmtKind::Switch { discriminant, .. } => {
                let condition = self.text(*discriminant);
                self.rule(stmt.span, RuleKind::Switch { condition });
            }
            StmtKind::Match { subject, .. } => {
                let condition = self.text(*subject);
                self.rule(stmt.span, RuleKind::Match { condition });
            }
            _ => {}
        }
        m::walk_stmt_children(model, id, self);
    }

    fn expr(&mut self, id: ExprId) {
        let model = self.model();
        match &model.expr(id).kind {
            ExprKind::Call { callee, args, .. } => {
                let claimed = self.call(id, *callee);
                // The callee chain is the call's target; only what is inside it is walked.
                match &model.expr(*callee).kind {
                    ExprKind::Member {
                        object, property, ..
                    } => {
                        if !claimed || !is_plain_chain(model, *object) {
                            m::ExprVisitor::expr(self, *object);
                        }
                        if let m::MemberProp::Computed(k) = property {
                            m::ExprVisitor::expr(self, *k);
                        }
                    }
                    ExprKind::Ident { .. } => {}
                    _ => m::ExprVisitor::expr(self, *callee),
                }
                for a in args {
                    m::ExprVisitor::expr(self, a.value);
                }
            }
            ExprKind::Member { .. } => {
                if !self.member_read(id) {
                    m::walk_expr_children(model, id, self);
                }
            }
            _ => m::walk_expr_children(model, id, self),
        }
    }

    fn function(&mut self, id: FuncId) {
        let model = self.model();
        let f = model.function(id);
        for p in &f.params {
            if let Some(d) = p.default {
                m::ExprVisitor::expr(self, d);
            }
        }
        match &f.body {
            m::FunctionBody::Block(body) => self.stmts(body),
            m::FunctionBody::Expr(e) => m::ExprVisitor::expr(self, *e),
            m::FunctionBody::None => {}
        }
    }

    fn class(&mut self, id: m::ClassId) {
        let model = self.model();
        for member in &model.class(id).members {
            match &member.kind {
                m::MemberKind::Method { function }
                | m::MemberKind::Getter { function }
                | m::MemberKind::Setter { function }
                | m::MemberKind::Constructor { function }
                | m::MemberKind::Property {
                    function: Some(function),
                    ..
                } => m::ExprVisitor::function(self, *function),
                m::MemberKind::Property { value: Some(v), .. } => m::ExprVisitor::expr(self, *v),
                _ => {}
            }
        }
    }
}

/// Applies the duplicate-name rules (module docs): type-space declarations sharing a name
/// with a value move to `<name>__type`; any other duplicates fold into one Symbol.
pub fn fold_duplicates(drafts: Vec<Draft>) -> Vec<Draft> {
    let value_ids: rustc_hash::FxHashSet<String> = drafts
        .iter()
        .filter(|d| !d.type_space)
        .map(|d| d.symbol.id.clone())
        .collect();
    // Each id's first draft stays where it was, the later ones fold into it.
    let mut at: rustc_hash::FxHashMap<String, usize> = rustc_hash::FxHashMap::default();
    let mut folded: Vec<Draft> = Vec::with_capacity(drafts.len());
    for mut draft in drafts {
        if draft.type_space && value_ids.contains(&draft.symbol.id) {
            let name = format!("{}{TYPE_SPACE_SUFFIX}", draft.symbol.name);
            if let Ok(id) = make_symbol_id(&draft.symbol.language, &draft.symbol.source.file, &name)
            {
                draft.symbol.id = id;
                draft.symbol.name = name;
                draft
                    .symbol
                    .derived_by
                    .push("type-space-of-value-name".to_owned());
            }
        }
        match at.get(&draft.symbol.id) {
            Some(&i) => fold_into(&mut folded[i], draft),
            None => {
                at.insert(draft.symbol.id.clone(), folded.len());
                folded.push(draft);
            }
        }
    }
    folded
}

fn fold_into(existing: &mut Draft, mut other: Draft) {
    // An overload signature gives way to the implementation that has a body.
    if existing.bodiless && !other.bodiless {
        std::mem::swap(existing, &mut other);
    }
    let a = &mut existing.symbol;
    let b = other.symbol;
    a.source.start_line = a.source.start_line.min(b.source.start_line);
    a.source.end_line = a.source.end_line.max(b.source.end_line);
    for d in b.decorators {
        if !a.decorators.contains(&d) {
            a.decorators.push(d);
        }
    }
    for d in b.derived_by {
        if !a.derived_by.contains(&d) {
            a.derived_by.push(d);
        }
    }
    if !a.derived_by.iter().any(|d| d == "merged-declaration") {
        a.derived_by.push("merged-declaration".to_owned());
    }
    if a.ext_kind.is_none() {
        a.ext_kind = b.ext_kind;
    }
    match (&mut a.signature, b.signature) {
        (Some(sa), Some(sb)) => {
            if sa.inputs.is_empty() {
                sa.inputs = sb.inputs;
            }
            if sa.outputs.is_empty() {
                sa.outputs = sb.outputs;
            }
            let mut throws: BTreeSet<String> = sa.throws.drain(..).collect();
            throws.extend(sb.throws);
            sa.throws = throws.into_iter().collect();
            sa.is_async |= sb.is_async;
            sa.is_generator |= sb.is_generator;
        }
        (None, Some(sb)) => a.signature = Some(sb),
        _ => {}
    }
    // Bodies: both declarations' behaviour, unless the surviving one is dropped.
    if a.dropped && !b.dropped {
        a.dropped = false;
        a.drop_reason = None;
    }
    if !a.dropped {
        if !b.dropped {
            a.rules.extend(b.rules);
            a.effects.extend(b.effects);
            a.calls.extend(b.calls);
            existing.lookups.extend(other.lookups);
        }
        existing.syntax.push(' ');
        existing.syntax.push_str(&other.syntax);
    }
    existing.bodiless &= other.bodiless;
    existing.heritage.extend(other.heritage);
    existing.handlers.extend(other.handlers);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_are_stripped_outside_strings() {
        assert_eq!(strip_comments("a /* x */ && b // y", false), "a   && b  ");
        assert_eq!(strip_comments("'//' + \"/*\"", false), "'//' + \"/*\"");
        assert_eq!(strip_comments("a and b  # why\n", true), "a and b   \n");
        assert_eq!(strip_comments("'#' + x", true), "'#' + x");
        assert_eq!(strip_comments("a / b", false), "a / b");
    }

    #[test]
    fn slugs() {
        assert_eq!(path_slug("/users/:id"), "$users$Zid");
        assert_eq!(path_slug("/a-b.c"), "$a_b_c");
    }
}
