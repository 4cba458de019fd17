//! Which project each file belongs to, and which projects can reach which: the facts that
//! keep two independent apps of one repository apart.
//!
//! A project is a folder holding a `package.json` or `pyproject.toml`; a file belongs to the
//! nearest one above it (none: the file is in no project, and reaches everything, since
//! nothing says otherwise). Code of project A can reach project B when they are the same,
//! when one folder holds the other (an app inside the repository's root package), or when
//! A's manifests declare a dependency on B's package name (an app using a shared `db`
//! package). Two sibling apps with no declared dependency do not reach each other.

use std::collections::{BTreeMap, BTreeSet};

use super::manifest::{Manifest, ManifestKind};

/// The projects of a repository.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Projects {
    /// By folder (`""` for the root): the package names its manifests declare and the names
    /// they depend on.
    by_dir: BTreeMap<String, (BTreeSet<String>, BTreeSet<String>)>,
}

impl Projects {
    /// The projects the manifests of a loaded project declare.
    pub fn from_manifests(manifests: &[Manifest]) -> Projects {
        let mut by_dir: BTreeMap<String, (BTreeSet<String>, BTreeSet<String>)> = BTreeMap::new();
        for m in manifests {
            if !matches!(
                m.kind,
                ManifestKind::PackageJson | ManifestKind::Pyproject | ManifestKind::GoMod
            ) {
                continue;
            }
            let entry = by_dir.entry(m.dir.clone()).or_default();
            entry.0.extend(m.name.iter().cloned());
            entry.1.extend(m.dependencies.iter().cloned());
        }
        Projects { by_dir }
    }

    /// The folder of the project `file` belongs to.
    pub fn project_of<'a>(&'a self, file: &str) -> Option<&'a str> {
        let mut dir = file;
        loop {
            dir = match dir.rsplit_once('/') {
                Some((parent, _)) => parent,
                None if dir.is_empty() => return None,
                None => "",
            };
            if let Some((key, _)) = self.by_dir.get_key_value(dir) {
                return Some(key.as_str());
            }
        }
    }

    /// Whether code in `from` can reach code in `to` (see the module documentation).
    pub fn reaches(&self, from: &str, to: &str) -> bool {
        let (Some(a), Some(b)) = (self.project_of(from), self.project_of(to)) else {
            return true;
        };
        let holds = |outer: &str, inner: &str| {
            outer.is_empty() || inner == outer || inner.starts_with(&format!("{outer}/"))
        };
        if holds(a, b) || holds(b, a) {
            return true;
        }
        match (self.by_dir.get(a), self.by_dir.get(b)) {
            (Some((_, depends)), Some((names, _))) => names.iter().any(|n| depends.contains(n)),
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn package(path: &str, name: &str, deps: &[&str]) -> Manifest {
        let mut m = Manifest::new(path, ManifestKind::PackageJson);
        m.name = Some(name.to_owned());
        m.dependencies = deps.iter().map(|d| (*d).to_owned()).collect();
        m
    }

    #[test]
    fn siblings_reach_each_other_only_through_a_dependency() {
        let p = Projects::from_manifests(&[
            package("apps/a/package.json", "a", &["db"]),
            package("apps/b/package.json", "b", &[]),
            package("packages/db/package.json", "db", &[]),
        ]);
        assert_eq!(p.project_of("apps/a/src/x.ts"), Some("apps/a"));
        assert_eq!(p.project_of("tools/x.ts"), None);
        assert!(p.reaches("apps/a/src/x.ts", "packages/db/prisma/schema.prisma"));
        assert!(!p.reaches("apps/b/src/x.ts", "packages/db/prisma/schema.prisma"));
        assert!(!p.reaches("apps/b/src/x.ts", "apps/a/prisma/schema.prisma"));
        assert!(p.reaches("apps/b/src/x.ts", "apps/b/prisma/schema.prisma"));
        assert!(p.reaches("tools/x.ts", "apps/a/prisma/schema.prisma"));

        let rooted = Projects::from_manifests(&[
            package("package.json", "shop", &[]),
            package("server/package.json", "server", &[]),
        ]);
        assert!(rooted.reaches("server/src/db.ts", "prisma/schema.prisma"));
        assert!(rooted.reaches("src/db.ts", "server/prisma/schema.prisma"));
    }
}
