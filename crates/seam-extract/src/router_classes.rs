//! Routers made from a project subclass of a framework router class (`class
//! APIRouterV2(APIRouter)`, `router = APIRouterV2(prefix="/x")`): the call is read as a call of
//! the framework class it extends, found through the class's bases (any depth, across files),
//! never by its name.

use seam_lang::model::{ExprId, ExprKind};
use seam_packs::{Captures, PatternNode, match_call_with_callee, match_expr};

use crate::classes::{class_of_expr, parent_class};
use crate::files::{Files, MAX_HOPS};

/// The first of `patterns` the expression matches, directly or as a call of a project class
/// standing for a base it extends, with its captures (in `file`'s model).
pub fn match_router(
    files: &Files,
    patterns: &[PatternNode],
    file: usize,
    expr: ExprId,
) -> Option<(usize, Captures)> {
    let model = files.model(file);
    for (i, pattern) in patterns.iter().enumerate() {
        let mut caps = Captures::new();
        if match_expr(model, pattern, expr, &mut caps) {
            return Some((i, caps));
        }
    }
    let ExprKind::Call { callee, .. } = &model.expr(expr).kind else {
        return None;
    };
    let mut class = class_of_expr(files, file, *callee);
    for _ in 0..MAX_HOPS {
        let (cf, cid) = class?;
        let class_model = files.model(cf);
        for &base in &class_model.class(cid).extends {
            for (i, pattern) in patterns.iter().enumerate() {
                let mut caps = Captures::new();
                if match_call_with_callee(model, pattern, expr, class_model, base, &mut caps) {
                    return Some((i, caps));
                }
            }
        }
        class = parent_class(files, cf, cid);
    }
    None
}
