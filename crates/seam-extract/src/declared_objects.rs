//! Objects reached through a declared interface type. A factory declared to return a type
//! (`function getRequests(http): ApiRequestInstance { return { get(url) {…}, post(url, d)
//! {…} } }`) is where every value of that type comes from when it is the only one: a field or
//! parameter declared with the type (`requests: ApiRequestInstance`, filled in by a
//! constructor from whatever the app passes) calls that object's functions
//! (`this.requests.get("/users")`).

use std::collections::BTreeMap;

use seam_lang::model::{ExprId, ExprKind, Language, TypeRef};

use crate::files::Files;

/// Per declared type name, the object literals functions declared to return it return.
pub type DeclaredObjects = BTreeMap<String, Vec<(usize, ExprId)>>;

/// Every function of the JS/TS files declared to return a named type (or a promise of one)
/// and returning exactly one value that is an object literal, by the type's name.
pub fn index(files: &Files) -> DeclaredObjects {
    let mut out = DeclaredObjects::new();
    for (file, model) in (0..files.count()).map(|f| (f, files.model(f))) {
        if !matches!(model.language, Language::JavaScript | Language::TypeScript) {
            continue;
        }
        for (i, function) in model.functions.iter().enumerate() {
            let Some(name) = function
                .return_type
                .as_ref()
                .and_then(|t| named_type(&t.shape))
            else {
                continue;
            };
            let func = seam_lang::model::FuncId::from_index(i);
            let [returned] = files.returned_values(file, func)[..] else {
                continue;
            };
            if let Some(object) = object_literal(files, file, returned) {
                out.entry(name.to_owned()).or_default().push(object);
            }
        }
    }
    out
}

/// The type a declaration names, through `Promise<T>`.
pub(crate) fn named_type(shape: &TypeRef) -> Option<&str> {
    match shape {
        TypeRef::Named { name, args } if name == "Promise" => named_type(args.first()?),
        TypeRef::Named { name, .. } => Some(name),
        _ => None,
    }
}

/// The object literal a returned value is, directly or through one name holding it.
fn object_literal(files: &Files, file: usize, expr: ExprId) -> Option<(usize, ExprId)> {
    let model = files.model(file);
    match &model.expr(expr).kind {
        ExprKind::Object { .. } => Some((file, expr)),
        ExprKind::Ident { .. } => {
            let (vf, ve) = files.value_of(files.definition(file, expr)?)?;
            matches!(files.model(vf).expr(ve).kind, ExprKind::Object { .. }).then_some((vf, ve))
        }
        _ => None,
    }
}

/// The one object literal a receiver declared with a type holds: `this.requests` with the
/// field declared `requests: T`, or a parameter `requests: T`, when exactly one function of
/// the project is declared to return `T` as an object literal.
pub fn object_of_receiver(files: &Files, file: usize, object: ExprId) -> Option<(usize, ExprId)> {
    let model = files.model(file);
    let annotation = match &model.expr(object).kind {
        ExprKind::Member { .. } => {
            &crate::classes::declared_field(files, file, object)?
                .type_annotation?
                .shape
        }
        ExprKind::Ident {
            binding: Some(b), ..
        } => {
            let seam_lang::model::BindingKind::Param { function, index } = model.binding(*b).kind
            else {
                return None;
            };
            let param = model.function(function).params.get(index as usize)?;
            &param.type_annotation.as_ref()?.shape
        }
        _ => return None,
    };
    let name = named_type(annotation)?;
    let objects = files.declared_objects().get(name);
    crate::consulted::entry(
        || crate::consulted::Fact::DeclaredObjects(name.to_owned()),
        &objects,
    );
    match objects?.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}
