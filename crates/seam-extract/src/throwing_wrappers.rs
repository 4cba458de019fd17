//! Wrappers that turn every failed response into an exception: the function a request is sent
//! from checks the response and throws on any failure (`if (response.status >= 400) throw new
//! ApiError(…)`, `if (!res.ok) throw …`). Whatever the client itself does with failures, a call
//! through such a wrapper receives each of them as an exception, as it would from a client that
//! throws (axios): a `catch` around the call handles them, and without one they go on to the
//! caller.

use std::collections::BTreeSet;

use seam_lang::model::{
    BinaryOp, BindingId, ExprId, ExprKind, FuncId, LiteralValue, LogicalOp, Model, StmtId,
    StmtKind, UnaryOp,
};
use seam_packs::Pack;

use crate::files::Files;
use crate::walk::accessor_on;

/// The names a response is held in: bindings whose value is the request call (awaited or not).
pub fn response_bindings(model: &Model, call: ExprId) -> BTreeSet<BindingId> {
    let unwrap = |e| match &model.expr(e).kind {
        ExprKind::Await { arg } => *arg,
        _ => e,
    };
    model
        .bindings
        .iter()
        .enumerate()
        .filter(|(_, b)| b.origin.path.is_empty() && b.origin.init.map(unwrap) == Some(call))
        .map(|(i, _)| BindingId::from_index(i))
        .collect()
}

/// Whether the function `func` of `file`, which sends the request `call`, throws on every
/// failed response: an `if` of the function whose test holds for every failure and whose
/// branch throws (or returns a rejected promise).
pub fn throws_on_every_failure(
    files: &Files,
    pack: &Pack,
    (file, func): (usize, FuncId),
    call: ExprId,
) -> bool {
    let model = files.model(file);
    let responses = response_bindings(model, call);
    if responses.is_empty() {
        return false;
    }
    let body = model.function(func).span;
    files
        .if_statements(file)
        .iter()
        .any(|&(span, test, consequent, _)| {
            body.contains(span)
                && crate::files::enclosing_function(model, span) == Some(func)
                && holds_on_every_failure(model, pack, test, &responses)
                && throws(model, consequent)
        })
}

/// `!res.ok`, `res.status >= 400` (any bound from 300 to 400), `res.status !== 200`, or an `||`
/// with one such side.
fn holds_on_every_failure(
    model: &Model,
    pack: &Pack,
    test: ExprId,
    responses: &BTreeSet<BindingId>,
) -> bool {
    let reads = |patterns: &[seam_packs::PatternNode], e: ExprId| {
        patterns.iter().any(|p| accessor_on(model, p, e, responses))
    };
    match &model.expr(test).kind {
        ExprKind::Unary {
            op: UnaryOp::Not,
            arg,
        } => reads(&pack.response.ok, *arg),
        ExprKind::Logical {
            op: LogicalOp::Or,
            left,
            right,
        } => {
            holds_on_every_failure(model, pack, *left, responses)
                || holds_on_every_failure(model, pack, *right, responses)
        }
        ExprKind::Binary { op, left, right } => {
            let (op, bound) = if reads(&pack.response.status, *left) {
                (*op, *right)
            } else if reads(&pack.response.status, *right) {
                (mirrored(*op), *left)
            } else {
                return false;
            };
            let Some(n) = number(model, bound) else {
                return false;
            };
            match op {
                BinaryOp::GtEq => (300.0..=400.0).contains(&n),
                BinaryOp::Gt => (299.0..=399.0).contains(&n),
                BinaryOp::NotEq | BinaryOp::StrictNotEq => (200.0..300.0).contains(&n),
                _ => false,
            }
        }
        _ => false,
    }
}

/// The comparison with its sides swapped: `400 <= s` is `s >= 400`.
fn mirrored(op: BinaryOp) -> BinaryOp {
    match op {
        BinaryOp::Lt => BinaryOp::Gt,
        BinaryOp::LtEq => BinaryOp::GtEq,
        BinaryOp::Gt => BinaryOp::Lt,
        BinaryOp::GtEq => BinaryOp::LtEq,
        same => same,
    }
}

fn number(model: &Model, expr: ExprId) -> Option<f64> {
    match &model.expr(expr).kind {
        ExprKind::Literal {
            value: LiteralValue::Number { value, .. },
        } => Some(*value),
        _ => None,
    }
}

/// A `throw`, or a block that throws or returns a rejected promise before it ends.
fn throws(model: &Model, stmt: StmtId) -> bool {
    match &model.stmt(stmt).kind {
        StmtKind::Throw { .. } => true,
        StmtKind::Return { value: Some(v) } => rejects(model, *v),
        StmtKind::Block { body } => body.iter().any(|&s| throws(model, s)),
        _ => false,
    }
}

/// `Promise.reject(…)`, awaited or not.
fn rejects(model: &Model, expr: ExprId) -> bool {
    match &model.expr(expr).kind {
        ExprKind::Await { arg } => rejects(model, *arg),
        ExprKind::Call { callee, .. } => model.text(model.expr(*callee).span) == "Promise.reject",
        _ => false,
    }
}
