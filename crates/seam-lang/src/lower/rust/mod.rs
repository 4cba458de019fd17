//! Rust, parsed with tree-sitter (`tree-sitter-rust`) and lowered into the [`Model`].
//!
//! One parse, two walks per item list: [`items`] first declares every item of a module (Rust
//! resolves them regardless of order: functions, structs, enums, consts, `use`d names, `mod`
//! declarations), then lowers each with a stack of block scopes. Layout: [`items`] (`use`,
//! `mod`, functions, `impl` blocks, structs, enums, consts, attributes), [`stmts`] (blocks,
//! `let`, tail expressions, `if`/`match`/loops as statements), [`exprs`] (expressions,
//! literals, closures, patterns), [`macros`] (`format!` and the other macro calls).
//!
//! How Rust maps onto the language-neutral model (the tests pin each rule):
//! - **Structs are classes.** `struct T { a: A }` is a [`Class`] whose named fields are
//!   `Property` members with their type; a field's attributes (`#[serde(rename = "id")]`) are
//!   its decorators.
//! - **`impl` blocks give classes their methods.** Every function of `impl T` / `impl Tr for T`
//!   is a `Method` member of `T`'s class (one without `self` is static); when `T` is declared
//!   in another file, the file gets a class `T` holding only its methods (`name_source:
//!   Variable` marks it as such a partial class, as in Go). `self` is [`ExprKind::This`] and
//!   is not a parameter; `Self` is the name of the `impl`'s type.
//! - **Paths are member chains.** `a::b::c` is `a.b.c`, `controller::handshake` a member of
//!   the module `controller`; `Router::new()` a call of the member `new` of `Router`.
//! - **Blocks are values.** The tail expression of a function's block is its return value
//!   (`Return`); a tail `if`/`match` is lowered as a statement whose branches' tails return.
//!   Elsewhere an `if`/`match`/block used as a value is a function called in place, whose
//!   tail returns, so the calls inside stay visible; an `if` whose branches are single
//!   expressions is a conditional expression.
//! - **`match`** is a `Switch`: an arm's pattern is the case's test (a path such as
//!   `StatusCode::OK`, a literal, `Ok(v)` as a call); `_` and a plain name are the default
//!   case, the name bound to the matched value; `A | B` is two cases, the first falling
//!   through. `if let P = v` tests `v` and binds the names of `P` in the consequent.
//! - **Wrappers that keep the value** are unwrapped: parentheses, `&x`, `*x`, `x as T`, `x?`.
//!   `x.await` is an `Await`.
//! - **Macros.** `format!("{}/x", base)` and `format!("{base}/x")` are template strings;
//!   `vec![…]` an array; any other macro is a call of its name with the arguments that read as
//!   expressions (names, literals, paths, member and method chains).
//! - **Imports.** `use a::b::c;` imports `c` from the module `a::b` (module resolution turns it
//!   into the module `a::b::c` when that is a module of the crate); `use a::{b, c as d}` is
//!   one import per name, `use a::*` imports every name; `mod x;` imports the module `self::x`
//!   as a namespace. A path starting at `crate::`, `super::` or `self::` written in an
//!   expression is a member chain on an implicit namespace import of its module.
//! - **Exports** are the module-level items declared `pub` (any `pub(…)`).
//! - **Syntax errors.** tree-sitter always returns a tree. Every ERROR and MISSING node
//!   becomes a diagnostic; ERROR subtrees lower to `Other`.

mod exprs;
mod items;
mod macros;
mod stmts;

use super::LowerError;
use crate::model::*;
use std::cell::RefCell;
use tree_sitter::{Node, Tree};

/// How deep the lowering recurses (see the Python lowering's limit of the same name). Each
/// link of a method chain is two levels (the call and its callee's field expression), and
/// routers are written as chains of hundreds of links (`web::scope("/v1").service(a)…`):
/// the limit is the JavaScript lowering's.
pub const MAX_DEPTH: u32 = 1_000;

thread_local! {
    static PARSER: super::tree_sitter_parser::ParserSlot = const { RefCell::new(None) };
}

/// Parses Rust source with tree-sitter. Exposed so benchmarks can time parsing alone.
pub fn parse(source: &str) -> Result<Tree, LowerError> {
    super::tree_sitter_parser::parse_with(
        &PARSER,
        || tree_sitter_rust::LANGUAGE.into(),
        "Rust",
        source,
    )
}

/// Parses and lowers a Rust file.
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

pub(crate) struct Lowerer<'s> {
    src: &'s str,
    m: Model,
    /// Block scopes, innermost last; the first is the module scope of this file.
    scopes: Vec<Vec<(String, BindingId)>>,
    /// The innermost function being lowered.
    func: Option<FuncId>,
    /// Class per type name declared or given methods in this file.
    classes: Vec<(String, ClassId)>,
    /// The type of the `impl` block being lowered (`Self`).
    self_type: Option<String>,
    /// Implicit namespace imports of `crate::…`/`super::…`/`self::…` paths, by module path.
    path_imports: Vec<(String, BindingId)>,
    depth: u32,
    too_deep_reported: bool,
}

pub(crate) use super::tree_sitter_parser::span;

/// The named children that carry syntax (comments skipped).
pub(crate) fn named(node: Node<'_>) -> Vec<Node<'_>> {
    let mut cursor = node.walk();
    node.named_children(&mut cursor)
        .filter(|c| !matches!(c.kind(), "line_comment" | "block_comment"))
        .collect()
}

/// Every child, named or not (comments skipped).
pub(crate) fn children(node: Node<'_>) -> Vec<Node<'_>> {
    let mut cursor = node.walk();
    node.children(&mut cursor)
        .filter(|c| !matches!(c.kind(), "line_comment" | "block_comment"))
        .collect()
}

impl<'s> Lowerer<'s> {
    fn new(path: &str, src: &'s str) -> Lowerer<'s> {
        Lowerer {
            src,
            m: Model::new(path, Language::Rust, src),
            scopes: vec![Vec::new()],
            func: None,
            classes: Vec::new(),
            self_type: None,
            path_imports: Vec::new(),
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

    fn push_scope(&mut self) {
        self.scopes.push(Vec::new());
    }

    fn pop_scope(&mut self) {
        if self.scopes.len() > 1 {
            self.scopes.pop();
        }
    }

    fn lookup(&self, name: &str) -> Option<BindingId> {
        self.scopes
            .iter()
            .rev()
            .find_map(|s| s.iter().rev().find(|(n, _)| n == name).map(|(_, b)| *b))
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
            scope.push((name.to_string(), id));
        }
        Some(id)
    }

    fn mark_reassigned(&mut self, b: BindingId) {
        if let Some(binding) = self.m.bindings.get_mut(b.index()) {
            binding.reassigned = true;
        }
    }

    /// The binding of the implicit namespace import of the module `path` (`crate::a::b`),
    /// made on first use.
    fn path_import(&mut self, path: &str, at: Span) -> Option<BindingId> {
        if let Some((_, b)) = self.path_imports.iter().find(|(p, _)| p == path) {
            return Some(*b);
        }
        let import = u32::try_from(self.m.imports.len()).unwrap_or(u32::MAX);
        let binding = self.m.push_binding(Binding {
            name: path.into(),
            kind: BindingKind::Import { import, name: 0 },
            scope: None,
            origin: BindingOrigin::none(),
            reassigned: false,
            span: at,
        });
        self.m.imports.push(Import {
            specifier: path.to_string(),
            kind: ImportKind::Static,
            level: 0,
            names: vec![ImportedName {
                imported: ImportedItem::Namespace,
                local: path.to_string(),
                binding: Some(binding),
                type_only: false,
                span: at,
                resolved: None,
            }],
            type_only: false,
            span: at,
            resolved: None,
        });
        self.path_imports.push((path.to_string(), binding));
        Some(binding)
    }
}

/// A Rust string literal's value: escapes decoded in `"…"` (and `b"…"`), raw text in
/// `r#"…"#`.
pub fn string_value(text: &str) -> Option<String> {
    let text = text.strip_prefix('b').unwrap_or(text);
    if let Some(raw) = text.strip_prefix('r') {
        let hashes = raw.bytes().take_while(|b| *b == b'#').count();
        let inner = raw.get(hashes..)?.strip_prefix('"')?;
        let inner = inner
            .get(..inner.len().saturating_sub(hashes))?
            .strip_suffix('"')
            .unwrap_or(inner);
        return Some(inner.to_string());
    }
    let quote = text.chars().next()?;
    if quote != '"' && quote != '\'' {
        return None;
    }
    let inner = &text[1..];
    let inner = inner.strip_suffix(quote).unwrap_or(inner);
    Some(decode_escapes(inner))
}

fn decode_escapes(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let Some(e) = chars.next() else {
            out.push('\\');
            break;
        };
        match e {
            'n' => out.push('\n'),
            't' => out.push('\t'),
            'r' => out.push('\r'),
            '0' => out.push('\0'),
            '\\' => out.push('\\'),
            '"' => out.push('"'),
            '\'' => out.push('\''),
            'x' => {
                let digits: String = (0..2).filter_map(|_| chars.next()).collect();
                out.extend(
                    u32::from_str_radix(&digits, 16)
                        .ok()
                        .and_then(char::from_u32),
                );
            }
            'u' => {
                let mut digits = String::new();
                if chars.peek() == Some(&'{') {
                    chars.next();
                    for d in chars.by_ref() {
                        if d == '}' {
                            break;
                        }
                        digits.push(d);
                    }
                }
                out.extend(
                    u32::from_str_radix(&digits, 16)
                        .ok()
                        .and_then(char::from_u32),
                );
            }
            // A line continuation: the newline and the next line's leading whitespace go.
            '\n' => {
                while chars.peek().is_some_and(|c| c.is_whitespace()) {
                    chars.next();
                }
            }
            other => {
                out.push('\\');
                out.push(other);
            }
        }
    }
    out
}

/// A Rust number literal's value, suffix (`30u64`, `1.5f32`) and underscores dropped.
fn number_value(raw: &str) -> Option<f64> {
    let clean: String = raw.chars().filter(|c| *c != '_').collect();
    let (radix, digits) = if let Some(d) = clean.strip_prefix("0x") {
        (16, d)
    } else if let Some(d) = clean.strip_prefix("0o") {
        (8, d)
    } else if let Some(d) = clean.strip_prefix("0b") {
        (2, d)
    } else {
        (10, clean.as_str())
    };
    let suffixes = [
        "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
        "f32", "f64",
    ];
    let digits = suffixes
        .iter()
        .find_map(|s| digits.strip_suffix(s))
        .unwrap_or(digits);
    if radix == 10 {
        digits.parse::<f64>().ok()
    } else {
        u64::from_str_radix(digits, radix).ok().map(|v| v as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings() {
        assert_eq!(string_value(r#""a\tb\"c""#).as_deref(), Some("a\tb\"c"));
        assert_eq!(string_value(r##"r#"raw\n"#"##).as_deref(), Some("raw\\n"));
        assert_eq!(string_value(r#"r"x""#).as_deref(), Some("x"));
        assert_eq!(string_value(r#""\u{e9}\x41""#).as_deref(), Some("éA"));
        assert_eq!(string_value(r#"b"ab""#).as_deref(), Some("ab"));
    }

    #[test]
    fn numbers() {
        assert_eq!(number_value("30"), Some(30.0));
        assert_eq!(number_value("1_000u64"), Some(1000.0));
        assert_eq!(number_value("0x1F"), Some(31.0));
        assert_eq!(number_value("1.5f32"), Some(1.5));
    }
}
