//! Identifier grammars of spec §3 and §4, and the path rule of §14 #10.
//!
//! The scanner mints Symbol ids with [`make_symbol_id`]; the integrity checker applies the
//! same predicates to documents it reads, so what seam writes and what it accepts are one set.

use super::text::{is_nfc, nfc};

/// The language token no plugin may claim: `slice:` prefixes Slice ids (§3.5).
pub const RESERVED_LANGUAGE: &str = "slice";

/// The one qualified-name segment that is not an identifier: an anonymous default export.
pub const DEFAULT_EXPORT_SEGMENT: &str = "<default>";

/// Why an id could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IdError {
    #[error(
        "{0:?} is not a language id: it must be a lowercase ASCII letter followed by lowercase letters or digits"
    )]
    Language(String),
    #[error("the language id `slice` is reserved for Slice ids and cannot name a language")]
    ReservedLanguage,
    #[error("{path:?} cannot be part of a Symbol id: {reason}")]
    File { path: String, reason: &'static str },
    #[error(
        "{0:?} is not a qualified name: it must be identifiers (or `<default>`) joined by `.` or `::`"
    )]
    QualifiedName(String),
}

/// `^[a-z][a-z0-9]*$`.
pub fn is_language_id(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some('a'..='z'))
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
}

/// ASCII kebab-case, `^[a-z0-9]+(-[a-z0-9]+)*$` (§4).
pub fn is_component_id(s: &str) -> bool {
    !s.is_empty()
        && s.split('-').all(|part| {
            !part.is_empty()
                && part
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

/// Why a path breaks the §14 #10 rule, or `None` when it obeys it: non-empty, POSIX (no
/// backslash), relative (no leading `/`, no `X:` drive), no `..` segment, no `.` segment
/// except the bare `.` naming the root. seam also refuses empty segments (`a//b`, `a/`),
/// which are a second spelling of the same path just as `./a` is.
pub fn path_problem(path: &str) -> Option<&'static str> {
    if path.is_empty() {
        return Some("it is empty");
    }
    if path.contains('\\') {
        return Some("it contains a backslash; paths in the document are POSIX");
    }
    if path.starts_with('/') {
        return Some("it is absolute; paths are relative to the workspace root");
    }
    let bytes = path.as_bytes();
    if bytes.len() >= 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':' {
        return Some("it starts with a drive letter; paths are relative to the workspace root");
    }
    if path == "." {
        return None;
    }
    for segment in path.split('/') {
        match segment {
            "" => return Some("it has an empty segment (`//` or a trailing `/`)"),
            "." => return Some("it has a `.` segment"),
            ".." => return Some("it has a `..` segment, which leaves the workspace root"),
            _ => {}
        }
    }
    None
}

/// Why `path` cannot be the file part of a Symbol id, or `None` (§3.1: the §14 #10 rule, no
/// `:` or `#`, not the bare `.`).
pub fn id_file_problem(path: &str) -> Option<&'static str> {
    if path == "." {
        return Some("the bare `.` names the workspace root, which holds no Symbol");
    }
    if path.contains(':') || path.contains('#') {
        return Some("it contains `:` or `#`, which split a Symbol id");
    }
    path_problem(path)
}

/// ECMAScript IdentifierName, less the escape forms: ID_Start or `$` or `_`, then ID_Continue
/// or `$`, ZWNJ, ZWJ.
pub fn is_identifier_name(s: &str) -> bool {
    let mut chars = s.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    (first == '$' || first == '_' || unicode_id_start::is_id_start(first))
        && chars.all(|c| {
            c == '$' || c == '\u{200C}' || c == '\u{200D}' || unicode_id_start::is_id_continue(c)
        })
}

/// The qualified-name grammar of §3.1: non-empty segments joined by `.` (or `::` before a
/// static member), each an IdentifierName or `<default>`.
pub fn is_qualified_name(s: &str) -> bool {
    !s.is_empty()
        && s.split("::").all(|part| {
            part.split('.')
                .all(|segment| segment == DEFAULT_EXPORT_SEGMENT || is_identifier_name(segment))
        })
}

/// The last segment of a qualified name (split on `::`, then on `.`), as the api fingerprint's
/// `shortName` uses it. `None` when that segment is empty.
pub fn short_name(qualified_name: &str) -> Option<&str> {
    let last = qualified_name.rsplit("::").next()?;
    let leaf = last.rsplit('.').next()?;
    (!leaf.is_empty()).then_some(leaf)
}

/// The three parts of a Symbol id, split on the first `:` and the first `#` after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SymbolIdParts<'a> {
    pub language: &'a str,
    pub file: &'a str,
    pub qualified_name: &'a str,
}

/// Splits a Symbol id without validating the parts; `None` when it has no `:` or no `#`.
pub fn split_symbol_id(id: &str) -> Option<SymbolIdParts<'_>> {
    let (language, rest) = id.split_once(':')?;
    let (file, qualified_name) = rest.split_once('#')?;
    Some(SymbolIdParts {
        language,
        file,
        qualified_name,
    })
}

/// The loose shape test of §3.5 used to route a dependency endpoint: anything with a `:` or
/// a `#` is meant as a Symbol id (and is then checked as one); anything else is a Component id.
pub fn looks_like_symbol_id(endpoint: &str) -> bool {
    endpoint.contains(':') || endpoint.contains('#')
}

/// Why `id` breaks the Symbol-id grammar (§3.1), or `None`. The reserved `slice` token is
/// reported by invariant #16, not here.
pub fn symbol_id_problem(id: &str) -> Option<String> {
    if !is_nfc(id) {
        return Some("it is not in Unicode NFC".to_owned());
    }
    let Some(parts) = split_symbol_id(id) else {
        return Some("it is not of the form <language>:<file>#<qualified-name>".to_owned());
    };
    if !is_language_id(parts.language) {
        return Some(format!("{:?} is not a language id", parts.language));
    }
    if let Some(reason) = id_file_problem(parts.file) {
        return Some(format!("its file {:?} is not usable: {reason}", parts.file));
    }
    if !is_qualified_name(parts.qualified_name) {
        return Some(format!(
            "{:?} is not a qualified name",
            parts.qualified_name
        ));
    }
    None
}

/// Mints `<language>:<file>#<qualified_name>`, normalising the parts to NFC first and then
/// validating them, so every id this returns passes invariant #17.
pub fn make_symbol_id(language: &str, file: &str, qualified_name: &str) -> Result<String, IdError> {
    let language = nfc(language);
    let file = nfc(file);
    let qualified_name = nfc(qualified_name);
    if !is_language_id(&language) {
        return Err(IdError::Language(language));
    }
    if language == RESERVED_LANGUAGE {
        return Err(IdError::ReservedLanguage);
    }
    if let Some(reason) = id_file_problem(&file) {
        return Err(IdError::File { path: file, reason });
    }
    if !is_qualified_name(&qualified_name) {
        return Err(IdError::QualifiedName(qualified_name));
    }
    Ok(format!("{language}:{file}#{qualified_name}"))
}

/// True when `id` starts with the reserved `slice:` token (§3.5, invariant #16).
pub fn uses_reserved_language(id: &str) -> bool {
    id.strip_prefix(RESERVED_LANGUAGE)
        .is_some_and(|rest| rest.starts_with(':'))
}

/// `null` or `<namespace>(:<segment>)+`, `^[a-z][a-z0-9-]*(:[a-z][a-z0-9.-]*)+$` (§5.2).
pub fn is_ext_kind(s: &str) -> bool {
    let mut parts = s.split(':');
    let namespace_ok = parts.next().is_some_and(|namespace| {
        let mut chars = namespace.chars();
        matches!(chars.next(), Some('a'..='z'))
            && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    });
    let mut segments = 0;
    let segments_ok = parts.all(|segment| {
        segments += 1;
        let mut chars = segment.chars();
        matches!(chars.next(), Some('a'..='z'))
            && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '.')
    });
    namespace_ok && segments_ok && segments >= 1
}

/// The 22 core effect tags of §9.1 (additive-only within v1).
pub const CORE_EFFECTS: [&str; 22] = [
    "db.read",
    "db.write",
    "db.transaction",
    "db.migration",
    "network.http",
    "network.ws",
    "network.rpc",
    "queue.publish",
    "queue.consume",
    "event.publish",
    "event.subscribe",
    "fs.read",
    "fs.write",
    "state.mutate",
    "collection.mutate",
    "time.now",
    "time.timer",
    "random",
    "env.read",
    "env.write",
    "process.exit",
    "process.signal",
];

/// A §9.1 core tag or `x-<plugin>:<action>` (`^x-[a-z][a-z0-9-]*:[a-z][a-z0-9.-]+$`).
pub fn is_effect_id(s: &str) -> bool {
    if CORE_EFFECTS.contains(&s) {
        return true;
    }
    let Some(rest) = s.strip_prefix("x-") else {
        return false;
    };
    let Some((plugin, action)) = rest.split_once(':') else {
        return false;
    };
    let mut plugin_chars = plugin.chars();
    let plugin_ok = matches!(plugin_chars.next(), Some('a'..='z'))
        && plugin_chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    let mut action_chars = action.chars();
    let action_ok = matches!(action_chars.next(), Some('a'..='z'))
        && action.chars().count() >= 2
        && action_chars
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '.');
    plugin_ok && action_ok
}

/// `^[a-z][a-z0-9-]*$`: plugin names, manager tools, framework names.
pub fn is_plugin_name(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some('a'..='z'))
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qualified_names() {
        for good in [
            "createInvoice",
            "InvoiceService.createInvoice",
            "InvoiceService::fromJson",
            "Billing.Invoice.create",
            "<default>",
            "ユーザー取得",
            "caf\u{E9}",
            "$el",
            "_x",
            "app__get__$users__d0",
        ] {
            assert!(is_qualified_name(good), "{good}");
        }
        for bad in [
            "",
            "A.",
            ".A",
            "A..B",
            "::",
            "a-b",
            "{ a, b }",
            "[Symbol.iterator]",
            "1x",
            "a:::b",
        ] {
            assert!(!is_qualified_name(bad), "{bad}");
        }
    }

    #[test]
    fn symbol_ids() {
        assert_eq!(
            make_symbol_id("ts", "src/a.ts", "A.m").as_deref(),
            Ok("ts:src/a.ts#A.m")
        );
        assert_eq!(
            make_symbol_id("ts", "src/cafe\u{301}.ts", "f").as_deref(),
            Ok("ts:src/caf\u{E9}.ts#f")
        );
        assert_eq!(
            make_symbol_id("slice", "a.ts", "f"),
            Err(IdError::ReservedLanguage)
        );
        assert!(make_symbol_id("ts", "./a.ts", "f").is_err());
        assert!(make_symbol_id("ts", "a:b.ts", "f").is_err());
        assert!(make_symbol_id("ts", ".", "f").is_err());
        assert!(make_symbol_id("TS", "a.ts", "f").is_err());
        assert_eq!(symbol_id_problem("ts:src/a.ts#A::b"), None);
        assert!(symbol_id_problem("ts:src/a.ts#A.").is_some());
    }

    #[test]
    fn paths() {
        assert_eq!(path_problem("."), None);
        assert_eq!(path_problem("src/a.ts"), None);
        for bad in [
            "", "/a", "C:/a", "a\\b", "../a", "a/./b", "./a", "a//b", "a/",
        ] {
            assert!(path_problem(bad).is_some(), "{bad}");
        }
    }

    #[test]
    fn short_names() {
        assert_eq!(short_name("A.b"), Some("b"));
        assert_eq!(short_name("A::b"), Some("b"));
        assert_eq!(short_name("A.B::c"), Some("c"));
        assert_eq!(short_name("<default>"), Some("<default>"));
        assert_eq!(short_name("A."), None);
    }

    #[test]
    fn effect_ids_and_ext_kinds() {
        assert!(is_effect_id("db.write"));
        assert!(is_effect_id("x-stripe:charge"));
        assert!(is_effect_id("x-nest:lifecycle.on-module-init"));
        assert!(!is_effect_id("db.delete"));
        assert!(!is_effect_id("x-stripe:c"));
        assert!(!is_effect_id("stripe:charge"));
        assert!(is_ext_kind("fp:match"));
        assert!(is_ext_kind("framework:nestjs:controller"));
        assert!(!is_ext_kind("framework"));
        assert!(!is_ext_kind("Framework:x"));
        assert!(is_component_id("3d-force-graph"));
        assert!(!is_component_id("a--b"));
        assert!(!is_component_id("A"));
    }
}
