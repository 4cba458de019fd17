//! Requests described by a builder chain (`new Request.Builder().url(u).post(body).build()`,
//! `HttpRequest.newBuilder().uri(URI.create(u)).GET().build()`), read where the request is
//! sent: a pack's `{ chain: $REQUEST, call: url }` follows the sent value through the names
//! that hold it to the chain and reads the calls it makes. A later call of the same name
//! overrides an earlier one, as a builder does. An object configured by statements
//! (`c = pycurl.Curl()`, `c.setopt(pycurl.URL, u)`, then `c.perform()`) is the same builder
//! written across lines: the calls made on the name before it is sent extend its chain, and
//! `key` picks the option a `setopt`-style call sets by its first argument.

use seam_lang::model::{ExprId, ExprKind, MemberProp};

use crate::files::MAX_HOPS;
use crate::url::{Piece, Reader};

/// One call of a chain: its name and its arguments' expressions (spreads left out), in
/// `file`.
struct ChainCall {
    file: usize,
    name: String,
    args: Vec<ExprId>,
}

/// The calls of the builder chain an expression holds, the last one first. `None` when the
/// expression is not a chain seam can follow.
fn chain_calls(reader: &Reader, file: usize, expr: ExprId) -> Option<Vec<ChainCall>> {
    let statements = statement_calls(reader, file, expr);
    let Some((file, mut expr)) = chain_start(reader, file, expr, MAX_HOPS) else {
        return (!statements.is_empty()).then_some(statements);
    };
    let model = reader.files.model(file);
    let mut calls = statements;
    loop {
        match &model.expr(expr).kind {
            ExprKind::Call { callee, args, .. } => match &model.expr(*callee).kind {
                ExprKind::Member {
                    object,
                    property: MemberProp::Name(name),
                    ..
                } => {
                    calls.push(ChainCall {
                        file,
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
    (!calls.is_empty()).then_some(calls)
}

/// The calls made on the local name `expr` is, as statements before it (`c.setopt(…)` on
/// the lines above `c.perform()`), the last one first.
fn statement_calls(reader: &Reader, file: usize, expr: ExprId) -> Vec<ChainCall> {
    let model = reader.files.model(file);
    let ExprKind::Ident {
        binding: Some(b), ..
    } = &model.expr(expr).kind
    else {
        return Vec::new();
    };
    let before = model.expr(expr).span.start;
    let mut found: Vec<(u32, ChainCall)> = model
        .exprs
        .iter()
        .filter(|e| e.span.start < before)
        .filter_map(|e| {
            let ExprKind::Call { callee, args, .. } = &e.kind else {
                return None;
            };
            let ExprKind::Member {
                object,
                property: MemberProp::Name(name),
                ..
            } = &model.expr(*callee).kind
            else {
                return None;
            };
            let on_name = matches!(&model.expr(*object).kind,
                ExprKind::Ident { binding: Some(o), .. } if o == b);
            on_name.then(|| {
                let call = ChainCall {
                    file,
                    name: name.as_str().to_owned(),
                    args: args
                        .iter()
                        .filter(|a| !a.spread && !a.keyword_spread)
                        .map(|a| a.value)
                        .collect(),
                };
                (e.span.start, call)
            })
        })
        .collect();
    found.sort_by_key(|(start, _)| std::cmp::Reverse(*start));
    found.into_iter().map(|(_, c)| c).collect()
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

/// The argument of `c` holding its value: the first, or with `key` the second of a call
/// whose first argument is written as the key (`setopt(pycurl.URL, u)`); `None` for a call
/// setting another key.
fn value_arg(reader: &Reader, c: &ChainCall, key: Option<&str>) -> Option<ExprId> {
    let Some(key) = key else {
        return c.args.first().copied();
    };
    let model = reader.files.model(c.file);
    let first = *c.args.first()?;
    let written = model
        .member_chain(first)
        .map(|parts| parts.join("."))
        .or_else(|| reader.constant(c.file, first))?;
    (written == key).then(|| c.args.get(1).copied())?
}

/// The URL a chain sets with its last call named `call` (with `key`, setting that key): its
/// value, read.
pub fn chain_url(
    reader: &Reader,
    file: usize,
    expr: ExprId,
    call: &str,
    key: Option<&str>,
) -> Option<Vec<Piece>> {
    let calls = chain_calls(reader, file, expr)?;
    let (c, arg) = calls
        .iter()
        .filter(|c| c.name == call)
        .find_map(|c| Some((c, value_arg(reader, c, key)?)))?;
    Some(reader.pieces(c.file, arg))
}

/// The method a chain sends: the last call among `method_calls` names it (`.post(body)` →
/// `POST`), or the value of the last call named `call` (`.method("PATCH", body)`; with `key`,
/// the one setting that key), whichever the chain makes last; `default` when it makes
/// neither. `None` when the chain cannot be followed or the value is not a constant.
pub fn chain_method(
    reader: &Reader,
    file: usize,
    expr: ExprId,
    call: Option<&str>,
    key: Option<&str>,
    method_calls: &[String],
    default: Option<&str>,
) -> Option<String> {
    let calls = chain_calls(reader, file, expr)?;
    for c in &calls {
        if method_calls.iter().any(|m| m.eq_ignore_ascii_case(&c.name)) {
            return Some(c.name.clone());
        }
        if call == Some(c.name.as_str())
            && let Some(arg) = value_arg(reader, c, key)
        {
            return reader.constant(c.file, arg);
        }
    }
    default.map(str::to_owned)
}
