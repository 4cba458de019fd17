//! Python, parsed with Ruff's parser (`ruff_python_parser`) and lowered into the [`Model`].
//!
//! The rules are in the parent module's documentation. This lowering replaced one over
//! tree-sitter-python's concrete tree (Ruff's parser is about ten times faster) and was
//! checked to give byte-identical models on every Python file of the development and
//! generated corpora. Where the two trees differ in shape, it rebuilds what the concrete
//! tree gave:
//! - **Spans** are byte offsets in both. Ruff leaves out the parentheses around an
//!   expression; where a span is made from an operand's span (comparison chains, index
//!   tuples), [`Lw::outer`] adds them back. A decorated `def` or `class` starts at its first
//!   decorator in Ruff's tree; the function and class spans start at the keyword, as before
//!   ([`Lw::keyword_start`]). A block ends at its last statement or at the last comment
//!   indented inside it ([`Lw::block_end`]), as tree-sitter's blocks do.
//! - **Flattened nodes.** `a and b and c` is one node in Ruff's tree: it is lowered as the
//!   left-nested pair chain it was. `a = b = c` is one statement with two targets.
//! - **Depth.** Parentheses count a nesting level each (as the concrete tree's
//!   parenthesized expressions did), so the depth limit is reached where it was.
//! - **Syntax errors.** Ruff recovers from errors and reports each one; every error becomes
//!   a diagnostic, and the parts it could not read are `Other` (an empty name is what Ruff
//!   puts where an expression is missing).

mod defs;
mod exprs;
mod stmts;
mod strings;
mod targets;

use super::scopes::{self, Scopes};
use super::{DunderAll, LowerError, MAX_DEPTH};
use crate::model::*;
use ruff_python_ast::{Expr, ModModule};
use ruff_python_parser::{ParseErrorType, Parsed, parse_unchecked_source};
use ruff_text_size::{Ranged, TextRange};

/// Parses Python source with Ruff's parser. Exposed so benchmarks can time parsing alone.
pub fn parse(source: &str) -> Parsed<ModModule> {
    parse_unchecked_source(source, ruff_python_ast::PySourceType::Python)
}

/// Parses and lowers a Python file.
pub fn lower(path: &str, source: &str) -> Result<Model, LowerError> {
    let parsed = parse(source);
    let (model, too_deep) = lower_parsed(path, source, &parsed);
    drop_tree(parsed, too_deep || brackets_nest_deep(source));
    Ok(model)
}

/// Frees a tree. Ruff's tree is freed recursively, so a tree nested thousands deep (which
/// the lowering reported as too deep, or whose brackets nest that deep) is freed on a
/// larger stack of its own.
fn drop_tree(parsed: Parsed<ModModule>, deep: bool) {
    if deep {
        stacker::grow(256 << 20, move || drop(parsed));
    } else {
        drop(parsed);
    }
}

/// True when brackets nest more than 100 deep somewhere (brackets in strings and comments
/// count too: this only decides where the tree is freed).
fn brackets_nest_deep(source: &str) -> bool {
    let mut depth = 0i32;
    for b in source.bytes() {
        match b {
            b'(' | b'[' | b'{' => {
                depth += 1;
                if depth > 100 {
                    return true;
                }
            }
            b')' | b']' | b'}' => depth -= 1,
            _ => {}
        }
    }
    false
}

/// Lowers a parsed file; the flag says whether the depth limit was reached.
fn lower_parsed(path: &str, source: &str, parsed: &Parsed<ModModule>) -> (Model, bool) {
    let mut lw = Lw::new(path, source);
    lw.syntax_diagnostics(parsed);
    let module = parsed.syntax();
    let body = lw.block(&module.body, module.range);
    lw.m.body = body;
    let deep = lw.too_deep_reported;
    (lw.finish(), deep)
}

pub(crate) struct Lw<'s> {
    src: &'s str,
    m: Model,
    scopes: Scopes,
    scope: usize,
    func: Option<FuncId>,
    class: Option<ClassId>,
    depth: u32,
    too_deep_reported: bool,
    dunder_all: DunderAll,
    /// Where each suite ends, by its first statement's start ([`Lw::suite_end`]).
    suite_ends: std::collections::HashMap<u32, u32>,
}

/// A byte range as a model span.
fn sp(r: TextRange) -> Span {
    Span::new(r.start().to_u32(), r.end().to_u32())
}

impl<'s> Lw<'s> {
    fn new(path: &str, src: &'s str) -> Lw<'s> {
        Lw {
            src,
            m: Model::new(path, Language::Python, src),
            scopes: Scopes::new(),
            scope: scopes::MODULE_SCOPE,
            func: None,
            class: None,
            depth: 0,
            too_deep_reported: false,
            dunder_all: DunderAll::default(),
            suite_ends: std::collections::HashMap::new(),
        }
    }

    fn finish(mut self) -> Model {
        let scopes = std::mem::replace(&mut self.scopes, Scopes::new());
        let module_bindings = scopes.finish(&mut self.m);
        self.exports(&module_bindings);
        self.m
    }

    fn text(&self, r: TextRange) -> &'s str {
        self.src
            .get(r.start().to_usize()..r.end().to_usize())
            .unwrap_or("")
    }

    fn text_span(&self, s: Span) -> &'s str {
        self.src.get(s.start as usize..s.end as usize).unwrap_or("")
    }

    fn line_of(&self, offset: u32) -> usize {
        let end = (offset as usize).min(self.src.len());
        self.src.as_bytes()[..end]
            .iter()
            .filter(|b| **b == b'\n')
            .count()
            + 1
    }

    /// Every parse error as a diagnostic.
    fn syntax_diagnostics(&mut self, parsed: &Parsed<ModModule>) {
        for e in parsed.errors() {
            // Checks on a complete tree, not syntax: argument and parameter order. The
            // concrete grammar accepted these, and pack patterns rely on it
            // (`f(method=$M, $$$REST)`).
            if matches!(
                e.error,
                ParseErrorType::PositionalAfterKeywordArgument
                    | ParseErrorType::PositionalAfterKeywordUnpacking
                    | ParseErrorType::InvalidArgumentUnpackingOrder
                    | ParseErrorType::NonDefaultParamAfterDefaultParam
                    | ParseErrorType::ParamAfterVarKeywordParam
            ) {
                continue;
            }
            let span = sp(e.location);
            let line = self.line_of(span.start);
            let (message, span) = match &e.error {
                ParseErrorType::ExpectedToken { expected, .. } => {
                    let expected = expected.to_string();
                    let expected = expected.trim_matches(['\'', '`']);
                    (
                        format!("Syntax error at line {line}: expected `{expected}` here."),
                        Span::new(span.start, span.start),
                    )
                }
                other => {
                    let snippet: String = collapse_whitespace(self.text_span(span))
                        .chars()
                        .take(40)
                        .collect();
                    let message = if snippet.is_empty() {
                        format!(
                            "Syntax error at line {line}: the input is incomplete here ({other})."
                        )
                    } else {
                        format!(
                            "Syntax error at line {line}: unexpected `{snippet}` ({other}); this part is not in the model."
                        )
                    };
                    (message, span)
                }
            };
            self.m.diagnostics.push(Diagnostic { message, span });
        }
    }

    /// Enters one level of recursion, or reports that the limit is reached.
    fn descend(&mut self, span: Span) -> bool {
        if self.depth >= MAX_DEPTH {
            if !self.too_deep_reported {
                self.too_deep_reported = true;
                let line = self.line_of(span.start);
                self.m.diagnostics.push(Diagnostic {
                    message: format!(
                        "The code at line {line} is nested more than {MAX_DEPTH} levels deep; \
                         seam keeps the deeper part as text only."
                    ),
                    span,
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

    fn class_body(&self) -> Option<ClassId> {
        match self.scopes.kind(self.scope) {
            scopes::ScopeKind::Class => self.class,
            _ => None,
        }
    }

    /// The span of an expression with the parentheses written around it (inside `bound`).
    fn outer(&self, e: &Expr, bound: TextRange) -> Span {
        self.outer_range(e.range(), bound)
    }

    /// A range with the parentheses written around it (inside `bound`).
    fn outer_range(&self, r: TextRange, bound: TextRange) -> Span {
        let (mut start, mut end) = (r.start().to_usize(), r.end().to_usize());
        let (lo, hi) = (bound.start().to_usize(), bound.end().to_usize());
        let b = self.src.as_bytes();
        loop {
            let i = self.skip_trivia_back(start, lo);
            let j = self.skip_trivia_forward(end, hi);
            if i > lo && j < hi && b[i - 1] == b'(' && b[j] == b')' {
                start = i - 1;
                end = j + 1;
            } else {
                break;
            }
        }
        Span::new(start as u32, end as u32)
    }

    /// Steps back over whitespace, line continuations and comments from `i` (not below `lo`).
    fn skip_trivia_back(&self, mut i: usize, lo: usize) -> usize {
        let b = self.src.as_bytes();
        loop {
            while i > lo && (b[i - 1].is_ascii_whitespace() || b[i - 1] == b'\\') {
                i -= 1;
            }
            // A comment ending here: the line holds a `#` outside quotes before `i`.
            let line_start = b[..i]
                .iter()
                .rposition(|c| *c == b'\n')
                .map_or(0, |p| p + 1);
            let mut quote = None;
            let mut hash = None;
            for (k, c) in b[line_start..i].iter().enumerate() {
                match (quote, c) {
                    (None, b'#') => {
                        hash = Some(line_start + k);
                        break;
                    }
                    (None, b'\'' | b'"') => quote = Some(*c),
                    (Some(q), c) if *c == q => quote = None,
                    _ => {}
                }
            }
            match hash {
                Some(h) if h >= lo && h < i => i = h,
                _ => return i,
            }
        }
    }

    /// Steps forward over whitespace, line continuations and comments from `j` (below `hi`).
    fn skip_trivia_forward(&self, mut j: usize, hi: usize) -> usize {
        let b = self.src.as_bytes();
        loop {
            while j < hi && (b[j].is_ascii_whitespace() || b[j] == b'\\') {
                j += 1;
            }
            if j < hi && b[j] == b'#' {
                while j < hi && b[j] != b'\n' {
                    j += 1;
                }
            } else {
                return j;
            }
        }
    }

    /// How many pairs of parentheses are written right around a range (a call's own
    /// parentheses around its single argument count too: this is for the depth limit only).
    fn paren_layers(&self, r: TextRange) -> Vec<Span> {
        let b = self.src.as_bytes();
        let (mut start, mut end) = (r.start().to_usize(), r.end().to_usize());
        let mut out = Vec::new();
        loop {
            let mut i = start;
            while i > 0 && b[i - 1].is_ascii_whitespace() {
                i -= 1;
            }
            let mut j = end;
            while j < b.len() && b[j].is_ascii_whitespace() {
                j += 1;
            }
            if i > 0 && j < b.len() && b[i - 1] == b'(' && b[j] == b')' {
                start = i - 1;
                end = j + 1;
                out.push(Span::new(start as u32, end as u32));
            } else {
                break;
            }
        }
        out
    }

    /// Where a `def`/`async def`/`class` keyword starts: after the decorators.
    fn keyword_start(&self, stmt_start: u32, decorators_end: Option<u32>) -> u32 {
        let Some(from) = decorators_end else {
            return stmt_start;
        };
        let b = self.src.as_bytes();
        let mut i = from as usize;
        while i < b.len() {
            match b[i] {
                b' ' | b'\t' | b'\n' | b'\r' | b'\x0c' => i += 1,
                b'\\' => i += 1,
                b'#' => {
                    while i < b.len() && b[i] != b'\n' {
                        i += 1;
                    }
                }
                _ => break,
            }
        }
        i as u32
    }

    /// The end of a block whose last statement ends at `end`: comment lines after it that are
    /// indented at least as deep as the block's first statement belong to the block.
    fn block_end(&self, first_start: u32, end: u32) -> u32 {
        let b = self.src.as_bytes();
        let end = self.trailing_comment_end(end);
        let line_start = self.src[..first_start as usize]
            .rfind('\n')
            .map_or(0, |i| i + 1);
        // A block on the header's line (`if x: pass`) has no comment lines of its own.
        let head = &b[line_start..first_start as usize];
        if !head
            .iter()
            .all(|c| *c == b' ' || *c == b'\t' || *c == b'\x0c')
        {
            return end;
        }
        let indent = indent_width(head);
        let mut result = end as usize;
        // Skip to the end of the last statement's line.
        let mut i = end as usize;
        while i < b.len() && b[i] != b'\n' {
            i += 1;
        }
        while i < b.len() {
            // At a newline: look at the next line.
            let ls = i + 1;
            let mut j = ls;
            while j < b.len() && matches!(b[j], b' ' | b'\t' | b'\x0c') {
                j += 1;
            }
            if j >= b.len() {
                break;
            }
            match b[j] {
                b'\n' => i = j,
                b'\r' if b.get(j + 1) == Some(&b'\n') => i = j + 1,
                b'#' => {
                    if indent_width(&b[ls..j]) < indent {
                        break;
                    }
                    let mut k = j;
                    while k < b.len() && b[k] != b'\n' && b[k] != b'\r' {
                        k += 1;
                    }
                    result = k;
                    while k < b.len() && b[k] != b'\n' {
                        k += 1;
                    }
                    i = k;
                }
                _ => break,
            }
        }
        result as u32
    }
}

impl Lw<'_> {
    /// The end of a comment on the rest of the line after `end` (after an optional `;`), or
    /// `end`: tree-sitter ends a block or a decorator after it.
    pub(super) fn trailing_comment_end(&self, end: u32) -> u32 {
        let b = self.src.as_bytes();
        let mut i = end as usize;
        while i < b.len() && matches!(b[i], b' ' | b'\t' | b'\x0c' | b';') {
            i += 1;
        }
        if i < b.len() && b[i] == b'#' {
            while i < b.len() && b[i] != b'\n' && b[i] != b'\r' {
                i += 1;
            }
            return i as u32;
        }
        end
    }
}

fn indent_width(ws: &[u8]) -> usize {
    let mut w = 0;
    for c in ws {
        match c {
            b'\t' => w = (w / 8 + 1) * 8,
            _ => w += 1,
        }
    }
    w
}
