//! Module items: ES imports and exports, TS `import x = require()` / `export =`, and the
//! CommonJS forms (`module.exports = …`, `exports.x = …`), which are real exports too.
use super::functions::FnSite;
use super::{Lowerer, sp};
use crate::model::{
    BindingKind, BindingOrigin, Export, ExportTarget, ExprId, ExprKind, Import, ImportKind,
    ImportedItem, ImportedName, NameSource, ObjectProp, ReExport, StmtId, StmtKind,
};
use oxc_ast::ast::{
    AssignmentExpression, AssignmentTarget, ExportDefaultDeclarationKind, Expression,
    ImportDeclarationSpecifier, ImportOrExportKind, ModuleDeclaration, ModuleExportName,
    TSImportEqualsDeclaration, TSModuleReference,
};
use oxc_span::GetSpan;

fn export_name(n: &ModuleExportName<'_>) -> String {
    match n {
        ModuleExportName::IdentifierName(i) => i.name.as_str().to_string(),
        ModuleExportName::IdentifierReference(r) => r.name.as_str().to_string(),
        ModuleExportName::StringLiteral(s) => s.value.as_str().to_string(),
    }
}

fn is_type(k: ImportOrExportKind) -> bool {
    k == ImportOrExportKind::Type
}

impl Lowerer<'_> {
    fn exports_count(&self) -> bool {
        self.namespace_depth == 0
    }

    fn push_export(&mut self, e: Export) -> Option<usize> {
        if !self.exports_count() {
            return None;
        }
        self.m.exports.push(e);
        Some(self.m.exports.len() - 1)
    }

    pub(crate) fn lower_module_decl(&mut self, m: &ModuleDeclaration<'_>) -> StmtId {
        let span = sp(m.span());
        match m {
            ModuleDeclaration::ImportDeclaration(d) => {
                let index = u32::try_from(self.m.imports.len()).unwrap_or(u32::MAX);
                let kind = if d.specifiers.is_none() {
                    ImportKind::SideEffect
                } else {
                    ImportKind::Static
                };
                self.m.imports.push(Import {
                    specifier: d.source.value.as_str().to_string(),
                    kind,
                    level: 0,
                    names: Vec::new(),
                    type_only: is_type(d.import_kind),
                    span,
                    resolved: None,
                });
                for (j, spec) in d.specifiers.iter().flatten().enumerate() {
                    let (imported, local, type_only, spec_span) = match spec {
                        ImportDeclarationSpecifier::ImportSpecifier(s) => (
                            ImportedItem::Named(export_name(&s.imported)),
                            &s.local,
                            is_type(s.import_kind),
                            s.span,
                        ),
                        ImportDeclarationSpecifier::ImportDefaultSpecifier(s) => {
                            (ImportedItem::Default, &s.local, false, s.span)
                        }
                        ImportDeclarationSpecifier::ImportNamespaceSpecifier(s) => {
                            (ImportedItem::Namespace, &s.local, false, s.span)
                        }
                    };
                    let name = u32::try_from(j).unwrap_or(u32::MAX);
                    let binding = self.declare(
                        local,
                        BindingKind::Import {
                            import: index,
                            name,
                        },
                        BindingOrigin::none(),
                    );
                    if let Some(imp) = self.m.imports.get_mut(index as usize) {
                        imp.names.push(ImportedName {
                            imported,
                            local: local.name.as_str().to_string(),
                            binding: Some(binding),
                            type_only,
                            span: sp(spec_span),
                            resolved: None,
                        });
                    }
                }
                self.m.push_stmt(StmtKind::Import { import: index }, span)
            }
            ModuleDeclaration::ExportNamedDeclaration(d) => {
                for s in &d.specifiers {
                    let local = export_name(&s.local);
                    let symbol = match &s.local {
                        ModuleExportName::IdentifierReference(r) => self.reference_symbol(r),
                        _ => None,
                    };
                    let idx = self.push_export(Export {
                        exported: export_name(&s.exported),
                        local: Some(local),
                        target: ExportTarget::None,
                        from: None,
                        type_only: is_type(d.export_kind) || is_type(s.export_kind),
                        span: sp(s.span),
                    });
                    if let (Some(idx), Some(symbol)) = (idx, symbol) {
                        self.pending_exports.push((idx, symbol));
                    }
                }
                self.m.push_stmt(StmtKind::Export { decl: None }, span)
            }
            ModuleDeclaration::ExportFromDeclaration(d) => {
                for s in &d.specifiers {
                    self.push_export(Export {
                        exported: export_name(&s.exported),
                        local: None,
                        target: ExportTarget::None,
                        from: Some(ReExport {
                            specifier: d.source.value.as_str().to_string(),
                            imported: export_name(&s.local),
                            resolved: None,
                        }),
                        type_only: is_type(d.export_kind) || is_type(s.export_kind),
                        span: sp(s.span),
                    });
                }
                self.m.push_stmt(StmtKind::Export { decl: None }, span)
            }
            ModuleDeclaration::ExportAllDeclaration(d) => {
                self.push_export(Export {
                    exported: d
                        .exported
                        .as_ref()
                        .map(export_name)
                        .unwrap_or_else(|| "*".to_string()),
                    local: None,
                    target: ExportTarget::None,
                    from: Some(ReExport {
                        specifier: d.source.value.as_str().to_string(),
                        imported: "*".to_string(),
                        resolved: None,
                    }),
                    type_only: is_type(d.export_kind),
                    span,
                });
                self.m.push_stmt(StmtKind::Export { decl: None }, span)
            }
            ModuleDeclaration::ExportDeclaration(d) => {
                let (inner, names) = self.lower_declaration(&d.declaration, d.span.start);
                for n in names {
                    self.push_export(Export {
                        exported: n.name.clone(),
                        local: Some(n.name),
                        target: n.target,
                        from: None,
                        type_only: n.type_only,
                        span,
                    });
                }
                self.m
                    .push_stmt(StmtKind::Export { decl: Some(inner) }, span)
            }
            ModuleDeclaration::ExportDefaultDeclaration(d) => {
                let default_site = FnSite {
                    name: Some("default".to_string()),
                    name_source: NameSource::DefaultExport,
                    doc_anchor: Some(d.span.start),
                    ..FnSite::anonymous()
                };
                let mut symbol = None;
                let (inner, local, target, type_only) = match &d.declaration {
                    ExportDefaultDeclarationKind::FunctionDeclaration(f) => {
                        let function = self.lower_function(f, default_site);
                        let stmt = self
                            .m
                            .push_stmt(StmtKind::FunctionDecl { function }, sp(f.span));
                        let local = f.id.as_ref().map(|i| i.name.as_str().to_string());
                        (stmt, local, ExportTarget::Function(function), false)
                    }
                    ExportDefaultDeclarationKind::ClassDeclaration(c) => {
                        let class = self.lower_class(c, default_site);
                        let stmt = self.m.push_stmt(StmtKind::ClassDecl { class }, sp(c.span));
                        let local = c.id.as_ref().map(|i| i.name.as_str().to_string());
                        (stmt, local, ExportTarget::Class(class), false)
                    }
                    ExportDefaultDeclarationKind::TSInterfaceDeclaration(i) => {
                        let stmt = self.lower_interface(i);
                        let target = match self.m.stmt(stmt).kind {
                            StmtKind::TypeDecl { decl } => ExportTarget::TypeDecl(decl),
                            _ => ExportTarget::None,
                        };
                        (stmt, Some(i.id.name.as_str().to_string()), target, true)
                    }
                    other => match other.as_expression() {
                        Some(e) => {
                            symbol = self.ident_symbol(e);
                            let (stmt, local, target) = self.default_export_expr(e, default_site);
                            (stmt, local, target, false)
                        }
                        None => (
                            self.m.push_stmt(StmtKind::Other, span),
                            None,
                            ExportTarget::None,
                            false,
                        ),
                    },
                };
                self.export_with_symbol(
                    Export {
                        exported: "default".to_string(),
                        local,
                        target,
                        from: None,
                        type_only,
                        span,
                    },
                    symbol,
                );
                self.m
                    .push_stmt(StmtKind::Export { decl: Some(inner) }, span)
            }
            ModuleDeclaration::TSExportAssignment(a) => {
                // `export = x` is the TS spelling of `module.exports = x`: the default export.
                let site = FnSite {
                    name: Some("default".to_string()),
                    name_source: NameSource::DefaultExport,
                    doc_anchor: Some(a.span.start),
                    ..FnSite::anonymous()
                };
                let (inner, local, target) = self.default_export_expr(&a.expression, site);
                let symbol = self.ident_symbol(&a.expression);
                self.export_with_symbol(
                    Export {
                        exported: "default".to_string(),
                        local,
                        target,
                        from: None,
                        type_only: false,
                        span,
                    },
                    symbol,
                );
                self.m
                    .push_stmt(StmtKind::Export { decl: Some(inner) }, span)
            }
            ModuleDeclaration::TSNamespaceExportDeclaration(_) => {
                self.m.push_stmt(StmtKind::Other, span)
            }
        }
    }

    fn ident_symbol(&self, e: &Expression<'_>) -> Option<oxc_syntax::symbol::SymbolId> {
        match super::exprs::unwrap_transparent(e) {
            Expression::Identifier(r) => self.reference_symbol(r),
            _ => None,
        }
    }

    fn export_with_symbol(&mut self, e: Export, symbol: Option<oxc_syntax::symbol::SymbolId>) {
        let idx = self.push_export(e);
        if let (Some(idx), Some(s)) = (idx, symbol) {
            self.pending_exports.push((idx, s));
        }
    }

    /// `export default <expr>`: the expression statement, the local name when the expression
    /// is a plain name, and what is exported. A name resolves later (its declaration may
    /// follow), so its target is filled in by [`Lowerer::finish`].
    fn default_export_expr(
        &mut self,
        e: &Expression<'_>,
        site: FnSite,
    ) -> (StmtId, Option<String>, ExportTarget) {
        let expr = self.lower_expr_site(e, Some(site));
        let stmt = self.m.push_stmt(StmtKind::Expr { expr }, sp(e.span()));
        let (local, target) = self.target_of_expr(expr);
        if let Some(s) = self.ident_symbol(e)
            && let Some(b) = self.symbol_binding.get(s.index()).copied().flatten()
        {
            return (stmt, local, ExportTarget::Binding(b));
        }
        (stmt, local, target)
    }

    /// What exporting a lowered expression exports.
    fn target_of_expr(&self, expr: ExprId) -> (Option<String>, ExportTarget) {
        match &self.m.expr(expr).kind {
            ExprKind::Ident { name, binding } => (
                Some(name.to_string()),
                binding.map_or(ExportTarget::Expr(expr), ExportTarget::Binding),
            ),
            ExprKind::Function { function } => (None, ExportTarget::Function(*function)),
            ExprKind::Class { class } => (None, ExportTarget::Class(*class)),
            _ => (None, ExportTarget::Expr(expr)),
        }
    }

    /// `import fs = require('fs')` is an import; `import X = A.B` an alias, kept opaque.
    pub(crate) fn lower_import_equals(&mut self, i: &TSImportEqualsDeclaration<'_>) -> StmtId {
        let TSModuleReference::ExternalModuleReference(ext) = &i.module_reference else {
            self.declare(
                &i.id,
                BindingKind::Var {
                    kind: crate::model::VarKind::Const,
                },
                BindingOrigin::none(),
            );
            return self.m.push_stmt(StmtKind::Other, sp(i.span));
        };
        let index = u32::try_from(self.m.imports.len()).unwrap_or(u32::MAX);
        self.m.imports.push(Import {
            specifier: ext.expression.value.as_str().to_string(),
            kind: ImportKind::Require,
            level: 0,
            names: Vec::new(),
            type_only: is_type(i.import_kind),
            span: sp(i.span),
            resolved: None,
        });
        let binding = self.declare(
            &i.id,
            BindingKind::Import {
                import: index,
                name: 0,
            },
            BindingOrigin::none(),
        );
        if let Some(imp) = self.m.imports.get_mut(index as usize) {
            imp.names.push(ImportedName {
                imported: ImportedItem::Namespace,
                local: i.id.name.as_str().to_string(),
                binding: Some(binding),
                type_only: false,
                span: sp(i.id.span),
                resolved: None,
            });
        }
        self.m
            .push_stmt(StmtKind::Import { import: index }, sp(i.span))
    }

    /// Whether an expression is the module's exports object: `module.exports` or `exports`,
    /// with `module`/`exports` not declared in the file.
    pub(crate) fn is_exports_object(&self, e: &Expression<'_>) -> bool {
        let is_free = |e: &Expression<'_>, name: &str| match e {
            Expression::Identifier(r) => {
                r.name.as_str() == name && self.reference_symbol(r).is_none()
            }
            _ => false,
        };
        match e {
            Expression::StaticMemberExpression(m) => {
                m.property.name.as_str() == "exports" && is_free(&m.object, "module")
            }
            e => is_free(e, "exports"),
        }
    }

    /// `module.exports = v`, `module.exports.x = v` and `exports.x = v` outside any function
    /// (with `module`/`exports` not declared in the file) are exports, and so is `helpers.x =
    /// v` through a name declared for the exports object (`const helpers = module.exports`).
    /// `module.exports = {…}` also exports each named property of the object.
    pub(crate) fn commonjs_export(&mut self, a: &AssignmentExpression<'_>, value: ExprId) {
        if !self.func_stack.is_empty() || !self.exports_count() {
            return;
        }
        let AssignmentTarget::StaticMemberExpression(m) = &a.left else {
            return;
        };
        let prop = m.property.name.as_str();
        let is_free = |l: &Self, e: &Expression<'_>, name: &str| match e {
            Expression::Identifier(r) => r.name.as_str() == name && l.reference_symbol(r).is_none(),
            _ => false,
        };
        let exported = if is_free(self, &m.object, "module") && prop == "exports" {
            "default".to_string()
        } else if is_free(self, &m.object, "exports") {
            prop.to_string()
        } else if let Expression::StaticMemberExpression(inner) = &m.object
            && inner.property.name.as_str() == "exports"
            && is_free(self, &inner.object, "module")
        {
            prop.to_string()
        } else if let Expression::Identifier(r) = &m.object
            && let Some(symbol) = self.reference_symbol(r)
            && self.exports_aliases.contains(&symbol)
            && !self.scoping.symbol_is_mutated(symbol)
        {
            prop.to_string()
        } else {
            return;
        };
        let span = sp(a.span);
        let (local, target) = self.target_of_expr(value);
        let symbol = self.ident_symbol(&a.right);
        let whole = exported == "default";
        self.export_with_symbol(
            Export {
                exported,
                local,
                target,
                from: None,
                type_only: false,
                span,
            },
            symbol,
        );
        if !whole {
            return;
        }
        let ExprKind::Object { props } = &self.m.expr(value).kind else {
            return;
        };
        let mut each = Vec::new();
        for p in props {
            match p {
                ObjectProp::KeyValue { key, value, .. } => {
                    if let Some(k) = key.as_str() {
                        each.push((k.to_string(), *value, None));
                    }
                }
                ObjectProp::Method { key, function, .. } => {
                    if let Some(k) = key.as_str() {
                        each.push((k.to_string(), value, Some(*function)));
                    }
                }
                ObjectProp::Spread { .. } => {}
            }
        }
        // Shorthand and named values resolve later: keep their symbols from the AST.
        let symbols: Vec<Option<oxc_syntax::symbol::SymbolId>> =
            match super::exprs::unwrap_transparent(&a.right) {
                Expression::ObjectExpression(o) => o
                    .properties
                    .iter()
                    .filter_map(|p| match p {
                        oxc_ast::ast::ObjectPropertyKind::ObjectProperty(p) => Some(p),
                        oxc_ast::ast::ObjectPropertyKind::SpreadProperty(_) => None,
                    })
                    .filter(|p| self.static_key_name(&p.key, p.computed).is_some())
                    .map(|p| self.ident_symbol(&p.value))
                    .collect(),
                _ => Vec::new(),
            };
        for (i, (name, v, function)) in each.into_iter().enumerate() {
            let (local, target) = match function {
                Some(f) => (None, ExportTarget::Function(f)),
                None => self.target_of_expr(v),
            };
            let symbol = symbols.get(i).copied().flatten();
            self.export_with_symbol(
                Export {
                    exported: name,
                    local,
                    target,
                    from: None,
                    type_only: false,
                    span,
                },
                symbol,
            );
        }
    }
}
