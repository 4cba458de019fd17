//! Constructor functions and their prototypes, the classes of JavaScript written before `class`:
//! `function Api(options) { this.domain = … }` with `Api.prototype.get = function (…) { … }`,
//! also inside an IIFE that returns the constructor (`let Api = (function () { …; return Api;
//! })()`, as swagger-js-codegen writes its clients). A call through an instance (`api.get(…)`
//! with `api = new Api(…)`, or `this.request(…)` inside a prototype method) reaches the
//! function the prototype holds, and `this.field` inside one reads the instance's field.

use std::collections::BTreeMap;

use seam_lang::model::{BindingId, BindingKind, ExprId, ExprKind, FuncId, MemberProp, Model};

use crate::files::Files;

/// One file's prototype assignments (`C.prototype.m = function …`), read from its syntax only.
#[derive(Debug, Default)]
pub struct FilePrototypes {
    /// (constructor, method name) → the function assigned.
    methods: BTreeMap<(FuncId, String), FuncId>,
    /// A prototype method → its constructor.
    owners: BTreeMap<FuncId, FuncId>,
    /// (constructor, field) → the values the constructor's own `this.field = value` assign.
    fields: BTreeMap<(FuncId, String), Vec<ExprId>>,
}

impl FilePrototypes {
    pub fn read(model: &Model) -> FilePrototypes {
        let mut out = FilePrototypes::default();
        for e in &model.exprs {
            let ExprKind::Assign { target, value, .. } = &e.kind else {
                continue;
            };
            let Some(target) = assigned_expr(model, *target) else {
                continue;
            };
            let ExprKind::Member {
                object: proto,
                property: MemberProp::Name(name),
                ..
            } = &model.expr(target).kind
            else {
                continue;
            };
            let ExprKind::Member {
                object: owner,
                property: MemberProp::Name(prototype),
                ..
            } = &model.expr(*proto).kind
            else {
                continue;
            };
            if prototype != "prototype" {
                continue;
            }
            let (Some(constructor), Some(method)) =
                (local_function(model, *owner), local_function(model, *value))
            else {
                continue;
            };
            out.methods.insert((constructor, name.to_string()), method);
            out.owners.insert(method, constructor);
        }
        if out.methods.is_empty() {
            return out;
        }
        for e in &model.exprs {
            let ExprKind::Assign { target, value, .. } = &e.kind else {
                continue;
            };
            let Some(target) = assigned_expr(model, *target) else {
                continue;
            };
            let ExprKind::Member {
                object,
                property: MemberProp::Name(field),
                ..
            } = &model.expr(target).kind
            else {
                continue;
            };
            if !matches!(model.expr(*object).kind, ExprKind::This) {
                continue;
            }
            let Some(func) = crate::files::enclosing_function(model, e.span) else {
                continue;
            };
            if out.is_constructor(func) {
                out.fields
                    .entry((func, field.to_string()))
                    .or_default()
                    .push(*value);
            }
        }
        out
    }

    /// Whether the file gives any constructor a prototype method.
    pub fn any(&self) -> bool {
        !self.methods.is_empty()
    }

    fn is_constructor(&self, func: FuncId) -> bool {
        self.methods.keys().any(|(c, _)| *c == func)
    }
}

/// Where a program makes instances and changes their fields afterwards, over every file, read
/// from syntax only (resolving the constructors is left to each question).
#[derive(Debug, Default)]
pub struct Instances {
    /// Every `new X(…)`.
    news: Vec<(usize, ExprId)>,
    /// `x.field = value` where `x` is a variable initialised with `new X(…)`: (file, `x`,
    /// field, value).
    writes: Vec<(usize, BindingId, String, ExprId)>,
}

impl Instances {
    pub fn read(models: &[Model]) -> Instances {
        let mut out = Instances::default();
        for (file, model) in models.iter().enumerate() {
            for (i, e) in model.exprs.iter().enumerate() {
                match &e.kind {
                    ExprKind::Call { is_new: true, .. } => {
                        out.news.push((file, ExprId::from_index(i)));
                    }
                    ExprKind::Assign { target, value, .. } => {
                        let Some(target) = assigned_expr(model, *target) else {
                            continue;
                        };
                        let ExprKind::Member {
                            object,
                            property: MemberProp::Name(field),
                            ..
                        } = &model.expr(target).kind
                        else {
                            continue;
                        };
                        let ExprKind::Ident {
                            binding: Some(b), ..
                        } = &model.expr(*object).kind
                        else {
                            continue;
                        };
                        let made_by_new = model.binding(*b).origin.init.is_some_and(|init| {
                            matches!(model.expr(init).kind, ExprKind::Call { is_new: true, .. })
                        });
                        if made_by_new {
                            out.writes.push((file, *b, field.to_string(), *value));
                        }
                    }
                    _ => {}
                }
            }
        }
        out
    }
}

/// The expression an assignment writes to (`a.b` of `a.b = v`).
fn assigned_expr(model: &Model, target: seam_lang::model::PatternId) -> Option<ExprId> {
    match &model.pattern(target).kind {
        seam_lang::model::PatternKind::Expr { expr } => Some(*expr),
        _ => None,
    }
}

/// The function an expression names without leaving its file: a function expression, a
/// declared function, or a variable initialised with a function expression.
fn local_function(model: &Model, expr: ExprId) -> Option<FuncId> {
    match &model.expr(expr).kind {
        ExprKind::Function { function } => Some(*function),
        ExprKind::Ident {
            binding: Some(b), ..
        } => {
            let binding = model.binding(*b);
            match binding.kind {
                BindingKind::Function { function } => Some(function),
                BindingKind::Var { .. }
                    if !binding.reassigned && binding.origin.path.is_empty() =>
                {
                    match binding.origin.init.map(|i| &model.expr(i).kind) {
                        Some(ExprKind::Function { function }) => Some(*function),
                        _ => None,
                    }
                }
                _ => None,
            }
        }
        _ => None,
    }
}

/// The function `object.name(…)` reaches when `object` is an instance of a constructor
/// function: `this` inside one of its prototype methods (or itself), or a value made by
/// `new C(…)` (through variables, imports and object-literal keys).
pub fn method(
    files: &Files,
    file: usize,
    object: ExprId,
    name: &str,
    hops: usize,
) -> Option<(usize, FuncId)> {
    if !files.has_prototypes() {
        return None;
    }
    let (cf, constructor) = constructor_of_receiver(files, file, object, hops)?;
    files
        .prototypes(cf)
        .methods
        .get(&(constructor, name.to_owned()))
        .map(|f| (cf, *f))
}

fn constructor_of_receiver(
    files: &Files,
    file: usize,
    object: ExprId,
    hops: usize,
) -> Option<(usize, FuncId)> {
    if matches!(files.model(file).expr(object).kind, ExprKind::This) {
        return constructor_of_this(files, file, object).map(|c| (file, c));
    }
    let (vf, ve) = instance_value(files, file, object, hops)?;
    constructor_of_new(files, vf, ve, hops)
}

/// The constructor whose instance `this` is: the constructor of the prototype method it is
/// read in (an arrow has the `this` of the function around it), or that constructor itself.
fn constructor_of_this(files: &Files, file: usize, this: ExprId) -> Option<FuncId> {
    if files.prototypes(file).methods.is_empty() {
        return None;
    }
    let model = files.model(file);
    let mut func = crate::files::enclosing_function(model, model.expr(this).span)?;
    for _ in 0..crate::files::MAX_HOPS {
        let f = model.function(func);
        match (f.kind, f.parent) {
            (seam_lang::model::FunctionKind::Arrow, Some(parent)) => func = parent,
            _ => break,
        }
    }
    let prototypes = files.prototypes(file);
    match prototypes.owners.get(&func) {
        Some(constructor) => Some(*constructor),
        None => prototypes.is_constructor(func).then_some(func),
    }
}

/// The `new C(…)` expression a value is: directly, or held in a variable, an import or a key of
/// an object literal (`App.api` with `App = { api }` and `api = new Api("/")`).
fn instance_value(
    files: &Files,
    file: usize,
    expr: ExprId,
    hops: usize,
) -> Option<(usize, ExprId)> {
    let hops = hops.checked_sub(1)?;
    match &files.model(file).expr(expr).kind {
        ExprKind::Call { is_new: true, .. } => Some((file, expr)),
        ExprKind::Ident { .. } => {
            let def = files.definition(file, expr)?;
            let (vf, ve) = files.value_of(def)?;
            if (vf, ve) == (file, expr) {
                return None;
            }
            instance_value(files, vf, ve, hops)
        }
        ExprKind::Member {
            object,
            property: MemberProp::Name(name),
            ..
        } => {
            let (vf, ve) = crate::callees::object_value_key(files, file, *object, name, hops)?;
            instance_value(files, vf, ve, hops)
        }
        _ => None,
    }
}

/// The constructor function a `new C(…)` calls, when its file gives it prototype methods.
fn constructor_of_new(
    files: &Files,
    file: usize,
    new: ExprId,
    hops: usize,
) -> Option<(usize, FuncId)> {
    let ExprKind::Call {
        callee,
        is_new: true,
        ..
    } = &files.model(file).expr(new).kind
    else {
        return None;
    };
    let (cf, constructor) = crate::callees::function_in_value(files, file, *callee, hops)?;
    files
        .prototypes(cf)
        .is_constructor(constructor)
        .then_some((cf, constructor))
}

/// The value `this.field` has inside a constructor function's prototype method: the one write
/// of the field on an instance after it is made (`api.domain = …` beside `const api = new
/// Api("/")`: it replaces what the constructor set), else the constructor's one assignment
/// `this.field = value`, where a stored parameter is the argument of the project's one
/// `new C(…)`. `None` when writes disagree or nothing sets the field.
pub fn instance_field(files: &Files, file: usize, expr: ExprId) -> Option<(usize, ExprId)> {
    let model = files.model(file);
    let ExprKind::Member {
        object,
        property: MemberProp::Name(field),
        ..
    } = &model.expr(expr).kind
    else {
        return None;
    };
    if !matches!(model.expr(*object).kind, ExprKind::This) || !files.has_prototypes() {
        return None;
    }
    let constructor = constructor_of_this(files, file, *object)?;
    let uses = files.constructor_uses()?;
    let uses = uses.get(&(file, constructor));
    let writes: Vec<(usize, ExprId)> = uses
        .map(|u| {
            u.writes
                .iter()
                .filter(|(f, ..)| f == field)
                .map(|(_, wf, value)| (*wf, *value))
                .collect()
        })
        .unwrap_or_default();
    match writes.as_slice() {
        [one] => return Some(*one),
        [] => {}
        _ => return None,
    }
    let prototypes = files.prototypes(file);
    let assigned = prototypes
        .fields
        .get(&(constructor, field.to_string()))
        .map_or(&[][..], Vec::as_slice);
    let [value] = *assigned else {
        return None;
    };
    // A stored parameter: what the one construction passes for it.
    if let ExprKind::Ident {
        binding: Some(b), ..
    } = &model.expr(value).kind
        && let BindingKind::Param { function, index } = model.binding(*b).kind
        && function == constructor
    {
        let news: &[(usize, ExprId)] = uses.map_or(&[], |u| &u.news);
        let [(nf, new)] = news[..] else {
            return None;
        };
        let ExprKind::Call { args, .. } = &files.model(nf).expr(new).kind else {
            return None;
        };
        if args[..(index as usize + 1).min(args.len())]
            .iter()
            .any(|a| a.spread || a.name.is_some())
        {
            return None;
        }
        return args.get(index as usize).map(|a| (nf, a.value));
    }
    Some((file, value))
}

/// What the project does with the instances of one constructor function: where it makes them
/// and the fields it writes on them afterwards (field, file, value).
#[derive(Debug, Default)]
pub struct ConstructorUses {
    news: Vec<(usize, ExprId)>,
    writes: Vec<(String, usize, ExprId)>,
}

/// Every `new C(…)` and instance field write, by the constructor function it makes, resolved
/// once per run.
pub type ConstructorUsesIndex = BTreeMap<(usize, FuncId), ConstructorUses>;

pub fn constructor_uses(files: &Files) -> ConstructorUsesIndex {
    let hops = crate::files::MAX_HOPS;
    let mut out = ConstructorUsesIndex::new();
    let instances = files.instances();
    for &(nf, new) in &instances.news {
        if let Some(constructor) = constructor_of_new(files, nf, new, hops) {
            out.entry(constructor).or_default().news.push((nf, new));
        }
    }
    for (wf, b, field, value) in &instances.writes {
        let init = files.model(*wf).binding(*b).origin.init;
        if let Some(constructor) = init.and_then(|init| constructor_of_new(files, *wf, init, hops))
        {
            out.entry(constructor)
                .or_default()
                .writes
                .push((field.clone(), *wf, *value));
        }
    }
    out
}
