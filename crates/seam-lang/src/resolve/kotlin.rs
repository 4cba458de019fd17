//! Kotlin packages and imports, and the package index Java and Kotlin share.
//!
//! A Kotlin file's package need not match its folder, and one file declares any number of
//! classes, objects, functions and properties, so Kotlin names are found through the
//! [`JvmPackages`] index: every top-level name a Java or Kotlin file exports, under the
//! package the file declares. `import a.b.User` names the file declaring `User` in package
//! `a.b` (an import of a nested name `a.b.User.Role` the file of `User`); when the index has
//! no such file, the Java rule applies (the file whose path ends in `a/b/User.java` or
//! `a/b/User.kt`). A wildcard import names a package and stays unresolved.
//!
//! Names of the same package need no import: a name a Kotlin file uses that nothing in the
//! file binds, and that another file of the same package declares, is bound by an implicit
//! import of that file (specifier `Name`, span empty), as for Java. Java files see Kotlin
//! declarations the same way (see [`super::java`]).
use super::Resolver;
use crate::model::*;
use std::collections::{BTreeMap, BTreeSet};

/// Top-level names of the project's Java and Kotlin files by package.
#[derive(Debug, Default)]
pub struct JvmPackages {
    /// (package, name) → the declaring files, sorted by path.
    names: BTreeMap<(String, String), Vec<String>>,
}

impl JvmPackages {
    pub fn new(models: &[Model]) -> JvmPackages {
        let mut names: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
        for m in models {
            if !matches!(m.language, Language::Java | Language::Kotlin) {
                continue;
            }
            let package = m.package.clone().unwrap_or_default();
            for e in &m.exports {
                names
                    .entry((package.clone(), e.exported.clone()))
                    .or_default()
                    .push(m.path.clone());
            }
        }
        for files in names.values_mut() {
            files.sort();
            files.dedup();
        }
        JvmPackages { names }
    }

    /// The file declaring `name` in `package`, other than `from`: the one sharing the
    /// longest folder prefix with `from` (two modules may declare the same package), then
    /// the first by path.
    pub fn file(&self, package: &str, name: &str, from: &str) -> Option<&str> {
        let mut best: Option<(usize, &str)> = None;
        for f in self.names.get(&(package.to_owned(), name.to_owned()))? {
            if f == from {
                continue;
            }
            let shared = super::java::common_dir_prefix(from, f);
            if best.is_none_or(|(s, _)| shared > s) {
                best = Some((shared, f));
            }
        }
        best.map(|(_, f)| f)
    }

    /// The file a dotted import `a.b.User` (or `a.b.User.Role`) names.
    pub fn import(&self, dotted: &str, from: &str) -> Option<&str> {
        let parts: Vec<&str> = dotted.split('.').collect();
        (1..parts.len()).rev().find_map(|cut| {
            let package = parts[..cut].join(".");
            self.file(&package, parts[cut], from)
        })
    }
}

impl Resolver<'_> {
    /// Resolves a Kotlin model's imports and adds the implicit imports of same-package names.
    pub(super) fn resolve_kotlin_model(&self, model: &mut Model) {
        let from = model.path.clone();
        for import in &mut model.imports {
            let wildcard = import
                .names
                .iter()
                .any(|n| matches!(n.imported, ImportedItem::All));
            import.resolved = if wildcard {
                None
            } else {
                self.jvm
                    .import(&import.specifier, &from)
                    .map(str::to_owned)
                    .or_else(|| self.resolve_java(&from, &import.specifier))
            };
            for name in &mut import.names {
                name.resolved.clone_from(&import.resolved);
            }
        }
        self.same_package_names(model);
    }

    /// Binds names the file uses but does not declare to the file of its package that
    /// declares them (for a Java file, Kotlin files only: Java's own rule is by file name).
    pub(super) fn same_package_names(&self, model: &mut Model) {
        let only_kotlin = model.language == Language::Java;
        let package = model.package.clone().unwrap_or_default();
        let own = model.path.clone();
        let mut wanted: BTreeSet<String> = BTreeSet::new();
        for e in &model.exprs {
            if let ExprKind::Ident {
                name,
                binding: None,
            } = &e.kind
            {
                wanted.insert(name.to_string());
            }
        }
        for (name, file) in wanted.into_iter().filter_map(|name| {
            let file = self.jvm.file(&package, &name, &own)?.to_owned();
            (!only_kotlin || file.ends_with(".kt")).then_some((name, file))
        }) {
            if model.module_binding(&name).is_some() {
                continue;
            }
            bind_implicit_import(model, &name, file);
        }
    }
}

/// Adds an implicit import of `name` from `file` (empty span) and binds the unbound uses.
pub(super) fn bind_implicit_import(model: &mut Model, name: &str, file: String) {
    let import = u32::try_from(model.imports.len()).unwrap_or(u32::MAX);
    let binding = model.push_binding(Binding {
        name: name.into(),
        kind: BindingKind::Import { import, name: 0 },
        scope: None,
        origin: BindingOrigin::none(),
        reassigned: false,
        span: Span::new(0, 0),
    });
    model.imports.push(Import {
        specifier: name.to_owned(),
        kind: ImportKind::Static,
        level: 0,
        names: vec![ImportedName {
            imported: ImportedItem::Named(name.to_owned()),
            local: name.to_owned(),
            binding: Some(binding),
            type_only: false,
            span: Span::new(0, 0),
            resolved: Some(file.clone()),
        }],
        type_only: false,
        span: Span::new(0, 0),
        resolved: Some(file),
    });
    for e in &mut model.exprs {
        if let ExprKind::Ident {
            name: n,
            binding: b,
        } = &mut e.kind
            && b.is_none()
            && n == name
        {
            *b = Some(binding);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lower::{java, kotlin};

    #[test]
    fn kotlin_and_java_see_each_other_through_packages() {
        let files = vec![
            "src/main/kotlin/a/web/Ctl.kt".to_owned(),
            "src/main/kotlin/a/model/Models.kt".to_owned(),
            "src/main/java/a/model/Legacy.java".to_owned(),
            "src/main/kotlin/a/web/Helpers.kt".to_owned(),
        ];
        let mut models = vec![
            kotlin::lower(
                &files[0],
                "package a.web\nimport a.model.User\nimport a.model.Legacy\nclass Ctl { fun f() = slug(User(1)) }\n",
            )
            .expect("lowers"),
            kotlin::lower(&files[1], "package a.model\ndata class User(val id: Long)\nclass Role\n")
                .expect("lowers"),
            java::lower(&files[2], "package a.model;\npublic class Legacy { Role r; Object f() { return new Role(); } }\n")
                .expect("lowers"),
            kotlin::lower(&files[3], "package a.web\nfun slug(x: Any) = x.toString()\n").expect("lowers"),
        ];
        let mut r = Resolver::new(&files, &[]);
        r.jvm = JvmPackages::new(&models);
        for m in &mut models {
            r.resolve_model(m);
        }
        let resolved: Vec<Option<&str>> = models[0]
            .imports
            .iter()
            .map(|i| i.resolved.as_deref())
            .collect();
        assert_eq!(
            resolved,
            vec![
                Some("src/main/kotlin/a/model/Models.kt"),
                Some("src/main/java/a/model/Legacy.java"),
                // `slug` of the same package, bound implicitly.
                Some("src/main/kotlin/a/web/Helpers.kt"),
            ]
        );
        // The Java file reads the Kotlin `Role` of its package.
        assert_eq!(
            models[2].imports.last().and_then(|i| i.resolved.as_deref()),
            Some("src/main/kotlin/a/model/Models.kt")
        );
    }
}
