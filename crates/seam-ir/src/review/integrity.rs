//! The integrity checker: the 21 invariants of spec §14 (aburi-notes §2.9).
//!
//! [`check_invariants`] runs on a typed [`Document`] and reports every breach it finds, each
//! with its invariant number and a plain sentence. It runs before every write
//! ([`super::canonical::to_canonical_json`]) and after every read
//! ([`super::read::read_document`]), which also runs the JSON-level half of #20 (required keys
//! of the declared kind) before the document can be typed.
//!
//! Invariants #6 (confidence enum) and #8 (kind enum) hold for every typed document by
//! construction; on a document read from disk they are checked on the raw JSON, before
//! typing. On a typed document, #20 covers the schema's value constraints the types cannot
//! hold (patterns, minimum lengths and values, `const`s, the rule-string `maxLength`).
//! seam extends #5 with the rest of the schema's dropped/not-dropped `allOf`: a dropped Symbol
//! carries no rules, effects or calls and zero fingerprints, and a kept one has a null
//! `dropReason`.

use std::collections::BTreeSet;

use rustc_hash::{FxHashMap, FxHashSet as FastSet};
use std::fmt;

use super::canonical::{dependency_order, effect_order};
use super::fingerprint::{is_fingerprint_value, is_zero};
use super::ids::{
    is_component_id, is_effect_id, is_ext_kind, is_language_id, is_plugin_name, is_qualified_name,
    looks_like_symbol_id, path_problem, symbol_id_problem, uses_reserved_language,
};
use super::text::{is_nfc, utf16_cmp};
use super::types::{
    Document, EffectOrigin, LEGACY_SCHEMA_URL, PluginType, RuleKind, SCHEMA_URL, Via,
};

/// One broken invariant at one place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Breach {
    /// The §14 invariant number, 1–21.
    pub invariant: u8,
    /// What is wrong and where, as a plain sentence.
    pub message: String,
}

/// Every breach found in one document, in check order (invariant number, then document
/// order). Never empty when returned as an error.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct InvariantViolations {
    pub breaches: Vec<Breach>,
}

impl InvariantViolations {
    /// The invariant numbers that fired, ascending and de-duplicated.
    pub fn invariants(&self) -> Vec<u8> {
        let set: BTreeSet<u8> = self.breaches.iter().map(|b| b.invariant).collect();
        set.into_iter().collect()
    }
}

/// How many breaches the message lists before summarising the rest.
const LISTED_BREACHES: usize = 50;

impl fmt::Display for InvariantViolations {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} integrity breach{} (aburi.ir.v1 §14):",
            self.breaches.len(),
            if self.breaches.len() == 1 { "" } else { "es" }
        )?;
        for breach in self.breaches.iter().take(LISTED_BREACHES) {
            write!(f, "\n  #{}: {}", breach.invariant, breach.message)?;
        }
        if self.breaches.len() > LISTED_BREACHES {
            write!(
                f,
                "\n  … and {} more",
                self.breaches.len() - LISTED_BREACHES
            )?;
        }
        Ok(())
    }
}

struct Breaches(Vec<Breach>);

impl Breaches {
    fn push(&mut self, invariant: u8, message: String) {
        self.0.push(Breach { invariant, message });
    }
}

/// Checks every invariant of §14 on `document` and returns all breaches.
pub fn check_invariants(document: &Document) -> Result<(), InvariantViolations> {
    let mut out = Breaches(Vec::new());
    let mut symbol_ids: FastSet<&str> = FastSet::default();
    symbol_ids.reserve(document.symbols.len());
    symbol_ids.extend(document.symbols.iter().map(|s| s.id.as_str()));
    let component_ids: FastSet<&str> = document.components.iter().map(|c| c.id.as_str()).collect();

    unique_ids(document, &symbol_ids, &mut out);
    components_exist(document, &component_ids, &mut out);
    endpoints_exist(document, &symbol_ids, &mut out);
    dropped_shape(document, &mut out);
    effect_vocabulary(document, &mut out);
    ext_kinds(document, &mut out);
    paths(document, &mut out);
    orderings(document, &mut out);
    call_edges(document, &symbol_ids, &mut out);
    census(document, &mut out);
    reserved_language(document, &mut out);
    grammars(document, &mut out);
    languages(document, &mut out);
    normalization(document, &mut out);
    schema_constraints(document, &mut out);
    skipped_files(document, &mut out);

    let mut breaches = out.0;
    breaches.sort_by_key(|b| b.invariant);
    if breaches.is_empty() {
        Ok(())
    } else {
        Err(InvariantViolations { breaches })
    }
}

// #1, #2
fn unique_ids(document: &Document, symbol_ids: &FastSet<&str>, out: &mut Breaches) {
    // The set of ids is as long as the list exactly when no id repeats.
    if symbol_ids.len() != document.symbols.len() {
        let mut seen = FastSet::default();
        for symbol in &document.symbols {
            if !seen.insert(symbol.id.as_str()) {
                out.push(
                    1,
                    format!("the Symbol id {:?} appears more than once", symbol.id),
                );
            }
        }
    }
    let mut seen = FastSet::default();
    for component in &document.components {
        if !seen.insert(component.id.as_str()) {
            out.push(
                2,
                format!("the Component id {:?} appears more than once", component.id),
            );
        }
    }
}

// #3
fn components_exist(document: &Document, component_ids: &FastSet<&str>, out: &mut Breaches) {
    for symbol in &document.symbols {
        if let Some(component) = &symbol.component
            && !component_ids.contains(component.as_str())
        {
            out.push(
                3,
                format!(
                    "Symbol {:?} belongs to Component {component:?}, which is not in components[]",
                    symbol.id
                ),
            );
        }
    }
}

// #4
fn endpoints_exist(document: &Document, symbol_ids: &FastSet<&str>, out: &mut Breaches) {
    for dependency in &document.dependencies {
        for endpoint in [&dependency.from, &dependency.to] {
            if looks_like_symbol_id(endpoint) && !symbol_ids.contains(endpoint.as_str()) {
                out.push(
                    4,
                    format!(
                        "the dependency {:?} → {:?} names Symbol {endpoint:?}, which is not in symbols[]",
                        dependency.from, dependency.to
                    ),
                );
            }
        }
    }
}

// #5, extended with the schema's dropped allOf.
fn dropped_shape(document: &Document, out: &mut Breaches) {
    for symbol in &document.symbols {
        let id = &symbol.id;
        if symbol.dropped {
            match &symbol.drop_reason {
                None => out.push(5, format!("Symbol {id:?} is dropped but has no dropReason")),
                Some(reason) if reason.is_empty() => out.push(
                    5,
                    format!("Symbol {id:?} is dropped with an empty dropReason"),
                ),
                Some(_) => {}
            }
            if !symbol.rules.is_empty() || !symbol.effects.is_empty() || !symbol.calls.is_empty() {
                out.push(
                    5,
                    format!("Symbol {id:?} is dropped but still carries rules, effects or calls"),
                );
            }
            if !is_zero(&symbol.fingerprint) {
                out.push(
                    5,
                    format!(
                        "Symbol {id:?} is dropped but its fingerprints are not all 000000000000"
                    ),
                );
            }
        } else if symbol.drop_reason.is_some() {
            out.push(5, format!("Symbol {id:?} is kept but has a dropReason"));
        }
    }
}

// #7
fn effect_vocabulary(document: &Document, out: &mut Breaches) {
    for symbol in &document.symbols {
        for effect in &symbol.effects {
            if !is_effect_id(&effect.id) {
                out.push(
                    7,
                    format!(
                        "Symbol {:?} has effect {:?}, which is neither a core effect nor of the form x-<plugin>:<action>",
                        symbol.id, effect.id
                    ),
                );
            }
        }
    }
    for dependency in &document.dependencies {
        if let Some(effect) = &dependency.effect
            && !is_effect_id(effect)
        {
            out.push(
                7,
                format!(
                    "the dependency {:?} → {:?} names effect {effect:?}, which is neither a core effect nor of the form x-<plugin>:<action>",
                    dependency.from, dependency.to
                ),
            );
        }
    }
}

// #9
fn ext_kinds(document: &Document, out: &mut Breaches) {
    for symbol in &document.symbols {
        if let Some(ext_kind) = &symbol.ext_kind
            && !is_ext_kind(ext_kind)
        {
            out.push(
                9,
                format!(
                    "Symbol {:?} has extKind {ext_kind:?}, which is not of the form <namespace>(:<segment>)+",
                    symbol.id
                ),
            );
        }
    }
}

// #10
fn paths(document: &Document, out: &mut Breaches) {
    // `what` is only spelled out for a breach (one string per Symbol otherwise).
    let mut check = |what: &dyn Fn() -> String, path: &str| {
        if let Some(reason) = path_problem(path) {
            out.push(
                10,
                format!("{} {path:?} is not a valid document path: {reason}", what()),
            );
        }
    };
    for symbol in &document.symbols {
        check(
            &|| format!("the source file of Symbol {:?}", symbol.id),
            &symbol.source.file,
        );
    }
    for component in &document.components {
        for root in &component.roots {
            check(&|| format!("a root of Component {:?}", component.id), root);
        }
    }
    for manager in &document.workspace.managers {
        for root in &manager.roots {
            check(
                &|| format!("a root of workspace manager {:?}", manager.tool),
                root,
            );
        }
    }
}

// #11
fn orderings(document: &Document, out: &mut Breaches) {
    fn first_disorder<T>(items: &[T], le: impl Fn(&T, &T) -> bool) -> Option<usize> {
        items
            .windows(2)
            .position(|pair| !le(&pair[0], &pair[1]))
            .map(|i| i + 1)
    }
    let ascending = |a: &str, b: &str| utf16_cmp(a, b).is_le();

    if let Some(i) = first_disorder(&document.components, |a, b| ascending(&a.id, &b.id)) {
        out.push(
            11,
            format!("components[] is not ascending by id at index {i}"),
        );
    }
    if let Some(i) = first_disorder(&document.symbols, |a, b| ascending(&a.id, &b.id)) {
        out.push(11, format!("symbols[] is not ascending by id at index {i}"));
    }
    if let Some(i) = first_disorder(&document.dependencies, |a, b| {
        dependency_order(a, b).is_le()
    }) {
        out.push(
            11,
            format!("dependencies[] is not ascending by (from, to, via) at index {i}"),
        );
    }
    for component in &document.components {
        if let Some(i) = first_disorder(&component.public_api, |a, b| ascending(a, b)) {
            out.push(
                11,
                format!(
                    "publicApi of Component {:?} is not ascending at index {i}",
                    component.id
                ),
            );
        }
    }
    if let Some(skipped) = &document.stats.skipped_files
        && let Some(i) = first_disorder(skipped, |a, b| ascending(&a.path, &b.path))
    {
        out.push(
            11,
            format!("stats.skippedFiles[] is not ascending by path at index {i}"),
        );
    }
    for symbol in &document.symbols {
        let id = &symbol.id;
        if let Some(i) = first_disorder(&symbol.decorators, |a, b| a.line <= b.line) {
            out.push(
                11,
                format!("decorators of Symbol {id:?} are not ascending by line at index {i}"),
            );
        }
        if let Some(i) = first_disorder(&symbol.rules, |a, b| a.line <= b.line) {
            out.push(
                11,
                format!("rules of Symbol {id:?} are not ascending by line at index {i}"),
            );
        }
        if let Some(i) = first_disorder(&symbol.calls, |a, b| a.line <= b.line) {
            out.push(
                11,
                format!("calls of Symbol {id:?} are not ascending by line at index {i}"),
            );
        }
        // Same-line local effects may stay in source order (§1); only the line and the
        // two-segment split are required.
        if let Some(i) = first_disorder(&symbol.effects, |a, b| match (&a.origin, &b.origin) {
            (EffectOrigin::Local { line: la }, EffectOrigin::Local { line: lb }) => la <= lb,
            _ => effect_order(a, b).is_le(),
        }) {
            out.push(
                11,
                format!(
                    "effects of Symbol {id:?} are not local-by-line then propagated-by-(id, target) at index {i}"
                ),
            );
        }
    }
}

// #12, #13, #14
fn call_edges(document: &Document, symbol_ids: &FastSet<&str>, out: &mut Breaches) {
    let mut triples = FastSet::default();
    triples.reserve(document.dependencies.len());
    let mut call_dependencies: FastSet<(&str, &str)> = FastSet::default();
    call_dependencies.reserve(document.dependencies.len());
    for dependency in &document.dependencies {
        let (from, to) = (dependency.from.as_str(), dependency.to.as_str());
        if !triples.insert((from, to, dependency.via)) {
            out.push(
                13,
                format!(
                    "the dependency {from:?} → {to:?} via {:?} is recorded more than once",
                    dependency.via.as_str()
                ),
            );
        }
        if dependency.via == Via::Call {
            call_dependencies.insert((from, to));
            for endpoint in [from, to] {
                if !symbol_ids.contains(endpoint) {
                    out.push(
                        12,
                        format!(
                            "the call dependency {from:?} → {to:?} has endpoint {endpoint:?}, which is not a Symbol id in symbols[]"
                        ),
                    );
                }
            }
        }
    }
    let mut call_edges: FxHashMap<(&str, &str), u32> = FxHashMap::default();
    for symbol in &document.symbols {
        for call in &symbol.calls {
            if let Some(resolved) = &call.resolved {
                call_edges
                    .entry((symbol.id.as_str(), resolved.as_str()))
                    .or_insert(call.line);
            }
        }
    }
    // Hashed for the check; the breaches (rare) are reported in (from, to) order.
    let mut missing: Vec<(&(&str, &str), &u32)> = call_edges
        .iter()
        .filter(|(edge, _)| !call_dependencies.contains(*edge))
        .collect();
    missing.sort_unstable();
    for ((from, to), line) in missing {
        {
            out.push(
                14,
                format!(
                    "Symbol {from:?} has a call resolved to {to:?} (line {line}) but no call dependency {from:?} → {to:?}"
                ),
            );
        }
    }
    let mut missing: Vec<&(&str, &str)> = call_dependencies
        .iter()
        .filter(|edge| !call_edges.contains_key(*edge))
        .collect();
    missing.sort_unstable();
    for (from, to) in missing {
        {
            out.push(
                14,
                format!(
                    "the call dependency {from:?} → {to:?} has no call in {from:?} resolved to {to:?}"
                ),
            );
        }
    }
}

// #15
fn census(document: &Document, out: &mut Breaches) {
    let Some(census) = &document.stats.call_resolution else {
        return;
    };
    let total: u64 = document.symbols.iter().map(|s| s.calls.len() as u64).sum();
    let resolved: u64 = document
        .symbols
        .iter()
        .flat_map(|s| &s.calls)
        .filter(|c| c.resolved.is_some())
        .count() as u64;
    if census.total_calls != total {
        out.push(
            15,
            format!(
                "stats.callResolution.totalCalls is {} but symbols[] hold {total} calls",
                census.total_calls
            ),
        );
    }
    if census.resolved_calls != resolved {
        out.push(
            15,
            format!(
                "stats.callResolution.resolvedCalls is {} but {resolved} calls are resolved",
                census.resolved_calls
            ),
        );
    }
    let buckets = census.unresolved.total();
    if buckets != total.saturating_sub(resolved) || resolved > total {
        out.push(
            15,
            format!(
                "the unresolved buckets of stats.callResolution sum to {buckets} but {} calls are unresolved",
                total.saturating_sub(resolved)
            ),
        );
    }
}

// #16
fn reserved_language(document: &Document, out: &mut Breaches) {
    for symbol in &document.symbols {
        if uses_reserved_language(&symbol.id) {
            out.push(
                16,
                format!(
                    "Symbol id {:?} uses the reserved language token `slice`",
                    symbol.id
                ),
            );
        }
    }
    for dependency in &document.dependencies {
        for endpoint in [&dependency.from, &dependency.to] {
            if uses_reserved_language(endpoint) {
                out.push(
                    16,
                    format!(
                        "dependency endpoint {endpoint:?} uses the reserved language token `slice`"
                    ),
                );
            }
        }
    }
}

// #17
fn grammars(document: &Document, out: &mut Breaches) {
    for symbol in &document.symbols {
        if !uses_reserved_language(&symbol.id)
            && let Some(problem) = symbol_id_problem(&symbol.id)
        {
            out.push(
                17,
                format!("Symbol id {:?} is malformed: {problem}", symbol.id),
            );
        }
        if !is_qualified_name(&symbol.name) {
            out.push(
                17,
                format!(
                    "Symbol {:?} has name {:?}, which is not a qualified name",
                    symbol.id, symbol.name
                ),
            );
        }
    }
    for component in &document.components {
        if !is_component_id(&component.id) {
            out.push(
                17,
                format!("Component id {:?} is not ASCII kebab-case", component.id),
            );
        }
    }
}

// #18
fn languages(document: &Document, out: &mut Breaches) {
    let declared = &document.workspace.languages;
    if declared.is_empty() {
        out.push(
            18,
            "workspace.languages is empty; it must list every language of the scan".to_owned(),
        );
    }
    let mut seen = FastSet::default();
    for language in declared {
        if !is_language_id(language) {
            out.push(
                18,
                format!("workspace.languages holds {language:?}, which is not a language id"),
            );
        }
        if !seen.insert(language.as_str()) {
            out.push(
                18,
                format!("workspace.languages lists {language:?} more than once"),
            );
        }
    }
    let mut reported = FastSet::default();
    for symbol in &document.symbols {
        if !seen.contains(symbol.language.as_str()) && reported.insert(symbol.language.as_str()) {
            out.push(
                18,
                format!(
                    "Symbol {:?} is in language {:?}, which workspace.languages does not list",
                    symbol.id, symbol.language
                ),
            );
        }
    }
}

// #19: strings that decide an order or an identity (Symbol and Component ids are #17's).
fn normalization(document: &Document, out: &mut Breaches) {
    let mut check = |what: &str, value: &str| {
        if !is_nfc(value) {
            out.push(19, format!("{what} {value:?} is not in Unicode NFC"));
        }
    };
    for symbol in &document.symbols {
        check("the Symbol name", &symbol.name);
        check("the source file", &symbol.source.file);
        if let Some(component) = &symbol.component {
            check("the Symbol component", component);
        }
        for effect in &symbol.effects {
            check("the effect target", &effect.target);
            if let EffectOrigin::Propagated { derived_from } = &effect.origin {
                for id in derived_from {
                    check("the derivedFrom id", id);
                }
            }
        }
        for call in &symbol.calls {
            check("the call target", &call.target);
            if let Some(resolved) = &call.resolved {
                check("the resolved call id", resolved);
            }
        }
        if let Some(signature) = &symbol.signature {
            for input in &signature.inputs {
                check("the parameter name", &input.name);
            }
        }
    }
    for dependency in &document.dependencies {
        check("the dependency endpoint", &dependency.from);
        check("the dependency endpoint", &dependency.to);
    }
    for component in &document.components {
        for value in &component.public_api {
            check("the publicApi entry", value);
        }
        for root in &component.roots {
            check("the component root", root);
        }
    }
    for manager in &document.workspace.managers {
        for root in &manager.roots {
            check("the workspace manager root", root);
        }
    }
    if let Some(skipped) = &document.stats.skipped_files {
        for file in skipped {
            check("the skipped file path", &file.path);
        }
    }
}

/// Whether a list holds one value twice (short lists, the usual case, without a set).
fn has_repeats(values: &[String]) -> bool {
    if values.len() <= 16 {
        return values
            .iter()
            .enumerate()
            .any(|(i, v)| values[i + 1..].contains(v));
    }
    let unique: FastSet<&String> = values.iter().collect();
    unique.len() != values.len()
}

fn is_semver(s: &str) -> bool {
    // ^\d+\.\d+\.\d+(?:[-+].+)?$
    let (core, suffix_ok) = match s.find(['-', '+']) {
        Some(at) => (&s[..at], s.len() > at + 1),
        None => (s, true),
    };
    let parts: Vec<&str> = core.split('.').collect();
    suffix_ok
        && parts.len() == 3
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
}

/// `<package>@<MAJOR.MINOR.PATCH>`, `^[\w./@-]+@\d+\.\d+\.\d+(?:[-+][\w.-]+)?$`.
pub fn is_grammar_revision(s: &str) -> bool {
    let Some(at) = s.rfind('@') else {
        return false;
    };
    let (package, version) = (&s[..at], &s[at + 1..]);
    let package_ok = !package.is_empty()
        && package
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '/' | '@' | '-'));
    let (core, suffix) = match version.find(['-', '+']) {
        Some(i) => (&version[..i], Some(&version[i + 1..])),
        None => (version, None),
    };
    let suffix_ok = suffix.is_none_or(|suffix| {
        !suffix.is_empty()
            && suffix
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-'))
    });
    package_ok && suffix_ok && is_semver(core)
}

/// `^[a-z][a-z0-9]*:[^#\\]+#[^\\]+$`, the schema's loose Symbol-id pattern.
fn matches_symbol_id_pattern(s: &str) -> bool {
    let Some((language, rest)) = s.split_once(':') else {
        return false;
    };
    let Some((file, name)) = rest.split_once('#') else {
        return false;
    };
    is_language_id(language) && !file.is_empty() && !name.is_empty() && !s.contains('\\')
}

// #20 on a typed document: the schema constraints the types cannot express.
fn schema_constraints(document: &Document, out: &mut Breaches) {
    let mut bad = |message: String| out.push(20, message);
    if document.schema != SCHEMA_URL && document.schema != LEGACY_SCHEMA_URL {
        bad(format!(
            "$schema is {:?}, not {SCHEMA_URL:?}",
            document.schema
        ));
    }
    let generator = &document.generator;
    if generator.name.is_empty() {
        bad("generator.name is empty".to_owned());
    }
    if !is_semver(&generator.version) {
        bad(format!(
            "generator.version {:?} is not a semantic version",
            generator.version
        ));
    }
    for plugin in &generator.plugins {
        if !is_plugin_name(&plugin.name) {
            bad(format!(
                "plugin name {:?} is not lowercase kebab-case",
                plugin.name
            ));
        }
        let version_ok = is_semver(&plugin.version) || is_grammar_revision(&plugin.version);
        if !version_ok {
            bad(format!(
                "plugin {:?} has version {:?}, which is not a semantic version",
                plugin.name, plugin.version
            ));
        }
        match (plugin.plugin_type, &plugin.grammar_revision) {
            (PluginType::Lang, Some(revision)) if is_grammar_revision(revision) => {}
            (PluginType::Lang, revision) => bad(format!(
                "language plugin {:?} has grammarRevision {revision:?}; it needs <parser>@<MAJOR.MINOR.PATCH>",
                plugin.name
            )),
            (_, Some(revision)) => bad(format!(
                "plugin {:?} is not a language plugin but has grammarRevision {revision:?}; it must be null",
                plugin.name
            )),
            (_, None) => {}
        }
    }
    if document.workspace.root != "." {
        bad(format!(
            "workspace.root is {:?}; it must be \".\"",
            document.workspace.root
        ));
    }
    for manager in &document.workspace.managers {
        if !is_plugin_name(&manager.tool) {
            bad(format!(
                "workspace manager tool {:?} is not lowercase kebab-case",
                manager.tool
            ));
        }
    }
    for component in &document.components {
        let id = &component.id;
        if component.name.is_empty() {
            bad(format!("Component {id:?} has an empty name"));
        }
        if component.roots.is_empty() {
            bad(format!("Component {id:?} has no roots"));
        }
        if component.languages.is_empty() {
            bad(format!("Component {id:?} lists no languages"));
        }
        for language in &component.languages {
            if !is_language_id(language) {
                bad(format!(
                    "Component {id:?} lists {language:?}, which is not a language id"
                ));
            }
        }
        for framework in &component.frameworks {
            if !is_plugin_name(framework) {
                bad(format!(
                    "Component {id:?} lists framework {framework:?}, which is not lowercase kebab-case"
                ));
            }
        }
        for entry in &component.public_api {
            if entry.is_empty() || entry.contains('\\') {
                bad(format!(
                    "Component {id:?} has publicApi entry {entry:?}; entries are non-empty POSIX"
                ));
            }
        }
    }
    for symbol in &document.symbols {
        let id = &symbol.id;
        if !matches_symbol_id_pattern(id) {
            bad(format!(
                "Symbol id {id:?} does not match the schema's Symbol-id pattern"
            ));
        }
        if !is_language_id(&symbol.language) {
            bad(format!(
                "Symbol {id:?} has language {:?}, which is not a language id",
                symbol.language
            ));
        }
        if let Some(component) = &symbol.component
            && !is_component_id(component)
        {
            bad(format!(
                "Symbol {id:?} names component {component:?}, which is not ASCII kebab-case"
            ));
        }
        for decorator in &symbol.decorators {
            if decorator.name.is_empty() || decorator.raw.is_empty() || decorator.line == 0 {
                bad(format!(
                    "a decorator of Symbol {id:?} has an empty name or raw text, or line 0"
                ));
            }
        }
        if let Some(signature) = &symbol.signature
            && signature.inputs.iter().any(|input| input.name.is_empty())
        {
            bad(format!("a parameter of Symbol {id:?} has an empty name"));
        }
        for rule in &symbol.rules {
            if rule.line == 0 {
                bad(format!("a rule of Symbol {id:?} is on line 0"));
            }
            let text = match &rule.kind {
                RuleKind::Guard { condition }
                | RuleKind::Switch { condition }
                | RuleKind::Match { condition } => Some(condition),
                RuleKind::Throw { what } => Some(what),
                RuleKind::Return { expr } => Some(expr),
                RuleKind::Loop { .. } | RuleKind::Try => None,
            };
            if let Some(text) = text
                && text.chars().count() > 123
            {
                bad(format!(
                    "a {} rule of Symbol {id:?} on line {} has text longer than 123 characters; build it with rule_text",
                    rule.kind.type_name(),
                    rule.line
                ));
            }
        }
        for effect in &symbol.effects {
            if effect.target.is_empty() || effect.derived_by.is_empty() {
                bad(format!(
                    "an effect of Symbol {id:?} has an empty target or derivedBy"
                ));
            }
            if !is_plugin_name(&effect.plugin) {
                bad(format!(
                    "an effect of Symbol {id:?} names plugin {:?}, which is not lowercase kebab-case",
                    effect.plugin
                ));
            }
            match &effect.origin {
                EffectOrigin::Local { line: 0 } => {
                    bad(format!("an effect of Symbol {id:?} is on line 0"))
                }
                EffectOrigin::Local { .. } => {}
                EffectOrigin::Propagated { derived_from } => {
                    if derived_from.is_empty() || has_repeats(derived_from) {
                        bad(format!(
                            "a propagated effect of Symbol {id:?} needs a non-empty derivedFrom without repeats"
                        ));
                    }
                    if let Some(bad_id) =
                        derived_from.iter().find(|d| !matches_symbol_id_pattern(d))
                    {
                        bad(format!(
                            "a propagated effect of Symbol {id:?} derives from {bad_id:?}, which is not a Symbol id"
                        ));
                    }
                }
            }
        }
        for call in &symbol.calls {
            if call.target.is_empty() || call.line == 0 {
                bad(format!(
                    "a call of Symbol {id:?} has an empty target or line 0"
                ));
            }
            if let Some(resolved) = &call.resolved
                && !matches_symbol_id_pattern(resolved)
            {
                bad(format!(
                    "a call of Symbol {id:?} resolves to {resolved:?}, which is not a Symbol id"
                ));
            }
        }
        let source = &symbol.source;
        if source.start_line == 0
            || source.end_line == 0
            || source.start_column == Some(0)
            || source.end_column == Some(0)
        {
            bad(format!(
                "the source range of Symbol {id:?} has a line or column of 0; both are 1-based"
            ));
        }
        for (axis, value) in [
            ("api", &symbol.fingerprint.api),
            ("logic", &symbol.fingerprint.logic),
            ("syntax", &symbol.fingerprint.syntax),
        ] {
            if !is_fingerprint_value(value) {
                bad(format!(
                    "the {axis} fingerprint of Symbol {id:?} is {value:?}, not 12 lowercase hex digits"
                ));
            }
        }
        if symbol.derived_by.iter().any(String::is_empty) {
            bad(format!("Symbol {id:?} has an empty derivedBy entry"));
        }
    }
    for dependency in &document.dependencies {
        if dependency.from.is_empty() || dependency.to.is_empty() {
            bad("a dependency has an empty endpoint".to_owned());
        }
    }
    for timeout in &document.stats.effect_classify_timeouts {
        if !is_plugin_name(&timeout.plugin)
            || timeout.symbol_id.is_empty()
            || timeout.timeout_ms == 0
        {
            bad(format!(
                "the effect-classification timeout for {:?} is malformed",
                timeout.symbol_id
            ));
        }
    }
    if let Some(skipped) = &document.stats.skipped_files {
        for file in skipped {
            if file.path.is_empty() {
                bad("stats.skippedFiles has an entry with an empty path".to_owned());
            }
        }
    }
    if let Some(lsp) = &document.stats.lsp_enrichment {
        let unique: FastSet<&String> = lsp.languages_disabled.iter().collect();
        if unique.len() != lsp.languages_disabled.len()
            || !lsp.languages_disabled.iter().all(|l| is_language_id(l))
        {
            bad("stats.lspEnrichment.languagesDisabled must hold distinct language ids".to_owned());
        }
    }
}

// #21
fn skipped_files(document: &Document, out: &mut Breaches) {
    let stats = &document.stats;
    if stats.parsed_files > stats.total_files {
        out.push(
            21,
            format!(
                "stats.parsedFiles ({}) exceeds stats.totalFiles ({})",
                stats.parsed_files, stats.total_files
            ),
        );
    }
    if let Some(skipped) = &stats.skipped_files {
        // With parsedFiles > totalFiles the difference means nothing; that breach is reported.
        let lost = stats.total_files.checked_sub(stats.parsed_files);
        if let Some(lost) = lost
            && skipped.len() as u64 != lost
        {
            out.push(
                21,
                format!(
                    "stats.skippedFiles lists {} file{} but totalFiles − parsedFiles is {lost}",
                    skipped.len(),
                    if skipped.len() == 1 { "" } else { "s" }
                ),
            );
        }
        let mut seen = FastSet::default();
        for file in skipped {
            if !seen.insert(file.path.as_str()) {
                out.push(
                    21,
                    format!("stats.skippedFiles lists {:?} more than once", file.path),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_patterns() {
        assert!(is_semver("1.0.0"));
        assert!(is_semver("0.1.0-alpha.1"));
        assert!(!is_semver("1.0"));
        assert!(!is_semver("1.0.0-"));
        assert!(is_grammar_revision("ruff_python_parser@0.0.10"));
        assert!(is_grammar_revision("@scope/tree-sitter-x@1.2.3-rc.1"));
        assert!(is_grammar_revision("oxc_parser@0.146.0"));
        assert!(!is_grammar_revision("tree-sitter-python"));
        assert!(!is_grammar_revision("tree-sitter-python@0.25"));
    }
}
