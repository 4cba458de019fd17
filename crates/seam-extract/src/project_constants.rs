//! Numbers a project names through a class: `Code.GONE` with `class Code(IntEnum): GONE = 410`
//! (or any class attribute holding a literal number), also read through an import and, for a
//! Python enum member, through `.value`. A status written as one is that number.

use seam_lang::model::{ExprId, ExprKind, Language, LiteralValue, MemberKind, MemberProp};

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
    // A Python enum member's `.value` is the member's number.
    if name == "value"
        && model.language == Language::Python
        && let Some(n) = class_number(files, file, *object)
    {
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
                value: LiteralValue::Number { value, .. },
            } => Some(*value),
            _ => None,
        }
    })
}
