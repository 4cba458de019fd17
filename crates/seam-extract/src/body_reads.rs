//! The body fields a client path reads, and which of them it reads only in ways that accept
//! their absence.
//!
//! `body.error || body.message || "Failed"` reads two fields, and neither read assumes the
//! field is there: each is the left side of a `||` or `??` that supplies something else when
//! it is missing. The same holds for a field tested where it is read (`if (body.retry)`,
//! `!body.ok`, `body.items && …`, `body.code === "taken"`, `typeof body.error === "string"`,
//! a library's predicate on it, `Array.isArray(body.steps)`),
//! for one read under such a test (`typeof body.error === "string" ? body.error : …`) and for
//! one read through optional chaining (`body.error?.includes("x")`). Such a field is recorded
//! in the transition's `expectedInput` as `unknown | undefined` (the reader accepts its
//! absence), so a check that compares reads with the bodies a provider sends does not report
//! the missing field as read by mistake.

use std::collections::BTreeSet;

use seam_ir::summary::{RecordShape, TypeShape, UnionShape};
use seam_lang::model::{BindingKind, ExprId, ExprKind, LogicalOp, Model, UnaryOp};

/// Fields read on one path, in the order first read.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Reads {
    fields: Vec<String>,
    /// Fields every read of which on the path accepts the field's absence.
    with_fallback: Vec<String>,
}

impl Reads {
    /// Records a read of `field`; `fallback` when the read accepts the field's absence.
    pub fn read(&mut self, field: String, fallback: bool) {
        if self.fields.contains(&field) {
            if !fallback {
                self.with_fallback.retain(|f| *f != field);
            }
            return;
        }
        if fallback {
            self.with_fallback.push(field.clone());
        }
        self.fields.push(field);
    }

    /// Adds the reads of a branch that may have run before the rest of the path.
    pub fn merge(&mut self, other: &Reads) {
        for f in &other.fields {
            self.read(f.clone(), other.with_fallback.contains(f));
        }
    }

    pub fn is_empty(&self) -> bool {
        self.fields.is_empty()
    }

    pub fn contains(&self, field: &str) -> bool {
        self.fields.iter().any(|f| f == field)
    }

    /// The `expectedInput` of a path: a record of what it reads.
    pub fn shape(&self) -> TypeShape {
        TypeShape::Record(RecordShape {
            properties: self
                .fields
                .iter()
                .map(|f| {
                    let shape = if self.with_fallback.contains(f) {
                        TypeShape::Union(UnionShape {
                            variants: vec![TypeShape::Unknown, TypeShape::Undefined],
                        })
                    } else {
                        TypeShape::Unknown
                    };
                    (f.clone(), shape)
                })
                .collect(),
            spreads: None,
        })
    }
}

/// The expressions whose value a `||`/`??` replaces when missing: the left operand, and both
/// operands of a `||`/`??` chain standing there (`(a || b) || "x"`).
pub fn fallback_operands(model: &Model, left: ExprId, out: &mut BTreeSet<ExprId>) {
    match &model.expr(left).kind {
        ExprKind::Logical {
            op: LogicalOp::Or | LogicalOp::Nullish,
            left,
            right,
        } => {
            fallback_operands(model, *left, out);
            fallback_operands(model, *right, out);
        }
        _ => {
            out.insert(left);
        }
    }
}

/// The expressions a test reads for their truth (`a`, `!a`, `a && b`, `a || !b`): a missing
/// field is false there, not an error.
pub fn tested_operands(model: &Model, test: ExprId, out: &mut BTreeSet<ExprId>) {
    match &model.expr(test).kind {
        ExprKind::Logical { left, right, .. } => {
            tested_operands(model, *left, out);
            tested_operands(model, *right, out);
        }
        ExprKind::Unary {
            op: UnaryOp::Not,
            arg,
        } => tested_operands(model, *arg, out),
        // A library's predicate on one value (`Array.isArray(body.items)`, `isEmpty(body.x)`):
        // it answers false for a missing value. A project function may need it there.
        ExprKind::Call { callee, args, .. }
            if args.len() == 1 && !args[0].spread && library_callee(model, *callee) =>
        {
            out.insert(test);
            out.insert(args[0].value);
        }
        _ => {
            out.insert(test);
        }
    }
}

/// Whether a callee is a global's or an imported library's (`Array.isArray`, `Boolean`,
/// `_.isEmpty`), not a function the project declares.
fn library_callee(model: &Model, callee: ExprId) -> bool {
    let root = match &model.expr(callee).kind {
        ExprKind::Member { object, .. } => *object,
        _ => callee,
    };
    match &model.expr(root).kind {
        ExprKind::Ident { binding: None, .. } => true,
        ExprKind::Ident {
            binding: Some(b), ..
        } => match &model.binding(*b).kind {
            BindingKind::Import { import, .. } => model
                .imports
                .get(*import as usize)
                .is_some_and(|i| i.resolved.is_none() && !i.specifier.starts_with('.')),
            _ => false,
        },
        _ => false,
    }
}
