//! The file's declarations: namespaces, using directives, types and their members, attributes.
use super::cst::{self, field, named, span};
use super::{ClassScope, Lowerer};
use crate::model::*;
use tree_sitter::Node;

/// The built-in type keywords, read as keyword types.
const PRIMITIVES: &[&str] = &[
    "int", "long", "short", "byte", "sbyte", "uint", "ulong", "ushort", "char", "float", "double",
    "decimal", "bool", "void", "string", "object", "nint", "nuint", "dynamic",
];

/// The kinds of type declarations.
pub(super) const TYPE_DECLS: &[&str] = &[
    "class_declaration",
    "struct_declaration",
    "record_declaration",
    "record_struct_declaration",
    "interface_declaration",
    "enum_declaration",
];

/// Modifiers and attributes read off a declaration.
#[derive(Default)]
pub(super) struct Modifiers {
    pub decorators: Vec<Decorator>,
    pub is_static: bool,
    pub is_abstract: bool,
    pub is_readonly: bool,
    pub is_const: bool,
    pub is_async: bool,
    pub visibility: Option<Visibility>,
}

impl<'s> Lowerer<'s> {
    /// The whole file: using directives first (they bind names), then every type's name, then
    /// bodies and top-level statements.
    pub(super) fn program(&mut self, root: Node<'_>) {
        let children = named(root);
        self.usings(&children);
        for c in &children {
            self.predeclare(*c);
        }
        self.items(&children);
    }

    /// The using directives of a file or a namespace body.
    fn usings(&mut self, children: &[Node<'_>]) {
        for c in children {
            if cst::kind_of(*c) == "using_directive" {
                let stmt = self.using(*c);
                self.m.body.push(stmt);
            }
        }
    }

    /// Binds the names of the types of a file or namespace (and of the types nested in them)
    /// before any body is lowered, so a use before the declaration resolves.
    fn predeclare(&mut self, node: Node<'_>) {
        let kind = cst::kind_of(node);
        if matches!(
            kind,
            "namespace_declaration" | "file_scoped_namespace_declaration"
        ) {
            let body = field(node, self.f.body).map(named).unwrap_or_default();
            for c in body {
                self.predeclare(c);
            }
            return;
        }
        if !TYPE_DECLS.contains(&kind) {
            return;
        }
        if let Some(n) = field(node, self.f.name) {
            let name = self.text(n).to_owned();
            if !self.module.contains_key(&name) {
                // The binding's kind is fixed once the class exists (see `class_declaration`).
                let id = self.m.push_binding(Binding {
                    name: name.as_str().into(),
                    kind: BindingKind::Assigned,
                    scope: None,
                    origin: BindingOrigin::none(),
                    reassigned: false,
                    span: span(n),
                });
                self.module.insert(name, id);
            }
        }
        if let Some(body) = field(node, self.f.body) {
            for member in named(body) {
                self.predeclare(member);
            }
        }
    }

    /// The declarations and statements of a file or of a namespace body.
    fn items(&mut self, children: &[Node<'_>]) {
        for c in children {
            let c = *c;
            match cst::kind_of(c) {
                "using_directive" | "extern_alias_directive" => {}
                "file_scoped_namespace_declaration" | "namespace_declaration" => {
                    if self.m.package.is_none()
                        && let Some(n) = field(c, self.f.name)
                    {
                        self.m.package = Some(dotted(self.text(n)));
                    }
                    if let Some(body) = field(c, self.f.body) {
                        let inner = named(body);
                        self.usings(&inner);
                        self.items(&inner);
                    }
                }
                kind if TYPE_DECLS.contains(&kind) => {
                    let stmt = self.type_declaration(c);
                    self.m.body.push(stmt);
                    self.export_type(stmt);
                }
                "delegate_declaration" | "attribute_list" => {}
                "global_statement" => {
                    let mut out = Vec::new();
                    for s in named(c) {
                        self.stmt(s, &mut out);
                    }
                    self.m.body.extend(out);
                }
                _ => {
                    let mut out = Vec::new();
                    self.stmt(c, &mut out);
                    self.m.body.extend(out);
                }
            }
        }
    }

    fn export_type(&mut self, stmt: StmtId) {
        let target = match &self.m.stmt(stmt).kind {
            StmtKind::ClassDecl { class } => {
                let name = self.m.class(*class).name.clone();
                name.map(|n| (n, ExportTarget::Class(*class)))
            }
            StmtKind::TypeDecl { decl } => {
                let name = self.m.type_decl(*decl).name.clone();
                Some((name, ExportTarget::TypeDecl(*decl)))
            }
            _ => None,
        };
        if let Some((name, target)) = target {
            let span = self.m.stmt(stmt).span;
            self.m.exports.push(Export {
                exported: name.clone(),
                local: Some(name),
                target,
                from: None,
                type_only: false,
                span,
            });
        }
    }

    /// `using A.B;`, `global using A.B;`, `using static A.B.C;`, `using X = A.B.C;`.
    fn using(&mut self, node: Node<'_>) -> StmtId {
        let alias = field(node, self.f.name);
        let path_node = named(node).into_iter().rfind(|c| {
            matches!(
                cst::kind_of(*c),
                "qualified_name" | "identifier" | "generic_name" | "alias_qualified_name"
            ) && Some(*c) != alias
        });
        let path = path_node.map(|p| dotted(self.text(p))).unwrap_or_default();
        let index = u32::try_from(self.m.imports.len()).unwrap_or(u32::MAX);
        let (specifier, names) = match alias {
            Some(a) => {
                let local = self.text(a).to_owned();
                let last = path.rsplit('.').next().unwrap_or(&path).to_owned();
                let binding = self.declare(
                    &local,
                    BindingKind::Import {
                        import: index,
                        name: 0,
                    },
                    BindingOrigin::none(),
                    span(a),
                );
                let name = ImportedName {
                    imported: ImportedItem::Named(last),
                    local,
                    binding: Some(binding),
                    type_only: false,
                    span: span(a),
                    resolved: None,
                };
                (path, vec![name])
            }
            None => {
                let name = ImportedName {
                    imported: ImportedItem::All,
                    local: "*".to_owned(),
                    binding: None,
                    type_only: false,
                    span: span(node),
                    resolved: None,
                };
                (path, vec![name])
            }
        };
        self.m.imports.push(Import {
            specifier,
            kind: ImportKind::Static,
            level: 0,
            names,
            type_only: false,
            span: span(node),
            resolved: None,
        });
        self.m
            .push_stmt(StmtKind::Import { import: index }, span(node))
    }

    /// A class, struct, record, interface or enum, as a statement.
    pub(super) fn type_declaration(&mut self, node: Node<'_>) -> StmtId {
        match cst::kind_of(node) {
            "enum_declaration" => self.enum_declaration(node),
            _ => {
                let class = self.class_declaration(node);
                self.m.push_stmt(StmtKind::ClassDecl { class }, span(node))
            }
        }
    }

    fn enum_declaration(&mut self, node: Node<'_>) -> StmtId {
        let name_node = field(node, self.f.name);
        let name = name_node
            .map(|n| self.text(n).to_owned())
            .unwrap_or_default();
        let mut members = Vec::new();
        if let Some(body) = field(node, self.f.body) {
            for c in named(body) {
                if cst::kind_of(c) == "enum_member_declaration"
                    && let Some(n) = field(c, self.f.name)
                {
                    members.push(self.text(n).to_owned());
                }
            }
        }
        let decl = self.m.push_type_decl(TypeDecl {
            name: name.clone(),
            kind: TypeDeclKind::Enum,
            members,
            member_values: Vec::new(),
            type_params: Vec::new(),
            shape: TypeRef::Unknown,
            span: span(node),
            name_span: name_node.map_or(span(node), span),
        });
        self.bind_type(&name, BindingKind::TypeDecl { decl });
        self.m.push_stmt(StmtKind::TypeDecl { decl }, span(node))
    }

    /// Gives a predeclared type name its binding kind (or declares it, for a local type).
    fn bind_type(&mut self, name: &str, kind: BindingKind) {
        if self.frames.is_empty()
            && let Some(id) = self.module.get(name).copied()
            && let Some(b) = self.m.bindings.get_mut(id.index())
            && matches!(b.kind, BindingKind::Assigned)
        {
            b.kind = kind;
            return;
        }
        if !self.frames.is_empty() {
            let at = Span::new(0, 0);
            self.declare(name, kind, BindingOrigin::none(), at);
        }
    }

    pub(super) fn class_declaration(&mut self, node: Node<'_>) -> ClassId {
        let kind = cst::kind_of(node);
        let mods = self.modifiers(node);
        let name_node = field(node, self.f.name);
        let name = name_node.map(|n| self.text(n).to_owned());
        let mut extends = Vec::new();
        let mut implements = Vec::new();
        if let Some(bases) = cst::first_of_kind(node, "base_list") {
            for (i, t) in named(bases).into_iter().enumerate() {
                // A record's base with arguments: `record B(int X) : A(X)`.
                let t = if cst::kind_of(t) == "primary_constructor_base_type" {
                    match named(t).first() {
                        Some(inner) => *inner,
                        None => continue,
                    }
                } else {
                    t
                };
                if cst::kind_of(t) == "argument_list" {
                    continue;
                }
                if i == 0 {
                    extends.push(self.type_expr(t));
                } else {
                    implements.push(collapse_whitespace(self.text(t)));
                }
            }
        }
        let is_interface = kind == "interface_declaration";
        let class = self.m.push_class(Class {
            name: name.clone(),
            name_source: NameSource::Declared,
            extends,
            implements,
            keywords: Vec::new(),
            members: Vec::new(),
            body: Vec::new(),
            decorators: mods.decorators,
            type_params: self.type_params(node),
            is_abstract: mods.is_abstract || is_interface,
            parent: self.func,
            span: span(node),
            name_span: name_node.map(span),
        });
        if let Some(n) = &name {
            self.bind_type(n, BindingKind::Class { class });
        }
        let body = field(node, self.f.body);
        let scope = self.class_scope(node, body);
        self.classes.push((class, scope));
        // A record's (or a class's primary constructor's) parameters are its properties.
        if let Some(params) = cst::first_of_kind(node, "parameter_list") {
            for p in named(params) {
                self.record_component(class, p);
            }
        }
        if let Some(body) = body {
            for member in named(body) {
                self.member(class, member, is_interface);
            }
        }
        self.classes.pop();
        class
    }

    /// The field, property and method names a class body declares.
    fn class_scope(&mut self, node: Node<'_>, body: Option<Node<'_>>) -> ClassScope {
        let mut scope = ClassScope::default();
        if let Some(params) = cst::first_of_kind(node, "parameter_list") {
            for p in named(params) {
                if let Some(n) = field(p, self.f.name) {
                    scope.fields.push(self.text(n).to_owned());
                }
            }
        }
        for member in body.map(named).unwrap_or_default() {
            match cst::kind_of(member) {
                "field_declaration" => {
                    let constant = {
                        let has = |kw: &str| {
                            named(member)
                                .into_iter()
                                .any(|m| cst::kind_of(m) == "modifier" && self.text(m) == kw)
                        };
                        has("const") || (has("static") && has("readonly"))
                    };
                    let Some(decl) = cst::first_of_kind(member, "variable_declaration") else {
                        continue;
                    };
                    for d in named(decl) {
                        if cst::kind_of(d) != "variable_declarator" {
                            continue;
                        }
                        let Some(n) = field(d, self.f.name) else {
                            continue;
                        };
                        let name = self.text(n).to_owned();
                        if constant {
                            // The initialiser is filled in when the field is lowered.
                            let id = self.m.push_binding(Binding {
                                name: name.as_str().into(),
                                kind: BindingKind::Var {
                                    kind: VarKind::Const,
                                },
                                scope: self.func,
                                origin: BindingOrigin::none(),
                                reassigned: false,
                                span: span(n),
                            });
                            scope.constants.push((name.clone(), id));
                        }
                        scope.fields.push(name);
                    }
                }
                "property_declaration" | "event_field_declaration" => {
                    if let Some(n) = field(member, self.f.name) {
                        scope.fields.push(self.text(n).to_owned());
                    }
                }
                "method_declaration" => {
                    if let Some(n) = field(member, self.f.name) {
                        scope.methods.push(self.text(n).to_owned());
                    }
                }
                _ => {}
            }
        }
        scope
    }

    fn record_component(&mut self, class: ClassId, node: Node<'_>) {
        let Some(n) = field(node, self.f.name) else {
            return;
        };
        let mods = self.modifiers(node);
        let type_annotation = field(node, self.f.type_).map(|t| self.annotation(t));
        let name = self.text(n).to_owned();
        self.push_member(
            class,
            ClassMember {
                name: MemberName::Ident(name),
                kind: MemberKind::Property {
                    value: None,
                    type_annotation,
                    function: None,
                },
                is_static: false,
                visibility: Some(Visibility::Public),
                decorators: mods.decorators,
                readonly: true,
                optional: false,
                span: span(node),
            },
        );
    }

    fn push_member(&mut self, class: ClassId, member: ClassMember) {
        if let Some(c) = self.m.classes.get_mut(class.index()) {
            c.members.push(member);
        }
    }

    fn member(&mut self, class: ClassId, node: Node<'_>, in_interface: bool) {
        match cst::kind_of(node) {
            "method_declaration" | "constructor_declaration" | "operator_declaration" => {
                self.method(class, node, in_interface);
            }
            "field_declaration" | "event_field_declaration" => {
                self.field_declaration(class, node, in_interface)
            }
            "property_declaration" => self.property(class, node, in_interface),
            kind if TYPE_DECLS.contains(&kind) => {
                let stmt = self.type_declaration(node);
                let name = match &self.m.stmt(stmt).kind {
                    StmtKind::ClassDecl { class } => self.m.class(*class).name.clone(),
                    StmtKind::TypeDecl { decl } => Some(self.m.type_decl(*decl).name.clone()),
                    _ => None,
                };
                self.push_member(
                    class,
                    ClassMember {
                        name: MemberName::Ident(name.unwrap_or_default()),
                        kind: MemberKind::Other,
                        is_static: true,
                        visibility: None,
                        decorators: Vec::new(),
                        readonly: false,
                        optional: false,
                        span: span(node),
                    },
                );
            }
            _ => self.push_member(
                class,
                ClassMember {
                    name: MemberName::Ident(String::new()),
                    kind: MemberKind::Other,
                    is_static: false,
                    visibility: None,
                    decorators: Vec::new(),
                    readonly: false,
                    optional: false,
                    span: span(node),
                },
            ),
        }
    }

    fn field_declaration(&mut self, class: ClassId, node: Node<'_>, in_interface: bool) {
        let mods = self.modifiers(node);
        let Some(decl) = cst::first_of_kind(node, "variable_declaration") else {
            return;
        };
        let type_annotation = field(decl, self.f.type_).map(|t| self.annotation(t));
        for d in named(decl) {
            if cst::kind_of(d) != "variable_declarator" {
                continue;
            }
            let Some(n) = field(d, self.f.name) else {
                continue;
            };
            let value = self.declarator_value(d).map(|v| self.expr(v));
            let name = self.text(n).to_owned();
            if let Some(binding) = self.constant(&name)
                && let Some(b) = self.m.bindings.get_mut(binding.index())
                && b.span == span(n)
            {
                b.origin.init = value;
            }
            self.push_member(
                class,
                ClassMember {
                    name: MemberName::Ident(name),
                    kind: MemberKind::Property {
                        value,
                        type_annotation: type_annotation.clone(),
                        function: None,
                    },
                    is_static: mods.is_static || mods.is_const || in_interface,
                    visibility: mods.visibility,
                    decorators: mods.decorators.clone(),
                    readonly: mods.is_readonly || mods.is_const,
                    optional: false,
                    span: span(d),
                },
            );
        }
    }

    /// The initialiser of a `variable_declarator` (`x = value`): its last named child after
    /// the name (the grammar gives it no field).
    pub(super) fn declarator_value<'t>(&self, d: Node<'t>) -> Option<Node<'t>> {
        let name = field(d, self.f.name);
        let has_eq = cst::kids(d)
            .iter()
            .any(|k| !k.is_named() && cst::kind_of(*k) == "=");
        if !has_eq {
            return None;
        }
        named(d)
            .into_iter()
            .rfind(|c| Some(*c) != name && cst::kind_of(*c) != "bracketed_argument_list")
    }

    /// `public string Name { get; set; } = "x";` is a property with its initial value;
    /// `public int P => x;` and `int P { get { return x; } }` are getters.
    fn property(&mut self, class: ClassId, node: Node<'_>, in_interface: bool) {
        let mods = self.modifiers(node);
        let name_node = field(node, self.f.name);
        let name = name_node
            .map(|n| self.text(n).to_owned())
            .unwrap_or_default();
        let type_annotation = field(node, self.f.type_).map(|t| self.annotation(t));
        let value_node = field(node, self.f.value);
        let getter_body = match value_node {
            Some(v) if cst::kind_of(v) == "arrow_expression_clause" => Some(v),
            _ => field(node, self.f.accessors).and_then(|list| {
                named(list)
                    .into_iter()
                    .find(|a| field(*a, self.f.name).is_some_and(|n| self.text(n) == "get"))
                    .and_then(|a| field(a, self.f.body))
            }),
        };
        if let Some(body_node) = getter_body {
            let function = self.function_shell(
                Some(name.clone()),
                FunctionKind::Getter,
                &mods,
                None,
                Some(class),
                node,
                name_node,
                in_interface,
            );
            let body = self.function_body(function, None, Some(body_node));
            if let Some(f) = self.m.functions.get_mut(function.index()) {
                f.body = body;
                f.return_type = type_annotation;
            }
            self.push_member(
                class,
                ClassMember {
                    name: MemberName::Ident(name),
                    kind: MemberKind::Getter { function },
                    is_static: mods.is_static,
                    visibility: mods.visibility,
                    decorators: mods.decorators,
                    readonly: false,
                    optional: false,
                    span: span(node),
                },
            );
            return;
        }
        let value = value_node.map(|v| self.expr(v));
        self.push_member(
            class,
            ClassMember {
                name: MemberName::Ident(name),
                kind: MemberKind::Property {
                    value,
                    type_annotation,
                    function: None,
                },
                is_static: mods.is_static,
                visibility: mods.visibility,
                decorators: mods.decorators,
                readonly: false,
                optional: false,
                span: span(node),
            },
        );
    }

    /// A function without its parameters and body yet.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn function_shell(
        &mut self,
        name: Option<String>,
        kind: FunctionKind,
        mods: &Modifiers,
        return_type: Option<TypeAnnotation>,
        class: Option<ClassId>,
        node: Node<'_>,
        name_node: Option<Node<'_>>,
        in_interface: bool,
    ) -> FuncId {
        self.m.push_function(Function {
            name,
            name_source: if name_node.is_some() {
                NameSource::Declared
            } else {
                NameSource::Anonymous
            },
            kind,
            params: Vec::new(),
            is_async: mods.is_async,
            is_generator: false,
            decorators: mods.decorators.clone(),
            body: FunctionBody::None,
            return_type,
            type_params: self.type_params(node),
            class,
            parent: self.func,
            is_static: mods.is_static,
            visibility: mods
                .visibility
                .or(in_interface.then_some(Visibility::Public)),
            doc_throws: Vec::new(),
            span: span(node),
            name_span: name_node.map(span),
        })
    }

    /// Lowers the parameters and the body of `function` inside its own scope: a block, an
    /// arrow clause (`=> expr`) or an expression (a lambda's body).
    pub(super) fn function_body(
        &mut self,
        function: FuncId,
        params: Option<Node<'_>>,
        body: Option<Node<'_>>,
    ) -> FunctionBody {
        self.function_body_with(function, params, body, None)
    }

    pub(super) fn function_body_with(
        &mut self,
        function: FuncId,
        params: Option<Node<'_>>,
        body: Option<Node<'_>>,
        initializer: Option<Node<'_>>,
    ) -> FunctionBody {
        let saved = self.func.replace(function);
        let body = self.scoped(|lw| {
            let params = match params {
                Some(p) if cst::kind_of(p) == "implicit_parameter" => lw.single_param(p, function),
                Some(p) if cst::kind_of(p) == "identifier" => lw.single_param(p, function),
                Some(p) => lw.params(p, function),
                None => Vec::new(),
            };
            if let Some(f) = lw.m.functions.get_mut(function.index()) {
                f.params = params;
            }
            let mut prefix = Vec::new();
            if let Some(init) = initializer {
                let expr = lw.constructor_initializer(init);
                prefix.push(lw.m.push_stmt(StmtKind::Expr { expr }, span(init)));
            }
            match body {
                Some(b) if cst::kind_of(b) == "block" => {
                    prefix.extend(lw.block(b));
                    FunctionBody::Block(prefix)
                }
                Some(b) if cst::kind_of(b) == "arrow_expression_clause" => {
                    let value = match named(b).first() {
                        Some(e) => lw.expr(*e),
                        None => lw.m.push_expr(ExprKind::Other, span(b)),
                    };
                    if prefix.is_empty() {
                        FunctionBody::Expr(value)
                    } else {
                        prefix
                            .push(lw.m.push_stmt(StmtKind::Return { value: Some(value) }, span(b)));
                        FunctionBody::Block(prefix)
                    }
                }
                Some(b) => FunctionBody::Expr(lw.expr(b)),
                None if !prefix.is_empty() => FunctionBody::Block(prefix),
                None => FunctionBody::None,
            }
        });
        self.func = saved;
        body
    }

    fn method(&mut self, class: ClassId, node: Node<'_>, in_interface: bool) {
        let kind = cst::kind_of(node);
        let mods = self.modifiers(node);
        let name_node = field(node, self.f.name);
        let name = name_node.map(|n| self.text(n).to_owned());
        let is_ctor = kind == "constructor_declaration";
        let return_type = if is_ctor {
            None
        } else {
            field(node, self.f.returns)
                .or_else(|| field(node, self.f.type_))
                .map(|t| self.annotation(t))
        };
        let function = self.function_shell(
            name.clone(),
            if is_ctor {
                FunctionKind::Constructor
            } else {
                FunctionKind::Method
            },
            &mods,
            return_type,
            Some(class),
            node,
            name_node,
            in_interface,
        );
        let body = self.function_body_with(
            function,
            field(node, self.f.parameters),
            field(node, self.f.body),
            cst::first_of_kind(node, "constructor_initializer"),
        );
        if let Some(f) = self.m.functions.get_mut(function.index()) {
            f.body = body;
        }
        let member_kind = if is_ctor {
            MemberKind::Constructor { function }
        } else {
            MemberKind::Method { function }
        };
        self.push_member(
            class,
            ClassMember {
                name: MemberName::Ident(name.unwrap_or_default()),
                kind: member_kind,
                is_static: mods.is_static,
                visibility: mods.visibility,
                decorators: mods.decorators,
                readonly: false,
                optional: false,
                span: span(node),
            },
        );
    }

    /// `: base(args)` / `: this(args)`: a call of `super` / `this`.
    fn constructor_initializer(&mut self, node: Node<'_>) -> ExprId {
        let is_base = cst::kids(node).iter().any(|k| cst::kind_of(*k) == "base");
        let callee = self.m.push_expr(
            if is_base {
                ExprKind::Super
            } else {
                ExprKind::This
            },
            span(node),
        );
        let args = self.args(cst::first_of_kind(node, "argument_list"));
        self.m.push_expr(
            ExprKind::Call {
                callee,
                args: args.into(),
                optional: false,
                is_new: false,
            },
            span(node),
        )
    }

    /// `([FromRoute] int id, [FromBody] Item item, params string[] rest)`; the names bind in
    /// the current frame. A default value is kept.
    pub(super) fn params(&mut self, node: Node<'_>, function: FuncId) -> Vec<Param> {
        let mut out = Vec::new();
        for p in named(node) {
            let kind = cst::kind_of(p);
            if !matches!(kind, "parameter" | "implicit_parameter" | "identifier") {
                continue;
            }
            if kind != "parameter" {
                out.extend(self.single_param(p, function));
                continue;
            }
            let mods = self.modifiers(p);
            let Some(name_node) = field(p, self.f.name) else {
                continue;
            };
            let name = self.text(name_node).to_owned();
            let index = u32::try_from(out.len()).unwrap_or(u32::MAX);
            let default = named(p)
                .into_iter()
                .rfind(|c| {
                    Some(*c) != field(p, self.f.name)
                        && Some(*c) != field(p, self.f.type_)
                        && !matches!(cst::kind_of(*c), "attribute_list" | "modifier")
                })
                .map(|d| self.expr(d));
            let binding = self.declare(
                &name,
                BindingKind::Param { function, index },
                BindingOrigin::none(),
                span(name_node),
            );
            let pattern = self.m.push_pattern(
                PatternKind::Ident {
                    name: name.into(),
                    binding: Some(binding),
                },
                span(name_node),
            );
            let is_params = cst::kids(p)
                .iter()
                .any(|k| cst::kind_of(*k) == "modifier" && self.text(*k) == "params");
            out.push(Param {
                pattern,
                default,
                kind: if is_params {
                    ParamKind::Rest
                } else {
                    ParamKind::Normal
                },
                type_annotation: field(p, self.f.type_).map(|t| self.annotation(t)),
                decorators: mods.decorators.into(),
                property_visibility: None,
                optional: false,
                span: span(p),
            });
        }
        out
    }

    pub(super) fn single_param(&mut self, node: Node<'_>, function: FuncId) -> Vec<Param> {
        let name = self.text(node).to_owned();
        let binding = self.declare(
            &name,
            BindingKind::Param { function, index: 0 },
            BindingOrigin::none(),
            span(node),
        );
        let pattern = self.m.push_pattern(
            PatternKind::Ident {
                name: name.into(),
                binding: Some(binding),
            },
            span(node),
        );
        vec![Param {
            pattern,
            default: None,
            kind: ParamKind::Normal,
            type_annotation: None,
            decorators: Box::default(),
            property_visibility: None,
            optional: false,
            span: span(node),
        }]
    }

    /// The modifiers and attributes of a declaration.
    pub(super) fn modifiers(&mut self, node: Node<'_>) -> Modifiers {
        let mut out = Modifiers::default();
        let mut attributes = Vec::new();
        for c in named(node) {
            match cst::kind_of(c) {
                "modifier" => match self.text(c) {
                    "static" => out.is_static = true,
                    "abstract" => out.is_abstract = true,
                    "readonly" => out.is_readonly = true,
                    "const" => out.is_const = true,
                    "async" => out.is_async = true,
                    "public" | "internal" => out.visibility = Some(Visibility::Public),
                    "protected" => out.visibility = Some(Visibility::Protected),
                    "private" => out.visibility = Some(Visibility::Private),
                    _ => {}
                },
                "attribute_list" => {
                    // `[return: X]` and `[assembly: X]` say nothing about the declaration.
                    if cst::first_of_kind(c, "attribute_target_specifier").is_some() {
                        continue;
                    }
                    attributes.extend(
                        named(c)
                            .into_iter()
                            .filter(|a| cst::kind_of(*a) == "attribute"),
                    );
                }
                _ => {}
            }
        }
        for a in attributes {
            let d = self.decorator(a);
            out.decorators.push(d);
        }
        out
    }

    /// One attribute as a decorator: the name, or a call of the name with the arguments.
    fn decorator(&mut self, node: Node<'_>) -> Decorator {
        let name_node = field(node, self.f.name);
        let callee = match name_node {
            Some(n) => self.name_expr(n),
            None => self.m.push_expr(ExprKind::Other, span(node)),
        };
        let name = name_node.map(|n| dotted(self.text(n))).unwrap_or_default();
        let args_node = cst::first_of_kind(node, "attribute_argument_list");
        let (expr, args) = match args_node {
            Some(list) => {
                let mut args = Vec::new();
                for a in named(list) {
                    if cst::kind_of(a) != "attribute_argument" {
                        continue;
                    }
                    let key = field(a, self.f.name).map(|k| self.text(k).to_owned());
                    let Some(v) = named(a)
                        .into_iter()
                        .rfind(|c| Some(*c) != field(a, self.f.name))
                    else {
                        continue;
                    };
                    let value = self.expr(v);
                    args.push(Arg {
                        name: key.map(Name::from),
                        value,
                        spread: false,
                        keyword_spread: false,
                    });
                }
                let call = self.m.push_expr(
                    ExprKind::Call {
                        callee,
                        args: args.clone().into(),
                        optional: false,
                        is_new: false,
                    },
                    span(node),
                );
                (call, args)
            }
            None => (callee, Vec::new()),
        };
        let raw = self.text(node).trim().to_owned();
        Decorator {
            name,
            expr,
            args,
            raw,
            span: span(node),
        }
    }

    /// A dotted name (`A.B.C`, `global::A.B`) as an identifier or member chain, resolved at
    /// its head; a generic name (`List<T>`) is its bare name.
    pub(super) fn name_expr(&mut self, node: Node<'_>) -> ExprId {
        match cst::kind_of(node) {
            "qualified_name" => {
                let qualifier = field(node, self.f.qualifier);
                let last = field(node, self.f.name);
                match (qualifier, last) {
                    (Some(q), Some(l)) => {
                        let object = self.name_expr(q);
                        let name = self.generic_base(l);
                        self.m.push_expr(
                            ExprKind::Member {
                                object,
                                property: MemberProp::Name(name.into()),
                                optional: false,
                            },
                            span(node),
                        )
                    }
                    _ => self.m.push_expr(ExprKind::Other, span(node)),
                }
            }
            "alias_qualified_name" => match field(node, self.f.name) {
                Some(n) => self.name_expr(n),
                None => self.m.push_expr(ExprKind::Other, span(node)),
            },
            "generic_name" | "identifier" => {
                let name = self.generic_base(node);
                let binding = self.lookup(&name);
                self.m.push_expr(
                    ExprKind::Ident {
                        name: name.into(),
                        binding,
                    },
                    span(node),
                )
            }
            "nullable_type" | "array_type" => match field(node, self.f.type_) {
                Some(t) => self.name_expr(t),
                None => self.m.push_expr(ExprKind::Other, span(node)),
            },
            "predefined_type" => {
                let name = self.text(node).to_owned();
                self.m.push_expr(
                    ExprKind::Ident {
                        name: name.into(),
                        binding: None,
                    },
                    span(node),
                )
            }
            _ => self.m.push_expr(ExprKind::Other, span(node)),
        }
    }

    /// The name of an identifier or a generic name without its type arguments.
    pub(super) fn generic_base(&self, node: Node<'_>) -> String {
        match cst::kind_of(node) {
            "generic_name" => named(node)
                .into_iter()
                .find(|c| cst::kind_of(*c) == "identifier")
                .map(|c| self.text(c).to_owned())
                .unwrap_or_default(),
            _ => self.text(node).to_owned(),
        }
    }

    /// A type written where an expression is wanted (`: Base`): its name.
    pub(super) fn type_expr(&mut self, node: Node<'_>) -> ExprId {
        self.name_expr(node)
    }

    fn type_params(&self, node: Node<'_>) -> Vec<String> {
        field(node, self.f.type_parameters)
            .or_else(|| cst::first_of_kind(node, "type_parameter_list"))
            .map(|tp| {
                named(tp)
                    .into_iter()
                    .map(|p| collapse_whitespace(self.text(p)))
                    .collect()
            })
            .unwrap_or_default()
    }

    pub(super) fn annotation(&self, node: Node<'_>) -> TypeAnnotation {
        TypeAnnotation {
            text: collapse_whitespace(self.text(node)).into(),
            shape: self.type_ref(node, 0),
            span: span(node),
        }
    }

    fn type_ref(&self, node: Node<'_>, depth: u32) -> TypeRef {
        if depth > 64 {
            return TypeRef::Unknown;
        }
        match cst::kind_of(node) {
            "predefined_type" => TypeRef::Keyword {
                name: self.text(node).into(),
            },
            "identifier" | "qualified_name" => {
                let name = dotted(self.text(node));
                if PRIMITIVES.contains(&name.as_str()) {
                    TypeRef::Keyword { name: name.into() }
                } else {
                    TypeRef::Named {
                        name: name.into(),
                        args: Box::default(),
                    }
                }
            }
            "generic_name" => {
                let name = self.generic_base(node);
                let args = cst::first_of_kind(node, "type_argument_list")
                    .map(|a| {
                        named(a)
                            .into_iter()
                            .map(|t| self.type_ref(t, depth + 1))
                            .collect()
                    })
                    .unwrap_or_default();
                TypeRef::Named {
                    name: name.into(),
                    args,
                }
            }
            "array_type" => match field(node, self.f.type_) {
                Some(element) => TypeRef::Array {
                    items: Box::new(self.type_ref(element, depth + 1)),
                },
                None => TypeRef::Unknown,
            },
            "nullable_type" => field(node, self.f.type_)
                .or_else(|| named(node).first().copied())
                .map_or(TypeRef::Unknown, |t| self.type_ref(t, depth + 1)),
            _ => TypeRef::Unknown,
        }
    }
}

/// A dotted name without whitespace (`A . B` → `A.B`; `global::A.B` → `A.B`).
pub(super) fn dotted(text: &str) -> String {
    let s: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    match s.strip_prefix("global::") {
        Some(rest) => rest.to_owned(),
        None => s,
    }
}
