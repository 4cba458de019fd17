//! JavaScript and TypeScript specifiers.
//!
//! The rules, following TypeScript's `bundler`/`node` resolution on the project's files:
//! - A relative specifier (`./x`, `../x`, `.`) is joined to the importing file's directory.
//! - A bare specifier goes through the nearest `tsconfig.json` (else `jsconfig.json`) in the
//!   importing file's directory or above it: `compilerOptions.paths` (the exact pattern, else
//!   the one with the longest prefix before `*`; each substitution in order), then `baseUrl`;
//!   `extends` is followed (relative files, and configs inside workspace packages), with the
//!   nearer config's `baseUrl`/`paths` overriding. Then workspace packages: a specifier whose
//!   package name is a `package.json` `name` in the project resolves to that package's entry
//!   (`source`, `exports`, `module`, `main`, `types`, then `src/index.*`, `index.*`), or for
//!   `name/sub`, to `exports["./sub"]` or the file `sub` in the package (or in its `src/`).
//!   `include`/`files` scoping of a tsconfig is not modelled.
//! - A candidate path resolves, in order, to: the file itself; an extension swap (`.js` →
//!   `.ts`/`.tsx`, `.jsx` → `.tsx`, `.mjs` → `.mts`, `.cjs` → `.cts`); the path plus one of
//!   [`EXTENSIONS`]; for a directory, its `package.json` entry, then `index` plus one of
//!   [`EXTENSIONS`].
use super::{Resolver, concat, join, parent_dir};
use crate::project::{Manifest, ManifestKind};
use std::collections::BTreeMap;

/// Extensions tried after a path, in order.
pub const EXTENSIONS: &[&str] = &[
    ".ts", ".tsx", ".d.ts", ".js", ".jsx", ".mts", ".cts", ".mjs", ".cjs", ".json",
];

const SWAPS: &[(&str, &[&str])] = &[
    (".js", &[".ts", ".tsx"]),
    (".jsx", &[".tsx"]),
    (".mjs", &[".mts"]),
    (".cjs", &[".cts"]),
];

/// How deep `extends` chains are followed.
const MAX_EXTENDS_DEPTH: usize = 16;

/// A tsconfig's module-resolution options after following `extends`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EffectiveTsConfig {
    /// `baseUrl` as a repo-relative directory.
    pub base_url: Option<String>,
    /// `paths` patterns and substitutions, in file order.
    pub paths: Vec<(String, Vec<String>)>,
    /// The directory the `paths` substitutions are relative to: `baseUrl` when set, else the
    /// directory of the config that declared `paths`.
    paths_dir: String,
    /// The directory of the config that declared `paths`, when one did.
    paths_origin: Option<String>,
}

/// The effective options of every `tsconfig.json`/`jsconfig.json`, by directory (a
/// `tsconfig.json` wins over a `jsconfig.json` in the same directory).
pub(super) fn effective_tsconfigs(r: &Resolver<'_>) -> BTreeMap<String, EffectiveTsConfig> {
    let by_path: BTreeMap<&str, usize> = r
        .manifests
        .iter()
        .enumerate()
        .filter(|(_, m)| m.tsconfig.is_some())
        .map(|(i, m)| (m.path.as_str(), i))
        .collect();
    let mut out = BTreeMap::new();
    for file_name in ["jsconfig.json", "tsconfig.json"] {
        for (i, m) in r.manifests.iter().enumerate() {
            if m.path.rsplit('/').next() == Some(file_name) {
                let mut chain = Vec::new();
                let eff = effective(r, &by_path, i, &mut chain);
                out.insert(m.dir.clone(), eff);
            }
        }
    }
    out
}

fn effective(
    r: &Resolver<'_>,
    by_path: &BTreeMap<&str, usize>,
    index: usize,
    chain: &mut Vec<usize>,
) -> EffectiveTsConfig {
    let m = &r.manifests[index];
    let Some(info) = &m.tsconfig else {
        return EffectiveTsConfig::default();
    };
    chain.push(index);
    let mut result = EffectiveTsConfig::default();
    // Later `extends` entries override earlier ones; the config's own options override all.
    for spec in &info.extends {
        let Some(base_index) = extended_config(r, by_path, &m.dir, spec) else {
            continue;
        };
        if chain.contains(&base_index) || chain.len() >= MAX_EXTENDS_DEPTH {
            continue;
        }
        let base = effective(r, by_path, base_index, chain);
        if base.base_url.is_some() {
            result.base_url = base.base_url;
        }
        if base.paths_origin.is_some() {
            result.paths = base.paths;
            result.paths_origin = base.paths_origin;
        }
    }
    chain.pop();
    if let Some(base_url) = &info.base_url
        && let Some(dir) = join(&m.dir, base_url)
    {
        result.base_url = Some(dir);
    }
    if let Some(paths) = &info.paths {
        result.paths = paths.clone();
        result.paths_origin = Some(m.dir.clone());
    }
    // A solution-style config (`"files": []` and `references`) sets no paths itself: the
    // files are compiled by the configs it references, the first one that maps paths wins.
    if result.paths_origin.is_none() && result.base_url.is_none() {
        for spec in &info.references {
            let spec = if spec.starts_with('.') || spec.starts_with('/') {
                spec.clone()
            } else {
                format!("./{spec}")
            };
            let Some(referenced) = extended_config(r, by_path, &m.dir, &spec) else {
                continue;
            };
            if chain.contains(&referenced) || chain.len() >= MAX_EXTENDS_DEPTH {
                continue;
            }
            chain.push(index);
            let other = effective(r, by_path, referenced, chain);
            chain.pop();
            if other.paths_origin.is_some() {
                result.base_url = other.base_url;
                result.paths = other.paths;
                result.paths_origin = other.paths_origin;
                break;
            }
        }
    }
    result.paths_dir = result
        .base_url
        .clone()
        .or_else(|| result.paths_origin.clone())
        .unwrap_or_default();
    result
}

/// The manifest index of the config an `extends` entry names.
fn extended_config(
    r: &Resolver<'_>,
    by_path: &BTreeMap<&str, usize>,
    dir: &str,
    spec: &str,
) -> Option<usize> {
    let base = if spec.starts_with('.') || spec.starts_with('/') {
        join(dir, spec.trim_start_matches('/'))?
    } else {
        let (name, sub) = split_package(spec);
        let pkg = &r.manifests[*r.packages.get(name)?];
        concat(&pkg.dir, if sub.is_empty() { "tsconfig.json" } else { sub })
    };
    [
        base.clone(),
        format!("{base}.json"),
        concat(&base, "tsconfig.json"),
    ]
    .iter()
    .find_map(|p| by_path.get(p.as_str()).copied())
}

/// `@scope/name/sub/path` → (`@scope/name`, `sub/path`); `name/sub` → (`name`, `sub`).
fn split_package(spec: &str) -> (&str, &str) {
    let mut slashes = spec.match_indices('/').map(|(i, _)| i);
    let cut = if spec.starts_with('@') {
        slashes.nth(1)
    } else {
        slashes.next()
    };
    match cut {
        Some(i) => (&spec[..i], &spec[i + 1..]),
        None => (spec, ""),
    }
}

/// The part of `spec` a `paths` pattern's `*` matches (`""` for an exact pattern).
fn match_pattern<'s>(pattern: &str, spec: &'s str) -> Option<&'s str> {
    match pattern.split_once('*') {
        None => (pattern == spec).then_some(""),
        Some((prefix, suffix)) => {
            if spec.len() >= prefix.len() + suffix.len()
                && spec.starts_with(prefix)
                && spec.ends_with(suffix)
            {
                Some(&spec[prefix.len()..spec.len() - suffix.len()])
            } else {
                None
            }
        }
    }
}

impl Resolver<'_> {
    /// The project file a JS/TS `specifier` imported from `from` resolves to.
    pub fn resolve_js(&self, from: &str, specifier: &str) -> Option<String> {
        if specifier.is_empty() {
            return None;
        }
        let dir = parent_dir(from);
        if specifier == "."
            || specifier == ".."
            || specifier.starts_with("./")
            || specifier.starts_with("../")
        {
            return self.resolve_path(&join(dir, specifier)?);
        }
        if specifier.starts_with('/') || specifier.contains(':') {
            // Absolute paths and `node:`/URL schemes never name a repository file.
            return None;
        }
        if let Some(ts) = self.nearest_tsconfig(dir) {
            if let Some(found) = self.resolve_ts_paths(ts, specifier) {
                return Some(found);
            }
            if let Some(base) = &ts.base_url
                && let Some(found) = join(base, specifier).and_then(|p| self.resolve_path(&p))
            {
                return Some(found);
            }
        }
        let (name, sub) = split_package(specifier);
        if let Some(&index) = self.packages.get(name) {
            return self.resolve_package(index, sub);
        }
        self.resolve_bundler_convention(dir, specifier)
    }

    /// A specifier no config maps, read by the bundlers' own conventions for the nearest
    /// `package.json`'s directory: `@/x` and `~/x` name `src/x` (the alias Vue CLI and the Vite
    /// and Nuxt templates set up), or `x` at the package's root (Nuxt 2's `~`); a bare
    /// `dir/x` that no declared dependency names is `src/dir/x` (webpack's `resolve.modules:
    /// ["src", "node_modules"]`). Only a file that exists is taken.
    fn resolve_bundler_convention(&self, dir: &str, specifier: &str) -> Option<String> {
        let package = self.nearest_package_json(dir)?;
        let root = package.dir.as_str();
        let aliased = ["@/", "~/", "~@/"]
            .iter()
            .find_map(|p| specifier.strip_prefix(p));
        if let Some(rest) = aliased {
            return join(root, &format!("src/{rest}"))
                .and_then(|p| self.resolve_path(&p))
                .or_else(|| join(root, rest).and_then(|p| self.resolve_path(&p)));
        }
        let (name, _) = split_package(specifier);
        let declared = self
            .manifests
            .iter()
            .any(|m| m.dependencies.iter().any(|d| d == name));
        if declared || !specifier.contains('/') || specifier.starts_with('@') {
            return None;
        }
        join(root, &format!("src/{specifier}")).and_then(|p| self.resolve_path(&p))
    }

    /// The `package.json` of `dir` or the nearest directory above it.
    fn nearest_package_json(&self, mut dir: &str) -> Option<&Manifest> {
        loop {
            if let Some(m) = self
                .manifests
                .iter()
                .find(|m| m.kind == ManifestKind::PackageJson && m.dir == dir)
            {
                return Some(m);
            }
            if dir.is_empty() {
                return None;
            }
            dir = parent_dir(dir);
        }
    }

    fn nearest_tsconfig(&self, mut dir: &str) -> Option<&EffectiveTsConfig> {
        loop {
            if let Some(ts) = self.tsconfigs.get(dir) {
                return Some(ts);
            }
            if dir.is_empty() {
                return None;
            }
            dir = parent_dir(dir);
        }
    }

    fn resolve_ts_paths(&self, ts: &EffectiveTsConfig, specifier: &str) -> Option<String> {
        let mut best: Option<(&(String, Vec<String>), &str)> = None;
        for entry in &ts.paths {
            let Some(star) = match_pattern(&entry.0, specifier) else {
                continue;
            };
            let exact = !entry.0.contains('*');
            let better = match best {
                None => true,
                Some((b, _)) => {
                    let b_exact = !b.0.contains('*');
                    !b_exact && (exact || prefix_len(&entry.0) > prefix_len(&b.0))
                }
            };
            if better {
                best = Some((entry, star));
            }
        }
        let ((_, targets), star) = best?;
        targets.iter().find_map(|target| {
            let target = target.replacen('*', star, 1);
            join(&ts.paths_dir, &target).and_then(|p| self.resolve_path(&p))
        })
    }

    /// A candidate path: the file, a swap, an added extension, or a directory's entry.
    pub fn resolve_path(&self, path: &str) -> Option<String> {
        if let Some(found) = self.resolve_file(path) {
            return Some(found);
        }
        if !self.is_dir(path) {
            return None;
        }
        let package_json = concat(path, "package.json");
        if let Some(index) = self.manifests.iter().position(|m| {
            m.path == package_json && m.kind == ManifestKind::PackageJson && m.package.is_some()
        }) && let Some(found) = self.package_entry(index)
        {
            return Some(found);
        }
        self.resolve_index(path)
    }

    fn resolve_file(&self, path: &str) -> Option<String> {
        if path.is_empty() {
            return None;
        }
        if self.is_file(path) {
            return Some(path.to_string());
        }
        for (from, tos) in SWAPS {
            if let Some(stem) = path.strip_suffix(from) {
                for to in *tos {
                    let candidate = format!("{stem}{to}");
                    if self.is_file(&candidate) {
                        return Some(candidate);
                    }
                }
            }
        }
        EXTENSIONS
            .iter()
            .map(|ext| format!("{path}{ext}"))
            .find(|c| self.is_file(c))
    }

    fn resolve_index(&self, dir: &str) -> Option<String> {
        EXTENSIONS
            .iter()
            .map(|ext| concat(dir, &format!("index{ext}")))
            .find(|c| self.is_file(c))
    }

    /// The entry file of the package whose `package.json` is `manifests[index]`.
    fn package_entry(&self, index: usize) -> Option<String> {
        let m = &self.manifests[index];
        let info = m.package.as_ref()?;
        for entry in &info.entries {
            if let Some(p) = join(&m.dir, entry)
                && let Some(found) = self.resolve_file(&p).or_else(|| self.resolve_index(&p))
            {
                return Some(found);
            }
        }
        ["src/index", "index"]
            .iter()
            .find_map(|stem| self.resolve_file(&concat(&m.dir, stem)))
    }

    fn resolve_package(&self, index: usize, sub: &str) -> Option<String> {
        if sub.is_empty() {
            return self.package_entry(index);
        }
        let m = &self.manifests[index];
        if let Some(info) = &m.package {
            let key = format!("./{sub}");
            let mut targets: Vec<String> = Vec::new();
            for (pattern, target) in &info.subpath_exports {
                if *pattern == key {
                    targets.insert(0, target.clone());
                } else if pattern.contains('*')
                    && let Some(star) = match_pattern(pattern, &key)
                {
                    targets.push(target.replacen('*', star, 1));
                }
            }
            for target in targets {
                if let Some(found) = join(&m.dir, &target).and_then(|p| self.resolve_path(&p)) {
                    return Some(found);
                }
            }
        }
        self.resolve_path(&concat(&m.dir, sub))
            .or_else(|| self.resolve_path(&concat(&concat(&m.dir, "src"), sub)))
    }
}

fn prefix_len(pattern: &str) -> usize {
    pattern.find('*').unwrap_or(pattern.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn package_names() {
        assert_eq!(split_package("@a/b/c/d"), ("@a/b", "c/d"));
        assert_eq!(split_package("@a/b"), ("@a/b", ""));
        assert_eq!(split_package("lodash/fp"), ("lodash", "fp"));
        assert_eq!(split_package("react"), ("react", ""));
    }

    #[test]
    fn patterns() {
        assert_eq!(match_pattern("@/*", "@/lib/x"), Some("lib/x"));
        assert_eq!(match_pattern("~*.js", "~a.js"), Some("a"));
        assert_eq!(match_pattern("env", "env"), Some(""));
        assert_eq!(match_pattern("env", "envx"), None);
    }
}
