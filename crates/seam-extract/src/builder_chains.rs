//! Requests described by a builder chain (`new Request.Builder().url(u).post(body).build()`,
//! `HttpRequest.newBuilder().uri(URI.create(u)).GET().build()`), read where the request is
//! sent: a pack's `{ chain: $REQUEST, call: url }` follows the sent value through the names
//! that hold it to the chain and reads the calls it makes. A later call of the same name
//! overrides an earlier one, as a builder does.

use seam_lang::model::{ExprId, ExprKind, MemberProp};

use crate::files::MAX_HOPS;
use crate::url::{Piece, Reader};

/// One call of a chain: its name and its arguments' expressions (spreads left out).
struct ChainCall {
    name: String,
    args: Vec<ExprId>,
}

/// The calls of the builder chain an expression holds, the last one first, in the file that
/// holds the chain. `None` when the expression is not a chain seam can follow.
fn chain_calls(reader: &Reader, file: usize, expr: ExprId) -> Option<(usize, Vec<ChainCall>)> {
    let (file, mut expr) = chain_start(reader, file, expr, MAX_HOPS)?;
    let model = reader.files.model(file);
    let mut calls = Vec::new();
    loop {
        match &model.expr(expr).kind {
            ExprKind::Call { callee, args, .. } => match &model.expr(*callee).kind {
                ExprKind::Member {
                    object,
                    property: MemberProp::Name(name),
                    ..
                } => {
                    calls.push(ChainCall {
                        name: name.as_str().to_owned(),
                        args: args
                            .iter()
                            .filter(|a| !a.spread && !a.keyword_spread)
                            .map(|a| a.value)
                            .collect(),
                    });
                    expr = *object;
                }
                _ => break,
            },
            ExprKind::Await { arg } => expr = *arg,
            _ => break,
        }
    }
    (!calls.is_empty()).then_some((file, calls))
}

/// The expression a name holds, followed through `const request = …` definitions.
fn chain_start(reader: &Reader, file: usize, expr: ExprId, hops: usize) -> Option<(usize, ExprId)> {
    let model = reader.files.model(file);
    match &model.expr(expr).kind {
        ExprKind::Ident {
            binding: Some(b), ..
        } if hops > 0 => {
            if let Some(bound) = reader.subst.get(&(file, *b)) {
                let (sf, se) = (*bound)?;
                return chain_start(reader, sf, se, hops - 1);
            }
            let def = reader.files.binding_def(file, *b, MAX_HOPS)?;
            let (vf, ve) = reader.files.value_of(def)?;
            if (vf, ve) == (file, expr) {
                return None;
            }
            chain_start(reader, vf, ve, hops - 1)
        }
        ExprKind::Ident { .. } => None,
        _ => Some((file, expr)),
    }
}

/// The URL a chain sets with its last call named `call`: its first argument, read.
pub fn chain_url(reader: &Reader, file: usize, expr: ExprId, call: &str) -> Option<Vec<Piece>> {
    let (cf, calls) = chain_calls(reader, file, expr)?;
    let arg = *calls.iter().find(|c| c.name == call)?.args.first()?;
    Some(reader.pieces(cf, arg))
}

/// The method a chain sends: the last call among `method_calls` names it (`.post(body)` →
/// `POST`), or the argument of the last call named `call` (`.method("PATCH", body)`), whichever
/// the chain makes last; `default` when it makes neither. `None` when the chain cannot be
/// followed or the argument is not a constant.
pub fn chain_method(
    reader: &Reader,
    file: usize,
    expr: ExprId,
    call: Option<&str>,
    method_calls: &[String],
    default: Option<&str>,
) -> Option<String> {
    let (cf, calls) = chain_calls(reader, file, expr)?;
    for c in &calls {
        if method_calls.iter().any(|m| m.eq_ignore_ascii_case(&c.name)) {
            return Some(c.name.clone());
        }
        if call == Some(c.name.as_str()) {
            return reader.constant(cf, *c.args.first()?);
        }
    }
    default.map(str::to_owned)
}
