//! Module items: imports, `__all__`, exports.
use super::Lowerer;
use super::cst::{self, field, fields, named, span};
use super::scopes::{Decl, DeclSite};
use crate::model::*;
use tree_sitter::Node;

impl<'s> Lowerer<'s> {
    /// `import a.b`, `import a.b as c`, `import a, b`: one `Import` (and one statement) per
    /// module. `import a.b` binds `a`; the imported item is the namespace.
    pub(super) fn import_statement(&mut self, node: Node<'_>, out: &mut Vec<StmtId>) {
        for name in fields(node, self.f.name) {
            let (module, alias) = match cst::kind_of(name) {
                "aliased_import" => (field(name, self.f.name), field(name, self.f.alias)),
                _ => (Some(name), None),
            };
            let Some(module) = module else { continue };
            let specifier = self.dotted_text(module);
            let local_node = alias.or_else(|| cst::first_of_kind(module, "identifier"));
            let Some(local_node) = local_node else {
                continue;
            };
            let local = self.text(local_node).to_string();
            let index = self.push_import(Import {
                specifier,
                kind: ImportKind::Static,
                level: 0,
                names: vec![ImportedName {
                    imported: ImportedItem::Namespace,
                    local: local.clone(),
                    binding: None,
                    type_only: false,
                    span: span(name),
                    resolved: None,
                }],
                type_only: false,
                span: span(node),
                resolved: None,
            });
            self.declare_import(local, local_node, index, 0);
            out.push(
                self.m
                    .push_stmt(StmtKind::Import { import: index }, span(node)),
            );
        }
    }

    /// `from x import y as z`, `from . import y`, `from ..pkg import *`,
    /// `from __future__ import annotations`.
    pub(super) fn import_from_statement(&mut self, node: Node<'_>, out: &mut Vec<StmtId>) {
        let (specifier, level) = if cst::kind_of(node) == "future_import_statement" {
            ("__future__".to_string(), 0)
        } else {
            match field(node, self.f.module_name) {
                Some(m) if cst::kind_of(m) == "relative_import" => {
                    let level = cst::first_of_kind(m, "import_prefix")
                        .map_or(0, |p| self.text(p).matches('.').count());
                    let module = cst::first_of_kind(m, "dotted_name")
                        .map(|d| self.dotted_text(d))
                        .unwrap_or_default();
                    (module, u32::try_from(level).unwrap_or(u32::MAX))
                }
                Some(m) => (self.dotted_text(m), 0),
                None => (String::new(), 0),
            }
        };
        let index = u32::try_from(self.m.imports.len()).unwrap_or(u32::MAX);
        let mut names = Vec::new();
        let mut locals = Vec::new();
        for name in fields(node, self.f.name) {
            let (imported, alias) = match cst::kind_of(name) {
                "aliased_import" => (field(name, self.f.name), field(name, self.f.alias)),
                _ => (Some(name), None),
            };
            let Some(imported) = imported else { continue };
            let imported_text = self.dotted_text(imported);
            let local_node = alias.unwrap_or(imported);
            let local = self.text(local_node).to_string();
            locals.push((local.clone(), local_node, names.len()));
            names.push(ImportedName {
                imported: ImportedItem::Named(imported_text),
                local,
                binding: None,
                type_only: false,
                span: span(name),
                resolved: None,
            });
        }
        if let Some(star) = cst::first_of_kind(node, "wildcard_import") {
            names.push(ImportedName {
                imported: ImportedItem::All,
                local: "*".into(),
                binding: None,
                type_only: false,
                span: span(star),
                resolved: None,
            });
        }
        self.push_import(Import {
            specifier,
            kind: ImportKind::Static,
            level,
            names,
            type_only: false,
            span: span(node),
            resolved: None,
        });
        for (local, local_node, n) in locals {
            self.declare_import(
                local,
                local_node,
                index,
                u32::try_from(n).unwrap_or(u32::MAX),
            );
        }
        out.push(
            self.m
                .push_stmt(StmtKind::Import { import: index }, span(node)),
        );
    }

    fn push_import(&mut self, import: Import) -> u32 {
        self.m.imports.push(import);
        u32::try_from(self.m.imports.len() - 1).unwrap_or(u32::MAX)
    }

    fn declare_import(&mut self, local: String, node: Node<'_>, import: u32, name: u32) {
        self.scopes.declare(Decl {
            scope: self.scope,
            name: local,
            kind: BindingKind::Import { import, name },
            span: span(node),
            origin: BindingOrigin::none(),
            assigns: true,
            site: DeclSite::Import { import, name },
        });
    }

    /// `a.b.c` without whitespace or comments.
    fn dotted_text(&self, node: Node<'_>) -> String {
        let ids = cst::named_of_kind(node, "identifier");
        if ids.is_empty() {
            return self.text(node).split_whitespace().collect();
        }
        let parts: Vec<&str> = ids.iter().map(|i| self.text(*i)).collect();
        parts.join(".")
    }

    /// Records the names of a module-level `__all__ = [...]` (or `+= [...]`). Anything that
    /// is not a list or tuple of plain strings makes `__all__` unusable for exports.
    pub(super) fn dunder_all(&mut self, value: Node<'_>, extend: bool) {
        let all = &mut self.dunder_all;
        if !extend {
            all.names.clear();
            all.literal = true;
        } else if !all.seen {
            all.literal = false;
        }
        all.seen = true;
        if !matches!(cst::kind_of(value), "list" | "tuple") {
            self.dunder_all.literal = false;
            return;
        }
        let mut names = Vec::new();
        for item in named(value) {
            match self.static_string(item) {
                Some(s) => names.push((s, span(item))),
                None => {
                    self.dunder_all.literal = false;
                    return;
                }
            }
        }
        self.dunder_all.names.extend(names);
    }

    /// Fills `Model::exports` (see the module documentation for the rule).
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
                    exported: binding.name.clone(),
                    local: Some(binding.name.clone()),
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

    /// A name in `__all__` bound by an import is a re-export of that module's name. The
    /// specifier keeps a relative import's leading dots (`..pkg`).
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
}
