//! Where routes may live that the run did not read: git submodules the repository declares
//! but that are not checked out, and source files that could not be parsed. A call no provider
//! serves may be served from there, so `restCallUnknownPath` says so and is one severity lower.

use std::path::Path;

/// Source-file extensions whose files may declare routes.
const SOURCE_EXTENSIONS: &[&str] = &[
    "ts", "tsx", "js", "jsx", "mjs", "cjs", "mts", "cts", "py", "vue", "svelte",
];

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

/// Whether a skipped file is source code that could have declared routes.
pub fn is_source_file(file: &str) -> bool {
    file.rsplit_once('.')
        .is_some_and(|(_, ext)| SOURCE_EXTENSIONS.contains(&ext))
}

#[cfg(test)]
mod tests {
    use super::{is_source_file, submodule_paths};

    #[test]
    fn gitmodules_paths_are_read() {
        let text = "[submodule \"api\"]\n\tpath = services/api\n\turl = git@example.com:a/api.git\n[submodule \"docs\"]\n  path=docs\n";
        assert_eq!(submodule_paths(text), ["services/api", "docs"]);
    }

    #[test]
    fn only_source_files_may_hold_routes() {
        assert!(is_source_file("server/routes.ts"));
        assert!(is_source_file("app/views.py"));
        assert!(!is_source_file("web/.prettierignore"));
        assert!(!is_source_file("openapi.yaml"));
    }
}
