//! Module resolution across the files of a project.
//!
//! After every file is lowered, [`resolve_project`] fills [`Import::resolved`] and
//! [`ReExport::resolved`] with the repo-relative file a specifier names. Only files of the
//! project count ([`Project::files`]: never `node_modules`, build output or ignored files);
//! a specifier that names nothing there (a third-party package, a builtin, a typo) stays
//! `None`. Resolution reads no file system: it works on the walked paths and the manifests,
//! so it is deterministic and cheap.
//!
//! - JavaScript/TypeScript: see [`js`].
//! - Python: see [`python`].
//! - Java: see [`java`].
//! - Go: see [`go`].
//! - Kotlin (and the package index Java shares): see [`kotlin`].
//! - Rust: see [`rust`].
//! - PHP: see [`php`].
//!
//! [`Import::resolved`]: crate::model::Import::resolved
//! [`ReExport::resolved`]: crate::model::ReExport::resolved

pub mod csharp;
pub mod go;
pub mod java;
pub mod js;
pub mod kotlin;
pub mod php;
pub mod python;
mod ruby;
pub mod rust;

use crate::model::{ImportedItem, Model};
use crate::project::{Manifest, Project};
use rayon::prelude::*;
use std::collections::{BTreeMap, BTreeSet, HashSet};

/// Resolves specifiers against one project's files and manifests.
#[derive(Debug)]
pub struct Resolver<'p> {
    files: HashSet<&'p str>,
    dirs: HashSet<String>,
    manifests: &'p [Manifest],
    /// Workspace package name → index of its `package.json` in `manifests` (the first by
    /// path when two declare the same name).
    packages: BTreeMap<&'p str, usize>,
    /// Directory → the effective options of its `tsconfig.json` (or `jsconfig.json`).
    tsconfigs: BTreeMap<String, js::EffectiveTsConfig>,
    /// Directories of `pyproject.toml` files, sorted.
    pyproject_dirs: Vec<&'p str>,
    /// Every `.java` and `.kt` file by its file name (`User.java`), each list sorted: imports
    /// name types by their path's end, so only the files of that name are candidates.
    java_files: BTreeMap<&'p str, Vec<&'p str>>,
    /// Top-level names of Java and Kotlin files by package; empty until
    /// [`resolve_project`] fills it from the models.
    pub jvm: kotlin::JvmPackages,
    /// The types of the project's C# files by namespace.
    pub csharp: csharp::CsNamespaces,
}

impl<'p> Resolver<'p> {
    /// A resolver over `files` (repo-relative paths) and `manifests`.
    pub fn new(files: &'p [String], manifests: &'p [Manifest]) -> Resolver<'p> {
        let mut dirs = HashSet::new();
        for f in files {
            let mut rest = f.as_str();
            while let Some((dir, _)) = rest.rsplit_once('/') {
                if !dirs.insert(dir.to_string()) {
                    break;
                }
                rest = dir;
            }
        }
        let mut packages = BTreeMap::new();
        for (i, m) in manifests.iter().enumerate() {
            if m.kind == crate::project::ManifestKind::PackageJson
                && let Some(name) = &m.name
            {
                packages.entry(name.as_str()).or_insert(i);
            }
        }
        let pyproject_dirs = manifests
            .iter()
            .filter(|m| m.kind == crate::project::ManifestKind::Pyproject)
            .map(|m| m.dir.as_str())
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        let mut resolver = Resolver {
            files: files.iter().map(String::as_str).collect(),
            dirs,
            manifests,
            packages,
            tsconfigs: BTreeMap::new(),
            pyproject_dirs,
            java_files: {
                let mut v: Vec<&str> = files
                    .iter()
                    .map(String::as_str)
                    .filter(|f| f.ends_with(".java") || f.ends_with(".kt"))
                    .collect();
                v.sort_unstable();
                let mut by_name: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
                for f in v {
                    by_name.entry(file_name(f)).or_default().push(f);
                }
                by_name
            },
            jvm: kotlin::JvmPackages::default(),
            csharp: csharp::CsNamespaces::default(),
        };
        resolver.tsconfigs = js::effective_tsconfigs(&resolver);
        resolver
    }

    fn is_file(&self, path: &str) -> bool {
        self.files.contains(path)
    }

    fn is_dir(&self, path: &str) -> bool {
        path.is_empty() || self.dirs.contains(path)
    }

    /// Fills the `resolved` fields of one model's imports and re-exports.
    pub fn resolve_model(&self, model: &mut Model) {
        let from = model.path.clone();
        if model.language == crate::model::Language::Java {
            self.resolve_java_model(model);
        } else if model.language == crate::model::Language::Kotlin {
            self.resolve_kotlin_model(model);
        } else if model.language == crate::model::Language::CSharp {
            self.resolve_csharp_model(model);
        } else if model.language == crate::model::Language::Go
            || model.language == crate::model::Language::Rust
            || model.language == crate::model::Language::Php
        {
            // Go models are resolved by [`go::GoPackages`], which needs every model first;
            // Rust models by [`rust::RustCrates`], PHP models by [`php::PhpNamespaces`].
        } else if model.language == crate::model::Language::Ruby {
            self.resolve_ruby_model(model);
        } else if model.language.is_js_family() {
            for import in &mut model.imports {
                import.resolved = self.resolve_js(&from, &import.specifier);
                for name in &mut import.names {
                    name.resolved.clone_from(&import.resolved);
                }
            }
            for export in &mut model.exports {
                if let Some(re) = &mut export.from {
                    re.resolved = self.resolve_js(&from, &re.specifier);
                }
            }
        } else {
            for import in &mut model.imports {
                let named: Vec<&str> = import
                    .names
                    .iter()
                    .filter_map(|n| match &n.imported {
                        ImportedItem::Named(name) => Some(name.as_str()),
                        _ => None,
                    })
                    .collect();
                let single = match named.as_slice() {
                    [one] if import.names.len() == 1 => Some(one.to_string()),
                    _ => None,
                };
                import.resolved =
                    self.resolve_python(&from, &import.specifier, import.level, single.as_deref());
                for name in &mut import.names {
                    name.resolved = match &name.imported {
                        // The submodule when there is one, else the module itself.
                        ImportedItem::Named(n) if single.as_deref() != Some(n.as_str()) => {
                            self.resolve_python(&from, &import.specifier, import.level, Some(n))
                        }
                        _ => import.resolved.clone(),
                    };
                }
            }
            for export in &mut model.exports {
                if let Some(re) = &mut export.from {
                    re.resolved = self.resolve_python(&from, &re.specifier, 0, None);
                }
            }
        }
    }
}

/// Fills every `resolved` field of the project's models.
pub fn resolve_project(project: &mut Project) {
    let mut resolver = Resolver::new(&project.files, &project.manifests);
    resolver.jvm = kotlin::JvmPackages::new(&project.models);
    resolver.csharp = csharp::CsNamespaces::new(&project.models);
    let go = go::GoPackages::new(&project.models, &project.manifests);
    let rust = rust::RustCrates::new(&project.files, &project.manifests);
    let php = php::PhpNamespaces::new(&project.models, &project.manifests);
    project.models.par_iter_mut().for_each(|model| {
        if model.language == crate::model::Language::Go {
            go.resolve_model(model);
        } else if model.language == crate::model::Language::Rust {
            rust.resolve_model(model);
        } else if model.language == crate::model::Language::Php {
            php.resolve_model(model);
        } else {
            resolver.resolve_model(model);
        }
    });
}

/// The last component of a repository path (`a/b/User.java` → `User.java`).
fn file_name(path: &str) -> &str {
    path.rsplit_once('/').map_or(path, |(_, name)| name)
}

/// The directory of a repo-relative file path (`""` at the root).
fn parent_dir(path: &str) -> &str {
    path.rsplit_once('/').map(|(d, _)| d).unwrap_or("")
}

/// Joins `rel` (with `.`/`..` segments, `/`-separated) onto `dir`, normalising; `None` when
/// it climbs above the repository root.
fn join(dir: &str, rel: &str) -> Option<String> {
    let mut parts: Vec<&str> = dir.split('/').filter(|p| !p.is_empty()).collect();
    for seg in rel.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            s => parts.push(s),
        }
    }
    Some(parts.join("/"))
}

/// Joins two clean repo-relative paths.
fn concat(dir: &str, name: &str) -> String {
    if dir.is_empty() {
        name.to_string()
    } else if name.is_empty() {
        dir.to_string()
    } else {
        format!("{dir}/{name}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joins() {
        assert_eq!(join("a/b", "../c/./d"), Some("a/c/d".into()));
        assert_eq!(join("", "./x"), Some("x".into()));
        assert_eq!(join("a", "../../x"), None);
        assert_eq!(join("a", "."), Some("a".into()));
    }
}
