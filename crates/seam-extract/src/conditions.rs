//! Conditions into predicates, and the values they test into value references.
//!
//! A condition is structured when it can be taken apart (`!x`, comparisons, `typeof`,
//! `instanceof`, `in`, `&&`/`||`, names, property chains and calls) and opaque, with its
//! source text and a reason, when it cannot. Subjects are resolved through the model's
//! bindings: a parameter of the unit is an `input`, a name initialised by a call (awaited or
//! not) a `dependency`, destructuring and property chains `derived`, literals `literal`, up to
//! eight hops; anything else is `unresolved` with its source text.

use seam_ir::summary::{
    CallPredicate, Comparison, ComparisonOp, Compound, CompoundOp, DependencyValue, Derivation,
    DerivedValue, Destructured, Index, IndexAccess, InputValue, LiteralValueRef, MethodCall,
    Negation, OpaquePredicate, OpaqueReason, Predicate, PropertyAccess, PropertyExists,
    SubjectCheck, TypeCheck, UnresolvedValue, ValueRef,
};
use std::collections::BTreeSet;

use seam_lang::model::{
    BinaryOp, BindingId, BindingKind, ExprId, ExprKind, FuncId, LiteralValue, LogicalOp,
    MemberProp, Model, PatternStep, UnaryOp,
};

use crate::files::MAX_HOPS;

/// What the resolver needs to know about the unit.
pub struct Scope<'a> {
    pub model: &'a Model,
    /// The unit's function: its parameters are the unit's inputs.
    pub function: FuncId,
    /// Names holding the response of another request made in the function (a client unit's
    /// sibling call, see [`foreign_responses`]): a value read off one is another request's, so
    /// the reader does not follow it (`!otherResponse.ok` says nothing about this response).
    pub foreign: BTreeSet<BindingId>,
}

/// The names that hold the response of one of `others` (calls of other requests made in the
/// unit's function: `const b = await fetch(…)`, `b = await fetch(…)` on a `let`, a name
/// destructured out of one) and never the response of `own`.
pub fn foreign_responses(
    files: &crate::files::Files,
    file: usize,
    own: ExprId,
    others: &BTreeSet<ExprId>,
) -> BTreeSet<BindingId> {
    let model = files.model(file);
    let mut out = BTreeSet::new();
    if others.is_empty() {
        return out;
    }
    let call_of = |mut e: ExprId| loop {
        match &model.expr(e).kind {
            ExprKind::Await { arg } => e = *arg,
            _ => return e,
        }
    };
    for (i, binding) in model.bindings.iter().enumerate() {
        // A name destructured out of the response (`const { response: r } = await api.POST(…)`)
        // holds part of it as well.
        if matches!(binding.kind, BindingKind::Param { .. }) {
            continue;
        }
        let b = BindingId::from_index(i);
        let assigned = crate::url::assignments_to(files, file, b).map(|a| a.value);
        let values: Vec<ExprId> = binding
            .origin
            .init
            .into_iter()
            .chain(assigned)
            .map(call_of)
            .collect();
        if values.iter().any(|v| others.contains(v)) && !values.contains(&own) {
            out.insert(b);
        }
    }
    out
}

/// A JSON number for a literal, keeping integers integral.
pub fn json_number(value: f64) -> Option<serde_json::Number> {
    if value.fract() == 0.0 && value.abs() < 9.0e15 {
        Some(serde_json::Number::from(value as i64))
    } else {
        serde_json::Number::from_f64(value)
    }
}

fn literal_ref(value: &LiteralValue) -> Option<ValueRef> {
    use seam_ir::summary::LiteralValue as L;
    let v = match value {
        LiteralValue::String { value } => L::Text(value.to_string()),
        LiteralValue::Number(number) => L::Number(json_number(number.value)?),
        LiteralValue::Bool { value } => L::Bool(*value),
        LiteralValue::Null => L::Null,
        _ => return None,
    };
    Some(ValueRef::Literal(LiteralValueRef { value: v }))
}

/// `http.StatusNotFound` through an import of a module whose constants seam knows: the value.
fn module_constant(model: &Model, expr: ExprId) -> Option<ValueRef> {
    match crate::library_constants::library_constant(model, expr)? {
        seam_packs::constants::ConstantValue::Number(value) => literal_ref(&LiteralValue::Number(
            Box::new(seam_lang::model::NumberLiteral {
                value,
                raw: "".into(),
            }),
        )),
        seam_packs::constants::ConstantValue::Text(value) => literal_ref(&LiteralValue::String {
            value: value.into(),
        }),
    }
}

fn derived(from: ValueRef, derivation: Derivation) -> ValueRef {
    ValueRef::Derived(DerivedValue {
        from: Box::new(from),
        derivation,
    })
}

impl Scope<'_> {
    fn unresolved(&self, expr: ExprId) -> ValueRef {
        ValueRef::Unresolved(UnresolvedValue {
            source_text: self.model.text_collapsed(self.model.expr(expr).span),
        })
    }

    /// The value reference for an expression.
    pub fn value(&self, expr: ExprId) -> ValueRef {
        self.value_hops(expr, MAX_HOPS)
    }

    fn value_hops(&self, expr: ExprId, hops: usize) -> ValueRef {
        if hops == 0 || self.reads_foreign(expr) {
            return self.unresolved(expr);
        }
        let model = self.model;
        match &model.expr(expr).kind {
            ExprKind::Literal { value } => {
                literal_ref(value).unwrap_or_else(|| self.unresolved(expr))
            }
            ExprKind::Ident {
                binding: Some(b), ..
            } => self.binding_value(expr, *b, hops),
            ExprKind::Member {
                object, property, ..
            } => {
                if let Some(value) = module_constant(model, expr) {
                    return value;
                }
                let from = self.value_hops(*object, hops - 1);
                match property {
                    MemberProp::Name(p) => derived(
                        from,
                        Derivation::PropertyAccess(PropertyAccess {
                            property: p.to_string(),
                        }),
                    ),
                    MemberProp::Computed(k) => match &model.expr(*k).kind {
                        ExprKind::Literal {
                            value: LiteralValue::Number(number),
                        } => match json_number(number.value) {
                            Some(n) => derived(
                                from,
                                Derivation::IndexAccess(IndexAccess {
                                    index: Index::Number(n),
                                }),
                            ),
                            None => self.unresolved(expr),
                        },
                        ExprKind::Literal {
                            value: LiteralValue::String { value },
                        } => derived(
                            from,
                            Derivation::IndexAccess(IndexAccess {
                                index: Index::Text(value.to_string()),
                            }),
                        ),
                        _ => self.unresolved(expr),
                    },
                    MemberProp::Private(_) => self.unresolved(expr),
                }
            }
            ExprKind::Await { arg } => match &model.expr(*arg).kind {
                ExprKind::Call { .. } => self.value_hops(*arg, hops - 1),
                _ => derived(self.value_hops(*arg, hops - 1), Derivation::Awaited),
            },
            ExprKind::Call { callee, args, .. } => self.call_value(*callee, args, hops),
            _ => self.unresolved(expr),
        }
    }

    /// Whether `expr` reads a name holding another request's response (`other.ok`,
    /// `(await other.json()).id`).
    fn reads_foreign(&self, mut expr: ExprId) -> bool {
        if self.foreign.is_empty() {
            return false;
        }
        loop {
            match &self.model.expr(expr).kind {
                ExprKind::Ident {
                    binding: Some(b), ..
                } => return self.foreign.contains(b),
                ExprKind::Member { object, .. } => expr = *object,
                ExprKind::Await { arg } => expr = *arg,
                ExprKind::Call { callee, .. } => match &self.model.expr(*callee).kind {
                    ExprKind::Member { object, .. } => expr = *object,
                    _ => return false,
                },
                _ => return false,
            }
        }
    }

    /// A call: a method on a value the unit holds is a derivation of it; anything else is a
    /// dependency named by the callee text.
    fn call_value(&self, callee: ExprId, args: &[seam_lang::model::Arg], hops: usize) -> ValueRef {
        let model = self.model;
        if let ExprKind::Member {
            object,
            property: MemberProp::Name(method),
            ..
        } = &model.expr(callee).kind
        {
            let base = self.value_hops(*object, hops - 1);
            if matches!(base, ValueRef::Input(_) | ValueRef::Derived(_)) {
                return derived(
                    base,
                    Derivation::MethodCall(MethodCall {
                        method: method.to_string(),
                        args: args
                            .iter()
                            .map(|a| model.text_collapsed(model.expr(a.value).span))
                            .collect(),
                    }),
                );
            }
        }
        ValueRef::Dependency(DependencyValue {
            name: model.text_collapsed(model.expr(callee).span),
            access_chain: Vec::new(),
        })
    }

    fn binding_value(&self, expr: ExprId, b: seam_lang::model::BindingId, hops: usize) -> ValueRef {
        let model = self.model;
        let binding = model.binding(b);
        if let BindingKind::Param { function, .. } = binding.kind {
            if function == self.function {
                let mut value = ValueRef::Input(InputValue {
                    input_ref: self.input_name(b),
                    path: Vec::new(),
                });
                // A name destructured out of a parameter (`({ params }, res)`).
                for step in &binding.origin.path {
                    value = apply_step(value, step);
                }
                return value;
            }
            return self.unresolved(expr);
        }
        if binding.reassigned {
            return self.unresolved(expr);
        }
        if let BindingKind::Import { .. } = binding.kind {
            // `from starlette.status import HTTP_404_NOT_FOUND`: the library's value.
            if let Some(value) = module_constant(model, expr) {
                return value;
            }
            return ValueRef::Dependency(DependencyValue {
                name: binding.name.to_string(),
                access_chain: Vec::new(),
            });
        }
        let Some(init) = binding.origin.init else {
            return self.unresolved(expr);
        };
        let mut value = self.value_hops(init, hops - 1);
        if matches!(value, ValueRef::Unresolved(_)) && binding.origin.path.is_empty() {
            return self.unresolved(expr);
        }
        for step in &binding.origin.path {
            value = apply_step(value, step);
        }
        value
    }

    /// The input name of a parameter: its name, or `arg<position>` for a destructured one.
    fn input_name(&self, b: seam_lang::model::BindingId) -> String {
        let binding = self.model.binding(b);
        if binding.origin.path.is_empty() {
            return binding.name.to_string();
        }
        match binding.kind {
            BindingKind::Param { index, .. } => format!("arg{index}"),
            _ => binding.name.to_string(),
        }
    }

    /// The predicate for a condition expression, structured when it can be taken apart.
    pub fn predicate(&self, expr: ExprId) -> Predicate {
        self.structured(expr).unwrap_or_else(|| {
            Predicate::Opaque(OpaquePredicate {
                source_text: self.model.text_collapsed(self.model.expr(expr).span),
                reason: OpaqueReason::ComplexExpression,
            })
        })
    }

    fn structured(&self, expr: ExprId) -> Option<Predicate> {
        let model = self.model;
        match &model.expr(expr).kind {
            ExprKind::Unary {
                op: UnaryOp::Not,
                arg,
            } => Some(match self.structured(*arg)? {
                Predicate::TruthinessCheck(c) => Predicate::TruthinessCheck(SubjectCheck {
                    subject: c.subject,
                    negated: !c.negated,
                }),
                Predicate::NullCheck(c) => Predicate::NullCheck(SubjectCheck {
                    subject: c.subject,
                    negated: !c.negated,
                }),
                Predicate::PropertyExists(p) => Predicate::PropertyExists(PropertyExists {
                    negated: !p.negated,
                    ..p
                }),
                other => Predicate::Negation(Negation {
                    operand: Box::new(other),
                }),
            }),
            ExprKind::Binary { op, left, right } => self.binary(*op, *left, *right),
            ExprKind::Logical { op, left, right } => {
                let op = match op {
                    LogicalOp::And => CompoundOp::And,
                    LogicalOp::Or => CompoundOp::Or,
                    LogicalOp::Nullish => return None,
                };
                let mut operands = Vec::new();
                for side in [*left, *right] {
                    match self.structured(side)? {
                        Predicate::Compound(c) if c.op == op => operands.extend(c.operands),
                        p => operands.push(p),
                    }
                }
                Some(Predicate::Compound(Compound { op, operands }))
            }
            ExprKind::Ident { .. } | ExprKind::Member { .. } | ExprKind::Await { .. } => {
                let subject = self.value(expr);
                if matches!(subject, ValueRef::Unresolved(_))
                    && !matches!(
                        model.expr(expr).kind,
                        ExprKind::Ident { .. } | ExprKind::Member { .. }
                    )
                {
                    return None;
                }
                Some(Predicate::TruthinessCheck(SubjectCheck {
                    subject,
                    negated: false,
                }))
            }
            ExprKind::Call { callee, args, .. } => {
                if let ValueRef::Dependency(_) | ValueRef::Derived(_) = self.value(expr)
                    && args.iter().all(|a| !a.spread)
                {
                    return Some(Predicate::Call(CallPredicate {
                        callee: model.text_collapsed(model.expr(*callee).span),
                        args: args.iter().map(|a| self.value(a.value)).collect(),
                    }));
                }
                None
            }
            _ => None,
        }
    }

    fn binary(&self, op: BinaryOp, left: ExprId, right: ExprId) -> Option<Predicate> {
        let model = self.model;
        let is_nullish = |e: ExprId| {
            matches!(
                model.expr(e).kind,
                ExprKind::Literal {
                    value: LiteralValue::Null | LiteralValue::Undefined
                }
            )
        };
        let typeof_of = |e: ExprId| match &model.expr(e).kind {
            ExprKind::Unary {
                op: UnaryOp::Typeof,
                arg,
            } => Some(*arg),
            _ => None,
        };
        let string_literal = |e: ExprId| match &model.expr(e).kind {
            ExprKind::Literal {
                value: LiteralValue::String { value },
            } => Some(value.clone()),
            _ => None,
        };
        let equality = matches!(
            op,
            BinaryOp::Eq
                | BinaryOp::StrictEq
                | BinaryOp::NotEq
                | BinaryOp::StrictNotEq
                | BinaryOp::Is
                | BinaryOp::IsNot
        );
        let negated = matches!(
            op,
            BinaryOp::NotEq | BinaryOp::StrictNotEq | BinaryOp::IsNot
        );
        if equality {
            // `typeof x === "string"`
            for (a, b) in [(left, right), (right, left)] {
                if let (Some(subject), Some(t)) = (typeof_of(a), string_literal(b)) {
                    let check = Predicate::TypeCheck(TypeCheck {
                        subject: self.value(subject),
                        expected_type: t.to_string(),
                    });
                    return Some(if negated {
                        Predicate::Negation(Negation {
                            operand: Box::new(check),
                        })
                    } else {
                        check
                    });
                }
            }
            // `x == null`, `x === undefined`, Python `x is None`
            for (a, b) in [(left, right), (right, left)] {
                if is_nullish(b) && !is_nullish(a) {
                    return Some(Predicate::NullCheck(SubjectCheck {
                        subject: self.value(a),
                        negated,
                    }));
                }
            }
        }
        let comparison = match op {
            BinaryOp::Eq | BinaryOp::StrictEq | BinaryOp::Is => ComparisonOp::Eq,
            BinaryOp::NotEq | BinaryOp::StrictNotEq | BinaryOp::IsNot => ComparisonOp::Neq,
            BinaryOp::Gt => ComparisonOp::Gt,
            BinaryOp::GtEq => ComparisonOp::Gte,
            BinaryOp::Lt => ComparisonOp::Lt,
            BinaryOp::LtEq => ComparisonOp::Lte,
            BinaryOp::Instanceof => {
                return Some(Predicate::TypeCheck(TypeCheck {
                    subject: self.value(left),
                    expected_type: model.text_collapsed(model.expr(right).span),
                }));
            }
            BinaryOp::In | BinaryOp::NotIn => {
                let property = string_literal(left)?;
                return Some(Predicate::PropertyExists(PropertyExists {
                    subject: self.value(right),
                    property: property.to_string(),
                    negated: op == BinaryOp::NotIn,
                }));
            }
            _ => return None,
        };
        let l = self.value(left);
        let r = self.value(right);
        if matches!(l, ValueRef::Unresolved(_)) && matches!(r, ValueRef::Unresolved(_)) {
            return None;
        }
        Some(Predicate::Comparison(Comparison {
            left: l,
            op: comparison,
            right: r,
        }))
    }
}

fn apply_step(value: ValueRef, step: &PatternStep) -> ValueRef {
    match step {
        PatternStep::Key(k) => derived(
            value,
            Derivation::Destructured(Destructured { field: k.clone() }),
        ),
        PatternStep::Index(i) => derived(
            value,
            Derivation::IndexAccess(IndexAccess {
                index: Index::Number(serde_json::Number::from(*i)),
            }),
        ),
        PatternStep::Rest | PatternStep::Computed => value,
    }
}

/// Whether a predicate is opaque (for confidence).
pub fn is_opaque(p: &Predicate) -> bool {
    match p {
        Predicate::Opaque(_) => true,
        Predicate::Negation(n) => is_opaque(&n.operand),
        _ => false,
    }
}
