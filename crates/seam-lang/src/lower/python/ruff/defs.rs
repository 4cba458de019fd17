//! Imports, exports, `def`, `lambda`, classes, parameters, decorators, type annotations.
use super::scopes::{Decl, DeclSite, ScopeKind};
use super::targets::Bind;
use super::{Lw, sp};
use crate::model::*;
use ruff_python_ast::{self as ast, Expr};
use ruff_text_size::Ranged;

const TYPE_KEYWORDS: &[&str] = &[
    "str", "int", "float", "complex", "bool", "bytes", "object", "None", "Any", "NoReturn", "Never",
];

struct FunctionHead {
    function: FuncId,
    scope: usize,
    member: Option<(ClassId, ClassMember)>,
}

impl<'s> Lw<'s> {
    /// `import a.b`, `import a.b as c`, `import a, b`: one `Import` (and statement) each.
    pub(super) fn import(&mut self, i: &ast::StmtImport, out: &mut Vec<StmtId>) {
        let stmt_span = sp(i.range);
        for alias in &i.names {
            let specifier: String = alias.name.id.split_whitespace().collect();
            let (local, local_span) = match &alias.asname {
                Some(a) => (a.id.to_string(), sp(a.range)),
                None => {
                    let text = self.text(alias.name.range);
                    let first_len = text
                        .find(|c: char| c == '.' || c.is_whitespace() || c == '\\')
                        .unwrap_or(text.len());
                    let start = alias.name.range.start().to_u32();
                    (
                        text[..first_len].to_string(),
                        Span::new(start, start + first_len as u32),
                    )
                }
            };
            let index = self.push_import(Import {
                specifier,
                kind: ImportKind::Static,
                level: 0,
                names: vec![ImportedName {
                    imported: ImportedItem::Namespace,
                    local: local.clone(),
                    binding: None,
                    type_only: false,
                    span: sp(alias.range),
                    resolved: None,
                }],
                type_only: false,
                span: stmt_span,
                resolved: None,
            });
            self.declare_import(local, local_span, index, 0);
            out.push(
                self.m
                    .push_stmt(StmtKind::Import { import: index }, stmt_span),
            );
        }
    }

    /// `from x import y as z`, `from . import y`, `from ..pkg import *`.
    pub(super) fn import_from(&mut self, i: &ast::StmtImportFrom, out: &mut Vec<StmtId>) {
        let stmt_span = sp(i.range);
        let specifier: String = i
            .module
            .as_ref()
            .map(|m| m.id.split_whitespace().collect())
            .unwrap_or_default();
        let index = u32::try_from(self.m.imports.len()).unwrap_or(u32::MAX);
        let mut names = Vec::new();
        let mut locals = Vec::new();
        for alias in &i.names {
            if alias.name.id.as_str() == "*" {
                names.push(ImportedName {
                    imported: ImportedItem::All,
                    local: "*".into(),
                    binding: None,
                    type_only: false,
                    span: sp(alias.range),
                    resolved: None,
                });
                continue;
            }
            let imported: String = alias.name.id.split_whitespace().collect();
            let (local, local_span) = match &alias.asname {
                Some(a) => (a.id.to_string(), sp(a.range)),
                None => (
                    self.text(alias.name.range).to_string(),
                    sp(alias.name.range),
                ),
            };
            locals.push((local.clone(), local_span, names.len()));
            names.push(ImportedName {
                imported: ImportedItem::Named(imported),
                local,
                binding: None,
                type_only: false,
                span: sp(alias.range),
                resolved: None,
            });
        }
        self.push_import(Import {
            specifier,
            kind: ImportKind::Static,
            level: i.level,
            names,
            type_only: false,
            span: stmt_span,
            resolved: None,
        });
        for (local, span, n) in locals {
            self.declare_import(local, span, index, u32::try_from(n).unwrap_or(u32::MAX));
        }
        out.push(
            self.m
                .push_stmt(StmtKind::Import { import: index }, stmt_span),
        );
    }

    fn push_import(&mut self, import: Import) -> u32 {
        self.m.imports.push(import);
        u32::try_from(self.m.imports.len() - 1).unwrap_or(u32::MAX)
    }

    fn declare_import(&mut self, local: String, span: Span, import: u32, name: u32) {
        self.scopes.declare(Decl {
            scope: self.scope,
            name: local,
            kind: BindingKind::Import { import, name },
            span,
            origin: BindingOrigin::none(),
            assigns: true,
            site: DeclSite::Import { import, name },
        });
    }

    /// Records the names of a module-level `__all__ = [...]` (or `+= [...]`).
    pub(super) fn dunder_all(&mut self, value: &Expr, extend: bool) {
        let all = &mut self.dunder_all;
        if !extend {
            all.names.clear();
            all.literal = true;
        } else if !all.seen {
            all.literal = false;
        }
        all.seen = true;
        let items = match value {
            Expr::List(l) => &l.elts,
            Expr::Tuple(t) if t.parenthesized => &t.elts,
            _ => {
                self.dunder_all.literal = false;
                return;
            }
        };
        let mut names = Vec::new();
        for item in items {
            let parenthesized = self.outer(item, value.range()) != sp(item.range());
            match self.static_string(item).filter(|_| !parenthesized) {
                Some(s) => names.push((s, sp(item.range()))),
                None => {
                    self.dunder_all.literal = false;
                    return;
                }
            }
        }
        self.dunder_all.names.extend(names);
    }

    /// Fills `Model::exports` (the rule is in the parent module's documentation).
    pub(super) fn exports(&mut self, module_bindings: &[BindingId]) {
        let all = std::mem::take(&mut self.dunder_all);
        if all.seen && all.literal {
            for (name, name_span) in all.names {
                let binding = module_bindings
                    .iter()
                    .copied()
                    .find(|b| self.m.binding(*b).name == name);
                let (target, from) = match binding {
                    Some(b) => (self.export_target(b), self.re_export(b)),
                    None => (ExportTarget::None, None),
                };
                self.m.exports.push(Export {
                    exported: name.clone(),
                    local: Some(name),
                    target,
                    from,
                    type_only: false,
                    span: name_span,
                });
            }
            return;
        }
        for &b in module_bindings {
            let binding = self.m.binding(b);
            let public = !binding.name.starts_with('_');
            let exported_kind = matches!(
                binding.kind,
                BindingKind::Assigned
                    | BindingKind::Function { .. }
                    | BindingKind::Class { .. }
                    | BindingKind::TypeDecl { .. }
            );
            if public && exported_kind {
                let export = Export {
                    exported: binding.name.to_string(),
                    local: Some(binding.name.to_string()),
                    target: self.export_target(b),
                    from: None,
                    type_only: false,
                    span: binding.span,
                };
                self.m.exports.push(export);
            }
        }
    }

    fn export_target(&self, b: BindingId) -> ExportTarget {
        match self.m.binding(b).kind {
            BindingKind::Function { function } => ExportTarget::Function(function),
            BindingKind::Class { class } => ExportTarget::Class(class),
            BindingKind::TypeDecl { decl } => ExportTarget::TypeDecl(decl),
            _ => ExportTarget::Binding(b),
        }
    }

    fn re_export(&self, b: BindingId) -> Option<ReExport> {
        let BindingKind::Import { import, name } = self.m.binding(b).kind else {
            return None;
        };
        let import = self.m.imports.get(import as usize)?;
        let imported = import.names.get(name as usize)?;
        let dots = ".".repeat(import.level as usize);
        Some(ReExport {
            specifier: format!("{dots}{}", import.specifier),
            imported: match &imported.imported {
                ImportedItem::Named(n) => n.clone(),
                _ => "*".into(),
            },
            resolved: None,
        })
    }

    fn decorators(&mut self, list: &[ast::Decorator]) -> Vec<Decorator> {
        list.iter().map(|d| self.decorator(d)).collect()
    }

    fn decorator(&mut self, d: &ast::Decorator) -> Decorator {
        let expr = self.expr(&d.expression);
        let raw = self.text(d.expression.range()).trim().to_string();
        let (callee, args) = match &self.m.expr(expr).kind {
            ExprKind::Call { callee, args, .. } => (*callee, args.to_vec()),
            _ => (expr, Vec::new()),
        };
        let name = match self.m.member_chain(callee) {
            Some(parts) => parts.join("."),
            None => self.m.text_collapsed(self.m.expr(callee).span),
        };
        Decorator {
            name,
            expr,
            args,
            raw,
            span: Span::new(
                d.range.start().to_u32(),
                self.trailing_comment_end(d.range.end().to_u32()),
            ),
        }
    }

    /// The span of a decorated definition without its decorators.
    fn def_span(&self, stmt: Span, decorators: &[ast::Decorator]) -> Span {
        let start = self.keyword_start(stmt.start, decorators.last().map(|d| d.end().to_u32()));
        Span::new(start, stmt.end)
    }

    pub(super) fn function_def(&mut self, f: &ast::StmtFunctionDef, stmt: Span) -> FuncId {
        let decorators = self.decorators(&f.decorator_list);
        let span = self.def_span(stmt, &f.decorator_list);
        let head = self.function_head(f, decorators, span);
        let body = self.within(head.scope, Some(head.function), None, |lw| {
            lw.block(&f.body, f.range)
        });
        if let Some(func) = self.m.functions.get_mut(head.function.index()) {
            func.body = FunctionBody::Block(body);
        }
        if let Some((class, member)) = head.member {
            self.push_member(class, member);
        }
        head.function
    }

    fn function_head(
        &mut self,
        f: &ast::StmtFunctionDef,
        decorators: Vec<Decorator>,
        span: Span,
    ) -> FunctionHead {
        let name = if f.name.id.is_empty() {
            None
        } else {
            Some(f.name.id.to_string())
        };
        let name_span = name.as_ref().map(|_| sp(f.name.range));
        let class = self.class_body();
        let has = |d: &[Decorator], names: &[&str]| {
            d.iter().any(|x| {
                names
                    .iter()
                    .any(|n| x.name == *n || x.name.ends_with(&format!(".{n}")))
            })
        };
        let kind = match (class, name.as_deref()) {
            (None, _) => FunctionKind::Declaration,
            (Some(_), Some("__init__")) => FunctionKind::Constructor,
            _ if has(&decorators, &["property", "cached_property"]) => FunctionKind::Getter,
            _ if decorators.iter().any(|d| d.name.ends_with(".setter")) => FunctionKind::Setter,
            _ => FunctionKind::Method,
        };
        let is_static = class.is_some() && has(&decorators, &["staticmethod", "classmethod"]);
        let type_params = self.type_params(f.type_params.as_deref());
        let function = self.m.push_function(Function {
            name: name.clone(),
            name_source: if name.is_some() {
                NameSource::Declared
            } else {
                NameSource::Anonymous
            },
            kind,
            params: Vec::new(),
            is_async: f.is_async,
            is_generator: false,
            decorators: decorators.clone(),
            body: FunctionBody::None,
            return_type: None,
            type_params,
            class,
            parent: self.func,
            is_static,
            visibility: None,
            doc_throws: Vec::new(),
            span,
            name_span,
        });
        if let (Some(n), Some(name)) = (name_span, &name) {
            self.scopes.declare(Decl {
                scope: self.scope,
                name: name.clone(),
                kind: BindingKind::Function { function },
                span: n,
                origin: BindingOrigin::none(),
                assigns: true,
                site: DeclSite::None,
            });
        }
        let fn_scope = self
            .scopes
            .push(ScopeKind::Function, self.scope, Some(function));
        let params = self.params(&f.parameters, function, fn_scope);
        let return_type = f.returns.as_deref().map(|t| self.annotation(t));
        if let Some(func) = self.m.functions.get_mut(function.index()) {
            func.params = params;
            func.return_type = return_type;
        }
        let member = match (class, name) {
            (Some(class), Some(name)) => {
                let member_kind = match kind {
                    FunctionKind::Constructor => MemberKind::Constructor { function },
                    FunctionKind::Getter => MemberKind::Getter { function },
                    FunctionKind::Setter => MemberKind::Setter { function },
                    _ => MemberKind::Method { function },
                };
                Some((
                    class,
                    ClassMember {
                        name: MemberName::Ident(name),
                        kind: member_kind,
                        is_static,
                        visibility: None,
                        decorators,
                        readonly: false,
                        optional: false,
                        span,
                    },
                ))
            }
            _ => None,
        };
        FunctionHead {
            function,
            scope: fn_scope,
            member,
        }
    }

    pub(super) fn push_member(&mut self, class: ClassId, member: ClassMember) {
        if let Some(c) = self.m.classes.get_mut(class.index()) {
            c.members.push(member);
        }
    }

    pub(super) fn lambda(&mut self, l: &ast::ExprLambda, span: Span) -> ExprId {
        let function = self.m.push_function(Function {
            name: None,
            name_source: NameSource::Anonymous,
            kind: FunctionKind::Lambda,
            params: Vec::new(),
            is_async: false,
            is_generator: false,
            decorators: Vec::new(),
            body: FunctionBody::None,
            return_type: None,
            type_params: Vec::new(),
            class: self.class_body(),
            parent: self.func,
            is_static: false,
            visibility: None,
            doc_throws: Vec::new(),
            span,
            name_span: None,
        });
        let fn_scope = self
            .scopes
            .push(ScopeKind::Function, self.scope, Some(function));
        let params = match l.parameters.as_deref() {
            Some(p) => self.params(p, function, fn_scope),
            None => Vec::new(),
        };
        let body = self.within(fn_scope, Some(function), None, |lw| lw.expr(&l.body));
        if let Some(f) = self.m.functions.get_mut(function.index()) {
            f.params = params;
            f.body = FunctionBody::Expr(body);
        }
        self.m.push_expr(ExprKind::Function { function }, span)
    }

    /// Parameters, in source order.
    fn params(&mut self, list: &ast::Parameters, function: FuncId, fn_scope: usize) -> Vec<Param> {
        let mut out: Vec<Param> = Vec::new();
        for p in &list.posonlyargs {
            self.param(
                &p.parameter,
                p.default.as_deref(),
                ParamKind::PositionalOnly,
                sp(p.range),
                function,
                fn_scope,
                &mut out,
            );
        }
        for p in &list.args {
            self.param(
                &p.parameter,
                p.default.as_deref(),
                ParamKind::Normal,
                sp(p.range),
                function,
                fn_scope,
                &mut out,
            );
        }
        if let Some(p) = list.vararg.as_deref() {
            let span = self.starred_span(p);
            self.param(p, None, ParamKind::Rest, span, function, fn_scope, &mut out);
        }
        for p in &list.kwonlyargs {
            self.param(
                &p.parameter,
                p.default.as_deref(),
                ParamKind::KeywordOnly,
                sp(p.range),
                function,
                fn_scope,
                &mut out,
            );
        }
        if let Some(p) = list.kwarg.as_deref() {
            let span = self.starred_span(p);
            self.param(
                p,
                None,
                ParamKind::KeywordRest,
                span,
                function,
                fn_scope,
                &mut out,
            );
        }
        out
    }

    /// `*args` / `**kwargs` with the stars.
    fn starred_span(&self, p: &ast::Parameter) -> Span {
        let b = self.src.as_bytes();
        let mut start = p.name.range.start().to_usize();
        let mut i = start;
        while i > 0 && matches!(b[i - 1], b' ' | b'\t') {
            i -= 1;
        }
        while i > 0 && b[i - 1] == b'*' {
            i -= 1;
            start = i;
        }
        Span::new(
            start as u32,
            p.range.end().to_u32().max(p.name.range.end().to_u32()),
        )
    }

    #[allow(clippy::too_many_arguments)]
    fn param(
        &mut self,
        p: &ast::Parameter,
        default: Option<&Expr>,
        kind: ParamKind,
        span: Span,
        function: FuncId,
        fn_scope: usize,
        out: &mut Vec<Param>,
    ) {
        let default = default.map(|d| self.expr(d));
        let type_annotation = p.annotation.as_deref().map(|t| self.annotation(t));
        let index = u32::try_from(out.len()).unwrap_or(u32::MAX);
        let bind = Bind {
            kind: BindingKind::Param { function, index },
            init: default,
            scope: fn_scope,
        };
        let pattern = self.bind_name(p.name.id.as_str(), sp(p.name.range), &bind, Vec::new());
        out.push(Param {
            pattern,
            default,
            kind,
            type_annotation,
            decorators: Box::default(),
            property_visibility: None,
            optional: default.is_some(),
            span,
        });
    }

    fn type_params(&self, tp: Option<&ast::TypeParams>) -> Vec<String> {
        tp.map(|tp| {
            tp.type_params
                .iter()
                .map(|t| collapse_whitespace(self.text(t.range())))
                .collect()
        })
        .unwrap_or_default()
    }

    pub(super) fn class_def(&mut self, c: &ast::StmtClassDef, stmt: Span) -> ClassId {
        let decorators = self.decorators(&c.decorator_list);
        let span = self.def_span(stmt, &c.decorator_list);
        let (class, class_scope) = self.class_head(c, decorators, span);
        let stmts = self.within(class_scope, self.func, Some(class), |lw| {
            lw.block(&c.body, c.range)
        });
        if let Some(cl) = self.m.classes.get_mut(class.index()) {
            cl.body = stmts;
        }
        class
    }

    fn class_head(
        &mut self,
        c: &ast::StmtClassDef,
        decorators: Vec<Decorator>,
        span: Span,
    ) -> (ClassId, usize) {
        let name = if c.name.id.is_empty() {
            None
        } else {
            Some(c.name.id.to_string())
        };
        let name_span = name.as_ref().map(|_| sp(c.name.range));
        let mut extends = Vec::new();
        let mut keywords = Vec::new();
        if let Some(list) = c.arguments.as_deref() {
            for arg in self.args(list) {
                if arg.name.is_some() || arg.keyword_spread {
                    keywords.push(arg);
                } else {
                    extends.push(arg.value);
                }
            }
        }
        let chain_ends = |m: &Model, id: ExprId, last: &str| {
            m.member_chain(id)
                .is_some_and(|c| c.last().is_some_and(|l| *l == last))
        };
        let is_abstract = extends.iter().any(|e| chain_ends(&self.m, *e, "ABC"))
            || keywords.iter().any(|k| {
                k.name.as_deref() == Some("metaclass") && chain_ends(&self.m, k.value, "ABCMeta")
            });
        let outer_class = self.class_body();
        let type_params = self.type_params(c.type_params.as_deref());
        let class = self.m.push_class(Class {
            name: name.clone(),
            name_source: NameSource::Declared,
            extends,
            implements: Vec::new(),
            keywords,
            members: Vec::new(),
            body: Vec::new(),
            decorators: decorators.clone(),
            type_params,
            is_abstract,
            parent: self.func,
            span,
            name_span,
        });
        if let (Some(n), Some(name)) = (name_span, &name) {
            self.scopes.declare(Decl {
                scope: self.scope,
                name: name.clone(),
                kind: BindingKind::Class { class },
                span: n,
                origin: BindingOrigin::none(),
                assigns: true,
                site: DeclSite::None,
            });
        }
        if let (Some(outer), Some(name)) = (outer_class, name) {
            self.push_member(
                outer,
                ClassMember {
                    name: MemberName::Ident(name),
                    kind: MemberKind::Other,
                    is_static: true,
                    visibility: None,
                    decorators,
                    readonly: false,
                    optional: false,
                    span,
                },
            );
        }
        let class_scope = self.scopes.push(ScopeKind::Class, self.scope, self.func);
        (class, class_scope)
    }

    /// A type annotation: its text, and its shape where the syntax shows one.
    pub(super) fn annotation(&mut self, e: &Expr) -> TypeAnnotation {
        // With the parentheses written around it, as the concrete tree's `type` node had.
        let whole =
            ruff_text_size::TextRange::up_to(ruff_text_size::TextSize::from(self.src.len() as u32));
        let span = self.outer(e, whole);
        TypeAnnotation {
            text: collapse_whitespace(self.text_span(span)).into(),
            shape: self.type_shape(e),
            span,
        }
    }

    fn type_shape(&mut self, e: &Expr) -> TypeRef {
        if !self.descend(sp(e.range())) {
            return TypeRef::Unknown;
        }
        let shape = self.type_shape_kind(e);
        self.ascend();
        shape
    }

    fn type_shape_kind(&mut self, e: &Expr) -> TypeRef {
        match e {
            Expr::NoneLiteral(_) => TypeRef::Keyword {
                name: "None".into(),
            },
            Expr::Name(_) | Expr::Attribute(_) => {
                let name = self.dotted(e);
                self.named_type(name, Vec::new())
            }
            Expr::Subscript(s) => {
                let base = self.dotted(&s.value);
                let args: Vec<&Expr> = match &*s.slice {
                    Expr::Tuple(t) if !t.parenthesized => t.elts.iter().collect(),
                    one => vec![one],
                };
                self.generic(base, &args)
            }
            Expr::BinOp(b) if b.op == ast::Operator::BitOr => {
                let mut variants = Vec::new();
                for side in [&b.left, &b.right] {
                    push_union(&mut variants, self.type_shape(side));
                }
                TypeRef::Union { variants }
            }
            Expr::StringLiteral(_) | Expr::BytesLiteral(_) | Expr::FString(_) => {
                match self.static_string(e) {
                    Some(s) if is_dotted_name(s.trim()) => {
                        self.named_type(s.trim().to_string(), Vec::new())
                    }
                    _ => TypeRef::Unknown,
                }
            }
            _ => TypeRef::Unknown,
        }
    }

    fn generic(&mut self, base: String, args: &[&Expr]) -> TypeRef {
        let last = base.rsplit('.').next().unwrap_or("");
        match last {
            "Literal" => {
                let mut variants = Vec::new();
                for a in args {
                    let shape = match self.literal_value(a) {
                        Some(value) => TypeRef::Literal { value },
                        None => self.type_shape(a),
                    };
                    variants.push(shape);
                }
                if variants.len() == 1 {
                    variants.pop().unwrap_or(TypeRef::Unknown)
                } else {
                    TypeRef::Union { variants }
                }
            }
            "Union" => {
                let mut variants = Vec::new();
                for a in args {
                    push_union(&mut variants, self.type_shape(a));
                }
                TypeRef::Union { variants }
            }
            "Callable" => TypeRef::Function,
            _ => {
                let args = args.iter().map(|a| self.type_shape(a)).collect();
                self.named_type(base, args)
            }
        }
    }

    fn named_type(&self, name: String, args: Vec<TypeRef>) -> TypeRef {
        if args.is_empty() && TYPE_KEYWORDS.contains(&name.as_str()) {
            TypeRef::Keyword { name: name.into() }
        } else {
            TypeRef::Named {
                name: name.into(),
                args: args.into(),
            }
        }
    }

    fn literal_value(&self, e: &Expr) -> Option<LiteralValue> {
        match e {
            Expr::StringLiteral(_) | Expr::BytesLiteral(_) | Expr::FString(_) => {
                self.static_string(e).map(|value| LiteralValue::String {
                    value: value.into(),
                })
            }
            Expr::NumberLiteral(n) => {
                let raw = self.text(n.range).to_string();
                Some(LiteralValue::Number(Box::new(NumberLiteral {
                    value: super::super::strings::number_value(&raw),
                    raw: raw.into(),
                })))
            }
            Expr::UnaryOp(u) if u.op != ast::UnaryOp::Not => {
                let negative = u.op == ast::UnaryOp::USub;
                match self.literal_value(&u.operand)? {
                    LiteralValue::Number(n) => {
                        Some(LiteralValue::Number(Box::new(NumberLiteral {
                            value: if negative { -n.value } else { n.value },
                            raw: collapse_whitespace(self.text(u.range)).into(),
                        })))
                    }
                    _ => None,
                }
            }
            Expr::BooleanLiteral(b) => Some(LiteralValue::Bool { value: b.value }),
            Expr::NoneLiteral(_) => Some(LiteralValue::Null),
            _ => None,
        }
    }

    fn dotted(&self, e: &Expr) -> String {
        self.text(e.range()).split_whitespace().collect()
    }
}

fn push_union(variants: &mut Vec<TypeRef>, shape: TypeRef) {
    match shape {
        TypeRef::Union { variants: inner } => variants.extend(inner),
        other => variants.push(other),
    }
}

fn is_dotted_name(s: &str) -> bool {
    !s.is_empty()
        && s.split('.').all(|part| {
            let mut chars = part.chars();
            chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
                && chars.all(|c| c.is_alphanumeric() || c == '_')
        })
}
