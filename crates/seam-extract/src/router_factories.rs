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

use seam_lang::model::{BindingId, BindingKind, ExprId, FuncId, PatternStep};

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
    let sites = files.callers().get(&(file, func));
    crate::consulted::entry(|| crate::consulted::Fact::Callers(file, func), &sites);
    let sites = sites?;
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
    call_substitution_with(files, file, func, (caller_file, call), None)
}

/// [`call_substitution`], with the positional arguments given (`positional`) rather than read
/// from the call: the arguments a call that spreads its caller's rest parameter (`f(...args)`)
/// passes, as that caller's caller wrote them (see [`forwarded_arguments`]).
pub fn call_substitution_with(
    files: &Files,
    file: usize,
    func: FuncId,
    (caller_file, call): (usize, ExprId),
    positional: Option<&[(usize, ExprId)]>,
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
    let positional_end = match positional {
        Some(list) => list.len(),
        None => args
            .iter()
            .position(|a| a.spread || a.keyword_spread || a.name.is_some())
            .unwrap_or(args.len()),
    };
    let spread = positional.is_none() && args.iter().any(|a| a.spread || a.keyword_spread);
    let argument = |index: usize| -> Option<(usize, ExprId)> {
        match positional {
            Some(list) => list.get(index).copied(),
            None => args.get(index).map(|a| (caller_file, a.value)),
        }
    };
    let mut subst = Substitution::new();
    for (i, b) in model.bindings.iter().enumerate() {
        let binding = BindingId::from_index(i);
        // A name a rest parameter hands out by position (`...[router, tenant]`, `const
        // [router] = args`): the argument at that position, in from its own index.
        if let Some((function, position, path)) = positional_name(model, binding)
            && function == func
            && (!matches!(b.kind, BindingKind::Param { .. })
                || position_is_elementwise(model, binding))
        {
            let value = position
                .checked_sub(offset)
                .filter(|p| *p < positional_end)
                .and_then(argument)
                .and_then(|(af, ae)| crate::route_loops::part_at(files, af, ae, path));
            if value.is_none() && spread {
                continue;
            }
            subst.insert((file, binding), value);
            continue;
        }
        let BindingKind::Param { function, index } = b.kind else {
            continue;
        };
        if function != func {
            continue;
        }
        let declared = index as usize;
        let Some(index) = declared.checked_sub(offset) else {
            subst.insert((file, binding), receiver.map(|r| (caller_file, r)));
            continue;
        };
        // `**options` takes the keywords no parameter names: no one value.
        if model.function(func).params.get(declared).map(|p| p.kind)
            == Some(seam_lang::model::ParamKind::KeywordRest)
        {
            subst.insert((file, binding), None);
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
            let value = (index < positional_end)
                .then(|| argument(index))
                .flatten()
                .and_then(|(af, ae)| {
                    crate::callees::value_at_path(
                        files,
                        af,
                        ae,
                        &b.origin.path,
                        crate::files::MAX_HOPS,
                    )
                });
            subst.insert((file, binding), value);
            continue;
        }
        let value = match (index < positional_end, by_name) {
            (true, _) => argument(index),
            (false, Some(a)) => Some((caller_file, a.value)),
            // A spread may hold it: what the parameter receives cannot be read.
            (false, None) if spread => continue,
            (false, None) => default(),
        };
        subst.insert((file, binding), value);
    }
    Some(subst)
}

/// Whether a parameter binding is a name a rest parameter destructures by position
/// (`...[router, tenant]`), rather than the parameter itself or a key of it.
fn position_is_elementwise(model: &seam_lang::model::Model, binding: BindingId) -> bool {
    let b = model.binding(binding);
    let BindingKind::Param { function, index } = b.kind else {
        return false;
    };
    model
        .function(function)
        .params
        .get(index as usize)
        .is_some_and(|p| p.kind == seam_lang::model::ParamKind::Rest)
        && matches!(b.origin.path.first(), Some(PatternStep::Index(_)))
}

/// A name a function receives by position from a rest parameter: one the rest parameter
/// destructures (`...[router, tenant]: Args`) or one destructured by position from it in the
/// body (`(...args) => { const [router, tenant] = args; }`). The function, the position of
/// the argument among all it is called with, and the path to the name inside that argument.
/// `None` for any other name.
pub fn positional_name(
    model: &seam_lang::model::Model,
    binding: BindingId,
) -> Option<(FuncId, usize, &[PatternStep])> {
    let b = model.binding(binding);
    let (rest, path) = match b.kind {
        BindingKind::Param { .. } => (binding, &b.origin.path[..]),
        BindingKind::Var { .. } if !b.reassigned => {
            let init = b.origin.init?;
            let seam_lang::model::ExprKind::Ident {
                binding: Some(rest),
                ..
            } = &model.expr(init).kind
            else {
                return None;
            };
            if !model.binding(*rest).origin.path.is_empty() || model.binding(*rest).reassigned {
                return None;
            }
            (*rest, &b.origin.path[..])
        }
        _ => return None,
    };
    let BindingKind::Param { function, index } = model.binding(rest).kind else {
        return None;
    };
    let param = model.function(function).params.get(index as usize)?;
    if param.kind != seam_lang::model::ParamKind::Rest {
        return None;
    }
    let (PatternStep::Index(i), tail) = path.split_first()? else {
        return None;
    };
    Some((function, index as usize + *i as usize, tail))
}

/// The rest parameter a spread argument passes on whole (`...args` of `(...args) => f(...args)`):
/// its function and its position. `None` for any other spread.
pub fn spread_rest_parameter(
    files: &Files,
    file: usize,
    spread: ExprId,
) -> Option<(FuncId, usize)> {
    let model = files.model(file);
    let seam_lang::model::ExprKind::Ident {
        binding: Some(b), ..
    } = &model.expr(spread).kind
    else {
        return None;
    };
    let binding = model.binding(*b);
    let BindingKind::Param { function, index } = binding.kind else {
        return None;
    };
    if !binding.origin.path.is_empty() || binding.reassigned {
        return None;
    }
    let param = model.function(function).params.get(index as usize)?;
    (param.kind == seam_lang::model::ParamKind::Rest).then_some((function, index as usize))
}

/// A call that wrote the arguments a spread hands on (its file and the call) and those
/// arguments, in order.
pub type ForwardedCall = (usize, ExprId, Vec<(usize, ExprId)>);

/// How many callers deep a spread of a rest parameter is followed.
const FORWARD_DEPTH: usize = 6;
/// How many argument lists one call may stand for through the calls that forward to it.
const MAX_FORWARDED: usize = 256;

/// The argument lists a call passes when it spreads its own function's rest parameter
/// (`adminUserRoutes(...args) { basicsRoutes(...args) }`): for each call of that function
/// (and, through further spreads, of its callers), the positional arguments written there in
/// place of the spread, the call's other arguments kept around them. Each with the outermost
/// call that wrote them. `None` when the call spreads no rest parameter, or has named
/// arguments, or nothing calls the function.
pub fn forwarded_arguments(
    files: &Files,
    caller_file: usize,
    call: ExprId,
) -> Option<Vec<ForwardedCall>> {
    let mut out = Vec::new();
    forward(files, caller_file, call, FORWARD_DEPTH, &mut out)?;
    (!out.is_empty()).then_some(out)
}

fn forward(
    files: &Files,
    caller_file: usize,
    call: ExprId,
    depth: usize,
    out: &mut Vec<ForwardedCall>,
) -> Option<()> {
    let model = files.model(caller_file);
    let seam_lang::model::ExprKind::Call { args, .. } = &model.expr(call).kind else {
        return None;
    };
    if args.iter().any(|a| a.name.is_some() || a.keyword_spread) {
        return None;
    }
    let at = args.iter().position(|a| a.spread)?;
    if args[at + 1..].iter().any(|a| a.spread) {
        return None;
    }
    let (function, from) = spread_rest_parameter(files, caller_file, args[at].value)?;
    let depth = depth.checked_sub(1)?;
    let before: Vec<(usize, ExprId)> = args[..at].iter().map(|a| (caller_file, a.value)).collect();
    let after: Vec<(usize, ExprId)> = args[at + 1..]
        .iter()
        .map(|a| (caller_file, a.value))
        .collect();
    let found = files.callers().get(&(caller_file, function));
    crate::consulted::entry(
        || crate::consulted::Fact::Callers(caller_file, function),
        &found,
    );
    let mut sites = found.cloned().unwrap_or_default();
    sites.sort();
    sites.dedup();
    for (sf, site) in sites {
        // The arguments that site passes: written out, or forwarded again.
        let lists: Vec<ForwardedCall> = match forwarded_arguments_at(files, sf, site, depth) {
            Some(lists) => lists,
            None => {
                let seam_lang::model::ExprKind::Call { args: outer, .. } =
                    &files.model(sf).expr(site).kind
                else {
                    continue;
                };
                if outer
                    .iter()
                    .any(|a| a.spread || a.keyword_spread || a.name.is_some())
                {
                    continue;
                }
                vec![(sf, site, outer.iter().map(|a| (sf, a.value)).collect())]
            }
        };
        for (of, ocall, list) in lists {
            if out.len() >= MAX_FORWARDED {
                return Some(());
            }
            let mut passed = before.clone();
            passed.extend(list.into_iter().skip(from));
            passed.extend(after.iter().copied());
            out.push((of, ocall, passed));
        }
    }
    Some(())
}

fn forwarded_arguments_at(
    files: &Files,
    caller_file: usize,
    call: ExprId,
    depth: usize,
) -> Option<Vec<ForwardedCall>> {
    let mut out = Vec::new();
    forward(files, caller_file, call, depth, &mut out)?;
    Some(out)
}
