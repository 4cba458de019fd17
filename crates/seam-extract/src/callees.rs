//! What a call reaches when its callee is not a plain function name: a function held in an
//! object literal (`Client.fetch`, `const Client = { fetch }`), a closure a factory returns
//! (`const { get } = useHttp()`, `this.fetch_ = this.initClient()`), or a method of the
//! receiver's class (`this.request(...)`, `this.client.fetch(...)` with `client: Client`,
//! `api.get(...)` with `api = new Api()`).

use seam_lang::model::{
    BindingKind, ClassId, ExprId, ExprKind, FuncId, MemberKind, MemberProp, ObjectProp,
    PatternStep, PropKey,
};

use crate::files::{Def, Files};

/// The function a value expression is or produces: an inline function, a name holding one, a
/// call of a project function that returns exactly one function (a factory's closure), or an
/// awaited one of those. A call of a decorator, a project function whose returned closure
/// calls a function it takes (`withUser(fn)` returning `func(w, r) { …; return fn(w, r) }`),
/// produces the function it is given: that is where the work is, the closure only guards it.
pub fn function_in_value(
    files: &Files,
    file: usize,
    expr: ExprId,
    hops: usize,
) -> Option<(usize, FuncId)> {
    let hops = hops.checked_sub(1)?;
    let model = files.model(file);
    match &model.expr(expr).kind {
        ExprKind::Function { function } => Some((file, *function)),
        ExprKind::Await { arg } => function_in_value(files, file, *arg, hops),
        ExprKind::Call {
            callee,
            args,
            is_new: false,
            ..
        } => {
            if let Some(passed) = crate::library_constants::passed_callback(model, *callee, args) {
                return function_in_value(files, file, passed, hops);
            }
            // `useMemo(() => (url) => …, deps)`: the function its callback returns.
            if let Some(callback) = crate::library_constants::memo_callback(model, *callee, args) {
                let returned = single_returned(files, file, callback)?;
                return function_in_value(files, file, returned, hops);
            }
            // `useContext(Track)`: the function the context's provider element gives.
            if let Some((vf, ve)) = crate::context_values::read(files, file, expr) {
                return function_in_value(files, vf, ve, hops);
            }
            match files.function_of_hops(file, *callee, hops) {
                Some((ff, func)) => {
                    let returned = single_returned(files, ff, func)?;
                    let made = function_in_value(files, ff, returned, hops)?;
                    let given = called_parameter(files, (ff, func), made).and_then(|index| {
                        let arg = args
                            .iter()
                            .filter(|a| a.name.is_none() && !a.spread && !a.keyword_spread)
                            .nth(index as usize)?;
                        function_in_value(files, file, arg.value, hops)
                    });
                    Some(given.unwrap_or(made))
                }
                None => wrapped_by_library(files, file, *callee, args, hops),
            }
        }
        // `(retry === false ? send : withRetries(send))`: both branches the same function.
        ExprKind::Conditional {
            consequent,
            alternate,
            ..
        } => {
            let first = function_in_value(files, file, *consequent, hops)?;
            (function_in_value(files, file, *alternate, hops)? == first).then_some(first)
        }
        ExprKind::Ident { .. } => files.function_of_hops(file, expr, hops),
        ExprKind::Member { .. } => {
            // `ref.current` with `const ref = useRef(makeFetch(base))`: what the holder keeps.
            if let Some((hf, held)) = crate::classes::held_value(files, file, expr) {
                return function_in_value(files, hf, held, hops);
            }
            files.function_of_hops(file, expr, hops)
        }
        _ => None,
    }
}

/// A library function given one function of the project (`retry(send)`, `memoize(load)`):
/// what it gives back wraps that function, and calling it calls the function.
fn wrapped_by_library(
    files: &Files,
    file: usize,
    callee: ExprId,
    args: &[seam_lang::model::Arg],
    hops: usize,
) -> Option<(usize, FuncId)> {
    let model = files.model(file);
    let b = model.resolved_binding(callee)?;
    let BindingKind::Import { import, .. } = model.binding(b).kind else {
        return None;
    };
    if files.import_target(file, import as usize).is_some() {
        return None;
    }
    let mut wrapped = args
        .iter()
        .filter_map(|a| function_in_value(files, file, a.value, hops));
    let one = wrapped.next()?;
    wrapped.next().is_none().then_some(one)
}

/// The position of the parameter of `outer` that the function `made`, written inside it,
/// calls with what `made` was given (`fn(w, r, d)` in the closure `withUser(fn)` returns): the
/// request handed on. A call of another function parameter (`logf("hit")`) is not that.
fn called_parameter(files: &Files, outer: (usize, FuncId), made: (usize, FuncId)) -> Option<u32> {
    let (file, outer) = outer;
    if made.0 != file || made.1 == outer || files.param_bindings(file, outer).is_empty() {
        return None;
    }
    let model = files.model(file);
    if !written_inside(model, made.1, outer) {
        return None;
    }
    let span = model.function(made.1).span;
    files.calls(file).find_map(|c| {
        let call = model.expr(c.call);
        if call.span.start < span.start || call.span.end > span.end {
            return None;
        }
        let ExprKind::Call { callee, args, .. } = &call.kind else {
            return None;
        };
        let index = match param_of(model, *callee) {
            Some((function, index)) if function == outer => index,
            _ => return None,
        };
        args.iter()
            .any(|a| param_of(model, a.value).is_some_and(|(function, _)| function == made.1))
            .then_some(index)
    })
}

/// Whether `inner` is written inside `outer`, at any depth.
pub(crate) fn written_inside(
    model: &seam_lang::model::Model,
    inner: FuncId,
    outer: FuncId,
) -> bool {
    let mut parent = model.function(inner).parent;
    while let Some(p) = parent {
        if p == outer {
            return true;
        }
        parent = model.function(p).parent;
    }
    false
}

/// The position of the parameter a call of the project function `func` hands its request to
/// through a method of that parameter, from the one function it returns (written inside it,
/// or wrapped by a library call: `return http.HandlerFunc(func(w, req) { …; next.ServeHTTP(w,
/// req) })`): the value taken there is what serves the requests, the function only wraps it
/// (a middleware around a router).
pub fn served_parameter(files: &Files, file: usize, func: FuncId, hops: usize) -> Option<u32> {
    let returned = single_returned(files, file, func)?;
    let model = files.model(file);
    // `http.HandlerFunc(func(w, req) { … })`: the function a library call is given.
    let made = function_in_value(files, file, returned, hops).or_else(|| {
        let ExprKind::Call { args, .. } = &model.expr(returned).kind else {
            return None;
        };
        args.iter().find_map(|a| match model.expr(a.value).kind {
            ExprKind::Function { function } => Some((file, function)),
            _ => None,
        })
    })?;
    if made.0 != file || made.1 == func {
        return None;
    }
    if !written_inside(model, made.1, func) {
        return None;
    }
    let span = model.function(made.1).span;
    files.calls(file).find_map(|c| {
        let call = model.expr(c.call);
        if !span.contains(call.span) {
            return None;
        }
        let ExprKind::Call { callee, args, .. } = &call.kind else {
            return None;
        };
        let ExprKind::Member { object, .. } = &model.expr(*callee).kind else {
            return None;
        };
        let index = match param_of(model, *object) {
            Some((function, index)) if function == func => index,
            _ => return None,
        };
        args.iter()
            .any(|a| param_of(model, a.value).is_some_and(|(function, _)| function == made.1))
            .then_some(index)
    })
}

/// The function and position of the parameter a name refers to.
fn param_of(model: &seam_lang::model::Model, expr: ExprId) -> Option<(FuncId, u32)> {
    let ExprKind::Ident {
        binding: Some(b), ..
    } = &model.expr(expr).kind
    else {
        return None;
    };
    match model.binding(*b).kind {
        seam_lang::model::BindingKind::Param { function, index } => Some((function, index)),
        _ => None,
    }
}

/// The value a function returns when it returns exactly one.
fn single_returned(files: &Files, file: usize, func: FuncId) -> Option<ExprId> {
    match files.returned_values(file, func).as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// The value at a destructuring path inside a value (`get` of `useHttp()` for
/// `const { get } = useHttp()`): through object literals, names holding them and calls of
/// project functions that return one.
pub fn value_at_path(
    files: &Files,
    file: usize,
    expr: ExprId,
    path: &[PatternStep],
    hops: usize,
) -> Option<(usize, ExprId)> {
    let mut at = (file, expr);
    for step in path {
        let PatternStep::Key(key) = step else {
            return None;
        };
        at = object_value_key(files, at.0, at.1, key, hops)?;
    }
    Some(at)
}

/// The object literal a value expression is, holds or returns: through `await`, names holding
/// it and calls of project functions returning exactly one value
/// (`const r = getRequests(http)`).
fn object_literal(
    files: &Files,
    file: usize,
    expr: ExprId,
    hops: usize,
) -> Option<(usize, ExprId)> {
    let hops = hops.checked_sub(1)?;
    match &files.model(file).expr(expr).kind {
        ExprKind::Object { .. } => Some((file, expr)),
        ExprKind::Await { arg } => object_literal(files, file, *arg, hops),
        ExprKind::Call {
            callee,
            args,
            is_new: false,
            ..
        } => {
            // `useContext(Auth)`: the object the context's provider element gives.
            if let Some((vf, ve)) = crate::context_values::read(files, file, expr) {
                return object_literal(files, vf, ve, hops);
            }
            // `useMemo(() => ({ apiCall }), deps)`: the object its function returns.
            let model = files.model(file);
            if let Some(func) = crate::library_constants::memo_callback(model, *callee, args) {
                return object_literal(files, file, single_returned(files, file, func)?, hops);
            }
            let (ff, func) = files.function_of_hops(file, *callee, hops)?;
            let returned = single_returned(files, ff, func)?;
            object_literal(files, ff, returned, hops)
        }
        // A name, or a member whose definition is known (`this.$download`, a member every
        // component gets): the object it holds.
        ExprKind::Ident { .. } | ExprKind::Member { .. } => {
            let (vf, ve) = files.value_of(files.definition(file, expr)?)?;
            if (vf, ve) == (file, expr) {
                return None;
            }
            object_literal(files, vf, ve, hops)
        }
        _ => None,
    }
}

/// The expression under `key` in the object literal a value expression holds or returns.
pub(crate) fn object_value_key(
    files: &Files,
    file: usize,
    expr: ExprId,
    key: &str,
    hops: usize,
) -> Option<(usize, ExprId)> {
    let (of, oe) = object_literal(files, file, expr, hops)?;
    key_value(files, of, oe, key)
}

/// The value an object literal itself writes under `key` (the last, as the literal keeps).
fn key_value(files: &Files, file: usize, object: ExprId, key: &str) -> Option<(usize, ExprId)> {
    let ExprKind::Object { props } = &files.model(file).expr(object).kind else {
        return None;
    };
    props.iter().rev().find_map(|p| match p {
        ObjectProp::KeyValue { key: k, value, .. } if prop_key(k) == Some(key) => {
            Some((file, *value))
        }
        _ => None,
    })
}

/// The method an object literal itself writes under `key` (`{ get(url) {…} }`).
fn literal_method(
    files: &Files,
    file: usize,
    object: ExprId,
    key: &str,
) -> Option<(usize, FuncId)> {
    let ExprKind::Object { props } = &files.model(file).expr(object).kind else {
        return None;
    };
    props.iter().find_map(|p| match p {
        ObjectProp::Method {
            key: k, function, ..
        } if prop_key(k) == Some(key) => Some((file, *function)),
        _ => None,
    })
}

/// The function an object literal gives `key`: a function value (`{ get: (url) => … }`) or a
/// method (`{ get(url) {…} }`).
fn literal_function(
    files: &Files,
    file: usize,
    object: ExprId,
    key: &str,
    hops: usize,
) -> Option<(usize, FuncId)> {
    key_value(files, file, object, key)
        .and_then(|(vf, ve)| function_in_value(files, vf, ve, hops))
        .or_else(|| literal_method(files, file, object, key))
}

fn prop_key(key: &PropKey) -> Option<&str> {
    match key {
        PropKey::Ident(s) | PropKey::String(s) => Some(s),
        _ => None,
    }
}

/// The function a member callee reaches: a key of an object literal the object holds, or a
/// method of the receiver's class (or the nearest ancestor that has it).
pub fn member_function(
    files: &Files,
    file: usize,
    expr: ExprId,
    hops: usize,
) -> Option<(usize, FuncId)> {
    let model = files.model(file);
    let ExprKind::Member {
        object,
        property: MemberProp::Name(name),
        ..
    } = &model.expr(expr).kind
    else {
        return None;
    };
    if let Some((of, oe)) = object_literal(files, file, *object, hops)
        && let Some(found) = literal_function(files, of, oe, name, hops)
    {
        return Some(found);
    }
    if let Some(found) = crate::prototypes::method(files, file, *object, name, hops) {
        return Some(found);
    }
    if let Some(found) = field_object_function(files, file, *object, name, hops) {
        return Some(found);
    }
    // `super.post(…)`: the method as the parent of the calling method's class has it.
    if matches!(model.expr(*object).kind, ExprKind::Super) {
        let func = crate::files::enclosing_function(model, model.expr(expr).span)?;
        let class = model.function(func).class?;
        let (pf, parent) = crate::classes::parent_class(files, file, class)?;
        return class_method(files, pf, parent, name, hops);
    }
    // `C.M(x)` in C#: a static method of the class the name stands for (an extension method's
    // call is read so, see seam-lang's `resolve/csharp.rs`).
    if model.language == seam_lang::model::Language::CSharp
        && let Some(found) = static_method(files, file, *object, name)
    {
        return Some(found);
    }
    if let Some((cf, class)) = crate::classes::class_of_receiver(files, file, *object) {
        return class_method(files, cf, class, name, hops);
    }
    // A receiver that is one of two instances (`(slug ? publicApi : userApi).cookbooks`): the
    // method both classes have, when it is the same one (inherited from a common base).
    let mut methods = crate::classes::branch_classes(files, file, *object)
        .into_iter()
        .map(|(cf, class)| class_method(files, cf, class, name, hops));
    if let Some(Some(first)) = methods.next() {
        if methods.all(|m| m == Some(first)) {
            return Some(first);
        }
        return None;
    }
    // The one object a receiver's declared type stands for (see [`crate::declared_objects`]).
    let (of, oe) = crate::declared_objects::object_of_receiver(files, file, *object)?;
    literal_function(files, of, oe, name, hops)
}

/// `auth.emailPassword.forgotPassword(…)`: a function under `name` in the object literal a
/// field of the receiver's class holds (`emailPassword = { forgotPassword: async (…) => … }`).
fn field_object_function(
    files: &Files,
    file: usize,
    object: ExprId,
    name: &str,
    hops: usize,
) -> Option<(usize, FuncId)> {
    let ExprKind::Member {
        object: owner,
        property: MemberProp::Name(field),
        ..
    } = &files.model(file).expr(object).kind
    else {
        return None;
    };
    // Only through a name holding an instance (`authClient`): reading a field's class through
    // `this.x` on every member call costs a scan of the file each time.
    if !matches!(files.model(file).expr(*owner).kind, ExprKind::Ident { .. }) {
        return None;
    }
    let class = crate::classes::class_of_receiver(files, file, *owner)?;
    let (vf, ve) = crate::classes::field_of_class(files, class, field)?;
    let (kf, ke) = object_value_key(files, vf, ve, name, hops)?;
    function_in_value(files, kf, ke, hops)
}

/// The static method `name` of the class `object` names (not an instance of it), or of the
/// enclosing class for `this` (a method group `GetItem` in a static class reads `this.GetItem`).
fn static_method(
    files: &Files,
    file: usize,
    object: ExprId,
    name: &str,
) -> Option<(usize, FuncId)> {
    let here = files.model(file);
    let (cf, class) = if matches!(here.expr(object).kind, ExprKind::This) {
        let func = crate::files::enclosing_function(here, here.expr(object).span)?;
        (file, here.function(func).class?)
    } else {
        let Some(Def::Binding(cf, b)) = files.definition(file, object) else {
            return None;
        };
        let seam_lang::model::BindingKind::Class { class } = files.model(cf).binding(b).kind else {
            return None;
        };
        (cf, class)
    };
    let model = files.model(cf);
    model
        .class(class)
        .members
        .iter()
        .find_map(|m| match &m.kind {
            MemberKind::Method { function } if m.is_static && m.name.as_str() == Some(name) => {
                Some((cf, *function))
            }
            _ => None,
        })
}

/// The method (or function-valued field) `name` of a class or its nearest ancestor.
pub(crate) fn class_method(
    files: &Files,
    file: usize,
    class: ClassId,
    name: &str,
    hops: usize,
) -> Option<(usize, FuncId)> {
    let mut current = (file, class);
    for _ in 0..hops {
        let (cf, cid) = current;
        let model = files.model(cf);
        for m in &model.class(cid).members {
            // A Python static or class method is called through an instance as well.
            if m.name.as_str() != Some(name)
                || (m.is_static && model.language != seam_lang::model::Language::Python)
            {
                continue;
            }
            match &m.kind {
                MemberKind::Method { function } => return Some((cf, *function)),
                MemberKind::Property {
                    function: Some(function),
                    ..
                } => return Some((cf, *function)),
                MemberKind::Property { value: Some(v), .. } => {
                    return function_in_value(files, cf, *v, hops);
                }
                _ => {}
            }
        }
        current = crate::classes::parent_class(files, cf, cid)?;
    }
    None
}

/// A definition that names a function, or stands for one through a factory call or a
/// destructuring of one's result.
pub fn function_of_def(files: &Files, def: Def, hops: usize) -> Option<(usize, FuncId)> {
    match def {
        Def::Function(f, func) => Some((f, func)),
        Def::Binding(f, b) => {
            let binding = files.model(f).binding(b);
            if let seam_lang::model::BindingKind::Function { function } = &binding.kind {
                return Some((f, *function));
            }
            if binding.reassigned {
                return None;
            }
            // A parameter: the function the function's callers pass there.
            if let seam_lang::model::BindingKind::Param { function, index } = binding.kind
                && binding.origin.init.is_none()
            {
                return crate::passed_functions::passed(
                    files,
                    f,
                    function,
                    index,
                    &binding.origin.path,
                    hops,
                );
            }
            let init = binding.origin.init?;
            if binding.origin.path.is_empty() {
                function_in_value(files, f, init, hops)
            } else {
                let (vf, ve) = value_at_path(files, f, init, &binding.origin.path, hops)?;
                function_in_value(files, vf, ve, hops)
            }
        }
        Def::Expr(f, e) => match &files.model(f).expr(e).kind {
            ExprKind::Member { .. } => member_function(files, f, e, hops),
            _ => function_in_value(files, f, e, hops),
        },
        Def::Module(_) => None,
    }
}

/// The positional arguments of a call that may hold the function it wraps (a handler given to
/// `withAuth(h)`, `handler.New(h, def, opts...)`): every unnamed argument, less those a called
/// project function calls itself while it runs, outside any function nested in it (`opt(h)`,
/// also through a loop over the parameter: `for _, opt := range opts { opt(h) }`). What such a
/// function calls at once is applied there (an option setting a field), not wrapped to be
/// called later with the request.
pub fn wrappable_args(files: &Files, file: usize, call: ExprId) -> Vec<ExprId> {
    let model = files.model(file);
    let ExprKind::Call { callee, args, .. } = &model.expr(call).kind else {
        return Vec::new();
    };
    let called = files
        .function_of(file, *callee)
        .map(|(ff, func)| (ff, func, parameters_called_at_once(files, ff, func)));
    args.iter()
        .filter(|a| a.name.is_none() && !a.spread && !a.keyword_spread)
        .enumerate()
        .filter(|(position, _)| match &called {
            Some((ff, func, at_once)) if !at_once.is_empty() => {
                let params = &files.model(*ff).function(*func).params;
                let rest = params
                    .iter()
                    .position(|p| p.kind == seam_lang::model::ParamKind::Rest);
                let index = match rest {
                    Some(rest) if *position >= rest => rest,
                    _ => *position,
                };
                u32::try_from(index).map_or(true, |index| !at_once.contains(&index))
            }
            _ => true,
        })
        .map(|(_, a)| a.value)
        .collect()
}

/// The positions of the parameters `func` calls in its own body (not in a function nested in
/// it), directly or as the variable of a loop over the parameter.
fn parameters_called_at_once(
    files: &Files,
    file: usize,
    func: FuncId,
) -> std::collections::BTreeSet<u32> {
    use seam_lang::model::{PatternId, PatternKind, StmtKind};
    let model = files.model(file);
    let mut out = std::collections::BTreeSet::new();
    if files.param_bindings(file, func).is_empty() {
        return out;
    }
    let mut loop_vars: Vec<(seam_lang::model::BindingId, u32)> = Vec::new();
    for stmt in &model.stmts {
        let StmtKind::Loop(l) = &stmt.kind else {
            continue;
        };
        let (Some(left), Some(iterable)) = (&l.left, &l.iterable) else {
            continue;
        };
        let Some((function, index)) = param_of(model, *iterable) else {
            continue;
        };
        if function != func || model.enclosing_function(stmt.span) != Some(func) {
            continue;
        }
        let mut pending: Vec<PatternId> = vec![*left];
        while let Some(p) = pending.pop() {
            match &model.pattern(p).kind {
                PatternKind::Ident {
                    binding: Some(b), ..
                } => loop_vars.push((*b, index)),
                PatternKind::Array { elements, .. } => pending.extend(elements.iter().flatten()),
                _ => {}
            }
        }
    }
    for c in files.calls(file) {
        let call = model.expr(c.call);
        let ExprKind::Call { callee, .. } = &call.kind else {
            continue;
        };
        let ExprKind::Ident {
            binding: Some(b), ..
        } = &model.expr(*callee).kind
        else {
            continue;
        };
        let index = match param_of(model, *callee) {
            Some((function, index)) if function == func => Some(index),
            Some(_) => None,
            None => loop_vars
                .iter()
                .find(|(var, _)| var == b)
                .map(|&(_, index)| index),
        };
        if let Some(index) = index
            && model.enclosing_function(call.span) == Some(func)
        {
            out.insert(index);
        }
    }
    out
}
