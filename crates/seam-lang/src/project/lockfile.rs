//! Lockfiles: the packages a package manager installed. Pack detection reads them beside the
//! manifests (a dependency pinned only in a lockfile still says which library the code uses).
//!
//! Read: `package-lock.json` (npm), `yarn.lock`, and the Python lockfiles `poetry.lock`,
//! `uv.lock` and `Pipfile.lock`. The other lockfiles [`super::manifest::kind_for`] knows
//! (`pnpm-lock.yaml`, `bun.lock`, `npm-shrinkwrap.json`, `pdm.lock`, …) are recorded by
//! presence only. Names are spelled as the lockfile writes them; a reader comparing Python
//! names normalises them itself.

use std::collections::BTreeSet;

/// The lockfile names whose packages are read.
const READ: [&str; 5] = [
    "package-lock.json",
    "yarn.lock",
    "poetry.lock",
    "uv.lock",
    "Pipfile.lock",
];

fn file_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// Whether the lockfile at `path` is read for its packages.
pub fn reads_lockfile(path: &str) -> bool {
    READ.contains(&file_name(path))
}

/// The packages the lockfile at `path` records, sorted; empty for a lockfile that is not
/// read or does not parse.
pub fn packages(path: &str, text: &str) -> Vec<String> {
    let found = match file_name(path) {
        "package-lock.json" => package_lock(text),
        "yarn.lock" => yarn_lock(text),
        "poetry.lock" | "uv.lock" | "Pipfile.lock" => python_lock(text),
        _ => BTreeSet::new(),
    };
    found.into_iter().collect()
}

fn package_lock(text: &str) -> BTreeSet<String> {
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

fn yarn_lock(text: &str) -> BTreeSet<String> {
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

fn python_lock(text: &str) -> BTreeSet<String> {
    let mut deps = BTreeSet::new();
    // poetry.lock / uv.lock: `name = "x"` inside `[[package]]`; Pipfile.lock: JSON keys.
    if let Ok(value) = serde_json::from_str::<serde_json::Value>(text) {
        for section in ["default", "develop"] {
            if let Some(map) = value.get(section).and_then(|d| d.as_object()) {
                deps.extend(map.keys().cloned());
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
            deps.insert(v.trim_matches('"').to_owned());
        }
    }
    deps
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lockfiles_list_their_packages() {
        assert_eq!(
            packages(
                "web/yarn.lock",
                "\"@koa/router@^12\", \"@koa/router@^12.0.1\":\n  version \"12\"\naxios@^1.7.2:\n  version \"1.7.2\"\n"
            ),
            ["@koa/router", "axios"]
        );
        assert_eq!(
            packages(
                "poetry.lock",
                "[[package]]\nname = \"httpx\"\nversion = \"0.27\"\n"
            ),
            ["httpx"]
        );
        assert_eq!(
            packages(
                "package-lock.json",
                r#"{"packages": {"": {}, "node_modules/express": {}, "node_modules/a/node_modules/b": {}}}"#
            ),
            ["express"]
        );
        assert_eq!(
            packages(
                "Pipfile.lock",
                r#"{"default": {"Flask": {}}, "develop": {"pytest": {}}}"#
            ),
            ["Flask", "pytest"]
        );
        assert!(packages("pnpm-lock.yaml", "lockfileVersion: 9\n").is_empty());
        assert!(reads_lockfile("a/uv.lock") && !reads_lockfile("a/bun.lock"));
    }
}
