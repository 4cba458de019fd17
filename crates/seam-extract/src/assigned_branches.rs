//! A name declared with no value and given one later: `let url; if (absolute) url = path;
//! else url = base + path;`. One assignment is the value; two on the two branches of one `if`
//! are the branch the test takes when the reading decides it (see [`crate::text_tests`]),
//! otherwise one form of the request per branch (see [`crate::alternatives`]).

use seam_lang::model::{AssignOp, BindingId, ExprId, ExprKind};

use crate::url::{Piece, Reader};

impl Reader<'_> {
    /// Reads the value a name declared without one is assigned; false (nothing read) when it
    /// is not such a name, or its assignments are not one, or two on the branches of an `if`.
    pub(crate) fn read_assigned_later(
        &self,
        file: usize,
        b: BindingId,
        hops: usize,
        out: &mut Vec<Piece>,
    ) -> bool {
        let model = self.files.model(file);
        let binding = model.binding(b);
        if binding.origin.init.is_some() || !binding.origin.path.is_empty() {
            return false;
        }
        let mut assigned = Vec::new();
        for &a in self.files.assignments_of(file, b) {
            match &model.expr(a).kind {
                ExprKind::Assign {
                    op: AssignOp::Assign,
                    value,
                    ..
                } => assigned.push((a, *value)),
                _ => return false,
            }
        }
        let value = match assigned[..] {
            [(_, one)] => one,
            [(first, a), (second, b)] => match self.branch_taken(file, first, second, hops - 1) {
                Some(Branch::First) => a,
                Some(Branch::Second) => b,
                None => return false,
            },
            _ => return false,
        };
        self.read(file, value, hops - 1, out);
        true
    }

    /// The values a local takes when its first value is replaced on some paths only, each by
    /// a plain assignment outside any loop that does not read the local itself (`let api =
    /// "/reasons"; if (admin) { api = "/admin/reasons"; }`, or one per `switch` case): its
    /// first value and each assigned one, those that read as empty text left out (`let url =
    /// ""` until a branch sets it: no request), with the expression the choice among them is
    /// known by: the test of the `if` whose two branches assign it, so that locals set side by
    /// side (`url = …; method = "PATCH"` / `url = …; method = "POST"`) take the same branch
    /// in one form of the request. `None` for anything else.
    pub(crate) fn assigned_values(
        &self,
        file: usize,
        b: BindingId,
        hops: usize,
    ) -> Option<(ExprId, Vec<ExprId>)> {
        // Reading a value may meet another such local: within the reading's budget.
        let hops = hops.checked_sub(1)?;
        let model = self.files.model(file);
        let binding = model.binding(b);
        if binding.scope.is_none() || !binding.origin.path.is_empty() {
            return None;
        }
        let mut values: Vec<ExprId> = binding.origin.init.into_iter().collect();
        for &a in self.files.assignments_of(file, b) {
            let ExprKind::Assign {
                op: AssignOp::Assign,
                value,
                ..
            } = &model.expr(a).kind
            else {
                return None;
            };
            let span = model.expr(a).span;
            // An assignment in a loop, in a callback (it runs at another time) or reading the
            // local itself is no plain choice.
            if crate::files::in_loop(model, span)
                || crate::files::enclosing_function(model, span) != binding.scope
                || crate::files::mentions_binding(model, *value, b)
            {
                return None;
            }
            values.push(*value);
        }
        // Both branches of one `if` assign it: the first value never reaches the read.
        let assigned_spans: Vec<seam_lang::model::Span> = self
            .files
            .assignments_of(file, b)
            .iter()
            .map(|&a| model.expr(a).span)
            .collect();
        let both_branches =
            self.files
                .if_statements(file)
                .iter()
                .find_map(|&(_, test, then, otherwise)| {
                    let (t, o) = (model.stmt(then).span, model.stmt(otherwise?).span);
                    (assigned_spans.iter().any(|s| t.contains(*s))
                        && assigned_spans.iter().any(|s| o.contains(*s)))
                    .then_some(test)
                });
        if both_branches.is_some() && binding.origin.init.is_some() {
            values.remove(0);
        }
        // One assignment in the `then` branch of an `if` that does not hold the first value:
        // the choice is that `if`'s (its `then` first), so that locals set under the same
        // `if` (`method = "PATCH"` beside `url += "/" + id`) take the same branch in one form.
        let declared = binding.origin.init.map(|i| model.expr(i).span);
        let single_then = match (both_branches, &assigned_spans[..], binding.origin.init) {
            (None, [one], Some(_)) => self
                .holding_if(file, *one)
                .filter(|&(around, _, then)| then && !declared.is_some_and(|d| around.contains(d)))
                .map(|(_, test, _)| test),
            _ => None,
        };
        if single_then.is_some() {
            values.swap(0, 1);
        }
        if values.len() < 2 {
            return None;
        }
        let empty = |&v: &ExprId| {
            let mut read = Vec::new();
            self.read(file, v, hops.min(2), &mut read);
            read.iter()
                .all(|p| matches!(p, Piece::Text(t) if t.is_empty()))
        };
        let kept: Vec<ExprId> = values.iter().copied().filter(|v| !empty(v)).collect();
        let values = if kept.is_empty() { values } else { kept };
        Some((both_branches.or(single_then).unwrap_or(values[0]), values))
    }

    /// Which of a local's `count` values (see [`Self::assigned_values`], chosen by `key`) this
    /// reading takes: the branch of the `if` the call's arguments decide (`if (id) { url +=
    /// …; method = "PUT" }` called with an id), so that it agrees with the appends under the
    /// same test (see [`Self::test_by_args`]); else the one this form of the request reads.
    pub(crate) fn assigned_choice(&self, file: usize, key: ExprId, count: usize) -> Option<usize> {
        let is_test = self
            .files
            .if_statements(file)
            .iter()
            .any(|&(_, test, ..)| test == key);
        if is_test
            && count == 2
            && let Some(holds) = self.test_by_args(file, key)
        {
            return Some(if holds { 0 } else { 1 });
        }
        crate::alternatives::choose_among(file, key, count.min(crate::alternatives::MAX_BRANCHES))
    }

    /// Which of two assignments runs, when they sit on the two branches of one `if`: the
    /// one the test takes when the reading decides it, else the one this form of the request
    /// reads.
    fn branch_taken(
        &self,
        file: usize,
        first: ExprId,
        second: ExprId,
        hops: usize,
    ) -> Option<Branch> {
        let model = self.files.model(file);
        let (at_first, at_second) = (model.expr(first).span, model.expr(second).span);
        let (test, swapped) = self.files.if_statements(file).iter().find_map(
            |&(_, test, consequent, alternate)| {
                let (then_span, else_span) =
                    (model.stmt(consequent).span, model.stmt(alternate?).span);
                if then_span.contains(at_first) && else_span.contains(at_second) {
                    Some((test, false))
                } else if then_span.contains(at_second) && else_span.contains(at_first) {
                    Some((test, true))
                } else {
                    None
                }
            },
        )?;
        let then_branch = match self.decided_test(file, test, hops) {
            Some(holds) => holds,
            None => crate::alternatives::choose(file, test)?,
        };
        Some(if then_branch != swapped {
            Branch::First
        } else {
            Branch::Second
        })
    }
}

enum Branch {
    First,
    Second,
}
