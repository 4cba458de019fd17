//! Which packs run on which file, chosen from the manifests of the directories it sits in.
//!
//! A file gets a pack when the pack is forced (`-f NAME`), when the pack says `always`, or
//! when a manifest in the file's directory or any directory above it (up to the repository
//! root) depends on one of the names the pack's `detect` lists for that ecosystem. The reason
//! is kept so `seam extract --explain` can say which manifest and which dependency it was.

use std::collections::{BTreeMap, BTreeSet};

use seam_lang::model::Language;

use crate::pack::Pack;

/// The kind of manifest a dependency list came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum ManifestKind {
    PackageJson,
    PackageLock,
    YarnLock,
    Requirements,
    Pyproject,
    Pipfile,
    /// poetry.lock, uv.lock, Pipfile.lock.
    PythonLock,
}

impl ManifestKind {
    /// The manifest kind a file name is, if any.
    pub fn from_file_name(name: &str) -> Option<ManifestKind> {
        Some(match name {
            "package.json" => ManifestKind::PackageJson,
            "package-lock.json" => ManifestKind::PackageLock,
            "yarn.lock" => ManifestKind::YarnLock,
            "pyproject.toml" => ManifestKind::Pyproject,
            "Pipfile" => ManifestKind::Pipfile,
            "poetry.lock" | "uv.lock" | "Pipfile.lock" => ManifestKind::PythonLock,
            n if n.starts_with("requirements") && n.ends_with(".txt") => ManifestKind::Requirements,
            _ => return None,
        })
    }

    fn is_npm(self) -> bool {
        matches!(
            self,
            ManifestKind::PackageJson | ManifestKind::PackageLock | ManifestKind::YarnLock
        )
    }
}

/// One manifest: where it is, the package it names, and the dependency names it lists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Manifest {
    /// Repository-relative path.
    pub path: String,
    pub kind: ManifestKind,
    /// The package name (`name` in package.json / pyproject.toml).
    pub name: Option<String>,
    /// Dependency names; Python names are lower-cased with `_` and `.` written `-`.
    pub dependencies: BTreeSet<String>,
}

impl Manifest {
    /// Reads a manifest from its text; `None` when the file name is not a manifest. A manifest
    /// that does not parse lists nothing (and `--explain` shows it with no dependencies).
    pub fn read(path: &str, text: &str) -> Option<Manifest> {
        let file_name = path.rsplit('/').next().unwrap_or(path);
        let kind = ManifestKind::from_file_name(file_name)?;
        let (name, dependencies) = match kind {
            ManifestKind::PackageJson => read_package_json(text),
            ManifestKind::PackageLock => (None, read_package_lock(text)),
            ManifestKind::YarnLock => (None, read_yarn_lock(text)),
            ManifestKind::Requirements => (None, read_requirements(text)),
            ManifestKind::Pyproject => read_pyproject(text),
            ManifestKind::Pipfile => (None, read_pipfile(text)),
            ManifestKind::PythonLock => (None, read_python_lock(text)),
        };
        Some(Manifest {
            path: path.to_owned(),
            kind,
            name,
            dependencies,
        })
    }

    /// The directory the manifest is in ("" for the root).
    pub fn dir(&self) -> &str {
        parent_dir(&self.path)
    }
}

fn parent_dir(path: &str) -> &str {
    path.rsplit_once('/').map_or("", |(d, _)| d)
}

/// Normalised Python distribution name (PEP 503).
pub fn normalize_python_name(name: &str) -> String {
    name.trim().to_ascii_lowercase().replace(['_', '.'], "-")
}

fn read_package_json(text: &str) -> (Option<String>, BTreeSet<String>) {
    let Ok(value) = serde_json::from_str::<serde_json::Value>(text) else {
        return (None, BTreeSet::new());
    };
    let name = value
        .get("name")
        .and_then(|n| n.as_str())
        .map(str::to_owned);
    let mut deps = BTreeSet::new();
    for key in [
        "dependencies",
        "devDependencies",
        "peerDependencies",
        "optionalDependencies",
    ] {
        if let Some(map) = value.get(key).and_then(|d| d.as_object()) {
            deps.extend(map.keys().cloned());
        }
    }
    (name, deps)
}

fn read_package_lock(text: &str) -> BTreeSet<String> {
    let Ok(value) = serde_json::from_str::<serde_json::Value>(text) else {
        return BTreeSet::new();
    };
    let mut deps = BTreeSet::new();
    if let Some(packages) = value.get("packages").and_then(|p| p.as_object()) {
        for key in packages.keys() {
            // Only direct installs: `node_modules/x`, not `node_modules/a/node_modules/x`.
            if let Some(name) = key.strip_prefix("node_modules/")
                && !name.contains("node_modules/")
            {
                deps.insert(name.to_owned());
            }
        }
    }
    if let Some(map) = value.get("dependencies").and_then(|d| d.as_object()) {
        deps.extend(map.keys().cloned());
    }
    deps
}

fn read_yarn_lock(text: &str) -> BTreeSet<String> {
    let mut deps = BTreeSet::new();
    for line in text.lines() {
        if line.starts_with([' ', '#']) || !line.ends_with(':') {
            continue;
        }
        for spec in line.trim_end_matches(':').split(", ") {
            let spec = spec.trim_matches('"');
            // `@scope/name@range` or `name@range`: the name ends at the last `@` after 0.
            if let Some(at) = spec[1.min(spec.len())..].find('@') {
                deps.insert(spec[..at + 1].to_owned());
            }
        }
    }
    deps
}

/// The distribution name at the start of a requirement (`fastapi[all]>=0.1 ; python_version…`).
fn requirement_name(line: &str) -> Option<String> {
    let line = line.trim().trim_matches(|c| c == '"' || c == '\'');
    let name: String = line
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        .collect();
    (!name.is_empty()).then(|| normalize_python_name(&name))
}

fn read_requirements(text: &str) -> BTreeSet<String> {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or(""))
        .filter(|l| !l.trim_start().starts_with('-'))
        .filter_map(requirement_name)
        .collect()
}

/// A small line reader for the parts of pyproject.toml that name dependencies: PEP 621
/// `[project] dependencies = [...]` and optional-dependencies, and Poetry's dependency tables.
fn read_pyproject(text: &str) -> (Option<String>, BTreeSet<String>) {
    let mut name = None;
    let mut deps = BTreeSet::new();
    let mut table = String::new();
    let mut in_array = false;
    for raw in text.lines() {
        let line = raw.split(" #").next().unwrap_or("").trim();
        if line.starts_with('[') && !in_array {
            table = line
                .trim_matches(|c| c == '[' || c == ']')
                .trim()
                .to_owned();
            continue;
        }
        if in_array {
            for part in line.split(',') {
                if let Some(n) = requirement_name(part) {
                    deps.insert(n);
                }
            }
            if line.contains(']') {
                in_array = false;
            }
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        let key = key.trim();
        let value = value.trim();
        let poetry_deps = table == "tool.poetry.dependencies"
            || (table.starts_with("tool.poetry.group.") && table.ends_with(".dependencies"))
            || table == "tool.poetry.dev-dependencies";
        if key == "name" && (table == "project" || table == "tool.poetry") && name.is_none() {
            name = Some(value.trim_matches('"').trim_matches('\'').to_owned());
        } else if poetry_deps {
            if key != "python" {
                deps.insert(normalize_python_name(key.trim_matches('"')));
            }
        } else if (table == "project" && key == "dependencies")
            || table == "project.optional-dependencies"
            || table == "dependency-groups"
        {
            let inner = value.trim_start_matches('[');
            for part in inner.split(',') {
                let part = part.trim_end_matches(']');
                if let Some(n) = requirement_name(part) {
                    deps.insert(n);
                }
            }
            in_array = value.starts_with('[') && !value.contains(']');
        }
    }
    (name, deps)
}

fn read_pipfile(text: &str) -> BTreeSet<String> {
    let mut deps = BTreeSet::new();
    let mut in_packages = false;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_packages = line == "[packages]" || line == "[dev-packages]";
            continue;
        }
        if in_packages && let Some((key, _)) = line.split_once('=') {
            deps.insert(normalize_python_name(key.trim().trim_matches('"')));
        }
    }
    deps
}

fn read_python_lock(text: &str) -> BTreeSet<String> {
    let mut deps = BTreeSet::new();
    // poetry.lock / uv.lock: `name = "x"` inside `[[package]]`; Pipfile.lock: JSON keys.
    if let Ok(value) = serde_json::from_str::<serde_json::Value>(text) {
        for section in ["default", "develop"] {
            if let Some(map) = value.get(section).and_then(|d| d.as_object()) {
                deps.extend(map.keys().map(|k| normalize_python_name(k)));
            }
        }
        return deps;
    }
    let mut in_package = false;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_package = line == "[[package]]";
            continue;
        }
        if in_package && let Some(v) = line.strip_prefix("name = ") {
            deps.insert(normalize_python_name(v.trim_matches('"')));
        }
    }
    deps
}

/// Why a pack runs on a file.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Reason {
    /// `-f NAME`.
    Forced,
    /// The pack says `always: true`.
    Always,
    /// A manifest lists one of the pack's dependency names.
    Dependency {
        manifest: String,
        dependency: String,
    },
}

impl std::fmt::Display for Reason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Reason::Forced => f.write_str("forced with -f"),
            Reason::Always => f.write_str("applies to every file of its language"),
            Reason::Dependency {
                manifest,
                dependency,
            } => write!(f, "{manifest} depends on {dependency}"),
        }
    }
}

/// One pack chosen for a file.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct PackChoice {
    /// Index into the pack list given to [`Detection::packs_for`].
    pub pack: usize,
    pub reason: Reason,
}

/// Every manifest of a repository, ready to answer per directory.
#[derive(Debug, Clone, Default)]
pub struct Detection {
    /// By directory, nearest lookup walks up from a file's directory.
    by_dir: BTreeMap<String, Vec<Manifest>>,
    /// package.json manifests by package name: (directory, index in `by_dir`), so following
    /// workspace dependencies is a lookup, not a scan of every manifest.
    packages_by_name: BTreeMap<String, Vec<(String, usize)>>,
    /// See [`Detection::workspace_levels`].
    workspace_levels: BTreeMap<String, Vec<Vec<(String, usize)>>>,
    /// Dotenv variables by directory (see [`Detection::dotenv`]).
    dotenv: BTreeMap<String, BTreeMap<String, String>>,
}

/// Dotenv file names, highest precedence first: the settings a developer runs with, then the
/// templates a repository ships.
const DOTENV_PRECEDENCE: [&str; 8] = [
    ".env",
    ".env.development",
    ".env.dev",
    ".env.defaults",
    ".env.example",
    ".env.local.example",
    ".env.sample",
    ".env.template",
];

impl Detection {
    pub fn new(manifests: Vec<Manifest>) -> Detection {
        let mut by_dir: BTreeMap<String, Vec<Manifest>> = BTreeMap::new();
        for m in manifests {
            by_dir.entry(m.dir().to_owned()).or_default().push(m);
        }
        for list in by_dir.values_mut() {
            list.sort_by(|a, b| a.path.cmp(&b.path));
        }
        let mut packages_by_name: BTreeMap<String, Vec<(String, usize)>> = BTreeMap::new();
        for (dir, list) in &by_dir {
            for (i, m) in list.iter().enumerate() {
                if m.kind == ManifestKind::PackageJson
                    && let Some(name) = &m.name
                {
                    packages_by_name
                        .entry(name.clone())
                        .or_default()
                        .push((dir.clone(), i));
                }
            }
        }
        let mut detection = Detection {
            by_dir,
            packages_by_name,
            workspace_levels: BTreeMap::new(),
            dotenv: BTreeMap::new(),
        };
        detection.workspace_levels = detection.workspace_levels();
        detection
    }

    /// Dotenv variables by directory: per directory, its dotenv files merged, a file of
    /// higher precedence (`.env` over `.env.development` over the templates) overriding.
    pub fn dotenv(&self) -> &BTreeMap<String, BTreeMap<String, String>> {
        &self.dotenv
    }

    /// Builds the detection from the manifests the project loader found. Lockfiles are read
    /// here (the loader records them by presence only) from `root`.
    pub fn from_project(
        root: &std::path::Path,
        manifests: &[seam_lang::project::Manifest],
    ) -> Detection {
        use seam_lang::project::ManifestKind as Loaded;
        let mut out = Vec::new();
        let mut dotenv: Vec<(&str, usize, &BTreeMap<String, String>)> = Vec::new();
        for m in manifests {
            let kind = match m.kind {
                Loaded::Dotenv => {
                    let name = m.path.rsplit('/').next().unwrap_or(&m.path);
                    let rank = DOTENV_PRECEDENCE
                        .iter()
                        .position(|n| *n == name)
                        .unwrap_or(DOTENV_PRECEDENCE.len());
                    dotenv.push((m.dir.as_str(), rank, &m.variables));
                    continue;
                }
                Loaded::PackageJson => ManifestKind::PackageJson,
                Loaded::Pyproject => ManifestKind::Pyproject,
                Loaded::Requirements => ManifestKind::Requirements,
                Loaded::Pipfile => ManifestKind::Pipfile,
                Loaded::Lockfile => {
                    let text = std::fs::read_to_string(root.join(&m.path)).unwrap_or_default();
                    if let Some(read) = Manifest::read(&m.path, &text) {
                        out.push(read);
                    }
                    continue;
                }
                Loaded::Tsconfig | Loaded::Jsconfig => continue,
            };
            let python = !kind.is_npm();
            out.push(Manifest {
                path: m.path.clone(),
                kind,
                name: m.name.clone(),
                dependencies: m
                    .dependencies
                    .iter()
                    .map(|d| {
                        if python {
                            normalize_python_name(d)
                        } else {
                            d.clone()
                        }
                    })
                    .collect(),
            });
        }
        let mut detection = Detection::new(out);
        // Lowest precedence first, so a higher one overrides.
        dotenv.sort_by(|a, b| (a.0, std::cmp::Reverse(a.1)).cmp(&(b.0, std::cmp::Reverse(b.1))));
        for (dir, _, variables) in dotenv {
            let merged = detection.dotenv.entry(dir.to_owned()).or_default();
            for (k, v) in variables {
                merged.insert(k.clone(), v.clone());
            }
        }
        detection
    }

    /// Every manifest, by path.
    pub fn manifests(&self) -> impl Iterator<Item = &Manifest> {
        self.by_dir.values().flatten()
    }

    /// The manifests that apply to a file, nearest directory first.
    pub fn manifests_for<'a>(&'a self, file: &str) -> Vec<&'a Manifest> {
        let mut out = Vec::new();
        let mut dir = parent_dir(file);
        loop {
            if let Some(list) = self.by_dir.get(dir) {
                out.extend(list.iter());
            }
            if dir.is_empty() {
                break;
            }
            dir = parent_dir(dir);
        }
        out
    }

    /// The workspace of a file: the `name` of the nearest package.json or pyproject.toml that
    /// has one.
    pub fn workspace_for(&self, file: &str) -> Option<&str> {
        self.manifests_for(file)
            .into_iter()
            .filter(|m| matches!(m.kind, ManifestKind::PackageJson | ManifestKind::Pyproject))
            .find_map(|m| m.name.as_deref())
    }

    /// The packs that run on `file` (written in `language`), with why. `forced` names packs
    /// given with `-f`; when it is not empty only those run.
    pub fn packs_for(
        &self,
        file: &str,
        language: Language,
        packs: &[Pack],
        forced: &[String],
    ) -> Vec<PackChoice> {
        let manifests = self.manifests_for(file);
        let mut out = Vec::new();
        for (index, pack) in packs.iter().enumerate() {
            if !pack.family.includes(language) {
                continue;
            }
            if !forced.is_empty() {
                if forced.contains(&pack.name) {
                    out.push(PackChoice {
                        pack: index,
                        reason: Reason::Forced,
                    });
                }
                continue;
            }
            if pack.detect.always {
                out.push(PackChoice {
                    pack: index,
                    reason: Reason::Always,
                });
                continue;
            }
            let found = dependency_reason(pack, &manifests).or_else(|| {
                // A client made in a workspace package is used by the packages that depend on
                // it: a client pack also runs where a workspace dependency detects it.
                (pack.kind == crate::UnitKind::Client)
                    .then(|| self.workspace_dependency_reason(pack, file))
                    .flatten()
            });
            if let Some(reason) = found {
                out.push(PackChoice {
                    pack: index,
                    reason,
                });
            }
        }
        out
    }
}

impl Detection {
    /// [`dependency_reason`] over the package.json manifests of the workspace packages a
    /// file's npm manifests depend on by name (`"@org/client": "workspace:*"`), level by level
    /// (see [`Detection::workspace_levels`]).
    fn workspace_dependency_reason(&self, pack: &Pack, file: &str) -> Option<Reason> {
        let mut dir = parent_dir(file);
        let levels = loop {
            if let Some(levels) = self.workspace_levels.get(dir) {
                break levels;
            }
            if dir.is_empty() {
                return None;
            }
            dir = parent_dir(dir);
        };
        levels.iter().find_map(|level| {
            let manifests: Vec<&Manifest> = level
                .iter()
                .filter_map(|(d, i)| self.by_dir.get(d).and_then(|list| list.get(*i)))
                .collect();
            dependency_reason(pack, &manifests)
        })
    }

    /// For each directory holding manifests: the workspace packages its npm manifests (and
    /// those above it) depend on by name, up to four levels, each level the packages first
    /// reached there. Computed once, so detection per file is a lookup.
    fn workspace_levels(&self) -> BTreeMap<String, Vec<Vec<(String, usize)>>> {
        let mut out = BTreeMap::new();
        for dir in self.by_dir.keys() {
            let probe = if dir.is_empty() {
                "x".to_owned()
            } else {
                format!("{dir}/x")
            };
            let mut seen: BTreeSet<&str> = BTreeSet::new();
            let mut frontier: Vec<&Manifest> = self
                .manifests_for(&probe)
                .into_iter()
                .filter(|m| m.kind.is_npm())
                .collect();
            let mut levels = Vec::new();
            for _ in 0..4 {
                let mut next: Vec<&Manifest> = Vec::new();
                let mut keys = Vec::new();
                for m in &frontier {
                    for dep in &m.dependencies {
                        if !seen.insert(dep.as_str()) {
                            continue;
                        }
                        for key in self.packages_by_name.get(dep).into_iter().flatten() {
                            if let Some(found) =
                                self.by_dir.get(&key.0).and_then(|list| list.get(key.1))
                            {
                                next.push(found);
                                keys.push(key.clone());
                            }
                        }
                    }
                }
                if keys.is_empty() {
                    break;
                }
                levels.push(keys);
                frontier = next;
            }
            if !levels.is_empty() {
                out.insert(dir.clone(), levels);
            }
        }
        out
    }
}

fn dependency_reason(pack: &Pack, manifests: &[&Manifest]) -> Option<Reason> {
    for m in manifests {
        let wanted: Vec<String> = if m.kind.is_npm() {
            pack.detect.npm.clone()
        } else {
            pack.detect
                .pypi
                .iter()
                .map(|n| normalize_python_name(n))
                .collect()
        };
        if let Some(dep) = wanted.iter().find(|w| m.dependencies.contains(*w)) {
            return Some(Reason::Dependency {
                manifest: m.path.clone(),
                dependency: dep.clone(),
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deps(m: &Manifest) -> Vec<&str> {
        m.dependencies.iter().map(String::as_str).collect()
    }

    #[test]
    fn package_json_lists_every_dependency_section_and_the_name() {
        let m = Manifest::read(
            "server/package.json",
            r#"{"name":"@shop/server","dependencies":{"express":"^4"},"devDependencies":{"typescript":"5"}}"#,
        )
        .unwrap();
        assert_eq!(m.name.as_deref(), Some("@shop/server"));
        assert_eq!(deps(&m), ["express", "typescript"]);
        assert_eq!(m.dir(), "server");
    }

    #[test]
    fn requirements_keep_names_only() {
        let m = Manifest::read(
            "requirements-dev.txt",
            "# tools\nFastAPI[all]>=0.110\n-r base.txt\nSQLAlchemy==2.0 ; python_version > '3.8'\nzope.interface\n",
        )
        .unwrap();
        assert_eq!(deps(&m), ["fastapi", "sqlalchemy", "zope-interface"]);
    }

    #[test]
    fn pyproject_reads_pep621_and_poetry() {
        let m = Manifest::read(
            "svc/pyproject.toml",
            "[project]\nname = \"billing\"\ndependencies = [\n  \"fastapi>=0.1\",\n  \"httpx\",\n]\n[tool.poetry.dependencies]\npython = \"^3.11\"\nFlask = \"^3\"\n",
        )
        .unwrap();
        assert_eq!(m.name.as_deref(), Some("billing"));
        assert_eq!(deps(&m), ["fastapi", "flask", "httpx"]);
        let one_line = Manifest::read(
            "pyproject.toml",
            "[project]\ndependencies = [\"requests\", \"flask\"]\n",
        )
        .unwrap();
        assert_eq!(deps(&one_line), ["flask", "requests"]);
    }

    #[test]
    fn pipfile_and_locks() {
        let p = Manifest::read(
            "Pipfile",
            "[packages]\nrequests = \"*\"\n[requires]\npython_version = \"3.11\"\n",
        )
        .unwrap();
        assert_eq!(deps(&p), ["requests"]);
        let y = Manifest::read("yarn.lock", "\"@koa/router@^12\", \"@koa/router@^12.0.1\":\n  version \"12\"\naxios@^1.7.2:\n  version \"1.7.2\"\n").unwrap();
        assert_eq!(deps(&y), ["@koa/router", "axios"]);
        let l = Manifest::read(
            "poetry.lock",
            "[[package]]\nname = \"httpx\"\nversion = \"0.27\"\n",
        )
        .unwrap();
        assert_eq!(deps(&l), ["httpx"]);
        assert!(Manifest::read("src/app.ts", "").is_none());
    }

    #[test]
    fn manifests_apply_to_their_directory_and_below_nearest_first() {
        let d = Detection::new(vec![
            Manifest::read("package.json", r#"{"name":"shop"}"#).unwrap(),
            Manifest::read("server/package.json", r#"{"name":"@shop/server"}"#).unwrap(),
        ]);
        let paths: Vec<&str> = d
            .manifests_for("server/src/app.ts")
            .iter()
            .map(|m| m.path.as_str())
            .collect();
        assert_eq!(paths, ["server/package.json", "package.json"]);
        assert_eq!(d.workspace_for("server/src/app.ts"), Some("@shop/server"));
        assert_eq!(d.workspace_for("web/src/a.ts"), Some("shop"));
        assert_eq!(d.workspace_for("serverless/a.ts"), Some("shop"));
    }
}
