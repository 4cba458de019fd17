//! Components (spec §4): one per workspace member that `seam_lang::project::workspaces` reads
//! from the repository root, and the longest-prefix assignment of Symbols to Components.
//!
//! Each member directory is one Component: its id is the package name without an npm scope,
//! kebab-cased (else the directory name); a collision appends the parent directory's name,
//! then `-2`, `-3`, …. With no workspace, the repository is one Component rooted at `.`.
//! Symbols are assigned by the longest path-segment prefix ([`assign`]).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use seam_ir::review::{Component, Symbol, Visibility, WorkspaceManager};
use seam_lang::project::workspaces::{clean_dir, read_workspaces};
use seam_lang::project::{Manifest, ManifestKind};

/// A detected Component before its languages are known.
pub struct Detected {
    pub managers: Vec<WorkspaceManager>,
    pub components: Vec<Component>,
    /// Per component (same order): manifest dependencies found in its root.
    pub dependencies: Vec<Vec<String>>,
}

/// Detects the workspace managers and Components of the repository at `root`.
pub fn detect(root: &Path, manifests: &[Manifest]) -> Detected {
    let workspaces = read_workspaces(root, manifests);
    let managers: Vec<WorkspaceManager> = workspaces
        .tools
        .into_iter()
        .map(|t| WorkspaceManager {
            tool: t.tool,
            roots: t.roots,
        })
        .collect();
    let member_dirs = workspaces.members;
    let names = workspaces.names;
    let mut components = Vec::new();
    let mut dependencies = Vec::new();
    let mut used: BTreeSet<String> = BTreeSet::new();
    if member_dirs.is_empty() {
        let root_manifest = manifests
            .iter()
            .filter(|m| m.dir.is_empty() && m.name.is_some())
            .min_by(|a, b| a.path.cmp(&b.path));
        let dir_name = root
            .canonicalize()
            .ok()
            .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
            .unwrap_or_default();
        let name = root_manifest
            .and_then(|m| m.name.clone())
            .unwrap_or_else(|| dir_name.clone());
        let mut id = kebab(strip_scope(&name));
        if id.is_empty() {
            id = "root".to_owned();
        }
        components.push(component(id, name, ".".to_owned()));
        dependencies.push(deps_in(manifests, ""));
    } else {
        for dir in member_dirs {
            let manifest = manifests
                .iter()
                .filter(|m| m.dir == dir && m.name.is_some())
                .min_by(|a, b| a.path.cmp(&b.path));
            let base = dir.rsplit('/').next().unwrap_or(&dir).to_owned();
            let name = manifest
                .and_then(|m| m.name.clone())
                .or_else(|| names.get(&dir).cloned())
                .unwrap_or(base.clone());
            // A Go module path names the Component by its last element.
            let short = strip_scope(&name);
            let short = short.rsplit('/').next().unwrap_or(short);
            let mut id = kebab(short);
            if id.is_empty() {
                id = kebab(&base);
            }
            if id.is_empty() {
                id = "component".to_owned();
            }
            if used.contains(&id) {
                let parent = dir.rsplit('/').nth(1).map(kebab).unwrap_or_default();
                if !parent.is_empty() {
                    id = format!("{id}-{parent}");
                }
            }
            let stem = id.clone();
            let mut n = 2;
            while used.contains(&id) {
                id = format!("{stem}-{n}");
                n += 1;
            }
            used.insert(id.clone());
            dependencies.push(deps_in(manifests, &dir));
            components.push(component(id, name, dir));
        }
    }
    Detected {
        managers,
        components,
        dependencies,
    }
}

fn component(id: String, name: String, root: String) -> Component {
    Component {
        id,
        name,
        roots: vec![root],
        public_api: Vec::new(),
        languages: Vec::new(),
        frameworks: Vec::new(),
        description: None,
    }
}

fn deps_in(manifests: &[Manifest], dir: &str) -> Vec<String> {
    let mut deps: Vec<String> = manifests
        .iter()
        .filter(|m| m.dir == dir)
        .flat_map(|m| m.dependencies.iter().cloned())
        .collect();
    deps.sort();
    deps.dedup();
    deps
}

fn strip_scope(name: &str) -> &str {
    match name.strip_prefix('@') {
        Some(rest) => rest.split_once('/').map(|(_, n)| n).unwrap_or(rest),
        None => name,
    }
}

/// ASCII kebab-case: camel humps and non-alphanumerics become single `-`.
pub fn kebab(s: &str) -> String {
    let mut out = String::new();
    let mut previous_lower = false;
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            if c.is_ascii_uppercase() && previous_lower && !out.ends_with('-') {
                out.push('-');
            }
            out.push(c.to_ascii_lowercase());
            previous_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
        } else {
            if !out.is_empty() && !out.ends_with('-') {
                out.push('-');
            }
            previous_lower = false;
        }
    }
    out.trim_matches('-').to_owned()
}

/// `publicApi` of the Component rooted at `root` (spec §4: globs or Symbol ids), from its
/// `package.json` entry points (`source`, `exports`, `module`, `main`, `types`, as
/// `seam_lang::project` reads them) and `exports` subpaths: an entry file the scan read
/// gives the ids of its top-level public Symbols (re-exports included, they are what the
/// entry exports); an entry it did not read (a build output, a pattern with `*`) is listed
/// as its repository path. Entries that leave the repository are ignored. Sorted and
/// de-duplicated by the canonical writer.
pub fn public_api(
    root: &str,
    manifests: &[Manifest],
    symbols_by_file: &BTreeMap<&str, Vec<&Symbol>>,
) -> Vec<String> {
    let dir = if root == "." { "" } else { root };
    let Some(info) = manifests
        .iter()
        .filter(|m| m.kind == ManifestKind::PackageJson && m.dir == dir)
        .find_map(|m| m.package.as_ref())
    else {
        return Vec::new();
    };
    let entries = info
        .entries
        .iter()
        .chain(info.subpath_exports.iter().map(|(_, target)| target));
    let mut out = Vec::new();
    for entry in entries {
        let entry = clean_dir(entry);
        if entry.is_empty()
            || entry.starts_with('/')
            || entry.split('/').any(|s| s == ".." || s == ".")
        {
            continue;
        }
        let path = if dir.is_empty() {
            entry
        } else {
            format!("{dir}/{entry}")
        };
        let exported: Vec<String> = symbols_by_file
            .get(path.as_str())
            .into_iter()
            .flatten()
            .filter(|s| {
                s.visibility == Visibility::Public
                    && !s.name.contains('.')
                    && !s.name.contains("::")
            })
            .map(|s| s.id.clone())
            .collect();
        if exported.is_empty() {
            out.push(path);
        } else {
            out.extend(exported);
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The Component claiming `file`: the longest root that is `.` or a path-segment prefix.
pub fn assign<'c>(components: &'c [Component], file: &str) -> Option<&'c Component> {
    let mut best: Option<(&Component, usize)> = None;
    for c in components {
        for root in &c.roots {
            let len = if root == "." {
                0
            } else if file.starts_with(root.as_str())
                && file.as_bytes().get(root.len()) == Some(&b'/')
            {
                root.len()
            } else {
                continue;
            };
            if best.is_none_or(|(_, l)| len > l) {
                best = Some((c, len));
            }
        }
    }
    best.map(|(c, _)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kebab_case() {
        assert_eq!(kebab("@acme/nest-users"), "acme-nest-users");
        assert_eq!(kebab(strip_scope("@acme/nest-users")), "nest-users");
        assert_eq!(kebab("BillingAPI"), "billing-api");
        assert_eq!(kebab("3d_force graph"), "3d-force-graph");
        assert_eq!(kebab("---"), "");
    }

    #[test]
    fn longest_prefix() {
        let cs = vec![
            component("a".into(), "a".into(), "apps".into()),
            component("b".into(), "b".into(), "apps/billing".into()),
        ];
        assert_eq!(
            assign(&cs, "apps/billing/x.ts").map(|c| c.id.as_str()),
            Some("b")
        );
        assert_eq!(
            assign(&cs, "apps/billingx/x.ts").map(|c| c.id.as_str()),
            Some("a")
        );
        assert_eq!(assign(&cs, "lib/x.ts").map(|c| c.id.as_str()), None);
    }
}
