//! Small helpers over the C# concrete syntax tree: spans, text, children, fields, kinds.
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
    match Fields::csharp().kinds.get(usize::from(node.kind_id())) {
        Some(kind) => kind,
        None if node.is_error() => "ERROR",
        None => "",
    }
}

pub fn is_trivia(node: Node<'_>) -> bool {
    matches!(kind_of(node), "comment")
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

/// The C# grammar's field ids, resolved once. An id the grammar lacks is 0.
pub struct Fields {
    pub alternative: u16,
    pub arguments: u16,
    pub body: u16,
    pub condition: u16,
    pub consequence: u16,
    pub expression: u16,
    pub function: u16,
    pub initializer: u16,
    pub left: u16,
    pub name: u16,
    pub operator: u16,
    pub parameters: u16,
    pub qualifier: u16,
    pub returns: u16,
    pub right: u16,
    pub subscript: u16,
    pub type_: u16,
    pub value: u16,
    pub accessors: u16,
    pub pattern: u16,
    pub type_parameters: u16,
    pub update: u16,
    pub kinds: Vec<String>,
}

impl Fields {
    pub fn csharp() -> &'static Fields {
        static FIELDS: OnceLock<Fields> = OnceLock::new();
        FIELDS.get_or_init(|| {
            let language: tree_sitter::Language = tree_sitter_c_sharp::LANGUAGE.into();
            let id = |name: &str| language.field_id_for_name(name).map_or(0, |f| f.get());
            Fields {
                alternative: id("alternative"),
                arguments: id("arguments"),
                body: id("body"),
                condition: id("condition"),
                consequence: id("consequence"),
                expression: id("expression"),
                function: id("function"),
                initializer: id("initializer"),
                left: id("left"),
                name: id("name"),
                operator: id("operator"),
                parameters: id("parameters"),
                qualifier: id("qualifier"),
                returns: id("returns"),
                right: id("right"),
                subscript: id("subscript"),
                type_: id("type"),
                value: id("value"),
                accessors: id("accessors"),
                pattern: id("pattern"),
                type_parameters: id("type_parameters"),
                update: id("update"),
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
