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
    #[serde(default)]
    values: BTreeMap<String, ConstantValue>,
    /// Functions that format like C's printf (`fmt.Sprintf("/users/%d", id)`).
    #[serde(default)]
    printf: Vec<String>,
}

/// A constant's value: a number or a text.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum ConstantValue {
    Number(f64),
    Text(String),
}

/// Module → what seam knows of it.
type Table = BTreeMap<String, ModuleConstants>;

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        // The file is part of the binary and checked by a test, so a reading error leaves the
        // table empty rather than failing every run.
        let entries: Vec<ModuleConstants> =
            serde_norway::from_str(CORE_CONSTANTS).unwrap_or_default();
        entries.into_iter().map(|e| (e.module.clone(), e)).collect()
    })
}

/// The value of the constant `name` that `module` exports, if seam knows it.
pub fn module_constant(module: &str, name: &str) -> Option<&'static ConstantValue> {
    table().get(module)?.values.get(name)
}

/// Whether `module`'s function `name` formats its arguments into its first, printf-style.
pub fn is_printf(module: &str, name: &str) -> bool {
    table()
        .get(module)
        .is_some_and(|m| m.printf.iter().any(|p| p == name))
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
            Some(&super::ConstantValue::Number(404.0))
        );
        assert_eq!(
            super::module_constant("net/http", "MethodPost"),
            Some(&super::ConstantValue::Text("POST".into()))
        );
        assert!(super::is_printf("fmt", "Sprintf"));
        assert_eq!(super::module_constant("net/http", "Nope"), None);
    }
}
