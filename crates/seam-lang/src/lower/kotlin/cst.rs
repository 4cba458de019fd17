//! Small helpers over the Kotlin concrete syntax tree: spans, text, children, kinds. The
//! grammar names few fields, so children are found by kind.
use std::sync::OnceLock;
use tree_sitter::Node;

pub use crate::lower::tree_sitter_parser::{span, text};

/// The named children that carry syntax (comments skipped, ERROR nodes kept).
pub fn named<'t>(node: Node<'t>) -> Vec<Node<'t>> {
    let mut cursor = node.walk();
    node.named_children(&mut cursor)
        .filter(|c| !is_trivia(*c))
        .collect()
}

/// Every child, named or not, comments skipped.
pub fn kids<'t>(node: Node<'t>) -> Vec<Node<'t>> {
    let mut cursor = node.walk();
    node.children(&mut cursor)
        .filter(|c| !is_trivia(*c))
        .collect()
}

pub fn first_of_kind<'t>(node: Node<'t>, kind: &str) -> Option<Node<'t>> {
    named(node).into_iter().find(|c| kind_of(*c) == kind)
}

/// A node's kind, from the table resolved once from the grammar.
pub fn kind_of(node: Node<'_>) -> &'static str {
    match kinds().get(usize::from(node.kind_id())) {
        Some(kind) => kind,
        None if node.is_error() => "ERROR",
        None => "",
    }
}

pub fn is_trivia(node: Node<'_>) -> bool {
    matches!(
        kind_of(node),
        "line_comment" | "multiline_comment" | "shebang_line"
    )
}

/// True when an anonymous child with this exact text (a keyword or token) is present.
pub fn has_token(node: Node<'_>, token: &str) -> bool {
    let mut cursor = node.walk();
    node.children(&mut cursor)
        .any(|c| !c.is_named() && kind_of(c) == token)
}

/// The first anonymous child (an operator or keyword), as its kind.
pub fn operator(node: Node<'_>) -> &'static str {
    let mut cursor = node.walk();
    node.children(&mut cursor)
        .find(|c| !c.is_named())
        .map_or("", kind_of)
}

/// The grammar's node kinds by id, resolved once.
fn kinds() -> &'static [String] {
    static KINDS: OnceLock<Vec<String>> = OnceLock::new();
    KINDS.get_or_init(|| {
        let language: tree_sitter::Language = super::grammar();
        (0..language.node_kind_count())
            .map(|i| {
                u16::try_from(i)
                    .ok()
                    .and_then(|i| language.node_kind_for_id(i))
                    .unwrap_or("")
                    .to_string()
            })
            .collect()
    })
}
