//! Where routes may live that the run did not read: git submodules the repository declares
//! but that are not checked out (seam-lang reads them,
//! [`seam_lang::project::submodules::unchecked_submodules`]), and source files that could not
//! be parsed. A call no provider serves may be served from there, so `restCallUnknownPath` says
//! so and is one severity lower.

/// Source-file extensions whose files may declare routes.
const SOURCE_EXTENSIONS: &[&str] = &[
    "ts", "tsx", "js", "jsx", "mjs", "cjs", "mts", "cts", "py", "vue", "svelte",
];

/// Whether a skipped file is source code that could have declared routes.
pub fn is_source_file(file: &str) -> bool {
    file.rsplit_once('.')
        .is_some_and(|(_, ext)| SOURCE_EXTENSIONS.contains(&ext))
}

#[cfg(test)]
mod tests {
    use super::is_source_file;

    #[test]
    fn only_source_files_may_hold_routes() {
        assert!(is_source_file("server/routes.ts"));
        assert!(is_source_file("app/views.py"));
        assert!(!is_source_file("web/.prettierignore"));
        assert!(!is_source_file("openapi.yaml"));
    }
}
