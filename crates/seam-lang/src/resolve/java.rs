//! Java packages and imports.
//!
//! Java files sit under source roots (`src/main/java`, a module's own folder) in folders that
//! spell their package, so a type `a.b.User` is the project file whose path ends in
//! `a/b/User.java`. A single-type import names that file; an import of a nested type
//! (`a.b.User.Role`) names the file of its outermost type; a static import names the file of
//! its type. When two files end the same way (two modules with the same package), the one
//! sharing the longest folder prefix with the importing file wins, then the first by path.
//! A wildcard import names a package, not a file, and stays unresolved.
//!
//! Types of the same package need no import: a name used in a file that no declaration or
//! import binds, and that a file of the same folder declares (`Name.java`), is bound by an
//! implicit import of that file (specifier `Name`, span empty), so it resolves like any
//! imported name.
use super::{Resolver, parent_dir};
use crate::model::*;
use std::collections::BTreeSet;

impl Resolver<'_> {
    /// The project file that declares the dotted type name `a.b.User` (or `a.b.User.Inner`).
    pub fn resolve_java(&self, from: &str, dotted: &str) -> Option<String> {
        let parts: Vec<&str> = dotted.split('.').filter(|p| !p.is_empty()).collect();
        for end in (1..=parts.len()).rev() {
            for ext in ["java", "kt"] {
                let suffix = format!("{}.{ext}", parts[..end].join("/"));
                let found = self.java_file_ending(from, &suffix);
                if found.is_some() {
                    return found;
                }
            }
        }
        None
    }

    fn java_file_ending(&self, from: &str, suffix: &str) -> Option<String> {
        let slash_suffix = format!("/{suffix}");
        let mut best: Option<(usize, &str)> = None;
        let candidates = self.java_files.get(super::file_name(suffix));
        for file in candidates.into_iter().flatten().copied() {
            if file != suffix && !file.ends_with(&slash_suffix) {
                continue;
            }
            let shared = common_dir_prefix(from, file);
            if best.is_none_or(|(s, _)| shared > s) {
                best = Some((shared, file));
            }
        }
        best.map(|(_, f)| f.to_owned())
    }

    /// Resolves a Java model's imports and adds the implicit imports of same-package types.
    pub(super) fn resolve_java_model(&self, model: &mut Model) {
        let from = model.path.clone();
        for import in &mut model.imports {
            let wildcard = import
                .names
                .iter()
                .any(|n| matches!(n.imported, ImportedItem::All));
            import.resolved = if wildcard {
                None
            } else {
                self.resolve_java(&from, &import.specifier)
                    .or_else(|| self.jvm.import(&import.specifier, &from).map(str::to_owned))
            };
            for name in &mut import.names {
                name.resolved.clone_from(&import.resolved);
            }
        }
        self.same_package_types(model);
        // Kotlin declarations of the same package (any file name).
        self.same_package_names(model);
    }

    fn same_package_types(&self, model: &mut Model) {
        let dir = parent_dir(&model.path).to_owned();
        let own = model.path.clone();
        let mut wanted: BTreeSet<String> = BTreeSet::new();
        for e in &model.exprs {
            if let ExprKind::Ident {
                name,
                binding: None,
            } = &e.kind
                && name.starts_with(|c: char| c.is_ascii_uppercase())
            {
                wanted.insert(name.to_string());
            }
        }
        // Types named only in declarations (`private final UserService users;`).
        let mut named = Vec::new();
        for f in &model.functions {
            named.extend(f.params.iter().filter_map(|p| p.type_annotation.as_ref()));
            named.extend(f.return_type.as_ref());
        }
        for c in &model.classes {
            for m in &c.members {
                if let MemberKind::Property {
                    type_annotation: Some(t),
                    ..
                } = &m.kind
                {
                    named.push(t);
                }
            }
        }
        for s in &model.stmts {
            if let StmtKind::VarDecl { declarators, .. } = &s.kind {
                named.extend(
                    declarators
                        .iter()
                        .filter_map(|d| d.type_annotation.as_deref()),
                );
            }
        }
        for t in named {
            type_names(&t.shape, &mut wanted);
        }
        wanted.retain(|name| model.module_binding(name).is_none());
        for name in wanted {
            let file = if dir.is_empty() {
                format!("{name}.java")
            } else {
                format!("{dir}/{name}.java")
            };
            if file == own || !self.is_file(&file) {
                continue;
            }
            super::kotlin::bind_implicit_import(model, &name, file);
        }
    }
}

/// The class names a type mentions (`Optional<User>` → `Optional`, `User`).
fn type_names(t: &TypeRef, out: &mut BTreeSet<String>) {
    match t {
        TypeRef::Named { name, args } => {
            if !name.contains('.') {
                out.insert(name.to_string());
            }
            for a in args {
                type_names(a, out);
            }
        }
        TypeRef::Array { items } => type_names(items, out),
        _ => {}
    }
}

/// How many leading folders two paths share.
pub(super) fn common_dir_prefix(a: &str, b: &str) -> usize {
    parent_dir(a)
        .split('/')
        .zip(parent_dir(b).split('/'))
        .take_while(|(x, y)| x == y)
        .count()
}

#[cfg(test)]
mod tests {
    use crate::resolve::Resolver;

    #[test]
    fn types_resolve_by_package_path_nearest_module_first() {
        let files = vec![
            "api/src/main/java/a/b/User.java".to_owned(),
            "web/src/main/java/a/b/User.java".to_owned(),
            "web/src/main/java/a/c/Ctl.java".to_owned(),
        ];
        let r = Resolver::new(&files, &[]);
        let from = "web/src/main/java/a/c/Ctl.java";
        assert_eq!(
            r.resolve_java(from, "a.b.User").as_deref(),
            Some("web/src/main/java/a/b/User.java")
        );
        assert_eq!(
            r.resolve_java(from, "a.b.User.Role").as_deref(),
            Some("web/src/main/java/a/b/User.java")
        );
        assert_eq!(r.resolve_java(from, "java.util.List"), None);
    }

    #[test]
    fn same_package_types_bind_by_implicit_import() {
        let files = vec!["p/A.java".to_owned(), "p/B.java".to_owned()];
        let r = Resolver::new(&files, &[]);
        let mut m =
            crate::lower::java::lower("p/A.java", "class A { Object f() { return new B(); } }")
                .expect("lowers");
        r.resolve_model(&mut m);
        let import = m.imports.last().expect("implicit import");
        assert_eq!(import.resolved.as_deref(), Some("p/B.java"));
        assert!(m.exprs.iter().any(|e| matches!(
            &e.kind,
            crate::model::ExprKind::Ident { name, binding: Some(_) } if name == "B"
        )));
    }
}
