//! Project functions that answer for a handler: `abortForbidden(c)`, `successOrAbort(ctx, 500,
//! err)`, `sendError(res, 404, "gone")`. A call that hands the unit a parameter whose role a
//! response terminal of the pack requires (the context, the response) to a project function
//! answers with whatever that function sends through it. The function is walked with the same
//! pack, the parameter it receives given that role, and each response it can send is a path end
//! at the call; a status the function takes as a parameter is the call's argument there
//! (`abort(c, http.StatusForbidden, …)` sends 403). Functions it hands the parameter on to are
//! followed the same way, a few calls deep. The function may send on some of its paths only
//! (`if err != nil { c.AbortWithError(code, err) }`), so the caller's path goes on after the
//! call. A call that hands the function `nil` (`null`, `None`) for a parameter decides the
//! function's tests of it (`HandleResponse(ctx, nil, data)` never takes `if err != nil`). Only responses sent through the handed parameter count: a function that builds and
//! returns a response is not one that sends it.
//!
//! A method the unit calls on its own receiver (`c.ResponseOk(data)`, `c.SetTokenErrorStatus()`
//! in a method of the same controller, where the pack's terminals act on the receiver and need
//! no parameter role) answers the same way, with what it sends through that receiver: a
//! terminal counts when one of its captured values is the receiver or reached from it
//! (`c`, `c.Ctx`).
//!
//! What a function sends depends only on the function, the roles its parameters are given, the
//! pack and how many calls deep it may still look, so it is worked out once for the whole
//! extraction (kept in [`Files`]) and the result is the same whichever handler asks first.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;

use seam_lang::model::{BindingKind, ExprId, ExprKind, FuncId, Language, LiteralValue, Model};
use seam_packs::{OutputKind, Pack, ValueRead};

use crate::files::Files;
use crate::walk::{End, Sent, Walker};

/// How many calls deep a handed parameter is followed.
pub const MAX_DEPTH: usize = 3;

/// What functions send: (pack, file, function, parameter roles, parameters handed nothing,
/// called on the caller's receiver, depth left) → what it sends.
pub type Memo = HashMap<
    (
        String,
        usize,
        FuncId,
        Vec<(usize, String)>,
        Vec<usize>,
        bool,
        usize,
    ),
    crate::consulted::Kept<Arc<FunctionSends>>,
>;

/// What a function sends, in path order without repeats, and whether it sends on every path.
#[derive(Debug, Default)]
pub struct FunctionSends {
    sends: Vec<Sends>,
    always: bool,
}

/// What a project function sends, as its own parameters say.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Sends {
    Number(f64),
    /// The status it is given at this parameter position.
    Param(usize),
    Unknown,
}

/// The roles a response terminal of the pack requires of a unit parameter.
fn sending_roles(pack: &Pack) -> BTreeSet<&str> {
    pack.terminals
        .iter()
        .filter(|t| t.output == OutputKind::Response && !t.sets_status)
        .flat_map(|t| t.constraints.values().filter_map(|c| c.role.as_deref()))
        .collect()
}

/// The calls in `func` (and the functions written inside it) that hand a parameter with a
/// sending role to a project function, with what each call can send.
pub fn sends_in(
    files: &Files,
    file: usize,
    pack: &Pack,
    func: FuncId,
    role_at: &dyn Fn(usize) -> Option<String>,
) -> BTreeMap<ExprId, (Vec<Sent>, bool)> {
    let roles = sending_roles(pack);
    if roles.is_empty() && files.model(file).function(func).class.is_none() {
        return BTreeMap::new();
    }
    calls_that_send(files, file, pack, func, role_at, &roles, MAX_DEPTH)
}

fn calls_that_send(
    files: &Files,
    file: usize,
    pack: &Pack,
    func: FuncId,
    role_at: &dyn Fn(usize) -> Option<String>,
    roles: &BTreeSet<&str>,
    depth: usize,
) -> BTreeMap<ExprId, (Vec<Sent>, bool)> {
    let mut out = BTreeMap::new();
    let Some(depth) = depth.checked_sub(1) else {
        return out;
    };
    let model = files.model(file);
    let span = model.function(func).span;
    for call in crate::files::calls(model) {
        let ExprKind::Call { callee, args, .. } = &model.expr(call).kind else {
            continue;
        };
        if !span.contains(model.expr(call).span) {
            continue;
        }
        // The parameters of the function handed one with a sending role, and that role.
        let mut handed: Vec<(usize, String)> = Vec::new();
        for (position, arg) in args.iter().enumerate() {
            if arg.spread || arg.keyword_spread || arg.name.is_some() {
                continue;
            }
            if let Some(role) = param_role(model, func, arg.value, role_at)
                && roles.contains(role.as_str())
            {
                handed.push((position, role));
            }
        }
        // A method called on the unit's own receiver (`c.ResponseOk(data)` in a method of
        // the same controller) answers through that receiver.
        let through_receiver = handed.is_empty() && on_own_receiver(model, func, *callee);
        if handed.is_empty() && !through_receiver {
            continue;
        }
        let Some((cf, cfunc)) = files
            .function_of(file, *callee)
            .or_else(|| crate::callees::member_function(files, file, *callee, 4))
            .filter(|(f, fu)| crate::files::has_body(files.model(*f), *fu))
        else {
            continue;
        };
        if (cf, cfunc) == (file, func) {
            continue;
        }
        let offset = receiver_offset(files.model(cf), cfunc, model, *callee);
        let helper_roles: BTreeMap<usize, String> = handed
            .into_iter()
            .map(|(position, role)| (position + offset, role))
            .collect();
        // The parameters the call hands nothing (`HandleResponse(ctx, nil, data)`): the
        // function's tests of them are decided at this call.
        let nil_params: BTreeSet<usize> = args
            .iter()
            .enumerate()
            .filter(|(_, a)| {
                !a.spread
                    && !a.keyword_spread
                    && a.name.is_none()
                    && matches!(
                        model.expr(a.value).kind,
                        ExprKind::Literal {
                            value: LiteralValue::Null
                        }
                    )
            })
            .map(|(position, _)| position + offset)
            .collect();
        let sends = memoised_sends(
            files,
            cf,
            pack,
            cfunc,
            (&helper_roles, &nil_params, through_receiver),
            roles,
            depth,
        );
        if sends.sends.is_empty() {
            continue;
        }
        let mut at_call: Vec<Sent> = Vec::new();
        for s in sends.sends.iter().copied() {
            let sent = match s {
                Sends::Number(n) => Sent::Number(n),
                Sends::Param(p) => p
                    .checked_sub(offset)
                    .and_then(|i| args.get(i))
                    .filter(|a| !a.spread && !a.keyword_spread && a.name.is_none())
                    .map_or(Sent::Unknown, |a| Sent::Expr(a.value)),
                Sends::Unknown => Sent::Unknown,
            };
            if !at_call.contains(&sent) {
                at_call.push(sent);
            }
        }
        out.insert(call, (at_call, sends.always));
    }
    out
}

/// [`function_sends`], worked out once per function, roles and depth.
fn memoised_sends(
    files: &Files,
    file: usize,
    pack: &Pack,
    func: FuncId,
    (helper_roles, nil_params, through_receiver): (
        &BTreeMap<usize, String>,
        &BTreeSet<usize>,
        bool,
    ),
    roles: &BTreeSet<&str>,
    depth: usize,
) -> Arc<FunctionSends> {
    let key = (
        pack.name.clone(),
        file,
        func,
        helper_roles
            .iter()
            .map(|(i, r)| (*i, r.clone()))
            .collect::<Vec<_>>(),
        nil_params.iter().copied().collect::<Vec<_>>(),
        through_receiver,
        depth,
    );
    if let Some(found) = files
        .sending_helpers
        .lock()
        .ok()
        .and_then(|m| m.get(&key).map(crate::consulted::taken))
    {
        return found;
    }
    // Worked out without the lock held: another thread may work out the same entry, with
    // the same result.
    let (sends, reads) = crate::consulted::worked_out(|| {
        Arc::new(function_sends(
            files,
            file,
            pack,
            func,
            (helper_roles, nil_params, through_receiver),
            roles,
            depth,
        ))
    });
    if let Ok(mut m) = files.sending_helpers.lock() {
        m.insert(key, (sends.clone(), reads));
    }
    sends
}

/// What `func` sends through the parameters `helper_roles` gives roles, and through its
/// receiver when `through_receiver` (a method called on the caller's own receiver).
fn function_sends(
    files: &Files,
    file: usize,
    pack: &Pack,
    func: FuncId,
    (helper_roles, nil_params, through_receiver): (
        &BTreeMap<usize, String>,
        &BTreeSet<usize>,
        bool,
    ),
    roles: &BTreeSet<&str>,
    depth: usize,
) -> FunctionSends {
    let model = files.model(file);
    let role_at = |i: usize| helper_roles.get(&i).cloned();
    let mut walker = Walker::new(model, pack, func);
    walker.roles = Some(helper_roles.clone());
    walker.nil_params = nil_params.clone();
    walker.sends = calls_that_send(files, file, pack, func, &role_at, roles, depth);
    let mut out: Vec<Sends> = Vec::new();
    let (ends, quiet_exit) = walker.run_with_exits();
    for end in ends {
        let read = |e: ExprId| match own_param(model, func, e) {
            Some(i) => Sends::Param(i),
            None => number(files, file, pack, e).map_or(Sends::Unknown, Sends::Number),
        };
        let sends = match &end.end {
            End::Terminal { index, captures } => {
                let Some(t) = pack.terminals.get(*index) else {
                    continue;
                };
                // Only a response sent through a handed parameter (a status set and nothing
                // after it sends that status), or through the receiver the caller shares.
                let through_role = t.constraints.values().any(|c| c.role.is_some());
                let through_this = through_receiver
                    && captures
                        .values()
                        .filter_map(seam_packs::Capture::expr)
                        .any(|e| rooted_at_this(model, e));
                if t.output != OutputKind::Response || !(through_role || through_this) {
                    continue;
                }
                // A status set earlier on the path replaces a fixed one.
                let (status, from) = match (&t.status, &end.status_set) {
                    (Some(ValueRead::Number(_)) | None, Some((si, sc))) => pack
                        .terminals
                        .get(*si)
                        .map_or((&t.status, captures), |st| (&st.status, sc)),
                    _ => (&t.status, captures),
                };
                match status {
                    Some(ValueRead::Number(n)) => Sends::Number(*n as f64),
                    Some(ValueRead::Meta(m)) => from
                        .get(m)
                        .and_then(seam_packs::Capture::expr)
                        .map_or(Sends::Unknown, read),
                    _ => Sends::Unknown,
                }
            }
            End::Sent(Sent::Number(n)) => Sends::Number(*n),
            End::Sent(Sent::Expr(e)) => read(*e),
            End::Sent(Sent::Unknown) => Sends::Unknown,
            _ => continue,
        };
        if !out.contains(&sends) {
            out.push(sends);
        }
    }
    FunctionSends {
        always: !quiet_exit && !out.is_empty(),
        sends: out,
    }
}

/// Whether `callee` is a method of the receiver of `func`, itself a method (`c.ResponseOk` in
/// `func (c *ApiController) List()`, `this.reply` in a class method).
fn on_own_receiver(model: &Model, func: FuncId, callee: ExprId) -> bool {
    model.function(func).class.is_some()
        && matches!(
            &model.expr(callee).kind,
            ExprKind::Member { object, .. } if matches!(model.expr(*object).kind, ExprKind::This)
        )
}

/// Whether `expr` is the receiver or reached from it through members and indexes
/// (`c`, `c.Ctx`, `c.Data["json"]`).
fn rooted_at_this(model: &Model, expr: ExprId) -> bool {
    let mut at = expr;
    for _ in 0..16 {
        match &model.expr(at).kind {
            ExprKind::This => return true,
            ExprKind::Member { object, .. } => at = *object,
            _ => return false,
        }
    }
    false
}

/// The role of the unit parameter `expr` names, when it names one of `func` as a whole.
fn param_role(
    model: &Model,
    func: FuncId,
    expr: ExprId,
    role_at: &dyn Fn(usize) -> Option<String>,
) -> Option<String> {
    own_param(model, func, expr).and_then(role_at)
}

/// The position of `func`'s parameter that `expr` names as a whole.
pub(crate) fn own_param(model: &Model, func: FuncId, expr: ExprId) -> Option<usize> {
    let b = model.resolved_binding(expr)?;
    let binding = model.binding(b);
    match binding.kind {
        BindingKind::Param { function, index }
            if function == func && binding.origin.path.is_empty() =>
        {
            Some(index as usize)
        }
        _ => None,
    }
}

/// How many parameters come before the call's first argument: a Python method called on an
/// object takes the object as its first parameter.
fn receiver_offset(model: &Model, func: FuncId, caller: &Model, callee: ExprId) -> usize {
    let function = model.function(func);
    let on_object = matches!(caller.expr(callee).kind, ExprKind::Member { .. });
    usize::from(
        model.language == Language::Python
            && function.class.is_some()
            && !function.is_static
            && on_object,
    )
}

/// A status number written at `expr`: a literal, a library's constant (`http.StatusForbidden`
/// with `import "net/http"`), a constant the pack names, a class constant of the project.
fn number(files: &Files, file: usize, pack: &Pack, expr: ExprId) -> Option<f64> {
    let model = files.model(file);
    if let ExprKind::Literal {
        value: LiteralValue::Number(number),
    } = &model.expr(expr).kind
    {
        return Some(number.value);
    }
    crate::library_constants::library_number(model, expr)
        .or_else(|| crate::assemble::named_constant(model, expr, &pack.constants).map(|n| n as f64))
        .or_else(|| crate::project_constants::class_number(files, file, expr))
}
