//! A method called through a value whose class is known only as a base: which class the
//! value is an instance of is chosen at run time (`this.provider.getApiHandler()`, with
//! `provider: BaseJobProvider` assigned one of several subclasses), so the call reaches the
//! method and every override of it the project's subclasses declare. What each of them
//! returns is what the call can give back; a method that returns nothing (a base's `throw new
//! Error("Not implemented")`) gives nothing.

use seam_lang::model::{ClassId, ExprId, ExprKind, FuncId, MemberKind};

use crate::files::{Files, MAX_HOPS};

/// The functions the call `call` can give back: of the method it calls and each override of
/// it, what each returns (a closure, a function it names, or, for a returned call of another
/// such method, what that call can give back in turn), sorted, each once.
pub fn dispatched_functions(files: &Files, file: usize, call: ExprId) -> Vec<(usize, FuncId)> {
    let mut out = Vec::new();
    collect(files, file, call, MAX_HOPS, &mut out);
    out.sort();
    out.dedup();
    out
}

fn collect(files: &Files, file: usize, expr: ExprId, hops: usize, out: &mut Vec<(usize, FuncId)>) {
    let Some(hops) = hops.checked_sub(1) else {
        return;
    };
    let model = files.model(file);
    let mut call = expr;
    while let ExprKind::Await { arg } = &model.expr(call).kind {
        call = *arg;
    }
    let ExprKind::Call {
        callee,
        is_new: false,
        ..
    } = &model.expr(call).kind
    else {
        return;
    };
    let Some(method) = files
        .function_of(file, *callee)
        .or_else(|| crate::callees::member_function(files, file, *callee, hops))
    else {
        return;
    };
    if files.model(method.0).function(method.1).class.is_none() {
        return;
    }
    for (mf, mfunc) in std::iter::once(method).chain(overrides(files, method)) {
        for value in files.returned_values(mf, mfunc) {
            let before = out.len();
            collect(files, mf, value, hops, out);
            if out.len() == before
                && let Some(found) = crate::callees::function_in_value(files, mf, value, hops)
            {
                out.push(found);
            }
        }
    }
}

/// The methods of the project's classes that override the method `func`: declared under the
/// same name, not static, by a class descending from the method's class (several levels,
/// across files). In file and declaration order.
pub fn overrides(files: &Files, (file, func): (usize, FuncId)) -> Vec<(usize, FuncId)> {
    let function = files.model(file).function(func);
    let (Some(class), Some(name)) = (function.class, function.name.as_deref()) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for f in 0..files.count() {
        let model = files.model(f);
        for (index, declared) in model.classes.iter().enumerate() {
            let cid = ClassId::from_index(index);
            if (f, cid) == (file, class) {
                continue;
            }
            let Some(own) = declared.members.iter().find_map(|m| match m.kind {
                MemberKind::Method { function }
                    if !m.is_static && m.name.as_str() == Some(name) =>
                {
                    Some(function)
                }
                _ => None,
            }) else {
                continue;
            };
            if crate::classes::descends_from(files, (f, cid), (file, class)) {
                out.push((f, own));
            }
        }
    }
    out
}
