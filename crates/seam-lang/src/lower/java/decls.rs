//! The file's declarations: package, imports, types and their members, annotations, types.
use super::cst::{self, field, fields, named, span};
use super::{ClassScope, Lowerer};
use crate::model::*;
use tree_sitter::Node;

/// Primitive types, read as keyword types.
const PRIMITIVES: &[&str] = &[
    "int", "long", "short", "byte", "char", "float", "double", "boolean", "void",
];

/// Modifiers read off a `modifiers` node.
#[derive(Default)]
pub(super) struct Modifiers {
    pub decorators: Vec<Decorator>,
    pub is_static: bool,
    pub is_abstract: bool,
    pub is_final: bool,
    pub visibility: Option<Visibility>,
}

impl<'s> Lowerer<'s> {
    /// The whole file: imports first (they bind names), then every type's name, then bodies.
    pub(super) fn program(&mut self, root: Node<'_>) {
        let children = named(root);
        for c in &children {
            if cst::kind_of(*c) == "import_declaration" {
                let stmt = self.import(*c);
                self.m.body.push(stmt);
            }
        }
        for c in &children {
            self.predeclare_types(*c);
        }
        for c in children {
            match cst::kind_of(c) {
                "import_declaration" => {}
                "package_declaration" => {
                    let name = named(c)
                        .into_iter()
                        .find(|p| matches!(cst::kind_of(*p), "scoped_identifier" | "identifier"));
                    self.m.package =
                        name.map(|p| collapse_whitespace(self.text(p)).replace(' ', ""));
                }
                "class_declaration"
                | "interface_declaration"
                | "record_declaration"
                | "enum_declaration"
                | "annotation_type_declaration" => {
                    let stmt = self.type_declaration(c);
                    self.m.body.push(stmt);
                    self.export_type(stmt);
                }
                // Statements at the top level: not Java, but what a pattern is written as.
                _ => {
                    let mut out = Vec::new();
                    self.stmt(c, &mut out);
                    self.m.body.extend(out);
                }
            }
        }
    }

    /// Binds the names of a type declaration and of the types nested in it, before any body
    /// is lowered, so a use before the declaration resolves.
    fn predeclare_types(&mut self, node: Node<'_>) {
        let kind = cst::kind_of(node);
        if !matches!(
            kind,
            "class_declaration"
                | "interface_declaration"
                | "record_declaration"
                | "enum_declaration"
                | "annotation_type_declaration"
        ) {
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
                self.predeclare_types(member);
                if cst::kind_of(member) == "enum_body_declarations" {
                    for m in named(member) {
                        self.predeclare_types(m);
                    }
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

    /// `import a.b.C;`, `import a.b.*;`, `import static a.b.C.f;`, `import static a.b.C.*;`.
    fn import(&mut self, node: Node<'_>) -> StmtId {
        let is_static = cst::has_token(node, "static");
        let wildcard = cst::first_of_kind(node, "asterisk").is_some();
        let path_node = named(node)
            .into_iter()
            .find(|c| matches!(cst::kind_of(*c), "scoped_identifier" | "identifier"));
        let dotted = path_node
            .map(|p| collapse_whitespace(self.text(p)).replace(' ', ""))
            .unwrap_or_default();
        let index = u32::try_from(self.m.imports.len()).unwrap_or(u32::MAX);
        let (specifier, names) = if wildcard {
            let name = ImportedName {
                imported: ImportedItem::All,
                local: "*".to_owned(),
                binding: None,
                type_only: false,
                span: span(node),
                resolved: None,
            };
            (dotted.clone(), vec![name])
        } else {
            let (spec, last) = match dotted.rsplit_once('.') {
                Some((s, l)) => (s.to_owned(), l.to_owned()),
                None => (String::new(), dotted.clone()),
            };
            // A single-type import names the type's own file; a static one the type's.
            let specifier = if is_static { spec } else { dotted.clone() };
            let at = path_node
                .and_then(|p| field(p, self.f.name))
                .map_or(span(node), span);
            let binding = self.declare(
                &last,
                BindingKind::Import {
                    import: index,
                    name: 0,
                },
                BindingOrigin::none(),
                at,
            );
            let name = ImportedName {
                imported: ImportedItem::Named(last.clone()),
                local: last,
                binding: Some(binding),
                type_only: false,
                span: at,
                resolved: None,
            };
            (specifier, vec![name])
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

    /// A class, interface, record, enum or annotation type, as a statement. An annotation type
    /// (`@interface`) is an interface, with its own annotations kept: a composed annotation
    /// (`@RequestMapping(method = GET) @interface ApiGet`) says what its uses mean.
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
                if cst::kind_of(c) == "enum_constant"
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

    /// Gives a predeclared type name its binding kind (or declares it, for a local class).
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
        if let Some(sup) = field(node, self.f.superclass) {
            for t in named(sup) {
                extends.push(self.type_expr(t));
            }
        }
        let interfaces = field(node, self.f.interfaces)
            .or_else(|| cst::first_of_kind(node, "extends_interfaces"));
        if let Some(list) = interfaces {
            for t in named(list).into_iter().flat_map(named) {
                if kind == "interface_declaration" {
                    extends.push(self.type_expr(t));
                } else {
                    implements.push(collapse_whitespace(self.text(t)));
                }
            }
        }
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
            is_abstract: mods.is_abstract
                || kind == "interface_declaration"
                || kind == "annotation_type_declaration",
            parent: self.func,
            span: span(node),
            name_span: name_node.map(span),
        });
        if let Some(n) = &name {
            self.bind_type(n, BindingKind::Class { class });
        }
        let body = field(node, self.f.body);
        let mut scope = self.class_scope(node, body);
        scope.inherits =
            kind != "interface_declaration" && field(node, self.f.superclass).is_some();
        // A class body is its own world: the enclosing method's locals are still visible
        // (captured), so the frames stay.
        self.classes.push((class, scope));
        if kind == "record_declaration"
            && let Some(params) = field(node, self.f.parameters)
        {
            for p in named(params) {
                self.record_component(class, p);
            }
        }
        if let Some(body) = body {
            for member in named(body) {
                self.member(
                    class,
                    member,
                    kind == "interface_declaration" || kind == "annotation_type_declaration",
                );
            }
        }
        self.classes.pop();
        class
    }

    /// The field and method names a class body declares (records: their components too).
    fn class_scope(&mut self, node: Node<'_>, body: Option<Node<'_>>) -> ClassScope {
        let in_interface = cst::kind_of(node) == "interface_declaration";
        let mut scope = ClassScope::default();
        if let Some(params) = field(node, self.f.parameters) {
            for p in named(params) {
                if let Some(n) = field(p, self.f.name) {
                    scope.fields.push(self.text(n).to_owned());
                }
            }
        }
        for member in body.map(named).unwrap_or_default() {
            match cst::kind_of(member) {
                "field_declaration" | "constant_declaration" => {
                    let constant = in_interface || {
                        let mods = cst::first_of_kind(member, "modifiers");
                        let has = |kw: &str| mods.is_some_and(|m| cst::has_token(m, kw));
                        has("static") && has("final")
                    };
                    for d in fields(member, self.f.declarator) {
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
                visibility: Some(Visibility::Private),
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
            "method_declaration"
            | "constructor_declaration"
            | "compact_constructor_declaration" => {
                self.method(class, node, in_interface);
            }
            "field_declaration" | "constant_declaration" => {
                self.field_declaration(class, node, in_interface)
            }
            "class_declaration"
            | "interface_declaration"
            | "record_declaration"
            | "enum_declaration"
            | "annotation_type_declaration" => {
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
            "enum_body_declarations" => {
                for m in named(node) {
                    self.member(class, m, in_interface);
                }
            }
            // Initialiser blocks (`static { … }`, `{ … }`): statements of a nameless member.
            _ => self.push_member(
                class,
                ClassMember {
                    name: MemberName::Ident(String::new()),
                    kind: MemberKind::Other,
                    is_static: cst::kind_of(node) == "static_initializer",
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
        let type_annotation = field(node, self.f.type_).map(|t| self.annotation(t));
        for d in fields(node, self.f.declarator) {
            let Some(n) = field(d, self.f.name) else {
                continue;
            };
            let value = field(d, self.f.value).map(|v| self.expr(v));
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
                    is_static: mods.is_static || in_interface,
                    visibility: mods.visibility,
                    decorators: mods.decorators.clone(),
                    readonly: mods.is_final || in_interface,
                    optional: false,
                    span: span(d),
                },
            );
        }
    }

    fn method(&mut self, class: ClassId, node: Node<'_>, in_interface: bool) {
        let kind = cst::kind_of(node);
        let mods = self.modifiers(node);
        let name_node = field(node, self.f.name);
        let name = name_node.map(|n| self.text(n).to_owned());
        let is_ctor = kind != "method_declaration";
        let body_node = field(node, self.f.body);
        let function = self.m.push_function(Function {
            name: name.clone(),
            name_source: NameSource::Declared,
            kind: if is_ctor {
                FunctionKind::Constructor
            } else {
                FunctionKind::Method
            },
            params: Vec::new(),
            is_async: false,
            is_generator: false,
            decorators: mods.decorators.clone(),
            body: FunctionBody::None,
            return_type: if is_ctor {
                None
            } else {
                field(node, self.f.type_).map(|t| self.annotation(t))
            },
            type_params: self.type_params(node),
            class: Some(class),
            parent: self.func,
            is_static: mods.is_static,
            visibility: mods
                .visibility
                .or(in_interface.then_some(Visibility::Public)),
            doc_throws: cst::first_of_kind(node, "throws")
                .map(|t| {
                    named(t)
                        .into_iter()
                        .map(|x| collapse_whitespace(self.text(x)))
                        .collect()
                })
                .unwrap_or_default(),
            span: span(node),
            name_span: name_node.map(span),
        });
        let saved = self.func.replace(function);
        let body = self.scoped(|lw| {
            let params = match field(node, self.f.parameters) {
                Some(p) => lw.params(p, function),
                // A compact record constructor takes the components implicitly.
                None => Vec::new(),
            };
            if let Some(f) = lw.m.functions.get_mut(function.index()) {
                f.params = params;
            }
            body_node.map(|b| lw.block(b))
        });
        self.func = saved;
        if let (Some(body), Some(f)) = (body, self.m.functions.get_mut(function.index())) {
            f.body = FunctionBody::Block(body);
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

    /// `(@PathVariable("id") Long id, String... rest)`; the names bind in the current frame.
    pub(super) fn params(&mut self, node: Node<'_>, function: FuncId) -> Vec<Param> {
        let mut out = Vec::new();
        for p in named(node) {
            let kind = cst::kind_of(p);
            if !matches!(kind, "formal_parameter" | "spread_parameter" | "identifier") {
                continue;
            }
            let mods = self.modifiers(p);
            let (name_node, type_node) = match kind {
                "identifier" => (Some(p), None),
                "spread_parameter" => (
                    cst::first_of_kind(p, "variable_declarator")
                        .and_then(|d| field(d, self.f.name)),
                    named(p)
                        .into_iter()
                        .find(|c| !matches!(cst::kind_of(*c), "modifiers" | "variable_declarator")),
                ),
                _ => (field(p, self.f.name), field(p, self.f.type_)),
            };
            let Some(name_node) = name_node else { continue };
            let name = self.text(name_node).to_owned();
            let index = u32::try_from(out.len()).unwrap_or(u32::MAX);
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
            out.push(Param {
                pattern,
                default: None,
                kind: if kind == "spread_parameter" {
                    ParamKind::Rest
                } else {
                    ParamKind::Normal
                },
                type_annotation: type_node.map(|t| self.annotation(t)),
                decorators: mods.decorators.into(),
                property_visibility: None,
                optional: false,
                span: span(p),
            });
        }
        out
    }

    /// The `modifiers` child of a declaration: annotations and keywords.
    pub(super) fn modifiers(&mut self, node: Node<'_>) -> Modifiers {
        let mut out = Modifiers::default();
        // Method annotations may also sit after the type parameters (`<T> @A void m()`).
        let mut annotations = Vec::new();
        for c in named(node) {
            match cst::kind_of(c) {
                "modifiers" => {
                    for k in cst::kids(c) {
                        match cst::kind_of(k) {
                            "annotation" | "marker_annotation" => annotations.push(k),
                            "static" => out.is_static = true,
                            "abstract" => out.is_abstract = true,
                            "final" => out.is_final = true,
                            "public" => out.visibility = Some(Visibility::Public),
                            "protected" => out.visibility = Some(Visibility::Protected),
                            "private" => out.visibility = Some(Visibility::Private),
                            _ => {}
                        }
                    }
                }
                "annotation" | "marker_annotation" => annotations.push(c),
                _ => {}
            }
        }
        for a in annotations {
            let d = self.decorator(a);
            out.decorators.push(d);
        }
        out
    }

    /// One annotation as a decorator: the name, or a call of the name with the arguments.
    fn decorator(&mut self, node: Node<'_>) -> Decorator {
        let name_node = field(node, self.f.name);
        let callee = match name_node {
            Some(n) => self.name_expr(n),
            None => self.m.push_expr(ExprKind::Other, span(node)),
        };
        let name = name_node
            .map(|n| collapse_whitespace(self.text(n)).replace(' ', ""))
            .unwrap_or_default();
        let args_node = field(node, self.f.arguments);
        let (expr, args) = match args_node {
            Some(list) => {
                let args = self.annotation_args(list);
                let call = self.m.push_expr(
                    ExprKind::Call {
                        callee,
                        args: args.clone().into(),
                        optional: false,
                        is_new: false,
                    },
                    Span::new(span(name_node.unwrap_or(node)).start, span(node).end),
                );
                (call, args)
            }
            None => (callee, Vec::new()),
        };
        let raw = self.text(node).trim_start_matches('@').trim().to_owned();
        Decorator {
            name,
            expr,
            args,
            raw,
            span: span(node),
        }
    }

    fn annotation_args(&mut self, list: Node<'_>) -> Vec<Arg> {
        let mut args = Vec::new();
        for c in named(list) {
            if cst::kind_of(c) == "element_value_pair" {
                let key = field(c, self.f.key).map(|k| self.text(k).to_owned());
                let Some(v) = field(c, self.f.value) else {
                    continue;
                };
                let value = self.element_value(v);
                args.push(Arg {
                    name: key.map(Name::from),
                    value,
                    spread: false,
                    keyword_spread: false,
                });
            } else {
                let value = self.element_value(c);
                args.push(Arg {
                    name: None,
                    value,
                    spread: false,
                    keyword_spread: false,
                });
            }
        }
        args
    }

    /// An annotation element value: an expression, a nested annotation or `{a, b}`.
    fn element_value(&mut self, node: Node<'_>) -> ExprId {
        match cst::kind_of(node) {
            "element_value_array_initializer" => {
                let elements = named(node)
                    .into_iter()
                    .map(|e| ArrayElement::Expr(self.element_value(e)))
                    .collect();
                self.m.push_expr(
                    ExprKind::Array {
                        elements,
                        kind: ArrayKind::Array,
                    },
                    span(node),
                )
            }
            "annotation" | "marker_annotation" => self.decorator(node).expr,
            _ => self.expr(node),
        }
    }

    /// A dotted name (`a.b.C`) as an identifier or member chain, resolved at its head.
    pub(super) fn name_expr(&mut self, node: Node<'_>) -> ExprId {
        match cst::kind_of(node) {
            "scoped_identifier" | "scoped_type_identifier" => {
                let parts = named(node);
                match (parts.first(), parts.last()) {
                    (Some(scope), Some(last)) if parts.len() >= 2 => {
                        let object = self.name_expr(*scope);
                        let name = self.text(*last).to_owned();
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
            "generic_type" => match named(node).first() {
                Some(inner) => self.name_expr(*inner),
                None => self.m.push_expr(ExprKind::Other, span(node)),
            },
            _ => {
                let name = self.text(node).to_owned();
                let binding = self.lookup(&name);
                self.m.push_expr(
                    ExprKind::Ident {
                        name: name.into(),
                        binding,
                    },
                    span(node),
                )
            }
        }
    }

    /// A type written where an expression is wanted (`extends Base`): its name.
    pub(super) fn type_expr(&mut self, node: Node<'_>) -> ExprId {
        match cst::kind_of(node) {
            "type_identifier"
            | "identifier"
            | "scoped_type_identifier"
            | "scoped_identifier"
            | "generic_type" => self.name_expr(node),
            _ => self.m.push_expr(ExprKind::Other, span(node)),
        }
    }

    fn type_params(&self, node: Node<'_>) -> Vec<String> {
        field(node, self.f.type_parameters)
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
            "integral_type" | "floating_point_type" | "boolean_type" | "void_type" => {
                TypeRef::Keyword {
                    name: self.text(node).into(),
                }
            }
            "type_identifier" | "scoped_type_identifier" => {
                let name = collapse_whitespace(self.text(node)).replace(' ', "");
                if PRIMITIVES.contains(&name.as_str()) {
                    TypeRef::Keyword { name: name.into() }
                } else {
                    TypeRef::Named {
                        name: name.into(),
                        args: Box::default(),
                    }
                }
            }
            "generic_type" => {
                let parts = named(node);
                let name = parts
                    .iter()
                    .find(|p| cst::kind_of(**p) != "type_arguments")
                    .map(|p| collapse_whitespace(self.text(*p)).replace(' ', ""))
                    .unwrap_or_default();
                let args = parts
                    .iter()
                    .find(|p| cst::kind_of(**p) == "type_arguments")
                    .map(|a| {
                        named(*a)
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
            "array_type" => match field(node, self.f.name).or_else(|| named(node).first().copied())
            {
                Some(element) => TypeRef::Array {
                    items: Box::new(self.type_ref(element, depth + 1)),
                },
                None => TypeRef::Unknown,
            },
            "annotated_type" => named(node)
                .into_iter()
                .rfind(|c| !matches!(cst::kind_of(*c), "annotation" | "marker_annotation"))
                .map_or(TypeRef::Unknown, |t| self.type_ref(t, depth + 1)),
            _ => TypeRef::Unknown,
        }
    }
}
