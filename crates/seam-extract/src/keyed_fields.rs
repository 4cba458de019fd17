//! Keys of an object field that constructors fill in: `this.paths.getAll` read in a base
//! class whose field `paths = { getAll: "" }` each subclass completes, by passing an object to
//! `super({ getAll: "/labels" })` that the base constructor merges in
//! (`Object.assign(this.paths, paths)`), by assigning the key (`this.paths.get = "/x"`) or by
//! replacing the whole object (`this.paths = { reset: "/x" }`). The value is what an instance
//! of a given class holds after its constructors ran: the most derived constructor that sets
//! the key wins, as it runs last; the field's initialiser is the default.

use seam_lang::model::{ClassId, ExprId, ExprKind, FuncId, MemberKind, MemberProp, Model};

use crate::files::{Files, MAX_HOPS};

/// The expression an instance of `class` holds in `this.<field>.<key>`, with the file it is
/// written in. `None` when no constructor of the hierarchy and no initialiser gives the key.
pub fn keyed_field_value(
    files: &Files,
    class: (usize, ClassId),
    field: &str,
    key: &str,
) -> Option<(usize, ExprId)> {
    // The arguments the class below passed to `super(…)`: what this class's constructor
    // parameters hold.
    let mut super_args: Option<(usize, Vec<ExprId>)> = None;
    let mut current = class;
    for _ in 0..MAX_HOPS {
        let (cf, cid) = current;
        let model = files.model(cf);
        if let Some(ctor) = crate::classes::constructor_of(model, cid) {
            if let Some(found) = set_in_constructor(files, cf, ctor, field, key, &super_args) {
                return found;
            }
            super_args = super_call_args(model, ctor).map(|args| (cf, args));
        }
        // (No constructor: the implicit one passes its arguments on unchanged.)
        if let Some(v) = initialiser_key(files, cf, cid, field, key) {
            return v;
        }
        current = crate::classes::parent_class(files, cf, cid)?;
    }
    None
}

/// What a constructor does to the key, the last statement that touches it winning:
/// `Some(Some(v))` it sets it to `v`, `Some(None)` it replaces the field with an object
/// without the key (or with one it cannot read), `None` it leaves the key alone.
fn set_in_constructor(
    files: &Files,
    file: usize,
    ctor: FuncId,
    field: &str,
    key: &str,
    super_args: &Option<(usize, Vec<ExprId>)>,
) -> Option<Option<(usize, ExprId)>> {
    let model = files.model(file);
    let span = model.function(ctor).span;
    let mut result = None;
    for e in &model.exprs {
        if !span.contains(e.span) {
            continue;
        }
        match &e.kind {
            ExprKind::Assign { target, value, .. } => {
                let seam_lang::model::PatternKind::Expr { expr: target } =
                    &model.pattern(*target).kind
                else {
                    continue;
                };
                if is_this_member(model, *target, field, key) {
                    result = Some(Some((file, *value)));
                } else if is_this_field(model, *target, field) {
                    result = Some(object_key(model, *value, key).map(|v| (file, v)));
                }
            }
            // `Object.assign(this.paths, paths)`: the keys of each later argument, a
            // constructor parameter read from what the subclass passed to `super(…)`.
            ExprKind::Call { callee, args, .. }
                if is_object_assign(model, *callee)
                    && args
                        .first()
                        .is_some_and(|a| is_this_field(model, a.value, field)) =>
            {
                for a in &args[1..] {
                    let (af, ae) =
                        param_argument(model, ctor, a.value, super_args).unwrap_or((file, a.value));
                    if let Some(v) = object_key(files.model(af), ae, key) {
                        result = Some(Some((af, v)));
                    }
                }
            }
            _ => {}
        }
    }
    result
}

/// The argument the subclass's `super(…)` passed for `expr` when `expr` names a parameter of
/// the constructor.
fn param_argument(
    model: &Model,
    ctor: FuncId,
    expr: ExprId,
    super_args: &Option<(usize, Vec<ExprId>)>,
) -> Option<(usize, ExprId)> {
    let ExprKind::Ident {
        binding: Some(b), ..
    } = &model.expr(expr).kind
    else {
        return None;
    };
    let seam_lang::model::BindingKind::Param { function, index } = model.binding(*b).kind else {
        return None;
    };
    if function != ctor {
        return None;
    }
    let (sf, args) = super_args.as_ref()?;
    args.get(index as usize).map(|a| (*sf, *a))
}

/// The arguments of the `super(…)` call in a constructor.
fn super_call_args(model: &Model, ctor: FuncId) -> Option<Vec<ExprId>> {
    let span = model.function(ctor).span;
    model.exprs.iter().find_map(|e| {
        let ExprKind::Call { callee, args, .. } = &e.kind else {
            return None;
        };
        (span.contains(e.span) && matches!(model.expr(*callee).kind, ExprKind::Super))
            .then(|| args.iter().map(|a| a.value).collect())
    })
}

/// The field's initialiser (`paths = { getAll: "" }`) when this class declares it:
/// `Some(Some(v))` with the key, `Some(None)` without it.
fn initialiser_key(
    files: &Files,
    file: usize,
    class: ClassId,
    field: &str,
    key: &str,
) -> Option<Option<(usize, ExprId)>> {
    let model = files.model(file);
    model
        .class(class)
        .members
        .iter()
        .find_map(|m| match &m.kind {
            MemberKind::Property { value: Some(v), .. }
                if !m.is_static && m.name.as_str() == Some(field) =>
            {
                // An empty text is the base's "not set" (the method refuses to run with it), not
                // a path any instance requests.
                Some(
                    object_key(model, *v, key)
                        .filter(|k| !is_empty_text(model, *k))
                        .map(|k| (file, k)),
                )
            }
            _ => None,
        })
}

fn is_empty_text(model: &Model, expr: ExprId) -> bool {
    matches!(&model.expr(expr).kind,
        ExprKind::Literal { value: seam_lang::model::LiteralValue::String { value } } if value.is_empty())
}

/// Whether `class` or an ancestor declares an object field with `key` among its keys.
pub fn declares_key(files: &Files, class: (usize, ClassId), key: &str) -> bool {
    let mut current = class;
    for _ in 0..MAX_HOPS {
        let (cf, cid) = current;
        let model = files.model(cf);
        let declared = model.class(cid).members.iter().any(|m| {
            matches!(&m.kind, MemberKind::Property { value: Some(v), .. }
                if !m.is_static && object_key(model, *v, key).is_some())
        });
        if declared {
            return true;
        }
        match crate::classes::parent_class(files, cf, cid) {
            Some(parent) => current = parent,
            None => return false,
        }
    }
    false
}

/// The value of `key` written in an object literal.
fn object_key(model: &Model, expr: ExprId, key: &str) -> Option<ExprId> {
    let ExprKind::Object { props } = &model.expr(expr).kind else {
        return None;
    };
    props.iter().rev().find_map(|p| match p {
        seam_lang::model::ObjectProp::KeyValue { key: k, value, .. } if k.as_str() == Some(key) => {
            Some(*value)
        }
        _ => None,
    })
}

/// `this.<field>`.
fn is_this_field(model: &Model, expr: ExprId, field: &str) -> bool {
    matches!(&model.expr(expr).kind,
        ExprKind::Member { object, property: MemberProp::Name(n), .. }
            if n == field && matches!(model.expr(*object).kind, ExprKind::This))
}

/// `this.<field>.<key>`.
fn is_this_member(model: &Model, expr: ExprId, field: &str, key: &str) -> bool {
    matches!(&model.expr(expr).kind,
        ExprKind::Member { object, property: MemberProp::Name(k), .. }
            if k == key && is_this_field(model, *object, field))
}

/// `Object.assign`.
fn is_object_assign(model: &Model, callee: ExprId) -> bool {
    matches!(&model.expr(callee).kind,
        ExprKind::Member { object, property: MemberProp::Name(n), .. }
            if n == "assign" && matches!(&model.expr(*object).kind,
                ExprKind::Ident { name, binding: None, .. } if name == "Object"))
}

/// The value the constructor of the class a method is written in gives `this.<field>.<key>`
/// (`this.paths = { reset: "/x" }`), read where no instance's class is known: its subclasses
/// run it too, after their parents' constructors.
pub fn own_constructor_value(files: &Files, file: usize, expr: ExprId) -> Option<(usize, ExprId)> {
    let model = files.model(file);
    let (field, key) = this_field_key(model, expr)?;
    let func = crate::files::enclosing_function(model, model.expr(expr).span)?;
    let class = model.function(func).class?;
    let ctor = crate::classes::constructor_of(model, class)?;
    set_in_constructor(files, file, ctor, field, key, &None)?
}

/// `this.<field>.<key>` as (field, key), when `expr` reads one.
pub fn this_field_key(model: &Model, expr: ExprId) -> Option<(&str, &str)> {
    let ExprKind::Member {
        object,
        property: MemberProp::Name(key),
        ..
    } = &model.expr(expr).kind
    else {
        return None;
    };
    let ExprKind::Member {
        object: this,
        property: MemberProp::Name(field),
        ..
    } = &model.expr(*object).kind
    else {
        return None;
    };
    matches!(model.expr(*this).kind, ExprKind::This).then_some((field.as_str(), key.as_str()))
}

/// Whether a path's holes that are not parameters (`{get}` from `this.paths.get`) are all
/// filled in every path `further` out, of which there is at least one.
pub fn filled_further_out<'p>(
    path: &str,
    is_param: impl Fn(&str) -> bool,
    further: impl Iterator<Item = &'p str>,
) -> bool {
    let holes: Vec<&str> = path
        .split('{')
        .skip(1)
        .filter_map(|s| s.split_once('}').map(|(h, _)| h))
        .filter(|h| !is_param(h))
        .collect();
    if holes.is_empty() {
        return false;
    }
    let mut any = false;
    for p in further {
        any = true;
        if holes.iter().any(|h| p.contains(&format!("{{{h}}}"))) {
            return false;
        }
    }
    any
}
