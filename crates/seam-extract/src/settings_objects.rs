//! A framework's configuration filled from a project class (`app.config.from_object(Config)`,
//! the packs' `settingsObjects`): a setting read by a literal key (`current_app.config["X"]`)
//! is that class's attribute `X`, the value the code gives it (which may itself read the
//! environment). A parameter standing for the class (`def create_app(config_class=Config)`)
//! is its default.

use seam_lang::model::{BindingKind, ClassId, ExprId, ExprKind, LiteralValue};
use seam_packs::{Capture, Captures, match_expr};

use crate::files::Files;

/// The value the project's configuration class gives the setting `expr` reads, if one does.
pub fn setting_value(files: &Files, file: usize, expr: ExprId) -> Option<(usize, ExprId)> {
    if files.settings_objects.is_empty() {
        return None;
    }
    let model = files.model(file);
    let key = files.environment(model.language).find_map(|pattern| {
        let mut caps = Captures::new();
        if !match_expr(model, pattern, expr, &mut caps) {
            return None;
        }
        caps.values().find_map(|c| {
            let first = match c {
                Capture::Expr(e) => *e,
                Capture::List(list) => *list.first()?,
                _ => return None,
            };
            match &model.expr(first).kind {
                ExprKind::Literal {
                    value: LiteralValue::String { value },
                } => Some(value.clone()),
                _ => None,
            }
        })
    })?;
    settings_classes(files)
        .iter()
        .find_map(|&class| crate::class_defaults::class_attribute(files, class, &key))
}

/// The classes the project loads its configuration from, worked out once.
fn settings_classes<'f>(files: &'f Files<'_>) -> &'f [(usize, ClassId)] {
    files.settings_classes.get_or_init(|| {
        let mut out = Vec::new();
        for file in 0..files.count() {
            let model = files.model(file);
            for (family, source) in &files.settings_objects {
                if !family.includes(model.language) {
                    continue;
                }
                for c in files.calls(file) {
                    let mut caps = Captures::new();
                    if !match_expr(model, &source.pattern, c.call, &mut caps) {
                        continue;
                    }
                    if let Some(object) = caps.get(&source.object).and_then(Capture::expr)
                        && let Some(class) = class_given(files, file, object)
                        && !out.contains(&class)
                    {
                        out.push(class);
                    }
                }
            }
        }
        out
    })
}

/// The class an expression names, or the default of the parameter it is.
fn class_given(files: &Files, file: usize, expr: ExprId) -> Option<(usize, ClassId)> {
    if let Some(class) = crate::classes::class_of_expr(files, file, expr) {
        return Some(class);
    }
    let model = files.model(file);
    let b = model.resolved_binding(expr)?;
    let BindingKind::Param { function, index } = model.binding(b).kind else {
        return None;
    };
    let default = model
        .function(function)
        .params
        .get(index as usize)?
        .default?;
    crate::classes::class_of_expr(files, file, default)
}
