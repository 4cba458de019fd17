//! Go: packages are directories, and a package is one namespace spread over its files.
//!
//! - An import path names a directory through the `go.mod` whose `module` path is its
//!   longest prefix (`example.com/shop/internal/api` under `module example.com/shop` in
//!   `svc/go.mod` is `svc/internal/api`); a path no module of the repository holds (the
//!   standard library, third-party modules) stays unresolved.
//! - A package resolves to one file of its directory, its *front file* (the first by path
//!   that is not a `_test.go` file). The front file re-exports every package-level name its
//!   siblings declare (`from` with specifier `.`), so a lookup of `api.Register` in the front
//!   file reaches the file that declares it, whichever it is.
//! - The implicit import of a file's own package (specifier `.`, see the Go lowering) resolves
//!   to the front file of the file's directory, and each of its names to the declaring file.
//! - A package may declare a name Go predeclares (`func new(…)`, `func len(…)`): the
//!   package's declaration shadows the builtin in every file of the package. The lowering of
//!   one file cannot know that for names declared in its siblings, so it leaves those reads
//!   unbound; resolution binds them to the implicit import of the package, as it would any
//!   other package-level name.
use super::{concat, parent_dir};
use crate::lower::go::BUILTINS;
use crate::model::{
    Binding, BindingKind, BindingOrigin, Export, ExportTarget, ExprKind, Import, ImportKind,
    ImportedItem, ImportedName, Language, Model, ReExport,
};
use crate::project::{Manifest, ManifestKind};
use std::collections::BTreeMap;

/// The packages of a project: directories of Go files and the names each file declares.
#[derive(Debug, Default)]
pub struct GoPackages {
    /// (module path, module directory) of every `go.mod`, longest path first.
    modules: Vec<(String, String)>,
    /// Directory → its package.
    packages: BTreeMap<String, Package>,
}

#[derive(Debug, Default)]
struct Package {
    front: Option<String>,
    /// Package-level name → the file declaring it (the first by path).
    names: BTreeMap<String, String>,
}

fn is_test_file(path: &str) -> bool {
    path.ends_with("_test.go")
}

impl GoPackages {
    pub fn new(models: &[Model], manifests: &[Manifest]) -> GoPackages {
        let mut modules: Vec<(String, String)> = manifests
            .iter()
            .filter(|m| m.kind == ManifestKind::GoMod)
            .filter_map(|m| Some((m.name.clone()?, m.dir.clone())))
            .collect();
        modules.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then_with(|| a.cmp(b)));
        let mut packages: BTreeMap<String, Package> = BTreeMap::new();
        let mut go_models: Vec<&Model> = models
            .iter()
            .filter(|m| m.language == Language::Go && !is_test_file(&m.path))
            .collect();
        go_models.sort_by(|a, b| a.path.cmp(&b.path));
        for model in go_models {
            let package = packages
                .entry(parent_dir(&model.path).to_string())
                .or_default();
            if package.front.is_none() {
                package.front = Some(model.path.clone());
            }
            for b in &model.bindings {
                let declares = b.scope.is_none()
                    && matches!(
                        b.kind,
                        BindingKind::Function { .. }
                            | BindingKind::Class { .. }
                            | BindingKind::Var { .. }
                            | BindingKind::TypeDecl { .. }
                    );
                if declares {
                    package
                        .names
                        .entry(b.name.to_string())
                        .or_insert_with(|| model.path.clone());
                }
            }
        }
        GoPackages { modules, packages }
    }

    pub fn is_empty(&self) -> bool {
        self.packages.is_empty()
    }

    /// The directory an import path names in this repository.
    fn directory(&self, import_path: &str) -> Option<String> {
        self.modules.iter().find_map(|(module, dir)| {
            let rest = if import_path == module {
                ""
            } else {
                import_path
                    .strip_prefix(module.as_str())?
                    .strip_prefix('/')?
            };
            Some(concat(dir, rest))
        })
    }

    /// Fills the `resolved` fields of one Go model, and the front file's re-exports.
    pub fn resolve_model(&self, model: &mut Model) {
        let own_dir = parent_dir(&model.path).to_string();
        if let Some(package) = self.packages.get(&own_dir) {
            bind_shadowed_builtins(model, package);
        }
        for import in &mut model.imports {
            let dir = if import.specifier == "." {
                Some(own_dir.clone())
            } else {
                self.directory(&import.specifier)
            };
            let package = dir.as_ref().and_then(|d| self.packages.get(d));
            import.resolved = package.and_then(|p| p.front.clone());
            for name in &mut import.names {
                name.resolved = match &name.imported {
                    ImportedItem::Named(n) => package
                        .and_then(|p| p.names.get(n).cloned())
                        .or_else(|| import.resolved.clone()),
                    _ => import.resolved.clone(),
                };
            }
        }
        let Some(package) = self.packages.get(&own_dir) else {
            return;
        };
        if package.front.as_deref() != Some(model.path.as_str()) {
            return;
        }
        for (name, file) in &package.names {
            if *file == model.path || model.exports.iter().any(|e| e.exported == *name) {
                continue;
            }
            model.exports.push(Export {
                exported: name.clone(),
                local: None,
                target: ExportTarget::None,
                from: Some(ReExport {
                    specifier: ".".to_string(),
                    imported: name.clone(),
                    resolved: Some(file.clone()),
                }),
                type_only: false,
                span: Default::default(),
            });
        }
    }
}

/// Binds the reads of a builtin's name (`new`, `len`, …) that a sibling file of the package
/// declares to the file's implicit import of its own package (specifier `.`), creating that
/// import when the file reads no other name of its package.
fn bind_shadowed_builtins(model: &mut Model, package: &Package) {
    let shadowed: Vec<(usize, String)> = model
        .exprs
        .iter()
        .enumerate()
        .filter_map(|(i, e)| match &e.kind {
            ExprKind::Ident {
                name,
                binding: None,
            } if BUILTINS.contains(&name.as_str())
                && package
                    .names
                    .get(name.as_str())
                    .is_some_and(|f| *f != model.path) =>
            {
                Some((i, name.to_string()))
            }
            _ => None,
        })
        .collect();
    if shadowed.is_empty() {
        return;
    }
    let import = match model.imports.iter().position(|i| i.specifier == ".") {
        Some(i) => i,
        None => {
            model.imports.push(Import {
                specifier: ".".to_string(),
                kind: ImportKind::Static,
                level: 0,
                names: Vec::new(),
                type_only: false,
                span: model.exprs[shadowed[0].0].span,
                resolved: None,
            });
            model.imports.len() - 1
        }
    };
    for (expr, name) in shadowed {
        let existing = model.imports[import]
            .names
            .iter()
            .find(|n| n.local == name)
            .and_then(|n| n.binding);
        let binding = match existing {
            Some(b) => b,
            None => {
                let at = model.exprs[expr].span;
                let binding = model.push_binding(Binding {
                    name: name.as_str().into(),
                    kind: BindingKind::Import {
                        import: u32::try_from(import).unwrap_or(u32::MAX),
                        name: u32::try_from(model.imports[import].names.len()).unwrap_or(u32::MAX),
                    },
                    scope: None,
                    origin: BindingOrigin::none(),
                    reassigned: false,
                    span: at,
                });
                model.imports[import].names.push(ImportedName {
                    imported: ImportedItem::Named(name.clone()),
                    local: name,
                    binding: Some(binding),
                    type_only: false,
                    span: at,
                    resolved: None,
                });
                binding
            }
        };
        if let ExprKind::Ident { binding: b, .. } = &mut model.exprs[expr].kind {
            *b = Some(binding);
        }
    }
}
