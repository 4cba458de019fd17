//! A Go package-level variable declared with no value (`var APIv1 *gin.RouterGroup`) and given
//! one by an assignment in a function of its package, in any of the package's files (`APIv1 =
//! router.Group("/api/v1")` in `start()`): a read of the variable anywhere in the package is
//! that value, when the package assigns it exactly once.

use std::collections::BTreeMap;

use seam_lang::model::{AssignOp, BindingId, BindingKind, ExprId, ExprKind, Language, PatternKind};

use crate::files::{Def, Files};

/// The plain assignments of one file to a bare name: (name, what the target resolves to, the
/// assigned value).
pub type NameAssignments = Vec<(String, Option<BindingId>, ExprId)>;

/// Each package-level variable declared with no value (its file and binding) → the
/// assignments its package makes to it (the file and the assigned value of each).
pub type PackageAssignments = BTreeMap<(usize, BindingId), Vec<(usize, ExprId)>>;

/// The plain assignments to bare names one Go file makes.
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
                PatternKind::Ident { name, binding } => Some((name.to_string(), *binding, *value)),
                _ => None,
            },
            _ => None,
        })
        .collect()
}

/// Whether `b` of `file` is a Go package-level variable declared with no value.
fn declared_empty(files: &Files, file: usize, b: BindingId) -> bool {
    let model = files.model(file);
    let binding = model.binding(b);
    model.language == Language::Go
        && binding.scope.is_none()
        && binding.origin.init.is_none()
        && binding.origin.path.is_empty()
        && matches!(binding.kind, BindingKind::Var { .. })
}

/// The assignments of every Go package-level variable declared with no value, across the
/// files of its package.
pub fn package_assignments(files: &Files) -> PackageAssignments {
    let dir = |path: &str| path.rsplit_once('/').map_or("", |(d, _)| d).to_owned();
    let mut by_dir: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for f in 0..files.count() {
        if files.model(f).language == Language::Go {
            by_dir.entry(dir(&files.model(f).path)).or_default().push(f);
        }
    }
    let mut out = PackageAssignments::new();
    for siblings in by_dir.values() {
        for &f in siblings {
            let model = files.model(f);
            for (name, target, value) in files.name_assignments(f) {
                let declared = match target {
                    // A local is no package-level variable.
                    Some(t) if model.binding(*t).scope.is_some() => continue,
                    Some(t) => match files.binding_def(f, *t, crate::files::MAX_HOPS) {
                        Some(Def::Binding(df, db)) => Some((df, db)),
                        _ => None,
                    },
                    // A read of a name a sibling declares, left unbound by the lowering.
                    None => siblings
                        .iter()
                        .find_map(|&s| files.module_binding(s, name).map(|b| (s, b))),
                };
                if let Some((df, db)) = declared
                    && declared_empty(files, df, db)
                {
                    out.entry((df, db)).or_default().push((f, *value));
                }
            }
        }
    }
    out
}

/// The one value the package assigns to the package-level variable `b` of `file`, declared
/// with none; `None` for any other binding, or one assigned never or more than once.
pub fn assigned_value(files: &Files, file: usize, b: BindingId) -> Option<(usize, ExprId)> {
    if !declared_empty(files, file, b) {
        return None;
    }
    match files.package_assignments().get(&(file, b))?.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// The package-level variable an assignment of `value` gives its one value to (`APIv1` of
/// `APIv1 = router.Group(…)`); `None` for any other expression.
pub fn variable_assigned(files: &Files, file: usize, value: ExprId) -> Option<Def> {
    if files.model(file).language != Language::Go {
        return None;
    }
    files
        .package_assignments()
        .iter()
        .find(|(_, assigned)| assigned.as_slice() == [(file, value)])
        .map(|(&(vf, vb), _)| Def::Binding(vf, vb))
}
