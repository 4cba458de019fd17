//! Test code by its path. A test file's client calls and handlers (a test client, a fixture
//! server, a recorded third-party API) describe no boundary of the product, so they take no
//! part in pairing unless a run asks for them.

/// Folders whose files are tests, fixtures or end-to-end suites.
/// `fixtures/` holds what tests read (a recorded API, a fake server), `testdata/` is Go's
/// folder for the same, `__mocks__/` Jest's.
const TEST_FOLDERS: &[&str] = &[
    "tests",
    "test",
    "__tests__",
    "e2e",
    "e2e_tests",
    "e2e-tests",
    "cypress",
    "fixtures",
    "testdata",
    "__mocks__",
];

/// Whether a repository-relative file path is test code: a file under a test folder
/// (`tests/`, `test/`, `__tests__/`, `e2e/` (also `e2e_tests/`, `e2e-tests/`), `cypress/`, `fixtures/`, `testdata/`,
/// `__mocks__/`), a pytest file (`test_*.py`,
/// `*_test.py`, `conftest.py`), a Go test (`*_test.go`) or a JavaScript test (`*.test.*`,
/// `*.spec.*`).
pub fn is_test_path(path: &str) -> bool {
    let path = path.replace('\\', "/");
    let mut parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
    let Some(name) = parts.pop() else {
        return false;
    };
    if parts.iter().any(|folder| TEST_FOLDERS.contains(folder)) {
        return true;
    }
    if name.ends_with(".py") {
        return name.starts_with("test_") || name.ends_with("_test.py") || name == "conftest.py";
    }
    name.ends_with("_test.go") || name.contains(".test.") || name.contains(".spec.")
}

#[cfg(test)]
mod tests {
    use super::is_test_path;

    #[test]
    fn test_files_by_folder_and_name() {
        for path in [
            "server/tests/fixtures/tinybird.py",
            "server/polar/test_orders.py",
            "api/orders_test.py",
            "api/conftest.py",
            "web/src/orders.test.ts",
            "web/src/orders.spec.tsx",
            "web/src/__tests__/orders.ts",
            "packages/app-tests/e2e/fixtures/api-seeds.ts",
            "apps/web/e2e_tests/setup/seed.ts",
            "e2e-tests/specs/login.ts",
            "cypress/support/commands.js",
            "pkg/orders_test.go",
            "server/forge/bitbucket/fixtures/handler.go",
            "pkg/api/testdata/server.go",
            "web/src/__mocks__/api.ts",
        ] {
            assert!(is_test_path(path), "{path}");
        }
        for path in [
            "server/polar/orders/endpoints.py",
            "web/src/testimonials.ts",
            "web/src/latest/api.ts",
            "packages/app-tests/playwright.config.ts",
            "contest.py",
            "web/src/fixture.ts",
            "web/src/fixtures.ts",
        ] {
            assert!(!is_test_path(path), "{path}");
        }
    }
}
