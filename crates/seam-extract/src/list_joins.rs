//! Paths joined from a list: `[base, "api", "v2", path].join("/")`, Python's `"/".join([base,
//! "api", path])`, and a local list built up before it is joined (`const parts = [base, "api",
//! path]; if (params.id) parts.push(params.id); parts.push(""); return parts.join("/")`).
//!
//! A push under an `if` counts when the reading can tell the condition: a key of an options
//! parameter the call site passed as an object literal (`makeUrl("meal", { id: 7 })`: `params.id`
//! holds), or left out (`makeUrl("meal")`: it does not). A condition it cannot tell, a push in a
//! loop, or a list that leaves the function before the join gives no reading: the join stays a
//! hole, never a guess.

use seam_lang::model::{
    ArrayElement, BinaryOp, BindingKind, ExprId, ExprKind, FuncId, LiteralValue, LogicalOp,
    MemberProp, Span, StmtKind, UnaryOp,
};

use crate::url::{Piece, Reader};

/// How a statement changes the list.
enum Change {
    Append(Vec<ExprId>),
    Prepend(Vec<ExprId>),
    DropLast,
}

impl Reader<'_> {
    /// Reads `list.join(separator)` (or Python's `separator.join(list)`) into `out`; false when
    /// `expr` is no such join or its list cannot be read.
    pub(crate) fn read_joined(
        &self,
        file: usize,
        expr: ExprId,
        hops: usize,
        out: &mut Vec<Piece>,
    ) -> bool {
        let model = self.files.model(file);
        let Some((object, "join", args)) = crate::files::method_call(model, expr) else {
            return false;
        };
        let python = model.language == seam_lang::model::Language::Python;
        let (list, separator) = if python {
            // `"/".join(parts)`: the separator is the receiver.
            let [arg] = args else {
                return false;
            };
            match self.constant_hops(file, object, hops - 1) {
                Some(separator) => (arg.value, separator),
                None => return false,
            }
        } else {
            let separator = match args.first() {
                None => ",".to_owned(),
                Some(a) => match self.constant_hops(file, a.value, hops - 1) {
                    Some(s) => s,
                    None => return false,
                },
            };
            (object, separator)
        };
        let Some(elements) = self.list_elements(file, list, model.expr(expr).span) else {
            return false;
        };
        for (i, e) in elements.iter().enumerate() {
            if i > 0 {
                out.push(Piece::Text(separator.clone()));
            }
            self.read(file, *e, hops - 1, out);
        }
        true
    }

    /// The elements a list holds where it is joined (at `join`): a list literal, or a local
    /// initialised to one and changed by `push`/`append`/`unshift`/`pop` before the join.
    fn list_elements(&self, file: usize, list: ExprId, join: Span) -> Option<Vec<ExprId>> {
        let model = self.files.model(file);
        if let Some(elements) = literal_elements(model, list) {
            return Some(elements);
        }
        let b = model.resolved_binding(list)?;
        let binding = model.binding(b);
        if matches!(binding.kind, BindingKind::Param { .. })
            || binding.reassigned
            || !binding.origin.path.is_empty()
        {
            return None;
        }
        let init = binding.origin.init?;
        let mut elements = literal_elements(model, init)?;
        let function = crate::files::enclosing_function(model, join)?;
        let declared = model.expr(init).span;
        let mut changes: Vec<(Span, ExprId, Change)> = Vec::new();
        for call in crate::files::calls(model) {
            let span = model.expr(call).span;
            if span.start < declared.end || span.start >= join.start {
                continue;
            }
            let ExprKind::Call { callee, args, .. } = &model.expr(call).kind else {
                continue;
            };
            if let ExprKind::Member {
                object,
                property: MemberProp::Name(method),
                ..
            } = &model.expr(*callee).kind
                && model.resolved_binding(*object) == Some(b)
            {
                let values = || args.iter().map(|a| a.value).collect();
                let change = match method.as_str() {
                    "push" | "append" => Change::Append(values()),
                    "unshift" => Change::Prepend(values()),
                    "pop" if args.is_empty() => Change::DropLast,
                    // Any other change of the list (`splice`, `insert`, `extend`): unread.
                    _ => return None,
                };
                changes.push((span, call, change));
            } else if args
                .iter()
                .any(|a| model.resolved_binding(a.value) == Some(b))
            {
                // Handed to another function, which may change it.
                return None;
            }
        }
        changes.sort_by_key(|(span, _, _)| span.start);
        for (span, _, change) in changes {
            if !self.runs(file, function, span)? {
                continue;
            }
            match change {
                Change::Append(values) => elements.extend(values),
                Change::Prepend(values) => {
                    elements.splice(0..0, values);
                }
                Change::DropLast => {
                    elements.pop();
                }
            }
        }
        Some(elements)
    }

    /// Whether code at `span` in `function` runs, by the `if`s around it: `None` when a
    /// condition cannot be told or the code is in a loop.
    fn runs(&self, file: usize, function: FuncId, span: Span) -> Option<bool> {
        let model = self.files.model(file);
        let inside = model.function(function).span;
        let in_loop = model.stmts.iter().any(|s| {
            matches!(s.kind, StmtKind::Loop(_)) && s.span.contains(span) && inside.contains(s.span)
        });
        if in_loop || crate::files::enclosing_function(model, span) != Some(function) {
            return None;
        }
        for &(if_span, test, consequent, alternate) in self.files.if_statements(file) {
            if !if_span.contains(span) || !inside.contains(if_span) {
                continue;
            }
            let wanted = if model.stmt(consequent).span.contains(span) {
                true
            } else if alternate.is_some_and(|a| model.stmt(a).span.contains(span)) {
                false
            } else {
                continue;
            };
            if self.holds(file, test)? != wanted {
                return Some(false);
            }
        }
        Some(true)
    }

    /// Whether a condition holds at this reading: a key of an options parameter the call site
    /// passed as an object (or left out), a parameter passed or left out, `!`, `&&`, `||`.
    fn holds(&self, file: usize, test: ExprId) -> Option<bool> {
        let model = self.files.model(file);
        match &model.expr(test).kind {
            ExprKind::Unary {
                op: UnaryOp::Not,
                arg,
            } => self.holds(file, *arg).map(|h| !h),
            ExprKind::Logical { op, left, right } => {
                let (l, r) = (self.holds(file, *left), self.holds(file, *right));
                match op {
                    LogicalOp::And => match (l, r) {
                        (Some(false), _) | (_, Some(false)) => Some(false),
                        (Some(true), Some(true)) => Some(true),
                        _ => None,
                    },
                    LogicalOp::Or => match (l, r) {
                        (Some(true), _) | (_, Some(true)) => Some(true),
                        (Some(false), Some(false)) => Some(false),
                        _ => None,
                    },
                    _ => None,
                }
            }
            ExprKind::Member {
                object,
                property: MemberProp::Name(key),
                ..
            } => {
                // Only a parameter the reading binds to its call site's argument.
                let b = model.resolved_binding(*object)?;
                self.subst.get(&(file, b))?;
                match self.object_key(file, *object, key).ok()? {
                    None => Some(false),
                    Some((vf, ve)) => truthy(self.files.model(vf), ve),
                }
            }
            ExprKind::Ident {
                binding: Some(b), ..
            } => match self.subst.get(&(file, *b))? {
                None => self.default_is_absent(file, *b).then_some(false),
                Some((af, ae)) => truthy(self.files.model(*af), *ae),
            },
            // `object_id is not None`, `id != null`: whether the parameter was passed.
            ExprKind::Binary { op, left, right } if is_nothing(model, *right) => {
                let ExprKind::Ident {
                    binding: Some(b), ..
                } = &model.expr(*left).kind
                else {
                    return None;
                };
                let present = match self.subst.get(&(file, *b))? {
                    None => !self.default_is_absent(file, *b),
                    Some((af, ae)) => !is_nothing(self.files.model(*af), *ae),
                };
                match op {
                    BinaryOp::IsNot | BinaryOp::NotEq | BinaryOp::StrictNotEq => Some(present),
                    BinaryOp::Is | BinaryOp::Eq | BinaryOp::StrictEq => Some(!present),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// Whether a parameter left out at the call site holds nothing: it has no default, or a
    /// default of `None` / `null` / `undefined`.
    fn default_is_absent(&self, file: usize, b: seam_lang::model::BindingId) -> bool {
        let model = self.files.model(file);
        let BindingKind::Param { function, index } = model.binding(b).kind else {
            return false;
        };
        model
            .function(function)
            .params
            .get(index as usize)
            .is_none_or(|p| p.default.is_none_or(|d| is_nothing(model, d)))
    }
}

/// `None`, `null`, `undefined`.
fn is_nothing(model: &seam_lang::model::Model, expr: ExprId) -> bool {
    matches!(
        model.expr(expr).kind,
        ExprKind::Literal {
            value: LiteralValue::Null | LiteralValue::Undefined
        }
    )
}

/// The elements of a list literal with no spread or gap.
fn literal_elements(model: &seam_lang::model::Model, expr: ExprId) -> Option<Vec<ExprId>> {
    let ExprKind::Array { elements, .. } = &model.expr(expr).kind else {
        return None;
    };
    elements
        .iter()
        .map(|e| match e {
            ArrayElement::Expr(e) => Some(*e),
            _ => None,
        })
        .collect()
}

/// Whether a passed value is truthy: a literal says; anything else (a name, a call, an object)
/// is taken as given, as the caller that passes an `id` means one.
fn truthy(model: &seam_lang::model::Model, expr: ExprId) -> Option<bool> {
    Some(match &model.expr(expr).kind {
        ExprKind::Literal { value } => match value {
            LiteralValue::String { value } => !value.is_empty(),
            LiteralValue::Number(number) => number.value != 0.0,
            LiteralValue::Bool { value } => *value,
            LiteralValue::Null | LiteralValue::Undefined => false,
            _ => true,
        },
        _ => true,
    })
}
