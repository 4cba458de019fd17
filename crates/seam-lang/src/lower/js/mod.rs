//! JavaScript and TypeScript, parsed with oxc.
//!
//! One parse (`oxc_parser`) and one scope analysis (`oxc_semantic`) per file, then a single
//! walk over the AST that fills the [`Model`] arenas:
//!
//! - `module`: imports, exports, CommonJS `require` / `module.exports`.
//! - `functions`: functions of every form, parameters, decorators, classes, JSDoc `@throws`.
//! - `stmts`: statements.
//! - `exprs`: expressions, JSX, templates, object and array literals.
//! - `patterns`: binding patterns and assignment targets.
//! - `types`: type annotations, their syntactic shapes, interfaces, aliases and enums.
//! - `bindings`: declared names and the resolution of every identifier to them, through
//!   oxc_semantic's reference → symbol table.
//!
//! Nesting limit: the walk is recursive, so every statement, expression, pattern and type
//! counts one level of depth; a node deeper than [`MAX_DEPTH`] becomes `Other` (its text is
//! still in its span) with one diagnostic. oxc's own parser and semantic pass recurse too and
//! need a large stack on pathological input (see the crate tests): callers lower on threads
//! with a big stack.
mod bindings;
mod exprs;
mod functions;
mod module;
mod patterns;
mod prune;
mod stmts;
mod types;

use super::LowerError;
use crate::model::{self, Diagnostic, FuncId, Language, Model, PatternId};
use oxc_allocator::Allocator;
use oxc_ast::ast::Program;
use oxc_parser::{ParseOptions, Parser};
use oxc_semantic::{Scoping, SemanticBuilder};
use oxc_span::SourceType;
use oxc_syntax::symbol::SymbolId;
use std::cell::RefCell;

/// Nodes nested deeper than this are lowered to `Other`. Real code stays far below it; the
/// limit keeps the lowering (and every recursive pass over the model) within a thread stack.
pub const MAX_DEPTH: u32 = 1_000;

/// Parses and lowers a JS/TS/JSX/TSX file.
///
/// A file the parser cannot recover from is `Err(ParseFailed)`; recoverable syntax errors go
/// to [`Model::diagnostics`] and the model is partial where they are.
pub fn lower(path: &str, language: Language, source: &str) -> Result<Model, LowerError> {
    with_allocator(|allocator| lower_in(allocator, path, language, source))
}

/// A thread's arena above this size is freed after its file rather than kept for the next.
const KEPT_ARENA_BYTES: usize = 64 * 1024 * 1024;

thread_local! {
    // One arena per thread, reset between files: a fresh arena per file costs page faults for
    // memory the allocator has just given back to the system (measured with mimalloc: oxc's
    // parse + semantic 15-20% slower than with a reused arena).
    static ALLOCATOR: RefCell<Option<Allocator>> = const { RefCell::new(None) };
}

/// Runs `f` with this thread's arena, emptied; a fresh one if the arena is in use already
/// (a lowering never re-enters, but a panic hook or a test might).
fn with_allocator<T>(f: impl FnOnce(&Allocator) -> T) -> T {
    ALLOCATOR.with(|cell| match cell.try_borrow_mut() {
        Ok(mut slot) => {
            let allocator = slot.get_or_insert_with(Allocator::default);
            // Reset before use rather than after: a panic in the last file left data behind.
            allocator.reset();
            let out = f(allocator);
            if allocator.capacity() > KEPT_ARENA_BYTES {
                *slot = None;
            }
            out
        }
        Err(_) => f(&Allocator::default()),
    })
}

fn lower_in(
    allocator: &Allocator,
    path: &str,
    language: Language,
    source: &str,
) -> Result<Model, LowerError> {
    let source_type = source_type_for(path, language);
    // Top-level `return` is valid in CommonJS modules; seam reads code, it does not validate it.
    let options = ParseOptions {
        allow_return_outside_function: true,
        preserve_parens: false,
        ..ParseOptions::default()
    };
    let mut ret = Parser::new(allocator, source, source_type)
        .with_options(options)
        .parse();
    // A component's script block without `lang` may hold JSX (Vue 2 render functions with
    // the JSX plugin: `<svg-icon icon-class={icon}/>`), which the TypeScript reading of the
    // block refuses: read it again with JSX on.
    let ext = path.rsplit_once('.').map(|(_, e)| e).unwrap_or("");
    if ret.panicked && matches!(ext, "vue" | "svelte") && !source_type.is_jsx() {
        let retry = Parser::new(allocator, source, SourceType::tsx())
            .with_options(options)
            .parse();
        if !retry.panicked {
            ret = retry;
        }
    }
    if ret.panicked {
        let message = match ret.diagnostics.first() {
            Some(d) => {
                let offset = d.labels.as_ref().first().map(|label| label.offset());
                match offset {
                    Some(offset) => {
                        let line = crate::model::LineIndex::new(source).position(offset).line;
                        format!("line {line}: {}", d.message)
                    }
                    None => d.message.to_string(),
                }
            }
            None => "the parser stopped without saying why".to_string(),
        };
        return Err(LowerError::ParseFailed(message));
    }
    let mut diagnostics: Vec<Diagnostic> = ret
        .diagnostics
        .iter()
        .map(|d| to_diagnostic(&d.message, d.labels.first()))
        .collect();
    let mut program = ret.program;
    let pruned = prune::prune_deep_scopes(allocator, &mut program);
    let semantic = SemanticBuilder::new().build(&program);
    diagnostics.extend(
        semantic
            .diagnostics
            .iter()
            .map(|d| to_diagnostic(&d.message, d.labels.first())),
    );
    let scoping = semantic.semantic.scoping();

    let mut model = Model::new(path, language, source);
    model.diagnostics = diagnostics;
    reserve(&mut model, &semantic.semantic.stats());
    let mut lowerer = Lowerer::new(model, scoping, &program);
    lowerer.lower_program(&program);
    let mut model = lowerer.finish();
    note_pruned(&mut model, &pruned);
    Ok(model)
}

/// One diagnostic per place [`prune::prune_deep_scopes`] emptied, unless the lowering already
/// cut the code around it at its own depth limit (and said so).
fn note_pruned(model: &mut Model, pruned: &[oxc_span::Span]) {
    if pruned.is_empty() {
        return;
    }
    let cuts: Vec<model::Span> = model
        .diagnostics
        .iter()
        .filter(|d| {
            d.message
                .contains("levels deep; seam keeps the deeper part as text only")
        })
        .map(|d| d.span)
        .collect();
    for span in pruned {
        let inside_a_cut = cuts
            .iter()
            .any(|cut| cut.start <= span.start && span.end <= cut.end);
        if inside_a_cut {
            continue;
        }
        let line = model.lines.position(span.start).line;
        model.diagnostics.push(Diagnostic {
            message: format!(
                "The code at line {line} is nested more than {} scopes deep; seam does not \
                 analyse the code inside it.",
                prune::MAX_SCOPE_DEPTH
            ),
            span: sp(*span),
        });
    }
}

/// Sizes the arenas from oxc's node and symbol counts, so a large file does not pay for
/// repeated growth (measured: about two in three AST nodes become expressions).
fn reserve(m: &mut Model, stats: &oxc_semantic::Stats) {
    let nodes = stats.nodes as usize;
    let symbols = stats.symbols as usize;
    m.exprs.reserve(nodes / 3 * 2);
    m.stmts.reserve(nodes / 8);
    m.patterns.reserve(symbols);
    m.bindings.reserve(symbols);
}

/// The oxc source type for a file: by extension where it has one, by the language otherwise.
/// `.js`, `.mjs` and `.cjs` are parsed with JSX on, as real React code puts JSX in `.js` files.
fn source_type_for(path: &str, language: Language) -> SourceType {
    let ext = path.rsplit_once('.').map(|(_, e)| e).unwrap_or("");
    let by_ext = match ext {
        "js" => Some(SourceType::unambiguous().with_jsx(true)),
        "mjs" => Some(SourceType::mjs().with_jsx(true)),
        "cjs" => Some(SourceType::cjs().with_jsx(true)),
        "jsx" => Some(SourceType::jsx()),
        "ts" => Some(SourceType::ts()),
        "mts" => Some(SourceType::ts().with_module(true)),
        "cts" => Some(SourceType::ts().with_commonjs(true)),
        "tsx" => Some(SourceType::tsx()),
        _ => None,
    };
    by_ext.unwrap_or(match language {
        Language::TypeScript => SourceType::ts(),
        Language::Tsx => SourceType::tsx(),
        Language::Jsx => SourceType::jsx(),
        Language::JavaScript
        | Language::Python
        | Language::Java
        | Language::Go
        | Language::Kotlin
        | Language::Rust
        | Language::Ruby => SourceType::unambiguous().with_jsx(true),
        Language::Php => SourceType::unambiguous().with_jsx(true),
        Language::CSharp => SourceType::unambiguous().with_jsx(true),
    })
}

fn to_diagnostic(message: &str, label: Option<&oxc_span::LabeledSpan>) -> Diagnostic {
    let span = label
        .map(|l| model::Span::new(l.offset(), l.offset().saturating_add(l.len())))
        .unwrap_or_default();
    Diagnostic {
        message: message.to_string(),
        span,
    }
}

/// Converts an oxc span (byte offsets) to a model span.
pub(crate) fn sp(s: oxc_span::Span) -> model::Span {
    model::Span::new(s.start, s.end)
}

/// The walk's state. One per file.
pub(crate) struct Lowerer<'s> {
    pub(crate) m: Model,
    pub(crate) scoping: &'s Scoping,
    /// oxc symbol index → the binding the lowering created for it (the value binding when a
    /// name is both a value and a type).
    pub(crate) symbol_binding: Vec<Option<model::BindingId>>,
    /// Binding index → its oxc symbol, to compute `reassigned` at the end.
    pub(crate) binding_symbol: Vec<Option<SymbolId>>,
    /// Identifier uses waiting for their binding (declarations may come later: hoisting).
    pub(crate) pending_exprs: Vec<(model::ExprId, SymbolId)>,
    pub(crate) pending_patterns: Vec<(PatternId, SymbolId)>,
    pub(crate) pending_exports: Vec<(usize, SymbolId)>,
    /// The functions being lowered, innermost last.
    pub(crate) func_stack: Vec<FuncId>,
    /// Current nesting depth of the walk (see [`MAX_DEPTH`]).
    pub(crate) depth: u32,
    /// JSDoc comments as (start of the token they are attached to, comment span), sorted.
    pub(crate) jsdoc: Vec<(u32, oxc_span::Span)>,
    /// `require('x')` / `import('x')` calls lowered so far: (call expression, import index),
    /// in increasing expression order.
    pub(crate) import_calls: Vec<(model::ExprId, u32)>,
    /// Inside a TS `namespace` body: its `export`s are not the module's.
    pub(crate) namespace_depth: u32,
    /// Names a module declares at its top level for its exports object (`const helpers =
    /// module.exports`): a property assigned through one is an export (`helpers.x = …`).
    pub(crate) exports_aliases: Vec<SymbolId>,
    /// Successful [`Lowerer::enter`] calls so far, and its value at the last cut: siblings cut
    /// at the same level share one diagnostic.
    entered: u64,
    last_cut: Option<u64>,
}

impl<'s> Lowerer<'s> {
    fn new(m: Model, scoping: &'s Scoping, program: &Program<'_>) -> Lowerer<'s> {
        let mut jsdoc: Vec<(u32, oxc_span::Span)> = program
            .comments
            .iter()
            .filter(|c| c.is_jsdoc())
            .map(|c| (c.attached_to, c.span))
            .collect();
        jsdoc.sort_by_key(|(a, s)| (*a, s.start));
        Lowerer {
            m,
            scoping,
            symbol_binding: vec![None; scoping.symbols_len()],
            binding_symbol: Vec::new(),
            pending_exprs: Vec::new(),
            pending_patterns: Vec::new(),
            pending_exports: Vec::new(),
            func_stack: Vec::new(),
            depth: 0,
            jsdoc,
            import_calls: Vec::new(),
            namespace_depth: 0,
            exports_aliases: Vec::new(),
            entered: 0,
            last_cut: None,
        }
    }

    fn lower_program(&mut self, program: &Program<'_>) {
        let mut body = Vec::with_capacity(program.directives.len() + program.body.len());
        for d in &program.directives {
            body.push(self.lower_directive(d));
        }
        for s in &program.body {
            body.push(self.lower_stmt(s));
        }
        self.m.body = body;
    }

    /// The innermost function being lowered; `None` at module level.
    pub(crate) fn current_function(&self) -> Option<FuncId> {
        self.func_stack.last().copied()
    }

    /// Enters one level of nesting; false (with a diagnostic) when the limit is reached, in
    /// which case the caller lowers the node to `Other` and must not call [`Self::leave`].
    pub(crate) fn enter(&mut self, span: oxc_span::Span) -> bool {
        if self.depth >= MAX_DEPTH {
            if self.last_cut == Some(self.entered) {
                return false;
            }
            self.last_cut = Some(self.entered);
            let line = self.m.lines.position(span.start).line;
            self.m.diagnostics.push(Diagnostic {
                message: format!(
                    "The code at line {line} is nested more than {MAX_DEPTH} levels deep; \
                     seam keeps the deeper part as text only."
                ),
                span: sp(span),
            });
            return false;
        }
        self.depth += 1;
        self.entered += 1;
        true
    }

    pub(crate) fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// The source text of an oxc span.
    pub(crate) fn text(&self, span: oxc_span::Span) -> &str {
        self.m.text(sp(span))
    }

    pub(crate) fn text_collapsed(&self, span: oxc_span::Span) -> String {
        self.m.text_collapsed(sp(span))
    }
}
