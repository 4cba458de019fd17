//! The git submodules a repository declares (`.gitmodules`) and which of them are not checked
//! out: routes and code may live there that no run reads.

use std::path::Path;

/// The submodule paths `.gitmodules` in `dir` declares whose folder is missing or empty.
pub fn unchecked_submodules(dir: &Path) -> Vec<String> {
    let Ok(text) = std::fs::read_to_string(dir.join(".gitmodules")) else {
        return Vec::new();
    };
    submodule_paths(&text)
        .into_iter()
        .filter(|path| {
            std::fs::read_dir(dir.join(path))
                .map(|mut entries| entries.next().is_none())
                .unwrap_or(true)
        })
        .collect()
}

/// The `path = …` values of a `.gitmodules` text.
pub fn submodule_paths(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|line| {
            let (key, value) = line.trim().split_once('=')?;
            (key.trim() == "path").then(|| value.trim().trim_matches('"').to_owned())
        })
        .filter(|path| !path.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::submodule_paths;

    #[test]
    fn gitmodules_paths_are_read() {
        let text = "[submodule \"api\"]\n\tpath = services/api\n\turl = git@example.com:a/api.git\n[submodule \"docs\"]\n  path=docs\n";
        assert_eq!(submodule_paths(text), ["services/api", "docs"]);
    }
}
