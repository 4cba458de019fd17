//! Prefixes a module's settings put in front of every route it serves (a servlet context path,
//! a dispatcher servlet path). Which keys do is the pack's `settingsPrefix`; the values come
//! from the module's application settings files (see `seam_lang::project::settings`).
//!
//! A settings file belongs to the module of the nearest build manifest above it (the
//! repository when there is none); files under a `test` folder are left out. The default
//! profile's files decide; a profile's file (`application-dev.yml`) only when no default file
//! sets the key, and only when every profile that sets it agrees. A value holding a
//! placeholder (`${BASE:/api}`) is configuration seam does not read: no prefix.

use std::collections::BTreeMap;

use seam_packs::{Detection, ManifestKind, Pack};

use crate::discover::HandlerUnit;
use crate::files::Files;

/// Puts each module's prefix in front of the paths of the routes in its files.
pub fn apply(files: &Files, detection: &Detection, packs: &[Pack], units: &mut [HandlerUnit]) {
    if detection.settings().is_empty() || packs.iter().all(|p| p.settings_prefix.is_empty()) {
        return;
    }
    let modules = modules(detection);
    for unit in units {
        let keys = &packs[unit.pack].settings_prefix;
        if keys.is_empty() {
            continue;
        }
        let Some(path) = &unit.path else {
            continue;
        };
        let file = &files.model(unit.file).path;
        let Some((_, settings)) = modules
            .iter()
            .filter(|(root, _)| root.is_empty() || file.starts_with(&format!("{root}/")))
            .max_by_key(|(root, _)| root.len())
        else {
            continue;
        };
        let prefix: String = keys.iter().filter_map(|k| value(settings, k)).collect();
        if !prefix.is_empty() {
            unit.path = Some(format!("{prefix}{path}"));
        }
    }
}

type SettingsFile<'a> = (&'a str, &'a BTreeMap<String, String>);

/// The settings files of each module, by the module's folder.
fn modules(detection: &Detection) -> BTreeMap<String, Vec<SettingsFile<'_>>> {
    let roots: Vec<&str> = detection
        .manifests()
        .filter(|m| m.kind == ManifestKind::Jvm)
        .map(|m| m.dir())
        .collect();
    let mut out: BTreeMap<String, Vec<SettingsFile>> = BTreeMap::new();
    for (path, variables) in detection.settings() {
        if path.split('/').any(|segment| segment == "test") {
            continue;
        }
        let dir = path.rsplit_once('/').map_or("", |(d, _)| d);
        let root = roots
            .iter()
            .filter(|r| r.is_empty() || dir == **r || dir.starts_with(&format!("{r}/")))
            .max_by_key(|r| r.len())
            .copied()
            .unwrap_or("");
        out.entry(root.to_owned())
            .or_default()
            .push((path.as_str(), variables));
    }
    out
}

/// A key's value as a path prefix (`/api`, no trailing slash), by the module's files.
fn value(settings: &[SettingsFile], key: &str) -> Option<String> {
    let profile = |path: &str| {
        let name = path.rsplit('/').next().unwrap_or(path);
        seam_lang::project::settings::profile(name).is_some()
    };
    // The default profile: a deeper file (`config/application.yml`) overrides.
    let default = settings
        .iter()
        .filter(|(path, _)| !profile(path))
        .filter_map(|(path, vars)| Some((path.len(), vars.get(key)?)))
        .max_by_key(|(depth, _)| *depth)
        .map(|(_, v)| v.clone());
    let chosen = match default {
        Some(v) => v,
        None => {
            let mut values = settings
                .iter()
                .filter(|(path, _)| profile(path))
                .filter_map(|(_, vars)| vars.get(key));
            let first = values.next()?.clone();
            if values.any(|v| *v != first) {
                return None;
            }
            first
        }
    };
    if chosen.contains("${") {
        return None;
    }
    let trimmed = chosen.trim().trim_end_matches('/');
    if trimmed.is_empty() {
        return None;
    }
    Some(if trimmed.starts_with('/') {
        trimmed.to_owned()
    } else {
        format!("/{trimmed}")
    })
}
