//! Named constants of libraries (`core/constants.yaml`): `http.StatusNotFound` read through
//! an import of `net/http` is 404. Data, like everything seam knows of a library.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

const CORE_CONSTANTS: &str = include_str!("../core/constants.yaml");

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ModuleConstants {
    module: String,
    values: BTreeMap<String, f64>,
}

/// Module → constant name → value.
type Table = BTreeMap<String, BTreeMap<String, f64>>;

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        // The file is part of the binary and checked by a test, so a reading error leaves the
        // table empty rather than failing every run.
        let entries: Vec<ModuleConstants> =
            serde_norway::from_str(CORE_CONSTANTS).unwrap_or_default();
        entries.into_iter().map(|e| (e.module, e.values)).collect()
    })
}

/// The value of the constant `name` that `module` exports, if seam knows it.
pub fn module_constant(module: &str, name: &str) -> Option<f64> {
    table().get(module)?.get(name).copied()
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_core_file_reads() {
        let entries: Vec<super::ModuleConstants> =
            serde_norway::from_str(super::CORE_CONSTANTS).expect("core/constants.yaml reads");
        assert!(!entries.is_empty());
        assert_eq!(
            super::module_constant("net/http", "StatusNotFound"),
            Some(404.0)
        );
        assert_eq!(super::module_constant("net/http", "Nope"), None);
    }
}
