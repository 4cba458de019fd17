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
    /// `go.mod`: dependencies are module paths.
    GoMod,
    /// `pom.xml`, `build.gradle(.kts)`: dependencies are Maven coordinates `group:artifact`.
    Jvm,
    /// `Cargo.toml`: dependencies are crate names as published.
    Cargo,
    /// `Gemfile`, `Gemfile.lock`: dependencies are gem names.
    Gemfile,
    /// `composer.json`: dependencies are Composer package names `vendor/package`.
    Composer,
    /// `*.csproj`: dependencies are NuGet package names.
    Dotnet,
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
            "go.mod" => ManifestKind::GoMod,
            "pom.xml" | "build.gradle" | "build.gradle.kts" => ManifestKind::Jvm,
            "Cargo.toml" => ManifestKind::Cargo,
            "Gemfile" | "Gemfile.lock" | "gems.rb" | "gems.locked" => ManifestKind::Gemfile,
            "composer.json" => ManifestKind::Composer,
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
    /// No manifest above the file lists the pack's dependency (it is declared where seam does
    /// not look: a Docker build's requirements file, a vendored tree), but the file imports
    /// it by name.
    Import { module: String },
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
            Reason::Import { module } => write!(f, "the file imports {module}"),
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
    /// Application settings files by path (see [`Detection::settings`]).
    settings: BTreeMap<String, BTreeMap<String, String>>,
    /// The services the repository's `.proto` files declare, with each file's path, by path
    /// (see [`Detection::rpc_services`]).
    rpc_services: Vec<(String, seam_lang::project::proto::ProtoService)>,
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
            settings: BTreeMap::new(),
            rpc_services: Vec::new(),
        };
        detection.workspace_levels = detection.workspace_levels();
        detection
    }

    /// Dotenv variables by directory: per directory, its dotenv files merged, a file of
    /// higher precedence (`.env` over `.env.development` over the templates) overriding.
    pub fn dotenv(&self) -> &BTreeMap<String, BTreeMap<String, String>> {
        &self.dotenv
    }

    /// Application settings files (`application.yml`, `application-dev.properties`) by
    /// repository path: their keys flattened to dotted names.
    pub fn settings(&self) -> &BTreeMap<String, BTreeMap<String, String>> {
        &self.settings
    }

    /// The RPC services declared in the repository's `.proto` files, as (file, service), in
    /// file order: what a server registers an implementation of and a client calls.
    pub fn rpc_services(&self) -> &[(String, seam_lang::project::proto::ProtoService)] {
        &self.rpc_services
    }

    /// Builds the detection from the manifests the project loader found (lockfiles with the
    /// packages they record; one seam does not read is left out).
    pub fn from_project(manifests: &[seam_lang::project::Manifest]) -> Detection {
        use seam_lang::project::ManifestKind as Loaded;
        let mut out = Vec::new();
        let mut dotenv: Vec<(&str, usize, &BTreeMap<String, String>)> = Vec::new();
        let mut settings = Vec::new();
        let mut rpc_services = Vec::new();
        for m in manifests {
            let kind = match m.kind {
                Loaded::Proto => {
                    for s in &m.services {
                        rpc_services.push((m.path.clone(), s.clone()));
                    }
                    continue;
                }
                Loaded::Dotenv => {
                    let name = m.path.rsplit('/').next().unwrap_or(&m.path);
                    let rank = DOTENV_PRECEDENCE
                        .iter()
                        .position(|n| *n == name)
                        .unwrap_or(DOTENV_PRECEDENCE.len());
                    dotenv.push((m.dir.as_str(), rank, &m.variables));
                    continue;
                }
                // The globals an app's HTML page sets: below every dotenv file.
                Loaded::AppSettings => {
                    settings.push((m.path.clone(), m.variables.clone()));
                    continue;
                }
                Loaded::HtmlEntry => {
                    dotenv.push((m.dir.as_str(), DOTENV_PRECEDENCE.len() + 1, &m.variables));
                    continue;
                }
                Loaded::PackageJson => ManifestKind::PackageJson,
                Loaded::Pyproject => ManifestKind::Pyproject,
                Loaded::Requirements => ManifestKind::Requirements,
                Loaded::Pipfile => ManifestKind::Pipfile,
                Loaded::GoMod => ManifestKind::GoMod,
                Loaded::Maven | Loaded::Gradle => ManifestKind::Jvm,
                Loaded::Cargo => ManifestKind::Cargo,
                Loaded::Gemfile => ManifestKind::Gemfile,
                Loaded::Composer => ManifestKind::Composer,
                Loaded::Dotnet => ManifestKind::Dotnet,
                Loaded::Lockfile => {
                    let name = m.path.rsplit('/').next().unwrap_or(&m.path);
                    let Some(kind) = ManifestKind::from_file_name(name) else {
                        continue;
                    };
                    out.push(Manifest {
                        path: m.path.clone(),
                        kind,
                        name: None,
                        dependencies: m
                            .locked
                            .iter()
                            .map(|d| {
                                if kind.is_npm() {
                                    d.clone()
                                } else {
                                    normalize_python_name(d)
                                }
                            })
                            .collect(),
                    });
                    continue;
                }
                Loaded::Tsconfig | Loaded::Jsconfig | Loaded::GoWork | Loaded::GradleSettings => {
                    continue;
                }
            };
            let python = !kind.is_npm()
                && !matches!(
                    kind,
                    ManifestKind::GoMod
                        | ManifestKind::Jvm
                        | ManifestKind::Cargo
                        | ManifestKind::Gemfile
                        | ManifestKind::Composer
                        | ManifestKind::Dotnet
                );
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
        detection.settings = settings.into_iter().collect();
        detection.rpc_services = rpc_services;
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
    /// `imports` are the file's module specifiers that name no file of the repository.
    pub fn packs_for(
        &self,
        file: &str,
        language: Language,
        imports: &[&str],
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
            let found = dependency_reason(pack, &manifests)
                .or_else(|| {
                    // A client made in a workspace package is used by the packages that
                    // depend on it: a client pack also runs where a workspace dependency
                    // detects it.
                    (pack.kind == crate::UnitKind::Client)
                        .then(|| self.workspace_dependency_reason(pack, file))
                        .flatten()
                })
                .or_else(|| import_reason(pack, language, imports));
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

/// The first of a file's imports that names one of the pack's dependencies for the file's
/// language: an npm package (or a path inside it), a Python distribution's module (its name
/// with `-` read as `_`, or a submodule), a Go module path (or a package inside it).
fn import_reason(pack: &Pack, language: Language, imports: &[&str]) -> Option<Reason> {
    let under = |specifier: &str, name: &str, separator: char| {
        specifier == name
            || specifier
                .strip_prefix(name)
                .is_some_and(|rest| rest.starts_with(separator))
    };
    let module = imports.iter().find(|specifier| match language {
        Language::Python => pack.detect.pypi.iter().any(|name| {
            let module = normalize_python_name(name).replace('-', "_");
            under(specifier, &module, '.')
        }),
        Language::Go => pack
            .detect
            .go
            .iter()
            .any(|name| under(specifier, name, '/')),
        // `use axum::routing::get` names the crate `axum` (a crate `tower-http` is `tower_http`).
        Language::Rust => pack
            .detect
            .cargo
            .iter()
            .any(|name| under(specifier, &name.replace('-', "_"), ':')),
        Language::TypeScript | Language::Tsx | Language::JavaScript | Language::Jsx => pack
            .detect
            .npm
            .iter()
            .any(|name| under(specifier, name, '/')),
        Language::Java | Language::Kotlin | Language::Ruby | Language::Php | Language::CSharp => {
            false
        }
    })?;
    Some(Reason::Import {
        module: (*module).to_owned(),
    })
}

fn dependency_reason(pack: &Pack, manifests: &[&Manifest]) -> Option<Reason> {
    for m in manifests {
        if m.kind == ManifestKind::Jvm {
            let found = pack
                .detect
                .maven
                .iter()
                .find_map(|w| m.dependencies.iter().find(|d| same_coordinate(w, d)));
            if let Some(dep) = found {
                return Some(Reason::Dependency {
                    manifest: m.path.clone(),
                    dependency: dep.clone(),
                });
            }
            continue;
        }
        if m.kind == ManifestKind::GoMod {
            // A module path names its major versions as subpaths (`echo` is `echo/v4`). The
            // module itself counts too: the framework's own repository (its server and
            // examples) uses the framework.
            let found = pack.detect.go.iter().find_map(|w| {
                m.dependencies.iter().chain(m.name.iter()).find(|d| {
                    *d == w
                        || d.strip_prefix(w.as_str())
                            .is_some_and(|r| r.starts_with('/'))
                })
            });
            if let Some(dep) = found {
                return Some(Reason::Dependency {
                    manifest: m.path.clone(),
                    dependency: dep.clone(),
                });
            }
            continue;
        }
        if m.kind == ManifestKind::Gemfile {
            if let Some(dep) = pack.detect.gem.iter().find(|w| m.dependencies.contains(*w)) {
                return Some(Reason::Dependency {
                    manifest: m.path.clone(),
                    dependency: dep.clone(),
                });
            }
            continue;
        }
        if m.kind == ManifestKind::Composer {
            if let Some(dep) = pack
                .detect
                .composer
                .iter()
                .find(|w| m.dependencies.contains(&w.to_ascii_lowercase()))
            {
                return Some(Reason::Dependency {
                    manifest: m.path.clone(),
                    dependency: dep.clone(),
                });
            }
            continue;
        }
        if m.kind == ManifestKind::Dotnet {
            // NuGet names are case-insensitive.
            let found = pack
                .detect
                .nuget
                .iter()
                .find_map(|w| m.dependencies.iter().find(|d| d.eq_ignore_ascii_case(w)));
            if let Some(dep) = found {
                return Some(Reason::Dependency {
                    manifest: m.path.clone(),
                    dependency: dep.clone(),
                });
            }
            continue;
        }
        if m.kind == ManifestKind::Cargo {
            if let Some(dep) = pack
                .detect
                .cargo
                .iter()
                .find(|w| m.dependencies.contains(*w))
            {
                return Some(Reason::Dependency {
                    manifest: m.path.clone(),
                    dependency: dep.clone(),
                });
            }
            continue;
        }
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

/// True when two Maven coordinates name the same artifact; a side without a group (a
/// Gradle catalog alias) compares by artifact.
fn same_coordinate(wanted: &str, declared: &str) -> bool {
    match (wanted.split_once(':'), declared.split_once(':')) {
        (Some(_), Some(_)) => wanted == declared,
        (Some((_, a)), None) => a == declared,
        (None, Some((_, b))) => wanted == b,
        (None, None) => wanted == declared,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The detection of manifests given as (path, text), read as the project loader reads them.
    fn detection(files: &[(&str, &str)]) -> Detection {
        let manifests: Vec<seam_lang::project::Manifest> = files
            .iter()
            .map(|(path, text)| {
                let kind = seam_lang::project::manifest::kind_for(path).expect("a manifest");
                seam_lang::project::manifest::parse(path, kind, text).expect("it parses")
            })
            .collect();
        Detection::from_project(&manifests)
    }

    fn deps<'a>(d: &'a Detection, path: &str) -> Vec<&'a str> {
        let m = d
            .manifests()
            .find(|m| m.path == path)
            .expect("the manifest");
        m.dependencies.iter().map(String::as_str).collect()
    }

    #[test]
    fn python_names_are_normalised_and_lockfiles_read() {
        let d = detection(&[
            (
                "requirements-dev.txt",
                "# tools\nFastAPI[all]>=0.110\n-r base.txt\nSQLAlchemy==2.0 ; python_version > '3.8'\nzope.interface\n",
            ),
            (
                "svc/yarn.lock",
                "\"@koa/router@^12\", \"@koa/router@^12.0.1\":\n  version \"12\"\naxios@^1.7.2:\n  version \"1.7.2\"\n",
            ),
            (
                "svc/poetry.lock",
                "[[package]]\nname = \"Zope.Interface\"\nversion = \"6\"\n",
            ),
            ("svc/pnpm-lock.yaml", "lockfileVersion: 9\n"),
        ]);
        assert_eq!(
            deps(&d, "requirements-dev.txt"),
            ["fastapi", "sqlalchemy", "zope-interface"]
        );
        assert_eq!(deps(&d, "svc/yarn.lock"), ["@koa/router", "axios"]);
        assert_eq!(deps(&d, "svc/poetry.lock"), ["zope-interface"]);
        // A lockfile seam does not read takes no part.
        assert!(d.manifests().all(|m| m.path != "svc/pnpm-lock.yaml"));
    }

    #[test]
    fn manifests_apply_to_their_directory_and_below_nearest_first() {
        let d = detection(&[
            ("package.json", r#"{"name":"shop"}"#),
            ("server/package.json", r#"{"name":"@shop/server"}"#),
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

#[cfg(test)]
mod jvm_tests {
    use super::*;

    fn chosen(files: &[(&str, &str)], source: &str, language: Language) -> Vec<String> {
        let manifests: Vec<seam_lang::project::Manifest> = files
            .iter()
            .map(|(path, text)| {
                let kind = seam_lang::project::manifest::kind_for(path).expect("a manifest");
                seam_lang::project::manifest::parse(path, kind, text).expect("it parses")
            })
            .collect();
        let packs = crate::builtin_packs().expect("built-in packs load");
        Detection::from_project(&manifests)
            .packs_for(source, language, &[], &packs, &[])
            .into_iter()
            .map(|c| packs[c.pack].name.clone())
            .filter(|n| n.starts_with("spring") || n == "jax-rs")
            .collect()
    }

    #[test]
    fn spring_packs_run_where_a_build_file_depends_on_spring() {
        let pom = "<project><artifactId>a</artifactId><dependencies><dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-web</artifactId></dependency></dependencies></project>";
        assert_eq!(
            chosen(
                &[("api/pom.xml", pom)],
                "api/src/main/java/a/A.java",
                Language::Java
            ),
            // spring-web holds the HTTP interfaces too; WebMvc.fn the functional endpoints.
            vec![
                "spring-declarative-client",
                "spring-mvc",
                "spring-rest-client",
                "spring-router-functions"
            ]
        );
        let gradle = "dependencies { implementation(libs.spring.boot.starter.webflux) }";
        assert_eq!(
            chosen(
                &[("app/build.gradle.kts", gradle)],
                "app/src/main/kotlin/a/A.kt",
                Language::Kotlin
            ),
            vec![
                "spring-declarative-client",
                "spring-rest-client",
                "spring-router-functions"
            ]
        );
        // A module without the dependency: no Spring pack, whatever its code says.
        let plain = "<project><artifactId>b</artifactId><dependencies><dependency><groupId>com.google.guava</groupId><artifactId>guava</artifactId></dependency></dependencies></project>";
        assert!(
            chosen(
                &[("api/pom.xml", pom), ("tool/pom.xml", plain)],
                "tool/src/main/kotlin/b/B.kt",
                Language::Kotlin
            )
            .is_empty()
        );
    }
}

#[cfg(test)]
mod import_tests {
    use super::*;

    fn chosen(
        manifest: Option<(&str, &str)>,
        file: &str,
        language: Language,
        imports: &[&str],
    ) -> Vec<(String, String)> {
        let manifests: Vec<seam_lang::project::Manifest> = manifest
            .iter()
            .map(|(path, text)| {
                let kind = seam_lang::project::manifest::kind_for(path).expect("a manifest");
                seam_lang::project::manifest::parse(path, kind, text).expect("it parses")
            })
            .collect();
        let packs = crate::builtin_packs().expect("built-in packs load");
        Detection::from_project(&manifests)
            .packs_for(file, language, imports, &packs, &[])
            .into_iter()
            .filter(|c| c.reason != Reason::Always)
            .map(|c| (packs[c.pack].name.clone(), c.reason.to_string()))
            .collect()
    }

    #[test]
    fn a_framework_no_manifest_lists_is_found_by_what_the_file_imports() {
        // fastapi is declared only in a Docker build's requirements, beside no Python code.
        assert_eq!(
            chosen(
                None,
                "app/api/routes.py",
                Language::Python,
                &["fastapi", "fastapi.params", "os"]
            ),
            [("fastapi".to_owned(), "the file imports fastapi".to_owned())]
        );
        // A path inside an npm package.
        assert_eq!(
            chosen(
                None,
                "web/api.ts",
                Language::TypeScript,
                &["axios/index", "react"]
            ),
            [(
                "axios".to_owned(),
                "the file imports axios/index".to_owned()
            )]
        );
        // A module whose name only starts like the framework's is another module.
        assert!(chosen(None, "app/x.py", Language::Python, &["fastapi_utils2x"]).is_empty());
        assert!(chosen(None, "web/x.ts", Language::TypeScript, &["axios-mock"]).is_empty());
        // A manifest that lists the framework stays the reason given.
        assert_eq!(
            chosen(
                Some(("requirements.txt", "fastapi==0.110\n")),
                "app/api/routes.py",
                Language::Python,
                &["fastapi"]
            ),
            [(
                "fastapi".to_owned(),
                "requirements.txt depends on fastapi".to_owned()
            )]
        );
    }
}
