//! The per-thread tree-sitter parser every tree-sitter lowering uses: creating a parser
//! allocates, and one thread parses its files one after another.

use std::cell::RefCell;
use std::thread::LocalKey;

use tree_sitter::{Language, Node, Parser, Tree};

use super::LowerError;
use crate::model::{Diagnostic, Span, collapse_whitespace};

/// A thread's parser for one grammar, made on first use.
pub type ParserSlot = RefCell<Option<Parser>>;

/// Parses `source` with the thread's parser in `slot`, set to `grammar` (named `name` in
/// errors) the first time.
pub fn parse_with(
    slot: &'static LocalKey<ParserSlot>,
    grammar: impl FnOnce() -> Language,
    name: &str,
    source: &str,
) -> Result<Tree, LowerError> {
    slot.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            let mut parser = Parser::new();
            parser.set_language(&grammar()).map_err(|e| {
                LowerError::ParseFailed(format!("the {name} grammar could not be loaded: {e}"))
            })?;
            *slot = Some(parser);
        }
        let parser = slot
            .as_mut()
            .ok_or_else(|| LowerError::ParseFailed(format!("no {name} parser")))?;
        parser
            .parse(source, None)
            .ok_or_else(|| LowerError::ParseFailed(format!("the {name} parser returned no tree")))
    })
}

/// Records every ERROR and MISSING node of a tree-sitter tree as a diagnostic. Walks with a
/// cursor (no recursion) and only into subtrees that contain an error.
pub fn syntax_diagnostics(src: &str, root: Node<'_>, out: &mut Vec<Diagnostic>) {
    if !root.has_error() {
        return;
    }
    let mut cursor = root.walk();
    loop {
        let node = cursor.node();
        let mut descend = false;
        let line = node.start_position().row + 1;
        if node.is_missing() {
            out.push(Diagnostic {
                message: format!(
                    "Syntax error at line {line}: expected `{}` here.",
                    node.kind()
                ),
                span: span(node),
            });
        } else if node.is_error() {
            let text = src.get(node.start_byte()..node.end_byte()).unwrap_or("");
            let snippet: String = collapse_whitespace(text).chars().take(40).collect();
            let message = if snippet.is_empty() {
                format!("Syntax error at line {line}: the input is incomplete here.")
            } else {
                format!(
                    "Syntax error at line {line}: unexpected `{snippet}`; this part is not in the model."
                )
            };
            out.push(Diagnostic {
                message,
                span: span(node),
            });
        } else if node.has_error() {
            descend = true;
        }
        if descend && cursor.goto_first_child() {
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                return;
            }
        }
    }
}

/// A node's byte span.
pub fn span(node: Node<'_>) -> Span {
    let to = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    Span::new(to(node.start_byte()), to(node.end_byte()))
}

/// A node's source text (empty when its range is not text of `src`).
pub fn text<'s>(src: &'s str, node: Node<'_>) -> &'s str {
    src.get(node.start_byte()..node.end_byte()).unwrap_or("")
}

/// Every child, named or not (comments included).
pub fn kids<'t>(node: Node<'t>) -> Vec<Node<'t>> {
    let mut cursor = node.walk();
    node.children(&mut cursor).collect()
}
