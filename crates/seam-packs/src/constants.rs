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
    /// Functions that join their arguments into one slash-separated path
    /// (`path.Join("/admin", "/login")` is `/admin/login`).
    #[serde(default, rename = "pathJoins")]
    path_joins: Vec<String>,
    /// Every name that spells its number after this prefix (`HTTP_404_NOT_FOUND`) is it.
    #[serde(default, rename = "numberedNames")]
    numbered_names: Option<String>,
    /// Members of a constant that are the constant itself (`HTTPStatus.OK.value`).
    #[serde(default, rename = "valueMembers")]
    value_members: Vec<String>,
    /// Functions whose result holds their one argument under a member (`ref(x).value` is x).
    #[serde(default)]
    holders: BTreeMap<String, String>,
    /// Functions whose result is what their first argument, a function, returns
    /// (`useMemo(() => createClient(base), [])` is the client).
    #[serde(default)]
    memos: Vec<String>,
    /// Functions whose result is their first argument, a function
    /// (`useCallback(fn, deps)` is fn).
    #[serde(default)]
    callbacks: Vec<String>,
    /// Member chains under which a value assigned becomes a member of every component
    /// instance (`prototype` of `Vue.prototype.download = download`): a component's
    /// `this.download(…)` calls it. The chain starts at the module's import, at what a function
    /// of the module returns (`createApp(App)`), or at a plugin's parameter.
    #[serde(default, rename = "instanceGlobals")]
    instance_globals: Vec<String>,
    /// Functions that make a context (`createContext(default)`).
    #[serde(default, rename = "contextMakers")]
    context_makers: Vec<String>,
    /// Functions that read a context (`useContext(C)`): the value its provider element gives.
    #[serde(default, rename = "contextReaders")]
    context_readers: Vec<String>,
    /// Members of a context made by one of `context_makers` whose element provides its value
    /// (`Provider` of `<C.Provider value={v}>`).
    #[serde(default, rename = "contextProviders")]
    context_providers: Vec<String>,
}

impl ModuleConstants {
    fn value(&self, name: &str) -> Option<ConstantValue> {
        if let Some(v) = self.values.get(name) {
            return Some(v.clone());
        }
        if let Some(n) = self.numbered(name) {
            return Some(ConstantValue::Number(n));
        }
        let (constant, member) = name.rsplit_once('.')?;
        if self.value_members.iter().any(|m| m == member) {
            return self
                .values
                .get(constant)
                .cloned()
                .or_else(|| self.numbered(constant).map(ConstantValue::Number));
        }
        None
    }

    /// `HTTP_404_NOT_FOUND` (or `HTTP_404`) under the prefix `HTTP_`: 404.
    fn numbered(&self, name: &str) -> Option<f64> {
        let rest = name.strip_prefix(self.numbered_names.as_deref()?)?;
        let digits = rest.split('_').next()?;
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        digits.parse().ok()
    }
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

/// The value of the constant `name` (possibly dotted: `HTTPStatus.NOT_FOUND`) that `module`
/// exports, if seam knows it.
pub fn module_constant(module: &str, name: &str) -> Option<ConstantValue> {
    table().get(module)?.value(name)
}

/// The value a fully qualified name stands for (`fastapi.status.HTTP_404_NOT_FOUND`,
/// `net/http.StatusNotFound`), the module being any of its dotted prefixes, longest first.
pub fn qualified_constant(qualified: &str) -> Option<ConstantValue> {
    qualified_splits(qualified).find_map(|(module, name)| module.value(name))
}

/// Whether `module`'s function `name` formats its arguments into its first, printf-style.
pub fn is_printf(module: &str, name: &str) -> bool {
    table()
        .get(module)
        .is_some_and(|m| m.printf.iter().any(|p| p == name))
}

/// Whether `module`'s function `name` joins its arguments into one slash-separated path.
pub fn is_path_join(module: &str, name: &str) -> bool {
    table()
        .get(module)
        .is_some_and(|m| m.path_joins.iter().any(|p| p == name))
}

/// The member under which the result of a fully qualified function (`vue.ref`) holds its one
/// argument, if the function is such a holder.
pub fn qualified_holder(qualified: &str) -> Option<&'static str> {
    qualified_splits(qualified)
        .find_map(|(module, name)| module.holders.get(name).map(String::as_str))
}

/// Whether a fully qualified function (`react.useMemo`) gives what its first argument, a
/// function, returns.
pub fn qualified_memo(qualified: &str) -> bool {
    qualified_splits(qualified).any(|(module, name)| module.memos.iter().any(|n| n == name))
}

/// Whether a fully qualified function (`react.useCallback`) gives back its first argument, a
/// function.
pub fn qualified_callback(qualified: &str) -> bool {
    qualified_splits(qualified).any(|(module, name)| module.callbacks.iter().any(|n| n == name))
}

/// The members of a context whose element provides its value (`Provider`), when a fully
/// qualified function (`react.createContext`) makes contexts.
pub fn qualified_context_maker(qualified: &str) -> Option<&'static [String]> {
    qualified_splits(qualified).find_map(|(module, name)| {
        module
            .context_makers
            .iter()
            .any(|n| n == name)
            .then_some(module.context_providers.as_slice())
    })
}

/// Whether a fully qualified function (`react.useContext`) reads the context it is given.
pub fn qualified_context_reader(qualified: &str) -> bool {
    qualified_splits(qualified)
        .any(|(module, name)| module.context_readers.iter().any(|n| n == name))
}

/// Every module with member chains whose assigned values every component instance gets, as
/// (module, the chain's member names in order): (`vue`, [`config`, `globalProperties`]).
pub fn instance_global_chains() -> Vec<(&'static str, Vec<&'static str>)> {
    table()
        .values()
        .flat_map(|m| {
            m.instance_globals
                .iter()
                .map(|chain| (m.module.as_str(), chain.split('.').collect()))
        })
        .collect()
}

/// Each known module a fully qualified name may start with (any of its dotted prefixes,
/// longest first), with the rest of the name.
fn qualified_splits(qualified: &str) -> impl Iterator<Item = (&'static ModuleConstants, &str)> {
    qualified
        .char_indices()
        .rev()
        .filter(|&(_, c)| c == '.')
        .filter_map(|(i, _)| Some((table().get(&qualified[..i])?, &qualified[i + 1..])))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_core_file_reads() {
        let entries: Vec<super::ModuleConstants> =
            serde_norway::from_str(super::CORE_CONSTANTS).expect("core/constants.yaml reads");
        assert!(!entries.is_empty());
        assert!(super::qualified_memo("react.useMemo"));
        assert!(!super::qualified_memo("react.useState"));
        assert!(super::qualified_callback("react.useCallback"));
        assert!(!super::qualified_callback("react.useMemo"));
        assert_eq!(
            super::qualified_context_maker("react.createContext"),
            Some(&["Provider".to_owned()][..])
        );
        assert_eq!(super::qualified_context_maker("react.useContext"), None);
        assert!(super::qualified_context_reader("react.useContext"));
        assert!(super::qualified_context_reader("preact/hooks.useContext"));
        assert!(!super::qualified_context_reader("react.createContext"));
        assert_eq!(
            super::module_constant("net/http", "StatusNotFound"),
            Some(super::ConstantValue::Number(404.0))
        );
        assert_eq!(
            super::module_constant("net/http", "MethodPost"),
            Some(super::ConstantValue::Text("POST".into()))
        );
        assert!(super::is_printf("fmt", "Sprintf"));
        assert!(super::is_path_join("path", "Join"));
        assert_eq!(super::qualified_holder("vue.ref"), Some("value"));
        assert_eq!(super::qualified_holder("vue.computed"), None);
        assert_eq!(super::module_constant("net/http", "Nope"), None);
    }

    #[test]
    fn python_statuses_by_enum_member_and_by_numbered_name() {
        use super::{ConstantValue::Number, qualified_constant};
        assert_eq!(
            qualified_constant("http.HTTPStatus.NOT_FOUND"),
            Some(Number(404.0))
        );
        assert_eq!(
            qualified_constant("http.HTTPStatus.CREATED.value"),
            Some(Number(201.0))
        );
        assert_eq!(qualified_constant("http.HTTPStatus.NOPE"), None);
        assert_eq!(
            qualified_constant("fastapi.status.HTTP_422_UNPROCESSABLE_CONTENT"),
            Some(Number(422.0))
        );
        assert_eq!(
            qualified_constant("rest_framework.status.HTTP_204_NO_CONTENT"),
            Some(Number(204.0))
        );
        assert_eq!(qualified_constant("starlette.status.HTTP_X_Y"), None);
        assert_eq!(
            qualified_constant("starlette.status.WS_1000_NORMAL_CLOSURE"),
            None
        );
        assert_eq!(
            qualified_constant("github.com/gofiber/fiber/v2.StatusOK"),
            Some(Number(200.0))
        );
    }
}
