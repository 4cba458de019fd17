//! Input roles read from parameter annotations, for frameworks that decide a parameter's
//! role by its type (FastAPI: a model class is the body, a plain `q: str` is the query; axum
//! and actix-web: the extractor type, `Json<T>` is the body, `Path<T>` the path).
//! Applied after every other rule of the pack (position, default, decorator, path hole).

use seam_ir::summary::Input;
use seam_lang::model::{FuncId, TypeRef};
use seam_packs::Pack;

use crate::files::Files;

/// Generic containers whose arguments decide whether the parameter is plain (`list[str]`,
/// `Optional[int]`).
const PLAIN_CONTAINERS: &[&str] = &[
    "list",
    "List",
    "set",
    "Set",
    "frozenset",
    "FrozenSet",
    "tuple",
    "Tuple",
    "Sequence",
    "Optional",
    "Union",
];

/// Whether an annotation is a keyword type, a literal, or a container of such.
fn is_plain(t: &TypeRef) -> bool {
    match t {
        TypeRef::Keyword { .. } | TypeRef::Literal { .. } => true,
        TypeRef::Named { name, args } => {
            PLAIN_CONTAINERS.contains(&name.as_str()) && args.iter().all(is_plain)
        }
        TypeRef::Union { variants } => variants.iter().all(is_plain),
        TypeRef::Array { items } => is_plain(items),
        TypeRef::Tuple { items } => items.iter().all(is_plain),
        _ => false,
    }
}

/// Gives the parameters still without a role the pack's role for class-annotated and for
/// plain parameters. The receiver of a Python method (`self`) is left alone.
pub fn annotated_roles(
    files: &Files,
    file: usize,
    function: FuncId,
    pack: &Pack,
    inputs: &mut [Input],
) {
    let model = files.model(file);
    let func = model.function(function);
    // Python methods take their receiver (`self`) as the first parameter.
    let skip =
        usize::from(func.class.is_some() && model.language == seam_lang::model::Language::Python);
    for (input, param) in inputs.iter_mut().zip(&func.params).skip(skip) {
        let Input::Parameter(p) = input else { continue };
        if p.role.is_some() {
            continue;
        }
        let shape = param.type_annotation.as_ref().map(|a| &a.shape);
        // `Json(user): Json<User>`, `q: web::Query<Params>`: the role of the declared type.
        if let Some(TypeRef::Named { name, .. }) = shape
            && let Some(role) = name
                .rsplit(['.', ':'])
                .next()
                .and_then(|last| pack.type_roles.get(last))
        {
            p.role = Some(role.clone());
            continue;
        }
        if let Some(TypeRef::Named { name, args }) = shape
            && args.is_empty()
            && let Some(role) = alias_role(files, file, name, pack)
        {
            p.role = Some(role);
            continue;
        }
        if pack.class_parameter_role.is_none() && pack.plain_parameter_role.is_none() {
            continue;
        }
        let class = match shape {
            Some(TypeRef::Named { name, args }) if args.is_empty() => {
                crate::classes::class_named(files, file, name)
            }
            _ => None,
        };
        if class.is_some()
            && let Some(role) = &pack.class_parameter_role
        {
            p.role = Some(role.clone());
        } else if shape.is_none_or(is_plain)
            && let Some(role) = &pack.plain_parameter_role
        {
            p.role = Some(role.clone());
            p.field = Some(p.name.clone());
        }
    }
}

/// The role a type alias gives a parameter annotated with it: the first call inside the
/// alias's value that a rule of the pack's `inputs.defaults` matches (`AuthorizeOrgAccess =
/// Annotated[Context, Depends(guard)]`, declared in this file or imported, makes `authz:
/// AuthorizeOrgAccess` a `dependency`).
fn alias_role(files: &Files, file: usize, name: &str, pack: &Pack) -> Option<String> {
    if pack.input_defaults.is_empty() {
        return None;
    }
    let binding = files.module_binding(file, name)?;
    let def = files.binding_def(file, binding, crate::files::MAX_HOPS)?;
    let (vf, value) = files.value_of(def)?;
    let model = files.model(vf);
    let span = model.expr(value).span;
    crate::files::calls(model)
        .filter(|&c| {
            let s = model.expr(c).span;
            span.start <= s.start && s.end <= span.end
        })
        .find_map(|c| {
            pack.input_defaults.iter().find_map(|rule| {
                let mut caps = seam_packs::Captures::new();
                seam_packs::match_expr(model, &rule.pattern, c, &mut caps)
                    .then(|| rule.role.clone())
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(name: &str, args: Vec<TypeRef>) -> TypeRef {
        TypeRef::Named {
            name: name.into(),
            args: args.into(),
        }
    }

    fn keyword(name: &str) -> TypeRef {
        TypeRef::Keyword { name: name.into() }
    }

    #[test]
    fn keyword_types_and_their_containers_are_plain_and_classes_are_not() {
        assert!(is_plain(&keyword("str")));
        assert!(is_plain(&named("list", vec![keyword("int")])));
        assert!(is_plain(&named("Optional", vec![keyword("str")])));
        assert!(!is_plain(&named("Request", vec![])));
        assert!(!is_plain(&named("list", vec![named("Item", vec![])])));
        assert!(!is_plain(&named(
            "dict",
            vec![keyword("str"), keyword("int")]
        )));
    }
}
