//! Route registrations made inside a project function that takes the router, the handler or
//! the path as parameters (`def register(api, cls, path): api.add_resource(cls, path)`,
//! `function mount(app, path, h) { app.get(path, h) }`): the registration happens once per
//! call of that function, with the caller's arguments in place of the parameters. A caller
//! that passes its own parameters on is a wrapper too, followed to its callers (any depth).
//!
//! A registration in a loop over a literal list (`for cls, path in [(A, "/a"), (B, "/b")]:
//! api.add_resource(cls, path)`, also a list a wrapper's caller passes) happens once per
//! element, with the element's parts in place of the loop variables.

use seam_lang::model::{
    ArrayElement, BindingId, BindingKind, ExprId, ExprKind, FuncId, MemberProp, Model, PatternId,
    PatternKind, Span, StmtKind,
};

use crate::files::Files;
use crate::url::Substitution;

/// How many wrapper levels and loops are followed from one registration.
const MAX_DEPTH: usize = 6;
/// How many registrations one registration call may stand for.
const MAX_EXPANSIONS: usize = 512;

/// Finds the calls of wrapper functions, through the run's index of callers (built on first
/// use, once for every pack: most repositories register routes directly and never pay for it).
pub struct RouteWrappers<'r, 'a> {
    files: &'r Files<'a>,
    /// The expression a value is derived from and stands for (the receiver a call that gives
    /// back the router it is called on is made on); the value itself when none.
    root: Option<&'r dyn Fn(usize, ExprId) -> ExprId>,
}

/// One call of a wrapper (or one element of a loop): where it is, and what each parameter or
/// loop variable receives.
pub struct WrapperCall {
    pub file: usize,
    pub call: ExprId,
    pub span: Span,
    /// The wrapper's parameters (and loop variables) mapped to what they receive (`None`: not
    /// passed).
    pub subst: Substitution,
}

impl WrapperCall {
    /// The expression a captured expression of the wrapper stands for at this call: the
    /// caller's argument for a parameter (followed through the callers of callers), the
    /// expression itself otherwise. `None` for a parameter the caller did not pass.
    pub fn argument(&self, files: &Files, file: usize, expr: ExprId) -> Option<(usize, ExprId)> {
        self.argument_within(files, file, expr, MAX_DEPTH)
    }

    /// [`Self::argument`] at most `nest` lookups of `route.path` deep (a parameter's member
    /// can lead back to the same parameter: `(o) => f(o.o)`).
    fn argument_within(
        &self,
        files: &Files,
        file: usize,
        expr: ExprId,
        nest: usize,
    ) -> Option<(usize, ExprId)> {
        let (mut file, mut expr) = (file, expr);
        for _ in 0..=MAX_DEPTH {
            // `route.path` of a parameter `route`: the value at `path` in what `route` receives.
            if let Some((b, key)) = parameter_member(files.model(file), expr) {
                let passed = match self.subst.get(&(file, b)) {
                    Some(Some(passed)) => *passed,
                    Some(None) => return None,
                    None => return Some((file, expr)),
                };
                let (pf, pe) =
                    self.argument_within(files, passed.0, passed.1, nest.checked_sub(1)?)?;
                let key = [seam_lang::model::PatternStep::Key(key.to_owned())];
                (file, expr) =
                    crate::callees::value_at_path(files, pf, pe, &key, crate::files::MAX_HOPS)?;
                continue;
            }
            let Some(b) = parameter(files.model(file), expr) else {
                // `this.app` set from a constructor parameter: what that parameter receives.
                if let Some(param) = crate::classes::field_parameter(files, file, expr) {
                    (file, expr) = param;
                    continue;
                }
                return Some((file, expr));
            };
            match self.subst.get(&(file, b)) {
                Some(Some(passed)) => (file, expr) = *passed,
                Some(None) => return None,
                None => return Some((file, expr)),
            }
        }
        Some((file, expr))
    }
}

/// The parameter and the property an expression reads, when it is a property of a bare
/// parameter (`route.path`).
pub(crate) fn parameter_member(model: &Model, expr: ExprId) -> Option<(BindingId, &str)> {
    match &model.expr(expr).kind {
        ExprKind::Member {
            object,
            property: MemberProp::Name(name),
            ..
        } => parameter(model, *object)
            .filter(|b| matches!(model.binding(*b).kind, BindingKind::Param { .. }))
            .map(|b| (b, name.as_str())),
        _ => None,
    }
}

/// Whether an expression reads a property of a parameter (`controller.show`).
pub fn reads_parameter_property(model: &Model, expr: ExprId) -> bool {
    parameter_member(model, expr).is_some()
}

/// Whether an expression is a name a caller's argument fills: a parameter, or a name taken
/// from a rest parameter by position (`const [router] = args`).
pub fn takes_argument(model: &Model, expr: ExprId) -> bool {
    parameter(model, expr).is_some_and(|b| !matches!(model.binding(b).kind, BindingKind::LoopVar))
}

/// Whether an expression is a bare parameter of a function.
pub fn is_parameter(model: &Model, expr: ExprId) -> bool {
    parameter(model, expr)
        .is_some_and(|b| matches!(model.binding(b).kind, BindingKind::Param { .. }))
}

/// The parameter or loop variable an expression stands for or reads a property of.
fn root_parameter(model: &Model, expr: ExprId) -> Option<BindingId> {
    parameter(model, expr).or_else(|| parameter_member(model, expr).map(|(b, _)| b))
}

/// The binding an expression names, when it is a bare parameter or loop variable name, or a
/// name taken by position from a rest parameter (`const [router] = args`).
fn parameter(model: &Model, expr: ExprId) -> Option<BindingId> {
    match &model.expr(expr).kind {
        ExprKind::Ident {
            binding: Some(b), ..
        } if matches!(
            model.binding(*b).kind,
            BindingKind::Param { .. } | BindingKind::LoopVar
        ) || crate::router_factories::positional_name(model, *b).is_some() =>
        {
            Some(*b)
        }
        _ => None,
    }
}

/// The function whose calls give a parameter (or a name taken by position from its rest
/// parameter) its value.
fn parameter_function(model: &Model, binding: BindingId) -> Option<FuncId> {
    match model.binding(binding).kind {
        BindingKind::Param { function, .. } => Some(function),
        _ => crate::router_factories::positional_name(model, binding).map(|(f, _, _)| f),
    }
}

impl<'r, 'a> RouteWrappers<'r, 'a> {
    pub fn new(files: &'r Files<'a>) -> Self {
        RouteWrappers { files, root: None }
    }

    /// Reads values through `root` (see [`RouteWrappers::resolve`]).
    pub fn with_root(self, root: &'r dyn Fn(usize, ExprId) -> ExprId) -> Self {
        RouteWrappers {
            root: Some(root),
            ..self
        }
    }

    /// What an expression of the wrapper stands for at the call `w` (see
    /// [`WrapperCall::argument`]), also through values derived from a parameter (`const r =
    /// router.use(mw)`, with `router` a parameter): the caller's argument for that parameter.
    pub fn resolve(&self, w: &WrapperCall, file: usize, expr: ExprId) -> Option<(usize, ExprId)> {
        let (mut file, mut expr) = w.argument(self.files, file, expr)?;
        let Some(root) = self.root else {
            return Some((file, expr));
        };
        for _ in 0..MAX_DEPTH {
            let derived = root(file, expr);
            if derived == expr {
                break;
            }
            (file, expr) = w.argument(self.files, file, derived)?;
        }
        Some((file, expr))
    }

    /// When the registration `call` in `file` uses a parameter of a project function or a loop
    /// variable as one of `used` (receiver, handlers, path), one [`WrapperCall`] per call of
    /// that function (and of the functions that pass it their own parameters) and per element
    /// of the literal list looped over; `None` when it uses none, or nothing calls or feeds it.
    /// A parameter `known` holds where it is (the router a framework hands a callback it
    /// calls: `r.Route("/v1", func(r chi.Router) { mount(r) })`) is not followed to callers.
    pub fn calls_of(
        &self,
        file: usize,
        call: ExprId,
        used: &[ExprId],
        known: &dyn Fn(usize, ExprId) -> bool,
    ) -> Option<Vec<WrapperCall>> {
        let model = self.files.model(file);
        // Most registrations use no parameter at all: skip the search.
        if !used.iter().any(|e| {
            root_parameter(model, *e).is_some()
                || crate::classes::field_parameter(self.files, file, *e).is_some()
        }) {
            return None;
        }
        let start = WrapperCall {
            file,
            call,
            span: model.expr(call).span,
            subst: Substitution::new(),
        };
        let used: Vec<(usize, ExprId)> = used.iter().map(|e| (file, *e)).collect();
        let mut out = Vec::new();
        self.expand(start, &used, known, MAX_DEPTH, &mut out);
        (!out.is_empty()).then_some(out)
    }

    /// Replaces the first used parameter or loop variable `w` does not map yet by each value it
    /// receives, until every one is mapped.
    fn expand(
        &self,
        w: WrapperCall,
        used: &[(usize, ExprId)],
        known: &dyn Fn(usize, ExprId) -> bool,
        depth: usize,
        out: &mut Vec<WrapperCall>,
    ) {
        // A loop variable a caller passes for a parameter (`for _, p := range paths {
        // addHandler(r, p, h) }`) is used too, and so is the parameter its loop runs over.
        let used: Vec<(usize, ExprId)> = used
            .iter()
            .copied()
            .chain(self.passed_loop_variables(&w))
            .collect();
        let used = &used[..];
        // Parameters first: a loop may iterate over what a caller passes.
        let unmapped: Vec<(usize, BindingId)> = used
            .iter()
            .filter_map(|&(f, e)| {
                let (af, ae) = w.argument(self.files, f, e)?;
                if known(af, ae) {
                    return None;
                }
                let (af, ae) = self.resolve(&w, f, e)?;
                if known(af, ae) {
                    return None;
                }
                root_parameter(self.files.model(af), ae).map(|b| (af, b))
            })
            .collect();
        let is_param =
            |&(f, b): &(usize, BindingId)| parameter_function(self.files.model(f), b).is_some();
        let open = unmapped
            .iter()
            .find(|x| is_param(x))
            .or_else(|| unmapped.first())
            .copied();
        // A loop over a parameter the caller has not given yet (`func h501(r chi.Router, paths
        // ...string) { for _, p := range paths { … } }`): that parameter first, then the loop
        // over what it receives.
        if let Some((file, binding)) = open
            && let Some(iterable) = self.unmapped_loop_parameter(&w, file, binding)
        {
            let mut more = used.to_vec();
            more.push(iterable);
            if let Some(depth) = depth.checked_sub(1) {
                self.expand(w, &more, known, depth, out);
            }
            return;
        }
        let Some((file, binding)) = open else {
            if out.len() < MAX_EXPANSIONS {
                out.push(w);
            }
            return;
        };
        let Some(depth) = depth.checked_sub(1) else {
            return;
        };
        match parameter_function(self.files.model(file), binding) {
            Some(function) => {
                // A constructor runs at `new C(…)` and `super(…)`, which the callers leave out.
                let mut constructed = crate::classes::constructor_calls(self.files, file, function);
                // A method runs where an instance calls it (`api.add_org_resource(…)`).
                constructed.extend(crate::classes::method_calls(self.files, file, function));
                let found = self.files.callers().get(&(file, function));
                crate::consulted::entry(|| crate::consulted::Fact::Callers(file, function), &found);
                let mut sites: Vec<(usize, ExprId)> = match found {
                    Some(sites) => sites.iter().copied().chain(constructed).collect(),
                    None if !constructed.is_empty() => constructed,
                    None => return,
                };
                sites.sort();
                sites.dedup();
                for (cf, ccall) in sites {
                    for caller in self.wrapper_calls(file, function, cf, ccall) {
                        for each in self.each_rest_argument(file, function, used, caller) {
                            let mut subst = w.subst.clone();
                            subst.extend(each.subst);
                            let next = WrapperCall { subst, ..each };
                            self.expand(next, used, known, depth, out);
                        }
                    }
                }
            }
            None if matches!(
                self.files.model(file).binding(binding).kind,
                BindingKind::LoopVar
            ) =>
            {
                for subst in self.loop_elements(&w, file, binding) {
                    let mut merged = w.subst.clone();
                    merged.extend(subst);
                    let next = WrapperCall {
                        file: w.file,
                        call: w.call,
                        span: w.span,
                        subst: merged,
                    };
                    self.expand(next, used, known, depth, out);
                }
            }
            None => {}
        }
    }

    /// A call of a wrapper whose rest parameter the registration uses (`def
    /// add_org_resource(self, resource, *urls): self.add_resource(resource, *urls)`): one
    /// call per argument the rest parameter receives, the parameter standing for that one
    /// argument. A rest parameter first rewritten element by element (`urls =
    /// [org_scoped_rule(url) for url in urls]`) stands for the rewritten element. Any other
    /// call is left as it is.
    fn each_rest_argument(
        &self,
        file: usize,
        function: FuncId,
        used: &[(usize, ExprId)],
        caller: WrapperCall,
    ) -> Vec<WrapperCall> {
        let model = self.files.model(file);
        let rest = self
            .files
            .param_bindings(file, function)
            .iter()
            .find_map(|&b| {
                let BindingKind::Param { index, .. } = model.binding(b).kind else {
                    return None;
                };
                // A name the rest parameter destructures (`...[router, tenant]`) receives one
                // argument by position (see `router_factories::positional_name`).
                if !model.binding(b).origin.path.is_empty() {
                    return None;
                }
                let param = model.function(function).params.get(index as usize)?;
                (param.kind == seam_lang::model::ParamKind::Rest).then_some((b, index as usize))
            });
        let Some((rest, declared)) = rest else {
            return vec![caller];
        };
        if !used
            .iter()
            .any(|&(f, e)| f == file && root_parameter(model, e) == Some(rest))
        {
            return vec![caller];
        }
        let Some(arguments) = crate::router_factories::rest_arguments(
            self.files,
            file,
            function,
            declared,
            caller.file,
            caller.call,
        ) else {
            return vec![caller];
        };
        let mapped = mapped_elements(self.files, file, rest);
        arguments
            .into_iter()
            .map(|argument| {
                let mut subst = caller.subst.clone();
                match &mapped {
                    Some((element, loop_vars)) => {
                        subst.insert((file, rest), Some((file, *element)));
                        for &v in loop_vars {
                            subst.insert((file, v), Some(argument));
                        }
                    }
                    None => {
                        subst.insert((file, rest), Some(argument));
                    }
                }
                WrapperCall {
                    file: caller.file,
                    call: caller.call,
                    span: caller.span,
                    subst,
                }
            })
            .collect()
    }

    /// The calls of `func` that the call `caller_call` stands for: itself, or, when it spreads
    /// its own function's rest parameter (`basicsRoutes(...args)`), one per argument list the
    /// callers of that function pass (see [`crate::router_factories::forwarded_arguments`]).
    fn wrapper_calls(
        &self,
        file: usize,
        func: FuncId,
        caller_file: usize,
        caller_call: ExprId,
    ) -> Vec<WrapperCall> {
        let Some(lists) =
            crate::router_factories::forwarded_arguments(self.files, caller_file, caller_call)
        else {
            return self
                .wrapper_call(file, func, caller_file, caller_call)
                .into_iter()
                .collect();
        };
        // Each is the call that wrote the arguments (where a test's router comes from).
        lists
            .into_iter()
            .filter_map(|(outer_file, outer_call, passed)| {
                let subst = crate::router_factories::call_substitution_with(
                    self.files,
                    file,
                    func,
                    (caller_file, caller_call),
                    Some(&passed),
                )?;
                Some(WrapperCall {
                    file: outer_file,
                    call: outer_call,
                    span: self.files.model(outer_file).expr(outer_call).span,
                    subst,
                })
            })
            .collect()
    }

    fn wrapper_call(
        &self,
        file: usize,
        func: FuncId,
        caller_file: usize,
        caller_call: ExprId,
    ) -> Option<WrapperCall> {
        let subst = crate::router_factories::call_substitution(
            self.files,
            file,
            func,
            caller_file,
            caller_call,
        )?;
        Some(WrapperCall {
            file: caller_file,
            call: caller_call,
            span: self.files.model(caller_file).expr(caller_call).span,
            subst,
        })
    }

    /// The loop variables `w` passes for parameters and does not map yet, and the lists their
    /// loops run over when those are parameters.
    fn passed_loop_variables(&self, w: &WrapperCall) -> Vec<(usize, ExprId)> {
        let mut out = Vec::new();
        for &(f, e) in w.subst.values().flatten() {
            let model = self.files.model(f);
            let ExprKind::Ident {
                binding: Some(b), ..
            } = &model.expr(e).kind
            else {
                continue;
            };
            if !matches!(model.binding(*b).kind, BindingKind::LoopVar)
                || w.subst.contains_key(&(f, *b))
            {
                continue;
            }
            out.push((f, e));
            if let Some(iterable) = loop_iterable(model, *b)
                && parameter(model, iterable).is_some()
            {
                out.push((f, iterable));
            }
        }
        out.sort();
        out.dedup();
        out
    }

    /// The list of the loop that binds the loop variable `binding`, when it is a parameter of
    /// the enclosing function that `w` does not map yet.
    fn unmapped_loop_parameter(
        &self,
        w: &WrapperCall,
        file: usize,
        binding: BindingId,
    ) -> Option<(usize, ExprId)> {
        let model = self.files.model(file);
        if !matches!(model.binding(binding).kind, BindingKind::LoopVar) {
            return None;
        }
        let iterable = loop_iterable(model, binding)?;
        let b = parameter(model, iterable)?;
        (matches!(model.binding(b).kind, BindingKind::Param { .. })
            && !w.subst.contains_key(&(file, b)))
        .then_some((file, iterable))
    }

    /// The loop variables of the loop that binds `binding`, mapped to the parts of each element
    /// of the literal list it iterates (read through `w`'s substitution: a parameter holding
    /// the list). Empty when the list is not a literal one.
    fn loop_elements(&self, w: &WrapperCall, file: usize, binding: BindingId) -> Vec<Substitution> {
        let model = self.files.model(file);
        let Some((left, iterable)) = model.stmts.iter().find_map(|s| match &s.kind {
            StmtKind::Loop(l) => match (l.left, l.iterable) {
                (Some(left), Some(iterable)) if binds(model, left, binding) => {
                    Some((left, iterable))
                }
                _ => None,
            },
            _ => None,
        }) else {
            return Vec::new();
        };
        // A rest parameter a caller's arguments were split into, one call each (see
        // [`RouteWrappers::each_rest_argument`]): the loop runs over that one argument.
        if let Some(b) = parameter(model, iterable)
            && let BindingKind::Param { function, index } = model.binding(b).kind
            && model
                .function(function)
                .params
                .get(index as usize)
                .map(|p| p.kind)
                == Some(seam_lang::model::ParamKind::Rest)
            && let Some(Some((af, ae))) = w.subst.get(&(file, b))
            && !matches!(self.files.model(*af).expr(*ae).kind, ExprKind::Array { .. })
        {
            let mut subst = Substitution::new();
            return destructure(
                model,
                file,
                left,
                self.files.model(*af),
                *af,
                *ae,
                &mut subst,
            )
            .then_some(subst)
            .into_iter()
            .collect();
        }
        let Some((lf, list)) = self.literal_list(w, file, iterable) else {
            return Vec::new();
        };
        let list_model = self.files.model(lf);
        let ExprKind::Array { elements, .. } = &list_model.expr(list).kind else {
            return Vec::new();
        };
        elements
            .iter()
            .filter_map(|element| {
                let ArrayElement::Expr(element) = element else {
                    return None;
                };
                let mut subst = Substitution::new();
                destructure(model, file, left, list_model, lf, *element, &mut subst)
                    .then_some(subst)
            })
            .collect()
    }

    /// The literal list (or tuple) an iterated expression holds: written in place, a name
    /// bound to one, or a parameter a caller passed one in.
    fn literal_list(&self, w: &WrapperCall, file: usize, expr: ExprId) -> Option<(usize, ExprId)> {
        let (mut file, mut expr) = w.argument(self.files, file, expr)?;
        for _ in 0..crate::files::MAX_HOPS {
            let model = self.files.model(file);
            if let ExprKind::Array { elements, .. } = &model.expr(expr).kind {
                // A spread element may hold anything.
                return (!elements
                    .iter()
                    .any(|e| matches!(e, ArrayElement::Spread(_))))
                .then_some((file, expr));
            }
            let def = self.files.definition(file, expr)?;
            let (vf, ve) = self.files.value_of(def)?;
            if (vf, ve) == (file, expr) {
                return None;
            }
            (file, expr) = (vf, ve);
        }
        None
    }
}

/// A Go loop's element name bound to the element (anything else it cannot take apart).
fn destructure_one(
    model: &Model,
    file: usize,
    pattern: PatternId,
    element_file: usize,
    element: ExprId,
    subst: &mut Substitution,
) -> bool {
    match &model.pattern(pattern).kind {
        PatternKind::Ident {
            binding: Some(b), ..
        } => {
            subst.insert((file, *b), Some((element_file, element)));
            true
        }
        _ => false,
    }
}

/// The list the loop that declares `binding` runs over.
fn loop_iterable(model: &Model, binding: BindingId) -> Option<ExprId> {
    model.stmts.iter().find_map(|s| match &s.kind {
        StmtKind::Loop(l) => match (l.left, l.iterable) {
            (Some(left), Some(iterable)) if binds(model, left, binding) => Some(iterable),
            _ => None,
        },
        _ => None,
    })
}

/// Whether the loop target `pattern` declares `binding`.
fn binds(model: &Model, pattern: PatternId, binding: BindingId) -> bool {
    match &model.pattern(pattern).kind {
        PatternKind::Ident { binding: b, .. } => *b == Some(binding),
        PatternKind::Array { elements, rest } => elements
            .iter()
            .flatten()
            .chain(rest)
            .any(|p| binds(model, *p, binding)),
        _ => false,
    }
}

/// Maps each name of the loop target `pattern` to its part of `element` (`cls, path` over
/// `(A, "/a")`); false when a part cannot be read (an element that is no literal tuple where
/// the target takes one apart).
fn destructure(
    model: &Model,
    file: usize,
    pattern: PatternId,
    element_model: &Model,
    element_file: usize,
    element: ExprId,
    subst: &mut Substitution,
) -> bool {
    // Go's `for i, v := range xs` names the index, then the element.
    if model.language == seam_lang::model::Language::Go
        && let PatternKind::Array {
            elements,
            rest: None,
        } = &model.pattern(pattern).kind
        && let [_, value] = &elements[..]
    {
        return match value {
            Some(v) => destructure_one(model, file, *v, element_file, element, subst),
            None => true,
        };
    }
    match &model.pattern(pattern).kind {
        PatternKind::Ident {
            binding: Some(b), ..
        } => {
            subst.insert((file, *b), Some((element_file, element)));
            true
        }
        PatternKind::Array {
            elements,
            rest: None,
        } => {
            let ExprKind::Array {
                elements: parts, ..
            } = &element_model.expr(element).kind
            else {
                return false;
            };
            if parts.len() != elements.len() {
                return false;
            }
            elements.iter().zip(parts).all(|(p, part)| match (p, part) {
                (None, _) => true,
                (Some(p), ArrayElement::Expr(part)) => {
                    destructure(model, file, *p, element_model, element_file, *part, subst)
                }
                _ => false,
            })
        }
        _ => false,
    }
}

/// The parameter a handler made inside a wrapper hands the request on to: a function the
/// wrapper writes (`wrapped := func(ctx, in) { …; return handler(ctx, in) }`) that returns
/// what calling one of the wrapper's parameters returns. The wrapper's caller passes the real
/// handler there; `None` for any other handler.
pub fn forwarded_parameter(files: &Files, file: usize, handler: ExprId) -> Option<ExprId> {
    let model = files.model(file);
    let mut expr = handler;
    if let ExprKind::Ident {
        binding: Some(b), ..
    } = &model.expr(expr).kind
    {
        let binding = model.binding(*b);
        if binding.reassigned || !binding.origin.path.is_empty() {
            return None;
        }
        expr = binding.origin.init?;
    }
    let ExprKind::Function { function } = &model.expr(expr).kind else {
        return None;
    };
    let outer = model.function(*function).parent?;
    files
        .returned_values(file, *function)
        .into_iter()
        .find_map(|v| {
            let ExprKind::Call { callee, .. } = &model.expr(v).kind else {
                return None;
            };
            let b = parameter(model, *callee)?;
            matches!(model.binding(b).kind, BindingKind::Param { function, .. } if function == outer)
                .then_some(*callee)
        })
}

/// A parameter rewritten once, element by element, from itself (`urls = [org_scoped_rule(url)
/// for url in urls]`): the element expression and the loop variables it reads the element
/// through. `None` for a parameter never or otherwise reassigned.
fn mapped_elements(
    files: &Files,
    file: usize,
    param: BindingId,
) -> Option<(ExprId, Vec<BindingId>)> {
    let model = files.model(file);
    if !model.binding(param).reassigned {
        return None;
    }
    let [assignment] = files.assignments_of(file, param) else {
        return None;
    };
    let ExprKind::Assign { value, .. } = &model.expr(*assignment).kind else {
        return None;
    };
    let ExprKind::Comprehension(comprehension) = &model.expr(*value).kind else {
        return None;
    };
    let seam_lang::model::ComprehensionExpr {
        element,
        value: None,
        iterables,
        conditions,
    } = &**comprehension
    else {
        return None;
    };
    let [iterable] = iterables[..] else {
        return None;
    };
    if !conditions.is_empty()
        || !matches!(&model.expr(iterable).kind, ExprKind::Ident { binding: Some(b), .. } if *b == param)
    {
        return None;
    }
    let span = model.expr(*element).span;
    let mut loop_vars: Vec<BindingId> = model
        .exprs
        .iter()
        .filter(|e| span.contains(e.span))
        .filter_map(|e| match &e.kind {
            ExprKind::Ident {
                binding: Some(b), ..
            } if matches!(model.binding(*b).kind, BindingKind::LoopVar) => Some(*b),
            _ => None,
        })
        .collect();
    loop_vars.sort();
    loop_vars.dedup();
    Some((*element, loop_vars))
}
