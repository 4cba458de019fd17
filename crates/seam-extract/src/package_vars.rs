//! A Go package-level variable declared with no value (`var APIv1 *gin.RouterGroup`) and given
//! one by an assignment in a function of its package, in any of the package's files (`APIv1 =
//! router.Group("/api/v1")` in `start()`): a read of the variable anywhere in the package is
//! that value, when the package assigns it exactly once.

use seam_lang::model::{AssignOp, BindingId, BindingKind, ExprId, ExprKind, Language, PatternKind};

use crate::files::{Def, Files};

/// The plain assignments of one file to a bare name: (name, what the target resolves to, the
/// assigned value).
pub type NameAssignments = Vec<(String, Option<BindingId>, ExprId)>;

/// The plain assignments to bare names one file makes.
pub fn name_assignments(model: &seam_lang::model::Model) -> NameAssignments {
    if model.language != Language::Go {
        return Vec::new();
    }
    model
        .exprs
        .iter()
        .filter_map(|e| match &e.kind {
            ExprKind::Assign {
                op: AssignOp::Assign,
                target,
                value,
            } => match &model.pattern(*target).kind {
                PatternKind::Ident { name, binding } => Some((name.clone(), *binding, *value)),
                _ => None,
            },
            _ => None,
        })
        .collect()
}

/// The one value the package assigns to the package-level variable `b` of `file`, declared
/// with none; `None` for any other binding, or one assigned never or more than once.
pub fn assigned_value(files: &Files, file: usize, b: BindingId) -> Option<(usize, ExprId)> {
    let model = files.model(file);
    let binding = model.binding(b);
    if model.language != Language::Go
        || binding.scope.is_some()
        || binding.origin.init.is_some()
        || !binding.origin.path.is_empty()
        || !matches!(binding.kind, BindingKind::Var { .. })
    {
        return None;
    }
    let dir = |path: &str| path.rsplit_once('/').map_or("", |(d, _)| d).to_owned();
    let own_dir = dir(&model.path);
    let mut found = None;
    for f in 0..files.count() {
        let other = files.model(f);
        if other.language != Language::Go || dir(&other.path) != own_dir {
            continue;
        }
        for (name, target, value) in files.name_assignments(f) {
            if *name != binding.name {
                continue;
            }
            // The target is this variable: its own binding, or a sibling's read of the
            // package's name (through the package's implicit import, or left unbound).
            let ours = match target {
                Some(t) if f == file => *t == b,
                Some(t) => {
                    files.binding_def(f, *t, crate::files::MAX_HOPS) == Some(Def::Binding(file, b))
                }
                None => f != file && files.module_binding(f, name).is_none(),
            };
            if !ours {
                continue;
            }
            if found.is_some() {
                return None;
            }
            found = Some((f, *value));
        }
    }
    found
}

/// The package-level variable an assignment of `value` gives its one value to (`APIv1` of
/// `APIv1 = router.Group(…)`); `None` for any other expression.
pub fn variable_assigned(files: &Files, file: usize, value: ExprId) -> Option<Def> {
    let (name, target, _) = files
        .name_assignments(file)
        .iter()
        .find(|(_, _, v)| *v == value)?;
    let def = match target {
        Some(t) => files.binding_def(file, *t, crate::files::MAX_HOPS)?,
        None => {
            let front = files.module_binding(file, name)?;
            Def::Binding(file, front)
        }
    };
    let Def::Binding(vf, vb) = def else {
        return None;
    };
    (assigned_value(files, vf, vb) == Some((file, value))).then_some(def)
}
