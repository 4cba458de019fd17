//! The sizes of the model's node types. Every model of a repository is alive while its
//! summaries are extracted, and the expression and statement arenas hold millions of nodes on
//! a large repository: a variant that grows a node by eight bytes costs tens of megabytes.
//! Rare, large variants are boxed (`ExprKind::Template`, `ExprKind::Comprehension`,
//! `LiteralValue::Number`, `LiteralValue::Regex`, `StmtKind::Try`, `StmtKind::Loop`), and the
//! strings of the common nodes are `Name`s (16 bytes, a name of up to 15 bytes inline and a
//! longer one boxed: an identifier's name, a member's name, a binding's and a pattern's name,
//! an object key, a keyword argument's name, a string literal) or a `ThinName` (a private
//! member's name, a bigint's spelling). An expression is 32 bytes: every `ExprKind` variant
//! fits in 24, so a call's arguments, an object's properties, an array's elements and a
//! sequence are boxed slices (16 bytes, no spare room), and an `Option<BindingId>` is 4
//! bytes. This test keeps them so.
use seam_lang::model::{
    Arg, Binding, BindingId, Expr, ExprId, ExprKind, FuncId, Function, LiteralValue, MemberProp,
    Name, ObjectProp, Param, Pattern, PatternId, PropKey, Stmt, StmtKind, TypeAnnotation, TypeRef,
    VarDeclarator,
};
use std::mem::size_of;

#[test]
fn node_types_stay_small() {
    assert_eq!(size_of::<LiteralValue>(), 16, "LiteralValue");
    assert_eq!(size_of::<MemberProp>(), 16, "MemberProp");
    assert_eq!(size_of::<Option<BindingId>>(), 4, "Option<BindingId>");
    assert_eq!(size_of::<ExprKind>(), 24, "ExprKind");
    assert_eq!(size_of::<Expr>(), 32, "Expr");
    assert_eq!(size_of::<StmtKind>(), 24, "StmtKind");
    assert_eq!(size_of::<Stmt>(), 32, "Stmt");
    assert!(size_of::<Pattern>() <= 32, "Pattern");
    assert!(size_of::<Binding>() <= 72, "Binding");
    assert!(size_of::<Function>() <= 280, "Function");
    assert!(size_of::<Param>() <= 96, "Param");
    assert!(size_of::<TypeRef>() <= 32, "TypeRef");
    assert!(size_of::<TypeAnnotation>() <= 56, "TypeAnnotation");
    // Every arena id keeps its index plus one in a `NonZeroU32`: an option of one is 4 bytes.
    assert_eq!(size_of::<Option<ExprId>>(), 4, "Option<ExprId>");
    assert_eq!(size_of::<Option<FuncId>>(), 4, "Option<FuncId>");
    assert_eq!(size_of::<Option<PatternId>>(), 4, "Option<PatternId>");
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
        // A call's arguments are a boxed slice: no spare room by construction.
        let calls = m
            .exprs
            .iter()
            .filter(|e| matches!(&e.kind, ExprKind::Call { args, .. } if !args.is_empty()))
            .count();
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
        // Blocks and declarator lists are boxed slices: no spare room by construction.
        assert!(
            m.path.ends_with(".py")
                || m.stmts
                .iter()
                .any(|s| matches!(&s.kind, StmtKind::VarDecl { declarators, .. } if !declarators.is_empty())),
            "{}: the declarations were lowered",
            m.path
        );
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

#[test]
fn arena_ids_read_as_their_index() {
    let id = BindingId::from_index(7);
    assert_eq!(id.index(), 7);
    assert_eq!(id.get(), 7);
    assert_eq!(id, BindingId(7));
    assert_eq!(format!("{id:?}"), "BindingId(7)");
    assert_eq!(serde_json::to_string(&id).unwrap(), "7");
    assert!(BindingId(2) < BindingId(10));
    assert_eq!(BindingId::from_index(0).index(), 0);
    // An absurdly large index saturates instead of wrapping.
    assert_eq!(BindingId::from_index(usize::MAX).get(), u32::MAX - 1);
    // Hashed as its index, so maps keyed by binding iterate as before.
    use std::hash::{BuildHasher, Hash, Hasher};
    let state = std::collections::hash_map::RandomState::new();
    let (mut a, mut b) = (state.build_hasher(), state.build_hasher());
    id.hash(&mut a);
    7u32.hash(&mut b);
    assert_eq!(a.finish(), b.finish());
    assert_eq!(format!("{:?}", ExprId(3)), "ExprId(3)");
    assert_eq!(format!("{:?}", Some(FuncId(0))), "Some(FuncId(0))");
    assert!(PatternId(1) < PatternId(2));
}
