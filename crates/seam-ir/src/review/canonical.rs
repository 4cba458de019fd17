//! The canonical serializer of spec §1 / aburi-notes §2.8.
//!
//! Two layers:
//! - [`canonical_json`] writes any `serde_json::Value` canonically: every string and key in
//!   NFC, object keys sorted by UTF-16 code unit, JavaScript `JSON.stringify` escaping,
//!   2-space pretty form or compact form, no trailing newline. Two keys that become equal under
//!   NFC are refused with [`CanonicalError::KeyCollision`] (`canonical-key-collision`).
//!   Arrays keep their order: ordering them is the document layer's job.
//! - [`canonicalize`] puts a [`Document`] into canonical form (NFC on every string, every
//!   array ordering of §1 and §9.4); [`write_canonical`] / [`to_canonical_json`] check
//!   [`is_canonical`] (canonicalizing a copy only when needed), run the integrity checker and
//!   stream the document from its types (module `stream`). [`to_canonical_json_via_value`]
//!   is the reference path through `serde_json::Value` the streaming writer is tested
//!   against. Equal documents give identical bytes whatever order their arrays were built
//!   in.

use std::cmp::Ordering;
use std::fmt::Write as _;

use serde_json::Value;

use super::integrity::{InvariantViolations, check_invariants};
use super::text::{is_nfc, nfc_cow, nfc_in_place, utf16_cmp};
use super::types::{
    Component, Dependency, Document, Effect, EffectOrigin, LEGACY_SCHEMA_URL, SCHEMA_URL,
    Signature, Symbol,
};

/// Why a value could not be written canonically.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CanonicalError {
    /// `canonical-key-collision`: two object keys are one key after NFC.
    #[error(
        "canonical-key-collision: the object at {path} has two keys that are equal after Unicode NFC normalisation ({first:?} and {second:?}); rename one of them so no entry is silently lost"
    )]
    KeyCollision {
        path: String,
        first: String,
        second: String,
    },
    /// The review IR holds integers only; a fractional number has no agreed spelling.
    #[error(
        "the value at {path} is the non-integer number {number}; the review IR holds integers only"
    )]
    NonIntegerNumber { path: String, number: String },
}

/// Why a document could not be written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WriteError {
    #[error("the review IR document breaks its integrity invariants, so it was not written:\n{0}")]
    Invariants(#[from] InvariantViolations),
    #[error("the review IR document could not be serialised canonically: {0}")]
    Canonical(#[from] CanonicalError),
    #[error("the review IR document could not be turned into JSON: {0}")]
    Json(String),
    #[error("the review IR document could not be written: {0}")]
    Io(String),
}

/// Writes `value` canonically; `pretty` selects the 2-space form, otherwise compact.
pub fn canonical_json(value: &Value, pretty: bool) -> Result<String, CanonicalError> {
    let mut out = String::new();
    let mut path = Vec::new();
    write_value(value, pretty, &mut path, &mut out)?;
    Ok(out)
}

/// Where the writer is, kept as segments and spelled out only for an error message.
enum Step<'a> {
    Key(&'a str),
    Index(usize),
}

fn spell(path: &[Step<'_>]) -> String {
    let mut out = String::from("$");
    for step in path {
        match step {
            Step::Key(key) => {
                let _ = write!(out, ".{key}");
            }
            Step::Index(index) => {
                let _ = write!(out, "[{index}]");
            }
        }
    }
    out
}

fn write_value<'a>(
    value: &'a Value,
    pretty: bool,
    path: &mut Vec<Step<'a>>,
    out: &mut String,
) -> Result<(), CanonicalError> {
    let depth = path.len();
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(true) => out.push_str("true"),
        Value::Bool(false) => out.push_str("false"),
        Value::Number(number) => {
            if let Some(n) = number.as_u64() {
                let _ = write!(out, "{n}");
            } else if let Some(n) = number.as_i64() {
                let _ = write!(out, "{n}");
            } else {
                return Err(CanonicalError::NonIntegerNumber {
                    path: spell(path),
                    number: number.to_string(),
                });
            }
        }
        Value::String(s) => write_string(&nfc_cow(s), out),
        Value::Array(items) => {
            if items.is_empty() {
                out.push_str("[]");
                return Ok(());
            }
            out.push('[');
            for (index, item) in items.iter().enumerate() {
                if index > 0 {
                    out.push(',');
                }
                newline_indent(pretty, depth + 1, out);
                path.push(Step::Index(index));
                write_value(item, pretty, path, out)?;
                path.pop();
            }
            newline_indent(pretty, depth, out);
            out.push(']');
        }
        Value::Object(map) => {
            if map.is_empty() {
                out.push_str("{}");
                return Ok(());
            }
            // Keys are normalised first, then sorted (notes §2.8).
            let mut entries: Vec<(std::borrow::Cow<'a, str>, &'a String, &'a Value)> = map
                .iter()
                .map(|(key, item)| (nfc_cow(key), key, item))
                .collect();
            entries.sort_by(|a, b| utf16_cmp(&a.0, &b.0));
            for pair in entries.windows(2) {
                if pair[0].0 == pair[1].0 {
                    return Err(CanonicalError::KeyCollision {
                        path: spell(path),
                        first: pair[0].1.clone(),
                        second: pair[1].1.clone(),
                    });
                }
            }
            out.push('{');
            for (index, (key, original, item)) in entries.iter().enumerate() {
                if index > 0 {
                    out.push(',');
                }
                newline_indent(pretty, depth + 1, out);
                write_string(key, out);
                out.push(':');
                if pretty {
                    out.push(' ');
                }
                path.push(Step::Key(original));
                write_value(item, pretty, path, out)?;
                path.pop();
            }
            newline_indent(pretty, depth, out);
            out.push('}');
        }
    }
    Ok(())
}

fn newline_indent(pretty: bool, depth: usize, out: &mut String) {
    if pretty {
        out.push('\n');
        for _ in 0..depth {
            out.push_str("  ");
        }
    }
}

/// `JSON.stringify` string escaping: short escapes for `"` `\` and `\b \f \n \r \t`, lowercase
/// `\u00xx` for the other C0 controls, everything else (non-ASCII, U+2028/9, `/`, DEL) raw.
/// Rust strings hold no lone surrogates, so JavaScript's surrogate escaping never applies.
pub(crate) fn write_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{08}' => out.push_str("\\b"),
            '\u{0C}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Puts `document` into canonical form in place:
///
/// 1. every string is normalised to NFC (§1.2), so the orderings below compare exactly the
///    strings that reach disk; the older upstream `$schema` URL becomes [`SCHEMA_URL`];
/// 2. the §1 orderings: `components` and `symbols` by id; `dependencies` by (from, to, via);
///    `publicApi` by value; `stats.skippedFiles` by path; within a Symbol `decorators` and
///    `rules` by line (stable, so same-line entries keep source order), `calls` by line then
///    target, `effects` in two segments — local by line then target, then propagated by
///    (id, target) (§9.4);
/// 3. orders the spec leaves open, fixed so the bytes never depend on build order:
///    `generator.plugins` by name (as Aburi does), `workspace.managers` by tool,
///    `workspace.languages`, `components[].languages`, `components[].frameworks`,
///    `derivedFrom` and `lspEnrichment.languagesDisabled` ascending and de-duplicated,
///    `effectClassifyTimeouts` by (symbolId, plugin).
///
/// Lists whose order is meaningful (parameters, outputs, type parameters, decorator
/// arguments, `derivedBy`, `roots`, `throws`) are left as built. All comparisons are by UTF-16
/// code unit. Sorting is stable, so canonicalizing twice changes nothing.
pub fn canonicalize(document: &mut Document) {
    normalize_document(document);
    // A document read under the older upstream URL is written under the current one.
    if document.schema == LEGACY_SCHEMA_URL {
        document.schema = SCHEMA_URL.to_owned();
    }

    document
        .generator
        .plugins
        .sort_by(|a, b| utf16_cmp(&a.name, &b.name));
    document
        .workspace
        .managers
        .sort_by(|a, b| utf16_cmp(&a.tool, &b.tool));
    sort_dedup(&mut document.workspace.languages);

    for component in &mut document.components {
        sort_dedup(&mut component.public_api);
        sort_dedup(&mut component.languages);
        sort_dedup(&mut component.frameworks);
    }
    document.components.sort_by(|a, b| utf16_cmp(&a.id, &b.id));

    for symbol in &mut document.symbols {
        order_symbol(symbol);
    }
    document.symbols.sort_by(|a, b| utf16_cmp(&a.id, &b.id));

    document.dependencies.sort_by(dependency_order);

    let stats = &mut document.stats;
    stats.effect_classify_timeouts.sort_by(|a, b| {
        utf16_cmp(&a.symbol_id, &b.symbol_id)
            .then_with(|| utf16_cmp(&a.plugin, &b.plugin))
            .then_with(|| a.timeout_ms.cmp(&b.timeout_ms))
    });
    if let Some(lsp) = &mut stats.lsp_enrichment {
        sort_dedup(&mut lsp.languages_disabled);
    }
    if let Some(skipped) = &mut stats.skipped_files {
        skipped.sort_by(|a, b| utf16_cmp(&a.path, &b.path));
    }
}

/// The order of `dependencies[]`: (from, to, via), each by UTF-16 code unit.
pub fn dependency_order(a: &Dependency, b: &Dependency) -> Ordering {
    utf16_cmp(&a.from, &b.from)
        .then_with(|| utf16_cmp(&a.to, &b.to))
        .then_with(|| utf16_cmp(a.via.as_str(), b.via.as_str()))
}

/// The order of `effects[]` within a Symbol (§9.4): local entries first by line then target,
/// then propagated entries by (id, target).
pub fn effect_order(a: &Effect, b: &Effect) -> Ordering {
    match (&a.origin, &b.origin) {
        (EffectOrigin::Local { line: la }, EffectOrigin::Local { line: lb }) => {
            la.cmp(lb).then_with(|| utf16_cmp(&a.target, &b.target))
        }
        (EffectOrigin::Local { .. }, EffectOrigin::Propagated { .. }) => Ordering::Less,
        (EffectOrigin::Propagated { .. }, EffectOrigin::Local { .. }) => Ordering::Greater,
        (EffectOrigin::Propagated { .. }, EffectOrigin::Propagated { .. }) => {
            utf16_cmp(&a.id, &b.id).then_with(|| utf16_cmp(&a.target, &b.target))
        }
    }
}

/// Applies the within-Symbol orderings; useful to the scanner before it fingerprints, since
/// the logic fingerprint hashes rules and effects in stored order.
pub fn order_symbol(symbol: &mut Symbol) {
    symbol.decorators.sort_by_key(|decorator| decorator.line);
    symbol.rules.sort_by_key(|rule| rule.line);
    symbol.calls.sort_by(|a, b| {
        a.line
            .cmp(&b.line)
            .then_with(|| utf16_cmp(&a.target, &b.target))
    });
    for effect in &mut symbol.effects {
        if let EffectOrigin::Propagated { derived_from } = &mut effect.origin {
            sort_dedup(derived_from);
        }
    }
    symbol.effects.sort_by(effect_order);
}

fn sort_dedup(items: &mut Vec<String>) {
    items.sort_by(|a, b| utf16_cmp(a, b));
    items.dedup();
}

/// Canonicalizes `document` (a copy, only when it is not canonical already), checks every
/// invariant, and writes it: 2-space pretty form when `pretty`, compact otherwise; no
/// trailing newline.
pub fn to_canonical_json(document: &Document, pretty: bool) -> Result<String, WriteError> {
    let mut out = Vec::new();
    write_canonical(document, pretty, &mut out)?;
    String::from_utf8(out).map_err(|err| WriteError::Json(err.to_string()))
}

/// [`to_canonical_json`] streamed into `out` (wrap a file in a `BufWriter`): the document is
/// serialised straight from its types, with no intermediate JSON value. A document that is
/// already canonical (what [`canonicalize`] leaves, as the scanner hands over) is written
/// without being copied; any other is canonicalized in a copy first. Nothing is written
/// when an invariant fails.
pub fn write_canonical<W: std::io::Write>(
    document: &Document,
    pretty: bool,
    out: W,
) -> Result<(), WriteError> {
    let copy;
    let document = if is_canonical(document) {
        document
    } else {
        let mut owned = document.clone();
        canonicalize(&mut owned);
        copy = owned;
        &copy
    };
    check_invariants(document)?;
    super::stream::write_document(document, pretty, out)
        .map_err(|err| WriteError::Io(err.to_string()))
}

/// The reference writer: canonicalize a copy, check, build a `serde_json::Value` and write it
/// with [`canonical_json`]. [`to_canonical_json`] must give the same bytes (a test holds it
/// to that); this path is slower and uses several times the memory.
pub fn to_canonical_json_via_value(
    document: &Document,
    pretty: bool,
) -> Result<String, WriteError> {
    let mut document = document.clone();
    canonicalize(&mut document);
    check_invariants(&document)?;
    let value = serde_json::to_value(&document).map_err(|err| WriteError::Json(err.to_string()))?;
    Ok(canonical_json(&value, pretty)?)
}

/// Whether [`canonicalize`] would leave `document` unchanged: every string in NFC, the older
/// `$schema` URL absent, and every array it sorts already in that order (and, where it
/// de-duplicates, free of duplicates). Mirrors [`canonicalize`] step for step.
pub fn is_canonical(document: &Document) -> bool {
    fn sorted<T>(items: &[T], order: impl Fn(&T, &T) -> Ordering) -> bool {
        items
            .windows(2)
            .all(|w| order(&w[0], &w[1]) != Ordering::Greater)
    }
    fn strictly_sorted(items: &[String]) -> bool {
        items
            .windows(2)
            .all(|w| utf16_cmp(&w[0], &w[1]) == Ordering::Less)
    }
    if document.schema == LEGACY_SCHEMA_URL || !all_nfc(document) {
        return false;
    }
    let plugins_sorted = sorted(&document.generator.plugins, |a, b| {
        utf16_cmp(&a.name, &b.name)
    });
    let managers_sorted = sorted(&document.workspace.managers, |a, b| {
        utf16_cmp(&a.tool, &b.tool)
    });
    if !plugins_sorted || !managers_sorted || !strictly_sorted(&document.workspace.languages) {
        return false;
    }
    let components_ok = document.components.iter().all(|c| {
        strictly_sorted(&c.public_api)
            && strictly_sorted(&c.languages)
            && strictly_sorted(&c.frameworks)
    }) && sorted(&document.components, |a, b| utf16_cmp(&a.id, &b.id));
    if !components_ok {
        return false;
    }
    let symbols_ok = document.symbols.iter().all(|s| {
        sorted(&s.decorators, |a, b| a.line.cmp(&b.line))
            && sorted(&s.rules, |a, b| a.line.cmp(&b.line))
            && sorted(&s.calls, |a, b| {
                a.line
                    .cmp(&b.line)
                    .then_with(|| utf16_cmp(&a.target, &b.target))
            })
            && s.effects.iter().all(|e| match &e.origin {
                EffectOrigin::Propagated { derived_from } => strictly_sorted(derived_from),
                EffectOrigin::Local { .. } => true,
            })
            && sorted(&s.effects, effect_order)
    }) && sorted(&document.symbols, |a, b| utf16_cmp(&a.id, &b.id));
    if !symbols_ok || !sorted(&document.dependencies, dependency_order) {
        return false;
    }
    let stats = &document.stats;
    sorted(&stats.effect_classify_timeouts, |a, b| {
        utf16_cmp(&a.symbol_id, &b.symbol_id)
            .then_with(|| utf16_cmp(&a.plugin, &b.plugin))
            .then_with(|| a.timeout_ms.cmp(&b.timeout_ms))
    }) && stats
        .lsp_enrichment
        .as_ref()
        .is_none_or(|lsp| strictly_sorted(&lsp.languages_disabled))
        && stats
            .skipped_files
            .as_ref()
            .is_none_or(|skipped| sorted(skipped, |a, b| utf16_cmp(&a.path, &b.path)))
}

/// Whether every string [`normalize_document`] touches is already NFC (the same walk, read
/// only).
fn all_nfc(document: &Document) -> bool {
    let all = |items: &[String]| items.iter().all(|s| is_nfc(s));
    let opt = |item: &Option<String>| item.as_deref().is_none_or(is_nfc);
    let generator = &document.generator;
    let workspace = &document.workspace;
    let stats = &document.stats;
    is_nfc(&document.schema)
        && is_nfc(&generator.name)
        && is_nfc(&generator.version)
        && generator
            .plugins
            .iter()
            .all(|p| is_nfc(&p.name) && is_nfc(&p.version) && opt(&p.grammar_revision))
        && opt(&document.generated_at)
        && is_nfc(&workspace.root)
        && workspace
            .managers
            .iter()
            .all(|m| is_nfc(&m.tool) && all(&m.roots))
        && all(&workspace.languages)
        && document.components.iter().all(|c| {
            is_nfc(&c.id)
                && is_nfc(&c.name)
                && all(&c.roots)
                && all(&c.public_api)
                && all(&c.languages)
                && all(&c.frameworks)
                && opt(&c.description)
        })
        && document.symbols.iter().all(symbol_nfc)
        && document
            .dependencies
            .iter()
            .all(|d| is_nfc(&d.from) && is_nfc(&d.to) && opt(&d.effect))
        && stats
            .effect_classify_timeouts
            .iter()
            .all(|t| is_nfc(&t.plugin) && is_nfc(&t.symbol_id))
        && stats
            .lsp_enrichment
            .as_ref()
            .is_none_or(|lsp| all(&lsp.languages_disabled))
        && stats
            .skipped_files
            .as_ref()
            .is_none_or(|skipped| skipped.iter().all(|f| is_nfc(&f.path)))
}

fn symbol_nfc(symbol: &Symbol) -> bool {
    use super::types::RuleKind;
    let all = |items: &[String]| items.iter().all(|s| is_nfc(s));
    let opt = |item: &Option<String>| item.as_deref().is_none_or(is_nfc);
    is_nfc(&symbol.id)
        && opt(&symbol.ext_kind)
        && is_nfc(&symbol.name)
        && is_nfc(&symbol.language)
        && opt(&symbol.component)
        && symbol
            .decorators
            .iter()
            .all(|d| is_nfc(&d.name) && is_nfc(&d.raw) && all(&d.arguments))
        && symbol.signature.as_ref().is_none_or(|s| {
            s.inputs
                .iter()
                .all(|i| is_nfc(&i.name) && is_nfc(&i.type_text))
                && all(&s.outputs)
                && all(&s.throws)
                && all(&s.inferred_throws)
                && all(&s.type_parameters)
        })
        && symbol.rules.iter().all(|r| match &r.kind {
            RuleKind::Guard { condition }
            | RuleKind::Switch { condition }
            | RuleKind::Match { condition } => is_nfc(condition),
            RuleKind::Throw { what } => is_nfc(what),
            RuleKind::Return { expr } => is_nfc(expr),
            RuleKind::Loop { .. } | RuleKind::Try => true,
        })
        && symbol.effects.iter().all(|e| {
            is_nfc(&e.id)
                && is_nfc(&e.target)
                && is_nfc(&e.plugin)
                && is_nfc(&e.derived_by)
                && match &e.origin {
                    EffectOrigin::Propagated { derived_from } => all(derived_from),
                    EffectOrigin::Local { .. } => true,
                }
        })
        && symbol
            .calls
            .iter()
            .all(|c| is_nfc(&c.target) && opt(&c.resolved))
        && is_nfc(&symbol.source.file)
        && is_nfc(&symbol.fingerprint.api)
        && is_nfc(&symbol.fingerprint.logic)
        && is_nfc(&symbol.fingerprint.syntax)
        && all(&symbol.derived_by)
        && opt(&symbol.drop_reason)
}

fn normalize_document(document: &mut Document) {
    nfc_in_place(&mut document.schema);
    let generator = &mut document.generator;
    nfc_in_place(&mut generator.name);
    nfc_in_place(&mut generator.version);
    for plugin in &mut generator.plugins {
        nfc_in_place(&mut plugin.name);
        nfc_in_place(&mut plugin.version);
        nfc_option(&mut plugin.grammar_revision);
    }
    nfc_option(&mut document.generated_at);
    let workspace = &mut document.workspace;
    nfc_in_place(&mut workspace.root);
    for manager in &mut workspace.managers {
        nfc_in_place(&mut manager.tool);
        nfc_all(&mut manager.roots);
    }
    nfc_all(&mut workspace.languages);
    for component in &mut document.components {
        normalize_component(component);
    }
    for symbol in &mut document.symbols {
        normalize_symbol(symbol);
    }
    for dependency in &mut document.dependencies {
        nfc_in_place(&mut dependency.from);
        nfc_in_place(&mut dependency.to);
        nfc_option(&mut dependency.effect);
    }
    let stats = &mut document.stats;
    for timeout in &mut stats.effect_classify_timeouts {
        nfc_in_place(&mut timeout.plugin);
        nfc_in_place(&mut timeout.symbol_id);
    }
    if let Some(lsp) = &mut stats.lsp_enrichment {
        nfc_all(&mut lsp.languages_disabled);
    }
    if let Some(skipped) = &mut stats.skipped_files {
        for file in skipped {
            nfc_in_place(&mut file.path);
        }
    }
}

fn normalize_component(component: &mut Component) {
    nfc_in_place(&mut component.id);
    nfc_in_place(&mut component.name);
    nfc_all(&mut component.roots);
    nfc_all(&mut component.public_api);
    nfc_all(&mut component.languages);
    nfc_all(&mut component.frameworks);
    nfc_option(&mut component.description);
}

fn normalize_symbol(symbol: &mut Symbol) {
    nfc_in_place(&mut symbol.id);
    nfc_option(&mut symbol.ext_kind);
    nfc_in_place(&mut symbol.name);
    nfc_in_place(&mut symbol.language);
    nfc_option(&mut symbol.component);
    for decorator in &mut symbol.decorators {
        nfc_in_place(&mut decorator.name);
        nfc_in_place(&mut decorator.raw);
        nfc_all(&mut decorator.arguments);
    }
    if let Some(signature) = &mut symbol.signature {
        normalize_signature(signature);
    }
    for rule in &mut symbol.rules {
        use super::types::RuleKind;
        match &mut rule.kind {
            RuleKind::Guard { condition }
            | RuleKind::Switch { condition }
            | RuleKind::Match { condition } => nfc_in_place(condition),
            RuleKind::Throw { what } => nfc_in_place(what),
            RuleKind::Return { expr } => nfc_in_place(expr),
            RuleKind::Loop { .. } | RuleKind::Try => {}
        }
    }
    for effect in &mut symbol.effects {
        nfc_in_place(&mut effect.id);
        nfc_in_place(&mut effect.target);
        nfc_in_place(&mut effect.plugin);
        nfc_in_place(&mut effect.derived_by);
        if let EffectOrigin::Propagated { derived_from } = &mut effect.origin {
            nfc_all(derived_from);
        }
    }
    for call in &mut symbol.calls {
        nfc_in_place(&mut call.target);
        nfc_option(&mut call.resolved);
    }
    nfc_in_place(&mut symbol.source.file);
    nfc_in_place(&mut symbol.fingerprint.api);
    nfc_in_place(&mut symbol.fingerprint.logic);
    nfc_in_place(&mut symbol.fingerprint.syntax);
    nfc_all(&mut symbol.derived_by);
    nfc_option(&mut symbol.drop_reason);
}

fn normalize_signature(signature: &mut Signature) {
    for input in &mut signature.inputs {
        nfc_in_place(&mut input.name);
        nfc_in_place(&mut input.type_text);
    }
    nfc_all(&mut signature.outputs);
    nfc_all(&mut signature.throws);
    nfc_all(&mut signature.inferred_throws);
    nfc_all(&mut signature.type_parameters);
}

fn nfc_all(items: &mut [String]) {
    for item in items {
        nfc_in_place(item);
    }
}

fn nfc_option(item: &mut Option<String>) {
    if let Some(item) = item {
        nfc_in_place(item);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn pretty_and_compact_forms() {
        let value = json!({"b": [1, {"z": null, "a": true}], "a": {}, "c": []});
        assert_eq!(
            canonical_json(&value, false).as_deref(),
            Ok(r#"{"a":{},"b":[1,{"a":true,"z":null}],"c":[]}"#)
        );
        assert_eq!(
            canonical_json(&value, true).as_deref(),
            Ok(
                "{\n  \"a\": {},\n  \"b\": [\n    1,\n    {\n      \"a\": true,\n      \"z\": null\n    }\n  ],\n  \"c\": []\n}"
            )
        );
    }

    #[test]
    fn escapes_like_json_stringify() {
        let value = json!("q\"b\\\u{08}\u{0C}\n\r\t\u{01}\u{1F}/\u{7F}\u{2028}é");
        assert_eq!(
            canonical_json(&value, false).as_deref(),
            Ok("\"q\\\"b\\\\\\b\\f\\n\\r\\t\\u0001\\u001f/\u{7F}\u{2028}é\"")
        );
    }

    #[test]
    fn keys_sort_by_utf16_code_unit() {
        let value = json!({"\u{FF21}": 1, "\u{1F600}": 2, "a": 3});
        assert_eq!(
            canonical_json(&value, false).as_deref(),
            Ok("{\"a\":3,\"\u{1F600}\":2,\"\u{FF21}\":1}")
        );
    }

    #[test]
    fn keys_equal_after_nfc_are_refused() {
        let value = json!({"caf\u{E9}": 1, "cafe\u{301}": 2});
        let error = canonical_json(&value, false).err();
        assert!(
            matches!(error, Some(CanonicalError::KeyCollision { ref path, .. }) if path == "$")
        );
    }

    #[test]
    fn strings_and_keys_are_written_in_nfc() {
        let value = json!({"cafe\u{301}": "e\u{301}"});
        assert_eq!(
            canonical_json(&value, false).as_deref(),
            Ok("{\"caf\u{E9}\":\"\u{E9}\"}")
        );
    }

    #[test]
    fn fractional_numbers_are_refused() {
        let value = json!({"n": 1.5});
        assert!(matches!(
            canonical_json(&value, false),
            Err(CanonicalError::NonIntegerNumber { .. })
        ));
    }
}
