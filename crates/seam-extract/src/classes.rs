//! API class hierarchies: a base class whose methods build their URL from a field
//! (`http.get(this.baseRoute)`) that subclasses set (`baseRoute = "/users"`). Each call of
//! such a method through an instance (`usersApi.getAll()`, `usersApi` made by
//! `new UsersApi()`) is one client call, with the field read from the instance's class.

use seam_lang::model::{
    BindingKind, ClassId, ExportTarget, ExprId, ExprKind, FuncId, ImportedItem, MemberKind,
    MemberProp, Model,
};

use crate::files::{Def, Files, MAX_HOPS, calls};
use crate::url::{Reader, origin_of, path_of};

/// A call of a method through an instance of a class in the hierarchy, with the value the
/// instance's class gives the field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InstanceCall {
    pub file: usize,
    pub call: ExprId,
    /// The field's value read as a path (`/users`); a hole when it cannot be read.
    pub field_path: String,
    /// Where the field's value says the call goes (`Some(None)`: this deployment); `None`
    /// when the field cannot be read.
    pub field_origin: Option<Option<String>>,
    /// The class of the instance the call goes through.
    pub class: (usize, ClassId),
}

/// The class a method belongs to and the method's name, when `func` is a method.
fn method_of(model: &Model, func: FuncId) -> Option<(ClassId, String)> {
    let class = model.function(func).class?;
    let name = model
        .class(class)
        .members
        .iter()
        .find_map(|m| match &m.kind {
            MemberKind::Method { function } if *function == func => {
                m.name.as_str().map(str::to_owned)
            }
            _ => None,
        })?;
    Some((class, name))
}

/// The initialiser of a field the class (or the nearest ancestor that has it) declares.
fn field_value(files: &Files, file: usize, class: ClassId, field: &str) -> Option<(usize, ExprId)> {
    lineage(files, (file, class))
        .find_map(|(cf, cid)| own_initialiser(files.model(cf), cid, field).map(|v| (cf, v)))
}

/// The initialiser of the instance field `field` the class itself declares.
fn own_initialiser(model: &Model, class: ClassId, field: &str) -> Option<ExprId> {
    model
        .class(class)
        .members
        .iter()
        .find_map(|m| match &m.kind {
            MemberKind::Property { value: Some(v), .. }
                if !m.is_static && m.name.as_str() == Some(field) =>
            {
                Some(*v)
            }
            _ => None,
        })
}

/// The value of an instance field read through `self.name` / `this.name` inside a method:
/// the one assignment `self.name = value` in the class's constructor, when the class assigns
/// the field nowhere else. Anything else is unknown.
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
    // A declared initialiser is left alone: subclasses override those (API class hierarchies
    // read them per instance, see `instance_calls`).
    let class = receiver_class(model, *object, model.expr(expr).span)?;
    let constructor = constructor_of(model, class)?;
    // The class's one assignment of the field, in its constructor; two, or one elsewhere, make
    // the value unknown.
    match files
        .field_assignments(file)
        .get(&(class, field.to_string()))?
        .as_slice()
    {
        [(span, value)] if model.function(constructor).span.contains(*span) => Some((file, *value)),
        _ => None,
    }
}

/// Whether a method of the class (or of an ancestor), not its constructor, assigns the
/// instance field `name` (`setId(id) { this.id = id }`): the field's declared initialiser is
/// then only what it holds until that method runs.
pub fn set_by_method(files: &Files, class: (usize, ClassId), name: &str) -> bool {
    lineage(files, class).any(|(cf, cid)| {
        let model = files.model(cf);
        let constructor = constructor_of(model, cid).map(|f| model.function(f).span);
        files
            .field_assignments(cf)
            .get(&(cid, name.to_owned()))
            .is_some_and(|assigned| {
                assigned
                    .iter()
                    .any(|(span, _)| !constructor.is_some_and(|c| c.contains(*span)))
            })
    })
}

/// A file's assignments of instance fields (`this.x = v` inside a class, `self.x = v` in a
/// method), by (class, field): where each is and the value it assigns.
pub type FieldAssignments =
    std::collections::BTreeMap<(ClassId, String), Vec<(seam_lang::model::Span, ExprId)>>;

/// Lists every instance-field assignment of a model, in source order.
pub fn field_assignments(model: &Model) -> FieldAssignments {
    let mut out = FieldAssignments::new();
    for e in &model.exprs {
        let ExprKind::Assign { target, value, .. } = &e.kind else {
            continue;
        };
        let seam_lang::model::PatternKind::Expr { expr: target } = &model.pattern(*target).kind
        else {
            continue;
        };
        let ExprKind::Member {
            object,
            property: MemberProp::Name(n),
            ..
        } = &model.expr(*target).kind
        else {
            continue;
        };
        let Some(class) = receiver_class(model, *object, e.span) else {
            continue;
        };
        if !model.class(class).span.contains(e.span) {
            continue;
        }
        out.entry((class, n.to_string()))
            .or_default()
            .push((e.span, *value));
    }
    out
}

/// The class whose instance `object` (`this`, or a method's first parameter in Python) is,
/// at `span`.
fn receiver_class(model: &Model, object: ExprId, span: seam_lang::model::Span) -> Option<ClassId> {
    match &model.expr(object).kind {
        ExprKind::This => {
            // A field initialiser (`url = this.config.endpointFor("x")`) has no function
            // around it: its `this` is the instance of the class the field belongs to.
            let Some(mut func) = crate::files::enclosing_function(model, span) else {
                return innermost_class(model, span);
            };
            // An arrow function has the `this` of the function it is written in.
            for _ in 0..MAX_HOPS {
                let f = model.function(func);
                match (f.kind, f.parent) {
                    (seam_lang::model::FunctionKind::Arrow, Some(parent)) => func = parent,
                    _ => break,
                }
            }
            // An arrow in a field initialiser (`list = () => this.get()`) has no function
            // around it: its `this` is the instance of the class the field belongs to.
            model.function(func).class.or_else(|| {
                let f = model.function(func);
                (f.kind == seam_lang::model::FunctionKind::Arrow && f.parent.is_none())
                    .then(|| innermost_class(model, f.span))
                    .flatten()
            })
        }
        ExprKind::Ident {
            binding: Some(b), ..
        } => match model.binding(*b).kind {
            BindingKind::Param { function, index: 0 } => model.function(function).class,
            _ => None,
        },
        _ => None,
    }
}

/// The class whose field initialiser holds `expr` (a call written in `resource =
/// httpResource(…)` rather than in a method): `this` there is an instance of that class.
pub fn initializer_class(files: &Files, file: usize, expr: ExprId) -> Option<(usize, ClassId)> {
    let model = files.model(file);
    let span = model.expr(expr).span;
    if crate::files::enclosing_function(model, span).is_some() {
        return None;
    }
    innermost_class(model, span).map(|c| (file, c))
}

/// The innermost class whose body holds `span`.
fn innermost_class(model: &Model, span: seam_lang::model::Span) -> Option<ClassId> {
    model
        .classes
        .iter()
        .enumerate()
        .filter(|(_, c)| c.span.contains(span))
        .min_by_key(|(_, c)| c.span.len())
        .map(|(i, _)| ClassId::from_index(i))
}

/// The value of a static field read through its class (`Sso.LOGIN_URI` over `static
/// LOGIN_URI = "/login"`): the initialiser the class, or the nearest ancestor declaring it,
/// gives it.
pub fn static_value(
    files: &Files,
    file: usize,
    object: ExprId,
    name: &str,
) -> Option<(usize, ExprId)> {
    lineage(files, class_of_expr(files, file, object)?)
        .find_map(|(cf, cid)| {
            files
                .model(cf)
                .class(cid)
                .members
                .iter()
                .find_map(|m| match &m.kind {
                    MemberKind::Property { value, .. }
                        if m.is_static && m.name.as_str() == Some(name) =>
                    {
                        Some(value.map(|v| (cf, v)))
                    }
                    _ => None,
                })
        })
        .flatten()
}

/// The constructor parameter an instance field holds: `this.app` where the constructor of the
/// receiver's class (or of the ancestor that sets the field) does `this.app = app` with its
/// parameter `app`. The parameter's name in the constructor, with its file.
pub fn field_parameter(files: &Files, file: usize, expr: ExprId) -> Option<(usize, ExprId)> {
    let model = files.model(file);
    let ExprKind::Member {
        object,
        property: MemberProp::Name(field),
        ..
    } = &model.expr(expr).kind
    else {
        return None;
    };
    if !matches!(model.expr(*object).kind, ExprKind::This) {
        return None;
    }
    let class = receiver_class(model, *object, model.expr(expr).span)?;
    let (vf, ve) = field_of_class(files, (file, class), field)?;
    let vmodel = files.model(vf);
    let ExprKind::Ident {
        binding: Some(b), ..
    } = &vmodel.expr(ve).kind
    else {
        return None;
    };
    let BindingKind::Param { function, .. } = vmodel.binding(*b).kind else {
        return None;
    };
    constructor_class(vmodel, function)?;
    Some((vf, ve))
}

/// The class whose constructor `function` is.
fn constructor_class(model: &Model, function: FuncId) -> Option<ClassId> {
    model
        .classes
        .iter()
        .position(|c| {
            c.members
                .iter()
                .any(|m| matches!(m.kind, MemberKind::Constructor { function: f } if f == function))
        })
        .map(ClassId::from_index)
}

/// The calls that run a class's constructor (`function` in `file`): `new C(…)` of the class or
/// of a descendant that declares no constructor of its own on the way, and `super(…)` in the
/// constructor of a direct subclass.
pub fn constructor_calls(files: &Files, file: usize, function: FuncId) -> Vec<(usize, ExprId)> {
    let Some(class) = constructor_class(files.model(file), function) else {
        return Vec::new();
    };
    let has_constructor = |(f, c): (usize, ClassId)| {
        files
            .model(f)
            .class(c)
            .members
            .iter()
            .any(|m| matches!(m.kind, MemberKind::Constructor { .. }))
    };
    // Whether `new` of this class runs the constructor: it is the class, or every class from it
    // up to the class declares none.
    let runs = |from: (usize, ClassId)| {
        for current in lineage(files, from) {
            if current == (file, class) {
                return true;
            }
            if has_constructor(current) {
                return false;
            }
        }
        false
    };
    let mut out = Vec::new();
    for f in 0..files.count() {
        let model = files.model(f);
        for crate::files::NamedCall { call, .. } in files.calls(f) {
            let ExprKind::Call { callee, is_new, .. } = &model.expr(call).kind else {
                continue;
            };
            if *is_new {
                if class_of_expr(files, f, *callee).is_some_and(runs) {
                    out.push((f, call));
                }
            } else if matches!(model.expr(*callee).kind, ExprKind::Super)
                && let Some(sub) = innermost_class(model, model.expr(call).span)
                && parent_class(files, f, sub) == Some((file, class))
            {
                out.push((f, call));
            }
        }
    }
    out
}

/// The calls of the method `func` (in `file`) through an instance of its class or of a
/// subclass that does not override it (`api.add_org_resource(…)` with `api = ApiExt()`,
/// `new ApiExt()` in JavaScript: a Python call of a class makes an instance too).
pub fn method_calls(files: &Files, file: usize, func: FuncId) -> Vec<(usize, ExprId)> {
    let Some((class, method)) = method_of(files.model(file), func) else {
        return Vec::new();
    };
    let made_class = |f: usize, object: ExprId| {
        let (vf, ve) = files.value_of(files.definition(f, object)?)?;
        match &files.model(vf).expr(ve).kind {
            ExprKind::Call { callee, .. } => class_of_expr(files, vf, *callee),
            _ => None,
        }
    };
    let mut out = Vec::new();
    for &(f, call) in files.member_calls_named(&method) {
        let model = files.model(f);
        let ExprKind::Call { callee, .. } = &model.expr(call).kind else {
            continue;
        };
        let ExprKind::Member { object, .. } = &model.expr(*callee).kind else {
            continue;
        };
        let Some(instance) = made_class(f, *object) else {
            continue;
        };
        if descends_from(files, instance, (file, class))
            && methods_named(files, instance, &method).contains(&(file, func))
        {
            out.push((f, call));
        }
    }
    out
}

/// A class and its ancestors, nearest first, across files: at most [`MAX_HOPS`] classes.
pub fn lineage<'f>(
    files: &'f Files,
    class: (usize, ClassId),
) -> impl Iterator<Item = (usize, ClassId)> + 'f {
    std::iter::successors(Some(class), move |&(f, c)| parent_class(files, f, c)).take(MAX_HOPS)
}

/// The class a class extends, followed across files.
pub fn parent_class(files: &Files, file: usize, class: ClassId) -> Option<(usize, ClassId)> {
    let extends = *files.model(file).class(class).extends.first()?;
    class_of_expr(files, file, extends)
}

pub fn class_of_expr(files: &Files, file: usize, expr: ExprId) -> Option<(usize, ClassId)> {
    match files.definition(file, expr) {
        Some(Def::Binding(f, b)) => match &files.model(f).binding(b).kind {
            BindingKind::Class { class } => Some((f, *class)),
            _ => None,
        },
        // An imported class: definitions stop at exported classes, so follow the import here.
        _ => imported_class(files, file, expr, MAX_HOPS),
    }
}

/// The class an imported name refers to (`import { BaseApi } from "./base"`), through
/// re-exports.
fn imported_class(
    files: &Files,
    file: usize,
    expr: ExprId,
    hops: usize,
) -> Option<(usize, ClassId)> {
    let b = files.model(file).resolved_binding(expr)?;
    imported_class_of(files, file, b, hops)
}

/// The class a module-level name of `file` is: declared there or imported.
pub fn class_named(files: &Files, file: usize, name: &str) -> Option<(usize, ClassId)> {
    let b = files.module_binding(file, name)?;
    match &files.model(file).binding(b).kind {
        BindingKind::Class { class } => Some((file, *class)),
        _ => imported_class_of(files, file, b, MAX_HOPS),
    }
}

/// The class an import binding brings in, through re-exports.
fn imported_class_of(
    files: &Files,
    file: usize,
    b: seam_lang::model::BindingId,
    hops: usize,
) -> Option<(usize, ClassId)> {
    let model = files.model(file);
    let BindingKind::Import { import, name } = &model.binding(b).kind else {
        return None;
    };
    let imp = model.imports.get(*import as usize)?;
    let target = files.import_target(file, *import as usize)?;
    let exported = match &imp.names.get(*name as usize)?.imported {
        ImportedItem::Named(n) => n.clone(),
        ImportedItem::Default => "default".to_owned(),
        _ => return None,
    };
    exported_class(files, target, &exported, hops)
}

fn exported_class(files: &Files, file: usize, name: &str, hops: usize) -> Option<(usize, ClassId)> {
    let hops = hops.checked_sub(1)?;
    let model = files.model(file);
    let Some(export) = model.exports.iter().find(|e| e.exported == name) else {
        // `export * from "./prisma.service"` passes on every name of the module it names (a
        // workspace package's index).
        if name == "default" {
            return None;
        }
        return model
            .exports
            .iter()
            .filter(|e| e.exported == "*")
            .filter_map(|e| e.from.as_ref()?.resolved.as_deref())
            .filter_map(|resolved| files.index_of(resolved))
            .find_map(|target| exported_class(files, target, name, hops));
    };
    if let Some(from) = &export.from {
        let target = files.index_of(from.resolved.as_deref()?)?;
        return exported_class(files, target, &from.imported, hops);
    }
    match export.target {
        ExportTarget::Class(c) => Some((file, c)),
        ExportTarget::Binding(b) => match &model.binding(b).kind {
            BindingKind::Class { class } => Some((file, *class)),
            _ => None,
        },
        _ => None,
    }
}

/// Whether `class` is `ancestor` or extends it (several levels, across files).
pub fn descends_from(files: &Files, class: (usize, ClassId), ancestor: (usize, ClassId)) -> bool {
    lineage(files, class).any(|c| c == ancestor)
}

/// When `func` is a method whose URL starts with the hole `field` and its class declares that
/// field, every call of it through an instance of the class or a subclass, with the field
/// read from the instance's class. `None` when the URL does not come from such a field.
pub fn instance_calls(
    files: &Files,
    reader: &Reader,
    file: usize,
    func: FuncId,
    field: &str,
    all_files: &std::collections::BTreeSet<usize>,
) -> Option<Vec<InstanceCall>> {
    let model = files.model(file);
    let (class, method) = method_of(model, func)?;
    // The hole must be a field of the hierarchy (or a key of an object field constructors
    // fill in, `this.paths.getAll`), not a parameter of the method.
    field_value(files, file, class, field).or_else(|| {
        (model
            .class(class)
            .members
            .iter()
            .any(|m| m.name.as_str() == Some(field))
            || crate::keyed_fields::declares_key(files, (file, class), field))
        .then_some((file, ExprId::from_index(0)))
    })?;
    let mut out = Vec::new();
    for &cf in all_files {
        let cmodel = files.model(cf);
        for call in calls(cmodel) {
            let ExprKind::Call { callee, .. } = &cmodel.expr(call).kind else {
                continue;
            };
            let ExprKind::Member {
                object,
                property: MemberProp::Name(name),
                ..
            } = &cmodel.expr(*callee).kind
            else {
                continue;
            };
            if *name != method {
                continue;
            }
            // An instance made where the code shows, or each one the function's callers pass
            // for a parameter (`useStore(api.foods)` of `useStore(api) { api.getAll() }`).
            // A parameter's declared type says less than the classes its callers pass.
            let mut classes = passed_instance_classes(files, cf, *object, MAX_HOPS);
            if classes.is_empty() {
                classes.extend(instance_class(files, cf, *object));
            }
            for instance_class in classes {
                if !descends_from(files, instance_class, (file, class)) {
                    continue;
                }
                // A class on the way that overrides the method makes its own request.
                if !methods_named(files, instance_class, &method).contains(&(file, func)) {
                    continue;
                }
                let (field_path, field_origin) =
                    match field_value(files, instance_class.0, instance_class.1, field) {
                        Some((vf, ve)) => {
                            let pieces = reader.pieces(vf, ve);
                            (path_of(&pieces), Some(origin_of(&pieces)))
                        }
                        None => (format!("{{{field}}}"), None),
                    };
                out.push(InstanceCall {
                    file: cf,
                    call,
                    field_path,
                    field_origin,
                    class: instance_class,
                });
            }
        }
    }
    Some(out)
}

/// Instance classes by (file, parameter binding), see [`passed_instance_classes`].
pub type PassedInstances = std::collections::BTreeMap<
    (usize, seam_lang::model::BindingId),
    crate::consulted::Kept<Vec<(usize, ClassId)>>,
>;

/// The classes of the instances a function's callers pass for the parameter `expr` names
/// (`useStore(api.foods)` and `useStore(api.units)` for `api` of `function useStore(api)`),
/// through parameters handed on from caller to caller, in the callers' order without repeats.
/// Empty when `expr` is no plain parameter, no caller is seen, or some caller passes what is
/// not a known instance (a parameter of its own no caller fills, a value of unknown class, a
/// parameter handed round in a circle or through more than `hops` functions): which class
/// answers is then not written where the method is called.
pub fn passed_instance_classes(
    files: &Files,
    file: usize,
    expr: ExprId,
    hops: usize,
) -> Vec<(usize, ClassId)> {
    if crate::passed_functions::listing() {
        return Vec::new();
    }
    let model = files.model(file);
    if !matches!(model.expr(expr).kind, ExprKind::Ident { .. }) {
        return Vec::new();
    }
    let Some(b) = model.resolved_binding(expr) else {
        return Vec::new();
    };
    let mut open = Vec::new();
    passed_to_param(files, file, b, hops, &mut open).0
}

/// [`passed_instance_classes`] for the parameter `b`, with the parameters whose lookups are
/// under way (`open`); the flag says whether the answer is the parameter's own (it met no
/// open lookup and no limit), and only such an answer is kept for the next asker, so the
/// answers are the same whoever asks first.
fn passed_to_param(
    files: &Files,
    file: usize,
    b: seam_lang::model::BindingId,
    hops: usize,
    open: &mut Vec<(usize, seam_lang::model::BindingId)>,
) -> (Vec<(usize, ClassId)>, bool) {
    if let Some(known) = files
        .passed_instances
        .lock()
        .ok()
        .and_then(|k| k.get(&(file, b)).map(crate::consulted::taken))
    {
        return (known, true);
    }
    let Some(hops) = hops.checked_sub(1) else {
        return (Vec::new(), false);
    };
    if open.contains(&(file, b)) {
        return (Vec::new(), false);
    }
    // (The answer, whether it is the parameter's own, whether it is kept.)
    let ((found, own, keep), reads) = crate::consulted::worked_out(|| {
        let model = files.model(file);
        let binding = model.binding(b);
        let BindingKind::Param { function, index } = binding.kind else {
            return (Vec::new(), true, false);
        };
        if binding.reassigned || binding.origin != seam_lang::model::BindingOrigin::none() {
            return (Vec::new(), true, false);
        }
        let Some(sites) = crate::passed_functions::callers(files, file, function) else {
            return (Vec::new(), true, false);
        };
        open.push((file, b));
        let (found, own) = passed_by_sites(files, &sites, index, hops, open);
        open.pop();
        (found, own, true)
    });
    if keep
        && own
        && let Ok(mut known) = files.passed_instances.lock()
    {
        known.insert((file, b), (found.clone(), reads));
    }
    (found, own)
}

fn passed_by_sites(
    files: &Files,
    sites: &[(usize, ExprId)],
    index: u32,
    hops: usize,
    open: &mut Vec<(usize, seam_lang::model::BindingId)>,
) -> (Vec<(usize, ClassId)>, bool) {
    let mut out = Vec::new();
    let mut own = true;
    for &(site_file, site) in sites {
        let site_model = files.model(site_file);
        let ExprKind::Call { args, .. } = &site_model.expr(site).kind else {
            return (Vec::new(), own);
        };
        let Some(arg) = args
            .iter()
            .take_while(|a| a.name.is_none() && !a.spread && !a.keyword_spread)
            .nth(index as usize)
        else {
            return (Vec::new(), own);
        };
        // A parameter handed on stands for what its own callers pass, never for its declared
        // type; any other value for the class of the instance it holds.
        let handed_on = match (
            &site_model.expr(arg.value).kind,
            site_model.resolved_binding(arg.value),
        ) {
            (ExprKind::Ident { .. }, Some(ab))
                if matches!(site_model.binding(ab).kind, BindingKind::Param { .. }) =>
            {
                Some(ab)
            }
            _ => None,
        };
        let found: Vec<(usize, ClassId)> = match handed_on {
            Some(ab) => {
                let (found, theirs) = passed_to_param(files, site_file, ab, hops, open);
                own &= theirs;
                found
            }
            None => class_of_receiver(files, site_file, arg.value)
                .into_iter()
                .collect(),
        };
        if found.is_empty() {
            return (Vec::new(), own);
        }
        for c in found {
            if !out.contains(&c) {
                out.push(c);
            }
        }
    }
    (out, own)
}

/// The class of the object a method is called on: the method's own class for `this`, the
/// declared type or the `new C(…)` value of a field (`this.client`), a parameter's declared
/// type, or an instance made by `new C(…)`.
pub fn class_of_receiver(files: &Files, file: usize, object: ExprId) -> Option<(usize, ClassId)> {
    let _nest = crate::files::NestedLookup::enter(1, file, object)?;
    let model = files.model(file);
    match &model.expr(object).kind {
        ExprKind::This => receiver_class(model, object, model.expr(object).span).map(|c| (file, c)),
        ExprKind::Member {
            object: owner,
            property,
            ..
        } => {
            // `window.$http`: the instance another script put on the page's global object
            // (`window.$http = new HttpManager()`).
            if held_value(files, file, object).is_some()
                || crate::window_globals::global_property(model, object).is_some()
            {
                return instance_class(files, file, object);
            }
            if let Some(field) = declared_field(files, file, object) {
                if let Some(t) = field.type_annotation
                    && let Some(found) = class_named(files, field.file, type_name(&t.text))
                {
                    return Some(found);
                }
                if let Some(v) = field.value
                    && let Some(found) = instance_class(files, field.file, v)
                {
                    return Some(found);
                }
            }
            if let Some((vf, ve)) = instance_field(files, file, object)
                && let Some(found) =
                    instance_class(files, vf, ve).or_else(|| typed_param_class(files, vf, ve))
            {
                return Some(found);
            }
            // `sdk.admin.product`: a field of an instance whose class is known, read from the
            // field's declared type or what the class's constructor assigns it.
            let MemberProp::Name(name) = property else {
                return None;
            };
            if matches!(model.expr(*owner).kind, ExprKind::This) {
                return None;
            }
            // `api.content.posts`: the instance an object literal holds under the key (the
            // object written out, held by a name or returned by a factory, at any depth).
            if let Some((kf, ke)) = literal_member(files, file, object, MAX_HOPS)
                && let Some(found) = new_instance_class(files, kf, ke)
            {
                return Some(found);
            }
            let owner_class = class_of_receiver(files, file, *owner)?;
            class_of_field(files, owner_class, name)
        }
        ExprKind::Ident { .. } => instance_class(files, file, object)
            .or_else(|| typed_param_class(files, file, object))
            .or_else(|| returned_class(files, file, object))
            .or_else(|| python_receiver(model, object).map(|c| (file, c)))
            .or_else(|| held_field_class(files, file, object)),
        // `new GetRequest("notes").send()`: the instance made right there.
        ExprKind::Call { is_new: true, .. } => new_instance_class(files, file, object),
        // `new PostRequest("notes").withBody(b).send()`: a method giving back its own instance;
        // `usePublicApi(slug).explore`: what a factory declared to return a class gives.
        ExprKind::Call {
            callee,
            is_new: false,
            ..
        } => match fluent_receiver(files, file, object) {
            Some(receiver) => class_of_receiver(files, file, receiver),
            None if matches!(model.expr(*callee).kind, ExprKind::Ident { .. }) => {
                returned_class(files, file, object)
            }
            None => None,
        },
        _ => None,
    }
}

/// The receiver of a call of a method that gives back its own instance (`return this`, or
/// `return this.other(…)` of such a method): `b` of `b.withBody(x)`.
pub fn fluent_receiver(files: &Files, file: usize, call: ExprId) -> Option<ExprId> {
    let ExprKind::Call {
        callee,
        is_new: false,
        ..
    } = &files.model(file).expr(call).kind
    else {
        return None;
    };
    // Only a short chain that starts at an instance made with `new` (here, or held by a
    // name): following every method chain (`z.string().min(1).max(9)`) back through each
    // method's returns costs a lookup per link, again per way a receiver is looked up.
    if !starts_at_new(files, file, call) {
        return None;
    }
    let ExprKind::Member { object, .. } = &files.model(file).expr(*callee).kind else {
        return None;
    };
    let (ff, func) = files.function_of(file, *callee)?;
    returns_own_instance(files, ff, func, 2).then_some(*object)
}

/// The most calls a builder chain is followed back through.
const MAX_FLUENT_LINKS: usize = 6;

/// Whether a chain of method calls starts, within [`MAX_FLUENT_LINKS`] links, at `new C(…)`
/// or at a name never reassigned that holds one.
fn starts_at_new(files: &Files, file: usize, call: ExprId) -> bool {
    let model = files.model(file);
    let mut at = call;
    for _ in 0..=MAX_FLUENT_LINKS {
        match &model.expr(at).kind {
            ExprKind::Call { is_new: true, .. } => return true,
            ExprKind::Call {
                callee,
                is_new: false,
                ..
            } => match &model.expr(*callee).kind {
                ExprKind::Member { object, .. } => at = *object,
                _ => return false,
            },
            ExprKind::Ident {
                binding: Some(b), ..
            } if !model.binding(*b).reassigned => {
                return model.binding(*b).origin.init.is_some_and(|init| {
                    matches!(model.expr(init).kind, ExprKind::Call { is_new: true, .. })
                });
            }
            _ => return false,
        }
    }
    false
}

fn returns_own_instance(files: &Files, file: usize, func: FuncId, depth: usize) -> bool {
    let returned = files.returned_values(file, func);
    let model = files.model(file);
    !returned.is_empty()
        && returned.iter().all(|&r| match &model.expr(r).kind {
            ExprKind::This => true,
            ExprKind::Call {
                callee,
                is_new: false,
                ..
            } if depth > 0 => {
                matches!(&model.expr(*callee).kind,
                    ExprKind::Member { object, .. } if matches!(model.expr(*object).kind, ExprKind::This))
                    && files
                        .function_of(file, *callee)
                        .is_some_and(|(mf, m)| returns_own_instance(files, mf, m, depth - 1))
            }
            _ => false,
        })
}

/// The `new C(…)` call that made the instance a receiver is: the receiver itself, a name
/// never reassigned that holds it (`const b = new C(…); b.send()`), or a field of `this` the
/// class sets once, in its constructor or its declaration (`this.service = new C(kind)`).
pub fn constructing_call(files: &Files, file: usize, object: ExprId) -> Option<(usize, ExprId)> {
    let model = files.model(file);
    let (vf, ve) = match &model.expr(object).kind {
        ExprKind::Member {
            object: owner,
            property: MemberProp::Name(name),
            ..
        } if matches!(model.expr(*owner).kind, ExprKind::This) => {
            let (cf, class) = class_of_receiver(files, file, *owner)?;
            if files
                .field_assignments(cf)
                .get(&(class, name.to_string()))
                .is_some_and(|assigned| assigned.len() > 1)
            {
                return None;
            }
            field_of_class(files, (cf, class), name)?
        }
        ExprKind::Call { is_new: true, .. } => (file, object),
        // Through builder methods that give back their own instance.
        ExprKind::Call { is_new: false, .. } => {
            return constructing_call(files, file, fluent_receiver(files, file, object)?);
        }
        ExprKind::Ident {
            binding: Some(b), ..
        } if !files.model(file).binding(*b).reassigned => {
            files.value_of(files.definition(file, object)?)?
        }
        _ => return None,
    };
    matches!(
        files.model(vf).expr(ve).kind,
        ExprKind::Call { is_new: true, .. }
    )
    .then_some((vf, ve))
}

/// The constructor a class declares itself (`constructor(…)`).
pub fn constructor_of(model: &Model, class: ClassId) -> Option<FuncId> {
    model
        .class(class)
        .members
        .iter()
        .find_map(|m| match &m.kind {
            MemberKind::Constructor { function } => Some(*function),
            _ => None,
        })
}

/// The constructor that runs for `new C(…)`: the class's own, or the nearest base class's when
/// it declares none (the arguments go to that one).
pub fn effective_constructor(
    files: &Files,
    (file, class): (usize, ClassId),
) -> Option<(usize, FuncId)> {
    lineage(files, (file, class))
        .find_map(|(cf, cid)| constructor_of(files.model(cf), cid).map(|f| (cf, f)))
}

/// The class a name holds when its value is a call of a project function declared to return
/// that class (`const api = useApi()` with `function useApi(): ApiClient`), awaited or not
/// (`await sharedClient()` declared to return `Promise<ApiClient>`).
fn returned_class(files: &Files, file: usize, expr: ExprId) -> Option<(usize, ClassId)> {
    let (vf, ve) = files.value_of(files.definition(file, expr)?)?;
    let model = files.model(vf);
    let call = crate::walk::unawaited(model, ve);
    let ExprKind::Call {
        callee,
        is_new: false,
        ..
    } = &model.expr(call).kind
    else {
        return None;
    };
    let (ff, func) = files.function_of(vf, *callee)?;
    let declared = files.model(ff).function(func).return_type.as_ref()?;
    let name = crate::declared_objects::named_type(&declared.shape)?;
    class_named(files, ff, name)
}

/// The classes a receiver may be when the name it starts from holds one of two values
/// (`const api = slug ? usePublicApi(slug).explore : useUserApi()`, then `api.cookbooks`): per
/// branch, the class that branch gives, then the class of each field down the chain. Empty
/// unless the name holds such a choice and every branch's class is known; which one answers is
/// decided at run time, so each is a request the call can make.
pub fn branch_classes(files: &Files, file: usize, object: ExprId) -> Vec<(usize, ClassId)> {
    let model = files.model(file);
    let mut fields = Vec::new();
    let mut root = object;
    while let ExprKind::Member {
        object: owner,
        property: MemberProp::Name(name),
        ..
    } = &model.expr(root).kind
    {
        fields.push(name.as_str());
        root = *owner;
    }
    if !matches!(model.expr(root).kind, ExprKind::Ident { .. }) {
        return Vec::new();
    }
    let Some((vf, ve)) = files
        .definition(file, root)
        .and_then(|def| files.value_of(def))
    else {
        return Vec::new();
    };
    let ExprKind::Conditional {
        consequent,
        alternate,
        ..
    } = &files.model(vf).expr(ve).kind
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for branch in [*consequent, *alternate] {
        let Some(mut class) = class_of_receiver(files, vf, branch) else {
            return Vec::new();
        };
        for name in fields.iter().rev() {
            match class_of_field(files, class, name) {
                Some(c) => class = c,
                None => return Vec::new(),
            }
        }
        if !out.contains(&class) {
            out.push(class);
        }
    }
    out
}

/// The class of the instance a name holds when its value is a field of another instance
/// (`const api = usePublicApi(slug).explore`, `const tools = client.explore.tools`): the
/// field's class, read as a receiver's.
fn held_field_class(files: &Files, file: usize, expr: ExprId) -> Option<(usize, ClassId)> {
    let (vf, ve) = files.value_of(files.definition(file, expr)?)?;
    match files.model(vf).expr(ve).kind {
        ExprKind::Member {
            property: MemberProp::Name(_),
            ..
        } => class_of_receiver(files, vf, ve),
        _ => None,
    }
}

/// The class of a Python method's first parameter (`self`, or `cls` of a classmethod): the
/// instance or class the method is called on, whose methods `self.post(…)` reaches.
pub fn python_receiver(model: &Model, object: ExprId) -> Option<ClassId> {
    if model.language != seam_lang::model::Language::Python {
        return None;
    }
    let ExprKind::Ident {
        binding: Some(b), ..
    } = &model.expr(object).kind
    else {
        return None;
    };
    let function = match model.binding(*b).kind {
        BindingKind::Param { function, index: 0 } => function,
        _ => return None,
    };
    // A static method's first parameter is an ordinary value.
    let f = model.function(function);
    if f.decorators.iter().any(|d| d.name == "staticmethod") {
        return None;
    }
    f.class
}

/// The class of what instances of `class` hold in their field `name`: the field's declared
/// type (in the class or an ancestor), or the instance its constructor assigns it.
fn class_of_field(
    files: &Files,
    (file, class): (usize, ClassId),
    name: &str,
) -> Option<(usize, ClassId)> {
    if let Some(declared) = field_declaration(files, (file, class), name)
        && let Some(t) = declared.type_annotation
        && let Some(found) = class_named(files, declared.file, type_name(&t.text))
    {
        return Some(found);
    }
    let (vf, ve) = field_of_class(files, (file, class), name)?;
    match &files.model(vf).expr(ve).kind {
        ExprKind::Call {
            callee,
            is_new: true,
            ..
        } => class_of_expr(files, vf, *callee),
        _ => instance_class(files, vf, ve),
    }
}

/// The class a parameter's type annotation names (`constructor(client: Client)`).
fn typed_param_class(files: &Files, file: usize, expr: ExprId) -> Option<(usize, ClassId)> {
    let model = files.model(file);
    let ExprKind::Ident {
        binding: Some(b), ..
    } = &model.expr(expr).kind
    else {
        return None;
    };
    let BindingKind::Param { function, index } = model.binding(*b).kind else {
        return None;
    };
    let param = model.function(function).params.get(index as usize)?;
    let t = param.type_annotation.as_ref()?;
    class_named(files, file, type_name(&t.text))
}

/// The class name a type annotation starts with (`Client`, `Client<T>`, `Client | null`).
fn type_name(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))
        .unwrap_or(text.len());
    &text[..end]
}

/// The class of the instance an expression holds: `new C(…)` directly or through a variable
/// (imported or not), or what an injector hands out for a class passed to it alone
/// (`inject(UserService)`, `container.resolve(UserService)`).
fn instance_class(files: &Files, file: usize, expr: ExprId) -> Option<(usize, ClassId)> {
    if let Some((hf, held)) = held_value(files, file, expr) {
        return instance_class(files, hf, held).or_else(|| new_instance_class(files, hf, held));
    }
    let def = files.definition(file, expr)?;
    let (vf, ve) = files.value_of(def)?;
    match &files.model(vf).expr(ve).kind {
        ExprKind::Call {
            callee,
            is_new: true,
            ..
        } => class_of_expr(files, vf, *callee),
        // A class called as a function makes an instance in Python (`items = ItemsRouter()`).
        ExprKind::Call {
            callee,
            is_new: false,
            ..
        } if files.model(vf).language == seam_lang::model::Language::Python
            && class_of_expr(files, vf, *callee).is_some() =>
        {
            class_of_expr(files, vf, *callee)
        }
        ExprKind::Call {
            args,
            is_new: false,
            ..
        } => match &args[..] {
            [only] if !only.spread && only.name.is_none() => injected_class(files, vf, only.value)
                // `shallowReactive(new C())`: a wrapper around a new instance stands for it.
                .or_else(|| match &files.model(vf).expr(only.value).kind {
                    ExprKind::Call {
                        callee,
                        is_new: true,
                        ..
                    } => class_of_expr(files, vf, *callee),
                    _ => None,
                }),
            _ => None,
        },
        _ => None,
    }
}

/// The value an object literal holds under the member `expr` reads (`api.pets` with `api = {
/// pets: … }`), through object literals the chain before it reaches (`api.content.posts`).
fn literal_member(
    files: &Files,
    file: usize,
    expr: ExprId,
    hops: usize,
) -> Option<(usize, ExprId)> {
    let hops = hops.checked_sub(1)?;
    let ExprKind::Member {
        object,
        property: MemberProp::Name(name),
        ..
    } = &files.model(file).expr(expr).kind
    else {
        return None;
    };
    crate::callees::object_value_key(files, file, *object, name, hops).or_else(|| {
        let (vf, ve) = literal_member(files, file, *object, hops)?;
        crate::callees::object_value_key(files, vf, ve, name, hops)
    })
}

/// `new C(…)` itself: its class.
fn new_instance_class(files: &Files, file: usize, expr: ExprId) -> Option<(usize, ClassId)> {
    match &files.model(file).expr(expr).kind {
        ExprKind::Call {
            callee,
            is_new: true,
            ..
        } => class_of_expr(files, file, *callee),
        _ => None,
    }
}

/// The value a library's holder keeps under the member an expression reads (`svc.value` with
/// `const svc = ref(new C())`: the `new C()`), see `holders` in the packs' core constants.
pub(crate) fn held_value(files: &Files, file: usize, expr: ExprId) -> Option<(usize, ExprId)> {
    let model = files.model(file);
    let ExprKind::Member {
        object,
        property: MemberProp::Name(member),
        ..
    } = &model.expr(expr).kind
    else {
        return None;
    };
    let (vf, ve) = files.value_of(files.definition(file, *object)?)?;
    let vmodel = files.model(vf);
    let ExprKind::Call {
        callee,
        args,
        is_new: false,
        ..
    } = &vmodel.expr(ve).kind
    else {
        return None;
    };
    let [only] = &args[..] else {
        return None;
    };
    (!only.spread
        && crate::library_constants::holder_member(vmodel, *callee) == Some(member.as_str()))
    .then_some((vf, only.value))
}

/// The project class a lone argument names (`UserService` in `inject(UserService)`), when the
/// argument is a plain or imported class name.
fn injected_class(files: &Files, file: usize, arg: ExprId) -> Option<(usize, ClassId)> {
    if !matches!(files.model(file).expr(arg).kind, ExprKind::Ident { .. }) {
        return None;
    }
    class_of_expr(files, file, arg)
}

/// What a class declares about one of its instance fields: the declared type and the
/// initialiser, from a field declaration (`private http = make()`, `http: Client`) or a
/// TypeScript parameter property (`constructor(private http: Client)`).
#[derive(Debug, Clone, Copy)]
pub struct DeclaredField<'a> {
    pub file: usize,
    pub type_annotation: Option<&'a seam_lang::model::TypeAnnotation>,
    pub value: Option<ExprId>,
    /// Declared `private` (or `#name`): no subclass can give it another initialiser.
    pub private: bool,
}

/// The declaration of the field `this.name` names (`expr` is that member expression), in the
/// receiver's class or the nearest ancestor that declares it.
pub fn declared_field<'a>(
    files: &Files<'a>,
    file: usize,
    expr: ExprId,
) -> Option<DeclaredField<'a>> {
    let model = files.model(file);
    let ExprKind::Member {
        object,
        property: MemberProp::Name(field),
        ..
    } = &model.expr(expr).kind
    else {
        return None;
    };
    if !matches!(model.expr(*object).kind, ExprKind::This) {
        return None;
    }
    let class = receiver_class(model, *object, model.expr(expr).span)?;
    field_declaration(files, (file, class), field)
}

/// The declaration of the instance field `field` in `class` or the nearest ancestor that
/// declares it: a field declaration or a TypeScript constructor parameter property.
fn field_declaration<'a>(
    files: &Files<'a>,
    (file, class): (usize, ClassId),
    field: &str,
) -> Option<DeclaredField<'a>> {
    for (cf, cid) in lineage(files, (file, class)) {
        let cmodel: &'a Model = files.model(cf);
        for m in &cmodel.class(cid).members {
            let private = matches!(
                m.visibility,
                Some(
                    seam_lang::model::Visibility::Private
                        | seam_lang::model::Visibility::HashPrivate
                )
            ) || matches!(m.name, seam_lang::model::MemberName::Private(_));
            match &m.kind {
                MemberKind::Property {
                    value,
                    type_annotation,
                    ..
                } if !m.is_static && m.name.as_str() == Some(field) => {
                    return Some(DeclaredField {
                        file: cf,
                        type_annotation: type_annotation.as_ref(),
                        value: *value,
                        private,
                    });
                }
                MemberKind::Constructor { function } => {
                    for p in &cmodel.function(*function).params {
                        let Some(visibility) = p.property_visibility else {
                            continue;
                        };
                        let named = matches!(
                            &cmodel.pattern(p.pattern).kind,
                            seam_lang::model::PatternKind::Ident { name, .. } if name == field
                        );
                        if named {
                            return Some(DeclaredField {
                                file: cf,
                                type_annotation: p.type_annotation.as_ref(),
                                value: None,
                                private: matches!(
                                    visibility,
                                    seam_lang::model::Visibility::Private
                                        | seam_lang::model::Visibility::HashPrivate
                                ),
                            });
                        }
                    }
                }
                _ => {}
            }
        }
    }
    None
}

/// The value an instance of `class` has in its field `name`: the one assignment
/// `this.name = value` in the constructor of the class (or of the nearest ancestor that
/// assigns or declares it), or the field's declared initialiser. `None` when the class that
/// sets it assigns it more than once or nothing sets it.
pub fn field_of_class(
    files: &Files,
    (file, class): (usize, ClassId),
    name: &str,
) -> Option<(usize, ExprId)> {
    for (cf, cid) in lineage(files, (file, class)) {
        let model = files.model(cf);
        if let Some(constructor) = constructor_of(model, cid) {
            let span = model.function(constructor).span;
            let assigned: Vec<ExprId> = model
                .exprs
                .iter()
                .filter_map(|e| {
                    let ExprKind::Assign { target, value, .. } = &e.kind else {
                        return None;
                    };
                    if !span.contains(e.span) {
                        return None;
                    }
                    let seam_lang::model::PatternKind::Expr { expr: target } =
                        &model.pattern(*target).kind
                    else {
                        return None;
                    };
                    matches!(&model.expr(*target).kind,
                        ExprKind::Member { object, property: MemberProp::Name(n), .. }
                            if n == name && matches!(model.expr(*object).kind, ExprKind::This))
                    .then_some(*value)
                })
                .collect();
            // `this.x = wrap(this.x, options)` keeps the value it is given (a rate limiter
            // around a client): the field is still the first value.
            let own_field = |e: ExprId| {
                matches!(&model.expr(e).kind,
                    ExprKind::Member { object, property: MemberProp::Name(n), .. }
                        if n == name && matches!(model.expr(*object).kind, ExprKind::This))
            };
            let wraps_itself = |v: &ExprId| {
                matches!(&model.expr(*v).kind,
                    ExprKind::Call { args, .. } if args.iter().any(|a| own_field(a.value)))
            };
            let assigned: Vec<ExprId> = match assigned.split_first() {
                Some((first, rest)) if rest.iter().all(wraps_itself) => vec![*first],
                _ => assigned,
            };
            match assigned.as_slice() {
                [one] => return Some((cf, *one)),
                [] => {}
                _ => return None,
            }
            // `self.router = APIRouter()` in a Python `__init__`: the class's field
            // assignments, when its constructor makes the one there is.
            if let Some([(at, value)]) = files
                .field_assignments(cf)
                .get(&(cid, name.to_owned()))
                .map(Vec::as_slice)
                && span.contains(*at)
            {
                return Some((cf, *value));
            }
        }
        if let Some(v) = own_initialiser(model, cid, name) {
            return Some((cf, v));
        }
    }
    None
}

/// `h.GetUser` where `h` is known to hold a value of a project type with that method (a
/// parameter declared `h *Handler`, a name initialised by a function declared to return
/// `*Handler`, the receiver itself): the method. Go hands handlers around as method values;
/// the type comes from declarations only, never from a guess.
pub fn method_value(files: &Files, file: usize, expr: ExprId) -> Option<(usize, FuncId)> {
    let model = files.model(file);
    let ExprKind::Member {
        object,
        property: MemberProp::Name(method),
        ..
    } = &model.expr(expr).kind
    else {
        return None;
    };
    method_of_value(files, file, *object, method)
}

/// The method named `method` of the project type `value` is declared with (the receiver
/// itself, a parameter `impl *Server`, a name a constructor declared to return `*Server`
/// initialises): in the type's own package first.
pub fn method_of_value(
    files: &Files,
    file: usize,
    value: ExprId,
    method: &str,
) -> Option<(usize, FuncId)> {
    let model = files.model(file);
    let (type_name, folder) = declared_type(files, file, value, 4)?;
    let dir_of = |path: &str| path.rsplit_once('/').map_or("", |(d, _)| d).to_owned();
    // The package the type is declared in: the one its declaration names (`*routes.Handler`:
    // the package imported as `routes`), else the package of the code reading it.
    let dir = folder.unwrap_or_else(|| dir_of(&model.path));
    let methods = files
        .methods_by_type()
        .get(&(model.language, type_name, method.to_owned()))?;
    // Two packages may each declare a type of that name: another package's is no guess to
    // make when there are several.
    methods
        .iter()
        .find(|(f, _)| dir_of(&files.model(*f).path) == dir)
        .or(match methods.as_slice() {
            [only] => Some(only),
            _ => None,
        })
        .copied()
}

/// The folder of the Go package a type written in `file` belongs to: the package its
/// qualifier imports (`*routes.Handler`: the import named `routes`), or the file's own for an
/// unqualified name. `None` when the qualifier names no package of the repository.
fn type_folder(files: &Files, file: usize, written: &str) -> Option<String> {
    let model = files.model(file);
    let folder = |path: &str| crate::struct_literals::folder_of(path).to_owned();
    let Some((qualifier, _)) = written.rsplit_once('.') else {
        return Some(folder(&model.path));
    };
    let qualifier = qualifier.trim_start_matches(['*', '&', '[', ']']);
    let b = files.module_binding(file, qualifier)?;
    let BindingKind::Import { import, .. } = &model.binding(b).kind else {
        return None;
    };
    let resolved = model.imports.get(*import as usize)?.resolved.as_deref()?;
    Some(folder(resolved))
}

/// The project type name a value is declared with (`*pkg.Handler` → `Handler`), and the folder
/// of the package declaring it when the declaration says (see [`type_folder`]).
fn declared_type(
    files: &Files,
    file: usize,
    expr: ExprId,
    hops: usize,
) -> Option<(String, Option<String>)> {
    let hops = hops.checked_sub(1)?;
    let model = files.model(file);
    let named_in = |in_file: usize, name: &str| {
        (
            name.rsplit('.').next().unwrap_or(name).to_owned(),
            type_folder(files, in_file, name),
        )
    };
    let named = |t: &seam_lang::model::TypeAnnotation| match &t.shape {
        seam_lang::model::TypeRef::Named { name, .. } => Some(named_in(file, name)),
        _ => None,
    };
    match &model.expr(expr).kind {
        ExprKind::This => {
            let span = model.expr(expr).span;
            let class = model
                .functions
                .iter()
                .filter(|f| f.span.contains(span))
                .filter_map(|f| f.class)
                .next_back()?;
            let name = model.class(class).name.clone()?;
            Some((
                name,
                Some(crate::struct_literals::folder_of(&model.path).to_owned()),
            ))
        }
        ExprKind::Ident {
            binding: Some(b), ..
        } => {
            let binding = model.binding(*b);
            match &binding.kind {
                BindingKind::Param { function, index } => model
                    .function(*function)
                    .params
                    .get(*index as usize)?
                    .type_annotation
                    .as_ref()
                    .and_then(named),
                BindingKind::Var { .. } if binding.origin.path.is_empty() => {
                    let init = binding.origin.init?;
                    match &model.expr(init).kind {
                        ExprKind::Call { callee, .. } => match files.definition(file, *callee)? {
                            // The constructor's declared result, read in the constructor's file.
                            crate::files::Def::Function(ff, func) => files
                                .model(ff)
                                .function(func)
                                .return_type
                                .as_ref()
                                .and_then(|t| match &t.shape {
                                    // `(*Handler, error)`: the first result.
                                    seam_lang::model::TypeRef::Tuple { items } => {
                                        match items.first()? {
                                            seam_lang::model::TypeRef::Named { name, .. } => {
                                                Some(named_in(ff, name))
                                            }
                                            _ => None,
                                        }
                                    }
                                    seam_lang::model::TypeRef::Named { name, .. } => {
                                        Some(named_in(ff, name))
                                    }
                                    _ => None,
                                }),
                            _ => None,
                        },
                        _ => declared_type(files, file, init, hops),
                    }
                }
                _ => None,
            }
        }
        // `&Handler{…}`, also as the receiver of a call written on it (`version.Handler{}.
        // Append(r)`): a composite literal names its type before the brace.
        ExprKind::Object { .. } | ExprKind::Array { .. }
            if model.language == seam_lang::model::Language::Go =>
        {
            let text = model.text(model.expr(expr).span);
            let name = literal_type(text)?;
            let written = text.split('{').next().unwrap_or("").trim();
            Some((name, type_folder(files, file, written)))
        }
        // `s.pubRest` in a method of `Rest`: the type the struct declares the field with
        // (`pubRest public`).
        ExprKind::Member {
            object,
            property: MemberProp::Name(field),
            ..
        } if model.language == seam_lang::model::Language::Go => {
            let (owner, _) = declared_type(files, file, *object, hops)?;
            // The field's type as the struct declares it, its package named by the imports of
            // the file declaring the struct (`apiModule *api.Module`: the package imported
            // there as `api`).
            let (struct_file, t) = crate::struct_literals::field_type(files, file, &owner, field)?;
            match &t.shape {
                seam_lang::model::TypeRef::Named { name, .. } => Some((
                    name.rsplit('.').next().unwrap_or(name).to_owned(),
                    type_folder(files, struct_file, name),
                )),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The type a Go composite literal is written with (`handler.WebHandler{…}` → `WebHandler`),
/// when it is a plain (qualified) name (see [`crate::struct_literals::literal_type`]).
pub(crate) fn literal_type(text: &str) -> Option<String> {
    crate::struct_literals::literal_type(text).map(|(_, name)| name.to_owned())
}

/// The type a receiver is declared with, and the file the annotation is written in: a field's
/// declared type (`this.repo`, `constructor(private repo: UserRepository)`), a parameter's
/// (`repo: UserRepository`), or a variable's (`declare const db: { findById(…) }`).
pub fn receiver_type<'a>(
    files: &Files<'a>,
    file: usize,
    object: ExprId,
) -> Option<(usize, &'a seam_lang::model::TypeAnnotation)> {
    let model: &'a Model = files.model(file);
    if let Some(field) = declared_field(files, file, object) {
        return Some((field.file, field.type_annotation?));
    }
    let b = model.resolved_binding(object)?;
    match model.binding(b).kind {
        BindingKind::Param { function, index } => model
            .function(function)
            .params
            .get(index as usize)?
            .type_annotation
            .as_ref()
            .map(|t| (file, t)),
        BindingKind::Var { .. } => model.stmts.iter().find_map(|s| {
            let seam_lang::model::StmtKind::VarDecl { declarators, .. } = &s.kind else {
                return None;
            };
            declarators.iter().find_map(|d| {
                let declares = matches!(
                    &model.pattern(d.pattern).kind,
                    seam_lang::model::PatternKind::Ident { binding: Some(db), .. } if *db == b
                );
                if declares {
                    d.type_annotation.as_deref().map(|t| (file, t))
                } else {
                    None
                }
            })
        }),
        _ => None,
    }
}

/// The interface or type alias a module-level name of `file` is: declared there or imported
/// (through re-exports).
pub fn type_decl_named<'a>(
    files: &Files<'a>,
    file: usize,
    name: &str,
) -> Option<&'a seam_lang::model::TypeDecl> {
    type_decl_named_hops(files, file, name, MAX_HOPS)
}

fn type_decl_named_hops<'a>(
    files: &Files<'a>,
    file: usize,
    name: &str,
    hops: usize,
) -> Option<&'a seam_lang::model::TypeDecl> {
    let hops = hops.checked_sub(1)?;
    let model: &'a Model = files.model(file);
    let b = files.module_binding(file, name)?;
    match &model.binding(b).kind {
        BindingKind::TypeDecl { decl } => Some(model.type_decl(*decl)),
        BindingKind::Import { import, name } => {
            let imp = model.imports.get(*import as usize)?;
            let target = files.import_target(file, *import as usize)?;
            let ImportedItem::Named(exported) = &imp.names.get(*name as usize)?.imported else {
                return None;
            };
            exported_type_decl(files, target, exported, hops)
        }
        _ => None,
    }
}

fn exported_type_decl<'a>(
    files: &Files<'a>,
    file: usize,
    name: &str,
    hops: usize,
) -> Option<&'a seam_lang::model::TypeDecl> {
    let hops = hops.checked_sub(1)?;
    let model: &'a Model = files.model(file);
    let export = model.exports.iter().find(|e| e.exported == name)?;
    if let Some(from) = &export.from {
        let target = files.index_of(from.resolved.as_deref()?)?;
        return exported_type_decl(files, target, &from.imported, hops);
    }
    match export.target {
        ExportTarget::TypeDecl(d) => Some(model.type_decl(d)),
        _ => type_decl_named_hops(files, file, export.local.as_deref().unwrap_or(name), hops),
    }
}

/// The methods named `name` of `class` or of the nearest ancestor that declares one (several
/// with TypeScript overloads: the signatures and the implementation).
pub fn methods_named(
    files: &Files,
    (file, class): (usize, ClassId),
    name: &str,
) -> Vec<(usize, FuncId)> {
    lineage(files, (file, class))
        .map(|(cf, cid)| {
            files
                .model(cf)
                .class(cid)
                .members
                .iter()
                .filter(|m| m.name.as_str() == Some(name))
                .filter_map(|m| match &m.kind {
                    MemberKind::Method { function } => Some((cf, *function)),
                    _ => None,
                })
                .collect::<Vec<_>>()
        })
        .find(|found| !found.is_empty())
        .unwrap_or_default()
}

/// The value of the property `name` of the object literal whose method reads `this.name`
/// (`expr`, inside `const Hub = { base: "https://…", list: async function () {
/// fetch(\`${this.base}/items\`) } }`): called as `Hub.list()`, `this` is that object. An arrow
/// function keeps the `this` of the function around it; a class method's `this` is an instance.
pub fn object_literal_property(model: &Model, expr: ExprId, name: &str) -> Option<ExprId> {
    let mut func = model.enclosing_function(model.expr(expr).span)?;
    while model.function(func).kind == seam_lang::model::FunctionKind::Arrow {
        func = model.function(func).parent?;
    }
    if model.function(func).class.is_some() {
        return None;
    }
    let holds_method = |props: &[seam_lang::model::ObjectProp]| {
        props.iter().any(|p| match p {
            seam_lang::model::ObjectProp::Method { function, .. } => *function == func,
            seam_lang::model::ObjectProp::KeyValue { value, .. } => matches!(
                model.expr(*value).kind,
                ExprKind::Function { function } if function == func
            ),
            seam_lang::model::ObjectProp::Spread { .. } => false,
        })
    };
    let span = model.function(func).span;
    model.exprs.iter().find_map(|e| match &e.kind {
        ExprKind::Object { props } if e.span.contains(span) && holds_method(props) => {
            props.iter().find_map(|p| match p {
                seam_lang::model::ObjectProp::KeyValue { key, value, .. }
                    if key.as_str() == Some(name)
                        && !matches!(model.expr(*value).kind, ExprKind::Function { .. }) =>
                {
                    Some(*value)
                }
                _ => None,
            })
        }
        _ => None,
    })
}
