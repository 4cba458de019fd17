//! Routers made by a project function and mounted where it is called:
//!
//! ```python
//! def login_router(provider, *, callback_method="GET"):
//!     router = APIRouter(prefix=f"/{provider}")
//!     @router.api_route("/callback", methods=[callback_method])
//!     async def callback(): ...
//!     return router
//!
//! auth.include_router(login_router("github"))
//! ```
//!
//! Each call makes a router of its own: its prefix and its routes are read with the call's
//! arguments (or the parameters' defaults) in place of the function's parameters, and the
//! call is the router its mount names. The router inside the function stands for no route of
//! its own once it has such calls.

use seam_lang::model::{BindingId, BindingKind, ExprId, FuncId};

use crate::discover::RouterKey;
use crate::files::{Def, Files};
use crate::url::Substitution;

/// One call of a router factory: the router it makes and what the factory's parameters
/// receive there.
pub struct FactoryCall {
    /// The router the call makes, as a mount of it names it: the variable the call
    /// initialises, or the call itself (`include_router(login_router("github"))`).
    pub router: RouterKey,
    pub subst: Substitution,
}

/// The routers a registration on `router` registers on, each with the substitution its routes
/// are read under: one per call of the function that makes `router` (see [`calls`]), or
/// `router` itself with nothing substituted.
pub fn instances(
    files: &Files,
    router: Option<RouterKey>,
) -> Vec<(Option<RouterKey>, Substitution)> {
    match router.and_then(|r| calls(files, r)) {
        Some(calls) => calls
            .into_iter()
            .map(|c| (Some(c.router), c.subst))
            .collect(),
        None => vec![(router, Substitution::new())],
    }
}

/// The calls of the function that creates `router` and returns it; `None` when the router is
/// not made inside a function that returns it, or nothing calls that function.
pub fn calls(files: &Files, router: RouterKey) -> Option<Vec<FactoryCall>> {
    let Def::Binding(file, binding) = router else {
        return None;
    };
    let model = files.model(file);
    let func = model.binding(binding).scope?;
    if matches!(model.binding(binding).kind, BindingKind::Param { .. }) {
        return None;
    }
    let returns_it = files
        .returned_values(file, func)
        .iter()
        .any(|&r| files.definition(file, r) == Some(router));
    if !returns_it {
        return None;
    }
    let sites = files.callers().get(&(file, func))?;
    let out: Vec<FactoryCall> = sites
        .iter()
        .filter_map(|&(cf, call)| {
            Some(FactoryCall {
                router: crate::discover::created_router(files, cf, call),
                subst: call_substitution(files, file, func, cf, call)?,
            })
        })
        .collect();
    (!out.is_empty()).then_some(out)
}

/// The instance a call of a Python method through a member hands it as `self`
/// (`api` of `api.add_org_resource(…)`); `None` for any other call.
fn instance_receiver(
    files: &Files,
    file: usize,
    func: FuncId,
    caller: &seam_lang::model::Model,
    callee: ExprId,
) -> Option<ExprId> {
    match &caller.expr(callee).kind {
        seam_lang::model::ExprKind::Member { object, .. }
            if crate::templates::receives_instance(files, file, func, caller, callee) =>
        {
            Some(*object)
        }
        _ => None,
    }
}

/// What the parameter declared at `declared` of `func`, a rest parameter (`*urls`,
/// `...paths`), receives at a call: the positional arguments from its position on, in order.
/// `None` when a spread among them hides how many there are.
pub fn rest_arguments(
    files: &Files,
    file: usize,
    func: FuncId,
    declared: usize,
    caller_file: usize,
    call: ExprId,
) -> Option<Vec<(usize, ExprId)>> {
    let caller = files.model(caller_file);
    let seam_lang::model::ExprKind::Call { args, callee, .. } = &caller.expr(call).kind else {
        return None;
    };
    let offset = usize::from(instance_receiver(files, file, func, caller, *callee).is_some());
    let from = declared.checked_sub(offset)?;
    let mut out = Vec::new();
    for a in args
        .iter()
        .filter(|a| a.name.is_none() && !a.keyword_spread)
        .skip(from)
    {
        if a.spread {
            return None;
        }
        out.push((caller_file, a.value));
    }
    Some(out)
}

/// What each parameter of `func` (in `file`) receives at the call `call` (in `caller_file`):
/// the argument at its position or given by its name, else the parameter's default; `None`
/// (not passed) for one with neither. A parameter a spread may hold is left out (unknown).
/// `None` when `call` is no call.
/// A Python method called through an instance receives that instance as `self`.
pub fn call_substitution(
    files: &Files,
    file: usize,
    func: FuncId,
    caller_file: usize,
    call: ExprId,
) -> Option<Substitution> {
    let model = files.model(file);
    let caller = files.model(caller_file);
    let seam_lang::model::ExprKind::Call { args, callee, .. } = &caller.expr(call).kind else {
        return None;
    };
    // A Python method called through an instance (`api.add_org_resource(R, "/x")`): `self`
    // is the instance, the arguments fill the parameters after it.
    let receiver = instance_receiver(files, file, func, caller, *callee);
    let offset = usize::from(receiver.is_some());
    // Arguments after a spread have no known position.
    let positional_end = args
        .iter()
        .position(|a| a.spread || a.keyword_spread || a.name.is_some())
        .unwrap_or(args.len());
    let mut subst = Substitution::new();
    for (i, b) in model.bindings.iter().enumerate() {
        let BindingKind::Param { function, index } = b.kind else {
            continue;
        };
        if function != func {
            continue;
        }
        let declared = index as usize;
        let Some(index) = declared.checked_sub(offset) else {
            subst.insert(
                (file, BindingId::from_index(i)),
                receiver.map(|r| (caller_file, r)),
            );
            continue;
        };
        // `**options` takes the keywords no parameter names: no one value.
        if model.function(func).params.get(declared).map(|p| p.kind)
            == Some(seam_lang::model::ParamKind::KeywordRest)
        {
            subst.insert((file, BindingId::from_index(i)), None);
            continue;
        }
        let by_name = args
            .iter()
            .find(|a| a.name.as_deref() == Some(b.name.as_str()));
        let default = || {
            let param = model.function(func).params.get(declared)?;
            param.default.map(|d| (file, d))
        };
        // A name destructured from the parameter (`register({ method, path })`): the value at
        // its key in the argument.
        if !b.origin.path.is_empty() {
            let value = args
                .get(index)
                .filter(|_| index < positional_end)
                .and_then(|a| {
                    crate::callees::value_at_path(
                        files,
                        caller_file,
                        a.value,
                        &b.origin.path,
                        crate::files::MAX_HOPS,
                    )
                });
            subst.insert((file, BindingId::from_index(i)), value);
            continue;
        }
        let value = match (index < positional_end, by_name) {
            (true, _) => args.get(index).map(|a| (caller_file, a.value)),
            (false, Some(a)) => Some((caller_file, a.value)),
            // A spread may hold it: what the parameter receives cannot be read.
            (false, None) if args.iter().any(|a| a.spread || a.keyword_spread) => continue,
            (false, None) => default(),
        };
        subst.insert((file, BindingId::from_index(i)), value);
    }
    Some(subst)
}
