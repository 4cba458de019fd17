//! Where routes may live that the run did not read: git submodules the repository declares
//! but that are not checked out (seam-lang reads them,
//! [`seam_lang::project::submodules::unchecked_submodules`]), and source files that could not
//! be parsed. A call no provider serves may be served from there, so `restCallUnknownPath` says
//! so and is one severity lower.

/// Whether a skipped file is source code that could have declared routes: a file of a language
/// seam lowers, or a component whose script blocks it lowers.
pub fn is_source_file(file: &str) -> bool {
    seam_lang::model::Language::from_path(file).is_some()
        || seam_lang::project::components::component_language(file).is_some()
}

#[cfg(test)]
mod tests {
    use super::is_source_file;

    #[test]
    fn only_source_files_may_hold_routes() {
        assert!(is_source_file("server/routes.ts"));
        assert!(is_source_file("app/views.py"));
        assert!(is_source_file("server/routes.go"));
        assert!(is_source_file("src/main/java/a/UserController.java"));
        assert!(is_source_file("web/src/App.vue"));
        assert!(!is_source_file("web/.prettierignore"));
        assert!(!is_source_file("openapi.yaml"));
    }
}
