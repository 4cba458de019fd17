//! The JS/TS lowering: each test lowers a small file and asserts the exact model facts.
use seam_lang::lower::js;
use seam_lang::model::*;

fn lower(path: &str, src: &str) -> Model {
    let language = Language::from_path(path).expect("a JS/TS path");
    js::lower(path, language, src).expect("the file lowers")
}

fn func<'m>(m: &'m Model, name: &str) -> &'m Function {
    m.functions
        .iter()
        .find(|f| f.name.as_deref() == Some(name))
        .unwrap_or_else(|| panic!("no function {name}"))
}

fn func_id(m: &Model, name: &str) -> FuncId {
    FuncId::from_index(
        m.functions
            .iter()
            .position(|f| f.name.as_deref() == Some(name))
            .unwrap_or_else(|| panic!("no function {name}")),
    )
}

fn binding_ids(m: &Model, name: &str) -> Vec<BindingId> {
    (0..m.bindings.len())
        .map(BindingId::from_index)
        .filter(|b| m.binding(*b).name == name)
        .collect()
}

fn binding(m: &Model, name: &str) -> BindingId {
    let ids = binding_ids(m, name);
    assert_eq!(ids.len(), 1, "bindings named {name}: {ids:?}");
    ids[0]
}

/// Every identifier expression with this name, in arena order.
fn idents(m: &Model, name: &str) -> Vec<(ExprId, Option<BindingId>)> {
    (0..m.exprs.len())
        .map(ExprId::from_index)
        .filter_map(|id| match &m.expr(id).kind {
            ExprKind::Ident { name: n, binding } if n == name => Some((id, *binding)),
            _ => None,
        })
        .collect()
}

/// The first call whose callee text is `callee`.
fn call<'m>(m: &'m Model, callee: &str) -> (ExprId, &'m ExprKind) {
    (0..m.exprs.len())
        .map(ExprId::from_index)
        .find_map(|id| match &m.expr(id).kind {
            k @ ExprKind::Call { callee: c, .. } if m.text_collapsed(m.expr(*c).span) == callee => {
                Some((id, k))
            }
            _ => None,
        })
        .unwrap_or_else(|| panic!("no call of {callee}"))
}

/// The expression whose exact source text is `text` (the outermost when several share it).
fn expr_with_text(m: &Model, text: &str) -> ExprId {
    let mut found: Option<ExprId> = None;
    for i in 0..m.exprs.len() {
        let id = ExprId::from_index(i);
        if m.expr_text(id) == text {
            found = Some(id);
        }
    }
    found.unwrap_or_else(|| panic!("no expression `{text}`"))
}

fn string_lit(m: &Model, id: ExprId) -> String {
    match &m.expr(id).kind {
        ExprKind::Literal {
            value: LiteralValue::String { value },
        } => value.to_string(),
        k => panic!("not a string literal: {k:?}"),
    }
}

fn body(m: &Model, f: &Function) -> Vec<StmtId> {
    match &f.body {
        FunctionBody::Block(b) => b.clone(),
        other => panic!("not a block body: {other:?} in {}", m.path),
    }
}

// ---------------------------------------------------------------------------------------------
// Module items
// ---------------------------------------------------------------------------------------------

#[test]
fn imports_of_every_form() {
    let m = lower(
        "a.ts",
        "import express, { Router as R, type Request } from 'express';\n\
         import * as fs from 'node:fs';\n\
         import 'reflect-metadata';\n\
         import type { User } from './user';\n\
         import cfg = require('./cfg');\n\
         const lazy = () => import('./lazy');\n\
         const path = require('path');\n\
         const { join, resolve: res } = require('path');\n\
         const read = require('fs').readFileSync;\n\
         const mod = await import('./mod');\n\
         require('dotenv').config();\n",
    );
    let specs: Vec<(&str, ImportKind)> = m
        .imports
        .iter()
        .map(|i| (i.specifier.as_str(), i.kind))
        .collect();
    assert_eq!(
        specs,
        vec![
            ("express", ImportKind::Static),
            ("node:fs", ImportKind::Static),
            ("reflect-metadata", ImportKind::SideEffect),
            ("./user", ImportKind::Static),
            ("./cfg", ImportKind::Require),
            ("./lazy", ImportKind::Dynamic),
            ("path", ImportKind::Require),
            ("path", ImportKind::Require),
            ("fs", ImportKind::Require),
            ("./mod", ImportKind::Dynamic),
            ("dotenv", ImportKind::Require),
        ]
    );
    let names = |i: usize| -> Vec<(ImportedItem, String, bool)> {
        m.imports[i]
            .names
            .iter()
            .map(|n| (n.imported.clone(), n.local.clone(), n.type_only))
            .collect()
    };
    assert_eq!(
        names(0),
        vec![
            (ImportedItem::Default, "express".into(), false),
            (ImportedItem::Named("Router".into()), "R".into(), false),
            (
                ImportedItem::Named("Request".into()),
                "Request".into(),
                true
            ),
        ]
    );
    assert_eq!(
        names(1),
        vec![(ImportedItem::Namespace, "fs".into(), false)]
    );
    assert!(names(2).is_empty());
    assert!(m.imports[3].type_only);
    assert!(!m.imports[0].type_only);
    assert_eq!(
        names(4),
        vec![(ImportedItem::Namespace, "cfg".into(), false)]
    );
    assert!(
        names(5).is_empty(),
        "an import() not bound to a name binds nothing"
    );
    assert_eq!(
        names(6),
        vec![(ImportedItem::Namespace, "path".into(), false)]
    );
    assert_eq!(
        names(7),
        vec![
            (ImportedItem::Named("join".into()), "join".into(), false),
            (ImportedItem::Named("resolve".into()), "res".into(), false),
        ]
    );
    assert_eq!(
        names(8),
        vec![(
            ImportedItem::Named("readFileSync".into()),
            "read".into(),
            false
        )]
    );
    assert_eq!(
        names(9),
        vec![(ImportedItem::Namespace, "mod".into(), false)]
    );
    assert!(names(10).is_empty());

    // Every imported name has its binding, of kind Import pointing back at it.
    for (i, imp) in m.imports.iter().enumerate() {
        for (j, n) in imp.names.iter().enumerate() {
            let b = n.binding.expect("import names are bound");
            assert_eq!(m.binding(b).name, n.local);
            assert_eq!(
                m.binding(b).kind,
                BindingKind::Import {
                    import: i as u32,
                    name: j as u32
                }
            );
        }
    }
    // require() and import() stay calls in the expression tree.
    let (_, k) = call(&m, "require");
    assert!(matches!(k, ExprKind::Call { args, is_new: false, .. } if args.len() == 1));
    let (_, k) = call(&m, "import");
    assert!(matches!(k, ExprKind::Call { args, .. } if string_lit(&m, args[0].value) == "./lazy"));
    // The statement of a static import points at it.
    assert_eq!(m.stmt(m.body[0]).kind, StmtKind::Import { import: 0 });
}

#[test]
fn require_shadowed_by_a_local_is_not_an_import() {
    let m = lower(
        "a.js",
        "function require(x) { return x }\nconst a = require('not-a-module');\n",
    );
    assert!(m.imports.is_empty());
}

#[test]
fn exports_of_every_form() {
    let m = lower(
        "a.ts",
        "export const a = 1, { b, c: [d] } = obj;\n\
         export function f() {}\n\
         export class C {}\n\
         export interface I { x: string }\n\
         export type T = string;\n\
         export enum E { A = 'a' }\n\
         const local = 2;\n\
         export { local as renamed, local };\n\
         export { x as y, default as z } from './x';\n\
         export * from './all';\n\
         export * as ns from './ns';\n\
         export type * from './types';\n\
         export type * as types from './types2';\n\
         export type { I as J };\n\
         export default hoisted;\n\
         function hoisted() {}\n",
    );
    type Row = (String, Option<String>, bool, Option<(String, String)>);
    let rows: Vec<Row> = m
        .exports
        .iter()
        .map(|e| {
            (
                e.exported.clone(),
                e.local.clone(),
                e.type_only,
                e.from
                    .as_ref()
                    .map(|r| (r.specifier.clone(), r.imported.clone())),
            )
        })
        .collect();
    let s = |x: &str| x.to_string();
    assert_eq!(
        rows,
        vec![
            (s("a"), Some(s("a")), false, None),
            (s("b"), Some(s("b")), false, None),
            (s("d"), Some(s("d")), false, None),
            (s("f"), Some(s("f")), false, None),
            (s("C"), Some(s("C")), false, None),
            (s("I"), Some(s("I")), true, None),
            (s("T"), Some(s("T")), true, None),
            (s("E"), Some(s("E")), false, None),
            (s("renamed"), Some(s("local")), false, None),
            (s("local"), Some(s("local")), false, None),
            (s("y"), None, false, Some((s("./x"), s("x")))),
            (s("z"), None, false, Some((s("./x"), s("default")))),
            (s("*"), None, false, Some((s("./all"), s("*")))),
            (s("ns"), None, false, Some((s("./ns"), s("*")))),
            (s("*"), None, true, Some((s("./types"), s("*")))),
            (s("types"), None, true, Some((s("./types2"), s("*")))),
            (s("J"), Some(s("I")), true, None),
            (s("default"), Some(s("hoisted")), false, None),
        ]
    );
    assert_eq!(m.exports[0].target, ExportTarget::Binding(binding(&m, "a")));
    assert_eq!(
        m.exports[3].target,
        ExportTarget::Function(func_id(&m, "f"))
    );
    assert_eq!(m.exports[4].target, ExportTarget::Class(ClassId(0)));
    assert_eq!(m.exports[5].target, ExportTarget::TypeDecl(TypeDeclId(0)));
    assert_eq!(
        m.exports[8].target,
        ExportTarget::Binding(binding(&m, "local"))
    );
    assert_eq!(m.exports[10].target, ExportTarget::None);
    // A default export of a name declared later resolves to it.
    assert_eq!(
        m.exports[17].target,
        ExportTarget::Binding(binding(&m, "hoisted"))
    );
    // The export statement wraps the declaration.
    let StmtKind::Export { decl: Some(inner) } = m.stmt(m.body[0]).kind else {
        panic!("export wraps its declaration")
    };
    assert!(matches!(
        m.stmt(inner).kind,
        StmtKind::VarDecl {
            kind: VarKind::Const,
            ..
        }
    ));
}

#[test]
fn default_exports_of_functions_classes_and_expressions() {
    let m = lower("a.js", "export default function () { return 1 }\n");
    let f = &m.functions[0];
    assert_eq!(f.name.as_deref(), Some("default"));
    assert_eq!(f.name_source, NameSource::DefaultExport);
    assert_eq!(m.exports[0].target, ExportTarget::Function(FuncId(0)));
    assert_eq!(m.exports[0].local, None);

    let m = lower("a.js", "export default async (req, res) => res.json({});\n");
    assert_eq!(m.functions[0].name.as_deref(), Some("default"));
    assert_eq!(m.functions[0].name_source, NameSource::DefaultExport);
    assert_eq!(m.functions[0].kind, FunctionKind::Arrow);
    assert_eq!(m.exports[0].target, ExportTarget::Function(FuncId(0)));

    let m = lower("a.js", "export default class extends Base {}\n");
    assert_eq!(m.classes[0].name.as_deref(), Some("default"));
    assert_eq!(m.classes[0].name_source, NameSource::DefaultExport);
    assert_eq!(m.exports[0].target, ExportTarget::Class(ClassId(0)));

    let m = lower("a.js", "export default { port: 3000 };\n");
    assert!(
        matches!(m.exports[0].target, ExportTarget::Expr(e) if matches!(m.expr(e).kind, ExprKind::Object { .. }))
    );
}

#[test]
fn commonjs_exports_are_exports() {
    let m = lower(
        "handler.cjs",
        "const helper = () => 1;\n\
         exports.handler = async (event) => ({ statusCode: 200 });\n\
         module.exports.other = helper;\n\
         module.exports = { helper, run() {}, name: 'x' };\n\
         function inner() { exports.notTopLevel = 1; }\n",
    );
    let rows: Vec<(&str, Option<&str>)> = m
        .exports
        .iter()
        .map(|e| (e.exported.as_str(), e.local.as_deref()))
        .collect();
    assert_eq!(
        rows,
        vec![
            ("handler", None),
            ("other", Some("helper")),
            ("default", None),
            ("helper", Some("helper")),
            ("run", None),
            ("name", None),
        ]
    );
    let handler = func_id(&m, "handler");
    assert_eq!(m.function(handler).name_source, NameSource::Property);
    assert_eq!(m.exports[0].target, ExportTarget::Function(handler));
    assert_eq!(
        m.exports[1].target,
        ExportTarget::Binding(binding(&m, "helper"))
    );
    assert_eq!(
        m.exports[3].target,
        ExportTarget::Binding(binding(&m, "helper"))
    );
    assert_eq!(
        m.exports[4].target,
        ExportTarget::Function(func_id(&m, "run"))
    );
    assert!(matches!(m.exports[5].target, ExportTarget::Expr(e) if string_lit(&m, e) == "x"));
}

// ---------------------------------------------------------------------------------------------
// Functions
// ---------------------------------------------------------------------------------------------

#[test]
fn function_names_follow_where_they_are_written() {
    let m = lower(
        "a.ts",
        "function decl() {}\n\
         const arrow = () => {};\n\
         let expr = function () {};\n\
         const named = function inner() {};\n\
         const obj = { prop: () => 1, method() {}, get g() { return 1 }, set g(v) {} };\n\
         app.get('/x', (req, res) => {});\n\
         app.handler = function () {};\n\
         function* gen() { yield 1; yield* other(); }\n\
         async function asy() { await x; }\n",
    );
    let rows: Vec<(Option<&str>, NameSource, FunctionKind, bool, bool)> = m
        .functions
        .iter()
        .map(|f| {
            (
                f.name.as_deref(),
                f.name_source,
                f.kind,
                f.is_async,
                f.is_generator,
            )
        })
        .collect();
    use FunctionKind as K;
    use NameSource as N;
    assert_eq!(
        rows,
        vec![
            (Some("decl"), N::Declared, K::Declaration, false, false),
            (Some("arrow"), N::Variable, K::Arrow, false, false),
            (Some("expr"), N::Variable, K::Expression, false, false),
            (Some("inner"), N::Declared, K::Expression, false, false),
            (Some("prop"), N::Property, K::Arrow, false, false),
            (Some("method"), N::Property, K::Method, false, false),
            (Some("g"), N::Property, K::Getter, false, false),
            (Some("g"), N::Property, K::Setter, false, false),
            (None, N::Anonymous, K::Arrow, false, false),
            (Some("handler"), N::Property, K::Expression, false, false),
            (Some("gen"), N::Declared, K::Declaration, false, true),
            (Some("asy"), N::Declared, K::Declaration, true, false),
        ]
    );
    // name spans point at the name.
    let f = func(&m, "arrow");
    assert_eq!(m.text(f.name_span.expect("a name span")), "arrow");
    assert_eq!(m.text(f.span), "() => {}");
    // The object literal holds the methods as Method props with their kinds.
    let obj = expr_with_text(
        &m,
        "{ prop: () => 1, method() {}, get g() { return 1 }, set g(v) {} }",
    );
    let ExprKind::Object { props } = &m.expr(obj).kind else {
        panic!("an object")
    };
    assert!(
        matches!(&props[0], ObjectProp::KeyValue { key: PropKey::Ident(k), shorthand: false, .. } if k == "prop")
    );
    assert!(
        matches!(&props[1], ObjectProp::Method { key: PropKey::Ident(k), kind: FunctionKind::Method, .. } if k == "method")
    );
    assert!(matches!(
        &props[2],
        ObjectProp::Method {
            kind: FunctionKind::Getter,
            ..
        }
    ));
    assert!(matches!(
        &props[3],
        ObjectProp::Method {
            kind: FunctionKind::Setter,
            ..
        }
    ));
    // Yield and await.
    let g = func(&m, "gen");
    let b = body(&m, g);
    let StmtKind::Expr { expr } = m.stmt(b[1]).kind else {
        panic!()
    };
    assert!(matches!(
        m.expr(expr).kind,
        ExprKind::Yield {
            delegate: true,
            arg: Some(_)
        }
    ));
}

#[test]
fn params_with_patterns_defaults_rest_and_types() {
    let m = lower(
        "a.ts",
        "function f(a: string, b = 2, { c, d: { e = 5 } }: Opts = {}, [g, , h]: [number, string?], ...rest: Array<User>) {}\n",
    );
    let f = func(&m, "f");
    let kinds: Vec<ParamKind> = f.params.iter().map(|p| p.kind).collect();
    assert_eq!(
        kinds,
        vec![
            ParamKind::Normal,
            ParamKind::Normal,
            ParamKind::Normal,
            ParamKind::Normal,
            ParamKind::Rest
        ]
    );
    let a = &f.params[0];
    let ta = a.type_annotation.as_ref().expect("typed");
    assert_eq!(ta.text, "string");
    assert_eq!(
        ta.shape,
        TypeRef::Keyword {
            name: "string".into()
        }
    );
    assert_eq!(m.text(a.span), "a: string");
    let b = &f.params[1];
    assert!(
        matches!(m.expr(b.default.expect("default")).kind, ExprKind::Literal { value: LiteralValue::Number(ref n) } if n.value == 2.0 && n.raw == "2")
    );
    // Bindings: kind Param with the index; destructured names keep their path.
    let e = binding(&m, "e");
    assert_eq!(
        m.binding(e).kind,
        BindingKind::Param {
            function: FuncId(0),
            index: 2
        }
    );
    assert_eq!(
        m.binding(e).origin.path,
        vec![PatternStep::Key("d".into()), PatternStep::Key("e".into())].into()
    );
    assert!(matches!(
        m.expr(m.binding(e).origin.default.expect("e has a default"))
            .kind,
        ExprKind::Literal { .. }
    ));
    assert_eq!(m.binding(e).scope, Some(FuncId(0)));
    let h = binding(&m, "h");
    assert_eq!(m.binding(h).origin.path, vec![PatternStep::Index(2)].into());
    let rest = binding(&m, "rest");
    assert_eq!(
        m.binding(rest).kind,
        BindingKind::Param {
            function: FuncId(0),
            index: 4
        }
    );
    assert_eq!(
        f.params[4]
            .type_annotation
            .as_ref()
            .map(|t| t.shape.clone()),
        Some(TypeRef::Named {
            name: "Array".into(),
            args: Box::new([TypeRef::Named {
                name: "User".into(),
                args: Box::default()
            }])
        })
    );
    assert_eq!(
        f.params[3]
            .type_annotation
            .as_ref()
            .map(|t| t.shape.clone()),
        Some(TypeRef::Tuple {
            items: vec![
                TypeRef::Keyword {
                    name: "number".into()
                },
                TypeRef::Keyword {
                    name: "string".into()
                }
            ]
        })
    );
    // The array pattern has its hole.
    let PatternKind::Array {
        elements,
        rest: None,
    } = &m.pattern(f.params[3].pattern).kind
    else {
        panic!("an array pattern")
    };
    assert_eq!(elements.len(), 3);
    assert!(elements[1].is_none());
}

#[test]
fn decorators_parameter_properties_and_visibility() {
    let m = lower(
        "users.controller.ts",
        "@Controller('users')\n\
         export class UsersController {\n\
           constructor(private readonly users: UsersService, public cfg: Config, readonly r: R, plain: P) {}\n\
           @Get(':id') @HttpCode(200)\n\
           async findOne(@Param('id', ParseIntPipe) id: number) { return this.users.find(id); }\n\
           @app.route.get({ path: '/x' }) protected static helper() {}\n\
           @Deprecated private old() {}\n\
         }\n",
    );
    let c = &m.classes[0];
    assert_eq!(c.decorators.len(), 1);
    let d = &c.decorators[0];
    assert_eq!(d.name, "Controller");
    assert_eq!(d.raw, "Controller('users')");
    assert_eq!(d.args.len(), 1);
    assert_eq!(string_lit(&m, d.args[0].value), "users");
    assert_eq!(m.text(d.span), "@Controller('users')");

    let ctor = func(&m, "constructor");
    assert_eq!(ctor.kind, FunctionKind::Constructor);
    let vis: Vec<Option<Visibility>> = ctor.params.iter().map(|p| p.property_visibility).collect();
    assert_eq!(
        vis,
        vec![
            Some(Visibility::Private),
            Some(Visibility::Public),
            Some(Visibility::Public),
            None
        ]
    );
    let find_one = func(&m, "findOne");
    assert!(find_one.is_async);
    assert_eq!(find_one.class, Some(ClassId(0)));
    let names: Vec<(&str, &str, usize)> = find_one
        .decorators
        .iter()
        .map(|d| (d.name.as_str(), d.raw.as_str(), d.args.len()))
        .collect();
    assert_eq!(
        names,
        vec![("Get", "Get(':id')", 1), ("HttpCode", "HttpCode(200)", 1)]
    );
    let pd = &find_one.params[0].decorators[0];
    assert_eq!((pd.name.as_str(), pd.args.len()), ("Param", 2));
    assert_eq!(
        m.text(find_one.span),
        "async findOne(@Param('id', ParseIntPipe) id: number) { return this.users.find(id); }"
    );

    let helper = func(&m, "helper");
    assert!(helper.is_static);
    assert_eq!(helper.visibility, Some(Visibility::Protected));
    assert_eq!(helper.decorators[0].name, "app.route.get");
    assert_eq!(helper.decorators[0].raw, "app.route.get({ path: '/x' })");
    let old = func(&m, "old");
    assert_eq!(old.visibility, Some(Visibility::Private));
    assert_eq!(old.decorators[0].name, "Deprecated");
    assert!(old.decorators[0].args.is_empty());
    // The class member carries the same decorators.
    let member = c
        .members
        .iter()
        .find(|mb| mb.name == MemberName::Ident("findOne".into()))
        .expect("member");
    assert_eq!(member.decorators.len(), 2);
}

#[test]
fn jsdoc_throws_become_doc_throws() {
    let m = lower(
        "a.ts",
        "/**\n * Finds.\n * @throws {NotFoundError} when missing\n * @throws {HttpError<404>} too\n */\n\
         export async function find() {}\n\
         /** @throws ValidationError if bad */\n\
         const check = () => {};\n\
         class S {\n\
           /** @exception {Boom} */\n\
           @Dec() run() {}\n\
         }\n\
         /** @throws nothing capitalised here */\n\
         function quiet() {}\n\
         // @throws {NotJsDoc}\n\
         function lineComment() {}\n",
    );
    assert_eq!(
        func(&m, "find").doc_throws,
        vec!["NotFoundError", "HttpError<404>"]
    );
    assert_eq!(func(&m, "check").doc_throws, vec!["ValidationError"]);
    assert_eq!(func(&m, "run").doc_throws, vec!["Boom"]);
    assert!(func(&m, "quiet").doc_throws.is_empty());
    assert!(func(&m, "lineComment").doc_throws.is_empty());
}

#[test]
fn return_types_and_type_params() {
    let m = lower(
        "a.ts",
        "function id<T, K extends keyof T>(x: T): Promise<T[]> | undefined { return undefined }\n\
         const cb = (x: 'a' | 'b' | 1 | -1 | true): { ok: boolean; msg?: string } => ({ ok: true });\n\
         let fnType: (a: number) => void;\n",
    );
    let f = func(&m, "id");
    assert_eq!(f.type_params, vec!["T", "K extends keyof T"]);
    let rt = f.return_type.as_ref().expect("return type");
    assert_eq!(rt.text, "Promise<T[]> | undefined");
    assert_eq!(
        rt.shape,
        TypeRef::Union {
            variants: vec![
                TypeRef::Named {
                    name: "Promise".into(),
                    args: Box::new([TypeRef::Array {
                        items: Box::new(TypeRef::Named {
                            name: "T".into(),
                            args: Box::default()
                        })
                    }])
                },
                TypeRef::Keyword {
                    name: "undefined".into()
                }
            ]
        }
    );
    let cb = func(&m, "cb");
    let p = cb.params[0].type_annotation.as_ref().expect("typed");
    let TypeRef::Union { variants } = &p.shape else {
        panic!("a union")
    };
    assert_eq!(
        variants,
        &vec![
            TypeRef::Literal {
                value: LiteralValue::String { value: "a".into() }
            },
            TypeRef::Literal {
                value: LiteralValue::String { value: "b".into() }
            },
            TypeRef::Literal {
                value: LiteralValue::Number(Box::new(NumberLiteral {
                    value: 1.0,
                    raw: "1".into(),
                }))
            },
            TypeRef::Literal {
                value: LiteralValue::Number(Box::new(NumberLiteral {
                    value: -1.0,
                    raw: "-1".into(),
                }))
            },
            TypeRef::Literal {
                value: LiteralValue::Bool { value: true }
            },
        ]
    );
    assert_eq!(
        cb.return_type.as_ref().map(|t| t.shape.clone()),
        Some(TypeRef::Object {
            properties: vec![
                TypeProperty {
                    name: "ok".into(),
                    optional: false,
                    shape: TypeRef::Keyword {
                        name: "boolean".into()
                    }
                },
                TypeProperty {
                    name: "msg".into(),
                    optional: true,
                    shape: TypeRef::Keyword {
                        name: "string".into()
                    }
                },
            ]
        })
    );
    assert!(
        matches!(cb.body, FunctionBody::Expr(e) if matches!(m.expr(e).kind, ExprKind::Object { .. }))
    );
    let StmtKind::VarDecl { declarators, .. } = &m.stmt(m.body[2]).kind else {
        panic!()
    };
    assert_eq!(
        declarators[0]
            .type_annotation
            .as_ref()
            .map(|t| t.shape.clone()),
        Some(TypeRef::Function)
    );
}

#[test]
fn overloads_and_declare_functions_have_no_body_and_one_binding() {
    let m = lower(
        "a.ts",
        "function f(a: string): string;\nfunction f(a: number): number;\nfunction f(a: any) { return a }\nf(1);\ndeclare function g(): void;\n",
    );
    let fs: Vec<bool> = m
        .functions
        .iter()
        .map(|f| matches!(f.body, FunctionBody::None))
        .collect();
    assert_eq!(fs, vec![true, true, false, true]);
    let b = binding(&m, "f");
    assert_eq!(
        m.binding(b).kind,
        BindingKind::Function {
            function: FuncId(2)
        }
    );
    assert_eq!(idents(&m, "f"), vec![(idents(&m, "f")[0].0, Some(b))]);
}

// ---------------------------------------------------------------------------------------------
// Classes and type declarations
// ---------------------------------------------------------------------------------------------

#[test]
fn class_members_of_every_form() {
    let m = lower(
        "a.ts",
        "abstract class Svc<T> extends mixin(Base) implements A, B<T> {\n\
           static count: number = 0;\n\
           handle = async (req) => req;\n\
           plain = 1;\n\
           #secret = () => 2;\n\
           declare readonly kind?: string;\n\
           'get-user'() {}\n\
           42() {}\n\
           [Symbol.iterator]() {}\n\
           get value() { return 1 }\n\
           set value(v) {}\n\
           #priv() {}\n\
           static { init(); }\n\
           [key: string]: any;\n\
           abstract run(): void;\n\
           accessor acc = 1;\n\
         }\n",
    );
    let c = &m.classes[0];
    assert_eq!(c.name.as_deref(), Some("Svc"));
    assert!(c.is_abstract);
    assert_eq!(c.type_params, vec!["T"]);
    assert_eq!(c.implements, vec!["A", "B<T>"]);
    assert_eq!(c.extends.len(), 1);
    assert_eq!(m.expr_text(c.extends[0]), "mixin(Base)");
    let names: Vec<MemberName> = c.members.iter().map(|mb| mb.name.clone()).collect();
    assert_eq!(
        names[..7],
        [
            MemberName::Ident("count".into()),
            MemberName::Ident("handle".into()),
            MemberName::Ident("plain".into()),
            MemberName::Private("secret".into()),
            MemberName::Ident("kind".into()),
            MemberName::String("get-user".into()),
            MemberName::Number("42".into()),
        ]
    );
    assert!(matches!(names[7], MemberName::Computed(e) if m.expr_text(e) == "Symbol.iterator"));
    assert_eq!(names[10], MemberName::Private("priv".into()));

    let count = &c.members[0];
    assert!(count.is_static);
    assert!(
        matches!(&count.kind, MemberKind::Property { value: Some(_), type_annotation: Some(t), function: None } if t.text == "number")
    );
    // A field holding an arrow is a ClassField function of the class.
    let MemberKind::Property {
        function: Some(h), ..
    } = c.members[1].kind
    else {
        panic!("handle holds a function")
    };
    let handle = m.function(h);
    assert_eq!(handle.kind, FunctionKind::ClassField);
    assert_eq!(handle.name.as_deref(), Some("handle"));
    assert_eq!(handle.class, Some(ClassId(0)));
    assert!(handle.is_async);
    assert!(matches!(
        c.members[2].kind,
        MemberKind::Property {
            function: None,
            value: Some(_),
            ..
        }
    ));
    assert_eq!(c.members[3].visibility, Some(Visibility::HashPrivate));
    assert!(matches!(
        c.members[3].kind,
        MemberKind::Property {
            function: Some(_),
            ..
        }
    ));
    assert!(c.members[4].readonly && c.members[4].optional);
    assert!(matches!(c.members[8].kind, MemberKind::Getter { .. }));
    assert!(matches!(c.members[9].kind, MemberKind::Setter { .. }));
    assert_eq!(c.members[10].visibility, Some(Visibility::HashPrivate));
    assert_eq!(c.members[11].kind, MemberKind::Other);
    assert!(c.members[11].is_static);
    assert_eq!(c.members[12].kind, MemberKind::Other);
    let MemberKind::Method { function: run } = c.members[13].kind else {
        panic!("abstract run is a method")
    };
    assert_eq!(m.function(run).body, FunctionBody::None);
    assert!(matches!(
        c.members[14].kind,
        MemberKind::Property { value: Some(_), .. }
    ));
    let getter = m
        .functions
        .iter()
        .find(|f| f.kind == FunctionKind::Getter)
        .expect("getter");
    assert_eq!(getter.name.as_deref(), Some("value"));
}

#[test]
fn interfaces_aliases_and_enums_are_type_decls() {
    let m = lower(
        "a.ts",
        "interface User<T> { id: string; name?: string; greet(): void; readonly tags: string[] }\n\
         type Id = string | number;\n\
         type Shape = { kind: 'circle'; r: number };\n\
         enum Color { Red = 'red', Green = 'green' }\n\
         const enum N { A = 1, B }\n",
    );
    let rows: Vec<(&str, TypeDeclKind, Vec<String>)> = m
        .type_decls
        .iter()
        .map(|t| (t.name.as_str(), t.kind, t.members.clone()))
        .collect();
    let v = |xs: &[&str]| xs.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        rows,
        vec![
            (
                "User",
                TypeDeclKind::Interface,
                v(&["id", "name", "greet", "tags"])
            ),
            ("Id", TypeDeclKind::TypeAlias, v(&[])),
            ("Shape", TypeDeclKind::TypeAlias, v(&["kind", "r"])),
            ("Color", TypeDeclKind::Enum, v(&["Red", "Green"])),
            ("N", TypeDeclKind::Enum, v(&["A", "B"])),
        ]
    );
    assert_eq!(m.type_decls[0].type_params, vec!["T"]);
    let TypeRef::Object { properties } = &m.type_decls[0].shape else {
        panic!("interface shape")
    };
    assert_eq!(properties[1].name, "name");
    assert!(properties[1].optional);
    assert_eq!(properties[2].shape, TypeRef::Function);
    assert_eq!(
        m.type_decls[3].shape,
        TypeRef::Union {
            variants: vec![
                TypeRef::Literal {
                    value: LiteralValue::String {
                        value: "red".into()
                    }
                },
                TypeRef::Literal {
                    value: LiteralValue::String {
                        value: "green".into()
                    }
                },
            ]
        }
    );
    assert_eq!(m.type_decls[4].shape, TypeRef::Unknown);
    assert_eq!(m.text(m.type_decls[1].name_span), "Id");
    assert_eq!(
        m.binding(binding(&m, "Color")).kind,
        BindingKind::TypeDecl {
            decl: TypeDeclId(3)
        }
    );
}

#[test]
fn const_and_type_with_one_name_get_two_bindings_and_uses_resolve_to_the_value() {
    let m = lower(
        "a.ts",
        "export const X = 1;\nexport type X = number;\nconsole.log(X);\n",
    );
    let ids = binding_ids(&m, "X");
    assert_eq!(ids.len(), 2);
    assert_eq!(
        m.binding(ids[0]).kind,
        BindingKind::Var {
            kind: VarKind::Const
        }
    );
    assert_eq!(
        m.binding(ids[1]).kind,
        BindingKind::TypeDecl {
            decl: TypeDeclId(0)
        }
    );
    assert_eq!(idents(&m, "X")[0].1, Some(ids[0]));
    assert_eq!(m.exports.len(), 2);
    assert!(!m.exports[0].type_only);
    assert!(m.exports[1].type_only);
}

// ---------------------------------------------------------------------------------------------
// Statements
// ---------------------------------------------------------------------------------------------

#[test]
fn if_else_if_chains_nest_in_alternate() {
    let m = lower("a.js", "if (a) { x() } else if (b) y(); else { z() }\n");
    let StmtKind::If {
        test,
        alternate: Some(alt),
        ..
    } = m.stmt(m.body[0]).kind
    else {
        panic!()
    };
    assert_eq!(m.expr_text(test), "a");
    let StmtKind::If {
        test: t2,
        alternate: Some(alt2),
        consequent,
    } = m.stmt(alt).kind
    else {
        panic!("else if is an If in alternate")
    };
    assert_eq!(m.expr_text(t2), "b");
    assert!(matches!(m.stmt(consequent).kind, StmtKind::Expr { .. }));
    assert!(matches!(m.stmt(alt2).kind, StmtKind::Block { .. }));
}

#[test]
fn switch_cases_show_fall_through() {
    let m = lower(
        "a.js",
        "switch (x) {\n case 1:\n case 2: a(); break;\n case 3: b();\n case 4: { c(); return; }\n case 5: if (y) { throw e } else { break }\n default: d();\n}\n",
    );
    let StmtKind::Switch {
        discriminant,
        cases,
    } = &m.stmt(m.body[0]).kind
    else {
        panic!()
    };
    assert_eq!(m.expr_text(*discriminant), "x");
    let ft: Vec<(Option<String>, bool, usize)> = cases
        .iter()
        .map(|c| {
            (
                c.test.map(|t| m.expr_text(t).to_string()),
                c.falls_through,
                c.body.len(),
            )
        })
        .collect();
    assert_eq!(
        ft,
        vec![
            (Some("1".into()), true, 0),
            (Some("2".into()), false, 2),
            (Some("3".into()), true, 1),
            (Some("4".into()), false, 1),
            (Some("5".into()), false, 1),
            (None, false, 1),
        ]
    );
}

#[test]
fn try_loops_labels_and_jumps() {
    let m = lower(
        "a.js",
        "try { a() } catch ({ message }) { b(message) } finally { c() }\n\
         try { a() } catch { }\n\
         outer: for (let i = 0; i < n; i++) { for (const [k, v] of Object.entries(o)) { if (k) continue outer; else break outer; } }\n\
         for (const key in obj) {}\n\
         for await (const chunk of stream) {}\n\
         for (x of xs) {}\n\
         while (w) {}\n\
         do { } while (d);\n\
         throw new Error('x');\n",
    );
    let StmtKind::Try(boxed) = &m.stmt(m.body[0]).kind else {
        panic!("not a StmtKind::Try")
    };
    let seam_lang::model::TryStmt {
        block,
        handlers,
        finalizer: Some(fin),
        orelse: None,
    } = &**boxed
    else {
        panic!()
    };
    assert_eq!(block.len(), 1);
    assert_eq!(fin.len(), 1);
    let message = binding(&m, "message");
    assert_eq!(m.binding(message).kind, BindingKind::CatchParam);
    assert_eq!(
        m.binding(message).origin.path,
        vec![PatternStep::Key("message".into())].into()
    );
    assert!(handlers[0].param.is_some());
    assert_eq!(idents(&m, "message")[0].1, Some(message));
    let StmtKind::Try(boxed) = &m.stmt(m.body[1]).kind else {
        panic!("not a StmtKind::Try")
    };
    let seam_lang::model::TryStmt {
        handlers,
        finalizer: None,
        ..
    } = &**boxed
    else {
        panic!()
    };
    assert!(handlers[0].param.is_none());

    let StmtKind::Labeled {
        label,
        body: loop_stmt,
    } = &m.stmt(m.body[2]).kind
    else {
        panic!()
    };
    assert_eq!(label, "outer");
    let StmtKind::Loop(boxed) = &m.stmt(*loop_stmt).kind else {
        panic!("not a StmtKind::Loop")
    };
    let seam_lang::model::LoopStmt {
        kind: LoopKind::For,
        init: Some(init),
        test: Some(_),
        update: Some(up),
        ..
    } = **boxed
    else {
        panic!("a for loop")
    };
    assert!(matches!(
        m.stmt(init).kind,
        StmtKind::VarDecl {
            kind: VarKind::Let,
            ..
        }
    ));
    assert!(matches!(
        m.expr(up).kind,
        ExprKind::Update {
            op: UpdateOp::Increment,
            prefix: false,
            ..
        }
    ));
    let i = binding(&m, "i");
    assert!(m.binding(i).reassigned, "i++ reassigns i");
    let k = binding(&m, "k");
    assert_eq!(m.binding(k).kind, BindingKind::LoopVar);
    assert_eq!(m.binding(k).origin.path, vec![PatternStep::Index(0)].into());
    assert_eq!(
        m.expr_text(m.binding(k).origin.init.expect("iterable")),
        "Object.entries(o)"
    );
    let jumps: Vec<&StmtKind> = m
        .stmts
        .iter()
        .map(|s| &s.kind)
        .filter(|k| matches!(k, StmtKind::Break { .. } | StmtKind::Continue { .. }))
        .collect();
    assert_eq!(
        jumps,
        vec![
            &StmtKind::Continue {
                label: Some("outer".into())
            },
            &StmtKind::Break {
                label: Some("outer".into())
            }
        ]
    );
    let kinds: Vec<LoopKind> = m.body[3..8]
        .iter()
        .map(|s| match m.stmt(*s).kind {
            StmtKind::Loop(ref l) => l.kind,
            _ => panic!("a loop"),
        })
        .collect();
    assert_eq!(
        kinds,
        vec![
            LoopKind::ForIn,
            LoopKind::ForAwaitOf,
            LoopKind::ForOf,
            LoopKind::While,
            LoopKind::DoWhile
        ]
    );
    // `for (x of xs)` assigns an outer name: its left is an identifier target.
    let StmtKind::Loop(boxed) = &m.stmt(m.body[5]).kind else {
        panic!("not a StmtKind::Loop")
    };
    let seam_lang::model::LoopStmt {
        left: Some(left), ..
    } = **boxed
    else {
        panic!()
    };
    assert!(
        matches!(&m.pattern(left).kind, PatternKind::Ident { name, binding: None } if name == "x")
    );
    assert!(
        matches!(m.stmt(m.body[8]).kind, StmtKind::Throw { value: Some(v), cause: None } if matches!(m.expr(v).kind, ExprKind::Call { is_new: true, .. }))
    );
}

#[test]
fn with_statements_and_var_patterns() {
    let m = lower(
        "legacy.js",
        "with (obj) { use(prop) }\nvar { id, page = 1, nested: { deep: [first = 0] }, ...others } = req.query;\n",
    );
    let StmtKind::With {
        items,
        is_async: false,
        ..
    } = &m.stmt(m.body[0]).kind
    else {
        panic!()
    };
    assert_eq!(m.expr_text(items[0].value), "obj");
    let init = expr_with_text(&m, "req.query");
    let id = binding(&m, "id");
    assert_eq!(
        m.binding(id).origin,
        BindingOrigin {
            init: Some(init),
            path: vec![PatternStep::Key("id".into())].into(),
            default: None
        }
    );
    assert_eq!(m.binding(id).kind, BindingKind::Var { kind: VarKind::Var });
    let page = binding(&m, "page");
    let d = m.binding(page).origin.default.expect("page = 1");
    assert_eq!(m.expr_text(d), "1");
    let first = binding(&m, "first");
    assert_eq!(
        m.binding(first).origin.path,
        vec![
            PatternStep::Key("nested".into()),
            PatternStep::Key("deep".into()),
            PatternStep::Index(0)
        ]
        .into()
    );
    assert_eq!(
        m.binding(binding(&m, "others")).origin.path,
        vec![PatternStep::Rest].into()
    );
    let StmtKind::VarDecl { declarators, .. } = &m.stmt(m.body[1]).kind else {
        panic!()
    };
    let PatternKind::Object {
        props,
        rest: Some(_),
    } = &m.pattern(declarators[0].pattern).kind
    else {
        panic!("object pattern with rest")
    };
    assert!(props[0].shorthand);
    assert!(matches!(
        m.pattern(props[1].value).kind,
        PatternKind::Default { .. }
    ));
    assert_eq!(props[2].key, PropKey::Ident("nested".into()));
}

#[test]
fn directives_are_string_statements() {
    let m = lower(
        "page.js",
        "'use client';\nexport async function act() { 'use server'; }\n",
    );
    let StmtKind::Expr { expr } = m.stmt(m.body[0]).kind else {
        panic!()
    };
    assert_eq!(string_lit(&m, expr), "use client");
    let b = body(&m, func(&m, "act"));
    let StmtKind::Expr { expr } = m.stmt(b[0]).kind else {
        panic!()
    };
    assert_eq!(string_lit(&m, expr), "use server");
}

#[test]
fn namespaces_are_blocks_whose_exports_are_not_the_modules() {
    let m = lower(
        "a.ts",
        "namespace NS { export function inner() {} }\ndeclare module 'x' { }\n",
    );
    assert!(m.exports.is_empty());
    assert!(matches!(m.stmt(m.body[0]).kind, StmtKind::Block { ref body } if body.len() == 1));
    assert_eq!(m.stmt(m.body[1]).kind, StmtKind::Other);
    assert_eq!(func(&m, "inner").kind, FunctionKind::Declaration);
}

// ---------------------------------------------------------------------------------------------
// Expressions
// ---------------------------------------------------------------------------------------------

#[test]
fn wrappers_are_unwrapped_and_keep_the_inner_span() {
    let m = lower(
        "a.ts",
        "const a = ((x as any) satisfies T)!;\nconst b = <User>y;\nconst c = make<string>;\n",
    );
    let StmtKind::VarDecl { declarators, .. } = &m.stmt(m.body[0]).kind else {
        panic!()
    };
    let init = declarators[0].init.expect("init");
    assert!(matches!(&m.expr(init).kind, ExprKind::Ident { name, .. } if name == "x"));
    assert_eq!(m.expr_text(init), "x");
    let StmtKind::VarDecl { declarators, .. } = &m.stmt(m.body[1]).kind else {
        panic!()
    };
    assert_eq!(m.expr_text(declarators[0].init.expect("init")), "y");
    let StmtKind::VarDecl { declarators, .. } = &m.stmt(m.body[2]).kind else {
        panic!()
    };
    assert_eq!(m.expr_text(declarators[0].init.expect("init")), "make");
}

#[test]
fn optional_chaining_marks_the_optional_link() {
    let m = lower(
        "a.ts",
        "a?.b.c; a?.(); a?.[k]; obj.method?.(1); x?.y?.z();\n",
    );
    let e = |i: usize| match m.stmt(m.body[i]).kind {
        StmtKind::Expr { expr } => expr,
        _ => panic!(),
    };
    // a?.b.c: the outer .c is not optional, the inner ?.b is.
    let ExprKind::Member {
        object,
        optional: false,
        property: MemberProp::Name(ref c),
    } = m.expr(e(0)).kind
    else {
        panic!("{:?}", m.expr(e(0)))
    };
    assert_eq!(c, "c");
    assert!(matches!(
        m.expr(object).kind,
        ExprKind::Member { optional: true, .. }
    ));
    assert!(matches!(
        m.expr(e(1)).kind,
        ExprKind::Call {
            optional: true,
            is_new: false,
            ..
        }
    ));
    assert!(matches!(
        m.expr(e(2)).kind,
        ExprKind::Member {
            optional: true,
            property: MemberProp::Computed(_),
            ..
        }
    ));
    let ExprKind::Call {
        callee,
        optional: true,
        ref args,
        ..
    } = m.expr(e(3)).kind
    else {
        panic!()
    };
    assert_eq!(args.len(), 1);
    assert_eq!(m.member_chain(callee), Some(vec!["obj", "method"]));
    assert!(matches!(
        m.expr(e(4)).kind,
        ExprKind::Call {
            optional: false,
            ..
        }
    ));
}

#[test]
fn literals_templates_and_operators() {
    let m = lower(
        "a.js",
        "f('s', 0x1F, 1_000, 10n, /ab+c/gi, true, null, undefined, `a${b}c${d}`, tag`x${y}`, String.raw`\\unicode`);\n\
         g(-a, !b, ~c, typeof d, void 0, delete o.p, a + b * c, a ?? b, a || b && c, a ? b : c, (a, b), a instanceof B, 'k' in o, a >>> b, a ** b);\n\
         x += 1; x ||= y; [p, q] = [q, p]; obj.prop = 1; ({ r } = s);\n\
         new Foo; new Foo.Bar(1);\n\
         let undefinedShadow = (undefined) => undefined;\n",
    );
    let (_, ExprKind::Call { args, .. }) = call(&m, "f") else {
        panic!()
    };
    let lits: Vec<&ExprKind> = args.iter().map(|a| &m.expr(a.value).kind).collect();
    assert_eq!(
        lits[0],
        &ExprKind::Literal {
            value: LiteralValue::String { value: "s".into() }
        }
    );
    assert_eq!(
        lits[1],
        &ExprKind::Literal {
            value: LiteralValue::Number(Box::new(NumberLiteral {
                value: 31.0,
                raw: "0x1F".into(),
            }))
        }
    );
    assert_eq!(
        lits[2],
        &ExprKind::Literal {
            value: LiteralValue::Number(Box::new(NumberLiteral {
                value: 1000.0,
                raw: "1_000".into(),
            }))
        }
    );
    assert_eq!(
        lits[3],
        &ExprKind::Literal {
            value: LiteralValue::BigInt { raw: "10n".into() }
        }
    );
    assert_eq!(
        lits[4],
        &ExprKind::Literal {
            value: LiteralValue::Regex(Box::new(seam_lang::model::RegexLiteral {
                pattern: "ab+c".into(),
                flags: "gi".into()
            }))
        }
    );
    assert_eq!(
        lits[5],
        &ExprKind::Literal {
            value: LiteralValue::Bool { value: true }
        }
    );
    assert_eq!(
        lits[6],
        &ExprKind::Literal {
            value: LiteralValue::Null
        }
    );
    assert_eq!(
        lits[7],
        &ExprKind::Literal {
            value: LiteralValue::Undefined
        }
    );
    let ExprKind::Template(boxed) = &lits[8] else {
        panic!("not a ExprKind::Template")
    };
    let seam_lang::model::TemplateExpr {
        quasis,
        exprs,
        tag: None,
    } = &**boxed
    else {
        panic!()
    };
    assert_eq!(
        quasis,
        &vec!["a".to_string(), "c".to_string(), String::new()]
    );
    assert_eq!(exprs.len(), 2);
    let ExprKind::Template(boxed) = &lits[9] else {
        panic!("not a ExprKind::Template")
    };
    let seam_lang::model::TemplateExpr {
        tag: Some(tag),
        quasis,
        ..
    } = &**boxed
    else {
        panic!()
    };
    assert_eq!(m.expr_text(*tag), "tag");
    assert_eq!(quasis, &vec!["x".to_string(), String::new()]);
    // An invalid escape in a tagged template has no cooked value: the raw text is kept.
    let ExprKind::Template(boxed) = &lits[10] else {
        panic!("not a ExprKind::Template")
    };
    let seam_lang::model::TemplateExpr { quasis, .. } = &**boxed;
    assert_eq!(quasis, &vec!["\\unicode".to_string()]);

    let (_, ExprKind::Call { args, .. }) = call(&m, "g") else {
        panic!()
    };
    let k = |i: usize| &m.expr(args[i].value).kind;
    assert!(matches!(
        k(0),
        ExprKind::Unary {
            op: UnaryOp::Minus,
            ..
        }
    ));
    assert!(matches!(
        k(1),
        ExprKind::Unary {
            op: UnaryOp::Not,
            ..
        }
    ));
    assert!(matches!(
        k(2),
        ExprKind::Unary {
            op: UnaryOp::BitNot,
            ..
        }
    ));
    assert!(matches!(
        k(3),
        ExprKind::Unary {
            op: UnaryOp::Typeof,
            ..
        }
    ));
    assert!(matches!(
        k(4),
        ExprKind::Unary {
            op: UnaryOp::Void,
            ..
        }
    ));
    assert!(matches!(
        k(5),
        ExprKind::Unary {
            op: UnaryOp::Delete,
            ..
        }
    ));
    let ExprKind::Binary {
        op: BinaryOp::Add,
        right,
        ..
    } = *k(6)
    else {
        panic!()
    };
    assert!(matches!(
        m.expr(right).kind,
        ExprKind::Binary {
            op: BinaryOp::Mul,
            ..
        }
    ));
    assert!(matches!(
        k(7),
        ExprKind::Logical {
            op: LogicalOp::Nullish,
            ..
        }
    ));
    assert!(matches!(
        k(8),
        ExprKind::Logical {
            op: LogicalOp::Or,
            ..
        }
    ));
    assert!(matches!(k(9), ExprKind::Conditional { .. }));
    assert!(matches!(k(10), ExprKind::Sequence { exprs } if exprs.len() == 2));
    assert!(matches!(
        k(11),
        ExprKind::Binary {
            op: BinaryOp::Instanceof,
            ..
        }
    ));
    assert!(matches!(
        k(12),
        ExprKind::Binary {
            op: BinaryOp::In,
            ..
        }
    ));
    assert!(matches!(
        k(13),
        ExprKind::Binary {
            op: BinaryOp::ShiftRightUnsigned,
            ..
        }
    ));
    assert!(matches!(
        k(14),
        ExprKind::Binary {
            op: BinaryOp::Exp,
            ..
        }
    ));

    let assigns: Vec<(AssignOp, &PatternKind)> = m
        .exprs
        .iter()
        .filter_map(|e| match &e.kind {
            ExprKind::Assign { op, target, .. } => Some((*op, &m.pattern(*target).kind)),
            _ => None,
        })
        .collect();
    assert_eq!(assigns.len(), 5);
    assert_eq!(assigns[0].0, AssignOp::Compound);
    assert_eq!(assigns[1].0, AssignOp::Compound);
    assert!(
        matches!(assigns[2].1, PatternKind::Array { elements, rest: None } if elements.len() == 2)
    );
    assert!(matches!(assigns[3].1, PatternKind::Expr { expr } if m.expr_text(*expr) == "obj.prop"));
    assert!(matches!(assigns[4].1, PatternKind::Object { props, .. } if props[0].shorthand));

    let news: Vec<(String, usize)> = m
        .exprs
        .iter()
        .filter_map(|e| match &e.kind {
            ExprKind::Call {
                callee,
                args,
                is_new: true,
                ..
            } => Some((m.expr_text(*callee).to_string(), args.len())),
            _ => None,
        })
        .collect();
    assert_eq!(
        news,
        vec![("Foo".to_string(), 0), ("Foo.Bar".to_string(), 1)]
    );
    // A parameter named `undefined` shadows the global: its use is an identifier.
    let shadow = binding(&m, "undefined");
    assert_eq!(
        idents(&m, "undefined"),
        vec![(idents(&m, "undefined")[0].0, Some(shadow))]
    );
}

#[test]
fn objects_and_arrays() {
    let m = lower(
        "a.js",
        "const o = { a, 'b-c': 1, 2: two, [k]: v, ...rest, async m() {}, f: function () {} };\nconst arr = [1, , ...xs, y];\n",
    );
    let ExprKind::Object { props } = &m
        .expr(expr_with_text(
            &m,
            "{ a, 'b-c': 1, 2: two, [k]: v, ...rest, async m() {}, f: function () {} }",
        ))
        .kind
    else {
        panic!()
    };
    assert!(
        matches!(&props[0], ObjectProp::KeyValue { key: PropKey::Ident(a), shorthand: true, value } if a == "a" && m.expr_text(*value) == "a")
    );
    assert!(
        matches!(&props[1], ObjectProp::KeyValue { key: PropKey::String(s), .. } if s == "b-c")
    );
    assert!(matches!(&props[2], ObjectProp::KeyValue { key: PropKey::Number(n), .. } if n == "2"));
    assert!(
        matches!(&props[3], ObjectProp::KeyValue { key: PropKey::Computed(k), .. } if m.expr_text(*k) == "k")
    );
    assert!(matches!(&props[4], ObjectProp::Spread { value } if m.expr_text(*value) == "rest"));
    assert!(
        matches!(&props[5], ObjectProp::Method { kind: FunctionKind::Method, function, .. } if m.function(*function).is_async)
    );
    assert_eq!(func(&m, "f").name_source, NameSource::Property);
    let ExprKind::Array {
        elements,
        kind: ArrayKind::Array,
    } = &m.expr(expr_with_text(&m, "[1, , ...xs, y]")).kind
    else {
        panic!()
    };
    assert!(matches!(elements[0], ArrayElement::Expr(_)));
    assert_eq!(elements[1], ArrayElement::Hole);
    assert!(matches!(elements[2], ArrayElement::Spread(x) if m.expr_text(x) == "xs"));
    assert_eq!(elements.len(), 4);
}

#[test]
fn jsx_in_a_js_file() {
    let m = lower(
        "App.js",
        "export default function App({ user }) {\n  return (\n    <Layout.Main title=\"Home\" {...props} disabled onClick={() => go(user.id)}>\n      Hello,   {user.name}!\n      {/* comment */}\n      <>\n        <img src={url} />\n      </>\n    </Layout.Main>\n  );\n}\n",
    );
    let b = body(&m, func(&m, "App"));
    let StmtKind::Return { value: Some(v) } = m.stmt(b[0]).kind else {
        panic!()
    };
    let ExprKind::Jsx { element } = &m.expr(v).kind else {
        panic!("jsx")
    };
    assert_eq!(element.tag, "Layout.Main");
    assert_eq!(element.attributes.len(), 4);
    assert!(
        matches!(&element.attributes[0], JsxAttribute::Named { name, value: Some(v) } if name == "title" && string_lit(&m, *v) == "Home")
    );
    assert!(
        matches!(&element.attributes[1], JsxAttribute::Spread { value } if m.expr_text(*value) == "props")
    );
    assert!(
        matches!(&element.attributes[2], JsxAttribute::Named { name, value: None } if name == "disabled")
    );
    assert!(
        matches!(&element.attributes[3], JsxAttribute::Named { name, value: Some(v) } if matches!(m.expr(*v).kind, ExprKind::Function { .. }))
    );
    assert_eq!(element.children.len(), 4);
    assert_eq!(element.children[0], JsxChild::Text("Hello,".into()));
    assert!(matches!(element.children[1], JsxChild::Expr(e) if m.expr_text(e) == "user.name"));
    assert_eq!(element.children[2], JsxChild::Text("!".into()));
    let JsxChild::Expr(frag) = element.children[3] else {
        panic!()
    };
    let ExprKind::Jsx { element: fragment } = &m.expr(frag).kind else {
        panic!()
    };
    assert_eq!(fragment.tag, "");
    let JsxChild::Expr(img) = fragment.children[0] else {
        panic!()
    };
    assert!(
        matches!(&m.expr(img).kind, ExprKind::Jsx { element } if element.tag == "img" && element.children.is_empty())
    );
    // The destructured prop resolves inside the handler.
    let user = binding(&m, "user");
    assert!(idents(&m, "user").iter().all(|(_, b)| *b == Some(user)));
}

// ---------------------------------------------------------------------------------------------
// Bindings
// ---------------------------------------------------------------------------------------------

#[test]
fn identifiers_resolve_to_their_declarations() {
    let m = lower(
        "a.ts",
        "import { db } from './db';\n\
         let count = 0;\n\
         export async function handler(req) {\n\
           const { id, page = 1 } = req.query;\n\
           count = count + 1;\n\
           const user = await db.find(id, page);\n\
           return helper(user, globalThing);\n\
         }\n\
         function helper(u) { const inner = () => u; return inner(); }\n\
         class K { m() { return K; } }\n",
    );
    let db = binding(&m, "db");
    assert_eq!(idents(&m, "db")[0].1, Some(db));
    let count = binding(&m, "count");
    assert!(m.binding(count).reassigned);
    assert_eq!(m.binding(count).scope, None);
    assert!(idents(&m, "count").iter().all(|(_, b)| *b == Some(count)));
    let assigned = m
        .patterns
        .iter()
        .find(|p| {
            matches!(&p.kind, PatternKind::Ident { name, .. } if name == "count")
                && p.span.start > 40
        })
        .expect("count = …");
    assert_eq!(
        assigned.kind,
        PatternKind::Ident {
            name: "count".into(),
            binding: Some(count)
        }
    );
    let handler = func_id(&m, "handler");
    let id = binding(&m, "id");
    assert_eq!(m.binding(id).scope, Some(handler));
    assert!(!m.binding(id).reassigned);
    assert_eq!(
        m.expr_text(m.binding(id).origin.init.expect("init")),
        "req.query"
    );
    let page = binding(&m, "page");
    assert_eq!(
        m.expr_text(m.binding(page).origin.default.expect("default")),
        "1"
    );
    let req = binding(&m, "req");
    assert_eq!(
        m.binding(req).kind,
        BindingKind::Param {
            function: handler,
            index: 0
        }
    );
    // helper is used before it is declared (hoisting).
    let helper = binding(&m, "helper");
    assert_eq!(
        m.binding(helper).kind,
        BindingKind::Function {
            function: func_id(&m, "helper")
        }
    );
    assert_eq!(idents(&m, "helper")[0].1, Some(helper));
    assert_eq!(idents(&m, "globalThing")[0].1, None);
    // A closure's use of an outer parameter resolves to it.
    let u = binding(&m, "u");
    assert_eq!(idents(&m, "u")[0].1, Some(u));
    assert_eq!(
        m.function(func_id(&m, "inner")).parent,
        Some(func_id(&m, "helper"))
    );
    let inner = binding(&m, "inner");
    assert_eq!(m.binding(inner).scope, Some(func_id(&m, "helper")));
    let k = binding(&m, "K");
    assert_eq!(idents(&m, "K")[0].1, Some(k));
    assert_eq!(m.binding(k).kind, BindingKind::Class { class: ClassId(0) });
}

#[test]
fn spans_are_byte_offsets_with_lines() {
    let src = "// é\nconst s = 'ü';\nfoo(s);\n";
    let m = lower("a.js", src);
    let s_ident = idents(&m, "s")[0].0;
    let span = m.expr(s_ident).span;
    assert_eq!(&src[span.start as usize..span.end as usize], "s");
    let (start, _) = m.position(span);
    assert_eq!(start, Position { line: 3, column: 4 });
    let lit = expr_with_text(&m, "'ü'");
    assert_eq!(m.expr(lit).span, Span::new(16, 20));
}

#[test]
fn enum_members_keep_their_values() {
    let m = lower(
        "a.ts",
        "enum Color { Red = 'red', Green = 'green' }\n\
         const enum N { A = 1, B }\n\
         enum E { X, Y = f(), Z }\n\
         interface I { a: string }\n",
    );
    let num = |value: f64, raw: &str| {
        Some(LiteralValue::Number(Box::new(NumberLiteral {
            value,
            raw: raw.into(),
        })))
    };
    let text = |value: &str| {
        Some(LiteralValue::String {
            value: value.into(),
        })
    };
    assert_eq!(
        m.type_decls[0].member_values,
        vec![text("red"), text("green")]
    );
    // A member with no initialiser takes the number after the one before it.
    assert_eq!(
        m.type_decls[1].member_values,
        vec![num(1.0, "1"), num(2.0, "2")]
    );
    // After a computed member the next number is unknown.
    assert_eq!(
        m.type_decls[2].member_values,
        vec![num(0.0, "0"), None, None]
    );
    assert!(m.type_decls[3].member_values.is_empty());
}

/// A component's script block without `lang` may hold JSX (a Vue 2 render function written
/// with the JSX plugin): it is read with JSX on when the TypeScript reading refuses it, and a
/// block the TypeScript reading takes (a type assertion `<T>x`) stays as it was.
#[test]
fn a_component_script_with_jsx_is_read() {
    let jsx = "export default {\n  render(h, context) {\n    const vnodes = [];\n    vnodes.push(<svg-icon icon-class={context.props.icon}/>);\n    return vnodes;\n  },\n};\n";
    let m = seam_lang::lower::js::lower("src/Item.vue", Language::TypeScript, jsx)
        .expect("the block is read with JSX on");
    assert!(m.diagnostics.is_empty(), "{:?}", m.diagnostics);
    assert!(
        m.functions
            .iter()
            .any(|f| f.name.as_deref() == Some("render"))
    );
    let asserted = "const n = <number>JSON.parse('1');\nexport default { n };\n";
    let m = seam_lang::lower::js::lower("src/N.vue", Language::TypeScript, asserted)
        .expect("a type assertion reads as TypeScript");
    assert!(m.diagnostics.is_empty(), "{:?}", m.diagnostics);
}
