//! Provenance: where each column a store access writes, or selects rows by, and each field a
//! service call sends in its body (see [`crate::request_body`]), got its value (the
//! transition's `provenance` field of the v7 format).
//!
//! The value expression of each column (`{ where: { id: req.params.id } }`) is read with the
//! same value references conditions use: a path off one of the unit's inputs (flattened, as
//! `{"type": "input", "inputRef": "req", "path": ["params", "id"]}`), a literal, a conversion
//! (`Number(req.params.id)`, a derived `methodCall` over the input), or `unresolved` with the
//! source text where the reading stopped (a call into code no pack describes, an import). A
//! column whose value is written in another file is
//! `unresolved` with its name.

use seam_ir::summary::{Derivation, ProvenanceEntry, ProvenanceSite, UnresolvedValue, ValueRef};

use crate::conditions::Scope;
use crate::storage::StoreSlot;

/// A chain of property reads, destructurings and index reads over an input is one input path.
pub fn flatten(value: ValueRef) -> ValueRef {
    match value {
        ValueRef::Derived(derived) => {
            let from = flatten(*derived.from);
            match (from, derived.derivation) {
                (ValueRef::Input(mut input), Derivation::PropertyAccess(p)) => {
                    input.path.push(p.property);
                    ValueRef::Input(input)
                }
                (ValueRef::Input(mut input), Derivation::Destructured(d)) => {
                    input.path.push(d.field);
                    ValueRef::Input(input)
                }
                (ValueRef::Input(mut input), Derivation::IndexAccess(i)) => {
                    input.path.push(match i.index {
                        seam_ir::summary::Index::Text(t) => t,
                        seam_ir::summary::Index::Number(n) => n.to_string(),
                    });
                    ValueRef::Input(input)
                }
                (from, derivation) => ValueRef::Derived(seam_ir::summary::DerivedValue {
                    from: Box::new(from),
                    derivation,
                }),
            }
        }
        other => other,
    }
}

/// `Number(x)`, `String(x)`, `parseInt(x)`: a conversion of the one value it is given.
fn converted(scope: &Scope, expr: seam_lang::model::ExprId) -> Option<ValueRef> {
    let model = scope.model;
    let seam_lang::model::ExprKind::Call { callee, args, .. } = &model.expr(expr).kind else {
        return None;
    };
    let name = model.text_collapsed(model.expr(*callee).span);
    if !matches!(
        name.as_str(),
        "Number"
            | "String"
            | "parseInt"
            | "parseFloat"
            | "BigInt"
            | "Boolean"
            | "int"
            | "str"
            | "float"
    ) || args.len() != 1
    {
        return None;
    }
    let inner = flatten(scope.value(args[0].value));
    if matches!(inner, ValueRef::Unresolved(_)) {
        return None;
    }
    Some(ValueRef::Derived(seam_ir::summary::DerivedValue {
        from: Box::new(inner),
        derivation: Derivation::MethodCall(seam_ir::summary::MethodCall {
            method: name,
            args: Vec::new(),
        }),
    }))
}

/// Adds the entries for one store access at `effect` in the transition's effects.
pub fn record(scope: &Scope, slots: &[StoreSlot], effect: usize, out: &mut Vec<ProvenanceEntry>) {
    let Ok(effect) = u32::try_from(effect) else {
        return;
    };
    for slot in slots {
        let from = match slot.value {
            Some(expr) => {
                match converted(scope, expr).unwrap_or_else(|| flatten(scope.value(expr))) {
                    // A call's result or an import: where the reading stopped.
                    ValueRef::Dependency(_) => ValueRef::Unresolved(UnresolvedValue {
                        source_text: scope.model.text_collapsed(scope.model.expr(expr).span),
                    }),
                    other => other,
                }
            }
            None => ValueRef::Unresolved(UnresolvedValue {
                source_text: slot.name.clone(),
            }),
        };
        let at = ProvenanceSite {
            slot: slot.slot.clone(),
            effect,
            name: slot.name.clone(),
        };
        if let Some(existing) = out.iter_mut().find(|e| e.at == at) {
            if !existing.from.contains(&from) {
                existing.from.push(from);
            }
            continue;
        }
        out.push(ProvenanceEntry {
            at,
            from: vec![from],
        });
    }
}
