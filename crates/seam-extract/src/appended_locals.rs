//! A local URL built by appending to it: `let url = "/api/q"; if (id) url += "/" + id;`, or
//! `` url = `${url}/${this.id}` `` (an assignment whose value starts with the local itself).
//! The value is the first one followed by each append that runs. An append that always runs
//! is kept; one under an `if` is kept as the test says when the call's arguments decide it
//! (an `if` testing a parameter the caller passed, or passed as `null`), and otherwise gives
//! one form of the request with it and one without (see [`crate::alternatives`]).

use seam_lang::model::{AssignOp, BinaryOp, BindingId, BindingKind, ExprId, ExprKind, UnaryOp};

use crate::url::{Piece, Reader, assignments_to};

impl Reader<'_> {
    /// Reads a local built by appends (see the module documentation); false (nothing read)
    /// for a name that is not one: a module-level name, one reassigned to a value that does
    /// not start with itself, or one changed in a loop or in a callback.
    pub(crate) fn read_appended(
        &self,
        file: usize,
        b: BindingId,
        hops: usize,
        out: &mut Vec<Piece>,
    ) -> bool {
        let model = self.files.model(file);
        let binding = model.binding(b);
        if binding.scope.is_none() || !binding.origin.path.is_empty() {
            return false;
        }
        let Some(init) = binding.origin.init else {
            return false;
        };
        // Each append: what it adds, and whether it runs in this form of the request.
        let mut appends: Vec<Vec<Piece>> = Vec::new();
        let mut any = false;
        for a in assignments_to(self.files, file, b) {
            let span = model.expr(a.expr).span;
            if crate::files::in_loop(model, span)
                || crate::files::enclosing_function(model, span) != binding.scope
            {
                return false;
            }
            let added = match a.op {
                AssignOp::Compound => {
                    let written = model
                        .source
                        .get(span.start as usize..span.end as usize)
                        .unwrap_or("");
                    if !written.contains("+=") {
                        return false;
                    }
                    let mut added = Vec::new();
                    self.read(file, a.value, hops - 1, &mut added);
                    added
                }
                AssignOp::Assign => {
                    if !starts_with_itself(model, a.value, b) {
                        return false;
                    }
                    // The value read with the local as a hole of its own name: what follows
                    // that hole is what the assignment adds.
                    let mut subst = self.subst.clone();
                    subst.insert((file, b), None);
                    let reader = Reader {
                        subst: &subst,
                        ..*self
                    };
                    let mut value = Vec::new();
                    reader.read(file, a.value, hops - 1, &mut value);
                    let lead = value.iter().position(|p| *p != Piece::Text(String::new()));
                    match lead {
                        Some(i) if value[i] == Piece::Hole(binding.name.to_string()) => {
                            value.split_off(i + 1)
                        }
                        _ => return false,
                    }
                }
            };
            any = true;
            let runs = match self.append_runs(file, span) {
                Some(runs) => runs,
                None => match self.holding_if(file, span) {
                    // Known by the `if`'s test, so that locals set under the same `if` (`url
                    // += "/" + id; method = "PATCH"`) take the same branch in one form.
                    Some((_, test, true)) => match crate::alternatives::choose(file, test) {
                        Some(runs) => runs,
                        None => return false,
                    },
                    _ => return false,
                },
            };
            // An append that goes on with a query (`qs += "&mine=true"`) adds nothing to the
            // path: the local was a query string all along.
            let query = matches!(
                added.iter().find(|p| **p != Piece::Text(String::new())),
                Some(Piece::Text(t)) if t.starts_with(['&', '?'])
            );
            if runs && !query {
                appends.push(added);
            }
        }
        if !any {
            return false;
        }
        self.read(file, init, hops - 1, out);
        out.extend(appends.into_iter().flatten());
        true
    }

    /// The innermost `if` holding `span`: its span, its test, and whether `span` is in its
    /// `then` branch.
    pub(crate) fn holding_if(
        &self,
        file: usize,
        span: seam_lang::model::Span,
    ) -> Option<(seam_lang::model::Span, ExprId, bool)> {
        let model = self.files.model(file);
        self.files
            .if_statements(file)
            .iter()
            .filter(|(s, ..)| s.contains(span))
            .min_by_key(|(s, ..)| s.len())
            .map(|&(at, test, then, _)| (at, test, model.stmt(then).span.contains(span)))
    }

    /// Whether an append at `span` runs for this call: always when no `if` holds it; when its
    /// `if` tests a parameter, as the caller passed it. `None` when that cannot be told.
    fn append_runs(&self, file: usize, span: seam_lang::model::Span) -> Option<bool> {
        let Some((_, test, in_then)) = self.holding_if(file, span) else {
            return Some(true);
        };
        if !in_then {
            return None;
        }
        self.test_by_args(file, test)
    }

    /// Whether the test `test` of an `if` holds as the call's arguments say: a test of one
    /// parameter holds when the caller passed it a value (not `null` or `undefined`) and
    /// fails when the caller left it out. `None` when that cannot be told.
    pub(crate) fn test_by_args(&self, file: usize, test: ExprId) -> Option<bool> {
        let model = self.files.model(file);
        let test_span = model.expr(test).span;
        let params: Vec<BindingId> = model
            .exprs
            .iter()
            .filter_map(|x| match &x.kind {
                ExprKind::Ident {
                    binding: Some(p), ..
                } if test_span.contains(x.span)
                    && matches!(model.binding(*p).kind, BindingKind::Param { .. }) =>
                {
                    Some(*p)
                }
                _ => None,
            })
            .collect();
        let [param] = params[..] else {
            return None;
        };
        let passed = match self.subst.get(&(file, param))? {
            None => false,
            Some((af, ae)) => !missing(self.files.model(*af), *ae),
        };
        // `!id` and `id == null` hold when it was not passed.
        Some(passed != tests_absence(model, test))
    }
}

/// Whether an expression is no value: `null`, `undefined` (a literal, or the name where a
/// local shadows nothing seam can see).
fn missing(model: &seam_lang::model::Model, expr: ExprId) -> bool {
    crate::url::is_absent(model, expr)
        || matches!(&model.expr(expr).kind, ExprKind::Ident { name, .. } if name == "undefined")
}

/// Whether a test asks that its value be missing: `!x`, `x == null`, `x === undefined` (and
/// `!` of the opposite).
fn tests_absence(model: &seam_lang::model::Model, test: ExprId) -> bool {
    let missing = |e: ExprId| missing(model, e);
    match &model.expr(test).kind {
        ExprKind::Unary {
            op: UnaryOp::Not,
            arg,
        } => !tests_absence(model, *arg),
        ExprKind::Binary { op, left, right } => {
            matches!(op, BinaryOp::Eq | BinaryOp::StrictEq) && (missing(*left) || missing(*right))
        }
        _ => false,
    }
}

/// Whether a value starts with the local `b` itself: `b + x` (leftmost operand) or
/// `` `${b}…` ``.
fn starts_with_itself(model: &seam_lang::model::Model, value: ExprId, b: BindingId) -> bool {
    let mut at = value;
    loop {
        match &model.expr(at).kind {
            ExprKind::Binary {
                op: BinaryOp::Add,
                left,
                ..
            } => at = *left,
            ExprKind::Template(t)
                if t.tag.is_none()
                    && t.quasis.first().is_some_and(String::is_empty)
                    && !t.exprs.is_empty() =>
            {
                at = t.exprs[0]
            }
            ExprKind::Ident {
                binding: Some(x), ..
            } => return *x == b,
            _ => return false,
        }
    }
}
