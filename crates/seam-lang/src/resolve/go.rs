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
use super::{concat, parent_dir};
use crate::model::{BindingKind, Export, ExportTarget, Language, Model, ReExport};
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
                        .entry(b.name.clone())
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
                    crate::model::ImportedItem::Named(n) => package
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
