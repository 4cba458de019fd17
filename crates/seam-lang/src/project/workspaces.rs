//! Workspaces: which directories of a repository are its packages, read from the workspace
//! files at the repository root. seam-review makes its Components from them.
//!
//! Detected managers, each read from the root only:
//! - `package.json` `workspaces` (array or `{ packages: [...] }`, as [`super::manifest`]
//!   parses it; npm, yarn or bun by lockfile) and `pnpm-workspace.yaml` `packages`;
//! - nx: `workspace.json` `projects` (name → path or `{ root }`), else, when `nx.json` is
//!   present, every directory holding a `project.json` (its `name` names the member);
//! - `Cargo.toml` `[workspace] members` minus `exclude` (names from each member's
//!   `[package] name`), `go.work` `use` (names from each `go.mod` `module`);
//! - Maven: the root `pom.xml` `<module>`s and those of aggregator modules below it (names
//!   from each module's `artifactId`); Gradle: the root `settings.gradle(.kts)` `include`s;
//! - `pyproject.toml` `[tool.uv.workspace] members` minus `exclude`; poetry: path
//!   dependencies of `[tool.poetry.dependencies]` and of every dependency group, and
//!   `[tool.poetry] packages` (`include`, under `from`) when the root declares more than one.
//!
//! Member globs (`*` within one directory name, matched by [`super::glob`]; `**` any depth up
//! to 10; `!` excludes) are expanded over the directories on disk, leaving out hidden ones and
//! `node_modules`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::manifest::{Manifest, ManifestKind};

/// A workspace manager found, with the member globs it declares (exclusions left out).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorkspaceTool {
    /// `npm`, `yarn`, `bun`, `pnpm`, `nx`, `cargo`, `go`, `mvn`, `gradle`, `uv`, `poetry`.
    pub tool: String,
    pub roots: Vec<String>,
}

/// The workspaces of a repository.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Workspaces {
    /// One entry per tool, sorted by tool.
    pub tools: Vec<WorkspaceTool>,
    /// Every member directory, repository-relative.
    pub members: BTreeSet<String>,
    /// Member names from the files the manifests do not cover (`Cargo.toml`, `go.mod`, nx's
    /// `workspace.json` and `project.json`), by directory.
    pub names: BTreeMap<String, String>,
}

const MAX_GLOB_DEPTH: usize = 10;

/// Reads the workspace files at `root`; `manifests` are the project's (package.json
/// `workspaces`, lockfiles by presence).
pub fn read_workspaces(root: &Path, manifests: &[Manifest]) -> Workspaces {
    let mut managers: Vec<WorkspaceTool> = Vec::new();
    let mut member_dirs: BTreeSet<String> = BTreeSet::new();
    let lockfile = |name: &str| manifests.iter().any(|m| m.path == name);

    let mut add = |tool: &str, globs: Vec<String>, require: &[&str]| {
        let globs: Vec<String> = globs.iter().filter_map(|g| relative_glob(g)).collect();
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
        managers.push(WorkspaceTool {
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
    // Names a manifest that this crate does not otherwise parse gives a member directory.
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
    add("mvn", maven_modules(manifests), &["pom.xml"]);
    if let Some(settings) = manifests
        .iter()
        .filter(|m| m.kind == ManifestKind::GradleSettings && m.dir.is_empty())
        .min_by(|a, b| a.path.cmp(&b.path))
    {
        add("gradle", settings.workspaces.clone(), &[]);
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
    // Names from the manifests this crate does not otherwise parse.
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
    Workspaces {
        tools: managers,
        members: member_dirs,
        names,
    }
}

fn read_json(path: &Path) -> Option<serde_json::Value> {
    let text = std::fs::read_to_string(path).ok()?;
    serde_json::from_str(&text).ok()
}

/// A directory as a manifest writes it, relative and without `./` (nor the slashes after it:
/// `.//tools`) or a trailing `/`.
pub fn clean_dir(dir: &str) -> String {
    let mut dir = dir.trim();
    while let Some(rest) = dir.strip_prefix("./") {
        dir = rest.trim_start_matches('/');
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

/// The module directories of the root `pom.xml`, and of the aggregator modules below it.
fn maven_modules(manifests: &[Manifest]) -> Vec<String> {
    let poms: BTreeMap<&str, &Manifest> = manifests
        .iter()
        .filter(|m| m.kind == ManifestKind::Maven)
        .map(|m| (m.dir.as_str(), m))
        .collect();
    let mut out = Vec::new();
    let mut queue: Vec<String> = vec![String::new()];
    while let Some(dir) = queue.pop() {
        let Some(pom) = poms.get(dir.as_str()) else {
            continue;
        };
        for module in &pom.workspaces {
            let member = clean_dir(&if dir.is_empty() {
                module.clone()
            } else {
                format!("{dir}/{module}")
            });
            if member.is_empty() || member.starts_with("..") || out.contains(&member) {
                continue;
            }
            out.push(member.clone());
            if out.len() < 1000 {
                queue.push(member);
            }
        }
    }
    out.sort();
    out
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
            if super::glob::name_matches(first, &child) {
                walk_glob(root, join(&child), rest, depth + 1, out);
            }
        }
    } else if root.join(&at).join(first).is_dir() {
        walk_glob(root, join(first), rest, depth + 1, out);
    }
}

/// A workspace glob as a path relative to the root: `./packages/*` is `packages/*` (a
/// manager's roots are document paths, which have no `.` segment), `apps/` is `apps`. `None`
/// for a glob that names the root itself.
fn relative_glob(glob: &str) -> Option<String> {
    let (negated, body) = match glob.strip_prefix('!') {
        Some(rest) => ("!", rest),
        None => ("", glob),
    };
    let body = clean_dir(body);
    (!body.is_empty() && body != ".").then(|| format!("{negated}{body}"))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs_are_relative_to_the_root() {
        let globs = [
            "./packages/*",
            "apps/",
            "!./packages/legacy",
            ".//tools/*",
            "./",
            ".",
        ];
        let relative: Vec<String> = globs.iter().filter_map(|g| relative_glob(g)).collect();
        assert_eq!(
            relative,
            vec!["packages/*", "apps", "!packages/legacy", "tools/*"]
        );
    }

    #[test]
    fn npm_workspaces_written_with_dot_slash_are_document_paths() {
        let dir = std::env::temp_dir().join(format!("seam-ws-dot-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("packages/api")).unwrap();
        std::fs::write(dir.join("packages/api/package.json"), r#"{"name":"api"}"#).unwrap();
        let text = r#"{"name":"root","workspaces":["./packages/*"]}"#;
        std::fs::write(dir.join("package.json"), text).unwrap();
        let manifest =
            crate::project::manifest::parse("package.json", ManifestKind::PackageJson, text)
                .expect("a package.json manifest");
        let ws = read_workspaces(&dir, &[manifest]);
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(ws.tools.len(), 1);
        assert_eq!(ws.tools[0].roots, vec!["packages/*"]);
        assert!(ws.members.contains("packages/api"), "{:?}", ws.members);
    }

    #[test]
    fn go_work() {
        assert_eq!(
            go_work_uses("go 1.22\nuse (\n  ./svc/a\n  ./svc/b // x\n)\nuse ./tools\n"),
            vec!["svc/a", "svc/b", "tools"]
        );
    }
}
