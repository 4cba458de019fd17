//! The class a method call runs on (an invocation effect's `receiverClass`): the class of the
//! receiver when the code says it, as [`crate::classes::class_of_receiver`] reads it (`this`
//! inside a class, a field or parameter declared with a class type, an instance `new C(…)`
//! made here or held in a name), a Python instance made by calling the class (`store =
//! Store()`), or a name declared without a value whose one assignment makes the instance
//! (`let controller: C;` then `controller = new C(…)` in a `beforeEach`). The covering-test walk uses it: a test that calls a method on an instance of
//! its subject's class reaches the subject.

use seam_ir::summary::ClassRef;
use seam_lang::model::{ExprId, ExprKind};

use crate::classes::{class_of_expr, class_of_receiver};
use crate::files::Files;

/// The class the call `call` in `file` is sent to, when its callee is a method of a receiver
/// whose class is known.
pub fn receiver_class(files: &Files, file: usize, call: ExprId) -> Option<ClassRef> {
    let model = files.model(file);
    let ExprKind::Call { callee, .. } = &model.expr(call).kind else {
        return None;
    };
    let ExprKind::Member { object, .. } = &model.expr(*callee).kind else {
        return None;
    };
    let (class_file, class) = class_of_receiver(files, file, *object)
        .or_else(|| called_class(files, file, *object))
        .or_else(|| assigned_class(files, file, *object))?;
    let owner = files.model(class_file);
    Some(ClassRef {
        file: owner.path.clone(),
        name: owner.class(class).name.clone()?,
    })
}

/// A name holding what calling a class gave (Python's `Store()`), or that call itself.
fn called_class(
    files: &Files,
    file: usize,
    object: ExprId,
) -> Option<(usize, seam_lang::model::ClassId)> {
    let (vf, ve) = match &files.model(file).expr(object).kind {
        ExprKind::Ident { .. } => files.value_of(files.definition(file, object)?)?,
        _ => (file, object),
    };
    match &files.model(vf).expr(ve).kind {
        ExprKind::Call { callee, .. } => class_of_expr(files, vf, *callee),
        _ => None,
    }
}

/// The class of the one instance assigned to a name declared without a value.
fn assigned_class(
    files: &Files,
    file: usize,
    object: ExprId,
) -> Option<(usize, seam_lang::model::ClassId)> {
    let model = files.model(file);
    let binding = model.resolved_binding(object)?;
    // Only a variable declared without a value and given one later; the scan below is over
    // the whole file, so every other name (a parameter above all) stops here.
    let declared = model.binding(binding);
    if !matches!(declared.kind, seam_lang::model::BindingKind::Var { .. })
        || declared.origin.init.is_some()
        || !declared.reassigned
    {
        return None;
    }
    let mut values = model.exprs.iter().filter_map(|e| match &e.kind {
        ExprKind::Assign { target, value, .. }
            if matches!(
                &model.pattern(*target).kind,
                seam_lang::model::PatternKind::Ident { binding: Some(b), .. } if *b == binding
            ) =>
        {
            Some(*value)
        }
        _ => None,
    });
    let value = values.next()?;
    if values.next().is_some() {
        return None;
    }
    called_class(files, file, value)
}
