//! Route registrations made inside a project function that takes the router, the handler or
//! the path as parameters (`def register(api, cls, path): api.add_resource(cls, path)`,
//! `function mount(app, path, h) { app.get(path, h) }`): the registration happens once per
//! call of that function, with the caller's arguments in place of the parameters.

use seam_lang::model::{BindingId, BindingKind, ExprId, ExprKind, FuncId, Model, Span};

use crate::files::Files;
use crate::url::Substitution;

/// Finds the calls of wrapper functions, through the run's index of callers (built on first
/// use, once for every pack: most repositories register routes directly and never pay for it).
pub struct RouteWrappers<'r, 'a> {
    files: &'r Files<'a>,
}

/// One call of a wrapper: where it is, and what each parameter of the wrapper receives.
pub struct WrapperCall {
    pub file: usize,
    pub call: ExprId,
    pub span: Span,
    /// The wrapper's parameters mapped to the caller's arguments (`None`: not passed).
    pub subst: Substitution,
}

impl WrapperCall {
    /// The expression a captured expression of the wrapper stands for at this call: the
    /// caller's argument for a parameter, the expression itself otherwise. `None` for a
    /// parameter the caller did not pass.
    pub fn argument(&self, files: &Files, file: usize, expr: ExprId) -> Option<(usize, ExprId)> {
        match parameter(files.model(file), expr) {
            Some(b) => match self.subst.get(&(file, b)) {
                Some(passed) => *passed,
                None => Some((file, expr)),
            },
            None => Some((file, expr)),
        }
    }
}

/// The binding an expression names, when it is a bare parameter name.
fn parameter(model: &Model, expr: ExprId) -> Option<BindingId> {
    match &model.expr(expr).kind {
        ExprKind::Ident {
            binding: Some(b), ..
        } if matches!(model.binding(*b).kind, BindingKind::Param { .. }) => Some(*b),
        _ => None,
    }
}

impl<'r, 'a> RouteWrappers<'r, 'a> {
    pub fn new(files: &'r Files<'a>) -> Self {
        RouteWrappers { files }
    }

    /// When the registration `call` in `file` uses a parameter of its enclosing function as
    /// one of `used` (receiver, handlers, path), the calls of that function with their
    /// arguments; `None` when it uses none or the function is never called.
    pub fn calls_of(&self, file: usize, call: ExprId, used: &[ExprId]) -> Option<Vec<WrapperCall>> {
        let model = self.files.model(file);
        // Most registrations use no parameter at all: skip the search for the function.
        if !used.iter().any(|e| parameter(model, *e).is_some()) {
            return None;
        }
        let func = crate::files::enclosing_function(model, model.expr(call).span)?;
        let own_parameter = |e: &ExprId| {
            parameter(model, *e).is_some_and(|b| {
                matches!(model.binding(b).kind, BindingKind::Param { function, .. } if function == func)
            })
        };
        if !used.iter().any(own_parameter) {
            return None;
        }
        let sites = self.files.callers().get(&(file, func))?;
        let out: Vec<WrapperCall> = sites
            .iter()
            .filter_map(|&(cf, ccall)| self.wrapper_call(file, func, cf, ccall))
            .collect();
        (!out.is_empty()).then_some(out)
    }

    fn wrapper_call(
        &self,
        file: usize,
        func: FuncId,
        caller_file: usize,
        caller_call: ExprId,
    ) -> Option<WrapperCall> {
        let model = self.files.model(file);
        let caller = self.files.model(caller_file);
        let ExprKind::Call { args, .. } = &caller.expr(caller_call).kind else {
            return None;
        };
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
            let index = index as usize;
            let by_name = args
                .iter()
                .find(|a| a.name.as_deref() == Some(b.name.as_str()));
            let value = match (index < positional_end, by_name) {
                (true, _) => args.get(index).map(|a| (caller_file, a.value)),
                (false, Some(a)) => Some((caller_file, a.value)),
                // A spread may hold it: what the parameter receives cannot be read.
                (false, None) if args.iter().any(|a| a.spread || a.keyword_spread) => continue,
                (false, None) => None,
            };
            subst.insert((file, BindingId::from_index(i)), value);
        }
        Some(WrapperCall {
            file: caller_file,
            call: caller_call,
            span: caller.expr(caller_call).span,
            subst,
        })
    }
}
