//! Constants a library exports (`core/constants.yaml`), read where the code names them through
//! an import: `http.StatusNotFound` with `import "net/http"`, `status.HTTP_404_NOT_FOUND` with
//! `from fastapi import status`, `HTTPStatus.NOT_FOUND` with `from http import HTTPStatus`,
//! `HTTP_404_NOT_FOUND` with `from starlette.status import HTTP_404_NOT_FOUND`.

use seam_lang::model::{BindingKind, ExprId, ExprKind, ImportedItem, MemberProp, Model};
use seam_packs::constants::ConstantValue;

/// The value of a library constant the expression names, if seam knows it.
pub fn library_constant(model: &Model, expr: ExprId) -> Option<ConstantValue> {
    seam_packs::constants::qualified_constant(&qualified_name(model, expr)?)
}

/// The library constant's number (a status), if the expression names one that is a number.
pub fn library_number(model: &Model, expr: ExprId) -> Option<f64> {
    match library_constant(model, expr)? {
        ConstantValue::Number(n) => Some(n),
        ConstantValue::Text(_) => None,
    }
}

/// The member under which a call of `callee` holds its one argument, when `callee` names a
/// library's holder function through an import (`ref` from `vue`: `ref(x).value` is x).
pub fn holder_member(model: &Model, callee: ExprId) -> Option<&'static str> {
    seam_packs::constants::qualified_holder(&qualified_name(model, callee)?)
}

/// The function whose returned value a call of `callee` gives, when `callee` names a library's
/// memo through an import (`useMemo(() => v, deps)` from `react` is v): the call's first
/// argument, when it is a function written there.
pub fn memo_callback(
    model: &Model,
    callee: ExprId,
    args: &[seam_lang::model::Arg],
) -> Option<seam_lang::model::FuncId> {
    if !seam_packs::constants::qualified_memo(&qualified_name(model, callee)?) {
        return None;
    }
    match &model.expr(args.first()?.value).kind {
        ExprKind::Function { function } => Some(*function),
        _ => None,
    }
}

/// The function a call of `callee` gives back, when `callee` names a library function that
/// returns its first argument through an import (`useCallback(fn, deps)` from `react` is fn).
pub fn passed_callback(
    model: &Model,
    callee: ExprId,
    args: &[seam_lang::model::Arg],
) -> Option<ExprId> {
    if !seam_packs::constants::qualified_callback(&qualified_name(model, callee)?) {
        return None;
    }
    args.first().map(|a| a.value)
}

/// The members of a context whose element provides its value (`Provider`), when `callee`
/// names a library function that makes contexts through an import (`createContext` from
/// `react`).
pub fn context_maker(model: &Model, callee: ExprId) -> Option<&'static [String]> {
    seam_packs::constants::qualified_context_maker(&qualified_name(model, callee)?)
}

/// Whether `callee` names a library function that reads the context it is given through an
/// import (`useContext` from `react`).
pub fn context_reader(model: &Model, callee: ExprId) -> bool {
    qualified_name(model, callee)
        .is_some_and(|q| seam_packs::constants::qualified_context_reader(&q))
}

/// The dotted name an expression spells once its head is replaced by what the import binding
/// it names stands for: `status.HTTP_404_NOT_FOUND` after `from fastapi import status` is
/// `fastapi.status.HTTP_404_NOT_FOUND`; `http.StatusOK` after `import "net/http"` is
/// `net/http.StatusOK`. A name bound otherwise (a project value) or a relative import has none.
fn qualified_name(model: &Model, expr: ExprId) -> Option<String> {
    let mut members = Vec::new();
    let mut head = expr;
    while let ExprKind::Member {
        object,
        property: MemberProp::Name(name),
        ..
    } = &model.expr(head).kind
    {
        members.push(name.as_str());
        head = *object;
    }
    let ExprKind::Ident { name: local, .. } = &model.expr(head).kind else {
        return None;
    };
    let binding = model.resolved_binding(head)?;
    let BindingKind::Import { import, name } = model.binding(binding).kind else {
        return None;
    };
    let import = model.imports.get(import as usize)?;
    if import.level > 0 || import.specifier.is_empty() {
        return None;
    }
    let imported = import.names.get(name as usize)?;
    let mut qualified = match &imported.imported {
        // Python's `import a.b` binds `a`, which names the package `a` itself.
        ImportedItem::Namespace
            if import.specifier == *local || import.specifier.starts_with(&format!("{local}.")) =>
        {
            local.to_string()
        }
        ImportedItem::Namespace | ImportedItem::Default => import.specifier.clone(),
        ImportedItem::Named(n) => format!("{}.{n}", import.specifier),
        ImportedItem::All => return None,
    };
    for member in members.iter().rev() {
        qualified.push('.');
        qualified.push_str(member);
    }
    Some(qualified)
}
