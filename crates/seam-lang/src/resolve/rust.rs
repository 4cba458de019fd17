//! Rust: modules are files of a crate, named by their path under the crate's source folder.
//!
//! - A file's crate is the nearest folder above it holding `lib.rs` or `main.rs` (its source
//!   folder, `src/`). Under it, `a/b.rs` and `a/b/mod.rs` are the module `crate::a::b`;
//!   `lib.rs`/`main.rs` are the crate itself.
//! - Another crate of the project is named by its package's name in its `Cargo.toml`, `-`
//!   written `_` (`rauthy-handlers` is `rauthy_handlers`): a path starting with that name is
//!   a module of that crate (its `src/lib.rs` and the files under it).
//! - A path resolves from the crate (`crate::a::b`), from the file's module (`self::x`, and a
//!   path whose first segment is a module declared there, `x::y`), or from its parent
//!   (`super::x`, any number of `super`s). A path starting with any other name is a crate
//!   the project does not hold and stays unresolved.
//! - `use a::b::c` (the lowering's name `c` of the module `a::b`) is the module `a::b::c` when
//!   that is a file of the crate (the import becomes a namespace import of it), else the name
//!   `c` of the file of `a::b`.
use crate::model::{ImportedItem, Model};
use crate::project::manifest::{Manifest, ManifestKind};
use std::collections::{BTreeMap, HashSet};

/// The Rust files of a project, for looking modules up.
#[derive(Debug, Default)]
pub struct RustCrates<'p> {
    files: HashSet<&'p str>,
    /// The library crates of the project by the name a path spells them with
    /// (`rauthy_handlers`), each its source folder (`src/api/src`).
    crates: BTreeMap<String, String>,
}

impl<'p> RustCrates<'p> {
    pub fn new(files: &'p [String], manifests: &[Manifest]) -> RustCrates<'p> {
        let files: HashSet<&'p str> = files
            .iter()
            .map(String::as_str)
            .filter(|f| f.ends_with(".rs"))
            .collect();
        let mut crates = BTreeMap::new();
        for m in manifests {
            let (ManifestKind::Cargo, Some(name)) = (&m.kind, &m.name) else {
                continue;
            };
            let src = if m.dir.is_empty() {
                "src".to_string()
            } else {
                format!("{}/src", m.dir)
            };
            if files.contains(format!("{src}/lib.rs").as_str()) {
                crates.entry(name.replace('-', "_")).or_insert(src);
            }
        }
        RustCrates { files, crates }
    }

    fn has(&self, path: &str) -> bool {
        self.files.contains(path)
    }

    /// The crate's source folder of a file and the file's module path under it.
    fn module_of(&self, path: &str) -> Option<(String, Vec<String>)> {
        let mut dir = path;
        while let Some((parent, _)) = dir.rsplit_once('/') {
            if self.is_crate_root(parent) {
                return Some((
                    parent.to_string(),
                    module_segments(&path[parent.len() + 1..]),
                ));
            }
            dir = parent;
        }
        if self.is_crate_root("") {
            return Some((String::new(), module_segments(path)));
        }
        None
    }

    fn is_crate_root(&self, dir: &str) -> bool {
        let join = |name: &str| {
            if dir.is_empty() {
                name.to_string()
            } else {
                format!("{dir}/{name}")
            }
        };
        self.has(&join("lib.rs")) || self.has(&join("main.rs"))
    }

    /// The file of a module of the crate rooted at `root`.
    fn module_file(&self, root: &str, segments: &[String]) -> Option<String> {
        let prefix = if root.is_empty() {
            String::new()
        } else {
            format!("{root}/")
        };
        if segments.is_empty() {
            return ["lib.rs", "main.rs"]
                .iter()
                .map(|n| format!("{prefix}{n}"))
                .find(|p| self.has(p));
        }
        let joined = segments.join("/");
        [
            format!("{prefix}{joined}.rs"),
            format!("{prefix}{joined}/mod.rs"),
        ]
        .into_iter()
        .find(|p| self.has(p))
    }

    /// The module a path names from the file whose module is `current` in the crate rooted at
    /// `root`, as that module's crate root and its segments under it; `None` for a crate the
    /// project does not hold.
    fn absolute(
        &self,
        root: &str,
        current: &[String],
        specifier: &str,
    ) -> Option<(String, Vec<String>)> {
        let segments: Vec<&str> = specifier.split("::").filter(|s| !s.is_empty()).collect();
        let (first, rest) = segments.split_first()?;
        let mut root = root.to_string();
        let mut base: Vec<String> = match *first {
            "crate" => Vec::new(),
            "self" => current.to_vec(),
            "super" => {
                let mut b = current.to_vec();
                b.pop()?;
                b
            }
            name => {
                // `mod x;` in this file, then `x::y`: a module under the current one; else
                // another crate of the project (`rauthy_handlers::api_keys`).
                let mut b = current.to_vec();
                b.push(name.to_string());
                if self.module_file(&root, &b).is_some() {
                    b
                } else {
                    root = self.crates.get(name)?.clone();
                    Vec::new()
                }
            }
        };
        for s in rest {
            if *s == "super" {
                base.pop()?;
            } else if *s != "self" {
                base.push((*s).to_string());
            }
        }
        Some((root, base))
    }

    /// Fills the `resolved` fields of one Rust model's imports.
    pub fn resolve_model(&self, model: &mut Model) {
        let Some((root, current)) = self.module_of(&model.path) else {
            return;
        };
        for import in &mut model.imports {
            let Some((root, module)) = self.absolute(&root, &current, &import.specifier) else {
                continue;
            };
            for name in &mut import.names {
                if let ImportedItem::Named(n) = &name.imported {
                    let mut sub = module.clone();
                    sub.push(n.clone());
                    if let Some(file) = self.module_file(&root, &sub) {
                        // `use crate::controller;`: the module itself.
                        name.imported = ImportedItem::Namespace;
                        name.resolved = Some(file);
                        continue;
                    }
                }
                name.resolved = self.module_file(&root, &module);
            }
            import.resolved = match import.names.as_slice() {
                [one] => one.resolved.clone(),
                _ => self.module_file(&root, &module),
            };
        }
    }
}

/// `a/b.rs` → `[a, b]`, `a/mod.rs` → `[a]`, `lib.rs`/`main.rs` → `[]`.
fn module_segments(rel: &str) -> Vec<String> {
    let stem = rel.strip_suffix(".rs").unwrap_or(rel);
    let stem = stem.strip_suffix("/mod").unwrap_or(stem);
    if matches!(stem, "lib" | "main" | "mod") {
        return Vec::new();
    }
    stem.split('/').map(str::to_string).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modules() {
        let files: Vec<String> = [
            "app/src/main.rs",
            "app/src/route.rs",
            "app/src/api/mod.rs",
            "app/src/api/client.rs",
            "app/src/api/error.rs",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let c = RustCrates::new(&files, &[]);
        let (root, m) = c.module_of("app/src/api/client.rs").expect("a crate");
        assert_eq!(root, "app/src");
        assert_eq!(m, vec!["api".to_string(), "client".to_string()]);
        let (r, abs) = c.absolute(&root, &m, "super::error").expect("a module");
        assert_eq!(
            c.module_file(&r, &abs).as_deref(),
            Some("app/src/api/error.rs")
        );
        let (r, abs) = c.absolute(&root, &m, "super").expect("a module");
        assert_eq!(
            c.module_file(&r, &abs).as_deref(),
            Some("app/src/api/mod.rs")
        );
        let (r, abs) = c.absolute(&root, &[], "crate::route").expect("a module");
        assert_eq!(c.module_file(&r, &abs).as_deref(), Some("app/src/route.rs"));
        assert_eq!(c.absolute(&root, &[], "axum::routing"), None);
    }

    #[test]
    fn another_crate_of_the_workspace_by_its_package_name() {
        let files: Vec<String> = ["bin/src/main.rs", "api/src/lib.rs", "api/src/keys.rs"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let manifest = |dir: &str, name: &str| {
            let mut m = Manifest::new(&format!("{dir}/Cargo.toml"), ManifestKind::Cargo);
            m.name = Some(name.to_string());
            m
        };
        let c = RustCrates::new(
            &files,
            &[manifest("bin", "app"), manifest("api", "app-handlers")],
        );
        let (root, m) = c.module_of("bin/src/main.rs").expect("a crate");
        let (r, abs) = c
            .absolute(&root, &m, "app_handlers::keys")
            .expect("a module");
        assert_eq!(c.module_file(&r, &abs).as_deref(), Some("api/src/keys.rs"));
        // A binary crate (no lib.rs) is no library to import from.
        assert_eq!(c.absolute(&root, &m, "app::x"), None);
    }
}
