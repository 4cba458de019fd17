//! Numbers a project names through a class: `Code.GONE` with `class Code(IntEnum): GONE = 410`
//! (or any class attribute holding a literal number), also read through an import and, for a
//! Python enum member, through `.value`. A status written as one is that number.
//!
//! TypeScript enum members the same way: `Code.Gone` with `enum Code { Gone = 410 }` (or a
//! string member, `Routes.Users = "/users"`, read as text wherever values are read).

use seam_lang::model::{
    BindingKind, ExprId, ExprKind, Language, LiteralValue, MemberKind, MemberProp, TypeDeclKind,
};

use crate::files::Def;

use crate::classes::class_of_expr;
use crate::files::Files;

/// The literal number the class attribute `expr` names (`Code.GONE`, `Code.GONE.value`).
pub fn class_number(files: &Files, file: usize, expr: ExprId) -> Option<f64> {
    let model = files.model(file);
    let ExprKind::Member {
        object,
        property: MemberProp::Name(name),
        ..
    } = &model.expr(expr).kind
    else {
        return None;
    };
    if let Some(LiteralValue::Number(number)) = enum_member(files, file, expr) {
        return Some(number.value);
    }
    // A Python enum member's `.value` is the member's number.
    if name == "value"
        && model.language == Language::Python
        && let Some(n) = class_number(files, file, *object)
    {
        return Some(n);
    }
    // A key of a constant object (`Status.NotFound` with `const Status = { NotFound: 404 }`).
    if let Some(n) = object_number(files, file, *object, name) {
        return Some(n);
    }
    let (cf, class) = class_of_expr(files, file, *object)?;
    let class_model = files.model(cf);
    class_model.class(class).members.iter().find_map(|m| {
        if !m.is_static || m.name.as_str() != Some(name.as_str()) {
            return None;
        }
        let MemberKind::Property { value: Some(v), .. } = &m.kind else {
            return None;
        };
        match &class_model.expr(*v).kind {
            ExprKind::Literal {
                value: LiteralValue::Number(number),
            } => Some(number.value),
            _ => None,
        }
    })
}

/// The literal value of the enum member `expr` names (`Code.Gone` with `enum Code { Gone =
/// 410 }`, the enum declared here or imported), when the declaration gives it one.
pub fn enum_member<'f>(files: &'f Files, file: usize, expr: ExprId) -> Option<&'f LiteralValue> {
    let ExprKind::Member {
        object,
        property: MemberProp::Name(name),
        ..
    } = &files.model(file).expr(expr).kind
    else {
        return None;
    };
    let Def::Binding(df, b) = files.definition(file, *object)? else {
        return None;
    };
    let model = files.model(df);
    let BindingKind::TypeDecl { decl } = model.binding(b).kind else {
        return None;
    };
    let decl = model.type_decl(decl);
    if decl.kind != TypeDeclKind::Enum {
        return None;
    }
    let index = decl.members.iter().position(|m| m == name)?;
    decl.member_values.get(index)?.as_ref()
}

/// The literal number under `key` of the object literal a never-reassigned name holds.
fn object_number(files: &Files, file: usize, object: ExprId, key: &str) -> Option<f64> {
    let Def::Binding(bf, b) = files.definition(file, object)? else {
        return None;
    };
    if files.model(bf).binding(b).reassigned {
        return None;
    }
    let (vf, ve) = files.value_of(Def::Binding(bf, b))?;
    if !matches!(files.model(vf).expr(ve).kind, ExprKind::Object { .. }) {
        return None;
    }
    let (kf, ke) = crate::callees::object_value_key(files, vf, ve, key, crate::files::MAX_HOPS)?;
    match &files.model(kf).expr(ke).kind {
        ExprKind::Literal {
            value: LiteralValue::Number(number),
        } => Some(number.value),
        _ => None,
    }
}
