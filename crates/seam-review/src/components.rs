//! Components (spec §4): workspace detection from the manifests at the repository root,
//! and the longest-prefix assignment of Symbols to Components.
//!
//! Detected managers, each read from the root only:
//! - `package.json` `workspaces` (array or `{ packages: [...] }`, as `seam_lang::project`
//!   parses it; npm, yarn or bun by lockfile) and `pnpm-workspace.yaml` `packages`;
//! - nx: `workspace.json` `projects` (name → path or `{ root }`), else, when `nx.json` is
//!   present, every directory holding a `project.json` (its `name` names the Component);
//! - `Cargo.toml` `[workspace] members` minus `exclude` (names from each member's
//!   `[package] name`), `go.work` `use` (names from each `go.mod` `module`);
//! - `pyproject.toml` `[tool.uv.workspace] members` minus `exclude`; poetry: path
//!   dependencies of `[tool.poetry.dependencies]` and of every dependency group, and
//!   `[tool.poetry] packages` (`include`, under `from`) when the root declares more than one.
//!
//! Member globs (`*` one directory, `**` any depth up to 10, `!` excludes) are expanded over
//! the directories on disk. Each member directory is one Component: its id is the package
//! name without an npm scope, kebab-cased (else the directory name); a collision appends the
//! parent directory's name, then `-2`, `-3`, …. With no workspace, the repository is one
//! Component rooted at `.`. Symbols are assigned by the longest path-segment prefix
//! ([`assign`]).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use seam_ir::review::{Component, Symbol, Visibility, WorkspaceManager};
use seam_lang::project::{Manifest, ManifestKind};

/// A detected Component before its languages are known.
pub struct Detected {
    pub managers: Vec<WorkspaceManager>,
    pub components: Vec<Component>,
    /// Per component (same order): manifest dependencies found in its root.
    pub dependencies: Vec<Vec<String>>,
}

const MAX_GLOB_DEPTH: usize = 10;

/// Detects the workspace managers and Components of the repository at `root`.
pub fn detect(root: &Path, manifests: &[Manifest]) -> Detected {
    let mut managers: Vec<WorkspaceManager> = Vec::new();
    let mut member_dirs: BTreeSet<String> = BTreeSet::new();
    let lockfile = |name: &str| manifests.iter().any(|m| m.path == name);

    let mut add = |tool: &str, globs: Vec<String>, require: &[&str]| {
        if globs.is_empty() {
            return;
        }
        let dirs = expand(root, &globs);
        let dirs: Vec<String> = dirs
            .into_iter()
            .filter(|d| {
                require.is_empty() || require.iter().any(|f| root.join(d).join(f).is_file())
            })
            .collect();
        managers.push(WorkspaceManager {
            tool: tool.to_owned(),
            roots: globs
                .iter()
                .filter(|g| !g.starts_with('!'))
                .cloned()
                .collect(),
        });
        member_dirs.extend(dirs);
    };

    if let Some(pkg) = manifests
        .iter()
        .find(|m| m.kind == ManifestKind::PackageJson && m.dir.is_empty())
        && !pkg.workspaces.is_empty()
    {
        let tool = if lockfile("yarn.lock") {
            "yarn"
        } else if lockfile("bun.lock") || lockfile("bun.lockb") {
            "bun"
        } else {
            "npm"
        };
        add(tool, pkg.workspaces.clone(), &["package.json"]);
    }
    if let Ok(text) = std::fs::read_to_string(root.join("pnpm-workspace.yaml"))
        && seam_ir::yaml::check_nesting(&text).is_ok()
        && let Ok(value) = serde_norway::from_str::<serde_json::Value>(&text)
    {
        add(
            "pnpm",
            string_list(value.get("packages")),
            &["package.json"],
        );
    }
    // Names a manifest that `seam_lang::project` does not parse gives a member directory.
    let mut names: BTreeMap<String, String> = BTreeMap::new();
    if let Some(value) = read_json(&root.join("workspace.json")) {
        let mut dirs = Vec::new();
        if let Some(projects) = value.get("projects").and_then(|p| p.as_object()) {
            for (name, project) in projects {
                let dir = project
                    .as_str()
                    .or_else(|| project.get("root").and_then(|r| r.as_str()));
                if let Some(dir) = dir.map(clean_dir).filter(|d| !d.is_empty()) {
                    names.insert(dir.clone(), name.clone());
                    dirs.push(dir);
                }
            }
        }
        add("nx", dirs, &[]);
    } else if root.join("nx.json").is_file() {
        let dirs: Vec<String> = expand(root, &["**".to_owned()])
            .into_iter()
            .filter(|d| root.join(d).join("project.json").is_file())
            .collect();
        for dir in &dirs {
            let name = read_json(&root.join(dir).join("project.json"))
                .and_then(|v| v.get("name").and_then(|n| n.as_str()).map(str::to_owned));
            if let Some(name) = name {
                names.insert(dir.clone(), name);
            }
        }
        add("nx", dirs, &[]);
    }
    if let Some(value) = read_toml(&root.join("Cargo.toml")) {
        let workspace = value.get("workspace");
        let mut globs = toml_list(workspace.and_then(|w| w.get("members")));
        if !globs.is_empty() {
            globs.extend(excluded(workspace.and_then(|w| w.get("exclude"))));
        }
        add("cargo", globs, &["Cargo.toml"]);
    }
    if let Ok(text) = std::fs::read_to_string(root.join("go.work")) {
        let uses = go_work_uses(&text);
        add("go", uses, &["go.mod"]);
    }
    if let Some(value) = read_toml(&root.join("pyproject.toml")) {
        let tool = value.get("tool");
        let uv = tool
            .and_then(|t| t.get("uv"))
            .and_then(|u| u.get("workspace"));
        let mut globs = toml_list(uv.and_then(|w| w.get("members")));
        if !globs.is_empty() {
            globs.extend(excluded(uv.and_then(|w| w.get("exclude"))));
        }
        add("uv", globs, &["pyproject.toml"]);
        if let Some(poetry) = tool.and_then(|t| t.get("poetry")) {
            add(
                "poetry",
                poetry_path_dependencies(poetry),
                &["pyproject.toml"],
            );
            add("poetry", poetry_packages(root, poetry), &[]);
        }
    }
    managers.sort_by(|a, b| a.tool.cmp(&b.tool));
    // One entry per tool (poetry is found two ways): the later one's roots join the first's.
    managers.dedup_by(|later, first| {
        if later.tool != first.tool {
            return false;
        }
        first.roots.append(&mut later.roots);
        true
    });
    // Names from the manifests `seam_lang::project` does not parse.
    for dir in &member_dirs {
        if names.contains_key(dir) {
            continue;
        }
        let cargo = read_toml(&root.join(dir).join("Cargo.toml")).and_then(|v| {
            v.get("package")
                .and_then(|p| p.get("name"))
                .and_then(|n| n.as_str())
                .map(str::to_owned)
        });
        let go = || {
            std::fs::read_to_string(root.join(dir).join("go.mod"))
                .ok()
                .and_then(|text| go_mod_module(&text))
        };
        if let Some(name) = cargo.or_else(go) {
            names.insert(dir.clone(), name);
        }
    }

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

fn read_json(path: &Path) -> Option<serde_json::Value> {
    let text = std::fs::read_to_string(path).ok()?;
    serde_json::from_str(&text).ok()
}

/// A directory as a manifest writes it, relative and without `./` or a trailing `/`.
fn clean_dir(dir: &str) -> String {
    let mut dir = dir.trim();
    while let Some(rest) = dir.strip_prefix("./") {
        dir = rest;
    }
    dir.trim_end_matches('/').to_owned()
}

/// `exclude` entries as `!` globs.
fn excluded(value: Option<&toml::Value>) -> Vec<String> {
    toml_list(value)
        .into_iter()
        .map(|g| format!("!{}", clean_dir(&g)))
        .collect()
}

/// The `module` path of a `go.mod`.
fn go_mod_module(text: &str) -> Option<String> {
    text.lines().find_map(|line| {
        let rest = line.split("//").next()?.trim().strip_prefix("module")?;
        let module = rest.trim().trim_matches('"');
        (!module.is_empty() && rest.starts_with([' ', '\t'])).then(|| module.to_owned())
    })
}

/// Directories of poetry path dependencies (`foo = { path = "libs/foo" }`), in
/// `[tool.poetry.dependencies]`, `dev-dependencies` and every `group.<name>.dependencies`.
fn poetry_path_dependencies(poetry: &toml::Value) -> Vec<String> {
    let mut tables: Vec<&toml::Value> = Vec::new();
    tables.extend(poetry.get("dependencies"));
    tables.extend(poetry.get("dev-dependencies"));
    if let Some(groups) = poetry.get("group").and_then(|g| g.as_table()) {
        for group in groups.values() {
            tables.extend(group.get("dependencies"));
        }
    }
    let mut dirs: Vec<String> = tables
        .iter()
        .filter_map(|t| t.as_table())
        .flat_map(|t| t.values())
        .filter_map(|spec| spec.get("path").and_then(|p| p.as_str()))
        .map(clean_dir)
        .filter(|d| !d.is_empty() && d != "." && !d.split('/').any(|s| s == ".."))
        .collect();
    dirs.sort();
    dirs.dedup();
    dirs
}

/// `[tool.poetry] packages` directories (`{ include = "a", from = "src" }` → `src/a`) when
/// the project ships more than one package; a single package is the project itself.
fn poetry_packages(root: &Path, poetry: &toml::Value) -> Vec<String> {
    let Some(packages) = poetry.get("packages").and_then(|p| p.as_array()) else {
        return Vec::new();
    };
    let dirs: Vec<String> = packages
        .iter()
        .filter_map(|p| {
            let include = clean_dir(p.get("include")?.as_str()?);
            let from = p.get("from").and_then(|f| f.as_str()).map(clean_dir);
            Some(match from.filter(|f| !f.is_empty()) {
                Some(from) => format!("{from}/{include}"),
                None => include,
            })
        })
        .filter(|d| !d.is_empty() && !d.contains('*') && root.join(d).is_dir())
        .collect();
    if dirs.len() > 1 { dirs } else { Vec::new() }
}

fn read_toml(path: &Path) -> Option<toml::Value> {
    let text = std::fs::read_to_string(path).ok()?;
    toml::from_str(&text).ok()
}

fn toml_list(value: Option<&toml::Value>) -> Vec<String> {
    value
        .and_then(|v| v.as_array())
        .map(|a| {
            a.iter()
                .filter_map(|x| x.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

fn string_list(value: Option<&serde_json::Value>) -> Vec<String> {
    value
        .and_then(|v| v.as_array())
        .map(|a| {
            a.iter()
                .filter_map(|x| x.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// The directories of `use` directives in a `go.work` file (`use ./a` and `use ( ./a ./b )`).
fn go_work_uses(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_block = false;
    for line in text.lines() {
        let line = line.split("//").next().unwrap_or("").trim();
        if in_block {
            if line == ")" {
                in_block = false;
            } else if !line.is_empty() {
                out.push(line.trim_start_matches("./").to_owned());
            }
        } else if let Some(rest) = line.strip_prefix("use") {
            let rest = rest.trim();
            if rest == "(" {
                in_block = true;
            } else if !rest.is_empty() {
                out.push(rest.trim_start_matches("./").to_owned());
            }
        }
    }
    out.retain(|d| !d.is_empty() && d != ".");
    out
}

/// Expands member globs to relative directories that exist, minus `!` exclusions.
fn expand(root: &Path, globs: &[String]) -> BTreeSet<String> {
    let mut included = BTreeSet::new();
    let mut excluded = BTreeSet::new();
    for glob in globs {
        let (negated, glob) = match glob.strip_prefix('!') {
            Some(g) => (true, g),
            None => (false, glob.as_str()),
        };
        let glob = glob.trim_start_matches("./").trim_end_matches('/');
        let segments: Vec<&str> = glob.split('/').filter(|s| !s.is_empty()).collect();
        let mut found = BTreeSet::new();
        walk_glob(root, String::new(), &segments, 0, &mut found);
        if negated {
            excluded.extend(found);
        } else {
            included.extend(found);
        }
    }
    included.difference(&excluded).cloned().collect()
}

fn walk_glob(root: &Path, at: String, segments: &[&str], depth: usize, out: &mut BTreeSet<String>) {
    let Some((first, rest)) = segments.split_first() else {
        if !at.is_empty() {
            out.insert(at);
        }
        return;
    };
    if depth > MAX_GLOB_DEPTH {
        return;
    }
    let join = |name: &str| {
        if at.is_empty() {
            name.to_owned()
        } else {
            format!("{at}/{name}")
        }
    };
    if *first == "**" {
        walk_glob(root, at.clone(), rest, depth + 1, out);
        for child in subdirs(&root.join(&at)) {
            walk_glob(root, join(&child), segments, depth + 1, out);
        }
    } else if first.contains('*') {
        for child in subdirs(&root.join(&at)) {
            if wildcard(first, &child) {
                walk_glob(root, join(&child), rest, depth + 1, out);
            }
        }
    } else if root.join(&at).join(first).is_dir() {
        walk_glob(root, join(first), rest, depth + 1, out);
    }
}

fn subdirs(dir: &Path) -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .filter_map(|e| e.file_name().to_str().map(str::to_owned))
        .filter(|n| !n.starts_with('.') && n != "node_modules")
        .collect();
    out.sort();
    out
}

/// `*` within one path segment.
fn wildcard(pattern: &str, name: &str) -> bool {
    let parts: Vec<&str> = pattern.split('*').collect();
    let mut rest = name;
    for (i, part) in parts.iter().enumerate() {
        if i == 0 {
            match rest.strip_prefix(part) {
                Some(r) => rest = r,
                None => return false,
            }
        } else if i == parts.len() - 1 {
            return rest.ends_with(part);
        } else {
            match rest.find(part) {
                Some(at) => rest = &rest[at + part.len()..],
                None => return false,
            }
        }
    }
    rest.is_empty() || parts.len() > 1
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
    fn go_work() {
        assert_eq!(
            go_work_uses("go 1.22\nuse (\n  ./svc/a\n  ./svc/b // x\n)\nuse ./tools\n"),
            vec!["svc/a", "svc/b", "tools"]
        );
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
