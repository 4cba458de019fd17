//! Handlers that hand the request on to a value the registering function takes: a method of a
//! struct the function makes around that value, whose body calls the same value's method
//! (`wrapper := ServerInterfaceWrapper{Handler: si}; router.GET(p, wrapper.ListPets)`, with
//! `func (w *ServerInterfaceWrapper) ListPets(ctx echo.Context) error { return
//! w.Handler.ListPets(ctx) }`, as generated server glue writes it). At each call of the
//! registering function, the handler is the method of the struct the caller passes for that
//! value (`RegisterHandlers(e, &Server{})`: `Server.ListPets`), when the code shows which.

use seam_lang::model::{ExprKind, FuncId, Language, MemberProp, ObjectProp};

use crate::files::Files;
use crate::route_wrappers::WrapperCall;

/// The method a handler written as `wrapper.M` hands the request to at the wrapper call `w`:
/// the method the delegating call in `M`'s body names, of the struct the caller passes for
/// the field that call goes through. `None` for any other handler, or when the struct or its
/// method cannot be found.
pub fn delegated_method(
    files: &Files,
    w: &WrapperCall,
    file: usize,
    handler: seam_lang::model::ExprId,
) -> Option<(usize, FuncId)> {
    let model = files.model(file);
    if model.language != Language::Go {
        return None;
    }
    let ExprKind::Member { object, .. } = &model.expr(handler).kind else {
        return None;
    };
    // The struct literal the function makes (`wrapper := ServerInterfaceWrapper{…}`).
    let ExprKind::Ident {
        binding: Some(b), ..
    } = &model.expr(*object).kind
    else {
        return None;
    };
    let binding = model.binding(*b);
    if binding.reassigned || !binding.origin.path.is_empty() {
        return None;
    }
    let ExprKind::Object { props } = &model.expr(binding.origin.init?).kind else {
        return None;
    };
    let (mf, method) = files.function_of(file, handler)?;
    let method_model = files.model(mf);
    // The last call in the method's body of a method of one of the receiver's fields
    // (`w.Handler.ListPets(ctx)`) that the literal sets.
    crate::files::calls(method_model)
        .filter(|&c| {
            crate::files::enclosing_function(method_model, method_model.expr(c).span)
                == Some(method)
        })
        .filter_map(|c| {
            let ExprKind::Call { callee, .. } = &method_model.expr(c).kind else {
                return None;
            };
            let ExprKind::Member {
                object: field_read,
                property: MemberProp::Name(called),
                ..
            } = &method_model.expr(*callee).kind
            else {
                return None;
            };
            let ExprKind::Member {
                object: receiver,
                property: MemberProp::Name(field),
                ..
            } = &method_model.expr(*field_read).kind
            else {
                return None;
            };
            if !matches!(method_model.expr(*receiver).kind, ExprKind::This) {
                return None;
            }
            let value = props.iter().find_map(|p| match p {
                ObjectProp::KeyValue { key, value, .. } if key.as_str() == Some(field) => {
                    Some(*value)
                }
                _ => None,
            })?;
            let (af, ae) = w.argument(files, file, value)?;
            let (sf, class) = crate::struct_literals::value_struct(files, af, ae)?;
            let type_name = files.model(sf).class(class).name.clone()?;
            let methods =
                files
                    .methods_by_type()
                    .get(&(Language::Go, type_name, called.to_string()))?;
            let folder = crate::struct_literals::folder_of(&files.model(sf).path);
            methods
                .iter()
                .find(|(f, func)| {
                    crate::struct_literals::folder_of(&files.model(*f).path) == folder
                        && crate::files::has_body(files.model(*f), *func)
                })
                .copied()
        })
        .last()
}

/// The values a handler written as `wrapper.M` may hand the request on to: the parameters the
/// struct literal `wrapper` is made of (`ServerInterfaceWrapper{Handler: si}`: `si`), which the
/// callers of the registering function fill. Empty for any other handler.
pub fn delegated_values(
    files: &Files,
    file: usize,
    handler: seam_lang::model::ExprId,
) -> Vec<seam_lang::model::ExprId> {
    let model = files.model(file);
    if model.language != Language::Go {
        return Vec::new();
    }
    let ExprKind::Member { object, .. } = &model.expr(handler).kind else {
        return Vec::new();
    };
    let ExprKind::Ident {
        binding: Some(b), ..
    } = &model.expr(*object).kind
    else {
        return Vec::new();
    };
    let binding = model.binding(*b);
    if binding.reassigned || !binding.origin.path.is_empty() {
        return Vec::new();
    }
    let Some(init) = binding.origin.init else {
        return Vec::new();
    };
    let ExprKind::Object { props } = &model.expr(init).kind else {
        return Vec::new();
    };
    props
        .iter()
        .filter_map(|p| match p {
            ObjectProp::KeyValue { value, .. }
                if crate::route_wrappers::is_parameter(model, *value) =>
            {
                Some(*value)
            }
            _ => None,
        })
        .collect()
}
