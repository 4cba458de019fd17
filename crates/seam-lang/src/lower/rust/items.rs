//! Items: `use`, `mod`, functions, `impl` blocks, structs, enums, consts and statics,
//! attributes, and the module's exports.
use super::{Lowerer, named, span};
use crate::model::*;
use tree_sitter::Node;

/// Whether a node kind is an item a module (or a block) declares.
pub(super) fn is_item(kind: &str) -> bool {
    matches!(
        kind,
        "function_item"
            | "function_signature_item"
            | "struct_item"
            | "enum_item"
            | "union_item"
            | "const_item"
            | "static_item"
            | "use_declaration"
            | "mod_item"
            | "impl_item"
            | "trait_item"
            | "type_item"
            | "macro_definition"
            | "extern_crate_declaration"
            | "foreign_mod_item"
            | "attribute_item"
            | "inner_attribute_item"
            | "associated_type"
    )
}

fn is_pub(node: Node<'_>) -> bool {
    named(node)
        .iter()
        .any(|c| c.kind() == "visibility_modifier")
}

/// The type name an `impl` block or a type annotation names: generics, references and the
/// path in front dropped (`&mut a::Foo<T>` → `Foo`).
pub(super) fn type_name(text: &str) -> &str {
    let t = text.trim().trim_start_matches('&').trim();
    let t = t.strip_prefix("mut ").unwrap_or(t).trim();
    let t = t.split('<').next().unwrap_or(t).trim();
    t.rsplit("::").next().unwrap_or(t)
}

impl<'s> Lowerer<'s> {
    pub(super) fn source_file(&mut self, root: Node<'_>) {
        let children = named(root);
        let body = self.item_list(&children);
        self.m.body = body;
    }

    /// The items of a module (or a block's items): every name declared first, then each item
    /// lowered in order. Attributes attach to the item after them.
    pub(super) fn item_list(&mut self, nodes: &[Node<'_>]) -> Vec<StmtId> {
        for node in nodes {
            self.predeclare(*node);
        }
        self.item_list_declared(nodes)
    }

    /// Lowers items whose names are already declared.
    pub(super) fn item_list_declared(&mut self, nodes: &[Node<'_>]) -> Vec<StmtId> {
        let mut out = Vec::new();
        let mut attributes: Vec<Node<'_>> = Vec::new();
        for node in nodes {
            match node.kind() {
                "attribute_item" => attributes.push(*node),
                "inner_attribute_item" | "shebang" => {}
                _ => {
                    let attrs = std::mem::take(&mut attributes);
                    out.push(self.item_or_stmt(*node, &attrs));
                }
            }
        }
        out
    }

    /// Declares the name an item binds, before any item is lowered.
    pub(super) fn predeclare(&mut self, node: Node<'_>) {
        match node.kind() {
            "function_item" => {
                let Some(name) = node.child_by_field_name("name") else {
                    return;
                };
                let function = self.new_function(node, Some(name), FunctionKind::Declaration);
                self.declare(
                    self.text(name),
                    BindingKind::Function { function },
                    BindingOrigin::none(),
                    span(name),
                );
            }
            "struct_item" | "union_item" => {
                let Some(name) = node.child_by_field_name("name") else {
                    return;
                };
                let class = self.class_for(self.text(name), node);
                self.declare(
                    self.text(name),
                    BindingKind::Class { class },
                    BindingOrigin::none(),
                    span(name),
                );
            }
            "enum_item" | "trait_item" | "type_item" => self.predeclare_type(node),
            "const_item" | "static_item" => {
                let Some(name) = node.child_by_field_name("name") else {
                    return;
                };
                self.declare(
                    self.text(name),
                    BindingKind::Var {
                        kind: VarKind::Const,
                    },
                    BindingOrigin::none(),
                    span(name),
                );
            }
            "use_declaration" => {
                if let Some(arg) = node.child_by_field_name("argument") {
                    self.use_tree(arg, &[], node);
                }
            }
            "mod_item" if node.child_by_field_name("body").is_none() => {
                if let Some(name) = node.child_by_field_name("name") {
                    let name = self.text(name).to_string();
                    self.import_name(
                        &format!("self::{name}"),
                        ImportedItem::Namespace,
                        &name,
                        node,
                    );
                }
            }
            _ => {}
        }
    }

    /// Lowers one item, or a statement written among items.
    fn item_or_stmt(&mut self, node: Node<'_>, attrs: &[Node<'_>]) -> StmtId {
        match node.kind() {
            "function_item" => self.function_item(node, attrs),
            "struct_item" | "union_item" => self.struct_item(node, attrs),
            "enum_item" | "trait_item" | "type_item" => self.type_item(node),
            "const_item" | "static_item" => self.const_item(node),
            "impl_item" => self.impl_item(node),
            "mod_item" => match node.child_by_field_name("body") {
                Some(body) => {
                    self.push_scope();
                    let items = named(body);
                    let body = self.item_list(&items);
                    self.pop_scope();
                    self.m
                        .push_stmt(StmtKind::Block { body: body.into() }, span(node))
                }
                None => self.m.push_stmt(StmtKind::Other, span(node)),
            },
            "use_declaration"
            | "macro_definition"
            | "extern_crate_declaration"
            | "foreign_mod_item"
            | "function_signature_item"
            | "associated_type"
            | "empty_statement" => self.m.push_stmt(StmtKind::Other, span(node)),
            _ => self.stmt(node),
        }
    }

    // -----------------------------------------------------------------------------------------
    // Imports
    // -----------------------------------------------------------------------------------------

    /// One `use` tree under the path `prefix` (its segments).
    fn use_tree(&mut self, node: Node<'_>, prefix: &[String], decl: Node<'_>) {
        let path_of = |this: &Self, n: Node<'_>| -> Vec<String> {
            let mut out: Vec<String> = prefix.to_vec();
            out.extend(
                this.text(n)
                    .split("::")
                    .map(|s| s.trim().to_string())
                    .filter(|s| !s.is_empty()),
            );
            out
        };
        match node.kind() {
            "identifier" | "scoped_identifier" | "crate" | "self" | "super" => {
                let path = path_of(self, node);
                self.use_path(&path, None, decl);
            }
            "use_as_clause" => {
                let (Some(p), Some(alias)) = (
                    node.child_by_field_name("path"),
                    node.child_by_field_name("alias"),
                ) else {
                    return;
                };
                let path = path_of(self, p);
                let alias = self.text(alias).to_string();
                self.use_path(&path, Some(&alias), decl);
            }
            "scoped_use_list" => {
                let path = match node.child_by_field_name("path") {
                    Some(p) => path_of(self, p),
                    None => prefix.to_vec(),
                };
                if let Some(list) = node.child_by_field_name("list") {
                    for item in named(list) {
                        self.use_tree(item, &path, decl);
                    }
                }
            }
            "use_list" => {
                for item in named(node) {
                    self.use_tree(item, prefix, decl);
                }
            }
            "use_wildcard" => {
                let path = match named(node).first() {
                    Some(p) => path_of(self, *p),
                    None => prefix.to_vec(),
                };
                if !path.is_empty() {
                    self.import_name(&path.join("::"), ImportedItem::All, "*", decl);
                }
            }
            _ => {}
        }
    }

    /// `use a::b::c [as d]`: the name `c` of the module `a::b` (or the module `a::b` itself
    /// for `use a::b::{self}`).
    fn use_path(&mut self, path: &[String], alias: Option<&str>, decl: Node<'_>) {
        let Some((last, module)) = path.split_last() else {
            return;
        };
        if last == "self" {
            let Some(name) = module.last() else { return };
            let local = alias.unwrap_or(name).to_string();
            self.import_name(&module.join("::"), ImportedItem::Namespace, &local, decl);
            return;
        }
        let local = alias.unwrap_or(last).to_string();
        if module.is_empty() {
            // `use serde;`: the crate itself.
            self.import_name(last, ImportedItem::Namespace, &local, decl);
            return;
        }
        self.import_name(
            &module.join("::"),
            ImportedItem::Named(last.clone()),
            &local,
            decl,
        );
    }

    fn import_name(
        &mut self,
        specifier: &str,
        imported: ImportedItem,
        local: &str,
        decl: Node<'_>,
    ) {
        let import = u32::try_from(self.m.imports.len()).unwrap_or(u32::MAX);
        let at = span(decl);
        let binding = if matches!(imported, ImportedItem::All) || local == "_" {
            None
        } else {
            self.declare(
                local,
                BindingKind::Import { import, name: 0 },
                BindingOrigin::none(),
                at,
            )
        };
        self.m.imports.push(Import {
            specifier: specifier.to_string(),
            kind: ImportKind::Static,
            level: 0,
            names: vec![ImportedName {
                imported,
                local: local.to_string(),
                binding,
                type_only: false,
                span: at,
                resolved: None,
            }],
            type_only: false,
            span: at,
            resolved: None,
        });
    }

    // -----------------------------------------------------------------------------------------
    // Types
    // -----------------------------------------------------------------------------------------

    /// The class for a type name in this file, created (as a partial class holding only
    /// methods) when the file does not declare the type.
    pub(super) fn class_for(&mut self, name: &str, at: Node<'_>) -> ClassId {
        if let Some((_, c)) = self.classes.iter().find(|(n, _)| n == name) {
            return *c;
        }
        let class = self.m.push_class(Class {
            name: Some(name.to_string()),
            name_source: NameSource::Variable,
            extends: Vec::new(),
            implements: Vec::new(),
            keywords: Vec::new(),
            members: Vec::new(),
            body: Vec::new(),
            decorators: Vec::new(),
            type_params: Vec::new(),
            is_abstract: false,
            parent: self.func,
            span: span(at),
            name_span: None,
        });
        self.classes.push((name.to_string(), class));
        class
    }

    fn struct_item(&mut self, node: Node<'_>, attrs: &[Node<'_>]) -> StmtId {
        let Some(name_node) = node.child_by_field_name("name") else {
            return self.m.push_stmt(StmtKind::Other, span(node));
        };
        let name = self.text(name_node).to_string();
        let class = self.class_for(&name, node);
        let decorators = self.decorators(attrs);
        let members = node
            .child_by_field_name("body")
            .map(|b| self.struct_fields(b))
            .unwrap_or_default();
        let type_params = self.type_params(node);
        if let Some(c) = self.m.classes.get_mut(class.index()) {
            c.name_source = NameSource::Declared;
            c.span = span(node);
            c.name_span = Some(span(name_node));
            c.type_params = type_params;
            c.decorators = decorators;
            let methods = std::mem::take(&mut c.members);
            c.members = members;
            c.members.extend(methods);
        }
        self.m.push_stmt(StmtKind::ClassDecl { class }, span(node))
    }

    fn type_params(&self, node: Node<'_>) -> Vec<String> {
        node.child_by_field_name("type_parameters")
            .map(|p| {
                named(p)
                    .into_iter()
                    .map(|d| collapse_whitespace(self.text(d)))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// A struct's named fields as class members, their attributes as decorators.
    fn struct_fields(&mut self, list: Node<'_>) -> Vec<ClassMember> {
        let mut out = Vec::new();
        if list.kind() != "field_declaration_list" {
            return out;
        }
        let mut attrs: Vec<Node<'_>> = Vec::new();
        for decl in named(list) {
            if decl.kind() == "attribute_item" {
                attrs.push(decl);
                continue;
            }
            let field_attrs = std::mem::take(&mut attrs);
            if decl.kind() != "field_declaration" {
                continue;
            }
            let Some(n) = decl.child_by_field_name("name") else {
                continue;
            };
            let name = self.text(n).to_string();
            let type_annotation = decl.child_by_field_name("type").map(|t| self.annotation(t));
            let decorators = self.decorators(&field_attrs);
            out.push(ClassMember {
                visibility: Some(if is_pub(decl) {
                    Visibility::Public
                } else {
                    Visibility::Private
                }),
                name: MemberName::Ident(name),
                kind: MemberKind::Property {
                    value: None,
                    type_annotation,
                    function: None,
                },
                is_static: false,
                decorators,
                readonly: false,
                optional: false,
                span: span(decl),
            });
        }
        out
    }

    fn predeclare_type(&mut self, node: Node<'_>) {
        let Some(name_node) = node.child_by_field_name("name") else {
            return;
        };
        let name = self.text(name_node).to_string();
        let (kind, members) = match node.kind() {
            "enum_item" => (
                TypeDeclKind::Enum,
                node.child_by_field_name("body")
                    .map(|b| {
                        named(b)
                            .into_iter()
                            .filter(|v| v.kind() == "enum_variant")
                            .filter_map(|v| v.child_by_field_name("name"))
                            .map(|n| self.text(n).to_string())
                            .collect()
                    })
                    .unwrap_or_default(),
            ),
            "trait_item" => (
                TypeDeclKind::Interface,
                node.child_by_field_name("body")
                    .map(|b| {
                        named(b)
                            .into_iter()
                            .filter_map(|f| f.child_by_field_name("name"))
                            .map(|n| self.text(n).to_string())
                            .collect()
                    })
                    .unwrap_or_default(),
            ),
            _ => (TypeDeclKind::TypeAlias, Vec::new()),
        };
        let member_values = if kind == TypeDeclKind::Enum {
            vec![None; members.len()]
        } else {
            Vec::new()
        };
        let shape = match node.child_by_field_name("type") {
            Some(t) if kind == TypeDeclKind::TypeAlias => self.type_ref(t),
            _ => TypeRef::Unknown,
        };
        let decl = self.m.push_type_decl(TypeDecl {
            name: name.clone(),
            kind,
            members,
            member_values,
            type_params: self.type_params(node),
            shape,
            span: span(node),
            name_span: span(name_node),
        });
        self.declare(
            &name,
            BindingKind::TypeDecl { decl },
            BindingOrigin::none(),
            span(name_node),
        );
    }

    fn type_item(&mut self, node: Node<'_>) -> StmtId {
        let name = node
            .child_by_field_name("name")
            .map(|n| self.text(n).to_string());
        let decl = name.and_then(|n| self.m.type_decls.iter().position(|t| t.name == n));
        // A trait's default methods are functions of the trait (kept for the review IR).
        if node.kind() == "trait_item"
            && let Some(body) = node.child_by_field_name("body")
        {
            let trait_name = node
                .child_by_field_name("name")
                .map(|n| self.text(n).to_string());
            let saved = self.self_type.replace(trait_name.unwrap_or_default());
            for f in named(body) {
                if f.kind() == "function_item" {
                    let function =
                        self.new_function(f, f.child_by_field_name("name"), FunctionKind::Method);
                    self.function_rest(f, function);
                }
            }
            self.self_type = saved;
        }
        match decl {
            Some(i) => self.m.push_stmt(
                StmtKind::TypeDecl {
                    decl: TypeDeclId::from_index(i),
                },
                span(node),
            ),
            None => self.m.push_stmt(StmtKind::Other, span(node)),
        }
    }

    fn const_item(&mut self, node: Node<'_>) -> StmtId {
        let name_node = node.child_by_field_name("name");
        let name = name_node
            .map(|n| self.text(n).to_string())
            .unwrap_or_default();
        let binding = self.lookup(&name);
        let init = node.child_by_field_name("value").map(|v| self.expr(v));
        if let Some(b) = binding
            && let Some(bd) = self.m.bindings.get_mut(b.index())
        {
            bd.origin.init = init;
        }
        let at = name_node.map_or(span(node), span);
        let pattern = self.m.push_pattern(
            PatternKind::Ident {
                name: name.into(),
                binding,
            },
            at,
        );
        let type_annotation = node.child_by_field_name("type").map(|t| self.annotation(t));
        self.m.push_stmt(
            StmtKind::VarDecl {
                kind: VarKind::Const,
                declarators: Box::new([VarDeclarator {
                    pattern,
                    init,
                    type_annotation: type_annotation.map(Box::new),
                    span: span(node),
                }]),
            },
            span(node),
        )
    }

    // -----------------------------------------------------------------------------------------
    // Attributes
    // -----------------------------------------------------------------------------------------

    /// `#[get("/x")]`, `#[serde(rename = "id")]`: one decorator each, named by its path
    /// (`a::b` written `a.b`), a call when it has arguments.
    pub(super) fn decorators(&mut self, attrs: &[Node<'_>]) -> Vec<Decorator> {
        let mut out = Vec::new();
        for item in attrs {
            let Some(attr) = named(*item).into_iter().find(|c| c.kind() == "attribute") else {
                continue;
            };
            let Some(path) = named(attr).into_iter().next() else {
                continue;
            };
            let name = self.text(path).replace("::", ".");
            let callee = self.path_expr(path);
            let (expr, args) = match attr.child_by_field_name("arguments") {
                Some(tt) => {
                    let args = self.token_tree_args(tt);
                    let expr = self.m.push_expr(
                        ExprKind::Call {
                            callee,
                            args: args.clone().into(),
                            optional: false,
                            is_new: false,
                        },
                        span(attr),
                    );
                    (expr, args)
                }
                None => (callee, Vec::new()),
            };
            out.push(Decorator {
                name,
                expr,
                args,
                raw: collapse_whitespace(self.text(attr)),
                span: span(*item),
            });
        }
        out
    }

    // -----------------------------------------------------------------------------------------
    // Functions and methods
    // -----------------------------------------------------------------------------------------

    pub(super) fn new_function(
        &mut self,
        node: Node<'_>,
        name_node: Option<Node<'_>>,
        kind: FunctionKind,
    ) -> FuncId {
        let name = name_node.map(|n| self.text(n).to_string());
        let is_async = named(node)
            .iter()
            .any(|c| c.kind() == "function_modifiers" && self.text(*c).contains("async"));
        self.m.push_function(Function {
            visibility: Some(if is_pub(node) {
                Visibility::Public
            } else {
                Visibility::Private
            }),
            name,
            name_source: if name_node.is_some() {
                NameSource::Declared
            } else {
                NameSource::Anonymous
            },
            kind,
            params: Vec::new(),
            is_async,
            is_generator: false,
            decorators: Vec::new(),
            body: FunctionBody::None,
            return_type: None,
            type_params: Vec::new(),
            class: None,
            parent: self.func,
            is_static: false,
            doc_throws: Vec::new(),
            span: span(node),
            name_span: name_node.map(span),
        })
    }

    /// A free function, predeclared by its item list.
    fn function_item(&mut self, node: Node<'_>, attrs: &[Node<'_>]) -> StmtId {
        let name_node = node.child_by_field_name("name");
        let predeclared = name_node.and_then(|n| {
            let b = self.lookup(self.text(n))?;
            match self.m.binding(b).kind {
                BindingKind::Function { function }
                    if self.m.function(function).span == span(node) =>
                {
                    Some(function)
                }
                _ => None,
            }
        });
        let function = predeclared
            .unwrap_or_else(|| self.new_function(node, name_node, FunctionKind::Declaration));
        let decorators = self.decorators(attrs);
        if let Some(f) = self.m.functions.get_mut(function.index()) {
            f.decorators = decorators;
        }
        self.function_rest(node, function);
        self.m
            .push_stmt(StmtKind::FunctionDecl { function }, span(node))
    }

    /// `impl T { … }` / `impl Trait for T { … }`: the functions are methods of `T`'s class.
    fn impl_item(&mut self, node: Node<'_>) -> StmtId {
        let Some(ty) = node.child_by_field_name("type") else {
            return self.m.push_stmt(StmtKind::Other, span(node));
        };
        let name = type_name(self.text(ty)).to_string();
        let class = self.class_for(&name, node);
        if let Some(tr) = node.child_by_field_name("trait") {
            let t = type_name(self.text(tr)).to_string();
            if let Some(c) = self.m.classes.get_mut(class.index())
                && !c.implements.contains(&t)
            {
                c.implements.push(t);
            }
        }
        let saved = self.self_type.replace(name);
        let mut body = Vec::new();
        if let Some(list) = node.child_by_field_name("body") {
            let mut attrs: Vec<Node<'_>> = Vec::new();
            for item in named(list) {
                match item.kind() {
                    "attribute_item" => attrs.push(item),
                    "function_item" => {
                        let a = std::mem::take(&mut attrs);
                        body.push(self.method(item, class, &a));
                    }
                    _ => attrs.clear(),
                }
            }
        }
        self.self_type = saved;
        self.m
            .push_stmt(StmtKind::Block { body: body.into() }, span(node))
    }

    fn method(&mut self, node: Node<'_>, class: ClassId, attrs: &[Node<'_>]) -> StmtId {
        let name_node = node.child_by_field_name("name");
        let function = self.new_function(node, name_node, FunctionKind::Method);
        let has_self = node
            .child_by_field_name("parameters")
            .is_some_and(|p| named(p).iter().any(|c| c.kind() == "self_parameter"));
        let decorators = self.decorators(attrs);
        let visibility = self.m.function(function).visibility;
        if let Some(f) = self.m.functions.get_mut(function.index()) {
            f.class = Some(class);
            f.is_static = !has_self;
            f.decorators = decorators.clone();
        }
        if let Some(n) = name_node {
            let member = ClassMember {
                name: MemberName::Ident(self.text(n).to_string()),
                kind: MemberKind::Method { function },
                is_static: !has_self,
                visibility,
                decorators,
                readonly: false,
                optional: false,
                span: span(node),
            };
            if let Some(c) = self.m.classes.get_mut(class.index()) {
                c.members.push(member);
            }
        }
        self.function_rest(node, function);
        self.m
            .push_stmt(StmtKind::FunctionDecl { function }, span(node))
    }

    /// Parameters, return type and body of a function, in a scope of its own.
    pub(super) fn function_rest(&mut self, node: Node<'_>, function: FuncId) {
        let saved_func = self.func;
        let saved_depth = self.depth;
        self.func = Some(function);
        self.push_scope();
        let type_params = self.type_params(node);
        let params = node
            .child_by_field_name("parameters")
            .map(|p| self.params(p, function))
            .unwrap_or_default();
        let return_type = node
            .child_by_field_name("return_type")
            .map(|r| self.annotation(r));
        let body = match node.child_by_field_name("body") {
            Some(b) => FunctionBody::Block(self.function_block(b)),
            None => FunctionBody::None,
        };
        self.pop_scope();
        self.func = saved_func;
        self.depth = saved_depth;
        if let Some(f) = self.m.functions.get_mut(function.index()) {
            f.params = params;
            f.return_type = return_type;
            f.type_params = type_params;
            f.body = body;
        }
    }

    /// A function's or closure's parameters (`self` is not one).
    pub(super) fn params(&mut self, list: Node<'_>, function: FuncId) -> Vec<Param> {
        let mut out = Vec::new();
        for p in named(list) {
            let (pattern_node, ty, kind) = match p.kind() {
                "parameter" => (
                    p.child_by_field_name("pattern"),
                    p.child_by_field_name("type"),
                    ParamKind::Normal,
                ),
                "variadic_parameter" => (p.child_by_field_name("pattern"), None, ParamKind::Rest),
                "self_parameter" | "attribute_item" => continue,
                // A closure parameter written as a bare pattern (`|x|`, `|(a, b)|`).
                _ if p.kind().ends_with("pattern") || p.kind() == "identifier" => {
                    (Some(p), None, ParamKind::Normal)
                }
                _ => (None, Some(p), ParamKind::Normal),
            };
            if pattern_node.is_some_and(|n| n.kind() == "self") {
                continue;
            }
            let index = u32::try_from(out.len()).unwrap_or(u32::MAX);
            let pattern = match pattern_node {
                Some(n) => self.binding_pattern(
                    n,
                    &BindingKind::Param { function, index },
                    BindingOrigin::none(),
                ),
                None => self.m.push_pattern(
                    PatternKind::Ident {
                        name: "_".into(),
                        binding: None,
                    },
                    span(p),
                ),
            };
            let type_annotation = ty.map(|t| self.annotation(t));
            out.push(Param {
                pattern,
                default: None,
                kind,
                type_annotation,
                decorators: Box::default(),
                property_visibility: None,
                optional: false,
                span: span(p),
            });
        }
        out
    }

    // -----------------------------------------------------------------------------------------
    // Exports
    // -----------------------------------------------------------------------------------------

    /// Every module-level item, in source order: a child module reads its parent's private
    /// items (`super::API_VERSION`), so privacy does not narrow what another file may name.
    pub(super) fn exports(&mut self) {
        let mut out = Vec::new();
        for (i, b) in self.m.bindings.iter().enumerate() {
            if b.scope.is_some() {
                continue;
            }
            let target = match b.kind {
                BindingKind::Function { function } => ExportTarget::Function(function),
                BindingKind::Class { class } => ExportTarget::Class(class),
                BindingKind::TypeDecl { decl } => ExportTarget::TypeDecl(decl),
                BindingKind::Var { .. } => ExportTarget::Binding(BindingId::from_index(i)),
                _ => continue,
            };
            out.push(Export {
                exported: b.name.to_string(),
                local: Some(b.name.to_string()),
                target,
                from: None,
                type_only: matches!(target, ExportTarget::TypeDecl(_)),
                span: b.span,
            });
        }
        out.sort_by_key(|e| e.span.start);
        self.m.exports = out;
    }
}
