//! Wrappers that turn every failed response into an exception: the function a request is sent
//! from checks the response and throws on any failure (`if (response.status >= 400) throw new
//! ApiError(…)`, `if (!res.ok) throw …`). Whatever the client itself does with failures, a call
//! through such a wrapper receives each of them as an exception, as it would from a client that
//! throws (axios): a `catch` around the call handles them, and without one they go on to the
//! caller. A Go function that returns an error does the same (`if resp.StatusCode >
//! http.StatusPartialContent { return nil, &ClientError{…} }`): the error is Go's exception.

use std::collections::BTreeSet;

use seam_lang::model::{
    ArrayElement, BinaryOp, BindingId, ExprId, ExprKind, FuncId, Language, LiteralValue, LogicalOp,
    MemberProp, Model, StmtId, StmtKind, UnaryOp,
};
use seam_packs::Pack;

use crate::files::Files;
use crate::walk::{accessor_on, unawaited};

/// The names a response is held in: bindings whose value is the request call (awaited or not).
pub fn response_bindings(model: &Model, call: ExprId) -> BTreeSet<BindingId> {
    model
        .bindings
        .iter()
        .enumerate()
        .filter(|(_, b)| {
            b.origin.path.is_empty() && b.origin.init.map(|e| unawaited(model, e)) == Some(call)
        })
        .map(|(i, _)| BindingId::from_index(i))
        .collect()
}

/// The names a response is held in when `call` makes a request object that another call sends
/// (`req, err := http.NewRequest(…)`, then `resp, err := client.Do(req)`): bindings whose value
/// is a call handed one of `requests` as a whole.
fn sent_responses(model: &Model, requests: &BTreeSet<BindingId>) -> BTreeSet<BindingId> {
    model
        .bindings
        .iter()
        .enumerate()
        .filter(|(_, b)| {
            b.origin.path.is_empty()
                && b.origin.init.is_some_and(|init| match &model.expr(unawaited(model, init)).kind {
                    ExprKind::Call { args, .. } => args.iter().any(|a| {
                        matches!(&model.expr(a.value).kind, ExprKind::Ident { binding: Some(r), .. } if requests.contains(r))
                    }),
                    _ => false,
                })
        })
        .map(|(i, _)| BindingId::from_index(i))
        .collect()
}

/// Whether the function `func` of `file`, which sends the request `call`, throws on every
/// failed response: an `if` of the function whose test holds for every failure and whose
/// branch throws (or returns a rejected promise).
pub fn throws_on_every_failure(
    files: &Files,
    pack: &Pack,
    wrapper: (usize, FuncId),
    call: ExprId,
) -> bool {
    failure_branch(files, pack, wrapper, call).is_some()
}

/// Whether the branch that throws on every failure first hands the failure to a callback the
/// application supplies (`if (this.onerror) this.onerror(error); throw …`): a function held
/// in a field of the wrapper's class, or given as a parameter. The application registered
/// what to do with every failure there (a notification, a redirect to the login page), so
/// each one is handled for every call through the wrapper.
pub fn reports_every_failure(
    files: &Files,
    pack: &Pack,
    (file, func): (usize, FuncId),
    call: ExprId,
) -> bool {
    let Some((file, func, branch)) = failure_branch(files, pack, (file, func), call) else {
        return false;
    };
    let model = files.model(file);
    let within = model.stmt(branch).span;
    let class = model
        .classes
        .iter()
        .find(|c| c.span.contains(model.function(func).span));
    crate::files::calls(model).any(|c| {
        if !within.contains(model.expr(c).span) {
            return false;
        }
        let ExprKind::Call { callee, .. } = &model.expr(c).kind else {
            return false;
        };
        match &model.expr(*callee).kind {
            ExprKind::Member {
                object,
                property: seam_lang::model::MemberProp::Name(name),
                ..
            } if matches!(model.expr(*object).kind, ExprKind::This) => class.is_some_and(|k| {
                k.members.iter().any(|m| {
                    m.name.as_str() == Some(name.as_str())
                        && !matches!(m.kind, seam_lang::model::MemberKind::Method { .. })
                })
            }),
            ExprKind::Ident {
                binding: Some(b), ..
            } => matches!(
                model.binding(*b).kind,
                seam_lang::model::BindingKind::Param { function, .. } if function == func
            ),
            _ => false,
        }
    })
}

/// Whether the wrapper that throws on every failed response of `call` catches that throw
/// itself: the `if` that throws is in a callback of a promise chain on the request with a
/// rejection handler after it that does not throw again (`fetch(url).then((r) => { if (!r.ok)
/// throw …; return r.json() }).catch(() => null)`), or it (in a callback chained on the
/// request there, say) and the request are in the block of a `try` whose `catch` does not
/// throw again. Each failure then ends in the wrapper's own fallback value: its callers never
/// receive one, as an exception or otherwise.
pub fn catches_own_failure(
    files: &Files,
    pack: &Pack,
    (file, func): (usize, FuncId),
    call: ExprId,
) -> bool {
    let Some((branch_file, _, branch)) = failure_branch(files, pack, (file, func), call) else {
        return false;
    };
    if branch_file != file {
        return false;
    }
    let model = files.model(file);
    let at = model.stmt(branch).span;
    crate::rejection_chained_at(model, model.function(func).span, call)
        .is_some_and(|chain| chain.contains(at))
        || crate::in_try_with_catch_around(model, func, call, at)
}

/// The `if` that throws on every failed response of `call`, and the function it is in (file,
/// function, statement): in the function that sends it, or in a function the response is handed
/// to (`fetch(url).then(handleResponse)`, `.then((r) => check(r))`, `return check(await
/// fetch(url))`), a few calls deep.
fn failure_branch(
    files: &Files,
    pack: &Pack,
    (file, func): (usize, FuncId),
    call: ExprId,
) -> Option<(usize, FuncId, StmtId)> {
    let model = files.model(file);
    let responses = response_bindings(model, call);
    if let Some(found) = throws_in(files, pack, (file, func), &responses, MAX_HANDED) {
        return Some(found);
    }
    let sent = sent_responses(model, &responses);
    if let Some(found) = throws_in(files, pack, (file, func), &sent, MAX_HANDED) {
        return Some(found);
    }
    // A callback chained on the request's promise gets the response as its first parameter.
    let body = model.function(func).span;
    files.calls(file).find_map(|c| {
        let ExprKind::Call { callee, args, .. } = &model.expr(c.call).kind else {
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
        if name != "then"
            || !body.contains(model.expr(c.call).span)
            || !same_value(model, *object, call)
        {
            return None;
        }
        let handler = args.first()?.value;
        let (hf, hfunc) = match &model.expr(handler).kind {
            ExprKind::Function { function } => (file, *function),
            _ => files.function_of(file, handler)?,
        };
        let first = plain_param(files, hf, hfunc, 0)?;
        throws_in(
            files,
            pack,
            (hf, hfunc),
            &BTreeSet::from([first]),
            MAX_HANDED,
        )
    })
}

/// Whether the request `call`, made in `func` of `file`, is handed as it is (its promise, or
/// the response awaited in place) to a project function that throws on every failed response
/// it is given (`await unwrap(client.GET(…))`, with `unwrap` reading `const { data } = await p`
/// and throwing when `data` is absent): the caller receives each failure as an exception.
pub fn handed_to_thrower(
    files: &Files,
    pack: &Pack,
    (file, func): (usize, FuncId),
    call: ExprId,
) -> bool {
    let model = files.model(file);
    let body = model.function(func).span;
    files.calls(file).any(|c| {
        if !body.contains(model.expr(c.call).span) {
            return false;
        }
        let ExprKind::Call { callee, args, .. } = &model.expr(c.call).kind else {
            return false;
        };
        let Some(position) = args.iter().position(|a| {
            !a.spread && !a.keyword_spread && a.name.is_none() && unawaited(model, a.value) == call
        }) else {
            return false;
        };
        let Some((hf, hfunc)) = files.function_of(file, *callee) else {
            return false;
        };
        let Some(param) = plain_param(files, hf, hfunc, position) else {
            return false;
        };
        throws_in(
            files,
            pack,
            (hf, hfunc),
            &BTreeSet::from([param]),
            MAX_HANDED,
        )
        .is_some()
    })
}

/// How many functions deep a response handed on is followed.
const MAX_HANDED: usize = 3;

/// `expr` is `call` itself, or an await of it.
fn same_value(model: &Model, expr: ExprId, call: ExprId) -> bool {
    expr == call || matches!(model.expr(expr).kind, ExprKind::Await { arg } if arg == call)
}

/// The parameter of a function at `position`, when it is a plain name.
pub(crate) fn plain_param(
    files: &Files,
    file: usize,
    func: FuncId,
    position: usize,
) -> Option<BindingId> {
    let model = files.model(file);
    files.param_bindings(file, func).iter().copied().find(|&b| {
        let binding = model.binding(b);
        binding.origin.path.is_empty()
            && matches!(binding.kind, seam_lang::model::BindingKind::Param { index, .. } if index as usize == position)
    })
}

/// The `if` of `func` (not of a function inside it) that throws on every failure of a response
/// held in `responses`, or one of a project function `func` hands such a response to.
fn throws_in(
    files: &Files,
    pack: &Pack,
    (file, func): (usize, FuncId),
    responses: &BTreeSet<BindingId>,
    depth: usize,
) -> Option<(usize, FuncId, StmtId)> {
    if responses.is_empty() {
        return None;
    }
    let model = files.model(file);
    let body = model.function(func).span;
    let own = files
        .if_statements(file)
        .iter()
        .find(|&&(span, test, consequent, _)| {
            body.contains(span)
                && crate::files::enclosing_function(model, span) == Some(func)
                && holds_on_every_failure(model, pack, test, responses)
                && throws(model, func, consequent)
        })
        .map(|&(_, _, consequent, _)| (file, func, consequent));
    if own.is_some() {
        return own;
    }
    if let Some(found) = throws_unless_success(files, pack, (file, func), responses) {
        return Some((file, func, found));
    }
    let depth = depth.checked_sub(1)?;
    // A call of a project function with the response as an argument (`check(res)`).
    files.calls(file).find_map(|c| {
        let span = model.expr(c.call).span;
        if !body.contains(span) || crate::files::enclosing_function(model, span) != Some(func) {
            return None;
        }
        let ExprKind::Call { callee, args, .. } = &model.expr(c.call).kind else {
            return None;
        };
        let position = args.iter().position(|a| {
            let value = unawaited(model, a.value);
            matches!(&model.expr(value).kind, ExprKind::Ident { binding: Some(b), .. } if responses.contains(b))
        })?;
        let (hf, hfunc) = files.function_of(file, *callee)?;
        let param = plain_param(files, hf, hfunc, position)?;
        throws_in(files, pack, (hf, hfunc), &BTreeSet::from([param]), depth)
    })
}

/// The statement of `func` that throws on every failure of a response held in `responses`
/// after an `if` that holds only on success: its `else` (`if (res.ok) … else throw …`), or,
/// when the `if` returns, the statement after it (`if (res.ok) return res.json(); throw …`).
fn throws_unless_success(
    files: &Files,
    pack: &Pack,
    (file, func): (usize, FuncId),
    responses: &BTreeSet<BindingId>,
) -> Option<StmtId> {
    let model = files.model(file);
    let body = model.function(func).span;
    files
        .if_statements(file)
        .iter()
        .find_map(|&(span, test, consequent, alternate)| {
            if !body.contains(span)
                || crate::files::enclosing_function(model, span) != Some(func)
                || !holds_only_on_success(model, pack, test, responses)
            {
                return None;
            }
            let otherwise = match alternate {
                Some(alternate) => alternate,
                None if returns(model, consequent) => statement_after(model, func, span)?,
                None => return None,
            };
            throws(model, func, otherwise).then_some(otherwise)
        })
}

/// `res.ok`, `res.status === 200` (any 2xx), `res.status < 300` (any bound from 201 to 400;
/// `<=` any from 200 to 399), or an `&&` with one such side.
fn holds_only_on_success(
    model: &Model,
    pack: &Pack,
    test: ExprId,
    responses: &BTreeSet<BindingId>,
) -> bool {
    let reads = |patterns: &[seam_packs::PatternNode], e: ExprId| {
        patterns.iter().any(|p| accessor_on(model, p, e, responses))
    };
    if reads(&pack.response.ok, test) {
        return true;
    }
    match &model.expr(test).kind {
        ExprKind::Logical {
            op: LogicalOp::And,
            left,
            right,
        } => {
            holds_only_on_success(model, pack, *left, responses)
                || holds_only_on_success(model, pack, *right, responses)
        }
        ExprKind::Binary { .. } => match status_compared(model, pack, test, responses) {
            Some((BinaryOp::Lt, n)) => (201.0..=400.0).contains(&n),
            Some((BinaryOp::LtEq, n)) => (200.0..=399.0).contains(&n),
            Some((BinaryOp::Eq | BinaryOp::StrictEq, n)) => (200.0..300.0).contains(&n),
            _ => false,
        },
        _ => false,
    }
}

/// `res.status OP n` (or `n OP res.status`, read as the former) for a response held in
/// `responses`: the comparison and the bound, a number or a library's constant.
fn status_compared(
    model: &Model,
    pack: &Pack,
    test: ExprId,
    responses: &BTreeSet<BindingId>,
) -> Option<(BinaryOp, f64)> {
    let ExprKind::Binary { op, left, right } = &model.expr(test).kind else {
        return None;
    };
    let reads = |e: ExprId| {
        pack.response
            .status
            .iter()
            .any(|p| accessor_on(model, p, e, responses))
    };
    let (op, bound) = if reads(*left) {
        (*op, *right)
    } else if reads(*right) {
        (mirrored(*op), *left)
    } else {
        return None;
    };
    Some((op, number(model, bound)?))
}

/// A `return`, or a block that returns before it ends.
fn returns(model: &Model, stmt: StmtId) -> bool {
    match &model.stmt(stmt).kind {
        StmtKind::Return { .. } => true,
        StmtKind::Block { body } => body.iter().any(|&s| returns(model, s)),
        _ => false,
    }
}

/// The statement that follows the one at `span` in its block (or in `func`'s body).
fn statement_after(model: &Model, func: FuncId, span: seam_lang::model::Span) -> Option<StmtId> {
    let next_in = |body: &[StmtId]| {
        let at = body.iter().position(|&s| model.stmt(s).span == span)?;
        body.get(at + 1).copied()
    };
    if let seam_lang::model::FunctionBody::Block(body) = &model.function(func).body
        && let Some(next) = next_in(body)
    {
        return Some(next);
    }
    let within = model.function(func).span;
    model.stmts.iter().find_map(|s| match &s.kind {
        StmtKind::Block { body } if within.contains(s.span) && s.span.contains(span) => {
            next_in(body)
        }
        _ => None,
    })
}

/// `!res.ok`, `res.status >= 400` (any bound from 300 to 400; `>` any from 200 to 399, as
/// `resp.StatusCode > http.StatusPartialContent`), `res.status !== 200`, or an `||` with one
/// such side. A bound may be a library's constant (`http.StatusBadRequest`).
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
        } => reads(&pack.response.ok, *arg) || absent_on_failure(model, pack, *arg, responses),
        ExprKind::Logical {
            op: LogicalOp::Or,
            left,
            right,
        } => {
            holds_on_every_failure(model, pack, *left, responses)
                || holds_on_every_failure(model, pack, *right, responses)
        }
        ExprKind::Binary { .. } => match status_compared(model, pack, test, responses) {
            Some((BinaryOp::GtEq, n)) => (300.0..=400.0).contains(&n),
            Some((BinaryOp::Gt, n)) => (200.0..=399.0).contains(&n),
            Some((BinaryOp::NotEq | BinaryOp::StrictNotEq, n)) => (200.0..300.0).contains(&n),
            _ => false,
        },
        _ => false,
    }
}

/// Whether `expr` names a field destructured from a response held in `responses` (`const {
/// data } = await p`) that the client leaves absent on every failure (the pack's
/// `metadata.http.bodyOnFailure: absent`, the field one of its `bodyAccessors`).
fn absent_on_failure(
    model: &Model,
    pack: &Pack,
    expr: ExprId,
    responses: &BTreeSet<BindingId>,
) -> bool {
    let http = pack.metadata.get("http");
    let absent = http
        .and_then(|h| h.get("bodyOnFailure"))
        .and_then(serde_json::Value::as_str)
        == Some("absent");
    if !absent {
        return false;
    }
    let ExprKind::Ident {
        binding: Some(b), ..
    } = &model.expr(expr).kind
    else {
        return false;
    };
    let origin = &model.binding(*b).origin;
    let [seam_lang::model::PatternStep::Key(field)] = &origin.path[..] else {
        return false;
    };
    let accessor = http
        .and_then(|h| h.get("bodyAccessors"))
        .and_then(serde_json::Value::as_array)
        .is_some_and(|a| a.iter().any(|v| v.as_str() == Some(field.as_str())));
    accessor
        && origin.init.is_some_and(|init| {
            matches!(&model.expr(unawaited(model, init)).kind,
                ExprKind::Ident { binding: Some(r), .. } if responses.contains(r))
        })
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
            value: LiteralValue::Number(number),
        } => Some(number.value),
        _ => crate::library_constants::library_number(model, expr),
    }
}

/// A `throw`, or a block that throws, returns a rejected promise or returns an error (Go)
/// before it ends; an `if` both of whose branches do.
fn throws(model: &Model, func: FuncId, stmt: StmtId) -> bool {
    match &model.stmt(stmt).kind {
        StmtKind::Throw { .. } => true,
        StmtKind::Return { value: Some(v) } => rejects(model, *v) || returns_error(model, func, *v),
        StmtKind::Block { body } => body.iter().any(|&s| throws(model, func, s)),
        StmtKind::If {
            consequent,
            alternate: Some(alternate),
            ..
        } => throws(model, func, *consequent) && throws(model, func, *alternate),
        _ => false,
    }
}

/// Whether `value`, returned by the Go function `func`, hands its caller an error: the
/// function's last result is `error` and the value returned there is not `nil`
/// (`return nil, &ClientError{…}`, `return fmt.Errorf(…)`).
fn returns_error(model: &Model, func: FuncId, value: ExprId) -> bool {
    if model.language != Language::Go {
        return false;
    }
    let Some(results) = &model.function(func).return_type else {
        return false;
    };
    let results = results.text.trim();
    let results = results
        .strip_prefix('(')
        .and_then(|r| r.strip_suffix(')'))
        .unwrap_or(results);
    // The last result's type: the last word of `(io.ReadCloser, error)` or `(body []byte, err error)`.
    let last = results
        .rsplit(',')
        .next()
        .and_then(|r| r.split_whitespace().last());
    if last != Some("error") {
        return false;
    }
    let error = match &model.expr(value).kind {
        ExprKind::Array { elements, .. } => match elements.last() {
            Some(ArrayElement::Expr(e)) => *e,
            _ => return false,
        },
        _ => value,
    };
    !matches!(
        model.expr(error).kind,
        ExprKind::Literal {
            value: LiteralValue::Null
        }
    )
}

/// `Promise.reject(…)`, awaited or not, or a promise chained to a callback that throws
/// (`return res.text().then((text) => { …; throw err })`): the promise it gives is rejected.
fn rejects(model: &Model, expr: ExprId) -> bool {
    match &model.expr(expr).kind {
        ExprKind::Await { arg } => rejects(model, *arg),
        ExprKind::Call { callee, args, .. } => {
            model.text(model.expr(*callee).span) == "Promise.reject"
                || (matches!(&model.expr(*callee).kind,
                    ExprKind::Member { property: MemberProp::Name(name), .. } if name == "then")
                    && args
                        .first()
                        .is_some_and(|a| !a.spread && callback_throws(model, a.value)))
        }
        _ => false,
    }
}

/// Whether `expr` is a function written in place whose body throws (or gives a rejected
/// promise) before it ends.
fn callback_throws(model: &Model, expr: ExprId) -> bool {
    let ExprKind::Function { function } = &model.expr(expr).kind else {
        return false;
    };
    match &model.function(*function).body {
        seam_lang::model::FunctionBody::Block(body) => {
            body.iter().any(|&s| throws(model, *function, s))
        }
        seam_lang::model::FunctionBody::Expr(value) => rejects(model, *value),
        seam_lang::model::FunctionBody::None => false,
    }
}
