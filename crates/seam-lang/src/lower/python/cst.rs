//! Small helpers over a tree-sitter concrete syntax tree: spans, text, children, fields.
//!
//! Nothing here knows Python beyond the field names in [`Fields`]; a Go, Java, Ruby, C# or
//! PHP lowering can take the same shape (a `Fields` table resolved once from its grammar,
//! then `field`/`named`/`kids` while walking).
use crate::model::Span;
use std::sync::OnceLock;
use tree_sitter::Node;

/// The span of a node, in bytes. Offsets beyond `u32` saturate (a 4 GB file is not met).
pub fn span(node: Node<'_>) -> Span {
    Span::new(to_u32(node.start_byte()), to_u32(node.end_byte()))
}

pub fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The source text of a node (empty if the range is not valid UTF-8 boundaries, which
/// tree-sitter never produces for a `&str` source).
pub fn text<'s>(src: &'s str, node: Node<'_>) -> &'s str {
    src.get(node.start_byte()..node.end_byte()).unwrap_or("")
}

/// Every child, named or not, in order (comments included).
pub fn kids<'t>(node: Node<'t>) -> Vec<Node<'t>> {
    let mut cursor = node.walk();
    node.children(&mut cursor).collect()
}

/// The named children that carry syntax: comments and line continuations are skipped,
/// ERROR nodes are kept (they are lowered to `Other`).
pub fn named<'t>(node: Node<'t>) -> Vec<Node<'t>> {
    let mut cursor = node.walk();
    node.named_children(&mut cursor)
        .filter(|c| !is_trivia(*c))
        .collect()
}

/// Named children of one kind.
pub fn named_of_kind<'t>(node: Node<'t>, kind: &str) -> Vec<Node<'t>> {
    named(node)
        .into_iter()
        .filter(|c| kind_of(*c) == kind)
        .collect()
}

/// The first named child of one kind.
pub fn first_of_kind<'t>(node: Node<'t>, kind: &str) -> Option<Node<'t>> {
    let mut cursor = node.walk();
    node.named_children(&mut cursor)
        .find(|c| kind_of(*c) == kind)
}

/// A node's kind, from the table resolved once from the grammar. `Node::kind` asks the
/// grammar for a C string and validates it as UTF-8 on every call; the lowering asks for
/// kinds on nearly every node, so that cost was a visible part of the lowering time.
pub fn kind_of(node: Node<'_>) -> &'static str {
    match Fields::python().kinds.get(usize::from(node.kind_id())) {
        Some(kind) => kind,
        // ERROR's id (u16::MAX) is outside the table.
        None if node.is_error() => "ERROR",
        None => "",
    }
}

/// True for the extras that carry no syntax.
pub fn is_trivia(node: Node<'_>) -> bool {
    matches!(kind_of(node), "comment" | "line_continuation")
}

/// True when an anonymous child with this exact text (a keyword or token) is present.
pub fn has_token(node: Node<'_>, token: &str) -> bool {
    let mut cursor = node.walk();
    node.children(&mut cursor)
        .any(|c| !c.is_named() && kind_of(c) == token)
}

/// The child in a field.
pub fn field<'t>(node: Node<'t>, id: u16) -> Option<Node<'t>> {
    node.child_by_field_id(id)
}

/// Every child in a field (fields that repeat, like `alternative` or `name`).
pub fn fields<'t>(node: Node<'t>, id: u16) -> Vec<Node<'t>> {
    let mut out = Vec::new();
    let mut cursor = node.walk();
    if !cursor.goto_first_child() {
        return out;
    }
    loop {
        if cursor.field_id().map(|f| f.get()) == Some(id) {
            out.push(cursor.node());
        }
        if !cursor.goto_next_sibling() {
            break;
        }
    }
    out
}

/// The grammar's field ids, resolved once from the language. Looking a field up by name
/// scans the grammar's name table; by id it is a direct compare.
pub struct Fields {
    pub alias: u16,
    pub alternative: u16,
    pub argument: u16,
    pub arguments: u16,
    pub attribute: u16,
    pub body: u16,
    pub cause: u16,
    pub condition: u16,
    pub consequence: u16,
    pub definition: u16,
    pub expression: u16,
    pub function: u16,
    pub guard: u16,
    pub key: u16,
    pub left: u16,
    pub module_name: u16,
    pub name: u16,
    pub object: u16,
    pub operator: u16,
    pub parameters: u16,
    pub return_type: u16,
    pub right: u16,
    pub subject: u16,
    pub subscript: u16,
    pub superclasses: u16,
    pub type_: u16,
    pub type_parameters: u16,
    pub value: u16,
    /// Every node kind's name, indexed by kind id.
    pub kinds: Vec<String>,
}

impl Fields {
    /// The Python grammar's field ids. An id the grammar lacks is 0, which matches no child.
    pub fn python() -> &'static Fields {
        static FIELDS: OnceLock<Fields> = OnceLock::new();
        FIELDS.get_or_init(|| {
            let language: tree_sitter::Language = tree_sitter_python::LANGUAGE.into();
            let id = |name: &str| language.field_id_for_name(name).map_or(0, |f| f.get());
            Fields {
                alias: id("alias"),
                alternative: id("alternative"),
                argument: id("argument"),
                arguments: id("arguments"),
                attribute: id("attribute"),
                body: id("body"),
                cause: id("cause"),
                condition: id("condition"),
                consequence: id("consequence"),
                definition: id("definition"),
                expression: id("expression"),
                function: id("function"),
                guard: id("guard"),
                key: id("key"),
                left: id("left"),
                module_name: id("module_name"),
                name: id("name"),
                object: id("object"),
                operator: id("operator"),
                parameters: id("parameters"),
                return_type: id("return_type"),
                right: id("right"),
                subject: id("subject"),
                subscript: id("subscript"),
                superclasses: id("superclasses"),
                type_: id("type"),
                type_parameters: id("type_parameters"),
                value: id("value"),
                kinds: (0..language.node_kind_count())
                    .map(|i| {
                        u16::try_from(i)
                            .ok()
                            .and_then(|i| language.node_kind_for_id(i))
                            .unwrap_or("")
                            .to_string()
                    })
                    .collect(),
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kind table gives what `Node::kind` gives, for every node of a file with aliased
    /// nodes, keywords, operators, ERROR and MISSING nodes.
    #[test]
    fn kind_table_matches_the_grammar() {
        let source = "import a.b as c\nfrom . import (x, y)\n@d(k=1)\nasync def f(a, *b, c: int = 2, **d) -> X[int]:\n    \
                      return [i async for i in g() if i] or {**d, 'k': f'{a!r:>3}'}\nclass C(B, metaclass=M):\n    \
                      x: int = 1\nmatch v:\n    case [1, *r] | {'a': _} as z if z: pass\nlambda: (yield)\ndef g(:\n  )\n";
        let tree = super::super::parse(source).expect("parses");
        let mut cursor = tree.root_node().walk();
        let mut seen = 0;
        loop {
            let node = cursor.node();
            assert_eq!(kind_of(node), node.kind(), "{node:?}");
            seen += 1;
            if cursor.goto_first_child() {
                continue;
            }
            while !cursor.goto_next_sibling() {
                if !cursor.goto_parent() {
                    assert!(seen > 150, "{seen}");
                    return;
                }
            }
        }
    }
}
