//! The sizes of the model's node types. Every model of a repository is alive while its
//! summaries are extracted, and the expression and statement arenas hold millions of nodes on
//! a large repository: a variant that grows a node by eight bytes costs tens of megabytes.
//! Rare, large variants are boxed (`ExprKind::Template`, `ExprKind::Comprehension`,
//! `LiteralValue::Regex`, `StmtKind::Try`, `StmtKind::Loop`), and the strings of the common
//! expressions are `Name`s (a boxed `str`: an identifier's name, a private member's name, a
//! bigint's spelling) or a `ThinName` (a number's spelling); this test keeps them so.
use seam_lang::model::{
    Binding, Expr, ExprKind, Function, LiteralValue, MemberProp, Pattern, Stmt, StmtKind,
};
use std::mem::size_of;

#[test]
fn node_types_stay_small() {
    assert_eq!(size_of::<LiteralValue>(), 24, "LiteralValue");
    assert_eq!(size_of::<MemberProp>(), 24, "MemberProp");
    assert_eq!(size_of::<ExprKind>(), 32, "ExprKind");
    assert_eq!(size_of::<Expr>(), 40, "Expr");
    assert_eq!(size_of::<StmtKind>(), 32, "StmtKind");
    assert_eq!(size_of::<Stmt>(), 40, "Stmt");
    assert!(size_of::<Pattern>() <= 48, "Pattern");
    assert!(size_of::<Binding>() <= 96, "Binding");
    assert!(size_of::<Function>() <= 280, "Function");
}
