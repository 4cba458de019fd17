//! A JVM application's settings files: `application.properties` / `application.yml` (and
//! `.yaml`), with a profile's `application-<profile>.…` beside them. Their keys are flattened
//! to dotted names (`server.servlet.context-path`), values as text; what a key means is a
//! pack's data (`settingsPrefix`).

use std::collections::BTreeMap;

/// Whether a file name is a settings file: `application` or `application-<profile>`, with a
/// `.properties`, `.yml` or `.yaml` extension.
pub fn is_settings_file(name: &str) -> bool {
    let Some((stem, ext)) = name.rsplit_once('.') else {
        return false;
    };
    matches!(ext, "properties" | "yml" | "yaml")
        && (stem == "application"
            || stem
                .strip_prefix("application-")
                .is_some_and(|p| !p.is_empty()))
}

/// The profile a settings file belongs to (`dev` of `application-dev.yml`); `None` for the
/// default one.
pub fn profile(name: &str) -> Option<&str> {
    let stem = name.rsplit_once('.').map_or(name, |(s, _)| s);
    stem.strip_prefix("application-")
}

/// The keys and values of a settings file, by its extension. A YAML file's first document is
/// read (later ones are usually activated by a profile); text that is not valid gives nothing.
pub fn parse(path: &str, text: &str) -> BTreeMap<String, String> {
    if path.ends_with(".properties") {
        parse_properties(text)
    } else {
        parse_yaml(text)
    }
}

/// `key=value`, `key: value` or `key value` lines; `#` and `!` start comments. Line
/// continuations and escapes are not read (settings that matter here are one line).
fn parse_properties(text: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for line in text.lines() {
        let line = line.trim_start();
        if line.is_empty() || line.starts_with('#') || line.starts_with('!') {
            continue;
        }
        let cut = line.find(['=', ':', ' ', '\t']).unwrap_or(line.len());
        let key = line[..cut].trim();
        let rest = line[cut..].trim_start();
        let value = rest.strip_prefix(['=', ':']).unwrap_or(rest).trim();
        if !key.is_empty() {
            out.insert(key.to_owned(), value.to_owned());
        }
    }
    out
}

fn parse_yaml(text: &str) -> BTreeMap<String, String> {
    use serde::Deserialize;
    let mut out = BTreeMap::new();
    let Some(document) = serde_norway::Deserializer::from_str(text).next() else {
        return out;
    };
    if let Ok(value) = serde_norway::Value::deserialize(document) {
        flatten("", &value, &mut out);
    }
    out
}

fn flatten(prefix: &str, value: &serde_norway::Value, out: &mut BTreeMap<String, String>) {
    use serde_norway::Value;
    let text = match value {
        Value::Mapping(map) => {
            for (k, v) in map {
                let key = match k {
                    Value::String(s) => s.clone(),
                    Value::Number(n) => n.to_string(),
                    Value::Bool(b) => b.to_string(),
                    _ => continue,
                };
                let full = if prefix.is_empty() {
                    key
                } else {
                    format!("{prefix}.{key}")
                };
                flatten(&full, v, out);
            }
            return;
        }
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Tagged(t) => return flatten(prefix, &t.value, out),
        Value::Null | Value::Sequence(_) => return,
    };
    if !prefix.is_empty() {
        out.insert(prefix.to_owned(), text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_file_names_and_profiles() {
        assert!(is_settings_file("application.properties"));
        assert!(is_settings_file("application-dev.yml"));
        assert!(is_settings_file("application.yaml"));
        assert!(!is_settings_file("application-.yml"));
        assert!(!is_settings_file("applications.yml"));
        assert!(!is_settings_file("application.json"));
        assert_eq!(profile("application-dev.yml"), Some("dev"));
        assert_eq!(profile("application.yml"), None);
    }

    #[test]
    fn properties_and_yaml_flatten_to_dotted_keys() {
        let p = parse(
            "application.properties",
            "# comment\nserver.servlet.context-path=/api\nspring.mvc.servlet.path : /v1\nserver.port 8080\n",
        );
        assert_eq!(
            p.get("server.servlet.context-path").map(String::as_str),
            Some("/api")
        );
        assert_eq!(
            p.get("spring.mvc.servlet.path").map(String::as_str),
            Some("/v1")
        );
        assert_eq!(p.get("server.port").map(String::as_str), Some("8080"));
        let y = parse(
            "application.yml",
            "server:\n  port: 8080\n  servlet:\n    context-path: /shop\n---\nserver:\n  servlet:\n    context-path: /other\n",
        );
        assert_eq!(
            y.get("server.servlet.context-path").map(String::as_str),
            Some("/shop")
        );
        assert_eq!(y.get("server.port").map(String::as_str), Some("8080"));
        assert!(parse("application.yml", ": : [").is_empty());
    }
}
