//! The sizes of the model's node types. Every model of a repository is alive while its
//! summaries are extracted, and the expression and statement arenas hold millions of nodes on
//! a large repository: a variant that grows a node by eight bytes costs tens of megabytes.
//! Rare, large variants are boxed (`ExprKind::Template`, `ExprKind::Comprehension`,
//! `LiteralValue::Regex`, `StmtKind::Try`, `StmtKind::Loop`), and the strings of the common
//! nodes are `Name`s (16 bytes, a name of up to 15 bytes inline and a longer one boxed: an
//! identifier's name, a member's name, a binding's and a pattern's name, an object key, a
//! keyword argument's name, a bigint's spelling) or a `ThinName` (a number's spelling); this
//! test keeps them so.
use seam_lang::model::{
    Arg, Binding, Expr, ExprKind, Function, LiteralValue, MemberProp, Name, ObjectProp, Pattern,
    PropKey, Stmt, StmtKind, VarDeclarator,
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
    assert!(size_of::<Binding>() <= 80, "Binding");
    assert!(size_of::<Function>() <= 280, "Function");
    // Names of bindings, patterns, members, keys and keyword arguments are `Name`s (16 bytes,
    // inline up to 15 bytes), and a declarator's rare type annotation is boxed.
    assert_eq!(size_of::<Option<Name>>(), 16, "Option<Name>");
    assert!(size_of::<Arg>() <= 24, "Arg");
    assert!(size_of::<PropKey>() <= 24, "PropKey");
    assert!(size_of::<ObjectProp>() <= 32, "ObjectProp");
    assert!(size_of::<VarDeclarator>() <= 32, "VarDeclarator");
}

/// A lowered model holds no spare room: the arenas (sized ahead from the parser's counts) and
/// the lists grown by pushing (call arguments, parameters, bodies) are moved to blocks of their
/// exact length, since every model of a repository is alive while its summaries are extracted.
#[test]
fn lowered_models_keep_no_spare_capacity() {
    use seam_lang::model::{ExprKind, FunctionBody, Language, Model, StmtKind};
    let js = "import { get } from './api';\n\
              export async function load(id, { page = 1 } = {}) {\n\
              const a = get(id), b = [1, 2, 3];\n\
              if (a) { console.log(a, b); }\n\
              return { a, b, page };\n\
              }\n";
    let py = "def load(id, page=1, *rest, **kw):\n    x = get(id)\n    print(x, page)\n    return {'x': x}\n";
    let models: Vec<Model> = vec![
        seam_lang::lower::lower_file("src/load.js", Language::JavaScript, js).expect("lowers"),
        seam_lang::lower::lower_file("app/load.py", Language::Python, py).expect("lowers"),
    ];
    for m in &models {
        assert_eq!(m.exprs.capacity(), m.exprs.len(), "{}: exprs", m.path);
        assert_eq!(m.stmts.capacity(), m.stmts.len(), "{}: stmts", m.path);
        assert_eq!(
            m.patterns.capacity(),
            m.patterns.len(),
            "{}: patterns",
            m.path
        );
        assert_eq!(
            m.bindings.capacity(),
            m.bindings.len(),
            "{}: bindings",
            m.path
        );
        assert_eq!(
            m.functions.capacity(),
            m.functions.len(),
            "{}: functions",
            m.path
        );
        let mut calls = 0;
        for e in &m.exprs {
            if let ExprKind::Call { args, .. } = &e.kind {
                calls += 1;
                assert_eq!(args.capacity(), args.len(), "{}: call arguments", m.path);
            }
        }
        assert!(calls >= 2, "{}: the calls were lowered", m.path);
        for f in &m.functions {
            assert_eq!(
                f.params.capacity(),
                f.params.len(),
                "{}: parameters",
                m.path
            );
            if let FunctionBody::Block(body) = &f.body {
                assert_eq!(body.capacity(), body.len(), "{}: function body", m.path);
            }
        }
        for s in &m.stmts {
            match &s.kind {
                StmtKind::Block { body } => {
                    assert_eq!(body.capacity(), body.len(), "{}: block", m.path)
                }
                StmtKind::VarDecl { declarators, .. } => {
                    assert_eq!(
                        declarators.capacity(),
                        declarators.len(),
                        "{}: declarators",
                        m.path
                    )
                }
                _ => {}
            }
        }
    }
}

#[test]
fn fit_moves_a_list_to_an_exact_block() {
    let mut list: Vec<u64> = Vec::with_capacity(64);
    list.extend([1, 2, 3]);
    seam_lang::model::fit(&mut list);
    assert_eq!(list, [1, 2, 3]);
    assert_eq!(list.capacity(), 3);
    let mut empty: Vec<u64> = Vec::with_capacity(8);
    seam_lang::model::fit(&mut empty);
    assert_eq!(empty.capacity(), 0);
}
