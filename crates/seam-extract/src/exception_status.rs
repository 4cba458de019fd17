//! The HTTP status a raised project exception carries. Servers commonly define their errors as
//! classes (`class ResourceNotFound(AppError)` whose `__init__` passes `404` to the base, a
//! `status_code = 404` class attribute, `constructor() { super("Not found", 404) }`) and turn
//! them into responses in one registered handler. A `raise ResourceNotFound()` on a handler's
//! path then answers 404: recorded as the throw's `statusWhenUncaught`.
//!
//! The status is read from the class and its ancestors (across files): an argument of the
//! raise itself given to a parameter named like a status (`status_code=409`), else a
//! parameter's default (`status_code: int = 404`), else a class attribute (`status_code =
//! 404`), else a number the constructor passes on to its base in a status parameter
//! (`super().__init__(message, 404)`). A parameter or attribute counts when its name holds
//! `status` (`status`, `status_code`, `statusCode`, `http_status`).

use seam_lang::model::{
    ClassId, ExprId, ExprKind, FuncId, Language, LiteralValue, MemberKind, Model, PatternKind,
};

use crate::classes::{class_of_expr, parent_class};
use crate::files::Files;

/// How many ancestors are followed.
const MAX_DEPTH: usize = 8;

/// The status `raise X(…)` / `throw new X(…)` answers with, when `X` is a project class that
/// carries one.
pub fn raised_status(files: &Files, file: usize, value: ExprId) -> Option<u16> {
    let model = files.model(file);
    let ExprKind::Call { callee, args, .. } = &model.expr(value).kind else {
        return None;
    };
    let class = class_of_expr(files, file, *callee)?;
    let arguments: Vec<(Option<&str>, ExprId)> = args
        .iter()
        .filter(|a| !a.spread && !a.keyword_spread)
        .map(|a| (a.name.as_deref(), a.value))
        .collect();
    if let Some(status) = status_passed(files, file, &arguments, class) {
        return Some(status);
    }
    class_status(files, class, MAX_DEPTH)
}

fn is_status_name(name: &str) -> bool {
    name.to_ascii_lowercase().contains("status")
}

/// A number literal that is an HTTP status, or a library constant naming one
/// (`status.HTTP_404_NOT_FOUND`).
fn status_literal(model: &Model, expr: ExprId) -> Option<u16> {
    let value = match &model.expr(expr).kind {
        ExprKind::Literal {
            value: LiteralValue::Number(number),
        } => number.value,
        _ => crate::library_constants::library_number(model, expr)?,
    };
    (value.fract() == 0.0 && (100.0..600.0).contains(&value)).then_some(value as u16)
}

/// The constructor of a class: `__init__` or `constructor`.
fn constructor(model: &Model, class: ClassId) -> Option<FuncId> {
    model
        .class(class)
        .members
        .iter()
        .find_map(|m| match &m.kind {
            MemberKind::Constructor { function } => Some(*function),
            MemberKind::Method { function } if m.name.as_str() == Some("__init__") => {
                Some(*function)
            }
            _ => None,
        })
}

/// A parameter's name and default, the receiver (`self`) left out.
fn parameters(model: &Model, function: FuncId) -> Vec<(String, Option<ExprId>)> {
    let func = model.function(function);
    let skip = usize::from(func.class.is_some() && model.language == Language::Python);
    func.params
        .iter()
        .skip(skip)
        .map(|p| {
            let name = match &model.pattern(p.pattern).kind {
                PatternKind::Ident { name, .. } => name.to_string(),
                PatternKind::Default { target, .. } => match &model.pattern(*target).kind {
                    PatternKind::Ident { name, .. } => name.to_string(),
                    _ => String::new(),
                },
                _ => String::new(),
            };
            let default = p.default.or(match &model.pattern(p.pattern).kind {
                PatternKind::Default { default, .. } => Some(*default),
                _ => None,
            });
            (name, default)
        })
        .collect()
}

/// The nearest constructor of a class or its ancestors, with the class that declares it.
fn nearest_constructor(
    files: &Files,
    class: (usize, ClassId),
    depth: usize,
) -> Option<((usize, ClassId), FuncId)> {
    let mut current = Some(class);
    for _ in 0..depth {
        let (f, c) = current?;
        if let Some(function) = constructor(files.model(f), c) {
            return Some(((f, c), function));
        }
        current = parent_class(files, f, c);
    }
    None
}

/// A number given to the constructor's status parameter by these arguments (by keyword, or
/// by position).
fn status_passed(
    files: &Files,
    file: usize,
    arguments: &[(Option<&str>, ExprId)],
    class: (usize, ClassId),
) -> Option<u16> {
    let model = files.model(file);
    for (name, value) in arguments {
        if name.is_some_and(is_status_name) {
            return status_literal(model, *value);
        }
    }
    let ((cf, _), function) = nearest_constructor(files, class, MAX_DEPTH)?;
    let params = parameters(files.model(cf), function);
    let positional = arguments.iter().take_while(|(name, _)| name.is_none());
    for ((_, value), (param, _)) in positional.zip(&params) {
        if is_status_name(param) {
            return status_literal(model, *value);
        }
    }
    None
}

/// The status a class carries with no status argument: its constructor's status default, a
/// class attribute, or a number its constructor passes to the base's status parameter.
fn class_status(files: &Files, class: (usize, ClassId), depth: usize) -> Option<u16> {
    let depth = depth.checked_sub(1)?;
    let (file, id) = class;
    let model = files.model(file);
    if let Some(function) = constructor(model, id) {
        if let Some(default) = parameters(model, function)
            .into_iter()
            .find(|(name, _)| is_status_name(name))
            .and_then(|(_, default)| default)
        {
            return status_literal(model, default);
        }
        if let Some(status) = passed_to_base(files, file, id, function) {
            return Some(status);
        }
    }
    for member in &model.class(id).members {
        if let MemberKind::Property {
            value: Some(value), ..
        } = &member.kind
            && member.name.as_str().is_some_and(is_status_name)
            && let Some(status) = status_literal(model, *value)
        {
            return Some(status);
        }
    }
    let parent = parent_class(files, file, id)?;
    class_status(files, parent, depth)
}

/// A number a constructor passes to its base's constructor in a status parameter
/// (`super().__init__(message, 404)`, `super(message, 404)`, `Base.__init__(self, …)`).
fn passed_to_base(files: &Files, file: usize, class: ClassId, function: FuncId) -> Option<u16> {
    let model = files.model(file);
    let span = model.function(function).span;
    let parent = parent_class(files, file, class)?;
    for call in crate::files::calls(model) {
        let expr = model.expr(call);
        if expr.span.start < span.start || expr.span.end > span.end {
            continue;
        }
        let ExprKind::Call { callee, args, .. } = &expr.kind else {
            continue;
        };
        let text = model.text_collapsed(model.expr(*callee).span);
        let to_base = text == "super"
            || (text.starts_with("super(") && text.ends_with(".__init__"))
            || text.ends_with(".__init__");
        if !to_base {
            continue;
        }
        let mut arguments: Vec<(Option<&str>, ExprId)> = args
            .iter()
            .filter(|a| !a.spread && !a.keyword_spread)
            .map(|a| (a.name.as_deref(), a.value))
            .collect();
        // `Base.__init__(self, …)` names the receiver.
        if !text.starts_with("super") && !arguments.is_empty() {
            arguments.remove(0);
        }
        if let Some(status) = status_passed(files, file, &arguments, parent) {
            return Some(status);
        }
    }
    None
}
