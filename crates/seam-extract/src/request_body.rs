//! Request bodies: the fields a client call sends, each with the expression giving its value,
//! so the transition holding the call records under `provenance` where every sent field came
//! from (slot `field`, as a store access records the columns it writes).
//!
//! The pack says where the body is (`body:` on a `calls` entry: a metavariable, or a key of an
//! options object) and how a body can be encoded on the way (`bodyEncoders`,
//! `JSON.stringify($BODY)`); the engine reads the object literal under it, followed through
//! local names. A body that is not an object literal (a variable from elsewhere, a spread)
//! records nothing.

use seam_ir::summary::ProvenanceSlot;
use seam_lang::model::{ExprId, ExprKind, ObjectProp};
use seam_packs::{Capture, Captures, Pack, ValueRead, match_expr};

use crate::files::{Files, MAX_HOPS};
use crate::storage::StoreSlot;

/// The fields the client call `call` of `pack` sends in its body, with their values.
pub fn body_slots(
    files: &Files,
    packs: &[Pack],
    pack: &Pack,
    file: usize,
    call: ExprId,
) -> Vec<StoreSlot> {
    let model = files.model(file);
    // The first entry whose pattern and name constraints hold is the one discovery used.
    let Some((read, caps)) = pack.calls.iter().find_map(|entry| {
        let mut caps = Captures::new();
        if !crate::discover::call_entry_matches(model, entry, call, &mut caps) {
            return None;
        }
        let names_hold = entry.constraints.iter().all(|(name, c)| {
            c.one_of.is_empty()
                || matches!(caps.get(name), Some(Capture::Name(n, _)) if c.one_of.contains(n))
        });
        names_hold.then(|| (entry.body.clone(), caps))
    }) else {
        return Vec::new();
    };
    let body = match read {
        Some(ValueRead::Meta(meta)) => caps.get(&meta).and_then(Capture::expr),
        Some(ValueRead::Option { meta, key, .. }) => caps
            .get(&meta)
            .and_then(Capture::expr)
            .and_then(|options| object_key(files, file, options, &key)),
        _ => None,
    };
    let Some(body) = body else {
        return Vec::new();
    };
    let encoders: Vec<&seam_packs::PatternNode> = packs
        .iter()
        .filter(|p| p.family == pack.family)
        .flat_map(|p| &p.body_encoders)
        .collect();
    let Some((body_file, body)) = decoded(files, &encoders, file, body) else {
        return Vec::new();
    };
    let ExprKind::Object { props } = &files.model(body_file).expr(body).kind else {
        return Vec::new();
    };
    let mut out: Vec<StoreSlot> = Vec::new();
    for p in props {
        let ObjectProp::KeyValue { key, value, .. } = p else {
            continue;
        };
        let Some(name) = key.as_str() else { continue };
        if out.iter().any(|s| s.name == name) {
            continue;
        }
        out.push(StoreSlot {
            slot: ProvenanceSlot::Field,
            name: name.to_owned(),
            // A value written in another file is read there by nothing: where it stopped.
            value: (body_file == file).then_some(*value),
        });
    }
    out
}

/// Follows a name to the value it was given, a few hops.
fn resolve(files: &Files, file: usize, expr: ExprId, hops: usize) -> (usize, ExprId) {
    if hops == 0 {
        return (file, expr);
    }
    if matches!(files.model(file).expr(expr).kind, ExprKind::Ident { .. })
        && let Some(def) = files.definition(file, expr)
        && let Some((vf, ve)) = files.value_of(def)
        && (vf, ve) != (file, expr)
    {
        return resolve(files, vf, ve, hops - 1);
    }
    (file, expr)
}

/// The object literal a body holds once names are followed and encoders taken off.
fn decoded(
    files: &Files,
    encoders: &[&seam_packs::PatternNode],
    file: usize,
    expr: ExprId,
) -> Option<(usize, ExprId)> {
    let (mut file, mut expr) = resolve(files, file, expr, MAX_HOPS);
    for _ in 0..MAX_HOPS {
        let model = files.model(file);
        if matches!(model.expr(expr).kind, ExprKind::Object { .. }) {
            return Some((file, expr));
        }
        let inner = encoders.iter().find_map(|encoder| {
            let mut caps = Captures::new();
            if !match_expr(model, encoder, expr, &mut caps) {
                return None;
            }
            caps.values().find_map(Capture::expr)
        })?;
        (file, expr) = resolve(files, file, inner, MAX_HOPS);
    }
    None
}

/// The value of `key` in the options object `options` holds.
fn object_key(files: &Files, file: usize, options: ExprId, key: &str) -> Option<ExprId> {
    let (f, e) = resolve(files, file, options, MAX_HOPS);
    if f != file {
        return None;
    }
    let ExprKind::Object { props } = &files.model(f).expr(e).kind else {
        return None;
    };
    props.iter().find_map(|p| match p {
        ObjectProp::KeyValue { key: k, value, .. } if k.as_str() == Some(key) => Some(*value),
        _ => None,
    })
}
