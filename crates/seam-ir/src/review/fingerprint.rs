//! The three fingerprints of spec §13, byte-exact with Aburi for `api` and `logic`
//! (aburi-notes §3).
//!
//! Every hash is the first 12 lowercase hex characters of SHA-256 over UTF-8 text. For `api`
//! and `logic` that text is the compact canonical JSON ([`super::canonical::canonical_json`])
//! of a projection of the Symbol whose strings went through [`canon`] (NFC, ECMAScript
//! whitespace runs collapsed to one space, trimmed).
//!
//! `syntax` is seam's own: [`fingerprint_syntax`] hashes a caller-supplied normalised token
//! stream as-is (no NFC, no collapsing). The scanner serialises a Symbol's body (the body only
//! for functions and methods, the class body for classes, the whole declaration otherwise) as
//! an S-expression of named syntax nodes — `(type child child …)`, leaves that carry text as
//! `(type "text")` with JSON string escaping, comments and formatting left out — so the hash
//! moves on any statement, identifier or literal change and never on comments or layout.
//! That serialisation depends on the parser's node types, which is why each language plugin
//! records its grammar as `grammarRevision`: two syntax fingerprints are comparable only when
//! their documents name the same grammar revision for that language.

use serde_json::{Map, Value, json};
use sha2::{Digest, Sha256};

use super::canonical::{CanonicalError, canonical_json, write_string};
use super::ids::short_name;
use super::text::{canon, nfc_cow, utf16_cmp};
use super::types::{Fingerprint, RuleKind, Symbol, ZERO_FINGERPRINT};

/// Why a fingerprint could not be computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FingerprintError {
    #[error(
        "the Symbol name {0:?} ends in an empty segment, so it has no short name to fingerprint; give the Symbol a qualified name"
    )]
    EmptyShortName(String),
    #[error(
        "the syntax input of Symbol {0:?} is empty or only whitespace; a kept Symbol needs a body to fingerprint"
    )]
    EmptySyntax(String),
    #[error("{0}")]
    Canonical(#[from] CanonicalError),
}

/// First 12 hex characters of SHA-256 over the UTF-8 bytes of `text`.
pub fn hash12(text: &str) -> String {
    let digest = Sha256::digest(text.as_bytes());
    hex::encode(&digest[..6])
}

/// `hash12` of the compact canonical JSON of `value` (Aburi's `hashCanonicalObject`).
pub fn hash_canonical(value: &Value) -> Result<String, CanonicalError> {
    Ok(hash12(&canonical_json(value, false)?))
}

/// The projection the `api` fingerprint hashes (aburi-notes §3.1): decorators as
/// `{boundary, name, raw}` sorted by name then line; `extKind`; `kind`; the short name;
/// the signature reduced to async, generator, input types, outputs, sorted throws and type
/// parameters; visibility. Parameter names, decorator arguments, the owner part of the
/// name, the language and `inferredThrows` are left out.
pub fn api_projection(symbol: &Symbol) -> Result<Value, FingerprintError> {
    let short = short_name(&symbol.name)
        .ok_or_else(|| FingerprintError::EmptyShortName(symbol.name.clone()))?;

    let mut decorators: Vec<_> = symbol.decorators.iter().collect();
    decorators.sort_by(|a, b| utf16_cmp(&a.name, &b.name).then_with(|| a.line.cmp(&b.line)));
    let decorators: Vec<Value> = decorators
        .into_iter()
        .map(|decorator| {
            json!({
                "boundary": decorator.boundary,
                "name": decorator.name,
                "raw": canon(&decorator.raw),
            })
        })
        .collect();

    let signature = match &symbol.signature {
        None => Value::Null,
        Some(signature) => {
            let mut throws: Vec<String> = signature.throws.iter().map(|t| canon(t)).collect();
            throws.sort_by(|a, b| utf16_cmp(a, b));
            json!({
                "async": signature.is_async,
                "generator": signature.is_generator,
                "inputs": signature
                    .inputs
                    .iter()
                    .map(|input| json!({"type": canon(&input.type_text)}))
                    .collect::<Vec<_>>(),
                "outputs": signature.outputs.iter().map(|o| canon(o)).collect::<Vec<_>>(),
                "throws": throws,
                "typeParameters": signature
                    .type_parameters
                    .iter()
                    .map(|t| canon(t))
                    .collect::<Vec<_>>(),
            })
        }
    };

    let mut object = Map::new();
    object.insert("decorators".into(), Value::Array(decorators));
    object.insert(
        "extKind".into(),
        symbol.ext_kind.clone().map_or(Value::Null, Value::String),
    );
    object.insert("kind".into(), Value::String(symbol.kind.as_str().into()));
    object.insert("shortName".into(), Value::String(short.to_owned()));
    object.insert("signature".into(), signature);
    object.insert(
        "visibility".into(),
        Value::String(symbol.visibility.as_str().into()),
    );
    Ok(Value::Object(object))
}

/// The projection the `logic` fingerprint hashes (aburi-notes §3.2): effect targets in stored
/// order (local then propagated), and each rule's `{condition, expr, loopKind, type, what}` in
/// stored order. Effect ids, lines, plugins, confidences and calls are left out. Call
/// [`super::canonical::order_symbol`] first so "stored order" is the canonical one.
pub fn logic_projection(symbol: &Symbol) -> Value {
    let effects: Vec<Value> = symbol
        .effects
        .iter()
        .map(|effect| json!({"target": canon(&effect.target)}))
        .collect();
    let rules: Vec<Value> = symbol
        .rules
        .iter()
        .map(|rule| {
            let text = |s: &String| Value::String(canon(s));
            let (condition, what, expr, loop_kind) = match &rule.kind {
                RuleKind::Guard { condition }
                | RuleKind::Switch { condition }
                | RuleKind::Match { condition } => {
                    (text(condition), Value::Null, Value::Null, Value::Null)
                }
                RuleKind::Throw { what } => (Value::Null, text(what), Value::Null, Value::Null),
                RuleKind::Return { expr } => (Value::Null, Value::Null, text(expr), Value::Null),
                RuleKind::Loop { loop_kind } => (
                    Value::Null,
                    Value::Null,
                    Value::Null,
                    Value::String(loop_kind.as_str().into()),
                ),
                RuleKind::Try => (Value::Null, Value::Null, Value::Null, Value::Null),
            };
            json!({
                "condition": condition,
                "expr": expr,
                "loopKind": loop_kind,
                "type": rule.kind.type_name(),
                "what": what,
            })
        })
        .collect();
    json!({"effects": effects, "rules": rules})
}

/// The `api` fingerprint of `symbol`, computed whether or not it is dropped.
pub fn fingerprint_api(symbol: &Symbol) -> Result<String, FingerprintError> {
    Ok(hash12(&api_text(symbol)?))
}

/// The `logic` fingerprint of `symbol`, computed whether or not it is dropped. Recompute it
/// after effect propagation: propagated targets are part of it.
pub fn fingerprint_logic(symbol: &Symbol) -> Result<String, FingerprintError> {
    Ok(hash12(&logic_text(symbol)))
}

/// The compact canonical JSON of [`api_projection`], written straight from the Symbol (no
/// intermediate JSON value): the keys in their canonical order, every string in NFC.
pub fn api_text(symbol: &Symbol) -> Result<String, FingerprintError> {
    let short = short_name(&symbol.name)
        .ok_or_else(|| FingerprintError::EmptyShortName(symbol.name.clone()))?;
    let mut out = String::with_capacity(256);
    let mut decorators: Vec<_> = symbol.decorators.iter().collect();
    decorators.sort_by(|a, b| utf16_cmp(&a.name, &b.name).then_with(|| a.line.cmp(&b.line)));
    out.push_str("{\"decorators\":[");
    for (i, decorator) in decorators.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("{\"boundary\":");
        out.push_str(if decorator.boundary { "true" } else { "false" });
        out.push_str(",\"name\":");
        push_text(&mut out, &decorator.name);
        out.push_str(",\"raw\":");
        push_canon(&mut out, &decorator.raw);
        out.push('}');
    }
    out.push_str("],\"extKind\":");
    match &symbol.ext_kind {
        None => out.push_str("null"),
        Some(ext_kind) => push_text(&mut out, ext_kind),
    }
    out.push_str(",\"kind\":");
    push_text(&mut out, symbol.kind.as_str());
    out.push_str(",\"shortName\":");
    push_text(&mut out, short);
    out.push_str(",\"signature\":");
    match &symbol.signature {
        None => out.push_str("null"),
        Some(signature) => {
            let mut throws: Vec<String> = signature.throws.iter().map(|t| canon(t)).collect();
            throws.sort_by(|a, b| utf16_cmp(a, b));
            out.push_str("{\"async\":");
            out.push_str(if signature.is_async { "true" } else { "false" });
            out.push_str(",\"generator\":");
            out.push_str(if signature.is_generator {
                "true"
            } else {
                "false"
            });
            out.push_str(",\"inputs\":[");
            for (i, input) in signature.inputs.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str("{\"type\":");
                push_canon(&mut out, &input.type_text);
                out.push('}');
            }
            out.push_str("],\"outputs\":[");
            push_canon_list(&mut out, &signature.outputs);
            out.push_str("],\"throws\":[");
            for (i, thrown) in throws.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                push_text(&mut out, thrown);
            }
            out.push_str("],\"typeParameters\":[");
            push_canon_list(&mut out, &signature.type_parameters);
            out.push_str("]}");
        }
    }
    out.push_str(",\"visibility\":");
    push_text(&mut out, symbol.visibility.as_str());
    out.push('}');
    Ok(out)
}

/// The compact canonical JSON of [`logic_projection`], written straight from the Symbol.
pub fn logic_text(symbol: &Symbol) -> String {
    let mut out = String::with_capacity(64);
    out.push_str("{\"effects\":[");
    for (i, effect) in symbol.effects.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("{\"target\":");
        push_canon(&mut out, &effect.target);
        out.push('}');
    }
    out.push_str("],\"rules\":[");
    for (i, rule) in symbol.rules.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let (condition, what, expr, loop_kind) = match &rule.kind {
            RuleKind::Guard { condition }
            | RuleKind::Switch { condition }
            | RuleKind::Match { condition } => (Some(condition), None, None, None),
            RuleKind::Throw { what } => (None, Some(what), None, None),
            RuleKind::Return { expr } => (None, None, Some(expr), None),
            RuleKind::Loop { loop_kind } => (None, None, None, Some(loop_kind.as_str())),
            RuleKind::Try => (None, None, None, None),
        };
        let canon_or_null = |out: &mut String, text: Option<&String>| match text {
            Some(text) => push_canon(out, text),
            None => out.push_str("null"),
        };
        out.push_str("{\"condition\":");
        canon_or_null(&mut out, condition);
        out.push_str(",\"expr\":");
        canon_or_null(&mut out, expr);
        out.push_str(",\"loopKind\":");
        match loop_kind {
            Some(kind) => push_text(&mut out, kind),
            None => out.push_str("null"),
        }
        out.push_str(",\"type\":");
        push_text(&mut out, rule.kind.type_name());
        out.push_str(",\"what\":");
        canon_or_null(&mut out, what);
        out.push('}');
    }
    out.push_str("]}");
    out
}

/// A string value as [`canonical_json`] writes it: in NFC, escaped.
fn push_text(out: &mut String, text: &str) {
    write_string(&nfc_cow(text), out);
}

/// [`canon`] of `text` as [`canonical_json`] writes it. An ASCII text with no whitespace to
/// collapse or trim (nearly every one) is its own `canon` and is written as is.
fn push_canon(out: &mut String, text: &str) {
    let bytes = text.as_bytes();
    let unchanged = text.is_ascii()
        && bytes.first() != Some(&b' ')
        && bytes.last() != Some(&b' ')
        && !bytes
            .windows(2)
            .any(|pair| pair[0] == b' ' && pair[1] == b' ')
        && !bytes.iter().any(|b| (0x09..=0x0D).contains(b));
    if unchanged {
        write_string(text, out);
    } else {
        push_text(out, &canon(text));
    }
}

fn push_canon_list(out: &mut String, texts: &[String]) {
    for (i, text) in texts.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        push_canon(out, text);
    }
}

/// The `syntax` fingerprint: `hash12` of the normalised token stream exactly as given.
pub fn fingerprint_syntax(normalised_tokens: &str) -> String {
    hash12(normalised_tokens)
}

/// Sets all three fingerprints of `symbol`: zeros for a dropped Symbol, otherwise `api`,
/// `logic` (after putting rules and effects in canonical order) and `syntax` over
/// `normalised_tokens`, which must not be blank.
pub fn fill_fingerprints(
    symbol: &mut Symbol,
    normalised_tokens: &str,
) -> Result<(), FingerprintError> {
    if symbol.dropped {
        symbol.fingerprint = Fingerprint::zero();
        return Ok(());
    }
    if normalised_tokens.trim().is_empty() {
        return Err(FingerprintError::EmptySyntax(symbol.id.clone()));
    }
    super::canonical::order_symbol(symbol);
    symbol.fingerprint = Fingerprint {
        api: fingerprint_api(symbol)?,
        logic: fingerprint_logic(symbol)?,
        syntax: fingerprint_syntax(normalised_tokens),
    };
    Ok(())
}

/// True when `value` is a well-formed fingerprint string (12 lowercase hex digits).
pub fn is_fingerprint_value(value: &str) -> bool {
    value.len() == 12
        && value
            .bytes()
            .all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// True when all three axes are the dropped value.
pub fn is_zero(fingerprint: &Fingerprint) -> bool {
    fingerprint.api == ZERO_FINGERPRINT
        && fingerprint.logic == ZERO_FINGERPRINT
        && fingerprint.syntax == ZERO_FINGERPRINT
}
