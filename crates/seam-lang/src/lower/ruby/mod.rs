//! Ruby, parsed with tree-sitter (`tree-sitter-ruby`) and lowered into the [`Model`].
//!
//! One parse, one walk, with a stack of local scopes. Layout: this file (the walker, scopes,
//! modules, classes and methods), [`stmts`] (statement lists, implicit returns, `if`/`unless`
//! and their modifier forms, `case`/`when`, `begin`/`rescue`/`ensure`, loops), [`exprs`]
//! (calls, literals, strings, hashes, blocks).
//!
//! How Ruby maps onto the language-neutral model (the tests pin each rule):
//! - **Modules and classes.** A `class` is a [`Class`] named by the last part of its name
//!   (`class Api::PostsController < Base` is `PostsController`, its superclass an expression,
//!   `Api::Base` the member chain `Api.Base`). A `module` is a namespace only: its body is
//!   lowered in place. Every `def` of a class is a `Method` member; `def self.x` is a static
//!   one. Calls written in the class body (`before_action :x, only: [:show]`) are the class's
//!   decorators, in source order.
//! - **Methods return their last expression**: the last statement of a method or block body
//!   is a `Return` of its value, and a last `if`/`unless`/`case`/`begin` returns through
//!   each of its branches.
//! - **Names.** A local comes into being at its first assignment (a [`VarKind::Let`]
//!   declaration) and a block sees the locals of its method; a bare name that is no local is
//!   a call on `self`: `this.name()` when the class defines that method, else the name (an
//!   identifier without binding, so `params` and `render` read as written). `@x` is `this.x`;
//!   `self` is `this`. Constants are names; `A::B` is the member chain `A.B`.
//! - **Calls.** `f x, y` and `f(x, y)` are the same call; keyword arguments written without
//!   braces (`render json: x, status: :not_found`) are one trailing object argument; a block
//!   (`do |x| … end`, `{ |x| … }`) is an arrow function, the call's last argument.
//!   `raise X, "m"` is a `throw` of the call `X.new("m")`.
//! - **Literals.** A symbol (`:ok`, `:"a b"`) is a string literal; `nil` is null; a hash is an
//!   object (`a: 1` and `:a => 1` have the key `a`, `"a" => 1` the key `a`); `%w[]`/`%i[]`
//!   are arrays of strings; a string with `#{}` is a template.
//! - **Syntax errors.** tree-sitter always returns a tree. Every ERROR and MISSING node
//!   becomes a diagnostic; ERROR subtrees lower to `Other`. Recursion is capped at
//!   [`MAX_DEPTH`].

mod exprs;
mod stmts;

use super::LowerError;
use crate::model::*;
use std::cell::RefCell;
use tree_sitter::{Node, Tree};

/// How deep the lowering recurses (the Rust lowering's limit: route files and chains nest).
pub const MAX_DEPTH: u32 = 1_000;

thread_local! {
    static PARSER: super::tree_sitter_parser::ParserSlot = const { RefCell::new(None) };
}

/// Parses Ruby source with tree-sitter. Exposed so benchmarks can time parsing alone.
pub fn parse(source: &str) -> Result<Tree, LowerError> {
    super::tree_sitter_parser::parse_with(
        &PARSER,
        || tree_sitter_ruby::LANGUAGE.into(),
        "Ruby",
        source,
    )
}

/// Parses and lowers a Ruby file.
pub fn lower(path: &str, source: &str) -> Result<Model, LowerError> {
    let tree = parse(source)?;
    Ok(lower_tree(path, source, &tree))
}

/// Lowers an already parsed file.
pub fn lower_tree(path: &str, source: &str, tree: &Tree) -> Model {
    let root = tree.root_node();
    let mut lw = Lowerer::new(path, source);
    super::tree_sitter_parser::syntax_diagnostics(source, root, &mut lw.m.diagnostics);
    let body = lw.statements(&named(root), false);
    lw.m.body = body;
    lw.exports();
    lw.m
}

/// A method scope: its locals in block levels, innermost last.
#[derive(Default)]
struct Frame {
    levels: Vec<Vec<(String, BindingId)>>,
}

pub(crate) struct Lowerer<'s> {
    src: &'s str,
    m: Model,
    /// Method scopes, innermost last; the first is the file's top level.
    frames: Vec<Frame>,
    /// Enclosing classes and the names of the methods each defines, innermost last.
    classes: Vec<(ClassId, Vec<String>)>,
    /// The innermost function being lowered.
    func: Option<FuncId>,
    depth: u32,
    too_deep_reported: bool,
}

pub(crate) use super::tree_sitter_parser::span;

/// The named children that carry syntax (comments skipped).
pub(crate) fn named(node: Node<'_>) -> Vec<Node<'_>> {
    let mut cursor = node.walk();
    node.named_children(&mut cursor)
        .filter(|c| !matches!(c.kind(), "comment" | "empty_statement" | "heredoc_body"))
        .collect()
}

impl<'s> Lowerer<'s> {
    fn new(path: &str, src: &'s str) -> Lowerer<'s> {
        Lowerer {
            src,
            m: Model::new(path, Language::Ruby, src),
            frames: vec![Frame {
                levels: vec![Vec::new()],
            }],
            classes: Vec::new(),
            func: None,
            depth: 0,
            too_deep_reported: false,
        }
    }

    fn text(&self, node: Node<'_>) -> &'s str {
        self.src
            .get(node.start_byte()..node.end_byte())
            .unwrap_or("")
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

    fn lookup(&self, name: &str) -> Option<BindingId> {
        let frame = self.frames.last()?;
        frame
            .levels
            .iter()
            .rev()
            .find_map(|l| l.iter().rev().find(|(n, _)| n == name).map(|(_, b)| *b))
    }

    fn declare(
        &mut self,
        name: &str,
        kind: BindingKind,
        origin: BindingOrigin,
        at: Span,
    ) -> BindingId {
        let id = self.m.push_binding(Binding {
            name: name.into(),
            kind,
            scope: self.func,
            origin,
            reassigned: false,
            span: at,
        });
        if let Some(level) = self.frames.last_mut().and_then(|f| f.levels.last_mut()) {
            level.push((name.to_string(), id));
        }
        id
    }

    fn mark_reassigned(&mut self, b: BindingId) {
        if let Some(binding) = self.m.bindings.get_mut(b.index()) {
            binding.reassigned = true;
        }
    }

    /// True when the innermost class defines a method of this name.
    fn is_method(&self, name: &str) -> bool {
        self.classes
            .last()
            .is_some_and(|(_, methods)| methods.iter().any(|m| m == name))
    }

    fn other(&mut self, node: Node<'_>) -> ExprId {
        self.m.push_expr(ExprKind::Other, span(node))
    }

    // -----------------------------------------------------------------------------------------
    // Modules, classes, methods
    // -----------------------------------------------------------------------------------------

    /// `module A::B … end`: its body, in place.
    fn module(&mut self, node: Node<'_>) -> StmtId {
        let body = node
            .child_by_field_name("body")
            .map(|b| self.statements(&named(b), false))
            .unwrap_or_default();
        self.m.push_stmt(
            StmtKind::Block {
                body: body.into_boxed_slice(),
            },
            span(node),
        )
    }

    /// `class A::B < C … end` (and `class << self`, whose methods are static).
    fn class(&mut self, node: Node<'_>) -> StmtId {
        let name_node = node.child_by_field_name("name");
        let name = name_node.map(|n| match n.child_by_field_name("name") {
            Some(last) if n.kind() == "scope_resolution" => self.text(last).to_owned(),
            _ => self.text(n).to_owned(),
        });
        let extends = node
            .child_by_field_name("superclass")
            .and_then(|s| named(s).into_iter().next())
            .map(|s| self.expr(s))
            .into_iter()
            .collect();
        let class = self.m.push_class(Class {
            name: name.clone(),
            name_source: NameSource::Declared,
            extends,
            implements: Vec::new(),
            keywords: Vec::new(),
            members: Vec::new(),
            body: Vec::new(),
            decorators: Vec::new(),
            type_params: Vec::new(),
            is_abstract: false,
            parent: self.func,
            span: span(node),
            name_span: name_node.map(span),
        });
        if let Some(n) = &name {
            self.declare(
                n,
                BindingKind::Class { class },
                BindingOrigin::none(),
                span(node),
            );
        }
        let body = node
            .child_by_field_name("body")
            .map(named)
            .unwrap_or_default();
        let methods = body
            .iter()
            .filter(|c| c.kind() == "method")
            .filter_map(|c| c.child_by_field_name("name"))
            .map(|n| self.text(n).to_owned())
            .collect();
        self.classes.push((class, methods));
        let mut is_static = false;
        let mut visibility = None;
        for member in body {
            // `private` / `protected` / `public` alone: the visibility of the methods after it.
            if member.kind() == "identifier" {
                let v = match self.text(member) {
                    "private" => Some(Some(Visibility::Private)),
                    "protected" => Some(Some(Visibility::Protected)),
                    "public" => Some(None),
                    _ => None,
                };
                if let Some(v) = v {
                    visibility = v;
                    continue;
                }
            }
            let members = self.m.class(class).members.len();
            self.class_member(class, member, &mut is_static);
            // `private def x`, `private :x, :y`.
            let named_private = private_names(self, member);
            let own_visibility = match &named_private {
                Some((v, _)) => *v,
                None => visibility,
            };
            if own_visibility.is_some() {
                let names = named_private.map(|(_, n)| n);
                let mut hidden = Vec::new();
                if let Some(c) = self.m.classes.get_mut(class.index()) {
                    for (i, m) in c.members.iter_mut().enumerate() {
                        let fresh = i >= members;
                        let listed = names.as_ref().is_some_and(|n| {
                            m.name.as_str().is_some_and(|x| n.iter().any(|y| y == x))
                        });
                        if (fresh && names.is_none()) || listed {
                            m.visibility = own_visibility;
                            if let MemberKind::Method { function } = m.kind {
                                hidden.push(function);
                            }
                        }
                    }
                }
                for f in hidden {
                    if let Some(func) = self.m.functions.get_mut(f.index()) {
                        func.visibility = own_visibility;
                    }
                }
            }
        }
        self.classes.pop();
        self.m.push_stmt(StmtKind::ClassDecl { class }, span(node))
    }

    fn class_member(&mut self, class: ClassId, member: Node<'_>, in_singleton: &mut bool) {
        match member.kind() {
            "method" | "singleton_method" => {
                let is_static = *in_singleton || member.kind() == "singleton_method";
                let function = self.method(member, Some(class), is_static);
                let f = self.m.function(function);
                let m = ClassMember {
                    name: MemberName::Ident(f.name.clone().unwrap_or_default()),
                    kind: MemberKind::Method { function },
                    is_static,
                    visibility: f.visibility,
                    decorators: Vec::new(),
                    readonly: false,
                    optional: false,
                    span: span(member),
                };
                if let Some(c) = self.m.classes.get_mut(class.index()) {
                    c.members.push(m);
                }
            }
            "singleton_class" => {
                let mut inner = true;
                for m in member
                    .child_by_field_name("body")
                    .map(named)
                    .unwrap_or_default()
                {
                    self.class_member(class, m, &mut inner);
                }
            }
            // `private def x … end`: the method, declared in place.
            "call"
                if member.child_by_field_name("receiver").is_none()
                    && member
                        .child_by_field_name("arguments")
                        .is_some_and(|a| named(a).iter().any(|x| x.kind() == "method")) =>
            {
                for m in member
                    .child_by_field_name("arguments")
                    .map(named)
                    .unwrap_or_default()
                {
                    if m.kind() == "method" {
                        self.class_member(class, m, in_singleton);
                    }
                }
            }
            _ => {
                let stmt = self.statement(member, false);
                if let Some(c) = self.m.classes.get_mut(class.index()) {
                    c.body.push(stmt);
                }
                // A call in the class body (`before_action :x, only: [:a]`) is a decorator.
                if let StmtKind::Expr { expr } = self.m.stmt(stmt).kind
                    && let ExprKind::Call { callee, args, .. } = &self.m.expr(expr).kind
                    && let Some(chain) = self.m.member_chain(*callee)
                {
                    let decorator = Decorator {
                        name: chain.join("."),
                        expr,
                        args: args.to_vec(),
                        raw: self.text(member).to_owned(),
                        span: span(member),
                    };
                    if let Some(c) = self.m.classes.get_mut(class.index()) {
                        c.decorators.push(decorator);
                    }
                }
            }
        }
    }

    /// `def name(params) … end`, `def self.name`, `def name = expr`.
    fn method(&mut self, node: Node<'_>, class: Option<ClassId>, is_static: bool) -> FuncId {
        let name_node = node.child_by_field_name("name");
        let name = name_node.map(|n| self.text(n).to_owned());
        let function = self.m.push_function(Function {
            name: name.clone(),
            name_source: NameSource::Declared,
            kind: if class.is_some() {
                FunctionKind::Method
            } else {
                FunctionKind::Declaration
            },
            params: Vec::new(),
            is_async: false,
            is_generator: false,
            decorators: Vec::new(),
            body: FunctionBody::None,
            return_type: None,
            type_params: Vec::new(),
            class,
            parent: self.func,
            is_static,
            visibility: None,
            doc_throws: Vec::new(),
            span: span(node),
            name_span: name_node.map(span),
        });
        if class.is_none()
            && let Some(n) = &name
        {
            self.declare(
                n,
                BindingKind::Function { function },
                BindingOrigin::none(),
                span(node),
            );
        }
        let saved = self.func.replace(function);
        self.frames.push(Frame {
            levels: vec![Vec::new()],
        });
        let params = node
            .child_by_field_name("parameters")
            .map(|p| self.params(p, function))
            .unwrap_or_default();
        let body = match node.child_by_field_name("body") {
            Some(b) if b.kind() == "body_statement" => self.body_statement(b, true),
            // `def x = expr`
            Some(b) => self.statements(&[b], true),
            None => Vec::new(),
        };
        self.frames.pop();
        self.func = saved;
        if let Some(f) = self.m.functions.get_mut(function.index()) {
            f.params = params;
            f.body = FunctionBody::Block(body);
        }
        function
    }

    /// Method or block parameters; each name is a local of the current frame.
    fn params(&mut self, node: Node<'_>, function: FuncId) -> Vec<Param> {
        let mut out = Vec::new();
        for p in named(node) {
            let (name_node, default, kind) = match p.kind() {
                "identifier" => (Some(p), None, ParamKind::Normal),
                "optional_parameter" => (
                    p.child_by_field_name("name"),
                    p.child_by_field_name("value"),
                    ParamKind::Normal,
                ),
                "keyword_parameter" => (
                    p.child_by_field_name("name"),
                    p.child_by_field_name("value"),
                    ParamKind::KeywordOnly,
                ),
                "splat_parameter" => (p.child_by_field_name("name"), None, ParamKind::Rest),
                "hash_splat_parameter" => {
                    (p.child_by_field_name("name"), None, ParamKind::KeywordRest)
                }
                "block_parameter" => (p.child_by_field_name("name"), None, ParamKind::Normal),
                _ => (None, None, ParamKind::Normal),
            };
            let default = default.map(|d| self.expr(d));
            let index = u32::try_from(out.len()).unwrap_or(u32::MAX);
            let pattern = match name_node {
                Some(n) => {
                    let name = self.text(n).to_owned();
                    let binding = self.declare(
                        &name,
                        BindingKind::Param { function, index },
                        BindingOrigin::none(),
                        span(n),
                    );
                    self.m.push_pattern(
                        PatternKind::Ident {
                            name: name.into(),
                            binding: Some(binding),
                        },
                        span(n),
                    )
                }
                None => {
                    let e = self.other(p);
                    self.m.push_pattern(PatternKind::Expr { expr: e }, span(p))
                }
            };
            out.push(Param {
                pattern,
                default,
                kind,
                type_annotation: None,
                decorators: Box::default(),
                property_visibility: None,
                optional: default.is_some(),
                span: span(p),
            });
        }
        out
    }

    /// Every top-level class and method is exported by name.
    fn exports(&mut self) {
        let mut exports = Vec::new();
        for (i, c) in self.m.classes.iter().enumerate() {
            if c.parent.is_none()
                && let Some(name) = &c.name
            {
                exports.push(Export {
                    exported: name.clone(),
                    local: Some(name.clone()),
                    target: ExportTarget::Class(ClassId::from_index(i)),
                    from: None,
                    type_only: false,
                    span: c.span,
                });
            }
        }
        self.m.exports = exports;
    }
}

/// `private def x … end` and `private :x, :y`: the visibility, and the names it lists (`None`
/// for a `def` written in place, whose method is the member just added).
fn private_names(lw: &Lowerer<'_>, member: Node<'_>) -> Option<(Option<Visibility>, Vec<String>)> {
    if member.kind() != "call" || member.child_by_field_name("receiver").is_some() {
        return None;
    }
    let visibility = match member.child_by_field_name("method").map(|m| lw.text(m)) {
        Some("private") => Some(Visibility::Private),
        Some("protected") => Some(Visibility::Protected),
        _ => return None,
    };
    let args = named(member.child_by_field_name("arguments")?);
    let mut names = Vec::new();
    for a in args {
        match a.kind() {
            "simple_symbol" => names.push(lw.text(a).trim_start_matches(':').to_owned()),
            "method" => {
                if let Some(n) = a.child_by_field_name("name") {
                    names.push(lw.text(n).to_owned());
                }
            }
            _ => {}
        }
    }
    Some((visibility, names))
}

/// A Ruby string's escapes decoded (double-quoted rules; single quotes keep the text).
pub fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('0') => out.push('\0'),
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

#[cfg(test)]
mod tests;
