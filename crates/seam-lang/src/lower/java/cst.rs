//! Small helpers over the Java concrete syntax tree: spans, text, children, fields, kinds.
use std::sync::OnceLock;
use tree_sitter::Node;

pub use crate::lower::tree_sitter_parser::{kids, span, text};

/// The named children that carry syntax (comments skipped, ERROR nodes kept).
pub fn named<'t>(node: Node<'t>) -> Vec<Node<'t>> {
    let mut cursor = node.walk();
    node.named_children(&mut cursor)
        .filter(|c| !is_trivia(*c))
        .collect()
}

pub fn first_of_kind<'t>(node: Node<'t>, kind: &str) -> Option<Node<'t>> {
    named(node).into_iter().find(|c| kind_of(*c) == kind)
}

/// A node's kind, from the table resolved once from the grammar (see the Python `cst`).
pub fn kind_of(node: Node<'_>) -> &'static str {
    match Fields::java().kinds.get(usize::from(node.kind_id())) {
        Some(kind) => kind,
        None if node.is_error() => "ERROR",
        None => "",
    }
}

pub fn is_trivia(node: Node<'_>) -> bool {
    matches!(kind_of(node), "line_comment" | "block_comment")
}

/// True when an anonymous child with this exact text (a keyword or token) is present.
pub fn has_token(node: Node<'_>, token: &str) -> bool {
    let mut cursor = node.walk();
    node.children(&mut cursor)
        .any(|c| !c.is_named() && kind_of(c) == token)
}

pub fn field<'t>(node: Node<'t>, id: u16) -> Option<Node<'t>> {
    node.child_by_field_id(id)
}

/// Every child in a field that repeats (`declarator`).
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

/// The Java grammar's field ids, resolved once. An id the grammar lacks is 0.
pub struct Fields {
    pub alternative: u16,
    pub arguments: u16,
    pub array: u16,
    pub body: u16,
    pub condition: u16,
    pub consequence: u16,
    pub declarator: u16,
    pub field: u16,
    pub index: u16,
    pub init: u16,
    pub interfaces: u16,
    pub key: u16,
    pub left: u16,
    pub name: u16,
    pub object: u16,
    pub operand: u16,
    pub operator: u16,
    pub parameters: u16,
    pub resources: u16,
    pub right: u16,
    pub superclass: u16,
    pub type_: u16,
    pub type_parameters: u16,
    pub update: u16,
    pub value: u16,
    pub kinds: Vec<String>,
}

impl Fields {
    pub fn java() -> &'static Fields {
        static FIELDS: OnceLock<Fields> = OnceLock::new();
        FIELDS.get_or_init(|| {
            let language: tree_sitter::Language = tree_sitter_java::LANGUAGE.into();
            let id = |name: &str| language.field_id_for_name(name).map_or(0, |f| f.get());
            Fields {
                alternative: id("alternative"),
                arguments: id("arguments"),
                array: id("array"),
                body: id("body"),
                condition: id("condition"),
                consequence: id("consequence"),
                declarator: id("declarator"),
                field: id("field"),
                index: id("index"),
                init: id("init"),
                interfaces: id("interfaces"),
                key: id("key"),
                left: id("left"),
                name: id("name"),
                object: id("object"),
                operand: id("operand"),
                operator: id("operator"),
                parameters: id("parameters"),
                resources: id("resources"),
                right: id("right"),
                superclass: id("superclass"),
                type_: id("type"),
                type_parameters: id("type_parameters"),
                update: id("update"),
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
