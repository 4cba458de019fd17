//! The file level: package clause, imports, functions and methods, types, package-level
//! variables and constants, exports.
use super::{Lowerer, Named, fields, named, span};
use crate::model::*;
use tree_sitter::Node;

/// The name a package import binds when it has no alias: the last path segment, skipping a
/// major-version suffix (`echo/v4` → `echo`) and dropping a `gopkg.in` version (`yaml.v3`).
pub fn package_name(path: &str) -> &str {
    let mut segments = path.rsplit('/');
    let last = segments.next().unwrap_or(path);
    let is_major =
        |s: &str| s.len() > 1 && s.starts_with('v') && s[1..].bytes().all(|b| b.is_ascii_digit());
    let name = match segments.next() {
        Some(prev) if is_major(last) => prev,
        _ => last,
    };
    match name.rsplit_once(".v") {
        Some((stem, v)) if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) => stem,
        _ => name,
    }
}

/// A Go string literal's value: escapes decoded in `"…"`, raw text in `` `…` `` (carriage
/// returns dropped, as the compiler does).
pub fn string_value(text: &str) -> Option<String> {
    if let Some(raw) = text.strip_prefix('`') {
        return Some(raw.strip_suffix('`').unwrap_or(raw).replace('\r', ""));
    }
    let inner = text.strip_prefix('"')?;
    let inner = inner.strip_suffix('"').unwrap_or(inner);
    Some(decode_escapes(inner))
}

fn decode_escapes(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    let mut bytes: Vec<u8> = Vec::new();
    let flush = |bytes: &mut Vec<u8>, out: &mut String| {
        if !bytes.is_empty() {
            out.push_str(&String::from_utf8_lossy(bytes));
            bytes.clear();
        }
    };
    while let Some(c) = chars.next() {
        if c != '\\' {
            flush(&mut bytes, &mut out);
            out.push(c);
            continue;
        }
        let Some(e) = chars.next() else {
            out.push('\\');
            break;
        };
        if !matches!(e, 'x' | '0'..='7') {
            flush(&mut bytes, &mut out);
        }
        let take = |n: usize, radix: u32, chars: &mut std::iter::Peekable<std::str::Chars<'_>>| {
            let digits: String = (0..n).filter_map(|_| chars.next()).collect();
            u32::from_str_radix(&digits, radix).ok()
        };
        match e {
            'n' => out.push('\n'),
            't' => out.push('\t'),
            'r' => out.push('\r'),
            'a' => out.push('\u{7}'),
            'b' => out.push('\u{8}'),
            'f' => out.push('\u{c}'),
            'v' => out.push('\u{b}'),
            '\\' => out.push('\\'),
            '"' => out.push('"'),
            '\'' => out.push('\''),
            // Byte escapes spell UTF-8 sequences together.
            'x' => {
                if let Some(b) = take(2, 16, &mut chars).and_then(|v| u8::try_from(v).ok()) {
                    bytes.push(b);
                }
                continue;
            }
            '0'..='7' => {
                let rest: String = (0..2).filter_map(|_| chars.next()).collect();
                if let Some(b) = u32::from_str_radix(&format!("{e}{rest}"), 8)
                    .ok()
                    .and_then(|v| u8::try_from(v).ok())
                {
                    bytes.push(b);
                }
                continue;
            }
            'u' => out.extend(take(4, 16, &mut chars).and_then(char::from_u32)),
            'U' => out.extend(take(8, 16, &mut chars).and_then(char::from_u32)),
            other => {
                out.push('\\');
                out.push(other);
            }
        }
    }
    flush(&mut bytes, &mut out);
    out
}

impl<'s> Lowerer<'s> {
    pub(super) fn source_file(&mut self, root: Node<'_>) {
        let items = named(root);
        // Imports and package-level names first: Go resolves them in any order.
        for item in &items {
            match item.kind() {
                "import_declaration" => self.import_declaration(*item),
                "function_declaration" => self.predeclare_function(*item),
                "type_declaration" => self.predeclare_types(*item),
                _ => {}
            }
        }
        for item in &items {
            match item.kind() {
                "var_declaration" | "const_declaration" => {
                    self.predeclare_vars(*item);
                }
                _ => {}
            }
        }
        let mut body = Vec::new();
        for item in items {
            let stmt = match item.kind() {
                "package_clause" | "import_declaration" | "comment" => continue,
                "function_declaration" => self.function_declaration(item),
                "method_declaration" => self.method_declaration(item),
                _ => self.stmt(item),
            };
            body.push(stmt);
        }
        self.m.body = body;
    }

    // -----------------------------------------------------------------------------------------
    // Imports
    // -----------------------------------------------------------------------------------------

    fn import_declaration(&mut self, node: Node<'_>) {
        let mut specs = Vec::new();
        for child in named(node) {
            match child.kind() {
                "import_spec" => specs.push(child),
                "import_spec_list" => specs.extend(
                    named(child)
                        .into_iter()
                        .filter(|c| c.kind() == "import_spec"),
                ),
                _ => {}
            }
        }
        for spec in specs {
            self.import_spec(spec);
        }
    }

    fn import_spec(&mut self, spec: Node<'_>) {
        let Some(path_node) = spec.child_by_field_name("path") else {
            return;
        };
        let Some(path) = string_value(self.text(path_node)) else {
            return;
        };
        let alias = spec.child_by_field_name("name");
        let import_index = u32::try_from(self.m.imports.len()).unwrap_or(u32::MAX);
        let (kind, names) = match alias.map(|a| (a.kind(), self.text(a))) {
            Some(("blank_identifier", _)) => (ImportKind::SideEffect, Vec::new()),
            Some(("dot", _)) => (
                ImportKind::Static,
                vec![ImportedName {
                    imported: ImportedItem::All,
                    local: ".".to_string(),
                    binding: None,
                    type_only: false,
                    span: span(spec),
                    resolved: None,
                }],
            ),
            other => {
                let local = match other {
                    Some((_, name)) => name.to_string(),
                    None => package_name(&path).to_string(),
                };
                let at = alias.map_or(span(path_node), span);
                let binding = self.declare(
                    &local,
                    BindingKind::Import {
                        import: import_index,
                        name: 0,
                    },
                    BindingOrigin::none(),
                    at,
                );
                (
                    ImportKind::Static,
                    vec![ImportedName {
                        imported: ImportedItem::Namespace,
                        local,
                        binding,
                        type_only: false,
                        span: at,
                        resolved: None,
                    }],
                )
            }
        };
        self.m.imports.push(Import {
            specifier: path,
            kind,
            level: 0,
            names,
            type_only: false,
            span: span(spec),
            resolved: None,
        });
    }

    // -----------------------------------------------------------------------------------------
    // Package-level names
    // -----------------------------------------------------------------------------------------

    fn predeclare_function(&mut self, node: Node<'_>) {
        let Some(name_node) = node.child_by_field_name("name") else {
            return;
        };
        let name = self.text(name_node);
        let function = self.new_function(node, Some(name_node), FunctionKind::Declaration, None);
        self.declare(
            name,
            BindingKind::Function { function },
            BindingOrigin::none(),
            span(name_node),
        );
    }

    fn predeclare_types(&mut self, node: Node<'_>) {
        for spec in named(node) {
            if matches!(spec.kind(), "type_spec" | "type_alias") {
                self.type_spec(spec, true);
            }
        }
    }

    /// Declares the names of package-level `var`/`const` specs (their values are lowered
    /// with the statement).
    fn predeclare_vars(&mut self, node: Node<'_>) {
        for spec in self.var_specs(node) {
            for name in fields(spec, "name") {
                let kind = if node.kind() == "const_declaration" {
                    VarKind::Const
                } else {
                    VarKind::Var
                };
                self.declare(
                    self.text(name),
                    BindingKind::Var { kind },
                    BindingOrigin::none(),
                    span(name),
                );
            }
        }
    }

    pub(super) fn var_specs<'t>(&self, node: Node<'t>) -> Vec<Node<'t>> {
        let mut out = Vec::new();
        for child in named(node) {
            match child.kind() {
                "var_spec" | "const_spec" => out.push(child),
                "var_spec_list" => out.extend(named(child)),
                _ => {}
            }
        }
        out
    }

    /// The class for a type name in this file, created (as a partial class holding only
    /// methods) when the file does not declare the type.
    fn class_for(&mut self, name: &str, at: Node<'_>) -> ClassId {
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
            parent: None,
            span: span(at),
            name_span: None,
        });
        self.classes.push((name.to_string(), class));
        class
    }

    /// A `type_spec`: a struct becomes a class, an interface an interface declaration,
    /// anything else a type alias. At package level it was declared by the first pass
    /// (`predeclare`), and the second pass only returns its statement.
    pub(super) fn type_spec(&mut self, spec: Node<'_>, predeclare: bool) -> StmtKind {
        let Some(name_node) = spec.child_by_field_name("name") else {
            return StmtKind::Other;
        };
        let name = self.text(name_node).to_string();
        let at_package = self.func.is_none();
        if at_package && !predeclare {
            // Already lowered by the first pass: find what it made.
            if let Some((_, c)) = self.classes.iter().find(|(n, _)| *n == name) {
                return StmtKind::ClassDecl { class: *c };
            }
            if let Some(i) = self.m.type_decls.iter().position(|t| t.name == name) {
                return StmtKind::TypeDecl {
                    decl: TypeDeclId::from_index(i),
                };
            }
            return StmtKind::Other;
        }
        let ty = spec.child_by_field_name("type");
        let type_params = spec
            .child_by_field_name("type_parameters")
            .map(|p| {
                named(p)
                    .into_iter()
                    .map(|d| collapse_whitespace(self.text(d)))
                    .collect()
            })
            .unwrap_or_default();
        match ty.map(|t| t.kind()) {
            Some("struct_type") => {
                let class = self.class_for(&name, spec);
                let members = ty.map(|t| self.struct_fields(t)).unwrap_or_default();
                if let Some(c) = self.m.classes.get_mut(class.index()) {
                    c.name_source = NameSource::Declared;
                    c.span = span(spec);
                    c.name_span = Some(span(name_node));
                    c.type_params = type_params;
                    c.parent = self.func;
                    let methods = std::mem::take(&mut c.members);
                    c.members = members;
                    c.members.extend(methods);
                }
                self.declare(
                    &name,
                    BindingKind::Class { class },
                    BindingOrigin::none(),
                    span(name_node),
                );
                StmtKind::ClassDecl { class }
            }
            other => {
                let is_interface = other == Some("interface_type");
                let members = match ty {
                    Some(t) if is_interface => named(t)
                        .into_iter()
                        .filter_map(|e| e.child_by_field_name("name"))
                        .map(|n| self.text(n).to_string())
                        .collect(),
                    _ => Vec::new(),
                };
                let shape = ty.map_or(TypeRef::Unknown, |t| self.type_ref(t));
                let decl = self.m.push_type_decl(TypeDecl {
                    name: name.clone(),
                    kind: if is_interface {
                        TypeDeclKind::Interface
                    } else {
                        TypeDeclKind::TypeAlias
                    },
                    members,
                    member_values: Vec::new(),
                    type_params,
                    shape,
                    span: span(spec),
                    name_span: span(name_node),
                });
                self.declare(
                    &name,
                    BindingKind::TypeDecl { decl },
                    BindingOrigin::none(),
                    span(name_node),
                );
                StmtKind::TypeDecl { decl }
            }
        }
    }

    /// A struct's fields as class members, with their tags as decorators.
    fn struct_fields(&mut self, struct_type: Node<'_>) -> Vec<ClassMember> {
        let mut out = Vec::new();
        let Some(list) = named(struct_type)
            .into_iter()
            .find(|c| c.kind() == "field_declaration_list")
        else {
            return out;
        };
        for decl in named(list) {
            if decl.kind() != "field_declaration" {
                continue;
            }
            let ty = decl.child_by_field_name("type");
            let annotation = ty.map(|t| self.annotation(t));
            let decorators = decl
                .child_by_field_name("tag")
                .map(|t| self.tag_decorators(t))
                .unwrap_or_default();
            let names = fields(decl, "name");
            if names.is_empty() {
                // An embedded field is named after its type (`*pkg.Base` → `Base`).
                let Some(t) = ty else { continue };
                let written = self.text(t).trim_start_matches('*');
                let name = written.rsplit('.').next().unwrap_or(written);
                let name = name.split('[').next().unwrap_or(name);
                out.push(self.field_member(name, annotation, decorators, decl));
                continue;
            }
            for n in names {
                let name = self.text(n).to_string();
                out.push(self.field_member(&name, annotation.clone(), decorators.clone(), decl));
            }
        }
        out
    }

    fn field_member(
        &self,
        name: &str,
        type_annotation: Option<TypeAnnotation>,
        decorators: Vec<Decorator>,
        decl: Node<'_>,
    ) -> ClassMember {
        ClassMember {
            name: MemberName::Ident(name.to_string()),
            kind: MemberKind::Property {
                value: None,
                type_annotation,
                function: None,
            },
            is_static: false,
            visibility: Some(visibility(name)),
            decorators,
            readonly: false,
            optional: false,
            span: span(decl),
        }
    }

    /// `json:"id,omitempty" db:"id"` → `json("id,omitempty")`, `db("id")`: each key a
    /// decorator whose one argument is its value, spanning the whole tag.
    fn tag_decorators(&mut self, tag: Node<'_>) -> Vec<Decorator> {
        let Some(value) = string_value(self.text(tag)) else {
            return Vec::new();
        };
        let at = span(tag);
        let mut out = Vec::new();
        let mut rest = value.as_str();
        loop {
            rest = rest.trim_start();
            let Some((key, after)) = rest.split_once(":\"") else {
                break;
            };
            if key.is_empty() || key.contains(char::is_whitespace) {
                break;
            }
            // The value ends at the first unescaped quote.
            let mut end = None;
            let mut escaped = false;
            for (i, c) in after.char_indices() {
                match c {
                    '\\' if !escaped => escaped = true,
                    '"' if !escaped => {
                        end = Some(i);
                        break;
                    }
                    _ => escaped = false,
                }
            }
            let Some(end) = end else { break };
            let raw_value = &after[..end];
            let decoded = decode_escapes(raw_value);
            let callee = self.m.push_expr(
                ExprKind::Ident {
                    name: key.into(),
                    binding: None,
                },
                at,
            );
            let arg = self.m.push_expr(
                ExprKind::Literal {
                    value: LiteralValue::String {
                        value: decoded.into(),
                    },
                },
                at,
            );
            let args = vec![Arg {
                name: None,
                value: arg,
                spread: false,
                keyword_spread: false,
            }];
            let expr = self.m.push_expr(
                ExprKind::Call {
                    callee,
                    args: args.clone().into(),
                    optional: false,
                    is_new: false,
                },
                at,
            );
            out.push(Decorator {
                name: key.to_string(),
                expr,
                args,
                raw: format!("{key}:\"{raw_value}\""),
                span: at,
            });
            rest = &after[end + 1..];
        }
        out
    }

    // -----------------------------------------------------------------------------------------
    // Functions and methods
    // -----------------------------------------------------------------------------------------

    fn new_function(
        &mut self,
        node: Node<'_>,
        name_node: Option<Node<'_>>,
        kind: FunctionKind,
        class: Option<ClassId>,
    ) -> FuncId {
        let name = name_node.map(|n| self.text(n).to_string());
        self.m.push_function(Function {
            visibility: name.as_deref().map(visibility),
            name,
            name_source: if name_node.is_some() {
                NameSource::Declared
            } else {
                NameSource::Anonymous
            },
            kind,
            params: Vec::new(),
            is_async: false,
            is_generator: false,
            decorators: Vec::new(),
            body: FunctionBody::None,
            return_type: None,
            type_params: Vec::new(),
            class,
            parent: self.func,
            is_static: false,
            doc_throws: Vec::new(),
            span: span(node),
            name_span: name_node.map(span),
        })
    }

    /// A `function_declaration`, predeclared by the first pass.
    fn function_declaration(&mut self, node: Node<'_>) -> StmtId {
        let name = node
            .child_by_field_name("name")
            .map(|n| self.text(n).to_string());
        let function = name
            .as_deref()
            .and_then(|n| match self.lookup(n) {
                Some(Named::Binding(b)) => match self.m.binding(b).kind {
                    BindingKind::Function { function } => Some(function),
                    _ => None,
                },
                _ => None,
            })
            .unwrap_or_else(|| {
                self.new_function(
                    node,
                    node.child_by_field_name("name"),
                    FunctionKind::Declaration,
                    None,
                )
            });
        self.function_rest(node, function, None);
        self.m
            .push_stmt(StmtKind::FunctionDecl { function }, span(node))
    }

    /// `func (s *T) M(…)`: a method member of `T`'s class.
    fn method_declaration(&mut self, node: Node<'_>) -> StmtId {
        let receiver = node.child_by_field_name("receiver");
        let (receiver_name, receiver_type) = receiver
            .and_then(|r| {
                named(r)
                    .into_iter()
                    .find(|p| p.kind() == "parameter_declaration")
            })
            .map(|p| {
                let name = p
                    .child_by_field_name("name")
                    .map(|n| self.text(n).to_string());
                let ty = p.child_by_field_name("type").map(|t| {
                    let written = self.text(t).trim_start_matches('*').trim();
                    written.split('[').next().unwrap_or(written).to_string()
                });
                (name, ty)
            })
            .unwrap_or((None, None));
        let class = receiver_type.as_deref().map(|t| self.class_for(t, node));
        let name_node = node.child_by_field_name("name");
        let function = self.new_function(node, name_node, FunctionKind::Method, class);
        if let (Some(class), Some(n)) = (class, name_node) {
            let name = self.text(n).to_string();
            let member = ClassMember {
                visibility: Some(visibility(&name)),
                name: MemberName::Ident(name),
                kind: MemberKind::Method { function },
                is_static: false,
                decorators: Vec::new(),
                readonly: false,
                optional: false,
                span: span(node),
            };
            if let Some(c) = self.m.classes.get_mut(class.index()) {
                c.members.push(member);
            }
        }
        self.function_rest(node, function, receiver_name.as_deref());
        self.m
            .push_stmt(StmtKind::FunctionDecl { function }, span(node))
    }

    /// A function literal (`func(w http.ResponseWriter, r *http.Request) { … }`).
    pub(super) fn func_literal(&mut self, node: Node<'_>) -> ExprKind {
        let function = self.new_function(node, None, FunctionKind::Expression, None);
        self.function_rest(node, function, None);
        ExprKind::Function { function }
    }

    /// Parameters, result and body of a function, in a scope of its own.
    fn function_rest(&mut self, node: Node<'_>, function: FuncId, receiver: Option<&str>) {
        let saved_func = self.func;
        let saved_depth = self.depth;
        self.func = Some(function);
        self.push_scope();
        if let Some(r) = receiver {
            self.declare_receiver(r);
        }
        let type_params = node
            .child_by_field_name("type_parameters")
            .map(|p| {
                named(p)
                    .into_iter()
                    .map(|d| collapse_whitespace(self.text(d)))
                    .collect()
            })
            .unwrap_or_default();
        let params = node
            .child_by_field_name("parameters")
            .map(|p| self.params(p, function))
            .unwrap_or_default();
        let return_type = node
            .child_by_field_name("result")
            .map(|r| self.annotation(r));
        // Named results are variables of the body.
        if let Some(result) = node.child_by_field_name("result")
            && result.kind() == "parameter_list"
        {
            for p in named(result) {
                for n in fields(p, "name") {
                    self.declare(
                        self.text(n),
                        BindingKind::Var { kind: VarKind::Var },
                        BindingOrigin::none(),
                        span(n),
                    );
                }
            }
        }
        let body = match node.child_by_field_name("body") {
            Some(b) => FunctionBody::Block(self.block_body(b)),
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

    fn params(&mut self, list: Node<'_>, function: FuncId) -> Vec<Param> {
        let mut out = Vec::new();
        for decl in named(list) {
            let kind = match decl.kind() {
                "parameter_declaration" => ParamKind::Normal,
                "variadic_parameter_declaration" => ParamKind::Rest,
                _ => continue,
            };
            let annotation = decl.child_by_field_name("type").map(|t| self.annotation(t));
            let names = fields(decl, "name");
            if names.is_empty() {
                let pattern = self.m.push_pattern(
                    PatternKind::Ident {
                        name: "_".into(),
                        binding: None,
                    },
                    span(decl),
                );
                out.push(param(pattern, kind, annotation.clone(), span(decl)));
                continue;
            }
            for n in names {
                let name = self.text(n).to_string();
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
                        binding,
                    },
                    span(n),
                );
                out.push(param(pattern, kind, annotation.clone(), span(decl)));
            }
        }
        out
    }

    // -----------------------------------------------------------------------------------------
    // Exports
    // -----------------------------------------------------------------------------------------

    /// Every package-level name that starts with an upper-case letter, in source order.
    pub(super) fn exports(&mut self) {
        let mut out = Vec::new();
        for (i, b) in self.m.bindings.iter().enumerate() {
            if b.scope.is_some() || !b.name.starts_with(|c: char| c.is_uppercase()) {
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

fn param(
    pattern: PatternId,
    kind: ParamKind,
    annotation: Option<TypeAnnotation>,
    at: Span,
) -> Param {
    Param {
        pattern,
        default: None,
        kind,
        type_annotation: annotation,
        decorators: Box::default(),
        property_visibility: None,
        optional: false,
        span: at,
    }
}

/// Go's visibility: exported names start with an upper-case letter.
fn visibility(name: &str) -> Visibility {
    if name.starts_with(|c: char| c.is_uppercase()) {
        Visibility::Public
    } else {
        Visibility::Private
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn package_names() {
        assert_eq!(package_name("net/http"), "http");
        assert_eq!(package_name("github.com/labstack/echo/v4"), "echo");
        assert_eq!(package_name("gopkg.in/yaml.v3"), "yaml");
        assert_eq!(package_name("fmt"), "fmt");
        assert_eq!(package_name("github.com/go-chi/chi/v5"), "chi");
    }

    #[test]
    fn strings() {
        assert_eq!(string_value(r#""a\tb\"c""#).as_deref(), Some("a\tb\"c"));
        assert_eq!(string_value("`raw\\n`").as_deref(), Some("raw\\n"));
        assert_eq!(
            string_value(r#""\xe2\x82\xac\u00e9""#).as_deref(),
            Some("€é")
        );
        assert_eq!(string_value(r#""\101""#).as_deref(), Some("A"));
    }
}
