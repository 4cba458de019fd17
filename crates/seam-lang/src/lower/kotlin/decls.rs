//! The file's declarations: package, imports, classes, objects, functions, properties,
//! constructors, annotations and types.
use super::cst::{self, first_of_kind, kids, named, span};
use super::{ClassScope, Lowerer};
use crate::model::*;
use tree_sitter::Node;

/// Modifiers read off a `modifiers` node.
#[derive(Default)]
pub(super) struct Modifiers {
    pub decorators: Vec<Decorator>,
    pub is_abstract: bool,
    pub is_data: bool,
    pub is_const: bool,
    pub is_suspend: bool,
    pub is_vararg: bool,
    pub visibility: Option<Visibility>,
}

/// Whether a member is written in a class body, an object body or a companion object.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Owner {
    Class,
    Interface,
    /// `object X` and `companion object`: every member is static.
    Object,
}

impl<'s> Lowerer<'s> {
    /// The whole file: imports first (they bind names), then every declaration's name, then
    /// bodies, in source order.
    pub(super) fn program(&mut self, root: Node<'_>) {
        let children = named(root);
        for c in &children {
            match cst::kind_of(*c) {
                "package_header" => {
                    self.m.package = first_of_kind(*c, "identifier").map(|i| self.dotted(i));
                }
                "import_list" => {
                    for h in named(*c) {
                        if cst::kind_of(h) == "import_header" {
                            let stmt = self.import(h);
                            self.m.body.push(stmt);
                        }
                    }
                }
                "import_header" => {
                    let stmt = self.import(*c);
                    self.m.body.push(stmt);
                }
                _ => {}
            }
        }
        for c in &children {
            self.predeclare(*c);
        }
        for c in children {
            match cst::kind_of(c) {
                "package_header" | "import_list" | "import_header" | "file_annotation" => {}
                _ => {
                    let before = self.m.body.len();
                    let mut out = Vec::new();
                    self.stmt(c, &mut out);
                    self.m.body.extend(out);
                    let added: Vec<StmtId> = self.m.body[before..].to_vec();
                    for stmt in added {
                        self.export_decl(stmt);
                    }
                }
            }
        }
    }

    /// Binds the names of top-level declarations before any body is lowered, so a use
    /// before the declaration resolves.
    fn predeclare(&mut self, node: Node<'_>) {
        let name = match cst::kind_of(node) {
            "class_declaration" | "object_declaration" | "type_alias" => {
                first_of_kind(node, "type_identifier").map(|n| (self.text(n).to_owned(), n))
            }
            "function_declaration" => {
                first_of_kind(node, "simple_identifier").map(|n| (self.text(n).to_owned(), n))
            }
            _ => None,
        };
        if let Some((name, n)) = name
            && !self.module.contains_key(&name)
        {
            // The binding's kind is fixed once the declaration is lowered.
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

    fn export_decl(&mut self, stmt: StmtId) {
        let span = self.m.stmt(stmt).span;
        let targets: Vec<(String, ExportTarget)> = match &self.m.stmt(stmt).kind {
            StmtKind::ClassDecl { class } => self
                .m
                .class(*class)
                .name
                .clone()
                .map(|n| (n, ExportTarget::Class(*class)))
                .into_iter()
                .collect(),
            StmtKind::TypeDecl { decl } => {
                vec![(
                    self.m.type_decl(*decl).name.clone(),
                    ExportTarget::TypeDecl(*decl),
                )]
            }
            StmtKind::FunctionDecl { function } => self
                .m
                .function(*function)
                .name
                .clone()
                .map(|n| (n, ExportTarget::Function(*function)))
                .into_iter()
                .collect(),
            StmtKind::VarDecl { declarators, .. } => declarators
                .iter()
                .filter_map(|d| match &self.m.pattern(d.pattern).kind {
                    PatternKind::Ident {
                        name,
                        binding: Some(b),
                    } => Some((name.to_string(), ExportTarget::Binding(*b))),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        };
        for (name, target) in targets {
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

    /// `a.b.c` of an `identifier` node (its `simple_identifier` parts).
    fn dotted(&self, node: Node<'_>) -> String {
        let parts: Vec<&str> = named(node).into_iter().map(|p| self.text(p)).collect();
        if parts.is_empty() {
            self.text(node).to_owned()
        } else {
            parts.join(".")
        }
    }

    /// `import a.b.User`, `import a.b.User as U`, `import a.b.*`.
    fn import(&mut self, node: Node<'_>) -> StmtId {
        let dotted = first_of_kind(node, "identifier")
            .map(|i| self.dotted(i))
            .unwrap_or_default();
        let wildcard = first_of_kind(node, "wildcard_import").is_some();
        let alias = first_of_kind(node, "import_alias")
            .and_then(|a| named(a).into_iter().next())
            .map(|a| (self.text(a).to_owned(), span(a)));
        let index = u32::try_from(self.m.imports.len()).unwrap_or(u32::MAX);
        let names = if wildcard {
            vec![ImportedName {
                imported: ImportedItem::All,
                local: "*".to_owned(),
                binding: None,
                type_only: false,
                span: span(node),
                resolved: None,
            }]
        } else {
            let last = dotted.rsplit('.').next().unwrap_or_default().to_owned();
            let (local, at) = match alias {
                Some((a, at)) => (a, at),
                None => (
                    last.clone(),
                    first_of_kind(node, "identifier")
                        .and_then(|i| named(i).last().copied())
                        .map_or(span(node), span),
                ),
            };
            let binding = self.declare(
                &local,
                BindingKind::Import {
                    import: index,
                    name: 0,
                },
                BindingOrigin::none(),
                at,
            );
            vec![ImportedName {
                imported: ImportedItem::Named(last),
                local,
                binding: Some(binding),
                type_only: false,
                span: at,
                resolved: None,
            }]
        };
        self.m.imports.push(Import {
            specifier: dotted,
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

    /// Gives a predeclared name its binding kind (or declares it, for a local declaration).
    fn bind_decl(&mut self, name: &str, kind: BindingKind, at: Span) {
        if self.frames.is_empty()
            && self.classes.is_empty()
            && let Some(id) = self.module.get(name).copied()
            && let Some(b) = self.m.bindings.get_mut(id.index())
            && matches!(b.kind, BindingKind::Assigned)
        {
            b.kind = kind;
            return;
        }
        if !self.frames.is_empty() {
            self.declare(name, kind, BindingOrigin::none(), at);
        }
    }

    /// A class, interface, data class, enum class or object, as a statement.
    pub(super) fn type_declaration(&mut self, node: Node<'_>) -> StmtId {
        if cst::has_token(node, "enum") {
            return self.enum_declaration(node);
        }
        let class = self.class_declaration(node);
        self.m.push_stmt(StmtKind::ClassDecl { class }, span(node))
    }

    fn enum_declaration(&mut self, node: Node<'_>) -> StmtId {
        let name_node = first_of_kind(node, "type_identifier");
        let name = name_node
            .map(|n| self.text(n).to_owned())
            .unwrap_or_default();
        let members = first_of_kind(node, "enum_class_body")
            .map(|body| {
                named(body)
                    .into_iter()
                    .filter(|e| cst::kind_of(*e) == "enum_entry")
                    .filter_map(|e| first_of_kind(e, "simple_identifier"))
                    .map(|n| self.text(n).to_owned())
                    .collect()
            })
            .unwrap_or_default();
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
        self.bind_decl(&name, BindingKind::TypeDecl { decl }, span(node));
        self.m.push_stmt(StmtKind::TypeDecl { decl }, span(node))
    }

    pub(super) fn class_declaration(&mut self, node: Node<'_>) -> ClassId {
        let mods = self.modifiers(node);
        let is_interface = cst::has_token(node, "interface");
        let is_object = cst::kind_of(node) == "object_declaration";
        let name_node = first_of_kind(node, "type_identifier");
        let name = name_node.map(|n| self.text(n).to_owned());
        let (extends, implements) = self.supertypes(node, is_interface);
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
            self.bind_decl(n, BindingKind::Class { class }, span(node));
        }
        let owner = if is_object {
            Owner::Object
        } else if is_interface {
            Owner::Interface
        } else {
            Owner::Class
        };
        self.class_body(class, node, owner);
        class
    }

    /// The primary constructor and the body of a class or object.
    pub(super) fn class_body(&mut self, class: ClassId, node: Node<'_>, owner: Owner) {
        let ctor = first_of_kind(node, "primary_constructor");
        let body = first_of_kind(node, "class_body");
        let scope = self.class_scope(ctor, body);
        // A class body is its own world: an enclosing function's locals are still visible
        // (captured), so the frames stay.
        self.classes.push((class, scope));
        if let Some(ctor) = ctor {
            self.primary_constructor(class, ctor);
        }
        if let Some(body) = body {
            for member in named(body) {
                self.member(class, member, owner);
            }
        }
        self.classes.pop();
    }

    /// `: Base(x), Iface, Other by delegate` — a constructor call names the superclass.
    fn supertypes(&mut self, node: Node<'_>, is_interface: bool) -> (Vec<ExprId>, Vec<String>) {
        let mut extends = Vec::new();
        let mut implements = Vec::new();
        for d in named(node) {
            if cst::kind_of(d) != "delegation_specifier" {
                continue;
            }
            let Some(inner) = named(d).into_iter().next() else {
                continue;
            };
            match cst::kind_of(inner) {
                "constructor_invocation" => {
                    if let Some(t) = first_of_kind(inner, "user_type") {
                        extends.push(self.type_expr(t));
                    }
                }
                "user_type" if is_interface => extends.push(self.type_expr(inner)),
                "explicit_delegation" => {
                    if let Some(t) = first_of_kind(inner, "user_type") {
                        implements.push(collapse_whitespace(self.text(t)));
                    }
                }
                _ => implements.push(collapse_whitespace(self.text(inner))),
            }
        }
        (extends, implements)
    }

    /// The property, method and constant names a class declares (with its companion's).
    fn class_scope(&mut self, ctor: Option<Node<'_>>, body: Option<Node<'_>>) -> ClassScope {
        let mut scope = ClassScope::default();
        if let Some(ctor) = ctor {
            for p in named(ctor) {
                if cst::kind_of(p) == "class_parameter"
                    && first_of_kind(p, "binding_pattern_kind").is_some()
                    && let Some(n) = first_of_kind(p, "simple_identifier")
                {
                    scope.fields.push(self.text(n).to_owned());
                }
            }
        }
        let mut members: Vec<Node<'_>> = body.map(named).unwrap_or_default();
        let companions: Vec<Node<'_>> = members
            .iter()
            .filter(|m| cst::kind_of(**m) == "companion_object")
            .filter_map(|m| first_of_kind(*m, "class_body"))
            .collect();
        for c in companions {
            members.extend(named(c));
        }
        for member in members {
            match cst::kind_of(member) {
                "property_declaration" => {
                    let is_const = first_of_kind(member, "modifiers").is_some_and(|m| {
                        cst::text(self.src, m)
                            .split_whitespace()
                            .any(|w| w == "const")
                    });
                    let Some(n) = first_of_kind(member, "variable_declaration")
                        .and_then(|v| first_of_kind(v, "simple_identifier"))
                    else {
                        continue;
                    };
                    let name = self.text(n).to_owned();
                    if is_const {
                        // The value is filled in when the property is lowered.
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
                        scope.constants.push((name, id));
                    } else {
                        scope.fields.push(name);
                    }
                }
                "function_declaration" => {
                    if let Some(n) = first_of_kind(member, "simple_identifier") {
                        scope.methods.push(self.text(n).to_owned());
                    }
                }
                _ => {}
            }
        }
        scope
    }

    /// `class C(private val users: UserService, id: Long)`: a constructor named after the
    /// class; a `val`/`var` parameter is also a property.
    fn primary_constructor(&mut self, class: ClassId, node: Node<'_>) {
        let name = self.m.class(class).name.clone();
        let mods = self.modifiers(node);
        let function = self.m.push_function(Function {
            name: name.clone(),
            name_source: NameSource::Declared,
            kind: FunctionKind::Constructor,
            params: Vec::new(),
            is_async: false,
            is_generator: false,
            decorators: mods.decorators.clone(),
            body: FunctionBody::Block(Vec::new()),
            return_type: None,
            type_params: Vec::new(),
            class: Some(class),
            parent: self.func,
            is_static: false,
            visibility: mods.visibility,
            doc_throws: Vec::new(),
            span: span(node),
            name_span: None,
        });
        let saved = self.func.replace(function);
        let mut properties = Vec::new();
        let params = self.scoped(|lw| {
            let mut params = Vec::new();
            for p in named(node) {
                if cst::kind_of(p) != "class_parameter" {
                    continue;
                }
                let Some(n) = first_of_kind(p, "simple_identifier") else {
                    continue;
                };
                let pmods = lw.modifiers(p);
                let kind = first_of_kind(p, "binding_pattern_kind").map(|k| lw.text(k));
                let type_node = named(p).into_iter().find(|c| is_type(*c));
                let type_annotation = type_node.map(|t| lw.annotation(t));
                let default = default_value(p).map(|d| lw.expr(d));
                let pname = lw.text(n).to_owned();
                let index = u32::try_from(params.len()).unwrap_or(u32::MAX);
                let binding = lw.declare(
                    &pname,
                    BindingKind::Param { function, index },
                    BindingOrigin::none(),
                    span(n),
                );
                let pattern = lw.m.push_pattern(
                    PatternKind::Ident {
                        name: pname.as_str().into(),
                        binding: Some(binding),
                    },
                    span(n),
                );
                let property_visibility =
                    kind.map(|_| pmods.visibility.unwrap_or(Visibility::Public));
                if let Some(kind) = kind {
                    properties.push(ClassMember {
                        name: MemberName::Ident(pname),
                        kind: MemberKind::Property {
                            value: None,
                            type_annotation: type_annotation.clone(),
                            function: None,
                        },
                        is_static: false,
                        visibility: pmods.visibility,
                        decorators: pmods.decorators.clone(),
                        readonly: kind == "val",
                        optional: false,
                        span: span(p),
                    });
                }
                params.push(Param {
                    pattern,
                    default,
                    kind: ParamKind::Normal,
                    type_annotation,
                    decorators: pmods.decorators.into(),
                    property_visibility,
                    optional: false,
                    span: span(p),
                });
            }
            params
        });
        self.func = saved;
        if let Some(f) = self.m.functions.get_mut(function.index()) {
            f.params = params;
        }
        for p in properties {
            self.push_member(class, p);
        }
        self.push_member(
            class,
            ClassMember {
                name: MemberName::Ident(name.unwrap_or_default()),
                kind: MemberKind::Constructor { function },
                is_static: false,
                visibility: mods.visibility,
                decorators: mods.decorators,
                readonly: false,
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

    fn member(&mut self, class: ClassId, node: Node<'_>, owner: Owner) {
        let is_static = owner == Owner::Object;
        match cst::kind_of(node) {
            "function_declaration" => {
                let function = self.function(node, Some(class), is_static, owner);
                let f = self.m.function(function);
                let member = ClassMember {
                    name: MemberName::Ident(f.name.clone().unwrap_or_default()),
                    kind: MemberKind::Method { function },
                    is_static,
                    visibility: f.visibility,
                    decorators: f.decorators.clone(),
                    readonly: false,
                    optional: false,
                    span: span(node),
                };
                self.push_member(class, member);
            }
            "secondary_constructor" => self.secondary_constructor(class, node),
            "property_declaration" => self.property_member(class, node, is_static),
            "companion_object" => {
                if let Some(body) = first_of_kind(node, "class_body") {
                    for m in named(body) {
                        self.member(class, m, Owner::Object);
                    }
                }
            }
            "class_declaration" | "object_declaration" => {
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
            // `init { … }` blocks and anything else: a nameless member.
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

    fn property_member(&mut self, class: ClassId, node: Node<'_>, is_static: bool) {
        let mods = self.modifiers(node);
        let Some(var) = first_of_kind(node, "variable_declaration") else {
            return;
        };
        let Some(n) = first_of_kind(var, "simple_identifier") else {
            return;
        };
        let type_annotation = named(var)
            .into_iter()
            .find(|c| is_type(*c))
            .map(|t| self.annotation(t));
        let value = initializer(node).map(|v| self.expr(v));
        let name = self.text(n).to_owned();
        if let Some(binding) = self.constant(&name)
            && let Some(b) = self.m.bindings.get_mut(binding.index())
            && b.span == span(n)
        {
            b.origin.init = value;
        }
        let readonly =
            first_of_kind(node, "binding_pattern_kind").is_some_and(|k| self.text(k) == "val");
        self.push_member(
            class,
            ClassMember {
                name: MemberName::Ident(name),
                kind: MemberKind::Property {
                    value,
                    type_annotation,
                    function: None,
                },
                is_static: is_static || mods.is_const,
                visibility: mods.visibility,
                decorators: mods.decorators,
                readonly,
                optional: false,
                span: span(node),
            },
        );
    }

    fn secondary_constructor(&mut self, class: ClassId, node: Node<'_>) {
        let mods = self.modifiers(node);
        let name = self.m.class(class).name.clone();
        let function = self.m.push_function(Function {
            name: name.clone(),
            name_source: NameSource::Declared,
            kind: FunctionKind::Constructor,
            params: Vec::new(),
            is_async: false,
            is_generator: false,
            decorators: mods.decorators.clone(),
            body: FunctionBody::None,
            return_type: None,
            type_params: Vec::new(),
            class: Some(class),
            parent: self.func,
            is_static: false,
            visibility: mods.visibility,
            doc_throws: Vec::new(),
            span: span(node),
            name_span: None,
        });
        let saved = self.func.replace(function);
        let (params, body) = self.scoped(|lw| {
            let params = first_of_kind(node, "function_value_parameters")
                .map(|p| lw.params(p, function))
                .unwrap_or_default();
            let mut body = Vec::new();
            if let Some(d) = first_of_kind(node, "constructor_delegation_call") {
                let e = lw.delegation_call(d);
                body.push(lw.m.push_stmt(StmtKind::Expr { expr: e }, span(d)));
            }
            if let Some(s) = first_of_kind(node, "statements") {
                body.extend(lw.statements(s));
            }
            (params, body)
        });
        self.func = saved;
        if let Some(f) = self.m.functions.get_mut(function.index()) {
            f.params = params;
            f.body = FunctionBody::Block(body);
        }
        self.push_member(
            class,
            ClassMember {
                name: MemberName::Ident(name.unwrap_or_default()),
                kind: MemberKind::Constructor { function },
                is_static: false,
                visibility: mods.visibility,
                decorators: mods.decorators,
                readonly: false,
                optional: false,
                span: span(node),
            },
        );
    }

    /// `: this(…)` / `: super(…)` of a secondary constructor.
    fn delegation_call(&mut self, node: Node<'_>) -> ExprId {
        let callee_kind = if cst::has_token(node, "super") {
            ExprKind::Super
        } else {
            ExprKind::This
        };
        let callee = self.m.push_expr(callee_kind, span(node));
        let args = first_of_kind(node, "value_arguments")
            .map(|a| self.value_arguments(a))
            .unwrap_or_default();
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

    /// A function declaration: top-level, member, local or extension.
    pub(super) fn function(
        &mut self,
        node: Node<'_>,
        class: Option<ClassId>,
        is_static: bool,
        owner: Owner,
    ) -> FuncId {
        let mods = self.modifiers(node);
        let name_node = first_of_kind(node, "simple_identifier");
        let name = name_node.map(|n| self.text(n).to_owned());
        let return_type = return_type(node).map(|t| self.annotation(t));
        let body_node = first_of_kind(node, "function_body");
        let function = self.m.push_function(Function {
            name: name.clone(),
            name_source: NameSource::Declared,
            kind: if class.is_some() {
                FunctionKind::Method
            } else {
                FunctionKind::Declaration
            },
            params: Vec::new(),
            is_async: mods.is_suspend,
            is_generator: false,
            decorators: mods.decorators.clone(),
            body: FunctionBody::None,
            return_type,
            type_params: self.type_params(node),
            class,
            parent: self.func,
            is_static,
            visibility: mods
                .visibility
                .or((owner == Owner::Interface).then_some(Visibility::Public)),
            doc_throws: Vec::new(),
            span: span(node),
            name_span: name_node.map(span),
        });
        if class.is_none()
            && let Some(n) = &name
        {
            self.bind_decl(n, BindingKind::Function { function }, span(node));
        }
        let saved = self.func.replace(function);
        let (params, body) = self.scoped(|lw| {
            let params = first_of_kind(node, "function_value_parameters")
                .map(|p| lw.params(p, function))
                .unwrap_or_default();
            let body = body_node.map(|b| lw.function_body(b));
            (params, body)
        });
        self.func = saved;
        if let Some(f) = self.m.functions.get_mut(function.index()) {
            f.params = params;
            if let Some(body) = body {
                f.body = FunctionBody::Block(body);
            }
        }
        function
    }

    /// `{ statements }` or `= expression` (a block returning the value).
    pub(super) fn function_body(&mut self, node: Node<'_>) -> Vec<StmtId> {
        if cst::has_token(node, "=") {
            let mut out = Vec::new();
            if let Some(e) = named(node).into_iter().next() {
                self.returned(e, &mut out);
            }
            return out;
        }
        match first_of_kind(node, "statements") {
            Some(s) => self.statements(s),
            None => Vec::new(),
        }
    }

    /// `(@PathVariable id: Long, vararg xs: String, page: Int = 0)`: modifiers and defaults
    /// are siblings of each `parameter`; the names bind in the current frame.
    pub(super) fn params(&mut self, node: Node<'_>, function: FuncId) -> Vec<Param> {
        let mut out = Vec::new();
        let mut pending_mods: Option<Node<'_>> = None;
        let children = kids(node);
        let mut i = 0;
        while i < children.len() {
            let c = children[i];
            i += 1;
            match cst::kind_of(c) {
                "parameter_modifiers" => pending_mods = Some(c),
                "parameter" => {
                    let mods = match pending_mods.take() {
                        Some(m) => self.modifier_list(m),
                        None => Modifiers::default(),
                    };
                    // A default follows as `=` then the expression.
                    let default = if children.get(i).is_some_and(|n| cst::kind_of(*n) == "=") {
                        let d = children.get(i + 1).copied();
                        i += 2;
                        d
                    } else {
                        None
                    };
                    let default = default.map(|d| self.expr(d));
                    let Some(n) = first_of_kind(c, "simple_identifier") else {
                        continue;
                    };
                    let type_annotation = named(c)
                        .into_iter()
                        .find(|t| is_type(*t))
                        .map(|t| self.annotation(t));
                    let name = self.text(n).to_owned();
                    let index = u32::try_from(out.len()).unwrap_or(u32::MAX);
                    let binding = self.declare(
                        &name,
                        BindingKind::Param { function, index },
                        BindingOrigin::none(),
                        span(n),
                    );
                    let pattern = self.m.push_pattern(
                        PatternKind::Ident {
                            name: name.into(),
                            binding: Some(binding),
                        },
                        span(n),
                    );
                    out.push(Param {
                        pattern,
                        default,
                        kind: if mods.is_vararg {
                            ParamKind::Rest
                        } else {
                            ParamKind::Normal
                        },
                        type_annotation,
                        decorators: mods.decorators.into(),
                        property_visibility: None,
                        optional: false,
                        span: span(c),
                    });
                }
                _ => {}
            }
        }
        out
    }

    /// The `modifiers` child of a declaration: annotations and keywords.
    pub(super) fn modifiers(&mut self, node: Node<'_>) -> Modifiers {
        match first_of_kind(node, "modifiers") {
            Some(m) => self.modifier_list(m),
            None => Modifiers::default(),
        }
    }

    /// The annotations and keywords of a `modifiers` or `parameter_modifiers` node.
    fn modifier_list(&mut self, node: Node<'_>) -> Modifiers {
        let mut out = Modifiers::default();
        for c in named(node) {
            match cst::kind_of(c) {
                "annotation" => {
                    if let Some(d) = self.decorator(c) {
                        out.decorators.push(d);
                    }
                }
                "visibility_modifier" => {
                    out.visibility = match self.text(c) {
                        "public" => Some(Visibility::Public),
                        "protected" => Some(Visibility::Protected),
                        "private" => Some(Visibility::Private),
                        _ => None,
                    }
                }
                "inheritance_modifier" => out.is_abstract |= self.text(c) == "abstract",
                "class_modifier" => out.is_data |= self.text(c) == "data",
                "property_modifier" => out.is_const |= self.text(c) == "const",
                "function_modifier" => out.is_suspend |= self.text(c) == "suspend",
                // `vararg` reads as a rest parameter.
                "parameter_modifier" => out.is_vararg |= self.text(c) == "vararg",
                _ => {}
            }
        }
        out
    }

    /// One annotation as a decorator: the name, or a call of the name with the arguments.
    fn decorator(&mut self, node: Node<'_>) -> Option<Decorator> {
        let target = named(node)
            .into_iter()
            .find(|c| matches!(cst::kind_of(*c), "user_type" | "constructor_invocation"))?;
        let (type_node, args_node) = if cst::kind_of(target) == "constructor_invocation" {
            (
                first_of_kind(target, "user_type"),
                first_of_kind(target, "value_arguments"),
            )
        } else {
            (Some(target), None)
        };
        let type_node = type_node?;
        let callee = self.type_expr(type_node);
        let name = self.type_name(type_node);
        let (expr, args) = match args_node {
            Some(list) => {
                let args = self.value_arguments(list);
                let call = self.m.push_expr(
                    ExprKind::Call {
                        callee,
                        args: args.clone().into(),
                        optional: false,
                        is_new: false,
                    },
                    span(target),
                );
                (call, args)
            }
            None => (callee, Vec::new()),
        };
        let raw = self.text(target).trim().to_owned();
        Some(Decorator {
            name,
            expr,
            args,
            raw,
            span: span(node),
        })
    }

    /// A `user_type`'s dotted name without type arguments (`a.b.C`).
    fn type_name(&self, node: Node<'_>) -> String {
        named(node)
            .into_iter()
            .filter(|p| cst::kind_of(*p) == "type_identifier")
            .map(|p| self.text(p))
            .collect::<Vec<_>>()
            .join(".")
    }

    /// A type written where an expression is wanted (`: Base()`, an annotation's name):
    /// an identifier or member chain, resolved at its head.
    pub(super) fn type_expr(&mut self, node: Node<'_>) -> ExprId {
        let parts: Vec<Node<'_>> = named(node)
            .into_iter()
            .filter(|p| cst::kind_of(*p) == "type_identifier")
            .collect();
        let Some(first) = parts.first() else {
            let name = self.text(node).to_owned();
            let binding = self.lookup(&name);
            return self.m.push_expr(
                ExprKind::Ident {
                    name: name.into(),
                    binding,
                },
                span(node),
            );
        };
        let name = self.text(*first).to_owned();
        let binding = self.lookup(&name);
        let mut expr = self.m.push_expr(
            ExprKind::Ident {
                name: name.into(),
                binding,
            },
            span(*first),
        );
        for p in &parts[1..] {
            let name = self.text(*p).to_owned();
            expr = self.m.push_expr(
                ExprKind::Member {
                    object: expr,
                    property: MemberProp::Name(name.into()),
                    optional: false,
                },
                Span::new(span(*first).start, span(*p).end),
            );
        }
        expr
    }

    fn type_params(&self, node: Node<'_>) -> Vec<String> {
        first_of_kind(node, "type_parameters")
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
            "user_type" => {
                let name = self.type_name(node);
                let args: Vec<TypeRef> = first_of_kind(node, "type_arguments")
                    .map(|a| {
                        named(a)
                            .into_iter()
                            .filter_map(|p| named(p).into_iter().rfind(|t| is_type(*t)))
                            .map(|t| self.type_ref(t, depth + 1))
                            .collect()
                    })
                    .unwrap_or_default();
                match name.as_str() {
                    "String" | "Int" | "Long" | "Short" | "Byte" | "Double" | "Float"
                    | "Boolean" | "Char" | "Unit" | "Any" | "Nothing"
                        if args.is_empty() =>
                    {
                        TypeRef::Keyword { name: name.into() }
                    }
                    _ => TypeRef::Named {
                        name: name.into(),
                        args: args.into(),
                    },
                }
            }
            "nullable_type" => match named(node).into_iter().find(|t| is_type(*t)) {
                Some(inner) => TypeRef::Union {
                    variants: vec![
                        self.type_ref(inner, depth + 1),
                        TypeRef::Keyword {
                            name: "null".into(),
                        },
                    ],
                },
                None => TypeRef::Unknown,
            },
            "parenthesized_type" | "not_nullable_type" => named(node)
                .into_iter()
                .find(|t| is_type(*t))
                .map_or(TypeRef::Unknown, |t| self.type_ref(t, depth + 1)),
            "function_type" => TypeRef::Function,
            _ => TypeRef::Unknown,
        }
    }
}

/// True for the nodes that spell a type.
pub(super) fn is_type(node: Node<'_>) -> bool {
    matches!(
        cst::kind_of(node),
        "user_type"
            | "nullable_type"
            | "function_type"
            | "parenthesized_type"
            | "not_nullable_type"
            | "dynamic"
    )
}

/// The declared return type of a function: the type after the parameter list.
fn return_type(node: Node<'_>) -> Option<Node<'_>> {
    let children = kids(node);
    let params = children
        .iter()
        .position(|c| cst::kind_of(*c) == "function_value_parameters")?;
    children[params + 1..]
        .iter()
        .take_while(|c| cst::kind_of(**c) != "function_body")
        .find(|c| is_type(**c))
        .copied()
}

/// The initialiser after `=` of a property or class parameter.
pub(super) fn initializer(node: Node<'_>) -> Option<Node<'_>> {
    let children = kids(node);
    let eq = children.iter().position(|c| cst::kind_of(*c) == "=")?;
    children.get(eq + 1).copied().filter(|c| c.is_named())
}

fn default_value(node: Node<'_>) -> Option<Node<'_>> {
    initializer(node)
}
