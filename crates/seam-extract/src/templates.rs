//! Templates: project functions whose request (or returned text) is built from their
//! parameters, instantiated at each call with the caller's arguments.
//!
//! A client call inside `function get(path) { return send({ method: "GET", path }) }` and
//! `async function send({ method, path }) { return fetch(\`${base}/${path}\`, { method }) }`
//! is not one consumer but a template: each call `api.get("articles/1")` is a consumer, at its
//! own file and line, with the request the template gives for its arguments. Instantiation
//! goes up through every layer that forwards the path or the method (positional, keyword and
//! destructured parameters), across files, up to [`MAX_LAYERS`] layers. A call whose URL only
//! ends in a parameter (`fetch(\`/users/${id}\`)`) stays the consumer itself: its callers pass
//! values, not paths. A function that returns its request's result (`return fetch(…)`,
//! `return this.http.get(…).pipe(…)`, not a read of it such as `res.json()`) also makes each of
//! its calls a consumer, with the request instantiated for that call: the caller is where the response, or
//! the failure it delivers, is handled.

use seam_lang::model::{
    BindingId, BindingKind, ExprId, ExprKind, FuncId, MemberProp, Model, PatternStep,
};

use crate::files::{Files, MAX_HOPS};
use crate::url::{Piece, Reader, Substitution};

/// Whether `func` hands its outcome to a parameter instead of returning it: it calls one
/// (`done(body)`) or settles one (`deferred.resolve(body)`, `deferred.reject(error)`). Its
/// callers receive what that callback or deferred is given, never the response itself.
pub fn settles_parameter(model: &Model, func: FuncId) -> bool {
    let span = model.function(func).span;
    let is_param = |e: ExprId| {
        matches!(&model.expr(e).kind, ExprKind::Ident { binding: Some(b), .. }
            if matches!(model.binding(*b).kind, BindingKind::Param { function, .. } if function == func))
    };
    model.exprs.iter().any(|e| {
        let ExprKind::Call { callee, .. } = &e.kind else {
            return false;
        };
        if !span.contains(e.span) {
            return false;
        }
        match &model.expr(*callee).kind {
            ExprKind::Ident { .. } => is_param(*callee),
            ExprKind::Member {
                object,
                property: seam_lang::model::MemberProp::Name(name),
                ..
            } => (name == "resolve" || name == "reject") && is_param(*object),
            _ => false,
        }
    })
}

/// Whether the request `call` makes carries `func`'s parameters other than through its URL:
/// an object literal written as an argument of the call mentions one that is no hole of the
/// URL (`$post({ json: data })`, `fetch(url, { body: JSON.stringify(user) })`). The function is then a template of the request's content,
/// and each of its calls is where that content comes from.
pub fn sends_parameters(
    files: &Files,
    file: usize,
    func: FuncId,
    call: ExprId,
    url: &[Piece],
) -> bool {
    let model = files.model(file);
    let params: Vec<BindingId> = param_bindings(files, file, func)
        .into_iter()
        .filter(|(_, name)| !url.iter().any(|p| matches!(p, Piece::Hole(h) if h == name)))
        .map(|(b, _)| b)
        .collect();
    if params.is_empty() {
        return false;
    }
    let ExprKind::Call { args, callee, .. } = &model.expr(call).kind else {
        return false;
    };
    let mentions_param = |value: ExprId| {
        let span = model.expr(value).span;
        model.exprs.iter().any(|e| {
            span.contains(e.span)
                && matches!(&e.kind, ExprKind::Ident { binding: Some(b), .. } if params.contains(b))
        })
    };
    // Only an options or body object written at the call carries content (`{ json: data }`);
    // a bare argument is a context, a client or a value the URL already holds.
    if args.iter().any(|a| {
        matches!(model.expr(a.value).kind, ExprKind::Object { .. }) && mentions_param(a.value)
    }) {
        return true;
    }
    // A request object the function makes for itself (`var xhr = new XMLHttpRequest()`)
    // carries what the function's other calls on it hand over: a header
    // (`xhr.setRequestHeader("X-Api-Key", key)`) or a body (`xhr.send(data)`).
    let ExprKind::Member { object, .. } = &model.expr(*callee).kind else {
        return false;
    };
    let ExprKind::Ident {
        binding: Some(own), ..
    } = &model.expr(*object).kind
    else {
        return false;
    };
    let own = *own;
    let local = model.binding(own);
    if !matches!(local.kind, BindingKind::Var { .. }) || local.scope != Some(func) {
        return false;
    }
    let span = model.function(func).span;
    model.exprs.iter().enumerate().any(|(i, e)| {
        let ExprKind::Call {
            callee: other,
            args: other_args,
            ..
        } = &e.kind
        else {
            return false;
        };
        ExprId::from_index(i) != call
            && span.contains(e.span)
            && matches!(&model.expr(*other).kind, ExprKind::Member { object, .. }
                if matches!(&model.expr(*object).kind, ExprKind::Ident { binding: Some(b), .. } if *b == own))
            && other_args.iter().any(|a| mentions_param(a.value))
    })
}

/// Whether `func` awaits the request `call` as a statement of its own (`await
/// api.logout();`), its result dropped, and returns no value: its callers learn nothing but
/// that the request finished or failed, so each call is where the request is made (an
/// `AuthClient.signOut()` method). A request not awaited (`fetch("/ping");`) is sent and
/// forgotten: its callers do not wait for it.
pub fn awaits_discarded(files: &Files, file: usize, func: FuncId, call: ExprId) -> bool {
    let model = files.model(file);
    let awaited_alone = model.stmts.iter().any(|s| {
        matches!(&s.kind, seam_lang::model::StmtKind::Expr { expr }
            if matches!(&model.expr(*expr).kind, ExprKind::Await { arg } if *arg == call))
    });
    awaited_alone
        && files
            .returned_values(file, func)
            .iter()
            .all(|&r| is_undefined(model, r))
}

fn is_undefined(model: &Model, expr: ExprId) -> bool {
    matches!(&model.expr(expr).kind,
        ExprKind::Ident { name, binding: None } if name == "undefined")
        || matches!(
            &model.expr(expr).kind,
            ExprKind::Literal {
                value: seam_lang::model::LiteralValue::Undefined
                    | seam_lang::model::LiteralValue::Null
            }
        )
}

/// How many wrapper layers a client call is followed up through.
pub const MAX_LAYERS: usize = 5;

/// How many calls of one wrapper are instantiated (a helper called from everywhere stays
/// bounded).
pub const MAX_CALLS_PER_LAYER: usize = 2000;

/// What each parameter of `func` (in `file`) receives at the call `caller_call` (in
/// `caller_file`): positional and keyword arguments, and for a destructured parameter
/// (`{ method, path }`) the value of its key in the object passed. `None`: not passed, or
/// passed in a way that cannot be read (then the parameter stays a hole). The reader resolves
/// object arguments through names and earlier layers.
pub fn bind_arguments(
    files: &Files,
    reader: &Reader,
    file: usize,
    func: FuncId,
    caller_file: usize,
    caller_call: ExprId,
) -> Substitution {
    let model = files.model(file);
    let caller = files.model(caller_file);
    let mut subst = Substitution::new();
    let ExprKind::Call { args, callee, .. } = &caller.expr(caller_call).kind else {
        return subst;
    };
    // A library call that calls the function it is given (`useSWR(key, fetcher)`): the
    // arguments are those it calls the function with.
    let invoked: Vec<seam_lang::model::Arg>;
    let args = match files.invocations(caller_file).get(&caller_call) {
        Some(call) if files.function_of(call.function.0, call.function.1) == Some((file, func)) => {
            invoked = call
                .args
                .iter()
                .map(|&value| seam_lang::model::Arg {
                    name: None,
                    value,
                    spread: false,
                    keyword_spread: false,
                })
                .collect();
            &invoked[..]
        }
        _ => &args[..],
    };
    // A Python method called through an instance (`self.get(...)`, `api.get(...)`) receives the
    // instance as its first parameter.
    let offset = usize::from(receives_instance(files, file, func, caller, *callee));
    // Arguments after a spread have no known position.
    let positional_end = args
        .iter()
        .position(|a| a.spread || a.keyword_spread || a.name.is_some())
        .unwrap_or(args.len());
    let any_spread = args.iter().any(|a| a.spread || a.keyword_spread);
    for &id in files.param_bindings(file, func) {
        let b = model.binding(id);
        let BindingKind::Param { index, .. } = b.kind else {
            continue;
        };
        let Some(position) = (index as usize).checked_sub(offset) else {
            continue;
        };
        let by_name = args
            .iter()
            .find(|a| a.name.as_deref() == Some(b.name.as_str()));
        let whole = match (position < positional_end, by_name) {
            (true, _) => args.get(position).map(|a| (caller_file, a.value)),
            (false, Some(a)) => Some((caller_file, a.value)),
            // A spread may hold it: what the parameter receives cannot be read.
            (false, None) if any_spread => continue,
            (false, None) => None,
        };
        let value = match whole {
            Some(whole) if !b.origin.path.is_empty() => destructured(
                reader,
                whole,
                &b.origin.path,
                object_rest(files, file, func, index, &b.origin.path),
            ),
            other => other,
        };
        subst.insert((file, id), value);
    }
    constructor_arguments(files, reader, caller_file, *callee, &mut subst);
    factory_arguments(
        files,
        reader,
        (file, func),
        caller_file,
        *callee,
        &mut subst,
    );
    subst
}

/// A function called through the object a factory returned (`const api =
/// createFetcher(base)`, then `api.get("/x")`, with `get` written inside `createFetcher`): the
/// factory's parameters receive that call's arguments, so a URL the functions it returns build
/// from them (`` `${baseUrl}${uri}` ``) is read with them.
fn factory_arguments(
    files: &Files,
    reader: &Reader,
    (file, func): (usize, FuncId),
    caller_file: usize,
    callee: ExprId,
    subst: &mut Substitution,
) {
    let ExprKind::Member { object, .. } = &files.model(caller_file).expr(callee).kind else {
        return;
    };
    let Some(def) = files.definition(caller_file, *object) else {
        return;
    };
    // A name given another object later may hold another factory's.
    if let crate::files::Def::Binding(bf, b) = def
        && files.model(bf).binding(b).reassigned
    {
        return;
    }
    let Some(made) = files.value_of(def) else {
        return;
    };
    let ExprKind::Call {
        callee: factory,
        is_new: false,
        ..
    } = &files.model(made.0).expr(made.1).kind
    else {
        return;
    };
    let Some((ff, factory)) = files.function_of(made.0, *factory) else {
        return;
    };
    if ff != file || !crate::callees::written_inside(files.model(file), func, factory) {
        return;
    }
    for (key, value) in bind_arguments(files, reader, file, factory, made.0, made.1) {
        subst.entry(key).or_insert(value);
    }
}

/// A method called on an instance made right there (`new GetRequest("notes/" + id).send()`, or
/// through a name holding it): the constructor's parameters receive the `new` call's
/// arguments, so a URL the constructor stores in a field (`this.url = `/api/${endpoint}``) is
/// read with them.
fn constructor_arguments(
    files: &Files,
    reader: &Reader,
    caller_file: usize,
    callee: ExprId,
    subst: &mut Substitution,
) {
    let ExprKind::Member { object, .. } = &files.model(caller_file).expr(callee).kind else {
        return;
    };
    let Some((nf, new_call)) = crate::classes::constructing_call(files, caller_file, *object)
    else {
        return;
    };
    let ExprKind::Call { callee: class, .. } = &files.model(nf).expr(new_call).kind else {
        return;
    };
    let Some(class) = crate::classes::class_of_expr(files, nf, *class) else {
        return;
    };
    let Some((cf, constructor)) = crate::classes::effective_constructor(files, class) else {
        return;
    };
    for (k, v) in bind_arguments(files, reader, cf, constructor, nf, new_call) {
        subst.entry(k).or_insert(v);
    }
}

/// The part of a passed value a destructuring path names (`{ path }` of `{ method, path }`).
/// With `object_rest`, the path's last step is the rest of an object pattern (`{ path,
/// ...options }`): it names the object passed at that level, whose keys named beside the rest
/// the reader leaves out (see `Reader::object_key`).
fn destructured(
    reader: &Reader,
    (file, expr): (usize, ExprId),
    path: &[PatternStep],
    object_rest: bool,
) -> Option<(usize, ExprId)> {
    let mut at = (file, expr);
    for (i, step) in path.iter().enumerate() {
        at = match step {
            PatternStep::Key(key) => reader.object_key(at.0, at.1, key).ok().flatten()?,
            // `([url]) => …` given `[path]` (also through a name, a memo or a `null` branch).
            PatternStep::Index(i) => array_element(reader.files, at, *i as usize, MAX_HOPS)?,
            PatternStep::Rest if object_rest && i + 1 == path.len() => at,
            _ => return None,
        };
    }
    Some(at)
}

/// True when a parameter's destructuring path ends with the rest of an object pattern
/// (`options` in `({ path, ...options })`), not of an array pattern (`[first, ...others]`,
/// whose rest starts further on than the array passed): no name beside it is read by
/// position.
fn object_rest(files: &Files, file: usize, func: FuncId, index: u32, path: &[PatternStep]) -> bool {
    let Some((PatternStep::Rest, prefix)) = path.split_last() else {
        return false;
    };
    let model = files.model(file);
    !files.param_bindings(file, func).iter().any(|&other| {
        let o = model.binding(other);
        matches!(o.kind, BindingKind::Param { index: i, .. } if i == index)
            && o.origin.path.len() > prefix.len()
            && o.origin.path.starts_with(prefix)
            && matches!(o.origin.path[prefix.len()], PatternStep::Index(_))
    })
}

/// The element at `index` of the array literal a value holds: written in place, through a
/// name, a library memo's callback (`useMemo(() => (path ? [path] : null), deps)`) or a
/// conditional whose other branch gives nothing or is the value the array wraps. Elements
/// before it must be plain values.
pub(crate) fn array_element(
    files: &Files,
    (file, expr): (usize, ExprId),
    index: usize,
    hops: usize,
) -> Option<(usize, ExprId)> {
    let hops = hops.checked_sub(1)?;
    let model = files.model(file);
    match &model.expr(expr).kind {
        ExprKind::Array { elements, .. } => {
            if elements[..index.min(elements.len())]
                .iter()
                .any(|e| matches!(e, seam_lang::model::ArrayElement::Spread(_)))
            {
                return None;
            }
            match elements.get(index)? {
                seam_lang::model::ArrayElement::Expr(e) => Some((file, *e)),
                _ => None,
            }
        }
        ExprKind::Conditional {
            consequent,
            alternate,
            ..
        } => {
            let absent = |e: ExprId| {
                matches!(
                    model.expr(e).kind,
                    ExprKind::Literal {
                        value: seam_lang::model::LiteralValue::Null
                            | seam_lang::model::LiteralValue::Undefined
                    }
                )
            };
            // `Array.isArray(key) ? key : [key, options]`: a value made an array when it is
            // not one; the array literal is the form a single value takes.
            let wraps = |single: ExprId, array: ExprId| match &model.expr(array).kind {
                ExprKind::Array { elements, .. } => matches!(
                    (elements.first(), &model.expr(single).kind),
                    (
                        Some(seam_lang::model::ArrayElement::Expr(first)),
                        ExprKind::Ident { binding: Some(b), .. },
                    ) if model.resolved_binding(*first) == Some(*b)
                ),
                _ => false,
            };
            if absent(*alternate) {
                array_element(files, (file, *consequent), index, hops)
            } else if absent(*consequent) || wraps(*consequent, *alternate) {
                array_element(files, (file, *alternate), index, hops)
            } else if wraps(*alternate, *consequent) {
                array_element(files, (file, *consequent), index, hops)
            } else {
                None
            }
        }
        ExprKind::Call {
            callee,
            args,
            is_new: false,
            ..
        } => {
            let callback = crate::library_constants::memo_callback(model, *callee, args)?;
            let [returned] = files.returned_values(file, callback)[..] else {
                return None;
            };
            array_element(files, (file, returned), index, hops)
        }
        ExprKind::Ident { .. } => {
            let (vf, ve) = files.value_of(files.definition(file, expr)?)?;
            if (vf, ve) == (file, expr) {
                return None;
            }
            array_element(files, (vf, ve), index, hops)
        }
        _ => None,
    }
}

/// Whether a call passes the instance as the first parameter: a Python method (its first
/// parameter is `self` or `cls`) called through a member.
pub(crate) fn receives_instance(
    files: &Files,
    file: usize,
    func: FuncId,
    caller: &Model,
    callee: ExprId,
) -> bool {
    let model = files.model(file);
    model.function(func).class.is_some()
        && model.path.ends_with(".py")
        && matches!(caller.expr(callee).kind, ExprKind::Member { .. })
        && files.param_bindings(file, func).iter().any(|&b| {
            let b = model.binding(b);
            matches!(b.kind, BindingKind::Param { index: 0, .. })
                && (b.name == "self" || b.name == "cls")
        })
}

/// Merges the bindings of a new layer into the substitution of the layers below it.
pub fn layered(inner: &Substitution, outer: Substitution) -> Substitution {
    let mut out = inner.clone();
    for (k, v) in outer {
        out.entry(k).or_insert(v);
    }
    out
}

/// Whether the hole `name`, a parameter of the function the pieces were read in, forwards a
/// path rather than a value: it starts the URL (after a deployment's base), it is glued to a
/// path segment or to another value with no slash between (`"/api" + path`, `base + path`),
/// or `passed_path` says a caller passes text holding a `/` for it.
pub fn forwards_path(pieces: &[Piece], name: &str, passed_path: bool) -> bool {
    let Some(at) = pieces
        .iter()
        .position(|p| matches!(p, Piece::Hole(h) if h == name))
    else {
        return false;
    };
    let before: Vec<&Piece> = pieces[..at]
        .iter()
        .filter(|p| !matches!(p, Piece::Env) && **p != Piece::Text(String::new()))
        .collect();
    let starts = before.is_empty();
    // Glued to text with no slash between, or straight after another value (`base + url`,
    // `${root}${path}`: a value joined to an unknown base with no separator continues it).
    let glued = matches!(before.last(), Some(Piece::Text(t))
        if !t.contains('?') && t.ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_'))
        || matches!(before.last(), Some(Piece::Hole(_)));
    starts || glued || passed_path
}

/// Whether pieces read from a caller's argument hold a path: literal text with a `/` in it.
pub fn holds_path(pieces: &[Piece]) -> bool {
    pieces
        .iter()
        .any(|p| matches!(p, Piece::Text(t) if t.contains('/')))
}

/// The parameters of `func` with their names, in arena order (from the run's index).
pub fn param_bindings<'m>(
    files: &'m Files,
    file: usize,
    func: FuncId,
) -> Vec<(BindingId, &'m str)> {
    let model = files.model(file);
    files
        .param_bindings(file, func)
        .iter()
        .map(|&b| (b, model.binding(b).name.as_str()))
        .collect()
}

/// The function whose parameters a request made inside a callback reads: a request written in
/// a function passed as an argument (`new Promise((resolve, reject) => { $.ajax({ url: base +
/// url, type: method }) })`), none of whose own parameters is a hole of its URL, inside a
/// function whose parameters are (`function ajax(url, method)`), is made each time that outer
/// function is called, with its caller's arguments: the outer function is the template. `func`
/// itself when its own parameters are holes, when a function between declares a name the URL
/// reads, or when no function around it has such parameters.
pub fn capturing_template(model: &Model, func: FuncId, url: &[Piece]) -> FuncId {
    let holes: Vec<&str> = url
        .iter()
        .filter_map(|p| match p {
            Piece::Hole(h) => Some(h.as_str()),
            _ => None,
        })
        .collect();
    let declares = |f: FuncId| {
        model
            .bindings
            .iter()
            .any(|b| b.scope == Some(f) && holes.contains(&b.name.as_str()))
            || model.bindings.iter().any(|b| {
                holes.contains(&b.name.as_str())
                    && matches!(b.kind, BindingKind::Param { function, .. } if function == f)
            })
    };
    if holes.is_empty() || declares(func) {
        return func;
    }
    let mut inner = func;
    for _ in 0..MAX_LAYERS {
        let f = model.function(inner);
        if f.name_source != seam_lang::model::NameSource::Anonymous || f.class.is_some() {
            return func;
        }
        let Some(parent) = f.parent else {
            return func;
        };
        let names_param = model.bindings.iter().any(|b| {
            holes.contains(&b.name.as_str())
                && matches!(b.kind, BindingKind::Param { function, .. } if function == parent)
        });
        if names_param {
            return parent;
        }
        if declares(parent) {
            return func;
        }
        inner = parent;
    }
    func
}

/// The key of an object parameter whose value is a hole of the URL a wrapper builds: the
/// function reads the key of it (`fetch(this.url(rargs.url))`: `rargs` gives the hole
/// `url`), or passes the parameter whole to an inner layer's such parameter (`get(args) {
/// return this.do(Method.GET, args) }`), which `subst` (the layers inside, bound) shows.
/// `None` for any other parameter.
pub fn key_hole(
    files: &Files,
    (file, func, binding): (usize, FuncId, BindingId),
    url: &[Piece],
    subst: &Substitution,
    inner: &[((usize, BindingId), String)],
) -> Option<String> {
    let model = files.model(file);
    // A key that starts the URL before a path of its own (`cfg.host + "/v1/models"`) is the
    // base the object configures, not a path a caller hands over.
    let meaningful: Vec<&Piece> = url
        .iter()
        .filter(|p| !matches!(p, Piece::Env) && **p != Piece::Text(String::new()))
        .collect();
    let base = match meaningful[..] {
        [Piece::Hole(h), Piece::Text(t), ..] if t.starts_with('/') => Some(h.as_str()),
        _ => None,
    };
    let holes: Vec<&str> = url
        .iter()
        .filter_map(|p| match p {
            Piece::Hole(h) if Some(h.as_str()) != base => Some(h.as_str()),
            _ => None,
        })
        .collect();
    if holes.is_empty() {
        return None;
    }
    let is_param = |e: ExprId| matches!(&model.expr(e).kind, ExprKind::Ident { binding: Some(x), .. } if *x == binding);
    for ((f, b), key) in inner {
        if let Some(Some((vf, ve))) = subst.get(&(*f, *b))
            && *vf == file
            && is_param(*ve)
            && holes.contains(&key.as_str())
        {
            return Some(key.clone());
        }
    }
    let span = model.function(func).span;
    model.exprs.iter().find_map(|e| {
        let ExprKind::Member {
            object,
            property: MemberProp::Name(name),
            ..
        } = &e.kind
        else {
            return None;
        };
        (span.contains(e.span) && holes.contains(&name.as_str()) && is_param(*object))
            .then(|| name.to_string())
    })
}
